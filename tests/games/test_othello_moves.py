"""Othello's fast move generation against a slow reference, on positions of real games.

:meth:`Othello.moves` returns an :class:`OthelloMoves` that lists its squares only when they
are looked at and answers "is there a move?" with :func:`has_legal_move`, which looks for a
single-disc flank first; :func:`flips` skips the rays whose first square is not an opponent
disc. Each is checked here against a reference written in this file: one walk per direction,
square by square, with rows and columns (no bitboard shifts, no tables).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.core import FIRST, SECOND
from gamelib.games.othello import (
    PASS,
    Othello,
    OthelloMoves,
    OthelloState,
    flips,
    from_discs,
    has_legal_move,
    legal_moves_mask,
    parse_move,
    squares_of,
    start_state,
)
from tests.helpers import scaled

GAME = Othello()

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
"""The 8 directions as (row step, column step)."""


def walk_flips(mover: int, opponent: int, square: int) -> int:
    """The opponent discs a mover's disc on the empty ``square`` turns over: from the square,
    walk each direction over opponent discs; a run closed by a mover's disc flips."""
    row, column = divmod(square, 8)
    flipped = 0
    for row_step, column_step in DIRECTIONS:
        run = 0
        next_row, next_column = row + row_step, column + column_step
        while 0 <= next_row < 8 and 0 <= next_column < 8:
            bit = 1 << (8 * next_row + next_column)
            if opponent & bit:
                run |= bit
            else:
                if mover & bit:
                    flipped |= run
                break
            next_row += row_step
            next_column += column_step
    return flipped


def walk_squares(mover: int, opponent: int) -> tuple[int, ...]:
    """The empty squares where ``mover`` flips something, a1 to h8."""
    occupied = mover | opponent
    return tuple(
        square
        for square in range(64)
        if not occupied >> square & 1 and walk_flips(mover, opponent, square)
    )


def walk_moves(state: OthelloState) -> tuple[int, ...]:
    """The moves by the rules: the squares, else a pass if the other side can move, else none."""
    squares = walk_squares(state.mover, state.opponent)
    if squares:
        return squares
    return (PASS,) if walk_squares(state.opponent, state.mover) else ()


def walk_result(state: OthelloState, move: int) -> OthelloState:
    """The position after ``move``, with the flips of :func:`walk_flips`."""
    if move == PASS:
        return OthelloState(state.opponent, state.mover, SECOND if state.player == FIRST else FIRST)
    flipped = walk_flips(state.mover, state.opponent, move)
    mover = state.mover | flipped | 1 << move
    return OthelloState(
        state.opponent & ~flipped, mover, SECOND if state.player == FIRST else FIRST
    )


def random_game(seed: int) -> list[OthelloState]:
    """Every position of one seeded random game, from the start to its end."""
    generator = random.Random(seed)
    state = start_state()
    positions = [state]
    while moves := walk_moves(state):
        state = walk_result(state, generator.choice(moves))
        positions.append(state)
    return positions


# ---------------------------------------------------------------------------------------------


@scaled(200)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_moves_and_results_match_the_walk_along_a_random_game(seed: int) -> None:
    for state in random_game(seed):
        expected = walk_moves(state)
        # "is there a move?" first, before the squares are listed (the search's leaf question)
        assert bool(GAME.moves(state)) == bool(expected)
        assert GAME.is_terminal(state) == (expected == ())
        assert has_legal_move(state.mover, state.opponent) == (expected not in ((), (PASS,)))
        assert has_legal_move(state.opponent, state.mover) == bool(
            walk_squares(state.opponent, state.mover)
        )
        moves = GAME.moves(state)
        assert moves == expected and tuple(moves) == expected and len(moves) == len(expected)
        assert bool(moves) == bool(expected)  # again, now from the listed squares
        for move in expected:
            assert GAME.result(state, move) == walk_result(state, move)
            if move != PASS:
                assert flips(state.mover, state.opponent, move) == walk_flips(
                    state.mover, state.opponent, move
                )


def test_random_games_reach_passes_and_ends() -> None:
    # The property above sees passes and finished games, not only middle-game positions.
    positions = [state for seed in range(40) for state in random_game(seed)]
    assert any(walk_moves(state) == (PASS,) for state in positions)
    assert sum(walk_moves(state) == () for state in positions) == 40


def test_has_legal_move_when_no_move_flips_a_single_disc() -> None:
    # Black a1, White b1 c1: the only move is d1, which flips two discs. No move flips a
    # single disc, so has_legal_move needs its second step (the whole mask). The same from
    # the right (Black h1, White g1 f1: only e1), where the runs go towards lower squares.
    state = from_discs(black=1 << 0, white=1 << 1 | 1 << 2, player=FIRST)
    assert has_legal_move(state.mover, state.opponent)
    assert GAME.moves(state) == (parse_move("d1"),)
    assert not has_legal_move(state.opponent, state.mover)
    mirrored = from_discs(black=1 << 7, white=1 << 6 | 1 << 5, player=FIRST)
    assert has_legal_move(mirrored.mover, mirrored.opponent)
    assert GAME.moves(mirrored) == (parse_move("e1"),)
    # Black a1, White b1 … h1: the run reaches the edge, no empty square closes it.
    closed = from_discs(black=1 << 0, white=0xFE, player=FIRST)
    assert not has_legal_move(closed.mover, closed.opponent)
    assert not GAME.moves(closed) and GAME.moves(closed) == ()


@pytest.mark.parametrize(
    ("black", "white", "expected"),
    [
        (1 << 1, 1 << 0, (PASS,)),  # Black b1 against a White corner: Black passes
        ((1 << 64) - 2, 1, ()),  # a full board: the game is over
        (0, 1 << 27, ()),  # Black has no disc: nobody can move
    ],
)
def test_moves_without_a_square(black: int, white: int, expected: tuple[int, ...]) -> None:
    state = from_discs(black=black, white=white, player=FIRST)
    assert bool(GAME.moves(state)) == bool(expected)
    assert GAME.moves(state) == expected
    assert legal_moves_mask(state.mover, state.opponent) == 0


def test_moves_behave_like_their_tuple() -> None:
    moves = GAME.moves(start_state())
    squares = (parse_move("d3"), parse_move("c4"), parse_move("f5"), parse_move("e6"))
    assert isinstance(moves, OthelloMoves)
    assert moves == squares and squares == moves and moves != list(squares)
    assert moves == GAME.moves(start_state()) and hash(moves) == hash(squares)
    assert moves != squares[:3] and moves != GAME.moves(GAME.result(start_state(), squares[0]))
    assert len(moves) == 4 and moves[0] == squares[0] and moves[-1] == squares[-1]
    assert moves[1:] == squares[1:] and moves[::-1] == squares[::-1]
    assert list(reversed(moves)) == list(squares[::-1]) and sorted(moves) == sorted(squares)
    assert parse_move("f5") in moves and parse_move("a1") not in moves and PASS not in moves
    assert moves.index(parse_move("f5")) == 2 and moves.count(parse_move("f5")) == 1
    assert repr(moves) == repr(squares) and moves.squares == squares
    assert random.Random(1).choice(moves) in squares
    assert squares_of(legal_moves_mask(moves.mover, moves.opponent)) == squares
