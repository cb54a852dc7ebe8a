"""The ladder's Random player (see :mod:`gamelib.tournament.ladder`)."""

from typing import Any

from gamelib.tournament.ladder import LadderPlayer, random_player


class Player(LadderPlayer):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(random_player(game))
