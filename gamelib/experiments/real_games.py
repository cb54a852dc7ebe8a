"""Measurements of notebook 05 (real games), kept out of the notebook's cells.

Every function here measures or describes; none is a search. The tables show as HTML in a
notebook and as text with ``print`` (:class:`~gamelib.experiments.positions.CountTable`).
:func:`game_tree_counts` (the sizes of the tic-tac-toe game tree) is re-exported from
:mod:`gamelib.games.tictactoe`.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Final, Protocol, TypeVar

from gamelib.charts import Chart, Panel
from gamelib.core import Game
from gamelib.experiments.minireversi import Attribution, ExperimentTable, source_step
from gamelib.experiments.positions import CountTable
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import perft
from gamelib.games.tictactoe import GameTreeCounts, game_tree_counts
from gamelib.language import Language, join_sentences, words
from gamelib.players import player_label, tictactoe_cpu
from gamelib.search import ALGORITHMS
from gamelib.search.common import SearchResult
from gamelib.search.rules import Cutoff, alphabeta_by_rules

CUTOFFS: Final[tuple[Cutoff, ...]] = (">=", ">")
"""The two cutoff rules: value ≥ β (the course's) and value > β."""

__all__ = [
    "DepthPoint",
    "MatchResult",
    "RuleCount",
    "Solved",
    "SolvedTable",
    "add_score_curve",
    "add_score_panel",
    "attribution_sentence",
    "cpu_choices",
    "depth_evidences",
    "evaluations_by_rule",
    "find_match",
    "game_tree_counts",
    "games_and_losses",
    "perft_table",
    "plot_score_curves",
    "score_chart",
    "score_trend",
    "score_trends",
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

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # the score-rate charts
    "x": {"en": "α-β search depth (plies)", "ja": "αβ法の読みの深さ（手数）"},
    "y": {"en": "score rate of the α-β player (%)", "ja": "αβ法のプレイヤーの得点率（%）"},
    "curve": {"en": "α-β vs {name}", "ja": "αβ法 対 {name}"},
    # the tic-tac-toe game tree
    "column: tic-tac-toe": {"en": "tic-tac-toe", "ja": "三目並べ"},
    "column: count": {"en": "count", "ja": "数"},
    "tree nodes": {
        "en": "nodes of the game tree (root included)",
        "ja": "ゲーム木のノード（根を含む）",
    },
    "finished games": {"en": "finished games (leaves)", "ja": "終局した対局（葉）"},
    "won by X": {"en": "… won by X", "ja": "… X の勝ち"},
    "won by O": {"en": "… won by O", "ja": "… O の勝ち"},
    "drawn": {"en": "… drawn", "ja": "… 引き分け"},
    "positions": {"en": "different legal positions", "ja": "異なる合法な局面"},
    "up to symmetry": {
        "en": "different positions up to symmetry",
        "ja": "対称形を同一視したときの異なる局面",
    },
    # every search solving a game; perft
    "column: search": {"en": "search", "ja": "探索"},
    "column: value": {"en": "value", "ja": "評価値"},
    "column: nodes entered": {"en": "nodes entered", "ja": "訪れたノード"},
    "column: leaves evaluated": {"en": "leaves evaluated", "ja": "評価した葉"},
    "column: time": {"en": "time", "ja": "時間"},
    "column: depth": {"en": "depth", "ja": "深さ"},
    "column: published": {"en": "published", "ja": "公表値"},
    # the attribution of the 4×4 reversi savings
    "attribution": {
        "en": "**From {start}.** Pruning with one bound cuts the evaluations from {unpruned:,} "
        "to {pruned:,} ({pruning:.0%} saved). Trying corners first saves another {order:,} "
        "({order_share:.0%} of the rest). The source's last step, one bound → two bounds "
        "(corners first), goes from {before:,} to {after:,}; {control}",
        "ja": "**{start} から。** 限界値一つの枝刈りで、評価回数は {unpruned:,} 回から "
        "{pruned:,} 回に減ります（{pruning:.0%} の節約）。隅を先に試すと、さらに {order:,} 回"
        "（残りの {order_share:.0%}）減ります。原典の最後の段階、限界値一つ → 二つ"
        "（隅優先）では、{before:,} 回から {after:,} 回になります。{control}",
    },
    "control, same": {
        "en": "the control row, two bounds with **fail-hard** returns, makes {evaluations:,} "
        "evaluations too — exactly as many, so the whole step, {saved:,} evaluations "
        "({share:.0%}), is the work of the **second bound**, as the source says.",
        "ja": "対照実験の行（限界値二つで **fail-hard** の値を返す）も評価は {evaluations:,} "
        "回で、まったく同じです。したがって、この段階で節約された {saved:,} 回（{share:.0%}）"
        "はすべて、原典が言うとおり**二つ目の限界値**の効果です。",
    },
    "control, different": {
        "en": "the control row, two bounds with fail-hard returns, makes {evaluations:,}: the "
        "second bound saved {saved:,} and fail-soft returns another {soft:,}.",
        "ja": "対照実験の行（限界値二つで fail-hard の値を返す）の評価は {evaluations:,} 回です。"
        "二つ目の限界値で {saved:,} 回、fail-soft の返す値でさらに {soft:,} 回が節約されました。",
    },
    # the score rate against depth
    "depth rate": {"en": "depth {depth}: {rate:.0%}", "ja": "深さ {depth}：{rate:.0%}"},
    "separator": {"en": ", ", "ja": "、"},
    "rises": {
        "en": "Against **{name}** the α-β player's score rate rises with every extra ply "
        "({listing}).",
        "ja": "**{name}** に対するαβ法のプレイヤーの得点率は、読みが一手深くなるごとに上がります"
        "（{listing}）。",
    },
    "higher": {
        "en": "Against **{name}** the α-β player's score rate is higher at the deepest search "
        "than at depth 1, though not at every step ({listing}).",
        "ja": "**{name}** に対するαβ法のプレイヤーの得点率は、最も深い探索では深さ 1 より高く"
        "なりますが、深さを一つ増やすごとに上がるわけではありません（{listing}）。",
    },
    "does not rise": {
        "en": "Against **{name}** the α-β player's score rate does not rise here ({listing}).",
        "ja": "**{name}** に対するαβ法のプレイヤーの得点率は、ここでは上がりません（{listing}）。",
    },
    "depth evidence": {
        "en": "Against **{name}**, depth {deepest}'s score rate minus depth {shallowest}'s is "
        "{difference} percentage points, with a 95 % margin of ±{margin} points ({games} and "
        "{other_games} games): {verdict}",
        "ja": "**{name}** に対して、深さ {deepest} の得点率から深さ {shallowest} の得点率を引くと "
        "{difference} ポイントで、95 % の誤差幅は ±{margin} ポイントです（対局数は {games} と "
        "{other_games}）。{verdict}",
    },
    "deeper ahead": {
        "en": "beyond the margin, so the deeper search's lead is more than noise.",
        "ja": "差が誤差幅を超えているので、深い探索が上回ったのはノイズではありません。",
    },
    "deeper behind": {
        "en": "beyond the margin, so the deeper search scored less, and not by noise.",
        "ja": "差が誤差幅を超えているので、深い探索の得点率が低かったのはノイズではありません。",
    },
    "within margin": {
        "en": "within the margin, so these games do not show which depth scores more.",
        "ja": "差が誤差幅の内側なので、この対局数では、どちらの深さの得点率が高いかは言えません。",
    },
}
"""Every word this module writes, in English and Japanese (``str.format`` templates): the
charts' labels, the tables' headers and the generated sentences."""


def stopwatch() -> Callable[[], float]:
    """A clock started now: calling it gives the seconds since."""
    started = time.perf_counter()
    return lambda: time.perf_counter() - started


def tictactoe_tree_table(
    counts: GameTreeCounts | None = None, *, language: str | None = None
) -> CountTable:
    """The sizes of the complete tic-tac-toe game tree as a table.

    Args:
        counts: the sizes (default: :func:`~gamelib.games.tictactoe.game_tree_counts`, which
            is also importable from here).
        language: the language of the words (None: the course-wide setting).
    """
    counts = game_tree_counts() if counts is None else counts
    rows = [
        ("tree nodes", counts.nodes),
        ("finished games", counts.finished_games),
        ("won by X", counts.first_player_wins),
        ("won by O", counts.second_player_wins),
        ("drawn", counts.draws),
        ("positions", counts.positions),
        ("up to symmetry", counts.positions_up_to_symmetry),
    ]
    cells = tuple(
        {"tic-tac-toe": words(WORDS[name], language), "count": f"{count:,}"} for name, count in rows
    )
    return CountTable(("tic-tac-toe", "count"), cells, _headers(("tic-tac-toe", "count"), language))


def _headers(columns: Sequence[str], language: str | None) -> tuple[str, ...]:
    """The headings of ``columns`` in ``language`` (a name such as "perft" stays)."""
    return tuple(
        words(WORDS[f"column: {column}"], language) if f"column: {column}" in WORDS else column
        for column in columns
    )


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

    def table(self, *, language: str | None = None) -> CountTable:
        """Value, nodes, leaves and time of every search (headers in ``language``; None: the
        course-wide setting; the searches keep their function names)."""
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
        return CountTable(columns, rows, _headers(columns, language))

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


@dataclass(frozen=True)
class RuleCount:
    """The evaluations of fail-hard and fail-soft α-β under one cutoff rule, one start.

    Attributes:
        start: the 4×4 reversi start (``"WB/BW"`` or ``"WB/WB"``).
        cutoff: ``">="`` (cut when a value ≥ β, the course's rule) or ``">"`` (only > β).
        fail_hard: evaluations of fail-hard α-β (values clamped into the window).
        fail_soft: evaluations of fail-soft α-β (the best value seen).
        value: the root value (the same for every rule).
    """

    start: str
    cutoff: Cutoff
    fail_hard: int
    fail_soft: int
    value: float


def evaluations_by_rule(starts: Iterable[str], order: str = "corners") -> list[RuleCount]:
    """Solve 4×4 reversi from each start under both cutoff rules, fail-hard and fail-soft.

    Each count is ``stats.leaves`` of :func:`~gamelib.search.rules.alphabeta_by_rules` with
    the full window (with ``cutoff=">="`` that search is the course's ``alphabeta`` or
    ``alphabeta_failsoft`` node for node).

    Raises:
        ValueError: if the two failure rules disagree on a root value (they never should).
    """
    counts = []
    for start in starts:
        game = MiniReversi(start, order)
        for cutoff in CUTOFFS:
            hard = alphabeta_by_rules(game, cutoff=cutoff, failure="hard")
            soft = alphabeta_by_rules(game, cutoff=cutoff, failure="soft")
            if hard.value != soft.value:
                raise ValueError(f"{start}, {cutoff}: values {hard.value} and {soft.value}")
            counts.append(
                RuleCount(start, cutoff, hard.stats.leaves, soft.stats.leaves, hard.value)
            )
    return counts


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


def perft_table(
    published: Mapping[int, int], *, language: str | None = None
) -> tuple[CountTable, bool]:
    """Othello perft from the start for each depth of ``published``, with its time (headers
    in ``language``; None: the course-wide setting).

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
    columns = ("depth", "perft", "published", "time")
    return CountTable(columns, tuple(rows), _headers(columns, language)), agree


def attribution_sentence(
    table: ExperimentTable, savings: Attribution, start: str, *, language: str | None = None
) -> str:
    """What each change saved from ``start``, and what the source's last step really changed.

    The source's one-bound nega-alpha already returns the value it saw (the value that cut
    off, or the best value), so its last step, the program it calls "fail soft", adds only the
    second bound. The control row with two bounds and fail-hard returns measures what
    fail-soft returns add on top (Markdown text, in ``language``; None: the course-wide
    setting).
    """
    before, after = source_step(table, start)
    pruning = savings.find("pruning", start)
    order = savings.find("move order", start, "nega_alpha")
    second = savings.find("second bound", start, "corners")
    soft = savings.find("fail-soft", start, "corners")
    if soft.saved == 0:
        control = words(WORDS["control, same"], language).format(
            evaluations=second.after.evaluations, saved=second.saved, share=second.fraction
        )
    else:
        control = words(WORDS["control, different"], language).format(
            evaluations=second.after.evaluations, saved=second.saved, soft=soft.saved
        )
    return words(WORDS["attribution"], language).format(
        start=start,
        unpruned=pruning.before.evaluations,
        pruned=pruning.after.evaluations,
        pruning=pruning.fraction,
        order=order.saved,
        order_share=order.fraction,
        before=before.evaluations,
        after=after.evaluations,
        control=control,
    )


def score_trend(name: str, points: Sequence[DepthPoint], *, language: str | None = None) -> str:
    """One sentence on how the α-β player's score rate against ``name`` changes with depth
    (in ``language``; None: the course-wide setting)."""
    rates = [point.score_rate for point in points]
    listing = words(WORDS["separator"], language).join(
        words(WORDS["depth rate"], language).format(depth=point.depth, rate=point.score_rate)
        for point in points
    )
    if all(later > earlier for earlier, later in pairwise(rates)):
        trend = "rises"
    elif rates and rates[-1] > rates[0]:
        trend = "higher"
    else:
        trend = "does not rise"
    return words(WORDS[trend], language).format(name=player_label(name, language), listing=listing)


Points = TypeVar("Points")


def _paragraph(
    sentence: Callable[..., str], curves: Mapping[str, Points], language: str | None
) -> str:
    """``sentence(name, points, language=language)`` for each opponent of ``curves``, in
    order, joined as ``language`` joins sentences (:func:`gamelib.language.join_sentences`: a
    space between English sentences, none after a Japanese 。)."""
    return join_sentences(
        (sentence(name, points, language=language) for name, points in curves.items()), language
    )


def score_trends(curves: Mapping[str, Sequence[DepthPoint]], *, language: str | None = None) -> str:
    """One paragraph: :func:`score_trend`'s sentence for each opponent of ``curves``."""
    return _paragraph(score_trend, curves, language)


class ScoredMatch(Protocol):
    """A match whose games can be scored from A's side (as :class:`gamelib.arena.MatchResult`)."""

    def scores_for_a(self) -> list[float]:
        """Each game's final score from A's view (> 0 a win, 0 a draw, < 0 a loss)."""
        ...


class ScoredDepthPoint(Protocol):
    """A score-rate-by-depth point with its match (as :class:`gamelib.arena.DepthPoint`)."""

    @property
    def depth(self) -> int:
        """The α-β player's search depth."""
        ...

    @property
    def result(self) -> ScoredMatch:
        """Its match against the opponent (the α-β player is A)."""
        ...


@dataclass(frozen=True)
class ScoreDifference:
    """The difference of two score rates with the margin of its confidence interval.

    Attributes:
        difference: The second score rate minus the first (a share: 0.1 is 10 points).
        margin: Half the width of the interval: difference ± margin.
    """

    difference: float
    margin: float

    @property
    def lead_beyond_margin(self) -> bool:
        """Whether the second score rate exceeds the first by more than the margin."""
        return self.difference > self.margin

    @property
    def deficit_beyond_margin(self) -> bool:
        """Whether the second score rate falls short of the first by more than the margin."""
        return self.difference < -self.margin


def game_points(scores: Iterable[float]) -> list[float]:
    """Each game's points from final scores: 1 for a win (> 0), ½ for a draw, 0 for a loss.

    Their mean is the score rate, (wins + draws / 2) / games."""
    return [1.0 if score > 0 else 0.5 if score == 0 else 0.0 for score in scores]


def score_difference(
    first: Sequence[float], second: Sequence[float], *, confidence: float = 0.95
) -> ScoreDifference:
    """The mean of ``second``'s game points minus ``first``'s, with the normal-approximation
    margin ``z·√(var₁/n₁ + var₂/n₂)`` (population variances, z the two-sided normal quantile of
    ``confidence``).

    The margin treats the two samples as independent. Matches played from the same openings
    are positively correlated, which makes this margin wider than the true one (conservative).

    Raises:
        ValueError: for an empty sample or a confidence outside (0, 1).
    """
    if not first or not second:
        raise ValueError("both samples need at least one game")
    if not 0 < confidence < 1:
        raise ValueError(f"the confidence must be between 0 and 1; got {confidence}")
    z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
    spread = statistics.pvariance(first) / len(first) + statistics.pvariance(second) / len(second)
    return ScoreDifference(statistics.fmean(second) - statistics.fmean(first), z * spread**0.5)


def compare_depths(points: Sequence[ScoredDepthPoint]) -> ScoreDifference:
    """The deepest point's score rate minus the shallowest one's, with its 95 % margin
    (:func:`score_difference` of the two matches' game points).

    Raises:
        ValueError: with fewer than two points.
    """
    if len(points) < 2:
        raise ValueError(f"need at least two depths to compare; got {len(points)}")
    shallowest = min(points, key=lambda point: point.depth)
    deepest = max(points, key=lambda point: point.depth)
    return score_difference(
        game_points(shallowest.result.scores_for_a()), game_points(deepest.result.scores_for_a())
    )


def depth_evidence(
    name: str, points: Sequence[ScoredDepthPoint], *, language: str | None = None
) -> str:
    """One sentence comparing the deepest point's score rate with the shallowest one's against
    ``name``: the difference in percentage points, its 95 % margin (:func:`compare_depths`)
    and whether the difference lies beyond it (in ``language``; None: the course-wide
    setting).

    Raises:
        ValueError: with fewer than two points.
    """
    compared = compare_depths(points)
    shallowest = min(points, key=lambda point: point.depth)
    deepest = max(points, key=lambda point: point.depth)
    shallow_points = shallowest.result.scores_for_a()
    deep_points = deepest.result.scores_for_a()
    if compared.lead_beyond_margin:
        verdict = "deeper ahead"
    elif compared.deficit_beyond_margin:
        verdict = "deeper behind"
    else:
        verdict = "within margin"
    return words(WORDS["depth evidence"], language).format(
        name=player_label(name, language),
        deepest=deepest.depth,
        shallowest=shallowest.depth,
        difference=f"{100 * compared.difference:+.0f}",
        margin=f"{100 * compared.margin:.0f}",
        games=len(deep_points),
        other_games=len(shallow_points),
        verdict=words(WORDS[verdict], language),
    )


def depth_evidences(
    curves: Mapping[str, Sequence[ScoredDepthPoint]], *, language: str | None = None
) -> str:
    """One paragraph: :func:`depth_evidence`'s sentence for each opponent of ``curves``."""
    return _paragraph(depth_evidence, curves, language)


def score_chart(
    *,
    title: str | None = None,
    figsize: tuple[float, float] = (5.5, 3.8),
    language: str | None = None,
) -> Chart:
    """An empty score-rate chart (0–100 %, a dashed line at 50 %) with one panel."""
    chart = Chart(
        title=title,
        y_label=words(WORDS["y"], language),
        y_range=(0, 100),
        size=(figsize[0] * 96, figsize[1] * 96),
    )
    add_score_panel(chart, language=language)
    return chart


def add_score_panel(chart: Chart, *, language: str | None = None) -> Panel:
    """A new score-rate panel right of the chart's others (the 50 % line drawn)."""
    panel = chart.panel(x_label=words(WORDS["x"], language))
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
        label = words(WORDS["curve"], language).format(name=player_label(name, language))
        add_score_curve(panel, points, label)
    return chart
