"""Replay and leaderboard pages are written for people (gamelib.tournament.replay, .leaderboard).

* The title names the players and the game, never the game's id, seed or attempt; the details
  line says "played again" only for a replayed game (no 「試行 0」).
* The move table has a row for every step the board shows, forced passes included (whose
  pass, counted from an independent replay of the game's moves).
* A crashed player's status box agrees with the moves shown: moves played counted from the
  game's records, the referee's count of moves asked for only beside it.
* The Japanese pages show the course's player names in Japanese (no "α-β depth").
"""

from __future__ import annotations

import dataclasses
import re
from html import unescape
from pathlib import Path

import pytest

from gamelib.players import player_label
from gamelib.tournament.games import make_game
from gamelib.tournament.leaderboard import write_leaderboard
from gamelib.tournament.ratings import RatingTable, rate
from gamelib.tournament.records import GameResult, GameSpec, SideOutcome, Status
from gamelib.tournament.replay import GAME_NAMES, Replay
from tests.test_leaderboard import random_game


def text_of(html: str) -> str:
    """A page's visible text, roughly: tags, scripts and styles removed, entities decoded."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def game_with_passes() -> GameResult:
    """A seeded random game of 4×4 reversi in which the referee passed for a side."""
    for seed in range(200):
        result = random_game("reversi4x4", seed, ("α-β depth 2", "Positional"))
        game = make_game("reversi4x4")
        state = game.initial_state()
        for record in result.moves:
            if game.to_move(state) != record.side:
                return result
            legal = {game.move_name(move): move for move in game.moves(state)}
            state = game.result(state, legal[record.move])
    raise AssertionError("no random game with a forced pass")


def crashed_game() -> GameResult:
    """Othello, no opening: the first player crashed on its first move (the referee counted
    that move), the second did not play."""
    spec = GameSpec("rr-o01-α-β depth 2:Positional", "othello", ("α-β depth 2", "Positional"),
                    ("a.py", "b.py"), seed=12345)  # fmt: skip
    sides = (
        SideOutcome(Status.CRASH, "it died from signal SIGSEGV", "", 0.02, 1),
        SideOutcome(Status.NOT_PLAYED, "", "", 0.0, 0),
    )
    return GameResult(spec, (), sides, None, (0.0, 1.0), True)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_title_is_for_people(language: str) -> None:
    result = random_game("othello", 3, ("α-β depth 2", "Positional"))
    for attempt in (0, 1):
        played = dataclasses.replace(result, spec=dataclasses.replace(result.spec, attempt=attempt))
        replay = Replay(played, language)
        title = replay.title()
        first, second = (player_label(name, language) for name in played.spec.players)
        assert title.index(first) < title.index(second)
        assert GAME_NAMES["othello"][language] in title
        for internal in (played.spec.game_id, str(played.spec.seed), "attempt", "試行"):
            assert internal not in title
        page = text_of(replay.page())
        assert "試行" not in page and "attempt" not in page
        assert ("played again" in page or "再試合" in page) == bool(attempt)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_move_table_shows_every_forced_pass(language: str) -> None:
    result = game_with_passes()
    game = make_game("reversi4x4")
    state, expected = game.initial_state(), []
    for record in result.moves:  # the passes, found again from the records alone
        while game.to_move(state) != record.side:
            expected.append(player_label(result.spec.players[game.to_move(state)], language))
            state = game.result(state, next(iter(game.moves(state))))
        legal = {game.move_name(move): move for move in game.moves(state)}
        state = game.result(state, legal[record.move])
    assert expected
    page = Replay(result, language).page()
    rows = re.findall(r'<tr id="move-\d+" class="forced-pass">(.*?)</tr>', page)
    cells = [[unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)] for row in rows]
    assert [row[1] for row in cells] == expected
    assert all(row[2] == "pass" for row in cells)
    table_rows = re.findall(r'<tr id="move-(\d+)"', page)
    assert [int(number) for number in table_rows] == list(range(1, len(Replay(result).steps)))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_crashed_players_box_agrees_with_the_moves_shown(language: str) -> None:
    page = text_of(Replay(crashed_game(), language).page())
    if language == "en":
        assert "Neither player made a move." in page
        assert "moves played: 0 · asked for a move 1 times" in page
        assert "moves: 1" not in page
    else:
        assert "どちらのプレイヤーも 1 手も打っていません。" in page
        assert "打った手数 0 · 手を求められた回数 1" in page


def test_the_japanese_pages_name_the_course_players_in_japanese(tmp_path: Path) -> None:
    pairs = [("α-β depth 2", "Positional"), ("Positional", "α-β depth 4")]
    pairs.append(("α-β depth 4", "α-β depth 2"))
    results = []
    for seed, pair in enumerate(pairs):  # game ids as the schedule makes them: English names
        played = random_game("othello", seed, pair)
        game_id = f"rr-o01-{pair[0]}:{pair[1]}"
        results.append(
            dataclasses.replace(played, spec=dataclasses.replace(played.spec, game_id=game_id))
        )
    results_file = tmp_path / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")

    def few_resamples(games: list[GameResult]) -> RatingTable:
        return rate(games, resamples=20)

    write_leaderboard(results_file, tmp_path / "site", rate=few_resamples)
    japanese = sorted((tmp_path / "site" / "ja").rglob("*.html"))
    assert len(japanese) == 1 + len(results)
    for page in japanese:
        text = text_of(page.read_text("utf-8"))
        assert "α-β depth" not in text, page
        assert "αβ法 深さ" in text, page  # every game has an α-β player
    index = text_of((tmp_path / "site" / "ja" / "index.html").read_text("utf-8"))
    assert "αβ法 深さ 2" in index and "αβ法 深さ 4" in index
    english = text_of((tmp_path / "site" / "index.html").read_text("utf-8"))
    assert "α-β depth 2" in english
