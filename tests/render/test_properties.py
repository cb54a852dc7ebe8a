"""Drawing any step of any trace of a random tree never fails, and says what the trace says."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib.render.describe import sentences
from gamelib.render.dot import picture_dot, render_svgs
from gamelib.render.fallback import picture_figure
from gamelib.render.scene import SceneOptions, trace_pictures
from gamelib.search import ALGORITHMS
from gamelib.search.common import SearchResult
from gamelib.trace import Trace, record
from gamelib.trees import Tree
from tests.helpers import trees, windows

Search = Callable[..., SearchResult]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_pictures(trace: Trace, view: str) -> None:
    options = SceneOptions(view=view)  # type: ignore[arg-type]
    pictures = trace_pictures(trace, options)
    assert len(pictures) == len(trace.events) + 1
    names = {node.name for node in pictures[-1].nodes}
    pruned = {node.name for node in pictures[-1].nodes if node.status == "pruned"}
    assert pruned == set(trace.pruned) & names
    evaluated = [node.name for node in pictures[-1].nodes if node.mark[:1] in set("①②③④⑤⑥⑦⑧⑨⑩#")]
    assert sorted(evaluated) == sorted(set(trace.evaluated) & names)
    for picture in pictures:
        assert sum(node.current for node in picture.nodes) <= 1
        picture_dot(picture).source  # noqa: B018  (building the DOT text must not fail)


@FAST
@given(
    trees(max_depth=4, max_branching=3),
    st.sampled_from(ALGORITHMS),
    windows(),
    st.sampled_from(["max", "mover"]),
)
def test_every_step_of_a_random_trace_can_be_drawn(
    tree: Tree, search: Search, window: tuple[float, float], view: str
) -> None:
    takes_a_window = "alpha" in inspect.signature(search).parameters  # minimax has none
    window_options = {"alpha": window[0], "beta": window[1]} if takes_a_window else {}
    trace = record(search, tree, **window_options)
    check_pictures(trace, view)
    assert len(sentences(trace, view)) == len(trace.events)  # type: ignore[arg-type]


@pytest.mark.needs_dot
@settings(max_examples=8, deadline=None)
@given(trees(max_depth=3, max_branching=3), st.sampled_from(ALGORITHMS), st.data())
def test_random_steps_render_with_both_engines(
    tree: Tree, search: Search, data: st.DataObject
) -> None:
    trace = record(
        search, tree, depth=data.draw(st.sampled_from([None, 1, 2])), evaluate=lambda state: 0
    )
    step = data.draw(st.integers(0, len(trace.events)))
    (picture,) = trace_pictures(trace, SceneOptions(), [step])
    (svg,) = render_svgs([picture])
    assert svg.startswith("<svg")
    picture_figure(picture)
