"""A check of the set-up, for the welcome notebook: versions, Graphviz, the drawing backend."""

from __future__ import annotations

import html
import platform
import shutil
import subprocess
from dataclasses import dataclass
from importlib import metadata

from gamelib.render import wasm_graphviz

COURSE_PACKAGES = ("gamelib", "jupyterlab", "ipywidgets", "graphviz", "matplotlib", "networkx")
"""The packages whose versions the welcome notebook shows."""

FRONT_ENDS = frozenset({"jupyterlab"})
"""Packages that only the course's own way of running the notebooks needs (``course.sh lab``).

A notebook opened in another front end (VS Code, Colab, JupyterLite, a website's kernel) runs
without them, so their absence is reported, never counted as missing."""

INSTALL_GRAPHVIZ = (
    "install Graphviz for the best drawings: 'sudo apt-get install graphviz' "
    "(or 'conda install -c conda-forge python-graphviz')"
)


@dataclass(frozen=True)
class SetupReport:
    """What this machine offers the course.

    Attributes:
        python: the Python version.
        packages: each course package with its version, or None when it is missing.
        graphviz: the version line of Graphviz's ``dot``, or None when ``dot`` is missing.
    """

    python: str
    packages: dict[str, str | None]
    graphviz: str | None

    @property
    def drawing_backend(self) -> str:
        """Which program draws the trees: Graphviz, or matplotlib as the fallback."""
        return "graphviz" if self.graphviz else "matplotlib (fallback)"

    @property
    def missing(self) -> list[str]:
        """The course packages the notebooks need that are not installed.

        A front-end package (:data:`FRONT_ENDS`, e.g. JupyterLab) is never listed: the
        notebooks run in any front end.
        """
        return [
            name
            for name, version in self.packages.items()
            if version is None and name not in FRONT_ENDS
        ]

    @property
    def ready(self) -> bool:
        """Whether every package the notebooks need is installed (Graphviz is optional)."""
        return not self.missing

    @property
    def status(self) -> str:
        """One line: ``"ready"``, or which packages are missing and how to install them."""
        if self.ready:
            return "ready"
        return (
            "packages missing: "
            + ", ".join(self.missing)
            + " (run 'bash scripts/course.sh setup', or pip install them)"
        )

    def lines(self) -> list[str]:
        """The report as lines of text."""
        lines = [f"Python {self.python}"]
        for name, version in self.packages.items():
            if version is not None:
                lines.append(f"{name} {version}")
            elif name in FRONT_ENDS:
                lines.append(f"{name}: not installed here (fine in another front end)")
            else:
                lines.append(f"{name}: MISSING")
        if self.graphviz:
            lines.append(f"Graphviz: {self.graphviz} (drawings by Graphviz)")
        else:
            lines.append(
                f"Graphviz: not found; drawings fall back to matplotlib. {INSTALL_GRAPHVIZ}"
            )
        return lines

    def __str__(self) -> str:
        return "\n".join([f"Set-up: {self.status}", *self.lines()])

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        return f"<p><b>Set-up: {html.escape(self.status)}</b></p><ul>{items}</ul>"


def graphviz_version() -> str | None:
    """The version line of ``dot -V``, or None when Graphviz's ``dot`` is not on the PATH
    (in a browser: which Graphviz compiled to WebAssembly draws, if any)."""
    if wasm_graphviz.IN_BROWSER:
        return wasm_graphviz.version_line()
    dot = shutil.which("dot")
    if dot is None:
        return None
    try:
        completed = subprocess.run(
            [dot, "-V"], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    text = (completed.stderr or completed.stdout).strip()
    return text or None


def check_setup() -> SetupReport:
    """Look at this machine: Python, the course packages, Graphviz.

    Guarantee: never raises for a missing package or program; it reports them (see
    :attr:`SetupReport.status`), so the welcome notebook runs in any front end.
    """
    packages: dict[str, str | None] = {}
    for name in COURSE_PACKAGES:
        try:
            packages[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            packages[name] = None
    return SetupReport(platform.python_version(), packages, graphviz_version())
