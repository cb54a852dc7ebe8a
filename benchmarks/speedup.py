"""Does the transposition table pay in seconds? The figures of issue 13's goals 1 and 2.

Run from the repository root::

    python benchmarks/speedup.py               # best of 3 runs per search
    python benchmarks/speedup.py --runs 1 --positions 3

It prints, each measured in this run:

1. **The table's cost per node.** Tic-tac-toe solved by fail-soft α-β, and Othello middle-game
   positions searched to depth 5, each without and with a ``TranspositionTable``: time, nodes
   searched, and positions visited (nodes searched plus the positions the table answered
   without a search), microseconds per node and per visited position, and the ratio with /
   without (goal: at most 1.5× per node).
2. **Othello at depth 7, in seconds.** Plain α-β against the course's combinations (iterative
   deepening with one table, PVS, MTD(f), a static order) on the same middle-game positions;
   every search must find the same value (asserted). Goal: the best combination at least 3×
   faster than plain α-β. Measured with both of the course's Othello evaluations: the disc
   difference (``Othello.evaluate``) and the positional one (``positional_evaluation``, square
   weights and mobility). The answer depends on it: iterative deepening saves a larger share
   with the positional evaluation (notebook 08 § 7 measures it, and shows that both
   evaluations' values swing between odd and even depths, so the swing alone does not explain
   the difference).

The other goals of the issue have their own scripts: ``benchmarks/before_after.py`` (Othello
node rate against an older revision), ``benchmarks/peers.py`` (easyAI and a textbook search),
``benchmarks/notebook_times.py`` (the course's run time), and ``benchmarks/table_floor.py``
(how cheap the table of part 1 could be made in Python, by writing it inside the search).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.experiments.compare import random_positions, timed
from gamelib.games.othello import Othello, positional_evaluation
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, alphabeta_failsoft
from gamelib.search.common import SearchResult
from gamelib.search.ordering import iterative_deepening, static_order
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import mtdf, pvs

OTHELLO = Othello()


def table_cost(
    name: str, searches: list[Callable[[TranspositionTable | None], SearchResult]], runs: int
) -> None:
    """Time each search without and with a table and print the cost per node."""
    totals = {"without": [0.0, 0, 0], "with": [0.0, 0, 0]}
    for search in searches:
        for label in totals:
            new_table = TranspositionTable if label == "with" else (lambda: None)
            result, seconds = timed(lambda: search(new_table()), runs)  # noqa: B023
            table = new_table()  # one more run, untimed, to count the table's answers
            search(table)
            answered = 0 if table is None else table.stats.cutoffs
            totals[label][0] += seconds
            totals[label][1] += result.stats.nodes
            totals[label][2] += result.stats.nodes + answered
    print(f"\n{name}")
    print(f"{'':16}{'ms':>9}{'nodes':>10}{'visited':>10}{'µs/node':>10}{'µs/visit':>10}")
    for label, (seconds, nodes, visited) in totals.items():
        print(
            f"{label + ' a table':16}{seconds * 1e3:9.1f}{nodes:10,}{visited:10,}"
            f"{seconds / nodes * 1e6:10.2f}{seconds / visited * 1e6:10.2f}"
        )
    (plain_seconds, plain_nodes, _), (seconds, nodes, visited) = totals["without"], totals["with"]
    per_node = (seconds / nodes) / (plain_seconds / plain_nodes)
    per_visit = (seconds / visited) / (plain_seconds / plain_nodes)
    print(
        f"with / without: {per_node:.2f}× per node searched, {per_visit:.2f}× per position "
        f"visited, {plain_seconds / seconds:.2f}× faster in all (goal: ≤ 1.5× per node: "
        f"{'met' if per_node <= 1.5 else 'not met'})"
    )


def depth_five(state: Any, table: TranspositionTable | None) -> SearchResult:
    """Fail-soft α-β on an Othello position to depth 5, with or without a table."""
    return alphabeta_failsoft(OTHELLO, state, depth=5, table=table)


def combinations(
    depth: int, evaluate: Callable[[Any], float]
) -> dict[str, Callable[[Any], SearchResult]]:
    """The searches compared at ``depth`` with the evaluation ``evaluate``, by name."""
    order = static_order(OTHELLO, evaluate)

    def deepening_mtdf(state: Any) -> SearchResult:
        table, guess = TranspositionTable(), 0.0
        for plies in range(1, depth + 1):
            result = mtdf(
                OTHELLO, state, depth=plies, first_guess=guess, table=table, evaluate=evaluate
            )
            guess = result.value
        return result

    return {
        "alpha-beta (plain)": lambda state: alphabeta(
            OTHELLO, state, depth=depth, evaluate=evaluate
        ),
        "fail-soft + table": lambda state: alphabeta_failsoft(
            OTHELLO, state, depth=depth, table=TranspositionTable(), evaluate=evaluate
        ),
        "ID + table": lambda state: iterative_deepening(
            OTHELLO, state, max_depth=depth, evaluate=evaluate
        ),
        "ID + PVS + table": lambda state: iterative_deepening(
            OTHELLO, state, max_depth=depth, search=pvs, evaluate=evaluate
        ),
        "ID + PVS + table + static order": lambda state: iterative_deepening(
            OTHELLO, state, max_depth=depth, search=pvs, order=order, evaluate=evaluate
        ),
        "ID + MTD(f) + table": deepening_mtdf,
    }


def depth_seven(
    positions: list[tuple[str, Any]],
    depth: int,
    runs: int,
    evaluation: str,
    evaluate: Callable[[Any], float],
) -> None:
    """Time every combination on every position and print seconds and nodes against plain."""
    rows = {}
    values: dict[str, set[float]] = {name: set() for name, _ in positions}
    for name, search in combinations(depth, evaluate).items():
        seconds = nodes = 0.0
        for position, state in positions:
            result, best = timed(lambda: search(state), runs)  # noqa: B023
            seconds, nodes = seconds + best, nodes + result.stats.nodes
            values[position].add(result.value)
        rows[name] = (seconds, nodes)
    disagreements = {position: found for position, found in values.items() if len(found) > 1}
    assert not disagreements, f"the searches disagree: {disagreements}"
    plain_seconds, plain_nodes = rows["alpha-beta (plain)"]
    print(
        f"\nOthello, {len(positions)} middle-game positions (20 random plies), depth {depth}, "
        f"evaluation: {evaluation}"
    )
    print(f"{'search':34}{'seconds':>9}{'nodes':>11}{'µs/node':>9}{'faster':>8}{'nodes ÷':>9}")
    for name, (seconds, nodes) in rows.items():
        print(
            f"{name:34}{seconds:9.2f}{nodes:11,.0f}{seconds / nodes * 1e6:9.2f}"
            f"{plain_seconds / seconds:7.2f}×{plain_nodes / nodes:8.2f}×"
        )
    best_name = min(rows, key=lambda name: rows[name][0])
    speedup = plain_seconds / rows[best_name][0]
    print(
        f"fastest: {best_name}, {speedup:.2f}× plain α-β in seconds "
        f"(goal: ≥ 3×: {'met' if speedup >= 3 else 'not met'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="runs per search (best is kept)")
    parser.add_argument("--positions", type=int, default=5, help="Othello positions")
    parser.add_argument("--depth", type=int, default=7, help="Othello depth of part 2")
    arguments = parser.parse_args()
    tictactoe = TicTacToe()
    table_cost(
        "Tic-tac-toe solved by fail-soft α-β",
        [lambda table: alphabeta_failsoft(tictactoe, table=table)],
        arguments.runs,
    )
    positions = random_positions(OTHELLO, arguments.positions, 20, seed=7)
    table_cost(
        f"Othello, {len(positions)} middle-game positions, fail-soft α-β to depth 5",
        [partial(depth_five, state) for _, state in positions],
        arguments.runs,
    )
    for evaluation, evaluate in (
        ("disc difference", OTHELLO.evaluate),
        ("positional (square weights and mobility)", positional_evaluation),
    ):
        depth_seven(positions, arguments.depth, arguments.runs, evaluation, evaluate)


if __name__ == "__main__":
    main()
