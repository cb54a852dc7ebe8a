"""Othello (8×8 reversi) on bitboards.

Rules
-----
Black (:data:`~gamelib.core.FIRST`) and White take turns putting a disc of their colour on an
empty square. A move must *outflank*: in at least one of the 8 directions the new disc and
another disc of the mover's colour enclose an unbroken row of opponent discs; all enclosed
discs, in every direction, turn over. A side with no such move must **pass** — its only move
is :data:`PASS` — and the other side plays on. The game ends when neither side can move
(which includes a full board).

**Scoring.** ``Othello()`` scores a finished game by the rule of the World Othello Federation,
the rule every published endgame value uses: the disc difference, where the empty squares
left on the board go to the winner (a drawn game stays 0). A game that ends 40 discs to 20
with 4 squares empty is won 44–20, by 24, not by 20. On a full board the rule changes
nothing, and with one rule or the other the winner is the same. ``Othello(scoring=
"difference")`` keeps the raw disc difference, empty squares counting for nobody.
:func:`final_score` computes either.

The game starts with four discs in the centre, White on d4 and e5, Black on d5 and e4, and
Black moves first. Black's four first moves are d3, c4, f5 and e6.

Squares and moves
-----------------
Columns are ``a``–``h`` from left to right and rows ``1``–``8`` from top to bottom (the usual
Othello notation). Square ``a1`` is number 0, ``b1`` is 1, …, ``h1`` is 7, ``a2`` is 8, …,
``h8`` is 63: ``square = 8 * (row - 1) + column``. A move is a square number (an ``int``) or
:data:`PASS` (-1). :func:`parse_move` reads ``"f5"`` (or ``"pass"``), :func:`square_name`
writes it, and :func:`play_line` plays a whole line such as ``"f5 d6 c3 d3 c4"``. The legal
moves are listed in square order a1, b1, …, h8.

Bitboards
---------
A set of squares is a 64-bit integer whose bit ``s`` stands for square ``s``. A position
(:class:`OthelloState`) is ``(mover, opponent, player)``: the discs of the side to move, the
discs of the other side, and which colour is to move (needed because passes break the
alternation). After a move the two sets swap places, so the move generator always works for
"the side to move".

*Legal moves* come from shifts. Shifting a bitboard by 1 moves every disc one column to the
right, by 8 one row down, by 7 or 9 one step along a diagonal (and the opposite way with ``>>``).
From the mover's discs, shifting again and again while staying on opponent discs, and one step
further onto an empty square, finds every square that closes a line: :func:`legal_moves_mask`
does this for all 8 directions at once over the whole board. Horizontal and diagonal shifts
would wrap from the h-column into the a-column of the next row, so for those the opponent set
is first masked to the columns b–g.

*Flips* of one move are found along precomputed rays: for each square and direction, the set of
squares from it to the edge. A ray whose first square is not an opponent disc flips nothing;
on the others, the first square that is not an opponent disc decides: if it is the mover's
own disc, the opponent discs before it turn over (:func:`flips`).

Speed
-----
A search asks for the moves of every position it reaches, but at a position on its depth
limit (most of them) it only needs to know *whether* there is a move, to tell a finished
game from one to evaluate. So :meth:`Othello.moves` returns an :class:`OthelloMoves`: a
sequence that equals the tuple of the legal moves, but lists the squares only when they are
looked at (:func:`squares_of`, a byte of the board at a time). Asked whether it is empty, it
calls :func:`has_legal_move`, which first looks for a move that flips a single disc (4
operations per direction) and only computes the whole mask when there is none. With these,
plain α-β from middle-game positions searches about twice as many nodes per second as when
every position built its tuple of moves (``benchmarks/before_after.py`` measures it against
revision 0e5c7ae; ``benchmarks/search_speed.py --profile`` shows where the time goes).

Hashing
-------
:meth:`Othello.key` is a Zobrist hash: a fixed random 64-bit number for each (colour, square),
another for "White to move", and the key of a position is the XOR of the numbers of its discs
(and of the side number when White is to move). The numbers come from the SplitMix64
generator with a fixed seed, so the keys are the same on every machine and in every run. They
are kept as tables of 256 entries per byte of the board, so a key costs 16 lookups. Different
positions could in principle share a key (with 64 bits it is very unlikely); equal positions
always do, whatever moves led to them — for example 1.f5 2.d6 3.c3 4.d3 5.c4 and
1.f5 2.d6 3.c4 4.d3 5.c3.

perft
-----
:func:`perft` counts the leaves of the game tree to a fixed depth, the standard test of a move
generator: a pass uses up a ply, and a game that ends before the depth counts as one leaf where
it ends. From the start: 4, 12, 56, 244, 1,396, 8,200, 55,092, 390,216, 3,005,288 leaves for
depths 1 to 9. At the last ply it counts the moves with a population count of the legal-move
mask instead of making them ("bulk counting").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Final, Literal, NamedTuple, overload

from gamelib.core import FIRST, SECOND, IllegalMoveError, Player
from gamelib.games.boards import BoardPicture, disc_board_svg
from gamelib.language import Language, resolve

PASS: Final = -1
"""The pass move: the only move of a side that has no legal move."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "score": {"en": "Black {black} – White {white}", "ja": "黒 {black} – 白 {white}"},
    "game over": {"en": "game over: {score}", "ja": "終局：{score}"},
    "Black to move": {"en": "Black to move · {score}", "ja": "黒の手番 · {score}"},
    "White to move": {"en": "White to move · {score}", "ja": "白の手番 · {score}"},
}
"""The words of the board pictures' captions, in English and Japanese."""

FULL: Final = (1 << 64) - 1
"""All 64 squares."""

NOT_EDGE_COLUMNS: Final = 0x7E7E7E7E7E7E7E7E
"""Every square except the a- and h-columns (stops shifts wrapping round a row)."""

COLUMNS = "abcdefgh"

SQUARE_NAMES: tuple[str, ...] = tuple(f"{column}{row}" for row in range(1, 9) for column in COLUMNS)
"""The name of each square: ``SQUARE_NAMES[0] == "a1"``, ``SQUARE_NAMES[37] == "f5"``."""


def square_name(square: int) -> str:
    """The name of a square (``37 -> "f5"``) or ``"pass"``."""
    return "pass" if square == PASS else SQUARE_NAMES[square]


def parse_move(text: str) -> int:
    """Read a move written as a square name (``"f5"``, any case) or ``"pass"``.

    Raises:
        ValueError: if ``text`` is not a square a1–h8 or ``pass``.
    """
    cleaned = text.strip().lower()
    if cleaned == "pass":
        return PASS
    if len(cleaned) == 2 and cleaned[0] in COLUMNS and cleaned[1] in "12345678":
        return 8 * (int(cleaned[1]) - 1) + COLUMNS.index(cleaned[0])
    raise ValueError(
        f"not an Othello move: {text!r} (expected a column a–h then a row 1–8, like 'f5', "
        "or 'pass')"
    )


def legal_moves_mask(mover: int, opponent: int) -> int:
    """The set of squares where ``mover`` can play, as a bitboard.

    For each direction, ``run`` collects the opponent discs reachable from a mover's disc
    through opponent discs only. Doubling the step (``pair`` = opponent discs whose neighbour
    in that direction is also an opponent disc) covers runs of up to 6 discs in 4 steps. The
    square one step beyond a run is a legal move if it is empty.

    Args:
        mover: The discs of the side to move.
        opponent: The discs of the other side.

    Returns:
        The legal moves as a bitboard (0 if the side to move must pass).
    """
    inner = opponent & NOT_EDGE_COLUMNS
    # to the right (+1) and to the left (-1)
    run = inner & (mover << 1)
    run |= inner & (run << 1)
    pair = inner & (inner << 1)
    run |= pair & (run << 2)
    run |= pair & (run << 2)
    moves = run << 1
    run = inner & (mover >> 1)
    run |= inner & (run >> 1)
    pair = inner & (inner >> 1)
    run |= pair & (run >> 2)
    run |= pair & (run >> 2)
    moves |= run >> 1
    # down (+8) and up (-8): no wrap-round, so the whole opponent set is used
    run = opponent & (mover << 8)
    run |= opponent & (run << 8)
    pair = opponent & (opponent << 8)
    run |= pair & (run << 16)
    run |= pair & (run << 16)
    moves |= run << 8
    run = opponent & (mover >> 8)
    run |= opponent & (run >> 8)
    pair = opponent & (opponent >> 8)
    run |= pair & (run >> 16)
    run |= pair & (run >> 16)
    moves |= run >> 8
    # down-left (+7) and up-right (-7)
    run = inner & (mover << 7)
    run |= inner & (run << 7)
    pair = inner & (inner << 7)
    run |= pair & (run << 14)
    run |= pair & (run << 14)
    moves |= run << 7
    run = inner & (mover >> 7)
    run |= inner & (run >> 7)
    pair = inner & (inner >> 7)
    run |= pair & (run >> 14)
    run |= pair & (run >> 14)
    moves |= run >> 7
    # down-right (+9) and up-left (-9)
    run = inner & (mover << 9)
    run |= inner & (run << 9)
    pair = inner & (inner << 9)
    run |= pair & (run << 18)
    run |= pair & (run << 18)
    moves |= run << 9
    run = inner & (mover >> 9)
    run |= inner & (run >> 9)
    pair = inner & (inner >> 9)
    run |= pair & (run >> 18)
    run |= pair & (run >> 18)
    moves |= run >> 9
    return moves & (FULL ^ (mover | opponent))


def has_legal_move(mover: int, opponent: int) -> bool:
    """Whether ``mover`` has a legal move: ``legal_moves_mask(mover, opponent) != 0``, found
    faster.

    Most positions have a move that flips a single disc: an opponent disc with a mover's
    disc on one side and an empty square on the other. That takes 4 operations per direction
    to see, against about 15 for runs of any length; only when no direction has one is the
    whole mask computed.
    """
    empty = FULL ^ (mover | opponent)
    inner = opponent & NOT_EDGE_COLUMNS  # as in legal_moves_mask: no wrap-round a ↔ h
    for step in (1, 8, 9, 7):
        between = opponent if step == 8 else inner
        if (between & (mover << step)) << step & empty:
            return True
        if (between & (mover >> step)) >> step & empty:
            return True
    return legal_moves_mask(mover, opponent) != 0


STEPS: tuple[tuple[int, int], ...] = (
    (0, 1),  # right
    (1, -1),  # down-left
    (1, 0),  # down
    (1, 1),  # down-right
    (0, -1),  # left
    (-1, 1),  # up-right
    (-1, 0),  # up
    (-1, -1),  # up-left
)
"""The 8 directions as (row step, column step)."""


def _rays() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For each square, the rays to the edge with at least 2 squares.

    Returns:
        ``(upward, downward)``: rays whose squares have higher numbers than the start square
        (right, down and the two lower diagonals) and rays whose squares have lower numbers.
    """
    upward: list[tuple[int, ...]] = []
    downward: list[tuple[int, ...]] = []
    for square in range(64):
        row, column = divmod(square, 8)
        higher: list[int] = []
        lower: list[int] = []
        for row_step, column_step in STEPS:
            ray = 0
            length = 0
            next_row, next_column = row + row_step, column + column_step
            while 0 <= next_row < 8 and 0 <= next_column < 8:
                ray |= 1 << (8 * next_row + next_column)
                length += 1
                next_row += row_step
                next_column += column_step
            if length >= 2:
                (higher if 8 * row_step + column_step > 0 else lower).append(ray)
        upward.append(tuple(higher))
        downward.append(tuple(lower))
    return tuple(upward), tuple(downward)


RAYS_UP, RAYS_DOWN = _rays()
"""``RAYS_UP[s]``, ``RAYS_DOWN[s]``: rays from square ``s`` towards higher / lower numbers."""


RaySets = tuple[tuple[int, ...], tuple[int, ...]]
"""Some of the rays of a square: ``(upward, downward)``, as in :data:`RAYS_UP` and
:data:`RAYS_DOWN`."""


def _rays_by_start() -> tuple[tuple[int, ...], tuple[dict[int, RaySets], ...]]:
    """For each square, where its rays start, and its rays sorted by where they start.

    Returns:
        ``(starts, by_start)``: ``starts[s]`` is the set of first squares of the rays of
        ``s`` (neighbours of ``s``), and ``by_start[s][subset]``, for every subset of
        ``starts[s]``, the rays of ``s`` whose first square is in ``subset``.
    """
    all_starts: list[int] = []
    by_start: list[dict[int, RaySets]] = []
    for square in range(64):
        upward = [(ray & -ray, ray) for ray in RAYS_UP[square]]  # first square: lowest bit
        downward = [(1 << (ray.bit_length() - 1), ray) for ray in RAYS_DOWN[square]]  # highest
        starts = sum(first for first, _ in upward + downward)
        table: dict[int, RaySets] = {}
        subset = starts
        while True:  # every subset of starts, from all of them down to none
            table[subset] = (
                tuple(ray for first, ray in upward if first & subset),
                tuple(ray for first, ray in downward if first & subset),
            )
            if not subset:
                break
            subset = (subset - 1) & starts
        all_starts.append(starts)
        by_start.append(table)
    return tuple(all_starts), tuple(by_start)


RAY_STARTS, RAYS_BY_START = _rays_by_start()
"""``RAY_STARTS[s]``: the first squares of the rays of square ``s``, as a bitboard.
``RAYS_BY_START[s][subset]``: the upward and downward rays of ``s`` that start on a square of
``subset`` (any subset of ``RAY_STARTS[s]``). 5,248 entries in all."""


def flips(mover: int, opponent: int, square: int) -> int:
    """The opponent discs that turn over when the side to move plays on ``square``.

    A ray from ``square`` can only flip discs if its first square holds an opponent disc, so
    only those rays are walked: :data:`RAYS_BY_START` gives them for the set of first squares
    that hold opponent discs. Along each, the *blockers* are the squares that do not hold an
    opponent disc. The nearest blocker (the lowest bit of an upward ray, the highest bit of a
    downward one) decides: if it is a disc of the mover, the ray's squares before it flip.

    Args:
        mover: The discs of the side to move.
        opponent: The discs of the other side.
        square: An empty square.

    Returns:
        The discs that flip, as a bitboard (0 if the move is illegal).
    """
    upward, downward = RAYS_BY_START[square][opponent & RAY_STARTS[square]]
    flipped = 0
    not_opponent = ~opponent
    for ray in upward:
        nearest = ray & not_opponent
        nearest &= -nearest  # lowest set bit (0 if the whole ray is opponent discs)
        if nearest & mover:
            flipped |= ray & (nearest - 1)
    for ray in downward:
        blockers = ray & not_opponent
        if blockers:
            nearest = 1 << (blockers.bit_length() - 1)  # highest set bit
            if nearest & mover:
                flipped |= ray & -(nearest << 1)
    return flipped


def _squares_by_byte() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[b][v]``: the squares set in byte ``b`` of a bitboard when that byte is ``v``."""
    return tuple(
        tuple(tuple(8 * byte + bit for bit in range(8) if value >> bit & 1) for value in range(256))
        for byte in range(8)
    )


SQUARES_BY_BYTE = _squares_by_byte()
"""``SQUARES_BY_BYTE[b][v]``: the squares of byte ``b`` (squares ``8b`` to ``8b + 7``, one row
of the board) when its 8 bits read ``v``, in increasing order. 8 × 256 small tuples."""


def squares_of(bits: int) -> tuple[int, ...]:
    """The squares in a bitboard, in increasing order.

    The board is read a byte (one row) at a time, and :data:`SQUARES_BY_BYTE` lists the
    squares of each non-empty byte: at most 8 lookups instead of one step per square.
    """
    squares: tuple[int, ...] = ()
    for table, byte in zip(SQUARES_BY_BYTE, bits.to_bytes(8, "little"), strict=True):
        if byte:
            squares += table[byte]
    return squares


class OthelloMoves(Sequence[int]):
    """The legal moves of a position, as :meth:`Othello.moves` returns them.

    A sequence of square numbers in order a1…h8, ``(PASS,)`` when the side to move must
    pass, empty when nobody can move: it behaves like (and compares equal to) that tuple.

    The squares are only listed when they are first looked at. A search asks for the moves of
    every node, but at a node on its depth limit it only asks *whether* there is a move (to
    tell a finished game from one to evaluate); :func:`has_legal_move` answers that for a
    fraction of the cost of listing them. The listed moves are kept, so they are found once.
    """

    __slots__ = ("_squares", "mover", "opponent")

    def __init__(self, mover: int, opponent: int) -> None:
        """The moves of the side with discs ``mover`` against ``opponent``, to be found."""
        self.mover = mover
        self.opponent = opponent
        self._squares: tuple[int, ...] | None = None

    @property
    def squares(self) -> tuple[int, ...]:
        """The moves as a tuple (listed on first use)."""
        if self._squares is None:
            legal = legal_moves_mask(self.mover, self.opponent)
            if legal:
                self._squares = squares_of(legal)
            elif legal_moves_mask(self.opponent, self.mover):
                self._squares = (PASS,)
            else:
                self._squares = ()
        return self._squares

    def __bool__(self) -> bool:
        """Whether there is a move (a pass counts): false exactly when the game is over."""
        if self._squares is not None:
            return bool(self._squares)
        return has_legal_move(self.mover, self.opponent) or has_legal_move(
            self.opponent, self.mover
        )

    def __len__(self) -> int:
        """The number of moves (1 for a pass, 0 when the game is over)."""
        return len(self.squares)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        """A move, or a slice of the moves as a tuple, as the tuple would give it."""
        return self.squares[index]

    def __iter__(self) -> Iterator[int]:
        """The moves in order a1…h8."""
        return iter(self.squares)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is legal here."""
        return move in self.squares

    def __eq__(self, other: object) -> bool:
        """Equal to the tuple of the same moves (and to moves found the same way)."""
        if isinstance(other, OthelloMoves):
            return self.squares == other.squares
        if isinstance(other, tuple):
            return self.squares == other
        return NotImplemented

    def __hash__(self) -> int:
        """The hash of the tuple, so that equal sequences hash alike."""
        return hash(self.squares)

    def __repr__(self) -> str:
        """Written as the tuple, e.g. ``(19, 26, 37, 44)``."""
        return repr(self.squares)


class OthelloState(NamedTuple):
    """A position of Othello.

    Attributes:
        mover: The discs of the side to move, as a bitboard.
        opponent: The discs of the other side.
        player: The colour to move: FIRST (Black) or SECOND (White).
    """

    mover: int
    opponent: int
    player: Player

    @property
    def black(self) -> int:
        """The black discs."""
        return self.mover if self.player == FIRST else self.opponent

    @property
    def white(self) -> int:
        """The white discs."""
        return self.opponent if self.player == FIRST else self.mover

    def _repr_svg_(self) -> str:
        """The board for Jupyter (see :func:`board_svg`)."""
        return board_svg(self)


def start_state() -> OthelloState:
    """The standard start: White d4 e5, Black d5 e4, Black to move."""
    black = 1 << parse_move("d5") | 1 << parse_move("e4")
    white = 1 << parse_move("d4") | 1 << parse_move("e5")
    return OthelloState(black, white, FIRST)


def from_discs(black: int, white: int, player: Player) -> OthelloState:
    """The position with these black and white discs and ``player`` to move."""
    if black & white:
        raise ValueError("a square cannot hold a black and a white disc")
    if player == FIRST:
        return OthelloState(black, white, FIRST)
    return OthelloState(white, black, SECOND)


def _splitmix64(seed: int) -> list[int]:
    """The first 129 numbers of the SplitMix64 generator started from ``seed``.

    SplitMix64 (Steele, Lea and Flood, 2014) is written out here rather than taken from
    :mod:`random`, so the numbers are fixed by this code alone.
    """
    numbers = []
    state = seed
    for _ in range(2 * 64 + 1):
        state = (state + 0x9E3779B97F4A7C15) & FULL
        mixed = state
        mixed = ((mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9) & FULL
        mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) & FULL
        numbers.append(mixed ^ (mixed >> 31))
    return numbers


ZOBRIST_SEED: Final = 20240611
"""The seed of the Zobrist numbers (any fixed number would do)."""

_ZOBRIST_NUMBERS = _splitmix64(ZOBRIST_SEED)

ZOBRIST_BLACK: tuple[int, ...] = tuple(_ZOBRIST_NUMBERS[0:64])
"""The Zobrist number of a black disc on each square."""

ZOBRIST_WHITE: tuple[int, ...] = tuple(_ZOBRIST_NUMBERS[64:128])
"""The Zobrist number of a white disc on each square."""

ZOBRIST_WHITE_TO_MOVE: Final = _ZOBRIST_NUMBERS[128]
"""XORed into the key when White is to move."""


def _byte_tables(numbers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[b][v]``: the XOR of the numbers of the squares set in byte ``b`` = ``v``."""
    tables = []
    for byte in range(8):
        table = [0] * 256
        for value in range(1, 256):
            lowest = value & -value
            square = 8 * byte + lowest.bit_length() - 1
            table[value] = table[value ^ lowest] ^ numbers[square]
        tables.append(tuple(table))
    return tuple(tables)


_BLACK_BYTES = _byte_tables(ZOBRIST_BLACK)
_WHITE_BYTES = _byte_tables(ZOBRIST_WHITE)


def zobrist_key(black: int, white: int, player: Player) -> int:
    """The Zobrist hash of a position: the XOR of the numbers of its discs and side to move."""
    key = ZOBRIST_WHITE_TO_MOVE if player == SECOND else 0
    for byte in range(8):
        shift = 8 * byte
        key ^= _BLACK_BYTES[byte][black >> shift & 255] ^ _WHITE_BYTES[byte][white >> shift & 255]
    return key


Scoring = Literal["official", "difference"]
"""How a finished game is scored: ``"official"`` (empty squares to the winner, the World
Othello Federation's rule) or ``"difference"`` (the raw disc difference)."""

SCORINGS: tuple[Scoring, ...] = ("official", "difference")
"""The scoring rules :class:`Othello` knows."""


def final_score(mover: int, opponent: int, scoring: Scoring = "official") -> int:
    """The score of a finished game for the side whose discs are ``mover``.

    With ``"official"`` scoring the empty squares go to the winner: a win is worth
    64 − 2 × (the loser's discs), a loss −(64 − 2 × own discs), a draw 0. So every official
    score is even, and it equals the raw difference on a full board. With ``"difference"`` it
    is the raw disc difference.

    Args:
        mover: The discs of the side the score is for.
        opponent: The discs of the other side.
        scoring: ``"official"`` or ``"difference"``.
    """
    own, other = mover.bit_count(), opponent.bit_count()
    if scoring == "difference" or own == other:
        return own - other
    if own > other:
        return 64 - 2 * other
    return 2 * own - 64


class Othello:
    """Othello as a :class:`~gamelib.core.Game` (rules in the module docstring).

    States are :class:`OthelloState` bitboards, moves are square numbers 0–63 or
    :data:`PASS`, values are disc differences for the player to move: at the end of the
    game scored by ``scoring`` (by default the official rule, empty squares to the winner),
    before it the raw disc difference (:meth:`evaluate`).

    Args:
        scoring: ``"official"`` (the default) or ``"difference"``; see :func:`final_score`.

    Raises:
        ValueError: for another scoring.
    """

    name = "Othello"

    def __init__(self, scoring: Scoring = "official") -> None:
        if scoring not in SCORINGS:
            raise ValueError(
                f"scoring must be 'official' (empty squares to the winner) or 'difference' "
                f"(the raw disc difference), not {scoring!r}"
            )
        self.scoring: Scoring = scoring

    def __repr__(self) -> str:
        return "Othello()" if self.scoring == "official" else f"Othello(scoring={self.scoring!r})"

    def initial_state(self) -> OthelloState:
        """The standard start position, Black to move."""
        return start_state()

    def to_move(self, state: OthelloState) -> Player:
        """FIRST (Black) or SECOND (White)."""
        return state.player

    def moves(self, state: OthelloState) -> OthelloMoves:
        """Legal squares in order a1…h8; ``(PASS,)`` if none; ``()`` when nobody can move.

        The moves come as an :class:`OthelloMoves`, a sequence equal to that tuple that only
        lists the squares when they are looked at.
        """
        return OthelloMoves(state.mover, state.opponent)

    def result(self, state: OthelloState, move: int) -> OthelloState:
        """Play ``move`` for the side to move (a pass just hands the move over)."""
        mover, opponent, player = state
        if move == PASS:
            return OthelloState(opponent, mover, 1 - player)
        flipped = flips(mover, opponent, move)
        return OthelloState(opponent ^ flipped, mover | flipped | 1 << move, 1 - player)

    def is_terminal(self, state: OthelloState) -> bool:
        """Whether neither side has a legal move."""
        mover, opponent, _ = state
        return not has_legal_move(mover, opponent) and not has_legal_move(opponent, mover)

    def utility(self, state: OthelloState) -> int:
        """The final score for the player to move, by this game's ``scoring``
        (:func:`final_score`); only asked of finished games, so the rule costs nothing
        before the end."""
        return final_score(state.mover, state.opponent, self.scoring)

    def evaluate(self, state: OthelloState) -> int:
        """The disc difference for the player to move (the source's simple evaluation).

        A heuristic for unfinished positions: the searches score a finished game with
        :meth:`utility`, so this does not test whether the game is over (that test would cost
        every depth-limited search about 9 % of its speed). At a finished game with empty
        squares it is therefore the raw difference, not the official score.
        """
        return state.mover.bit_count() - state.opponent.bit_count()

    def key(self, state: OthelloState) -> int:
        """The Zobrist hash of the position (see the module docstring)."""
        return zobrist_key(state.black, state.white, state.player)

    def move_name(self, move: int) -> str:
        """``"f5"`` or ``"pass"``."""
        return square_name(move)

    def parse_move(self, text: str) -> int:
        """Read ``"f5"`` or ``"pass"``; see :func:`parse_move`."""
        return parse_move(text)

    def play_line(self, text: str, state: OthelloState | None = None) -> OthelloState:
        """Play a line of moves; see :func:`play_line`."""
        return play_line(text, state)

    def text(self, state: OthelloState) -> str:
        """The board as text: ``X`` black, ``O`` white, ``.`` empty, with coordinates."""
        black, white = state.black, state.white
        lines = ["  " + " ".join(COLUMNS)]
        for row in range(8):
            cells = []
            for column in range(8):
                square = 8 * row + column
                cells.append("X" if black >> square & 1 else "O" if white >> square & 1 else ".")
            lines.append(f"{row + 1} " + " ".join(cells))
        return "\n".join(lines)

    def picture(
        self,
        state: OthelloState,
        *,
        size: float = 320,
        marks: bool = True,
        last_move: int | None = None,
        language: str | None = None,
    ) -> BoardPicture:
        """A picture of the position that Jupyter draws (see :func:`board_svg`)."""
        return BoardPicture(
            board_svg(state, size=size, marks=marks, last_move=last_move, language=language)
        )


_TOKEN = re.compile(r"[\s,;]*(?:\d+\.+\s*)?([a-hA-H][1-8]|[Pp][Aa][Ss][Ss])")
_TRAILING = re.compile(r"[\s,;]*")


def play_line(text: str, state: OthelloState | None = None) -> OthelloState:
    """Play a line of moves such as ``"f5 d6 c3 d3 c4"`` and return the position reached.

    Moves may be separated by spaces or commas, or written together (``"f5d6c3"``), and may
    carry move numbers (``"1.f5 2.d6"``). ``pass`` plays a pass; a pass that is forced (the
    side to move has no legal move) may also be left out, as game records usually do.

    Args:
        text: The moves.
        state: The position to start from (default: the start position).

    Raises:
        ValueError: for text that is not a move, naming where it is.
        IllegalMoveError: for a move that is not legal where it is played.
    """
    game = Othello()
    if state is None:
        state = start_state()
    position = 0
    number = 0
    while _TRAILING.fullmatch(text, position) is None:
        match = _TOKEN.match(text, position)
        if match is None:
            rest = text[position:].strip()
            raise ValueError(
                f"cannot read a move at {rest[:12]!r} (character {position} of {text!r}); "
                "moves are written like 'f5' or 'pass'"
            )
        position = match.end()
        number += 1
        move = parse_move(match.group(1))
        legal = game.moves(state)
        if move != PASS and legal == (PASS,):
            state = game.result(state, PASS)
            legal = game.moves(state)
        if move not in legal:
            names = ", ".join(square_name(each) for each in legal) or "none (the game is over)"
            raise IllegalMoveError(
                f"move {number} ({match.group(1)}) is illegal; the legal moves are: {names}"
            )
        state = game.result(state, move)
    return state


def perft(depth: int, state: OthelloState | None = None) -> int:
    """Count the leaves of the game tree ``depth`` plies below ``state`` (default: the start).

    A pass uses up a ply, and a game that ends before ``depth`` counts as one leaf where it
    ends. Known values from the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288.

    Raises:
        ValueError: if ``depth`` is negative.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth}")
    if state is None:
        state = start_state()
    if depth == 0:
        return 1
    return _perft(state.mover, state.opponent, depth)


def _perft(mover: int, opponent: int, depth: int) -> int:
    """perft for ``depth`` ≥ 1, on bare bitboards (no state objects, no move lists)."""
    moves = legal_moves_mask(mover, opponent)
    if depth == 1:
        # Bulk counting: each legal move is one leaf; a pass or a finished game is one leaf.
        return moves.bit_count() if moves else 1
    if not moves:
        if legal_moves_mask(opponent, mover):
            return _perft(opponent, mover, depth - 1)  # pass
        return 1  # the game is over
    total = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = flips(mover, opponent, bit.bit_length() - 1)
        total += _perft(opponent ^ flipped, mover | flipped | bit, depth - 1)
    return total


def board_svg(
    state: OthelloState,
    *,
    size: float = 320,
    marks: bool = True,
    last_move: int | None = None,
    language: str | None = None,
) -> str:
    """Draw an Othello position as SVG, with coordinates a–h and 1–8.

    Args:
        state: The position.
        size: Width of the picture in pixels.
        marks: Whether to put a dot on each legal move.
        last_move: A square to outline, for example the move just played.
        language: The language of the caption ("Black to move · Black 2 – White 2"; None:
            the course-wide setting).

    Returns:
        The SVG document as a string.
    """
    black, white = state.black, state.white
    legal = squares_of(legal_moves_mask(state.mover, state.opponent)) if marks else ()
    texts = {name: entry[resolve(language)] for name, entry in WORDS.items()}
    score = texts["score"].format(black=black.bit_count(), white=white.bit_count())
    if Othello().is_terminal(state):
        caption = texts["game over"].format(score=score)
    else:
        mover = "Black to move" if state.player == FIRST else "White to move"
        caption = texts[mover].format(score=score)
    return disc_board_svg(
        8,
        8,
        [divmod(square, 8) for square in squares_of(black)],
        [divmod(square, 8) for square in squares_of(white)],
        marks=[divmod(square, 8) for square in legal],
        highlight=[] if last_move is None or last_move == PASS else [divmod(last_move, 8)],
        size=size,
        caption=caption,
    )


# --------------------------------------------------------------------------- a positional heuristic

SQUARE_WEIGHTS: tuple[int, ...] = (
    100, -20,  10,   5,   5,  10, -20, 100,
    -20, -50,  -2,  -2,  -2,  -2, -50, -20,
     10,  -2,   1,   1,   1,   1,  -2,  10,
      5,  -2,   1,   0,   0,   1,  -2,   5,
      5,  -2,   1,   0,   0,   1,  -2,   5,
     10,  -2,   1,   1,   1,   1,  -2,  10,
    -20, -50,  -2,  -2,  -2,  -2, -50, -20,
    100, -20,  10,   5,   5,  10, -20, 100,
)  # fmt: skip
"""The value of a disc on each Othello square, a1 … h8 (row by row).

The reasoning every Othello book starts with:

* **Corners (100)** can never be flipped back, and they anchor stable edges.
* **X-squares (-50)**, diagonally next to an empty corner, usually hand that corner to the
  opponent; **C-squares (-20)**, next to a corner along the edge, often do too.
* **Edges (10 and 5)** are hard to flip; the squares two away from a corner (10) are the
  safest of them.
* The ring next to the edge (-2) tends to give the opponent access to the edge; the inner
  squares (1, 0) matter little.

The table is symmetric under the 8 symmetries of the board.
"""

MOBILITY_WEIGHT = 5
"""Points per legal move more than the opponent has (mobility: having choices is good)."""

WIN_SCORE = 10_000
"""Added to (or subtracted from) the disc difference of a finished game, so that a won game
is worth more than any position that is not finished."""


def _byte_weight_tables() -> tuple[tuple[int, ...], ...]:
    """``table[b][v]``: the summed weights of the squares set in byte ``b`` of a board = ``v``."""
    tables = []
    for byte in range(8):
        table = [0] * 256
        for value in range(1, 256):
            lowest = value & -value
            table[value] = (
                table[value ^ lowest] + SQUARE_WEIGHTS[8 * byte + lowest.bit_length() - 1]
            )
        tables.append(tuple(table))
    return tuple(tables)


_WEIGHT_BYTES = _byte_weight_tables()


def square_weight_sum(discs: int) -> int:
    """The sum of :data:`SQUARE_WEIGHTS` over the squares of a bitboard (8 table lookups)."""
    total = 0
    for table in _WEIGHT_BYTES:
        total += table[discs & 255]
        discs >>= 8
    return total


def positional_evaluation(state: OthelloState) -> int:
    """A simple positional heuristic for the player to move in an Othello position.

    ``weights(own discs) − weights(opponent's discs) + MOBILITY_WEIGHT × (own legal moves −
    opponent's legal moves)``, with the weights of :data:`SQUARE_WEIGHTS`. When neither side
    can move (the game is over) it is ``±WIN_SCORE + disc difference`` instead, so a win is
    preferred to any unfinished position (and a draw scores 0).
    """
    mover, opponent, _ = state
    own_moves = legal_moves_mask(mover, opponent).bit_count()
    opponent_moves = legal_moves_mask(opponent, mover).bit_count()
    if not own_moves and not opponent_moves:
        difference = mover.bit_count() - opponent.bit_count()
        if difference > 0:
            return WIN_SCORE + difference
        if difference < 0:
            return -WIN_SCORE + difference
        return 0
    return (
        square_weight_sum(mover)
        - square_weight_sum(opponent)
        + MOBILITY_WEIGHT * (own_moves - opponent_moves)
    )
