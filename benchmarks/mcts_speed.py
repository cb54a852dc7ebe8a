"""How fast UCT runs on 8×8 Othello, next to the bare game's random playouts, in CPython.

Run from the repository root::

    python benchmarks/mcts_speed.py               # 3 rounds, best of each
    python benchmarks/mcts_speed.py --rounds 5 --iterations 3000
    python benchmarks/mcts_speed.py --profile     # where UCT's time goes
    python benchmarks/mcts_speed.py --settle      # iterations to settle on the textbook trees

Both figures are measured in the same run, in alternating rounds (so a machine shared with
other work slows both alike), from the start position:

* **bare game**: random games played to the end through the Game protocol (``moves``,
  ``len``, one uniform choice, ``result``: exactly the loop of a uniform playout), games/s;
* **UCT**: :func:`gamelib.search.mcts.uct` with uniform playouts to the end, no tracer,
  iterations/s.

Each figure is given per second of wall-clock time and per second of this process's CPU
time (``time.process_time``): on a machine shared with other work the second is the one
that stays put. The goal (issue 37): at least 1,500 UCT iterations a second where the bare
game plays about 2,200 games a second, i.e. the tree's own work (selection, expansion,
backup) costs under a third of a playout. The ratio UCT/bare (CPU time, median of the
rounds) is printed as well: it does not depend on how loaded the machine is.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.games.othello import Othello
from gamelib.search.mcts import iterations_to_settle, uct
from gamelib.trees import TEXTBOOK

GOAL_ITERATIONS_PER_SECOND = 1_500


def bare_games_per_second(game: Othello, games: int, seed: int) -> tuple[float, float]:
    """Play ``games`` uniformly random games from the start; games per second of wall-clock
    time and per second of this process's CPU time."""
    generator = random.Random(seed)
    uniform = generator.random
    moves_of, result_of = game.moves, game.result
    start = game.initial_state()
    started, cpu_started = time.perf_counter(), time.process_time()
    for _ in range(games):
        state = start
        moves = moves_of(state)
        count = len(moves)
        while count:
            state = result_of(state, moves[int(uniform() * count)])
            moves = moves_of(state)
            count = len(moves)
    return games / (time.perf_counter() - started), games / (time.process_time() - cpu_started)


def uct_iterations_per_second(game: Othello, iterations: int, seed: int) -> tuple[float, float]:
    """One UCT search of ``iterations`` from the start; iterations per second of wall-clock
    time and per second of this process's CPU time."""
    started, cpu_started = time.perf_counter(), time.process_time()
    result = uct(game, iterations=iterations, seed=seed)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    assert result.stats.iterations == iterations
    return iterations / elapsed, iterations / cpu


def print_settling(seeds: int) -> None:
    """For each textbook tree, the iterations after which UCT's most-visited root move stays
    a minimax move (:func:`~gamelib.search.mcts.iterations_to_settle`, c = √2), for seeds
    0 … ``seeds`` − 1: seed 0's figure, then the median and the range."""
    for name, tree in TEXTBOOK.items():
        counts = [iterations_to_settle(tree, seed=seed) for seed in range(seeds)]
        print(
            f"{name}: settles after {counts[0]} iterations (seed 0); over seeds 0-{seeds - 1}: "
            f"median {statistics.median(counts):g}, {min(counts)} to {max(counts)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (best kept)")
    parser.add_argument("--iterations", type=int, default=2_000, help="UCT iterations a round")
    parser.add_argument("--games", type=int, default=1_000, help="bare games a round")
    parser.add_argument("--profile", action="store_true", help="profile one UCT search")
    parser.add_argument(
        "--settle", action="store_true", help="iterations UCT needs on the textbook trees"
    )
    arguments = parser.parse_args()
    game = Othello()
    if arguments.settle:
        print_settling(seeds=20)
        return
    if arguments.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        uct(game, iterations=arguments.iterations, seed=1)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    bare_best = uct_best = bare_cpu_best = uct_cpu_best = 0.0
    ratios = []
    for round_number in range(1, arguments.rounds + 1):
        bare, bare_cpu = bare_games_per_second(game, arguments.games, seed=round_number)
        iterations, iterations_cpu = uct_iterations_per_second(
            game, arguments.iterations, seed=round_number
        )
        ratios.append(iterations_cpu / bare_cpu)
        bare_best, uct_best = max(bare_best, bare), max(uct_best, iterations)
        bare_cpu_best, uct_cpu_best = (
            max(bare_cpu_best, bare_cpu),
            max(uct_cpu_best, iterations_cpu),
        )
        print(
            f"round {round_number}: bare game {bare:7,.0f} games/s ({bare_cpu:,.0f} per CPU s)   "
            f"UCT {iterations:7,.0f} iterations/s ({iterations_cpu:,.0f} per CPU s)   "
            f"ratio {iterations_cpu / bare_cpu:.2f}"
        )
    ratio = statistics.median(ratios)
    print(
        f"best: bare game {bare_best:,.0f} random games/s ({bare_cpu_best:,.0f} per CPU second); "
        f"UCT {uct_best:,.0f} iterations/s ({uct_cpu_best:,.0f} per CPU second) "
        f"(uniform playouts to the end, Othello 8×8 from the start, CPython "
        f"{sys.version.split()[0]}); UCT/bare {ratio:.2f} (median of the rounds, CPU time)"
    )
    goal_ratio = GOAL_ITERATIONS_PER_SECOND / 2_200
    print(
        f"goal: ≥ {GOAL_ITERATIONS_PER_SECOND:,} iterations/s where the bare game plays about "
        f"2,200 games/s, i.e. UCT/bare ≥ {goal_ratio:.2f}: "
        + ("met" if ratio >= goal_ratio else "NOT met")
        + f"; {uct_cpu_best:,.0f} iterations per CPU second ≥ {GOAL_ITERATIONS_PER_SECOND:,}: "
        + ("met" if uct_cpu_best >= GOAL_ITERATIONS_PER_SECOND else "not met")
        + f"; wall clock {uct_best:,.0f}/s: "
        + ("met" if uct_best >= GOAL_ITERATIONS_PER_SECOND else "not met (a loaded machine?)")
    )


if __name__ == "__main__":
    main()
