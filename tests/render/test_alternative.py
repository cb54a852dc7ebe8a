"""The drawings' text alternatives (gamelib.render.alternative), from real searches.

The counts and lists an alternative states are checked against the trace's own record (its
entered, evaluated and pruned nodes, its narration of each cut), in both languages, on the
textbook trees and on random trees (whose cuts prune several siblings at once); every drawing
(graphviz and the matplotlib fallback, a tree, a search, each frame of a player) carries its
alternative as ``role="img"``, ``<title>`` and ``<desc>``.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from gamelib import TEXTBOOK, alphabeta, alphabeta_failsoft, minimax, record
from gamelib.games.othello import Othello
from gamelib.games.othello import board_svg as othello_board_svg
from gamelib.games.tictactoe import TicTacToe
from gamelib.games.tictactoe import board_svg as tictactoe_board_svg
from gamelib.language import LANGUAGES, Language
from gamelib.render.alternative import (
    SEPARATORS,
    WORDS,
    Alternative,
    evaluation_order,
    picture_alternative,
    with_alternative,
)
from gamelib.render.describe import sentences
from gamelib.render.dot import draw, trace_picture, tree_picture
from gamelib.render.fallback import picture_svg
from gamelib.render.static import decode_player_data, to_html
from gamelib.trace import Cutoff, Trace
from gamelib.trees import random_tree

ALGORITHMS = {"minimax": minimax, "alphabeta": alphabeta, "failsoft": alphabeta_failsoft}
TRACES = [(tree, name) for tree in TEXTBOOK for name in ALGORITHMS]


def trace_of(tree: str, algorithm: str) -> Trace:
    return record(ALGORITHMS[algorithm], TEXTBOOK[tree])


def random_traces() -> list[Trace]:
    """alphabeta on random trees wide enough that a cut prunes several siblings at once."""
    return [record(alphabeta, random_tree(seed, 3, 4)) for seed in range(4)]


def line_starting(description: str, key: str, language: Language) -> str:
    """The line of ``description`` written by the template ``key`` (by its first words)."""
    start = WORDS[key][language].split("{")[0]
    (line,) = [line for line in description.splitlines() if line.startswith(start)]
    return line


def tree_size(trace: Trace) -> int:
    return sum(1 for _ in trace.tree.walk())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("tree", "algorithm"), TRACES)
def test_the_counts_are_the_traces_own(tree: str, algorithm: str, language: Language) -> None:
    trace = trace_of(tree, algorithm)
    alternative = picture_alternative(trace_picture(trace, language=language))
    counts = WORDS["counts"][language].format(
        nodes=tree_size(trace),
        entered=len(set(trace.entered)),
        pruned=len(trace.pruned),
        unvisited=tree_size(trace) - len(set(trace.entered)) - len(trace.pruned),
    )
    assert alternative.description.splitlines()[0] == counts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("trace", [*(trace_of(*pair) for pair in TRACES), *random_traces()])
def test_the_leaves_are_listed_in_the_order_of_their_evaluation(
    trace: Trace, language: Language
) -> None:
    picture = trace_picture(trace, language=language)
    if any(node.kind == "more" for node in picture.nodes):
        pytest.fail("a hidden node: this test needs pictures that draw every node")
    line = line_starting(picture_alternative(picture).description, "evaluated", language)
    assert re.findall(r"(?:[①-⑩]|#\d+) (\w+) =", line) == list(trace.evaluated)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("trace", [*(trace_of(*pair) for pair in TRACES), *random_traces()])
def test_each_cut_is_told_as_the_narration_tells_it_and_no_cuts_line_without_a_cut(
    trace: Trace, language: Language
) -> None:
    """The cuts line holds exactly the narration's sentences of the cuts that pruned something
    (node, comparison under the cutoff rule, the pruned children), in the order they
    happened; a trace with no such cut has no cuts line at all (no "Cuts: none.")."""
    lines = picture_alternative(trace_picture(trace, language=language)).description.splitlines()
    narration = sentences(trace, language=language)
    told = [
        sentence
        for event, sentence in zip(trace.events, narration, strict=True)
        if isinstance(event, Cutoff) and event.skipped
    ]
    start = WORDS["cuts"][language].split("{cuts}")[0]  # "Cuts: ", "カットは次のとおりです："
    cuts_lines = [line for line in lines if line.startswith(start)]
    if not told:
        assert cuts_lines == []
        return
    cuts = WORDS["cuts"][language].format(cuts=SEPARATORS["cut"][language].join(told))
    assert cuts_lines == [cuts]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_step_in_the_middle_says_what_is_open_and_current(language: Language) -> None:
    trace = trace_of("alpha-beta-windows", "alphabeta")
    picture = trace_picture(trace, step=14, language=language)  # entering D with (−∞, 3)
    description = picture_alternative(picture).description
    assert WORDS["current"][language].format(node="D") in description.splitlines()
    separator = SEPARATORS["list"][language]
    assert WORDS["open"][language].format(nodes=separator.join("RAD")) in description
    entered = len(set(trace.entered[:6]))  # R A C G H D
    assert description.splitlines()[0] == WORDS["counts"][language].format(
        nodes=15, entered=entered, pruned=0, unvisited=15 - entered
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bare_tree_lists_its_leaves_left_to_right(language: Language) -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    alternative = picture_alternative(tree_picture(tree, language=language))
    leaves = list(tree.leaves())
    line = line_starting(alternative.description, "leaves", language)
    assert re.findall(r"(\w+) = ", line) == [leaf.name for leaf in leaves]
    assert re.findall(r"= (−?\d+)", line) == [str(leaf.value) for leaf in leaves]
    assert alternative.title == WORDS["tree_title"][language].format(
        nodes=len(list(tree.walk())), leaves=len(leaves)
    )


def svg_alternative(svg: str) -> tuple[str, str]:
    match = re.search(
        r'<svg role="img"[^>]*><title class="gamelib-alt">(.*?)</title><desc>(.*?)</desc>',
        svg,
        re.DOTALL,
    )
    assert match is not None, svg[:300]
    return unescape(match.group(1)), unescape(match.group(2))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_drawing_carries_its_alternative(language: Language) -> None:
    trace = trace_of("alpha-beta-windows", "alphabeta")
    picture = trace_picture(trace, language=language)
    expected = picture_alternative(picture)
    assert svg_alternative(draw(trace, language=language).svg()) == (
        expected.title,
        expected.description,
    )
    assert svg_alternative(picture_svg(picture)) == (expected.title, expected.description)
    tree = tree_picture(TEXTBOOK["aima-fig-5-2"], language=language)
    title, _ = svg_alternative(draw(TEXTBOOK["aima-fig-5-2"], language=language).svg())
    assert title == picture_alternative(tree).title


def test_each_frame_of_a_player_carries_the_alternative_of_its_step() -> None:
    trace = trace_of("alpha-beta-windows", "alphabeta")
    (frames,) = decode_player_data(json_data(to_html(trace, views=["max"], language="en")))["max"]
    for frame in frames:  # a player's frames are drawn without a caption (it shows the step)
        picture = trace_picture(trace, step=frame["step"], language="en", caption=False)
        expected = picture_alternative(picture)
        assert expected.title == WORDS["search_title"]["en"].format(step=frame["step"])
        assert svg_alternative(frame["svg"]) == (expected.title, expected.description)


def json_data(html: str) -> dict[str, object]:
    import json

    match = re.search(r'<script type="application/json" class="gamelib-data">(.*?)</script>', html)
    assert match is not None
    data: dict[str, object] = json.loads(match.group(1).replace("<\\/", "</"))
    return data


def test_an_alternative_is_put_in_once_and_escaped() -> None:
    svg = '<svg width="10pt" height="10pt"><g/></svg>'
    first = with_alternative(svg, Alternative("a < b", "x & y"))
    again = with_alternative(first, Alternative("second", "again"))
    assert first.startswith('<svg role="img" width="10pt"')
    assert '<title class="gamelib-alt">a &lt; b</title><desc>x &amp; y</desc>' in first
    assert again.count("<title") == 1 and again.count('role="img"') == 1
    assert "second" in again and "a &lt; b" not in again
    assert with_alternative("no picture", Alternative("t", "d")) == "no picture"


def test_evaluation_orders_past_ten_are_read_from_their_number() -> None:
    picture = trace_picture(record(alphabeta, random_tree(1, 3, 4)))
    orders = sorted(order for node in picture.nodes if (order := evaluation_order(node)))
    assert orders == list(range(1, len(orders) + 1)) and len(orders) > 10


def test_a_board_carries_itself_in_text() -> None:
    othello = Othello()
    state = othello.initial_state()
    svg = othello_board_svg(state)
    match = re.search(r'<svg [^>]*role="img"[^>]*>.*?<desc>(.*?)</desc>', svg, re.DOTALL)
    assert match is not None
    lines = unescape(match.group(1)).splitlines()
    assert lines[0].split() == list("abcdefgh") and len(lines) == 9
    discs = {"●": state.black.bit_count(), "○": state.white.bit_count()}
    assert {sign: sum(line.count(sign) for line in lines) for sign in discs} == discs
    tictactoe = TicTacToe()
    empty = tictactoe_board_svg(tictactoe.initial_state())
    assert "<desc>  a b c\n1 · · ·\n2 · · ·\n3 · · ·</desc>" in empty
