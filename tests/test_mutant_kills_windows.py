"""Aspiration windows and MTD(f) (gamelib.search.windows): the facts mutation testing
(``bash scripts/course.sh mutants gamelib/search/windows.py``) found no test stating. The
expected windows and lines are worked out by hand in the comments."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from gamelib.core import INF
from gamelib.search import alphabeta_failsoft, negamax
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import aspiration, mtdf, null_window, pvs
from gamelib.trace import Enter, ReSearch, TableAnswer, record
from gamelib.trees import parse_tree, random_tree
from tests.test_mutant_kills_search import GAME as TICTACTOE
from tests.test_mutant_kills_search import threatened

# MAX at A, MIN at B and C: B = min(3, 3) = 3 and C = min(5, 3) = 3 tie at A.
TIES = parse_tree("- A\n-- B\n--- D 3\n--- E 3\n-- C\n--- F 5\n--- G 3")


@pytest.mark.parametrize("seed", range(4))
def test_aspiration_returns_its_last_search_named_aspiration(seed: int) -> None:
    tree = random_tree(seed, 3, 3)
    for guess in (-20, 0, 20):  # fails low, holds or fails high
        result = aspiration(tree, guess=guess, delta=2)
        last = result.probes[-1]
        same = alphabeta_failsoft(tree, alpha=last.alpha, beta=last.beta)
        assert (result.value, result.move, result.pv) == (same.value, same.move, same.pv)
        assert result.value == negamax(tree).value and result.algorithm == "aspiration"


def test_aspiration_widens_a_missed_window_by_one_step_past_the_value() -> None:
    tree = random_tree(3, 3, 3)
    value = negamax(tree).value
    # guessed far above: the first window fails low with r ≥ v, the second is (−∞, r + 1)
    low = aspiration(tree, guess=value + 50, delta=1).probes
    assert low[0].value <= low[0].alpha
    assert (low[1].alpha, low[1].beta) == (-math.inf, low[0].value + 1)
    high = aspiration(tree, guess=value - 50, delta=1, step=3).probes
    assert high[0].value >= high[0].beta
    assert (high[1].alpha, high[1].beta) == (high[0].value - 3, math.inf)


def test_aspiration_passes_the_order_and_the_evaluation_on() -> None:
    # window (2, 4) holds 3: one search. Left to right the first best is B then D; right to
    # left C comes first (C = 3, then B ties), and at C the leaf G = 3 (then F = 5)
    assert aspiration(TIES, guess=3, delta=1).pv == ("B", "D")
    assert aspiration(TIES, guess=3, delta=1, order="reversed").pv == ("C", "G")
    # cut at depth 1 where every position is worth 7 to the player to move: A's children
    # are worth 7 to MIN, so −7 to MAX
    at_depth_one = aspiration(TIES, guess=0, delta=1, depth=1, evaluate=lambda state: 7)
    assert at_depth_one.value == -7


def test_mtdf_first_asks_whether_the_value_is_at_least_0() -> None:
    tree = random_tree(5, 3, 3)
    first = mtdf(tree).probes[0]
    # g = 0 is not yet the lower bound (−∞), so γ = 0: the window (γ − 1, γ) = (−1, 0)
    assert (first.alpha, first.beta) == (-1, 0)
    assert mtdf(tree, first_guess=4).probes[0].beta == 4


def test_mtdf_fills_the_table_it_is_given() -> None:
    table = TranspositionTable()
    tree = random_tree(5, 3, 3)
    assert mtdf(tree, table=table).value == negamax(tree).value
    assert len(table) > 0


WINDOWED: dict[str, Callable[..., Any]] = {"aspiration": aspiration, "pvs": pvs, "mtdf": mtdf}


def exact(name: str, tree: Any, **options: Any) -> Any:
    """The exact value of one windowed search, called as it needs (aspiration: a guess)."""
    if name == "aspiration":
        return aspiration(tree, guess=0, delta=1, **options)
    return WINDOWED[name](tree, **options)


@pytest.mark.parametrize("name", sorted(WINDOWED))
def test_every_option_reaches_the_searches_of_a_windowed_search(name: str) -> None:
    # from C, where MIN moves: its children F = 5, G = 3 are worth −5, −3 to the mover
    from_c = (TIES.children[1], 1)
    assert exact(name, TIES, state=from_c).value == negamax(TIES, from_c).value == -3
    # cut at depth 1, every position worth 7 to the mover: −7 at A
    assert exact(name, TIES, depth=1, evaluate=lambda state: 7).value == -7
    asked: list[int] = []

    def counted(state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        asked.append(len(moves))
        return moves

    assert exact(name, TIES, order=counted).value == 3 and asked
    assert exact(name, TIES).algorithm == name


@pytest.mark.parametrize("gamma", [-1, 3, 4, 9])
def test_null_window_is_one_fail_soft_search_with_gamma_minus_one_and_gamma(gamma: int) -> None:
    tree = random_tree(2, 3, 3)
    result = null_window(tree, gamma=gamma)
    same = alphabeta_failsoft(tree, alpha=gamma - 1, beta=gamma)
    assert (result.value, result.move, result.pv) == (same.value, same.move, same.pv)
    assert result.algorithm == "null_window"
    from_c = (TIES.children[1], 1)  # worth −3 to MIN, who moves at C
    assert (null_window(TIES, from_c, gamma=-3).value >= -3) is True
    assert (null_window(TIES, from_c, gamma=-2).value >= -2) is False
    assert null_window(TIES, gamma=-7, depth=1, evaluate=lambda state: 7).value >= -7
    assert null_window(TIES, gamma=-6, depth=1, evaluate=lambda state: 7).value < -6
    assert null_window(TIES, gamma=4, order="reversed").pv[0] == "C"


def test_a_null_window_of_no_width_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^step must be positive, not 0$"):
        null_window(TIES, gamma=3, step=0)


@pytest.mark.parametrize("seed", range(3))
def test_mtdf_counts_the_nodes_of_every_probe_and_returns_the_last(seed: int) -> None:
    tree = random_tree(seed, 3, 3)
    result = mtdf(tree)
    assert len(result.probes) >= 2
    # the same null-window searches again, in order, sharing one table as MTD(f) does
    table = TranspositionTable()
    replays = [null_window(tree, gamma=probe.beta, table=table) for probe in result.probes]
    assert result.stats.nodes == sum(replay.stats.nodes for replay in replays)
    last = replays[-1]
    assert (result.value, result.move, result.pv) == (last.value, last.move, last.pv)


# PVS: the facts a run of the `pvs` mutants alone (with the tests above) showed no test stating.


def entered_windows(trace: Any) -> list[tuple[str, float, float]]:
    """Each node entered with its window, in MAX's view, in order."""
    return [(event.node, event.alpha, event.beta) for event in trace.events
            if isinstance(event, Enter)]  # fmt: skip


def test_pvs_probes_each_later_child_with_a_window_one_step_wide() -> None:
    """On TIES (MAX's view): B and its first leaf D get the full window. After D = 3, B (MIN)
    asks whether E is below 3: the null window (2, 3). After B = 3, A asks whether C is above
    3: (3, 4); C's first child F gets C's own window (3, 4); F = 5 leaves C's window as it
    was, so G is asked (3, 4) too, and G = 3 shows C ≤ 3: A keeps B."""
    assert entered_windows(record(pvs, TIES)) == [
        ("A", -INF, INF), ("B", -INF, INF), ("D", -INF, INF), ("E", 2, 3),
        ("C", 3, 4), ("F", 3, 4), ("G", 3, 4),
    ]  # fmt: skip
    # with step 3 the null windows are 3 wide: E (0, 3), C (3, 6), F (3, 6); F = 5 narrows
    # C's window to (3, 5), and G is probed 3 below its top: (2, 5)
    with_step = entered_windows(record(pvs, TIES, step=3))
    assert with_step[3:] == [("E", 0, 3), ("C", 3, 6), ("F", 3, 6), ("G", 2, 5)]


def test_pvs_keeps_the_first_of_equal_children_as_negamax_does() -> None:
    # B = C = 3: C's probe (is C > 3?) fails low with 3, which is not better than B
    assert pvs(TIES).pv == negamax(TIES).pv == ("B", "D")
    assert pvs(TIES, order="reversed").pv == negamax(TIES, order="reversed").pv == ("C", "G")


def test_pvs_cuts_off_as_soon_as_a_value_reaches_beta() -> None:
    # with β = 3, B = 3 reaches β at once: C is never entered (fail-soft, value ≥ β cuts)
    trace = record(pvs, TIES, beta=3)
    assert trace.entered == ["A", "B", "D", "E"]
    assert trace.result.value == 3 and trace.result.move == "B"


def test_pvs_tries_the_move_its_table_stored_first_and_traces_each_table_answer() -> None:
    """The Tic-tac-toe position of tests/test_mutant_kills_search.py, O to move, whose only
    move that does not lose at once is 6 (worked out there by hand)."""
    state = threatened()
    table = TranspositionTable()
    assert pvs(TICTACTOE, state, depth=2, table=table).move == 6
    assert TICTACTOE.moves(state)[0] != 6  # the game's own order tries another move first
    deeper = record(pvs, TICTACTOE, state=state, depth=3, table=table)
    assert deeper.events[1].move == TICTACTOE.move_name(6)  # the root's first child entered
    full = TranspositionTable()
    trace = record(pvs, TICTACTOE, state=state, table=full)
    answers = [event for event in trace.events if isinstance(event, TableAnswer)]
    assert len(answers) == full.stats.cutoffs > 0
    assert trace.result.value == -1


def test_a_pvs_table_answer_is_not_clamped_into_the_window() -> None:
    # the exact −1 stored by a full search answers the window (0, ½): fail-soft says −1, not 0
    table = TranspositionTable()
    assert pvs(TICTACTOE, threatened(), table=table).value == -1
    assert pvs(TICTACTOE, threatened(), alpha=0, beta=0.5, table=table).value == -1


def test_mtdf_with_a_step_of_3_asks_null_windows_3_wide() -> None:
    """Leaves on the grid of 3: B = min(3, 9) = 3, C = min(6, −3) = −3, D = min(12, 0) = 0, so
    A = 3. From the guess 0 the first probe asks (−3, 0), and every probe is 3 wide."""
    tree = parse_tree("[[3, 9], [6, -3], [12, 0]]")
    result = mtdf(tree, step=3)
    assert result.value == negamax(tree).value == 3
    assert (result.probes[0].alpha, result.probes[0].beta) == (-3, 0)
    assert {probe.beta - probe.alpha for probe in result.probes} == {3}


def test_pvs_counts_each_node_it_enters_once() -> None:
    # TIES: A, B, D, E, C, F, G (no re-search); with β = 3 only A, B, D, E
    assert pvs(TIES).stats.nodes == len(record(pvs, TIES).entered) == 7
    assert pvs(TIES, beta=3).stats.nodes == 4


@pytest.mark.parametrize("seed", range(12))
def test_pvs_cut_off_at_a_depth_agrees_with_negamax_after_its_re_searches(seed: int) -> None:
    """A re-searched child is searched to the same depth as its probe: with a depth limit
    of 2 on trees of depth 4 the value is negamax's at depth 2 (a position at the limit is
    scored by its last leaf, for the player to move). Most seeds re-search (9 of 12)."""
    tree = random_tree(seed, 4, 3)

    def evaluate(state: Any) -> float:
        node, player = state
        value = node.leaves()[-1].value
        return value if player == 0 else -value

    expected = negamax(tree, depth=2, evaluate=evaluate).value
    trace = record(pvs, tree, depth=2, evaluate=evaluate)
    assert trace.result.value == expected
    if seed in (0, 1, 3, 8):  # seeds whose root re-searches a child (its value changes)
        assert any(isinstance(event, ReSearch) for event in trace.events)
