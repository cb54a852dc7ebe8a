"""A fake referee for the scheduler's tests: a result that depends only on the spec.

:func:`fake_play` takes ``spec.clock.move_seconds`` of wall time (so a test can catch a
tournament in the middle) and reports that time as measured times, which differ from run to
run like the real referee's. Everything else is a function of the spec: the points from its
seed, and a *void* first attempt for one game in seven (by seed), whose replay is never void.
It is module-level so that a process pool can pickle it, and the CLI reaches it as
``--play tests.tournament_fakes:fake_play``.
"""

from __future__ import annotations

import time

from gamelib.tournament.records import GameResult, GameSpec, MoveRecord, SideOutcome, Status

OUTCOMES = ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
"""The points a non-void fake game can end with, picked by the seed."""


def is_void_first_attempt(spec: GameSpec) -> bool:
    """Whether the fake makes this game void (one first attempt in seven, by seed)."""
    return spec.attempt == 0 and spec.seed % 7 == 0


def fake_play(spec: GameSpec) -> GameResult:
    """A deterministic result for the spec, after ``spec.clock.move_seconds`` of sleep."""
    started = time.perf_counter()
    time.sleep(spec.clock.move_seconds)
    seconds = time.perf_counter() - started
    moves = (
        MoveRecord(side=0, move=f"m{spec.seed % 100}", seconds=seconds, bank_left=1 - seconds),
    )
    if is_void_first_attempt(spec):
        crashed = SideOutcome(Status.CRASH, "fake crash", seconds_used=seconds, moves=1)
        return GameResult(spec, moves, (crashed, crashed), None, None, sandboxed=False)
    points = OUTCOMES[spec.seed % 3]
    finished = SideOutcome(Status.FINISHED, seconds_used=seconds, moves=1)
    return GameResult(
        spec, moves, (finished, finished), points[0] - points[1], points, sandboxed=False
    )
