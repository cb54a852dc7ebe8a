"""α-β under an exercise's rules: the same search as the lecture's with the usual rule, and the
strict rule's known effects."""

from __future__ import annotations

import operator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.exercises import Convention, PruningExercise
from gamelib.notation import format_number
from gamelib.render.describe import cut_reason, sentences
from gamelib.search import alphabeta, alphabeta_by_rules, alphabeta_failsoft, minimax
from gamelib.trace import Cutoff, record
from gamelib.trees import TEXTBOOK, Tree, parse_tree
from tests.helpers import scaled, trees, windows

orders = st.sampled_from(["given", "reversed"])


@scaled(800)
@given(trees(), windows(), orders)
def test_with_the_usual_rule_it_is_the_lectures_search_event_for_event(
    tree: Tree, window: tuple[float, float], order: str
) -> None:
    alpha, beta = window
    options: dict[str, Any] = {"alpha": alpha, "beta": beta, "order": order}
    for failure, lecture in (("hard", alphabeta), ("soft", alphabeta_failsoft)):
        by_rules = record(alphabeta_by_rules, tree, cutoff=">=", failure=failure, **options)
        assert by_rules.events == record(lecture, tree, **options).events
        assert by_rules.result == lecture(tree, **options)


@scaled(800)
@given(trees(), orders, st.sampled_from(["hard", "soft"]))
def test_the_strict_rule_finds_the_same_value_and_never_evaluates_fewer_leaves(
    tree: Tree, order: str, failure: str
) -> None:
    usual = record(alphabeta_by_rules, tree, order=order, failure=failure)
    strict = record(alphabeta_by_rules, tree, order=order, failure=failure, cutoff=">")
    assert strict.result.value == usual.result.value == minimax(tree).value
    if failure == "hard":
        assert set(usual.evaluated) <= set(strict.evaluated)


def test_a_tie_with_beta_is_searched_past_under_the_strict_rule() -> None:
    tree = parse_tree("- R\n-- A\n--- A1 3\n-- B\n--- B1 3\n--- B2 9")
    assert record(alphabeta_by_rules, tree).pruned == ("B2",)
    assert record(alphabeta_by_rules, tree, cutoff=">").pruned == ()


# --------------------------------------------------------------------------- words of a cut


def cut_sentences(trace: Any, view: str, language: str) -> list[str]:
    marker = "cut" if language == "en" else "カット"
    return [
        sentence for sentence in sentences(trace, view, language=language) if marker in sentence
    ]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_narration_names_the_comparison_of_the_rule_in_force(language: str) -> None:
    """The textbook tree cuts at D (4 against β = 3) under both rules: the sentence says
    ≥ under the usual rule and > under the strict one, in both views and both languages;
    the α-cut at a MIN node says ≤ or <."""
    tree = TEXTBOOK["alpha-beta-windows"]
    usual = record(alphabeta_by_rules, tree)
    strict = record(alphabeta_by_rules, tree, cutoff=">")
    assert usual.cutoff == ">=" and strict.cutoff == ">"
    cut_at = {"en": "β-cut at D: 4 {} 3", "ja": "D でβカット：4 {} 3"}[language]
    for view in ("max", "mover"):
        assert cut_at.format("≥") in " ".join(cut_sentences(usual, view, language))
        strict_words = " ".join(cut_sentences(strict, view, language))
        assert cut_at.format(">") in strict_words
        assert "≥" not in strict_words and "≤" not in strict_words


@scaled(200)
@given(trees(), orders)
def test_every_strict_cut_sentence_is_a_true_strict_comparison(tree: Tree, order: str) -> None:
    """Under the strict rule every cut sentence, in MAX's view, reads "value > β" at MAX's
    nodes and "value < α" at MIN's, and the comparison it states is true; under the usual
    rule it reads ≥ or ≤ (and is true)."""
    for cutoff, relations in ((">", (">", "<")), (">=", ("≥", "≤"))):
        trace = record(alphabeta_by_rules, tree, order=order, cutoff=cutoff)
        players = trace.players
        cuts = [event for event in trace.events if isinstance(event, Cutoff)]
        words = cut_sentences(trace, "max", "en")
        assert len(words) == len(cuts)
        for event, sentence in zip(cuts, words, strict=True):
            at_max = players[event.node] == trace.root_player
            relation = relations[0] if at_max else relations[1]
            bound = event.beta if at_max else event.alpha
            stated = f"{format_number(event.value)} {relation} {format_number(bound)}"
            assert stated in sentence, sentence
            compare = {">": operator.gt, "<": operator.lt, "≥": operator.ge, "≤": operator.le}
            assert compare[relation](event.value, bound)


def test_the_checker_and_the_drawing_use_the_same_comparison() -> None:
    """The exercise checker's sentence and the drawing's cut label say > under the strict
    rule, as the narration does."""
    exercise = PruningExercise(
        tree=TEXTBOOK["alpha-beta-windows"], convention=Convention(cutoff=">")
    )
    assert "returned 4 > β = 3" in exercise.explain_pruned("J")
    assert "が返した値は 4 > β = 3 です" in exercise.explain_pruned("J", language="ja")
    label = cut_reason(
        next(event for event in exercise.trace.events if isinstance(event, Cutoff)),
        exercise.trace.players["D"],
        exercise.trace.root_player,
        "max",
        exercise.trace.cutoff,
    )
    assert label.text(separator="\n") == "β-cut at D:\n4 > 3"
    assert label.text(separator="\n", language="ja") == "D でβカット：\n4 > 3"
