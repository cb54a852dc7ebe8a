"""Rich display in Jupyter: trees, traces, results, tables, game states and experiment rows
show themselves (``_repr_svg_`` / ``_repr_html_``), importing the renderer only when asked."""

from __future__ import annotations

import re

import pytest
from IPython.lib import pretty as ipython_pretty

from gamelib.core import Bound
from gamelib.experiments.compare import (
    CONTENDERS,
    Measurement,
    Measurements,
    format_measurements,
    measure,
)
from gamelib.experiments.tree_orders import OrderingRows, ordering_experiment
from gamelib.games import minireversi, othello
from gamelib.games.tictactoe import TicTacToe
from gamelib.render import summaries
from gamelib.search import alphabeta, alphabeta_failsoft
from gamelib.search.table import TranspositionTable
from gamelib.trace import Trace
from gamelib.trees import TEXTBOOK, parse_tree
from tests.helpers import Subtraction


def pretty(value: object) -> str:
    """IPython's plain-text display of ``value``."""
    text: str = ipython_pretty.pretty(value)  # type: ignore[no-untyped-call]
    return text


def cells(html: str) -> list[str]:
    """The texts of the table cells of ``html``, in order."""
    return re.findall(r"<td[^>]*>([^<]*)</td>", html)


def test_a_tree_draws_itself_and_prints_as_its_outline() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    svg = tree._repr_svg_()
    assert svg is not None and svg.startswith("<svg")
    for name in "RABCDGHIJ":
        assert f">{name}<" in svg
    assert pretty(tree) == tree.to_outline()
    assert parse_tree(pretty(tree)) == tree


def test_a_tree_that_cannot_be_drawn_falls_back_to_its_outline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no drawing library")

    monkeypatch.setattr(summaries, "draw", broken)
    tree = TEXTBOOK["alpha-beta-windows"]
    assert tree._repr_svg_() is None  # Jupyter then shows the plain text: the outline
    assert pretty(tree).startswith("- R\n-- A")


def test_a_trace_shows_its_final_picture_with_its_counts(windows_trace: Trace) -> None:
    html = windows_trace._repr_html_()
    assert "<svg" in html and ">J<" in html  # the drawing, the pruned leaf J in it
    # the α-β windows tree: value 3 by A; 11 nodes entered, 5 leaves evaluated, J F M N pruned
    counts = "alphabeta: value 3, move A · 11 nodes entered · 5 leaves evaluated · 4 pruned"
    assert counts in html
    assert summaries.trace_counts(windows_trace) == counts


def test_a_trace_that_cannot_be_drawn_still_shows_its_counts(
    monkeypatch: pytest.MonkeyPatch, failsoft_trace: Trace
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no drawing library")

    monkeypatch.setattr(summaries, "draw", broken)
    html = failsoft_trace._repr_html_()
    assert "<svg" not in html
    assert "alphabeta_failsoft: value 3, move A · " in html


def test_a_search_result_is_one_table_row() -> None:
    result = alphabeta(TEXTBOOK["alpha-beta-windows"])
    html = result._repr_html_()
    assert re.findall(r"<th[^>]*>([^<]*)</th>", html) == list(summaries.RESULT_COLUMNS)
    assert cells(html) == ["alphabeta", "3", "A", "A C H", "11", "5"]


def test_a_result_without_a_move_shows_a_dash() -> None:
    result = alphabeta(parse_tree("- R 7"))
    assert cells(result._repr_html_()) == ["alphabeta", "7", "—", "—", "1", "1"]


def test_a_transposition_table_summarises_its_entries_and_bounds() -> None:
    table = TranspositionTable()
    alphabeta_failsoft(Subtraction(9), table=table)
    summary = dict(zip(summaries.TABLE_COLUMNS, cells(table._repr_html_()), strict=True))
    assert summary["entries"] == str(len(table)) and len(table) > 0
    assert summary["capacity"] == "unlimited"
    assert summary["stores"] == f"{table.stats.stores:,}"
    assert summary["hits"] == f"{table.stats.hits:,}"
    by_bound = {
        bound.value: sum(1 for entry in table.entries.values() if entry.bound == bound)
        for bound in Bound
    }
    assert {name: int(summary[name]) for name in ("exact", "lower", "upper")} == by_bound
    assert sum(by_bound.values()) == len(table)
    assert "TranspositionTable" in table._repr_html_()


def test_a_limited_table_shows_its_capacity() -> None:
    html = TranspositionTable(capacity=1024)._repr_html_()
    summary = dict(zip(summaries.TABLE_COLUMNS, cells(html), strict=True))
    assert summary["capacity"] == "1,024" and summary["entries"] == "0"


def test_reversi_and_othello_states_draw_themselves() -> None:
    small = minireversi.MiniReversi().initial_state()
    assert small._repr_svg_() == minireversi.board_svg(small)
    assert "Black to move" in small._repr_svg_()
    start = othello.start_state()
    svg = start._repr_svg_()
    assert svg == othello.board_svg(start)
    assert svg.count('fill="black" stroke') == 2 and svg.count('fill="white" stroke') == 2


def test_the_ordering_experiment_shows_as_a_table() -> None:
    rows = ordering_experiment(2, [1, 2], samples=2, seed=1)
    assert isinstance(rows, OrderingRows) and isinstance(rows, list)
    assert [row.depth for row in rows] == [1, 2] and rows[1].minimax == 4
    html = rows._repr_html_()
    assert re.findall(r"<th[^>]*>([^<]*)</th>", html)[4] == "best first"
    assert html.count("<tr>") == 3  # the header and one row per depth
    # depth 2, branching 2: minimax evaluates 4 leaves, the minimal tree 2 + 2 − 1 = 3
    assert cells(html)[7:11] == ["2", "2", "4", "3"]
    assert cells(html)[11] == f"{rows[1].best:,.1f}"


def test_measurements_show_their_totals_per_search() -> None:
    game = TicTacToe()
    contenders = {name: CONTENDERS[name] for name in ("alpha-beta (fail-hard)", "fail-soft")}
    rows = measure(game, [("start", game.initial_state())], 2, contenders)
    assert isinstance(rows, Measurements) and len(rows) == 2
    html = rows._repr_html_()
    assert cells(html)[0] == "alpha-beta (fail-hard)"
    assert cells(html)[1:3] == [f"{rows[0].leaves:,}", f"{rows[0].nodes:,}"]
    assert cells(html)[4] == "fail-soft"


def test_the_measurement_text_table_lines_up() -> None:
    rows = [
        Measurement("iterative deepening + table", "p", 0, 1_234, 5_678, 0.5),
        Measurement("fail-soft", "p", 0, 10, 20, 0.25),
        Measurement("fail-soft", "q", 0, 5, 7, 0.25),
    ]
    text = format_measurements(rows)
    lines = text.splitlines()
    assert len({len(line) for line in lines}) == 1  # header as wide as every row
    assert lines[0].index("evaluations") + len("evaluations") == lines[1].index("1,234") + 5
    assert lines[2].split() == ["fail-soft", "15", "27", "0.50"]
