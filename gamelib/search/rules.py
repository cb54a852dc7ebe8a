"""α-β under an exercise's rules: the conventions textbooks and exam papers differ on.

The course's searches (:mod:`gamelib.search.alphabeta`) follow one convention: children
left to right (or in the ``order`` given), a cutoff as soon as a value reaches β
(``value >= beta``), fail-hard or fail-soft as the function's name says. Exercises ask
"which leaves are never evaluated?" under whichever rules their source uses, and two rules
change the answer:

* **the cutoff rule**: ``cutoff=">="`` cuts when a value reaches β, ``cutoff=">"`` only when
  it passes β (some textbooks: a value equal to β is still searched past);
* **the failure rule**: ``failure="hard"`` reports at most β and at least α (the value is
  clamped into the window), ``failure="soft"`` reports the best value seen.

:func:`alphabeta_by_rules` is one α-β that takes both rules as arguments. With
``cutoff=">="`` it is :func:`~gamelib.search.alphabeta.alphabeta` (``failure="hard"``) or
:func:`~gamelib.search.alphabeta.alphabeta_failsoft` (``failure="soft"``) node for node, with
the same trace (tests/test_rules.py checks it on random trees), so an exercise solved by it is
solved by the lecture's search.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Literal, TypeAlias

from gamelib.core import INF, Game
from gamelib.search.common import Order, SearchResult, Tracer, after, prepare
from gamelib.trees import Tree

Cutoff: TypeAlias = Literal[">=", ">"]
"""When a search cuts off: on value ≥ β (the usual rule) or only on value > β."""

Failure: TypeAlias = Literal["hard", "soft"]
"""What a node reports past its window: the bound it passed (hard) or its best value (soft)."""


def alphabeta_by_rules(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    cutoff: Cutoff = ">=",
    failure: Failure = "hard",
    depth: int | None = None,
    alpha: float = -INF,
    beta: float = INF,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
) -> SearchResult:
    """Alpha-beta in negamax form with a chosen cutoff rule and failure rule.

    A node keeps ``best``, the best value seen, and ``alpha``, raised by it. A child whose
    value ``cuts`` β (≥ or >, by ``cutoff``) stops the node. The node reports ``best``
    (fail-soft) or, fail-hard, the value clamped into its window: β after a cutoff,
    ``alpha`` otherwise.

    Guarantee, with v the true value and r the returned value (alpha < beta): under every
    rule, the guarantees of fail-hard or fail-soft α-β: r ≤ alpha gives v ≤ r, r ≥ beta gives
    v ≥ r, and a value strictly between is exact. With ``cutoff=">"`` a value equal to β is a
    lower bound too (a child worth β raised alpha to β, or a later one passed it and cut), not
    an exact value: inside, a child searched after alpha reached β gets the empty window
    (−β, −β), and what it proves is read from its own children
    (:func:`gamelib.trace.bound_from_children`). With the full window the root value is exact
    under every rule.

    Raises:
        ValueError: for an unknown rule, or if alpha ≥ beta.
    """
    if cutoff not in (">=", ">"):
        raise ValueError(f"cutoff must be '>=' or '>', not {cutoff!r}")
    if failure not in ("hard", "soft"):
        raise ValueError(f"failure must be 'hard' or 'soft', not {failure!r}")
    problem = prepare(game, state, depth=depth, evaluate=evaluate, order=order, tracer=tracer)
    problem.cutoff = cutoff  # the trace's sentences name the rule's comparison
    stats, moves_of, result_of = problem.stats, problem.moves, problem.result
    cuts = operator.ge if cutoff == ">=" else operator.gt
    soft = failure == "soft"

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
            cut = cuts(value, beta)
            if value > (best if soft else alpha) or cut:
                line[:] = [move, *child_line]
            best = max(best, value)
            if cut:
                reported = best if soft else beta
                if tracer is not None:
                    tracer.cutoff(
                        value, best=reported, alpha=alpha, beta=beta, skip=after(moves, move)
                    )
                return reported
            alpha = max(alpha, best)
            if tracer is not None:
                tracer.backup(value, best=best if soft else alpha, alpha=alpha, beta=beta)
        return best if soft else alpha

    name = "alphabeta" if failure == "hard" else "alphabeta_failsoft"
    return problem.run(name, "mover", search, window=(alpha, beta))
