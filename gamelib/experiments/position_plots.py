"""Plots of positions against tree nodes (notebook 06): a chart of counts per ply and a
Graphviz drawing of the position graph (:mod:`gamelib.charts`; the same on the desktop and in
a browser). networkx is needed only by the graphs these functions are given.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Final

from gamelib.charts import Chart, GraphDrawing, HtmlLabel, digraph, statement
from gamelib.experiments.positions import PlyCount
from gamelib.language import Language, words

if TYPE_CHECKING:
    import networkx

MERGED_COLOUR = "#ffd166"
"""The fill of a position with more than one parent (reached by different move orders)."""

PLAIN_COLOUR = "#e9ecef"
"""The fill of a position with one parent."""


def merged_positions(graph: networkx.MultiDiGraph[Hashable]) -> list[Hashable]:
    """The positions of a :func:`~gamelib.experiments.positions.position_graph` that have
    more than one parent position (different move orders meet there), in graph order."""
    return [key for key in graph if len(set(graph.predecessors(key))) > 1]


def layered_layout(
    graph: networkx.MultiDiGraph[Hashable], *, stagger: int | None = None
) -> dict[Hashable, tuple[float, float]]:
    """A position per node: one row per ply (ply 0 on top), each row spread over one width.

    Nodes in a row are sorted by key. In row ``stagger`` every second node is moved half a
    row down, to make room for labels in a crowded row.
    """
    layers: dict[int, list[Hashable]] = {}
    for key, data in graph.nodes(data=True):
        layers.setdefault(data["ply"], []).append(key)
    layout = {}
    for ply, keys in layers.items():
        for index, key in enumerate(sorted(keys, key=repr)):
            x = (index + 0.5) / len(keys) - 0.5
            shift = 0.5 if ply == stagger and index % 2 else 0.0
            layout[key] = (x, -ply - shift)
    return layout


WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "graph title": {
        "en": "{positions} positions; the {merged} yellow ones have more than one parent",
        "ja": "{positions} 局面。黄色の {merged} 局面には親が複数ある",
    },
    "ply": {"en": "ply", "ja": "手数"},
    "count": {"en": "count (log scale)", "ja": "数（対数目盛り）"},
    "tree nodes": {"en": "tree nodes", "ja": "木のノード数"},
    "positions": {"en": "distinct positions", "ja": "異なる局面の数"},
}
"""The words of the plots in each language."""


def board_label(text: str) -> HtmlLabel:
    """A position's text (one line per board row, cells separated by spaces) as a Graphviz
    table, one cell per square: the columns line up in any font."""
    rows = [line.split() or [line] for line in text.splitlines()] or [[""]]
    width = max(len(row) for row in rows)
    cells = "".join(
        "<TR>"
        + "".join(f'<TD WIDTH="11" HEIGHT="12">{escape(cell)}</TD>' for cell in row)
        + "<TD></TD>" * (width - len(row))
        + "</TR>"
        for row in rows
    )
    return HtmlLabel(f'<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">{cells}</TABLE>')


def position_graph_dot(
    graph: networkx.MultiDiGraph[Hashable],
    label: Callable[[Any], str],
    *,
    title: str | None = None,
    figsize: tuple[float, float] = (16, 7),
    language: str | None = None,
) -> str:
    """The DOT text of :func:`plot_position_graph`: the nodes pinned where
    :func:`layered_layout` puts them (staggering the deepest row), about ``figsize`` inches."""
    merged = set(merged_positions(graph))
    names = {key: f"p{index}" for index, key in enumerate(graph)}
    deepest = max((data["ply"] for _, data in graph.nodes(data=True)), default=0)
    layout = layered_layout(graph, stagger=deepest)
    row_height = figsize[1] / (deepest + 1.5)  # the staggered half row and the title fit too
    if title is None:
        title = words(WORDS["graph title"], language).format(
            positions=graph.number_of_nodes(), merged=len(merged)
        )
    statements = []
    for key, data in graph.nodes(data=True):
        x, y = layout[key]
        colour = MERGED_COLOUR if key in merged else PLAIN_COLOUR
        statements.append(
            statement(
                names[key],
                label=board_label(label(data["state"])),
                pos=f"{x * figsize[0]:.3f},{y * row_height:.3f}!",
                color=colour,
                fillcolor=colour,
                tooltip=label(data["state"]),
            )
        )
    edges = sorted({(parent, child) for parent, child, _ in graph.edges(keys=True)}, key=repr)
    statements.extend(statement(names[parent], names[child]) for parent, child in edges)
    return digraph(
        statements,
        title=title,
        layout="neato",
        splines="false",
        overlap="true",
        pad=0.1,
        nodes={"shape": "box", "style": "filled,rounded", "margin": "0.05,0.03", "fontsize": 10},
        edges={"dir": "none", "color": "#00000073"},
    )


def plot_position_graph(
    graph: networkx.MultiDiGraph[Hashable],
    label: Callable[[Any], str],
    *,
    title: str | None = None,
    figsize: tuple[float, float] = (16, 7),
    language: str | None = None,
) -> GraphDrawing:
    """Draw a position graph row by row, positions reached by several parents highlighted.

    Graphviz draws it (the same on the desktop and in a browser) with the nodes where
    :func:`layered_layout` puts them: one row per ply, ply 0 on top, every second node of
    the deepest row half a row lower.

    Args:
        graph: a graph from :func:`~gamelib.experiments.positions.position_graph`.
        label: the text drawn on a node, from its state (e.g. ``game.text``).
        title: the title (default: the count of positions and of highlighted ones).
        figsize: the size of the drawing in inches, about (the nodes' size adds to it).
        language: the language of the default title (None: the course's).

    Returns:
        The drawing (SVG in a notebook; ``.source`` is the DOT text).
    """
    source = position_graph_dot(graph, label, title=title, figsize=figsize, language=language)
    return GraphDrawing(source, title)


def plot_tree_and_positions(
    counts: Sequence[PlyCount],
    *,
    chart: Chart | None = None,
    title: str | None = None,
    figsize: tuple[float, float] = (7, 3.6),
    language: str | None = None,
) -> Chart:
    """Tree nodes and distinct positions per ply, on a log scale.

    Args:
        counts: the counts of :func:`~gamelib.experiments.positions.tree_and_graph_counts`.
        chart: a log-scale chart to add a panel to (beside its others; default: a new chart
            of ``figsize``).
        title: the title of the panel, if any.
        figsize: the size of a new chart, in inches (96 pixels each).
        language: the language of the labels (None: the course's).

    Returns:
        The chart drawn into.
    """
    if chart is None:
        chart = Chart(
            y_label=words(WORDS["count"], language),
            y_scale="log",
            size=(figsize[0] * 96, figsize[1] * 96),
        )
    panel = chart.panel(title=title, x_label=words(WORDS["ply"], language))
    plies = [count.ply for count in counts]
    panel.line(
        plies, [count.tree_nodes for count in counts],
        label=words(WORDS["tree nodes"], language),
    )  # fmt: skip
    panel.line(
        plies, [count.positions for count in counts], marker="square", line="dashed",
        label=words(WORDS["positions"], language),
    )  # fmt: skip
    return chart
