"""The ratings table as a reader sees it, and the arguments passed on (gamelib.tournament.ratings):
the facts mutation testing (``bash scripts/course.sh mutants gamelib/tournament/ratings.py``)
found no test stating. Each expected text is written out here, not produced by the module."""

from __future__ import annotations

import inspect
import math
from pathlib import Path

import pytest

from gamelib.tournament.ratings import (
    RatingTable,
    check_on_simulations,
    expected_score,
    ladder_ratings,
    rate,
    rate_with_ladder,
    simulate,
)
from gamelib.tournament.records import GameResult
from tests.test_ratings import game


@pytest.fixture(scope="module")
def table() -> RatingTable:
    """ "a" beat "b" 3 times and lost none, "b" and "c" drew twice, "ghost" only crashed:
    "a" has a perfect score (interval … ∞), "c" lost nothing and won nothing."""
    results = [game("a", "b", (1.0, 0.0), number) for number in range(3)]
    results += [game("b", "c", (0.5, 0.5), 10 + number) for number in range(2)]
    results.append(game("c", "ghost", None, 20))
    return rate(results, resamples=30, seed=4, reference=None)


def test_the_rows_are_ranked_from_1_and_the_last_has_no_stronger_than_next(
    table: RatingTable,
) -> None:
    columns, rows, numeric = table.shown(language="en")
    assert columns[:7] == (
        "#", "player", "strength", "95 % interval", "stronger than next", "games", "points"
    )  # fmt: skip
    assert [row["#"] for row in rows] == ["1", "2", "3", ""]  # ghost, unrated, last
    assert [row["player"] for row in rows] == ["a", "c", "b", "ghost"]
    assert rows[2]["stronger than next"] == "" and rows[0]["stronger than next"].endswith(" %")
    assert rows[0]["95 % interval"].endswith(" … ∞")
    assert numeric == tuple(column for column in columns if column != "player")
    assert "player" not in numeric and "points" in numeric


def test_status_columns_count_each_players_statuses(table: RatingTable) -> None:
    columns, rows, _ = table.shown(language="en")
    assert columns[7:] == ("finished", "crash")
    by_player = {row["player"]: row for row in rows}
    assert (by_player["c"]["finished"], by_player["c"]["crash"]) == ("2", "1")
    assert (by_player["a"]["finished"], by_player["a"]["crash"]) == ("3", "0")
    assert (by_player["ghost"]["finished"], by_player["ghost"]["crash"]) == ("0", "1")
    assert by_player["ghost"]["strength"] == "" and by_player["ghost"]["games"] == "0"
    with pytest.raises(KeyError, match="ghost"):  # unrated: no row, and the error names it
        table["ghost"]


def test_strengths_are_whole_numbers_with_a_true_minus_and_infinities() -> None:
    results = [game("a", "b", (1.0, 0.0), 0), game("a", "b", (0.0, 1.0), 1)]
    results += [game("b", "c", (1.0, 0.0), 2), game("c", "d", (1.0, 0.0), 3)]
    even = rate(results[:2], resamples=10, reference="b")
    assert even.shown(language="en")[1][0]["strength"] == "0"  # 0, not +0
    table = rate(results, resamples=10, reference="b")
    strengths = {row["player"]: row["strength"] for row in table.shown(language="en")[1]}
    assert strengths["b"] == "0"
    assert strengths["d"].startswith("−") and strengths["d"][1:].isdigit()
    assert int(strengths["d"][1:]) == round(-table["d"].strength)
    d_interval = {row["player"]: row["95 % interval"] for row in table.shown(language="en")[1]}
    assert d_interval["d"].startswith("−∞ … ")  # d lost its only game
    assert math.isinf(table["d"].low) and table["d"].low < 0


def test_the_note_says_the_anchor_prior_lead_and_resamples_in_each_language(
    table: RatingTable,
) -> None:
    english = table.note(language="en")
    assert "the players' mean sits at 0" in english
    assert "with 2 virtual draws per player" in english
    assert "A lead of 200 is an expected score of 76 %." in english
    assert "the middle 95 % of 30 fits" in english
    japanese = table.note(language="ja")
    assert "全員の平均を 0 とします" in japanese and "2 局の仮想の引き分け" in japanese
    assert "強さの差 200 は期待得点 76 %" in japanese and "30 回当てはめた" in japanese
    assert table.html(language="ja").endswith(f"<p>{japanese}</p>")
    assert "<th" in table.html(language="ja") and "プレイヤー" in table.html(language="ja")
    assert table.text(language="ja").splitlines()[0].split()[:2] == ["順位", "プレイヤー"]
    anchored = rate(
        [game("Random", "x", (0.0, 1.0), 0)], resamples=5, seed=1, reference="Random"
    ).note(language="en")
    assert "Random sits at 0" in anchored and "mean" not in anchored


def write_results(path: Path, results: list[GameResult]) -> Path:
    path.write_text("".join(result.to_line() + "\n" for result in results), encoding="utf-8")
    return path


def test_the_ladder_functions_pass_on_resamples_and_seed(tmp_path: Path) -> None:
    ladder = simulate({"Random": 0.0, "greedy": 150.0, "deep": 300.0}, games_per_pair=4, seed=3)
    path = write_results(tmp_path / "ladder.jsonl", ladder)
    published = ladder_ratings(path, resamples=25, seed=6)
    assert (published.resamples, published.seed) == (25, 6)
    assert published == rate(ladder, resamples=25, seed=6)
    assert ladder_ratings(path, resamples=25, seed=7) != published
    for function in (ladder_ratings, rate_with_ladder, rate):  # the defaults the docs state
        parameters = inspect.signature(function).parameters
        assert (parameters["resamples"].default, parameters["seed"].default) == (1000, 0)
    games = [game("student", "greedy", (1.0, 0.0), 500 + number) for number in range(3)]
    games.append(game("greedy", "student", (1.0, 0.0), 600))
    class_table = rate_with_ladder(games, path, resamples=25, seed=6)
    assert (class_table.resamples, class_table.seed) == (25, 6)
    assert class_table == rate([*ladder, *games], resamples=25, seed=6)
    assert rate_with_ladder(games, path, resamples=25, seed=7) != class_table


def test_the_simulation_check_is_seeded_and_its_defaults_are_its_docstrings() -> None:
    small = {"players": 4, "games_per_pair": 2, "tournaments": 3, "resamples": 5}
    first = check_on_simulations(**small)
    assert check_on_simulations(**small) == first  # fixed seeds: the same figures
    assert check_on_simulations(**small, spread=150.0, draw_share=0.3, seed=0) == first
    assert check_on_simulations(**small, seed=1) != first
    assert check_on_simulations(**small, spread=400.0) != first


def test_a_lead_of_400_is_odds_of_10_to_1() -> None:
    """The scale's definition, exactly: 400 points are odds of 10 to 1, 800 of 100 to 1."""
    assert expected_score(400) == pytest.approx(10 / 11, abs=1e-12)
    assert expected_score(-400) == pytest.approx(1 / 11, abs=1e-12)
    assert expected_score(800) == pytest.approx(100 / 101, abs=1e-12)
    assert expected_score(0) == 0.5
