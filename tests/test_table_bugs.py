"""The bug gallery: every wrong table is caught on a tic-tac-toe position found by code."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gamelib.experiments.table_bugs import (
    BUGGY_TABLES,
    DepthBlindTable,
    find_counterexample,
)
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, alphabeta_failsoft
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable
from tests.helpers import exact_values, tic_tac_toe_positions

GAME = TicTacToe()
POSITIONS = [state for state in tic_tac_toe_positions() if not GAME.is_terminal(state)]


@pytest.mark.parametrize("table_class", BUGGY_TABLES, ids=lambda table: table.__name__)
@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft])
def test_every_buggy_table_is_caught(
    table_class: type[TranspositionTable], search: Callable[..., SearchResult]
) -> None:
    depths = (1, None) if table_class is DepthBlindTable else (None,)
    found = find_counterexample(table_class, search, GAME, POSITIONS, depths=depths)
    assert found is not None
    assert found.expected == exact_values(GAME)[found.state]
    assert found.got != found.expected


def test_the_sound_table_is_never_caught() -> None:
    for search in (alphabeta, alphabeta_failsoft):
        assert (
            find_counterexample(TranspositionTable, search, GAME, POSITIONS, depths=(1, None))
            is None
        )


def test_a_depth_blind_table_is_harmless_without_a_shallower_search_first() -> None:
    assert find_counterexample(DepthBlindTable, alphabeta, GAME, POSITIONS) is None
