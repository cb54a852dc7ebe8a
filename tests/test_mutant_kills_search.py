"""The searches from a given position, and the table's stored move tried first
(gamelib.search): facts a mutation run of ``gamelib/search/alphabeta.py`` (``bash
scripts/course.sh mutants gamelib/search/alphabeta.py``) showed no test stating — fail-soft
α-β searched from the initial position whatever ``state`` it was given, and ignored the table
for move ordering, and every test still passed. The position and its values are worked out by
hand below, not by the module."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib.core import INF
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import ALGORITHMS, alphabeta, alphabeta_failsoft, nega_alpha, negamax
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable
from gamelib.trace import Enter, TableAnswer, record
from gamelib.trees import parse_tree

GAME = TicTacToe()


def threatened() -> Any:
    """X on squares 0 and 3 (the left column's top two), O on 1, O to move: only O on 6
    stops X's column at once, and X still wins (X takes 4, threatening 5 and 8 — a fork),
    so the value for O is −1, while the empty board is a draw (0)."""
    state = GAME.initial_state()
    for move in (0, 1, 3):
        state = GAME.result(state, move)
    return state


@pytest.mark.parametrize("search", ALGORITHMS)
def test_each_search_searches_the_position_it_is_given(search: Any) -> None:
    assert search(GAME, threatened()).value == -1  # the empty board's value is 0


@pytest.mark.parametrize("search", [negamax, alphabeta, alphabeta_failsoft])
def test_the_move_a_table_stored_is_tried_first_next_time(search: Any) -> None:
    state = threatened()
    table = TranspositionTable()
    shallow: SearchResult = search(GAME, state, depth=2, table=table)
    assert shallow.move == 6  # the block: at depth 2 every other move loses to X on 6
    assert GAME.moves(state)[0] != 6  # so the game's own order would try another first
    deeper = record(search, GAME, state=state, depth=3, table=table)
    assert deeper.events[1].move == GAME.move_name(6)  # the root's first child entered
    plain = record(search, GAME, state=state, depth=3)
    assert plain.events[1].move == GAME.move_name(GAME.moves(state)[0])


@pytest.mark.parametrize("search", [negamax, alphabeta, alphabeta_failsoft])
def test_each_table_answer_is_in_the_trace(search: Any) -> None:
    """A position the table answers (a transposition: the same squares taken in another
    order) appears in the trace once per answer the table counts (survivor: fail-soft α-β
    wrapped in its table without the tracer)."""
    table = TranspositionTable()
    trace = record(search, GAME, state=threatened(), table=table)
    answers = [event for event in trace.events if isinstance(event, TableAnswer)]
    assert len(answers) == table.stats.cutoffs > 0
    assert trace.result.value == -1


def test_a_fail_soft_table_answer_is_not_clamped_into_the_window() -> None:
    """After a full-window search stores the position's exact value (−1), a search with the
    window (0, ½) is answered by the table: fail-soft returns the value it knows, −1, a
    tighter bound than the window's edge; fail-hard clamps it to α = 0."""
    for search, expected in ((alphabeta_failsoft, -1), (alphabeta, 0)):
        table = TranspositionTable()
        assert search(GAME, threatened(), table=table).value == -1
        assert search(GAME, threatened(), alpha=0, beta=0.5, table=table).value == expected


def test_nega_alpha_passes_only_the_parents_best_down_and_cuts_on_equality() -> None:
    """[[3, 5], [3, 9]]: B = min(3, 5) = 3 gives the root its best 3; C's first leaf F = 3
    already shows C ≤ 3, not better than B (3 ≥ the bound 3): G is cut. Each child is
    entered with only its parent's best as a bound (MAX's view): D (−∞, ∞), then E (−∞, 3)
    after D = 3; C (3, ∞) after B = 3; F (−∞, ∞), since C has no best yet and nega-alpha
    passes no grandparent's bound down (the deep cutoff it misses)."""
    trace = record(nega_alpha, parse_tree("[[3, 5], [3, 9]]"))
    entered = [(event.node, event.alpha, event.beta) for event in trace.events
               if isinstance(event, Enter)]  # fmt: skip
    assert entered == [
        ("A", -INF, INF), ("B", -INF, INF), ("D", -INF, INF), ("E", -INF, 3),
        ("C", 3, INF), ("F", -INF, INF),
    ]  # fmt: skip
    assert trace.evaluated == ["D", "E", "F"] and "G" in trace.pruned
    assert trace.result.value == 3 and trace.result.algorithm == "nega_alpha"
