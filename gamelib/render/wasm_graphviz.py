"""Graphviz compiled to WebAssembly: gamelib's drawings in the browser (Pyodide, JupyterLite).

In a browser there is no ``dot`` program to run, so :mod:`gamelib.render.dot_program` hands
the DOT text to viz.js (the npm package ``@viz-js/viz``: Graphviz itself, compiled to
WebAssembly) instead. The drawings are therefore made by the same DOT text and the same
Graphviz layout as on the desktop; only the text widths differ a little (the WebAssembly build
estimates them without the system's fonts).

The script ships in the small package ``gamelib_wasm_graphviz``, which the JupyterLite edition
preloads (lite/build.py); it is read from Python's file system and imported from a ``blob:``
URL, so drawing needs no network and no URL of the site. Loading starts when this module is
imported (:func:`start_loading`) and takes a moment; a drawing asked for before it is done
waits for it when the browser can suspend WebAssembly (JavaScript Promise Integration, in
Chromium) and otherwise asks to run the cell again.

Everything here runs only in Pyodide (``sys.platform == "emscripten"``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from typing import Any

from gamelib.render.svg import FONT

IN_BROWSER = sys.platform == "emscripten"
"""Whether Python runs in a browser (Pyodide)."""

SCRIPT_PACKAGE = "gamelib_wasm_graphviz"
"""The package holding viz.js (built by lite/build.py from the npm package)."""

STILL_LOADING = (
    "Graphviz (compiled to WebAssembly) is still loading in this browser tab: run this cell "
    "again in a moment."
)

_LOADER = """
(url) => {
  globalThis.gamelibGraphviz ??= import(url)
    .then((module) => module.instance())
    .then((viz) => { globalThis.gamelibGraphvizInstance = viz; return viz; });
  return globalThis.gamelibGraphviz;
}
"""

_GRAPH_START = re.compile(r"^(?=(?:strict\s+)?(?:di)?graph\b)", re.MULTILINE)


def available() -> bool:
    """Whether this Python runs in a browser that has the WebAssembly Graphviz shipped."""
    return IN_BROWSER and importlib.util.find_spec(SCRIPT_PACKAGE) is not None


def version_line() -> str | None:
    """Which WebAssembly Graphviz draws here (None when it is not shipped)."""
    if not available():
        return None
    from importlib.metadata import version

    return f"Graphviz compiled to WebAssembly (viz.js {version('gamelib-wasm-graphviz')})"


def start_loading() -> None:
    """Start loading Graphviz in the background (once per browser tab; no-op elsewhere)."""
    if not available():
        return
    import js  # type: ignore[import-not-found]
    from pyodide.code import run_js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    if getattr(js.globalThis, "gamelibGraphviz", None) is not None:
        return
    from importlib.resources import files

    script = files(SCRIPT_PACKAGE).joinpath("viz.js").read_bytes()
    options = to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([to_js(script)]), options)
    run_js(_LOADER)(js.URL.createObjectURL(blob))


def _instance() -> Any:
    """The viz.js instance: loaded already, waited for, or RuntimeError(STILL_LOADING)."""
    import js

    start_loading()
    viz = getattr(js.globalThis, "gamelibGraphvizInstance", None)
    if viz is not None:
        return viz
    from pyodide.ffi import can_run_sync, run_sync

    if can_run_sync():
        return run_sync(js.globalThis.gamelibGraphviz)
    raise RuntimeError(STILL_LOADING)


def split_graphs(source: str) -> list[str]:
    """The graphs of a DOT text holding several, one text each (viz.js reads one at a time).

    >>> split_graphs('digraph a {\\n x\\n}\\ndigraph b {\\n y\\n}\\n')
    ['digraph a {\\n x\\n}\\n', 'digraph b {\\n y\\n}\\n']
    """
    return [part for part in _GRAPH_START.split(source) if part.strip()]


def measured_with_first_font(source: str) -> str:
    """``source`` with gamelib's font list replaced by its first font, ``DejaVu Sans``.

    The WebAssembly Graphviz measures text with built-in tables of known fonts; it does not
    know a list of fonts and measures one with Times, whose narrower letters made runs of
    text overlap (``(α, β)window``). Measured as DejaVu Sans, the text widths come within a
    few per cent of the desktop's; the SVG still asks for the whole list (``clean_svg``).

    >>> measured_with_first_font(f'n [fontname="{FONT}"]')
    'n [fontname="DejaVu Sans"]'
    """
    return source.replace(f'"{FONT}"', '"' + FONT.split(",")[0] + '"')


def dot_svgs(source: str, count: int) -> list[str]:
    """The SVG documents Graphviz draws of ``source``, which holds ``count`` graphs.

    Raises:
        RuntimeError: outside a browser, while Graphviz is still loading (without JavaScript
            Promise Integration), or if ``source`` does not hold ``count`` graphs.
    """
    if not available():
        raise RuntimeError("the WebAssembly Graphviz runs only in a browser (Pyodide)")
    import js
    from pyodide.ffi import to_js

    graphs = split_graphs(measured_with_first_font(source))
    if len(graphs) != count:
        raise RuntimeError(f"the DOT text holds {len(graphs)} graphs, not {count}")
    viz = _instance()
    options = to_js({"format": "svg"}, dict_converter=js.Object.fromEntries)
    return [str(viz.renderString(graph, options)) for graph in graphs]


if IN_BROWSER:  # pragma: no cover - the desktop never gets here
    start_loading()

__all__ = [
    "IN_BROWSER",
    "STILL_LOADING",
    "available",
    "dot_svgs",
    "split_graphs",
    "start_loading",
    "version_line",
]
