"""Graphviz drawings of a Monte Carlo search's tree at one phase of one iteration.

::

    trace = record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=12)
    draw_monte_carlo(trace, 12)                       # after iteration 12 (its backup)
    draw_monte_carlo(trace, 12, "selection")          # the path UCB chose, before the backup
    draw_monte_carlo(trace, 12).to_png("uct12.png")   # for slides

A node shows its move (the root its name), N and Q (for the player choosing it, as the trace
keeps them); the player to move at a node is shown by its shape (a box for MAX or the first
player, an ellipse for MIN or the second), as in the α-β drawings. The path selected in the
iteration is drawn thick, every edge out of a node chosen from carries the child's UCB value
(∞ for a child not in the tree yet, drawn dashed with N 0), the node added by the expansion
has a thick orange outline, the playout hangs below the node it started from (its moves and
its reward r), and in the backup phase each node on the path says whether it took +r or −r.
A proven node (MCTS-Solver) has a double outline and its value on a line of its own
(``= +0.21``). Colour never
carries a meaning alone.

Everything is written from one :class:`~gamelib.render.monte_carlo.MonteCarloPicture`, and
the SVG carries the picture's text alternative
(:func:`~gamelib.render.monte_carlo.monte_carlo_alternative`).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Final

from gamelib.charts.graph import HtmlLabel, digraph, statement
from gamelib.language import Language
from gamelib.notation import MINUS, format_number
from gamelib.render.alternative import Alternative, with_alternative
from gamelib.render.dot_program import dot_png, dot_svgs, explain_graphviz_failure
from gamelib.render.monte_carlo import (
    MonteCarloNode,
    MonteCarloPicture,
    Phase,
    monte_carlo_alternative,
    monte_carlo_picture,
    node_numbers,
    picture_title,
    signed,
    ucb_text,
)
from gamelib.render.style import PALETTE
from gamelib.render.svg import clean_svg, svg_size
from gamelib.search.mcts.events import MonteCarloTrace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "legend": {
        "en": "N visits · Q mean reward for the player choosing the node · "
        "UCB = Q + c·√(ln N(parent) / N)\nthick: selected path · orange: expanded · "
        "dashed: not in the tree yet · double outline: proven · ±r: reward taken in the backup · "
        "[3]: a leaf's value",
        "ja": "N 訪問回数 · Q そのノードを選ぶ手番側の平均報酬 · "
        "UCB = Q + c·√(ln N(親) / N)\n太線：選択した経路 · オレンジ：展開したノード · "
        "破線：まだ木にない · 二重線：証明済み · ±r：逆伝播で受け取った報酬 · [3]：葉の値",
    },
    "playout": {"en": "playout: {moves}", "ja": "プレイアウト：{moves}"},
    "game_over": {"en": "game over", "ja": "終局"},
    "exact": {"en": "exact value", "ja": "正確な値"},
    "reward": {"en": "r = {reward} for {player}", "ja": "{player} にとって r = {reward}"},
    "not_in_tree": {"en": "{count} not in the tree", "ja": "木にないノード {count} 個"},
    "more_moves": {"en": "… ({count} more)", "ja": "…（ほか {count} 手）"},
}
"""The words of the drawing (its legend and the playout's note), in each language."""

SHOWN_UNTRIED = 3
"""A node's children not in the tree yet are drawn one by one up to this many, else as one
node (the one the selection chose is always drawn)."""

WIDE = 14
"""A drawing with more nodes at its widest level than this is laid out left to right."""

MOVES_SHOWN = 8
"""A playout's note lists at most this many moves, then how many more."""

TITLE_SIZE = 13
NUMBER_SIZE = 12
UCB_SIZE = 11
NOTE_SIZE = 12
LEGEND_SIZE = 10
"""Font sizes in points (at 96 dpi a 13-node tree fits 1280 pixels)."""


def _font(text: str, size: float, color: str, bold: bool = False) -> str:
    body = escape(text, quote=False) if text else "&#160;"
    if bold:
        body = f"<b>{body}</b>"
    return f'<font point-size="{size:g}" color="{color}">{body}</font>'


def node_label(node: MonteCarloNode) -> str:
    """The HTML-like label of a node: its move (and proven value), N and Q, and in the
    backup phase the reward it took (+r or −r)."""
    color = PALETTE.text if node.in_tree else PALETTE.muted_text
    rows = [_font(node.title, TITLE_SIZE, color, bold=True)]
    if node.leaf_value is not None:  # a textbook leaf: its value, as the α-β drawings show it
        rows[0] += _font(f"  [{format_number(node.leaf_value)}]", NUMBER_SIZE, PALETTE.mark_text)
    rows.append(_font(f"N {node.visits}", NUMBER_SIZE, color))
    if node.in_tree:
        rows.append(
            _font("Q —" if node.mean is None else f"Q {signed(node.mean)}", NUMBER_SIZE, color)
        )
    if node.proven is not None:
        rows.append(_font(f"= {signed(node.proven)}", NUMBER_SIZE, color, bold=True))
    if node.backup is not None:
        sign = "+" if node.backup_sign > 0 else MINUS
        rows.append(_font(f"{sign}r", NUMBER_SIZE, PALETTE.window_text, bold=True))
    return "<br/>".join(rows)


def _node_attributes(
    node: MonteCarloNode, parent_player: int | None
) -> dict[str, str | float | None]:
    player = (
        node.player
        if node.player is not None
        else (None if parent_player is None else 1 - parent_player)
    )
    first = player in (0, None)
    attributes: dict[str, str | float | None] = {
        "label": HtmlLabel(node_label(node)),
        "shape": "box" if first else "ellipse",
        "style": "filled" if node.in_tree else "filled,dashed",
        "fillcolor": (PALETTE.max_fill if first else PALETTE.min_fill)
        if node.in_tree
        else PALETTE.unvisited_fill,
        "color": (PALETTE.max_line if first else PALETTE.min_line)
        if node.in_tree
        else (PALETTE.unvisited_max_line if first else PALETTE.unvisited_min_line),
        "penwidth": 1.5,
        "margin": "0.08,0.03",
        "tooltip": f"{node.name}: {node_numbers(node)}",
    }
    if node.on_path:
        attributes["penwidth"] = 3.0
    if node.expanded:
        attributes["color"] = PALETTE.current_line
        attributes["penwidth"] = 4.5
    if node.proven is not None:
        attributes["peripheries"] = 2
    return attributes


def _edge_attributes(node: MonteCarloNode) -> dict[str, str | float | None]:
    attributes: dict[str, str | float | None] = {"color": PALETTE.edge, "penwidth": 1.4}
    if not node.in_tree:
        attributes.update(color=PALETTE.unvisited_edge, style="dashed", penwidth=1.2)
    if node.on_path:
        attributes.update(color="#111111", penwidth=3.2)
    if node.ucb is not None or (node.on_path and node.parent is not None):
        text = f"UCB {ucb_text(node.ucb)}"
        attributes["label"] = HtmlLabel(
            _font(text, UCB_SIZE, PALETTE.window_text, bold=node.on_path)
        )
    return attributes


def _playout_note(picture: MonteCarloPicture) -> str:
    playout = picture.playout
    assert playout is not None
    words = {key: texts[picture.language] for key, texts in WORDS.items()}
    if playout.exact:
        first = words["exact"]
    elif not playout.moves:
        first = words["game_over"]
    else:
        moves = " ".join(playout.moves[:MOVES_SHOWN])
        if len(playout.moves) > MOVES_SHOWN:
            moves += " " + words["more_moves"].format(count=len(playout.moves) - MOVES_SHOWN)
        first = words["playout"].format(moves=moves)
    second = words["reward"].format(
        reward=signed(playout.reward), player=picture.player_name(playout.player)
    )
    return (
        _font(first, NOTE_SIZE, PALETTE.text)
        + "<br/>"
        + _font(second, NOTE_SIZE, PALETTE.window_text, bold=True)
    )


def collapsed_children(picture: MonteCarloPicture) -> dict[str, str]:
    """The children not in the tree that the drawing shows as one node per parent (when a
    parent has more than :data:`SHOWN_UNTRIED` of them; the one on the selected path is
    always drawn): their names, each with its parent's name."""
    pending: dict[str, list[MonteCarloNode]] = {}
    for node in picture.nodes:
        if not node.in_tree and node.parent is not None:
            pending.setdefault(node.parent, []).append(node)
    hidden: dict[str, str] = {}
    for parent, nodes in pending.items():
        if len(nodes) > SHOWN_UNTRIED:
            hidden.update((node.name, parent) for node in nodes if not node.on_path)
    return hidden


def _collapsed_statements(picture: MonteCarloPicture, hidden: Mapping[str, str]) -> list[str]:
    """One dashed node per parent for its hidden children: how many, and their moves."""
    by_parent: dict[str, list[str]] = {}
    for node in picture.nodes:
        if node.name in hidden:
            by_parent.setdefault(hidden[node.name], []).append(node.title)
    statements = []
    for parent, titles in by_parent.items():
        key = f"{parent}:untried"
        words = WORDS["not_in_tree"][picture.language].format(count=len(titles))
        label = (
            _font(words, NOTE_SIZE, PALETTE.muted_text, bold=True)
            + "<br/>"
            + _font(" ".join(titles[:4]) + (" …" if len(titles) > 4 else ""), NOTE_SIZE,
                    PALETTE.muted_text)
            + "<br/>"
            + _font("N 0", NUMBER_SIZE, PALETTE.muted_text)
        )  # fmt: skip
        statements.append(
            statement(
                key,
                label=HtmlLabel(label),
                shape="box",
                style="filled,dashed,rounded",
                fillcolor=PALETTE.unvisited_fill,
                color=PALETTE.more_line,
                margin="0.08,0.03",
            )
        )
        statements.append(
            statement(
                parent,
                key,
                style="dashed",
                color=PALETTE.unvisited_edge,
                label=HtmlLabel(_font("UCB ∞", UCB_SIZE, PALETTE.window_text)),
            )
        )
    return statements


def picture_source(picture: MonteCarloPicture, caption: bool = True, legend: bool = True) -> str:
    """The DOT text of ``picture`` (its title and legend under it, unless left out)."""
    players = {node.name: node.player for node in picture.nodes}
    hidden = collapsed_children(picture)
    drawn = [node for node in picture.nodes if node.name not in hidden]
    statements = []
    for node in drawn:
        parent_player = players.get(node.parent) if node.parent is not None else None
        statements.append(statement(node.name, **_node_attributes(node, parent_player)))
    for node in drawn:
        if node.parent is not None:
            statements.append(statement(node.parent, node.name, **_edge_attributes(node)))
    statements.extend(_collapsed_statements(picture, hidden))
    if picture.playout is not None:
        statements.append(
            statement(
                "playout:note",
                label=HtmlLabel(_playout_note(picture)),
                shape="note",
                style="filled",
                fillcolor="#ffffff",
                color=PALETTE.window_text,
                margin="0.1,0.04",
            )
        )
        statements.append(
            statement(
                picture.playout.node,
                "playout:note",
                style="dashed",
                color=PALETTE.window_text,
                penwidth=1.4,
            )
        )
    rows = []
    if caption:
        rows.append(f"<tr><td>{_font(picture_title(picture), 13, PALETTE.text)}</td></tr>")
    if legend:
        for line in WORDS["legend"][picture.language].splitlines():
            # two spaces of room: a browser's font can run a little wider than dot measured
            padded = _font(line, LEGEND_SIZE, PALETTE.text) + "&#160;&#160;"
            rows.append(f"<tr><td>{padded}</td></tr>")
    label = (
        HtmlLabel(f'<table border="0" cellspacing="2" cellpadding="1">{"".join(rows)}</table>')
        if rows
        else None
    )
    return digraph(
        statements,
        nodes={"fontsize": NUMBER_SIZE},
        edges={"arrowhead": "none"},
        label=label,
        labelloc="b",
        ordering="out",
        rankdir="LR" if _widest_level(picture, hidden) > WIDE else "TB",
        nodesep=0.18,
        ranksep=0.35,
        bgcolor="white",
        pad=0.15,
    )


def _widest_level(picture: MonteCarloPicture, hidden: Mapping[str, str]) -> int:
    """How many nodes the drawing has at its widest level (a collapsed group counts one)."""
    depth: dict[str, int] = {}
    levels: dict[int, int] = {}
    groups: set[str] = set()
    for node in picture.nodes:
        depth[node.name] = 0 if node.parent is None else depth[node.parent] + 1
        if node.name in hidden:
            if hidden[node.name] in groups:
                continue
            groups.add(hidden[node.name])
        levels[depth[node.name]] = levels.get(depth[node.name], 0) + 1
    return max(levels.values())


def drawn_with_alternative(source: str, alternative: Alternative) -> str:
    """``dot``'s SVG of ``source``, cleaned, with ``alternative`` as its text alternative.

    Raises:
        graphviz.ExecutableNotFound: when Graphviz's ``dot`` is missing (after a hint that
            says how to install it); any other failure of ``dot``, after the same hint.
    """
    try:
        [drawn] = dot_svgs(source, 1)
    except Exception as error:
        explain_graphviz_failure(error)
        raise
    return with_alternative(clean_svg(drawn), alternative)


class MonteCarloDrawing:
    """A drawing of a Monte Carlo search at one phase of one iteration; shows itself as SVG.

    Attributes:
        picture: what is drawn.
        source: the DOT text.
    """

    def __init__(
        self, picture: MonteCarloPicture, caption: bool = True, legend: bool = True
    ) -> None:
        self.picture = picture
        self.source = picture_source(picture, caption, legend)
        self._svg: str | None = None

    def svg(self) -> str:
        """The SVG document with its text alternative (rendered once, then cached).

        Raises:
            graphviz.ExecutableNotFound: when Graphviz's ``dot`` is missing (after a hint).
        """
        if self._svg is None:
            self._svg = drawn_with_alternative(self.source, monte_carlo_alternative(self.picture))
        return self._svg

    def _repr_svg_(self) -> str | None:
        try:
            return self.svg()
        except Exception:  # no Graphviz: the hint was given, the text form shows instead
            return None

    def __str__(self) -> str:
        alternative = monte_carlo_alternative(self.picture)
        return f"{alternative.title}\n{alternative.description}"

    def to_svg(self, path: str | Path) -> Path:
        """Write the SVG to ``path``; returns the path."""
        target = Path(path)
        target.write_text(self.svg(), encoding="utf-8")
        return target

    def to_png(self, path: str | Path, width: int | None = None) -> Path:
        """Write a PNG to ``path``: natural size (96 dpi), or scaled to ``width`` pixels."""
        target = Path(path)
        dpi = 96.0 if width is None else width * 72.0 / svg_size(self.svg())[0]
        target.write_bytes(dot_png(self.source.encode("utf-8"), dpi))
        return target

    def __repr__(self) -> str:
        return f"<MonteCarloDrawing: {picture_title(self.picture)}>"


def draw_monte_carlo(
    trace: MonteCarloTrace,
    iteration: int | None = None,
    phase: Phase = "backup",
    *,
    language: str | None = None,
    caption: bool = True,
    legend: bool = True,
) -> MonteCarloDrawing:
    """The drawing of ``trace`` at ``phase`` of ``iteration`` (None: the last; 0: the root
    alone), in ``language`` (None: the course-wide one); see
    :func:`~gamelib.render.monte_carlo.monte_carlo_picture`.

    Raises:
        ValueError: for an iteration outside the trace or an unknown phase.
    """
    picture = monte_carlo_picture(trace, iteration, phase, language=language)
    return MonteCarloDrawing(picture, caption, legend)


__all__ = ["MonteCarloDrawing", "draw_monte_carlo", "node_label", "picture_source"]
