"""A chart: one or more panels side by side sharing a y axis, drawn as SVG text.

A :class:`Chart` holds :class:`Panel` objects; a panel holds lines (:meth:`Panel.line`),
horizontal reference lines (:meth:`Panel.reference`), text notes at data points
(:meth:`Panel.note`) and vertical intervals (:meth:`Panel.interval`, whose ends may be
infinite). The chart lays everything out when it is drawn (:attr:`Chart.svg`): one y scale for
all panels (linear, or log with powers of ten), an x scale per panel, a legend with one entry
per label, titles and axis labels.

    >>> chart = Chart(title="Growth", y_label="leaves", y_scale="log")
    >>> panel = chart.panel(x_label="depth")
    >>> series = panel.line([1, 2, 3], [2, 4, 8], label="b = 2")
    >>> chart.svg.startswith("<svg")
    True

Every coordinate written is a finite number inside the drawing; every text is escaped.

Every chart's SVG carries its text alternative (:func:`chart_summary`): ``role="img"``, a
``<title>`` (the chart's title) and a ``<desc>`` written from the chart's own data: per panel
its title and axes, then each line with its points (all of them when there are at most
:data:`POINTS_LISTED`, else how many, the x range, the lowest and highest y and the first and
last), each interval, reference line and note, in the language of the chart's own words
(:func:`chart_language`)::

    >>> chart = Chart(title="Nodes by depth", y_label="nodes")
    >>> panel = chart.panel(x_label="depth")
    >>> _ = panel.line([1, 2, 3], [3, 9, 27], label="minimax")
    >>> print(chart_summary(chart, "en").description)
    x axis: depth; y axis: nodes.
    minimax: (1, 3), (2, 9), (3, 27).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Final, Literal, TypeAlias

from gamelib.charts.scales import LinearScale, Scale, format_tick, linear_scale, log_scale
from gamelib.charts.writer import (
    CHART_FONT,
    element,
    number,
    points,
    text_element,
    text_width,
    wrap,
)
from gamelib.language import Language, resolve
from gamelib.notation import format_number

Marker: TypeAlias = Literal[
    "circle", "square", "triangle", "triangle-down", "diamond", "plus", "dash"
]
"""The shape drawn at a data point (``"dash"`` is a short horizontal bar)."""

LineStyle: TypeAlias = Literal["solid", "dashed", "dotted"]
"""How a line is drawn."""

LegendPlace: TypeAlias = Literal["right", "bottom", "none"]
"""Where the legend goes: right of the panels, below them, or nowhere."""

PALETTE = ("#1f77b4", "#d46400", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#c9559f")
"""The colours given to series in turn (the same label keeps its colour in every panel): the
usual ten-colour cycle's first seven, its orange and pink darkened so that every line reaches
3:1 against white and the dark theme's light sheet (tests/render/test_contrast.py)."""

DASHES: dict[LineStyle, str | None] = {"solid": None, "dashed": "6 4", "dotted": "1.5 3"}

GREY = "#808080"
GRID = "#e6e6e6"
FRAME = "#b3b3b3"
INK = "#262626"

TITLE_SIZE = 15.0
PANEL_TITLE_SIZE = 12.5
LABEL_SIZE = 12.5
TICK_SIZE = 11.5
LEGEND_SIZE = 11.5
NOTE_SIZE = 11.0
SMALLEST_SIZE: Final = min(
    TITLE_SIZE, PANEL_TITLE_SIZE, LABEL_SIZE, TICK_SIZE, LEGEND_SIZE, NOTE_SIZE
)
"""The smallest text a chart draws, at its natural size."""
INFINITY_ROOM = 30.0
"""Pixels kept beyond the y axis' top (bottom) end for intervals that reach +∞ (−∞): the bar
goes on past the last tick, and the ``+∞`` (``−∞``) mark sits at the panel's edge."""

EDGE_ROOM = 6.0
"""Pixels between the y axis' ends and the panel's frame, so marks at the ends stay clear."""

PANEL_GAP = 18.0
LEGEND_SAMPLE = 28.0
MINIMUM_PLOT_HEIGHT = 120.0


@dataclass(frozen=True)
class Series:
    """A line of data points (or marks only, when ``line`` is None).

    Attributes:
        xs: the x values.
        ys: the y values, one per x.
        label: the legend entry (None: none).
        marker: the mark at the data points (None: none).
        line: how the points are joined (None: they are not).
        colour: a CSS colour, or None for the next colour of :data:`PALETTE`.
        mark_every: a mark at every ``mark_every``-th point (the first one included).
        width: the line's width in pixels.
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    label: str | None = None
    marker: Marker | None = "circle"
    line: LineStyle | None = "solid"
    colour: str | None = None
    mark_every: int = 1
    width: float = 1.8


@dataclass(frozen=True)
class Reference:
    """A horizontal line across a panel at ``y`` (in the legend when it has a label)."""

    y: float
    label: str | None = None
    colour: str = GREY
    line: LineStyle = "dashed"
    width: float = 1.0


@dataclass(frozen=True)
class Note:
    """A text at a data point, just above or below it (kept inside the panel)."""

    x: float
    y: float
    text: str
    colour: str = "#595959"
    place: Literal["above", "below"] = "above"


@dataclass(frozen=True)
class Interval:
    """A vertical bar at ``x`` from ``low`` to ``high``; an infinite end is drawn to the
    panel's edge and marked ``−∞`` or ``+∞``."""

    x: float
    low: float
    high: float
    label: str | None = None
    colour: str | None = None
    width: float = 9.0


@dataclass
class Panel:
    """One plot box of a :class:`Chart`: its own x axis; the chart's y axis, or its own
    when it was given a ``y_range``.

    Attributes:
        title: the text above the box (line breaks allowed).
        x_label: the text below the x axis.
        x_ticks: where the x ticks go (default: nice ticks, whole numbers for whole data).
        x_range: the x axis' ends (default: the data with a small margin).
        y_range: this panel's own y axis' ends (default: the y axis shared with the others).
    """

    title: str | None = None
    x_label: str | None = None
    x_ticks: tuple[float, ...] | None = None
    x_range: tuple[float, float] | None = None
    y_range: tuple[float, float] | None = None
    series: list[Series] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    intervals: list[Interval] = field(default_factory=list)
    added: list[Series | Reference | Interval] = field(default_factory=list)
    """Every labelled kind of item in the order it was added (the legend's order)."""

    def line(
        self,
        xs: Iterable[float],
        ys: Iterable[float],
        *,
        label: str | None = None,
        marker: Marker | None = "circle",
        line: LineStyle | None = "solid",
        colour: str | None = None,
        mark_every: int = 1,
        width: float = 1.8,
    ) -> Series:
        """Add a series (see :class:`Series`) and return it.

        Raises:
            ValueError: if the lengths differ, a value is NaN or infinite, or
                ``mark_every`` is below 1.
        """
        x_values, y_values = tuple(map(float, xs)), tuple(map(float, ys))
        if len(x_values) != len(y_values):
            raise ValueError(f"{len(x_values)} x values but {len(y_values)} y values")
        _check_finite([*x_values, *y_values], "the data of a line")
        if mark_every < 1:
            raise ValueError(f"mark_every must be at least 1, not {mark_every}")
        series = Series(x_values, y_values, label, marker, line, colour, mark_every, width)
        self.series.append(series)
        self.added.append(series)
        return series

    def reference(
        self,
        y: float,
        *,
        label: str | None = None,
        colour: str = GREY,
        line: LineStyle = "dashed",
        width: float = 1.0,
    ) -> Reference:
        """Add a horizontal line at ``y`` and return it.

        Raises:
            ValueError: if ``y`` is NaN or infinite.
        """
        _check_finite([y], "a reference line's y")
        reference = Reference(float(y), label, colour, line, width)
        self.references.append(reference)
        self.added.append(reference)
        return reference

    def note(
        self,
        x: float,
        y: float,
        text: str,
        *,
        colour: str = "#595959",
        place: Literal["above", "below"] = "above",
    ) -> Note:
        """Add a text starting at the data point (``x``, ``y``) and return it.

        Raises:
            ValueError: if ``x`` or ``y`` is NaN or infinite.
        """
        _check_finite([x, y], "a note's position")
        note = Note(float(x), float(y), text, colour, place)
        self.notes.append(note)
        return note

    def interval(
        self,
        x: float,
        low: float,
        high: float,
        *,
        label: str | None = None,
        colour: str | None = None,
        width: float = 9.0,
    ) -> Interval:
        """Add a vertical bar from ``low`` to ``high`` at ``x`` (ends may be ±∞).

        Raises:
            ValueError: if a value is NaN, ``x`` is infinite, or ``low > high``.
        """
        _check_finite([x], "an interval's x")
        if math.isnan(low) or math.isnan(high) or low > high:
            raise ValueError(f"an interval must have low <= high, not {low!r} and {high!r}")
        interval = Interval(float(x), float(low), float(high), label, colour, width)
        self.intervals.append(interval)
        self.added.append(interval)
        return interval

    def x_values(self) -> list[float]:
        """Every x the panel must show."""
        return [
            *(x for series in self.series for x in series.xs),
            *(note.x for note in self.notes),
            *(interval.x for interval in self.intervals),
        ]

    def y_values(self) -> list[float]:
        """Every finite y the panel must show."""
        ends = [end for interval in self.intervals for end in (interval.low, interval.high)]
        return [
            *(y for series in self.series for y in series.ys),
            *(reference.y for reference in self.references),
            *(note.y for note in self.notes),
            *(end for end in ends if math.isfinite(end)),
        ]


def _check_finite(values: Sequence[float], what: str) -> None:
    bad = [value for value in values if not math.isfinite(value)]
    if bad:
        raise ValueError(f"{what} must be finite numbers, not {bad[0]!r}")


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a sample of the look and the label."""

    label: str
    kind: Literal["series", "reference", "interval"]
    colour: str
    marker: Marker | None = None
    line: LineStyle | None = None
    width: float = 1.8


@dataclass(frozen=True)
class Box:
    """A panel's plot box in pixels, and where its data's extreme values go."""

    left: float
    top: float
    right: float
    bottom: float
    inset_top: float = 0.0
    inset_bottom: float = 0.0


class Chart:
    """Panels side by side sharing one y axis (unless a panel is given its own y range:
    then every panel draws its own y axis); shows itself as SVG in Jupyter.

    Args:
        title: the title above everything (wrapped when long).
        y_label: the y axis' label, left of the first panel.
        y_scale: ``"linear"`` (ticks at 1, 2, 5 × 10^k) or ``"log"`` (powers of ten).
        y_range: the y axis' ends (default: the data, out to the next tick).
        size: (width, height) in pixels.
        legend: where the legend goes (default: right of one panel, below several).
        smallest_text: when given, the chart is never shown narrower than the width at which
            its smallest text is this many CSS pixels high (a column narrower than that
            scrolls sideways); by default it shrinks to any column.

    Raises:
        ValueError: for a size below 120 × 100 pixels or an unknown scale or legend place.
    """

    def __init__(
        self,
        *,
        title: str | None = None,
        y_label: str | None = None,
        y_scale: Literal["linear", "log"] = "linear",
        y_range: tuple[float, float] | None = None,
        size: tuple[float, float] = (720.0, 400.0),
        legend: LegendPlace | None = None,
        smallest_text: float | None = None,
    ) -> None:
        if y_scale not in ("linear", "log"):
            raise ValueError(f"y_scale must be 'linear' or 'log', not {y_scale!r}")
        if legend not in (None, "right", "bottom", "none"):
            raise ValueError(f"legend must be 'right', 'bottom' or 'none', not {legend!r}")
        width, height = size
        if not (math.isfinite(width) and math.isfinite(height)) or width < 120 or height < 100:
            raise ValueError(f"a chart must be at least 120 × 100 pixels, not {size!r}")
        self.title = title
        self.y_label = y_label
        self.y_scale: Literal["linear", "log"] = y_scale
        self.y_range = y_range
        self.size = (float(width), float(height))
        self.legend = legend
        self.smallest_text = smallest_text
        self.panels: list[Panel] = []

    def panel(
        self,
        *,
        title: str | None = None,
        x_label: str | None = None,
        x_ticks: Iterable[float] | None = None,
        x_range: tuple[float, float] | None = None,
        y_range: tuple[float, float] | None = None,
    ) -> Panel:
        """A new panel right of the others (see :class:`Panel`); with ``y_range`` it has a y
        axis of its own (e.g. shares from 0 to 1 beside means from −1 to 1)."""
        ticks = None if x_ticks is None else tuple(map(float, x_ticks))
        panel = Panel(title, x_label, ticks, x_range, y_range)
        self.panels.append(panel)
        return panel

    # ------------------------------------------------------------------ scales and colours

    @property
    def shares_y(self) -> bool:
        """Whether every panel uses one y axis (no panel was given a range of its own)."""
        return all(panel.y_range is None for panel in self.panels)

    def y_axis(self, target: int = 5, panel: Panel | None = None) -> Scale:
        """The y scale of ``panel``: the one shared by every panel, or, when the panels do
        not share one, the panel's own (its ``y_range``, else its data)."""
        if panel is None or self.shares_y:
            values = [y for each in self.panels for y in each.y_values()]
            fixed = self.y_range
        else:
            values = panel.y_values()
            fixed = panel.y_range if panel.y_range is not None else self.y_range
        if self.y_scale == "log":
            return log_scale(values, fixed=fixed)
        return linear_scale(values, fixed=fixed, target=target)

    def x_axis(self, panel: Panel, target: int = 6) -> LinearScale:
        """The x scale of ``panel``."""
        values = panel.x_values()
        whole = all(float(value).is_integer() for value in values)
        return linear_scale(
            values,
            fixed=panel.x_range,
            extend_to_ticks=False,
            margin=0.04,
            integer=whole and bool(values),
            target=target,
        )

    def colours(self) -> dict[int, str]:
        """The colour of every series and interval (by ``id``): the one given, or the label's
        colour, or the next one of :data:`PALETTE`."""
        by_label: dict[str, str] = {}
        chosen: dict[int, str] = {}
        next_colour = 0
        items: list[Series | Interval] = []
        for panel in self.panels:
            items.extend(panel.series)
            items.extend(panel.intervals)
        for item in items:
            if item.colour is not None:
                colour = item.colour
            elif item.label is not None and item.label in by_label:
                colour = by_label[item.label]
            else:
                colour = PALETTE[next_colour % len(PALETTE)]
                next_colour += 1
            if item.label is not None:
                by_label.setdefault(item.label, colour)
            chosen[id(item)] = colour
        return chosen

    def legend_entries(self) -> list[LegendEntry]:
        """One entry per distinct label, in the order the labels were first added."""
        colours = self.colours()
        entries: dict[str, LegendEntry] = {}
        for panel in self.panels:
            for item in panel.added:
                if item.label is None or item.label in entries:
                    continue
                if isinstance(item, Series):
                    entry = LegendEntry(
                        item.label, "series", colours[id(item)], item.marker, item.line, item.width
                    )
                elif isinstance(item, Interval):
                    entry = LegendEntry(item.label, "interval", colours[id(item)], width=item.width)
                else:
                    entry = LegendEntry(
                        item.label, "reference", item.colour, line=item.line, width=item.width
                    )
                entries[item.label] = entry
        return list(entries.values())

    # ------------------------------------------------------------------ drawing

    @property
    def svg(self) -> str:
        """The chart as an SVG document (``<svg …>…</svg>``), laid out now."""
        return _Drawing(self).svg()

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str | Path) -> Path:
        """Write the SVG document to ``path``; returns the path."""
        target = Path(path)
        target.write_text(self.svg, encoding="utf-8")
        return target

    def __repr__(self) -> str:
        lines = sum(len(panel.series) for panel in self.panels)
        title = f" {self.title!r}" if self.title else ""
        return f"<Chart{title}: {len(self.panels)} panel(s), {lines} line(s)>"


class _Drawing:
    """The layout of one chart in pixels and its SVG text."""

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self.panels = chart.panels or [Panel()]
        self.width, height = chart.size
        self.colours = chart.colours()
        self.entries = chart.legend_entries()
        place = chart.legend or ("right" if len(self.panels) == 1 else "bottom")
        self.legend_place: LegendPlace = place if self.entries else "none"
        self.tick_widths = [
            max((text_width(scale.label(tick), TICK_SIZE) for tick in scale.ticks), default=0.0)
            for scale in (chart.y_axis(panel=panel) for panel in self.panels)
        ]
        self.tick_width = self.tick_widths[0]
        self.left = 10 + (LABEL_SIZE * 1.6 if chart.y_label else 0) + self.tick_width + 10
        # Panels with their own y axes leave room for its tick labels between them.
        own_axes_room = 0.0 if chart.shares_y else max(self.tick_widths[1:], default=0.0) + 10
        self.gap = PANEL_GAP + own_axes_room
        self.legend_width = max(
            (LEGEND_SAMPLE + 8 + text_width(entry.label, LEGEND_SIZE) for entry in self.entries),
            default=0.0,
        )
        self.right = 16 + (self.legend_width + 14 if self.legend_place == "right" else 0)
        count = len(self.panels)
        area = self.width - self.left - self.right
        if area < 60 * count:
            raise ValueError(
                f"a chart {self.width:g} pixels wide has no room for {count} panels: "
                "make it wider or the legend shorter"
            )
        self.panel_width = (area - self.gap * (count - 1)) / count
        self.title_lines = (
            wrap(chart.title, TITLE_SIZE, self.width - 24) if chart.title is not None else []
        )
        self.panel_titles = [
            wrap(panel.title, PANEL_TITLE_SIZE, self.panel_width) if panel.title else []
            for panel in self.panels
        ]
        self.legend_rows = self._bottom_legend_rows() if self.legend_place == "bottom" else []
        title_height = len(self.title_lines) * TITLE_SIZE * 1.3 + (6 if self.title_lines else 0)
        panel_title_height = max(len(lines) for lines in self.panel_titles) * PANEL_TITLE_SIZE * 1.3
        self.top = 10 + title_height + panel_title_height + (4 if panel_title_height else 0)
        has_x_label = any(panel.x_label for panel in self.panels)
        self.bottom_margin = (
            8
            + TICK_SIZE * 1.6
            + (LABEL_SIZE * 1.6 if has_x_label else 0)
            + len(self.legend_rows) * LEGEND_SIZE * 1.7
            + (6 if self.legend_rows else 0)
        )
        self.height = max(height, self.top + self.bottom_margin + MINIMUM_PLOT_HEIGHT)
        self.box_bottom = self.height - self.bottom_margin
        target = max(3, int((self.box_bottom - self.top) / 55))
        self.y_scales = [chart.y_axis(target=target, panel=panel) for panel in self.panels]
        infinite_top = any(i.high == math.inf for p in self.panels for i in p.intervals)
        infinite_bottom = any(i.low == -math.inf for p in self.panels for i in p.intervals)
        self.boxes = [
            Box(
                self.left + index * (self.panel_width + self.gap),
                self.top,
                self.left + index * (self.panel_width + self.gap) + self.panel_width,
                self.box_bottom,
                INFINITY_ROOM if infinite_top else EDGE_ROOM,
                INFINITY_ROOM if infinite_bottom else EDGE_ROOM,
            )
            for index in range(count)
        ]
        self.x_scales = [
            self.chart.x_axis(panel, target=max(2, int(self.panel_width / 50)))
            for panel in self.panels
        ]

    def _bottom_legend_rows(self) -> list[list[LegendEntry]]:
        rows: list[list[LegendEntry]] = [[]]
        used = 0.0
        for entry in self.entries:
            width = LEGEND_SAMPLE + 8 + text_width(entry.label, LEGEND_SIZE) + 22
            if rows[-1] and used + width > self.width - 20:
                rows.append([])
                used = 0.0
            rows[-1].append(entry)
            used += width
        return rows

    # ------------------------------------------------------------------ coordinates

    def x_pixel(self, index: int, x: float) -> float:
        box = self.boxes[index]
        return box.left + self.x_scales[index].fraction(x) * (box.right - box.left)

    def y_pixel(self, index: int, y: float) -> float:
        box = self.boxes[index]
        low_end, high_end = box.bottom - box.inset_bottom, box.top + box.inset_top
        return low_end - self.y_scales[index].fraction(y) * (low_end - high_end)

    # ------------------------------------------------------------------ parts

    def svg(self) -> str:
        summary = chart_summary(self.chart)  # the text alternative: the data in words
        parts = [
            element("title", escape(summary.title, quote=False)),
            element("desc", escape(summary.description, quote=False)),
            element("rect", x=0, y=0, width=self.width, height=self.height, fill="white"),
            self._titles(),
            *(self._y_axis(index) for index in range(self._y_axes())),
            *(self._panel(index) for index in range(len(self.panels))),
            self._legend(),
        ]
        head = element(
            "svg",
            "".join(parts),
            xmlns="http://www.w3.org/2000/svg",
            role="img",
            width=self.width,
            height=self.height,
            viewBox=f"0 0 {number(self.width)} {number(self.height)}",
            font_family=CHART_FONT,
            style=self._style(),
        )
        return head

    def _y_axes(self) -> int:
        """How many y axes are drawn: one when the panels share it, else one per panel."""
        return 1 if self.chart.shares_y else len(self.panels)

    def _style(self) -> str:
        style = "max-width:100%;height:auto"
        if self.chart.smallest_text is None:
            return style
        least = math.ceil(self.width * self.chart.smallest_text / SMALLEST_SIZE)
        return f"{style};min-width:{least}px"

    def _titles(self) -> str:
        parts = []
        y = 10 + TITLE_SIZE
        if self.title_lines:
            parts.append(
                text_element(
                    "\n".join(self.title_lines),
                    self.width / 2,
                    y,
                    size=TITLE_SIZE,
                    line_height=TITLE_SIZE * 1.3,
                    text_anchor="middle",
                    fill=INK,
                    class_="title",
                )
            )
        return "".join(parts)

    def _panel_title(self, index: int) -> str:
        lines, box = self.panel_titles[index], self.boxes[index]
        if not lines:
            return ""
        return text_element(
            "\n".join(lines),
            (box.left + box.right) / 2,
            box.top - 6 - (len(lines) - 1) * PANEL_TITLE_SIZE * 1.3,
            size=PANEL_TITLE_SIZE,
            line_height=PANEL_TITLE_SIZE * 1.3,
            text_anchor="middle",
            fill=INK,
            class_="panel-title",
        )

    def _y_axis(self, index: int) -> str:
        box, scale = self.boxes[index], self.y_scales[index]
        labels = "".join(
            text_element(
                scale.label(tick),
                box.left - 6,
                self.y_pixel(index, tick) + TICK_SIZE * 0.35,
                size=TICK_SIZE,
                text_anchor="end",
                fill=INK,
            )
            for tick in scale.ticks
        )
        parts = [element("g", labels, class_="y-ticks")]
        if self.chart.y_label and index == 0:
            middle = (box.top + box.bottom) / 2
            x = 10 + LABEL_SIZE
            parts.append(
                text_element(
                    self.chart.y_label,
                    x,
                    middle,
                    size=LABEL_SIZE,
                    text_anchor="middle",
                    transform=f"rotate(-90 {number(x)} {number(middle)})",
                    fill=INK,
                    class_="y-label",
                )
            )
        return "".join(parts)

    def _panel(self, index: int) -> str:
        panel, box, x_scale = self.panels[index], self.boxes[index], self.x_scales[index]
        x_ticks = [
            tick
            for tick in (panel.x_ticks if panel.x_ticks is not None else x_scale.ticks)
            if x_scale.low - 1e-9 <= tick <= x_scale.high + 1e-9
        ]
        grid = "".join(
            element(
                "line",
                x1=box.left,
                x2=box.right,
                y1=self.y_pixel(index, tick),
                y2=self.y_pixel(index, tick),
                stroke=GRID,
            )
            for tick in self.y_scales[index].ticks
        ) + "".join(
            element(
                "line",
                x1=self.x_pixel(index, tick),
                x2=self.x_pixel(index, tick),
                y1=box.top,
                y2=box.bottom,
                stroke=GRID,
            )
            for tick in x_ticks
        )
        step = x_scale.step
        tick_labels = "".join(
            element(
                "line",
                x1=self.x_pixel(index, tick),
                x2=self.x_pixel(index, tick),
                y1=box.bottom,
                y2=box.bottom + 4,
                stroke=FRAME,
            )
            + text_element(
                x_scale.label(tick) if panel.x_ticks is None else _plain(tick, step),
                self.x_pixel(index, tick),
                box.bottom + 6 + TICK_SIZE,
                size=TICK_SIZE,
                text_anchor="middle",
                fill=INK,
            )
            for tick in x_ticks
        )
        y_marks = "".join(
            element("line", x1=box.left - 4, x2=box.left, y1=y, y2=y, stroke=FRAME)
            for y in (self.y_pixel(index, tick) for tick in self.y_scales[index].ticks)
        )
        parts = [
            self._panel_title(index),
            element("g", grid, class_="grid"),
            *(self._interval(index, interval) for interval in panel.intervals),
            *(self._reference(index, reference) for reference in panel.references),
            *(self._series(index, series) for series in panel.series),
            *(self._note(index, note) for note in panel.notes),
            element(
                "rect",
                x=box.left,
                y=box.top,
                width=box.right - box.left,
                height=box.bottom - box.top,
                fill="none",
                stroke=FRAME,
                class_="plot-box",
            ),
            element("g", y_marks + tick_labels, class_="x-ticks"),
        ]
        if panel.x_label:
            parts.append(
                text_element(
                    panel.x_label,
                    (box.left + box.right) / 2,
                    box.bottom + 6 + TICK_SIZE * 1.6 + LABEL_SIZE,
                    size=LABEL_SIZE,
                    text_anchor="middle",
                    fill=INK,
                    class_="x-label",
                )
            )
        return element("g", "".join(parts), class_="panel")

    def _series(self, index: int, series: Series) -> str:
        colour = self.colours[id(series)]
        coordinates = [
            (self.x_pixel(index, x), self.y_pixel(index, y))
            for x, y in zip(series.xs, series.ys, strict=True)
        ]
        parts = []
        if series.line is not None and coordinates:
            parts.append(
                element(
                    "polyline",
                    points=points(coordinates),
                    fill="none",
                    stroke=colour,
                    stroke_width=series.width,
                    stroke_dasharray=DASHES[series.line],
                    stroke_linejoin="round",
                )
            )
        if series.marker is not None:
            marks = "".join(
                marker(series.marker, x, y, colour) for x, y in coordinates[:: series.mark_every]
            )
            parts.append(element("g", marks, class_="markers"))
        return element("g", "".join(parts), class_="series", data_label=series.label)

    def _reference(self, index: int, reference: Reference) -> str:
        box = self.boxes[index]
        y = self.y_pixel(index, reference.y)
        return element(
            "line",
            x1=box.left,
            x2=box.right,
            y1=y,
            y2=y,
            stroke=reference.colour,
            stroke_width=reference.width,
            stroke_dasharray=DASHES[reference.line],
            class_="reference",
        )

    def _note(self, index: int, note: Note) -> str:
        box = self.boxes[index]
        width = text_width(note.text, NOTE_SIZE)
        x = self.x_pixel(index, note.x) + 3
        x = max(box.left + 3, min(x, box.right - 3 - width))
        y = self.y_pixel(index, note.y) + (-4 if note.place == "above" else NOTE_SIZE + 2)
        y = max(box.top + NOTE_SIZE + 1, min(y, box.bottom - 3))
        return text_element(note.text, x, y, size=NOTE_SIZE, fill=note.colour, class_="note")

    def _interval(self, index: int, interval: Interval) -> str:
        box = self.boxes[index]
        colour = self.colours[id(interval)]
        x = self.x_pixel(index, interval.x)
        mark_room = TICK_SIZE + 4
        top = (
            box.top + mark_room if interval.high == math.inf else self.y_pixel(index, interval.high)
        )
        bottom = (
            box.bottom - mark_room
            if interval.low == -math.inf
            else self.y_pixel(index, interval.low)
        )
        parts = [
            element(
                "rect",
                x=x - interval.width / 2,
                y=top,
                width=interval.width,
                height=max(bottom - top, 1.0),
                fill=colour,
                fill_opacity=0.4,
            )
        ]
        if interval.high == math.inf:
            parts.append(
                text_element("+∞", x, top - 4, size=TICK_SIZE, text_anchor="middle", fill=colour)
            )
        if interval.low == -math.inf:
            parts.append(
                text_element(
                    "−∞",
                    x,
                    bottom + TICK_SIZE + 1,
                    size=TICK_SIZE,
                    text_anchor="middle",
                    fill=colour,
                )
            )
        return element("g", "".join(parts), class_="interval")

    def _legend(self) -> str:
        if self.legend_place == "none":
            return ""
        row_height = LEGEND_SIZE * 1.7
        placed: list[tuple[LegendEntry, float, float]] = []
        if self.legend_place == "right":
            x = self.boxes[-1].right + 14
            for row, entry in enumerate(self.entries):
                placed.append((entry, x, self.top + 4 + row * row_height))
        else:
            y = self.height - len(self.legend_rows) * row_height - 4
            for row, entries in enumerate(self.legend_rows):
                widths = [
                    LEGEND_SAMPLE + 8 + text_width(entry.label, LEGEND_SIZE) for entry in entries
                ]
                total = sum(widths) + 22 * (len(entries) - 1)
                x = (self.width - total) / 2
                for entry, width in zip(entries, widths, strict=True):
                    placed.append((entry, x, y + row * row_height))
                    x += width + 22
        body = "".join(
            element(
                "g",
                legend_sample(entry, x, y + row_height / 2)
                + text_element(
                    entry.label,
                    x + LEGEND_SAMPLE + 8,
                    y + row_height / 2 + LEGEND_SIZE * 0.35,
                    size=LEGEND_SIZE,
                    fill=INK,
                ),
                class_="legend-entry",
            )
            for entry, x, y in placed
        )
        return element("g", body, class_="legend")


def _plain(tick: float, step: float) -> str:
    """A given tick's label (the chart's step need not fit it: 1, 2, 3 on a 0.5 scale)."""
    return format_tick(tick, 1.0 if float(tick).is_integer() else min(step, 0.1))


def marker(kind: Marker, x: float, y: float, colour: str, size: float = 4.2) -> str:
    """The SVG of a mark centred on (``x``, ``y``)."""
    if kind == "circle":
        return element("circle", cx=x, cy=y, r=size, fill=colour)
    if kind == "square":
        side = size * 1.7
        return element("rect", x=x - side / 2, y=y - side / 2, width=side, height=side, fill=colour)
    if kind == "dash":
        return element(
            "line", x1=x - 3 * size, x2=x + 3 * size, y1=y, y2=y, stroke=colour, stroke_width=2.5
        )
    if kind == "plus":
        reach = size * 1.6
        path = (
            f"M{number(x - reach)} {number(y)}H{number(x + reach)}"
            f"M{number(x)} {number(y - reach)}V{number(y + reach)}"
        )
        return element("path", d=path, stroke=colour, stroke_width=1.6, fill="none")
    corners = {
        "triangle": [(0.0, -1.25), (1.15, 0.85), (-1.15, 0.85)],
        "triangle-down": [(0.0, 1.25), (1.15, -0.85), (-1.15, -0.85)],
        "diamond": [(0.0, -1.3), (1.0, 0.0), (0.0, 1.3), (-1.0, 0.0)],
    }[kind]
    return element(
        "polygon",
        points=points([(x + dx * size, y + dy * size) for dx, dy in corners]),
        fill=colour,
    )


def legend_sample(entry: LegendEntry, x: float, y: float) -> str:
    """The little picture in front of a legend label, its left end at ``x``, centred on ``y``."""
    middle = x + LEGEND_SAMPLE / 2
    if entry.kind == "interval":
        return element(
            "rect",
            x=middle - entry.width / 2,
            y=y - 8,
            width=entry.width,
            height=16,
            fill=entry.colour,
            fill_opacity=0.4,
        )
    parts = []
    if entry.line is not None:
        parts.append(
            element(
                "line",
                x1=x,
                x2=x + LEGEND_SAMPLE,
                y1=y,
                y2=y,
                stroke=entry.colour,
                stroke_width=entry.width,
                stroke_dasharray=DASHES[entry.line],
            )
        )
    if entry.marker is not None:
        parts.append(marker(entry.marker, middle, y, entry.colour))
    return "".join(parts)


__all__ = [
    "PALETTE",
    "Chart",
    "Interval",
    "LegendEntry",
    "LegendPlace",
    "LineStyle",
    "Marker",
    "Note",
    "Panel",
    "Reference",
    "Series",
    "marker",
]


# ------------------------------------------------------------------ the chart in words

POINTS_LISTED = 12
"""Lines with at most this many points are read out point by point; longer ones are
summarised."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "chart": {"en": "Chart", "ja": "グラフ"},
    "panel": {"en": "Panel {number}: {title}.", "ja": "パネル {number}：{title}。"},
    "panel_number": {"en": "Panel {number}.", "ja": "パネル {number}。"},
    "axes": {"en": "x axis: {x}; y axis: {y}.", "ja": "横軸は {x}、縦軸は {y} です。"},
    "log_axes": {
        "en": "x axis: {x}; y axis: {y}, on a logarithmic scale.",
        "ja": "横軸は {x}、縦軸は {y}（対数目盛り）です。",
    },
    "unnamed_axis": {"en": "unnamed", "ja": "名前なし"},
    "line_points": {"en": "{label}: {points}.", "ja": "{label}：{points}。"},
    "line_summary": {
        "en": (
            "{label}: {count} points, x from {first_x} to {last_x}, y from {low} to {high} "
            "(first {first_y}, last {last_y})."
        ),
        "ja": (
            "{label}：{count} 点、x は {first_x} から {last_x} まで、y は {low} から {high} まで"
            "（最初 {first_y}、最後 {last_y}）。"
        ),
    },
    "unnamed_line": {"en": "line {number}", "ja": "線 {number}"},
    "interval": {
        "en": "{label} at x = {x}: from {low} to {high}.",
        "ja": "{label}（x = {x}）：{low} から {high} まで。",
    },
    "unnamed_interval": {"en": "interval", "ja": "区間"},
    "reference": {"en": "{label}: a line at y = {y}.", "ja": "{label}：y = {y} の線。"},
    "unnamed_reference": {"en": "reference", "ja": "基準線"},
    "note": {"en": "Note at ({x}, {y}): {text}.", "ja": "({x}, {y}) の注記：{text}。"},
}
"""Every sentence of a chart's summary, in each language."""

SEPARATOR: Final[Mapping[Language, str]] = {"en": ", ", "ja": "、"}
"""What separates the points of a line, in each language."""


@dataclass(frozen=True)
class ChartSummary:
    """A chart in words: ``title`` (its accessible name) and ``description`` (its data, one
    sentence per line)."""

    title: str
    description: str


def _number(value: float) -> str:
    return format_number(value)


def _line_sentence(xs: Sequence[float], ys: Sequence[float], label: str, language: Language) -> str:
    if len(xs) <= POINTS_LISTED:
        points = SEPARATOR[language].join(
            f"({_number(x)}, {_number(y)})" for x, y in zip(xs, ys, strict=True)
        )
        return WORDS["line_points"][language].format(label=label, points=points)
    return WORDS["line_summary"][language].format(
        label=label,
        count=len(xs),
        first_x=_number(xs[0]),
        last_x=_number(xs[-1]),
        low=_number(min(ys)),
        high=_number(max(ys)),
        first_y=_number(ys[0]),
        last_y=_number(ys[-1]),
    )


LOG_SCALE_MARKS: Final = ("log scale", "logarithmic", "対数目盛り")
"""Words of a y label that already say its axis is logarithmic (the summary then does not
say it a second time)."""


def _panel_sentences(
    chart: Chart, panel: Panel, place: int, language: Language, count: int
) -> list[str]:
    words = {key: texts[language] for key, texts in WORDS.items()}
    lines = []
    if panel.title:
        title = panel.title.replace("\n", " ")
        lines.append(words["panel"].format(number=place, title=title))
    elif count > 1:
        lines.append(words["panel_number"].format(number=place))
    says_scale = any(mark in (chart.y_label or "") for mark in LOG_SCALE_MARKS)
    axes = words["log_axes" if chart.y_scale == "log" and not says_scale else "axes"]
    unnamed = words["unnamed_axis"]
    lines.append(
        axes.format(
            x=(panel.x_label or unnamed).replace("\n", " "),
            y=(chart.y_label or unnamed).replace("\n", " "),
        )
    )
    for index, series in enumerate(panel.series, start=1):
        label = series.label or words["unnamed_line"].format(number=index)
        lines.append(_line_sentence(series.xs, series.ys, label, language))
    for interval in panel.intervals:
        lines.append(
            words["interval"].format(
                label=interval.label or words["unnamed_interval"],
                x=_number(interval.x),
                low=_number(interval.low),
                high=_number(interval.high),
            )
        )
    for reference in panel.references:
        lines.append(
            words["reference"].format(
                label=reference.label or words["unnamed_reference"], y=_number(reference.y)
            )
        )
    for note in panel.notes:
        lines.append(
            words["note"].format(
                x=_number(note.x), y=_number(note.y), text=note.text.replace("\n", " ")
            )
        )
    return lines


_JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def chart_language(chart: Chart) -> Language:
    """The language of ``chart``'s own words (its titles and labels): Japanese when any of
    them holds kana or kanji, English when they hold other letters, else the course-wide
    language. A chart's summary is written in it, so that it reads like the chart."""
    texts = [chart.title or "", chart.y_label or ""]
    for panel in chart.panels:
        texts += [panel.title or "", panel.x_label or ""]
        texts += [item.label or "" for item in panel.added]
        texts += [note.text for note in panel.notes]
    if any(_JAPANESE.search(text) for text in texts):
        return "ja"
    if any(character.isalpha() for text in texts for character in text):
        return "en"
    return resolve(None)


def chart_summary(chart: Chart, language: str | None = None) -> ChartSummary:
    """``chart``'s title and data in words, in ``language`` (None: the language of the
    chart's own words, :func:`chart_language`).

    Guarantee: every point of a line of at most :data:`POINTS_LISTED` points is written, in
    order; a longer line's count, x range, lowest and highest y and first and last y are
    those of its data; every interval, reference line and note is written."""
    chosen = chart_language(chart) if language is None else resolve(language)
    title = (chart.title or WORDS["chart"][chosen]).replace("\n", " ")
    lines: list[str] = []
    for place, panel in enumerate(chart.panels, start=1):
        lines.extend(_panel_sentences(chart, panel, place, chosen, len(chart.panels)))
    return ChartSummary(title, "\n".join(lines))
