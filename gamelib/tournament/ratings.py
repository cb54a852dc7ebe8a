"""Ratings of a tournament's players, with their uncertainty: Bradley–Terry strengths fitted by
``choix``, 95 % bootstrap intervals, and how likely each player is to be stronger than the
next one.

The model
---------
In the Bradley–Terry model each player ``i`` has a strength ``θ_i``, and ``i``'s expected score
against ``j`` (a win 1, a draw ½, a loss 0) is ``1 / (1 + exp(θ_j − θ_i))``. A draw counts as
half a win each way: the fit maximises ``Σ s log p + (1 − s) log(1 − p)`` over the games,
``s`` the player's points. The table writes strengths on an Elo-like scale,
``400 · log10`` of the odds: a lead of ``d`` is an expected score of
``1 / (1 + 10 ** (−d / 400))`` (:func:`expected_score`), and the *reference* player (the
ladder's ``Random`` when it took part, else the players' mean) sits at 0.

Why Bradley–Terry maximum likelihood (``choix``), not ``openskill``
-----------------------------------------------------------------
A tournament is a fixed batch of games, all known before anything is rated. The maximum
likelihood fit is a function of the *set* of results: it uses every game with the same weight
and does not depend on the order in which games ended, which varies from run to run when
games are played in parallel. ``openskill`` updates ratings one game at a time, the right tool
for a running ladder where games keep coming, but its ratings depend on that order, so the
same tournament could rate differently run to run.

The fit: ``choix.ilsr_pairwise_dense``
--------------------------------------
It takes a matrix of counts (``wins[i, j]``: the points ``i`` scored against ``j``), so a draw is
exactly half a win each way; and it is one small linear solve per iteration, fast enough for
a thousand bootstrap fits (``benchmarks/ratings_coverage.py`` prints the time). A player who
won (or lost) every game has no finite maximum likelihood strength, and players in two groups
that never met have no common scale. ``choix``'s own ``alpha`` keeps such fits finite, but in its
Markov-chain functions it is a base transition rate that pulls the weights ``exp(θ)``
together, not the strengths: swapping every game's winner would not negate the strengths
(it is not symmetric between a player who won everything and one who lost everything).
This module regularises with data instead: every player is given :data:`PRIOR_DRAWS` virtual
*drawn* games, spread evenly over the other players (``PRIOR_DRAWS / (n − 1)`` virtual games
per pair, each half a win each way). The prior is symmetric (relabelling players permutes the
strengths, swapping every winner negates them), makes every fit finite and connected, and
weighs as :data:`PRIOR_DRAWS` games per player, little against a round robin's dozens: it
pulls every strength a little towards the mean.

The intervals
-------------
The bootstrap resamples *games* with replacement (as many as were played) and fits each
resample; a player's interval holds the middle 95 % of its resampled strengths (percentile
bootstrap). Why games and not pairs: resampling within each pair keeps the schedule fixed,
but with the few games a pair plays (2 or 4) it underestimates each pair's variance by the
factor ``(games − 1) / games`` and the intervals come out too narrow. Resampling games covers
the truth at about the stated rate on simulated round robins, a little below it when players
have few games (:func:`check_on_simulations`; ``benchmarks/ratings_coverage.py`` prints the
figure for a class of 30). The reference player's interval is 0 … 0 by construction: the
others' intervals are differences from it, its own uncertainty included. "Stronger than
next" is the share of resampled fits in which the player's strength is strictly above the
next row's. The bootstrap cannot see past a perfect score: every resample of a player who
won all its rated games wins them all again, so the interval's high end is unbounded
(``math.inf``); for a player who lost them all the low end is ``−math.inf``.

Which games count
-----------------
A void game (both sides failed, ``points`` None) counts for neither player: it is left out of
the fit, the games and the points, but its statuses are counted. A game one side lost by a
fault counts as a win for the other, as the referee scored it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import choix
import numpy as np
from numpy.typing import NDArray

from gamelib.language import Language, words
from gamelib.players import player_label
from gamelib.tables import html_table, text_table
from gamelib.tournament.records import GameResult, GameSpec, SideOutcome, Status, read_results
from gamelib.tournament.replay import STATUS_WORDS

SCALE: Final[float] = 400 / math.log(10)
"""Strength points per unit of natural log-odds: 400 points are odds of 10 to 1."""

PRIOR_DRAWS: Final[float] = 2.0
"""Virtual drawn games each player is given, spread evenly over the other players."""

REFERENCE: Final[str] = "Random"
"""The player anchored at 0 when it took part: the course's ladder's random player, by its
name in :data:`gamelib.tournament.ladder.LADDER`."""

TOLERANCE: Final[float] = 1e-6
"""When a fit stops: an iteration moved the strengths by less than this in all (natural
log-odds units; a millionth is about 0.0002 strength points, far below the whole points shown)."""

CONFIDENCE: Final[float] = 0.95
"""The share of bootstrap fits an interval holds."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "column: rank": {"en": "#", "ja": "順位"},
    "column: player": {"en": "player", "ja": "プレイヤー"},
    "column: strength": {"en": "strength", "ja": "強さ"},
    "column: interval": {"en": "95 % interval", "ja": "95 % 区間"},
    "column: stronger than next": {"en": "stronger than next", "ja": "次の行より強い割合"},
    "column: games": {"en": "games", "ja": "対局数"},
    "column: points": {"en": "points", "ja": "勝ち点"},
    "reference": {
        "en": "{reference} sits at 0",
        "ja": "{reference} を 0 とします",
    },
    "mean": {"en": "the players' mean sits at 0", "ja": "全員の平均を 0 とします"},
    "note": {
        "en": "Strength: a player d points stronger than another has an expected score E "
        "against it (a draw is half a win) with d = 400 × log10(E / (1 − E)); fitted by "
        "Bradley–Terry maximum likelihood with {prior} virtual draws per player; {anchor}. "
        "A lead of {lead} is an expected score of {score}. Interval: the middle 95 % of "
        "{resamples} fits to the games resampled with replacement (∞: the player won every "
        "game, −∞: lost every game). Stronger than next: the share of those fits in which the "
        "player is stronger than the next row's. Void games are not counted.",
        "ja": "強さが d 高いプレイヤーの、相手に対する期待得点 E（引き分けは勝ちの半分）は "
        "d = 400 × log10(E / (1 − E)) を満たします。Bradley–Terry モデルの最尤推定で求め、"
        "各プレイヤーに {prior} 局の仮想の引き分けを加えています。{anchor}。"
        "強さの差 {lead} は期待得点 {score} にあたります。"
        "区間は、対局を復元抽出で選び直して {resamples} 回当てはめた強さの中央 95 % です"
        "（∞ は全勝、−∞ は全敗のプレイヤー）。「次の行より強い割合」は、それらの当てはめの"
        "うち次の行のプレイヤーより強くなった割合です。無効試合は数えません。",
    },
}
"""Every word this module writes, in English and Japanese (``str.format`` templates)."""


@dataclass(frozen=True)
class Tally:
    """What a player's games add up to, rated or not.

    Attributes:
        name: The player.
        games: Its games that count (void games left out).
        points: Its points in them (1 a win, ½ a draw).
        statuses: How its side of each game ended, void games included, counted by status.
    """

    name: str
    games: int
    points: float
    statuses: Mapping[Status, int]


@dataclass(frozen=True)
class Rating(Tally):
    """One row of a :class:`RatingTable`.

    Attributes:
        strength: The fitted strength (``400 · log10`` odds, the reference at 0).
        low: The low end of the 95 % bootstrap interval (``-inf``: lost every game).
        high: The high end (``inf``: won every game).
        stronger_than_next: The share of bootstrap fits in which this player is strictly
            stronger than the next row's, None on the last row.
    """

    strength: float
    low: float
    high: float
    stronger_than_next: float | None


@dataclass(frozen=True)
class RatingTable:
    """The ratings of a tournament's players, strongest first (text with ``print``, HTML in
    Jupyter).

    Attributes:
        rows: One row per player with a game that counts, by strength, then by name.
        unrated: Players whose every game was void (no strength can be fitted).
        reference: The player at 0, or None when the players' mean is.
        resamples: The bootstrap's number of fits.
        seed: The bootstrap's seed.
    """

    rows: tuple[Rating, ...]
    unrated: tuple[Tally, ...]
    reference: str | None
    resamples: int
    seed: int

    def __getitem__(self, name: str) -> Rating:
        """The row of the player called ``name``.

        Raises:
            KeyError: no rated player has that name.
        """
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(name)

    def names(self) -> tuple[str, ...]:
        """The rated players, strongest first."""
        return tuple(row.name for row in self.rows)

    def note(self, *, language: str | None = None) -> str:
        """What the numbers mean, in ``language`` (None: the course-wide setting)."""
        lead = 200
        anchor = (
            words(WORDS["mean"], language)
            if self.reference is None
            else words(WORDS["reference"], language).format(reference=self.reference)
        )
        return words(WORDS["note"], language).format(
            prior=f"{PRIOR_DRAWS:g}",
            anchor=anchor,
            lead=lead,
            score=_percent(expected_score(lead)),
            resamples=self.resamples,
        )

    def shown(
        self, *, language: str | None = None
    ) -> tuple[tuple[str, ...], list[dict[str, str]], tuple[str, ...]]:
        """The columns, rows and numeric columns as a reader sees them in ``language``: the
        ratings columns, then one column per status that occurred (in :class:`Status`
        order); unrated players last, with empty rating cells."""
        keys = ("rank", "player", "strength", "interval", "stronger than next", "games", "points")
        seen = {status for row in (*self.rows, *self.unrated) for status in row.statuses}
        statuses = [status for status in Status if status in seen]
        headers = {key: words(WORDS[f"column: {key}"], language) for key in keys}
        status_headers = {status: _status_name(status, language) for status in statuses}
        rows = []
        for rank, row in enumerate(self.rows, start=1):
            cells = {
                headers["rank"]: str(rank),
                headers["strength"]: _signed(row.strength),
                headers["interval"]: f"{_signed(row.low)} … {_signed(row.high)}",
                headers["stronger than next"]: (
                    "" if row.stronger_than_next is None else _percent(row.stronger_than_next)
                ),
            }
            rows.append(cells | _tally_cells(row, headers, status_headers, language))
        for tally in self.unrated:
            empty = dict.fromkeys(
                (headers[key] for key in ("rank", "strength", "interval", "stronger than next")),
                "",
            )
            rows.append(empty | _tally_cells(tally, headers, status_headers, language))
        columns = (*headers.values(), *status_headers.values())
        return columns, rows, tuple(column for column in columns if column != headers["player"])

    def text(self, *, language: str | None = None) -> str:
        """The table as text, in ``language`` (None: the course-wide setting)."""
        columns, rows, numeric = self.shown(language=language)
        return text_table(columns, rows, numeric)

    def html(self, *, language: str | None = None) -> str:
        """The table as HTML with its note below, in ``language`` (None: the course-wide
        setting)."""
        columns, rows, numeric = self.shown(language=language)
        return f"{html_table(columns, rows, numeric)}<p>{self.note(language=language)}</p>"

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()


def expected_score(lead: float) -> float:
    """The expected score of a player ``lead`` strength points above its opponent.

    >>> expected_score(0), round(expected_score(400), 4)
    (0.5, 0.9091)
    """
    return 1 / (1 + 10 ** (-lead / 400))


def tallies(results: Iterable[GameResult]) -> dict[str, Tally]:
    """Every player's games, points and statuses, by name (void games: statuses only)."""
    games: Counter[str] = Counter()
    points: dict[str, float] = {}
    statuses: dict[str, Counter[Status]] = {}
    for result in results:
        for side, name in enumerate(result.spec.players):
            statuses.setdefault(name, Counter())[result.sides[side].status] += 1
            points.setdefault(name, 0.0)
            if result.points is not None:
                games[name] += 1
                points[name] += result.points[side]
    return {name: Tally(name, games[name], points[name], dict(statuses[name])) for name in statuses}


def fit_strengths(
    wins: NDArray[np.float64], start: NDArray[np.float64] | None = None
) -> NDArray[np.float64]:
    """Bradley–Terry strengths (natural log-odds, mean 0) of the players of a points matrix.

    Args:
        wins: ``wins[i, j]`` the points player ``i`` scored against ``j`` (a draw adds ½
            to both cells); the diagonal is ignored.
        start: Where the iteration starts (a nearby fit saves iterations), or None (all 0).

    Returns:
        The maximum likelihood strengths of the matrix with :data:`PRIOR_DRAWS` virtual
        draws per player added (spread over the other players), so finite for any matrix;
        fitted by ``choix.ilsr_pairwise_dense`` without its own ``alpha``, until an iteration
        moves the strengths by less than :data:`TOLERANCE` in all (summed over players).
    """
    players = len(wins)
    if players <= 1:
        return np.zeros(players)
    per_pair = PRIOR_DRAWS / (players - 1)
    prior = (per_pair / 2) * (np.ones((players, players)) - np.eye(players))
    strengths: NDArray[np.float64] = choix.ilsr_pairwise_dense(
        wins + prior, alpha=0.0, initial_params=start, tol=TOLERANCE
    )
    centred: NDArray[np.float64] = strengths - strengths.mean()
    return centred


def rate(
    results: Sequence[GameResult],
    *,
    resamples: int = 1000,
    seed: int = 0,
    reference: str | None = REFERENCE,
) -> RatingTable:
    """Rate the players of ``results``: Bradley–Terry strengths with 95 % bootstrap
    intervals (see the module's description for the model, the prior and the bootstrap).

    Args:
        results: The tournament's games, void ones included (they count for statuses only).
        resamples: How many bootstrap fits (at least 1).
        seed: The bootstrap's seed: the same results and seed give the same table.
        reference: The player anchored at 0 when it has a game that counts; otherwise (or
            when None) the players' mean is 0.

    Returns:
        The table, strongest first (ties by name). Relabelling the players permutes the rows;
        swapping every game's points negates every strength and swaps each interval's ends.

    Raises:
        ValueError: ``resamples`` is below 1.
    """
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, not {resamples}")
    tally = tallies(results)
    counted = [result for result in results if result.points is not None]
    names = sorted({name for result in counted for name in result.spec.players})
    index = {name: number for number, name in enumerate(names)}
    first = np.array([index[result.spec.players[0]] for result in counted], dtype=np.intp)
    second = np.array([index[result.spec.players[1]] for result in counted], dtype=np.intp)
    scored = np.array([_first_points(result) for result in counted], dtype=np.float64)

    def anchored(strengths: NDArray[np.float64]) -> NDArray[np.float64]:
        zero = strengths[index[reference]] if reference in index else 0.0
        return SCALE * (strengths - zero)

    def fitted(
        games: NDArray[np.intp], start: NDArray[np.float64] | None = None
    ) -> NDArray[np.float64]:
        return fit_strengths(_points_matrix(len(names), first, second, scored, games), start)

    full = fitted(np.arange(len(counted), dtype=np.intp))
    strengths = anchored(full)
    generator = np.random.default_rng(seed)
    resampled = np.array(
        [
            anchored(fitted(generator.integers(0, len(counted), len(counted)), full))
            for _ in range(resamples)
        ]
    ).reshape(resamples, len(names))
    tail = (1 - CONFIDENCE) / 2
    lows = np.quantile(resampled, tail, axis=0) if names else np.zeros(0)
    highs = np.quantile(resampled, 1 - tail, axis=0) if names else np.zeros(0)
    order = sorted(range(len(names)), key=lambda player: (-strengths[player], names[player]))
    rows = []
    for place, player in enumerate(order):
        player_tally = tally[names[player]]
        following = order[place + 1] if place + 1 < len(order) else None
        rows.append(
            Rating(
                name=names[player],
                games=player_tally.games,
                points=player_tally.points,
                statuses=player_tally.statuses,
                strength=float(strengths[player]),
                low=-math.inf if player_tally.points == 0 else float(lows[player]),
                high=(
                    math.inf if player_tally.points == player_tally.games else float(highs[player])
                ),
                stronger_than_next=(
                    None
                    if following is None
                    else float(np.mean(resampled[:, player] > resampled[:, following]))
                ),
            )
        )
    unrated = tuple(tally[name] for name in sorted(tally) if name not in index)
    return RatingTable(
        rows=tuple(rows),
        unrated=unrated,
        reference=reference if reference in index else None,
        resamples=resamples,
        seed=seed,
    )


def _first_points(result: GameResult) -> float:
    """The first player's points in a game that counts."""
    assert result.points is not None
    return result.points[0]


def _points_matrix(
    players: int,
    first: NDArray[np.intp],
    second: NDArray[np.intp],
    scored: NDArray[np.float64],
    games: NDArray[np.intp],
) -> NDArray[np.float64]:
    """The points matrix of the chosen ``games`` (indices, repeats counted): ``[i, j]`` the
    points ``i`` scored against ``j``."""
    cells = players * players
    forward = np.bincount(
        first[games] * players + second[games], weights=scored[games], minlength=cells
    )
    backward = np.bincount(
        second[games] * players + first[games], weights=1 - scored[games], minlength=cells
    )
    matrix = np.asarray(forward + backward, dtype=np.float64).reshape(players, players)
    return matrix


def _signed(value: float) -> str:
    """A strength as the tables write it: a whole number with its sign, a true minus."""
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    rounded = round(value)
    return "0" if rounded == 0 else f"{rounded:+d}".replace("-", "−")


def _percent(share: float) -> str:
    """A share as a whole percentage, written as the tables write 95 %: ``"76 %"``."""
    return f"{100 * share:.0f} %"


def _status_name(status: Status, language: str | None) -> str:
    """A status as the tables name it (the replay pages' words)."""
    return words(STATUS_WORDS[status], language)


def _tally_cells(
    tally: Tally,
    headers: Mapping[str, str],
    status_headers: Mapping[Status, str],
    language: str | None,
) -> dict[str, str]:
    """The cells of a row that every player has: name (the course's default names in
    ``language``, :func:`gamelib.players.player_label`), games, points and status counts."""
    return {
        headers["player"]: player_label(tally.name, language),
        headers["games"]: str(tally.games),
        headers["points"]: f"{tally.points:g}",
    } | {header: str(tally.statuses.get(status, 0)) for status, header in status_headers.items()}


def ladder_ratings(
    results_file: str | Path, *, resamples: int = 1000, seed: int = 0
) -> RatingTable:
    """The published ladder's ratings: :func:`rate` of the ladder tournament's results file,
    the random player at 0."""
    return rate(read_results(results_file), resamples=resamples, seed=seed)


def rate_with_ladder(
    results: Sequence[GameResult],
    ladder_results_file: str | Path,
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> RatingTable:
    """A class's ratings on the published ladder's scale.

    The class's games and the ladder tournament's games are fitted together, the random
    player at 0: the ladder's games among themselves hold the ladder players where the
    ladder put them (within the noise: the class's games against them move them a little,
    and the table says where they now stand), and each student's games against ladder
    players place the student on that scale. So a class tournament should include the ladder
    players: a student who met no ladder player is tied to the scale only through the other
    students and the prior. Fixing the ladder's strengths instead would claim they are
    known exactly, which they are not.
    """
    return rate(
        [*read_results(ladder_results_file), *results],
        resamples=resamples,
        seed=seed,
    )


def simulate(
    strengths: Mapping[str, float],
    *,
    games_per_pair: int,
    draw_share: float = 0.0,
    seed: int = 0,
) -> list[GameResult]:
    """A round robin between players of known strength, drawn from the Bradley–Terry model.

    Each pair plays ``games_per_pair`` games, colours alternating. In a game between players
    whose expected score is ``p`` (:func:`expected_score` of the lead), the game is drawn
    with probability ``d = draw_share · 4p(1 − p)`` (``draw_share`` between equal players,
    fewer draws between unequal ones) and won with probability ``p − d/2``, so the expected
    score is ``p`` exactly, as the model says.

    Args:
        strengths: Each player's true strength on the table's scale (400 · log10 odds).
        games_per_pair: Games each pair plays.
        draw_share: The share of draws between equal players, at most ½.
        seed: The generator's seed: the same arguments give the same games.

    Raises:
        ValueError: ``draw_share`` is not between 0 and ½.
    """
    if not 0 <= draw_share <= 0.5:
        raise ValueError(f"draw_share must be between 0 and 0.5, not {draw_share}")
    generator = np.random.default_rng(seed)
    names = list(strengths)
    results: list[GameResult] = []
    for one, first_name in enumerate(names):
        for second_name in names[one + 1 :]:
            score = expected_score(strengths[first_name] - strengths[second_name])
            drawn = draw_share * 4 * score * (1 - score)
            for game in range(games_per_pair):
                chance = generator.random()
                points = (
                    1.0
                    if chance < score - drawn / 2
                    else 0.5
                    if chance < score + drawn / 2
                    else 0.0
                )
                players = (first_name, second_name) if game % 2 == 0 else (second_name, first_name)
                first_points = points if game % 2 == 0 else 1 - points
                results.append(
                    GameResult(
                        spec=GameSpec(
                            game_id=f"simulated-{len(results):05d}",
                            game="tictactoe",
                            players=players,
                            paths=("", ""),
                            seed=len(results),
                        ),
                        moves=(),
                        sides=(SideOutcome(Status.FINISHED), SideOutcome(Status.FINISHED)),
                        score=2 * first_points - 1,
                        points=(first_points, 1 - first_points),
                        sandboxed=False,
                    )
                )
    return results


@dataclass(frozen=True)
class SimulationCheck:
    """How the ratings did on simulated round robins of players of known strength.

    Attributes:
        intervals: The intervals checked (players × tournaments).
        coverage: The share of them that held the true strength (the players' mean at 0).
        rank_correlation: The mean over tournaments of Spearman's rank correlation between
            the true and the fitted strengths.
        stated_order: The mean "stronger than next" the tables stated.
        true_order: The share of those neighbouring rows whose true strengths are in the
            stated order (a calibrated statement matches ``stated_order``).
    """

    intervals: int
    coverage: float
    rank_correlation: float
    stated_order: float
    true_order: float


def check_on_simulations(
    *,
    players: int,
    games_per_pair: int,
    tournaments: int,
    resamples: int,
    spread: float = 150.0,
    draw_share: float = 0.3,
    seed: int = 0,
) -> SimulationCheck:
    """Rate ``tournaments`` simulated round robins (:func:`simulate`) and compare with the
    truth: each tournament draws ``players`` true strengths from a normal distribution of
    standard deviation ``spread`` (strength points), centred to mean 0, and is rated without
    a reference player (so the fitted mean is 0 too), with the bootstrap seeded per
    tournament. Fixed seeds: the same arguments give the same figures."""
    generator = np.random.default_rng(seed)
    names = [f"player {number:03d}" for number in range(players)]
    covered: list[bool] = []
    correlations: list[float] = []
    stated: list[float] = []
    held: list[bool] = []
    for tournament in range(tournaments):
        truth = generator.normal(0, spread, players)
        truth -= truth.mean()
        strengths = dict(zip(names, map(float, truth), strict=True))
        results = simulate(
            strengths, games_per_pair=games_per_pair, draw_share=draw_share, seed=tournament
        )
        table = rate(results, resamples=resamples, seed=tournament, reference=None)
        covered += [table[name].low <= strengths[name] <= table[name].high for name in names]
        fitted = np.array([table[name].strength for name in names])
        correlations.append(_rank_correlation(truth, fitted))
        for row, following in itertools.pairwise(table.rows):
            assert row.stronger_than_next is not None
            stated.append(row.stronger_than_next)
            held.append(strengths[row.name] > strengths[following.name])
    return SimulationCheck(
        intervals=len(covered),
        coverage=float(np.mean(covered)),
        rank_correlation=float(np.mean(correlations)),
        stated_order=float(np.mean(stated)),
        true_order=float(np.mean(held)),
    )


def _rank_correlation(first: NDArray[np.float64], second: NDArray[np.float64]) -> float:
    """Spearman's rank correlation of two samples without ties (Pearson's of their ranks)."""
    ranks = [np.argsort(np.argsort(sample)).astype(np.float64) for sample in (first, second)]
    return float(np.corrcoef(ranks[0], ranks[1])[0, 1])


__all__ = [
    "PRIOR_DRAWS",
    "REFERENCE",
    "SCALE",
    "TOLERANCE",
    "WORDS",
    "Rating",
    "RatingTable",
    "SimulationCheck",
    "Tally",
    "check_on_simulations",
    "expected_score",
    "fit_strengths",
    "ladder_ratings",
    "rate",
    "rate_with_ladder",
    "simulate",
    "tallies",
]
