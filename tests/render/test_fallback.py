"""Without Graphviz's ``dot``: the same pictures from networkx + matplotlib, and one hint."""

from __future__ import annotations

import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path

import graphviz
import pytest

from gamelib.render import dot_program
from gamelib.render.dot import draw, trace_picture
from gamelib.render.dot_program import GraphvizMissingWarning
from gamelib.render.fallback import tidy_layout
from gamelib.render.frames import trace_frames
from gamelib.trace import Trace
from gamelib.trees import TEXTBOOK

_real_which = shutil.which


@pytest.fixture
def no_dot(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Hide the ``dot`` program and forget whether the hint was given."""
    monkeypatch.setattr(
        shutil, "which", lambda name, *args, **kwargs: None if name == "dot" else _real_which(name)
    )
    monkeypatch.setattr(dot_program, "_hint_given", False)
    yield


def test_without_dot_draw_falls_back_to_matplotlib_and_hints_once(
    no_dot: None, windows_trace: Trace
) -> None:
    with pytest.warns(GraphvizMissingWarning, match="apt-get install graphviz"):
        first = draw(windows_trace, step=18)
    assert first.engine == "matplotlib"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second hint would fail here
        second = draw(TEXTBOOK["aima-fig-5-2"])
        svg = second.svg()
    assert second.engine == "matplotlib"
    assert svg.startswith("<svg")
    first_svg = first.svg()
    for text in ("β-cut at D:", "4 ≥ 3", "①", "R", "(−∞, 3)"):
        assert text in first_svg, text


def test_the_fallback_writes_png(no_dot: None, windows_trace: Trace, tmp_path: Path) -> None:
    with pytest.warns(GraphvizMissingWarning):
        drawing = draw(windows_trace)
    path = drawing.to_png(tmp_path / "fallback.png", width=1000)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") in range(995, 1006)


def test_a_failing_dot_at_render_time_also_falls_back(
    monkeypatch: pytest.MonkeyPatch, windows_trace: Trace
) -> None:
    def missing(*args: object, **kwargs: object) -> bytes:
        raise graphviz.ExecutableNotFound(["dot"])

    monkeypatch.setattr(graphviz, "pipe", missing)
    monkeypatch.setattr(dot_program, "_hint_given", False)
    drawing = draw(windows_trace, engine="graphviz")
    with pytest.warns(GraphvizMissingWarning):
        svg = drawing.svg()
    assert drawing.engine == "matplotlib"
    assert "β-cut at D:" in svg


def test_animation_frames_fall_back_too(no_dot: None, windows_trace: Trace) -> None:
    with pytest.warns(GraphvizMissingWarning):
        frames = trace_frames(windows_trace, "max")
    assert len(frames) == len(windows_trace.events) + 1
    assert "β-cut at D:" in frames[18].svg and "β-cut" not in frames[17].svg


def test_the_tidy_layout_centres_parents_over_their_children(windows_trace: Trace) -> None:
    picture = trace_picture(windows_trace)
    position = tidy_layout(picture)
    name = {node.name: node.key for node in picture.nodes}
    x = {node: position[key][0] for node, key in name.items()}
    y = {node: position[key][1] for node, key in name.items()}
    assert x["C"] == pytest.approx((x["G"] + x["H"]) / 2)
    assert x["R"] == pytest.approx((x["A"] + x["B"]) / 2)
    assert y["R"] > y["A"] > y["C"] > y["G"]
    leaves = [x[leaf] for leaf in "GHIJKLMN"]
    assert leaves == sorted(leaves) and len(set(leaves)) == 8


def test_dot_failing_on_a_picture_falls_back_with_its_message(
    monkeypatch: pytest.MonkeyPatch, windows_trace: Trace
) -> None:
    def failing(*args: object, **kwargs: object) -> bytes:
        raise graphviz.CalledProcessError(1, ["dot"], stderr=b"syntax error in line 1")

    monkeypatch.setattr(graphviz, "pipe", failing)
    drawing = draw(windows_trace, engine="graphviz")
    with pytest.warns(GraphvizMissingWarning, match="could not draw"):
        svg = drawing.svg()
    assert drawing.engine == "matplotlib" and "β-cut at D:" in svg
