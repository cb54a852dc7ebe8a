"""A Sphinx extension for the course's website: glossary links and links to "Run it yourself".

- The glossary's table (the first Markdown table of ``notebooks/glossary.ipynb``) gives the
  English terms; each row gets an anchor ``term-<slug>``, and on every other page the first
  use of a term in running text links to its row.
- An output that says it needs Python (the tic-tac-toe widget's static version) carries a link
  ``<a class="gamelib-run-yourself" href="#run-it-yourself">``: it is pointed at the page
  ``run`` (the ways to run the course).
- The homework's page (the student version) gets no launch buttons: they would open the
  teacher's source in the repository.
- Every page made from a notebook gets a "Run in your browser" link, under its title, to the
  same notebook in the JupyterLite edition, which ``site/build.py`` builds into the site's
  ``lite/`` folder (``notebooks/03_alphabeta.ipynb`` is ``03_alphabeta.ipynb`` there).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from docutils import nodes
from sphinx.application import Sphinx

GLOSSARY = "notebooks/glossary"
RUN_PAGE = "run"
NO_LAUNCH_BUTTONS = ("notebooks/exercises/pruning_homework",)
GENERIC_TERMS = frozenset({"search", "position", "evaluation"})
"""Terms too common to link (they would link the first word of almost every page)."""

LITE_APP = "lite/lab/index.html"
"""The JupyterLite edition's lab page, relative to the site's root."""

RUN_IN_BROWSER = (
    '<p class="gamelib-run-in-browser-line"><a class="gamelib-run-in-browser" href="{href}">'
    "▶ Run in your browser</a>: this notebook in JupyterLite, with Python running in the "
    'browser tab (nothing to install; the first start takes a moment). <a href="{run}">'
    "Other ways to run it</a>.</p>"
)

RUN_LINK = re.compile(r"""class=["']gamelib-run-yourself["'] href=["']#run-it-yourself["']""")

SKIPPED_PARENTS = (
    nodes.literal,
    nodes.literal_block,
    nodes.reference,
    nodes.title,
    nodes.raw,
    nodes.FixedTextElement,
    nodes.caption,
)


@dataclass(frozen=True)
class Term:
    """One linkable term: the words as written, and the anchor of its glossary row."""

    words: str
    anchor: str


def slug(text: str) -> str:
    """An anchor name for ``text``: lower case, runs of other characters as one hyphen."""
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")


def english_terms(cell: str) -> list[str]:
    """The terms named by a cell of the English column: ``"α-cutoff / β-cutoff (defined
    below)"`` gives both cutoffs, ``"nega-alpha: α-β in negamax form"`` gives nega-alpha."""
    cell = re.sub(r"\([^)]*\)", "", cell.split(":")[0])
    return [part.strip() for part in cell.split("/") if part.strip()]


def glossary_rows(notebook: Path) -> list[list[str]]:
    """The rows (cells as text) of the first Markdown table of ``notebook``, header skipped."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        lines = [line for line in "".join(cell["source"]).splitlines() if line.startswith("|")]
        if len(lines) > 2:
            return [[part.strip() for part in line.strip("|").split("|")] for line in lines[2:]]
    return []


def read_terms(source_directory: Path) -> tuple[list[str], list[Term]]:
    """Each glossary row's anchor, in order, and the terms that link to them."""
    anchors, terms = [], []
    for row in glossary_rows(source_directory / f"{GLOSSARY}.ipynb"):
        names = english_terms(row[2]) if len(row) > 2 else []
        anchor = "term-" + slug(names[0] if names else row[0])
        anchors.append(anchor)
        terms.extend(Term(name, anchor) for name in names if name.lower() not in GENERIC_TERMS)
    terms.sort(key=lambda term: -len(term.words))  # "search depth" before "search"
    return anchors, terms


def term_pattern(terms: list[Term]) -> re.Pattern[str]:
    """One pattern matching any term as a whole word (case-insensitive)."""
    alternatives = "|".join(re.escape(term.words) for term in terms)
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)


def anchor_glossary_rows(doctree: nodes.document, anchors: list[str]) -> None:
    """Give the rows of the glossary's first table their anchors."""
    tables = list(doctree.findall(nodes.table))
    if not tables:
        return
    rows = [row for body in tables[0].findall(nodes.tbody) for row in body.children]
    for row, anchor in zip(rows, anchors, strict=False):
        row["ids"].append(anchor)


def link_terms(app: Sphinx, doctree: nodes.document, docname: str, terms: list[Term]) -> None:
    """Link the first use of each term on the page ``docname`` to the glossary."""
    if not terms:
        return
    pattern = term_pattern(terms)
    by_words = {term.words.lower(): term for term in terms}
    linked: set[str] = set()
    target = app.builder.get_relative_uri(docname, GLOSSARY)
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or not isinstance(
            parent, nodes.paragraph | nodes.emphasis | nodes.strong | nodes.inline
        ):
            continue
        if any(isinstance(ancestor, SKIPPED_PARENTS) for ancestor in _ancestors(text)):
            continue
        content = text.astext()
        pieces: list[nodes.Node] = []
        position = 0
        for match in pattern.finditer(content):
            term = by_words[match.group(1).lower()]
            if term.anchor in linked:
                continue
            linked.add(term.anchor)
            pieces.append(nodes.Text(content[position : match.start()]))
            reference = nodes.reference(
                "", match.group(1), refuri=f"{target}#{term.anchor}", classes=["glossary-term"]
            )
            reference["reftitle"] = "in the glossary"
            pieces.append(reference)
            position = match.end()
        if pieces:
            pieces.append(nodes.Text(content[position:]))
            parent.replace(text, pieces)


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    anchors, terms = read_terms(Path(app.srcdir))
    if docname == GLOSSARY:
        anchor_glossary_rows(doctree, anchors)
    elif docname != "index":
        link_terms(app, doctree, docname, terms)


def edition_path(pagename: str) -> str:
    """Where the notebook of the page ``pagename`` is in the JupyterLite edition.

    >>> edition_path("notebooks/exercises/pruning_homework")
    'exercises/pruning_homework.ipynb'
    """
    return pagename.removeprefix("notebooks/") + ".ipynb"


def add_run_in_browser_link(body: str, pagename: str, pathto: Any) -> str:
    """``body`` with the "Run in your browser" paragraph after its title (the first ``</h1>``;
    at the top when there is none)."""
    href = f"{pathto(LITE_APP, 1)}?path={quote(edition_path(pagename))}"
    paragraph = RUN_IN_BROWSER.format(href=html.escape(href), run=pathto(RUN_PAGE))
    title_end = body.find("</h1>")
    if title_end < 0:
        return paragraph + body
    position = title_end + len("</h1>")
    return body[:position] + paragraph + body[position:]


def on_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    body = context.get("body")
    if (
        isinstance(body, str)
        and pagename.startswith("notebooks/")
        and str(app.env.doc2path(pagename)).endswith(".ipynb")
    ):
        body = context["body"] = add_run_in_browser_link(body, pagename, context["pathto"])
    if isinstance(body, str) and "gamelib-run-yourself" in body:
        context["body"] = RUN_LINK.sub(
            f'class="gamelib-run-yourself" href="{context["pathto"](RUN_PAGE)}"', body
        )
    if pagename in NO_LAUNCH_BUTTONS and "header_buttons" in context:
        context["header_buttons"] = [
            button
            for button in context["header_buttons"]
            if button.get("label") != "launch-buttons"
        ]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-resolved", on_doctree_resolved)
    app.connect("html-page-context", on_page_context, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
