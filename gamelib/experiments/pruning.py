"""The experiments of the pruning notebooks (03 α-β, 04 fail-soft), so the notebooks show results.

* :func:`deep_cutoffs` and :func:`find_deep_cutoff`: cutoffs whose bound was set by an ancestor
  3, 5, … levels up, which one-bound nega-alpha cannot make;
* :func:`distinct_random_tree` and :func:`worst_first_pruning`: does worst-first order prune?
* :func:`check_guarantees`: the table of what fail-hard and fail-soft values prove, checked;
* :func:`compare_leaves`: how many leaves fail-soft saves over fail-hard, under one cutoff rule;
* :func:`window_table`, :func:`returned_table`, :func:`leaves_table`: tables for the notebooks;
* :func:`plot_ordering`: the ordering experiment on a log scale (a :class:`~gamelib.charts.Chart`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from gamelib.charts import Chart
from gamelib.core import Bound
from gamelib.language import Language, words
from gamelib.notation import format_number, format_window
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, nega_alpha
from gamelib.search.common import SearchResult
from gamelib.search.rules import Cutoff as Rule
from gamelib.search.rules import alphabeta_by_rules
from gamelib.tables import html_table, text_table
from gamelib.trace import Cutoff, Trace, record, replay
from gamelib.trees import Tree, random_tree

if TYPE_CHECKING:
    from gamelib.experiments.tree_orders import OrderingRow

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # plot_ordering
    "title": {
        "en": "The order of the moves decides how much α-β prunes",
        "ja": "αβ法がどれだけ枝刈りするかは手の順序で決まる",
    },
    "x": {"en": "depth d", "ja": "深さ d"},
    "y": {"en": "leaves evaluated (log scale)", "ja": "評価した葉の数（対数目盛り）"},
    "minimax": {"en": "minimax: bᵈ", "ja": "ミニマックス法：bᵈ"},
    "random": {"en": "α-β, random order", "ja": "αβ法、ランダムな順序"},
    "best": {"en": "α-β, best first", "ja": "αβ法、最善手から"},
    "minimal": {
        "en": "Knuth–Moore: b^⌈d/2⌉ + b^⌊d/2⌋ − 1",
        "ja": "Knuth–Moore の式：b^⌈d/2⌉ + b^⌊d/2⌋ − 1",
    },
    # deep cutoffs
    "deep cutoff, parent empty": {
        "en": "At {node} ({role}), {child} returned {value} {sign} = {bound}: α-β cuts, "
        "{skipped} is pruned. The bound is the value {source} already has, {levels} levels up; "
        "the parent {parent} has nothing yet, so one-bound nega-alpha cannot cut here.",
        "ja": "{node}（{role}）で {child} が返した値は {value} {sign} = {bound} です。αβ法は"
        "ここでカットし、{skipped} は枝刈りされます。この限界値は、{levels} 段上の {source} "
        "がすでに持っている値です。親の {parent} はまだ値を持っていないので、限界値一つの"
        "ネガアルファ法はここではカットできません。",
    },
    "deep cutoff, parent has": {
        "en": "At {node} ({role}), {child} returned {value} {sign} = {bound}: α-β cuts, "
        "{skipped} is pruned. The bound is the value {source} already has, {levels} levels up; "
        "the parent {parent} has {has}, so one-bound nega-alpha cannot cut here.",
        "ja": "{node}（{role}）で {child} が返した値は {value} {sign} = {bound} です。αβ法は"
        "ここでカットし、{skipped} は枝刈りされます。この限界値は、{levels} 段上の {source} "
        "がすでに持っている値です。親の {parent} の値はまだ {has} なので、限界値一つの"
        "ネガアルファ法はここではカットできません。",
    },
    "separator": {"en": ", ", "ja": "、"},
    # the guarantee check's kinds of result
    "fail low": {"en": "fail low", "ja": "fail low（値 ≤ α）"},
    "exact": {"en": "exact", "ja": "正確な値（α < 値 < β）"},
    "fail high": {"en": "fail high", "ja": "fail high（値 ≥ β）"},
    # tables
    "column: node": {"en": "node", "ja": "ノード"},
    "column: fail-hard returns": {"en": "fail-hard returns", "ja": "fail-hard が返す値"},
    "column: fail-soft returns": {"en": "fail-soft returns", "ja": "fail-soft が返す値"},
    "exactly": {"en": "exactly {value}", "ja": "ちょうど {value}"},
    "at most": {"en": "at most {value}", "ja": "{value} 以下"},
    "at least": {"en": "at least {value}", "ja": "{value} 以上"},
    "column: window": {"en": "window", "ja": "探索窓"},
    "column: returns": {"en": "returns", "ja": "返す値"},
    "column: which says": {"en": "which says", "ja": "真の値 v について分かること"},
    "column: leaves": {"en": "leaves", "ja": "評価した葉"},
    "column: minimax": {"en": "minimax", "ja": "ミニマックス法"},
    "column: one bound": {"en": "one bound", "ja": "限界値一つ"},
    "column: two, fail-hard": {"en": "two, fail-hard", "ja": "二つ、fail-hard"},
    "column: two, fail-soft": {"en": "two, fail-soft", "ja": "二つ、fail-soft"},
    "column: two, best first": {"en": "two, best first", "ja": "二つ、最善手から"},
    "column: to move": {"en": "to move", "ja": "手番"},
    "column: MAX view": {"en": "MAX view", "ja": "MAX の視点"},
    "column: mover view": {"en": "mover view", "ja": "手番側の視点"},
}
"""Every word this module writes, in English and Japanese (``str.format`` templates): the
chart's labels, the deep cutoffs' sentences, the kinds of result and the tables' headers."""


def _headers(columns: Sequence[str], language: str | None) -> tuple[str, ...]:
    """The headings of ``columns`` in ``language`` (a letter such as "b" stays)."""
    return tuple(
        words(WORDS[f"column: {column}"], language) if f"column: {column}" in WORDS else column
        for column in columns
    )


@dataclass(frozen=True)
class Table:
    """Rows of text cells that print as a text table and show as HTML in a notebook.

    Attributes:
        columns: the column names, in order (code looks cells up by them).
        rows: one mapping column → cell text per row.
        numeric: the columns to right-align.
        headers: the headings shown, one per column, in the reader's language (empty: the
            column names themselves).
    """

    columns: tuple[str, ...]
    rows: tuple[dict[str, str], ...]
    numeric: frozenset[str] = frozenset()
    headers: tuple[str, ...] = ()

    def _shown(self) -> tuple[tuple[str, ...], list[dict[str, str]], set[str]]:
        """The headings, the rows keyed by them, and the numeric headings."""
        headers = self.headers or self.columns
        named = dict(zip(self.columns, headers, strict=True))
        rows = [{named[column]: row[column] for column in self.columns} for row in self.rows]
        return headers, rows, {named[column] for column in self.numeric}

    def __str__(self) -> str:
        return text_table(*self._shown())

    def _repr_html_(self) -> str:
        return html_table(*self._shown())


# --------------------------------------------------------------------------- deep cutoffs


@dataclass(frozen=True)
class DeepCutoff:
    """A cutoff of two-bound α-β whose bound came from an ancestor 3, 5, … levels up.

    Attributes:
        node: the node that cuts; ``role`` is ``"MAX"`` or ``"MIN"``.
        child: the child whose value caused the cut; ``value`` that value (MAX's view).
        bound: the bound it crossed (α at a MIN node, β at a MAX node; MAX's view).
        source: the nearest ancestor already holding ``bound`` as its value so far.
        levels_up: how many levels above ``node`` that ancestor is (odd, ≥ 3).
        parent: the node's parent; ``parent_value`` its value so far (None: nothing yet).
        skipped: the children of ``node`` never searched.
    """

    node: str
    role: str
    child: str
    value: float
    bound: float
    source: str
    levels_up: int
    parent: str
    parent_value: float | None
    skipped: tuple[str, ...]

    def __str__(self) -> str:
        return self.describe()

    def describe(self, *, language: str | None = None) -> str:
        """The cutoff in a sentence, in ``language`` (None: the course-wide setting)."""
        empty = self.parent_value is None
        template = words(
            WORDS["deep cutoff, parent empty" if empty else "deep cutoff, parent has"], language
        )
        return template.format(
            node=self.node,
            role=self.role,
            child=self.child,
            value=format_number(self.value),
            sign="≤ α" if self.role == "MIN" else "≥ β",
            bound=format_number(self.bound),
            skipped=words(WORDS["separator"], language).join(self.skipped),
            source=self.source,
            levels=self.levels_up,
            parent=self.parent,
            has="" if self.parent_value is None else format_number(self.parent_value),
        )


def deep_cutoffs(trace: Trace) -> list[DeepCutoff]:
    """The cutoffs of ``trace`` (a two-bound search) whose bound an ancestor ≥ 3 levels up set.

    The bound a node cuts on is the best value of an ancestor of the other side: its parent
    (1 level up: a shallow cutoff, the only kind one bound can make) or one 3, 5, … levels up.
    Cutoffs at a node's last child (nothing skipped) are left out.
    """
    found = []
    for step, event in enumerate(trace.events, start=1):
        if not isinstance(event, Cutoff) or not event.skipped:
            continue
        before = replay(trace, step - 1)
        path = before.path  # the open nodes, root first, ending at the cutting node
        is_min = trace.players[event.node] != trace.root_player
        bound = event.alpha if is_min else event.beta
        sources = [
            (len(path) - 1 - index, name)
            for index, name in enumerate(path[:-1])
            if before.nodes[name].value == bound
            and (trace.players[name] == trace.root_player) == is_min
        ]
        if not sources:
            continue
        levels_up, source = min(sources)
        if levels_up >= 3:
            found.append(
                DeepCutoff(
                    node=event.node,
                    role="MIN" if is_min else "MAX",
                    child=event.child,
                    value=event.value,
                    bound=bound,
                    source=source,
                    levels_up=levels_up,
                    parent=path[-2],
                    parent_value=before.nodes[path[-2]].value,
                    skipped=event.skipped,
                )
            )
    return found


def distinct_random_tree(
    seed: int, depth: int, branching: int | tuple[int, int], low: int = -9, high: int = 9
) -> Tree | None:
    """``random_tree(seed, depth, branching, low, high)`` if its leaf values are all distinct,
    else None (so no comparison in a search can be a tie between two leaves)."""
    tree = random_tree(seed, depth, branching, low, high)
    values = [leaf.value for leaf in tree.leaves()]
    return tree if len(set(values)) == len(values) else None


def find_deep_cutoff(
    seeds: Iterable[int], depth: int = 4, branching: int | tuple[int, int] = (1, 2)
) -> tuple[int, Tree]:
    """The first seed whose tree (distinct leaf values −9…9, at least six leaves) has a deep
    cutoff that does not rest on a tie: the cutting value is strictly past the bound, so the
    same leaves are pruned under the strict rule (cut on ``>``) too.

    Raises:
        ValueError: if no seed gives such a tree.
    """
    for seed in seeds:
        tree = distinct_random_tree(seed, depth, branching)
        if tree is None or len(tree.leaves()) < 6:
            continue
        cuts = deep_cutoffs(record(alphabeta, tree))
        strict = set(record(alphabeta_by_rules, tree, cutoff=">").pruned)
        if any(cut.value != cut.bound and set(cut.skipped) <= strict for cut in cuts):
            return seed, tree
    raise ValueError("no seed gives a tree with a deep cutoff past its bound")


def worst_first_pruning(
    depths: Iterable[int], branchings: Iterable[int], seeds: int = 200
) -> list[tuple[int, int, int, int]]:
    """For every (depth, branching): how many random trees with distinct leaf values
    (values −10⁹…10⁹, the first ``seeds`` seeds) there are, and on how many α-β prunes
    something with every node's children searched worst first.

    Returns:
        ``(depth, branching, trees, trees with pruning)`` per size.
    """
    from gamelib.experiments.tree_orders import worst_first

    rows = []
    for depth in depths:
        for branching in branchings:
            trees = [
                distinct_random_tree(seed, depth, branching, -(10**9), 10**9)
                for seed in range(seeds)
            ]
            tested = [tree for tree in trees if tree is not None]
            pruning = sum(
                alphabeta(worst_first(tree)).stats.leaves < branching**depth for tree in tested
            )
            rows.append((depth, branching, len(tested), pruning))
    return rows


def plot_ordering(rows: Sequence[OrderingRow], *, language: str | None = None) -> Chart:
    """α-β's leaves against depth on a log scale, one panel per branching (sharing the y
    axis): minimax's b^d, random order, best first measured, and the Knuth–Moore count.

    Raises:
        ValueError: if ``rows`` is empty.
    """
    if not rows:
        raise ValueError("plot_ordering needs at least one row")
    branchings = sorted({row.branching for row in rows})
    chart = Chart(
        title=words(WORDS["title"], language),
        y_label=words(WORDS["y"], language),
        y_scale="log",
        size=(13 * 96, 3.8 * 96),
    )
    for branching in branchings:
        mine = [row for row in rows if row.branching == branching]
        depths = [row.depth for row in mine]
        panel = chart.panel(title=f"b = {branching}", x_label=words(WORDS["x"], language))
        panel.line(depths, [row.minimax for row in mine], label=words(WORDS["minimax"], language))
        panel.line(
            depths, [row.random for row in mine], marker="square",
            label=words(WORDS["random"], language),
        )  # fmt: skip
        panel.line(
            depths, [row.best for row in mine], marker="triangle",
            label=words(WORDS["best"], language),
        )  # fmt: skip
        panel.line(
            depths, [row.minimal for row in mine], marker=None, line="dotted", colour="black",
            width=2.5, label=words(WORDS["minimal"], language),
        )  # fmt: skip
    return chart


# --------------------------------------------------------------------------- fail-soft


class KindCounts(dict[str, int]):
    """Counts by kind of result (keys ``"fail low"``, ``"exact"``, ``"fail high"``: code looks
    them up by these names); printed, the kinds are written in the course-wide language.

    >>> counts = KindCounts({"fail low": 2, "exact": 1})
    >>> counts, counts.describe(language="ja")
    ({'fail low': 2, 'exact': 1}, "{'fail low（値 ≤ α）': 2, '正確な値（α < 値 < β）': 1}")
    """

    def describe(self, *, language: str | None = None) -> str:
        """The counts as a dict is written, the kinds in ``language`` (None: the course-wide
        setting)."""
        return repr({words(WORDS[kind], language) if kind in WORDS else kind: count
                     for kind, count in self.items()})  # fmt: skip

    def __repr__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class GuaranteeCheck:
    """The guarantees of fail-hard and fail-soft values, checked on random trees and windows.

    Attributes:
        trials: trees tried (each with its own random window).
        counts: fail-soft results per kind: ``"fail low"``, ``"exact"``, ``"fail high"`` (a
            :class:`KindCounts`: printed, its kinds are in the course-wide language).
        violations: (which guarantee, trial) for every violation found.
        same_leaves: trials where both evaluated the same leaves in the same order (≥ rule).
    """

    trials: int
    counts: KindCounts
    violations: list[tuple[str, int]]
    same_leaves: int


def check_guarantees(trials: int = 3000, seed: int = 4) -> GuaranteeCheck:
    """Search random trees (depth 1–5, 1–4 children) with random integer windows inside
    −10…10 using fail-hard and fail-soft α-β (cut on ≥), and check each line of the table:

    * fail-hard's r lies in [α, β]; r ≤ α proves v ≤ α, r ≥ β proves v ≥ β, else v = r;
    * fail-soft's r ≤ α proves v ≤ r ≤ fail-hard's; r ≥ β proves v ≥ r ≥ fail-hard's; else
      v = r.
    """
    generator = random.Random(seed)
    counts = KindCounts({"fail low": 0, "exact": 0, "fail high": 0})
    violations: list[tuple[str, int]] = []
    same_leaves = 0
    for trial in range(trials):
        tree = random_tree(trial, depth=1 + trial % 5, branching=(1, 4))
        alpha = generator.randint(-10, 9)
        beta = generator.randint(alpha + 1, 10)
        true = minimax(tree).value
        hard = record(alphabeta, tree, alpha=alpha, beta=beta)
        soft = record(alphabeta_failsoft, tree, alpha=alpha, beta=beta)
        same_leaves += hard.evaluated == soft.evaluated
        hard_value, soft_value = hard.result.value, soft.result.value
        if not alpha <= hard_value <= beta:
            violations.append(("fail-hard outside the window", trial))
        if (
            (hard_value <= alpha and not true <= alpha)
            or (hard_value >= beta and not true >= beta)
            or (alpha < hard_value < beta and true != hard_value)
        ):
            violations.append(("fail-hard guarantee", trial))
        if soft_value <= alpha:
            counts["fail low"] += 1
            holds = true <= soft_value <= hard_value
        elif soft_value >= beta:
            counts["fail high"] += 1
            holds = true >= soft_value >= hard_value
        else:
            counts["exact"] += 1
            holds = true == soft_value == hard_value
        if not holds:
            violations.append(("fail-soft guarantee", trial))
    return GuaranteeCheck(trials, counts, violations, same_leaves)


@dataclass(frozen=True)
class LeafComparison:
    """Leaves fail-soft evaluates compared with fail-hard's, tree by tree, under one rule.

    Attributes:
        rule: the cutoff rule, ``">="`` or ``">"``.
        trees: trees compared.
        fewer, same, more: trees on which fail-soft evaluated fewer, as many, more leaves.
        saved: leaves saved in all (fail-hard's total minus fail-soft's).
    """

    rule: Rule
    trees: int
    fewer: int
    same: int
    more: int
    saved: int


def compare_leaves(
    rule: Rule, trees: int = 2000, depth: int = 3, branching: int | tuple[int, int] = 3
) -> LeafComparison:
    """Fail-hard and fail-soft α-β (left to right, cutting by ``rule``) on the random trees of
    seeds 0 … ``trees`` − 1 (leaf values −9…9), counting where fail-soft evaluates fewer."""
    fewer = same = more = saved = 0
    for seed in range(trees):
        tree = random_tree(seed, depth, branching)
        hard = alphabeta_by_rules(tree, cutoff=rule, failure="hard").stats.leaves
        soft = alphabeta_by_rules(tree, cutoff=rule, failure="soft").stats.leaves
        fewer, same, more = fewer + (soft < hard), same + (soft == hard), more + (soft > hard)
        saved += hard - soft
    return LeafComparison(rule, trees, fewer, same, more, saved)


_BOUND_WORDS = {Bound.EXACT: "exactly", Bound.UPPER: "at most", Bound.LOWER: "at least"}
"""The :data:`WORDS` entry of each kind of bound."""


def returned_table(hard: Trace, soft: Trace, *, language: str | None = None) -> Table:
    """What each inner node returned in a fail-hard and a fail-soft trace of the same tree
    (MAX's view), with what the number proves: "exactly", "at most" or "at least" (in
    ``language``; None: the course-wide setting)."""
    returned_hard, returned_soft = hard.returned(), soft.returned()
    inner = set(hard.players) - set(hard.evaluated) - set(hard.pruned)
    rows = []
    for name, (value, bound) in returned_hard.items():
        if name not in inner or name not in returned_soft:
            continue
        soft_value, soft_bound = returned_soft[name]
        rows.append(
            {
                "node": name,
                "fail-hard returns": words(WORDS[_BOUND_WORDS[Bound(bound)]], language).format(
                    value=format_number(value)
                ),
                "fail-soft returns": words(WORDS[_BOUND_WORDS[Bound(soft_bound)]], language).format(
                    value=format_number(soft_value)
                ),
            }
        )
    columns = ("node", "fail-hard returns", "fail-soft returns")
    return Table(columns, tuple(rows), frozenset(columns[1:]), _headers(columns, language))


def window_table(
    tree: Tree,
    windows: Iterable[tuple[float, float]],
    search: Callable[..., SearchResult] = alphabeta_failsoft,
    *,
    language: str | None = None,
) -> Table:
    """``search`` on ``tree`` with each window: what it returns, what that says about the
    true value v, and how many leaves it evaluated (headers in ``language``; None: the
    course-wide setting)."""
    rows = []
    for alpha, beta in windows:
        result = search(tree, alpha=alpha, beta=beta)
        value = result.value
        relation = "≤" if value <= alpha else "≥" if value >= beta else "="
        rows.append(
            {
                "window": format_window(alpha, beta),
                "returns": format_number(value),
                "which says": f"v {relation} {format_number(value)}",
                "leaves": str(result.stats.leaves),
            }
        )
    columns = ("window", "returns", "which says", "leaves")
    return Table(columns, tuple(rows), frozenset({"leaves"}), _headers(columns, language))


LEAF_COLUMNS = ("minimax", "one bound", "two, fail-hard", "two, fail-soft", "two, best first")
"""The searches :func:`leaves_table` compares, in its column order."""


def leaves_table(
    sizes: Iterable[tuple[int, int]],
    samples: int = 20,
    first_seed: int = 1000,
    *,
    language: str | None = None,
) -> tuple[Table, int, int]:
    """The mean leaves evaluated per search (:data:`LEAF_COLUMNS`; all cut on ≥, left to right
    unless best first) on ``samples`` random trees per (branching, depth); headers in
    ``language`` (None: the course-wide setting).

    Returns:
        The table, and on how many of how many trees fail-soft evaluated exactly the leaves
        fail-hard evaluated, in the same order.
    """
    from gamelib.experiments.tree_orders import best_first

    rows = []
    identical = tried = 0
    for branching, depth in sizes:
        totals = dict.fromkeys(LEAF_COLUMNS, 0)
        for seed in range(first_seed, first_seed + samples):
            tree = random_tree(seed, depth, branching)
            hard, soft = record(alphabeta, tree), record(alphabeta_failsoft, tree)
            totals["minimax"] += branching**depth
            totals["one bound"] += nega_alpha(tree).stats.leaves
            totals["two, fail-hard"] += len(hard.evaluated)
            totals["two, fail-soft"] += len(soft.evaluated)
            totals["two, best first"] += alphabeta(best_first(tree)).stats.leaves
            identical, tried = identical + (hard.evaluated == soft.evaluated), tried + 1
        cells = {column: f"{totals[column] / samples:.1f}" for column in LEAF_COLUMNS}
        rows.append({"b": str(branching), "d": str(depth), **cells})
    columns = ("b", "d", *LEAF_COLUMNS)
    shown = Table(columns, tuple(rows), frozenset(columns), _headers(columns, language))
    return shown, identical, tried


def windows_table(trace: Trace, *, language: str | None = None) -> Table:
    """Every window of ``trace`` as it is set or changed, in MAX's view and in the mover view
    (where a MIN node's window is MAX's negated and swapped: (−β, −α)); headers in
    ``language`` (None: the course-wide setting)."""
    rows = tuple(
        {
            "node": name,
            "to move": "MAX" if trace.players[name] == trace.root_player else "MIN",
            "MAX view": format_window(alpha, beta),
            "mover view": format_window(mover_alpha, mover_beta),
        }
        for (name, alpha, beta), (_, mover_alpha, mover_beta) in zip(
            trace.windows("max"), trace.windows("mover"), strict=True
        )
    )
    columns = ("node", "to move", "MAX view", "mover view")
    return Table(columns, rows, headers=_headers(columns, language))
