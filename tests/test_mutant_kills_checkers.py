"""The feedback of check_negamax, check_alphabeta and Feedback's HTML, word for word: the facts
mutation testing (``bash scripts/course.sh mutants gamelib/exercises.py``) found no test stating.

The trees tried first are tiny, so each expected message is worked out here by hand from the
tree's outline (asserted first): "- A / -- B 8" is one MAX move to a leaf worth 8, so its value
is 8; a window (9, 12) above it fails low (fail-hard returns α = 9, fail-soft the 8 it saw).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from gamelib.exercises import (
    Convention,
    Feedback,
    PruningExercise,
    check_alphabeta,
    check_answer,
    check_negamax,
)
from gamelib.language import set_language
from gamelib.search.rules import Failure
from gamelib.trace import Cutoff
from gamelib.trees import parse_tree

ONE_LEAF = "- A\n-- B 8"
TWO_LEAVES = "- A\n-- B -9\n-- C 5"


def textbook_alphabeta(failure: str) -> Callable[[Any, float, float], float]:
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
def test_the_other_failure_convention_is_told_its_rule_on_the_smallest_tree(
    failure: Failure,
) -> None:
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
def test_check_alphabeta_tries_eight_trees_of_each_size_with_four_windows(failure: Failure) -> None:
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
        return -float(node.children[0].value)

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


# ---------------------------------------------------------------- PruningExercise, by hand
# MAX at A, MIN at B, MAX at D and E: D = max(4, 6) = 6, so B's β is 6; at E the first leaf
# J = 7 reaches (and passes) β = 6, so E stops and K, L are never searched.
BETA_CUT = "- A\n-- B\n--- D\n---- H 4\n---- I 6\n--- E\n---- J 7\n---- K 1\n---- L 0"
# MAX at A, MIN at B and C: B = min(3, 5) = 3 is α at C, whose first leaf F = 2 is at or
# below it, so C stops and G, H are never searched.
ALPHA_CUT = "- A\n-- B\n--- D 3\n--- E 5\n-- C\n--- F 2\n--- G 9\n--- H 8"


# the reason follows the rule: under ≥ a tie cuts (the choice above is at least as good),
# under > only a better choice does
CHOICE = {">=": "a choice at least as good", ">": "a better choice"}
CHOICE_JA = {">=": "同等以上の選択肢", ">": "より良い選択肢"}


@pytest.mark.parametrize(("cutoff", "relation"), [(">=", "≥"), (">", ">")])
def test_a_beta_cut_is_explained_with_its_node_child_and_relation(
    cutoff: str, relation: str
) -> None:
    exercise = PruningExercise(tree=BETA_CUT, convention=Convention(cutoff=cutoff))  # type: ignore[arg-type]
    reason = (
        f"at E (MAX) J returned 7 {relation} β = 6: MIN above already has {CHOICE[cutoff]}, "
        "so E stops and K, L are never searched"
    )
    assert exercise.check(set(), language="en").messages == [
        f"K is pruned: {reason}",
        f"L is pruned: {reason}",
    ]
    assert exercise.check({"L"}, language="ja").messages == [
        f"K は枝刈りされます：E（MAX）で J が返した値は 7 {relation} β = 6 です。上の MIN には"
        f"すでに{CHOICE_JA[cutoff]}があるので、βカットが起こります。E の探索はここで打ち切られ、"
        "K、L は探索されません"
    ]


@pytest.mark.parametrize(("cutoff", "relation"), [(">=", "≤"), (">", "<")])
def test_an_alpha_cut_is_explained_with_its_node_child_and_relation(
    cutoff: str, relation: str
) -> None:
    exercise = PruningExercise(tree=ALPHA_CUT, convention=Convention(cutoff=cutoff))  # type: ignore[arg-type]
    assert exercise.check("G", language="en").messages == [
        f"H is pruned: at C (MIN) F returned 2 {relation} α = 3: MAX above already has "
        f"{CHOICE[cutoff]}, so C stops and G, H are never searched"
    ]


def test_a_cut_at_the_last_child_names_its_node_and_prunes_nothing() -> None:
    exercise = PruningExercise(tree="- A\n-- B\n--- D 3\n-- C\n--- F 2")
    cuts = [event for event in exercise.trace.events if isinstance(event, Cutoff)]
    assert len(cuts) == 1 and exercise.solution.pruned == frozenset()
    assert exercise.cut_sentence(cuts[0], language="en") == (
        "at C (MIN) F returned 2 ≤ α = 3: MAX above already has a choice at least as good, "
        "so C stops, a cut at the last child: nothing is left to prune"
    )
    with pytest.raises(ValueError, match=r"^D is not pruned$"):
        exercise.explain_pruned("D")


def test_both_parts_of_an_answer_are_checked_and_each_mistake_told_in_its_language() -> None:
    exercise = PruningExercise(tree=ALPHA_CUT)
    assert exercise.check({"pruned": {"G", "H"}, "values": {"A": 3, "B": 3, "C": 3}}).correct
    assert not exercise.check({"pruned": set()}).correct  # the pruned part alone is checked
    feedback = exercise.check({"pruned": {"G"}, "values": {"A": 100, "B": "x"}}, language="ja")
    assert feedback.correct is False and feedback.language == "ja"
    assert feedback.messages == [
        "H は枝刈りされます：C（MIN）で F が返した値は 2 ≤ α = 3 です。上の MAX にはすでに"
        "同等以上の選択肢があるので、αカットが起こります。C の探索はここで打ち切られ、G、H "
        "は探索されません",
        "A が返す値は 3 で、100 ではありません（正確な値）",
        "値：B の値は数で答えてください（'x' が渡されました）",
        "値：答えた値だけを確かめました。答えがないので確かめていないノード：C",
    ]
    assert exercise.check({"values": {}}, language="ja").messages == [
        "値：答えた値だけを確かめました。答えがないので確かめていないノード：A、B、C"
    ]
    assert exercise.check({"values": [1]}, language="en").messages == [
        "values: expected a mapping like {'A': 3}, got list"
    ]
    unknown = exercise.check("Q Z", language="ja")
    assert unknown.messages == [
        "'Q'、'Z'：この木のノードではありません（この木の葉は D、E、F、G、H です）"
    ]


def test_an_answer_of_the_wrong_form_is_told_so_in_its_language() -> None:
    set_language("en")  # the course-wide setting differs (conftest restores it after)
    feedback = PruningExercise(tree=ALPHA_CUT).check("", language="ja")
    assert feedback.correct is False and feedback.language == "ja"
    assert str(feedback).startswith("まだ正解ではありません：\n- 答えが空です")


def test_conventions_are_described_and_bad_ones_refused_by_name() -> None:
    assert Convention(failure="soft").describe(language="en") == (
        "children left to right, cut on value ≥ β, fail-soft"
    )
    assert Convention(cutoff=">", order="reversed").describe(language="en") == (
        "children right to left, cut on value > β (strictly), fail-hard"
    )
    with pytest.raises(ValueError, match=r"^cutoff must be '>=' or '>', not '=>'$"):
        Convention(cutoff="=>")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^order must be 'given' or 'reversed', not 'random'$"):
        Convention(order="random")  # type: ignore[arg-type]


def test_the_default_exercise_is_seed_0_three_plies_two_children_leaves_from_minus_9_to_9() -> None:
    assert PruningExercise().tree == PruningExercise(seed=0).tree
    assert PruningExercise().tree != PruningExercise(seed=1).tree
    values: list[float] = []
    for seed in range(40):
        tree = PruningExercise(seed=seed).tree
        assert all(len(leaf_path) == 4 for leaf_path in paths(tree))  # root + 3 plies
        assert all(len(node.children) in (0, 2) for node, _ in tree.walk())
        values += [leaf.value for leaf in tree.leaves() if leaf.value is not None]
    assert min(values) == -9 and max(values) == 9
    narrow = [
        leaf.value
        for seed in range(40)
        for leaf in PruningExercise(seed=seed, low=5, high=7).tree.leaves()
    ]
    assert set(narrow) == {5, 6, 7}


def paths(tree: Any) -> list[list[Any]]:
    if tree.is_leaf:
        return [[tree]]
    return [[tree, *path] for child in tree.children for path in paths(child)]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_check_alphabeta_reports_an_exception_on_the_smallest_tree_in_its_language(
    language: str,
) -> None:
    def crashes(node: Any, alpha: float, beta: float) -> float:
        raise KeyError("B")

    feedback = check_alphabeta(crashes, language=language)
    assert feedback.correct is False and feedback.language == language
    assert feedback.counterexample is not None
    assert feedback.counterexample.to_outline() == ONE_LEAF
    assert feedback.messages == [
        {
            "en": "your function raised KeyError: 'B'",
            "ja": "あなたの関数で KeyError が発生しました：'B'",
        }[language]
    ]


def test_the_leaves_read_wrongly_are_joined_in_the_language_of_the_feedback() -> None:
    def only_one_child_right(node: Any, alpha: float, beta: float) -> float:
        return textbook_alphabeta("hard")(node, alpha, beta) if len(node.children) == 1 else 0

    # "- A / -- B -9 / -- C 5", the first tree with two leaves: value max(−9, 5) = 5
    missed = check_alphabeta(only_one_child_right, language="ja")
    assert missed.messages == [
        "この木の値は 5 ですが、あなたの関数は 0 を返しました",
        "あなたの関数は B、C を読みませんでしたが、αβ法はそこを評価します",
    ]

    def reads_three(node: Any, alpha: float, beta: float) -> float:
        if len(node.children) == 3:
            for leaf in leaves(node):
                leaf.value  # noqa: B018
        return textbook_alphabeta("hard")(node, alpha, beta)

    # "- A / -- B 4 / -- C -4 / -- D -3", the first with three leaves: value 4; with the
    # window (0, 3) below it B = 4 ≥ 3 cuts, and C and D are never evaluated
    extra = check_alphabeta(reads_three, language="ja")
    assert extra.counterexample is not None
    assert extra.counterexample.to_outline() == "- A\n-- B 4\n-- C -4\n-- D -3"
    assert extra.messages == [
        "探索窓 (0, 3) のとき（この木の値は 4）："
        "あなたの関数は C、D を評価しましたが、αβ法はそこを枝刈りします"
    ]
