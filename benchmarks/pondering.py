"""Does computing on the opponent's time pay? The honest sample player's search depth against a
quiet random player and against the same random moves played by CPU hogs.

The sample player (:mod:`gamelib.tournament.sample_player`, iterative deepening on the clock)
plays 8×8 Othello at the tournament's clock (0.05 s a move, a bank of 1 s) against three
opponents that make the *same* random moves (Python's ``random``, which the referee seeds
alike for each): a quiet one; one that starts a thread spinning for the whole game; one that
forks two processes spinning for the whole game. Each opponent plays each of the openings
with each colour, two games at a time (as ``--jobs 2`` on a 2-core machine); the three
opponents' games are played in turns, round after round, so that a change in the machine's
load falls on all three alike. The script prints, for each opponent, the sample player's mean
reported depth over its moves and that mean relative to the quiet opponent's (the goal: within
5 %), each opponent's own CPU time per game (what the spinning thread got), and the machine's
load average.

The referee stops the side not on move (:func:`gamelib.tournament.sandbox.freeze`), so the
hogs spin only during their own moves, which take a millisecond. ``--no-freeze`` turns the
stop off (a copy of the referee whose freeze does nothing) to show what it prevents.

Run with ``.venv/bin/python benchmarks/pondering.py [--openings N] [--rounds N] [--no-freeze]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import gamelib.tournament.sample_player
from gamelib.tournament import sandbox
from gamelib.tournament.openings import balanced_openings
from gamelib.tournament.records import TOURNAMENT_CLOCK, GameResult, GameSpec, Status
from gamelib.tournament.referee import play_game

GOAL = 0.05

RANDOM_MOVE = """

def choose_move(game, state, clock):
    return random.choice(list(game.moves(state)))
"""

OPPONENTS = {
    "quiet random": "import random\n" + RANDOM_MOVE,
    "random + spinning thread": """import random
import threading


def spin():
    while True:
        pass


threading.Thread(target=spin, daemon=True).start()
"""
    + RANDOM_MOVE,
    "random + 2 spinning processes": """import os
import random

for _ in range(2):
    if os.fork() == 0:
        while True:
            pass
"""
    + RANDOM_MOVE,
}
"""Each opponent's file: the same random moves, with or without CPU hogs."""


def no_freeze(root: int, seconds: float = 0.0) -> bool:
    """A freeze that stops nothing (``--no-freeze``)."""
    return True


def play(spec: GameSpec, freeze: bool) -> GameResult:
    """Play one game (in a worker process), with or without the referee's stop."""
    if not freeze:
        sandbox.freeze = no_freeze
    return play_game(spec)


def specs_of(folder: Path, openings: int, round_number: int) -> dict[str, list[GameSpec]]:
    """Each opponent's games of one round: every opening with each colour."""
    sample = str(Path(gamelib.tournament.sample_player.__file__))
    games: dict[str, list[GameSpec]] = {}
    for index, (name, text) in enumerate(OPPONENTS.items()):
        path = folder / f"opponent_{index}.py"
        path.write_text(text)
        games[name] = []
        for number, opening in enumerate(balanced_openings("othello", openings)):
            for side in (0, 1):
                paths = (sample, str(path)) if side == 0 else (str(path), sample)
                names = ("sample", name) if side == 0 else (name, "sample")
                games[name].append(
                    GameSpec(
                        game_id=f"r{round_number}-{index}-{number}-{side}",
                        game="othello",
                        players=names,
                        paths=paths,
                        opening=opening.moves,
                        seed=1000 * round_number + 2 * number + side,
                        clock=TOURNAMENT_CLOCK,
                    )
                )
    return games


def sample_depths(result: GameResult) -> list[int]:
    """The depths the sample player reported in a game."""
    side = result.spec.players.index("sample")
    statuses = [outcome.status for outcome in result.sides]
    if statuses[side] != Status.FINISHED:
        raise RuntimeError(f"the sample player did not finish {result.spec.game_id}: {statuses}")
    return [
        move.report["depth"]
        for move in result.moves
        if move.side == side and move.report and isinstance(move.report.get("depth"), int)
    ]


def main(argv: Sequence[str] | None = None) -> None:
    """Play the rounds and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=3, help="openings per round")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every opponent's games")
    parser.add_argument("--no-freeze", action="store_true", help="turn the referee's stop off")
    options = parser.parse_args(argv)
    depths: dict[str, list[int]] = {name: [] for name in OPPONENTS}
    hog_seconds: dict[str, list[float]] = {name: [] for name in OPPONENTS}
    with tempfile.TemporaryDirectory() as folder, ProcessPoolExecutor(2) as pool:
        for round_number in range(options.rounds):
            for name, specs in specs_of(Path(folder), options.openings, round_number).items():
                freeze = [not options.no_freeze] * len(specs)
                for result in pool.map(play, specs, freeze):
                    depths[name].extend(sample_depths(result))
                    hog = 1 - result.spec.players.index("sample")
                    if result.usage is not None:
                        used = result.usage.player_cpu_seconds[hog]
                        if used is not None:
                            hog_seconds[name].append(used)
    quiet = statistics.fmean(depths["quiet random"])
    games = 2 * options.openings * options.rounds
    print(
        f"sample player's mean reported depth, 8×8 Othello at {TOURNAMENT_CLOCK.move_seconds} s "
        f"a move, {games} games per opponent, two at a time"
        + (" (the referee's stop turned OFF)" if options.no_freeze else "")
    )
    for name, found in depths.items():
        mean = statistics.fmean(found)
        change = mean / quiet - 1
        verdict = (
            ""
            if name == "quiet random"
            else ("  within 5 %" if abs(change) <= GOAL else "  OVER 5 %")
        )
        print(
            f"  against {name:30s} {mean:5.2f} over {len(found):4d} moves ({change:+6.1%}){verdict}"
        )
    print("the opponent's own CPU time per game, mean (its process and threads; not the forked")
    print("processes, which it never collects):")
    for name, seconds in hog_seconds.items():
        if seconds:
            print(f"  {name:38s} {statistics.fmean(seconds):.3f} s")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
