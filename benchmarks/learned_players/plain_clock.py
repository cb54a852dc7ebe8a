"""The learned evaluation's α-β deepened by the clock, without ProbCut: for the SPRT of
``benchmarks/probcut_sprt.py`` against ``probcut_clock.py``, the same player with it."""

from typing import Any

from gamelib.learning import play


class Player(play.Player):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(game, side, probcut=None)
