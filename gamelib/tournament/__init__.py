"""Students' players in a class tournament: the player interface, a referee that trusts no
player's code, schedules, ratings, and the leaderboard.

* :mod:`gamelib.tournament.player` — what a player file sees (:class:`Clock`, :class:`Report`).
* :mod:`gamelib.tournament.records` — the game specs and results a tournament is made of.
"""

from gamelib.tournament.player import Clock, Report
from gamelib.tournament.records import (
    ClockSettings,
    GameResult,
    GameSpec,
    Limits,
    MoveRecord,
    SideOutcome,
    Status,
)

__all__ = [
    "Clock",
    "ClockSettings",
    "GameResult",
    "GameSpec",
    "Limits",
    "MoveRecord",
    "Report",
    "SideOutcome",
    "Status",
]
