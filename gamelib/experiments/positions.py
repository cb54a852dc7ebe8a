"""Positions as a graph: how many tree nodes are really the same few positions.

A game tree repeats a position once for every move order that reaches it. Merging equal
positions (equal keys) turns the tree into a graph; :func:`tree_and_graph_counts` counts both
ply by ply, and :func:`position_graph` builds the graph itself with networkx for drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamelib.core import Game

if TYPE_CHECKING:
    import networkx


@dataclass(frozen=True)
class PlyCount:
    """One ply of a game: tree nodes (move sequences) and distinct positions.

    Attributes:
        ply: moves played from the start.
        tree_nodes: nodes of the game tree at this ply (one per sequence of moves).
        positions: distinct positions among them (distinct keys).
    """

    ply: int
    tree_nodes: int
    positions: int


def tree_and_graph_counts(
    game: Game[Any, Any],
    plies: int | None = None,
    *,
    key: Callable[[Any], Hashable] | None = None,
) -> list[PlyCount]:
    """Count tree nodes and distinct positions ply by ply, up to ``plies`` (or the end).

    The tree is never walked node by node: each distinct position carries the number of move
    sequences that reach it, so the count costs one visit per position.

    Args:
        game: the game, from its initial state.
        plies: the last ply to count (None: until no position has a move left).
        key: what makes two positions "the same" (default ``game.key``; e.g. a symmetry-
            canonical key merges mirror images too).
    """
    key_of = game.key if key is None else key
    start = game.initial_state()
    level: dict[Hashable, tuple[Any, int]] = {key_of(start): (start, 1)}
    counts = []
    ply = 0
    while level and (plies is None or ply <= plies):
        counts.append(PlyCount(ply, sum(paths for _, paths in level.values()), len(level)))
        following: dict[Hashable, tuple[Any, int]] = {}
        for state, paths in level.values():
            for move in game.moves(state):
                child = game.result(state, move)
                child_key = key_of(child)
                known_state, known_paths = following.get(child_key, (child, 0))
                following[child_key] = (known_state, known_paths + paths)
        level = following
        ply += 1
    return counts


def position_graph(
    game: Game[Any, Any],
    plies: int,
    *,
    key: Callable[[Any], Hashable] | None = None,
) -> networkx.MultiDiGraph[Hashable]:
    """The graph of positions reached in the first ``plies`` plies.

    Nodes are position keys, with attributes ``state``, ``ply`` and ``paths`` (the number of
    move sequences that reach it); an edge per move, with attribute ``move`` (its name).
    Two move orders that reach the same position meet in one node.
    """
    import networkx  # imported when used: gamelib itself does not need it

    key_of = game.key if key is None else key
    graph: networkx.MultiDiGraph[Hashable] = networkx.MultiDiGraph()
    start = game.initial_state()
    graph.add_node(key_of(start), state=start, ply=0, paths=1)
    frontier = [key_of(start)]
    for ply in range(1, plies + 1):
        following: list[Hashable] = []
        for parent in frontier:
            state = graph.nodes[parent]["state"]
            for move in game.moves(state):
                child = game.result(state, move)
                child_key = key_of(child)
                if child_key not in graph:
                    graph.add_node(child_key, state=child, ply=ply, paths=0)
                    following.append(child_key)
                graph.nodes[child_key]["paths"] += graph.nodes[parent]["paths"]
                graph.add_edge(parent, child_key, move=game.move_name(move))
        frontier = following
    return graph
