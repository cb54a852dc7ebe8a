"""Build the course's notebooks as reveal.js slide decks (run by ``bash scripts/course.sh slides``).

Both editions: the English notebooks ``notebooks/NN_*.ipynb`` into ``slides/_build``, and the
Japanese edition's ``notebooks/ja/NN_*.ipynb`` into ``slides/_build/ja`` (``--language en``
or ``--language ja`` builds one). For each notebook (or the ones named on the command line):

1. execute it with ``GAMELIB_STATIC=1`` (nbclient, in ``notebooks/``), so every animation is a
   self-contained HTML player (:mod:`gamelib.render.static`) instead of an ipywidget;
2. keep each output's static version: a widget's view is dropped when the output also has
   ``text/html`` (the players, the exercise with its worked solution, the note that the game
   needs Python), as the website does; the code of a cell that shows a player is hidden (the
   player takes the slide);
3. export it with nbconvert's slides exporter and the template ``templates/course_reveal``
   (nbconvert's reveal template with nothing fetched from the network) into
   ``slides/_build/NN_name.slides.html`` (``slides/_build/ja/NN_name.slides.html``, with
   ``<html lang="ja">``). The slide breaks are the cells' ``slideshow.slide_type`` metadata
   in the notebooks (a Japanese notebook has its English original's); a Japanese notebook's
   ``set-language`` cell (``gamelib.set_language("ja")``) is skipped, like the set-up cell.

Next to the decks: a copy of reveal.js (``slides/node_modules/reveal.js``, installed by
``npm ci`` from ``package.json`` and ``package-lock.json``; course.sh does it), the theme
``course.css`` (sizes for a 1280x720 projector) and ``course_slides.js`` (the keyboard steps
the players), and an ``index.html`` listing the decks (``ja/index.html`` the Japanese ones;
each index links the other). The folder works offline, from ``file://`` or any static server.

The decks to build are built side by side, one worker process (and kernel) per processor; the
messages come in the notebooks' order, and a deck that fails is named (the others are still
built, then the build fails). A deck is rebuilt only when its notebook, gamelib's code, the
pinned requirements, reveal.js's lock file, this script or the template changed (a hash is kept
next to each deck); not for ``course.css`` or ``course_slides.js``, which the decks link to and
every build copies again. ``--fresh`` rebuilds all.

Usage: ``python slides/build.py [--fresh] [--language en|ja] [NOTEBOOK ...]`` where a notebook
is a path (built in its own edition) or the start of a name (``03`` or ``03_alphabeta``: built
in each edition chosen).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import multiprocessing
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SLIDES = Path(__file__).resolve().parent
ROOT = SLIDES.parent
NOTEBOOKS = ROOT / "notebooks"
BUILD = SLIDES / "_build"
REVEAL = SLIDES / "node_modules" / "reveal.js"
TEMPLATES = SLIDES / "templates"
TEMPLATE = "course_reveal"
REVEAL_FOLDER = "reveal.js"
"""Where the decks find reveal.js: a folder next to them (nbconvert's ``reveal_url_prefix``)."""
SLIDE_WIDTH = 1280
SLIDE_HEIGHT = 720
EXECUTION_TIMEOUT = 180
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLAYER_CLASS = 'class="gamelib-player"'
"""How a static animation player's HTML starts (gamelib/render/static.py)."""
LANGUAGE_CELL_ID = "set-language"
"""The id of a Japanese notebook's first code cell, ``gamelib.set_language("ja")``."""


@dataclass(frozen=True)
class Edition:
    """The notebooks of one language and where their decks go.

    Attributes:
        language: ``"en"`` or ``"ja"`` (the decks' ``<html lang>``).
        notebooks: the folder of the edition's numbered notebooks.
        build: the folder its decks and index are written to.
        support: the way from a deck to ``slides/_build`` (where reveal.js and
            course_slides.js are): ``""`` or ``"../"``.
        title: the index page's title and heading.
        keys: the index page's sentence on the keys.
        other: the link to the other edition's index: (address, text).
    """

    language: str
    notebooks: Path
    build: Path
    support: str
    title: str
    keys: str
    other: tuple[str, str]


EDITIONS = {
    "en": Edition(
        "en",
        NOTEBOOKS,
        BUILD,
        "",
        "The course's slides",
        "→ / ← change slides and step the animations; Page Down skips an animation; "
        "S opens the speaker view; F is full screen; Esc shows all slides.",
        ("ja/index.html", "日本語版のスライド (the Japanese edition)"),
    ),
    "ja": Edition(
        "ja",
        NOTEBOOKS / "ja",
        BUILD / "ja",
        "../",
        "講義スライド（日本語版）",
        "→ / ← でスライドを進め、アニメーションを一手ずつ動かします。Page Down "
        "でアニメーションを飛ばします。S で発表者ビュー、F で全画面、Esc でスライド一覧を"
        "表示します。",
        ("../index.html", "English edition (英語版)"),
    ),
}
"""The course's two editions, English first."""


def say(message: str) -> None:
    print(f"[slides] {message}", flush=True)


def course_notebooks(edition: Edition = EDITIONS["en"]) -> list[Path]:
    """The edition's numbered notebooks, in order."""
    return sorted(edition.notebooks.glob("[0-9][0-9]_*.ipynb"))


def edition_of(path: Path) -> Edition:
    """The edition a notebook file belongs to: Japanese in a folder ``ja``, else English."""
    return EDITIONS["ja"] if path.resolve().parent.name == "ja" else EDITIONS["en"]


def select(names: list[str], languages: list[str] | None = None) -> list[tuple[Edition, Path]]:
    """The notebooks named by paths (each in its own edition) or by the start of their file
    name (in every edition of ``languages``, default both); all when none."""
    editions = [EDITIONS[language] for language in languages or list(EDITIONS)]
    if not names:
        return [(edition, path) for edition in editions for path in course_notebooks(edition)]
    chosen: list[tuple[Edition, Path]] = []
    for name in names:
        path = Path(name)
        if path.suffix == ".ipynb" and path.exists():
            chosen.append((edition_of(path), path.resolve()))
            continue
        for edition in editions:
            notebooks = course_notebooks(edition)
            matches = [notebook for notebook in notebooks if notebook.name.startswith(name)]
            if len(matches) != 1:
                found = ", ".join(notebook.name for notebook in matches) or "none"
                raise ValueError(
                    f"notebook {name!r} names one course notebook of "
                    f"{edition.notebooks.relative_to(ROOT)}? found: {found}"
                )
            chosen.append((edition, matches[0]))
    return chosen


def fingerprint(notebook: Path) -> str:
    """A hash of what a deck depends on: its notebook, gamelib's code, the pinned
    requirements, reveal.js's lock file, this script and the template (not the theme and
    script the decks link to, which :func:`copy_support_files` copies on every build)."""
    digest = hashlib.sha256()
    files = [
        notebook,
        *sorted((ROOT / "gamelib").rglob("*.py")),
        ROOT / "requirements.txt",
        SLIDES / "package-lock.json",
        Path(__file__).resolve(),
        *sorted(TEMPLATES.rglob("*")),
    ]
    for path in files:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def copy_support_files() -> None:
    """reveal.js (its dist folder and the speaker-notes plugin), the course's theme and
    script, next to the decks."""
    if not (REVEAL / "dist" / "reveal.js").exists():
        raise SystemExit(
            "reveal.js is not installed in slides/node_modules: run `npm ci` in slides/ "
            "(bash scripts/course.sh slides does it)"
        )
    target = BUILD / REVEAL_FOLDER
    for part in ("dist", "plugin/notes", "LICENSE"):
        source, destination = REVEAL / part, target / part
        if source.is_dir():
            shutil.copytree(source, destination, dirs_exist_ok=True)
        else:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    shutil.copy2(SLIDES / "course.css", target / "dist" / "theme" / "course.css")
    shutil.copy2(SLIDES / "course_slides.js", BUILD / "course_slides.js")


def static_outputs(notebook: Any) -> None:
    """Drop a widget's view from each output that also has ``text/html`` (the course's
    widgets carry their static version there), so the deck shows it without a kernel; hide
    the code of a cell that shows an animation player (a line such as ``show(trace)``), so
    the player has the whole slide; and skip a Japanese notebook's ``set-language`` cell."""
    for cell in notebook.cells:
        if cell.get("id") == LANGUAGE_CELL_ID:
            cell.metadata.setdefault("slideshow", {})["slide_type"] = "skip"
        player = False
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                del data[WIDGET_VIEW]
            player = player or PLAYER_CLASS in str(data.get("text/html", ""))
        if player:
            cell.metadata.setdefault("transient", {})["remove_source"] = True
    notebook.metadata.pop("widgets", None)


def execute(path: Path) -> Any:
    """The notebook at ``path``, executed in its folder with ``GAMELIB_STATIC=1``."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    os.environ["GAMELIB_STATIC"] = "1"  # the kernel inherits it: animations are HTML players
    NotebookClient(
        notebook,
        timeout=EXECUTION_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    return notebook


def export(notebook: Any, name: str, edition: Edition = EDITIONS["en"]) -> str:
    """The deck's HTML, in the edition's language (``<html lang>``), finding reveal.js and
    course_slides.js in ``slides/_build``."""
    from nbconvert.exporters import SlidesExporter

    exporter = SlidesExporter(  # type: ignore[no-untyped-call]
        extra_template_basedirs=[str(TEMPLATES)],
        template_name=TEMPLATE,
        language_code=edition.language,
        reveal_url_prefix=edition.support + REVEAL_FOLDER,
        reveal_theme="course",
        reveal_transition="none",
        reveal_width=str(SLIDE_WIDTH),
        reveal_height=str(SLIDE_HEIGHT),
    )
    resources = {"metadata": {"name": name}, "course_support": edition.support}
    body, _ = exporter.from_notebook_node(notebook, resources=resources)
    return str(body)


class DeckError(Exception):
    """A deck could not be built: its notebook failed to execute or to export (the message
    says why; :func:`build_decks` names the deck)."""


@dataclass(frozen=True)
class Deck:
    """One deck to bring up to date.

    Attributes:
        notebook: the notebook it is made from.
        edition: the edition it belongs to.
        fingerprint: what it depends on now (:func:`fingerprint`).
    """

    notebook: Path
    edition: Edition
    fingerprint: str

    @property
    def path(self) -> Path:
        """The deck's file: ``NN_name.slides.html`` in the edition's folder."""
        return self.edition.build / f"{self.notebook.stem}.slides.html"

    @property
    def stamp(self) -> Path:
        """The file keeping the fingerprint the deck was last built with."""
        return self.edition.build / ".stamps" / f"{self.notebook.stem}.sha256"

    @property
    def shown(self) -> str:
        """The deck's name in messages: its path in ``slides/_build``."""
        return str(self.path.relative_to(BUILD))

    def up_to_date(self) -> bool:
        """Whether the deck exists and was built with today's fingerprint."""
        return (
            self.path.exists()
            and self.stamp.exists()
            and self.stamp.read_text() == self.fingerprint
        )


def make_deck(deck: Deck) -> float:
    """Execute and export one deck, then write its stamp; returns the seconds it took.

    Runs in a worker process of :func:`build_decks`. Raises :class:`DeckError` (with the
    error's name and text) when the notebook fails to execute or to export; its stamp
    is then left as it was, so the next build tries it again."""
    started = time.monotonic()
    try:
        notebook = execute(deck.notebook)
        static_outputs(notebook)
        body = export(notebook, deck.notebook.stem, deck.edition)
    except Exception as error:  # any failure, reported in the parent with the deck's name
        raise DeckError(f"{type(error).__name__}: {error}") from None
    deck.edition.build.mkdir(parents=True, exist_ok=True)
    deck.path.write_text(body, encoding="utf-8")
    deck.stamp.parent.mkdir(parents=True, exist_ok=True)
    deck.stamp.write_text(deck.fingerprint)
    return time.monotonic() - started


def build_deck(path: Path, fresh: bool, edition: Edition | None = None) -> Path:
    """Build one notebook's deck (unless it is up to date) in its edition (by default the
    one its folder says); returns the deck's path."""
    return build_decks([(edition or edition_of(path), path)], fresh)[0]


def build_decks(notebooks: list[tuple[Edition, Path]], fresh: bool) -> list[Path]:
    """Bring the decks of ``notebooks`` up to date (all of them when ``fresh``); returns
    their paths, in the order given.

    The decks to build are made at the same time, one worker process per processor (each
    runs its own kernel; the notebooks write no files, so they cannot disturb each other),
    started in the order of their file names (an English notebook next to its Japanese
    twin); the messages come in the order given whatever order the workers finish in. Every
    deck is tried; then, if any failed, :class:`SystemExit` names the failed decks."""
    decks = [Deck(path, edition, fingerprint(path)) for edition, path in notebooks]
    stale = [deck for deck in decks if fresh or not deck.up_to_date()]
    failed: list[str] = []
    processors = len(os.sched_getaffinity(0))  # the ones this process may use
    workers = max(1, min(processors, len(stale)))
    # fork: a worker needs nothing but this module, which is already loaded
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        # twins side by side (a notebook and its translation take about as long), so that
        # no long notebook is left to run alone at the end
        by_name = sorted(stale, key=lambda deck: deck.notebook.name)
        running = {deck: pool.submit(make_deck, deck) for deck in by_name}
        for deck in decks:
            if deck not in running:
                say(f"{deck.path.name} is up to date")
                continue
            try:
                seconds = running[deck].result()
            except Exception as error:  # DeckError, or a worker that died
                say(f"{deck.shown} FAILED: {error}")
                failed.append(deck.shown)
                continue
            say(f"{deck.shown}: executed and exported in {seconds:.0f} s")
    if failed:
        raise SystemExit(f"[slides] {len(failed)} deck(s) failed: {', '.join(failed)}")
    return [deck.path for deck in decks]


def deck_title(deck: Path, edition: Edition = EDITIONS["en"]) -> str:
    """A deck's title: its notebook's first heading, else the deck's name."""
    notebook = edition.notebooks / (deck.name.removesuffix(".slides.html") + ".ipynb")
    if notebook.exists():
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return deck.name.removesuffix(".slides.html")


def write_index(edition: Edition = EDITIONS["en"]) -> Path:
    """The edition's ``index.html``: a link to every deck of it that has been built, with its
    title, and a link to the other edition's index when that has decks."""
    links = "".join(
        f'<li><a href="{html.escape(deck.name)}">{html.escape(deck_title(deck, edition))}</a></li>'
        for deck in sorted(edition.build.glob("*.slides.html"))
    )
    address, text = edition.other
    other = ""
    if any((edition.build / address).parent.glob("*.slides.html")):
        other = f'<p class="other"><a href="{address}">{html.escape(text)}</a></p>'
    title = html.escape(edition.title)
    page = (
        f'<!DOCTYPE html>\n<html lang="{edition.language}"><head><meta charset="utf-8">'
        f'<link rel="icon" href="data:,"><title>{title}</title>'
        "<style>body{font-family:sans-serif;font-size:24px;margin:2em}li{margin:.3em 0}"
        f"</style></head><body><h1>{title}</h1>"
        f"<p>{html.escape(edition.keys)}</p>"
        f"<ul>{links}</ul>{other}</body></html>\n"
    )
    edition.build.mkdir(parents=True, exist_ok=True)
    index = edition.build / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("notebooks", nargs="*", help="paths or name starts (default: all)")
    parser.add_argument("--fresh", action="store_true", help="rebuild every deck")
    parser.add_argument(
        "--language",
        choices=list(EDITIONS),
        action="append",
        help="the edition to build: en (notebooks/) or ja (notebooks/ja/); default both",
    )
    options = parser.parse_args(arguments)
    try:
        notebooks = select(options.notebooks, options.language)
    except ValueError as error:
        parser.error(str(error))
    BUILD.mkdir(parents=True, exist_ok=True)
    copy_support_files()
    build_decks(notebooks, options.fresh)
    indexes = [write_index(edition) for edition in EDITIONS.values()]
    shown = " and ".join(str(index.relative_to(ROOT)) for index in indexes)
    say(f"the decks are in {BUILD.relative_to(ROOT)}: open {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
