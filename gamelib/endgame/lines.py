"""A line of play shown: its moves written out, and its positions drawn side by side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamelib.games.boards import SideBySide
from gamelib.games.othello import PASS, Othello, OthelloState, final_score, square_name
from gamelib.language import Language, resolve

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "start": {"en": "start", "ja": "開始局面"},
    "final score": {"en": "{caption} · Black {score}", "ja": "{caption} · 黒 {score}"},
}
"""The words of the captions, in English and Japanese."""


def square_names(line: tuple[int, ...]) -> str:
    """A line of moves written out: ``"a2 b1 c1 pass b6"``."""
    return " ".join(square_name(move) for move in line)


def line_pictures(
    state: OthelloState,
    line: tuple[int, ...],
    size: int = 150,
    *,
    language: str | None = None,
) -> SideBySide:
    """The position and the one after each move of ``line``, side by side.

    Each picture is captioned with the move just played (outlined on the board); when the
    line ends the game, the last caption adds the final score by the official rule. Captions
    and pictures are in ``language`` (None: the course-wide setting).
    """
    chosen = resolve(language)
    game = Othello()
    pictures = [game.picture(state, size=size, marks=False, language=chosen)]
    captions = [WORDS["start"][chosen]]
    for number, move in enumerate(line, start=1):
        state = game.result(state, move)
        last = None if move == PASS else move
        pictures.append(
            game.picture(state, size=size, marks=False, last_move=last, language=chosen)
        )
        captions.append(f"{number}. {square_name(move)}")
    if game.is_terminal(state):
        black = final_score(state.black, state.white)
        captions[-1] = WORDS["final score"][chosen].format(
            caption=captions[-1], score=f"{black:+d}"
        )
    return SideBySide(pictures, captions)


__all__ = ["line_pictures", "square_names"]
