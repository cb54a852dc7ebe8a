"""How well a class tournament uses the machine: 12 players on 8×8 Othello, every pair with
both colours over 2 openings (12 × 11 × 2 = 264 games), played by the sandboxed referee.

Run from the repository root (it takes minutes: about 264 games × a few seconds / cores)::

    python benchmarks/tournament_load.py                    # 0.05 s a move, one job per core
    python benchmarks/tournament_load.py --jobs 2 --move-seconds 0.05 --out /tmp/load

The players: the course's ladder (:data:`gamelib.tournament.ladder.LADDER`, 7 players) and 5
variants of notebook 10's sample player (iterative deepening stopped by the clock) with
other evaluation weights, written as player files into ``OUT/players``.

It prints, with the load average before and after (other programs on the machine count in
the wall times and in the whole machine's share):

1. **the prediction from games played alone**: one game per player as the first player, its
   opponent and opening drawn from the schedule at random (seed 0): every player's speed is
   in the sample, once as first and on average once as second. The mean of their wall times
   predicts ``60 × min(jobs, cores) / mean`` games per minute;
2. **what the tournament reached**: games per minute, beside that prediction; the same
   sampled games' wall times inside the tournament (what playing beside other games cost
   them); and the parallel efficiency, from every game's own wall time as the referee
   recorded it (:class:`~gamelib.tournament.records.Usage`): Σ game wall / (tournament wall ×
   jobs), the share of the jobs' time spent in a game;
3. **how busy the cores were**, exactly: Σ (both players' CPU + the referee's CPU) over every
   game, from each result's ``usage`` (the referee's thread time; each player's process
   collected by ``os.wait4``, plus, under the sandbox, the CPU time the player's process
   reports as it exits; a killed process's time is unknown and the count of those is
   printed), over tournament wall × the machine's cores (more jobs than cores keep the cores
   busy while a game's processes start or wait on each other); beside it the whole
   machine's (``/proc/stat``, other programs included);
4. whether the results file is complete (every scheduled game once, a void game's replay
   once) and the statuses seen."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.tournament.ladder import LADDER
from gamelib.tournament.records import ClockSettings, GameSpec, read_results
from gamelib.tournament.referee import play_game
from gamelib.tournament.runner import run_tournament
from gamelib.tournament.schedule import RoundRobin, TournamentOptions

VARIANTS: dict[str, str] = {
    "sample-improved": "Weights(squares=1.0, mobility=5.0, corners=50.0, parity=0.0)",
    "sample-positional": "Weights(squares=1.0, mobility=5.0, corners=0.0, parity=0.0)",
    "sample-parity": "Weights(squares=1.0, mobility=5.0, corners=50.0, parity=10.0)",
    "sample-mobility": "Weights(squares=0.5, mobility=10.0, corners=50.0, parity=0.0)",
    "sample-corners": "Weights(squares=0.0, mobility=2.0, corners=80.0, parity=0.0)",
}
"""The sample player's variants: name → the weights of its evaluation."""

VARIANT_FILE = '''"""A variant of the sample player (benchmarks/tournament_load.py)."""

from typing import Any

from gamelib.tournament.sample_player import Player as SamplePlayer
from gamelib.tournament.sample_player import Weights


class Player(SamplePlayer):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(game, side, {weights})
'''


def write_variants(folder: Path) -> dict[str, str]:
    """The variants' player files in ``folder``: name → path."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, weights in VARIANTS.items():
        path = folder / f"{name.replace('-', '_')}.py"
        path.write_text(VARIANT_FILE.format(weights=weights))
        paths[name] = str(path.resolve())
    return paths


def machine_ticks() -> tuple[int, int]:
    """(busy, total) clock ticks of all cores since boot, from the first line of /proc/stat."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def sample_alone(specs: Sequence[GameSpec], seed: int = 0) -> list[GameSpec]:
    """One game per player as the first player, its opponent and opening drawn at random
    from the schedule's games (``seed``), in the players' order of first appearance."""
    by_first: dict[str, list[GameSpec]] = {}
    for spec in specs:
        by_first.setdefault(spec.players[0], []).append(spec)
    chooser = random.Random(seed)
    return [chooser.choice(games) for games in by_first.values()]


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean."""
    return sum(values) / len(values)


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--move-seconds", type=float, default=0.05)
    arguments.add_argument("--bank", type=float, default=1.0)
    arguments.add_argument("--openings", type=int, default=2)
    arguments.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments.add_argument("--out", default="/tmp/tournament_load")
    arguments.add_argument("--players", type=int, default=12, help="the first N (a quick try)")
    options = arguments.parse_args()

    out = Path(options.out)
    results_path = out / "results.jsonl"
    if results_path.exists():
        results_path.unlink()  # a fresh run, not a resumed one
    every = {**LADDER, **write_variants(out / "players")}
    players = dict(list(every.items())[: options.players])
    settings = TournamentOptions(
        game="othello",
        openings=options.openings,
        clock=ClockSettings(move_seconds=options.move_seconds, bank_seconds=options.bank),
        seed=0,
    )
    schedule = RoundRobin(players, settings)
    specs = schedule.games(1, [])
    print(f"{len(players)} players, {len(specs)} games, {options.move_seconds} s a move, ", end="")
    print(f"{options.jobs} jobs on {os.cpu_count()} cores; load average {load_average()}")

    samples = sample_alone(specs)
    alone = {spec.game_id: play_game(spec) for spec in samples}
    one_game = mean([result.usage.wall_seconds for result in alone.values() if result.usage])
    cores = os.cpu_count() or 1
    predicted = 60 * min(options.jobs, cores) / one_game
    print(
        f"1. one game alone: {one_game:.2f} s, the mean of {len(samples)} played one at a time "
        "(each player once as first, opponent and opening at random)"
    )

    busy_before, total_before = machine_ticks()
    started = time.perf_counter()
    results = run_tournament(schedule, results_path, play=play_game, jobs=options.jobs)
    wall = time.perf_counter() - started
    busy_after, total_after = machine_ticks()
    capacity = wall * options.jobs
    cores_capacity = wall * cores

    print(
        f"2. games per minute: {60 * len(results) / wall:.1f} ({wall:.0f} s for "
        f"{len(results)} games); predicted by the games alone, on "
        f"{min(options.jobs, cores)} cores: {predicted:.1f}"
    )
    same = [result for result in results if result.spec.game_id in alone and result.usage]
    inside = mean([result.usage.wall_seconds for result in same if result.usage])
    print(f"   the same {len(same)} games inside the tournament: {inside:.2f} s each (mean)")
    usages = [result.usage for result in results if result.usage is not None]
    game_wall = sum(usage.wall_seconds for usage in usages)
    print(
        f"   parallel efficiency: Σ game wall {game_wall:.0f} s / (wall × {options.jobs} jobs) "
        f"= {100 * game_wall / capacity:.1f} %; mean game {game_wall / len(usages):.2f} s "
        f"(predicts {60 * options.jobs * len(usages) / game_wall:.1f} games per minute)"
    )
    referee_cpu = sum(usage.referee_cpu_seconds for usage in usages)
    player_times = [each for usage in usages for each in usage.player_cpu_seconds]
    player_cpu = sum(each for each in player_times if each is not None)
    unknown = sum(each is None for each in player_times)
    busy = 100 * (player_cpu + referee_cpu) / cores_capacity
    machine = 100 * (busy_after - busy_before) / max(1, total_after - total_before)
    print(
        f"3. cores busy with the games: {busy:.1f} % = (players {player_cpu:.0f} s + referees "
        f"{referee_cpu:.1f} s CPU) / (wall × {cores} cores); {unknown} of "
        f"{len(player_times)} player processes killed (CPU unknown, not counted)"
    )
    print(f"   cores busy, whole machine (/proc/stat, other programs included): {machine:.1f} %")

    counted = {result.spec.game_id for result in results}
    replays = sum(result.spec.attempt == 1 for result in results)
    voids = [result.spec.game_id for result in results if result.void and result.spec.attempt]
    on_disk = read_results(results_path)
    keys = [(result.spec.game_id, result.spec.attempt) for result in on_disk]
    complete = counted == {spec.game_id for spec in specs} and len(keys) == len(set(keys))
    statuses = Counter(str(side.status) for result in results for side in result.sides)
    print(
        f"4. results file complete: {complete} ({len(on_disk)} lines: {len(counted)} games, "
        f"{replays} replays of void games, {len(voids)} void again)"
    )
    print("   statuses: " + ", ".join(f"{status} {count}" for status, count in statuses.items()))
    print(f"load average after: {load_average()}")
    if not complete:
        sys.exit(1)


if __name__ == "__main__":
    main()
