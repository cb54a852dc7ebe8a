"""What lets a screen reader read the widgets, and a keyboard user see where the focus is.

Used by the ipywidgets animation (:mod:`gamelib.render.animation`) and by the widgets of
:mod:`gamelib.widgets` (which sit above the renderer and import it from here).

ipywidgets 8 lets no widget set an ARIA attribute (jupyter-widgets/ipywidgets#2650 is open):
a button's accessible name is its text, a text box's or a dropdown's is its description (a
``<label>`` tied to the field). Where the visible text alone says too little (a square that
shows only "X", a leaf toggle whose pressed state shows only as a colour and a mark), a
widget adds words that only assistive technology meets: CSS generated content
(``::before``/``::after``), visually hidden, which browsers include in the accessible name they
compute from a button's or a label's content (W3C *Accessible Name and Description
Computation 1.2*, step 2F.ii). The rules travel in a style sheet inside an HTML widget beside
the controls, scoped to one widget by a class (:func:`scope_class`).

The buttons carry no Font Awesome icon: its glyph (a private-use character drawn by CSS) would
become part of the button's name ("\uf021 New game"). A visible mark that is not text is
drawn with CSS generated content whose alternative text is empty (:func:`mark_rule`).

A status line is put in a ``role="status"`` region (:func:`live_region`). ipywidgets' HTML
widget replaces its whole content on every change, so the region is inserted afresh each
time; browsers expose it as a polite live region, but whether a screen reader announces a
region inserted with its text, rather than a change inside a region already there, differs
between screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import count
from typing import Final

VISUALLY_HIDDEN: Final = (
    "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;"
    "overflow:hidden;clip-path:inset(50%);white-space:nowrap"
)
"""CSS that takes a box out of sight and out of the layout but leaves it in the
accessibility tree (unlike ``display:none`` or ``visibility:hidden``)."""

FOCUS_OUTLINE: Final = (
    "outline:3px solid var(--jp-brand-color1, #1565c0) !important;outline-offset:2px"
)
"""How a focused control of a widget is outlined: 3 px in JupyterLab's brand colour (the theme
picks it to stand out on its background), 2 px away from the control; ``!important``, since
ipywidgets' own 1-pixel focus outline is more specific."""

_scopes = count(1)


def scope_class() -> str:
    """A class name no other widget of this kernel has (``gamelib-a11y-1``, ``-2``, …): the
    style sheet of one widget applies only inside the box that carries it."""
    return f"gamelib-a11y-{next(_scopes)}"


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string: backslashes, quotes, line breaks and ``<`` escaped
    (so no text can end the string, the rule or the ``<style>`` element)."""
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ").replace("<", "\\3c ")
    )
    return f'"{escaped}"'


def spoken_rule(selector: str, text: str) -> str:
    """A CSS rule that gives the pseudo-element ``selector`` (ending in ``::before`` or
    ``::after``) the words ``text``, read by a screen reader and never shown."""
    return f"{selector}{{content:{css_string(text)};{VISUALLY_HIDDEN}}}"


def mark_rule(selector: str, mark: str) -> str:
    """A CSS rule that shows ``mark`` (a symbol, such as "✂") in the pseudo-element
    ``selector`` and leaves it out of the accessible name (``content: "✂" / ""``; a browser
    that does not know the alternative-text syntax keeps the first declaration)."""
    quoted = css_string(mark)
    return f'{selector}{{content:{quoted};content:{quoted} / "";margin-right:0.3em}}'


def focus_rule(scope: str) -> str:
    """The rule that outlines the focused button, text box or dropdown inside ``.scope``
    (``:focus-visible``: when the keyboard moved the focus there) with :data:`FOCUS_OUTLINE`,
    and makes buttons the positioning box of their hidden words."""
    fields = ("button", "input", "select")
    focused = ", ".join(f".{scope} {field}:focus-visible" for field in fields)
    return f"{focused}{{{FOCUS_OUTLINE}}} .{scope} button{{position:relative}}"


BUTTON_COLOURS: Final = {
    "mod-success": "#2e7d32",
    "mod-info": "#01579b",
    "mod-warning": "#a84300",
}
"""The backgrounds a widget gives ipywidgets' coloured buttons (``button_style``) under white
text: each at least 4.5:1 against it, what WCAG AA asks of text (JupyterLab's own success,
info and warning colours fall short of it; tests/test_widget_accessibility.py computes both)."""


def colour_rule(scope: str) -> str:
    """The rules that give the coloured buttons inside ``.scope`` :data:`BUTTON_COLOURS`
    (``!important``: ipywidgets colours a pressed toggle by a more specific rule)."""
    return " ".join(
        f".{scope} button.{style}{{background-color:{colour} !important;color:#fff}}"
        for style, colour in BUTTON_COLOURS.items()
    )


SMALLEST_TARGET: Final = 24
"""The smallest width and height of a control, in CSS pixels (WCAG 2.2, 2.5.8, level AA)."""


def widget_rules(scope: str) -> list[str]:
    """The rules every widget's style sheet starts with: :func:`focus_rule`,
    :func:`colour_rule`, and checkboxes :data:`SMALLEST_TARGET` pixels square (a browser
    draws them 13 pixels square)."""
    size = f"width:{SMALLEST_TARGET}px;height:{SMALLEST_TARGET}px"
    checkbox = f".{scope} input[type=checkbox]{{{size};margin:0 6px 0 0}}"
    return [focus_rule(scope), colour_rule(scope), checkbox]


def style_sheet(rules: Iterable[str]) -> str:
    """The ``<style>`` element holding ``rules``, one per line."""
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def live_region(html: str) -> str:
    """``html`` inside a polite status region (``role="status"``), read as a whole."""
    return f'<div role="status" aria-live="polite" aria-atomic="true">{html}</div>'


__all__ = [
    "BUTTON_COLOURS",
    "FOCUS_OUTLINE",
    "SMALLEST_TARGET",
    "VISUALLY_HIDDEN",
    "colour_rule",
    "css_string",
    "focus_rule",
    "live_region",
    "mark_rule",
    "scope_class",
    "spoken_rule",
    "style_sheet",
    "widget_rules",
]
