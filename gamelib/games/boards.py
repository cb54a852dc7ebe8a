"""SVG pictures of grid boards, shared by the game modules.

A picture is a plain SVG string wrapped in :class:`BoardPicture`, whose ``_repr_svg_``
method makes Jupyter draw it (the same pattern python-chess uses). Nothing here imports a
drawing library: the SVG is written by hand, so ``import gamelib`` stays fast and the
pictures also work outside Jupyter (save ``picture.svg`` to a file and open it in a browser).

:func:`disc_board_svg` draws a reversi-style board (green squares, black and white discs,
column letters and row numbers) of any size; both :mod:`gamelib.games.minireversi` and
:mod:`gamelib.games.othello` use it. Tic-tac-toe draws its own grid with :func:`svg_document`
and the helpers below.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

Cell = tuple[int, int]
"""A square of a grid as ``(row, column)``, both counted from 0 at the top left."""

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""Column names used in the coordinates: ``a`` is the leftmost column."""


@dataclass(frozen=True)
class BoardPicture:
    """An SVG picture of a position that Jupyter draws by itself.

    Attributes:
        svg: The complete SVG document.
    """

    svg: str

    def _repr_svg_(self) -> str:
        """The picture for Jupyter's rich display."""
        return self.svg

    def __str__(self) -> str:
        return self.svg


def svg_document(
    width: float, height: float, body: Iterable[str], title: str = "", description: str = ""
) -> str:
    """Wrap SVG elements in an ``<svg role="img">`` element of the given size in pixels.

    Args:
        width: Width of the picture in pixels.
        height: Height of the picture in pixels.
        body: The SVG elements, one string each.
        title: An optional title (shown as a tooltip, read by screen readers).
        description: An optional text alternative (a ``<desc>``, read by screen readers):
            the board in text (:func:`board_text`).

    Returns:
        The SVG document as a string.
    """
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif">'
    )
    parts = [head]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    if description:
        parts.append(f"<desc>{escape(description)}</desc>")
    parts.extend(body)
    parts.append("</svg>")
    return "\n".join(parts)


def text_element(x: float, y: float, text: str, size: float, color: str = "#333") -> str:
    """An SVG text element centred on ``(x, y)``."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{color}" '
        f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>'
    )


def board_text(signs: list[list[str]]) -> str:
    """A board in text, one line per row from the top: the column letters, then each row's
    number and its squares' signs (``●`` black, ``○`` white, ``X``, ``O``, ``·`` empty).

    >>> print(board_text([["●", "○"], ["·", "●"]]))
      a b
    1 ● ○
    2 · ●
    """
    width = len(str(len(signs)))
    header = " " * (width + 1) + " ".join(COLUMN_LETTERS[: len(signs[0]) if signs else 0])
    rows = [f"{number:>{width}} " + " ".join(row) for number, row in enumerate(signs, start=1)]
    return "\n".join([header, *rows])


def disc_board_svg(
    rows: int,
    columns: int,
    black: Iterable[Cell],
    white: Iterable[Cell],
    *,
    marks: Iterable[Cell] = (),
    highlight: Iterable[Cell] = (),
    size: float = 320,
    coordinates: bool = True,
    square_labels: dict[Cell, str] | None = None,
    caption: str = "",
) -> str:
    """Draw a reversi-style board: green squares with black and white discs.

    Args:
        rows: Number of rows.
        columns: Number of columns.
        black: Squares holding a black disc.
        white: Squares holding a white disc.
        marks: Squares to mark with a small dot (for example the legal moves).
        highlight: Squares to outline in red (for example the last move).
        size: Width of the whole picture in pixels.
        coordinates: Whether to write the column letters (``a`` on the left) above the board
            and the row numbers (``1`` at the top) on its left.
        square_labels: Optional small text per square (for example its number).
        caption: Optional line of text under the board (for example whose turn it is).

    Returns:
        The SVG document as a string.
    """
    black, white = list(black), list(white)  # read twice: drawn, then written as text
    margin = size * 0.08 if coordinates else size * 0.02
    square = (size - 2 * margin) / columns
    width = size
    board_height = square * rows
    caption_height = size * 0.1 if caption else 0.0
    height = board_height + 2 * margin + caption_height
    body: list[str] = [
        f'<rect x="0" y="0" width="{width:.1f}" height="{height:.1f}" fill="white"/>',
        f'<rect x="{margin:.1f}" y="{margin:.1f}" width="{square * columns:.1f}" '
        f'height="{board_height:.1f}" fill="#2e8b57" stroke="black" stroke-width="2"/>',
    ]
    for line in range(1, columns):
        x = margin + line * square
        body.append(
            f'<line x1="{x:.1f}" y1="{margin:.1f}" x2="{x:.1f}" y2="{margin + board_height:.1f}" '
            'stroke="black" stroke-width="1"/>'
        )
    for line in range(1, rows):
        y = margin + line * square
        body.append(
            f'<line x1="{margin:.1f}" y1="{y:.1f}" x2="{margin + square * columns:.1f}" '
            f'y2="{y:.1f}" stroke="black" stroke-width="1"/>'
        )
    if coordinates:
        for column in range(columns):
            x = margin + (column + 0.5) * square
            body.append(text_element(x, margin / 2, COLUMN_LETTERS[column], margin * 0.6))
        for row in range(rows):
            y = margin + (row + 0.5) * square
            body.append(text_element(margin / 2, y, str(row + 1), margin * 0.6))

    def centre(cell: Cell) -> tuple[float, float]:
        row, column = cell
        return margin + (column + 0.5) * square, margin + (row + 0.5) * square

    radius = square * 0.42
    for cells, fill in ((black, "black"), (white, "white")):
        for cell in cells:
            x, y = centre(cell)
            body.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}" '
                'stroke="black" stroke-width="1.5"/>'
            )
    for cell in marks:
        x, y = centre(cell)
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{square * 0.1:.1f}" fill="#ffd700" '
            'stroke="black" stroke-width="0.5"/>'
        )
    for cell in highlight:
        row, column = cell
        body.append(
            f'<rect x="{margin + column * square + 2:.1f}" y="{margin + row * square + 2:.1f}" '
            f'width="{square - 4:.1f}" height="{square - 4:.1f}" fill="none" stroke="red" '
            'stroke-width="3"/>'
        )
    for cell, label in (square_labels or {}).items():
        row, column = cell
        body.append(
            text_element(
                margin + column * square + square * 0.14,
                margin + row * square + square * 0.13,
                label,
                square * 0.17,
                "#cfe8d8",
            )
        )
    if caption:
        body.append(
            text_element(
                width / 2, board_height + 2 * margin + caption_height / 3, caption, size * 0.05
            )
        )
    signs = [["·"] * columns for _ in range(rows)]
    for cells, sign in ((black, "●"), (white, "○")):
        for row, column in cells:
            signs[row][column] = sign
    return svg_document(width, height, body, caption, board_text(signs))


class SideBySide:
    """Several board pictures in a row, each with a caption, for Jupyter (HTML)."""

    def __init__(self, pictures: Iterable[BoardPicture | str], captions: Iterable[str]) -> None:
        self.svgs = [picture if isinstance(picture, str) else picture.svg for picture in pictures]
        self.captions = list(captions)

    def _repr_html_(self) -> str:
        cells = "".join(
            '<figure style="margin:0 1.5em 0 0;text-align:center">'
            f"{svg}<figcaption>{escape(caption)}</figcaption></figure>"
            for svg, caption in zip(self.svgs, self.captions, strict=True)
        )
        return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-end">{cells}</div>'
