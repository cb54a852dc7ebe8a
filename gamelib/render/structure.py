"""The shape of a tree as a drawing knows it, and its collapsed skeleton.

A :class:`Structure` is the whole tree as far as a trace (or a bare tree) knows it; a
:class:`Skeleton` is the part that is drawn. Large trees (game searches, whose nodes are named
by move paths such as ``"f5 d6"``) are collapsed: below ``max_depth`` plies a node shows how
many nodes are hidden under it (``▾12``) and past ``max_children`` children the rest of a
node's children become one ``+N more`` node.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from gamelib.core import Player
from gamelib.trace import ROOT_NAME, Cutoff, Enter, Trace
from gamelib.trees import Tree

AUTO_LIMIT = 150
"""Trees with more nodes than this are collapsed unless limits are given."""

AUTO_MAX_DEPTH = 3
"""The plies shown below the root of a collapsed tree."""

AUTO_MAX_CHILDREN = 3
"""The children shown per node of a collapsed tree (the rest become ``+N more``)."""


# --------------------------------------------------------------------------- the shape drawn


@dataclass(frozen=True)
class Structure:
    """The whole tree as far as a trace (or a bare tree) knows it.

    Attributes:
        root: the root's name.
        children: each node's children, in the order the search tried them (for a game,
            entered children first, then the skipped ones).
        players: the player to move at each node.
        titles: what a node is labelled with (its name in a tree, its move in a game).
        moves: move labels to write on edges (only trees with explicit ``[label]`` moves).
        leaf_values: a tree's leaf values, MAX's view (a game's leaves are unknown).
        root_player: the player at the root (MAX).
    """

    root: str
    children: Mapping[str, tuple[str, ...]]
    players: Mapping[str, Player]
    titles: Mapping[str, str]
    moves: Mapping[str, str]
    leaf_values: Mapping[str, float]
    root_player: Player

    def walk(self, name: str | None = None) -> Iterator[tuple[str, int]]:
        """Every node under ``name`` (default: the root) with its ply, depth first."""
        stack = [(self.root if name is None else name, 0)]
        while stack:
            node, ply = stack.pop()
            yield node, ply
            stack.extend((child, ply + 1) for child in reversed(self.children.get(node, ())))

    def subtree(self, name: str) -> list[str]:
        """The names of ``name`` and all its descendants."""
        return [node for node, _ in self.walk(name)]


def tree_structure(tree: Tree, root_player: Player = 0) -> Structure:
    """The structure of a bare tree (MAX moves at even plies)."""
    children: dict[str, tuple[str, ...]] = {}
    players: dict[str, Player] = {}
    moves: dict[str, str] = {}
    values: dict[str, float] = {}
    for node, ply in tree.walk():
        children[node.name] = tuple(child.name for child in node.children)
        players[node.name] = root_player if ply % 2 == 0 else 1 - root_player
        if node.move is not None and ply > 0:
            moves[node.name] = node.move
        if node.is_leaf:
            values[node.name] = node.value_for_max(ply)
    titles = {name: name for name in children}
    return Structure(tree.name, children, players, titles, moves, values, root_player)


def trace_structure(trace: Trace) -> Structure:
    """The structure a trace knows: its tree, or for a game the nodes entered and skipped."""
    if trace.tree is not None:
        return tree_structure(trace.tree, trace.root_player)
    children: dict[str, list[str]] = {}
    players: dict[str, Player] = {}
    titles: dict[str, str] = {}
    root = ROOT_NAME
    for event in trace.events:
        if isinstance(event, Enter):
            players[event.node] = event.player
            titles[event.node] = event.move if event.move is not None else event.node
            children.setdefault(event.node, [])
            if event.parent is None:
                root = event.node
            else:
                children[event.parent].append(event.node)
        elif isinstance(event, Cutoff):
            for skipped in event.skipped:
                players[skipped] = 1 - players[event.node]
                titles[skipped] = _strip_parent(skipped, event.node)
                children.setdefault(skipped, [])
                children[event.node].append(skipped)
    frozen = {name: tuple(kids) for name, kids in children.items()}
    return Structure(root, frozen, players, titles, {}, {}, trace.root_player)


def _strip_parent(name: str, parent: str) -> str:
    prefix = parent + " "
    return name[len(prefix) :] if parent != ROOT_NAME and name.startswith(prefix) else name


@dataclass(frozen=True)
class Skeleton:
    """The part of a structure that is drawn, with the nodes collapsed into ``+N more``.

    Attributes:
        order: the drawn items (node names and ``+N more`` ids), depth first.
        children: the drawn children of each drawn item.
        hidden: for a ``+N more`` item, the hidden sibling subtrees' roots; for a node at the
            depth limit, its children.
        hidden_all: every hidden name under each item in ``hidden``.
        shown_as: for every name of the structure, the drawn item that shows it.
        parents: each drawn item's parent item.
    """

    order: tuple[str, ...]
    children: Mapping[str, tuple[str, ...]]
    hidden: Mapping[str, tuple[str, ...]]
    hidden_all: Mapping[str, frozenset[str]]
    shown_as: Mapping[str, str]
    parents: Mapping[str, str]
    more: frozenset[str] = field(default_factory=frozenset)

    def leaves(self) -> int:
        """How many drawn items have no drawn children."""
        return sum(1 for item in self.order if not self.children.get(item))


MORE_PREFIX = "+more:"


def skeleton(structure: Structure, max_depth: int | None, max_children: int | None) -> Skeleton:
    """Collapse ``structure`` to at most ``max_depth`` plies and ``max_children`` children."""
    order: list[str] = []
    children: dict[str, tuple[str, ...]] = {}
    hidden: dict[str, tuple[str, ...]] = {}
    hidden_all: dict[str, frozenset[str]] = {}
    shown_as: dict[str, str] = {}
    parents: dict[str, str] = {}
    more: set[str] = set()

    def hide(item: str, roots: Sequence[str]) -> None:
        hidden[item] = tuple(roots)
        names = frozenset(name for root in roots for name in structure.subtree(root))
        hidden_all[item] = names
        for name in names:
            shown_as[name] = item

    def visit(name: str, ply: int) -> None:
        order.append(name)
        shown_as[name] = name
        kids = structure.children.get(name, ())
        if kids and max_depth is not None and ply >= max_depth:
            hide(name, kids)
            return
        shown = kids if max_children is None else kids[:max_children]
        rest = kids[len(shown) :]
        drawn = list(shown)
        if rest:
            item = MORE_PREFIX + name
            drawn.append(item)
            more.add(item)
        children[name] = tuple(drawn)
        for child in drawn:
            parents[child] = name
            if child in more:
                order.append(child)
                hide(child, rest)
            else:
                visit(child, ply + 1)

    visit(structure.root, 0)
    return Skeleton(tuple(order), children, hidden, hidden_all, shown_as, parents, frozenset(more))


def choose_limits(
    structure: Structure, max_depth: int | None, max_children: int | None
) -> tuple[int | None, int | None]:
    """The limits to draw with: as given, or automatic for trees of over AUTO_LIMIT nodes."""
    if max_depth is not None or max_children is not None:
        return max_depth, max_children
    if len(structure.children) <= AUTO_LIMIT:
        return None, None
    return AUTO_MAX_DEPTH, AUTO_MAX_CHILDREN
