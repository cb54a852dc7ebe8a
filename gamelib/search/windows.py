"""Searches built on windows: null-window tests, aspiration windows, PVS (NegaScout), MTD(f).

Fail-soft α-β (:func:`~gamelib.search.alphabeta.alphabeta_failsoft`) answers more than it is
asked: searched with a window (α, β), its value is exact inside, and outside it is still a
bound on the true value. A *narrow* window prunes much more, so these searches ask narrow
questions and combine the answers:

* :func:`null_window` asks "is the value at least γ?" with the narrowest window (γ − 1, γ);
* :func:`aspiration` guesses the value, searches a window around the guess, and searches
  again only if the value falls outside;
* :func:`pvs` searches the first child with the full window and the others with a null
  window, re-searching a child only when it turns out better than the first;
* :func:`mtdf` only ever asks null-window questions, and a transposition table keeps what
  the earlier ones found.

The null windows assume values that are whole multiples of ``step`` (1 for integers):
between γ − step and γ there is then no other value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import INF, Game
from gamelib.search.alphabeta import alphabeta_failsoft
from gamelib.search.common import Order, SearchResult, SearchStats, Tracer, after, prepare
from gamelib.search.table import TranspositionTable, remembering
from gamelib.trees import Tree


@dataclass(frozen=True)
class Probe:
    """One search of a composite search: the window asked and the value it returned."""

    alpha: float
    beta: float
    value: float

    @property
    def bounds(self) -> tuple[float, float]:
        """What the probe proves about the true value v, as (lower, upper) with
        lower ≤ v ≤ upper: fail-soft's guarantee read for this window."""
        if self.value <= self.alpha:  # failed low
            return (-INF, self.value)
        if self.value >= self.beta:  # failed high
            return (self.value, INF)
        return (self.value, self.value)


def narrowing(probes: Sequence[Probe]) -> list[tuple[float, float]]:
    """The bounds (lower, upper) on the value after each probe: what all probes so far prove.

    Guarantee: the bounds only ever narrow, and the true value lies within every pair.
    """
    lower, upper = -INF, INF
    steps = []
    for probe in probes:
        probe_lower, probe_upper = probe.bounds
        lower, upper = max(lower, probe_lower), min(upper, probe_upper)
        steps.append((lower, upper))
    return steps


@dataclass(frozen=True)
class WindowSearchResult(SearchResult):
    """A :class:`SearchResult` made of several searches, with the window of each.

    Attributes:
        probes: the searches made, in order (stats are their sum).
    """

    probes: tuple[Probe, ...] = ()


def null_window(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    gamma: float,
    step: float = 1,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
) -> WindowSearchResult:
    """Is the root's value at least ``gamma``? One fail-soft search with (γ − step, γ).

    The answer is ``result.value >= gamma``.

    Guarantee, with v the true value and r the returned value: if r ≥ γ then v ≥ r ≥ γ;
    otherwise v ≤ r ≤ γ − step. With values on the grid of ``step``, "not ≥ γ" means
    "≤ γ − step". ``probes`` holds the one window asked.

    Raises:
        ValueError: if ``step`` is not positive.
    """
    if not step > 0:
        raise ValueError(f"step must be positive, not {step}")
    result = alphabeta_failsoft(
        game, state, depth=depth, alpha=gamma - step, beta=gamma, evaluate=evaluate,
        tracer=tracer, order=order, table=table,
    )  # fmt: skip
    probe = Probe(gamma - step, gamma, result.value)
    return WindowSearchResult(
        result.value, result.move, result.pv, result.stats, "null_window", (probe,)
    )


def aspiration(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    guess: float,
    delta: float,
    step: float = 1,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
) -> WindowSearchResult:
    """Aspiration search: a window of ±delta around a guess, widened only when missed.

    The first search uses (guess − delta, guess + delta). If it fails low with value v
    (v ≤ α), fail-soft says the true value is at most v, so the second search uses
    (−∞, v + step); if it fails high, (v − step, ∞). The second window contains the true
    value, so it gives it exactly.

    Guarantee: the returned value is the exact minimax value, after one or two searches.

    Raises:
        ValueError: if ``delta`` is not positive (an empty window proves nothing).
    """
    if not delta > 0:
        raise ValueError(f"delta must be positive, not {delta}")
    alpha, beta = guess - delta, guess + delta
    stats = SearchStats()
    probes: list[Probe] = []
    while True:
        result = alphabeta_failsoft(
            game, state, depth=depth, alpha=alpha, beta=beta, evaluate=evaluate,
            tracer=tracer, order=order, table=table,
        )  # fmt: skip
        stats += result.stats
        probes.append(Probe(alpha, beta, result.value))
        if result.value <= alpha:  # failed low: the true value is at most result.value
            alpha, beta = -INF, result.value + step
        elif result.value >= beta:  # failed high: the true value is at least result.value
            alpha, beta = result.value - step, INF
        else:
            return WindowSearchResult(
                result.value, result.move, result.pv, stats, "aspiration", tuple(probes)
            )


def pvs(
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
    step: float = 1,
) -> SearchResult:
    """Principal variation search (NegaScout), fail-soft, in negamax form.

    The first child is expected to be the best: it is searched with the full window. Every
    other child only has to be shown *no better*: a null-window search (α, α + step) asks
    just that, and prunes much more. If a child turns out better after all (α < value < β),
    it is searched again with the full window to get its exact value.

    Guarantee: the same as fail-soft α-β (if r ≤ α then v ≤ r; if r ≥ β then v ≥ r;
    otherwise r = v). With perfect move ordering no re-search happens.

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
            child_line: list[Any] = []
            if best == -INF:  # the first child (or all so far lost): the full window
                if tracer is not None:
                    tracer.enter(child, move, alpha=-beta, beta=-alpha)
                value = -search(child, depth - 1, -beta, -alpha, child_line)
            else:  # "is this child better than alpha?" with a null window
                if tracer is not None:
                    tracer.enter(child, move, alpha=-alpha - step, beta=-alpha)
                value = -search(child, depth - 1, -alpha - step, -alpha, child_line)
                if alpha < value < beta:  # it is: search it again for its exact value
                    if tracer is not None:
                        tracer.research(value, alpha=alpha, beta=beta)
                        tracer.enter(child, move, alpha=-beta, beta=-alpha)
                    child_line = []
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
    # child goes through the table.
    if table is not None:
        search = remembering(search, table, problem.game.key, fail_hard=False, tracer=tracer)
    return problem.run("pvs", "mover", search, window=(alpha, beta))


def mtdf(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    first_guess: float = 0,
    step: float = 1,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    tracer: Tracer | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
) -> WindowSearchResult:
    """MTD(f): find the value with null-window searches only, starting from a guess.

    Keep bounds lower ≤ v ≤ upper, starting open. Each probe asks "is v ≥ γ?" with
    γ = g (or g + step when g is already the lower bound), and its fail-soft answer g moves
    one bound. The bounds meet at the value. A transposition table (a new one when none is
    given) keeps the probes from searching the same positions again and again.

    Guarantee: with values on the grid of ``step``, the returned value is the exact
    minimax value.
    """
    table = TranspositionTable() if table is None else table
    value, lower, upper = first_guess, -INF, INF
    stats = SearchStats()
    probes: list[Probe] = []
    result: SearchResult | None = None
    while lower < upper:
        gamma = value + step if value == lower else value
        result = null_window(
            game, state, gamma=gamma, step=step, depth=depth, evaluate=evaluate,
            tracer=tracer, order=order, table=table,
        )  # fmt: skip
        stats += result.stats
        probes.extend(result.probes)
        value = result.value
        if value >= gamma:
            lower = value
        else:
            upper = value
    assert result is not None
    return WindowSearchResult(value, result.move, result.pv, stats, "mtdf", tuple(probes))
