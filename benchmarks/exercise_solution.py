"""Can notebook 10's exercise be passed? A player that beats the shipped sample, measured.

The exercise asks for 20 of 30 points against the shipped sample player (``Player`` with its
``IMPROVED`` weights), a bar an equal player reaches at most 5 % of the time
(:func:`~gamelib.tournament.in_kernel.points_needed`). Tweaking the weights alone gives little:
the exercise's author measured 53–57 % with a few weight sets, and the weights below alone
61.5 of 100. This script measures the player a lecturer can show as one solution: the sample's
search with weights that value mobility and corners more and a little region parity, which
plays the endgame exactly with notebook 09's solver (:func:`gamelib.endgame.solve`, win / loss
/ draw only, as official scoring asks) once at most ``--solve-at`` squares are empty.

It plays ``--games`` colour-balanced games against the shipped sample on the exercise's clock,
calibrated to this machine (:func:`~gamelib.tournament.in_kernel.calibrate`), and prints the
score beside the share the check asks for. Measured on 2026-11-29 (2 cores, heavily loaded:
the clock is processor time, so the load slows the run, not the players): 74 of 100 points
(seed 7); with ``--solve-at 0`` (the weights alone) 61.5 of 100. A player scoring 74 % with
independent games (no draws) passes the 30-game check 87 % of the time (binomial, 20 or more
of 30).

Run with ``.venv/bin/python benchmarks/exercise_solution.py [--games 100] [--solve-at 14]
[--seed 7]`` (about 1.5 processor-seconds a game).
"""

from __future__ import annotations

import argparse
from typing import Any

from gamelib.endgame import solve
from gamelib.tournament.in_kernel import (
    EXERCISE_CLOCK,
    EXERCISE_GAMES,
    EXERCISE_NEEDED,
    calibrate,
    entrant,
    play_match,
    sample_opponent,
)
from gamelib.tournament.player import Clock, Report
from gamelib.tournament.sample_player import Player, Weights

SOLUTION_WEIGHTS = Weights(squares=1.0, mobility=10.0, corners=100.0, parity=10.0)
"""Mobility and corners valued twice as much as in ``IMPROVED``, and region parity."""


def solution_player(solve_at: int) -> type[Player]:
    """The sample player with :data:`SOLUTION_WEIGHTS` that solves the endgame exactly (win,
    draw or loss) once at most ``solve_at`` squares are empty."""

    class Solution(Player):
        def __init__(self, game: Any, side: int) -> None:
            super().__init__(game, side, weights=SOLUTION_WEIGHTS)

        def choose_move(self, game: Any, state: Any, clock: Clock) -> Report:
            empty = 64 - (state.mover | state.opponent).bit_count()
            if empty <= solve_at and len(game.moves(state)) > 1:
                result = solve(state, "wld", progress=False, pv=False)
                if result.move is not None:
                    return Report(move=result.move, depth=empty, nodes=0)
            return super().choose_move(game, state, clock)

    return Solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--solve-at", type=int, default=14)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    clock = calibrate().clock(EXERCISE_CLOCK)
    match = play_match(
        entrant(solution_player(options.solve_at), "solution"),
        sample_opponent(),
        games=options.games,
        clock=clock,
        seed=options.seed,
    )
    print(
        f"solution (solver at ≤ {options.solve_at} empty squares) against the shipped sample: "
        f"{match.points:g} of {options.games} points ({match.points / options.games:.1%}); "
        f"the check asks for {EXERCISE_NEEDED:g} of {EXERCISE_GAMES} "
        f"({EXERCISE_NEEDED / EXERCISE_GAMES:.1%})"
    )


if __name__ == "__main__":
    main()
