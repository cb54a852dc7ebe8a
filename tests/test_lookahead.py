"""The experiments of notebooks 01 and 02 (gamelib.experiments.lookahead)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import Othello, TicTacToe, minimax, negamax
from gamelib.experiments import lookahead
from gamelib.games.othello import perft
from tests.test_charts import parse, polyline_points, texts, with_class


def test_random_position_is_seeded_and_plays_the_given_plies() -> None:
    game = TicTacToe()
    first = lookahead.random_position(game, 7, 4)
    assert first == lookahead.random_position(game, 7, 4)
    assert bin(first[0]).count("1") + bin(first[1]).count("1") == 4
    with pytest.raises(ValueError, match="plies"):
        lookahead.random_position(game, 7, -1)


def test_move_values_at_depth_one_are_the_negated_evaluations_after_each_move() -> None:
    game = Othello()
    start = game.initial_state()
    values = lookahead.move_values(game, start, depth=1)
    assert set(values) == set(game.moves(start))
    for move, value in values.items():
        assert value == -game.evaluate(game.result(start, move))
    with pytest.raises(ValueError, match="depth"):
        lookahead.move_values(game, start, depth=0)


def test_move_table_has_a_row_per_move_and_a_column_per_search() -> None:
    table = lookahead.move_table(
        {"depth 1": {"a": 1, "b": -2}, "depth 3": {"a": 0, "b": 5}}, str.upper, {"b": "best"}
    )
    assert table.columns == ("move", "depth 1", "depth 3", "")
    assert table.rows[1] == {"move": "B", "depth 1": "-2", "depth 3": "+5", "": "best"}
    with pytest.raises(ValueError, match="no columns"):
        lookahead.move_table({}, str)


def test_favourites_and_clear_favourite() -> None:
    assert lookahead.favourites({"a": 1, "b": 3, "c": 3}) == ["b", "c"]
    assert lookahead.clear_favourite({"a": 1, "b": 3, "c": 3}) is None
    assert lookahead.clear_favourite({"a": 1, "b": 3}) == "b"
    with pytest.raises(ValueError, match="no moves"):
        lookahead.favourites({})


def test_the_delaying_tree_shows_the_horizon_effect() -> None:
    tree = lookahead.DELAYING_TREE
    material = lookahead.material_for_max(tree)
    # every leaf's value is the material its line of captures cost
    assert all(leaf.value == material[leaf.name] for leaf in tree.leaves())
    truth = minimax(tree)
    assert (truth.value, truth.move) == (-3, "give-up")
    shallow = [
        minimax(tree, depth=depth, evaluate=lookahead.material_evaluation) for depth in (2, 4)
    ]
    assert all(result.move == "delay" and result.value > truth.value for result in shallow)
    assert minimax(tree, depth=6, evaluate=lookahead.material_evaluation).move == "give-up"


@pytest.mark.parametrize("depth", range(1, 8))
def test_extended_minimax_is_plain_minimax_without_extension_and_exact_with_it(depth: int) -> None:
    tree = lookahead.DELAYING_TREE
    material = lookahead.material_for_max(tree)
    plain = minimax(tree, depth=depth, evaluate=lookahead.material_evaluation)
    assert lookahead.extended_minimax(
        tree, depth, lambda node: material[node.name], lambda node: False
    ) == (plain.value, plain.move)
    assert lookahead.extended_minimax(
        tree, depth, lambda node: material[node.name], lookahead.knight_attacked
    ) == (-3, "give-up")


def test_growth_table_and_time_to_visit() -> None:
    table = lookahead.growth_table((2, 4), (10, 20))
    assert table.rows[1]["d = 20"] == f"{4**20:.2e}"
    assert "<table>" in table._repr_html_() and "d = 10" in str(table)
    assert lookahead.time_to_visit(120, 1) == "2.0 minutes"
    assert lookahead.time_to_visit(5, 10) == "0.5 seconds"
    with pytest.raises(ValueError, match="per_second"):
        lookahead.time_to_visit(1, 0)


def test_growth_figure_has_one_line_per_branching_and_three_marks() -> None:
    chart = lookahead.growth_figure((2, 4, 8), 1e9)
    root = parse(chart)
    series = with_class(root, "series")
    assert [line.get("data-label") for line in series] == ["b = 2", "b = 4", "b = 8"]
    assert all(len(polyline_points(line)) == 50 for line in series)
    assert len(with_class(root, "reference")) == 3
    assert "a year at 10⁹ leaves/s" in texts(root)
    japanese = texts(parse(lookahead.growth_figure((2, 4, 8), 1e9, language="ja")))
    assert "葉の数 bᵈ（対数目盛り）" in japanese and "毎秒 10⁹ 葉で1 年" in japanese
    with pytest.raises(ValueError, match="per_second"):
        lookahead.growth_figure((2,), 0)


def test_fixed_side_evaluation_changes_moves_only_with_white_to_move_at_the_leaves() -> None:
    game = Othello()

    def black_minus_white(state: object) -> float:
        return state.black.bit_count() - state.white.bit_count()  # type: ignore[attr-defined]

    def for_the_mover(state: object) -> float:
        return state.mover.bit_count() - state.opponent.bit_count()  # type: ignore[attr-defined]

    positions = [lookahead.random_position(game, seed, 8 + seed % 6) for seed in range(12)]
    for row in lookahead.fixed_side_study(
        game, positions, (1, 2), for_the_mover, black_minus_white
    ):
        assert row.changed == row.changed_white_at_leaves  # never with Black at the leaves
        assert row.changed_white_at_leaves > 0
        assert row.white_at_leaves == sum(
            (state.player == 0) == (row.depth % 2 == 1) for state in positions
        )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.sampled_from([(2, 4), (1, 3), (2,), (1, 3, 5)]))
def test_a_constant_shift_never_changes_the_move_when_leaf_plies_share_their_parity(
    seed: int, plies: tuple[int, ...]
) -> None:
    tree = lookahead.random_probability_tree(seed, plies)
    assert lookahead.leaf_plies(tree) <= set(plies)
    centred = lookahead.rescaled(tree, lambda p: round(2 * p - 1, 6))
    assert negamax(tree).move == negamax(centred).move


def test_a_constant_shift_changes_some_moves_when_leaf_plies_differ_in_parity() -> None:
    changed = sum(
        negamax(tree).move != negamax(lookahead.rescaled(tree, lambda p: round(2 * p - 1, 6))).move
        for tree in (lookahead.random_probability_tree(seed, (1, 2)) for seed in range(50))
    )
    assert changed > 0


def test_random_probability_tree_rejects_bad_plies() -> None:
    with pytest.raises(ValueError, match="plies"):
        lookahead.random_probability_tree(1, ())


def test_first_seed() -> None:
    assert lookahead.first_seed(lambda seed: seed * seed > 50, range(100)) == 8
    with pytest.raises(ValueError, match="no seed"):
        lookahead.first_seed(lambda seed: False, range(3))


def test_perft_agrees_with_minimax_leaves_at_depth_two() -> None:
    assert minimax(Othello(), depth=2).stats.leaves == perft(2)
