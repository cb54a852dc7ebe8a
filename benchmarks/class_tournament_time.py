"""How long a class tournament takes: measured on a small class, extrapolated to a large one.

Run from the repository root::

    python benchmarks/class_tournament_time.py                  # 4 students, then 30 by arithmetic
    python benchmarks/class_tournament_time.py --students 6 --class-size 30 --jobs 2

It copies the course's sample player (``gamelib/tournament/sample_player.py``) ``--students``
times into a temporary folder, runs the tournament command on it at its default clock (the
sample player uses its whole move time, as a student's clock-driven player does) with
``--jobs`` games at once, and prints the games played, the wall time and the wall time per
game. Every game of a round robin or of a Swiss round is independent, so a class's time is
``games × seconds per game`` (the measured per-game time already shares the machine between
``--jobs`` games), with ``n (n − 1) k`` games for a round robin of ``n`` players and ``k``
openings and ``⌊n / 2⌋`` games a round for a Swiss schedule; the printout says which figures
are measured and which are extrapolated.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamelib.tournament.ladder import RUNGS  # noqa: E402

SAMPLE = ROOT / "gamelib" / "tournament" / "sample_player.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=4, help="copies of the sample player")
    parser.add_argument("--class-size", type=int, default=30, help="the class to extrapolate to")
    parser.add_argument("--openings", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5, help="Swiss rounds (extrapolation)")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        players = Path(folder) / "players"
        players.mkdir()
        for number in range(1, options.students + 1):
            shutil.copy(SAMPLE, players / f"student_{number:02d}.py")
        command = [sys.executable, "-m", "gamelib.tournament", str(players)]
        command += ["--openings", str(options.openings), "--jobs", str(options.jobs)]
        command += ["--out", str(Path(folder) / "out"), "--no-leaderboard"]
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
        games = len((Path(folder) / "out" / "results.jsonl").read_text().splitlines())
    per_game = seconds / games
    size = options.class_size
    round_robin = size * (size - 1) * options.openings
    swiss = options.rounds * (size // 2)
    print(f"measured: {options.students} copies of the sample player, {games} games at the")
    print(f"  default clock, {options.jobs} at once: {seconds:.0f} s, {per_game:.2f} s a game")
    print(f"extrapolated to {size} students ({per_game:.2f} s a game):")
    print(f"  round robin, {options.openings} openings: {round_robin} games, "
          f"{round_robin * per_game / 3600:.1f} h")  # fmt: skip
    print(f"  Swiss, {options.rounds} rounds: {swiss} games, {swiss * per_game / 60:.0f} min")
    rungs = len(RUNGS)
    with_ladder = (size + rungs) * (size + rungs - 1) * options.openings
    print(f"  round robin with --ladder's {rungs} rungs: {with_ladder} games, at most "
          f"{with_ladder * per_game / 3600:.1f} h (the rungs' own games are faster)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
