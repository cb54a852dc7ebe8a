"""The student's progress page (site/trainer/progress.html and ja/progress.html) in headless
Chromium, offline, served from the source tree (and once opened from ``file://``).

A record is filled in the page through the engine itself (``PruningMastery.recordAttempt`` on
sixteen exercises: right answers, empty ones, a shown solution and a second try) and saved
through ``PruningProgressStore``; the page then shows, for every skill, the rating, its
uncertainty, the rated tries, the right first tries and when it was last seen exactly as
``standing()`` gives them (formatted here in Python, not by the page's code), marks the
weakest started skill, and draws each chart with as many points as ``skillHistory()`` gives.
Export downloads the stored text, Clear (through its dialog, by keyboard) leaves no progress,
and importing the downloaded file shows the same cards again, word for word; a file with one
digit changed is refused with the checksum's reason and nothing changes; a damaged local
record is kept aside, reported, downloadable and removable; a version 1 record is migrated,
its old text kept aside and the new one saved; without local storage the page
says the progress will not be kept. axe-core finds no WCAG A/AA violation at 1280 and 390
pixels in either language; Tab reaches every control, each with a focus ring and at least
24 pixels square; the Japanese page has the English page's elements. Screenshots (390 and
1280 pixels, light and dark, the overview and ``#skill=deep_cutoff``) go to
tests/browser/screenshots/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    TRAINER,
    axe_violations,
    offline_context,
    screenshot,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WAIT = 20_000  # milliseconds
READY = "body[data-ready=true]"
PAGES = {"en": "progress.html", "ja": "ja/progress.html"}
MINUS = "\u2212"

FILL_RECORD = """async () => {
  // sixteen exercises: the first try of most right, of some empty, one solution shown and one
  // exercise tried twice (the second try not rated); saved as the page would save it
  const M = PruningMastery;
  let record = M.newProgress("test-student", Date.UTC(2026, 10, 20, 8));
  const specs = M.candidates(11, 16);
  let at = Date.UTC(2026, 10, 20, 9);
  specs.forEach((spec, index) => {
    const exercise = M.makeExercise(spec);
    const right = {pruned: [...exercise.pruned], values: [...exercise.values]};
    const answer = index % 3 === 1 ? {pruned: [], values: []} : right;
    record = M.recordAttempt(record, spec, answer, {at: (at += 60_000), shown: index === 7});
  });
  record = M.recordAttempt(record, specs[1], {pruned: [], values: []}, {at: (at += 60_000)});
  const saved = await PruningProgressStore.save(record);
  return saved.ok;
}"""

STANDING = """async () => {
  const text = localStorage.getItem(PruningProgressStore.KEY);
  const {progress} = await PruningMastery.importProgress(text);
  const histories = {};
  for (const id of PruningMastery.SKILL_IDS) {
    histories[id] = PruningMastery.skillHistory(progress, id, 20).length;
  }
  return {standing: PruningMastery.standing(progress), histories, text,
          attempts: PruningMastery.attemptsOf(progress)};
}"""

CARDS = """() => [...document.querySelectorAll('#skill-cards > li')].map(card => ({
  skill: card.dataset.skill,
  text: card.innerText,
  weakest: card.classList.contains('weakest'),
  fields: Object.fromEntries([...card.querySelectorAll('[data-field]')]
      .map(field => [field.dataset.field, field.textContent])),
  chart: card.querySelector('svg.rating-chart') && {
      role: card.querySelector('svg.rating-chart').getAttribute('role'),
      title: card.querySelector('svg.rating-chart title').textContent,
      description: card.querySelector('svg.rating-chart desc').textContent,
      points: card.querySelectorAll('svg.rating-chart circle.point').length},
}))"""


def number(value: float) -> str:
    """A rating as the page must show it: two decimals and a real minus sign."""
    return f"{value:.2f}".replace("-", MINUS)


def open_page(context: Any, url: str, viewport: dict[str, int] = DESKTOP) -> Any:
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.set_default_timeout(WAIT)
    page.goto(url)
    page.wait_for_selector(READY)
    return page


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_selector(READY)


def cards_match_standing(page: Any, state: dict[str, Any], histories: dict[str, int]) -> None:
    """Every card shows standing()'s numbers; the weakest started skill alone is marked."""
    skills = state["skills"]
    started = [id for id in skills if skills[id]["count"] > 0]
    weakest = min(started, key=lambda id: skills[id]["rating"])
    cards = page.evaluate(CARDS)
    assert [card["skill"] for card in cards] == list(skills)
    for card in cards:
        skill = skills[card["skill"]]
        assert card["weakest"] == (card["skill"] == weakest), card
        if skill["count"] == 0:
            assert card["fields"] == {} and card["chart"] is None, card
            continue
        fields = card["fields"]
        assert fields["rating"] == number(skill["rating"]), card
        assert fields["sd"] == number(skill["sd"]), card
        assert fields["count"] == str(skill["count"]), card
        assert fields["right"] == str(skill["right"]), card
        ago = state["attempts"] - 1 - skill["lastIndex"]
        assert fields["last"].startswith(
            {0: ("in your last exercise", "直前の演習"), 1: ("1 exercise ago", "1 問前")}.get(
                ago, (f"{ago} exercises ago", f"{ago} 問前")
            )
        ), card
        chart = card["chart"]
        assert chart["role"] == "img" and chart["title"], card
        assert chart["points"] == histories[card["skill"]], card
        assert chart["description"].count("±") == chart["points"] + 1, card  # and the legend


def test_progress_page_numbers_export_clear_import(
    browser: Any, trainer_server: str, tmp_path: Path
) -> None:
    context, watch = offline_context(browser, DESKTOP, trainer_server)
    try:
        page = open_page(context, trainer_server + PAGES["en"])
        assert page.locator("#summary").inner_text().startswith("No exercise yet")
        assert page.evaluate(FILL_RECORD) is True
        reload(page)
        found = page.evaluate(STANDING)
        state = found["standing"]
        assert state["attempts"] == 17
        assert sum(skill["count"] > 0 for skill in state["skills"].values()) >= 5
        cards_match_standing(page, state, found["histories"])
        privacy = page.locator("#privacy").inner_text()
        assert "stays in this browser" in privacy and "export" in privacy

        # one skill's page: its chart larger, its tries listed with links to the exercises
        page.goto(trainer_server + PAGES["en"] + "#skill=deep_cutoff")
        page.wait_for_selector("#skill-page:not([hidden])")
        tries = [
            attempt["exercise"]
            for attempt in reversed(found["attempts"])
            if "deep_cutoff" in attempt["outcomes"]
        ]
        links = page.locator("#skill-tries table a")
        assert links.evaluate_all("links => links.map(link => link.getAttribute('href'))") == [
            f"index.html#{key}" for key in tries
        ]
        assert len(tries) >= 2, "the filled record practises deep cutoffs"
        assert page.locator("#skill-detail svg.rating-chart.large").count() == 1
        page.goto(trainer_server + PAGES["en"])
        page.wait_for_selector("#overview:not([hidden])")

        before = [card["text"] for card in page.evaluate(CARDS)]
        with page.expect_download() as download_info:
            page.locator("#export").click()
        download = download_info.value
        assert re.fullmatch(
            r"alphabeta-progress-\d{4}-\d{2}-\d{2}\.json", download.suggested_filename
        )
        exported = tmp_path / download.suggested_filename
        download.save_as(exported)
        assert exported.read_text(encoding="utf-8") == found["text"]

        # Clear: a real dialog, by keyboard (it opens on Cancel; Tab, Enter confirms)
        page.locator("#clear-progress").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#confirm-dialog[open]")
        assert page.evaluate("document.activeElement.id") == "confirm-no"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "confirm-yes"
        page.keyboard.press("Enter")
        page.wait_for_selector("#confirm-dialog", state="hidden")
        # the page clears once the dialog's close event has resolved its promise: a moment
        # after the dialog is hidden, so wait for that state rather than read it at once
        page.wait_for_function("localStorage.getItem(PruningProgressStore.KEY) === null")
        assert page.locator("#summary").inner_text().startswith("No exercise yet")
        assert page.locator("#skill-cards > li.not-started").count() == 9

        with page.expect_file_chooser() as chooser:
            page.locator("#import").click()
        chooser.value.set_files(str(exported))
        page.wait_for_function(
            "document.querySelector('#record-message').textContent.includes('Imported')"
        )
        assert [card["text"] for card in page.evaluate(CARDS)] == before
        reload(page)
        assert [card["text"] for card in page.evaluate(CARDS)] == before

        # a file with one digit of its record changed: refused, with the checksum's reason
        file = json.loads(found["text"])
        body = file["body"]
        where = body.index('"attempts":[[') + len('"attempts":[[')
        digit = body[where]
        file["body"] = body[:where] + ("1" if digit == "0" else "0") + body[where + 1 :]
        tampered = tmp_path / "tampered.json"
        tampered.write_text(json.dumps(file), encoding="utf-8")
        with page.expect_file_chooser() as chooser:
            page.locator("#import").click()
        chooser.value.set_files(str(tampered))
        page.wait_for_function(
            "document.querySelector('#record-message').textContent.includes('not imported')"
        )
        checksum = page.evaluate("PruningMastery.WORDS.aside_checksum.en")
        message = page.locator("#record-message").inner_text()
        assert "“tampered.json” was not imported" in message and checksum in message
        assert [card["text"] for card in page.evaluate(CARDS)] == before
        assert page.evaluate("localStorage.getItem(PruningProgressStore.KEY)") == found["text"]
        assert page.locator("#aside-list > li").count() == 1  # the refused text, kept aside

        # the Japanese page shows the same record with the same numbers
        japanese = open_page(context, trainer_server + PAGES["ja"])
        cards_match_standing(japanese, state, found["histories"])
        assert "このブラウザーの中だけ" in japanese.locator("#privacy").inner_text()
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_damaged_record_is_kept_aside_and_reported(browser: Any, trainer_server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, trainer_server)
    try:
        page = open_page(context, trainer_server + PAGES["ja"])
        page.evaluate("localStorage.setItem(PruningProgressStore.KEY, '{damaged')")
        reload(page)
        reason = page.evaluate("PruningMastery.WORDS.aside_not_json.ja")
        assert reason in page.locator("#notices").inner_text()
        assert page.locator("#summary").inner_text().startswith("まだ演習がありません")
        entries = page.locator("#aside-list > li")
        assert entries.count() == 1 and reason in entries.first.inner_text()
        kept = page.evaluate("PruningProgressStore.keptAside()")
        assert [entry["text"] for entry in kept] == ["{damaged"]
        with page.expect_download() as download_info:
            entries.first.get_by_role("button", name=re.compile("^ダウンロード")).click()
        assert Path(download_info.value.path()).read_text(encoding="utf-8") == "{damaged"
        entries.first.get_by_role("button", name=re.compile("^削除")).click()
        page.wait_for_selector("#confirm-dialog[open]")
        page.locator("#confirm-yes").click()
        page.wait_for_selector("#aside[hidden]", state="attached")
        assert page.evaluate("PruningProgressStore.keptAside()") == []
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_no_axe_violation_and_screenshots(browser: Any, trainer_server: str) -> None:
    context, watch = offline_context(browser, DESKTOP, trainer_server)
    violations: list[str] = []
    try:
        page = open_page(context, trainer_server + PAGES["en"])
        assert page.evaluate(FILL_RECORD) is True
        for viewport in (DESKTOP, PHONE):
            page.set_viewport_size(viewport)
            width = viewport["width"]
            for language, address in PAGES.items():
                for view in ("", "#skill=deep_cutoff"):
                    page.goto(trainer_server + address + view)
                    page.wait_for_selector(READY)
                    shown = "#skill-page" if view else "#overview"
                    page.wait_for_selector(f"{shown}:not([hidden])")
                    for theme in ("light", "dark"):
                        page.emulate_media(color_scheme=theme)
                        name = f"{address}{view} {width}px {theme}"
                        if theme == "light" or width == PHONE["width"]:
                            violations += axe_violations(page, name)
                        if language == "en":
                            label = "skill" if view else "overview"
                            screenshot(page, f"trainer_progress_{label}_{width}_{theme}.png")
                    page.emulate_media(color_scheme="light")
        assert not watch.problems(), watch.problems()
    finally:
        context.close()
    assert not violations, "\n".join(violations)


OLD_RECORD = """async () => {
  // the record FILL_RECORD saved, written as a version 1 record (attempts as objects)
  const M = PruningMastery;
  const {progress} = await M.importProgress(localStorage.getItem(PruningProgressStore.KEY));
  const attempts = M.attemptsOf(progress).map(({exercise, at, rated, shown, outcomes}) =>
      ({exercise, at, rated, shown, outcomes}));
  const body = JSON.stringify({format: M.FORMAT, version: 1, student: progress.student,
                               created: progress.created, attempts});
  const text = JSON.stringify({format: M.FORMAT, version: 1, sha256: await M.sha256(body), body});
  localStorage.setItem(PruningProgressStore.KEY, text);
  return {text, standing: M.standing(progress)};
}"""


def test_an_old_record_is_migrated_and_its_text_kept_aside(
    browser: Any, trainer_server: str
) -> None:
    context, watch = offline_context(browser, DESKTOP, trainer_server)
    try:
        page = open_page(context, trainer_server + PAGES["en"])
        assert page.evaluate(FILL_RECORD) is True
        old = page.evaluate(OLD_RECORD)
        reload(page)
        template, version = page.evaluate(
            "[PruningMastery.WORDS.aside_migrated.en, PruningMastery.VERSION]"
        )
        notice = page.locator("#notices").inner_text().strip()
        assert notice == template.replace("{version}", "1").replace("{expected}", str(version))
        assert [entry["text"] for entry in page.evaluate("PruningProgressStore.keptAside()")] == [
            old["text"]
        ]
        stored = page.evaluate("JSON.parse(localStorage.getItem(PruningProgressStore.KEY))")
        assert stored["version"] == version != 1
        found = page.evaluate(STANDING)
        assert found["standing"] == old["standing"]
        cards_match_standing(page, found["standing"], found["histories"])
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_without_local_storage_the_page_says_so_and_works_in_memory(
    browser: Any, trainer_server: str, tmp_path: Path
) -> None:
    """Where the browser refuses local storage (private mode), the page says the progress will
    not be kept, saving reports it, and an imported file is still shown (held in memory)."""
    context, watch = offline_context(browser, DESKTOP, trainer_server)
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('refused', 'SecurityError'); }});"
    )
    try:
        page = open_page(context, trainer_server + PAGES["en"])
        unavailable = page.evaluate("PruningProgressStore.WORDS.unavailable")
        assert page.locator("#notices").inner_text().strip() == unavailable["en"]
        saved = page.evaluate(FILL_RECORD.replace("return saved.ok;", "return saved;"))
        assert saved == {"ok": False, "notice": unavailable}
        reload(page)
        assert page.locator("#skill-cards > li.not-started").count() == 9  # nothing was kept
        record = tmp_path / "record.json"
        record.write_text(
            page.evaluate(
                FILL_RECORD.replace(
                    "const saved = await PruningProgressStore.save(record);\n  return saved.ok;",
                    "return PruningMastery.exportProgress(record);",
                )
            ),
            encoding="utf-8",
        )
        with page.expect_file_chooser() as chooser:
            page.locator("#import").click()
        chooser.value.set_files(str(record))
        page.wait_for_function(
            "document.querySelector('#record-message').textContent.includes('Imported')"
        )
        assert unavailable["en"] in page.locator("#record-message").inner_text()
        assert page.locator("#skill-cards > li:not(.not-started)").count() >= 5
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_the_japanese_page_has_the_english_pages_elements() -> None:
    """ja/progress.html has the English page's elements (tags, ids, classes) in the same
    order, is marked Japanese, and the two pages' language switches lead to each other."""
    pages = {
        language: (TRAINER / address).read_text(encoding="utf-8")
        for language, address in PAGES.items()
    }
    tag = re.compile(r"<(\w+)([^>]*)>")
    named = re.compile(r'\b(id|class)="([^"]*)"')

    def skeleton(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
        body = text[text.index("<body") :]
        return [(name, named.findall(attributes)) for name, attributes in tag.findall(body)]

    assert skeleton(pages["ja"]) == skeleton(pages["en"])
    assert '<html lang="ja">' in pages["ja"] and '<html lang="en">' in pages["en"]
    assert 'href="ja/progress.html" hreflang="ja"' in pages["en"]
    assert 'href="../progress.html" hreflang="en"' in pages["ja"]


FOCUSED = """() => {
  const focused = document.activeElement;
  const box = focused.getBoundingClientRect();
  const style = getComputedStyle(focused);
  return {name: focused.tagName + ' ' + (focused.id || focused.getAttribute('href') || ''),
          width: box.width, height: box.height,
          outline: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth)};
}"""


def test_every_control_by_keyboard_with_a_visible_focus(browser: Any, trainer_server: str) -> None:
    """Tab reaches the links to each skill and the three buttons, at 390 pixels; each shows a
    focus ring of at least 2 px and is at least 24 by 24 px (WCAG 2.5.8)."""
    context, watch = offline_context(browser, PHONE, trainer_server)
    try:
        page = open_page(context, trainer_server + PAGES["en"], PHONE)
        assert page.evaluate(FILL_RECORD) is True
        reload(page)
        stops = []
        for _ in range(30):  # once round the page
            page.keyboard.press("Tab")
            stop = page.evaluate(FOCUSED)
            if stop["name"] in [seen["name"] for seen in stops] or stop["name"] == "BODY ":
                break
            stops.append(stop)
        names = [stop["name"] for stop in stops]
        skills = page.evaluate("PruningMastery.SKILL_IDS")
        assert [name for name in names if name.startswith("A #skill=")] == [
            f"A #skill={id}" for id in skills
        ]
        for control in ("BUTTON export", "BUTTON import", "BUTTON clear-progress"):
            assert control in names, names
        for stop in stops:
            assert stop["outline"] >= 2 and stop["width"] >= 24 and stop["height"] >= 24, stop
        assert not watch.problems(), watch.problems()
    finally:
        context.close()


def test_progress_page_from_file_url(browser: Any) -> None:
    context, watch = offline_context(browser, DESKTOP, "file:")
    try:
        page = open_page(context, (TRAINER / "progress.html").as_uri())
        assert page.locator("#skill-cards > li").count() == 9
        assert page.evaluate(FILL_RECORD) is True  # SHA-256 works from file:// as well
        reload(page)
        assert page.locator("#skill-cards > li:not(.not-started)").count() >= 5
        assert not watch.problems(), watch.problems()
    finally:
        context.close()
