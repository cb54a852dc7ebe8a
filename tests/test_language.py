"""The course-wide language setting: checked, defaulting to English, restored by the tests."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.language import (
    LANGUAGES,
    current_language,
    join_sentences,
    resolve,
    set_language,
    words,
)


def test_english_is_the_default_and_japanese_can_be_chosen() -> None:
    assert LANGUAGES == ("en", "ja")
    assert current_language() == "en"
    gamelib.set_language("ja")
    assert gamelib.current_language() == "ja"
    assert resolve(None) == "ja"
    assert resolve("en") == "en"
    assert words({"en": "cut", "ja": "カット"}) == "カット"


def test_an_unknown_language_is_refused_by_name_and_changes_nothing() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'fr'.*'en', 'ja'"):
        set_language("fr")
    assert current_language() == "en"
    with pytest.raises(ValueError, match="'EN'"):
        resolve("EN")


def test_a_missing_translation_is_a_key_error_naming_the_language() -> None:
    with pytest.raises(KeyError, match="'ja'"):
        words({"en": "only English"}, "ja")


def test_sentences_are_joined_with_a_space_in_english_and_nothing_in_japanese() -> None:
    assert join_sentences(["It rises.", "It falls."], "en") == "It rises. It falls."
    assert join_sentences(["上がります。", "下がります。"], "ja") == "上がります。下がります。"
    assert join_sentences([], "ja") == ""
    gamelib.set_language("ja")
    assert join_sentences(["一。", "二。"]) == "一。二。"  # the course-wide language decides
