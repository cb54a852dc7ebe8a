"""Games with cycles: the game graphs, the named examples, Cat and Mouse."""

from __future__ import annotations

import shutil
from collections.abc import Hashable

import networkx as nx
import pytest

from gamelib.core import FIRST, SECOND, Game, IllegalMoveError, play
from gamelib.games.cyclic import (
    PASS,
    CatAndMouse,
    GraphGame,
    ghi_example,
    perpetual_check_example,
    plain_cycle,
    random_cyclic_game,
)
from gamelib.search import alphabeta, alphabeta_failsoft, negamax
from gamelib.search.repetition import HistoryAwareTable, chess_draw
from tests.helpers import CYCLIC_EXAMPLES


def test_a_graph_game_follows_the_game_protocol() -> None:
    game = plain_cycle()
    assert isinstance(game, Game)
    state = game.initial_state()
    assert state == ("a", FIRST)
    assert game.moves(state) == ("b",)
    after = game.result(state, "b")
    assert after == ("b", SECOND)
    assert game.to_move(after) == SECOND
    c_first = game.result(after, "c")
    assert game.moves(c_first) == ("a", "out")  # successors in the order the edges were added
    out = game.result(c_first, "out")
    assert game.is_terminal(out) and game.moves(out) == ()
    assert game.utility(out) == -1  # +1 for FIRST, and SECOND is to move at "out"
    assert game.evaluate(out) == -1
    assert game.utility(("out", FIRST)) == 1
    assert game.evaluate(state) == 0
    assert game.key(after) == after
    assert game.move_name("out") == "out"


def test_values_are_for_the_first_player_and_estimates_too() -> None:
    graph: nx.DiGraph[Hashable] = nx.DiGraph([("s", "t"), ("s", "u")])
    game = GraphGame(graph, "s", {"t": 3, "u": -2}, estimates={"s": 0.5})
    assert game.evaluate(("s", FIRST)) == 0.5
    assert game.evaluate(("s", SECOND)) == -0.5
    assert game.utility(("t", SECOND)) == -3
    assert negamax(game).value == 3
    assert negamax(game, ("s", SECOND)).value == 2  # SECOND picks u, worth +2 to it


def test_bad_graph_games_are_refused_with_a_reason() -> None:
    graph: nx.DiGraph[Hashable] = nx.DiGraph([("s", "t"), ("t", "s"), ("s", "end")])
    with pytest.raises(ValueError, match="start node 'x'"):
        GraphGame(graph, "x", {"end": 1})
    with pytest.raises(ValueError, match="end nodes without a value"):
        GraphGame(graph, "s", {})
    with pytest.raises(ValueError, match="not end nodes"):
        GraphGame(graph, "s", {"end": 1, "t": 0})


def test_the_weak_repetition_hash_forgets_the_player_and_is_check_reads_the_node() -> None:
    game = perpetual_check_example()
    assert game.repetition_hash(("check", FIRST)) == game.repetition_hash(("check", SECOND))
    assert game.is_check(("check", SECOND))
    assert not game.is_check(("escape", FIRST))


@pytest.mark.parametrize("example", CYCLIC_EXAMPLES)
def test_every_example_has_a_cycle_reachable_from_the_start(example: object) -> None:
    game = example()  # type: ignore[operator]
    reachable = nx.descendants(game.graph, game.start) | {game.start}
    assert any(len(cycle) > 0 for cycle in nx.simple_cycles(game.graph.subgraph(reachable))), (
        "a game for the repetitions chapter needs a cycle"
    )


def test_random_cyclic_games_are_reproducible_and_well_formed() -> None:
    first, again = random_cyclic_game(12, 5, 9), random_cyclic_game(12, 5, 9)
    assert list(first.graph.edges) == list(again.graph.edges)
    assert first.values == again.values
    for node in first.graph:
        assert (first.graph.out_degree(node) == 0) == node.startswith("e")
    assert not all(
        list(random_cyclic_game(seed, 5, 9).graph.edges) == list(first.graph.edges)
        for seed in range(13, 20)
    )


def test_graph_drawing_is_dot_with_the_title_values_checks_and_highlight() -> None:
    game = ghi_example()
    drawing = game.plot(highlight=[("start", "b"), ("b", "c")])
    source = drawing.source
    assert 'label="graph-history interaction"' in source
    assert '"start" -> "b" [color="#d62728", penwidth="3"]' in source
    assert '"a" -> "c" [color="#555555"' in source
    assert '"lose" [label="lose\\n−1", shape="box"' in source
    pinned = game.dot(positions={node: (0.0, 1.0) for node in game.graph})
    assert 'layout="neato"' in pinned and 'pos="0.000,1.350!"' in pinned
    with pytest.raises(ValueError, match="no place for the nodes"):
        game.dot(positions={"start": (0.0, 0.0)})
    checking = perpetual_check_example().dot()
    assert '"check" [label="check", shape="circle"' in checking
    assert 'fillcolor="#f0f0f0", color="#d62728", penwidth="2.5"' in checking


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_graphviz_draws_the_game_graph() -> None:
    svg = plain_cycle().plot().svg
    assert svg.startswith("<svg") and ">a cycle with an exit<" in svg


# --------------------------------------------------------------------------- Cat and Mouse


def test_cat_and_mouse_rules() -> None:
    game = CatAndMouse()
    assert isinstance(game, Game)
    start = game.initial_state()
    assert start == ((0, 0), (2, 1), FIRST)
    assert game.hole == (2, 2)
    assert [game.move_name(move) for move in game.moves(start)] == ["b1", "a2"]
    cat_turn = game.result(start, (1, 0))
    # the cat may not enter the hole: from b3 it goes to b2 or a3 (c3 is the hole)
    assert [game.move_name(move) for move in game.moves(cat_turn)] == ["b2", "a3"]
    caught = game.result(game.result(cat_turn, (2, 0)), (1, 1))
    assert not game.is_terminal(caught)
    mouse_blunders = ((2, 1), (2, 0), SECOND)  # the cat can step onto the mouse
    assert (2, 1) in game.moves(mouse_blunders)
    end = game.result(mouse_blunders, (2, 1))
    assert game.is_terminal(end) and game.moves(end) == () and game.utility(end) == -1
    home = ((2, 2), (0, 0), SECOND)
    assert game.is_terminal(home) and game.utility(home) == -1


def test_the_mouse_may_not_step_onto_the_cat_and_passes_when_stuck() -> None:
    game = CatAndMouse("M C #\n# . .\n. . H")
    start = game.initial_state()
    assert game.moves(start) == (PASS,)
    assert game.result(start, PASS) == ((0, 0), (0, 1), SECOND)


def test_cat_and_mouse_reads_moves_and_rejects_bad_boards() -> None:
    game = CatAndMouse()
    start = game.initial_state()
    assert game.parse_move(start, "b1") == (0, 1)
    with pytest.raises(IllegalMoveError, match="legal moves are: b1, a2"):
        game.parse_move(start, "c3")
    with pytest.raises(IllegalMoveError):
        play(game, start, (2, 2))
    with pytest.raises(ValueError, match="exactly one 'H'"):
        CatAndMouse("M . C\n. . .")
    with pytest.raises(ValueError, match="row 2: unknown square 'x'"):
        CatAndMouse("M . C\n. x H")
    with pytest.raises(ValueError, match="rectangle"):
        CatAndMouse("M . C\n. H")


def test_cat_and_mouse_is_a_draw_by_repetition_on_the_small_board() -> None:
    game = CatAndMouse()
    # (negamax, without pruning, would walk every simple path of the position graph: millions)
    for search in (alphabeta, alphabeta_failsoft):
        result = search(game, repetition=chess_draw, table=HistoryAwareTable())
        assert result.value == 0
        assert result.stats.repetitions > 0
    # one step from the hole with the cat far away, the mouse wins
    assert alphabeta(game, ((1, 2), (0, 0), FIRST), repetition=chess_draw).value == 1


def test_cat_and_mouse_toy_hash_collides_when_the_animals_swap() -> None:
    game = CatAndMouse()
    one = ((0, 0), (1, 1), FIRST)
    swapped = ((1, 1), (0, 0), FIRST)
    other_turn = ((0, 0), (1, 1), SECOND)
    assert game.repetition_hash(one) == game.repetition_hash(swapped)
    assert game.repetition_hash(one) == game.repetition_hash(other_turn)
    assert game.key(one) != game.key(swapped)
    result = alphabeta(game, repetition=chess_draw)
    assert result.stats.key_collisions > 0


def test_cat_and_mouse_pictures() -> None:
    game = CatAndMouse()
    start = game.initial_state()
    assert game.board_text(start) == "M . .\n. . .\n. C H\nmouse to move"
    svg = game.board_svg(start)
    assert svg.startswith("<svg") and "mouse to move" in svg
    caught = ((1, 1), (1, 1), FIRST)
    assert "the cat caught the mouse" in game.board_svg(caught)
    assert game.picture(start)._repr_svg_() == svg
