"""The exercise checker, the widgets, the bound words and the set-up report in both languages.

Every entry of the WORDS tables of gamelib.notation, gamelib.exercises, gamelib.widgets.pruning,
gamelib.widgets.tictactoe and gamelib.setup_check has a scenario here: a real search on a real
tree (TEXTBOOK trees, random trees, students' functions with real mistakes) that makes the
entry's text in English and in Japanese. Each pair is checked for three facts: the entry's
own words are in the text (so the entry is really used), the Japanese text is Japanese, and
both carry the same numbers and node names. English stays as the older tests pin it.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import exercises, notation, setup_check
from gamelib.core import Bound
from gamelib.exercises import (
    Convention,
    PruningExercise,
    check_alphabeta,
    check_answer,
    check_negamax,
)
from gamelib.games.tictactoe import TicTacToe
from gamelib.language import Language, current_language, set_language
from gamelib.notation import bound_meaning, bound_words, join_names, read_number
from gamelib.search import alphabeta, minimax, negamax
from gamelib.setup_check import COURSE_PACKAGES, FRONT_ENDS, SetupReport, check_setup
from gamelib.trace import Cutoff, record
from gamelib.trees import TEXTBOOK
from gamelib.widgets import pruning, tictactoe
from gamelib.widgets.pruning import PruningWidget, solution_html, worked_solution_html
from gamelib.widgets.tictactoe import (
    TicTacToeWidget,
    needs_python_html,
    search_report,
    side_options,
)
from tests.helpers import JAPANESE

LETTERS = re.compile(r"[A-Za-z]{2,}")
NUMBER = re.compile(r"(?:(?<![A-Za-z])[−-])?(?:\d+(?:\.\d+)?|∞)")
NAME = re.compile(r"(?<![A-Za-z])(?:[A-Z]|[a-c][1-3])(?![A-Za-z0-9])")

MODULES = {
    "notation": notation,
    "exercises": exercises,
    "pruning": pruning,
    "tictactoe": tictactoe,
    "setup_check": setup_check,
}


SVG = re.compile(r"<svg.*?</svg>", re.DOTALL)


def facts(text: str) -> tuple[set[str], set[str]]:
    """The numbers and the node (or square) names a text states (drawings left out: their
    coordinates depend on the width of the words)."""
    text = SVG.sub("", text)
    return set(NUMBER.findall(text)), set(NAME.findall(text))


def assert_same_facts(english: str, japanese: str) -> None:
    """``japanese`` is Japanese and states the numbers and names ``english`` states."""
    assert JAPANESE.search(japanese), japanese
    assert facts(japanese) == facts(english), f"\n{english}\n{japanese}"


def literal_parts(template: str) -> list[str]:
    """The words of a template between its placeholders ("{{" read as "{")."""
    return [text.strip() for text, _, _, _ in string.Formatter().parse(template) if text.strip()]


# ---- real searches that the scenarios read
WINDOWS = TEXTBOOK["alpha-beta-windows"]


def windows_exercise() -> PruningExercise:
    return PruningExercise(tree=WINDOWS)


def cut_exercise(
    at_max: bool, skipped: int, convention: Convention | None = None
) -> tuple[PruningExercise, Cutoff]:
    """The first random exercise (with ``convention``) whose search cuts at a MAX (or MIN)
    node skipping exactly ``skipped`` children (2: two or more)."""
    for seed in range(2000):
        exercise = PruningExercise(seed, depth=3, branching=(2, 4), convention=convention)
        for event in exercise.trace.events:
            if (
                isinstance(event, Cutoff)
                and exercise._is_max(event.node) == at_max
                and min(len(event.skipped), 2) == skipped
            ):
                return exercise, event
    raise AssertionError("no such cut in 2000 random trees")


def cut_explanation(
    at_max: bool, skipped: int, convention: Convention | None = None
) -> Callable[[Language], str]:
    exercise, event = cut_exercise(at_max, skipped, convention)
    return lambda language: exercise.cut_sentence(event, language=language)


def reversed_alphabeta(node: Any, alpha: float, beta: float) -> float:
    """α-β with the children right to left: the same leaves as α-β on a tiny tree, read in
    another order."""
    if node.is_leaf:
        return float(node.value)
    for child in reversed(node.children):
        alpha = max(alpha, -reversed_alphabeta(child, -beta, -alpha))
        if alpha >= beta:
            return beta
    return alpha


def failsoft_alphabeta(node: Any, alpha: float, beta: float) -> float:
    if node.is_leaf:
        return float(node.value)
    best = -math.inf
    for child in node.children:
        best = max(best, -failsoft_alphabeta(child, -beta, -max(alpha, best)))
        if best >= beta:
            break
    return best


def failhard_alphabeta(node: Any, alpha: float, beta: float) -> float:
    if node.is_leaf:
        return float(node.value)
    for child in node.children:
        alpha = max(alpha, -failhard_alphabeta(child, -beta, -alpha))
        if alpha >= beta:
            return beta
    return alpha


def plain_negamax(node: Any) -> float:
    """Negamax without pruning."""
    if node.is_leaf:
        return float(node.value)
    return max(-plain_negamax(child) for child in node.children)


def clamped_negamax(node: Any, alpha: float, beta: float) -> float:
    """Fail-hard α-β's values (the true value clamped into the window), read off every leaf."""
    return min(max(plain_negamax(node), alpha), beta)


def crashing(node: Any, *window: float) -> float:
    return 1 / 0


def always_zero_without_reading(node: Any, *window: float) -> float:
    return 0


def textbook_value() -> float:
    return minimax(WINDOWS).value


def returned_bound(kind: Bound) -> tuple[float, Bound]:
    """A (value, bound) that α-β really returned on a textbook or random tree."""
    for tree in [*TEXTBOOK.values(), *(gamelib.random_tree(seed, 3, 3) for seed in range(50))]:
        for value, bound in record(alphabeta, tree).returned().values():
            if bound == kind:
                return value, bound
    raise AssertionError(f"no {kind} value returned")


def pruned_names() -> list[str]:
    """The pruned leaves of a random tree with at least six of them, left to right."""
    for seed in range(500):
        exercise = PruningExercise(seed, depth=4, branching=3)
        names = [name for name in exercise.leaf_names if name in exercise.solution.pruned]
        if len(names) >= 6:
            return names
    raise AssertionError("no random tree with six pruned leaves")


def setup_report(**changes: str | None) -> SetupReport:
    packages: dict[str, str | None] = {name: "1.0" for name in COURSE_PACKAGES}
    packages.update(changes)
    return SetupReport("3.12.0", packages, None)


def in_language(language: Language, make: Callable[[], str]) -> str:
    """``make()`` with the course-wide language set to ``language`` (restored after)."""
    before = current_language()
    set_language(language)
    try:
        return make()
    finally:
        set_language(before)


def cpu_turn_widget(language: Language) -> TicTacToeWidget:
    """A board where it is a CPU's turn when the human clicks (O became a CPU quietly)."""
    widget = TicTacToeWidget(x="human", o="human", language=language)
    widget.click(4)
    widget.side_choices[1].unobserve_all("value")
    widget.side_choices[1].value = 3
    widget.click(0)
    return widget


def level_three_trace() -> Any:
    widget = TicTacToeWidget(x="human", o=3)
    widget.click(4)
    return widget.last_search_trace()


def pruning_widget(language: Language, **options: Any) -> PruningWidget:
    return PruningWidget(windows_exercise(), language=language, **options)


def widget_feedback(language: Language, marks: list[str], values: dict[str, float | str]) -> str:
    widget = pruning_widget(language)
    widget.mark(*marks)
    widget.set_values(values)
    widget.check()
    return str(widget.feedback.value)


def no_cut_exercise() -> PruningExercise:
    """One ply: the root searches every leaf with the full window, so nothing is cut."""
    exercise = PruningExercise(seed=0, depth=1, branching=3)
    assert not exercise.solution.pruned
    return exercise


# ---- every entry's scenario: (module, entry) -> the text in a language
Scenario = Callable[[Language], str]
SCENARIOS: dict[tuple[str, str], Scenario] = {}


def scenario(module: str, *entries: str) -> Callable[[Scenario], Scenario]:
    def register(make: Scenario) -> Scenario:
        for entry in entries:
            SCENARIOS[module, entry] = make
        return make

    return register


def error_of(make: Callable[[], object]) -> str:
    with pytest.raises(ValueError) as caught:
        make()
    return str(caught.value)


# notation
scenario("notation", "not_a_number")(
    lambda lang: error_of(lambda: read_number("3..5", language=lang))
)
scenario("notation", "too_large")(
    lambda lang: error_of(lambda: read_number("9" * 5000, language=lang)).replace("9" * 5000, "N")
)
scenario("notation", "too_large_float")(
    lambda lang: error_of(lambda: read_number("1e400", language=lang))
)
scenario("notation", "exact", "value_with_bound")(
    lambda lang: bound_words(*returned_bound(Bound.EXACT), language=lang)
)
scenario("notation", "lower_bound")(
    lambda lang: bound_words(*returned_bound(Bound.LOWER), language=lang)
)
scenario("notation", "upper_bound")(
    lambda lang: bound_words(*returned_bound(Bound.UPPER), language=lang)
)
scenario("notation", "meaning_lower")(
    lambda lang: bound_meaning(*returned_bound(Bound.LOWER), language=lang)
)
scenario("notation", "meaning_upper")(
    lambda lang: bound_meaning(*returned_bound(Bound.UPPER), language=lang)
)
scenario("notation", "names_separator", "names_and_more")(
    lambda lang: join_names(pruned_names(), language=lang)
)
scenario("notation", "quoted_name")(
    lambda lang: join_names(list(record(alphabeta, TicTacToe(), depth=2).pruned[:2]), language=lang)
)
scenario("notation", "more_names")(lambda lang: join_names(pruned_names(), 0, language=lang))
scenario("notation", "two_or_more_names")(
    lambda lang: join_names(pruned_names()[:3], language=lang)
)

# exercises: the pruning exercise
scenario("exercises", "correct")(
    lambda lang: str(windows_exercise().check({"J", "M", "N"}, language=lang))
)
scenario("exercises", "not_yet", "pruned_because", "cut_at_min", "stops_one")(
    lambda lang: str(windows_exercise().check({"J"}, language=lang))
)
scenario("exercises", "cut_at_max")(cut_explanation(at_max=True, skipped=1))
scenario("exercises", "cut_at_max_strict")(
    cut_explanation(at_max=True, skipped=1, convention=Convention(cutoff=">"))
)
scenario("exercises", "cut_at_min_strict")(
    cut_explanation(at_max=False, skipped=1, convention=Convention(cutoff=">", failure="soft"))
)
scenario("exercises", "stops_no_child")(cut_explanation(at_max=False, skipped=0))
scenario("exercises", "stops_many")(cut_explanation(at_max=True, skipped=2))
scenario("exercises", "evaluated_because")(
    lambda lang: str(windows_exercise().check({"J", "F", "K"}, language=lang))
)
scenario("exercises", "convention", "left_to_right", "cut_on_reach", "question")(
    lambda lang: windows_exercise().question(language=lang)
)
scenario("exercises", "right_to_left", "cut_on_pass")(
    lambda lang: Convention(cutoff=">", order="reversed", failure="soft").describe(language=lang)
)
scenario("exercises", "leaf_count")(
    lambda lang: in_language(lang, lambda: repr(PruningExercise(seed=3)))
)
scenario("exercises", "empty_answer")(lambda lang: str(windows_exercise().check("", language=lang)))
scenario("exercises", "unexpected_keys")(
    lambda lang: str(windows_exercise().check({"leaves": {"J"}}, language=lang))
)
scenario("exercises", "what_pruned_leaves", "names_not_strings")(
    lambda lang: str(windows_exercise().check([1, 2], language=lang))
)
scenario("exercises", "unknown_nodes", "names_separator")(
    lambda lang: str(windows_exercise().check({"Z", "Y"}, language=lang))
)
scenario("exercises", "values_wrong", "values_unchecked")(
    lambda lang: str(windows_exercise().check({"values": {"A": 2, "B": 4}}, language=lang))
)
scenario("exercises", "values_not_mapping")(
    lambda lang: str(windows_exercise().check({"values": [3]}, language=lang))
)
scenario("exercises", "values_unknown")(
    lambda lang: str(windows_exercise().check({"values": {"Z": 3}}, language=lang))
)
scenario("exercises", "values_leaf")(
    lambda lang: str(windows_exercise().check({"values": {"G": 1}}, language=lang))
)
scenario("exercises", "values_pruned")(
    lambda lang: str(windows_exercise().check({"values": {"F": 3}}, language=lang))
)
scenario("exercises", "values_not_number")(
    lambda lang: str(windows_exercise().check({"values": {"A": "three"}}, language=lang))
)

# exercises: students' functions
scenario("exercises", "raised")(lambda lang: str(check_negamax(crashing, language=lang)))
scenario("exercises", "negamax_wrong")(
    lambda lang: str(check_negamax(always_zero_without_reading, language=lang))
)
scenario("exercises", "negamax_right")(
    lambda lang: str(check_negamax(plain_negamax, language=lang))
)
scenario("exercises", "tree_value", "returned_instead", "never_read")(
    lambda lang: str(check_alphabeta(always_zero_without_reading, language=lang))
)
scenario("exercises", "evaluated_extra")(
    lambda lang: str(check_alphabeta(clamped_negamax, language=lang))
)
scenario("exercises", "wrong_order")(
    lambda lang: str(check_alphabeta(reversed_alphabeta, language=lang))
)
scenario("exercises", "with_window", "failure_returns", "failure_rule_hard")(
    lambda lang: str(check_alphabeta(failsoft_alphabeta, failure="hard", language=lang))
)
scenario("exercises", "failure_rule_soft")(
    lambda lang: str(check_alphabeta(failhard_alphabeta, failure="soft", language=lang))
)
scenario("exercises", "alphabeta_right")(
    lambda lang: str(check_alphabeta(failhard_alphabeta, language=lang))
)

# exercises: short answers
scenario("exercises", "no_answer")(lambda lang: str(check_answer(..., 3, language=lang)))
scenario("exercises", "expected_statement")(
    lambda lang: str(check_answer("two", "v <= 2", language=lang))
)
scenario("exercises", "not_right", "explanation")(
    lambda lang: str(
        check_answer(
            textbook_value() + 1,
            textbook_value(),
            explanation={"en": "Search the tree again.", "ja": "もう一度探索してみましょう。"},
            language=lang,
        )
    )
)
scenario("exercises", "expected_number")(
    lambda lang: str(check_answer("3", textbook_value(), language=lang))
)
scenario("exercises", "expected_word")(lambda lang: str(check_answer(3, "MAX", language=lang)))
scenario("exercises", "what_answer", "names_wrong_type")(
    lambda lang: str(check_answer(3, windows_exercise().solution.pruned, language=lang))
)
scenario("exercises", "not_quite", "not_these", "missing_count", "parts_separator")(
    lambda lang: str(check_answer({"J", "K"}, windows_exercise().solution.pruned, language=lang))
)


# the pruning widget
@scenario(
    "pruning", "check", "show_solution", "new_tree", "clear", "pruned_leaves_label", "values_label"
)
def pruning_controls(language: Language) -> str:
    widget = pruning_widget(language)
    buttons = (
        widget.check_button,
        widget.solution_button,
        widget.new_tree_button,
        widget.clear_button,
    )
    labels = (widget.pruned_leaves_label, widget.values_label)
    return " | ".join(
        [*(button.description for button in buttons), *(label.value for label in labels)]
    )


scenario("pruning", "title")(lambda lang: pruning_widget(lang).title.value)
scenario("pruning", "leaf_tooltip")(lambda lang: pruning_widget(lang).leaf_buttons["G"].tooltip)


@scenario("pruning", "value_placeholder", "value_tooltip")
def value_box(language: Language) -> str:
    box = pruning_widget(language).value_boxes["A"]
    return f"{box.placeholder} {box.tooltip}"


@scenario("pruning", "leaf_spoken", "leaf_spoken_pressed", "value_spoken")
def spoken_labels(language: Language) -> str:
    """What a screen reader hears on G's toggle, on J's once pressed, and on A's box."""
    widget = pruning_widget(language)
    widget.mark("J")
    return " | ".join([widget.leaf_label("G"), widget.leaf_label("J"), widget.value_label("A")])


scenario("pruning", "box_problem")(lambda lang: widget_feedback(lang, ["J"], {"A": "x"}))
scenario("pruning", "not_filled", "separator")(
    lambda lang: widget_feedback(lang, ["J", "M", "N"], {"A": "3"})
)
scenario("pruning", "solution_title")(lambda lang: pruning_widget(lang).show_solution().titles[0])
scenario("pruning", "static_intro", "worked_summary", "why_cutoffs", "solution")(
    lambda lang: pruning_widget(lang).static_html()
)
scenario("pruning", "none", "no_cutoff")(
    lambda lang: worked_solution_html(no_cut_exercise(), language=lang)
)


# the tic-tac-toe board
scenario("tictactoe", "human", "cpu_0", "cpu_1", "cpu_2", "cpu_3")(
    lambda lang: " | ".join(label for label, _ in side_options(language=lang))
)


@scenario("tictactoe", "plies", "new_game", "show_search")
def board_controls(language: Language) -> str:
    widget = TicTacToeWidget(language=language)
    controls = (widget.plies_choice, widget.new_game_button, widget.show_search)
    return " | ".join(control.description for control in controls)


def board_status(
    language: Language, *squares: int, x: Any = "human", o: Any = "human", plies: int = 2
) -> str:
    """The status line after ``squares`` are clicked (CPUs search two plies unless told)."""
    widget = TicTacToeWidget(x=x, o=o, plies=plies, language=language)
    for square in squares:
        widget.click(square)
    return str(widget.status)


scenario("tictactoe", "new_game_started", "to_move_you")(lambda lang: board_status(lang))
scenario("tictactoe", "cpu_turn", "to_move_cpu")(lambda lang: cpu_turn_widget(lang).status)
scenario("tictactoe", "played")(lambda lang: board_status(lang, 4))
scenario("tictactoe", "taken")(lambda lang: board_status(lang, 4, 4))
scenario("tictactoe", "cpu_played", "game_over", "draw")(
    lambda lang: board_status(lang, x=3, o=3, plies=9)  # perfect play on both sides: a draw
)
scenario("tictactoe", "wins")(lambda lang: board_status(lang, 0, 3, 1, 4, 2))
scenario("tictactoe", "over_press_new_game")(lambda lang: board_status(lang, 0, x=3, o=3))
scenario("tictactoe", "searched", "values_for", "side_to_move", "header", "played_marker")(
    lambda lang: search_report(level_three_trace(), language=lang)
)
scenario("tictactoe", "no_search")(
    lambda lang: TicTacToeWidget(x="human", o="human", language=lang).search_report()
)
scenario("tictactoe", "needs_python")(lambda lang: needs_python_html(language=lang))


@scenario("tictactoe", "square_spoken", "empty")
def square_labels(language: Language) -> str:
    """What a screen reader hears on b2 after X took it, and on the empty c2 beside it."""
    widget = TicTacToeWidget(x="human", o="human", language=language)
    widget.click(4)
    return " | ".join(widget.square_label(square) for square in (4, 5))


# the set-up report
@scenario("setup_check", "ready", "set_up", "front_end_missing", "backend_fallback")
def report_without_front_end(language: Language) -> str:
    def text() -> str:
        report = setup_report(**dict.fromkeys(FRONT_ENDS))
        return f"{report}\n{report.drawing_backend}"

    return in_language(language, text)


@scenario(
    "setup_check", "packages_missing", "package_missing", "graphviz_missing", "install_graphviz"
)
def report_with_a_missing_package(language: Language) -> str:
    report = setup_report(networkx=None)
    return "\n".join([report.status_line(language=language), *report.lines(language=language)])


@scenario("setup_check", "fallback_missing")
def report_without_the_fallback(language: Language) -> str:
    packages: dict[str, str | None] = dict.fromkeys(COURSE_PACKAGES, "1.0") | {"matplotlib": None}
    report = SetupReport("3.14.0", packages, "Graphviz 12.2.1 (WebAssembly)")
    return "\n".join([report.status_line(language=language), *report.lines(language=language)])


@scenario("setup_check", "graphviz_found", "backend_graphviz")
def report_with_graphviz(language: Language) -> str:
    packages: dict[str, str | None] = dict.fromkeys(COURSE_PACKAGES, "1.0")
    report = SetupReport("3.12.0", packages, "dot - graphviz version 2.43.0", language)
    return "\n".join([report.drawing_backend, *report.lines()])


def test_every_entry_of_these_words_tables_has_a_scenario() -> None:
    entries = {(short, name) for short, module in MODULES.items() for name in module.WORDS}
    assert set(SCENARIOS) == entries


@pytest.mark.parametrize(
    ("module", "entry"), sorted(SCENARIOS), ids=[f"{m}:{e}" for m, e in sorted(SCENARIOS)]
)
def test_the_entry_is_written_in_both_languages_with_the_same_facts(
    module: str, entry: str
) -> None:
    make = SCENARIOS[module, entry]
    english, japanese = make("en"), make("ja")
    for text in (english, japanese):  # every template went through str.format
        assert "{{" not in text and "}}" not in text, text
    texts: Mapping[str, str] = MODULES[module].WORDS[entry]
    for part in literal_parts(texts["en"]):
        assert part in english, f"{entry}: {part!r} not in {english!r}"
    for part in literal_parts(texts["ja"]):
        assert part in japanese, f"{entry}: {part!r} not in {japanese!r}"
    assert_same_facts(english, japanese)


# ---- random trees: every explanation of every leaf, every wrong value
conventions = st.builds(
    Convention,
    cutoff=st.sampled_from([">=", ">"]),
    order=st.sampled_from(["given", "reversed"]),
    failure=st.sampled_from(["hard", "soft"]),
)
random_exercises = st.builds(
    PruningExercise,
    seed=st.integers(0, 10**6),
    depth=st.integers(1, 4),
    branching=st.sampled_from([2, 3, (1, 3)]),
    convention=conventions,
)


@settings(max_examples=60, deadline=None)
@given(random_exercises)
def test_every_leaf_explanation_of_a_random_exercise_says_the_same_in_japanese(
    exercise: PruningExercise,
) -> None:
    for leaf in exercise.leaf_names:
        changed = set(exercise.solution.pruned) ^ {leaf}
        english = exercise.check(changed, language="en")
        japanese = exercise.check(changed, language="ja")
        assert not japanese.correct and len(japanese.messages) == len(english.messages) == 1
        assert japanese.messages[0].startswith(f"{leaf} は")
        assert_same_facts(english.messages[0], japanese.messages[0])
    wrong = {name: value + 1 for name, value in exercise.solution.values.items()}
    english_values = exercise.check({"values": wrong}, language="en").messages
    japanese_values = exercise.check({"values": wrong}, language="ja").messages
    assert len(english_values) == len(japanese_values) == len(wrong)
    for english_message, japanese_message in zip(english_values, japanese_values, strict=True):
        assert_same_facts(english_message, japanese_message)
    assert_same_facts(exercise.question(language="en"), exercise.question(language="ja"))
    assert_same_facts(
        solution_html(exercise, language="en"), solution_html(exercise, language="ja")
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(-50, 50), st.sampled_from(list(Bound)))
def test_bound_words_keep_the_number_and_the_relation(value: int, bound: Bound) -> None:
    english, japanese = bound_words(value, bound), bound_words(value, bound, language="ja")
    assert facts(english) == facts(japanese)
    for symbol in "≥≤":
        assert (symbol in english) == (symbol in japanese)


# ---- the course-wide setting
def test_the_course_wide_japanese_setting_reaches_every_text() -> None:
    gamelib.set_language("ja")
    exercise = windows_exercise()
    feedback = exercise.check({"J"})
    assert str(feedback).startswith("まだ正解ではありません：")
    assert feedback.messages[0].startswith("M は枝刈りされます")
    assert "探索窓" in exercise.explain_evaluated("K")
    assert bound_words(3, Bound.LOWER) == "3（下限値：≥ 3）"
    assert join_names(["F", "G", "H"]) == "F、G と H"
    assert str(check_answer(None, 3)).startswith("まだ正解ではありません：")
    assert PruningWidget(exercise).check_button.description == "答え合わせ"
    assert (
        TicTacToeWidget(x="human", o="human").status == "新しいゲームです。X の手番です（あなた）。"
    )
    assert str(check_setup()).startswith("セットアップ：")
    with pytest.raises(ValueError, match="数として読めません"):
        read_number("three")


def test_english_stays_the_default_and_a_language_argument_wins() -> None:
    exercise = windows_exercise()
    assert str(exercise.check({"J", "M", "N"})) == "Correct!"
    gamelib.set_language("ja")
    assert str(exercise.check({"J", "M", "N"}, language="en")) == "Correct!"
    assert str(exercise.check({"J", "M", "N"})) == "正解です！"
    widget = PruningWidget(exercise, language="en")
    assert widget.check_button.description == "Check"
    widget.mark("J", "M", "N")
    assert widget.check().correct and "Correct!" in widget.feedback.value


def test_a_feedback_made_in_japanese_stays_japanese_whatever_the_setting() -> None:
    feedback = windows_exercise().check({"J"}, language="ja")
    assert feedback.language == "ja"
    assert feedback.head() == "まだ正解ではありません："
    assert "まだ正解ではありません：" in feedback._repr_html_()


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        windows_exercise().check({"J"}, language="fr")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        PruningWidget(windows_exercise(), language="fr")


def test_an_explanation_per_language_is_picked_by_language() -> None:
    explanation = {"en": "Look at B.", "ja": "B を見てください。"}
    value = negamax(WINDOWS).value
    english = check_answer(value + 1, value, explanation=explanation, language="en")
    japanese = check_answer(value + 1, value, explanation=explanation, language="ja")
    assert english.messages == [f"{notation.format_number(value + 1)} is not right. Look at B."]
    assert japanese.messages == [
        f"{notation.format_number(value + 1)} は正しくありません。B を見てください。"
    ]
    only_english = check_answer(value + 1, value, explanation={"en": "Look."}, language="ja")
    assert only_english.messages[0].endswith("Look.")
