"""Tables of text cells, printed as plain text or shown as HTML in a notebook."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Sequence
from html import escape


def display_width(text: str) -> int:
    """The columns ``text`` takes in a monospaced font: two for a wide character (Japanese
    kana and kanji, full-width forms), none for a combining mark, one for the rest."""
    return sum(
        0 if unicodedata.combining(character)
        else 2 if unicodedata.east_asian_width(character) in "WF"
        else 1
        for character in text
    )  # fmt: skip


def pad(text: str, width: int, *, right: bool) -> str:
    """``text`` padded with spaces to ``width`` display columns, on the left when ``right``."""
    padding = " " * max(0, width - display_width(text))
    return padding + text if right else text + padding


def text_table(
    columns: Sequence[str], rows: Sequence[dict[str, str]], numeric: Collection[str]
) -> str:
    """A header, a rule and one line per row; ``numeric`` columns right-aligned. Widths are
    counted in display columns, so Japanese text lines up too.

    >>> print(text_table(["石", "n"], [{"石": "黒", "n": "12"}, {"石": "white", "n": "3"}], {"n"}))
    石      n
    -----  --
    黒     12
    white   3
    """
    widths = {
        column: max([display_width(column), *(display_width(row[column]) for row in rows)])
        for column in columns
    }

    def line(cells: dict[str, str]) -> str:
        return "  ".join(
            pad(cells[column], widths[column], right=column in numeric) for column in columns
        ).rstrip()

    rule = "  ".join("-" * widths[column] for column in columns)
    return "\n".join([line({column: column for column in columns}), rule, *map(line, rows)])


def html_table(
    columns: Sequence[str], rows: Iterable[dict[str, str]], numeric: Collection[str]
) -> str:
    """The same table as HTML; ``numeric`` columns (their titles too) right-aligned."""
    head = "".join(
        f'<th style="text-align:right">{escape(column)}</th>'
        if column in numeric
        else f"<th>{escape(column)}</th>"
        for column in columns
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<td style="text-align:{"right" if column in numeric else "left"}">'
            f"{escape(row[column])}</td>"
            for column in columns
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
