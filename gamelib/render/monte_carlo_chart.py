"""A chart of a Monte Carlo search converging: the root moves' visit shares and mean values
against iterations, folded from its trace.

    >>> from gamelib.trees import TEXTBOOK
    >>> from gamelib.search.mcts import record_monte_carlo, uct
    >>> trace = record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=200)
    >>> history = root_history(trace)
    >>> sorted(history), history["B"].visits[-1] + history["C"].visits[-1] + history["D"].visits[-1]
    (['B', 'C', 'D'], 200)

The chart (:func:`convergence_chart`) is one of the course's own SVG charts
(:class:`gamelib.charts.Chart`), with its text alternative written from its data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from gamelib.charts import Chart, Marker
from gamelib.language import Language, resolve
from gamelib.search.mcts.events import Backup, MonteCarloTrace, Selection

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "title": {
        "en": "{algorithm} on {root}: the root's moves as the iterations grow",
        "ja": "{root} での {algorithm}：反復とともに変わる根の手",
    },
    "share": {"en": "visit share N / N(root)", "ja": "訪問の割合 N / N(根)"},
    "mean": {
        "en": "mean value Q for the player to move at the root",
        "ja": "根の手番側にとっての平均値 Q",
    },
    "iterations": {"en": "iterations", "ja": "反復回数"},
    "minimax": {"en": "minimax value ({value})", "ja": "ミニマックス値（{value}）"},
}
"""The words of the chart, in each language."""

POINTS: Final = 240
"""A line has at most about this many points (evenly spaced iterations, the last included)."""


@dataclass
class RootMoveHistory:
    """One root move after each iteration from the one that first tried it.

    Attributes:
        iterations: the iterations (1, 2, …).
        visits: its N after each of them.
        means: its Q after each of them, for the player to move at the root.
    """

    iterations: list[int] = field(default_factory=list)
    visits: list[int] = field(default_factory=list)
    means: list[float] = field(default_factory=list)


def root_history(trace: MonteCarloTrace) -> dict[str, RootMoveHistory]:
    """Every root child's N and Q after each iteration, by name: a fold over the
    :class:`Backup` events (the step before the root's is the root child the iteration went
    through; the others keep their numbers).

    Guarantee: after iteration i, the numbers are those of ``trace.tree_after(i)``.
    """
    current: dict[str, tuple[int, float]] = {}
    history: dict[str, RootMoveHistory] = {}
    iteration = 0
    for event in trace.events:
        if isinstance(event, Backup):
            iteration += 1
            if len(event.steps) >= 2:
                step = event.steps[-2]
                current[step.node] = (step.visits, step.mean)
            for name, (visits, mean) in current.items():
                line = history.setdefault(name, RootMoveHistory())
                line.iterations.append(iteration)
                line.visits.append(visits)
                line.means.append(mean)
    return history


def _sampled(count: int) -> list[int]:
    """Indexes of at most about :data:`POINTS` evenly spaced points of ``count``, the last
    included."""
    if count <= POINTS:
        return list(range(count))
    step = count / POINTS
    indexes = sorted({min(count - 1, round(k * step)) for k in range(POINTS)} | {count - 1})
    return indexes


def convergence_chart(
    trace: MonteCarloTrace,
    *,
    minimax_value: float | None = None,
    language: str | None = None,
) -> Chart:
    """Two panels against iterations, each with its own y axis: each root move's share of
    the visits (N / N(root), from 0 to 1), and its mean value Q (from −1 to 1) for the player
    to move at the root; ``minimax_value`` (in reward units, e.g. the minimax value over
    :func:`~gamelib.search.mcts.playouts.leaf_scale`) is drawn as a reference line on the
    second. ``language`` None: the course-wide language.
    """
    chosen = resolve(language)
    words = {key: texts[chosen] for key, texts in WORDS.items()}
    history = root_history(trace)
    chart = Chart(
        title=words["title"].format(algorithm=trace.algorithm, root=trace.root),
        y_range=(-1.0, 1.0),
        size=(1100.0, 420.0),
        legend="bottom",
    )
    shares = chart.panel(title=words["share"], x_label=words["iterations"], y_range=(0.0, 1.0))
    means = chart.panel(title=words["mean"], x_label=words["iterations"])
    many = trace.iterations > 40
    order = next(
        ([child.node for child in event.children] for event in trace.events
         if isinstance(event, Selection) and event.node == trace.root),
        [],
    )  # fmt: skip
    for name, line in sorted(history.items(), key=lambda item: order.index(item[0])):
        indexes = _sampled(len(line.iterations))
        xs = [line.iterations[index] for index in indexes]
        marker: Marker | None = None if many else "circle"
        shares.line(
            xs, [line.visits[index] / line.iterations[index] for index in indexes],
            label=name, marker=marker,
        )  # fmt: skip
        means.line(xs, [line.means[index] for index in indexes], label=name, marker=marker)
    if minimax_value is not None:
        means.reference(minimax_value, label=words["minimax"].format(value=f"{minimax_value:+.2f}"))
    return chart


__all__ = ["POINTS", "RootMoveHistory", "convergence_chart", "root_history"]
