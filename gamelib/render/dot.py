"""Graphviz drawings of trees and of traces at any step.

::

    trace = record(alphabeta, TEXTBOOK["alpha-beta-windows"])
    draw(trace)                      # the finished search, shown as SVG in Jupyter
    draw(trace, step=18)             # after the β-cut at D
    draw(trace, view="mover")        # the negamax view: windows (−β, −α) at MIN nodes
    draw(trace).to_png("ab.png")     # for slides
    trace_dot(trace, step=18).source # the DOT text

MAX nodes are boxes, MIN nodes ellipses. A node shows its name and its value once known
(``≥3`` / ``≤3`` for a bound, italics for an open node's best so far); an evaluated leaf
shows its evaluation order (①②③); the current node has a thick orange outline. The edge
into an open node carries the node's (α, β) window (an arrow into the root carries the
root's); a pruned edge is dashed and says which cut removed it and why
(``β-cut at D: 4 ≥ 3``); pruned subtrees are grey.

Every picture is a fold over the snapshots of one recorded run (:mod:`gamelib.render.picture`);
nothing here runs a search. The labels (a node's title and value, an edge's window or cut,
the caption and the legend) are written by :mod:`gamelib.render.labels`; this module turns a
picture into a graph and renders it. ``graphviz`` is imported only when a drawing is made; when the
``dot`` program is missing, :func:`draw` falls back to matplotlib
(:mod:`gamelib.render.fallback`) and says once how to install Graphviz (running ``dot`` and
that hint are in :mod:`gamelib.render.dot_program`).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from gamelib.core import View
from gamelib.language import resolve
from gamelib.render import wasm_graphviz
from gamelib.render.alternative import picture_svg_with_alternative
from gamelib.render.dot_program import (
    INSTALL_HINT,
    GraphvizMissingWarning,
    dot_png,
    dot_svgs,
    explain_graphviz_failure,
    graphviz_available,
    hint_install_graphviz,
)
from gamelib.render.labels import edge_label, graph_label, node_label
from gamelib.render.layout import SceneOptions
from gamelib.render.picture import EdgePicture, NodePicture, Picture, caption_for
from gamelib.render.scene import trace_pictures, tree_scene
from gamelib.render.style import PALETTE, Rankdir, fill_color, line_color, line_width
from gamelib.render.svg import FONT, clean_svg, svg_size
from gamelib.trace import Trace
from gamelib.trees import Tree

if TYPE_CHECKING:
    import graphviz  # type: ignore[import-untyped]

Engine: TypeAlias = Literal["auto", "graphviz", "matplotlib"]

# --------------------------------------------------------------------------- DOT from a picture


def picture_dot(picture: Picture, name: str = "tree") -> graphviz.Digraph:
    """The graphviz graph of ``picture``."""
    import graphviz

    graph = graphviz.Digraph(name, graph_attr=_graph_attributes(picture))
    graph.attr("node", fontname=FONT, fixedsize="true", style="filled", penwidth="1.5")
    graph.attr("edge", fontname=FONT, arrowhead="none", color=PALETTE.edge)
    width, height = picture.node_size
    for node in picture.nodes:
        graph.node(node.key, **_node_attributes(node, width, height, picture.rankdir == "LR"))
    for edge in picture.edges:
        if not edge.parent:
            graph.node("entry", shape="point", style="invis", width="0.01", height="0.01")
            graph.edge("entry", edge.child, **_edge_attributes(edge, entry=True))
        else:
            graph.edge(edge.parent, edge.child, **_edge_attributes(edge))
    return graph


def _graph_attributes(picture: Picture) -> dict[str, str]:
    top_to_bottom = picture.rankdir == "TB"
    attributes = {
        "rankdir": picture.rankdir,
        "ordering": "out",
        "nodesep": "0.22" if top_to_bottom else "0.07",
        "ranksep": "0.3",
        "fontname": FONT,
        "bgcolor": "white",
        "pad": "0.15",
        "outputorder": "edgesfirst",
        "splines": "line" if top_to_bottom else "true",
    }
    label = graph_label(picture)
    if label:
        attributes.update(label=label, labelloc="b" if top_to_bottom else "t", labeljust="c")
    return attributes


def _node_attributes(
    node: NodePicture, width: float, height: float, one_line: bool
) -> dict[str, str]:
    shape, scale_width, scale_height = {
        "max": ("box", 1.0, 1.0),
        "min": ("ellipse", 1.15 if one_line else 1.22, 1.12),
        "more": ("box", 1.05, 0.85),
    }[node.kind]
    styles = ["filled"]
    if node.kind == "more":
        styles.append("rounded")
    if node.status == "pruned" or node.kind == "more":
        styles.append("dashed")
    return {
        "label": node_label(node, one_line),
        "shape": shape,
        "width": f"{width * scale_width:.2f}",
        "height": f"{height * scale_height:.2f}",
        "style": ",".join(styles),
        "color": PALETTE.current_line if node.current else line_color(node.kind, node.status),
        "fillcolor": fill_color(node.kind, node.status),
        "penwidth": f"{line_width(node.status, node.current):g}",
        "tooltip": node.name,
    }


def _edge_attributes(edge: EdgePicture, entry: bool = False) -> dict[str, str]:
    attributes = {
        "static": {"penwidth": "1.4"},
        "done": {"penwidth": "1.4"},
        "path": {"penwidth": "3.2", "color": "#111111"},
        "unvisited": {"penwidth": "1.2", "color": PALETTE.unvisited_edge},
        "pruned": {"penwidth": "1.2", "color": PALETTE.pruned_line, "style": "dashed"},
    }[edge.status].copy()
    if entry:
        attributes.update(arrowhead="normal", arrowsize="0.8", color=PALETTE.edge)
    label = edge_label(edge)
    if label:
        attributes["label"] = label
    return attributes


# --------------------------------------------------------------------------- rendering


def render_svgs(pictures: list[Picture]) -> list[str]:
    """The SVG of every picture, rendered by as few runs of ``dot`` as there are processors.

    Many graphs go into one ``dot`` input, which is much faster than one run per picture;
    long animations are split into chunks rendered side by side.

    Raises:
        graphviz.ExecutableNotFound: if ``dot`` is not installed.
    """
    if len(pictures) < CHUNK or wasm_graphviz.IN_BROWSER:  # a browser has no threads
        return _render_chunk(pictures)
    workers = max(1, min(os.cpu_count() or 1, 8))
    size = max(CHUNK // 2, -(-len(pictures) // workers))
    chunks = [pictures[start : start + size] for start in range(0, len(pictures), size)]
    with ThreadPoolExecutor(workers) as pool:
        return [svg for chunk in pool.map(_render_chunk, chunks) for svg in chunk]


CHUNK = 60
"""Animations with at least this many frames are rendered in parallel chunks."""


def _render_chunk(pictures: list[Picture]) -> list[str]:
    if not pictures:
        return []
    source = "\n".join(
        picture_dot(picture, f"step{index}").source for index, picture in enumerate(pictures)
    )
    svgs = dot_svgs(source, len(pictures))
    return [  # each with its text alternative, written from the same picture
        picture_svg_with_alternative(clean_svg(svg), picture)
        for svg, picture in zip(svgs, pictures, strict=True)
    ]


# --------------------------------------------------------------------------- the Drawing object


class Drawing:
    """A drawing of a tree or of a trace at one step; shows itself as SVG in Jupyter.

    Attributes:
        picture: what is drawn (see :class:`gamelib.render.picture.Picture`).
        engine: ``"graphviz"`` or ``"matplotlib"`` (the fallback).
    """

    def __init__(self, picture: Picture, engine: Literal["graphviz", "matplotlib"]) -> None:
        self.picture = picture
        self.engine = engine
        self._svg: str | None = None

    @property
    def digraph(self) -> graphviz.Digraph:
        """The graphviz graph (available even without the ``dot`` program)."""
        return picture_dot(self.picture)

    @property
    def source(self) -> str:
        """The DOT text of the drawing."""
        return str(self.digraph.source)

    def svg(self) -> str:
        """The drawing as an SVG document (rendered once, then cached)."""
        if self._svg is None:
            self._svg = self._render_svg()
        return self._svg

    def _render_svg(self) -> str:
        if self.engine == "graphviz":
            try:
                return render_svgs([self.picture])[0]
            except Exception as error:
                explain_graphviz_failure(error)
                self.engine = "matplotlib"
        from gamelib.render.fallback import picture_svg

        return picture_svg(self.picture)

    def _repr_svg_(self) -> str:
        return self.svg()

    def to_svg(self, path: str | Path) -> Path:
        """Write the SVG to ``path``; returns the path."""
        target = Path(path)
        target.write_text(self.svg(), encoding="utf-8")
        return target

    def to_png(self, path: str | Path, width: int | None = None) -> Path:
        """Write a PNG to ``path``: natural size (96 dpi), or scaled to ``width`` pixels."""
        target = Path(path)
        points_wide = svg_size(self.svg())[0]
        dpi = 96.0 if width is None else width * 72.0 / points_wide
        if self.engine == "graphviz":
            target.write_bytes(dot_png(self.source.encode("utf-8"), dpi))
        else:
            from gamelib.render.fallback import picture_png

            target.write_bytes(picture_png(self.picture, dpi))
        return target

    def __repr__(self) -> str:
        step = "" if self.picture.step is None else f", step {self.picture.step}"
        return f"<Drawing of {len(self.picture.nodes)} nodes{step}, by {self.engine}>"


# --------------------------------------------------------------------------- entry points


def scene_options(
    view: View = "max",
    *,
    max_depth: int | None = None,
    max_children: int | None = None,
    rankdir: Rankdir | Literal["auto"] = "auto",
    node_types: bool = False,
    legend: bool = True,
    caption: bool = True,
    language: str | None = None,
) -> SceneOptions:
    """Options shared by every drawing function (see :func:`trace_dot`); ``language`` None
    is the course-wide language."""
    if view not in ("max", "mover"):
        raise ValueError(f"view must be 'max' or 'mover', not {view!r}")
    return SceneOptions(
        view, max_depth, max_children, rankdir, node_types, legend, caption, resolve(language)
    )


def trace_picture(trace: Trace, step: int | None = None, **options: Any) -> Picture:
    """The picture of ``trace`` after ``step`` events (None: the finished search)."""
    last = len(trace.events)
    step = last if step is None else step
    if not 0 <= step <= last:
        raise ValueError(f"step must be between 0 and {last}, not {step}")
    return trace_pictures(trace, scene_options(**options), [step])[0]


def trace_dot(
    trace: Trace, step: int | None = None, view: View = "max", **options: Any
) -> graphviz.Digraph:
    """The graphviz graph of ``trace`` after ``step`` events.

    Args:
        trace: a recorded run (:func:`gamelib.trace.record`).
        step: how many events have happened: 0 (before the search) … len(trace.events);
            None (the default) draws the finished search.
        view: ``"max"`` (values and windows from MAX's view) or ``"mover"`` (negamax: from
            the view of the player to move, windows (−β, −α) and values negated at MIN nodes).
        **options: ``max_depth`` (plies drawn below the root) and ``max_children`` (children
            drawn per node; the rest become one ``+N more`` node) for large trees, which
            are collapsed automatically past 150 nodes; ``rankdir`` (``"TB"``, ``"LR"``, or
            ``"auto"``: left to right past 16 leaves); ``node_types`` (mark done nodes
            PV/CUT/ALL); ``legend`` and ``caption`` (default True); ``language`` (``"en"``
            or ``"ja"`` for the caption, the legend and the reasons on pruned edges; None,
            the default: the course-wide language).

    Raises:
        ValueError: for a step outside the trace or an unknown view.
    """
    return picture_dot(trace_picture(trace, step, view=view, **options))


def tree_picture(tree: Tree, **options: Any) -> Picture:
    """The picture of a bare tree: MAX boxes, MIN ellipses, leaf values."""
    options.setdefault("caption", False)
    return tree_scene(tree, scene_options(**options)).picture(None)


def tree_dot(tree: Tree, **options: Any) -> graphviz.Digraph:
    """The graphviz graph of a bare tree (options as for :func:`trace_dot`)."""
    return picture_dot(tree_picture(tree, **options))


def draw(
    subject: Trace | Tree,
    step: int | None = None,
    view: View = "max",
    engine: Engine = "auto",
    *,
    language: str | None = None,
    **options: Any,
) -> Drawing:
    """A drawing of a trace at ``step`` (None: the end) or of a bare tree, shown as SVG.

    Args:
        subject: a :class:`~gamelib.trace.Trace` or a :class:`~gamelib.trees.Tree`.
        step: see :func:`trace_dot` (ignored for a tree).
        view: ``"max"`` or ``"mover"`` (see :func:`trace_dot`).
        engine: ``"graphviz"``, ``"matplotlib"``, or ``"auto"``: graphviz when ``dot`` is
            installed, else matplotlib with a one-time hint how to install Graphviz.
        language: ``"en"`` or ``"ja"`` for the drawing's words (caption, legend, reasons on
            pruned edges); None (the default): the course-wide language.
        **options: as for :func:`trace_dot`.
    """
    if isinstance(subject, Tree):
        picture = tree_picture(subject, view=view, language=language, **options)
    else:
        picture = trace_picture(subject, step, view=view, language=language, **options)
    return Drawing(picture, choose_engine(engine))


def choose_engine(engine: Engine) -> Literal["graphviz", "matplotlib"]:
    """The engine to draw with; ``"auto"`` falls back to matplotlib (with a hint) if needed."""
    if engine not in ("auto", "graphviz", "matplotlib"):
        raise ValueError(f"engine must be 'auto', 'graphviz' or 'matplotlib', not {engine!r}")
    if engine != "auto":
        return engine
    if graphviz_available():
        return "graphviz"
    hint_install_graphviz()
    return "matplotlib"


__all__ = [
    "INSTALL_HINT",
    "Drawing",
    "GraphvizMissingWarning",
    "caption_for",
    "choose_engine",
    "draw",
    "explain_graphviz_failure",
    "graphviz_available",
    "picture_dot",
    "render_svgs",
    "trace_dot",
    "tree_dot",
]
