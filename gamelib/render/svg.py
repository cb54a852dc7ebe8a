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


def clean_svg(svg: str) -> str:
    """An SVG document ready to inline in HTML: compact, and scales down to fit its container.

    Drops the prolog, comments, metadata, graphviz's ``<title>`` ids (tooltips stay), blank
    labels and the whitespace between tags, and states the font once on the root.
    """
    svg = _PROLOG.sub("", svg).strip()
    svg = _TITLE.sub("", _BLANK_TEXT.sub("", svg))
    svg = _BETWEEN_TAGS.sub("><", _FONT_ATTRIBUTE.sub("", svg))
    return svg.replace("<svg ", f'<svg style="max-width:100%;height:auto" font-family="{FONT}" ', 1)


def svg_size(svg: str) -> tuple[float, float]:
    """The (width, height) in points declared by an SVG document."""
    match = re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"[^>]*\bheight="([\d.]+)pt"', svg)
    if match is None:
        raise ValueError("the SVG declares no width and height in points")
    return float(match.group(1)), float(match.group(2))
