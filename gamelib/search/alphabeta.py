"""Alpha-beta pruning in negamax form (nega-alpha, ネガアルファ法), in the order the course
builds it up.

1. :func:`nega_alpha`: one bound passed down (Knuth & Moore's procedure F1, which "fails to
   make deep cutoffs"). A node stops as soon as one child shows that the parent will never
   choose it (a *shallow* cutoff).
2. :func:`alphabeta`: two bounds (alpha, beta) passed down (Knuth & Moore's F2), so a cutoff
   can use a bound set by any ancestor (*deep* cutoffs). Fail-hard: the value is clamped
   into [alpha, beta].
3. :func:`alphabeta_failsoft`: the same search, but the value returned past the window is
   the best value actually seen, a tighter bound that window searches build on.

A child is searched with the window (−beta, −alpha): the negation of its parent's window,
because what is good for one player is bad for the other.

The cutoff test is ``value >= beta``. Exercises that cut only on ``value > beta`` are solved
by :func:`gamelib.search.rules.alphabeta_by_rules`, which takes the rule as an argument.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from gamelib.core import INF, Game
from gamelib.search.common import Order, SearchResult, Tracer, after, prepare
from gamelib.search.repetition import Policy, repeating
from gamelib.search.table import TranspositionTable, remembering
from gamelib.trees import Tree


def nega_alpha(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    depth: int | None = None,
    alpha: float = -INF,
    beta: float = INF,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
) -> SearchResult:
    """Nega-alpha with one bound: each child gets only its parent's best-so-far as a bound.

    A node keeps ``best``, the best value of its children so far, and passes ``−best`` to
    the next child as that child's only bound ``beta``: once the child finds a value
    ≥ −best, the parent will not choose it, so the child stops (a shallow cutoff). A bound
    from a grandparent is never passed down, so deep cutoffs are missed.

    At the root, ``beta`` is the bound and ``alpha`` the starting best (both open by
    default).

    Guarantee, with v the true value of the root and r the returned value: if r ≥ beta then
    v ≥ r; if r ≤ alpha then v ≤ alpha; otherwise r = v. Every node of the tree has the
    same guarantee for its own bound, so with the default window the root value is exact.

    Raises:
        ValueError: if alpha ≥ beta.
    """
    problem = prepare(game, state, depth=depth, evaluate=evaluate, order=order, tracer=tracer)
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result

    def search(state: Any, depth: float, best: float, beta: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            return problem.leaf(state, moves)
        for move in moves:
            child = result_of(state, move)
            if tracer is not None:
                tracer.enter(child, move, alpha=-INF, beta=-best)
            child_line: list[Any] = []
            value = -search(child, depth - 1, -INF, -best, child_line)
            if value >= beta:
                line[:] = [move, *child_line]
                if tracer is not None:
                    tracer.cutoff(value, best=value, alpha=best, beta=beta, skip=after(moves, move))
                return value
            if value > best:
                best = value
                line[:] = [move, *child_line]
            if tracer is not None:
                tracer.backup(value, best=best, alpha=best, beta=beta)
        return best

    return problem.run("nega_alpha", "mover", search, window=(alpha, beta))


def alphabeta(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    depth: int | None = None,
    alpha: float = -INF,
    beta: float = INF,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
    repetition: Policy | None = None,
    history: Sequence[Hashable] | None = None,
) -> SearchResult:
    """Alpha-beta with two bounds, fail-hard, in negamax form.

    ``alpha`` is what the player to move is already sure of; ``beta`` is what the opponent
    is already sure of, so a value ≥ beta will never be allowed: the node stops (a cutoff)
    and returns beta. A child's value above alpha raises alpha. Children are searched with
    (−beta, −alpha).

    Guarantee (fail-hard), with v the true value and r the returned value, for any window
    alpha < beta: r lies in [alpha, beta] (unless the root itself is a leaf: then r = v);
    if r ≤ alpha then v ≤ alpha; if r ≥ beta then v ≥ beta; otherwise r = v. With the full
    window (−∞, +∞) the root value is exact.

    With ``repetition`` (a :class:`~gamelib.search.repetition.Policy`), a position already
    on the line (``history``, the keys before the root, then the search path) is scored by
    the policy instead of being searched, like a leaf, so the search ends on games with
    cycles.

    Raises:
        ValueError: if alpha ≥ beta.
    """
    problem = prepare(
        game, state, depth=depth, evaluate=evaluate, order=order, table=table,
        tracer=tracer,
    )  # fmt: skip
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result

    def search(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            return problem.leaf(state, moves)
        for move in moves:
            child = result_of(state, move)
            if tracer is not None:
                tracer.enter(child, move, alpha=-beta, beta=-alpha)
            child_line: list[Any] = []
            value = -search(child, depth - 1, -beta, -alpha, child_line)
            if value >= beta:
                line[:] = [move, *child_line]  # the refutation: tried first next time
                if tracer is not None:
                    tracer.cutoff(value, best=beta, alpha=alpha, beta=beta, skip=after(moves, move))
                return beta
            if value > alpha:
                alpha = value
                line[:] = [move, *child_line]
            if tracer is not None:
                tracer.backup(value, best=alpha, alpha=alpha, beta=beta)
        return alpha

    # The recursion above calls the name `search`, which is now the wrapped one, so every
    # child goes through the table (and the repetition check).
    if table is not None:
        search = remembering(search, table, problem.game.key, fail_hard=True, tracer=tracer)
    if repetition is not None:
        search = repeating(search, problem, repetition, history, table=table, tracer=tracer)
    return problem.run("alphabeta", "mover", search, window=(alpha, beta))


def alphabeta_failsoft(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    depth: int | None = None,
    alpha: float = -INF,
    beta: float = INF,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
    repetition: Policy | None = None,
    history: Sequence[Hashable] | None = None,
) -> SearchResult:
    """Alpha-beta with two bounds, fail-soft, in negamax form.

    Like :func:`alphabeta`, but a node keeps ``best``, the best value it has actually seen,
    and returns it even when it lies outside the window. Children are searched with
    (−beta, −max(alpha, best)), so the same leaves are evaluated as with fail-hard.

    Guarantee (fail-soft), with v the true value and r the returned value, for any window
    alpha < beta: if r ≤ alpha then v ≤ r (an upper bound); if r ≥ beta then v ≥ r (a
    lower bound); otherwise r = v. The bounds are never weaker than fail-hard's.

    ``repetition`` and ``history`` work as in :func:`alphabeta`.

    Raises:
        ValueError: if alpha ≥ beta.
    """
    problem = prepare(
        game, state, depth=depth, evaluate=evaluate, order=order, table=table,
        tracer=tracer,
    )  # fmt: skip
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result

    def search(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        stats.nodes += 1
        moves = moves_of(state)
        if depth == 0 or not moves:
            return problem.leaf(state, moves)
        best = -INF
        for move in moves:
            child = result_of(state, move)
            if tracer is not None:
                tracer.enter(child, move, alpha=-beta, beta=-alpha)
            child_line: list[Any] = []
            value = -search(child, depth - 1, -beta, -alpha, child_line)
            if value > best:
                best = value
                line[:] = [move, *child_line]
            if value >= beta:  # then best = value
                if tracer is not None:
                    tracer.cutoff(value, best=best, alpha=alpha, beta=beta, skip=after(moves, move))
                return best
            if best > alpha:
                alpha = best
            if tracer is not None:
                tracer.backup(value, best=best, alpha=alpha, beta=beta)
        return best

    # The recursion above calls the name `search`, which is now the wrapped one, so every
    # child goes through the table (and the repetition check).
    if table is not None:
        search = remembering(search, table, problem.game.key, fail_hard=False, tracer=tracer)
    if repetition is not None:
        search = repeating(search, problem, repetition, history, table=table, tracer=tracer)
    return problem.run("alphabeta_failsoft", "mover", search, window=(alpha, beta))
