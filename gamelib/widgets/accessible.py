"""What lets a screen reader read the widgets, and a keyboard user see where the focus is.

ipywidgets 8 lets no widget set an ARIA attribute (jupyter-widgets/ipywidgets#2650 is open):
a button's accessible name is its text, a text box's or a dropdown's is its description (a
``<label>`` tied to the field). Where the visible text alone says too little (a square that
shows only "X", a leaf toggle whose pressed state shows only as a colour and an icon), a
widget adds words that only assistive technology meets: CSS generated content
(``::before``/``::after``), visually hidden, which browsers include in the accessible name they
compute from a button's or a label's content (W3C *Accessible Name and Description
Computation 1.2*, step 2F.ii). The rules travel in a style sheet inside an HTML widget beside
the controls, scoped to one widget by a class (:func:`scope_class`).

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

FOCUS_OUTLINE: Final = "outline:3px solid var(--jp-brand-color1, #1565c0);outline-offset:2px"
"""How a focused control of a widget is outlined: 3 px in JupyterLab's brand colour (the theme
picks it to stand out on its background), 2 px away from the control."""

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


def focus_rule(scope: str) -> str:
    """The rule that outlines the focused button, text box or dropdown inside ``.scope``
    (``:focus-visible``: when the keyboard moved the focus there) with :data:`FOCUS_OUTLINE`,
    and makes buttons the positioning box of their hidden words."""
    fields = ("button", "input", "select")
    focused = ", ".join(f".{scope} {field}:focus-visible" for field in fields)
    return f"{focused}{{{FOCUS_OUTLINE}}} .{scope} button{{position:relative}}"


def style_sheet(rules: Iterable[str]) -> str:
    """The ``<style>`` element holding ``rules``, one per line."""
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def live_region(html: str) -> str:
    """``html`` inside a polite status region (``role="status"``), read as a whole."""
    return f'<div role="status" aria-live="polite" aria-atomic="true">{html}</div>'


__all__ = [
    "FOCUS_OUTLINE",
    "VISUALLY_HIDDEN",
    "css_string",
    "focus_rule",
    "live_region",
    "scope_class",
    "spoken_rule",
    "style_sheet",
]
