"""The ordering experiment: rearranged trees, the Knuth–Moore bound, the odd–even effect."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.experiments.tree_orders import (
    best_first,
    minimal_tree_leaves,
    ordering_experiment,
    shuffled,
    worst_first,
)
from gamelib.search import alphabeta, alphabeta_failsoft, minimax
from gamelib.trees import Tree, random_tree
from tests.helpers import scaled, trees
from tests.test_search_properties import sort_best_first

MANY = scaled(500)


def leaf_values(tree: Tree) -> Counter[tuple[int, float]]:
    """The leaves with their plies and values from MAX's view (order forgotten)."""
    return Counter((ply, node.value_for_max(ply)) for node, ply in tree.walk() if node.is_leaf)


@MANY
@given(trees(), st.integers(0, 1000))
def test_rearranging_keeps_the_leaves_and_the_value(tree: Tree, seed: int) -> None:
    value = minimax(tree).value
    for arranged in (best_first(tree), worst_first(tree), shuffled(tree, seed)):
        assert minimax(arranged).value == value
        assert leaf_values(arranged) == leaf_values(tree)
        assert len(arranged) == len(tree)


@MANY
@given(trees())
def test_best_first_agrees_with_an_independent_sort(tree: Tree) -> None:
    assert best_first(tree) == sort_best_first(tree)


@MANY
@given(trees())
def test_the_best_child_comes_first_and_the_worst_last(tree: Tree) -> None:
    if tree.is_leaf:
        return

    def value_for_the_root(child: Tree) -> float:  # the root (MAX) playing only this child
        return minimax(Tree("R", (child,))).value

    best = [value_for_the_root(child) for child in best_first(tree).children]
    worst = [value_for_the_root(child) for child in worst_first(tree).children]
    assert best == sorted(best, reverse=True)
    assert worst == sorted(worst)


def test_shuffled_is_reproducible_and_does_reorder() -> None:
    tree = random_tree(3, 3, 4, -100, 100)
    assert shuffled(tree, 1) == shuffled(tree, 1)
    assert shuffled(tree, 1) != shuffled(tree, 2)
    assert shuffled(tree, 1) != tree


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 5), st.integers(1, 4), st.integers(0, 9))
def test_best_first_evaluates_exactly_the_knuth_moore_minimal_tree(
    seed: int, depth: int, branching: int, spread: int
) -> None:
    tree = best_first(random_tree(seed, depth, branching, -spread, spread))
    for search in (alphabeta, alphabeta_failsoft):
        assert search(tree).stats.leaves == minimal_tree_leaves(branching, depth)


def test_minimal_tree_leaves_by_hand() -> None:
    assert minimal_tree_leaves(2, 4) == 4 + 4 - 1
    assert minimal_tree_leaves(3, 3) == 9 + 3 - 1
    assert minimal_tree_leaves(10, 0) == 1
    assert minimal_tree_leaves(1, 7) == 1
    with pytest.raises(ValueError, match="branching"):
        minimal_tree_leaves(0, 3)


@pytest.mark.parametrize("branching", [2, 3, 4, 8, 30])
def test_one_ply_more_costs_alternately_more_and_less(branching: int) -> None:
    # the odd–even effect: from an even depth to the next odd one the minimal tree grows
    # by about (b + 1) / 2, from odd to even by about 2b / (b + 1)
    growth = [
        minimal_tree_leaves(branching, depth + 1) / minimal_tree_leaves(branching, depth)
        for depth in range(1, 10)
    ]
    even_to_odd, odd_to_even = growth[1::2], growth[0::2]
    assert min(even_to_odd) > max(odd_to_even)


def test_the_ordering_experiment_orders_the_orders() -> None:
    rows = ordering_experiment(3, range(1, 6), samples=6, seed=11)
    assert [row.depth for row in rows] == [1, 2, 3, 4, 5]
    for row in rows:
        assert row.best == row.minimal == minimal_tree_leaves(3, row.depth)
        assert row.best <= row.random <= row.minimax
        assert row.worst <= row.minimax
    # worst first prunes nothing up to depth 3 (distinct values are almost sure here) ...
    assert [row.worst == row.minimax for row in rows[:3]] == [True, True, True]
    # ... but from depth 4 on, a bound from two levels up still cuts deep
    assert all(row.worst < row.minimax for row in rows[3:])
    assert ordering_experiment(3, [4], samples=6, seed=11) == rows[3:4]


def test_worst_first_prunes_at_depth_2_and_3_only_through_a_tie() -> None:
    """Notebook 08: "worst first prunes nothing up to depth 3" holds without ties; under the
    ≥ β rule a tie cuts (22 of 500 depth-2 trees and 137 of 500 depth-3 trees with leaf
    values −9…9; seed 18 at depth 2 evaluates 15 of 16 leaves)."""
    from gamelib.experiments.tree_orders import worst_first_cuts

    branching, trees = 4, 500
    for depth, expected in ((2, 22), (3, 137)):
        cuts = worst_first_cuts(depth, branching, trees)
        plain = [  # the same count with the course's own alphabeta (another implementation)
            seed
            for seed in range(trees)
            if alphabeta(worst_first(random_tree(seed, depth, branching))).stats.leaves
            < branching**depth
        ]
        assert cuts == plain and len(cuts) == expected
        for seed in cuts:  # every tree that prunes has two equal leaf values
            values = leaf_values(random_tree(seed, depth, branching))
            assert sum(values.values()) > len(values)
        assert worst_first_cuts(depth, branching, trees, cutoff=">") == []
        assert worst_first_cuts(depth, branching, 50, low=-(10**9), high=10**9) == []
    assert alphabeta(worst_first(random_tree(18, 2, branching))).stats.leaves == 15
    assert len(worst_first_cuts(4, branching, 20, cutoff=">")) > 0  # deep cutoffs need no tie
