"""Pictures of graphs (nodes and arrows) as DOT text, drawn by Graphviz when shown.

The modules below the renderer (experiments, games) write the DOT text with :func:`statement`;
a :class:`GraphDrawing` holds it and asks :mod:`gamelib.render.dot_program` for the SVG only
in its display method: ``dot`` on the desktop, Graphviz compiled to WebAssembly in a browser
(:mod:`gamelib.render.wasm_graphviz`), so the picture is the same on both.

    >>> print(statement("a", label="start\\nnode", shape="circle"))
    "a" [label="start\\nnode", shape="circle"];
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Final

from gamelib.charts.writer import CHART_FONT, GRAPHVIZ_FONT
from gamelib.language import Language, resolve

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "graph": {"en": "Graph", "ja": "グラフ"},
    "counts": {
        "en": "A graph of {nodes} nodes and {links} links.",
        "ja": "ノード {nodes} 個、辺 {links} 本のグラフです。",
    },
    "links": {"en": "Links: {links}.", "ja": "辺は {links} です。"},
}
"""The words of a graph drawing's text alternative, in each language."""

SEPARATOR: Final[Mapping[Language, str]] = {"en": ", ", "ja": "、"}
"""What separates the links in the text alternative, in each language."""


class HtmlLabel(str):
    """A Graphviz HTML-like label (written ``<…>``, not quoted): a table of cells, say."""

    __slots__ = ()


def quoted(text: object) -> str:
    """``text`` as a DOT string: in double quotes, quotes and backslashes escaped, line breaks
    as ``\\n`` (centred lines)."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\r\n", "\n").replace("\n", "\\n") + '"'


def attribute_list(values: dict[str, str | float | None]) -> str:
    """``[name="value", …]`` (None left out; an :class:`HtmlLabel` written as ``<…>``)."""
    parts = []
    for name, value in values.items():
        if value is None:
            continue
        if isinstance(value, HtmlLabel):
            parts.append(f"{name}=<{value}>")
        elif isinstance(value, float | int):
            parts.append(f'{name}="{value:g}"')
        else:
            parts.append(f"{name}={quoted(value)}")
    return f" [{', '.join(parts)}]" if parts else ""


def statement(node: Hashable, target: Hashable | None = None, **values: str | float | None) -> str:
    """A node statement (``"a" […];``) or, with ``target``, an edge statement
    (``"a" -> "b" […];``) of a directed graph. The names are quoted ``str()`` of the nodes."""
    head = quoted(node) if target is None else f"{quoted(node)} -> {quoted(target)}"
    return f"{head}{attribute_list(values)};"


def digraph(
    statements: list[str],
    *,
    title: str | None = None,
    nodes: dict[str, str | float | None] | None = None,
    edges: dict[str, str | float | None] | None = None,
    **values: str | float | None,
) -> str:
    """A directed graph's DOT text: the graph's attributes ``values`` (the title on top),
    defaults for every node and edge (gamelib's fonts, then ``nodes`` and ``edges``), then
    ``statements``."""
    graph = {
        "label": title,
        "labelloc": "t" if title else None,
        "fontname": GRAPHVIZ_FONT,
        "fontsize": 15,
        **values,
    }
    node_defaults = {"fontname": GRAPHVIZ_FONT, "fontsize": 11, **(nodes or {})}
    edge_defaults = {"fontname": GRAPHVIZ_FONT, "fontsize": 10, **(edges or {})}
    lines = [
        "digraph {",
        f"  graph{attribute_list(graph)};",
        f"  node{attribute_list(node_defaults)};",
        f"  edge{attribute_list(edge_defaults)};",
        *(f"  {line}" for line in statements),
        "}",
    ]
    return "\n".join(lines) + "\n"


_NAME = r'"((?:[^"\\]|\\.)*)"'
_NODE = re.compile(rf"^\s*{_NAME}(?:\s*\[(.*)\])?;$")
_EDGE = re.compile(rf"^\s*{_NAME} -> {_NAME}(?:\s*\[(.*)\])?;$")
_SPOKEN = re.compile(rf"\b(tooltip|label)={_NAME}")
_JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def _unquoted(text: str) -> str:
    return text.replace("\\n", " ").replace('\\"', '"').replace("\\\\", "\\")


def graph_summary(source: str, language: str | None = None) -> str:
    """The nodes and links of a DOT graph (as :func:`digraph` writes it) in words: how many,
    then each link as ``a → b``, a node named by its tooltip, else its plain label, else its
    name. ``language`` None: Japanese when the graph's text holds kana or kanji, else
    English."""
    chosen: Language = (
        resolve(language) if language is not None else "ja" if _JAPANESE.search(source) else "en"
    )
    spoken: dict[str, str] = {}
    links: list[tuple[str, str]] = []
    for line in source.splitlines():
        edge = _EDGE.match(line)
        if edge is not None:
            links.append((_unquoted(edge.group(1)), _unquoted(edge.group(2))))
            continue
        node = _NODE.match(line)
        if node is not None:
            name = _unquoted(node.group(1))
            texts = dict(_SPOKEN.findall(node.group(2) or ""))
            spoken[name] = _unquoted(texts.get("tooltip") or texts.get("label") or name)
    nodes = set(spoken) | {name for link in links for name in link}
    lines = [WORDS["counts"][chosen].format(nodes=len(nodes), links=len(links))]
    if links:
        written = SEPARATOR[chosen].join(
            f"{spoken.get(start, start)} → {spoken.get(end, end)}" for start, end in links
        )
        lines.append(WORDS["links"][chosen].format(links=written))
    return "\n".join(lines)


class GraphDrawing:
    """A graph drawing: DOT text, shown as SVG (Graphviz draws it when it is first shown).

    Attributes:
        source: the DOT text.
        title: the title written on top (for the text form), if any.
    """

    def __init__(self, source: str, title: str | None = None) -> None:
        self.source = source
        self.title = title
        self._svg: str | None = None

    def _repr_svg_(self) -> str | None:
        """The SVG document, or None (after a one-time hint) when Graphviz is missing."""
        if self._svg is None:
            from gamelib.render.dot_program import dot_svgs, explain_graphviz_failure
            from gamelib.render.svg import FONT, clean_svg

            try:
                [drawn] = dot_svgs(self.source, 1)
            except Exception as error:  # a missing `dot` gives the install hint, else raises
                explain_graphviz_failure(error)
                return None
            from gamelib.render.alternative import Alternative, with_alternative

            cleaned = clean_svg(drawn)
            cleaned = cleaned.replace(f'font-family="{FONT}"', f'font-family="{CHART_FONT}"', 1)
            language: Language = "ja" if _JAPANESE.search(self.source) else "en"
            title = self.title or WORDS["graph"][language]
            summary = graph_summary(self.source, language)
            self._svg = with_alternative(cleaned, Alternative(title, summary))
        return self._svg

    @property
    def svg(self) -> str:
        """The SVG document.

        Raises:
            RuntimeError: when Graphviz is not installed (the DOT text is in ``source``).
        """
        drawn = self._repr_svg_()
        if drawn is None:
            raise RuntimeError("Graphviz is not available to draw this graph; see .source")
        return drawn

    def save(self, path: str | Path) -> Path:
        """Write the SVG document to ``path``; returns the path."""
        target = Path(path)
        target.write_text(self.svg, encoding="utf-8")
        return target

    def __repr__(self) -> str:
        nodes = sum(1 for line in self.source.splitlines() if line.strip().startswith('"'))
        title = f" {self.title!r}" if self.title else ""
        return f"<GraphDrawing{title}: {nodes} DOT statements>"


__all__ = ["GraphDrawing", "HtmlLabel", "attribute_list", "digraph", "quoted", "statement"]
