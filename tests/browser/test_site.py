"""The course's website (site/_build/html) in a real browser, with no network.

Every page (of the ladder tournament's replays, one per book) is opened from a local static
server with every non-local request blocked (and failed on); a console error, an uncaught
exception, a local file that is missing, or a page wider than a 390 px phone screen fails the
test. Then: an animation plays (from the server and
from ``file://``), the light and dark themes both load, the exercises show a collapsed worked
solution, the tic-tac-toe board says it needs Python, glossary terms link to their rows,
search works offline, the notebook pages carry Binder and Colab buttons when the site was built
with a repository URL (and none anywhere without one), and the numbers in result tables keep a
gap between columns. Every link leads somewhere: every internal ``href`` and ``src`` of every
page of both books names a file that exists, and an anchor that the target page has (a link
into the browser edition, a notebook it ships); the download menu offers the page's notebook
(only on a notebook's page); the home page and "Run it yourself" lead with the browser
edition. Screenshots at 390 px and 1280 px of the home page and notebook 03 are saved in
tests/browser/screenshots/.

The Japanese book (site/_build/html/ja) is tested the same way: its pages are among "every
page", its player plays, its glossary terms link to the Japanese glossary, its search finds
Japanese words, its launch buttons open notebooks/ja; every page (the trainer's too) has a
language switch leading to its twin, followed in both directions; screenshots of the Japanese
home page and notebook 03 at 390 px and 1280 px (site_ja_*.png).

The site is built first (``python site/build.py``) when site/_build/html has no index.html;
``bash scripts/course.sh test`` builds it before this lane.
"""

from __future__ import annotations

import functools
import html
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from tests.browser.conftest import (
    REPOSITORY,
    SCREENSHOTS,
    headless_chromium,
    offline_context,
    static_server,
)

pytestmark = pytest.mark.browser

SITE = REPOSITORY / "site" / "_build" / "html"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PLAYER_PAGE = "notebooks/03_alphabeta.html"
FIRST_PICTURE_SECONDS = 1.0
STEP_LABEL = {"en": r"step (\d+) of (\d+)", "ja": r"ステップ (\d+) / (\d+)"}
"""The player's step counter in each book."""
SWITCH_LINK = re.compile(r'<a class="[^"]*course-language-switch[^"]*"\s+href="([^"]+)"')


def site_pages() -> list[str]:
    """Every HTML page of the built site (the theme's template fragments in _static, the
    JupyterLite edition in lite/, tested by test_lite.py, and the slide decks in slides/, tested
    by test_slides.py and here by :func:`test_the_published_decks_open`, aside)."""
    return sorted(
        str(page.relative_to(SITE))
        for page in SITE.rglob("*.html")
        if "_static" not in page.relative_to(SITE).parts
        and page.relative_to(SITE).parts[0] not in ("lite", "slides")
    )


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, str(REPOSITORY / "site" / "build.py")], check=True)
    return SITE


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """A static file server of the site on a free local port; its base URL."""
    with static_server(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with headless_chromium() as launched:
        yield launched


def page_width(page: Any) -> int:
    return int(page.evaluate("document.scrollingElement.scrollWidth"))


def test_every_page_loads_offline_without_errors_and_fits_a_phone(
    browser: Any, server: str
) -> None:
    pages = site_pages()
    assert "index.html" in pages and PLAYER_PAGE in pages and "trainer/index.html" in pages
    assert len([page for page in pages if page.startswith("notebooks/")]) >= 11
    assert len([page for page in pages if page.startswith("ja/notebooks/")]) >= 11
    assert "ja/index.html" in pages and "ja/teachers_guide.html" in pages
    context, watch = offline_context(browser, PHONE, server, "file:")
    failures: list[str] = []
    # The ladder tournament's replays are one template, a page per game: the first of each
    # book is loaded here (tests/browser/test_site_tournament.py opens the featured one).
    first_replays: dict[str, str] = {}
    for name in pages:
        if "tournament/games/" in name:
            first_replays.setdefault(name.rsplit("/", 1)[0], name)
    loaded = [
        name for name in pages if "tournament/games/" not in name or name in first_replays.values()
    ]
    assert "tournament/index.html" in loaded and "ja/tournament/index.html" in loaded
    assert len(first_replays) == 2
    try:
        page = context.new_page()
        for name in loaded:
            page.goto(server + name, wait_until="load")
            page.wait_for_load_state("networkidle")
            width = page_width(page)
            problems = watch.problems()
            if width > PHONE["width"]:
                problems.append(f"page is {width} px wide at {PHONE['width']} px")
            failures.extend(f"{name}: {problem}" for problem in problems)
            watch.blocked.clear()
            watch.errors.clear()
            watch.missing.clear()
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def first_player(page: Any) -> Any:
    player = page.locator(".gamelib-player").first
    player.scroll_into_view_if_needed()
    return player


def check_player_plays(page: Any, language: str = "en") -> None:
    """The first player on the page steps forward and plays: its picture changes."""
    player = first_player(page)
    drawing = player.locator(".gamelib-drawing").first
    label = player.locator(".gamelib-step")
    counter = re.compile(STEP_LABEL[language])

    def step() -> int:
        found = counter.match(label.inner_text())
        assert found, label.inner_text()
        return int(found.group(1))

    start = drawing.inner_html()
    assert step() == 0
    player.locator("[data-action=forward]").click()
    assert step() == 1
    after_one = drawing.inner_html()
    assert after_one != start
    player.locator(".gamelib-speed").select_option("200")
    player.locator("[data-action=play]").click()
    page.wait_for_function(
        "([element, pattern]) => Number(new RegExp(pattern).exec(element.textContent)?.[1]) >= 3",
        arg=[label.element_handle(), STEP_LABEL[language]],
        timeout=10_000,
    )
    player.locator("[data-action=play]").click()  # pause
    assert drawing.inner_html() not in (start, after_one)
    player.locator("[data-action=last]").click()
    steps = counter.match(label.inner_text())
    assert steps and steps.group(1) == steps.group(2)


def test_an_animation_plays_and_the_first_picture_is_quick(browser: Any, server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        times = []
        for _ in range(2):  # the better of two loads: a busy machine can stall one
            started = time.perf_counter()
            page.goto(server + PLAYER_PAGE, wait_until="commit")
            page.locator(".gamelib-player .gamelib-drawing svg").first.wait_for(state="visible")
            times.append(time.perf_counter() - started)
            page.wait_for_load_state("load")
        first_picture = min(times)
        check_player_plays(page)
        assert not watch.problems(), watch.problems()
    finally:
        context.close()
    print(f"first picture of {PLAYER_PAGE} after {first_picture:.2f} s")
    assert first_picture < FIRST_PICTURE_SECONDS, f"first picture after {first_picture:.2f} s"


def test_the_pages_work_from_file_urls(browser: Any, site: Path) -> None:
    context, watch = offline_context(browser, DESKTOP, "file:")
    try:
        page = context.new_page()
        page.goto((site / "index.html").as_uri(), wait_until="load")
        page.get_by_role("link", name=re.compile("α-β as nega-alpha")).first.click()
        page.wait_for_load_state("load")
        assert page.url.endswith(PLAYER_PAGE)
        check_player_plays(page)
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def save_screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name))


HOME_HEADINGS = {"": "How to start", "ja/": "はじめ方"}
"""Each edition's folder in the site, and a heading its home page shows."""


@pytest.mark.parametrize("edition", list(HOME_HEADINGS), ids=["english", "japanese"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screenshots_of_the_home_page_and_notebook_03(
    browser: Any, server: str, viewport: dict[str, int], edition: str
) -> None:
    width = viewport["width"]
    name = "site_" + edition.replace("/", "_")  # site_ or site_ja_
    context, watch = offline_context(browser, viewport, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + edition + "index.html", wait_until="networkidle")
        assert page.get_by_role("heading", name=HOME_HEADINGS[edition]).is_visible()
        assert page.locator("a.course-language-switch").first.is_visible()
        assert page_width(page) <= width
        save_screenshot(page, f"{name}home_{width}.png")
        page.goto(server + edition + PLAYER_PAGE, wait_until="networkidle")
        assert page_width(page) <= width
        save_screenshot(page, f"{name}03_top_{width}.png")
        player = first_player(page)
        player.locator("[data-action=forward]").click()
        player.locator("[data-action=forward]").click()
        box = player.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        page.evaluate(
            "element => element.scrollIntoView({block: 'start'})", player.element_handle()
        )
        save_screenshot(page, f"{name}03_player_{width}.png")
        assert page_width(page) <= width
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_light_and_dark_themes_both_load(browser: Any, server: str) -> None:
    context, watch = offline_context(browser, PHONE, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + PLAYER_PAGE, wait_until="networkidle")
        theme = "document.documentElement.dataset.theme"
        background = "getComputedStyle(document.body).backgroundColor"
        assert page.evaluate(theme) == "light"
        light = page.evaluate(background)
        for _ in range(3):  # the switch cycles light → dark → auto
            if page.evaluate(theme) == "dark":
                break
            page.locator(".theme-switch-button").first.click()
        assert page.evaluate(theme) == "dark"
        dark = page.evaluate(background)
        assert dark != light
        first_player(page)
        save_screenshot(page, "site_03_player_390_dark.png")
        page.goto(server + "index.html", wait_until="networkidle")
        assert page.evaluate(theme) == "dark"  # the choice is kept from page to page
        save_screenshot(page, "site_home_390_dark.png")
        assert page_width(page) <= PHONE["width"]
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


TABLE_PAGES = (
    "notebooks/01_minimax.html",
    "notebooks/04_failsoft.html",
    "ja/notebooks/01_minimax.html",
)
"""Pages with result tables: 01's report.table tables (both books) and 04's experiment table."""

CELL_GAPS = """() => {
    const box = (cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
    };
    const gaps = [];
    for (const row of document.querySelectorAll(".cell_output table tr")) {
        const cells = [...row.children].filter((cell) => cell.textContent.trim() !== "");
        for (let index = 1; index < cells.length; index++) {
            gaps.push({
                gap: box(cells[index]).left - box(cells[index - 1]).right,
                between: [cells[index - 1].textContent, cells[index].textContent],
            });
        }
    }
    return gaps;
}"""
"""The space between the text of each cell of an output table and the next one in its row."""

SMALLEST_GAP = 8
"""Pixels: about half a digit, so that "60,060" and "231,301" never read as one number."""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_numbers_in_result_tables_never_run_together(
    browser: Any, server: str, viewport: dict[str, int]
) -> None:
    context, watch = offline_context(browser, viewport, server, "file:")
    try:
        page = context.new_page()
        for name in TABLE_PAGES:
            page.goto(server + name, wait_until="networkidle")
            gaps = page.evaluate(CELL_GAPS)
            assert len(gaps) > 20, f"{name}: no result table found"
            tight = [gap for gap in gaps if gap["gap"] < SMALLEST_GAP]
            assert not tight, f"{name}: cells closer than {SMALLEST_GAP} px: {tight[:3]}"
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_exercises_show_a_worked_solution_and_the_board_says_it_needs_python(
    browser: Any, server: str
) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        for name in (PLAYER_PAGE, "notebooks/04_failsoft.html"):
            page.goto(server + name, wait_until="load")
            exercise = page.locator(".gamelib-pruning-exercise-static").first
            solution = exercise.locator("details.gamelib-worked-solution")
            assert not solution.evaluate("element => element.open")
            assert not solution.locator("svg").is_visible()
            solution.locator("summary").click()
            assert solution.locator("svg").is_visible()
            assert "Pruned leaves" in solution.inner_text()
        page.goto(server + "notebooks/05_real_games.html", wait_until="load")
        link = page.locator(".gamelib-needs-python a.gamelib-run-yourself").first
        assert "needs" in page.locator(".gamelib-needs-python").first.inner_text()
        link.click()
        page.wait_for_load_state("load")
        assert page.url == server + "run.html"
        assert page.get_by_role("heading", name="Run it yourself").is_visible()
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_glossary_terms_link_to_their_rows(browser: Any, server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + "notebooks/01_minimax.html", wait_until="load")
        terms = page.locator("a.glossary-term")
        assert terms.count() >= 3
        words = terms.first.inner_text()
        terms.first.click()
        page.wait_for_load_state("load")
        assert page.url.startswith(server + "notebooks/glossary.html#term-")
        row = page.locator(f"tr[id='{page.url.split('#')[1]}']")
        assert words.lower() in row.inner_text().lower()
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_search_works_offline(browser: Any, server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + "search.html?q=negamax", wait_until="load")
        results = page.locator("#search-results li")
        results.first.wait_for(timeout=10_000)
        assert results.count() >= 3
        links = [results.nth(index).inner_text() for index in range(results.count())]
        assert any("Negamax" in text for text in links), links
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


REPOSITORY_BUTTONS = re.compile(
    r"mybinder\.org|colab\.research\.google\.com|YOUR-ACCOUNT|source-repository-button"
)
"""What the GitHub, Binder and Colab buttons link to, or are called (the theme's repository
button; a placeholder account). A page's text may link to GitHub projects it cites."""


def built_with_a_repository_url() -> bool:
    """Whether the site was built with a repository URL (the rule of site/build.py, in this
    environment: the one the site lane builds in)."""
    from tests.browser.test_site_build import build

    return bool(build.repository_url())


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
def test_notebook_pages_have_binder_and_colab_buttons_only_with_a_repository(
    site: Path, book: str
) -> None:
    """With a repository URL, each notebook page (but the homework's) has Binder and Colab
    buttons that open its notebook (``notebooks/ja/…`` for a Japanese page); without one, no
    page has a GitHub, Binder or Colab link (there is nowhere for it to lead)."""
    pages = sorted((site / book / "notebooks").glob("*.html"))
    assert len(pages) >= 11
    if not built_with_a_repository_url():
        for page in site_pages():
            links = REPOSITORY_BUTTONS.findall((site / page).read_text(encoding="utf-8"))
            assert not links, f"{page} links to {links[0]} without a repository URL"
        return
    folder = "notebooks/ja" if book else "notebooks"
    for page in pages:
        text = page.read_text(encoding="utf-8")
        notebook = f"{folder}/{page.stem}.ipynb"
        assert re.search(rf'href="https://mybinder\.org/v2/gh/[^"]+lab/tree/{notebook}"', text)
        assert re.search(
            rf'href="https://colab\.research\.google\.com/github/[^"]+/blob/[^"]+/{notebook}"',
            text,
        )
    homework = site / book / "notebooks/exercises/pruning_homework.html"
    assert "mybinder.org" not in homework.read_text(encoding="utf-8")  # the teacher's source


# ---------------------------------------------------------------- every link leads somewhere

LINK = re.compile(
    r"<(?:a|link|script|img|iframe|source|image|use)\b[^>]*?\s(?:href|src|xlink:href)=\"([^\"]*)\"",
    re.IGNORECASE,
)
ANCHOR = re.compile(r"""\s(?:id|name)=["']([^"']+)["']""")


@functools.cache
def anchors(page: Path) -> frozenset[str]:
    """The ids and names in the HTML page ``page``."""
    return frozenset(ANCHOR.findall(page.read_text(encoding="utf-8", errors="replace")))


def broken_links(site: Path, name: str) -> list[str]:
    """The internal links of the page ``name`` that lead nowhere: to a file that does not
    exist, to an anchor its target page does not have, or into the browser edition for a
    notebook it does not ship. External links (with a scheme: https:, mailto:, data: …) are
    not followed."""
    page = site / name
    broken = []
    for reference in LINK.findall(page.read_text(encoding="utf-8")):
        parts = urlsplit(html.unescape(reference))
        if parts.scheme or parts.netloc or (reference.startswith("#") and not parts.fragment):
            continue
        target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            broken.append(f"{name}: {reference} (no such file)")
            continue
        fragment = unquote(parts.fragment)
        if fragment and target.suffix == ".html" and fragment not in anchors(target):
            broken.append(f"{name}: {reference} (no anchor #{fragment})")
        notebook = parse_qs(parts.query).get("path", [""])[0]
        lite = (site / "lite").resolve()
        if notebook and lite in target.parents and not (lite / "files" / notebook).is_file():
            broken.append(f"{name}: {reference} (the browser edition has no {notebook})")
    return broken


def test_every_internal_link_leads_somewhere(site: Path) -> None:
    pages = site_pages()
    checked = sum(len(LINK.findall((site / name).read_text(encoding="utf-8"))) for name in pages)
    assert checked > 1000  # every page's navigation, assets and text links
    broken = [problem for name in pages for problem in broken_links(site, name)]
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:40])


def download_menu(html: str) -> list[str]:
    """The links of a page's download menu (empty when it has none)."""
    start = html.find('class="dropdown dropdown-download-buttons"')
    if start < 0:
        return []
    menu = html[start : html.find("</ul>", start)]
    return re.findall(r'href="([^"]+)"', menu)


class _OutputText(HTMLParser):
    """The text of every cell output (``div.cell_output``) of a built notebook page, one
    string per output, without the content of style and script elements."""

    def __init__(self) -> None:
        super().__init__()
        self.outputs: list[str] = []
        self.depth = 0  # open divs inside the current output (0: not in an output)
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skipping += 1
        if tag != "div":
            return
        if self.depth:
            self.depth += 1
        elif "cell_output" in (dict(attrs).get("class") or "").split():
            self.depth = 1
            self.outputs.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skipping -= 1
        if tag == "div" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skipping:
            self.outputs[-1] += data + " "


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
@pytest.mark.parametrize(
    "name", ["06_transpositions", "07_repetitions", "08_windows", "10_your_player"]
)
def test_printed_counts_have_thousands_separators(site: Path, book: str, name: str) -> None:
    """Every count of 1,000 or more that a notebook prints is written with a separator, as the
    prose writes it (the rule and its exemptions: tests/test_printed_counts.py), read from the
    outputs the site build executed."""
    from tests.test_printed_counts import bare_counts

    reader = _OutputText()
    reader.feed((site / book / "notebooks" / f"{name}.html").read_text(encoding="utf-8"))
    assert reader.outputs, "no cell outputs found: the page's markup changed"
    problems = [
        f"{count} in {text[max(0, text.find(count) - 60) : text.find(count) + 9]!r}"
        for text in reader.outputs
        for count in bare_counts(text)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
def test_the_download_menu_offers_the_pages_notebook(site: Path, book: str) -> None:
    notebooks = sorted((site / book / "notebooks").glob("*.html"))
    assert len(notebooks) >= 11
    for page in notebooks:
        links = download_menu(page.read_text(encoding="utf-8"))
        assert links == [f"../_sources/notebooks/{page.stem}.ipynb"], (page.name, links)
        assert (page.parent / links[0]).is_file()
    for name in ("index.html", "run.html", "trainer.html", "teachers_guide.html"):
        assert download_menu((site / book / name).read_text(encoding="utf-8")) == [], name


EDITION_LINK = {"": "lite/lab/index.html?path=00_welcome.ipynb", "ja/": "../lite/ja/lab/"}
"""Where the first card of each book's home and "Run it yourself" pages leads."""


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
def test_the_home_page_and_run_page_lead_with_the_browser_edition(site: Path, book: str) -> None:
    for name in ("index.html", "run.html"):
        text = (site / book / name).read_text(encoding="utf-8")
        cards = re.findall(r'<a class="[^"]*sd-stretched-link[^"]*" href="([^"]+)"', text)
        assert cards and cards[0].startswith(EDITION_LINK[book]), (name, cards[:1])
        assert "nothing runs here" not in text.lower() and "何も実行されません" not in text
    run = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", (site / book / "run.html").read_text("utf-8")))
    assert ("nothing to install" in run) if not book else ("インストールなし" in run)
    assert "bash scripts/course.sh lab" in run and "bash scripts/course.sh test" in run


# ---------------------------------------------------------------- the Japanese book and the switch


def switch_target(site: Path, name: str) -> str:
    """Where the language switch of the page ``name`` leads, relative to the site."""
    html = (site / name).read_text(encoding="utf-8")
    links = SWITCH_LINK.findall(html)
    assert len(links) == 1, f"{name}: {len(links)} language switches"
    target = (site / name).parent / links[0].split("#")[0]
    assert target.resolve().is_file(), f"{name}: the switch leads to a missing {links[0]}"
    return str(target.resolve().relative_to(site.resolve()))


def test_every_page_has_a_language_switch_to_its_twin(site: Path) -> None:
    pages = site_pages()
    for name in pages:
        target = switch_target(site, name)
        if name.startswith("trainer/"):  # a trainer page's twin: itself in the other language
            twin = name.replace("trainer/ja/", "trainer/", 1)
            assert target == (twin if twin != name else name.replace("trainer/", "trainer/ja/", 1))
        elif name.startswith("ja/"):
            twin = name.removeprefix("ja/")
            assert target == (twin if twin in pages else "index.html"), name
        else:
            twin = f"ja/{name}"
            assert target == (twin if twin in pages else "ja/index.html"), name
    for name in ("notebooks/03_alphabeta.html", "run.html", "search.html", "teachers_guide.html"):
        assert switch_target(site, name) == f"ja/{name}"  # the twins exist


def test_the_switch_leads_to_the_same_notebook_in_the_other_language(
    browser: Any, server: str
) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + PLAYER_PAGE, wait_until="load")
        page.locator("a.course-language-switch").first.click()
        page.wait_for_load_state("load")
        assert page.url == server + "ja/" + PLAYER_PAGE
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert "αβ法" in page.locator("h1").first.inner_text()
        check_player_plays(page, "ja")
        page.goto(server + "ja/notebooks/04_failsoft.html", wait_until="load")
        page.locator("a.course-language-switch").first.click()
        page.wait_for_load_state("load")
        assert page.url == server + "notebooks/04_failsoft.html"
        assert page.evaluate("document.documentElement.lang") == "en"
        page.goto(server + "search.html?q=negamax", wait_until="load")
        page.locator("a.course-language-switch").first.click()
        page.wait_for_load_state("load")
        assert page.url == server + "ja/search.html?q=negamax"  # the query is kept
        page.goto(server + "trainer/index.html", wait_until="load")
        page.locator("a.course-language-switch").click()
        page.wait_for_load_state("load")
        assert page.url.split("#")[0] == server + "trainer/ja/index.html"  # the same exercise
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_japanese_glossary_terms_link_to_the_japanese_glossary(browser: Any, server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + "ja/notebooks/03_alphabeta.html", wait_until="load")
        terms = page.locator("a.glossary-term")
        assert terms.count() >= 5
        words = terms.first.inner_text()
        assert not words.isascii()  # a Japanese term
        terms.first.click()
        page.wait_for_load_state("load")
        assert page.url.startswith(server + "ja/notebooks/glossary.html#term-")
        row = page.locator(f"tr[id='{unquote(page.url.split('#')[1])}']")
        assert words in row.inner_text()
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_japanese_search_works_offline(browser: Any, server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, server, "file:")
    try:
        page = context.new_page()
        page.goto(server + "ja/search.html?q=ネガマックス法", wait_until="load")
        results = page.locator("#search-results li")
        results.first.wait_for(timeout=10_000)
        links = [results.nth(index).inner_text() for index in range(results.count())]
        assert any("ネガマックス法" in text for text in links), links
        assert all(
            result.startswith(server + "ja/")
            for result in page.eval_on_selector_all(
                "#search-results li a", "links => links.map(link => link.href)"
            )
        )
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_japanese_notebook_pages_run_the_japanese_notebooks_in_the_japanese_lab(
    site: Path,
) -> None:
    for page in sorted((site / "ja" / "notebooks").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert f"lite/ja/lab/index.html?path=ja/{page.stem}.ipynb" in text  # ▶ ブラウザーで実行


# ---------------------------------------------------------------- the lecturer's kit

KIT_LINKS = {
    "": (
        "teachers_guide.html",
        "slides/index.html",
        "worksheets/sample-worksheet.pdf",
        "worksheets/sample-worksheet-with-key.pdf",
    ),
    "ja/": (
        "teachers_guide.html",
        "../slides/ja/index.html",
        "../worksheets/sample-worksheet-ja.pdf",
        "../worksheets/sample-worksheet-with-key-ja.pdf",
    ),
}
"""What each book's home page offers a lecturer ("For lecturers"), relative to the book."""
SOURCE_ARCHIVE = "downloads/game-tree-search-course.tar.gz"


def require_decks(site: Path) -> None:
    """Skip, saying why, when the site was built without the slide decks (site/build.py leaves
    them out when reveal.js is not installed; the browser lane installs it and builds them)."""
    if not (site / "slides" / "index.html").is_file():
        pytest.skip("the site was built without the slide decks (no reveal.js in slides/)")


def hrefs(text: str) -> list[str]:
    return [html.unescape(href) for href in re.findall(r'<a\b[^>]*?\shref="([^"]+)"', text)]


def pdf_pages(path: Path) -> int:
    """The pages of the PDF ``path`` (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", path.read_bytes()))


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
def test_the_home_page_and_the_guide_lead_a_lecturer_to_the_kit(site: Path, book: str) -> None:
    """The home page's "For lecturers" entry links the teacher's guide, the decks and the
    sample worksheet with its answer key; the guide links the decks, both worksheets and the
    trainer and tournament; the decks' index lists every chapter's deck, and the worksheet
    with its key is the worksheet followed by more pages (the key)."""
    require_decks(site)
    home = (site / book / "index.html").read_text(encoding="utf-8")
    section = home[
        home.index('id="for-lecturers"') : home.index(
            "</section>", home.index('id="for-lecturers"')
        )
    ]
    assert set(KIT_LINKS[book]) <= set(hrefs(section)), hrefs(section)
    guide = (site / book / "teachers_guide.html").read_text(encoding="utf-8")
    assert set(KIT_LINKS[book][1:]) <= set(hrefs(guide))
    assert {"trainer.html", "tournament.html"} <= set(hrefs(guide))
    decks = site / book / KIT_LINKS[book][1]
    listed = set(hrefs(decks.read_text(encoding="utf-8")))
    notebooks = REPOSITORY / "notebooks" / ("ja" if book else "")
    chapters = sorted(path.stem for path in notebooks.glob("[0-9][0-9]_*.ipynb"))
    assert len(chapters) >= 12  # 00-11; a chapter added later is listed too
    assert {f"{chapter}.slides.html" for chapter in chapters} <= listed
    sheet, with_key = (site / book / name for name in KIT_LINKS[book][2:])
    assert sheet.read_bytes().startswith(b"%PDF") and with_key.read_bytes().startswith(b"%PDF")
    assert pdf_pages(with_key) > pdf_pages(sheet) >= 1


@pytest.mark.parametrize("book", ["", "ja/"], ids=["english", "japanese"])
def test_every_chapter_page_links_its_deck(site: Path, book: str) -> None:
    require_decks(site)
    pages = sorted((site / book / "notebooks").glob("[0-9][0-9]_*.html"))
    chapters = (REPOSITORY / "notebooks" / ("ja" if book else "")).glob("[0-9][0-9]_*.ipynb")
    assert len(pages) == len(list(chapters)) >= 12, [page.name for page in pages]
    for page in pages:
        decks = re.findall(
            r'<a class="gamelib-slides" href="([^"]+)"', page.read_text(encoding="utf-8")
        )
        assert len(decks) == 1, page.name
        deck = (page.parent / decks[0]).resolve()
        folder = site / "slides" / ("ja" if book else "")
        assert deck == (folder / f"{page.stem}.slides.html").resolve() and deck.is_file()
    glossary = (site / book / "notebooks" / "glossary.html").read_text(encoding="utf-8")
    assert "gamelib-slides" not in glossary  # no deck: no link


def test_the_published_decks_open(browser: Any, server: str) -> None:
    """A deck of each edition, opened from the website, starts reveal.js (from the copy next
    to the decks) with no console error and no request outside the site."""
    require_decks(SITE)
    context, watch = offline_context(browser, DESKTOP, server)
    try:
        for deck in ("slides/03_alphabeta.slides.html", "slides/ja/03_alphabeta.slides.html"):
            page = context.new_page()
            page.goto(server + deck)
            page.wait_for_function("() => window.Reveal?.isReady?.() === true")
            assert page.locator(".reveal .slides > section").count() > 5, deck
            page.close()
        assert watch.problems() == []
    finally:
        context.close()


def test_the_source_is_offered_and_no_page_has_a_placeholder(site: Path) -> None:
    """Without a repository URL every page's footer offers the source archive, and the
    archive holds what the README's two commands need; with one, every footer links it. No page
    names placeholder authors or sends the reader to "your lecturer", and no page describes
    Binder or Colab buttons that the build did not make, or offers Binder at all without them
    (the tournament page once offered a Binder terminal, the board's fallback Binder)."""
    import tarfile

    repository = built_with_a_repository_url()
    pages = site_pages()
    for name in pages:
        text = (site / name).read_text(encoding="utf-8")
        plain = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))
        for placeholder in ("the course's authors", "© Copyright", "your lecturer", "講座の著者"):
            assert placeholder not in plain, f"{name}: {placeholder!r}"
        if not repository:
            for button in ("launch button", "起動ボタン", "Binder"):
                assert button not in plain, f"{name}: {button!r} without a repository URL"
        if name.startswith(("trainer/", "tournament/", "ja/tournament/")):
            continue  # pages of their own (not the books'), with their own footers
        footer = text[text.find('<footer class="bd-footer-content"') :]
        if repository:
            from tests.browser.test_site_build import build

            assert build.repository_url() in footer, name
        else:
            archive = [href for href in hrefs(footer) if href.endswith(SOURCE_ARCHIVE)]
            assert archive, f"{name}: no source archive in the footer"
            assert (site / name).parent.joinpath(archive[0]).resolve() == (site / SOURCE_ARCHIVE)
    with tarfile.open(site / SOURCE_ARCHIVE) as archive:
        names = set(archive.getnames())
    folder = "game-tree-search-course/"
    needed = ("README.md", "scripts/course.sh", "requirements.txt", "pyproject.toml")
    assert {folder + path for path in needed} <= names
    assert any(name.startswith(folder + "gamelib/") for name in names)
    assert any(name.startswith(folder + "notebooks/ja/") for name in names)


CARD_LINK = re.compile(r'<a class="[^"]*sd-stretched-link[^"]*"[^>]*>(.*?)</a>', re.DOTALL)


def test_every_card_link_is_named_by_its_words(site: Path) -> None:
    """A whole-card link's accessible name (its hidden text) is words, not its URL."""
    named = 0
    for name in site_pages():
        for inner in CARD_LINK.findall((site / name).read_text(encoding="utf-8")):
            words = html.unescape(re.sub(r"<[^>]+>", "", inner)).strip()
            assert words and not re.search(r"\.html|\?path=|/|#", words), f"{name}: {words!r}"
            named += 1
    assert named >= 8  # the home pages' and run pages' cards, in both books


def test_the_icons_are_drawn_from_their_fonts(browser: Any, server: str) -> None:
    """Notebook 09's page, whose links lead to other programs on GitHub (each with GitHub's
    mark, a theme icon drawn from a CSS variable), loads its icon fonts without an OpenType
    sanitizer error (a font cut down to nothing: "OTS parsing error"), and the brands and solid
    fonts load with the GitHub mark and the external-link arrow in them."""
    context, watch = offline_context(browser, DESKTOP, server)
    messages: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: messages.append(message.text))
        page.goto(server + "notebooks/09_perfect_play.html")
        page.wait_for_load_state("load")
        assert page.locator("a.github").count() >= 2  # links to programs on GitHub, iconed
        drawn = page.evaluate(
            """async () => {
              const fonts = [['400 16px "Font Awesome 6 Brands"', '\uf09b'],  // GitHub's mark
                             ['900 16px "Font Awesome 6 Free"', '\uf35d']];  // external link
              const found = [];
              for (const [font, glyph] of fonts) {
                const faces = await document.fonts.load(font, glyph);
                found.push(faces.length > 0 && document.fonts.check(font, glyph));
              }
              return found;
            }"""
        )
        assert drawn == [True, True]
        assert not [message for message in messages if "OTS" in message], messages
        assert watch.problems() == []
    finally:
        context.close()
