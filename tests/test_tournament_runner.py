"""The tournament runner: every game once, void games replayed once, results kept as they
end, a torn last line cut, a killed tournament resumed to the same results (compared without
the measured times, :func:`gamelib.tournament.runner.timeless`), and the command's answers
to bad input."""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from gamelib.tournament.__main__ import main
from gamelib.tournament.ladder import LADDER, RUNGS
from gamelib.tournament.records import (
    ClockSettings,
    GameResult,
    GameSpec,
    SideOutcome,
    Status,
    read_results,
)
from gamelib.tournament.runner import (
    TournamentRefusedError,
    referee_play,
    run_tournament,
    timeless,
)
from gamelib.tournament.schedule import RoundRobin, Swiss, TournamentOptions, replay_spec
from tests.tournament_fakes import fake_play, is_void_first_attempt

ROOT = Path(__file__).resolve().parent.parent
FAKE = "tests.tournament_fakes:fake_play"


def players(folder: Path, names: list[str]) -> dict[str, str]:
    """Player files named ``names`` in ``folder`` (their content does not matter to the fake)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / f"{name}.py").write_text("def choose_move(game, state, clock):\n    return 0\n")
    return {name: str((folder / f"{name}.py").resolve()) for name in names}


def schedule(folder: Path, names: list[str], seconds: float = 0.0) -> RoundRobin:
    options = TournamentOptions(
        game="tictactoe",
        openings=2,
        clock=ClockSettings(move_seconds=seconds, bank_seconds=1.0),
        seed=7,
    )
    return RoundRobin(players(folder, names), options)


def expected_ids(plan: RoundRobin) -> list[tuple[str, int]]:
    """Every (game_id, attempt) the fake referee makes the schedule play, sorted."""
    ids = []
    for spec in plan.games(1, []):
        ids.append((spec.game_id, 0))
        if is_void_first_attempt(spec):
            ids.append((spec.game_id, 1))
    return sorted(ids)


def ids_of(results: list[GameResult] | tuple[GameResult, ...]) -> list[tuple[str, int]]:
    return [(result.spec.game_id, result.spec.attempt) for result in results]


class CountingPlay:
    """The fake referee, counting the games it is asked to play (for a thread pool)."""

    def __init__(self) -> None:
        self.played: list[tuple[str, int]] = []
        self.lock = threading.Lock()

    def __call__(self, spec: GameSpec) -> GameResult:
        with self.lock:
            self.played.append((spec.game_id, spec.attempt))
        return fake_play(spec)


def test_every_game_is_played_once_and_a_void_game_replayed_once(tmp_path: Path) -> None:
    plan = schedule(tmp_path / "players", ["ann", "bob", "cy", "dee"])
    assert any(is_void_first_attempt(spec) for spec in plan.games(1, []))  # the case is met
    finished: list[GameResult] = []
    results = run_tournament(
        plan, tmp_path / "results.jsonl", play=fake_play, jobs=2, progress=finished.append
    )
    assert ids_of(results) == expected_ids(plan)
    assert sorted(ids_of(finished)) == expected_ids(plan)
    assert read_results(tmp_path / "results.jsonl") == list(results)
    for result in results:
        if result.spec.attempt == 1:
            original = next(
                spec for spec in plan.games(1, []) if spec.game_id == result.spec.game_id
            )
            assert result.spec == replay_spec(original)


def test_a_resumed_tournament_plays_only_what_is_missing_and_ends_the_same(
    tmp_path: Path,
) -> None:
    plan = schedule(tmp_path / "players", ["ann", "bob", "cy", "dee"])
    whole = run_tournament(
        plan,
        tmp_path / "whole.jsonl",
        executor=concurrent.futures.ThreadPoolExecutor(2),
        play=fake_play,
    )
    lines = (tmp_path / "whole.jsonl").read_text().splitlines(keepends=True)
    kept = lines[:9]
    torn = lines[9][: len(lines[9]) // 2]  # a kill in the middle of a write
    (tmp_path / "resumed.jsonl").write_text("".join(kept) + torn)
    counting = CountingPlay()
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        resumed = run_tournament(plan, tmp_path / "resumed.jsonl", executor=pool, play=counting)
    already = {(r.spec.game_id, r.spec.attempt) for r in map(GameResult.from_line, kept)}
    assert sorted(counting.played) == sorted(set(expected_ids(plan)) - already)
    assert [timeless(result) for result in resumed] == [timeless(result) for result in whole]


def test_a_torn_last_line_is_cut_and_a_broken_line_before_it_refused(tmp_path: Path) -> None:
    plan = schedule(tmp_path / "players", ["ann", "bob"])
    path = tmp_path / "results.jsonl"
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        run_tournament(plan, path, executor=pool, play=fake_play)
    whole = path.read_text()
    path.write_text(whole + '{"moves": [')
    assert len(read_results(path)) == whole.count("\n")
    assert path.read_text() == whole
    path.write_text('{"moves": [\n' + whole)
    with pytest.raises(ValueError, match="line 1: not a game result"):
        read_results(path)


def test_a_line_without_newer_fields_reads_and_a_missing_file_is_refused(tmp_path: Path) -> None:
    plan = schedule(tmp_path / "players", ["ann", "bob"])
    path = tmp_path / "results.jsonl"
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        results = run_tournament(plan, path, executor=pool, play=fake_play)
    old_lines = []
    for result in results:
        data = result.to_json()
        del data["usage"]  # as the referee wrote its lines before it measured games
        old_lines.append(json.dumps(data) + "\n")
    path.write_text("".join(old_lines))
    assert read_results(path) == [replace(result, usage=None) for result in results]
    with pytest.raises(FileNotFoundError):
        read_results(tmp_path / "absent.jsonl")


def test_a_results_file_of_another_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    plan = schedule(tmp_path / "players", ["ann", "bob"])
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        run_tournament(plan, path, executor=pool, play=fake_play)
        other = RoundRobin(plan.players, replace(plan.options, seed=8))
        with pytest.raises(ValueError, match="different tournament"):
            run_tournament(other, path, executor=pool, play=fake_play)
        smaller = RoundRobin(plan.players, replace(plan.options, openings=1))
        with pytest.raises(ValueError, match="does not schedule"):
            run_tournament(smaller, path, executor=pool, play=fake_play)


def void_play(spec: GameSpec) -> GameResult:
    """A fake referee on a machine that can start no player: every game void."""
    failed = SideOutcome(Status.FAILED_TO_START, "bwrap: setting up uid map: Permission denied")
    return GameResult(spec, (), (failed, failed), None, None, sandboxed=False)


def test_a_tournament_whose_every_game_is_void_is_refused(tmp_path: Path) -> None:
    """Every game void (each replayed once, void again): the run says the machine could start
    no player and makes no ratings, instead of returning results; one game that counts is
    enough for the results to be returned."""
    plan = schedule(tmp_path / "players", ["ann", "bob"])
    path = tmp_path / "results.jsonl"
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        with pytest.raises(TournamentRefusedError, match="every game of the tournament is void"):
            run_tournament(plan, path, executor=pool, play=void_play)
        assert len(read_results(path)) == 2 * len(plan.games(1, []))  # each game and its replay
        some = schedule(tmp_path / "others", ["ann", "bob", "cy", "dee"])
        results = run_tournament(some, tmp_path / "some.jsonl", executor=pool, play=fake_play)
    assert any(result.void for result in results)
    assert not all(result.void for result in results)


def test_a_swiss_tournament_pairs_each_round_from_the_results_before_it(tmp_path: Path) -> None:
    names = ["ann", "bob", "cy", "dee", "eve"]
    options = TournamentOptions(game="tictactoe", openings=2, seed=1)
    plan = Swiss(players(tmp_path / "players", names), options, rounds=3)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = run_tournament(plan, tmp_path / "results.jsonl", executor=pool, play=fake_play)
    counted = {result.spec.game_id for result in results}
    rounds = Counter(game_id[:7] for game_id in counted)
    assert rounds == {"sw-r001": 2, "sw-r002": 2, "sw-r003": 2}
    # Each round is paired from the results of the rounds before it (the runner hands them
    # over): its games are the schedule's for those results, and no two players meet twice
    # (paired from no results, every round would repeat the first round's pairs).
    for round_number in (1, 2, 3):
        earlier = [result for result in results if result.spec.game_id < f"sw-r{round_number:03d}"]
        played = sorted(
            (
                result.spec
                for result in results
                if result.spec.game_id[:7] == f"sw-r{round_number:03d}"
            ),
            key=lambda spec: spec.game_id,
        )
        assert [spec for spec in played if spec.attempt == 0] == list(
            plan.games(round_number, earlier)
        )
    pairs = [frozenset(result.spec.players) for result in results if result.spec.attempt == 0]
    assert len(pairs) == len(set(pairs)) == 6


# The command ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["{missing}"], "no folder"),
        (["{empty}"], "no player files"),
        (["{players}", "--game", "chess"], "unknown game 'chess'"),
        (["{players}", "--openings", "99", "--game", "tictactoe"], "has 12 openings"),
        (["{players}", "--schedule", "swiss"], "needs --rounds"),
        ([], "give a folder"),
    ],
)
def test_bad_input_gets_one_clear_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    players(tmp_path / "players", ["ann", "bob"])
    (tmp_path / "empty").mkdir()
    folders = {
        "missing": str(tmp_path / "missing"),
        "empty": str(tmp_path / "empty"),
        "players": str(tmp_path / "players"),
    }
    assert main([argument.format(**folders) for argument in arguments]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error


def command(folder: Path, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "gamelib.tournament", str(folder), "--game", "tictactoe",
        "--openings", "2", "--seed", "7", "--play", FAKE, "--out", str(out), "--no-leaderboard",
        *extra,
    ]  # fmt: skip


GATE = "GAMELIB_TEST_GAMES_LET_THROUGH"
"""The environment variable naming the games :func:`gated_play` plays (comma-separated ids)."""


def gated_play(spec: GameSpec) -> GameResult:
    """The fake referee for the games named in :data:`GATE`; any other game never ends (the
    tournament is then stuck at a known state until it is killed)."""
    if spec.game_id not in os.environ.get(GATE, "").split(","):
        time.sleep(3600)
    return fake_play(spec)


def test_a_tournament_killed_mid_way_resumes_to_the_results_of_one_never_interrupted(
    tmp_path: Path,
) -> None:
    """The kill lands at a known state: the first 8 games (in the order the runner hands
    them to its 2 workers) end, every later one never does, so the tournament is still
    running with exactly 8 lines written when it is killed."""
    names = ["ann", "bob", "cy", "dee", "eve"]
    plan = schedule(tmp_path / "players", names, seconds=0.05)  # 40 games of 0.05 s, and replays
    first_eight = [spec.game_id for spec in plan.games(1, [])][:8]
    killed = tmp_path / "killed"
    gated = command(tmp_path / "players", killed, "--move-seconds", "0.05", "--jobs", "2")
    gated[gated.index(FAKE)] = "tests.test_tournament_runner:gated_play"
    process = subprocess.Popen(
        gated,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: the pool's workers die with it
        env={**os.environ, GATE: ",".join(first_eight)},
    )
    results = killed / "results.jsonl"
    deadline = time.monotonic() + 60
    while not (results.exists() and results.read_bytes().count(b"\n") >= 8):
        assert process.poll() is None, "the tournament ended before it could be killed"
        assert time.monotonic() < deadline, "no results written in 60 s"
        time.sleep(0.01)
    assert process.poll() is None  # stuck on the ninth and tenth games, which never end
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    written = results.read_bytes().count(b"\n")
    assert written == 8
    assert sorted({result.spec.game_id for result in read_results(results)}) == sorted(first_eight)
    resumed = subprocess.run(
        command(tmp_path / "players", killed, "--move-seconds", "0.05", "--jobs", "2"),
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert resumed.stdout.count("  rr-o") == len(expected_ids(plan)) - written  # one line a game
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        never = run_tournament(plan, tmp_path / "never.jsonl", executor=pool, play=fake_play)
    after = read_results(results)
    assert ids_of(after) == expected_ids(plan)  # no game lost, none twice
    assert [timeless(result) for result in after] == [timeless(result) for result in never]


def test_a_small_real_tournament_with_the_referee(tmp_path: Path) -> None:
    names = ["Random", "Greedy", "α-β depth 2"]
    options = TournamentOptions(
        game="reversi4x4",
        openings=1,
        clock=ClockSettings(move_seconds=0.05, bank_seconds=0.5, grace_seconds=0.2),
        seed=3,
    )
    plan = RoundRobin({name: LADDER[name] for name in names}, options)
    results = run_tournament(plan, tmp_path / "results.jsonl", play=referee_play, jobs=2)
    assert ids_of(results) == sorted((spec.game_id, 0) for spec in plan.games(1, []))
    for result in results:
        assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
        assert result.score is not None and result.points is not None
        assert result.points == (
            (1.0, 0.0) if result.score > 0 else (0.0, 1.0) if result.score < 0 else (0.5, 0.5)
        )
    assert read_results(tmp_path / "results.jsonl") == list(results)


def test_the_command_adds_the_ladder_and_prints_a_line_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players(tmp_path / "players", ["ann"])
    out = tmp_path / "out"
    arguments = [str(tmp_path / "players"), "--ladder", "--game", "tictactoe", "--openings", "1"]
    options = ["--move-seconds", "0.001", "--jobs", "2", "--play", FAKE, "--no-leaderboard"]
    assert main([*arguments, *options, "--out", str(out)]) == 0
    results = read_results(out / "results.jsonl")
    names = {"ann", *RUNGS}
    counted = {result.spec.players for result in results}
    assert counted == {(first, second) for first in names for second in names if first != second}
    printed = capsys.readouterr().out
    assert printed.count(" rr-o01-") == len(results)
    assert all(f"{name} " in printed for name in names)  # the standings
