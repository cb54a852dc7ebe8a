"""The trace of a Monte Carlo search: what it did in every iteration, as frozen events.

A Monte Carlo search called with ``tracer=MonteCarloRecorder()`` (or through
:func:`record_monte_carlo`) reports, per iteration:

1. :class:`IterationBegun`;
2. one :class:`Selection` per node where it chose a child (the root first): every child's
   visits N, mean Q and UCB value, and the child chosen;
3. :class:`Expansion` of the one node it added to the tree (none when the selected path ends
   at a finished game already in the tree);
4. :class:`Playout`: the moves played from the new node to the end, and the reward (none
   when MCTS-Solver's ``exact`` solver answered the new node: its :class:`Proof` comes
   first, and its exact value is backed up);
5. :class:`Backup`: every node from the new one up to the root, with the reward it took, the
   sign it took it with, and its N and Q after;
6. (MCTS-Solver only) a :class:`Proof` for every node whose exact value became known.

**Whose view.** Every N, Q, UCB and proven value of a node is from the view of the player to
move at the node's **parent**, the player who chooses it (the negamax convention): a parent
chooses the child with the largest Q, whatever the colour. Each event also names that player
(``player``) so a picture can turn it into another view. The root has no parent: its
numbers are from the view of the root player's opponent, as though the game had one more ply
before the root (so the root's Q is the negation of the root player's average reward).

Nodes are named as in :mod:`gamelib.trace`: a tree's own node names; in a game, ``"root"``
and the moves from the root, ``"d3 c5"``. Every picture of a Monte Carlo search is a fold over
these events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from gamelib.core import Player

if TYPE_CHECKING:
    from gamelib.core import Game
    from gamelib.search.common import SearchResult
    from gamelib.trees import Tree

ROOT_NAME = "root"
"""The name of the root of a game search (a tree search uses the tree's node names)."""


@dataclass(frozen=True)
class ChildStatistics:
    """One child as its parent saw it when choosing.

    Attributes:
        node: the child's name.
        move: the name of the move leading to it.
        visits: N, the iterations that went through it (0: not in the tree yet).
        mean: Q, its average reward for the player to move at the parent; None when N = 0.
        ucb: its UCB1 value Q + c·√(ln N_parent / N), ``inf`` when N = 0; None when the
            search does not choose by UCB (flat Monte Carlo) or the child no longer matters
            (MCTS-Solver: its value cannot change the parent's).
        lower, upper: what is proven about its exact value, for the player to move at the
            parent (MCTS-Solver; −1 and +1, nothing proven, in the other searches).
    """

    node: str
    move: str
    visits: int
    mean: float | None
    ucb: float | None
    lower: float = -1.0
    upper: float = 1.0


@dataclass(frozen=True)
class IterationBegun:
    """Iteration ``iteration`` (counted from 1) starts at the root."""

    iteration: int


@dataclass(frozen=True)
class Selection:
    """At ``node`` (N = ``visits``, ``player`` to move) the search chose the child ``chosen``
    among ``children`` (in the game's move order)."""

    node: str
    player: Player
    visits: int
    children: tuple[ChildStatistics, ...]
    chosen: str


@dataclass(frozen=True)
class Expansion:
    """The child ``node`` of ``parent`` (reached by ``move``, ``player`` to move there) was
    added to the tree; ``terminal`` when the game is over there."""

    node: str
    parent: str
    move: str
    player: Player
    terminal: bool


@dataclass(frozen=True)
class Playout:
    """From ``node`` (``player`` to move) the playout played ``moves`` to the end of the game;
    ``reward`` is the finished game's reward for ``player`` (in [−1, 1])."""

    node: str
    player: Player
    moves: tuple[str, ...]
    reward: float


@dataclass(frozen=True)
class BackupStep:
    """``node`` took ``reward`` for ``player`` (the player to move at its parent):
    ``sign`` is +1 when that is the player the playout's reward was for, −1 when the reward
    was negated for it. ``visits`` and ``mean`` are the node's N and Q afterwards."""

    node: str
    player: Player
    reward: float
    sign: int
    visits: int
    mean: float


@dataclass(frozen=True)
class Backup:
    """The playout's reward went up the path: ``steps`` from the new node to the root."""

    steps: tuple[BackupStep, ...]


@dataclass(frozen=True)
class Proof:
    """The exact value of ``node`` is now known: ``value`` for ``player``, the player to
    move at its parent (MCTS-Solver)."""

    node: str
    player: Player
    value: float


MonteCarloEvent: TypeAlias = IterationBegun | Selection | Expansion | Playout | Backup | Proof


@dataclass(frozen=True)
class NodeSummary:
    """A node of the search tree as it stands after some iterations (see
    :meth:`MonteCarloTrace.tree_after`).

    Attributes:
        parent: the parent's name (None for the root).
        move: the name of the move from the parent (None for the root).
        player: the player to move at the node (None for the root of a trace that has not
            expanded any node: then only the trace's ``root_player`` is known).
        visits: N.
        mean: Q, for the player to move at the parent (None while N = 0).
        lower, upper: its exact value, same view, once a :class:`Proof` has proven it
            (MCTS-Solver); −1 and +1 before (bounds short of a proof are in the
            :class:`Selection` events only).
    """

    parent: str | None
    move: str | None
    player: Player | None
    visits: int
    mean: float | None
    lower: float = -1.0
    upper: float = 1.0


class MonteCarloTracer(Protocol):
    """What a Monte Carlo search tells its tracer (see :class:`MonteCarloRecorder`)."""

    def begin(self, game: Game[Any, Any], algorithm: str, root: str, root_player: Player) -> None:
        """The search starts at the node named ``root``."""

    def add(self, event: MonteCarloEvent) -> None:
        """Something happened (the search makes the event only when it has a tracer)."""

    def end(self, result: SearchResult) -> None:
        """The search returns ``result``."""


@dataclass(frozen=True)
class MonteCarloTrace:
    """The recorded run of one Monte Carlo search.

    Attributes:
        algorithm: the search's name.
        root: the root's name.
        root_player: the player to move at the root.
        result: what the search returned.
        events: everything it did, in order.
        tree: the textbook tree searched, or None for a game.
    """

    algorithm: str
    root: str
    root_player: Player
    result: SearchResult
    events: tuple[MonteCarloEvent, ...]
    tree: Tree | None

    @property
    def iterations(self) -> int:
        """How many iterations the search ran."""
        return sum(1 for event in self.events if isinstance(event, IterationBegun))

    def root_visits(self) -> list[dict[str, int]]:
        """After each iteration, the visits N of every root child visited so far.

        A fold over the :class:`Backup` events: the second-to-last step of a backup is the
        root child the iteration went through.
        """
        counts: dict[str, int] = {}
        history: list[dict[str, int]] = []
        for event in self.events:
            if isinstance(event, Backup) and len(event.steps) >= 2:
                child = event.steps[-2].node
                counts[child] = counts.get(child, 0) + 1
                history.append(dict(counts))
        return history

    def tree_after(self, iteration: int) -> dict[str, NodeSummary]:
        """Every node of the search tree after the first ``iteration`` iterations (0: the
        root alone), by name, in the order they were added: a fold over the events.

        Raises:
            ValueError: for an iteration outside 0 … :attr:`iterations`.
        """
        if not 0 <= iteration <= self.iterations:
            raise ValueError(f"iteration must be between 0 and {self.iterations}, not {iteration}")
        nodes = {self.root: NodeSummary(None, None, self.root_player, 0, None)}
        begun = 0
        for event in self.events:
            if isinstance(event, IterationBegun):
                begun += 1
                if begun > iteration:
                    break
            elif isinstance(event, Expansion):
                nodes[event.node] = NodeSummary(event.parent, event.move, event.player, 0, None)
            elif isinstance(event, Backup):
                for step in event.steps:
                    nodes[step.node] = replace(nodes[step.node], visits=step.visits, mean=step.mean)
            elif isinstance(event, Proof):
                nodes[event.node] = replace(nodes[event.node], lower=event.value, upper=event.value)
        return nodes

    def __len__(self) -> int:
        return len(self.events)


class MonteCarloRecorder:
    """A tracer that keeps every event of one Monte Carlo search
    (see :func:`record_monte_carlo`)."""

    def __init__(self) -> None:
        self.events: list[MonteCarloEvent] = []
        self.algorithm = ""
        self.root = ROOT_NAME
        self.root_player: Player = 0
        self.tree: Tree | None = None
        self.result: SearchResult | None = None

    def begin(self, game: Game[Any, Any], algorithm: str, root: str, root_player: Player) -> None:
        from gamelib.trees import TreeGame

        self.algorithm, self.root, self.root_player = algorithm, root, root_player
        self.tree = game.tree if isinstance(game, TreeGame) else None

    def add(self, event: MonteCarloEvent) -> None:
        self.events.append(event)

    def end(self, result: SearchResult) -> None:
        self.result = result

    def trace(self) -> MonteCarloTrace:
        """The finished trace.

        Raises:
            RuntimeError: if the search has not finished.
        """
        if self.result is None:
            raise RuntimeError("the search has not finished: no trace yet")
        return MonteCarloTrace(
            self.algorithm, self.root, self.root_player, self.result, tuple(self.events), self.tree
        )


def record_monte_carlo(
    search: Callable[..., SearchResult], game: Tree | Game[Any, Any], **options: Any
) -> MonteCarloTrace:
    """Run ``search(game, tracer=..., **options)`` and return its :class:`MonteCarloTrace`."""
    recorder = MonteCarloRecorder()
    search(game, tracer=recorder, **options)
    return recorder.trace()
