"""The layout of a scene: what stays fixed in every drawing of one trace in one view.

:class:`Layout` decides, once per trace and view, which nodes are drawn and how much room
their labels need at any step: the collapsed skeleton (:mod:`gamelib.render.structure`), the
cutoffs with their reasons, the transposition-table answers, the label slots of the edges,
top-to-bottom or left-to-right, and the node size. :class:`gamelib.render.scene.Scene`
builds on it the picture of each step. :class:`SceneOptions` says what a drawing shows,
and in which language its words are written.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from gamelib.core import Bound, Player, View
from gamelib.language import Language
from gamelib.notation import evaluation_mark, format_bound, format_window
from gamelib.render.describe import CutReason, cut_reason, uses_windows
from gamelib.render.structure import Structure, choose_limits, skeleton
from gamelib.render.style import (
    CUT_SIZE,
    MOVE_SIZE,
    TITLE_SIZE,
    TOP_TO_BOTTOM_INCHES,
    VALUE_SIZE,
    WINDOW_SIZE,
    Rankdir,
    text_width,
)
from gamelib.trace import Cutoff, TableAnswer, Trace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "more": {"en": "+{count} more", "ja": "ほか {count} 個"},
    "more_children_of": {
        "en": "{count} more children of {parent}",
        "ja": "{parent} の残りの子 {count} 個",
    },
    "hidden_nodes": {"en": "{count} nodes", "ja": "{count} ノード"},
    "hidden_entered_and_cut": {
        "en": "{entered} in, {pruned} cut",
        "ja": "探索 {entered}・枝刈り {pruned}",
    },
}
"""The words of a collapsed ``+N more`` node, in each language."""

# --------------------------------------------------------------------------- options and layout


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
    language: Language = "en"


class Layout:
    """The fixed part of the drawings of one trace (or bare tree) in one view.

    Computed once, from the whole trace: which nodes are drawn (the collapsed skeleton) and
    their keys, the cutoffs and table answers with their steps, the room every edge label
    needs at any step, the direction of the drawing and the size of the nodes. Every picture
    of the trace shares them, so a layout engine places the nodes the same at every step.
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
                    event,
                    self._player(event.node),
                    self.trace.root_player,
                    self.options.view,
                    self.trace.cutoff,
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
                title = self.structure.titles.get(reason.node, reason.node)
                return reason.text(title, "\n", self.options.language)
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
            count = len(self.skeleton.hidden[item])
            return WORDS["more"][self.options.language].format(count=count)
        return self.structure.titles.get(item, item)
