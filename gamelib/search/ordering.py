"""Move ordering: search the likely best move first, because α-β prunes most when it does.

* :func:`static_order`: sort the moves by a quick score of the position each one leads to;
* :func:`presearch`: the lecture's recipe — search every root move shallowly, sort the root
  moves by the result, then search deeply in that order;
* :func:`iterative_deepening`: search to depth 1, 2, 3, ... with one transposition table, so
  every iteration tries first the best move the previous one found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamelib.core import Game
from gamelib.search.alphabeta import alphabeta_failsoft
from gamelib.search.common import Order, SearchResult, SearchStats, Tracer, prepare
from gamelib.search.lazy import LazyMoves
from gamelib.search.table import TranspositionTable
from gamelib.trees import Tree


def static_order(
    game: Game[Any, Any], score: Callable[[Any], float]
) -> Callable[[Any, Sequence[Any]], Sequence[Any]]:
    """An ``order`` that tries first the move whose resulting position scores lowest for the
    opponent (``score`` is from the view of the player to move there, like ``evaluate``).

    The moves are scored and sorted only when the search walks through them (see
    :class:`~gamelib.search.lazy.LazyMoves`): not at the depth limit, where it only asks
    whether there are any.
    """

    def reorder(state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        def by_score(moves: Sequence[Any]) -> Iterator[Any]:
            return iter(sorted(moves, key=lambda move: score(game.result(state, move))))

        return LazyMoves(moves, by_score)

    return reorder


@dataclass(frozen=True)
class PresearchResult(SearchResult):
    """The deep search after a shallow one ordered the root moves.

    ``value``, ``move`` and ``pv`` are the deep search's; ``stats`` is the work of all
    searches together (``shallow_stats + deep_stats``).

    Attributes:
        order: the root moves in the order the shallow search found, best first.
        shallow_stats: what the shallow searches cost (all root moves together).
        deep_stats: what the deep search cost.
    """

    order: tuple[Any, ...] = ()
    shallow_stats: SearchStats = field(default_factory=SearchStats)
    deep_stats: SearchStats = field(default_factory=SearchStats)


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
        shallow_stats += found.stats
        scores.append((-found.value, move))
    root_order = [move for _, move in sorted(scores, key=lambda pair: -pair[0])]

    def root_first(state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        return root_order if state is root else moves

    deep = search(problem.game, root, depth=depth, evaluate=evaluate, order=root_first)
    pv = tuple(problem.present(move) for move in deep.pv)  # a Tree's moves by name
    return PresearchResult(
        deep.value,
        pv[0] if pv else None,
        pv,
        shallow_stats + deep.stats,
        "presearch",
        order=tuple(problem.present(move) for move in root_order),
        shallow_stats=shallow_stats,
        deep_stats=deep.stats,
    )


@dataclass(frozen=True)
class DeepeningResult(SearchResult):
    """The iterations of iterative deepening.

    ``value``, ``move`` and ``pv`` are the deepest iteration's; ``stats`` is the work of all
    iterations together.

    Attributes:
        iterations: the result of each depth, 1 to the last.
        table: the transposition table they shared.
    """

    iterations: tuple[SearchResult, ...] = ()
    table: TranspositionTable = field(default_factory=TranspositionTable)


def iterative_deepening(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    max_depth: int,
    search: Callable[..., SearchResult] = alphabeta_failsoft,
    evaluate: Callable[[Any], float] | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
    tracer: Tracer | None = None,
) -> DeepeningResult:
    """Search to depth 1, 2, ..., ``max_depth`` with one transposition table.

    Each iteration stores its best moves; the next one tries them first, so the deeper,
    more expensive searches meet good moves early and prune more. The table's rule (an
    entry answers only searches no deeper than its own) lets a deeper entry answer a
    shallower search: with a table that starts empty and a game whose positions are each met
    at one remaining depth, every iteration's value is exactly what that depth alone would
    give; where a position recurs at several depths (a transposition across depths, a pass,
    a table kept from an earlier search) a deeper entry may change a depth-limited value
    (notebook 06). ``order`` orders the moves of each position
    (the table's best move for it always comes first). A ``tracer`` sees each iteration's
    search in turn (:func:`gamelib.trace.record_probes` records one trace per iteration).

    Raises:
        ValueError: if ``max_depth`` is less than 1.
    """
    if max_depth < 1:
        raise ValueError(f"max_depth must be at least 1, not {max_depth}")
    table = TranspositionTable() if table is None else table
    iterations = []
    stats = SearchStats()
    for depth in range(1, max_depth + 1):
        result = search(
            game, state, depth=depth, evaluate=evaluate, order=order, table=table, tracer=tracer
        )
        stats += result.stats
        iterations.append(result)
    last = iterations[-1]
    return DeepeningResult(
        last.value,
        last.move,
        last.pv,
        stats,
        "iterative_deepening",
        iterations=tuple(iterations),
        table=table,
    )
