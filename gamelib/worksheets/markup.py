"""A worksheet's HTML: the page's CSS, the drawings of a problem and of its key fitted to
an A4 page, and the HTML of one problem and of one problem's key (the page around them is
:meth:`~gamelib.worksheets.sheet.Worksheet.html`)."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from gamelib.language import Language, resolve, words
from gamelib.notation import format_bound, format_window
from gamelib.render.dot import Drawing, choose_engine, trace_picture, tree_picture
from gamelib.render.svg import svg_size
from gamelib.worksheets.problems import Problem, entry_event

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "problem": {"en": "Problem {number}", "ja": "問題 {number}"},
    "key_heading": {"en": "Problem {number} — {kind}", "ja": "問題 {number} — {kind}"},
    "pruned_answer": {"en": "Pruned leaves: {line}", "ja": "枝刈りされる葉：{line}"},
    "window_answer": {
        "en": "Window (α, β) = ( {alpha_line} , {beta_line} )",
        "ja": "探索窓 (α, β) = ( {alpha_line} , {beta_line} )",
    },
    "kind_pruned": {"en": "pruned leaves", "ja": "枝刈りされる葉"},
    "kind_values": {"en": "returned values", "ja": "各ノードが返す値"},
    "kind_window": {"en": "the window of {node}", "ja": "{node} の探索窓"},
    "at_entry": {
        "en": "when {node} is entered: the windows on the path",
        "ja": "{node} に入るとき：経路上の探索窓",
    },
    "finished": {"en": "the finished search", "ja": "探索が終わったところ"},
    "window_of": {"en": "Window of {node}", "ja": "{node} の探索窓"},
    "pruned_leaves": {"en": "Pruned leaves", "ja": "枝刈りされる葉"},
    "returned_values": {"en": "Returned values", "ja": "返す値"},
    "cut": {"en": "Cut {index}", "ja": "カット {index}"},
    "cut_at_last_child": {
        "en": "Cut at the last child (prunes nothing)",
        "ja": "最後の子でのカット（枝刈りなし）",
    },
    "none": {"en": "none", "ja": "なし"},
    "separator": {"en": ", ", "ja": "、"},
}
"""Every word of a problem's and a key's HTML, in English and Japanese (``str.format``
templates; the question and the cuts come from the problem, :mod:`gamelib.worksheets.problems`)."""

CSS = """
@page { size: A4; margin: 14mm 15mm; }
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 11.5pt;
       line-height: 1.4; color: #111; margin: 0; }
h1 { font-size: 17pt; margin: 0 0 6pt; }
h2 { font-size: 13pt; margin: 0 0 4pt; }
p { margin: 3pt 0; }
.who { margin: 8pt 0; }
.line { display: inline-block; width: 70mm; border-bottom: 1px solid #333; }
.line.short { width: 35mm; }
.rules { font-size: 10.5pt; background: #f3f3f3; padding: 4pt 6pt; border-radius: 3pt; }
.made { font-size: 9.5pt; color: #444; }
section.problem, section.key { break-inside: avoid; page-break-inside: avoid;
       border-top: 1px solid #bbb; padding-top: 6pt; margin-top: 8pt; }
.drawing { text-align: center; margin: 4pt 0; }
.drawing svg { display: inline-block; }
figure.drawing { margin: 4pt 0; }
figcaption { font-size: 9.5pt; color: #444; }
.answer { margin-top: 6pt; }
.answer .line { width: 120mm; }
.answer .line.short { width: 25mm; }
.key-start { break-before: page; page-break-before: always; }
.key dl { font-size: 10pt; margin: 4pt 0 0; display: grid;
          grid-template-columns: max-content 1fr; gap: 1pt 8pt; }
.key dt { font-weight: bold; }
.key dd { margin: 0; }
.key .asked { background: #fff2cc; }
"""

_PAGE_WIDTH_PT = 505.0
"""A4's width less the margins, in points."""
_HALF_PAGE_PT = 290.0
"""The height a drawing may take when two problems share a page."""
_KEY_HALF_PT = 245.0
"""The height of a key's drawing when two keys share a page."""
_THIRD_PAGE_PT = 210.0
"""The height of each of the two drawings of a window question's key."""
_FULL_PAGE_PT = 540.0
"""The height a problem's drawing may take on a page of its own (below the sheet's heading)."""
_KEY_PAGE_PT = 470.0
"""The height a key's drawing may take on a page of its own (with the answers below it)."""
_SMALLEST_SCALE = 0.72
"""A problem's drawing shrunk below this to fit half a page gets a page of its own instead."""
_SMALLEST_KEY_SCALE = 0.6
"""The same for a key's drawing (the lecturer's copy: its labels are large enough at this)."""


def _fitted_svg(drawing: Drawing, max_width: float, max_height: float) -> tuple[str, float]:
    """The drawing's SVG scaled to fit (never enlarged), and the scale used."""
    svg = drawing.svg()
    width, height = svg_size(svg)
    scale = min(1.0, max_width / width, max_height / height)
    sized = re.sub(
        r'style="max-width:100%;height:auto[^"]*"',
        f'style="width:{width * scale:.1f}pt;height:{height * scale:.1f}pt"',
        svg,
        count=1,
    )
    return sized, scale


def _placed(drawing: Drawing, small: float, large: float, smallest: float = _SMALLEST_SCALE) -> str:
    """The SVG fitted into the page's width and the height ``small``, or into ``large`` when
    ``small`` would shrink it below ``smallest`` (the drawing then gets a page of its own)."""
    svg, scale = _fitted_svg(drawing, _PAGE_WIDTH_PT, small)
    if scale >= smallest:
        return svg
    return _fitted_svg(drawing, _PAGE_WIDTH_PT, large)[0]


def problem_drawing(problem: Problem, *, language: str | None = None) -> Drawing:
    """The bare tree, the asked node (if any) with a thick outline (any words in it in
    ``language``; None: the course-wide language)."""
    picture = tree_picture(problem.exercise.tree, legend=False, language=resolve(language))
    if problem.node is not None:
        picture = replace(
            picture,
            nodes=tuple(replace(node, current=node.name == problem.node) for node in picture.nodes),
        )
    return Drawing(picture, choose_engine("auto"))


def _key_drawing(problem: Problem, language: str | None, step: int | None = None) -> Drawing:
    """The search drawn finished (or at ``step``), without caption or legend; at the end no
    node is marked current."""
    picture = trace_picture(
        problem.exercise.trace, step, caption=False, legend=False, language=resolve(language)
    )
    if step is None:
        picture = replace(
            picture, nodes=tuple(replace(node, current=False) for node in picture.nodes)
        )
    return Drawing(picture, choose_engine("auto"))


def problem_html(problem: Problem, *, language: str | None = None) -> str:
    """The problem on the students' sheet: its question, its tree and a line to answer on,
    in ``language`` (None: the course-wide language)."""
    svg = _placed(problem_drawing(problem, language=language), _HALF_PAGE_PT, _FULL_PAGE_PT)
    if problem.kind == "pruned":
        line = words(WORDS["pruned_answer"], language).format(line='<span class="line"></span>')
        answer = f'<p class="answer">{line}</p>'
    elif problem.kind == "values":
        answer = ""
    else:
        short = '<span class="line short"></span>'
        line = words(WORDS["window_answer"], language).format(alpha_line=short, beta_line=short)
        answer = f'<p class="answer">{line}</p>'
    heading = html.escape(words(WORDS["problem"], language).format(number=problem.number))
    return (
        '<section class="problem">'
        f"<h2>{heading}</h2><p>{html.escape(problem.question(language=language))}</p>"
        f'<div class="drawing">{svg}</div>{answer}</section>\n'
    )


def key_html(problem: Problem, *, language: str | None = None) -> str:
    """The problem's answer key: the search drawn, and every answer in words, in
    ``language`` (None: the course-wide language)."""
    key = problem.key(language=language)
    separator = words(WORDS["separator"], language)
    rows = []
    if problem.node is None or key.window is None:
        finished = _placed(
            _key_drawing(problem, language), _KEY_HALF_PT, _KEY_PAGE_PT, _SMALLEST_KEY_SCALE
        )
        figures = f'<div class="drawing">{finished}</div>'
    else:
        step = problem.exercise.trace.events.index(entry_event(problem.exercise, problem.node))
        at_entry = _placed(
            _key_drawing(problem, language, step + 1),
            _THIRD_PAGE_PT,
            _KEY_PAGE_PT,
            _SMALLEST_KEY_SCALE,
        )
        finished = _placed(
            _key_drawing(problem, language), _THIRD_PAGE_PT, _KEY_PAGE_PT, _SMALLEST_KEY_SCALE
        )
        at_entry_caption = words(WORDS["at_entry"], language).format(node=problem.node)
        figures = (
            f'<figure class="drawing">{at_entry}<figcaption>'
            f"{html.escape(at_entry_caption)}</figcaption></figure>"
            f'<figure class="drawing">{finished}<figcaption>'
            f"{html.escape(words(WORDS['finished'], language))}</figcaption></figure>"
        )
        window = f"{format_window(*key.window)} — {key.window_reason}"
        rows.append((words(WORDS["window_of"], language).format(node=problem.node), window, True))
    pruned = separator.join(key.pruned) if key.pruned else words(WORDS["none"], language)
    rows.append((words(WORDS["pruned_leaves"], language), pruned, problem.kind == "pruned"))
    rows.append(
        (
            words(WORDS["returned_values"], language),
            separator.join(
                f"{name} {format_bound(value, bound)}" for name, value, bound in key.values
            ),
            problem.kind == "values",
        )
    )
    rows.extend(
        (words(WORDS["cut"], language).format(index=index), cut, False)
        for index, cut in enumerate(key.cuts, start=1)
    )
    rows.extend(
        (words(WORDS["cut_at_last_child"], language), cut, False) for cut in key.last_child_cuts
    )
    items = "".join(
        f"<dt>{html.escape(term)}</dt><dd{' class=asked' if asked else ''}>{html.escape(text)}</dd>"
        for term, text, asked in rows
    )
    heading = words(WORDS["key_heading"], language).format(
        number=problem.number, kind=_kind_title(problem, language)
    )
    return (
        f'<section class="key"><h2>{html.escape(heading)}</h2>{figures}<dl>{items}</dl></section>\n'
    )


def _kind_title(problem: Problem, language: str | None) -> str:
    """What the problem asks for, as a key's heading names it."""
    return words(WORDS[f"kind_{problem.kind}"], language).format(node=problem.node)
