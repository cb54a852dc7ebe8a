"""play_random, the one helper behind every "position after N random moves (seeded)"."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.core import Game, play, play_random
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe

GAMES: list[Game[Any, Any]] = [TicTacToe(), MiniReversi(), Othello()]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: type(game).__name__)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 70))
def test_the_moves_are_legal_and_stop_only_at_the_end(
    game: Game[Any, Any], seed: int, plies: int
) -> None:
    state, moves = play_random(game, plies, random.Random(seed))
    replayed = game.initial_state()
    for move in moves:
        replayed = play(game, replayed, move)  # raises on an illegal move
    assert game.key(replayed) == game.key(state)
    assert len(moves) <= plies
    assert len(moves) == plies or game.is_terminal(state)


def test_the_same_seed_gives_the_same_moves_and_a_shared_generator_goes_on() -> None:
    game = Othello()
    first = play_random(game, 20, random.Random(3))
    assert first == play_random(game, 20, random.Random(3))
    generator = random.Random(3)
    assert play_random(game, 20, generator) == first
    assert play_random(game, 20, generator)[1] != first[1]


def test_tic_tac_toe_ends_within_nine_moves() -> None:
    game = TicTacToe()
    for seed in range(20):
        state, moves = play_random(game, 20, random.Random(seed))
        assert 5 <= len(moves) <= 9
        assert game.is_terminal(state)


def test_it_continues_from_a_given_position() -> None:
    game = TicTacToe()
    middle, opening = play_random(game, 3, random.Random(1))
    end, rest = play_random(game, 2, random.Random(2), middle)
    assert end == play_random(game, 2, random.Random(2), middle)[0]
    replayed = game.initial_state()
    for move in opening + rest:
        replayed = play(game, replayed, move)
    assert replayed == end


def test_a_negative_number_of_plies_is_refused() -> None:
    with pytest.raises(ValueError, match="plies must be 0 or more, not -1"):
        play_random(TicTacToe(), -1, random.Random(0))
