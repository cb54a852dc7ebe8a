"""The referee with honest players: the same games as the course's arena, the clock's
arithmetic, the void rule, forced passes, reports, and results that survive JSON."""

from __future__ import annotations

import dataclasses
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from gamelib.arena import play_game as arena_game
from gamelib.tournament import ladder, sandbox
from gamelib.tournament.games import final_position, first_player_score, forced_pass, make_game
from gamelib.tournament.ladder import LADDER
from gamelib.tournament.player import Clock
from gamelib.tournament.records import ClockSettings, GameResult, GameSpec, Limits, Status
from gamelib.tournament.referee import Clocks, play_game

CLOCK = ClockSettings(move_seconds=0.05, bank_seconds=2.0, grace_seconds=1.0)
LIMITS = Limits(cpu_seconds=20, memory_bytes=1 << 30, processes=8, open_files=32)


def spec_of(
    first: str,
    second: str,
    *,
    game: str = "reversi4x4",
    opening: tuple[str, ...] = (),
    seed: int = 7,
    clock: ClockSettings = CLOCK,
) -> GameSpec:
    return GameSpec(
        game_id="test",
        game=game,
        players=(Path(first).stem, Path(second).stem),
        paths=(first, second),
        opening=opening,
        seed=seed,
        clock=clock,
        limits=LIMITS,
    )


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("game_name", ["reversi4x4", "tictactoe"])
def test_the_referee_plays_the_arenas_game_between_ladder_players(game_name: str) -> None:
    """α-β depth 1 against α-β depth 2: the moves the referee recorded are the moves
    gamelib.arena plays between the same players seeded as the player processes seed them
    (Python's random from seed × 2 + side), and the score is the final position's."""
    opening = ("b1",) if game_name == "reversi4x4" else ("b2",)
    spec = spec_of(LADDER["α-β depth 1"], LADDER["α-β depth 2"], game=game_name, opening=opening)
    result = play_game(spec)
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    game = make_game(game_name)
    players = []
    for side, depth in ((0, 1), (1, 2)):
        random.seed(spec.seed * 2 + side)
        players.append(ladder.alphabeta_player(game, depth))
    opening_moves = [game.parse_move(name) for name in opening]
    record = arena_game(game, players, opening=opening_moves)
    expected = [game.move_name(move) for move in record.moves[len(opening) :]]
    assert [move.move for move in result.moves] == [name for name in expected if name != "pass"]
    assert result.score == record.score
    final = final_position(game, spec.opening, [move.move for move in result.moves])
    assert result.score == first_player_score(game, final)
    wins = {1: (1.0, 0.0), -1: (0.0, 1.0), 0: (0.5, 0.5)}
    assert result.points == wins[(record.score > 0) - (record.score < 0)]
    assert result.sandboxed == (sandbox.bubblewrap() is not None)


def test_reports_reach_the_result_and_a_result_survives_json() -> None:
    result = play_game(spec_of(LADDER["Greedy"], LADDER["α-β depth 2"], seed=3))
    assert GameResult.from_line(result.to_line()) == result
    greedy = [move.report for move in result.moves if move.side == 0]
    searched = [(move.move, move.report) for move in result.moves if move.side == 1]
    assert greedy and all(report is None for report in greedy)
    assert searched
    for name, report in searched:
        assert report is not None
        assert report["depth"] == 2
        assert report["nodes"] >= 1
        assert report["principal_variation"][0] == name


def test_the_bank_pays_for_time_over_the_move_time(tmp_path: Path) -> None:
    """Every move's bank is the previous bank minus the time over move_seconds (below 0: a
    debt inside the grace), as the referee measured it; a player that takes 0.1 s over each
    move spends it and then runs into debt (1 s of grace lets it finish here)."""
    slow = write(
        tmp_path,
        "slow.py",
        "import time\n\ndef choose_move(game, state, clock):\n"
        "    time.sleep(clock.move_seconds_left() + 0.1)\n    return game.moves(state)[0]\n",
    )
    clock = ClockSettings(move_seconds=0.02, bank_seconds=0.35, grace_seconds=1.0)
    result = play_game(spec_of(slow, LADDER["Greedy"], clock=clock))
    assert result.sides[0].status == Status.FINISHED
    bank = clock.bank_seconds
    for move in result.moves:
        if move.side == 0:
            bank -= max(0.0, move.seconds - clock.move_seconds)
            assert move.bank_left == pytest.approx(bank)
            assert move.seconds > clock.move_seconds + 0.1
    assert bank < 0.0
    used = sum(move.seconds for move in result.moves if move.side == 0)
    assert result.sides[0].seconds_used == pytest.approx(used)


def test_clocks_charge_the_bank_and_the_grace_too() -> None:
    clocks = Clocks(banks=[1.0, 1.0])
    clock = ClockSettings(move_seconds=0.1, bank_seconds=1.0, grace_seconds=0.05)
    assert clocks.charge(0, 0.05, clock) == 1.0
    assert clocks.charge(0, 0.35, clock) == pytest.approx(0.75)
    assert clocks.charge(0, 0.88, clock) == pytest.approx(-0.03)  # in the grace: a debt
    assert clock.allowance(-0.03) == pytest.approx(0.12)  # which shortens the next move
    assert clocks.banks[0] == pytest.approx(-0.03) and clocks.banks[1] == 1.0
    assert clocks.chosen == [3, 0]
    assert clocks.used[0] == pytest.approx(1.28)


def test_one_side_failing_loses_and_both_failing_is_void(tmp_path: Path) -> None:
    broken = write(tmp_path, "broken.py", "raise ImportError('no such thing')\n")
    missing = str(tmp_path / "missing.py")
    one = play_game(spec_of(LADDER["Random"], broken))
    assert [side.status for side in one.sides] == [Status.NOT_PLAYED, Status.FAILED_TO_START]
    assert one.points == (1.0, 0.0) and not one.void and one.score is None
    assert "ImportError" in one.sides[1].detail and "ImportError" in one.sides[1].log
    both = play_game(spec_of(missing, broken))
    assert both.void and both.points is None and both.score is None
    assert [side.status for side in both.sides] == [Status.FAILED_TO_START] * 2
    assert both.sides[0].detail == f"there is no player file at {missing}"
    assert GameResult.from_line(both.to_line()) == both


def test_the_player_process_imports_no_referee_and_prints_only_to_its_log(tmp_path: Path) -> None:
    spy = write(
        tmp_path,
        "spy.py",
        "import sys\n\ndef choose_move(game, state, clock):\n"
        "    print('referee loaded:', 'gamelib.tournament.referee' in sys.modules)\n"
        '    print(\'{"type": "answer", "move": "zz"}\')\n'
        "    return game.move_name(game.moves(state)[-1])\n",
    )
    result = play_game(spec_of(spy, LADDER["Greedy"]))
    assert result.sides[0].status == Status.FINISHED
    assert "referee loaded: False" in result.sides[0].log


def test_forced_passes_are_played_by_the_referee() -> None:
    """From an opening after which the side to move can only pass, the referee passes for it:
    the result's moves hold no pass, and the final position (passes put back) gives the
    score."""
    game = make_game("reversi4x4")
    generator = random.Random(1)
    opening: tuple[str, ...] = ()
    while not opening:
        state = game.initial_state()
        names: list[str] = []
        while not game.is_terminal(state):
            if forced_pass(game, state) is not None:
                opening = tuple(names)
                break
            move = generator.choice(list(game.moves(state)))
            names.append(game.move_name(move))
            state = game.result(state, move)
    result = play_game(spec_of(LADDER["Greedy"], LADDER["Greedy"], opening=opening))
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    assert "pass" not in [move.move for move in result.moves]
    final = final_position(game, opening, [move.move for move in result.moves])
    assert game.is_terminal(final)
    assert result.score == first_player_score(game, final)


def test_a_message_out_of_turn_is_a_bad_answer(tmp_path: Path) -> None:
    """A player that writes answers of its own to the protocol pipe (its descriptor is in
    its process's arguments) loses with a bad answer at its next turn: the referee takes the
    first as its move, and the second is waiting, out of turn, before it is asked again.

    The forger writes both lines with one ``os.write`` (a pipe write under ``PIPE_BUF`` bytes
    is atomic), so the referee reads them together whatever the machine's load; the answer
    its runtime then sends could otherwise come after the referee's next question (and be
    taken as the answer to it, an illegal move)."""
    forger = write(
        tmp_path,
        "forger.py",
        "import json, os, sys\n\n"
        "def choose_move(game, state, clock):\n"
        "    fd = json.loads(sys.argv[1])['write_fd']\n"
        "    name = game.move_name(game.moves(state)[0])\n"
        "    line = json.dumps({'type': 'answer', 'move': name}).encode() + b'\\n'\n"
        "    os.write(fd, line + line)\n"
        "    return name\n",
    )
    result = play_game(spec_of(forger, LADDER["Greedy"]))
    assert result.sides[0].status == Status.BAD_ANSWER
    assert "out of turn" in result.sides[0].detail
    assert [move.side for move in result.moves] == [0, 1]
    assert result.points == (0.0, 1.0)


def test_a_report_keeps_only_fields_of_the_right_type(tmp_path: Path) -> None:
    boaster = write(
        tmp_path,
        "boaster.py",
        "from gamelib.tournament.player import Report\n\n"
        "def choose_move(game, state, clock):\n"
        "    move = game.moves(state)[0]\n"
        "    return Report(move, depth='deep', nodes=12, value=10**400,\n"
        "                  principal_variation=[move, 'zz'])\n",
    )
    result = play_game(spec_of(boaster, LADDER["Greedy"]))
    assert result.sides[0].status == Status.FINISHED
    first = result.moves[0].report
    assert first == {"depth": None, "nodes": 12, "value": None, "principal_variation": []}
    assert "depth, value, principal_variation" in result.sides[0].log


SPINNER = (
    "import time\n\ndef choose_move(game, state, clock):\n"
    "    started = time.process_time()\n"
    "    while time.process_time() - started < 0.03:\n        pass\n"
    "    return game.moves(state)[0]\n"
)
"""A player that computes 0.03 s of CPU time on every move."""


@pytest.mark.parametrize("sandboxed", [True, False])
def test_usage_counts_each_players_cpu_time_and_the_games_wall_time(
    tmp_path: Path, sandboxed: bool
) -> None:
    """A player that computes 0.03 s of CPU per move is charged at least that per move (its
    process's start on top), and never more than the game's wall time; a player that sleeps
    instead is charged less than the spinner by at least half the spinning (the two players'
    start-ups, about 0.2 s of CPU each, differ by tens of milliseconds on a busy machine: a CI
    run measured 0.349 s against 0.207 s for 6 moves, 0.142 s apart, not the 0.15 s a
    one-move margin allowed). With or without the sandbox (under it the player's process
    reports its own time as it exits). Each side's time is under the game's wall time, the
    spinner's under the wall time less the sleeper's moves (it is stopped meanwhile)."""
    spinner = write(tmp_path, "spinner.py", SPINNER)
    sleeper = write(
        tmp_path,
        "sleeper.py",
        "import time\n\ndef choose_move(game, state, clock):\n"
        "    time.sleep(0.03)\n    return game.moves(state)[0]\n",
    )
    clock = ClockSettings(move_seconds=0.5, bank_seconds=2.0, grace_seconds=1.0)
    result = play_game(spec_of(spinner, sleeper, clock=clock), sandbox_wanted=sandboxed)
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    assert result.sandboxed == (sandboxed and sandbox.bubblewrap() is not None)
    usage = result.usage
    assert usage is not None
    spinning, sleeping = usage.player_cpu_seconds
    assert spinning is not None and sleeping is not None
    assert spinning >= 0.03 * result.sides[0].moves
    assert spinning - sleeping >= 0.5 * 0.03 * result.sides[0].moves  # start-ups' jitter
    # Each side is one process computing on one core at a time (not the two together: their
    # Pythons start at the same time, on two cores), and the spinner is stopped while the
    # sleeper is on move.
    assert max(spinning, sleeping) < usage.wall_seconds
    assert spinning < usage.wall_seconds - result.sides[1].seconds_used
    assert 0 < usage.referee_cpu_seconds < usage.wall_seconds
    assert GameResult.from_line(result.to_line()) == result


def test_a_killed_players_cpu_time_is_unknown_and_old_lines_read_without_usage(
    tmp_path: Path,
) -> None:
    """A player killed at its time-out has no CPU time (None: what it used is not handed up),
    the other side's is known; a line written before the usage existed reads back with usage
    None, and the usage is one key of its own (readers that do not know it skip it)."""
    stuck = write(
        tmp_path, "stuck.py", "def choose_move(game, state, clock):\n    while True: pass\n"
    )
    clock = ClockSettings(move_seconds=0.05, bank_seconds=0.1, grace_seconds=0.1)
    result = play_game(spec_of(stuck, LADDER["Greedy"], clock=clock))
    assert result.sides[0].status == Status.TIME_OUT
    assert result.usage is not None
    killed, waiting = result.usage.player_cpu_seconds
    assert killed is None
    assert waiting is not None and waiting > 0
    data = result.to_json()
    assert set(data) - set(GameResult.__dataclass_fields__) == set()
    assert "usage" in data and all("cpu" not in key for key in data["sides"][0])
    del data["usage"]
    old = GameResult.from_json(data)
    assert old.usage is None
    assert old == dataclasses.replace(result, usage=None)


FAILING_BWRAP = """#!/bin/sh
echo run >> {calls}
echo "bwrap: setting up uid map: Permission denied" >&2
exit 1
"""


def test_a_bwrap_that_cannot_make_its_sandbox_is_found_once_and_blames_no_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``bwrap`` on the path that fails as it does in a container (or where unprivileged
    user namespaces are restricted) is tried once, before any game: the referee raises
    with one sentence for the lecturer (bwrap's own line, what to do), ``player check`` says
    the machine is at fault and not the file (exit 2), and a tournament is refused before
    its first game."""
    from gamelib.tournament.check import check_player
    from gamelib.tournament.runner import TournamentRefusedError, run_tournament

    folder = tmp_path / "bin"
    folder.mkdir()
    calls = tmp_path / "calls"
    fake = folder / "bwrap"
    fake.write_text(FAILING_BWRAP.format(calls=calls))
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:{os.environ['PATH']}")
    monkeypatch.setattr(sandbox, "_probed", {})
    assert sandbox.bubblewrap() == str(fake)
    spec = spec_of(LADDER["Greedy"], LADDER["Random"])
    for _ in range(2):
        with pytest.raises(sandbox.SandboxUnavailableError) as raised:
            play_game(spec)
    message = str(raised.value)
    assert "setting up uid map: Permission denied" in message
    assert "not a fault of any player's file" in message
    assert "apparmor_restrict_unprivileged_userns" in message
    assert calls.read_text().splitlines() == ["run"]  # tried once, by the probe only

    said: list[str] = []
    assert check_player(LADDER["Greedy"], language="en", out=said.append) == 2
    assert len(said) == 2  # the heading, then the machine's sentence
    assert "not a fault of your file" in said[1]
    assert "Permission denied" in said[1]
    assert "could not be started as a player" not in " ".join(said)

    results = tmp_path / "results.jsonl"
    with pytest.raises(TournamentRefusedError, match="cannot make its sandbox"):
        run_tournament([spec], results)
    assert not results.exists()
    assert calls.read_text().splitlines() == ["run"]


CMDLINE_READER = """
def choose_move(game, state, clock):
    with open("/proc/1/cmdline", "rb") as file:
        print("CMDLINE", file.read().replace(b"\\0", b" ").decode())
    return game.moves(state)[0]
"""


@pytest.mark.skipif(sandbox.bubblewrap() is None, reason="the sandbox needs bubblewrap")
def test_the_sandboxes_first_process_does_not_list_the_folders_it_binds(tmp_path: Path) -> None:
    """bwrap reads its options from a pipe: inside the sandbox, ``/proc/1/cmdline`` (bwrap's
    own process) shows neither the folders it binds nor the referee's copy of the file."""
    reader = write(tmp_path, "reader.py", CMDLINE_READER)
    result = play_game(spec_of(reader, LADDER["Greedy"], game="tictactoe"))
    assert result.sandboxed
    line = next(line for line in result.sides[0].log.splitlines() if line.startswith("CMDLINE"))
    assert "--args" in line
    assert "--ro-bind" not in line and "gamelib-player-" not in line and str(tmp_path) not in line


SEVERAL_CORES = """
import os
import time

calls = 0


def spin_for(seconds):
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass


def choose_move(game, state, clock):
    global calls
    calls += 1
    if calls == 1:
        children = []
        for _ in range(2):
            pid = os.fork()
            if pid == 0:
                spin_for(0.15)
                os._exit(0)
            children.append(pid)
        used = 0.0
        for pid in children:
            _, _, usage = os.wait4(pid, 0)
            used += usage.ru_utime + usage.ru_stime
        print("HELPERS", used)
    return game.moves(state)[0]
"""


def test_cpu_time_on_several_cores_is_charged_to_the_move(tmp_path: Path) -> None:
    """A move that has two helper processes compute 0.15 s of CPU each (0.3 s, in about
    0.15 s of wall time when two cores are free) is charged at least the CPU time they used,
    less the two clock ticks spared (:data:`~gamelib.tournament.referee.SPARE_TICKS`), not
    just its wall time: a second core gains nothing. (On a busy machine the helpers share one
    core and the wall time alone is that long, so the rule's arithmetic is checked on its
    own first.)"""
    from gamelib.tournament.referee import SPARE_TICKS, charged_seconds

    tick = sandbox.CLOCK_TICK
    assert charged_seconds(0.1, 0.0, round(0.1 / tick)) == 0.1  # one core: the wall time
    assert charged_seconds(0.1, 0.0, round(0.1 / tick) + SPARE_TICKS) == 0.1
    assert charged_seconds(0.1, 0.0, round(0.3 / tick)) == pytest.approx(0.3 - SPARE_TICKS * tick)
    assert charged_seconds(0.1, 0.02, 0) == pytest.approx(0.12)  # CPU used while stopped
    player = write(tmp_path, "cores.py", SEVERAL_CORES)
    clock = ClockSettings(move_seconds=0.05, bank_seconds=2.0, grace_seconds=1.0)
    result = play_game(spec_of(player, LADDER["Greedy"], game="tictactoe", clock=clock))
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    helpers = next(
        float(line.split()[1]) for line in result.sides[0].log.splitlines() if "HELPERS" in line
    )
    assert helpers >= 0.29
    first = result.moves[0]
    assert first.side == 0
    # /proc counts CPU in whole ticks, each process's user and system time cut separately:
    # the two helpers may lose up to two ticks each, the player's own process one more.
    spared = (SPARE_TICKS + 5) * sandbox.CLOCK_TICK
    assert first.seconds >= helpers - spared
    assert first.bank_left <= clock.bank_seconds - (helpers - spared - clock.move_seconds)


def test_the_process_tree_is_the_same_read_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tree of a process with a child and a grandchild (in a new session), read from the
    kernel's children files and, as on kernels without them, from every process's parent."""
    import os
    import subprocess
    import sys

    program = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        time.sleep(30)\n"
        "    time.sleep(30)\n"
        "print('ready', flush=True)\n"
        "time.sleep(30)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        deadline = time.monotonic() + 10
        while len(sandbox.process_tree(process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        fast = sandbox.process_tree(process.pid)
        monkeypatch.setattr(sandbox, "_CHILDREN_FILES", False)
        slow = sandbox.process_tree(process.pid)
        assert len(fast) == 3 and fast[0] == process.pid
        assert slow == fast
        # The same /proc listing finds them by user id (what the sweep after a game kills).
        assert set(fast) <= set(sandbox.user_processes([os.getuid()]))
    finally:
        sandbox.kill_tree(process.pid)
        process.wait()


def test_the_players_clock_starts_before_its_process_replays_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The referee's clock runs from sending the position; the player's process replays the
    game before the player's code runs, so the player's clock must already count that."""
    from gamelib.tournament import child

    replay = child.replay
    pause = 0.05

    def slow_replay(game: Any, moves: Any) -> Any:
        time.sleep(pause)  # a long game, or a busy machine
        return replay(game, moves)

    monkeypatch.setattr(child, "replay", slow_replay)
    seen: list[float] = []

    def choose(game: Any, state: Any, clock: Clock) -> Any:
        seen.append(clock.elapsed())
        return game.moves(state)[0]

    message = {"type": "position", "moves": ["f5"], "move_seconds": 0.05, "bank_seconds": 1.0}
    assert child.answer(choose, "othello", message)["type"] == "answer"
    assert seen[0] >= pause
