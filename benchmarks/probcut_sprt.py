"""Does ProbCut make a player stronger at equal time? An SPRT at the tournament clock.

Run from the repository root (after ``python benchmarks/probcut.py --higher --save``)::

    nice python benchmarks/probcut_sprt.py --jobs 2

plays ``player sprt`` (:mod:`gamelib.tournament.sprt_command`: game pairs on balanced
openings, colours swapped, the sandboxed referee) between two player files that differ only
in ProbCut: ``benchmarks/learned_players/probcut_clock.py`` and ``plain_clock.py``, both
:class:`gamelib.learning.play.Player` (α-β deepened by the clock, the learned evaluation),
the first with the course's fitted ProbCut (``gamelib/learning/data/probcut.json``: cuts at
3 plies left and more from searches 2 plies shallower, each height by its own line,
threshold 1.5 spreads). H0: ProbCut is worth 0 Elo, H1: 50 Elo (logistic), α = β = 0.05,
at the tournament clock (0.05 s a move, 1 s bank) unless told otherwise.

Measured: see the end of this docstring (filled in from a run).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamelib.tournament.check import main as check_main  # noqa: E402
from gamelib.tournament.records import TOURNAMENT_CLOCK  # noqa: E402

PLAYERS = ROOT / "benchmarks" / "learned_players"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--most-pairs", type=int, default=400)
    parser.add_argument("--move-seconds", type=float, default=TOURNAMENT_CLOCK.move_seconds)
    parser.add_argument("--bank", type=float, default=TOURNAMENT_CLOCK.bank_seconds)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--state", default=None, help="the results file (sprt/A-vs-B.jsonl)")
    options = parser.parse_args()
    arguments = [
        "sprt", str(PLAYERS / "probcut_clock.py"), str(PLAYERS / "plain_clock.py"),
        "--elo0", "0", "--elo1", "50", "--alpha", "0.05", "--beta", "0.05",
        "--jobs", str(options.jobs),
        "--most-pairs", str(options.most_pairs),
        "--move-seconds", str(options.move_seconds),
        "--bank", str(options.bank),
        "--seed", str(options.seed),
        *(["--state", options.state] if options.state else []),
    ]  # fmt: skip
    return check_main(arguments)


if __name__ == "__main__":
    raise SystemExit(main())
