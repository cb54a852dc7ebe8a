"""The same pictures drawn with networkx and matplotlib, for machines without Graphviz.

:func:`gamelib.render.dot.draw` uses this when the ``dot`` program is missing (and says once
how to install Graphviz). The layout is a tidy layered tree computed here: leaves in search
order one slot apart, each parent centred over its children, one level per ply (top to
bottom, or left to right for wide trees, as the picture says). Shapes, colours and labels
are those of the graphviz drawing: MAX boxes, MIN ellipses, dashed grey pruned edges with
their cut reasons, windows beside the edges into open nodes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Ellipse, FancyBboxPatch, Patch

from gamelib.render.alternative import picture_svg_with_alternative
from gamelib.render.labels import WORDS
from gamelib.render.picture import EdgePicture, NodePicture, Picture
from gamelib.render.style import (
    CUT_SIZE,
    MOVE_SIZE,
    PALETTE,
    TITLE_SIZE,
    VALUE_SIZE,
    WINDOW_SIZE,
    fill_color,
    line_color,
    line_width,
    text_color,
)
from gamelib.render.svg import clean_svg

Point = tuple[float, float]


# --------------------------------------------------------------------------- layout


def tidy_layout(picture: Picture) -> dict[str, Point]:
    """Node positions in inches: leaves one slot apart, parents centred over their children."""
    children: dict[str, list[str]] = {}
    for edge in picture.edges:
        if edge.parent:
            children.setdefault(edge.parent, []).append(edge.child)
    width, height = picture.node_size
    top_to_bottom = picture.rankdir == "TB"
    widest_slot = max((edge.slot[0] for edge in picture.edges), default=0.0) / 72
    if top_to_bottom:
        slot, level = width * 1.22 + 0.3, height * 1.12 + 0.75
    else:
        slot, level = height * 1.12 + 0.12, width * 1.22 + widest_slot + 0.5
    across: dict[str, float] = {}
    depth: dict[str, int] = {}
    next_leaf = 0.0

    def place(key: str, ply: int) -> float:
        nonlocal next_leaf
        depth[key] = ply
        kids = children.get(key, [])
        if not kids:
            across[key] = next_leaf
            next_leaf += slot
        else:
            spots = [place(child, ply + 1) for child in kids]
            across[key] = (spots[0] + spots[-1]) / 2
        return across[key]

    place(picture.nodes[0].key, 0)
    if top_to_bottom:
        return {key: (across[key], -depth[key] * level) for key in across}
    return {key: (depth[key] * level, -across[key]) for key in across}


# --------------------------------------------------------------------------- drawing


def picture_figure(picture: Picture) -> Figure:
    """A matplotlib figure of ``picture`` (not attached to pyplot)."""
    import networkx as nx

    positions = tidy_layout(picture)
    graph: Any = nx.DiGraph()
    graph.add_nodes_from(node.key for node in picture.nodes)
    graph.add_edges_from((edge.parent, edge.child) for edge in picture.edges if edge.parent)
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    width, height = picture.node_size
    widest_slot = max((edge.slot[0] for edge in picture.edges), default=0.0) / 72
    left, right = min(xs) - width * 0.61 - 0.3, max(xs) + width * 0.61 + 0.3 + widest_slot / 2
    top = max(ys) + height / 2 + (1.0 if picture.rankdir == "TB" else 0.5)
    bottom = min(ys) - height / 2 - 0.25 - (0.45 if picture.legend else 0.0)
    if picture.rankdir == "LR":
        left -= 1.0
    figure_width = max(right - left, 6.5)
    figure = Figure(figsize=(figure_width, top - bottom))
    axes = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    axes.set_xlim(left, left + figure_width)
    axes.set_ylim(bottom, top)
    axes.set_aspect("equal")
    axes.axis("off")
    _draw_edges(axes, graph, picture, positions)
    for node in picture.nodes:
        _draw_node(axes, node, positions[node.key], picture.node_size, picture.rankdir == "LR")
    _draw_texts(axes, picture, positions)
    return figure


def _draw_edges(axes: Any, graph: Any, picture: Picture, positions: Mapping[str, Point]) -> None:
    import networkx as nx

    styles = {
        "static": ("solid", PALETTE.edge, 1.4),
        "done": ("solid", PALETTE.edge, 1.4),
        "path": ("solid", "#111111", 3.2),
        "unvisited": ("solid", PALETTE.unvisited_edge, 1.2),
        "pruned": ("dashed", PALETTE.pruned_line, 1.2),
    }
    for status, (style, color, width) in styles.items():
        edges = [(e.parent, e.child) for e in picture.edges if e.parent and e.status == status]
        if edges:
            nx.draw_networkx_edges(
                graph,
                positions,
                edgelist=edges,
                ax=axes,
                arrows=False,
                style=style,
                edge_color=color,
                width=width,
            )
    entry = next((edge for edge in picture.edges if not edge.parent), None)
    if entry is not None:
        x, y = positions[entry.child]
        start = (x, y + 0.75) if picture.rankdir == "TB" else (x - 0.9, y)
        end = (
            (x, y + picture.node_size[1] / 2)
            if picture.rankdir == "TB"
            else (x - picture.node_size[0] / 2, y)
        )
        axes.annotate(
            "",
            xy=end,
            xytext=start,
            arrowprops={"arrowstyle": "-|>", "color": PALETTE.edge, "lw": 1.6},
        )


def _draw_node(
    axes: Any, node: NodePicture, center: Point, size: Point, one_line: bool = False
) -> None:
    x, y = center
    width, height = size
    edge_color = PALETTE.current_line if node.current else line_color(node.kind, node.status)
    style: dict[str, Any] = {
        "facecolor": fill_color(node.kind, node.status),
        "edgecolor": edge_color,
        "linewidth": line_width(node.status, node.current),
        "linestyle": "--" if node.status == "pruned" or node.kind == "more" else "-",
        "zorder": 2,
    }
    if node.kind == "min":
        axes.add_patch(Ellipse((x, y), width * 1.22, height * 1.12, **style))
    else:
        rounding = 0.08 if node.kind == "more" else 0.0
        box = f"round,pad=0,rounding_size={rounding}" if rounding else "square,pad=0"
        axes.add_patch(
            FancyBboxPatch((x - width / 2, y - height / 2), width, height, boxstyle=box, **style)
        )
    _draw_node_texts(axes, node, center, size, one_line)


def _draw_node_texts(
    axes: Any, node: NodePicture, center: Point, size: Point, one_line: bool
) -> None:
    """Title and mark, then the value: below (top to bottom) or after them (left to right)."""
    x, y = center
    width, height = size
    title = node.title + (f" {node.mark}" if node.mark else "")
    value_size = (TITLE_SIZE - 1) if node.kind == "more" else VALUE_SIZE - (2 if one_line else 0)
    title_at = (x - width * 0.44, y) if one_line else (x, y + height * 0.17)
    value_at = (x + width * 0.44, y) if one_line else (x, y - height * 0.2)
    axes.text(
        *title_at,
        title,
        ha="left" if one_line else "center",
        va="center",
        fontsize=TITLE_SIZE,
        color=text_color(node.status),
        zorder=3,
    )
    axes.text(
        *value_at,
        node.value,
        ha="right" if one_line else "center",
        va="center",
        fontsize=value_size,
        color=PALETTE.provisional_text if node.provisional else text_color(node.status),
        fontweight="normal" if node.provisional or node.kind == "more" else "bold",
        fontstyle="italic" if node.provisional else "normal",
        zorder=3,
    )


def _draw_texts(axes: Any, picture: Picture, positions: Mapping[str, Point]) -> None:
    for edge in picture.edges:
        _draw_edge_label(axes, edge, picture, positions)
    if picture.caption:
        axes.set_title(picture.caption, fontsize=13, color=PALETTE.text, y=1.0, pad=-18)
    if picture.legend:
        axes.legend(
            handles=_legend_handles(picture),
            loc="lower center",
            ncol=7,
            fontsize=10,
            frameon=False,
            handlelength=1.6,
        )


def _draw_edge_label(
    axes: Any, edge: EdgePicture, picture: Picture, positions: Mapping[str, Point]
) -> None:
    x, y = positions[edge.child]
    if edge.parent:
        parent_x, parent_y = positions[edge.parent]
        x, y = (x + parent_x) / 2, (y + parent_y) / 2
    elif picture.rankdir == "TB":
        y += picture.node_size[1] / 2 + 0.4
    else:
        x, y = x - picture.node_size[0] / 2 - 0.95, y + 0.2
    lines = []
    if edge.move:
        lines.append((edge.move, MOVE_SIZE, PALETTE.move_text))
    if edge.label:
        size, color = {
            "cut": (CUT_SIZE, PALETTE.cut_text),
            "window": (WINDOW_SIZE, PALETTE.window_text),
            "": (WINDOW_SIZE, PALETTE.text),
        }[edge.label_kind]
        lines.append((edge.label, size, color))
    for index, (text, size, color) in enumerate(lines):
        axes.text(
            x + 0.08,
            y - index * 0.22,
            text,
            ha="left",
            va="center",
            fontsize=size,
            color=color,
            zorder=4,
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5, "alpha": 0.8},
        )


def _legend_handles(picture: Picture) -> list[Any]:
    def marker(shape: str, face: str, edge: str, label: str, width: float = 1.2) -> Line2D:
        return Line2D(
            [],
            [],
            marker=shape,
            linestyle="none",
            markersize=11,
            label=label,
            markerfacecolor=face,
            markeredgecolor=edge,
            markeredgewidth=width,
        )

    words = {key: texts[picture.language] for key, texts in WORDS.items()}
    handles: list[Any] = [
        marker("s", PALETTE.max_fill, PALETTE.max_line, "MAX"),
        marker("o", PALETTE.min_fill, PALETTE.min_line, "MIN"),
    ]
    if picture.step is not None:
        handles += [
            marker("s", "white", PALETTE.current_line, words["current"], 2.5),
            Patch(
                facecolor=PALETTE.pruned_fill,
                edgecolor=PALETTE.pruned_line,
                linestyle="--",
                label=words["pruned"],
            ),
            Line2D(
                [], [], color=PALETTE.window_text, label=f"(α, β) {words['window']}", linewidth=0
            ),
            Line2D(
                [],
                [],
                color=PALETTE.mark_text,
                label=f"① {words['evaluation_order']}",
                linewidth=0,
            ),
        ]
    return handles


# --------------------------------------------------------------------------- output


CJK_FONT = "Noto Sans CJK JP"
"""The font with Japanese glyphs (Debian's fonts-noto-cjk) that Japanese pictures fall back to
after DejaVu Sans."""


def _font_settings(picture: Picture) -> dict[Any, Any]:
    """matplotlib settings for the picture's language: Japanese falls back, glyph by glyph,
    to :data:`CJK_FONT` (English drawings keep matplotlib's defaults)."""
    if picture.language == "en":
        return {}
    return {"font.family": ["DejaVu Sans", CJK_FONT]}


def picture_svg(picture: Picture) -> str:
    """The picture as an SVG document (via matplotlib)."""
    import matplotlib

    settings = _font_settings(picture)
    settings["svg.fonttype"] = "none"  # text stays text: small, searchable
    with matplotlib.rc_context(settings):
        figure = picture_figure(picture)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg")

    return picture_svg_with_alternative(clean_svg(buffer.getvalue()), picture)


def picture_png(picture: Picture, dpi: float = 96.0) -> bytes:
    """The picture as PNG bytes (via matplotlib)."""
    import matplotlib

    with matplotlib.rc_context(_font_settings(picture)):
        figure = picture_figure(picture)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
