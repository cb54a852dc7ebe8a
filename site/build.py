"""Build the course's website into site/_build/html (run by ``bash scripts/course.sh site``).

Steps:

1. stage the sources in ``site/_build/source``: this folder's pages and configuration, the
   course notebooks (``notebooks/*.ipynb``, as in the repository, so that the launch buttons
   open the same path), and the homework's student version (nbgrader's ``ClearSolutions``
   applied to the source; its answer and check cells keep their code but not their output);
   a file is rewritten only when it changed, so a second build redoes only what changed;
2. run Sphinx (Jupyter Book 1's stack, configured in ``conf.py``): every notebook is executed
   with ``GAMELIB_STATIC=1``, its outputs cached in ``site/_build/.jupyter_cache``;
3. copy the pruning trainer (``site/trainer/``, a self-contained page) to ``html/trainer/``;
4. build the JupyterLite edition (``lite/build.py``) into ``html/lite/``: every notebook page
   links to its notebook there ("Run in your browser", ``_ext/course_site.py``), so the one
   folder ``html`` holds the website and the runnable edition and works from any static
   server (the edition needs one: it does not run from ``file://``). ``--no-lite`` skips it.

The execution cache knows only the notebooks' own text: when gamelib's code or the pinned
requirements change (a hash of them is kept in ``site/_build/code-fingerprint``), the cache
and Sphinx's saved state are dropped and every notebook runs again.

The launch buttons need the repository's URL: ``COURSE_REPOSITORY_URL``, else the git remote
``origin`` when it is on GitHub, else a placeholder (and the build says so).

Usage: ``python site/build.py [--jobs N] [--fresh] [--no-lite]`` (``--fresh``: forget the
execution cache and the previous build first, as a fresh clone would build).
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
from pathlib import Path
from typing import Any

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
PAGES = ("conf.py", "_toc.yml", "index.md", "run.md", "trainer.md", "teachers_guide.md")
FOLDERS = ("_static", "_ext")
PLACEHOLDER_REPOSITORY = "https://github.com/YOUR-ACCOUNT/game-tree-search"
STUDENT_NOTE = (
    "```{note}\nThis is the **student version** of the homework: the answer cells are empty "
    "(`raise NotImplementedError()`) and the checks have not run. To answer and check, "
    "[run it yourself](../../run.md).\n```"
)


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
    """Drop the execution cache and Sphinx's saved state when gamelib or the requirements
    changed since the last build (the cache knows only the notebooks' own text)."""
    stamp = BUILD / "code-fingerprint"
    fingerprint = code_fingerprint()
    if stamp.exists() and stamp.read_text() == fingerprint:
        return
    if CACHE.exists() or (BUILD / "doctrees").exists():
        say("gamelib or the requirements changed: executing every notebook again")
    shutil.rmtree(CACHE, ignore_errors=True)
    shutil.rmtree(BUILD / "doctrees", ignore_errors=True)
    BUILD.mkdir(parents=True, exist_ok=True)
    stamp.write_text(fingerprint)


def repository_url() -> tuple[str, bool]:
    """The repository's https URL for the launch buttons, and whether it is a placeholder."""
    configured = os.environ.get("COURSE_REPOSITORY_URL", "").strip()
    if configured:
        return configured.removesuffix(".git"), False
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
        return f"https://github.com/{match.group(1)}/{match.group(2)}", False
    return PLACEHOLDER_REPOSITORY, True


def student_version(text: str) -> dict[str, Any]:
    """The homework as a student gets it, for the website.

    nbgrader's ``ClearSolutions`` replaces the solutions by ``raise NotImplementedError()``;
    the answer and check cells then fail when executed, so they are tagged
    ``raises-exception`` (the build goes on) and ``remove-output`` (the page shows their
    code, not a traceback). A note at the top says so.
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
    note = {"cell_type": "markdown", "id": "site-note", "metadata": {}, "source": STUDENT_NOTE}
    result["cells"].insert(1, note)
    return result


def stage() -> int:
    """Copy the site's sources into SOURCE; returns how many files changed."""
    changed = 0
    for name in PAGES:
        changed += write_if_changed(SOURCE / name, (SITE / name).read_bytes())
    for folder in FOLDERS:
        for path in sorted((SITE / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                target = SOURCE / path.relative_to(SITE)
                changed += write_if_changed(target, path.read_bytes())
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        changed += write_if_changed(SOURCE / "notebooks" / notebook.name, notebook.read_bytes())
    homework = student_version(HOMEWORK.read_text(encoding="utf-8"))
    text = json.dumps(homework, indent=1, ensure_ascii=False) + "\n"
    changed += write_if_changed(SOURCE / STAGED_HOMEWORK, text.encode("utf-8"))
    return changed


def run_sphinx(jobs: int) -> int:
    """Sphinx's HTML build of SOURCE into HTML (in a child process); its exit code."""
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-j",
        str(jobs),
        "--keep-going",
        "-d",
        str(BUILD / "doctrees"),
        str(SOURCE),
        str(HTML),
    ]
    environment = dict(os.environ, GAMELIB_STATIC="1", COURSE_SITE_CACHE=str(CACHE))
    # the kernels must come from this environment (the one with gamelib installed)
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    return subprocess.run(command, cwd=ROOT, env=environment, check=False).returncode


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
    arguments = parser.parse_args()
    started = time.perf_counter()
    if arguments.fresh and BUILD.exists():
        shutil.rmtree(BUILD)
    url, placeholder = repository_url()
    os.environ["COURSE_REPOSITORY_URL"] = url
    if placeholder:
        say("no GitHub remote 'origin' and no COURSE_REPOSITORY_URL: the launch buttons")
        say(f"point to the placeholder {url}")
    forget_stale_outputs()
    changed = stage()
    say(f"staged the sources in {SOURCE.relative_to(ROOT)} ({changed} files changed)")
    status = run_sphinx(arguments.jobs)
    if status != 0:
        say(f"Sphinx failed (exit code {status})")
        return status
    # Sphinx copies static files only when a page was rewritten: the site's own, always
    shutil.copytree(SITE / "_static", HTML / "_static", dirs_exist_ok=True)
    copy_trainer()
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
