"""The α-β trainer page (site/trainer/) in a real headless Chromium, with no network.

The page is served by conftest's ``trainer_server`` (``http.server`` on a free local port)
and opened once from ``file://``, each test in a new context of the module's one Chromium;
every request that leaves the machine is aborted and fails the test, and so does any console
error. A student's session: a seeded tree, Check with nothing marked (the
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
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest

from gamelib.exercises import WORDS as CHECKER_WORDS
from gamelib.exercises import Convention, PruningExercise
from gamelib.mastery.skills import cutoff_sources
from gamelib.notation import format_number, read_number
from gamelib.render.scene import SceneOptions, trace_pictures
from gamelib.trace import Backup, Cutoff
from tests.browser.conftest import (
    REPOSITORY,
    screenshot,
)

pytestmark = pytest.mark.browser

TRAINER = REPOSITORY / "site" / "trainer"
SEED, DEPTH, BRANCHING = 2, 3, 2  # its solution prunes K and O
ADDRESS = f"#seed={SEED}&depth={DEPTH}&branching={BRANCHING}&cutoff=ge&order=given&failure=hard"
WAIT = 20_000  # milliseconds


@contextmanager
def trainer_page(
    browser: Any, url: str, width: int, height: int = 900, dark: bool = False
) -> Iterator[tuple[Any, list[str]]]:
    """The page at ``url`` in a new context of the module's ``browser``, ``width`` pixels wide,
    every non-local request aborted; yields the page and the list of problems (blocked
    requests, console errors), which must be empty at the end."""
    problems: list[str] = []

    def route(request_route: Any) -> None:
        address = urlsplit(request_route.request.url)
        if address.scheme == "file" or address.hostname in ("127.0.0.1", "localhost"):
            request_route.continue_()
        else:
            problems.append(f"blocked request: {request_route.request.url}")
            request_route.abort()

    context = browser.new_context(
        viewport={"width": width, "height": height}, color_scheme="dark" if dark else "light"
    )
    try:
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
        context.close()
    assert not problems


def feedback_text(page: Any) -> str:
    """The feedback as Feedback.__str__ writes it: the verdict, then "- message" lines (the
    checker's messages, without the trainer's reasons under them)."""
    verdict = page.locator("#feedback .verdict").inner_text()
    messages = page.locator("#feedback li .message").all_inner_texts()
    return "\n".join([verdict, *(f"- {message}" for message in messages)])


def box_problem(name: str, text: str, language: str) -> str:
    """What the notebook widget says of a box whose text is no number (its WORDS)."""
    from gamelib.widgets.pruning import WORDS

    try:
        read_number(text, language=language)
    except ValueError as error:
        return WORDS["box_problem"][language].format(name=name, error=error)
    raise AssertionError(f"{text!r} is a number")


def caption(page: Any) -> str:
    return str(page.locator("#caption").inner_text())


def no_horizontal_overflow(page: Any, width: int) -> None:
    scroll_width = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width} px wide on a {width} px screen"


def test_a_student_session_on_a_desktop(browser: Any, trainer_server: str) -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    pruned = [name for name in exercise.leaf_names if name in exercise.solution.pruned]
    assert pruned == ["K", "O"]
    with trainer_page(browser, f"{trainer_server}index.html{ADDRESS}", 1280) as (page, _):
        question = exercise.question().split("\n\n")[0]
        expect(page.locator("#question")).to_have_text(question)
        expect(page.locator("#leaves button")).to_have_text(exercise.leaf_names)
        expect(page.locator("#values input")).to_have_count(len(exercise.solution.values))

        page.locator("#check").click()
        assert feedback_text(page) == str(exercise.check(set()))
        wrong = page.locator("#tree-drawing .node.wrong")
        expect(wrong).to_have_count(2)  # the two leaves the answer got wrong, outlined
        cut = exercise.explain_pruned("K")
        assert "9 ≥ β = −3" in cut and f"- {cut}" in feedback_text(page).split("\n")

        page.locator("#values input[data-node=B]").fill("5")
        page.locator("#check").click()
        expected = exercise.check({"pruned": set(), "values": {"B": 5}})
        assert feedback_text(page) == str(expected)

        page.locator("#values input[data-node=B]").fill("")
        leaf_k = page.locator("#tree-drawing .node.clickable[data-leaf=K]")
        leaf_k.click()  # in the drawing
        expect(leaf_k).to_have_class(re.compile(r"\bmarked\b"))
        expect(page.locator("#leaves button[data-leaf=K]")).to_have_attribute(
            "aria-pressed", "true"
        )
        value = format_number(exercise.nodes["K"].value or 0)
        expect(page.locator("#tree-drawing svg")).to_have_attribute(
            "aria-label",
            f"The tree of the exercise, {len(exercise.leaf_names)} leaves; marked pruned: K",
        )
        expect(page.locator("#leaves button[data-leaf=K]")).to_have_attribute(
            "aria-label", f"leaf K, value {value}"
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


def test_other_rules_get_their_own_explanations(browser: Any, trainer_server: str) -> None:
    from playwright.sync_api import expect

    convention = Convention(cutoff=">", order="reversed", failure="soft")
    exercise = PruningExercise(seed=11, depth=3, branching=(2, 3), convention=convention)
    address = "#seed=11&depth=3&branching=2-3&cutoff=ge&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}index.html{address}", 1280) as (page, _):
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
            f"- {box_problem('B', 'abc', 'en')}",
            *expected[1:],
        ]
        page.locator("#new-tree").click()
        assert "seed=12" in page.evaluate("location.hash")
        following = PruningExercise(seed=12, depth=3, branching=(2, 3), convention=convention)
        expect(page.locator("#leaves button")).to_have_text(following.leaf_names)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_phone_screen(browser: Any, trainer_server: str, dark: bool) -> None:
    theme = "dark" if dark else "light"
    address = "#seed=5&depth=4&branching=2-3&cutoff=ge&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}index.html{address}", 390, 844, dark) as (page, _):
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (background == "rgb(21, 23, 26)") == dark, background
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_390_{theme}.png")
        page.locator("#check").click()
        page.locator("#show-solution").click()
        page.locator("#step").fill("30")
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_390_{theme}_solution.png")


TEXTS_AND_BACKGROUNDS = """() => {
  const opaque = (colour) => {
    const match = colour.match(/rgba?\\(([^)]+)\\)/);
    if (!match) return null;
    const parts = match[1].split(',').map(Number);
    return parts.length < 4 || parts[3] > 0 ? colour : null;
  };
  const behind = (element) => {
    for (let each = element; each; each = each.parentElement) {
      const colour = opaque(getComputedStyle(each).backgroundColor);
      if (colour) return colour;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden'
      && style.display !== 'none' && Number(style.opacity) > 0;
  };
  const found = [];
  for (const element of document.querySelectorAll('body *')) {
    if (element.closest('svg')) continue;
    const own = [...element.childNodes]
      .some((node) => node.nodeType === 3 && node.textContent.trim());
    if (!own || !shown(element)) continue;
    found.push([element.tagName + ' ' + element.textContent.trim().slice(0, 30),
                getComputedStyle(element).color, behind(element)]);
  }
  for (const text of document.querySelectorAll('svg text')) {
    if (!shown(text)) continue;
    const box = text.getBoundingClientRect();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    // the topmost filled shape drawn before the text whose box holds the text's centre
    const under = [...text.ownerSVGElement.querySelectorAll('circle, ellipse, rect, path, polygon')]
      .filter((shape) => (shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)
        && opaque(getComputedStyle(shape).fill) && shown(shape))
      .filter((shape) => {
        const edges = shape.getBoundingClientRect();
        return edges.left <= x && x <= edges.right && edges.top <= y && y <= edges.bottom;
      })
      .pop();
    found.push(['svg text ' + text.textContent.trim().slice(0, 30), getComputedStyle(text).fill,
                under ? getComputedStyle(under).fill : behind(text.ownerSVGElement)]);
  }
  return found;
}"""
"""Every text shown on the page (HTML elements with text of their own, and the drawings' SVG
texts): what it says, its colour and the colour behind it (the nearest opaque background;
for an SVG text the filled shape under it, else the drawing's background)."""


def hex_colour(css: str) -> str:
    """``rgb(21, 23, 26)`` → ``#15171a``."""
    return "#" + "".join(f"{int(float(part)):02x}" for part in re.findall(r"[\d.]+", css)[:3])


def test_the_desktop_page_in_the_dark_is_dark_and_every_text_reaches_4_5_to_1(
    browser: Any, trainer_server: str
) -> None:
    """At 1280 pixels in the dark colour scheme, after a check (a right and a wrong verdict)
    and a solution step with window and cut labels: the page's background is the dark one,
    nothing is wider than the screen, and every text on it (the controls, the feedback, the
    legend, both drawings' labels: at least 100 HTML texts and 40 SVG texts) reaches 4.5:1
    against what is behind it (WCAG 1.4.3)."""
    from gamelib.render.style import contrast_ratio

    with trainer_page(browser, f"{trainer_server}index.html{ADDRESS}", 1280, dark=True) as (
        page,
        _,
    ):
        page.locator("#leaves button[data-leaf=K]").click()
        page.locator("#leaves button[data-leaf=N]").click()  # not pruned: a wrong verdict
        page.locator("#check").click()
        page.locator("#show-solution").click()
        page.locator("#step").fill("20")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(21, 23, 26)", background
        no_horizontal_overflow(page, 1280)
        texts = page.evaluate(TEXTS_AND_BACKGROUNDS)
        assert sum(not what.startswith("svg text") for what, _, _ in texts) >= 100
        assert sum(what.startswith("svg text") for what, _, _ in texts) >= 40
        short = [
            f"{what!r}: {colour} on {behind} {ratio:.2f}:1"
            for what, colour, behind in texts
            if (ratio := contrast_ratio(hex_colour(colour), hex_colour(behind))) < 4.5
        ]
        assert short == []
        screenshot(page, "trainer_1280_dark.png")


def test_the_page_works_from_a_file(browser: Any) -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    url = (TRAINER / "index.html").as_uri() + ADDRESS
    with trainer_page(browser, url, 800) as (page, _):
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


def test_a_student_session_in_japanese(browser: Any, trainer_server: str) -> None:
    """The Japanese page (ja/index.html): a wrong answer, a box that holds no number, the right
    answer and the solution played, every word gamelib's with language="ja"."""
    from playwright.sync_api import expect

    from gamelib.widgets.pruning import WORDS

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    with trainer_page(browser, f"{trainer_server}ja/index.html{ADDRESS}", 1280) as (page, _):
        assert page.evaluate("document.documentElement.lang") == "ja"
        question = exercise.question(language="ja").split("\n\n")[0]
        expect(page.locator("#question")).to_have_text(question)
        expect(page.locator("#leaves button")).to_have_text(exercise.leaf_names)
        expect(page.locator("#values input").first).to_have_attribute("placeholder", "値")

        page.locator("#check").click()  # nothing marked: K and O are explained
        assert feedback_text(page) == str(exercise.check(set(), language="ja"))
        expect(page.locator("#feedback .verdict")).to_have_text(CHECKER_WORDS["not_yet"]["ja"])
        cut = exercise.explain_pruned("K", language="ja")
        assert "9 ≥ β = −3" in cut and f"- {cut}" in feedback_text(page).split("\n")

        page.locator("#values input[data-node=B]").fill("5")
        page.locator("#values input[data-node=C]").fill("abc")
        page.locator("#check").click()
        expected = str(exercise.check({"pruned": set(), "values": {"B": 5}}, language="ja"))
        first, *rest = expected.split("\n")
        assert feedback_text(page).split("\n") == [
            first,
            f"- {box_problem('C', 'abc', 'ja')}",
            *rest,
        ]

        page.locator("#clear").click()
        leaf_k = page.locator("#tree-drawing .node.clickable[data-leaf=K]")
        value = format_number(exercise.nodes["K"].value or 0)
        expect(page.locator("#leaves button[data-leaf=K]")).to_have_attribute(
            "aria-label", f"葉 K、値 {value}"
        )
        leaf_k.click()  # in the drawing
        expect(page.locator("#tree-drawing svg")).to_have_attribute(
            "aria-label", f"演習の木（葉 {len(exercise.leaf_names)} 個）。枝刈りの印をつけた葉：K"
        )
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


def test_the_switch_leads_to_the_same_exercise_in_the_other_language(
    browser: Any, trainer_server: str
) -> None:
    from playwright.sync_api import expect

    convention = Convention(cutoff=">", order="reversed", failure="soft")
    address = "#seed=11&depth=3&branching=2-3&cutoff=gt&order=reversed&failure=soft"
    following = address.replace("seed=11", "seed=12")
    exercise = PruningExercise(seed=12, depth=3, branching=(2, 3), convention=convention)
    with trainer_page(browser, f"{trainer_server}index.html{address}", 1280) as (page, _):
        page.locator("#new-tree").click()  # the switch follows the address: seed 12
        switch = page.locator("a.course-language-switch")
        expect(switch).to_have_attribute("href", "ja/index.html" + following)
        switch.click()
        page.wait_for_url(f"{trainer_server}ja/index.html{following}")
        assert page.evaluate("document.documentElement.lang") == "ja"
        question = exercise.question(language="ja").split("\n\n")[0]
        expect(page.locator("#question")).to_have_text(question)
        expect(page.locator("#leaves button")).to_have_text(exercise.leaf_names)
        expect(page.locator("input[name=order][value=reversed]")).to_be_checked()
        page.locator("a.course-language-switch").click()
        page.wait_for_url(f"{trainer_server}index.html{following}")
        assert page.evaluate("document.documentElement.lang") == "en"
        expect(page.locator("#question")).to_have_text(exercise.question().split("\n\n")[0])


def test_the_japanese_page_works_from_a_file(browser: Any) -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    url = (TRAINER / "ja" / "index.html").as_uri() + ADDRESS
    with trainer_page(browser, url, 800) as (page, _):
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
def test_the_japanese_page_on_a_phone(browser: Any, trainer_server: str, dark: bool) -> None:
    theme = "dark" if dark else "light"
    address = "#seed=5&depth=4&branching=2-3&cutoff=ge&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}ja/index.html{address}", 390, 844, dark) as (
        page,
        _,
    ):
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_ja_390_{theme}.png")
        page.locator("#check").click()
        page.locator("#show-solution").click()
        page.locator("#step").fill("30")
        no_horizontal_overflow(page, 390)
        screenshot(page, f"trainer_ja_390_{theme}_solution.png")


# ---------------------------------------------------------------- feedback that teaches (27.6)

WHY = {"en": "Why: ", "ja": "理由："}
NO_CUT_UNDER_THE_STRICT_RULE = {
    "en": "{value} {relation} {bound} = {value}, which does not cut under the strict rule",
    "ja": "{value} {relation} {bound} = {value} ですが、厳密な規則ではカットしません",
}


def message_item(page: Any, starts: str) -> Any:
    """The feedback's list item whose checker message starts with ``starts``."""
    items = page.locator("#feedback li").filter(
        has=page.locator(".message", has_text=re.compile("^" + re.escape(starts)))
    )
    assert items.count() == 1, starts
    return items.first


def cut_at(exercise: PruningExercise, node: str) -> Cutoff:
    (cut,) = [e for e in exercise.trace.events if isinstance(e, Cutoff) and e.node == node]
    return cut


@pytest.mark.parametrize(
    ("language", "width"),
    [("en", 1280), ("en", 390), ("ja", 1280), ("ja", 390)],
    ids=["en-1280", "en-390", "ja-1280", "ja-390"],
)
def test_after_check_right_and_wrong_differ_and_every_mistake_says_why(
    browser: Any, trainer_server: str, language: str, width: int
) -> None:
    """K rightly marked, H wrongly marked (it is evaluated), O missed; B's value wrong, E's
    wrong at a cut, A's right. Right and wrong differ in a sign and the outline, not only the
    colour; the wrong boxes are marked for a screen reader; each reason holds the cut test."""
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    values = exercise.solution.values
    assert "K" in exercise.solution.pruned and "H" not in exercise.solution.pruned
    folder = "" if language == "en" else "ja/"
    with trainer_page(browser, f"{trainer_server}{folder}index.html{ADDRESS}", width) as (page, _):
        page.locator("#leaves button[data-leaf=K]").click()
        page.locator("#leaves button[data-leaf=H]").click()
        given = {"A": values["A"], "B": values["B"] + 10, "E": values["E"] + 12}
        for name, value in given.items():
            page.locator(f"#values input[data-node={name}]").fill(format_number(value))
        page.locator("#check").click()
        answer = {"pruned": {"K", "H"}, "values": given}
        assert feedback_text(page) == str(exercise.check(answer, language=language))

        # the drawing: a ✓ badge and a solid outline for K, a ✗ and a dashed one for H and O
        def drawn(leaf: str) -> Any:
            return page.locator(f"#tree-drawing .node[data-leaf={leaf}]")

        expect(drawn("K")).to_have_class(re.compile(r"\bright\b"))
        expect(drawn("K").locator(".verdict-badge text")).to_have_text("✓")
        for leaf in ("H", "O"):
            expect(drawn(leaf)).to_have_class(re.compile(r"\bwrong\b"))
            expect(drawn(leaf).locator(".verdict-badge text")).to_have_text("✗")
        dashes = [
            drawn(leaf)
            .locator(".shape")
            .evaluate("shape => getComputedStyle(shape).strokeDasharray")
            for leaf in ("K", "H")
        ]
        assert dashes[0] != dashes[1], dashes  # not by colour alone
        # the buttons: the same signs, and the words for a screen reader
        right_word, wrong_word = ("right", "wrong") if language == "en" else ("正しい", "間違い")
        expect(page.locator("#leaves button[data-leaf=K]")).to_have_text(f"✂ K ✓ ({right_word})")
        expect(page.locator("#leaves button[data-leaf=H]")).to_have_text(f"✂ H ✗ ({wrong_word})")
        expect(page.locator("#leaves button[data-leaf=O]")).to_have_text(f"O ✗ ({wrong_word})")
        styles = [
            page.locator(f"#leaves button[data-leaf={leaf}]").evaluate(
                "button => getComputedStyle(button).borderTopStyle"
            )
            for leaf in ("K", "H")
        ]
        assert styles == ["solid", "dashed"], styles

        # the value boxes: B and E wrong (aria-invalid, described by their message), A right
        for name in ("B", "E"):
            box = page.locator(f"#values input[data-node={name}]")
            expect(box).to_have_attribute("aria-invalid", "true")
            message = box.get_attribute("aria-describedby")
            described = page.locator(f"#{message} .message")
            expect(described).to_contain_text(format_number(given[name]))
            expect(page.locator(f".value-field:has(input[data-node={name}])")).to_have_class(
                re.compile(r"\bwrong\b")
            )
        expect(page.locator("#values input[data-node=A]")).not_to_have_attribute(
            "aria-invalid", "true"
        )
        expect(page.locator(".value-field:has(input[data-node=A]) .verdict-sign")).to_have_text("✓")

        # E's reason: the cut and what fail-hard returns there (β), with the comparison
        cut = cut_at(exercise, "E")
        reason = message_item(page, "E").locator(".reason")
        expect(reason).to_contain_text(WHY[language])
        comparison = f"{format_number(cut.value)} ≥ β = {format_number(cut.beta)}"
        expect(reason).to_contain_text(comparison)
        returned = format_number(values["E"])
        returns = {
            "en": f"under fail-hard a node that cuts returns β, here {returned}",
            "ja": f"fail-hard では、カットしたノードは β を返します（ここでは {returned}）",
        }[language]
        expect(reason).to_contain_text(returns)
        assert values["E"] == cut.beta
        # B's reason: no cut, its best child's value, which it returns
        expect(message_item(page, "B").locator(".reason")).to_contain_text(
            format_number(values["B"])
        )
        # H's reason: the test above it that did not cut
        expect(message_item(page, "H").locator(".reason")).to_contain_text(WHY[language])
        # O's message holds its cut; its reason names where the cut's bound comes from
        (source,) = [cut for cut in cutoff_sources(exercise) if "O" in cut.pruned]
        parents = {
            child.name: node.name for node, _ in exercise.tree.walk() for child in node.children
        }
        ancestor = source.node
        for _ in range(source.distance):
            ancestor = parents[ancestor]
        kind = {"en": ("shallow cutoff", "deep cutoff"), "ja": ("浅いカット", "深いカット")}
        reason = message_item(page, "O").locator(".reason")
        expect(reason).to_contain_text(WHY[language])
        expect(reason).to_contain_text(f"β = {format_number(cut_at(exercise, 'G').beta)}")
        expect(reason).to_contain_text(ancestor)
        expect(reason).to_contain_text(kind[language][source.distance >= 3])
        expect(message_item(page, "O")).to_contain_text(
            f"{format_number(cut_at(exercise, 'G').value)} ≥ β"
        )
        no_horizontal_overflow(page, width)
        page.locator("#tree-drawing").scroll_into_view_if_needed()
        screenshot(page, f"trainer_{language}_{width}_checked.png")

        # pressing a leaf again takes its verdict away (it no longer describes the answer)
        page.locator("#leaves button[data-leaf=H]").click()
        expect(drawn("H")).not_to_have_class(re.compile(r"\bwrong\b"))
        expect(page.locator("#leaves button[data-leaf=H]")).to_have_text("H")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_strict_rule_names_the_comparison_that_does_not_cut(
    browser: Any, trainer_server: str, language: str
) -> None:
    """Under "cut on >", seed 1: N is evaluated with the window (3, 3), because 3 ≤ α = 3 does
    not cut at C. Marking N says so, and the solution animation shows that test as a step."""
    from playwright.sync_api import expect

    convention = Convention(cutoff=">", order="given", failure="hard")
    exercise = PruningExercise(seed=1, depth=3, branching=2, convention=convention)
    (backup,) = [
        (step, event)
        for step, event in enumerate(exercise.trace.events, start=1)
        if isinstance(event, Backup) and event.node == "C" and event.child == "F"
    ]
    step, event = backup
    assert "N" not in exercise.solution.pruned and event.value == event.alpha  # the tie
    tie = NO_CUT_UNDER_THE_STRICT_RULE[language].format(
        value=format_number(event.value), relation="≤", bound="α"
    )
    folder = "" if language == "en" else "ja/"
    address = "#seed=1&depth=3&branching=2&cutoff=gt&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}{folder}index.html{address}", 1280) as (page, _):
        page.locator("#leaves button[data-leaf=N]").click()
        page.locator("#check").click()
        item = message_item(page, "N")
        expect(item.locator(".message")).to_have_text(
            exercise.explain_evaluated("N", language=language)
        )
        expect(item.locator(".reason")).to_contain_text(tie)

        page.locator("#show-solution").click()
        page.locator("#step").fill(str(step))
        pictures = trace_pictures(exercise.trace, SceneOptions(language=language))
        expect(page.locator("#caption")).to_have_text(pictures[step].caption)
        expect(page.locator("#comparison")).to_contain_text(tie)
        expect(page.locator("#comparison")).to_have_class(re.compile(r"\bno-cut\b"))


def test_the_solution_has_a_speed_control_and_a_next_cut_button(
    browser: Any, trainer_server: str
) -> None:
    from playwright.sync_api import expect

    exercise = PruningExercise(seed=SEED, depth=DEPTH, branching=BRANCHING)
    pictures = trace_pictures(exercise.trace)
    cut_steps = [
        step for step, event in enumerate(exercise.trace.events, start=1)
        if isinstance(event, Cutoff)
    ]  # fmt: skip
    assert len(cut_steps) == 2
    with trainer_page(browser, f"{trainer_server}index.html{ADDRESS}", 1280) as (page, _):
        page.locator("#show-solution").click()
        page.locator("#first-step").click()
        for step in cut_steps:
            page.locator("#next-cut").click()
            expect(page.locator("#caption")).to_have_text(pictures[step].caption)
            expect(page.locator("#comparison")).to_have_class(re.compile(r"\bcut\b"))
        expect(page.locator("#next-cut")).to_be_disabled()  # no cut after the last one

        # the step interval follows the speed control: the player asks the browser for that
        # interval, and no step comes before its time (a timer never fires early, so this
        # holds on a loaded machine; a slow one only makes the steps later)
        page.evaluate(
            """() => {
              window.stepTimes = [];
              window.intervals = [];
              const original = window.setInterval;
              window.setInterval = (callback, delay, ...rest) => {
                window.intervals.push(delay);
                return original(callback, delay, ...rest);
              };
              new MutationObserver(() => window.stepTimes.push(performance.now()))
                .observe(document.getElementById("caption"), {childList: true});
            }"""
        )
        for milliseconds, steps in ((200, 6), (1500, 3)):
            page.locator("#speed").select_option(str(milliseconds))
            page.locator("#first-step").click()
            started = page.evaluate(
                """() => {
                  window.stepTimes = [];
                  const started = performance.now();
                  document.getElementById("play").click();
                  return started;
                }"""
            )
            expect(page.locator("#play")).to_have_attribute(
                "data-step-milliseconds", str(milliseconds)
            )
            page.wait_for_function(f"window.stepTimes.length >= {steps}", timeout=WAIT)
            page.locator("#play").click()  # pause
            assert page.evaluate("window.intervals.at(-1)") == milliseconds
            times = page.evaluate("window.stepTimes")[:steps]
            early = [
                (index + 1, round(time - started))
                for index, time in enumerate(times)
                if time - started < (index + 1) * milliseconds - 2
            ]
            assert not early, (milliseconds, early)  # step k no sooner than k intervals


def test_a_wide_tree_shows_that_it_scrolls(browser: Any, trainer_server: str) -> None:
    from playwright.sync_api import expect

    wide = "#seed=5&depth=4&branching=3&cutoff=ge&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}index.html{wide}", 390, 844) as (page, _):
        frame = page.locator(".drawing-frame:has(#tree-drawing)")
        expect(page.locator("#tree-drawing-scroll-hint")).to_be_visible()
        expect(frame).to_have_class(re.compile(r"\bscrolls\b"))
        # centred on the root: more of the tree on both sides, an arrow on each
        expect(frame).to_have_class(re.compile(r"\bmore-right\b"))
        arrow = frame.evaluate("frame => getComputedStyle(frame, '::after').content")
        assert arrow == '"›"', arrow
        page.locator("#tree-drawing").evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        expect(frame).not_to_have_class(re.compile(r"\bmore-right\b"))
        expect(frame).to_have_class(re.compile(r"\bmore-left\b"))
        screenshot(page, "trainer_390_wide_tree.png")
    small = "#seed=5&depth=2&branching=2&cutoff=ge&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}index.html{small}", 1280) as (page, _):
        expect(page.locator("#tree-drawing-scroll-hint")).to_be_hidden()
        frame = page.locator(".drawing-frame:has(#tree-drawing)")
        expect(frame).not_to_have_class(re.compile(r"\bscrolls\b"))


LEAVES_IN_VIEW = """() => {
  // which leaves of the exercise's drawing lie wholly inside its box, as on the screen
  const box = document.getElementById("tree-drawing");
  const frame = box.getBoundingClientRect();
  return {
    inside: [...box.querySelectorAll(".node.clickable")]
      .filter((node) => {
        const shape = node.getBoundingClientRect();
        return shape.left >= frame.left && shape.right <= frame.right;
      })
      .map((node) => node.dataset.leaf),
    scrolls: box.scrollWidth > box.clientWidth,
  };
}"""


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_tree_fits_its_box_or_opens_where_the_search_starts(
    browser: Any, trainer_server: str, language: str
) -> None:
    """At 1280 px, a 16-leaf depth-4 tree fits its box whole (every leaf's bounding box in
    it, no scrolling); the default tree (22 leaves, too many to fit with 12 px text) opens
    scrolled to where the search starts: with the children searched left to right, the
    leftmost leaves and the first evaluated are in view, and right to left, the rightmost."""
    folder = "" if language == "en" else "ja/"
    four = "#seed=3&depth=4&branching=2&cutoff=ge&order=given&failure=hard"
    with trainer_page(browser, f"{trainer_server}{folder}index.html{four}", 1280) as (page, _):
        exercise = PruningExercise(seed=3, depth=4, branching=2)
        assert len(exercise.leaf_names) == 16
        seen = page.evaluate(LEAVES_IN_VIEW)
        assert seen == {"inside": exercise.leaf_names, "scrolls": False}, seen
        screenshot(page, f"trainer_{language}_1280_sixteen_leaves.png")
    for order in ("given", "reversed"):
        address = f"#seed=0&depth=3&branching=2-3&cutoff=ge&order={order}&failure=hard"
        with trainer_page(browser, f"{trainer_server}{folder}index.html{address}", 1280) as (
            page,
            _,
        ):
            exercise = PruningExercise(
                seed=0, depth=3, branching=(2, 3), convention=Convention(order=order)
            )
            leaves = exercise.leaf_names
            assert len(leaves) == 22
            seen = page.evaluate(LEAVES_IN_VIEW)
            assert seen["scrolls"], "22 leaves do not fit at 12 px: the box scrolls"
            inside = seen["inside"]
            first = exercise.solution.evaluated[0]
            assert first in inside, (first, inside)
            end = leaves[: len(inside)] if order == "given" else leaves[-len(inside) :]
            assert inside == end and len(inside) >= 15, (order, inside)
            screenshot(page, f"trainer_{language}_1280_default_{order}.png")


SMALLEST_TEXT_PIXELS = {1280: 12, 390: 10}
"""Issue 27.2: a drawing's text at least 12 px on a 1280 px screen and 10 px at 390 px."""

TEXT_SIZES = """drawing => [...drawing.querySelectorAll("svg text")].map(text => {
  const svg = text.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [text.textContent, parseFloat(getComputedStyle(text).fontSize) * scale];
})"""
"""Each text of a drawing with its font size on the screen, in pixels."""


@pytest.mark.parametrize("width", [1280, 390])
def test_the_drawings_text_is_readable_and_a_wider_tree_scrolls(
    browser: Any, trainer_server: str, width: int
) -> None:
    """Every text in both drawings (after a check with verdicts, and a solution step with
    window and cut labels) is at least the issue's size; on a 3×3×3×3 tree that cannot fit
    at that size, the drawing scrolls and says so."""
    from playwright.sync_api import expect

    for address, scrolls in (
        (ADDRESS, width < 1280),
        ("#seed=5&depth=4&branching=3&cutoff=ge&order=given&failure=hard", True),
    ):
        with trainer_page(browser, f"{trainer_server}index.html{address}", width) as (page, _):
            page.locator("#leaves button").first.click()
            page.locator("#check").click()
            page.locator("#show-solution").click()
            page.locator("#first-step").click()
            page.locator("#next-cut").click()  # a step with window labels and a cut label
            for drawing in ("tree-drawing", "solution-drawing"):
                sizes = page.locator(f"#{drawing}").evaluate(TEXT_SIZES)
                assert sizes
                small = [(text, round(size, 1)) for text, size in sizes]
                small = [pair for pair in small if pair[1] < SMALLEST_TEXT_PIXELS[width]]
                assert not small, (drawing, small)
                frame = page.locator(f".drawing-frame:has(#{drawing})")
                if scrolls:
                    expect(frame).to_have_class(re.compile(r"\bscrolls\b"))
                    expect(page.locator(f"#{drawing}-scroll-hint")).to_be_visible()
                else:
                    expect(frame).not_to_have_class(re.compile(r"\bscrolls\b"))
