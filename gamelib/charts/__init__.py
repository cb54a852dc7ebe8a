"""Charts drawn by gamelib itself as SVG text, the same on the desktop and in a browser.

No plotting library is needed: the course's plots are line charts (linear or log y), with
markers, reference lines, notes, intervals, a legend and panels side by side sharing the y
axis, and gamelib writes them directly (:mod:`~gamelib.charts.chart`, on the scales of
:mod:`~gamelib.charts.scales` and the SVG helpers of :mod:`~gamelib.charts.writer`).
Pictures of graphs (nodes and arrows) are DOT text that Graphviz draws when shown
(:mod:`~gamelib.charts.graph`).

This package sits in the bottom layer (beside :mod:`gamelib.tables`): it imports nothing of
gamelib above :mod:`gamelib.notation`; only :class:`GraphDrawing`'s display method loads the
renderer.
"""

from __future__ import annotations

from gamelib.charts.chart import (
    PALETTE,
    Chart,
    Interval,
    LineStyle,
    Marker,
    Note,
    Panel,
    Reference,
    Series,
)
from gamelib.charts.graph import GraphDrawing, HtmlLabel, digraph, quoted, statement
from gamelib.charts.scales import (
    LinearScale,
    LogScale,
    format_power,
    format_quantity,
    format_tick,
    linear_scale,
    log_scale,
)
from gamelib.charts.writer import CHART_FONT, GRAPHVIZ_FONT

__all__ = [
    "CHART_FONT",
    "GRAPHVIZ_FONT",
    "PALETTE",
    "Chart",
    "GraphDrawing",
    "HtmlLabel",
    "Interval",
    "LineStyle",
    "LinearScale",
    "LogScale",
    "Marker",
    "Note",
    "Panel",
    "Reference",
    "Series",
    "digraph",
    "format_power",
    "format_quantity",
    "format_tick",
    "linear_scale",
    "log_scale",
    "quoted",
    "statement",
]
