"""Running Graphviz's ``dot`` program: whether it is there, what to say when it is not, and
its SVG and PNG output.

When ``dot`` (or the ``graphviz`` Python package) is missing or fails, the drawings fall back
to matplotlib (:mod:`gamelib.render.fallback`); :func:`hint_install_graphviz` says once per
session how to install Graphviz. ``graphviz`` is imported only when ``dot`` is run.
"""

from __future__ import annotations

import shutil
import subprocess
import warnings
from collections.abc import Mapping
from typing import Final

from gamelib.language import Language, resolve
from gamelib.render import wasm_graphviz

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "install_hint": {
        "en": (
            "Graphviz's `dot` program was not found, so gamelib draws with matplotlib instead; "
            "for the graphviz drawings install it: `sudo apt-get install graphviz` "
            "(or `conda install -c conda-forge python-graphviz`, or `brew install graphviz`)."
        ),
        "ja": (
            "Graphviz の `dot` プログラムが見つからないので、gamelib は代わりに matplotlib で"
            "描きます。Graphviz の図にするにはインストールしてください："
            "`sudo apt-get install graphviz`（または `conda install -c conda-forge "
            "python-graphviz`、`brew install graphviz`）。"
        ),
    },
    "dot_failed": {
        "en": "Graphviz could not draw this picture ({error}); drawing it with matplotlib",
        "ja": "Graphviz がこの図を描けませんでした（{error}）。matplotlib で描きます",
    },
}
"""The warnings a student may see when Graphviz is missing or fails, in each language."""

INSTALL_HINT = WORDS["install_hint"]["en"]
"""The one-time hint how to install Graphviz, in English."""

_hint_given = False


class GraphvizMissingWarning(UserWarning):
    """Graphviz's ``dot`` is not installed (or failed): drawings fall back to matplotlib."""


def hint_install_graphviz(language: str | None = None) -> None:
    """Warn once per session that ``dot`` is missing and how to install it (in ``language``;
    None: the course-wide language)."""
    global _hint_given
    if not _hint_given:
        _hint_given = True
        hint = WORDS["install_hint"][resolve(language)]
        warnings.warn(hint, GraphvizMissingWarning, stacklevel=3)


def graphviz_available() -> bool:
    """Whether the ``dot`` program and the ``graphviz`` Python package are both there (in a
    browser: Graphviz compiled to WebAssembly, :mod:`gamelib.render.wasm_graphviz`)."""
    if wasm_graphviz.IN_BROWSER:
        return wasm_graphviz.available()
    if shutil.which("dot") is None:
        return False
    try:
        import graphviz  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def dot_png(source: bytes, dpi: float) -> bytes:
    """The PNG that ``dot`` draws of the DOT text ``source`` at ``dpi`` dots per inch."""
    dot = shutil.which("dot") or "dot"
    completed = subprocess.run(
        [dot, "-Tpng", f"-Gdpi={dpi:.2f}"], input=source, capture_output=True, check=True
    )
    return completed.stdout


def explain_graphviz_failure(error: Exception) -> None:
    """Say why graphviz could not draw (once, if ``dot`` is missing), or raise ``error``.

    A missing ``dot`` gives the one-time install hint; ``dot`` failing on a drawing gives a
    warning with its message. Either way the caller then draws with matplotlib. Any other
    error is a bug and is raised again.
    """
    try:
        import graphviz
    except ImportError:  # the Python package is missing too
        hint_install_graphviz()
        return
    if isinstance(error, graphviz.ExecutableNotFound | FileNotFoundError):
        hint_install_graphviz()
    elif isinstance(error, graphviz.CalledProcessError | subprocess.CalledProcessError):
        warnings.warn(
            WORDS["dot_failed"][resolve(None)].format(error=error),
            GraphvizMissingWarning,
            stacklevel=3,
        )
    else:
        raise error


def dot_svgs(source: str, count: int) -> list[str]:
    """The SVG documents ``dot`` draws of ``source``, which holds ``count`` graphs, in one run.

    Raises:
        graphviz.ExecutableNotFound: if ``dot`` is not installed.
        RuntimeError: if ``dot`` returns another number of drawings than ``count``.
    """
    if wasm_graphviz.IN_BROWSER:
        return wasm_graphviz.dot_svgs(source, count)
    import graphviz

    output = graphviz.pipe("dot", "svg", source.encode("utf-8"), quiet=True).decode("utf-8")
    documents = [part for part in output.split("</svg>") if "<svg" in part]
    if len(documents) != count:
        raise RuntimeError(f"dot returned {len(documents)} drawings for {count} graphs")
    return [document + "</svg>" for document in documents]


__all__ = [
    "INSTALL_HINT",
    "GraphvizMissingWarning",
    "dot_png",
    "dot_svgs",
    "explain_graphviz_failure",
    "graphviz_available",
    "hint_install_graphviz",
]
