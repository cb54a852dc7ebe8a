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
    """The colours every renderer uses (hex strings).

    Drawings are made for white paper; in a dark theme they sit on a light sheet
    (``gamelib.render.static.SHEET_COLOR``). Against both, every text colour has a WCAG
    contrast ratio of at least 4.5:1 (on the fills it is drawn on too) and every line that
    carries meaning at least 3:1 (tests/render/test_contrast.py computes each pair). Colour is
    never the only carrier: a pruned node or edge is also dashed, the current node's outline
    is also thicker, a MAX node is a box and a MIN node an ellipse, a node not visited yet has
    no value."""

    max_line: str = "#1f4e9c"
    max_fill: str = "#dce8f8"
    min_line: str = "#b1401d"
    min_fill: str = "#fbe3d6"
    unvisited_max_line: str = "#5b7fb8"
    unvisited_min_line: str = "#c0704f"
    unvisited_fill: str = "#ffffff"
    pruned_line: str = "#858585"
    pruned_fill: str = "#efefef"
    muted_text: str = "#696969"
    text: str = "#1a1a1a"
    provisional_text: str = "#4a4a4a"
    current_line: str = "#c76a00"
    window_text: str = "#6a3d9a"
    cut_text: str = "#b22222"
    mark_text: str = "#a84300"
    move_text: str = "#555555"
    edge: str = "#333333"
    unvisited_edge: str = "#8a8a8a"
    more_line: str = "#7f7f7f"
    more_fill: str = "#f7f7f7"


PALETTE = Palette()


PAPER = "#ffffff"
"""The background drawings are made for (graphviz's page, the notebook's and website's light
theme)."""


def relative_luminance(color: str) -> float:
    """The WCAG 2 relative luminance of a ``#rrggbb`` colour: 0 for black, 1 for white."""

    def linear(channel: float) -> float:
        if channel <= 0.04045:
            return channel / 12.92
        return float(((channel + 0.055) / 1.055) ** 2.4)

    digits = color.lstrip("#")
    if len(digits) != 6:
        raise ValueError(f"not a #rrggbb colour: {color!r}")
    red, green, blue = (linear(int(digits[start : start + 2], 16) / 255) for start in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours, from 1 (the same) to 21 (black on
    white): (lighter + 0.05) / (darker + 0.05) of their relative luminances."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


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
