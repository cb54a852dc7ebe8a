"""A scene: the fixed part of the drawings of one trace in one view, and one picture per step.

A :class:`Scene` fixes, once per trace and view, the shape that is drawn (so every step is laid
out the same and an animation does not jump), then turns each snapshot of
:func:`gamelib.trace.snapshots` into a :class:`~gamelib.render.picture.Picture`: the nodes'
values, bounds and marks, the windows on the edges into open nodes and the reasons on pruned
edges. :func:`trace_pictures` is the entry point: the pictures of any steps of a trace, in one
pass over its snapshots.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from gamelib.core import Bound, Player, View
from gamelib.notation import evaluation_mark, format_bound, format_number, format_window
from gamelib.render.describe import (
    BEFORE_THE_SEARCH,
    CutReason,
    cut_reason,
    sentences,
    uses_windows,
)
from gamelib.render.picture import EdgePicture, NodePicture, Picture, caption_for
from gamelib.render.structure import (
    Structure,
    choose_limits,
    skeleton,
    trace_structure,
    tree_structure,
)
from gamelib.render.style import (
    CUT_SIZE,
    MOVE_SIZE,
    TITLE_SIZE,
    TOP_TO_BOTTOM_INCHES,
    VALUE_SIZE,
    WINDOW_SIZE,
    EdgeStatus,
    LabelKind,
    NodeKind,
    NodeStatus,
    Rankdir,
    text_width,
)
from gamelib.trace import (
    Cutoff,
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
