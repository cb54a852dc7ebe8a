"""ProbCut with the learned evaluation: the line from shallow to deep values, and what the
cut saves at equal depth.

Run from the repository root (after ``python -m gamelib.learning.fit``)::

    nice python benchmarks/probcut.py
    nice python benchmarks/probcut.py --per-phase 40 --positions 30 --depth 5
    nice python benchmarks/probcut.py --higher --save

1. **The scatter and its line**: ``--per-phase`` positions of each phase from the training
   games of the cached data set (:mod:`gamelib.learning.dataset`), each searched ``--shallow``
   and ``--deep`` plies by :func:`~gamelib.learning.probcut.negamax_search` with the cached
   learned weights; per phase the least-squares line ``deep ≈ slope · shallow + intercept``,
   its spread (residuals' standard deviation) and the correlation.
2. **Nodes saved at equal depth**: ``--positions`` held-out positions (20 to 50 empty
   squares) searched ``--depth`` plies without and with ProbCut (cutting at nodes with
   ``--deep`` plies left, ``--threshold`` spreads; with ``--higher`` also at every height
   up to ``--depth`` − 1, each by the line of its own scatter, printed in part 1): the nodes
   each entered (ProbCut's shallow searches counted), the share saved, how often the chosen
   move changed, and how far the root value moved.

Measured on this project's machine (2026-11-29, defaults: 40 positions per phase, 1 and 3
plies, 30 positions at depth 5, threshold 1.5; 33 s): the lines are close to ``deep =
shallow`` from 49 empties down (slopes 0.84 to 1.08, correlations 0.958 to 0.993, spreads
2.7 to 6.0 discs; 55–60 empties: slope 0.54, r 0.759). ProbCut saved 19.0 % of the nodes
(272807 → 221097; 481 cuts in 1318 tries); the move changed in 1 of 30 positions, the root
value by 0.00 discs on average (0.04 at most). Threshold 1 instead: 25.9 % saved, 2 moves
of 30 changed (root value 0.18 discs on average, 2.97 at most). Cutting also at 4 plies
left from 2-ply searches by the 1-and-3-ply lines (the first version of ``--higher``, an
approximation), threshold 1.5: 30.8 % saved (272807 → 188794), 1 move of 30 changed, 0.00
discs on average (69 s); on 60 other positions (``--positions 60 --seed 1``) 29.9 %
(561017 → 393522), 1 move of 60 changed.

Each height by its own line (``--higher`` now fits the cut at 4 plies left on 2- and 4-ply
searches of the same 400 positions; same day, loaded machine, 31 s): the 2-to-4-ply lines are
as close to ``deep = shallow`` (slopes 0.85 to 1.03 from 49 empties down, r 0.932 to 0.993,
spreads 2.6 to 6.1 discs; 55–60 empties: slope 0.64, r 0.881, tighter than the 1-to-3-ply
line there, 0.54 and 0.759). ProbCut at depth 5 then saved **33.0 %** of the nodes (272807 →
182768; 519 cuts in 1322 tries); the chosen move changed in 1 of 30 positions, the root
value by 0.00 discs on average (0.04 at most). ``--higher --save`` writes these lines to
``gamelib/learning/data/probcut.json``, the ProbCut of ``benchmarks/probcut_sprt.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.learning.dataset import load
from gamelib.learning.fit import PHASE_WIDTH, PHASES, learned_evaluation, load_weights, phase_of
from gamelib.learning.probcut import (
    DEFAULT_PROBCUT,
    Counter,
    CutLine,
    Scatter,
    fit_probcut,
    negamax_search,
    probcut_to_json,
    scatter,
)


def print_lines(points: Scatter, probcut_lines: tuple[CutLine, ...], sample: int) -> None:
    """The fitted line, spread and correlation of each phase of ``points``."""
    print(
        f"Deep ({points.deep} plies) against shallow ({points.shallow}) values, learned "
        f"evaluation, {sample} training positions:"
    )
    print(f"{'empties':>8} {'positions':>9} {'slope':>7} {'intercept':>9} {'spread':>7} {'r':>6}")
    for phase in range(PHASES - 1, -1, -1):
        line = probcut_lines[phase]
        pairs = np.array(points.points.get(phase, []))
        if len(pairs) < 2:
            continue
        r = float(np.corrcoef(pairs[:, 0], pairs[:, 1])[0, 1])
        span = f"{phase * PHASE_WIDTH + 1}-{(phase + 1) * PHASE_WIDTH}"
        print(
            f"{span:>8} {line.samples:>9} {line.slope:7.3f} {line.intercept:9.2f} "
            f"{line.spread:7.2f} {r:6.3f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-phase", type=int, default=40)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--shallow", type=int, default=1)
    parser.add_argument("--deep", type=int, default=3)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--threshold", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--save", action="store_true",
        help="write the fitted ProbCut to gamelib/learning/data/probcut.json",
    )  # fmt: skip
    parser.add_argument(
        "--higher", action="store_true",
        help="also cut at nodes with more plies left, by the same lines",
    )  # fmt: skip
    options = parser.parse_args()
    started = time.perf_counter()
    evaluate = learned_evaluation(load_weights())
    dataset = load()
    held = dataset.held_out()
    states = list(dataset.states())
    phases = [phase_of(int(e)) for e in dataset.empties]
    generator = random.Random(options.seed)
    sample = []
    for phase in range(PHASES):
        rows = [i for i in range(len(states)) if not held[i] and phases[i] == phase]
        sample += [states[i] for i in generator.sample(rows, min(options.per_phase, len(rows)))]
    points = scatter(sample, evaluate, options.shallow, options.deep)
    # with --higher the search of --depth plies cuts at every height from --deep to
    # --depth − 1 (never at the root): fit the line of each of those heights
    gap = options.deep - options.shallow
    heights = range(options.deep + 1, options.depth) if options.higher else range(0)
    others = [scatter(sample, evaluate, height - gap, height) for height in heights]
    probcut = fit_probcut(points, options.threshold, higher=options.higher, others=others)
    print("1. ", end="")
    print_lines(points, probcut.lines, len(sample))
    for other, (_, lines) in zip(others, probcut.heights, strict=True):
        print("\n   ", end="")
        print_lines(other, lines, len(sample))
    if options.save:
        DEFAULT_PROBCUT.write_text(probcut_to_json(probcut) + "\n", encoding="utf-8")
        print(f"\n   saved to {DEFAULT_PROBCUT}")
    rows = [i for i in range(len(states)) if held[i] and 20 <= int(dataset.empties[i]) <= 50]
    tests = [states[i] for i in generator.sample(rows, options.positions)]
    plain_nodes = cut_nodes = changed = cuts = tries = 0
    shifts = []
    for state in tests:
        plain, cut = Counter(), Counter()
        plain_value, plain_move = negamax_search(state, options.depth, evaluate, counter=plain)
        cut_value, cut_move = negamax_search(
            state, options.depth, evaluate, probcut=probcut, counter=cut
        )
        plain_nodes += plain.nodes
        cut_nodes += cut.nodes
        cuts += cut.cuts
        tries += cut.tries
        changed += plain_move != cut_move
        shifts.append(abs(plain_value - cut_value))
    print(
        f"\n2. {len(tests)} held-out positions (20-50 empties), {options.depth} plies, ProbCut at "
        f"{options.deep} plies left{' and more, each by its own line' if options.higher else ''} "
        f"from searches "
        f"{options.deep - options.shallow} plies shallower, threshold "
        f"{options.threshold:g} spreads:"
    )
    print(f"   nodes without ProbCut {plain_nodes}, with it {cut_nodes} (shallow searches counted)")
    print(f"   saved {1 - cut_nodes / plain_nodes:.1%} of the nodes; {cuts} cuts in {tries} tries")
    print(
        f"   chosen move changed in {changed} of {len(tests)} positions "
        f"({changed / len(tests):.0%}); root value moved by {np.mean(shifts):.2f} discs on "
        f"average, {max(shifts):.2f} at most"
    )
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
