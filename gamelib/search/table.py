"""The transposition table: remember what a search found about a position, and reuse it.

Different move orders can reach the same position (a *transposition*): 1.f5 2.d6 3.c3 4.d3
5.c4 and 1.f5 2.d6 3.c4 4.d3 5.c3 in Othello. A search that remembers each position's result
needs to search it only once.

What may be reused is subtle, because α-β does not always find exact values. A result is
stored with its *bound type*, decided by the window it was searched with:

* value ≤ α (it failed low): an UPPER bound — the true value is at most this;
* value ≥ β (it failed high, a cutoff): a LOWER bound — the true value is at least this;
* otherwise: EXACT.

**The rule that makes the table sound:** an entry may answer a later search of the same
position only if it was searched at least as deep (``entry.depth ≥ depth``), and only as what
it is: an EXACT value always, a LOWER bound only when it is ≥ the new β (so the new search
would cut off too), an UPPER bound only when it is ≤ the new α (so it would fail low too).
Anything else is at most a hint: the entry's best move is searched first. The position's
value must depend on the position alone (not on the path to it): see the repetitions
notebook for what goes wrong otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar, cast

from gamelib.core import INF, Bound
from gamelib.search.lazy import LazyMoves


@dataclass(slots=True)
class Entry:
    """One remembered search result.

    Attributes:
        key: the position's key (``game.key(state)``).
        depth: the plies it was searched to (``INF`` for to the end).
        value: the value found, for the player to move.
        bound: what the value proves.
        move: the best move found (the refutation after a cutoff), or None.
    """

    key: Hashable
    depth: float
    value: float
    bound: Bound
    move: Any


@dataclass
class TableStats:
    """How the table was used: probes, hits (entries found), cutoffs (answers), stores."""

    probes: int = 0
    hits: int = 0
    cutoffs: int = 0
    stores: int = 0
    replaced: int = 0


class TranspositionTable:
    """Search results by position key, with an optional size limit.

    Without ``capacity`` every position is kept, in a dictionary by key. With it, the table
    has ``capacity`` slots and a key goes to slot ``hash(key) % capacity``; the **replacement
    rule** is *depth-preferred*: a new result replaces the one in its slot when it is for the
    same position or was searched at least as deep; otherwise it is not stored. (Python's hash
    of an int or a tuple of ints is the same in every run; strings are hashed differently
    in every process, so with a size limit their counts may vary from run to run.)

    A search consults the table at every position it visits, so the methods below are
    written to be cheap: one dictionary look-up, one small object per store.
    """

    def __init__(self, capacity: int | None = None) -> None:
        if capacity is not None and capacity < 1:
            raise ValueError(f"capacity must be at least 1 (or None), not {capacity}")
        self.capacity = capacity
        self.entries: dict[Hashable, Entry] = {}
        self.stats = TableStats()
        self.looked_up: tuple[Any, Entry | None] = (None, None)
        """The state a search looked up last and the entry found for it (see
        :func:`best_move_first`)."""

    def __len__(self) -> int:
        return len(self.entries)

    def _slot(self, key: Hashable) -> Hashable:
        """Where a key goes when the table has a size limit."""
        return hash(key) % cast(int, self.capacity)

    def get(self, key: Hashable) -> Entry | None:
        """The entry for ``key``, if the table holds one (not counted as a probe)."""
        if self.capacity is None:
            return self.entries.get(key)
        entry = self.entries.get(self._slot(key))
        return entry if entry is not None and entry.key == key else None

    def probe(self, key: Hashable) -> Entry | None:
        """Look ``key`` up, counting the probe and the hit."""
        self.stats.probes += 1
        entry = self.get(key)
        if entry is not None:
            self.stats.hits += 1
        return entry

    def store(self, key: Hashable, depth: float, value: float, bound: Bound, move: Any) -> None:
        """Remember a result, following the replacement rule."""
        if self.capacity is None:
            self.entries[key] = Entry(key, depth, value, bound, move)
        else:
            slot = self._slot(key)
            old = self.entries.get(slot)
            if old is not None and old.key != key:
                if old.depth > depth:
                    return
                self.stats.replaced += 1
            self.entries[slot] = Entry(key, depth, value, bound, move)
        self.stats.stores += 1

    def classify(self, value: float, alpha: float, beta: float) -> Bound:
        """The bound type of a value found with the window (alpha, beta): what it proves.

        Guarantee (α-β's, with alpha < beta): a value ≤ alpha is an upper bound, ≥ beta a lower
        bound, between them exact. Every search that stores in a table cuts on value ≥ β, so
        its windows are never empty; an empty window (the strict rule's α = β, see
        :func:`gamelib.trace.bound_from_children`) cannot say which side a value failed on.

        Raises:
            ValueError: if alpha ≥ beta.
        """
        if alpha >= beta:
            raise ValueError(
                f"the window ({alpha}, {beta}) is empty: its values cannot be classified"
            )
        if value <= alpha:
            return Bound.UPPER
        if value >= beta:
            return Bound.LOWER
        return Bound.EXACT

    def answer(self, entry: Entry, depth: float, alpha: float, beta: float) -> float | None:
        """The value ``entry`` proves for a search to ``depth`` with (alpha, beta), or None.

        This is the soundness rule: deep enough, and exact, or a bound that settles the window.
        """
        if entry.depth < depth:
            return None
        bound = entry.bound
        if (
            bound is Bound.EXACT
            or (bound is Bound.LOWER and entry.value >= beta)
            or (bound is Bound.UPPER and entry.value <= alpha)
        ):
            return entry.value
        return None

    def clear(self) -> None:
        """Forget every entry and reset the counters."""
        self.entries.clear()
        self.stats = TableStats()

    def _repr_html_(self) -> str:
        """A summary for Jupyter: entries, counters and entries per bound type."""
        from gamelib.render.summaries import table_html

        return table_html(self)


WindowedSearch = TypeVar(
    "WindowedSearch", bound=Callable[[Any, float, float, float, list[Any]], float]
)
"""A node function ``search(state, depth, alpha, beta, line) -> value`` (negamax form)."""


def remembering(
    search: WindowedSearch,
    table: TranspositionTable,
    key: Callable[[Any], Hashable],
    *,
    fail_hard: bool,
    tracer: Any = None,
) -> WindowedSearch:
    """Wrap a negamax-form node function so that it consults and fills ``table``.

    Before searching a position, look it up: if the entry answers the window (see
    :meth:`TranspositionTable.answer`), return that (clamped into the window for a
    fail-hard search). After searching, store the value with its bound type and the best
    move (``line[0]``). A position at the depth limit (depth 0) is evaluated without a
    look-up: its entry could only ever answer another search to depth 0, and the course's
    evaluations cost less than a look-up.
    """

    probe, answer, classify, store = table.probe, table.answer, table.classify, table.store

    def remembered(state: Any, depth: float, alpha: float, beta: float, line: list[Any]) -> float:
        if depth == 0:  # at the depth limit: evaluating costs less than a look-up
            return search(state, depth, alpha, beta, line)
        position = key(state)
        entry = probe(position)
        table.looked_up = (state, entry)  # for best_move_first, which orders this state next
        if entry is not None:
            known = answer(entry, depth, alpha, beta)
            if known is not None:
                table.stats.cutoffs += 1
                if fail_hard:
                    known = min(max(known, alpha), beta)
                line[:] = [] if entry.move is None else [entry.move]
                if tracer is not None:
                    tracer.table_answer(known, entry.bound, entry.depth)
                return known
        value = search(state, depth, alpha, beta, line)
        store(position, depth, value, classify(value, alpha, beta), line[0] if line else None)
        return value

    return cast(WindowedSearch, remembered)


ExactSearch = TypeVar("ExactSearch", bound=Callable[[Any, float, list[Any]], float])
"""A node function without a window, ``search(state, depth, line) -> value`` (negamax)."""


def remembering_exact(
    search: ExactSearch,
    table: TranspositionTable,
    key: Callable[[Any], Hashable],
    *,
    tracer: Any = None,
) -> ExactSearch:
    """Wrap a windowless negamax node function: every value it finds is exact.

    Every value it finds is exact, so an entry answers a later search of its position when
    it was searched at least as deep. As in :func:`remembering`, a position at the depth limit
    is evaluated without a look-up.
    """

    probe, answer, classify, store = table.probe, table.answer, table.classify, table.store

    def remembered(state: Any, depth: float, line: list[Any]) -> float:
        if depth == 0:  # at the depth limit: evaluating costs less than a look-up
            return search(state, depth, line)
        position = key(state)
        entry = probe(position)
        table.looked_up = (state, entry)  # for best_move_first, which orders this state next
        if entry is not None:
            known = answer(entry, depth, -INF, INF)
            if known is not None:
                table.stats.cutoffs += 1
                line[:] = [] if entry.move is None else [entry.move]
                if tracer is not None:
                    tracer.table_answer(known, entry.bound, entry.depth)
                return known
        value = search(state, depth, line)
        store(position, depth, value, classify(value, -INF, INF), line[0] if line else None)
        return value

    return cast(ExactSearch, remembered)


def best_move_first(
    moves_of: Callable[[Any], Sequence[Any]], table: TranspositionTable
) -> Callable[[Any], Sequence[Any]]:
    """Wrap a move generator so that the table's best move for the position comes first.

    A search with a table looks a position up (:func:`remembering`) just before it searches
    it, and the search asks for the position's moves first thing; so the entry is taken from
    ``table.looked_up`` instead of being looked up twice. A position the table was not
    consulted for keeps the game's order. The other moves are put in their order only if the
    best move does not cut the search off (see :class:`~gamelib.search.lazy.LazyMoves`).
    """

    def ordered(state: Any) -> Sequence[Any]:
        moves = moves_of(state)
        looked_up, entry = table.looked_up
        if looked_up is not state or entry is None or entry.move is None:
            return moves
        if entry.move not in moves:
            return moves
        return LazyMoves(moves, partial(first_then_the_rest, entry.move))

    return ordered


def first_then_the_rest(first: Any, moves: Sequence[Any]) -> Iterator[Any]:
    """``first``, then the other moves in their order."""
    yield first
    for move in moves:
        if move != first:
            yield move
