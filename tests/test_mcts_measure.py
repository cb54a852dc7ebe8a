"""UCT in the tournament (issue 37 item 4): the MCTS player file passes the student's check,
searches as it says, the paced clock charges as the referee does, the measurement command
runs (a tiny version, through the real referee), and the committed cache is what its stated
command plans, its games replay to their recorded scores and its ratings are those of its
games."""

from __future__ import annotations

import math
import shlex
from collections import Counter
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import Any

import pytest

import gamelib
from gamelib.games.othello import Othello, OthelloState
from gamelib.language import check_language
from gamelib.search.mcts import uct
from gamelib.tournament import mcts_measure
from gamelib.tournament.check import main as check_main
from gamelib.tournament.mcts_measure import (
    MCTS_CACHE,
    MonteCarloRow,
    Plan,
    game_specs,
    load_mcts_measurement,
    mcts_chart,
    mcts_comparisons,
    mcts_table,
    parser,
    plan_of,
    player_label,
    ratings_of,
)
from gamelib.tournament.mcts_player import Player, fixed_iterations
from gamelib.tournament.pacing import OVERRUN, paced
from gamelib.tournament.player import Clock, Report
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings
from gamelib.tournament.schedule import derived_seed

PLAYER_FILE = Path(mcts_measure.__file__).with_name("mcts_player.py")


def test_the_mcts_player_file_passes_the_students_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = check_main(["check", str(PLAYER_FILE), "--positions", "8", "--games", "1"])
    output = capsys.readouterr().out
    assert status == 0, output
    assert output.splitlines()[-1] == "Every check passed."


def test_a_fixed_budget_player_searches_that_many_iterations_seeded() -> None:
    game = Othello()
    state = game.result(game.initial_state(), game.moves(game.initial_state())[0])
    clock = Clock(move_seconds=0.05, bank_seconds=1.0)
    reports = []
    for _ in range(2):
        player = fixed_iterations(40)(game, 1)
        player.generator.seed(7)  # what the referee's seeding of `random` would give
        reports.append(player.choose_move(game, state, clock))
    first, second = reports
    assert isinstance(first, Report) and first == second
    assert first.nodes == 40
    seed = __import__("random").Random(7).randrange(2**32)
    expected = uct(game, state, iterations=40, seed=seed)  # the same search, by hand
    assert first.move == expected.move and first.value == expected.value
    assert first.principal_variation == [game.move_name(move) for move in expected.pv]
    with pytest.raises(ValueError, match="at least 1 iteration"):
        fixed_iterations(0)


def test_the_clock_player_stops_within_its_budget_and_plays_a_forced_move_at_once() -> None:
    game = Othello()
    state = game.initial_state()
    clock = Clock(move_seconds=0.05, bank_seconds=0.0)
    report = Player(game, 0).choose_move(game, state, clock)
    assert report.move in game.moves(state)
    assert report.nodes is not None and report.nodes >= 1
    # its budget is 0.05 × 0.8 s; it overshoots by one iteration at most, far below the
    # move's whole time (a loaded machine slows both sides of this comparison alike)
    assert clock.elapsed() < 0.05 + TOURNAMENT_CLOCK.grace_seconds
    forced = Player(game, 0)
    only = next(s for s in reachable(game) if len(game.moves(s)) == 1)
    assert forced.choose_move(game, only, clock) == game.moves(only)[0]


def test_the_clock_player_learns_what_the_referee_charged_beyond_its_own_count() -> None:
    player = Player(Othello(), 0)
    player.last_move = (1.0, 0.03)  # handed a bank of 1 s, counted 0.03 s itself
    player.learn_unseen(Clock(move_seconds=0.05, bank_seconds=0.9))  # the referee took 0.15 s
    assert math.isclose(player.unseen, 0.12)
    player.last_move = (0.9, 0.04)
    player.learn_unseen(Clock(move_seconds=0.05, bank_seconds=0.9))  # within the move's time
    assert math.isclose(player.unseen, 0.12)  # nothing learnt; the most seen is kept
    player.last_move = (0.9, 0.01)
    player.learn_unseen(Clock(move_seconds=0.05, bank_seconds=0.7))  # 0.25 s for 0.01 s
    assert math.isclose(player.unseen, 0.24)


def reachable(game: Othello) -> list[OthelloState]:
    """Positions of a few seeded random games (some with a single legal move)."""
    import random

    generator = random.Random(3)
    found = []
    for _ in range(20):
        state = game.initial_state()
        while game.moves(state):
            found.append(state)
            state = game.result(state, generator.choice(game.moves(state)))
    return found


def test_a_paced_player_sees_its_own_clock_and_is_charged_as_the_referee_charges(
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = ClockSettings(move_seconds=0.05, bank_seconds=1.0, grace_seconds=0.01)
    seen: list[tuple[float, float]] = []

    class Recorder:
        def __init__(self, game: object, side: int) -> None:
            pass

        def choose_move(self, game: object, state: object, clock: Clock) -> str:
            seen.append((clock.move_seconds, clock.bank_seconds))
            return "f5"

    player = paced(Recorder, settings)(None, 0)
    # the referee's clock is generous; the move took 0.35 s by it: 0.3 s over the move time
    generous = Clock(move_seconds=20.0, bank_seconds=120.0, started=_seconds_ago(0.35))
    assert player.choose_move(None, None, generous) == "f5"
    assert player.choose_move(None, None, Clock(20.0, 120.0)) == "f5"
    assert seen[0] == (0.05, 1.0)
    assert seen[1][0] == 0.05 and math.isclose(seen[1][1], 0.7, abs_tol=0.02)
    assert capsys.readouterr().out == ""
    # 0.9 s with a bank of about 0.7 s: past the allowance (0.05 + 0.7 + 0.01), said in the log
    player.choose_move(None, None, Clock(20.0, 120.0, started=_seconds_ago(0.9)))
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(OVERRUN)
    assert 0.1 <= float(line.split()[-2]) <= 0.2
    player.choose_move(None, None, Clock(20.0, 120.0))
    assert seen[-1][1] < 0  # the bank went into debt


def _seconds_ago(seconds: float) -> float:
    import time

    return time.perf_counter() - seconds


def test_a_tiny_measurement_runs_through_the_referee_and_writes_the_caches_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache.json"
    arguments = [
        "--budgets", "3", "--no-clock-player", "--opponents", "α-β depth 1", "α-β depth 2",
        "--openings", "1", "--resamples", "20", "--out", str(tmp_path / "run"),
        "--cache", str(cache),
    ]  # fmt: skip
    assert mcts_measure.main(arguments) == 0
    capsys.readouterr()
    tiny = load_mcts_measurement(cache)
    committed = load_mcts_measurement()
    assert tiny.command == mcts_measure.command_line(arguments)
    assert set(tiny.made) == set(committed.made)
    assert set(tiny.options) == set(committed.options)
    assert {key for record in tiny.records for key in record} == {
        key for record in committed.records for key in record
    }
    # 3 pairs (UCT 3 with each, the two α-β players together) × 2 colours
    assert len(tiny.records) == 6
    assert {row.name for row in tiny.rows} == {"UCT 3", "α-β depth 1", "α-β depth 2"}
    assert tiny.row("UCT 3").iterations == 3  # every searched move reported 3 iterations
    assert_points_agree(tiny)


def test_the_committed_cache_is_what_its_stated_command_plans() -> None:
    measurement = load_mcts_measurement()
    words = shlex.split(measurement.command)
    assert words[:3] == ["python", "-m", "gamelib.tournament.mcts_measure"]
    plan = plan_of(parser().parse_args(words[3:]))
    files = dict.fromkeys((*plan.uct_players(), *plan.opponents), "player.py")
    planned = {spec.game_id: spec for spec in game_specs(plan, files)}
    played = {record["game_id"]: record for record in measurement.records if not record["attempt"]}
    assert played.keys() == planned.keys()
    for game_id, record in played.items():
        assert record["seed"] == derived_seed(plan.seed, game_id)
        assert tuple(record["opening"]) == planned[game_id].opening
    assert measurement.options["budgets"] == list(plan.budgets)
    assert measurement.options["openings"] == plan.openings


def test_the_committed_games_replay_to_their_recorded_scores() -> None:
    game = Othello()
    for record in load_mcts_measurement().records:
        if record["statuses"] != ["finished", "finished"]:
            continue
        state = game.initial_state()
        for name in [*record["opening"], *record["moves"].split()]:
            state = forced_passes(game, state)  # the referee plays them, the record has not
            (move,) = [move for move in game.moves(state) if game.move_name(move) == name]
            state = game.result(state, move)
        state = forced_passes(game, state)
        assert game.is_terminal(state), record["game_id"]
        score = game.utility(state)  # from the view of the side to move at the end
        assert (score if game.to_move(state) == 0 else -score) == record["score"]
        expected = 1.0 if record["score"] > 0 else 0.0 if record["score"] < 0 else 0.5
        assert record["points"] == [expected, 1 - expected], record["game_id"]


def forced_passes(game: Othello, state: Any) -> Any:
    """``state`` after every pass that is the only legal move there."""
    while not game.is_terminal(state) and [game.move_name(move) for move in game.moves(state)] == [
        "pass"
    ]:
        state = game.result(state, game.moves(state)[0])
    return state


def assert_points_agree(measurement: mcts_measure.MonteCarloMeasurement) -> None:
    """Every row's games and points are those its records add up to."""
    games: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for record in measurement.records:
        if record["points"] is None:
            continue
        for side, name in enumerate(record["players"]):
            games[name] += 1
            points[name] += record["points"][side]
    for row in measurement.rows:
        assert (row.games, row.points) == (games[row.name], points[row.name]), row.name


def test_the_committed_ratings_are_those_of_its_games() -> None:
    measurement = load_mcts_measurement()
    assert_points_agree(measurement)
    ratings = measurement.options
    table = ratings_of(measurement.results(), ratings["resamples"], ratings["ratings_seed"])
    assert table.names() == tuple(row.name for row in measurement.rows)
    for row in measurement.rows:
        fitted = table[row.name]
        assert math.isclose(fitted.strength, row.strength, abs_tol=1e-4), row.name
        for end, stored in ((fitted.low, row.low), (fitted.high, row.high)):
            assert end == stored or math.isclose(end, stored, abs_tol=1e-4), row.name
    assert table.reference == mcts_measure.REFERENCE
    assert measurement.row(mcts_measure.REFERENCE).strength == 0


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_table_and_the_chart_show_every_player_in_both_languages(language: str) -> None:
    measurement = load_mcts_measurement()
    table = mcts_table(measurement, language=language)
    lines = table.text().splitlines()
    assert len(lines) == 2 + len(measurement.rows)
    strengths = [row.strength for row in measurement.rows]
    assert strengths == sorted(strengths, reverse=True)
    html = table.html()
    assert escape(measurement.command) in html
    for row in measurement.rows:
        assert escape(mcts_measure.player_label(row.name, language)) in html
    svg = mcts_chart(measurement, language=language).svg
    assert svg.startswith("<svg")
    assert mcts_measure.WORDS["chart: x"][check_language(language)] in svg


def test_the_measurement_is_reachable_from_gamelib() -> None:
    assert gamelib.mcts_table is mcts_table
    assert gamelib.load_mcts_measurement is load_mcts_measurement
    assert MCTS_CACHE.is_file()


def test_bad_options_get_a_sentence_and_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    for arguments, said in (
        (["--budgets", "0"], "--budgets"),
        (["--opponents", "nobody"], "--opponents"),
        (["--budgets", "--no-clock-player"], "no UCT player"),
        (["--openings", "0"], "--openings"),
    ):
        assert mcts_measure.main(arguments) == 2
        assert said in capsys.readouterr().err
    assert Plan().pairs()[0] == ("UCT 100", "α-β depth 1")


def test_the_comparisons_name_each_opponent_by_where_its_interval_lies() -> None:
    """An opponent whose interval ends below a UCT player's is named "above", one that starts
    above it "below", any other (touching or crossing) "overlaps"; one sentence per UCT
    player, in the table's order, and the committed cache's sentences name every opponent."""
    cached = load_mcts_measurement()
    rows = (
        MonteCarloRow("UCT 300", 20, 10.0, 100.0, 50.0, 150.0, 300.0),
        MonteCarloRow("α-β depth 1", 20, 2.0, 0.0, 0.0, 0.0, None),
        MonteCarloRow("α-β depth 2", 20, 8.0, 50.0, 20.0, 50.0, None),
        MonteCarloRow("α-β depth 3", 20, 12.0, 200.0, 150.0, 260.0, None),
        MonteCarloRow("α-β depth 4", 20, 16.0, 300.0, 151.0, 400.0, None),
    )
    sentence = mcts_comparisons(replace(cached, rows=rows), language="en")
    assert sentence == [
        "UCT, 300 iterations a move: 50 % of the points; its interval lies above α-β depth 1, "
        "overlaps α-β depth 2, α-β depth 3, lies below α-β depth 4"
    ]
    for language in ("en", "ja"):
        sentences = mcts_comparisons(language=language)
        uct_rows = [row for row in cached.rows if row.iterations is not None]
        assert len(sentences) == len(uct_rows)
        for text in sentences:
            for row in cached.rows:
                if row.iterations is None:
                    assert text.count(player_label(row.name, language)) == 1, (row.name, text)
