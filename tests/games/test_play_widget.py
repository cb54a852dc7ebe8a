"""The tic-tac-toe play widget, driven by programmatic clicks (no browser, no kernel)."""

from __future__ import annotations

import re
import subprocess
import sys
from html import escape

import pytest

from gamelib.games.tictactoe import TicTacToe
from gamelib.trace import Trace
from gamelib.widgets.tictactoe import (
    EMPTY_SQUARE,
    TicTacToeWidget,
    root_moves,
    search_report,
)

GAME = TicTacToe()


def test_importing_does_not_import_ipywidgets() -> None:
    code = (
        "import sys, gamelib, gamelib.players, gamelib.arena, gamelib.experiments.minireversi, "
        "gamelib.widgets.tictactoe; print('ipywidgets' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"


def test_human_against_the_perfect_cpu() -> None:
    widget = TicTacToeWidget(x="human", o=3, seed=0)
    assert widget.moves == [] and "X to move (you)" in widget.status
    assert widget.last_search_trace() is None
    widget.buttons[4].click()  # X takes the centre
    assert widget.moves[0] == 4 and len(widget.moves) == 2  # the CPU replied
    assert widget.buttons[4].description == "X"
    reply = widget.moves[1]
    assert widget.buttons[reply].description == "O"
    assert widget.game.marks(widget.state)[reply] == "O"
    assert "O (CPU level 3) played" in widget.status


def test_a_taken_square_gives_a_message_not_an_exception() -> None:
    widget = TicTacToeWidget(x="human", o=3)
    widget.click(0)
    state, moves = widget.state, list(widget.moves)
    widget.click(0)
    assert "a1 is already taken" in widget.status
    widget.click(widget.moves[1])
    assert "already taken" in widget.status
    assert widget.state == state and widget.moves == moves


def test_the_cpus_search_is_kept_as_a_trace() -> None:
    widget = TicTacToeWidget(x="human", o=3)
    widget.click(4)
    trace = widget.last_search_trace()
    assert isinstance(trace, Trace)
    assert trace.result.move == widget.moves[1]
    moves = root_moves(trace)
    assert {move.name for move in moves} == {
        GAME.move_name(square) for square in range(9) if square != 4
    }
    chosen = [move for move in moves if move.chosen]
    assert len(chosen) == 1 and chosen[0].name == GAME.move_name(widget.moves[1])
    assert chosen[0].value == trace.result.value == 0  # a draw with best play
    report = search_report(trace)
    assert "← played" in report and "nodes" in report
    assert "Root value: 0." in report
    move_lines = report.splitlines()[3:]
    assert len(move_lines) == len(moves)
    for move, line in zip(moves, move_lines, strict=True):  # "b2    = 0", "a1    ≤ −1"
        assert re.fullmatch(rf"{move.name}\s+[=≥≤] (\+1|0|−1)(   ← played)?", line), line
    assert escape(widget.search_report()) in widget.search_text.value
    widget.show_search.value = False
    assert widget.search_text.value == ""


def test_two_cpus_play_a_whole_game_and_perfect_play_draws() -> None:
    widget = TicTacToeWidget(x=3, o=3)
    assert GAME.is_terminal(widget.state)
    assert GAME.winner(widget.state) is None
    assert "draw" in widget.status
    widget.click(0)
    assert "game is over" in widget.status


def test_the_cpu_moves_first_when_it_plays_x() -> None:
    widget = TicTacToeWidget(x=2, o="human")
    assert len(widget.moves) == 1 and "O to move (you)" in widget.status
    widget.new_game_button.click()
    assert len(widget.moves) == 1


def test_changing_a_side_lets_the_new_cpu_move() -> None:
    widget = TicTacToeWidget(x="human", o="human")
    widget.click(0)
    assert len(widget.moves) == 1
    widget.side_choices[1].value = 1  # O becomes CPU level 1
    assert len(widget.moves) == 2
    widget.side_choices[1].value = "human"
    widget.click(widget.game.moves(widget.state)[0])
    assert len(widget.moves) == 3


def test_a_level_0_to_2_cpu_makes_no_search() -> None:
    widget = TicTacToeWidget(x="human", o=2)
    widget.click(4)
    assert len(widget.moves) == 2
    assert widget.last_search_trace() is None
    assert "only a level-3 CPU searches" in widget.search_report()


def test_the_widget_displays_in_a_notebook() -> None:
    widget = TicTacToeWidget()
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


@pytest.mark.parametrize("plies", [1, 2])
def test_a_shallow_cpu_still_replies(plies: int) -> None:
    widget = TicTacToeWidget(x="human", o=3, plies=plies)
    widget.click(0)
    assert len(widget.moves) == 2


def test_the_cpus_search_is_drawn_as_a_collapsed_tree() -> None:
    widget = TicTacToeWidget(x="human", o=2)
    with pytest.raises(ValueError, match="no search yet"):
        widget.search_drawing()
    widget = TicTacToeWidget(x="human", o=3)
    widget.click(4)  # b2; the CPU replies after searching
    trace = widget.last_search_trace()
    assert trace is not None
    drawing = widget.search_drawing()
    source = drawing.source
    played = widget.game.move_name(widget.moves[-1])
    assert played in source
    assert all(name in source for name in ("a1", "c3"))  # every root move is drawn
    assert "<svg" in widget.search_text.value


def test_a_new_game_clears_every_square_with_a_visible_label() -> None:
    # The browser keeps a button's old text when its description becomes "", so an empty
    # square must be labelled with something (a no-break space), never the empty string.
    widget = TicTacToeWidget(x="human", o=3, plies=2)
    widget.click(4)
    widget.new_game()
    assert [button.description for button in widget.buttons] == [EMPTY_SQUARE] * 9
    assert EMPTY_SQUARE.strip() == "" and EMPTY_SQUARE != ""
