"""The α-β animation in a real JupyterLab, driven by headless Chromium through Playwright.

The test starts ``jupyter lab`` from the project's virtual environment on a free port,
opens ``tests/browser/animation_demo.ipynb``, runs every cell with the Run menu's
``runmenu:run-all`` command, waits for the widget, then presses the step button and play and
checks that the drawing (SVG) and the sentence change. Screenshots go to
``tests/browser/screenshots/`` (not committed).

Debian's ``chromium`` is required (``playwright install`` cannot download browsers here): the
set-up installs it, and without it this test fails and says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    CHROMIUM_ARGUMENTS,
    LONG,
    chromium_path,
    notebook_page,
    run_all_until_visible,
    screenshot,
)

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

        play_pause = animation.locator(".widget-play button").first
        play_pause.click()  # play
        page.wait_for_function(  # playing moves on by itself: wait until past step 4
            "element => Number(element.textContent.split(' ')[1]) >= 4",
            arg=sentence.element_handle(),
            timeout=20_000,
        )
        screenshot(page, "03_playing.png")
        play_pause.click()  # pause (the same button)
        readout = animation.locator(".widget-readout").first  # the slider's step, in the page
        page.wait_for_function(  # the kernel has drawn the last step the player sent
            "([sentence, readout]) =>"
            " sentence.textContent.split(' ')[1] === readout.textContent.trim()",
            arg=[sentence.element_handle(), readout.element_handle()],
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

        animation.locator(".widget-toggle-button", has_text="mover view").first.click()
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
