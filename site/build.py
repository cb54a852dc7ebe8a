"""Build the course's website into site/_build/html (run by ``bash scripts/course.sh site``).

The website is two books, English (``html/``) and Japanese (``html/ja/``), with the same page
names, so that every page's language switch leads to its twin. Steps:

1. stage each book's sources: for the English book in ``site/_build/source``, this folder's
   pages and configuration, the course notebooks (``notebooks/*.ipynb``, as in the repository,
   so that the launch buttons open the same path), and the homework's student version
   (nbgrader's ``ClearSolutions`` applied to the source; its answer and check cells keep their
   code but not their output); for the Japanese book in ``site/_build/source_ja``, the pages of
   ``site/ja/`` with the same configuration, and ``notebooks/ja/`` staged as ``notebooks/``
   (with its homework's student version); a file is rewritten only when it changed, so a second
   build redoes only what changed;
2. run Sphinx on both books at once, in two child processes (Jupyter Book 1's stack,
   configured in ``conf.py``; ``COURSE_SITE_LANGUAGE`` says which book): every notebook is
   executed with ``GAMELIB_STATIC=1``, its outputs cached in ``site/_build/.jupyter_cache``
   (``.jupyter_cache_ja`` for the Japanese book);
3. copy the pruning trainer (``site/trainer/``, a self-contained page) to ``html/trainer/``,
   and the ladder tournament's leaderboard to ``html/tournament/`` and ``html/ja/tournament/``:
   the course's ladder played by the course's own command (``python -m gamelib.tournament
   --ladder``, :data:`TOURNAMENT_OPTIONS`: the sandboxed referee, a round robin on 8×8
   Othello, two openings, both colours) and published by
   :func:`gamelib.tournament.leaderboard.write_leaderboard`, kept in ``site/_build/tournament``
   and played again only when its options or gamelib's code change (:func:`build_tournament`;
   it runs before staging, which puts the featured game's replay into ``tournament.md``);
4. build the JupyterLite edition (``lite/build.py``) into ``html/lite/``: every notebook page
   links to its notebook there ("Run in your browser", ``_ext/course_site.py``), so the one
   folder ``html`` holds the website and the runnable edition and works from any static
   server (the edition needs one: it does not run from ``file://``). ``--no-lite`` skips it.

Before Sphinx, the lecturer's kit (its pages link only to what this build has, the tags
``source_archive``, ``slides`` and ``worksheets`` of ``conf.py``): the course's source as an
archive of the commit built (``html/downloads/``, :func:`write_source_archive`), the slide decks
of both editions (``slides/build.py``, incremental, copied into ``html/slides/``; ``--no-slides``
skips them) and a sample worksheet with its answer key as PDFs in both languages
(``html/worksheets/``, :func:`build_sample_worksheets`).

The execution cache knows only the notebooks' own text: when gamelib's code or the pinned
requirements change (a hash of them is kept in ``site/_build/code-fingerprint``), the cache
and Sphinx's saved state are dropped and every notebook runs again.

The GitHub, Binder and Colab buttons need the repository's public URL, configured in one place,
``site/course.toml`` (``COURSE_REPOSITORY_URL`` overrides it for one build; without either, the
git remote ``origin`` when it is on GitHub); without one the pages have no such buttons (a
button must lead somewhere) and offer the source archive instead, and the build says so once.

Usage: ``python site/build.py [--jobs N] [--fresh] [--no-lite] [--no-slides]`` (``--fresh``:
forget the execution cache and the previous build first, as a fresh clone would build).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamelib.tournament.records import TOURNAMENT_CLOCK

SITE = Path(__file__).resolve().parent
ROOT = SITE.parent
BUILD = SITE / "_build"
SOURCE = BUILD / "source"
HTML = BUILD / "html"
CACHE = BUILD / ".jupyter_cache"
TRAINER = SITE / "trainer"
LITE = HTML / "lite"
HOMEWORK = ROOT / "notebooks/exercises/source/pruning_homework/pruning_homework.ipynb"
STAGED_HOMEWORK = "notebooks/exercises/pruning_homework.ipynb"
PAGES = (
    "_toc.yml",
    "index.md",
    "run.md",
    "trainer.md",
    "tournament.md",
    "teachers_guide.md",
    "accessibility.md",
)
"""The pages of a book (``site/`` for the English one, ``site/ja/`` for the Japanese)."""
FOLDERS = ("_static", "_ext", "_templates")
"""Shared by both books, with ``conf.py``."""
TOURNAMENT = BUILD / "tournament"
TOURNAMENT_OPTIONS = (
    "--ladder",
    "--game",
    "othello",
    "--move-seconds",
    "0.05",
    "--bank",
    "1",
    "--openings",
    "2",
    "--seed",
    "0",
)
"""The website's ladder tournament: the ladder's rungs (:data:`gamelib.tournament.ladder.RUNGS`:
Random, Greedy, Positional, α-β depth 2 and 4), each pair with both colours from each of the
two most balanced 4-ply openings of 8×8 Othello (40 games), at the class tournament's default
clock (0.05 s a move, 1 s bank; the slowest rung, α-β depth 4, needs about 12 ms a move).
Measured on a busy 2-core machine with the referee that stops the side not on move: the 40
games take 16.4 s of CPU time in the players and the referee (the 4×4 reversi tournament it
replaced, 7 players and one opening: 42 games, 10.3 s), much of it starting each player's
process; their replay pages (both books) 9.3 s more (1.1 s before: an 8×8 game is 56 moves
long, not 8, and :func:`gamelib.render.static.encode_texts` diffs each board with the one
before). With ``--jobs 2`` that is about 13 s of wall time where it was about 6 s."""
TOURNAMENT_FOLDERS = {"en": "tournament", "ja": "ja/tournament"}
"""Where each book keeps the leaderboard (so that every page's language switch leads to its
twin, as for the books' own pages)."""
TOURNAMENT_HOMES = {"en": "tournament.html", "ja": "ja/tournament.html"}
"""Each book's page on the tournament (``tournament.md``), which each leaderboard links back to."""
SAMPLE_PLAYER = ROOT / "gamelib" / "tournament" / "sample_player.py"
"""The course's sample player file, published as ``tournament/sample_player.py`` for students
who have only the browser edition."""
TOURNAMENT_PLACES = (
    "{{tournament_command}}",
    "{{featured_replay}}",
    "{{move_seconds}}",
    "{{bank_seconds}}",
)
"""Written in ``tournament.md`` where the command (``bash scripts/course.sh tournament`` with
:data:`TOURNAMENT_OPTIONS`), the featured game's replay file (:func:`featured_replay`) and the
class tournament's clock (:data:`gamelib.tournament.records.TOURNAMENT_CLOCK`, which the
website's tournament plays at) go; :func:`fill_tournament_page` puts them there."""
STUDENT_NOTE = (
    "```{note}\nThis is the **student version** of the homework: the answer cells are empty "
    "(`raise NotImplementedError()`) and the checks have not run. To answer and check, "
    "[run it yourself](../../run.md).\n```"
)
JAPANESE_STUDENT_NOTE = (
    "```{note}\nこれは宿題の**学生用**です。解答のセルは空で（`raise NotImplementedError()`）、"
    "チェックのセルはまだ実行されていません。解答してチェックするには、"
    "[ノートブックを自分で実行してください](../../run.md)。\n```"
)


@dataclass(frozen=True)
class Book:
    """One language's book: where its sources come from, are staged, cached and written."""

    language: str
    pages: Path
    notebooks: Path
    homework: Path
    student_note: str
    source: Path
    html: Path
    cache: Path
    doctrees: Path


ENGLISH = Book(
    language="en",
    pages=SITE,
    notebooks=ROOT / "notebooks",
    homework=HOMEWORK,
    student_note=STUDENT_NOTE,
    source=SOURCE,
    html=HTML,
    cache=CACHE,
    doctrees=BUILD / "doctrees",
)
JAPANESE = Book(
    language="ja",
    pages=SITE / "ja",
    notebooks=ROOT / "notebooks" / "ja",
    homework=ROOT / "notebooks/ja/exercises/source/pruning_homework/pruning_homework.ipynb",
    student_note=JAPANESE_STUDENT_NOTE,
    source=BUILD / "source_ja",
    html=HTML / "ja",
    cache=BUILD / ".jupyter_cache_ja",
    doctrees=BUILD / "doctrees_ja",
)
BOOKS = (ENGLISH, JAPANESE)


def say(message: str) -> None:
    print(f"[site] {message}", flush=True)


def write_if_changed(target: Path, content: bytes) -> bool:
    """Write ``content`` to ``target`` unless it holds exactly that; True when written."""
    if target.exists() and target.read_bytes() == content:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(content)
    return True


def code_fingerprint() -> str:
    """A hash of what the notebooks' outputs depend on besides themselves: gamelib's code and
    the pinned requirements."""
    digest = hashlib.sha256()
    requirements = [ROOT / "requirements.txt", ROOT / "requirements-site.txt"]
    files = [*sorted((ROOT / "gamelib").rglob("*.py")), *requirements]
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def forget_stale_outputs() -> None:
    """Drop the execution caches and Sphinx's saved state when gamelib or the requirements
    changed since the last build (the caches know only the notebooks' own text)."""
    stamp = BUILD / "code-fingerprint"
    fingerprint = code_fingerprint()
    if stamp.exists() and stamp.read_text() == fingerprint:
        return
    if any(book.cache.exists() or book.doctrees.exists() for book in BOOKS):
        say("gamelib or the requirements changed: executing every notebook again")
    for book in BOOKS:
        shutil.rmtree(book.cache, ignore_errors=True)
        shutil.rmtree(book.doctrees, ignore_errors=True)
    BUILD.mkdir(parents=True, exist_ok=True)
    stamp.write_text(fingerprint)


COURSE_SETTINGS = SITE / "course.toml"
"""The one place the repository's URL is configured (``repository_url``)."""


def configured_repository_url(settings: Path | None = None) -> str:
    """The ``repository_url`` of ``settings`` (by default :data:`COURSE_SETTINGS`,
    ``site/course.toml``), ``""`` when empty.

    Raises:
        ValueError: when it is set but is not an https URL.
    """
    import tomllib

    settings = settings or COURSE_SETTINGS
    url = str(tomllib.loads(settings.read_text(encoding="utf-8")).get("repository_url", ""))
    url = url.strip()
    if url and not re.fullmatch(r"https://[^\s/]+/\S+", url):
        raise ValueError(f"{settings.name}: repository_url must be an https URL, not {url!r}")
    return url


def repository_url() -> str:
    """The repository's public https URL for the GitHub, Binder and Colab buttons and the
    pages' links to it: ``COURSE_REPOSITORY_URL`` (one build's override), else
    ``site/course.toml``'s ``repository_url``, else the git remote ``origin`` when it is on
    GitHub, else ``""`` (no such buttons; the pages offer the source archive)."""
    configured = os.environ.get("COURSE_REPOSITORY_URL", "").strip() or (
        configured_repository_url()
    )
    if configured:
        return configured.removesuffix(".git")
    try:
        remote = subprocess.run(
            ["git", "remote", "get-url", "origin"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        remote = ""
    match = re.fullmatch(
        r"(?:https://|git@)github\.com[/:]([\w.-]+)/([\w.-]+?)(?:\.git)?/?", remote
    )
    if match:
        return f"https://github.com/{match.group(1)}/{match.group(2)}"
    return ""


def student_version(text: str, note: str = STUDENT_NOTE) -> dict[str, Any]:
    """The homework as a student gets it, for the website.

    nbgrader's ``ClearSolutions`` replaces the solutions by ``raise NotImplementedError()``;
    the answer and check cells then fail when executed, so they are tagged
    ``raises-exception`` (the build goes on) and ``remove-output`` (the page shows their
    code, not a traceback). A note at the top (``note``, in the book's language) says so.
    """
    import nbformat
    from nbgrader.preprocessors import ClearSolutions

    node = nbformat.reads(text, as_version=4)
    node, _ = ClearSolutions().preprocess(node, {})
    result: dict[str, Any] = json.loads(nbformat.writes(node))
    for cell in result["cells"]:
        grading = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] == "code" and (grading.get("solution") or grading.get("grade")):
            tags = cell["metadata"].setdefault("tags", [])
            tags.extend(tag for tag in ("raises-exception", "remove-output") if tag not in tags)
    cell = {"cell_type": "markdown", "id": "site-note", "metadata": {}, "source": note}
    result["cells"].insert(1, cell)
    return result


def tournament_stamp() -> str:
    """What the website's tournament depends on: its options and gamelib's code."""
    return json.dumps({"options": TOURNAMENT_OPTIONS, "code": code_fingerprint()})


def build_tournament(jobs: int) -> Path:
    """Play the website's ladder tournament (:data:`TOURNAMENT_OPTIONS`) with the course's
    command and write its leaderboard into ``site/_build/tournament/pages``, unless the last
    build did so with the same options and code (``site/_build/tournament/stamp``); returns
    the results file.

    Raises:
        RuntimeError: when a side of a game did not finish (the ladder's players never fail,
            so the machine or the code is at fault, and the page would mislead).
    """
    results = TOURNAMENT / "results.jsonl"
    stamp = TOURNAMENT / "stamp"
    pages = TOURNAMENT / "pages"
    if stamp.exists() and stamp.read_text() == tournament_stamp() and pages.is_dir():
        say("the ladder tournament is unchanged: its leaderboard is reused")
        return results
    started = time.perf_counter()
    shutil.rmtree(TOURNAMENT, ignore_errors=True)
    command = [sys.executable, "-m", "gamelib.tournament", *TOURNAMENT_OPTIONS]
    command += ["--jobs", str(jobs), "--out", str(TOURNAMENT), "--no-leaderboard"]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    from gamelib.tournament.leaderboard import write_leaderboard
    from gamelib.tournament.records import Status, read_results

    played = read_results(results)
    for result in played:
        for side in result.sides:
            if side.status != Status.FINISHED:  # the ladder never fails: something is wrong
                raise RuntimeError(
                    f"the website's tournament: game {result.spec.game_id} did not finish "
                    f"({side.status}: {side.detail}; see {results})"
                )
    write_leaderboard(
        results, pages, folders=TOURNAMENT_FOLDERS, homes=TOURNAMENT_HOMES, workers=jobs
    )
    stamp.write_text(tournament_stamp())
    seconds = time.perf_counter() - started
    cpu = sum(
        result.usage.referee_cpu_seconds
        + sum(each for each in result.usage.player_cpu_seconds if each is not None)
        for result in played
        if result.usage is not None
    )
    say(
        f"played the ladder tournament ({len(played)} games, {cpu:.0f} s of CPU time in the "
        f"players and the referee) and wrote its leaderboard in {seconds:.0f} s"
    )
    return results


def featured_replay(results_path: Path) -> str:
    """The replay page (its file name) of the game between the two best-rated players, the
    better one playing first: the page ``tournament.md`` links to."""
    from gamelib.tournament.leaderboard import replay_names
    from gamelib.tournament.ratings import rate
    from gamelib.tournament.records import read_results

    results = read_results(results_path)
    best, second = rate(results).names()[:2]
    for result, name in zip(results, replay_names(results), strict=True):
        if result.spec.players == (best, second):
            return name
    raise ValueError(f"no game of {best} against {second} in {results_path}")


def copy_tournament() -> None:
    """The leaderboard's pages (both books'), its results file and the sample player file
    (:data:`SAMPLE_PLAYER`, the download ``tournament.md`` offers) into HTML."""
    for folder in TOURNAMENT_FOLDERS.values():
        shutil.rmtree(HTML / folder, ignore_errors=True)
    shutil.copytree(TOURNAMENT / "pages", HTML, dirs_exist_ok=True)
    shutil.copy2(TOURNAMENT / "results.jsonl", HTML / TOURNAMENT_FOLDERS["en"] / "results.jsonl")
    shutil.copy2(SAMPLE_PLAYER, HTML / TOURNAMENT_FOLDERS["en"] / SAMPLE_PLAYER.name)


def fill_tournament_page(text: str, featured: str) -> str:
    """``tournament.md`` with every place of :data:`TOURNAMENT_PLACES` filled: the command, the
    featured replay's file name ``featured``, and the clock's move time and bank in seconds
    (as ``:g`` writes them: ``0.05``, ``1``)."""
    command = " ".join(["bash scripts/course.sh tournament", *TOURNAMENT_OPTIONS])
    clock = (f"{TOURNAMENT_CLOCK.move_seconds:g}", f"{TOURNAMENT_CLOCK.bank_seconds:g}")
    for place, value in zip(TOURNAMENT_PLACES, (command, featured, *clock), strict=True):
        text = text.replace(place, value)
    return text


def stage(book: Book, featured: str) -> int:
    """Copy the sources of ``book`` into its staging folder (``featured``: the featured
    replay's file name, put into ``tournament.md`` with the tournament's command); returns how
    many files changed."""
    changed = int(write_if_changed(book.source / "conf.py", (SITE / "conf.py").read_bytes()))
    for name in PAGES:
        content = (book.pages / name).read_bytes()
        if name == "tournament.md":
            content = fill_tournament_page(content.decode("utf-8"), featured).encode("utf-8")
        changed += write_if_changed(book.source / name, content)
    for folder in FOLDERS:
        for path in sorted((SITE / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                target = book.source / path.relative_to(SITE)
                changed += write_if_changed(target, path.read_bytes())
    for notebook in sorted(book.notebooks.glob("*.ipynb")):
        target = book.source / "notebooks" / notebook.name
        changed += write_if_changed(target, notebook.read_bytes())
    homework = student_version(book.homework.read_text(encoding="utf-8"), book.student_note)
    text = json.dumps(homework, indent=1, ensure_ascii=False) + "\n"
    changed += write_if_changed(book.source / STAGED_HOMEWORK, text.encode("utf-8"))
    return changed


def start_sphinx(book: Book, jobs: int) -> subprocess.Popen[bytes]:
    """Sphinx's HTML build of ``book`` (a child process, started and not waited for)."""
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-j",
        str(jobs),
        "--keep-going",
        "--quiet",
        "-d",
        str(book.doctrees),
        str(book.source),
        str(book.html),
    ]
    environment = dict(
        os.environ,
        GAMELIB_STATIC="1",
        COURSE_SITE_CACHE=str(book.cache),
        COURSE_SITE_LANGUAGE=book.language,
    )
    # the kernels must come from this environment (the one with gamelib installed)
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    return subprocess.Popen(command, cwd=ROOT, env=environment)


def run_sphinx(jobs: int) -> int:
    """Sphinx's HTML builds of both books, at the same time (the notebooks' execution takes
    most of the time, and the two books' notebooks run side by side); the first non-zero exit
    code, or 0."""
    started = time.perf_counter()
    processes = {book.language: start_sphinx(book, jobs) for book in BOOKS}
    statuses = {}
    for language, process in processes.items():
        statuses[language] = process.wait()
        say(f"the {language} book: Sphinx done after {time.perf_counter() - started:.0f} s")
    failed = [status for status in statuses.values() if status != 0]
    return failed[0] if failed else 0


def copy_trainer() -> None:
    """The trainer page into HTML/trainer, or a note that this build has none."""
    target = HTML / "trainer"
    if target.exists():
        shutil.rmtree(target)
    if (TRAINER / "index.html").exists():
        shutil.copytree(TRAINER, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        return
    say("site/trainer/index.html is missing: the trainer link leads to a placeholder page")
    target.mkdir(parents=True)
    (target / "index.html").write_text(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Pruning trainer</title></head><body><p>The pruning trainer is not part of "
        'this build. <a href="../index.html">Back to the course</a>.</p></body></html>\n',
        encoding="utf-8",
    )


# ---- the lecturer's kit: the decks, a sample worksheet and the course's own source

SOURCE_ARCHIVE = "downloads/game-tree-search-course.tar.gz"
"""The course's source (``git archive`` of the commit built), offered by every page's footer
and by "Run it yourself": the two commands of the README work from it."""
SLIDES_BUILD = ROOT / "slides" / "_build"
WORKSHEETS = BUILD / "worksheets"
SAMPLE_WORKSHEET = (
    "--seed", "7", "--count", "6", "--depth", "3", "--branching", "2", "--cutoff", ">=",
    "--versions", "A",
)  # fmt: skip
"""The sample worksheet's options (the teacher's guide's first command), version A."""
SAMPLE_NAMES = {"-questions.pdf": "sample-worksheet", ".pdf": "sample-worksheet-with-key"}
"""The sample's PDFs as the website names them (by how gamelib.worksheets' names end): the
sheet alone, and the sheet followed by its answer key on pages of their own."""


def write_source_archive() -> bool:
    """The course's source as a .tar.gz of the commit checked out (``git archive HEAD``, one
    folder ``game-tree-search-course/``) into HTML; False (and said) outside a git checkout."""
    target = HTML / SOURCE_ARCHIVE
    target.parent.mkdir(parents=True, exist_ok=True)
    command = ["git", "archive", "--format=tar.gz", "--prefix=game-tree-search-course/"]
    result = subprocess.run(
        [*command, "-o", str(target), "HEAD"], cwd=ROOT, capture_output=True, check=False
    )
    if result.returncode != 0:
        say("not a git checkout: the pages offer no source archive")
        target.unlink(missing_ok=True)
        return False
    say(f"the course's source: {SOURCE_ARCHIVE} ({target.stat().st_size / 1e6:.1f} MB)")
    return True


def build_slides() -> bool | None:
    """The slide decks of both editions (``slides/build.py``: only the decks whose notebook or
    code changed are built again) copied into HTML/slides; False when a deck failed, None (and
    said) when reveal.js is not installed (``bash scripts/course.sh slides`` installs it)."""
    if not (ROOT / "slides" / "node_modules" / "reveal.js").is_dir():
        say(
            "reveal.js is not installed in slides/node_modules: the decks are not part of this "
            "build ('bash scripts/course.sh slides' installs it and builds them)"
        )
        return None
    command = [sys.executable, str(ROOT / "slides" / "build.py")]
    if subprocess.run(command, cwd=ROOT, check=False).returncode != 0:
        return False
    shutil.rmtree(HTML / "slides", ignore_errors=True)
    shutil.copytree(SLIDES_BUILD, HTML / "slides", ignore=shutil.ignore_patterns(".stamps"))
    link_the_decks_to_the_website(HTML / "slides")
    return True


WEBSITE_LINKS = {
    "index.html": ("../index.html", "← The course's website"),
    "ja/index.html": ("../../ja/index.html", "← 講座のウェブサイト"),
}
"""The decks' indexes (under html/slides) and the link each gets to its book's home page."""


def link_the_decks_to_the_website(slides: Path) -> None:
    """Give the decks' indexes as published (``slides`` is html/slides) a first line linking
    to the home page of the book of their language: slides/build.py writes them for the decks
    alone, where there is no website to go back to; on the website a lecturer who opened the
    decks from the home page or the teacher's guide must have a way back."""
    for name, (address, text) in WEBSITE_LINKS.items():
        index = slides / name
        if not index.exists():
            continue
        page = index.read_text(encoding="utf-8")
        link = f'<p class="website"><a href="{address}">{text}</a></p>'
        if link not in page:
            index.write_text(page.replace("<body>", "<body>" + link, 1), encoding="utf-8")


def build_sample_worksheets() -> bool:
    """The sample worksheet (:data:`SAMPLE_WORKSHEET`) in both languages, as PDFs, into
    HTML/worksheets (:data:`SAMPLE_NAMES`; Japanese names end in ``-ja``); made again only
    when gamelib's code changed. False (and said) when the PDFs cannot be made (no Chromium)."""
    stamp = WORKSHEETS / "stamp"
    key = json.dumps({"options": SAMPLE_WORKSHEET, "code": code_fingerprint()})
    if not (stamp.exists() and stamp.read_text() == key):
        shutil.rmtree(WORKSHEETS, ignore_errors=True)
        for language in ("en", "ja"):
            command = [sys.executable, "-m", "gamelib.worksheets", *SAMPLE_WORKSHEET]
            command += ["--language", language, "--out", str(WORKSHEETS)]
            if subprocess.run(command, cwd=ROOT, capture_output=True, check=False).returncode:
                say("the sample worksheet's PDFs could not be made (Chromium?): not linked")
                return False
        stamp.write_text(key)
    target = HTML / "worksheets"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for pdf in sorted(WORKSHEETS.glob("*.pdf")):
        stem = pdf.name.removesuffix("-ja.pdf").removesuffix(".pdf") + ".pdf"
        ending = "-questions.pdf" if stem.endswith("-questions.pdf") else ".pdf"
        suffix = "-ja" if pdf.name.endswith("-ja.pdf") else ""
        shutil.copy2(pdf, target / f"{SAMPLE_NAMES[ending]}{suffix}.pdf")
    return len(list(target.glob("*.pdf"))) == 4


def build_lite() -> int:
    """The JupyterLite edition into HTML/lite (lite/build.py, in a child process); its exit
    code."""
    command = [sys.executable, str(ROOT / "lite" / "build.py"), "--output-dir", str(LITE)]
    return subprocess.run([*command, "--no-archive"], cwd=ROOT, check=False).returncode


def sizes(folder: Path) -> tuple[float, float]:
    """The megabytes of ``folder``, and as a gzip-compressed tar archive."""
    import tarfile
    import tempfile

    raw = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    with tempfile.TemporaryFile() as file:
        with tarfile.open(fileobj=file, mode="w:gz") as archive:
            archive.add(folder, arcname=folder.name)
        return raw / 1e6, file.tell() / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--fresh", action="store_true", help="build from scratch")
    parser.add_argument(
        "--no-lite", action="store_true", help="without the JupyterLite edition in html/lite"
    )
    parser.add_argument(
        "--no-slides", action="store_true", help="without the slide decks in html/slides"
    )
    arguments = parser.parse_args()
    started = time.perf_counter()
    if arguments.fresh and BUILD.exists():
        shutil.rmtree(BUILD)
    url = repository_url()
    os.environ["COURSE_REPOSITORY_URL"] = url
    if not url:
        say(
            "no repository_url in site/course.toml and no GitHub remote 'origin': the pages "
            "get no GitHub, Binder or Colab buttons (set it to https://github.com/OWNER/REPO "
            "to have them)"
        )
    forget_stale_outputs()
    kit = []  # what the lecturer's kit has in this build: the pages link only to that
    if write_source_archive():
        kit.append("source_archive")
    if arguments.no_slides:
        say("without the slide decks (--no-slides): the pages do not link them")
    else:
        decks = build_slides()
        if decks is False:
            say("a slide deck failed to build")
            return 1
        if decks:
            kit.append("slides")
    if build_sample_worksheets():
        kit.append("worksheets")
    os.environ["COURSE_SITE_KIT"] = ",".join(kit)
    featured = featured_replay(build_tournament(arguments.jobs))
    for book in BOOKS:
        changed = stage(book, featured)
        where = book.source.relative_to(ROOT)
        say(f"staged the {book.language} book's sources in {where} ({changed} files changed)")
    status = run_sphinx(arguments.jobs)
    if status != 0:
        say(f"Sphinx failed (exit code {status})")
        return status
    # Sphinx copies static files only when a page was rewritten: the site's own, always
    for book in BOOKS:
        shutil.copytree(SITE / "_static", book.html / "_static", dirs_exist_ok=True)
    copy_trainer()
    copy_tournament()
    pages = [path for path in HTML.rglob("*.html") if LITE not in path.parents]
    if arguments.no_lite:
        shutil.rmtree(LITE, ignore_errors=True)
        say("without the JupyterLite edition (--no-lite): the 'Run in your browser' links fail")
    else:
        say(f"building the JupyterLite edition into {LITE.relative_to(ROOT)}")
        status = build_lite()
        if status != 0:
            say(f"the JupyterLite edition failed to build (exit code {status})")
            return status
        # a browser asks the server's root for a favicon on the edition's pages: the edition's
        # own answers there (the website's pages name theirs)
        shutil.move(LITE / "favicon.ico", HTML / "favicon.ico")
    seconds = time.perf_counter() - started
    say(f"built {len(pages)} HTML pages into {HTML.relative_to(ROOT)} in {seconds:.0f} s")
    raw, compressed = sizes(HTML)
    say(f"size: {raw:.1f} MB, {compressed:.1f} MB as a .tgz (the browser edition included)")
    say(f"open {HTML / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
