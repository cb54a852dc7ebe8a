"""Move ordering: search the likely best move first, because α-β prunes most when it does.

* :func:`static_order`: sort the moves by a quick score of the position each one leads to;
* :func:`presearch`: the lecture's recipe — search every root move shallowly, sort the root
  moves by the result, then search deeply in that order;
* :func:`iterative_deepening`: search to depth 1, 2, 3, ... with one transposition table, so
  every iteration tries first the best move the previous one found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import Game
from gamelib.search.alphabeta import alphabeta_failsoft
from gamelib.search.common import SearchResult, SearchStats, Tracer, prepare
from gamelib.search.table import TranspositionTable
from gamelib.trees import Tree


def static_order(
    game: Game[Any, Any], score: Callable[[Any], float]
) -> Callable[[Any, Sequence[Any]], list[Any]]:
    """An ``order`` that tries first the move whose resulting position scores lowest for the
    opponent (``score`` is from the view of the player to move there, like ``evaluate``)."""

    def reorder(state: Any, moves: Sequence[Any]) -> list[Any]:
        return sorted(moves, key=lambda move: score(game.result(state, move)))

    return reorder


@dataclass(frozen=True)
class PresearchResult:
    """The deep search after a shallow one ordered the root moves.

    Attributes:
        result: the deep search's result.
        order: the root moves in the order the shallow search found, best first.
        shallow_stats: what the shallow searches cost (nodes and leaves, all root moves).
    """

    result: SearchResult
    order: tuple[Any, ...]
    shallow_stats: SearchStats


def presearch(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    shallow: int,
    depth: int | None,
    search: Callable[..., SearchResult] = alphabeta_failsoft,
    evaluate: Callable[[Any], float] | None = None,
) -> PresearchResult:
    """Search each root move to ``shallow`` plies, sort them best first, then search deep.

    Only the root's moves are reordered; deeper nodes keep the game's order. The value is
    the same as without the pre-search (only the order of the root moves changes).
    """
    problem = prepare(game, state, evaluate=evaluate)
    root = problem.root
    shallow_stats = SearchStats()
    scores = []
    for move in problem.moves(root):
        child = problem.result(root, move)
        found = search(problem.game, child, depth=max(shallow - 1, 0), evaluate=evaluate)
        shallow_stats.nodes += found.stats.nodes
        shallow_stats.leaves += found.stats.leaves
        scores.append((-found.value, move))
    root_order = [move for _, move in sorted(scores, key=lambda pair: -pair[0])]

    def root_first(state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        return root_order if state is root else moves

    result = search(problem.game, root, depth=depth, evaluate=evaluate, order=root_first)
    if isinstance(game, Tree):
        result = _present_tree_moves(result, problem.present)
    return PresearchResult(
        result, tuple(problem.present(move) for move in root_order), shallow_stats
    )


def _present_tree_moves(result: SearchResult, present: Callable[[Any], Any]) -> SearchResult:
    """Searching a TreeGame reports moves as child nodes: name them as a Tree search would."""
    pv = tuple(present(move) for move in result.pv)
    return SearchResult(result.value, pv[0] if pv else None, pv, result.stats, result.algorithm)


@dataclass(frozen=True)
class DeepeningResult:
    """The iterations of iterative deepening.

    Attributes:
        iterations: the result of each depth, 1 to the last.
        table: the transposition table they shared.
        stats: the total work of all iterations.
    """

    iterations: tuple[SearchResult, ...]
    table: TranspositionTable
    stats: SearchStats

    @property
    def result(self) -> SearchResult:
        """The deepest iteration's result."""
        return self.iterations[-1]


def iterative_deepening(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    max_depth: int,
    search: Callable[..., SearchResult] = alphabeta_failsoft,
    evaluate: Callable[[Any], float] | None = None,
    table: TranspositionTable | None = None,
    tracer: Tracer | None = None,
) -> DeepeningResult:
    """Search to depth 1, 2, ..., ``max_depth`` with one transposition table.

    Each iteration stores its best moves; the next one tries them first, so the deeper,
    more expensive searches meet good moves early and prune more. The table's rule (an
    entry answers only searches no deeper than its own) keeps every iteration's value
    exactly what that depth alone would give. A ``tracer`` sees each iteration's search in
    turn (:func:`gamelib.trace.record_probes` records one trace per iteration).
    """
    table = TranspositionTable() if table is None else table
    iterations = []
    stats = SearchStats()
    for depth in range(1, max_depth + 1):
        result = search(game, state, depth=depth, evaluate=evaluate, table=table, tracer=tracer)
        stats.nodes += result.stats.nodes
        stats.leaves += result.stats.leaves
        iterations.append(result)
    return DeepeningResult(tuple(iterations), table, stats)
