"""The feedback of check_negamax, check_alphabeta and Feedback's HTML, word for word: the facts
mutation testing (``bash scripts/course.sh mutants gamelib/exercises.py``) found no test stating.

The trees tried first are tiny, so each expected message is worked out here by hand from the
tree's outline (asserted first): "- A / -- B 8" is one MAX move to a leaf worth 8, so its value
is 8; a window (9, 12) above it fails low (fail-hard returns α = 9, fail-soft the 8 it saw).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from gamelib.exercises import (
    Feedback,
    PruningExercise,
    check_alphabeta,
    check_answer,
    check_negamax,
)
from gamelib.language import set_language
from gamelib.trees import parse_tree

ONE_LEAF = "- A\n-- B 8"
TWO_LEAVES = "- A\n-- B -9\n-- C 5"


def textbook_alphabeta(failure: str) -> Any:
    """A student's right negamax-form α-β (left to right, cut on ≥), fail-hard or fail-soft."""

    def search(node: Any, alpha: float, beta: float) -> float:
        if node.is_leaf:
            return float(node.value)
        best = -math.inf
        for child in node.children:
            value = -search(child, -beta, -alpha)
            best = max(best, value)
            if value >= beta:
                return value if failure == "soft" else beta
            alpha = max(alpha, value)
        return best if failure == "soft" else alpha

    return search


def shape(node: Any) -> tuple[int, int]:
    """(depth, branching) of a random tree as a student's function sees it."""
    depth, branching = 0, len(node.children)
    while not node.is_leaf:
        node, depth = node.children[0], depth + 1
    return depth, branching


SIZES_SMALLEST_FIRST = [(depth, branching) for depth in (1, 2, 3, 4) for branching in (1, 2, 3)]


@pytest.mark.parametrize("failure", ["hard", "soft"])
def test_the_other_failure_convention_is_told_its_rule_on_the_smallest_tree(failure: str) -> None:
    other = "soft" if failure == "hard" else "hard"
    feedback = check_alphabeta(textbook_alphabeta(other), failure=failure, language="en")
    assert feedback.correct is False and feedback.language == "en"
    assert feedback.counterexample is not None
    assert feedback.counterexample.to_outline() == ONE_LEAF
    # the window (9, 12) lies above the value 8: fail-hard returns α = 9, fail-soft 8
    expected, returned = ("9", "8") if failure == "hard" else ("8", "9")
    rule = {
        "hard": "fail-hard α-β returns the bound it crossed (β on a cutoff, α when every child "
        "fails low)",
        "soft": "fail-soft α-β returns the best value it saw, even beyond the window",
    }[failure]
    assert feedback.messages == [
        f"with the window (9, 12) (the tree's value is 8): fail-{failure} α-β returns "
        f"{expected}, you returned {returned}",
        rule,
    ]
    japanese = check_alphabeta(textbook_alphabeta(other), failure=failure, language="ja")
    assert japanese.language == "ja"
    assert japanese.messages[0] == (
        f"探索窓 (9, 12) のとき（この木の値は 8）：fail-{failure} のαβ法が返す値は "
        f"{expected} ですが、あなたの関数は {returned} を返しました"
    )


def test_a_function_that_reads_nothing_is_told_the_value_and_the_leaf_it_missed() -> None:
    feedback = check_alphabeta(lambda node, alpha, beta: 0, language="en")
    assert feedback.counterexample is not None
    assert feedback.counterexample.to_outline() == ONE_LEAF
    # the full window comes first: no window named, no fail-hard rule added
    assert feedback.messages == [
        "the value of this tree is 8, you returned 0",
        "you never read B, which α-β evaluates",
    ]


def test_a_right_value_from_leaves_read_in_the_wrong_order_is_told_both_orders() -> None:
    def right_to_left(node: Any, alpha: float, beta: float) -> float:
        if node.is_leaf:
            return float(node.value)
        for child in reversed(node.children):
            value = -right_to_left(child, -beta, -alpha)
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        return alpha

    feedback = check_alphabeta(right_to_left, language="en")
    assert feedback.counterexample is not None
    # one leaf per move passes every seed; the first tree with two leaves shows the order
    assert feedback.counterexample.to_outline() == TWO_LEAVES
    assert feedback.messages == ["you read the leaves in the order C B; α-β reads B C"]


def test_the_right_value_from_a_function_reading_every_leaf_names_the_extra_leaves() -> None:
    def reads_all_then_answers(node: Any, alpha: float, beta: float) -> float:
        for leaf in leaves(node):
            leaf.value  # noqa: B018  (reading the value is what is counted)
        return textbook_alphabeta("hard")(node, alpha, beta)

    feedback = check_alphabeta(reads_all_then_answers, language="en")
    assert feedback.counterexample is not None
    # no cut with the full window on two leaves; the first cut is on "- A / -- B 9 / -- C -2"
    # (value 9) with the window (5, 8) below it: B = 9 ≥ 8 cuts, C is never evaluated
    assert feedback.counterexample.to_outline() == "- A\n-- B 9\n-- C -2"
    assert feedback.messages == [
        "with the window (5, 8) (the tree's value is 9): you evaluated C, which α-β prunes"
    ]


def leaves(node: Any) -> list[Any]:
    return [node] if node.is_leaf else [leaf for child in node.children for leaf in leaves(child)]


def test_a_leaf_read_twice_in_a_row_is_read_once() -> None:
    def reads_twice(node: Any, alpha: float, beta: float) -> float:
        if node.is_leaf:
            node.value  # noqa: B018
            return float(node.value)
        for child in node.children:
            value = -reads_twice(child, -beta, -alpha)
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        return alpha

    feedback = check_alphabeta(reads_twice, language="en")
    assert feedback.correct is True and feedback.language == "en"
    assert feedback.messages == [
        "the right value and exactly α-β's leaves on every tree tried, with the full window "
        "and with windows where fail-hard values matter"
    ]
    assert feedback.counterexample is None


@pytest.mark.parametrize("failure", ["hard", "soft"])
def test_check_alphabeta_tries_eight_trees_of_each_size_with_four_windows(failure: str) -> None:
    calls: list[tuple[tuple[int, int], float, float, float]] = []
    student = textbook_alphabeta(failure)

    def counted(node: Any, alpha: float, beta: float) -> float:
        value = student(node, alpha, beta)
        calls.append((shape(node), alpha, beta, value))
        return value

    assert check_alphabeta(counted, failure=failure, language="en").correct
    assert len(calls) == 4 * 8 * len(SIZES_SMALLEST_FIRST)
    assert [size for size, *_ in calls[::4]] == [
        size for size in SIZES_SMALLEST_FIRST for _ in range(8)
    ]
    for start in range(0, len(calls), 4):
        (_, low, high, true), *windows = calls[start : start + 4]
        assert (low, high) == (-math.inf, math.inf)
        # above the value (fails low), below it (fails high), around it; 1 to 4 apart
        assert [(alpha, beta) for _, alpha, beta, _ in windows] == [
            (true + 1, true + 4),
            (true - 4, true - 1),
            (true - 2, true + 2),
        ]


def test_check_negamax_tries_eight_trees_of_each_size_smallest_first() -> None:
    sizes: list[tuple[int, int]] = []

    def negamax(node: Any) -> float:
        if node.is_leaf:
            return float(node.value)
        return max(-negamax(child) for child in node.children)

    def counted(node: Any) -> float:
        sizes.append(shape(node))
        return negamax(node)

    feedback = check_negamax(counted, language="en")
    assert feedback.correct is True and feedback.language == "en"
    assert feedback.counterexample is None
    assert feedback.messages == ["the same value as the reference on every tree tried"]
    assert sizes == [size for size in SIZES_SMALLEST_FIRST for _ in range(8)]
    sizes.clear()
    assert check_negamax(counted, trees=2, language="en").correct
    assert sizes == [size for size in SIZES_SMALLEST_FIRST for _ in range(2)]


@pytest.mark.parametrize(
    ("returned", "shown"),
    [(None, "None"), ("8", "'8'"), (True, "True"), (math.nan, "nan"), (-math.inf, "−∞")],
)
def test_check_negamax_shows_what_a_wrong_function_returned(returned: Any, shown: str) -> None:
    feedback = check_negamax(lambda node: returned, language="en")
    assert feedback.correct is False and feedback.language == "en"
    assert feedback.counterexample is not None
    assert feedback.counterexample.to_outline() == ONE_LEAF
    assert feedback.messages == [
        f"on this tree the negamax value is 8, your function returned {shown}"
    ]


def test_check_negamax_reports_an_exception_on_the_smallest_tree_in_its_language() -> None:
    def crashes(node: Any) -> float:
        raise KeyError("B")

    feedback = check_negamax(crashes, language="ja")
    assert feedback.correct is False and feedback.language == "ja"
    assert feedback.counterexample is not None
    assert feedback.counterexample.to_outline() == ONE_LEAF
    assert feedback.messages == ["あなたの関数で KeyError が発生しました：'B'"]


def test_check_negamax_gives_leaf_values_from_the_view_of_the_player_to_move() -> None:
    # one MAX move to a leaf worth 8: MIN moves at the leaf, so it reads −8
    seen: list[float] = []

    def first_leaf(node: Any) -> float:
        seen.append(node.children[0].value)
        return -node.children[0].value

    check_negamax(first_leaf, language="en")
    assert seen[0] == -8


def test_the_html_of_a_feedback_is_its_verdict_messages_and_tree() -> None:
    right = Feedback(True, ["a < b & c"], language="en")
    assert right._repr_html_() == (
        '<div><b style="color:#1b7f3b">Correct!</b><ul><li>a &lt; b &amp; c</li></ul></div>'
    )
    tree = parse_tree(ONE_LEAF)
    wrong = Feedback(False, ["one", "two"], tree, language="ja")
    assert wrong._repr_html_() == (
        '<div><b style="color:#b3261e">まだ正解ではありません：</b>'
        "<ul><li>one</li><li>two</li></ul><pre>- A\n-- B 8</pre></div>"
    )


def test_a_feedback_as_text_is_its_verdict_then_one_line_per_message() -> None:
    assert str(Feedback(False, ["one", "two"], language="en")) == "Not yet:\n- one\n- two"
    assert str(Feedback(True, language="ja")) == "正解です！"


def test_the_question_is_the_task_a_blank_line_and_the_tree() -> None:
    exercise = PruningExercise(tree=ONE_LEAF)
    assert exercise.question(language="en") == (
        "Search this tree with α-β (children left to right, cut on value ≥ β, fail-hard); "
        "MAX moves at the root. Which leaves are never evaluated? What value does each inner "
        "node return?\n\n- A\n-- B 8"
    )


@pytest.mark.parametrize(
    ("answer", "expected"),
    [("v ≤ 2", "v <= 2"), (3.0, 3), (" Lower ", "lower"), ("J M", {"M", "J"})],
)
def test_a_right_short_answer_is_praised_in_the_language_asked(
    answer: object, expected: object
) -> None:
    set_language("en")  # the course-wide setting differs (conftest restores it after)
    feedback = check_answer(answer, expected, language="ja")
    assert feedback.correct is True and feedback.language == "ja"
    assert str(feedback) == "正解です！"


def test_a_set_answer_of_the_wrong_form_or_names_is_told_so_in_its_language() -> None:
    set_language("en")  # the course-wide setting differs (conftest restores it after)
    malformed = check_answer(3, {"J"}, language="ja")
    assert malformed.correct is False and malformed.language == "ja"
    assert malformed.messages == [
        "答え：ノード名の集合・リスト・文字列で答えてください（3 が渡されました）"
    ]
    assert str(malformed).startswith("まだ正解ではありません：")
    wrong = check_answer({"Q", "R"}, {"J"}, language="ja")
    assert wrong.messages == ["惜しいです：Q、R は違います。1 個足りません。"]


def test_an_expected_answer_of_no_known_kind_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"^check_answer cannot compare with 2j$"):
        check_answer(1, 2j)
