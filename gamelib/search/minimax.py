"""Full-width searches: minimax in MAX/MIN form, and the same search in negamax form.

Neither has a window, so neither takes ``alpha`` or ``beta``: passing one is a
TypeError (the windowed searches are in :mod:`gamelib.search.alphabeta`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from gamelib.core import INF, Game
from gamelib.search.common import Order, SearchResult, Tracer, prepare
from gamelib.search.repetition import Policy, repeating
from gamelib.search.table import TranspositionTable, remembering_exact
from gamelib.trees import Tree


def minimax(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
) -> SearchResult:
    """Minimax, written as the lecture writes it: one function for MAX, one for MIN.

    MAX is the player to move at the root. ``max_value`` returns the largest value of the
    children, ``min_value`` the smallest; all values are from MAX's view.

    Guarantee: the returned value is the exact minimax value of the root (for the given
    depth and evaluation), from the view of the player to move at the root. Every node down
    to the depth limit is entered. Minimax has no window: it takes no ``alpha`` or ``beta``
    (passing one raises TypeError).
    """
    problem = prepare(game, state, depth=depth, evaluate=evaluate, order=order, tracer=tracer)
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result
    max_player, to_move = problem.root_player, problem.game.to_move

    def value_of(state: Any, depth: float, line: list[Any]) -> float:
        if to_move(state) == max_player:
            return max_value(state, depth, line)
        return min_value(state, depth, line)

    def max_value(state: Any, depth: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            return problem.leaf_for_max(state, moves)
        best = -INF
        for move in moves:
            child = result_of(state, move)
            if tracer is not None:
                tracer.enter(child, move, alpha=-INF, beta=INF)
            child_line: list[Any] = []
            value = value_of(child, depth - 1, child_line)
            if value > best:
                best = value
                line[:] = [move, *child_line]
            if tracer is not None:
                tracer.backup(value, best=best, alpha=-INF, beta=INF)
        return best

    def min_value(state: Any, depth: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            return problem.leaf_for_max(state, moves)
        best = INF
        for move in moves:
            child = result_of(state, move)
            if tracer is not None:
                tracer.enter(child, move, alpha=-INF, beta=INF)
            child_line: list[Any] = []
            value = value_of(child, depth - 1, child_line)
            if value < best:
                best = value
                line[:] = [move, *child_line]
            if tracer is not None:
                tracer.backup(value, best=best, alpha=-INF, beta=INF)
        return best

    return problem.run("minimax", "max", max_value)


def negamax(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
    repetition: Policy | None = None,
    history: Sequence[Hashable] | None = None,
) -> SearchResult:
    """Negamax: minimax with one function, because max(a, b) = −min(−a, −b).

    Every value is from the view of the player to move at its node, so a node's value is
    the largest of its children's values, each negated.

    Guarantee: the returned value is the exact minimax value of the root from the view of
    the player to move there; every node down to the depth limit is entered (a position the
    ``table`` already knows to that depth is answered from it). Negamax has no window: it
    takes no ``alpha`` or ``beta`` (passing one raises TypeError).

    With ``repetition`` (a :class:`~gamelib.search.repetition.Policy`), a position already
    on the line (``history``, the keys before the root, then the search path) is scored by
    the policy instead of being searched, so the search ends on games with cycles.
    """
    problem = prepare(
        game, state, depth=depth, evaluate=evaluate, order=order, table=table, tracer=tracer
    )
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result

    def search(state: Any, depth: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            return problem.leaf(state, moves)
        best = -INF
        for move in moves:
            child = result_of(state, move)
            if tracer is not None:
                tracer.enter(child, move, alpha=-INF, beta=INF)
            child_line: list[Any] = []
            value = -search(child, depth - 1, child_line)
            if value > best:
                best = value
                line[:] = [move, *child_line]
            if tracer is not None:
                tracer.backup(value, best=best, alpha=-INF, beta=INF)
        return best

    # The recursion above calls the name `search`, which is now the wrapped one, so every
    # child goes through the table (and the repetition check).
    if table is not None:
        search = remembering_exact(search, table, problem.game.key, tracer=tracer)
    if repetition is not None:
        search = repeating(search, problem, repetition, history, table=table, tracer=tracer)
    return problem.run("negamax", "mover", search)
