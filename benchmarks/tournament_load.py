"""How well a class tournament uses the machine: 12 players on 8×8 Othello, every pair with
both colours over 2 openings (12 × 11 × 2 = 264 games), played by the sandboxed referee.

Run from the repository root (it takes minutes: about 264 games × a few seconds / cores)::

    python benchmarks/tournament_load.py                    # 0.05 s a move, one job per core
    python benchmarks/tournament_load.py --jobs 2 --move-seconds 0.05 --out /tmp/load

The players: the course's ladder (:data:`gamelib.tournament.ladder.LADDER`, 7 players) and 5
variants of notebook 10's sample player (iterative deepening stopped by the clock) with
other evaluation weights, written as player files into ``OUT/players``.

It prints:

1. the time of a game played alone (the mean of ``--alone`` games spread evenly over the
   schedule, one at a time: the players differ a lot in speed), and the games per minute that
   time predicts on ``jobs`` cores (``60 × jobs / seconds``);
2. the games per minute the tournament reached, beside that prediction;
3. how busy the cores were during the run: the tournament's own processes (their CPU time
   sampled from ``/proc`` every 0.2 s, :class:`TreeSampler`, a lower bound, over wall time ×
   jobs), and the whole machine's (``/proc/stat``; other programs running count there);
4. whether the results file is complete (every scheduled game once, a void game's replay
   once) and the statuses seen.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.tournament.ladder import LADDER
from gamelib.tournament.records import ClockSettings
from gamelib.tournament.referee import play_game
from gamelib.tournament.runner import read_results, run_tournament
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


class TreeSampler(threading.Thread):
    """Samples the CPU time of every process descending from this one, every ``interval``
    seconds, from ``/proc/<pid>/stat``, keeping each process's last value seen.

    ``os.times()`` cannot be used: a player's process ends inside bubblewrap's process
    namespace and its CPU time is not handed up to the referee. A sample misses at most the
    last ``interval`` of each process's life, so :meth:`seconds` is a lower bound.
    """

    def __init__(self, interval: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.interval = interval
        self.stopped = threading.Event()
        self.ticks: dict[tuple[int, int], int] = {}  # (pid, start time) → utime + stime

    def run(self) -> None:
        while not self.stopped.wait(self.interval):
            self.sample()

    def sample(self) -> None:
        parents: dict[int, int] = {}
        cpu: dict[int, tuple[int, int]] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue  # ended meanwhile
            fields = text[text.rindex(")") + 2 :].split()  # from the state on (field 3)
            pid = int(entry)
            parents[pid] = int(fields[1])
            cpu[pid] = (int(fields[19]), int(fields[11]) + int(fields[12]))
        mine = {os.getpid()}
        grew = True
        while grew:
            found = {pid for pid, parent in parents.items() if parent in mine} - mine
            grew = bool(found)
            mine |= found
        for pid in mine - {os.getpid()}:
            start, ticks = cpu[pid]
            self.ticks[(pid, start)] = max(ticks, self.ticks.get((pid, start), 0))

    def seconds(self) -> float:
        """The CPU seconds sampled, summed over the processes."""
        return sum(self.ticks.values()) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--move-seconds", type=float, default=0.05)
    arguments.add_argument("--bank", type=float, default=1.0)
    arguments.add_argument("--openings", type=int, default=2)
    arguments.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments.add_argument("--out", default="/tmp/tournament_load")
    arguments.add_argument("--players", type=int, default=12, help="the first N (a quick try)")
    arguments.add_argument("--alone", type=int, default=6, help="games timed one at a time")
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
    print(f"{options.jobs} jobs on {os.cpu_count()} cores")

    samples = specs[:: max(1, len(specs) // options.alone)][: options.alone]
    started = time.perf_counter()
    for spec in samples:
        play_game(spec)
    one_game = (time.perf_counter() - started) / len(samples)
    predicted = 60 * options.jobs / one_game
    print(f"one game alone: {one_game:.2f} s (the mean of {len(samples)} played one at a time)")

    busy_before, total_before = machine_ticks()
    own_before = sum(os.times()[:2])
    sampler = TreeSampler()
    sampler.start()
    started = time.perf_counter()
    results = run_tournament(schedule, results_path, play=play_game, jobs=options.jobs)
    wall = time.perf_counter() - started
    sampler.stopped.set()
    sampler.join()
    cpu = sampler.seconds() + sum(os.times()[:2]) - own_before
    busy_after, total_after = machine_ticks()

    counted = {result.spec.game_id for result in results}
    replays = sum(result.spec.attempt == 1 for result in results)
    voids = [result.spec.game_id for result in results if result.void and result.spec.attempt]
    on_disk = read_results(results_path)
    keys = [(result.spec.game_id, result.spec.attempt) for result in on_disk]
    complete = counted == {spec.game_id for spec in specs} and len(keys) == len(set(keys))
    statuses = Counter(str(side.status) for result in results for side in result.sides)

    print(f"games per minute: {60 * len(specs) / wall:.1f} ({wall:.0f} s for {len(specs)} games)")
    print(f"predicted by a game's time alone, on {options.jobs} cores: {predicted:.1f}")
    own = 100 * cpu / (wall * options.jobs)
    machine = 100 * (busy_after - busy_before) / max(1, total_after - total_before)
    print(f"cores busy with the tournament's processes: at least {own:.0f} % (CPU {cpu:.0f} s)")
    print(f"cores busy, whole machine (/proc/stat, other programs included): {machine:.0f} %")
    print(
        f"results file complete: {complete} ({len(on_disk)} lines: {len(counted)} games, "
        f"{replays} replays of void games, {len(voids)} void again)"
    )
    print("statuses: " + ", ".join(f"{status} {count}" for status, count in statuses.items()))
    if not complete:
        sys.exit(1)


if __name__ == "__main__":
    main()
