"""The tic-tac-toe widget in a real JupyterLab: a human's clicks, then a whole game by keyboard.

Opens ``tests/browser/tictactoe_demo.ipynb`` (you are X, the CPU is O with a 2-ply α-β
search) in headless Chromium. First a few clicks: a square found by its accessible name, the
CPU's reply, the drawing of its search, a taken square, New game; the names of the second
board, the same in Japanese, on the same page. Then a whole game with the
keyboard only: Enter on New game, Tab through the nine squares in reading order (each with
its accessible name) and Shift+Tab back, then Tab from square to square, Enter or Space on the
first empty one, until the game ends. The game is replayed here with the same widget in
Python (same seed, same number of games started), so the browser's final status line and
every square's accessible name, as Playwright computes it, are compared with what gamelib
says they are (:meth:`TicTacToeWidget.square_label`). Every control is at least 24×24 CSS
pixels (WCAG 2.2, 2.5.8), every button's text at least 4.5:1 against its background, and the
focused square is outlined. Screenshots go to ``tests/browser/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamelib.games.tictactoe import SQUARE_NAMES
from gamelib.widgets.tictactoe import TicTacToeWidget, square_label
from tests.browser.conftest import (
    SCREENSHOTS,
    notebook_page,
    run_all_until_visible,
    screenshot,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/tictactoe_demo.ipynb"
SMALLEST_TARGET = 24  # CSS pixels, WCAG 2.2 success criterion 2.5.8 (AA)

FOCUSED_NAME = """() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    return {tag: element.tagName, text: element.textContent.trim(),
            classes: [...element.classList], outline: style.outlineStyle,
            outlineWidth: parseFloat(style.outlineWidth)};
}"""
"""What has the focus: its tag, text, classes and outline as drawn."""

TARGET_SIZES = """box => [...box.querySelectorAll("button, input, select")]
    .filter(element => element.getClientRects().length > 0)
    .map(element => {
        const rectangle = element.getBoundingClientRect();
        return [element.tagName + " " + element.textContent.trim().slice(0, 20),
                rectangle.width, rectangle.height];
    })"""
"""Every visible control inside ``box``: [what it is, width, height] in CSS pixels."""


LOW_CONTRAST = """box => {
    const luminance = colour => {
        const [red, green, blue] = colour.match(/[\\d.]+/g).slice(0, 3).map(value => {
            value /= 255;
            return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
    };
    return [...box.querySelectorAll("button")]
        .filter(button => button.getClientRects().length > 0 && button.textContent.trim())
        .map(button => {
            const style = getComputedStyle(button);
            const [lighter, darker] = [luminance(style.color), luminance(style.backgroundColor)]
                .sort((first, second) => second - first);
            return [button.textContent.trim().slice(0, 20), style.color, style.backgroundColor,
                    (lighter + 0.05) / (darker + 0.05)];
        })
        .filter(([, , , ratio]) => ratio < 4.5);
}"""
"""The buttons inside ``box`` whose text has less than 4.5:1 contrast with their background
(WCAG 2, 1.4.3, level AA), as [text, colour, background, ratio] (every widget button has an
opaque background)."""


def keyboard_game(widget: TicTacToeWidget) -> list[int]:
    """The human's moves of the keyboard game on ``widget`` (in Python): each turn, the first
    empty square in reading order, until the game ends."""
    played = []
    while not widget.game.is_terminal(widget.state):
        square = min(widget.game.moves(widget.state))
        widget.click(square)
        played.append(square)
    return played


def small_targets(box: Any) -> list[Any]:
    """The controls inside ``box`` smaller than :data:`SMALLEST_TARGET` either way."""
    sizes = box.evaluate(TARGET_SIZES)
    assert sizes, "no control found"
    return [size for size in sizes if min(size[1], size[2]) < SMALLEST_TARGET]


def test_a_human_plays_the_cpu_by_mouse_and_by_keyboard_in_jupyterlab(jupyter_lab: str) -> None:
    from playwright.sync_api import expect

    # The same widget as the notebook's, replayed here: the notebook makes it (game 1), the
    # clicks below start game 2 with New game, and the keyboard starts game 3.
    replay = TicTacToeWidget(x="human", o=3, plies=2)
    replay.new_game()
    replay.new_game()
    human_moves = keyboard_game(replay)

    with notebook_page(jupyter_lab, NOTEBOOK) as (page, panel):
        board = panel.locator(".gamelib-tictactoe").first
        run_all_until_visible(page, board)
        status = board.get_by_role("status")
        expect(status).to_contain_text("New game. X to move (you).")

        centre = board.get_by_role("button", name="b2, row 2, column 2: empty", exact=True)
        expect(centre).to_have_count(1)
        centre.click()
        expect(status).to_contain_text(
            re.compile(r"X played b2\. O \(CPU level 3\) played [a-c][1-3]\.")
        )
        expect(board.get_by_role("button", name="b2, row 2, column 2: X", exact=True)).to_have_text(
            "X"
        )
        expect(board.get_by_role("button", name=re.compile(r": O$"))).to_have_count(1)
        expect(board.get_by_role("button", name=re.compile(r": empty$"))).to_have_count(7)
        search = board.locator(".gamelib-search").first
        expect(search.locator("svg")).to_have_count(1)  # the CPU's search, drawn
        screenshot(page, "30_tictactoe_after_one_move.png")

        board.get_by_role("button", name="b2, row 2, column 2: X", exact=True).click()
        expect(status).to_contain_text("b2 is already taken: choose an empty square.")
        expect(board.get_by_role("button", name=re.compile(r": [XO]$"))).to_have_count(2)

        new_game = board.get_by_role("button", name="New game", exact=True)
        new_game.click()
        expect(status).to_contain_text("New game. X to move (you).")
        expect(board.get_by_role("button", name=re.compile(r": empty$"))).to_have_count(9)

        # The Japanese board below has its own names, in Japanese (made here by gamelib too).
        japanese = panel.locator(".gamelib-tictactoe").nth(1)
        in_japanese = TicTacToeWidget(x="human", o=3, plies=2, language="ja")
        expect(japanese.get_by_role("status")).to_have_text(in_japanese.status)
        for number in range(9):
            label = in_japanese.square_label(number)
            expect(japanese.get_by_role("button", name=label, exact=True)).to_have_count(1)
        new_game_ja = in_japanese.new_game_button.description
        expect(japanese.get_by_role("button", name=new_game_ja, exact=True)).to_have_count(1)
        plies_ja = in_japanese.plies_choice.description
        expect(japanese.get_by_role("combobox", name=plies_ja, exact=True)).to_have_value("2")

        # The controls are labelled (a dropdown by its <label>) and big enough to hit.
        expect(board.get_by_role("combobox", name="X:", exact=True)).to_have_count(1)
        expect(board.get_by_role("combobox", name="O:", exact=True)).to_have_count(1)
        expect(board.get_by_role("combobox", name="α-β plies:", exact=True)).to_have_value("2")
        assert small_targets(board) == []

        # The keyboard alone from here: Enter on New game, then Tab and Enter/Space.
        new_game.focus()
        page.keyboard.press("Enter")
        expect(status).to_contain_text("New game. X to move (you).")
        # Tab visits the nine squares in reading order, each with its name; Shift+Tab goes back.
        focused = board.locator(":focus")
        for number in range(9):
            page.keyboard.press("Tab")
            expect(focused).to_have_accessible_name(square_label(number, ""))
        for _ in range(9):
            page.keyboard.press("Shift+Tab")
        expect(new_game).to_be_focused()
        presses = {"Tab": 0, "Enter": 0, "Space": 0}
        for turn, move in enumerate(human_moves):
            while True:  # Tab to the square the replay played (the first empty one)
                page.keyboard.press("Tab")
                presses["Tab"] += 1
                focused = page.evaluate(FOCUSED_NAME)
                assert "gamelib-square" in focused["classes"], focused  # never leaves the board
                assert focused["outline"] != "none" and focused["outlineWidth"] >= 2, focused
                if f"gamelib-square-{SQUARE_NAMES[move]}" in focused["classes"]:
                    break
                assert focused["text"] in ("X", "O"), f"an empty square was skipped: {focused}"
            target = board.get_by_role("button", name=square_label(move, ""), exact=True)
            expect(target).to_be_focused()
            if turn == 0:
                board.screenshot(path=str(SCREENSHOTS / "31_tictactoe_focused_square.png"))
            key = "Enter" if turn % 2 == 0 else "Space"
            page.keyboard.press(key)
            presses[key] += 1
            expect(status).to_contain_text(f"X played {SQUARE_NAMES[move]}.")
            expect(board.locator(":focus")).to_have_text("X")  # the focus stays on the square
        expect(status).to_have_text(replay.status)
        for number in range(9):
            expect(
                board.locator(f".gamelib-square-{SQUARE_NAMES[number]}")
            ).to_have_accessible_name(replay.square_label(number))
        assert board.evaluate(LOW_CONTRAST) == []  # the marks, and on the winning line too
        board.screenshot(path=str(SCREENSHOTS / "32_tictactoe_keyboard_game_over.png"))
        print(f"keyboard game: {len(human_moves)} human moves, presses {presses}")
