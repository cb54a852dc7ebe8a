"""Counts of 1,000 or more are printed with a thousands separator, as the prose writes them.

The prose writes 20,079 (English and Japanese alike use the comma); a code cell that prints
``20079`` beside it reads as a different kind of number. :func:`bare_counts` finds every
integer of four or more digits written without separators in a text; the notebooks that print
such counts (06, 07, 08 and 10) are read with it on the built website, in both editions
(tests/browser/test_site.py: the site lane has run them already; running them here again would
cost minutes).

What is not a count, and so is exempt (each is a rule of :func:`bare_counts`):

- a digit run inside a decimal number (``17.5``, ``0.0001``) or inside a word or code (``x1000``,
  ``0xffff``, ``g8h7``);
- a seed or a generated game's number: right after ``seed``, ``seed=``, ``game`` or ``ゲーム``
  (``random cyclic game 3959``, ``ランダムな循環ゲーム 3959``); these are identifiers;
- a position's key (a bitboard or a Zobrist hash): every number on a line that prints a key
  (``key`` / ``キー`` on the line);
- a year: 1900–2099 closing a parenthesis or followed by 年 (``(1975)``, ``(Knuth and Moore,
  1975)``, ``1975 年``);
- a point ``(x, y)`` of a chart's text alternative, where a thousands comma would read as a
  third coordinate.
"""

from __future__ import annotations

import re

import pytest

DIGITS = re.compile(r"\d{4,}")
IDENTIFIER_BEFORE = re.compile(r"(?:seed[ =]|game |ゲーム ?)$", re.IGNORECASE)
KEY_LINE = re.compile(r"\bkeys?\b|キー", re.IGNORECASE)
YEAR = re.compile(r"(?:19|20)\d\d")
CHART_POINT = re.compile(r"\(\s*[−-]?[\d.]+,\s*[−-]?[\d.]+\)")


def bare_counts(text: str) -> list[str]:
    """Every integer of four or more digits in ``text`` written without a thousands separator,
    except the identifiers, keys, years and chart points the module's docstring lists."""
    found = []
    points = [match.span() for match in CHART_POINT.finditer(text)]
    for match in DIGITS.finditer(text):
        start, end = match.span()
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if before.isalnum() or before in ".,_" or after.isalnum() or after == "_":
            continue  # part of a word, a code or a number already written with separators
        if after in ".," and text[end + 1 : end + 2].isdigit():
            continue  # the whole part of a decimal, or the first group of 1,000
        if IDENTIFIER_BEFORE.search(text[max(0, start - 6) : start]):
            continue
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        if KEY_LINE.search(text[line_start : None if line_end < 0 else line_end]):
            continue
        year = YEAR.fullmatch(match.group())
        if year and (after == ")" or text[end : end + 2].strip().startswith("年")):
            continue
        if any(low <= start and end <= high for low, high in points):
            continue
        found.append(match.group())
    return found


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("one line of the results file: 6402 characters of JSON", ["6402"]),
        ("In **24 of 1600** (graph, depth) cases", ["1600"]),
        ("the source's best (1059); goal at most half", ["1059"]),
        ("4520 個の局面を調べます", ["4520"]),
        ("depth 4 in 17.5 ms (1915 nodes)", ["1915"]),
        ("one line of the results file: 6,402 characters; 20,079 against 7,048", []),
        ("2.8× in 0.0001 s; 1,000,000 nodes", []),
        ("random cyclic game 3959, seed 4000, seed=1234; ランダムな循環ゲーム 3959", []),
        ("Othello: the key of the start position is 17644849097744863784, a hash of it", []),
        ("オセロ：初期局面のキーは 17644849097744863784。", []),
        ("Knuth and Moore (1975); (Breuker et al., 1998); 1998 年", []),
        ("nodes: (5, 1396), (6, 8200).", []),
        ("in 1998 we searched 2000 nodes", ["1998", "2000"]),
        ("g8h7 x1000 0xffff", []),
    ],
)
def test_bare_counts_finds_unseparated_counts_only(text: str, bare: list[str]) -> None:
    assert bare_counts(text) == bare
