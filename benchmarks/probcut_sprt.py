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

Measured on this project's loaded 2-core machine (2026-11-29, ``--jobs 2``, niced, the
ProbCut of ``benchmarks/probcut.py --higher --save``, other helpers' jobs running alongside,
about 20 minutes): **H0 accepted** — the LLR reached −2.95 (bound −2.94) after 155 pairs
(310 games); Elo difference ProbCut − plain +5.6 ± 35.3 (95 % interval −29.7 to +41.0;
normalized Elo +6.2). ProbCut does not show at this clock, and the state file says why: in
the first 36 moves of a game both players finish only 3.6 plies on average (3.67 with ProbCut,
3.61 without; median 4), and a search of 4 plies cuts at one height only (3 plies left), so
the 33 % of nodes it saves at depth 5 (``benchmarks/probcut.py``) buy almost no extra depth;
near the end its shallow searches cost without cutting (the spreads there are 4.5 to 6 discs),
and the ProbCut player lost 9 games on time against 3 for the plain one (of the 312 games in
the state file). ProbCut pays where searches are deep: a longer clock is the next test.
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
