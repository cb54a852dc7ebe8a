"""A self-contained HTML player for traces: plays in any browser, no kernel, no network.

::

    html = to_html(trace)                       # a <div> with inline SVG frames and a script
    StaticAnimation(html)                       # shows in Jupyter (``_repr_html_``)
    StaticAnimation(html).save("alphabeta.html")  # a page to open or put online

The player has first/back/play/forward/last buttons, a slider, a speed choice and (when both
views are included) a MAX/mover toggle; the arrow keys and the space bar work when it has the
focus. It is made to be used without a mouse and without seeing it: every control is a real
``<button>``, ``<input>`` or ``<select>`` with an accessible name in the player's language
(the slider's value is read out as the step and its sentence), each at least 24 × 24 CSS
pixels (WCAG 2.5.8) with a visible focus ring, and a step that a user's action (a button, a
key, the slider, play) brings is announced in a polite live region. Nothing plays by itself;
under ``prefers-reduced-motion: reduce`` the speed starts at the slowest and nothing in the
player's CSS moves. Every drawing carries its text alternative
(:mod:`gamelib.render.alternative`).

Its words (buttons, labels, the step line, the sentences) are in one language, chosen
when it is made (``language="ja"``, or the course-wide :func:`gamelib.set_language`): the
script gets them from Python in the player's data and writes nothing of its own.
Everything is inline: the frames are in a JSON block, the script is plain JavaScript without
libraries, and nothing is fetched. Without JavaScript (for example on a site that
strips scripts) the last step is shown as a still picture.

The frames are stored compactly (:func:`encode_texts`), because consecutive drawings of a
search differ in a few elements, and those often in one attribute (a node's colour changes,
its shape does not): every drawing is cut into pieces at its tags and attributes, each
distinct piece is stored once for the whole player, and a drawing is a list of piece numbers,
written after the first as the runs it shares with the drawing before plus its new pieces
(the JSON without spaces). The
script puts the drawings back together exactly (:func:`decode_texts` does the same in
Python), so the pictures are the very SVG text the frames hold; a player of a 50-step trace in
both views shrinks from megabytes to tens of kilobytes (notebook 03's first player: 2.2 MB of
drawings in 74 KB).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from difflib import SequenceMatcher
from html import escape
from pathlib import Path
from typing import Any, Final

from gamelib.core import View
from gamelib.language import Language, resolve
from gamelib.render.frames import Frame, trace_frames
from gamelib.render.labels import WORDS as LEGEND_WORDS
from gamelib.render.style import PALETTE
from gamelib.render.svg import SMALLEST_TEXT, width_per_text_pixel
from gamelib.trace import Trace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "step_sentence": {
        "en": "step {step} of {total}: {sentence}",
        "ja": "ステップ {step} / {total}：{sentence}",
    },
    "step_of": {"en": "step {step} of {total}", "ja": "ステップ {step} / {total}"},
    "step": {"en": "step", "ja": "ステップ"},
    "play": {"en": "play", "ja": "再生"},
    "pause": {"en": "pause", "ja": "一時停止"},
    "first_step": {"en": "first step", "ja": "最初のステップ"},
    "step_back": {"en": "step back", "ja": "1 ステップ戻る"},
    "step_forward": {"en": "step forward", "ja": "1 ステップ進む"},
    "last_step": {"en": "last step", "ja": "最後のステップ"},
    "play_or_pause": {"en": "play / pause (space)", "ja": "再生 / 一時停止（スペースキー）"},
    "speed": {"en": "speed", "ja": "速さ"},
    "view": {"en": "view", "ja": "視点"},
    "max_view": {"en": "MAX view", "ja": "MAX の視点"},
    "mover_view": {"en": "mover view (negamax)", "ja": "手番側の視点（ネガマックス法）"},
    "open_windows": {"en": "windows of the open nodes", "ja": "探索中のノードの探索窓"},
    "scroll_cue": {
        "en": "⇆ wider than this column: scroll the drawing sideways to see all of it",
        "ja": "⇆ 図がこの欄より広いため、横にスクロールすると全体が見えます。",
    },
    "page_title": {"en": "gamelib animation", "ja": "gamelib アニメーション"},
    "player": {"en": "animation of a search: {titles}", "ja": "探索のアニメーション：{titles}"},
    "panel_sentence": {"en": "{title}: {sentence}", "ja": "{title} の{sentence}"},
    "scrolling_drawing": {
        "en": "drawing, wider than this column: scroll it sideways with the arrow keys",
        "ja": "図（この欄より広いため、矢印キーで横にスクロールできます）",
    },
}
"""The words of both players (this one and the widget), in each language."""


def player_words(language: str | None = None) -> dict[str, str]:
    """Every entry of :data:`WORDS` in ``language`` (None: the course-wide language)."""
    chosen = resolve(language)
    return {key: texts[chosen] for key, texts in WORDS.items()}


BOTH_VIEWS_UP_TO = 150
"""By default both views are included when the traces have at most this many steps in all."""

_NAMESPACES = re.compile(r'\s+xmlns(:\w+)?="[^"]*"')


def inline_svg(svg: str) -> str:
    """An SVG document for inlining in HTML5 (namespace declarations are not needed there)."""
    return _NAMESPACES.sub("", svg)


_PIECE = re.compile(r'(?=<)|(?= [\w:-]+=")|(?<=\n)|(?<=, )|(?<=、)')
"""Where a drawing is cut: before every tag and before every attribute (`` name="``), so that
an element whose colour changed shares its geometry (``d=``, ``points=``) with the drawing
before; and after every line break, every ``", "`` and every 「、」, so that a text alternative
(:mod:`gamelib.render.alternative`), which grows by a line or a list item from one step to
the next, shares the rest with the one before."""

EncodedText = list[int | list[int]]
"""One text as :func:`encode_texts` writes it: piece numbers, and ``[start, length]`` runs
copied from the text before."""


def text_pieces(text: str) -> list[str]:
    """``text`` cut before every ``<`` and every `` name="``, after every line break, every
    ``", "`` and every 「、」 (:data:`_PIECE`; no empty piece); the pieces join back to
    ``text``."""
    return [piece for piece in _PIECE.split(text) if piece]


def encode_texts(texts: Sequence[str], pieces: dict[str, int]) -> list[EncodedText]:
    """A sequence of similar texts (the frames of one drawing), compactly.

    Each text is cut by :func:`text_pieces`; every distinct piece gets a number in
    ``pieces`` (shared by all the texts a player holds; new pieces are added to it). The
    first text is the list of its piece numbers; each later one lists a piece number where it
    differs from the text before and ``[start, length]`` where it repeats ``length`` pieces of
    the text before from position ``start``.

    Guarantee: ``decode_texts(encode_texts(texts, pieces), list(pieces)) == list(texts)``.
    """
    encoded: list[EncodedText] = []
    previous: list[int] | None = None
    for text in texts:
        current = [pieces.setdefault(piece, len(pieces)) for piece in text_pieces(text)]
        if previous is None:
            encoded.append(list(current))
        else:
            row: EncodedText = []
            matcher = SequenceMatcher(None, previous, current, autojunk=False)
            for tag, start, end, new_start, new_end in matcher.get_opcodes():
                if tag == "equal":
                    row.append([start, end - start])
                else:
                    row.extend(current[new_start:new_end])
            encoded.append(row)
        previous = current
    return encoded


def decode_texts(encoded: Sequence[EncodedText], pieces: Sequence[str]) -> list[str]:
    """The texts that :func:`encode_texts` encoded (what the player's script does)."""
    texts: list[str] = []
    previous: list[int] = []
    for row in encoded:
        current: list[int] = []
        for item in row:
            if isinstance(item, list):
                start, length = item
                current.extend(previous[start : start + length])
            else:
                current.append(item)
        texts.append("".join(pieces[number] for number in current))
        previous = current
    return texts


def _trace_data(
    frames: Sequence[Frame], pieces: dict[str, int], language: Language
) -> dict[str, Any]:
    """One trace's frames in one view, as the player's JSON holds them."""
    return {
        "svg": encode_texts([inline_svg(frame.svg) for frame in frames], pieces),
        "windows": encode_texts([inline_svg(frame.windows_svg) for frame in frames], pieces),
        "sentences": [frame.sentence for frame in frames],
        "counts": [frame.counts.text(language) for frame in frames],
    }


def decode_player_data(data: Mapping[str, Any]) -> dict[View, list[list[dict[str, Any]]]]:
    """The frames of a player's JSON data, written out: for each view, for each trace, every
    step's ``step``, ``svg``, ``sentence``, ``windows`` and ``counts`` (for tests and tools)."""
    pieces = data["pieces"]
    views: dict[View, list[list[dict[str, Any]]]] = {}
    for view, traces in data["views"].items():
        views[view] = []
        for trace in traces:
            svgs = decode_texts(trace["svg"], pieces)
            windows = decode_texts(trace["windows"], pieces)
            views[view].append(
                [
                    {
                        "step": step,
                        "svg": svgs[step],
                        "sentence": trace["sentences"][step],
                        "windows": windows[step],
                        "counts": trace["counts"][step],
                    }
                    for step in range(len(svgs))
                ]
            )
    return views


def _json_for_script(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element (no spaces after separators)."""
    return (
        json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        .replace("</", "<\\/")
        .replace("<!--", "<\\!--")
    )


def legend_html(node_types: bool = False, language: str | None = None) -> str:
    """The legend of the drawings as a line of HTML (the players show it once), in
    ``language`` (None: the course-wide language)."""
    chosen = resolve(language)
    words = {key: texts[chosen] for key, texts in LEGEND_WORDS.items()}

    def box(text: str, border: str, fill: str, extra: str = "") -> str:
        return (
            f'<span style="display:inline-block;padding:1px 7px;border:1.5px solid {border};'
            f'background:{fill};color:{PALETTE.text};{extra}">{text}</span>'
        )

    items = [
        box("MAX", PALETTE.max_line, PALETTE.max_fill),
        box("MIN", PALETTE.min_line, PALETTE.min_fill, "border-radius:10px;"),
        box(escape(words["current"]), PALETTE.current_line, "white", "border-width:3px;"),
        box(
            escape(words["pruned"]),
            PALETTE.pruned_line,
            PALETTE.pruned_fill,
            f"border-style:dashed;color:{PALETTE.muted_text};",
        ),
        f'<span style="color:{PALETTE.window_text}">(α, β)</span> {escape(words["window"])}',
        f'<span style="color:{PALETTE.mark_text}">①</span> {escape(words["evaluation_order"])}',
        f'<i style="color:{PALETTE.provisional_text}">3</i> {escape(words["best_so_far"])}',
        f"≥3 / ≤3 {escape(words['bounds'])}",
    ]
    if node_types:
        items.append(
            f'<span style="color:{PALETTE.mark_text}">PV CUT ALL</span> '
            f"{escape(words['node_types'])}"
        )
    spans = "".join(f'<span style="margin-right:14px">{item}</span>' for item in items)
    return f'<div class="gamelib-legend" style="font-size:12px;margin:4px 0">{spans}</div>'


SMALLEST_TEXT_WIDE = 12
SMALLEST_TEXT_NARROW = 10
"""How small a player's drawings' text may get (:data:`gamelib.render.svg.SMALLEST_TEXT`, in
CSS pixels): 12 px, and 10 px on a screen at most :data:`NARROW_SCREEN` pixels wide. A drawing
that would shrink further keeps that size and scrolls sideways in its own box, under a line
that says so; panels side by side stack when their drawings would shrink further."""

NARROW_SCREEN = 700
"""The widest screen (CSS pixels) on which the player takes the narrow screen's layout."""

_STYLE = """
#{id} {{ font-family: DejaVu Sans, Helvetica, Arial, sans-serif; {smallest}: {wide}; }}
#{id} .gamelib-controls {{ display: flex; flex-wrap: wrap; align-items: center; gap: 6px;
  margin: 4px 0 8px 0; }}
#{id} button {{ font-size: 15px; min-width: 38px; min-height: 30px; padding: 3px 8px;
  cursor: pointer; }}
#{id} select {{ min-height: 28px; }}
#{id} .gamelib-slider {{ width: 320px; height: 28px; margin: 0; }}
#{id}:focus {{ outline: none; }}
#{id}:focus-visible, #{id} :focus-visible {{ outline: 3px solid {focus}; outline-offset: 2px; }}
#{id} .gamelib-announce {{ position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }}
@media (prefers-reduced-motion: reduce) {{
  #{id}, #{id} * {{ transition: none !important; animation: none !important;
    scroll-behavior: auto !important; }}
}}
#{id} .gamelib-panels {{ display: flex; flex-wrap: wrap; gap: 14px; }}
#{id} .gamelib-panel {{ min-width: 0;
  flex: 1 1 calc(var(--gamelib-panel-room, 50) * var({smallest}) * 1px); }}
#{id} .gamelib-drawing, #{id} .gamelib-windows {{ overflow-x: auto; }}
#{id} .gamelib-scroll-cue {{ display: none; color: {quiet}; font-size: 0.9em; margin: 2px 0; }}
#{id} .gamelib-panel.gamelib-scrolls .gamelib-scroll-cue {{ display: block; }}
#{id} .gamelib-sentence {{ font-size: 1.2em; min-height: 2.6em; margin: 4px 0; }}
#{id} .gamelib-counts {{ color: {quiet}; }}
#{id} .gamelib-caption {{ color: {quiet}; margin-top: 6px; }}
@media (max-width: {narrow}px) {{
  #{id} {{ {smallest}: {narrow_scale}; }}
  #{id} .gamelib-sentence {{ font-size: 1.05em; min-height: 0; }}
}}
{dark} #{id} {{ {sheet} padding: 10px 12px; }}
{dark} #{id} button, {dark} #{id} select {{ color: #1a1a1a; background-color: #ffffff;
  border: 1px solid #8a8a8a; border-radius: 4px; }}
"""

FOCUS_RING = PALETTE.max_line
"""The colour of the focus ring around the player's controls (at least 3:1 against the white
page and the light sheet, tested in tests/render/test_contrast.py)."""

QUIET_TEXT = "#555555"
"""The colour of the player's secondary text (counts, captions, the scroll line): at least
4.5:1 against the white page and the light sheet."""

DARK_JUPYTERLAB = 'body[data-jp-theme-light="false"]'
"""The CSS selector of a page in one of JupyterLab's (or JupyterLite's) dark themes."""

SHEET_COLOR = "#f4f4f1"
"""The colour of the light sheet below (the same as site/_static/course.css's)."""

SHEET = (
    f"background-color: {SHEET_COLOR}; color: {PALETTE.text}; border: 1px solid #8a8a8a; "
    "border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.5);"
)
"""The light sheet, with a rule and round corners, that drawings (made for white paper) sit on
in a dark theme: the website's (site/_static/course.css) and JupyterLab's."""

_SCRIPT = """
(function () {
  var root = document.getElementById("{id}");
  if (!root || root.getAttribute("data-ready")) { return; }
  root.setAttribute("data-ready", "1");
  var data = JSON.parse(root.querySelector("script.gamelib-data").textContent);
  var step = 0, view = data.view, timer = null;
  var reducedMotion = window.matchMedia &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // the words come from Python, in the player's language (data.words)
  function say(name, values) {
    return data.words[name].replace(/[{]([a-z_]+)[}]/g, function (all, key) {
      return String(values[key]);
    });
  }
  // each drawing: piece numbers, later ones as [start, length] runs of the one before
  function decode(rows) {
    var previous = [], lists = [];
    rows.forEach(function (row) {
      var current = [];
      row.forEach(function (item) {
        if (typeof item === "number") { current.push(item); return; }
        for (var k = item[0]; k < item[0] + item[1]; k++) { current.push(previous[k]); }
      });
      lists.push(current);
      previous = current;
    });
    return lists;
  }
  function text(numbers) {
    return numbers.map(function (number) { return data.pieces[number]; }).join("");
  }
  Object.keys(data.views).forEach(function (name) {
    data.views[name].forEach(function (trace) {
      trace.svg = decode(trace.svg);
      trace.windows = decode(trace.windows);
    });
  });
  var slider = root.querySelector(".gamelib-slider");
  var speed = root.querySelector(".gamelib-speed");
  var viewChoice = root.querySelector(".gamelib-view");
  var playButton = root.querySelector("[data-action=play]");
  var stepLabel = root.querySelector(".gamelib-step");
  var announcer = root.querySelector(".gamelib-announce");
  var panels = root.querySelectorAll(".gamelib-panel");
  // under prefers-reduced-motion, play starts at the slowest speed
  if (reducedMotion) { speed.value = speed.options[0].value; }
  // render the step; announce (the live region) only a step that a user's action brought
  function render(announce) {
    var narration = [];
    data.views[view].forEach(function (trace, index) {
      var shown = Math.min(step, trace.svg.length - 1);
      var panel = panels[index];
      var sentence = say("step_sentence",
        {step: shown, total: data.lengths[index], sentence: trace.sentences[shown]});
      panel.querySelector(".gamelib-counts").textContent = trace.counts[shown];
      panel.querySelector(".gamelib-sentence").textContent = sentence;
      panel.querySelector(".gamelib-drawing").innerHTML = text(trace.svg[shown]);
      panel.querySelector(".gamelib-windows").innerHTML = text(trace.windows[shown]);
      narration.push(panels.length > 1 ? data.titles[index] + ": " + sentence : sentence);
    });
    slider.value = String(step);
    slider.setAttribute("aria-valuetext", narration.join(" / "));
    stepLabel.textContent = say("step_of", {step: step, total: data.steps});
    if (announce) { announcer.textContent = narration.join(" / "); }
    markScrolling();
  }
  function go(target) { step = Math.max(0, Math.min(data.steps, target)); render(true); }
  function showPlayButton(label) {
    playButton.textContent = label;
    playButton.setAttribute("aria-label", label);
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    showPlayButton(data.words.play);
  }
  function play() {
    if (step >= data.steps) { go(0); }
    timer = setInterval(function () {
      if (step >= data.steps) { stop(); } else { go(step + 1); }
    }, Number(speed.value));
    showPlayButton(data.words.pause);
  }
  var actions = {
    first: function () { stop(); go(0); },
    back: function () { stop(); go(step - 1); },
    play: function () { if (timer === null) { play(); } else { stop(); } },
    forward: function () { stop(); go(step + 1); },
    last: function () { stop(); go(data.steps); }
  };
  root.querySelectorAll("button[data-action]").forEach(function (button) {
    button.addEventListener("click", actions[button.getAttribute("data-action")]);
  });
  slider.addEventListener("input", function () { stop(); go(Number(slider.value)); });
  speed.addEventListener("change", function () { if (timer !== null) { stop(); play(); } });
  if (viewChoice) {
    viewChoice.addEventListener("change", function () {
      view = viewChoice.value; render(true);
    });
  }
  root.addEventListener("keydown", function (event) {
    // the slider and the choices keep their own keys; a button keeps its space bar
    if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") { return; }
    if (event.target.tagName === "BUTTON" && event.key === " ") { return; }
    if (event.key === "ArrowRight") { actions.forward(); event.preventDefault(); }
    if (event.key === "ArrowLeft") { actions.back(); event.preventDefault(); }
    if (event.key === " ") { actions.play(); event.preventDefault(); }
  });
  // a drawing wider than its box scrolls sideways: the panel then shows the line saying so,
  // and the box becomes a Tab stop, so that the keyboard can scroll it
  function markScrolling() {
    panels.forEach(function (panel) {
      var scrolls = false;
      panel.querySelectorAll(".gamelib-drawing, .gamelib-windows").forEach(function (box) {
        var wide = box.scrollWidth > box.clientWidth + 1;
        if (wide) {
          box.setAttribute("tabindex", "0");
          box.setAttribute("role", "region");
          box.setAttribute("aria-label", data.words.scrolling_drawing);
        } else {
          box.removeAttribute("tabindex");
          box.removeAttribute("role");
          box.removeAttribute("aria-label");
        }
        scrolls = scrolls || wide;
      });
      panel.classList.toggle("gamelib-scrolls", scrolls);
    });
  }
  if (window.ResizeObserver) {
    new ResizeObserver(markScrolling).observe(root);
  } else {
    window.addEventListener("resize", markScrolling);
  }
  step = 0;
  render(false);  // the first step, not announced: nothing was asked for yet
})();
"""

SPEEDS = (("½×", 1600), ("1×", 800), ("2×", 400), ("4×", 200))
"""The speed choices of both players (this one and the widget): label, milliseconds per step."""


def view_choices(language: str | None = None) -> tuple[tuple[str, View], ...]:
    """The view choices of both players: label (in ``language``) and view."""
    words = player_words(language)
    return ((words["max_view"], "max"), (words["mover_view"], "mover"))


VIEWS: tuple[tuple[str, View], ...] = view_choices("en")
"""The view choices of both players in English: label and view."""


def _controls(
    steps: int, views: Sequence[View], view: View, language: Language, last_step: str
) -> str:
    """The control row; ``last_step`` is what the slider says before the script runs."""
    words = player_words(language)
    buttons = "".join(
        f'<button type="button" data-action="{action}" aria-label="{escape(name)}" '
        f'title="{escape(title)}">{escape(text)}</button>'
        for action, name, title, text in (
            ("first", words["first_step"], words["first_step"], "|◀"),
            ("back", words["step_back"], f"{words['step_back']} (←)", "◀"),
            ("play", words["play"], words["play_or_pause"], words["play"]),
            ("forward", words["step_forward"], f"{words['step_forward']} (→)", "▶"),
            ("last", words["last_step"], words["last_step"], "▶|"),
        )
    )
    speeds = "".join(
        f'<option value="{milliseconds}"{" selected" if milliseconds == 800 else ""}>'
        f"{label}</option>"
        for label, milliseconds in SPEEDS
    )
    step_line = words["step_of"].format(step=steps, total=steps)
    parts = [
        buttons,
        f'<input type="range" class="gamelib-slider" min="0" max="{steps}" value="{steps}" '
        f'step="1" aria-label="{escape(words["step"])}" aria-valuetext="{escape(last_step)}">',
        f'<span class="gamelib-step">{escape(step_line)}</span>',
        f'<label>{escape(words["speed"])} <select class="gamelib-speed">{speeds}</select></label>',
    ]
    if len(views) > 1:
        labels = {name: label for label, name in view_choices(language)}
        options = "".join(
            f'<option value="{name}"{" selected" if name == view else ""}>'
            f"{escape(labels[name])}</option>"
            for name in views
        )
        parts.append(
            f'<label>{escape(words["view"])} <select class="gamelib-view">{options}</select>'
            "</label>"
        )
    return f'<div class="gamelib-controls">{"".join(parts)}</div>'


def _panel(frames: Sequence[Frame], title: str, length: int, language: Language) -> str:
    words = player_words(language)
    last = frames[-1]
    sentence = words["step_sentence"].format(step=last.step, total=length, sentence=last.sentence)
    room = max(  # the width each pixel of the smallest text needs, in the widest drawing
        width_per_text_pixel(picture)
        for frame in frames
        for picture in (frame.svg, frame.windows_svg)
    )
    return (
        f'<div class="gamelib-panel" style="--gamelib-panel-room:{room:.3f}">'
        f'<div class="gamelib-title"><b>{escape(title)}</b> &#160; '
        f'<span class="gamelib-counts">{escape(last.counts.text(language))}</span></div>'
        f'<div class="gamelib-sentence">{escape(sentence)}</div>'
        f'<div class="gamelib-scroll-cue">{escape(words["scroll_cue"])}</div>'
        f'<div class="gamelib-drawing">{inline_svg(last.svg)}</div>'
        + (  # the windows' caption only where there are windows (not for a board)
            f'<div class="gamelib-caption">{escape(words["open_windows"])}</div>'
            if last.windows_svg
            else ""
        )
        + f'<div class="gamelib-windows">{inline_svg(last.windows_svg)}</div>'
        "</div>"
    )


def widget_drawing(svg: str, language: str | None = None) -> str:
    """A drawing as a widget shows it (an :class:`~gamelib.render.animation.Animation`'s
    panels, the pruning exercise, tic-tac-toe's search), in its own box: the drawing shrinks to
    the box but keeps its smallest text :data:`SMALLEST_TEXT_WIDE` pixels high, so a wider one
    scrolls sideways in the box, and then (only then) a line above it says so, in ``language``
    (None: the course-wide language). In JupyterLab's dark theme the box is the light sheet
    (:data:`SHEET`). An empty ``svg`` (nothing drawn) stays empty.

    The box is a CSS size container, so it takes the width its column gives (never the
    drawing's); the line shows by a container query, when the box is narrower than the
    drawing's floor (its width per pixel of text, :func:`width_per_text_pixel`, times
    :data:`SMALLEST_TEXT_WIDE`)."""
    if not svg:
        return ""
    floor = width_per_text_pixel(svg) * SMALLEST_TEXT_WIDE
    cue = f"gamelib-cue-{round(floor * 100)}"  # one class per floor width, in hundredths
    words = player_words(language)
    return (
        f"<style>{DARK_JUPYTERLAB} .gamelib-sheet {{ {SHEET} padding: 6px; }} "
        f".{cue} {{ display: none; }} "
        f"@container (max-width: {floor - 0.01:.2f}px) {{ .{cue} {{ display: block; }} }}</style>"
        f'<div class="gamelib-sheet" style="{SMALLEST_TEXT}:{SMALLEST_TEXT_WIDE};'
        'overflow-x:auto;container-type:inline-size">'
        f'<div class="gamelib-scroll-cue {cue}" style="position:sticky;left:0;color:#555;'
        f'font-size:0.9em;margin:2px 0">{escape(words["scroll_cue"])}</div>'
        f"{inline_svg(svg)}</div>"
    )


def player_style(player_id: str) -> str:
    """The CSS of the player with id ``player_id``."""
    return _STYLE.format(
        id=player_id,
        smallest=SMALLEST_TEXT,
        wide=SMALLEST_TEXT_WIDE,
        narrow=NARROW_SCREEN,
        narrow_scale=SMALLEST_TEXT_NARROW,
        dark=DARK_JUPYTERLAB,
        sheet=SHEET,
        focus=FOCUS_RING,
        quiet=QUIET_TEXT,
    )


def html_player(
    frames: Mapping[View, Sequence[Sequence[Frame]]],
    titles: Sequence[str],
    lengths: Sequence[int],
    view: View,
    node_types: bool = False,
    language: str | None = None,
    legend: bool = True,
) -> str:
    """The HTML player of prepared frames.

    Args:
        frames: for each included view, each trace's frames (steps 0 … its length), made in
            ``language``.
        titles: a heading per trace.
        lengths: each trace's number of events.
        view: the view shown first (one of ``frames``).
        node_types: whether the legend explains the PV/CUT/ALL marks.
        language: ``"en"`` or ``"ja"`` for the player's words (None: the course-wide
            language); a Japanese player is marked ``lang="ja"`` for the browser's fonts.
        legend: show the legend of the tree drawings (not for frames that draw a board).
    """
    chosen = resolve(language)
    player_id = "gamelib-player-" + uuid.uuid4().hex[:12]
    steps = max(lengths)
    pieces: dict[str, int] = {}
    views = {
        name: [_trace_data(trace_frames_, pieces, chosen) for trace_frames_ in by_trace]
        for name, by_trace in frames.items()
    }
    words = player_words(chosen)
    data = {
        "view": view,
        "steps": steps,
        "lengths": list(lengths),
        "titles": list(titles),
        "pieces": list(pieces),
        "views": views,
        "words": {
            key: words[key]
            for key in ("step_sentence", "step_of", "play", "pause", "scrolling_drawing")
        },
    }
    last_sentences = [
        words["step_sentence"].format(
            step=trace[-1].step, total=length, sentence=trace[-1].sentence
        )
        for trace, length in zip(frames[view], lengths, strict=True)
    ]
    if len(last_sentences) > 1:
        last_sentences = [
            words["panel_sentence"].format(title=title, sentence=sentence)
            for title, sentence in zip(titles, last_sentences, strict=True)
        ]
    panels = "".join(
        _panel(by_trace, title, length, chosen)
        for by_trace, title, length in zip(frames[view], titles, lengths, strict=True)
    )
    lang = "" if chosen == "en" else f' lang="{chosen}"'
    name = escape(words["player"].format(titles=", ".join(titles)))
    return (
        f'<div id="{player_id}" class="gamelib-player" tabindex="0" role="group" '
        f'aria-label="{name}"{lang}>'
        f"<style>{player_style(player_id)}</style>"
        f"{_controls(steps, list(frames), view, chosen, ' / '.join(last_sentences))}"
        '<div class="gamelib-announce" role="status" aria-live="polite" aria-atomic="true">'
        "</div>"
        f"{legend_html(node_types, chosen) if legend else ''}"
        f'<div class="gamelib-panels">{panels}</div>'
        f'<script type="application/json" class="gamelib-data">{_json_for_script(data)}</script>'
        f"<script>{_SCRIPT.replace('{id}', player_id)}</script>"
        "</div>"
    )


def default_views(traces: Sequence[Trace], view: View) -> list[View]:
    """The views an HTML player holds: both when the traces have at most
    :data:`BOTH_VIEWS_UP_TO` steps in all, else only ``view``."""
    if sum(len(trace.events) for trace in traces) > BOTH_VIEWS_UP_TO:
        return [view]
    return ["max", "mover"]


def to_html(
    *traces: Trace,
    view: View = "max",
    views: Sequence[View] | None = None,
    titles: Sequence[str] | None = None,
    engine: Any = "auto",
    language: str | None = None,
    **options: Any,
) -> str:
    """A self-contained HTML player of ``traces`` (several: side by side, one slider).

    Args:
        *traces: one or more recorded runs.
        view: the view shown first.
        views: the views to include (each adds a full set of frames); default: both when
            the traces have at most 150 steps in all, else only ``view``.
        titles: a heading per trace (default: the algorithm's name).
        engine: as for :func:`gamelib.render.dot.draw`.
        language: ``"en"`` or ``"ja"`` for every word of the player (sentences, buttons,
            legend, drawings); None (the default): the course-wide language.
        **options: drawing options, as for :func:`gamelib.render.dot.trace_dot`.

    Returns:
        An HTML fragment (a ``<div>`` with a ``<style>`` and two ``<script>`` elements);
        :meth:`StaticAnimation.save` wraps it in a page.
    """
    if not traces:
        raise ValueError("to_html needs at least one trace")
    if views is None:
        views = default_views(traces, view)
    if view not in views:
        views = [view, *views]
    chosen = resolve(language)
    frames = {
        name: [trace_frames(trace, name, engine, language=chosen, **options) for trace in traces]
        for name in views
    }
    names = list(titles) if titles is not None else [trace.algorithm for trace in traces]
    lengths = [len(trace.events) for trace in traces]
    node_types = bool(options.get("node_types"))
    return html_player(frames, names, lengths, view, node_types, chosen)


class StaticAnimation:
    """The HTML player, shown in Jupyter without widgets (``_repr_html_``) or saved as a page.

    Args:
        html: the player (from :func:`to_html`).
        language: the language of the page around it (its ``lang`` and default title); None:
            the course-wide language.

    Attributes:
        html: the player (an HTML fragment).
        language: the page's language.
    """

    def __init__(self, html: str, language: str | None = None) -> None:
        self.html = html
        self.language: Language = resolve(language)

    def _repr_html_(self) -> str:
        return self.html

    def page(self, title: str | None = None) -> str:
        """A complete HTML page holding the player (``title`` None: "gamelib animation" in
        the page's language)."""
        if title is None:
            title = WORDS["page_title"][self.language]
        return (
            f'<!DOCTYPE html>\n<html lang="{self.language}"><head><meta charset="utf-8">'
            f"<title>{escape(title)}</title></head>"
            f'<body style="margin:16px">{self.html}</body></html>\n'
        )

    def save(self, path: str | Path, title: str | None = None) -> Path:
        """Write the page to ``path``; returns the path."""
        target = Path(path)
        target.write_text(self.page(title), encoding="utf-8")
        return target

    def __repr__(self) -> str:
        return f"<StaticAnimation: {len(self.html)} characters of HTML>"
