"""ProbCut (Buro, 1995) with the learned evaluation: a shallow search predicts a deep one.

In Othello the value of a deep search and the value of a shallow search of the same position
lie close to a straight line: ``deep ≈ slope · shallow + intercept``, with a spread (the
standard deviation of the residuals) that :func:`fit_probcut` measures per game phase on
sample positions. At a node with ``deep`` plies left, ProbCut first runs the cheap
``shallow`` search with a null window; if the line says that the deep value is at least β
with ``threshold`` spreads to spare — ``slope · shallow + intercept ≥ β + threshold ·
spread`` — it cuts (returns β) without the deep search, and likewise below α. The cut is a
bet, not a proof: a larger ``threshold`` bets more safely and cuts less.

:func:`negamax_search` is a plain fail-soft α-β (negamax, moves in the game's order, no
table) with ProbCut switched on by giving it a :class:`ProbCut`, so the two can be compared
at equal depth: the nodes each enters (shallow searches included) and the move each chooses.
Values are predicted final disc differences for the player to move: a finished game scores
its official final score, an unfinished one the evaluation (the learned one predicts the
same thing, so the two scales agree).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from gamelib.games.othello import PASS, OthelloState, final_score, flips, legal_moves_mask
from gamelib.learning.features import empties_of
from gamelib.learning.fit import PHASES, least_squares, phase_of

Evaluation = Callable[[OthelloState], float]


@dataclass(frozen=True)
class CutLine:
    """``deep ≈ slope · shallow + intercept``, residuals with standard deviation ``spread``;
    ``samples`` positions were fitted (0: no line, ProbCut does not cut in that phase)."""

    slope: float
    intercept: float
    spread: float
    samples: int


@dataclass(frozen=True)
class ProbCut:
    """Where and how ProbCut cuts.

    Attributes:
        shallow: Plies of the predicting search.
        deep: Plies left at the nodes where it cuts (above ``shallow``).
        lines: One :class:`CutLine` per phase (:func:`~gamelib.learning.fit.phase_of`).
        threshold: How many spreads beyond the bound the prediction must lie to cut.
        higher: Also cut at nodes with more than ``deep`` plies left, from a search
            ``deep − shallow`` plies shallower, with the same lines (an approximation: the
            lines are fitted for ``shallow`` and ``deep`` only).
    """

    shallow: int
    deep: int
    lines: tuple[CutLine, ...]
    threshold: float = 1.5
    higher: bool = False


@dataclass
class Counter:
    """Nodes entered by a search, shallow ProbCut searches included, and cuts made."""

    nodes: int = 0
    cuts: int = 0
    tries: int = 0


def children(state: OthelloState) -> list[tuple[int, OthelloState]]:
    """The moves of an unfinished position with the positions they lead to, in square order
    (a pass when the mover has no move)."""
    mover, opponent, player = state
    moves = legal_moves_mask(mover, opponent)
    if not moves:
        return [(PASS, OthelloState(opponent, mover, 1 - player))]
    result = []
    while moves:
        lowest = moves & -moves
        square = lowest.bit_length() - 1
        flipped = flips(mover, opponent, square)
        result.append((square, OthelloState(opponent ^ flipped, mover | flipped | lowest,
                                            1 - player)))  # fmt: skip
        moves ^= lowest
    return result


def is_finished(state: OthelloState) -> bool:
    """Whether neither side can move."""
    return not legal_moves_mask(state.mover, state.opponent) and not legal_moves_mask(
        state.opponent, state.mover
    )


def negamax_search(
    state: OthelloState,
    depth: int,
    evaluate: Evaluation,
    *,
    alpha: float = -math.inf,
    beta: float = math.inf,
    probcut: ProbCut | None = None,
    counter: Counter | None = None,
) -> tuple[float, int | None]:
    """Fail-soft α-β to ``depth`` plies: the value for the player to move and a best move
    (None at a leaf), with ProbCut when ``probcut`` is given.

    Guarantee without ProbCut: if value ≤ α the true depth-limited value is ≤ value, if
    value ≥ β it is ≥ value, otherwise it is exact (the minimax value of the depth-limited
    tree). With ProbCut the same holds only where no cut was wrong: a cut is a prediction.
    ``counter`` counts the nodes entered (ProbCut's shallow searches too) and the cuts.
    """
    counter = counter if counter is not None else Counter()
    return _search(state, depth, alpha, beta, evaluate, probcut, counter, root=True)


def _search(
    state: OthelloState, depth: int, alpha: float, beta: float, evaluate: Evaluation,
    probcut: ProbCut | None, counter: Counter, *, root: bool = False,
) -> tuple[float, int | None]:  # fmt: skip
    counter.nodes += 1
    if is_finished(state):
        return float(final_score(state.mover, state.opponent)), None
    if depth == 0:
        return evaluate(state), None
    if (
        probcut is not None
        and not root
        and (depth == probcut.deep or (probcut.higher and depth > probcut.deep))
    ):
        shallow = depth - (probcut.deep - probcut.shallow)
        line = probcut.lines[phase_of(empties_of(state))]
        if line.samples and line.slope > 0:
            margin = probcut.threshold * line.spread
            counter.tries += 1
            if beta < math.inf:  # would the deep value reach β? predict with a null window
                bound = (beta + margin - line.intercept) / line.slope
                value, _ = _search(state, shallow, bound - 1e-9, bound, evaluate, None,
                                   counter)  # fmt: skip
                if value >= bound:
                    counter.cuts += 1
                    return beta, None
            if alpha > -math.inf:
                bound = (alpha - margin - line.intercept) / line.slope
                value, _ = _search(state, shallow, bound, bound + 1e-9, evaluate, None,
                                   counter)  # fmt: skip
                if value <= bound:
                    counter.cuts += 1
                    return alpha, None
    best, best_move = -math.inf, None
    for move, child in children(state):
        value, _ = _search(child, depth - 1, -beta, -max(alpha, best), evaluate, probcut, counter)
        value = -value
        if value > best:
            best, best_move = value, move
            if best >= beta:
                break
    return best, best_move


@dataclass
class Scatter:
    """Shallow and deep values of sample positions, by phase (what :func:`fit_probcut` fits
    and a notebook plots)."""

    shallow: int
    deep: int
    points: dict[int, list[tuple[float, float]]] = field(default_factory=dict)


def scatter(
    states: Sequence[OthelloState], evaluate: Evaluation, shallow: int, deep: int
) -> Scatter:
    """The ``shallow``- and ``deep``-ply values of each unfinished position of ``states``."""
    result = Scatter(shallow, deep)
    for state in states:
        if is_finished(state):
            continue
        low, _ = negamax_search(state, shallow, evaluate)
        high, _ = negamax_search(state, deep, evaluate)
        result.points.setdefault(phase_of(empties_of(state)), []).append((low, high))
    return result


def fit_probcut(
    points: Scatter, threshold: float = 1.5, fewest: int = 10, *, higher: bool = False
) -> ProbCut:
    """The line and spread of each phase of ``points`` by least squares (no line, so no cut,
    for a phase with fewer than ``fewest`` positions)."""
    lines = []
    for phase in range(PHASES):
        pairs = points.points.get(phase, [])
        if len(pairs) < fewest:
            lines.append(CutLine(0.0, 0.0, 0.0, 0))
            continue
        data = np.array(pairs, dtype=np.float64)
        matrix = np.column_stack([data[:, 0], np.ones(len(data))])
        slope, intercept = least_squares(matrix, data[:, 1])
        residuals = data[:, 1] - matrix @ np.array([slope, intercept])
        spread = float(np.sqrt(np.mean(residuals**2)))
        lines.append(CutLine(float(slope), float(intercept), spread, len(pairs)))
    return ProbCut(points.shallow, points.deep, tuple(lines), threshold, higher)


__all__ = [
    "Counter",
    "CutLine",
    "ProbCut",
    "Scatter",
    "children",
    "fit_probcut",
    "is_finished",
    "negamax_search",
    "scatter",
]
