"""Build the course's notebooks as reveal.js slide decks (run by ``bash scripts/course.sh slides``).

For each notebook ``notebooks/NN_*.ipynb`` (or the ones named on the command line):

1. execute it with ``GAMELIB_STATIC=1`` (nbclient, in ``notebooks/``), so every animation is a
   self-contained HTML player (:mod:`gamelib.render.static`) instead of an ipywidget;
2. keep each output's static version: a widget's view is dropped when the output also has
   ``text/html`` (the players, the exercise with its worked solution, the note that the game
   needs Python), as the website does; the code of a cell that shows a player is hidden (the
   player takes the slide);
3. export it with nbconvert's slides exporter and the template ``templates/course_reveal``
   (nbconvert's reveal template with nothing fetched from the network) into
   ``slides/_build/NN_name.slides.html``. The slide breaks are the cells'
   ``slideshow.slide_type`` metadata in the notebooks.

Next to the decks: a copy of reveal.js (``slides/node_modules/reveal.js``, installed by
``npm ci`` from ``package.json`` and ``package-lock.json``; course.sh does it), the theme
``course.css`` (sizes for a 1280x720 projector) and ``course_slides.js`` (the keyboard steps
the players), and an ``index.html`` listing the decks. The folder works offline, from
``file://`` or any static server.

A deck is rebuilt only when its notebook, gamelib's code, the pinned requirements or one of
this folder's files changed (a hash is kept next to each deck); ``--fresh`` rebuilds all.

Usage: ``python slides/build.py [--fresh] [NOTEBOOK ...]`` where a notebook is a path or the
start of a name (``03`` or ``03_alphabeta``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import shutil
import sys
import time
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


def say(message: str) -> None:
    print(f"[slides] {message}", flush=True)


def course_notebooks() -> list[Path]:
    """The course's numbered notebooks, in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def select(names: list[str]) -> list[Path]:
    """The notebooks named by paths or by the start of their file name; all when none."""
    notebooks = course_notebooks()
    if not names:
        return notebooks
    chosen: list[Path] = []
    for name in names:
        path = Path(name)
        if path.suffix == ".ipynb" and path.exists():
            chosen.append(path.resolve())
            continue
        matches = [notebook for notebook in notebooks if notebook.name.startswith(name)]
        if len(matches) != 1:
            found = ", ".join(notebook.name for notebook in matches) or "none"
            raise ValueError(f"notebook {name!r} names one course notebook? found: {found}")
        chosen.append(matches[0])
    return chosen


def fingerprint(notebook: Path) -> str:
    """A hash of what a deck depends on: its notebook, gamelib's code, the pinned
    requirements, reveal.js's lock file and this folder's build files."""
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
    widgets carry their static version there), so the deck shows it without a kernel; and
    hide the code of a cell that shows an animation player (a line such as
    ``show(trace)``), so the player has the whole slide."""
    for cell in notebook.cells:
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


def export(notebook: Any, name: str) -> str:
    """The deck's HTML."""
    from nbconvert.exporters import SlidesExporter

    exporter = SlidesExporter(  # type: ignore[no-untyped-call]
        extra_template_basedirs=[str(TEMPLATES)],
        template_name=TEMPLATE,
        reveal_url_prefix=REVEAL_FOLDER,
        reveal_theme="course",
        reveal_transition="none",
        reveal_width=str(SLIDE_WIDTH),
        reveal_height=str(SLIDE_HEIGHT),
    )
    body, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": name}})
    return str(body)


def build_deck(path: Path, fresh: bool) -> Path:
    """Build one notebook's deck (unless it is up to date); returns the deck's path."""
    deck = BUILD / f"{path.stem}.slides.html"
    stamp = BUILD / ".stamps" / f"{path.stem}.sha256"
    wanted = fingerprint(path)
    if not fresh and deck.exists() and stamp.exists() and stamp.read_text() == wanted:
        say(f"{deck.name} is up to date")
        return deck
    started = time.monotonic()
    notebook = execute(path)
    static_outputs(notebook)
    deck.write_text(export(notebook, path.stem), encoding="utf-8")
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(wanted)
    say(f"{deck.name}: executed and exported in {time.monotonic() - started:.0f} s")
    return deck


def deck_title(deck: Path) -> str:
    """A deck's title: its notebook's first heading, else the deck's name."""
    notebook = NOTEBOOKS / (deck.name.removesuffix(".slides.html") + ".ipynb")
    if notebook.exists():
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return deck.name.removesuffix(".slides.html")


def write_index() -> Path:
    """``index.html``: a link to every deck that has been built, with its title."""
    links = "".join(
        f'<li><a href="{html.escape(deck.name)}">{html.escape(deck_title(deck))}</a></li>'
        for deck in sorted(BUILD.glob("*.slides.html"))
    )
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>The course\'s slides</title>'
        "<style>body{font-family:sans-serif;font-size:24px;margin:2em}li{margin:.3em 0}"
        "</style></head><body><h1>The course's slides</h1>"
        "<p>→ / ← change slides and step the animations; Page Down skips an animation; "
        "S opens the speaker view; F is full screen; Esc shows all slides.</p>"
        f"<ul>{links}</ul></body></html>\n"
    )
    index = BUILD / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("notebooks", nargs="*", help="paths or name starts (default: all)")
    parser.add_argument("--fresh", action="store_true", help="rebuild every deck")
    options = parser.parse_args(arguments)
    try:
        notebooks = select(options.notebooks)
    except ValueError as error:
        parser.error(str(error))
    BUILD.mkdir(parents=True, exist_ok=True)
    copy_support_files()
    for path in notebooks:
        build_deck(path, options.fresh)
    index = write_index()
    say(f"the decks are in {BUILD.relative_to(ROOT)}: open {index.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
