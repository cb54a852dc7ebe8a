"""What the course's widgets show where no kernel runs them (a website built from the
notebooks): the pruning exercise with a collapsed worked solution, and the tic-tac-toe
board's note that it needs Python, with the link the website points at its "run it" page."""

from __future__ import annotations

import re

import pytest

from gamelib.exercises import PruningExercise
from gamelib.trees import TEXTBOOK
from gamelib.widgets.pruning import PruningWidget
from gamelib.widgets.tictactoe import TicTacToeWidget, needs_python_html


def test_the_exercise_fallback_has_the_question_and_a_collapsed_worked_solution() -> None:
    exercise = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"])
    html = PruningWidget(exercise)._repr_mimebundle_()["text/html"]
    question, solution = html.split("<details", 1)
    assert "<svg" in question and "Which leaves does α-β prune?" in question
    assert "<summary>" in solution and "</details>" in solution
    # the solution names every pruned leaf and explains every cutoff of the reference run
    assert all(leaf in solution for leaf in exercise.solution.pruned)
    cutoffs = [event for event in exercise.trace.events if type(event).__name__ == "Cutoff"]
    assert cutoffs and solution.count("<li>") == len(cutoffs)
    assert solution.count("<svg") == 1  # the solved tree


def test_an_exercise_without_cutoffs_says_so() -> None:
    exercise = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"])
    exercise_without = next(
        candidate
        for seed in range(200)
        if not (candidate := PruningExercise(seed=seed, depth=2, branching=2)).solution.pruned
    )
    assert exercise.solution.pruned
    html = PruningWidget(exercise_without)._repr_mimebundle_()["text/html"]
    assert "No cutoff: every leaf is evaluated." in html


def test_the_board_fallback_says_it_needs_python_and_links_to_running_the_course() -> None:
    bundle = TicTacToeWidget()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # JupyterLab: the board
    html = bundle["text/html"]
    assert "needs" in html and "Python" in html
    assert re.search(r"class='gamelib-run-yourself' href='#run-it-yourself'", html)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_board_fallback_names_only_what_every_built_site_offers(language: str) -> None:
    # The sentence is baked into the website's pages and decks whether or not the build has a
    # repository URL, so it names no Binder or Colab (launch buttons made only with one).
    html = needs_python_html(language=language)
    assert "Binder" not in html and "Colab" not in html
    assert "JupyterLab" in html
