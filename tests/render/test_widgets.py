"""The ipywidgets animation, driven from Python (no browser)."""

from __future__ import annotations

import re

import pytest

from gamelib.games.tictactoe import TicTacToe
from gamelib.render import frames as frames_module
from gamelib.render.animation import Animation, in_live_kernel, show
from gamelib.render.static import SMALLEST_TEXT_WIDE, StaticAnimation, to_html
from gamelib.render.svg import width_per_text_pixel
from gamelib.search import alphabeta, alphabeta_failsoft, nega_alpha
from gamelib.search.windows import mtdf
from gamelib.trace import Trace, record, record_probes
from gamelib.trees import TEXTBOOK, random_tree
from tests.helpers import Subtraction


def test_stepping_changes_the_sentence_the_drawing_and_the_windows(
    windows_trace: Trace,
) -> None:
    animation = Animation(windows_trace)
    panel = animation.panels[0]
    assert animation.step == 0
    assert "Before the search" in panel["sentence"].value
    start_svg, start_windows = panel["drawing"].value, panel["windows"].value
    animation.forward()
    assert animation.step == 1
    assert "alphabeta starts at R (MAX)" in panel["sentence"].value
    assert panel["drawing"].value != start_svg
    assert panel["windows"].value != start_windows
    animation.go(18)
    assert animation.sentence == "β-cut at D: 4 ≥ 3, J pruned"
    assert re.search(r"β(&#45;|-)cut at D:", animation.svg)  # graphviz escapes the hyphen
    animation.back()
    assert animation.step == 17
    assert animation.sentence == "I returns 4 (exact)"


def test_the_buttons_and_the_step_field_step_and_clamp(windows_trace: Trace) -> None:
    animation = Animation(windows_trace)
    animation.last_button.click()
    assert animation.step == 37 and animation.step_field.max == 37
    animation.forward_button.click()
    assert animation.step == 37
    animation.back_button.click()
    assert animation.step == 36
    animation.first_button.click()
    assert animation.step == 0
    animation.step_field.value = 5
    assert "Leaf G evaluates to 1" in animation.panels[0]["sentence"].value
    assert animation.play.max == 37


def test_the_speed_sets_the_play_interval(windows_trace: Trace) -> None:
    animation = Animation(windows_trace)
    animation.speed.value = 200
    assert animation.play.interval == 200


def test_the_view_choice_switches_to_the_negamax_view(windows_trace: Trace) -> None:
    animation = Animation(windows_trace)
    animation.go(35)
    assert animation.sentence == "B returns 3 (upper bound: ≤ 3)"
    assert ">≥−3<" not in animation.svg
    animation.view_choice.value = "mover"
    assert animation.view == "mover"
    assert animation.sentence == "B returns −3 (lower bound: ≥ −3)"
    assert ">≥−3<" in animation.svg
    animation.back()
    assert animation.sentence == "β-cut at B: −3 ≥ −3, F pruned"
    animation.view = "max"
    assert animation.sentence == "α-cut at B: 3 ≤ 3, F pruned"


def test_side_by_side_traces_share_one_step_field_and_show_their_counts(
    nega_alpha_trace: Trace, windows_trace: Trace
) -> None:
    tree = random_tree(11, 3, 3)
    shallow, deep = record(nega_alpha, tree), record(alphabeta, tree)
    animation = Animation(shallow, deep)
    assert animation.steps == max(len(shallow.events), len(deep.events))
    animation.go(animation.steps)
    titles = [panel["title"].value for panel in animation.panels]
    assert "nega_alpha" in titles[0] and "alphabeta" in titles[1]
    counts = [animation.frame(index).counts for index in range(2)]
    assert (counts[0].nodes, counts[0].leaves) == (
        shallow.result.stats.nodes,
        shallow.result.stats.leaves,
    )
    assert (counts[1].nodes, counts[1].leaves) == (
        deep.result.stats.nodes,
        deep.result.stats.leaves,
    )
    assert f"{counts[1].nodes} nodes" in titles[1]
    animation.go(5)
    assert animation.frame(0).counts.leaves <= 5 and animation.frame(1).step == 5


def test_fail_hard_against_fail_soft(windows_trace: Trace, failsoft_trace: Trace) -> None:
    animation = Animation(windows_trace, failsoft_trace, titles=["fail-hard", "fail-soft"])
    animation.go(33)
    assert animation.frame(0).sentence == "E returns 3 (upper bound: ≤ 3)"
    assert animation.frame(1).sentence == "E returns 2 (upper bound: ≤ 2)"
    assert "fail-soft" in animation.panels[1]["title"].value


def test_a_game_search_animates() -> None:
    trace = record(alphabeta, Subtraction(5))
    animation = Animation(trace)
    animation.go(10)
    assert "take" in animation.sentence
    assert "take 1" in animation.svg


def test_the_display_data_holds_the_widget_and_a_static_player(windows_trace: Trace) -> None:
    animation = Animation(windows_trace)
    bundle = animation._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"].count('class="gamelib-player"') == 1
    assert 'class="gamelib-view"' in bundle["text/html"]  # short: both views, to switch
    assert "gamelib-animation" in animation.widget._dom_classes
    quiet = Animation(windows_trace, static_fallback=False)
    assert "text/html" not in quiet._repr_mimebundle_()


def test_outside_a_kernel_show_gives_the_static_player(
    windows_trace: Trace, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not in_live_kernel()
    shown = show(windows_trace)
    assert isinstance(shown, StaticAnimation)
    assert isinstance(show(windows_trace, static=False), Animation)
    monkeypatch.setenv("GAMELIB_STATIC", "1")
    assert not in_live_kernel()


@pytest.mark.needs_dot
def test_thirty_steps_are_drawn_by_graphviz_before_the_first_is_shown() -> None:
    """Every frame is drawn when the widget is made (how fast: benchmarks/animation_ready.py)."""
    tree = TEXTBOOK["alpha-beta-windows"]
    trace = record(alphabeta_failsoft, tree)
    assert len(trace.events) >= 30
    Animation(trace)
    timing = frames_module.last_timing
    assert timing is not None and timing.engine == "graphviz"
    assert timing.frames >= 30


def test_bad_arguments_are_refused(windows_trace: Trace) -> None:
    with pytest.raises(ValueError, match="at least one trace"):
        Animation()
    with pytest.raises(ValueError, match="2 titles for 1 traces"):
        Animation(windows_trace, titles=["a", "b"])
    with pytest.raises(ValueError, match="view must be"):
        Animation(windows_trace).view = "min"  # type: ignore[assignment]


def test_a_collapsed_game_search_animates() -> None:
    trace = record(alphabeta, TicTacToe(), depth=2)
    animation = Animation(trace, max_children=3)
    animation.go(len(trace.events) // 2)
    assert re.search(r">\+\d+ more<", animation.svg)
    assert "“" in animation.sentence  # game nodes are named by their move paths


def test_more_than_two_traces_wrap_two_to_a_row(windows_trace: Trace) -> None:
    _, probes = record_probes(mtdf, TEXTBOOK["alpha-beta-windows"], first_guess=0)
    assert len(probes) == 3
    animation = Animation(*probes)
    row = animation.widget.children[-1]
    assert row.layout.flex_flow == "row wrap"
    for panel, frames in zip(animation.panels, animation.frames(), strict=True):
        # each panel grows from 49% of the row (so two to a row, not three) or from the width
        # that keeps its drawings' smallest text 12 px high, whichever is wider
        found = re.fullmatch(r"1 1 max\((\d+)px, 49%\)", panel["box"].layout.flex)
        assert found is not None, panel["box"].layout.flex
        room = max(width_per_text_pixel(svg) for f in frames for svg in (f.svg, f.windows_svg))
        assert int(found.group(1)) >= room * SMALLEST_TEXT_WIDE > 0
        assert panel["box"].layout.min_width == "0"  # narrower: the drawing scrolls in its box
    assert Animation(windows_trace).panels[0]["box"].layout.flex.endswith(", 99%)")
    page = to_html(*probes)  # the HTML player wraps by its style sheet, by its drawings' width
    assert "flex-wrap: wrap" in page and page.count("--gamelib-panel-room:") == 3
