"""Is the learned evaluation stronger than the sample player's, at equal depth? An SPRT.

Run from the repository root (after ``python -m gamelib.learning.fit``)::

    nice python benchmarks/learned_evaluation_sprt.py --jobs 2

plays ``player sprt`` (:mod:`gamelib.tournament.sprt_command`: game pairs on balanced
openings, colours swapped, the sandboxed referee) between two player files that differ only
in their evaluation: ``benchmarks/learned_players/learned_depth.py`` (α-β to ``DEPTH``
plies with :mod:`gamelib.learning`'s weights) and ``benchmarks/learned_players/sample_depth.py``
(the same α-β with the sample player's evaluation, its shipped weights). H0: the learned one
is 0 Elo stronger, H1: 50 Elo (logistic), α = β = 0.05. Both search a fixed depth, so the
clock only has to be long enough never to run out (``--move-seconds 1 --bank 10`` by default,
on a loaded machine). The state file makes an interrupted run resume.

Measured on this project's loaded 2-core machine (2026-11-29, ``--jobs 2``, niced, DEPTH 3,
the cached weights fitted on 800 games): **H1 accepted** — the LLR reached 2.98 (bound 2.94)
after 34 pairs (68 games, every one finished normally); Elo difference learned − sample
+158.3 ± 95.4 (95 % interval +74.2 to +265.0; normalized Elo +162.9); about 3 minutes.

At the tournament clock (``--clock``: 0.05 s a move, 1 s bank; the sample player with the
learned evaluation against the sample player as shipped; same day and machine, ``--jobs 2``
niced, about 5 minutes): **H1 accepted**, LLR 3.10 after 47 pairs (94 games), Elo +119.0 ±
77.3 (95 % interval +47.5 to +202.0). 5 games were lost on time, 4 of them by the learned
side (its evaluation costs about 1.5× the sample's per call, 9.3 against 6.0 µs, which its
clock-driven deepening does not always foresee on a loaded machine).
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
SAMPLE = ROOT / "gamelib" / "tournament" / "sample_player.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--most-pairs", type=int, default=400)
    parser.add_argument("--move-seconds", type=float, default=None)
    parser.add_argument("--bank", type=float, default=None)
    parser.add_argument(
        "--clock", action="store_true",
        help="at the tournament clock: the sample player against itself with the learned "
        "evaluation (learned_clock.py), instead of the fixed-depth pair",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--state", default=None, help="the results file (sprt/A-vs-B.jsonl)")
    options = parser.parse_args()
    if options.clock:
        players = [str(PLAYERS / "learned_clock.py"), str(SAMPLE)]
        clock = [TOURNAMENT_CLOCK.move_seconds, TOURNAMENT_CLOCK.bank_seconds]
    else:
        players = [str(PLAYERS / "learned_depth.py"), str(PLAYERS / "sample_depth.py")]
        clock = [1.0, 10.0]
    move_seconds = options.move_seconds if options.move_seconds is not None else clock[0]
    bank = options.bank if options.bank is not None else clock[1]
    arguments = [
        "sprt", *players,
        "--elo0", "0", "--elo1", "50", "--alpha", "0.05", "--beta", "0.05",
        "--jobs", str(options.jobs),
        "--most-pairs", str(options.most_pairs),
        "--move-seconds", str(move_seconds),
        "--bank", str(bank),
        "--seed", str(options.seed),
        *(["--state", options.state] if options.state else []),
    ]  # fmt: skip
    return check_main(arguments)


if __name__ == "__main__":
    raise SystemExit(main())
