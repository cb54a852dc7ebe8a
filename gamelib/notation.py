"""How the course writes numbers, windows and bounds: one notation for every picture and message.

Every sentence, drawing, table and checker message formats values through these functions,
so a student sees ``−∞`` (a typographic minus), ``(3, ∞)`` and ``≥ 3`` the same way
everywhere::

    >>> format_number(-2), format_number(float("inf")), format_number(2.5)
    ('−2', '∞', '2.5')
    >>> format_window(float("-inf"), 3)
    '(−∞, 3)'
    >>> format_bound(3, Bound.LOWER), bound_words(3, Bound.UPPER)
    ('≥3', '3 (upper bound: ≤ 3)')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gamelib.core import Bound

MINUS = "\u2212"
"""The minus sign used in pictures and sentences (typographic, not a hyphen)."""

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
"""Marks for the first ten evaluations (common fonts such as DejaVu Sans stop at ⑩)."""


def format_number(value: float) -> str:
    """A value as pictures show it: ``3``, ``−2``, ``0.5``, ``∞``, ``−∞``."""
    if math.isinf(value):
        return "∞" if value > 0 else MINUS + "∞"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value) if isinstance(value, int) else f"{value:g}"
    return text.replace("-", MINUS)


def format_window(alpha: float, beta: float) -> str:
    """A window as ``(α, β)``, for example ``(−∞, 3)``."""
    return f"({format_number(alpha)}, {format_number(beta)})"


def format_bound(value: float, bound: Bound | None) -> str:
    """A returned value with what it proves: ``3`` (exact), ``≥3`` (lower), ``≤3`` (upper)."""
    prefix = {Bound.LOWER: "≥", Bound.UPPER: "≤"}.get(Bound(bound or Bound.EXACT), "")
    return prefix + format_number(value)


def bound_words(value: float, bound: Bound) -> str:
    """``"3 (exact)"``, ``"3 (lower bound: ≥ 3)"``, ``"3 (upper bound: ≤ 3)"``."""
    number = format_number(value)
    what = {
        Bound.EXACT: "exact",
        Bound.LOWER: f"lower bound: ≥ {number}",
        Bound.UPPER: f"upper bound: ≤ {number}",
    }[Bound(bound)]
    return f"{number} ({what})"


def evaluation_mark(order: int, total: int) -> str:
    """The mark of the ``order``-th evaluation: ①…⑩ when ``total`` ≤ 10, else ``#order``."""
    if total <= len(CIRCLED) and 1 <= order <= len(CIRCLED):
        return CIRCLED[order - 1]
    return f"#{order}"


def quote_name(name: str) -> str:
    """A node's name for a sentence: quoted when it holds spaces (game move paths)."""
    return f"“{name}”" if " " in name else name


def join_names(names: Sequence[str], limit: int = 4) -> str:
    """``"J"``, ``"F and G"``, ``"F, G and H"``; past ``limit`` names: ``"F, G, H and 5 more"``."""
    shown = [quote_name(name) for name in names[:limit]]
    if len(names) > limit:
        shown.append(f"{len(names) - limit} more")
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " and " + shown[-1]
