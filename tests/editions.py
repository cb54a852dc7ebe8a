"""The Japanese edition of a notebook against its English original: what may differ and what not.

The rules (issue 15), checked cell by cell:

- the Japanese notebook has one extra code cell, id ``set-language``, right before the first
  code cell, with exactly :data:`LANGUAGE_CELL` as its source;
- otherwise the same cells in the same order: same ids, types and metadata;
- code cells run the same code: the same syntax tree once string constants are set aside; a
  string constant may differ only where the Japanese one is written in Japanese (a printed
  sentence, a title), so a key, a tree text or an argument value cannot change unnoticed;
  comments may differ;
- Markdown cells are translated: a cell with English words in the original has Japanese in the
  translation, and every number in a translated cell is a number of the original cell;
- committed without outputs.

Run as a script to list the differences of one pair::

    python -m tests.editions notebooks/03_alphabeta.ipynb notebooks/ja/03_alphabeta.ipynb
"""

from __future__ import annotations

import ast
import copy as copy_module
import json
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from IPython.core.inputtransformer2 import TransformerManager

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
JAPANESE_NOTEBOOKS = NOTEBOOKS / "ja"

LANGUAGE_CELL_ID = "set-language"
LANGUAGE_CELL = (
    'import gamelib\n\ngamelib.set_language("ja")  # 説明・図・メッセージを日本語で表示します'
)
"""The one extra cell of a Japanese notebook."""

JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
"""Japanese punctuation, hiragana, katakana, the CJK ideographs and full-width forms."""

ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{3,}\b")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


Cell = dict[str, Any]


def source_of(cell: Cell) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def english_original(japanese: Path) -> Path:
    """The English notebook a file of ``notebooks/ja/`` translates (same name one level up)."""
    return NOTEBOOKS / japanese.relative_to(JAPANESE_NOTEBOOKS)


def code_tree(source: str, where: str) -> ast.Module:
    """The syntax tree of a code cell, IPython's ``%magics`` turned into Python first."""
    python: str = TransformerManager().transform_cell(source)  # type: ignore[no-untyped-call]
    try:
        return ast.parse(python)
    except SyntaxError as error:
        raise ValueError(f"{where}: not valid Python ({error.msg}, line {error.lineno})") from error


def shape(node: ast.AST) -> str:
    """The dump of ``node`` with every string in it emptied (the node itself is unchanged)."""
    copy = copy_module.deepcopy(node)
    for inner in ast.walk(copy):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            inner.value = ""
    return ast.dump(copy)


def strings_set_aside(tree: ast.Module) -> tuple[str, list[str]]:
    """The tree's dump with its strings set aside, and the strings in walk order.

    A plain string constant is emptied. An f-string keeps only its ``{...}`` parts, sorted,
    and its text parts count as one string joined by ``{}``: a translation may put the
    placeholders in another order (Japanese word order), but not change or drop one.
    """
    strings: list[str] = []
    for node in list(ast.walk(tree)):  # first the f-strings, whose text parts go with them
        if isinstance(node, ast.JoinedStr):
            text = [part.value for part in node.values if isinstance(part, ast.Constant)]
            strings.append("{}".join(map(str, text)))
            fields = [part for part in node.values if not isinstance(part, ast.Constant)]
            node.values = sorted(fields, key=shape)
    for node in ast.walk(tree):  # then every other string
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node.value)
            node.value = ""
    return ast.dump(tree), strings


def code_differences(english: str, japanese: str, where: str) -> Iterator[str]:
    """How the Japanese code cell breaks the rule "same code, only prose strings translated"."""
    english_dump, english_strings = strings_set_aside(code_tree(english, where))
    japanese_dump, japanese_strings = strings_set_aside(code_tree(japanese, where))
    if english_dump != japanese_dump:
        yield f"{where}: the code differs from the English cell (not only strings or comments)"
        return
    for original, translated in zip(english_strings, japanese_strings, strict=True):
        if original != translated and not JAPANESE.search(translated):
            yield f"{where}: string {original!r} became {translated!r}, which is not Japanese"


def markdown_differences(english: str, japanese: str, where: str) -> Iterator[str]:
    """How a translated Markdown cell breaks the rules (untranslated; a number not computed)."""
    if len(ENGLISH_WORDS.findall(english)) >= 3 and not JAPANESE.search(japanese):
        yield f"{where}: Markdown not translated (no Japanese in it)"
    extra = set(NUMBER.findall(japanese)) - set(NUMBER.findall(english))
    if extra:
        yield f"{where}: numbers not in the English cell: {', '.join(sorted(extra))}"


def differences(english_path: Path, japanese_path: Path) -> list[str]:
    """Every way the Japanese notebook breaks the edition rules (empty when it keeps them)."""
    english_cells: list[Cell] = json.loads(english_path.read_text(encoding="utf-8"))["cells"]
    japanese_cells: list[Cell] = json.loads(japanese_path.read_text(encoding="utf-8"))["cells"]
    name = japanese_path.name
    problems: list[str] = []
    positions = [i for i, cell in enumerate(japanese_cells) if cell.get("id") == LANGUAGE_CELL_ID]
    first_code = next(
        (i for i, cell in enumerate(japanese_cells) if cell["cell_type"] == "code"), None
    )
    if len(positions) != 1:
        problems.append(f"{name}: needs exactly one cell with id {LANGUAGE_CELL_ID!r}")
    else:
        language_cell = japanese_cells.pop(positions[0])
        if language_cell["cell_type"] != "code" or source_of(language_cell) != LANGUAGE_CELL:
            problems.append(f"{name}: the {LANGUAGE_CELL_ID!r} cell must be {LANGUAGE_CELL!r}")
        if positions[0] != first_code:
            problems.append(f"{name}: the {LANGUAGE_CELL_ID!r} cell must be the first code cell")
    english_ids = [(cell.get("id"), cell["cell_type"]) for cell in english_cells]
    japanese_ids = [(cell.get("id"), cell["cell_type"]) for cell in japanese_cells]
    if english_ids != japanese_ids:
        missing = [entry for entry in english_ids if entry not in japanese_ids]
        added = [entry for entry in japanese_ids if entry not in english_ids]
        problems.append(
            f"{name}: cells differ from the English notebook's (id, type) sequence;"
            f" missing {missing}, added {added}" + ("" if missing or added else ", order differs")
        )
        return problems
    for english, japanese in zip(english_cells, japanese_cells, strict=True):
        where = f"{name} cell {english.get('id')}"
        if english.get("metadata", {}) != japanese.get("metadata", {}):
            problems.append(f"{where}: metadata differs from the English cell's")
        if japanese["cell_type"] == "code":
            if japanese.get("outputs") or japanese.get("execution_count") is not None:
                problems.append(f"{where}: committed with outputs")
            problems.extend(code_differences(source_of(english), source_of(japanese), where))
        elif japanese["cell_type"] == "markdown":
            problems.extend(markdown_differences(source_of(english), source_of(japanese), where))
    return problems


def main(arguments: Sequence[str]) -> int:
    if len(arguments) != 2:
        print("usage: python -m tests.editions ENGLISH.ipynb JAPANESE.ipynb", file=sys.stderr)
        return 2
    problems = differences(Path(arguments[0]), Path(arguments[1]))
    print("\n".join(problems) if problems else "the two editions keep the rules")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
