"""The browser edition's speed figure (issue 37): UCT on 8×8 Othello in the edition's own
Pyodide with its own gamelib wheel, printed beside the bare game's random games
(``benchmarks/mcts_speed_browser.py``; about 30 s, Pyodide's start-up included). Nothing is
compared with a time: the test checks that both figures were measured, and prints them."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from benchmarks.mcts_speed_browser import ROOT, browser_speed

pytestmark = pytest.mark.browser

OUTPUT = ROOT / "lite" / "_output"


def test_uct_runs_in_the_browser_editions_pyodide_and_its_speed_is_printed() -> None:
    if not (OUTPUT / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "lite" / "build.py")], check=True)
    text = browser_speed(OUTPUT, rounds=2, iterations=500, games=250)
    print(text)
    best = text.splitlines()[-1]
    found = re.fullmatch(
        r"best: bare game ([\d,]+) random games/s; UCT ([\d,]+) iterations/s .*Pyodide.*", best
    )
    assert found is not None, text
    bare, iterations = (int(number.replace(",", "")) for number in found.groups())
    assert bare > 0 and iterations > 0
    assert len(text.splitlines()) == 3  # two rounds, then the best
