"""Notebook 10 types the sample player's constants in prose (cell ``10-deepen-three-md``): the
clock check every 16 evaluations, a reserve of a fifth of the move's time, a growth of at least
2, a node ratio above 8 ignored and 4 used instead, and so a budget of four fifths of the move's
time without a bank. Those sentences must say what ``gamelib.tournament.sample_player``
does, in both editions (the English writes fractions as 1/5, the Japanese as 5 分の 1)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from gamelib.tournament import sample_player

ROOT = Path(__file__).resolve().parent.parent
CELL = "10-deepen-three-md"


def cell_text(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    (cell,) = [cell for cell in cells if cell.get("id") == CELL]
    return "".join(cell["source"]).replace("\n", " ")


def fraction_text(value: Fraction, language: str) -> str:
    if language == "en":
        return f"{value.numerator}/{value.denominator}"
    return f"{value.denominator} 分の {value.numerator}"


EXPECTED = {
    # what the sentence says → the pattern, with {n} for the number and {f} for a fraction
    "en": [
        (r"stops within {n} evaluations", "CLOCK_CHECKS_EVERY"),
        (r"a reserve of {f} of `move_seconds`", "RESERVE"),
        (r"a growth of at least {n}", "MIN_GROWTH"),
        (r"a node ratio above {n} ignored", "MAX_GROWTH"),
        (r"ignored and {n} used instead", "DEFAULT_GROWTH"),
        (r"its budget is {f} of the move's time", "BUDGET"),
    ],
    "ja": [
        (r"予算を使い切ってから {n} 回の評価のうちに止まります", "CLOCK_CHECKS_EVERY"),
        (r"予備が `move_seconds` の {f}", "RESERVE"),
        (r"伸び率は最低 {n}", "MIN_GROWTH"),
        (r"ノード数の比が {n} を超えたら", "MAX_GROWTH"),
        (r"使わずに {n} を使う", "DEFAULT_GROWTH"),
        (r"予算は一手の持ち時間の {f} です", "BUDGET"),
    ],
}


def constant(name: str) -> Fraction:
    if name == "BUDGET":  # no bank: the move's time less the reserve
        return 1 - Fraction(sample_player.RESERVE).limit_denominator(100)
    return Fraction(getattr(sample_player, name)).limit_denominator(100)


@pytest.mark.parametrize(
    ("language", "path"),
    [
        ("en", ROOT / "notebooks" / "10_your_player.ipynb"),
        ("ja", ROOT / "notebooks" / "ja" / "10_your_player.ipynb"),
    ],
)
def test_notebook_10_states_the_sample_players_constants(language: str, path: Path) -> None:
    text = cell_text(path)
    for pattern, name in EXPECTED[language]:
        value = constant(name)
        number = str(value.numerator) if value.denominator == 1 else None
        wanted = pattern.replace("{f}", re.escape(fraction_text(value, language)))
        wanted = wanted.replace("{n}", re.escape(number) if number else "(?!)")
        assert re.search(wanted, text), (
            f"{path.name}: {name} = {value}, but the cell does not say {wanted!r}"
        )
