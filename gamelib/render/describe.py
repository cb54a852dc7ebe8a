"""Words for a trace: one sentence per event, in either view, in English or Japanese.

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
    >>> describe(trace, 18, language="ja")
    'D でβカット：4 ≥ 3、J を枝刈りします'

Every sentence is a template of :data:`WORDS`, in each language; ``language=None`` (the
default everywhere) means the course-wide language (:func:`gamelib.set_language`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from gamelib.core import Player, View
from gamelib.language import Language, resolve
from gamelib.notation import (
    bound_words,
    evaluation_mark,
    format_number,
    format_window,
    join_names,
    quote_name,
)
from gamelib.search.rules import Cutoff as CutoffRule
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

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "before": {
        "en": "Before the search: nothing is visited yet.",
        "ja": "探索前：まだどのノードも訪れていません。",
    },
    # a cut's reason; ``separator`` is CUT_SEPARATOR's, or a line break in a drawing
    "cut": {
        "en": "{kind}-cut at {node}:{separator}{value} {relation} {threshold}",
        "ja": "{node} で{kind}カット：{separator}{value} {relation} {threshold}",
    },
    "cut_nothing_left": {
        "en": "{reason}: no moves were left to prune",
        "ja": "{reason}、枝刈りする手は残っていません",
    },
    "cut_pruned": {
        "en": "{reason}, {names} pruned",
        "ja": "{reason}、{names} を枝刈りします",
    },
    "repeats_the_root": {
        "en": "{node} repeats the position seen at the root: scored {value} without a search",
        "ja": "{node} は根ノードと同じ局面の繰り返しです：探索せずに評価値 {value} とします",
    },
    "repeats_a_ply": {
        "en": "{node} repeats the position seen at ply {ply}: scored {value} without a search",
        "ja": "{node} は {ply} 手目と同じ局面の繰り返しです：探索せずに評価値 {value} とします",
    },
    "repeats_the_history": {
        "en": (
            "{node} repeats the position seen in the game before the search: "
            "scored {value} without a search"
        ),
        "ja": (
            "{node} は探索を始める前の対局に現れた局面の繰り返しです："
            "探索せずに評価値 {value} とします"
        ),
    },
    "other_event": {"en": "{event} at {node}", "ja": "{node} で {event} が起きました"},
    "table_answer_to_the_end": {
        "en": (
            "The transposition table answers {node}: {bound}, from a search to the end of the game"
        ),
        "ja": "置換表が {node} に答えます：終局まで読んだ探索で得た {bound}",
    },
    "table_answer_to_a_depth": {
        "en": "The transposition table answers {node}: {bound}, from a {depth}-ply search",
        "ja": "置換表が {node} に答えます：{depth} 手先まで読んだ探索で得た {bound}",
    },
    "research": {
        "en": (
            "{lead} lies inside {node}'s window {window}: better than {node}'s "
            "best so far, but the null window {probe} proves only a bound, so {child} is "
            "searched again with {window}"
        ),
        "ja": (
            "{lead} は {node} の探索窓 {window} の内側です：{node} のこれまでの最善値より"
            "良いのですが、ヌルウィンドウ {probe} では上限値か下限値しか分からないので、"
            "{child} を {window} で再探索します"
        ),
    },
    "start": {
        "en": "{algorithm} starts at {node} ({role})",
        "ja": "{algorithm} が {node}（{role}）から探索を始めます",
    },
    "start_with_window": {
        "en": "{algorithm} starts at {node} ({role}) with window {window}",
        "ja": "{algorithm} が {node}（{role}）から探索窓 {window} で探索を始めます",
    },
    "enter": {"en": "Enter {node}, a {role} node", "ja": "{role} ノード {node} に入ります"},
    "enter_with_window": {
        "en": "Enter {node}, a {role} node, with window {window}",
        "ja": "{role} ノード {node} に探索窓 {window} で入ります",
    },
    "evaluate": {
        "en": "Leaf {node} evaluates to {value} (evaluation {mark})",
        "ja": "葉 {node} の評価値は {value} です（評価順 {mark}）",
    },
    # how a child's value is quoted at its parent; in the mover's view the sign may flip
    "lead_negated": {
        "en": "{child} = {own}, that is {value} for {node},",
        "ja": "{child} = {own} ({node} から見ると {value})",
    },
    "raises_alpha": {
        "en": "{lead} raises α at {node} to {alpha}",
        "ja": "{lead} で {node} のαが {alpha} に上がります",
    },
    "lowers_beta": {
        "en": "{lead} lowers β at {node} to {beta}",
        "ja": "{lead} で {node} のβが {beta} に下がります",
    },
    "new_best": {
        "en": "{lead} makes {node}'s best {best}",
        "ja": "{lead} で {node} のこれまでの最善値が {best} になります",
    },
    "new_best_alpha_stays": {
        "en": "{lead} makes {node}'s best {best}; α stays {alpha}",
        "ja": "{lead} で {node} のこれまでの最善値が {best} になります。αは {alpha} のままです",
    },
    "new_best_beta_stays": {
        "en": "{lead} makes {node}'s best {best}; β stays {beta}",
        "ja": "{lead} で {node} のこれまでの最善値が {best} になります。βは {beta} のままです",
    },
    "alpha_not_raised": {
        "en": "{lead} does not raise α at {node} (α stays {alpha})",
        "ja": "{lead} では {node} のαは上がりません（αは {alpha} のまま）",
    },
    "beta_not_lowered": {
        "en": "{lead} does not lower β at {node} (β stays {beta})",
        "ja": "{lead} では {node} のβは下がりません（βは {beta} のまま）",
    },
    "not_improved": {
        "en": "{lead} does not improve {node} (best so far {best})",
        "ja": "{lead} では {node} の値は良くなりません（これまでの最善値 {best}）",
    },
    "returns": {"en": "{node} returns {bound}", "ja": "{node} は {bound}を返します"},
    "returns_last": {
        "en": "{node} returns {bound}: the search is over",
        "ja": "{node} は {bound}を返します。これで探索は終わりです",
    },
    "probe_inside": {
        "en": "window {window} → {value}, inside: the value is {value}",
        "ja": "探索窓 {window} → {value}、窓の内側：値は {value} です",
    },
    "probe_fails_low": {
        "en": "window {window} → {value} ≤ α, fails low: the value is at most {value}",
        "ja": "探索窓 {window} → {value} ≤ α、fail low：値は {value} 以下です",
    },
    "probe_fails_high": {
        "en": "window {window} → {value} ≥ β, fails high: the value is at least {value}",
        "ja": "探索窓 {window} → {value} ≥ β、fail high：値は {value} 以上です",
    },
}
"""Every sentence of the narration, in each language (``str.format`` templates)."""

CUT_SEPARATOR: Final[Mapping[Language, str]] = {"en": " ", "ja": ""}
"""What follows the colon of a cut's reason in a sentence: a space after the English ":",
nothing after the Japanese full-width 「：」."""

BEFORE_THE_SEARCH = WORDS["before"]["en"]
"""The sentence for step 0, in English (:func:`before_the_search` in any language)."""


def before_the_search(language: str | None = None) -> str:
    """The sentence for step 0 (``language`` None: the course-wide language)."""
    return WORDS["before"][resolve(language)]


def role(player: Player, root_player: Player) -> str:
    """``"MAX"`` for the player to move at the root, ``"MIN"`` for the other."""
    return "MAX" if player == root_player else "MIN"


# --------------------------------------------------------------------------- cutoffs


@dataclass(frozen=True)
class CutReason:
    """Why a cutoff happened, in one view.

    Attributes:
        kind: ``"β"`` (the value reached β at a maximizing node) or ``"α"`` (the value
            reached α at a MIN node in MAX's view).
        node: where the cut happened.
        value: the child's value that caused it (in the cutting node's view).
        threshold: the bound it crossed.
        cutoff: the search's cutoff rule: ``">="`` (reaching the bound cuts: ``4 ≥ 3``,
            ``2 ≤ 3``) or ``">"`` (only passing it cuts: ``4 > 3``, ``2 < 3``).
    """

    kind: str
    node: str
    value: float
    threshold: float
    cutoff: CutoffRule = ">="

    @property
    def relation(self) -> str:
        """The comparison that decided the cut, under the rule in force: ≥ or > for a β-cut,
        ≤ or < for an α-cut."""
        strict = self.cutoff == ">"
        if self.kind == "β":
            return ">" if strict else "≥"
        return "<" if strict else "≤"

    def text(
        self,
        node_label: str | None = None,
        separator: str | None = None,
        language: str | None = None,
    ) -> str:
        """``"β-cut at D: 4 ≥ 3"`` (in Japanese ``"D でβカット：4 ≥ 3"``); under the strict
        rule ``"β-cut at D: 4 > 3"``.

        Args:
            node_label: written instead of the node's name if given.
            separator: what comes between ``"β-cut at D:"`` and ``"4 ≥ 3"`` (a picture
                uses a line break); None: the sentence's own (a space in English, nothing
                after the Japanese full-width colon).
            language: ``"en"`` or ``"ja"``; None: the course-wide language.
        """
        chosen = resolve(language)
        if separator is None:
            separator = CUT_SEPARATOR[chosen]
        return WORDS["cut"][chosen].format(
            kind=self.kind,
            node=quote_name(self.node, language=language) if node_label is None else node_label,
            separator=separator,
            value=format_number(self.value),
            relation=self.relation,
            threshold=format_number(self.threshold),
        )


def cut_reason(
    event: Cutoff, player: Player, root_player: Player, view: View, cutoff: CutoffRule = ">="
) -> CutReason:
    """The reason for ``event`` at a node where ``player`` moves, as seen in ``view``, under
    the search's cutoff rule (``trace.cutoff``)."""
    if view == "max" and player != root_player:
        return CutReason("α", event.node, event.value, event.alpha, cutoff)
    value = for_view(event.value, player, root_player, view)
    _, beta = window_for_view(event.alpha, event.beta, player, root_player, view)
    return CutReason("β", event.node, value, beta, cutoff)


# --------------------------------------------------------------------------- sentences


def uses_windows(trace: Trace) -> bool:
    """Whether any window of ``trace`` is not (−∞, ∞): false for minimax and negamax."""
    return any(
        not (math.isinf(alpha) and math.isinf(beta)) for _, alpha, beta in trace.windows("max")
    )


class _Narrator:
    """Turns events into sentences, remembering each node's player and window as it goes."""

    def __init__(self, trace: Trace, view: View, language: Language) -> None:
        self.trace = trace
        self.view = view
        self.language: Language = language
        self.players: dict[str, Player] = {}
        self.windows: dict[str, tuple[float, float]] = {}  # MAX's view
        self.total_evaluations = len(trace.evaluated)
        self.windowed = uses_windows(trace)

    # ---- helpers
    def _quote(self, name: str) -> str:
        """A node's name as the narrator's language quotes it (see :func:`quote_name`)."""
        return quote_name(name, language=self.language)

    def _say(self, key: str, **values: str) -> str:
        """The sentence ``key`` of :data:`WORDS` in the narrator's language, filled in."""
        return WORDS[key][self.language].format(**values)

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
        name = self._quote(event.node)
        if isinstance(first_seen, int) and isinstance(value, int | float):
            score = self._value(value, event.node)
            if first_seen == 0:
                return self._say("repeats_the_root", node=name, value=score)
            if first_seen < 0:
                return self._say("repeats_the_history", node=name, value=score)
            return self._say("repeats_a_ply", node=name, ply=str(first_seen), value=score)
        return self._say("other_event", event=type(event).__name__, node=name)

    def _table_answer(self, event: TableAnswer) -> str:
        player = self.players[event.node]
        value = for_view(event.value, player, self.trace.root_player, self.view)
        bound = bound_for_view(event.bound, player, self.trace.root_player, self.view)
        found = bound_words(value, bound, language=self.language)
        if math.isinf(event.depth):
            return self._say("table_answer_to_the_end", node=self._quote(event.node), bound=found)
        return self._say(
            "table_answer_to_a_depth",
            node=self._quote(event.node),
            bound=found,
            depth=format_number(event.depth),
        )

    def _research(self, event: ReSearch) -> str:
        return self._say(
            "research",
            lead=self._lead(event),
            node=self._quote(event.node),
            window=format_window(*self._window(event.alpha, event.beta, event.node)),
            probe=format_window(*self._window(*self.windows[event.child], event.child)),
            child=self._quote(event.child),
        )

    def _enter(self, event: Enter) -> str:
        self.players[event.node] = event.player
        self.windows[event.node] = (event.alpha, event.beta)
        window = format_window(*self._window(event.alpha, event.beta, event.node))
        name, node_role = self._quote(event.node), self._role(event.node)
        if event.parent is None:
            if self.windowed:
                return self._say(
                    "start_with_window",
                    algorithm=self.trace.algorithm,
                    node=name,
                    role=node_role,
                    window=window,
                )
            return self._say("start", algorithm=self.trace.algorithm, node=name, role=node_role)
        if self.windowed:
            return self._say("enter_with_window", node=name, role=node_role, window=window)
        return self._say("enter", node=name, role=node_role)

    def _evaluate(self, event: Evaluate) -> str:
        return self._say(
            "evaluate",
            node=self._quote(event.node),
            value=self._value(event.value, event.node),
            mark=evaluation_mark(event.order, self.total_evaluations),
        )

    def _lead(self, event: Backup | Cutoff | ReSearch) -> str:
        """``"H = 3"``; in the mover's view, if the sign flips: ``"H = −3, that is 3 for C,"``."""
        child = self._quote(event.child)
        for_parent = self._value(event.value, event.node)
        own = self._value(event.value, event.child)
        if self.view == "max" or own == for_parent:
            return f"{child} = {for_parent}"
        return self._say(
            "lead_negated", child=child, own=own, value=for_parent, node=self._quote(event.node)
        )

    def _backup(self, event: Backup) -> str:
        before = self._window(*self.windows[event.node], event.node)
        self.windows[event.node] = (event.alpha, event.beta)
        alpha, beta = self._window(event.alpha, event.beta, event.node)
        name, lead = self._quote(event.node), self._lead(event)
        if alpha != before[0]:
            return self._say("raises_alpha", lead=lead, node=name, alpha=format_number(alpha))
        if beta != before[1]:
            return self._say("lowers_beta", lead=lead, node=name, beta=format_number(beta))
        best = self._value(event.best, event.node)
        maximizing = self.view == "mover" or self._role(event.node) == "MAX"
        if event.best_changed and best == self._value(event.value, event.node):
            if not self.windowed:
                return self._say("new_best", lead=lead, node=name, best=best)
            if maximizing:
                return self._say(
                    "new_best_alpha_stays",
                    lead=lead,
                    node=name,
                    best=best,
                    alpha=format_number(alpha),
                )
            return self._say(
                "new_best_beta_stays", lead=lead, node=name, best=best, beta=format_number(beta)
            )
        if self.windowed:
            # Fail-hard keeps no best apart from the bound: say which bound stays
            if maximizing and format_number(alpha) == best:
                return self._say("alpha_not_raised", lead=lead, node=name, alpha=best)
            if not maximizing and format_number(beta) == best:
                return self._say("beta_not_lowered", lead=lead, node=name, beta=best)
        return self._say("not_improved", lead=lead, node=name, best=best)

    def _cutoff(self, event: Cutoff) -> str:
        self.windows[event.node] = (event.alpha, event.beta)
        reason = cut_reason(
            event, self.players[event.node], self.trace.root_player, self.view, self.trace.cutoff
        )
        text = reason.text(language=self.language)
        if not event.skipped:
            return self._say("cut_nothing_left", reason=text)
        names = join_names(event.skipped, language=self.language)
        return self._say("cut_pruned", reason=text, names=names)

    def _exit(self, event: Exit) -> str:
        player = self.players[event.node]
        value = for_view(event.value, player, self.trace.root_player, self.view)
        bound = bound_for_view(event.bound, player, self.trace.root_player, self.view)
        found = bound_words(value, bound, language=self.language)
        last = bool(self.trace.events) and event is self.trace.events[-1]
        return self._say(
            "returns_last" if last else "returns", node=self._quote(event.node), bound=found
        )


def describe_probe(probe: Probe, language: str | None = None) -> str:
    """What one search of a composite search asked and learned, e.g.
    ``"window (2, 3) → 3 ≥ β: the value is at least 3"`` (``language`` None: the
    course-wide language)."""
    window = format_window(probe.alpha, probe.beta)
    value = format_number(probe.value)
    lower, upper = probe.bounds
    if lower == upper:
        key = "probe_inside"
    elif upper == probe.value:
        key = "probe_fails_low"
    else:
        key = "probe_fails_high"
    return WORDS[key][resolve(language)].format(window=window, value=value)


def sentences(trace: Trace, view: View = "max", *, language: str | None = None) -> list[str]:
    """One sentence per event of ``trace``, in order, computed in one pass.

    Args:
        trace: a recorded run (see :func:`gamelib.trace.record`).
        view: ``"max"`` (MAX's view) or ``"mover"`` (the negamax view).
        language: ``"en"`` or ``"ja"``; None (the default): the course-wide language
            (:func:`gamelib.language.set_language`).

    Returns:
        ``sentences(trace)[k]`` explains event ``k`` (the step ``k + 1``).
    """
    narrator = _Narrator(trace, view, resolve(language))
    return [narrator.sentence(event) for event in trace.events]


def describe(
    trace: Trace, step: int | None = None, view: View = "max", *, language: str | None = None
) -> str:
    """The sentence for step ``step`` of ``trace`` (None: the last step; 0: before the search).

    Args:
        trace: a recorded run.
        step: 0 … len(trace.events); None: the last step.
        view: ``"max"`` or ``"mover"``.
        language: ``"en"`` or ``"ja"``; None: the course-wide language.

    Raises:
        ValueError: if ``step`` is outside 0 … len(trace.events).
    """
    if step is None:
        step = len(trace.events)
    if not 0 <= step <= len(trace.events):
        raise ValueError(f"step must be between 0 and {len(trace.events)}, not {step}")
    if step == 0:
        return before_the_search(language)
    return sentences(trace, view, language=language)[step - 1]
