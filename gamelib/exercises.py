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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from gamelib.core import INF
from gamelib.notation import bound_meaning, format_number, format_window
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, negamax
from gamelib.search.rules import Cutoff as CutoffRule
from gamelib.search.rules import Failure, alphabeta_by_rules
from gamelib.trace import Cutoff, Enter, Trace, record
from gamelib.trees import Tree, parse_tree, random_tree


@dataclass(frozen=True)
class Convention:
    """The rules an exercise's α-β follows.

    Attributes:
        cutoff: ``">="`` cuts when a value reaches the bound, ``">"`` only when it passes it.
        order: ``"given"`` searches children left to right, ``"reversed"`` right to left.
        failure: ``"hard"`` returns values clamped to the window, ``"soft"`` the best seen.
    """

    cutoff: CutoffRule = ">="
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
        self.trace: Trace = record(
            alphabeta_by_rules,
            tree,
            order=self.convention.order,
            cutoff=self.convention.cutoff,
            failure=self.convention.failure,
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

        A partial ``values`` mapping is accepted: only the values given are checked, and the
        feedback ends with a note naming the searched inner nodes left out (right or wrong).
        """
        pruned_part, values_part, problems = _split_answer(answer)
        if problems:
            return Feedback(False, problems)
        messages: list[str] = []
        if pruned_part is not None:
            messages += self._check_pruned(pruned_part)
        if values_part is not None:
            messages += self._check_values(values_part)
        notes = self._unchecked_values(values_part) if isinstance(values_part, Mapping) else []
        return Feedback(not messages, messages + notes)

    def _unchecked_values(self, given: Mapping[Any, object]) -> list[str]:
        """A note naming the searched inner nodes whose values the answer leaves out."""
        left_out = [
            name for name in self.nodes if name in self.solution.values and name not in given
        ]
        if not left_out:
            return []
        return [
            f"values: only the values given were checked; not given, so not checked: "
            f"{', '.join(left_out)}"
        ]

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
                    f" ({bound_meaning(value, bound)})"
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
        comparison = self.convention.cutoff
        stops = f"{event.node} stops" + _never_searched(event.skipped)
        if self._is_max(event.node):
            return (
                f"at {event.node} (MAX) {event.child} returned {format_number(event.value)} "
                f"{'≥' if comparison == '>=' else '>'} β = {format_number(event.beta)}: MIN above "
                f"will never allow this, so {stops}"
            )
        return (
            f"at {event.node} (MIN) {event.child} returned {format_number(event.value)} "
            f"{'≤' if comparison == '>=' else '<'} α = {format_number(event.alpha)}: MAX above "
            f"already has a better choice, so {stops}"
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


def _never_searched(skipped: Sequence[str]) -> str:
    """The end of a cut sentence: which children the cut skips (none after the last child)."""
    if not skipped:
        return " (it had no child left to search)"
    return f" and {', '.join(skipped)} {'is' if len(skipped) == 1 else 'are'} never searched"


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


_RELATIONS = {
    "<=": "<=", "≤": "<=", "=<": "<=", "⩽": "<=",
    ">=": ">=", "≥": ">=", "=>": ">=", "⩾": ">=",
    "=": "=", "==": "=",
}  # fmt: skip
_STATEMENT = re.compile(
    r"^\s*(?:v|value)?\s*(?P<relation><=|=<|>=|=>|==|=|≤|≥|⩽|⩾)\s*"
    r"(?P<number>[-−+]?\s*(?:\d+(?:\.\d*)?|\.\d+|∞|inf))\s*$",
    re.IGNORECASE,
)


def read_statement(text: str) -> tuple[str, float] | None:
    """Read a statement about the true value *v*: ``"v <= 2"``, ``"v ≤ 2"``, ``"≤2"``,
    ``"<= 2"``, ``"v = −2"``, ``"v>=2"`` …

    Returns:
        ``(relation, number)`` with the relation normalised to ``"<="``, ``"="`` or ``">="``,
        or None when the text is not such a statement.

    >>> read_statement("v ≤ 2"), read_statement("<=2"), read_statement("v = −1")
    (('<=', 2.0), ('<=', 2.0), ('=', -1.0))
    >>> read_statement("v < 2") is None
    True
    """
    match = _STATEMENT.match(text)
    if match is None:
        return None
    number = re.sub(r"\s", "", match["number"]).replace("−", "-").replace("∞", "inf")
    return _RELATIONS[match["relation"]], float(number)


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
    cutting on value ≥ β. On every tree the function is called with the full window, where
    it must return the exact root value, and then with windows beside and around that value
    (:func:`_test_windows`), where fail-hard and fail-soft return different numbers: there it
    must return what the reference α-β of the given ``failure`` returns. Each time it must
    read exactly the leaves the reference evaluates, in order.
    """
    reference = alphabeta if failure == "hard" else alphabeta_failsoft
    for tree in _trees_smallest_first(trees):
        true = minimax(tree).value
        for alpha, beta in [(-INF, INF), *_test_windows(true)]:
            reads: list[str] = []
            try:
                got = function(CountingNode(tree, 0, reads, mover_view=True), alpha, beta)
            except Exception as error:  # the student's code may fail in any way
                message = f"your function raised {type(error).__name__}: {error}"
                return Feedback(False, [message], tree)
            run = record(reference, tree, alpha=alpha, beta=beta)
            expected, evaluated = run.result, run.evaluated
            full = (alpha, beta) == (-INF, INF)
            what = "the value of this tree is" if full else f"fail-{failure} α-β returns"
            problems = _alphabeta_problems(
                got,
                f"{what} {format_number(expected.value)}",
                _same_number(got, expected.value),
                list(dict.fromkeys(reads)),
                evaluated,
            )
            if problems and not full:
                where = (
                    f"with the window {format_window(alpha, beta)} "
                    f"(the tree's value is {format_number(true)})"
                )
                problems[0] = f"{where}: {problems[0]}"
                if not _same_number(got, expected.value):
                    problems.append(f"fail-{failure} α-β returns {_failure_rule(failure)}")
            if problems:
                return Feedback(False, problems, tree)
    return Feedback(
        True,
        [
            "the right value and exactly α-β's leaves on every tree tried, with the full window "
            f"and with windows where fail-{failure} values matter"
        ],
    )


def _test_windows(value: float) -> list[tuple[float, float]]:
    """Windows that fail low, fail high and hold ``value``, with room for a fail-soft value
    beyond the bound (so fail-hard and fail-soft answers differ on them)."""
    return [(value + 1, value + 4), (value - 4, value - 1), (value - 2, value + 2)]


def _failure_rule(failure: Failure) -> str:
    if failure == "hard":
        return "the bound it crossed (β on a cutoff, α when every child fails low)"
    return "the best value it saw, even beyond the window"


def _same_number(got: object, expected: float) -> bool:
    return _is_number(got) and got == expected


def _alphabeta_problems(
    got: object, expected: str, right_value: bool, reads: list[str], evaluated: list[str]
) -> list[str]:
    """What is wrong with one call: its value (``expected`` says what it should be), then
    the leaves it read."""
    problems = []
    if not right_value:
        problems.append(f"{expected}, you returned {got!r}")
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
    return problems


def check_answer(answer: object, expected: object, *, explanation: str = "") -> Feedback:
    """Check a short answer (a number, a word, or a set of names) against the computed one.

    Numbers compare by value (3 == 3.0), words without regard to case or spaces at the ends,
    collections as sets of strings. A statement about the true value (``expected`` such as
    ``"v <= 2"``) compares by meaning: the answer is read by :func:`read_statement`, so
    ``"v<=2"``, ``"v ≤ 2"``, ``"≤2"`` and ``"<= 2"`` all pass. A wrong or malformed answer
    gets a message, never an exception; ``explanation`` is added to a wrong answer's message.
    """
    why = f" {explanation}" if explanation else ""
    if answer is None or answer is Ellipsis:
        return Feedback(False, ["no answer yet: replace ... or None with your answer"])
    statement = read_statement(expected) if isinstance(expected, str) else None
    if statement is not None:
        given = read_statement(answer) if isinstance(answer, str) else None
        if given is None:
            return Feedback(
                False, [f"expected a statement like 'v <= 2', 'v = 2' or 'v >= 2', got {answer!r}"]
            )
        if given != statement:
            return Feedback(False, [f"{answer!r} is not right.{why}"])
        return Feedback(True)
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
