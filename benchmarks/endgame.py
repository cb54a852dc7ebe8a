"""The endgame solver on published positions: values, best moves, nodes and time, and the goals.

Run from the repository root, with the course's Python::

    python benchmarks/endgame.py                 # FFO #1-#19, #21-#25, #40 and 3 derived
    python benchmarks/endgame.py --quick         # the 14-empty positions only
    python benchmarks/endgame.py --numbers 40 26 # chosen positions
    python benchmarks/endgame.py --ablation 13   # the ordering ideas one at a time
    python benchmarks/endgame.py --profile 22    # where the time of one solve goes

The positions are the FFO endgame test suite's (:data:`gamelib.endgame.FFO`; source: Gunnar
Andersson's page http://www.radagast.se/othello/ffotest.html, positions and values as
distributed with Edax, github.com/abulmo/edax-reversi ``problem/fforum-1-19.obf`` and
``fforum-20-39.obf``, and in github.com/rcrr/reversi ``c/test/endgame_solver_test.c``). The
suite's positions have 14 to 26 empty squares; the 13-empty ones below are the position after
a published best move of #1-#3, whose value is then minus the published one (its best move is
not published, so only the value is checked).

For each position it prints the published and computed value and best move, the nodes, the
seconds (wall clock, and CPU time of this process: the machine is shared, so the CPU time is
the steadier figure), nodes per second, and how much longer the course's plain α-β takes
(``gamelib.search.alphabeta`` on ``Othello()``, the same official scoring, no table, moves
in square order; wall-clock ratio): tried up to ``--plain-max-empties`` empty squares, and
stopped after ``--plain-budget`` seconds, when the ratio is printed as "> r×".

Then the goals of issue 17: every published value and best move matched; 14-empty positions
at most 1 s on average; a 20-empty position (FFO #40) exactly in at most 60 s.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.endgame import ABLATION, FFO, EndgameResult, solve
from gamelib.games.othello import Othello, OthelloState, parse_move, square_name
from gamelib.search import alphabeta

DEFAULT_NUMBERS = (*range(1, 20), 21, 22, 23, 24, 25, 40)
"""14 to 20 empty squares: #1-#7 (14), #8-#12 and #21 (15), #13-#19 (16), #22 (17),
#23 (18), #24 and #25 (19), #40 (20)."""

DERIVED = (1, 2, 3)
"""Positions after the published best move of these (13 empty squares)."""


@dataclass
class Case:
    """One position to solve, with what is published about it."""

    name: str
    state: OthelloState
    value: int
    best_moves: tuple[str, ...]  # empty when the best move is not published


class OverBudgetError(Exception):
    """Plain α-β ran out of time."""


def plain_alphabeta_seconds(state: OthelloState, budget: float) -> float | None:
    """The time of plain α-β to the end of the game, or None if over ``budget`` seconds."""
    started = time.perf_counter()
    deadline = started + budget

    def given_order(_state: object, moves: object) -> object:
        if time.perf_counter() > deadline:
            raise OverBudgetError
        return moves

    try:
        alphabeta(Othello(), state, order=given_order)  # type: ignore[arg-type]
    except OverBudgetError:
        return None
    return time.perf_counter() - started


def cases(numbers: tuple[int, ...], derived: tuple[int, ...]) -> list[Case]:
    """The published positions, then the derived 13-empty ones."""
    found = [
        Case(FFO[number].name, FFO[number].state, FFO[number].value, FFO[number].best_moves)
        for number in numbers
    ]
    for number in derived:
        published = FFO[number]
        move = published.best_moves[0]
        after = Othello().result(published.state, parse_move(move))
        found.append(Case(f"{published.name} after {move}", after, -published.value, ()))
    return found


def run(case: Case, budget: float) -> tuple[EndgameResult, float, float | None]:
    """Solve a case: the result, its CPU seconds, and plain α-β's seconds (None if over
    ``budget``, or not tried when ``budget`` is 0)."""
    cpu = time.process_time()
    result = solve(case.state, progress=True)
    cpu = time.process_time() - cpu
    plain = plain_alphabeta_seconds(case.state, budget) if budget > 0 else None
    return result, cpu, plain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--numbers", type=int, nargs="*", help="FFO numbers to solve")
    parser.add_argument("--quick", action="store_true", help="only the 14-empty positions")
    parser.add_argument("--plain-budget", type=float, default=10.0, help="seconds for plain α-β")
    parser.add_argument(
        "--plain-max-empties", type=int, default=15, help="try plain α-β up to this many empties"
    )
    parser.add_argument("--ablation", type=int, help="the ordering ideas on one FFO position")
    parser.add_argument("--profile", type=int, help="cProfile one solve of an FFO position")
    arguments = parser.parse_args()

    if arguments.profile is not None:
        profile(arguments.profile)
        return
    if arguments.ablation is not None:
        ablation(arguments.ablation)
        return
    numbers = tuple(
        arguments.numbers or ((1, 2, 3, 4, 5, 6, 7) if arguments.quick else DEFAULT_NUMBERS)
    )
    derived = () if arguments.numbers or arguments.quick else DERIVED
    header = (
        f"{'position':<17} {'empty':>5} {'published':>13} {'computed':>10} {'ok':>3} "
        f"{'nodes':>11} {'wall s':>7} {'cpu s':>7} {'nodes/s':>8} {'plain α-β':>10}"
    )
    print(header)
    print("-" * len(header))
    matched = True
    by_empties: dict[int, list[float]] = {}
    for case in cases(numbers, derived):
        empties = 64 - (case.state.mover | case.state.opponent).bit_count()
        budget = arguments.plain_budget if empties <= arguments.plain_max_empties else 0.0
        result, cpu, plain = run(case, budget)
        move = square_name(result.move) if result.move is not None else "-"
        ok = result.value == case.value and (not case.best_moves or move in case.best_moves)
        matched &= ok
        by_empties.setdefault(result.empties, []).append(cpu)
        published = f"{case.value:+d} {'/'.join(case.best_moves) or '?'}"
        if plain is not None:
            ratio = f"{plain / result.seconds:8.0f}×"
        elif budget > 0:  # over budget: the ratio is at least this
            ratio = f"> {budget / result.seconds:6.0f}×"
        else:
            ratio = "not tried"
        print(
            f"{case.name:<17} {result.empties:>5} {published:>13} "
            f"{int(result.value):+4d} {move:<5} {'yes' if ok else 'NO':>3} "
            f"{result.stats.nodes:>11,} {result.seconds:>7.2f} {cpu:>7.2f} "
            f"{result.stats.nodes / max(cpu, 1e-9):>8,.0f} {ratio}",
            flush=True,
        )
    print()
    print("Goals (issue 17), times in CPU seconds of this process:")
    print(f"  every published value and best move matched: {'yes' if matched else 'NO'}")
    if 14 in by_empties:
        mean = sum(by_empties[14]) / len(by_empties[14])
        print(
            f"  14 empty squares: {mean:.2f} s on average over {len(by_empties[14])} positions "
            f"(goal ≤ 1 s): {'met' if mean <= 1 else 'NOT met'}"
        )
    if 20 in by_empties:
        slowest = max(by_empties[20])
        print(
            f"  20 empty squares: {slowest:.1f} s (goal ≤ 60 s): "
            f"{'met' if slowest <= 60 else 'NOT met'}"
        )


def ablation(number: int) -> None:
    """Nodes and seconds as each ordering idea is added, on one position."""
    published = FFO[number]
    print(f"{published.name} ({published.empties} empty squares), exact solve:")
    width = max(len(name) for name, _ in ABLATION)
    for name, options in ABLATION:
        cpu = time.process_time()
        result = solve(published.state, options=options, progress=True, pv=False)
        cpu = time.process_time() - cpu
        assert result.value == published.value
        print(f"  {name:<{width}} {result.stats.nodes:>11,} nodes {cpu:>8.2f} s cpu")


def profile(number: int) -> None:
    """Where the time of one exact solve goes, functions by their own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    result = solve(FFO[number].state, progress=False, pv=False)
    profiler.disable()
    print(f"{FFO[number].name}: value {int(result.value):+d}, {result.stats.nodes:,} nodes")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
