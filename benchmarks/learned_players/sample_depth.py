"""α-β to a fixed depth with the sample player's evaluation (its shipped weights,
:data:`~gamelib.tournament.sample_player.IMPROVED`), for the SPRT of
``benchmarks/learned_evaluation_sprt.py``: the same search as ``learned_depth.py``, only the
evaluation differs."""

import random
from typing import Any

from gamelib.players import SearchPlayer
from gamelib.search import alphabeta
from gamelib.tournament.player import Clock
from gamelib.tournament.sample_player import searched_game

DEPTH = 3


class Player:
    def __init__(self, game: Any, side: int) -> None:
        self.game, evaluate = searched_game(game)
        self.search = SearchPlayer(
            alphabeta, depth=DEPTH, evaluate=evaluate, seed=random.randrange(2**32)
        )

    def choose_move(self, game: Any, state: Any, clock: Clock) -> Any:
        return self.search.choose(self.game, state)
