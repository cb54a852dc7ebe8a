"""The HTML-like labels of the Graphviz drawings (:mod:`gamelib.render.dot`).

* :func:`node_label` — a node's title and marks, and its value (below it, or after it when
  the tree is drawn left to right);
* :func:`edge_label` — the fixed-size slot on an edge: its move, then the node's window
  (α, β) or the reason it was pruned;
* :func:`graph_label` — the caption under a drawing and the legend of its signs.

Guarantee: a label depends only on the :class:`~gamelib.render.picture.Picture` it is made
for (the legend is in the picture's language), and every text in it is escaped for
Graphviz's HTML-like labels.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Final

from gamelib.language import Language
from gamelib.render.picture import EdgePicture, NodePicture, Picture
from gamelib.render.style import (
    CUT_SIZE,
    MOVE_SIZE,
    PALETTE,
    TITLE_SIZE,
    VALUE_SIZE,
    WINDOW_SIZE,
    text_color,
)

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "current": {"en": "current", "ja": "探索中"},
    "pruned": {"en": "pruned", "ja": "枝刈り済み"},
    "window": {"en": "window", "ja": "探索窓"},
    "evaluation_order": {"en": "evaluation order", "ja": "評価順"},
    "best_so_far": {"en": "best so far", "ja": "これまでの最善値"},
    "node_types": {"en": "node types", "ja": "ノードの種類"},
    "bounds": {"en": "bounds", "ja": "下限値 / 上限値"},
}
"""The words of the legend, in each language (the HTML players and the matplotlib drawings
use them too)."""

# --------------------------------------------------------------------------- nodes and edges


def _font(text: str, size: float, color: str, bold: bool = False, italic: bool = False) -> str:
    """``text`` escaped, in one size and colour (a no-break space when empty)."""
    body = escape(text, quote=False) if text else "&#160;"
    if bold:
        body = f"<b>{body}</b>"
    if italic:
        body = f"<i>{body}</i>"
    return f'<font point-size="{size:g}" color="{color}">{body}</font>'


def node_label(node: NodePicture, one_line: bool = False) -> str:
    """The HTML-like label of a node: title and mark, then (below, or after) the value."""
    title = _font(node.title, TITLE_SIZE, text_color(node.status))
    if node.mark:
        mark_color = PALETTE.muted_text if node.muted else PALETTE.mark_text
        title += " " + _font(node.mark, TITLE_SIZE, mark_color)
    if node.kind == "more":
        value = _font(node.value, TITLE_SIZE - 1, PALETTE.move_text)
    else:
        color = PALETTE.provisional_text if node.provisional else text_color(node.status)
        size = VALUE_SIZE - 2 if one_line else VALUE_SIZE
        value = _font(node.value, size, color, bold=not node.provisional, italic=node.provisional)
    return f"<{title}&#160;&#160;{value}>" if one_line else f"<{title}<br/>{value}>"


def edge_label(edge: EdgePicture) -> str:
    """A fixed-size HTML-like label (the edge's slot) holding its move and its label now."""
    width, height = edge.slot
    if width <= 0:
        return ""
    rows = []
    if edge.move:
        rows.append(_font(edge.move, MOVE_SIZE, PALETTE.move_text, italic=True))
    if edge.label_kind == "cut":
        rows.extend(_font(line, CUT_SIZE, PALETTE.cut_text) for line in edge.label.splitlines())
    elif edge.label_kind == "window":
        rows.append(_font(edge.label, WINDOW_SIZE, PALETTE.window_text))
    elif height > (MOVE_SIZE * 1.3 if edge.move else 0):
        rows.append("&#160;")
    cell = "<br/>".join(rows) or "&#160;"
    return (
        '<<table border="0" cellborder="0" cellspacing="0" cellpadding="0" fixedsize="true" '
        f'width="{width + 10:.0f}" height="{height + 2:.0f}">'
        f'<tr><td width="4"></td><td align="left" balign="left">{cell}</td></tr></table>>'
    )


# --------------------------------------------------------------------------- caption and legend


def graph_label(picture: Picture) -> str:
    """The label under the whole drawing: the caption, then the legend ("" when neither is
    shown). The legend lists only the signs the picture can show: the step signs (current,
    pruned, window, evaluation order, best so far) for a trace, the node types if marked."""
    rows = []
    if picture.caption:
        rows.append(f'<tr><td colspan="9">{_font(picture.caption, 13, PALETTE.text)}</td></tr>')
    if picture.legend:
        rows.append(_legend_row(picture))
    if not rows:
        return ""
    return f'<<table border="0" cellspacing="5" cellpadding="3">{"".join(rows)}</table>>'


LEGEND_SIZE = 10
"""The point size of the legend's words."""


def _boxed(text: str, attributes: str, color: str = PALETTE.text) -> str:
    return f"<td {attributes}>{_font(text, LEGEND_SIZE, color)}</td>"


def _explained(sign: str, color: str, meaning: str, italic: bool = False) -> str:
    explained = _font(sign, LEGEND_SIZE, color, italic=italic)
    return f"<td>{explained}{_font(' ' + meaning, LEGEND_SIZE, PALETTE.text)}</td>"


def _legend_row(picture: Picture) -> str:
    words = {key: texts[picture.language] for key, texts in WORDS.items()}
    cells = [
        _boxed("MAX", f'border="1" color="{PALETTE.max_line}" bgcolor="{PALETTE.max_fill}"'),
        _boxed(
            "MIN",
            f'border="1" style="rounded" color="{PALETTE.min_line}" bgcolor="{PALETTE.min_fill}"',
        ),
    ]
    if picture.step is not None:
        cells += [
            _boxed(words["current"], f'border="3" color="{PALETTE.current_line}"'),
            _boxed(
                words["pruned"],
                f'border="1" style="dashed" color="{PALETTE.pruned_line}" '
                f'bgcolor="{PALETTE.pruned_fill}"',
                PALETTE.muted_text,
            ),
            _explained("(α, β)", PALETTE.window_text, words["window"]),
            _explained("①", PALETTE.mark_text, words["evaluation_order"]),
            _explained("3", PALETTE.provisional_text, words["best_so_far"], italic=True),
        ]
    if picture.node_types:
        cells.append(_explained("PV CUT ALL", PALETTE.mark_text, words["node_types"]))
    return f"<tr>{''.join(cells)}</tr>"
