"""The tic-tac-toe widget in a real JupyterLab: a human's clicks, the CPU's replies.

Opens ``tests/browser/tictactoe_demo.ipynb`` (you are X, the CPU is O with a 2-ply α-β
search), clicks squares in headless Chromium, and checks the board, the status line and the
drawing of the CPU's search. Screenshots go to ``tests/browser/screenshots/``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import notebook_page, run_all_until_visible, screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/tictactoe_demo.ipynb"


def test_a_human_plays_the_cpu_in_jupyterlab(jupyter_lab: str) -> None:
    from playwright.sync_api import expect

    with notebook_page(jupyter_lab, NOTEBOOK) as (page, panel):
        board = panel.locator(".gamelib-tictactoe").first
        run_all_until_visible(page, board)
        status = board.locator(".gamelib-status").first
        expect(status).to_contain_text("New game. X to move (you).")

        def square(name: str) -> object:
            return board.locator(f'button[title="{name}"]').first

        square("b2").click()  # type: ignore[attr-defined]
        expect(status).to_contain_text(
            re.compile(r"X played b2\. O \(CPU level 3\) played [a-c][1-3]\.")
        )
        expect(square("b2")).to_have_text("X")
        expect(board.locator("button", has_text=re.compile("^O$"))).to_have_count(1)
        search = board.locator(".gamelib-search").first
        expect(search.locator("svg")).to_have_count(1)  # the CPU's search, drawn
        screenshot(page, "30_tictactoe_after_one_move.png")

        square("b2").click()  # type: ignore[attr-defined]
        expect(status).to_contain_text("b2 is already taken: choose an empty square.")
        expect(board.locator("button", has_text=re.compile("^[XO]$"))).to_have_count(2)

        board.locator("button", has_text="New game").first.click()
        expect(status).to_contain_text("New game. X to move (you).")
        expect(board.locator("button", has_text=re.compile("^[XO]$"))).to_have_count(0)
