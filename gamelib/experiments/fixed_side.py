"""Notebook 02: which move negamax chooses when the evaluation negates every leaf.

An evaluation written from a fixed side's view (say Black's) is right at a leaf where that
side is to move and exactly the negation of the right value at a leaf where the other side
is to move. When the other side is to move at every depth-limit leaf, negamax sees every leaf
negated. That does *not* negate every value above the leaves: each node still takes the
largest of its children's negated values, so the search in effect makes both sides minimise
their own score. :func:`wrong_move_ranks` ranks the move this search chooses among the right
values of all moves at the same depth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import Game, Player
from gamelib.experiments.lookahead import move_values
from gamelib.search.minimax import negamax

Evaluation = Callable[[Any], float]


@dataclass(frozen=True)
class WrongMoveRanks:
    """Where the wrongly chosen moves rank at one depth.

    A move is *a best move* when no move has a larger right value, *a worst move* when no
    move has a smaller one (when all moves tie, a move is both).

    Attributes:
        depth: the search depth.
        positions: positions searched (those with every depth-limit leaf negated).
        changed: positions where the wrong evaluation's move differs from the right one's.
        best: positions where the wrong evaluation's move is a best move.
        worst: positions where it is a worst move.
        neither: positions where it is neither a best nor a worst move.
    """

    depth: int
    positions: int
    changed: int
    best: int
    worst: int
    neither: int


def negated_at_the_leaves(player_to_move: Player, depth: int, negated_for: Player) -> bool:
    """Whether ``negated_for`` is to move at the end of every depth-``depth`` line.

    A pass is a move, so every line that reaches the depth limit has ``depth`` plies, and the
    side to move at its end is the root's side when ``depth`` is even and the other side when
    it is odd. (A line that ends the game sooner is scored by the game's result, which does
    not depend on the evaluation.)
    """
    return (player_to_move == negated_for) == (depth % 2 == 0)


def wrong_move_ranks(
    game: Game[Any, Any],
    positions: Sequence[Any],
    depths: Iterable[int],
    right: Evaluation,
    wrong: Evaluation,
    *,
    negated_for: Player,
) -> list[WrongMoveRanks]:
    """Rank negamax's move under ``wrong`` among the moves' right values, depth by depth.

    ``wrong`` must be ``right`` where ``negated_for`` is not to move and ``-right`` where it
    is (a fixed side's view). At each depth only the positions with ``negated_for`` to move
    at the depth-limit leaves are searched (:func:`negated_at_the_leaves`); the others keep
    every leaf value right, and their move cannot change. Each move's right value is its
    negamax value under ``right`` at the same depth
    (:func:`~gamelib.experiments.lookahead.move_values`).

    Guarantee: at depth 1, when no move ends the game, the wrong move is a worst move (its
    value is the maximum of the negated right values); ``best + worst + neither`` counts a
    position twice only when all its moves tie.
    """
    rows = []
    for depth in depths:
        searched = [
            state
            for state in positions
            if negated_at_the_leaves(game.to_move(state), depth, negated_for)
        ]
        changed = best = worst = neither = 0
        for state in searched:
            values = move_values(game, state, depth=depth, evaluate=right, search=negamax)
            chosen = negamax(game, state, depth=depth, evaluate=wrong).move
            value = values[chosen]
            is_best, is_worst = value == max(values.values()), value == min(values.values())
            changed += chosen != negamax(game, state, depth=depth, evaluate=right).move
            best += is_best
            worst += is_worst
            neither += not (is_best or is_worst)
        rows.append(WrongMoveRanks(depth, len(searched), changed, best, worst, neither))
    return rows
