"""How cheap can a transposition table be in Python? The floor under goal 1 of issue 13.

Goal 1 asks two things of tic-tac-toe solved by fail-soft α-β with a table: that the table
cost at most 1.5× per node what the search costs without one, and that the search be at least
10× faster than easyAI's ``Negamax`` with its table (``benchmarks/peers.py`` times easyAI).
This script measures, in one run, tic-tac-toe solved from the empty board by:

1. the course's ``alphabeta_failsoft`` without a table;
2. the course's ``alphabeta_failsoft`` with a ``TranspositionTable``;
3. :func:`failsoft_lean_wrapper`: the course's design stripped to its minimum. The same node
   function (the course's, without its tracer lines) is wrapped as the course wraps it, and the
   stored best move is still tried first, but the table is a bare dictionary of tuples: no
   probe, hit or store counters, no ``Entry`` objects, the soundness rule written inline
   instead of calling the table's methods (which subclasses override: the bug gallery, the
   history-aware table, the signature table);
4. :func:`failsoft_table_inside`: the textbook's pseudo-code for α-β with a table, the
   look-up and the store written inside the node function itself, so no wrapper call either.

3 and 4 are **not the course's code**: they show what the course would give up to be that fast,
and so where the floor lies. They search exactly the positions that 2 searches (asserted here
and in ``tests/test_lecture_copies.py``: the same value, principal variation, positions searched,
leaves and table answers), so the figures per node compare the cost of a node and nothing else.

It prints time, positions searched (``stats.nodes``), positions visited (searched, plus those
the table answered without a search), microseconds per node and per visited position, and each
ratio against 1. Run from the repository root::

    .venv/bin/python benchmarks/table_floor.py            # best of 20 runs each, interleaved
    .venv/bin/python benchmarks/table_floor.py --runs 5
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.tracing_cost import best_times
from gamelib.core import INF, Bound, Game
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta_failsoft, prepare
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable, first_then_the_rest
from gamelib.trees import Tree

EXACT, LOWER, UPPER = Bound.EXACT, Bound.LOWER, Bound.UPPER

Found = tuple[SearchResult, int]
"""A search's result and the number of positions its table answered without a search."""


def failsoft_lean_wrapper(
    game: Tree | Game[Any, Any], state: Any = None, *, depth: int | None = None
) -> Found:
    """The course's fail-soft node function, wrapped by the leanest table that is a wrapper."""
    problem = prepare(game, state, depth=depth)
    stats, moves_of, result_of, key = problem.stats, problem.moves, problem.result, problem.game.key
    entries: dict[Hashable, tuple[float, float, Bound, Any]] = {}
    find = entries.get
    answered = 0
    looked_up: tuple[Any, Any] = (None, None)  # the state probed last and its stored move

    def ordered(state: Any) -> Sequence[Any]:
        moves = moves_of(state)
        probed, first = looked_up
        if probed is not state or first is None or first not in moves:
            return moves
        return tuple(first_then_the_rest(first, moves))

    def search(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = ordered(state)
        if depth == 0 or not moves:
            return problem.leaf(state, moves)
        best = -INF
        for move in moves:
            child = result_of(state, move)
            child_line: list[Any] = []
            value = -search(child, depth - 1, -beta, -alpha, child_line)
            if value > best:
                best = value
                line[:] = [move, *child_line]
            if value >= beta:
                return best
            if best > alpha:
                alpha = best
        return best

    node = search

    def remembered(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        nonlocal answered, looked_up
        if depth == 0:
            return node(state, depth, alpha, beta, line)
        position = key(state)
        entry = find(position)
        if entry is None:
            looked_up = (state, None)
        else:
            searched_depth, value, bound, move = entry
            if searched_depth >= depth and (
                bound is EXACT
                or (bound is LOWER and value >= beta)
                or (bound is UPPER and value <= alpha)
            ):
                answered += 1
                line[:] = [] if move is None else [move]
                return value
            looked_up = (state, move)
        value = node(state, depth, alpha, beta, line)
        bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        entries[position] = (depth, value, bound, line[0] if line else None)
        return value

    search = remembered  # the recursion above now goes through the table
    line: list[Any] = []
    value = search(problem.root, problem.depth, -INF, INF, line)
    return problem.finish("alphabeta_failsoft", value, line), answered


def failsoft_table_inside(
    game: Tree | Game[Any, Any], state: Any = None, *, depth: int | None = None
) -> Found:
    """Fail-soft α-β with the table's look-up and store written inside the node function."""
    problem = prepare(game, state, depth=depth)
    stats, moves_of, result_of, key = problem.stats, problem.moves, problem.result, problem.game.key
    entries: dict[Hashable, tuple[float, float, Bound, Any]] = {}
    find = entries.get
    answered = 0

    def search(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        nonlocal answered
        if depth == 0:  # at the depth limit: no look-up, as in the course
            stats.nodes += 1
            return problem.leaf(state, moves_of(state))
        position = key(state)
        entry = find(position)
        if entry is not None:
            searched_depth, value, bound, move = entry
            if searched_depth >= depth and (
                bound is EXACT
                or (bound is LOWER and value >= beta)
                or (bound is UPPER and value <= alpha)
            ):
                answered += 1
                line[:] = [] if move is None else [move]
                return value
        stats.nodes += 1
        moves = moves_of(state)
        if entry is not None and entry[3] is not None and entry[3] in moves:
            moves = tuple(first_then_the_rest(entry[3], moves))  # the stored best move first
        if not moves:
            best = problem.leaf(state, moves)
        else:
            best, raised = -INF, alpha
            for move in moves:
                child = result_of(state, move)
                child_line: list[Any] = []
                value = -search(child, depth - 1, -beta, -raised, child_line)
                if value > best:
                    best = value
                    line[:] = [move, *child_line]
                if value >= beta:
                    break
                if best > raised:
                    raised = best
        bound = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        entries[position] = (depth, best, bound, line[0] if line else None)
        return best

    line: list[Any] = []
    value = search(problem.root, problem.depth, -INF, INF, line)
    return problem.finish("alphabeta_failsoft", value, line), answered


def course_with_table(
    game: Tree | Game[Any, Any], state: Any = None, *, depth: int | None = None
) -> Found:
    """The course's ``alphabeta_failsoft`` with a new ``TranspositionTable``."""
    table = TranspositionTable()
    result = alphabeta_failsoft(game, state, depth=depth, table=table)
    return result, table.stats.cutoffs


def course_without_table(
    game: Tree | Game[Any, Any], state: Any = None, *, depth: int | None = None
) -> Found:
    """The course's ``alphabeta_failsoft`` without a table."""
    return alphabeta_failsoft(game, state, depth=depth), 0


SEARCHES: dict[str, Callable[..., Found]] = {
    "course, no table": course_without_table,
    "course + TranspositionTable": course_with_table,
    "reference: lean wrapper": failsoft_lean_wrapper,
    "reference: table inside the search": failsoft_table_inside,
}
"""The searches compared, by the name printed; the first is the one without a table."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20, help="runs per search (best is kept)")
    options = parser.parse_args()
    game = TicTacToe()
    found = {name: search(game) for name, search in SEARCHES.items()}
    reference_result, reference_answered = found["course + TranspositionTable"]
    for name, (result, answered) in found.items():
        assert result.value == 0, f"{name}: tic-tac-toe is a draw, got {result.value}"
        if name != "course, no table":
            assert (result.pv, result.stats, answered) == (
                reference_result.pv,
                reference_result.stats,
                reference_answered,
            ), f"{name} searched other positions than the course's table search"
    seconds = best_times([partial(search, game) for search in SEARCHES.values()], options.runs)
    plain_seconds = seconds[0]
    plain_per_node = plain_seconds / found["course, no table"][0].stats.nodes
    print(f"Tic-tac-toe solved by fail-soft α-β, best of {options.runs} runs each (interleaved).")
    print("visited = positions searched + positions the table answered without a search.")
    header = f"{'search':38}{'ms':>7}{'nodes':>8}{'visited':>9}{'µs/node':>9}{'× /node':>9}"
    print(header + f"{'× /visit':>10}{'faster':>8}")
    for (name, (result, answered)), time_taken in zip(found.items(), seconds, strict=True):
        nodes = result.stats.nodes
        visited = nodes + answered
        print(
            f"{name:38}{time_taken * 1e3:7.2f}{nodes:8,}{visited:9,}"
            f"{time_taken / nodes * 1e6:9.3f}{time_taken / nodes / plain_per_node:8.2f}×"
            f"{time_taken / visited / plain_per_node:9.2f}×{plain_seconds / time_taken:7.2f}×"
        )
    print(
        "× /node and × /visit: µs per node searched, or per position visited, over the same "
        "figure without a table (goal 1: ≤ 1.5× per node)."
    )


if __name__ == "__main__":
    main()
