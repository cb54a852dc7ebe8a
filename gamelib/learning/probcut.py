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

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Final

import numpy as np

from gamelib.games.othello import Othello, OthelloState
from gamelib.language import Language, words
from gamelib.learning.features import empties_of
from gamelib.learning.fit import PHASES, least_squares, phase_of

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "scatter": {
        "en": "a scatter of {shallow} and {deep} plies does not fit ProbCut from {low} to "
        "{high} plies (searches {gap} plies apart, one scatter per height)",
        "ja": "{shallow} 手と {deep} 手の散布図は、{low} 手から {high} 手の ProbCut に合いません"
        "（探索の深さの差は {gap} 手、高さごとに散布図 1 つ）。",
    },
    "lines": {
        "en": "expected one ProbCut line per phase ({phases})",
        "ja": "ProbCut の直線が段階ごとに 1 本（{phases} 本）必要です。",
    },
    "not probcut": {
        "en": "not a ProbCut written by probcut_to_json: {error}",
        "ja": "probcut_to_json で書かれた ProbCut ではありません：{error}",
    },
}
"""The sentences this module writes for a reader, in both languages."""


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
            ``deep − shallow`` plies shallower, with the lines of the greatest height fitted
            at or below it (``heights``, else ``lines``): exact where that height was
            fitted, an approximation above.
        heights: Lines fitted at other heights, ``(plies left, lines per phase)``: the deep
            and shallow values of a search of that many plies and of one ``deep − shallow``
            plies shallower (:func:`fit_probcut`'s ``others``).
    """

    shallow: int
    deep: int
    lines: tuple[CutLine, ...]
    threshold: float = 1.5
    higher: bool = False
    heights: tuple[tuple[int, tuple[CutLine, ...]], ...] = ()

    def lines_at(self, depth: int) -> tuple[CutLine, ...] | None:
        """The lines by which a node with ``depth`` plies left is cut (None: no cut there):
        those fitted at that height, or with ``higher``, those of the greatest fitted height
        below it."""
        fitted = {self.deep: self.lines, **dict(self.heights)}
        if depth in fitted:
            return fitted[depth]
        below = [height for height in fitted if height < depth]
        if self.higher and depth > self.deep and below:
            return fitted[max(below)]
        return None


@dataclass
class Counter:
    """Nodes entered by a search, shallow ProbCut searches included, and cuts made."""

    nodes: int = 0
    cuts: int = 0
    tries: int = 0


OTHELLO: Final = Othello()
"""The game whose moves, results and end the searches here follow (official scoring)."""


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
    if OTHELLO.is_terminal(state):
        return float(OTHELLO.utility(state)), None
    if depth == 0:
        return evaluate(state), None
    lines = probcut.lines_at(depth) if probcut is not None and not root else None
    if probcut is not None and lines is not None:
        shallow = depth - (probcut.deep - probcut.shallow)
        line = lines[phase_of(empties_of(state))]
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
    for move in OTHELLO.moves(state):
        value, _ = _search(
            OTHELLO.result(state, move),
            depth - 1,
            -beta,
            -max(alpha, best),
            evaluate,
            probcut,
            counter,
        )
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
        if OTHELLO.is_terminal(state):
            continue
        low, _ = negamax_search(state, shallow, evaluate)
        high, _ = negamax_search(state, deep, evaluate)
        result.points.setdefault(phase_of(empties_of(state)), []).append((low, high))
    return result


def fit_lines(points: Scatter, fewest: int = 10) -> tuple[CutLine, ...]:
    """The line and spread of each phase of ``points`` by least squares (no line, so no cut,
    for a phase with fewer than ``fewest`` positions).

    Guarantee: each line is the ordinary least-squares line of deep on shallow values of its
    phase, its spread the root mean square of the residuals (points on a line give it back
    with spread 0)."""
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
    return tuple(lines)


def fit_probcut(
    points: Scatter,
    threshold: float = 1.5,
    fewest: int = 10,
    *,
    higher: bool = False,
    others: Sequence[Scatter] = (),
) -> ProbCut:
    """ProbCut with the lines of :func:`fit_lines` for ``points`` (the cut at
    ``points.deep`` plies left) and for each scatter of ``others`` (the cut at its ``deep``
    plies left: the lines a cut at that height really uses).

    Raises:
        ValueError: for another scatter whose shallow search is not as many plies below its
            deep one as in ``points`` (ProbCut's shallow search is always ``deep − shallow``
            plies shallower), or one at ``points``' own height.
    """
    gap = points.deep - points.shallow
    heights = []
    for other in others:
        if other.deep - other.shallow != gap or other.deep == points.deep:
            raise ValueError(
                words(WORDS["scatter"]).format(
                    shallow=other.shallow, deep=other.deep, low=points.shallow,
                    high=points.deep, gap=gap,
                )
            )  # fmt: skip
        heights.append((other.deep, fit_lines(other, fewest)))
    return ProbCut(
        points.shallow, points.deep, fit_lines(points, fewest), threshold, higher,
        tuple(sorted(heights)),
    )  # fmt: skip


DEFAULT_PROBCUT: Final = Path(__file__).resolve().parent / "data" / "probcut.json"
"""Where the course's fitted ProbCut lines are kept (``benchmarks/probcut.py --save``)."""


def probcut_to_json(probcut: ProbCut) -> str:
    """``probcut`` as JSON text (what :func:`probcut_from_json` reads back)."""
    data = asdict(probcut)
    return json.dumps(data, indent=1)


def probcut_from_json(text: str) -> ProbCut:
    """The ProbCut written by :func:`probcut_to_json`.

    Raises:
        ValueError: for text that is not such a ProbCut (other fields, not one line per
            phase).
    """
    data = json.loads(text)

    def lines_of(rows: object) -> tuple[CutLine, ...]:
        if not isinstance(rows, list) or len(rows) != PHASES:
            raise ValueError(words(WORDS["lines"]).format(phases=PHASES))
        return tuple(CutLine(**row) for row in rows)

    try:
        return ProbCut(
            shallow=int(data["shallow"]),
            deep=int(data["deep"]),
            lines=lines_of(data["lines"]),
            threshold=float(data["threshold"]),
            higher=bool(data["higher"]),
            heights=tuple((int(height), lines_of(rows)) for height, rows in data["heights"]),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(words(WORDS["not probcut"]).format(error=error)) from None


def load_probcut(path: Path = DEFAULT_PROBCUT) -> ProbCut:
    """The ProbCut saved at ``path`` (the course's by default)."""
    return probcut_from_json(Path(path).read_text(encoding="utf-8"))


__all__ = [
    "DEFAULT_PROBCUT",
    "Counter",
    "CutLine",
    "ProbCut",
    "Scatter",
    "fit_lines",
    "fit_probcut",
    "load_probcut",
    "negamax_search",
    "probcut_from_json",
    "probcut_to_json",
    "scatter",
]
