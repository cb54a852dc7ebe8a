"""Tic-tac-toe by the numbers: the size of the game tree, and how fast a plain search walks it.

Run from the repository root::

    python benchmarks/tictactoe_counts.py

It prints the counts of :func:`gamelib.games.tictactoe.game_tree_counts` (checked against the
known values), the time of a node-by-node walk of the whole tree, and the time of a plain
negamax written below that talks to the game only through the ``Game`` protocol, the way the
search package does: it should solve the game (value 0, a draw) in well under a second.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.games.tictactoe import (
    TicTacToe,
    TicTacToeState,
    count_tree_nodes_by_walking,
    game_tree_counts,
)

KNOWN = {
    "nodes": 549_946,
    "finished_games": 255_168,
    "first_player_wins": 131_184,
    "second_player_wins": 77_904,
    "draws": 46_080,
    "positions": 5_478,
    "positions_up_to_symmetry": 765,
}


def protocol_negamax(game: TicTacToe, state: TicTacToeState, counters: list[int]) -> float:
    """Full-depth negamax through the Game protocol; counts method calls in ``counters``."""
    counters[0] += 1  # nodes
    game.to_move(state)
    if game.is_terminal(state):
        counters[1] += 1  # leaves
        return game.utility(state)
    best = -math.inf
    for move in game.moves(state):
        best = max(best, -protocol_negamax(game, game.result(state, move), counters))
    return best


def main() -> int:
    failures = 0
    started = time.perf_counter()
    counts = game_tree_counts()
    seconds = time.perf_counter() - started
    print(f"game_tree_counts() (memoised by position): {seconds * 1000:.1f} ms")
    for name, expected in KNOWN.items():
        value = getattr(counts, name)
        status = "" if value == expected else f"  WRONG, expected {expected:,}"
        failures += bool(status)
        print(f"  {name:<26} {value:>9,}{status}")

    started = time.perf_counter()
    nodes, games = count_tree_nodes_by_walking()
    seconds = time.perf_counter() - started
    print(f"walking every node: {nodes:,} nodes, {games:,} finished games in {seconds:.3f} s")
    failures += (nodes, games) != (KNOWN["nodes"], KNOWN["finished_games"])

    game = TicTacToe()
    counters = [0, 0]
    started = time.perf_counter()
    value = protocol_negamax(game, game.initial_state(), counters)
    seconds = time.perf_counter() - started
    print(
        f"plain negamax through the Game protocol: value {value:g}, {counters[0]:,} nodes, "
        f"{counters[1]:,} leaves in {seconds:.3f} s ({counters[0] / seconds / 1e6:.2f} M nodes/s)"
    )
    failures += value != 0 or counters[0] != KNOWN["nodes"]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
