"""The problems of a worksheet: the three questions, a problem's :class:`Difficulty` and
:class:`Key`, the sheet's :class:`Settings`, and :func:`make_problem`, which draws a problem's
tree from seeds that are the same on every machine (:func:`stable_seed`) and matches a problem
of another version in difficulty."""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

from gamelib.core import Bound
from gamelib.exercises import Convention, PruningExercise
from gamelib.language import Language, words
from gamelib.notation import format_number
from gamelib.trace import Cutoff, Enter, replay

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "question_pruned": {
        "en": "Which leaves does α-β never evaluate? Cross them out and list them.",
        "ja": "αβ法で一度も評価されない葉はどれですか？ 木の上で×印をつけ、下に書き出して"
        "ください。",
    },
    "question_values": {
        "en": "What value does each inner node return? Write it beside the node; "
        "where the value is only a bound on the node's true value, write ≥ or ≤ "
        "before it. Cross out the nodes that are never searched.",
        "ja": "各内部ノードはどんな値を返しますか？ ノードの横に書いてください。返す値が"
        "そのノードの真の値の下限値・上限値でしかないときは、値の前に ≥ または ≤ を"
        "書いてください。探索されないノードには×印をつけてください。",
    },
    "question_window": {
        "en": "With which window (α, β) does the search enter node {node} "
        "(the node with the thick outline)? Give α and β from MAX's view.",
        "ja": "探索はどの探索窓 (α, β) でノード {node}（太枠のノード）に入りますか？ "
        "α と β は MAX から見た値で答えてください。",
    },
    "bound_not_set": {
        "en": "{symbol} = {bound}: no {side} node above has a value yet",
        "ja": "{symbol} = {bound}：上にある {side} ノードはまだどれも値を持っていません",
    },
    "bound_source": {
        "en": "{symbol} = {bound}: what {source} ({side}) already has",
        "ja": "{symbol} = {bound}：{source}（{side}）がすでに持っている値です",
    },
    "reason_separator": {"en": "; ", "ja": "。"},
    "never_entered": {
        "en": "the search never enters {node}: it is pruned",
        "ja": "探索は {node} に入りません：{node} は枝刈りされます",
    },
}
"""Every sentence of a problem (its question and a window's reason), in English and
Japanese (``str.format`` templates)."""

Kind: TypeAlias = Literal["pruned", "values", "window"]
KINDS: tuple[Kind, ...] = ("pruned", "values", "window")
"""The three questions, in the order a sheet cycles through them."""

VERSIONS = ("A", "B")
MAX_LEAVES = 32
"""The most leaves a printed tree may have (depth 5 with branching 2, depth 3 with 3)."""
MATCH_TRIES = 2_000
"""Tries to match a problem of the first version before another candidate is drawn."""
CANDIDATES = 25
"""Candidates of the first version tried per problem before giving up."""
MAX_ATTEMPTS = 20_000
"""Trees tried per problem before giving up (a ValueError says which problem)."""


def stable_seed(*parts: object) -> int:
    """A seed from ``parts``: the first 8 bytes of SHA-256 of their text, joined by ``/``.

    The same parts give the same seed on every machine and Python version (Python's
    ``hash()`` of a string changes from run to run).

    >>> stable_seed("worksheet", 7, "A", 1) == stable_seed("worksheet", 7, "A", 1)
    True
    >>> stable_seed("s1") != stable_seed("s2")
    True
    """
    text = "/".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


@dataclass(frozen=True)
class Difficulty:
    """How hard a problem is, measurably; versions A and B match on all of it.

    Attributes:
        kind: the question.
        leaves: the tree's leaves.
        pruned_leaves: the leaves α-β never evaluates.
        cutoffs: the cutoffs that prune something (a cutoff on a node's last child does not).
        asked_ply: for a window question, the depth of the node asked about (else None).
        finite_bounds: for a window question, how many of α and β are finite (else None).
    """

    kind: Kind
    leaves: int
    pruned_leaves: int
    cutoffs: int
    asked_ply: int | None = None
    finite_bounds: int | None = None


@dataclass(frozen=True)
class Key:
    """A problem's answers, read off its exercise's solution and trace.

    Attributes:
        pruned: the pruned leaves, in the tree's order.
        values: every searched inner node's returned value and bound (MAX's view), in the
            tree's order.
        cuts: every cutoff that prunes something, in words, in the order the search made them.
        last_child_cuts: the cutoffs at a node's last child, which prune nothing, in words
            (a key lists them apart, as such, so that no "cut" seems to prune nothing).
        window: for a window question, the window (α, β) the node is entered with.
        window_reason: for a window question, where α and β come from, in words.
    """

    pruned: tuple[str, ...]
    values: tuple[tuple[str, float, Bound], ...]
    cuts: tuple[str, ...]
    window: tuple[float, float] | None = None
    window_reason: str = ""
    last_child_cuts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    """One question on one tree.

    Attributes:
        number: 1, 2, ... on its sheet.
        kind: the question.
        exercise: the tree and the reference search's solution.
        node: the node a window question asks about (None for the other questions).
        attempt: which seed of the problem's sequence made it (see :func:`make_problem`).
    """

    number: int
    kind: Kind
    exercise: PruningExercise
    node: str | None = None
    attempt: int = 0

    @property
    def difficulty(self) -> Difficulty:
        """The problem's :class:`Difficulty`."""
        exercise = self.exercise
        cutoffs = sum(
            isinstance(event, Cutoff) and bool(event.skipped) for event in exercise.trace.events
        )
        asked_ply = finite_bounds = None
        if self.node is not None:
            enter = entry_event(exercise, self.node)
            asked_ply = enter.ply
            finite_bounds = sum(math.isfinite(bound) for bound in (enter.alpha, enter.beta))
        return Difficulty(
            self.kind,
            len(exercise.leaf_names),
            len(exercise.solution.pruned),
            cutoffs,
            asked_ply,
            finite_bounds,
        )

    def question(self, *, language: str | None = None) -> str:
        """The question in words, in ``language`` (None: the course-wide language); the
        rules are stated once, at the top of the sheet."""
        return words(WORDS[f"question_{self.kind}"], language).format(node=self.node)

    def answer(self) -> tuple[object, ...]:
        """What the question asks for: the pruned leaves, every returned value with its
        bound, or the asked node with its window."""
        key = self.key()
        if self.kind == "pruned":
            return key.pruned
        if self.kind == "values":
            return key.values
        return (self.node, key.window)

    def key(self, *, language: str | None = None) -> Key:
        """The answers, from the exercise's solution and trace (never a second search); the
        cuts and the window's reason in ``language`` (None: the course-wide language)."""
        exercise = self.exercise
        returned = exercise.trace.returned()
        values = tuple(
            (name, exercise.solution.values[name], returned[name][1])
            for name in exercise.nodes
            if name in exercise.solution.values
        )
        pruned = tuple(name for name in exercise.leaf_names if name in exercise.solution.pruned)
        cutoffs = [event for event in exercise.trace.events if isinstance(event, Cutoff)]
        cuts = tuple(
            exercise.cut_sentence(event, language=language) for event in cutoffs if event.skipped
        )
        last_child_cuts = tuple(
            exercise.cut_sentence(event, language=language)
            for event in cutoffs
            if not event.skipped
        )
        if self.node is None:
            return Key(pruned, values, cuts, last_child_cuts=last_child_cuts)
        enter = entry_event(exercise, self.node, language=language)
        return Key(
            pruned,
            values,
            cuts,
            (enter.alpha, enter.beta),
            window_reason(exercise, self.node, language=language),
            last_child_cuts,
        )


def entry_event(exercise: PruningExercise, node: str, *, language: str | None = None) -> Enter:
    """The event of the search entering ``node``.

    Raises:
        ValueError: the search never enters ``node`` (the message in ``language``; None: the
            course-wide language).
    """
    for event in exercise.trace.events:
        if isinstance(event, Enter) and event.node == node:
            return event
    raise ValueError(words(WORDS["never_entered"], language).format(node=node))


def window_reason(exercise: PruningExercise, node: str, *, language: str | None = None) -> str:
    """Where the window ``node`` is entered with comes from: α is what the MAX node above
    that raised it already has, β what the MIN node above that lowered it already has; in
    ``language`` (None: the course-wide language).

    Raises:
        ValueError: the search never enters ``node``.
    """
    enter = entry_event(exercise, node, language=language)
    steps = exercise.trace.events.index(enter)
    before = replay(exercise.trace, steps)
    path = before.path  # the open nodes, root first: the ancestors of ``node``
    parts = []
    for index, (symbol, side) in enumerate((("α", "MAX"), ("β", "MIN"))):
        bound = (enter.alpha, enter.beta)[index]
        if not math.isfinite(bound):
            parts.append(
                words(WORDS["bound_not_set"], language).format(
                    symbol=symbol, bound=format_number(bound), side=side
                )
            )
            continue
        # the topmost ancestor holding the bound is the one that set it (it is inherited below)
        source = next(
            name
            for name in path
            if (before.nodes[name].alpha, before.nodes[name].beta)[index] == bound
        )
        parts.append(
            words(WORDS["bound_source"], language).format(
                symbol=symbol, bound=format_number(bound), source=source, side=side
            )
        )
    return words(WORDS["reason_separator"], language).join(parts)


def _window_candidates(exercise: PruningExercise) -> list[str]:
    """Nodes worth asking the window of: entered, not the root, with a finite bound; inner
    nodes if there are any such, else leaves."""
    entries = [
        event
        for event in exercise.trace.events
        if isinstance(event, Enter)
        and event.parent is not None
        and (math.isfinite(event.alpha) or math.isfinite(event.beta))
    ]
    inner = [e.node for e in entries if not exercise.nodes[e.node].is_leaf]
    return inner or [e.node for e in entries]


@dataclass(frozen=True)
class Settings:
    """What every problem of a sheet shares.

    Attributes:
        depth: plies from the root to the leaves (1 to 6).
        branching: children per inner node, or (fewest, most) (2 to 4).
        convention: the α-β rules.
        kinds: the questions, cycled through problem by problem.
    """

    depth: int = 3
    branching: int | tuple[int, int] = 2
    convention: Convention = field(default_factory=Convention)
    kinds: tuple[Kind, ...] = KINDS

    def __post_init__(self) -> None:
        if not 1 <= self.depth <= 6:
            raise ValueError(f"depth must be from 1 to 6 (a printable tree), not {self.depth}")
        fewest, most = (
            (self.branching, self.branching) if isinstance(self.branching, int) else self.branching
        )
        if not 2 <= fewest <= most <= 4:
            raise ValueError(
                f"branching must be from 2 to 4 (or a range 'fewest-most' in it), "
                f"not {self.branching}"
            )
        if most**self.depth > MAX_LEAVES:
            raise ValueError(
                f"depth {self.depth} with branching {self.branching} can give "
                f"{most**self.depth} leaves: at most {MAX_LEAVES} print readably"
            )
        if not self.kinds or any(kind not in KINDS for kind in self.kinds):
            raise ValueError(f"kinds must be some of {', '.join(KINDS)}, not {self.kinds!r}")


def make_problem(
    seed: int,
    version: str,
    number: int,
    settings: Settings,
    like: Problem | None = None,
    *,
    first_attempt: int = 0,
    tries: int = MAX_ATTEMPTS,
    different_answer: bool = True,
) -> Problem:
    """Problem ``number`` (1, 2, ...) of a sheet: the first tree from the seeds
    ``stable_seed("worksheet", seed, version, number, attempt)``, attempt ``first_attempt``,
    then the next ones, that prunes at least one leaf (and, for a window question, has a node
    entered with a finite bound) and, when ``like`` is given, has ``like``'s
    :class:`Difficulty`, a different tree and a different answer (:meth:`Problem.answer`),
    so a neighbour's sheet of the other version does not help.

    With ``different_answer=False`` the answer may be ``like``'s: some difficulties allow one
    answer only (depth 3, branching 2, two cutoffs pruning one leaf each: only E and G can
    cut, so K and O are pruned).

    Raises:
        ValueError: when no such tree turns up in ``tries`` tries.
    """
    kind = settings.kinds[(number - 1) % len(settings.kinds)]
    for attempt in range(first_attempt, first_attempt + tries):
        problem_seed = stable_seed("worksheet", seed, version, number, attempt)
        exercise = PruningExercise(
            problem_seed, settings.depth, settings.branching, settings.convention
        )
        if not exercise.solution.pruned:
            continue
        node = None
        if kind == "window":
            candidates = _window_candidates(exercise)
            if not candidates:
                continue
            node = random.Random(problem_seed).choice(candidates)
        problem = Problem(number, kind, exercise, node, attempt)
        if like is None:
            return problem
        if problem.difficulty != like.difficulty or exercise.tree == like.exercise.tree:
            continue
        if not different_answer or problem.answer() != like.answer():
            return problem
    wanted = "" if like is None else f" of difficulty {like.difficulty}"
    raise ValueError(
        f"no tree{wanted} for problem {number} of version {version} in {tries} tries: "
        "try another seed or size"
    )
