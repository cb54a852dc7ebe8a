"""The class tournament from the README's command: the ladder and a folder of students'
players, the whole hostile gallery among them, played by ``bash scripts/course.sh tournament``.

One Swiss tournament of three rounds on 4×4 reversi (28 players: the 19 hostile files, a
student's honest α-β player, the course's 7 ladder players and a student copy of Random).
It must finish; every hostile player gets its own status (or "not played", when its opponent
failed first); every game between two honest players is the game the referee plays when it
is played alone (the hostile games beside it changed nothing); nothing in the lecturer's
folder changed; and the leaderboard lists every player in both languages.
"""

from __future__ import annotations

import html
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from gamelib.players import player_label
from gamelib.tournament.ladder import LADDER, RUNGS
from gamelib.tournament.records import GameResult, Status
from gamelib.tournament.referee import play_game
from tests.test_hostile_players import EXPECTED, Canaries, hostile_file
from tests.test_hostile_players import canaries as canaries  # the lecturer's canaries

ROOT = Path(__file__).resolve().parent.parent

HONEST_STUDENTS = {"student_alphabeta": "α-β depth 2", "student_random": "Random"}
"""The honest students' files: copies of ladder players under the students' own names."""

CLOCK_OPTIONS = ["--move-seconds", "0.05", "--bank", "0.45"]
"""The bank spender (0.15 s over per move) runs out on its fourth move; an honest ladder
player on 4×4 reversi needs milliseconds and has the bank for a busy machine's jitter."""


def timeless(result: GameResult) -> tuple[object, ...]:
    """What a game decided: its moves, statuses and points (not the measured times)."""
    return (
        tuple(move.move for move in result.moves),
        tuple(side.status for side in result.sides),
        result.points,
        result.score,
    )


@dataclass
class Played:
    """The command's run, the games in its results file, its folder, and the lecturer's
    folder as it was before."""

    finished: subprocess.CompletedProcess[str]
    results: list[GameResult]
    out: Path
    before: dict[str, bytes]


@pytest.fixture(scope="module")
def tournament(canaries: Canaries, tmp_path_factory: pytest.TempPathFactory) -> Played:
    folder = tmp_path_factory.mktemp("class")
    for name in EXPECTED:
        hostile_file(name, canaries, folder)
    for student, ladder_name in HONEST_STUDENTS.items():
        shutil.copy(LADDER[ladder_name], folder / f"{student}.py")
    out = tmp_path_factory.mktemp("tournament")
    before = canaries.folder_state()
    command = ["bash", "scripts/course.sh", "tournament", str(folder), "--ladder"]
    command += ["--game", "reversi4x4", "--schedule", "swiss", "--rounds", "3"]
    command += [*CLOCK_OPTIONS, "--openings", "2", "--jobs", "2", "--out", str(out)]
    finished = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    lines = (out / "results.jsonl").read_text().splitlines()
    results = [GameResult.from_line(line) for line in lines]
    return Played(finished, results, out, before)


def test_the_tournament_finishes_with_every_game_once(tournament: Played) -> None:
    finished, results = tournament.finished, tournament.results
    assert finished.returncode == 0, finished.stderr[-2000:]
    keys = [(result.spec.game_id, result.spec.attempt) for result in results]
    assert len(keys) == len(set(keys))
    first_tries = {result.spec.game_id: result for result in results if result.spec.attempt == 0}
    for result in results:
        if result.spec.attempt == 1:  # a replay only of a void game, once
            assert first_tries[result.spec.game_id].void
    players = {name for result in results for name in result.spec.players}
    assert len(players) == len(EXPECTED) + len(HONEST_STUDENTS) + len(RUNGS)
    assert f"{len(results)} games in" in finished.stdout


def test_every_hostile_player_gets_its_status(tournament: Played) -> None:
    results = tournament.results
    seen: dict[str, set[Status]] = {name: set() for name in EXPECTED}
    for result in results:
        for name, side in zip(result.spec.players, result.sides, strict=True):
            if name in EXPECTED:
                seen[name].add(side.status)
    for name, statuses in seen.items():
        # Its own status at least once: its attack ran (a player whose every opponent failed
        # before it was asked for a move would pass with "not played" alone).
        assert EXPECTED[name] in statuses, (name, statuses)
        assert statuses <= {EXPECTED[name], Status.NOT_PLAYED}, (name, statuses)


def test_games_between_honest_players_are_unchanged(tournament: Played) -> None:
    results = tournament.results
    honest = set(LADDER) | set(HONEST_STUDENTS)
    between_honest = [result for result in results if set(result.spec.players) <= honest]
    assert between_honest, "the Swiss rounds paired no two honest players"
    for result in between_honest:
        assert all(side.status == Status.FINISHED for side in result.sides), result.spec.game_id
        assert timeless(play_game(result.spec)) == timeless(result), result.spec.game_id


def test_nothing_outside_the_players_folders_changed(
    tournament: Played,
    canaries: Canaries,
) -> None:
    results = tournament.results
    assert canaries.folder_state() == tournament.before
    assert canaries.connections == []
    lines = "\n".join(result.to_line() for result in results)
    for secret in (canaries.secret, canaries.opponent_secret, canaries.passwd_line):
        assert secret not in lines


def test_the_leaderboard_lists_every_player_in_both_languages(tournament: Played) -> None:
    results, out = tournament.results, tournament.out
    players = {name for result in results for name in result.spec.players}
    for language, page in (
        ("en", out / "leaderboard" / "index.html"),
        ("ja", out / "leaderboard" / "ja" / "index.html"),
    ):
        text = page.read_text()
        shown = {name: player_label(name, language) for name in players}
        missing = [name for name, label in shown.items() if html.escape(label) not in text]
        assert missing == [], (page, missing)


def test_the_readme_gives_the_command() -> None:
    assert "bash scripts/course.sh tournament" in (ROOT / "README.md").read_text()
