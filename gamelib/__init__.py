"""gamelib: game-tree search, taught in Jupyter.

The names a notebook needs, from one place::

    from gamelib import TEXTBOOK, alphabeta, record, show

    tree = TEXTBOOK["alpha-beta-windows"]
    alphabeta(tree).value        # 3
    show(record(alphabeta, tree))  # the α/β animation

The searches, trees, traces, games and exercises are imported with the package (none of them
loads a drawing library). The drawing and widget names (``draw``, ``show``, ``PruningWidget``
…) are imported the first time they are used, so ``import gamelib`` stays fast and works
without Jupyter, graphviz or matplotlib.

Notebook 10's names (the course's players, ``play_game``, and every name in the ``__all__`` of
the tournament's modules listed in ``_SEARCHED``: ``play_match``, ``Player``, ``deepen``,
``ClockSettings`` …) are reachable from here too, and are looked up the first time they are
asked for: ``import gamelib`` does not import :mod:`gamelib.tournament`. A player's process
imports the tournament package itself and never needs these.

Layers, from the bottom up (a module imports only from its own layer or below; the test
``tests/test_layers.py`` keeps it so): ``core``, ``notation``, ``tables`` → ``trees``,
``games`` → ``search`` → ``trace`` → ``players``, ``exercises``, ``mcts_exercises``,
``experiments``, ``endgame`` → ``arena`` → ``render`` → ``widgets``, ``worksheets``,
``tournament`` → ``learning``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

from gamelib.core import FIRST, INF, SECOND, Bound, Game, IllegalMoveError, View, play
from gamelib.exercises import (
    Convention,
    PruningExercise,
    check_alphabeta,
    check_answer,
    check_negamax,
)
from gamelib.games.boards import SideBySide
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import Othello, positional_evaluation
from gamelib.games.tictactoe import TicTacToe
from gamelib.language import current_language, set_language
from gamelib.search import (
    ALGORITHMS,
    MONTE_CARLO,
    MonteCarloTrace,
    SearchResult,
    SearchStats,
    alphabeta,
    alphabeta_by_rules,
    alphabeta_failsoft,
    by_key,
    epsilon_greedy_playout,
    flat_monte_carlo,
    iterations_to_settle,
    mcts_solver,
    minimax,
    nega_alpha,
    negamax,
    record_monte_carlo,
    uct,
)
from gamelib.search.mcts import Backup, Selection, leaf_scale
from gamelib.search.ordering import iterative_deepening, presearch, static_order
from gamelib.search.repetition import (
    Cycle,
    HistoryAwareTable,
    Policy,
    chess_draw,
    perpetual_check_loses,
    sennichite,
)
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import aspiration, mtdf, null_window, pvs
from gamelib.trace import Cutoff, Trace, record, record_probes, replay
from gamelib.trees import TEXTBOOK, Tree, parse_tree, random_tree

if TYPE_CHECKING:
    from gamelib.arena import play_game
    from gamelib.experiments.compare import timed
    from gamelib.players import GreedyPlayer, PositionalPlayer, RandomPlayer, SearchPlayer
    from gamelib.render import (
        Animation,
        convergence_chart,
        describe,
        draw,
        draw_comparison,
        draw_monte_carlo,
        play_monte_carlo,
        sentences,
        show,
        to_html,
    )
    from gamelib.setup_check import check_setup
    from gamelib.widgets.pruning import PruningWidget
    from gamelib.widgets.tictactoe import TicTacToeWidget

_LAZY: Final[dict[str, str]] = {
    "Animation": "gamelib.render",
    "convergence_chart": "gamelib.render",
    "draw_comparison": "gamelib.render",
    "draw_monte_carlo": "gamelib.render",
    "play_monte_carlo": "gamelib.render",
    "describe": "gamelib.render",
    "draw": "gamelib.render",
    "sentences": "gamelib.render",
    "show": "gamelib.render",
    "to_html": "gamelib.render",
    "check_setup": "gamelib.setup_check",
    "PruningWidget": "gamelib.widgets.pruning",
    "TicTacToeWidget": "gamelib.widgets.tictactoe",
    "GreedyPlayer": "gamelib.players",
    "PositionalPlayer": "gamelib.players",
    "RandomPlayer": "gamelib.players",
    "SearchPlayer": "gamelib.players",
    "play_game": "gamelib.arena",
    "timed": "gamelib.experiments.compare",
}
"""Names imported the first time they are asked for, with the module that defines them."""

_SEARCHED: Final[tuple[str, ...]] = (
    "gamelib.tournament",
    "gamelib.tournament.in_kernel",
    "gamelib.tournament.sample_player",
    "gamelib.tournament.records",
    "gamelib.tournament.player",
    "gamelib.tournament.ladder",
    "gamelib.tournament.openings",
    "gamelib.tournament.replay",
    "gamelib.tournament.limits",
    "gamelib.tournament.mcts_measure",
)
"""The tournament's modules whose ``__all__`` is searched, in this order, for a name that is
neither defined here nor in :data:`_LAZY` (the first module that lists it gives it)."""


def __getattr__(name: str) -> Any:
    """Import a drawing, widget, player or tournament name only when it is asked for.

    Guarantee: the object returned is the module's own (``gamelib.play_match is
    gamelib.tournament.in_kernel.play_match``); a name that starts with ``_`` or that no module
    of :data:`_LAZY` or :data:`_SEARCHED` exports raises ``AttributeError`` (display hooks such
    as ``_repr_html_`` import nothing).
    """
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    if not name.startswith("_"):
        for module_name in _SEARCHED:
            module = importlib.import_module(module_name)
            if name in getattr(module, "__all__", ()):
                value = getattr(module, name)
                globals()[name] = value  # found once, then an ordinary attribute
                return value
    raise AttributeError(f"module 'gamelib' has no attribute {name!r}")


__all__ = [
    "ALGORITHMS",
    "FIRST",
    "INF",
    "MONTE_CARLO",
    "SECOND",
    "TEXTBOOK",
    "Animation",
    "Backup",
    "Bound",
    "Convention",
    "Cutoff",
    "Cycle",
    "Game",
    "GreedyPlayer",
    "HistoryAwareTable",
    "IllegalMoveError",
    "MiniReversi",
    "MonteCarloTrace",
    "Othello",
    "Policy",
    "PositionalPlayer",
    "PruningExercise",
    "PruningWidget",
    "RandomPlayer",
    "SearchPlayer",
    "SearchResult",
    "SearchStats",
    "Selection",
    "SideBySide",
    "TicTacToe",
    "TicTacToeWidget",
    "Trace",
    "TranspositionTable",
    "Tree",
    "View",
    "alphabeta",
    "alphabeta_by_rules",
    "alphabeta_failsoft",
    "aspiration",
    "by_key",
    "check_alphabeta",
    "check_answer",
    "check_negamax",
    "check_setup",
    "chess_draw",
    "convergence_chart",
    "current_language",
    "describe",
    "draw",
    "draw_comparison",
    "draw_monte_carlo",
    "epsilon_greedy_playout",
    "flat_monte_carlo",
    "iterations_to_settle",
    "iterative_deepening",
    "leaf_scale",
    "mcts_solver",
    "minimax",
    "mtdf",
    "nega_alpha",
    "negamax",
    "null_window",
    "parse_tree",
    "perpetual_check_loses",
    "play",
    "play_game",
    "play_monte_carlo",
    "positional_evaluation",
    "presearch",
    "pvs",
    "random_tree",
    "record",
    "record_monte_carlo",
    "record_probes",
    "replay",
    "sennichite",
    "sentences",
    "set_language",
    "show",
    "static_order",
    "timed",
    "to_html",
    "uct",
]
