"""The Monte Carlo player: the course's HTML player with one frame per phase of every
iteration, each frame drawn from the trace at that phase."""

from __future__ import annotations

import shutil

import pytest

from gamelib.render.monte_carlo import PHASES, monte_carlo_alternative, phase_sentence
from gamelib.render.monte_carlo_player import (
    monte_carlo_frames,
    monte_carlo_pictures,
    play_monte_carlo,
)
from gamelib.render.static import decode_player_data
from gamelib.search.mcts import MonteCarloTrace, record_monte_carlo, uct
from gamelib.trees import TEXTBOOK
from tests.render.test_static import player_data

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is missing")


@pytest.fixture(scope="module")
def trace() -> MonteCarloTrace:
    return record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=6, seed=2)


def test_one_picture_per_phase_after_the_root_alone(trace: MonteCarloTrace) -> None:
    pictures = monte_carlo_pictures(trace, language="en")
    assert len(pictures) == 1 + len(PHASES) * trace.iterations
    assert (pictures[0].iteration, pictures[0].phase) == (0, None)
    stages = [(picture.iteration, picture.phase) for picture in pictures[1:]]
    assert stages == [(i, phase) for i in range(1, trace.iterations + 1) for phase in PHASES]
    assert len(monte_carlo_pictures(trace, 2, language="en")) == 1 + 2 * len(PHASES)
    with pytest.raises(ValueError, match="iterations"):
        monte_carlo_pictures(trace, trace.iterations + 1)


@needs_dot
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_player_holds_every_frame_with_its_sentence_and_alternative(
    trace: MonteCarloTrace, language: str
) -> None:
    pictures = monte_carlo_pictures(trace, language=language)
    html = play_monte_carlo(trace, language=language).html
    (frames,) = decode_player_data(player_data(html))["max"]
    assert len(frames) == len(pictures)
    for frame, picture in zip(frames, pictures, strict=True):
        if picture.phase is not None:
            assert frame["sentence"].endswith(phase_sentence(picture))
        alternative = monte_carlo_alternative(picture)
        assert alternative.description.splitlines()[0] in frame["svg"].replace("&gt;", ">")
        assert f"{picture.iteration} / {trace.iterations}" in frame["counts"] or (
            f"{picture.iteration} of {trace.iterations}" in frame["counts"]
        )
    if language == "ja":
        assert 'lang="ja"' in html and "逆伝播" in html


@needs_dot
def test_frames_are_drawn_in_one_run_of_dot(trace: MonteCarloTrace) -> None:
    frames = monte_carlo_frames(trace, 1, language="en")
    assert [frame.step for frame in frames] == list(range(5))
    assert all(frame.svg.startswith("<svg") for frame in frames)


def test_gamelib_render_names_the_monte_carlo_pictures_as_functions() -> None:
    """The player's module and function have different names: importing the module must not
    hide the function behind it (``gamelib.render.monte_carlo_player`` is the module)."""
    import gamelib.render as render
    from gamelib.render import monte_carlo_player as module

    for name in ("draw_monte_carlo", "play_monte_carlo", "draw_comparison", "convergence_chart"):
        assert callable(getattr(render, name)), name
    assert render.play_monte_carlo is module.play_monte_carlo
