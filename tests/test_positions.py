"""Positions as a graph: tree nodes against distinct positions."""

from __future__ import annotations

from gamelib.experiments.positions import position_graph, tree_and_graph_counts
from gamelib.games.othello import Othello, perft, play_line
from gamelib.games.tictactoe import TicTacToe


def test_tic_tac_toe_tree_nodes_and_positions_add_up_to_the_known_counts() -> None:
    game = TicTacToe()
    counts = tree_and_graph_counts(game)
    assert [count.ply for count in counts] == list(range(10))
    assert sum(count.tree_nodes for count in counts) == 549_946
    assert sum(count.positions for count in counts) == 5_478
    assert counts[3].tree_nodes == 9 * 8 * 7  # no game ends before ply 5
    symmetric = tree_and_graph_counts(game, key=game.canonical_key)
    assert sum(count.positions for count in symmetric) == 765


def test_othello_tree_nodes_are_perft_and_transpositions_start_at_ply_3() -> None:
    counts = tree_and_graph_counts(Othello(), 6)
    assert [count.tree_nodes for count in counts[1:]] == [perft(depth) for depth in range(1, 7)]
    assert [count.tree_nodes == count.positions for count in counts] == [True] * 3 + [False] * 4


def test_the_position_graph_merges_move_orders() -> None:
    game = Othello()
    graph = position_graph(game, 5)
    one = play_line("f5 d6 c3 d3 c4")
    other = play_line("f5 d6 c4 d3 c3")
    assert game.key(one) == game.key(other)
    node = graph.nodes[game.key(one)]
    assert node["ply"] == 5 and node["paths"] >= 2
    counts = tree_and_graph_counts(game, 5)
    assert graph.number_of_nodes() == sum(count.positions for count in counts)
    assert graph.in_degree(game.key(one)) >= 2  # reached by c3 and by c4 as last move
    root = game.key(game.initial_state())
    assert all(graph.in_degree(key) >= 1 for key in graph.nodes if key != root)
