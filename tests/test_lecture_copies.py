"""The benchmarks' hand-written copies must stay the library's searches.

``benchmarks/tracing_cost.py`` measures what the tracer hooks cost by timing each search against
a copy with the hook lines taken out; ``benchmarks/table_floor.py`` measures how cheap a
transposition table can be by timing the course's fail-soft search with a table against two
leaner ways of writing the same table. If a copy drifted (another loop, another order, another
count), the ratio would measure something else: so each copy must return the same value, move,
principal variation and counts as the library search (for the tables: the same positions
searched and the same positions answered by the table), on random trees of every shape and on
game positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.table_floor import (
    SEARCHES,
    Found,
    course_with_table,
    failsoft_lean_wrapper,
    failsoft_table_inside,
)
from benchmarks.table_floor import main as table_floor_main
from benchmarks.tracing_cost import alphabeta_without_hooks, negamax_without_hooks
from gamelib.core import play_random
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, negamax
from gamelib.trees import Tree, random_tree
from tests.helpers import scaled, trees

random_trees = st.one_of(
    trees(),  # irregular shapes: leaves at different depths
    st.builds(
        random_tree,
        st.integers(0, 2**32 - 1),  # seed
        st.integers(0, 5),  # depth
        st.tuples(st.integers(1, 2), st.integers(2, 4)),  # branching (fewest, most)
        st.integers(-9, 0),  # lowest leaf value
        st.integers(0, 9),  # highest leaf value
    ),
)


@settings(max_examples=300, deadline=None)
@given(random_trees)
def test_the_hook_free_negamax_is_the_library_negamax(tree: Tree) -> None:
    copy, library = negamax_without_hooks(tree), negamax(tree)
    assert (copy.value, copy.move, copy.pv) == (library.value, library.move, library.pv)
    assert (copy.stats.nodes, copy.stats.leaves) == (library.stats.nodes, library.stats.leaves)


@settings(max_examples=300, deadline=None)
@given(random_trees)
def test_the_hook_free_alphabeta_is_the_library_alphabeta(tree: Tree) -> None:
    copy, library = alphabeta_without_hooks(tree), alphabeta(tree)
    assert (copy.value, copy.move, copy.pv) == (library.value, library.move, library.pv)
    assert (copy.stats.nodes, copy.stats.leaves) == (library.stats.nodes, library.stats.leaves)


def test_the_benchmark_trees_agree_too() -> None:
    # The two trees the benchmark times (seed 2026), once each.
    negamax_tree, alphabeta_tree = random_tree(2026, 10, 3), random_tree(2026, 11, 3)
    assert negamax_without_hooks(negamax_tree) == negamax(negamax_tree)
    assert alphabeta_without_hooks(alphabeta_tree) == alphabeta(alphabeta_tree)


TABLE_COPIES = pytest.mark.parametrize("copy", [failsoft_lean_wrapper, failsoft_table_inside])


@TABLE_COPIES
@scaled(500)
@given(
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 8),
    depth=st.one_of(st.none(), st.integers(0, 5)),
)
def test_the_table_copies_search_what_the_course_searches_in_tic_tac_toe(
    copy: Callable[..., Found], seed: int, plies: int, depth: int | None
) -> None:
    game = TicTacToe()
    state, _ = play_random(game, plies, random.Random(seed))
    (found, answered), (course, course_answered) = (
        copy(game, state, depth=depth),
        course_with_table(game, state, depth=depth),
    )
    assert (found.value, found.move, found.pv) == (course.value, course.move, course.pv)
    assert (found.stats, answered) == (course.stats, course_answered)


@TABLE_COPIES
def test_the_table_copies_search_what_the_course_searches_in_othello(
    copy: Callable[..., Found],
) -> None:
    game = Othello()
    generator = random.Random(2026)
    for _ in range(4):
        state, _ = play_random(game, 20, generator)
        for depth in (1, 2, 3, 4):
            found, answered = copy(game, state, depth=depth)
            course, course_answered = course_with_table(game, state, depth=depth)
            assert (found.value, found.pv, found.stats) == (course.value, course.pv, course.stats)
            assert answered == course_answered


@TABLE_COPIES
def test_the_benchmark_game_agrees_too(copy: Callable[..., Found]) -> None:
    # The search the benchmark times: tic-tac-toe solved from the empty board.
    found, answered = copy(TicTacToe())
    course, course_answered = course_with_table(TicTacToe())
    assert found == course and answered == course_answered > 0


@TABLE_COPIES
@scaled(300)
@given(random_trees)
def test_the_table_copies_are_the_library_search_on_trees(
    copy: Callable[..., Found], tree: Tree
) -> None:
    (found, answered), (course, course_answered) = copy(tree), course_with_table(tree)
    assert (found.value, found.move, found.pv) == (course.value, course.move, course.pv)
    assert (found.stats, answered) == (course.stats, course_answered)


def test_the_table_floor_benchmark_runs_and_prints_every_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.argv", ["table_floor.py", "--runs", "1"])
    table_floor_main()
    printed = capsys.readouterr().out
    for name in SEARCHES:
        assert name in printed
    assert "2,793" in printed and "4,852" in printed  # positions searched and visited
