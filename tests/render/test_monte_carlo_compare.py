"""α-β and MCTS on one textbook tree, side by side: which leaves each looks at, how often."""

from __future__ import annotations

import re
import shutil

import pytest

from gamelib import TEXTBOOK, alphabeta, record
from gamelib.render.monte_carlo_compare import (
    comparison,
    comparison_alternative,
    comparison_source,
    draw_comparison,
    iteration_leaves,
    leaf_attention,
)
from gamelib.search.mcts import Playout, record_monte_carlo, uct
from gamelib.trees import Tree

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is missing")
TAGS = re.compile(r"<[^>]+>")


def below(tree: Tree, names: set[str]) -> set[str]:
    """The leaves at or under the nodes called ``names``."""
    leaves: set[str] = set()
    for node, _ in tree.walk():
        if node.name in names:
            leaves |= {leaf.name for leaf, _ in node.walk() if leaf.is_leaf}
    return leaves


@pytest.mark.parametrize("key", ["aima-fig-5-2", "alpha-beta-windows", "negamax-two-ply"])
def test_each_leaf_row_says_what_each_search_did(key: str) -> None:
    tree = TEXTBOOK[key]
    ab = record(alphabeta, tree)
    mc = record_monte_carlo(uct, tree, iterations=150, seed=4)
    rows = leaf_attention(ab, mc)
    assert [row.leaf for row in rows] == [node.name for node, _ in tree.walk() if node.is_leaf]
    evaluated = [row.leaf for row in sorted(rows, key=lambda r: r.alphabeta_order or 99)
                 if row.alphabeta_order is not None]  # fmt: skip
    assert evaluated == ab.evaluated
    for row in rows:  # ① is the first leaf α-β evaluates
        if row.leaf in ab.evaluated:
            assert row.alphabeta_order == ab.evaluated.index(row.leaf) + 1
    assert {row.leaf for row in rows if row.alphabeta_order is None} == below(tree, set(ab.pruned))
    assert sum(row.monte_carlo_visits for row in rows) == mc.iterations
    final = mc.tree_after(mc.iterations)
    for row in rows:  # once in the tree, every iteration through a leaf ends there
        if row.leaf in final:
            assert row.monte_carlo_visits >= final[row.leaf].visits
        assert row.value == next(node.value for node, _ in tree.walk() if node.name == row.leaf)


def test_a_depth_two_tree_ends_each_iteration_where_its_path_and_playout_lead() -> None:
    tree = TEXTBOOK["aima-fig-5-2"]
    trace = record_monte_carlo(uct, tree, iterations=40, seed=1)
    leaves = iteration_leaves(trace)
    playouts = [event for event in trace.events if isinstance(event, Playout)]
    assert len(leaves) == len(playouts) == 40
    for leaf, playout in zip(leaves, playouts, strict=True):
        # from a root child the playout plays one move, to that leaf; from a leaf, none
        assert leaf == (playout.moves[0] if playout.moves else playout.node)


def test_the_figure_and_its_alternative_show_the_same_counts() -> None:
    tree = TEXTBOOK["aima-fig-5-2"]
    figure = comparison(record(alphabeta, tree), record_monte_carlo(uct, tree, iterations=90),
                        language="en")  # fmt: skip
    source = comparison_source(figure)
    text = comparison_alternative(figure).description
    for row in figure.rows:
        label = re.search(rf'^\s*"montecarlo:{row.leaf}" \[.*label=<(.*)>\];$', source, re.M)
        assert label is not None and f"{row.monte_carlo_visits}×" in TAGS.sub("", label.group(1))
        assert f"reached by MCTS {row.monte_carlo_visits}×" in text
        ab_label = re.search(rf'^\s*"alphabeta:{row.leaf}" \[.*label=<(.*)>\];$', source, re.M)
        assert ab_label is not None
        if row.alphabeta_order is None:
            assert "pruned" in ab_label.group(1) and f"{row.leaf} (value" in text
        else:
            assert "①②③④⑤⑥⑦⑧⑨⑩"[row.alphabeta_order - 1] in ab_label.group(1)
    assert "7 of 9 leaves evaluated once, 2 pruned" in text


def test_traces_of_different_trees_are_refused() -> None:
    with pytest.raises(ValueError, match="different trees"):
        leaf_attention(
            record(alphabeta, TEXTBOOK["aima-fig-5-2"]),
            record_monte_carlo(uct, TEXTBOOK["alpha-beta-windows"], iterations=5),
        )


@needs_dot
@pytest.mark.parametrize("language", ["en", "ja"])
def test_both_languages_render(language: str) -> None:
    tree = TEXTBOOK["aima-fig-5-2"]
    drawing = draw_comparison(record(alphabeta, tree), record_monte_carlo(uct, tree, iterations=50),
                              language=language)  # fmt: skip
    svg = drawing.svg()
    assert 'role="img"' in svg and "<desc>" in svg
    assert ("枝刈り" in svg) == (language == "ja")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_text_table_lines_up_and_says_what_each_search_did(language: str) -> None:
    """Notebook 11 prints this table: every line is as wide as the rule under the heading
    (in display columns, a Japanese character takes two), the columns start at the same
    column on every line, and each line holds the leaf, α-β's order or "pruned" and the
    count of iterations, read from the traces themselves."""
    from gamelib.tables import display_width

    tree = TEXTBOOK["alpha-beta-windows"]
    ab = record(alphabeta, tree)
    mc = record_monte_carlo(uct, tree, iterations=100, seed=0)
    drawing = draw_comparison(ab, mc, language=language)
    heading, rule, *lines = drawing.table().splitlines()
    leaves = [node.name for node, _ in tree.walk() if node.is_leaf]
    assert len(lines) == len(leaves)
    starts = [index for index, character in enumerate(rule) if character == "-"
              and (index == 0 or rule[index - 1] == " ")]  # fmt: skip
    width = len(rule)
    reached = {leaf: 0 for leaf in leaves}
    for leaf in iteration_leaves(mc):
        reached[leaf] += 1
    pruned = {"en": "pruned", "ja": "枝刈り"}[language]
    for line, leaf in zip(lines, leaves, strict=True):
        assert display_width(line) == width  # the last column is right-aligned: no ragged end
        cells = line.split()
        assert cells[0] == leaf
        expected = str(ab.evaluated.index(leaf) + 1) if leaf in ab.evaluated else pruned
        assert cells[2] == expected
        assert cells[3] == str(reached[leaf])
        third = line.index(cells[2], line.index(cells[1]) + len(cells[1]))
        assert display_width(line[:third]) == starts[2]  # α-β's column starts where its rule does
    assert display_width(heading) <= width
