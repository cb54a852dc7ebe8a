"""What every search shares: its result, its counters, its options and the tracer hooks.

Every search in :mod:`gamelib.search` is called the same way::

    search(game, state=None, *, depth=None, alpha=-INF, beta=INF, evaluate=None,
           tracer=None, order=None)

where ``game`` is a :class:`~gamelib.trees.Tree` (``state`` unused) or a
:class:`~gamelib.core.Game` (``state`` defaults to its initial state). :func:`prepare` turns
those arguments into a :class:`SearchProblem`, so the algorithms themselves only see states,
moves and values. ``minimax`` and ``negamax`` search without a window: they take no
``alpha`` or ``beta``.

A search calls its tracer's hooks only when it has one (``if tracer is not None:``). A
do-nothing tracer object instead would cost an untraced search about a quarter of its time
(``benchmarks/tracing_cost.py`` holds the goal: within 1.1× of a search without hooks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeAlias

from gamelib.core import INF, Bound, Game, Player, View
from gamelib.search.table import TranspositionTable, best_move_first
from gamelib.trees import Tree, TreeGame

Order: TypeAlias = (
    "Literal['given', 'reversed'] | Callable[[Any, Sequence[Any]], Sequence[Any]] | None"
)
"""How children are ordered: as given, reversed, or a function (state, moves) → moves."""


@dataclass
class SearchStats:
    """Counters of one search.

    Attributes:
        nodes: nodes entered, the root included.
        leaves: evaluations: terminal positions and positions at the depth limit.
        repetitions: positions scored by a repetition policy instead of being searched
            (see :mod:`gamelib.search.repetition`).
        key_collisions: positions whose repetition hash matched an earlier position's
            although the positions differ (told apart by the full comparison).
    """

    nodes: int = 0
    leaves: int = 0
    repetitions: int = 0
    key_collisions: int = 0

    def __add__(self, other: SearchStats) -> SearchStats:
        """The counters of two searches together: every counter summed."""
        return SearchStats(
            self.nodes + other.nodes,
            self.leaves + other.leaves,
            self.repetitions + other.repetitions,
            self.key_collisions + other.key_collisions,
        )


@dataclass(frozen=True)
class SearchResult:
    """What a search returns.

    Attributes:
        value: the root's value from the view of the player to move at the root (for a Tree,
            MAX). Exact unless the search's window made it a bound (see each search).
        move: the best move found at the root (for a Tree, the move's name), or None when
            the root is a leaf or no move reached above ``alpha``.
        pv: the principal variation: the line of best moves from the root.
        stats: node and leaf counts.
        algorithm: the name of the search function.
    """

    value: float
    move: Any
    pv: tuple[Any, ...]
    stats: SearchStats
    algorithm: str

    def _repr_html_(self) -> str:
        """One table row for Jupyter: algorithm, value, move, PV, nodes, leaves."""
        from gamelib.render.summaries import result_html

        return result_html(self)


class Tracer(Protocol):
    """The hooks a search calls while it runs (see :class:`gamelib.trace.Recorder`).

    Values and windows are in the search's own frame (``begin`` says which): for a negamax
    search, from the view of the player to move at the node the hook speaks of.
    """

    def begin(
        self, problem: SearchProblem, algorithm: str, frame: View, alpha: float, beta: float
    ) -> None:
        """The search starts at ``problem.root`` with the window (alpha, beta)."""

    def enter(self, state: Any, move: Any, *, alpha: float, beta: float) -> None:
        """The current node starts searching the child reached by ``move``, with this window."""

    def leaf(self, value: float) -> None:
        """The current node is evaluated (terminal or at the depth limit)."""

    def backup(self, value: float, *, best: float, alpha: float, beta: float) -> None:
        """The child just searched returned ``value`` (current node's view).

        ``best`` and (alpha, beta) are the current node's best value and window after it.
        """

    def cutoff(
        self, value: float, *, best: float, alpha: float, beta: float, skip: Sequence[Any]
    ) -> None:
        """Like ``backup``, then a cutoff: the moves in ``skip`` are never searched."""

    def research(self, value: float, *, alpha: float, beta: float) -> None:
        """The child just probed with a null window returned ``value`` (current node's view),
        inside the current node's window (alpha, beta): it will be searched again with it."""

    def table_answer(self, value: float, bound: Bound, depth: float) -> None:
        """The current node is answered by the transposition table, without a search."""

    def repetition(self, value: float, ply: int) -> None:
        """The current node repeats the position seen at ``ply`` (0 = root, < 0 = history
        before the root); it is scored ``value`` by the repetition policy, without a search."""

    def end(self, result: SearchResult) -> None:
        """The search returns ``result``."""


@dataclass
class SearchProblem:
    """A game and a root, with the options of one search applied.

    Attributes:
        game: the game (a Tree is wrapped in a :class:`~gamelib.trees.TreeGame`).
        root: the state the search starts from.
        depth: plies to search (``INF`` for "to the end of the game").
        moves: the moves of a state, in the order the search tries them; empty iff terminal.
        result: the state after a move.
        present: how a move is reported in a :class:`SearchResult` (a Tree's move by name).
        root_player: the player to move at the root.
        evaluate_function: the evaluation of a non-terminal leaf, for the player to move.
        tracer: the tracer, or None for an untraced search.
        stats: the counters, filled in as the search runs.
        cutoff: the search's cutoff rule, for its trace's words: ``">="`` (a value that
            reaches β cuts, the rule of every search in :mod:`gamelib.search`) or ``">"``
            (only a value past β cuts; set by :func:`~gamelib.search.rules.alphabeta_by_rules`).
    """

    game: Game[Any, Any]
    root: Any
    depth: float
    moves: Callable[[Any], Sequence[Any]]
    result: Callable[[Any, Any], Any]
    present: Callable[[Any], Any]
    root_player: Player
    evaluate_function: Callable[[Any], float]
    tracer: Tracer | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    cutoff: Literal[">=", ">"] = ">="

    def leaf_value(self, state: Any, moves: Sequence[Any]) -> float:
        """A leaf's value for the player to move: its utility if terminal, else its evaluation."""
        if not moves:
            return self.game.utility(state)
        return self.evaluate_function(state)

    def leaf(self, state: Any, moves: Sequence[Any]) -> float:
        """Count a leaf, tell the tracer, and return its value for the player to move
        (:meth:`leaf_value`, written out here because it runs at most nodes)."""
        self.stats.leaves += 1
        value = self.game.utility(state) if not moves else self.evaluate_function(state)
        if self.tracer is not None:
            self.tracer.leaf(value)
        return value

    def leaf_for_max(self, state: Any, moves: Sequence[Any]) -> float:
        """Like :meth:`leaf`, but the value is for the player to move at the root (MAX)."""
        self.stats.leaves += 1
        value = self.leaf_value(state, moves)
        if self.game.to_move(state) != self.root_player:
            value = -value
        if self.tracer is not None:
            self.tracer.leaf(value)
        return value

    def run(
        self,
        algorithm: str,
        frame: View,
        search: Callable[..., float],
        window: tuple[float, float] | None = None,
    ) -> SearchResult:
        """Search the root with the node function ``search`` and return the result.

        ``search`` is called as ``search(root, depth, alpha, beta, line)`` with a window, or
        ``search(root, depth, line)`` without one; the tracer (if any) is told when the
        search begins and ends.

        Raises:
            ValueError: if the window is empty (alpha ≥ beta), before anything is searched.
        """
        alpha, beta = (-INF, INF) if window is None else window
        if not alpha < beta:
            raise ValueError(
                f"the window (alpha, beta) must have alpha < beta, not alpha = {alpha} "
                f"and beta = {beta}"
            )
        tracer = self.tracer
        if tracer is not None:
            tracer.begin(self, algorithm, frame, alpha, beta)
        line: list[Any] = []
        if window is None:
            value = search(self.root, self.depth, line)
        else:
            value = search(self.root, self.depth, alpha, beta, line)
        result = self.finish(algorithm, value, line)
        if tracer is not None:
            tracer.end(result)
        return result

    def finish(self, algorithm: str, value: float, line: list[Any]) -> SearchResult:
        """Package the root value and principal variation as a :class:`SearchResult`."""
        pv = tuple(self.present(move) for move in line)
        return SearchResult(value, pv[0] if pv else None, pv, self.stats, algorithm)


def prepare(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    order: Order = None,
    table: TranspositionTable | None = None,
    tracer: Tracer | None = None,
) -> SearchProblem:
    """Turn the arguments every search takes into a :class:`SearchProblem`.

    A Tree is searched from its root (``state=None``) or from a state of its
    :class:`~gamelib.trees.TreeGame`, a pair ``(node, player)``. With a transposition
    ``table``, the move it stored for a position is tried first.

    Raises:
        ValueError: for a negative depth, an unknown order, a Tree with a
            state that is not a ``(node, player)`` pair, or an object that is neither a Tree
            nor a Game.
    """
    present: Callable[[Any], Any] = _same
    if isinstance(game, Tree):
        if state is not None and not _is_tree_state(state):
            raise ValueError(
                "a Tree is searched from its root (pass no state) or from a TreeGame state, "
                f"a pair (node, player) with player 0 or 1; got {state!r}"
            )
        tree_game = TreeGame(game)
        present = tree_game.move_name
        game = tree_game
    elif not isinstance(game, Game):
        raise ValueError(
            f"expected a Tree or a Game (with initial_state, moves, result, ...), got {game!r}"
        )
    root = game.initial_state() if state is None else state
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be 0 or more (or None for no limit), not {depth}")
    return SearchProblem(
        game=game,
        root=root,
        depth=INF if depth is None else depth,
        moves=_ordering(game, order)
        if table is None
        else best_move_first(_ordering(game, order), table),
        result=game.result,
        present=present,
        root_player=game.to_move(root),
        evaluate_function=game.evaluate if evaluate is None else evaluate,
        tracer=tracer,
    )


def _same(move: Any) -> Any:
    return move


def _is_tree_state(state: Any) -> bool:
    return (
        isinstance(state, tuple)
        and len(state) == 2
        and isinstance(state[0], Tree)
        and state[1] in (0, 1)
    )


def _ordering(game: Game[Any, Any], order: Order) -> Callable[[Any], Sequence[Any]]:
    if order is None or order == "given":
        return game.moves
    if order == "reversed":
        return lambda state: game.moves(state)[::-1]
    if callable(order):
        reorder = order
        return lambda state: reorder(state, game.moves(state))
    raise ValueError(
        f"order must be 'given', 'reversed' or a function (state, moves) → moves, not {order!r}"
    )


def by_key(
    key: Callable[[Any, Any], Any], *, reverse: bool = False
) -> Callable[[Any, Sequence[Any]], list[Any]]:
    """An ``order`` that sorts the moves of a state by ``key(state, move)`` (stable)."""

    def reorder(state: Any, moves: Sequence[Any]) -> list[Any]:
        return sorted(moves, key=lambda move: key(state, move), reverse=reverse)

    return reorder


def after(moves: Sequence[Any], move: Any) -> Sequence[Any]:
    """The moves that come after ``move`` in ``moves``: the ones a cutoff skips."""
    for index, candidate in enumerate(moves):
        if candidate is move or candidate == move:
            return moves[index + 1 :]
    raise ValueError(f"{move!r} is not among the moves")
