"""A check of the set-up, for the welcome notebook: versions, Graphviz, the drawing backend.

The report is written in English or Japanese (:data:`WORDS`): the report's ``language``
(None: the course-wide setting of :func:`gamelib.language.set_language`).
"""

from __future__ import annotations

import html
import platform
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import metadata
from typing import Final

from gamelib.language import Language, resolve
from gamelib.render import wasm_graphviz

COURSE_PACKAGES = ("gamelib", "jupyterlab", "ipywidgets", "graphviz", "matplotlib", "networkx")
"""The packages whose versions the welcome notebook shows."""

FRONT_ENDS = frozenset({"jupyterlab"})
"""Packages that only the course's own way of running the notebooks needs (``course.sh lab``).

A notebook opened in another front end (VS Code, Colab, JupyterLite, a website's kernel) runs
without them, so their absence is reported, never counted as missing."""

FALLBACKS = frozenset({"matplotlib"})
"""Packages that draw the trees only where Graphviz is missing (see gamelib.render.fallback).

Where Graphviz draws (its ``dot`` program, or Graphviz compiled to WebAssembly in a browser,
where matplotlib cannot be installed), their absence is reported, never counted as missing."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "ready": {"en": "ready", "ja": "準備完了"},
    "packages_missing": {
        "en": "packages missing: {names} (run 'bash scripts/course.sh setup', or pip install them)",
        "ja": "足りないパッケージ：{names}（'bash scripts/course.sh setup' を実行するか、"
        "pip でインストールしてください）",
    },
    "backend_graphviz": {"en": "graphviz", "ja": "graphviz（Graphviz で描画）"},
    "backend_fallback": {"en": "matplotlib (fallback)", "ja": "matplotlib（代わりの描画）"},
    "front_end_missing": {
        "en": "{name}: not installed here (fine in another front end)",
        "ja": "{name}：ここには入っていません（ほかのフロントエンドでは問題ありません）",
    },
    "package_missing": {"en": "{name}: MISSING", "ja": "{name}：見つかりません"},
    "fallback_missing": {
        "en": "{name}: not installed (needed only where Graphviz is missing)",
        "ja": "{name}：入っていません（Graphviz がないときだけ必要です）",
    },
    "graphviz_found": {
        "en": "Graphviz: {version} (drawings by Graphviz)",
        "ja": "Graphviz：{version}（図は Graphviz で描きます）",
    },
    "graphviz_missing": {
        "en": "Graphviz: not found; drawings fall back to matplotlib. {install}",
        "ja": "Graphviz：見つかりません。図は代わりに matplotlib で描きます。{install}",
    },
    "install_graphviz": {
        "en": "install Graphviz for the best drawings: 'sudo apt-get install graphviz' "
        "(or 'conda install -c conda-forge python-graphviz')",
        "ja": "きれいな図のために Graphviz をインストールしてください："
        "'sudo apt-get install graphviz'（または 'conda install -c conda-forge python-graphviz'）",
    },
    "set_up": {"en": "Set-up: {status}", "ja": "セットアップ：{status}"},
}
"""Every sentence of the report, in English and Japanese (``str.format`` templates)."""


def _words(language: str | None) -> dict[str, str]:
    """The templates of :data:`WORDS` in ``language`` (None: the course-wide language)."""
    chosen = resolve(language)
    return {name: texts[chosen] for name, texts in WORDS.items()}


INSTALL_GRAPHVIZ = WORDS["install_graphviz"]["en"]
"""How to install Graphviz, in English."""


@dataclass(frozen=True)
class SetupReport:
    """What this machine offers the course.

    Attributes:
        python: the Python version.
        packages: each course package with its version, or None when it is missing.
        graphviz: the version line of Graphviz's ``dot``, or None when ``dot`` is missing.
        language: the language of the report's text; None: the course-wide language when the
            text is made.
    """

    python: str
    packages: dict[str, str | None]
    graphviz: str | None
    language: str | None = None

    @property
    def drawing_backend(self) -> str:
        """Which program draws the trees: Graphviz, or matplotlib as the fallback."""
        return _words(self.language)["backend_graphviz" if self.graphviz else "backend_fallback"]

    @property
    def missing(self) -> list[str]:
        """The course packages the notebooks need that are not installed.

        A front-end package (:data:`FRONT_ENDS`, e.g. JupyterLab) is never listed: the
        notebooks run in any front end.
        """
        return [
            name
            for name, version in self.packages.items()
            if version is None
            and name not in FRONT_ENDS
            and not (name in FALLBACKS and self.graphviz)
        ]

    @property
    def ready(self) -> bool:
        """Whether every package the notebooks need is installed (Graphviz is optional)."""
        return not self.missing

    @property
    def status(self) -> str:
        """One line: ``"ready"``, or which packages are missing and how to install them."""
        return self.status_line()

    def status_line(self, *, language: str | None = None) -> str:
        """:attr:`status` in ``language`` (None: the report's language)."""
        words = _words(self.language if language is None else language)
        if self.ready:
            return words["ready"]
        return words["packages_missing"].format(names=", ".join(self.missing))

    def lines(self, *, language: str | None = None) -> list[str]:
        """The report as lines of text, in ``language`` (None: the report's language)."""
        words = _words(self.language if language is None else language)
        lines = [f"Python {self.python}"]
        for name, version in self.packages.items():
            if version is not None:
                lines.append(f"{name} {version}")
            elif name in FRONT_ENDS:
                lines.append(words["front_end_missing"].format(name=name))
            elif name in FALLBACKS and self.graphviz:
                lines.append(words["fallback_missing"].format(name=name))
            else:
                lines.append(words["package_missing"].format(name=name))
        if self.graphviz:
            lines.append(words["graphviz_found"].format(version=self.graphviz))
        else:
            lines.append(words["graphviz_missing"].format(install=words["install_graphviz"]))
        return lines

    def __str__(self) -> str:
        head = _words(self.language)["set_up"].format(status=self.status)
        return "\n".join([head, *self.lines()])

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        head = _words(self.language)["set_up"].format(status=html.escape(self.status))
        return f"<p><b>{head}</b></p><ul>{items}</ul>"


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


def check_setup(*, language: str | None = None) -> SetupReport:
    """Look at this machine: Python, the course packages, Graphviz.

    Guarantee: never raises for a missing package or program; it reports them (see
    :attr:`SetupReport.status`), so the welcome notebook runs in any front end. The report
    writes in ``language`` (None: the course-wide language when its text is made).
    """
    packages: dict[str, str | None] = {}
    for name in COURSE_PACKAGES:
        try:
            packages[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            packages[name] = None
    return SetupReport(
        platform.python_version(),
        packages,
        graphviz_version(),
        None if language is None else resolve(language),
    )
