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

They write in the course-wide language (:func:`gamelib.set_language`), or in the one given as
``language``; the words are :data:`WORDS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from html import escape
from typing import Any, Final

from gamelib.core import Bound
from gamelib.language import Language, resolve
from gamelib.notation import format_number
from gamelib.render.dot import draw
from gamelib.render.static import inline_svg
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable
from gamelib.tables import html_table
from gamelib.trace import Trace
from gamelib.trees import Tree

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "counts": {
        "en": (
            "{algorithm}: value {value} · {nodes} nodes entered · {leaves} leaves evaluated · "
            "{pruned} pruned"
        ),
        "ja": (
            "{algorithm}：評価値 {value} · 訪れたノード {nodes} · 評価した葉 {leaves} · "
            "枝刈り {pruned}"
        ),
    },
    "counts_with_move": {
        "en": (
            "{algorithm}: value {value}, move {move} · {nodes} nodes entered · "
            "{leaves} leaves evaluated · {pruned} pruned"
        ),
        "ja": (
            "{algorithm}：評価値 {value}、最善手 {move} · 訪れたノード {nodes} · "
            "評価した葉 {leaves} · 枝刈り {pruned}"
        ),
    },
    # the headers of a search result's row
    "algorithm": {"en": "algorithm", "ja": "アルゴリズム"},
    "value": {"en": "value", "ja": "評価値"},
    "move": {"en": "move", "ja": "最善手"},
    "principal variation": {"en": "principal variation", "ja": "最善進行"},
    "nodes": {"en": "nodes", "ja": "ノード数"},
    "leaves": {"en": "leaves", "ja": "葉の数"},
    # the headers of a transposition table's summary
    "entries": {"en": "entries", "ja": "登録数"},
    "capacity": {"en": "capacity", "ja": "容量"},
    "stores": {"en": "stores", "ja": "保存回数"},
    "replaced": {"en": "replaced", "ja": "置き換え回数"},
    "probes": {"en": "probes", "ja": "参照回数"},
    "hits": {"en": "hits", "ja": "ヒット数"},
    "exact": {"en": "exact", "ja": "正確な値"},
    "lower": {"en": "lower", "ja": "下限値"},
    "upper": {"en": "upper", "ja": "上限値"},
    "unlimited": {"en": "unlimited", "ja": "無制限"},
}
"""The words of the summaries (the counts line, the tables' headers), in each language."""


def tree_svg(tree: Tree, language: str | None = None) -> str | None:
    """The drawing of ``tree`` as SVG, or None when it cannot be drawn (Jupyter then shows the
    plain text, the tree's outline)."""
    try:
        return draw(tree, language=language).svg()
    except Exception:  # a display hook must not raise: the outline text is shown instead
        return None


def trace_counts(trace: Trace, language: str | None = None) -> str:
    """``"alphabeta: value 3, move A · 14 nodes entered · 7 leaves evaluated · 5 pruned"``
    (``language`` None: the course-wide language)."""
    result = trace.result
    values = {
        "algorithm": trace.algorithm,
        "value": format_number(result.value),
        "move": str(result.move),
        "nodes": len(trace.entered),
        "leaves": len(trace.evaluated),
        "pruned": len(trace.pruned),
    }
    key = "counts" if result.move is None else "counts_with_move"
    return WORDS[key][resolve(language)].format(**values)


def trace_html(trace: Trace, language: str | None = None) -> str:
    """The finished search drawn (when it can be drawn) above its counts, as HTML."""
    counts = f"<p>{escape(trace_counts(trace, language))}</p>"
    try:
        svg = draw(trace, language=language).svg()
    except Exception:  # a display hook must not raise: the counts alone are shown
        return f"<div>{counts}</div>"
    return f"<div>{inline_svg(svg)}{counts}</div>"


def _move_text(move: Any) -> str:
    return "—" if move is None else str(move)


RESULT_COLUMNS = ("algorithm", "value", "move", "principal variation", "nodes", "leaves")
"""The columns of a search result's table row."""


def _headed(
    columns: tuple[str, ...], cells: Mapping[str, str], language: str | None
) -> tuple[list[str], dict[str, str]]:
    """The columns' headers in ``language``, and the row keyed by them."""
    chosen = resolve(language)
    headers = [WORDS[column][chosen] for column in columns]
    return headers, {WORDS[column][chosen]: cells[column] for column in columns}


def result_html(result: SearchResult, language: str | None = None) -> str:
    """A search result as a one-row HTML table: algorithm, value, move, PV, nodes, leaves
    (headers in ``language``; None: the course-wide language)."""
    cells = {
        "algorithm": result.algorithm,
        "value": format_number(result.value),
        "move": _move_text(result.move),
        "principal variation": " ".join(map(str, result.pv)) or "—",
        "nodes": f"{result.stats.nodes:,}",
        "leaves": f"{result.stats.leaves:,}",
    }
    headers, row = _headed(RESULT_COLUMNS, cells, language)
    numeric = [headers[RESULT_COLUMNS.index(column)] for column in ("value", "nodes", "leaves")]
    return html_table(headers, [row], numeric)


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


def table_html(table: TranspositionTable, language: str | None = None) -> str:
    """A transposition table as a one-row HTML summary: its entries, counters and how many
    entries hold each bound type (headers in ``language``; None: the course-wide language)."""
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
    unlimited = WORDS["unlimited"][resolve(language)]
    cells = {
        column: unlimited if value is None else f"{value:,}" for column, value in counts.items()
    }
    headers, row = _headed(TABLE_COLUMNS, cells, language)
    return f"<b>{escape(type(table).__name__)}</b>" + html_table(headers, [row], headers)


__all__ = ["result_html", "table_html", "trace_counts", "trace_html", "tree_svg"]
