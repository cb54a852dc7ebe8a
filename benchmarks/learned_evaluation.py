"""The learned evaluation on held-out games: error against the labels and the best move.

Run from the repository root (after ``python -m gamelib.learning.dataset``)::

    python benchmarks/learned_evaluation.py
    python benchmarks/learned_evaluation.py --positions 300 --seed 0

The data set is split **by game** (:meth:`~gamelib.learning.dataset.Dataset.held_out`: every
fifth game held out, so no game has positions on both sides). Three evaluations are
compared, each from the view of the player to move:

* **learned**: :mod:`gamelib.learning`'s features with weights per phase fitted here on the
  training games (the same fit as ``python -m gamelib.learning.fit``);
* **square weights**: :data:`~gamelib.games.othello.SQUARE_WEIGHTS`, own discs minus the
  opponent's;
* **sample player**: the sample player's evaluation
  (:func:`~gamelib.tournament.sample_player.weighted_evaluation` with its shipped weights).

1. **Error**: the square weights and the sample player's evaluation are on their own scales,
   so each gets, per phase, the best straight line ``a · value + b`` to the labels on the
   training games (least squares) before its error is measured — the comparison is of what
   the evaluations *know*, not of their units. Printed per phase: the root mean square error
   on held-out positions (in discs of the final difference) and the share of positions
   where the evaluation's sign names the winner (draws left out).
2. **Best move ranked first**: on ``--positions`` held-out positions with 7 to
   the data set's ``solve_empties`` empty squares and at least two moves,
   each move's exact value comes from the endgame solver; an evaluation ranks the moves by
   its value of the position after each move (lowest for the opponent first). Printed: how
   often its first move is one of the optimal moves, and the same for a move drawn at random
   (the share of optimal moves, on average). Only endgame positions can be checked this way:
   earlier ones would need a solve far beyond the course's machine.

Measured on this project's loaded 2-core machine (2026-11-29, the cached data set of 1000
games, seed 38; 800 training games, 48188 positions; 200 held-out games, 12099 positions;
101 s): root mean square error over all held-out positions 24.65 discs for the learned
evaluation, 27.10 for the square weights and 26.23 for the sample player's evaluation (each
of the last two through its best line per phase); the winner named by the sign in 77.1 %,
72.1 % and 75.8 % of them. The learned evaluation is the most accurate in every phase (1–6
empties: 8.77 against 15.53 and 14.68; 55–60: 34.35, 34.80, 34.62). Best move ranked first
on 300 held-out positions with 7 to 12 empties: learned 53.0 %, square weights 30.3 %,
sample player 38.0 %, a random move 29.1 %.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.endgame import solve
from gamelib.games.othello import Othello, OthelloState, square_weight_sum
from gamelib.learning.dataset import DEFAULT_PATH, load
from gamelib.learning.fit import PHASE_WIDTH, PHASES, fit, least_squares, phase_of
from gamelib.tournament.sample_player import IMPROVED, weighted_evaluation

Evaluation = Callable[[OthelloState], float]


def square_weights(state: OthelloState) -> float:
    """The square weights, own discs minus the opponent's."""
    return float(square_weight_sum(state.mover) - square_weight_sum(state.opponent))


def phase_lines(
    values: np.ndarray, labels: np.ndarray, phases: np.ndarray
) -> dict[int, tuple[float, float]]:
    """Per phase, the least-squares line (a, b) from values to labels."""
    lines = {}
    for phase in range(PHASES):
        chosen = phases == phase
        matrix = np.column_stack([values[chosen], np.ones(chosen.sum())])
        a, b = least_squares(matrix, labels[chosen].astype(float))
        lines[phase] = (float(a), float(b))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", type=Path, default=DEFAULT_PATH)
    options = parser.parse_args()
    started = time.perf_counter()
    dataset = load(options.data)
    provenance = json.loads(dataset.provenance)
    print(f"data set: {provenance}")
    held = dataset.held_out()
    training, testing = dataset.subset(~held), dataset.subset(held)
    learned = fit(training)
    sample = weighted_evaluation(IMPROVED)
    evaluations: dict[str, Evaluation] = {
        "learned": learned.value,
        "square weights": square_weights,
        "sample player": sample,
    }
    print(
        f"training: {len(training)} positions of {len(set(training.game.tolist()))} games; "
        f"held out: {len(testing)} positions of {len(set(testing.game.tolist()))} games"
    )
    train_states, test_states = list(training.states()), list(testing.states())
    train_phases = np.array([phase_of(int(e)) for e in training.empties])
    test_phases = np.array([phase_of(int(e)) for e in testing.empties])
    test_labels = testing.label.astype(float)
    predictions = {}
    for name, evaluate in evaluations.items():
        test_values = np.array([evaluate(state) for state in test_states])
        if name == "learned":
            predictions[name] = test_values
            continue
        train_values = np.array([evaluate(state) for state in train_states])
        lines = phase_lines(train_values, training.label, train_phases)
        slope = np.array([lines[p][0] for p in test_phases])
        intercept = np.array([lines[p][1] for p in test_phases])
        predictions[name] = slope * test_values + intercept
    names = list(evaluations)
    print("\n1. Error on held-out positions: root mean square error in discs (the share of")
    print("   positions whose winner the sign names), per phase of empty squares")
    print(f"{'empties':>8} {'positions':>9} " + " ".join(f"{name:>22}" for name in names))
    for phase in [*range(PHASES - 1, -1, -1), None]:
        chosen = np.ones(len(testing), bool) if phase is None else test_phases == phase
        if not chosen.any():
            continue
        decided = chosen & (test_labels != 0)
        cells = []
        for name in names:
            error = math.sqrt(
                float(np.mean((predictions[name][chosen] - test_labels[chosen]) ** 2))
            )
            right = float(
                np.mean(np.sign(predictions[name][decided]) == np.sign(test_labels[decided]))
            )
            cells.append(f"{error:12.2f} ({right:6.1%})")
        span = "all" if phase is None else f"{phase * PHASE_WIDTH + 1}-{(phase + 1) * PHASE_WIDTH}"
        print(f"{span:>8} {int(chosen.sum()):>9} " + " ".join(f"{cell:>22}" for cell in cells))
    exact_rows = np.flatnonzero(testing.exact & (testing.empties >= 7))
    generator = random.Random(options.seed)
    game = Othello()
    chosen_rows = [int(row) for row in exact_rows]
    generator.shuffle(chosen_rows)
    firsts = dict.fromkeys(names, 0)
    random_share = 0.0
    checked = 0
    for row in chosen_rows:
        if checked == options.positions:
            break
        state = test_states[row]
        moves = list(game.moves(state))
        if len(moves) < 2:
            continue
        children = [game.result(state, move) for move in moves]
        values = [-solve(child, progress=False, pv=False).value for child in children]
        best = max(values)
        optimal = {move for move, value in zip(moves, values, strict=True) if value == best}
        random_share += len(optimal) / len(moves)
        for name, evaluate in evaluations.items():
            scores = [
                -game.utility(child) * 1000 if game.is_terminal(child) else -evaluate(child)
                for child in children
            ]
            first = moves[max(range(len(moves)), key=scores.__getitem__)]
            firsts[name] += first in optimal
        checked += 1
    print(
        f"\n2. Best move ranked first, on {checked} held-out positions with 7 to "
        f"{provenance['solve_empties']} "
        "empty squares (exact move values by the solver):"
    )
    for name in names:
        print(f"   {name:>15}: {firsts[name] / checked:.1%}")
    print(f"   {'a random move':>15}: {random_share / checked:.1%}")
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
