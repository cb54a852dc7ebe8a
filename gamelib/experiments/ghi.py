"""Finding the graph-history interaction (GHI) by code: games where a transposition table
changes the root value of a search with repetition detection."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from gamelib.experiments.hashing import with_random_evaluation
from gamelib.games.cyclic import GraphGame, random_cyclic_game
from gamelib.search.repetition import HistoryAwareTable, Policy
from gamelib.search.table import Entry, TranspositionTable


@dataclass(frozen=True)
class GhiCase:
    """A game where a transposition table changes the root value of a repetition search.

    Attributes:
        game: the game (searched from its initial state).
        right: the root value without a table.
        with_table: the root value with the table.
    """

    game: Any
    right: float
    with_table: float


def ghi_cases(
    search: Callable[..., Any],
    games: Iterable[Any],
    policy: Policy,
    *,
    table: Callable[[], TranspositionTable] = TranspositionTable,
    depth: int | None = None,
) -> list[GhiCase]:
    """The games whose root value changes when ``search`` uses a transposition table.

    Each game is searched twice from its initial state with the repetition ``policy``:
    without a table, and with a new table made by ``table()``; the games where the two root
    values differ are returned.

    Args:
        search: a search with ``table=`` and ``repetition=`` options (e.g. ``alphabeta``).
        games: the games to try.
        policy: the repetition policy.
        table: makes the table for each search (a plain table shows the GHI problem; a
            :class:`HistoryAwareTable` should find none).
        depth: the depth limit (None: to the end).
    """
    found = []
    for game in games:
        right = search(game, depth=depth, repetition=policy).value
        with_table = search(game, depth=depth, repetition=policy, table=table()).value
        if with_table != right:
            found.append(GhiCase(game, right, with_table))
    return found


def random_estimated_game(seed: int, spread: int = 3) -> GraphGame:
    """:func:`~gamelib.games.cyclic.random_cyclic_game` ``(seed, 5, 9, 1)`` (the graphs of
    notebook 07's search for GHI cases) with a random estimate from ``−spread…spread``
    (FIRST's view) for each inner node, drawn with the same seed
    (:func:`~gamelib.experiments.hashing.with_random_evaluation`), so that a search with a
    depth limit has values to find at the limit. Same seed, same game."""
    return with_random_evaluation(
        random_cyclic_game(seed, 5, 9, 1), seed, range(-spread, spread + 1)
    )


class SameDepthTable(HistoryAwareTable):
    """A :class:`~gamelib.search.repetition.HistoryAwareTable` (``remedy="visited"`` by
    default) that reuses an entry only for a search to the same remaining depth as the one
    that stored it, never for a shallower one.

    An experiment, not a table to play with (it reuses less): it removes notebook 06's depth
    effect, an entry from a deeper search answering a shallower search with the deeper
    value, so what is left of a changed root value is due to the repetitions alone.
    """

    def answer(self, entry: Entry, depth: float, alpha: float, beta: float) -> float | None:
        """As :meth:`TranspositionTable.answer`, but only from an entry of exactly ``depth``."""
        if entry.depth != depth:
            return None
        return super().answer(entry, depth, alpha, beta)


def reachable_size(game: Any) -> tuple[int, int]:
    """``(inner nodes, moves)`` of a game graph that can be reached from its start.

    ``game`` is a :class:`~gamelib.games.cyclic.GraphGame`; inner nodes are those with a
    move out (end nodes are not counted), moves are the edges between reachable nodes.
    """
    import networkx as nx

    reachable = nx.descendants(game.graph, game.start) | {game.start}
    inner = sum(1 for node in reachable if game.graph.out_degree(node) > 0)
    return inner, game.graph.subgraph(reachable).number_of_edges()


def smallest_case(cases: Iterable[GhiCase]) -> GhiCase:
    """The case whose reachable graph is smallest (:func:`reachable_size`: fewest inner
    nodes, then fewest moves; the first of equals).

    Raises:
        ValueError: if there is no case.
    """
    return min(cases, key=lambda case: reachable_size(case.game))
