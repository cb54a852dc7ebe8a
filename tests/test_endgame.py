"""The endgame solver and the official scoring of Othello.

- official scoring: the World Othello Federation's rule on finished games with empty squares,
  and the raw difference kept where asked (``scoring="difference"``, the 4×4 reversi);
- published values: positions of the FFO endgame test suite (value and best move, and for
  #20 the value of every move) must come out exactly as published;
- properties: on random positions with at most 8 empty squares, :func:`solve` agrees with
  the course's plain α-β, in every ablation step and both scorings, and its line is a line
  of best play;
- bad input: a ValueError naming what is wrong.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.core import FIRST, SECOND, play
from gamelib.endgame import (
    ABLATION,
    FFO,
    Options,
    Progress,
    move_values,
    position,
    solve,
    square_names,
)
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import (
    PASS,
    Othello,
    OthelloState,
    final_score,
    from_discs,
    parse_move,
    play_line,
    square_name,
)
from gamelib.search import alphabeta
from tests.helpers import random_endgame, scaled

OFFICIAL = Othello()
DIFFERENCE = Othello(scoring="difference")


# --------------------------------------------------------------------------- official scoring


def test_the_empty_squares_go_to_the_winner() -> None:
    # 40 discs to 20 with 4 squares empty: won 44-20, by 24 (raw difference 20)
    winner, loser = (1 << 40) - 1, ((1 << 20) - 1) << 40
    assert final_score(winner, loser) == 24
    assert final_score(loser, winner) == -24
    assert final_score(winner, loser, "difference") == 20
    # a draw stays a draw; a full board is scored the same by both rules
    assert final_score((1 << 30) - 1, ((1 << 30) - 1) << 30) == 0
    full_black = (1 << 33) - 1
    assert final_score(full_black, ((1 << 64) - 1) ^ full_black) == 2


def test_othello_scores_a_finished_game_with_empty_squares_officially() -> None:
    # the shortest game: 9 moves, all discs black, 51 squares empty
    finished = play_line("e6 f4 e3 f6 g5 d6 e7 f5 c5")
    assert OFFICIAL.is_terminal(finished)
    assert finished.white == 0 and finished.black.bit_count() == 13
    assert finished.player == SECOND  # White to move, with nothing left
    assert OFFICIAL.utility(finished) == -64
    assert DIFFERENCE.utility(finished) == -13
    assert solve(finished).value == -64
    assert solve(finished, scoring="difference").value == -13
    assert solve(finished).move is None and solve(finished).pv == ()


def test_scoring_is_checked() -> None:
    with pytest.raises(ValueError, match="scoring must be 'official'"):
        Othello(scoring="raw")  # type: ignore[arg-type]
    assert repr(DIFFERENCE) == "Othello(scoring='difference')"


@scaled(40)
@given(generator=st.randoms(use_true_random=False))
def test_the_four_by_four_reversi_keeps_the_raw_difference(generator: random.Random) -> None:
    game = MiniReversi()
    state = game.initial_state()
    while game.moves(state):
        state = game.result(state, generator.choice(list(game.moves(state))))
    own, other = (state.black.bit_count(), state.white.bit_count())
    if game.to_move(state) != FIRST:
        own, other = other, own
    assert game.utility(state) == own - other


# --------------------------------------------------------------------------- published values

SMALL = [1, 2, 3, 4, 5, 6, 7]
"""The 14-empty positions of the suite (about a second each, or less)."""


def test_ffo_20_every_move_as_published() -> None:
    published = FFO[20]
    assert published.empties == 6
    assert move_values(published.state) == published.values


@pytest.mark.parametrize("number", SMALL)
def test_published_value_and_best_move(number: int) -> None:
    published = FFO[number]
    result = solve(published.state, progress=False)
    assert result.value == published.value
    assert square_name(result.move) in published.best_moves
    assert result.complete and result.lower == result.upper == published.value


@pytest.mark.parametrize("number", [1, 5, 9])
def test_win_loss_draw_as_published_and_cheaper(number: int) -> None:
    published = FFO[number]
    result = solve(published.state, "wld", progress=False, pv=False)
    sign = (published.value > 0) - (published.value < 0)
    assert result.value == sign
    assert result.lower <= published.value <= result.upper
    exact = solve(published.state, progress=False, pv=False)
    assert result.stats.nodes < exact.stats.nodes


def test_the_principal_variation_plays_out_to_the_published_value() -> None:
    published = FFO[2]
    result = solve(published.state, progress=False)
    state = published.state
    for move in result.pv:
        state = play(OFFICIAL, state, move)
    assert OFFICIAL.is_terminal(state)
    final = OFFICIAL.utility(state)
    assert (final if state.player == published.state.player else -final) == published.value


def test_the_published_positions_are_read_correctly() -> None:
    assert len(FFO) == 49
    assert FFO[40].empties == 20 and FFO[40].best_moves == ("a2",)
    assert FFO[40].game.startswith("Turner vs Monnom")
    assert FFO[12].best_moves == ("b7",)
    for published in FFO.values():
        state = published.state
        assert state.player == (FIRST if published.to_move == "X" else SECOND)
        legal = {square_name(move) for move in OFFICIAL.moves(state)}
        assert set(published.values) <= legal, published.name


# --------------------------------------------------------------------------- properties


@scaled(200)
@given(generator=st.randoms(use_true_random=False), empties=st.integers(0, 8))
def test_solve_equals_plain_alphabeta(generator: random.Random, empties: int) -> None:
    state = random_endgame(generator, empties)
    for game, scoring in ((OFFICIAL, "official"), (DIFFERENCE, "difference")):
        expected = alphabeta(game, state).value
        result = solve(state, scoring=scoring, progress=False)  # type: ignore[arg-type]
        assert result.value == expected
        wld = solve(state, "wld", scoring=scoring, progress=False)  # type: ignore[arg-type]
        assert wld.value == (expected > 0) - (expected < 0)
    # the line is a line of best play: each move keeps the value
    value, position_now = solve(state, progress=False).value, state
    for move in solve(state, progress=False).pv:
        position_now = OFFICIAL.result(position_now, move)
        value = -value
        assert alphabeta(OFFICIAL, position_now).value == value


@scaled(60)
@given(generator=st.randoms(use_true_random=False), empties=st.integers(4, 8))
def test_every_ablation_step_gives_the_same_value(generator: random.Random, empties: int) -> None:
    state = random_endgame(generator, empties)
    values = {solve(state, options=options, progress=False).value for _, options in ABLATION}
    tight = Options(table_empties=1, fastest_empties=1)
    values.add(solve(state, options=tight, progress=False).value)
    assert len(values) == 1


def test_a_pass_appears_in_the_line() -> None:
    # FFO #20 after h5: White must pass
    after = OFFICIAL.result(FFO[20].state, parse_move("h5"))
    assert OFFICIAL.moves(after) == (PASS,) or not OFFICIAL.moves(after)
    result = solve(FFO[20].state, progress=False)
    assert square_names(result.pv).startswith("h5")


def test_ctrl_c_stops_cleanly_with_the_bounds_proven_so_far() -> None:
    published = FFO[8]
    reports: list[Progress] = []

    def interrupt(report: Progress) -> None:
        reports.append(report)
        raise KeyboardInterrupt

    result = solve(published.state, progress=interrupt, progress_after=0)
    assert len(reports) == 1 and reports[0].nodes > 0
    assert not result.complete and result.move is None and result.pv == ()
    assert result.lower <= published.value <= result.upper
    assert result.value == result.lower


def test_progress_is_reported_to_a_function() -> None:
    reports: list[Progress] = []
    solve(FFO[1].state, progress=reports.append, pv=False)
    assert reports == []  # nothing for a solve shorter than 5 s
    report = Progress(seconds=2.0, nodes=1000, lower=-4, upper=8)
    assert "value in [-4, +8]" in str(report) and "500 nodes/s" in str(report)


# --------------------------------------------------------------------------- bad input


def test_overlapping_discs_are_refused() -> None:
    state = OthelloState(0b11, 0b10, FIRST)
    with pytest.raises(ValueError, match="cannot hold a black and a white disc: b1"):
        solve(state)


def test_a_side_to_move_that_is_not_black_or_white_is_refused() -> None:
    state = OthelloState(FFO[1].state.mover, FFO[1].state.opponent, 2)
    with pytest.raises(ValueError, match="side to move must be FIRST"):
        solve(state)
    with pytest.raises(ValueError, match="side to move must be 'X'"):
        position(FFO[1].board, "B")


def test_a_malformed_board_is_refused() -> None:
    with pytest.raises(ValueError, match="this one has 63 squares"):
        position(FFO[1].board[:-1], "X")
    with pytest.raises(ValueError, match=r"characters \['Z'\]"):
        position("Z" + FFO[1].board[1:], "X")
    assert position(FFO[1].board.replace("-", "."), "black") == FFO[1].state


def test_too_many_empty_squares_are_refused_with_an_estimate() -> None:
    with pytest.raises(ValueError, match=r"60 empty squares .* about .* max_empties=60"):
        solve(OFFICIAL.initial_state())
    with pytest.raises(ValueError, match="20 empty squares"):
        solve(FFO[40].state, max_empties=16)


def test_unknown_modes_and_orderings_are_refused() -> None:
    with pytest.raises(ValueError, match="mode must be 'exact' or 'wld'"):
        solve(FFO[20].state, "best")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ordering must be"):
        Options("random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scoring must be"):
        solve(FFO[20].state, scoring="raw")  # type: ignore[arg-type]


def test_from_discs_and_position_agree() -> None:
    published = FFO[8]
    state = position(published.board, published.to_move)
    assert state == from_discs(state.black, state.white, SECOND)
