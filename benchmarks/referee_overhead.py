"""What the referee costs: games between instant players, sandboxed as in a tournament.

An instant player answers at once (the first legal move), so everything a game of theirs
takes is the referee's: starting both processes (Python, gamelib, the sandbox), each move's
round trip (the position sent, replayed by the player's process, the answer read and checked),
and closing. The script prints

* the fixed cost per game (start and close) and the per-move round trip, on 8×8 Othello,
  with its 99th percentile and largest value: the jitter the tournament's grace covers;
* that cost as a fraction of the same game played at 0.1 s per move (the goal: at most 5 %),
  in wall time and in CPU time (the referee's and both players' processes, from the
  referee's own accounting of each game: what the game costs the machine, wherever it runs;
  above the wall time's share when the two players' processes start at once on two cores);
* games per minute on 2 cores (two games at a time), instant players, and what that predicts
  for players that use their 0.1 s per move.

Run with ``.venv/bin/python benchmarks/referee_overhead.py [--games N] [--no-sandbox]``. The
machine's load average is printed with the figures: on a busy machine they are worse.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings, GameResult, GameSpec, Status
from gamelib.tournament.referee import play_game

GOAL_FRACTION = 0.05
MOVE_SECONDS = 0.1
INSTANT = "def choose_move(game, state, clock):\n    return game.moves(state)[0]\n"


def instant_spec(folder: str, number: int) -> GameSpec:
    """Game ``number`` between two instant players in 8×8 Othello at 0.1 s per move."""
    paths = (str(Path(folder) / "first.py"), str(Path(folder) / "second.py"))
    for path in paths:
        Path(path).write_text(INSTANT)
    return GameSpec(
        game_id=f"overhead-{number}",
        game="othello",
        players=("instant 1", "instant 2"),
        paths=paths,
        seed=number,
        clock=ClockSettings(move_seconds=MOVE_SECONDS, bank_seconds=2.0, grace_seconds=0.5),
    )


def timed_game(spec: GameSpec, sandboxed: bool) -> tuple[float, tuple[float, float], GameResult]:
    """The wall time and the CPU times (referee, both players) of one game, and its result.

    The CPU times are the referee's own accounting (:class:`~gamelib.tournament.records.Usage`):
    its thread's time, and each player's process with everything below it, as collected on
    its exit (under bwrap the player's Python reports its own time as it exits).
    """
    started = time.perf_counter()
    result = play_game(spec, sandbox_wanted=sandboxed)
    wall = time.perf_counter() - started
    usage = result.usage
    assert usage is not None and None not in usage.player_cpu_seconds, result.spec.game_id
    players = sum(seconds for seconds in usage.player_cpu_seconds if seconds is not None)
    return wall, (usage.referee_cpu_seconds, players), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per measurement")
    parser.add_argument("--no-sandbox", action="store_true", help="limits alone")
    options = parser.parse_args()
    sandboxed = not options.no_sandbox
    with tempfile.TemporaryDirectory() as folder:
        specs = [instant_spec(folder, number) for number in range(options.games)]
        walls, cpus, results = zip(*(timed_game(spec, sandboxed) for spec in specs), strict=True)
        for result in results:
            assert all(side.status == Status.FINISHED for side in result.sides), result.sides
        moves = [len(result.moves) for result in results]
        trips = [move.seconds for result in results for move in result.moves]
        fixed = [
            wall - sum(move.seconds for move in result.moves)
            for wall, result in zip(walls, results, strict=True)
        ]
        per_move = statistics.mean(trips)
        fraction = statistics.mean(
            wall / (count * MOVE_SECONDS) for wall, count in zip(walls, moves, strict=True)
        )
        started = time.perf_counter()
        with ProcessPoolExecutor(2) as pool:
            list(pool.map(timed_game, specs, [sandboxed] * len(specs)))
        parallel = time.perf_counter() - started
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"sandboxed: {results[0].sandboxed}; "
        f"load average (1 min) {load:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"{len(results)} Othello games between instant players, "
        f"{statistics.mean(moves):.1f} moves each"
    )
    print(f"fixed cost per game (start both, close both): {statistics.mean(fixed):.3f} s")
    print(f"per-move round trip (send, replay, answer, check): {1000 * per_move:.2f} ms")
    ordered = sorted(trips)
    print(
        f"its spread, the jitter the grace must cover: 99th percentile "
        f"{1000 * ordered[int(0.99 * (len(ordered) - 1))]:.2f} ms, largest "
        f"{1000 * ordered[-1]:.2f} ms of {len(ordered)} moves "
        f"(the tournament's grace: {1000 * TOURNAMENT_CLOCK.grace_seconds:g} ms)"
    )
    print(
        f"a whole instant game: {statistics.mean(walls):.3f} s = {100 * fraction:.1f} % of the "
        f"same game at {MOVE_SECONDS} s per move (goal ≤ {100 * GOAL_FRACTION:.0f} %: "
        f"{'met' if fraction <= GOAL_FRACTION else 'NOT met'})"
    )
    referee_cpu = statistics.mean(cpu[0] for cpu in cpus)
    players_cpu = statistics.mean(cpu[1] for cpu in cpus)
    game_seconds = statistics.mean(moves) * MOVE_SECONDS
    print(
        f"CPU time per instant game: the referee {referee_cpu:.3f} s "
        f"({100 * referee_cpu / game_seconds:.1f} % of the game at {MOVE_SECONDS} s per "
        f"move), the two players' processes {players_cpu:.3f} s "
        f"({100 * players_cpu / game_seconds:.1f} %: mostly starting Python and importing "
        f"gamelib); together {100 * (referee_cpu + players_cpu) / game_seconds:.1f} % "
        f"(goal ≤ {100 * GOAL_FRACTION:.0f} %: "
        f"{'met' if referee_cpu + players_cpu <= GOAL_FRACTION * game_seconds else 'NOT met'}; "
        "more than the wall time's share when both players start at once on two cores)"
    )
    instant_rate = 60 * len(specs) / parallel
    full_game = statistics.mean(moves) * (MOVE_SECONDS + per_move) + statistics.mean(fixed)
    print(
        f"games per minute on 2 cores: {instant_rate:.1f} with instant players; "
        f"{2 * 60 / full_game:.1f} predicted with players using {MOVE_SECONDS} s per move"
    )


if __name__ == "__main__":
    main()
