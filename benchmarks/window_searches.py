"""The ordering experiment, the extended 4×4 reversi table and an Othello comparison.

Prints α-β's evaluations on random uniform trees with best-first, random and worst-first
children against the Knuth–Moore minimal tree; then, for both 4×4 starting positions, the
evaluation counts of the source's best search (fail-soft α-β, corners first) and of the
table, ordering and window searches, against the goal of at most half the source's best
count; then nodes and time on Othello middle-game positions at a fixed depth.
Run with ``.venv/bin/python benchmarks/window_searches.py``.
"""

from __future__ import annotations

import argparse

from gamelib.experiments.compare import (
    CONTENDERS,
    WITH_DEEPENING,
    format_measurements,
    measure,
    random_positions,
)
from gamelib.experiments.tree_orders import ordering_experiment
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import Othello
from gamelib.search.alphabeta import alphabeta
from gamelib.search.windows import pvs

WIDTHS = (5, 8, 12, 6, 8, 8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=5, help="Othello search depth")
    parser.add_argument("--positions", type=int, default=8, help="Othello positions")
    arguments = parser.parse_args()

    for search in (alphabeta, pvs):
        rows = ordering_experiment(4, range(1, 8), samples=8, seed=2026, search=search)
        print(f"\n{search.__name__} on uniform trees, b = 4, mean of 8 trees per depth:")
        header = ("depth", "minimax", "Knuth–Moore", "best", "random", "worst")
        print(" ".join(f"{name:>{width}}" for name, width in zip(header, WIDTHS, strict=True)))
        for row in rows:
            cells = (row.depth, row.minimax, row.minimal, row.best, row.random, row.worst)
            print(
                " ".join(f"{cell:>{width},.0f}" for cell, width in zip(cells, WIDTHS, strict=True))
            )

    for start in ("WB/BW", "WB/WB"):
        game = MiniReversi(start=start, order="corners")
        measured = measure(game, [(start, game.initial_state())], None, CONTENDERS)
        source_best = next(row.leaves for row in measured if row.search == "fail-soft")
        print(f"\n4×4 reversi from {start}, corners first, value {measured[0].value}:")
        print(format_measurements(measured, seconds=False))
        best = min(measured, key=lambda row: row.leaves)
        verdict = "met" if best.leaves * 2 <= source_best else "NOT met"
        share = best.leaves / source_best
        print(
            f"goal ≤ half of the source's best ({source_best}): {best.search} "
            f"makes {best.leaves} evaluations, {share:.0%}: {verdict}"
        )

    positions = random_positions(Othello(), arguments.positions, 20, seed=2026)
    print(
        f"\nOthello: {arguments.positions} positions after 20 random plies, depth {arguments.depth}"
    )
    print(format_measurements(measure(Othello(), positions, arguments.depth, WITH_DEEPENING)))


if __name__ == "__main__":
    main()
