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
  Jupyter (:mod:`gamelib.render.summaries`, imported by their display methods);
- Monte Carlo tree search, from its trace (:mod:`gamelib.search.mcts`): the tree at any
  phase of any iteration, :func:`draw_monte_carlo` (:mod:`~gamelib.render.monte_carlo` folds
  the trace, :mod:`~gamelib.render.monte_carlo_dot` draws it); the same phase by phase in the
  HTML player, :func:`play_monte_carlo` (:mod:`~gamelib.render.monte_carlo_player`); α-β
  and MCTS on one tree, :func:`draw_comparison` (:mod:`~gamelib.render.monte_carlo_compare`);
  the root moves converging, :func:`convergence_chart`
  (:mod:`~gamelib.render.monte_carlo_chart`). Imported when first asked for.

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
    from gamelib.render.monte_carlo_chart import convergence_chart
    from gamelib.render.monte_carlo_compare import draw_comparison
    from gamelib.render.monte_carlo_dot import draw_monte_carlo
    from gamelib.render.monte_carlo_player import play_monte_carlo

_WIDGETS = ("Animation", "in_live_kernel", "show")

_MONTE_CARLO = {
    "convergence_chart": "monte_carlo_chart",
    "draw_comparison": "monte_carlo_compare",
    "draw_monte_carlo": "monte_carlo_dot",
    "play_monte_carlo": "monte_carlo_player",
}
"""The Monte Carlo pictures, by the module that makes each."""


def __getattr__(name: str) -> Any:
    """Import the widget layer (and ipywidgets), or a Monte Carlo picture's module, only when
    it is asked for."""
    if name in _WIDGETS:
        from gamelib.render import animation

        return getattr(animation, name)
    if name in _MONTE_CARLO:
        import importlib

        module = importlib.import_module(f"gamelib.render.{_MONTE_CARLO[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'gamelib.render' has no attribute {name!r}")


__all__ = [
    "Animation",
    "Drawing",
    "StaticAnimation",
    "convergence_chart",
    "describe",
    "draw",
    "draw_comparison",
    "draw_monte_carlo",
    "in_live_kernel",
    "play_monte_carlo",
    "sentences",
    "show",
    "to_html",
    "trace_dot",
    "tree_dot",
]
