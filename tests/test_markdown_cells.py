"""Every Markdown cell of both editions renders as the website renders it: no literal ``**``
or ``__`` is left in the text a reader sees.

CommonMark closes ``**`` only where the delimiter "flanks" the bold text: in
``**キーを信用する。**原典`` the closing ``**`` follows punctuation and precedes a letter, so it
is not right-flanking and both ``**`` are printed as they are (issue 26, D2). The website
renders notebooks with MyST (``myst_nb``, on markdown-it-py), so this test parses each cell
with MyST's own markdown-it set-up and the extensions ``site/conf.py`` enables, and looks at
the text tokens only (code, inline code and math are not text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(
    path
    for path in (ROOT / "notebooks").rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts and "_build" not in path.parts
)
"""Both editions: the lessons, the glossaries and the homework sources."""

LEFTOVER = re.compile(r"\*\*|__")


def site_extensions() -> set[str]:
    """The MyST extensions the website enables (``myst_enable_extensions`` in site/conf.py),
    read from the file's text (it is not imported: it configures Sphinx)."""
    text = (ROOT / "site" / "conf.py").read_text(encoding="utf-8")
    match = re.search(r"^myst_enable_extensions\s*=\s*\[(.*?)\]", text, re.M | re.S)
    assert match, "site/conf.py sets no myst_enable_extensions"
    return set(re.findall(r"[\"']([\w-]+)[\"']", match[1]))


def parser() -> MarkdownIt:
    """MyST's markdown-it parser, configured as the website's."""
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(enable_extensions=site_extensions())
    return create_md_parser(config, RendererHTML)


def text_tokens(tokens: list[Token]) -> Iterator[str]:
    """The plain text a reader sees, token by token (code and math left out)."""
    for token in tokens:
        if token.type == "text":
            yield token.content
        if token.children:
            yield from text_tokens(token.children)


def markdown_cells(path: Path) -> Iterator[tuple[int, str]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            source = cell["source"]
            yield index, source if isinstance(source, str) else "".join(source)


def leftovers(markdown: MarkdownIt, source: str) -> list[str]:
    """Each rendered text that still holds ``**`` or ``__``, with a little context."""
    found = []
    for text in text_tokens(markdown.parse(source)):
        for match in LEFTOVER.finditer(text):
            start, end = max(match.start() - 20, 0), match.end() + 20
            found.append(text[start:end])
    return found


def test_the_parser_is_the_websites_and_sees_the_flanking_rule() -> None:
    """The check can fail: the form the review found prints its ``**``, the fixed forms
    render bold."""
    markdown = parser()
    assert {"colon_fence", "deflist"} <= site_extensions()
    printed = leftovers(markdown, "**キーを信用する。**原典の")
    assert len(printed) == 2 and all("**" in text for text in printed)
    assert leftovers(markdown, "**キーを信用する**。原典の") == []
    printed = leftovers(markdown, "**連続王手（パーペチュアルチェック）**を")
    assert len(printed) == 2
    assert leftovers(markdown, "`a__b` and\n\n```\n**\n```") == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_markdown_cell_leaves_a_literal_bold_or_underscore_marker(path: Path) -> None:
    markdown = parser()
    problems = [
        f"{path.relative_to(ROOT)} cell {index}: {text!r}"
        for index, source in markdown_cells(path)
        for text in leftovers(markdown, source)
    ]
    assert not problems, "literal ** or __ after rendering:\n" + "\n".join(problems)


CARET_POWER = re.compile(r"\^(?=\S|$)")
"""A power typed with a caret (``b^⌈d/2⌉``): nothing renders it as a power, neither reveal.js
nor the website nor JupyterLab; the course writes ``*b*<sup>⌈*d*/2⌉</sup>``."""


def caret_powers(markdown: MarkdownIt, source: str) -> list[str]:
    """Each rendered text that holds a power typed with a caret, with a little context."""
    found = []
    for text in text_tokens(markdown.parse(source)):
        for match in CARET_POWER.finditer(text):
            start, end = max(match.start() - 20, 0), match.end() + 20
            found.append(text[start:end])
    return found


def test_a_caret_power_is_found_and_a_sup_power_is_not() -> None:
    markdown = parser()
    assert caret_powers(markdown, "the minimal tree, *b*^⌈d/2⌉ + *b*^⌊d/2⌋ − 1") != []
    assert caret_powers(markdown, "about *N* / 2^*k*, and") != []
    assert caret_powers(markdown, "*b*<sup>⌈*d*/2⌉</sup> and `b ^ 2`, 2<sup>*k*</sup>") == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_markdown_cell_types_a_power_with_a_caret(path: Path) -> None:
    markdown = parser()
    problems = [
        f"{path.relative_to(ROOT)} cell {index}: {text!r}"
        for index, source in markdown_cells(path)
        for text in caret_powers(markdown, source)
    ]
    assert not problems, "powers typed with ^ (write <sup>):\n" + "\n".join(problems)
