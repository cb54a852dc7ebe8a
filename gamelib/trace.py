"""The trace of a search: what the real algorithm did, step by step, as a list of events.

Every picture in the course (the drawing of a pruned tree, the α/β animation, an exercise's
solution) is a fold over the events of one run of a real search, recorded by a
:class:`Recorder` passed as the search's ``tracer``::

    trace = record(alphabeta, TEXTBOOK["alpha-beta-windows"])
    trace.evaluated        # ['G', 'H', 'I', 'K', 'L']
    replay(trace, 5)       # every node's state after the first five events

Events store values and windows from MAX's view (the first player, at the root), whatever
frame the search worked in; ``view="mover"`` turns them into the negamax view, where a node
of the second player sees the window (−β, −α) and the value negated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from gamelib.core import INF, Bound, Game, Player, View
from gamelib.search.common import SearchProblem, SearchResult
from gamelib.trees import Tree, TreeGame

ROOT_NAME = "root"
"""The name of the root of a game search (tree searches use the tree's node names)."""


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Enter:
    """The search enters ``node`` with the window (alpha, beta)."""

    node: str
    parent: str | None
    move: str | None
    ply: int
    player: Player
    alpha: float
    beta: float


@dataclass(frozen=True)
class Evaluate:
    """The leaf ``node`` is evaluated: terminal or at the depth limit; ``order`` counts from 1."""

    node: str
    value: float
    order: int


@dataclass(frozen=True)
class Backup:
    """``child`` returned ``value`` to ``node``; the node's best and window after taking it."""

    node: str
    child: str
    value: float
    best: float
    alpha: float
    beta: float
    best_changed: bool
    window_changed: bool


@dataclass(frozen=True)
class Cutoff:
    """``child``'s ``value`` crossed ``node``'s window: the children in ``skipped`` are pruned.

    From MAX's view the cut is a β-cutoff at a MAX node (value ≥ β) and an α-cutoff at a
    MIN node (value ≤ α).
    """

    node: str
    child: str
    value: float
    best: float
    alpha: float
    beta: float
    best_changed: bool
    window_changed: bool
    skipped: tuple[str, ...]


@dataclass(frozen=True)
class Exit:
    """``node`` returns ``value`` to its parent; ``bound`` says what it proves (MAX's view)."""

    node: str
    value: float
    bound: Bound


@dataclass(frozen=True)
class TableAnswer:
    """``node`` is answered by the transposition table: a stored ``value`` of type ``bound``
    (MAX's view), found by an earlier search to ``depth`` plies, settles it without a search."""

    node: str
    value: float
    bound: Bound
    depth: float


@dataclass(frozen=True)
class Repetition:
    """``node`` repeats a position already on the line, first seen at ply
    ``first_seen_at_ply`` (0 = the root, negative = the game's history before the root): it
    is scored ``value`` (MAX's view) by the repetition policy, without a search."""

    node: str
    value: float
    first_seen_at_ply: int


@dataclass(frozen=True)
class ReSearch:
    """A null-window probe of ``child`` returned ``value`` (MAX's view), strictly inside
    ``node``'s window (alpha, beta): the child is better than the best so far, and the probe
    gave only a bound, so ``child`` is searched again with that window (PVS, NegaScout)."""

    node: str
    child: str
    value: float
    alpha: float
    beta: float


Event: TypeAlias = Enter | Evaluate | Backup | Cutoff | Exit | TableAnswer | Repetition | ReSearch


# --------------------------------------------------------------------------- views


def for_view(value: float, player: Player, root_player: Player, view: View) -> float:
    """A value from MAX's view, as seen in ``view`` at a node where ``player`` moves."""
    if view == "mover" and player != root_player:
        return -value
    return value


def window_for_view(
    alpha: float, beta: float, player: Player, root_player: Player, view: View
) -> tuple[float, float]:
    """A window from MAX's view, as seen in ``view``: (−β, −α) at the second player's nodes."""
    if view == "mover" and player != root_player:
        return (-beta, -alpha)
    return (alpha, beta)


def bound_for_view(bound: Bound, player: Player, root_player: Player, view: View) -> Bound:
    """A bound type from MAX's view, as seen in ``view`` (negation swaps lower and upper)."""
    if view == "mover" and player != root_player:
        return Bound(bound).negated()
    return Bound(bound)


def bound_from_children(
    value: float, children: Sequence[tuple[float, Bound]], searched_all: bool
) -> Bound | None:
    """What a node whose value is the maximum of its children's provably is, against ``value``.

    ``children`` holds what each searched child proved, as (value, bound) in the node's own
    view (negamax: the node's true value v is the maximum of its children's true values);
    ``searched_all`` says that no child was skipped (no cutoff).

    Guarantee, if every child's (value, bound) is true of that child: ``Bound.LOWER`` when some
    child proved at least ``value`` (exact or a lower bound, with a value ≥ ``value``), so
    v ≥ that child's value ≥ ``value``; ``Bound.UPPER`` when every child was searched and each
    proved at most ``value`` (exact or an upper bound, ≤ ``value``), so v, their maximum, is
    ≤ ``value``; ``Bound.EXACT`` when both hold; ``None`` when neither does (nothing proved).

    >>> bound_from_children(3, [(3, Bound.UPPER), (5, Bound.LOWER)], searched_all=False)
    <Bound.LOWER: 'lower'>
    >>> bound_from_children(3, [(3, Bound.UPPER), (-1, Bound.EXACT)], searched_all=True)
    <Bound.UPPER: 'upper'>
    >>> bound_from_children(3, [(3, Bound.EXACT), (2, Bound.UPPER)], searched_all=True)
    <Bound.EXACT: 'exact'>
    """
    at_least = any(
        bound in (Bound.EXACT, Bound.LOWER) and child >= value for child, bound in children
    )
    at_most = searched_all and all(
        bound in (Bound.EXACT, Bound.UPPER) and child <= value for child, bound in children
    )
    if at_least and at_most:
        return Bound.EXACT
    if at_least:
        return Bound.LOWER
    if at_most:
        return Bound.UPPER
    return None


# --------------------------------------------------------------------------- the recorder


@dataclass
class _Open:
    """A node on the recorder's stack."""

    name: str
    state: Any
    player: Player
    ply: int
    entry_alpha: float  # search frame
    entry_beta: float
    best: float  # MAX's view
    alpha: float  # MAX's view
    beta: float
    evaluated: bool = False
    proved: list[tuple[float, Bound]] = field(default_factory=list)  # children's exits, MAX's view
    cut: bool = False


class Recorder:
    """A tracer that records every event of one search (see :func:`record`)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.stack: list[_Open] = []
        self.algorithm = ""
        self.cutoff_rule: Literal[">=", ">"] = ">="
        self.frame: View = "mover"
        self.root_player: Player = 0
        self.game: Game[Any, Any] | None = None
        self.tree: Tree | None = None
        self.pruned: list[str] = []
        self.evaluations = 0
        self.result: SearchResult | None = None

    # ---- conversions from the search's view to MAX's (negation is its own inverse, so the
    # functions that turn MAX's view into a view also turn that view back into MAX's)
    def _to_max(self, value: float, player: Player) -> float:
        return for_view(value, player, self.root_player, self.frame)

    def _window_to_max(self, alpha: float, beta: float, player: Player) -> tuple[float, float]:
        return window_for_view(alpha, beta, player, self.root_player, self.frame)

    def _name(self, state: Any, move: Any) -> str:
        if isinstance(self.game, TreeGame):
            return str(state[0].name)
        assert self.game is not None
        parent = self.stack[-1].name
        move_name = self.game.move_name(move)
        return move_name if parent == ROOT_NAME else f"{parent} {move_name}"

    def _push(self, name: str, state: Any, alpha: float, beta: float, move: str | None) -> None:
        assert self.game is not None
        player = self.game.to_move(state)
        parent = self.stack[-1] if self.stack else None
        ply = parent.ply + 1 if parent else 0
        max_alpha, max_beta = self._window_to_max(alpha, beta, player)
        start = -INF if player == self.root_player else INF
        self.stack.append(_Open(name, state, player, ply, alpha, beta, start, max_alpha, max_beta))
        self.events.append(
            Enter(name, parent.name if parent else None, move, ply, player, max_alpha, max_beta)
        )

    def _pop(self, value_in_frame: float) -> None:
        """The top node returns ``value_in_frame`` (its own frame): record its exit."""
        node = self.stack.pop()
        bound = Bound.EXACT
        proved = None
        if not node.evaluated and node.entry_alpha == node.entry_beta and node.proved:
            proved = self._proved_by_children(node, value_in_frame)
        if node.evaluated:
            pass  # a leaf's value is its evaluation: exact
        elif proved is not None:
            bound = proved
        elif node.entry_alpha > -INF and value_in_frame <= node.entry_alpha:
            bound = Bound.UPPER
        elif node.entry_beta < INF and value_in_frame >= node.entry_beta:
            bound = Bound.LOWER
        bound = bound_for_view(bound, node.player, self.root_player, self.frame)
        value = self._to_max(value_in_frame, node.player)
        self.events.append(Exit(node.name, value, bound))
        if self.stack:
            self.stack[-1].proved.append((value, bound))

    def _proved_by_children(self, node: _Open, value_in_frame: float) -> Bound | None:
        """The bound (search frame) that ``node``'s children prove of its returned value.

        A node entered with an empty window (α = β: the strict rule, after a child equal to β
        raised α to β) returns a value on both sides of its window at once, so the window
        cannot say which bound the value is; what its children proved can
        (:func:`bound_from_children`, in the node's negamax view)."""
        mover: View = "mover"
        children = [
            (
                for_view(value, node.player, self.root_player, mover),
                bound_for_view(bound, node.player, self.root_player, mover),
            )
            for value, bound in node.proved
        ]
        value = for_view(
            self._to_max(value_in_frame, node.player), node.player, self.root_player, mover
        )
        found = bound_from_children(value, children, searched_all=not node.cut)
        if found is None:
            return None
        mover_to_max = bound_for_view(found, node.player, self.root_player, mover)
        return bound_for_view(mover_to_max, node.player, self.root_player, self.frame)

    # ---- the Tracer hooks
    def begin(
        self, problem: SearchProblem, algorithm: str, frame: View, alpha: float, beta: float
    ) -> None:
        self.game = problem.game
        self.tree = problem.game.tree if isinstance(problem.game, TreeGame) else None
        self.algorithm, self.frame, self.root_player = algorithm, frame, problem.root_player
        self.cutoff_rule = problem.cutoff
        name = str(problem.root[0].name) if self.tree is not None else ROOT_NAME
        self._push(name, problem.root, alpha, beta, None)

    def enter(self, state: Any, move: Any, *, alpha: float, beta: float) -> None:
        assert self.game is not None
        self._push(self._name(state, move), state, alpha, beta, self.game.move_name(move))

    def leaf(self, value: float) -> None:
        node = self.stack[-1]
        node.evaluated = True
        self.evaluations += 1
        self.events.append(Evaluate(node.name, self._to_max(value, node.player), self.evaluations))

    def table_answer(self, value: float, bound: Bound, depth: float) -> None:
        node = self.stack[-1]
        max_bound = bound_for_view(bound, node.player, self.root_player, self.frame)
        self.events.append(
            TableAnswer(node.name, self._to_max(value, node.player), max_bound, depth)
        )

    def repetition(self, value: float, ply: int) -> None:
        node = self.stack[-1]
        node.evaluated = True  # a repetition's value is exact, like a leaf's
        self.events.append(Repetition(node.name, self._to_max(value, node.player), ply))

    def research(self, value: float, *, alpha: float, beta: float) -> None:
        parent = self.stack[-2]
        child = self.stack[-1].name
        self._pop(-value if self.frame == "mover" else value)
        max_alpha, max_beta = self._window_to_max(alpha, beta, parent.player)
        self.events.append(
            ReSearch(parent.name, child, self._to_max(value, parent.player), max_alpha, max_beta)
        )

    def _take(
        self, value: float, best: float, alpha: float, beta: float
    ) -> tuple[str, str, float, float, float, float, bool, bool]:
        """Record the child's exit; return the parent's fields (MAX's view) after the backup."""
        parent = self.stack[-2]
        child_value_in_child_frame = -value if self.frame == "mover" else value
        child = self.stack[-1].name
        self._pop(child_value_in_child_frame)
        max_best = self._to_max(best, parent.player)
        max_alpha, max_beta = self._window_to_max(alpha, beta, parent.player)
        best_changed = max_best != parent.best
        window_changed = (max_alpha, max_beta) != (parent.alpha, parent.beta)
        parent.best, parent.alpha, parent.beta = max_best, max_alpha, max_beta
        value_for_max = self._to_max(value, parent.player)
        return (parent.name, child, value_for_max, max_best, max_alpha, max_beta,
                best_changed, window_changed)  # fmt: skip

    def backup(self, value: float, *, best: float, alpha: float, beta: float) -> None:
        self.events.append(Backup(*self._take(value, best, alpha, beta)))

    def cutoff(
        self, value: float, *, best: float, alpha: float, beta: float, skip: Sequence[Any]
    ) -> None:
        self.stack[-2].cut = True
        fields = self._take(value, best, alpha, beta)
        assert self.game is not None
        names = []
        for move in skip:
            if isinstance(self.game, TreeGame):
                names.append(move.name)
                self.pruned.extend(node.name for node, _ in move.walk())
            else:
                names.append(self._name(None, move))
                self.pruned.append(names[-1])
        self.events.append(Cutoff(*fields, tuple(names)))

    def end(self, result: SearchResult) -> None:
        self._pop(result.value)
        self.result = result

    def trace(self) -> Trace:
        """The finished trace."""
        if self.result is None or self.stack:
            raise RuntimeError("the search has not finished: no trace yet")
        return Trace(
            self.algorithm,
            self.frame,
            self.root_player,
            self.result,
            tuple(self.events),
            self.tree,
            tuple(self.pruned),
            self.cutoff_rule,
        )


# --------------------------------------------------------------------------- the trace


@dataclass(frozen=True)
class Trace:
    """The recorded run of one search.

    Attributes:
        algorithm: the search's name.
        frame: the frame the search computed in ("max" for minimax, "mover" for negamax forms).
        root_player: the player to move at the root (MAX).
        result: what the search returned.
        events: everything it did, in order (values from MAX's view).
        tree: the tree searched, or None for a game.
        pruned: names of the nodes the search never entered because of a cutoff (for a tree,
            whole pruned subtrees; for a game, the skipped moves' nodes), in order.
        cutoff: the search's cutoff rule: ``">="`` (a value reaching β cuts) or ``">"``
            (only a value past β cuts, :func:`~gamelib.search.rules.alphabeta_by_rules`).
    """

    algorithm: str
    frame: View
    root_player: Player
    result: SearchResult
    events: tuple[Event, ...]
    tree: Tree | None
    pruned: tuple[str, ...]
    cutoff: Literal[">=", ">"] = ">="

    @property
    def evaluated(self) -> list[str]:
        """The leaves evaluated, in evaluation order."""
        return [event.node for event in self.events if isinstance(event, Evaluate)]

    @property
    def entered(self) -> list[str]:
        """The nodes entered, in order."""
        return [event.node for event in self.events if isinstance(event, Enter)]

    @property
    def players(self) -> dict[str, Player]:
        """The player to move at every entered node."""
        return {event.node: event.player for event in self.events if isinstance(event, Enter)}

    def windows(self, view: View = "max") -> list[tuple[str, float, float]]:
        """Every (node, α, β) as a window is set on entry and after each change, in order."""
        players = self.players
        windows = []
        for event in self.events:
            if isinstance(event, Enter) or (
                isinstance(event, Backup | Cutoff) and event.window_changed
            ):
                alpha, beta = window_for_view(
                    event.alpha, event.beta, players[event.node], self.root_player, view
                )
                windows.append((event.node, alpha, beta))
        return windows

    def returned(self, view: View = "max") -> dict[str, tuple[float, Bound]]:
        """What every entered node returned, with the bound type, in ``view``."""
        players = self.players
        return {
            event.node: (
                for_view(event.value, players[event.node], self.root_player, view),
                bound_for_view(event.bound, players[event.node], self.root_player, view),
            )
            for event in self.events
            if isinstance(event, Exit)
        }

    def __len__(self) -> int:
        return len(self.events)

    def _repr_html_(self) -> str:
        """The finished search drawn, with its counts, for Jupyter."""
        from gamelib.render.summaries import trace_html

        return trace_html(self)


def record(
    search: Callable[..., SearchResult], game: Tree | Game[Any, Any], **options: Any
) -> Trace:
    """Run ``search(game, tracer=..., **options)`` and return its :class:`Trace`."""
    recorder = Recorder()
    search(game, tracer=recorder, **options)
    return recorder.trace()


class ProbeRecorder:
    """A tracer for a search made of several searches (aspiration, MTD(f)): it starts a new
    :class:`Recorder` at every ``begin``, so each probe gets its own trace."""

    def __init__(self) -> None:
        self.recorders: list[Recorder] = []

    @property
    def current(self) -> Recorder:
        if not self.recorders:
            raise RuntimeError("no search has begun")
        return self.recorders[-1]

    def begin(
        self, problem: SearchProblem, algorithm: str, frame: View, alpha: float, beta: float
    ) -> None:
        self.recorders.append(Recorder())
        self.current.begin(problem, algorithm, frame, alpha, beta)

    def enter(self, state: Any, move: Any, *, alpha: float, beta: float) -> None:
        self.current.enter(state, move, alpha=alpha, beta=beta)

    def leaf(self, value: float) -> None:
        self.current.leaf(value)

    def backup(self, value: float, *, best: float, alpha: float, beta: float) -> None:
        self.current.backup(value, best=best, alpha=alpha, beta=beta)

    def cutoff(
        self, value: float, *, best: float, alpha: float, beta: float, skip: Sequence[Any]
    ) -> None:
        self.current.cutoff(value, best=best, alpha=alpha, beta=beta, skip=skip)

    def research(self, value: float, *, alpha: float, beta: float) -> None:
        self.current.research(value, alpha=alpha, beta=beta)

    def table_answer(self, value: float, bound: Bound, depth: float) -> None:
        self.current.table_answer(value, bound, depth)

    def repetition(self, value: float, ply: int) -> None:
        self.current.repetition(value, ply)

    def end(self, result: SearchResult) -> None:
        self.current.end(result)

    def traces(self) -> list[Trace]:
        """One finished trace per search, in the order they ran."""
        return [recorder.trace() for recorder in self.recorders]


def record_probes(
    search: Callable[..., SearchResult], game: Tree | Game[Any, Any], **options: Any
) -> tuple[SearchResult, list[Trace]]:
    """Run a composite search (``aspiration``, ``mtdf``, iterative deepening, ...) and
    return its result and one :class:`Trace` per search it made, in order."""
    recorder = ProbeRecorder()
    result = search(game, tracer=recorder, **options)
    return result, recorder.traces()


# --------------------------------------------------------------------------- replay

Status: TypeAlias = Literal["unvisited", "open", "done", "pruned"]


@dataclass(frozen=True)
class NodeState:
    """A node as it stands at one step of a trace (numbers from MAX's view).

    Attributes:
        status: "unvisited", "open" (entered, not returned), "done" or "pruned".
        player: the player to move there, once known.
        alpha, beta: the node's window: current while open, last one when done.
        value: the best value so far while open; the returned value when done.
        bound: what the returned value proves, once done.
        evaluation: the leaf's evaluation and its order (1, 2, ...), once evaluated.
        evaluation_orders: the order of every evaluation of this node (more than one when
            a re-search evaluates it again).
        first_seen_at_ply: for a repetition, the ply where its position was seen first.
    """

    status: Status = "unvisited"
    player: Player | None = None
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    bound: Bound | None = None
    evaluation: tuple[float, int] | None = None
    evaluation_orders: tuple[int, ...] = ()
    first_seen_at_ply: int | None = None


@dataclass(frozen=True)
class Snapshot:
    """Every node's state after the first ``step`` events of a trace.

    Attributes:
        step: how many events have been applied (0 = before the search starts).
        event: the last event applied, or None at step 0.
        nodes: each known node's state (for a tree, every node of the tree).
        path: the open nodes, root first; the last one is where the search is.
    """

    step: int
    event: Event | None
    nodes: Mapping[str, NodeState]
    path: tuple[str, ...]

    @property
    def current(self) -> str | None:
        """The node the search is working at (the last event's node)."""
        return None if self.event is None else self.event.node


def snapshots(trace: Trace) -> Iterator[Snapshot]:
    """The snapshot of every step, 0 to len(trace.events), computed in one pass."""
    nodes: dict[str, NodeState] = {}
    if trace.tree is not None:
        nodes = {node.name: NodeState() for node, _ in trace.tree.walk()}
    subtree: Callable[[str], list[str]] = _subtree_names(trace)
    path: list[str] = []
    yield Snapshot(0, None, dict(nodes), ())
    for step, event in enumerate(trace.events, start=1):
        _apply(event, nodes, path, subtree)
        yield Snapshot(step, event, dict(nodes), tuple(path))


def replay(trace: Trace, step: int) -> Snapshot:
    """Every node's state after the first ``step`` events (0 ≤ step ≤ len(trace.events))."""
    if not 0 <= step <= len(trace.events):
        raise ValueError(f"step must be between 0 and {len(trace.events)}, not {step}")
    for snapshot in snapshots(trace):
        if snapshot.step == step:
            return snapshot
    raise AssertionError("unreachable")


def _subtree_names(trace: Trace) -> Callable[[str], list[str]]:
    if trace.tree is None:
        return lambda name: [name]
    by_name = trace.tree.nodes()
    return lambda name: [node.name for node, _ in by_name[name].walk()]


def _apply(
    event: Event, nodes: dict[str, NodeState], path: list[str], subtree: Callable[[str], list[str]]
) -> None:
    node = nodes.get(event.node, NodeState())
    if isinstance(event, Enter):
        path.append(event.node)
        nodes[event.node] = replace(
            node, status="open", player=event.player, alpha=event.alpha, beta=event.beta
        )
    elif isinstance(event, Evaluate):
        nodes[event.node] = replace(
            node,
            value=event.value,
            evaluation=(event.value, event.order),
            evaluation_orders=(*node.evaluation_orders, event.order),
        )
    elif isinstance(event, Backup | Cutoff):
        nodes[event.node] = replace(node, value=event.best, alpha=event.alpha, beta=event.beta)
        if isinstance(event, Cutoff):
            for skipped in event.skipped:
                for name in subtree(skipped):
                    nodes[name] = replace(nodes.get(name, NodeState()), status="pruned")
    elif isinstance(event, TableAnswer):
        nodes[event.node] = replace(node, value=event.value, bound=event.bound)
    elif isinstance(event, Repetition):
        nodes[event.node] = replace(
            node, value=event.value, bound=Bound.EXACT, first_seen_at_ply=event.first_seen_at_ply
        )
    elif isinstance(event, Exit):
        path.pop()
        nodes[event.node] = replace(node, status="done", value=event.value, bound=event.bound)
