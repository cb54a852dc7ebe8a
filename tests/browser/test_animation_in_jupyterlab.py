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
    wait_until,
)
from tests.browser.test_drawings_in_jupyterlab import switch_theme

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/animation_demo.ipynb"

STEP_AT_LEAST = """([element, step]) => Number(element.textContent.match(/\\d+/)[0]) >= step"""
"""True when the sentence ``element`` (English "step N of 37: …" or Japanese "ステップ N / 37…")
shows a step of at least ``step``."""

TEXT_SHOWN = "([element]) => element.textContent.trim().slice(0, 60)"
"""The start of the text of ``element`` (for a failure's message)."""


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

        words = player_words("en")
        play_pause = animation.locator("button.gamelib-play").first
        play_pause.click()  # play
        wait_until(  # playing moves on by itself
            page,
            "the English animation, playing, shows step 4 or later",
            STEP_AT_LEAST,
            arg=[sentence.element_handle(), 4],
            timeout=20_000,
            shown=TEXT_SHOWN,
        )
        expect(animation.locator(".fa-pause")).to_have_count(1)  # the player's clock runs
        screenshot(page, "03_playing.png")
        play_pause.click()  # pause (the same button)
        # Paused: the player's own clock (the hidden Play widget, whose icon shows whether it
        # plays) has stopped, and the kernel has answered (the button is named "play" again).
        expect(animation.locator(".fa-pause")).to_have_count(0)
        expect(play_pause).to_have_accessible_name(words["play"])
        step_field = animation.get_by_role("spinbutton", name="step", exact=True)
        wait_until(
            page,
            "the kernel has drawn the last step the player sent (the sentence's step is the "
            "step field's)",
            "([sentence, field]) => sentence.textContent.split(' ')[1] === field.value",
            arg=[sentence.element_handle(), step_field.element_handle()],
            shown="([sentence, field]) => [sentence.textContent.trim().slice(0, 30), field.value]",
        )
        played_text = sentence.inner_text()
        played_svg = drawing_after(page, drawing_box, start_svg, stepped_svg)
        played_step = int(played_text.split()[1])
        assert played_step >= 4
        assert played_svg not in (start_svg, stepped_svg)
        # Nothing moves while paused. This watches for two of the player's 800 ms ticks: it
        # is not a wait for a state (that is reached above), and a slow machine, whose clock
        # would tick later, can only pass it.
        page.wait_for_timeout(1600)
        still = sentence.inner_text()
        assert still == played_text, f"paused at {played_text!r}, then showed {still!r}"

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
    first = animation.get_by_role(names[0][0], name=names[0][1], exact=True)
    for theme in ("light", "dark"):
        switch_theme(page, theme)  # and wait until JupyterLab no longer moves the focus
        first.focus()
        expect(first, f"the focus on {names[0][1]!r}, put there ({theme} theme)").to_be_focused()
        page.keyboard.press("Shift+Tab")  # out of the widget, so that the focus is visible
        rings[theme] = []
        for index, (role, name) in enumerate(names):
            if index == 0:
                tab_into(page, animation)  # back in: its first control has the focus
            else:
                page.keyboard.press("Tab")
            where = f"the focus, after Tab, on {role} {name!r} ({theme} theme)"
            expect(focused, where).to_have_accessible_name(name)
            expect(focused, where).to_have_role(role)
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
    expect(forward, "the focus on step forward, put there").to_be_focused()
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
    wait_until(  # playing moves on by itself
        page,
        "the Japanese animation, played by Enter, shows step 6 or later",
        STEP_AT_LEAST,
        arg=[sentence_box.element_handle(), 6],
        timeout=20_000,
        shown=TEXT_SHOWN,
    )
    page.keyboard.press("Space")  # pause
    expect(focused).to_have_accessible_name(words["play"])
    expect(sentence).to_have_attribute("aria-live", "polite")


FOCUS_INSIDE = "box => box.contains(document.activeElement)"
"""True when the focus is on ``box`` or inside it."""

FOCUS_SHOWN = """() => {
    const element = document.activeElement;
    return `${element.tagName}.${String(element.className).slice(0, 60)} `
        + (element.getAttribute("aria-label") || element.textContent.trim().slice(0, 30));
}"""
"""Where the focus is (for a failure's message)."""

TAB_STOPS_BEFORE = 2
"""JupyterLab's Tab stops just before a widget in a notebook's output, at most: the active cell
itself, then the cell's toolbar (one stop: its buttons are chosen by arrow keys)."""


def tab_into(page: Any, widget: Any) -> None:
    """Press Tab until the focus enters ``widget`` (at most :data:`TAB_STOPS_BEFORE` + 1 times).

    What comes before a widget in the Tab order is JupyterLab's, and it changes by itself:
    focusing a control of a cell that was not the active one makes that cell active, and
    JupyterLab makes the active cell a Tab stop at once but adds its toolbar (another stop)
    a moment later. So a Shift+Tab out of the widget lands on the toolbar or, when it comes
    first, on the cell, and one Tab back may land on the toolbar (seen 3 times in 10 on a
    busy machine); the widget's own order starts where the focus enters it."""
    for _ in range(TAB_STOPS_BEFORE + 1):
        page.keyboard.press("Tab")
        if widget.evaluate(FOCUS_INSIDE):
            return
    pytest.fail(
        f"the focus did not enter the widget after {TAB_STOPS_BEFORE + 1} Tabs: it is on "
        f"{page.evaluate(FOCUS_SHOWN)}"
    )


def drawing_after(page: Any, box: Any, *earlier: str) -> str:
    """The SVG in ``box`` once it is none of the ``earlier`` ones: the kernel sends the
    sentence and the drawing as two updates, so the sentence can show a step before the
    drawing does (and each update replaces the SVG element, so the box is watched)."""
    wait_until(
        page,
        "the widget's drawing has changed from the earlier steps' drawings",
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
    wait_until(
        page,
        "the HTML player, playing, shows step 5 or later",
        STEP_AT_LEAST,
        arg=[sentence.element_handle(), 5],
        timeout=15_000,
        shown=TEXT_SHOWN,
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
