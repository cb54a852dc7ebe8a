"""The drawings' colours against the backgrounds they are shown on (WCAG 2.2, 1.4.3 and 1.4.11).

Drawings are made for white paper; in the website's and JupyterLab's dark themes they sit on
a light sheet (``SHEET_COLOR``). Every text colour must reach 4.5:1 against both and against
every fill it is drawn on; every line that carries meaning (node outlines, edges, the focus
ring) 3:1 against both. Every colour of the palette is classified below, so a new colour
cannot slip past the test; a failure names each pair that falls short.
"""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from gamelib.charts import chart as charts
from gamelib.render import numberline
from gamelib.render.dot import picture_dot, trace_picture
from gamelib.render.static import FOCUS_RING, QUIET_TEXT, SHEET_COLOR, legend_html
from gamelib.render.style import PALETTE, PAPER, contrast_ratio, relative_luminance
from gamelib.trace import Trace

BACKGROUNDS = {"white paper": PAPER, "the dark theme's light sheet": SHEET_COLOR}
FILLS = ("max_fill", "min_fill", "unvisited_fill", "pruned_fill", "more_fill")
TEXT_ON_FILLS = {
    "text": FILLS,
    "provisional_text": ("max_fill", "min_fill"),
    "muted_text": ("pruned_fill", "unvisited_fill"),
    "mark_text": ("max_fill", "min_fill", "unvisited_fill", "more_fill"),
    "move_text": ("more_fill",),
    "window_text": (),
    "cut_text": (),
}
"""Each text colour of the palette and the node fills it is drawn on (every text colour is also
drawn on the page: edge labels, the legend)."""
LINES = (
    "max_line",
    "min_line",
    "unvisited_max_line",
    "unvisited_min_line",
    "pruned_line",
    "current_line",
    "edge",
    "unvisited_edge",
    "more_line",
)
"""The palette's lines: node outlines and edges, each of them meaningful."""


def test_every_colour_of_the_palette_is_checked() -> None:
    names = {field.name for field in fields(PALETTE)}
    assert names == set(TEXT_ON_FILLS) | set(LINES) | set(FILLS)


def test_the_contrast_ratio_follows_the_wcag_formula() -> None:
    assert relative_luminance("#000000") == 0 and relative_luminance("#ffffff") == 1
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#777777", "#777777") == 1
    # WCAG's own example: #767676 on white is the lightest grey that passes 4.5:1
    assert contrast_ratio("#767676", "#ffffff") >= 4.5 > contrast_ratio("#777777", "#ffffff")
    with pytest.raises(ValueError):
        relative_luminance("white")


def test_every_text_colour_reaches_4_5_to_1() -> None:
    pairs = [
        (name, getattr(PALETTE, name), where, background)
        for name, fills in TEXT_ON_FILLS.items()
        for where, background in [
            *BACKGROUNDS.items(),
            *((fill, getattr(PALETTE, fill)) for fill in fills),
        ]
    ]
    pairs += [("the player's quiet text", QUIET_TEXT, *item) for item in BACKGROUNDS.items()]
    short = [
        f"{name} {color} on {where} {background}: {contrast_ratio(color, background):.2f}:1"
        for name, color, where, background in pairs
        if contrast_ratio(color, background) < 4.5
    ]
    assert short == []


def test_every_meaningful_line_reaches_3_to_1() -> None:
    lines = [(name, getattr(PALETTE, name)) for name in LINES]
    lines.append(("the player's focus ring", FOCUS_RING))
    short = [
        f"{name} {color} on {where} {background}: {contrast_ratio(color, background):.2f}:1"
        for name, color in lines
        for where, background in BACKGROUNDS.items()
        if contrast_ratio(color, background) < 3
    ]
    assert short == []


def test_the_charts_lines_reach_3_to_1_and_their_text_4_5_to_1() -> None:
    lines = [(f"series colour {index}", color) for index, color in enumerate(charts.PALETTE)]
    lines.append(("reference line", charts.GREY))
    texts = [("chart text", charts.INK), ("note", charts.Note(0, 0, "").colour)]
    short = [
        f"{name} {color} on {where} {background}: {contrast_ratio(color, background):.2f}:1"
        for pairs, least in ((lines, 3.0), (texts, 4.5))
        for name, color in pairs
        for where, background in BACKGROUNDS.items()
        if contrast_ratio(color, background) < least
    ]
    assert short == []


def blended(color: str, opacity: float, background: str) -> str:
    """``color`` drawn at ``opacity`` over ``background``, as the browser composes it."""
    channels = [
        round(
            int(color[start : start + 2], 16) * opacity
            + int(background[start : start + 2], 16) * (1 - opacity)
        )
        for start in (1, 3, 5)
    ]
    return "#" + "".join(f"{channel:02x}" for channel in channels)


def test_the_windows_bars_reach_3_to_1_on_every_row() -> None:
    """The number line's bars are translucent: their colour as drawn over each row's
    background (white, the current row's tint, the dark theme's sheet) reaches 3:1."""
    backgrounds = {**BACKGROUNDS, "the current row": numberline.CURRENT_ROW_FILL}
    short = [
        f"{name} bar on {where}: {contrast_ratio(shown, background):.2f}:1"
        for name in ("max_line", "min_line")
        for where, background in backgrounds.items()
        if contrast_ratio(
            shown := blended(getattr(PALETTE, name), numberline.BAR_OPACITY, background),
            background,
        )
        < 3
    ]
    assert short == []
    assert blended("#000000", 0.5, "#ffffff") == "#808080"


def test_the_legend_uses_only_checked_colours() -> None:
    """The player's legend (HTML) writes its text in palette colours only."""
    text_colours = set(re.findall(r"(?<![-\w])color:(#[0-9a-f]{6})", legend_html(True, "en")))
    assert text_colours <= {getattr(PALETTE, name) for name in TEXT_ON_FILLS}


def test_pruned_differs_from_evaluated_by_more_than_colour(windows_trace: Trace) -> None:
    """A pruned node and a pruned edge are dashed; an evaluated leaf is solid and shows its
    evaluation order (①…), which a pruned one never does."""
    picture = trace_picture(windows_trace)
    source = picture_dot(picture).source
    pruned = [node for node in picture.nodes if node.status == "pruned"]
    evaluated = [node for node in picture.nodes if node.name in windows_trace.evaluated]
    assert {node.name for node in pruned} == set(windows_trace.pruned)
    assert pruned and evaluated
    for node in pruned:
        line = re.search(rf"^\s*{node.key} \[.*$", source, re.MULTILINE)
        assert line is not None and "dashed" in line.group(0), node.name
        assert not re.search("[①-⑳]", node.mark)
    for node in evaluated:
        line = re.search(rf"^\s*{node.key} \[.*$", source, re.MULTILINE)
        assert line is not None and "dashed" not in line.group(0), node.name
        assert re.search("[①-⑳]", node.mark), node.name
    for edge in picture.edges:
        if edge.status == "pruned":
            line = re.search(rf"^\s*{edge.parent} -> {edge.child}\b.*$", source, re.MULTILINE)
            assert line is not None and "dashed" in line.group(0)
