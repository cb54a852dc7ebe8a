"""Every bound a search of the exercise rules reports is true of the node it is reported for.

What a node "returns (an upper bound: the true value is ≤ r)" is what the drawings, the
pruning checker and the trainer tell a student. The independent answer here is the node's
own minimax value, computed by a plain recursion over the tree (not by gamelib's searches).

Under the strict rule with fail-hard returns the window alone cannot say it: a value equal to β
does not cut but raises α to β, so a later child is entered with an empty window (α = β), and
a fail-hard node in an empty window returns α = β whichever way it failed. The trace
(gamelib/trace.py) and the trainer (site/trainer/trainer.js) classify such a node by what its
children proved (:func:`gamelib.trace.bound_from_children`). On the walk-through tree of
notebooks 03 and 04, F is searched with the window (3, 3), sees M = 3 and N = 5, and returns
3: a lower bound (F = 5), where it used to be drawn "F ≤ 3".
"""

from __future__ import annotations

import itertools

import pytest

from gamelib.core import INF, Bound
from gamelib.search import alphabeta, alphabeta_by_rules, alphabeta_failsoft, nega_alpha
from gamelib.search.rules import Cutoff as CutoffRule
from gamelib.search.rules import Failure
from gamelib.search.windows import pvs
from gamelib.trace import Cutoff, Enter, Exit, bound_from_children, record
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
RULES = [(">=", "hard"), (">=", "soft"), (">", "hard"), (">", "soft")]


@pytest.mark.parametrize(("cutoff", "failure"), RULES)
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


def test_strict_fail_hard_bounds_are_true_on_the_walk_through_tree() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    assert false_bounds(tree, ">", "hard", "given") == []
    returned = record(alphabeta_by_rules, tree, cutoff=">", failure="hard").returned()
    assert returned["F"] == (3, Bound.LOWER)


def test_every_empty_window_node_gets_a_bound_from_its_children() -> None:
    """Under the strict rule a node entered with α = β is classified by its children alone:
    every one of them proves something (never the window's fallback), and some such nodes are
    lower bounds and some upper (the walk-through's F and its sibling cases)."""
    seen: set[Bound] = set()
    empty = 0
    for (seed, depth, branching), failure in itertools.product(SIZES, ("hard", "soft")):
        tree = random_tree(seed, depth, branching)
        trace = record(alphabeta_by_rules, tree, cutoff=">", failure=failure)
        proved: dict[str, list[tuple[float, Bound]]] = {}
        children: dict[str, list[str]] = {}
        entered: dict[str, Enter] = {}
        cut: set[str] = set()
        for event in trace.events:
            if isinstance(event, Enter):
                entered[event.node] = event
                if event.parent is not None:
                    children.setdefault(event.parent, []).append(event.node)
            elif isinstance(event, Cutoff):
                cut.add(event.node)
            elif isinstance(event, Exit):
                proved[event.node] = [(event.value, event.bound)]
        for name, enter in entered.items():
            if enter.alpha != enter.beta or name not in children:
                continue
            empty += 1
            maximizing = enter.player == trace.root_player
            sign = 1 if maximizing else -1
            below = [
                (sign * proved[child][0][0], Bound(proved[child][0][1]) if maximizing
                 else Bound(proved[child][0][1]).negated())
                for child in children[name]
            ]  # fmt: skip
            value, bound = proved[name][0]
            own = bound if maximizing else Bound(bound).negated()
            assert bound_from_children(sign * value, below, name not in cut) == own, name
            seen.add(own)
    assert empty > 100
    assert {Bound.LOWER, Bound.UPPER} <= seen


@pytest.mark.parametrize(("cutoff", "failure"), RULES)
def test_the_root_value_keeps_alpha_betas_guarantee_on_every_window(
    cutoff: CutoffRule, failure: Failure
) -> None:
    """alphabeta_by_rules' docstring: r ≤ α gives v ≤ r, r ≥ β gives v ≥ r, exact between,
    under every rule (the strict rule's r = β is a lower bound, often with v > β)."""
    above_beta = 0
    for seed, depth, branching in SIZES[::3]:
        tree = random_tree(seed, depth, branching, -3, 3)
        true = true_values(tree)[tree.name]
        for alpha, beta in itertools.combinations(range(-3, 4), 2):
            search = alphabeta_by_rules(
                tree, cutoff=cutoff, failure=failure, alpha=alpha, beta=beta
            )
            value = search.value
            if value <= alpha:
                assert true <= value, (seed, depth, alpha, beta, value, true)
            elif value >= beta:
                assert true >= value, (seed, depth, alpha, beta, value, true)
                above_beta += value == beta and true > value
            else:
                assert true == value, (seed, depth, alpha, beta, value, true)
    assert failure == "soft" or above_beta > 0  # fail-hard: r = β while v > β does happen
