"""A line of play on a board, stepped through with the course's HTML player.

The positions of a line become the frames of :func:`~gamelib.render.static.html_player`, the
same player (buttons, slider, speed, keys, one language) that steps through a search's trace:
each frame's drawing is the board, its sentence says the move and the value, its counts line
the discs. There is no second player: only the frames differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamelib.language import resolve
from gamelib.render.frames import Frame
from gamelib.render.static import html_player


@dataclass(frozen=True)
class TextLine:
    """A counts line that is already written (in the player's language)."""

    line: str

    def text(self, language: str | None = None) -> str:
        """The line (already in the player's language)."""
        return self.line


def board_line_html(
    boards: Sequence[str],
    sentences: Sequence[str],
    counts: Sequence[str],
    title: str,
    *,
    language: str | None = None,
) -> str:
    """The HTML player of a line of play: step ``k`` shows ``boards[k]`` (an SVG), with
    ``sentences[k]`` and ``counts[k]`` (texts already in ``language``).

    Raises:
        ValueError: if the three sequences are not equally long, or empty.
    """
    if not boards or not len(boards) == len(sentences) == len(counts):
        raise ValueError(
            f"one sentence and one counts line per board: got {len(boards)} boards, "
            f"{len(sentences)} sentences, {len(counts)} counts lines"
        )
    frames = [
        Frame(step, board, sentence, "", TextLine(line))
        for step, (board, sentence, line) in enumerate(zip(boards, sentences, counts, strict=True))
    ]
    return html_player(
        {"max": [frames]}, [title], [len(frames) - 1], "max", language=resolve(language),
        legend=False,
    )  # fmt: skip


__all__ = ["TextLine", "board_line_html"]
