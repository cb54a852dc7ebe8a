"""What tracing costs: gamelib's searches untraced, traced, and against tracer-free copies.

The goal: with no tracer, a search runs within 1.1× of the same loop written without any
tracer hooks. Run with ``.venv/bin/python benchmarks/tracing_cost.py``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from gamelib.core import INF
from gamelib.search import alphabeta, negamax, prepare
from gamelib.search.common import SearchResult
from gamelib.trace import record
from gamelib.trees import Tree, random_tree


def negamax_without_hooks(tree: Tree) -> SearchResult:
    """gamelib's negamax with the tracer lines taken out: the reference loop."""
    problem = prepare(tree)
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result

    def search(state: Any, depth: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            stats.leaves += 1
            return problem.leaf_value(state, moves)
        best = -INF
        for move in moves:
            child = result_of(state, move)
            child_line: list[Any] = []
            value = -search(child, depth - 1, child_line)
            if value > best:
                best = value
                line[:] = [move, *child_line]
        return best

    line: list[Any] = []
    return problem.finish("negamax", search(problem.root, problem.depth, line), line)


def alphabeta_without_hooks(tree: Tree) -> SearchResult:
    """gamelib's fail-hard alphabeta with the tracer lines taken out: the reference loop
    (the usual cutoff rule only, without the exercise convention ``cutoff=">"``)."""
    problem = prepare(tree)
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result

    def search(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            stats.leaves += 1
            return problem.leaf_value(state, moves)
        for move in moves:
            child = result_of(state, move)
            child_line: list[Any] = []
            value = -search(child, depth - 1, -beta, -alpha, child_line)
            if value >= beta:
                line[:] = [move, *child_line]
                return beta
            if value > alpha:
                alpha = value
                line[:] = [move, *child_line]
        return alpha

    line: list[Any] = []
    value = search(problem.root, problem.depth, -INF, INF, line)
    return problem.finish("alphabeta", value, line)


def best_times(functions: list[Callable[[], object]], repeats: int) -> list[float]:
    """The fastest of ``repeats`` runs of each function, in seconds, runs interleaved so that
    a busy moment of the machine falls on all of them alike."""
    best = [float("inf")] * len(functions)
    for _ in range(repeats):
        for index, function in enumerate(functions):
            start = time.perf_counter()
            function()
            best[index] = min(best[index], time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    print(f"best of {arguments.repeats} interleaved runs; random trees of seed {arguments.seed}")
    print(f"{'search':<10} {'tree':>10} {'entered':>8} {'no hooks':>10} {'untraced':>10} "
          f"{'ratio':>6} {'traced':>10} {'ratio':>6}")  # fmt: skip
    # negamax enters every node of an 88,573-node tree; alphabeta enters about 21k nodes of a
    # 265,720-node tree, so its timings cover 5 searches in a row (about 100k nodes).
    cases: list[tuple[Callable[..., SearchResult], Callable[[Tree], SearchResult], Tree, int]] = [
        (negamax, negamax_without_hooks, random_tree(arguments.seed, 10, 3), 1),
        (alphabeta, alphabeta_without_hooks, random_tree(arguments.seed, 11, 3), 5),
    ]
    for search, reference, tree, times in cases:
        assert search(tree) == reference(tree)
        entered = search(tree).stats.nodes * times

        def repeated(function: Callable[[], object], times: int = times) -> Callable[[], None]:
            def run() -> None:
                for _ in range(times):
                    function()

            return run

        plain, untraced = best_times(
            [repeated(lambda: reference(tree)), repeated(lambda: search(tree))],  # noqa: B023
            arguments.repeats,
        )
        (traced,) = best_times([repeated(lambda: record(search, tree))], 3)  # noqa: B023
        print(
            f"{search.__name__:<10} {len(tree):>10,} {entered:>8,} {plain * 1000:>8.1f}ms "
            f"{untraced * 1000:>8.1f}ms {untraced / plain:>5.2f}× "
            f"{traced * 1000:>8.1f}ms {traced / plain:>5.2f}×"
        )
    print("goal: untraced within 1.10× of the same loop without tracer hooks")


if __name__ == "__main__":
    main()
