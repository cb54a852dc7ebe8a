"""Writing SVG text: escaped elements, multi-line text and an estimate of how wide text is.

No font is measured here (there is none to measure in a browser kernel); :func:`text_width`
estimates a width from the characters, generously, so labels are laid out with room to spare.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from html import escape

CHART_FONT = "DejaVu Sans,Helvetica,Arial,Noto Sans CJK JP,sans-serif"
"""The fonts a chart asks for: gamelib.render.svg's list, then a Japanese font (tested)."""

GRAPHVIZ_FONT = "DejaVu Sans,Helvetica,Arial,Noto Sans CJK JP,sans-serif"
"""The font list the Graphviz drawings name: equal to gamelib.render.svg.FONT (tested), which
the WebAssembly Graphviz recognises to measure text with its first font."""

WIDE_SHARE = 1.0
"""The width of a wide (CJK) character, as a share of the font size."""

NARROW_SHARE = 0.62
"""The width of any other character, as a share of the font size (DejaVu Sans is wide)."""


def character_width(character: str, size: float) -> float:
    """The estimated width of one character in pixels at font ``size``."""
    if unicodedata.combining(character):
        return 0.0
    wide = unicodedata.east_asian_width(character) in ("W", "F")
    return size * (WIDE_SHARE if wide else NARROW_SHARE)


def text_width(text: str, size: float) -> float:
    """The estimated width in pixels of the widest line of ``text`` at font ``size``."""
    return max(
        (sum(character_width(character, size) for character in line) for line in text.split("\n")),
        default=0.0,
    )


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` (estimated), broken at spaces where possible.

    Given line breaks are kept; a word wider than ``width`` (e.g. Japanese, written without
    spaces) is broken between characters. Guarantee: joining the lines gives back the
    characters of ``text`` other than the spaces and line breaks that were broken at.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
            while text_width(line, size) > width and len(line) > 1:
                cut = _longest_fitting_prefix(line, size, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _longest_fitting_prefix(text: str, size: float, width: float) -> int:
    total = 0.0
    for index, character in enumerate(text):
        total += character_width(character, size)
        if total > width:
            return max(1, index)
    return len(text)


def number(value: float) -> str:
    """A coordinate as SVG text: at most two decimals.

    Raises:
        ValueError: for NaN or an infinity (a chart never writes one).
    """
    if not math.isfinite(value):
        raise ValueError(f"a coordinate must be finite, not {value!r}")
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attributes(values: dict[str, str | float | None]) -> str:
    """`` name="value"`` pairs (escaped; numbers through :func:`number`; None left out)."""
    parts = []
    for name, value in values.items():
        if value is None:
            continue
        text = number(value) if isinstance(value, int | float) else value
        parts.append(f' {name.rstrip("_").replace("_", "-")}="{escape(text, quote=True)}"')
    return "".join(parts)


def element(tag: str, content: str | None = None, **values: str | float | None) -> str:
    """One SVG element: ``<tag …/>``, or ``<tag …>content</tag>`` with ``content`` as given
    (already SVG: escape text with :func:`text_element`). Underscores in names become dashes
    (``stroke_width``), a trailing one is dropped (``class_``)."""
    if content is None:
        return f"<{tag}{attributes(values)}/>"
    return f"<{tag}{attributes(values)}>{content}</{tag}>"


def text_element(
    text: str,
    x: float,
    y: float,
    *,
    size: float,
    line_height: float | None = None,
    **values: str | float | None,
) -> str:
    """A ``<text>`` element of escaped ``text``; each line of it a ``<tspan>`` below the last.

    ``y`` is the baseline of the first line.
    """
    step = size * 1.25 if line_height is None else line_height
    lines = text.split("\n")
    if len(lines) == 1:
        return element("text", escape(text, quote=False), x=x, y=y, font_size=size, **values)
    spans = "".join(
        element("tspan", escape(line, quote=False), x=x, dy=0 if index == 0 else step)
        for index, line in enumerate(lines)
    )
    return element("text", spans, x=x, y=y, font_size=size, **values)


def points(coordinates: Sequence[tuple[float, float]]) -> str:
    """The ``points`` attribute of a polyline: ``x,y x,y …``."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in coordinates)
