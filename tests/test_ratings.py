"""Ratings (gamelib.tournament.ratings): Bradley–Terry strengths and bootstrap intervals,
checked on simulated players of known strength."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from pathlib import Path

import choix
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import spearmanr

from gamelib.tournament.ladder import LADDER
from gamelib.tournament.ratings import (
    PRIOR_DRAWS,
    REFERENCE,
    RatingTable,
    check_on_simulations,
    expected_score,
    fit_strengths,
    ladder_ratings,
    rate,
    rate_with_ladder,
    simulate,
)
from gamelib.tournament.records import GameResult, GameSpec, SideOutcome, Status, read_results
from tests.helpers import scaled


def game(first: str, second: str, points: tuple[float, float] | None, number: int) -> GameResult:
    """A game between ``first`` and ``second`` with those points (None: void, both crashed)."""
    status = Status.FINISHED if points is not None else Status.CRASH
    return GameResult(
        spec=GameSpec(
            game_id=f"g{number:04d}", game="tictactoe", players=(first, second), paths=("", "")
        ),
        moves=(),
        sides=(SideOutcome(status), SideOutcome(status)),
        score=None if points is None else points[0] - points[1],
        points=points,
        sandboxed=False,
    )


def strengths_by_name(table: RatingTable) -> dict[str, tuple[float, float, float]]:
    return {row.name: (row.strength, row.low, row.high) for row in table.rows}


# ------------------------------------------------------------------- the simulator itself


def test_simulated_games_score_as_the_model_says() -> None:
    """The simulator the other tests rely on: a 200-point lead scores expected_score(200)
    on average, and equal players draw about draw_share of their games."""
    lead = simulate({"strong": 200.0, "weak": 0.0}, games_per_pair=4000, draw_share=0.3, seed=1)
    scored = [
        result.points[result.spec.players.index("strong")] for result in lead if result.points
    ]
    assert np.mean(scored) == pytest.approx(expected_score(200), abs=0.02)
    equal = simulate({"a": 0.0, "b": 0.0}, games_per_pair=4000, draw_share=0.3, seed=2)
    draws = [result.points == (0.5, 0.5) for result in equal]
    assert np.mean(draws) == pytest.approx(0.3, abs=0.02)
    firsts = {result.spec.players[0] for result in equal}
    assert firsts == {"a", "b"}  # colours alternate


# ----------------------------------------------------------- recovering known strengths


def test_the_order_of_known_strengths_is_recovered() -> None:
    truth = {f"player {number:02d}": 60.0 * number for number in range(12)}
    results = simulate(truth, games_per_pair=8, draw_share=0.3, seed=3)
    table = rate(results, resamples=50, seed=3)
    fitted = [table[name].strength for name in truth]
    correlation = spearmanr(list(truth.values()), fitted).statistic
    assert correlation >= 0.9
    assert [row.strength for row in table.rows] == sorted(fitted, reverse=True)


def test_the_intervals_cover_the_truth_at_about_the_stated_rate() -> None:
    """Over 100 simulated round robins (6 players of random true strength, 4 games a pair,
    a third of equal players' games drawn), the 95 % intervals hold the true strength (the
    players' mean at 0) in 87 %–97 % of the cases (measured: 89.2 %; a little below 95 %
    with so few games, as the module says), and the stated "stronger than next" is about as
    often right as it says. Fixed seeds: the same figures on every run. The lower bound is
    what catches a wrong scale: with strengths written 1.5× too large (600/ln 10 for
    400/ln 10) the coverage falls to 85.3 %, with 2/3 of the scale to 73.5 %."""
    check = check_on_simulations(players=6, games_per_pair=4, tournaments=100, resamples=40)
    assert check.intervals == 600
    assert 0.87 <= check.coverage <= 0.97
    assert check.rank_correlation >= 0.7
    assert check.true_order == pytest.approx(check.stated_order, abs=0.1)


def two_player_results(wins: int, losses: int, draws: int = 0) -> list[GameResult]:
    """``wins`` + ``losses`` + ``draws`` games between "a" and "b", colours alternating, "a"
    winning ``wins`` of them, losing ``losses``, drawing the rest."""
    points = [(1.0, 0.0)] * wins + [(0.0, 1.0)] * losses + [(0.5, 0.5)] * draws
    return [
        game("a", "b", score, number) if number % 2 == 0
        else game("b", "a", (score[1], score[0]), number)
        for number, score in enumerate(points)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("wins", "losses", "draws"), [(7, 3, 0), (3, 7, 0), (5, 2, 3), (10, 0, 0), (4, 4, 2)]
)
def test_two_players_gap_is_the_closed_form_of_the_prior(
    wins: int, losses: int, draws: int
) -> None:
    """Two players only: the module's prior adds PRIOR_DRAWS virtual draws to each player,
    all against the other, so "a" has W + D/2 + p/2 points against L + D/2 + p/2 and the
    Bradley–Terry fit is exact: the gap is 400 · log10 of that ratio, written out here
    without the module's scale (120.41 points for 7–3 with p = 2)."""
    assert PRIOR_DRAWS == 2  # the figure 120.41 below is for p = 2
    a_points = wins + draws / 2 + PRIOR_DRAWS / 2
    b_points = losses + draws / 2 + PRIOR_DRAWS / 2
    gap = 400 * math.log10(a_points / b_points)
    table = rate(two_player_results(wins, losses, draws), resamples=20, reference="b")
    assert table["a"].strength == pytest.approx(gap, abs=1e-3)
    assert table["b"].strength == 0
    if (wins, losses, draws) == (7, 3, 0):
        assert table["a"].strength == pytest.approx(120.41, abs=0.005)
    # with the players' mean at 0 instead, each is half the gap from it
    middle = rate(two_player_results(wins, losses, draws), resamples=20, reference=None)
    assert middle["a"].strength == pytest.approx(gap / 2, abs=1e-3)
    assert middle["b"].strength == pytest.approx(-gap / 2, abs=1e-3)


def test_a_large_sample_recovers_a_known_gap() -> None:
    """20,000 simulated games between players 200 points apart (a third of equal players'
    games drawn): the fitted gap is within 12 points of 200 (the prior's pull is 0.02 points,
    the fit's standard error about 3 points). Strengths on a wrong scale (1.5× or 2/3)
    miss by 100 or 67 points."""
    results = simulate({"strong": 200.0, "weak": 0.0}, games_per_pair=20_000, draw_share=0.3,
                       seed=12)  # fmt: skip
    table = rate(results, resamples=1, reference="weak")
    assert table["strong"].strength == pytest.approx(200, abs=12)


def test_a_player_who_won_everything_gets_a_finite_strength_and_an_unbounded_interval() -> None:
    results = simulate({"a": 0.0, "b": 50.0, "c": 100.0}, games_per_pair=6, seed=5)
    results += [game("winner", name, (1.0, 0.0), 100 + number) for number, name in
                enumerate(["a", "b", "c"] * 2)]  # fmt: skip
    table = rate(results, resamples=100, seed=5)
    winner = table["winner"]
    assert table.rows[0] is winner
    assert math.isfinite(winner.strength) and math.isfinite(winner.low)
    assert winner.high == math.inf
    loser_results = [replace(result, points=(result.points[1], result.points[0]))
                     for result in results if result.points is not None]  # fmt: skip
    loser = rate(loser_results, resamples=100, seed=5)["winner"]
    assert math.isfinite(loser.strength) and loser.low == -math.inf


# ------------------------------------------------------------------------ what counts


def test_void_games_count_for_statuses_only() -> None:
    results = simulate({"a": 0.0, "b": 100.0, "c": 200.0}, games_per_pair=4, seed=6)
    voids = [game("a", "b", None, 900), game("c", "ghost", None, 901)]
    plain = rate(results, resamples=50, seed=6)
    with_voids = rate([*results, *voids], resamples=50, seed=6)
    assert strengths_by_name(with_voids) == strengths_by_name(plain)
    assert with_voids["a"].games == plain["a"].games == 8
    assert with_voids["a"].statuses == {Status.FINISHED: 8, Status.CRASH: 1}
    assert [tally.name for tally in with_voids.unrated] == ["ghost"]
    assert with_voids.unrated[0].statuses == {Status.CRASH: 1}
    assert "ghost" in with_voids.text()


def test_points_and_games_are_counted() -> None:
    results = [game("a", "b", (1.0, 0.0), 0), game("b", "a", (0.5, 0.5), 1)]
    table = rate(results, resamples=10)
    assert (table["a"].games, table["a"].points) == (2, 1.5)
    assert (table["b"].games, table["b"].points) == (2, 0.5)
    assert table.names() == ("a", "b")


def test_the_random_player_is_the_reference_and_the_bootstrap_is_seeded() -> None:
    assert Path(LADDER[REFERENCE]).name == "random_moves.py"  # the ladder's random player
    results = simulate({REFERENCE: 0.0, "greedy": 150.0, "alphabeta": 400.0}, games_per_pair=6)
    table = rate(results, resamples=200, seed=7)
    assert table.reference == REFERENCE
    assert (table[REFERENCE].strength, table[REFERENCE].low, table[REFERENCE].high) == (0, 0, 0)
    assert table.names()[0] == "alphabeta"
    assert rate(results, resamples=200, seed=7) == table
    assert rate(results, resamples=200, seed=8) != table
    without = rate(results, resamples=20, reference="nobody")
    assert without.reference is None
    assert sum(row.strength for row in without.rows) == pytest.approx(0, abs=1e-6)


def test_stronger_than_next_is_the_share_of_fits_in_that_order() -> None:
    results = simulate({"a": 0.0, "b": 10.0, "c": 600.0}, games_per_pair=10, seed=9)
    table = rate(results, resamples=200, seed=9)
    assert table.names()[0] == "c"
    assert table.rows[0].stronger_than_next is not None
    assert table.rows[0].stronger_than_next > 0.99  # 600 points clear of the next
    assert table.rows[1].stronger_than_next is not None
    assert 0.2 < table.rows[1].stronger_than_next < 0.95  # 10 points: a coin toss, nearly
    assert table.rows[-1].stronger_than_next is None


def test_choix_alpha_would_not_be_symmetric_the_virtual_draws_are() -> None:
    """Why the module gives virtual draws instead of choix's ``alpha`` (its docstring says
    so): with ``alpha`` the strengths of the swapped results are not the negated strengths;
    with the virtual draws they are."""
    wins = np.array([[0, 4, 4, 3], [0, 0, 2, 3], [0, 2, 0, 1], [1, 1, 3, 0]], dtype=float)
    with_alpha = choix.ilsr_pairwise_dense(wins, alpha=0.1)
    swapped_alpha = choix.ilsr_pairwise_dense(wins.T.copy(), alpha=0.1)
    assert np.max(np.abs(with_alpha + swapped_alpha)) > 0.1
    assert fit_strengths(wins.T.copy()) == pytest.approx(-fit_strengths(wins), abs=1e-5)


# ------------------------------------------------------------------------- properties


@st.composite
def tournaments(draw: st.DrawFn) -> list[GameResult]:
    """Small tournaments: 3–5 players, every pair 1–3 games, any points, a few void games."""
    players = [f"p{number}" for number in range(draw(st.integers(3, 5)))]
    results: list[GameResult] = []
    for one, first in enumerate(players):
        for second in players[one + 1 :]:
            for _ in range(draw(st.integers(1, 3))):
                points = draw(st.sampled_from([(1.0, 0.0), (0.5, 0.5), (0.0, 1.0), None]))
                results.append(game(first, second, points, len(results)))
    return results


@scaled(100)
@given(tournaments(), st.randoms(use_true_random=False))
def test_relabelling_the_players_permutes_the_table(
    results: list[GameResult], shuffler: random.Random
) -> None:
    names = sorted({name for result in results for name in result.spec.players})
    new_names = [f"q{number}" for number in range(len(names))]
    shuffler.shuffle(new_names)
    label = dict(zip(names, new_names, strict=True))
    relabelled = [
        replace(result, spec=replace(result.spec, players=(label[result.spec.players[0]],
                                                           label[result.spec.players[1]])))
        for result in results
    ]  # fmt: skip
    table = rate(results, resamples=10, seed=1)
    other = rate(relabelled, resamples=10, seed=1)
    mine = strengths_by_name(table)
    theirs = strengths_by_name(other)
    assert set(theirs) == {label[name] for name in mine}
    for name, values in mine.items():
        assert theirs[label[name]] == pytest.approx(values, abs=1e-3)


@scaled(100)
@given(tournaments())
def test_swapping_every_winner_reverses_the_order(results: list[GameResult]) -> None:
    swapped = [
        result if result.points is None
        else replace(result, points=(result.points[1], result.points[0]))
        for result in results
    ]  # fmt: skip
    table = rate(results, resamples=10, seed=2)
    mirror = rate(swapped, resamples=10, seed=2)
    mirrored = strengths_by_name(mirror)
    for name, (strength, low, high) in strengths_by_name(table).items():
        assert mirrored[name] == pytest.approx((-strength, -high, -low), abs=1e-3)
    distinct = [row.name for row in table.rows]
    reversed_order = [row.name for row in mirror.rows][::-1]
    strengths = {row.name: row.strength for row in table.rows}
    for before, after in itertools.pairwise(distinct):
        if strengths[before] > strengths[after] + 1e-3:
            assert reversed_order.index(before) < reversed_order.index(after)


# ----------------------------------------------------------------- the published ladder


def write_results(path: Path, results: list[GameResult]) -> Path:
    path.write_text("".join(result.to_line() + "\n" for result in results), encoding="utf-8")
    return path


def test_the_ladder_is_rated_from_its_results_file(tmp_path: Path) -> None:
    ladder = simulate({REFERENCE: 0.0, "greedy": 200.0, "positional": 350.0}, games_per_pair=6)
    path = write_results(tmp_path / "ladder.jsonl", ladder)
    assert read_results(path) == ladder
    published = ladder_ratings(path, resamples=100)
    assert published == rate(ladder, resamples=100)
    assert published[REFERENCE].strength == 0


def test_a_class_is_rated_on_the_ladders_scale(tmp_path: Path) -> None:
    ladder = simulate({REFERENCE: 0.0, "greedy": 200.0, "positional": 350.0}, games_per_pair=8)
    path = write_results(tmp_path / "ladder.jsonl", ladder)
    truth = {REFERENCE: 0.0, "greedy": 200.0, "positional": 350.0, "student": 500.0}
    games = [result for result in simulate(truth, games_per_pair=8, seed=11)
             if "student" in result.spec.players]  # fmt: skip
    table = rate_with_ladder(games, path, resamples=100)
    assert table.reference == REFERENCE and table[REFERENCE].strength == 0
    assert table.names()[0] == "student"
    assert table["student"].games == 24
    assert table["greedy"].games == 16 + 8


# --------------------------------------------------------------------------- the table


def test_the_table_reads_in_both_languages() -> None:
    results = [
        *simulate({REFERENCE: 0.0, "greedy": 200.0}, games_per_pair=4),
        replace(game("greedy", REFERENCE, (1.0, 0.0), 50),
                sides=(SideOutcome(Status.NOT_PLAYED), SideOutcome(Status.TIME_OUT))),
    ]  # fmt: skip
    table = rate(results, resamples=50)
    english = table.text(language="en")
    assert english.splitlines()[0].split()[:3] == ["#", "player", "strength"]
    assert "time-out" in english and "crash" not in english
    assert f"{100 * expected_score(200):.0f} %" in table.note(language="en")
    japanese = table.text(language="ja")
    assert "プレイヤー" in japanese and "時間切れ" in japanese
    assert f"{REFERENCE} を 0 とします" in table.note(language="ja")
    html = table.html(language="ja")
    assert html.startswith("<table>") and "強さ" in html
    assert str(table) == table.text() and table._repr_html_() == table.html()
    with pytest.raises(KeyError):
        table["nobody"]
    with pytest.raises(ValueError, match="resamples"):
        rate(results, resamples=0)
