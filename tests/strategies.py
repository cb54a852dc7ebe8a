"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from gamelib.trees import Tree, random_tree


@st.composite
def trees(draw: st.DrawFn, max_depth: int = 5, max_branching: int = 4, values: int = 9) -> Tree:
    """Random trees: ragged branching, small value range so that ties are common."""
    seed = draw(st.integers(0, 2**32 - 1))
    depth = draw(st.integers(0, max_depth))
    fewest = draw(st.integers(1, max_branching))
    most = draw(st.integers(fewest, max_branching))
    return random_tree(seed, depth, (fewest, most), -values, values)


@st.composite
def windows(draw: st.DrawFn, values: int = 9) -> tuple[float, float]:
    """A window alpha < beta, possibly with infinite ends."""
    ends = st.one_of(st.integers(-values - 1, values + 1), st.just(float("inf")))
    alpha = draw(st.one_of(st.integers(-values - 1, values + 1), st.just(float("-inf"))))
    beta = draw(ends.filter(lambda beta: beta > alpha))
    return (alpha, beta)
