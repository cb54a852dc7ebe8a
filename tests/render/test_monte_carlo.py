"""The pictures of a Monte Carlo search are folds over its trace: the numbers drawn (N, Q,
UCB, the selected path, the backup's signs) are the trace's own, and the text alternative
says the same numbers, in both languages."""

from __future__ import annotations

import itertools
import re
import shutil

import pytest

from gamelib.games.tictactoe import TicTacToe
from gamelib.notation import format_number
from gamelib.render.monte_carlo import (
    PHASES,
    monte_carlo_alternative,
    monte_carlo_picture,
    signed,
    ucb_text,
)
from gamelib.render.monte_carlo_dot import collapsed_children, draw_monte_carlo, picture_source
from gamelib.search.mcts import (
    Backup,
    IterationBegun,
    MonteCarloTrace,
    Selection,
    flat_monte_carlo,
    mcts_solver,
    record_monte_carlo,
    uct,
)
from gamelib.trees import TEXTBOOK
from tests.helpers import JAPANESE

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is missing")


@pytest.fixture(scope="module")
def uct_trace() -> MonteCarloTrace:
    return record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=30, seed=3)


@pytest.fixture(scope="module")
def solver_trace() -> MonteCarloTrace:
    return record_monte_carlo(mcts_solver, TEXTBOOK["alpha-beta-windows"], iterations=None)


@pytest.fixture(scope="module")
def flat_trace() -> MonteCarloTrace:
    return record_monte_carlo(flat_monte_carlo, TEXTBOOK["aima-fig-5-2"], playouts=4)


@pytest.fixture(scope="module")
def game_trace() -> MonteCarloTrace:
    return record_monte_carlo(uct, TicTacToe(), iterations=25, seed=1)


def iteration_events(trace: MonteCarloTrace, iteration: int) -> list[object]:
    events, begun = [], 0
    for event in trace.events:
        if isinstance(event, IterationBegun):
            begun = event.iteration
        elif begun == iteration:
            events.append(event)
    return events


NODE = re.compile(r'^\s*"([^"]+)" \[label=<(.*?)>, shape', re.MULTILINE)
EDGE = re.compile(r'^\s*"([^"]+)" -> "([^"]+)" \[(.*)\];$', re.MULTILINE)
TAGS = re.compile(r"<[^>]+>")


def drawn_labels(source: str) -> dict[str, list[str]]:
    """Each drawn node's label, line by line, read back from the DOT text."""
    return {
        name: [TAGS.sub("", line) for line in label.split("<br/>")]
        for name, label in NODE.findall(source)
        if name != "playout:note"
    }


def drawn_edges(source: str) -> dict[tuple[str, str], str]:
    return {(parent, child): attributes for parent, child, attributes in EDGE.findall(source)}


@pytest.mark.parametrize("fixture", ["uct_trace", "solver_trace", "flat_trace", "game_trace"])
def test_every_drawn_n_and_q_is_the_trace_s_after_the_iteration(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    trace: MonteCarloTrace = request.getfixturevalue(fixture)
    for iteration in range(trace.iterations + 1):
        for phase in PHASES:
            picture = monte_carlo_picture(trace, iteration, phase, language="en")
            after = trace.tree_after(iteration if phase == "backup" else max(iteration - 1, 0))
            labels = drawn_labels(picture_source(picture))
            hidden = collapsed_children(picture)
            for node in picture.nodes:
                if node.name in hidden:  # drawn in its parent's "not in the tree" node
                    assert not node.in_tree and not node.on_path and node.visits == 0
                    assert labels[f"{hidden[node.name]}:untried"][-1] == "N 0"
                    continue
                lines = labels[node.name]
                if node.name in after:
                    summary = after[node.name]
                    mean = "—" if summary.mean is None else signed(summary.mean)
                    assert lines[1:3] == [f"N {summary.visits}", f"Q {mean}"], (iteration, phase)
                    assert (node.proven is not None) == (summary.lower == summary.upper)
                    if node.proven is not None:
                        assert f"= {signed(summary.lower)}" in lines
                elif node.expanded:  # added in this iteration, not backed up yet
                    assert phase in ("expansion", "playout") and lines[1:3] == ["N 0", "Q —"]
                else:  # a child not yet in the tree, below a node chosen from
                    assert not node.in_tree and lines[1:] == ["N 0"]
            drawn_in_tree = {node.name for node in picture.nodes if node.in_tree}
            assert set(after) <= drawn_in_tree
            root = picture.nodes[0]
            assert root.visits == (iteration if phase == "backup" else max(iteration - 1, 0))


@pytest.mark.parametrize("fixture", ["uct_trace", "solver_trace", "flat_trace", "game_trace"])
def test_the_thick_path_and_the_ucb_values_are_the_selection_events(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    trace: MonteCarloTrace = request.getfixturevalue(fixture)
    for iteration in range(1, trace.iterations + 1):
        selections = [e for e in iteration_events(trace, iteration) if isinstance(e, Selection)]
        chosen = [trace.root] + [selection.chosen for selection in selections]
        for phase in PHASES:
            picture = monte_carlo_picture(trace, iteration, phase, language="en")
            assert list(picture.path) == chosen
            edges = drawn_edges(picture_source(picture))
            hidden = collapsed_children(picture)
            thick = {pair for pair, attributes in edges.items() if 'penwidth="3.2"' in attributes}
            assert thick == set(itertools.pairwise(chosen))
            for selection in selections:
                for child in selection.children:
                    if child.node in hidden:  # one "not in the tree" node: UCB ∞ for all
                        assert child.visits == 0 and child.ucb == float("inf")
                        key = (selection.node, f"{selection.node}:untried")
                        assert "UCB ∞<" in edges[key]
                        continue
                    attributes = edges[(selection.node, child.node)]
                    if child.ucb is not None:
                        assert f"UCB {ucb_text(child.ucb)}<" in attributes


def test_the_backup_signs_flip_at_every_ply_and_match_the_trace(
    uct_trace: MonteCarloTrace,
) -> None:
    for iteration in range(1, uct_trace.iterations + 1):
        backup = next(e for e in iteration_events(uct_trace, iteration) if isinstance(e, Backup))
        picture = monte_carlo_picture(uct_trace, iteration, "backup", language="en")
        assert picture.playout is not None
        labels = drawn_labels(picture_source(picture))
        signs = []
        for step in backup.steps:
            node = picture.node(step.node)
            # r is the playout's reward for the player to move where it began; a node took it
            # as it is exactly when it is that player's choice
            assert step.reward == pytest.approx(node.backup_sign * picture.playout.reward)
            assert labels[step.node][-1] == ("+r" if node.backup_sign > 0 else "−r")
            signs.append(node.backup_sign)
        assert all(a == -b for a, b in itertools.pairwise(signs))
        off_path = [node for node in picture.nodes if not node.on_path]
        assert all(node.backup is None for node in off_path)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_text_alternative_lists_the_same_numbers(
    uct_trace: MonteCarloTrace, language: str
) -> None:
    for iteration in (0, 1, 7, uct_trace.iterations):
        for phase in PHASES:
            picture = monte_carlo_picture(uct_trace, iteration, phase, language=language)
            text = monte_carlo_alternative(picture).description
            for node in picture.nodes:
                if node.in_tree:
                    mean = "—" if node.mean is None else signed(node.mean)
                    assert f"{node.name} N {node.visits} Q {mean}" in text
            if iteration:
                path = " → ".join(
                    [picture.path[0]]
                    + [
                        f"{name} (UCB {ucb_text(picture.node(name).ucb)})"
                        for name in picture.path[1:]
                    ]
                )
                assert path in text
            if phase == "backup" and iteration:
                for node in picture.nodes:
                    if node.backup is not None:
                        assert f"{node.name} " in text and signed(node.backup.mean) in text
            leaves = {node.name: node.value for node, _ in TEXTBOOK["aima-fig-5-2"].walk()}
            for node in picture.nodes:  # a drawn leaf's value, as the tree gives it
                if node.in_tree and not node.name.isupper():
                    assert node.leaf_value == leaves[node.name]
                    assert f"{node.name} {format_number(leaves[node.name] or 0)}" in text
            if language == "ja":
                assert JAPANESE.search(text)


def test_flat_monte_carlo_adds_no_node_after_the_root_s_children(
    flat_trace: MonteCarloTrace,
) -> None:
    root_children = len(TEXTBOOK["aima-fig-5-2"].children)
    for iteration in range(1, flat_trace.iterations + 1):
        picture = monte_carlo_picture(flat_trace, iteration, "expansion", language="en")
        if iteration <= root_children:
            assert picture.expansion == picture.path[-1]
        else:
            assert picture.expansion is None and picture.playout_from_inner_node
            text = monte_carlo_alternative(picture).description
            assert f"the playout starts from {picture.path[-1]}, already in the tree" in text


def test_phases_say_what_happened(uct_trace: MonteCarloTrace) -> None:
    picture = monte_carlo_picture(uct_trace, 1, "selection", language="en")
    assert picture.expansion is None and picture.playout is None
    expansion = monte_carlo_picture(uct_trace, 1, "expansion", language="en")
    assert expansion.expansion == expansion.path[-1]
    assert expansion.node(expansion.expansion).expanded
    playout = monte_carlo_picture(uct_trace, 1, "playout", language="en")
    assert playout.playout is not None and playout.playout.node == expansion.expansion
    with pytest.raises(ValueError, match="iteration"):
        monte_carlo_picture(uct_trace, uct_trace.iterations + 1)
    with pytest.raises(ValueError, match="phase"):
        monte_carlo_picture(uct_trace, 1, "rollout")  # type: ignore[arg-type]


@needs_dot
@pytest.mark.parametrize("language", ["en", "ja"])
def test_both_languages_render_with_their_alternative(
    uct_trace: MonteCarloTrace, language: str
) -> None:
    drawing = draw_monte_carlo(uct_trace, 5, "backup", language=language)
    svg = drawing.svg()
    assert svg.startswith("<svg") and 'role="img"' in svg
    alternative = monte_carlo_alternative(drawing.picture)
    assert alternative.description.splitlines()[0][:12] in svg
    if language == "ja":
        assert "反復 5 / 30" in svg and "逆伝播" in svg
    else:
        assert "iteration 5 of 30: backup" in svg
