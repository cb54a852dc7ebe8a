"""Minimax in MAX/MIN form and negamax (gamelib.search.minimax): the facts mutation testing
(``bash scripts/course.sh mutants gamelib/search/minimax.py``) found no test stating. The
expected lines are worked out by hand in the comments."""

from __future__ import annotations

import math

import pytest

from gamelib.search import minimax, negamax
from gamelib.trace import Backup, Enter, record
from gamelib.trees import parse_tree, random_tree

# MAX at A, MIN at B and C: B = min(3, 3) = 3 and C = min(5, 3) = 3 tie at A.
TIES = parse_tree("- A\n-- B\n--- D 3\n--- E 3\n-- C\n--- F 5\n--- G 3")


@pytest.mark.parametrize("search", [minimax, negamax])
def test_a_tie_goes_to_the_first_child_searched(search: object) -> None:
    assert callable(search)
    # left to right: B first at A, D first at B
    given = search(TIES)
    assert (given.value, given.pv) == (3, ("B", "D"))
    # right to left: C first at A (C = 3, then B = 3 ties), G = 3 first at C (then F = 5)
    reversed_ = search(TIES, order="reversed")
    assert (reversed_.value, reversed_.pv) == (3, ("C", "G"))


def test_the_order_reverses_the_leaves_read() -> None:
    tree = random_tree(7, 3, 2)
    leaves = [leaf.name for leaf in tree.leaves()]
    assert record(minimax, tree, order="reversed").evaluated == leaves[::-1]
    assert record(minimax, tree).evaluated == leaves


@pytest.mark.parametrize("seed", range(6))
def test_minimax_and_negamax_trace_the_same_steps_from_max_view(seed: int) -> None:
    """The two forms are one search: every node entered and every backup (child, value, best
    so far) is the same, read from MAX's view, each with the full window (−∞, ∞)."""
    tree = random_tree(seed, 3, (1, 3), -2, 2)  # few values: ties are common
    events = record(minimax, tree).events
    assert events == record(negamax, tree).events
    windows = [(e.alpha, e.beta) for e in events if isinstance(e, Enter | Backup)]
    assert windows and set(windows) == {(-math.inf, math.inf)}
    backups = [e for e in events if isinstance(e, Backup)]
    # the best so far after each backup: the max (MAX's nodes) or min (MIN's) of the values
    seen: dict[str, list[float]] = {}
    for event in backups:
        seen.setdefault(event.node, []).append(event.value)
        assert event.best in (max(seen[event.node]), min(seen[event.node]))
    root = tree.name
    assert [e.best for e in backups if e.node == root][-1] == minimax(tree).value


def test_each_search_names_itself_and_the_view_it_computes_in() -> None:
    assert minimax(TIES).algorithm == "minimax"
    assert negamax(TIES).algorithm == "negamax"
    # minimax's values are MAX's; negamax's are the player to move's
    assert (record(minimax, TIES).algorithm, record(minimax, TIES).frame) == ("minimax", "max")
    assert (record(negamax, TIES).algorithm, record(negamax, TIES).frame) == ("negamax", "mover")
