"""A player for ProbCut's test in play: :func:`~gamelib.learning.probcut.negamax_search`
deepened by the clock, with or without ProbCut, the learned evaluation at the leaves.

The two players of ``benchmarks/probcut_sprt.py`` are this one with ProbCut
(:func:`~gamelib.learning.probcut.load_probcut`) and without it: the same search, the same
evaluation, the same clock rules (the sample player's
:func:`~gamelib.tournament.sample_player.move_budget` and
:func:`~gamelib.tournament.sample_player.predicted_seconds`), so a difference in
strength is what ProbCut's saved nodes buy in depth, less what its wrong cuts cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from gamelib.games.othello import Othello, OthelloState
from gamelib.language import Language, words
from gamelib.learning.fit import learned_evaluation, load_weights
from gamelib.learning.probcut import Counter, Evaluation, ProbCut, negamax_search
from gamelib.tournament.player import Clock, Report
from gamelib.tournament.sample_player import (
    CLOCK_CHECKS_EVERY,
    DEFAULT_GROWTH,
    RESERVE,
    OutOfTimeError,
    move_budget,
    moves_left,
    predicted_seconds,
)

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "othello only": {
        "en": "this player plays Othello only, not {game}",
        "ja": "このプレイヤーはオセロ専用です（{game} は打てません）。",
    },
}
"""The sentences this module writes for a reader, in both languages."""


def deepen(
    state: OthelloState,
    clock: Clock,
    evaluate: Evaluation,
    probcut: ProbCut | None = None,
    *,
    reserve: float = RESERVE,
    max_depth: int = 60,
) -> Report:
    """Iterative deepening of :func:`~gamelib.learning.probcut.negamax_search` (ProbCut
    when ``probcut`` is given) stopped by the clock, as the sample player's
    :func:`~gamelib.tournament.sample_player.deepen` stops (depth 1 always finishes; a
    deeper iteration is begun only if the predicted time fits the move's budget and is
    thrown away if a clock check finds it past the budget).

    Guarantee: the move is that of the deepest iteration completed (a legal move of an
    unfinished position), its value that search's; without ProbCut the exact depth-limited
    value of that depth.
    """
    started = clock.elapsed()
    budget = move_budget(clock, moves_left(state), reserve)
    evaluations = 0

    def watched(position: OthelloState) -> float:
        nonlocal evaluations
        evaluations += 1
        if evaluations % CLOCK_CHECKS_EVERY == 0 and clock.elapsed() >= budget:
            raise OutOfTimeError
        return evaluate(position)

    counter = Counter()
    value, move = negamax_search(state, 1, evaluate, probcut=probcut, counter=counter)
    reached, nodes, times = 1, [counter.nodes], [clock.elapsed() - started]
    for depth in range(2, max_depth + 1):
        if clock.elapsed() + predicted_seconds(times, nodes, DEFAULT_GROWTH) > budget:
            break
        begun, counter = clock.elapsed(), Counter()
        try:
            value, move = negamax_search(state, depth, watched, probcut=probcut, counter=counter)
        except OutOfTimeError:
            break
        reached = depth
        nodes.append(counter.nodes)
        times.append(clock.elapsed() - begun)
    return Report(move=move, depth=reached, nodes=sum(nodes), value=float(value))


class Player:
    """A tournament player for Othello: :func:`deepen` with the learned evaluation, and
    ProbCut when given one.

    Raises:
        ValueError: for a game other than Othello.
    """

    def __init__(self, game: Any, side: int, probcut: ProbCut | None = None) -> None:
        if not isinstance(game, Othello):
            raise ValueError(words(WORDS["othello only"]).format(game=type(game).__name__))
        self.evaluate = learned_evaluation(load_weights())
        self.probcut = probcut

    def choose_move(self, game: Any, state: OthelloState, clock: Clock) -> Report:
        """A :class:`Report` from :func:`deepen` (a single legal move is played at once)."""
        moves = game.moves(state)
        if len(moves) == 1:
            return Report(move=moves[0], depth=0, nodes=0)
        return deepen(state, clock, self.evaluate, self.probcut)


__all__ = ["Player", "deepen"]
