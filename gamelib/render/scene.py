"""A scene: the fixed layout of one trace in one view, and one picture per step.

A :class:`Scene` is a :class:`~gamelib.render.layout.Layout` (fixed once per trace and view, so
every step is laid out the same and an animation does not jump) that turns each snapshot of
:func:`gamelib.trace.snapshots` into a :class:`~gamelib.render.picture.Picture`: the nodes'
values, bounds and marks, the windows on the edges into open nodes and the reasons on pruned
edges. :func:`trace_pictures` is the entry point: the pictures of any steps of a trace, in one
pass over its snapshots.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from gamelib.core import Player
from gamelib.notation import evaluation_mark, format_bound, format_number, format_window
from gamelib.render.describe import before_the_search, sentences
from gamelib.render.layout import WORDS, Layout, SceneOptions
from gamelib.render.picture import EdgePicture, NodePicture, Picture, caption_for
from gamelib.render.structure import trace_structure, tree_structure
from gamelib.render.style import EdgeStatus, LabelKind, NodeKind, NodeStatus
from gamelib.trace import (
    NodeState,
    Snapshot,
    Trace,
    bound_for_view,
    for_view,
    snapshots,
    window_for_view,
)
from gamelib.trees import Tree

# --------------------------------------------------------------------------- the scene


class Scene(Layout):
    """The drawings of one trace (or bare tree) in one view: a :class:`Layout` that draws
    each step.

    Build it once, then call :meth:`picture` for each snapshot: every picture has the same
    nodes, edges and label slots, so a layout engine places them the same at every step.
    """

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
            self.options.language,
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
        words = {name: texts[self.options.language] for name, texts in WORDS.items()}
        value = words["hidden_nodes"].format(count=len(self.skeleton.hidden_all[item]))
        if snapshot is not None:
            status = _summary_status(statuses)
            entered = sum(1 for one in statuses if one in ("open", "done"))
            pruned = sum(1 for one in statuses if one == "pruned")
            value = words["hidden_entered_and_cut"].format(entered=entered, pruned=pruned)
        return NodePicture(
            key,
            words["more_children_of"].format(count=len(roots), parent=self.skeleton.parents[item]),
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
    language = scene.options.language
    words = [before_the_search(language), *sentences(trace, scene.options.view, language=language)]
    pictures = {}
    for snapshot in snapshots(trace):
        if snapshot.step in wanted:
            caption = caption_for(trace, snapshot.step, words[snapshot.step], language)
            pictures[snapshot.step] = scene.picture(snapshot, caption)
    order = sorted(wanted) if steps is None else list(steps)
    return [pictures[step] for step in order]


__all__ = ["Scene", "SceneOptions", "trace_pictures", "trace_scene", "tree_scene"]
