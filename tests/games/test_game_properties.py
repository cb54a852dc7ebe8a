"""Properties every game must have, checked along random playouts (seeded by hypothesis).

For each game and each position of a random game:
- ``result`` never changes the state it is given;
- ``moves`` is empty exactly when ``is_terminal`` says the game is over;
- values are antisymmetric: the same position with the other side to move has the opposite
  value (``evaluate`` always, ``utility`` at the end);
- equal positions have equal keys, different positions different keys;
- disc (or mark) counts are consistent with the moves played;
- a side passes only when it has no other move, and then PASS is its only move;
- a move that is not legal, played through ``core.play``, raises ``IllegalMoveError``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import IllegalMoveError, play
from gamelib.games import minireversi, othello, tictactoe

# ---------------------------------------------------------------------------------------------
# What each game must say about its own states, written independently of the game code.


def tictactoe_other_side(state: tictactoe.TicTacToeState) -> tictactoe.TicTacToeState:
    mover, other = state
    return (other, mover)


def tictactoe_counts(
    before: tictactoe.TicTacToeState, move: int, after: tictactoe.TicTacToeState
) -> None:
    mover, other = after
    assert mover & other == 0
    assert (mover | other).bit_count() == (before[0] | before[1]).bit_count() + 1
    assert after[1] == before[0] | 1 << move  # the mark went to the side that moved


def tictactoe_can_move(state: tictactoe.TicTacToeState) -> bool:
    mover, other = state
    lines = tictactoe.LINES
    finished = any(bits & line == line for bits in state for line in lines)
    return not finished and (mover | other) != 0b111_111_111


def tictactoe_illegal(state: tictactoe.TicTacToeState) -> list[int]:
    mover, other = state
    return [square for square in range(9) if (mover | other) >> square & 1] + [9, -1]


def mini_other_side(state: minireversi.MiniReversiState) -> minireversi.MiniReversiState:
    return state._replace(player=1 - state.player)


def mini_naive_flips(own: int, other: int, square: int) -> int:
    row, column = divmod(square, 6)
    flipped = 0
    for row_step in (-1, 0, 1):
        for column_step in (-1, 0, 1):
            if row_step == column_step == 0:
                continue
            run = 0
            next_row, next_column = row + row_step, column + column_step
            while 1 <= next_row <= 4 and 1 <= next_column <= 4:
                bit = 1 << (6 * next_row + next_column)
                if other & bit:
                    run |= bit
                elif own & bit:
                    flipped |= run
                    break
                else:
                    break
                next_row += row_step
                next_column += column_step
    return flipped


def mini_own_other(state: minireversi.MiniReversiState) -> tuple[int, int]:
    if state.player == 0:
        return state.black, state.white
    return state.white, state.black


def mini_counts(
    before: minireversi.MiniReversiState, move: int, after: minireversi.MiniReversiState
) -> None:
    assert after.black & after.white == 0
    discs = (after.black | after.white).bit_count()
    assert discs + len(after.empty) == 16
    occupied = after.black | after.white
    assert all(not occupied >> square & 1 for square in after.empty)
    assert after.player == 1 - before.player
    if move == minireversi.PASS:
        assert (after.black, after.white, after.empty) == (before.black, before.white, before.empty)
        assert after.passed
    else:
        own_before, other_before = mini_own_other(before)
        flipped = mini_naive_flips(own_before, other_before, move)
        assert flipped
        own_after = after.black if before.player == 0 else after.white
        assert own_after == own_before | flipped | 1 << move
        assert after.empty == tuple(square for square in before.empty if square != move)
        assert not after.passed


def mini_can_move(state: minireversi.MiniReversiState) -> bool:
    own, other = mini_own_other(state)
    return any(mini_naive_flips(own, other, square) for square in state.empty)


def mini_illegal(state: minireversi.MiniReversiState) -> list[int]:
    legal = set(minireversi.MiniReversi().legal_squares(state))
    illegal = [square for square in minireversi.PLAYABLE_SQUARES if square not in legal]
    if legal:
        illegal.append(minireversi.PASS)
    return [*illegal, 0, 35]


def othello_other_side(state: othello.OthelloState) -> othello.OthelloState:
    return othello.OthelloState(state.opponent, state.mover, 1 - state.player)


def othello_naive_moves(mover: int, opponent: int) -> list[int]:
    moves = []
    for square in range(64):
        if (mover | opponent) >> square & 1:
            continue
        row, column = divmod(square, 8)
        for row_step in (-1, 0, 1):
            for column_step in (-1, 0, 1):
                next_row, next_column = row + row_step, column + column_step
                seen_opponent = False
                while 0 <= next_row < 8 and 0 <= next_column < 8:
                    bit = 1 << (8 * next_row + next_column)
                    if opponent & bit:
                        seen_opponent = True
                    elif mover & bit and seen_opponent:
                        moves.append(square)
                        break
                    else:
                        break
                    next_row += row_step
                    next_column += column_step
                if moves and moves[-1] == square:
                    break
            if moves and moves[-1] == square:
                break
    return moves


def othello_counts(before: othello.OthelloState, move: int, after: othello.OthelloState) -> None:
    assert after.black & after.white == 0
    assert after.player == 1 - before.player
    discs_before = (before.black | before.white).bit_count()
    if move == othello.PASS:
        assert (after.black, after.white) == (before.black, before.white)
    else:
        assert (after.black | after.white).bit_count() == discs_before + 1
        gained = after.opponent.bit_count() - before.mover.bit_count()
        lost = before.opponent.bit_count() - after.mover.bit_count()
        assert gained == lost + 1 and lost >= 1
        assert after.opponent & before.mover == before.mover  # the mover keeps all its discs


def othello_can_move(state: othello.OthelloState) -> bool:
    return bool(othello_naive_moves(state.mover, state.opponent))


def othello_illegal(state: othello.OthelloState) -> list[int]:
    legal = set(othello_naive_moves(state.mover, state.opponent))
    illegal = [square for square in range(64) if square not in legal][::7]
    if legal:
        illegal.append(othello.PASS)
    return [*illegal, 64]


@dataclass(frozen=True)
class Case:
    """A game and the independent facts the properties are checked against."""

    game: Any
    pass_move: int | None
    other_side: Callable[[Any], Any]
    check_counts: Callable[[Any, int, Any], None]
    can_move: Callable[[Any], bool]
    illegal_moves: Callable[[Any], list[int]]


CASES = {
    "tictactoe": Case(
        tictactoe.TicTacToe(),
        None,
        tictactoe_other_side,
        tictactoe_counts,
        tictactoe_can_move,
        tictactoe_illegal,
    ),
    "minireversi-crossed": Case(
        minireversi.MiniReversi("WB/BW", "natural"),
        minireversi.PASS,
        mini_other_side,
        mini_counts,
        mini_can_move,
        mini_illegal,
    ),
    "minireversi-parallel": Case(
        minireversi.MiniReversi("WB/WB", "corners"),
        minireversi.PASS,
        mini_other_side,
        mini_counts,
        mini_can_move,
        mini_illegal,
    ),
    "othello": Case(
        othello.Othello(),
        othello.PASS,
        othello_other_side,
        othello_counts,
        othello_can_move,
        othello_illegal,
    ),
}


def check_playout(case: Case, generator: random.Random) -> None:
    game = case.game
    state = game.initial_state()
    seen: dict[Hashable, Any] = {}
    while True:
        snapshot = copy.deepcopy(state)
        moves = tuple(game.moves(state))
        terminal = game.is_terminal(state)
        # moves empty exactly when terminal
        assert (moves == ()) == terminal
        # antisymmetric values
        mirrored = case.other_side(state)
        if mirrored != state:
            assert game.evaluate(mirrored) == -game.evaluate(state)
            if terminal:
                assert game.is_terminal(mirrored)
                assert game.utility(mirrored) == -game.utility(state)
        if terminal:
            assert game.evaluate(state) == game.utility(state)
        # keys: equal for equal positions (a rebuilt copy), different for different ones
        key = game.key(state)
        assert game.key(copy.deepcopy(state)) == key
        assert seen.setdefault(key, state) == state
        # passes only when there is no other move
        if case.pass_move is not None and case.pass_move in moves:
            assert moves == (case.pass_move,)
            assert not case.can_move(state)
        elif moves:
            assert case.can_move(state)
        # illegal moves are refused
        for move in case.illegal_moves(state)[:6]:
            with pytest.raises(IllegalMoveError):
                play(game, state, move)
        if terminal:
            break
        move = generator.choice(moves)
        after = game.result(state, move)
        assert state == snapshot  # result did not touch its input
        assert game.moves(state) == moves
        case.check_counts(state, move, after)
        if move == case.pass_move:
            assert game.evaluate(after) == -game.evaluate(state)
        state = after
    assert game.moves(state) == ()


@pytest.mark.parametrize("name", list(CASES))
@settings(max_examples=40, deadline=None)
@given(generator=st.randoms(use_true_random=False))
def test_random_playouts(name: str, generator: random.Random) -> None:
    check_playout(CASES[name], generator)


@settings(max_examples=30, deadline=None)
@given(generator=st.randoms(use_true_random=False))
def test_othello_keys_depend_only_on_the_position(generator: random.Random) -> None:
    """A position rebuilt from its discs has the same key, whatever moves led to it."""
    game = othello.Othello()
    state = game.initial_state()
    for _ in range(generator.randrange(0, 40)):
        moves = game.moves(state)
        if not moves:
            break
        state = game.result(state, generator.choice(moves))
    rebuilt = othello.from_discs(state.black, state.white, state.player)
    assert rebuilt == state
    assert game.key(rebuilt) == game.key(state)


@settings(max_examples=30, deadline=None)
@given(generator=st.randoms(use_true_random=False))
def test_tictactoe_canonical_key_is_the_same_for_all_images(generator: random.Random) -> None:
    game = tictactoe.TicTacToe()
    state = game.initial_state()
    for _ in range(generator.randrange(0, 9)):
        moves = game.moves(state)
        if not moves:
            break
        state = game.result(state, generator.choice(moves))
    mover, other = state
    canonical = game.canonical_key(state)
    for permutation in tictactoe.SYMMETRIES:
        image = (
            sum(1 << permutation[square] for square in range(9) if mover >> square & 1),
            sum(1 << permutation[square] for square in range(9) if other >> square & 1),
        )
        assert game.canonical_key(image) == canonical
        assert game.evaluate(image) == game.evaluate(state)
        assert game.moves(image) == () or len(game.moves(image)) == len(game.moves(state))
