"""A Monte Carlo search stepped through phase by phase, with the course's HTML player.

Every iteration gives four frames, one per phase (selection, expansion, playout, backup),
after a first frame of the root alone; each frame's drawing is
:mod:`gamelib.render.monte_carlo_dot`'s (with its text alternative), its sentence says what
the phase did (:func:`~gamelib.render.monte_carlo.phase_sentence`) and its counts line the
iteration and the tree's size. The frames go to :func:`~gamelib.render.static.html_player`,
the player (buttons, slider, speed, keys, one language) that steps through α-β's traces and
lines of play: there is no second player, only other frames.

    >>> from gamelib.trees import TEXTBOOK
    >>> from gamelib.search.mcts import record_monte_carlo, uct
    >>> trace = record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=3)
    >>> [frame.sentence.split(":")[0] for frame in monte_carlo_frames(trace, language="en")][:3]
    ['uct, before the first iteration', 'uct, iteration 1 of 3', 'uct, iteration 1 of 3']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamelib.language import Language, resolve
from gamelib.render.alternative import with_alternative
from gamelib.render.boardline import TextLine
from gamelib.render.dot_program import dot_svgs
from gamelib.render.frames import Frame
from gamelib.render.monte_carlo import (
    PHASES,
    MonteCarloPicture,
    monte_carlo_alternative,
    monte_carlo_picture,
    phase_sentence,
    picture_title,
)
from gamelib.render.monte_carlo_dot import picture_source
from gamelib.render.static import StaticAnimation, html_player
from gamelib.render.svg import clean_svg
from gamelib.search.mcts.events import MonteCarloTrace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "sentence": {"en": "{title}. {sentence}", "ja": "{title}。{sentence}"},
    "counts": {
        "en": "iteration {iteration} of {total} · nodes in the tree: {nodes}",
        "ja": "反復 {iteration} / {total} · 木のノード {nodes} 個",
    },
}
"""The sentence and the counts line of a frame, in each language."""

MOST_ITERATIONS = 100
"""A player holds at most this many iterations (four frames each)."""


def monte_carlo_pictures(
    trace: MonteCarloTrace, iterations: int | None = None, *, language: str | None = None
) -> list[MonteCarloPicture]:
    """The root alone, then the four phases of each of the first ``iterations`` iterations
    (None: all of them).

    Raises:
        ValueError: for ``iterations`` outside 1 … min(trace's iterations,
            :data:`MOST_ITERATIONS`).
    """
    chosen = resolve(language)
    last = min(trace.iterations, MOST_ITERATIONS) if iterations is None else iterations
    if not 0 <= last <= min(trace.iterations, MOST_ITERATIONS):
        raise ValueError(
            f"iterations must be between 0 and {min(trace.iterations, MOST_ITERATIONS)}, "
            f"not {iterations}"
        )
    pictures = [monte_carlo_picture(trace, 0, language=chosen)]
    for iteration in range(1, last + 1):
        pictures.extend(
            monte_carlo_picture(trace, iteration, phase, language=chosen) for phase in PHASES
        )
    return pictures


def frame_sentence(picture: MonteCarloPicture) -> str:
    """``"uct, iteration 3 of 12: playout. Playout from c2: …"``."""
    if picture.phase is None:
        return picture_title(picture)
    return WORDS["sentence"][picture.language].format(
        title=picture_title(picture), sentence=phase_sentence(picture)
    )


def monte_carlo_frames(
    trace: MonteCarloTrace, iterations: int | None = None, *, language: str | None = None
) -> list[Frame]:
    """The player's frames (see :func:`monte_carlo_pictures`), drawn by one run of ``dot``."""
    pictures = monte_carlo_pictures(trace, iterations, language=language)
    sources = [picture_source(picture, caption=False) for picture in pictures]
    svgs = dot_svgs("\n".join(sources), len(sources))
    frames = []
    for step, (picture, svg) in enumerate(zip(pictures, svgs, strict=True)):
        drawn = with_alternative(clean_svg(svg), monte_carlo_alternative(picture))
        in_tree = sum(1 for node in picture.nodes if node.in_tree)
        counts = WORDS["counts"][picture.language].format(
            iteration=picture.iteration, total=picture.iterations, nodes=in_tree
        )
        frames.append(Frame(step, drawn, frame_sentence(picture), "", TextLine(counts)))
    return frames


def play_monte_carlo(
    trace: MonteCarloTrace,
    iterations: int | None = None,
    *,
    title: str | None = None,
    language: str | None = None,
) -> StaticAnimation:
    """The HTML player of ``trace``'s first ``iterations`` iterations (None: all, up to
    :data:`MOST_ITERATIONS`), phase by phase; ``title`` defaults to the search's name."""
    chosen = resolve(language)
    frames = monte_carlo_frames(trace, iterations, language=chosen)
    html = html_player(
        {"max": [frames]},
        [title or trace.algorithm],
        [len(frames) - 1],
        "max",
        language=chosen,
        legend=False,  # each drawing carries its own legend
    )
    return StaticAnimation(html, chosen)


__all__ = [
    "MOST_ITERATIONS",
    "frame_sentence",
    "monte_carlo_frames",
    "monte_carlo_pictures",
    "play_monte_carlo",
]
