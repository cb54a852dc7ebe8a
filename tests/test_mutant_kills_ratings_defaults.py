"""The ratings table's player names in the language asked for, and the defaults the ladder
functions and the simulation check use (gamelib.tournament.ratings): facts the survivors of a
second mutation run (``bash scripts/course.sh mutants gamelib/tournament/ratings.py``, after
tests/test_mutant_kills_ratings.py) showed no test stating. Expected names are written out here,
not produced by the module; the mutants this file does not kill are explained, one line each, in
tests/mutants_equivalent.md."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from gamelib.language import current_language, set_language
from gamelib.tournament.ratings import (
    check_on_simulations,
    fit_strengths,
    ladder_ratings,
    rate,
    rate_with_ladder,
    simulate,
)
from tests.test_mutant_kills_ratings import write_results
from tests.test_ratings import game

RANDOM, TAKES_A_WIN, BLOCKS = (
    "level 0 (random)",
    "level 1 (takes a win)",
    "level 2 (wins or blocks)",
)


@pytest.fixture
def course_language() -> Iterator[None]:
    """The course-wide language is restored after the test changes it."""
    before = current_language()
    yield
    set_language(before)


@pytest.mark.parametrize("course_wide", ["en", "ja"])
def test_the_default_player_names_are_in_the_language_asked_not_the_course_wide_one(
    course_wide: str, course_language: None
) -> None:
    set_language(course_wide)
    results = [game(TAKES_A_WIN, RANDOM, (1.0, 0.0), number) for number in range(2)]
    results.append(game(RANDOM, BLOCKS, None, 9))  # level 2 only crashed: an unrated row
    table = rate(results, resamples=5, seed=1, reference=None)
    japanese = [row["プレイヤー"] for row in table.shown(language="ja")[1]]
    assert japanese == ["レベル 1（勝てる手は逃さない）", "レベル 0（ランダム）",
                        "レベル 2（勝つか、相手の勝ちを防ぐ）"]  # fmt: skip
    english = [row["player"] for row in table.shown(language="en")[1]]
    assert english == [TAKES_A_WIN, RANDOM, BLOCKS]
    assert '<td style="text-align:left">レベル 0（ランダム）</td>' in table.html(language="ja")
    assert f'<td style="text-align:left">{RANDOM}</td>' in table.html(language="en")


def test_the_ladder_functions_default_to_1000_resamples_seeded_0(tmp_path: Path) -> None:
    """The defaults the docs state, as the functions use them (not only as they are written:
    a signature's default can say one thing while a call does another)."""
    ladder = simulate({"Random": 0.0, "greedy": 150.0}, games_per_pair=2, seed=3)
    path = write_results(tmp_path / "ladder.jsonl", ladder)
    published = ladder_ratings(path)
    assert (published.resamples, published.seed) == (1000, 0)
    class_table = rate_with_ladder([game("student", "greedy", (1.0, 0.0), 500)], path)
    assert (class_table.resamples, class_table.seed) == (1000, 0)


def test_the_simulation_check_rates_each_tournament_as_its_docstring_says() -> None:
    """Tournament ``t`` of the check: strengths drawn from the seeded generator, centred, the
    round robin simulated with the draw share asked for and seed ``t``, rated with no reference
    and the bootstrap seeded ``t``. Its "stronger than next" figure (a mean of bootstrap
    shares, fine enough to tell one set of games from another) is rebuilt here from
    :func:`simulate` and :func:`rate` directly."""
    players, games_per_pair, tournaments, resamples = 4, 2, 3, 40
    generator = np.random.default_rng(5)
    names = [f"player {number:03d}" for number in range(players)]
    stated: list[float] = []
    for tournament in range(tournaments):
        truth = generator.normal(0, 150.0, players)
        strengths = dict(zip(names, map(float, truth - truth.mean()), strict=True))
        results = simulate(
            strengths, games_per_pair=games_per_pair, draw_share=0.3, seed=tournament
        )
        table = rate(results, resamples=resamples, seed=tournament, reference=None)
        stated += [row.stronger_than_next or 0.0 for row, _ in itertools.pairwise(table.rows)]
    check = check_on_simulations(
        players=players, games_per_pair=games_per_pair, tournaments=tournaments,
        resamples=resamples, seed=5,
    )  # fmt: skip
    assert check.intervals == players * tournaments
    assert check.stated_order == pytest.approx(float(np.mean(stated)), abs=1e-12)


def test_simulated_games_are_whole_results_numbered_in_order() -> None:
    """Each simulated game is a result like the referee's: its own id and seed (its number),
    a game name, no player files, the score from the first player's view (+1 win, 0 draw,
    −1 loss), played outside the sandbox."""
    results = simulate({"a": 0.0, "b": 100.0, "c": 200.0}, games_per_pair=3, draw_share=0.5)
    assert [result.spec.game_id for result in results] == [
        f"simulated-{number:05d}" for number in range(9)
    ]
    assert [result.spec.seed for result in results] == list(range(9))
    assert {result.spec.game for result in results} == {"tictactoe"}
    assert {result.sandboxed for result in results} == {False}
    assert {result.spec.paths for result in results} == {("", "")}  # no player file behind
    scores = {1.0: 1.0, 0.5: 0.0, 0.0: -1.0}
    for result in results:
        assert result.points is not None
        assert result.score == scores[result.points[0]]
    assert {result.score for result in results} >= {1.0, -1.0}


def test_void_games_only_rate_no_one() -> None:
    """Games that count for neither player (both crashed) leave no one to rate: no rows, every
    player unrated with its statuses counted, and the table still writes itself."""
    table = rate([game("a", "b", None, 0), game("b", "a", None, 1)], resamples=5, seed=2)
    assert table.rows == ()
    assert [tally.name for tally in table.unrated] == ["a", "b"]
    assert [row["crash"] for row in table.shown(language="en")[1]] == ["2", "2"]


def test_one_player_or_none_has_nothing_to_fit() -> None:
    """With fewer than two players there is no comparison: the strengths are 0s (mean 0)."""
    assert fit_strengths(np.zeros((1, 1))).tolist() == [0.0]
    assert fit_strengths(np.zeros((0, 0))).tolist() == []
