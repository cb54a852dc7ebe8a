"""Monte Carlo searches, in the order the course builds them up.

1. :func:`flat_monte_carlo`: the same number of random playouts after every root move; play
   the move with the best average.
2. :func:`uct`: Monte Carlo *tree* search with UCB1 selection (Kocsis & Szepesvári's UCT):
   every iteration selects a path down the tree, expands one new node, plays a random game
   from it, and backs the result up the path.
3. :func:`mcts_solver`: UCT that also backs up *proven* values, so it can stop with the exact
   minimax value (MCTS-Solver, Winands, Björnsson & Saito 2008, with the score bounds of
   Cazenave & Saffidine 2010 so that draws and textbook leaf values are proven too).

Every search is called like the α-β searches,
``search(game, state=None, *, evaluate=None, tracer=None, …)`` with its own budget,
exploration constant, playout policy and ``seed``, and returns a
:class:`~gamelib.search.common.SearchResult` whose ``stats`` is a :class:`MonteCarloStats`.

**The negamax convention.** A reward (:mod:`gamelib.search.mcts.playouts`) is for the player
to move in the finished position. Every node of the tree keeps N (its visits) and W (the sum
of the rewards backed up through it) **from the view of the player to move at its parent**,
the player who chooses it; its mean is Q = W / N. On the way up, a reward is added as it is
where that player is the one the reward was for, and negated where it is the other player:
the sign flips at every ply where the player to move changes (every ply in the course's
games: a pass is a move). So each parent simply picks the child with the largest Q + bonus,
for either colour.

**Seeded.** All randomness (the playouts, the order new children are tried, ties) comes from
``random.Random(seed)``: the same arguments give the same result and the same trace on every
machine. With ``tracer=None`` no event is made.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import Game, Player
from gamelib.search.common import SearchProblem, SearchResult, SearchStats, prepare
from gamelib.search.mcts.events import (
    ROOT_NAME,
    Backup,
    BackupStep,
    ChildStatistics,
    Expansion,
    IterationBegun,
    MonteCarloTracer,
    Playout,
    Proof,
    Selection,
    record_monte_carlo,
)
from gamelib.search.mcts.playouts import PlayoutPolicy, Reward, default_reward, uniform_playout
from gamelib.trees import Tree, TreeGame

DEFAULT_EXPLORATION = math.sqrt(2)
"""The UCB1 constant c used when none is given: Q + c·√(ln N_parent / N), Q in [−1, 1]."""

INFINITY = math.inf


@dataclass
class MonteCarloStats(SearchStats):
    """Counters of one Monte Carlo search.

    Attributes:
        nodes: nodes in the search's tree at the end, the root included.
        leaves: positions scored, one per iteration: a playout's end, a finished game
            reached inside the tree, or (MCTS-Solver) a position its exact solver answered.
        iterations: iterations run (flat Monte Carlo: playouts).
        playout_plies: moves played in all the playouts together.
        proven: whether the root's exact value was proven (MCTS-Solver only).
        root_children: for every root move in the game's order: (move, N, Q), Q for the
            player to move at the root (None when N = 0).
    """

    iterations: int = 0
    playout_plies: int = 0
    proven: bool = False
    root_children: tuple[tuple[Any, int, float | None], ...] = ()


class _Node:
    """A node of the search tree. ``visits``, ``total``, ``lower`` and ``upper`` are from the
    view of ``view``, the player to move at the parent (for the root: the root player's
    opponent)."""

    __slots__ = (
        "children",
        "index",
        "lower",
        "move",
        "moves",
        "name",
        "parent",
        "player",
        "state",
        "total",
        "untried",
        "upper",
        "view",
        "visits",
    )

    def __init__(
        self,
        state: Any,
        moves: Sequence[Any],
        player: Player,
        parent: _Node | None,
        move: Any,
        index: int,
        name: str,
    ) -> None:
        self.state = state
        self.moves = moves
        self.player = player
        self.view: Player = 1 - player if parent is None else parent.player
        self.parent = parent
        self.move = move
        self.index = index  # the move's place in the parent's moves
        self.name = name
        self.untried: list[int] = list(range(len(moves)))
        self.children: list[_Node] = []
        self.visits = 0
        self.total = 0.0
        self.lower = -1.0
        self.upper = 1.0

    def mean(self) -> float:
        return self.total / self.visits


class _Run:
    """What the phases of one search share: the game's functions, the seeded generator,
    the policy, the reward, the tracer and the counters."""

    def __init__(
        self,
        problem: SearchProblem,
        algorithm: str,
        playout: PlayoutPolicy,
        seed: int,
        reward: Reward | None,
        tracer: MonteCarloTracer | None,
    ) -> None:
        game = problem.game
        self.game: Game[Any, Any] = game
        self.problem = problem
        self.moves_of = problem.moves
        self.result_of = problem.result
        self.to_move = game.to_move
        self.evaluate = problem.evaluate_function
        self.policy = playout
        self.generator = random.Random(seed)
        self.reward = default_reward(game) if reward is None else reward
        self.tracer = tracer
        self.stats = MonteCarloStats()
        self.is_tree = isinstance(game, TreeGame)
        root_state = problem.root
        root_name = str(root_state[0].name) if self.is_tree else ROOT_NAME
        moves = self.moves_of(root_state)
        self.root = _Node(
            root_state, tuple(moves), self.to_move(root_state), None, None, -1, root_name
        )
        self.stats.nodes = 1
        if tracer is not None:
            tracer.begin(game, algorithm, root_name, self.root.player)

    # ---- names (made only when tracing)
    def child_name(self, node: _Node, move: Any) -> str:
        if self.tracer is None:
            return ""
        if self.is_tree:
            return str(move.name)
        move_name = self.game.move_name(move)
        return move_name if node.parent is None else f"{node.name} {move_name}"

    # ---- the phases
    def choose_untried(self, node: _Node) -> int:
        """Take one move of ``node`` not yet in the tree, uniformly at random: its index."""
        untried = node.untried
        return untried.pop(int(self.generator.random() * len(untried)))

    def add_child(self, node: _Node, index: int) -> _Node:
        move = node.moves[index]
        state = self.result_of(node.state, move)
        moves = self.moves_of(state)
        child = _Node(
            state, tuple(moves), self.to_move(state), node, move, index, self.child_name(node, move)
        )
        node.children.append(child)
        self.stats.nodes += 1
        if self.tracer is not None:
            self.tracer.add(
                Expansion(
                    child.name,
                    node.name,
                    self.game.move_name(move),
                    child.player,
                    not child.moves,
                )
            )
        return child

    def play_out(self, node: _Node) -> tuple[float, Player]:
        """Play from ``node`` to the end of the game with the policy; return the reward and
        the player it is for (the player to move in the finished position)."""
        state = node.state
        moves: Sequence[Any] = node.moves
        count = len(moves)
        played: list[Any] | None = [] if self.tracer is not None else None
        plies = 0
        moves_of, result_of = self.moves_of, self.result_of
        if self.policy is uniform_playout:  # the same choice as uniform_playout, inlined
            uniform = self.generator.random
            while count:
                move = moves[int(uniform() * count)]
                state = result_of(state, move)
                if played is not None:
                    played.append(move)
                plies += 1
                moves = moves_of(state)
                count = len(moves)
        else:
            policy, game, generator, evaluate = (
                self.policy,
                self.game,
                self.generator,
                self.evaluate,
            )
            while count:
                move = policy(game, state, moves, generator, evaluate)
                state = result_of(state, move)
                if played is not None:
                    played.append(move)
                plies += 1
                moves = moves_of(state)
                count = len(moves)
        reward = self.reward(state)
        if not -1 <= reward <= 1:
            raise ValueError(
                f"a reward must be in [-1, 1], but the reward function gave {reward!r}"
            )
        player = self.to_move(state)
        self.stats.playout_plies += plies
        self.stats.leaves += 1
        if self.tracer is not None and played is not None:
            name = self.game.move_name
            self.tracer.add(
                Playout(
                    node.name,
                    node.player,
                    tuple(name(move) for move in played),
                    reward if player == node.player else -reward,
                )
            )
        return reward, player

    def backup(self, node: _Node | None, reward: float, player: Player) -> None:
        """Add ``reward`` (for ``player``) to every node from ``node`` up to the root: as it
        is where the node's view is ``player``, negated elsewhere."""
        steps: list[BackupStep] | None = [] if self.tracer is not None else None
        while node is not None:
            node.visits += 1
            if node.view == player:
                node.total += reward
                sign = 1
            else:
                node.total -= reward
                sign = -1
            if steps is not None:
                steps.append(
                    BackupStep(
                        node.name, node.view, sign * reward + 0.0, sign, node.visits, node.mean()
                    )
                )
            node = node.parent
        if self.tracer is not None and steps is not None:
            self.tracer.add(Backup(tuple(steps)))

    # ---- reporting
    def selection_event(
        self,
        node: _Node,
        chosen: str,
        ucb: Callable[[_Node], float | None] | None,
    ) -> None:
        """Tell the tracer about a choice at ``node`` (every child in the game's order)."""
        assert self.tracer is not None
        by_index = {child.index: child for child in node.children}
        children = []
        for index, move in enumerate(node.moves):
            child = by_index.get(index)
            if child is None:
                children.append(
                    ChildStatistics(
                        self.child_name(node, move),
                        self.game.move_name(move),
                        0,
                        None,
                        INFINITY if ucb is not None else None,
                    )
                )
            else:
                children.append(
                    ChildStatistics(
                        child.name,
                        self.game.move_name(move),
                        child.visits,
                        child.mean() if child.visits else None,
                        ucb(child) if ucb is not None else None,
                        child.lower,
                        child.upper,
                    )
                )
        self.tracer.add(Selection(node.name, node.player, node.visits, tuple(children), chosen))

    def finish(self, algorithm: str, chosen: _Node | None, value: float) -> SearchResult:
        """The result: ``chosen`` root child, ``value`` for the root player, the most-visited
        line as the principal variation, the counters."""
        present = self.problem.present
        line: list[Any] = []
        if chosen is not None:
            line.append(chosen.move)
            node = chosen
            while node.children:
                node = _most_visited(node.children)
                line.append(node.move)
        root = self.root
        by_index = {child.index: child for child in root.children}
        self.stats.root_children = tuple(
            (
                present(move),
                by_index[index].visits if index in by_index else 0,
                by_index[index].mean() if index in by_index and by_index[index].visits else None,
            )
            for index, move in enumerate(root.moves)
        )
        pv = tuple(present(move) for move in line)
        result = SearchResult(value, pv[0] if pv else None, pv, self.stats, algorithm)
        if self.tracer is not None:
            self.tracer.end(result)
        return result


def _most_visited(children: Sequence[_Node]) -> _Node:
    """The child with the most visits; ties go to the higher mean, then to the move that
    comes first in the game's order."""
    best = children[0]
    for child in children[1:]:
        if child.visits > best.visits or (
            child.visits == best.visits
            and (
                child.mean() > best.mean()
                or (child.mean() == best.mean() and child.index < best.index)
            )
        ):
            best = child
    return best


def _check_budget(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")


def _deadline(seconds: float | None) -> float | None:
    """The ``time.perf_counter()`` reading at which a search with a time budget stops."""
    if seconds is None:
        return None
    if not (isinstance(seconds, int | float) and 0 <= seconds < INFINITY):
        raise ValueError(f"seconds must be a number of at least 0 (or None), not {seconds!r}")
    return time.perf_counter() + seconds


def _check_exploration(exploration: float) -> None:
    if not (isinstance(exploration, int | float) and 0 <= exploration < INFINITY):
        raise ValueError(f"exploration must be a number of at least 0, not {exploration!r}")


def _terminal_result(run: _Run, algorithm: str) -> SearchResult:
    """The result for a root where the game is already over: its reward, no move."""
    root = run.root
    run.stats.leaves += 1
    value = run.reward(root.state)
    return run.finish(algorithm, None, value)


# --------------------------------------------------------------------------- flat Monte Carlo


def flat_monte_carlo(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    playouts: int = 100,
    playout: PlayoutPolicy = uniform_playout,
    seed: int = 0,
    evaluate: Callable[[Any], float] | None = None,
    reward: Reward | None = None,
    tracer: MonteCarloTracer | None = None,
) -> SearchResult:
    """Flat Monte Carlo: ``playouts`` random games after every root move; the best average wins.

    The root moves are tried in turn, in the game's order, ``playouts`` rounds (so every
    iteration is one playout from one root child). Each child's Q is its average reward for
    the player to move at the root (negamax convention, see the module docstring).

    Guarantee: the move returned has the largest Q (ties: the first in the game's order);
    ``value`` is that Q. Nothing below the root's children is stored, so the estimates are of
    *random* play, not of best play: flat Monte Carlo can prefer a move that only wins if
    the opponent blunders (the reason for :func:`uct`).

    Args:
        playouts: playouts per root move (at least 1).
        playout: the playout policy (:mod:`gamelib.search.mcts.playouts`).
        seed: seeds every random choice.
        evaluate: the evaluation an evaluation-guided policy uses (default: the game's).
        reward: the reward of a finished game (default: win/draw/loss as +1/0/−1, a tree's
            leaf values scaled into [−1, 1]).
        tracer: a :class:`~gamelib.search.mcts.events.MonteCarloRecorder` to record the run.

    Raises:
        ValueError: for fewer than 1 playout, or a reward outside [−1, 1].
    """
    _check_budget("playouts", playouts)
    run = _Run(
        prepare(game, state, evaluate=evaluate), "flat_monte_carlo", playout, seed, reward, tracer
    )
    root = run.root
    if not root.moves:
        return _terminal_result(run, "flat_monte_carlo")
    children: list[_Node] = []
    for round_number in range(playouts):
        for index in range(len(root.moves)):
            run.stats.iterations += 1
            if tracer is not None:
                tracer.add(IterationBegun(run.stats.iterations))
                name = run.child_name(root, root.moves[index])
                run.selection_event(root, name, None)
            if round_number == 0:
                root.untried.remove(index)
                children.append(run.add_child(root, index))
            child = children[index]
            reward_value, player = run.play_out(child)
            run.backup(child, reward_value, player)
    best = children[0]
    for child in children[1:]:
        if child.mean() > best.mean():
            best = child
    return run.finish("flat_monte_carlo", best, best.mean())


# --------------------------------------------------------------------------- UCT


def uct(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    iterations: int = 1000,
    exploration: float = DEFAULT_EXPLORATION,
    playout: PlayoutPolicy = uniform_playout,
    seed: int = 0,
    evaluate: Callable[[Any], float] | None = None,
    reward: Reward | None = None,
    tracer: MonteCarloTracer | None = None,
    seconds: float | None = None,
) -> SearchResult:
    """UCT: Monte Carlo tree search with UCB1 selection, one new node per iteration.

    Each of the ``iterations`` iterations has four phases:

    1. **Selection**: from the root, while every child of the node is in the tree, go to the
       child with the largest UCB1 value Q + c·√(ln N_parent / N) (c = ``exploration``; Q,
       N from the view of the player choosing, the negamax convention of the module
       docstring). Equal UCB values are broken uniformly at random by the seeded generator.
    2. **Expansion**: at the first node with moves not yet in the tree, add one of them,
       chosen uniformly at random (their UCB value is +∞: a tie among them).
    3. **Playout**: from the new node, play the ``playout`` policy to the end of the game and
       take its reward (from the view of the player to move at the end).
    4. **Backup**: every node from the new one to the root gets N + 1 and the reward added
       to W, negated where its chooser is not the player the reward is for.

    A path that ends at a finished game already in the tree skips 2 and 3 and backs up that
    game's reward.

    Guarantee: the move returned is the most-visited root move (ties: the higher Q, then
    the first in the game's order) and ``value`` is its Q, the average reward for the player
    to move at the root; the principal variation follows the most-visited children. For a
    fixed game and seed, a run of n iterations is the first n iterations of any longer run.
    As iterations grow, the visits concentrate on the minimax move (Kocsis & Szepesvári
    2006); at a finite budget that is a measured fact, not a promise.

    Args:
        iterations: how many iterations (at least 1).
        exploration: the UCB1 constant c (≥ 0; 0 never explores beyond the first visits).
        playout: the playout policy (:mod:`gamelib.search.mcts.playouts`).
        seed: seeds every random choice.
        evaluate: the evaluation an evaluation-guided policy uses (default: the game's).
        reward: the reward of a finished game (default: win/draw/loss as +1/0/−1, a tree's
            leaf values scaled into [−1, 1]).
        tracer: a :class:`~gamelib.search.mcts.events.MonteCarloRecorder` to record the run.
        seconds: a time budget as well (for a player on a clock): the search also stops after
            the first iteration that ends this many seconds after the start. The number of
            iterations then depends on the machine, so the result is not reproducible.

    Raises:
        ValueError: for fewer than 1 iteration, a negative exploration constant or time
            budget, or a reward outside [−1, 1].
    """
    _check_budget("iterations", iterations)
    _check_exploration(exploration)
    run = _Run(prepare(game, state, evaluate=evaluate), "uct", playout, seed, reward, tracer)
    root = run.root
    if not root.moves:
        return _terminal_result(run, "uct")
    generator = run.generator
    deadline = _deadline(seconds)
    for iteration in range(1, iterations + 1):
        if tracer is not None:
            tracer.add(IterationBegun(iteration))
        # 1. selection
        node = root
        while not node.untried and node.children:
            chosen = _select(node, exploration, generator, -INFINITY)
            if tracer is not None:
                run.selection_event(node, chosen.name, _ucb_at(node, exploration))
            node = chosen
        # 2. expansion
        if node.untried:
            index = run.choose_untried(node)
            if tracer is not None:
                run.selection_event(
                    node, run.child_name(node, node.moves[index]), _ucb_at(node, exploration)
                )
            node = run.add_child(node, index)
        # 3. playout
        reward_value, player = run.play_out(node)
        # 4. backup
        run.backup(node, reward_value, player)
        run.stats.iterations = iteration
        if deadline is not None and time.perf_counter() >= deadline:
            break
    best_child = _most_visited(root.children)
    return run.finish("uct", best_child, best_child.mean())


def _select(node: _Node, exploration: float, generator: random.Random, floor: float) -> _Node:
    """The child of ``node`` (all its moves in the tree) with the largest UCB1 value
    (:func:`_ucb`), among those whose upper bound is above ``floor`` (−∞: every child; the
    first child when none is), ties broken uniformly at random by ``generator`` (reservoir
    sampling: the k-th tied child replaces the one kept with chance 1 / k, one draw per tie)."""
    scale = exploration * math.sqrt(math.log(node.visits))
    chosen = node.children[0]
    best = -INFINITY
    ties = 0
    for child in node.children:
        if child.upper <= floor:
            continue
        value = child.total / child.visits + scale / math.sqrt(child.visits)
        if value > best:
            chosen, best, ties = child, value, 1
        elif value == best:
            ties += 1
            if generator.random() * ties < 1:
                chosen = child
    return chosen


def _ucb(child: _Node, scale: float) -> float:
    """UCB1 of a visited child, computed exactly as the selection loop computes it."""
    return child.total / child.visits + scale / math.sqrt(child.visits)


def ucb1(mean: float | None, visits: int, parent_visits: int, exploration: float) -> float:
    """The UCB1 value UCT gives a child: Q + c·√(ln N_parent / N), computed with the same
    floating-point operations, in the same order, as the selection loop (so the numbers are
    equal to the last bit): ``mean + exploration·√(ln parent_visits) / √visits``.

    A child not yet visited (``visits == 0``, ``mean`` None) gets +∞: UCT tries every
    unvisited child before any visited one (and chooses among several unvisited ones at
    random, with the seeded generator).

    >>> round(ucb1(0.5, 4, 10, 1.0), 6)
    1.258714
    >>> ucb1(None, 0, 10, 1.0)
    inf

    Raises:
        ValueError: for visits or parent visits below 0 or below 1 where needed, or a
            visited child without a mean.
    """
    if visits == 0:
        return INFINITY
    if visits < 0 or parent_visits < 1 or mean is None:
        raise ValueError(
            f"ucb1 needs visits ≥ 1 with a mean and parent visits ≥ 1, not mean={mean!r}, "
            f"visits={visits!r}, parent_visits={parent_visits!r}"
        )
    scale = exploration * math.sqrt(math.log(parent_visits))
    return mean + scale / math.sqrt(visits)


def _ucb_at(node: _Node, exploration: float) -> Callable[[_Node], float | None]:
    """UCB1 of the visited children of ``node``, computed exactly as the selection loop does."""
    scale = exploration * math.sqrt(math.log(node.visits)) if node.visits else 0.0
    return lambda child: _ucb(child, scale)


# --------------------------------------------------------------------------- MCTS-Solver


def mcts_solver(
    game: Tree | Game[Any, Any],
    state: Any = None,
    *,
    iterations: int | None = 1000,
    exploration: float = DEFAULT_EXPLORATION,
    playout: PlayoutPolicy = uniform_playout,
    seed: int = 0,
    evaluate: Callable[[Any], float] | None = None,
    reward: Reward | None = None,
    tracer: MonteCarloTracer | None = None,
    seconds: float | None = None,
    exact: Callable[[Any], float | None] | None = None,
) -> SearchResult:
    """MCTS-Solver: UCT that also backs up proven values, and stops once the root is proven.

    Every node keeps, beside N and W, bounds lower ≤ v ≤ upper on its exact minimax value v
    (rewards as values; the view of the player choosing it, as for Q). A finished game is
    proven at once (lower = upper = its reward); a node not finished starts at [−1, 1]. After
    each expansion the bounds are brought up the path: for the player to move at a node, its
    value is the largest of its children's, so its lower bound is the largest lower bound of
    its children and its upper bound the largest upper bound (a child not yet in the tree
    counts as [−1, 1]). A node is **proven** when lower = upper. With win/draw/loss rewards
    this contains MCTS-Solver's rules: a node is a proven win for its mover when some child
    is a proven loss for that child's mover, and a proven loss when every child is a proven
    win; draws and textbook leaf values are proven the same way (score bounds).

    Selection is UCT's (UCB1, ties broken by the seeded generator), but only among the
    children that can still change their parent's value: those whose upper bound is above
    the parent's lower bound. Proven children are never selected again, so every iteration
    adds a node to an unproven part of the tree, and the search ends.

    Guarantee: when ``stats.proven`` is true, ``value`` is the exact minimax value of the
    root's rewards for the player to move there (for a textbook tree: the minimax value
    divided by :func:`~gamelib.search.mcts.playouts.leaf_scale`), and the move returned
    reaches it (the most visited such move, ties as in :func:`uct`): a proven win whenever
    there is one. When the budget ends first, the move is the most visited among the moves
    not proven worse than another, and ``value`` its Q.

    Args:
        iterations: the most iterations to run (at least 1), or None to run until the root
            is proven (every finite game tree gets proven: each iteration adds a node).
        exploration, playout, seed, evaluate, reward, tracer, seconds: as for :func:`uct`.
        exact: an exact solver for the positions it can answer, asked about every unfinished
            node the search adds: the node's exact reward for the player to move there (in
            [−1, 1], as ``reward`` would score the end of perfect play), or None. A node it
            answers is proven at once and backs up that value instead of a playout. For
            example, an Othello player can answer positions with few empty squares with the
            course's endgame solver (:func:`gamelib.endgame.solve` in ``"wld"`` mode).

    Raises:
        ValueError: for fewer than 1 iteration, a negative exploration constant or time
            budget, or a reward or exact value outside [−1, 1].
    """
    if iterations is not None:
        _check_budget("iterations", iterations)
    _check_exploration(exploration)
    run = _Run(
        prepare(game, state, evaluate=evaluate), "mcts_solver", playout, seed, reward, tracer
    )
    root = run.root
    if not root.moves:
        return _terminal_result(run, "mcts_solver")
    generator = run.generator
    deadline = _deadline(seconds)
    iteration = 0
    while root.lower < root.upper and (iterations is None or iteration < iterations):
        iteration += 1
        if tracer is not None:
            tracer.add(IterationBegun(iteration))
        # 1. selection, among the children that can still change their parent's value
        node = root
        while not node.untried:
            floor = _own_bounds(node)[0]
            chosen = _select(node, exploration, generator, floor)
            if tracer is not None:
                run.selection_event(node, chosen.name, _solver_ucb_at(node, exploration, floor))
            node = chosen
        # 2. expansion (an unproven node always has a move not yet in the tree, or a child
        # that can still change its value, so the loop above ends at a node with untried moves)
        index = run.choose_untried(node)
        if tracer is not None:
            floor = _own_bounds(node)[0]
            run.selection_event(
                node,
                run.child_name(node, node.moves[index]),
                _solver_ucb_at(node, exploration, floor),
            )
        node = run.add_child(node, index)
        known = None
        if not node.moves:
            known = run.reward(node.state)
        elif exact is not None:
            known = exact(node.state)
            if known is not None and not -1 <= known <= 1:
                raise ValueError(f"an exact value must be in [-1, 1], but exact gave {known!r}")
        if known is not None:
            node.lower = node.upper = known if node.view == node.player else 0.0 - known
            if tracer is not None:
                tracer.add(Proof(node.name, node.view, node.lower))
        # 3. playout (none from a position the exact solver answered: its value is known)
        if known is not None and node.moves:
            reward_value, player = known, node.player
            run.stats.leaves += 1
        else:
            reward_value, player = run.play_out(node)
        # 4. backup, then the bounds
        run.backup(node, reward_value, player)
        _update_bounds(node.parent, tracer)
        run.stats.iterations = iteration
        if deadline is not None and time.perf_counter() >= deadline:
            break
    proven = root.lower == root.upper
    run.stats.proven = proven
    floor = _own_bounds(root)[0]
    if proven:
        candidates = [child for child in root.children if child.lower == floor]
    else:
        candidates = [child for child in root.children if child.upper >= floor]
    best_child = _most_visited(candidates)
    return run.finish("mcts_solver", best_child, floor if proven else best_child.mean())


def _own_bounds(node: _Node) -> tuple[float, float]:
    """Bounds on ``node``'s value for the player to move there: the largest lower and upper
    bounds of its children (a child not yet in the tree: [−1, 1])."""
    lower = -1.0
    upper = -1.0
    for child in node.children:
        if child.lower > lower:
            lower = child.lower
        if child.upper > upper:
            upper = child.upper
    if node.untried:
        upper = 1.0
    return lower, upper


def _update_bounds(node: _Node | None, tracer: MonteCarloTracer | None) -> None:
    """Recompute the bounds of ``node`` and its ancestors from their children, stopping at the
    first that does not change; tell the tracer of every node newly proven."""
    while node is not None:
        lower, upper = _own_bounds(node)
        if node.view != node.player:
            lower, upper = 0.0 - upper, 0.0 - lower  # 0.0 - x: a proven draw is 0.0, not -0.0
        if lower == node.lower and upper == node.upper:
            return
        node.lower, node.upper = lower, upper
        if lower == upper and tracer is not None:
            tracer.add(Proof(node.name, node.view, lower))
        node = node.parent


def _solver_ucb_at(
    node: _Node, exploration: float, floor: float
) -> Callable[[_Node], float | None]:
    """UCB1 of the children of ``node`` that can still change its value (None for the others)."""
    scale = exploration * math.sqrt(math.log(node.visits)) if node.visits else 0.0
    return lambda child: None if child.upper <= floor else _ucb(child, scale)


# --------------------------------------------------------------------------- convergence


def iterations_to_settle(
    tree: Tree,
    *,
    max_iterations: int = 10_000,
    exploration: float = DEFAULT_EXPLORATION,
    seed: int = 0,
) -> int:
    """The fewest iterations n after which UCT's most-visited root move is a minimax move
    of ``tree`` at n and at every budget from n up to ``max_iterations``.

    One run of ``max_iterations`` iterations is recorded (a run of n iterations is its
    first n), and the root children's visits after each iteration are read from its trace
    (:meth:`~gamelib.search.mcts.events.MonteCarloTrace.root_visits`). At a budget where
    several root moves share the most visits, the move has settled only if all of them are
    minimax moves. The minimax moves come from :func:`~gamelib.search.minimax.negamax` on
    each root child.

    Raises:
        ValueError: if the root is a leaf, or the most-visited move is not a minimax move
            after ``max_iterations`` (it has not settled within the budget).
    """
    from gamelib.search.minimax import negamax

    if tree.is_leaf:
        raise ValueError(f"the root {tree.name!r} is a leaf: there is no move to settle on")
    game = TreeGame(tree)
    root_state = game.initial_state()
    values = {
        child.name: -negamax(tree, game.result(root_state, child)).value for child in tree.children
    }
    best = max(values.values())
    minimax_moves = {name for name, value in values.items() if value == best}
    trace = record_monte_carlo(
        uct, tree, iterations=max_iterations, exploration=exploration, seed=seed
    )
    settled_from = None
    for iteration, visits in enumerate(trace.root_visits(), start=1):
        most = max(visits.values())
        leaders = {name for name, count in visits.items() if count == most}
        if leaders <= minimax_moves:
            if settled_from is None:
                settled_from = iteration
        else:
            settled_from = None
    if settled_from is None:
        raise ValueError(
            f"UCT's most-visited root move is not a minimax move ({sorted(minimax_moves)}) "
            f"after {max_iterations} iterations: it has not settled within the budget"
        )
    return settled_from
