"""LazyMoves: orders the moves only when the search walks them, and is the same sequence."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hypothesis import given
from hypothesis import strategies as st

from gamelib.search.lazy import LazyMoves
from gamelib.search.table import first_then_the_rest


def test_asking_whether_there_are_moves_does_not_order_them() -> None:
    calls = []

    def arrange(moves: Sequence[int]) -> Iterator[int]:
        calls.append(1)
        return iter(sorted(moves))

    moves = LazyMoves((3, 1, 2), arrange)
    assert moves and len(moves) == 3 and 2 in moves and 7 not in moves
    assert calls == []
    assert list(moves) == [1, 2, 3] and calls == [1]
    assert moves[0] == 1 and moves[1:] == [2, 3] and calls == [1, 1]
    assert moves[2] == 3 and calls == [1, 1]  # indexing lists the order once
    assert not LazyMoves((), arrange)


def test_a_cutoff_after_the_first_move_never_orders_the_rest() -> None:
    walked = []

    def rest_in_order(moves: Sequence[int]) -> Iterator[int]:
        walked.append("the rest")
        return iter(sorted(moves))

    moves = LazyMoves(
        (5, 4, 9), lambda moves: first_then_the_rest(9, LazyMoves(moves, rest_in_order))
    )
    assert next(iter(moves)) == 9 and walked == []
    assert list(moves) == [9, 4, 5] and walked == ["the rest"]


@given(st.lists(st.integers(-9, 9), unique=True))
def test_it_equals_its_order_as_a_list(values: list[int]) -> None:
    moves = LazyMoves(tuple(values), lambda moves: iter(sorted(moves, reverse=True)))
    assert moves == sorted(values, reverse=True)
    assert list(reversed(moves)) == sorted(values)
    if values:
        assert moves.index(max(values)) == 0
