"""How fast the searches of gamelib walk a game through the Game protocol (µs per node).

Run from the repository root::

    python benchmarks/search_speed.py            # best of 3 runs each
    python benchmarks/search_speed.py --runs 1

It prints, for each measurement, the nodes entered, the evaluations, the best time of
``--runs`` runs and the microseconds per node:

* tic-tac-toe solved by full minimax, negamax and the α-β searches from the empty board
  (goal: the 549,946 nodes of full minimax in at most 1 s on the course's 2-core machine);
* Othello from the start and from a middle-game position (a seeded random line of 20
  plies), α-β (fail-hard) to fixed depths 1–6 with the disc difference as evaluation.

The searches are the library's own (no tracer), so these are the costs a notebook pays.

``--profile`` prints instead where the time of one Othello search goes: ``cProfile`` of
α-β to depth 5 from 4 middle-game positions (seeds 1–4), the functions that take the most
time of their own first. (The profiler itself slows every call, so the shares are a guide,
not a measurement; the times above are measured without it.)
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.games.othello import Othello, OthelloState
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, nega_alpha, negamax
from gamelib.search.common import SearchResult

TICTACTOE_NODES = 549_946
"""Nodes of the full tic-tac-toe game tree, the root included."""


def best_time(
    runs: int, search: Callable[..., SearchResult], *arguments: Any, **options: Any
) -> tuple[SearchResult, float]:
    """Run ``search`` ``runs`` times; return the last result and the shortest time."""
    best = float("inf")
    result: SearchResult | None = None
    for _ in range(runs):
        started = time.perf_counter()
        result = search(*arguments, **options)
        best = min(best, time.perf_counter() - started)
    assert result is not None
    return result, best


def line(label: str, result: SearchResult, seconds: float) -> str:
    nodes = result.stats.nodes
    return (
        f"{label:<34} {result.value:>6g} {nodes:>10,} {result.stats.leaves:>10,} "
        f"{seconds:>8.3f} {1e6 * seconds / nodes:>8.2f}"
    )


HEADER = f"{'search':<34} {'value':>6} {'nodes':>10} {'leaves':>10} {'seconds':>8} {'µs/node':>8}"


def middle_game(plies: int, seed: int) -> OthelloState:
    """The position after ``plies`` seeded random moves from the start."""
    game = Othello()
    generator = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        state = game.result(state, generator.choice(game.moves(state)))
    return state


def profile_othello(lines: int) -> None:
    """Print the ``lines`` functions with the most time of their own in α-β to depth 5 from
    4 middle-game positions (20 random plies, seeds 1–4)."""
    othello = Othello()
    positions = [middle_game(20, seed) for seed in (1, 2, 3, 4)]
    profiler = cProfile.Profile()
    profiler.enable()
    nodes = sum(alphabeta(othello, state, depth=5).stats.nodes for state in positions)
    profiler.disable()
    print(f"Othello, 4 middle-game positions, α-β depth 5: {nodes:,} nodes, under cProfile")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--depth", type=int, default=6, help="deepest Othello search (default 6)")
    parser.add_argument(
        "--profile", action="store_true", help="profile an Othello search instead of timing"
    )
    options = parser.parse_args()
    if options.profile:
        profile_othello(14)
        return 0
    runs = options.runs
    failures = 0

    print(f"Tic-tac-toe, whole game from the empty board (best of {runs})")
    print(HEADER)
    tictactoe = TicTacToe()
    for search in (minimax, negamax, nega_alpha, alphabeta, alphabeta_failsoft):
        result, seconds = best_time(runs, search, tictactoe)
        print(line(search.__name__, result, seconds))
        if result.value != 0:
            print("  WRONG: tic-tac-toe is a draw (value 0)")
            failures += 1
        if search is minimax:
            if result.stats.nodes != TICTACTOE_NODES:
                print(f"  WRONG: expected {TICTACTOE_NODES:,} nodes")
                failures += 1
            verdict = "meets" if seconds <= 1.0 else "MISSES"
            print(f"  full minimax: {seconds:.3f} s for {TICTACTOE_NODES:,} nodes: {verdict} ≤ 1 s")

    othello = Othello()
    positions = {
        "start": othello.initial_state(),
        "middle game (20 random plies, seed 1)": middle_game(20, seed=1),
    }
    for name, state in positions.items():
        print()
        print(f"Othello, {name}: α-β (fail-hard), disc difference (best of {runs})")
        print(HEADER)
        for depth in range(1, options.depth + 1):
            result, seconds = best_time(runs, alphabeta, othello, state, depth=depth)
            print(line(f"alphabeta depth {depth}", result, seconds))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
