"""The graphviz drawings: what the DOT text says, and what the rendered SVG holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamelib.games.tictactoe import TicTacToe
from gamelib.render.dot import (
    Drawing,
    draw,
    picture_dot,
    render_svgs,
    trace_dot,
    trace_picture,
    tree_dot,
)
from gamelib.render.frames import trace_frames
from gamelib.render.picture import Picture
from gamelib.render.style import PALETTE
from gamelib.render.svg import svg_size
from gamelib.search import alphabeta
from gamelib.search.table import TranspositionTable
from gamelib.trace import Trace, record
from gamelib.trees import TEXTBOOK, random_tree
from tests.helpers import Subtraction


def keys(picture: Picture) -> dict[str, str]:
    """Node name → node id in the drawing."""
    return {node.name: node.key for node in picture.nodes}


def node_line(source: str, key: str) -> str:
    """The DOT statement of one node."""
    match = re.search(rf"^\s*{key} \[.*\]$", source, re.MULTILINE)
    assert match is not None, f"no node {key}"
    return match.group(0)


def edge_line(source: str, parent: str, child: str) -> str:
    """The DOT statement of one edge."""
    match = re.search(rf"^\s*{parent} -> {child}( \[.*\])?$", source, re.MULTILINE)
    assert match is not None, f"no edge {parent} -> {child}"
    return match.group(0)


def test_max_nodes_are_boxes_and_min_nodes_ellipses(windows_trace: Trace) -> None:
    picture = trace_picture(windows_trace)
    source = picture_dot(picture).source
    ids = keys(picture)
    for name in "RCDEF":
        assert "shape=box" in node_line(source, ids[name])
    for name in "ABGHIJKLMN":
        assert "shape=ellipse" in node_line(source, ids[name])


def test_a_pruned_edge_is_dashed_grey_and_says_which_cut_removed_it(
    windows_trace: Trace,
) -> None:
    picture = trace_picture(windows_trace)
    source = picture_dot(picture).source
    ids = keys(picture)
    beta_cut = edge_line(source, ids["D"], ids["J"])
    assert "style=dashed" in beta_cut
    assert "β-cut at D:" in beta_cut and "4 ≥ 3" in beta_cut
    alpha_cut = edge_line(source, ids["B"], ids["F"])
    assert "style=dashed" in alpha_cut
    assert "α-cut at B:" in alpha_cut and "3 ≤ 3" in alpha_cut
    inside = edge_line(source, ids["F"], ids["M"])
    assert "style=dashed" in inside and "cut" not in inside
    for name in "JFMN":
        line = node_line(source, ids[name])
        assert "dashed" in line and 'fillcolor="#efefef"' in line


def test_a_cut_is_labelled_only_after_it_happened(windows_trace: Trace) -> None:
    before = trace_dot(windows_trace, step=17).source
    after = trace_dot(windows_trace, step=18).source
    assert "β-cut" not in before
    assert "β-cut at D:" in after


def test_open_nodes_show_their_windows_and_the_current_node_is_highlighted(
    windows_trace: Trace,
) -> None:
    picture = trace_picture(windows_trace, step=14)  # Enter D with (−∞, 3)
    source = picture_dot(picture).source
    ids = keys(picture)
    assert "(−∞, 3)" in edge_line(source, ids["A"], ids["D"])
    assert "(−∞, ∞)" in edge_line(source, "entry", ids["R"])
    assert f'color="{PALETTE.current_line}"' in node_line(source, ids["D"])
    assert f'color="{PALETTE.current_line}"' not in node_line(source, ids["A"])
    assert [node.name for node in picture.nodes if node.current] == ["D"]


def test_evaluated_leaves_show_their_evaluation_order(windows_trace: Trace) -> None:
    picture = trace_picture(windows_trace)
    marks = {node.name: node.mark for node in picture.nodes if node.mark}
    assert marks == {"G": "①", "H": "②", "I": "③", "K": "④", "L": "⑤"}
    source = picture_dot(picture).source
    assert "③" in node_line(source, keys(picture)["I"])


def test_values_and_bounds_once_known(windows_trace: Trace) -> None:
    values = {node.name: node.value for node in trace_picture(windows_trace).nodes}
    assert values["R"] == "3"
    assert values["D"] == "≥3"
    assert values["E"] == "≤3"
    assert values["B"] == "≤3"
    assert values["F"] == ""  # pruned, never known
    at_step_13 = {node.name: node for node in trace_picture(windows_trace, 13).nodes}
    assert at_step_13["A"].value == "3" and at_step_13["A"].provisional  # best so far
    assert at_step_13["B"].value == ""


def test_the_mover_view_negates_values_and_windows_at_min_nodes(windows_trace: Trace) -> None:
    mover = trace_picture(windows_trace, view="mover")
    values = {node.name: node.value for node in mover.nodes}
    assert values["R"] == "3" and values["C"] == "3"
    assert values["A"] == "−3" and values["B"] == "≥−3" and values["G"] == "−1"
    cut = next(edge for edge in mover.edges if edge.label_kind == "cut" and "B" in edge.label)
    assert cut.label == "β-cut at B:\n−3 ≥ −3"
    opened = trace_picture(windows_trace, step=15, view="mover")  # I entered with (−3, ∞)
    windows = {edge.child: edge.label for edge in opened.edges if edge.label_kind == "window"}
    assert windows[keys(opened)["I"]] == "(−3, ∞)"
    assert windows[keys(opened)["D"]] == "(−∞, 3)"


def test_node_types_are_optional(windows_trace: Trace) -> None:
    marks = {node.name: node.mark for node in trace_picture(windows_trace, node_types=True).nodes}
    assert (marks["R"], marks["A"], marks["D"], marks["E"], marks["B"]) == (
        "PV",
        "PV",
        "CUT",
        "ALL",
        "CUT",
    )
    assert "PV" not in trace_dot(windows_trace).source


def test_a_bare_tree_shows_shapes_leaf_values_and_move_labels() -> None:
    source = tree_dot(TEXTBOOK["aima-fig-5-2"]).source
    assert source.count("shape=box") == 10  # A and the nine leaves
    assert source.count("shape=ellipse") == 3
    assert ">12<" in source and "a1" in source
    assert "cut" not in source


@pytest.mark.needs_dot
def test_the_svg_shows_the_names_values_and_cut_reasons(windows_trace: Trace) -> None:
    drawing = draw(windows_trace, engine="graphviz")
    svg = drawing._repr_svg_()
    assert svg.startswith("<svg")
    for text in (">R<", ">≥3<", "β&#45;cut at D:", "α&#45;cut at B:", ">⑤<"):
        assert text in svg
    assert drawing.engine == "graphviz"


@pytest.mark.needs_dot
def test_every_step_of_an_animation_has_the_same_layout(windows_trace: Trace) -> None:
    for view in ("max", "mover"):
        frames = trace_frames(windows_trace, view, engine="graphviz")
        assert len(frames) == len(windows_trace.events) + 1
        assert len({svg_size(frame.svg) for frame in frames}) == 1
        assert len({frame.svg for frame in frames}) == len(frames)


@pytest.mark.needs_dot
def test_many_pictures_render_in_one_batch_in_order(windows_trace: Trace) -> None:
    pictures = [trace_picture(windows_trace, step) for step in (5, 18, 34)]
    svgs = render_svgs(pictures * 25)  # 75 pictures: rendered in parallel chunks
    assert len(svgs) == 75
    assert ">①<" in svgs[0] and "β&#45;cut" not in svgs[0]
    assert "β&#45;cut" in svgs[1] and "α&#45;cut" not in svgs[1]
    assert "α&#45;cut" in svgs[74]


@pytest.mark.needs_dot
def test_png_output_is_legible_width(tmp_path: Path) -> None:
    trace = record(alphabeta, random_tree(3, 4, 3))
    drawing = draw(trace)
    assert drawing.picture.rankdir == "LR"  # 81 leaves do not fit across a screen
    path = drawing.to_png(tmp_path / "tree.png", width=1280)
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(header[16:20], "big") in range(1275, 1286)
    binary = draw(record(alphabeta, random_tree(7, 3, 2)))
    assert binary.picture.rankdir == "TB"
    assert svg_size(binary.svg())[0] * 96 / 72 <= 1280


def test_a_game_search_is_drawn_with_move_names() -> None:
    trace = record(alphabeta, Subtraction(5))
    picture = trace_picture(trace)
    titles = {node.title for node in picture.nodes}
    assert titles == {"root", "take 1", "take 2", "take 3"}
    assert any(node.status == "pruned" for node in picture.nodes)
    assert "take 1" in draw(trace).svg()


def test_a_large_game_search_is_collapsed() -> None:
    trace = record(alphabeta, TicTacToe(), depth=3)
    picture = trace_picture(trace)
    assert len(picture.nodes) < 60
    more = [node for node in picture.nodes if node.kind == "more"]
    assert more and all(re.fullmatch(r"\+\d+ more", node.title) for node in more)
    assert all(re.fullmatch(r"\d+ in, \d+ cut", node.value) for node in more)
    limited = trace_picture(trace, max_depth=1, max_children=2)
    assert [node.title for node in limited.nodes] == ["root", "a1", "b1", "+7 more"]
    assert re.search(r"▾\d+", limited.nodes[1].mark)


def test_the_current_node_inside_a_collapsed_part_lights_up_its_stand_in() -> None:
    trace = record(alphabeta, TicTacToe(), depth=2)
    last_root_child = max(
        step for step, event in enumerate(trace.events, 1) if getattr(event, "parent", 0) == "root"
    )
    picture = trace_picture(trace, last_root_child, max_children=2)
    current = [node for node in picture.nodes if node.current]
    assert [node.kind for node in current] == ["more"]


def test_table_answers_are_marked() -> None:
    trace = record(alphabeta, Subtraction(6), table=TranspositionTable())
    assert any("TT" in node.mark for node in trace_picture(trace).nodes)


def test_steps_and_views_are_checked(windows_trace: Trace) -> None:
    with pytest.raises(ValueError, match="step must be between 0 and 37"):
        trace_dot(windows_trace, step=99)
    with pytest.raises(ValueError, match="view must be"):
        trace_dot(windows_trace, view="min")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="engine must be"):
        draw(windows_trace, engine="ascii")  # type: ignore[arg-type]


@pytest.mark.needs_dot
def test_a_drawing_describes_itself(windows_trace: Trace) -> None:
    drawing = draw(windows_trace, step=18)
    assert isinstance(drawing, Drawing)
    assert repr(drawing) == "<Drawing of 15 nodes, step 18, by graphviz>"
    assert "alphabeta, step 18 of 37: β-cut at D: 4 ≥ 3, J pruned" in drawing.source
