"""The pruning exercise widget in a real JupyterLab, driven by headless Chromium (Playwright).

The test opens ``tests/browser/pruning_demo.ipynb`` (a :class:`PruningWidget` on the seed-2
tree, whose solution prunes two leaves), runs every cell, waits for the widget and answers
like a student: Check with nothing marked ("Not yet"); then, with the keyboard alone, Tab
through the leaf toggles pressing Space on exactly the solution's pruned leaves, type the
root's value into its box, Tab to Check and press Enter ("Correct"); Show solution (the α-β
animation appears), New tree (the drawing changes to the next seed's tree). The expected
answer is computed here from the same :class:`PruningExercise`, and every toggle and box is
found by the accessible name gamelib gives it (:meth:`PruningWidget.leaf_label`,
:meth:`PruningWidget.value_label`, as Playwright computes it from the page). Every control is
at least 24×24 CSS pixels (WCAG 2.2, 2.5.8), every button's text (a pressed toggle's too) at
least 4.5:1 against its background, and the focused control is outlined. Screenshots go
to ``tests/browser/screenshots/`` (not committed).

The JupyterLab server and the chromium helpers are shared with the animation test
(``tests/browser/conftest.py``); without Debian's ``chromium`` this test fails and says so.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from gamelib.exercises import PruningExercise
from gamelib.notation import format_number
from gamelib.render.dot import draw
from gamelib.widgets.pruning import PruningWidget
from tests.browser.conftest import (
    REPOSITORY,
    SCREENSHOTS,
    notebook_page,
    run_all_until_visible,
    screenshot,
    wait_until,
)
from tests.browser.test_tictactoe_in_jupyterlab import FOCUSED_NAME, LOW_CONTRAST, small_targets

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/pruning_demo.ipynb"
SEED, DEPTH, BRANCHING = 2, 3, 2  # what the notebook shows: its solution prunes K and O
PRESSED = re.compile(r"\bmod-warning\b")  # the style the kernel gives a pressed leaf toggle


def drawn_texts(svg: str) -> list[str]:
    """The labels of a drawing (levels, node names, leaf values), in document order."""
    return [html.unescape(text) for text in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_the_notebook_shows_the_exercise_of_this_test() -> None:
    """The notebook and this test agree on the tree, and its solution prunes something."""
    notebook = json.loads((REPOSITORY / NOTEBOOK).read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    source = "".join(code[-1]["source"])
    assert f"PruningExercise(seed={SEED}, depth={DEPTH}, branching={BRANCHING})" in source
    assert all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)
    assert PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING).solution.pruned


def focused_outline(page: Any) -> None:
    """The focused control is outlined (at least 2 px)."""
    focused = page.evaluate(FOCUSED_NAME)
    assert focused["outline"] != "none" and focused["outlineWidth"] >= 2, focused


def test_the_pruning_exercise_checks_and_solves_in_jupyterlab(jupyter_lab: str) -> None:
    from playwright.sync_api import expect

    expected = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    pruned = [name for name in expected.leaf_names if name in expected.solution.pruned]
    assert pruned, "the notebook's tree must prune at least one leaf"
    following = PruningExercise(seed=SEED + 1, depth=DEPTH, branching=BRANCHING)

    with notebook_page(jupyter_lab, NOTEBOOK) as (page, panel):
        exercise = panel.locator(".gamelib-pruning-exercise").first
        run_all_until_visible(page, exercise)

        title = exercise.locator(".gamelib-pruning-title").first
        drawing = exercise.locator(".gamelib-pruning-drawing").first
        feedback = exercise.locator(".gamelib-feedback").first
        solution = exercise.locator(".gamelib-solution").first
        toggles = exercise.locator(".gamelib-leaves .gamelib-leaf")
        expect(title).to_contain_text(f"Tree seed {SEED}")
        drawing.locator("svg").first.wait_for()
        expect(toggles).to_have_count(len(expected.leaf_names))
        expect(exercise.locator(".gamelib-values .gamelib-value")).to_have_count(
            len(expected.tree.nodes()) - len(expected.leaf_names)
        )
        exercise.scroll_into_view_if_needed()
        screenshot(page, "pruning_01_widget.png")

        # Nothing marked: wrong, since the solution prunes leaves.
        exercise.locator(".gamelib-check").first.click()
        expect(feedback).to_contain_text("Not yet")
        for name in pruned:
            expect(feedback).to_contain_text(f"{name} is pruned")
        feedback.scroll_into_view_if_needed()
        screenshot(page, "pruning_02_not_yet.png")

        # Every control has its name and is big enough to hit.
        names = PruningWidget(expected)  # the names gamelib gives, made here
        for name in expected.leaf_names:
            toggle = exercise.get_by_role("button", name=names.leaf_label(name), exact=True)
            expect(toggle).to_have_count(1)
        for name in names.value_boxes:
            box = exercise.get_by_role("textbox", name=names.value_label(name), exact=True)
            expect(box).to_have_count(1)
        for button in ("Check", "Show solution", "New tree", "Clear"):
            expect(exercise.get_by_role("button", name=button, exact=True)).to_have_count(1)
        assert small_targets(exercise) == []

        # One answer with the keyboard alone: Tab through the toggles, Space on each pruned
        # leaf, type the root's value into its box (the first), Tab to Check, Enter.
        root = expected.tree.name
        exercise.get_by_role("button", name=names.leaf_label(expected.leaf_names[0])).focus()
        presses = {"Tab": 0, "Space": 0, "Enter": 0, "typed": 0}
        for index, name in enumerate(expected.leaf_names):
            if index:
                page.keyboard.press("Tab")
                presses["Tab"] += 1
            expect(
                exercise.get_by_role("button", name=names.leaf_label(name), exact=True)
            ).to_be_focused()
            if name in pruned:
                page.keyboard.press("Space")
                presses["Space"] += 1
                names.mark(name)  # its name now says it is marked
                toggle = exercise.get_by_role("button", name=names.leaf_label(name), exact=True)
                expect(toggle).to_be_focused()
                expect(toggle).to_have_class(PRESSED)
                focused_outline(page)
                if name == pruned[0]:
                    exercise.locator(".gamelib-leaves").first.screenshot(
                        path=str(SCREENSHOTS / "pruning_03_focused_pressed_leaf.png")
                    )
        expect(exercise.locator(".gamelib-leaf.mod-warning")).to_have_count(len(pruned))
        assert exercise.evaluate(LOW_CONTRAST) == []  # pressed toggles, Check, Show solution
        page.keyboard.press("Tab")
        presses["Tab"] += 1
        root_box = exercise.get_by_role("textbox", name=names.value_label(root), exact=True)
        expect(root_box).to_be_focused()
        focused_outline(page)
        root_value = format_number(expected.solution.values[root])
        page.keyboard.type(root_value)
        presses["typed"] += len(root_value)
        expect(root_box).to_have_value(root_value)
        check = exercise.get_by_role("button", name="Check", exact=True)
        for _ in range(len(names.value_boxes)):  # past the other boxes to Check
            page.keyboard.press("Tab")
            presses["Tab"] += 1
        expect(check).to_be_focused()
        focused_outline(page)
        page.keyboard.press("Enter")
        presses["Enter"] += 1
        expect(feedback).to_contain_text("Correct")
        expect(feedback).not_to_contain_text("Not yet")
        expect(exercise.get_by_role("status")).to_contain_text("Correct")
        feedback.scroll_into_view_if_needed()
        screenshot(page, "pruning_03_correct.png")
        exercise.locator(".gamelib-check").first.screenshot(
            path=str(SCREENSHOTS / "pruning_03_focused_check.png")
        )
        print(f"keyboard answer: {len(expected.leaf_names)} leaves, presses {presses}")

        # Show solution: the animation of the real α-β run appears under the buttons.
        exercise.locator(".gamelib-show-solution").first.click()
        animation = solution.locator(".gamelib-animation").first
        animation.wait_for()
        expect(solution).to_contain_text(f"Pruned leaves: {', '.join(pruned)}.")
        animation.locator(".gamelib-drawing svg").first.wait_for()
        animation.scroll_into_view_if_needed()
        screenshot(page, "pruning_04_solution.png")

        # New tree: the next seed's tree is drawn, the answer and the solution are gone.
        svg = drawing.locator("svg").first
        before = svg.evaluate("node => node.outerHTML")
        assert drawn_texts(before) == drawn_texts(draw(expected.tree).svg())
        exercise.locator(".gamelib-new-tree").first.click()
        expect(title).to_contain_text(f"Tree seed {SEED + 1}")
        wait_until(
            page,
            "the exercise's drawing has changed to the new tree",
            """([box, before]) => {
                const svg = box.querySelector("svg");
                return svg !== null && svg.outerHTML !== before;
            }""",
            arg=[drawing.element_handle(), before],
        )
        after = svg.evaluate("node => node.outerHTML")
        assert drawn_texts(after) != drawn_texts(before)
        assert drawn_texts(after) == drawn_texts(draw(following.tree).svg())
        expect(solution.locator(".gamelib-animation")).to_have_count(0)
        expect(exercise.locator(".gamelib-leaf.mod-warning")).to_have_count(0)
        expect(feedback).not_to_contain_text("Correct")
        exercise.scroll_into_view_if_needed()
        screenshot(page, "pruning_05_new_tree.png")
