"""Run several searches on the same positions and tabulate their work, for the window notebook
and the benchmark: evaluation counts on 4×4 reversi, nodes and time on Othello."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from gamelib.core import Game, play_random
from gamelib.language import Language, translated, words
from gamelib.search.alphabeta import alphabeta, alphabeta_failsoft
from gamelib.search.common import SearchResult
from gamelib.search.ordering import iterative_deepening
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import mtdf, pvs
from gamelib.tables import display_width, html_table, pad

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "search": {"en": "search", "ja": "探索"},
    "evaluations": {"en": "evaluations", "ja": "評価回数"},
    "nodes": {"en": "nodes", "ja": "ノード数"},
    "seconds": {"en": "seconds", "ja": "秒"},
    # the searches' names: the English text is the name code uses (a key of CONTENDERS, …)
    "name: alpha-beta": {"en": "alpha-beta (fail-hard)", "ja": "αβ法（fail-hard）"},
    "name: fail-soft": {"en": "fail-soft", "ja": "fail-soft のαβ法"},
    "name: fail-soft + table": {"en": "fail-soft + table", "ja": "fail-soft + 置換表"},
    "name: PVS + table": {"en": "PVS + table", "ja": "PVS + 置換表"},
    "name: MTD(f) + table": {"en": "MTD(f) + table", "ja": "MTD(f) + 置換表"},
    "name: deepening + table": {
        "en": "iterative deepening + table",
        "ja": "反復深化 + 置換表",
    },
    "name: deepening + PVS + table": {
        "en": "iterative deepening + PVS + table",
        "ja": "反復深化 + PVS + 置換表",
    },
    "name: deepening to + table": {
        "en": "iterative deepening {first}…{last} + table",
        "ja": "反復深化 {first}…{last} + 置換表",
    },
    # the searches notebook 08 compares
    "name: game order (a1, …)": {
        "en": "game order (a1, b1, c1, …)",
        "ja": "ゲームの順序（a1, b1, c1, …）",
    },
    "name: game order": {"en": "game order", "ja": "ゲームの順序"},
    "name: pre-search ply": {
        "en": "pre-search {plies} ply at the root",
        "ja": "根で {plies} 手の予備探索",
    },
    "name: pre-search plies": {
        "en": "pre-search {plies} plies at the root",
        "ja": "根で {plies} 手の予備探索",
    },
    "name: open lines": {"en": "open lines at every node", "ja": "各ノードで空きラインの数の順"},
    "name: static order": {
        "en": "static order (disc difference)",
        "ja": "静的な順序（石差）",
    },
    "name: full window": {"en": "full window", "ja": "全範囲の窓"},
    "name: guess from depth": {
        "en": "guess from depth {depth}",
        "ja": "深さ {depth} の値で推定",
    },
}
"""Every word this module writes, in English and Japanese: the table headers, and the
searches' names (``"name: …"`` entries; their English text is the name code uses)."""

SEARCH_NAMES: Final = tuple(entry for key, entry in WORDS.items() if key.startswith("name: "))
"""The entries of :data:`WORDS` that name searches."""


def search_label(name: str, language: str | None = None) -> str:
    """A search's name as a table shows it in ``language`` (None: the course-wide one).

    The code keeps its English names (the keys of :data:`CONTENDERS`, a notebook's own
    contenders); a known name is translated when shown, any other name is shown as it is.

    >>> search_label("fail-soft + table", "ja"), search_label("my search", "ja")
    ('fail-soft + 置換表', 'my search')
    """
    return translated(name, SEARCH_NAMES, language)


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
    """One search on one position: value, evaluations, nodes and seconds (the fastest run;
    ``times`` holds every run's seconds, in the order they ran, when it was timed more than
    once)."""

    search: str
    position: str
    value: float
    leaves: int
    nodes: int
    seconds: float
    times: tuple[float, ...] = ()


class Measurements(list[Measurement]):
    """The rows of :func:`measure`: a plain list of :class:`Measurement` that a notebook shows
    as an HTML table of the totals per search (as :func:`format_measurements` prints them)."""

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, *, language: str | None = None) -> str:
        """The HTML table of the totals per search, its words in ``language`` (None: the
        course-wide setting)."""
        search, evaluations, nodes, seconds = (
            words(WORDS[column], language)
            for column in ("search", "evaluations", "nodes", "seconds")
        )
        cells = [
            {
                search: search_label(name, language),
                evaluations: f"{leaves:,}",
                nodes: f"{node_count:,}",
                seconds: f"{total_seconds:.2f}",
            }
            for name, leaves, node_count, total_seconds in totals(self)
        ]
        columns = (search, evaluations, nodes, seconds)
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

    The runs are interleaved: round after round, each round runs every contender once on every
    position, so a slow spell of the machine slows all contenders alike instead of one.

    Returns:
        One row per search and position, in a list that a notebook shows as a table of the
        totals per search (see :class:`Measurements`); each row keeps every run's seconds.

    Raises:
        ValueError: if ``runs`` is less than 1.
        AssertionError: if two searches disagree on a value (they must not).
    """
    if runs < 1:
        raise ValueError(f"runs must be at least 1, not {runs}")
    contenders = CONTENDERS if contenders is None else contenders
    pairs = [(position, name) for position, _ in positions for name in contenders]
    results: dict[tuple[str, str], SearchResult] = {}
    times: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    for _ in range(runs):
        for position, state in positions:
            for name, run in contenders.items():
                start = time.perf_counter()
                results[position, name] = run(game, state, depth)
                times[position, name].append(time.perf_counter() - start)
    rows = Measurements()
    for position, _ in positions:
        values = {results[position, name].value for name in contenders}
        assert len(values) == 1, f"the searches disagree on {position}: {values}"
        for name in contenders:
            result = results[position, name]
            rows.append(
                Measurement(
                    name, position, result.value, result.stats.leaves, result.stats.nodes,
                    min(times[position, name]), tuple(times[position, name]),
                )
            )  # fmt: skip
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


def format_measurements(
    rows: Sequence[Measurement], *, seconds: bool = True, language: str | None = None
) -> str:
    """A text table: one row per search, totals over the positions; the search names' column
    is as wide as the longest name (in display columns, so Japanese lines up too), so the
    header lines up with the rows. Its words are in ``language`` (None: the course-wide
    setting)."""
    summed = totals(rows)
    names = [search_label(name, language) for name, *_ in summed]
    header = words(WORDS["search"], language)
    width = max([display_width(header), *(display_width(name) for name in names)])
    evaluations, nodes_word = words(WORDS["evaluations"], language), words(WORDS["nodes"], language)
    lines = [
        f"{pad(header, width, right=False)} {pad(evaluations, 12, right=True)}"
        f" {pad(nodes_word, 10, right=True)}"
        + (f" {pad(words(WORDS['seconds'], language), 8, right=True)}" if seconds else "")
    ]
    for name, (_, leaves, nodes, total_seconds) in zip(names, summed, strict=True):
        line = f"{pad(name, width, right=False)} {leaves:>12,} {nodes:>10,}"
        if seconds:
            line += f" {total_seconds:>8.2f}"
        lines.append(line)
    return "\n".join(lines)
