"""Homework that checks itself: "which leaves does α-β prune?" and "implement it yourself".

A :class:`PruningExercise` draws a fresh random tree (or takes a given one), runs the real
α-β search on it with the chosen conventions, and checks a student's answer against that
run, explaining each mistake with the comparison that decided it. :func:`check_negamax` and
:func:`check_alphabeta` run a student's own function against the reference on random trees,
from the smallest up, and report the smallest tree where it goes wrong.

Checkers never raise on a malformed answer: they say what they expected instead.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gamelib.core import INF
from gamelib.notation import format_number, format_window
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, negamax
from gamelib.trace import Cutoff, Enter, Trace, record
from gamelib.trees import Tree, parse_tree, random_tree

Failure = Literal["hard", "soft"]


@dataclass(frozen=True)
class Convention:
    """The rules an exercise's α-β follows.

    Attributes:
        cutoff: ``">="`` cuts when a value reaches the bound, ``">"`` only when it passes it.
        order: ``"given"`` searches children left to right, ``"reversed"`` right to left.
        failure: ``"hard"`` returns values clamped to the window, ``"soft"`` the best seen.
    """

    cutoff: Literal[">=", ">"] = ">="
    order: Literal["given", "reversed"] = "given"
    failure: Failure = "hard"

    def __post_init__(self) -> None:
        if self.cutoff not in (">=", ">"):
            raise ValueError(f"cutoff must be '>=' or '>', not {self.cutoff!r}")
        if self.order not in ("given", "reversed"):
            raise ValueError(f"order must be 'given' or 'reversed', not {self.order!r}")
        if self.failure not in ("hard", "soft"):
            raise ValueError(f"failure must be 'hard' or 'soft', not {self.failure!r}")

    def describe(self) -> str:
        """The conventions in words."""
        direction = "left to right" if self.order == "given" else "right to left"
        rule = "value ≥ β" if self.cutoff == ">=" else "value > β (strictly)"
        return f"children {direction}, cut on {rule}, fail-{self.failure}"


@dataclass(frozen=True)
class Solution:
    """What the reference search did.

    Attributes:
        pruned: the leaves never evaluated because of a cutoff.
        values: the value each entered inner node returned (from MAX's view).
        evaluated: the leaves evaluated, in order.
    """

    pruned: frozenset[str]
    values: Mapping[str, float]
    evaluated: tuple[str, ...]


@dataclass
class Feedback:
    """The verdict on an answer: right or not, and why.

    Attributes:
        correct: True when every part of the answer that was given is right.
        messages: one sentence per mistake (or per problem with the answer's form).
        counterexample: for implementation checks, the smallest tree that shows the mistake.
    """

    correct: bool
    messages: list[str] = field(default_factory=list)
    counterexample: Tree | None = None

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        head = "Correct!" if self.correct else "Not yet:"
        return "\n".join([head, *(f"- {message}" for message in self.messages)])

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b3261e"
        head = "Correct!" if self.correct else "Not yet:"
        items = "".join(f"<li>{html.escape(message)}</li>" for message in self.messages)
        picture = ""
        if self.counterexample is not None:
            picture = f"<pre>{html.escape(self.counterexample.to_outline())}</pre>"
        return f'<div><b style="color:{colour}">{head}</b><ul>{items}</ul>{picture}</div>'


class PruningExercise:
    """A "which leaves are pruned?" exercise on a random (or given) tree.

    Args:
        seed: the random tree's seed (ignored when ``tree`` is given).
        depth: plies from the root to the leaves.
        branching: children per inner node, or (fewest, most).
        convention: the α-β conventions; the default searches left to right, cuts on ≥,
            fail-hard.
        tree: a tree to use instead of a random one (a Tree or its text).
        low, high: the range of random leaf values.
    """

    def __init__(
        self,
        seed: int = 0,
        depth: int = 3,
        branching: int | tuple[int, int] = 2,
        convention: Convention | None = None,
        *,
        tree: Tree | str | None = None,
        low: int = -9,
        high: int = 9,
    ) -> None:
        self.convention = convention or Convention()
        if tree is None:
            tree = random_tree(seed, depth, branching, low, high)
        elif isinstance(tree, str):
            tree = parse_tree(tree)
        self.tree: Tree = tree
        self.seed = seed
        search = alphabeta if self.convention.failure == "hard" else alphabeta_failsoft
        self.trace: Trace = record(
            search, tree, order=self.convention.order, cutoff=self.convention.cutoff
        )
        self.nodes = tree.nodes()
        self.leaf_names = [leaf.name for leaf in tree.leaves()]
        returned = self.trace.returned()
        self.solution = Solution(
            pruned=frozenset(name for name in self.trace.pruned if self.nodes[name].is_leaf),
            values={
                name: value for name, (value, _) in returned.items() if not self.nodes[name].is_leaf
            },
            evaluated=tuple(self.trace.evaluated),
        )

    def __repr__(self) -> str:
        return (
            f"PruningExercise(seed={self.seed}, {len(self.leaf_names)} leaves, "
            f"{self.convention.describe()})"
        )

    def question(self) -> str:
        """The task in words, with the tree as an outline."""
        return (
            f"Search this tree with α-β ({self.convention.describe()}); MAX moves at the root. "
            "Which leaves are never evaluated? What value does each inner node return?\n\n"
            + self.tree.to_outline()
        )

    # ---- checking
    def check(self, answer: object) -> Feedback:
        """Check an answer; never raises.

        Args:
            answer: the pruned leaves as a set, list or string of names (an inner node's name
                stands for all the leaves below it; an empty set means "nothing is pruned"),
                or a mapping with ``"pruned"`` and/or ``"values"`` (node name → number).
        """
        pruned_part, values_part, problems = _split_answer(answer)
        if problems:
            return Feedback(False, problems)
        messages: list[str] = []
        if pruned_part is not None:
            messages += self._check_pruned(pruned_part)
        if values_part is not None:
            messages += self._check_values(values_part)
        return Feedback(not messages, messages)

    def _check_pruned(self, raw: object) -> list[str]:
        names, problems = _read_names(raw, "pruned leaves")
        if problems:
            return problems
        unknown = [name for name in names if name not in self.nodes]
        if unknown:
            return [
                f"{', '.join(map(repr, unknown))}: not a node of this tree "
                f"(its leaves are {', '.join(self.leaf_names)})"
            ]
        marked = set()
        for name in names:
            marked |= {leaf.name for leaf in self.nodes[name].leaves()}
        messages = []
        for leaf in self.leaf_names:
            if leaf in marked and leaf not in self.solution.pruned:
                messages.append(self.explain_evaluated(leaf))
            elif leaf not in marked and leaf in self.solution.pruned:
                messages.append(self.explain_pruned(leaf))
        return messages

    def _check_values(self, raw: object) -> list[str]:
        if not isinstance(raw, Mapping):
            return [f"values: expected a mapping like {{'A': 3}}, got {type(raw).__name__}"]
        messages = []
        returned = self.trace.returned()
        for name, given in raw.items():
            if name not in self.nodes:
                messages.append(f"values: {name!r} is not a node of this tree")
            elif self.nodes[name].is_leaf:
                messages.append(f"values: {name} is a leaf; give values of inner nodes only")
            elif name not in self.solution.values:
                messages.append(f"values: {name} is pruned, so it returns no value")
            elif not _is_number(given):
                messages.append(f"values: the value of {name} should be a number, got {given!r}")
            elif given != self.solution.values[name]:
                value, bound = returned[name]
                messages.append(
                    f"{name} returns {format_number(value)}, not {format_number(given)}"
                    f"{_bound_words(bound, value)}"
                )
        return messages

    # ---- explanations, read off the trace
    def explain_pruned(self, leaf: str) -> str:
        """Why ``leaf`` is pruned: the cutoff that removed it, with its comparison."""
        for event in self.trace.events:
            if isinstance(event, Cutoff) and any(
                leaf in {node.name for node, _ in self.nodes[skipped].walk()}
                for skipped in event.skipped
            ):
                return f"{leaf} is pruned: {self.cut_sentence(event)}"
        raise ValueError(f"{leaf} is not pruned")

    def cut_sentence(self, event: Cutoff) -> str:
        """A cutoff in words, from MAX's view: a β-cut at MAX's nodes, an α-cut at MIN's."""
        skipped = ", ".join(event.skipped)
        comparison = self.convention.cutoff
        if self._is_max(event.node):
            return (
                f"at {event.node} (MAX) {event.child} returned {format_number(event.value)} "
                f"{'≥' if comparison == '>=' else '>'} β = {format_number(event.beta)}: MIN above "
                f"will never allow this, so {event.node} stops and {skipped} is never searched"
            )
        return (
            f"at {event.node} (MIN) {event.child} returned {format_number(event.value)} "
            f"{'≤' if comparison == '>=' else '<'} α = {format_number(event.alpha)}: MAX above "
            f"already has a better choice, so {event.node} stops and {skipped} is never searched"
        )

    def explain_evaluated(self, leaf: str) -> str:
        """Why ``leaf`` is evaluated: its window when the search reached it was still open."""
        enter = next(e for e in self.trace.events if isinstance(e, Enter) and e.node == leaf)
        return (
            f"{leaf} is evaluated (number {self.solution.evaluated.index(leaf) + 1}): when the "
            f"search reaches it the window is {format_window(enter.alpha, enter.beta)}, "
            "and no earlier sibling of it or of an ancestor caused a cutoff"
        )

    def _is_max(self, name: str) -> bool:
        return self.trace.players[name] == self.trace.root_player


def _split_answer(answer: object) -> tuple[object | None, object | None, list[str]]:
    """Separate the pruned-leaves part and the values part of an answer."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return (
            None,
            None,
            [
                "empty answer: list the leaves you think are pruned, e.g. {'J', 'M'} or 'J M' "
                "(use set() if you think none is pruned)"
            ],
        )
    if isinstance(answer, Mapping):
        unknown = [key for key in answer if key not in ("pruned", "values")]
        if unknown:
            return (
                None,
                None,
                [f"unexpected keys {unknown!r}: an answer mapping has 'pruned' and/or 'values'"],
            )
        return answer.get("pruned"), answer.get("values"), []
    return answer, None, []


def _read_names(raw: object, what: str) -> tuple[list[str], list[str]]:
    if isinstance(raw, str):
        return [name for name in re.split(r"[\s,;]+", raw.strip()) if name], []
    if isinstance(raw, Iterable) and not isinstance(raw, bytes | Mapping):
        items = list(raw)
        wrong = [item for item in items if not isinstance(item, str)]
        if wrong:
            return [], [f"{what}: expected node names (strings), got {wrong!r}"]
        return [str(item) for item in items], []
    return [], [f"{what}: expected a set, list or string of node names, got {raw!r}"]


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and not math.isnan(value)


def _bound_words(bound: str, value: float) -> str:
    if bound == "lower":
        return f" (a lower bound: the true value is ≥ {format_number(value)})"
    if bound == "upper":
        return f" (an upper bound: the true value is ≤ {format_number(value)})"
    return " (exact)"


class CountingNode:
    """A read-only view of a tree node for students' functions; records which leaves are read.

    Attributes:
        name, children, is_leaf: as on :class:`~gamelib.trees.Tree`.
    """

    def __init__(self, node: Tree, ply: int, reads: list[str], mover_view: bool) -> None:
        self._node, self._ply, self._reads, self._mover_view = node, ply, reads, mover_view
        self.name = node.name
        self.is_leaf = node.is_leaf
        self.children = tuple(
            CountingNode(child, ply + 1, reads, mover_view) for child in node.children
        )

    @property
    def value(self) -> float | None:
        """The leaf value (from the player to move's view when checking negamax forms)."""
        if not self.is_leaf:
            return None
        self._reads.append(self.name)
        value = self._node.value_for_max(self._ply)
        return -value if self._mover_view and self._ply % 2 else value

    def __repr__(self) -> str:
        return f"Node({self.name})" if not self.is_leaf else f"Leaf({self.name})"


def _trees_smallest_first(count: int) -> Iterator[Tree]:
    """Random trees ordered by size: depth 1 to 4, branching 1 to 3, several seeds each."""
    for depth in range(1, 5):
        for branching in range(1, 4):
            for seed in range(count):
                yield random_tree(1000 * depth + 10 * branching + seed, depth, branching)


def check_negamax(function: Callable[[Any], float], *, trees: int = 8) -> Feedback:
    """Check a student's negamax ``function(node) -> value`` on random trees, smallest first.

    The function gets a node whose leaf ``.value`` is from the view of the player to move at
    that leaf, and must return the root's negamax value. Exceptions in the student's code
    are reported, not raised.
    """
    for tree in _trees_smallest_first(trees):
        expected = negamax(tree).value
        try:
            got = function(CountingNode(tree, 0, [], mover_view=True))
        except Exception as error:  # the student's code may fail in any way
            return Feedback(False, [f"your function raised {type(error).__name__}: {error}"], tree)
        if not _is_number(got) or got != expected:
            message = (
                f"on this tree the negamax value is {format_number(expected)}, "
                f"your function returned {got!r}"
            )
            return Feedback(False, [message], tree)
    return Feedback(True, ["the same value as the reference on every tree tried"])


def check_alphabeta(
    function: Callable[[Any, float, float], float], *, trees: int = 8, failure: Failure = "hard"
) -> Feedback:
    """Check a student's α-β ``function(node, alpha, beta) -> value`` (negamax form).

    Leaf values are from the player to move's view; children are searched left to right,
    cutting on value ≥ β. The value must be the exact root value for the full window, and
    the function must read exactly the leaves the reference α-β evaluates, in order.
    """
    reference = alphabeta if failure == "hard" else alphabeta_failsoft
    for tree in _trees_smallest_first(trees):
        expected = minimax(tree).value
        reads: list[str] = []
        try:
            got = function(CountingNode(tree, 0, reads, mover_view=True), -INF, INF)
        except Exception as error:  # the student's code may fail in any way
            return Feedback(False, [f"your function raised {type(error).__name__}: {error}"], tree)
        evaluated = record(reference, tree).evaluated
        reads = list(dict.fromkeys(reads))  # reading a leaf twice is one evaluation
        problems = []
        if not _is_number(got) or got != expected:
            problems.append(
                f"the value of this tree is {format_number(expected)}, you returned {got!r}"
            )
        if reads != evaluated:
            extra = [name for name in reads if name not in evaluated]
            missing = [name for name in evaluated if name not in reads]
            if extra:
                problems.append(f"you evaluated {', '.join(extra)}, which α-β prunes")
            if missing:
                problems.append(f"you never read {', '.join(missing)}, which α-β evaluates")
            if not extra and not missing:
                problems.append(
                    f"you read the leaves in the order {' '.join(reads)}; "
                    f"α-β reads {' '.join(evaluated)}"
                )
        if problems:
            return Feedback(False, problems, tree)
    return Feedback(True, ["the right value and exactly α-β's leaves on every tree tried"])


def check_answer(answer: object, expected: object, *, explanation: str = "") -> Feedback:
    """Check a short answer (a number, a word, or a set of names) against the computed one.

    Numbers compare by value (3 == 3.0), words without regard to case or spaces at the ends,
    collections as sets of strings. A wrong or malformed answer gets a message, never an
    exception; ``explanation`` is added to a wrong answer's message.
    """
    why = f" {explanation}" if explanation else ""
    if answer is None or answer is Ellipsis:
        return Feedback(False, ["no answer yet: replace ... or None with your answer"])
    if _is_number(expected):
        if not isinstance(answer, int | float) or not _is_number(answer):
            return Feedback(False, [f"expected a number, got {answer!r}"])
        if answer != expected:
            return Feedback(False, [f"{format_number(answer)} is not right.{why}"])
        return Feedback(True)
    if isinstance(expected, str):
        if not isinstance(answer, str):
            return Feedback(False, [f"expected a word, got {answer!r}"])
        if answer.strip().lower() != expected.strip().lower():
            return Feedback(False, [f"{answer!r} is not right.{why}"])
        return Feedback(True)
    if isinstance(expected, Iterable):
        names, problems = _read_names(answer, "answer")
        if problems:
            return Feedback(False, problems)
        wanted = {str(item) for item in expected}
        if set(names) != wanted:
            extra = sorted(set(names) - wanted)
            missing = sorted(wanted - set(names))
            parts = []
            if extra:
                parts.append(f"not {', '.join(extra)}")
            if missing:
                parts.append(f"{len(missing)} missing")
            return Feedback(False, [f"not quite: {'; '.join(parts)}.{why}"])
        return Feedback(True)
    raise TypeError(f"check_answer cannot compare with {expected!r}")
