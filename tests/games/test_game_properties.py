"""Properties every game must have, checked along random playouts (seeded by hypothesis).

Every game of gamelib is checked: tic-tac-toe, 4×4 reversi, Othello, game graphs
(``GraphGame``), Cat and Mouse, chess (``ChessGame``) and explicit trees (``TreeGame``).
For each game and each position of a random game:

- ``result`` never changes the state it is given;
- ``moves`` is empty exactly when ``is_terminal`` says the game is over;
- values are antisymmetric: the same position with the other side to move has the opposite
  value (``evaluate`` always, ``utility`` at the end), where the game has such a mirror;
- equal positions have equal keys, different positions different keys;
- disc (or mark, token, piece) counts are consistent with the moves played;
- a side passes only when it has no other move, and then PASS is its only move;
- a move that is not legal, played through ``core.play``, raises ``IllegalMoveError``.

Where a game legitimately differs, its :class:`Case` says so (and a comment says why).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import FIRST, IllegalMoveError, play, play_random
from gamelib.games import minireversi, othello, tictactoe
from gamelib.games.chessgame import ChessGame
from gamelib.games.cyclic import PASS, CatAndMouse, GraphGame, ghi_example, random_cyclic_game
from gamelib.trees import TEXTBOOK, Tree, TreeGame, random_tree
from tests.helpers import (
    MINIREVERSI_GRID,
    OTHELLO_GRID,
    cyclic_games,
    naive_flips,
    naive_moves,
    scaled,
)

# ---------------------------------------------------------------------------------------------
# What each game must say about its own states, written independently of the game code.


def tictactoe_other_side(state: tictactoe.TicTacToeState) -> tictactoe.TicTacToeState:
    mover, other = state
    return (other, mover)


def tictactoe_counts(
    before: tictactoe.TicTacToeState, move: int, after: tictactoe.TicTacToeState
) -> None:
    mover, other = after
    assert mover & other == 0
    assert (mover | other).bit_count() == (before[0] | before[1]).bit_count() + 1
    assert after[1] == before[0] | 1 << move  # the mark went to the side that moved


def tictactoe_can_move(state: tictactoe.TicTacToeState) -> bool:
    mover, other = state
    lines = tictactoe.LINES
    finished = any(bits & line == line for bits in state for line in lines)
    return not finished and (mover | other) != 0b111_111_111


def tictactoe_illegal(state: tictactoe.TicTacToeState) -> list[int]:
    mover, other = state
    return [square for square in range(9) if (mover | other) >> square & 1] + [9, -1]


def mini_other_side(state: minireversi.MiniReversiState) -> minireversi.MiniReversiState:
    return state._replace(player=1 - state.player)


def mini_own_other(state: minireversi.MiniReversiState) -> tuple[int, int]:
    if state.player == 0:
        return state.black, state.white
    return state.white, state.black


def mini_counts(
    before: minireversi.MiniReversiState, move: int, after: minireversi.MiniReversiState
) -> None:
    assert after.black & after.white == 0
    discs = (after.black | after.white).bit_count()
    assert discs + len(after.empty) == 16
    occupied = after.black | after.white
    assert all(not occupied >> square & 1 for square in after.empty)
    assert after.player == 1 - before.player
    if move == minireversi.PASS:
        assert (after.black, after.white, after.empty) == (before.black, before.white, before.empty)
        assert after.passed
    else:
        own_before, other_before = mini_own_other(before)
        flipped = naive_flips(MINIREVERSI_GRID, own_before, other_before, move)
        assert flipped
        own_after = after.black if before.player == 0 else after.white
        assert own_after == own_before | flipped | 1 << move
        assert after.empty == tuple(square for square in before.empty if square != move)
        assert not after.passed


def mini_can_move(state: minireversi.MiniReversiState) -> bool:
    own, other = mini_own_other(state)
    return any(naive_flips(MINIREVERSI_GRID, own, other, square) for square in state.empty)


def mini_illegal(state: minireversi.MiniReversiState) -> list[int]:
    legal = set(minireversi.MiniReversi().legal_squares(state))
    illegal = [square for square in minireversi.PLAYABLE_SQUARES if square not in legal]
    if legal:
        illegal.append(minireversi.PASS)
    return [*illegal, 0, 35]


def othello_other_side(state: othello.OthelloState) -> othello.OthelloState:
    return othello.OthelloState(state.opponent, state.mover, 1 - state.player)


def othello_counts(before: othello.OthelloState, move: int, after: othello.OthelloState) -> None:
    assert after.black & after.white == 0
    assert after.player == 1 - before.player
    discs_before = (before.black | before.white).bit_count()
    if move == othello.PASS:
        assert (after.black, after.white) == (before.black, before.white)
    else:
        assert (after.black | after.white).bit_count() == discs_before + 1
        gained = after.opponent.bit_count() - before.mover.bit_count()
        lost = before.opponent.bit_count() - after.mover.bit_count()
        assert gained == lost + 1 and lost >= 1
        assert after.opponent & before.mover == before.mover  # the mover keeps all its discs


def othello_can_move(state: othello.OthelloState) -> bool:
    return bool(naive_moves(OTHELLO_GRID, state.mover, state.opponent))


def othello_illegal(state: othello.OthelloState) -> list[int]:
    legal = set(naive_moves(OTHELLO_GRID, state.mover, state.opponent))
    illegal = [square for square in range(64) if square not in legal][::7]
    if legal:
        illegal.append(othello.PASS)
    return [*illegal, 64]


# Games with cycles, chess and trees.


def graph_other_side(state: tuple[Hashable, int]) -> tuple[Hashable, int]:
    node, player = state
    return (node, 1 - player)


def graph_case(game: GraphGame) -> Case:
    """A game graph: a move takes the token along an edge; end nodes have no edge out."""

    def counts(before: tuple[Hashable, int], move: Hashable, after: tuple[Hashable, int]) -> None:
        assert game.graph.has_edge(before[0], after[0]) and after[0] == move
        assert after[1] == 1 - before[1]

    def can_move(state: tuple[Hashable, int]) -> bool:
        return game.graph.out_degree(state[0]) > 0

    def illegal(state: tuple[Hashable, int]) -> list[Hashable]:
        following = set(game.graph.successors(state[0]))
        return [node for node in game.graph if node not in following] + ["no such node"]

    # Cycles: a random playout may never reach an end node, so it stops after 60 plies.
    return Case(game, None, graph_other_side, counts, can_move, illegal, max_plies=60)


def cat_and_mouse_case(game: CatAndMouse) -> Case:
    """Cat and Mouse: one animal steps to a free neighbouring square, or passes."""
    rows = [line.split() for line in game.board.strip().splitlines()]
    cells = [(row, column) for row in range(len(rows)) for column in range(len(rows[0]))]

    def steps(cell: tuple[int, int]) -> list[tuple[int, int]]:
        row, column = cell
        around = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
        return [(r, c) for r, c in around if (r, c) in cells and rows[r][c] != "#"]

    def counts(before: Any, move: Any, after: Any) -> None:
        mouse, cat, player = before
        assert after[2] == 1 - player
        if move == PASS:
            assert after[:2] == (mouse, cat)
        elif player == FIRST:
            assert after[:2] == (move, cat) and move in steps(mouse)
        else:
            assert after[:2] == (mouse, move) and move in steps(cat)

    def can_move(state: Any) -> bool:
        mouse, cat, player = state
        if player == FIRST:  # the mouse may not step onto the cat
            return any(cell != cat for cell in steps(mouse))
        return any(rows[r][c] != "H" for r, c in steps(cat))  # the cat may not enter the hole

    def illegal(state: Any) -> list[Any]:
        legal = game.moves(state)
        return [cell for cell in cells if cell not in legal] + ([PASS] if PASS not in legal else [])

    # No mirror: a finished game is worth -1 to the player to move whoever that is (the game
    # ends right after the winner's move), so the same squares with the other side to move
    # are not the opposite position. Cycles: the playout stops after 60 plies.
    return Case(game, PASS, None, counts, can_move, illegal, max_plies=60)


def chess_position(board: chess.Board) -> Hashable:
    """What the rules compare for a repetition (the move counters are not part of it)."""
    en_passant = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.castling_rights, en_passant)


def chess_counts(before: chess.Board, move: chess.Move, after: chess.Board) -> None:
    assert after.turn != before.turn
    piece = before.piece_at(move.from_square)
    landed = after.piece_at(move.to_square)
    assert piece is not None and landed is not None
    assert piece.color == landed.color == before.turn
    assert landed.piece_type == (move.promotion or piece.piece_type)
    assert after.piece_at(move.from_square) is None
    assert len(after.piece_map()) in (len(before.piece_map()), len(before.piece_map()) - 1)
    assert len(after.piece_map(mask=after.occupied_co[before.turn])) == len(
        before.piece_map(mask=before.occupied_co[before.turn])
    )


def chess_can_move(board: chess.Board) -> bool:
    return not (board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material())


def chess_illegal(board: chess.Board) -> list[chess.Move]:
    legal = set(board.legal_moves)
    candidates = [chess.Move.null(), chess.Move(chess.A1, chess.H8), *board.pseudo_legal_moves]
    return [move for move in candidates if move not in legal]


def chess_case(fen: str) -> Case:
    # No mirror: turning the board over to the other side can make an illegal position (the
    # side not to move in check) or end the game (stalemate). Positions: the move counters
    # differ between equal positions, so the check compares what the rules compare. The
    # fifty-move rule and repetitions are left to the search: the playout stops at 60 plies.
    return Case(
        ChessGame(fen),
        None,
        None,
        chess_counts,
        chess_can_move,
        chess_illegal,
        position=chess_position,
        max_plies=60,
    )


def tree_case(tree: Tree) -> Case:
    """An explicit tree: a move is a child; the player to move alternates."""

    def counts(before: tuple[Tree, int], move: Tree, after: tuple[Tree, int]) -> None:
        assert any(child is after[0] for child in before[0].children) and after[0] == move
        assert after[1] == 1 - before[1]

    def illegal(state: tuple[Tree, int]) -> list[Tree]:
        children = state[0].children
        return [node for node, _ in tree.walk() if node not in children]

    # Inner nodes have no value (evaluate raises: a depth-limited search needs an evaluate
    # function), so values are checked at the leaves only. A tree whose leaf values are from
    # the mover's view has no mirror: the same leaf is worth the same to either side.
    mirror = graph_other_side if tree.perspective == "max" else None
    return Case(
        TreeGame(tree),
        None,
        mirror,
        counts,
        lambda state: bool(state[0].children),
        illegal,
        evaluates_inner=False,
    )


def identity(state: Any) -> Any:
    return state


@dataclass(frozen=True)
class Case:
    """A game and the independent facts the properties are checked against.

    Attributes:
        other_side: the same position with the other side to move, or None when the game
            has no such mirror (each case says why).
        position: what makes two states the same position (to check that keys tell
            different positions apart); the state itself by default.
        evaluates_inner: whether ``evaluate`` gives a value before the end.
        max_plies: where a playout stops when the game may never end (cycles); None: play
            to the end.
    """

    game: Any
    pass_move: Any
    other_side: Callable[[Any], Any] | None
    check_counts: Callable[[Any, Any, Any], None]
    can_move: Callable[[Any], bool]
    illegal_moves: Callable[[Any], list[Any]]
    position: Callable[[Any], Hashable] = identity
    evaluates_inner: bool = True
    max_plies: int | None = None


CASES = {
    "tictactoe": Case(
        tictactoe.TicTacToe(),
        None,
        tictactoe_other_side,
        tictactoe_counts,
        tictactoe_can_move,
        tictactoe_illegal,
    ),
    "minireversi-crossed": Case(
        minireversi.MiniReversi("WB/BW", "natural"),
        minireversi.PASS,
        mini_other_side,
        mini_counts,
        mini_can_move,
        mini_illegal,
    ),
    "minireversi-parallel": Case(
        minireversi.MiniReversi("WB/WB", "corners"),
        minireversi.PASS,
        mini_other_side,
        mini_counts,
        mini_can_move,
        mini_illegal,
    ),
    "othello": Case(
        othello.Othello(scoring="difference"),  # evaluate = utility at the end (official: no)
        othello.PASS,
        othello_other_side,
        othello_counts,
        othello_can_move,
        othello_illegal,
    ),
    "graph-ghi": graph_case(ghi_example()),
    "graph-random": graph_case(random_cyclic_game(5, 6, 11, 2)),
    "cat-and-mouse": cat_and_mouse_case(CatAndMouse()),
    "cat-and-mouse-cornered": cat_and_mouse_case(CatAndMouse("M C #\n# . .\n. . H")),
    "chess-perpetual-check": chess_case(ChessGame().fen),
    "chess-start": chess_case(chess.STARTING_FEN),
    "chess-queen-ending": chess_case("7k/8/6K1/8/8/8/8/6Q1 w - - 0 1"),
    "tree-textbook": tree_case(TEXTBOOK["alpha-beta-windows"]),
    "tree-random": tree_case(random_tree(11, 5, (1, 4))),
}


def check_playout(case: Case, generator: random.Random) -> None:
    game = case.game
    state = game.initial_state()
    seen: dict[Hashable, Any] = {}
    ply = 0
    while True:
        snapshot = copy.deepcopy(state)
        moves = tuple(game.moves(state))
        terminal = game.is_terminal(state)
        # moves empty exactly when terminal
        assert (moves == ()) == terminal
        # antisymmetric values
        valued = terminal or case.evaluates_inner
        mirrored = None if case.other_side is None else case.other_side(state)
        if mirrored is not None and mirrored != state:
            if valued:
                assert game.evaluate(mirrored) == -game.evaluate(state)
            if terminal:
                assert game.is_terminal(mirrored)
                assert game.utility(mirrored) == -game.utility(state)
        if terminal:
            assert game.evaluate(state) == game.utility(state)
        # keys: equal for equal positions (a rebuilt copy), different for different ones
        key = game.key(state)
        assert game.key(copy.deepcopy(state)) == key
        assert case.position(seen.setdefault(key, state)) == case.position(state)
        # passes only when there is no other move
        if case.pass_move is not None and case.pass_move in moves:
            assert moves == (case.pass_move,)
            assert not case.can_move(state)
        elif moves:
            assert case.can_move(state)
        # illegal moves are refused
        for move in case.illegal_moves(state)[:6]:
            with pytest.raises(IllegalMoveError):
                play(game, state, move)
        if terminal or ply == case.max_plies:
            break
        move = generator.choice(moves)
        after = game.result(state, move)
        assert state == snapshot  # result did not touch its input
        assert tuple(game.moves(state)) == moves
        case.check_counts(state, move, after)
        if move == case.pass_move and case.evaluates_inner:
            assert game.evaluate(after) == -game.evaluate(state)
        state = after
        ply += 1
    if terminal:
        assert tuple(game.moves(state)) == ()


@pytest.mark.parametrize("name", list(CASES))
@scaled(40)
@given(generator=st.randoms(use_true_random=False))
def test_random_playouts(name: str, generator: random.Random) -> None:
    check_playout(CASES[name], generator)


@scaled(100)
@given(game=cyclic_games(), generator=st.randoms(use_true_random=False))
def test_random_playouts_on_random_game_graphs(game: GraphGame, generator: random.Random) -> None:
    check_playout(graph_case(game), generator)


@settings(max_examples=30, deadline=None)
@given(generator=st.randoms(use_true_random=False))
def test_othello_keys_depend_only_on_the_position(generator: random.Random) -> None:
    """A position rebuilt from its discs has the same key, whatever moves led to it."""
    game = othello.Othello()
    state, _ = play_random(game, generator.randrange(0, 40), generator)
    rebuilt = othello.from_discs(state.black, state.white, state.player)
    assert rebuilt == state
    assert game.key(rebuilt) == game.key(state)


@settings(max_examples=30, deadline=None)
@given(generator=st.randoms(use_true_random=False))
def test_tictactoe_canonical_key_is_the_same_for_all_images(generator: random.Random) -> None:
    game = tictactoe.TicTacToe()
    state = game.initial_state()
    for _ in range(generator.randrange(0, 9)):
        moves = game.moves(state)
        if not moves:
            break
        state = game.result(state, generator.choice(moves))
    mover, other = state
    canonical = game.canonical_key(state)
    for permutation in tictactoe.SYMMETRIES:
        image = (
            sum(1 << permutation[square] for square in range(9) if mover >> square & 1),
            sum(1 << permutation[square] for square in range(9) if other >> square & 1),
        )
        assert game.canonical_key(image) == canonical
        assert game.evaluate(image) == game.evaluate(state)
        assert game.moves(image) == () or len(game.moves(image)) == len(game.moves(state))
