"""Each notebook's run in the browser edition beside its run on the desktop.

The browser times come from the last run of the browser test (tests/browser/test_lite.py writes
tests/browser/screenshots/lite_times.json). That test runs the notebooks two at a time: a
notebook's browser time may include waiting for the cores another notebook's tab used
meanwhile (the browser check notebook's times are taken alone). The desktop times are measured
now, one notebook after the other in a fresh kernel (benchmarks/notebook_times.py's ``run``).
Both sides leave out the kernel's start-up and the first code cell (which imports gamelib; in
the browser the kernel starts when the first cell asks for it): the ratio compares the
notebook's own work.

Usage, from the repository root::

    python lite/times.py                       # every notebook the browser test timed
    python lite/times.py 03_alphabeta.ipynb    # some of them (paths inside the edition)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMES = ROOT / "tests" / "browser" / "screenshots" / "lite_times.json"
STAGED = {"exercises/pruning_homework.ipynb": None}
"""Notebooks of the edition with no desktop file of their own (the homework's student version
fails its unanswered tasks by design)."""


def desktop_path(notebook: str) -> Path | None:
    """The desktop notebook of an edition path (``ja/03_x.ipynb`` is notebooks/ja/03_x.ipynb)."""
    if notebook in STAGED or notebook.startswith("checks/"):
        return None
    path = ROOT / "notebooks" / notebook
    return path if path.exists() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="paths inside the edition")
    arguments = parser.parse_args()
    if not TIMES.exists():
        sys.exit(f"{TIMES} is missing: run the browser test first (course.sh test --lane lite)")
    browser = json.loads(TIMES.read_text(encoding="utf-8"))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from notebook_times import run

    print(f"{'notebook':34} {'browser s':>9} {'desktop s':>9} {'ratio':>6}  first cell (browser)")
    for notebook in arguments.notebooks or sorted(browser):
        times = browser.get(notebook)
        path = desktop_path(notebook)
        if times is None or path is None:
            continue
        _, cells = run(path)
        desktop = sum(seconds for seconds, _, _ in cells[1:])
        in_browser = times["run_after_first_cell"]
        ratio = in_browser / desktop if desktop > 0 else float("nan")
        first = times["first_cell_after_load"]
        print(f"{notebook:34} {in_browser:9.1f} {desktop:9.1f} {ratio:6.1f}  {first:.1f} s")


if __name__ == "__main__":
    main()
