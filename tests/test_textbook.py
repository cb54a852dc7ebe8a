"""The textbook trees of SOURCES.md §1: values, moves, leaves, prunings and α/β windows.

The expected walk-throughs are worked out by hand from the algorithms (see the comments),
not copied from a run.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from gamelib.search import (
    ALGORITHMS,
    alphabeta,
    alphabeta_by_rules,
    alphabeta_failsoft,
    minimax,
    nega_alpha,
    negamax,
)
from gamelib.search.common import SearchResult
from gamelib.trace import record
from gamelib.trees import TEXTBOOK, parse_tree

Search = Callable[..., SearchResult]
INF = math.inf
WINDOWS = TEXTBOOK["alpha-beta-windows"]


@pytest.mark.parametrize("search", ALGORITHMS, ids=lambda search: search.__name__)
def test_aima_figure_5_2_is_worth_3_via_a1(search: Search) -> None:
    result = search(TEXTBOOK["aima-fig-5-2"])
    assert result.value == 3
    assert result.move == "a1"
    assert result.pv == ("a1", "b1")


def test_aima_figure_5_2_minimax_values_and_alphabeta_prunes_c2_c3() -> None:
    returned = record(minimax, TEXTBOOK["aima-fig-5-2"]).returned()
    assert {name: returned[name][0] for name in "BCD"} == {"B": 3, "C": 2, "D": 2}
    trace = record(alphabeta, TEXTBOOK["aima-fig-5-2"])
    assert trace.evaluated == ["b1", "b2", "b3", "c1", "d1", "d2", "d3"]
    assert list(trace.pruned) == ["c2", "c3"]


def test_negamax_two_ply_inner_values_change_sign_root_and_move_do_not() -> None:
    tree = TEXTBOOK["negamax-two-ply"]
    # Leaves are from the view of the player to move at the leaf (the root player again).
    # MIN at E1 takes min(3, 5, 1) = 1; E2: min(7, 3, −4) = −4; E3: min(−3, 0, 3) = −3.
    # In negamax every node takes its own mover's view: E1 = −1, E2 = 4, E3 = 3.
    minimax_values = record(minimax, tree).returned(view="max")
    negamax_values = record(negamax, tree).returned(view="mover")
    assert [minimax_values[name][0] for name in ("E1", "E2", "E3")] == [1, -4, -3]
    assert [negamax_values[name][0] for name in ("E1", "E2", "E3")] == [-1, 4, 3]
    for search in (minimax, negamax):
        result = search(tree)
        assert (result.value, result.move, result.pv) == (1, "E1", ("E1", "S13"))


@pytest.mark.parametrize("search", ALGORITHMS, ids=lambda search: search.__name__)
def test_alpha_beta_windows_root_value_is_3_via_a(search: Search) -> None:
    result = search(WINDOWS)
    assert (result.value, result.move) == (3, "A")


def test_alpha_beta_windows_minimax_values() -> None:
    returned = record(minimax, WINDOWS).returned()
    values = {name: returned[name][0] for name in "CDEFAB"}
    assert values == {"C": 3, "D": 4, "E": 2, "F": 5, "A": 3, "B": 2}
    assert minimax(WINDOWS).stats.leaves == 8


@pytest.mark.parametrize("search", [nega_alpha, alphabeta, alphabeta_failsoft])
def test_alpha_beta_windows_evaluates_five_leaves_and_prunes_j_and_f(
    search: Search,
) -> None:
    # D is cut after I = 4 ≥ 3 (A already has 3 from C): J is pruned.
    # B is cut after E ≤ 3 (R already has 3 from A): F, M and N are pruned.
    trace = record(search, WINDOWS)
    assert trace.evaluated == ["G", "H", "I", "K", "L"]
    assert list(trace.pruned) == ["J", "F", "M", "N"]
    assert trace.result.stats.nodes == 11


# The walk-through of two-bound α-β from MAX's view, worked out by hand: each node's window
# on entry, then after every change.
WALK_MAX_VIEW = [
    ("R", -INF, INF),
    ("A", -INF, INF),
    ("C", -INF, INF),
    ("G", -INF, INF),
    ("C", 1, INF),  # G = 1 raises α at C
    ("H", 1, INF),
    ("C", 3, INF),  # H = 3 raises α at C
    ("A", -INF, 3),  # C = 3 lowers β at A
    ("D", -INF, 3),
    ("I", -INF, 3),  # I = 4 ≥ β = 3: cut, J pruned (no change of window)
    ("R", 3, INF),  # A = 3 raises α at R
    ("B", 3, INF),
    ("E", 3, INF),
    ("K", 3, INF),  # K = 2 does not raise α = 3
    ("L", 3, INF),  # L = 1 neither; E returns ≤ 3, and B is cut: 3 ≤ α = 3
]


def mover_view(walk: list[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    """The same windows seen by the player to move: MIN's nodes see (−β, −α)."""
    min_nodes = set("ABGHIJKLMN")
    return [(name, -beta, -alpha) if name in min_nodes else (name, alpha, beta)
            for name, alpha, beta in walk]  # fmt: skip


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft])
def test_alpha_beta_windows_walk_through_in_both_views(search: Search) -> None:
    trace = record(search, WINDOWS)
    assert trace.windows(view="max") == WALK_MAX_VIEW
    assert trace.windows(view="mover") == mover_view(WALK_MAX_VIEW)
    assert mover_view(WALK_MAX_VIEW)[7] == ("A", -3, INF)


def test_b_returns_3_under_fail_hard_and_2_under_fail_soft() -> None:
    hard = record(alphabeta, WINDOWS).returned()
    soft = record(alphabeta_failsoft, WINDOWS).returned()
    # B is a MIN node, so "value ≤ α" is an upper bound from MAX's view.
    assert hard["B"] == (3, "upper")
    assert soft["B"] == (2, "upper")
    # Under both, R keeps A: B's bound is no better than 3.
    assert hard["D"] == (3, "lower") and soft["D"] == (4, "lower")
    assert hard["E"] == (3, "upper") and soft["E"] == (2, "upper")
    assert hard["R"] == soft["R"] == (3, "exact")
    # From B's own (mover's) view, fail-soft says "at least −2", fail-hard "at least −3".
    assert record(alphabeta_failsoft, WINDOWS).returned(view="mover")["B"] == (-2, "lower")


def test_one_bound_nega_alpha_misses_the_deep_bound_at_e() -> None:
    # E is searched with B's bound only, and B has no best yet: E's window is open, and K
    # only raises it to 2. Two-bound α-β gives E the window (3, ∞) inherited from R.
    def windows_of_e(search: Search) -> list[tuple[str, float, float]]:
        return [window for window in record(search, WINDOWS).windows() if window[0] == "E"]

    assert windows_of_e(nega_alpha) == [("E", -INF, INF), ("E", 2, INF)]
    assert windows_of_e(alphabeta) == [("E", 3, INF)]


def test_strict_cutoff_prunes_less_on_ties() -> None:
    tree = parse_tree("- R\n-- A\n--- A1 3\n-- B\n--- B1 3\n--- B2 9")
    assert record(alphabeta, tree).pruned == ("B2",)
    assert record(alphabeta_by_rules, tree, cutoff=">").pruned == ()
    assert alphabeta_by_rules(tree, cutoff=">").value == alphabeta(tree).value == 3


def test_reversed_order_searches_right_to_left() -> None:
    trace = record(alphabeta, WINDOWS, order="reversed")
    assert trace.evaluated[:2] == ["N", "M"]
    assert trace.result.value == 3
