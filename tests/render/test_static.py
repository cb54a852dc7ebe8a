"""The self-contained HTML player: every frame inline, nothing fetched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.render.frames import trace_frames
from gamelib.render.static import (
    DARK_JUPYTERLAB,
    SHEET,
    SMALLEST_TEXT_NARROW,
    SMALLEST_TEXT_WIDE,
    StaticAnimation,
    decode_player_data,
    decode_texts,
    encode_texts,
    inline_svg,
    text_pieces,
    to_html,
    widget_drawing,
)
from gamelib.render.svg import SMALLEST_TEXT, width_per_text_pixel
from gamelib.trace import Trace


def player_data(html: str) -> dict[str, object]:
    match = re.search(
        r'<script type="application/json" class="gamelib-data">(.*?)</script>', html, re.DOTALL
    )
    assert match is not None
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def test_the_player_holds_every_frame_of_both_views(windows_trace: Trace) -> None:
    html = to_html(windows_trace)
    data = player_data(html)
    steps = len(windows_trace.events)
    assert data["steps"] == steps
    views = decode_player_data(data)
    assert isinstance(views, dict) and set(views) == {"max", "mover"}
    for frames_by_trace in views.values():
        (frames,) = frames_by_trace
        assert [frame["step"] for frame in frames] == list(range(steps + 1))
        assert all(frame["svg"].startswith("<svg") for frame in frames)
    assert views["max"][0][18]["sentence"] == "β-cut at D: 4 ≥ 3, J pruned"
    assert views["mover"][0][34]["sentence"] == "β-cut at B: −3 ≥ −3, F pruned"


def test_the_player_is_self_contained(windows_trace: Trace) -> None:
    html = to_html(windows_trace)
    assert "http:" not in html and "https:" not in html and "//cdn" not in html
    assert not re.search(r"<(link|iframe|img)\b", html)
    assert not re.search(r"\bsrc=", html)
    assert html.count("<script") == 2  # the frames (JSON) and the player
    for action in ("first", "back", "play", "forward", "last"):
        assert f'data-action="{action}"' in html
    assert 'type="range"' in html and "gamelib-speed" in html and "gamelib-view" in html


def test_without_script_the_last_step_shows(windows_trace: Trace) -> None:
    html = to_html(windows_trace, views=["max"])
    assert "step 37 of 37: R returns 3 (exact): the search is over" in html
    assert '<select class="gamelib-view">' not in html  # one view: no toggle


def test_side_by_side_players_have_a_panel_per_trace(
    nega_alpha_trace: Trace, windows_trace: Trace
) -> None:
    html = to_html(nega_alpha_trace, windows_trace, titles=["one bound", "two bounds"])
    assert html.count('class="gamelib-panel"') == 2
    data = player_data(html)
    assert data["titles"] == ["one bound", "two bounds"]
    assert len(data["views"]["max"]) == 2  # type: ignore[index]


def test_a_drawing_shrinks_to_its_column_but_keeps_its_text_readable(
    nega_alpha_trace: Trace, windows_trace: Trace
) -> None:
    """Every drawing of a player floors its width at what keeps its smallest text
    --gamelib-smallest-text pixels high (its width over its smallest font size, times that),
    and each panel asks for the room of its widest drawing, so that panels side by side stack
    rather than shrink below it."""
    html = to_html(nega_alpha_trace, windows_trace, views=["max"])
    frames = decode_player_data(player_data(html))["max"]
    rooms = [float(room) for room in re.findall(r"--gamelib-panel-room:([\d.]+)", html)]
    assert len(rooms) == 2
    for trace_frames_, room in zip(frames, rooms, strict=True):
        widest = 0.0
        for frame in trace_frames_:
            for drawing in (frame["svg"], frame["windows"]):
                root = re.search(r"<svg[^>]*>", drawing)
                assert root is not None
                numbers = {
                    name: [float(number) for number in re.findall(r"[-\d.]+", value)]
                    for name, value in re.findall(r'(width|height|viewBox)="([^"]*)"', root[0])
                }
                (width,), (height,), (*_, view_width, view_height) = (
                    numbers["width"],
                    numbers["height"],
                    numbers["viewBox"],
                )
                smallest = min(float(size) for size in re.findall(r'font-size="([\d.]+)"', drawing))
                floor = width_per_text_pixel(drawing)  # rounded up to the hundredth
                # shown floor x 1 px wide, the picture fits its box: its smallest text is 1 px
                shown_scale = min(floor / view_width, floor * height / width / view_height)
                assert smallest * shown_scale >= 1
                assert (
                    smallest
                    * min(
                        (floor - 0.01) / view_width, (floor - 0.01) * height / width / view_height
                    )
                    < 1
                )
                assert f"min-width:calc({floor:.2f}px * var({SMALLEST_TEXT}, 0))" in drawing
                widest = max(widest, floor)
        assert room == round(widest, 3)
    assert f"{SMALLEST_TEXT}: {SMALLEST_TEXT_WIDE};" in html
    assert f"{SMALLEST_TEXT}: {SMALLEST_TEXT_NARROW};" in html


def test_the_player_holds_the_very_drawings_of_the_frames_compactly(
    windows_trace: Trace,
) -> None:
    html = to_html(windows_trace, views=["max"])
    (frames,) = decode_player_data(player_data(html))["max"]
    expected = trace_frames(windows_trace, "max")
    assert [frame["svg"] for frame in frames] == [
        re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", frame.svg) for frame in expected
    ]
    assert [frame["counts"] for frame in frames] == [frame.counts.text() for frame in expected]
    written_out = sum(len(frame.svg) + len(frame.windows_svg) for frame in expected)
    assert len(html) * 5 < written_out  # consecutive drawings share most of their pieces


texts = st.lists(st.text(alphabet='<>ab/ ="', max_size=30), max_size=8)


@given(texts, texts)
def test_encoded_texts_decode_to_the_same_texts(first: list[str], second: list[str]) -> None:
    pieces: dict[str, int] = {}
    encoded_first = encode_texts(first, pieces)
    encoded_second = encode_texts(second, pieces)  # the pieces are shared
    assert decode_texts(encoded_first, list(pieces)) == first
    assert decode_texts(encoded_second, list(pieces)) == second
    assert all("".join(text_pieces(text)) == text for text in first)


def test_a_changed_attribute_shares_the_rest_of_its_element() -> None:
    before = '<svg><path fill="none" stroke="#c8c8c8" d="M1,2C3,4 5,6 7,8"/></svg>'
    after = before.replace("#c8c8c8", "#333333")
    pieces: dict[str, int] = {}
    encoded = encode_texts([before, after], pieces)
    assert decode_texts(encoded, list(pieces)) == [before, after]
    assert text_pieces(before) == [
        "<svg>",
        "<path",
        ' fill="none"',
        ' stroke="#c8c8c8"',
        ' d="M1,2C3,4 5,6 7,8"/>',
        "</svg>",
    ]
    assert list(pieces)[len(text_pieces(before)) :] == [' stroke="#333333"']  # all it adds


def test_a_widget_drawing_keeps_its_text_size_and_sits_on_a_sheet_in_the_dark(
    windows_trace: Trace,
) -> None:
    svg = trace_frames(windows_trace, "max")[-1].svg
    box = widget_drawing(svg)
    assert inline_svg(svg) in box and widget_drawing("") == ""
    sheet = re.search(r'<div class="gamelib-sheet" style="([^"]*)">', box)
    assert sheet is not None
    assert f"{SMALLEST_TEXT}:{SMALLEST_TEXT_WIDE}" in sheet.group(1)  # the drawing's floor
    assert "overflow-x:auto" in sheet.group(1)  # wider than its box: it scrolls there
    # and a line says so, shown by a container query when the box is narrower than the floor
    floor = width_per_text_pixel(svg) * SMALLEST_TEXT_WIDE
    cue = re.search(r"@container \(max-width: ([\d.]+)px\) \{ \.(gamelib-cue-\d+) ", box)
    assert cue is not None and float(cue.group(1)) == pytest.approx(floor, abs=0.02)
    assert f'<div class="gamelib-scroll-cue {cue.group(2)}"' in box
    assert "container-type:inline-size" in sheet.group(1)
    # the light sheet only in JupyterLab's dark theme; the player's the same way
    assert f"{DARK_JUPYTERLAB} .gamelib-sheet {{ {SHEET}" in box
    player = to_html(windows_trace, views=["max"])
    assert re.search(
        rf"{re.escape(DARK_JUPYTERLAB)} #gamelib-player-\w+ {{ {re.escape(SHEET)}", player
    )


def test_a_page_can_be_saved(windows_trace: Trace, tmp_path: Path) -> None:
    animation = StaticAnimation(to_html(windows_trace, views=["max"]))
    assert animation._repr_html_() == animation.html
    page = animation.save(tmp_path / "alphabeta.html", title="α-β").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<title>α-β</title>" in page
    assert '<meta charset="utf-8">' in page
