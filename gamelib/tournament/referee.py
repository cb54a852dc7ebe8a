"""The referee: one game between two player files, trusting neither.

:func:`play_game` starts each player in a process of its own (sandboxed where it can be:
:mod:`gamelib.tournament.sandbox`), plays the spec's opening on its own board, then asks
the side to move for a move, again and again, over the line protocol of
:mod:`gamelib.tournament.protocol`. Nothing of a player's is ever imported here: the
referee only reads the move's *name* from a pipe, parses it with its own game object and
checks it is legal on its own board.

The clock (all times measured by the referee, from sending the position to reading the
answer, so the pipes and the player's replay of the game count against the player):

* a move may take ``move_seconds``; time beyond that is taken from the side's bank;
* a move is cut off, and the side loses on time, when it takes longer than
  ``move_seconds + bank + grace_seconds``; an answer inside the grace is not a time-out, but
  the grace is paid, not forgiven: the bank goes below 0 by what the move used of it, and that
  debt shortens the next move's allowance (the grace absorbs jitter, process start, pipes, the
  machine's load, once; it is never thinking time: :meth:`ClockSettings.bank_after`);
* loading the file and building its ``Player`` (the ``hello``) has its own allowance,
  :data:`START_SECONDS`, and does not touch the bank.

The side not on move does not compute. Both processes start at once, but each side is sent
its ``hello`` (and so runs any of the player's code) only once the other side has loaded and
been stopped; from then on each side's whole process tree (every process and thread the
player started, whatever session or group it moved to: under the sandbox all stay below
bwrap) is stopped with SIGSTOP, which cannot be caught or ignored, except during its own
moves (:meth:`PlayerProcess.freeze`, :meth:`PlayerProcess.thaw`). A move's wall time is then
the machine's time the side had, and is what it is charged (:func:`charged_seconds`), plus
any CPU time its tree still used while stopped (a process that escaped the stop; it is
taken from the next move's allowance) and CPU time beyond the wall time (computing on
several cores at once). Thinking on the opponent's time, with threads or processes, gains
nothing and slows nobody. Without the sandbox a double-forked process leaves the tree and
escapes the stop (players are not isolated then anyway).

How a game ends (the statuses of :class:`~gamelib.tournament.records.Status`):

* a side whose only legal move is a pass does not choose: the referee plays the pass for it
  (it is in the moves sent to the players, not in the result's ``moves``, which are the
  players' choices; :func:`gamelib.tournament.games.final_position` puts the passes back);
* played to the end: both sides FINISHED; ``score`` is the game's utility from the first
  player's view (official disc score in Othello, discs in 4×4 reversi, ±1/0 in tic-tac-toe)
  and the points are 1, ½ or 0 by its sign;
* a side fails (illegal move, time-out, crash, bad answer, out of memory, failed to
  start): the game stops there, the failing side gets 0 points and the other 1, the other
  side's status is NOT_PLAYED (its part ended without a fault of its own; its moves so far
  are in the record) and ``score`` is None;
* both sides fail to start: the game is void (``points`` None); the schedule replays it.

Both processes, everything they started, and their temporary folders are gone when
:func:`play_game` returns or raises.

What a game costs (:class:`~gamelib.tournament.records.Usage`, in the result): its wall time,
the referee's own CPU time (its thread's, :func:`time.thread_time`), and each player's CPU
time. The referee collects each process's exit itself with :func:`os.wait4`, whose rusage
counts the process and every process below it that its parent collected. Without the sandbox
that is the player's whole time, exactly. Under the sandbox the outer ``bwrap`` exits as soon
as its PID namespace's first process reports the player's exit, without collecting it, so
the player's Python's time never reaches the referee that way (it goes to the machine's
init): the player's process sends its own CPU time (``getrusage`` of itself and its finished
children) as its last message, :data:`~gamelib.tournament.protocol.USAGE`, and the player's
time is that plus the outer ``bwrap``'s (what is left out: bwrap's inner process, which only
waits, and the child's ``os._exit``). A process that had to be killed (a time-out, or one that
did not exit after ``bye``) leaves its player's time unknown (None).
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import select
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from gamelib.tournament import protocol, sandbox
from gamelib.tournament.games import (
    NamedMovesGame,
    first_player_score,
    forced_pass,
    make_game,
)
from gamelib.tournament.games import parse_legal_move as legal_move_named
from gamelib.tournament.records import (
    ClockSettings,
    GameResult,
    GameSpec,
    MoveRecord,
    SideOutcome,
    Status,
    Usage,
)

START_SECONDS: Final = 10.0
"""How long a player's file may take to load (Python's start included), outside the clock."""

EXIT_SECONDS: Final = 1.0
"""How long a process may take to exit after ``bye`` before it is killed."""


@dataclass
class PlayerProcess:
    """One side's running process and what the referee has read from it."""

    side: int
    process: subprocess.Popen[bytes]
    to_child: int
    from_child: int
    log_pipe: int
    folder: str
    sandboxed: bool
    log_limit: int
    pending: protocol.LineBuffer = field(default_factory=protocol.LineBuffer)
    messages: list[dict[str, Any]] = field(default_factory=list)
    log: bytearray = field(default_factory=bytearray)
    log_dropped: int = 0
    protocol_open: bool = True
    log_open: bool = True
    killed: bool = False
    collected_cpu_seconds: float | None = None
    """The CPU time of the process and its collected descendants (see :func:`reap`); None
    until it is collected, and for a process that was killed."""
    player_path: str = ""
    """The player file as the process sees it (sent with ``hello``)."""
    ticks_at_freeze: int | None = None
    """The CPU time of the side's process tree when it was last stopped (:meth:`freeze`), in
    :data:`~gamelib.tournament.sandbox.CLOCK_TICK`; None while it runs."""
    ticks_at_thaw: int = 0
    """The same when it was last continued (:meth:`thaw`)."""

    def freeze(self) -> int:
        """Stop the side's whole process tree (:func:`gamelib.tournament.sandbox.freeze`):
        the side not on move does not compute. Returns the CPU time (ticks) the tree used
        since :meth:`thaw`."""
        if self.process.returncode is not None:
            return 0
        sandbox.freeze(self.process.pid)
        self.ticks_at_freeze = sandbox.cpu_ticks(self.process.pid)
        return max(0, self.ticks_at_freeze - self.ticks_at_thaw)

    def thaw(self) -> float:
        """Continue the side's process tree; the CPU seconds it used while it was stopped
        (0 unless one of its processes escaped the stop)."""
        if self.process.returncode is not None:
            return 0.0
        self.ticks_at_thaw = sandbox.cpu_ticks(self.process.pid)
        frozen = 0
        if self.ticks_at_freeze is not None:
            frozen = max(0, self.ticks_at_thaw - self.ticks_at_freeze)
            self.ticks_at_freeze = None
        sandbox.thaw(self.process.pid)
        return frozen * sandbox.CLOCK_TICK

    def cpu_seconds(self) -> float | None:
        """The player's CPU time over the game, once its process is collected (see the module
        docstring): the time wait4 collected, plus under the sandbox the time the player's
        process reported in its last message. None for a process that was killed, not yet
        collected, or (sandboxed) that sent no usable report."""
        if self.killed or self.collected_cpu_seconds is None:
            return None
        if not self.sandboxed:
            return self.collected_cpu_seconds
        reported = [
            message.get("cpu_seconds")
            for message in self.messages
            if message.get("type") == protocol.USAGE
        ]
        last = reported[-1] if reported else None
        if isinstance(last, bool) or not isinstance(last, int | float):
            return None
        if not 0 <= last < math.inf:
            return None
        return self.collected_cpu_seconds + last

    def log_text(self) -> str:
        """What the player printed, cut at the limit (saying how much was cut)."""
        text = self.log.decode("utf-8", errors="replace")
        if self.log_dropped:
            text += f"\n[log cut: {self.log_dropped} more bytes not kept]"
        return text

    def read_log(self) -> None:
        """Read what is waiting on the log pipe; keep up to the limit, count the rest."""
        while self.log_open:
            try:
                data = os.read(self.log_pipe, 1 << 16)
            except BlockingIOError:
                return
            if not data:
                self.log_open = False
                return
            room = max(0, self.log_limit - len(self.log))
            self.log += data[:room]
            self.log_dropped += len(data) - min(room, len(data))

    def read_protocol(self) -> None:
        """Read what is waiting on the protocol pipe into :attr:`messages`.

        Raises:
            protocol.ProtocolError: for a line that is not a message, or too long.
        """
        while self.protocol_open:
            try:
                data = os.read(self.from_child, 1 << 16)
            except BlockingIOError:
                return
            if not data:
                self.protocol_open = False
                return
            self.messages.extend(protocol.decode(line) for line in self.pending.feed(data))

    def send(self, message: dict[str, Any]) -> bool:
        """Write a message; False if the process no longer reads (it died or closed it)."""
        try:
            os.write(self.to_child, protocol.encode(message))
        except OSError:
            return False
        return True

    def kill(self) -> None:
        """SIGKILL every process of the side's tree (:func:`~gamelib.tournament.sandbox.kill_tree`)
        and the process's whole group (for a sandbox: bwrap, which takes its PID namespace,
        and so every process the player started, with it). A process already
        collected is not counted as killed (what is left of its group is killed all the
        same)."""
        if self.process.returncode is None:
            self.killed = True
            # The whole tree, stopped first so that none of it forks meanwhile, and waited
            # for: nothing of the side is left running (a fork bomb included) on return.
            sandbox.kill_tree(self.process.pid)
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)


REAP_POLL_SECONDS: Final = 0.005
"""The longest pause between two looks at whether a process has ended (:func:`reap`)."""


def reap(player: PlayerProcess, timeout: float | None) -> bool:
    """Collect the process's exit with :func:`os.wait4` once it ends, within ``timeout``
    seconds (None: however long it takes); True when it is collected (now or before).

    Sets ``player.process.returncode`` as :class:`subprocess.Popen` would (so Popen never
    waits for it again) and, unless the referee killed it, ``player.collected_cpu_seconds``:
    the user and system time wait4's rusage counts (the process and its collected
    descendants).
    """
    process = player.process
    if process.returncode is not None:
        return True
    deadline = None if timeout is None else time.perf_counter() + timeout
    pause = 0.0005
    while True:
        flags = 0 if deadline is None else os.WNOHANG
        pid, status, usage = os.wait4(process.pid, flags)
        if pid == process.pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            if not player.killed:
                player.collected_cpu_seconds = usage.ru_utime + usage.ru_stime
            return True
        assert deadline is not None  # a blocking wait4 returns only with the process
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        time.sleep(min(pause, left))
        pause = min(2 * pause, REAP_POLL_SECONDS)


class PlayerFailedError(Exception):
    """A side failed: its status and a sentence saying why."""

    def __init__(self, side: int, status: Status, detail: str) -> None:
        super().__init__(detail)
        self.side = side
        self.status = status
        self.detail = detail


def hidden_options(command: list[str], sandboxed: bool) -> tuple[list[str], tuple[int, ...]]:
    """The command with bwrap's options read from a pipe (``--args``) rather than given on
    its command line, so that inside the sandbox ``/proc/1/cmdline`` (bwrap's own process)
    does not list the lecturer's folders it binds; and the pipe's descriptor to pass (none
    without the sandbox)."""
    if not sandboxed:
        return command, ()
    split = command.index("--")
    reading, writing = os.pipe()
    try:
        os.write(writing, b"".join(option.encode() + b"\0" for option in command[1:split]))
    finally:
        os.close(writing)
    return [command[0], "--args", str(reading), *command[split:]], (reading,)


def start_player(
    spec: GameSpec, side: int, user_id: int | None, *, sandbox_wanted: bool
) -> PlayerProcess:
    """Start side ``side``'s process: Python and the referee's own child module start, then
    it waits for its ``hello`` (:func:`introduce`) before it reads anything of the player's."""
    folder, copy = sandbox.prepare_folder(spec.paths[side])
    child_read, referee_write = os.pipe()
    referee_read, child_write = os.pipe()
    log_read, log_write = os.pipe()
    limits = dataclasses.asdict(spec.limits)
    del limits["log_bytes"]
    settings = {"read_fd": child_read, "write_fd": child_write, "limits": limits}
    try:
        plan = sandbox.launch(
            spec.paths[side], folder, copy, settings, sandbox=sandbox_wanted, user_id=user_id
        )
        command, options = hidden_options(plan.command, plan.sandboxed)
        try:
            process = subprocess.Popen(
                command,
                cwd=plan.cwd,
                env=plan.env,
                stdin=subprocess.DEVNULL,
                stdout=log_write,
                stderr=log_write,
                pass_fds=(child_read, child_write, *options),
                start_new_session=True,
            )
        finally:
            for descriptor in options:
                os.close(descriptor)
    except BaseException:
        for descriptor in (child_read, referee_write, referee_read, child_write, log_read):
            os.close(descriptor)
        os.close(log_write)
        shutil.rmtree(folder, ignore_errors=True)
        raise
    for descriptor in (child_read, child_write, log_write):
        os.close(descriptor)
    for descriptor in (referee_read, log_read):
        os.set_blocking(descriptor, False)
    player = PlayerProcess(
        side=side,
        process=process,
        to_child=referee_write,
        from_child=referee_read,
        log_pipe=log_read,
        folder=folder,
        sandboxed=plan.sandboxed,
        log_limit=spec.limits.log_bytes,
        player_path=plan.player_path,
    )
    return player


def introduce(spec: GameSpec, player: PlayerProcess) -> None:
    """Send the side its ``hello``: only then does its process read the player's file."""
    player.send(
        {
            "type": protocol.HELLO,
            "game": spec.game,
            "side": player.side,
            "seed": spec.seed,
            "path": player.player_path,
        }
    )


def death_status(player: PlayerProcess) -> tuple[Status, str]:
    """Why a process that stopped answering stopped: from how it exited."""
    if not reap(player, EXIT_SECONDS):
        player.kill()
        return Status.CRASH, "it closed the referee's pipe without answering"
    code = player.process.returncode
    assert code is not None  # reap set it
    number = -code if code < 0 else code - 128 if player.sandboxed and code > 128 else 0
    if number == signal.SIGXCPU:
        return Status.TIME_OUT, "it used up its CPU-time limit"
    if number == signal.SIGKILL:
        return Status.OUT_OF_MEMORY, "it was killed (SIGKILL), as the kernel does out of memory"
    if number:
        return Status.CRASH, f"it died from signal {signal.Signals(number).name}"
    return Status.CRASH, f"it exited (code {code}) without answering"


def wait_for_message(
    players: list[PlayerProcess], side: int, deadline: float, what: str
) -> dict[str, Any]:
    """The next message of side ``side``, reading every log pipe meanwhile.

    Raises:
        PlayerFailedError: TIME_OUT at ``deadline`` (the process is killed), BAD_ANSWER for a
            broken message, or the status of its death when it stops without answering.
    """
    player = players[side]
    while True:
        try:
            player.read_protocol()
        except protocol.ProtocolError as error:
            raise PlayerFailedError(side, Status.BAD_ANSWER, str(error)) from None
        for each in players:
            each.read_log()
        if player.messages:
            return player.messages.pop(0)
        if not player.protocol_open:
            status, detail = death_status(player)
            raise PlayerFailedError(side, status, detail)
        left = deadline - time.perf_counter()
        if left <= 0:
            player.kill()
            raise PlayerFailedError(side, Status.TIME_OUT, f"it did not answer within {what}")
        watched = [player.from_child] + [each.log_pipe for each in players if each.log_open]
        select.select(watched, [], [], left)


def failure_of(
    message: dict[str, Any], side: int, *, out_of_turn: bool = False
) -> PlayerFailedError:
    """The failure a ``failure`` message reports; BAD_ANSWER for any other message, or for
    any message at all sent ``out_of_turn`` (before it was asked for a move)."""
    if message.get("type") == protocol.FAILURE and not out_of_turn:
        try:
            status = Status(str(message.get("status")))
        except ValueError:
            status = Status.BAD_ANSWER
        return PlayerFailedError(side, status, str(message.get("detail", ""))[:1000])
    kind = str(message.get("type"))[:40]
    return PlayerFailedError(side, Status.BAD_ANSWER, f"it sent a {kind!r} message out of turn")


def start_both(spec: GameSpec, players: list[PlayerProcess]) -> list[PlayerFailedError | None]:
    """Load the sides' files one after the other: each side gets its ``hello``, has
    :data:`START_SECONDS` to answer ``ready``, and is stopped (:meth:`PlayerProcess.freeze`)
    before the next side loads, so that no player's code runs while the other's loads.
    Each side's failure to start, or None."""
    failures: list[PlayerFailedError | None] = []
    for player in players:
        introduce(spec, player)
        deadline = time.perf_counter() + START_SECONDS
        try:
            allowance = f"{START_SECONDS} s of start"
            message = wait_for_message(players, player.side, deadline, allowance)
            if message.get("type") != protocol.READY:
                raise failure_of(message, player.side)
            player.freeze()
            failures.append(None)
        except PlayerFailedError as failure:
            if failure.status in (Status.TIME_OUT, Status.CRASH, Status.BAD_ANSWER):
                failure = PlayerFailedError(failure.side, Status.FAILED_TO_START, failure.detail)
            failures.append(failure)
    return failures


def close_players(players: list[PlayerProcess]) -> None:
    """Say ``bye`` to every process, give them :data:`EXIT_SECONDS` (together) to exit, kill
    those still running, keep the last of their logs, close the pipes and remove their
    folders. Every process of each side's tree (read while the tree is stopped, so none is
    missed) is killed and gone before this returns."""
    snapshots = []
    for player in players:
        snapshot: list[tuple[int, str]] = []
        if player.process.returncode is None:
            sandbox.freeze(player.process.pid)
            snapshot = sandbox.process_snapshot(player.process.pid)
            player.thaw()
        snapshots.append(snapshot)
    for player in players:
        if player.process.returncode is None and not player.killed:
            player.send({"type": protocol.BYE})
        with contextlib.suppress(OSError):
            os.close(player.to_child)
    deadline = time.perf_counter() + EXIT_SECONDS
    for player in players:
        reap(player, max(0.0, deadline - time.perf_counter()))
        player.kill()
        reap(player, None)
        player.read_log()
        with contextlib.suppress(protocol.ProtocolError):
            player.read_protocol()  # the usage message, sent last
        for descriptor in (player.from_child, player.log_pipe):
            with contextlib.suppress(OSError):
                os.close(descriptor)
        shutil.rmtree(player.folder, ignore_errors=True)
    for snapshot in snapshots:
        sandbox.end_processes(snapshot)


def points_of(score: float) -> tuple[float, float]:
    """The first and second player's points for a finished game's score."""
    if score > 0:
        return (1.0, 0.0)
    if score < 0:
        return (0.0, 1.0)
    return (0.5, 0.5)


@dataclass
class Clocks:
    """Each side's bank, time used and moves chosen during a game."""

    banks: list[float]
    used: list[float] = field(default_factory=lambda: [0.0, 0.0])
    chosen: list[int] = field(default_factory=lambda: [0, 0])

    def charge(self, side: int, seconds: float, clock: ClockSettings) -> float:
        """Count a move of ``seconds``; time over ``clock.move_seconds`` comes from the bank,
        grace included (the bank may go below 0 by at most the grace, a debt the next move's
        allowance pays: :meth:`ClockSettings.bank_after`). Returns the bank left."""
        self.used[side] += seconds
        self.chosen[side] += 1
        self.banks[side] = clock.bank_after(self.banks[side], seconds)
        return self.banks[side]


SPARE_TICKS: Final = 2
"""How many clock ticks of CPU time beyond the wall time of a move are not charged: the
CPU times the kernel reports are whole ticks, so a process that computed for the whole
move may show up to one tick more, and one more covers the referee's stopping of it."""


def charged_seconds(wall: float, stolen: float, move_ticks: int) -> float:
    """The time a move is charged: its ``wall`` time (the other side is stopped meanwhile, so
    this is the machine's time the side had), plus the CPU seconds its processes ``stolen``
    while they should have been stopped, plus the CPU time of the move
    (``move_ticks``) beyond its wall time and :data:`SPARE_TICKS` (computing on several
    cores at once). A player computing on one core is charged its wall time exactly."""
    several_cores = max(0.0, (move_ticks - SPARE_TICKS) * sandbox.CLOCK_TICK - wall)
    return wall + stolen + several_cores


def play_moves(
    spec: GameSpec,
    game: NamedMovesGame,
    state: Any,
    names: list[str],
    players: list[PlayerProcess],
    clocks: Clocks,
    records: list[MoveRecord],
) -> Any:
    """Ask the sides for moves until the game is over; the final state.

    Raises:
        PlayerFailedError: for the first side that fails (``records`` and ``clocks`` then hold
            the game up to there).
    """
    clock = spec.clock
    while not game.is_terminal(state):
        forced = forced_pass(game, state)
        if forced is not None:
            names.append(game.move_name(forced))
            state = game.result(state, forced)
            continue
        side = game.to_move(state)
        player = players[side]
        bank = clocks.banks[side]
        stolen = player.thaw()
        allowance = clock.allowance(bank) - stolen
        if allowance <= 0:
            player.kill()
            raise PlayerFailedError(
                side,
                Status.TIME_OUT,
                f"its processes used {stolen:.3g} s of CPU while the other side was on move, "
                "more than its bank",
            )
        sent = time.perf_counter()
        position = {
            "type": protocol.POSITION,
            "moves": names,
            "move_seconds": clock.move_seconds,
            "bank_seconds": bank,
        }
        try:
            player.read_protocol()
        except protocol.ProtocolError as error:
            raise PlayerFailedError(side, Status.BAD_ANSWER, str(error)) from None
        if player.messages:
            raise failure_of(player.messages[0], side, out_of_turn=True)
        player.send(position)
        message = wait_for_message(
            players, side, sent + allowance, f"{allowance:.3g} s (move time + bank + grace)"
        )
        wall = time.perf_counter() - sent
        seconds = charged_seconds(wall, stolen, player.freeze())
        if seconds > clock.allowance(bank):
            clocks.charge(side, seconds, clock)
            raise PlayerFailedError(
                side,
                Status.TIME_OUT,
                f"its move took {wall:.3g} s, and its processes used {seconds - wall:.3g} s "
                "more CPU (on other cores, or while the other side was on move): "
                f"{seconds:.3g} s is more than {clock.allowance(bank):.3g} s",
            )
        if message.get("type") != protocol.ANSWER:
            clocks.charge(side, seconds, clock)
            raise failure_of(message, side)
        name = message.get("move")
        if not isinstance(name, str):
            raise PlayerFailedError(side, Status.BAD_ANSWER, "its answer has no move name")
        try:
            move = game.parse_move(name)
        except (ValueError, IndexError, KeyError):
            raise PlayerFailedError(
                side, Status.BAD_ANSWER, f"{name[:40]!r} is not a move of this game"
            ) from None
        try:
            move = legal_move_named(game, state, name)
        except ValueError as error:
            raise PlayerFailedError(side, Status.ILLEGAL_MOVE, f"it played {error}") from None
        report = message.get("report")
        left = clocks.charge(side, seconds, clock)
        records.append(
            MoveRecord(
                side=side,
                move=game.move_name(move),
                seconds=seconds,
                bank_left=left,
                report=report if isinstance(report, dict) else None,
            )
        )
        names.append(game.move_name(move))
        state = game.result(state, move)
    return state


def play_game(spec: GameSpec, *, sandbox_wanted: bool = True) -> GameResult:
    """Play the game ``spec`` asks for between its two player files (see the module
    docstring for the clock, the statuses and the points).

    Args:
        spec: The game.
        sandbox_wanted: Run the players under bubblewrap where it is available (False:
            limits alone, with the warning of :func:`gamelib.tournament.sandbox.warn_once`).

    Raises:
        ValueError: for an unknown game or an opening that is not legal (a fault of the
            spec, not of a player).
        gamelib.tournament.sandbox.SandboxUnavailableError: when bwrap is installed but
            cannot make its sandbox on this machine (found out once per process, before
            the first game: no game is played, no player is blamed).
    """
    if sandbox_wanted:
        sandbox.require_sandbox()
    started, referee_started = time.perf_counter(), time.thread_time()
    game = make_game(spec.game)
    state = game.initial_state()
    names: list[str] = []
    for name in spec.opening:
        move = legal_move_named(game, state, name)
        names.append(game.move_name(move))
        state = game.result(state, move)
    clocks = Clocks(banks=[spec.clock.bank_seconds, spec.clock.bank_seconds])
    records: list[MoveRecord] = []
    players: list[PlayerProcess] = []
    statuses = [Status.FINISHED, Status.FINISHED]
    details = ["", ""]
    score: float | None = None
    points: tuple[float, float] | None
    with sandbox.claim_user_ids(2) as user_ids:
        try:
            for side in (0, 1):
                players.append(
                    start_player(spec, side, user_ids[side], sandbox_wanted=sandbox_wanted)
                )
            failures = start_both(spec, players)
            for failure in failures:
                if failure is not None:
                    statuses[failure.side], details[failure.side] = failure.status, failure.detail
                    if not os.path.isfile(spec.paths[failure.side]):
                        details[failure.side] = (
                            f"there is no player file at {spec.paths[failure.side]}"
                        )
            if all(failures):
                points = None
            elif any(failures):
                failed = next(each for each in failures if each is not None).side
                statuses[1 - failed] = Status.NOT_PLAYED
                points = (0.0, 1.0) if failed == 0 else (1.0, 0.0)
            else:
                try:
                    state = play_moves(spec, game, state, names, players, clocks, records)
                    score = first_player_score(game, state)
                    points = points_of(score)
                except PlayerFailedError as failure:
                    statuses[failure.side], details[failure.side] = failure.status, failure.detail
                    statuses[1 - failure.side] = Status.NOT_PLAYED
                    points = (0.0, 1.0) if failure.side == 0 else (1.0, 0.0)
        finally:
            close_players(players)
    usage = Usage(
        wall_seconds=time.perf_counter() - started,
        referee_cpu_seconds=time.thread_time() - referee_started,
        player_cpu_seconds=(players[0].cpu_seconds(), players[1].cpu_seconds()),
    )
    sides = tuple(
        SideOutcome(
            status=statuses[side],
            detail=details[side],
            log=players[side].log_text(),
            seconds_used=clocks.used[side],
            moves=clocks.chosen[side],
        )
        for side in (0, 1)
    )
    return GameResult(
        spec=spec,
        moves=tuple(records),
        sides=(sides[0], sides[1]),
        score=score,
        points=points,
        sandboxed=all(player.sandboxed for player in players),
        usage=usage,
    )


Play = Callable[[GameSpec], GameResult]
"""The shape of :func:`play_game`, for schedules that take the referee as a parameter."""
