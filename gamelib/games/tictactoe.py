"""Tic-tac-toe on bitboards.

Rules
-----
Two players, X and O, take turns writing their mark in an empty square of a 3×3 grid; X
(:data:`~gamelib.core.FIRST`) moves first. The first player with three marks in a line — a
row, a column or a diagonal — wins. If the grid fills up and nobody has a line, the game is a
draw. Nobody ever passes.

Squares and moves
-----------------
The squares are numbered 0 to 8 row by row, and named like a chessboard turned upside down:
column letters ``a``–``c`` from left to right, row numbers ``1``–``3`` from top to bottom::

         a   b   c
    1    0 | 1 | 2          a1 b1 c1
        ---+---+---
    2    3 | 4 | 5          a2 b2 c2
        ---+---+---
    3    6 | 7 | 8          a3 b3 c3

A move is the square number (an ``int``); :meth:`TicTacToe.move_name` writes it as ``"b2"``
and :func:`parse_move` reads either form. The legal moves are always listed in square order
0, 1, …, 8.

Positions as bitboards
----------------------
A position is a pair of 9-bit integers ``(mover, other)``: bit ``i`` of ``mover`` is set when
the player to move has a mark on square ``i``, bit ``i`` of ``other`` when the opponent has.
Playing on square ``i`` sets bit ``i`` of ``mover`` and then swaps the pair, because the
opponent is to move next:  ``(mover, other) -> (other, mover | 1 << i)``. So the side to move
always comes first, and whose turn it is follows from the number of marks on the board (an
even number: X to move).

A line is one of 8 masks (3 rows, 3 columns, 2 diagonals); a side has a line when
``bits & mask == mask`` for one of them. Since there are only 2⁹ = 512 sets of squares, every
question the search asks is answered from a table built once when the module is imported:
:data:`HAS_LINE` (does this set of squares contain a line?) and :data:`EMPTY_SQUARES` (the
empty squares, in order, for each occupancy). Each method of :class:`TicTacToe` is then one or
two table lookups, which matters: a full minimax search visits all 549,946 nodes of the game
tree.

Values
------
The game is over when the player who just moved (``other``) completed a line, or when the
board is full. Its value for the player to move is then -1 (the opponent made a line: a loss)
or 0 (a draw); +1 appears only for an unreachable position where the mover already has a line.
``evaluate`` is the utility at the end of the game and 0 before it.

Symmetry
--------
The board has 8 symmetries (4 rotations, each with or without a reflection).
:meth:`TicTacToe.canonical_key` maps a position to the smallest of its 8 images, so positions
that are the same up to symmetry get the same key. The source material notes that a search
could use this to prune and leaves it out; the counts below show what it would save.

Counts
------
:func:`game_tree_counts` walks the whole game (by plain enumeration, not with a search): the
game tree has 549,946 nodes counting the root, 255,168 finished games (131,184 won by X,
77,904 by O, 46,080 drawn), 5,478 different legal positions, and 765 up to symmetry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from gamelib.core import FIRST, SECOND, Player, play_words
from gamelib.games.boards import BoardPicture, board_text, svg_document, text_element
from gamelib.language import Language, resolve

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "draw": {"en": "draw", "ja": "引き分け"},
    "wins": {"en": "{mark} wins", "ja": "{mark} の勝ち"},
    "to move": {"en": "{mark} to move", "ja": "{mark} の手番"},
}
"""The words of the board pictures' captions, in English and Japanese."""

TicTacToeState = tuple[int, int]
"""A position: ``(mover, other)``, the squares of the player to move and of the opponent."""

FULL = 0b111_111_111
"""All 9 squares."""

LINES: tuple[int, ...] = (
    0b000_000_111,  # row 1: squares 0 1 2
    0b000_111_000,  # row 2: squares 3 4 5
    0b111_000_000,  # row 3: squares 6 7 8
    0b001_001_001,  # column a: squares 0 3 6
    0b010_010_010,  # column b: squares 1 4 7
    0b100_100_100,  # column c: squares 2 5 8
    0b100_010_001,  # diagonal: squares 0 4 8
    0b001_010_100,  # anti-diagonal: squares 2 4 6
)
"""The 8 winning lines as bit masks (bit ``i`` is square ``i``)."""

SQUARE_NAMES: tuple[str, ...] = tuple(f"{column}{row}" for row in "123" for column in "abc")
"""The name of each square: ``SQUARE_NAMES[4] == "b2"``."""


def _squares_of(bits: int) -> tuple[int, ...]:
    """The squares whose bits are set, in increasing order."""
    return tuple(square for square in range(9) if bits >> square & 1)


HAS_LINE: tuple[bool, ...] = tuple(
    any(bits & line == line for line in LINES) for bits in range(512)
)
"""``HAS_LINE[bits]``: whether the set of squares ``bits`` contains a winning line."""

EMPTY_SQUARES: tuple[tuple[int, ...], ...] = tuple(
    _squares_of(FULL ^ occupied) for occupied in range(512)
)
"""``EMPTY_SQUARES[occupied]``: the empty squares in order, when ``occupied`` are taken."""


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the board as permutations: square ``s`` goes to ``perm[s]``."""

    def rotate(square: int) -> int:  # a quarter turn clockwise
        row, column = divmod(square, 3)
        return column * 3 + (2 - row)

    def reflect(square: int) -> int:  # mirror left <-> right
        row, column = divmod(square, 3)
        return row * 3 + (2 - column)

    permutations = []
    for reflected in (False, True):
        for turns in range(4):
            permutation = []
            for square in range(9):
                image = reflect(square) if reflected else square
                for _ in range(turns):
                    image = rotate(image)
                permutation.append(image)
            permutations.append(tuple(permutation))
    return tuple(permutations)


SYMMETRIES: tuple[tuple[int, ...], ...] = _symmetries()
"""The 8 symmetries as permutations of the squares (the first one is the identity)."""

SYMMETRY_TABLES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << permutation[square] for square in _squares_of(bits)) for bits in range(512))
    for permutation in SYMMETRIES
)
"""``SYMMETRY_TABLES[k][bits]``: the set of squares ``bits`` moved by symmetry ``k``."""


def parse_move(text: str) -> int:
    """Read a square written as a name (``"b2"``) or a number (``"4"``).

    Raises:
        ValueError: if ``text`` is neither a square name ``a1``–``c3`` nor a number 0–8.
    """
    cleaned = text.strip().lower()
    if cleaned in SQUARE_NAMES:
        return SQUARE_NAMES.index(cleaned)
    if cleaned.isdigit() and int(cleaned) < 9:
        return int(cleaned)
    raise ValueError(
        f"not a tic-tac-toe square: {text!r} (expected a1, b1, c1, …, c3 or a number 0–8)"
    )


class TicTacToe:
    """Tic-tac-toe as a :class:`~gamelib.core.Game` (see the module docstring for the rules).

    States are ``(mover, other)`` bitboard pairs, moves are square numbers 0–8, values are
    +1/0/-1 for the player to move.
    """

    name = "tic-tac-toe"

    def initial_state(self) -> TicTacToeState:
        """The empty board, X to move."""
        return (0, 0)

    def to_move(self, state: TicTacToeState) -> Player:
        """X (FIRST) when the number of marks is even, O (SECOND) when it is odd."""
        return (state[0] | state[1]).bit_count() & 1

    def moves(self, state: TicTacToeState) -> tuple[int, ...]:
        """The empty squares in order 0–8, or ``()`` when somebody has a line."""
        mover, other = state
        if HAS_LINE[other] or HAS_LINE[mover]:
            return ()
        return EMPTY_SQUARES[mover | other]

    def result(self, state: TicTacToeState, move: int) -> TicTacToeState:
        """Mark square ``move`` for the player to move; the opponent is to move next."""
        mover, other = state
        return (other, mover | 1 << move)

    def is_terminal(self, state: TicTacToeState) -> bool:
        """Whether somebody has a line or the board is full."""
        mover, other = state
        return HAS_LINE[other] or HAS_LINE[mover] or mover | other == FULL

    def utility(self, state: TicTacToeState) -> int:
        """-1 if the opponent has a line, +1 if the mover has one, else 0 (a draw)."""
        mover, other = state
        if HAS_LINE[other]:
            return -1
        if HAS_LINE[mover]:
            return 1
        return 0

    def evaluate(self, state: TicTacToeState) -> int:
        """The utility; 0 (no opinion) for a position that is not finished."""
        return self.utility(state)

    def key(self, state: TicTacToeState) -> TicTacToeState:
        """The state itself: the pair of bitboards is already a small exact key."""
        return state

    def canonical_key(self, state: TicTacToeState) -> TicTacToeState:
        """The same key for all 8 rotations and reflections of a position.

        It is the smallest ``(mover, other)`` pair among the 8 images of the position.
        """
        mover, other = state
        return min((table[mover], table[other]) for table in SYMMETRY_TABLES)

    def move_name(self, move: int) -> str:
        """The square's name, for example ``4 -> "b2"``."""
        return SQUARE_NAMES[move]

    def parse_move(self, text: str) -> int:
        """Read a square name or number; see :func:`parse_move`."""
        return parse_move(text)

    def winner(self, state: TicTacToeState) -> Player | None:
        """The player who has a line, or ``None``."""
        mover, other = state
        if HAS_LINE[other]:
            return 1 - self.to_move(state)
        if HAS_LINE[mover]:
            return self.to_move(state)
        return None

    def play_line(self, text: str, state: TicTacToeState | None = None) -> TicTacToeState:
        """Play moves written like ``"b2 a1 c3"`` from ``state`` (default: the empty board).

        Raises:
            ValueError: for a word that is not a square.
            IllegalMoveError: for a move that is not legal where it is played.
        """
        return play_words(self, text, parse_move, state)

    def marks(self, state: TicTacToeState) -> tuple[str, ...]:
        """The 9 squares as ``"X"``, ``"O"`` or ``""``."""
        mover, other = state
        mover_mark, other_mark = ("X", "O") if self.to_move(state) == FIRST else ("O", "X")
        return tuple(
            mover_mark if mover >> square & 1 else other_mark if other >> square & 1 else ""
            for square in range(9)
        )

    def text(self, state: TicTacToeState) -> str:
        """The board as three lines of text, ``.`` for an empty square."""
        marks = [mark or "." for mark in self.marks(state)]
        return "\n".join(" ".join(marks[row * 3 : row * 3 + 3]) for row in range(3))

    def picture(
        self,
        state: TicTacToeState,
        *,
        size: float = 240,
        indices: bool = False,
        language: str | None = None,
    ) -> BoardPicture:
        """A picture of the position that Jupyter draws (see :func:`board_svg`)."""
        return BoardPicture(board_svg(state, size=size, indices=indices, language=language))


def board_svg(
    state: TicTacToeState,
    *,
    size: float = 240,
    indices: bool = False,
    language: str | None = None,
) -> str:
    """Draw a tic-tac-toe position as SVG.

    X is drawn as a blue cross, O as a red ring; a completed line is struck through.

    Args:
        state: The position.
        size: Width of the picture in pixels.
        indices: Whether to write each square's number and name in its corner.
        language: The language of the caption ("O to move", "X wins", "draw"; None: the
            course-wide setting).

    Returns:
        The SVG document as a string.
    """
    game = TicTacToe()
    marks = game.marks(state)
    margin = size * 0.05
    cell = (size - 2 * margin) / 3
    caption_height = cell * 0.45
    height = size + caption_height
    body = [f'<rect x="0" y="0" width="{size:g}" height="{height:.1f}" fill="white"/>']
    for line in (1, 2):
        offset = margin + line * cell
        body.append(
            f'<line x1="{offset:.1f}" y1="{margin:.1f}" x2="{offset:.1f}" '
            f'y2="{size - margin:.1f}" stroke="#222" stroke-width="{size / 60:.1f}" '
            'stroke-linecap="round"/>'
        )
        body.append(
            f'<line x1="{margin:.1f}" y1="{offset:.1f}" x2="{size - margin:.1f}" '
            f'y2="{offset:.1f}" stroke="#222" stroke-width="{size / 60:.1f}" '
            'stroke-linecap="round"/>'
        )
    stroke = size / 30
    for square, mark in enumerate(marks):
        row, column = divmod(square, 3)
        left = margin + column * cell
        top = margin + row * cell
        inset = cell * 0.22
        if mark == "X":
            for x1, y1, x2, y2 in (
                (left + inset, top + inset, left + cell - inset, top + cell - inset),
                (left + cell - inset, top + inset, left + inset, top + cell - inset),
            ):
                body.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    f'stroke="#1f5fbf" stroke-width="{stroke:.1f}" stroke-linecap="round"/>'
                )
        elif mark == "O":
            body.append(
                f'<circle cx="{left + cell / 2:.1f}" cy="{top + cell / 2:.1f}" '
                f'r="{cell / 2 - inset:.1f}" fill="none" stroke="#c0392b" '
                f'stroke-width="{stroke:.1f}"/>'
            )
        if indices:
            body.append(
                text_element(
                    left + cell * 0.16,
                    top + cell * 0.13,
                    f"{square} {SQUARE_NAMES[square]}",
                    cell * 0.12,
                    "#999",
                )
            )

    def centre(square: int) -> tuple[float, float]:
        row, column = divmod(square, 3)
        return margin + (column + 0.5) * cell, margin + (row + 0.5) * cell

    mover, other = state
    for bits in (other, mover):
        for line in LINES:
            if bits & line == line:
                first, *_, last = _squares_of(line)
                (x1, y1), (x2, y2) = centre(first), centre(last)
                body.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    f'stroke="#2c3e50" stroke-width="{stroke / 2:.1f}" stroke-opacity="0.7" '
                    'stroke-linecap="round"/>'
                )
    texts = {name: entry[resolve(language)] for name, entry in WORDS.items()}
    if game.is_terminal(state):
        winner = game.winner(state)
        caption = (
            texts["draw"]
            if winner is None
            else texts["wins"].format(mark="X" if winner == FIRST else "O")
        )
    else:
        caption = texts["to move"].format(mark="X" if game.to_move(state) == FIRST else "O")
    body.append(text_element(size / 2, size + caption_height / 3, caption, cell * 0.22))
    signs = [[mark or "·" for mark in marks[row * 3 : row * 3 + 3]] for row in range(3)]
    return svg_document(size, height, body, caption, board_text(signs))


@dataclass(frozen=True)
class GameTreeCounts:
    """Sizes of the complete tic-tac-toe game tree, found by enumeration.

    Attributes:
        nodes: Nodes of the game tree, the root included (one per sequence of moves).
        finished_games: Leaves of the tree: sequences of moves that end the game.
        first_player_wins: Finished games that X wins.
        second_player_wins: Finished games that O wins.
        draws: Finished games that end in a draw.
        positions: Different legal positions (the empty board included).
        positions_up_to_symmetry: Different positions when rotations and reflections of a
            position count as the same.
    """

    nodes: int
    finished_games: int
    first_player_wins: int
    second_player_wins: int
    draws: int
    positions: int
    positions_up_to_symmetry: int


def game_tree_counts() -> GameTreeCounts:
    """Count the nodes, finished games and positions of tic-tac-toe.

    This is plain enumeration: the counts of a position's subtree are added up from its
    children's. A position reached by different move orders (a transposition) is counted
    once per way of reaching it in the tree counts, but its subtree is worked out only once
    (memoised by position), so the whole count takes about 10 ms instead of visiting
    549,946 nodes one by one.
    """
    game = TicTacToe()
    # subtree[state] = (nodes, games, X wins, O wins, draws) of the tree below state.
    subtree: dict[TicTacToeState, tuple[int, int, int, int, int]] = {}

    def count(state: TicTacToeState) -> tuple[int, int, int, int, int]:
        known = subtree.get(state)
        if known is not None:
            return known
        moves = game.moves(state)
        if not moves:
            winner = game.winner(state)
            totals = (
                1,
                1,
                int(winner == FIRST),
                int(winner == SECOND),
                int(winner is None),
            )
        else:
            nodes, games, x_wins, o_wins, draws = 1, 0, 0, 0, 0
            for move in moves:
                child = count(game.result(state, move))
                nodes += child[0]
                games += child[1]
                x_wins += child[2]
                o_wins += child[3]
                draws += child[4]
            totals = (nodes, games, x_wins, o_wins, draws)
        subtree[state] = totals
        return totals

    nodes, games, x_wins, o_wins, draws = count(game.initial_state())
    symmetric = {game.canonical_key(state) for state in subtree}
    return GameTreeCounts(
        nodes=nodes,
        finished_games=games,
        first_player_wins=x_wins,
        second_player_wins=o_wins,
        draws=draws,
        positions=len(subtree),
        positions_up_to_symmetry=len(symmetric),
    )


def count_tree_nodes_by_walking() -> tuple[int, int]:
    """Count ``(nodes, finished games)`` by visiting every node of the game tree one by one.

    The slow, obvious way (under a tenth of a second here): no memo, one visit per node. It checks
    :func:`game_tree_counts`.
    """
    nodes = 0
    games = 0
    stack: list[TicTacToeState] = [(0, 0)]
    while stack:
        mover, other = stack.pop()
        nodes += 1
        if HAS_LINE[other] or mover | other == FULL:
            games += 1
            continue
        for square in EMPTY_SQUARES[mover | other]:
            stack.append((other, mover | 1 << square))
    return nodes, games
