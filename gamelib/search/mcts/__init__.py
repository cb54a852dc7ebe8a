"""Monte Carlo tree search: flat Monte Carlo, UCT and MCTS-Solver, with their traces.

The searches are in :mod:`gamelib.search.mcts.searches`, the rewards and playout policies in
:mod:`gamelib.search.mcts.playouts`, the events of a trace in :mod:`gamelib.search.mcts.events`.
On a textbook tree the rewards are the leaf values divided by the largest one (here 14):

>>> from gamelib.trees import TEXTBOOK
>>> tree = TEXTBOOK["aima-fig-5-2"]
>>> uct(tree, iterations=300).move
'a1'
>>> solved = mcts_solver(tree, iterations=None)
>>> solved.stats.proven, solved.move, solved.value * leaf_scale(tree)  # minimax: 3
(True, 'a1', 3.0)
>>> trace = record_monte_carlo(uct, tree, iterations=3)
>>> [type(event).__name__ for event in trace.events[:5]]
['IterationBegun', 'Selection', 'Expansion', 'Playout', 'Backup']
"""

from gamelib.search.mcts.events import (
    Backup,
    BackupStep,
    ChildStatistics,
    Expansion,
    IterationBegun,
    MonteCarloEvent,
    MonteCarloRecorder,
    MonteCarloTrace,
    MonteCarloTracer,
    NodeSummary,
    Playout,
    Proof,
    Selection,
    record_monte_carlo,
)
from gamelib.search.mcts.playouts import (
    PlayoutPolicy,
    default_reward,
    epsilon_greedy_playout,
    leaf_scale,
    scaled_leaf_values,
    uniform_playout,
    win_draw_loss,
)
from gamelib.search.mcts.searches import (
    DEFAULT_EXPLORATION,
    MonteCarloStats,
    flat_monte_carlo,
    iterations_to_settle,
    mcts_solver,
    ucb1,
    uct,
)

__all__ = [
    "DEFAULT_EXPLORATION",
    "Backup",
    "BackupStep",
    "ChildStatistics",
    "Expansion",
    "IterationBegun",
    "MonteCarloEvent",
    "MonteCarloRecorder",
    "MonteCarloStats",
    "MonteCarloTrace",
    "MonteCarloTracer",
    "NodeSummary",
    "Playout",
    "PlayoutPolicy",
    "Proof",
    "Selection",
    "default_reward",
    "epsilon_greedy_playout",
    "flat_monte_carlo",
    "iterations_to_settle",
    "leaf_scale",
    "mcts_solver",
    "record_monte_carlo",
    "scaled_leaf_values",
    "ucb1",
    "uct",
    "uniform_playout",
    "win_draw_loss",
]
