"""Charts in words (gamelib.charts.chart.chart_summary): what a chart's SVG says to a
screen reader."""

from __future__ import annotations

import math
import re
from html import unescape

import pytest

from gamelib.charts import Chart
from gamelib.charts.chart import (
    POINTS_LISTED,
    SEPARATOR,
    WORDS,
    chart_language,
    chart_summary,
)
from gamelib.charts.graph import SEPARATOR as SEPARATOR_OF_GRAPHS
from gamelib.charts.graph import WORDS as GRAPH_WORDS
from gamelib.charts.graph import GraphDrawing, digraph, graph_summary, statement
from gamelib.language import LANGUAGES, Language, set_language
from gamelib.notation import format_number


def two_panel_chart() -> Chart:
    chart = Chart(title="Leaves evaluated", y_label="leaves", y_scale="log")
    short = chart.panel(title="best order", x_label="depth")
    short.line([1, 2, 3], [4, 16, 64], label="alphabeta")
    short.reference(10, label="budget")
    long = chart.panel(x_label="depth")
    xs = list(range(POINTS_LISTED + 3))
    ys = [3 * x * x + 5 for x in xs]
    long.line(xs, ys, label="minimax")
    long.interval(2, -math.inf, 7, label="window")
    long.note(4, 43, "here")
    return chart


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_summary_holds_the_charts_data(language: Language) -> None:
    summary = chart_summary(two_panel_chart(), language)
    words = {key: texts[language] for key, texts in WORDS.items()}
    lines = summary.description.splitlines()
    assert summary.title == "Leaves evaluated"
    points = SEPARATOR[language].join(["(1, 4)", "(2, 16)", "(3, 64)"])
    xs = list(range(POINTS_LISTED + 3))
    ys = [3 * x * x + 5 for x in xs]
    assert lines == [
        words["panel"].format(number=1, title="best order"),
        words["log_axes"].format(x="depth", y="leaves"),
        words["line_points"].format(label="alphabeta", points=points),
        words["reference"].format(label="budget", y=10),
        words["panel_number"].format(number=2),
        words["log_axes"].format(x="depth", y="leaves"),
        words["line_summary"].format(
            label="minimax",
            count=len(xs),
            first_x=0,
            last_x=xs[-1],
            low=format_number(min(ys)),
            high=max(ys),
            first_y=format_number(ys[0]),
            last_y=ys[-1],
        ),
        words["interval"].format(label="window", x=2, low="−∞", high=7),
        words["note"].format(x=4, y=43, text="here"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_svg_carries_the_summary_in_the_language_of_the_charts_words(
    language: Language,
) -> None:
    set_language("ja" if language == "en" else "en")  # the course-wide setting does not decide
    try:
        chart = two_panel_chart()
        if language == "ja":
            chart.title = "評価した葉の数"
        match = re.match(
            r'<svg [^>]*role="img"[^>]*><title>(.*?)</title><desc>(.*?)</desc>',
            chart.svg,
            re.DOTALL,
        )
        assert match is not None
        assert chart_language(chart) == language
        summary = chart_summary(chart, language)
        assert (unescape(match.group(1)), unescape(match.group(2))) == (
            summary.title,
            summary.description,
        )
    finally:
        set_language("en")


def test_a_chart_without_words_is_summarised_in_the_course_language() -> None:
    chart = Chart()
    chart.panel().line([0, 1], [1, 2])
    set_language("ja")
    try:
        assert chart_language(chart) == "ja"
        assert f"<title>{WORDS['chart']['ja']}</title>" in chart.svg
    finally:
        set_language("en")
    assert chart_language(chart) == "en"


def test_an_untitled_chart_is_named_chart_and_its_text_escaped() -> None:
    chart = Chart()
    chart.panel().line([0, 1], [1, 2], label="a < b")
    svg = chart.svg
    assert f"<title>{WORDS['chart']['en']}</title>" in svg
    assert "a &lt; b: (0, 1), (1, 2)." in svg


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_graph_drawing_says_its_nodes_and_links(language: Language) -> None:
    source = digraph(
        [
            statement("a", label="start\nnode"),
            statement("b", tooltip="X . O"),
            statement("a", "b"),
            statement("b", "c", label="x"),
        ],
        title="moves",
    )
    separator = SEPARATOR_OF_GRAPHS[language]
    assert graph_summary(source, language).splitlines() == [
        GRAPH_WORDS["counts"][language].format(nodes=3, links=2),
        GRAPH_WORDS["links"][language].format(
            links=separator.join(["start node → X . O", "X . O → c"])
        ),
    ]


def test_a_graph_drawing_carries_its_summary() -> None:
    source = digraph([statement("a", "b")], title="two")
    drawing = GraphDrawing(source, "two")
    try:
        svg = drawing.svg
    except RuntimeError:
        pytest.fail("Graphviz is needed (the project's set-up installs it)")
    assert re.match(r'<svg role="img"', svg)
    assert '<title class="gamelib-alt">two</title>' in svg
    assert f"<desc>{graph_summary(source, 'en')}</desc>" in svg
