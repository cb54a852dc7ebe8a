"""The windows of the open nodes on a number line: one row per node on the search path.

Each row shows a node's (α, β) window as a bar over a shared axis (an open end at ±∞ runs
to the edge with an arrow tip) and its best value so far as a dot. The rows are the open
nodes of one snapshot, root first, so the picture shows how the window narrows on the way
down. The SVG is written by hand: small, fast, and the same with or without Graphviz.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

from gamelib.core import View
from gamelib.language import Language, resolve
from gamelib.notation import format_number, format_window
from gamelib.render.structure import Structure
from gamelib.render.style import PALETTE
from gamelib.render.svg import sizing_style
from gamelib.trace import Snapshot, Trace, for_view, window_for_view

ROW_HEIGHT = 24
FONT_SIZE = 12
"""The size of the number line's text, in pixels (its only size)."""
LABEL_WIDTH = 150
MARGIN = 16
BAR_OPACITY = 0.75
"""The opacity of a window's bar: enough for 3:1 against the row's backgrounds, white and
the open row's tint (tests/render/test_contrast.py)."""
CURRENT_ROW_FILL = "#fdf0d5"
"""The tint behind the current node's row."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "nothing_open": {"en": "no node is open", "ja": "探索中のノードはありません"},
    "best_so_far": {"en": "best so far {value}", "ja": "これまでの最善値 {value}"},
}
"""The words of the number line (a placeholder row, a dot's tooltip), in each language."""


@dataclass(frozen=True)
class WindowRow:
    """One open node's window, in one view.

    Attributes:
        label: the node's title (its name, or its move in a game).
        maximizing: True for MAX's nodes (drawn blue), False for MIN's (drawn red).
        alpha, beta: the window.
        best: the best value so far, if any.
        current: whether the search is at this node.
    """

    label: str
    maximizing: bool
    alpha: float
    beta: float
    best: float | None
    current: bool


def window_rows(snapshot: Snapshot, structure: Structure, view: View) -> list[WindowRow]:
    """The rows of the open nodes of ``snapshot``, root first."""
    rows = []
    root_player = structure.root_player
    for name in snapshot.path:
        state = snapshot.nodes[name]
        if state.alpha is None or state.beta is None or state.player is None:
            continue
        alpha, beta = window_for_view(state.alpha, state.beta, state.player, root_player, view)
        best = (
            None if state.value is None else for_view(state.value, state.player, root_player, view)
        )
        rows.append(
            WindowRow(
                structure.titles.get(name, name),
                state.player == root_player,
                alpha,
                beta,
                best,
                name == snapshot.current,
            )
        )
    return rows


def value_range(trace: Trace) -> float:
    """The largest finite absolute value in ``trace`` or its tree (at least 1): axis ±this.

    A tree's leaf values count even if unvisited, so two searches of one tree share an axis.
    """
    largest = 1.0
    if trace.tree is not None:
        leaves = (leaf.value for leaf in trace.tree.leaves() if leaf.value is not None)
        largest = max([largest, *(abs(value) for value in leaves if math.isfinite(value))])
    for _, alpha, beta in trace.windows("max"):
        largest = max([largest, *(abs(end) for end in (alpha, beta) if math.isfinite(end))])
    for event in trace.events:
        value = getattr(event, "value", None)
        if isinstance(value, int | float) and math.isfinite(value):
            largest = max(largest, abs(value))
    return largest


def _ticks(limit: float) -> list[float]:
    step = 1.0
    for candidate in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000):
        step = candidate
        if 2 * limit / candidate <= 12:
            break
    count = int(limit // step)
    return [index * step for index in range(-count, count + 1)]


def number_line_svg(
    rows: Sequence[WindowRow],
    limit: float,
    reserved_rows: int = 0,
    width: int = 620,
    *,
    language: str | None = None,
) -> str:
    """An SVG with one row per open node: its window as a bar on an axis from −limit to limit.

    Args:
        rows: the open nodes, root first.
        limit: the axis runs from −limit to +limit (values beyond are drawn at the ends).
        reserved_rows: the SVG is always this many rows high (so an animation does not jump).
        width: the width in pixels.
        language: ``"en"`` or ``"ja"`` for the words (None: the course-wide language).
    """
    words = {key: texts[resolve(language)] for key, texts in WORDS.items()}
    height = (max(len(rows), reserved_rows, 1) + 1) * ROW_HEIGHT + 8
    left, right = LABEL_WIDTH + MARGIN, width - MARGIN

    def x_of(value: float) -> float:
        clamped = max(-limit * 1.08, min(limit * 1.08, value))
        return left + (clamped + limit * 1.08) / (2 * limit * 1.08) * (right - left)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" style="{sizing_style(width, FONT_SIZE)}" '
        f'font-family="DejaVu Sans,Helvetica,Arial,sans-serif" font-size="{FONT_SIZE}">'
    ]
    parts.extend(_axis(limit, x_of, max(len(rows), reserved_rows, 1)))
    for index, row in enumerate(rows):
        parts.extend(_row(row, index, x_of, left, right, words["best_so_far"]))
    if not rows:
        parts.append(
            f'<text x="{left}" y="{ROW_HEIGHT - 6}" fill="{PALETTE.muted_text}">'
            f"{escape(words['nothing_open'])}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _axis(limit: float, x_of: Callable[[float], float], rows: int) -> list[str]:
    y = rows * ROW_HEIGHT + 6
    parts = [
        f'<line x1="{x_of(-math.inf):.1f}" y1="{y}" x2="{x_of(math.inf):.1f}" y2="{y}" '
        'stroke="#888" stroke-width="1"/>'
    ]
    for tick in _ticks(limit):
        x = x_of(tick)
        parts.append(f'<line x1="{x:.1f}" y1="2" x2="{x:.1f}" y2="{y}" stroke="#eee"/>')
        parts.append(
            f'<text x="{x:.1f}" y="{y + 15}" text-anchor="middle" fill="#666">'
            f"{escape(format_number(tick))}</text>"
        )
    return parts


def _row(
    row: WindowRow,
    index: int,
    x_of: Callable[[float], float],
    left: float,
    right: float,
    best_so_far: str,
) -> list[str]:
    top = index * ROW_HEIGHT + 2
    middle = top + ROW_HEIGHT / 2
    color = PALETTE.max_line if row.maximizing else PALETTE.min_line
    parts = []
    if row.current:
        parts.append(
            f'<rect x="0" y="{top}" width="{right + MARGIN}" height="{ROW_HEIGHT - 2}" '
            f'fill="{CURRENT_ROW_FILL}" rx="3"/>'
        )
    label = f"{row.label} {format_window(row.alpha, row.beta)}"
    parts.append(f'<text x="6" y="{middle + 4:.1f}" fill="{PALETTE.text}">{escape(label)}</text>')
    start, end = x_of(row.alpha), x_of(row.beta)
    parts.append(
        f'<line x1="{start:.1f}" y1="{middle:.1f}" x2="{max(end, start + 2):.1f}" '
        f'y2="{middle:.1f}" stroke="{color}" stroke-width="7" stroke-opacity="{BAR_OPACITY}"/>'
    )
    for end_value, tip in ((row.alpha, -1), (row.beta, 1)):
        x = x_of(end_value)
        if math.isinf(end_value):
            parts.append(
                f'<path d="M{x + tip * 7:.1f},{middle:.1f} l{-tip * 9},-6 v12 z" fill="{color}"/>'
            )
        else:
            parts.append(
                f'<line x1="{x:.1f}" y1="{middle - 7:.1f}" x2="{x:.1f}" '
                f'y2="{middle + 7:.1f}" stroke="{color}" stroke-width="2"/>'
            )
    if row.best is not None and math.isfinite(row.best):
        parts.append(
            f'<circle cx="{x_of(row.best):.1f}" cy="{middle:.1f}" r="4.5" '
            f'fill="{PALETTE.text}"><title>'
            f"{escape(best_so_far.format(value=format_number(row.best)))}</title></circle>"
        )
    return parts
