"""Perfect play: solving Othello endgames exactly.

With 20 or so empty squares left, an Othello position can be searched to the end of the game,
so its value is known exactly, not estimated. Strong programs are compared on the **FFO
endgame test suite** (:data:`FFO`), real tournament positions whose exact values and best
moves are published. :func:`solve` finds them with the pieces of the course:

* **fail-soft α-β in negamax form** with PVS's null windows (:meth:`EndgameSolver.search`
  has the shape of :func:`~gamelib.search.windows.pvs`);
* **a transposition table**, the course's :class:`~gamelib.search.table.TranspositionTable`
  with its soundness rule (an entry answers only what its bound proves);
* **win/loss/draw** by one null-window search around 0, and the **exact value** by
  null-window probes that narrow the bounds (:func:`~gamelib.search.windows.mtdf`'s idea);
* **move ordering**: the move the table stored first, then **fastest-first**: the move that
  leaves the opponent the fewest replies. Few replies mean a small subtree, and in the
  endgame a side short of moves is usually a side in trouble, so the cheapest move to search
  is often the best one. Near the end, **parity**: play first in a region of the board with
  an odd number of empty squares (whoever moves last in a region tends to keep the discs).
  Each of these can be switched off (:class:`Options`), so their effect can be measured.

Why not simply call :func:`~gamelib.search.windows.pvs` with an ``order=`` function? It
works, and gives the same values, but every node then builds state objects and goes through
the Game protocol. Here a position is two bare integers (the discs of the side to move and of
the other side), the last empty squares are searched without a table or move list, and the
opponent's replies are counted on the bitboards: the speed comes from that representation and
from the ordering, measured with ``cProfile`` one change at a time
(``benchmarks/endgame.py --profile``).

Values are final disc differences from the view of the side to move, scored by the official
rule (empty squares go to the winner; see :func:`~gamelib.games.othello.final_score`) unless
``scoring="difference"`` is asked for.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from gamelib.core import FIRST, SECOND, Bound
from gamelib.games.boards import SideBySide
from gamelib.games.othello import (
    FULL,
    PASS,
    RAY_STARTS,
    SCORINGS,
    SQUARE_WEIGHTS,
    Othello,
    OthelloState,
    Scoring,
    final_score,
    flips,
    legal_moves_mask,
    square_name,
    squares_of,
)
from gamelib.search.common import SearchResult, SearchStats
from gamelib.search.table import TranspositionTable

Mode = Literal["exact", "wld"]
"""What :func:`solve` finds: the exact value, or only win / loss / draw."""

Ordering = Literal["none", "static", "fastest"]
"""How the moves of a position are ordered: square order a1…h8, by square weight
(:data:`~gamelib.games.othello.SQUARE_WEIGHTS`), or fastest-first."""

CORNERS: Final = 1 << 0 | 1 << 7 | 1 << 56 | 1 << 63
"""The four corners a1, h1, a8, h8."""

QUADRANTS: Final = (0x0F0F0F0F, 0xF0F0F0F0, 0x0F0F0F0F << 32, 0xF0F0F0F0 << 32)
"""The four 4×4 quarters of the board: the regions of the parity rule."""

QUADRANT_BIT: Final = tuple(
    1 << next(index for index, quadrant in enumerate(QUADRANTS) if quadrant >> square & 1)
    for square in range(64)
)
"""``QUADRANT_BIT[s]``: the bit of the quarter of the board that square ``s`` is in."""

STATIC_ORDER: Final = tuple(sorted(range(64), key=lambda square: -SQUARE_WEIGHTS[square]))
"""The squares by decreasing weight (corners first, X-squares last), stable in a1…h8 order."""

LOWEST: Final = -64
HIGHEST: Final = 64
"""No final score is below −64 or above +64."""


@dataclass(frozen=True)
class Options:
    """What the solver may use; each idea can be switched off to measure what it brings.

    Attributes:
        ordering: ``"none"`` (square order), ``"static"`` (by square weight) or
            ``"fastest"`` (fewest opponent replies first).
        stored_move: try first the best move the table stored for the position.
        parity: prefer squares in regions with an odd number of empty squares.
        corners: count the opponent's replies on corners twice (fastest-first only).
        table_empties: positions with at least this many empty squares use the table
            (below, a look-up costs more than the search it saves).
        fastest_empties: positions with at least this many empty squares are ordered
            fastest-first; below, counting replies costs more than it saves, and the empty
            squares are simply tried in static order (with parity first if ``parity``).
        table: use a transposition table at all.
    """

    ordering: Ordering = "fastest"
    stored_move: bool = True
    parity: bool = True
    corners: bool = True
    table_empties: int = 8
    fastest_empties: int = 8
    table: bool = True

    def __post_init__(self) -> None:
        if self.ordering not in ("none", "static", "fastest"):
            raise ValueError(
                f"ordering must be 'none', 'static' or 'fastest', not {self.ordering!r}"
            )


ABLATION: Final[tuple[tuple[str, Options], ...]] = (
    ("no ordering", Options("none", stored_move=False, parity=False, corners=False)),
    ("static", Options("static", stored_move=False, parity=False, corners=False)),
    ("+ stored move", Options("static", stored_move=True, parity=False, corners=False)),
    ("+ fastest-first", Options("fastest", stored_move=True, parity=False, corners=False)),
    ("+ parity", Options("fastest", stored_move=True, parity=True, corners=False)),
    ("+ corners", Options("fastest", stored_move=True, parity=True, corners=True)),
)
"""The ideas added one at a time (every step keeps the table for the values it stores)."""


# --------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class PublishedPosition:
    """A position of the FFO endgame test suite with its published values.

    Attributes:
        number: its number in the suite (``#40`` is 40).
        board: 64 characters a1, b1, …, h8: ``X`` black, ``O`` white, ``-`` empty.
        to_move: ``"X"`` (Black) or ``"O"`` (White).
        values: the published value of each move given, from the mover's view (a move's
            value is the final disc difference after best play from both sides).
        game: the game it comes from, where the source names it.
    """

    number: int
    board: str
    to_move: str
    values: dict[str, int]
    game: str = ""

    @property
    def state(self) -> OthelloState:
        """The position as an :class:`~gamelib.games.othello.OthelloState`."""
        return position(self.board, self.to_move)

    @property
    def value(self) -> int:
        """The position's value: the best published move value."""
        return max(self.values.values())

    @property
    def best_moves(self) -> tuple[str, ...]:
        """The moves that reach :attr:`value` (in lower case, like ``square_name``)."""
        return tuple(move for move, value in self.values.items() if value == self.value)

    @property
    def empties(self) -> int:
        """The number of empty squares."""
        return self.board.count("-")

    @property
    def name(self) -> str:
        """``"FFO #40"``."""
        return f"FFO #{self.number}"


_FFO_TEXT: Final = """
#1 --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X
    g8:+18 h1:+12 h7:+6 a2:+6 a3:+4 b1:-4 a4:-22 g2:-24
#2 -XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X
    a4:+10 b2:+0 a3:-6 g7:-8 a7:-12 h7:-14 b7:-14 h2:-24
#3 ----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X
    d1:+2 g3:+0 b8:-2 b1:-4 c1:-4 a2:-4 a3:-6 b2:-12
#4 -XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X
    h8:+0 a5:+0 b6:-4 b7:-4 a6:-8 b2:-12 h2:-26
#5 -OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X
    g8:+32 g2:+12 b2:-20 g6:-26 g1:-32 g7:-34
#6 --OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX- X
    a1:+14 h3:+14 a8:+12 h2:+8 g2:+8 h4:+4 g7:+4 a7:-22 b1:-24
#7 --OXXO--XOXXXX--XOOOXXXXXOOXXXXXXOOOOXXX-XXXXXXX--XXOOO----XXOO- X
    a6:+8 g1:+0 a1:-2 h8:-6 h7:-14 b1:-30
#8 ---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O
    e1:+8 h2:+4 g2:+4 b2:+4 g7:+4 b1:+2 g1:-6 c1:-8
#9 --XOXX--O-OOXXXX-OOOXXXX-XOXXXOXXXOXOOOXOXXOXOXX--OXOO----OOOO-- O
    g7:-8 a4:-8 b1:-16 a7:-16 b7:-26 a3:-30 g1:-38 h7:-40
#10 -XXXX-----OXXX--XOXOXOXXOXOXXOXXOXXOXOOOXXXOXOOX--OXXO---OOOOO-- O
    b2:+10 b7:+4 f1:+0 a7:-4 a2:-6 g2:-12 h2:-16 h7:-20
#11 ---O-XOX----XXOX---XXOOXO-XXOXOXXXXOOXOX-XOOXXXXXOOOXX-XOOOOOOO- O
    b3:+30 c2:+26 a6:+24 g7:+20 c3:+18 d2:+16 b4:+10 e1:+6
#12 --O--O--X-OOOOX-XXOOOXOOXXOXOXOOXXOXXOOOXXXXOOOO--OXXX---XXXXX-- O
    b7:-8 a7:-10 g7:-14 g8:-14 h2:-16 g1:-16 h1:-20
#13 --XXXXX--OOOXX---OOOXXXX-OXOXOXXOXXXOXXX--XOXOXX--OXOOO--OOOOO-- X
    b7:+14 a4:+0 a3:-8 b1:-18 g8:-20 h7:-20 a2:-24
#14 --XXXXX---OOOX---XOOXXXX-OOOOOOOOOOXXXOOOOOXXOOX--XXOO----XXXXX- X
    a3:+18 a4:+12 b1:+8 g7:-4 h7:-14 a7:-24 b7:-24 b2:-28
#15 ----O------OOX---OOOXX-XOOOXOOOOOXXOXXOOOXXXOOOOOXXXOOXO--OOOOOX X
    g3:+4 b8:+4 f1:+0 c1:+0 c2:-2 d1:-4 b2:-8 a3:-8
#16 -XXXXXX-X-XXXOO-XOXXXOOXXOOXXXOX-OOOXXXX--OOXXXX---OOO----XOX-O- X
    f8:+24 c7:+20 a5:+6 h1:+6 b6:+0 b7:-2 a6:-6 h2:-26
#17 -OOOOO----OXXO-XXXOOOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOO----XXXX--- X
    f8:+8 g2:+6 g6:-24 g1:-32 f7:-32 g7:-34 b2:-38
#18 -XXX------OOOX--XOOOOOXXOXOXOOXXOXXOOOOOXXXOXOOX--OXXO---OOOOO-- X
    g2:-2 b7:-6 f1:-8 e1:-10 h7:-12 g8:-14 g7:-14 a2:-18 b2:-18
#19 --OXXO--XOXXXX--XOOOOXXXXOOOXXXXX-OOOXXX--OOOOXX--XXOOO----XXOO- X
    b6:+8 h8:+4 b7:+0 g1:-6 b5:-16 h7:-16 b1:-24
#20 XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X
    h5:+6 g6:-2 f6:-4 h6:-10
#21 OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOX--XOOXOO--XOOOOO--XXXX---- O
    g5:+0 g2:-2 g4:-4 g6:-6
#22 --OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O
    g8:+2 a6:+0 f8:-4 a7:-4 h2:-4 b2:-6 d8:-8 b7:-14 g7:-26
#23 --O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX-- X
    a2:+4 d1:-20 h3:-20 b1:-30 g2:-30 e1:-30 f2:-34 g8:-34 b2:-36 h2:-38
#24 --O--O-----OOOX--X-XOXOO--XXXOOOXXXXOOOOXXXOXXOOXXXXXX--XOXX-O-- O
    c3:+0 b4:-4 c2:-8 e8:-12 g7:-14 h2:-16 g1:-24
#25 ----X------XXXO--OOOXXXXXOOOOXXO-XXOOXXOOOXOXXXXOOOXX---X-XXXX-- O
    g1:+0 a5:+0 f1:-4 d1:-6 f7:-8 c2:-10 g7:-10 h2:-12 h7:-16
#26 -OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X
    d8:+0 a6:-2 a4:-6 b7:-6 a5:-12 g1:-16 a2:-16 a3:-18 h2:-18 b8:-20 g2:-20 b2:-26
#27 --XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X- X
    b7:-2 e1:-4 b1:-6 h2:-10 h5:-10 b2:-12 a2:-14 h3:-28 g1:-28 g2:-28
#28 --O-------OOO--X-XOOOOXXXXXXOXOX-XXOXOOXXXOXOOXX-OOOOO-X---OOO-- X
    f1:+0 b2:+0 e1:+0 b1:-4 f2:-6 g7:-6 d1:-12 c8:-20 g8:-22 b8:-28
#29 -OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO----------- X
    g2:+10 a1:+4 g6:-10 h2:-12 f8:-12 e8:-12 g7:-24 g1:-24 b2:-30 f7:-34
#30 -XXX----X-XOO---XXOXOO--XOXOXO--XOOXOXXXXOOXXOX---OOOOO--XXXXX-- X
    g3:+0 g2:-12 e1:-16 f2:-18 f1:-22 g4:-22 h6:-24 b7:-24 g8:-28
#31 -OOOOO----OOOO--OXXOOO---XXXOO--XXXXXXO-XXXOOO-OX-OOOO---OOOOO-- X
    g6:-2 g3:-4 g4:-8 g7:-14 h5:-14 g2:-16 g1:-30 g8:-32
#32 --XX----O-XXOX--OOXOO---OXOXOOO-OOXXOOOXOOXXXOOX--XXXXOX--X--X-X X
    g3:-4 b7:-6 e1:-8 h4:-10 f3:-10 h3:-10 b2:-14 a7:-22
#33 -XXXXXXX--XOOO----OXOOXX-OOXXOXX-OOOOOXX-X-XOOXX---O-X-X--OOOO-- X
    e7:-8 a3:-8 a6:-12 b2:-12 g7:-12 g2:-12 a4:-14 c6:-20 a5:-22 b3:-28
#34 -------------O-O-OOOOOOOOOOOOXOOOXXOOOXO-XXXOXOO--XXXOXO--OXXXXO X
    c2:-2 d2:-6 e2:-6 a3:-10 a2:-10 f1:-12 g2:-14 g1:-16 b2:-20 b8:-26
#35 --XXX-----XXXX-OOOXXOOOOOOOOOOXO-OOXXXXO-OOOXXXO---XOXX---X----- O
    c7:+0 d8:-8 h8:-8 b2:-12 g1:-14 e8:-20 b1:-20 f8:-24 f1:-32 h7:-32 g8:-38
#36 ---X-O----XXXO-XXXXXXXXXXOOXXOOXXOXOOOXXXXOOOO-XX--OOOO--------- O
    b7:+0 b1:-2 e1:-4 c1:-6 g6:-8 g2:-10 a2:-22 b2:-24
#37 --OOOO--O-OOOO--OXXXOOO-OXXOXO--OOXXOXX-OOXXXX--O-XXX-----XX-O-- X
    g2:-20 g4:-22 b7:-22 h3:-22 g1:-30 h2:-42 b1:-48
#38 --OOOO----OOOO---XOXXOOXOOXOOOOX-OOOOOXXXOOXXXXX--X-X----------- X
    b2:+4 a5:+0 h2:-4 a3:-10 a7:-18 g2:-20 b7:-22 g1:-24 b1:-26
#39 O-OOOO--XOXXOX--XOOOXXX-XOOOXX--XOOXOX--XOXXX---X-XX------------ O
    a8:+64 b1:+64 g1:+64 g5:+64 g6:+64 c8:+64 h3:+64 e8:+64 h4:+64 f7:+62 d8:+62 e7:+62 h2:+62
    b8:+62 g2:+60 g4:+60 f6:+32
#40 O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X
    a2:+38
    game: Turner vs Monnom, Bruxelles 1997
#41 -OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X
    h4:+0
    game: Eclipse vs Logistello, Internet (7-12) 1996
#42 --OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X
    g2:+6
    game: Penloup vs Shaman, Cambridge 1998
#43 --XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O
    g3:-12 c7:-12
    game: Brightwell vs Suekuni, WC 1997 (final)
#44 --O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O
    d2:-14 b8:-14
    game: Shaman vs Tastet, WC 1995
#45 ---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X
    b2:+6
    game: Tamenori vs Shaman, WC 1995 (final)
#46 ---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X
    b3:-8
    game: Caspard vs Juhem, FC 1994
#47 -OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O
    g2:+4
    game: Brightwell vs Tastet, WC 1997
#48 -----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O
    f6:+28
    game: Brightwell vs Tastet, Paris Open 1997
#49 --OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X
    e1:+16
    game: Lazard vs Cali, FC 1991
"""
"""The positions in the suite's notation: number, board a1…h8, side to move; then the value of
each move given; then the game it comes from, where the source names it."""


def _read_published(text: str) -> dict[int, PublishedPosition]:
    """Read :data:`_FFO_TEXT`."""
    positions: dict[int, PublishedPosition] = {}
    for block in re.split(r"\n(?=#)", text.strip()):
        first, *rest = block.splitlines()
        number, board, to_move = first.removeprefix("#").split()
        lines = [line.strip() for line in rest]
        game = next((line.removeprefix("game: ") for line in lines if line.startswith("game:")), "")
        values = {
            move: int(value)
            for line in lines
            if not line.startswith("game:")
            for move, value in (word.split(":") for word in line.split())
        }
        positions[int(number)] = PublishedPosition(int(number), board, to_move, values, game)
    return positions


FFO: Final[dict[int, PublishedPosition]] = _read_published(_FFO_TEXT)
"""Positions of the FFO endgame test suite, by number, with their published move values.

Source: the FFO endgame test suite (Gunnar Andersson, http://www.radagast.se/othello/ffotest.html,
positions from games of the Fédération Française d'Othello's database). Positions and values
as distributed with the program Edax (``problem/fforum-1-19.obf`` and
``problem/fforum-20-39.obf``, github.com/abulmo/edax-reversi) and in Roberto Corradini's
``reversi`` (github.com/rcrr/reversi, ``c/test/endgame_solver_test.c``, which also names the
games of #40-#49); the two copies of #1-#39 agree square for square and value for value.
Values are final disc differences with the official scoring."""


_BOARD = re.compile(r"[XO\-]{64}")


def position(board: str, to_move: str) -> OthelloState:
    """The position written as 64 squares a1…h8 (``X`` black, ``O`` white, ``-`` empty).

    Args:
        board: 64 characters; spaces and line breaks are ignored, ``.`` and ``*`` may
            stand for ``-`` and ``X``, ``b``/``w`` for ``X``/``O``.
        to_move: ``"X"``/``"black"`` or ``"O"``/``"white"`` (any case).

    Raises:
        ValueError: naming what is wrong: the length, a character, or the side to move.
    """
    squares = "".join(board.split()).replace(".", "-").replace("*", "X")
    squares = squares.replace("b", "X").replace("w", "O")
    if not _BOARD.fullmatch(squares):
        wrong = sorted(set(squares) - set("XO-"))
        detail = f"characters {wrong}" if wrong else f"{len(squares)} squares"
        raise ValueError(
            f"a board is 64 squares a1…h8 written X (black), O (white) or - (empty); "
            f"this one has {detail}"
        )
    side = to_move.strip().lower()
    if side not in ("x", "black", "o", "white"):
        raise ValueError(f"the side to move must be 'X' (black) or 'O' (white), not {to_move!r}")
    black = sum(1 << square for square, mark in enumerate(squares) if mark == "X")
    white = sum(1 << square for square, mark in enumerate(squares) if mark == "O")
    if side in ("x", "black"):
        return OthelloState(black, white, FIRST)
    return OthelloState(white, black, SECOND)


# --------------------------------------------------------------------------- the solver


@dataclass
class Progress:
    """What a long solve reports while it runs (see ``progress`` of :func:`solve`).

    Attributes:
        seconds: time since the solve started.
        nodes: positions searched so far.
        lower, upper: what is proven so far about the value (mover's view).
    """

    seconds: float
    nodes: int
    lower: int
    upper: int

    def __str__(self) -> str:
        rate = self.nodes / self.seconds if self.seconds else 0.0
        if self.lower == self.upper:
            known = f"value {self.lower:+d}"
        else:
            known = f"value in [{self.lower:+d}, {self.upper:+d}]"
        return f"{self.seconds:6.1f} s · {self.nodes:,} nodes · {rate:,.0f} nodes/s · {known}"


def print_progress(report: Progress) -> None:
    """The default progress display: one line per report."""
    print(report, flush=True)


class EndgameSolver:
    """The search of one solve: its options, table, counters and progress reports.

    Positions are pairs of bitboards ``(mover, opponent)``; a value is always for the side
    whose discs are ``mover``.
    """

    def __init__(
        self,
        options: Options = Options(),
        *,
        scoring: Scoring = "official",
        table: TranspositionTable | None = None,
        progress: Callable[[Progress], None] | None = None,
        progress_after: float = 5.0,
    ) -> None:
        self.options = options
        self.scoring: Scoring = scoring
        self.table = TranspositionTable() if table is None else table
        self.nodes = 0
        self.leaves = 0
        self.progress = progress
        self.started = time.perf_counter()
        self.progress_after = progress_after
        self.next_report_time = self.started + progress_after
        self.next_check = 1 << 14
        self.lower, self.upper = LOWEST, HIGHEST
        self.table_from = options.table_empties if options.table else 65
        self.fastest_from = options.fastest_empties if options.ordering == "fastest" else 65

    # ----------------------------------------------------------------------- progress

    def check_progress(self) -> None:
        """Called every 16,384 nodes: report if a report is due."""
        self.next_check = self.nodes + (1 << 14)
        if self.progress is None:
            return
        now = time.perf_counter()
        if now >= self.next_report_time:
            self.next_report_time = now + self.progress_after
            self.progress(Progress(now - self.started, self.nodes, self.lower, self.upper))

    # ----------------------------------------------------------------------- the search

    def search(self, mover: int, opponent: int, alpha: int, beta: int, empties: int) -> int:
        """Fail-soft α-β with null windows for all but the first move (PVS), to the end.

        Guarantee, with v the true value and r the returned one: if r ≤ alpha then v ≤ r;
        if r ≥ beta then v ≥ r; otherwise r = v.

        Args:
            mover, opponent: The discs of the side to move and of the other side.
            alpha, beta: The window, alpha < beta.
            empties: The number of empty squares (64 − discs).
        """
        if empties < self.table_from and empties < self.fastest_from:
            return self.start_shallow(mover, opponent, alpha, beta)
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check_progress()
        table = self.table if empties >= self.table_from else None
        stored = None
        if table is not None:
            entry = table.probe((mover, opponent))
            if entry is not None:
                known = table.answer(entry, empties, alpha, beta)
                if known is not None:
                    table.stats.cutoffs += 1
                    return int(known)
                stored = entry.move
        moves = legal_moves_mask(mover, opponent)
        if not moves:
            if legal_moves_mask(opponent, mover):
                return -self.search(opponent, mover, -beta, -alpha, empties)  # pass
            self.leaves += 1
            return final_score(mover, opponent, self.scoring)
        ordered = self.ordered(mover, opponent, moves, stored, empties)
        if table is not None and empties > self.table_from and self.options.stored_move:
            proven = self.transposition_cutoff(mover, opponent, ordered, beta)
            if proven is not None:
                return proven
        best, best_move = LOWEST - 1, None
        low = alpha
        for square, flipped in ordered:
            child_mover, child_opponent = opponent ^ flipped, mover | flipped | 1 << square
            if best_move is None:  # the first move: the full window
                value = -self.search(child_mover, child_opponent, -beta, -low, empties - 1)
            else:  # the others: "better than low?" with a null window, again if so
                value = -self.search(child_mover, child_opponent, -low - 1, -low, empties - 1)
                if low < value < beta:
                    value = -self.search(child_mover, child_opponent, -beta, -value, empties - 1)
            if value > best:
                best, best_move = value, square
                if best >= beta:
                    break
                if best > low:
                    low = best
        if table is not None:
            table.store(
                (mover, opponent), empties, best, table.classify(best, alpha, beta), best_move
            )
        return best

    def transposition_cutoff(
        self, mover: int, opponent: int, ordered: list[tuple[int, int]], beta: int
    ) -> int | None:
        """A cutoff proven by the table before any move is searched (*enhanced transposition
        cutoff*): if the table holds, for the position after some move, an upper bound u
        (or an exact value) with −u ≥ beta, that move alone is worth at least −u ≥ beta.

        Returns:
            −u, a lower bound on the value that is ≥ beta, or None.
        """
        get = self.table.get
        for square, flipped in ordered:
            entry = get((opponent ^ flipped, mover | flipped | 1 << square))
            if entry is not None and entry.bound is not Bound.LOWER and -entry.value >= beta:
                self.table.stats.cutoffs += 1
                return -int(entry.value)
        return None

    def ordered(
        self, mover: int, opponent: int, moves: int, stored: int | None, empties: int
    ) -> list[tuple[int, int]]:
        """The moves as ``(square, flipped discs)``, in the order they are searched.

        The stored move first (if ``stored_move``); then, with enough empty squares,
        fastest-first: fewest opponent replies (replies on corners counted twice with
        ``corners``; odd regions first among equals with ``parity``); else static or
        square order.
        """
        options = self.options
        if empties >= self.fastest_from:
            parity = self.odd_regions(FULL ^ (mover | opponent)) if options.parity else FULL
            scored = []
            for square in squares_of(moves):
                flipped = flips(mover, opponent, square)
                replies = legal_moves_mask(opponent ^ flipped, mover | flipped | 1 << square)
                score = replies.bit_count()
                if options.corners:
                    score += (replies & CORNERS).bit_count()
                score = 2 * score + (0 if parity >> square & 1 else 1)
                scored.append((score, square, flipped))
            scored.sort()
            ordered = [(square, flipped) for _, square, flipped in scored]
        else:
            squares = STATIC_ORDER if options.ordering != "none" else range(64)
            ordered = [
                (square, flips(mover, opponent, square))
                for square in squares
                if moves >> square & 1
            ]
        if stored is not None and options.stored_move and ordered[0][0] != stored:
            for index, (square, _) in enumerate(ordered):
                if square == stored:
                    ordered.insert(0, ordered.pop(index))
                    break
        return ordered

    @staticmethod
    def odd_regions(empty: int) -> int:
        """The empty squares that lie in a quarter of the board with an odd number of them."""
        odd = 0
        for quadrant in QUADRANTS:
            region = empty & quadrant
            if region.bit_count() & 1:
                odd |= region
        return odd

    def start_shallow(self, mover: int, opponent: int, alpha: int, beta: int) -> int:
        """:meth:`search_shallow` from a position: its empty squares listed once, in the
        order they will be tried (by square weight, or a1…h8 with ``ordering="none"``),
        and the parity of each quarter of the board."""
        empty = FULL ^ (mover | opponent)
        squares = squares_of(empty) if self.options.ordering == "none" else STATIC_ORDER
        listed = [square for square in squares if empty >> square & 1]
        parity = 0
        for square in listed:
            parity ^= QUADRANT_BIT[square]
        return self.search_shallow(mover, opponent, alpha, beta, listed, parity)

    def search_shallow(
        self, mover: int, opponent: int, alpha: int, beta: int, squares: list[int], parity: int
    ) -> int:
        """The same fail-soft α-β for the last few empty squares, without table or move list.

        Each empty square is tried in turn (a square that flips nothing is not a move): with
        a handful of squares left this is cheaper than computing the legal moves. The
        squares come in the order of ``squares``, with ``parity`` those in a quarter of the
        board with an odd number of empty squares first (bit q of ``parity`` is set when
        quarter q has an odd number). Same guarantee as :meth:`search`.
        """
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check_progress()
        if len(squares) == 2:
            return self.last_two(mover, opponent, alpha, beta, squares[0], squares[1])
        if len(squares) < 2:  # only when asked about a position with fewer empty squares
            return (
                self.last_square(mover, opponent, squares[0])
                if squares
                else self.end(mover, opponent)
            )
        if self.options.parity:
            order = [s for s in squares if parity & QUADRANT_BIT[s]]
            order += [s for s in squares if not parity & QUADRANT_BIT[s]]
        else:
            order = squares
        best = low = LOWEST - 1
        if alpha > low:
            low = alpha
        for square in order:
            if not opponent & RAY_STARTS[square]:  # no opponent disc next to it: no move
                continue
            flipped = flips(mover, opponent, square)
            if not flipped:
                continue
            value = -self.search_shallow(
                opponent ^ flipped,
                mover | flipped | 1 << square,
                -beta,
                -low,
                [other for other in squares if other != square],
                parity ^ QUADRANT_BIT[square],
            )
            if value > best:
                best = value
                if best >= beta:
                    return best
                if best > low:
                    low = best
        if best > LOWEST - 1:
            return best
        for square in squares:
            if flips(opponent, mover, square):  # the opponent can move: pass
                return -self.search_shallow(opponent, mover, -beta, -alpha, squares, parity)
        return self.end(mover, opponent)

    def last_two(
        self, mover: int, opponent: int, alpha: int, beta: int, first: int, second: int
    ) -> int:
        """:meth:`search_shallow` written out for two empty squares (the most frequent case)."""
        best = LOWEST - 1
        flipped = flips(mover, opponent, first)
        if flipped:
            best = -self.last_square(opponent ^ flipped, mover | flipped | 1 << first, second)
            if best >= beta:
                return best
        flipped = flips(mover, opponent, second)
        if flipped:
            value = -self.last_square(opponent ^ flipped, mover | flipped | 1 << second, first)
            return value if value > best else best
        if best > LOWEST - 1:
            return best
        if flips(opponent, mover, first) or flips(opponent, mover, second):  # pass
            self.nodes += 1
            return -self.last_two(opponent, mover, -beta, -alpha, first, second)
        return self.end(mover, opponent)

    def end(self, mover: int, opponent: int) -> int:
        """The score of a finished game (neither side can move), counted as a leaf."""
        self.leaves += 1
        return final_score(mover, opponent, self.scoring)

    def last_square(self, mover: int, opponent: int, square: int) -> int:
        """The value when one empty square is left: whoever can play there does.

        The board is then full, so the score is ``2 × discs − 64``; if neither side can
        play there, the game ends with the square empty (scored by ``scoring``).
        """
        self.leaves += 1
        flipped = flips(mover, opponent, square)
        if flipped:
            return 2 * (mover.bit_count() + flipped.bit_count()) + 2 - 64
        flipped = flips(opponent, mover, square)
        if flipped:
            return 64 - 2 * (opponent.bit_count() + flipped.bit_count()) - 2
        return final_score(mover, opponent, self.scoring)

    # ----------------------------------------------------------------------- the drivers

    def probe(self, mover: int, opponent: int, gamma: int) -> int:
        """Is the value at least ``gamma``? One null-window search (γ − 1, γ).

        Guarantee: the result r is ≥ γ exactly when the value is, and then value ≥ r;
        otherwise value ≤ r ≤ γ − 1.
        """
        empties = 64 - (mover | opponent).bit_count()
        return self.search(mover, opponent, gamma - 1, gamma, empties)

    def win_loss_draw(self, mover: int, opponent: int) -> int:
        """+1, 0 or −1: win, draw or loss for the mover, by one search with the window (−1, 1).

        Fail-soft: a result ≥ 1 proves a win, ≤ −1 a loss, and 0 (inside the window) is
        exact, a draw. ``lower`` and ``upper`` keep what the search proved.
        """
        empties = 64 - (mover | opponent).bit_count()
        value = self.search(mover, opponent, -1, 1, empties)
        if value >= 1:
            self.lower = value
            return 1
        if value <= -1:
            self.upper = value
            return -1
        self.lower = self.upper = 0
        return 0

    def exact(self, mover: int, opponent: int, guess: int = 0) -> int:
        """The exact value, by null-window probes that narrow ``lower ≤ value ≤ upper``.

        As in MTD(f): probe γ = the last answer (or one above it when that is the lower
        bound); a fail-soft answer ≥ γ raises the lower bound to it, else lowers the upper
        bound to it. The table keeps the probes from searching the same positions again.

        Guarantee: the returned value is exact; ``lower`` and ``upper`` equal it.
        """
        value = guess
        while self.lower < self.upper:
            gamma = value + 1 if value == self.lower else value
            gamma = min(max(gamma, self.lower + 1), self.upper)
            value = self.probe(mover, opponent, gamma)
            if value >= gamma:
                self.lower = value
            else:
                self.upper = value
        return self.lower

    def value_is(self, mover: int, opponent: int, value: int, mode: Mode) -> bool:
        """Whether the position's value (its win/loss/draw sign in ``"wld"``) is ``value``."""
        empties = 64 - (mover | opponent).bit_count()
        if mode == "wld":
            found = self.search(mover, opponent, -1, 1, empties)
            return (found > 0) - (found < 0) == value
        return (
            self.search(mover, opponent, value - 1, value, empties) >= value
            and self.search(mover, opponent, value, value + 1, empties) <= value
        )

    def principal_variation(
        self, mover: int, opponent: int, value: int, mode: Mode
    ) -> Iterator[int]:
        """A line of best play from a position of known ``value``, move by move.

        At each position, the move whose resulting position is worth exactly −value to the
        opponent is played (the table's move is tried first, so this is usually one cheap
        check per move). Guarantee: every move of the line keeps the value: it is a best
        move (in ``"wld"``: it keeps the result).
        """
        while True:
            moves = legal_moves_mask(mover, opponent)
            if not moves:
                if not legal_moves_mask(opponent, mover):
                    return
                yield PASS
                mover, opponent, value = opponent, mover, -value
                continue
            entry = self.table.get((mover, opponent))
            stored = None if entry is None else entry.move
            empties = 64 - (mover | opponent).bit_count()
            for square, flipped in self.ordered(mover, opponent, moves, stored, max(empties, 64)):
                child = opponent ^ flipped, mover | flipped | 1 << square
                if self.value_is(*child, -value, mode):
                    yield square
                    mover, opponent = child
                    value = -value
                    break
            else:  # pragma: no cover - would mean a wrong value
                raise AssertionError("no move keeps the value: the search is wrong")


# --------------------------------------------------------------------------- solve


@dataclass(frozen=True)
class EndgameResult(SearchResult):
    """What :func:`solve` returns: a :class:`~gamelib.search.common.SearchResult` and more.

    ``value`` is from the view of the side to move: in ``"exact"`` mode the final disc
    difference with best play, in ``"wld"`` mode +1 (win), 0 (draw) or −1 (loss). ``move``
    is a best move, ``pv`` a line of best play to the end of the game.

    Attributes:
        mode: ``"exact"`` or ``"wld"``.
        lower, upper: what was proven about the final disc difference (equal for an exact
            solve; for a win/loss/draw solve, the fail-soft bound, e.g. a win by at least 2).
        seconds: the time the solve took.
        empties: the empty squares of the position.
        complete: False when the solve was stopped (Ctrl-C): then only ``lower ≤ value ≤
            upper`` is known, ``value`` is ``lower`` and ``move``/``pv`` are empty.
    """

    mode: Mode = "exact"
    lower: int = LOWEST
    upper: int = HIGHEST
    seconds: float = 0.0
    empties: int = 0
    complete: bool = True


SECONDS_AT_14: Final = 0.15
GROWTH_PER_EMPTY: Final = 2.7
"""The time estimate of :func:`estimated_seconds`: about 0.15 s with 14 empty squares and
×2.7 for each one more (``benchmarks/endgame.py`` on the course's 2-core machine, CPU time:
0.1 s on average for the 14-empty positions of the FFO suite, 34 and 47 s for #26 and #40
with 20)."""

MAX_EMPTIES: Final = 22
"""The most empty squares :func:`solve` accepts unless told otherwise (several minutes)."""


def estimated_seconds(empties: int) -> float:
    """A rough estimate of the time of an exact solve with ``empties`` empty squares."""
    return SECONDS_AT_14 * GROWTH_PER_EMPTY ** (empties - 14)


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86400:,.0f} days"


def check_position(state: OthelloState, max_empties: int) -> int:
    """The number of empty squares of a position :func:`solve` can take.

    Raises:
        ValueError: for discs on the same square, a side to move that is not Black
            (FIRST) or White (SECOND), or more than ``max_empties`` empty squares (the
            message gives an estimate of the time it would take).
    """
    if not isinstance(state, OthelloState):
        raise ValueError(f"expected an OthelloState, got {type(state).__name__}")
    mover, opponent, player = state
    if not isinstance(mover, int) or not isinstance(opponent, int):
        raise ValueError("the discs must be bitboards (ints)")
    if not 0 <= mover <= FULL or not 0 <= opponent <= FULL:
        raise ValueError("a bitboard has 64 squares: the discs must be ints from 0 to 2**64 - 1")
    if mover & opponent:
        both = ", ".join(square_name(square) for square in squares_of(mover & opponent))
        raise ValueError(f"a square cannot hold a black and a white disc: {both}")
    if player not in (FIRST, SECOND):
        raise ValueError(
            f"the side to move must be FIRST (0, Black) or SECOND (1, White), not {player!r}"
        )
    empties = 64 - (mover | opponent).bit_count()
    if empties > max_empties:
        raise ValueError(
            f"{empties} empty squares is more than this solver is meant for "
            f"(max_empties={max_empties}): an exact solve would take about "
            f"{_duration(estimated_seconds(empties))} (×{GROWTH_PER_EMPTY} per empty square); "
            f"pass max_empties={empties} to try anyway"
        )
    return empties


def solve(
    state: OthelloState,
    mode: Mode = "exact",
    *,
    options: Options = Options(),
    scoring: Scoring = "official",
    table: TranspositionTable | None = None,
    max_empties: int = MAX_EMPTIES,
    progress: bool | Callable[[Progress], None] = True,
    progress_after: float = 5.0,
    pv: bool = True,
) -> EndgameResult:
    """Solve an Othello position exactly: its value with perfect play, a best move and line.

    Args:
        state: The position.
        mode: ``"exact"`` for the final disc difference, ``"wld"`` for win / loss / draw
            only (one null-window search, much cheaper: it may stop at the first move
            that wins, by any margin).
        options: The ordering ideas to use (:class:`Options`; :data:`ABLATION` lists them
            one at a time).
        scoring: ``"official"`` (empty squares to the winner) or ``"difference"``.
        table: The transposition table to use (a new one by default); share one only
            between solves with the same ``scoring``, since it keeps values.
        max_empties: Refuse positions with more empty squares than this.
        progress: How to report progress on a long solve: ``True`` prints a line, a
            function is called with a :class:`Progress`, ``False`` stays silent.
        progress_after: Seconds before the first report, and between reports.
        pv: Find the principal variation (a few more searches, mostly answered by the table).

    Returns:
        An :class:`EndgameResult`. A position that is already over returns its score, with
        no move. Ctrl-C stops a long solve cleanly: the result then has ``complete=False``
        and the bounds proven so far.

    Raises:
        ValueError: for a position that is not valid (see :func:`check_position`), an
            unknown mode or scoring.
    """
    if mode not in ("exact", "wld"):
        raise ValueError(f"mode must be 'exact' or 'wld', not {mode!r}")
    if scoring not in SCORINGS:
        raise ValueError(f"scoring must be 'official' or 'difference', not {scoring!r}")
    report = print_progress if progress is True else progress or None
    empties = check_position(state, 64)
    solver = EndgameSolver(
        options, scoring=scoring, table=table, progress=report, progress_after=progress_after
    )
    mover, opponent = state.mover, state.opponent
    if not legal_moves_mask(mover, opponent) and not legal_moves_mask(opponent, mover):
        solver.lower = solver.upper = score = solver.end(mover, opponent)  # already over
        value = (score > 0) - (score < 0) if mode == "wld" else score
        return _result(solver, mode, value, (), empties, complete=True)
    check_position(state, max_empties)
    try:
        if mode == "wld":
            value = solver.win_loss_draw(mover, opponent)
        else:
            value = solver.exact(mover, opponent)
        line = tuple(solver.principal_variation(mover, opponent, value, mode)) if pv else ()
        if not pv:
            entry = solver.table.get((mover, opponent))
            line = () if entry is None or entry.move is None else (entry.move,)
    except KeyboardInterrupt:
        return _result(solver, mode, solver.lower, (), empties, complete=False)
    return _result(solver, mode, value, line, empties, complete=True)


def _result(
    solver: EndgameSolver, mode: Mode, value: int, line: tuple[int, ...], empties: int,
    *, complete: bool,
) -> EndgameResult:  # fmt: skip
    return EndgameResult(
        value,
        line[0] if line else None,
        line,
        SearchStats(nodes=solver.nodes, leaves=solver.leaves),
        f"solve({mode!r})",
        mode=mode,
        lower=solver.lower,
        upper=solver.upper,
        seconds=time.perf_counter() - solver.started,
        empties=empties,
        complete=complete,
    )


def move_values(
    state: OthelloState,
    *,
    options: Options = Options(),
    scoring: Scoring = "official",
) -> dict[str, int]:
    """The exact value of every legal move (mover's view), by name, best first.

    One exact solve per move, sharing one table. This is what the suite publishes for
    #1-#39, and what "which move wins, and by how much?" asks.
    """
    check_position(state, MAX_EMPTIES)
    table = TranspositionTable()
    mover, opponent = state.mover, state.opponent
    values = {}
    for square in squares_of(legal_moves_mask(mover, opponent)):
        flipped = flips(mover, opponent, square)
        child = OthelloState(opponent ^ flipped, mover | flipped | 1 << square, 1 - state.player)
        found = solve(
            child, options=options, scoring=scoring, table=table, progress=False, pv=False
        )
        values[square_name(square)] = -int(found.value)
    return dict(sorted(values.items(), key=lambda item: -item[1]))


def square_names(line: tuple[int, ...]) -> str:
    """A line of moves written out: ``"a2 b1 c1 pass b6"``."""
    return " ".join(square_name(move) for move in line)


def line_pictures(state: OthelloState, line: tuple[int, ...], size: int = 150) -> SideBySide:
    """The position and the one after each move of ``line``, side by side, each captioned
    with the move just played (outlined on the board) and, at the end, the final score by the
    official rule."""
    game = Othello()
    pictures, captions = [game.picture(state, size=size, marks=False)], ["start"]
    for number, move in enumerate(line, start=1):
        state = game.result(state, move)
        last = None if move == PASS else move
        pictures.append(game.picture(state, size=size, marks=False, last_move=last))
        captions.append(f"{number}. {square_name(move)}")
    if game.is_terminal(state):
        black = final_score(state.black, state.white)
        captions[-1] += f" · Black {black:+d}"
    return SideBySide(pictures, captions)


__all__ = [
    "ABLATION",
    "FFO",
    "EndgameResult",
    "EndgameSolver",
    "Options",
    "Progress",
    "PublishedPosition",
    "check_position",
    "estimated_seconds",
    "line_pictures",
    "move_values",
    "position",
    "solve",
    "square_names",
]
