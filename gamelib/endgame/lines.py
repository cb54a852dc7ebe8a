"""A line of play shown: its moves written out, its positions drawn side by side, or stepped
through one move at a time with the value after each (:class:`PerfectLine`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from gamelib.endgame.solver import EndgameSolver
from gamelib.games.boards import SideBySide
from gamelib.games.othello import (
    PASS,
    Othello,
    OthelloState,
    Scoring,
    final_score,
    square_name,
)
from gamelib.language import Language, resolve
from gamelib.search.table import TranspositionTable

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "start": {"en": "start", "ja": "開始局面"},
    "final score": {"en": "{caption} · Black {score}", "ja": "{caption} · 黒 {score}"},
    "Black": {"en": "Black", "ja": "黒"},
    "White": {"en": "White", "ja": "白"},
    "to move": {
        "en": "{player} to move · value with perfect play: Black {value}",
        "ja": "{player}の手番 · 双方が最善を尽くしたときの値：黒 {value}",
    },
    "played": {
        "en": "{number}. {player} {move} · value now: Black {value}",
        "ja": "{number}. {player} {move} · この局面の値：黒 {value}",
    },
    "passed": {
        "en": "{number}. {player} passes · value now: Black {value}",
        "ja": "{number}. {player}はパス · この局面の値：黒 {value}",
    },
    "over": {
        "en": "{number}. {player} {move} · game over: Black {value} (official score)",
        "ja": "{number}. {player} {move} · 終局：黒 {value}（公式ルールの得点）",
    },
    "empties": {"en": "{empty} empty squares", "ja": "空きマス {empty} 個"},
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


def signed(value: int) -> str:
    """A score with its sign and a true minus: ``+18``, ``0``, ``−4``."""
    return f"{value:+d}".replace("-", "−") if value else "0"


@dataclass(frozen=True)
class PerfectLine:
    """A line of play with the exact value of every position on it, shown as a player.

    Step 0 is the start; step k the position after the k-th move, with the move outlined,
    a sentence giving the move and the position's exact value with perfect play from Black's
    view (solved when the line is made), and the discs on the board. A line of perfect play
    keeps the value from start to end; a mistake shows as a step where it changes.

    Attributes:
        states: the positions, the start first.
        moves: the moves (``PASS`` for a pass).
        values: each position's exact value, Black's view (the final score at the end).
        title: the player's heading.
        size: the board's width in pixels.
        language: the language of its words.
    """

    states: tuple[OthelloState, ...]
    moves: tuple[int, ...]
    values: tuple[int, ...]
    title: str
    size: int
    language: Language

    def sentences(self) -> list[str]:
        """What each step says, in the player's language."""
        words = {key: texts[self.language] for key, texts in WORDS.items()}
        players = (words["Black"], words["White"])
        said = [
            words["to move"].format(
                player=players[self.states[0].player], value=signed(self.values[0])
            )
        ]
        game = Othello()
        for number, (move, before, after, value) in enumerate(
            zip(self.moves, self.states[:-1], self.states[1:], self.values[1:], strict=True),
            start=1,
        ):
            if move == PASS:
                template = "passed"
            elif game.is_terminal(after):
                template = "over"
            else:
                template = "played"
            said.append(
                words[template].format(
                    number=number,
                    player=players[before.player],
                    move=square_name(move) if move != PASS else "",
                    value=signed(value),
                )
            )
        return said

    def counts(self) -> list[str]:
        """The empty squares of each step, in the player's language (the board's own caption
        gives the discs and the side to move)."""
        template = WORDS["empties"][self.language]
        return [
            template.format(empty=64 - (state.black | state.white).bit_count())
            for state in self.states
        ]

    def boards(self) -> list[str]:
        """Each step's board as SVG, the move just played outlined."""
        game = Othello()
        return [
            game.picture(
                state,
                size=self.size,
                marks=False,
                last_move=None
                if index == 0 or self.moves[index - 1] == PASS
                else self.moves[index - 1],
                language=self.language,
            ).svg
            for index, state in enumerate(self.states)
        ]

    def _repr_html_(self) -> str:
        from gamelib.render.boardline import board_line_html

        return board_line_html(
            self.boards(), self.sentences(), self.counts(), self.title, language=self.language
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/html": self._repr_html_(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return f"<PerfectLine: {len(self.moves)} moves, values {sorted(set(self.values))}>"


def perfect_line(
    state: OthelloState,
    line: tuple[int, ...],
    title: str,
    *,
    size: int = 360,
    scoring: Scoring = "official",
    language: str | None = None,
) -> PerfectLine:
    """A :class:`PerfectLine` of ``line`` from ``state``: every position on it solved exactly
    (one table shared along the line, so each solve after the first is mostly answered by it).

    Raises:
        ValueError: if a move of ``line`` is not legal where it is played.
    """
    game = Othello()
    states = [state]
    for move in line:
        states.append(game.result(states[-1], move))
    table = TranspositionTable()
    values = []
    for position in states:
        solver = EndgameSolver(table=table, scoring=scoring)
        value = solver.exact(position.mover, position.opponent)
        values.append(value if position.player == 0 else -value)
    return PerfectLine(tuple(states), tuple(line), tuple(values), title, size, resolve(language))


__all__ = ["PerfectLine", "line_pictures", "perfect_line", "signed", "square_names"]
