"""The learned evaluation's α-β deepened by the clock, with ProbCut (the course's fitted
lines, ``gamelib/learning/data/probcut.json``): for the SPRT of ``benchmarks/probcut_sprt.py``
against ``plain_clock.py``, the same player without ProbCut."""

from typing import Any

from gamelib.learning import play
from gamelib.learning.probcut import load_probcut


class Player(play.Player):
    def __init__(self, game: Any, side: int) -> None:
        super().__init__(game, side, probcut=load_probcut())
