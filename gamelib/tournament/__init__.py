"""Students' players in a class tournament: the player interface, a referee that trusts no
player's code, schedules, ratings, and the leaderboard.

* :mod:`gamelib.tournament.player` — what a player file sees (:class:`Clock`, :class:`Report`).
* :mod:`gamelib.tournament.records` — the game specs and results a tournament is made of.
* :mod:`gamelib.tournament.referee` — ``play_game(spec)``: one game between two player
  files, each in its own process (:mod:`~gamelib.tournament.child`, over the line protocol
  of :mod:`~gamelib.tournament.protocol`), sandboxed by :mod:`~gamelib.tournament.sandbox`;
  :mod:`gamelib.tournament.ladder` — the course's players as player files (``LADDER``).
  Imported on demand, never here: the player's process imports this package and must not
  load the referee.
* :mod:`gamelib.tournament.openings`, :mod:`~gamelib.tournament.schedule`,
  :mod:`~gamelib.tournament.runner` — balanced openings, round robin and Swiss schedules, and
  the runner that plays them in parallel and resumes after a crash (``python -m
  gamelib.tournament FOLDER``; imported on demand, so a player's process stays light).
* :mod:`gamelib.tournament.leaderboard`, :mod:`~gamelib.tournament.replay` — the static
  leaderboard folder (both languages, offline) and each game's replay page with the players'
  reported searches; :mod:`~gamelib.tournament.check` — a student's check of a player file
  (``python -m gamelib.tournament.check check my_player.py``); imported on demand too.
* :mod:`gamelib.tournament.sprt` — the sequential probability ratio test (fishtest's
  generalized LLR on game pairs, Wald's bounds, the Elo estimate);
  :mod:`~gamelib.tournament.sprt_command` — ``player sprt A.py B.py``: plays pairs with the
  runner until the test decides, and resumes. Imported on demand.
* :mod:`gamelib.tournament.in_kernel` — games played inside the notebook's own process
  (notebook 10, the browser edition): a processor-time clock that forfeits after the fact,
  the same records; ``check_exercise`` for notebook 10's exercise. Imported on demand.
* :mod:`gamelib.tournament.sample_player` — notebook 10's sample player: a player file built
  from the course's search (deepening stopped by the clock, a table, a weighted evaluation).
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
