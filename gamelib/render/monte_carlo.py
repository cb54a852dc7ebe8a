"""What a picture of a Monte Carlo search shows at one phase of one iteration: a fold over
its trace (:class:`~gamelib.search.mcts.events.MonteCarloTrace`), and the picture in words.

An iteration has four phases: **selection** (the path chosen from the root, with every
child's UCB value at each choice), **expansion** (the node added to the tree), **playout**
(the moves played from it to the end, and the reward) and **backup** (the reward added up the
path, its sign flipping with the player). :func:`monte_carlo_picture` folds the trace's
events up to that phase into a :class:`MonteCarloPicture`; the drawing
(:mod:`gamelib.render.monte_carlo_dot`), the player (:mod:`gamelib.render.monte_carlo_player`)
and the text alternative (:func:`monte_carlo_alternative`) are all written from it.

Every N, Q and proven value is the trace's own: **from the view of the player to move at the
node's parent**, the player who chooses the node (for the root: its opponent). A node's
statistics are those after the iteration before (selection, expansion, playout) or after
this iteration (backup, :meth:`~gamelib.search.mcts.events.MonteCarloTrace.tree_after`).

    >>> from gamelib.trees import TEXTBOOK
    >>> from gamelib.search.mcts import record_monte_carlo, uct
    >>> trace = record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=12)
    >>> picture = monte_carlo_picture(trace, 12, "backup", language="en")
    >>> picture.path
    ('A', 'B', 'b1')
    >>> print(monte_carlo_alternative(picture).description.splitlines()[2])
    Selected path: A → B (UCB 1.56) → b1 (UCB 1.45).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from gamelib.core import Player
from gamelib.language import Language, resolve
from gamelib.notation import MINUS, format_number
from gamelib.render.alternative import Alternative
from gamelib.search.mcts.events import (
    Backup,
    BackupStep,
    Expansion,
    IterationBegun,
    MonteCarloTrace,
    NodeSummary,
    Playout,
    Proof,
    Selection,
)

Phase: TypeAlias = Literal["selection", "expansion", "playout", "backup"]
PHASES: Final[tuple[Phase, ...]] = ("selection", "expansion", "playout", "backup")
"""The four phases of an iteration, in order."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "selection": {"en": "selection", "ja": "選択"},
    "expansion": {"en": "expansion", "ja": "展開"},
    "playout": {"en": "playout", "ja": "プレイアウト"},
    "backup": {"en": "backup", "ja": "逆伝播"},
    "title": {
        "en": "{algorithm}, iteration {iteration} of {total}: {phase}",
        "ja": "{algorithm}、反復 {iteration} / {total}：{phase}",
    },
    "title_start": {
        "en": "{algorithm}, before the first iteration",
        "ja": "{algorithm}、最初の反復の前",
    },
    "tree": {
        "en": "Tree of {count} nodes (N visits, Q mean reward for the player choosing the node): "
        "{nodes}.",
        "ja": "木のノードは {count} 個です（N は訪問回数、Q はそのノードを選ぶ手番側の平均報酬）："
        "{nodes}。",
    },
    "node": {"en": "{node} N {visits} Q {mean}", "ja": "{node} N {visits} Q {mean}"},
    "proven": {"en": "Proven: {nodes}.", "ja": "証明済みのノードは {nodes} です。"},
    "leaf_values": {
        "en": "Values of the leaves drawn (MAX's view): {values}.",
        "ja": "描いた葉の値（MAX の視点）は {values} です。",
    },
    "path": {"en": "Selected path: {path}.", "ja": "選択した経路は {path} です。"},
    "untried": {
        "en": "Not yet in the tree below {node} (UCB ∞): {nodes}.",
        "ja": "{node} の下でまだ木にないノード（UCB ∞）は {nodes} です。",
    },
    "expanded": {
        "en": "Expanded: {node} added to the tree.",
        "ja": "展開：{node} を木に加えました。",
    },
    "expanded_terminal": {
        "en": "Expanded: {node} added to the tree; the game is over there.",
        "ja": "展開：{node} を木に加えました。そこで対局は終わっています。",
    },
    "nothing_expanded": {
        "en": "Nothing expanded: the path ends at a finished game already in the tree.",
        "ja": "展開なし：経路は木にすでにある終局で終わります。",
    },
    "nothing_expanded_inner": {
        "en": "Nothing expanded: the playout starts from {node}, already in the tree.",
        "ja": "展開なし：プレイアウトは木にすでにある {node} から始まります。",
    },
    "playout_moves": {
        "en": "Playout from {node}: {moves}; reward r = {reward} for {player}.",
        "ja": "{node} からのプレイアウト：{moves}。報酬は {player} にとって r = {reward} です。",
    },
    "playout_none": {
        "en": "Playout from {node}: no move (the game is over); reward r = {reward} for {player}.",
        "ja": "{node} からのプレイアウト：手なし（終局）。"
        "報酬は {player} にとって r = {reward} です。",
    },
    "exact": {
        "en": "No playout from {node}: its exact value is known, r = {reward} for {player}.",
        "ja": "{node} からのプレイアウトなし：正確な値が分かっていて、{player} にとって "
        "r = {reward} です。",
    },
    "backup_steps": {
        "en": "Backup: {steps}.",
        "ja": "逆伝播：{steps}。",
    },
    "backup_step": {
        "en": "{node} takes {sign}r = {reward}, now N {visits} Q {mean}",
        "ja": "{node} は {sign}r = {reward} を受け取り N {visits} Q {mean}",
    },
    "newly_proven": {"en": "Now proven: {nodes}.", "ja": "新たに証明したノードは {nodes} です。"},
    "first": {"en": "the first player", "ja": "先手"},
    "second": {"en": "the second player", "ja": "後手"},
}
"""Every word of the pictures of a Monte Carlo search and of their text alternatives."""

SEPARATOR: Final[Mapping[Language, str]] = {"en": ", ", "ja": "、"}
"""What separates the items of a list, in each language."""

STEP_SEPARATOR: Final[Mapping[Language, str]] = {"en": "; ", "ja": "、"}
"""What separates the steps of a backup, in each language."""


def signed(value: float, places: int = 2) -> str:
    """``+0.41``, ``−0.86``, ``0.00``: a mean or a reward as the pictures write it."""
    if math.isinf(value):
        return "∞" if value > 0 else MINUS + "∞"
    text = f"{value:+.{places}f}"
    if float(text) == 0:
        text = f"{0:.{places}f}"
    return text.replace("-", MINUS)


def ucb_text(value: float | None) -> str:
    """A UCB value as the pictures write it: ``1.56``, ``∞``, ``—`` (not chosen by UCB)."""
    if value is None:
        return "—"
    if math.isinf(value):
        return "∞"
    return f"{value:.2f}".replace("-", MINUS)


@dataclass(frozen=True)
class MonteCarloNode:
    """One drawn node of a Monte Carlo picture.

    Attributes:
        name: its name in the trace.
        title: what the drawing writes on it: its name in a textbook tree; in a game its
            move (the root's name for the root).
        parent: its parent's name (None for the root).
        player: the player to move at the node (None if not known yet).
        in_tree: False for a child of a node selected in this iteration that is not in the
            search tree yet (N = 0, UCB ∞).
        visits: N.
        mean: Q for the player choosing the node (None while N = 0).
        proven: its proven exact value, same view (None while not proven).
        ucb: its UCB value when its parent chose among its children in this iteration
            (None otherwise, or when the search does not choose by UCB).
        on_path: whether the iteration's selection went through it (the root included).
        expanded: whether it is the node this iteration added (from the expansion phase on).
        backup: in the backup phase, what it took (None elsewhere and off the path).
        backup_sign: +1 when it took the playout's reward r as it is, −1 when negated
            (r is for the player to move where the playout began).
        leaf_value: a textbook tree's leaf value (MAX's view, unscaled); None elsewhere.
    """

    name: str
    title: str
    parent: str | None
    player: Player | None
    in_tree: bool
    visits: int
    mean: float | None
    proven: float | None
    ucb: float | None
    on_path: bool
    expanded: bool
    backup: BackupStep | None
    backup_sign: int
    leaf_value: float | None = None


@dataclass(frozen=True)
class PlayoutPicture:
    """The playout of an iteration as the picture shows it: from ``node`` the ``moves``
    (none: the game is over there), the reward ``reward`` for ``player``; ``exact`` when
    MCTS-Solver's exact solver gave the value instead of a playout."""

    node: str
    moves: tuple[str, ...]
    reward: float
    player: Player
    exact: bool


@dataclass(frozen=True)
class MonteCarloPicture:
    """Everything a picture of a Monte Carlo trace shows at one phase of one iteration.

    Attributes:
        algorithm: the search's name.
        iteration: the iteration (0: before the first).
        phase: the phase shown (None at iteration 0).
        iterations: how many iterations the trace has.
        nodes: the drawn nodes, depth first, children in the game's move order.
        path: the names of the nodes selected in this iteration, root first (the new node
            last from the expansion phase on).
        expansion: the node added in this iteration (None before the expansion phase, or
            when the path ended at a finished game in the tree).
        expanded_terminal: whether the game is over at the added node.
        playout_from_inner_node: whether, with no node added, the playout starts from a node
            already in the tree where the game is not over (flat Monte Carlo).
        playout: the playout (from the playout phase on).
        newly_proven: the nodes proven in this iteration (backup phase).
        textbook: whether the searched game is a textbook tree (players named MAX and MIN).
        language: the language of the words.
    """

    algorithm: str
    iteration: int
    phase: Phase | None
    iterations: int
    nodes: tuple[MonteCarloNode, ...]
    path: tuple[str, ...]
    expansion: str | None
    expanded_terminal: bool
    playout_from_inner_node: bool
    playout: PlayoutPicture | None
    newly_proven: tuple[str, ...]
    textbook: bool
    language: Language

    def node(self, name: str) -> MonteCarloNode:
        """The drawn node called ``name``.

        Raises:
            KeyError: if no such node is drawn.
        """
        for node in self.nodes:
            if node.name == name:
                return node
        raise KeyError(name)

    def player_name(self, player: Player) -> str:
        """``MAX`` / ``MIN`` on a textbook tree, else the first / the second player."""
        if self.textbook:
            return "MAX" if player == 0 else "MIN"  # the same sign in every language
        return WORDS["first" if player == 0 else "second"][self.language]


def _iteration_events(
    trace: MonteCarloTrace, iteration: int
) -> list[Selection | Expansion | Playout | Backup | Proof]:
    """The events of iteration ``iteration`` (after its :class:`IterationBegun`)."""
    events: list[Selection | Expansion | Playout | Backup | Proof] = []
    begun = 0
    for event in trace.events:
        if isinstance(event, IterationBegun):
            begun = event.iteration
            if begun > iteration:
                break
        elif begun == iteration:
            events.append(event)
    return events


def _move_orders(trace: MonteCarloTrace, iteration: int) -> dict[str, list[str]]:
    """For every node that chose a child in the first ``iteration`` iterations, its children's
    names in the game's move order (from the :class:`Selection` events)."""
    orders: dict[str, list[str]] = {}
    begun = 0
    for event in trace.events:
        if isinstance(event, IterationBegun):
            begun = event.iteration
            if begun > iteration:
                break
        elif isinstance(event, Selection) and event.node not in orders:
            orders[event.node] = [child.node for child in event.children]
    return orders


def monte_carlo_picture(
    trace: MonteCarloTrace,
    iteration: int | None = None,
    phase: Phase = "backup",
    *,
    language: str | None = None,
) -> MonteCarloPicture:
    """The picture of ``trace`` at ``phase`` of ``iteration`` (None: the last iteration;
    0: the root alone, before the first iteration; the phase is then ignored).

    Guarantee: every node's N, Q and proven value are those of ``trace.tree_after(i)`` with
    i = ``iteration`` in the backup phase and ``iteration − 1`` before it (the node added in
    this iteration with N = 0 in the expansion and playout phases); the path is the root
    followed by the child chosen by each :class:`Selection` event of the iteration, and each
    child's UCB is the one its parent's :class:`Selection` event gave it.

    Raises:
        ValueError: for an iteration outside 0 … ``trace.iterations`` or an unknown phase.
    """
    chosen = resolve(language)
    total = trace.iterations
    iteration = total if iteration is None else iteration
    if not 0 <= iteration <= total:
        raise ValueError(f"iteration must be between 0 and {total}, not {iteration}")
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    shown_phase: Phase | None = phase if iteration else None
    stage = PHASES.index(phase) if iteration else -1
    events = _iteration_events(trace, iteration) if iteration else []
    selections = [event for event in events if isinstance(event, Selection)]
    expansion = next((event for event in events if isinstance(event, Expansion)), None)
    playout = next((event for event in events if isinstance(event, Playout)), None)
    backup = next((event for event in events if isinstance(event, Backup)), None)
    proofs = [event.node for event in events if isinstance(event, Proof)]
    after = trace.tree_after(iteration if stage == 3 else max(iteration - 1, 0))
    summaries = dict(after)
    if expansion is not None and 1 <= stage < 3:
        summaries[expansion.node] = NodeSummary(
            expansion.parent, expansion.move, expansion.player, 0, None
        )
    path = [trace.root] + [selection.chosen for selection in selections]
    ucbs: dict[str, float | None] = {}
    untried: dict[str, list[tuple[str, str]]] = {}  # parent → (name, move) not in the tree
    for selection in selections:
        for child in selection.children:
            ucbs[child.node] = child.ucb
            if child.node not in summaries:
                untried.setdefault(selection.node, []).append((child.node, child.move))
    steps = {step.node: step for step in backup.steps} if backup is not None and stage == 3 else {}
    reference = _playout_picture(playout, backup, events, expansion, path)
    orders = _move_orders(trace, iteration)
    children: dict[str, list[str]] = {}
    for name, summary in summaries.items():
        if summary.parent is not None:
            children.setdefault(summary.parent, []).append(name)
    for parent, pending in untried.items():
        children.setdefault(parent, []).extend(name for name, _ in pending)
    moves = {name: move for pending in untried.values() for name, move in pending}
    on_path = set(path)
    textbook = trace.tree is not None
    leaf_values = (
        {}
        if trace.tree is None
        else {node.name: node.value for node, _ in trace.tree.walk() if node.is_leaf}
    )
    nodes: list[MonteCarloNode] = []

    def visit(name: str) -> None:
        summary = summaries.get(name)
        parent = summary.parent if summary is not None else _parent_of(name, untried)
        step = steps.get(name)
        sign = 0
        if step is not None and reference is not None:
            sign = 1 if step.player == reference.player else -1
        if summary is not None:
            proven = summary.lower if summary.lower == summary.upper else None
            title = name if summary.move is None or textbook else summary.move
            player = summary.player
        else:
            proven, title, player = None, name if textbook else moves[name], None
        nodes.append(
            MonteCarloNode(
                name,
                title,
                parent,
                player,
                summary is not None,
                summary.visits if summary is not None else 0,
                summary.mean if summary is not None else None,
                proven,
                ucbs.get(name),
                name in on_path,
                expansion is not None and stage >= 1 and name == expansion.node,
                step,
                sign,
                leaf_values.get(name),
            )
        )
        order = orders.get(name, [])
        below = children.get(name, [])
        for child in sorted(below, key=lambda item: order.index(item) if item in order else 0):
            visit(child)

    visit(trace.root)
    return MonteCarloPicture(
        trace.algorithm,
        iteration,
        shown_phase,
        total,
        tuple(nodes),
        tuple(path),
        expansion.node if expansion is not None and stage >= 1 else None,
        expansion is not None and expansion.terminal,
        expansion is None and playout is not None and bool(playout.moves),
        reference if stage >= 2 else None,
        tuple(proofs) if stage == 3 else (),
        textbook,
        chosen,
    )


def _parent_of(name: str, untried: Mapping[str, list[tuple[str, str]]]) -> str | None:
    for parent, pending in untried.items():
        if any(child == name for child, _ in pending):
            return parent
    return None


def _playout_picture(
    playout: Playout | None,
    backup: Backup | None,
    events: list[Selection | Expansion | Playout | Backup | Proof],
    expansion: Expansion | None,
    path: list[str],
) -> PlayoutPicture | None:
    """The iteration's playout; without a :class:`Playout` event (MCTS-Solver's exact solver
    answered the new node), the value its backup started from."""
    if playout is not None:
        return PlayoutPicture(playout.node, playout.moves, playout.reward, playout.player, False)
    if backup is None or not backup.steps:
        return None
    first = backup.steps[0]
    exact = expansion is not None and not expansion.terminal
    return PlayoutPicture(first.node, (), first.reward, first.player, exact)


# --------------------------------------------------------------------------- in words


def node_numbers(node: MonteCarloNode) -> str:
    """``N 5 Q +0.41`` (Q ``—`` while N = 0)."""
    mean = "—" if node.mean is None else signed(node.mean)
    return f"N {node.visits} Q {mean}"


def playout_sentence(picture: MonteCarloPicture) -> str:
    """The playout in words (empty before the playout phase)."""
    playout = picture.playout
    if playout is None:
        return ""
    language = picture.language
    values = {
        "node": playout.node,
        "reward": signed(playout.reward),
        "player": picture.player_name(playout.player),
    }
    if playout.exact:
        return WORDS["exact"][language].format(**values)
    if not playout.moves:
        return WORDS["playout_none"][language].format(**values)
    return WORDS["playout_moves"][language].format(moves=" ".join(playout.moves), **values)


def expansion_sentence(picture: MonteCarloPicture) -> str:
    """The expansion in words (empty before the expansion phase)."""
    if picture.phase is None or PHASES.index(picture.phase) < 1:
        return ""
    if picture.expansion is None:
        if picture.playout_from_inner_node:
            return WORDS["nothing_expanded_inner"][picture.language].format(node=picture.path[-1])
        return WORDS["nothing_expanded"][picture.language]
    key = "expanded_terminal" if picture.expanded_terminal else "expanded"
    return WORDS[key][picture.language].format(node=picture.expansion)


def path_sentence(picture: MonteCarloPicture) -> str:
    """The selected path with the UCB value that chose each step (empty at iteration 0)."""
    if picture.phase is None:
        return ""
    parts = []
    for name in picture.path:
        node = picture.node(name)
        parts.append(name if node.parent is None else f"{name} (UCB {ucb_text(node.ucb)})")
    return WORDS["path"][picture.language].format(path=" → ".join(parts))


def backup_sentence(picture: MonteCarloPicture) -> str:
    """The backup, node by node from the new one up to the root (empty before backup)."""
    steps = [node for node in picture.nodes if node.backup is not None]
    if not steps:
        return ""
    language = picture.language
    steps.sort(key=lambda node: picture.path.index(node.name), reverse=True)
    written = []
    for node in steps:
        step = node.backup
        assert step is not None
        written.append(
            WORDS["backup_step"][language].format(
                node=node.name,
                sign="+" if node.backup_sign > 0 else MINUS,
                reward=signed(step.reward),
                visits=step.visits,
                mean=signed(step.mean),
            )
        )
    return WORDS["backup_steps"][language].format(steps=STEP_SEPARATOR[language].join(written))


def phase_sentence(picture: MonteCarloPicture) -> str:
    """What the picture's phase did, in one sentence (the player's narration)."""
    if picture.phase is None:
        return WORDS["title_start"][picture.language].format(algorithm=picture.algorithm)
    return {
        "selection": path_sentence,
        "expansion": expansion_sentence,
        "playout": playout_sentence,
        "backup": backup_sentence,
    }[picture.phase](picture)


def picture_title(picture: MonteCarloPicture) -> str:
    """``uct, iteration 12 of 12: backup``."""
    language = picture.language
    if picture.phase is None:
        return WORDS["title_start"][language].format(algorithm=picture.algorithm)
    return WORDS["title"][language].format(
        algorithm=picture.algorithm,
        iteration=picture.iteration,
        total=picture.iterations,
        phase=WORDS[picture.phase][language],
    )


def monte_carlo_alternative(picture: MonteCarloPicture) -> Alternative:
    """The text alternative of ``picture``, in its language: the tree's nodes depth first with
    N and Q, the proven ones, the selected path with its UCB values, the nodes not yet in the
    tree below the path, the expansion, the playout and the backup (as far as the phase has
    come), and the nodes proven in this iteration.

    Guarantee: every number is the picture's own (the same the drawing writes).
    """
    language = picture.language
    separator = SEPARATOR[language]
    in_tree = [node for node in picture.nodes if node.in_tree]
    listed = separator.join(
        WORDS["node"][language].format(
            node=node.name,
            visits=node.visits,
            mean="—" if node.mean is None else signed(node.mean),
        )
        for node in in_tree
    )
    lines = [WORDS["tree"][language].format(count=len(in_tree), nodes=listed)]
    proven = [f"{node.name} = {signed(node.proven)}" for node in in_tree if node.proven is not None]
    if proven:
        lines.append(WORDS["proven"][language].format(nodes=separator.join(proven)))
    valued = [
        f"{node.name} {format_number(node.leaf_value)}"
        for node in picture.nodes
        if node.leaf_value is not None
    ]
    if valued:
        lines.append(WORDS["leaf_values"][language].format(values=separator.join(valued)))
    for sentence in (path_sentence(picture),):
        if sentence:
            lines.append(sentence)
    pending: dict[str, list[str]] = {}
    for node in picture.nodes:
        if not node.in_tree and node.parent is not None:
            pending.setdefault(node.parent, []).append(node.name)
    for parent, names in pending.items():
        lines.append(WORDS["untried"][language].format(node=parent, nodes=separator.join(names)))
    for sentence in (
        expansion_sentence(picture),
        playout_sentence(picture),
        backup_sentence(picture),
    ):
        if sentence:
            lines.append(sentence)
    if picture.newly_proven:
        lines.append(
            WORDS["newly_proven"][language].format(nodes=separator.join(picture.newly_proven))
        )
    return Alternative(picture_title(picture), "\n".join(lines))


__all__ = [
    "PHASES",
    "MonteCarloNode",
    "MonteCarloPicture",
    "Phase",
    "PlayoutPicture",
    "monte_carlo_alternative",
    "monte_carlo_picture",
    "node_numbers",
    "phase_sentence",
    "picture_title",
    "signed",
    "ucb_text",
]
