"""The FFO endgame test suite: published positions with their exact values, and a reader for
positions written as 64 squares a1…h8.

The suite was compiled by Marc Tastet of the French Othello Federation (Fédération Française
d'Othello); the programs' results on it were published in the federation's newsletter
*FForum*. Andersson's page shows #40-#59, each with the game it comes from (mostly tournament
games, a few played by programs); the copies of #1-#39 used here name no game (source: Gunnar
Andersson's page http://www.radagast.se/othello/ffotest.html; the positions and values are
those distributed with Edax, github.com/abulmo/edax-reversi ``problem/fforum-1-19.obf`` and
``fforum-20-39.obf``, and in github.com/rcrr/reversi ``c/test/endgame_solver_test.c``).

:data:`FFO` holds the positions by number; each :class:`PublishedPosition` knows its board,
the side to move and the published value of its moves, so a solve can be checked against
them (``tests/test_endgame.py``, ``benchmarks/endgame.py``, notebook 09). :func:`position`
turns the suite's notation (or a board typed by hand) into an
:class:`~gamelib.games.othello.OthelloState`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from gamelib.core import FIRST, SECOND
from gamelib.games.othello import OthelloState


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
    """The positions written in ``text`` (as in :data:`_FFO_TEXT`), by number."""
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

Source: the FFO endgame test suite, compiled by Marc Tastet of the Fédération Française
d'Othello (results published in its newsletter FForum; #40 on with the game each comes
from, mostly tournament games; no game named for #1-#39 in the copies used), as presented on
Gunnar Andersson's page http://www.radagast.se/othello/ffotest.html. Positions and values
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


__all__ = ["FFO", "PublishedPosition", "position"]
