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

import re
import string
from collections.abc import Iterable, Mapping
from functools import cache
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


def words(texts: Mapping[Language, str], language: str | None = None) -> str:
    """The text of ``texts`` in ``language`` (the course-wide language when None).

    Raises:
        KeyError: ``texts`` has no text in that language (a template missing a translation).
    """
    chosen = resolve(language)
    if chosen not in texts:
        raise KeyError(f"no {chosen!r} text in {dict(texts)!r}")
    return texts[chosen]


SENTENCE_GAP: Mapping[Language, str] = {"en": " ", "ja": ""}
"""What comes between two sentences: one space after an English full stop, nothing after
Japanese 。 (a Japanese sentence ends with its own full-width stop)."""


def join_sentences(sentences: Iterable[str], language: str | None = None) -> str:
    """Whole sentences joined into one paragraph as ``language`` writes them (None: the
    course-wide language): one space between English sentences, none between Japanese ones.

        >>> join_sentences(["It rises.", "It falls."], "en")
        'It rises. It falls.'
        >>> join_sentences(["上がります。", "下がります。"], "ja")
        '上がります。下がります。'

    Guarantee: the sentences appear in order, unchanged; only the gap between them depends on
    the language.
    """
    return SENTENCE_GAP[resolve(language)].join(sentences)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching what ``template`` writes, one group per placeholder."""
    parts = []
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>.+?)" if field == "name" else f"(?P<{field}>[^\\s,]+)")
    return re.compile("".join(parts), re.DOTALL)


def translated(
    name: str, entries: Iterable[Mapping[Language, str]], language: str | None = None
) -> str:
    """``name`` in ``language`` (None: the course-wide one), by the first of ``entries``
    whose English pattern matches all of it.

    Code names things in English: a game ``"perpetual check"``, a player ``"level 0
    (random)"``, a search ``"fail-soft + table"``. Those strings stay as they are (notebooks
    and tests look them up); a table or a title translates them only when it shows them. An
    entry's English text is a pattern: each ``{placeholder}`` matches one word (no space, no
    comma), and is written into the other language's text; a placeholder called ``name``
    matches any text and is itself translated, so ``"{name}, random evaluation"`` can wrap
    any known name.

        >>> names = [{"en": "level {level} (random)", "ja": "レベル {level}（ランダム）"}]
        >>> translated("level 0 (random)", names, "ja")
        'レベル 0（ランダム）'
        >>> translated("level 0 (random)", names, "en"), translated("my player", names, "ja")
        ('level 0 (random)', 'my player')

    Guarantees: in English, and for a name no entry matches, ``name`` itself is returned
    unchanged, so English output never differs from the name the code uses.
    """
    chosen = resolve(language)
    if chosen == "en":
        return name
    entries = list(entries)
    for entry in entries:
        match = _pattern(entry["en"]).fullmatch(name)
        if match is None:
            continue
        parts = match.groupdict()
        if "name" in parts:
            parts["name"] = translated(parts["name"], entries, chosen)
        return entry[chosen].format(**parts)
    return name
