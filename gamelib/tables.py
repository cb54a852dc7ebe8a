"""Tables of text cells, printed as plain text or shown as HTML in a notebook."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape


def text_table(
    columns: Sequence[str], rows: Sequence[dict[str, str]], numeric: Collection[str]
) -> str:
    """A header, a rule and one line per row; ``numeric`` columns right-aligned."""
    widths = {column: max([len(column), *(len(row[column]) for row in rows)]) for column in columns}

    def line(cells: dict[str, str]) -> str:
        return "  ".join(
            cells[column].rjust(widths[column])
            if column in numeric
            else cells[column].ljust(widths[column])
            for column in columns
        ).rstrip()

    rule = "  ".join("-" * widths[column] for column in columns)
    return "\n".join([line({column: column for column in columns}), rule, *map(line, rows)])


def html_table(
    columns: Sequence[str], rows: Iterable[dict[str, str]], numeric: Collection[str]
) -> str:
    """The same table as HTML; ``numeric`` columns right-aligned."""
    head = "".join(f"<th>{escape(column)}</th>" for column in columns)
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
