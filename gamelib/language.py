"""The language of the words gamelib writes: English (``"en"``) or Japanese (``"ja"``).

Every function that produces text for a reader (animation narration, the exercise checker's
explanations, widget buttons, drawing legends, chart titles, table headers) takes a
``language`` argument; when it is ``None`` the function uses the course-wide setting made
here. The Japanese edition of a notebook starts with ``gamelib.set_language("ja")``; nothing
else in its code differs from the English edition.

    >>> from gamelib.language import current_language, set_language, words
    >>> current_language()
    'en'
    >>> words({"en": "value", "ja": "評価値"}, "ja")
    '評価値'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeAlias, get_args

Language: TypeAlias = Literal["en", "ja"]
"""A language gamelib can write in."""

LANGUAGES: tuple[Language, ...] = get_args(Language)
"""Every supported language, English first (the default)."""

_setting: list[Language] = ["en"]
"""The course-wide language (a one-element list, so no ``global`` statement is needed)."""


def check_language(language: str) -> Language:
    """Return ``language`` as a :data:`Language`, or raise ValueError naming the choices."""
    for known in LANGUAGES:
        if language == known:
            return known
    raise ValueError(
        f"unknown language {language!r}: choose one of {', '.join(map(repr, LANGUAGES))}"
    )


def set_language(language: str) -> None:
    """Make ``language`` the default of every text-producing function from now on.

    Raises:
        ValueError: ``language`` is not one of :data:`LANGUAGES`.
    """
    _setting[0] = check_language(language)


def current_language() -> Language:
    """The course-wide language set by :func:`set_language` (``"en"`` until then)."""
    return _setting[0]


def resolve(language: str | None) -> Language:
    """``language`` checked, or the course-wide language when it is None."""
    return current_language() if language is None else check_language(language)


def words(texts: Mapping[str, str], language: str | None = None) -> str:
    """The text of ``texts`` in ``language`` (the course-wide language when None).

    Raises:
        KeyError: ``texts`` has no text in that language (a template missing a translation).
    """
    chosen = resolve(language)
    if chosen not in texts:
        raise KeyError(f"no {chosen!r} text in {dict(texts)!r}")
    return texts[chosen]
