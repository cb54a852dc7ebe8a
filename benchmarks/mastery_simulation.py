"""The trainer's mastery engine on simulated students: the starting difficulty's fit and the
figures of issue 30.

    .venv/bin/python benchmarks/mastery_simulation.py            # fit, write, run, print
    .venv/bin/python benchmarks/mastery_simulation.py --no-write # leave the fit file alone

Runs ``node benchmarks/mastery_simulation.mjs`` (the engine is JavaScript: site/trainer/
mastery.js, the page's own code):

1. ``fit SEED``: the starting difficulty's coefficients, fitted on simulated students with
   known skill levels; written to site/trainer/mastery_difficulty.js (a classic script holding
   the JSON, so that the page loads it from ``file://``, where a page cannot fetch a file).
   tests/test_mastery.py re-fits with the file's seed and checks the file matches.
2. ``run SEED``: after 30 rated exercises of adaptive practice, Spearman's rank correlation
   between each student's estimated and true skill order (mean, spread, share ≥ 0.8; goal of
   issue 30: ≥ 0.8); exercises until every skill reaches a set level, adaptive against random
   practice (the ratio); the time to save and load a record of 10,000 attempts in Node (the
   issue's < 50 ms goal is for Chromium, measured by the page's browser test).

The simulated students' model (a part of an answer is right with probability σ(θ + 3.5) per
skill it belongs to; practice raises every practised skill's θ by 0.1) is an assumption of this
benchmark, stated in benchmarks/mastery_simulation.mjs; the figures hold for it, not for a real
class.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
SIMULATION = REPOSITORY / "benchmarks" / "mastery_simulation.mjs"
FITTED = REPOSITORY / "site" / "trainer" / "mastery_difficulty.js"
PREFIX = "var MASTERY_DIFFICULTY = "
HEADER = (
    "// Made by benchmarks/mastery_simulation.py (do not edit): the starting difficulty's "
    "coefficients,\n// fitted on simulated students (see that script).\n"
)
SEED = 1


def node(command: str, seed: int) -> dict[str, Any]:
    """Runs the simulation's ``command`` with ``seed`` and returns its JSON."""
    executable = shutil.which("node")
    if executable is None:
        raise SystemExit("node (Node.js 20 or later) is needed on the PATH")
    done = subprocess.run(
        [executable, str(SIMULATION), command, str(seed)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPOSITORY,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def fitted_text(fit: dict[str, Any]) -> str:
    """The fit file's text: a comment, then one assignment of the fit's JSON."""
    return f"{HEADER}{PREFIX}{json.dumps(fit)};\n"


def read_fitted(path: Path = FITTED) -> dict[str, Any]:
    """The fit saved in the fit file."""
    line = next(line for line in path.read_text("utf-8").splitlines() if line.startswith(PREFIX))
    result: dict[str, Any] = json.loads(line.removeprefix(PREFIX).removesuffix(";"))
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--no-write", action="store_true", help="do not rewrite the fit file")
    options = parser.parse_args(argv)
    fit = node("fit", options.seed)
    if not options.no_write:
        FITTED.write_text(fitted_text(fit), "utf-8")
    print(f"starting difficulty, fitted on {fit['observations']} graded skills of simulated")
    print(f"students ({fit['students']} × {fit['exercises_each']} exercises, seed {fit['seed']}):")
    for name, value in zip(fit["features"], fit["coefficients"], strict=True):
        print(f"  {name:>14}  {value:+.4f}")
    figures = node("run", options.seed)
    rank = figures["rank"]
    print(
        f"rank correlation, estimated vs true skill order after {rank['rated']} rated exercises "
        f"(adaptive), {rank['students']} students: mean {rank['mean']:.3f}, sd {rank['sd']:.3f}, "
        f"10th–90th percentile {rank['p10']:.3f}–{rank['p90']:.3f}, "
        f"share ≥ 0.8: {rank['share_at_least_0_8']:.0%} (goal: mean ≥ 0.8); "
        f"skills started: mean {rank['skills_started']['mean']:.1f} of 9"
    )
    level = figures["level"]
    print(
        f"exercises until every skill's level ≥ {level['level']} "
        f"({level['students']} students, +{level['learning']} per practised skill, cap "
        f"{level['cap']}): adaptive mean {level['adaptive']['mean']:.1f} "
        f"(median {level['adaptive']['median']}, capped {level['adaptive']['capped']}), random "
        f"mean {level['random']['mean']:.1f} (median {level['random']['median']}, capped "
        f"{level['random']['capped']}); random / adaptive = "
        f"{level['ratio_random_to_adaptive']:.2f}"
    )
    record = figures["record"]
    print(
        f"a record of {record['attempts']} attempts ({record['bytes'] / 1e6:.2f} MB) in Node: "
        f"save {record['save_ms']:.1f} ms (CPU {record['save_cpu_ms']:.1f} ms), load (import "
        f"and fold) {record['load_ms']:.1f} ms (CPU {record['load_cpu_ms']:.1f} ms); medians of 7"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
