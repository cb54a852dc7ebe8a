"""Every checker accepts the answers an independent reference computes under each convention it
offers, and rejects the near misses (one leaf off, one value off, the other convention's answer).

The reference here is written from the textbook definitions in MAX/MIN form, sharing no code
with gamelib's searches."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from gamelib.exercises import (
    Convention,
    PruningExercise,
    check_alphabeta,
    check_answer,
    check_negamax,
    read_statement,
)
from gamelib.trees import Tree

CONVENTIONS = [
    Convention(cutoff=cutoff, order=order, failure=failure)
    for cutoff, order, failure in itertools.product(
        (">=", ">"), ("given", "reversed"), ("hard", "soft")
    )
]


def reference(tree: Tree, convention: Convention) -> tuple[set[str], dict[str, float]]:
    """α-β in MAX/MIN form under ``convention``: (pruned leaves, value each searched inner
    node returns, from MAX's view)."""
    evaluated: list[str] = []
    values: dict[str, float] = {}

    def crosses(value: float, bound: float, maximizing: bool) -> bool:
        if convention.cutoff == ">=":
            return value >= bound if maximizing else value <= bound
        return value > bound if maximizing else value < bound

    def search(node: Tree, ply: int, alpha: float, beta: float) -> float:
        if node.is_leaf:
            evaluated.append(node.name)
            return node.value_for_max(ply)
        maximizing = ply % 2 == 0
        children = node.children[::-1] if convention.order == "reversed" else node.children
        best = -math.inf if maximizing else math.inf
        result = None
        for child in children:
            value = search(child, ply + 1, alpha, beta)
            best = max(best, value) if maximizing else min(best, value)
            if crosses(value, beta if maximizing else alpha, maximizing):
                hard_bound = beta if maximizing else alpha
                result = value if convention.failure == "soft" else hard_bound
                break
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
        if result is None:
            result = best if convention.failure == "soft" else (alpha if maximizing else beta)
        values[node.name] = result
        return result

    search(tree, 0, -math.inf, math.inf)
    pruned = {leaf.name for leaf in tree.leaves()} - set(evaluated)
    return pruned, values


EXERCISES = [(seed, convention) for seed in range(12) for convention in CONVENTIONS]


@pytest.mark.parametrize(("seed", "convention"), EXERCISES)
def test_the_reference_answer_passes_under_every_convention(
    seed: int, convention: Convention
) -> None:
    exercise = PruningExercise(seed=seed, depth=3, branching=(1, 3), convention=convention)
    pruned, values = reference(exercise.tree, convention)
    feedback = exercise.check({"pruned": pruned, "values": values})
    assert feedback.correct, feedback.messages
    assert feedback.messages == []  # every value given: no "not checked" note
    assert exercise.check(pruned).correct


@pytest.mark.parametrize(("seed", "convention"), EXERCISES)
def test_near_misses_fail(seed: int, convention: Convention) -> None:
    exercise = PruningExercise(seed=seed, depth=3, branching=(1, 3), convention=convention)
    pruned, values = reference(exercise.tree, convention)
    leaves = [leaf.name for leaf in exercise.tree.leaves()]
    evaluated = [leaf for leaf in leaves if leaf not in pruned]
    assert not exercise.check(pruned | {evaluated[-1]}).correct
    if pruned:
        assert not exercise.check(pruned - {sorted(pruned)[0]}).correct
    some_node = next(iter(values))
    off_by_one = {**values, some_node: values[some_node] + 1}
    assert not exercise.check({"values": off_by_one}).correct


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_the_other_conventions_answer_fails_where_it_differs(convention: Convention) -> None:
    differing = 0
    for seed in range(40):
        exercise = PruningExercise(seed=seed, depth=3, branching=(1, 3), convention=convention)
        mine = reference(exercise.tree, convention)
        for other in CONVENTIONS:
            theirs = reference(exercise.tree, other)
            if theirs[0] != mine[0]:
                differing += 1
                assert not exercise.check(theirs[0]).correct
            searched_both = set(theirs[1]) & set(mine[1])
            if any(theirs[1][name] != mine[1][name] for name in searched_both):
                differing += 1
                answer = {name: theirs[1][name] for name in searched_both}
                assert not exercise.check({"values": answer}).correct
    assert differing > 0  # the conventions do differ on these trees


def test_a_partial_values_answer_passes_and_names_what_was_not_checked() -> None:
    exercise = PruningExercise(seed=16, depth=3, branching=2, convention=Convention(failure="soft"))
    _, values = reference(exercise.tree, exercise.convention)
    first, *rest = [name for name in exercise.tree.nodes() if name in values]
    feedback = exercise.check({"values": {first: values[first]}})
    assert feedback.correct
    assert feedback.messages == [
        f"values: only the values given were checked; not given, so not checked: {', '.join(rest)}"
    ]


# --------------------------------------------------------------------------- check_alphabeta


def student_alphabeta(failure: str, strict: bool = False) -> Any:
    """A student's negamax-form α-β, fail-hard or fail-soft, cutting on ≥ (or > if strict)."""

    def search(node: Any, alpha: float, beta: float) -> float:
        if node.is_leaf:
            return float(node.value)
        best = -math.inf
        for child in node.children:
            value = -search(child, -beta, -alpha)
            best = max(best, value)
            if value > beta or (value == beta and not strict):
                return value if failure == "soft" else beta
            alpha = max(alpha, value)
        return best if failure == "soft" else alpha

    return search


def test_check_alphabeta_accepts_each_failure_convention_and_rejects_the_other() -> None:
    assert check_alphabeta(student_alphabeta("hard"), failure="hard").correct
    assert check_alphabeta(student_alphabeta("soft"), failure="soft").correct
    wrong = check_alphabeta(student_alphabeta("soft"), failure="hard")
    assert not wrong.correct
    assert "with the window" in wrong.messages[0]
    assert not check_alphabeta(student_alphabeta("hard"), failure="soft").correct


@pytest.mark.parametrize("failure", ["hard", "soft"])
def test_check_alphabeta_rejects_near_misses(failure: str) -> None:
    assert not check_alphabeta(student_alphabeta(failure, strict=True), failure=failure).correct

    def full_window_always(node: Any, alpha: float, beta: float) -> float:
        return student_alphabeta(failure)(node, -math.inf, math.inf)

    assert not check_alphabeta(full_window_always, failure=failure).correct


def test_check_negamax_accepts_negamax_and_rejects_a_missing_negation() -> None:
    def negamax(node: Any) -> float:
        if node.is_leaf:
            return float(node.value)
        return max(-negamax(child) for child in node.children)

    def no_negation(node: Any) -> float:
        if node.is_leaf:
            return float(node.value)
        return max(no_negation(child) for child in node.children)

    assert check_negamax(negamax).correct
    assert not check_negamax(no_negation).correct


# --------------------------------------------------------------------------- check_answer

SAME_AS_AT_MOST_2 = [
    "v <= 2",
    "v<=2",
    "v ≤ 2",
    "v ≤2",
    "≤2",
    "<= 2",
    "v =< 2",
    "V ⩽ 2",
    "value <= 2.0",
    # what a Japanese input method types: ≦ (U+2266), full-width letters, digits and signs
    "v ≦ 2",
    "v≦２",
    "ｖ　＜＝　２",
    # read from the number's side: 2 is at least v
    "2 >= v",
    "2 ≥ v",
    "2 ≧ v",
    "2=>v",
    "2.0 ⩾ value",
]
NEAR_MISSES = [
    "v < 2",
    "v >= 2",
    "v ≥ 2",
    "v ≧ 2",
    "2 ≦ v",
    "2 <= v",
    "v = 2",
    "2 = v",
    "2",
    "v <= 3",
    "v <= -2",
    "3 ≧ v",
    "at most",
    "",
]


@pytest.mark.parametrize("answer", SAME_AS_AT_MOST_2)
def test_every_way_of_writing_the_bound_passes(answer: str) -> None:
    assert check_answer(answer, "v <= 2").correct


@pytest.mark.parametrize("answer", NEAR_MISSES)
def test_other_statements_fail(answer: str) -> None:
    assert not check_answer(answer, "v <= 2").correct


def test_read_statement_normalises_relation_and_number() -> None:
    assert read_statement("v ≥ −3") == (">=", -3.0)
    assert read_statement("=> 4") == (">=", 4.0)
    assert read_statement("v == 0") == ("=", 0.0)
    assert read_statement("v < 2") is None
    assert read_statement("v <= two") is None


@pytest.mark.parametrize(
    ("text", "statement"),
    [
        ("v ≦ 2", ("<=", 2.0)),
        ("v ≧ 2", (">=", 2.0)),
        ("v ≧ −3", (">=", -3.0)),
        ("≧ ∞", (">=", math.inf)),
        ("2 >= v", ("<=", 2.0)),
        ("2 ≤ v", (">=", 2.0)),
        ("2 ≦ v", (">=", 2.0)),
        ("−3 ≧ v", ("<=", -3.0)),
        ("2 = v", ("=", 2.0)),
        ("ｖ＞＝２", (">=", 2.0)),
    ],
)
def test_read_statement_reads_the_japanese_symbols_and_the_reversed_forms(
    text: str, statement: tuple[str, float]
) -> None:
    assert read_statement(text) == statement


@pytest.mark.parametrize("junk", ["2 >=", ">= v", "v ≦", "2 ≦ 3", "v ≦≦ 2", "v ≦ 2 ≦ 3", "w ≦ 2"])
def test_junk_gets_a_message_naming_what_was_expected(junk: str) -> None:
    assert read_statement(junk) is None
    english = check_answer(junk, "v <= 2", language="en")
    japanese = check_answer(junk, "v <= 2", language="ja")
    assert not english.correct and not japanese.correct
    assert english.messages == [
        "expected a statement about the true value v, such as 'v <= 2', 'v = 2' or 'v >= 2' "
        f"(≤, ≥, ≦, ≧ and '2 >= v' are read too), got {junk!r}"
    ]
    assert "≦、≧" in japanese.messages[0] and repr(junk) in japanese.messages[0]
