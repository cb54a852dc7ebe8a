"""What trees, traces, search results and transposition tables show of themselves in Jupyter.

The classes live in lower layers (:mod:`gamelib.trees`, :mod:`gamelib.trace`,
:mod:`gamelib.search`); their rich-display methods (``_repr_svg_``, ``_repr_html_``) import
this module only when a notebook asks for a picture, as python-chess's ``Board._repr_svg_``
does, so ``import gamelib`` still loads no drawing library.

- a :class:`~gamelib.trees.Tree` draws itself (:func:`tree_svg`);
- a :class:`~gamelib.trace.Trace` shows the finished search with its counts
  (:func:`trace_html`);
- a :class:`~gamelib.search.common.SearchResult` is one table row (:func:`result_html`);
- a :class:`~gamelib.search.table.TranspositionTable` summarises its entries and counters
  (:func:`table_html`).
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

from gamelib.core import Bound
from gamelib.notation import format_number
from gamelib.render.dot import draw
from gamelib.render.static import inline_svg
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable
from gamelib.tables import html_table
from gamelib.trace import Trace
from gamelib.trees import Tree


def tree_svg(tree: Tree) -> str | None:
    """The drawing of ``tree`` as SVG, or None when it cannot be drawn (Jupyter then shows the
    plain text, the tree's outline)."""
    try:
        return draw(tree).svg()
    except Exception:  # a display hook must not raise: the outline text is shown instead
        return None


def trace_counts(trace: Trace) -> str:
    """``"alphabeta: value 3, move A · 14 nodes entered · 7 leaves evaluated · 5 pruned"``."""
    result = trace.result
    move = "" if result.move is None else f", move {result.move}"
    return (
        f"{trace.algorithm}: value {format_number(result.value)}{move} · "
        f"{len(trace.entered)} nodes entered · {len(trace.evaluated)} leaves evaluated · "
        f"{len(trace.pruned)} pruned"
    )


def trace_html(trace: Trace) -> str:
    """The finished search drawn (when it can be drawn) above its counts, as HTML."""
    counts = f"<p>{escape(trace_counts(trace))}</p>"
    try:
        svg = draw(trace).svg()
    except Exception:  # a display hook must not raise: the counts alone are shown
        return f"<div>{counts}</div>"
    return f"<div>{inline_svg(svg)}{counts}</div>"


def _move_text(move: Any) -> str:
    return "—" if move is None else str(move)


RESULT_COLUMNS = ("algorithm", "value", "move", "principal variation", "nodes", "leaves")
"""The columns of a search result's table row."""


def result_html(result: SearchResult) -> str:
    """A search result as a one-row HTML table: algorithm, value, move, PV, nodes, leaves."""
    cells = {
        "algorithm": result.algorithm,
        "value": format_number(result.value),
        "move": _move_text(result.move),
        "principal variation": " ".join(map(str, result.pv)) or "—",
        "nodes": f"{result.stats.nodes:,}",
        "leaves": f"{result.stats.leaves:,}",
    }
    return html_table(RESULT_COLUMNS, [cells], ("value", "nodes", "leaves"))


TABLE_COLUMNS = (
    "entries",
    "capacity",
    "stores",
    "replaced",
    "probes",
    "hits",
    "exact",
    "lower",
    "upper",
)
"""The columns of a transposition table's summary (the last three count entries by bound)."""


def table_html(table: TranspositionTable) -> str:
    """A transposition table as a one-row HTML summary: its entries, counters and how many
    entries hold each bound type."""
    bounds = Counter(Bound(entry.bound) for entry in table.entries.values())
    counts = {
        "entries": len(table),
        "capacity": table.capacity,
        "stores": table.stats.stores,
        "replaced": table.stats.replaced,
        "probes": table.stats.probes,
        "hits": table.stats.hits,
        "exact": bounds[Bound.EXACT],
        "lower": bounds[Bound.LOWER],
        "upper": bounds[Bound.UPPER],
    }
    cells = {
        column: "unlimited" if value is None else f"{value:,}" for column, value in counts.items()
    }
    return f"<b>{escape(type(table).__name__)}</b>" + html_table(
        TABLE_COLUMNS, [cells], TABLE_COLUMNS
    )


__all__ = ["result_html", "table_html", "trace_counts", "trace_html", "tree_svg"]
