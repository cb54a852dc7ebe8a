"""Speed of gamelib today against a baseline revision, measured in the same run.

Run from the repository root, with the course's Python::

    python benchmarks/before_after.py                      # baseline 0e5c7ae, 5 rounds
    python benchmarks/before_after.py --baseline HEAD~3 --rounds 3 --debug

The baseline's ``gamelib`` folder is unpacked from git (``git archive <rev> gamelib``) into a
temporary folder, removed afterwards; no worktree or checkout is made. A small measurement
program (:data:`MEASUREMENT`, written to a temporary file) then runs in subprocesses with
this Python, once with ``PYTHONPATH`` = the temporary folder (the baseline) and once with
``PYTHONPATH`` = the repository root (the current working tree), alternating baseline and
current ``--rounds`` times so that a busy machine slows both alike. Each subprocess reports
which ``gamelib`` it imported; the script stops if it is not the expected one. The times
shown are the medians over the rounds.

The figures, with only API that both revisions have:

* tic-tac-toe solved from the empty board by ``alphabeta_failsoft`` without and with a
  ``TranspositionTable`` (a new one each run; best of ``--repeats`` runs per round): time,
  nodes (``stats.nodes``), µs per node, and the table's cost per node with / without;
* Othello, plain ``alphabeta`` (fail-hard, the game's own evaluation: the disc difference),
  from the start to depth 6, and from 4 middle-game positions (20 random plies drawn with
  the game's own moves, seeds 1–4, the same in both revisions) to depth 5: nodes, time and
  nodes per second (best of ``--othello-repeats`` runs per round, times summed over the 4).

Node counts must be the same in both revisions (the searches are meant to search the same
trees); a difference is printed as MISMATCH and the script exits with status 1. The last
column, speed-up, is > 1 when the current tree is faster (baseline time / current time, or
current rate / baseline rate).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASELINE = "0e5c7ae"

MEASUREMENT = '''\
"""One round of before_after.py's measurements; prints one line of JSON."""

import json
import random
import sys
import time
from functools import partial

import gamelib
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, alphabeta_failsoft
from gamelib.search.table import TranspositionTable


def timed(search, repeats):
    """The best time of ``repeats`` runs of ``search()`` and the node count of the last."""
    best = float("inf")
    nodes = None
    for _ in range(repeats):
        started = time.perf_counter()
        result = search()
        best = min(best, time.perf_counter() - started)
        nodes = result.stats.nodes
    return {"seconds": best, "nodes": nodes}


def middle_game(game, plies, seed):
    """The position after ``plies`` random moves (seeded), drawn from the game's own moves."""
    generator = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = game.moves(state)
        if not moves:
            break
        state = game.result(state, generator.choice(moves))
    return state


def main():
    options = json.loads(sys.argv[1])
    repeats = options["repeats"]
    tictactoe = TicTacToe()
    othello = Othello()
    figures = {"gamelib": gamelib.__file__}
    figures["tictactoe"] = timed(lambda: alphabeta_failsoft(tictactoe), repeats)
    figures["tictactoe_table"] = timed(
        lambda: alphabeta_failsoft(tictactoe, table=TranspositionTable()), repeats
    )
    start = othello.initial_state()
    othello_repeats = options["othello_repeats"]
    figures["othello_start"] = timed(lambda: alphabeta(othello, start, depth=6), othello_repeats)
    middle = []
    for seed in options["seeds"]:
        state = middle_game(othello, 20, seed)
        middle.append(timed(partial(alphabeta, othello, state, depth=5), othello_repeats))
    figures["othello_middle"] = {
        "seconds": sum(figure["seconds"] for figure in middle),
        "nodes": sum(figure["nodes"] for figure in middle),
        "each": [figure["nodes"] for figure in middle],
    }
    print(json.dumps(figures))


main()
'''
"""The measurement program run by each subprocess (only API both revisions have)."""


def unpack_baseline(revision: str, folder: Path) -> None:
    """Unpack ``gamelib/`` of ``revision`` into ``folder`` (``git archive``, no checkout).

    Raises:
        ValueError: if git does not know ``revision`` or it has no ``gamelib`` folder.
    """
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "gamelib"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        message = archive.stderr.decode(errors="replace").strip()
        raise ValueError(f"cannot unpack gamelib at revision {revision!r}: {message}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")


def run_round(script: Path, path: Path, options: dict[str, Any], debug: bool) -> dict[str, Any]:
    """Run the measurement once with ``PYTHONPATH`` = ``path``; return its figures.

    Raises:
        RuntimeError: if the subprocess fails or imports a gamelib from elsewhere.
    """
    environment = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0")
    completed = subprocess.run(
        [sys.executable, str(script), json.dumps(options)],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise RuntimeError(f"the measurement failed with PYTHONPATH={path}:\n{completed.stderr}")
    figures: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    imported = Path(figures["gamelib"]).resolve()
    if debug:
        print(f"  PYTHONPATH={path}: imported {imported}", flush=True)
    if not imported.is_relative_to(path.resolve()):
        raise RuntimeError(f"PYTHONPATH={path} imported gamelib from {imported}")
    return figures


def medians(rounds: list[dict[str, Any]]) -> tuple[dict[str, float], dict[str, Any]]:
    """Median seconds of each figure over the rounds, and its node counts.

    Node counts that differ between rounds of the same revision are an error.

    Raises:
        RuntimeError: if a node count changes from one round to the next.
    """
    seconds = {}
    nodes = {}
    for name in ("tictactoe", "tictactoe_table", "othello_start", "othello_middle"):
        seconds[name] = statistics.median(figures[name]["seconds"] for figures in rounds)
        counts = {json.dumps(figures[name]["nodes"]) for figures in rounds}
        if len(counts) != 1:
            raise RuntimeError(f"{name}: node counts differ between rounds: {counts}")
        nodes[name] = rounds[0][name]["nodes"]
    nodes["othello_middle_each"] = rounds[0]["othello_middle"]["each"]
    return seconds, nodes


def figure_rows(
    seconds: dict[str, float], nodes: dict[str, Any]
) -> dict[str, tuple[float, str, bool]]:
    """The printed figures of one revision: name → (value, format, higher is better)."""
    without = seconds["tictactoe"] / nodes["tictactoe"]
    with_table = seconds["tictactoe_table"] / nodes["tictactoe_table"]
    return {
        "tic-tac-toe fail-soft: ms": (1e3 * seconds["tictactoe"], ".2f", False),
        "tic-tac-toe fail-soft: µs/node": (1e6 * without, ".3f", False),
        "tic-tac-toe fail-soft + table: ms": (1e3 * seconds["tictactoe_table"], ".2f", False),
        "tic-tac-toe fail-soft + table: µs/node": (1e6 * with_table, ".3f", False),
        "table cost per node (with / without)": (with_table / without, ".2f", False),
        "Othello start, α-β depth 6: ms": (1e3 * seconds["othello_start"], ".1f", False),
        "Othello start, α-β depth 6: nodes/s": (
            nodes["othello_start"] / seconds["othello_start"],
            ",.0f",
            True,
        ),
        "Othello 4 middle games, α-β depth 5: ms": (
            1e3 * seconds["othello_middle"],
            ".1f",
            False,
        ),
        "Othello 4 middle games, α-β depth 5: nodes/s": (
            nodes["othello_middle"] / seconds["othello_middle"],
            ",.0f",
            True,
        ),
    }


def format_counts(counts: list[int]) -> str:
    """Node counts written like ``1,234 + 5,678``."""
    return " + ".join(f"{count:,}" for count in counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="the revision to compare")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per revision (median)")
    parser.add_argument("--repeats", type=int, default=5, help="tic-tac-toe runs per round (best)")
    parser.add_argument(
        "--othello-repeats", type=int, default=2, help="Othello runs per round (best)"
    )
    parser.add_argument("--debug", action="store_true", help="say which gamelib each run used")
    options = parser.parse_args()
    if min(options.rounds, options.repeats, options.othello_repeats) < 1:
        parser.error("--rounds, --repeats and --othello-repeats must be at least 1")
    measurement = {
        "repeats": options.repeats,
        "othello_repeats": options.othello_repeats,
        "seeds": [1, 2, 3, 4],
    }

    with tempfile.TemporaryDirectory(prefix="gamelib-baseline-") as temporary:
        folder = Path(temporary)
        baseline_path = folder / "baseline"
        baseline_path.mkdir()
        unpack_baseline(options.baseline, baseline_path)
        script = folder / "measure.py"
        script.write_text(MEASUREMENT, encoding="utf-8")
        baseline_rounds: list[dict[str, Any]] = []
        current_rounds: list[dict[str, Any]] = []
        for number in range(options.rounds):
            if options.debug:
                print(f"round {number + 1}", flush=True)
            baseline_rounds.append(run_round(script, baseline_path, measurement, options.debug))
            current_rounds.append(run_round(script, ROOT, measurement, options.debug))

    baseline_seconds, baseline_nodes = medians(baseline_rounds)
    current_seconds, current_nodes = medians(current_rounds)
    print(
        f"gamelib at {options.baseline} (baseline) against the working tree (current), "
        f"{options.rounds} rounds alternated, medians; Python {sys.version.split()[0]}"
    )
    print("speed-up > 1: the current tree is faster")
    print()
    header = f"{'figure':<46} {'baseline':>12} {'current':>12} {'speed-up':>9}"
    print(header)
    print("-" * len(header))
    mismatches = 0
    names = {
        "tictactoe": "tic-tac-toe fail-soft: nodes",
        "tictactoe_table": "tic-tac-toe fail-soft + table: nodes",
        "othello_start": "Othello start, α-β depth 6: nodes",
        "othello_middle_each": "Othello 4 middle games, α-β depth 5: nodes",
    }
    for key, name in names.items():
        before, after = baseline_nodes[key], current_nodes[key]
        verdict = "same" if before == after else "MISMATCH"
        mismatches += before != after
        if isinstance(before, list):
            print(f"{name:<46} {sum(before):>12,} {sum(after):>12,} {verdict:>9}")
            print(
                f"  each position: baseline {format_counts(before)}, current {format_counts(after)}"
            )
        else:
            print(f"{name:<46} {before:>12,} {after:>12,} {verdict:>9}")
    before_rows = figure_rows(baseline_seconds, baseline_nodes)
    after_rows = figure_rows(current_seconds, current_nodes)
    for name, (before_value, style, higher_is_better) in before_rows.items():
        after_value = after_rows[name][0]
        speed_up = after_value / before_value if higher_is_better else before_value / after_value
        print(f"{name:<46} {before_value:>12{style}} {after_value:>12{style}} {speed_up:>8.2f}×")
    if mismatches:
        print()
        print(
            f"MISMATCH: {mismatches} node count(s) differ between the baseline and the current "
            "tree: the searches no longer search the same trees."
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
