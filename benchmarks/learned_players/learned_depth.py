"""α-β to a fixed depth with the learned evaluation (:mod:`gamelib.learning`), for the SPRT
of ``benchmarks/learned_evaluation_sprt.py``: the same search as ``sample_depth.py``, only
the evaluation differs (DEPTH plies, finished games scored by the sample player's
DecisiveOthello, root ties broken by the game's seed)."""

import random
from typing import Any

from gamelib.learning.fit import learned_evaluation, load_weights
from gamelib.players import SearchPlayer
from gamelib.search import alphabeta
from gamelib.tournament.player import Clock
from gamelib.tournament.sample_player import searched_game

DEPTH = 3


class Player:
    def __init__(self, game: Any, side: int) -> None:
        self.game, _ = searched_game(game)
        self.search = SearchPlayer(
            alphabeta,
            depth=DEPTH,
            evaluate=learned_evaluation(load_weights()),
            seed=random.randrange(2**32),
        )

    def choose_move(self, game: Any, state: Any, clock: Clock) -> Any:
        return self.search.choose(self.game, state)
