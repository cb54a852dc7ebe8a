"""The sample player (:mod:`gamelib.tournament.sample_player`: iterative deepening by the
clock, a transposition table kept from move to move) with the learned evaluation
(:mod:`gamelib.learning`) instead of its own: for the SPRT at the tournament clock of
``benchmarks/learned_evaluation_sprt.py --clock``."""

from typing import Any

from gamelib.games.othello import Othello
from gamelib.learning.fit import learned_evaluation, load_weights
from gamelib.tournament import sample_player


class Player(sample_player.Player):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(game, side)
        if isinstance(game, Othello):  # elsewhere the game's own evaluation, as before
            self.evaluate = learned_evaluation(load_weights())
