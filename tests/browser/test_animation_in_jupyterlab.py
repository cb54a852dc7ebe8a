"""The α-β animation in a real JupyterLab, driven by headless Chromium through Playwright.

The test starts ``jupyter lab`` from the project's virtual environment on a free port,
opens ``tests/browser/animation_demo.ipynb``, runs every cell with the Run menu's
``runmenu:run-all`` command, waits for the widget, then presses the step button and play and
checks that the drawing (SVG) and the sentence change. Then the Japanese animation of the same
notebook by keyboard alone: Tab visits every control in order, each with its Japanese name
as Chromium computes it (the words gamelib gives them), Enter and Space step, the number
field's arrow keys step, Enter plays and pauses; nothing plays before that; the sentence is in
a polite status region; every focused control is outlined at least 3:1 against the page
behind it, in JupyterLab's light and dark themes, and at least 24×24 CSS pixels. Screenshots
go to ``tests/browser/screenshots/`` (not committed).

Debian's ``chromium`` is required (``playwright install`` cannot download browsers here): the
set-up installs it, and without it this test fails and says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamelib.render.accessible import SMALLEST_TARGET
from gamelib.render.static import player_words
from tests.browser.conftest import (
    CHROMIUM_ARGUMENTS,
    LONG,
    SCREENSHOTS,
    axe_violations,
    chromium_path,
    notebook_page,
    run_all_until_visible,
    screenshot,
)
from tests.browser.test_drawings_in_jupyterlab import switch_theme

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/animation_demo.ipynb"


def test_the_animation_steps_and_plays_in_jupyterlab(jupyter_lab: str) -> None:
    from playwright.sync_api import expect

    with notebook_page(jupyter_lab, NOTEBOOK) as (page, panel):
        animation = panel.locator(".gamelib-animation").first
        run_all_until_visible(page, animation)
        sentence = animation.locator(".gamelib-sentence").first
        drawing_box = animation.locator(".gamelib-drawing").first
        drawing = drawing_box.locator("svg").first
        expect(sentence).to_contain_text("Before the search", timeout=LONG)
        drawing.wait_for()
        animation.scroll_into_view_if_needed()
        screenshot(page, "01_widget_at_step_0.png")
        start_svg = drawing.evaluate("node => node.outerHTML")

        animation.locator(".gamelib-step-forward").first.click()
        expect(sentence).to_contain_text("alphabeta starts at R (MAX)")
        stepped_svg = drawing_after(page, drawing_box, start_svg)  # it comes after the sentence
        assert stepped_svg != start_svg
        screenshot(page, "02_after_one_step.png")

        play_pause = animation.locator("button.gamelib-play").first
        play_pause.click()  # play
        page.wait_for_function(  # playing moves on by itself: wait until past step 4
            "element => Number(element.textContent.split(' ')[1]) >= 4",
            arg=sentence.element_handle(),
            timeout=20_000,
        )
        screenshot(page, "03_playing.png")
        play_pause.click()  # pause (the same button)
        step_field = animation.get_by_role("spinbutton", name="step", exact=True)
        page.wait_for_function(  # the kernel has drawn the last step the player sent
            "([sentence, field]) => sentence.textContent.split(' ')[1] === field.value",
            arg=[sentence.element_handle(), step_field.element_handle()],
        )
        played_text = sentence.inner_text()
        played_svg = drawing_after(page, drawing_box, start_svg, stepped_svg)
        played_step = int(played_text.split()[1])
        assert played_step >= 4
        assert played_svg not in (start_svg, stepped_svg)
        page.wait_for_timeout(1500)  # paused: nothing moves (a slow machine can only pass this)
        assert sentence.inner_text() == played_text

        # Step to the β-cut at D (step 18), forwards or, if playing went past it, back.
        direction = "forward" if played_step <= 18 else "back"
        button = animation.locator(f".gamelib-step-{direction}").first
        for step in range(played_step, 18, 1 if direction == "forward" else -1):
            button.click()
            expect(sentence).to_contain_text(
                f"step {step + 1 if direction == 'forward' else step - 1} of 37"
            )
        expect(sentence).to_contain_text("β-cut at D: 4 ≥ 3, J pruned")
        expect(animation.locator(".gamelib-drawing").first).to_contain_text("β-cut at D:")
        screenshot(page, "04_beta_cut_at_D.png")

        animation.get_by_role("combobox", name="view", exact=True).select_option(
            label="mover view (negamax)"
        )
        expect(sentence).to_contain_text("step 18 of 37")
        expect(animation.locator(".gamelib-windows").first).to_contain_text("(−3, ∞)")
        screenshot(page, "05_mover_view.png")

        comparison = panel.locator(".gamelib-animation").nth(1)
        comparison.scroll_into_view_if_needed()
        expect(comparison.locator(".gamelib-title").first).to_contain_text("nega_alpha")
        screenshot(page, "06_side_by_side.png")

        player = panel.locator(".gamelib-player").first  # the HTML player, no widgets
        player.scroll_into_view_if_needed()
        check_static_player(page, player, "07_static_player_in_jupyterlab.png")

        check_keyboard(page, panel.locator(".gamelib-animation").nth(2))


FOCUS_RING = """element => {
    const luminance = colour => {
        const [red, green, blue] = colour.match(/[\\d.]+/g).slice(0, 3).map(value => {
            value /= 255;
            return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
    };
    const opaque = colour => colour !== "transparent" && !/, 0\\)$/.test(colour);
    let behind = element.parentElement;
    while (behind && !opaque(getComputedStyle(behind).backgroundColor)) {
        behind = behind.parentElement;
    }
    const page = behind ? getComputedStyle(behind).backgroundColor : "rgb(255, 255, 255)";
    const style = getComputedStyle(element);
    const [lighter, darker] = [luminance(style.outlineColor), luminance(page)]
        .sort((first, second) => second - first);
    const box = element.getBoundingClientRect();
    return {outline: style.outlineStyle, width: parseFloat(style.outlineWidth),
            colour: style.outlineColor, page, ratio: (lighter + 0.05) / (darker + 0.05),
            size: [box.width, box.height]};
}"""
"""The focused control's outline (style, width, colour), the colour of the page behind it (the
nearest ancestor with an opaque background: the outline stands 2 px off the control, on that
page), their WCAG 2 contrast ratio, and the control's size in CSS pixels."""


ANIMATIONS = ".jp-NotebookPanel:not(.lm-mod-hidden) .gamelib-animation"
"""Every animation widget of the open notebook, in plain CSS (for axe-core)."""


def check_keyboard(page: Any, animation: Any) -> None:
    """The Japanese animation by keyboard alone (see the module's docstring)."""
    from playwright.sync_api import expect

    words = player_words("ja")
    animation.scroll_into_view_if_needed()
    sentence = animation.get_by_role("status").first  # the first panel's sentence
    sentence_box = animation.locator(".gamelib-sentence").first  # kept while the region is new
    expect(sentence).to_contain_text(words["step_of"].format(step=0, total=37))
    play = animation.get_by_role("button", name=words["play"], exact=True)
    expect(play).to_have_count(1)  # not "pause": nothing plays by itself
    names = [
        ("button", words["first_step"]),
        ("button", words["step_back"]),
        ("button", words["play"]),
        ("button", words["step_forward"]),
        ("button", words["last_step"]),
        ("spinbutton", words["step"]),
        ("combobox", words["speed"]),
        ("combobox", words["view"]),
    ]
    for role, name in names:
        expect(animation.get_by_role(role, name=name, exact=True)).to_have_count(1)
    focused = animation.locator(":focus")
    rings: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    violations: dict[str, list[str]] = {}
    for theme in ("light", "dark"):
        switch_theme(page, theme)
        animation.get_by_role(names[0][0], name=names[0][1], exact=True).focus()
        page.keyboard.press("Shift+Tab")  # from outside, so that the focus is visible
        rings[theme] = []
        for role, name in names:
            page.keyboard.press("Tab")
            expect(focused).to_have_accessible_name(name)
            expect(focused).to_have_role(role)
            rings[theme].append((name, focused.evaluate(FOCUS_RING)))
            if name == words["step_forward"]:  # the controls' row, with room for the ring
                row = animation.locator(".widget-hbox").first.bounding_box()
                page.screenshot(
                    path=str(SCREENSHOTS / f"09_focused_step_{theme}.png"),
                    clip={
                        "x": row["x"] - 8,
                        "y": row["y"] - 8,
                        "width": row["width"] + 16,
                        "height": row["height"] + 16,
                    },
                )
        violations[theme] = axe_violations(page, f"the animations ({theme} theme)", ANIMATIONS)
    switch_theme(page, "light")
    found_by_axe = [violation for theme in violations.values() for violation in theme]
    assert not found_by_axe, "\n".join(found_by_axe)
    for theme, found in rings.items():
        for name, ring in found:
            assert ring["outline"] == "solid" and ring["width"] >= 3, (theme, name, ring)
            assert ring["ratio"] >= 3, (theme, name, ring)
            assert min(ring["size"]) >= SMALLEST_TARGET, (theme, name, ring)
        print(theme, [f"{name} {ring['ratio']:.2f}:1" for name, ring in found])

    forward = animation.get_by_role("button", name=words["step_forward"], exact=True)
    forward.focus()
    for key, step in (("Enter", 1), ("Space", 2)):
        page.keyboard.press(key)
        expect(sentence).to_contain_text(words["step_of"].format(step=step, total=37))
    page.keyboard.press("Tab")  # last step
    page.keyboard.press("Tab")  # the step field
    expect(focused).to_have_accessible_name(words["step"])
    for key, step in (("ArrowUp", 3), ("ArrowUp", 4), ("ArrowDown", 3)):
        page.keyboard.press(key)
        expect(sentence).to_contain_text(words["step_of"].format(step=step, total=37))
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
    expect(focused).to_have_accessible_name(words["play"])
    page.keyboard.press("Enter")  # play: the button now says and is named "pause"
    expect(focused).to_have_accessible_name(words["pause"])
    page.wait_for_function(  # playing moves on by itself: wait until past step 6
        "element => Number(element.textContent.match(/\\d+/)[0]) >= 6",
        arg=sentence_box.element_handle(),
        timeout=20_000,
    )
    page.keyboard.press("Space")  # pause
    expect(focused).to_have_accessible_name(words["play"])
    expect(sentence).to_have_attribute("aria-live", "polite")


def drawing_after(page: Any, box: Any, *earlier: str) -> str:
    """The SVG in ``box`` once it is none of the ``earlier`` ones: the kernel sends the
    sentence and the drawing as two updates, so the sentence can show a step before the
    drawing does (and each update replaces the SVG element, so the box is watched)."""
    page.wait_for_function(
        """([box, earlier]) => {
            const svg = box.querySelector("svg");
            return svg !== null && !earlier.includes(svg.outerHTML);
        }""",
        arg=[box.element_handle(), list(earlier)],
    )
    return str(box.locator("svg").first.evaluate("node => node.outerHTML"))


def check_static_player(page: Any, player: Any, name: str) -> None:
    """Step and play the HTML player; its sentence and drawing must follow."""
    from playwright.sync_api import expect

    sentence = player.locator(".gamelib-sentence").first
    expect(sentence).to_contain_text("step 0 of 37: Before the search")
    start = player.locator(".gamelib-drawing").first.inner_html()
    player.locator('button[data-action="forward"]').click()
    expect(sentence).to_contain_text("step 1 of 37: alphabeta starts at R (MAX)")
    assert player.locator(".gamelib-drawing").first.inner_html() != start
    player.locator(".gamelib-speed").select_option("200")
    player.locator('button[data-action="play"]').click()
    # Playing moves on by itself: wait until it has passed step 5 (a poll for one exact step
    # can miss it on a busy machine), then take the slider, which also stops the playing.
    page.wait_for_function(
        "element => Number(element.textContent.split(' ')[1]) >= 5",
        arg=sentence.element_handle(),
        timeout=15_000,
    )
    player.locator(".gamelib-slider").fill("18")
    expect(sentence).to_contain_text("step 18 of 37: β-cut at D: 4 ≥ 3, J pruned")
    expect(player.locator(".gamelib-drawing").first).to_contain_text("β-cut at D:")
    player.locator(".gamelib-view").select_option("mover")
    expect(player.locator(".gamelib-windows").first).to_contain_text("(−3, ∞)")
    screenshot(page, name)


def test_the_static_player_plays_in_a_plain_browser(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from gamelib.render import StaticAnimation, to_html
    from gamelib.search import alphabeta
    from gamelib.trace import record
    from gamelib.trees import TEXTBOOK

    page_file = StaticAnimation(to_html(record(alphabeta, TEXTBOOK["alpha-beta-windows"])))
    path = page_file.save(tmp_path / "player.html")
    executable = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGUMENTS, headless=True
        )
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            requests: list[str] = []
            page.on("request", lambda request: requests.append(request.url))
            page.goto(path.as_uri())
            check_static_player(page, page.locator(".gamelib-player"), "08_static_player.png")
            assert all(url.startswith("file:") for url in requests), requests
        finally:
            browser.close()
