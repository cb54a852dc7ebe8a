"""The sequential probability ratio test (SPRT) as engine testers run it: is player A stronger
than player B by ``elo1`` rather than by ``elo0`` or less?

A match is played game by game (or pair by pair) and after each result the *log-likelihood
ratio* (LLR) of the two hypotheses is compared with two bounds set by the error rates:

* ``lower = log(β / (1 − α))`` and ``upper = log((1 − β) / α)`` (Wald's bounds,
  :func:`wald_bounds`). Below ``lower`` H0 (the difference is ``elo0``) is accepted, above
  ``upper`` H1 (the difference is ``elo1``); in between, play on. A test whose true
  difference is ``elo0`` accepts H1 with probability about α, one whose true difference is
  ``elo1`` accepts H0 with probability about β (:func:`simulate_test` shows it).

**Results.** *Trinomial*: the counts of losses, draws and wins of A's games (in that
order: the score 0, ½, 1). *Pentanomial*: games played in pairs, the same opening with
colours swapped; the counts of A's pair scores 0, ½, 1, 1½, 2 (in that order). Pairs are what
fishtest, cutechess-cli and fastchess use: the two games of a pair share the opening, so the
pair's score varies less than two separate games, and the test needs fewer games.

**Elo.** *Logistic* Elo ``e`` means an expected score of ``1 / (1 + 10^(−e/400))`` per game
(:func:`logistic_score`). *Normalized* Elo ``n`` means a *t-value* ``(score − ½) / σ`` of
``n / (800 / ln 10)``, ``σ`` the standard deviation of one game's score (for pairs,
``√2`` times that of a pair's mean score): it measures a difference in units of the noise,
so that the same ``n`` needs about the same number of games whatever the draw rate.

**The LLR** is the *generalized* log-likelihood ratio of M. Van den Bergh (fishtest's
``LLRcalc``, also fastchess's): for each hypothesis the most likely distribution of results
that satisfies it (its mean is the hypothesis's score: :func:`most_likely_with_mean`; or its
t-value is the hypothesis's: :func:`most_likely_with_t_value`), and the LLR is
``N · Σ p̂ᵢ log(p₁ᵢ / p₀ᵢ)``, ``p̂`` the observed frequencies, ``N`` the games (trinomial) or
pairs (pentanomial). As in fishtest, a count of 0 is taken as 0.001 first
(:func:`empirical_distribution`), which keeps every logarithm finite. Sources of the
formulas: M. Van den Bergh, *Comments on Normalized Elo* (Proposition 1.1 and section 4.1),
https://www.cantate.be/Fishtest/normalized_elo_practical.pdf and
https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf; fishtest's
``server/fishtest/stats/LLRcalc.py`` and ``stat_util.py``. The code here is written from the
formulas; ``tests/test_sprt.py`` checks it against published figures.

**The Elo estimate** (:func:`elo_estimate`) is the one fishtest's ``get_elo`` and fastchess
print next to the LLR: the mean score with a normal-approximation confidence interval, turned
into Elo. It does not correct for the sequential stopping (a test that stopped early on a
lucky streak overestimates the difference a little).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

EloModel: TypeAlias = Literal["logistic", "normalized"]
"""How an Elo difference is turned into a hypothesis about the results."""

Decision: TypeAlias = Literal["H0", "H1"]
"""The hypothesis a finished test accepts."""

Distribution: TypeAlias = tuple[tuple[float, float], ...]
"""A discrete distribution: (value, probability) pairs, values ascending."""

NELO_PER_T: Final = 800 / math.log(10)
"""Normalized Elo per unit of t-value (≈ 347.44): ``nelo = t · 800 / ln 10``."""

ZERO_COUNT: Final = 1e-3
"""What a count of 0 is taken as (fishtest's and fastchess's regularization)."""

ELO_LIMIT: Final = -400 * math.log10(1 / 0.999 - 1)
"""The largest Elo :func:`elo_estimate` gives (≈ 1199.8, a score of 0.999, as fishtest)."""

BISECTION_STEPS: Final = 200
"""At most this many steps when solving the secular equation (it stops sooner, when a step
no longer moves the root in floating point)."""

T_VALUE_STEPS: Final = 100
"""At most this many rounds of the fixed-point iteration of :func:`most_likely_with_t_value`."""

T_VALUE_TOLERANCE: Final = 1e-13
"""The iteration stops when no probability moves by more than this."""


def wald_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the LLR: ``(log(β / (1 − α)), log((1 − β) / α))``.

    Raises:
        ValueError: unless ``0 < α``, ``0 < β`` and ``α + β < 1``.
    """
    if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
        raise ValueError(
            f"alpha and beta must be above 0 with alpha + beta below 1; got {alpha}, {beta}"
        )
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def logistic_score(elo: float) -> float:
    """The expected score of a game for a logistic Elo difference: ``1 / (1 + 10^(−elo/400))``."""
    return 1 / (1 + 10 ** (-elo / 400))


def logistic_elo(score: float) -> float:
    """The logistic Elo difference of an expected score in (0, 1) (inverse of
    :func:`logistic_score`).

    Raises:
        ValueError: for a score outside (0, 1), whose Elo is infinite.
    """
    if not 0 < score < 1:
        raise ValueError(f"a score of {score} has no finite Elo: it must be between 0 and 1")
    return -400 * math.log10(1 / score - 1)


def check_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """``counts`` as a tuple, checked: 3 (trinomial) or 5 (pentanomial) whole counts ≥ 0.

    Raises:
        ValueError: naming what is wrong.
    """
    if len(counts) not in (3, 5):
        raise ValueError(
            f"results are 3 counts (losses, draws, wins) or 5 (pair scores 0, ½, 1, 1½, 2); "
            f"got {len(counts)}"
        )
    if any(isinstance(count, bool) or not isinstance(count, int) or count < 0 for count in counts):
        raise ValueError(f"every count must be a whole number, 0 or more; got {list(counts)}")
    return tuple(counts)


def empirical_distribution(counts: Sequence[int]) -> tuple[float, Distribution]:
    """The number of samples and the observed distribution of the results, each count of 0
    taken as :data:`ZERO_COUNT`.

    A sample is a game (3 counts: its score 0, ½ or 1) or a pair (5 counts: the mean score of
    its two games, 0, ¼, ½, ¾ or 1). Guarantees: the values are ``i / (k − 1)`` ascending,
    every probability is above 0 and they sum to 1 (to rounding).
    """
    kept = [float(count) if count else ZERO_COUNT for count in check_counts(counts)]
    total = sum(kept)
    last = len(kept) - 1
    return total, tuple((index / last, count / total) for index, count in enumerate(kept))


def mean_and_variance(distribution: Distribution) -> tuple[float, float]:
    """The mean and the variance of a discrete distribution."""
    mean = sum(probability * value for value, probability in distribution)
    variance = sum(probability * (value - mean) ** 2 for value, probability in distribution)
    return mean, variance


def solve_secular(distribution: Distribution) -> float:
    """The root ``x`` of ``Σ pᵢ aᵢ / (1 + x aᵢ) = 0`` with every ``1 + x aᵢ > 0``: Newton's
    method kept inside a bracket (a step that would leave the bracket bisects it instead).

    ``distribution`` holds pairs ``(aᵢ, pᵢ)``, every ``pᵢ > 0``, with some ``aᵢ`` below 0 and
    some above. The left side falls strictly from +∞ to −∞ on ``(−1/max a, −1/min a)``, so the
    root is unique; the bracket always holds it, and the search stops when a step no longer
    moves ``x`` in floating point (or after :data:`BISECTION_STEPS` steps).

    Raises:
        ValueError: when the ``aᵢ`` are not of both signs (no root).
    """
    values = [value for value, _ in distribution]
    lowest, highest = min(values), max(values)
    if not lowest < 0 < highest:
        raise ValueError("the secular equation has no root: its values are not of both signs")
    low, high = -1 / highest, -1 / lowest
    x = 0.0
    for _ in range(BISECTION_STEPS):
        side = slope = 0.0
        for value, probability in distribution:
            term = value / (1 + x * value)
            side += probability * term
            slope -= probability * term * term
        if side == 0:
            return x
        if side > 0:
            low = x
        else:
            high = x
        following = x - side / slope
        if not low < following < high:
            following = (low + high) / 2
        if following == x or following in (low, high):
            return following
        x = following
    return x


def most_likely_with_mean(observed: Distribution, score: float) -> Distribution:
    """The distribution on the same values with mean ``score`` that makes the observed
    frequencies most likely (Van den Bergh's Proposition 1.1): ``pᵢ = p̂ᵢ / (1 + x (aᵢ − s))``
    with ``x`` the root of the secular equation for the values ``aᵢ − s``
    (:func:`solve_secular`).

    Guarantees: the probabilities are positive, sum to 1 and have mean ``score`` (to
    rounding), for any ``score`` strictly between the lowest and the highest value.

    Raises:
        ValueError: for a score outside the values' range.
    """
    shifted = tuple((value - score, probability) for value, probability in observed)
    x = solve_secular(shifted)
    return tuple(
        (value, probability / (1 + x * (value - score))) for value, probability in observed
    )


def most_likely_with_t_value(observed: Distribution, reference: float, t: float) -> Distribution:
    """The distribution on the same values whose t-value ``(mean − reference) / σ`` is ``t``
    that makes the observed frequencies most likely (Van den Bergh, *Comments on Normalized
    Elo*, section 4.1): starting from the uniform distribution, each round solves the secular
    equation for ``φᵢ = aᵢ − reference − t σ (1 + ((aᵢ − μ) / σ)²) / 2`` (μ, σ of the current
    estimate) and takes ``pᵢ = p̂ᵢ / (1 + x φᵢ)``, until no probability moves by more than
    :data:`T_VALUE_TOLERANCE` (at most :data:`T_VALUE_STEPS` rounds).

    Guarantees: at the fixed point the probabilities are positive and sum to 1 and the
    distribution's t-value is ``t`` (to the tolerance).

    Raises:
        ValueError: when a round's φ are not of both signs (no such distribution here).
    """
    estimate = tuple((value, 1 / len(observed)) for value, _ in observed)
    for _ in range(T_VALUE_STEPS):
        mean, variance = mean_and_variance(estimate)
        sigma = math.sqrt(variance)
        phi = tuple(
            value - reference - t * sigma * (1 + ((value - mean) / sigma) ** 2) / 2
            for value, _ in observed
        )
        x = solve_secular(tuple(zip(phi, (p for _, p in observed), strict=True)))
        following = tuple(
            (value, probability / (1 + x * shift))
            for (value, probability), shift in zip(observed, phi, strict=True)
        )
        moved = max(abs(new - old) for (_, new), (_, old) in zip(following, estimate, strict=True))
        estimate = following
        if moved < T_VALUE_TOLERANCE:
            break
    return estimate


def generalized_llr(observed: Distribution, samples: float, null: Distribution,
                    alternative: Distribution) -> float:  # fmt: skip
    """``samples · Σ p̂ᵢ log(p₁ᵢ / p₀ᵢ)``: the log-likelihood ratio of the observed results
    under the alternative's distribution against the null's (both on the same values)."""
    return samples * sum(
        probability * (math.log(one) - math.log(zero))
        for (_, probability), (_, zero), (_, one) in zip(observed, null, alternative, strict=True)
    )


def llr_logistic(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The generalized LLR of H1 (logistic Elo ``elo1``) against H0 (``elo0``) for trinomial
    or pentanomial counts, as fishtest's ``LLR_logistic``: each hypothesis is the score
    :func:`logistic_score` per game, and its distribution the most likely one with that mean
    (:func:`most_likely_with_mean`).

    Guarantees: 0 when the observed mean score is midway between the two hypotheses' scores
    and their distributions mirror each other (the symmetric case ``elo0 = −elo1`` with
    mirror-symmetric counts); it rises as wins replace losses.
    """
    samples, observed = empirical_distribution(counts)
    null, alternative = (
        most_likely_with_mean(observed, logistic_score(elo)) for elo in (elo0, elo1)
    )
    return generalized_llr(observed, samples, null, alternative)


def llr_normalized(counts: Sequence[int], nelo0: float, nelo1: float) -> float:
    """The generalized LLR of H1 (normalized Elo ``nelo1``) against H0 (``nelo0``), as
    fishtest's ``LLR_normalized``: each hypothesis is a t-value ``nelo / (800 / ln 10)`` per
    game (×√2 for a pair's mean score), and its distribution the most likely one with that
    t-value about ½ (:func:`most_likely_with_t_value`)."""
    samples, observed = empirical_distribution(counts)
    scale = 1.0 if len(observed) == 3 else math.sqrt(2)
    null, alternative = (
        most_likely_with_t_value(observed, 0.5, scale * nelo / NELO_PER_T)
        for nelo in (nelo0, nelo1)
    )
    return generalized_llr(observed, samples, null, alternative)


def log_likelihood_ratio(
    counts: Sequence[int], elo0: float, elo1: float, model: EloModel = "logistic"
) -> float:
    """The LLR of H1 against H0 in the chosen Elo model (:func:`llr_logistic` or
    :func:`llr_normalized`).

    Raises:
        ValueError: for bad counts, ``elo0 ≥ elo1`` or an unknown model.
    """
    if not elo0 < elo1:
        raise ValueError(f"elo0 must be below elo1; got {elo0} and {elo1}")
    if model == "logistic":
        return llr_logistic(counts, elo0, elo1)
    if model == "normalized":
        return llr_normalized(counts, elo0, elo1)
    raise ValueError(f"unknown Elo model {model!r}: 'logistic' or 'normalized'")


def decide(llr: float, alpha: float, beta: float) -> Decision | None:
    """H1 when the LLR reached the upper Wald bound, H0 when it reached the lower one, None
    while it is between them (play on)."""
    lower, upper = wald_bounds(alpha, beta)
    if llr >= upper:
        return "H1"
    if llr <= lower:
        return "H0"
    return None


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference estimated from results, with its confidence interval.

    Attributes:
        elo: The logistic Elo of the mean score.
        low: The interval's low end (the Elo of the score's low end).
        high: Its high end.
        normalized: The normalized Elo of the results (``t · 800 / ln 10``).
        games: The games the estimate is made from.
    """

    elo: float
    low: float
    high: float
    normalized: float
    games: int

    @property
    def margin(self) -> float:
        """Half the interval's width: the ``±`` that fishtest and fastchess print."""
        return (self.high - self.low) / 2

    @property
    def at_limit(self) -> bool:
        """Whether the mean score was kept at 0.001 or 0.999 (nearly every game went one
        way): the Elo is then a bound, not an estimate."""
        return abs(self.elo) >= ELO_LIMIT - 1e-9


def elo_estimate(counts: Sequence[int], confidence: float = 0.95) -> EloEstimate:
    """The Elo difference of trinomial or pentanomial counts with a ``confidence`` interval,
    as fishtest's ``get_elo`` computes it: the mean score per game ``μ`` (zeros taken as
    :data:`ZERO_COUNT`), its standard error ``σ / √N`` over the ``N`` samples (games, or pairs
    with σ that of a pair's mean score), ``μ ± z σ / √N`` with ``z`` the normal quantile, each
    turned into logistic Elo (a score is kept within [0.001, 0.999], as fishtest does, so that
    a perfect score still has an Elo).

    Guarantees: ``low ≤ elo ≤ high``; the interval narrows as the samples grow, about as
    ``1 / √N``. It is a fixed-sample interval: it ignores that a sequential test stopped when
    the LLR crossed a bound.

    Raises:
        ValueError: for bad counts, no results, or a confidence outside (0, 1).
    """
    checked = check_counts(counts)
    if not sum(checked):
        raise ValueError("no results yet: the Elo estimate needs at least one game")
    if not 0 < confidence < 1:
        raise ValueError(f"the confidence must be between 0 and 1; got {confidence}")
    samples, observed = empirical_distribution(checked)
    mean, variance = mean_and_variance(observed)
    error = math.sqrt(variance / samples)
    z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
    per_game = variance if len(checked) == 3 else 2 * variance
    games = sum(checked) * (1 if len(checked) == 3 else 2)
    return EloEstimate(
        elo=_clamped_elo(mean),
        low=_clamped_elo(mean - z * error),
        high=_clamped_elo(mean + z * error),
        normalized=(mean - 0.5) / math.sqrt(per_game) * NELO_PER_T if per_game else 0.0,
        games=games,
    )


def _clamped_elo(score: float) -> float:
    """The logistic Elo of a score kept within [0.001, 0.999] (so within ±:data:`ELO_LIMIT`)."""
    return logistic_elo(min(max(score, 0.001), 0.999))


def pentanomial(pair_points: Sequence[float]) -> tuple[int, int, int, int, int]:
    """The pentanomial counts of pair scores (each the points of one player in a pair of
    games: 0, 0.5, 1, 1.5 or 2).

    Raises:
        ValueError: for a pair score that is not one of those five.
    """
    counts = [0] * 5
    for points in pair_points:
        index = points * 2
        if index not in (0, 1, 2, 3, 4):
            raise ValueError(f"a pair's score is 0, 0.5, 1, 1.5 or 2; got {points}")
        counts[int(index)] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


@dataclass(frozen=True)
class SimulatedTest:
    """How one simulated SPRT ended: the hypothesis accepted (None: it reached the pair
    limit undecided) and the pairs it took."""

    decision: Decision | None
    pairs: int


def simulate_test(
    pair_probabilities: Sequence[float],
    elo0: float,
    elo1: float,
    *,
    alpha: float = 0.05,
    beta: float = 0.05,
    model: EloModel = "logistic",
    rng: random.Random,
    most_pairs: int = 100_000,
    every: int = 1,
) -> SimulatedTest:
    """Run one SPRT on simulated pairs: each pair's score drawn from ``pair_probabilities``
    (the chances of the pair scores 0, ½, 1, 1½, 2), the LLR checked every ``every`` pairs,
    until it leaves Wald's bounds or ``most_pairs`` are played."""
    counts = [0] * 5
    for pairs in range(1, most_pairs + 1):
        counts[rng.choices(range(5), weights=pair_probabilities)[0]] += 1
        if pairs % every == 0:
            decision = decide(log_likelihood_ratio(counts, elo0, elo1, model), alpha, beta)
            if decision is not None:
                return SimulatedTest(decision, pairs)
    return SimulatedTest(None, most_pairs)


def pair_probabilities(elo: float, draw_rate: float) -> tuple[float, float, float, float, float]:
    """The chances of the pair scores 0, ½, 1, 1½, 2 when every game is independent with a
    logistic Elo difference ``elo`` and a draw rate ``draw_rate`` (win = score − draws/2).

    Raises:
        ValueError: when the draw rate leaves no room for that score.
    """
    score = logistic_score(elo)
    win = score - draw_rate / 2
    loss = 1 - win - draw_rate
    if win < 0 or loss < 0:
        raise ValueError(f"a draw rate of {draw_rate} cannot give a score of {score:.3f}")
    game = (loss, draw_rate, win)
    chances = [0.0] * 5
    for first, one in enumerate(game):
        for second, two in enumerate(game):
            chances[first + second] += one * two
    return chances[0], chances[1], chances[2], chances[3], chances[4]
