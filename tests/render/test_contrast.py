"""The drawings' colours against the backgrounds they are shown on (WCAG 2.2, 1.4.3 and 1.4.11).

Drawings are made for white paper; in the website's and JupyterLab's dark themes they sit on
a light sheet (``SHEET_COLOR``). Every text colour must reach 4.5:1 against both and against
every fill it is drawn on; every line that carries meaning (node outlines, edges, the focus
ring) 3:1 against both. Every colour of the palette is classified below, and so is every
colour written out in the drawing code itself (gamelib/render and gamelib/charts: the
number line's tick labels, the player's scroll line, ...), so a new colour cannot slip past
the test; a failure names each pair that falls short.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

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


GAMELIB = Path(__file__).resolve().parents[2] / "gamelib"
DRAWING_CODE = ("render", "charts")
"""The folders whose colours this module checks (the palette's own file, render/style.py, is
checked field by field above)."""
WHITE = "#ffffff"
WRITTEN_OUT: dict[tuple[str, str], tuple[str, str]] = {
    ("render/accessible.py", "#1565c0"): ("line", "the widgets' focus outline"),
    ("render/accessible.py", "#2e7d32"): ("fill under white text", "a success button"),
    ("render/accessible.py", "#01579b"): ("fill under white text", "an info button"),
    ("render/accessible.py", "#a84300"): ("fill under white text", "a warning button"),
    ("render/accessible.py", "#ffffff"): ("white text", "the buttons' label (on the fills)"),
    ("render/numberline.py", "#666666"): ("text", "the number line's tick labels"),
    ("render/numberline.py", "#888888"): ("line", "the number line's axis"),
    ("render/numberline.py", "#eeeeee"): ("decorative", "grid lines: the labels carry the values"),
    ("render/numberline.py", "#fdf0d5"): ("fill", "the current row (bars checked on it above)"),
    ("render/dot.py", "#111111"): ("line", "the principal variation's path"),
    ("render/fallback.py", "#111111"): ("line", "the principal variation's path"),
    ("render/monte_carlo_dot.py", "#111111"): ("line", "a Monte Carlo selected path"),
    ("render/monte_carlo_dot.py", "#ffffff"): ("fill", "the playout note, under dark text"),
    ("render/static.py", "#1a1a1a"): ("text", "a button's label in the dark theme (on white)"),
    ("render/static.py", "#ffffff"): ("fill", "a button's background in the dark theme"),
    ("render/static.py", "#8a8a8a"): ("line", "a button's border; the sheet's rule"),
    ("render/static.py", "#555555"): ("text", "the player's quiet text and its scroll line"),
    ("render/static.py", "#f4f4f1"): ("fill", "the dark theme's light sheet itself"),
    ("render/animation.py", "#555555"): ("text", "the animation's muted text (fallback)"),
    ("charts/chart.py", "#1f77b4"): ("line", "a series colour"),
    ("charts/chart.py", "#d46400"): ("line", "a series colour"),
    ("charts/chart.py", "#2ca02c"): ("line", "a series colour"),
    ("charts/chart.py", "#d62728"): ("line", "a series colour"),
    ("charts/chart.py", "#9467bd"): ("line", "a series colour"),
    ("charts/chart.py", "#8c564b"): ("line", "a series colour"),
    ("charts/chart.py", "#c9559f"): ("line", "a series colour"),
    ("charts/chart.py", "#808080"): ("line", "a reference line"),
    ("charts/chart.py", "#262626"): ("text", "the charts' text"),
    ("charts/chart.py", "#595959"): ("text", "a note on a chart"),
    ("charts/chart.py", "#e6e6e6"): ("decorative", "grid lines: the ticks' labels carry values"),
    ("charts/chart.py", "#b3b3b3"): ("decorative", "the plot area's frame: the axes are labelled"),
}
"""Every colour written out in the drawing code (file, colour as #rrggbb) → what it is drawn as
(text: 4.5:1 against both backgrounds; line: 3:1; fill under white text: white on it 4.5:1;
white text: checked on those fills; fill, decorative: no bound, the reason given) and where."""


def six_digits(color: str) -> str:
    """``#abc`` → ``#aabbcc``; ``#AABBCC`` → ``#aabbcc``."""
    digits = color[1:].lower()
    return "#" + ("".join(digit * 2 for digit in digits) if len(digits) == 3 else digits)


def colours_written_out() -> set[tuple[str, str]]:
    """Every ``#rgb`` / ``#rrggbb`` literal of the drawing code but the palette's file (an
    HTML character reference such as ``&#160;`` is not a colour)."""
    found = set()
    for folder in DRAWING_CODE:
        for path in sorted((GAMELIB / folder).glob("*.py")):
            if path.name == "style.py":
                continue
            text = path.read_text(encoding="utf-8")
            for literal in re.findall(r"(?<![&\w])#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", text):
                found.add((str(path.relative_to(GAMELIB)), six_digits(literal)))
    return found


def test_every_colour_written_out_in_the_drawing_code_is_classified() -> None:
    """A colour added to gamelib/render or gamelib/charts (or one changed, as #666 for the
    number line's tick labels) must be classified in WRITTEN_OUT, where it is checked."""
    found = colours_written_out()
    assert ("render/numberline.py", "#666666") in found  # the scan reads the code
    assert sorted(found - set(WRITTEN_OUT)) == [], "classify these colours in WRITTEN_OUT"
    assert sorted(set(WRITTEN_OUT) - found) == [], "these are no longer written out"


def test_every_colour_written_out_reaches_its_contrast() -> None:
    """Text 4.5:1 and lines 3:1 against white paper and the dark theme's light sheet; white
    text 4.5:1 on the button fills."""
    least = {"text": 4.5, "line": 3.0}
    short = [
        f"{role} {color} ({what}, {path}) on {where}: {contrast_ratio(color, background):.2f}:1"
        for (path, color), (role, what) in WRITTEN_OUT.items()
        if role in least
        for where, background in BACKGROUNDS.items()
        if contrast_ratio(color, background) < least[role]
    ]
    short += [
        f"white text on {color} ({what}, {path}): {contrast_ratio(WHITE, color):.2f}:1"
        for (path, color), (role, what) in WRITTEN_OUT.items()
        if role == "fill under white text" and contrast_ratio(WHITE, color) < 4.5
    ]
    assert short == []
    roles = {role for role, _ in WRITTEN_OUT.values()}
    assert roles == {"text", "line", "fill", "fill under white text", "white text", "decorative"}
