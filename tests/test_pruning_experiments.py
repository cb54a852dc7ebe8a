"""The experiments behind notebooks 03 and 04 (gamelib.experiments.pruning) report true facts."""

from __future__ import annotations

from gamelib.experiments import pruning
from gamelib.experiments.tree_orders import ordering_experiment
from gamelib.search import alphabeta, minimax, nega_alpha
from gamelib.trace import record
from gamelib.trees import TEXTBOOK
from tests.test_charts import parse, polyline_points, texts, with_class


def test_a_deep_cutoff_comes_from_an_odd_number_of_levels_up_and_one_bound_misses_it() -> None:
    seed, tree = pruning.find_deep_cutoff(range(1000))
    two = record(alphabeta, tree)
    cuts = pruning.deep_cutoffs(two)
    assert cuts
    for cut in cuts:
        assert cut.levels_up >= 3 and cut.levels_up % 2 == 1
        assert cut.value != cut.bound  # not a tie: strictly past the bound
    one = record(nega_alpha, tree)
    assert set(one.evaluated) > set(two.evaluated)
    assert pruning.distinct_random_tree(seed, 4, (1, 2)) is not None


def test_the_walk_through_tree_has_only_shallow_cutoffs() -> None:
    assert pruning.deep_cutoffs(record(alphabeta, TEXTBOOK["alpha-beta-windows"])) == []


def test_worst_first_prunes_nothing_up_to_depth_3_with_distinct_values() -> None:
    rows = pruning.worst_first_pruning(depths=range(1, 5), branchings=(2, 3), seeds=40)
    assert all(pruned == 0 for depth, _, _, pruned in rows if depth <= 3)
    assert any(pruned > 0 for depth, _, _, pruned in rows if depth == 4)


def test_the_guarantees_hold() -> None:
    check = pruning.check_guarantees(trials=300, seed=1)
    assert check.violations == []
    assert check.same_leaves == check.trials
    assert sum(check.counts.values()) <= check.trials


def test_fail_soft_saves_leaves_only_under_the_strict_rule() -> None:
    greater_equal = pruning.compare_leaves(">=", trees=200)
    strict = pruning.compare_leaves(">", trees=200)
    assert greater_equal.fewer == greater_equal.more == greater_equal.saved == 0
    assert strict.more == 0 and strict.fewer > 0 and strict.saved > 0


def test_tables_show_the_searches_numbers() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    table = pruning.window_table(tree, [(-100, 100), (4, 10)])
    assert [row["which says"] for row in table.rows] == ["v = 3", "v ≤ 3"]
    assert "<table>" in table._repr_html_() and "v = 3" in str(table)
    leaves, identical, tried = pruning.leaves_table([(2, 3)], samples=3)
    assert identical == tried == 3 and leaves.rows[0]["minimax"] == "8.0"
    assert minimax(tree).value == 3


def test_the_ordering_plot_has_a_panel_per_branching_and_four_lines_in_each() -> None:
    rows = [
        row
        for branching, depths in ((2, [1, 2, 3]), (3, [1, 2]))
        for row in ordering_experiment(branching, depths, samples=2, seed=0)
    ]
    root = parse(pruning.plot_ordering(rows))
    panels = with_class(root, "panel")
    assert len(panels) == 2 and {"b = 2", "b = 3"} <= set(texts(root))
    assert [len(with_class(panel, "series")) for panel in panels] == [4, 4]
    assert [len(polyline_points(line)) for line in with_class(panels[0], "series")] == [3] * 4
    assert len(with_class(root, "legend-entry")) == 4  # shared by the panels
    assert "評価した葉の数（対数目盛り）" in texts(
        parse(pruning.plot_ordering(rows, language="ja"))
    )
