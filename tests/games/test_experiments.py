"""The 4×4 reversi counting experiment: the source's counts, and which change saves what."""

from __future__ import annotations

import pytest

from gamelib.experiments.minireversi import (
    EXPERIMENTS,
    STARTS,
    ExperimentTable,
    Row,
    attribution,
    format_table,
    minireversi_table,
    source_step,
)


@pytest.fixture(scope="module")
def table() -> ExperimentTable:
    return minireversi_table()


def test_every_row_is_there(table: ExperimentTable) -> None:
    assert isinstance(table, list) and all(isinstance(row, Row) for row in table)
    assert len(table) == len(EXPERIMENTS) * len(STARTS) == 16
    keys = {(row.algorithm, row.order, row.start) for row in table}
    assert len(keys) == 16
    for start in STARTS:
        for algorithm, order in [
            ("minimax", "natural"),
            ("negamax", "natural"),
            ("nega_alpha", "natural"),
            ("nega_alpha", "corners"),
            ("alphabeta_failsoft", "corners"),
            ("alphabeta", "corners"),
            ("alphabeta", "natural"),
            ("alphabeta_failsoft", "natural"),
        ]:
            assert (algorithm, order, start) in keys


def test_minimax_makes_the_sources_number_of_evaluations(table: ExperimentTable) -> None:
    assert table.find("minimax", "natural", "WB/BW").evaluations == 60_060
    assert table.find("minimax", "natural", "WB/WB").evaluations == 67_116
    assert table.find("negamax", "natural", "WB/BW").evaluations == 60_060
    assert table.find("negamax", "natural", "WB/WB").evaluations == 67_116


def test_every_row_of_a_start_has_the_same_root_value(table: ExperimentTable) -> None:
    for start in STARTS:
        values = {row.value for row in table if row.start == start}
        assert len(values) == 1, (start, values)
    assert table.find("minimax", "natural", "WB/BW").value == -8
    assert table.find("minimax", "natural", "WB/WB").value == -3


def test_pruning_and_ordering_save_evaluations(table: ExperimentTable) -> None:
    for start in STARTS:
        full = table.find("minimax", "natural", start).evaluations
        one_natural = table.find("nega_alpha", "natural", start).evaluations
        one_corners = table.find("nega_alpha", "corners", start).evaluations
        two_natural = table.find("alphabeta", "natural", start).evaluations
        two_corners = table.find("alphabeta", "corners", start).evaluations
        assert one_corners <= one_natural < full
        assert two_natural < one_natural and two_corners < one_corners
        assert two_corners <= two_natural


def test_fail_soft_evaluates_the_same_leaves_as_fail_hard(table: ExperimentTable) -> None:
    for start in STARTS:
        for order in ("natural", "corners"):
            hard = table.find("alphabeta", order, start)
            soft = table.find("alphabeta_failsoft", order, start)
            assert (hard.evaluations, hard.nodes) == (soft.evaluations, soft.nodes)


def test_the_sources_fail_soft_saving_is_the_second_bounds(table: ExperimentTable) -> None:
    savings = attribution(table)
    for start in STARTS:
        before, after = source_step(table, start)
        second_bound = savings.find("second bound", start, "corners")
        fail_soft = savings.find("fail-soft", start, "corners")
        assert fail_soft.saved == 0
        assert second_bound.saved == before.evaluations - after.evaluations > 0


def test_attribution_compares_rows_that_differ_in_one_thing(table: ExperimentTable) -> None:
    savings = attribution(table)
    assert len(savings) == 16
    for saving in savings:
        before, after = saving.before, saving.after
        assert before.start == after.start == saving.start
        same_order = before.order == after.order
        same_algorithm = before.algorithm == after.algorithm
        assert same_order != same_algorithm  # exactly one of the two changed
        assert (saving.change == "move order") == same_algorithm
        assert saving.saved == before.evaluations - after.evaluations
    move_order = savings.find("move order", "WB/WB", "nega_alpha")
    assert move_order.before.order == "natural" and move_order.after.order == "corners"
    with pytest.raises(KeyError):
        savings.find("move order", "WB/WB", "minimax")


def test_attribution_skips_missing_rows(table: ExperimentTable) -> None:
    only_minimax_and_one_bound = [
        row for row in table if row.algorithm in ("negamax", "nega_alpha")
    ]
    savings = attribution(only_minimax_and_one_bound)
    assert {saving.change for saving in savings} == {"pruning", "move order"}


def test_tables_print_and_render(table: ExperimentTable) -> None:
    text = format_table(table)
    assert text == str(table)
    lines = text.splitlines()
    assert len(lines) == 2 + 16
    assert "60,060" in text and "67,116" in text
    html = table._repr_html_()
    assert html.count("<tr>") == 17 and "60,060" in html
    savings = attribution(table)
    assert len(str(savings).splitlines()) == 2 + 16
    assert savings._repr_html_().count("<tr>") == 17
    with pytest.raises(KeyError):
        table.find("minimax", "corners", "WB/BW")
