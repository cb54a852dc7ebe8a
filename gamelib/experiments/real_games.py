"""Measurements of notebook 05 (real games), kept out of the notebook's cells.

Every function here measures or describes; none is a search. The tables show as HTML in a
notebook and as text with ``print`` (:class:`~gamelib.experiments.positions.CountTable`).
:func:`game_tree_counts` (the sizes of the tic-tac-toe game tree) is re-exported from
:mod:`gamelib.games.tictactoe`.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol, TypeVar

from gamelib.charts import Chart, Panel
from gamelib.core import Game
from gamelib.experiments.minireversi import Attribution, ExperimentTable, source_step
from gamelib.experiments.positions import CountTable
from gamelib.games.othello import perft
from gamelib.games.tictactoe import GameTreeCounts, game_tree_counts
from gamelib.language import words
from gamelib.players import tictactoe_cpu
from gamelib.search import ALGORITHMS
from gamelib.search.common import SearchResult

__all__ = [
    "DepthPoint",
    "MatchResult",
    "Solved",
    "SolvedTable",
    "add_score_curve",
    "add_score_panel",
    "attribution_sentence",
    "cpu_choices",
    "find_match",
    "game_tree_counts",
    "games_and_losses",
    "perft_table",
    "plot_score_curves",
    "score_chart",
    "score_trend",
    "solve_with_every_search",
    "stopwatch",
    "tictactoe_tree_table",
]


class DepthPoint(Protocol):
    """A point of a score-rate-by-depth curve (as :class:`gamelib.arena.DepthPoint`)."""

    @property
    def depth(self) -> int:
        """The α-β player's search depth."""
        ...

    @property
    def score_rate(self) -> float:
        """Its score rate: (wins + draws / 2) / games."""
        ...


class MatchResult(Protocol):
    """A match between players A and B (as :class:`gamelib.arena.MatchResult`)."""

    @property
    def player_a(self) -> str:
        """A's name."""
        ...

    @property
    def player_b(self) -> str:
        """B's name."""
        ...


Match = TypeVar("Match", bound=MatchResult)


def stopwatch() -> Callable[[], float]:
    """A clock started now: calling it gives the seconds since."""
    started = time.perf_counter()
    return lambda: time.perf_counter() - started


def tictactoe_tree_table(counts: GameTreeCounts | None = None) -> CountTable:
    """The sizes of the complete tic-tac-toe game tree as a table.

    Args:
        counts: the sizes (default: :func:`~gamelib.games.tictactoe.game_tree_counts`, which
            is also importable from here).
    """
    counts = game_tree_counts() if counts is None else counts
    rows = [
        ("nodes of the game tree (root included)", counts.nodes),
        ("finished games (leaves)", counts.finished_games),
        ("… won by X", counts.first_player_wins),
        ("… won by O", counts.second_player_wins),
        ("… drawn", counts.draws),
        ("different legal positions", counts.positions),
        ("different positions up to symmetry", counts.positions_up_to_symmetry),
    ]
    cells = tuple({"tic-tac-toe": name, "count": f"{count:,}"} for name, count in rows)
    return CountTable(("tic-tac-toe", "count"), cells)


@dataclass(frozen=True)
class Solved:
    """One search's solution of a game: its name, result and wall-clock seconds."""

    name: str
    result: SearchResult
    seconds: float


class SolvedTable(list[Solved]):
    """The solutions of :func:`solve_with_every_search`, shown as a table."""

    def find(self, name: str) -> SearchResult:
        """The result of the search called ``name``.

        Raises:
            KeyError: if no search of that name was run.
        """
        for solved in self:
            if solved.name == name:
                return solved.result
        raise KeyError(f"no search called {name!r}")

    def table(self) -> CountTable:
        """Value, nodes, leaves and time of every search."""
        columns = ("search", "value", "nodes entered", "leaves evaluated", "time")
        rows = tuple(
            {
                "search": solved.name,
                "value": f"{solved.result.value:g}",
                "nodes entered": f"{solved.result.stats.nodes:,}",
                "leaves evaluated": f"{solved.result.stats.leaves:,}",
                "time": f"{1000 * solved.seconds:.0f} ms",
            }
            for solved in self
        )
        return CountTable(columns, rows)

    def __str__(self) -> str:
        return str(self.table())

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()


def solve_with_every_search(
    game: Game[Any, Any], searches: Iterable[Callable[..., SearchResult]] = ALGORITHMS
) -> SolvedTable:
    """Solve ``game`` from its start with each search (to the end), timing each."""
    solved = SolvedTable()
    for search in searches:
        clock = stopwatch()
        result = search(game)
        solved.append(Solved(search.__name__, result, clock()))
    return solved


def cpu_choices(game: Game[Any, Any], state: Any, level: int, seeds: Iterable[int]) -> Counter[str]:
    """How often a tic-tac-toe CPU of ``level`` chooses each move in ``state``, one seed each."""
    return Counter(
        game.move_name(tictactoe_cpu(level, seed=seed).choose(game, state)) for seed in seeds
    )


def find_match(results: Iterable[Match], player_a: str, player_b: str) -> Match:
    """The match of ``player_a`` (as A) against ``player_b`` among ``results``.

    Raises:
        KeyError: if there is no such match.
    """
    for result in results:
        if (result.player_a, result.player_b) == (player_a, player_b):
            return result
    raise KeyError(f"no match {player_a!r} against {player_b!r}")


def games_and_losses(results: Iterable[Any], player: str) -> tuple[int, int]:
    """How many games ``player`` played in ``results`` (match results of
    :mod:`gamelib.arena`), and how many of them it lost."""
    games = losses = 0
    for result in results:
        if player == result.player_a:
            games, losses = games + result.games, losses + result.losses
        elif player == result.player_b:
            games, losses = games + result.games, losses + result.wins
    return games, losses


def perft_table(published: Mapping[int, int]) -> tuple[CountTable, bool]:
    """Othello perft from the start for each depth of ``published``, with its time.

    Returns:
        The table, and whether every count equals the published one.
    """
    rows = []
    agree = True
    for depth, expected in published.items():
        clock = stopwatch()
        leaves = perft(depth)
        seconds = clock()
        agree = agree and leaves == expected
        rows.append(
            {
                "depth": str(depth),
                "perft": f"{leaves:,}",
                "published": f"{expected:,}",
                "time": f"{1000 * seconds:.1f} ms",
            }
        )
    return CountTable(("depth", "perft", "published", "time"), tuple(rows)), agree


def attribution_sentence(table: ExperimentTable, savings: Attribution, start: str) -> str:
    """What each change saved from ``start``, and what the source's last step really changed.

    The source's one-bound nega-alpha already returns the value it saw (the value that cut
    off, or the best value), so its last step, the program it calls "fail soft", adds only the
    second bound. The control row with two bounds and fail-hard returns measures what
    fail-soft returns add on top (Markdown text).
    """
    before, after = source_step(table, start)
    pruning = savings.find("pruning", start)
    order = savings.find("move order", start, "nega_alpha")
    second = savings.find("second bound", start, "corners")
    soft = savings.find("fail-soft", start, "corners")
    if soft.saved == 0:
        control = (
            f"the control row, two bounds with **fail-hard** returns, makes "
            f"{second.after.evaluations:,} evaluations too — exactly as many, so the whole step, "
            f"{second.saved:,} evaluations ({second.fraction:.0%}), is the work of the "
            "**second bound**, as the source says."
        )
    else:
        control = (
            f"the control row, two bounds with fail-hard returns, makes "
            f"{second.after.evaluations:,}: the second bound saved {second.saved:,} and "
            f"fail-soft returns another {soft.saved:,}."
        )
    return (
        f"**From {start}.** Pruning with one bound cuts the evaluations from "
        f"{pruning.before.evaluations:,} to {pruning.after.evaluations:,} "
        f"({pruning.fraction:.0%} saved). Trying corners first saves another {order.saved:,} "
        f"({order.fraction:.0%} of the rest). The source's last step, one bound → two bounds "
        f"(corners first), goes from {before.evaluations:,} to {after.evaluations:,}; "
        f"{control}"
    )


def score_trend(name: str, points: Sequence[DepthPoint]) -> str:
    """One sentence on how the α-β player's score rate against ``name`` changes with depth."""
    rates = [point.score_rate for point in points]
    listing = ", ".join(f"depth {point.depth}: {point.score_rate:.0%}" for point in points)
    if all(later > earlier for earlier, later in pairwise(rates)):
        trend = "rises with every extra ply"
    elif rates and rates[-1] > rates[0]:
        trend = "is higher at the deepest search than at depth 1, though not at every step"
    else:
        trend = "does not rise here"
    return f"Against **{name}** the α-β player's score rate {trend} ({listing})."


SCORE_WORDS: dict[str, dict[str, str]] = {
    "x": {"en": "α-β search depth (plies)", "ja": "α-β の探索の深さ（手数）"},
    "y": {"en": "score rate of the α-β player (%)", "ja": "α-β プレイヤーの得点率（%）"},
    "curve": {"en": "α-β vs {name}", "ja": "α-β 対 {name}"},
}
"""The words of :func:`plot_score_curves` in each language."""


def score_chart(
    *,
    title: str | None = None,
    figsize: tuple[float, float] = (5.5, 3.8),
    language: str | None = None,
) -> Chart:
    """An empty score-rate chart (0–100 %, a dashed line at 50 %) with one panel."""
    chart = Chart(
        title=title,
        y_label=words(SCORE_WORDS["y"], language),
        y_range=(0, 100),
        size=(figsize[0] * 96, figsize[1] * 96),
    )
    add_score_panel(chart, language=language)
    return chart


def add_score_panel(chart: Chart, *, language: str | None = None) -> Panel:
    """A new score-rate panel right of the chart's others (the 50 % line drawn)."""
    panel = chart.panel(x_label=words(SCORE_WORDS["x"], language))
    panel.reference(50)
    return panel


def add_score_curve(panel: Panel, points: Sequence[DepthPoint], label: str | None) -> None:
    """The score rate (in %) against depth as a line in ``panel``; its depths become ticks."""
    depths = [point.depth for point in points]
    panel.line(depths, [100 * point.score_rate for point in points], label=label)
    panel.x_ticks = tuple(sorted({*(panel.x_ticks or ()), *map(float, depths)}))


def plot_score_curves(
    curves: Mapping[str, Sequence[DepthPoint]],
    *,
    title: str | None = None,
    figsize: tuple[float, float] = (5.5, 3.8),
    chart: Chart | None = None,
    language: str | None = None,
) -> Chart:
    """The score-rate-by-depth curves against each opponent, in one panel.

    Args:
        curves: opponent name → the points of :func:`gamelib.arena.win_rate_by_depth`.
        title: the chart's title, if any (only for a new chart).
        figsize: the size of a new chart in inches (96 pixels each).
        chart: draw into the last panel of this chart (to put two side by side, add a panel
            with :func:`add_score_panel` first); default: a new chart.
        language: the language of the labels (None: the course's).

    Returns:
        The chart drawn into.
    """
    if chart is None:
        chart = score_chart(title=title, figsize=figsize, language=language)
    panel = chart.panels[-1] if chart.panels else add_score_panel(chart, language=language)
    for name, points in curves.items():
        label = words(SCORE_WORDS["curve"], language).format(name=name)
        add_score_curve(panel, points, label)
    return chart
