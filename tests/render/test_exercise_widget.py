"""The pruning-exercise widget, driven from Python (no browser, no kernel)."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from gamelib.exercises import Convention, PruningExercise
from gamelib.render.animation import Animation
from gamelib.trees import TEXTBOOK
from gamelib.widgets.pruning import PruningWidget, read_value, solution_html


def windows_widget() -> PruningWidget:
    return PruningWidget(PruningExercise(tree=TEXTBOOK["alpha-beta-windows"]))


def test_importing_the_module_does_not_import_ipywidgets() -> None:
    code = "import sys, gamelib.widgets.pruning; print('ipywidgets' in sys.modules)"
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"


def test_construction_shows_the_tree_a_toggle_per_leaf_and_a_box_per_inner_node() -> None:
    widget = PruningWidget(seed=5, depth=3, branching=2)
    tree = widget.exercise.tree
    assert list(widget.leaf_buttons) == [leaf.name for leaf in tree.leaves()]
    assert set(widget.value_boxes) == {node.name for node, _ in tree.walk() if not node.is_leaf}
    assert next(iter(widget.value_boxes)) == tree.name  # level by level: the root first
    assert "<svg" in widget.drawing.value
    assert "seed 5" in widget.title.value
    assert widget.marked == set()
    assert not any(button.value for button in widget.leaf_buttons.values())


def test_marking_leaves_presses_their_toggles() -> None:
    widget = windows_widget()
    widget.mark("J", "M")
    assert widget.marked == {"J", "M"}
    assert widget.leaf_buttons["J"].value and widget.leaf_buttons["J"].button_style == "warning"
    widget.mark("M", pruned=False)
    assert widget.marked == {"J"} and widget.leaf_buttons["M"].button_style == ""
    widget.leaf_buttons["N"].value = True  # a click on the toggle
    assert widget.marked == {"J", "N"}
    with pytest.raises(KeyError, match="not a leaf"):
        widget.mark("A")


def test_the_right_answer_is_accepted() -> None:
    widget = windows_widget()
    widget.mark("J", "M", "N")
    feedback = widget.check()
    assert feedback.correct
    assert "Correct!" in widget.feedback.value
    assert "Values not filled in" in widget.feedback.value  # values are optional
    widget.set_values({"R": 3, "A": 3, "B": 3, "C": 3, "D": 3, "E": 3})
    assert widget.check().correct
    assert "not filled in" not in widget.feedback.value


def test_a_wrong_answer_is_explained() -> None:
    widget = windows_widget()
    widget.mark("J", "K")  # K is evaluated; M and N are missing
    feedback = widget.check()
    assert not feedback.correct
    text = " ".join(feedback.messages)
    assert "K is evaluated" in text
    assert "M is pruned" in text and "N is pruned" in text
    assert "Not yet" in widget.feedback.value and "K is evaluated" in widget.feedback.value


def test_wrong_and_unreadable_values_are_messages_not_exceptions() -> None:
    widget = windows_widget()
    widget.mark("J", "M", "N")
    widget.set_value("B", "2")  # fail-hard: B returns 3
    widget.set_value("A", "three")
    feedback = widget.check()
    assert not feedback.correct
    assert "value of A: 'three' is not a number" in feedback.messages
    assert any(message.startswith("B returns 3, not 2") for message in feedback.messages)
    widget.set_value("F", 5)  # F is pruned: it returns nothing
    assert any("F is pruned" in message for message in widget.check().messages)


def test_clear_releases_everything() -> None:
    widget = windows_widget()
    widget.mark("J")
    widget.set_value("R", 3)
    widget.check()
    widget.clear_button.click()
    assert widget.marked == set()
    assert all(box.value == "" for box in widget.value_boxes.values())
    assert widget.feedback.value == ""


def test_the_buttons_check_and_show_the_solution() -> None:
    widget = windows_widget()
    widget.mark("J", "M", "N")
    widget.check_button.click()
    assert "Correct!" in widget.feedback.value
    widget.solution_button.click()
    assert isinstance(widget.animation, Animation)
    assert widget.solution.children[1] is widget.animation.widget


def test_show_solution_plays_the_real_trace() -> None:
    widget = windows_widget()
    animation = widget.show_solution()
    assert isinstance(animation, Animation)
    assert animation.traces == (widget.exercise.trace,)
    assert animation.step == animation.steps == len(widget.exercise.trace.events)
    assert "R returns 3" in animation.sentence
    summary = widget.solution.children[0].value
    assert "Pruned leaves: J, M, N" in summary
    assert "R 3, A 3, B 3" in summary


def test_new_tree_changes_the_tree_and_resets_the_answer() -> None:
    widget = PruningWidget(seed=10, depth=3, branching=2)
    widget.mark(next(iter(widget.leaf_buttons)))
    widget.check()
    widget.show_solution()
    first = widget.exercise.tree
    widget.new_tree_button.click()
    assert widget.seed == 11
    assert widget.exercise.tree != first
    assert widget.exercise.tree.height() == 3
    assert widget.marked == set() and widget.feedback.value == ""
    assert widget.solution.children == () and widget.animation is None
    assert list(widget.leaf_buttons) == [leaf.name for leaf in widget.exercise.tree.leaves()]
    widget.new_tree(seed=3)
    assert widget.exercise.seed == 3


def test_the_convention_is_kept_for_new_trees_and_shown() -> None:
    convention = Convention(cutoff=">", order="reversed", failure="soft")
    widget = PruningWidget(seed=2, convention=convention)
    assert "right to left" in widget.title.value and "fail-soft" in widget.title.value
    widget.new_tree()
    assert widget.exercise.convention == convention
    widget.mark(*widget.exercise.solution.pruned)
    widget.set_values(dict(widget.exercise.solution.values))
    assert widget.check().correct


def test_a_given_exercise_keeps_its_shape_for_new_trees() -> None:
    widget = PruningWidget(PruningExercise(seed=4, depth=2, branching=3))
    assert widget.seed == 4
    widget.new_tree()
    assert widget.exercise.tree.height() == 2
    assert all(
        len(node.children) == 3 for node, _ in widget.exercise.tree.walk() if not node.is_leaf
    )


def test_the_display_has_a_static_fallback() -> None:
    widget = windows_widget()
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "<svg" in bundle["text/html"] and "exercise.check" in bundle["text/html"]


def test_read_value() -> None:
    assert read_value(" 3 ") == 3 and isinstance(read_value("3"), int)
    assert read_value("−2") == -2 and read_value("2.5") == 2.5 and read_value("4.0") == 4
    assert read_value("inf") == math.inf and read_value("-∞") == -math.inf
    assert read_value("") is None and read_value("  ") is None
    for junk in ("abc", "nan", "3-"):
        with pytest.raises(ValueError, match="is not a number"):
            read_value(junk)


def test_solution_html_lists_pruned_leaves_and_values() -> None:
    exercise = PruningExercise(
        tree=TEXTBOOK["alpha-beta-windows"], convention=Convention(failure="soft")
    )
    html = solution_html(exercise)
    assert "Pruned leaves: J, M, N" in html
    assert "B 2" in html  # fail-soft: B returns its best seen, 2
