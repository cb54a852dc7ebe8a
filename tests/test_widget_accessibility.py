"""What a screen reader and a keyboard get from the widgets, checked from Python (no browser).

The browser tests (tests/browser/test_*_in_jupyterlab.py) check the names Chromium computes;
these check what the kernel sends: the hidden words in each widget's style sheet, the classes
that select them, the labels, and the live region of the status lines, in both languages.
"""

from __future__ import annotations

import re

import pytest

from gamelib.exercises import PruningExercise
from gamelib.games.tictactoe import SQUARE_NAMES
from gamelib.render.accessible import (
    BUTTON_COLOURS,
    VISUALLY_HIDDEN,
    css_string,
    live_region,
    scope_class,
    spoken_rule,
)
from gamelib.render.animation import STEP_BUTTONS, Animation, button_class
from gamelib.render.static import player_words, view_choices
from gamelib.search import alphabeta
from gamelib.trace import record
from gamelib.trees import TEXTBOOK
from gamelib.widgets.pruning import SCISSORS, PruningWidget
from gamelib.widgets.tictactoe import (
    EMPTY_CLASS,
    SQUARE_BACKGROUNDS,
    SQUARE_COLOURS,
    WINNING_CLASS,
    TicTacToeWidget,
    square_label,
)

JUPYTERLAB_LIGHT = {"mod-success": "#388e3c", "mod-info": "#0097a7", "mod-warning": "#f57c00"}
"""JupyterLab 4's light theme: --jp-success-color1, --jp-info-color1 and --jp-warn-color1."""


def contrast(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21)."""

    def luminance(colour: str) -> float:
        channels = [int(colour[index : index + 2], 16) / 255 for index in (1, 3, 5)]
        linear = [
            value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
            for value in channels
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_colours_give_text_at_least_4_5_to_1() -> None:
    for style, colour in BUTTON_COLOURS.items():
        assert contrast(colour, "#ffffff") >= 4.5, style
        assert contrast(JUPYTERLAB_LIGHT[style], "#ffffff") < 4.5, style  # why they are set
    for mark, colour in SQUARE_COLOURS.items():
        for background in SQUARE_BACKGROUNDS.values():
            assert contrast(colour, background) >= 4.5, (mark, background)


def rule_content(sheet: str, selector: str) -> str:
    """The quoted ``content`` of the rule for ``selector`` in a style sheet (unescaped)."""
    match = re.search(re.escape(selector) + r'\{content:"((?:[^"\\]|\\.)*)";', sheet)
    assert match, f"no rule for {selector} in\n{sheet}"
    return match.group(1).replace('\\"', '"').replace("\\\\", "\\")


def test_css_string_cannot_end_the_string_the_rule_or_the_style_element() -> None:
    assert css_string('say "hi"') == '"say \\"hi\\""'
    assert css_string("a\\b") == '"a\\\\b"'
    assert css_string("</style>") == '"\\3c /style>"'
    assert "\n" not in css_string("two\nlines")
    rule = spoken_rule(".x::after", "b2")
    assert rule == f'.x::after{{content:"b2";{VISUALLY_HIDDEN}}}'


def test_scopes_differ_and_the_live_region_is_polite() -> None:
    assert scope_class() != scope_class()
    region = live_region("<b>X to move.</b>")
    assert 'role="status"' in region and 'aria-live="polite"' in region
    assert region.endswith("<b>X to move.</b></div>")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_square_has_its_name_row_column_and_mark(language: str) -> None:
    widget = TicTacToeWidget(x="human", o="human", language=language)
    sheet = widget.accessibility_style.value
    assert widget.scope in widget.widget._dom_classes
    widget.click(4)  # X takes b2
    widget.click(0)  # O takes a1
    marks = widget.game.marks(widget.state)
    for square, button in enumerate(widget.buttons):
        name = SQUARE_NAMES[square]
        assert f"gamelib-square-{name}" in button._dom_classes
        assert button.tooltip == ""  # no title: the name is not read twice
        before = rule_content(sheet, f".{widget.scope} .gamelib-square-{name}::before")
        label = widget.square_label(square)
        assert label == square_label(square, marks[square], language=language)
        assert label.startswith(before) and name in label
        row, column = divmod(square, 3)
        assert f"{row + 1}" in before and f"{column + 1}" in before
        assert (EMPTY_CLASS in button._dom_classes) == (marks[square] == "")
    empty = rule_content(sheet, f".{widget.scope} .{EMPTY_CLASS}::after")
    assert widget.square_label(8).endswith(f" {empty}")
    assert widget.square_label(4).endswith(" X") and widget.square_label(0).endswith(" O")
    widget.new_game()
    assert all(EMPTY_CLASS in button._dom_classes for button in widget.buttons)


def test_the_winning_line_is_framed_not_only_coloured() -> None:
    widget = TicTacToeWidget(x="human", o="human")
    for square in (0, 3, 1, 4, 2):  # X takes a1, b1, c1
        widget.click(square)
    framed = [
        square
        for square, button in enumerate(widget.buttons)
        if WINNING_CLASS in button._dom_classes
    ]
    assert framed == [0, 1, 2]
    assert f".{WINNING_CLASS}{{background-color:" in widget.accessibility_style.value
    assert "box-shadow:inset 0 0 0 4px" in widget.accessibility_style.value
    widget.new_game()
    assert not any(WINNING_CLASS in button._dom_classes for button in widget.buttons)


def test_square_labels_in_english() -> None:
    assert square_label(5, "", language="en") == "c2, row 2, column 3: empty"
    assert square_label(6, "O", language="en") == "a3, row 3, column 1: O"
    assert square_label(4, "X", language="ja") == "b2（2 行目、2 列目） X"


def test_the_board_status_is_a_live_region_and_every_control_is_labelled() -> None:
    widget = TicTacToeWidget(x="human", o=3, plies=2)
    widget.click(4)
    assert widget.status_line.value.startswith('<div role="status" aria-live="polite"')
    assert "X played b2." in widget.status_line.value
    for choice in (*widget.side_choices, widget.plies_choice):
        assert choice.description.strip()  # a dropdown's description is its <label>
    assert list(widget.plies_choice.options) == list(range(1, 10))
    assert widget.new_game_button.description == "New game"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_leaf_toggle_says_its_value_and_whether_it_is_marked(language: str) -> None:
    widget = PruningWidget(PruningExercise(tree=TEXTBOOK["alpha-beta-windows"]), language=language)
    sheet = widget.accessibility_style.value
    widget.mark("J")
    for index, (name, toggle) in enumerate(widget.leaf_buttons.items()):
        assert f"gamelib-leaf-{index}" in toggle._dom_classes
        selector = f".{widget.scope} .gamelib-leaf-{index}"
        unmarked = rule_content(sheet, f"{selector}::after")
        marked = rule_content(sheet, f"{selector}.mod-active::after")
        value = str(widget.exercise.tree.nodes()[name].value).replace("-", "−")
        assert value in unmarked and value in marked and unmarked != marked
        expected = marked if name == "J" else unmarked
        assert widget.leaf_label(name) == f"{name} {expected}"
    assert (
        f'.gamelib-leaf.mod-active::before{{content:"{SCISSORS}";content:"{SCISSORS}" / "";'
        in sheet
    )
    assert all(toggle.icon == "" for toggle in widget.leaf_buttons.values())  # no glyph in names
    box = rule_content(sheet, f".{widget.scope} .gamelib-value label::after")
    assert widget.value_label("A") == f"A {box}"


def test_a_new_tree_remakes_the_hidden_words_for_its_leaves() -> None:
    widget = PruningWidget(seed=10, depth=3, branching=2)
    first = widget.accessibility_style.value
    widget.new_tree()
    second = widget.accessibility_style.value
    leaves = widget.exercise.tree.leaves()
    assert second != first
    assert second.count("::after{") == 2 * len(leaves) + 1  # two per leaf, one for the boxes


def test_the_verdict_is_a_live_region_and_clearing_empties_it() -> None:
    widget = PruningWidget(PruningExercise(tree=TEXTBOOK["alpha-beta-windows"]))
    widget.check()
    assert widget.feedback.value.startswith('<div role="status" aria-live="polite"')
    assert "Not yet" in widget.feedback.value
    widget.clear()
    assert widget.feedback.value == ""


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_control_of_the_animation_is_named_in_its_language(language: str) -> None:
    animation = Animation(record(alphabeta, TEXTBOOK["alpha-beta-windows"]), language=language)
    words = player_words(language)
    sheet = animation.accessibility_style.value
    assert animation.scope in animation.widget._dom_classes
    assert animation.accessibility_style in animation.widget.children
    buttons = {
        "first_step": animation.first_button,
        "step_back": animation.back_button,
        "step_forward": animation.forward_button,
        "last_step": animation.last_button,
    }
    assert set(buttons) == {name for name, _ in STEP_BUTTONS}
    for name, symbol in STEP_BUTTONS:
        button = buttons[name]
        assert button.description == "" and button.icon == ""  # no symbol or glyph in the name
        assert button_class(name) in button._dom_classes
        selector = f".{animation.scope} .{button_class(name)}"
        assert rule_content(sheet, f"{selector}::after") == words[name]
        assert f'{selector}::before{{content:"{symbol}";content:"{symbol}" / "";' in sheet
    assert animation.play.layout.display == "none"  # it keeps the time; its icons name nothing
    assert animation.play_button.description == words["play"]
    assert animation.play.playing is False  # nothing plays until play is pressed
    animation.play_button.value = True  # in the browser, jslink sets Play's playing too
    assert animation.play_button.description == words["pause"]
    animation.play_button.value = False
    assert animation.play_button.description == words["play"]
    for field, word in (
        (animation.step_field, "step"),
        (animation.speed, "speed"),
        (animation.view_choice, "view"),
    ):
        assert field.description == words[word]  # a number field's or a dropdown's <label>
    assert [label for label, _ in animation.view_choice.options] == [
        label for label, _ in view_choices(language)
    ]


def test_the_animation_says_each_step_in_a_polite_status_region() -> None:
    animation = Animation(record(alphabeta, TEXTBOOK["alpha-beta-windows"]))
    animation.go(18)
    sentence = animation.panels[0]["sentence"].value
    assert sentence.startswith('<div role="status" aria-live="polite" aria-atomic="true">')
    assert "step 18 of 37: β-cut at D: 4 ≥ 3, J pruned" in sentence
    assert scope_class() != animation.scope  # each animation's sheet applies to it alone


def test_the_pruning_widgets_solution_player_is_named_in_the_widgets_language() -> None:
    widget = PruningWidget(PruningExercise(tree=TEXTBOOK["alpha-beta-windows"]), language="ja")
    animation = widget.show_solution()
    words = player_words("ja")
    assert animation.scope in animation.widget._dom_classes
    assert animation.forward_button.description == ""  # no "▶" in its name
    selector = f".{animation.scope} .{button_class('step_forward')}::after"
    assert rule_content(animation.accessibility_style.value, selector) == words["step_forward"]
    assert animation.play_button.description == words["play"]
    assert animation.step_field.description == words["step"]
