"""Short answers and statements about the true value (gamelib.exercises): the facts mutation
testing (``bash scripts/course.sh mutants gamelib/exercises.py``) found no test stating. The
expected messages are written out here, word for word, not produced by the module."""

from __future__ import annotations

import math

import pytest

from gamelib.exercises import CountingNode, PruningExercise, check_answer, read_statement
from gamelib.trees import random_tree


@pytest.mark.parametrize(
    ("text", "statement"),
    [
        ("v <= - 12", ("<=", -12.0)),  # a space between the sign and the digits is dropped
        ("v >= − 3", (">=", -3.0)),  # a true minus, then a space
        ("v = ∞", ("=", math.inf)),
        ("v >= −∞", (">=", -math.inf)),
        ("2 ≧ v", ("<=", 2.0)),
    ],
)
def test_a_statement_is_read_with_its_spaces_true_minus_and_infinity(
    text: str, statement: tuple[str, float]
) -> None:
    assert read_statement(text) == statement


def test_a_wrong_answer_says_what_was_given_and_the_explanation_in_its_language() -> None:
    explanation = {"en": "Look at B.", "ja": "B を見てください。"}
    english = check_answer("v >= 2", "v <= 2", explanation=explanation, language="en")
    assert english.correct is False and english.language == "en"
    assert english.messages == ["'v >= 2' is not right. Look at B."]
    japanese = check_answer("v >= 2", "v <= 2", explanation=explanation, language="ja")
    assert japanese.messages == ["'v >= 2' は正しくありません。B を見てください。"]
    # a language the explanation lacks gets its English text; no explanation, no words
    only_english = check_answer("red", "blue", explanation={"en": "See above."}, language="ja")
    assert only_english.messages == ["'red' は正しくありません。See above."]
    assert check_answer("red", "blue", language="en").messages == ["'red' is not right."]
    japanese_only = check_answer("red", "blue", explanation={"ja": "上を見て"}, language="en")
    assert japanese_only.messages == ["'red' is not right."]  # nothing in English: no words
    assert check_answer(3, 4, language="en").messages == ["3 is not right."]


def test_a_statement_expected_but_not_given_is_said_so() -> None:
    feedback = check_answer(2, "v <= 2", language="en")
    assert feedback.correct is False and feedback.language == "en"
    assert feedback.messages[0].endswith("got 2")
    assert check_answer("v<=2", "v <= 2", language="en").correct is True
    assert check_answer(None, "v <= 2", language="en").messages == [
        "no answer yet: replace ... or None with your answer"
    ]


def test_the_reprs_say_what_they_are() -> None:
    exercise = PruningExercise(seed=2, depth=3, branching=2)
    assert repr(exercise).startswith(f"PruningExercise(seed=2, {len(exercise.leaf_names)} leaves, ")
    tree = random_tree(1, 2, 2)
    root = CountingNode(tree, 0, [], mover_view=False)
    assert repr(root) == f"Node({tree.name})"
    assert repr(root.children[0].children[0]) == f"Leaf({root.children[0].children[0].name})"
