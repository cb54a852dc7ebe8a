"""The α-β trainer page (site/trainer/) in a real headless Chromium, with no network.

The page is served by ``python -m http.server`` on a free local port (and opened once from
``file://``); every request that leaves the machine is aborted and fails the test, and so
does any console error. A student's session: a seeded tree, Check with nothing marked (the
explanations of the pruned leaves, word for word :class:`PruningExercise`'s), a wrong value,
the right leaves pressed (in the drawing and by keyboard) → "Correct!", other rules chosen,
the solution played step by step (captions equal to the course animation's). The same in
Japanese (``ja/index.html``: every word gamelib's with ``language="ja"``), from the server and
from ``file://``, and the language switch both ways, keeping the exercise. Screenshots at 390
and 1280 pixels wide, light and dark, go to ``tests/browser/screenshots/`` (not committed).
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest

from gamelib.exercises import Convention, PruningExercise
from gamelib.notation import format_number
from gamelib.render.scene import SceneOptions, trace_pictures
from tests.browser.conftest import (
    CHROMIUM_ARGUMENTS,
    REPOSITORY,
    chromium_path,
    free_port,
    screenshot,
)

pytestmark = pytest.mark.browser

TRAINER = REPOSITORY / "site" / "trainer"
SEED, DEPTH, BRANCHING = 2, 3, 2  # its solution prunes K and O
ADDRESS = f"#seed={SEED}&depth={DEPTH}&branching={BRANCHING}&cutoff=ge&order=given&failure=hard"
WAIT = 20_000  # milliseconds


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A static server for site/trainer/ on a free local port; yields its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=TRAINER,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{url}/index.html", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or process.poll() is not None:
                    pytest.fail("python -m http.server did not start")
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def trainer_page(
    url: str, width: int, height: int = 900, dark: bool = False
) -> Iterator[tuple[Any, list[str]]]:
    """The page at ``url`` in headless Chromium, ``width`` pixels wide, every non-local request
    aborted; yields the page and the list of problems (blocked requests, console errors),
    which must be empty at the end."""
    from playwright.sync_api import sync_playwright

    problems: list[str] = []

    def route(request_route: Any) -> None:
        address = urlsplit(request_route.request.url)
        if address.scheme == "file" or address.hostname in ("127.0.0.1", "localhost"):
            request_route.continue_()
        else:
            problems.append(f"blocked request: {request_route.request.url}")
            request_route.abort()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGUMENTS, headless=True
        )
        try:
            context = browser.new_context(
                viewport={"width": width, "height": height},
                color_scheme="dark" if dark else "light",
            )
            page = context.new_page()
            page.set_default_timeout(WAIT)
            page.route("**/*", route)
            page.on(
                "console",
                lambda message: (
                    problems.append(f"console {message.type}: {message.text}")
                    if message.type == "error"
                    else None
                ),
            )
            page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
            page.goto(url)
            page.locator("#tree-drawing svg").wait_for()
            yield page, problems
        finally:
            browser.close()
    assert not problems


def feedback_text(page: Any) -> str:
    """The feedback as Feedback.__str__ writes it: the verdict, then "- message" lines."""
    verdict = page.locator("#feedback .verdict").inner_text()
    messages = page.locator("#feedback li").all_inner_texts()
    return "\n".join([verdict, *(f"- {message}" for message in messages)])


def caption(page: Any) -> str:
    return str(page.locator("#caption").inner_text())


def no_horizontal_overflow(page: Any, width: int) -> None:
    scroll_width = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width} px wide on a {width} px screen"


def test_a_student_session_on_a_desktop(server: str) -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    pruned = [name for name in exercise.leaf_names if name in exercise.solution.pruned]
    assert pruned == ["K", "O"]
    with trainer_page(f"{server}/index.html{ADDRESS}", 1280) as (page, _):
        question = exercise.question().split("\n\n")[0]
        expect(page.locator("#question")).to_have_text(question)
        expect(page.locator("#leaves button")).to_have_text(exercise.leaf_names)
        expect(page.locator("#values input")).to_have_count(len(exercise.solution.values))

        page.locator("#check").click()
        assert feedback_text(page) == str(exercise.check(set()))
        wrong = page.locator("#tree-drawing .node.wrong")
        expect(wrong).to_have_count(2)  # the two leaves the answer got wrong, outlined
        assert "K is pruned: at E (MAX) J returned 9 ≥ β = −3" in feedback_text(page)

        page.locator("#values input[data-node=B]").fill("5")
        page.locator("#check").click()
        expected = exercise.check({"pruned": set(), "values": {"B": 5}})
        assert feedback_text(page) == str(expected)

        page.locator("#values input[data-node=B]").fill("")
        leaf_k = page.locator("#tree-drawing .node.clickable[aria-label^='leaf K,']")
        leaf_k.click()  # in the drawing
        expect(leaf_k).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#leaves button[data-leaf=K]")).to_have_attribute(
            "aria-pressed", "true"
        )
        page.locator("#leaves button[data-leaf=O]").focus()
        page.keyboard.press("Space")  # by keyboard
        page.locator("#check").click()
        expect(page.locator("#feedback .verdict")).to_have_text("Correct!")
        assert feedback_text(page) == "Correct!"
        screenshot(page, "trainer_1280_answered.png")

        page.locator("#show-solution").click()
        pictures = trace_pictures(exercise.trace)
        expect(page.locator("#caption")).to_have_text(pictures[-1].caption)
        page.locator("#first-step").click()
        expect(page.locator("#caption")).to_have_text(pictures[0].caption)
        page.locator("#next-step").click()
        expect(page.locator("#caption")).to_have_text(pictures[1].caption)
        page.locator("#play").click()
        expect(page.locator("#caption")).to_have_text(pictures[3].caption, timeout=WAIT)
        page.locator("#play").click()  # pause
        shown = caption(page)
        step = next(index for index, one in enumerate(pictures) if one.caption == shown)
        page.locator("#next-step").click()
        expect(page.locator("#caption")).to_have_text(pictures[step + 1].caption)
        page.locator("#step").fill("18")
        expect(page.locator("#caption")).to_have_text(pictures[18].caption)
        assert page.locator("#solution-drawing .node.current").count() == 1
        screenshot(page, "trainer_1280_solution.png")
        no_horizontal_overflow(page, 1280)


def test_other_rules_get_their_own_explanations(server: str) -> None:
    from playwright.sync_api import expect

    convention = Convention(cutoff=">", order="reversed", failure="soft")
    exercise = PruningExercise(seed=11, depth=3, branching=(2, 3), convention=convention)
    address = "#seed=11&depth=3&branching=2-3&cutoff=ge&order=given&failure=hard"
    with trainer_page(f"{server}/index.html{address}", 1280) as (page, _):
        page.locator("input[name=cutoff][value='>']").check()
        page.locator("input[name=order][value=reversed]").check()
        page.locator("input[name=failure][value=soft]").check()
        assert "cutoff=gt&order=reversed&failure=soft" in page.evaluate("location.hash")
        first, *_ = exercise.leaf_names
        page.locator(f"#leaves button[data-leaf={first}]").click()
        root_value = exercise.solution.values["A"]
        page.locator("#values input[data-node=A]").fill(str(root_value + 1))
        page.locator("#values input[data-node=B]").fill("abc")
        page.locator("#check").click()
        answer = {"pruned": {first}, "values": {"A": root_value + 1}}
        expected = str(exercise.check(answer)).split("\n")
        # the page's own first problem: the box that does not hold a number
        assert feedback_text(page).split("\n") == [
            "Not yet:",
            "- value of B: 'abc' is not a number",
            *expected[1:],
        ]
        page.locator("#new-tree").click()
        assert "seed=12" in page.evaluate("location.hash")
        following = PruningExercise(seed=12, depth=3, branching=(2, 3), convention=convention)
        expect(page.locator("#leaves button")).to_have_text(following.leaf_names)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_phone_screen(server: str, dark: bool) -> None:
    theme = "dark" if dark else "light"
    address = "#seed=5&depth=4&branching=2-3&cutoff=ge&order=given&failure=hard"
    with trainer_page(f"{server}/index.html{address}", 390, 844, dark) as (page, _):
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (background == "rgb(21, 23, 26)") == dark, background
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_390_{theme}.png")
        page.locator("#check").click()
        page.locator("#show-solution").click()
        page.locator("#step").fill("30")
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_390_{theme}_solution.png")


def test_the_desktop_page_in_the_dark(server: str) -> None:
    with trainer_page(f"{server}/index.html{ADDRESS}", 1280, dark=True) as (page, _):
        page.locator("#leaves button[data-leaf=K]").click()
        page.locator("#check").click()
        page.locator("#show-solution").click()
        page.locator("#step").fill("20")
        screenshot(page, "trainer_1280_dark.png")


def test_the_page_works_from_a_file() -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    url = (TRAINER / "index.html").as_uri() + ADDRESS
    with trainer_page(url, 800) as (page, _):
        for leaf in ("K", "O"):
            page.locator(f"#leaves button[data-leaf={leaf}]").click()
        page.locator("#check").click()
        expect(page.locator("#feedback .verdict")).to_have_text("Correct!")
        page.locator("#show-solution").click()
        expect(page.locator("#caption")).to_have_text(trace_pictures(exercise.trace)[-1].caption)


# ---------------------------------------------------------------- the Japanese trainer

JAPANESE = SceneOptions(language="ja")
"""The course animation's pictures in Japanese (captions, cut labels)."""


def solution_words(exercise: PruningExercise, language: str) -> str:
    """The text of the notebook widget's solution paragraph (its HTML without the tags)."""
    from gamelib.widgets.pruning import solution_html

    return html.unescape(re.sub(r"<[^>]+>", "", solution_html(exercise, language=language)))


def test_a_student_session_in_japanese(server: str) -> None:
    """The Japanese page (ja/index.html): a wrong answer, a box that holds no number, the right
    answer and the solution played, every word gamelib's with language="ja"."""
    from playwright.sync_api import expect

    from gamelib.widgets.pruning import WORDS

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    with trainer_page(f"{server}/ja/index.html{ADDRESS}", 1280) as (page, _):
        assert page.evaluate("document.documentElement.lang") == "ja"
        question = exercise.question(language="ja").split("\n\n")[0]
        expect(page.locator("#question")).to_have_text(question)
        expect(page.locator("#leaves button")).to_have_text(exercise.leaf_names)
        expect(page.locator("#values input").first).to_have_attribute("placeholder", "値")

        page.locator("#check").click()  # nothing marked: K and O are explained
        assert feedback_text(page) == str(exercise.check(set(), language="ja"))
        expect(page.locator("#feedback .verdict")).to_have_text("まだ正解ではありません:")
        cut = "K は枝刈りされます: E（MAX）で J が返した値は 9 ≥ β = −3 です。"
        assert cut in feedback_text(page)

        page.locator("#values input[data-node=B]").fill("5")
        page.locator("#values input[data-node=C]").fill("abc")
        page.locator("#check").click()
        expected = str(exercise.check({"pruned": set(), "values": {"B": 5}}, language="ja"))
        first, *rest = expected.split("\n")
        assert feedback_text(page).split("\n") == [
            first,
            "- C の値: 'abc' は数として読めません",
            *rest,
        ]

        page.locator("#clear").click()
        leaf_k = page.locator("#tree-drawing .node.clickable[data-leaf=K]")
        value = format_number(exercise.nodes["K"].value or 0)
        expect(leaf_k).to_have_attribute("aria-label", f"葉 K、値 {value}")
        leaf_k.click()  # in the drawing
        page.locator("#leaves button[data-leaf=O]").focus()
        page.keyboard.press("Space")  # by keyboard
        page.locator("#check").click()
        expect(page.locator("#feedback .verdict")).to_have_text("正解です！")
        assert feedback_text(page) == str(exercise.check({"K", "O"}, language="ja"))
        blank = WORDS["separator"]["ja"].join(exercise.solution.values)
        note = WORDS["not_filled"]["ja"].format(names=blank)
        expect(page.locator("#feedback .note")).to_have_text(note)
        screenshot(page, "trainer_ja_1280_answered.png")

        page.locator("#show-solution").click()
        expect(page.locator("#solution-summary")).to_have_text(solution_words(exercise, "ja"))
        pictures = trace_pictures(exercise.trace, JAPANESE)
        expect(page.locator("#caption")).to_have_text(pictures[-1].caption)
        page.locator("#first-step").click()
        expect(page.locator("#caption")).to_have_text(pictures[0].caption)
        page.locator("#next-step").click()
        expect(page.locator("#caption")).to_have_text(pictures[1].caption)
        page.locator("#play").click()
        expect(page.locator("#play")).to_have_text("‖ 一時停止")
        expect(page.locator("#caption")).to_have_text(pictures[3].caption, timeout=WAIT)
        page.locator("#play").click()  # pause
        expect(page.locator("#play")).to_have_text("▶ 再生")
        page.locator("#step").fill("18")
        expect(page.locator("#caption")).to_have_text(pictures[18].caption)
        cut_labels = [edge.label for edge in pictures[18].edges if edge.label_kind == "cut"]
        assert cut_labels  # the drawing shows the Japanese cut labels, line by line
        drawn = page.locator("#solution-drawing .label.cut tspan").all_text_contents()
        assert sorted(drawn) == sorted(line for label in cut_labels for line in label.split("\n"))
        screenshot(page, "trainer_ja_1280_solution.png")
        no_horizontal_overflow(page, 1280)


def test_the_switch_leads_to_the_same_exercise_in_the_other_language(server: str) -> None:
    from playwright.sync_api import expect

    convention = Convention(cutoff=">", order="reversed", failure="soft")
    address = "#seed=11&depth=3&branching=2-3&cutoff=gt&order=reversed&failure=soft"
    following = address.replace("seed=11", "seed=12")
    exercise = PruningExercise(seed=12, depth=3, branching=(2, 3), convention=convention)
    with trainer_page(f"{server}/index.html{address}", 1280) as (page, _):
        page.locator("#new-tree").click()  # the switch follows the address: seed 12
        switch = page.locator("a.course-language-switch")
        expect(switch).to_have_attribute("href", "ja/index.html" + following)
        switch.click()
        page.wait_for_url(f"{server}/ja/index.html{following}")
        assert page.evaluate("document.documentElement.lang") == "ja"
        question = exercise.question(language="ja").split("\n\n")[0]
        expect(page.locator("#question")).to_have_text(question)
        expect(page.locator("#leaves button")).to_have_text(exercise.leaf_names)
        expect(page.locator("input[name=order][value=reversed]")).to_be_checked()
        page.locator("a.course-language-switch").click()
        page.wait_for_url(f"{server}/index.html{following}")
        assert page.evaluate("document.documentElement.lang") == "en"
        expect(page.locator("#question")).to_have_text(exercise.question().split("\n\n")[0])


def test_the_japanese_page_works_from_a_file() -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    url = (TRAINER / "ja" / "index.html").as_uri() + ADDRESS
    with trainer_page(url, 800) as (page, _):
        for leaf in ("K", "O"):
            page.locator(f"#leaves button[data-leaf={leaf}]").click()
        page.locator("#check").click()
        expect(page.locator("#feedback .verdict")).to_have_text("正解です！")
        page.locator("#show-solution").click()
        last = trace_pictures(exercise.trace, JAPANESE)[-1].caption
        expect(page.locator("#caption")).to_have_text(last)
        page.locator("a.course-language-switch").click()
        page.wait_for_url((TRAINER / "index.html").as_uri() + ADDRESS)
        expect(page.locator("#check")).to_have_text("Check")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_japanese_page_on_a_phone(server: str, dark: bool) -> None:
    theme = "dark" if dark else "light"
    address = "#seed=5&depth=4&branching=2-3&cutoff=ge&order=given&failure=hard"
    with trainer_page(f"{server}/ja/index.html{address}", 390, 844, dark) as (page, _):
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_ja_390_{theme}.png")
        page.locator("#check").click()
        page.locator("#show-solution").click()
        page.locator("#step").fill("30")
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_ja_390_{theme}_solution.png")
