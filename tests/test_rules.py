"""α-β under an exercise's rules: the same search as the lecture's with the usual rule, and the
strict rule's known effects."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from gamelib.search import alphabeta, alphabeta_by_rules, alphabeta_failsoft, minimax
from gamelib.trace import record
from gamelib.trees import Tree, parse_tree
from tests.helpers import scaled, trees, windows

orders = st.sampled_from(["given", "reversed"])


@scaled(800)
@given(trees(), windows(), orders)
def test_with_the_usual_rule_it_is_the_lectures_search_event_for_event(
    tree: Tree, window: tuple[float, float], order: str
) -> None:
    alpha, beta = window
    options: dict[str, Any] = {"alpha": alpha, "beta": beta, "order": order}
    for failure, lecture in (("hard", alphabeta), ("soft", alphabeta_failsoft)):
        by_rules = record(alphabeta_by_rules, tree, cutoff=">=", failure=failure, **options)
        assert by_rules.events == record(lecture, tree, **options).events
        assert by_rules.result == lecture(tree, **options)


@scaled(800)
@given(trees(), orders, st.sampled_from(["hard", "soft"]))
def test_the_strict_rule_finds_the_same_value_and_never_evaluates_fewer_leaves(
    tree: Tree, order: str, failure: str
) -> None:
    usual = record(alphabeta_by_rules, tree, order=order, failure=failure)
    strict = record(alphabeta_by_rules, tree, order=order, failure=failure, cutoff=">")
    assert strict.result.value == usual.result.value == minimax(tree).value
    if failure == "hard":
        assert set(usual.evaluated) <= set(strict.evaluated)


def test_a_tie_with_beta_is_searched_past_under_the_strict_rule() -> None:
    tree = parse_tree("- R\n-- A\n--- A1 3\n-- B\n--- B1 3\n--- B2 9")
    assert record(alphabeta_by_rules, tree).pruned == ("B2",)
    assert record(alphabeta_by_rules, tree, cutoff=">").pruned == ()
