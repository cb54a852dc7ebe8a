"""The trace: invariants on random trees, replay, and games."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.search import ALGORITHMS, alphabeta, alphabeta_failsoft, minimax, nega_alpha, negamax
from gamelib.search.common import SearchResult
from gamelib.trace import (
    Backup,
    Cutoff,
    Enter,
    Evaluate,
    Exit,
    Recorder,
    record,
    replay,
    snapshots,
)
from gamelib.trees import TEXTBOOK, Tree
from tests.helpers import Subtraction, scaled, trees, windows

Search = Callable[..., SearchResult]
searches = st.sampled_from(ALGORITHMS)
SOME = scaled(500)


def window_options(search: Search, window: tuple[float, float]) -> dict[str, float]:
    """The window for the searches that take one (minimax and negamax reject alpha/beta)."""
    if search in (minimax, negamax):
        return {}
    return {"alpha": window[0], "beta": window[1]}


@SOME
@given(trees(), searches, windows())
def test_enters_and_exits_pair_up_like_brackets(
    tree: Tree, search: Search, window: tuple[float, float]
) -> None:
    trace = record(search, tree, **window_options(search, window))
    open_nodes: list[str] = []
    for event in trace.events:
        if isinstance(event, Enter):
            assert event.parent == (open_nodes[-1] if open_nodes else None)
            open_nodes.append(event.node)
        elif isinstance(event, Exit):
            assert open_nodes.pop() == event.node
        else:
            assert event.node == open_nodes[-1]
    assert open_nodes == []


@SOME
@given(trees(), searches)
def test_evaluated_pruned_and_inner_nodes_cover_the_tree_once(tree: Tree, search: Search) -> None:
    trace = record(search, tree)
    nodes = tree.nodes()  # once: it walks the whole tree
    inner = [name for name in trace.entered if not nodes[name].is_leaf]
    parts = trace.evaluated + list(trace.pruned) + inner
    assert sorted(parts) == sorted(nodes)


@SOME
@given(trees(), searches, windows())
def test_trace_counts_match_the_search_and_tracing_changes_nothing(
    tree: Tree, search: Search, window: tuple[float, float]
) -> None:
    options = window_options(search, window)
    trace = record(search, tree, **options)
    plain = search(tree, **options)
    assert trace.result == plain
    assert len(trace.entered) == plain.stats.nodes
    assert len(trace.evaluated) == plain.stats.leaves
    orders = [event.order for event in trace.events if isinstance(event, Evaluate)]
    assert orders == list(range(1, plain.stats.leaves + 1))


@SOME
@given(trees(), st.sampled_from([nega_alpha, alphabeta, alphabeta_failsoft]))
def test_cutoffs_name_the_skipped_children_and_nothing_else_is_pruned(
    tree: Tree, search: Search
) -> None:
    trace = record(search, tree)
    nodes = tree.nodes()
    skipped = [
        name for event in trace.events if isinstance(event, Cutoff) for name in event.skipped
    ]
    expected = [node.name for name in skipped for node, _ in nodes[name].walk()]
    assert list(trace.pruned) == expected
    assert not set(trace.pruned) & set(trace.entered)


@SOME
@given(trees(), searches)
def test_replay_ends_with_every_node_done_or_pruned(tree: Tree, search: Search) -> None:
    trace = record(search, tree)
    start = replay(trace, 0)
    assert start.event is None and all(node.status == "unvisited" for node in start.nodes.values())
    end = replay(trace, len(trace.events))
    assert end.path == ()
    statuses = {name: node.status for name, node in end.nodes.items()}
    assert {name for name, status in statuses.items() if status == "pruned"} == set(trace.pruned)
    assert all(status in ("done", "pruned") for status in statuses.values())
    assert end.nodes[tree.name].value == trace.result.value


@SOME
@given(trees(), searches)
def test_every_window_entry_is_backed_by_an_event(tree: Tree, search: Search) -> None:
    trace = record(search, tree)
    entries = [event for event in trace.events if isinstance(event, Enter)]
    changes = [
        event
        for event in trace.events
        if isinstance(event, Backup | Cutoff) and event.window_changed
    ]
    assert len(trace.windows()) == len(entries) + len(changes)
    for (name, alpha, beta), (mover_name, mover_alpha, mover_beta) in zip(
        trace.windows("max"), trace.windows("mover"), strict=True
    ):
        assert name == mover_name
        assert (mover_alpha, mover_beta) in ((alpha, beta), (-beta, -alpha))


def test_replay_of_the_walk_through_shows_open_windows_and_results() -> None:
    trace = record(alphabeta, TEXTBOOK["alpha-beta-windows"])
    steps = list(snapshots(trace))
    assert len(steps) == len(trace.events) + 1
    # After the cutoff at D: J is pruned, D is still open with the window (−∞, 3).
    at_cut = next(step for step in steps if isinstance(step.event, Cutoff))
    assert at_cut.current == "D"
    assert at_cut.nodes["J"].status == "pruned"
    assert at_cut.nodes["D"].status == "open"
    assert (at_cut.nodes["D"].alpha, at_cut.nodes["D"].beta) == (-float("inf"), 3)
    assert at_cut.path == ("R", "A", "D")
    assert at_cut.nodes["I"].evaluation == (4, 3)
    final = steps[-1].nodes
    assert (final["C"].value, final["C"].bound) == (3, "exact")
    assert (final["B"].value, final["B"].bound) == (3, "upper")
    with pytest.raises(ValueError, match="step must be between 0 and"):
        replay(trace, len(trace.events) + 1)


def test_game_traces_name_nodes_by_their_moves() -> None:
    trace = record(alphabeta, Subtraction(5))
    assert trace.tree is None
    assert trace.entered[:3] == ["root", "take 1", "take 1 take 1"]
    assert trace.result.value == 1
    assert all(name.startswith("take") for name in trace.pruned)
    end = replay(trace, len(trace.events))
    assert end.nodes["root"].status == "done"
    assert {name for name, node in end.nodes.items() if node.status == "pruned"} == set(
        trace.pruned
    )


def test_minimax_traces_stay_in_max_view() -> None:
    trace = record(minimax, TEXTBOOK["alpha-beta-windows"])
    returned = trace.returned(view="max")
    assert returned["A"] == (3, "exact") and returned["B"] == (2, "exact")
    assert trace.returned(view="mover")["A"] == (-3, "exact")
    assert trace.pruned == ()


def test_a_recorder_without_a_finished_search_has_no_trace() -> None:
    with pytest.raises(RuntimeError, match="not finished"):
        Recorder().trace()
