"""Players: the tic-tac-toe CPU levels on every position, Greedy, Positional and search players."""

from __future__ import annotations

import random
from functools import cache

import pytest

from gamelib.arena import tournament
from gamelib.core import Game, play_random
from gamelib.games.othello import (
    SQUARE_WEIGHTS,
    WIN_SCORE,
    Othello,
    OthelloState,
    legal_moves_mask,
    positional_evaluation,
    square_weight_sum,
    squares_of,
)
from gamelib.games.tictactoe import EMPTY_SQUARES, HAS_LINE, TicTacToe, TicTacToeState
from gamelib.players import (
    GamePlayer,
    GreedyPlayer,
    PositionalPlayer,
    RandomPlayer,
    RulePlayer,
    SearchPlayer,
    tictactoe_cpu,
)
from gamelib.search import negamax

TICTACTOE = TicTacToe()
OTHELLO = Othello()


@cache
def tictactoe_positions() -> tuple[TicTacToeState, ...]:
    """Every legal tic-tac-toe position where the game is not over (by plain enumeration)."""
    seen: set[TicTacToeState] = set()
    stack: list[TicTacToeState] = [(0, 0)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        mover, other = state
        for square in EMPTY_SQUARES[mover | other] if not HAS_LINE[other] else ():
            stack.append((other, mover | 1 << square))
    return tuple(sorted(state for state in seen if not TICTACTOE.is_terminal(state)))


def winning_squares(state: TicTacToeState) -> set[int]:
    """Squares where the player to move completes a line (written with bit masks only)."""
    mover, other = state
    return {square for square in EMPTY_SQUARES[mover | other] if HAS_LINE[mover | 1 << square]}


def threatened_squares(state: TicTacToeState) -> set[int]:
    """Squares where the opponent would complete a line if it could move there."""
    mover, other = state
    return {square for square in EMPTY_SQUARES[mover | other] if HAS_LINE[other | 1 << square]}


def test_the_enumeration_finds_every_unfinished_position() -> None:
    # 5,478 legal positions, of which 958 are finished games (a known count).
    assert len(tictactoe_positions()) == 5_478 - 958


def test_players_satisfy_the_protocol() -> None:
    players: list[GamePlayer] = [
        RandomPlayer(),
        GreedyPlayer(),
        RulePlayer(),
        PositionalPlayer(),
        SearchPlayer(),
        tictactoe_cpu(3),
    ]
    assert all(isinstance(player, GamePlayer) for player in players)


@pytest.mark.parametrize("seed", [0, 1])
def test_level_1_never_misses_a_win_in_one(seed: int) -> None:
    cpu = tictactoe_cpu(1, seed=seed)
    checked = 0
    for state in tictactoe_positions():
        wins = winning_squares(state)
        if wins:
            assert cpu.choose(TICTACTOE, state) in wins, TICTACTOE.text(state)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("seed", [0, 1])
def test_level_2_wins_and_otherwise_always_blocks(seed: int) -> None:
    cpu = tictactoe_cpu(2, seed=seed)
    blocks = 0
    for state in tictactoe_positions():
        move = cpu.choose(TICTACTOE, state)
        wins, threats = winning_squares(state), threatened_squares(state)
        if wins:
            assert move in wins, TICTACTOE.text(state)
        elif threats:
            assert move in threats, TICTACTOE.text(state)
            blocks += 1
    assert blocks > 500


def test_level_1_does_not_block() -> None:
    # X threatens a1-b1-c1; O (to move) has no win. Level 1 plays at random, so over a few
    # seeds it sometimes does not block, which level 2 always does.
    state = TICTACTOE.play_line("a1 a3 b1")
    assert threatened_squares(state) == {2}
    choices = {tictactoe_cpu(1, seed=seed).choose(TICTACTOE, state) for seed in range(20)}
    assert len(choices) > 1
    assert {tictactoe_cpu(2, seed=seed).choose(TICTACTOE, state) for seed in range(20)} == {2}


def test_level_0_plays_legal_moves_reproducibly() -> None:
    for state in tictactoe_positions()[::37]:
        first = tictactoe_cpu(0, seed=5).choose(TICTACTOE, state)
        assert first in TICTACTOE.moves(state)
        assert tictactoe_cpu(0, seed=5).choose(TICTACTOE, state) == first


def test_unknown_level_and_bad_plies_are_refused() -> None:
    with pytest.raises(ValueError, match="levels are 0, 1, 2 and 3"):
        tictactoe_cpu(4)
    with pytest.raises(ValueError, match="plies"):
        tictactoe_cpu(3, plies=0)


def test_a_player_refuses_a_finished_game() -> None:
    state = TICTACTOE.play_line("a1 a2 b1 b2 c1")
    with pytest.raises(ValueError, match="game is over"):
        RandomPlayer().choose(TICTACTOE, state)


def test_greedy_is_level_1_at_tic_tac_toe() -> None:
    greedy = GreedyPlayer(seed=3)
    for state in tictactoe_positions():
        wins = winning_squares(state)
        if wins:
            assert greedy.choose(TICTACTOE, state) in wins


def test_perfect_search_keeps_the_value_and_wins_at_once() -> None:
    """Full-depth α-β plays a move that keeps the game's value, and never postpones a win."""
    cpu = tictactoe_cpu(3, plies=9, seed=2)
    for state in tictactoe_positions():
        move = cpu.choose(TICTACTOE, state)
        value = negamax(TICTACTOE, state).value
        assert -negamax(TICTACTOE, TICTACTOE.result(state, move)).value == value
        wins = winning_squares(state)
        if wins:
            assert move in wins


def test_perfect_players_draw_against_each_other() -> None:
    result = tournament(
        TICTACTOE, tictactoe_cpu(3, seed=1), tictactoe_cpu(3, seed=2), games=8, opening_plies=0
    )
    assert result.draws == 8


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_perfect_search_never_loses_to_random(seed: int) -> None:
    result = tournament(
        TICTACTOE, tictactoe_cpu(3, plies=9), RandomPlayer(), games=20, seed=seed, opening_plies=0
    )
    assert result.losses == 0
    assert result.wins > 10


# --------------------------------------------------------------------------- Othello


def random_othello_positions(count: int, seed: int) -> list[OthelloState]:
    generator = random.Random(seed)
    positions: list[OthelloState] = []
    while len(positions) < count:
        state, _ = play_random(OTHELLO, generator.randrange(0, 50), generator)
        if OTHELLO.moves(state):
            positions.append(state)
    return positions


def disc_difference_after(game: Game[OthelloState, int], state: OthelloState, move: int) -> int:
    child = game.result(state, move)
    return child.opponent.bit_count() - child.mover.bit_count()


def test_greedy_takes_the_most_discs_at_othello() -> None:
    greedy = GreedyPlayer(seed=0)
    for state in random_othello_positions(60, seed=1):
        best = max(disc_difference_after(OTHELLO, state, move) for move in OTHELLO.moves(state))
        assert disc_difference_after(OTHELLO, state, greedy.choose(OTHELLO, state)) == best


def test_square_weights_are_symmetric_and_summed_correctly() -> None:
    weights = SQUARE_WEIGHTS
    for row in range(8):
        for column in range(8):
            value = weights[8 * row + column]
            assert value == weights[8 * column + row] == weights[8 * row + 7 - column]
    generator = random.Random(0)
    for _ in range(200):
        discs = generator.getrandbits(64)
        assert square_weight_sum(discs) == sum(weights[square] for square in squares_of(discs))


def test_positional_evaluation() -> None:
    start = OTHELLO.initial_state()
    assert positional_evaluation(start) == 0  # symmetric position, equal mobility
    # A finished game: Black owns everything.
    won = OthelloState((1 << 64) - 1, 0, 0)
    assert positional_evaluation(won) == WIN_SCORE + 64
    assert positional_evaluation(OthelloState(0, (1 << 64) - 1, 0)) == -WIN_SCORE - 64
    for state in random_othello_positions(30, seed=2):
        mover, opponent, _ = state
        expected = (
            square_weight_sum(mover)
            - square_weight_sum(opponent)
            + 5
            * (
                legal_moves_mask(mover, opponent).bit_count()
                - legal_moves_mask(opponent, mover).bit_count()
            )
        )
        assert positional_evaluation(state) == expected


def test_positional_player_maximises_the_positional_score() -> None:
    player = PositionalPlayer(seed=0)
    for state in random_othello_positions(40, seed=3):
        scores = {
            move: -positional_evaluation(OTHELLO.result(state, move))
            for move in OTHELLO.moves(state)
        }
        assert scores[player.choose(OTHELLO, state)] == max(scores.values())


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_player_plays_a_best_move_of_its_depth(depth: int) -> None:
    player = SearchPlayer(depth=depth, seed=4)
    for state in random_othello_positions(6, seed=depth):
        move = player.choose(OTHELLO, state)
        best = negamax(OTHELLO, state, depth=depth).value
        assert player.last_result is not None and player.last_result.value == best
        if depth > 1:
            child_value = -negamax(OTHELLO, OTHELLO.result(state, move), depth=depth - 1).value
        else:
            child_value = disc_difference_after(OTHELLO, state, move)
        assert child_value == best


def test_search_player_choices_are_seeded() -> None:
    state = OTHELLO.initial_state()  # four symmetric moves of equal value
    choices = {SearchPlayer(depth=2, seed=seed).choose(OTHELLO, state) for seed in range(12)}
    assert len(choices) > 1
    assert SearchPlayer(depth=2, seed=7).choose(OTHELLO, state) == SearchPlayer(
        depth=2, seed=7
    ).choose(OTHELLO, state)
    given = {SearchPlayer(depth=2, root_order="given").choose(OTHELLO, state) for _ in range(3)}
    assert len(given) == 1


def test_search_player_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="at least 1 ply"):
        SearchPlayer(depth=0)
    with pytest.raises(ValueError, match="root_order"):
        SearchPlayer(root_order="sideways")  # type: ignore[arg-type]
