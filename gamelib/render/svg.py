"""SVG clean-up shared by both drawing engines (graphviz and matplotlib): documents ready to
inline in a notebook or a web page."""

from __future__ import annotations

import math
import re

FONT = "DejaVu Sans,Helvetica,Arial,Noto Sans CJK JP,sans-serif"
"""The font asked for (graphviz measures with the first one it finds)."""

_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->|<metadata>.*?</metadata>", re.DOTALL)


_FONT_ATTRIBUTE = re.compile(r' font-family="[^"]*"')
_BLANK_TEXT = re.compile(r"<text [^>]*>(?:\s|&#160;)*</text>")
_TITLE = re.compile(r"<title>[^<]*</title>")
_BETWEEN_TAGS = re.compile(r">\s+<")


SMALLEST_TEXT = "--gamelib-smallest-text"
"""The CSS custom property that says how small a drawing's text may get on the page, in CSS
pixels (a number; unset: 0, no limit). A drawing shrinks to fit its column, but not so far
that its smallest text gets smaller than that: a drawing that would keeps that size and
scrolls in its box. The players set it; the website and the slides set their own."""

_FONT_SIZE = re.compile(r'\bfont-size="([\d.]+)"')


def sizing_style(width: float, smallest_text: float) -> str:
    """The ``style`` of a drawing ``width`` units wide whose smallest text is
    ``smallest_text`` units high (both in the same unit, at natural size): it shrinks to fit
    its container, but its width stays at least what keeps that text :data:`SMALLEST_TEXT`
    pixels high."""
    per_pixel = math.ceil(width / smallest_text * 100) / 100  # rounded up: never too small
    return f"max-width:100%;height:auto;min-width:calc({per_pixel:.2f}px * var({SMALLEST_TEXT}, 0))"


def width_per_text_pixel(svg: str) -> float:
    """How many CSS pixels wide a drawing made by :func:`sizing_style` must be for each pixel
    of its smallest text's height (0 when it declares no floor)."""
    match = re.search(r"min-width:calc\(([\d.]+)px", svg)
    return float(match.group(1)) if match else 0.0


_VIEW_BOX = re.compile(r'<svg[^>]*\bviewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', re.IGNORECASE)


def drawn_width(svg: str) -> float:
    """The width, in the units of the drawing's text (its viewBox's), that the SVG must be
    shown at for its text to be drawn at its font size (0 when it declares no size).

    The box's width and height (rounded to whole points by graphviz) may give it a slightly
    other shape than its viewBox: the picture then fits the tighter of the two directions,
    which this width allows for."""
    try:
        width, height = svg_size(svg)
    except ValueError:
        return 0.0
    match = _VIEW_BOX.search(svg)
    if match is None:
        return width
    view_width, view_height = float(match.group(1)), float(match.group(2))
    return max(view_width, width * view_height / height)


def clean_svg(svg: str) -> str:
    """An SVG document ready to inline in HTML: compact, and scales down to fit its container
    (not below the page's :data:`SMALLEST_TEXT`, see :func:`sizing_style`).

    Drops the prolog, comments, metadata, graphviz's ``<title>`` ids (tooltips stay), blank
    labels and the whitespace between tags, and states the font once on the root.
    """
    svg = _PROLOG.sub("", svg).strip()
    svg = _TITLE.sub("", _BLANK_TEXT.sub("", svg))
    svg = _BETWEEN_TAGS.sub("><", _FONT_ATTRIBUTE.sub("", svg))
    sizes = [float(size) for size in _FONT_SIZE.findall(svg)]
    width = drawn_width(svg)
    if width and sizes and min(sizes) > 0:
        style = sizing_style(width, min(sizes))
    else:
        style = "max-width:100%;height:auto"
    return svg.replace("<svg ", f'<svg style="{style}" font-family="{FONT}" ', 1)


def svg_size(svg: str) -> tuple[float, float]:
    """The (width, height) in points declared by an SVG document."""
    match = re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"[^>]*\bheight="([\d.]+)pt"', svg)
    if match is None:
        raise ValueError("the SVG declares no width and height in points")
    return float(match.group(1)), float(match.group(2))
