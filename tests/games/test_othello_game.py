"""Othello: start position, notation, perft, transpositions, Zobrist keys, passes, pictures."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import FIRST, SECOND, Game, IllegalMoveError, play
from gamelib.games.othello import (
    PASS,
    ZOBRIST_BLACK,
    ZOBRIST_WHITE,
    ZOBRIST_WHITE_TO_MOVE,
    Othello,
    OthelloState,
    flips,
    from_discs,
    legal_moves_mask,
    parse_move,
    perft,
    play_line,
    square_name,
    start_state,
    zobrist_key,
)
from tests.helpers import OTHELLO_GRID, naive_flips, naive_moves

GAME = Othello()


def reference_perft(state: OthelloState, depth: int) -> int:
    """perft through the Game protocol, one move at a time (no bulk counting)."""
    if depth == 0:
        return 1
    moves = GAME.moves(state)
    if not moves:
        return 1
    return sum(reference_perft(GAME.result(state, move), depth - 1) for move in moves)


# ---------------------------------------------------------------------------------------------


def test_is_a_game() -> None:
    game: Game[OthelloState, int] = GAME  # mypy checks the protocol here
    assert isinstance(game, Game)


def test_start_position() -> None:
    state = GAME.initial_state()
    assert state == start_state()
    assert GAME.to_move(state) == FIRST
    assert GAME.text(state).splitlines()[4:6] == ["4 . . . O X . . .", "5 . . . X O . . ."]
    assert [square_name(move) for move in GAME.moves(state)] == ["d3", "c4", "f5", "e6"]
    assert parse_move("f5") in GAME.moves(state)
    assert GAME.evaluate(state) == 0


def test_f5_flips_e5() -> None:
    state = GAME.result(GAME.initial_state(), parse_move("f5"))
    assert state.player == SECOND
    assert state.black == (
        1 << parse_move("d5") | 1 << parse_move("e4") | 1 << parse_move("e5") | 1 << 37
    )
    assert state.white == 1 << parse_move("d4")
    assert GAME.evaluate(state) == 1 - 4
    assert [square_name(move) for move in GAME.moves(state)] == ["f4", "d6", "f6"]


@pytest.mark.parametrize(
    ("text", "square"),
    [("a1", 0), ("h1", 7), ("a2", 8), ("f5", 37), ("F5", 37), (" h8 ", 63), ("pass", PASS)],
)
def test_notation(text: str, square: int) -> None:
    assert parse_move(text) == square
    assert square_name(square) == text.strip().lower()
    assert GAME.move_name(square) == text.strip().lower()


@pytest.mark.parametrize("junk", ["", "f", "f9", "i5", "5f", "f55", "ff", "pas", "-1", "f 5"])
def test_parse_move_rejects_junk(junk: str) -> None:
    with pytest.raises(ValueError, match="not an Othello move"):
        parse_move(junk)


def test_transposition_example() -> None:
    first = play_line("f5 d6 c3 d3 c4")
    second = play_line("f5 d6 c4 d3 c3")
    assert first == second
    assert (first.black, first.white) == (second.black, second.white)
    assert GAME.key(first) == GAME.key(second)
    assert first.player == SECOND
    # a different line reaches a different position, with a different key
    other = play_line("f5 d6 c3 d3 e3")
    assert other != first and GAME.key(other) != GAME.key(first)


def test_play_line_forms() -> None:
    expected = play_line("f5 d6 c3 d3 c4")
    assert play_line("f5d6c3d3c4") == expected
    assert play_line("1.f5 2.d6 3.c3 4.d3 5.c4") == expected
    assert play_line("F5, D6, C3, D3, C4") == expected
    assert play_line("d3 c4", play_line("f5 d6 c3")) == expected
    assert GAME.play_line("f5 d6 c3 d3 c4") == expected
    assert play_line("") == start_state()


def test_play_line_errors() -> None:
    with pytest.raises(ValueError, match="cannot read a move at 'z9'"):
        play_line("f5 z9")
    with pytest.raises(IllegalMoveError, match=r"move 2 \(a1\) is illegal"):
        play_line("f5 a1")
    with pytest.raises(IllegalMoveError):
        play_line("f5 pass")


def test_illegal_moves_through_core_play() -> None:
    state = GAME.initial_state()
    with pytest.raises(IllegalMoveError, match="legal moves are: d3, c4, f5, e6"):
        play(GAME, state, parse_move("a1"))
    with pytest.raises(IllegalMoveError):
        play(GAME, state, parse_move("d4"))  # occupied
    with pytest.raises(IllegalMoveError):
        play(GAME, state, PASS)


def test_perft_known_values() -> None:
    assert perft(0) == 1
    assert [perft(depth) for depth in range(1, 8)] == [4, 12, 56, 244, 1396, 8200, 55092]


def test_perft_agrees_with_the_game_protocol() -> None:
    state = play_line("f5 d6 c3 d3 c4")
    for depth in range(4):
        assert perft(depth, state) == reference_perft(state, depth)
    for depth in range(1, 6):
        assert perft(depth) == reference_perft(start_state(), depth)


def test_perft_rejects_negative_depth() -> None:
    with pytest.raises(ValueError, match="depth"):
        perft(-1)


def test_a_side_without_a_move_passes() -> None:
    # White a1, Black b1, Black to move: a corner disc cannot be enclosed, so Black passes;
    # White can play c1.
    state = from_discs(black=1 << 1, white=1 << 0, player=FIRST)
    assert legal_moves_mask(state.mover, state.opponent) == 0
    assert GAME.moves(state) == (PASS,)
    assert not GAME.is_terminal(state)
    after = GAME.result(state, PASS)
    assert after == from_discs(black=1 << 1, white=1 << 0, player=SECOND)
    assert GAME.moves(after) == (parse_move("c1"),)
    assert GAME.evaluate(after) == -GAME.evaluate(state)
    # perft counts the pass as a ply
    assert perft(1, state) == 1
    assert perft(2, state) == 1
    final = GAME.result(after, parse_move("c1"))
    assert final.black == 0
    assert GAME.is_terminal(final) and GAME.moves(final) == ()
    assert GAME.utility(final) == -64  # official scoring: the 61 empty squares go to White
    assert Othello(scoring="difference").utility(final) == -3
    assert perft(3, state) == 1


def test_game_ends_when_neither_side_can_move() -> None:
    full = from_discs(black=(1 << 64) - 1 - 1, white=1, player=SECOND)
    assert GAME.is_terminal(full)
    assert GAME.moves(full) == ()
    assert GAME.utility(full) == 1 - 63
    assert perft(3, full) == 1


def test_from_discs_rejects_overlap() -> None:
    with pytest.raises(ValueError, match="cannot hold"):
        from_discs(3, 1, FIRST)


def test_zobrist_keys_are_fixed() -> None:
    # Fixed seed: the same numbers on every machine. These values pin them down.
    assert ZOBRIST_BLACK[0] == 0x0635EF3CD5C35877
    assert ZOBRIST_WHITE_TO_MOVE == 0xBDBCC0C08F4C6409
    assert GAME.key(start_state()) == 0xF4DF18C49A745228


def test_zobrist_key_is_the_xor_of_its_numbers() -> None:
    for state in (start_state(), play_line("f5 d6 c3 d3 c4"), play_line("f5 f6 e6 f4")):
        expected = ZOBRIST_WHITE_TO_MOVE if state.player == SECOND else 0
        for square in range(64):
            if state.black >> square & 1:
                expected ^= ZOBRIST_BLACK[square]
            if state.white >> square & 1:
                expected ^= ZOBRIST_WHITE[square]
        assert GAME.key(state) == expected
    same_board = start_state()
    assert zobrist_key(same_board.black, same_board.white, SECOND) != GAME.key(same_board)


def _random_boards(seed: int, count: int) -> list[tuple[int, int]]:
    generator = random.Random(seed)
    boards = []
    for _ in range(count):
        occupied = generator.getrandbits(64) | generator.getrandbits(64)
        mover = occupied & generator.getrandbits(64)
        boards.append((mover, occupied ^ mover))
    return boards


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_bitboard_moves_and_flips_match_the_slow_walk(seed: int) -> None:
    for mover, opponent in _random_boards(seed, 5):
        moves = legal_moves_mask(mover, opponent)
        assert moves == sum(1 << square for square in naive_moves(OTHELLO_GRID, mover, opponent))
        for square in range(64):
            if not (mover | opponent) >> square & 1:
                expected = naive_flips(OTHELLO_GRID, mover, opponent, square)
                assert flips(mover, opponent, square) == expected


def test_picture() -> None:
    state = play_line("f5")
    svg = GAME.picture(state, last_move=parse_move("f5"))._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "White to move" in svg and "Black 4 – White 1" in svg
    for label in "abcdefgh12345678":
        assert f">{label}</text>" in svg
    assert svg.count("<circle") == 5 + 3  # five discs, three legal-move dots
    assert 'stroke="red"' in svg
