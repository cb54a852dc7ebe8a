"""The published leaderboard in a real headless Chromium, offline: open the index, open a
game's replay, step to a move and read its reported search (the move marked in the table),
show another move from the table; the same in Japanese.

Two real games are played by the referee (the ladder's α-β depth 2, which reports depth,
nodes, value and principal variation, against Positional, on Othello at 0.05 s a move), the
leaderboard is written and served from a local server; every request that leaves the machine
is aborted and fails the test, and so do console errors, missing files and any WCAG 2.2 A or AA
violation that axe-core finds on the index or the replay. Screenshots of the
index and of a replay at 1280 and 390 pixels wide go to ``tests/browser/screenshots/``
(``leaderboard_*``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamelib.players import player_label
from gamelib.render.static import WORDS as STATIC_WORDS
from gamelib.tournament.ladder import LADDER
from gamelib.tournament.leaderboard import replay_names, write_leaderboard
from gamelib.tournament.records import ClockSettings, GameResult, GameSpec
from gamelib.tournament.referee import play_game
from gamelib.tournament.replay import Replay, value_text
from tests.browser.conftest import (
    axe_violations,
    headless_chromium,
    offline_context,
    screenshot,
    static_server,
)

pytestmark = pytest.mark.browser

WAIT = 20_000  # milliseconds
STEP = 7  # the move stepped to: a move of α-β depth 2 (the first player)


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[GameResult], str]]:
    """Two games played and their leaderboard served; yields the results and the base URL."""
    folder = tmp_path_factory.mktemp("published")
    clock = ClockSettings(move_seconds=0.05, bank_seconds=1.0)
    players = {"α-β depth 2": LADDER["α-β depth 2"], "Positional": LADDER["Positional"]}
    results = []
    for number, order in enumerate((("α-β depth 2", "Positional"), ("Positional", "α-β depth 2"))):
        spec = GameSpec(
            game_id=f"browser-{number}",
            game="othello",
            players=order,
            paths=(players[order[0]], players[order[1]]),
            seed=number,
            clock=clock,
        )
        results.append(play_game(spec))
    results_file = folder / "results.jsonl"
    results_file.write_text("".join(result.to_line() + "\n" for result in results), "utf-8")
    write_leaderboard(results_file, folder / "site")
    with static_server(folder / "site") as url:
        yield results, url


@pytest.mark.parametrize(
    ("language", "width"), [("en", 1280), ("en", 390), ("ja", 1280), ("ja", 390)]
)
def test_open_the_leaderboard_and_step_a_replay_to_a_move(
    published: tuple[list[GameResult], str], language: str, width: int
) -> None:
    results, url = published
    result = results[0]
    record = result.moves[STEP - 1]
    assert result.spec.players[record.side] == "α-β depth 2"
    report = record.report
    assert report is not None and report["depth"] == 2
    replay = Replay(result, language)
    sentences = replay.sentences()
    total = len(replay.steps) - 1
    top = url if language == "en" else url + "ja/"
    with headless_chromium() as browser:
        context, watch = offline_context(browser, {"width": width, "height": 900}, url)
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(top + "index.html")
        ratings = page.locator("div.ratings table tbody tr")
        assert ratings.count() == 2
        names = {ratings.nth(row).locator("td").nth(1).inner_text() for row in range(2)}
        assert names == {player_label("α-β depth 2", language), "Positional"}
        screenshot(page, f"leaderboard_index_{language}_{width}.png")
        violations = axe_violations(page, f"leaderboard index ({language}, {width} px)")
        page.locator(f'table.games a[href="games/{replay_names(results)[0]}"]').click()
        page.wait_for_url(f"**/games/{replay_names(results)[0]}")
        player = page.locator(".gamelib-player")
        player.locator(".gamelib-sentence").wait_for()
        forward = player.locator('button[data-action="forward"]')
        player.locator('button[data-action="first"]').click()
        for _ in range(STEP):
            forward.click()
        sentence = player.locator(".gamelib-sentence")
        expected = STATIC_WORDS["step_sentence"][language].format(
            step=STEP, total=total, sentence=sentences[STEP]
        )
        page.wait_for_function(
            "([element, text]) => element.textContent === text",
            arg=[sentence.element_handle(), expected],
        )
        shown = sentence.inner_text()
        depth = "depth 2" if language == "en" else "深さ 2"
        assert depth in shown
        value = Replay(result, language).words["value"].split("{")[0]  # "value " / "値 "
        assert value + value_text(report["value"]) in shown
        row = page.locator(f"tr#move-{STEP}")
        assert row.locator("td").nth(5).inner_text() == "2"
        assert page.locator("table.moves tr.current").count() == 1
        assert "current" in (row.get_attribute("class") or "")
        screenshot(page, f"leaderboard_replay_{language}_{width}.png")
        violations += axe_violations(page, f"leaderboard replay ({language}, {width} px)")
        # a move's number in the table shows that move on the board
        later = STEP + 10
        page.locator(f'button.step[data-step="{later}"]').click()
        page.wait_for_function(
            "([element, text]) => element.textContent.endsWith(text)",
            arg=[sentence.element_handle(), sentences[later]],
        )
        assert "current" in (page.locator(f"tr#move-{later}").get_attribute("class") or "")
        assert page.locator("table.moves tr.current").count() == 1
        page.close()
        context.close()
        assert watch.problems() == []
        assert not violations, "\n".join(violations)  # axe-core: WCAG 2.2 A and AA
