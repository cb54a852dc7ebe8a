"""Property tests of the five searches on random trees (hypothesis, thousands of cases)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import INF
from gamelib.search import (
    ALGORITHMS,
    alphabeta,
    alphabeta_by_rules,
    alphabeta_failsoft,
    minimax,
    nega_alpha,
    negamax,
)
from gamelib.search.common import SearchResult, SearchStats
from gamelib.search.windows import pvs
from gamelib.trace import Recorder, record
from gamelib.trees import Tree, parse_tree, random_tree
from tests.helpers import Subtraction, scaled, trees, windows

Search = Callable[..., SearchResult]
MANY = scaled(1500)
orders = st.sampled_from(["given", "reversed"])
cutoffs = st.sampled_from([">=", ">"])
WINDOWED = (nega_alpha, alphabeta, alphabeta_failsoft, pvs)
"""The searches with a window (alpha, beta)."""


@MANY
@given(trees(), orders, cutoffs)
def test_all_five_searches_agree_on_the_root_value(tree: Tree, order: str, cutoff: str) -> None:
    values = {search(tree, order=order).value for search in (minimax, negamax)}
    values |= {search(tree, order=order).value for search in WINDOWED}
    values |= {
        alphabeta_by_rules(tree, order=order, cutoff=cutoff, failure=failure).value  # type: ignore[arg-type]
        for failure in ("hard", "soft")
    }
    assert len(values) == 1


@MANY
@given(trees(), windows(), cutoffs)
def test_fail_hard_guarantee_holds_for_any_window(
    tree: Tree, window: tuple[float, float], cutoff: str
) -> None:
    alpha, beta = window
    true_value = minimax(tree).value
    value = alphabeta_by_rules(tree, alpha=alpha, beta=beta, cutoff=cutoff).value  # type: ignore[arg-type]
    if not tree.is_leaf:
        assert alpha <= value <= beta
    if value <= alpha:
        assert true_value <= alpha
    elif value >= beta:
        assert true_value >= beta
    else:
        assert value == true_value


@MANY
@given(trees(), windows(), cutoffs)
def test_fail_soft_guarantee_holds_for_any_window(
    tree: Tree, window: tuple[float, float], cutoff: str
) -> None:
    alpha, beta = window
    true_value = minimax(tree).value
    rules: dict[str, Any] = {"alpha": alpha, "beta": beta, "cutoff": cutoff}
    soft = alphabeta_by_rules(tree, **rules, failure="soft").value
    hard = alphabeta_by_rules(tree, **rules, failure="hard").value
    if soft <= alpha:
        assert true_value <= soft <= hard
    elif soft >= beta:
        assert true_value >= soft >= hard
    else:
        assert soft == true_value == hard


@MANY
@given(trees(), windows())
def test_one_bound_nega_alpha_guarantee_holds_for_any_window(
    tree: Tree, window: tuple[float, float]
) -> None:
    alpha, beta = window
    true_value = minimax(tree).value
    value = nega_alpha(tree, alpha=alpha, beta=beta).value
    if value >= beta:
        assert true_value >= value
    elif value <= alpha:
        assert true_value <= alpha
    else:
        assert value == true_value


@MANY
@given(trees(), windows(), orders)
def test_fail_hard_and_fail_soft_evaluate_the_same_leaves(
    tree: Tree, window: tuple[float, float], order: str
) -> None:
    alpha, beta = window
    options = {"alpha": alpha, "beta": beta, "order": order}
    hard = record(alphabeta_by_rules, tree, **options, failure="hard")
    soft = record(alphabeta_by_rules, tree, **options, failure="soft")
    assert hard.evaluated == soft.evaluated
    assert hard.entered == soft.entered


@MANY
@given(trees(), windows(), orders)
def test_with_strict_cutoffs_fail_soft_never_evaluates_more_than_fail_hard(
    tree: Tree, window: tuple[float, float], order: str
) -> None:
    # With "value > β", a fail-hard child that returns exactly the bound never triggers
    # its parent's cutoff, while the fail-soft child's value lies strictly beyond it.
    alpha, beta = window
    options = {"alpha": alpha, "beta": beta, "order": order, "cutoff": ">"}
    hard = record(alphabeta_by_rules, tree, **options, failure="hard")
    soft = record(alphabeta_by_rules, tree, **options, failure="soft")
    assert set(soft.evaluated) <= set(hard.evaluated)


def test_with_strict_cutoffs_fail_soft_can_prune_more() -> None:
    tree = parse_tree("- A\n-- B\n--- D 6\n-- C\n--- E\n---- G -1\n--- F 9")
    hard = record(alphabeta_by_rules, tree, cutoff=">", failure="hard")
    soft = record(alphabeta_by_rules, tree, cutoff=">", failure="soft")
    # E returns 6 (clamped) under fail-hard: not > α at C, so F is searched; fail-soft
    # E returns −1, strictly below α = 6, so C is cut and F is pruned.
    assert hard.pruned == () and soft.pruned == ("F",)


@MANY
@given(trees(), orders)
def test_every_node_alphabeta_enters_minimax_enters(tree: Tree, order: str) -> None:
    everything = set(record(minimax, tree, order=order).entered)
    for search in (nega_alpha, alphabeta, alphabeta_failsoft):
        assert set(record(search, tree, order=order).entered) <= everything


@MANY
@given(trees(), orders)
def test_one_bound_never_evaluates_fewer_leaves_than_two_bounds(tree: Tree, order: str) -> None:
    one_bound = record(nega_alpha, tree, order=order)
    two_bounds = record(alphabeta, tree, order=order)
    assert set(two_bounds.evaluated) <= set(one_bound.evaluated)
    assert one_bound.result.stats.leaves >= two_bounds.result.stats.leaves


def negamax_from_max_view(tree: Tree, ply: int) -> float:
    """The negamax value of a subtree at ``ply`` (leaf values are from MAX's view)."""
    if tree.is_leaf:
        value = tree.value_for_max(ply)
        return value if ply % 2 == 0 else -value
    return max(-negamax_from_max_view(child, ply + 1) for child in tree.children)


def sort_best_first(tree: Tree, ply: int = 0) -> Tree:
    if tree.is_leaf:
        return tree
    children = sorted(
        (sort_best_first(child, ply + 1) for child in tree.children),
        key=lambda child: negamax_from_max_view(child, ply + 1),
    )
    return Tree(tree.name, tuple(children), move=tree.move, perspective=tree.perspective)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(2, 4))
def test_worst_order_prunes_nothing_up_to_depth_3(seed: int, depth: int, branching: int) -> None:
    # Distinct leaf values, every node's children worst-first: each new child is better for
    # the player to move than the last, so no value ever crosses a bound. (From depth 4 on,
    # a bound set two levels up can still cut deep: see the next test.)
    tree = random_tree(seed, depth, branching, -10_000, 10_000)
    values = [leaf.value for leaf in tree.leaves()]
    if len(set(values)) == len(values):
        worst_first = sort_best_first(tree)
        assert alphabeta(worst_first, order="reversed").stats.leaves == branching**depth


def test_worst_order_can_still_cut_deep_at_depth_4() -> None:
    worst_first = sort_best_first(random_tree(0, 4, 2, -10_000, 10_000))
    trace = record(alphabeta, worst_first, order="reversed")
    assert trace.result.stats.leaves < 2**4
    assert trace.pruned


@pytest.mark.parametrize("search", ALGORITHMS, ids=lambda search: search.__name__)
@pytest.mark.parametrize("pile", range(0, 13))
def test_searches_solve_a_game_through_the_game_protocol(search: Search, pile: int) -> None:
    result = search(Subtraction(pile))
    assert result.value == (-1 if pile % 4 == 0 else 1)
    if pile % 4:
        assert result.move == pile % 4


@pytest.mark.parametrize("search", ALGORITHMS, ids=lambda search: search.__name__)
def test_depth_limit_uses_the_evaluation_and_counts_leaves(search: Search) -> None:
    game = Subtraction(10)
    result = search(game, depth=1, evaluate=lambda state: state[0])
    # After one move the opponent faces 9, 8 or 7 counters: the best is to leave 7.
    assert (result.value, result.move) == (-7, 3)
    assert result.stats.nodes == 4
    assert result.stats.leaves == 3


def test_depth_zero_evaluates_the_root_only() -> None:
    for search in ALGORITHMS:
        result = search(Subtraction(5), depth=0, evaluate=lambda state: 42)
        assert (result.value, result.move, result.pv, result.stats.leaves) == (42, None, (), 1)


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="depth must be 0 or more"):
        alphabeta(Subtraction(3), depth=-1)
    with pytest.raises(ValueError, match="cutoff must be"):
        alphabeta_by_rules(Subtraction(3), cutoff="=>")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cutoff"):
        alphabeta(Subtraction(3), cutoff=">")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="order must be"):
        alphabeta(Subtraction(3), order="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected a Tree or a Game"):
        alphabeta([[1, 2], [3]])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="evaluate function"):
        alphabeta(random_tree(0, 3, 2), depth=1)
    with pytest.raises(ValueError, match=r"a Tree is searched from its root .* got 'A'"):
        alphabeta(random_tree(0, 3, 2), "A")


@pytest.mark.parametrize("search", [minimax, negamax], ids=lambda search: search.__name__)
@pytest.mark.parametrize("option", ["alpha", "beta", "cutoff"])
def test_searches_without_a_window_refuse_window_options(search: Search, option: str) -> None:
    value = ">" if option == "cutoff" else 0
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{option}'"):
        search(random_tree(0, 2, 2), **{option: value})


@pytest.mark.parametrize("search", WINDOWED, ids=lambda search: search.__name__)
@pytest.mark.parametrize("window", [(3, 3), (4, 2), (INF, INF)])
def test_an_empty_window_is_refused_naming_both_bounds(
    search: Search, window: tuple[float, float]
) -> None:
    alpha, beta = window
    tracer = Recorder()
    with pytest.raises(ValueError, match=f"alpha = {alpha} and beta = {beta}"):
        search(random_tree(0, 2, 2), alpha=alpha, beta=beta, tracer=tracer)
    assert tracer.events == []  # refused before anything was searched


@given(st.lists(st.integers(0, 50), min_size=8, max_size=8))
def test_search_stats_add_every_counter(counts: list[int]) -> None:
    first, second = SearchStats(*counts[:4]), SearchStats(*counts[4:])
    total = first + second
    assert total == SearchStats(*(a + b for a, b in zip(counts[:4], counts[4:], strict=True)))
    assert first == SearchStats(*counts[:4])  # the operands are unchanged


@MANY
@given(trees(), windows(), windows(), orders)
def test_a_window_inside_another_evaluates_no_leaf_the_wider_one_does_not(
    tree: Tree, first: tuple[float, float], second: tuple[float, float], order: str
) -> None:
    """Notebooks 04 and 08: a narrower window "only adds cutoffs", so it is never dearer (here
    the leaves of the inner window (max of the alphas, min of the betas) against the outer)."""
    outer = (min(first[0], second[0]), max(first[1], second[1]))
    inner = (max(first[0], second[0]), min(first[1], second[1]))
    if not inner[0] < inner[1]:
        return
    for search in (alphabeta, alphabeta_failsoft):
        wide = record(search, tree, alpha=outer[0], beta=outer[1], order=order)
        narrow = record(search, tree, alpha=inner[0], beta=inner[1], order=order)
        assert set(narrow.evaluated) <= set(wide.evaluated)
        assert set(narrow.entered) <= set(wide.entered)
