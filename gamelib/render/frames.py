"""Every step of a trace, prepared once for an animation: drawing, sentence, windows, counts.

:func:`trace_frames` folds over :func:`gamelib.trace.snapshots` once and renders all the
drawings with a single run of Graphviz's ``dot`` (many graphs in one input), which is what
makes a 30-step animation ready in well under a second. Without ``dot`` the frames are drawn
with matplotlib (slower, about a tenth of a second a frame).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from gamelib.core import View
from gamelib.language import Language, resolve
from gamelib.render.describe import before_the_search, sentences
from gamelib.render.dot import Engine, choose_engine, render_svgs, scene_options
from gamelib.render.dot_program import explain_graphviz_failure
from gamelib.render.numberline import number_line_svg, value_range, window_rows
from gamelib.render.picture import Picture
from gamelib.render.scene import trace_scene
from gamelib.trace import Enter, Evaluate, Snapshot, Trace, snapshots

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "counts": {
        "en": "{nodes} nodes · {leaves} leaves · {pruned} pruned",
        "ja": "ノード {nodes} · 葉 {leaves} · 枝刈り {pruned}",
    },
}
"""The counts line of a frame, in each language."""


@dataclass(frozen=True)
class Counts:
    """What a search has done up to a step.

    Attributes:
        nodes: nodes entered (the root included), as ``SearchStats.nodes`` counts them.
        leaves: evaluations, as ``SearchStats.leaves`` counts them.
        pruned: nodes known to be pruned (for a tree, whole pruned subtrees).
    """

    nodes: int
    leaves: int
    pruned: int

    def text(self, language: str | None = None) -> str:
        """``"12 nodes · 5 leaves · 3 pruned"`` (``language`` None: the course-wide one)."""
        return WORDS["counts"][resolve(language)].format(
            nodes=self.nodes, leaves=self.leaves, pruned=self.pruned
        )


class CountsLine(Protocol):
    """What a frame's counts line needs: its text in a language (:class:`Counts` for a
    search; a board player may show other counts, such as the discs)."""

    def text(self, language: str | None = None) -> str:
        """The line, in ``language`` (None: the course-wide one)."""
        ...


@dataclass(frozen=True)
class Frame:
    """One step of an animation.

    Attributes:
        step: the step (0 = before the search).
        svg: the drawing.
        sentence: what the step did.
        windows_svg: the open nodes' windows on a number line.
        counts: the counts so far.
    """

    step: int
    svg: str
    sentence: str
    windows_svg: str
    counts: CountsLine


@dataclass(frozen=True)
class Timing:
    """How long preparing frames took.

    Attributes:
        frames: how many frames were prepared.
        seconds: the total time.
        engine: the engine that drew them.
    """

    frames: int
    seconds: float
    engine: str

    @property
    def per_frame(self) -> float:
        """Seconds per frame."""
        return self.seconds / max(self.frames, 1)


last_timing: Timing | None = None
"""The timing of the most recent :func:`trace_frames` call (for measurements)."""


def render_pictures(
    pictures: list[Picture], engine: Literal["graphviz", "matplotlib"]
) -> tuple[list[str], Literal["graphviz", "matplotlib"]]:
    """The SVGs of ``pictures`` and the engine that drew them (matplotlib if graphviz fails)."""
    if engine == "graphviz":
        try:
            return render_svgs(pictures), "graphviz"
        except Exception as error:
            explain_graphviz_failure(error)
    from gamelib.render.fallback import picture_svg

    return [picture_svg(picture) for picture in pictures], "matplotlib"


def _counts(snapshot: Snapshot, entered: int, evaluated: int) -> Counts:
    pruned = sum(1 for state in snapshot.nodes.values() if state.status == "pruned")
    return Counts(entered, evaluated, pruned)


def trace_frames(
    trace: Trace,
    view: View = "max",
    engine: Engine = "auto",
    *,
    language: str | None = None,
    **options: Any,
) -> list[Frame]:
    """All frames of ``trace`` (steps 0 … len(events)) in ``view``, in one pass.

    Args:
        trace: a recorded run.
        view: ``"max"`` or ``"mover"``.
        engine: as for :func:`gamelib.render.dot.draw`.
        language: ``"en"`` or ``"ja"`` for the sentences and the drawings' words; None (the
            default): the course-wide language.
        **options: drawing options, as for :func:`gamelib.render.dot.trace_dot`; caption and
            legend are off by default (the players show the sentence and one legend outside
            the drawing).
    """
    global last_timing
    started = time.perf_counter()
    chosen = resolve(language)
    options.setdefault("caption", False)
    options.setdefault("legend", False)  # the players show one legend beside the frames
    scene = trace_scene(trace, scene_options(view, language=chosen, **options))
    words = [before_the_search(chosen), *sentences(trace, view, language=chosen)]
    limit = value_range(trace)
    deepest = max((event.ply for event in trace.events if isinstance(event, Enter)), default=0)
    pictures, lines, counts = [], [], []
    entered = evaluated = 0
    for snapshot in snapshots(trace):
        if isinstance(snapshot.event, Enter):
            entered += 1
        elif isinstance(snapshot.event, Evaluate):
            evaluated += 1
        pictures.append(scene.picture(snapshot))
        rows = window_rows(snapshot, scene.structure, view)
        lines.append(number_line_svg(rows, limit, reserved_rows=deepest + 1, language=chosen))
        counts.append(_counts(snapshot, entered, evaluated))
    svgs, used = render_pictures(pictures, choose_engine(engine))
    frames = [
        Frame(step, svg, words[step], lines[step], counts[step]) for step, svg in enumerate(svgs)
    ]
    last_timing = Timing(len(frames), time.perf_counter() - started, used)
    return frames
