"""Build the JupyterLite edition of the course into lite/_output (``bash scripts/course.sh lite``).

The notebooks run in the browser tab: Python compiled to WebAssembly (Pyodide) inside
JupyterLite, no server and no account. Everything comes from pip and npm, pinned:

* the build tools: ``jupyterlite-core`` and ``jupyterlite-pyodide-kernel`` (lite/requirements.txt);
* Pyodide's core: the npm package ``pyodide`` (lite/package.json, lite/package-lock.json), which
  ships no package wheels, and Graphviz compiled to WebAssembly: the npm package ``@viz-js/viz``;
* the wheels the kernel needs at start-up (micropip, IPython, jedi and their dependencies, at
  the versions Pyodide's lock file names) and the ones gamelib needs (lite/browser-packages.txt),
  all pure-Python wheels downloaded from PyPI into lite/_downloads (a cache kept between builds);
* gamelib's own wheel, built from the working tree every time.

The notebooks are the course's, with one change: their metadata names the kernel that runs
them here (Pyodide's, :data:`PYODIDE_KERNEL_METADATA`), so that JupyterLab does not rewrite it on
opening and a notebook opens unmodified. The Japanese notebooks open in a second lab page,
``ja/lab/index.html``, whose settings make JupyterLab's own menus Japanese (JupyterLab's
Japanese language pack, ``jupyterlab-language-pack-ja-JP``, is put into the edition by
JupyterLite's translation step: :func:`add_japanese_lab`).

Pyodide's lock file is cut down to the wheels shipped (with their real hashes), so nothing
points at a CDN; the kernel preloads them all (``loadPyodideOptions.packages``), so
``import gamelib`` works in the first cell without ``%pip``. The output folder is rebuilt from
scratch every time (an incremental JupyterLite build once dropped the local Pyodide URL).

Usage: ``python lite/build.py`` (prints where the site is and how to open it).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
OUTPUT = LITE / "_output"
WORK = LITE / "_work"
DOWNLOADS = LITE / "_downloads"
NODE_MODULES = LITE / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
VIZ_SCRIPT = NODE_MODULES / "@viz-js" / "viz" / "dist" / "viz.js"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"

PYODIDE_CORE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
"""What the browser needs from the npm package (pyodide.js and the source maps are left out)."""

KERNEL_PACKAGES = ["micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi"]
"""The packages the kernel installs at start-up (names as the kernel's worker spells them)."""

COURSE_PACKAGES = ["gamelib", "gamelib-wasm-graphviz", "graphviz", "ipywidgets", "chess"]
"""Preloaded for the course: ``import gamelib`` and its drawings work in the first cell."""

DEPENDENCIES_DROPPED = {
    # the plots: no matplotlib in the browser (the drawings use Graphviz in WebAssembly)
    "gamelib": ["matplotlib"],
    # Pyodide's entry lists matplotlib and numpy, which gamelib needs only for the plots
    "networkx": ["matplotlib", "numpy", "setuptools", "decorator"],
    # the notebook front end's widget assets come with the JupyterLite build, not from Python
    "ipywidgets": ["widgetsnbextension", "jupyterlab-widgets"],
}
"""Requirements not shipped: micropip would otherwise fetch them from a CDN."""

UNUSED_FILES = {
    # the test suite, which Pyodide's own build leaves out of the wheel too
    "networkx": re.compile(r"^networkx/(?:.+/)?tests/"),
    # type stubs of Django, for completions in Django projects
    "jedi": re.compile(r"^jedi/third_party/django-stubs/"),
}
"""Files left out of a downloaded wheel (by normalized project name): nothing imports them."""

UNUSED_EXTENSIONS = ("@jupyter/nbgrader", "@jupyter-notebook/lab-extension")
"""JupyterLab extensions of the course's environment that do nothing in the browser edition:
nbgrader's needs its server, Jupyter Notebook's opens the Notebook app (not built: only
JupyterLab is)."""

PYODIDE_MARKERS = {
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}
"""The environment markers of Pyodide's Python, for the wheels' requirements."""

PYODIDE_KERNEL_METADATA = {
    "kernelspec": {"display_name": "Python (Pyodide)", "language": "python", "name": "python"},
    "language_info": {
        "codemirror_mode": {"name": "python", "version": 3},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3",
        "version": "3.8",
    },
}
"""The kernel of the edition as JupyterLab writes it into a notebook it opens: the kernel spec
that jupyterlite-pyodide-kernel 0.8.6 registers and the ``language_info`` of its kernel-info
reply (which says Python 3.8 whatever Pyodide's Python is). A notebook whose metadata says
otherwise (the course's say ``python3``, the desktop's kernel) is rewritten on opening and opens
marked as modified; test_lite.py checks that every notebook opens unmodified."""

JAPANESE_LOCALE = "ja_JP"
"""JupyterLab's Japanese language pack (``jupyterlab-language-pack-ja-JP`` on PyPI,
lite/requirements.txt), as JupyterLab's translation setting names it."""

NOTEBOOKS = ROOT / "notebooks"
HOMEWORK = NOTEBOOKS / "exercises" / "source" / "pruning_homework" / "pruning_homework.ipynb"
HOMEWORK_NOTE = (
    "**In the browser edition** this is the student version of the homework: the answer "
    "cells are empty and raise `NotImplementedError` until you fill them in, and the check "
    "cells run as usual. nbgrader's autograding and submission need a Jupyter server with "
    "nbgrader: they cannot run in the browser."
)
JAPANESE_HOMEWORK = NOTEBOOKS / "ja/exercises/source/pruning_homework/pruning_homework.ipynb"
JAPANESE_HOMEWORK_NOTE = (
    "**ブラウザー版では**、これは宿題の学生用です。解答のセルは空で、書き込むまでは "
    "`NotImplementedError` を出します。チェックのセルはふだんどおり実行できます。nbgrader の"
    "自動採点と提出には nbgrader の入った Jupyter サーバーが必要で、ブラウザーの中では動きません。"
)


def say(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def run(command: list[str], cwd: Path = ROOT) -> None:
    subprocess.run(command, cwd=cwd, check=True)


def normalized(name: str) -> str:
    """A project name as PEP 503 compares them (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


# --------------------------------------------------------------------------- npm


def install_npm_packages() -> None:
    """``npm ci`` from the lock file, when node_modules is missing or older than the lock."""
    lock = LITE / "package-lock.json"
    stamp = NODE_MODULES / ".package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime and VIZ_SCRIPT.exists():
        return
    say("installing the npm packages (pyodide, @viz-js/viz) from lite/package-lock.json")
    run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LITE)


# --------------------------------------------------------------------------- wheels


def read_pins(path: Path) -> dict[str, str]:
    """``name==version`` lines of a requirements file, by normalized name."""
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, separator, version = line.partition("==")
            if not separator:
                raise ValueError(f"{path.name}: pin every package with ==, not {line!r}")
            pins[normalized(name)] = version.strip()
    return pins


def download_wheel(name: str, version: str) -> Path:
    """The pure-Python wheel of ``name==version`` from PyPI (cached in lite/_downloads)."""
    DOWNLOADS.mkdir(exist_ok=True)
    stem = normalized(name).replace("-", "_")
    for wheel in DOWNLOADS.glob("*.whl"):
        wheel_name, wheel_version = wheel.name.split("-")[:2]
        if normalized(wheel_name).replace("-", "_") == stem and wheel_version == version:
            return wheel
    say(f"downloading {name}=={version}")
    pip = [sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check"]
    command = [*pip[:3], "download", *pip[3:], "--no-deps", "--only-binary=:all:"]
    command += ["--python-version", "3.14", "--implementation", "py", "--abi", "none"]
    command += ["--platform", "any", "--dest", str(DOWNLOADS), f"{name}=={version}"]
    if subprocess.run(command, cwd=ROOT, capture_output=True).returncode != 0:
        # no wheel on PyPI (chess ships only its source): build the pure-Python wheel from it
        say(f"building the wheel of {name}=={version} from its source distribution")
        command = [*pip[:3], "wheel", *pip[3:], "--no-deps", "--no-binary", name]
        run([*command, "--wheel-dir", str(DOWNLOADS), f"{name}=={version}"])
        wheel = download_wheel(name, version)
        if not wheel.name.endswith("-py3-none-any.whl"):
            raise RuntimeError(f"{wheel.name} is not a pure-Python wheel: Pyodide cannot use it")
        return wheel
    return download_wheel(name, version)


def gamelib_fingerprint() -> str:
    """The first 12 hex digits of a hash of what goes into gamelib's wheel."""
    digest = hashlib.sha256()
    files = [ROOT / "pyproject.toml", *sorted((ROOT / "gamelib").rglob("*"))]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def build_gamelib_wheel(destination: Path) -> Path:
    """gamelib's wheel, built from a copy of the working tree (nothing is written in it).

    Its version carries a hash of gamelib's files as a local label (``0.1.0+g1a2b3c4d5e6f``),
    so the wheel's name, and the URL the browser fetches it from, change whenever gamelib
    changes: a browser's cache never hands out a stale gamelib.
    """
    with tempfile.TemporaryDirectory() as temporary:
        source = Path(temporary) / "gamelib"
        source.mkdir()
        shutil.copy2(ROOT / "README.md", source / "README.md")
        project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        labelled, count = re.subn(
            r'^version = "([^"+]+)"$',
            rf'version = "\1+g{gamelib_fingerprint()}"',
            project,
            count=1,
            flags=re.MULTILINE,
        )
        if count != 1:
            raise ValueError('pyproject.toml has no line version = "..." to label')
        (source / "pyproject.toml").write_text(labelled, encoding="utf-8")
        shutil.copytree(
            ROOT / "gamelib", source / "gamelib", ignore=shutil.ignore_patterns("__pycache__")
        )
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check"]
        run([*command, "--no-deps", "--wheel-dir", str(destination), str(source)])
    return next(destination.glob("gamelib-*.whl"))


def build_viz_wheel(destination: Path) -> Path:
    """A wheel ``gamelib_wasm_graphviz`` holding viz.js (Graphviz compiled to WebAssembly).

    gamelib's Pyodide drawing route (:mod:`gamelib.render.wasm_graphviz`) imports the script
    from this package's folder, so the drawings need no URL and no network.
    """
    version = json.loads((VIZ_SCRIPT.parents[1] / "package.json").read_text())["version"]
    name = "gamelib_wasm_graphviz"
    files = {
        f"{name}/__init__.py": (
            '"""Graphviz compiled to WebAssembly (npm @viz-js/viz '
            f'{version}) for gamelib in Pyodide."""\n\nVERSION = "{version}"\n'
        ).encode(),
        f"{name}/viz.js": VIZ_SCRIPT.read_bytes(),
    }
    information = f"{name}-{version}.dist-info"
    files[f"{information}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: gamelib-wasm-graphviz\nVersion: {version}\n"
        "Summary: viz.js (Graphviz in WebAssembly) packaged for gamelib in Pyodide\n"
        "License: MIT AND EPL-1.0\n"
    ).encode()
    files[f"{information}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: lite/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{information}/top_level.txt"] = f"{name}\n".encode()
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{information}/RECORD,,")
    files[f"{information}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = destination / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), data)
    return wheel


def strip_wheel(wheel: Path, unused: re.Pattern[str]) -> int:
    """Rewrite ``wheel`` without the files whose paths match ``unused`` (and without their
    lines in its RECORD); returns the bytes saved."""
    before = wheel.stat().st_size
    with zipfile.ZipFile(wheel) as archive:
        kept = [
            (info, archive.read(info))
            for info in archive.infolist()
            if not unused.match(info.filename)
        ]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for info, data in kept:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if not unused.match(line)).encode()
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return before - wheel.stat().st_size


def wheel_facts(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's project name, version, requirements (names, no extras or markers) and
    top-level import names."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_path = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(metadata_path).decode("utf-8")
        top_level_path = metadata_path.replace("METADATA", "top_level.txt")
        if top_level_path in names:
            imports = archive.read(top_level_path).decode().split()
        else:
            imports = sorted(
                {n.split("/")[0].removesuffix(".py") for n in names if ".dist-info" not in n}
            )
    fields = re.findall(r"^(Name|Version|Requires-Dist): (.*)$", metadata, re.MULTILINE)
    name = next(value.strip() for key, value in fields if key == "Name")
    version = next(value.strip() for key, value in fields if key == "Version")
    requirements = []
    for key, value in fields:
        if key == "Requires-Dist":
            requirement = Requirement(value.strip())
            if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
                requirements.append(normalized(requirement.name))
    return name, version, requirements, [i for i in imports if i and not i.startswith("_")]


# --------------------------------------------------------------------------- the Pyodide folder


def collect_wheels(folder: Path) -> dict[str, Path]:
    """Every wheel the edition ships, by normalized name, copied into ``folder``."""
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    pyodide_packages = {normalized(key): entry for key, entry in lock["packages"].items()}
    kernel_wheels = {
        normalized(wheel_facts(wheel)[0]): wheel
        for wheel in (ROOT / ".venv" / "share" / "jupyter" / "labextensions").glob(
            f"{KERNEL_EXTENSION}/static/pypi/*.whl"
        )
    }
    kernel_wheels.pop("widgetsnbextension", None)  # the shims for ipywidgets 7 and 8: unused
    if not kernel_wheels:
        kernel_wheels = {
            normalized(wheel_facts(wheel)[0]): wheel
            for wheel in Path(sys.prefix).glob(
                f"share/jupyter/labextensions/{KERNEL_EXTENSION}/static/pypi/*.whl"
            )
        }
    pins = read_pins(LITE / "browser-packages.txt")
    wheels: dict[str, Path] = {}
    wanted = [normalized(name) for name in KERNEL_PACKAGES + COURSE_PACKAGES]
    built = {
        "gamelib": build_gamelib_wheel(folder),
        "gamelib-wasm-graphviz": build_viz_wheel(folder),
    }
    while wanted:
        name = wanted.pop()
        if name in wheels:
            continue
        if name in built:
            wheel = built[name]
        elif name in kernel_wheels:
            wheel = Path(shutil.copy2(kernel_wheels[name], folder))
        elif name in pins:
            wheel = Path(shutil.copy2(download_wheel(name, pins[name]), folder))
        elif name in pyodide_packages:
            entry = pyodide_packages[name]
            wheel = Path(shutil.copy2(download_wheel(name, entry["version"]), folder))
        else:
            raise ValueError(f"{name} is needed but neither pinned nor in Pyodide's lock file")
        if name in UNUSED_FILES:
            saved = strip_wheel(wheel, UNUSED_FILES[name])
            say(f"{wheel.name}: {saved / 1e6:.1f} MB of unused files left out")
        wheels[name] = wheel
        dropped = DEPENDENCIES_DROPPED.get(name, [])
        wanted += [r for r in wheel_facts(wheel)[2] if r not in dropped and r not in wheels]
    return wheels


def lock_entry(wheel: Path, shipped: set[str]) -> dict[str, object]:
    """Pyodide's lock-file entry of a shipped wheel: its real hash, only shipped requirements."""
    name, version, requirements, imports = wheel_facts(wheel)
    dropped = DEPENDENCIES_DROPPED.get(normalized(name), [])
    return {
        "name": normalized(name),
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(r for r in requirements if r in shipped and r not in dropped),
        "unvendored_tests": False,
        "tool": {},
    }


def stage_pyodide(folder: Path) -> list[str]:
    """Pyodide's core, the shipped wheels and their lock file in ``folder``; returns the
    packages the kernel preloads."""
    folder.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy2(PYODIDE_NPM / name, folder / name)
    wheels = collect_wheels(folder)
    missing = [n for n in wheels if n not in {normalized(p) for p in wheels}]
    if missing:
        raise ValueError(f"wheels missing: {missing}")
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {
        name: lock_entry(wheel, set(wheels)) for name, wheel in sorted(wheels.items())
    }
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(set(KERNEL_PACKAGES + COURSE_PACKAGES))


# --------------------------------------------------------------------------- the site


EDITION_STORAGE = {
    "en": {
        "appName": "Game-tree search (JupyterLite)",
        "settingsStorageName": "Game-tree search (JupyterLite): settings",
        "contentsStorageName": "Game-tree search (JupyterLite): notebooks",
        "workspacesStorageName": "Game-tree search (JupyterLite): workspaces",
    },
    "ja": {
        "appName": "ゲーム木探索 (JupyterLite)",
        "settingsStorageName": "Game-tree search (JupyterLite, ja): settings",
        "contentsStorageName": "Game-tree search (JupyterLite, ja): notebooks",
        "workspacesStorageName": "Game-tree search (JupyterLite, ja): workspaces",
    },
}
"""Each lab's name and its own browser storage (JupyterLite's ``settingsStorageName``,
``contentsStorageName`` and ``workspacesStorageName``; the default, ``JupyterLite Storage -
<baseUrl>``, is the same for both labs, which share the site's root). With one store each, the
Japanese lab never restores the English lab's open notebooks (whose kernels then fail: "was
disposed"), nor its settings or saved copies, and the reverse; test_lite.py opens both, one
after the other, in one browser context and runs a cell in each."""


def write_configuration(work: Path, preloaded: list[str]) -> None:
    """jupyter-lite.json: the local Pyodide (explicit), its preloaded packages, no PyPI, the
    English lab's name and storage (:data:`EDITION_STORAGE`), and JupyterLab's
    ``exposeAppInBrowser`` (``window.jupyterapp``: test_lite.py reads an open notebook's
    metadata through it to name what changed when a notebook opens modified)."""
    kernel = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": preloaded},
    }
    configuration = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            **EDITION_STORAGE["en"],
            "exposeAppInBrowser": "true",
            "litePluginSettings": {KERNEL_PLUGIN: kernel},
        },
    }
    (work / "jupyter-lite.json").write_text(json.dumps(configuration, indent=2), encoding="utf-8")


def student_version(text: str, note: str = HOMEWORK_NOTE) -> Any:
    """The homework as a student gets it: nbgrader's ``ClearSolutions`` (the answers become
    ``raise NotImplementedError()``), a note on what the browser cannot do, and the answer
    and check cells tagged ``raises-exception`` (they fail until answered; the website's
    build tags them the same way, and the browser test allows errors there only). Run All
    still stops at the first unanswered task in JupyterLite."""
    import nbformat
    from nbgrader.preprocessors import ClearSolutions

    homework = nbformat.reads(text, as_version=4)
    homework, _ = ClearSolutions().preprocess(homework, {})
    for cell in homework.cells:
        grading = cell.get("metadata", {}).get("nbgrader", {})
        if cell.cell_type == "code" and (grading.get("solution") or grading.get("grade")):
            tags = cell.metadata.setdefault("tags", [])
            if "raises-exception" not in tags:
                tags.append("raises-exception")
    homework.cells.insert(1, nbformat.v4.new_markdown_cell(note, id="lite-note"))
    homework.metadata.update(PYODIDE_KERNEL_METADATA)
    return homework


def stage_notebook(notebook: Path, target: Path) -> None:
    """``notebook`` as the edition ships it: the same cells, and :data:`PYODIDE_KERNEL_METADATA`
    for its kernel (so that it opens unmodified)."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    content["metadata"].update(PYODIDE_KERNEL_METADATA)
    text = json.dumps(content, indent=1, ensure_ascii=False) + "\n"
    target.write_text(text, encoding="utf-8")


def stage_notebooks(folder: Path) -> None:
    """The course's notebooks (the same cells as on the desktop, :func:`stage_notebook`; the
    Japanese edition in ``ja/`` when there is one), the homework's student version
    (:func:`student_version`; the Japanese one in ``ja/exercises/``) and lite/checks (a
    notebook that checks the browser runs the course) in ``folder``."""
    import nbformat

    folder.mkdir(parents=True)
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        stage_notebook(notebook, folder / notebook.name)
    japanese = sorted((NOTEBOOKS / "ja").glob("*.ipynb"))
    if japanese:
        (folder / "ja").mkdir()
        for notebook in japanese:
            stage_notebook(notebook, folder / "ja" / notebook.name)
    homework = student_version(HOMEWORK.read_text(encoding="utf-8"))
    (folder / "exercises").mkdir()
    nbformat.write(homework, folder / "exercises" / HOMEWORK.name)
    if japanese and JAPANESE_HOMEWORK.exists():
        text = JAPANESE_HOMEWORK.read_text(encoding="utf-8")
        (folder / "ja" / "exercises").mkdir()
        homework = student_version(text, JAPANESE_HOMEWORK_NOTE)
        nbformat.write(homework, folder / "ja" / "exercises" / JAPANESE_HOMEWORK.name)
    (folder / "checks").mkdir()
    for notebook in sorted((LITE / "checks").glob("*.ipynb")):
        stage_notebook(notebook, folder / "checks" / notebook.name)


def prune_legacy_fonts(output: Path) -> int:
    """Remove Font Awesome's fonts in the formats of old browsers (EOT, TTF, SVG, WOFF) where
    the WOFF2 one is there: every browser Pyodide runs in takes the WOFF2. Returns the bytes
    saved."""
    saved = 0
    for font in (output / "build").glob("fa-*.woff2"):
        for old in font.parent.glob(font.stem + ".*"):
            if old.suffix in (".eot", ".ttf", ".svg", ".woff"):
                saved += old.stat().st_size
                old.unlink()
    return saved


def prune_extensions(output: Path) -> int:
    """Remove the JupyterLab extensions the build picked up from the environment that have no
    use in the browser (:data:`UNUSED_EXTENSIONS`), from the folder and from
    jupyter-lite.json. Returns the bytes saved."""
    path = output / "jupyter-lite.json"
    configuration = json.loads(path.read_text(encoding="utf-8"))
    data = configuration["jupyter-config-data"]
    data["federated_extensions"] = [
        extension
        for extension in data["federated_extensions"]
        if extension["name"] not in UNUSED_EXTENSIONS
    ]
    path.write_text(json.dumps(configuration, indent=2) + "\n", encoding="utf-8")
    saved = 0
    for name in UNUSED_EXTENSIONS:
        folder = output / "extensions" / name
        if folder.exists():
            saved += int(folder_megabytes(folder) * 1e6)
            shutil.rmtree(folder)
    return saved


def add_japanese_lab(output: Path) -> None:
    """A second lab page, ``ja/lab/index.html``, for the Japanese notebooks: the same
    JupyterLab, whose translation setting defaults to Japanese there (its menus, dialogs and
    status bar in Japanese). JupyterLite merges the configuration files from the site's root
    down to the page's folder, so ``ja/jupyter-lite.json`` adds the setting to the root's, with
    the Japanese lab's own name and storage (:data:`EDITION_STORAGE`: its workspace, settings
    and saved notebooks apart from the English lab's), and ``ja/lab/jupyter-lite.json`` places
    the app. The page is the lab's own ``index.html`` one folder deeper.
    Fails when the translation step did not put the Japanese language pack into the edition."""
    if not (output / "api" / "translations" / f"{JAPANESE_LOCALE}.json").is_file():
        raise RuntimeError(
            f"no {JAPANESE_LOCALE} translation in the edition: install "
            "jupyterlab-language-pack-ja-JP (lite/requirements.txt) and build again"
        )
    lab = output / "ja" / "lab"
    lab.mkdir(parents=True)
    page = (output / "lab" / "index.html").read_text(encoding="utf-8")
    deeper = re.sub(r"""(["'])\.\./""", r"\1../../", page)  # the bundle, config-utils.js …
    deeper = deeper.replace('data-jupyter-lite-root=".."', 'data-jupyter-lite-root="../.."')
    if deeper.count("../../") < 3 or 'data-jupyter-lite-root="../.."' not in deeper:
        raise RuntimeError("lab/index.html has changed: cannot place it one folder deeper")
    (lab / "index.html").write_text(deeper, encoding="utf-8")
    lab_configuration = json.loads((output / "lab" / "jupyter-lite.json").read_text("utf-8"))
    data = lab_configuration["jupyter-config-data"]
    data["appUrl"] = "/ja/lab"
    data["settingsUrl"] = "../" + data["settingsUrl"]
    (lab / "jupyter-lite.json").write_text(json.dumps(lab_configuration, indent=2), "utf-8")
    language = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            **EDITION_STORAGE["ja"],
            "settingsOverrides": {
                "@jupyterlab/translation-extension:plugin": {"locale": JAPANESE_LOCALE}
            },
        },
    }
    (output / "ja" / "jupyter-lite.json").write_text(json.dumps(language, indent=2), "utf-8")
    # JupyterLite reads a jupyter-lite.ipynb and an index.html beside each jupyter-lite.json
    for folder in (output / "ja", lab):
        notebook = json.loads((output / "lab" / "jupyter-lite.ipynb").read_text("utf-8"))
        notebook["metadata"]["jupyter-lite"] = {"jupyter-lite-schema-version": 0}
        (folder / "jupyter-lite.ipynb").write_text(json.dumps(notebook, indent=1), "utf-8")
    (output / "ja" / "index.html").write_text(
        '<!DOCTYPE html>\n<html lang="ja"><head><meta charset="utf-8">'
        '<script id="jupyter-config-data" type="application/json">{}</script>'
        '<meta http-equiv="refresh" content="0; url=lab/index.html"></head>'
        '<body><a href="lab/index.html">JupyterLab（日本語）</a></body></html>\n',
        encoding="utf-8",
    )


def check_output(output: Path) -> None:
    """Fail when the built site would load Pyodide from anywhere but itself, or names a
    file it does not ship."""
    configuration = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = configuration["jupyter-config-data"]
    kernel = data["litePluginSettings"][KERNEL_PLUGIN]
    if not kernel.get("pyodideUrl", "").startswith("./static/pyodide/"):
        raise RuntimeError(f"pyodideUrl is not the local Pyodide: {kernel.get('pyodideUrl')}")
    lock = json.loads((output / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    for name, entry in lock["packages"].items():
        if not (output / "static/pyodide" / entry["file_name"]).exists():
            raise RuntimeError(f"the lock file names {name}, whose wheel is not shipped")
    for extension in data["federated_extensions"]:
        if not (output / "extensions" / extension["name"]).is_dir():
            raise RuntimeError(f"jupyter-lite.json names the missing {extension['name']}")


def folder_megabytes(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def compressed_megabytes(folder: Path) -> float:
    """The size of ``folder`` as a gzip-compressed tar archive (as it would be uploaded)."""
    with tempfile.TemporaryFile() as file:
        with tarfile.open(fileobj=file, mode="w:gz") as archive:
            archive.add(folder, arcname=folder.name)
        return file.tell() / 1e6


def build(output: Path = OUTPUT, archive: bool = True) -> None:
    """Build the edition into ``output`` (emptied first); print its size, and its size as a
    .tgz when ``archive``."""
    started = time.monotonic()
    install_npm_packages()
    for folder in (output, WORK):
        shutil.rmtree(folder, ignore_errors=True)
    WORK.mkdir()
    preloaded = stage_pyodide(WORK / "static" / "pyodide")
    write_configuration(WORK, preloaded)
    stage_notebooks(WORK / "files")
    say("building the site with jupyter lite build")
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--no-sourcemaps"]
    command += ["--apps", "lab", "--no-unused-shared-packages"]
    command += ["--lite-dir", str(WORK), "--output-dir", str(output)]
    command += ["--contents", str(WORK / "files"), "--log-level", "WARN"]
    run(command, cwd=WORK)
    shutil.rmtree(WORK)
    # browsers ask the server's root for a favicon: answer with JupyterLite's own, not a 404
    shutil.copy2(output / "lab" / "favicon.ico", output / "favicon.ico")
    saved = prune_legacy_fonts(output) + prune_extensions(output)
    add_japanese_lab(output)
    check_output(output)
    seconds = time.monotonic() - started
    say(f"built in {seconds:.0f} s into {output}")
    megabytes = folder_megabytes(output)
    say(f"size: {megabytes:.1f} MB (unused fonts and extensions: {saved / 1e6:.1f} MB dropped)")
    if archive:
        say(f"size as a .tgz: {compressed_megabytes(output):.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--output-dir", type=Path, default=OUTPUT, help="where to build (default lite/_output)"
    )
    parser.add_argument(
        "--no-archive", action="store_true", help="do not measure the size as a .tgz"
    )
    arguments = parser.parse_args()
    build(arguments.output_dir.resolve(), archive=not arguments.no_archive)


if __name__ == "__main__":
    main()
