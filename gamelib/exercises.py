"""Homework that checks itself: "which leaves does α-β prune?" and "implement it yourself".

A :class:`PruningExercise` draws a fresh random tree (or takes a given one), runs the real
α-β search on it with the chosen conventions, and checks a student's answer against that
run, explaining each mistake with the comparison that decided it. :func:`check_negamax` and
:func:`check_alphabeta` run a student's own function against the reference on random trees,
from the smallest up, and report the smallest tree where it goes wrong.

Checkers never raise on a malformed answer: they say what they expected instead. Every message
a student reads is in English or Japanese (:data:`WORDS`): each checker takes ``language``
(None: the course-wide setting of :func:`gamelib.language.set_language`).
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeGuard

from gamelib.core import INF
from gamelib.language import Language, resolve
from gamelib.notation import bound_meaning, format_number, format_window
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, negamax
from gamelib.search.rules import Cutoff as CutoffRule
from gamelib.search.rules import Failure, alphabeta_by_rules
from gamelib.trace import Cutoff, Enter, Trace, record
from gamelib.trees import Tree, parse_tree, random_tree

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # ---- verdicts
    "correct": {"en": "Correct!", "ja": "正解です！"},
    "not_yet": {"en": "Not yet:", "ja": "まだ正解ではありません："},
    # ---- the rules of an exercise
    "convention": {
        "en": "children {direction}, cut on {rule}, fail-{failure}",
        "ja": "子を{direction}探索、{rule}、fail-{failure}",
    },
    "left_to_right": {"en": "left to right", "ja": "左から右へ"},
    "right_to_left": {"en": "right to left", "ja": "右から左へ"},
    "cut_on_reach": {"en": "value ≥ β", "ja": "値 ≥ β でカット"},
    "cut_on_pass": {
        "en": "value > β (strictly)",
        "ja": "値 > β でカット（β と等しいときはカットしない）",
    },
    "leaf_count": {"en": "{count} leaves", "ja": "葉 {count} 個"},
    "question": {
        "en": "Search this tree with α-β ({convention}); MAX moves at the root. "
        "Which leaves are never evaluated? What value does each inner node return?",
        "ja": "この木をαβ法（{convention}）で探索します。根ノードは MAX の手番です。"
        "評価されない葉はどれですか？ 各内部ノードはどんな値を返しますか？",
    },
    # ---- the form of an answer
    "empty_answer": {
        "en": "empty answer: list the leaves you think are pruned, e.g. {{'J', 'M'}} or 'J M' "
        "(use set() if you think none is pruned)",
        "ja": "答えが空です：枝刈りされると思う葉を {{'J', 'M'}} や 'J M' のように並べてください"
        "（どの葉も枝刈りされないと思うなら set() と書きます）",
    },
    "unexpected_keys": {
        "en": "unexpected keys {keys}: an answer mapping has 'pruned' and/or 'values'",
        "ja": "想定外のキー {keys}：答えの辞書に書けるキーは 'pruned' と 'values' です",
    },
    "what_pruned_leaves": {"en": "pruned leaves", "ja": "枝刈りされる葉"},
    "what_answer": {"en": "answer", "ja": "答え"},
    "names_not_strings": {
        "en": "{what}: expected node names (strings), got {wrong}",
        "ja": "{what}：ノード名（文字列）で答えてください（{wrong} が含まれています）",
    },
    "names_wrong_type": {
        "en": "{what}: expected a set, list or string of node names, got {raw}",
        "ja": "{what}：ノード名の集合・リスト・文字列で答えてください（{raw} が渡されました）",
    },
    "names_separator": {"en": ", ", "ja": "、"},
    # ---- the pruned leaves
    "unknown_nodes": {
        "en": "{names}: not a node of this tree (its leaves are {leaves})",
        "ja": "{names}：この木のノードではありません（この木の葉は {leaves} です）",
    },
    "pruned_because": {
        "en": "{leaf} is pruned: {reason}",
        "ja": "{leaf} は枝刈りされます：{reason}",
    },
    "cut_at_max": {
        "en": "at {node} (MAX) {child} returned {value} {relation} β = {beta}: MIN above "
        "already has a choice at least as good, so {stops}",
        "ja": "{node}（MAX）で {child} が返した値は {value} {relation} β = {beta} です。"
        "上の MIN にはすでに同等以上の選択肢があるので、βカットが起こります。{stops}",
    },
    "cut_at_min": {
        "en": "at {node} (MIN) {child} returned {value} {relation} α = {alpha}: MAX above "
        "already has a choice at least as good, so {stops}",
        "ja": "{node}（MIN）で {child} が返した値は {value} {relation} α = {alpha} です。"
        "上の MAX にはすでに同等以上の選択肢があるので、αカットが起こります。{stops}",
    },
    # under the strict rule (cut only past the bound) an equal choice does not cut: the
    # choice above is better, not merely as good
    "cut_at_max_strict": {
        "en": "at {node} (MAX) {child} returned {value} {relation} β = {beta}: MIN above "
        "already has a better choice, so {stops}",
        "ja": "{node}（MAX）で {child} が返した値は {value} {relation} β = {beta} です。"
        "上の MIN にはすでにより良い選択肢があるので、βカットが起こります。{stops}",
    },
    "cut_at_min_strict": {
        "en": "at {node} (MIN) {child} returned {value} {relation} α = {alpha}: MAX above "
        "already has a better choice, so {stops}",
        "ja": "{node}（MIN）で {child} が返した値は {value} {relation} α = {alpha} です。"
        "上の MAX にはすでにより良い選択肢があるので、αカットが起こります。{stops}",
    },
    "stops_no_child": {
        "en": "{node} stops, a cut at the last child: nothing is left to prune",
        "ja": "{node} の探索はここで終わりますが、最後の子でのカットなので、枝刈りされるものは"
        "残っていません",
    },
    "stops_one": {
        "en": "{node} stops and {names} is never searched",
        "ja": "{node} の探索はここで打ち切られ、{names} は探索されません",
    },
    "stops_many": {
        "en": "{node} stops and {names} are never searched",
        "ja": "{node} の探索はここで打ち切られ、{names} は探索されません",
    },
    "evaluated_because": {
        "en": "{leaf} is evaluated (number {order}): when the search reaches it the window is "
        "{window}, and no earlier sibling of it or of an ancestor caused a cutoff",
        "ja": "{leaf} は評価されます（{order} 番目）：探索が {leaf} に達したときの探索窓は "
        "{window} で、{leaf} より先に探索された兄弟ノードも、{leaf} の祖先より先に探索された"
        "兄弟ノードも、カットを起こしていません",
    },
    # ---- the values
    "values_unchecked": {
        "en": "values: only the values given were checked; not given, so not checked: {names}",
        "ja": "値：答えた値だけを確かめました。答えがないので確かめていないノード：{names}",
    },
    "values_not_mapping": {
        "en": "values: expected a mapping like {{'A': 3}}, got {kind}",
        "ja": "値：{{'A': 3}} のような辞書で答えてください（{kind} が渡されました）",
    },
    "values_unknown": {
        "en": "values: {name} is not a node of this tree",
        "ja": "値：{name} はこの木のノードではありません",
    },
    "values_leaf": {
        "en": "values: {name} is a leaf; give values of inner nodes only",
        "ja": "値：{name} は葉です。内部ノードの値だけを答えてください",
    },
    "values_pruned": {
        "en": "values: {name} is pruned, so it returns no value",
        "ja": "値：{name} は枝刈りされるので、値を返しません",
    },
    "values_not_number": {
        "en": "values: the value of {name} should be a number, got {given}",
        "ja": "値：{name} の値は数で答えてください（{given} が渡されました）",
    },
    "values_wrong": {
        "en": "{name} returns {value}, not {given} ({meaning})",
        "ja": "{name} が返す値は {value} で、{given} ではありません（{meaning}）",
    },
    # ---- checking a student's function
    "raised": {
        "en": "your function raised {error_type}: {error}",
        "ja": "あなたの関数で {error_type} が発生しました：{error}",
    },
    "negamax_wrong": {
        "en": "on this tree the negamax value is {expected}, your function returned {got}",
        "ja": "この木のネガマックス法の値は {expected} ですが、あなたの関数は {got} を返しました",
    },
    "negamax_right": {
        "en": "the same value as the reference on every tree tried",
        "ja": "試したすべての木で、お手本と同じ値を返しました",
    },
    "tree_value": {"en": "the value of this tree is {value}", "ja": "この木の値は {value} です"},
    "failure_returns": {
        "en": "fail-{failure} α-β returns {value}",
        "ja": "fail-{failure} のαβ法が返す値は {value} です",
    },
    "returned_instead": {
        "en": "{expected}, you returned {got}",
        "ja": "{expected}が、あなたの関数は {got} を返しました",
    },
    "with_window": {
        "en": "with the window {window} (the tree's value is {true}): {problem}",
        "ja": "探索窓 {window} のとき（この木の値は {true}）：{problem}",
    },
    "failure_rule_hard": {
        "en": "fail-hard α-β returns the bound it crossed (β on a cutoff, α when every child "
        "fails low)",
        "ja": "fail-hard のαβ法は超えた側の限界値を返します（カットしたときは β、"
        "すべての子が α 以下だったときは α）",
    },
    "failure_rule_soft": {
        "en": "fail-soft α-β returns the best value it saw, even beyond the window",
        "ja": "fail-soft のαβ法は、探索窓の外であっても、見つけた最善の値を返します",
    },
    "evaluated_extra": {
        "en": "you evaluated {names}, which α-β prunes",
        "ja": "あなたの関数は {names} を評価しましたが、αβ法はそこを枝刈りします",
    },
    "never_read": {
        "en": "you never read {names}, which α-β evaluates",
        "ja": "あなたの関数は {names} を読みませんでしたが、αβ法はそこを評価します",
    },
    "wrong_order": {
        "en": "you read the leaves in the order {reads}; α-β reads {evaluated}",
        "ja": "あなたの関数は葉を {reads} の順に読みましたが、αβ法は {evaluated} の順に読みます",
    },
    "alphabeta_right": {
        "en": "the right value and exactly α-β's leaves on every tree tried, with the full "
        "window and with windows where fail-{failure} values matter",
        "ja": "試したすべての木で、全範囲の探索窓でも fail-{failure} の値が問題になる探索窓でも、"
        "正しい値を返し、αβ法とまったく同じ葉を読みました",
    },
    # ---- short answers
    "no_answer": {
        "en": "no answer yet: replace ... or None with your answer",
        "ja": "まだ答えがありません：... や None をあなたの答えに書き換えてください",
    },
    "expected_statement": {
        "en": "expected a statement about the true value v, such as 'v <= 2', 'v = 2' or "
        "'v >= 2' (≤, ≥, ≦, ≧ and '2 >= v' are read too), got {answer}",
        "ja": "真の値 v についての式で答えてください。'v <= 2'、'v = 2'、'v >= 2' のように"
        "書きます（≤、≥、≦、≧ や '2 >= v' の形も読めます）。渡された答えは {answer} です",
    },
    "expected_number": {
        "en": "expected a number, got {answer}",
        "ja": "数で答えてください（{answer} が渡されました）",
    },
    "expected_word": {
        "en": "expected a word, got {answer}",
        "ja": "語で答えてください（{answer} が渡されました）",
    },
    "not_right": {"en": "{answer} is not right.{why}", "ja": "{answer} は正しくありません。{why}"},
    "explanation": {"en": " {explanation}", "ja": "{explanation}"},
    "not_quite": {"en": "not quite: {parts}.{why}", "ja": "惜しいです：{parts}。{why}"},
    "not_these": {"en": "not {names}", "ja": "{names} は違います"},
    "missing_count": {"en": "{count} missing", "ja": "{count} 個足りません"},
    "parts_separator": {"en": "; ", "ja": "。"},
}
"""Every sentence the checkers write, in English and Japanese (``str.format`` templates)."""


def _words(language: str | None) -> dict[str, str]:
    """The templates of :data:`WORDS` in ``language`` (None: the course-wide language)."""
    chosen = resolve(language)
    return {name: texts[chosen] for name, texts in WORDS.items()}


def _join(names: Iterable[str], language: str | None) -> str:
    """Names as a list in a sentence: ``"J, M"`` in English, ``"J、M"`` in Japanese."""
    return _words(language)["names_separator"].join(names)


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

    def describe(self, *, language: str | None = None) -> str:
        """The conventions in words, in ``language`` (None: the course-wide language)."""
        words = _words(language)
        direction = words["left_to_right" if self.order == "given" else "right_to_left"]
        rule = words["cut_on_reach" if self.cutoff == ">=" else "cut_on_pass"]
        return words["convention"].format(direction=direction, rule=rule, failure=self.failure)


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
        language: the language of the messages, for the verdict's first words ("Correct!",
            "正解です！"); None: the course-wide language when the feedback is shown.
    """

    correct: bool
    messages: list[str] = field(default_factory=list)
    counterexample: Tree | None = None
    language: str | None = None

    def __bool__(self) -> bool:
        return self.correct

    def head(self) -> str:
        """The verdict's first words: "Correct!" or "Not yet:" (in :attr:`language`)."""
        return _words(self.language)["correct" if self.correct else "not_yet"]

    def __str__(self) -> str:
        return "\n".join([self.head(), *(f"- {message}" for message in self.messages)])

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b3261e"
        head = self.head()
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
        leaves = _words(None)["leaf_count"].format(count=len(self.leaf_names))
        return f"PruningExercise(seed={self.seed}, {leaves}, {self.convention.describe()})"

    def question(self, *, language: str | None = None) -> str:
        """The task in words, with the tree as an outline."""
        convention = self.convention.describe(language=language)
        return (
            _words(language)["question"].format(convention=convention)
            + "\n\n"
            + self.tree.to_outline()
        )

    # ---- checking
    def check(self, answer: object, *, language: str | None = None) -> Feedback:
        """Check an answer; never raises.

        Args:
            answer: the pruned leaves as a set, list or string of names (an inner node's name
                stands for all the leaves below it; an empty set means "nothing is pruned"),
                or a mapping with ``"pruned"`` and/or ``"values"`` (node name → number).
            language: the language of the feedback (None: the course-wide language).

        A partial ``values`` mapping is accepted: only the values given are checked, and the
        feedback ends with a note naming the searched inner nodes left out (right or wrong).
        """
        chosen = resolve(language)
        pruned_part, values_part, problems = _split_answer(answer, chosen)
        if problems:
            return Feedback(False, problems, language=chosen)
        messages: list[str] = []
        if pruned_part is not None:
            messages += self._check_pruned(pruned_part, chosen)
        if values_part is not None:
            messages += self._check_values(values_part, chosen)
        notes = (
            self._unchecked_values(values_part, chosen) if isinstance(values_part, Mapping) else []
        )
        return Feedback(not messages, messages + notes, language=chosen)

    def _unchecked_values(self, given: Mapping[Any, object], language: Language) -> list[str]:
        """A note naming the searched inner nodes whose values the answer leaves out."""
        left_out = [
            name for name in self.nodes if name in self.solution.values and name not in given
        ]
        if not left_out:
            return []
        return [_words(language)["values_unchecked"].format(names=_join(left_out, language))]

    def _check_pruned(self, raw: object, language: Language) -> list[str]:
        words = _words(language)
        names, problems = _read_names(raw, words["what_pruned_leaves"], language)
        if problems:
            return problems
        unknown = [name for name in names if name not in self.nodes]
        if unknown:
            return [
                words["unknown_nodes"].format(
                    names=_join(map(repr, unknown), language),
                    leaves=_join(self.leaf_names, language),
                )
            ]
        marked = set()
        for name in names:
            marked |= {leaf.name for leaf in self.nodes[name].leaves()}
        messages = []
        for leaf in self.leaf_names:
            if leaf in marked and leaf not in self.solution.pruned:
                messages.append(self.explain_evaluated(leaf, language=language))
            elif leaf not in marked and leaf in self.solution.pruned:
                messages.append(self.explain_pruned(leaf, language=language))
        return messages

    def _check_values(self, raw: object, language: Language) -> list[str]:
        words = _words(language)
        if not isinstance(raw, Mapping):
            return [words["values_not_mapping"].format(kind=type(raw).__name__)]
        messages = []
        returned = self.trace.returned()
        for name, given in raw.items():
            if name not in self.nodes:
                messages.append(words["values_unknown"].format(name=repr(name)))
            elif self.nodes[name].is_leaf:
                messages.append(words["values_leaf"].format(name=name))
            elif name not in self.solution.values:
                messages.append(words["values_pruned"].format(name=name))
            elif not _is_number(given):
                messages.append(words["values_not_number"].format(name=name, given=repr(given)))
            elif given != self.solution.values[name]:
                value, bound = returned[name]
                messages.append(
                    words["values_wrong"].format(
                        name=name,
                        value=format_number(value),
                        given=format_number(given),
                        meaning=bound_meaning(value, bound, language=language),
                    )
                )
        return messages

    # ---- explanations, read off the trace
    def explain_pruned(self, leaf: str, *, language: str | None = None) -> str:
        """Why ``leaf`` is pruned: the cutoff that removed it, with its comparison.

        Raises:
            ValueError: ``leaf`` is not pruned.
        """
        for event in self.trace.events:
            if isinstance(event, Cutoff) and any(
                leaf in {node.name for node, _ in self.nodes[skipped].walk()}
                for skipped in event.skipped
            ):
                reason = self.cut_sentence(event, language=language)
                return _words(language)["pruned_because"].format(leaf=leaf, reason=reason)
        raise ValueError(f"{leaf} is not pruned")

    def cut_sentence(self, event: Cutoff, *, language: str | None = None) -> str:
        """A cutoff in words, from MAX's view: a β-cut at MAX's nodes, an α-cut at MIN's.

        The reason follows the rule in force: under ≥ the choice above is at least as good
        (a tie cuts), under > it is better (a tie does not cut)."""
        words = _words(language)
        comparison = self.convention.cutoff
        strict = "" if comparison == ">=" else "_strict"
        stops = _stops(event.node, event.skipped, language)
        if self._is_max(event.node):
            return words["cut_at_max" + strict].format(
                node=event.node,
                child=event.child,
                value=format_number(event.value),
                relation="≥" if comparison == ">=" else ">",
                beta=format_number(event.beta),
                stops=stops,
            )
        return words["cut_at_min" + strict].format(
            node=event.node,
            child=event.child,
            value=format_number(event.value),
            relation="≤" if comparison == ">=" else "<",
            alpha=format_number(event.alpha),
            stops=stops,
        )

    def explain_evaluated(self, leaf: str, *, language: str | None = None) -> str:
        """Why ``leaf`` is evaluated: its window when the search reached it was still open."""
        enter = next(e for e in self.trace.events if isinstance(e, Enter) and e.node == leaf)
        return _words(language)["evaluated_because"].format(
            leaf=leaf,
            order=self.solution.evaluated.index(leaf) + 1,
            window=format_window(enter.alpha, enter.beta),
        )

    def _is_max(self, name: str) -> bool:
        return self.trace.players[name] == self.trace.root_player


def _stops(node: str, skipped: Sequence[str], language: str | None) -> str:
    """The end of a cut sentence: the node stops, and which children the cut skips (none
    after the last child)."""
    words = _words(language)
    if not skipped:
        return words["stops_no_child"].format(node=node)
    template = words["stops_one" if len(skipped) == 1 else "stops_many"]
    return template.format(node=node, names=_join(skipped, language))


def _split_answer(
    answer: object, language: Language
) -> tuple[object | None, object | None, list[str]]:
    """Separate the pruned-leaves part and the values part of an answer."""
    words = _words(language)
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return None, None, [words["empty_answer"].format()]
    if isinstance(answer, Mapping):
        unknown = [key for key in answer if key not in ("pruned", "values")]
        if unknown:
            return None, None, [words["unexpected_keys"].format(keys=repr(unknown))]
        return answer.get("pruned"), answer.get("values"), []
    return answer, None, []


_RELATIONS: Final[Mapping[str, str]] = {
    "<=": "<=", "=<": "<=", "≤": "<=", "⩽": "<=", "≦": "<=",
    ">=": ">=", "=>": ">=", "≥": ">=", "⩾": ">=", "≧": ">=",
    "=": "=", "==": "=",
}  # fmt: skip
"""Every way of writing a relation the answer reader accepts, and what it means (≦ and ≧,
U+2266 and U+2267, are what a Japanese input method types for ≤ and ≥)."""

_REVERSED: Final[Mapping[str, str]] = {"<=": ">=", "=": "=", ">=": "<="}
"""A relation read from the number's side: "2 >= v" says v <= 2."""

_RELATION = "|".join(re.escape(text) for text in sorted(_RELATIONS, key=len, reverse=True))
_NUMBER_TEXT = r"[-−+]?\s*(?:\d+(?:\.\d*)?|\.\d+|∞|inf)"
_STATEMENT = re.compile(
    rf"^\s*(?:v|value)?\s*(?P<relation>{_RELATION})\s*(?P<number>{_NUMBER_TEXT})\s*$",
    re.IGNORECASE,
)
"""``v <= 2``, ``v ≦ 2``, ``<= 2`` (the v may be left out when it comes first)."""
_REVERSED_STATEMENT = re.compile(
    rf"^\s*(?P<number>{_NUMBER_TEXT})\s*(?P<relation>{_RELATION})\s*(?:v|value)\s*$",
    re.IGNORECASE,
)
"""``2 >= v``, ``2 ≧ v``: the number first, then the relation, then v (not to be left out)."""


def read_statement(text: str) -> tuple[str, float] | None:
    """Read a statement about the true value *v*: ``"v <= 2"``, ``"v ≤ 2"``, ``"v ≦ 2"``,
    ``"≤2"``, ``"<= 2"``, ``"v = −2"``, ``"v>=2"``, ``"v ≧ 2"``, or the same read from the
    number's side: ``"2 >= v"``, ``"2 ≥ v"``, ``"2 ≧ v"`` (all meaning v ≤ 2) …

    Full-width letters, digits and signs (``"ｖ＜＝２"``, as a Japanese input method may
    type them) are read as their ASCII forms (Unicode NFKC). The text is matched against
    this grammar, never evaluated.

    Returns:
        ``(relation, number)`` with the relation normalised to ``"<="``, ``"="`` or ``">="``
        as a statement "v relation number", or None when the text is not such a statement.

    >>> read_statement("v ≤ 2"), read_statement("<=2"), read_statement("v = −1")
    (('<=', 2.0), ('<=', 2.0), ('=', -1.0))
    >>> read_statement("v ≦ 2"), read_statement("2 >= v"), read_statement("2 ≧ v")
    (('<=', 2.0), ('<=', 2.0), ('<=', 2.0))
    >>> read_statement("v < 2") is None, read_statement("2 >=") is None
    (True, True)
    """
    text = unicodedata.normalize("NFKC", text)
    match = _STATEMENT.match(text)
    relations = _RELATIONS
    if match is None:
        match = _REVERSED_STATEMENT.match(text)
        relations = {written: _REVERSED[meaning] for written, meaning in _RELATIONS.items()}
    if match is None:
        return None
    number = re.sub(r"\s", "", match["number"]).replace("−", "-").replace("∞", "inf")
    return relations[match["relation"]], float(number)


def _read_names(raw: object, what: str, language: Language) -> tuple[list[str], list[str]]:
    """The node names of an answer, or the problem with its form (``what`` names the part)."""
    words = _words(language)
    if isinstance(raw, str):
        return [name for name in re.split(r"[\s,;、]+", raw.strip()) if name], []
    if isinstance(raw, Iterable) and not isinstance(raw, bytes | Mapping):
        items = list(raw)
        wrong = [item for item in items if not isinstance(item, str)]
        if wrong:
            return [], [words["names_not_strings"].format(what=what, wrong=repr(wrong))]
        return [str(item) for item in items], []
    return [], [words["names_wrong_type"].format(what=what, raw=repr(raw))]


def _is_number(value: object) -> TypeGuard[int | float]:
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


def _raised(error: Exception, language: Language) -> str:
    """The message for an exception raised by a student's function."""
    return _words(language)["raised"].format(error_type=type(error).__name__, error=error)


def check_negamax(
    function: Callable[[Any], float], *, trees: int = 8, language: str | None = None
) -> Feedback:
    """Check a student's negamax ``function(node) -> value`` on random trees, smallest first.

    The function gets a node whose leaf ``.value`` is from the view of the player to move at
    that leaf, and must return the root's negamax value. Exceptions in the student's code
    are reported, not raised. The feedback is in ``language`` (None: the course-wide one).
    """
    chosen = resolve(language)
    words = _words(chosen)
    for tree in _trees_smallest_first(trees):
        expected = negamax(tree).value
        try:
            got = function(CountingNode(tree, 0, [], mover_view=True))
        except Exception as error:  # the student's code may fail in any way
            return Feedback(False, [_raised(error, chosen)], tree, language=chosen)
        if not _is_number(got) or got != expected:
            message = words["negamax_wrong"].format(
                expected=format_number(expected), got=_shown(got)
            )
            return Feedback(False, [message], tree, language=chosen)
    return Feedback(True, [words["negamax_right"]], language=chosen)


def check_alphabeta(
    function: Callable[[Any, float, float], float],
    *,
    trees: int = 8,
    failure: Failure = "hard",
    language: str | None = None,
) -> Feedback:
    """Check a student's α-β ``function(node, alpha, beta) -> value`` (negamax form).

    Leaf values are from the player to move's view; children are searched left to right,
    cutting on value ≥ β. On every tree the function is called with the full window, where
    it must return the exact root value, and then with windows beside and around that value
    (:func:`_test_windows`), where fail-hard and fail-soft return different numbers: there it
    must return what the reference α-β of the given ``failure`` returns. Each time it must
    read exactly the leaves the reference evaluates, in order. The feedback is in
    ``language`` (None: the course-wide language).
    """
    chosen = resolve(language)
    words = _words(chosen)
    reference = alphabeta if failure == "hard" else alphabeta_failsoft
    for tree in _trees_smallest_first(trees):
        true = minimax(tree).value
        for alpha, beta in [(-INF, INF), *_test_windows(true)]:
            reads: list[str] = []
            try:
                got = function(CountingNode(tree, 0, reads, mover_view=True), alpha, beta)
            except Exception as error:  # the student's code may fail in any way
                return Feedback(False, [_raised(error, chosen)], tree, language=chosen)
            run = record(reference, tree, alpha=alpha, beta=beta)
            expected, evaluated = run.result, run.evaluated
            full = (alpha, beta) == (-INF, INF)
            value = format_number(expected.value)
            problems = _alphabeta_problems(
                got,
                words["tree_value"].format(value=value)
                if full
                else words["failure_returns"].format(failure=failure, value=value),
                _same_number(got, expected.value),
                list(dict.fromkeys(reads)),
                evaluated,
                chosen,
            )
            if problems and not full:
                problems[0] = words["with_window"].format(
                    window=format_window(alpha, beta),
                    true=format_number(true),
                    problem=problems[0],
                )
                if not _same_number(got, expected.value):
                    problems.append(words[f"failure_rule_{failure}"])
            if problems:
                return Feedback(False, problems, tree, language=chosen)
    return Feedback(True, [words["alphabeta_right"].format(failure=failure)], language=chosen)


def _test_windows(value: float) -> list[tuple[float, float]]:
    """Windows that fail low, fail high and hold ``value``, with room for a fail-soft value
    beyond the bound (so fail-hard and fail-soft answers differ on them)."""
    return [(value + 1, value + 4), (value - 4, value - 1), (value - 2, value + 2)]


def _shown(got: object) -> str:
    """What a student's function returned, as a message shows it: a number in the course's
    notation (``−8``, ``∞``), anything else as Python writes it (``None``, ``'3'``)."""
    return format_number(got) if _is_number(got) else repr(got)


def _same_number(got: object, expected: float) -> bool:
    return _is_number(got) and got == expected


def _alphabeta_problems(
    got: object,
    expected: str,
    right_value: bool,
    reads: list[str],
    evaluated: list[str],
    language: Language,
) -> list[str]:
    """What is wrong with one call: its value (``expected`` says what it should be), then
    the leaves it read."""
    words = _words(language)
    problems = []
    if not right_value:
        problems.append(words["returned_instead"].format(expected=expected, got=_shown(got)))
    if reads != evaluated:
        extra = [name for name in reads if name not in evaluated]
        missing = [name for name in evaluated if name not in reads]
        if extra:
            problems.append(words["evaluated_extra"].format(names=_join(extra, language)))
        if missing:
            problems.append(words["never_read"].format(names=_join(missing, language)))
        if not extra and not missing:
            problems.append(
                words["wrong_order"].format(reads=" ".join(reads), evaluated=" ".join(evaluated))
            )
    return problems


def check_answer(
    answer: object,
    expected: object,
    *,
    explanation: str | Mapping[str, str] = "",
    language: str | None = None,
) -> Feedback:
    """Check a short answer (a number, a word, or a set of names) against the computed one.

    Numbers compare by value (3 == 3.0), words without regard to case or spaces at the ends,
    collections as sets of strings. A statement about the true value (``expected`` such as
    ``"v <= 2"``) compares by meaning: the answer is read by :func:`read_statement`, so
    ``"v<=2"``, ``"v ≤ 2"``, ``"≤2"`` and ``"<= 2"`` all pass. A wrong or malformed answer
    gets a message, never an exception, in ``language`` (None: the course-wide language);
    ``explanation`` is added to a wrong answer's message: one text, or one per language
    (``{"en": ..., "ja": ...}``; a language it lacks gets the English text).
    """
    chosen = resolve(language)
    words = _words(chosen)
    if isinstance(explanation, Mapping):
        explanation = explanation.get(chosen, explanation.get("en", ""))
    why = words["explanation"].format(explanation=explanation) if explanation else ""

    def wrong(message: str) -> Feedback:
        return Feedback(False, [message], language=chosen)

    if answer is None or answer is Ellipsis:
        return wrong(words["no_answer"])
    statement = read_statement(expected) if isinstance(expected, str) else None
    if statement is not None:
        given = read_statement(answer) if isinstance(answer, str) else None
        if given is None:
            return wrong(words["expected_statement"].format(answer=repr(answer)))
        if given != statement:
            return wrong(words["not_right"].format(answer=repr(answer), why=why))
        return Feedback(True, language=chosen)
    if _is_number(expected):
        if not isinstance(answer, int | float) or not _is_number(answer):
            return wrong(words["expected_number"].format(answer=repr(answer)))
        if answer != expected:
            return wrong(words["not_right"].format(answer=format_number(answer), why=why))
        return Feedback(True, language=chosen)
    if isinstance(expected, str):
        if not isinstance(answer, str):
            return wrong(words["expected_word"].format(answer=repr(answer)))
        if answer.strip().lower() != expected.strip().lower():
            return wrong(words["not_right"].format(answer=repr(answer), why=why))
        return Feedback(True, language=chosen)
    if isinstance(expected, Iterable):
        names, problems = _read_names(answer, words["what_answer"], chosen)
        if problems:
            return Feedback(False, problems, language=chosen)
        wanted = {str(item) for item in expected}
        if set(names) != wanted:
            extra = sorted(set(names) - wanted)
            missing = sorted(wanted - set(names))
            parts = []
            if extra:
                parts.append(words["not_these"].format(names=_join(extra, chosen)))
            if missing:
                parts.append(words["missing_count"].format(count=len(missing)))
            return wrong(
                words["not_quite"].format(parts=words["parts_separator"].join(parts), why=why)
            )
        return Feedback(True, language=chosen)
    raise TypeError(f"check_answer cannot compare with {expected!r}")
