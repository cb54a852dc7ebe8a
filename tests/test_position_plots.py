"""Position plots: the count chart and the Graphviz drawing of the position graph."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ElementTree

import pytest

from gamelib.charts import GraphDrawing
from gamelib.experiments.position_plots import (
    MERGED_COLOUR,
    layered_layout,
    merged_positions,
    plot_position_graph,
    plot_tree_and_positions,
    position_graph_dot,
)
from gamelib.experiments.positions import position_graph, tree_and_graph_counts
from gamelib.games.tictactoe import TicTacToe
from tests.test_charts import parse, polyline_points, texts, with_class


def test_merged_positions_are_those_with_several_parents() -> None:
    game = TicTacToe()
    graph = position_graph(game, 3)
    merged = merged_positions(graph)
    assert len(merged) == 252  # every ply-3 position: two X's can be placed in either order
    layout = layered_layout(graph, stagger=3)
    assert {round(y) for _, y in layout.values()} >= {0, -1, -2, -3}


def test_the_position_graph_is_dot_with_one_node_per_position_pinned_in_rows() -> None:
    game = TicTacToe()
    graph = position_graph(game, 2, key=game.canonical_key)
    source = position_graph_dot(graph, game.text)
    nodes = [
        line for line in source.splitlines() if line.strip().startswith('"p') and "->" not in line
    ]
    assert len(nodes) == graph.number_of_nodes() == 1 + 3 + 12
    assert all('!"' in line for line in nodes)  # every position pinned where layered_layout says
    assert source.count(MERGED_COLOUR) == 2 * len(merged_positions(graph))  # outline and fill
    assert f"{graph.number_of_nodes()} positions; the " in source
    assert "黄色" in position_graph_dot(graph, game.text, language="ja")
    drawing = plot_position_graph(graph, game.text, title="three plies")
    assert isinstance(drawing, GraphDrawing) and 'label="three plies"' in drawing.source


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_graphviz_draws_the_position_graph() -> None:
    game = TicTacToe()
    graph = position_graph(game, 1, key=game.canonical_key)
    root = ElementTree.fromstring(plot_position_graph(graph, game.text).svg)
    assert sum(1 for node in root.iter() if node.get("class") == "node") == 4


def test_tree_and_positions_chart_has_two_lines_one_point_per_ply() -> None:
    counts = tree_and_graph_counts(TicTacToe())
    root = parse(plot_tree_and_positions(counts, title="tic-tac-toe"))
    series = with_class(root, "series")
    assert [line.get("data-label") for line in series] == ["tree nodes", "distinct positions"]
    assert all(len(polyline_points(line)) == len(counts) for line in series)
    assert "tic-tac-toe" in texts(root)
    assert "手数" in texts(parse(plot_tree_and_positions(counts, language="ja")))
