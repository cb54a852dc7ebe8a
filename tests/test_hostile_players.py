"""The hostile gallery (tests/hostile_players/) against the referee: each attack gets the
status it must get, the honest opponent is unharmed, and nothing escapes.

Every hostile file plays Black in 4×4 reversi against the ladder's Greedy (a copy with a
secret marker in it, so reading "the other player's file" is detectable). The canaries, in
the test's own temporary folder (standing for the lecturer's files): a folder with a secret
file (nothing may appear, vanish or change in it), a TCP port listening on 127.0.0.1 (no
connection may arrive), the secrets and /etc/passwd's first line (none may appear in any
result, logs included). After every game no process is left running under the players' user
ids (checked while the referee still holds them).

The gallery is played twice: under the sandbox (every case), and with the sandbox switched
off, limits alone, for the cases the limits alone decide (:data:`LIMIT_CASES`). The cases
only the sandbox stops are the others: reading files (/etc/passwd, the lecturer's, the other
player's), writing outside the player's folder, the network, and — when the referee is root
but Python lives where an unprivileged id cannot reach it, as here — killing the parent and
the fork bomb (their process limit needs the player's own user id).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gamelib.tournament import sandbox
from gamelib.tournament.games import final_position, first_player_score, make_game
from gamelib.tournament.ladder import LADDER
from gamelib.tournament.records import ClockSettings, GameResult, GameSpec, Limits, Status
from gamelib.tournament.referee import play_game

GALLERY = Path(__file__).parent / "hostile_players"

EXPECTED: dict[str, Status] = {
    "endless_loop": Status.TIME_OUT,
    "sleeper": Status.TIME_OUT,
    "memory_hog": Status.OUT_OF_MEMORY,
    "fork_bomb": Status.TIME_OUT,
    "read_passwd": Status.FINISHED,
    "read_other_files": Status.FINISHED,
    "write_outside": Status.FINISHED,
    "open_socket": Status.FINISHED,
    "kill_parent": Status.FINISHED,
    "stdout_flood": Status.FINISHED,
    "deep_recursion": Status.CRASH,
    "illegal_move": Status.ILLEGAL_MOVE,
    "wrong_type": Status.BAD_ANSWER,
    "raise_at_import": Status.FAILED_TO_START,
    "no_move_function": Status.FAILED_TO_START,
    "wrong_signature": Status.FAILED_TO_START,
    "syntax_error": Status.FAILED_TO_START,
    "bank_spender": Status.TIME_OUT,
    "mutate_position": Status.FINISHED,
}
"""Each hostile player and the status the referee must give it (syntax_error is written by
the test: a file with a syntax error cannot live in the repository's linted tests)."""

LIMIT_CASES = (
    "endless_loop",
    "sleeper",
    "memory_hog",
    "stdout_flood",
    "deep_recursion",
    "illegal_move",
    "wrong_type",
    "raise_at_import",
    "no_move_function",
    "wrong_signature",
    "syntax_error",
    "bank_spender",
    "mutate_position",
)
"""The cases limits alone decide (the sandbox switched off)."""

CLOCK = ClockSettings(move_seconds=0.02, bank_seconds=0.2, grace_seconds=3.0)
"""The clock of the cases that answer: a grace that a busy machine cannot exhaust."""
TIME_OUT_CLOCK = ClockSettings(move_seconds=0.02, bank_seconds=0.2, grace_seconds=0.3)
"""The clock of the cases that never answer: each costs its 0.52 s."""
NEVER_ANSWER = ("endless_loop", "sleeper", "fork_bomb")
BANK_CLOCK = ClockSettings(move_seconds=0.02, bank_seconds=0.4, grace_seconds=0.1)
"""The bank spender's clock: 0.15 s over per move, so its bank lasts three moves and the
fourth, 0.17 s against 0.02 + 0 + 0.1, is cut off."""
LIMITS = Limits(
    cpu_seconds=10,
    memory_bytes=512 << 20,
    processes=8,
    file_bytes=1 << 20,
    open_files=32,
    log_bytes=4096,
)


@dataclass
class Canaries:
    """The lecturer's things the players must not reach."""

    folder: Path
    secret: str
    opponent: Path
    opponent_secret: str
    port: int
    connections: list[bytes]
    passwd_line: str

    def folder_state(self) -> dict[str, bytes]:
        return {path.name: path.read_bytes() for path in sorted(self.folder.iterdir())}


@pytest.fixture(scope="module")
def canaries(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Canaries]:
    root = tmp_path_factory.mktemp("lecturer")
    folder = root / "private"
    folder.mkdir()
    secret = "secret-" + secrets.token_hex(8)
    (folder / "grades.txt").write_text(secret)
    opponent_secret = "opponent-" + secrets.token_hex(8)
    opponent = root / "greedy_opponent.py"
    opponent.write_text(Path(LADDER["Greedy"]).read_text() + f"\n# {opponent_secret}\n")
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    connections: list[bytes] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            with connection:
                connections.append(connection.recv(100) or b"(connected)")

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    passwd = Path("/etc/passwd").read_text().splitlines()[0]
    yield Canaries(
        folder, secret, opponent, opponent_secret, listener.getsockname()[1], connections, passwd
    )
    stop.set()
    thread.join()
    listener.close()


def hostile_file(name: str, canaries: Canaries, folder: Path) -> Path:
    """The gallery's file ``name``, its target lines pointed at the canaries."""
    target = folder / f"{name}.py"
    if name == "syntax_error":
        target.write_text("def choose_move(game, state, clock)\n    return None\n")
        return target
    lines = []
    for line in (GALLERY / f"{name}.py").read_text().splitlines():
        if line.startswith("TARGETS = ") and name == "read_other_files":
            line = f"TARGETS = {[str(canaries.folder / 'grades.txt'), str(canaries.opponent)]!r}"
        elif line.startswith("FOLDERS = "):
            folders = ["/root", "/home", str(canaries.folder), str(canaries.opponent.parent)]
            line = f"FOLDERS = {folders!r}"
        elif line.startswith("FOLDER = "):
            line = f"FOLDER = {str(canaries.folder)!r}"
        elif line.startswith("PORT = "):
            line = f"PORT = {canaries.port}"
        lines.append(line)
    target.write_text("\n".join(lines) + "\n")
    return target


@dataclass
class Claims:
    """The user ids the referee ran players as, and what was left running under them once
    :func:`play_game` had closed the players, before the sweep that kills whatever is left
    under the ids (checked while the ids were still locked)."""

    user_ids: list[int]
    left_running: list[int]


@pytest.fixture(scope="module")
def claims() -> Iterator[Claims]:
    recorded = Claims([], [])
    claim, kill = sandbox.claim_user_ids, sandbox.kill_user_processes

    @contextlib.contextmanager
    def recording(count: int) -> Iterator[list[int | None]]:
        with claim(count) as user_ids:
            recorded.user_ids.extend(user_id for user_id in user_ids if user_id is not None)
            yield user_ids

    def killing(user_ids: list[int], seconds: float = 5.0) -> int:
        # Before the sweep: what the referee's own teardown left running.
        recorded.left_running.extend(sandbox.user_processes(user_ids))
        return kill(user_ids, seconds)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sandbox, "claim_user_ids", recording)
        patch.setattr(sandbox, "kill_user_processes", killing)
        yield recorded


def clock_of(name: str) -> ClockSettings:
    """The clock a hostile player's game is played with."""
    if name == "bank_spender":
        return BANK_CLOCK
    return TIME_OUT_CLOCK if name in NEVER_ANSWER else CLOCK


def play_gallery(
    names: tuple[str, ...],
    canaries: Canaries,
    folder: Path,
    claims: Claims,
    *,
    sandboxed: bool,
) -> dict[str, GameResult]:
    results = {}
    for index, name in enumerate(names):
        path = hostile_file(name, canaries, folder)
        spec = GameSpec(
            game_id=f"hostile-{index:02d}",
            game="reversi4x4",
            players=(name, "Greedy"),
            paths=(str(path), str(canaries.opponent)),
            seed=index,
            clock=clock_of(name),
            limits=LIMITS,
        )
        before = canaries.folder_state()
        results[name] = play_game(spec, sandbox_wanted=sandboxed)
        assert canaries.folder_state() == before, name
        assert claims.left_running == [], name
    return results


@pytest.fixture(scope="module")
def sandboxed(
    canaries: Canaries, tmp_path_factory: pytest.TempPathFactory, claims: Claims
) -> dict[str, GameResult]:
    folder = tmp_path_factory.mktemp("gallery")
    results = play_gallery(tuple(EXPECTED), canaries, folder, claims, sandboxed=True)
    if os.getuid() == 0:
        assert len(claims.user_ids) == 2 * len(EXPECTED)
    return results


@pytest.fixture(scope="module")
def limits_alone(
    canaries: Canaries, tmp_path_factory: pytest.TempPathFactory, claims: Claims
) -> dict[str, GameResult]:
    folder = tmp_path_factory.mktemp("gallery-limits")
    with pytest.warns(RuntimeWarning, match="NOT isolated"):
        sandbox._warned = False  # the warning is once per process: see it here
        return play_gallery(LIMIT_CASES, canaries, folder, claims, sandboxed=False)


def check_game(name: str, result: GameResult) -> None:
    """The hostile side's status is the expected one; the honest side is unharmed."""
    hostile, honest = result.sides
    assert hostile.status == EXPECTED[name], (name, hostile)
    assert hostile.detail or hostile.status == Status.FINISHED
    if hostile.status == Status.FINISHED:
        assert honest.status == Status.FINISHED
        game = make_game("reversi4x4")
        final = final_position(game, result.spec.opening, [move.move for move in result.moves])
        assert game.is_terminal(final)
        assert result.score == first_player_score(game, final)
    else:
        assert honest.status == Status.NOT_PLAYED
        assert result.points == (0.0, 1.0)
        assert result.score is None
    assert "Traceback" not in honest.log


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_attack_gets_its_status_under_the_sandbox(
    name: str, sandboxed: dict[str, GameResult]
) -> None:
    result = sandboxed[name]
    assert result.sandboxed
    check_game(name, result)


@pytest.mark.parametrize("name", LIMIT_CASES)
def test_the_limits_alone_give_the_same_statuses(
    name: str, limits_alone: dict[str, GameResult]
) -> None:
    result = limits_alone[name]
    assert not result.sandboxed
    check_game(name, result)


def test_nothing_escaped_the_sandbox(
    sandboxed: dict[str, GameResult], canaries: Canaries, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = {name: result.to_line() for name, result in sandboxed.items()}
    escapes = [
        name
        for name, line in lines.items()
        if canaries.secret in line
        or canaries.opponent_secret in line
        or canaries.passwd_line in line
        or "WROTE" in line
        or "CONNECTED" in line
        or "KILLED" in line
    ]
    escapes += ["open_socket"] * len(canaries.connections)
    assert not list(canaries.folder.glob("written-by-a-player*"))
    with capsys.disabled():
        print(f"\nhostile gallery under the sandbox: {len(lines)} tried, {len(escapes)} escaped")
    assert escapes == []
    assert "BLOCKED" in sandboxed["read_other_files"].sides[0].log


def test_the_flood_is_cut_and_the_crash_keeps_its_traceback(
    sandboxed: dict[str, GameResult],
) -> None:
    flood = sandboxed["stdout_flood"].sides[0].log
    assert flood.startswith("flood flood")
    assert "[log cut:" in flood
    assert len(flood.encode()) < LIMITS.log_bytes + 100
    assert "RecursionError" in sandboxed["deep_recursion"].sides[0].log
    assert "RuntimeError" in sandboxed["raise_at_import"].sides[0].log


def test_the_bank_spender_runs_out_within_three_moves(sandboxed: dict[str, GameResult]) -> None:
    """Each of its moves costs the bank at least 0.15 s (more on a busy machine), so the bank
    of 0.4 s is gone after at most three moves, and the next move (at least 0.17 s against
    0.02 + what is left + 0.1) is cut off; every bank is the previous one minus the time over
    the move time, as the referee measured it, the grace included: a move that ends in the
    grace leaves a debt (the bank below 0, by at most the grace), never a bank floored at 0."""
    result = sandboxed["bank_spender"]
    bank = BANK_CLOCK.bank_seconds
    spent = [move for move in result.moves if move.side == 0]
    assert 1 <= len(spent) <= 3
    for move in spent:
        expected = bank - (move.seconds - BANK_CLOCK.move_seconds)
        assert move.bank_left == expected <= bank - 0.15
        assert expected >= -BANK_CLOCK.grace_seconds  # within its allowance: not a time-out
        bank = expected
    assert result.sides[0].moves == len(spent)


def test_the_players_own_folders_are_private(
    sandboxed: dict[str, GameResult], canaries: Canaries
) -> None:
    """A player sees its own file and nothing of the other player's: not the other's working
    copy (the referee's ``/tmp/gamelib-player-*`` folders are not in the sandbox), not the
    lecturer's folder of players the other's file came from, not the lecturer's secrets."""
    log = sandboxed["read_other_files"].sides[0].log
    assert "FOUND /player/*: ['/player/read_other_files.py']" in log
    assert "FOUND /tmp/gamelib-player-*/*: []" in log
    for folder in (canaries.opponent.parent, canaries.folder):
        assert f"BLOCKED {folder}" in log, log
        assert f"LISTED {folder}" not in log
    assert f"BLOCKED {canaries.opponent}" in log
    assert canaries.opponent.exists()  # it was there to be read
    assert (
        "LISTED /root: ['" not in log
        or "LISTED /root: ['.pyenv']" in log
        or ("LISTED /root: []" in log)
    )
    assert os.path.exists("/etc/passwd")
    assert "BLOCKED /etc/passwd" in sandboxed["read_passwd"].sides[0].log


PONDERING = ("spinning_thread", "spinning_processes", "escaping_processes", "waking_processes")
"""The players that compute on the opponent's time (each prints STARTED once its spinners
run, then at every move STOLEN: their CPU time outside its own moves since the end of its
start-up, the other side's start-up included)."""

SLOW_SECONDS = 0.4
"""How long the honest opponent of :data:`PONDERING` takes to load and over each move
(asleep: a core is free for a spinner the referee failed to stop)."""


def test_computing_on_the_opponents_time_gains_nothing(
    tmp_path: Path, claims: Claims, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each pondering player (a spinning thread; spinning processes; processes in a new
    session, a new group and a double fork; processes that SIGCONT each other) plays
    tic-tac-toe against an opponent that sleeps :data:`SLOW_SECONDS` as it loads (after the
    pondering player: the files load one after the other) and at every move. The referee
    stops the side from the end of its start-up and between its moves, so its spinners' CPU
    time while the opponent loaded or was on move is under a tenth of the opponent's time
    (each spinner may show one clock tick per move that the kernel rounds; without the stop
    they take a core for much of it); the game is finished and nothing of it is left running
    once the referee is done."""
    opponent = tmp_path / "slow.py"
    opponent.write_text(
        f"import time\n\ntime.sleep({SLOW_SECONDS})\n\n\ndef choose_move(game, state, clock):\n"
        f"    time.sleep({SLOW_SECONDS})\n    return game.moves(state)[-1]\n"
    )
    figures = []
    for index, name in enumerate(PONDERING):
        spec = GameSpec(
            game_id=f"pondering-{index}",
            game="tictactoe",
            players=(name, "slow"),
            paths=(str(GALLERY / f"{name}.py"), str(opponent)),
            seed=index,
            clock=CLOCK,
            limits=LIMITS,
        )
        result = play_game(spec)
        assert claims.left_running == [], name
        assert [side.status for side in result.sides] == [Status.FINISHED] * 2, result.sides
        log = result.sides[0].log
        assert "STARTED" in log, log
        stolen = [float(line.split()[-1]) for line in log.splitlines() if "STOLEN" in line]
        moves = sum(move.seconds for move in result.moves if move.side == 1)
        opponent_seconds = SLOW_SECONDS + moves  # its start-up, then its moves
        assert len(stolen) >= 2 and moves >= SLOW_SECONDS, (name, log)
        assert stolen[-1] < opponent_seconds / 10, (name, log)
        figures.append(f"{name} {stolen[-1]:.3f} s of {opponent_seconds:.2f} s")
    with capsys.disabled():
        print("\nCPU on the opponent's time: " + "; ".join(figures))


def test_a_thread_in_uninterruptible_sleep_does_not_hold_the_referee_up(
    tmp_path: Path, claims: Claims
) -> None:
    """The vfork staller keeps a thread in ``D`` for the whole game: every stop of the side
    (:func:`gamelib.tournament.sandbox.freeze`) still succeeds at once rather than waiting
    its limit, the game is finished, and nothing is left running."""
    outcomes: list[bool] = []
    freeze = sandbox.freeze

    def recording(root: int, seconds: float = sandbox.FREEZE_SECONDS) -> bool:
        outcomes.append(freeze(root, seconds))
        return outcomes[-1]

    spec = GameSpec(
        game_id="vfork-stall",
        game="tictactoe",
        players=("vfork_stall", "Greedy"),
        paths=(str(GALLERY / "vfork_stall.py"), LADDER["Greedy"]),
        seed=1,
        clock=CLOCK,
        limits=LIMITS,
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sandbox, "freeze", recording)
        result = play_game(spec)
    assert claims.left_running == []
    assert [side.status for side in result.sides] == [Status.FINISHED] * 2, result.sides
    log = result.sides[0].log
    assert "STARTED" in log and "'D'" in log, log  # the thread is in uninterruptible sleep
    assert len(outcomes) >= 4 and all(outcomes), outcomes
