"""How drawings of game trees look: node kinds and statuses, the palette, the colour rules,
font sizes and a text-width estimate.

Both renderers (:mod:`gamelib.render.dot` and the matplotlib fallback
:mod:`gamelib.render.fallback`) take every colour, width and font size from here, so they
cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias
from unicodedata import east_asian_width

NodeKind: TypeAlias = Literal["max", "min", "more"]
NodeStatus: TypeAlias = Literal["static", "unvisited", "open", "done", "pruned"]
EdgeStatus: TypeAlias = Literal["static", "unvisited", "path", "done", "pruned"]
LabelKind: TypeAlias = Literal["", "window", "cut"]
Rankdir: TypeAlias = Literal["TB", "LR"]
TOP_TO_BOTTOM_INCHES = 13.4
"""Trees whose leaves fit this width (1280 pixels at 96 dpi) are drawn top to bottom, wider
ones left to right."""

TITLE_SIZE = 11.0
VALUE_SIZE = 16.0
WINDOW_SIZE = 11.0
CUT_SIZE = 10.0
MOVE_SIZE = 10.0
"""Font sizes in points."""


# --------------------------------------------------------------------------- the palette


@dataclass(frozen=True)
class Palette:
    """The colours every renderer uses (hex strings)."""

    max_line: str = "#1f4e9c"
    max_fill: str = "#dce8f8"
    min_line: str = "#b1401d"
    min_fill: str = "#fbe3d6"
    unvisited_max_line: str = "#8fa8cf"
    unvisited_min_line: str = "#d9a08c"
    unvisited_fill: str = "#ffffff"
    pruned_line: str = "#b4b4b4"
    pruned_fill: str = "#efefef"
    muted_text: str = "#9a9a9a"
    text: str = "#1a1a1a"
    provisional_text: str = "#4a4a4a"
    current_line: str = "#f39c12"
    window_text: str = "#6a3d9a"
    cut_text: str = "#b22222"
    mark_text: str = "#d35400"
    move_text: str = "#555555"
    edge: str = "#333333"
    unvisited_edge: str = "#c8c8c8"
    more_line: str = "#7f7f7f"
    more_fill: str = "#f7f7f7"


PALETTE = Palette()


def line_color(kind: NodeKind, status: NodeStatus) -> str:
    """The outline colour of a node."""
    if status == "pruned":
        return PALETTE.pruned_line
    if kind == "more":
        return PALETTE.more_line
    if status == "unvisited":
        return PALETTE.unvisited_max_line if kind == "max" else PALETTE.unvisited_min_line
    return PALETTE.max_line if kind == "max" else PALETTE.min_line


def fill_color(kind: NodeKind, status: NodeStatus) -> str:
    """The fill colour of a node."""
    if status == "pruned":
        return PALETTE.pruned_fill
    if status == "unvisited":
        return PALETTE.unvisited_fill
    if kind == "more":
        return PALETTE.more_fill
    return PALETTE.max_fill if kind == "max" else PALETTE.min_fill


def text_color(status: NodeStatus) -> str:
    """The colour of a node's name."""
    return PALETTE.muted_text if status in ("pruned", "unvisited") else PALETTE.text


def line_width(status: NodeStatus, current: bool) -> float:
    """The outline width of a node, in points."""
    if current:
        return 4.5
    return 3.0 if status == "open" else 1.5


# --------------------------------------------------------------------------- text sizes


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate (a little generous) of the width of ``text`` in points."""
    width = 0.0
    for character in text:
        if character in " ,.:;()[]|'":
            width += 0.34
        elif character in "il1":
            width += 0.45
        elif character.isdigit():
            width += 0.66
        elif character.isupper():
            width += 0.74
        elif character.isascii():
            width += 0.6
        elif east_asian_width(character) in ("W", "F"):
            width += 1.0  # kana, kanji and full-width signs are one em wide
        else:
            width += 0.86  # ∞ − ≥ ≤ ① α β ▾ and the like
    return width * size * (1.08 if bold else 1.0)
