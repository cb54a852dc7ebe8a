"""Speed of Othello move generation: perft from the start position.

Run from the repository root::

    python benchmarks/othello_perft.py            # perft 1..8
    python benchmarks/othello_perft.py --deep     # also perft 9 (about 2 s more)

It prints, for each depth, the leaf count (checked against the known values), the time and the
leaves per second of :func:`gamelib.games.othello.perft`. For comparison it times, in the same
run, a straightforward reference written below: a bitboard perft that makes every move down to
depth 0 (no bulk counting) with a simple loop-per-direction generator. The ratio of the two
speeds says how much the library's version gains, and does not depend much on the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.games.othello import perft, start_state

KNOWN = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288}

# ---------------------------------------------------------------------------------------------
# The reference: the obvious way, one shift at a time, every move made.

FULL = (1 << 64) - 1
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square except the a-column
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square except the h-column


def shift(bits: int, direction: int) -> int:
    """Move every disc one step in ``direction`` (0–7), dropping discs that leave the board."""
    if direction == 0:  # right
        return (bits << 1) & NOT_A & FULL
    if direction == 1:  # left
        return (bits >> 1) & NOT_H
    if direction == 2:  # down
        return (bits << 8) & FULL
    if direction == 3:  # up
        return bits >> 8
    if direction == 4:  # down-right
        return (bits << 9) & NOT_A & FULL
    if direction == 5:  # down-left
        return (bits << 7) & NOT_H & FULL
    if direction == 6:  # up-right
        return (bits >> 7) & NOT_A
    return (bits >> 9) & NOT_H  # up-left


def reference_moves(mover: int, opponent: int) -> int:
    empty = FULL ^ (mover | opponent)
    moves = 0
    for direction in range(8):
        run = shift(mover, direction) & opponent
        while run:
            beyond = shift(run, direction)
            moves |= beyond & empty
            run = beyond & opponent
    return moves


def reference_flips(mover: int, opponent: int, move: int) -> int:
    flipped = 0
    for direction in range(8):
        run = 0
        square = shift(move, direction)
        while square & opponent:
            run |= square
            square = shift(square, direction)
        if square & mover:
            flipped |= run
    return flipped


def reference_perft(mover: int, opponent: int, depth: int) -> int:
    if depth == 0:
        return 1
    moves = reference_moves(mover, opponent)
    if not moves:
        if reference_moves(opponent, mover):
            return reference_perft(opponent, mover, depth - 1)
        return 1
    total = 0
    while moves:
        move = moves & -moves
        moves ^= move
        flipped = reference_flips(mover, opponent, move)
        total += reference_perft(opponent ^ flipped, mover | flipped | move, depth - 1)
    return total


# ---------------------------------------------------------------------------------------------


def timed(function: Callable[..., int], *arguments: int) -> tuple[int, float]:
    """Call ``function(*arguments)`` and return its result and the seconds it took."""
    started = time.perf_counter()
    result = function(*arguments)
    return result, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deep", action="store_true", help="also run perft 9")
    parser.add_argument(
        "--reference-depth", type=int, default=7, help="depth of the reference run (default 7)"
    )
    options = parser.parse_args()
    deepest = 9 if options.deep else 8
    start = start_state()
    failures = 0
    print("gamelib.games.othello.perft (bulk counting at the last ply)")
    print(f"{'depth':>5} {'leaves':>10} {'seconds':>8} {'leaves/s':>12}")
    speeds: dict[int, float] = {}
    for depth in range(1, deepest + 1):
        leaves, seconds = timed(perft, depth)
        speeds[depth] = leaves / seconds if seconds else float("inf")
        status = "" if leaves == KNOWN[depth] else f"  WRONG, expected {KNOWN[depth]}"
        failures += bool(status)
        print(f"{depth:>5} {leaves:>10,} {seconds:>8.3f} {speeds[depth]:>12,.0f}{status}")

    depth = options.reference_depth
    leaves, seconds = timed(reference_perft, start.mover, start.opponent, depth)
    reference_speed = leaves / seconds
    status = "" if leaves == KNOWN[depth] else f"  WRONG, expected {KNOWN[depth]}"
    failures += bool(status)
    print()
    print("reference: straightforward perft in this script (every move made, no bulk counting)")
    print(f"{depth:>5} {leaves:>10,} {seconds:>8.3f} {reference_speed:>12,.0f}{status}")
    print()
    for measured in sorted(speeds)[-2 if options.deep else -1 :]:
        print(
            f"perft({measured}): {speeds[measured] / 1e6:.2f} M leaves/s = "
            f"{speeds[measured] / reference_speed:.1f} × the reference "
            f"({reference_speed / 1e6:.3f} M leaves/s at depth {depth})"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
