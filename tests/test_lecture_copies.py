"""The hook-free copies in benchmarks/tracing_cost.py must stay the library's searches.

The benchmark measures what the tracer hooks cost by timing each search against a copy with
the hook lines taken out. If a copy drifted (another loop, another count), the ratio would
measure something else: so each copy must return the same value, move, principal variation
and counts as the library search, on random trees of every shape.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tracing_cost import alphabeta_without_hooks, negamax_without_hooks
from gamelib.search import alphabeta, negamax
from gamelib.trees import Tree, random_tree
from tests.helpers import trees

random_trees = st.one_of(
    trees(),  # irregular shapes: leaves at different depths
    st.builds(
        random_tree,
        st.integers(0, 2**32 - 1),  # seed
        st.integers(0, 5),  # depth
        st.tuples(st.integers(1, 2), st.integers(2, 4)),  # branching (fewest, most)
        st.integers(-9, 0),  # lowest leaf value
        st.integers(0, 9),  # highest leaf value
    ),
)


@settings(max_examples=300, deadline=None)
@given(random_trees)
def test_the_hook_free_negamax_is_the_library_negamax(tree: Tree) -> None:
    copy, library = negamax_without_hooks(tree), negamax(tree)
    assert (copy.value, copy.move, copy.pv) == (library.value, library.move, library.pv)
    assert (copy.stats.nodes, copy.stats.leaves) == (library.stats.nodes, library.stats.leaves)


@settings(max_examples=300, deadline=None)
@given(random_trees)
def test_the_hook_free_alphabeta_is_the_library_alphabeta(tree: Tree) -> None:
    copy, library = alphabeta_without_hooks(tree), alphabeta(tree)
    assert (copy.value, copy.move, copy.pv) == (library.value, library.move, library.pv)
    assert (copy.stats.nodes, copy.stats.leaves) == (library.stats.nodes, library.stats.leaves)


def test_the_benchmark_trees_agree_too() -> None:
    # The two trees the benchmark times (seed 2026), once each.
    negamax_tree, alphabeta_tree = random_tree(2026, 10, 3), random_tree(2026, 11, 3)
    assert negamax_without_hooks(negamax_tree) == negamax(negamax_tree)
    assert alphabeta_without_hooks(alphabeta_tree) == alphabeta(alphabeta_tree)
