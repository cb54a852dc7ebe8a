"""The ladder's Positional player (see :mod:`gamelib.tournament.ladder`)."""

from typing import Any

from gamelib.tournament.ladder import LadderPlayer, positional_player


class Player(LadderPlayer):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(positional_player(game))
