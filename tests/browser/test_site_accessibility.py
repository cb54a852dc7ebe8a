"""Every page of the course's website passes axe-core's WCAG 2.2 A and AA rules, in both themes.

axe-core (from npm, pinned by tests/browser/package-lock.json) is injected by Playwright into
every built page of both books (site/_build/html and its ja/ book, as ``site_pages()`` of
test_site.py lists them: the notebooks' pages with their players, the glossary, the teachers'
guide, search, the trainer and its progress page in both languages, the tournament's
leaderboard and the first of its replays: :func:`checked_pages`), opened offline from a local
static server, once with the reader's system in light mode and once in dark mode (the book
theme follows the system until its switch is used, so the page is seen in dark as such a
reader first sees it).
The rules run are those tagged ``wcag2a``, ``wcag2aa``, ``wcag21a``, ``wcag21aa`` and
``wcag22aa``; any violation fails the test, which names every one: page, theme, rule, impact,
element and axe's summary of what is wrong. The trainer is also checked after a Check, with
its feedback shown. The table of violations per page is printed
(``pytest -s`` shows it).

What axe cannot judge (whether a text alternative says the right thing, the order of focus,
what a screen reader announces) is tested by hand-written browser tests elsewhere and is listed
on the accessibility statement page (site/accessibility.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.browser.conftest import (
    axe_violations,
    offline_context,
)

# test_site.py's fixtures: the built site (built when missing), its static server, Chromium
from tests.browser.test_site import browser as browser
from tests.browser.test_site import server as server
from tests.browser.test_site import site as site
from tests.browser.test_site import site_pages

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
TRAINERS = ("trainer/index.html", "trainer/ja/index.html")
PROGRESS_PAGES = ("trainer/progress.html", "trainer/ja/progress.html")


def checked_pages() -> list[str]:
    """Every page of the site (``site_pages()``), but of a book's tournament replays
    (``tournament/games/*.html``) only the first: they are one page made by
    :func:`gamelib.tournament.leaderboard.write_leaderboard` for each of the tournament's games,
    the same markup and controls with another game's moves."""
    checked, replays = [], set()
    for page in site_pages():
        folder, _, _ = page.rpartition("/")
        if folder.endswith("tournament/games"):
            if folder in replays:
                continue
            replays.add(folder)
        checked.append(page)
    return checked


def violation_table(found: dict[str, list[str]]) -> str:
    """One line per page: how many elements violate a rule, and which rules."""
    lines = []
    for name, violations in found.items():
        rules = Counter(line.split(": ", 1)[1].split(" ", 1)[0] for line in violations)
        listed = ", ".join(f"{rule} {count}" for rule, count in sorted(rules.items()))
        lines.append(f"{len(violations):4d}  {name}  {listed}")
    return "\n".join(lines)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_page_has_no_wcag_violation(browser: Any, server: str, theme: str) -> None:
    pages = checked_pages()
    assert "index.html" in pages and "ja/index.html" in pages
    assert all(trainer in pages for trainer in TRAINERS + PROGRESS_PAGES)
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    found: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        page.emulate_media(color_scheme=theme)
        for name in pages:
            page.goto(server + name, wait_until="load")
            page.wait_for_load_state("networkidle")
            if page.evaluate("document.documentElement.hasAttribute('data-mode')"):
                # a page of the book theme (not the trainer's or the leaderboard's) shows the
                # system's mode
                assert page.evaluate("document.documentElement.dataset.theme") == theme, name
            if name in PROGRESS_PAGES:
                page.wait_for_selector("body[data-ready=true]")  # the store read, cards drawn
            found[f"{name} ({theme})"] = axe_violations(page, f"{name} ({theme})")
            if name in TRAINERS:
                page.locator("#check").click()
                page.wait_for_function("document.querySelector('#feedback').textContent.trim()")
                after = f"{name} after Check ({theme})"
                found[after] = axe_violations(page, after)
        assert not watch.problems(), watch.problems()
    finally:
        context.close()
    print(f"\naxe-core violations per page ({theme}):\n{violation_table(found)}")
    violations = [line for lines in found.values() for line in lines]
    assert not violations, (
        f"{len(violations)} WCAG A/AA violations:\n" + "\n".join(violations) + "\n\nper page:\n"
        f"{violation_table({name: lines for name, lines in found.items() if lines})}"
    )
