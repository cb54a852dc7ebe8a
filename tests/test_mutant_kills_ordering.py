"""Move ordering (gamelib.search.ordering): static order, pre-search and iterative deepening,
the facts mutation testing (``bash scripts/course.sh mutants gamelib/search/ordering.py``)
needs stated. The orders, counts and values are worked out by hand in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, alphabeta_failsoft, negamax
from gamelib.search.ordering import iterative_deepening, presearch, static_order
from gamelib.search.table import TranspositionTable
from gamelib.trace import record_probes
from gamelib.trees import TreeGame, parse_tree

# MAX at A; B = min(1, 9) = 1, C = min(7, 8) = 7, D = min(4, 6) = 4: best first is C, D, B.
TREE = parse_tree("[[1, 9], [7, 8], [4, 6]]")


def test_static_order_tries_first_the_move_worst_for_the_opponent_and_scores_lazily() -> None:
    game = TreeGame(parse_tree("[5, 1, 3]"))  # leaves B = 5, C = 1, D = 3 for MAX
    root = game.initial_state()
    scored: list[str] = []

    def score(state: Any) -> float:  # the leaf's value for the player to move there (MIN)
        scored.append(state[0].name)
        return game.utility(state)

    ordered = static_order(game, score)(root, game.moves(root))
    assert bool(ordered) and len(ordered) == 3 and scored == []  # nothing scored yet
    # MIN scores B −5, C −1, D −3: lowest first is B, then D, then C
    assert [game.move_name(move) for move in ordered] == ["B", "D", "C"]
    assert sorted(scored) == ["B", "C", "D"]


def test_presearch_orders_the_root_best_first_and_counts_each_search() -> None:
    result = presearch(TREE, shallow=2, depth=None)
    assert result.order == ("C", "D", "B")
    # each root move searched 1 ply deeper: the child and its 2 leaves, 3 times
    assert (result.shallow_stats.nodes, result.shallow_stats.leaves) == (9, 6)
    # C first: A, C, G, H (7); D's I = 4 ≤ 7 and B's E = 1 ≤ 7 cut the rest
    assert (result.deep_stats.nodes, result.deep_stats.leaves) == (8, 4)
    assert result.stats == result.shallow_stats + result.deep_stats
    assert (result.value, result.move, result.pv) == (7, "C", ("C", "G"))
    assert result.algorithm == "presearch"
    # without the pre-search, B first: B, E, F; C, G, H; D, I: 9 nodes
    assert alphabeta_failsoft(TREE).stats.nodes == 9


def test_presearch_uses_the_search_and_evaluation_it_is_given() -> None:
    # one ply: the root moves B, C, D are cut off and all evaluated 0, a tie kept in order
    flat = presearch(TREE, shallow=1, depth=1, evaluate=lambda state: 0)
    assert flat.order == ("B", "C", "D") and flat.value == 0
    assert (flat.shallow_stats.nodes, flat.shallow_stats.leaves) == (3, 3)
    # negamax prunes nothing: A, its 3 children and their 6 leaves, 10 nodes
    with_negamax = presearch(TREE, shallow=2, depth=None, search=negamax)
    assert with_negamax.deep_stats.nodes == negamax(TREE).stats.nodes == 10
    assert with_negamax.value == 7


def test_iterative_deepening_searches_depths_1_to_max_with_the_options_given() -> None:
    game = TicTacToe()
    table = TranspositionTable()
    result, traces = record_probes(iterative_deepening, game, max_depth=2, table=table)
    assert len(result.iterations) == len(traces) == 2 and result.table is table
    assert [iteration.value for iteration in result.iterations] == [
        alphabeta(game, depth=depth).value for depth in (1, 2)
    ]
    assert result.algorithm == "iterative_deepening"
    assert all(trace.result.algorithm == "alphabeta_failsoft" for trace in traces)
    assert iterative_deepening(game, max_depth=1).iterations[0].stats.nodes == 10  # root + 9
    tree = iterative_deepening(TREE, max_depth=1, evaluate=lambda state: 2, search=negamax)
    assert tree.value == -2 and tree.iterations[0].algorithm == "negamax"
    # depth 1 evaluates B, C, D all 0: the first searched, D (reversed), is kept; at depth 2
    # C = 7 (H = 8 then G = 7, reversed) is the best
    reversed_order = iterative_deepening(
        TREE, max_depth=2, order="reversed", evaluate=lambda state: 0
    )
    assert reversed_order.iterations[0].move == "D" and reversed_order.pv == ("C", "G")


def test_iterative_deepening_needs_one_depth_at_least() -> None:
    with pytest.raises(ValueError, match=r"^max_depth must be at least 1, not 0$"):
        iterative_deepening(TREE, max_depth=0)


def test_presearch_searches_the_position_it_is_given_and_a_finished_one_has_no_move() -> None:
    game = TicTacToe()
    # X in the centre, O on an edge (square 1): X to move wins with best play (+1 for X),
    # where the start position is a draw (0).
    state = game.result(game.result(game.initial_state(), 4), 1)
    assert alphabeta(game, state).value == 1 and alphabeta(game).value == 0
    assert presearch(game, state, shallow=1, depth=None).value == 1
    # X has three in a row (0, 1, 2): O to move has lost and has no move to name.
    finished = game.initial_state()
    for move in (0, 3, 1, 4, 2):
        finished = game.result(finished, move)
    result = presearch(game, finished, shallow=1, depth=None)
    assert (result.value, result.move, result.pv) == (-1, None, ())


def test_iterative_deepening_fills_and_returns_the_table_it_searches_with() -> None:
    game = TicTacToe()
    given = TranspositionTable()
    result = iterative_deepening(game, max_depth=4, evaluate=lambda state: 0, table=given)
    assert result.table is given and len(given) > 0 and given.stats.probes > 0
    fresh = iterative_deepening(game, max_depth=4, evaluate=lambda state: 0)
    assert len(fresh.table) > 0  # a table of its own when none is given
    # the table's best moves make the iterations cheaper than the same searches without one
    alone = sum(
        alphabeta_failsoft(game, depth=depth, evaluate=lambda state: 0).stats.nodes
        for depth in range(1, 5)
    )
    assert fresh.stats.nodes == result.stats.nodes < alone
