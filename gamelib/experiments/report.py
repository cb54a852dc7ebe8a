"""Small displays for experiment results: a table and a generated sentence.

A notebook shows a :class:`Table` or a :class:`Note` by typing it as the last line of a cell
(Jupyter uses ``_repr_html_`` / ``_repr_markdown_``); ``print`` gives plain text. Numbers are
formatted once, here: integers with thousands separators, other numbers as
:func:`gamelib.notation.format_number` writes them (``−0.04``, ``∞``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from gamelib.experiments.compare import search_label
from gamelib.notation import format_number
from gamelib.tables import html_table, text_table


def format_cell(value: object) -> str:
    """One cell's text: ints as ``12,345``, other numbers by ``format_number``, the rest by
    ``str``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}".replace("-", "−")
    if 1000 <= abs(value) < float("inf"):
        text = f"{value:,.0f}" if value.is_integer() else f"{value:,.1f}"
        return text.replace("-", "−")
    return format_number(value)


@dataclass(frozen=True)
class Table:
    """A table of formatted cells; numeric columns are right-aligned.

    Attributes:
        columns: the column headers.
        rows: one tuple of cell texts per row, as long as ``columns``.
        numeric: the columns whose cells are all numbers.
        caption: a line shown above the table ("" for none).
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[str]
    caption: str = ""

    def _cells(self) -> list[dict[str, str]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def _repr_html_(self) -> str:
        caption = f"<p>{escape(self.caption)}</p>" if self.caption else ""
        return caption + html_table(self.columns, self._cells(), self.numeric)

    def __str__(self) -> str:
        body = text_table(self.columns, self._cells(), self.numeric)
        return f"{self.caption}\n{body}" if self.caption else body


def table(
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    caption: str = "",
    *,
    language: str | None = None,
) -> Table:
    """A :class:`Table` from raw values; a column is numeric when all its values are numbers.

    A column named after a known search (``"full window"``, ``"guess from depth 4"``: see
    :func:`~gamelib.experiments.compare.search_label`) is headed in ``language`` (None: the
    course-wide setting); every other header is shown as given.

    Raises:
        ValueError: if a row does not have one value per column.
    """
    raw = [tuple(row) for row in rows]
    for row in raw:
        if len(row) != len(columns):
            raise ValueError(f"a row has {len(row)} values for {len(columns)} columns: {row!r}")
    numeric = frozenset(
        column
        for index, column in enumerate(columns)
        if raw
        and all(
            isinstance(row[index], int | float) and not isinstance(row[index], bool) for row in raw
        )
    )
    cells = tuple(tuple(format_cell(value) for value in row) for row in raw)
    headers = {column: search_label(column, language) for column in columns}
    return Table(
        tuple(headers[column] for column in columns),
        cells,
        frozenset(headers[column] for column in numeric),
        caption,
    )


class Note(str):
    """A Markdown text generated from computed numbers; Jupyter renders it as Markdown."""

    __slots__ = ()

    def _repr_markdown_(self) -> str:
        return str(self)
