"""A line of play shown: its moves written out, and its positions drawn side by side."""

from __future__ import annotations

from gamelib.games.boards import SideBySide
from gamelib.games.othello import PASS, Othello, OthelloState, final_score, square_name


def square_names(line: tuple[int, ...]) -> str:
    """A line of moves written out: ``"a2 b1 c1 pass b6"``."""
    return " ".join(square_name(move) for move in line)


def line_pictures(state: OthelloState, line: tuple[int, ...], size: int = 150) -> SideBySide:
    """The position and the one after each move of ``line``, side by side.

    Each picture is captioned with the move just played (outlined on the board); when the
    line ends the game, the last caption adds the final score by the official rule.
    """
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


__all__ = ["line_pictures", "square_names"]
