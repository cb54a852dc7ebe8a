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
    >>> bound_words(3, Bound.UPPER, language="ja")
    '3（上限値：≤ 3）'

and reads back what a student types, in the same notation (:func:`read_number`)::

    >>> read_number("−2"), read_number("∞"), read_number("2.5")
    (-2, inf, 2.5)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Final

from gamelib.core import Bound
from gamelib.language import Language, resolve, words

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "not_a_number": {"en": "{text} is not a number", "ja": "{text} は数として読めません"},
    "too_large": {"en": "{text} is too large a number", "ja": "{text} は大きすぎる数です"},
    "too_large_float": {
        "en": "{text} is too large a number (write inf or ∞ for an infinite value)",
        "ja": "{text} は大きすぎる数です（無限大は inf または ∞ と書いてください）",
    },
    "exact": {"en": "exact", "ja": "正確な値"},
    "lower_bound": {"en": "lower bound: ≥ {number}", "ja": "下限値：≥ {number}"},
    "upper_bound": {"en": "upper bound: ≤ {number}", "ja": "上限値：≤ {number}"},
    "value_with_bound": {"en": "{number} ({what})", "ja": "{number}（{what}）"},
    "meaning_lower": {
        "en": "a lower bound: the true value is ≥ {number}",
        "ja": "下限値です。真の値は {number} 以上です",
    },
    "meaning_upper": {
        "en": "an upper bound: the true value is ≤ {number}",
        "ja": "上限値です。真の値は {number} 以下です",
    },
    "more_names": {"en": "{count} more", "ja": "ほか {count} 個"},
    "names_separator": {"en": ", ", "ja": "、"},
    "two_or_more_names": {"en": "{names} and {last}", "ja": "{names} と {last}"},
    "names_and_more": {"en": "{names} and {count} more", "ja": "{names} ほか {count} 個"},
    "quoted_name": {"en": "“{name}”", "ja": "「{name}」"},
}
"""Every word this module writes, in English and Japanese (``str.format`` templates)."""

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


_NUMBER = re.compile(
    r"(?P<sign>[+-]?)\s*"
    r"(?:(?P<infinity>inf|infinity|∞)"
    r"|(?P<decimal>(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?))",
    re.IGNORECASE,
)
"""A sign, then an infinity or a decimal number with an optional exponent (ASCII digits)."""


def read_number(text: str, *, language: str | None = None) -> int | float:
    """The number written in ``text``, as :func:`format_number` writes it or as typed.

    Accepts an optional sign (``+``, ``-`` or the typographic minus ``−``, which may be
    followed by spaces), then an integer (``3``), a decimal (``2.5``, ``.5``, ``1e-05``) or
    an infinity (``inf``, ``infinity``, ``∞``, any case), with spaces around the whole. Text
    is matched against this grammar and never evaluated.

    Returns:
        An ``int`` when the number is whole (``"4.0"`` and ``"1e3"`` too), the infinities as
        ``float("inf")``/``float("-inf")``, otherwise a ``float``. So
        ``read_number(format_number(x)) == x`` for every int, every infinity and every float
        that :func:`format_number` writes with all its digits.

    Raises:
        ValueError: quoting the text, for anything else (``"3..5"``, ``"1e"``, ``"--2"``,
            ``"nan"``, a blank): "... is not a number"; and for a decimal beyond the float
            range (``"1e400"``) or an integer with more digits than Python converts: "... is
            too large a number". The message is in ``language`` (None: the course-wide
            setting), since a student reads it when a value box holds such text.

    Examples:
        >>> read_number(" 3 "), read_number("-2"), read_number("−2"), read_number("4.0")
        (3, -2, -2, 4)
        >>> read_number("2.5"), read_number("inf"), read_number("-∞"), read_number("− ∞")
        (2.5, inf, -inf, -inf)
        >>> read_number("3..5")
        Traceback (most recent call last):
        ...
        ValueError: '3..5' is not a number
    """
    texts = {name: entry[resolve(language)] for name, entry in WORDS.items()}
    shown = text.strip()
    match = _NUMBER.fullmatch(shown.replace(MINUS, "-"))
    if match is None:
        raise ValueError(texts["not_a_number"].format(text=repr(shown)))
    if match["infinity"] is not None:
        return -math.inf if match["sign"] == "-" else math.inf
    written = match["sign"] + match["decimal"]
    if match["decimal"].isdigit():
        try:
            return int(written)
        except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits())
            raise ValueError(texts["too_large"].format(text=repr(shown))) from None
    number = float(written)
    if math.isinf(number):
        raise ValueError(texts["too_large_float"].format(text=repr(shown)))
    return int(number) if number.is_integer() else number


def format_signed(value: float) -> str:
    """A value with its sign, for scores such as a game's ``+1`` / ``0`` / ``−1``.

    >>> format_signed(1), format_signed(0), format_signed(-1), format_signed(float("inf"))
    ('+1', '0', '−1', '+∞')
    """
    text = format_number(value)
    return "+" + text if value > 0 else text


def format_window(alpha: float, beta: float) -> str:
    """A window as ``(α, β)``, for example ``(−∞, 3)``."""
    return f"({format_number(alpha)}, {format_number(beta)})"


def format_bound(value: float, bound: Bound | None) -> str:
    """A returned value with what it proves: ``3`` (exact), ``≥3`` (lower), ``≤3`` (upper)."""
    prefix = {Bound.LOWER: "≥", Bound.UPPER: "≤"}.get(Bound(bound or Bound.EXACT), "")
    return prefix + format_number(value)


def bound_words(value: float, bound: Bound, *, language: str | None = None) -> str:
    """``"3 (exact)"``, ``"3 (lower bound: ≥ 3)"``, ``"3 (upper bound: ≤ 3)"``.

    In Japanese: ``"3（正確な値）"``, ``"3（下限値：≥ 3）"``, ``"3（上限値：≤ 3）"``.
    """
    number = format_number(value)
    what = {
        Bound.EXACT: words(WORDS["exact"], language),
        Bound.LOWER: words(WORDS["lower_bound"], language).format(number=number),
        Bound.UPPER: words(WORDS["upper_bound"], language).format(number=number),
    }[Bound(bound)]
    return words(WORDS["value_with_bound"], language).format(number=number, what=what)


def bound_meaning(value: float, bound: Bound, *, language: str | None = None) -> str:
    """What a returned value says about the true value, as a checker's message explains it.

    >>> bound_meaning(3, Bound.LOWER)
    'a lower bound: the true value is ≥ 3'
    >>> bound_meaning(-2, Bound.UPPER), bound_meaning(3, Bound.EXACT)
    ('an upper bound: the true value is ≤ −2', 'exact')
    >>> bound_meaning(3, Bound.LOWER, language="ja")
    '下限値です。真の値は 3 以上です'
    """
    number = format_number(value)
    return {
        Bound.EXACT: words(WORDS["exact"], language),
        Bound.LOWER: words(WORDS["meaning_lower"], language).format(number=number),
        Bound.UPPER: words(WORDS["meaning_upper"], language).format(number=number),
    }[Bound(bound)]


def evaluation_mark(order: int, total: int) -> str:
    """The mark of the ``order``-th evaluation: ①…⑩ when ``total`` ≤ 10, else ``#order``."""
    if total <= len(CIRCLED) and 1 <= order <= len(CIRCLED):
        return CIRCLED[order - 1]
    return f"#{order}"


def quote_name(name: str, *, language: str | None = None) -> str:
    """A node's name for a sentence: quoted when it holds spaces (game move paths), with the
    quotation marks of ``language`` (None: the course-wide language).

    >>> quote_name("D"), quote_name("c2 b3"), quote_name("c2 b3", language="ja")
    ('D', '“c2 b3”', '「c2 b3」')
    """
    if " " not in name:
        return name
    return words(WORDS["quoted_name"], language).format(name=name)


def join_names(names: Sequence[str], limit: int = 4, *, language: str | None = None) -> str:
    """``"J"``, ``"F and G"``, ``"F, G and H"``; past ``limit`` names: ``"F, G, H and 5 more"``.

    In Japanese: ``"F と G"``, ``"F、G と H"``, ``"F、G、H ほか 5 個"``.
    """
    shown = [quote_name(name, language=language) for name in names[:limit]]
    separator = words(WORDS["names_separator"], language)
    if len(names) > limit:
        count = len(names) - limit
        if not shown:
            return words(WORDS["more_names"], language).format(count=count)
        return words(WORDS["names_and_more"], language).format(
            names=separator.join(shown), count=count
        )
    if len(shown) == 1:
        return shown[0]
    return words(WORDS["two_or_more_names"], language).format(
        names=separator.join(shown[:-1]), last=shown[-1]
    )
