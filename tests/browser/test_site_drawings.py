"""The drawings on the website are readable where they are shown (issue 27, point 2).

Every notebook page of both books (site/_build/html, or the folder ``COURSE_SITE_HTML``
names, for a copy built elsewhere) is opened offline at 1280 px and at 390 px (a phone). Every
text of every drawing (gamelib's trees, the players' trees and their number lines of windows)
is measured on the screen, each player first stepped to its last step (all the windows, cuts
and values drawn): its height (font size times the drawing's scale) must be at least 12 px at
1280 px and 10 px at 390 px. A drawing that keeps that size and is wider than its column
scrolls sideways in its own box, never the page, and a player then shows the line that says
so. Side-by-side panels stack when a panel would be narrower than its drawing allows.

Screenshots: notebook 03's side-by-side player at 1280 and 390 px in the light and the dark
theme (site_drawings_*.png), where the dark theme shows the drawings on their own framed
sheet (a rule, round corners), not on a bare white card.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    DRAWING_TEXT_JS,
    REPOSITORY,
    SCREENSHOTS,
    offline_context,
)

# test_site.py's fixtures: the built site (built when missing), its static server, Chromium
from tests.browser.test_site import browser as browser
from tests.browser.test_site import server as server
from tests.browser.test_site import site as site

pytestmark = pytest.mark.browser

SITE = Path(os.environ.get("COURSE_SITE_HTML", REPOSITORY / "site" / "_build" / "html"))
WIDTHS = {1280: 12.0, 390: 10.0}
"""Screen width (CSS pixels) → the smallest text height allowed in a drawing there."""
SIDE_BY_SIDE_PAGE = "notebooks/03_alphabeta.html"

MEASURE = (
    """() => {"""
    + DRAWING_TEXT_JS
    + """
  // every player at its last step: every label it ever draws is there
  document.querySelectorAll(".gamelib-player").forEach(player => {
    const last = player.querySelector('button[data-action="last"]');
    if (last) last.click();
  });
  const drawings = Array.from(document.querySelectorAll(".cell_output svg")).filter(svg =>
    svg.querySelector("g.node") || svg.closest(".gamelib-windows"));
  const found = [];
  drawings.forEach(svg => {
    if (svg.getClientRects().length === 0) return;
    const smallest = smallestText(svg);
    const box = clippingBox(svg);
    const wider = svg.getBoundingClientRect().width > box.clientWidth + 1;
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(box).overflowX)
      && box.scrollWidth > box.clientWidth + 1;
    const panel = svg.closest(".gamelib-panel");
    const cue = panel ? panel.querySelector(".gamelib-scroll-cue") : null;
    found.push({
      smallest: smallest[0], text: smallest[1], wider: wider, scrolls: scrolls,
      inPlayer: !!panel,
      cueShown: !!cue && cue.getClientRects().length > 0,
    });
  });
  return {drawings: found, pageWidth: document.scrollingElement.scrollWidth};
}"""
)


def notebook_pages() -> list[str]:
    """The notebook pages of both books."""
    return sorted(
        str(page.relative_to(SITE))
        for pattern in ("notebooks/*.html", "ja/notebooks/*.html")
        for page in SITE.glob(pattern)
    )


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_drawing_text_is_readable_or_scrolls_in_its_box(
    browser: Any, server: str, width: int
) -> None:
    pages = notebook_pages()
    assert len(pages) >= 24, pages  # 00-10 and the glossary, in both books
    smallest_allowed = WIDTHS[width]
    context, watch = offline_context(browser, {"width": width, "height": 900}, server)
    failures: list[str] = []
    measured = 0
    try:
        page = context.new_page()
        for name in pages:
            page.goto(server + name, wait_until="load")
            result = page.evaluate(MEASURE)
            if result["pageWidth"] > width:
                failures.append(f"{name}: the page is {result['pageWidth']} px wide")
            for number, drawing in enumerate(result["drawings"], start=1):
                measured += 1
                where = f"{name} at {width} px, drawing {number}"
                if drawing["smallest"] < smallest_allowed:
                    failures.append(
                        f"{where}: text {drawing['text']!r} is {drawing['smallest']:.1f} px"
                    )
                if drawing["wider"] and not drawing["scrolls"]:
                    failures.append(f"{where}: wider than its box, which does not scroll")
                if drawing["inPlayer"] and drawing["scrolls"] and not drawing["cueShown"]:
                    failures.append(f"{where}: scrolls, and the player does not say so")
            failures.extend(f"{name}: {problem}" for problem in watch.problems())
            watch.blocked.clear()
            watch.errors.clear()
            watch.missing.clear()
    finally:
        context.close()
    assert measured >= 2 * len(pages), measured  # the course draws trees on most pages
    assert not failures, "\n".join(failures)


def panel_boxes(page: Any) -> list[dict[str, float]]:
    """The boxes of the first side-by-side player's panels."""
    return list(
        page.evaluate(
            """() => {
              const player = Array.from(document.querySelectorAll(".gamelib-player"))
                .find(player => player.querySelectorAll(".gamelib-panel").length === 2);
              player.scrollIntoView();
              return Array.from(player.querySelectorAll(".gamelib-panel")).map(panel => {
                const box = panel.getBoundingClientRect();
                return {left: box.left, top: box.top, width: box.width};
              });
            }"""
        )
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_side_by_side_panels_stack_when_narrow_and_the_dark_theme_frames_them(
    browser: Any, server: str, width: int, theme: str
) -> None:
    context, watch = offline_context(browser, {"width": width, "height": 900}, server)
    try:
        page = context.new_page()
        page.goto(server + SIDE_BY_SIDE_PAGE, wait_until="load")
        page.evaluate(f"document.documentElement.dataset.theme = {theme!r}")
        first, second = panel_boxes(page)
        room = page.evaluate(
            """() => Number(Array.from(document.querySelectorAll(".gamelib-player"))
                 .find(player => player.querySelectorAll(".gamelib-panel").length === 2)
                 .querySelector(".gamelib-panel").style.getPropertyValue("--gamelib-panel-room"))"""
        )
        needed = room * WIDTHS[width]  # the panel width that keeps the text readable
        column = page.evaluate("document.querySelector('.bd-article').clientWidth")
        if second["top"] == first["top"]:  # side by side: each drawing has its room
            assert min(first["width"], second["width"]) >= needed
        if 2 * needed > column:  # two would not have it: stacked
            assert second["top"] > first["top"] and second["left"] == first["left"]
        frame = page.evaluate(
            """() => {
              const output = Array.from(document.querySelectorAll(".gamelib-player"))
                .find(player => player.querySelectorAll(".gamelib-panel").length === 2)
                .closest(".output");
              const style = getComputedStyle(output);
              return {border: parseFloat(style.borderTopWidth),
                      radius: parseFloat(style.borderTopLeftRadius),
                      background: style.backgroundColor};
            }"""
        )
        if theme == "dark":
            assert frame["border"] >= 1 and frame["radius"] >= 4, frame
        page.wait_for_timeout(100)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"site_drawings_03_{width}_{theme}.png"))
        assert not watch.problems(), watch.problems()
    finally:
        context.close()
