"""The experiments of notebooks 01 and 02: why a program looks ahead, and what negamax needs.

* :func:`random_position` — a position after random moves (seeded);
* :func:`move_values`, :func:`favourites`, :func:`clear_favourite` — every move's value for
  the side to move at a depth, and the moves that share the best value;
* :func:`othello_line` — an Othello line as pictures with the disc difference after each ply;
* :data:`DELAYING_TREE`, :func:`material_evaluation`, :func:`extended_minimax` — a constructed
  tree that shows the horizon effect (a depth-limited search delaying an unavoidable loss) and
  a search extension that cures it;
* :func:`growth_table`, :func:`time_to_visit`, :func:`growth_figure` — the growth *b*\\ :sup:`d`;
* :func:`fixed_side_study` — how often an evaluation from a fixed side's view changes
  negamax's move, split by the side to move at the leaves;
* :func:`random_probability_tree`, :func:`rescaled`, :func:`leaf_plies` — trees whose leaves
  lie at different plies, to show when an evaluation whose "equal" is not 0 misleads negamax.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from gamelib.charts import Chart, Marker, format_quantity
from gamelib.core import FIRST, Game, play_random
from gamelib.games.boards import SideBySide
from gamelib.games.othello import Othello, OthelloState, square_name
from gamelib.language import Language, words
from gamelib.search.common import SearchResult
from gamelib.search.minimax import minimax, negamax
from gamelib.tables import html_table, text_table
from gamelib.trees import Number, Tree, TreeState, parse_tree

Evaluation = Callable[[Any], float]
Search = Callable[..., SearchResult]


# --------------------------------------------------------------------------- positions, values


def random_position(game: Game[Any, Any], seed: int, plies: int) -> Any:
    """The position after ``plies`` random legal moves from the start (fewer if the game ends).

    Guarantee: the same seed gives the same position on every machine (``random.Random``;
    the moves are those of :func:`gamelib.core.play_random`).

    Raises:
        ValueError: for a negative number of plies.
    """
    return play_random(game, plies, random.Random(seed))[0]


def move_values(
    game: Game[Any, Any],
    state: Any,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    search: Search = minimax,
) -> dict[Any, float]:
    """Every legal move with its value for the side to move, ``depth`` plies ahead.

    The value of a move is minus the value of the position after it (which is from the
    opponent's view), searched ``depth - 1`` plies further; ``depth=None`` searches to the end.

    Raises:
        ValueError: when ``depth`` is below 1.
    """
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be 1 or more (the move itself is one ply), not {depth}")
    rest = None if depth is None else depth - 1
    return {
        move: -search(game, game.result(state, move), depth=rest, evaluate=evaluate).value
        for move in game.moves(state)
    }


def favourites(values: Mapping[Any, float]) -> list[Any]:
    """The moves that share the largest value, in the order of ``values``."""
    if not values:
        raise ValueError("no moves to choose from")
    best = max(values.values())
    return [move for move, value in values.items() if value == best]


def clear_favourite(values: Mapping[Any, float]) -> Any | None:
    """The move with the largest value if no other move has it too, else None."""
    tied = favourites(values)
    return tied[0] if len(tied) == 1 else None


def othello_line(
    state: OthelloState,
    line: Sequence[int],
    *,
    size: float = 190,
    language: str | None = None,
) -> SideBySide:
    """Pictures of an Othello line, from ``state``: the start, then one after each move.

    Each caption gives the move and the disc difference (discs − opponent's discs) for the
    side to move in ``state``, after that move; captions and pictures in ``language`` (None:
    the course-wide setting).
    """
    game = Othello()
    colour = "Black" if state.player == FIRST else "White"
    pictures = [game.picture(state, size=size, language=language)]
    captions = [words(WORDS["start"], language)]
    for move in line:
        state = game.result(state, move)
        difference = state.black.bit_count() - state.white.bit_count()
        if colour == "White":
            difference = -difference
        pictures.append(game.picture(state, size=size, last_move=move, language=language))
        captions.append(
            words(WORDS[f"{colour} after"], language).format(
                move=square_name(move), difference=f"{difference:+d}"
            )
        )
    return SideBySide(pictures, captions)


# --------------------------------------------------------------------------- the horizon effect

DELAYING_TREE = parse_tree("""
- R
-- A [give-up]
--- A1 -3 [takes-knight]
-- D [delay]
--- D1 [takes-pawn]
---- D1A [give-up]
----- D1A1 -4 [takes-knight]
---- D1D [delay]
----- D1D1 [takes-pawn]
------ D1D1A [give-up]
------- D1D1A1 -5 [takes-knight]
""")
"""A constructed position for the horizon effect (MAX at the root; leaf values from MAX's view).

MIN attacks MAX's knight (worth 3), and MAX cannot save it. MAX can give it up at once
(``give-up``, answered by ``takes-knight``) or play a delaying move that costs a pawn (``delay``,
answered by ``takes-pawn``) and face the same threat again; MAX has two such delays. A leaf
is the game's end, valued by material: −3 for the knight, −1 for each pawn.
"""

CAPTURED = {"takes-knight": -3, "takes-pawn": -1}
"""The material each of MIN's captures costs MAX."""


def material_for_max(tree: Tree = DELAYING_TREE) -> dict[str, int]:
    """The material balance at every node of ``tree`` from MAX's view: the captures so far.

    This is what a static evaluation sees at a node where a depth-limited search stops.
    """
    material: dict[str, int] = {}
    stack: list[tuple[Tree, int]] = [(tree, 0)]
    while stack:
        node, balance = stack.pop()
        material[node.name] = balance
        stack.extend((child, balance + CAPTURED.get(child.move_name, 0)) for child in node.children)
    return material


_MATERIAL = material_for_max()


def material_evaluation(state: TreeState) -> float:
    """The static evaluation of a node of :data:`DELAYING_TREE`, for the player to move there.

    MAX's material balance at the node (:func:`material_for_max`), negated when MIN moves.
    """
    node, player = state
    balance = _MATERIAL[node.name]
    return balance if player == FIRST else -balance


def knight_attacked(node: Tree) -> bool:
    """Whether MAX's knight is still attacked at a node of :data:`DELAYING_TREE`.

    It is until MIN has taken it; a leaf is the end of the game.
    """
    return not node.is_leaf


def extended_minimax(
    tree: Tree,
    depth: int,
    evaluate: Callable[[Tree], float],
    extend: Callable[[Tree], bool],
) -> tuple[float, str]:
    """Minimax with a depth limit and an extension: a node where ``extend`` holds does not
    count as a ply, so the search goes on through it (a check or threat extension).

    Args:
        tree: the tree, MAX at the root.
        depth: the depth limit in plies.
        evaluate: the static value, from MAX's view, of an inner node where the search stops.
        extend: the nodes whose moves do not count against the depth limit.

    Returns:
        The root's value from MAX's view and the move to it (the first of equal moves).

    Guarantee: with ``extend`` never true this is plain depth-limited minimax; with ``extend``
    true at every inner node it is minimax to the end of the game.
    """
    if depth < 1:
        raise ValueError(f"depth must be 1 or more, not {depth}")

    def value(node: Tree, remaining: int, max_to_move: bool) -> float:
        if node.is_leaf:
            return node.value_for_max(0 if max_to_move else 1)
        if remaining <= 0 and not extend(node):
            return evaluate(node)
        below = remaining if extend(node) else remaining - 1
        values = [value(child, below, not max_to_move) for child in node.children]
        return max(values) if max_to_move else min(values)

    below = depth if extend(tree) else depth - 1
    scored = [(value(child, below, False), child.move_name) for child in tree.children]
    best = max(score for score, _ in scored)
    return best, next(move for score, move in scored if score == best)


# --------------------------------------------------------------------------- growth b^d


@dataclass(frozen=True)
class Table:
    """A small table that Jupyter shows as HTML and ``print`` as text.

    Attributes:
        columns: the column headers.
        rows: one dict per row, column → cell text.
        numeric: the right-aligned columns.
    """

    columns: tuple[str, ...]
    rows: tuple[dict[str, str], ...]
    numeric: frozenset[str]

    def __str__(self) -> str:
        return text_table(self.columns, self.rows, self.numeric)

    def _repr_html_(self) -> str:
        return html_table(self.columns, self.rows, self.numeric)


def move_table(
    columns: Mapping[str, Mapping[Any, float]],
    move_name: Callable[[Any], str],
    notes: Mapping[Any, str] | None = None,
    *,
    language: str | None = None,
) -> Table:
    """One row per move (in the order of the first column), one column of values per entry of
    ``columns`` (shown with a sign), and a column of ``notes`` if given (the first header in
    ``language``; None: the course-wide setting)."""
    names = tuple(columns)
    if not names:
        raise ValueError("no columns to show")
    move_column = words(WORDS["move"], language)
    header = (move_column, *names, *(("",) if notes else ()))
    rows = tuple(
        {move_column: move_name(move)}
        | {name: f"{columns[name][move]:+g}" for name in names}
        | ({"": notes.get(move, "")} if notes else {})
        for move in columns[names[0]]
    )
    return Table(header, rows, frozenset(names))


SECONDS_PER_YEAR = 365.25 * 24 * 3600


def growth_table(branchings: Iterable[int], depths: Iterable[int]) -> Table:
    """*b*\\ :sup:`d` for every branching *b* (rows) and depth *d* (columns)."""
    depths = tuple(depths)
    columns = ("b", *(f"d = {depth}" for depth in depths))
    rows = tuple(
        {"b": str(branching)} | {f"d = {depth}": f"{branching**depth:.2e}" for depth in depths}
        for branching in branchings
    )
    return Table(columns, rows, frozenset(columns))


def time_to_visit(leaves: float, per_second: float, *, language: str | None = None) -> str:
    """How long visiting ``leaves`` leaves takes at ``per_second``, in the largest fitting unit
    (written in ``language``; None: the course-wide setting)."""
    if per_second <= 0:
        raise ValueError(f"per_second must be positive, not {per_second}")
    seconds = leaves / per_second
    for unit, size in (
        ("years", SECONDS_PER_YEAR),
        ("days", 86400.0),
        ("hours", 3600.0),
        ("minutes", 60.0),
    ):
        if seconds >= size:
            amount = seconds / size
            shown = f"{amount:,.1f}" if amount < 1e6 else f"{amount:.2e}"
            return words(WORDS[unit], language).format(amount=shown)
    return words(WORDS["seconds"], language).format(amount=f"{seconds:.1f}")


WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "title": {
        "en": "The game tree grows exponentially with depth",
        "ja": "ゲーム木は深さとともに指数関数的に大きくなる",
    },
    "x": {"en": "depth d (plies)", "ja": "深さ d（手数）"},
    "y": {"en": "leaves bᵈ (log scale)", "ja": "葉の数 bᵈ（対数目盛り）"},
    "a day": {"en": "a day", "ja": "1 日"},
    "a year": {"en": "a year", "ja": "1 年"},
    "the age of the universe": {"en": "the age of the universe", "ja": "宇宙の年齢"},
    "mark": {"en": "{span} at {rate} leaves/s", "ja": "毎秒 {rate} 葉で{span}"},
    # time_to_visit
    "years": {"en": "{amount} years", "ja": "{amount} 年"},
    "days": {"en": "{amount} days", "ja": "{amount} 日"},
    "hours": {"en": "{amount} hours", "ja": "{amount} 時間"},
    "minutes": {"en": "{amount} minutes", "ja": "{amount} 分"},
    "seconds": {"en": "{amount} seconds", "ja": "{amount} 秒"},
    # tables and pictures
    "move": {"en": "move", "ja": "手"},
    "start": {"en": "start", "ja": "開始局面"},
    "Black after": {"en": "{move}: Black {difference}", "ja": "{move}：黒 {difference}"},
    "White after": {"en": "{move}: White {difference}", "ja": "{move}：白 {difference}"},
}
"""Every word this module writes, in English and Japanese (``str.format`` templates)."""


def growth_figure(
    branchings: Sequence[int],
    per_second: float,
    max_depth: int = 50,
    *,
    language: str | None = None,
) -> Chart:
    """*b*\\ :sup:`d` against *d* on a log scale, with lines for a day, a year and the age of
    the universe at ``per_second`` leaves a second (a :class:`~gamelib.charts.Chart`).

    Raises:
        ValueError: for a branching below 1, a ``per_second`` that is not positive, or a
            ``max_depth`` below 1.
    """
    if any(branching < 1 for branching in branchings):
        raise ValueError(f"branchings must be at least 1, not {list(branchings)}")
    if not per_second > 0:
        raise ValueError(f"per_second must be positive, not {per_second}")
    if max_depth < 1:
        raise ValueError(f"max_depth must be at least 1, not {max_depth}")
    chart = Chart(
        title=words(WORDS["title"], language),
        y_label=words(WORDS["y"], language),
        y_scale="log",
        size=(7.5 * 96, 4.2 * 96),
    )
    panel = chart.panel(x_label=words(WORDS["x"], language))
    all_depths = range(1, max_depth + 1)
    markers: tuple[Marker, ...] = ("circle", "square", "triangle", "diamond", "triangle-down")
    for index, branching in enumerate(branchings):
        panel.line(
            all_depths,
            [float(branching) ** depth for depth in all_depths],
            marker=markers[index % len(markers)],
            mark_every=5,
            label=f"b = {branching}",
        )
    marks: tuple[tuple[str, float, Literal["above", "below"]], ...] = (
        ("a day", 86400.0, "below"),
        ("a year", SECONDS_PER_YEAR, "above"),
        ("the age of the universe", 13.8e9 * SECONDS_PER_YEAR, "above"),
    )
    for span, seconds, place in marks:
        leaves = per_second * seconds
        panel.reference(leaves)
        text = words(WORDS["mark"], language).format(
            span=words(WORDS[span], language), rate=format_quantity(per_second)
        )
        panel.note(1, leaves, text, place=place)
    return chart


# --------------------------------------------------------------------------- negamax's condition


@dataclass(frozen=True)
class FixedSideRow:
    """How often a wrong evaluation changed negamax's move at one depth.

    Attributes:
        depth: the search depth.
        positions: positions searched.
        changed: positions where the move differs from the right evaluation's.
        white_at_leaves: positions where White is to move at the depth-limit leaves.
        changed_white_at_leaves: of those, the positions where the move differs.
    """

    depth: int
    positions: int
    changed: int
    white_at_leaves: int
    changed_white_at_leaves: int


def fixed_side_study(
    game: Othello,
    positions: Sequence[OthelloState],
    depths: Iterable[int],
    right: Evaluation,
    wrong: Evaluation,
) -> list[FixedSideRow]:
    """Compare negamax's move under a right and a wrong evaluation, depth by depth.

    The side to move at the leaves of a depth-``d`` search is the root's side when ``d`` is
    even and the other side when it is odd (in Othello a pass is a move, so this holds on
    every line; a finished game is scored by its result, not by the evaluation).
    """
    rows = []
    for depth in depths:
        changed = white = changed_white = 0
        for state in positions:
            differs = (
                negamax(game, state, depth=depth, evaluate=right).move
                != negamax(game, state, depth=depth, evaluate=wrong).move
            )
            white_at_leaves = (state.player == FIRST) == (depth % 2 == 1)
            changed += differs
            white += white_at_leaves
            changed_white += differs and white_at_leaves
        rows.append(FixedSideRow(depth, len(positions), changed, white, changed_white))
    return rows


def random_probability_tree(
    seed: int, plies: Sequence[int] = (1, 2, 3, 4), leaf_chance: float = 0.35
) -> Tree:
    """A random tree whose leaves lie at the given plies, valued as probabilities of winning.

    A node at one of ``plies`` becomes a leaf with probability ``leaf_chance`` (always at the
    last of them); a node at any other ply has 2 or 3 children. Leaf values are tenths in
    [0, 1], the probability of winning for the player to move at the leaf (perspective
    ``"mover"``).

    Guarantee: every leaf lies at one of ``plies``; the same seed gives the same tree.
    """
    if not plies or min(plies) < 1:
        raise ValueError(f"plies must be 1 or more, and at least one, not {plies}")
    last = max(plies)
    generator = random.Random(seed)
    counter = iter(range(10**9))

    def grow(ply: int) -> Tree:
        name = f"N{next(counter)}"
        if ply == last or (ply in plies and generator.random() < leaf_chance):
            return Tree(name, value=generator.randint(0, 10) / 10, perspective="mover")
        return Tree(name, tuple(grow(ply + 1) for _ in range(generator.randint(2, 3))))

    return grow(0)


def rescaled(tree: Tree, scale: Callable[[Number], Number]) -> Tree:
    """The same tree with every leaf value replaced by ``scale(value)``."""
    if tree.is_leaf:
        assert tree.value is not None
        return Tree(
            tree.name, value=scale(tree.value), move=tree.move, perspective=tree.perspective
        )
    children = tuple(rescaled(child, scale) for child in tree.children)
    return Tree(tree.name, children, move=tree.move, perspective=tree.perspective)


def leaf_plies(tree: Tree) -> set[int]:
    """The plies (distances from the root) at which ``tree`` has leaves."""
    return {ply for node, ply in tree.walk() if node.is_leaf}


def first_seed(condition: Callable[[int], bool], seeds: Iterable[int]) -> int:
    """The first seed for which ``condition`` holds.

    Raises:
        ValueError: when no seed qualifies.
    """
    for seed in seeds:
        if condition(seed):
            return seed
    raise ValueError("no seed satisfies the condition")
