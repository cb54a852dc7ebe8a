"""What a student's player sees: the clock it plays against, and the report it may return.

A *player file* is a Python file with one function::

    def choose_move(game, state, clock):
        ...
        return move                      # one of game.moves(state), or its name ("f5")

or a class ``Player`` whose instances have that method (``Player(game, side)`` is built once
per game, so it may keep a transposition table from move to move). ``game`` is the course's
game object (:class:`gamelib.games.othello.Othello` …), ``state`` the position, ``clock`` a
:class:`Clock`. Instead of the bare move, a player may return a :class:`Report`: the move
plus what its search saw (depth reached, nodes, value, principal variation), which replays
show beside each move.

Chance: before the file is loaded, its process seeds Python's :mod:`random` module from the
game's seed and the player's side, so a player that draws from ``random`` (``random.choice``,
or a seed for its own ``random.Random(random.randrange(2**32))``) plays the same game every
time the tournament is replayed with the same seeds.

Where a player runs (:mod:`gamelib.tournament.sandbox`): a process of its own, started once
per game, so module-level variables and a ``Player`` instance live from move to move of one
game, never from game to game. What it prints (stdout and stderr) is its log, kept up to the
spec's ``log_bytes``. Under the sandbox its working folder holds only a read-only copy of its
file; it may write there and in ``/tmp`` (small private folders, gone after the game), it has
no network, and it sees Python, the installed packages and ``gamelib``, nothing else.

This module is imported by the player's own process (:mod:`gamelib.tournament.child`), so it
imports nothing of the referee.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Clock:
    """The time a player has for the move it is choosing.

    A move may take ``move_seconds``; every second beyond that is paid from the bank, the
    referee's grace included. A move loses on time when it takes longer than ``move_seconds``
    plus the bank plus the grace (:meth:`~gamelib.tournament.records.ClockSettings.allowance`);
    a move that ends inside the grace with no bank left leaves a debt (``bank_seconds`` below
    0 on the next move) that shortens the next move's time. So ``seconds_left()``, the time
    until the bank is used up (this move's time plus the bank, minus what has passed), leaves
    only the grace to spare; a prudent player stops well before.

    Attributes:
        move_seconds: The time per move, not taken from the bank.
        bank_seconds: The bank left when this move began (below 0: a debt from the last
            move, which this move's time pays).
        started: ``time.perf_counter()`` when this move began (in the player's process).
    """

    move_seconds: float
    bank_seconds: float
    started: float = field(default_factory=time.perf_counter)

    def elapsed(self) -> float:
        """Seconds since this move began."""
        return time.perf_counter() - self.started

    def seconds_left(self) -> float:
        """Seconds until this move has used up the bank (never below 0); past it, only the
        grace is left before the move loses on time."""
        return max(0.0, self.move_seconds + self.bank_seconds - self.elapsed())

    def move_seconds_left(self) -> float:
        """Seconds until this move starts spending the bank (never below 0)."""
        return max(0.0, self.move_seconds - self.elapsed())


@dataclass(frozen=True)
class Report:
    """A move and what the search that chose it saw (every field but ``move`` optional).

    Attributes:
        move: The move (one of ``game.moves(state)``) or its name.
        depth: The depth the search completed.
        nodes: How many positions it visited.
        value: Its value of the position, from the mover's view.
        principal_variation: The line it expects, as move names, this move first.
    """

    move: Any
    depth: int | None = None
    nodes: int | None = None
    value: float | None = None
    principal_variation: Sequence[str] = ()

    def telemetry(self) -> dict[str, Any]:
        """The search fields as plain JSON values (None where not reported)."""
        return {
            "depth": self.depth,
            "nodes": self.nodes,
            "value": self.value,
            "principal_variation": [str(move) for move in self.principal_variation],
        }


ChooseMove = Callable[[Any, Any, Clock], Any]
"""The shape of a player's ``choose_move(game, state, clock)``."""

TELEMETRY_FIELDS: Mapping[str, type] = {
    "depth": int,
    "nodes": int,
    "value": float,
    "principal_variation": list,
}
"""The search fields a :class:`Report` carries, with their JSON types."""

__all__ = ["TELEMETRY_FIELDS", "ChooseMove", "Clock", "Report"]
