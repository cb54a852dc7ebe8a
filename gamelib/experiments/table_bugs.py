"""A gallery of transposition tables that are wrong, and the code that catches them.

Each class below breaks one part of the soundness rule of :mod:`gamelib.search.table`. They
are here to be caught: :func:`find_counterexample` searches positions until a table changes
a root value, so the notebook can show each bug with a position found by code, not invented.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from gamelib.core import Bound, Game
from gamelib.language import Language, resolve
from gamelib.search.common import SearchResult
from gamelib.search.table import Entry, TranspositionTable


class WindowBlindTable(TranspositionTable):
    """Stores every value as EXACT, ignoring the window it was found with.

    A value that failed low or high is only a bound; taken as exact it answers later
    searches with a number that was never the position's value. (A well-known textbook
    notebook once cached α-β values this way.)
    """

    def classify(self, value: float, alpha: float, beta: float) -> Bound:
        return Bound.EXACT


class SwappedBoundTable(TranspositionTable):
    """Calls a fail-high a fail-low and back: LOWER and UPPER exchanged."""

    def classify(self, value: float, alpha: float, beta: float) -> Bound:
        bound = super().classify(value, alpha, beta)
        swapped = {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}
        return swapped.get(bound, bound)


class DepthBlindTable(TranspositionTable):
    """Reuses an entry whatever depth it was searched to: a shallow guess answers a deep search."""

    def answer(self, entry: Entry, depth: float, alpha: float, beta: float) -> float | None:
        deep_enough = Entry(
            entry.key, max(entry.depth, depth), entry.value, entry.bound, entry.move
        )
        return super().answer(deep_enough, depth, alpha, beta)


BUGGY_TABLES: tuple[type[TranspositionTable], ...] = (
    WindowBlindTable,
    SwappedBoundTable,
    DepthBlindTable,
)
"""The wrong tables of the gallery."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "WindowBlindTable": {
        "en": "Stores every value as EXACT, ignoring the window it was found with.",
        "ja": "どの値も、見つけたときの探索窓を無視して EXACT（正確な値）として保存します。",
    },
    "SwappedBoundTable": {
        "en": "Calls a fail-high a fail-low and back: LOWER and UPPER exchanged.",
        "ja": "fail high を fail low と呼び、その逆も同じです。LOWER（下限値）と UPPER（上限値）"
        "が入れ替わっています。",
    },
    "DepthBlindTable": {
        "en": "Reuses an entry whatever depth it was searched to: a shallow guess answers a "
        "deep search.",
        "ja": "エントリを探索した深さに関係なく使い回します。浅い探索の推測が深い探索の答えに"
        "なってしまいます。",
    },
}
"""What each wrong table does, in one sentence, in English and Japanese (the English text is
the first line of the class's docstring)."""


def description(table_class: type[TranspositionTable], language: str | None = None) -> str:
    """What the wrong table ``table_class`` does, in ``language`` (None: the course-wide
    setting); for another class, the first line of its docstring.

    >>> description(WindowBlindTable, "en")
    'Stores every value as EXACT, ignoring the window it was found with.'
    """
    entry = WORDS.get(table_class.__name__)
    if entry is None:
        return (table_class.__doc__ or table_class.__name__).strip().splitlines()[0]
    return entry[resolve(language)]


@dataclass(frozen=True)
class Counterexample:
    """A position where a table changes what a search returns.

    Attributes:
        state: the position searched.
        depths: the depths searched, in order, with one shared table (more than one when the
            bug needs an earlier, shallower search to leave something behind).
        expected: the value without a table.
        got: the value with the table.
        checked: how many positions were tried before this one was found.
    """

    state: Any
    depths: tuple[int | None, ...]
    expected: float
    got: float
    checked: int


def find_counterexample(
    table_class: type[TranspositionTable],
    search: Callable[..., SearchResult],
    game: Game[Any, Any],
    states: Iterable[Any],
    *,
    depths: tuple[int | None, ...] = (None,),
    evaluate: Callable[[Any], float] | None = None,
) -> Counterexample | None:
    """The first position whose root value changes when searched with ``table_class``.

    Every position is searched with a fresh table at each depth of ``depths`` in turn (the
    table shared between them, as iterative deepening would), and the last value compared
    with the same search without a table. Returns None if no position shows a difference.
    """
    for checked, state in enumerate(states, start=1):
        table = table_class()
        for depth in depths:
            got = search(game, state, depth=depth, evaluate=evaluate, table=table).value
        expected = search(game, state, depth=depths[-1], evaluate=evaluate).value
        if got != expected:
            return Counterexample(state, depths, expected, got, checked)
    return None
