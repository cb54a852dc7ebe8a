"""What a drawing of a trace shows at one step, before anyone draws it.

A :class:`Picture` lists the drawn nodes and edges with their text and status; the graphviz
renderer (:mod:`gamelib.render.dot`) and the matplotlib fallback
(:mod:`gamelib.render.fallback`) both draw the same pictures, so they cannot disagree.

Pictures are a fold over :func:`gamelib.trace.snapshots` of one recorded run. The work is
split by purpose: :mod:`gamelib.render.style` (palette, colour rules, font sizes, text
widths), :mod:`gamelib.render.structure` (the tree's shape and its collapsed skeleton) and
:mod:`gamelib.render.scene` (the fixed layout of one trace, and the picture of each step:
:func:`gamelib.render.scene.trace_pictures`, :func:`~gamelib.render.scene.tree_scene`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from gamelib.core import View
from gamelib.language import Language, resolve
from gamelib.render.style import EdgeStatus, LabelKind, NodeKind, NodeStatus, Rankdir
from gamelib.trace import Trace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "caption": {
        "en": "{algorithm}, step {step} of {total}: {sentence}",
        "ja": "{algorithm}、ステップ {step} / {total}：{sentence}",
    },
}
"""The caption under a drawing of a trace, in each language."""

# --------------------------------------------------------------------------- the picture


@dataclass(frozen=True)
class NodePicture:
    """One drawn node at one step.

    Attributes:
        key: the node's id in the drawing (``n0``, ``n1``, ...; the same at every step).
        name: the node's name in the trace (for a ``+N more`` node, a description).
        kind: ``"max"`` (box), ``"min"`` (ellipse) or ``"more"`` (stands for hidden nodes).
        status: ``"static"`` (a bare tree), ``"unvisited"``, ``"open"``, ``"done"`` or
            ``"pruned"``.
        title: the top line (the node's name, or its move in a game).
        mark: after the title: the evaluation order (①), the node type (PV/CUT/ALL), ``TT``
            when the transposition table answered the node, ``↻`` for a repeated position,
            or the number of hidden nodes below (▾12).
        value: the second line: a value (``3``), a bound (``≥3``, ``≤3``), the best so far,
            or for a ``+N more`` node what happened to the hidden nodes.
        provisional: whether ``value`` is an open node's best so far (drawn in italics).
        current: whether the search is at this node (or inside the nodes it stands for).
    """

    key: str
    name: str
    kind: NodeKind
    status: NodeStatus
    title: str
    mark: str
    value: str
    provisional: bool
    current: bool

    @property
    def muted(self) -> bool:
        """Whether the node is drawn greyed (pruned or not visited yet)."""
        return self.status in ("pruned", "unvisited")


@dataclass(frozen=True)
class EdgePicture:
    """One drawn edge at one step.

    Attributes:
        parent: the parent's key, or ``""`` for the arrow into the root.
        child: the child's key.
        status: ``"path"`` (the child is open), ``"done"``, ``"pruned"``, ``"unvisited"``
            or ``"static"``.
        move: the move's label, when the tree names its moves (else ``""``).
        label: the text shown beside the edge now: the child's window while the child is
            open, or why the edge was pruned (``"β-cut at D:\\n4 ≥ 3"``, two lines).
        label_kind: ``"window"``, ``"cut"`` or ``""``.
        slot: width and height in points that the edge's labels need at any step (a
            renderer that lays out per step reserves this much so nothing moves).
    """

    parent: str
    child: str
    status: EdgeStatus
    move: str
    label: str
    label_kind: LabelKind
    slot: tuple[float, float]


@dataclass(frozen=True)
class Picture:
    """Everything one drawing shows.

    Attributes:
        nodes: the drawn nodes, depth first, children left to right.
        edges: the drawn edges, in the same order (the arrow into the root first).
        rankdir: ``"TB"`` (top to bottom) or ``"LR"`` (left to right, for wide trees).
        node_size: (width, height) of a box node, in inches (ellipses are a little larger).
        caption: a line under the drawing (``""`` for none).
        legend: whether to draw the legend.
        view: ``"max"`` or ``"mover"``.
        node_types: whether marks include the PV/CUT/ALL node types.
        step: the step drawn (``None`` for a bare tree).
        language: the language of the legend (the texts above are already written in it).
    """

    nodes: tuple[NodePicture, ...]
    edges: tuple[EdgePicture, ...]
    rankdir: Rankdir
    node_size: tuple[float, float]
    caption: str = ""
    legend: bool = True
    view: View = "max"
    node_types: bool = False
    step: int | None = None
    language: Language = "en"


def caption_for(trace: Trace, step: int, sentence: str, language: str | None = None) -> str:
    """``"alphabeta, step 18 of 37: β-cut at D: 4 ≥ 3, J pruned"`` (``language`` None: the
    course-wide language)."""
    return WORDS["caption"][resolve(language)].format(
        algorithm=trace.algorithm, step=step, total=len(trace.events), sentence=sentence
    )
