"""Reversi on a 4×4 board: the evaluation-counting experiment of the source material.

Rules
-----
Reversi (Othello) on a 4×4 board. Black (:data:`~gamelib.core.FIRST`) and White take turns
putting a disc of their colour on an empty square. A move must *outflank*: in at least one of
the 8 directions, the new disc and another disc of the mover's colour must enclose an unbroken
row of the opponent's discs; every enclosed disc, in every direction, turns over to the
mover's colour. A side with no such move must **pass**, and its only move is :data:`PASS`.
The final score is black discs − white discs.

Board
-----
As in the source, the board sits inside a one-square border on a 6×6 grid numbered row by
row, so that a step in any direction is adding a fixed number (±1, ±5, ±6, ±7) and a walk
off the board always stops on an empty border square::

     0  1  2  3  4  5               a  b  c  d
     6 [7  8  9 10] 11          1   7  8  9 10
    12 [13 14 15 16] 17         2  13 14 15 16
    18 [19 20 21 22] 23         3  19 20 21 22
    24 [25 26 27 28] 29         4  25 26 27 28
    30 31 32 33 34 35

A move is a square number (7–28, an ``int``) or :data:`PASS` (-1). ``move_name`` writes a
square as a letter for the column (``a``–``d``, left to right) and a number for the row
(``1``–``4``, top to bottom): 7 is ``"a1"``, 28 is ``"d4"``.

Two starting positions fill the centre squares 14 15 / 20 21:

* ``"WB/BW"``: 14 white, 15 black, 20 black, 21 white (the usual crossed start);
* ``"WB/WB"``: 14 white, 15 black, 20 white, 21 black (the parallel start).

Black moves first in both.

The list of empty squares
-------------------------
The source's program keeps a list of the empty squares and tries moves in the order of that
list; a square is removed from the list when a disc is put on it. The order of the list is
fixed when the game is made (``order=``):

* ``"natural"``: 7 8 9 10 13 16 19 22 25 26 27 28 (row by row);
* ``"corners"``: 7 10 25 28 8 9 13 16 19 22 26 27 (the four corners first);
* or any explicit sequence of the 12 squares that are empty at the start.

:meth:`MiniReversi.moves` lists the legal moves in that order.

End of the game (the reading that reproduces the source's counts)
-----------------------------------------------------------------
The source says: the game ends when the list is empty or when both sides pass in a row; a side
with no legal move passes. Its figures are 60,060 evaluations for plain minimax from WB/BW
and 67,116 from WB/WB, where an evaluation is made at a full board or after two passes. This
module reads those rules as follows, and a test checks both figures:

1. When the list is empty (the board is full) the game is over.
2. Otherwise, if the side to move has a legal move it must play one.
3. If it has none and the previous move was **not** a pass, it passes: its only move is
   :data:`PASS`, and the position after it remembers that a pass was just played.
4. If it has none and the previous move **was** a pass, the game is over: both sides passed
   in a row. This position — reached by the first pass — is the leaf that is evaluated;
   the second pass is never played as a move.

So a position where the list is not empty but neither side can move (for example when one
colour has been wiped out) is *not* a leaf itself: the side to move passes, and the leaf is
the position after that pass. In the tree this is one extra node on a single path, so it
changes neither the number of leaves nor any value, only the number of nodes; the leaf counts
60,060 and 67,116 come out exactly under this reading (and would also come out if such a
position were made a leaf directly, which is what full-size Othello does: see
:mod:`gamelib.games.othello`).

A state therefore carries everything this rule needs: the board, the remaining list, the side
to move and whether the previous move was a pass (:class:`MiniReversiState`).

Values
------
``evaluate`` and ``utility`` are both black discs − white discs, negated when White is to move
(the negamax convention of :mod:`gamelib.core`). Empty squares count for nobody.

Root values, found by plain minimax (a test checks them): from ``"WB/BW"`` the value is **-8**
for Black (with best play White ends 8 discs ahead); from ``"WB/WB"`` it is **-3**. The whole
game tree has 231,301 nodes (60,060 leaves) from WB/BW and 255,741 nodes (67,116 leaves) from
WB/WB. The move order changes how much an alpha-beta search must look at, never a value.

Keys
----
:meth:`MiniReversi.key` is the exact tuple ``(black, white, player, passed)``: two bit sets of
squares, the side to move and the pass flag. It needs no hashing tricks (the board has only 16
squares) and can never collide. The remaining list is left out because it is fixed by the
board and the game's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal, NamedTuple

from gamelib.core import FIRST, SECOND, Player, play_words
from gamelib.games.boards import BoardPicture, disc_board_svg
from gamelib.language import Language, resolve

PASS: Final = -1
"""The pass move, the only move of a side that has no legal move."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "draw": {"en": "game over: draw", "ja": "終局：引き分け"},
    "Black wins": {"en": "game over: Black wins by {discs}", "ja": "終局：黒の {discs} 石差の勝ち"},
    "White wins": {"en": "game over: White wins by {discs}", "ja": "終局：白の {discs} 石差の勝ち"},
    "Black to move": {"en": "Black to move", "ja": "黒の手番"},
    "White to move": {"en": "White to move", "ja": "白の手番"},
    "passed": {"en": "{caption} (the other side passed)", "ja": "{caption}（相手はパスしました）"},
}
"""The words of the board pictures' captions, in English and Japanese."""

PLAYABLE_SQUARES: tuple[int, ...] = (7, 8, 9, 10, 13, 14, 15, 16, 19, 20, 21, 22, 25, 26, 27, 28)
"""The 16 squares of the 4×4 board, numbered on the 6×6 grid with its border."""

DIRECTIONS: tuple[int, ...] = (-7, -6, -5, -1, 1, 5, 6, 7)
"""The 8 directions as steps on the 6×6 grid (up-left, up, up-right, left, …)."""


def _useful_directions(square: int) -> tuple[int, ...]:
    """The directions from ``square`` with room for at least two more squares of the board.

    A move can only flip along such a direction: one or more opponent discs, then an own disc.
    """
    result = []
    for direction in DIRECTIONS:
        first, second = square + direction, square + 2 * direction
        if first in PLAYABLE_SQUARES and second in PLAYABLE_SQUARES:
            result.append(direction)
    return tuple(result)


USEFUL_DIRECTIONS: dict[int, tuple[int, ...]] = {
    square: _useful_directions(square) for square in PLAYABLE_SQUARES
}
"""For each square, the directions along which a disc put there could flip anything."""

ORDERS: dict[str, tuple[int, ...]] = {
    "natural": (7, 8, 9, 10, 13, 16, 19, 22, 25, 26, 27, 28),
    "corners": (7, 10, 25, 28, 8, 9, 13, 16, 19, 22, 26, 27),
}
"""The two orders of the list of empty squares used by the source."""

STARTS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "WB/BW": ((15, 20), (14, 21)),
    "WB/WB": ((15, 21), (14, 20)),
}
"""The two starting positions as ``(black squares, white squares)``."""

SQUARE_NAMES: dict[int, str] = {
    square: "abcd"[square % 6 - 1] + str(square // 6) for square in PLAYABLE_SQUARES
}
"""The name of each square: ``SQUARE_NAMES[7] == "a1"``, ``SQUARE_NAMES[28] == "d4"``."""


class MiniReversiState(NamedTuple):
    """A position of 4×4 reversi.

    Attributes:
        black: The squares with a black disc, as a bit set (bit ``s`` is square ``s``).
        white: The squares with a white disc, as a bit set.
        empty: The empty squares, in the game's order (the source's list).
        player: The side to move: FIRST (Black) or SECOND (White).
        passed: Whether the previous move was a pass.
    """

    black: int
    white: int
    empty: tuple[int, ...]
    player: Player
    passed: bool

    def _repr_svg_(self) -> str:
        """The board for Jupyter (see :func:`board_svg`)."""
        return board_svg(self)


def flips(own: int, other: int, square: int) -> int:
    """The discs that turn over when the owner of ``own`` puts a disc on ``square``.

    Args:
        own: Bit set of the mover's discs.
        other: Bit set of the opponent's discs.
        square: An empty square.

    Returns:
        The bit set of the opponent's discs that turn over (0 when the move is illegal).
    """
    flipped = 0
    for direction in USEFUL_DIRECTIONS[square]:
        run = 0
        next_square = square + direction
        while other >> next_square & 1:
            run |= 1 << next_square
            next_square += direction
        if run and own >> next_square & 1:
            flipped |= run
    return flipped


def legal_squares(state: MiniReversiState) -> tuple[int, ...]:
    """The squares of ``state.empty`` where the side to move can play, in list order."""
    black, white, empty, player, _ = state
    own, other = (black, white) if player == FIRST else (white, black)
    return tuple(square for square in empty if flips(own, other, square))


def is_over(state: MiniReversiState) -> bool:
    """Whether the game is over: a full board, or no move for the side to move after a pass."""
    if not state.empty:
        return True
    return state.passed and not legal_squares(state)


def _parse_square(text: str) -> int:
    cleaned = text.strip().lower()
    for square, name in SQUARE_NAMES.items():
        if name == cleaned:
            return square
    if cleaned.isdigit() and int(cleaned) in SQUARE_NAMES:
        return int(cleaned)
    if cleaned == "pass":
        return PASS
    raise ValueError(
        f"not a 4×4 reversi move: {text!r} "
        "(expected a square a1–d4, a square number 7–28, or 'pass')"
    )


class MiniReversi:
    """4×4 reversi as a :class:`~gamelib.core.Game` (rules in the module docstring).

    Args:
        start: ``"WB/BW"`` or ``"WB/WB"``, the centre of the starting position.
        order: ``"natural"``, ``"corners"``, or a sequence of the 12 squares that are empty at
            the start, in the order the moves are to be tried.

    Raises:
        ValueError: for an unknown start or order, or an order that is not the 12 empty
            squares each exactly once.
    """

    def __init__(
        self,
        start: Literal["WB/BW", "WB/WB"] | str = "WB/BW",
        order: Literal["natural", "corners"] | str | Sequence[int] = "natural",
    ) -> None:
        if start not in STARTS:
            raise ValueError(f"unknown start {start!r}; expected one of {sorted(STARTS)}")
        if isinstance(order, str):
            if order not in ORDERS:
                raise ValueError(f"unknown order {order!r}; expected one of {sorted(ORDERS)}")
            squares = ORDERS[order]
            self.order_name = order
        else:
            squares = tuple(order)
            self.order_name = "custom"
        if sorted(squares) != sorted(ORDERS["natural"]):
            raise ValueError(
                f"an order must list the 12 squares {' '.join(map(str, ORDERS['natural']))} "
                f"each once; got {list(squares)}"
            )
        self.start = start
        self.order: tuple[int, ...] = squares
        self.name = f"4×4 reversi ({start}, {self.order_name} order)"

    def initial_state(self) -> MiniReversiState:
        """The starting position, Black to move, with the full list of empty squares."""
        black_squares, white_squares = STARTS[self.start]
        return MiniReversiState(
            black=sum(1 << square for square in black_squares),
            white=sum(1 << square for square in white_squares),
            empty=self.order,
            player=FIRST,
            passed=False,
        )

    def to_move(self, state: MiniReversiState) -> Player:
        """The side to move: FIRST (Black) or SECOND (White)."""
        return state.player

    def legal_squares(self, state: MiniReversiState) -> tuple[int, ...]:
        """The squares where the side to move can play, in list order (no pass)."""
        return legal_squares(state)

    def moves(self, state: MiniReversiState) -> tuple[int, ...]:
        """The legal squares in list order; ``(PASS,)`` if none; ``()`` when the game is over."""
        if not state.empty:
            return ()
        legal = legal_squares(state)
        if legal:
            return legal
        if state.passed:
            return ()
        return (PASS,)

    def result(self, state: MiniReversiState, move: int) -> MiniReversiState:
        """Play ``move`` (a legal square or PASS); the other side is to move next."""
        black, white, empty, player, _ = state
        if move == PASS:
            return MiniReversiState(black, white, empty, 1 - player, True)
        remaining = tuple(square for square in empty if square != move)
        bit = 1 << move
        if player == FIRST:
            flipped = flips(black, white, move)
            return MiniReversiState(
                black | bit | flipped, white ^ flipped, remaining, SECOND, False
            )
        flipped = flips(white, black, move)
        return MiniReversiState(black ^ flipped, white | bit | flipped, remaining, FIRST, False)

    def is_terminal(self, state: MiniReversiState) -> bool:
        """Full board, or the side to move cannot play right after a pass."""
        return is_over(state)

    def disc_difference(self, state: MiniReversiState) -> int:
        """Black discs − white discs (from Black's view, whoever is to move)."""
        return state.black.bit_count() - state.white.bit_count()

    def utility(self, state: MiniReversiState) -> int:
        """Black − white discs, negated when White is to move."""
        difference = state.black.bit_count() - state.white.bit_count()
        return difference if state.player == FIRST else -difference

    def evaluate(self, state: MiniReversiState) -> int:
        """The same disc difference as :meth:`utility`, for any position."""
        difference = state.black.bit_count() - state.white.bit_count()
        return difference if state.player == FIRST else -difference

    def key(self, state: MiniReversiState) -> tuple[int, int, Player, bool]:
        """The exact tuple ``(black, white, player, passed)``."""
        return (state.black, state.white, state.player, state.passed)

    def move_name(self, move: int) -> str:
        """``"pass"`` or the square's name (``7 -> "a1"``)."""
        return "pass" if move == PASS else SQUARE_NAMES[move]

    def parse_move(self, text: str) -> int:
        """Read ``"b2"``, ``"14"`` or ``"pass"``.

        Raises:
            ValueError: for anything else.
        """
        return _parse_square(text)

    def play_line(self, text: str, state: MiniReversiState | None = None) -> MiniReversiState:
        """Play moves written like ``"a2 a1 pass"`` from ``state`` (default: the start).

        Raises:
            ValueError: for a word that is not a move.
            IllegalMoveError: for a move that is not legal where it is played.
        """
        return play_words(self, text, _parse_square, state)

    def text(self, state: MiniReversiState) -> str:
        """The board as 4 lines of text: ``X`` black, ``O`` white, ``.`` empty."""
        lines = []
        for row in range(1, 5):
            cells = []
            for column in range(1, 5):
                square = row * 6 + column
                if state.black >> square & 1:
                    cells.append("X")
                elif state.white >> square & 1:
                    cells.append("O")
                else:
                    cells.append(".")
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def picture(
        self,
        state: MiniReversiState,
        *,
        size: float = 240,
        marks: bool = True,
        numbers: bool = True,
        last_move: int | None = None,
        language: str | None = None,
    ) -> BoardPicture:
        """A picture of the position that Jupyter draws (see :func:`board_svg`)."""
        return BoardPicture(
            board_svg(
                state,
                size=size,
                marks=marks,
                numbers=numbers,
                last_move=last_move,
                language=language,
            )
        )


def _cell(square: int) -> tuple[int, int]:
    return square // 6 - 1, square % 6 - 1


def board_svg(
    state: MiniReversiState,
    *,
    size: float = 240,
    marks: bool = True,
    numbers: bool = True,
    last_move: int | None = None,
    language: str | None = None,
) -> str:
    """Draw a 4×4 reversi position as SVG.

    Args:
        state: The position.
        size: Width of the picture in pixels.
        marks: Whether to put a dot on each legal move.
        numbers: Whether to write the source's square numbers (7–28) in the corners.
        last_move: A square to outline, for example the move just played.
        language: The language of the caption ("Black to move", "game over: draw"; None: the
            course-wide setting).

    Returns:
        The SVG document as a string.
    """
    texts = {name: entry[resolve(language)] for name, entry in WORDS.items()}
    over = is_over(state)
    legal = legal_squares(state) if marks and not over else ()
    if over:
        difference = state.black.bit_count() - state.white.bit_count()
        winner = "Black wins" if difference > 0 else "White wins"
        caption = texts["draw"] if difference == 0 else texts[winner].format(discs=abs(difference))
    else:
        caption = texts["Black to move" if state.player == FIRST else "White to move"]
        if state.passed:
            caption = texts["passed"].format(caption=caption)
    return disc_board_svg(
        4,
        4,
        [_cell(square) for square in PLAYABLE_SQUARES if state.black >> square & 1],
        [_cell(square) for square in PLAYABLE_SQUARES if state.white >> square & 1],
        marks=[_cell(square) for square in legal],
        highlight=[] if last_move is None or last_move == PASS else [_cell(last_move)],
        size=size,
        square_labels={_cell(square): str(square) for square in PLAYABLE_SQUARES}
        if numbers
        else None,
        caption=caption,
    )
