"""Move lists that put themselves in order only when a search walks through them.

A search asks every position for its moves, but at most positions it only wants to know
whether there are any: at the depth limit a position with moves is evaluated, one without is
scored as a finished game. Sorting the moves there would be wasted work, and so would sorting
the moves after the first one when the first already causes a cutoff. :class:`LazyMoves`
holds the game's moves and an ``arrange`` function, and calls it only when the search iterates
(or indexes) the moves; asking ``bool(moves)``, ``len(moves)`` or ``move in moves`` looks at the
game's own list.

Move ordering (:func:`gamelib.search.ordering.static_order`, the table's best move first in
:func:`gamelib.search.table.best_move_first`) returns these, so an ordering costs only where
it can change what the search does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload


class LazyMoves(Sequence[Any]):
    """The moves of a position, put in order by ``arrange`` when first walked through.

    ``arrange(moves)`` returns an iterator over the same moves in the order to search them;
    it may be a generator, so that a search stopped by a cutoff after the first move never
    computes the rest of the order. Iterating calls it afresh each time (a search iterates
    once); indexing lists the whole order once and keeps it.
    """

    __slots__ = ("_listed", "arrange", "moves")

    def __init__(self, moves: Sequence[Any], arrange: Callable[[Sequence[Any]], Iterator[Any]]):
        self.moves = moves
        self.arrange = arrange
        self._listed: list[Any] | None = None

    def __bool__(self) -> bool:
        return bool(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __contains__(self, move: object) -> bool:
        return move in self.moves

    def __iter__(self) -> Iterator[Any]:
        if self._listed is not None:
            return iter(self._listed)
        return self.arrange(self.moves)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if self._listed is None:
            self._listed = list(self.arrange(self.moves))
        return self._listed[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which have no hash

    def __repr__(self) -> str:
        return repr(list(self))
