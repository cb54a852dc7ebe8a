"""Plots of positions against tree nodes (notebook 06), drawn with matplotlib.

matplotlib and networkx are imported inside the functions, so ``import gamelib`` does not
load them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from gamelib.experiments.positions import PlyCount

if TYPE_CHECKING:
    import networkx
    from matplotlib.axes import Axes

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


def plot_position_graph(
    graph: networkx.MultiDiGraph[Hashable],
    label: Callable[[Any], str],
    *,
    ax: Axes | None = None,
    title: str | None = None,
    figsize: tuple[float, float] = (16, 7),
) -> Axes:
    """Draw a position graph row by row, positions reached by several parents highlighted.

    Args:
        graph: a graph from :func:`~gamelib.experiments.positions.position_graph`.
        label: the text drawn on a node, from its state (e.g. ``game.text``).
        ax: the axes to draw on (default: a new figure of ``figsize``).
        title: the title (default: the count of positions and of highlighted ones).
        figsize: the size of a new figure, in inches.

    Returns:
        The axes drawn on.
    """
    import matplotlib.pyplot as plt
    import networkx as nx

    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    deepest = max((data["ply"] for _, data in graph.nodes(data=True)), default=0)
    layout = layered_layout(graph, stagger=deepest)
    merged = set(merged_positions(graph))
    nx.draw_networkx_edges(nx.DiGraph(graph), layout, ax=ax, alpha=0.45, arrows=False)
    nx.draw_networkx_nodes(
        graph,
        layout,
        ax=ax,
        node_size=900,
        node_shape="s",
        node_color=[MERGED_COLOUR if key in merged else PLAIN_COLOUR for key in graph],
    )
    labels = {key: label(data["state"]) for key, data in graph.nodes(data=True)}
    nx.draw_networkx_labels(
        graph, layout, ax=ax, labels=labels, font_size=8, font_family="monospace"
    )
    if title is None:
        title = (
            f"{graph.number_of_nodes()} positions; the {len(merged)} yellow ones have more "
            "than one parent"
        )
    ax.set_title(title, fontsize=13)
    ax.axis("off")
    return ax


def plot_tree_and_positions(
    counts: Sequence[PlyCount],
    *,
    ax: Axes | None = None,
    title: str | None = None,
    figsize: tuple[float, float] = (7, 3.6),
) -> Axes:
    """Tree nodes and distinct positions per ply, on a log scale.

    Args:
        counts: the counts of :func:`~gamelib.experiments.positions.tree_and_graph_counts`.
        ax: the axes to draw on (default: a new figure of ``figsize``).
        title: the title, if any.
        figsize: the size of a new figure, in inches.

    Returns:
        The axes drawn on.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    plies = [count.ply for count in counts]
    ax.semilogy(plies, [count.tree_nodes for count in counts], "o-", label="tree nodes")
    ax.semilogy(plies, [count.positions for count in counts], "s--", label="distinct positions")
    ax.set_xlabel("ply")
    ax.set_ylabel("count (log scale)")
    if title is not None:
        ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    return ax
