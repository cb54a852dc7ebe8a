"""Every bound a search of the exercise rules reports is true of the node it is reported for.

What a node "returns (an upper bound: the true value is ≤ r)" is what the drawings, the
pruning checker and the trainer tell a student. The independent answer here is the node's
own minimax value, computed by a plain recursion over the tree (not by gamelib's searches).

Under the strict rule with fail-hard returns the statement can be false: a value equal to β
does not cut but raises α to β, so a later child is entered with an empty window (α = β), and
a fail-hard node in an empty window returns α = β whichever way it failed; the trace then
calls it an upper bound. On the walk-through tree of notebooks 03 and 04, F is searched with
the window (3, 3), sees M = 3 and N = 5, and is drawn "F ≤ 3" while F = 5 (notebook 04 §5's
strict-rule drawing). That case is kept below as a strict xfail until the trace and the
trainer (site/trainer/trainer.js) classify such nodes by what their children proved.
"""

from __future__ import annotations

import itertools

import pytest

from gamelib.core import INF, Bound
from gamelib.search import alphabeta, alphabeta_by_rules, alphabeta_failsoft, nega_alpha
from gamelib.search.windows import pvs
from gamelib.trace import Exit, record
from gamelib.trees import TEXTBOOK, Tree, random_tree


def true_values(tree: Tree) -> dict[str, float]:
    """Every node's minimax value from MAX's view (MAX at the root), by plain recursion."""
    values: dict[str, float] = {}

    def value(node: Tree, maximizing: bool) -> float:
        if not node.children:
            result = float(node.value)  # type: ignore[arg-type]
        else:
            below = [value(child, not maximizing) for child in node.children]
            result = max(below) if maximizing else min(below)
        values[node.name] = result
        return result

    value(tree, True)
    return values


def false_bounds(tree: Tree, cutoff: str, failure: str, order: str) -> list[str]:
    """The nodes whose reported (value, bound) is not true of their minimax value."""
    truth = true_values(tree)
    trace = record(alphabeta_by_rules, tree, cutoff=cutoff, failure=failure, order=order)
    wrong = []
    for name, (value, bound) in trace.returned().items():
        holds = {
            Bound.EXACT: truth[name] == value,
            Bound.LOWER: truth[name] >= value,
            Bound.UPPER: truth[name] <= value,
        }[bound]
        if not holds:
            wrong.append(f"{name} returned {value} ({bound.value}), true value {truth[name]}")
    return wrong


SIZES = [(seed, depth, (2, 3)) for seed in range(60) for depth in (2, 3, 4)]
SOUND_RULES = [(">=", "hard"), (">=", "soft"), (">", "soft")]


@pytest.mark.parametrize(("cutoff", "failure"), SOUND_RULES)
def test_every_reported_bound_is_true_of_the_node(cutoff: str, failure: str) -> None:
    for (seed, depth, branching), order in itertools.product(SIZES, ("given", "reversed")):
        tree = random_tree(seed, depth, branching)
        assert not false_bounds(tree, cutoff, failure, order), (seed, depth, order)


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft, pvs, nega_alpha])
def test_every_exit_of_the_course_searches_states_a_true_bound(search: object) -> None:
    """Every node's exit (PVS's probes and re-searches included), on random windows."""
    windows = itertools.cycle([(-INF, INF), (-3, 2), (0, 1), (-8, -2), (1, 7)])
    for (seed, depth, branching), window in zip(SIZES, windows, strict=False):
        tree = random_tree(seed, depth, branching)
        truth = true_values(tree)
        options = {} if search is nega_alpha else {"alpha": window[0], "beta": window[1]}
        trace = record(search, tree, **options)  # type: ignore[arg-type]
        for event in trace.events:
            if isinstance(event, Exit):
                true = truth[event.node]
                holds = {
                    Bound.EXACT: true == event.value,
                    Bound.LOWER: true >= event.value,
                    Bound.UPPER: true <= event.value,
                }[event.bound]
                assert holds, (search, seed, depth, window, event)


@pytest.mark.xfail(
    strict=True,
    reason="strict rule + fail-hard: a node entered with an empty window (α = β) is called an "
    "upper bound whichever way it failed (readen's report; notebook 04 §5 draws F ≤ 3, F = 5)",
)
def test_strict_fail_hard_bounds_are_true_on_the_walk_through_tree() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    assert false_bounds(tree, ">", "hard", "given") == []
