"""Games with cycles: small game graphs, and Cat and Mouse on a board.

Game graphs
-----------
:class:`GraphGame` turns a directed graph (networkx ``DiGraph``) into a game. A token stands
on a node; the player to move moves it along an out-going edge, and then the other player
is to move. A node without out-going edges ends the game.

* A **state** is a pair ``(node, player to move)``, so the same node with the other player
  to move is a different position. Turns alternate, so a cycle of odd length brings the
  token back with the other player to move: only going round twice repeats the position.
* A **move** is the node the token goes to; the moves of a node are its successors in the
  order the edges were added to the graph.
* The **values** of the end nodes are given from the **first player's** view (the player to
  move at the start): a node's value cannot be from the mover's view, because either player
  can be the one to move there. :meth:`GraphGame.utility` turns it into the mover's view,
  as :mod:`gamelib.core` requires: ``value`` when FIRST is to move, ``−value`` otherwise.
  ``estimates`` (also FIRST's view, default 0) are the heuristic values of the other nodes.
* ``checks`` is a set of nodes where the player to move is "in check", for the rule that
  perpetual check loses (:func:`gamelib.search.repetition.perpetual_check_loses`).
* :meth:`GraphGame.repetition_hash` is deliberately weak — it hashes the node and forgets
  whose turn it is — so that searches show hash collisions told apart by the full key.

Named examples: :func:`plain_cycle`, :func:`ahead_and_behind`, :func:`ghi_example` (the
graph-history interaction), :func:`sennichite_example`, :func:`perpetual_check_example`,
and :func:`random_cyclic_game` for random graphs.

Cat and Mouse
-------------
:class:`CatAndMouse` is a small playable game with cycles: a mouse (FIRST) and a cat
(SECOND) take turns stepping to a neighbouring free square of a board. The mouse wins by
reaching the hole, the cat by stepping onto the mouse. Without a rule for repetitions the
two can run round the board forever.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, cast

from gamelib.charts import GraphDrawing, digraph, statement
from gamelib.core import FIRST, IllegalMoveError, Player, opponent
from gamelib.games.boards import COLUMN_LETTERS, BoardPicture, svg_document, text_element
from gamelib.language import Language, translated, words
from gamelib.notation import MINUS

if TYPE_CHECKING:
    import networkx

GraphState = tuple[Hashable, Player]
"""A position of a :class:`GraphGame`: ``(node, player to move)``."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "game graph": {"en": "game graph", "ja": "ゲームのグラフ"},
    "plain cycle": {"en": "a cycle with an exit", "ja": "出口のある循環"},
    "ahead and behind": {
        "en": "ahead avoids, behind seeks",
        "ja": "優勢な側は避け、劣勢な側は求める",
    },
    "sennichite": {"en": "sennichite: a forced replay", "ja": "千日手：強制される指し直し"},
    "sennichite even": {"en": "sennichite: an even position", "ja": "千日手：互角の局面"},
    "perpetual check": {"en": "perpetual check", "ja": "連続王手"},
    "ghi": {"en": "graph-history interaction", "ja": "GHI（グラフ履歴相互作用）"},
    "random cyclic game": {"en": "random cyclic game {seed}", "ja": "ランダムな循環ゲーム {seed}"},
    "random evaluation": {"en": "{name}, random evaluation", "ja": "{name}（評価値はランダム）"},
    "mouse to move": {"en": "mouse to move", "ja": "ネズミの手番"},
    "cat to move": {"en": "cat to move", "ja": "ネコの手番"},
    "mouse home": {"en": "the mouse is home", "ja": "ネズミが巣穴に着きました"},
    "mouse caught": {"en": "the cat caught the mouse", "ja": "ネコがネズミを捕まえました"},
}
"""Every word this module shows a reader, in English and Japanese: the names of the game
graphs (their English text is the name the code uses; :func:`game_title` shows it) and
the captions of Cat and Mouse."""

GAME_NAMES: Final = tuple(
    WORDS[key]
    for key in (
        "game graph", "plain cycle", "ahead and behind", "sennichite", "sennichite even",
        "perpetual check", "ghi", "random cyclic game", "random evaluation",
    )
)  # fmt: skip
"""The entries of :data:`WORDS` that name game graphs."""


def game_title(name: str, language: str | None = None) -> str:
    """A game graph's name as a reader sees it in ``language`` (None: the course-wide one):
    a known English name (:data:`GAME_NAMES`) translated, any other name as it is."""
    return translated(name, GAME_NAMES, language)


# --------------------------------------------------------------------------- game graphs


class GraphGame:
    """A game played by moving a token along the edges of a directed graph.

    See the module's docstring for the conventions (states, moves, values).

    Args:
        graph: the directed graph; nodes are any hashable labels (short strings read best).
        start: the node the token starts on.
        values: the value of every end node (no out-going edges), from FIRST's view.
        estimates: heuristic values of other nodes, from FIRST's view (default 0).
        checks: nodes where the player to move is in check.
        first_player: the player to move at the start.
        name: a name for the game.

    Raises:
        ValueError: when ``start`` is not a node, an end node has no value, or a value is
            given for a node that is not an end node.
    """

    def __init__(
        self,
        graph: networkx.DiGraph[Hashable],
        start: Hashable,
        values: Mapping[Hashable, float],
        *,
        estimates: Mapping[Hashable, float] | None = None,
        checks: Collection[Hashable] = (),
        first_player: Player = FIRST,
        name: str = WORDS["game graph"]["en"],
    ) -> None:
        if start not in graph:
            raise ValueError(f"the start node {start!r} is not a node of the graph")
        ends = [node for node in graph if graph.out_degree(node) == 0]
        missing = [node for node in ends if node not in values]
        if missing:
            raise ValueError(f"end nodes without a value: {missing!r}")
        extra = [node for node in values if node in graph and graph.out_degree(node) > 0]
        if extra:
            raise ValueError(f"values given for nodes that are not end nodes: {extra!r}")
        self.graph = graph
        self.start = start
        self.values = dict(values)
        self.estimates = dict(estimates or {})
        self.checks = frozenset(checks)
        self.first_player = first_player
        self.name = name
        self._successors: dict[Hashable, tuple[Hashable, ...]] = {
            node: tuple(graph.successors(node)) for node in graph
        }

    def __repr__(self) -> str:
        return (
            f"GraphGame({self.name!r}: {self.graph.number_of_nodes()} nodes, "
            f"{self.graph.number_of_edges()} edges, start {self.start!r})"
        )

    # ---- the Game protocol
    def initial_state(self) -> GraphState:
        """The token on ``start``, ``first_player`` to move."""
        return (self.start, self.first_player)

    def to_move(self, state: GraphState) -> Player:
        """The player to move: the state's second part."""
        return state[1]

    def moves(self, state: GraphState) -> tuple[Hashable, ...]:
        """The successors of the token's node, in the order the edges were added."""
        return self._successors[state[0]]

    def result(self, state: GraphState, move: Hashable) -> GraphState:
        """The token on ``move``, the other player to move."""
        return (move, opponent(state[1]))

    def is_terminal(self, state: GraphState) -> bool:
        """Whether the token is on an end node."""
        return not self._successors[state[0]]

    def utility(self, state: GraphState) -> float:
        """The end node's value for the player to move (given values are FIRST's view)."""
        value = self.values[state[0]]
        return value if state[1] == FIRST else -value

    def evaluate(self, state: GraphState) -> float:
        """The utility at an end node, else the node's estimate, for the player to move."""
        if self.is_terminal(state):
            return self.utility(state)
        value = self.estimates.get(state[0], 0.0)
        return value if state[1] == FIRST else -value

    def key(self, state: GraphState) -> GraphState:
        """The state itself: node and player to move identify a position exactly."""
        return state

    def move_name(self, move: Hashable) -> str:
        """A move is written as the node it goes to."""
        return str(move)

    # ---- hooks for repetitions
    def repetition_hash(self, key: Hashable) -> int:
        """A deliberately weak hash: the node's, ignoring the player to move.

        The same node with the other player to move gets the same hash, so the search's
        full comparison of keys has something to do (counted as key collisions).
        """
        node, _ = cast(GraphState, key)
        return hash(node)

    def is_check(self, key: Hashable) -> bool:
        """Whether the player to move in the position with this key is in check."""
        node, _ = cast(GraphState, key)
        return node in self.checks

    # ---- drawing
    def plot(
        self,
        *,
        highlight: Collection[tuple[Hashable, Hashable]] = (),
        node_labels: Mapping[Hashable, str] | None = None,
        title: str | None = None,
        positions: Mapping[Hashable, tuple[float, float]] | None = None,
        language: str | None = None,
    ) -> GraphDrawing:
        """Draw the graph with Graphviz (the same on the desktop and in a browser).

        The start node is drawn in blue, end nodes as boxes with their values (FIRST's
        view), check nodes with a red border; ``highlight`` edges are drawn thick and red.

        Args:
            highlight: edges (from, to) to emphasise, for example a principal variation.
            node_labels: text for the nodes (default: the node and, for end nodes, the value).
            title: the title on top (default: the game's name, in ``language``: see
                :func:`game_title`).
            positions: node positions (x to the right, y up; about 1 unit between
                neighbours), kept exactly; default: Graphviz's layered layout from the start.
            language: the language of the default title (None: the course-wide setting).

        Returns:
            The drawing (SVG in a notebook; ``.source`` is the DOT text).

        Raises:
            ValueError: if ``positions`` leaves out a node.
        """
        shown = game_title(self.name, language) if title is None else title
        return GraphDrawing(self.dot(highlight, node_labels, shown, positions), shown)

    def dot(
        self,
        highlight: Collection[tuple[Hashable, Hashable]] = (),
        node_labels: Mapping[Hashable, str] | None = None,
        title: str | None = None,
        positions: Mapping[Hashable, tuple[float, float]] | None = None,
        *,
        language: str | None = None,
    ) -> str:
        """The DOT text of :meth:`plot` (same arguments)."""
        if positions is not None:
            missing = [node for node in self.graph if node not in positions]
            if missing:
                raise ValueError(f"positions has no place for the nodes {missing!r}")
        labels = dict(node_labels or {})
        statements = []
        for node in self.graph:
            end = node in self.values
            value = f"{self.values[node]:+g}".replace("-", MINUS) if end else ""
            text = labels.get(node, f"{node}\n{value}" if end else str(node))
            place = None
            if positions is not None:
                x, y = positions[node]
                place = f"{x * GRAPH_UNIT:.3f},{y * GRAPH_UNIT:.3f}!"
            statements.append(
                statement(
                    node,
                    label=text,
                    shape="box" if end else "circle",
                    style="filled",
                    fillcolor="#fdd49e"
                    if end
                    else ("#9ecae1" if node == self.start else "#f0f0f0"),
                    color="#d62728" if node in self.checks else "#333333",
                    penwidth=2.5 if node in self.checks else 1.5,
                    pos=place,
                )
            )
        marked = {tuple(edge) for edge in highlight}
        for source, target in self.graph.edges:
            bold = (source, target) in marked
            statements.append(
                statement(
                    source,
                    target,
                    color="#d62728" if bold else "#555555",
                    penwidth=3 if bold else 1.2,
                )
            )
        layout = (
            {"layout": "dot", "rankdir": "TB", "nodesep": 0.5, "ranksep": 0.45}
            if positions is None
            else {"layout": "neato", "splines": "curved", "overlap": "true"}
        )
        return digraph(
            statements,
            title=game_title(self.name, language) if title is None else title,
            pad=0.15,
            nodes={"width": 0.6, "height": 0.6, "fixedsize": "false", "margin": "0.06,0.04"},
            edges={"arrowsize": 0.8},
            **layout,
        )


GRAPH_UNIT = 1.35
"""Inches per unit of the ``positions`` given to :meth:`GraphGame.plot`."""


def _graph(edges: list[tuple[str, str]]) -> networkx.DiGraph[Hashable]:
    import networkx as nx

    graph: networkx.DiGraph[Hashable] = nx.DiGraph()
    graph.add_edges_from(edges)
    return graph


def plain_cycle() -> GraphGame:
    """A ring a → b → c → a with one way out, from c to the end node "out" (+1 for FIRST).

    Going round the ring would never end; FIRST reaches c after two plies and leaves the
    ring: the value is +1.
    """
    graph = _graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "out")])
    return GraphGame(graph, "a", {"out": 1}, name=WORDS["plain cycle"]["en"])


def ahead_and_behind() -> GraphGame:
    """FIRST is ahead and avoids the repetition; SECOND is behind and seeks it.

    From ``start`` FIRST chooses between ``x`` and ``y`` (SECOND to move at both).

    * At ``x`` SECOND can give up (``x gives up``: +1 for FIRST) or go back to ``start``,
      repeating the start position: a draw under the chess rule. SECOND, behind, seeks
      the repetition: ``x`` is worth 0.
    * At ``y`` SECOND must go to ``z``, where FIRST can go back to ``y`` (a repetition,
      draw) or win (``z wins``: +1). FIRST, ahead, avoids the repetition: ``y`` is worth +1.

    With :data:`~gamelib.search.repetition.chess_draw` the value is +1, by ``y``, ``z``,
    ``z wins``.
    """
    graph = _graph(
        [
            ("start", "x"),
            ("start", "y"),
            ("x", "start"),
            ("x", "x gives up"),
            ("y", "z"),
            ("z", "y"),
            ("z", "z wins"),
        ]
    )
    return GraphGame(
        graph, "start", {"x gives up": 1, "z wins": 1}, name=WORDS["ahead and behind"]["en"]
    )


def sennichite_example() -> GraphGame:
    """A position where both players' only good line repeats: who gets the edge?

    ``start`` (FIRST) → ``a`` (SECOND) → ``start`` repeats; each side's other move loses
    (``a`` → ``a loses``: +1 for FIRST; ``start`` → ``start loses``: −1 for FIRST). Under the
    chess rule the value is 0; under sennichite the replay favours the second player, so the
    value is −edge for FIRST.
    """
    graph = _graph([("start", "a"), ("start", "start loses"), ("a", "start"), ("a", "a loses")])
    return GraphGame(
        graph, "start", {"start loses": -1, "a loses": 1}, name=WORDS["sennichite"]["en"]
    )


def perpetual_check_example() -> GraphGame:
    """FIRST, about to lose, can check SECOND's king again and again.

    At ``start`` FIRST either checks (to ``check``, where SECOND is in check) or plays a
    quiet move that loses (``quiet``: −1 for FIRST). From ``check`` SECOND must step to
    ``escape``, and FIRST checks again (back to ``check``) or lets SECOND mate
    (``mated``: −1). Under the chess rule the repeated checks are a draw (0); under the rule
    that perpetual check loses, the checking side loses (−1).
    """
    graph = _graph(
        [
            ("start", "check"),
            ("start", "quiet"),
            ("check", "escape"),
            ("escape", "check"),
            ("escape", "mated"),
        ]
    )
    return GraphGame(
        graph,
        "start",
        {"quiet": -1, "mated": -1},
        checks={"check"},
        name=WORDS["perpetual check"]["en"],
    )


def ghi_example() -> GraphGame:
    """The graph-history interaction: the value of ``c`` depends on the path to it.

    Found by :func:`gamelib.experiments.ghi.ghi_cases` among random graphs:
    ``random_cyclic_game(3959, 5, 9, 1)``, whose start reaches 4 inner nodes, renamed
    (``n0`` start, ``n2`` a, ``n1`` b, ``n3`` c, ``e0`` lose). FIRST moves at ``start`` and
    ``c``, SECOND at ``a`` and ``b``; ``lose`` is −1 for FIRST. Moves are tried in this
    order: ``start`` → ``a``, ``b``; ``a`` → ``c``, ``lose``; ``b`` → ``c``; ``c`` → ``a``.

    * Path ``start a c``: ``c``'s only move goes back to ``a`` with SECOND to move: a
      repetition, a draw (0). So here ``c`` is worth 0.
    * Path ``start b c``: ``a`` is not on the path, so from ``c`` the search enters ``a``,
      where SECOND goes to ``lose``. Here ``c`` is worth −1 to FIRST.

    The true value of ``start`` is −1 (both moves lose). A plain transposition table stores
    ``c`` = 0 from the first path and reuses it on the second: ``b`` looks like a draw and
    the root value comes out 0.
    """
    graph = _graph(
        [("start", "a"), ("start", "b"), ("a", "c"), ("a", "lose"), ("b", "c"), ("c", "a")]
    )
    return GraphGame(graph, "start", {"lose": -1}, name=WORDS["ghi"]["en"])


def random_cyclic_game(
    seed: int,
    nodes: int = 6,
    edges: int = 10,
    ends: int = 2,
    values: tuple[int, ...] = (-1, 0, 1),
) -> GraphGame:
    """A random game graph: ``nodes`` inner nodes, ``ends`` end nodes, about ``edges`` edges.

    Inner nodes are named ``n0``, ``n1``, … (the start is ``n0``), end nodes ``e0``, ``e1``,
    …, each with a random value from ``values`` (FIRST's view). Every inner node gets at
    least one out-going edge, so only end nodes end the game. Same seed, same graph.
    """
    import networkx as nx

    generator = random.Random(seed)
    inner = [f"n{index}" for index in range(nodes)]
    end_nodes = [f"e{index}" for index in range(ends)]
    graph: networkx.DiGraph[Hashable] = nx.DiGraph()
    graph.add_nodes_from(inner)
    graph.add_nodes_from(end_nodes)
    targets = inner + end_nodes
    for node in inner:
        graph.add_edge(node, generator.choice([target for target in targets if target != node]))
    for _ in range(max(0, edges - nodes)):
        source = generator.choice(inner)
        target = generator.choice([target for target in targets if target != source])
        graph.add_edge(source, target)
    return GraphGame(
        graph,
        "n0",
        {node: generator.choice(values) for node in end_nodes},
        name=WORDS["random cyclic game"]["en"].format(seed=seed),
    )


# --------------------------------------------------------------------------- Cat and Mouse

Cell = tuple[int, int]
"""A square as ``(row, column)``, counted from 0 at the top left."""

CatAndMouseState = tuple[Cell, Cell, Player]
"""A position of :class:`CatAndMouse`: ``(mouse's square, cat's square, player to move)``."""

PASS = "pass"
"""The move of a player who cannot step anywhere."""

SMALL_BOARD = """\
M . .
. . .
. C H"""
"""A 3×3 room: the mouse in the top left corner, the hole in the bottom right one, the cat
guarding it. With repetitions scored as draws the game is a draw: the cat keeps the mouse
from the hole but cannot catch it."""


@dataclass(frozen=True)
class CatAndMouse:
    """Cat and Mouse on a board: a small game with cycles.

    Rules: the mouse (FIRST) moves first; then the cat (SECOND); in turn, each steps to an
    orthogonally neighbouring square that is not a wall. The cat may not enter the hole and
    the mouse may not step onto the cat. The mouse wins by reaching the hole; the cat wins
    by stepping onto the mouse. A player with no square to go to passes.

    Values: the game ends right after the winner's move, so a finished game is worth −1 to
    the player to move (the loser). ``evaluate`` is 0 before the end. Repetitions are left
    to the search's policy (with the chess rule, a draw: the cat keeps the mouse from the
    hole but cannot catch it).

    Board text: one row a line, squares separated by spaces: ``.`` free, ``#`` wall, ``H``
    the hole, ``M`` the mouse, ``C`` the cat. Squares are named like a chessboard turned
    upside down: column letters from the left, row numbers from the top (``a1`` top left).
    Moves are the squares stepped to, in reading order (up, left, right, down).
    """

    board: str = SMALL_BOARD

    def __post_init__(self) -> None:
        rows = [line.split() for line in self.board.strip().splitlines()]
        if not rows or any(len(row) != len(rows[0]) for row in rows):
            raise ValueError("the board must be a rectangle of squares separated by spaces")
        for row_index, row in enumerate(rows):
            for symbol in row:
                if symbol not in ".#HMC":
                    raise ValueError(
                        f"row {row_index + 1}: unknown square {symbol!r} (use . # H M C)"
                    )
        for symbol in "HMC":
            count = sum(row.count(symbol) for row in rows)
            if count != 1:
                raise ValueError(f"the board needs exactly one {symbol!r}, it has {count}")

    # ---- the board
    @property
    def rows(self) -> list[list[str]]:
        """The board's squares, row by row."""
        return [line.split() for line in self.board.strip().splitlines()]

    def _find(self, symbol: str) -> Cell:
        for row_index, row in enumerate(self.rows):
            if symbol in row:
                return (row_index, row.index(symbol))
        raise AssertionError("checked in __post_init__")

    @property
    def hole(self) -> Cell:
        """The hole's square."""
        return self._find("H")

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The free (non-wall) squares next to ``cell``, in reading order."""
        rows = self.rows
        row, column = cell
        around = [(row - 1, column), (row, column - 1), (row, column + 1), (row + 1, column)]
        return [
            (r, c)
            for r, c in around
            if 0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] != "#"
        ]

    # ---- the Game protocol
    def initial_state(self) -> CatAndMouseState:
        """The squares of the board text, the mouse to move."""
        return (self._find("M"), self._find("C"), FIRST)

    def to_move(self, state: CatAndMouseState) -> Player:
        """The player to move: FIRST is the mouse, SECOND the cat."""
        return state[2]

    def is_terminal(self, state: CatAndMouseState) -> bool:
        """The mouse is in the hole or caught."""
        mouse, cat, _ = state
        return mouse == self.hole or mouse == cat

    def moves(self, state: CatAndMouseState) -> tuple[Cell | str, ...]:
        """The squares the player to move can step to, or ``("pass",)``; empty at the end."""
        if self.is_terminal(state):
            return ()
        mouse, cat, player = state
        if player == FIRST:
            steps = [cell for cell in self.neighbours(mouse) if cell != cat]
        else:
            steps = [cell for cell in self.neighbours(cat) if cell != self.hole]
        return tuple(steps) if steps else (PASS,)

    def result(self, state: CatAndMouseState, move: Cell | str) -> CatAndMouseState:
        """The position after the step (or pass); the other player is to move."""
        mouse, cat, player = state
        if move != PASS:
            assert isinstance(move, tuple)
            if player == FIRST:
                mouse = move
            else:
                cat = move
        return (mouse, cat, opponent(player))

    def utility(self, state: CatAndMouseState) -> float:
        """−1: the player to move has lost (the winner made the last move)."""
        return -1.0

    def evaluate(self, state: CatAndMouseState) -> float:
        """The utility at the end, else 0."""
        return -1.0 if self.is_terminal(state) else 0.0

    def key(self, state: CatAndMouseState) -> CatAndMouseState:
        """The state itself: both squares and the player to move."""
        return state

    def move_name(self, move: Cell | str) -> str:
        """A square as ``"b3"`` (column letter, row number from the top), or ``"pass"``."""
        if move == PASS or not isinstance(move, tuple):
            return str(move)
        return f"{COLUMN_LETTERS[move[1]]}{move[0] + 1}"

    def parse_move(self, state: CatAndMouseState, text: str) -> Cell | str:
        """Read a move written as ``"b3"`` or ``"pass"``; raise if it is not legal."""
        for move in self.moves(state):
            if self.move_name(move) == text.strip().lower():
                return move
        legal = ", ".join(self.move_name(move) for move in self.moves(state)) or "none"
        raise IllegalMoveError(f"illegal move {text!r}; the legal moves are: {legal}")

    # ---- repetitions
    def square_index(self, cell: Cell) -> int:
        """The square's number, row by row from 0."""
        return cell[0] * len(self.rows[0]) + cell[1]

    def repetition_hash(self, key: Hashable) -> int:
        """The toy hash of the source: one bit per occupied square.

        It forgets which animal stands where and whose turn it is, so different positions
        can share a hash (a collision), which only the full comparison of keys tells apart.
        """
        mouse, cat, _ = cast(CatAndMouseState, key)
        return (1 << self.square_index(mouse)) | (1 << self.square_index(cat))

    # ---- pictures
    def board_text(self, state: CatAndMouseState, *, language: str | None = None) -> str:
        """The position as text: ``M`` mouse, ``C`` cat, ``H`` hole, ``#`` wall, and whose
        turn it is in ``language`` (None: the course-wide setting)."""
        mouse, cat, player = state
        lines = []
        for row_index, row in enumerate(self.rows):
            squares = []
            for column, symbol in enumerate(row):
                cell = (row_index, column)
                shown = "." if symbol in "MC" else symbol
                if cell == cat:
                    shown = "C"
                elif cell == mouse:
                    shown = "M"
                squares.append(shown)
            lines.append(" ".join(squares))
        lines.append(words(WORDS["mouse to move" if player == FIRST else "cat to move"], language))
        return "\n".join(lines)

    def board_svg(
        self, state: CatAndMouseState, *, size: float = 260, language: str | None = None
    ) -> str:
        """Draw the position as SVG: walls dark, the hole black, mouse grey, cat orange; the
        caption in ``language`` (None: the course-wide setting)."""
        mouse, cat, player = state
        rows = self.rows
        columns = len(rows[0])
        margin = size * 0.08
        square = (size - 2 * margin) / columns
        height = 2 * margin + square * len(rows) + size * 0.1
        body = [f'<rect x="0" y="0" width="{size:.1f}" height="{height:.1f}" fill="white"/>']
        for row_index, row in enumerate(rows):
            for column, symbol in enumerate(row):
                x, y = margin + column * square, margin + row_index * square
                fill = "#444444" if symbol == "#" else "#f5efe0"
                body.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{square:.1f}" height="{square:.1f}" '
                    f'fill="{fill}" stroke="#888888"/>'
                )
                if symbol == "H":
                    body.append(
                        f'<circle cx="{x + square / 2:.1f}" cy="{y + square / 2:.1f}" '
                        f'r="{square * 0.3:.1f}" fill="black"/>'
                    )
        for column in range(columns):
            x = margin + (column + 0.5) * square
            body.append(text_element(x, margin / 2, COLUMN_LETTERS[column], margin * 0.6))
        for row_index in range(len(rows)):
            y = margin + (row_index + 0.5) * square
            body.append(text_element(margin / 2, y, str(row_index + 1), margin * 0.6))
        for cell, colour, letter in ((mouse, "#9e9e9e", "M"), (cat, "#f28e2b", "C")):
            x = margin + (cell[1] + 0.5) * square
            y = margin + (cell[0] + 0.5) * square
            body.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{square * 0.38:.1f}" fill="{colour}" '
                'stroke="black" stroke-width="1.5"/>'
            )
            body.append(text_element(x, y, letter, square * 0.4, "black"))
        caption = words(WORDS["mouse to move" if player == FIRST else "cat to move"], language)
        if self.is_terminal(state):
            caption = words(WORDS["mouse home" if mouse == self.hole else "mouse caught"], language)
        body.append(text_element(size / 2, height - size * 0.06, caption, size * 0.05))
        return svg_document(size, height, body, caption)

    def picture(
        self, state: CatAndMouseState, *, size: float = 260, language: str | None = None
    ) -> BoardPicture:
        """A picture of the position that Jupyter draws (see :meth:`board_svg`)."""
        return BoardPicture(self.board_svg(state, size=size, language=language))


__all__ = [
    "PASS",
    "SMALL_BOARD",
    "CatAndMouse",
    "GraphGame",
    "ahead_and_behind",
    "game_title",
    "ghi_example",
    "perpetual_check_example",
    "plain_cycle",
    "random_cyclic_game",
    "sennichite_example",
]
