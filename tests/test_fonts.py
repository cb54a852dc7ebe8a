"""Japanese text renders: an installed font has a glyph for every character gamelib writes in
Japanese (issue 15), and it is one the drawings ask for.

The characters are those of every Japanese ``WORDS`` template in gamelib (found by the walk of
tests/test_words.py), placeholders left out. fontconfig answers which installed families
cover them all: ``fc-list ':charset=<hex> <hex> …' family``. Without such a font Graphviz,
matplotlib and the browser draw empty boxes; ``bash scripts/course.sh setup`` installs Debian's
fonts-noto-cjk.
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess

import pytest

from gamelib.render.svg import FONT
from tests.test_words import word_tables

pytestmark = pytest.mark.skipif(
    shutil.which("fc-list") is None, reason="fontconfig's fc-list is not installed"
)


def japanese_characters() -> set[str]:
    """Every character (not whitespace) of every Japanese WORDS text, placeholders left out."""
    characters: set[str] = set()
    for table in word_tables().values():
        for texts in table.values():
            literal = "".join(text for text, _, _, _ in string.Formatter().parse(texts["ja"]))
            characters |= {character for character in literal if not character.isspace()}
    return characters


def families_covering(characters: set[str]) -> set[str]:
    """The installed font families with a glyph for every one of ``characters``."""
    charset = " ".join(f"{ord(character):x}" for character in sorted(characters))
    listing = subprocess.run(
        ["fc-list", f":charset={charset}", "family"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return {family for line in listing.splitlines() for family in line.split(",") if family}


def test_the_japanese_words_hold_japanese_characters() -> None:
    characters = japanese_characters()
    assert {"枝", "刈", "り", "カ", "ッ", "ト"} <= characters
    assert len(characters) > 100


def test_an_installed_font_covers_every_kana_and_kanji() -> None:
    characters = {c for c in japanese_characters() if ord(c) >= 0x3000}  # CJK, kana, full-width
    families = families_covering(characters)
    assert families, (
        "no installed font has every character of gamelib's Japanese words; missing from "
        "every font, for example: "
        + "".join(sorted(c for c in characters if not families_covering({c}))[:20])
        + " (install fonts-noto-cjk: bash scripts/course.sh setup)"
    )


def characters_of(family: str) -> set[int]:
    """The code points some installed font of ``family`` has a glyph for (none if missing)."""
    listing = subprocess.run(
        ["fc-list", family, "charset"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    covered: set[int] = set()
    for ranges in re.findall(r"charset=([0-9a-f -]+)", listing):
        for part in ranges.split():
            first, _, last = part.partition("-")
            covered.update(range(int(first, 16), int(last or first, 16) + 1))
    return covered


def test_every_japanese_character_is_in_a_font_the_drawings_ask_for() -> None:
    """Graphviz and browsers take each glyph from the first font of the list that has it."""
    asked = [family.strip() for family in FONT.split(",") if family.strip() != "sans-serif"]
    covered = set().union(*(characters_of(family) for family in asked))
    missing = sorted(c for c in japanese_characters() if ord(c) not in covered)
    assert not missing, f"no font of {asked} has a glyph for {''.join(missing)}"


def test_a_character_no_font_has_is_reported_uncovered() -> None:
    # The query can fail: a private-use character of plane 16 is in no installed font.
    assert families_covering({"\U0010fffd", "枝"}) == set()
