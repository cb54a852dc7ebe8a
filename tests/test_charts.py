"""gamelib.charts: scales and ticks, the SVG a chart writes, and the DOT of graph drawings."""

from __future__ import annotations

import math
import shutil
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.charts import (
    CHART_FONT,
    GRAPHVIZ_FONT,
    Chart,
    GraphDrawing,
    digraph,
    format_power,
    format_quantity,
    format_tick,
    linear_scale,
    log_scale,
    quoted,
    statement,
)
from gamelib.charts.chart import TICK_SIZE, chart_summary
from gamelib.charts.scales import nice_step
from gamelib.charts.writer import text_width, wrap
from gamelib.notation import MINUS

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: Chart) -> ElementTree.Element:
    return ElementTree.fromstring(chart.svg)


def with_class(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [node for node in root.iter() if name in node.get("class", "").split()]


def polyline_points(element: ElementTree.Element) -> list[tuple[float, float]]:
    [polyline] = element.iter(f"{SVG}polyline")
    pairs = [pair.split(",") for pair in polyline.get("points", "").split()]
    return [(float(x), float(y)) for x, y in pairs]


def box_of(panel: ElementTree.Element) -> tuple[float, float, float, float]:
    [box] = with_class(panel, "plot-box")
    left, top = float(box.get("x", "")), float(box.get("y", ""))
    return left, top, left + float(box.get("width", "")), top + float(box.get("height", ""))


def texts(root: ElementTree.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


# --------------------------------------------------------------------------- scales


def test_the_ticks_of_a_log_axis_are_the_powers_of_ten_covering_the_data() -> None:
    scale = log_scale([3, 40, 4500])
    assert scale.ticks == (1.0, 10.0, 100.0, 1000.0, 10000.0)
    assert [scale.label(tick) for tick in scale.ticks] == ["1", "10", "100", "1,000", "10,000"]
    assert scale.fraction(100) == pytest.approx(0.5)


def test_a_log_axis_over_many_decades_ticks_every_few_powers() -> None:
    scale = log_scale([0.5, 1.4e45])
    assert scale.decades == 10 and len(scale.ticks) <= 9
    assert scale.ticks[0] <= 0.5 and scale.ticks[-1] >= 1.4e45
    assert scale.label(1e20) == "10²⁰" and scale.label(0.001) == "0.001"


def test_a_log_axis_refuses_values_that_are_not_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        log_scale([1, 0])


def test_linear_ticks_are_one_two_or_five_times_a_power_of_ten() -> None:
    scale = linear_scale([0.3, 97])
    assert (scale.low, scale.high, scale.step) == (0.0, 100.0, 20.0)
    assert scale.ticks == (0.0, 20.0, 40.0, 60.0, 80.0, 100.0)
    assert linear_scale([1, 7], extend_to_ticks=False, integer=True, target=6).step == 1.0
    with pytest.raises(ValueError, match="finite"):
        linear_scale([1, math.nan])


@given(st.floats(1e-6, 1e9), st.integers(1, 12))
def test_a_nice_step_is_one_two_or_five_times_a_power_of_ten(span: float, target: int) -> None:
    step = nice_step(span, target)
    mantissa = step / 10 ** math.floor(math.log10(step) + 1e-12)
    assert any(math.isclose(mantissa, nice) for nice in (1, 2, 5, 10))
    assert span / target / 2.5 <= step <= span / target * 2.5


def test_numbers_have_thousands_separators_and_a_typographic_minus() -> None:
    assert format_tick(-12000, 2000) == f"{MINUS}12,000"
    assert format_tick(2.5, 0.5) == "2.5" and format_tick(-0.0, 1) == "0"
    assert (format_power(6), format_power(7), format_power(-4)) == ("1,000,000", "10⁷", "10⁻⁴")
    assert format_quantity(1e9) == "10⁹" and format_quantity(86400) == "86,400"


# --------------------------------------------------------------------------- the SVG


def simple_chart(**options: object) -> Chart:
    chart = Chart(title="A <title> & 'quotes'", y_label="leaves", **options)  # type: ignore[arg-type]
    panel = chart.panel(x_label="depth")
    panel.line([0, 5, 10], [0, 50, 100], label="first")
    panel.line([0, 10], [20, 30], label="second", marker="square", line="dashed")
    return chart


def test_the_svg_is_well_formed_and_its_text_escaped() -> None:
    root = parse(simple_chart())
    assert root.tag == f"{SVG}svg"
    assert "A <title> & 'quotes'" in texts(root)
    assert root.get("font-family") == CHART_FONT


def test_a_point_lies_where_the_scale_puts_it() -> None:
    chart = simple_chart(y_range=(0, 100))
    root = parse(chart)
    [panel] = with_class(root, "panel")
    first = with_class(panel, "series")[0]
    (x0, y0), (x1, y1), (x2, y2) = polyline_points(first)
    assert x1 - x0 == pytest.approx(x2 - x1, abs=0.02)  # equal steps in x, equal in pixels
    assert y0 - y1 == pytest.approx(y1 - y2, abs=0.02)
    assert y0 > y1 > y2  # up is a smaller pixel row


def test_equal_ratios_are_equal_distances_on_a_log_axis() -> None:
    chart = Chart(y_scale="log")
    chart.panel().line([1, 2, 3], [1, 10, 100])
    [series] = with_class(parse(chart), "series")
    (_, y0), (_, y1), (_, y2) = polyline_points(series)
    assert y0 - y1 == pytest.approx(y1 - y2, abs=0.02)


def test_a_polyline_has_one_point_per_datum_and_marks_follow_mark_every() -> None:
    chart = Chart()
    chart.panel().line(range(11), [value * value for value in range(11)], mark_every=5)
    [series] = with_class(parse(chart), "series")
    assert len(polyline_points(series)) == 11
    assert len(list(series.iter(f"{SVG}circle"))) == 3  # points 0, 5 and 10


def test_the_legend_has_one_entry_per_label_even_across_panels() -> None:
    chart = Chart(y_scale="log")
    for _ in range(3):
        panel = chart.panel()
        panel.line([1, 2], [1, 10], label="minimax")
        panel.line([1, 2], [1, 5], label="alpha-beta")
        panel.line([1, 2], [2, 3])  # no label: no entry
    root = parse(chart)
    entries = with_class(root, "legend-entry")
    assert ["".join(entry.itertext()) for entry in entries] == ["minimax", "alpha-beta"]
    colours = {
        series.get("data-label"): {line.get("stroke") for line in series.iter(f"{SVG}polyline")}
        for series in with_class(root, "series")
    }
    assert len(colours["minimax"]) == 1  # one label, one colour in every panel


def test_panels_share_the_y_axis_and_only_the_first_has_its_labels() -> None:
    chart = Chart(y_label="leaves")
    chart.panel().line([1, 2], [0, 10])
    chart.panel().line([1, 2], [0, 1000])
    root = parse(chart)
    first, second = with_class(root, "panel")
    assert box_of(first)[2] < box_of(second)[0]  # side by side
    [ticks] = with_class(root, "y-ticks")
    assert "1,000" in texts(ticks)
    [low_first, _] = polyline_points(with_class(first, "series")[0])
    [low_second, _] = polyline_points(with_class(second, "series")[0])
    assert low_first[1] == low_second[1]  # 0 is at the same height in both panels


def test_a_panel_with_its_own_y_range_gets_its_own_y_axis() -> None:
    chart = Chart()
    chart.panel(y_range=(0, 1)).line([1, 2], [0, 1])
    chart.panel(y_range=(-1, 1)).line([1, 2], [-1, 1])
    assert not chart.shares_y
    root = parse(chart)
    first, second = with_class(root, "panel")
    assert box_of(first)[2] < box_of(second)[0]
    first_ticks, second_ticks = with_class(root, "y-ticks")
    assert "0.0" in texts(first_ticks) and f"{MINUS}1.0" not in texts(first_ticks)
    assert f"{MINUS}1.0" in texts(second_ticks)
    # Each line spans its own panel's whole height: its ends are its axis' ends.
    first_line = polyline_points(with_class(first, "series")[0])
    second_line = polyline_points(with_class(second, "series")[0])
    assert first_line[0][1] == pytest.approx(second_line[0][1])
    assert first_line[1][1] == pytest.approx(second_line[1][1])
    # The second axis' labels sit between the panels, not over the first box.
    labels_x = [float(node.get("x", "")) for node in second_ticks.iter(f"{SVG}text")]
    widest = max(text_width(text, TICK_SIZE) for text in texts(second_ticks))
    assert min(labels_x) - widest > box_of(first)[2]


def test_infinite_interval_ends_reach_past_the_axis_and_are_marked() -> None:
    chart = Chart()
    panel = chart.panel(x_ticks=[1, 2], x_range=(0.5, 2.5))
    panel.interval(1, 3, math.inf, label="value lies here")
    panel.interval(2, -math.inf, 5)
    panel.reference(4, label="the value")
    root = parse(chart)
    assert {"+∞", f"{MINUS}∞"} <= set(texts(root))
    left, top, right, bottom = box_of(with_class(root, "panel")[0])
    for rect in (r for group in with_class(root, "interval") for r in group.iter(f"{SVG}rect")):
        assert top < float(rect.get("y", "")) < bottom
        assert left < float(rect.get("x", "")) < right
    assert "NaN" not in chart.svg and "inf" not in chart.svg.lower()


def test_bad_data_is_refused_with_the_reason() -> None:
    panel = Chart().panel()
    with pytest.raises(ValueError, match="finite"):
        panel.line([1, 2], [1, math.nan])
    with pytest.raises(ValueError, match="2 x values but 1 y values"):
        panel.line([1, 2], [1])
    with pytest.raises(ValueError, match="low <= high"):
        panel.interval(1, 5, 2)
    with pytest.raises(ValueError, match="y_scale"):
        Chart(y_scale="cubic")  # type: ignore[arg-type]
    chart = Chart(y_scale="log")
    chart.panel().line([1, 2], [0, 1])
    with pytest.raises(ValueError, match="positive"):
        _ = chart.svg


def test_a_chart_saves_its_svg_and_shows_it_in_jupyter(tmp_path: object) -> None:
    from pathlib import Path

    chart = simple_chart()
    target = chart.save(Path(str(tmp_path)) / "chart.svg")
    assert target.read_text(encoding="utf-8") == chart.svg == chart._repr_svg_()


finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)


@given(
    st.lists(st.lists(st.tuples(finite, finite), min_size=1, max_size=12), min_size=1, max_size=3),
    st.booleans(),
    st.integers(1, 3),
)
def test_every_data_point_lies_inside_its_plot_box(
    lines: list[list[tuple[float, float]]], log: bool, panels: int
) -> None:
    chart = Chart(y_scale="log" if log else "linear", title="random data")
    for _ in range(panels):
        panel = chart.panel(x_label="x")
        for number, line in enumerate(lines):
            ys = [abs(y) + 0.01 if log else y for _, y in line]
            panel.line([x for x, _ in line], ys, label=f"series {number}")
    root = parse(chart)
    for panel_element in with_class(root, "panel"):
        left, top, right, bottom = box_of(panel_element)
        for series in with_class(panel_element, "series"):
            for x, y in polyline_points(series):
                assert math.isfinite(x) and math.isfinite(y)
                assert left - 0.01 <= x <= right + 0.01 and top - 0.01 <= y <= bottom + 0.01


@given(st.text(min_size=1, max_size=80), st.integers(40, 400))
def test_wrapped_lines_fit_and_keep_every_character(text: str, width: int) -> None:
    lines = wrap(text, 12, width)
    assert all(text_width(line, 12) <= width or len(line) == 1 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")


def test_the_chart_font_list_is_the_drawings_then_a_japanese_font() -> None:
    from gamelib.render.svg import FONT

    assert GRAPHVIZ_FONT == FONT
    japanese = ["Noto Sans CJK JP", "sans-serif"]
    families = [family for family in FONT.split(",") if family not in japanese]
    assert CHART_FONT.split(",") == [*families, *japanese]


def test_japanese_words_appear_in_the_chart() -> None:
    chart = Chart(title="ゲーム木の大きさ", y_label="葉の数（対数目盛り）", y_scale="log")
    chart.panel(x_label="深さ").line([1, 2], [10, 100], label="探索")
    assert {"ゲーム木の大きさ", "葉の数（対数目盛り）", "深さ", "探索"} <= set(texts(parse(chart)))


# --------------------------------------------------------------------------- graph drawings


def test_dot_text_quotes_names_and_labels() -> None:
    assert quoted('say "hi"\\now') == '"say \\"hi\\"\\\\now"'
    assert statement("a", "b", color="red", penwidth=2) == '"a" -> "b" [color="red", penwidth="2"];'
    source = digraph([statement("a", label="x\ny")], title="T")
    assert 'label="x\\ny"' in source and 'label="T"' in source and source.startswith("digraph {")


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_a_graph_drawing_is_drawn_by_graphviz_with_the_chart_fonts() -> None:
    drawing = GraphDrawing(digraph([statement("a", "b")], title="two nodes"), "two nodes")
    root = ElementTree.fromstring(drawing.svg)
    assert root.get("font-family") == CHART_FONT
    assert {"a", "b", "two nodes"} <= set(texts(root))


@pytest.mark.parametrize(
    ("label", "language"), [("leaves (log scale)", "en"), ("葉の数（対数目盛り）", "ja")]
)
def test_the_summary_says_a_log_scale_once(label: str, language: str) -> None:
    chart = Chart(y_label=label, y_scale="log")
    chart.panel(x_label="depth").line([1, 2], [10, 100])
    described = chart_summary(chart, language).description
    assert described.count("log") + described.count("対数") == 1, described
    plain = Chart(y_label="leaves", y_scale="log")
    plain.panel(x_label="depth").line([1, 2], [10, 100])
    assert "logarithmic" in chart_summary(plain, "en").description
