"""Explicit game trees: the trees of the textbooks, pasted as text or drawn at random.

A :class:`Tree` is an immutable node with a name, children and (at a leaf) a value. The root
belongs to MAX, the first player; the players alternate level by level. Leaf values are
written from MAX's view (``perspective="max"``, the minimax convention) or from the view of
the player to move at that leaf (``perspective="mover"``, the negamax convention).
:meth:`Tree.value_for_max` turns either into MAX's view.

Trees are written as indented outlines, one node a line, one more ``-`` a level deeper::

    - R
    -- A
    --- C
    ---- G 1
    ---- H 3

or as nested lists of leaf values, ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``, whose nodes
are named A, B, C, ... level by level. An outline line may end with ``[label]``, the name of
the move that leads to the node (``-- B [a1]``); without one, the move is the node's name.
Parsed trees are at most :data:`MAX_DEPTH` (100) plies deep, so nothing that recurses over
them (``==``, ``repr``, the searches, the drawings) can reach Python's recursion limit.

A tree can also act as a :class:`~gamelib.core.Game` (see :class:`TreeGame`), so the same
search functions run on textbook trees and on real games.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeAlias

from gamelib.core import FIRST, Player, View
from gamelib.notation import read_number

Number: TypeAlias = int | float
NestedValues: TypeAlias = "Number | Sequence[NestedValues]"


@dataclass(frozen=True)
class Tree:
    """A node of an explicit game tree (immutable).

    Attributes:
        name: the node's name, unique in its tree.
        children: the child nodes, in the order a search tries them.
        value: the leaf value (a number) at a leaf, ``None`` at an inner node.
        move: the name of the move from the parent to this node (defaults to ``name``).
        perspective: ``"max"`` if ``value`` is from MAX's (the root player's) view,
            ``"mover"`` if it is from the view of the player to move at this node.
    """

    name: str
    children: tuple[Tree, ...] = ()
    value: Number | None = None
    move: str | None = None
    perspective: View = "max"
    _size: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        if self.children and self.value is not None:
            raise ValueError(
                f"node {self.name!r} has a value and children; only leaves have values"
            )
        if not self.children and self.value is None:
            raise ValueError(f"leaf {self.name!r} has no value")
        if self.perspective not in ("max", "mover"):
            raise ValueError(f"perspective must be 'max' or 'mover', not {self.perspective!r}")
        object.__setattr__(self, "_size", 1 + sum(child._size for child in self.children))

    @property
    def is_leaf(self) -> bool:
        """Whether this node has no children."""
        return not self.children

    @property
    def move_name(self) -> str:
        """The name of the move that leads here from the parent."""
        return self.name if self.move is None else self.move

    def __len__(self) -> int:
        """The number of nodes in this tree, this node included."""
        return self._size

    def walk(self) -> Iterator[tuple[Tree, int]]:
        """Every node with its ply (0 for this node), in depth-first, left-to-right order."""
        stack: list[tuple[Tree, int]] = [(self, 0)]
        while stack:
            node, ply = stack.pop()
            yield node, ply
            stack.extend((child, ply + 1) for child in reversed(node.children))

    def nodes(self) -> dict[str, Tree]:
        """All nodes by name."""
        return {node.name: node for node, _ in self.walk()}

    def leaves(self) -> list[Tree]:
        """The leaves, left to right."""
        return [node for node, _ in self.walk() if node.is_leaf]

    def height(self) -> int:
        """The number of plies from this node down to its deepest leaf."""
        return max((ply for _, ply in self.walk()), default=0)

    def value_for_max(self, ply: int) -> Number:
        """This leaf's value from MAX's view, given its ply (MIN moves at odd plies)."""
        if self.value is None:
            raise ValueError(f"node {self.name!r} is not a leaf and has no value")
        if self.perspective == "mover" and ply % 2 == 1:
            return -self.value
        return self.value

    def to_outline(self) -> str:
        """The tree as outline text, which :func:`parse_tree` reads back to an equal tree."""
        lines = []
        for node, ply in self.walk():
            line = "-" * (ply + 1) + " " + node.name
            if node.value is not None:
                line += " " + _format_number(node.value)
            if node.move is not None:
                line += f" [{node.move}]"
            lines.append(line)
        return "\n".join(lines)

    def _repr_svg_(self) -> str | None:
        """The tree drawn, for Jupyter; None (Jupyter then shows the outline) if it cannot be."""
        from gamelib.render.summaries import tree_svg

        return tree_svg(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain text: the outline (:meth:`to_outline`)."""
        printer.text(self.to_outline())


def _format_number(value: Number) -> str:
    if isinstance(value, float) and value.is_integer() and not math.isinf(value):
        return str(int(value)) if abs(value) < 2**53 else repr(value)
    return str(value)


# --------------------------------------------------------------------------- a tree as a game

TreeState: TypeAlias = tuple[Tree, Player]
"""A position in a tree: the node and the player to move there (FIRST = MAX)."""


class TreeGame:
    """An explicit tree seen as a :class:`~gamelib.core.Game`.

    A state is ``(node, player)``; a move is a child node. Leaf values are given to the
    search from the view of the player to move (negamax convention), whatever the tree's
    perspective. An inner node has no value: a depth-limited search on a tree needs an
    ``evaluate`` function.
    """

    def __init__(self, tree: Tree) -> None:
        self.tree = tree

    def initial_state(self) -> TreeState:
        return (self.tree, FIRST)

    def to_move(self, state: TreeState) -> Player:
        return state[1]

    def moves(self, state: TreeState) -> tuple[Tree, ...]:
        return state[0].children

    def result(self, state: TreeState, move: Tree) -> TreeState:
        return (move, 1 - state[1])

    def is_terminal(self, state: TreeState) -> bool:
        return not state[0].children

    def utility(self, state: TreeState) -> float:
        node, player = state
        value = node.value
        if value is None:
            raise ValueError(
                f"inner node {node.name!r} has no value: give the search an evaluate function "
                "to cut a tree off above its leaves"
            )
        if node.perspective == "mover" or player == FIRST:
            return value
        return -value

    def evaluate(self, state: TreeState) -> float:
        return self.utility(state)

    def key(self, state: TreeState) -> str:
        return state[0].name

    def move_name(self, move: Tree) -> str:
        return move.move_name


# --------------------------------------------------------------------------- parsing

MAX_DEPTH = 100
"""The deepest a parsed tree may be, in plies below the root (the root is at ply 0).

:func:`parse_tree`, :func:`tree_from_lists` and :func:`random_tree` refuse deeper trees with a
ValueError naming the line or column that goes too deep. Trees of the textbooks are under 20
plies deep. The limit keeps everything that recurses over a tree far from Python's recursion
limit (1000 frames, shared with Jupyter or pytest below): ``==`` and ``repr`` of a
:class:`Tree` take about four frames per ply, the searches one or two. A tree built directly
with :class:`Tree` is not checked.
"""

_BYTE_ORDER_MARK = "\ufeff"
_OUTLINE_LINE = re.compile(r"^(?P<dashes>-+)\s+(?P<rest>\S.*?)\s*$")
_MOVE_LABEL = re.compile(r"^(?P<body>.*?)\s*\[(?P<move>[^\[\]\s]+)\]$")
_NAME = re.compile(r"^[^\s\[\]\-][^\s\[\]]*$")
_LIST_TOKEN = re.compile(r"\[|\]|,|[^\s\[\],]+")


def parse_tree(text: str | Sequence[NestedValues], *, perspective: View = "max") -> Tree:
    """Read a tree from outline text, nested-list text, or a nested Python list of numbers.

    Args:
        text: an indented outline (``- R`` / ``-- A`` / ``--- G 1``, one more dash a level
            deeper, ``[label]`` at the end of a line names the move into that node), the text
            of a nested list (``[[3, 12, 8], [2, 4, 6]]``), or such a list itself. Values are
            read by :func:`gamelib.notation.read_number` (``3``, ``-2``, ``−2``, ``2.5``,
            ``∞``). A leading byte-order mark and Windows line ends (``\\r\\n``) are accepted.
        perspective: ``"max"`` if leaf values are from the root player's (MAX's) view,
            ``"mover"`` if from the view of the player to move at each leaf.

    Returns:
        The root of the tree. Nested lists get names A, B, C, ... level by level.

    Raises:
        ValueError: naming the line (or column) and what is wrong with it, also for a tree
            more than :data:`MAX_DEPTH` plies deep. Text is never evaluated as code, and no
            text, however deeply nested, makes the parser recurse.
    """
    if perspective not in ("max", "mover"):
        raise ValueError(f"perspective must be 'max' or 'mover', not {perspective!r}")
    if not isinstance(text, str):
        return tree_from_lists(text, perspective=perspective)
    text = text.removeprefix(_BYTE_ORDER_MARK)
    stripped = text.strip()
    if not stripped:
        raise ValueError(
            "empty tree text: expected an outline ('- R', '-- A', '--- G 1', ...) "
            "or a nested list ('[[3, 12, 8], [2, 4, 6]]')"
        )
    if stripped.startswith("["):
        return tree_from_lists(_read_nested_list(text), perspective=perspective)
    return _parse_outline(text, perspective)


@dataclass
class _OutlineNode:
    line: int
    name: str
    value: Number | None
    move: str | None
    children: list[_OutlineNode] = field(default_factory=list)


def _parse_outline(text: str, perspective: View) -> Tree:
    root: _OutlineNode | None = None
    path: list[_OutlineNode] = []  # the open nodes, root first: path[level - 1]
    first_line_of: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        match = _OUTLINE_LINE.match(raw.strip())
        if match is None:
            raise ValueError(
                f"line {number}: expected dashes, a name and an optional value "
                f"(like '-- A' or '--- G 3'), got {raw.strip()!r}"
            )
        level = len(match["dashes"])
        name, value, move = _read_outline_fields(match["rest"], number)
        if name in first_line_of:
            raise ValueError(
                f"line {number}: duplicate name {name!r} (first used on line {first_line_of[name]})"
            )
        first_line_of[name] = number
        node = _OutlineNode(number, name, value, move)
        if root is None:
            if level != 1:
                raise ValueError(
                    f"line {number}: the root must start with one '-', "
                    f"but {name!r} starts with {level}"
                )
            root = node
            path = [node]
            continue
        if level == 1:
            raise ValueError(
                f"line {number}: a second root {name!r} (the root is {root.name!r} "
                f"on line {root.line}); a tree has exactly one line with a single '-'"
            )
        if level > len(path) + 1:
            raise ValueError(
                f"line {number}: bad indentation: {name!r} has {level} dashes, but the line above "
                f"has {len(path)}; a child has exactly one '-' more than its parent"
            )
        if level - 1 > MAX_DEPTH:
            raise ValueError(
                f"line {number}: too deep: {name!r} ({level} dashes) is {level - 1} plies below "
                f"the root, and a tree may be at most {MAX_DEPTH} plies deep (MAX_DEPTH)"
            )
        parent = path[level - 2]
        if parent.value is not None:
            raise ValueError(
                f"line {number}: {parent.name!r} (line {parent.line}) has the value "
                f"{_format_number(parent.value)} but also a child {name!r}; "
                "only leaves have values"
            )
        parent.children.append(node)
        del path[level - 1 :]
        path.append(node)
    if root is None:
        raise ValueError("empty tree text: it holds only blank or comment lines")
    return _build(root, perspective)


def _read_outline_fields(rest: str, line: int) -> tuple[str, Number | None, str | None]:
    move = None
    labelled = _MOVE_LABEL.match(rest)
    if labelled is not None:
        rest, move = labelled["body"], labelled["move"]
    fields = rest.split()
    if not fields:
        raise ValueError(f"line {line}: a node needs a name before its move label")
    if len(fields) > 2:
        raise ValueError(
            f"line {line}: too many fields {fields!r}: expected a name and at most one value"
        )
    name = fields[0]
    if not _NAME.match(name):
        raise ValueError(f"line {line}: {name!r} is not a usable node name")
    value = None
    if len(fields) == 2:
        try:
            value = read_number(fields[1])
        except ValueError as error:
            raise ValueError(f"line {line}: value of {name!r}: {error}") from None
    return name, value, move


def _build(root: _OutlineNode, perspective: View) -> Tree:
    """The Tree of an outline, built bottom-up (children before parents), without recursion."""
    parents_first = [root]
    for node in parents_first:  # the list grows while it is read: breadth first
        parents_first.extend(node.children)
    leaves_without_value = [
        node for node in parents_first if not node.children and node.value is None
    ]
    if leaves_without_value:
        first = min(leaves_without_value, key=lambda node: node.line)
        raise ValueError(f"line {first.line}: leaf {first.name!r} has no value")
    built: dict[int, Tree] = {}  # by line number
    for node in reversed(parents_first):
        children = tuple(built.pop(child.line) for child in node.children)
        built[node.line] = Tree(node.name, children, node.value, node.move, perspective)
    return built[root.line]


def _read_nested_list(text: str) -> NestedValues:
    """Read ``[[3, 12], [-2, 4.5]]``-style text with a small parser (never ``eval``).

    The lists still open are kept on a stack, so no text makes this recurse; a ``[`` that
    would put leaves more than :data:`MAX_DEPTH` plies below the root is refused.
    """
    open_lists: list[list[NestedValues]] = []  # the lists not closed yet, outermost first
    complete: NestedValues | None = None  # the whole value, once its last ']' is read
    after_item = False  # just read a number or a ']': a ',' or a ']' must follow
    for token in _LIST_TOKEN.finditer(text):
        symbol, start = token.group(), token.start()
        if complete is not None:
            raise ValueError(f"nested list: unexpected {symbol!r} at {_place(text, start)}")
        if symbol == "]" and open_lists:
            item: NestedValues = open_lists.pop()
        elif symbol == "," and after_item:
            after_item = False
            continue
        elif after_item:
            raise ValueError(
                f"nested list: expected ',' or ']' at {_place(text, start)}, got {symbol!r}"
            )
        elif symbol == "[":
            if len(open_lists) == MAX_DEPTH:
                raise ValueError(
                    f"nested list: too deep at {_place(text, start)}: this '[' is nested "
                    f"{MAX_DEPTH + 1} levels deep, and a tree may be at most {MAX_DEPTH} plies "
                    "deep (MAX_DEPTH)"
                )
            open_lists.append([])
            continue
        elif symbol == ",":
            raise ValueError(
                f"nested list: expected a number or '[' at {_place(text, start)}, got ','"
            )
        else:
            try:
                item = read_number(symbol)
            except ValueError as error:
                raise ValueError(f"nested list: {_place(text, start)}: {error}") from None
        if open_lists:
            open_lists[-1].append(item)
            after_item = True
        else:
            complete = item
    if open_lists or complete is None:
        raise ValueError("nested list: a '[' is never closed")
    return complete


def _place(text: str, offset: int) -> str:
    """``"column 7"`` in one-line text, ``"line 2, column 7"`` in text of several lines."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}" if "\n" in text.strip() else f"column {column}"


def tree_from_lists(nested: NestedValues, *, perspective: View = "max") -> Tree:
    """Build a tree from nested lists of leaf values; nodes are named A, B, C, ... level by level.

    The lists are walked level by level and the tree is built bottom-up, without recursion.

    Raises:
        ValueError: for an empty list (a node with no children and no value), a non-number,
            or nesting more than :data:`MAX_DEPTH` plies deep (a list that holds itself too).
    """
    level_order = _breadth_first(nested)
    built: dict[tuple[int, ...], Tree] = {}  # by path: the child positions from the root
    for index in range(len(level_order) - 1, -1, -1):  # children come after their parents
        path, item = level_order[index]
        name = letter_name(index)
        if isinstance(item, int | float):
            built[path] = Tree(name, value=item, perspective=perspective)
        else:
            children = tuple(built.pop((*path, position)) for position in range(len(item)))
            built[path] = Tree(name, children, perspective=perspective)
    return built[()]


def _breadth_first(nested: NestedValues) -> list[tuple[tuple[int, ...], NestedValues]]:
    """Every item with its path, level by level (the order of the names), checked on the way."""
    order: list[tuple[tuple[int, ...], NestedValues]] = [((), nested)]
    for index, (path, item) in enumerate(order):  # the list grows while it is read
        name = letter_name(index)
        if len(path) > MAX_DEPTH:
            raise ValueError(
                f"nested list: too deep: node {name} is {len(path)} plies below the root, "
                f"and a tree may be at most {MAX_DEPTH} plies deep (MAX_DEPTH)"
            )
        if isinstance(item, str | bool) or not isinstance(item, int | float | Sequence):
            raise ValueError(f"nested list: node {name} is {item!r}, not a number and not a list")
        if isinstance(item, float) and math.isnan(item):
            raise ValueError(f"nested list: node {name} has the value nan")
        if isinstance(item, Sequence):
            if not item:
                raise ValueError(
                    f"nested list: node {name} is an empty list (no children, no value)"
                )
            order.extend(((*path, position), child) for position, child in enumerate(item))
    return order


def letter_name(index: int) -> str:
    """Spreadsheet-style names: 0 → A, 25 → Z, 26 → AA, 27 → AB, ..."""
    name = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        name = chr(ord("A") + remainder) + name
    return name


# --------------------------------------------------------------------------- random trees


def random_tree(
    seed: int,
    depth: int,
    branching: int | tuple[int, int],
    low: int = -9,
    high: int = 9,
) -> Tree:
    """A random tree with every leaf at ``depth`` and integer leaf values in [low, high].

    Args:
        seed: the same seed gives the same tree on every machine and Python version.
        depth: plies from the root to the leaves (0 gives a single leaf; at most
            :data:`MAX_DEPTH`).
        branching: children per inner node, or (fewest, most), drawn uniformly per node.
        low, high: the range of leaf values, from MAX's view.

    Nodes are named A, B, C, ... level by level.
    """
    fewest, most = (branching, branching) if isinstance(branching, int) else branching
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be from 0 to MAX_DEPTH = {MAX_DEPTH}, not {depth}")
    if not 1 <= fewest <= most:
        raise ValueError(f"branching must be at least 1 (and fewest ≤ most), not {branching}")
    if low > high:
        raise ValueError(f"low ({low}) must not be above high ({high})")
    generator = random.Random(seed)
    # Draw the shape level by level, then the leaf values left to right.
    widths: list[list[int]] = []
    nodes_on_level = 1
    for _ in range(depth):
        level = [generator.randint(fewest, most) for _ in range(nodes_on_level)]
        widths.append(level)
        nodes_on_level = sum(level)
    leaf_values = [generator.randint(low, high) for _ in range(nodes_on_level)]
    return _assemble_levels(widths, leaf_values)


def _assemble_levels(widths: list[list[int]], leaf_values: list[int]) -> Tree:
    """Build a tree bottom-up from the child counts of each level and the leaf values."""
    first_index = [0]
    for level in widths:
        first_index.append(first_index[-1] + len(level))
    level_nodes = [
        Tree(letter_name(first_index[-1] + position), value=value)
        for position, value in enumerate(leaf_values)
    ]
    for depth in range(len(widths) - 1, -1, -1):
        parents = []
        taken = 0
        for position, width in enumerate(widths[depth]):
            children = tuple(level_nodes[taken : taken + width])
            taken += width
            parents.append(Tree(letter_name(first_index[depth] + position), children))
        level_nodes = parents
    return level_nodes[0]


# --------------------------------------------------------------------------- the textbook trees

_ALPHA_BETA_WINDOWS = """
- R
-- A
--- C
---- G 1
---- H 3
--- D
---- I 4
---- J 2
-- B
--- E
---- K 2
---- L 1
--- F
---- M 3
---- N 5
"""

_NEGAMAX_TWO_PLY = """
- R
-- E1
--- S11 3
--- S12 5
--- S13 1
-- E2
--- S21 7
--- S22 3
--- S23 -4
-- E3
--- S31 -3
--- S32 0
--- S33 3
"""

_AIMA_FIGURE_5_2 = """
- A
-- B [a1]
--- b1 3
--- b2 12
--- b3 8
-- C [a2]
--- c1 2
--- c2 4
--- c3 6
-- D [a3]
--- d1 14
--- d2 5
--- d3 2
"""

TEXTBOOK: Mapping[str, Tree] = MappingProxyType(
    {
        "alpha-beta-windows": parse_tree(_ALPHA_BETA_WINDOWS),
        "negamax-two-ply": parse_tree(_NEGAMAX_TWO_PLY, perspective="mover"),
        "aima-fig-5-2": parse_tree(_AIMA_FIGURE_5_2),
    }
)
"""The trees of the course's sources, by name (read-only)."""
