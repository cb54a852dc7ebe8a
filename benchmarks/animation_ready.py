"""How soon an animation is ready: the frames of the textbook tree's fail-soft α-β drawn.

The goal: a widget of 30 or more steps is ready in under a second (every frame drawn by
Graphviz before the first is shown). Run with ``.venv/bin/python benchmarks/animation_ready.py``;
it prints the best and the median of several runs, and whether the best meets the goal.
"""

from __future__ import annotations

import argparse
import statistics
import time

from gamelib.render import frames as frames_module
from gamelib.render.animation import Animation
from gamelib.search import alphabeta_failsoft
from gamelib.trace import record
from gamelib.trees import TEXTBOOK

GOAL_SECONDS = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    trace = record(alphabeta_failsoft, TEXTBOOK["alpha-beta-windows"])
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        Animation(trace)
        seconds.append(time.perf_counter() - started)
    timing = frames_module.last_timing
    assert timing is not None
    best, median = min(seconds), statistics.median(seconds)
    print(f"{len(trace.events)} events, {timing.frames} frames drawn by {timing.engine}")
    print(f"{1000 * timing.per_frame:.1f} ms a frame (last run)")
    print(f"widget ready: best {best:.3f} s, median {median:.3f} s over {runs} runs")
    verdict = "met" if best < GOAL_SECONDS else "NOT met"
    print(f"goal: ready in under {GOAL_SECONDS:.1f} s: {verdict}")


if __name__ == "__main__":
    main()
