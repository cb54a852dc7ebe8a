"""SVG clean-up shared by both drawing engines (graphviz and matplotlib): documents ready to
inline in a notebook or a web page."""

from __future__ import annotations

import re

FONT = "DejaVu Sans,Helvetica,Arial,Noto Sans CJK JP,sans-serif"
"""The font asked for (graphviz measures with the first one it finds)."""

_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->|<metadata>.*?</metadata>", re.DOTALL)


_FONT_ATTRIBUTE = re.compile(r' font-family="[^"]*"')
_BLANK_TEXT = re.compile(r"<text [^>]*>(?:\s|&#160;)*</text>")
_TITLE = re.compile(r"<title>[^<]*</title>")
_BETWEEN_TAGS = re.compile(r">\s+<")


SMALLEST_SCALE = "--gamelib-smallest-scale"
"""The CSS custom property that says how far a drawing may shrink to fit its column (a
fraction of its natural size; unset: 0, as far as needed). A page that sets it keeps the
drawings' text readable: a drawing that would shrink further keeps that size and scrolls in
its box (the players set it; the website and the slides set their own)."""


def sizing_style(width_pixels: float) -> str:
    """The ``style`` of a drawing ``width_pixels`` wide at its natural size: it shrinks to fit
    its container, but not below :data:`SMALLEST_SCALE` times its natural width."""
    return (
        f"max-width:100%;height:auto;"
        f"min-width:calc({width_pixels:.0f}px * var({SMALLEST_SCALE}, 0))"
    )


def clean_svg(svg: str) -> str:
    """An SVG document ready to inline in HTML: compact, and scales down to fit its container
    (not below the page's :data:`SMALLEST_SCALE`, see :func:`sizing_style`).

    Drops the prolog, comments, metadata, graphviz's ``<title>`` ids (tooltips stay), blank
    labels and the whitespace between tags, and states the font once on the root.
    """
    svg = _PROLOG.sub("", svg).strip()
    svg = _TITLE.sub("", _BLANK_TEXT.sub("", svg))
    svg = _BETWEEN_TAGS.sub("><", _FONT_ATTRIBUTE.sub("", svg))
    try:
        style = sizing_style(svg_size(svg)[0] * 4 / 3)  # points to CSS pixels
    except ValueError:
        style = "max-width:100%;height:auto"
    return svg.replace("<svg ", f'<svg style="{style}" font-family="{FONT}" ', 1)


def svg_size(svg: str) -> tuple[float, float]:
    """The (width, height) in points declared by an SVG document."""
    match = re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"[^>]*\bheight="([\d.]+)pt"', svg)
    if match is None:
        raise ValueError("the SVG declares no width and height in points")
    return float(match.group(1)), float(match.group(2))
