"""Weights per game phase for :mod:`gamelib.learning.features`, fitted by least squares.

The learned evaluation of a position is ``weights[phase] · features(position)``: a
prediction of the final disc difference for the player to move, where the phase is the
number of empty squares in steps of :data:`PHASE_WIDTH` (the corners matter more in the
middle game than at the start, mobility less at the very end). Each phase's weights are
fitted apart, by (ridge-regularised) least squares with numpy
(:func:`least_squares`), on the positions of that phase.

::

    python -m gamelib.learning.fit

fits the weights on the training games of the cached data set (every game but the held-out
fifth, :meth:`~gamelib.learning.dataset.Dataset.held_out`) and writes them with their
provenance to :data:`DEFAULT_WEIGHTS`; :func:`load_weights` reads them and
:func:`learned_evaluation` turns them into an evaluation for a search.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from gamelib.games.othello import OthelloState
from gamelib.language import Language, words
from gamelib.learning.dataset import DEFAULT_PATH, Dataset, load
from gamelib.learning.features import FEATURE_NAMES, empties_of, features

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "ridge": {
        "en": "the ridge penalty must be 0 or more, not {ridge}",
        "ja": "リッジ正則化の係数は 0 以上にしてください（{ridge} ではなく）。",
    },
    "shapes": {
        "en": "expected a matrix of rows and one target per row, got shapes {matrix} and {targets}",
        "ja": "行列と、行ごとに 1 つの目標値が必要です。形は {matrix} と {targets} でした。",
    },
    "weights": {
        "en": "expected {phases} phases of {count} weights each ({names})",
        "ja": "{phases} 個の段階それぞれに {count} 個の重み（{names}）が必要です。",
    },
    "not weights": {
        "en": "not learned weights for the features {names}",
        "ja": "特徴 {names} の学習済みの重みではありません。",
    },
    "phase width": {
        "en": "the weights are for phases of {width} empties, not {ours}",
        "ja": "この重みは空きマス {width} 個ごとの段階のもので、{ours} 個ごとではありません。",
    },
    "written": {
        "en": "{path}: {count} positions of the training games",
        "ja": "{path}：学習用の対局の局面 {count} 個",
    },
}
"""The sentences this module writes for a reader, in both languages."""


PHASE_WIDTH: Final = 6
"""Empty squares per phase: phase 0 is 1–6 empties, phase 1 is 7–12, …, phase 9 is 55–60."""

PHASES: Final = 10
"""The number of phases (60 empties at the start, ``60 / PHASE_WIDTH``)."""

DEFAULT_RIDGE: Final = 1.0
"""The ridge penalty of the course's fit (a small pull towards 0, which only matters for
features that hardly vary in a phase, such as corners in the opening)."""

DEFAULT_WEIGHTS: Final = Path(__file__).resolve().parent / "data" / "weights.json"
"""Where the course's fitted weights are kept."""


def phase_of(empties: int) -> int:
    """The phase of a position with ``empties`` empty squares (0 for the fewest)."""
    return min(max(empties - 1, 0) // PHASE_WIDTH, PHASES - 1)


def feature_matrix(states: Iterable[OthelloState]) -> npt.NDArray[np.float64]:
    """One row of :func:`~gamelib.learning.features.features` per position."""
    rows = [features(state) for state in states]
    return np.array(rows, dtype=np.float64).reshape(len(rows), len(FEATURE_NAMES))


def least_squares(
    matrix: npt.NDArray[np.float64], targets: npt.NDArray[np.float64], ridge: float = 0.0
) -> npt.NDArray[np.float64]:
    """The weights ``w`` that minimise ``|matrix · w − targets|² + ridge · |w|²``.

    Guarantee: with ``ridge`` 0 and a matrix of full column rank, the ordinary least-squares
    solution (so targets made exactly as ``matrix · w`` give back ``w``); with no rows, all
    zeros. Solved by :func:`numpy.linalg.lstsq` on the matrix stacked over ``√ridge · I``.

    Raises:
        ValueError: for a negative ridge or shapes that do not fit.
    """
    if ridge < 0:
        raise ValueError(words(WORDS["ridge"]).format(ridge=ridge))
    if matrix.ndim != 2 or targets.shape != (matrix.shape[0],):
        raise ValueError(words(WORDS["shapes"]).format(matrix=matrix.shape, targets=targets.shape))
    columns = matrix.shape[1]
    if matrix.shape[0] == 0:
        return np.zeros(columns)
    if ridge:
        matrix = np.vstack([matrix, np.sqrt(ridge) * np.eye(columns)])
        targets = np.concatenate([targets, np.zeros(columns)])
    solution, *_ = np.linalg.lstsq(matrix, targets, rcond=None)
    return np.asarray(solution, dtype=np.float64)


@dataclass(frozen=True)
class LearnedWeights:
    """Weights per phase for the features of :data:`~gamelib.learning.features.FEATURE_NAMES`.

    Attributes:
        weights: ``weights[phase][feature]``, :data:`PHASES` rows.
        provenance: How they were fitted (data set, games, ridge, counts), a JSON object.
    """

    weights: tuple[tuple[float, ...], ...]
    provenance: str = "{}"

    def __post_init__(self) -> None:
        if len(self.weights) != PHASES or any(
            len(row) != len(FEATURE_NAMES) for row in self.weights
        ):
            raise ValueError(
                words(WORDS["weights"]).format(
                    phases=PHASES, count=len(FEATURE_NAMES), names=", ".join(FEATURE_NAMES)
                )
            )

    def value(self, state: OthelloState) -> float:
        """The learned evaluation of a position, for the player to move."""
        row = self.weights[phase_of(empties_of(state))]
        return sum(weight * feature for weight, feature in zip(row, features(state), strict=True))

    def to_json(self) -> str:
        """The weights as JSON text: the features named, then one line of weights per phase
        (rounded to 4 decimals), then the provenance."""
        rows = ",\n".join(
            "  " + json.dumps([round(weight, 4) for weight in row]) for row in self.weights
        )
        return (
            "{\n"
            f' "features": {json.dumps(list(FEATURE_NAMES), ensure_ascii=False)},\n'
            f' "phase_width": {PHASE_WIDTH},\n'
            f' "weights": [\n{rows}\n ],\n'
            f' "provenance": {json.dumps(json.loads(self.provenance), ensure_ascii=False)}\n'
            "}"
        )

    @classmethod
    def from_json(cls, text: str) -> LearnedWeights:
        """Weights written by :meth:`to_json`.

        Raises:
            ValueError: for text that is not such weights (other features or phases).
        """
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("features") != list(FEATURE_NAMES):
            raise ValueError(words(WORDS["not weights"]).format(names=", ".join(FEATURE_NAMES)))
        if data.get("phase_width") != PHASE_WIDTH:
            raise ValueError(
                words(WORDS["phase width"]).format(width=data.get("phase_width"), ours=PHASE_WIDTH)
            )
        rows = tuple(tuple(float(weight) for weight in row) for row in data["weights"])
        return cls(rows, json.dumps(data.get("provenance", {}), ensure_ascii=False))


def fit(dataset: Dataset, ridge: float = DEFAULT_RIDGE) -> LearnedWeights:
    """Weights for each phase by :func:`least_squares` on that phase's positions of
    ``dataset``, their labels as targets."""
    matrix = feature_matrix(dataset.states())
    targets = dataset.label.astype(np.float64)
    phases = np.array([phase_of(int(empties)) for empties in dataset.empties])
    rows = []
    for phase in range(PHASES):
        chosen = phases == phase
        rows.append(tuple(float(w) for w in least_squares(matrix[chosen], targets[chosen], ridge)))
    provenance = {
        "data set": json.loads(dataset.provenance),
        "positions": len(dataset),
        "games": len(set(dataset.game.tolist())),
        "ridge": ridge,
    }
    return LearnedWeights(tuple(rows), json.dumps(provenance, ensure_ascii=False))


def load_weights(path: Path = DEFAULT_WEIGHTS) -> LearnedWeights:
    """The weights saved at ``path`` (the course's by default)."""
    return LearnedWeights.from_json(Path(path).read_text(encoding="utf-8"))


def learned_evaluation(weights: LearnedWeights) -> Callable[[OthelloState], float]:
    """The evaluation with ``weights``, a function of an unfinished position (for the player
    to move), as :func:`gamelib.search.alphabeta`'s ``evaluate`` takes it."""
    return weights.value


def main(arguments: Sequence[str] | None = None) -> int:
    """The command: fit on the training games of a data set, write the weights."""
    parser = argparse.ArgumentParser(
        prog="python -m gamelib.learning.fit", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_PATH)
    parser.add_argument("--output", type=Path, default=DEFAULT_WEIGHTS)
    parser.add_argument("--ridge", type=float, default=DEFAULT_RIDGE)
    options = parser.parse_args(arguments)
    dataset = load(options.data)
    training = dataset.subset(~dataset.held_out())
    weights = fit(training, options.ridge)
    options.output.write_text(weights.to_json() + "\n", encoding="utf-8")
    print(words(WORDS["written"]).format(path=options.output, count=len(training)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
