"""How long each course notebook takes to run, and its slowest cells.

Run from the repository root::

    python benchmarks/notebook_times.py                 # every course notebook
    python benchmarks/notebook_times.py notebooks/06_transpositions.ipynb --slowest 5

Each notebook is executed top to bottom in a fresh kernel (as nbmake does in the test suite),
one after the other; the script prints each notebook's time, its slowest cells, the total,
and the cells over the limit (``--limit``, 5 s by default). The times include the kernel's
start-up, as the test suite's do.
"""

from __future__ import annotations

import argparse
import time
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def cell_seconds(cell: nbformat.NotebookNode) -> float:
    """The time a cell took, from the timing metadata the client records."""
    timing = cell.get("metadata", {}).get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if start is None or end is None:
        return 0.0
    return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()


def run(path: Path) -> tuple[float, list[tuple[float, int, str]]]:
    """Execute one notebook; its total seconds and (seconds, index, first line) per code cell."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=600, kernel_name="python3", record_timing=True,
        resources={"metadata": {"path": str(path.parent)}},
    )  # fmt: skip
    start = time.perf_counter()
    client.execute()
    total = time.perf_counter() - start
    cells = [
        (cell_seconds(cell), index, cell.source.splitlines()[0] if cell.source else "")
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
    ]
    return total, cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--slowest", type=int, default=3, help="cells shown per notebook")
    parser.add_argument("--limit", type=float, default=5.0, help="seconds a cell may take")
    arguments = parser.parse_args()
    paths = arguments.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    grand_total, over = 0.0, []
    for path in paths:
        total, cells = run(path)
        grand_total += total
        print(f"{path.name:32} {total:6.1f} s")
        for seconds, index, first_line in sorted(cells, reverse=True)[: arguments.slowest]:
            print(f"    cell {index:3}  {seconds:5.2f} s  {first_line[:60]}")
        slow = [(seconds, index) for seconds, index, _ in cells if seconds > arguments.limit]
        over += [(seconds, path.name, index) for seconds, index in slow]
    print(f"{'all':32} {grand_total:6.1f} s")
    print(f"cells over {arguments.limit:g} s: " + (
        ", ".join(f"{name} cell {index} ({seconds:.1f} s)" for seconds, name, index in over)
        or "none"
    ))  # fmt: skip


if __name__ == "__main__":
    main()
