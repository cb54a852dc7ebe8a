"""Who plays whom: a colour-balanced round robin, and a Swiss schedule for large classes.

Both make :class:`~gamelib.tournament.records.GameSpec` records whose ``game_id`` and
``seed`` are a pure function of the tournament's seed, its players and its options: the same
tournament asked twice is the same list of games, which is what lets a runner that was
killed resume it (:mod:`gamelib.tournament.runner`).

* **Round robin** (:class:`RoundRobin`): every pair of players plays every opening of
  :func:`~gamelib.tournament.openings.balanced_openings` twice, once with each colour. With
  ``n`` players and ``k`` openings that is ``n (n − 1) k`` games, all in one round.
* **Swiss** (:class:`Swiss`): a fixed number of rounds; in each, players of equal or near
  score meet, one game per pair, nobody meets the same opponent twice when the round's
  players (the bye set aside) can be paired without a rematch, and the player who has moved
  first less often moves first. A round's pairs
  depend on the earlier rounds' results, so :meth:`Swiss.games` is a function of the results
  so far. Round ``r`` is played from opening ``(r − 1) mod k``.

Game ids: ``rr-o01-alice:bob`` (opening 1, alice first) and ``sw-r003-alice:bob`` (round 3);
player names are therefore checked to hold no ``:`` (nor line breaks, nor spaces at their ends).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from gamelib.tournament.openings import Opening, balanced_openings
from gamelib.tournament.records import ClockSettings, GameResult, GameSpec, Limits

SWISS_SEARCH_STEPS = 100_000
"""How many partial pairings a Swiss round tries before it gives up avoiding rematches."""


@dataclass(frozen=True)
class TournamentOptions:
    """What every game of a tournament shares.

    Attributes:
        game: The game's name (``"othello"``, ``"reversi4x4"``, ``"tictactoe"``).
        openings: How many balanced openings are played.
        clock: The clock of every move.
        limits: The resources of each player's process.
        seed: The tournament's seed; every game's seed is derived from it and the game's id.
    """

    game: str = "othello"
    openings: int = 2
    clock: ClockSettings = field(default_factory=ClockSettings)
    limits: Limits = field(default_factory=Limits)
    seed: int = 0


def derived_seed(seed: int, *labels: object) -> int:
    """A seed in [0, 2⁶³) that depends only on ``seed`` and the labels (SHA-256 of their text)."""
    text = "|".join(str(part) for part in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def check_player_names(players: Mapping[str, str]) -> None:
    """Raise ValueError unless there are two players or more with names usable in game ids
    (printable, no ``:``, no spaces at either end; ``α-β depth 2`` is fine)."""
    if len(players) < 2:
        raise ValueError(f"a tournament needs two players or more; got {len(players)}")
    for name in players:
        if not name.strip() or name != name.strip() or ":" in name or not name.isprintable():
            raise ValueError(
                f"a player's name must be printable, without ':' and without spaces at its "
                f"ends: {name!r}"
            )


def game_spec(
    game_id: str,
    first: str,
    second: str,
    players: Mapping[str, str],
    opening: Opening,
    options: TournamentOptions,
) -> GameSpec:
    """The spec of one game (its seed derived from the tournament's seed and the game id)."""
    return GameSpec(
        game_id=game_id,
        game=options.game,
        players=(first, second),
        paths=(players[first], players[second]),
        opening=opening.moves,
        seed=derived_seed(options.seed, game_id),
        clock=options.clock,
        limits=options.limits,
    )


def replay_spec(spec: GameSpec) -> GameSpec:
    """The replay of a void game: the same game as attempt 1, with a seed derived from its own."""
    return replace(spec, attempt=1, seed=derived_seed(spec.seed, spec.game_id, "replay"))


def round_robin(players: Mapping[str, str], options: TournamentOptions) -> tuple[GameSpec, ...]:
    """Every pair plays every opening with both colours (``n (n − 1) k`` games).

    Args:
        players: Player name → player file.
        options: The game, openings, clock, limits and seed.

    Raises:
        ValueError: for fewer than two players or a name unusable in a game id.
    """
    check_player_names(players)
    names = sorted(players)
    specs = []
    for number, opening in enumerate(balanced_openings(options.game, options.openings), 1):
        for first in names:
            for second in names:
                if first != second:
                    game_id = f"rr-o{number:02d}-{first}:{second}"
                    specs.append(game_spec(game_id, first, second, players, opening, options))
    return tuple(specs)


def counted_results(results: Sequence[GameResult]) -> dict[str, GameResult]:
    """Game id → the result that counts: its last attempt."""
    counted: dict[str, GameResult] = {}
    for result in results:
        known = counted.get(result.spec.game_id)
        if known is None or result.spec.attempt > known.spec.attempt:
            counted[result.spec.game_id] = result
    return counted


class Schedule(Protocol):
    """Rounds of games; a round may depend on the results of the rounds before it."""

    @property
    def rounds(self) -> int:
        """How many rounds there are."""
        ...

    def games(self, round_number: int, results: Sequence[GameResult]) -> tuple[GameSpec, ...]:
        """The games of round ``round_number`` (from 1), given every result so far."""
        ...


@dataclass(frozen=True)
class RoundRobin:
    """The round robin of :func:`round_robin`, as a one-round :class:`Schedule`."""

    players: Mapping[str, str]
    options: TournamentOptions

    @property
    def rounds(self) -> int:
        """One round: every game is known before any is played."""
        return 1

    def games(self, round_number: int, results: Sequence[GameResult]) -> tuple[GameSpec, ...]:
        """Every game of the round robin (the results are not needed)."""
        return round_robin(self.players, self.options)


@dataclass(frozen=True)
class Swiss:
    """A Swiss schedule of ``rounds`` rounds (rules in the module docstring).

    A player left over in a round with an odd number of players gets a *bye*: no game, and
    one point for the pairing of later rounds only (the ratings count games, not byes). The
    bye goes to the lowest-ranked player among those with the fewest byes so far.
    """

    players: Mapping[str, str]
    options: TournamentOptions
    rounds: int

    def games(self, round_number: int, results: Sequence[GameResult]) -> tuple[GameSpec, ...]:
        """The games of round ``round_number``, paired from the results of the earlier rounds.

        Raises:
            ValueError: for a round outside 1..rounds, or players unusable in game ids.
        """
        check_player_names(self.players)
        if not 1 <= round_number <= self.rounds:
            raise ValueError(f"round {round_number} is not in 1..{self.rounds}")
        openings = balanced_openings(self.options.game, self.options.openings)
        opening = openings[(round_number - 1) % len(openings)]
        history = SwissHistory.of(self.players, counted_results(results), round_number)
        ranking = history.ranking(self.options.seed)
        pairs = swiss_pairs(ranking, history.met)
        specs = []
        for higher, lower in pairs:
            first, second = history.colours(higher, lower, round_number)
            game_id = f"sw-r{round_number:03d}-{first}:{second}"
            specs.append(game_spec(game_id, first, second, self.players, opening, self.options))
        return tuple(sorted(specs, key=lambda spec: spec.game_id))


@dataclass(frozen=True)
class SwissHistory:
    """What the rounds before one Swiss round leave: scores, byes, meetings, first moves."""

    names: tuple[str, ...]
    scores: Mapping[str, float]
    byes: Mapping[str, int]
    met: frozenset[frozenset[str]]
    first_moves: Mapping[str, int]
    second_moves: Mapping[str, int]

    @classmethod
    def of(
        cls, players: Mapping[str, str], counted: Mapping[str, GameResult], round_number: int
    ) -> SwissHistory:
        """The history of rounds 1..round_number − 1 (games whose id says so; void games give
        no points; a player with no game in a played round had the bye)."""
        scores: dict[str, float] = {name: 0.0 for name in players}
        byes: Counter[str] = Counter()
        firsts: Counter[str] = Counter()
        seconds: Counter[str] = Counter()
        met: set[frozenset[str]] = set()
        for earlier in range(1, round_number):
            prefix = f"sw-r{earlier:03d}-"
            played: set[str] = set()
            for game_id, result in counted.items():
                if not game_id.startswith(prefix):
                    continue
                first, second = result.spec.players
                played.update((first, second))
                met.add(frozenset((first, second)))
                firsts[first] += 1
                seconds[second] += 1
                if result.points is not None:
                    scores[first] += result.points[0]
                    scores[second] += result.points[1]
            if played:
                for name in players:
                    if name not in played:
                        byes[name] += 1
                        scores[name] += 1
        return cls(
            names=tuple(sorted(players)),
            scores=dict(scores),
            byes=dict(byes),
            met=frozenset(met),
            first_moves=dict(firsts),
            second_moves=dict(seconds),
        )

    def ranking(self, seed: int) -> tuple[str, ...]:
        """Players by score, highest first; equal scores in an order drawn from the seed;
        the bye (odd count) taken out: the lowest-ranked of those with the fewest byes."""
        ranked = sorted(
            self.names,
            key=lambda name: (-self.scores[name], derived_seed(seed, "swiss rank", name)),
        )
        if len(ranked) % 2:
            fewest = min(self.byes.get(name, 0) for name in ranked)
            bye = next(name for name in reversed(ranked) if self.byes.get(name, 0) == fewest)
            ranked.remove(bye)
        return tuple(ranked)

    def colours(self, higher: str, lower: str, round_number: int) -> tuple[str, str]:
        """(first, second): whoever has moved first less often (first minus second moves)
        moves first; on a tie the higher-ranked player in odd rounds, the lower in even."""

        def balance(name: str) -> int:
            return self.first_moves.get(name, 0) - self.second_moves.get(name, 0)

        if balance(higher) < balance(lower):
            return higher, lower
        if balance(lower) < balance(higher):
            return lower, higher
        return (higher, lower) if round_number % 2 else (lower, higher)


def swiss_pairs(
    ranking: Sequence[str], met: frozenset[frozenset[str]]
) -> tuple[tuple[str, str], ...]:
    """Pairs of an even-length ranking, each (higher, lower): the first player in the ranking
    still free meets the next free player it has not met, searching back when that leaves
    someone without a partner; when no pairing without a rematch is found within
    :data:`SWISS_SEARCH_STEPS` steps, neighbours in the ranking meet, rematches allowed."""
    steps = 0

    def search(free: tuple[str, ...]) -> list[tuple[str, str]] | None:
        nonlocal steps
        if not free:
            return []
        steps += 1
        if steps > SWISS_SEARCH_STEPS:
            return None
        top, rest = free[0], free[1:]
        for index, partner in enumerate(rest):
            if frozenset((top, partner)) in met:
                continue
            found = search(rest[:index] + rest[index + 1 :])
            if found is not None:
                return [(top, partner), *found]
        return None

    pairs = search(tuple(ranking))
    if pairs is None:
        pairs = [(ranking[index], ranking[index + 1]) for index in range(0, len(ranking), 2)]
    return tuple(pairs)
