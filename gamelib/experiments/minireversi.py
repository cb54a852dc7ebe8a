"""The 4×4 reversi counting experiment: which change to the search saves which evaluations.

The source material counts how often each search calls the evaluation function when it
solves 4×4 reversi (:mod:`gamelib.games.minireversi`) from two starting positions, with the
moves tried in two orders. :func:`minireversi_table` runs every combination the course needs
with the real searches of :mod:`gamelib.search`:

============================  ==============================  ======================
algorithm                     what it is                      move orders
============================  ==============================  ======================
``minimax``                   max/min functions, no pruning   natural
``negamax``                   one function, no pruning        natural
``nega_alpha``                one bound passed down           natural, corners-first
``alphabeta``                 two bounds, fail-hard           natural, corners-first
``alphabeta_failsoft``        two bounds, fail-soft           natural, corners-first
============================  ==============================  ======================

each from the starts ``"WB/BW"`` and ``"WB/WB"``. The count is ``stats.leaves``: one per call
of the evaluation (a full board, or a position where both sides had to pass).

The source presents the rows as a sequence of improvements. Its one-bound nega-alpha already
returns the value it saw (the value that caused a cutoff, or the best value otherwise), so
its last step, the program it names "fail soft 対応版", adds only the second bound, and the
source credits the saving to narrowing the (α, β) window. The extra rows (a fail-hard
two-bound search) check that account, and :func:`attribution` computes the saving of each
single change from the measured counts:

* one bound → two bounds (same move order),
* natural → corners-first order (same algorithm),
* fail-hard → fail-soft (same order).

Measured here, fail-hard and fail-soft evaluate exactly the same leaves, so the whole saving
comes from the second bound, as the source says. That is no accident: with the usual cutoff
rule (value ≥ β) a
fail-soft child that fails low makes its parent cut off exactly where the fail-hard child's
clamped value does, one that fails high changes nothing in either, and in-window values are
exact in both; so both pass the same windows down and cut off at the same places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

from gamelib.games.minireversi import MiniReversi
from gamelib.language import Language, words
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, nega_alpha, negamax
from gamelib.search.common import SearchResult
from gamelib.tables import html_table, text_table

Start = Literal["WB/BW", "WB/WB"]
"""A starting position of 4×4 reversi."""

OrderName = Literal["natural", "corners"]
"""A move order of 4×4 reversi."""

STARTS: tuple[Start, ...] = ("WB/BW", "WB/WB")
"""The two starting positions, in the order the table lists them."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # the algorithms (DESCRIPTIONS, SHORT_NAMES) and orders (ORDER_DESCRIPTIONS)
    "minimax": {"en": "minimax (max/min functions)", "ja": "ミニマックス法（max/min の関数）"},
    "negamax": {"en": "negamax (one function)", "ja": "ネガマックス法（関数一つ）"},
    "nega_alpha": {"en": "nega-alpha, one bound", "ja": "ネガアルファ法、限界値一つ"},
    "alphabeta": {"en": "alpha-beta, two bounds, fail-hard", "ja": "αβ法、限界値二つ、fail-hard"},
    "alphabeta_failsoft": {
        "en": "alpha-beta, two bounds, fail-soft",
        "ja": "αβ法、限界値二つ、fail-soft",
    },
    "short: minimax": {"en": "minimax", "ja": "ミニマックス法"},
    "short: negamax": {"en": "negamax", "ja": "ネガマックス法"},
    "short: nega_alpha": {"en": "one bound", "ja": "限界値一つ"},
    "short: alphabeta": {"en": "two bounds, fail-hard", "ja": "限界値二つ、fail-hard"},
    "short: alphabeta_failsoft": {"en": "two bounds, fail-soft", "ja": "限界値二つ、fail-soft"},
    "order: natural": {"en": "natural", "ja": "自然な順"},
    "order: corners": {"en": "corners first", "ja": "隅優先"},
    "held order": {"en": "{order} order", "ja": "手の順序（{order}）"},
    # the changes of the attribution
    "change: pruning": {"en": "pruning", "ja": "枝刈り"},
    "change: second bound": {"en": "second bound", "ja": "二つ目の限界値"},
    "change: move order": {"en": "move order", "ja": "手の順序"},
    "change: fail-soft": {"en": "fail-soft", "ja": "fail-soft にする"},
    # the tables' columns
    "column: start": {"en": "start", "ja": "開始局面"},
    "column: algorithm": {"en": "algorithm", "ja": "アルゴリズム"},
    "column: move order": {"en": "move order", "ja": "手の順序"},
    "column: root value": {"en": "root value", "ja": "根の値"},
    "column: evaluations": {"en": "evaluations", "ja": "評価回数"},
    "column: nodes": {"en": "nodes", "ja": "ノード数"},
    "column: change": {"en": "change", "ja": "変更"},
    "column: from → to": {"en": "from → to", "ja": "変更前 → 変更後"},
    "column: same in both": {"en": "same in both", "ja": "共通の条件"},
    "column: before": {"en": "before", "ja": "変更前"},
    "column: after": {"en": "after", "ja": "変更後"},
    "column: saved": {"en": "saved", "ja": "節約"},
}
"""Every word this module writes, in English and Japanese: the algorithms', orders' and
changes' names and the tables' headers (the English texts are the ones code uses)."""


def _named(prefix: str, name: str, language: str | None) -> str:
    """The entry ``prefix + name`` of :data:`WORDS` in ``language``, or ``name`` itself."""
    return words(WORDS[prefix + name], language) if prefix + name in WORDS else name


DESCRIPTIONS: dict[str, str] = {
    name: WORDS[name]["en"]
    for name in ("minimax", "negamax", "nega_alpha", "alphabeta", "alphabeta_failsoft")
}
"""What each algorithm of the table is, in words."""

ORDER_DESCRIPTIONS: dict[str, str] = {
    order: WORDS[f"order: {order}"]["en"] for order in ("natural", "corners")
}
"""How each move order is written in tables."""

EXPERIMENTS: tuple[tuple[Callable[..., SearchResult], OrderName], ...] = (
    (minimax, "natural"),
    (negamax, "natural"),
    (nega_alpha, "natural"),
    (nega_alpha, "corners"),
    (alphabeta_failsoft, "corners"),
    (alphabeta, "corners"),
    (alphabeta, "natural"),
    (alphabeta_failsoft, "natural"),
)
"""The (search, move order) pairs of the table, in its order; each is run from both starts.

The first four rows and the fifth are the source's; the last three are the controls that
separate the effect of the second bound from that of fail-soft.
"""


@dataclass(frozen=True)
class Row:
    """One run of one search on 4×4 reversi.

    Attributes:
        algorithm: The search's function name (``"nega_alpha"``, …).
        order: The move order, ``"natural"`` or ``"corners"``.
        start: The starting position, ``"WB/BW"`` or ``"WB/WB"``.
        value: The root value for Black (the disc difference with best play).
        evaluations: Calls of the evaluation (the search's ``stats.leaves``).
        nodes: Nodes entered, the root included (``stats.nodes``).
    """

    algorithm: str
    order: str
    start: str
    value: float
    evaluations: int
    nodes: int

    @property
    def description(self) -> str:
        """The algorithm in words (see :data:`DESCRIPTIONS`)."""
        return DESCRIPTIONS.get(self.algorithm, self.algorithm)


class ExperimentTable(list[Row]):
    """The rows of the experiment: a plain list of :class:`Row` that also prints as a table.

    ``str(table)`` (or ``print(table)``) gives the text table of :func:`format_table`;
    Jupyter shows the HTML table of ``_repr_html_``.
    """

    def find(self, algorithm: str, order: str, start: str) -> Row:
        """The row of ``algorithm`` with ``order`` from ``start``.

        Raises:
            KeyError: if the table has no such row.
        """
        for row in self:
            if (row.algorithm, row.order, row.start) == (algorithm, order, start):
                return row
        raise KeyError(f"no row for {algorithm} with the {order} order from {start}")

    def __str__(self) -> str:
        return format_table(self)

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, *, language: str | None = None) -> str:
        """The HTML table, in ``language`` (None: the course-wide setting)."""
        cells = [_cells(row, language) for row in self]
        return html_table(*_shown(TABLE_COLUMNS, cells, language))


def run_row(search: Callable[..., SearchResult], order: OrderName | str, start: Start | str) -> Row:
    """Solve 4×4 reversi from ``start`` with ``search``, trying moves in ``order``."""
    result = search(MiniReversi(start, order))
    return Row(
        algorithm=search.__name__,
        order=order,
        start=start,
        value=result.value,
        evaluations=result.stats.leaves,
        nodes=result.stats.nodes,
    )


@cache
def _table() -> tuple[Row, ...]:
    return tuple(run_row(search, order, start) for start in STARTS for search, order in EXPERIMENTS)


def minireversi_table() -> ExperimentTable:
    """Run the whole experiment (both starts, every row of :data:`EXPERIMENTS`).

    The runs take about 2.5 s together (the two full-width searches are most of it); the
    rows are computed once per Python session and then reused (every run gives the same
    numbers: the searches are deterministic).

    Returns:
        The rows grouped by start, each group in the order of :data:`EXPERIMENTS`.
    """
    return ExperimentTable(_table())


TABLE_COLUMNS: tuple[str, ...] = (
    "start",
    "algorithm",
    "move order",
    "root value",
    "evaluations",
    "nodes",
)
"""The columns of :func:`format_table`."""


def _cells(row: Row, language: str | None = None) -> dict[str, str]:
    return {
        "start": row.start,
        "algorithm": _named("", row.algorithm, language),
        "move order": _named("order: ", row.order, language),
        "root value": f"{row.value:+g}",
        "evaluations": f"{row.evaluations:,}",
        "nodes": f"{row.nodes:,}",
    }


NUMERIC_COLUMNS = frozenset({"root value", "evaluations", "nodes", "before", "after", "saved"})


def _shown(
    columns: tuple[str, ...], cells: list[dict[str, str]], language: str | None
) -> tuple[list[str], list[dict[str, str]], set[str]]:
    """The headings in ``language``, the rows keyed by them, and the numeric headings."""
    headers = {column: words(WORDS[f"column: {column}"], language) for column in columns}
    rows = [{headers[column]: row[column] for column in columns} for row in cells]
    numeric = {headers[column] for column in columns if column in NUMERIC_COLUMNS}
    return list(headers.values()), rows, numeric


def format_table(rows: Iterable[Row], *, language: str | None = None) -> str:
    """The rows as a plain-text table, one line per row, numbers right-aligned (in
    ``language``; None: the course-wide setting)."""
    cells = [_cells(row, language) for row in rows]
    return text_table(*_shown(TABLE_COLUMNS, cells, language))


# --------------------------------------------------------------------------- attribution

Change = Literal["pruning", "second bound", "move order", "fail-soft"]
"""A single change between two rows of the table."""


@dataclass(frozen=True)
class Saving:
    """What one change to the search did to the number of evaluations.

    Attributes:
        change: Which single thing changed (see :data:`Change`).
        start: The starting position both rows are from.
        before: The row without the change.
        after: The row with the change (everything else equal).
    """

    change: Change
    start: str
    before: Row
    after: Row

    @property
    def saved(self) -> int:
        """Evaluations saved by the change (negative if it cost evaluations)."""
        return self.before.evaluations - self.after.evaluations

    @property
    def fraction(self) -> float:
        """The saving as a fraction of the evaluations before the change."""
        return self.saved / self.before.evaluations if self.before.evaluations else 0.0

    @property
    def factor(self) -> float:
        """How many times fewer evaluations after the change (``before / after``)."""
        return self.before.evaluations / self.after.evaluations if self.after.evaluations else 0.0

    @property
    def description(self) -> str:
        """What changed, in words: ``"natural → corners first"``, …"""
        return self.describe()

    def describe(self, *, language: str | None = None) -> str:
        """What changed, in ``language`` (None: the course-wide setting)."""
        if self.change == "move order":
            return f"{_order(self.before, language)} → {_order(self.after, language)}"
        before = _named("short: ", self.before.algorithm, language)
        return f"{before} → {_named('short: ', self.after.algorithm, language)}"

    @property
    def held_fixed(self) -> str:
        """What both rows share: the algorithm for a change of order, else the order."""
        return self.describe_held_fixed()

    def describe_held_fixed(self, *, language: str | None = None) -> str:
        """What both rows share, in ``language`` (None: the course-wide setting)."""
        if self.change == "move order":
            return _named("short: ", self.before.algorithm, language)
        return words(WORDS["held order"], language).format(order=_order(self.before, language))


SHORT_NAMES: dict[str, str] = {
    name: WORDS[f"short: {name}"]["en"]
    for name in ("minimax", "negamax", "nega_alpha", "alphabeta", "alphabeta_failsoft")
}
"""Short names of the algorithms, for the attribution table."""


def _order(row: Row, language: str | None = None) -> str:
    return _named("order: ", row.order, language)


class Attribution(list[Saving]):
    """The savings of :func:`attribution`: a list that also prints as a table."""

    def find(self, change: Change, start: str, order: str | None = None) -> Saving:
        """The saving of ``change`` from ``start``; ``order`` picks the order it was made at
        (for a change of move order, the algorithm instead).

        Raises:
            KeyError: if there is no such saving.
        """
        for saving in self:
            if saving.change != change or saving.start != start:
                continue
            if order is None or order in (saving.after.order, saving.after.algorithm):
                return saving
        raise KeyError(f"no saving of {change!r} from {start} ({order})")

    def text(self, *, language: str | None = None) -> str:
        """The savings as a text table, in ``language`` (None: the course-wide setting)."""
        cells = [_saving_cells(saving, language) for saving in self]
        return text_table(*_shown(ATTRIBUTION_COLUMNS, cells, language))

    def html(self, *, language: str | None = None) -> str:
        """The savings as an HTML table, in ``language`` (None: the course-wide setting)."""
        cells = [_saving_cells(saving, language) for saving in self]
        return html_table(*_shown(ATTRIBUTION_COLUMNS, cells, language))

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()


ATTRIBUTION_COLUMNS: tuple[str, ...] = (
    "start",
    "change",
    "from → to",
    "same in both",
    "before",
    "after",
    "saved",
)
"""The columns of an :class:`Attribution` table."""


def _saving_cells(saving: Saving, language: str | None = None) -> dict[str, str]:
    return {
        "start": saving.start,
        "change": _named("change: ", saving.change, language),
        "from → to": saving.describe(language=language),
        "same in both": saving.describe_held_fixed(language=language),
        "before": f"{saving.before.evaluations:,}",
        "after": f"{saving.after.evaluations:,}",
        "saved": f"{saving.saved:,} ({saving.fraction:.0%})",
    }


ONE_CHANGE_PAIRS: tuple[tuple[Change, tuple[str, str], tuple[str, str]], ...] = (
    ("pruning", ("negamax", "natural"), ("nega_alpha", "natural")),
    ("second bound", ("nega_alpha", "natural"), ("alphabeta", "natural")),
    ("second bound", ("nega_alpha", "corners"), ("alphabeta", "corners")),
    ("move order", ("nega_alpha", "natural"), ("nega_alpha", "corners")),
    ("move order", ("alphabeta", "natural"), ("alphabeta", "corners")),
    ("move order", ("alphabeta_failsoft", "natural"), ("alphabeta_failsoft", "corners")),
    ("fail-soft", ("alphabeta", "natural"), ("alphabeta_failsoft", "natural")),
    ("fail-soft", ("alphabeta", "corners"), ("alphabeta_failsoft", "corners")),
)
"""Pairs of (algorithm, order) rows that differ in exactly one change."""


def attribution(rows: Iterable[Row]) -> Attribution:
    """The saving of every single change, computed from measured rows.

    Each saving compares two rows from the same start that differ in one thing only
    (:data:`ONE_CHANGE_PAIRS`): adding pruning with one bound (negamax → nega-alpha), one
    bound → two bounds (fail-hard) at the same order, natural → corners-first for the same
    algorithm, and fail-hard → fail-soft at the same order. Pairs whose rows are missing are
    left out.

    Returns:
        The savings, grouped by start.
    """
    by_key = {(row.algorithm, row.order, row.start): row for row in rows}
    starts = list(dict.fromkeys(row.start for row in by_key.values()))
    savings = Attribution()
    for start in starts:
        for change, before, after in ONE_CHANGE_PAIRS:
            before_row = by_key.get((*before, start))
            after_row = by_key.get((*after, start))
            if before_row is not None and after_row is not None:
                savings.append(Saving(change, start, before_row, after_row))
    return savings


def source_step(rows: Iterable[Row], start: str) -> tuple[Row, Row]:
    """The source's last step, from ``start``: one-bound nega-alpha (corners first) to its
    "fail-soft" version (two bounds, fail-soft, corners first).

    Returns:
        ``(before, after)``.
    """
    table = ExperimentTable(rows)
    return (
        table.find("nega_alpha", "corners", start),
        table.find("alphabeta_failsoft", "corners", start),
    )
