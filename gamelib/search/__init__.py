"""The searches of the course, all with one call shape (see :mod:`gamelib.search.common`)."""

from gamelib.search.alphabeta import alphabeta, alphabeta_failsoft, nega_alpha
from gamelib.search.common import SearchProblem, SearchResult, SearchStats, Tracer, by_key, prepare
from gamelib.search.minimax import minimax, negamax
from gamelib.search.rules import alphabeta_by_rules

ALGORITHMS = (minimax, negamax, nega_alpha, alphabeta, alphabeta_failsoft)
"""The five searches in the order the course introduces them."""

__all__ = [
    "ALGORITHMS",
    "SearchProblem",
    "SearchResult",
    "SearchStats",
    "Tracer",
    "alphabeta",
    "alphabeta_by_rules",
    "alphabeta_failsoft",
    "by_key",
    "minimax",
    "nega_alpha",
    "negamax",
    "prepare",
]
