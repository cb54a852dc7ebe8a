"""The ordering experiment: the same tree searched with its children best first, in random
order and worst first, against the Knuth–Moore minimal tree.

α-β's work depends only on the order it meets the moves in. On a uniform tree of branching
``b`` and depth ``d``, the best order evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves (Knuth and
Moore, 1975): about the square root of minimax's b^d. Because the exponents are ⌈d/2⌉ and
⌊d/2⌋, one more ply costs alternately about (b + 1)/2 and 2b/(b + 1) times as much: the
odd–even effect.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from gamelib.language import Language, resolve
from gamelib.search.alphabeta import alphabeta
from gamelib.search.common import SearchResult
from gamelib.search.rules import Cutoff, alphabeta_by_rules
from gamelib.tables import html_table
from gamelib.trees import Tree, random_tree


def minimal_tree_leaves(branching: int, depth: int) -> int:
    """Knuth–Moore: the leaves α-β evaluates on a uniform tree searched best move first,
    b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (every α-β must evaluate at least these to prove the value)."""
    if branching < 1 or depth < 0:
        raise ValueError(f"need branching ≥ 1 and depth ≥ 0, not {branching} and {depth}")
    deeper: int = branching ** ((depth + 1) // 2)
    shallower: int = branching ** (depth // 2)
    return deeper + shallower - 1


def _arranged(tree: Tree, ply: int, best_first: bool) -> tuple[Tree, float]:
    """The tree with every node's children sorted, and its minimax value from MAX's view."""
    if tree.is_leaf:
        return tree, tree.value_for_max(ply)
    arranged = [_arranged(child, ply + 1, best_first) for child in tree.children]
    maximizing = ply % 2 == 0  # MAX moves at even plies
    # best first for the player to move: MAX wants high values first, MIN low values first
    arranged.sort(key=lambda pair: pair[1], reverse=maximizing == best_first)
    values = [value for _, value in arranged]
    value = max(values) if maximizing else min(values)
    children = tuple(child for child, _ in arranged)
    return Tree(tree.name, children, move=tree.move, perspective=tree.perspective), value


def best_first(tree: Tree) -> Tree:
    """The same tree with every node's children sorted best first for the player to move
    there (ties keep their order): perfect move ordering."""
    return _arranged(tree, 0, best_first=True)[0]


def worst_first(tree: Tree) -> Tree:
    """The same tree with every node's children sorted worst first for the player to move."""
    return _arranged(tree, 0, best_first=False)[0]


def shuffled(tree: Tree, seed: int) -> Tree:
    """The same tree with every node's children in a random order (reproducible by seed)."""
    generator = random.Random(seed)

    def shuffle(node: Tree) -> Tree:
        if node.is_leaf:
            return node
        children = [shuffle(child) for child in node.children]
        generator.shuffle(children)
        return Tree(node.name, tuple(children), move=node.move, perspective=node.perspective)

    return shuffle(tree)


def worst_first_cuts(
    depth: int,
    branching: int,
    trees: int,
    *,
    low: int = -9,
    high: int = 9,
    cutoff: Cutoff = ">=",
) -> list[int]:
    """The seeds (of ``range(trees)``) whose random tree (:func:`~gamelib.trees.random_tree`,
    leaf values ``low``…``high``), searched worst first by fail-hard α-β with the ``cutoff``
    rule, evaluates fewer than b^d leaves: the trees on which worst first prunes something.

    Guarantee: a seed is listed exactly when the search skips at least one leaf. With few
    leaf values, ties are common; under ``">="`` a child equal to β cuts, so worst first can
    prune at depth 2 and 3 where, without ties (or under ``">"``), it prunes nothing.
    """
    return [
        seed
        for seed in range(trees)
        if alphabeta_by_rules(
            worst_first(random_tree(seed, depth, branching, low, high)), cutoff=cutoff
        ).stats.leaves
        < branching**depth
    ]


@dataclass(frozen=True)
class OrderingRow:
    """α-β's evaluations at one depth, averaged over the sample trees.

    Attributes:
        depth, branching: the shape of the uniform trees.
        minimax: b^d, what minimax evaluates.
        minimal: the Knuth–Moore minimal tree.
        best, random, worst: mean evaluations with best-first, shuffled and worst-first
            children.
    """

    depth: int
    branching: int
    minimax: int
    minimal: int
    best: float
    random: float
    worst: float


ORDERING_COLUMNS = (
    "depth",
    "branching",
    "minimax",
    "minimal",
    "best first",
    "random",
    "worst first",
)
"""The columns of the ordering experiment's table."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "depth": {"en": "depth", "ja": "深さ"},
    "branching": {"en": "branching", "ja": "分岐数"},
    "minimax": {"en": "minimax", "ja": "ミニマックス法"},
    "minimal": {"en": "minimal", "ja": "最小木"},
    "best first": {"en": "best first", "ja": "最善手から"},
    "random": {"en": "random", "ja": "ランダム"},
    "worst first": {"en": "worst first", "ja": "最悪手から"},
}
"""The headers of the ordering experiment's table (:data:`ORDERING_COLUMNS`), in English and
Japanese."""


class OrderingRows(list[OrderingRow]):
    """The rows of :func:`ordering_experiment`: a plain list of :class:`OrderingRow` that a
    notebook shows as an HTML table (means to one decimal, counts with thousands separators)."""

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, *, language: str | None = None) -> str:
        """The HTML table, headers in ``language`` (None: the course-wide setting)."""
        header = {column: WORDS[column][resolve(language)] for column in ORDERING_COLUMNS}
        cells = [
            {
                header["depth"]: str(row.depth),
                header["branching"]: str(row.branching),
                header["minimax"]: f"{row.minimax:,}",
                header["minimal"]: f"{row.minimal:,}",
                header["best first"]: f"{row.best:,.1f}",
                header["random"]: f"{row.random:,.1f}",
                header["worst first"]: f"{row.worst:,.1f}",
            }
            for row in self
        ]
        columns = list(header.values())
        return html_table(columns, cells, columns)


def ordering_experiment(
    branching: int,
    depths: Sequence[int],
    samples: int,
    seed: int,
    search: Callable[..., SearchResult] = alphabeta,
) -> OrderingRows:
    """Search ``samples`` random uniform trees per depth (seeded; leaf values drawn from
    −1000…1000) in the three orders and average the leaves ``search`` evaluates.

    Returns:
        One row per depth, in a list that a notebook shows as a table.
    """
    rows = OrderingRows()
    for depth in depths:
        counts: dict[str, list[int]] = {"best": [], "random": [], "worst": []}
        for sample in range(samples):
            tree = random_tree(seed + 7919 * sample + depth, depth, branching, -1000, 1000)
            counts["best"].append(search(best_first(tree)).stats.leaves)
            counts["random"].append(search(shuffled(tree, seed + sample)).stats.leaves)
            counts["worst"].append(search(worst_first(tree)).stats.leaves)
        rows.append(
            OrderingRow(
                depth,
                branching,
                branching**depth,
                minimal_tree_leaves(branching, depth),
                statistics.fmean(counts["best"]),
                statistics.fmean(counts["random"]),
                statistics.fmean(counts["worst"]),
            )
        )
    return rows
