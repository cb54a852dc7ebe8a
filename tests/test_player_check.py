"""The student's check (``python -m gamelib.tournament.check``): a good player passes, each bad
input gets a message naming its problem and exit status 2 (never a traceback), a player that
fails in play gets exit status 1, and the player's file is never imported by the check's own
process. Games go through the real referee, on 4×4 reversi with a small clock."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gamelib.tournament import __main__ as tournament
from gamelib.tournament.check import CheckOptions, Play, main, parser
from gamelib.tournament.records import (
    TOURNAMENT_CLOCK,
    ClockSettings,
    GameResult,
    GameSpec,
    Status,
)
from gamelib.tournament.referee import play_game
from gamelib.tournament.replay import replay_steps

SMALL = ["--game", "reversi4x4", "--move-seconds", "0.05", "--bank-seconds", "1"]


def test_the_check_uses_the_tournaments_clock_and_its_option_names() -> None:
    assert ClockSettings(move_seconds=0.05, bank_seconds=1.0) == TOURNAMENT_CLOCK
    tournament_options = tournament.parser().parse_args(["players"])
    assert (tournament_options.move_seconds, tournament_options.bank) == (0.05, 1.0)
    assert CheckOptions().clock == TOURNAMENT_CLOCK
    for command in ("check", "play"):
        options = parser().parse_args([command, "my_player.py"])
        assert (options.move_seconds, options.bank_seconds) == (0.05, 1.0)
        for flag in ("--bank", "--bank-seconds"):  # the tournament's name, and the old one
            assert parser().parse_args([command, "my_player.py", flag, "3"]).bank_seconds == 3.0


GOOD = """
from gamelib.tournament.player import Report

print("loading")  # a player may print: it goes to its log


def choose_move(game, state, clock):
    moves = list(game.moves(state))
    name = game.move_name(moves[-1])
    return Report(moves[-1], depth=1, nodes=len(moves), value=0, principal_variation=[name])
"""

BAD_FILES = {
    "syntax.py": (
        "def choose_move(game, state, clock)\n    return None\n",
        "has a syntax error on line 1",
    ),
    "no_function.py": (
        "def choose(game, state, clock):\n    return None\n",
        "neither a function choose_move(game, state, clock) nor a class Player",
    ),
    "two_arguments.py": (
        "def choose_move(game, state):\n    return game.moves(state)[0]\n",
        "choose_move must take (game, state, clock)",
    ),
    "raises.py": (
        "raise RuntimeError('no luck')\n\ndef choose_move(game, state, clock):\n    return 0\n",
        "raised RuntimeError while loading: no luck",
    ),
}


def run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The check's exit status and what it printed, run in this process."""
    status = main(arguments)
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good_player.py"
    path.write_text(GOOD, encoding="utf-8")
    return path


def test_a_good_player_passes_and_is_never_imported_here(
    good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["check", str(good), *SMALL, "--positions", "6", "--games", "1"]
    status, output = run(arguments, capsys)
    assert status == 0, output
    lines = output.splitlines()
    assert lines[0].startswith(f"Checking {good}")
    assert lines[1].startswith("✓ The file loads")
    assert any(line.startswith("✓ Legal moves:") for line in lines)
    assert any(line.startswith("✓ Time per move: median") for line in lines)
    assert any(line.startswith("✓ Against Random: 2 games") for line in lines)
    assert any(line.startswith("✓ Against Greedy: 2 games") for line in lines)
    assert lines[-1] == "Every check passed."
    loaded = [
        name
        for name, module in list(sys.modules.items())
        if getattr(module, "__file__", None) and Path(module.__file__ or "") == good
    ]
    assert loaded == [], "the check imported the player's file into its own process"


def test_a_missing_file_and_a_folder_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.py"
    status, output = run(["check", str(missing), *SMALL], capsys)
    assert status == 2
    assert output.strip() == (
        f"There is no file {missing}. Give the path of your player file (a .py file)."
    )
    status, output = run(["check", str(tmp_path), *SMALL], capsys)
    assert status == 2
    assert f"{tmp_path} is a folder" in output


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_each_bad_file_gets_its_message_and_exit_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, message = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status, output = run(["check", str(path), *SMALL, "--positions", "1"], capsys)
    assert status == 2, output
    assert message in output
    assert "✓" not in output and "Every check passed" not in output


def test_the_command_line_exits_2_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "two_arguments.py"
    text, message = BAD_FILES["two_arguments.py"]
    path.write_text(text, encoding="utf-8")
    for arguments, expected in (
        (["check", str(path), *SMALL], message),
        (["check", str(tmp_path / "nowhere.py")], "There is no file"),
        (["play", str(path), "--against", "nobody"], "There is no ladder player 'nobody'"),
    ):
        finished = subprocess.run(
            [sys.executable, "-m", "gamelib.tournament.check", *arguments],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert finished.returncode == 2, finished.stdout + finished.stderr
        assert expected in finished.stdout
        assert "Traceback" not in finished.stdout + finished.stderr


def test_an_illegal_move_fails_the_check_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "centre.py"
    path.write_text("def choose_move(game, state, clock):\n    return 'b2'\n", encoding="utf-8")
    status, output = run(["check", str(path), *SMALL, "--positions", "1"], capsys)
    assert status == 1, output
    failed = [line for line in output.splitlines() if line.startswith("✗")]
    assert len(failed) == 1
    assert failed[0].startswith("✗ illegal move in game check-001")
    assert "in the position after the moves" in failed[0]  # so that it can be reproduced
    assert "b2" in failed[0]
    assert output.splitlines()[-1] == "1 check(s) failed: see the lines marked ✗."


def test_play_writes_the_replay_page(
    good: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played: list[GameResult] = []

    def play_and_keep(spec: GameSpec) -> GameResult:
        played.append(play_game(spec))
        return played[-1]

    out = tmp_path / "replays"
    arguments = ["play", str(good), "--against", "greedy", "--out", str(out), "--side", "second"]
    status = main([*arguments, *SMALL], play=play_and_keep)
    output = capsys.readouterr().out
    assert status == 0, output
    page = out / "good_player-vs-greedy.html"
    assert output.strip().endswith(f"Replay: {page}")
    (result,) = played
    assert result.spec.players == ("Greedy", "good_player")
    text = page.read_text(encoding="utf-8")
    assert "Greedy – good_player" in text
    # a row per step the board shows: every move, forced passes (and any opening) included
    assert text.count('<tr id="move-') == len(replay_steps(result)) - 1
    assert text.count('<tr id="move-') >= len(result.moves)
    assert "loading" in text  # the player's log, shown on its side of the page


def timing_out(times: int) -> tuple[list[str], Play]:
    """A way to play that makes the checked player (``good_player``) lose its first game on
    time ``times`` times (as a busy machine may), and plays every other game with the real
    referee; the game ids it was asked for, in order."""
    asked: list[str] = []

    def play(spec: GameSpec) -> GameResult:
        asked.append(spec.game_id)
        result = play_game(spec)
        if spec.game_id != "check-001" or asked.count(spec.game_id) > times:
            return result
        side = spec.players.index("good_player")
        sides = list(result.sides)
        sides[side] = replace(
            sides[side], status=Status.TIME_OUT, detail="its move took 0.0777 s, more than 0.06 s"
        )
        sides[1 - side] = replace(sides[1 - side], status=Status.NOT_PLAYED)
        points = (0.0, 1.0) if side == 0 else (1.0, 0.0)
        return replace(result, sides=(sides[0], sides[1]), score=None, points=points)

    return asked, play


CHECK = ["--positions", "6", "--games", "1"]


def test_a_time_out_on_a_quiet_machine_fails_the_check(
    good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    asked, play = timing_out(1)
    status = main(["check", str(good), *SMALL, *CHECK], play=play, load=lambda: 0.5)
    output = capsys.readouterr().out
    assert status == 1, output
    assert asked.count("check-001") == 1
    assert "✗ time-out in game check-001" in output
    assert "busy" not in output


def test_a_time_out_on_a_busy_machine_is_played_again_and_judged_by_that_game(
    good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A student's machine busy with other programs (load above one per processor): the
    # referee's wall clock charges their turns on the processors to the move.
    asked, play = timing_out(1)
    status = main(["check", str(good), *SMALL, *CHECK], play=play, load=lambda: 3.0)
    output = capsys.readouterr().out
    assert status == 0, output
    assert asked.count("check-001") == 2
    assert "! A time-out in game check-001 while the machine was busy" in output
    assert "Played again, it ended without a fault" in output
    assert output.splitlines()[-1] == "Every check passed."
    # A file that loses on time again is judged by that game: it fails.
    asked, play = timing_out(2)
    status = main(["check", str(good), *SMALL, *CHECK], play=play, load=lambda: 3.0)
    output = capsys.readouterr().out
    assert status == 1, output
    assert asked.count("check-001") == 2
    assert "! A time-out in game check-001 while the machine was busy" in output
    assert "Played again, it lost on time again: the file is judged by that game" in output
    assert "Played again, it ended without a fault" not in output
    assert "✗ time-out in game check-001" in output
