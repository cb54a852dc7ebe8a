"""4×4 reversi: the source's evaluation counts, the pass and end rules, names, pictures."""

from __future__ import annotations

import math

import pytest

from gamelib.core import FIRST, SECOND, Game, IllegalMoveError, play
from gamelib.games.minireversi import (
    ORDERS,
    PASS,
    MiniReversi,
    MiniReversiState,
    flips,
)

# ---------------------------------------------------------------------------------------------
# An independent, literal version of the source's program: a mutable 6×6 array, a list of
# empty squares, moves made and unmade in place. It shares no code with the game module.

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
STEPS = (-7, -6, -5, -1, 1, 5, 6, 7)


def literal_minimax(start: str, order: tuple[int, ...]) -> tuple[int, int]:
    """Negamax over the whole game as the source describes it.

    Returns:
        (value for Black at the root, number of evaluations).
    """
    board = [EMPTY] * 36
    for square in range(36):
        row, column = divmod(square, 6)
        if row in (0, 5) or column in (0, 5):
            board[square] = BORDER
    board[14], board[15] = WHITE, BLACK
    board[20], board[21] = (BLACK, WHITE) if start == "WB/BW" else (WHITE, BLACK)
    empty_list = list(order)
    evaluations = 0

    def evaluate(color: int) -> int:
        nonlocal evaluations
        evaluations += 1
        difference = board.count(BLACK) - board.count(WHITE)
        return difference if color == BLACK else -difference

    def discs_to_flip(square: int, color: int) -> list[int]:
        enemy = BLACK + WHITE - color
        found: list[int] = []
        for step in STEPS:
            run = []
            next_square = square + step
            while board[next_square] == enemy:
                run.append(next_square)
                next_square += step
            if run and board[next_square] == color:
                found += run
        return found

    def search(color: int, previous_was_pass: bool) -> int:
        if not empty_list:  # the board is full
            return evaluate(color)
        best = -math.inf
        played = False
        for index, square in enumerate(list(empty_list)):
            flipped = discs_to_flip(square, color)
            if not flipped:
                continue
            played = True
            board[square] = color
            for disc in flipped:
                board[disc] = color
            del empty_list[index]
            best = max(best, -search(BLACK + WHITE - color, False))
            empty_list.insert(index, square)
            board[square] = EMPTY
            for disc in flipped:
                board[disc] = BLACK + WHITE - color
        if played:
            return int(best)
        if previous_was_pass:  # both sides passed in a row
            return evaluate(color)
        return -search(BLACK + WHITE - color, True)

    value = search(BLACK, False)
    return value, evaluations


def game_negamax(game: MiniReversi) -> tuple[int, int, int]:
    """Plain negamax over the Game protocol.

    Returns:
        (root value, nodes entered, evaluations at leaves).
    """
    nodes = 0
    leaves = 0

    def search(state: MiniReversiState) -> int:
        nonlocal nodes, leaves
        nodes += 1
        if game.is_terminal(state):
            leaves += 1
            return game.evaluate(state)
        return max(-search(game.result(state, move)) for move in game.moves(state))

    value = search(game.initial_state())
    return value, nodes, leaves


# The source's figures, and the root values and node counts this reading gives.
EXPECTED = {
    "WB/BW": {"evaluations": 60_060, "value": -8, "nodes": 231_301},
    "WB/WB": {"evaluations": 67_116, "value": -3, "nodes": 255_741},
}


@pytest.mark.parametrize("start", ["WB/BW", "WB/WB"])
def test_literal_program_reproduces_the_source_counts(start: str) -> None:
    value, evaluations = literal_minimax(start, ORDERS["natural"])
    assert evaluations == EXPECTED[start]["evaluations"]
    assert value == EXPECTED[start]["value"]


@pytest.mark.parametrize("start", ["WB/BW", "WB/WB"])
@pytest.mark.parametrize("order", ["natural", "corners"])
def test_game_reproduces_the_source_counts(start: str, order: str) -> None:
    value, nodes, leaves = game_negamax(MiniReversi(start, order))
    assert leaves == EXPECTED[start]["evaluations"]
    assert value == EXPECTED[start]["value"]
    assert nodes == EXPECTED[start]["nodes"]


def test_is_a_game() -> None:
    game: Game[MiniReversiState, int] = MiniReversi()  # mypy checks the protocol here
    assert isinstance(game, Game)


def test_start_positions() -> None:
    crossed = MiniReversi("WB/BW")
    state = crossed.initial_state()
    assert crossed.text(state) == ". . . .\n. O X .\n. X O .\n. . . ."
    assert crossed.to_move(state) == FIRST
    assert state.empty == ORDERS["natural"]
    assert crossed.moves(state) == (8, 13, 22, 27)
    assert crossed.evaluate(state) == 0
    parallel = MiniReversi("WB/WB", "corners")
    state = parallel.initial_state()
    assert parallel.text(state) == ". . . .\n. O X .\n. O X .\n. . . ."
    assert state.empty == ORDERS["corners"]
    assert parallel.moves(state) == (7, 25, 13, 19)


def test_moves_follow_the_list_order() -> None:
    game = MiniReversi("WB/WB", (28, 27, 26, 25, 22, 19, 16, 13, 10, 9, 8, 7))
    assert game.moves(game.initial_state()) == (25, 19, 13, 7)


def test_a_move_flips_and_leaves_the_list() -> None:
    game = MiniReversi()
    state = game.result(game.initial_state(), 8)  # b1 flips b2 (square 14)
    assert game.text(state) == ". X . .\n. X X .\n. X O .\n. . . ."
    assert 8 not in state.empty and len(state.empty) == 11
    assert state.player == SECOND and not state.passed
    assert game.evaluate(state) == -3  # 4 - 1 for Black, seen by White


def test_flips_function() -> None:
    own = 1 << 15 | 1 << 20
    other = 1 << 14 | 1 << 21
    assert flips(own, other, 13) == 1 << 14
    assert flips(own, other, 7) == 0
    assert flips(own, other, 27) == 1 << 21


def _position(black: list[int], white: list[int], player: int, passed: bool) -> MiniReversiState:
    occupied = set(black) | set(white)
    return MiniReversiState(
        black=sum(1 << square for square in black),
        white=sum(1 << square for square in white),
        empty=tuple(square for square in ORDERS["natural"] if square not in occupied),
        player=player,
        passed=passed,
    )


def test_a_side_without_a_move_passes_once() -> None:
    game = MiniReversi()
    # White wiped out: neither side can move, but the list is not empty.
    state = _position([14, 15, 20, 21, 8], [], FIRST, False)
    assert game.moves(state) == (PASS,)
    assert not game.is_terminal(state)
    after_pass = game.result(state, PASS)
    assert after_pass.player == SECOND and after_pass.passed
    assert after_pass.black == state.black and after_pass.empty == state.empty
    # The first pass leads to the leaf: both sides passed in a row.
    assert game.is_terminal(after_pass)
    assert game.moves(after_pass) == ()
    assert game.utility(after_pass) == -5
    assert game.key(after_pass) != game.key(_position([14, 15, 20, 21, 8], [], SECOND, False))


def test_a_pass_then_a_real_move() -> None:
    game = MiniReversi()
    # Black b1 (8), White a1 (7), Black to move: a corner disc can never be enclosed, so Black
    # must pass; White can then enclose b1 by playing c1 (9).
    state = _position([8], [7], FIRST, False)
    assert game.legal_squares(state) == ()
    assert game.moves(state) == (PASS,)
    after_pass = game.result(state, PASS)
    assert after_pass.passed and not game.is_terminal(after_pass)
    assert game.moves(after_pass) == (9,)
    after = game.result(after_pass, 9)
    assert after.white == 1 << 7 | 1 << 8 | 1 << 9 and after.black == 0
    assert not after.passed and after.player == FIRST
    # Now neither side can move: Black passes, and the position after that pass is the leaf.
    assert game.moves(after) == (PASS,)
    assert game.is_terminal(game.result(after, PASS))


def test_after_a_pass_a_side_that_can_move_plays_on() -> None:
    game = MiniReversi()
    state = _position([8], [9], SECOND, True)  # the pass flag does not end a game by itself
    assert not game.is_terminal(state)
    assert game.moves(state) == (7,)


def test_full_board_is_terminal() -> None:
    game = MiniReversi()
    squares = [*ORDERS["natural"], 14, 15, 20, 21]
    state = _position(squares[:10], squares[10:], SECOND, False)
    assert state.empty == ()
    assert game.is_terminal(state) and game.moves(state) == ()
    assert game.utility(state) == -(10 - 6)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown start"):
        MiniReversi("BW/WB")
    with pytest.raises(ValueError, match="unknown order"):
        MiniReversi("WB/BW", "random")
    with pytest.raises(ValueError, match="12 squares"):
        MiniReversi("WB/BW", [7, 8, 9])
    with pytest.raises(ValueError, match="12 squares"):
        MiniReversi("WB/BW", [7, 8, 9, 10, 13, 16, 19, 22, 25, 26, 27, 14])


def test_names_and_parsing() -> None:
    game = MiniReversi()
    assert game.move_name(7) == "a1"
    assert game.move_name(28) == "d4"
    assert game.move_name(PASS) == "pass"
    assert game.parse_move("B1") == 8
    assert game.parse_move("13") == 13
    assert game.parse_move("pass") == PASS
    for junk in ["", "e1", "a5", "6", "29", "xx"]:
        with pytest.raises(ValueError, match="not a 4×4 reversi move"):
            game.parse_move(junk)


def test_illegal_moves_raise() -> None:
    game = MiniReversi()
    state = game.initial_state()
    with pytest.raises(IllegalMoveError):
        play(game, state, 7)  # flips nothing
    with pytest.raises(IllegalMoveError):
        play(game, state, 14)  # occupied
    with pytest.raises(IllegalMoveError):
        play(game, state, PASS)  # a side that can move may not pass
    with pytest.raises(IllegalMoveError):
        game.play_line("b1 b1")


def test_picture() -> None:
    game = MiniReversi()
    state = game.initial_state()
    svg = game.picture(state, last_move=None)._repr_svg_()
    assert svg.startswith("<svg") and "Black to move" in svg
    assert svg.count("<circle") == 4 + 4  # four discs and four legal-move dots
    assert ">28<" in svg and ">d<" in svg
