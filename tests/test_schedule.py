"""The tournament's openings and schedules: balanced openings chosen as documented, a round
robin where every pair meets equally often with each colour, Swiss rounds that pair each
player at most once, never with itself, without rematches where a pairing without exists,
and ids and seeds that are a pure function of the tournament."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta
from gamelib.tournament.openings import (
    OPENING_RULES,
    balanced_openings,
    rank_openings,
    ranked_openings,
)
from gamelib.tournament.records import GameResult, GameSpec, SideOutcome, Status
from gamelib.tournament.schedule import (
    RoundRobin,
    Swiss,
    TournamentOptions,
    derived_seed,
    replay_spec,
    round_robin,
)

NAMES = st.lists(
    st.text(alphabet="abcdefghij_0123456789", min_size=1, max_size=6),
    min_size=2,
    max_size=7,
    unique=True,
)
"""Player names usable in game ids."""


def players_of(names: list[str]) -> dict[str, str]:
    return {name: f"/players/{name}.py" for name in names}


# Openings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "plies", "distinct"),
    [
        # Othello's four first moves are mirror images of each other; after two plies there
        # are three openings: the perpendicular, the diagonal and the parallel one.
        ("othello", 1, 1),
        ("othello", 2, 3),
        # tic-tac-toe's first move: a corner, an edge or the centre; 12 positions after two
        ("tictactoe", 1, 3),
        ("tictactoe", 2, 12),
    ],
)
def test_openings_count_one_line_per_position_up_to_symmetry(
    game: str, plies: int, distinct: int
) -> None:
    rules = replace(OPENING_RULES[game], plies=plies, depth=1)
    assert len(rank_openings(rules)) == distinct


@pytest.mark.parametrize("game", sorted(OPENING_RULES))
def test_openings_are_legal_lines_valued_by_alphabeta_nearest_zero_first(game: str) -> None:
    rules = OPENING_RULES[game]
    ranked = ranked_openings(game)
    texts = [opening.text for opening in ranked]
    assert len(set(texts)) == len(texts)
    assert [(abs(o.value), o.text) for o in ranked] == sorted(
        (abs(o.value), o.text) for o in ranked
    )
    for opening in ranked[:3]:
        game_object = rules.make_game()
        state = game_object.initial_state()
        for name in opening.moves:
            move = game_object.parse_move(name)
            assert move in game_object.moves(state)
            state = game_object.result(state, move)
        assert len(opening.moves) == rules.plies
        value = alphabeta(game_object, state, depth=rules.depth, evaluate=rules.evaluate).value
        mover_is_first = game_object.to_move(state) == 0
        assert opening.value == (value if mover_is_first else -value)


def test_tictactoe_openings_cover_every_position_once_by_the_games_own_symmetry_key() -> None:
    game = TicTacToe()
    start = game.initial_state()
    every_line = {
        game.canonical_key(game.result(game.result(start, first), second))
        for first in game.moves(start)
        for second in game.moves(game.result(start, first))
    }
    chosen = [game.play_line(opening.text) for opening in ranked_openings("tictactoe")]
    assert sorted(game.canonical_key(state) for state in chosen) == sorted(every_line)


def test_too_many_openings_is_refused_with_the_count_available() -> None:
    available = len(ranked_openings("tictactoe"))
    with pytest.raises(ValueError, match=f"has {available} openings"):
        balanced_openings("tictactoe", available + 1)
    with pytest.raises(ValueError, match="no openings for the game"):
        balanced_openings("chess", 1)


# Round robin ------------------------------------------------------------------------------


@given(names=NAMES, openings=st.integers(1, 3), seed=st.integers(0, 2**32))
def test_round_robin_every_pair_meets_each_opening_with_each_colour_once(
    names: list[str], openings: int, seed: int
) -> None:
    options = TournamentOptions(game="tictactoe", openings=openings, seed=seed)
    specs = round_robin(players_of(names), options)
    assert len(specs) == len(names) * (len(names) - 1) * openings
    meetings = Counter((spec.players, spec.opening) for spec in specs)
    assert set(meetings.values()) == {1}
    assert {players for players, _ in meetings} == {
        (first, second) for first in names for second in names if first != second
    }
    assert all(
        spec.paths == tuple(f"/players/{name}.py" for name in spec.players) for spec in specs
    )
    assert len({spec.game_id for spec in specs}) == len(specs)
    assert all(spec.seed == derived_seed(seed, spec.game_id) for spec in specs)


@given(names=NAMES, seed=st.integers(0, 2**32))
def test_round_robin_ids_and_seeds_are_a_pure_function_of_the_tournament(
    names: list[str], seed: int
) -> None:
    options = TournamentOptions(game="tictactoe", openings=2, seed=seed)
    specs = round_robin(players_of(names), options)
    shuffled = dict(reversed(list(players_of(names).items())))
    assert round_robin(shuffled, options) == specs
    assert RoundRobin(players_of(names), options).games(1, []) == specs
    other = round_robin(players_of(names), replace(options, seed=seed + 1))
    assert [spec.game_id for spec in other] == [spec.game_id for spec in specs]
    assert all(a.seed != b.seed for a, b in zip(specs, other, strict=True))


def test_a_replay_is_attempt_1_of_the_same_game_with_its_own_seed() -> None:
    spec = round_robin(players_of(["a", "b"]), TournamentOptions(game="tictactoe"))[0]
    replay = replay_spec(spec)
    assert replace(replay, attempt=0, seed=spec.seed) == spec
    assert replay.attempt == 1 and replay.seed != spec.seed
    assert replay_spec(spec) == replay


@pytest.mark.parametrize("names", [["a"], ["a", "b\nc"], ["a", "b:c"], ["a", ""], ["a", " b"]])
def test_round_robin_refuses_names_unusable_in_ids(names: list[str]) -> None:
    with pytest.raises(ValueError, match="player"):
        round_robin(players_of(names), TournamentOptions(game="tictactoe"))


def test_round_robin_takes_names_with_inner_spaces_like_the_ladders() -> None:
    specs = round_robin(players_of(["α-β depth 2", "Greedy"]), TournamentOptions(game="tictactoe"))
    assert specs[0].game_id == "rr-o01-Greedy:α-β depth 2"


# Swiss ------------------------------------------------------------------------------------


def result_of(spec: GameSpec, outcome: int) -> GameResult:
    """A finished (outcome 0: first wins, 1: second wins, 2: draw) or void (3) game."""
    if outcome == 3:
        side = SideOutcome(Status.CRASH)
        return GameResult(spec, (), (side, side), None, None, sandboxed=False)
    points = ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))[outcome]
    side = SideOutcome(Status.FINISHED)
    return GameResult(spec, (), (side, side), points[0] - points[1], points, sandboxed=False)


def rematch_free_pairing_exists(players: list[str], met: set[frozenset[str]]) -> bool:
    """Whether the players can all be paired without a pair that already met (brute force)."""
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(
        frozenset((top, partner)) not in met
        and rematch_free_pairing_exists([p for p in rest if p != partner], met)
        for partner in rest
    )


@given(
    names=st.lists(st.sampled_from("abcdefghij"), min_size=2, max_size=9, unique=True),
    outcomes=st.lists(st.integers(0, 3), min_size=60, max_size=60),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 1000),
)
def test_swiss_rounds_pair_each_player_at_most_once_never_itself_nor_again_where_avoidable(
    names: list[str], outcomes: list[int], rounds: int, seed: int
) -> None:
    swiss = Swiss(players_of(names), TournamentOptions(game="tictactoe", seed=seed), rounds)
    results: list[GameResult] = []
    met: set[frozenset[str]] = set()
    balance = Counter[str]()  # first moves minus second moves
    byes = Counter[str]()
    draws = iter(outcomes)
    for round_number in range(1, rounds + 1):
        specs = swiss.games(round_number, results)
        assert swiss.games(round_number, results) == specs  # a pure function of the results
        seated = [name for spec in specs for name in spec.players]
        assert len(seated) == len(set(seated)) == len(names) - len(names) % 2
        assert all(spec.players[0] != spec.players[1] for spec in specs)
        assert len({spec.game_id for spec in specs}) == len(specs)
        assert all(spec.game_id.startswith(f"sw-r{round_number:03d}-") for spec in specs)
        for name in set(names) - set(seated):
            assert byes[name] == min(byes[other] for other in names)
            byes[name] += 1
        pairs = [frozenset(spec.players) for spec in specs]
        if rematch_free_pairing_exists(seated, met):
            assert not met.intersection(pairs)
        for spec in specs:
            first, second = spec.players
            assert balance[first] <= balance[second]  # the colour rule
            balance[first] += 1
            balance[second] -= 1
            outcome = next(draws)
            results.append(result_of(spec, outcome))
            if outcome == 3:  # the void game's replay counts
                results.append(result_of(replay_spec(spec), 0))
        met.update(pairs)


def test_swiss_pairs_by_score() -> None:
    names = ["a", "b", "c", "d"]
    swiss = Swiss(players_of(names), TournamentOptions(game="tictactoe", seed=3), 2)
    first_round = swiss.games(1, [])
    results = [result_of(spec, 0) for spec in first_round]  # the first mover wins
    winners = {spec.players[0] for spec in first_round}
    second_round = swiss.games(2, results)
    assert {frozenset(spec.players) for spec in second_round} == {
        frozenset(winners),
        frozenset(set(names) - winners),
    }


def test_swiss_refuses_a_round_outside_its_rounds() -> None:
    swiss = Swiss(players_of(["a", "b"]), TournamentOptions(game="tictactoe"), 2)
    with pytest.raises(ValueError, match="round 3"):
        swiss.games(3, [])
