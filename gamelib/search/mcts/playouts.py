"""What a Monte Carlo search plays out and how it scores the end: rewards and playout policies.

Rewards
-------
Every reward is a number in [−1, 1] **from the view of the player to move** in the finished
position it scores (the negamax convention of :mod:`gamelib.core`):

- a game's reward is the sign of its utility: +1 a win, 0 a draw, −1 a loss
  (:func:`win_draw_loss`);
- a textbook tree's reward is the leaf value divided by the largest absolute leaf value of
  the tree (:func:`scaled_leaf_values`), so it lies in [−1, 1] and keeps the order and the
  signs of the leaf values: minimax picks the same moves on the scaled tree.

Playout policies
----------------
A policy is called once per ply of a playout as ``policy(game, state, moves, generator,
evaluate)`` and returns one of ``moves`` (the legal moves of ``state``, never empty):

- :func:`uniform_playout`: every legal move equally likely;
- :func:`epsilon_greedy_playout` (ε): with probability ε a uniform move, otherwise the move
  whose position ``evaluate`` likes best for the mover.

Every random choice draws from ``generator`` (a seeded ``random.Random``), so the same seed
plays the same playouts on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from gamelib.core import Game
from gamelib.trees import Tree, TreeGame

Reward = Callable[[Any], float]
"""The reward of a finished position, in [−1, 1], for the player to move there."""


class PlayoutPolicy(Protocol):
    """Chooses the next move of a playout (see the module docstring)."""

    def __call__(
        self,
        game: Game[Any, Any],
        state: Any,
        moves: Sequence[Any],
        generator: random.Random,
        evaluate: Callable[[Any], float],
    ) -> Any:
        """One of ``moves`` (the legal moves of ``state``, not empty)."""
        ...


def uniform_playout(
    game: Game[Any, Any],
    state: Any,
    moves: Sequence[Any],
    generator: random.Random,
    evaluate: Callable[[Any], float],
) -> Any:
    """A uniformly random legal move: ``moves[⌊u · len(moves)⌋]`` with ``u = generator.random()``.

    Guarantee: every legal move has the same chance (up to the 2⁻⁵³ grain of ``random()``),
    and one draw of the generator is used per ply, so a seed fixes the whole playout.
    ``game``, ``state`` and ``evaluate`` are not used.
    """
    return moves[int(generator.random() * len(moves))]


def epsilon_greedy_playout(epsilon: float = 0.1) -> PlayoutPolicy:
    """An evaluation-guided policy: with probability ``epsilon`` a uniform move (as
    :func:`uniform_playout`), otherwise a move whose resulting position has the best
    ``evaluate`` value for the player to move now (ties broken uniformly at random by the
    generator).

    ``evaluate`` is the search's ``evaluate`` (the game's own by default); it is asked about
    every child of every playout position, so it must be defined there (a textbook tree has no
    values at inner nodes: give the search an ``evaluate`` to use this policy on a tree).

    Raises:
        ValueError: if ``epsilon`` is not between 0 and 1.
    """
    if not 0 <= epsilon <= 1:
        raise ValueError(f"epsilon must be a probability between 0 and 1, not {epsilon!r}")

    def epsilon_greedy(
        game: Game[Any, Any],
        state: Any,
        moves: Sequence[Any],
        generator: random.Random,
        evaluate: Callable[[Any], float],
    ) -> Any:
        count = len(moves)
        if count == 1:
            return moves[0]
        if generator.random() < epsilon:
            return moves[int(generator.random() * count)]
        mover = game.to_move(state)
        best_move = moves[0]
        best_value = -float("inf")
        ties = 0
        for move in moves:
            child = game.result(state, move)
            value = evaluate(child)
            if game.to_move(child) != mover:
                value = -value
            if value > best_value:
                best_move, best_value, ties = move, value, 1
            elif value == best_value:
                ties += 1  # reservoir sampling: each tied move kept with chance 1 / ties
                if generator.random() * ties < 1:
                    best_move = move
        return best_move

    epsilon_greedy.__qualname__ = epsilon_greedy.__name__ = f"epsilon_greedy({epsilon})"
    return epsilon_greedy


def win_draw_loss(game: Game[Any, Any]) -> Reward:
    """The reward of a finished game: the sign of ``game.utility`` (+1, 0 or −1), for the
    player to move there."""
    utility = game.utility

    def reward(state: Any) -> float:
        value = utility(state)
        return 1.0 if value > 0 else -1.0 if value < 0 else 0.0

    return reward


def scaled_leaf_values(game: TreeGame) -> Reward:
    """The reward of a leaf of a textbook tree: its value (for the player to move there)
    divided by the largest absolute leaf value of the whole tree (1 when every leaf is 0).

    Dividing by a positive number keeps signs and order, and commutes with negation, so the
    negamax values of the scaled tree are the tree's own values divided by the same number.
    """
    scale = leaf_scale(game.tree)
    utility = game.utility

    def reward(state: Any) -> float:
        return utility(state) / scale

    return reward


def leaf_scale(tree: Tree) -> float:
    """The largest absolute leaf value of ``tree`` (1 when every leaf is 0): what
    :func:`scaled_leaf_values` divides by."""
    largest = max(abs(float(leaf.value or 0)) for leaf in tree.leaves())
    return largest if largest > 0 else 1.0


def default_reward(game: Game[Any, Any]) -> Reward:
    """:func:`scaled_leaf_values` for a textbook tree, :func:`win_draw_loss` for a game."""
    if isinstance(game, TreeGame):
        return scaled_leaf_values(game)
    return win_draw_loss(game)
