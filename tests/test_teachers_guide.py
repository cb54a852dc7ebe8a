"""The teacher's guides (site/teachers_guide.md, site/ja/teachers_guide.md) cite what exists.

A guide quotes no figures: it names the cell that computes each one, as "03 § 4, cell
`walkthrough = record(…)`", the code cell that starts with those words in section 4 of notebook
03 ("…" stands for any text). Code cells are the same in both editions (tests/
test_japanese_edition.py), so a cell cited by code is found in either, as long as the words
cited are code and not a printed string. Each guide is read in its own language: every
"NN § k" names a numbered section of notebook NN of that edition, and every cell a guide
cites is a code cell of the notebook it names (the nearest "NN §" before it in the same
paragraph, else the notebook of the guide's section), and of the section it names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDES = {
    "en": (ROOT / "site" / "teachers_guide.md", ROOT / "notebooks"),
    "ja": (ROOT / "site" / "ja" / "teachers_guide.md", ROOT / "notebooks" / "ja"),
}

CELL_WORDS = {
    "en": re.compile(r"\bcells?:? ((?:`[^`\n]+`(?:,? (?:and |or |then )?)?)+)"),
    "ja": re.compile(r"セル ?((?:`[^`\n]+`(?:[、と] ?)?)+)|((?:`[^`\n]+`[、と]? ?)+) ?のセル"),
}
"""Where a guide cites cells: "cell `…`", "cells `…` and `…`"; 「セル `…`」, 「`…` のセル」."""
SPAN = re.compile(r"`([^`\n]+)`")
SECTION = re.compile(r"(?:\b(0\d|1[01]|glossary) )?§ ?(\d+)(?:[–-](\d+))?")
"""A section: "03 § 4" in notebook 03, "§ 4" in the notebook the guide's section is about;
"§ 2–3" is either."""
NOTEBOOK_HEADING = re.compile(r"^## (0\d|1[01]) · ", re.M)


@dataclass(frozen=True)
class Citation:
    notebook: str
    sections: tuple[int, ...] | None
    code: str
    line: int


def section_range(found: re.Match[str]) -> tuple[int, ...]:
    first = int(found[2])
    return tuple(range(first, int(found[3] or first) + 1))


def notebook_path(folder: Path, number: str) -> Path:
    matches = sorted(folder.glob(f"{number}_*.ipynb"))
    assert len(matches) == 1, f"no single notebook {number} in {folder}"
    return matches[0]


def cells(path: Path) -> list[dict[str, object]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [
        {
            **cell,
            "text": "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"],
        }
        for cell in notebook["cells"]
    ]


def sections(path: Path) -> dict[int, list[str]]:
    """Section number → the code cells of that section ("## k. Title" to the next "## ")."""
    found: dict[int, list[str]] = {}
    current: int | None = None
    for cell in cells(path):
        text = str(cell["text"])
        if cell["cell_type"] == "markdown":
            for heading in re.finditer(r"^## (?:(\d+)\.)?", text, re.M):
                current = int(heading[1]) if heading[1] else None
                if current is not None:
                    found[current] = []
        elif cell["cell_type"] == "code" and current is not None:
            found[current].append(text)
    return found


def code_cells(path: Path) -> list[str]:
    return [str(cell["text"]) for cell in cells(path) if cell["cell_type"] == "code"]


def pattern(code: str) -> re.Pattern[str]:
    """The start of a line of a cell, as cited: "…" stands for any text, a space for any
    spaces."""
    parts = [re.escape(part.strip()) for part in code.split("…")]
    words = r".*?".join(r"\s*".join(part.split(r"\ ")) for part in parts)
    return re.compile(r"^[ \t]*" + words, re.S | re.M)


def citations(language: str) -> Iterator[Citation]:
    guide, _ = GUIDES[language]
    text = guide.read_text(encoding="utf-8")
    notebook_of_section = None
    offset = 0
    for paragraph in re.split(r"\n\s*\n", text):
        line = text.count("\n", 0, text.index(paragraph, offset)) + 1
        offset = text.index(paragraph, offset)
        heading = NOTEBOOK_HEADING.search(paragraph)
        if heading:
            notebook_of_section = heading[1]
        for match in CELL_WORDS[language].finditer(paragraph):
            before = list(SECTION.finditer(paragraph, 0, match.start()))
            notebook, cited = notebook_of_section, None
            if before:
                notebook, cited = before[-1][1] or notebook_of_section, section_range(before[-1])
            if notebook is None or notebook == "glossary":
                continue
            for span in SPAN.findall(match[0]):
                yield Citation(notebook, cited, span, line)


def guide_lines(language: str) -> Iterator[tuple[int, str, str | None]]:
    """(line number, line, the notebook whose part of the guide it is in) of a guide."""
    guide, _ = GUIDES[language]
    notebook_of_section = None
    for number, line in enumerate(guide.read_text(encoding="utf-8").splitlines(), start=1):
        heading = NOTEBOOK_HEADING.match(line)
        if heading:
            notebook_of_section = heading[1]
        yield number, line, notebook_of_section


def section_citations(language: str) -> Iterator[tuple[str, int, int]]:
    """(notebook, section, line) of every section a guide names."""
    for number, line, notebook_of_section in guide_lines(language):
        for found in SECTION.finditer(line):
            notebook = found[1] or notebook_of_section
            if notebook is not None and notebook != "glossary":
                for section in section_range(found):
                    yield notebook, section, number


@pytest.mark.parametrize("language", sorted(GUIDES))
def test_every_section_the_guide_names_exists(language: str) -> None:
    _, folder = GUIDES[language]
    missing = [
        f"line {line}: {number} § {section}"
        for number, section, line in section_citations(language)
        if section not in sections(notebook_path(folder, number))
    ]
    assert not missing, f"{language} guide names sections that do not exist: {missing}"


@pytest.mark.parametrize("language", sorted(GUIDES))
def test_every_cell_the_guide_names_exists_where_it_says(language: str) -> None:
    _, folder = GUIDES[language]
    found = list(citations(language))
    assert len(found) >= 40, "the guide cites cells; the reader of citations finds too few"
    problems = []
    for citation in found:
        path = notebook_path(folder, citation.notebook)
        where = (
            [cell for section in citation.sections for cell in sections(path).get(section, [])]
            if citation.sections is not None
            else code_cells(path)
        )
        if not any(pattern(citation.code).search(cell) for cell in where):
            place = citation.notebook + (
                f" § {'–'.join(map(str, citation.sections))}" if citation.sections else ""
            )
            problems.append(
                f"line {citation.line}: no code cell of {place} has a line starting "
                f"{citation.code!r}"
            )
    assert not problems, f"{language} guide:\n" + "\n".join(problems)


def test_the_reader_of_citations_can_fail() -> None:
    assert pattern("seed, deep_tree = …").search("seed, deep_tree = pruning.find_deep_cutoff()")
    assert pattern("totals = {…}").search('DELTA = 3\ntotals = {"full window": 0}')
    assert pattern("print(f\"{'depth':>5} …\")").search("print(f'depth')") is None
    assert not pattern("rows = [row …").search("table = [row for row in rows]")


TITLES = {
    "en": re.compile(r"(?:cell|sub-section|section|§ \d+(?:–\d+)?,?):? \*([^*\n]{8,})\*"),
    "ja": re.compile(r"(?:小節|節|セル)「([^「」\n]{4,})」"),
}
"""Where a guide names a heading or a Markdown cell by its words: "cell *What went wrong, in
each case*", 「小節「例題を一歩ずつ」」."""


def title_citations(language: str) -> Iterator[tuple[str, str, int]]:
    """(notebook, title, line) of every heading or Markdown cell a guide names by its words."""
    for number, line, notebook_of_section in guide_lines(language):
        for found in TITLES[language].finditer(line):
            before = list(SECTION.finditer(line, 0, found.start()))
            notebook = (before[-1][1] if before else None) or notebook_of_section
            if notebook is not None:
                yield notebook, found[1], number


def markdown_words(path: Path) -> list[str]:
    """Each Markdown cell's text without emphasis marks, spaces made single."""
    return [
        " ".join(re.sub(r"[*_`]", "", str(cell["text"])).split())
        for cell in cells(path)
        if cell["cell_type"] == "markdown"
    ]


@pytest.mark.parametrize("language", sorted(GUIDES))
def test_every_heading_the_guide_names_exists_in_its_language(language: str) -> None:
    _, folder = GUIDES[language]
    found = list(title_citations(language))
    assert found, "the guide names headings; the reader of titles finds none"
    missing = [
        f"line {line}: {notebook} has no heading or Markdown cell {title!r}"
        for notebook, title, line in found
        if not any(
            " ".join(title.rstrip(".。").split()) in text
            for text in markdown_words(notebook_path(folder, notebook))
        )
    ]
    assert not missing, f"{language} guide:\n" + "\n".join(missing)
