"""The ladder's α-β depth 3: α-β search 3 plies deep (see :mod:`gamelib.tournament.ladder`)."""

from typing import Any

from gamelib.tournament.ladder import LadderPlayer, alphabeta_player


class Player(LadderPlayer):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(alphabeta_player(game, depth=3))
