"""Mutation testing of one gamelib module with mutmut: ``bash scripts/course.sh mutants MODULE``.

mutmut breaks copies of the module in small ways (one mutant each: ``<`` for ``<=``, ``+ 1`` for
``- 1``, a constant changed, a call's argument dropped, ...) and runs, for each mutant, the tests
that call the changed function. A mutant is *killed* when a test fails, *survives* when every
test passes: a survivor is a change to the code that no test notices.

The run happens in a scratch copy of the project, ``.mutants/<module>/`` (git ignores it; it is
made afresh each run, so a survivor's result always reflects the current code and tests), with
only the tests that cover the module: by default the test files that import it (the table
below, or every ``tests/test_*.py`` that names the module), or those given after ``--tests``.

Usage::

    .venv/bin/python scripts/mutants.py gamelib/tournament/ratings.py
    .venv/bin/python scripts/mutants.py gamelib/search/alphabeta.py --tests tests/test_trace.py
    .venv/bin/python scripts/mutants.py gamelib/search   # every module of the package, one run

Prints the count of each outcome, the share of mutants killed and every survivor's diff; exits
1 when the share is under ``--goal`` (90 % unless told). Not part of the test suite (slow).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The tests that cover each module (found by reading them: they call its functions directly or
# through the course's own helpers). A module not listed gets every tests/test_*.py naming it.
COVERING_TESTS: dict[str, list[str]] = {
    "gamelib/tournament/ratings.py": [
        "tests/test_ratings.py",
        "tests/test_leaderboard.py",
        "tests/test_mutant_kills_ratings.py",
        "tests/test_mutant_kills_ratings_defaults.py",
    ],
    "gamelib/exercises.py": [
        "tests/test_exercises.py",
        "tests/test_checkers.py",
        "tests/test_words_checker.py",
        "tests/test_mutant_kills_exercises.py",
        "tests/test_mutant_kills_checkers.py",
    ],
    "gamelib/mastery": [
        "tests/test_mastery.py",
        "tests/test_mastery_class_view.py",
        "tests/test_mastery_sensitivity.py",
    ],
    "gamelib/search": [
        "tests/test_search_properties.py",
        "tests/test_table.py",
        "tests/test_table_bugs.py",
        "tests/test_windows.py",
        "tests/test_repetition.py",
        "tests/test_rules.py",
        "tests/test_lazy_moves.py",
        "tests/test_tree_orders.py",
        "tests/test_cyclic_games.py",
        "tests/test_trace.py",
        "tests/test_mutant_kills_search.py",
        "tests/test_mutant_kills_minimax.py",
        "tests/test_mutant_kills_windows.py",
        "tests/test_mutant_kills_table.py",
        "tests/test_mutant_kills_ordering.py",
    ],
    # the clock rule and the results file as plain data: no player process (the referee's
    # own tests start players and take minutes per mutant)
    "gamelib/tournament/records.py": [
        "tests/test_mutant_kills_records.py",
        "tests/test_referee.py::test_clocks_charge_the_bank_and_the_grace_too",
        "tests/test_in_kernel.py::test_the_clock_rule_forgives_no_overrun_move_after_move",
        "tests/test_tournament_runner.py::test_a_torn_last_line_is_cut_and_a_broken_line_before_it_refused",
        "tests/test_tournament_runner.py::test_a_line_without_newer_fields_reads_and_a_missing_file_is_refused",
    ],
}

# The top-level entries tests may read (notebooks, the site's sources, ...): linked, not copied.
LINKED = [
    "notebooks",
    "site",
    "slides",
    "lite",
    "scripts",
    "benchmarks",
    "README.md",
    "requirements.txt",
    "requirements-dev.txt",
    "requirements-site.txt",
]


NOT_SURVIVORS = ("killed", "timeout", "skipped", "not checked")


def dotted(module: str) -> str:
    """``gamelib/search/alphabeta.py`` → ``gamelib.search.alphabeta``."""
    return module.removesuffix(".py").removesuffix("/").replace("/", ".")


def covering_tests(module: str) -> list[str]:
    """The test files for ``module``: the table's entry (the module's own or its package's),
    else every ``tests/test_*.py`` whose text names the module's dotted path."""
    for key in (module, str(Path(module).parent)):
        if key in COVERING_TESTS:
            return COVERING_TESTS[key]
    name = dotted(module)
    parent, _, last = name.rpartition(".")
    pattern = re.compile(rf"{re.escape(name)}\b|from {re.escape(parent)} import .*\b{last}\b")
    return sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").glob("test_*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    )


def mutmut_section(module: str, tests: list[str]) -> str:
    """The ``[tool.mutmut]`` table for the scratch copy's pyproject.toml."""
    only = f"{module.rstrip('/')}/*" if (ROOT / module).is_dir() else module
    quoted = ", ".join(f'"{test}"' for test in tests)
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["gamelib"]\n'
        f'only_mutate = ["{only}"]\n'
        f"pytest_add_cli_args_test_selection = [{quoted}]\n"
        # the tests only: no doctests of the whole package, no cache, no xdist
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "-q", '
        '"-o", "addopts=--strict-markers"]\n'
        "use_git_change_detection = false\n"
    )


def prepare(scratch: Path, module: str, tests: list[str]) -> None:
    """A fresh scratch copy: gamelib and tests copied, the rest linked, mutmut configured."""
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "screenshots")
    shutil.copytree(ROOT / "gamelib", scratch / "gamelib", ignore=ignore)
    shutil.copytree(ROOT / "tests", scratch / "tests", ignore=ignore)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (scratch / "pyproject.toml").write_text(text + mutmut_section(module, tests), encoding="utf-8")
    (scratch / "mutants").mkdir()
    for name in LINKED:
        if (ROOT / name).exists():
            (scratch / "mutants" / name).symlink_to(ROOT / name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", help="a file or package under gamelib/: gamelib/exercises.py")
    parser.add_argument("--tests", nargs="+", help="the test files (default: those covering it)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--goal", type=float, default=90.0, help="the share killed wanted, in %%")
    parser.add_argument(
        "--summary",
        action="store_true",
        help="no run: the figures of the last run (or of one still running or stopped)",
    )
    arguments = parser.parse_args()
    module = arguments.module.rstrip("/")
    if not module.startswith("gamelib/") or not (ROOT / module).exists():
        parser.error(f"{module!r} is not a file or folder under gamelib/")
    tests = arguments.tests or covering_tests(module)
    if not tests:
        parser.error(f"no test file names {dotted(module)}: give them with --tests")
    scratch = ROOT / ".mutants" / dotted(module)
    mutmut = [sys.executable, "-m", "mutmut"]
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    environment.setdefault("HYPOTHESIS_PROFILE", "dev")
    if not arguments.summary:
        prepare(scratch, module, tests)
        print(f"[mutants] {module}: mutmut with {' '.join(tests)} in {scratch}", flush=True)
        subprocess.run(
            [*mutmut, "run", "--max-children", str(arguments.jobs)],
            cwd=scratch,
            env=environment,
            check=False,
        )
    elif not scratch.is_dir():
        parser.error(f"no run of {module} to summarise in {scratch}")
    listing = subprocess.run(
        [*mutmut, "results", "--all", "true"],
        cwd=scratch,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    outcomes = re.findall(r"^\s+(\S+): (.+)$", listing, flags=re.MULTILINE)
    if not outcomes:
        print("[mutants] mutmut made no mutants or recorded no results", file=sys.stderr)
        return 1
    counts: dict[str, int] = {}
    for _, status in outcomes:
        counts[status] = counts.get(status, 0) + 1
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    checked = len(outcomes) - counts.get("skipped", 0) - counts.get("not checked", 0)
    share = 100 * killed / checked if checked else 0.0
    survivors = [name for name, status in outcomes if status not in NOT_SURVIVORS]
    for name in survivors:
        shown = subprocess.run(
            [*mutmut, "show", name],
            cwd=scratch,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        print(shown.rstrip())
    summary = ", ".join(f"{count} {status}" for status, count in sorted(counts.items()))
    print(f"[mutants] {module}: {killed} of {checked} mutants killed ({share:.1f} %); {summary}")
    if survivors:
        print(f"[mutants] survivors: {' '.join(survivors)}")
    if counts.get("not checked"):
        print(f"[mutants] {counts['not checked']} mutants not checked yet (the run was stopped)")
    return 0 if share >= arguments.goal else 1


if __name__ == "__main__":
    sys.exit(main())
