"""One sentence per event: every event type on the textbook tree, in both views."""

from __future__ import annotations

import math

import pytest

from gamelib.notation import (
    evaluation_mark,
    format_bound,
    format_number,
    format_window,
    join_names,
)
from gamelib.render.describe import BEFORE_THE_SEARCH, describe, sentences
from gamelib.search import alphabeta
from gamelib.search.table import TranspositionTable
from gamelib.trace import Backup, Cutoff, Enter, Evaluate, Exit, TableAnswer, Trace, record
from tests.helpers import Subtraction


def test_numbers_windows_and_bounds_are_written_for_projection() -> None:
    assert format_number(3) == "3"
    assert format_number(-2) == "−2"
    assert format_number(3.0) == "3"
    assert format_number(0.5) == "0.5"
    assert format_number(math.inf) == "∞"
    assert format_number(-math.inf) == "−∞"
    assert format_window(-math.inf, 3) == "(−∞, 3)"
    assert format_bound(3, "exact") == "3"
    assert format_bound(3, "lower") == "≥3"
    assert format_bound(-3, "upper") == "≤−3"


def test_evaluation_marks_are_circled_for_small_searches_and_numbered_for_large() -> None:
    assert [evaluation_mark(order, 5) for order in (1, 2, 5)] == ["①", "②", "⑤"]
    assert evaluation_mark(3, 40) == "#3"


def test_names_are_listed_and_quoted_when_they_hold_spaces() -> None:
    assert join_names(["J"]) == "J"
    assert join_names(["F", "G"]) == "F and G"
    assert join_names(["a", "b", "c", "d", "e", "f"]) == "a, b, c, d and 2 more"
    assert join_names(["take 1 take 2"]) == "“take 1 take 2”"


@pytest.mark.parametrize(
    ("step", "sentence"),
    [
        (0, BEFORE_THE_SEARCH),
        (1, "alphabeta starts at R (MAX) with window (−∞, ∞)"),
        (14, "Enter D, a MAX node, with window (−∞, 3)"),
        (5, "Leaf G evaluates to 1 (evaluation ①)"),
        (7, "G = 1 raises α at C to 1"),
        (11, "H = 3 raises α at C to 3"),
        (13, "C = 3 lowers β at A to 3"),
        (18, "β-cut at D: 4 ≥ 3, J pruned"),
        (19, "D returns 3 (lower bound: ≥ 3)"),
        (20, "D = 3 does not lower β at A (β stays 3)"),
        (28, "K = 2 does not raise α at E (α stays 3)"),
        (33, "E returns 3 (upper bound: ≤ 3)"),
        (34, "α-cut at B: 3 ≤ 3, F pruned"),
        (37, "R returns 3 (exact): the search is over"),
    ],
)
def test_each_event_type_gets_its_sentence_in_max_view(
    windows_trace: Trace, step: int, sentence: str
) -> None:
    assert describe(windows_trace, step) == sentence


def test_the_steps_checked_above_cover_every_event_type(windows_trace: Trace) -> None:
    kinds = {type(windows_trace.events[step - 1]) for step in (1, 5, 7, 18, 19)}
    assert kinds == {Enter, Evaluate, Backup, Cutoff, Exit}


@pytest.mark.parametrize(
    ("step", "sentence"),
    [
        (5, "Leaf G evaluates to −1 (evaluation ①)"),
        (7, "G = −1, that is 1 for C, raises α at C to 1"),
        (13, "C = 3, that is −3 for A, raises α at A to −3"),
        (15, "Enter I, a MIN node, with window (−3, ∞)"),
        (34, "β-cut at B: −3 ≥ −3, F pruned"),
        (35, "B returns −3 (lower bound: ≥ −3)"),
    ],
)
def test_the_mover_view_negates_min_nodes_and_every_cut_is_a_beta_cut(
    windows_trace: Trace, step: int, sentence: str
) -> None:
    assert describe(windows_trace, step, view="mover") == sentence


def test_fail_soft_says_when_the_best_changes_but_the_window_does_not(
    failsoft_trace: Trace,
) -> None:
    words = sentences(failsoft_trace)
    assert words[27] == "K = 2 makes E's best 2; α stays 3"
    assert words[32] == "E returns 2 (upper bound: ≤ 2)"
    assert words[33] == "α-cut at B: 2 ≤ 3, F pruned"


def test_minimax_sentences_do_not_mention_windows(minimax_trace: Trace) -> None:
    words = sentences(minimax_trace)
    assert words[0] == "minimax starts at R (MAX)"
    assert words[6] == "G = 1 makes C's best 1"
    assert not any("window" in sentence or "α" in sentence for sentence in words)


def test_a_transposition_table_answer_is_explained() -> None:
    trace = record(alphabeta, Subtraction(6), table=TranspositionTable())
    answers = [
        sentence
        for event, sentence in zip(trace.events, sentences(trace), strict=True)
        if isinstance(event, TableAnswer)
    ]
    assert answers
    assert answers[0].startswith("The transposition table answers “")
    assert answers[0].endswith("from a search to the end of the game")


def test_there_is_one_sentence_per_event_and_steps_are_checked(windows_trace: Trace) -> None:
    assert len(sentences(windows_trace)) == len(windows_trace.events)
    assert describe(windows_trace) == describe(windows_trace, len(windows_trace.events))
    with pytest.raises(ValueError, match="between 0 and 37"):
        describe(windows_trace, 38)
