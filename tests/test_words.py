"""Every sentence gamelib writes exists in English and Japanese (issue 15).

Each module that writes reader-facing text keeps its sentences in one module-level mapping
``WORDS`` (entry name → language → ``str.format`` template). This test finds every such
mapping in the package, so a new message cannot ship in one language only: both languages
present, the same placeholders in both, and the Japanese text written in Japanese.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from collections.abc import Mapping
from types import ModuleType

import pytest

import gamelib
from gamelib.language import LANGUAGES
from tests.helpers import JAPANESE

LETTERS = re.compile(r"[A-Za-z]{2,}")

BROWSER_ONLY = {"gamelib.render.wasm_graphviz"}
"""Modules that import Pyodide's ``js`` module at the top: they exist only in the browser."""


def gamelib_modules() -> list[ModuleType]:
    names = [
        info.name
        for info in pkgutil.walk_packages(gamelib.__path__, prefix="gamelib.")
        if info.name not in BROWSER_ONLY and not info.name.endswith("__main__")
    ]
    return [importlib.import_module(name) for name in ["gamelib", *names]]


def word_tables() -> dict[str, Mapping[str, Mapping[str, str]]]:
    return {
        module.__name__: module.WORDS for module in gamelib_modules() if hasattr(module, "WORDS")
    }


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


TABLES = word_tables()
ENTRIES = [
    (module, name, texts) for module, table in TABLES.items() for name, texts in table.items()
]


@pytest.mark.parametrize(
    ("module", "name", "texts"), ENTRIES, ids=[f"{m}:{n}" for m, n, _ in ENTRIES]
)
def test_every_sentence_in_both_languages(module: str, name: str, texts: Mapping[str, str]) -> None:
    assert set(texts) == set(LANGUAGES), f"{module} WORDS[{name!r}] languages: {set(texts)}"
    english, japanese = texts["en"], texts["ja"]
    assert english.strip() and japanese.strip()
    assert placeholders(english) == placeholders(japanese), (
        f"{module} WORDS[{name!r}]: placeholders {placeholders(english)} in English, "
        f"{placeholders(japanese)} in Japanese"
    )
    if LETTERS.search(re.sub(r"\{[^{}]*\}", "", english)):
        assert JAPANESE.search(japanese), f"{module} WORDS[{name!r}] is not Japanese: {japanese!r}"


READER_FACING = (
    "gamelib.arena",
    "gamelib.endgame.progress",
    "gamelib.exercises",
    "gamelib.experiments.compare",
    "gamelib.experiments.windows",
    "gamelib.games.othello",
    "gamelib.games.tictactoe",
    "gamelib.learning",
    "gamelib.learning.dataset",
    "gamelib.learning.fit",
    "gamelib.learning.play",
    "gamelib.learning.probcut",
    "gamelib.mcts_exercises",
    "gamelib.notation",
    "gamelib.players",
    "gamelib.render.describe",
    "gamelib.render.labels",
    "gamelib.render.static",
    "gamelib.render.summaries",
    "gamelib.setup_check",
    "gamelib.tournament.sprt_command",
    "gamelib.widgets.pruning",
    "gamelib.widgets.tictactoe",
    "gamelib.worksheets.mcts",
    "gamelib.worksheets.sheet",
)
"""Modules known to write for students and lecturers: each keeps its sentences in WORDS."""


@pytest.mark.parametrize("module", READER_FACING)
def test_reader_facing_modules_keep_their_words_in_both_languages(module: str) -> None:
    assert module in TABLES, f"{module} writes for readers but has no WORDS table"
    assert len(TABLES[module]) >= 1
