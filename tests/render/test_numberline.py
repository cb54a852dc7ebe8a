"""The windows of the open nodes on a number line."""

from __future__ import annotations

import math

from gamelib.render.numberline import number_line_svg, value_range, window_rows
from gamelib.render.structure import trace_structure
from gamelib.trace import Trace, replay


def test_the_rows_are_the_open_nodes_with_their_windows(windows_trace: Trace) -> None:
    structure = trace_structure(windows_trace)
    rows = window_rows(replay(windows_trace, 16), structure, "max")  # I evaluated
    assert [row.label for row in rows] == ["R", "A", "D", "I"]
    assert [(row.alpha, row.beta) for row in rows] == [
        (-math.inf, math.inf),
        (-math.inf, 3),
        (-math.inf, 3),
        (-math.inf, 3),
    ]
    assert [row.maximizing for row in rows] == [True, False, True, False]
    assert [row.current for row in rows] == [False, False, False, True]
    assert rows[1].best == 3 and rows[3].best == 4
    mover = window_rows(replay(windows_trace, 16), structure, "mover")
    assert (mover[1].alpha, mover[1].beta) == (-3, math.inf)
    assert mover[3].best == -4


def test_the_svg_has_a_row_per_open_node_and_a_fixed_height(windows_trace: Trace) -> None:
    structure = trace_structure(windows_trace)
    limit = value_range(windows_trace)
    assert limit == 5
    shallow = number_line_svg(window_rows(replay(windows_trace, 1), structure, "max"), limit, 4)
    deep = number_line_svg(window_rows(replay(windows_trace, 16), structure, "max"), limit, 4)
    assert "R (−∞, ∞)" in shallow and "A (−∞, 3)" not in shallow
    assert "A (−∞, 3)" in deep and "I (−∞, 3)" in deep
    height = 'height="128"'
    assert height in shallow and height in deep
    assert "no node is open" in number_line_svg([], limit)
