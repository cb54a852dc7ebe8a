"""Text alternatives of the drawings: what a picture shows, for a reader who cannot see it.

A drawing of a search is a fold over one recorded run (:mod:`gamelib.render.picture`); its
text alternative is written from that same :class:`~gamelib.render.picture.Picture`, so the
words and the drawing cannot disagree::

    >>> from gamelib import TEXTBOOK, alphabeta, record
    >>> from gamelib.render.dot import trace_picture
    >>> trace = record(alphabeta, TEXTBOOK["alpha-beta-windows"])
    >>> alternative = picture_alternative(trace_picture(trace))
    >>> print(alternative.description)  # doctest: +NORMALIZE_WHITESPACE
    15 nodes: 11 entered, 4 pruned, 0 not visited yet.
    Leaves evaluated, in order: ① G = 1, ② H = 3, ③ I = 4, ④ K = 2, ⑤ L = 1.
    Values: R = 3, A = 3, C = 3, D ≥3, B ≤3, E ≤3.
    Cuts: β-cut at D: 4 ≥ 3, J pruned; α-cut at B: 3 ≤ 3, F pruned.
    Current node: R.

For a bare tree it lists the leaves from left to right. :func:`with_alternative` puts the
alternative into the SVG itself (``role="img"``, a ``<title>`` that names the picture and a
``<desc>`` that describes it), which the graphviz renderer (:mod:`gamelib.render.dot`) and the
matplotlib fallback do for every picture they draw, the players' frames included.
A board draws its own alternative, the board in text (:func:`gamelib.games.boards.board_text`).

The cuts are quoted as the drawing writes them, with the comparison that decided each one
under the search's cutoff rule (``4 ≥ 3`` when reaching the bound cuts, ``4 > 3`` when only
passing it does) and in the drawing's view (MAX's, or the mover's).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

from gamelib.language import Language
from gamelib.notation import CIRCLED, join_names
from gamelib.render.describe import CUT_SEPARATOR
from gamelib.render.describe import WORDS as SENTENCE_WORDS
from gamelib.render.picture import NodePicture, Picture

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "tree_title": {
        "en": "Game tree of {nodes} nodes and {leaves} leaves",
        "ja": "ノード {nodes} 個、葉 {leaves} 個のゲーム木",
    },
    "search_title": {"en": "Search tree at step {step}", "ja": "ステップ {step} の探索木"},
    "root": {
        "en": "The root {root} is a {role} node.",
        "ja": "根ノード {root} は {role} ノードです。",
    },
    "leaves": {
        "en": "Leaves from left to right: {leaves}.",
        "ja": "左から順に、葉は {leaves} です。",
    },
    "counts": {
        "en": "{nodes} nodes: {entered} entered, {pruned} pruned, {unvisited} not visited yet.",
        "ja": (
            "ノード {nodes} 個のうち、訪れたノードは {entered} 個、枝刈りしたノードは {pruned} 個、"
            "まだ訪れていないノードは {unvisited} 個です。"
        ),
    },
    "evaluated": {
        "en": "Leaves evaluated, in order: {leaves}.",
        "ja": "評価した葉は、評価順に {leaves} です。",
    },
    "nothing_evaluated": {
        "en": "No leaf is evaluated yet.",
        "ja": "まだどの葉も評価していません。",
    },
    "values": {"en": "Values: {values}.", "ja": "ノードの値は {values} です。"},
    "best_so_far": {
        "en": "{node} best so far {value}",
        "ja": "{node} のこれまでの最善値 {value}",
    },
    "cuts": {"en": "Cuts: {cuts}.", "ja": "カットは次のとおりです：{cuts}。"},
    "open": {
        "en": "Being searched: {nodes}.",
        "ja": "探索中のノードは {nodes} です。",
    },
    "current": {"en": "Current node: {node}.", "ja": "現在のノードは {node} です。"},
    "hidden": {"en": "Not drawn: {nodes}.", "ja": "描いていないノード：{nodes}。"},
}
"""Every sentence of the text alternatives, in each language."""

SEPARATORS: Final[Mapping[str, Mapping[Language, str]]] = {
    "list": {"en": ", ", "ja": "、"},
    "cut": {"en": "; ", "ja": "。"},
}
"""What separates the items of a list, and the cuts, in each language."""


@dataclass(frozen=True)
class Alternative:
    """What a picture says in words.

    Attributes:
        title: a short name (an SVG ``<title>``, the accessible name).
        description: everything the picture shows (an SVG ``<desc>``), sentence by sentence,
            one per line.
    """

    title: str
    description: str


def _say(key: str, language: Language, **values: object) -> str:
    return WORDS[key][language].format(**values)


def _name(node: NodePicture) -> str:
    """A node as the alternative names it: its title (its name, or its move in a game)."""
    return node.title or node.name


def _valued(node: NodePicture) -> str:
    """``"G = 1"``, or ``"D ≥3"`` for a bound."""
    if node.value[:1] in ("≥", "≤"):
        return f"{_name(node)} {node.value}"
    return f"{_name(node)} = {node.value}"


_ORDER = re.compile(rf"[{CIRCLED}]|#(\d+)")


def evaluation_order(node: NodePicture) -> int | None:
    """The place of the node's evaluation (1 for ①, 12 for ``#12``), or None when its mark
    shows none."""
    match = _ORDER.search(node.mark)
    if match is None:
        return None
    if match.group(1) is not None:
        return int(match.group(1))
    return CIRCLED.index(match.group(0)) + 1


def _tree_alternative(picture: Picture, leaves: Sequence[NodePicture]) -> Alternative:
    language = picture.language
    separator = SEPARATORS["list"][language]
    drawn = [node for node in picture.nodes if node.kind != "more"]
    root = picture.nodes[0]
    lines = [_say("root", language, root=_name(root), role=root.kind.upper())]
    named = [_valued(node) if node.value else _name(node) for node in leaves]
    lines.append(_say("leaves", language, leaves=separator.join(named)))
    hidden = [
        f"{_name(node)} {node.value}".strip() for node in picture.nodes if node.kind == "more"
    ]
    if hidden:
        lines.append(_say("hidden", language, nodes=separator.join(hidden)))
    title = _say("tree_title", language, nodes=len(drawn), leaves=len(leaves))
    return Alternative(picture.caption or title, "\n".join(lines))


def _cuts(picture: Picture, names: Mapping[str, str]) -> list[str]:
    """Each cut the picture shows, as the narration writes it: ``"β-cut at D: 4 ≥ 3, J
    pruned"``. The drawing writes the reason beside the first edge it pruned; a node is cut
    at most once, so every pruned edge out of that node is the same cut's."""
    language = picture.language
    told = []
    for edge in picture.edges:
        if edge.label_kind == "cut":
            reason = CUT_SEPARATOR[language].join(edge.label.splitlines())
            children = [
                names[other.child]
                for other in picture.edges
                if other.parent == edge.parent and other.status == "pruned"
            ]
            told.append(
                SENTENCE_WORDS["cut_pruned"][language].format(
                    reason=reason, names=join_names(children, language=language)
                )
            )
    return told


def picture_alternative(picture: Picture) -> Alternative:
    """The text alternative of ``picture``, in the picture's language.

    For a search (a picture of a trace at some step): how many nodes are drawn and how many of
    them were entered, pruned and not visited yet; the leaves evaluated, in the order of their
    evaluation (①②③, or ``#12``); the values and bounds known; each cut (the node, the
    comparison, the pruned children); the nodes being searched and the current one; what
    ``+N more`` nodes stand for. For a bare tree: the root's role and the leaves from left to
    right with their values.

    Guarantee: the counts and the lists are those of the picture's nodes (for a picture drawn
    without hidden nodes, those of its trace up to its step: entered = the distinct nodes
    entered, pruned = the trace's pruned nodes, evaluated = its evaluations in order).
    """
    language = picture.language
    parents = {edge.parent for edge in picture.edges}
    leaves = [node for node in picture.nodes if node.key not in parents and node.kind != "more"]
    if picture.step is None:
        return _tree_alternative(picture, leaves)
    separator = SEPARATORS["list"][language]
    drawn = [node for node in picture.nodes if node.kind != "more"]
    entered = [node for node in drawn if node.status in ("open", "done")]
    pruned = [node for node in drawn if node.status == "pruned"]
    unvisited = [node for node in drawn if node.status == "unvisited"]
    lines = [
        _say(
            "counts",
            language,
            nodes=len(drawn),
            entered=len(entered),
            pruned=len(pruned),
            unvisited=len(unvisited),
        )
    ]
    evaluated = sorted(
        (order, node)
        for node in drawn
        if node.status != "pruned" and (order := evaluation_order(node)) is not None
    )
    if evaluated:
        marked = [f"{node.mark.split()[0]} {_valued(node)}" for _, node in evaluated]
        lines.append(_say("evaluated", language, leaves=separator.join(marked)))
    else:
        lines.append(_say("nothing_evaluated", language))
    evaluated_keys = {node.key for _, node in evaluated}
    values = [
        _say("best_so_far", language, node=_name(node), value=node.value)
        if node.provisional
        else _valued(node)
        for node in entered
        if node.value and node.key not in evaluated_keys
    ]
    if values:
        lines.append(_say("values", language, values=separator.join(values)))
    names = {node.key: _name(node) for node in picture.nodes}
    cuts = _cuts(picture, names)
    if cuts:
        lines.append(_say("cuts", language, cuts=SEPARATORS["cut"][language].join(cuts)))
    searching = [_name(node) for node in drawn if node.status == "open"]
    if searching:
        lines.append(_say("open", language, nodes=separator.join(searching)))
    current = [_name(node) for node in picture.nodes if node.current]
    if current:
        lines.append(_say("current", language, node=separator.join(current)))
    hidden = [
        f"{_name(node)} {node.value}".strip() for node in picture.nodes if node.kind == "more"
    ]
    if hidden:
        lines.append(_say("hidden", language, nodes=separator.join(hidden)))
    title = picture.caption or _say("search_title", language, step=picture.step)
    return Alternative(title, "\n".join(lines))


_SVG_TAG = re.compile(r"<svg\b[^>]*>")
_OLD_ALTERNATIVE = re.compile(r'<title class="gamelib-alt">.*?</desc>', re.DOTALL)


def with_alternative(svg: str, alternative: Alternative) -> str:
    """``svg`` with ``alternative`` in it: ``role="img"`` on the root, then a ``<title>`` (the
    accessible name) and a ``<desc>`` (the description) as its first children. An alternative
    already there is replaced; a text without an ``<svg>`` element is returned as it is."""
    svg = _OLD_ALTERNATIVE.sub("", svg, count=1)
    match = _SVG_TAG.search(svg)
    if match is None:
        return svg
    tag = match.group(0)
    if ' role="img"' not in tag:
        tag = tag.replace("<svg", '<svg role="img"', 1)
    texts = (
        f'<title class="gamelib-alt">{escape(alternative.title, quote=False)}</title>'
        f"<desc>{escape(alternative.description, quote=False)}</desc>"
    )
    return svg[: match.start()] + tag + texts + svg[match.end() :]


def picture_svg_with_alternative(svg: str, picture: Picture) -> str:
    """A rendered ``picture`` with its text alternative (:func:`picture_alternative`)."""
    return with_alternative(svg, picture_alternative(picture))
