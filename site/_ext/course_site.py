"""A Sphinx extension for the course's website: glossary links, links to "Run it yourself", and
the language switch between the English book and the Japanese one.

- The glossary's table (the first Markdown table of ``notebooks/glossary.ipynb``) gives the
  terms: in the English glossary the English words are column 2 (column 0 is the Japanese),
  in the Japanese one the Japanese term is column 0 and the English column 1. Each row gets an
  anchor ``term-<slug of its English term>`` (the same anchor in both books), and on every
  other page the first use of a term in running text links to its row (in the Japanese book,
  Japanese terms match inside running text: Japanese has no spaces between words).
- An output that says it needs Python (the tic-tac-toe widget's static version) carries a link
  ``<a class="gamelib-run-yourself" href="#run-it-yourself">``: it is pointed at the page
  ``run`` (the ways to run the course).
- The homework's page (the student version) gets no launch buttons: they would open the
  teacher's source in the repository.
- The download menu offers what exists: on a page made from a notebook, that notebook
  (``_sources/notebooks/….ipynb``, copied by Sphinx: ``html_copy_source``) and the print
  dialog (.pdf); other pages have no download menu (their Markdown source is not for readers).
- Every page made from a notebook gets a "Run in your browser" link, under its title, to the
  same notebook in the JupyterLite edition, which ``site/build.py`` builds into the site's
  ``lite/`` folder (``notebooks/03_alphabeta.ipynb`` is ``03_alphabeta.ipynb`` there, and
  the Japanese ``notebooks/ja/03_alphabeta.ipynb`` is ``ja/03_alphabeta.ipynb``, opened in the
  edition's Japanese lab page ``ja/lab/``).
- A chapter's page (``notebooks/NN_…``) also links its slide deck, when the build has the decks
  (``conf.py``'s ``course_slides``): ``slides/NN_….slides.html``, the Japanese book's
  ``slides/ja/NN_….slides.html`` (:func:`add_deck_link`).
- Every page gets a language switch (the template ``language-switch.html``, in the article's
  header): a link to the same page in the other book (the Japanese book is built into the
  English one's ``ja/`` folder with the same page names), or to the other book's home page
  when that page has no twin.
- In the Japanese book, the launch buttons (Binder, Colab) open ``notebooks/ja/…`` in the
  repository: its notebooks are staged as ``notebooks/…`` so that both books have the same
  page names.
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
GENERIC_TERMS = frozenset({"search", "position", "evaluation", "探索", "局面", "評価値"})
"""Terms too common to link (they would link the first word of almost every page); terms of
one character (手) are not linked either."""

SPECIAL_PAGES = ("genindex", "search")
"""Pages Sphinx writes in both books without a source file."""

LITE_APP = {"en": "lite/lab/index.html", "ja": "lite/ja/lab/index.html"}
"""The JupyterLite edition's lab page for each book's notebooks, relative to the site's root:
the Japanese one shows JupyterLab's menus in Japanese (``lite/build.py``)."""

RUN_IN_BROWSER = {
    "en": (
        '<p class="gamelib-run-in-browser-line"><a class="gamelib-run-in-browser" href="{href}">'
        "▶ Run in your browser</a>: this notebook in JupyterLite, with Python running in the "
        'browser tab (nothing to install; the first start takes a moment). <a href="{run}">'
        "Other ways to run it</a>.</p>"
    ),
    "ja": (
        '<p class="gamelib-run-in-browser-line"><a class="gamelib-run-in-browser" href="{href}">'
        "▶ ブラウザーで実行</a>：このノートブックを JupyterLite で開きます。Python はブラウザーの"
        "タブの中で動きます（インストールは不要です。最初の起動には少し時間がかかります）。"
        '<a href="{run}">ほかの実行方法</a>。</p>'
    ),
}

DECK_LINE = {
    "en": (
        '<p class="gamelib-slides-line"><a class="gamelib-slides" href="{href}">'
        "Slides of this chapter</a>: the deck a lecturer projects (→ steps, S opens the speaker "
        "view).</p>"
    ),
    "ja": (
        '<p class="gamelib-slides-line"><a class="gamelib-slides" href="{href}">'
        "この章のスライド</a>：講義で映すスライドです（→ で進み、S キーで発表者ビュー）。</p>"
    ),
}
DECK_PAGE = re.compile(r"notebooks/(\d\d_[\w-]+)")
"""A chapter's page (``notebooks/03_alphabeta``): it has a slide deck, which ``site/build.py``
copies into the site's ``slides/`` folder (the Japanese decks in ``slides/ja/``)."""

SWITCH = {
    "en": {"label": "日本語", "title": "このページの日本語版", "language": "ja"},
    "ja": {"label": "English", "title": "This page in English", "language": "en"},
}
"""The switch's words on a page of each book (they name the other language, in it)."""

GLOSSARY_TITLE = {"en": "in the glossary", "ja": "用語集へ"}

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


def japanese_terms(cell: str) -> list[str]:
    """The terms named by a cell of the Japanese glossary's term column: the words outside
    full-width brackets split at ``/``, then the alternatives in them: ``"限界値（下限値 /
    上限値）"`` gives 限界値, 下限値 and 上限値; ``"水平線効果（地平線効果とも）"`` gives both
    effects; ``"MTD(f)"`` (ASCII brackets) stays one term."""
    bracket = r"（([^）]*)）"
    names = [part.strip() for part in re.sub(bracket, "", cell).split("/")]
    for inside in re.findall(bracket, cell):
        names += [part.strip().removesuffix("とも") for part in re.split(r"[、,/]", inside)]
    return [name.strip() for name in names if name.strip()]


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


def read_terms(source_directory: Path, language: str = "en") -> tuple[list[str], list[Term]]:
    """Each glossary row's anchor, in order, and the terms that link to them (``language``:
    the book's, which decides the glossary's columns)."""
    if language not in ("en", "ja"):
        raise ValueError(f"language must be 'en' or 'ja', not {language!r}")
    english_column = 2 if language == "en" else 1
    anchors: list[str] = []
    terms: list[Term] = []
    for row in glossary_rows(source_directory / f"{GLOSSARY}.ipynb"):
        english = english_terms(row[english_column]) if len(row) > english_column else []
        anchor = "term-" + slug(english[0] if english else row[0])
        anchors.append(anchor)
        names = english if language == "en" else japanese_terms(row[0])
        terms.extend(
            Term(name, anchor)
            for name in names
            if name.lower() not in GENERIC_TERMS and len(name) > 1
        )
    terms.sort(key=lambda term: -len(term.words))  # "search depth" before "search"
    return anchors, terms


def term_pattern(terms: list[Term], language: str = "en") -> re.Pattern[str]:
    """One pattern matching any term (case-insensitive): as a whole word in English; in
    Japanese anywhere in the text (there are no spaces between words), but not inside a word
    of Latin letters (``PVS`` is not found in ``PVSearch``)."""
    alternatives = "|".join(re.escape(term.words) for term in terms)
    word = r"\w-" if language == "en" else r"A-Za-z0-9_-"
    return re.compile(rf"(?<![{word}])({alternatives})(?![{word}])", re.IGNORECASE)


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
    language = app.config.course_language
    pattern = term_pattern(terms, language)
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
            reference["reftitle"] = GLOSSARY_TITLE[language]
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
    anchors, terms = read_terms(Path(app.srcdir), app.config.course_language)
    if docname == GLOSSARY:
        anchor_glossary_rows(doctree, anchors)
    elif docname != "index":
        link_terms(app, doctree, docname, terms)


def edition_path(pagename: str, language: str = "en") -> str:
    """Where the notebook of the page ``pagename`` is in the JupyterLite edition (the
    Japanese edition's notebooks are in its ``ja/`` folder).

    >>> edition_path("notebooks/exercises/pruning_homework")
    'exercises/pruning_homework.ipynb'
    >>> edition_path("notebooks/03_alphabeta", "ja")
    'ja/03_alphabeta.ipynb'
    """
    path = pagename.removeprefix("notebooks/") + ".ipynb"
    return f"ja/{path}" if language == "ja" else path


def add_run_in_browser_link(body: str, pagename: str, pathto: Any, language: str = "en") -> str:
    """``body`` with the "Run in your browser" paragraph after its title (the first ``</h1>``;
    at the top when there is none), leading to the book's lab page (:data:`LITE_APP`). The
    Japanese book is one folder deeper than the edition's (``html/ja`` against ``html/lite``)."""
    root = "../" if language == "ja" else ""
    app = root + LITE_APP[language]
    href = f"{pathto(app, 1)}?path={quote(edition_path(pagename, language))}"
    paragraph = RUN_IN_BROWSER[language].format(href=html.escape(href), run=pathto(RUN_PAGE))
    title_end = body.find("</h1>")
    if title_end < 0:
        return paragraph + body
    position = title_end + len("</h1>")
    return body[:position] + paragraph + body[position:]


def deck_path(pagename: str, language: str = "en") -> str | None:
    """The slide deck of the page ``pagename``, relative to the site's root, or None when the
    page is not a chapter's (the glossary, the homework).

    >>> deck_path("notebooks/03_alphabeta", "ja")
    'slides/ja/03_alphabeta.slides.html'
    >>> deck_path("notebooks/glossary") is None
    True
    """
    match = DECK_PAGE.fullmatch(pagename)
    if match is None:
        return None
    folder = "slides/ja/" if language == "ja" else "slides/"
    return f"{folder}{match.group(1)}.slides.html"


def add_deck_link(body: str, pagename: str, pathto: Any, language: str = "en") -> str:
    """``body`` with the link to the chapter's slide deck (:func:`deck_path`) after the "Run in
    your browser" paragraph (after the title when there is none); unchanged on other pages."""
    deck = deck_path(pagename, language)
    if deck is None:
        return body
    root = "../" if language == "ja" else ""
    paragraph = DECK_LINE[language].format(href=html.escape(pathto(root + deck, 1)))
    line = body.find('class="gamelib-run-in-browser-line"')
    end = body.find("</p>", line) if line >= 0 else body.find("</h1>")
    if end < 0:
        return paragraph + body
    position = end + len("</p>" if line >= 0 else "</h1>")
    return body[:position] + paragraph + body[position:]


def twin_page(pagename: str, twin_source: Path) -> str:
    """The page of the other book that shows what ``pagename`` shows: the page of the same
    name when the other book has it (a source file of that name, or a page Sphinx writes in
    every book), else the other book's home page."""
    if pagename in SPECIAL_PAGES or any(
        (twin_source / f"{pagename}{suffix}").is_file() for suffix in (".md", ".ipynb")
    ):
        return pagename
    return "index"


def language_switch(app: Sphinx, pagename: str, pathto: Any) -> dict[str, str]:
    """The language switch of the page ``pagename``: its link (relative to the page), label,
    tooltip and the language it leads to."""
    language = app.config.course_language
    if language not in SWITCH:
        raise ValueError(f"course_language must be 'en' or 'ja', not {language!r}")
    twin = twin_page(pagename, Path(app.config.course_twin_source))
    href = pathto(f"{app.config.course_twin_root}{twin}.html", 1)
    return {"href": href, **SWITCH[language]}


def japanese_launch_buttons(buttons: list[dict[str, Any]]) -> None:
    """Point the launch buttons of a Japanese page at ``notebooks/ja/…`` in the repository (the
    theme builds them from the page name, ``notebooks/…``, in both books)."""
    for button in buttons:
        if button.get("label") == "launch-buttons":
            for launch in button.get("buttons", []):
                launch["url"] = re.sub(r"(?<=/)notebooks/(?!ja/)", "notebooks/ja/", launch["url"])


def downloads_that_exist(
    buttons: list[dict[str, Any]], notebook_page: bool
) -> list[dict[str, Any]]:
    """The header ``buttons`` with a download menu that offers only files that exist: on a
    notebook's page, the notebook (the theme's "source" link, ``….ipynb``) and the print dialog;
    on another page, no download menu."""
    kept = []
    for button in buttons:
        if button.get("label") != "download-buttons":
            kept.append(button)
        elif notebook_page:
            offered = [
                entry
                for entry in button.get("buttons", [])
                if entry.get("type") == "javascript" or str(entry.get("url", "")).endswith(".ipynb")
            ]
            kept.append({**button, "buttons": offered})
    return kept


def add_language_switch(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The context of the template ``language-switch.html``: set before the theme renders its
    header's templates to drop the empty ones (at the default priority, 500)."""
    context["course_language_switch"] = language_switch(app, pagename, context["pathto"])


def on_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    language = app.config.course_language
    body = context.get("body")
    if (
        isinstance(body, str)
        and pagename.startswith("notebooks/")
        and str(app.env.doc2path(pagename)).endswith(".ipynb")
    ):
        body = context["body"] = add_run_in_browser_link(
            body, pagename, context["pathto"], language
        )
        if app.config.course_slides:
            body = context["body"] = add_deck_link(body, pagename, context["pathto"], language)
    if isinstance(body, str) and "gamelib-run-yourself" in body:
        context["body"] = RUN_LINK.sub(
            f'class="gamelib-run-yourself" href="{context["pathto"](RUN_PAGE)}"', body
        )
    if "header_buttons" in context:
        context["header_buttons"] = downloads_that_exist(
            context["header_buttons"], str(app.env.doc2path(pagename)).endswith(".ipynb")
        )
    if language == "ja" and "header_buttons" in context:
        japanese_launch_buttons(context["header_buttons"])
    if pagename in NO_LAUNCH_BUTTONS and "header_buttons" in context:
        context["header_buttons"] = [
            button
            for button in context["header_buttons"]
            if button.get("label") != "launch-buttons"
        ]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("course_language", "en", "env")
    app.add_config_value("course_twin_root", "ja/", "html")
    app.add_config_value("course_twin_source", "", "html")
    app.add_config_value("course_extension_hash", "", "html")
    app.add_config_value("course_slides", False, "html")
    app.connect("doctree-resolved", on_doctree_resolved)
    app.connect("html-page-context", add_language_switch, priority=400)
    app.connect("html-page-context", on_page_context, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
