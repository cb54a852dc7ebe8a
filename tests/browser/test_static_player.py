"""The self-contained HTML player (gamelib.render.static) by keyboard and screen reader.

One player of alphabeta on the α-β windows tree is saved as a page in each language and opened
from ``file://`` in headless Chromium (every other request blocked), with
``prefers-reduced-motion: reduce`` emulated. The test Tabs to the slider, presses → and checks
that the polite live region now says the next step's sentence, exactly as
:func:`gamelib.render.describe.describe` writes it; that the step's drawing is an image named
and described by its text alternative; that every control has an accessible name
in the page's language, is at least 24 × 24 CSS pixels (WCAG 2.5.8) and shows a focus ring;
that nothing plays by itself; that under reduced motion the speed starts at the slowest and
nothing transitions; and that axe-core finds no WCAG A/AA violation in the player. Screenshots
of the focused slider at 1280 px, on white and on the dark theme's light sheet, are saved in
tests/browser/screenshots/ (static_player_*.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamelib import TEXTBOOK, alphabeta, record
from gamelib.render.alternative import picture_alternative
from gamelib.render.describe import describe
from gamelib.render.dot import trace_picture
from gamelib.render.static import SHEET, SPEEDS, StaticAnimation, player_words, to_html
from gamelib.trace import Trace
from tests.browser.conftest import (
    axe_violations,
    offline_context,
    screenshot,
)

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 900}
SMALLEST_TARGET = 24  # CSS pixels, WCAG 2.2's 2.5.8 (target size, minimum)


@pytest.fixture(scope="module")
def trace() -> Trace:
    return record(alphabeta, TEXTBOOK["alpha-beta-windows"])


@pytest.fixture(scope="module")
def pages(trace: Trace, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The player saved as a page in each language, and the English one on a dark page with
    the light sheet the website's dark theme puts drawings on."""
    directory = tmp_path_factory.mktemp("static_player")
    english = StaticAnimation(to_html(trace, language="en"), language="en")
    japanese = StaticAnimation(to_html(trace, language="ja"), language="ja")
    dark = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>dark</title></head>'
        '<body style="margin:16px;background:#121212;color:#ced6dd">'
        f'<div style="{SHEET} padding: 10px 12px;">{english.html}</div></body></html>\n'
    )
    (directory / "dark.html").write_text(dark, encoding="utf-8")
    return {
        "en": english.save(directory / "en.html"),
        "ja": japanese.save(directory / "ja.html"),
        "dark": directory / "dark.html",
    }


def open_page(browser: Any, path: Path) -> tuple[Any, Any]:
    context, watch = offline_context(browser, VIEWPORT, "file://")
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto(path.as_uri())
    page.locator(".gamelib-player[data-ready]").wait_for()
    return page, watch


def expected_narration(trace: Trace, step: int, language: str) -> str:
    words = player_words(language)
    return words["step_sentence"].format(
        step=step, total=len(trace.events), sentence=describe(trace, step, language=language)
    )


FOCUS_JS = """() => {
  const element = document.activeElement;
  const style = getComputedStyle(element);
  return {
    tag: element.tagName, className: element.className,
    outline: style.outlineStyle, width: parseFloat(style.outlineWidth),
  };
}"""

CONTROLS_JS = """() => [...document.querySelectorAll(
    ".gamelib-controls button, .gamelib-controls input, .gamelib-controls select")].map(
  element => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      name: element.getAttribute("aria-label") || element.closest("label")?.textContent || "",
      width: box.width, height: box.height,
      transition: style.transitionDuration, animation: style.animationName,
    };
  })"""


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_keyboard_steps_the_player_and_the_step_is_announced(
    browser: Any, pages: dict[str, Path], trace: Trace, language: str
) -> None:
    page, watch = open_page(browser, pages[language])
    words = player_words(language)
    player = page.locator(".gamelib-player")
    live = player.locator("[aria-live=polite]")
    slider = page.get_by_role("slider", name=words["step"])
    # every control has its accessible name in the page's language
    for name in ("first_step", "step_back", "play", "step_forward", "last_step"):
        assert page.get_by_role("button", name=words[name], exact=True).count() == 1, name
    assert page.get_by_role("combobox", name=words["speed"]).count() == 1
    assert page.get_by_role("combobox", name=words["view"]).count() == 1
    assert slider.count() == 1
    # nothing plays by itself: step 0, the play button offers to play, nothing announced
    assert slider.input_value() == "0"
    assert page.get_by_role("button", name=words["play"], exact=True).count() == 1
    assert live.text_content() == ""
    # under reduced motion the speed starts at the slowest, and nothing moves
    assert page.locator(".gamelib-speed").input_value() == str(max(ms for _, ms in SPEEDS))
    controls = page.evaluate(CONTROLS_JS)
    assert len(controls) == 8  # five buttons, the slider, the speed and the view
    for control in controls:
        assert control["name"].strip(), control
        assert control["width"] >= SMALLEST_TARGET and control["height"] >= SMALLEST_TARGET
        assert control["transition"] == "0s" and control["animation"] == "none", control
    # Tab reaches the slider: the player, five buttons, then the slider
    presses = 0
    while page.evaluate("document.activeElement.className") != "gamelib-slider":
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 7, "the slider is not reached by Tab"
    focus = page.evaluate(FOCUS_JS)
    assert focus["outline"] != "none" and focus["width"] >= 2, focus
    # → on the slider steps once, and the live region says the new step's sentence
    page.keyboard.press("ArrowRight")
    first = expected_narration(trace, 1, language)
    live.filter(has_text=first).wait_for()
    assert live.text_content() == first
    assert slider.get_attribute("aria-valuetext") == first
    assert slider.input_value() == "1"
    # the drawing of the step is an image named and described by its text alternative
    picture = trace_picture(trace, step=1, language=language, caption=False)
    alternative = picture_alternative(picture)
    drawing = page.get_by_role("img", name=alternative.title, exact=True)
    assert drawing.count() == 1
    described = drawing.evaluate("svg => svg.querySelector('desc').textContent")
    assert described == alternative.description
    page.keyboard.press("ArrowRight")
    second = expected_narration(trace, 2, language)
    live.filter(has_text=second).wait_for()
    assert live.text_content() == second
    # the step-forward button, pressed with the space bar, steps once more
    page.get_by_role("button", name=words["step_forward"], exact=True).focus()
    page.keyboard.press(" ")
    live.filter(has_text=expected_narration(trace, 3, language)).wait_for()
    assert slider.input_value() == "3"
    assert axe_violations(page, f"player ({language})", ".gamelib-player") == []
    assert watch.problems() == []
    page.context.close()


def test_screenshots_of_the_focused_slider(browser: Any, pages: dict[str, Path]) -> None:
    """The focused slider at 1280 px, on white and on the dark theme's light sheet (look at
    tests/browser/screenshots/static_player_*.png)."""
    for theme in ("en", "dark"):
        page, watch = open_page(browser, pages[theme])
        page.locator(".gamelib-slider").focus()
        page.keyboard.press("ArrowRight")
        page.locator(".gamelib-announce").filter(has_text="1").wait_for()
        assert page.evaluate(FOCUS_JS)["className"] == "gamelib-slider"
        screenshot(page, f"static_player_{'light' if theme == 'en' else 'dark'}.png")
        assert watch.problems() == []
        page.context.close()
