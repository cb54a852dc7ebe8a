"""The records a tournament is made of: what a game is asked to be (:class:`GameSpec`) and
what it was (:class:`GameResult`), each a line of JSON in the results file.

A game between two player processes ends for each side with a :class:`Status`. A side that
fails (any status but FINISHED or NOT_PLAYED) loses the game; when both fail, the game is
*void*: its ``points`` are None, the schedule replays it once (``attempt`` 1), and a replay
that is void again counts for neither player (the leaderboard shows it).

Everything here is plain data: a result read back from its JSON line equals the result that
wrote it, which is what lets an interrupted tournament resume to the same results.
:func:`read_results` reads a results file back, the one reader the runner, the ratings and the
leaderboard share.
"""

from __future__ import annotations

import enum
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final


class Status(enum.StrEnum):
    """How a side's part in a game ended."""

    FINISHED = "finished"
    """It played every move legally and in time, to the end of the game."""
    ILLEGAL_MOVE = "illegal move"
    """It answered with a move that is not legal in the position."""
    TIME_OUT = "time-out"
    """The move took longer than its allowance: the move time plus the bank (less a debt)
    plus the grace (:meth:`ClockSettings.allowance`)."""
    CRASH = "crash"
    """Its process raised or died; the traceback is in its log."""
    BAD_ANSWER = "bad answer"
    """It answered with something that is not a move (a wrong type, a broken message)."""
    OUT_OF_MEMORY = "out of memory"
    """It asked for more memory than its limit."""
    FAILED_TO_START = "failed to start"
    """Its file could not be loaded: missing, a syntax error, raising at import, no
    ``choose_move``."""
    NOT_PLAYED = "not played"
    """The other side failed first, so this side's part ended without a fault of its own."""


@dataclass(frozen=True)
class ClockSettings:
    """The clock of every move: ``move_seconds`` each, a ``bank_seconds`` reserve per game
    for moves that take longer, and ``grace_seconds`` of jitter (process start, pipes, the
    machine's load) that the referee waits for before it calls a time-out.

    **The rule** (the referee's and :func:`gamelib.tournament.in_kernel.play_in_kernel`'s,
    both through these two methods): a move may take up to :meth:`allowance`, ``move_seconds
    + bank + grace_seconds``, or it is a time-out. Every second over ``move_seconds`` is paid
    from the bank (:meth:`bank_after`), the grace included: the grace only delays the
    time-out, it is never thinking time. When the bank cannot pay, the bank goes below 0 (a
    *debt*, at most ``grace_seconds`` after a move in time) and the debt carries: it shortens
    the next move's allowance by as much. So a player that takes ``move_seconds +
    grace_seconds`` on every move loses on time on the second move after its bank is spent
    (the first leaves a debt of the grace, the second has only ``move_seconds`` left).
    """

    move_seconds: float = 0.1
    bank_seconds: float = 2.0
    grace_seconds: float = 0.01

    def allowance(self, bank: float) -> float:
        """The longest a move may take with ``bank`` seconds of bank left (below 0: a debt):
        ``move_seconds + bank + grace_seconds``; a move that takes longer is a time-out."""
        return self.move_seconds + bank + self.grace_seconds

    def bank_after(self, bank: float, seconds: float) -> float:
        """The bank left after a move of ``seconds`` with ``bank`` left before it: the time
        over ``move_seconds`` comes off the bank, grace or not, and the bank may go below 0
        (a debt the next move's :meth:`allowance` pays). After a move within its allowance it
        is at least ``−grace_seconds``."""
        return bank - max(0.0, seconds - self.move_seconds)


TOURNAMENT_CLOCK: Final = ClockSettings(move_seconds=0.05, bank_seconds=1.0, grace_seconds=0.01)
"""The class tournament's default clock (``bash scripts/course.sh tournament``: ``--move-seconds
0.05 --bank 1``), which ``player check`` and ``player play`` also use unless told otherwise.
The grace, a fifth of the move time, covers the referee's jitter: the per-move round trip
(position sent, answer read) measured by ``benchmarks/referee_overhead.py`` is a few
milliseconds on a quiet two-core machine (its 99th percentile is printed); on a machine loaded
far beyond its cores it can pass the grace, and then the excess is paid from the bank, not a
time-out (see :class:`ClockSettings`)."""


@dataclass(frozen=True)
class Limits:
    """The resources a player's process may use (per process, set with ``setrlimit``)."""

    cpu_seconds: int = 120
    memory_bytes: int = 1 << 30
    processes: int = 16
    file_bytes: int = 16 << 20
    open_files: int = 64
    log_bytes: int = 64 << 10
    """What is kept of a player's stdout and stderr (the rest is cut, and says so)."""


@dataclass(frozen=True)
class GameSpec:
    """One game of a tournament, as the schedule asks for it.

    Attributes:
        game_id: Unique in the tournament and stable across runs (``"r1-othello-0007"``).
        game: The game's name: ``"othello"``, ``"reversi4x4"`` or ``"tictactoe"``.
        players: The names of the first and the second player.
        paths: Their player files.
        opening: Moves (by name) played before the players take over.
        seed: The game's seed (players that want chance get it).
        clock: The clock of every move.
        limits: The resources of each player's process.
        attempt: 0, or 1 for the replay of a void game.
    """

    game_id: str
    game: str
    players: tuple[str, str]
    paths: tuple[str, str]
    opening: tuple[str, ...] = ()
    seed: int = 0
    clock: ClockSettings = field(default_factory=ClockSettings)
    limits: Limits = field(default_factory=Limits)
    attempt: int = 0

    def to_json(self) -> dict[str, Any]:
        """The spec as plain JSON values."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSpec:
        """The spec that :meth:`to_json` wrote."""
        return cls(
            game_id=data["game_id"],
            game=data["game"],
            players=(data["players"][0], data["players"][1]),
            paths=(data["paths"][0], data["paths"][1]),
            opening=tuple(data["opening"]),
            seed=data["seed"],
            clock=ClockSettings(**data["clock"]),
            limits=Limits(**data["limits"]),
            attempt=data["attempt"],
        )


@dataclass(frozen=True)
class MoveRecord:
    """One move a player chose (opening moves are in the spec, not here).

    Attributes:
        side: 0 for the first player, 1 for the second.
        move: The move's name (``"f5"``, ``"pass"``).
        seconds: The time the referee measured, from sending the position to the answer.
        bank_left: The side's bank after this move.
        report: What the player said its search saw (:class:`gamelib.tournament.player.Report`
            fields), or None.
    """

    side: int
    move: str
    seconds: float
    bank_left: float
    report: dict[str, Any] | None = None


@dataclass(frozen=True)
class SideOutcome:
    """How one side's part ended: its status, a sentence on why, its log, its time used."""

    status: Status
    detail: str = ""
    log: str = ""
    seconds_used: float = 0.0
    moves: int = 0


@dataclass(frozen=True)
class Usage:
    """What a game cost the machine, measured by the referee.

    Attributes:
        wall_seconds: The game's wall time, from starting the first player's process to
            collecting the last one's exit.
        referee_cpu_seconds: The CPU time of the referee's thread over that span
            (:func:`time.thread_time`: user and system).
        player_cpu_seconds: Each side's CPU time, user and system, of its process and every
            process below it that ended before it (the sandbox's ``bwrap`` processes and the
            player's Python): the rusage :func:`os.wait4` returns on collecting its exit.
            None for a process the referee had to kill (a killed sandbox's inner processes are
            not collected by it, so their time is not handed up).
    """

    wall_seconds: float
    referee_cpu_seconds: float
    player_cpu_seconds: tuple[float | None, float | None]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Usage:
        """The usage that :func:`dataclasses.asdict` wrote."""
        first, second = data["player_cpu_seconds"]
        return cls(data["wall_seconds"], data["referee_cpu_seconds"], (first, second))


@dataclass(frozen=True)
class GameResult:
    """One game as it was played.

    Attributes:
        spec: What was asked.
        moves: The players' moves in order.
        sides: The first and the second side's outcome.
        score: The final score from the first player's view when the game was played to the
            end (the game's utility: official disc score in Othello), else None.
        points: The first and the second player's points (1, ½ or 0 each; a side that failed
            gets 0 and the other 1), or None when the game is void (both failed).
        sandboxed: Whether the players ran under bubblewrap (False: limits alone).
        usage: The game's wall and CPU time (:class:`Usage`), or None (a result written
            before the referee measured it, or a game not played by the referee). It is a
            key of its own at the top of the JSON line, which readers that do not know it
            skip (:meth:`from_json` reads only the keys it names).
    """

    spec: GameSpec
    moves: tuple[MoveRecord, ...]
    sides: tuple[SideOutcome, SideOutcome]
    score: float | None
    points: tuple[float, float] | None
    sandboxed: bool
    usage: Usage | None = None

    @property
    def void(self) -> bool:
        """Whether both sides failed (the schedule replays a void game once)."""
        return self.points is None

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON values (one line of the results file)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        """The result that :meth:`to_json` wrote."""
        points = data["points"]
        usage = data.get("usage")
        return cls(
            spec=GameSpec.from_json(data["spec"]),
            moves=tuple(MoveRecord(**move) for move in data["moves"]),
            sides=(
                _side_from_json(data["sides"][0]),
                _side_from_json(data["sides"][1]),
            ),
            score=data["score"],
            points=None if points is None else (points[0], points[1]),
            sandboxed=data["sandboxed"],
            usage=None if usage is None else Usage.from_json(usage),
        )

    def to_line(self) -> str:
        """One line of JSON (no newline inside), keys sorted: the same result, the same line."""
        return json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_line(cls, line: str) -> GameResult:
        """The result of a line that :meth:`to_line` wrote."""
        return cls.from_json(json.loads(line))


def _side_from_json(data: dict[str, Any]) -> SideOutcome:
    """A side's outcome from its JSON (the status by its value)."""
    return SideOutcome(**{**data, "status": Status(data["status"])})


def read_results(path: str | Path) -> list[GameResult]:
    """Every result in a results file, in the file's order, cutting off a torn last line.

    A last line without its newline, or a whole last line that is not a result, is what a
    kill in the middle of a write leaves: the file is truncated to the lines before it (and
    synced), so that a resumed tournament appends after whole lines. Void results (``points``
    None) are read like any other; a line written before a newer field existed (``usage``)
    reads with that field's default (:meth:`GameResult.from_json`).

    Raises:
        FileNotFoundError: when there is no such file.
        ValueError: for a line that is not a result anywhere but last, named by its number.
    """
    file = Path(path)
    data = file.read_bytes()
    lines = data.split(b"\n")
    # after the last newline: b"" for a complete file, else the torn rest
    complete, torn = lines[:-1], lines[-1]
    results = []
    keep = 0
    for number, line in enumerate(complete, 1):
        try:
            results.append(GameResult.from_line(line.decode()))
        except (ValueError, KeyError, TypeError, IndexError) as error:
            if number == len(complete) and not torn:
                break  # the last line, whole but broken: torn as well
            raise ValueError(f"{file}, line {number}: not a game result ({error})") from error
        keep += len(line) + 1
    if keep < len(data):
        with file.open("r+b") as handle:
            handle.truncate(keep)
            handle.flush()
            os.fsync(handle.fileno())
    return results


__all__ = [
    "TOURNAMENT_CLOCK",
    "ClockSettings",
    "GameResult",
    "GameSpec",
    "Limits",
    "MoveRecord",
    "SideOutcome",
    "Status",
    "Usage",
    "read_results",
]
