"""What a drawing of a trace shows at one step, before anyone draws it.

A :class:`Picture` lists the drawn nodes and edges with their text and status; the graphviz
renderer (:mod:`gamelib.render.dot`) and the matplotlib fallback
(:mod:`gamelib.render.fallback`) both draw the same pictures, so they cannot disagree.

Pictures are a fold over :func:`gamelib.trace.snapshots` of one recorded run: a
:class:`Scene` fixes, once per trace and view, the shape that is drawn (so every step is laid
out the same and an animation does not jump), then turns each snapshot into a picture.

Large trees (game searches, whose nodes are named by move paths such as ``"f5 d6"``) are
collapsed: below ``max_depth`` plies a node shows how many nodes are hidden under it (``▾12``)
and past ``max_children`` children the rest of a node's children become one ``+N more``
node.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from gamelib.core import Bound, Player, View
from gamelib.notation import evaluation_mark, format_bound, format_number, format_window
from gamelib.render.describe import (
    BEFORE_THE_SEARCH,
    CutReason,
    cut_reason,
    sentences,
    uses_windows,
)
from gamelib.trace import (
    ROOT_NAME,
    Cutoff,
    Enter,
    NodeState,
    Snapshot,
    TableAnswer,
    Trace,
    bound_for_view,
    for_view,
    snapshots,
    window_for_view,
)
from gamelib.trees import Tree

NodeKind: TypeAlias = Literal["max", "min", "more"]
NodeStatus: TypeAlias = Literal["static", "unvisited", "open", "done", "pruned"]
EdgeStatus: TypeAlias = Literal["static", "unvisited", "path", "done", "pruned"]
LabelKind: TypeAlias = Literal["", "window", "cut"]
Rankdir: TypeAlias = Literal["TB", "LR"]

AUTO_LIMIT = 150
"""Trees with more nodes than this are collapsed unless limits are given."""

AUTO_MAX_DEPTH = 3
"""The plies shown below the root of a collapsed tree."""

AUTO_MAX_CHILDREN = 3
"""The children shown per node of a collapsed tree (the rest become ``+N more``)."""

TOP_TO_BOTTOM_INCHES = 13.4
"""Trees whose leaves fit this width (1280 pixels at 96 dpi) are drawn top to bottom, wider
ones left to right."""

TITLE_SIZE = 11.0
VALUE_SIZE = 16.0
WINDOW_SIZE = 11.0
CUT_SIZE = 10.0
MOVE_SIZE = 10.0
"""Font sizes in points."""


# --------------------------------------------------------------------------- the palette


@dataclass(frozen=True)
class Palette:
    """The colours every renderer uses (hex strings)."""

    max_line: str = "#1f4e9c"
    max_fill: str = "#dce8f8"
    min_line: str = "#b1401d"
    min_fill: str = "#fbe3d6"
    unvisited_max_line: str = "#8fa8cf"
    unvisited_min_line: str = "#d9a08c"
    unvisited_fill: str = "#ffffff"
    pruned_line: str = "#b4b4b4"
    pruned_fill: str = "#efefef"
    muted_text: str = "#9a9a9a"
    text: str = "#1a1a1a"
    provisional_text: str = "#4a4a4a"
    current_line: str = "#f39c12"
    window_text: str = "#6a3d9a"
    cut_text: str = "#b22222"
    mark_text: str = "#d35400"
    move_text: str = "#555555"
    edge: str = "#333333"
    unvisited_edge: str = "#c8c8c8"
    more_line: str = "#7f7f7f"
    more_fill: str = "#f7f7f7"


PALETTE = Palette()


def line_color(kind: NodeKind, status: NodeStatus) -> str:
    """The outline colour of a node."""
    if status == "pruned":
        return PALETTE.pruned_line
    if kind == "more":
        return PALETTE.more_line
    if status == "unvisited":
        return PALETTE.unvisited_max_line if kind == "max" else PALETTE.unvisited_min_line
    return PALETTE.max_line if kind == "max" else PALETTE.min_line


def fill_color(kind: NodeKind, status: NodeStatus) -> str:
    """The fill colour of a node."""
    if status == "pruned":
        return PALETTE.pruned_fill
    if status == "unvisited":
        return PALETTE.unvisited_fill
    if kind == "more":
        return PALETTE.more_fill
    return PALETTE.max_fill if kind == "max" else PALETTE.min_fill


def text_color(status: NodeStatus) -> str:
    """The colour of a node's name."""
    return PALETTE.muted_text if status in ("pruned", "unvisited") else PALETTE.text


def line_width(status: NodeStatus, current: bool) -> float:
    """The outline width of a node, in points."""
    if current:
        return 4.5
    return 3.0 if status == "open" else 1.5


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


# --------------------------------------------------------------------------- text sizes


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate (a little generous) of the width of ``text`` in points."""
    width = 0.0
    for character in text:
        if character in " ,.:;()[]|'":
            width += 0.34
        elif character in "il1":
            width += 0.45
        elif character.isdigit():
            width += 0.66
        elif character.isupper():
            width += 0.74
        elif character.isascii():
            width += 0.6
        else:
            width += 0.86  # ∞ − ≥ ≤ ① α β ▾ and the like
    return width * size * (1.08 if bold else 1.0)


# --------------------------------------------------------------------------- the shape drawn


@dataclass(frozen=True)
class Structure:
    """The whole tree as far as a trace (or a bare tree) knows it.

    Attributes:
        root: the root's name.
        children: each node's children, in the order the search tried them (for a game,
            entered children first, then the skipped ones).
        players: the player to move at each node.
        titles: what a node is labelled with (its name in a tree, its move in a game).
        moves: move labels to write on edges (only trees with explicit ``[label]`` moves).
        leaf_values: a tree's leaf values, MAX's view (a game's leaves are unknown).
        root_player: the player at the root (MAX).
    """

    root: str
    children: Mapping[str, tuple[str, ...]]
    players: Mapping[str, Player]
    titles: Mapping[str, str]
    moves: Mapping[str, str]
    leaf_values: Mapping[str, float]
    root_player: Player

    def walk(self, name: str | None = None) -> Iterator[tuple[str, int]]:
        """Every node under ``name`` (default: the root) with its ply, depth first."""
        stack = [(self.root if name is None else name, 0)]
        while stack:
            node, ply = stack.pop()
            yield node, ply
            stack.extend((child, ply + 1) for child in reversed(self.children.get(node, ())))

    def subtree(self, name: str) -> list[str]:
        """The names of ``name`` and all its descendants."""
        return [node for node, _ in self.walk(name)]


def tree_structure(tree: Tree, root_player: Player = 0) -> Structure:
    """The structure of a bare tree (MAX moves at even plies)."""
    children: dict[str, tuple[str, ...]] = {}
    players: dict[str, Player] = {}
    moves: dict[str, str] = {}
    values: dict[str, float] = {}
    for node, ply in tree.walk():
        children[node.name] = tuple(child.name for child in node.children)
        players[node.name] = root_player if ply % 2 == 0 else 1 - root_player
        if node.move is not None and ply > 0:
            moves[node.name] = node.move
        if node.is_leaf:
            values[node.name] = node.value_for_max(ply)
    titles = {name: name for name in children}
    return Structure(tree.name, children, players, titles, moves, values, root_player)


def trace_structure(trace: Trace) -> Structure:
    """The structure a trace knows: its tree, or for a game the nodes entered and skipped."""
    if trace.tree is not None:
        return tree_structure(trace.tree, trace.root_player)
    children: dict[str, list[str]] = {}
    players: dict[str, Player] = {}
    titles: dict[str, str] = {}
    root = ROOT_NAME
    for event in trace.events:
        if isinstance(event, Enter):
            players[event.node] = event.player
            titles[event.node] = event.move if event.move is not None else event.node
            children.setdefault(event.node, [])
            if event.parent is None:
                root = event.node
            else:
                children[event.parent].append(event.node)
        elif isinstance(event, Cutoff):
            for skipped in event.skipped:
                players[skipped] = 1 - players[event.node]
                titles[skipped] = _strip_parent(skipped, event.node)
                children.setdefault(skipped, [])
                children[event.node].append(skipped)
    frozen = {name: tuple(kids) for name, kids in children.items()}
    return Structure(root, frozen, players, titles, {}, {}, trace.root_player)


def _strip_parent(name: str, parent: str) -> str:
    prefix = parent + " "
    return name[len(prefix) :] if parent != ROOT_NAME and name.startswith(prefix) else name


@dataclass(frozen=True)
class Skeleton:
    """The part of a structure that is drawn, with the nodes collapsed into ``+N more``.

    Attributes:
        order: the drawn items (node names and ``+N more`` ids), depth first.
        children: the drawn children of each drawn item.
        hidden: for a ``+N more`` item, the hidden sibling subtrees' roots; for a node at the
            depth limit, its children.
        hidden_all: every hidden name under each item in ``hidden``.
        shown_as: for every name of the structure, the drawn item that shows it.
        parents: each drawn item's parent item.
    """

    order: tuple[str, ...]
    children: Mapping[str, tuple[str, ...]]
    hidden: Mapping[str, tuple[str, ...]]
    hidden_all: Mapping[str, frozenset[str]]
    shown_as: Mapping[str, str]
    parents: Mapping[str, str]
    more: frozenset[str] = field(default_factory=frozenset)

    def leaves(self) -> int:
        """How many drawn items have no drawn children."""
        return sum(1 for item in self.order if not self.children.get(item))


MORE_PREFIX = "+more:"


def skeleton(structure: Structure, max_depth: int | None, max_children: int | None) -> Skeleton:
    """Collapse ``structure`` to at most ``max_depth`` plies and ``max_children`` children."""
    order: list[str] = []
    children: dict[str, tuple[str, ...]] = {}
    hidden: dict[str, tuple[str, ...]] = {}
    hidden_all: dict[str, frozenset[str]] = {}
    shown_as: dict[str, str] = {}
    parents: dict[str, str] = {}
    more: set[str] = set()

    def hide(item: str, roots: Sequence[str]) -> None:
        hidden[item] = tuple(roots)
        names = frozenset(name for root in roots for name in structure.subtree(root))
        hidden_all[item] = names
        for name in names:
            shown_as[name] = item

    def visit(name: str, ply: int) -> None:
        order.append(name)
        shown_as[name] = name
        kids = structure.children.get(name, ())
        if kids and max_depth is not None and ply >= max_depth:
            hide(name, kids)
            return
        shown = kids if max_children is None else kids[:max_children]
        rest = kids[len(shown) :]
        drawn = list(shown)
        if rest:
            item = MORE_PREFIX + name
            drawn.append(item)
            more.add(item)
        children[name] = tuple(drawn)
        for child in drawn:
            parents[child] = name
            if child in more:
                order.append(child)
                hide(child, rest)
            else:
                visit(child, ply + 1)

    visit(structure.root, 0)
    return Skeleton(tuple(order), children, hidden, hidden_all, shown_as, parents, frozenset(more))


def choose_limits(
    structure: Structure, max_depth: int | None, max_children: int | None
) -> tuple[int | None, int | None]:
    """The limits to draw with: as given, or automatic for trees of over AUTO_LIMIT nodes."""
    if max_depth is not None or max_children is not None:
        return max_depth, max_children
    if len(structure.children) <= AUTO_LIMIT:
        return None, None
    return AUTO_MAX_DEPTH, AUTO_MAX_CHILDREN


# --------------------------------------------------------------------------- the scene


@dataclass(frozen=True)
class SceneOptions:
    """What a drawing shows (see :func:`gamelib.render.dot.trace_dot` for the meanings)."""

    view: View = "max"
    max_depth: int | None = None
    max_children: int | None = None
    rankdir: Rankdir | Literal["auto"] = "auto"
    node_types: bool = False
    legend: bool = True
    caption: bool = True


class Scene:
    """The fixed part of the drawings of one trace (or bare tree) in one view.

    Build it once, then call :meth:`picture` for each snapshot: every picture has the same
    nodes, edges and label slots, so a layout engine places them the same at every step.
    """

    def __init__(
        self, structure: Structure, options: SceneOptions, trace: Trace | None = None
    ) -> None:
        self.structure = structure
        self.options = options
        self.trace = trace
        self.skeleton = skeleton(
            structure, *choose_limits(structure, options.max_depth, options.max_children)
        )
        self.keys = {item: f"n{index}" for index, item in enumerate(self.skeleton.order)}
        self.windowed = trace is not None and uses_windows(trace)
        self.total_evaluations = 0 if trace is None else len(trace.evaluated)
        self.most_evaluations_of_one_node = max(
            Counter(trace.evaluated if trace is not None else []).values(), default=1
        )
        self.cuts = self._cuts()
        self.table_answers = self._table_answers()
        self.slots = self._slots()
        self.rankdir: Rankdir = self._rankdir()
        self.node_size = self._node_size(self.rankdir)

    # ---- fixed facts
    def _player(self, name: str) -> Player:
        return self.structure.players.get(name, self.structure.root_player)

    def _cuts(self) -> dict[str, tuple[int, CutReason]]:
        """For each skipped child: the step of its cutoff and the reason, in this view."""
        cuts: dict[str, tuple[int, CutReason]] = {}
        if self.trace is None:
            return cuts
        for step, event in enumerate(self.trace.events, start=1):
            if isinstance(event, Cutoff):
                reason = cut_reason(
                    event, self._player(event.node), self.trace.root_player, self.options.view
                )
                if event.skipped:  # the label goes on the first pruned edge only
                    cuts[event.skipped[0]] = (step, reason)
        return cuts

    def _table_answers(self) -> dict[str, int]:
        """The step at which the transposition table answered each node it answered."""
        if self.trace is None:
            return {}
        return {
            event.node: step
            for step, event in enumerate(self.trace.events, start=1)
            if isinstance(event, TableAnswer)
        }

    def cut_text(self, item: str) -> str:
        """Why the edge into ``item`` was pruned (for ``+N more``: its first hidden cut)."""
        names = self.skeleton.hidden.get(item, ()) if item in self.skeleton.more else (item,)
        for name in names:
            if name in self.cuts:
                reason = self.cuts[name][1]
                return reason.text(self.structure.titles.get(reason.node, reason.node), "\n")
        return ""

    def _window_texts(self) -> dict[str, list[str]]:
        texts: dict[str, list[str]] = {}
        if self.trace is None or not self.windowed:
            return texts
        for name, alpha, beta in self.trace.windows(self.options.view):
            texts.setdefault(name, []).append(format_window(alpha, beta))
        return texts

    def _slots(self) -> dict[str, tuple[float, float]]:
        """The label room each drawn item's incoming edge needs at any step."""
        windows = self._window_texts()
        slots: dict[str, tuple[float, float]] = {}
        for item in self.skeleton.order:
            move = self.structure.moves.get(item, "")
            lines = [0.0]
            widths = [text_width(move, MOVE_SIZE)] if move else []
            candidates = [text_width(text, WINDOW_SIZE) for text in windows.get(item, ())]
            cut = self.cut_text(item).splitlines()
            candidates.extend(text_width(line, CUT_SIZE) for line in cut)
            if candidates:
                widths.append(max(candidates))
                lines.append(max(WINDOW_SIZE * 1.3, CUT_SIZE * 1.3 * len(cut)))
            if move:
                lines.append(MOVE_SIZE * 1.3)
            slots[item] = (max(widths, default=0.0), sum(lines))
        return slots

    def _rankdir(self) -> Rankdir:
        """``"TB"`` if the tree fits a 1280-pixel-wide screen top to bottom, else ``"LR"``."""
        if self.options.rankdir != "auto":
            return self.options.rankdir
        width = self._node_size("TB")[0] * 1.22 + 0.22
        return "TB" if self.skeleton.leaves() * width <= TOP_TO_BOTTOM_INCHES else "LR"

    def _node_size(self, rankdir: Rankdir) -> tuple[float, float]:
        """(width, height) in inches, fitting the widest title, mark and value of the scene."""
        marks = self._widest_marks()
        title = max(
            text_width(self._title(item), TITLE_SIZE)
            + (marks + (TITLE_SIZE / 2 if item in self.skeleton.hidden else 0))
            for item in self.skeleton.order
        )
        value = max(
            text_width(format_bound(number, Bound.LOWER), VALUE_SIZE, bold=True)
            for number in self._numbers()
        )
        if rankdir == "LR":  # one line: title, mark, value
            return (round(max(0.9, (title + value + 8) / 72), 2), 0.38)
        return (round(max(0.62, (max(title, value) + 10) / 72), 2), 0.6)

    def _numbers(self) -> set[float]:
        """Every value a node may show, in either view (for sizing the nodes)."""
        numbers = {0.0, *self.structure.leaf_values.values()}
        if self.trace is not None:
            for event in self.trace.events:
                value = getattr(event, "value", None)
                if isinstance(value, int | float) and math.isfinite(value):
                    numbers.add(value)
        return numbers | {-number for number in numbers}

    def _widest_marks(self) -> float:
        """The width of the widest marks a node can get (evaluation order, TT, type, ▾N)."""
        marks = []
        if self.total_evaluations:
            mark = evaluation_mark(self.total_evaluations, self.total_evaluations)
            marks.append(mark * self.most_evaluations_of_one_node)
        if self.table_answers:
            marks.append("TT")
        if self.options.node_types:
            marks.append("CUT")
        if self.skeleton.hidden:
            marks.append("▾" + str(max(len(names) for names in self.skeleton.hidden_all.values())))
        return sum(text_width(" " + mark, TITLE_SIZE) for mark in marks)

    def _title(self, item: str) -> str:
        if item in self.skeleton.more:
            return f"+{len(self.skeleton.hidden[item])} more"
        return self.structure.titles.get(item, item)

    # ---- one picture per snapshot
    def picture(self, snapshot: Snapshot | None, caption: str = "") -> Picture:
        """The picture at ``snapshot`` (None: a bare tree, nothing searched)."""
        current = None
        if snapshot is not None and snapshot.current is not None:
            current = self.skeleton.shown_as.get(snapshot.current)
        nodes = tuple(self._node(item, snapshot, current) for item in self.skeleton.order)
        statuses = {node.key: node.status for node in nodes}
        edges = [self._entry_edge(snapshot, statuses)] if self._has_entry() else []
        for item in self.skeleton.order[1:]:
            edges.append(self._edge(item, snapshot, statuses))
        return Picture(
            nodes,
            tuple(edges),
            self.rankdir,
            self.node_size,
            caption if self.options.caption else "",
            self.options.legend,
            self.options.view,
            self.options.node_types,
            None if snapshot is None else snapshot.step,
        )

    def _has_entry(self) -> bool:
        return self.trace is not None and self.windowed

    def _state(self, name: str, snapshot: Snapshot | None) -> NodeState:
        if snapshot is None:
            return NodeState()
        return snapshot.nodes.get(name, NodeState())

    def _node(self, item: str, snapshot: Snapshot | None, current: str | None) -> NodePicture:
        key = self.keys[item]
        if item in self.skeleton.more:
            return self._more_node(item, key, snapshot, current)
        state = self._state(item, snapshot)
        player = self._player(item)
        kind: NodeKind = "max" if player == self.structure.root_player else "min"
        status: NodeStatus = "static" if snapshot is None else state.status
        value, provisional = self._value_text(item, state, status, player)
        return NodePicture(
            key,
            item,
            kind,
            status,
            self._title(item),
            self._mark(item, state, player, snapshot),
            value,
            provisional,
            current == item,
        )

    def _value_text(
        self, item: str, state: NodeState, status: NodeStatus, player: Player
    ) -> tuple[str, bool]:
        view, root_player = self.options.view, self.structure.root_player
        if status in ("done", "open") and state.value is not None:
            value = for_view(state.value, player, root_player, view)
            if status == "done":
                bound = (
                    None
                    if state.bound is None
                    else bound_for_view(state.bound, player, root_player, view)
                )
                return format_bound(value, bound), False
            return format_number(value), state.evaluation is None
        if item in self.structure.leaf_values:
            value = for_view(self.structure.leaf_values[item], player, root_player, view)
            return format_number(value), False
        return "", False

    def _mark(self, item: str, state: NodeState, player: Player, snapshot: Snapshot | None) -> str:
        marks = []
        if state.evaluation is not None:
            orders = state.evaluation_orders or (state.evaluation[1],)
            marks.append(
                "".join(evaluation_mark(order, self.total_evaluations) for order in orders)
            )
        elif self.options.node_types and state.status == "done" and state.bound is not None:
            bound = bound_for_view(state.bound, player, self.structure.root_player, "mover")
            marks.append({"exact": "PV", "lower": "CUT", "upper": "ALL"}[bound])
        if getattr(state, "first_seen_at_ply", None) is not None:
            marks.append("↻")  # a repetition, scored without a search
        answered = self.table_answers.get(item)
        if answered is not None and snapshot is not None and answered <= snapshot.step:
            marks.append("TT")
        if item in self.skeleton.hidden:
            marks.append(f"▾{len(self.skeleton.hidden_all[item])}")
        return " ".join(marks)

    def _more_node(
        self, item: str, key: str, snapshot: Snapshot | None, current: str | None
    ) -> NodePicture:
        roots = self.skeleton.hidden[item]
        statuses = [self._state(name, snapshot).status for name in roots]
        status: NodeStatus = "static"
        value = f"{len(self.skeleton.hidden_all[item])} nodes"
        if snapshot is not None:
            status = _summary_status(statuses)
            entered = sum(1 for one in statuses if one in ("open", "done"))
            pruned = sum(1 for one in statuses if one == "pruned")
            value = f"{entered} in, {pruned} cut"
        return NodePicture(
            key,
            f"{len(roots)} more children of {self.skeleton.parents[item]}",
            "more",
            status,
            self._title(item),
            "",
            value,
            False,
            current == item,
        )

    def _edge(
        self, item: str, snapshot: Snapshot | None, statuses: Mapping[str, NodeStatus]
    ) -> EdgePicture:
        key = self.keys[item]
        status: EdgeStatus = _edge_status(statuses[key])
        label = ""
        kind_now: LabelKind = ""
        if status == "pruned":
            label = self._cut_label(item, snapshot)
            kind_now = "cut"
        elif status == "path" and self.windowed and item not in self.skeleton.more:
            label, kind_now = self._window_label(item, snapshot), "window"
        return EdgePicture(
            self.keys[self.skeleton.parents[item]],
            key,
            status,
            self.structure.moves.get(item, ""),
            label,
            kind_now if label else "",
            self.slots[item],
        )

    def _cut_label(self, item: str, snapshot: Snapshot | None) -> str:
        names = self.skeleton.hidden.get(item, ()) if item in self.skeleton.more else (item,)
        step = math.inf if snapshot is None else snapshot.step
        if any(name in self.cuts and self.cuts[name][0] <= step for name in names):
            return self.cut_text(item)
        return ""

    def _window_label(self, item: str, snapshot: Snapshot | None) -> str:
        state = self._state(item, snapshot)
        if state.alpha is None or state.beta is None:
            return ""
        alpha, beta = window_for_view(
            state.alpha,
            state.beta,
            self._player(item),
            self.structure.root_player,
            self.options.view,
        )
        return format_window(alpha, beta)

    def _entry_edge(
        self, snapshot: Snapshot | None, statuses: Mapping[str, NodeStatus]
    ) -> EdgePicture:
        root = self.skeleton.order[0]
        key = self.keys[root]
        status = _edge_status(statuses[key])
        label = self._window_label(root, snapshot) if status == "path" else ""
        return EdgePicture("", key, status, "", label, "window" if label else "", self.slots[root])


def _summary_status(statuses: Sequence[NodeStatus]) -> NodeStatus:
    if statuses and all(status == "pruned" for status in statuses):
        return "pruned"
    if "open" in statuses:
        return "open"
    if "done" in statuses:
        return "done"
    return "unvisited"


def _edge_status(child: NodeStatus) -> EdgeStatus:
    statuses: dict[NodeStatus, EdgeStatus] = {
        "static": "static",
        "unvisited": "unvisited",
        "open": "path",
        "done": "done",
        "pruned": "pruned",
    }
    return statuses[child]


# --------------------------------------------------------------------------- entry points


def trace_scene(trace: Trace, options: SceneOptions | None = None) -> Scene:
    """The scene of ``trace`` (build once, then draw many steps)."""
    return Scene(trace_structure(trace), options or SceneOptions(), trace)


def tree_scene(tree: Tree, options: SceneOptions | None = None) -> Scene:
    """The scene of a bare tree (no search: every node drawn plain, leaves with values)."""
    return Scene(tree_structure(tree), options or SceneOptions())


def caption_for(trace: Trace, step: int, sentence: str) -> str:
    """``"alphabeta, step 18 of 37: β-cut at D: 4 ≥ 3, J pruned"``."""
    return f"{trace.algorithm}, step {step} of {len(trace.events)}: {sentence}"


def trace_pictures(
    trace: Trace, options: SceneOptions | None = None, steps: Sequence[int] | None = None
) -> list[Picture]:
    """The pictures of the given steps (default: all, 0 … len(events)), in one pass."""
    scene = trace_scene(trace, options)
    wanted = set(range(len(trace.events) + 1) if steps is None else steps)
    words = [BEFORE_THE_SEARCH, *sentences(trace, scene.options.view)]
    pictures = {}
    for snapshot in snapshots(trace):
        if snapshot.step in wanted:
            caption = caption_for(trace, snapshot.step, words[snapshot.step])
            pictures[snapshot.step] = scene.picture(snapshot, caption)
    order = sorted(wanted) if steps is None else list(steps)
    return [pictures[step] for step in order]
