"""The features of the learned Othello evaluation: numbers a student can read off a board.

Every feature is *the mover's count minus the opponent's*, from the view of the player to
move, so a position and the same position with the colours swapped have opposite features
(except :data:`BIAS`, always 1). Every feature is unchanged by the 8 symmetries of the board
(rotations and reflections): the squares are grouped by symmetry, and the other counts
(moves, frontier discs, quarters of the board) do not depend on how the board is turned.

* **Ten square classes** (:data:`SQUARE_CLASSES`): the 64 squares fall into 10 groups that
  the board's symmetries map onto each other — the corners (a1), the C-squares (b1), the
  A-squares (c1), the B-squares (d1), the X-squares (b2), and five inner groups. The feature
  of a class is the mover's discs on it minus the opponent's. Fitted weights for these ten
  are a learned version of :data:`~gamelib.games.othello.SQUARE_WEIGHTS`; summed over all
  ten classes they are the disc difference.
* **Mobility**: the mover's legal moves minus the opponent's.
* **Frontier**: the mover's discs next to an empty square minus the opponent's (a disc on the
  frontier gives the other side moves later: *potential mobility*).
* **X next to an empty corner** and **C next to an empty corner**: the mover's discs on an
  X-square (C-square) whose corner is still empty, minus the opponent's (the danger the
  square weights only guess at, counted only while it is real).
* **Region parity**: the quarters of the board (notebook 09's regions) with an odd number of
  empty squares in which the mover can play, minus those in which the opponent can.
* **Bias**: 1 — the fitted constant of a phase (the advantage of having the move).
"""

from __future__ import annotations

from typing import Final

from gamelib.endgame.ordering import QUADRANTS
from gamelib.games.othello import FULL, OthelloState, legal_moves_mask

NOT_A_COLUMN: Final = 0xFEFEFEFEFEFEFEFE
"""Every square but column a (where a shift to the right must not land)."""

NOT_H_COLUMN: Final = 0x7F7F7F7F7F7F7F7F
"""Every square but column h (where a shift to the left must not land)."""


def _symmetric_squares(column: int, row: int) -> int:
    """The bitboard of the squares that the board's 8 symmetries map ``(column, row)`` to."""
    mask = 0
    for x, y in ((column, row), (row, column)):
        for mirrored_x in (x, 7 - x):
            for mirrored_y in (y, 7 - y):
                mask |= 1 << (8 * mirrored_y + mirrored_x)
    return mask


SQUARE_CLASSES: Final[tuple[tuple[str, int], ...]] = tuple(
    (name, _symmetric_squares("abcd".index(name[0]), int(name[1]) - 1))
    for name in ("a1", "b1", "c1", "d1", "b2", "c2", "d2", "c3", "d3", "d4")
)
"""The ten classes of squares, each named by its square in the a1 quarter, with its
bitboard: a1 the corners, b1 the C-squares, c1 and d1 the other edge squares, b2 the
X-squares, c2 d2 the rest of the second ring, c3 d3 d4 the centre."""

CORNER_NEIGHBOURS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (1 << corner, 1 << x_square, 1 << c_one | 1 << c_two)
    for corner, x_square, c_one, c_two in ((0, 9, 1, 8), (7, 14, 6, 15), (56, 49, 57, 48),
                                           (63, 54, 62, 55))
)  # fmt: skip
"""For each corner: its bit, its X-square's bit and its two C-squares' bits."""

FEATURE_NAMES: Final[tuple[str, ...]] = (
    *(f"squares {name}" for name, _ in SQUARE_CLASSES),
    "mobility",
    "frontier",
    "X next to empty corner",
    "C next to empty corner",
    "region parity",
    "bias",
)
"""The names of the features, in the order :func:`features` gives them."""

BIAS: Final = len(FEATURE_NAMES) - 1
"""The index of the constant feature (always 1)."""


def neighbours(squares: int) -> int:
    """The squares next to (in any of the 8 directions) at least one square of ``squares``."""
    right = (squares << 1) & NOT_A_COLUMN
    left = (squares >> 1) & NOT_H_COLUMN
    row = squares | right | left
    return (right | left | row << 8 | row >> 8) & FULL


def region_parity(mover_moves: int, opponent_moves: int, empty: int) -> int:
    """Quarters of the board (:data:`~gamelib.endgame.ordering.QUADRANTS`) with an odd number
    of ``empty`` squares holding a move of the mover, less those holding one of the
    opponent's; between −4 and 4."""
    value = 0
    for quadrant in QUADRANTS:
        if (empty & quadrant).bit_count() & 1:
            value += bool(mover_moves & quadrant) - bool(opponent_moves & quadrant)
    return value


def features(state: OthelloState) -> tuple[int, ...]:
    """The features of a position, in the order of :data:`FEATURE_NAMES`.

    Guarantee: every value is the same for the 8 rotations and reflections of the position,
    and (but for the bias, 1) changes sign when the two sides' discs are swapped.
    """
    mover, opponent, _ = state
    empty = FULL ^ (mover | opponent)
    values = [
        (mover & squares).bit_count() - (opponent & squares).bit_count()
        for _, squares in SQUARE_CLASSES
    ]
    mover_moves = legal_moves_mask(mover, opponent)
    opponent_moves = legal_moves_mask(opponent, mover)
    values.append(mover_moves.bit_count() - opponent_moves.bit_count())
    next_to_empty = neighbours(empty)
    values.append((mover & next_to_empty).bit_count() - (opponent & next_to_empty).bit_count())
    x_squares = c_squares = 0
    for corner, x_square, c_pair in CORNER_NEIGHBOURS:
        if empty & corner:
            x_squares |= x_square
            c_squares |= c_pair
    values.append((mover & x_squares).bit_count() - (opponent & x_squares).bit_count())
    values.append((mover & c_squares).bit_count() - (opponent & c_squares).bit_count())
    values.append(region_parity(mover_moves, opponent_moves, empty))
    values.append(1)
    return tuple(values)


def empties_of(state: OthelloState) -> int:
    """The number of empty squares of a position."""
    return 64 - (state.mover | state.opponent).bit_count()


__all__ = [
    "BIAS",
    "CORNER_NEIGHBOURS",
    "FEATURE_NAMES",
    "SQUARE_CLASSES",
    "empties_of",
    "features",
    "neighbours",
    "region_parity",
]
