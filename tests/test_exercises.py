"""Pruning exercises and implementation checkers."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.exercises import Convention, PruningExercise, check_alphabeta, check_negamax
from gamelib.search.rules import Cutoff as CutoffRule
from gamelib.trace import Cutoff
from gamelib.trees import TEXTBOOK

conventions = st.builds(
    Convention,
    cutoff=st.sampled_from([">=", ">"]),
    order=st.sampled_from(["given", "reversed"]),
    failure=st.sampled_from(["hard", "soft"]),
)
exercises = st.builds(
    PruningExercise,
    seed=st.integers(0, 10**6),
    depth=st.integers(1, 4),
    branching=st.sampled_from([2, 3, (1, 3), (2, 4)]),
    convention=conventions,
)
SOME = settings(max_examples=300, deadline=None)


@SOME
@given(exercises)
def test_the_solution_is_accepted_for_every_seed(exercise: PruningExercise) -> None:
    solution = exercise.solution
    assert exercise.check(set(solution.pruned)).correct
    assert exercise.check({"pruned": sorted(solution.pruned), "values": dict(solution.values)})
    assert exercise.check(" ".join(sorted(solution.pruned)) or set()).correct


@SOME
@given(exercises, st.data())
def test_every_single_leaf_change_is_rejected_with_a_reason(
    exercise: PruningExercise, data: st.DataObject
) -> None:
    leaf = data.draw(st.sampled_from(exercise.leaf_names))
    changed = set(exercise.solution.pruned) ^ {leaf}
    feedback = exercise.check(changed)
    assert not feedback.correct
    assert len(feedback.messages) == 1
    assert feedback.messages[0].startswith(leaf + " is ")


@SOME
@given(exercises, st.data())
def test_every_wrong_value_is_rejected(exercise: PruningExercise, data: st.DataObject) -> None:
    values = dict(exercise.solution.values)
    name = data.draw(st.sampled_from(sorted(values)))
    values[name] += data.draw(st.sampled_from([-1, 1]))
    feedback = exercise.check({"values": values})
    assert not feedback.correct
    assert feedback.messages[0].startswith(f"{name} returns ")


REASONS = {
    (">=", "en"): "already has a choice at least as good",
    (">=", "ja"): "にはすでに同等以上の選択肢があるので",
    (">", "en"): "already has a better choice",
    (">", "ja"): "にはすでにより良い選択肢があるので",
}
"""Why a cut happens, by rule: under ≥ a choice above that is as good already cuts (a tie
cuts); under > only a strictly better one does, so the reason must say "better"."""


@pytest.mark.parametrize("cutoff", [">=", ">"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_cuts_reason_follows_the_rule_in_force(cutoff: CutoffRule, language: str) -> None:
    """Every cut of 300 random exercises, under each rule (fail-hard and fail-soft), in each
    language, at MAX's nodes and at MIN's: the reason is the rule's (at least as good under
    ≥, better under >), never the other rule's, and the comparison shown is strict exactly
    under >."""
    other = ">" if cutoff == ">=" else ">="
    cuts: Counter[bool] = Counter()  # by "at a MAX node"
    for failure in ("hard", "soft"):
        convention = Convention(cutoff, failure=failure)
        for seed in range(300):
            exercise = PruningExercise(seed, depth=3, branching=(2, 3), convention=convention)
            for event in exercise.trace.events:
                if not isinstance(event, Cutoff):
                    continue
                sentence = exercise.cut_sentence(event, language=language)
                assert REASONS[cutoff, language] in sentence, sentence
                assert REASONS[other, language] not in sentence, sentence
                strict_sign = any(f" {sign} " in sentence for sign in (">", "<"))
                assert strict_sign == (cutoff == ">"), sentence
                cuts[exercise._is_max(event.node)] += 1
    assert cuts[True] > 50 and cuts[False] > 50  # β-cuts and α-cuts both checked


def test_the_textbook_walk_through_is_explained_by_its_comparisons() -> None:
    exercise = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"])
    assert exercise.solution.pruned == {"J", "M", "N"}
    assert exercise.check({"J", "F"}).correct  # F stands for its leaves M and N
    missed = exercise.check({"J"})
    assert missed.messages == [
        "M is pruned: at B (MIN) E returned 3 ≤ α = 3: MAX above already has a choice "
        "at least as good, so B stops and F is never searched",
        "N is pruned: at B (MIN) E returned 3 ≤ α = 3: MAX above already has a choice "
        "at least as good, so B stops and F is never searched",
    ]
    too_many = exercise.check({"J", "F", "K"})
    assert too_many.messages == [
        "K is evaluated (number 4): when the search reaches it the window is (3, ∞), and no "
        "earlier sibling of it or of an ancestor caused a cutoff"
    ]
    assert "β = 3" in exercise.explain_pruned("J") and "4 ≥" in exercise.explain_pruned("J")


def test_fail_soft_and_fail_hard_exercises_differ_in_values_not_in_leaves() -> None:
    hard = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"])
    soft = PruningExercise(
        tree=TEXTBOOK["alpha-beta-windows"], convention=Convention(failure="soft")
    )
    assert hard.solution.pruned == soft.solution.pruned
    assert (hard.solution.values["B"], soft.solution.values["B"]) == (3, 2)
    feedback = soft.check({"values": {"B": 3}})
    assert feedback.messages == [
        "B returns 2, not 3 (an upper bound: the true value is ≤ 2)",
        "values: only the values given were checked; not given, so not checked: R, A, C, D, E",
    ]


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (None, "empty answer"),
        ("  ", "empty answer"),
        (42, "expected a set, list or string of node names, got 42"),
        ([1, 2], "expected node names (strings), got [1, 2]"),
        ({"prune": ["J"]}, "unexpected keys ['prune']"),
        ({"Q", "J"}, "'Q': not a node of this tree (its leaves are G, H, I, J, K, L, M, N)"),
        ({"values": [3]}, "values: expected a mapping"),
        ({"values": {"A": "three"}}, "should be a number, got 'three'"),
        ({"values": {"G": 1}}, "G is a leaf"),
        ({"values": {"F": 1}}, "F is pruned, so it returns no value"),
        ({"values": {"Z": 1}}, "'Z' is not a node of this tree"),
    ],
)
def test_malformed_answers_get_a_message_not_an_exception(answer: Any, message: str) -> None:
    feedback = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"]).check(answer)
    assert not feedback.correct
    assert any(message in line for line in feedback.messages), feedback.messages


def test_an_empty_set_means_nothing_is_pruned() -> None:
    exercise = PruningExercise(tree="- R\n-- A 1\n-- B 2")
    assert exercise.solution.pruned == frozenset()
    assert exercise.check(set()).correct


def test_bad_conventions_are_refused() -> None:
    with pytest.raises(ValueError, match="failure must be"):
        Convention(failure="medium")  # type: ignore[arg-type]


def reference_negamax(node: Any) -> float:
    if node.is_leaf:
        return float(node.value)
    return max(-reference_negamax(child) for child in node.children)


def reference_alphabeta(node: Any, alpha: float, beta: float) -> float:
    if node.is_leaf:
        return float(node.value)
    for child in node.children:
        value = -reference_alphabeta(child, -beta, -alpha)
        if value >= beta:
            return beta
        alpha = max(alpha, value)
    return alpha


def test_check_negamax_accepts_a_right_function_and_shows_the_smallest_counterexample() -> None:
    assert check_negamax(reference_negamax).correct

    def forgets_to_negate(node: Any) -> float:
        if node.is_leaf:
            return float(node.value)
        return max(forgets_to_negate(child) for child in node.children)

    feedback = check_negamax(forgets_to_negate)
    assert not feedback.correct
    assert feedback.counterexample is not None
    # The smallest tree tried shows it: one move to a leaf worth 8 for MAX, which is −8 from
    # the view of MIN, who moves at the leaf.
    assert feedback.counterexample.to_outline() == "- A\n-- B 8"
    assert feedback.messages == ["on this tree the negamax value is 8, your function returned −8"]


def test_check_alphabeta_catches_extra_leaves_and_wrong_values() -> None:
    assert check_alphabeta(reference_alphabeta).correct

    def strict(node: Any, alpha: float, beta: float) -> float:
        if node.is_leaf:
            return float(node.value)
        for child in node.children:
            value = -strict(child, -beta, -alpha)
            if value > beta:
                return beta
            alpha = max(alpha, value)
        return alpha

    feedback = check_alphabeta(strict)
    assert not feedback.correct and "which α-β prunes" in feedback.messages[0]

    def crashes(node: Any, alpha: float, beta: float) -> float:
        raise RecursionError("too deep")

    assert check_alphabeta(crashes).messages == ["your function raised RecursionError: too deep"]
    assert not check_alphabeta(lambda node, alpha, beta: 0.0).correct


def test_check_answer_compares_numbers_words_and_sets_without_raising() -> None:
    from gamelib.exercises import check_answer

    assert check_answer(3.0, 3).correct
    assert check_answer(" Lower ", "lower").correct
    assert check_answer("J, M", {"M", "J"}).correct
    assert check_answer(4, 3, explanation="Count again.").messages == [
        "4 is not right. Count again."
    ]
    assert check_answer("three", 3).messages == ["expected a number, got 'three'"]
    assert check_answer(..., 3).messages == ["no answer yet: replace ... or None with your answer"]
    assert check_answer(5, "lower").messages == ["expected a word, got 5"]
    assert check_answer({"J", "Q"}, {"J", "M"}).messages == ["not quite: not Q; 1 missing."]
    assert not check_answer(True, 1).correct
