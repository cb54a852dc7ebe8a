"""Notebook 10's closing exercise proves an improvement: the bar is the least one an equally
strong player reaches at most 5 % of the time (checked against a brute-force enumeration, the
plain binomial and a simulation); the check stops only when its verdict is certain (the same
verdict a full match gives); a clearly stronger player passes, a weaker one fails, and equal
players rarely pass. And the evaluation's parity term is region parity, which changes moves,
where whole-board parity could not at a fixed depth without passes."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import Othello, alphabeta_failsoft
from gamelib.games.othello import PASS, OthelloState
from gamelib.players import RandomPlayer
from gamelib.tournament.in_kernel import (
    EXERCISE_GAMES,
    EXERCISE_LEVEL,
    EXERCISE_NEEDED,
    EXERCISE_SHARE,
    SAMPLE_NAME,
    Calibration,
    Entrant,
    check_exercise,
    entrant,
    equal_player_pass_rate,
    false_pass_rate,
    play_match,
    points_needed,
    positional_alphabeta_depth_2,
    sample_opponent,
)
from gamelib.tournament.sample_player import (
    IMPROVED,
    DecisiveOthello,
    Player,
    Weights,
    region_parity,
    weighted_evaluation,
)

REFERENCE_SPEED = Calibration(seconds=0.008, runs=(0.008,), nodes=1)
"""A calibration of the reference machine's speed (scale 1), so no test spends time measuring."""


def brute_force_pass_rate(games: int, needed: float, draw_share: float) -> float:
    """Every sequence of wins, draws and losses, with its probability: the share that scores
    at least ``needed``."""
    decisive = (1 - draw_share) / 2
    probabilities = {1.0: decisive, 0.5: draw_share, 0.0: decisive}
    return sum(
        math.prod(probabilities[score] for score in scores)
        for scores in itertools.product(probabilities, repeat=games)
        if sum(scores) >= needed
    )


@pytest.mark.parametrize("games", [1, 2, 5, 6])
def test_the_pass_rate_of_an_equal_player_is_the_enumerated_one(games: int) -> None:
    for halves, share in itertools.product(range(2 * games + 1), (0.0, 0.05, 0.3, 0.5, 1.0)):
        expected = brute_force_pass_rate(games, halves / 2, share)
        assert equal_player_pass_rate(games, halves / 2, share) == pytest.approx(expected)


def test_without_draws_it_is_the_binomial_tail() -> None:
    tail = sum(math.comb(30, wins) for wins in range(20, 31)) / 2**30
    assert equal_player_pass_rate(30, 20) == pytest.approx(tail)
    assert tail == pytest.approx(0.04937, abs=1e-5)


@pytest.mark.parametrize(("games", "needed"), [(6, 5.5), (20, 14.5), (30, 20), (40, 25.5)])
def test_the_false_pass_rate_is_the_largest_over_every_share_of_draws(
    games: int, needed: float
) -> None:
    worst = false_pass_rate(games, needed)
    grid = [equal_player_pass_rate(games, needed, step / 2000) for step in range(2001)]
    assert max(grid) <= worst <= max(grid) + games / 4000 + 1e-5  # the grid's own error bound


def test_a_draw_can_help_so_the_worst_share_of_draws_is_not_always_none() -> None:
    # 14½ of 20: with no draws 15 wins are needed; with a draw, 14 wins and the draw do.
    assert equal_player_pass_rate(20, 14.5, 0.04) > equal_player_pass_rate(20, 14.5, 0.0)
    assert false_pass_rate(20, 14.5) >= equal_player_pass_rate(20, 14.5, 0.04)


def test_the_exercises_bar_is_the_least_that_an_equal_player_rarely_reaches() -> None:
    assert (EXERCISE_GAMES, EXERCISE_NEEDED, EXERCISE_LEVEL) == (30, 20.0, 0.05)
    assert points_needed(EXERCISE_GAMES) == EXERCISE_NEEDED
    assert pytest.approx(2 / 3) == EXERCISE_SHARE
    assert false_pass_rate(30, 20) <= EXERCISE_LEVEL < false_pass_rate(30, 19.5)
    assert false_pass_rate(30, 20) == pytest.approx(0.0494, abs=1e-4)
    # The old rule, 60 % of 20 games, passes an equal player about one time in four.
    assert false_pass_rate(20, 12) == pytest.approx(0.2517, abs=1e-4)
    assert [points_needed(games) for games in (20, 40)] == [14.5, 25.5]
    with pytest.raises(ValueError, match="more games"):
        points_needed(2)


def test_a_simulated_equal_player_passes_as_often_as_computed() -> None:
    generator = random.Random(36)
    checks, share = 20000, 0.1
    passes = 0
    for _ in range(checks):
        points = 0.0
        for _ in range(EXERCISE_GAMES):
            draw = generator.random()
            points += 0.5 if draw < share else 1.0 if draw < share + (1 - share) / 2 else 0.0
        passes += points >= EXERCISE_NEEDED
    expected = equal_player_pass_rate(EXERCISE_GAMES, EXERCISE_NEEDED, share)
    error = math.sqrt(expected * (1 - expected) / checks)
    assert abs(passes / checks - expected) < 4 * error
    assert expected <= false_pass_rate(EXERCISE_GAMES, EXERCISE_NEEDED)


def test_bad_bars_are_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 10"):
        equal_player_pass_rate(10, 11)
    with pytest.raises(ValueError, match="share of draws"):
        equal_player_pass_rate(10, 5, 1.5)
    with pytest.raises(ValueError, match="at least one game"):
        false_pass_rate(0, 0)
    with pytest.raises(ValueError, match="even"):
        check_exercise(RandomPlayer(), games=7, calibration=REFERENCE_SPEED)


def test_a_clearly_stronger_player_passes_and_the_check_stops_once_it_is_certain() -> None:
    stronger, weaker = positional_alphabeta_depth_2(), RandomPlayer()
    check = check_exercise(stronger, opponent=weaker, games=12, calibration=REFERENCE_SPEED)
    needed = points_needed(12)
    assert check.passed and check.needed == needed == 9.5
    assert check.match.points >= needed > check.match.points - 1  # stopped at the bar
    # The games played are those of the full match (same seeds, same openings, same colours),
    # and the full match gives the same verdict.
    full = play_match(
        entrant(positional_alphabeta_depth_2()),
        entrant(RandomPlayer()),
        games=12,
        clock=REFERENCE_SPEED.clock(check.match.results[0].spec.clock),
    )
    assert full.points >= needed
    for played, planned in zip(check.match.results, full.results, strict=False):
        assert (played.spec.seed, played.spec.opening) == (planned.spec.seed, planned.spec.opening)
        assert [move.move for move in played.moves] == [move.move for move in planned.moves]
    text = str(check)
    assert "9½ of 12 points (79%)" in text and "at most 2.3%" in text


def test_a_weaker_player_fails_early_and_is_told_how_far_it_is_from_the_bar() -> None:
    check = check_exercise(
        RandomPlayer(),
        opponent=positional_alphabeta_depth_2(),
        games=12,
        calibration=REFERENCE_SPEED,
    )
    assert not check.passed
    left = 12 - check.match.games
    assert check.match.points + left < 9.5 <= check.match.points + left + 1  # stopped when sure
    assert left > 0 and f"the games left ({left}) could not change the verdict" in str(check)
    missing = 9.5 - check.match.points - left
    assert f"{missing:g}".replace(".5", "½").replace("0½", "½") + " more than it could reach" in (
        str(check)
    )


def scripted(outcomes: str) -> tuple[Entrant, Entrant]:
    """A player and an opponent whose games end as ``outcomes`` says, game by game: "W" the
    opponent raises on its first move, "L" the player does (the other side plays its first
    legal move)."""
    games = iter(outcomes)

    def start(loser: str) -> Any:
        def chooser(game: Any, side: int, seed: int) -> Any:
            def choose_move(game: Any, state: Any, clock: Any) -> Any:
                if script[0] == loser:
                    raise RuntimeError("scripted loss")
                return game.moves(state)[0]

            return choose_move

        return chooser

    script = [""]

    def player_start(game: Any, side: int, seed: int) -> Any:
        script[0] = next(games)  # the player starts first in every game
        return start("L")(game, side, seed)

    return Entrant("scripted", player_start), Entrant("opponent", start("W"))


@pytest.mark.parametrize(
    ("outcomes", "played", "passed"),
    [
        ("W" * 20 + "L" * 10, 20, True),  # the bar reached: the 10 games left are not played
        ("L" * 10 + "W" * 20, 30, True),  # 0 + 20 left = 20: still possible, played to the end
        ("L" * 11 + "W" * 19, 11, False),  # 0 + 19 left < 20: certain, stopped
        ("WL" * 15, 22, False),  # after 22 games: 11 won + 8 left < 20
    ],
)
def test_the_check_stops_exactly_when_its_verdict_is_certain(
    outcomes: str, played: int, passed: bool
) -> None:
    player, opponent = scripted(outcomes)
    check = check_exercise(player, opponent=opponent, calibration=REFERENCE_SPEED)
    assert (check.match.games, check.passed) == (played, passed)
    assert check.match.a_points() == [1.0 if won == "W" else 0.0 for won in outcomes[:played]]
    assert (check.passed) == (outcomes.count("W") >= EXERCISE_NEEDED)  # as the full 30 games


def test_equal_players_rarely_pass() -> None:
    # Random against random, with other seeds each time: equally strong players.
    passes = [
        check_exercise(
            RandomPlayer(), opponent=RandomPlayer(), games=6, seed=seed, calibration=REFERENCE_SPEED
        ).passed
        for seed in range(40)
    ]
    rate = false_pass_rate(6, 5.5)  # 5½ of 6: 1.6 % with no draws, at most 1.9 % with some
    assert rate == pytest.approx(0.0194, abs=1e-4)
    assert sum(passes) <= 4  # 0.8 passes expected at most; 5 or more: a chance of 0.1 %


def crash(game: Any, state: Any, clock: Any) -> Any:
    """A player that raises on its first move."""
    raise RuntimeError("bug")


def test_the_exercises_opponent_is_the_shipped_sample_player() -> None:
    game = Othello()
    chooser: Any = sample_opponent().start(game, 0, 0)
    shipped = chooser.__self__
    assert isinstance(shipped, Player) and isinstance(shipped.game, DecisiveOthello)
    after = game.play_line("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7")
    evaluate = weighted_evaluation(IMPROVED)
    for state in (game.initial_state(), after):
        assert shipped.evaluate(state) == evaluate(state)
    check = check_exercise(crash, games=6, calibration=REFERENCE_SPEED, language="ja")
    assert check.match.player_b == SAMPLE_NAME and check.match.games == 1  # 5 points left < 5½
    assert not check.passed and "配布されたサンプルプレイヤー に対して 1 点中 0 点" in str(check)
    assert "届きうる点より ½ 点多く必要です" in str(check)


# Region parity -------------------------------------------------------------------------------

QUARTER = {square: (square % 8 >= 4) + 2 * (square // 8 >= 4) for square in range(64)}
"""Each square's quarter of the board, from its file and rank (a1 = 0, h8 = 63)."""


def quarters_with_a_move(moves: int, empty: int) -> set[int]:
    """The quarters with an odd number of empty squares where a move of ``moves`` lies."""
    odd = {
        quarter
        for quarter in range(4)
        if sum(QUARTER[square] == quarter for square in range(64) if empty >> square & 1) % 2
    }
    return {QUARTER[square] for square in range(64) if moves >> square & 1} & odd


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_region_parity_counts_odd_quarters_where_each_side_can_move(
    mover_moves: int, opponent_moves: int, empty: int
) -> None:
    expected = len(quarters_with_a_move(mover_moves & empty, empty)) - len(
        quarters_with_a_move(opponent_moves & empty, empty)
    )
    assert region_parity(mover_moves & empty, opponent_moves & empty, empty) == expected


def positions_without_passes(depth: int, count: int) -> list[OthelloState]:
    """Positions of random games whose search tree to ``depth`` has no pass and no end."""
    game = Othello()

    def no_pass(state: OthelloState, plies: int) -> bool:
        if plies == 0:
            return True
        moves = game.moves(state)
        if game.is_terminal(state) or list(moves) == [PASS]:
            return False
        return all(no_pass(game.result(state, move), plies - 1) for move in moves)

    found: list[OthelloState] = []
    generator = random.Random(9)
    while len(found) < count:
        state = game.initial_state()
        for _ in range(generator.randrange(8, 40)):
            if game.is_terminal(state):
                break
            state = game.result(state, generator.choice(game.moves(state)))
        if not game.is_terminal(state) and no_pass(state, depth):
            found.append(state)
    return found


def whole_board_parity(weights: Weights, parity: float) -> Any:
    """The old parity term: + ``parity`` when the number of empty squares is odd, − when even."""
    evaluate = weighted_evaluation(weights)

    def value(state: OthelloState) -> float:
        empty = 64 - (state.mover | state.opponent).bit_count()
        return evaluate(state) + (parity if empty % 2 else -parity)

    return value


def test_whole_board_parity_never_changes_a_move_region_parity_does() -> None:
    game = DecisiveOthello()
    depth = 3
    positions = positions_without_passes(depth, 12)
    shipped, with_region = weighted_evaluation(IMPROVED), weighted_evaluation(Weights(1, 5, 50, 30))
    with_whole_board = whole_board_parity(IMPROVED, 30)
    changed = 0
    for state in positions:
        plain = alphabeta_failsoft(game, state, depth=depth, evaluate=shipped)
        old = alphabeta_failsoft(game, state, depth=depth, evaluate=with_whole_board)
        empty = 64 - (state.mover | state.opponent).bit_count()
        # Every leaf has empty - depth empty squares: one constant added to every leaf, its
        # sign turned at each of the depth levels of negamax on the way up.
        leaf_term = 30 if (empty - depth) % 2 else -30
        assert old.move == plain.move
        assert old.value == plain.value + (-1) ** depth * leaf_term
        new = alphabeta_failsoft(game, state, depth=depth, evaluate=with_region)
        changed += new.move != plain.move
    assert changed >= 1
