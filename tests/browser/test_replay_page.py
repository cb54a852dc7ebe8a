"""A replay page in a real headless Chromium at 1280×720: the board stays in view.

An Othello game of seeded random moves (tests/test_leaderboard.py's ``random_game``, 4 opening
moves before it) is written as a replay page in both languages and served offline. The reader
steps forward with the player's button and then jumps to a late move by its number in the move
table; after each, the whole board (its SVG) is inside the 720-pixel window. Screenshots go to
``tests/browser/screenshots/replay_720_*``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib.tournament.records import GameResult
from gamelib.tournament.replay import Replay, write_replay
from tests.browser.conftest import headless_chromium, offline_context, screenshot, static_server
from tests.test_leaderboard import random_game

pytestmark = pytest.mark.browser

WAIT = 20_000  # milliseconds
WINDOW = {"width": 1280, "height": 720}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[GameResult, str]]:
    """The game and the base URL of its replay pages (``en.html``, ``ja.html``)."""
    folder: Path = tmp_path_factory.mktemp("replay")
    played = random_game("othello", 5, ("α-β depth 4", "α-β depth 2"))
    opening = tuple(record.move for record in played.moves[:4])
    result = dataclasses.replace(
        played,
        spec=dataclasses.replace(played.spec, opening=opening),
        moves=played.moves[4:],
    )
    for language in ("en", "ja"):
        write_replay(result, folder / f"{language}.html", language=language)
    with static_server(folder) as url:
        yield result, url


def board_box(page: object) -> tuple[float, float]:
    """The board's top and bottom in the window, in pixels."""
    box = page.evaluate(  # type: ignore[attr-defined]
        "() => { const b = document.querySelector('.board-player svg').getBoundingClientRect();"
        " return [b.top, b.bottom]; }"
    )
    return float(box[0]), float(box[1])


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_board_stays_in_view_at_1280_by_720(
    served: tuple[GameResult, str], language: str
) -> None:
    result, url = served
    steps = len(Replay(result, language).steps)
    later = steps - 5
    assert later > 30  # far enough down the table that it scrolled
    with headless_chromium() as browser:
        context, watch = offline_context(browser, WINDOW, url)
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(f"{url}{language}.html")
        player = page.locator(".gamelib-player")
        sentence = player.locator(".gamelib-sentence")
        sentence.wait_for()
        forward = player.locator('button[data-action="forward"]')
        for _ in range(6):
            forward.click()
        page.wait_for_function("() => document.querySelector('tr#move-6.current') !== null")
        top, bottom = board_box(page)
        assert top >= 0 and bottom <= WINDOW["height"], (top, bottom)
        page.locator(f'button.step[data-step="{later}"]').click()
        page.wait_for_function(f"() => document.querySelector('tr#move-{later}.current') !== null")
        top, bottom = board_box(page)
        assert top >= 0 and bottom <= WINDOW["height"], (top, bottom)
        screenshot(page, f"replay_720_{language}.png")
        context.close()
        assert watch.problems() == []
