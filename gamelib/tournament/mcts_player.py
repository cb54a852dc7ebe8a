"""A Monte Carlo tree search player for the class tournament: UCT with uniform random playouts,
its time per move taken from the clock.

It is a *player file* (see :mod:`gamelib.tournament.player`): the referee loads it as it is
(``bash scripts/course.sh player check gamelib/tournament/mcts_player.py``), and a student may
enter it, or copy it to start their own. What it does on every move:

1. **One legal move**: it plays it at once (a search would only spend the clock).
2. **The budget**: the sample player's :func:`~gamelib.tournament.sample_player.move_budget`,
   the move's own time less a fifth in reserve, plus an equal share of the bank over the moves
   it still has to make (:func:`~gamelib.tournament.sample_player.moves_left`) and
   :data:`SPARE_MOVES` more, so it never spends its whole bank; less the most time the referee
   has charged it beyond what its own clock saw on an earlier move of the game (sending the
   position and the answer, waiting for a processor on a loaded machine: the bank each move
   is handed says what the last move cost by the referee's clock). So a machine that slows
   every move's round trip does not drain its bank move after move into a time-out.
3. **The search**: :func:`gamelib.search.mcts.uct` (UCB1 with c = √2, uniform random playouts
   to the end of the game, rewards +1 win / 0 draw / −1 loss) for as many iterations as fit
   in the budget: UCT looks at the clock after every iteration, so a move ends at most one
   iteration (one playout, well under a millisecond on 8×8 Othello) after its budget.
   It plays the most-visited move.
4. **The report**: a :class:`~gamelib.tournament.player.Report` with the iterations as
   ``nodes``, the chosen move's mean reward Q (from the mover's view, between −1 and 1) as
   ``value``, and the most-visited line as the principal variation.

Seeded: one :class:`random.Random` per game, seeded from Python's :mod:`random` module (which
the player's process seeds from the game's seed and the side), gives every move's search its
seed. With a time budget the number of iterations depends on the machine, so two runs of a
game may differ; :func:`fixed_iterations` makes a player that searches a fixed number of
iterations instead (the measurements of :mod:`gamelib.tournament.mcts_measure`), whose games
are the same on every machine.

The tree is not kept from move to move: every move's search starts from a new root.
"""

from __future__ import annotations

import random
from typing import Any, Final

from gamelib.search.mcts import MonteCarloStats, uct
from gamelib.tournament.player import Clock, Report
from gamelib.tournament.sample_player import RESERVE, move_budget, moves_left

SPARE_MOVES: Final = 2
"""Moves the budget shares the bank with beyond those the player still has to make: at its
last move it spends at most a third of the bank left (the sample player spends it all)."""

MOST_ITERATIONS: Final = 10_000_000
"""The iteration budget of a search stopped by the clock (the clock stops it long before)."""


class Player:
    """UCT stopped by the clock (``iterations`` None) or after a fixed number of iterations.

    Args:
        game: The game (built once per game by the referee).
        side: 0 when this player moves first, 1 otherwise.
    """

    iterations: int | None = None
    """Iterations per move; None: as many as the clock's budget allows."""

    def __init__(self, game: Any, side: int) -> None:
        self.side = side
        self.generator = random.Random(random.randrange(2**32))
        self.unseen = 0.0
        """The most seconds the referee charged a move beyond this player's own count."""
        self.last_move: tuple[float, float] | None = None
        """The bank this player was handed at its last move, and the seconds it counted."""

    def learn_unseen(self, clock: Clock) -> None:
        """Update :attr:`unseen` from the bank ``clock`` hands over: the last move cost the
        referee ``move_seconds`` + (bank then − bank now) when that difference is above 0."""
        if self.last_move is not None:
            bank_before, counted = self.last_move
            charged = bank_before - clock.bank_seconds
            if charged > 0:
                self.unseen = max(self.unseen, clock.move_seconds + charged - counted)

    def choose_move(self, game: Any, state: Any, clock: Clock) -> Any:
        """The most-visited move of a UCT search of ``state`` (see the module's description);
        the only legal move at once, as a bare move."""
        moves = game.moves(state)
        if len(moves) == 1:
            return moves[0]
        seed = self.generator.randrange(2**32)
        if self.iterations is None:
            self.learn_unseen(clock)
            budget = move_budget(clock, moves_left(state) + SPARE_MOVES, RESERVE) - self.unseen
            seconds = max(0.0, budget - clock.elapsed())
            result = uct(game, state, iterations=MOST_ITERATIONS, seconds=seconds, seed=seed)
            self.last_move = (clock.bank_seconds, clock.elapsed())
        else:
            result = uct(game, state, iterations=self.iterations, seed=seed)
        stats = result.stats
        return Report(
            move=result.move,
            nodes=stats.iterations if isinstance(stats, MonteCarloStats) else None,
            value=float(result.value),
            principal_variation=[game.move_name(move) for move in result.pv],
        )


def fixed_iterations(iterations: int) -> type[Player]:
    """A :class:`Player` class that searches ``iterations`` UCT iterations per move, whatever
    the clock (a measurement's player: its games depend only on their seeds).

    Raises:
        ValueError: ``iterations`` is below 1.
    """
    if iterations < 1:
        raise ValueError(f"a UCT player needs at least 1 iteration per move, not {iterations}")
    return type(f"UCT{iterations}", (Player,), {"iterations": iterations})


def choose_move(game: Any, state: Any, clock: Clock) -> Any:
    """:meth:`Player.choose_move` of a new player (its seed drawn from :mod:`random`)."""
    return Player(game, 0).choose_move(game, state, clock)


__all__ = ["MOST_ITERATIONS", "SPARE_MOVES", "Player", "fixed_iterations"]
