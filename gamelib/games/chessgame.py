"""Chess through the Game protocol, with python-chess (``pip install chess``).

:class:`ChessGame` is a thin adapter over :class:`chess.Board` so that gamelib's searches
can look at real chess positions. It exists for the repetitions chapter: a side about to be
mated saves itself by perpetual check, and only a search that detects repetitions sees it.

Conventions
-----------
* A **state** is a :class:`chess.Board`, treated as immutable: :meth:`ChessGame.result`
  copies the board (without its move stack) and plays the move on the copy.
* **Players**: White is :data:`~gamelib.core.FIRST`, Black :data:`~gamelib.core.SECOND`.
* **Moves** are :class:`chess.Move` objects, listed sorted by their UCI text (``"a5d8"``
  before ``"a5e5"``); :meth:`ChessGame.move_name` writes them in UCI, :func:`san_line`
  writes a line in the usual notation (``1. Qd8+ Ka7 2. Qa5+ Kb8``).
* **The end of the game**: checkmate (worth −1 to the mated side, the player to move),
  stalemate and insufficient material (0). The fifty-move rule and repetitions are left
  to the search (see :mod:`gamelib.search.repetition`).
* **Evaluation**: material (pawn 1, knight 3, bishop 3, rook 5, queen 9) of the player to
  move minus the opponent's, divided by 100, so that no material count (at most 0.39) is
  worth as much as a mate (1).
* **Key**: the first four fields of the FEN (pieces, side to move, castling rights, en
  passant square — written only when an en passant capture is legal): exactly what the
  rules compare to decide whether a position repeats. :meth:`ChessGame.is_check` reads a key
  back, for the rule that perpetual check loses.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import chess
import chess.svg

from gamelib.core import FIRST, SECOND, Player
from gamelib.games.boards import BoardPicture

PIECE_VALUES = {
    chess.PAWN: 1,
    chess.KNIGHT: 3,
    chess.BISHOP: 3,
    chess.ROOK: 5,
    chess.QUEEN: 9,
    chess.KING: 0,
}
"""Material values in pawns."""

PERPETUAL_CHECK_FEN = "1k6/1p6/8/Q7/8/6Pr/5q1P/7K w - - 0 1"
"""White to move is about to be mated but has a perpetual check.

White: king h1, queen a5, pawns g3 and h2. Black: king b8, queen f2, rook h3, pawn b7.
Black threatens mate in one (...Qf1#, ...Qxh2# and ...Rxh2#), and each of White's 17 moves
that is not a check allows a mate in one. But 1.Qd8+ Ka7
2.Qa5+ Kb8 is forced for Black and brings back the starting position: White draws by
perpetual check. Found by a search over random positions of this shape (see the tests).
"""


class ChessGame:
    """Chess from a given position (by default :data:`PERPETUAL_CHECK_FEN`).

    Args:
        fen: the starting position in FEN.

    Raises:
        ValueError: for a FEN that python-chess cannot read or a position that is not valid.
    """

    def __init__(self, fen: str = PERPETUAL_CHECK_FEN) -> None:
        board = chess.Board(fen)
        if not board.is_valid():
            raise ValueError(f"not a valid chess position: {fen!r} ({board.status()!r})")
        self.fen = fen

    def __repr__(self) -> str:
        return f"ChessGame({self.fen!r})"

    # ---- the Game protocol
    def initial_state(self) -> chess.Board:
        """The board of the starting FEN."""
        return chess.Board(self.fen)

    def to_move(self, state: chess.Board) -> Player:
        """White is FIRST, Black SECOND."""
        return FIRST if state.turn == chess.WHITE else SECOND

    def moves(self, state: chess.Board) -> Sequence[chess.Move]:
        """The legal moves sorted by UCI text; none after mate, stalemate or a bare board."""
        if state.is_insufficient_material():
            return ()
        return sorted(state.legal_moves, key=chess.Move.uci)

    def result(self, state: chess.Board, move: chess.Move) -> chess.Board:
        """A copy of the board with ``move`` played (the old board is not changed)."""
        board = state.copy(stack=False)
        board.push(move)
        return board

    def is_terminal(self, state: chess.Board) -> bool:
        """Checkmate, stalemate or insufficient material."""
        return state.is_insufficient_material() or not any(state.generate_legal_moves())

    def utility(self, state: chess.Board) -> float:
        """−1 when the player to move is checkmated, else 0 (a draw)."""
        return -1.0 if state.is_checkmate() else 0.0

    def evaluate(self, state: chess.Board) -> float:
        """The utility at the end; else the material balance for the mover, in pawns / 100."""
        if self.is_terminal(state):
            return self.utility(state)
        return material(state, state.turn) / 100

    def key(self, state: chess.Board) -> str:
        """The first four FEN fields: pieces, side to move, castling, en passant."""
        return " ".join(state.fen(en_passant="legal").split()[:4])

    def move_name(self, move: chess.Move) -> str:
        """The move in UCI notation (``"a5d8"``)."""
        return move.uci()

    # ---- hooks for repetitions
    def is_check(self, key: Hashable) -> bool:
        """Whether the player to move in the position with this key is in check."""
        return chess.Board(f"{key} 0 1").is_check()

    # ---- pictures
    def picture(
        self,
        state: chess.Board,
        *,
        last_move: chess.Move | None = None,
        size: int = 260,
    ) -> BoardPicture:
        """The board as SVG (``chess.svg.board``), a king in check marked red."""
        check = state.king(state.turn) if state.is_check() else None
        return BoardPicture(chess.svg.board(state, lastmove=last_move, check=check, size=size))


def material(board: chess.Board, colour: chess.Color) -> int:
    """The material of ``colour`` minus the opponent's, in pawns."""
    total = 0
    for piece_type, value in PIECE_VALUES.items():
        total += value * len(board.pieces(piece_type, colour))
        total -= value * len(board.pieces(piece_type, not colour))
    return total


def san_line(board: chess.Board, moves: Sequence[chess.Move]) -> str:
    """A line of moves in standard notation, numbered from ``board``'s position."""
    return board.variation_san(list(moves))


def mates_in_one(board: chess.Board) -> list[chess.Move]:
    """The moves that checkmate at once, in UCI order."""
    found = []
    for move in sorted(board.legal_moves, key=chess.Move.uci):
        board.push(move)
        if board.is_checkmate():
            found.append(move)
        board.pop()
    return found
