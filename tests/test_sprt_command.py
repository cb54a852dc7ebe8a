"""``player sprt A.py B.py`` (gamelib.tournament.sprt_command): the verdict's rule on made-up
pairs, bad input, and end to end with the real referee on tic-tac-toe (the ladder's α-β depth 4
against its random player, wide bounds so that it decides in a few pairs), stopped and
resumed to the same games and the same verdict."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamelib.tournament.check import main
from gamelib.tournament.ladder import LADDER
from gamelib.tournament.records import GameResult, SideOutcome, Status, read_results
from gamelib.tournament.runner import timeless
from gamelib.tournament.sprt import decide, llr_logistic, llr_normalized
from gamelib.tournament.sprt_command import (
    SprtOptions,
    SprtRun,
    bar,
    pair_points,
    pair_specs,
    verdict,
)

OPTIONS = SprtOptions(elo0=0, elo1=200, alpha=0.1, beta=0.1, game="tictactoe")
PLAYERS = (("strong", "/strong.py"), ("weak", "/weak.py"))


def finished(spec_index: int, number: int, first_points: float) -> GameResult:
    """Game ``spec_index`` (0: strong first, 1: weak first) of pair ``number``, strong scoring
    ``first_points``."""
    spec = pair_specs(number, PLAYERS, OPTIONS)[spec_index]
    side = spec.players.index("strong")
    points = [1 - first_points, 1 - first_points]
    points[side] = first_points
    done = SideOutcome(Status.FINISHED)
    return GameResult(spec, (), (done, done), None, (points[0], points[1]), sandboxed=False)


def test_pair_specs_swap_colours_on_one_opening() -> None:
    first, second = pair_specs(3, PLAYERS, OPTIONS)
    assert first.players == ("strong", "weak") and second.players == ("weak", "strong")
    assert first.paths == ("/strong.py", "/weak.py") and second.paths == ("/weak.py", "/strong.py")
    assert first.opening == second.opening
    assert (first.game_id, second.game_id) == ("sprt-p00003-a", "sprt-p00003-b")
    assert first.seed != second.seed
    assert pair_specs(1, PLAYERS, OPTIONS)[0].opening != first.opening


def test_pair_points_adds_both_games_of_complete_pairs() -> None:
    results = [finished(0, 1, 1), finished(1, 1, 0.5), finished(0, 2, 0), finished(1, 3, 1)]
    assert pair_points(results, "strong") == {1: 1.5}


def test_the_verdict_stops_at_the_first_pair_past_a_bound() -> None:
    # Strong wins every pair 2–0: the LLR of k such pairs, recomputed independently, first
    # reaches the upper bound at some k; later pairs are extra, not counted.
    first_crossing = next(
        k for k in range(1, 50) if decide(llr_logistic((0, 0, 0, 0, k), 0, 200), 0.1, 0.1)
    )
    points: dict[int, float | None] = {number: 2.0 for number in range(1, first_crossing + 3)}
    now = verdict(points, OPTIONS)
    assert now.decision == "H1"
    assert now.counted == first_crossing and now.extra == 2
    assert now.counts == (0, 0, 0, 0, first_crossing)
    # a missing pair stops the count: nothing after a gap is used
    gap = verdict({1: 2.0, 3: 2.0}, OPTIONS)
    assert (gap.counted, gap.decision, gap.extra) == (1, None, 0)
    # a void pair counts for nothing
    void = verdict({1: None, 2: 0.0}, OPTIONS)
    assert (void.counted, void.void, void.counts) == (2, 1, (1, 0, 0, 0, 0))


def test_bar_places_the_llr_between_its_bounds() -> None:
    assert bar(0.0, -2.0, 2.0) == "-2.00 [───────────────●───────────────] 2.00"
    assert bar(1.0, -2.0, 2.0) == "-2.00 [───────────────|──────●────────] 2.00"  # cell 22 of 0…30
    assert bar(-2.0, -2.0, 2.0).startswith("-2.00 [●")
    assert bar(9.0, -2.0, 2.0).endswith("●] 2.00")
    assert bar(1.0, -2.0, 2.0).index("●") > bar(0.5, -2.0, 2.0).index("●")


@pytest.fixture(scope="module")
def players(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("players")
    strong, weak = folder / "strong.py", folder / "weak.py"
    shutil.copy(LADDER["α-β depth 4"], strong)
    shutil.copy(LADDER["Random"], weak)
    return strong, weak


@pytest.fixture(scope="module")
def uninterrupted(
    players: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, str]:
    """A whole test with the real referee, never interrupted: its state file and output."""
    whole = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(command(players, whole)) == 0
    return whole, printed.getvalue()


def test_bad_input_gets_a_sentence_and_status_2(
    players: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    strong, _ = players
    assert main(["sprt", str(strong), str(tmp_path / "none.py")]) == 2
    assert "There is no file" in capsys.readouterr().out
    assert main(["sprt", str(strong), str(strong), "--elo0", "5", "--elo1", "5"]) == 2
    assert "--elo0 (5) must be below --elo1 (5)." in capsys.readouterr().out
    assert main(["sprt", str(strong), str(strong), "--elo0", "5", "--elo1", "5", "--language",
                 "ja"]) == 2  # fmt: skip
    assert "--elo0（5）は --elo1（5）より小さくしてください。" in capsys.readouterr().out
    assert main(["sprt", str(strong), str(strong), "--alpha", "0.7", "--beta", "0.5"]) == 2
    assert "--alpha and --beta must be above 0" in capsys.readouterr().out
    assert not (tmp_path / "sprt").exists()


def command(players: tuple[Path, Path], state: Path, *extra: str) -> list[str]:
    strong, weak = players
    return [
        "sprt", str(strong), str(weak), "--game", "tictactoe", "--elo0", "0", "--elo1", "200",
        "--alpha", "0.1", "--beta", "0.1", "--jobs", "2", "--move-seconds", "0.05",
        "--state", str(state), *extra,
    ]  # fmt: skip


def test_end_to_end_with_the_referee_and_resumed(
    players: tuple[Path, Path],
    uninterrupted: tuple[Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    whole, said = uninterrupted
    assert "H1 accepted: strong is stronger than weak" in said
    assert said.count("LLR +") >= 2  # a progress line per finished pair
    results = read_results(whole)
    now = verdict(pair_points(results, "strong"), OPTIONS)
    assert now.decision == "H1"
    assert f"after {now.counted} pairs ({2 * now.counted} games)" in said
    assert len(results) == 2 * (now.counted + now.extra)
    assert all(result.sandboxed or shutil.which("bwrap") is None for result in results)
    assert not any(result.void for result in results)

    # Stopped after 2 pairs (undecided: status 1), then the same command goes on from the
    # state file: the same games (but for measured times) and the same verdict.
    resumed = tmp_path / "resumed.jsonl"
    assert main(command(players, resumed, "--most-pairs", "2")) == 1
    first_part = capsys.readouterr().out
    assert "No decision after 2 pairs (4 games)" in first_part
    assert len(read_results(resumed)) == 4
    assert main(command(players, resumed, "--language", "ja")) == 0
    second_part = capsys.readouterr().out
    assert f"再開します：{resumed} にはすでに 2 組の結果があります。" in second_part
    assert "H1 を採択" in second_part
    assert [timeless(result) for result in read_results(resumed)] == [
        timeless(result) for result in results
    ]


def test_killed_and_started_again_it_continues_where_it_was(
    players: tuple[Path, Path],
    uninterrupted: tuple[Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The command in a process of its own, killed (SIGKILL to its whole session) once the
    # state file holds two pairs' games; the same command again plays only the rest and ends
    # with the games (but for measured times) of a run never interrupted.
    whole, _ = uninterrupted
    state = tmp_path / "killed.jsonl"
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    process = subprocess.Popen(
        [sys.executable, "-m", "gamelib.tournament.check", *command(players, state)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment,
        start_new_session=True,
    )  # fmt: skip
    try:
        while not (state.exists() and state.read_bytes().count(b"\n") >= 4):
            assert process.poll() is None, "the command ended before it could be killed"
            time.sleep(0.02)  # waiting for the state: two pairs' games in the file
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    kept = read_results(state)
    assert 4 <= len(kept) < len(read_results(whole))
    assert main(command(players, state)) == 0
    said = capsys.readouterr().out
    assert "Resuming:" in said and "H1 accepted" in said
    assert [timeless(result) for result in read_results(state)] == [
        timeless(result) for result in read_results(whole)
    ]


def test_the_verdict_uses_the_chosen_elo_model() -> None:
    points: dict[int, float | None] = {1: 2.0, 2: 1.0, 3: 1.5, 4: 0.5}
    normalized = SprtOptions(elo0=0, elo1=200, alpha=0.1, beta=0.1, model="normalized")
    assert verdict(points, normalized).llr == pytest.approx(
        llr_normalized((0, 1, 1, 1, 1), 0, 200), abs=1e-12
    )
    assert verdict(points, OPTIONS).llr == pytest.approx(
        llr_logistic((0, 1, 1, 1, 1), 0, 200), abs=1e-12
    )


def test_the_end_says_when_the_elo_is_only_bounded(tmp_path: Path) -> None:
    lines: list[str] = []
    run = SprtRun(
        (Path("/strong.py"), Path("/weak.py")), OPTIONS, tmp_path / "state.jsonl", "en",
        out=lines.append,
    )  # fmt: skip
    swept = verdict(dict.fromkeys(range(1, 8), 2.0), OPTIONS)
    assert run.finish(swept) == 0
    assert lines[0].startswith("H1 accepted: strong is stronger than weak")
    assert "Elo difference strong − weak: +1199.8" in lines[1]
    assert lines[2].startswith("Nearly every pair went one way")
    lines.clear()
    mixed = verdict({1: 2.0, 2: 0.5, 3: 1.5, 4: 1.0}, OPTIONS)
    assert run.finish(mixed) == 1
    assert lines[0].startswith("No decision after 4 pairs (8 games)")
    assert len(lines) == 2  # the estimate, and no note


def test_void_games_are_replayed_and_the_pair_counted(
    players: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The scheduler's fake referee (tests/tournament_fakes.py): points by seed, and a void
    # first attempt for one game in seven, whose replay is never void.
    strong, weak = players
    state = tmp_path / "fake.jsonl"
    status = main([
        "sprt", str(strong), str(weak), "--game", "tictactoe", "--elo0", "-100", "--elo1", "100",
        "--move-seconds", "0.001", "--jobs", "2", "--most-pairs", "12", "--state", str(state),
        "--play", "tests.tournament_fakes:fake_play",
    ])  # fmt: skip
    said = capsys.readouterr().out
    results = read_results(state)
    replayed = [result for result in results if result.spec.attempt == 1]
    assert replayed and all(not result.void for result in replayed)
    points = pair_points(results, "strong")
    for result in replayed:  # the pair of a replayed game counts, with the replay's points
        assert points[int(result.spec.game_id[6:11])] is not None
    now = verdict(points, SprtOptions(elo0=-100, elo1=100, game="tictactoe"))
    assert now.void == 0
    assert sum(now.counts) == now.counted
    assert status == (0 if now.decision else 1)
    assert now.counted + now.extra == (12 if now.decision is None else len(points))
    assert f"{now.counted} pairs ({2 * now.counted} games)" in said
