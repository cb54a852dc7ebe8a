"""The pruning exercise as a widget: mark the pruned leaves, fill in the values, check.

::

    PruningWidget(seed=3)                      # a fresh random tree
    PruningWidget(PruningExercise(seed=7, convention=Convention(failure="soft")))

The widget shows the drawn tree of a :class:`~gamelib.exercises.PruningExercise`, a toggle
button per leaf (pressed = "α-β never evaluates this leaf"), a text box per inner node for
the value it returns (from MAX's view), and four buttons:

- **Check** asks the exercise (:meth:`~gamelib.exercises.PruningExercise.check`) and shows
  its feedback: which leaf or value is wrong, and the comparison that decides it;
- **Show solution** plays the animation of the real α-β run on the tree (the exercise's
  trace, drawn by :class:`gamelib.render.animation.Animation`);
- **New tree** draws the next random tree (the next seed) with the same size and rules;
- **Clear** releases every toggle and empties every box.

The widget works from the keyboard (Tab to a toggle, Space or Enter to press it; Tab to a
box and type; Tab to Check, Enter), the focused control is outlined, and a screen reader
hears each toggle with its leaf's value and whether it is marked (:meth:`PruningWidget.leaf_label`,
``"K (leaf, value 3): not marked"``: hidden words of the button, see
:mod:`gamelib.render.accessible`, since ipywidgets sets no ``aria-pressed``), each box as the
value its node returns, and the verdict of Check in a polite status region.

Everything can also be driven from Python (:meth:`PruningWidget.mark`,
:meth:`PruningWidget.set_value`, :meth:`PruningWidget.check`, …), which is how the tests use
it. ipywidgets is imported only when a widget is made. Where no kernel runs the widget (a
notebook rendered to a page), the display falls back to the drawing and the question as HTML.

Every label, button and message is in English or Japanese (:data:`WORDS`): the widget's
``language`` (None: the course-wide setting of :func:`gamelib.language.set_language`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any, Final

from gamelib.exercises import Convention, Feedback, PruningExercise
from gamelib.language import Language, check_language, resolve
from gamelib.notation import format_number, read_number
from gamelib.render.accessible import (
    live_region,
    mark_rule,
    scope_class,
    spoken_rule,
    style_sheet,
    widget_rules,
)
from gamelib.render.dot import draw
from gamelib.render.static import inline_svg, widget_drawing
from gamelib.trace import Cutoff
from gamelib.trees import Tree

SCISSORS = "✂"
"""The mark a pressed leaf toggle shows before the leaf's name (drawn by CSS, not read)."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "check": {"en": "Check", "ja": "答え合わせ"},
    "show_solution": {"en": "Show solution", "ja": "解答を見る"},
    "new_tree": {"en": "New tree", "ja": "新しい木"},
    "clear": {"en": "Clear", "ja": "クリア"},
    "title": {
        "en": "<b>Which leaves does α-β prune?</b> Tree seed {seed} · {convention} · "
        "MAX (boxes) moves at the root, MIN (ellipses) below.",
        "ja": "<b>αβ法はどの葉を枝刈りするでしょうか？</b> 木のシード {seed} · {convention} · "
        "根ノードは MAX（四角）の手番、その下は MIN（楕円）の手番です。",
    },
    "pruned_leaves_label": {
        "en": "<b>Pruned leaves</b> (press every leaf α-β never evaluates):",
        "ja": "<b>枝刈りされる葉</b>（αβ法が評価しない葉をすべて押してください）：",
    },
    "values_label": {
        "en": "<b>Values</b> each inner node returns, from MAX's view "
        "(leave a pruned node empty; values are optional):",
        "ja": "<b>値</b>：各内部ノードが返す値を MAX から見た値で"
        "（枝刈りされるノードは空欄のまま。値の記入は任意です）：",
    },
    "leaf_tooltip": {
        "en": "leaf {name} (value {value}): press to mark it pruned",
        "ja": "葉 {name}（値 {value}）：押すと、枝刈りされる葉として印が付きます",
    },
    "leaf_spoken": {
        "en": "(leaf, value {value}): not marked",
        "ja": "（葉、値 {value}）：未選択",
    },
    "leaf_spoken_pressed": {
        "en": "(leaf, value {value}): marked as pruned",
        "ja": "（葉、値 {value}）：枝刈りされる葉として選択済み",
    },
    "value_spoken": {
        "en": "(the value it returns, from MAX's view)",
        "ja": "（返す値、MAX から見た値）",
    },
    "value_placeholder": {"en": "value", "ja": "値"},
    "value_tooltip": {"en": "the value {name} returns", "ja": "{name} が返す値"},
    "box_problem": {"en": "value of {name}: {error}", "ja": "{name} の値：{error}"},
    "not_filled": {
        "en": "Values not filled in (optional): {names}.",
        "ja": "記入されていない値（任意）：{names}。",
    },
    "solution_title": {"en": "the solution: {algorithm}", "ja": "解答：{algorithm}"},
    "static_intro": {
        "en": "<b>Which leaves does α-β prune?</b> Tree seed {seed} · {convention}. (In a "
        "running notebook this is an interactive exercise with buttons; here, answer with "
        "<code>exercise.check(...)</code>.)",
        "ja": "<b>αβ法はどの葉を枝刈りするでしょうか？</b> 木のシード {seed} · {convention}。"
        "（ノートブックを実行していればボタンで操作できる演習です。ここでは "
        "<code>exercise.check(...)</code> で答えてください。）",
    },
    "solution": {
        "en": "<b>Solution.</b> Pruned leaves: {pruned}. Values returned (MAX's view): "
        "{values}. Leaves evaluated, in order: {evaluated}.",
        "ja": "<b>解答</b> 枝刈りされる葉：{pruned}。返される値（MAX から見た値）："
        "{values}。評価される葉（評価の順）：{evaluated}。",
    },
    "none": {"en": "none", "ja": "なし"},
    "separator": {"en": ", ", "ja": "、"},
    "worked_summary": {
        "en": "<b>Worked solution</b> (try it first)",
        "ja": "<b>解説つきの解答</b>（まず自分で解いてみましょう）",
    },
    "why_cutoffs": {"en": "Why, cutoff by cutoff:", "ja": "理由（カットごとに）："},
    "no_cutoff": {
        "en": "No cutoff: every leaf is evaluated.",
        "ja": "カットは起きません。すべての葉が評価されます。",
    },
}
"""Every label and sentence of the widget, in English and Japanese (``str.format`` templates)."""


def _words(language: str | None) -> dict[str, str]:
    """The templates of :data:`WORDS` in ``language`` (None: the course-wide language)."""
    chosen = resolve(language)
    return {name: texts[chosen] for name, texts in WORDS.items()}


def read_value(text: str, *, language: str | None = None) -> float | None:
    """A number typed into a value box: ``3``, ``-2``, ``−2``, ``2.5``, ``inf``, ``-∞``.

    Returns:
        The number as :func:`gamelib.notation.read_number` reads it (an ``int`` when it is
        whole), or None for blank text.

    Raises:
        ValueError: for text that is not a number (the message quotes it, in ``language``).
    """
    return read_number(text, language=language) if text.strip() else None


class PruningWidget:
    """A "which leaves are pruned?" exercise to click through in a notebook.

    Args:
        exercise: the exercise to show; None makes a random one from ``seed``, ``depth``,
            ``branching`` and ``convention``.
        seed: the random tree's seed (when no exercise is given); "New tree" adds 1.
        depth: plies from the root to the leaves of new random trees.
        branching: children per inner node of new random trees, or (fewest, most).
        convention: the α-β rules of new exercises (default: left to right, cut on ≥,
            fail-hard).
        language: the language of the labels, buttons and feedback; None follows the
            course-wide setting (read each time a text is made).

    Attributes:
        exercise: the current exercise.
        seed: the current random tree's seed.
        leaf_buttons: one toggle button per leaf, by leaf name (left to right).
        value_boxes: one text box per inner node, by node name (level by level).
        feedback: the HTML widget where "Check" writes its verdict.
        solution: the box where "Show solution" puts the animation.
        widget: the whole ipywidgets box (what the notebook shows).
        pruned_leaves_label: the line above the toggles; values_label: the line above the
            boxes.
        scope: the class of :attr:`widget` that :attr:`accessibility_style` applies to.
        accessibility_style: the HTML widget holding the style sheet of the toggles' and
            boxes' hidden words and of the focus outline (remade with each tree).
    """

    def __init__(
        self,
        exercise: PruningExercise | None = None,
        *,
        seed: int = 0,
        depth: int = 3,
        branching: int | tuple[int, int] = 2,
        convention: Convention | None = None,
        language: str | None = None,
    ) -> None:
        import ipywidgets as widgets  # type: ignore[import-untyped]

        self.language: Language | None = None if language is None else check_language(language)
        words = _words(self.language)
        if exercise is None:
            exercise = PruningExercise(seed, depth, branching, convention)
        else:
            seed, depth, branching = (
                exercise.seed,
                exercise.tree.height(),
                _branching(exercise.tree),
            )
        self.exercise: PruningExercise = exercise
        self.seed = seed
        self.depth = depth
        self.branching = branching
        self.convention = exercise.convention
        self.leaf_buttons: dict[str, Any] = {}
        self.value_boxes: dict[str, Any] = {}
        self.animation: Any = None

        self.scope = scope_class()
        self.accessibility_style = widgets.HTML()
        self.title = widgets.HTML()
        self.drawing = widgets.HTML()
        self.leaf_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.value_grid = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.check_button = self._button(words["check"], "success", self._on_check)
        self.solution_button = self._button(words["show_solution"], "info", self._on_solution)
        self.new_tree_button = self._button(words["new_tree"], "", self._on_new_tree)
        self.clear_button = self._button(words["clear"], "", self._on_clear)
        self.feedback = widgets.HTML()
        self.solution = widgets.VBox()
        self.pruned_leaves_label = widgets.HTML(words["pruned_leaves_label"])
        self.values_label = widgets.HTML(words["values_label"])
        self.widget = widgets.VBox(
            [
                self.accessibility_style,
                self.title,
                self.drawing,
                self.pruned_leaves_label,
                self.leaf_row,
                self.values_label,
                self.value_grid,
                widgets.HBox(
                    [
                        self.check_button,
                        self.solution_button,
                        self.new_tree_button,
                        self.clear_button,
                    ]
                ),
                self.feedback,
                self.solution,
            ]
        )
        self.widget.add_class("gamelib-pruning-exercise")
        self.widget.add_class(self.scope)
        self.title.add_class("gamelib-pruning-title")
        self.drawing.add_class("gamelib-pruning-drawing")
        self.leaf_row.add_class("gamelib-leaves")
        self.value_grid.add_class("gamelib-values")
        self.check_button.add_class("gamelib-check")
        self.solution_button.add_class("gamelib-show-solution")
        self.new_tree_button.add_class("gamelib-new-tree")
        self.clear_button.add_class("gamelib-clear")
        self.feedback.add_class("gamelib-feedback")
        self.solution.add_class("gamelib-solution")
        self._build()

    # ---- building
    def _button(self, text: str, style: str, action: Any) -> Any:
        """A button labelled ``text`` (no icon: see :mod:`gamelib.render.accessible`)."""
        import ipywidgets as widgets

        button = widgets.Button(description=text, button_style=style)
        button.on_click(lambda _button: action())
        return button

    def _build(self) -> None:
        """(Re)make the drawing, the toggles and the boxes for the current exercise."""
        import ipywidgets as widgets

        exercise = self.exercise
        words = _words(self.language)
        convention = escape(exercise.convention.describe(language=self.language))
        title = words["title"].format(seed=exercise.seed, convention=convention)
        self.title.value = f"<div style='font-size:1.1em'>{title}</div>"
        self.drawing.value = widget_drawing(
            draw(exercise.tree, language=self.language).svg(), self.language
        )
        self.leaf_buttons = {}
        for index, leaf in enumerate(exercise.tree.leaves()):
            button = widgets.ToggleButton(
                value=False,
                description=leaf.name,
                tooltip=words["leaf_tooltip"].format(name=leaf.name, value=leaf.value),
                layout=widgets.Layout(width="auto", min_width="44px"),
            )
            button.add_class("gamelib-leaf")
            button.add_class(f"gamelib-leaf-{index}")
            button.observe(self._on_toggle, names="value")
            self.leaf_buttons[leaf.name] = button
        self.leaf_row.children = tuple(self.leaf_buttons.values())
        self.value_boxes = {}
        labels = []
        for node in _inner_nodes_level_by_level(exercise.tree):
            box = widgets.Text(
                value="",
                placeholder=words["value_placeholder"],
                description=node.name,
                tooltip=words["value_tooltip"].format(name=node.name),
                layout=widgets.Layout(width="150px"),
                style={"description_width": "48px"},
            )
            box.add_class("gamelib-value")
            self.value_boxes[node.name] = box
            labels.append(box)
        self.value_grid.children = tuple(labels)
        self.accessibility_style.value = self._style_sheet()
        self.feedback.value = ""
        self.solution.children = ()
        self.animation = None

    def _style_sheet(self) -> str:
        """The hidden words of the toggles and boxes of the current tree, and the focus
        outline (rules scoped to this widget's box, :attr:`scope`)."""
        words = _words(self.language)
        rules = [
            *widget_rules(self.scope),
            mark_rule(f".{self.scope} .gamelib-leaf.mod-active::before", SCISSORS),
        ]
        for index, leaf in enumerate(self.exercise.tree.leaves()):
            toggle = f".{self.scope} .gamelib-leaf-{index}"
            for suffix, word in (("", "leaf_spoken"), (".mod-active", "leaf_spoken_pressed")):
                text = words[word].format(value=_leaf_value(leaf))
                rules.append(spoken_rule(f"{toggle}{suffix}::after", text))
        rules.append(
            spoken_rule(f".{self.scope} .gamelib-value label::after", words["value_spoken"])
        )
        return style_sheet(rules)

    def leaf_label(self, name: str) -> str:
        """The accessible name of leaf ``name``'s toggle now: the name, then its hidden words
        (``"K (leaf, value 3): not marked"``, or ``… marked as pruned`` when pressed), as a
        browser computes it (the pressed words follow the class ``mod-active`` that
        ipywidgets gives a pressed toggle)."""
        leaf = self.exercise.tree.nodes()[name]
        word = "leaf_spoken_pressed" if self.leaf_buttons[name].value else "leaf_spoken"
        spoken = _words(self.language)[word].format(value=_leaf_value(leaf))
        return f"{name} {spoken}"

    def value_label(self, name: str) -> str:
        """The accessible name of inner node ``name``'s box: its label and the hidden words
        (``"A (the value it returns, from MAX's view)"``)."""
        return f"{name} {_words(self.language)['value_spoken']}"

    def _on_toggle(self, change: dict[str, Any]) -> None:
        change["owner"].button_style = "warning" if change["new"] else ""

    # ---- the answer
    def mark(self, *names: str, pruned: bool = True) -> None:
        """Press (or, with ``pruned=False``, release) the toggles of these leaves.

        Raises:
            KeyError: for a name that is not a leaf of the tree.
        """
        for name in names:
            if name not in self.leaf_buttons:
                raise KeyError(
                    f"{name!r} is not a leaf (the leaves are {', '.join(self.leaf_buttons)})"
                )
            self.leaf_buttons[name].value = pruned

    def set_value(self, name: str, value: float | str) -> None:
        """Type ``value`` into the box of inner node ``name``.

        Raises:
            KeyError: for a name that is not an inner node of the tree.
        """
        if name not in self.value_boxes:
            raise KeyError(
                f"{name!r} is not an inner node (they are {', '.join(self.value_boxes)})"
            )
        self.value_boxes[name].value = str(value)

    def set_values(self, values: dict[str, float | str]) -> None:
        """Type every value of ``values`` (node name → value) into its box."""
        for name, value in values.items():
            self.set_value(name, value)

    def clear(self) -> None:
        """Release every toggle and empty every box."""
        for button in self.leaf_buttons.values():
            button.value = False
        for box in self.value_boxes.values():
            box.value = ""
        self.feedback.value = ""

    @property
    def marked(self) -> set[str]:
        """The leaves marked as pruned."""
        return {name for name, button in self.leaf_buttons.items() if button.value}

    def answer(self) -> tuple[dict[str, Any], list[str]]:
        """The answer as :meth:`PruningExercise.check` takes it, and problems with the boxes.

        Returns:
            ``({"pruned": {...}, "values": {...}}, problems)``: "values" holds the boxes that
            are filled in with a number (it is left out when none is); ``problems`` names
            every box whose text is not a number.
        """
        values: dict[str, float] = {}
        problems: list[str] = []
        words = _words(self.language)
        for name, box in self.value_boxes.items():
            try:
                number = read_value(box.value, language=self.language)
            except ValueError as error:
                problems.append(words["box_problem"].format(name=name, error=error))
                continue
            if number is not None:
                values[name] = number
        answer: dict[str, Any] = {"pruned": self.marked}
        if values:
            answer["values"] = values
        return answer, problems

    def check(self) -> Feedback:
        """Check the answer on the screen and show the verdict; returns the feedback."""
        answer, problems = self.answer()
        words = _words(self.language)
        feedback = self.exercise.check(answer, language=self.language)
        if problems:
            feedback = Feedback(False, [*problems, *feedback.messages], language=feedback.language)
        blank = [
            name
            for name in self.exercise.solution.values
            if name in self.value_boxes and not self.value_boxes[name].value.strip()
        ]
        note = ""
        if blank and feedback.correct:
            names = escape(words["separator"].join(blank))
            note = f"<div style='color:#555'>{words['not_filled'].format(names=names)}</div>"
        self.feedback.value = live_region(feedback._repr_html_() + note)
        return feedback

    # ---- the solution
    def show_solution(self) -> Any:
        """Put the animation of the real α-β run under the buttons; returns the animation.

        The animation is a :class:`gamelib.render.animation.Animation` of the exercise's
        trace, opened at its last step, with a line listing the pruned leaves and values.
        """
        import ipywidgets as widgets

        from gamelib.render.animation import Animation

        trace = self.exercise.trace
        title = _words(self.language)["solution_title"].format(algorithm=trace.algorithm)
        animation = Animation(trace, titles=[title], language=self.language)
        animation.go(animation.steps)
        self.animation = animation
        self.solution.children = (
            widgets.HTML(solution_html(self.exercise, language=self.language)),
            animation.widget,
        )
        return animation

    # ---- a new tree
    def new_tree(self, seed: int | None = None) -> PruningExercise:
        """Replace the exercise by a new random tree (default: the next seed); returns it."""
        self.seed = self.seed + 1 if seed is None else seed
        self.exercise = PruningExercise(self.seed, self.depth, self.branching, self.convention)
        self._build()
        return self.exercise

    # ---- button actions
    def _on_check(self) -> None:
        self.check()

    def _on_solution(self) -> None:
        self.show_solution()

    def _on_new_tree(self) -> None:
        self.new_tree()

    def _on_clear(self) -> None:
        self.clear()

    # ---- display
    def static_html(self, *, language: str | None = None) -> str:
        """The exercise as plain HTML: the question, the drawn tree and a collapsed worked
        solution (a ``<details>`` element: the answer, each cutoff in words, the solved tree),
        no controls: what a page without a kernel shows. In ``language`` (None: the
        widget's language)."""
        exercise = self.exercise
        chosen = self.language if language is None else language
        convention = escape(exercise.convention.describe(language=chosen))
        intro = _words(chosen)["static_intro"].format(seed=exercise.seed, convention=convention)
        return (
            f"<div class='gamelib-pruning-exercise-static'><p>{intro}</p>"
            f"{inline_svg(draw(exercise.tree, language=chosen).svg())}"
            f"{worked_solution_html(exercise, language=chosen)}</div>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = self.static_html()
        return bundle

    def __repr__(self) -> str:
        return f"<PruningWidget: {self.exercise!r}>"


def solution_html(exercise: PruningExercise, *, language: str | None = None) -> str:
    """The solution of ``exercise`` in one paragraph: pruned leaves and returned values, in
    ``language`` (None: the course-wide language)."""
    words = _words(language)
    separator = words["separator"]
    pruned = [name for name in exercise.leaf_names if name in exercise.solution.pruned]
    values = separator.join(
        f"{name} {format_number(value)}"
        for name, value in _in_tree_order(exercise, exercise.solution.values)
    )
    paragraph = words["solution"].format(
        pruned=escape(separator.join(pruned)) if pruned else words["none"],
        values=escape(values),
        evaluated=escape(" ".join(exercise.solution.evaluated)),
    )
    return f"<div>{paragraph}</div>"


def worked_solution_html(exercise: PruningExercise, *, language: str | None = None) -> str:
    """The worked solution of ``exercise``, collapsed: a ``<details>`` element holding the
    solution paragraph, every cutoff of the reference run in words, and its drawing (in
    ``language``; None: the course-wide language)."""
    words = _words(language)
    cuts = "".join(
        f"<li>{escape(exercise.cut_sentence(event, language=language))}</li>"
        for event in exercise.trace.events
        if isinstance(event, Cutoff)
    )
    reasons = f"<ul>{cuts}</ul>" if cuts else f"<p>{words['no_cutoff']}</p>"
    return (
        f"<details class='gamelib-worked-solution'><summary>{words['worked_summary']}</summary>"
        f"{solution_html(exercise, language=language)}<p>{words['why_cutoffs']}</p>{reasons}"
        f"{inline_svg(draw(exercise.trace, language=language).svg())}</details>"
    )


def _in_tree_order(
    exercise: PruningExercise, values: dict[str, float] | Any
) -> Iterable[tuple[str, float]]:
    for node in _inner_nodes_level_by_level(exercise.tree):
        if node.name in values:
            yield node.name, values[node.name]


def _leaf_value(leaf: Tree) -> str:
    """A leaf's value as the drawing writes it (``−2``, with a minus sign)."""
    if leaf.value is None:
        raise ValueError(f"leaf {leaf.name} has no value")
    return format_number(leaf.value)


def _inner_nodes_level_by_level(tree: Tree) -> list[Tree]:
    nodes = sorted(tree.walk(), key=lambda item: item[1])  # stable: left to right per level
    return [node for node, _ in nodes if not node.is_leaf]


def _branching(tree: Tree) -> int | tuple[int, int]:
    """The fewest and most children of an inner node of ``tree`` (one number if equal)."""
    counts = [len(node.children) for node, _ in tree.walk() if not node.is_leaf] or [1]
    return counts[0] if min(counts) == max(counts) else (min(counts), max(counts))


__all__ = ["PruningWidget", "read_value", "solution_html"]
