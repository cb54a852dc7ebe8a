"""An ipywidgets animation that steps through a trace, or two traces side by side.

::

    trace = record(alphabeta, TEXTBOOK["alpha-beta-windows"])
    Animation(trace)                                 # play, step buttons and field, speed, view
    Animation(record(nega_alpha, tree), record(alphabeta, tree))   # side by side
    show(trace)                                      # the widget in a live kernel, else HTML

Every frame (drawing, sentence, windows on a number line, counts) is prepared once, then kept
(see :mod:`gamelib.render.frames`); stepping only swaps prepared text. Making the animation
prepares the frames of the view it starts in. Displaying it also embeds the HTML player (for
pages without a kernel), and that player holds both views when the traces have at most
:data:`~gamelib.render.static.BOTH_VIEWS_UP_TO` steps in all
(:func:`~gamelib.render.static.default_views`): so a short trace has both views' frames
prepared as soon as it is shown, and only a longer one prepares the other view when the view
choice first asks for it.

A live kernel is detected by :func:`in_live_kernel`: IPython is running with a kernel
attached (``get_ipython().kernel`` exists), ipywidgets is importable, and the environment
variable ``GAMELIB_STATIC`` is not set to something other than ``0``. Where there is no
live kernel (plain Python, a terminal, a notebook rendered to a page), :func:`show` returns
the self-contained HTML player of :mod:`gamelib.render.static`. An :class:`Animation` also
carries that HTML in its display data, so a notebook rendered by nbconvert or Jupyter Book
(where widgets have no kernel) still plays.

Its words (buttons, labels, sentences, legend, the drawings' words) are in one language,
chosen when it is made: ``language="ja"``, or the course-wide
:func:`gamelib.set_language` (see :data:`gamelib.render.static.WORDS`).

For a keyboard and a screen reader (:mod:`gamelib.render.accessible`; ipywidgets sets no ARIA):
every control is a Tab stop named in that language. The step buttons show their symbol ("|◀",
"◀", "▶", "▶|") from the style sheet, left out of the name, and are named by hidden words
("first step", …). Play is a toggle button whose text, "play" or "pause", is its name, linked in
the browser to ipywidgets' Play widget, which keeps the time and stays hidden (its buttons show
only Font Awesome icons, which give them no name, and its stop button does what "first step"
does). The step is a number field and the speed and the view are dropdowns, all three named by
their ``<label>`` (ipywidgets ties no label to a slider's handle, so a slider would have no
name). Nothing plays until play is pressed. The sentence of each panel is a polite status
region. A focused control has :data:`~gamelib.render.accessible.FOCUS_OUTLINE`; every control is
at least :data:`~gamelib.render.accessible.SMALLEST_TARGET` pixels high and wide.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from gamelib.core import View
from gamelib.language import Language, resolve
from gamelib.render.accessible import (
    live_region,
    mark_rule,
    scope_class,
    spoken_rule,
    style_sheet,
    widget_rules,
)
from gamelib.render.dot import Engine
from gamelib.render.frames import Frame, trace_frames
from gamelib.render.static import (
    SMALLEST_TEXT_WIDE,
    SPEEDS,
    StaticAnimation,
    default_views,
    html_player,
    legend_html,
    player_words,
    to_html,
    view_choices,
    widget_drawing,
)
from gamelib.render.svg import width_per_text_pixel
from gamelib.trace import Trace


def in_live_kernel() -> bool:
    """Whether widgets can work here: a live IPython kernel with ipywidgets installed."""
    if os.environ.get("GAMELIB_STATIC", "0") not in ("", "0"):
        return False
    try:
        import ipywidgets  # type: ignore[import-untyped]  # noqa: F401
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


PANELS_PER_ROW = 2
"""Traces side by side: at most this many per row (more wrap), so drawings stay readable."""

MUTED = "var(--jp-ui-font-color2, #555)"
"""The colour of the widget's secondary text (counts, captions): JupyterLab's, in its theme."""

PANEL_SPARE = 40
"""CSS pixels a panel needs beside its drawing: its padding and the drawing's sheet."""

STEP_BUTTONS: tuple[tuple[str, str], ...] = (
    ("first_step", "|◀"),
    ("step_back", "◀"),
    ("step_forward", "▶"),
    ("last_step", "▶|"),
)
"""The step buttons: the key of their name in the player's words, and the symbol they show."""


def button_class(name: str) -> str:
    """The CSS class of the step button named by the word ``name`` (``first_step`` →
    ``gamelib-first-step``; the same in every language)."""
    return "gamelib-" + name.replace("_", "-")


def player_style(scope: str, words: dict[str, str]) -> str:
    """The style sheet of the animation whose box has class ``scope``: the widgets' rules
    (focus outline, target sizes), and each step button's symbol (shown, not read) and name
    (read, not shown)."""
    rules = [*widget_rules(scope)]
    for name, symbol in STEP_BUTTONS:
        selector = f".{scope} .{button_class(name)}"
        rules.append(mark_rule(f"{selector}::before", symbol))
        rules.append(spoken_rule(f"{selector}::after", words[name]))
    rules.append(f".{scope} .gamelib-step-button::before{{margin-right:0}}")
    return style_sheet(rules)


class Animation:
    """A widget stepping through one trace, or several traces side by side with one step field.

    Args:
        *traces: one trace, or two (or more) to compare: two algorithms on the same tree,
            fail-hard against fail-soft, ... They are stepped together; a shorter trace
            stays on its last step.
        view: ``"max"`` or ``"mover"`` at the start (a dropdown switches).
        titles: a heading per trace (default: the algorithm's name).
        engine: ``"auto"``, ``"graphviz"`` or ``"matplotlib"`` (see
            :func:`gamelib.render.dot.draw`).
        static_fallback: also put the HTML player in the display data, for pages rendered
            without a kernel.
        language: ``"en"`` or ``"ja"`` for every word the animation shows; None (the
            default): the course-wide language when the animation is made.
        **options: drawing options, as for :func:`gamelib.render.dot.trace_dot`
            (``max_depth``, ``max_children``, ``rankdir``, ``node_types``, ``legend``).

    Attributes:
        widget: the ipywidgets box (displayed when the animation is displayed).
        language: the language of its words.
    """

    def __init__(
        self,
        *traces: Trace,
        view: View = "max",
        titles: Sequence[str] | None = None,
        engine: Engine = "auto",
        static_fallback: bool = True,
        language: str | None = None,
        **options: Any,
    ) -> None:
        if not traces:
            raise ValueError("Animation needs at least one trace")
        if titles is not None and len(titles) != len(traces):
            raise ValueError(f"got {len(titles)} titles for {len(traces)} traces")
        self.traces = traces
        self.titles = list(titles) if titles is not None else [t.algorithm for t in traces]
        self.engine: Engine = engine
        self.options = options
        self.static_fallback = static_fallback
        self.language: Language = resolve(language)
        self.words = player_words(self.language)
        self._frames: dict[View, list[list[Frame]]] = {}
        self._view: View = view
        self.frames(view)
        self.steps = max(len(trace.events) for trace in traces)
        self._build()
        self._show()

    # ---- frames
    def frames(self, view: View | None = None) -> list[list[Frame]]:
        """The frames of every trace in ``view`` (default: the current one), made once."""
        view = self._view if view is None else view
        if view not in self._frames:
            self._frames[view] = [
                trace_frames(trace, view, self.engine, language=self.language, **self.options)
                for trace in self.traces
            ]
        return self._frames[view]

    def frame(self, index: int = 0) -> Frame:
        """The frame trace ``index`` shows now."""
        frames = self.frames()[index]
        return frames[min(self.step, len(frames) - 1)]

    # ---- the widget
    def _build(self) -> None:
        self._make_controls()
        self.panels = [self._panel(index) for index in range(len(self.traces))]
        self._fit_panels()
        self.step_field.observe(lambda change: self._show(), names="value")
        self.speed.observe(self._set_speed, names="value")
        self.view_choice.observe(self._set_view, names="value")
        self.widget = self._layout()

    def _make_controls(self) -> None:
        import ipywidgets as widgets

        words = self.words
        self.play = widgets.Play(
            value=0,
            min=0,
            max=self.steps,
            step=1,
            interval=800,
            show_repeat=False,
            layout=widgets.Layout(display="none"),
        )
        self.play_button = widgets.ToggleButton(
            value=False,
            description=words["play"],
            layout=widgets.Layout(width="auto", min_width="4.5em"),
        )
        self.play_button.add_class("gamelib-play")
        widgets.jslink((self.play, "playing"), (self.play_button, "value"))
        self.play_button.observe(self._name_play_button, names="value")
        self.step_field = widgets.BoundedIntText(
            value=0,
            min=0,
            max=self.steps,
            description=words["step"],
            style={"description_width": "initial"},
            layout=widgets.Layout(width="10em"),
        )
        widgets.jslink((self.play, "value"), (self.step_field, "value"))
        self.first_button = self._button("first_step", lambda: self.go(0))
        self.back_button = self._button("step_back", self.back)
        self.forward_button = self._button("step_forward", self.forward)
        self.last_button = self._button("last_step", lambda: self.go(self.steps))
        self.speed = widgets.Dropdown(
            options=list(SPEEDS),
            value=800,
            description=words["speed"],
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.view_choice = widgets.Dropdown(
            options=list(view_choices(self.language)),
            value=self._view,
            description=words["view"],
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.scope = scope_class()
        self.accessibility_style = widgets.HTML(player_style(self.scope, words))

    def _layout(self) -> Any:
        import ipywidgets as widgets

        buttons = [
            self.first_button,
            self.back_button,
            self.play_button,
            self.play,
            self.forward_button,
            self.last_button,
            self.step_field,
            self.speed,
            self.view_choice,
        ]
        controls = widgets.HBox(
            buttons, layout=widgets.Layout(flex_flow="row wrap", align_items="center")
        )
        row = widgets.HBox(
            [panel["box"] for panel in self.panels],
            layout=widgets.Layout(width="100%", flex_flow="row wrap"),
        )
        legend = widgets.HTML(legend_html(bool(self.options.get("node_types")), self.language))
        box = widgets.VBox([self.accessibility_style, controls, legend, row])
        box.add_class("gamelib-animation")
        box.add_class(self.scope)
        return box

    def _button(self, name: str, action: Callable[[], None]) -> Any:
        """A step button named (and with the tooltip) the word ``name`` of the player's words;
        it has no text of its own: :func:`player_style` shows its symbol and gives its name. Its
        CSS classes are :func:`button_class` and ``gamelib-step-button``."""
        import ipywidgets as widgets

        button = widgets.Button(
            description="", tooltip=self.words[name], layout=widgets.Layout(width="42px")
        )
        button.add_class(button_class(name))
        button.add_class("gamelib-step-button")
        button.on_click(lambda _: action())
        return button

    def _panel(self, index: int) -> dict[str, Any]:
        import ipywidgets as widgets

        parts = {
            "title": widgets.HTML(),
            "sentence": widgets.HTML(),
            "drawing": widgets.HTML(),
            "windows": widgets.HTML(),
        }
        for name, part in parts.items():
            part.add_class(f"gamelib-{name}")
        box = widgets.VBox(list(parts.values()), layout=widgets.Layout(padding="0 6px"))
        return {"box": box, **parts}

    def _fit_panels(self) -> None:
        """Let each panel grow from the width that keeps its drawings' smallest text
        :data:`~gamelib.render.static.SMALLEST_TEXT_WIDE` pixels high (and from its share of
        the row, :data:`PANELS_PER_ROW` to a row), so that panels side by side stack when the
        row is too narrow for them, as the HTML player's do."""
        share = 100 // min(len(self.traces), PANELS_PER_ROW) - 1
        for panel, frames in zip(self.panels, self.frames(), strict=True):
            room = max(
                width_per_text_pixel(picture)
                for frame in frames
                for picture in (frame.svg, frame.windows_svg)
            )
            floor = room * SMALLEST_TEXT_WIDE + PANEL_SPARE
            panel["box"].layout.flex = f"1 1 max({floor:.0f}px, {share}%)"
            panel["box"].layout.min_width = "0"

    def _show(self) -> None:
        for index, panel in enumerate(getattr(self, "panels", [])):
            frame = self.frame(index)
            trace = self.traces[index]
            panel["title"].value = (
                f"<b>{escape(self.titles[index])}</b> &nbsp; "
                f"<span style='color:{MUTED}'>{escape(frame.counts.text(self.language))}</span>"
            )
            sentence = self.words["step_sentence"].format(
                step=frame.step, total=len(trace.events), sentence=frame.sentence
            )
            panel["sentence"].value = live_region(
                f"<div style='font-size:1.2em;min-height:2.6em'>{escape(sentence)}</div>"
            )
            panel["drawing"].value = widget_drawing(frame.svg, self.language)
            panel["windows"].value = (
                f"<div style='color:{MUTED}'>{escape(self.words['open_windows'])}</div>"
                + widget_drawing(frame.windows_svg, self.language)
            )

    def _name_play_button(self, change: dict[str, Any]) -> None:
        """The play button says (and is named) "pause" while playing, "play" otherwise."""
        self.play_button.description = self.words["pause" if change["new"] else "play"]

    def _set_speed(self, change: dict[str, Any]) -> None:
        self.play.interval = int(change["new"])

    def _set_view(self, change: dict[str, Any]) -> None:
        self._view = change["new"]
        self._fit_panels()
        self._show()

    # ---- stepping
    @property
    def step(self) -> int:
        """The step shown (0 … the longest trace's length)."""
        return int(self.step_field.value) if hasattr(self, "step_field") else 0

    @step.setter
    def step(self, step: int) -> None:
        self.go(step)

    def go(self, step: int) -> None:
        """Show ``step`` (clamped to 0 … the last step)."""
        self.step_field.value = max(0, min(self.steps, step))

    def forward(self) -> None:
        """One step forward."""
        self.go(self.step + 1)

    def back(self) -> None:
        """One step back."""
        self.go(self.step - 1)

    @property
    def view(self) -> View:
        """The view shown; setting it switches (and prepares that view's frames once)."""
        return self._view

    @view.setter
    def view(self, view: View) -> None:
        if view not in ("max", "mover"):
            raise ValueError(f"view must be 'max' or 'mover', not {view!r}")
        self.view_choice.value = view

    @property
    def sentence(self) -> str:
        """The sentence shown for the first trace."""
        return self.frame(0).sentence

    @property
    def svg(self) -> str:
        """The drawing shown for the first trace."""
        return self.frame(0).svg

    # ---- display
    def to_html(self) -> str:
        """The self-contained HTML player, starting in the current view; it holds both views
        when the traces are short (as :func:`~gamelib.render.static.to_html` does)."""
        lengths = [len(trace.events) for trace in self.traces]
        node_types = bool(self.options.get("node_types"))
        frames = {view: self.frames(view) for view in default_views(self.traces, self._view)}
        return html_player(frames, self.titles, lengths, self._view, node_types, self.language)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        if self.static_fallback:
            bundle["text/html"] = self.to_html()
        return bundle

    def __repr__(self) -> str:
        names = ", ".join(self.titles)
        return f"<Animation of {names}: {self.steps} steps, {self._view} view>"


def show(
    *traces: Trace, static: bool | None = None, language: str | None = None, **options: Any
) -> Animation | StaticAnimation:
    """The animation of ``traces``: a widget in a live kernel, else the HTML player.

    Args:
        *traces: one trace, or several to compare side by side.
        static: True for the HTML player, False for the widget, None (default) to choose
            by :func:`in_live_kernel`.
        language: ``"en"`` or ``"ja"`` for every word shown; None (the default): the
            course-wide language (:func:`gamelib.set_language`).
        **options: as for :class:`Animation` (``view``, ``titles``, ``engine``, drawing
            options).
    """
    chosen = resolve(language)
    if static is None:
        static = not in_live_kernel()
    if static:
        return StaticAnimation(to_html(*traces, language=chosen, **options), chosen)
    return Animation(*traces, language=chosen, **options)
