"""The pruning exercise widget in a real JupyterLab, driven by headless Chromium (Playwright).

The test opens ``tests/browser/pruning_demo.ipynb`` (a :class:`PruningWidget` on the seed-2
tree, whose solution prunes two leaves), runs every cell, waits for the widget and answers
like a student: Check with nothing marked ("Not yet"), press exactly the solution's pruned
leaves and Check again ("Correct"), Show solution (the α-β animation appears), New tree (the
drawing changes to the next seed's tree). The expected answer is computed here from the same
:class:`PruningExercise`. Screenshots go to ``tests/browser/screenshots/`` (not committed).

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
from gamelib.render.dot import draw
from tests.browser.conftest import (
    REPOSITORY,
    notebook_page,
    run_all_until_visible,
    screenshot,
)

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


def leaf_toggle(exercise: Any, name: str) -> Any:
    """The toggle button of leaf ``name`` (its text is exactly the name)."""
    return exercise.locator(".gamelib-leaves .gamelib-leaf").filter(
        has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")
    )


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

        # Press exactly the solution's pruned leaves; the kernel styles each pressed one.
        for name in pruned:
            toggle = leaf_toggle(exercise, name)
            expect(toggle).to_have_count(1)
            toggle.click()
            expect(toggle).to_have_class(PRESSED)
        expect(exercise.locator(".gamelib-leaf.mod-warning")).to_have_count(len(pruned))
        exercise.locator(".gamelib-check").first.click()
        expect(feedback).to_contain_text("Correct")
        expect(feedback).not_to_contain_text("Not yet")
        feedback.scroll_into_view_if_needed()
        screenshot(page, "pruning_03_correct.png")

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
        page.wait_for_function(
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
