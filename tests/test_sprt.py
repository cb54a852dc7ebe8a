"""The SPRT's statistics (gamelib.tournament.sprt) against published figures and independent
computations, and its error rates on simulated tests.

Sources of the test vectors (each test names its own):

* fastchess's printed results (its ``SPRT::getLLR`` and Elo lines implement the same
  formulas as fishtest): a README of the Zeno engine (github.com/Toudonou/zeno, "Zeno
  doubled-passed-pawns vs Zeno develop") and an SPRT log in a public repository ("C1-Original
  vs C5-Rebuild", bounds [0, 50]); a benchmark note ("sf19-smallnet vs sf18-lite"). Printed to
  two decimals, so they are checked to 0.005.
* fishtest's ``server/fishtest/stats/stat_util.py`` (official-stockfish/fishtest), whose
  self-test runs the pentanomial [10789, 19328, 33806, 19402, 10543] (W 65388, L 65804,
  D 56553) with logistic bounds [−3, 1]: its formulas (the generalized LLR of
  ``LLRcalc.LLR_logistic``) are recomputed here independently, with SciPy's Brent root
  finder for the secular equation, and must agree to 1e-9. The normalized LLR
  (``LLRcalc.LLR_normalized``, a fixed-point iteration) is checked against SciPy's SLSQP
  maximizing the same constrained likelihood directly, also to 1e-9.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
import scipy.optimize

from gamelib.tournament import sprt
from gamelib.tournament.sprt import (
    decide,
    elo_estimate,
    empirical_distribution,
    llr_logistic,
    llr_normalized,
    log_likelihood_ratio,
    logistic_elo,
    logistic_score,
    most_likely_with_mean,
    most_likely_with_t_value,
    pair_probabilities,
    pentanomial,
    simulate_test,
    wald_bounds,
)

FISHTEST_PENTANOMIAL = (10789, 19328, 33806, 19402, 10543)
FISHTEST_TRINOMIAL = (65804, 56553, 65388)  # losses, draws, wins of the same run


def brent_llr(counts: tuple[int, ...], score0: float, score1: float) -> float:
    """fishtest's generalized LLR, computed from its formulas with SciPy's Brent root finder:
    the independent answer for :func:`llr_logistic`."""
    kept = [count if count else 1e-3 for count in counts]
    total = sum(kept)
    values = [index / (len(kept) - 1) for index in range(len(kept))]
    observed = [count / total for count in kept]

    def most_likely(score: float) -> list[float]:
        shifted = [value - score for value in values]

        def side(x: float) -> float:
            return sum(p * a / (1 + x * a) for p, a in zip(observed, shifted, strict=True))

        epsilon = 1e-12
        root = scipy.optimize.brentq(
            side, -1 / max(shifted) + epsilon, -1 / min(shifted) - epsilon, xtol=1e-300,
            rtol=4 * 2.3e-16, maxiter=500,
        )  # fmt: skip
        return [p / (1 + root * a) for p, a in zip(observed, shifted, strict=True)]

    null, alternative = most_likely(score0), most_likely(score1)
    return total * sum(
        p * math.log(one / zero) for p, zero, one in zip(observed, null, alternative, strict=True)
    )


def test_wald_bounds() -> None:
    # Wald's bounds; fastchess prints (-2.94, 2.94) for α = β = 0.05 and (-4.60, 4.60) for
    # α = β = 0.01 (the Zeno README's LLR line).
    lower, upper = wald_bounds(0.05, 0.05)
    assert lower == pytest.approx(math.log(0.05 / 0.95), abs=1e-15)
    assert upper == pytest.approx(math.log(0.95 / 0.05), abs=1e-15)
    assert (round(lower, 2), round(upper, 2)) == (-2.94, 2.94)
    assert tuple(round(bound, 2) for bound in wald_bounds(0.01, 0.01)) == (-4.6, 4.6)
    assert wald_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))
    for alpha, beta in ((0, 0.05), (0.05, 1), (0.6, 0.5), (-0.1, 0.1)):
        with pytest.raises(ValueError, match="alpha and beta"):
            wald_bounds(alpha, beta)


def test_logistic_elo_and_score() -> None:
    assert logistic_score(0) == 0.5
    assert logistic_score(400) == pytest.approx(10 / 11)
    for elo in (-300.0, -50.0, 0.0, 1.0, 120.0):
        assert logistic_elo(logistic_score(elo)) == pytest.approx(elo, abs=1e-9)
    with pytest.raises(ValueError, match="no finite Elo"):
        logistic_elo(1.0)


def test_empirical_distribution_takes_zero_counts_as_a_thousandth() -> None:
    samples, observed = empirical_distribution([0, 1, 8, 1, 0])
    assert samples == pytest.approx(10.002)
    assert [value for value, _ in observed] == [0, 0.25, 0.5, 0.75, 1]
    assert observed[0][1] == pytest.approx(0.001 / 10.002)
    for bad in ([1, 2], [1, 2, 3, 4], [1, -1, 2], [1, 2.5, 3]):
        with pytest.raises(ValueError, match="count"):
            empirical_distribution(bad)  # type: ignore[arg-type]


def test_fastchess_normalized_llr_c1_against_c5() -> None:
    # fastchess: "Games: 20, Wins: 10, Losses: 0, Draws: 10 … Ptnml(0-2): [0, 0, 1, 8, 1]
    # … LLR: 1.24 (42.1%) (-2.94, 2.94) [0.00, 50.00]" (fastchess's default normalized model).
    assert llr_normalized([0, 0, 1, 8, 1], 0, 50) == pytest.approx(1.24, abs=0.005)


def test_fastchess_normalized_llr_zeno() -> None:
    # Zeno README (fastchess): "Ptnml(0-2): [352, 579, 1264, 743, 464] … LLR: 4.60 (100.0%)
    # (-4.60, 4.60) [9.00, 16.00] … H1 was accepted" (α = β = 0.01, normalized Elo).
    llr = llr_normalized([352, 579, 1264, 743, 464], 9, 16)
    assert llr == pytest.approx(4.60, abs=0.005)
    assert decide(llr, 0.01, 0.01) == "H1"


@pytest.mark.parametrize(
    ("counts", "elo0", "elo1"),
    [
        (FISHTEST_PENTANOMIAL, -3, 1),  # fishtest stat_util.py's self-test
        (FISHTEST_TRINOMIAL, -3, 1),  # the same run's W/D/L
        ((0, 0, 1, 8, 1), 0, 50),  # fastchess C1 vs C5 (zeros regularized)
        ((352, 579, 1264, 743, 464), 9, 16),  # Zeno README
        ((3, 0, 7), -20, 40),
        ((1, 10, 78, 48, 13), 0, 5),
    ],
)
def test_logistic_llr_equals_fishtests_formula(
    counts: tuple[int, ...], elo0: float, elo1: float
) -> None:
    # The generalized LLR recomputed from fishtest's formulas with SciPy's brentq.
    expected = brent_llr(counts, logistic_score(elo0), logistic_score(elo1))
    assert llr_logistic(counts, elo0, elo1) == pytest.approx(expected, abs=1e-9, rel=1e-12)


def test_most_likely_distributions_meet_their_constraints() -> None:
    _, observed = empirical_distribution(FISHTEST_PENTANOMIAL)
    for score in (0.3, 0.49, 0.5, 0.51, 0.9):
        fitted = most_likely_with_mean(observed, score)
        assert sum(p for _, p in fitted) == pytest.approx(1, abs=1e-12)
        assert sum(v * p for v, p in fitted) == pytest.approx(score, abs=1e-12)
    for t in (-0.2, 0.0, 0.05, 0.3):
        fitted = most_likely_with_t_value(observed, 0.5, t)
        mean, variance = sprt.mean_and_variance(fitted)
        assert sum(p for _, p in fitted) == pytest.approx(1, abs=1e-12)
        assert (mean - 0.5) / math.sqrt(variance) == pytest.approx(t, abs=1e-10)


@pytest.mark.parametrize(
    "counts",
    [
        (40, 220, 510, 260, 45),
        (352, 579, 1264, 743, 464),  # the Zeno README's pentanomial
        (10, 20, 30),
    ],
)
def test_normalized_llr_is_the_constrained_maximum_likelihood(counts: tuple[int, ...]) -> None:
    # Independent answer: SciPy's SLSQP maximizes the likelihood under the t-value constraint
    # directly (no fixed-point iteration); the two maxima agree to 1e-9 (measured: 2e-12).
    samples, observed = empirical_distribution(counts)
    values = [v for v, _ in observed]
    frequencies = [p for _, p in observed]

    def best(t: float) -> float:
        def minus_likelihood(probabilities: list[float]) -> float:
            return -sum(f * math.log(p) for f, p in zip(frequencies, probabilities, strict=True))

        def t_gap(probabilities: list[float]) -> float:
            mean = sum(v * p for v, p in zip(values, probabilities, strict=True))
            variance = sum(p * (v - mean) ** 2 for v, p in zip(values, probabilities, strict=True))
            return (mean - 0.5) / math.sqrt(variance) - t

        found = scipy.optimize.minimize(
            minus_likelihood, frequencies, method="SLSQP", bounds=[(1e-9, 1)] * len(values),
            constraints=[{"type": "eq", "fun": lambda p: sum(p) - 1}, {"type": "eq", "fun": t_gap}],
            options={"ftol": 1e-16, "maxiter": 1000},
        )  # fmt: skip
        assert found.success
        return float(found.fun)

    scale = 1 if len(counts) == 3 else math.sqrt(2)  # a pair's mean score: √2 × the t-value
    t0, t1 = (scale * nelo / sprt.NELO_PER_T for nelo in (0, 10))
    expected = samples * (best(t0) - best(t1))
    assert llr_normalized(counts, 0, 10) == pytest.approx(expected, abs=1e-9)


def test_llr_is_zero_at_the_midpoint_in_the_symmetric_case() -> None:
    # elo0 = −elo1 and mirror-symmetric counts: the observed score is ½, the midpoint.
    for counts in ((5, 10, 5), (3, 20, 40, 20, 3), (0, 1, 0, 1, 0)):
        assert llr_logistic(counts, -10, 10) == pytest.approx(0, abs=1e-12)
        assert llr_normalized(counts, -10, 10) == pytest.approx(0, abs=1e-12)


def test_llr_rises_with_more_wins() -> None:
    for model in ("logistic", "normalized"):
        trinomial = [log_likelihood_ratio((20 - w, 10, w), 0, 50, model) for w in range(21)]
        assert all(a < b for a, b in itertools.pairwise(trinomial))
        pairs = [(10, 10, 20, 10, 10), (9, 10, 20, 10, 11), (8, 10, 20, 10, 12), (8, 9, 20, 11, 12)]
        values = [log_likelihood_ratio(counts, 0, 50, model) for counts in pairs]
        assert all(a < b for a, b in itertools.pairwise(values))


def test_log_likelihood_ratio_refuses_bad_hypotheses() -> None:
    with pytest.raises(ValueError, match="elo0 must be below elo1"):
        log_likelihood_ratio((1, 2, 3), 5, 5)
    with pytest.raises(ValueError, match="unknown Elo model"):
        log_likelihood_ratio((1, 2, 3), 0, 5, "bayes")  # type: ignore[arg-type]


def test_decide() -> None:
    lower, upper = wald_bounds(0.05, 0.05)
    assert decide(upper, 0.05, 0.05) == "H1"
    assert decide(lower, 0.05, 0.05) == "H0"
    assert decide(0.0, 0.05, 0.05) is None
    assert decide(upper - 1e-9, 0.05, 0.05) is None


@pytest.mark.parametrize(
    ("counts", "elo", "margin", "normalized"),
    [
        # Zeno README (fastchess): "Elo: 19.83 +/- 6.77, nElo: 24.25 +/- 8.26"
        ((352, 579, 1264, 743, 464), 19.83, 6.77, 24.25),
        # sf19-smallnet vs sf18-lite (fastchess): "Elo: 72.85 +/- 22.33, nElo: 132.30"
        ((1, 10, 78, 48, 13), 72.85, 22.33, 132.30),
    ],
)
def test_elo_estimate_matches_fastchess(
    counts: tuple[int, ...], elo: float, margin: float, normalized: float
) -> None:
    estimate = elo_estimate(counts)
    assert estimate.elo == pytest.approx(elo, abs=0.005)
    assert estimate.margin == pytest.approx(margin, abs=0.005)
    assert estimate.normalized == pytest.approx(normalized, abs=0.005)
    assert estimate.low < estimate.elo < estimate.high
    assert estimate.games == 2 * sum(counts)


def test_elo_estimate_narrows_with_more_games_and_refuses_nothing() -> None:
    # 100 times the games: a tenth of the margin (where Elo is near linear in the score)
    few, many = elo_estimate((200, 300, 500)), elo_estimate((20000, 30000, 50000))
    assert few.elo == pytest.approx(many.elo)
    assert many.margin == pytest.approx(few.margin / 10, rel=0.01)
    assert elo_estimate((2, 3, 5)).margin > few.margin
    assert elo_estimate((0, 0, 4)).high == pytest.approx(logistic_elo(0.999))
    assert elo_estimate((0, 0, 4)).at_limit and not elo_estimate((1, 0, 4)).at_limit
    assert elo_estimate((4, 0, 0)).at_limit
    with pytest.raises(ValueError, match="no results yet"):
        elo_estimate((0, 0, 0))


def test_pentanomial_counts_pair_scores() -> None:
    assert pentanomial([0, 0.5, 1, 1, 1.5, 2, 2, 2]) == (1, 1, 2, 1, 3)
    with pytest.raises(ValueError, match="pair's score"):
        pentanomial([0.25])


def test_pair_probabilities() -> None:
    chances = pair_probabilities(50, 0.3)
    assert sum(chances) == pytest.approx(1)
    assert sum(i / 4 * p for i, p in enumerate(chances)) == pytest.approx(logistic_score(50))


RUNS = 200
"""Simulated tests per hypothesis: the error rate's standard error is about 0.015 at 0.05."""


@pytest.mark.parametrize(("true_elo", "wanted", "error_rate"), [(0, "H0", 0.05), (50, "H1", 0.05)])
def test_simulated_tests_err_about_as_often_as_alpha_and_beta(
    true_elo: float, wanted: str, error_rate: float
) -> None:
    # Seeded Monte Carlo: 200 pentanomial SPRTs (elo0 0, elo1 50, α = β = 0.05, draw rate 0.3)
    # with a true difference of elo0 accept H1 about α of the time, with elo1 H0 about β.
    # Tolerance ±0.05 (over 3 standard errors). Measured with these seeds: 0.035 wrong at elo0
    # (92 pairs on average), 0.055 at elo1 (100 pairs).
    rng = random.Random(20261129 + int(true_elo))
    chances = pair_probabilities(true_elo, 0.3)
    outcomes = [simulate_test(chances, 0, 50, rng=rng) for _ in range(RUNS)]
    assert all(outcome.decision is not None for outcome in outcomes)
    wrong = sum(outcome.decision != wanted for outcome in outcomes) / RUNS
    assert abs(wrong - error_rate) <= 0.05, wrong
