"""Words for a trace: one English sentence per event, in either view.

Sentences are a fold over the events of one recorded run (see :mod:`gamelib.trace`), in
MAX's view (``view="max"``: MAX raises α, MIN lowers β, a cut is a β-cut at a MAX node and an
α-cut at a MIN node) or in the negamax view (``view="mover"``: every node maximizes for the
player to move there, so every cut is a β-cut).

``sentences(trace)[k]`` explains step ``k + 1``; :func:`describe` takes the step itself
(step 0 is the moment before the search starts)::

    >>> from gamelib import TEXTBOOK, alphabeta, record
    >>> trace = record(alphabeta, TEXTBOOK["alpha-beta-windows"])
    >>> sentences(trace)[10]
    'H = 3 raises α at C to 3'
    >>> describe(trace, 11)
    'H = 3 raises α at C to 3'
    >>> describe(trace, 13)
    'C = 3 lowers β at A to 3'
    >>> describe(trace, 13, view="mover")
    'C = 3, that is −3 for A, raises α at A to −3'
    >>> describe(trace, 18)
    'β-cut at D: 4 ≥ 3, J pruned'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gamelib.core import Player, View
from gamelib.notation import (
    bound_words,
    evaluation_mark,
    format_number,
    format_window,
    join_names,
    quote_name,
)
from gamelib.search.windows import Probe
from gamelib.trace import (
    Backup,
    Cutoff,
    Enter,
    Evaluate,
    Event,
    Exit,
    ReSearch,
    TableAnswer,
    Trace,
    bound_for_view,
    for_view,
    window_for_view,
)

BEFORE_THE_SEARCH = "Before the search: nothing is visited yet."
"""The sentence for step 0."""


def role(player: Player, root_player: Player) -> str:
    """``"MAX"`` for the player to move at the root, ``"MIN"`` for the other."""
    return "MAX" if player == root_player else "MIN"


# --------------------------------------------------------------------------- cutoffs


@dataclass(frozen=True)
class CutReason:
    """Why a cutoff happened, in one view.

    Attributes:
        kind: ``"β"`` (value ≥ β at a maximizing node) or ``"α"`` (value ≤ α at a MIN node
            in MAX's view).
        node: where the cut happened.
        value: the child's value that caused it (in the cutting node's view).
        threshold: the bound it crossed.
    """

    kind: str
    node: str
    value: float
    threshold: float

    def text(self, node_label: str | None = None, separator: str = " ") -> str:
        """``"β-cut at D: 4 ≥ 3"``.

        Args:
            node_label: written instead of the node's name if given.
            separator: what comes between ``"β-cut at D:"`` and ``"4 ≥ 3"`` (a picture
                uses a line break).
        """
        relation = "≥" if self.kind == "β" else "≤"
        at = quote_name(self.node) if node_label is None else node_label
        comparison = f"{format_number(self.value)} {relation} {format_number(self.threshold)}"
        return f"{self.kind}-cut at {at}:{separator}{comparison}"


def cut_reason(event: Cutoff, player: Player, root_player: Player, view: View) -> CutReason:
    """The reason for ``event`` at a node where ``player`` moves, as seen in ``view``."""
    if view == "max" and player != root_player:
        return CutReason("α", event.node, event.value, event.alpha)
    value = for_view(event.value, player, root_player, view)
    _, beta = window_for_view(event.alpha, event.beta, player, root_player, view)
    return CutReason("β", event.node, value, beta)


# --------------------------------------------------------------------------- sentences


def uses_windows(trace: Trace) -> bool:
    """Whether any window of ``trace`` is not (−∞, ∞): false for minimax and negamax."""
    return any(
        not (math.isinf(alpha) and math.isinf(beta)) for _, alpha, beta in trace.windows("max")
    )


class _Narrator:
    """Turns events into sentences, remembering each node's player and window as it goes."""

    def __init__(self, trace: Trace, view: View) -> None:
        self.trace = trace
        self.view = view
        self.players: dict[str, Player] = {}
        self.windows: dict[str, tuple[float, float]] = {}  # MAX's view
        self.total_evaluations = len(trace.evaluated)
        self.windowed = uses_windows(trace)

    # ---- helpers
    def _value(self, value: float, node: str) -> str:
        return format_number(for_view(value, self.players[node], self.trace.root_player, self.view))

    def _window(self, alpha: float, beta: float, node: str) -> tuple[float, float]:
        return window_for_view(alpha, beta, self.players[node], self.trace.root_player, self.view)

    def _role(self, node: str) -> str:
        return role(self.players[node], self.trace.root_player)

    # ---- one sentence per event type
    def sentence(self, event: Event) -> str:
        if isinstance(event, Enter):
            return self._enter(event)
        if isinstance(event, Evaluate):
            return self._evaluate(event)
        if isinstance(event, Cutoff):
            return self._cutoff(event)
        if isinstance(event, Backup):
            return self._backup(event)
        if isinstance(event, Exit):
            return self._exit(event)
        if isinstance(event, TableAnswer):
            return self._table_answer(event)
        if isinstance(event, ReSearch):
            return self._research(event)
        return self._other(event)

    def _other(self, event: Event) -> str:
        """A repetition (read by duck typing), or any event type added later."""
        first_seen = getattr(event, "first_seen_at_ply", None)
        value = getattr(event, "value", None)
        name = quote_name(event.node)
        if isinstance(first_seen, int) and isinstance(value, int | float):
            where = "at the root" if first_seen == 0 else f"at ply {first_seen}"
            if first_seen < 0:
                where = "in the game before the search"
            return (
                f"{name} repeats the position seen {where}: "
                f"scored {self._value(value, event.node)} without a search"
            )
        return f"{type(event).__name__} at {name}"

    def _table_answer(self, event: TableAnswer) -> str:
        player = self.players[event.node]
        value = for_view(event.value, player, self.trace.root_player, self.view)
        bound = bound_for_view(event.bound, player, self.trace.root_player, self.view)
        search = (
            "a search to the end of the game"
            if math.isinf(event.depth)
            else f"a {format_number(event.depth)}-ply search"
        )
        return (
            f"The transposition table answers {quote_name(event.node)}: "
            f"{bound_words(value, bound)}, from {search}"
        )

    def _research(self, event: ReSearch) -> str:
        child, name = quote_name(event.child), quote_name(event.node)
        window = format_window(*self._window(event.alpha, event.beta, event.node))
        probe = format_window(*self._window(*self.windows[event.child], event.child))
        return (
            f"{self._lead(event)} lies inside {name}'s window {window}: better than {name}'s "
            f"best so far, but the null window {probe} proves only a bound, so {child} is "
            f"searched again with {window}"
        )

    def _enter(self, event: Enter) -> str:
        self.players[event.node] = event.player
        self.windows[event.node] = (event.alpha, event.beta)
        window = format_window(*self._window(event.alpha, event.beta, event.node))
        name = quote_name(event.node)
        window_text = f"window {window}" if self.windowed else ""
        if event.parent is None:
            start = f"{self.trace.algorithm} starts at {name} ({self._role(event.node)})"
            return f"{start} with {window_text}" if window_text else start
        enter = f"Enter {name}, a {self._role(event.node)} node"
        return f"{enter}, with {window_text}" if window_text else enter

    def _evaluate(self, event: Evaluate) -> str:
        mark = evaluation_mark(event.order, self.total_evaluations)
        return (
            f"Leaf {quote_name(event.node)} evaluates to {self._value(event.value, event.node)} "
            f"(evaluation {mark})"
        )

    def _lead(self, event: Backup | Cutoff | ReSearch) -> str:
        """``"H = 3"``; in the mover's view, if the sign flips: ``"H = −3, that is 3 for C,"``."""
        child = quote_name(event.child)
        for_parent = self._value(event.value, event.node)
        own = self._value(event.value, event.child)
        if self.view == "max" or own == for_parent:
            return f"{child} = {for_parent}"
        return f"{child} = {own}, that is {for_parent} for {quote_name(event.node)},"

    def _backup(self, event: Backup) -> str:
        before = self._window(*self.windows[event.node], event.node)
        self.windows[event.node] = (event.alpha, event.beta)
        after = self._window(event.alpha, event.beta, event.node)
        name = quote_name(event.node)
        lead = self._lead(event)
        if after[0] != before[0]:
            return f"{lead} raises α at {name} to {format_number(after[0])}"
        if after[1] != before[1]:
            return f"{lead} lowers β at {name} to {format_number(after[1])}"
        best = self._value(event.best, event.node)
        if event.best_changed and best == self._value(event.value, event.node):
            if not self.windowed:
                return f"{lead} makes {name}'s best {best}"
            maximizing = self.view == "mover" or self._role(event.node) == "MAX"
            stays = (
                f"α stays {format_number(after[0])}"
                if maximizing
                else (f"β stays {format_number(after[1])}")
            )
            return f"{lead} makes {name}'s best {best}; {stays}"
        if self.windowed:
            # Fail-hard keeps no best apart from the bound: say which bound stays
            maximizing = self.view == "mover" or self._role(event.node) == "MAX"
            bound = after[0] if maximizing else after[1]
            if format_number(bound) == best:
                which = "α" if maximizing else "β"
                verb = "raise" if maximizing else "lower"
                return f"{lead} does not {verb} {which} at {name} ({which} stays {best})"
        return f"{lead} does not improve {name} (best so far {best})"

    def _cutoff(self, event: Cutoff) -> str:
        self.windows[event.node] = (event.alpha, event.beta)
        reason = cut_reason(event, self.players[event.node], self.trace.root_player, self.view)
        if not event.skipped:
            return f"{reason.text()}: no moves were left to prune"
        return f"{reason.text()}, {join_names(event.skipped)} pruned"

    def _exit(self, event: Exit) -> str:
        player = self.players[event.node]
        value = for_view(event.value, player, self.trace.root_player, self.view)
        bound = bound_for_view(event.bound, player, self.trace.root_player, self.view)
        sentence = f"{quote_name(event.node)} returns {bound_words(value, bound)}"
        if self.trace.events and event is self.trace.events[-1]:
            sentence += ": the search is over"
        return sentence


def describe_probe(probe: Probe) -> str:
    """What one search of a composite search asked and learned, e.g.
    ``"window (2, 3) → 3 ≥ β: the value is at least 3"``."""
    window = format_window(probe.alpha, probe.beta)
    value = format_number(probe.value)
    lower, upper = probe.bounds
    if lower == upper:
        return f"window {window} → {value}, inside: the value is {value}"
    if upper == probe.value:
        return f"window {window} → {value} ≤ α, fails low: the value is at most {value}"
    return f"window {window} → {value} ≥ β, fails high: the value is at least {value}"


def sentences(trace: Trace, view: View = "max") -> list[str]:
    """One sentence per event of ``trace``, in order, computed in one pass.

    Args:
        trace: a recorded run (see :func:`gamelib.trace.record`).
        view: ``"max"`` (MAX's view) or ``"mover"`` (the negamax view).

    Returns:
        ``sentences(trace)[k]`` explains event ``k`` (the step ``k + 1``).
    """
    narrator = _Narrator(trace, view)
    return [narrator.sentence(event) for event in trace.events]


def describe(trace: Trace, step: int | None = None, view: View = "max") -> str:
    """The sentence for step ``step`` of ``trace`` (None: the last step; 0: before the search).

    Raises:
        ValueError: if ``step`` is outside 0 … len(trace.events).
    """
    if step is None:
        step = len(trace.events)
    if not 0 <= step <= len(trace.events):
        raise ValueError(f"step must be between 0 and {len(trace.events)}, not {step}")
    if step == 0:
        return BEFORE_THE_SEARCH
    return sentences(trace, view)[step - 1]
