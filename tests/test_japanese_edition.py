"""The Japanese edition keeps the English edition's code, cell for cell (tests/editions.py).

nbmake runs both editions (the notebooks lane collects ``notebooks/`` recursively); this file
checks that they cannot drift apart silently, and checks the checker on small made-up pairs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.editions import (
    JAPANESE_NOTEBOOKS,
    LANGUAGE_CELL,
    LANGUAGE_CELL_ID,
    code_differences,
    differences,
    english_original,
)

JAPANESE_EDITION = sorted(
    path for path in JAPANESE_NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts
)


@pytest.mark.parametrize("japanese", JAPANESE_EDITION, ids=lambda path: path.name)
def test_the_japanese_notebook_runs_the_english_code(japanese: Path) -> None:
    english = english_original(japanese)
    assert english.exists(), f"{japanese.name} translates no English notebook"
    assert differences(english, japanese) == []


def cell(cell_id: str, kind: str, source: str) -> dict[str, Any]:
    made: dict[str, Any] = {"id": cell_id, "cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        made |= {"outputs": [], "execution_count": None}
    return made


def write(path: Path, cells: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4}), "utf-8")
    return path


ENGLISH = [
    cell("title", "markdown", "# The α-β search prunes 2 leaves of the textbook tree"),
    cell(
        "search",
        "code",
        'result = alphabeta(TEXTBOOK["alpha-beta-windows"])\n'
        'print(f"value {result.value}")  # the root\n%timeit alphabeta(TREE)',
    ),
]
LANGUAGE = cell(LANGUAGE_CELL_ID, "code", LANGUAGE_CELL)
GOOD = [
    cell("title", "markdown", "# αβ法は教科書の木の葉を 2 枚枝刈りします"),
    LANGUAGE,
    cell(
        "search",
        "code",
        'result = alphabeta(TEXTBOOK["alpha-beta-windows"])\n'
        'print(f"{result.value} は根の評価値（教科書の木）")  # 根\n%timeit alphabeta(TREE)',
    ),
]


def test_a_translation_may_reorder_and_split_an_f_string() -> None:
    english = 'print(f"The trees of student {student}: {count:,}")'
    assert (
        list(code_differences(english, 'print(f"学籍番号 {student} の木: {count:,}")', "c")) == []
    )
    assert list(code_differences(english, 'print(f"{count:,} 本の木（{student}）")', "c")) == []
    assert list(code_differences(english, 'print(f"{count:,} 本の木")', "c")) != []
    table = """print(f"{'depth':>5} {'nodes':>9}")"""
    assert list(code_differences(table, """print(f"{'深さ':>5} {'nodes':>9}")""", "c")) == []
    assert list(code_differences(table, """print(f"{'depth':>5} {'ノード数':>9}")""", "c")) == []


def test_a_faithful_translation_passes(tmp_path: Path) -> None:
    english = write(tmp_path / "en.ipynb", ENGLISH)
    assert differences(english, write(tmp_path / "ja.ipynb", GOOD)) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda cells: [c for c in cells if c["id"] != LANGUAGE_CELL_ID], "exactly one cell"),
        (lambda cells: [cells[0], cells[2], cells[1]], "first code cell"),
        (
            lambda cells: [
                *cells[:2],
                {
                    **cells[2],
                    "source": cells[2]["source"].replace("alpha-beta-windows", "textbook"),
                },
            ],
            "not Japanese",
        ),
        (
            lambda cells: [
                *cells[:2],
                {**cells[2], "source": cells[2]["source"].replace("result.value", "result.move")},
            ],
            "code differs",
        ),
        (
            lambda cells: [{**cells[0], "source": "# The α-β search prunes 2 leaves"}, *cells[1:]],
            "not translated",
        ),
        (
            lambda cells: [{**cells[0], "source": "# αβ法は 3 枚枝刈りします"}, *cells[1:]],
            "numbers not in the English cell: 3",
        ),
        (lambda cells: [{**cells[0], "metadata": {"tags": ["x"]}}, *cells[1:]], "metadata"),
        (lambda cells: [*cells[:2], {**cells[2], "outputs": [{"text": "3"}]}], "outputs"),
        (lambda cells: cells[:2], "missing [('search', 'code')]"),
    ],
)
def test_every_broken_rule_is_named(tmp_path: Path, change: Any, message: str) -> None:
    english = write(tmp_path / "en.ipynb", ENGLISH)
    japanese = write(tmp_path / "ja.ipynb", change(GOOD))
    found = differences(english, japanese)
    assert any(message in problem for problem in found), found
