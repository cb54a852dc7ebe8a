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
import tempfile
import time
import zipfile
from pathlib import Path

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

NOTEBOOKS = ROOT / "notebooks"
HOMEWORK = NOTEBOOKS / "exercises" / "source" / "pruning_homework" / "pruning_homework.ipynb"
HOMEWORK_NOTE = (
    "**In the browser edition** this is the student version of the homework: the answer "
    "cells are empty and raise `NotImplementedError` until you fill them in, and the check "
    "cells run as usual. nbgrader's autograding and submission need a Jupyter server with "
    "nbgrader: they cannot run in the browser."
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


def build_gamelib_wheel(destination: Path) -> Path:
    """gamelib's wheel, built from a copy of the working tree (nothing is written in it)."""
    with tempfile.TemporaryDirectory() as temporary:
        source = Path(temporary) / "gamelib"
        source.mkdir()
        for name in ["pyproject.toml", "README.md"]:
            shutil.copy2(ROOT / name, source / name)
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


def write_configuration(work: Path, preloaded: list[str]) -> None:
    """jupyter-lite.json: the local Pyodide (explicit), its preloaded packages, no PyPI."""
    kernel = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": preloaded},
    }
    configuration = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Game-tree search (JupyterLite)",
            "litePluginSettings": {KERNEL_PLUGIN: kernel},
        },
    }
    (work / "jupyter-lite.json").write_text(json.dumps(configuration, indent=2), encoding="utf-8")


def stage_notebooks(folder: Path) -> None:
    """The course's notebooks (the same files as on the desktop), the homework's student
    version (nbgrader's ``ClearSolutions``, with a note) and lite/checks (a notebook that
    checks the browser runs the course) in ``folder``."""
    import nbformat
    from nbgrader.preprocessors import ClearSolutions

    folder.mkdir(parents=True)
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        shutil.copy2(notebook, folder / notebook.name)
    homework = nbformat.reads(HOMEWORK.read_text(encoding="utf-8"), as_version=4)
    homework, _ = ClearSolutions().preprocess(homework, {})
    note = nbformat.v4.new_markdown_cell(HOMEWORK_NOTE, id="lite-note")
    homework.cells.insert(1, note)
    (folder / "exercises").mkdir()
    nbformat.write(homework, folder / "exercises" / HOMEWORK.name)
    shutil.copytree(LITE / "checks", folder / "checks")


def prune_legacy_fonts() -> int:
    """Remove Font Awesome's fonts in the formats of old browsers (EOT, TTF, SVG, WOFF) where
    the WOFF2 one is there: every browser Pyodide runs in takes the WOFF2. Returns the bytes
    saved."""
    saved = 0
    for font in (OUTPUT / "build").glob("fa-*.woff2"):
        for old in font.parent.glob(font.stem + ".*"):
            if old.suffix in (".eot", ".ttf", ".svg", ".woff"):
                saved += old.stat().st_size
                old.unlink()
    return saved


def check_output() -> None:
    """Fail when the built site would load Pyodide from anywhere but itself."""
    configuration = json.loads((OUTPUT / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = configuration["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if not kernel.get("pyodideUrl", "").startswith("./static/pyodide/"):
        raise RuntimeError(f"pyodideUrl is not the local Pyodide: {kernel.get('pyodideUrl')}")
    lock = json.loads((OUTPUT / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    for name, entry in lock["packages"].items():
        if not (OUTPUT / "static/pyodide" / entry["file_name"]).exists():
            raise RuntimeError(f"the lock file names {name}, whose wheel is not shipped")


def folder_megabytes(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def build() -> None:
    started = time.monotonic()
    install_npm_packages()
    for folder in (OUTPUT, WORK):
        shutil.rmtree(folder, ignore_errors=True)
    WORK.mkdir()
    preloaded = stage_pyodide(WORK / "static" / "pyodide")
    write_configuration(WORK, preloaded)
    stage_notebooks(WORK / "files")
    say("building the site with jupyter lite build")
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--no-sourcemaps"]
    command += ["--lite-dir", str(WORK), "--output-dir", str(OUTPUT)]
    command += ["--contents", str(WORK / "files"), "--log-level", "WARN"]
    run(command, cwd=WORK)
    shutil.rmtree(WORK)
    # browsers ask the server's root for a favicon: answer with JupyterLite's own, not a 404
    shutil.copy2(OUTPUT / "lab" / "favicon.ico", OUTPUT / "favicon.ico")
    prune_legacy_fonts()
    check_output()
    seconds = time.monotonic() - started
    say(f"built in {seconds:.0f} s: {folder_megabytes(OUTPUT):.1f} MB in {OUTPUT}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    build()


if __name__ == "__main__":
    main()
