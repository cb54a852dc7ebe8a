"""The transposition table: it never changes a root value, and it saves work."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import Bound, play_random
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, negamax
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable
from gamelib.trace import TableAnswer, record
from gamelib.trees import Tree
from tests.helpers import exact_values, tic_tac_toe_positions, trees, windows

Search = Callable[..., SearchResult]
TABLE_SEARCHES = [negamax, alphabeta, alphabeta_failsoft]


def test_there_are_4520_non_terminal_tic_tac_toe_positions() -> None:
    game = TicTacToe()
    positions = tic_tac_toe_positions()
    assert len(positions) == 5478
    assert sum(not game.is_terminal(state) for state in positions) == 4520


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft, negamax])
def test_the_table_never_changes_a_tic_tac_toe_value(search: Search) -> None:
    game = TicTacToe()
    truth = exact_values(game)
    shared = TranspositionTable()  # results of earlier searches with other windows stay
    checked = 0
    for state in tic_tac_toe_positions():
        if game.is_terminal(state):
            continue
        assert search(game, state, table=shared).value == truth[state]
        checked += 1
    assert checked == 4520
    assert shared.stats.cutoffs > 0


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft])
def test_the_table_with_random_windows_keeps_the_guarantees(search: Search) -> None:
    game = TicTacToe()
    truth = exact_values(game)
    generator = random.Random(5)
    shared = TranspositionTable()
    positions = [state for state in tic_tac_toe_positions() if not game.is_terminal(state)]
    for state in generator.sample(positions, 1500):
        alpha = generator.randint(-2, 1)
        beta = generator.randint(alpha + 1, 2)
        value = search(game, state, alpha=alpha, beta=beta, table=shared).value
        if value <= alpha:
            assert truth[state] <= (alpha if search is alphabeta else value)
        elif value >= beta:
            assert truth[state] >= (beta if search is alphabeta else value)
        else:
            assert value == truth[state]


def test_the_table_saves_most_of_the_work_on_tic_tac_toe() -> None:
    game = TicTacToe()
    plain = alphabeta(game)
    with_table = alphabeta(game, table=TranspositionTable())
    assert with_table.value == plain.value == 0
    assert with_table.stats.nodes * 3 < plain.stats.nodes
    full = negamax(game)
    remembered = negamax(game, table=TranspositionTable())
    assert full.stats.nodes == 549_946
    assert remembered.stats.nodes == 5478  # every position is searched exactly once


@settings(max_examples=400, deadline=None)
@given(trees(), windows(), st.sampled_from(TABLE_SEARCHES), st.integers(1, 8))
def test_a_table_of_any_size_changes_no_value_on_trees(
    tree: Tree, window: tuple[float, float], search: Search, capacity: int
) -> None:
    options = {} if search is negamax else {"alpha": window[0], "beta": window[1]}
    assert search(tree, table=TranspositionTable(capacity), **options).value == (
        search(tree, **options).value
    )


@pytest.mark.parametrize("search", TABLE_SEARCHES)
@pytest.mark.parametrize("start", ["WB/BW", "WB/WB"])
def test_minireversi_values_are_unchanged_and_counts_drop(search: Search, start: str) -> None:
    game = MiniReversi(start=start, order="corners")
    start_state = game.initial_state()
    first = game.result(start_state, game.moves(start_state)[0])
    second = game.result(first, game.moves(first)[0])
    for state in (start_state, second):
        plain = search(game, state)
        remembered = search(game, state, table=TranspositionTable())
        assert remembered.value == plain.value
        assert remembered.stats.leaves < plain.stats.leaves


def random_othello_positions(count: int, plies: int, seed: int) -> list[object]:
    generator = random.Random(seed)
    return [play_random(Othello(), plies, generator)[0] for _ in range(count)]


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft])
def test_othello_values_at_fixed_depth_are_unchanged(search: Search) -> None:
    game = Othello()
    saved = 0
    for state in random_othello_positions(12, 20, seed=3):
        plain = search(game, state, depth=3)
        remembered = search(game, state, depth=3, table=TranspositionTable())
        assert remembered.value == plain.value == minimax(game, state, depth=3).value
        saved += plain.stats.nodes - remembered.stats.nodes
    assert saved >= 0


def test_bound_types_and_the_soundness_rule() -> None:
    classify, answer = TranspositionTable().classify, TranspositionTable().answer
    assert classify(1, 1, 5) is Bound.UPPER
    assert classify(5, 1, 5) is Bound.LOWER
    assert classify(3, 1, 5) is Bound.EXACT
    with pytest.raises(ValueError, match="empty"):  # α = β: a fail-low and a fail-high at once
        classify(3, 3, 3)
    table = TranspositionTable()
    table.store("p", 4, 7, Bound.LOWER, "m")
    entry = table.probe("p")
    assert entry is not None
    assert answer(entry, 4, 0, 6) == 7  # at least 7 settles a window that ends at 6
    assert answer(entry, 4, 0, 9) is None  # at least 7 says nothing inside (0, 9)
    assert answer(entry, 5, 0, 6) is None  # too shallow for a deeper search
    table.store("q", 2, -3, Bound.UPPER, None)
    upper = table.get("q")
    assert upper is not None and answer(upper, 2, -3, 5) == -3 and answer(upper, 2, -4, 5) is None


def test_a_full_table_keeps_the_deeper_result() -> None:
    table = TranspositionTable(capacity=1)
    table.store(1, 5, 0, Bound.EXACT, None)
    table.store(2, 3, 1, Bound.EXACT, None)  # shallower: not stored
    assert table.get(2) is None and table.get(1) is not None
    table.store(3, 5, 2, Bound.EXACT, None)  # as deep: replaces
    assert table.get(1) is None and table.get(3) is not None
    assert table.stats.replaced == 1 and table.stats.stores == 2
    with pytest.raises(ValueError, match="capacity"):
        TranspositionTable(0)


def test_table_answers_appear_in_the_trace() -> None:
    game = TicTacToe()
    table = TranspositionTable()
    trace = record(alphabeta, game, table=table)
    answers = [event for event in trace.events if isinstance(event, TableAnswer)]
    assert len(answers) == table.stats.cutoffs > 0
    assert trace.result.value == 0
