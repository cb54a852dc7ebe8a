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

Layers, from the bottom up (a module imports only from its own layer or below; the test
``tests/test_layers.py`` keeps it so): ``core``, ``notation``, ``tables`` → ``trees``,
``games`` → ``search`` → ``trace`` → ``players``, ``exercises``, ``experiments`` → ``arena``
→ ``render`` → ``widgets``, ``worksheets``, ``tournament``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe
from gamelib.language import current_language, set_language
from gamelib.search import (
    ALGORITHMS,
    SearchResult,
    SearchStats,
    alphabeta,
    alphabeta_by_rules,
    alphabeta_failsoft,
    by_key,
    minimax,
    nega_alpha,
    negamax,
)
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
    from gamelib.render import Animation, describe, draw, sentences, show, to_html
    from gamelib.setup_check import check_setup
    from gamelib.widgets.pruning import PruningWidget
    from gamelib.widgets.tictactoe import TicTacToeWidget

_LAZY = {
    "Animation": "gamelib.render",
    "describe": "gamelib.render",
    "draw": "gamelib.render",
    "sentences": "gamelib.render",
    "show": "gamelib.render",
    "to_html": "gamelib.render",
    "check_setup": "gamelib.setup_check",
    "PruningWidget": "gamelib.widgets.pruning",
    "TicTacToeWidget": "gamelib.widgets.tictactoe",
}


def __getattr__(name: str) -> Any:
    """Import the drawing and widget layers only when one of their names is asked for."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gamelib' has no attribute {name!r}")


__all__ = [
    "ALGORITHMS",
    "FIRST",
    "INF",
    "SECOND",
    "TEXTBOOK",
    "Animation",
    "Bound",
    "Convention",
    "Cutoff",
    "Cycle",
    "Game",
    "HistoryAwareTable",
    "IllegalMoveError",
    "MiniReversi",
    "Othello",
    "Policy",
    "PruningExercise",
    "PruningWidget",
    "SearchResult",
    "SearchStats",
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
    "current_language",
    "describe",
    "draw",
    "iterative_deepening",
    "minimax",
    "mtdf",
    "nega_alpha",
    "negamax",
    "null_window",
    "parse_tree",
    "perpetual_check_loses",
    "play",
    "presearch",
    "pvs",
    "random_tree",
    "record",
    "record_probes",
    "replay",
    "sennichite",
    "sentences",
    "set_language",
    "show",
    "static_order",
    "to_html",
]
