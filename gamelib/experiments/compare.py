"""Run several searches on the same positions and tabulate their work, for the window notebook
and the benchmark: evaluation counts on 4×4 reversi, nodes and time on Othello."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import Game, play_random
from gamelib.search.alphabeta import alphabeta, alphabeta_failsoft
from gamelib.search.common import SearchResult
from gamelib.search.ordering import iterative_deepening
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import mtdf, pvs
from gamelib.tables import html_table

Runner = Callable[[Game[Any, Any], Any, int | None], SearchResult]
"""A search with its options fixed: (game, state, depth) → result."""


CONTENDERS: dict[str, Runner] = {
    "alpha-beta (fail-hard)": lambda game, state, depth: alphabeta(game, state, depth=depth),
    "fail-soft": lambda game, state, depth: alphabeta_failsoft(game, state, depth=depth),
    "fail-soft + table": lambda game, state, depth: alphabeta_failsoft(
        game, state, depth=depth, table=TranspositionTable()
    ),
    "PVS + table": lambda game, state, depth: pvs(
        game, state, depth=depth, table=TranspositionTable()
    ),
    "MTD(f) + table": lambda game, state, depth: mtdf(game, state, depth=depth, first_guess=0),
}
"""The searches compared, by name: each with a fresh table where it uses one."""

WITH_DEEPENING: dict[str, Runner] = {
    **CONTENDERS,
    "iterative deepening + table": lambda game, state, depth: iterative_deepening(
        game, state, max_depth=_required(depth)
    ),
}
"""The same, plus iterative deepening (fail-soft with one table), for depth-limited searches."""

PLAIN_AGAINST_BEST: dict[str, Runner] = {
    "alpha-beta (fail-hard)": CONTENDERS["alpha-beta (fail-hard)"],
    "iterative deepening + PVS + table": lambda game, state, depth: iterative_deepening(
        game, state, max_depth=_required(depth), search=pvs
    ),
}
"""Plain α-β against the course's fastest combination on Othello: iterative deepening with one
table (the stored best move tried first at every node it remembers) and PVS
(``benchmarks/speedup.py`` compares the combinations)."""


def _required(depth: int | None) -> int:
    if depth is None:
        raise ValueError("iterative deepening needs a depth")
    return depth


@dataclass(frozen=True)
class Measurement:
    """One search on one position: value, evaluations, nodes and seconds."""

    search: str
    position: str
    value: float
    leaves: int
    nodes: int
    seconds: float


class Measurements(list[Measurement]):
    """The rows of :func:`measure`: a plain list of :class:`Measurement` that a notebook shows
    as an HTML table of the totals per search (as :func:`format_measurements` prints them)."""

    def _repr_html_(self) -> str:
        columns = ("search", "evaluations", "nodes", "seconds")
        cells = [
            {
                "search": name,
                "evaluations": f"{leaves:,}",
                "nodes": f"{nodes:,}",
                "seconds": f"{seconds:.2f}",
            }
            for name, leaves, nodes, seconds in totals(self)
        ]
        return html_table(columns, cells, columns[1:])


def measure(
    game: Game[Any, Any],
    positions: Sequence[tuple[str, Any]],
    depth: int | None,
    contenders: dict[str, Runner] | None = None,
    *,
    runs: int = 1,
) -> Measurements:
    """Run every contender on every (name, state) position to ``depth``, ``runs`` times each,
    keeping the best time (the run least disturbed by the rest of the machine).

    Returns:
        One row per search and position, in a list that a notebook shows as a table of the
        totals per search (see :class:`Measurements`).

    Raises:
        AssertionError: if two searches disagree on a value (they must not).
    """
    contenders = CONTENDERS if contenders is None else contenders
    rows = Measurements()
    for position, state in positions:
        values = set()
        for name, run in contenders.items():
            result, seconds = timed(lambda: run(game, state, depth), runs)  # noqa: B023
            values.add(result.value)
            rows.append(
                Measurement(
                    name, position, result.value, result.stats.leaves, result.stats.nodes, seconds
                )
            )
        assert len(values) == 1, f"the searches disagree on {position}: {values}"
    return rows


def timed(search: Callable[[], SearchResult], runs: int = 3) -> tuple[SearchResult, float]:
    """Run ``search`` ``runs`` times: its result and the best time in seconds.

    Raises:
        ValueError: if ``runs`` is less than 1.
    """
    if runs < 1:
        raise ValueError(f"runs must be at least 1, not {runs}")
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        result = search()
        best = min(best, time.perf_counter() - start)
    return result, best


def random_positions(
    game: Game[Any, Any], count: int, plies: int, seed: int
) -> list[tuple[str, Any]]:
    """``count`` positions after ``plies`` random moves from the start, named by their move
    sequences: one generator seeded with ``seed`` plays them one after the other
    (:func:`gamelib.core.play_random`; fewer moves where a game ends first)."""
    generator = random.Random(seed)
    positions = []
    for _ in range(count):
        state, moves = play_random(game, plies, generator)
        positions.append((" ".join(game.move_name(move) for move in moves), state))
    return positions


def totals(rows: Sequence[Measurement]) -> list[tuple[str, int, int, float]]:
    """(search, evaluations, nodes, seconds) summed over the positions, one per search, in
    the order the searches first appear."""
    names = list(dict.fromkeys(row.search for row in rows))
    summed = []
    for name in names:
        mine = [row for row in rows if row.search == name]
        summed.append(
            (
                name,
                sum(row.leaves for row in mine),
                sum(row.nodes for row in mine),
                sum(row.seconds for row in mine),
            )
        )
    return summed


def format_measurements(rows: Sequence[Measurement], *, seconds: bool = True) -> str:
    """A text table: one row per search, totals over the positions; the search names' column
    is as wide as the longest name, so the header lines up with the rows."""
    summed = totals(rows)
    width = max([len("search"), *(len(name) for name, *_ in summed)])
    lines = [
        f"{'search':<{width}} {'evaluations':>12} {'nodes':>10}"
        + (f" {'seconds':>8}" if seconds else "")
    ]
    for name, leaves, nodes, total_seconds in summed:
        line = f"{name:<{width}} {leaves:>12,} {nodes:>10,}"
        if seconds:
            line += f" {total_seconds:>8.2f}"
        lines.append(line)
    return "\n".join(lines)
