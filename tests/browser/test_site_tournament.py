"""The website's ladder tournament (site/_build/html/tournament, built by ``site/build.py``) in
a real headless Chromium, offline, in both books.

From the book's page (``tournament.html``, ``ja/tournament.html``): its button opens the
leaderboard, whose ratings table has a row per ladder player, each row the cells
:func:`gamelib.tournament.ratings.rate` gives for the published results file (recomputed here,
same seed); the second button opens the replay of the game between the two best-rated players,
the better one first, whose moves show the search each player reported. Every request that
leaves the machine fails the test, and so do console errors and missing files. Screenshots of
the leaderboard and the replay at 1280 and 390 pixels, light and dark, go to
``tests/browser/screenshots/`` (``site_tournament_*``).

The site is built first (``python site/build.py``) when site/_build/html has no index.html, as
for tests/browser/test_site.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamelib.players import player_label
from gamelib.tournament.ladder import RUNGS
from gamelib.tournament.ratings import RatingTable, rate
from gamelib.tournament.records import read_results
from tests.browser.conftest import (
    REPOSITORY,
    offline_context,
    screenshot,
)

# test_site.py's fixtures: the built site (built when missing), its static server, Chromium
from tests.browser.test_site import browser as browser
from tests.browser.test_site import server as server
from tests.browser.test_site import site as site

pytestmark = pytest.mark.browser

SITE = REPOSITORY / "site" / "_build" / "html"
WAIT = 20_000  # milliseconds
BOOKS = {"en": "", "ja": "ja/"}
"""Each book's folder in the site."""


@pytest.fixture(scope="module")
def table(site: Path) -> RatingTable:
    """The ratings of the published results file, recomputed."""
    return rate(read_results(site / "tournament" / "results.jsonl"))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_leaderboard_rates_the_ladder_as_the_results_file_says(
    browser: Any, server: str, table: RatingTable, language: str
) -> None:
    columns, rows, _ = table.shown(language=language)
    assert len(rows) == len(RUNGS) and set(table.names()) == set(RUNGS)
    best, second = table.names()[:2]
    context, watch = offline_context(browser, {"width": 1280, "height": 900}, server)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}{BOOKS[language]}tournament.html")
    page.locator('.course-trainer-link a[href="tournament/index.html"]').click()
    page.wait_for_url(f"**/{BOOKS[language]}tournament/index.html")
    shown = page.locator("div.ratings table tbody tr")
    assert shown.count() == len(RUNGS)
    headers = page.locator("div.ratings table thead th").all_inner_texts()
    assert [header.strip() for header in headers] == list(columns)
    for number, row in enumerate(rows):
        cells = shown.nth(number).locator("td").all_inner_texts()
        assert [cell.strip() for cell in cells] == [row[column] for column in columns]
    page.go_back()
    page.locator('.course-trainer-link a[href^="tournament/games/"]').click()
    page.wait_for_url(f"**/{BOOKS[language]}tournament/games/*.html")
    title = page.locator("h1").inner_text()
    assert title.index(player_label(best, language)) < title.index(player_label(second, language))
    depths = page.locator("table.moves tbody tr td:nth-child(6)").all_inner_texts()
    assert any(depth.strip().isdigit() for depth in depths)  # a reported search is shown
    context.close()
    assert watch.problems() == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots_of_the_leaderboard_and_a_replay(
    browser: Any, server: str, scheme: str, width: int
) -> None:
    context, watch = offline_context(browser, {"width": width, "height": 900}, server)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{server}tournament/index.html")
    screenshot(page, f"site_tournament_leaderboard_{width}_{scheme}.png")
    width_shown = page.evaluate("document.scrollingElement.scrollWidth")
    assert width_shown <= width
    page.goto(f"{server}tournament.html")
    page.locator('.course-trainer-link a[href^="tournament/games/"]').click()
    player = page.locator(".gamelib-player")
    player.locator(".gamelib-sentence").wait_for()
    forward = player.locator('button[data-action="forward"]')
    for _ in range(6):
        forward.click()
    page.wait_for_function("() => document.querySelectorAll('table.moves tr.current').length === 1")
    screenshot(page, f"site_tournament_replay_{width}_{scheme}.png")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    context.close()
    assert watch.problems() == []
