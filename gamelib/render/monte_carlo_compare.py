"""One textbook tree searched by α-β and by Monte Carlo tree search, side by side: which
leaves each looks at, and how often.

α-β evaluates a leaf once (its order is written ①②③…) or never (pruned); a Monte Carlo
search reaches a leaf again and again, at the end of a playout or of a path inside its tree.
:func:`leaf_attention` folds both traces into one row per leaf, left to right, and
:func:`draw_comparison` draws the tree twice in one figure (α-β above, MCTS below), each leaf
with its value and what each search did there.

    >>> from gamelib import TEXTBOOK, alphabeta, record
    >>> from gamelib.search.mcts import record_monte_carlo, uct
    >>> tree = TEXTBOOK["aima-fig-5-2"]
    >>> rows = leaf_attention(record(alphabeta, tree), record_monte_carlo(uct, tree, iterations=90))
    >>> [(row.leaf, row.alphabeta_order) for row in rows][3:6]
    [('c1', 4), ('c2', None), ('c3', None)]
    >>> sum(row.monte_carlo_visits for row in rows)
    90
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Final

from gamelib.charts.graph import HtmlLabel, digraph, statement
from gamelib.language import Language, resolve
from gamelib.notation import evaluation_mark, format_number
from gamelib.render.alternative import Alternative
from gamelib.render.dot_program import dot_png
from gamelib.render.monte_carlo_dot import drawn_with_alternative
from gamelib.render.style import PALETTE
from gamelib.render.svg import svg_size
from gamelib.search.mcts.events import Backup, IterationBegun, MonteCarloTrace, Playout
from gamelib.tables import text_table
from gamelib.trace import Trace
from gamelib.trees import Tree

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "title": {
        "en": "{root}: the leaves {alphabeta} and {monte_carlo} look at",
        "ja": "{root}：{alphabeta} と {monte_carlo} が調べる葉",
    },
    "alphabeta_heading": {
        "en": "{algorithm}: {evaluated} of {leaves} leaves evaluated once, {pruned} pruned",
        "ja": "{algorithm}：葉 {leaves} 個のうち {evaluated} 個を 1 回ずつ評価、"
        "{pruned} 個は枝刈り",
    },
    "monte_carlo_heading": {
        "en": "{algorithm}, {iterations} iterations: {reached} of {leaves} leaves reached, "
        "{fewest} to {most} times",
        "ja": "{algorithm}、反復 {iterations} 回：葉 {leaves} 個のうち {reached} 個に到達、"
        "{fewest} 回から {most} 回",
    },
    "pruned": {"en": "pruned", "ja": "枝刈り"},
    "times": {"en": "{count}×", "ja": "{count} 回"},
    "leaf": {
        "en": "{leaf} (value {value}): {alphabeta}, {monte_carlo}",
        "ja": "{leaf}（値 {value}）：{alphabeta}、{monte_carlo}",
    },
    "evaluated_as": {"en": "α-β evaluates it {order}", "ja": "αβ法の評価順は {order}"},
    "pruned_as": {"en": "α-β prunes it", "ja": "αβ法は枝刈り"},
    "reached_as": {"en": "reached by MCTS {count}×", "ja": "MCTS は {count} 回到達"},
    "leaves": {"en": "Leaves from left to right: {leaves}.", "ja": "左から順に、葉は {leaves}。"},
    "column_leaf": {"en": "leaf", "ja": "葉"},
    "column_value": {"en": "value", "ja": "値"},
    "column_alphabeta": {"en": "{algorithm}: evaluated", "ja": "{algorithm}：評価の順"},
    "column_monte_carlo": {"en": "{algorithm}: reached", "ja": "{algorithm}：到達回数"},
}
"""The words of the comparison, in each language."""

SEPARATOR: Final[Mapping[Language, str]] = {"en": "; ", "ja": "。"}
"""What separates the leaves in the text alternative, in each language."""


@dataclass(frozen=True)
class LeafAttention:
    """What two searches did at one leaf.

    Attributes:
        leaf: its name.
        value: its value (MAX's view).
        alphabeta_order: its place in α-β's evaluation order (1 for the first), None if
            α-β never evaluated it (pruned).
        monte_carlo_visits: how many of the Monte Carlo search's iterations ended there.
    """

    leaf: str
    value: float | None
    alphabeta_order: int | None
    monte_carlo_visits: int


def _find(tree: Tree, name: str) -> Tree:
    for node, _ in tree.walk():
        if node.name == name:
            return node
    raise KeyError(f"no node {name!r} in the tree {tree.name!r}")


def _child_by_move(node: Tree, move: str) -> Tree:
    for child in node.children:
        if child.move_name == move:
            return child
    raise KeyError(f"no move {move!r} at {node.name!r}")


def iteration_leaves(trace: MonteCarloTrace) -> list[str]:
    """The leaf each iteration ended at, in order: the end of its playout, or the finished
    game its path reached inside the tree (a textbook tree's trace only).

    Raises:
        ValueError: for the trace of a game (it has no tree to name leaves in).
    """
    tree = trace.tree
    if tree is None:
        raise ValueError("leaf_attention needs the trace of a search on a textbook tree")
    leaves: list[str] = []
    playout: Playout | None = None
    for event in trace.events:
        if isinstance(event, IterationBegun):
            playout = None
        elif isinstance(event, Playout):
            playout = event
        elif isinstance(event, Backup):
            if playout is not None:
                node = _find(tree, playout.node)
                for move in playout.moves:
                    node = _child_by_move(node, move)
                leaves.append(node.name)
            else:
                leaves.append(event.steps[0].node)
    return leaves


def leaf_attention(
    alphabeta_trace: Trace, monte_carlo_trace: MonteCarloTrace
) -> list[LeafAttention]:
    """One row per leaf of the tree both traces searched, left to right.

    Guarantee: ``alphabeta_order`` is the leaf's place in ``alphabeta_trace.evaluated``;
    ``monte_carlo_visits`` counts the iterations of ``monte_carlo_trace`` that ended at it
    (:func:`iteration_leaves`), so they add up to its iterations.

    Raises:
        ValueError: if either trace is not of a textbook tree, or not of the same tree.
    """
    tree = alphabeta_trace.tree
    if tree is None or monte_carlo_trace.tree is None:
        raise ValueError("leaf_attention needs two traces of searches on a textbook tree")
    if tree != monte_carlo_trace.tree:
        raise ValueError(
            f"the traces searched different trees ({tree.name!r} and "
            f"{monte_carlo_trace.tree.name!r})"
        )
    order = {name: place for place, name in enumerate(alphabeta_trace.evaluated, start=1)}
    reached: dict[str, int] = {}
    for leaf in iteration_leaves(monte_carlo_trace):
        reached[leaf] = reached.get(leaf, 0) + 1
    return [
        LeafAttention(node.name, node.value, order.get(node.name), reached.get(node.name, 0))
        for node, _ in tree.walk()
        if node.is_leaf
    ]


def _font(text: str, size: float, color: str, bold: bool = False) -> str:
    body = escape(text, quote=False) if text else "&#160;"
    if bold:
        body = f"<b>{body}</b>"
    return f'<font point-size="{size:g}" color="{color}">{body}</font>'


def _cluster(
    tree: Tree,
    prefix: str,
    heading: str,
    rows: Mapping[str, LeafAttention],
    alphabeta: bool,
    language: Language,
) -> list[str]:
    """The statements of one copy of the tree (a DOT cluster), its leaves annotated."""
    words = {key: texts[language] for key, texts in WORDS.items()}
    evaluated = sum(1 for row in rows.values() if row.alphabeta_order is not None)
    lines = [
        f"subgraph cluster_{prefix} {{",
        f"  label=<{_font(heading, 12, PALETTE.text, bold=True)}>; labelloc=t; "
        f'color="{PALETTE.unvisited_edge}"; style="rounded";',
    ]
    most = max((row.monte_carlo_visits for row in rows.values()), default=0) or 1
    for node, ply in tree.walk():
        first = ply % 2 == 0
        attributes: dict[str, str | float | None] = {
            "shape": "box" if first else "ellipse",
            "style": "filled",
            "fillcolor": PALETTE.max_fill if first else PALETTE.min_fill,
            "color": PALETTE.max_line if first else PALETTE.min_line,
            "penwidth": 1.5,
            "margin": "0.06,0.02",
        }
        texts = [_font(node.name, 12, PALETTE.text, bold=True)]
        if node.is_leaf:
            row = rows[node.name]
            value = _font(format_number(node.value or 0) + " · ", 12, PALETTE.text)
            if alphabeta:
                if row.alphabeta_order is None:
                    texts.append(value + _font(words["pruned"], 11, PALETTE.muted_text))
                    attributes.update(
                        style="filled,dashed", fillcolor=PALETTE.pruned_fill,
                        color=PALETTE.pruned_line,
                    )  # fmt: skip
                else:
                    mark = evaluation_mark(row.alphabeta_order, evaluated)
                    texts.append(value + _font(mark, 13, PALETTE.mark_text, bold=True))
            else:
                count = words["times"].format(count=row.monte_carlo_visits)
                texts.append(value + _font(count, 12, PALETTE.window_text, bold=True))
                attributes["penwidth"] = 1.5 + 4.5 * row.monte_carlo_visits / most
        attributes["label"] = HtmlLabel("<br/>".join(texts))
        lines.append("  " + statement(f"{prefix}:{node.name}", **attributes))
        for child in node.children:
            lines.append("  " + statement(f"{prefix}:{node.name}", f"{prefix}:{child.name}"))
    lines.append("}")
    return lines


@dataclass(frozen=True)
class Comparison:
    """The figure: the rows it shows, its headings and title, in one language."""

    tree: Tree
    rows: tuple[LeafAttention, ...]
    alphabeta_heading: str
    monte_carlo_heading: str
    title: str
    language: Language
    algorithms: tuple[str, str] = ("alphabeta", "uct")
    """The names of the two searches (α-β's, then the Monte Carlo search's)."""


def comparison(
    alphabeta_trace: Trace, monte_carlo_trace: MonteCarloTrace, *, language: str | None = None
) -> Comparison:
    """What the figure shows (see :func:`leaf_attention`), in ``language`` (None: the
    course-wide language)."""
    chosen = resolve(language)
    rows = tuple(leaf_attention(alphabeta_trace, monte_carlo_trace))
    tree = alphabeta_trace.tree
    assert tree is not None
    counts = [row.monte_carlo_visits for row in rows]
    reached = [count for count in counts if count]
    evaluated = sum(1 for row in rows if row.alphabeta_order is not None)
    words = WORDS
    return Comparison(
        tree,
        rows,
        words["alphabeta_heading"][chosen].format(
            algorithm=alphabeta_trace.algorithm,
            evaluated=evaluated,
            leaves=len(rows),
            pruned=len(rows) - evaluated,
        ),
        words["monte_carlo_heading"][chosen].format(
            algorithm=monte_carlo_trace.algorithm,
            iterations=monte_carlo_trace.iterations,
            reached=len(reached),
            leaves=len(rows),
            fewest=min(counts),
            most=max(counts),
        ),
        words["title"][chosen].format(
            root=tree.name,
            alphabeta=alphabeta_trace.algorithm,
            monte_carlo=monte_carlo_trace.algorithm,
        ),
        chosen,
        (alphabeta_trace.algorithm, monte_carlo_trace.algorithm),
    )


def comparison_alternative(figure: Comparison) -> Alternative:
    """The figure in words: both headings, then every leaf with its value and what each
    search did there."""
    language = figure.language
    words = {key: texts[language] for key, texts in WORDS.items()}
    evaluated = sum(1 for row in figure.rows if row.alphabeta_order is not None)
    leaves = []
    for row in figure.rows:
        alphabeta = (
            words["pruned_as"]
            if row.alphabeta_order is None
            else words["evaluated_as"].format(order=evaluation_mark(row.alphabeta_order, evaluated))
        )
        leaves.append(
            words["leaf"].format(
                leaf=row.leaf,
                value=format_number(row.value or 0),
                alphabeta=alphabeta,
                monte_carlo=words["reached_as"].format(count=row.monte_carlo_visits),
            )
        )
    lines = [
        figure.alphabeta_heading,
        figure.monte_carlo_heading,
        words["leaves"].format(leaves=SEPARATOR[language].join(leaves)),
    ]
    return Alternative(figure.title, "\n".join(lines))


def comparison_source(figure: Comparison) -> str:
    """The DOT text of the figure: the tree twice, α-β above and MCTS below (side by side,
    the leaves of a 9-leaf tree would not fit 1280 pixels)."""
    rows = {row.leaf: row for row in figure.rows}
    statements = [
        *_cluster(figure.tree, "alphabeta", figure.alphabeta_heading, rows, True, figure.language),
        *_cluster(
            figure.tree, "montecarlo", figure.monte_carlo_heading, rows, False, figure.language
        ),
        *(  # the Monte Carlo copy below the α-β copy, so that the figure fits 1280 pixels
            statement(f"alphabeta:{leaf}", f"montecarlo:{figure.tree.name}", style="invis")
            for leaf in rows
        ),
    ]
    return digraph(
        statements,
        title=figure.title,
        edges={"arrowhead": "none", "color": PALETTE.edge, "penwidth": 1.3},
        ordering="out",
        nodesep=0.12,
        ranksep=0.2,
        bgcolor="white",
        pad=0.15,
    )


class ComparisonDrawing:
    """The figure of :func:`draw_comparison`; shows itself as SVG (with its text
    alternative)."""

    def __init__(self, figure: Comparison) -> None:
        self.figure = figure
        self.source = comparison_source(figure)
        self._svg: str | None = None

    def svg(self) -> str:
        """The SVG document with its text alternative (rendered once)."""
        if self._svg is None:
            self._svg = drawn_with_alternative(self.source, comparison_alternative(self.figure))
        return self._svg

    def _repr_svg_(self) -> str | None:
        try:
            return self.svg()
        except Exception:  # no Graphviz: the hint was given
            return None

    def __str__(self) -> str:
        alternative = comparison_alternative(self.figure)
        return f"{alternative.title}\n{alternative.description}"

    def to_png(self, path: str | Path, width: int | None = None) -> Path:
        """Write a PNG to ``path``: natural size (96 dpi), or scaled to ``width`` pixels."""
        target = Path(path)
        dpi = 96.0 if width is None else width * 72.0 / svg_size(self.svg())[0]
        target.write_bytes(dot_png(self.source.encode("utf-8"), dpi))
        return target

    def table(self) -> str:
        """The figure's rows as a plain-text table in its language, one line per leaf left
        to right: the leaf, its value, α-β's evaluation order (or "pruned") and how many of
        the Monte Carlo search's iterations ended there. Widths are counted in display
        columns, so the Japanese table lines up too."""
        return comparison_table(self.figure)


def comparison_table(figure: Comparison) -> str:
    """:meth:`ComparisonDrawing.table`: the rows of ``figure`` as a text table."""
    words = {key: texts[figure.language] for key, texts in WORDS.items()}
    alphabeta, monte_carlo = figure.algorithms
    columns = [
        words["column_leaf"],
        words["column_value"],
        words["column_alphabeta"].format(algorithm=alphabeta),
        words["column_monte_carlo"].format(algorithm=monte_carlo),
    ]
    rows = [
        dict(
            zip(
                columns,
                [
                    row.leaf,
                    format_number(row.value or 0),
                    words["pruned"] if row.alphabeta_order is None else str(row.alphabeta_order),
                    str(row.monte_carlo_visits),
                ],
                strict=True,
            )
        )
        for row in figure.rows
    ]
    return text_table(columns, rows, numeric={columns[1], columns[3]})


def draw_comparison(
    alphabeta_trace: Trace,
    monte_carlo_trace: MonteCarloTrace,
    *,
    language: str | None = None,
) -> ComparisonDrawing:
    """The tree both traces searched, drawn twice, one above the other: α-β's leaves with their
    evaluation order or "pruned", the Monte Carlo search's with how many iterations ended
    there (the outline grows with the count).

    Raises:
        ValueError: as for :func:`leaf_attention`.
    """
    return ComparisonDrawing(comparison(alphabeta_trace, monte_carlo_trace, language=language))


__all__: Sequence[str] = [
    "Comparison",
    "ComparisonDrawing",
    "LeafAttention",
    "comparison",
    "comparison_alternative",
    "comparison_source",
    "comparison_table",
    "draw_comparison",
    "iteration_leaves",
    "leaf_attention",
]
