"""Notebook 02: an evaluation from a fixed side's view (gamelib.experiments.fixed_side)."""

from __future__ import annotations

from gamelib import Othello, negamax
from gamelib.core import FIRST, SECOND
from gamelib.experiments import fixed_side, lookahead
from gamelib.games.othello import OthelloState

GAME = Othello()
POSITIONS = [
    state
    for state in (lookahead.random_position(GAME, seed, 8 + seed % 20) for seed in range(40))
    if len(GAME.moves(state)) > 1
]


def for_the_mover(state: OthelloState) -> int:
    return state.mover.bit_count() - state.opponent.bit_count()


def black_minus_white(state: OthelloState) -> int:
    return state.black.bit_count() - state.white.bit_count()


def both_minimise(state: OthelloState, depth: int) -> int:
    """The value for the mover when every player picks the move worst for itself."""
    moves = GAME.moves(state)
    if not moves:
        return GAME.utility(state)
    if depth == 0:
        return for_the_mover(state)
    return min(-both_minimise(GAME.result(state, move), depth - 1) for move in moves)


def test_the_side_to_move_at_the_leaves_alternates_with_the_depth() -> None:
    assert fixed_side.negated_at_the_leaves(FIRST, 1, SECOND)
    assert not fixed_side.negated_at_the_leaves(FIRST, 2, SECOND)
    assert fixed_side.negated_at_the_leaves(SECOND, 2, SECOND)
    assert not fixed_side.negated_at_the_leaves(SECOND, 3, SECOND)


def test_at_depth_one_the_wrong_move_is_always_a_worst_move() -> None:
    (row,) = fixed_side.wrong_move_ranks(
        GAME, POSITIONS, (1,), for_the_mover, black_minus_white, negated_for=SECOND
    )
    expected = sum(state.player == FIRST for state in POSITIONS)
    assert row.depth == 1 and row.positions == expected > 0
    assert row.worst == row.positions
    assert row.changed > 0


def test_the_counts_add_up_and_a_right_evaluation_changes_nothing() -> None:
    for row in fixed_side.wrong_move_ranks(
        GAME, POSITIONS, (1, 2), for_the_mover, black_minus_white, negated_for=SECOND
    ):
        assert row.best + row.worst + row.neither >= row.positions
        assert row.neither <= row.positions - max(row.best, row.worst)
    (same,) = fixed_side.wrong_move_ranks(
        GAME, POSITIONS, (2,), for_the_mover, for_the_mover, negated_for=SECOND
    )
    assert same.changed == 0 and same.best == same.positions


def test_with_every_leaf_negated_both_sides_minimise_their_own_score() -> None:
    depth = 2
    for state in POSITIONS:
        if not fixed_side.negated_at_the_leaves(state.player, depth, SECOND):
            continue
        chosen = negamax(GAME, state, depth=depth, evaluate=black_minus_white).move
        own = {
            move: -both_minimise(GAME.result(state, move), depth - 1) for move in GAME.moves(state)
        }
        assert own[chosen] == min(own.values())
