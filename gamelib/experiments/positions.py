"""Positions as a graph: how many tree nodes are really the same few positions.

A game tree repeats a position once for every move order that reaches it. Merging equal
positions (equal keys) turns the tree into a graph; :func:`tree_and_graph_counts` counts both
ply by ply, and :func:`position_graph` builds the graph itself with networkx for drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from gamelib.core import Game
from gamelib.language import Language, resolve
from gamelib.tables import html_table, text_table

if TYPE_CHECKING:
    import networkx

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "ply": {"en": "ply", "ja": "手数"},
    "tree nodes": {"en": "tree nodes", "ja": "木のノード"},
    "positions": {"en": "positions", "ja": "局面"},
    "up to symmetry": {"en": "up to symmetry", "ja": "対称形を同一視"},
    "repeated nodes": {"en": "repeated nodes", "ja": "繰り返しのノード"},
    "all": {"en": "all", "ja": "合計"},
}
"""The words of :func:`counts_table`, in English and Japanese."""


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

    @property
    def repeated_share(self) -> float:
        """The share of this ply's tree nodes that repeat a position met at another node."""
        return 1 - self.positions / self.tree_nodes if self.tree_nodes else 0.0


@dataclass(frozen=True)
class CountTable:
    """Rows of text cells that show as a table (HTML in a notebook, text with ``print``).

    Attributes:
        columns: the columns' names (code looks cells up by them).
        rows: one dict per row, column name → cell text.
        headers: the headings shown, one per column, in the reader's language (empty: the
            column names themselves).
    """

    columns: tuple[str, ...]
    rows: tuple[dict[str, str], ...]
    headers: tuple[str, ...] = ()

    def _shown(self) -> tuple[tuple[str, ...], list[dict[str, str]]]:
        """The headings and the rows keyed by them."""
        headers = self.headers or self.columns
        rows = [
            {header: row[column] for column, header in zip(self.columns, headers, strict=True)}
            for row in self.rows
        ]
        return headers, rows

    def __str__(self) -> str:
        headers, rows = self._shown()
        return text_table(headers, rows, headers[1:])

    def _repr_html_(self) -> str:
        headers, rows = self._shown()
        return html_table(headers, rows, headers[1:])


def counts_table(
    counts: Sequence[PlyCount],
    symmetric: Sequence[PlyCount] | None = None,
    *,
    first_ply: int = 0,
    language: str | None = None,
) -> CountTable:
    """Tree nodes, positions and the share of repeated nodes ply by ply, with a total row.

    Args:
        counts: the counts of :func:`tree_and_graph_counts`.
        symmetric: the same game counted with a symmetry-canonical key, if a column of
            positions up to symmetry is wanted.
        first_ply: the first ply shown (the total counts every ply).
        language: the language of the headers and of the total row's name (None: the
            course-wide setting).
    """
    ply, tree_nodes, positions_column, symmetry, repeated = (
        "ply", "tree nodes", "positions", "up to symmetry", "repeated nodes"
    )  # fmt: skip
    columns = [ply, tree_nodes, positions_column]
    if symmetric is not None:
        columns.append(symmetry)
    columns.append(repeated)
    rows = []
    for index, count in enumerate(counts):
        cells = {ply: str(count.ply), tree_nodes: f"{count.tree_nodes:,}"}
        cells[positions_column] = f"{count.positions:,}"
        if symmetric is not None:
            cells[symmetry] = f"{symmetric[index].positions:,}"
        cells[repeated] = f"{count.repeated_share:.1%}"
        if count.ply >= first_ply:
            rows.append(cells)
    nodes = sum(count.tree_nodes for count in counts)
    positions = sum(count.positions for count in counts)
    total_name = WORDS["all"][resolve(language)]
    total = {ply: total_name, tree_nodes: f"{nodes:,}", positions_column: f"{positions:,}"}
    if symmetric is not None:
        total[symmetry] = f"{sum(count.positions for count in symmetric):,}"
    total[repeated] = f"{1 - positions / nodes:.1%}" if nodes else "–"
    rows.append(total)
    headers = tuple(WORDS[column][resolve(language)] for column in columns)
    return CountTable(tuple(columns), tuple(rows), headers)


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


def fullest_first(game: Game[Any, Any]) -> list[Any]:
    """Every non-terminal position of a finite game, the ones with most moves played first.

    Positions with the same number of moves played keep the order in which
    :func:`position_graph` meets them. Small searches come first, so a search through them
    for a counterexample finds one with a small tree.
    """
    graph = position_graph(game, _last_ply(game))
    found = [(data["ply"], data["state"]) for _, data in graph.nodes(data=True)]
    found.sort(key=lambda ply_and_state: -ply_and_state[0])
    return [state for _, state in found if not game.is_terminal(state)]


def _last_ply(game: Game[Any, Any]) -> int:
    return len(tree_and_graph_counts(game)) - 1
