"""Plain-text tables line up in display columns, whatever the script of their cells."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamelib.tables import display_width, html_table, text_table

CELL = st.text(alphabet="abcXYZ 0123456789黒白石勝ち負けカット−∞", max_size=6)


def test_wide_characters_take_two_columns() -> None:
    assert display_width("abc") == 3
    assert display_width("黒石") == 4
    assert display_width("ｶ") == 1  # a half-width katakana
    assert display_width("Ａ") == 2  # a full-width Latin letter
    assert display_width("e\u0301") == 1  # e and a combining accent


@given(st.lists(st.tuples(CELL, CELL), min_size=1, max_size=5))
def test_every_column_starts_at_the_same_display_column(cells: list[tuple[str, str]]) -> None:
    rows = [{"手": first, "n": second.strip() or "0"} for first, second in cells]
    lines = text_table(["手", "n"], rows, numeric={"n"}).splitlines()
    widths = {display_width(line) for line in lines[2:]} | {display_width(lines[0])}
    assert len(widths) == 1  # the numeric column is right-aligned, so every line ends together
    first_column = max(display_width(cell) for cell in ["手", *(row["手"] for row in rows)])
    for line, row in zip(lines[2:], rows, strict=True):
        assert line.startswith(row["手"])
        assert display_width(line) - display_width(row["n"]) >= first_column + 2


def test_an_html_table_aligns_numeric_columns_and_their_titles_right() -> None:
    html = html_table(("move", "nodes"), [{"move": "d3", "nodes": "1,396"}], numeric={"nodes"})
    assert html.startswith(
        '<table><thead><tr><th>move</th><th style="text-align:right">nodes</th></tr></thead>'
    )
    assert '<td style="text-align:left">d3</td><td style="text-align:right">1,396</td>' in html
