"""Position-graph plots: layout and highlighted positions."""

from __future__ import annotations

import matplotlib

from gamelib.experiments.position_plots import (
    layered_layout,
    merged_positions,
    plot_position_graph,
    plot_tree_and_positions,
)
from gamelib.experiments.positions import position_graph, tree_and_graph_counts
from gamelib.games.tictactoe import TicTacToe

matplotlib.use("Agg")


def test_merged_positions_are_those_with_several_parents() -> None:
    game = TicTacToe()
    graph = position_graph(game, 3)
    merged = merged_positions(graph)
    assert len(merged) == 252  # every ply-3 position: two X's can be placed in either order
    layout = layered_layout(graph, stagger=3)
    assert {round(y) for _, y in layout.values()} >= {0, -1, -2, -3}


def test_plots_draw_on_the_axes() -> None:
    game = TicTacToe()
    graph = position_graph(game, 2, key=game.canonical_key)
    axes = plot_position_graph(graph, game.text)
    assert "positions" in axes.get_title()
    axes = plot_tree_and_positions(tree_and_graph_counts(game))
    assert len(axes.get_lines()) == 2
