"""Pictures of game trees and of searches: graphviz drawings, sentences, animations.

Everything here is a fold over the events of one recorded run (:func:`gamelib.trace.record`);
nothing re-runs or imitates a search. Heavy libraries are imported only when used:
``import gamelib.render`` loads neither graphviz, matplotlib nor ipywidgets.

- :func:`draw` (a :class:`Drawing`, shown as SVG; ``.to_png(path)``), :func:`trace_dot`,
  :func:`tree_dot` — :mod:`gamelib.render.dot`, with a matplotlib fallback
  (:mod:`gamelib.render.fallback`) when Graphviz's ``dot`` is missing;
- :func:`describe`, :func:`sentences` — one sentence per event
  (:mod:`gamelib.render.describe`);
- :class:`Animation`, :func:`show` — the ipywidgets player
  (:mod:`gamelib.render.animation`);
- :func:`to_html`, :class:`StaticAnimation` — the player as self-contained HTML
  (:mod:`gamelib.render.static`);
- what trees, traces, search results and transposition tables show of themselves in
  Jupyter (:mod:`gamelib.render.summaries`, imported by their display methods).

A drawing is made in steps: :mod:`~gamelib.render.structure` (the tree's shape, collapsed),
:mod:`~gamelib.render.layout` (the fixed layout of one trace), :mod:`~gamelib.render.scene`
(the :class:`~gamelib.render.picture.Picture` of each step), :mod:`~gamelib.render.style`
(colours, sizes), then :mod:`~gamelib.render.dot` (labels: :mod:`~gamelib.render.labels`;
running ``dot``: :mod:`~gamelib.render.dot_program`) or :mod:`~gamelib.render.fallback`
draws it.

Every function here that writes words (sentences, captions, legends, buttons, summaries)
takes ``language="en"`` or ``"ja"``; None, the default, is the course-wide language
(:func:`gamelib.set_language`). Each module keeps its words in one table, ``WORDS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.render.describe import describe, sentences
from gamelib.render.dot import Drawing, draw, trace_dot, tree_dot
from gamelib.render.static import StaticAnimation, to_html

if TYPE_CHECKING:
    from gamelib.render.animation import Animation, in_live_kernel, show

_WIDGETS = ("Animation", "in_live_kernel", "show")


def __getattr__(name: str) -> Any:
    """Import the widget layer (and ipywidgets) only when it is asked for."""
    if name in _WIDGETS:
        from gamelib.render import animation

        return getattr(animation, name)
    raise AttributeError(f"module 'gamelib.render' has no attribute {name!r}")


__all__ = [
    "Animation",
    "Drawing",
    "StaticAnimation",
    "describe",
    "draw",
    "in_live_kernel",
    "sentences",
    "show",
    "to_html",
    "trace_dot",
    "tree_dot",
]
