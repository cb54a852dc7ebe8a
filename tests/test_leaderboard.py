"""The leaderboard folder and the replay pages (gamelib.tournament.leaderboard, .replay).

The results are constructed: games played in this process by seeded random moves, each move
with a made-up report, plus a void game and its replay, a game lost by an illegal move, and a
player whose name and log are hostile HTML. What is checked: both languages' index pages and
one replay per game in each, every local link leading to a file, the ratings' numbers shown
as the ratings module computed them, each player's time summed from its moves, each move's
reported search in its replay, and no player text reaching a page unescaped.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections.abc import Sequence
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gamelib.tournament.games import make_game
from gamelib.tournament.leaderboard import replay_names, time_used, write_leaderboard
from gamelib.tournament.ratings import RatingTable, rate
from gamelib.tournament.records import GameResult, GameSpec, MoveRecord, SideOutcome, Status
from gamelib.tournament.replay import Replay, replay_steps

HOSTILE = "<script>alert('owned')</script>"
HOSTILE_NAME = f"mallory {HOSTILE}"


def random_game(game_name: str, seed: int, players: tuple[str, str]) -> GameResult:
    """A game of seeded random moves played to the end, each move with a report (the value a
    made-up number, the line the move and one reply)."""
    rng = random.Random(seed)
    game = make_game(game_name)
    state = game.initial_state()
    banks = [2.0, 2.0]
    moves = []
    while not game.is_terminal(state):
        move = rng.choice(list(game.moves(state)))
        side = game.to_move(state)
        name = game.move_name(move)
        state = game.result(state, move)
        if name == "pass":  # the referee plays forced passes itself
            continue
        seconds = rng.uniform(0.001, 0.15)
        banks[side] -= max(0.0, seconds - 0.1)
        replies = [game.move_name(each) for each in game.moves(state)][:1]
        report = {
            "depth": rng.randint(1, 9),
            "nodes": rng.randint(1, 10**6),
            "value": rng.choice([rng.randint(-64, 64), round(rng.uniform(-3, 3), 3)]),
            "principal_variation": [name, *replies],
        }
        moves.append(MoveRecord(side, name, seconds, banks[side], report))
    score = float(game.utility(state) if game.to_move(state) == 0 else -game.utility(state))
    points = (1.0, 0.0) if score > 0 else (0.0, 1.0) if score < 0 else (0.5, 0.5)
    spec = GameSpec(f"{game_name}-{seed:03d}", game_name, players, ("a.py", "b.py"), seed=seed)
    sides = tuple(
        SideOutcome(
            Status.FINISHED,
            log=f"side {side} says {HOSTILE}",
            seconds_used=sum(move.seconds for move in moves if move.side == side),
            moves=sum(move.side == side for move in moves),
        )
        for side in (0, 1)
    )
    return GameResult(spec, tuple(moves), (sides[0], sides[1]), score, points, False)


def tournament() -> list[GameResult]:
    """The constructed tournament (see the module docstring)."""
    pairs = [("alice", "bob"), ("bob", HOSTILE_NAME), (HOSTILE_NAME, "alice"), ("bob", "alice")]
    results = [random_game("reversi4x4", seed, pair) for seed, pair in enumerate(pairs)]
    results.append(random_game("othello", 7, ("alice", HOSTILE_NAME)))
    results.append(random_game("tictactoe", 8, ("bob", "alice")))
    crashed = SideOutcome(Status.CRASH, "it raised ValueError", "Traceback <b>bold</b>")
    slow = SideOutcome(Status.TIME_OUT, "no answer in 2.15 s")
    void = dataclasses.replace(
        random_game("reversi4x4", 9, ("carol", "bob")),
        moves=(),
        sides=(crashed, slow),
        score=None,
        points=None,
    )
    results += [void, dataclasses.replace(void, spec=dataclasses.replace(void.spec, attempt=1))]
    played = random_game("reversi4x4", 10, ("alice", "carol"))
    illegal = MoveRecord(played.moves[2].side, "b2", 0.01, 2.0, None)  # a centre square
    side = illegal.side
    outcomes = [SideOutcome(Status.NOT_PLAYED), SideOutcome(Status.NOT_PLAYED)]
    outcomes[side] = SideOutcome(Status.ILLEGAL_MOVE, "it played b2, which is not legal")
    results.append(
        dataclasses.replace(
            played,
            moves=(*played.moves[:2], illegal),
            sides=(outcomes[0], outcomes[1]),
            score=None,
            points=(0.0, 1.0) if side == 0 else (1.0, 0.0),
        )
    )
    return results


class Links(HTMLParser):
    """The hrefs of a page, and its text outside scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.text: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hrefs += [value for name, value in attrs if name == "href" and value]
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.text.append(data)


def number(text: str) -> float:
    """A number as the pages write it (a true minus, ∞, ½) read back."""
    return float(text.replace("−", "-").replace("∞", "inf").replace("½", ".5"))


def parsed(page: Path) -> Links:
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


def few_resamples(results: Sequence[GameResult]) -> RatingTable:
    """The ratings with 200 bootstrap fits (the default 1000 take seconds on a busy machine)."""
    return rate(results, resamples=200)


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[GameResult], Path]:
    """The tournament's results file written, and its leaderboard folder."""
    folder = tmp_path_factory.mktemp("leaderboard")
    results = tournament()
    results_file = folder / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")
    write_leaderboard(results_file, folder / "site", rate=few_resamples)
    return results, folder / "site"


def test_each_language_has_its_index_and_one_replay_per_game(
    board: tuple[list[GameResult], Path],
) -> None:
    results, site = board
    names = replay_names(results)
    assert len(set(names)) == len(results)  # the void game's replay has a page of its own
    for top in (site, site / "ja"):
        assert (top / "index.html").is_file()
        assert sorted(path.name for path in (top / "games").iterdir()) == sorted(names)
    assert '<html lang="ja">' in (site / "ja" / "index.html").read_text("utf-8")
    assert "対抗戦の順位表" in (site / "ja" / "index.html").read_text("utf-8")


def test_every_link_leads_to_a_file_and_the_twins_link_each_other(
    board: tuple[list[GameResult], Path],
) -> None:
    _, site = board
    pages = sorted(site.rglob("*.html"))
    for page in pages:
        hrefs = parsed(page).hrefs
        assert hrefs, f"{page} links nowhere"
        for href in hrefs:
            assert not re.match(r"[a-z]+:", href), f"{page} links outside: {href}"
            assert (page.parent / href).resolve().is_file(), f"{page}: {href} is missing"
    english, japanese = site / "games" / "reversi4x4-000.html", site / "ja" / "index.html"
    assert "../ja/games/reversi4x4-000.html" in parsed(english).hrefs
    assert "../index.html" in parsed(japanese).hrefs


def test_the_ratings_shown_are_the_ratings_computed(board: tuple[list[GameResult], Path]) -> None:
    results, site = board
    table = few_resamples(results)
    for language, page in (("en", site / "index.html"), ("ja", site / "ja" / "index.html")):
        text = page.read_text("utf-8")
        columns, rows, _ = table.shown(language=language)
        found = re.search(r'<div class="wide ratings"[^>]*>(.*?)</div>', text, re.S)
        assert found is not None
        cells = [unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", found.group(1))]
        assert cells == [row[column] for row in rows for column in columns]
        # and those cells are the table's numbers: strength, interval, games and points
        for row in table.rows:
            start = cells.index(row.name)
            strength, interval, stronger, games, points = cells[start + 1 : start + 6]
            assert number(strength) == pytest.approx(row.strength, abs=0.5)
            low, high = (number(end) for end in interval.split(" … "))
            assert low == pytest.approx(row.low, abs=0.5)
            assert high == pytest.approx(row.high, abs=0.5)
            if row.stronger_than_next is None:
                assert stronger == ""
            else:
                assert number(stronger.rstrip("%")) / 100 == pytest.approx(
                    row.stronger_than_next, abs=0.0051
                )
            assert int(games) == row.games
            assert number(points) == row.points


def test_the_strength_shown_for_seven_wins_in_ten_is_400_log10_of_the_odds(
    tmp_path: Path,
) -> None:
    """An answer worked out by hand, not by the ratings module: "alice" beats the reference
    player (the ladder's Random) 7 times in 10; with the prior's 2 virtual draws (one point
    each way) her strength is 400 · log10(8 / 4) = 120.41, shown as +120 on both pages. A
    strength scale 1.5× too large would show +181."""
    reference = "Random"
    results = []
    for game_number in range(10):
        alice_won = game_number < 7
        players = ("alice", reference) if game_number % 2 == 0 else (reference, "alice")
        first_won = alice_won == (players[0] == "alice")
        spec = GameSpec(f"tictactoe-{game_number:03d}", "tictactoe", players, ("a.py", "b.py"))
        finished = SideOutcome(Status.FINISHED)
        results.append(GameResult(spec, (), (finished, finished), 1.0 if first_won else -1.0,
                                  (1.0, 0.0) if first_won else (0.0, 1.0), False))  # fmt: skip
    results_file = tmp_path / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")
    write_leaderboard(results_file, tmp_path / "site", rate=few_resamples, workers=1)
    expected = 400 * math.log10((7 + 1) / (3 + 1))
    assert expected == pytest.approx(120.41, abs=0.005)
    for page in (tmp_path / "site" / "index.html", tmp_path / "site" / "ja" / "index.html"):
        found = re.search(r'<div class="wide ratings"[^>]*>(.*?)</div>', page.read_text("utf-8"),
                          re.S)  # fmt: skip
        assert found is not None
        cells = [unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", found.group(1))]
        shown = number(cells[cells.index("alice") + 1])
        assert shown == round(expected) == 120


def test_each_players_time_is_the_sum_of_its_moves(board: tuple[list[GameResult], Path]) -> None:
    results, site = board
    used = time_used(results)
    alice = [
        move.seconds
        for result in results
        for move in result.moves
        if result.spec.players[move.side] == "alice"
    ]
    assert used["alice"].moves == len(alice)
    assert used["alice"].seconds == pytest.approx(sum(alice))
    assert used["alice"].slowest == max(alice)
    assert used["carol"].moves == sum(
        result.spec.players[move.side] == "carol" for result in results for move in result.moves
    )
    row = re.search(
        r"<tr><td class=\"name\">alice</td>(.*?)</tr>", (site / "index.html").read_text()
    )
    assert row is not None
    assert f">{len(alice)}<" in row.group(1)
    assert f">{sum(alice):.2f}<" in row.group(1)


def test_a_replay_steps_through_every_move_with_its_reported_search(
    board: tuple[list[GameResult], Path],
) -> None:
    results, site = board
    othello = next(result for result in results if result.spec.game == "othello")
    steps = replay_steps(othello)
    played = [step for step in steps if step.record is not None]
    assert [step.record for step in played] == list(othello.moves)
    assert all(step.kind == "played" for step in played)
    passes = sum(step.kind == "forced pass" for step in steps)
    assert len(steps) == 1 + len(othello.moves) + passes
    sentences = Replay(othello, "en").sentences()
    assert len(sentences) == len(steps)
    page = (site / "games" / replay_names(results)[results.index(othello)]).read_text("utf-8")
    for index, step in enumerate(steps):
        if step.record is None:
            continue
        report = step.record.report
        assert report is not None
        assert f"depth {report['depth']}" in sentences[index]
        row = re.search(rf'<tr id="move-{index}">(.*?)</tr>', page)
        assert row is not None, f"move {index} has no row"
        cells = [unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))]
        assert cells[2] == step.move
        assert int(cells[5]) == report["depth"]
        assert int(cells[6].replace(" ", "")) == report["nodes"]
        assert number(cells[7]) == pytest.approx(report["value"], abs=0.0051)
        assert cells[8] == " ".join(report["principal_variation"])


def test_a_move_that_is_not_legal_ends_the_replay_and_is_marked(
    board: tuple[list[GameResult], Path],
) -> None:
    results, site = board
    illegal = next(
        result
        for result in results
        if Status.ILLEGAL_MOVE in {side.status for side in result.sides}
    )
    steps = replay_steps(illegal)
    assert [step.kind for step in steps] == ["start", "played", "played", "not legal"]
    assert steps[-1].state == steps[-2].state
    page = (site / "games" / replay_names(results)[results.index(illegal)]).read_text("utf-8")
    assert '<tr id="move-3" class="not-legal">' in page
    assert "is not a legal move here" in page


def test_no_player_text_reaches_a_page_unescaped(board: tuple[list[GameResult], Path]) -> None:
    _, site = board
    for page in sorted(site.rglob("*.html")):
        html = page.read_text("utf-8")
        assert HOSTILE not in html, f"{page} holds the player's <script> as HTML"
        assert "<b>bold</b>" not in html
        assert "mallory" not in html or "mallory &lt;script&gt;" in html
    text = "".join(parsed(site / "index.html").text)
    assert HOSTILE_NAME in text  # shown, as text
    void_page = site / "games" / "reversi4x4-009-replay.html"
    assert "Traceback <b>bold</b>" in "".join(parsed(void_page).text)
    assert "Neither player made a move." in "".join(parsed(void_page).text)


def test_one_language_alone_and_bad_languages(tmp_path: Path) -> None:
    results = tournament()[:2]
    results_file = tmp_path / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")
    index = write_leaderboard(
        results_file, tmp_path / "ja-only", languages=("ja",), rate=few_resamples
    )
    assert '<html lang="ja">' in index.read_text("utf-8")
    assert not (tmp_path / "ja-only" / "ja").exists()
    for languages in ((), ("en", "en"), ("fr",)):
        with pytest.raises(ValueError):
            write_leaderboard(results_file, tmp_path / "bad", languages=languages)


def test_worker_processes_write_the_same_pages(tmp_path: Path) -> None:
    results = [random_game("tictactoe", seed, ("alice", "bob")) for seed in range(16)]
    results_file = tmp_path / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")
    folders = {}
    for workers in (1, 2):
        folders[workers] = tmp_path / f"workers-{workers}"
        write_leaderboard(results_file, folders[workers], rate=few_resamples, workers=workers)

    def pages(folder: Path) -> dict[str, str]:
        """Each page's text, the player's random id made the same everywhere."""
        return {
            str(page.relative_to(folder)): re.sub(
                r"gamelib-player-[0-9a-f]{12}", "gamelib-player-id", page.read_text("utf-8")
            )
            for page in folder.rglob("*.html")
        }

    one, two = pages(folders[1]), pages(folders[2])
    assert len(one) == 2 * (len(results) + 1)
    assert one == two


def test_folders_put_each_language_where_a_website_keeps_its_twin(tmp_path: Path) -> None:
    """With ``folders`` (the course's website: ``tournament`` and ``ja/tournament``) each
    language's pages go to its folder; every link still leads to a file, and each page's
    language switch (one link of the class ``course-language-switch``) leads to its twin;
    with ``homes`` each index links back to its book's page."""
    results = tournament()[:3]
    results_file = tmp_path / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")
    folders = {"en": "tournament", "ja": "ja/tournament"}
    top = tmp_path / "html"
    homes = {"en": "tournament.html", "ja": "ja/tournament.html"}
    for language, home in homes.items():
        (top / home).parent.mkdir(parents=True, exist_ok=True)
        (top / home).write_text(f"<html lang={language}></html>")
    index = write_leaderboard(results_file, top, rate=few_resamples, folders=folders, homes=homes)
    assert index == top / "tournament" / "index.html"
    assert "../tournament.html" in parsed(index).hrefs
    assert "../tournament.html" in parsed(top / "ja" / "tournament" / "index.html").hrefs
    english = sorted(path.relative_to(top / "tournament") for path in index.parent.rglob("*.html"))
    japanese = sorted(
        path.relative_to(top / "ja" / "tournament")
        for path in (top / "ja" / "tournament").rglob("*.html")
    )
    assert english == japanese and len(english) == len(results) + 1
    switch = re.compile(r'<a class="course-language-switch" href="([^"]+)"')
    own, twin = top / "tournament", top / "ja" / "tournament"
    for name in english:
        for page, other in ((own / name, twin / name), (twin / name, own / name)):
            text = page.read_text("utf-8")
            assert len(switch.findall(text)) == 1, page
            assert (page.parent / switch.findall(text)[0]).resolve() == other.resolve()
            for href in parsed(page).hrefs:
                assert (page.parent / href).resolve().is_file(), f"{page}: {href}"
    with pytest.raises(ValueError):
        write_leaderboard(results_file, top, folders={"en": "same", "ja": "same/"})
    with pytest.raises(ValueError):
        write_leaderboard(results_file, top, folders={"en": "tournament"})
