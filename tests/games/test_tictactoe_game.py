"""Tic-tac-toe: known counts, rules, symmetry, names, pictures."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gamelib.core import FIRST, SECOND, Game, IllegalMoveError, play
from gamelib.games.tictactoe import (
    EMPTY_SQUARES,
    HAS_LINE,
    LINES,
    SYMMETRIES,
    SYMMETRY_TABLES,
    TicTacToe,
    TicTacToeState,
    board_svg,
    count_tree_nodes_by_walking,
    game_tree_counts,
    parse_move,
)
from gamelib.search import ALGORITHMS, minimax, negamax
from gamelib.search.common import SearchResult

GAME = TicTacToe()


def test_is_a_game() -> None:
    game: Game[TicTacToeState, int] = GAME  # mypy checks the protocol here
    assert isinstance(game, Game)


def test_known_counts() -> None:
    counts = game_tree_counts()
    assert counts.nodes == 549_946
    assert counts.finished_games == 255_168
    assert counts.positions == 5_478
    assert counts.positions_up_to_symmetry == 765
    assert counts.first_player_wins == 131_184
    assert counts.second_player_wins == 77_904
    assert counts.draws == 46_080
    assert counts.first_player_wins + counts.second_player_wins + counts.draws == 255_168


def test_counts_by_walking_every_node_agree() -> None:
    assert count_tree_nodes_by_walking() == (549_946, 255_168)


@pytest.mark.parametrize("search", ALGORITHMS, ids=lambda search: search.__name__)
def test_every_search_solves_tic_tac_toe_as_a_draw(search: Callable[..., SearchResult]) -> None:
    result = search(GAME)
    assert result.value == 0
    if search in (minimax, negamax):
        assert result.stats.nodes == 549_946
        assert result.stats.leaves == 255_168


def test_start() -> None:
    state = GAME.initial_state()
    assert state == (0, 0)
    assert GAME.to_move(state) == FIRST
    assert GAME.moves(state) == tuple(range(9))
    assert not GAME.is_terminal(state)
    assert GAME.evaluate(state) == 0


def test_moves_swap_the_sides() -> None:
    state = GAME.result(GAME.initial_state(), 4)
    assert state == (0, 1 << 4)
    assert GAME.to_move(state) == SECOND
    assert GAME.moves(state) == (0, 1, 2, 3, 5, 6, 7, 8)
    state = GAME.result(state, 0)
    assert state == (1 << 4, 1 << 0)
    assert GAME.to_move(state) == FIRST


def test_a_win_is_a_loss_for_the_player_to_move() -> None:
    state = GAME.play_line("a1 a2 b1 b2 c1")  # X completes row 1
    assert GAME.is_terminal(state)
    assert GAME.moves(state) == ()
    assert GAME.to_move(state) == SECOND
    assert GAME.utility(state) == -1
    assert GAME.evaluate(state) == -1
    assert GAME.winner(state) == FIRST
    assert GAME.text(state) == "X X X\nO O .\n. . ."


def test_second_player_win() -> None:
    state = GAME.play_line("a1 b2 c1 b1 c3 b3")  # O completes column b
    assert GAME.winner(state) == SECOND
    assert GAME.to_move(state) == FIRST
    assert GAME.utility(state) == -1


def test_a_full_board_without_a_line_is_a_draw() -> None:
    state = GAME.play_line("b2 a1 c1 a3 a2 c2 b1 b3 c3")
    assert GAME.is_terminal(state)
    assert GAME.winner(state) is None
    assert GAME.utility(state) == 0


def test_tables() -> None:
    assert len(LINES) == 8
    assert sum(HAS_LINE) == sum(
        1 for bits in range(512) if any(bits & line == line for line in LINES)
    )
    assert EMPTY_SQUARES[0] == tuple(range(9))
    assert EMPTY_SQUARES[511] == ()
    assert EMPTY_SQUARES[0b000_010_001] == (1, 2, 3, 5, 6, 7, 8)
    assert SYMMETRIES[0] == tuple(range(9))
    assert len(set(SYMMETRIES)) == 8
    for permutation in SYMMETRIES:
        assert sorted(permutation) == list(range(9))
        assert permutation[4] == 4  # the centre stays
        # a symmetry maps lines to lines
        table = SYMMETRY_TABLES[SYMMETRIES.index(permutation)]
        assert {table[line] for line in LINES} == set(LINES)


def test_canonical_key_joins_the_eight_images() -> None:
    corner = GAME.result(GAME.initial_state(), 0)
    images = {GAME.result(GAME.initial_state(), square) for square in (0, 2, 6, 8)}
    assert len({GAME.canonical_key(state) for state in images}) == 1
    edge = GAME.result(GAME.initial_state(), 1)
    assert GAME.canonical_key(edge) != GAME.canonical_key(corner)
    assert GAME.key(corner) == corner


@pytest.mark.parametrize(("text", "square"), [("a1", 0), ("B2", 4), ("c3", 8), (" 5 ", 5)])
def test_parse_move(text: str, square: int) -> None:
    assert parse_move(text) == square
    assert GAME.move_name(square) == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"][square]


@pytest.mark.parametrize("junk", ["", "d1", "a4", "9", "-1", "b 2", "pass"])
def test_parse_move_rejects_junk(junk: str) -> None:
    with pytest.raises(ValueError, match="not a tic-tac-toe square"):
        parse_move(junk)


def test_illegal_moves_raise() -> None:
    state = GAME.result(GAME.initial_state(), 4)
    with pytest.raises(IllegalMoveError, match="illegal move"):
        play(GAME, state, 4)
    with pytest.raises(IllegalMoveError):
        play(GAME, state, 9)
    finished = GAME.play_line("a1 a2 b1 b2 c1")
    with pytest.raises(IllegalMoveError, match="game is over"):
        play(GAME, finished, 8)
    with pytest.raises(IllegalMoveError):
        GAME.play_line("b2 b2")


def test_picture() -> None:
    state = GAME.play_line("a1 a2 b1 b2 c1")
    svg = board_svg(state, size=300, indices=True)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "X wins" in svg
    assert "4 b2" in svg
    picture = GAME.picture(GAME.initial_state())
    assert "X to move" in picture._repr_svg_()
    assert str(picture) == picture.svg


def test_a_line_with_an_illegal_word_names_the_word_and_the_legal_moves() -> None:
    with pytest.raises(
        IllegalMoveError, match=r"'b2': illegal move 4; the legal moves are: a1, b1"
    ):
        GAME.play_line("b2 b2")
    with pytest.raises(IllegalMoveError, match="'c3': the game is over"):
        GAME.play_line("a1 a2 b1 b2 c1 c3")
    assert GAME.play_line("b2, a1") == GAME.result(GAME.result(GAME.initial_state(), 4), 0)
