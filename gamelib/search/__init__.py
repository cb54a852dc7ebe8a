"""The searches of the course, all with one call shape (see :mod:`gamelib.search.common`)."""

from gamelib.search.alphabeta import alphabeta, alphabeta_failsoft, nega_alpha
from gamelib.search.common import SearchProblem, SearchResult, SearchStats, Tracer, by_key, prepare
from gamelib.search.mcts import (
    MonteCarloRecorder,
    MonteCarloStats,
    MonteCarloTrace,
    epsilon_greedy_playout,
    flat_monte_carlo,
    iterations_to_settle,
    mcts_solver,
    record_monte_carlo,
    uct,
    uniform_playout,
)
from gamelib.search.minimax import minimax, negamax
from gamelib.search.rules import alphabeta_by_rules

ALGORITHMS = (minimax, negamax, nega_alpha, alphabeta, alphabeta_failsoft)
"""The five searches in the order the course introduces them."""

MONTE_CARLO = (flat_monte_carlo, uct, mcts_solver)
"""The Monte Carlo searches (:mod:`gamelib.search.mcts`) in the order the course builds them."""

__all__ = [
    "ALGORITHMS",
    "MONTE_CARLO",
    "MonteCarloRecorder",
    "MonteCarloStats",
    "MonteCarloTrace",
    "SearchProblem",
    "SearchResult",
    "SearchStats",
    "Tracer",
    "alphabeta",
    "alphabeta_by_rules",
    "alphabeta_failsoft",
    "by_key",
    "epsilon_greedy_playout",
    "flat_monte_carlo",
    "iterations_to_settle",
    "mcts_solver",
    "minimax",
    "nega_alpha",
    "negamax",
    "prepare",
    "record_monte_carlo",
    "uct",
    "uniform_playout",
]
