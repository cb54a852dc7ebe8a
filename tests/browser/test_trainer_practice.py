"""Practice on the trainer page (issue 30): rated first tries and "Next exercise".

The page (site/trainer/, served from the source tree, offline) records every Check with
``PruningMastery.recordAttempt`` and keeps the record through ``PruningProgressStore``; "Next
exercise" moves the page to ``PruningMastery.nextExercise``'s tree and says why.

The main test is the issue's: a student who always misses deep cutoffs and is otherwise right
does twenty exercises chosen by "Next exercise". For each tree the right answer is computed in
the page (``PruningMastery.makeExercise`` on the page's address), exactly the parts of the
``deep_cutoff`` skill are flipped (``skillsOf``), and the answer is entered as a student does:
leaves pressed, values typed, Check. Afterwards the record the page saved says deep cutoff is
the weakest skill started (``standing``), the trees chosen last need it, and the reason
sentence names it, in English and, on the Japanese page reading the same record, in Japanese.

The page's "fresh seed" for each choice comes from ``Math.random``; the tests replace it by a
seeded generator (SEEDED_RANDOM_JS), so that every run chooses the same trees. A seed link
gives the same tree with and without a record; "Next exercise" works from a fresh record; a
shown solution is a rated miss and a later Check is not rated; a record the page cannot read
is kept aside and the page shows the store's notice; axe finds nothing after a Next
exercise in either language. Screenshots after Next exercise at 1280 and 390 pixels, light
and dark, go to ``tests/browser/screenshots/`` (not committed).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from gamelib.exercises import Convention, PruningExercise
from gamelib.mastery import read_class
from gamelib.mastery.skills import SKILLS, skills_of
from tests.browser.conftest import (
    Watch,
    axe_violations,
    offline_context,
    screenshot,
)

pytestmark = pytest.mark.browser

WAIT = 20_000  # milliseconds
EXERCISES = 20
"""The issue's number of exercises done through "Next exercise"."""
LAST_FEW = 4
"""The trees chosen last that should target deep cutoffs: of the 17th to 20th exercises,
mastery.js gives one (the 19th) to inform (it does so after every REVIEW_EVERY-th attempt,
3), so at least LAST_FEW - 1 of them need the skill; the 21st is targeted again."""
SEED_LINK = "#seed=2&depth=3&branching=2&cutoff=ge&order=given&failure=hard"
SEED_LINK_EXERCISE = PruningExercise(seed=2, depth=3, branching=2, convention=Convention())

SEEDED_RANDOM_JS = """(() => {
  // Math.random from a fixed seed (mulberry32), so "Next exercise" chooses the same trees
  let state = 20261127;
  Math.random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();"""

ANSWER_JS = """(key) => {
  // the right answer to the exercise at this address, with exactly the deep cutoff's parts
  // flipped: its leaves marked when evaluated and unmarked when pruned, its values wrong
  const M = PruningMastery, T = PruningTrainer;
  const exercise = M.makeExercise(M.specOf(key));
  const skills = M.skillsOf(exercise);
  const deep = skills.deep_cutoff || { leaves: [], values: [] };
  const pruned = new Set(exercise.pruned);
  for (const leaf of deep.leaves) {
    if (pruned.has(leaf)) pruned.delete(leaf);
    else pruned.add(leaf);
  }
  const values = [...exercise.values].map(([name, value]) => {
    const wrong = deep.values.includes(name) ? (value === 0 ? 1 : -value) : value;
    return [name, T.formatNumber(wrong)];
  });
  return {
    pruned: exercise.leafNames.filter((name) => pruned.has(name)),
    values,
    deepParts: deep.leaves.length + deep.values.length,
    needsDeep: "deep_cutoff" in skills,
  };
}"""

SHALLOW_READER_JS = """(key) => {
  // the leaves a shallow reader marks: every pruned leaf but those a deep cutoff prunes (the
  // cutoffs whose bound comes from 3 or more levels up, found from the trace); no values
  const M = PruningMastery, T = PruningTrainer;
  const exercise = M.makeExercise(M.specOf(key));
  const deep = new Set(
    M.cutoffSources(exercise)
      .filter((cut) => cut.distance >= M.DEEP_DISTANCE)
      .flatMap((cut) => cut.pruned),
  );
  return {
    pruned: exercise.leafNames.filter((name) => exercise.pruned.has(name) && !deep.has(name)),
    values: [],
    missed: deep.size,
    needsDeep: "deep_cutoff" in M.skillsOf(exercise),
  };
}"""

EXPORT_JS = """async () => {
  const { progress } = await PruningMastery.importProgress(
    localStorage.getItem(PruningProgressStore.KEY));
  return PruningMastery.exportProgress(progress);
}"""

STANDING_JS = """async (attempts) => {
  // the standing folded from the record the page saved, once it holds `attempts` attempts
  const text = localStorage.getItem(PruningProgressStore.KEY);
  if (text === null) return null;
  const { progress } = await PruningMastery.importProgress(text);
  if (!progress) return null;
  const standing = PruningMastery.standing(progress);
  return standing.attempts === attempts ? standing : null;
}"""

SETTINGS_JS = """() => ({
  seed: Number(document.getElementById("seed").value),
  depth: Number(document.getElementById("depth").value),
  branching: document.getElementById("branching").value,
  rules: ["cutoff", "order", "failure"].map(
    (name) => document.querySelector(`input[name="${name}"]:checked`).value),
  leaves: [...document.querySelectorAll("#tree-drawing .node.clickable")].length,
})"""


def new_student(browser: Any, trainer_server: str) -> tuple[Any, Watch]:
    """A browser context of its own (its own local storage: a student with no record yet),
    offline, with the seeded Math.random."""
    context, watch = offline_context(browser, {"width": 1280, "height": 900}, trainer_server)
    context.add_init_script(SEEDED_RANDOM_JS)
    context.set_default_timeout(WAIT)
    return context, watch


def open_page(context: Any, trainer_server: str, address: str = "", language: str = "en") -> Any:
    page = context.new_page()
    folder = "" if language == "en" else "ja/"
    page.goto(f"{trainer_server}{folder}index.html{address}")
    page.locator("#tree-drawing svg").wait_for()
    return page


def next_exercise(page: Any) -> str:
    """Press "Next exercise" and wait for the new tree (the feedback emptied, a reason shown);
    its address."""
    page.locator("#next-exercise").click()
    page.wait_for_function(
        "document.getElementById('feedback').childElementCount === 0"
        " && document.getElementById('practice-reason').textContent !== ''"
    )
    return str(page.evaluate("location.hash.slice(1)"))


def saved_standing(page: Any, attempts: int) -> dict[str, Any]:
    """The standing of the record in local storage, once it holds ``attempts`` attempts."""
    handle = page.wait_for_function(STANDING_JS, arg=attempts)
    standing: dict[str, Any] = handle.json_value()
    return standing


def answer_as_a_student(page: Any, answer: dict[str, Any]) -> None:
    """Press the answer's leaves, type its values into their boxes, and Check."""
    for name in answer["pruned"]:
        page.locator(f'#leaves button[data-leaf="{name}"]').click()
    for name, text in answer["values"]:
        page.locator(f'#values input[data-node="{name}"]').fill(text)
    page.locator("#check").click()
    page.locator("#feedback .verdict").wait_for()


def leaves_shown(page: Any) -> list[tuple[str, str]]:
    """The leaf buttons' names and values as the page labels them."""
    return [
        (button.get_attribute("data-leaf") or "", button.get_attribute("aria-label") or "")
        for button in page.locator("#leaves button").all()
    ]


def test_a_student_who_misses_deep_cutoffs_is_given_deep_cutoffs(
    browser: Any, trainer_server: str
) -> None:
    """Twenty exercises through "Next exercise", every deep cutoff's part wrong and every other
    part right: deep cutoff becomes the weakest skill started, the last trees need it, and
    the reason names it in both languages; a seed link still gives its own tree."""
    context, watch = new_student(browser, trainer_server)
    page = open_page(context, trainer_server)
    started = time.monotonic()
    needs_deep = []
    for number in range(1, EXERCISES + 1):
        key = next_exercise(page)
        answer = page.evaluate(ANSWER_JS, key)
        answer_as_a_student(page, answer)
        # the page's verdict: wrong exactly when the tree has a deep cutoff to miss
        verdict = "wrong" if answer["deepParts"] else "right"
        assert page.locator("#feedback").get_attribute("class") == f"feedback {verdict}", key
        needs_deep.append(answer["needsDeep"])
        assert f"#{key}" == page.evaluate("location.hash"), number
    standing = saved_standing(page, EXERCISES)
    seconds = time.monotonic() - started
    skills = standing["skills"]
    tried = sorted(
        (skill for skill in skills if skills[skill]["count"] > 0),
        key=lambda skill: skills[skill]["rating"],
    )
    print(
        f"\n{EXERCISES} exercises in {seconds:.1f} s; trees needing a deep cutoff: "
        + "".join("D" if needed else "." for needed in needs_deep)
        + "; ratings: "
        + ", ".join(f"{skill} {skills[skill]['rating']:+.2f}" for skill in tried)
    )
    assert tried[0] == "deep_cutoff", tried
    assert skills["deep_cutoff"]["right"] == 0 < skills["deep_cutoff"]["count"]
    assert sum(needs_deep[-LAST_FEW:]) >= LAST_FEW - 1, needs_deep

    # the next tree targets deep cutoffs, and the reason says so
    names = page.evaluate(
        "['en', 'ja'].map((language) => PruningMastery.skillName('deep_cutoff', language))"
    )
    key = next_exercise(page)
    assert page.evaluate(ANSWER_JS, key)["needsDeep"]
    reason = page.locator("#practice-reason")
    assert names[0] in (reason.text_content() or "")
    assert reason.get_attribute("role") == "status"
    assert axe_violations(page, "en after Next exercise") == []
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            screenshot(page, f"trainer_practice_en_{width}_{theme}.png")
    # the Japanese page reads the same record: its next tree and reason too
    japanese = open_page(context, trainer_server, language="ja")
    key = next_exercise(japanese)
    assert japanese.evaluate(ANSWER_JS, key)["needsDeep"]
    assert names[1] in (japanese.locator("#practice-reason").text_content() or "")
    assert axe_violations(japanese, "ja after Next exercise") == []
    screenshot(japanese, "trainer_practice_ja_1280_light.png")

    # a seed link gives the seed's tree, whatever the record
    linked = open_page(context, trainer_server, SEED_LINK)
    assert [name for name, _ in leaves_shown(linked)] == SEED_LINK_EXERCISE.leaf_names
    assert linked.locator("#practice-reason").text_content() == ""
    with_record = leaves_shown(linked)
    fresh_context, fresh_watch = new_student(browser, trainer_server)
    assert leaves_shown(open_page(fresh_context, trainer_server, SEED_LINK)) == with_record
    fresh_context.close()
    assert not watch.problems() and not fresh_watch.problems()
    context.close()


def test_a_student_who_leaves_the_values_blank_is_told_the_truth(
    browser: Any, trainer_server: str, tmp_path: Path
) -> None:
    """Issue 39's trial: twenty exercises through "Next exercise", the values left blank, the
    leaves a shallow reader marks (every pruned leaf but the deep cutoffs'). Every tree
    without a deep cutoff is "Correct!"; no skill of values alone is counted (a blank value
    is no attempt); every skill but the deep cutoff is right on every try; deep cutoff is the
    weakest skill on the page's record, on the progress page and in the lecturer's class view
    (gamelib reading the exported file), and the next tree targets it."""
    context, watch = new_student(browser, trainer_server)
    page = open_page(context, trainer_server)
    needs_deep = []
    axe_checked = False
    for _ in range(EXERCISES):
        key = next_exercise(page)
        answer = page.evaluate(SHALLOW_READER_JS, key)
        answer_as_a_student(page, answer)
        verdict = "wrong" if answer["missed"] else "right"
        assert page.locator("#feedback").get_attribute("class") == f"feedback {verdict}", key
        # each missed leaf's reason names its cut a deep one, and where its bound comes from
        reasons = page.locator("#feedback li.pruned-but-unmarked .reason").all_inner_texts()
        assert len(reasons) == answer["missed"], (key, reasons)
        assert all(" levels up, " in text and "a deep cutoff" in text for text in reasons), reasons
        if reasons and not axe_checked:
            assert axe_violations(page, "en after a Check with a deep cutoff missed") == []
            axe_checked = True
        needs_deep.append(answer["needsDeep"])
    skills = saved_standing(page, EXERCISES)["skills"]
    value_skills = page.evaluate("PruningMastery.VALUE_SKILLS")
    assert all(skills[skill]["count"] == skills[skill]["practised"] == 0 for skill in value_skills)
    tried = sorted(
        (skill for skill in skills if skills[skill]["count"] > 0),
        key=lambda skill: skills[skill]["rating"],
    )
    print(
        "\nvalues blank; trees needing a deep cutoff: "
        + "".join("D" if needed else "." for needed in needs_deep)
        + "; ratings: "
        + ", ".join(f"{skill} {skills[skill]['rating']:+.2f}" for skill in tried)
    )
    assert tried[0] == "deep_cutoff", tried
    assert skills["deep_cutoff"]["right"] == 0 < skills["deep_cutoff"]["count"]
    for skill in tried[1:]:
        assert skills[skill]["right"] == skills[skill]["count"] > 0, skill
    assert sum(needs_deep[-LAST_FEW:]) >= LAST_FEW - 1, needs_deep
    assert axe_checked
    key = next_exercise(page)
    assert page.evaluate(SHALLOW_READER_JS, key)["needsDeep"]
    assert "weakest" in (page.locator("#practice-reason").text_content() or "")

    # the progress page marks deep cutoff weakest and shows no figure for a value skill
    progress = context.new_page()
    progress.goto(f"{trainer_server}progress.html")
    progress.wait_for_selector("body[data-ready=true]")
    assert progress.locator("#skill-cards > li.weakest").get_attribute("data-skill") == (
        "deep_cutoff"
    )
    for skill in value_skills:
        card = progress.locator(f'#skill-cards > li[data-skill="{skill}"]')
        assert card.locator("[data-field]").count() == 0, skill

    # the lecturer's class view, reading the exported file, ranks deep cutoff hardest
    (tmp_path / "student.json").write_text(page.evaluate(EXPORT_JS), encoding="utf-8")
    view = read_class(tmp_path)
    hardest = [summary.skill for summary in view.hardest()]
    assert hardest[0] == "deep_cutoff" and not set(value_skills) & set(hardest), hardest
    assert not watch.problems()
    context.close()


AGREEMENT_EXERCISES = 8
"""Exercises played through "Next exercise" for the skill page's agreement test (each
style); the seeded choices give trees with deep cutoffs, strict ties and fail-soft among
them."""

STYLES = {"values blank": SHALLOW_READER_JS, "values filled": ANSWER_JS}
"""The two ways students answer: the leaves only (a shallow reader, the values left blank),
and leaves and values (every part right but a deep cutoff's)."""


def exercise_of(page: Any, key: str) -> PruningExercise:
    """gamelib's exercise at the trainer's address ``key`` (the page's own reading of it)."""
    spec = page.evaluate("(key) => PruningMastery.specOf(key)", key)
    branching = spec["branching"]
    return PruningExercise(
        seed=spec["seed"],
        depth=spec["depth"],
        branching=tuple(branching) if isinstance(branching, list) else branching,
        convention=Convention(**spec["convention"]),
    )


def typed_number(text: str) -> float:
    """A value as the trainer writes it ("−3", "∞") as a number."""
    return float(text.replace("\u2212", "-").replace("∞", "inf"))


def expected_outcomes(exercise: PruningExercise, answer: dict[str, Any]) -> dict[str, list[int]]:
    """[right, parts] per skill of an answer, from gamelib alone: the parts of each skill
    (gamelib.mastery.skills_of, from gamelib's trace), every leaf attempted and a value only
    when given, each judged against gamelib's solution."""
    marked = set(answer["pruned"])
    given = {name: typed_number(text) for name, text in answer["values"]}
    solution = exercise.solution
    result = {}
    for skill, parts in skills_of(exercise).items():
        leaves_right = sum((leaf in marked) == (leaf in solution.pruned) for leaf in parts.leaves)
        values = [name for name in parts.values if name in given]
        values_right = sum(given[name] == solution.values[name] for name in values)
        if parts.leaves or values:
            result[skill] = [leaves_right + values_right, len(parts.leaves) + len(values)]
    return result


@pytest.mark.parametrize("style", list(STYLES))
def test_the_skill_pages_agree_with_the_answers_given(
    browser: Any, trainer_server: str, style: str
) -> None:
    """The last fresh walk's break: exercises through "Next exercise" answered in one of the
    two styles, then every skill's own page on the progress page. Each skill's table lists
    exactly the first tries whose answer attempted a part of it, each with the parts right
    that gamelib counts from the answer (a Python reading of the same trees); a skill's "right
    first tries" are the listed tries with every part right; a "Not yet" is wrong on some
    skill's page and a "Correct!" on none; and each skill's name is true of its parts: a skill
    named for the evaluated leaves holds only leaves the search evaluates, one named for the
    pruned leaves only pruned ones (the general leaf skill was called "which leaves are pruned"
    while it held only evaluated leaves, so a student who missed a deep cutoff saw that skill
    right on the very try the trainer had said "Not yet")."""
    context, watch = new_student(browser, trainer_server)
    page = open_page(context, trainer_server)
    expected: dict[str, dict[int, list[int]]] = {skill: {} for skill in SKILLS}
    verdicts = {}
    leaf_parts: dict[str, set[tuple[str, str]]] = {skill: set() for skill in SKILLS}
    exercises: dict[str, PruningExercise] = {}
    for number in range(1, AGREEMENT_EXERCISES + 1):
        key = next_exercise(page)
        answer = page.evaluate(STYLES[style], key)
        answer_as_a_student(page, answer)
        exercise = exercises[key] = exercise_of(page, key)
        outcomes = expected_outcomes(exercise, answer)
        for skill, outcome in outcomes.items():
            expected[skill][number] = outcome
        for skill, parts in skills_of(exercise).items():
            leaf_parts[skill].update((key, leaf) for leaf in parts.leaves)
        verdicts[number] = page.locator("#feedback").get_attribute("class")
        # the leaves the page marks wrong are the ones gamelib's solution says are wrong
        wrong = set(
            page.locator("#leaves button.wrong").evaluate_all(
                "(buttons) => buttons.map((button) => button.dataset.leaf)"
            )
        )
        assert wrong == set(answer["pruned"]) ^ exercise.solution.pruned, key
    assert "feedback wrong" in verdicts.values() and "feedback right" in verdicts.values()

    progress = context.new_page()
    progress.goto(f"{trainer_server}progress.html")
    progress.wait_for_selector("body[data-ready=true]")
    shown_wrong: set[int] = set()
    for skill in SKILLS:
        progress.evaluate("(skill) => { location.hash = `skill=${skill}`; }", skill)
        progress.wait_for_function(
            "(skill) => document.getElementById('skill-detail').dataset.skill === skill", arg=skill
        )
        rows = progress.locator("#skill-tries tbody tr").evaluate_all(
            "(rows) => rows.map((row) => [...row.cells].map((cell) => cell.textContent))"
        )
        listed = {}
        for cells in rows:
            right, parts = map(int, re.fullmatch(r"(\d+) of (\d+)", cells[3]).groups())  # type: ignore[union-attr]
            assert cells[4] == "first try, rated", (skill, cells)
            listed[int(cells[0])] = [right, parts]
            if right < parts:
                shown_wrong.add(int(cells[0]))
        assert listed == expected[skill], skill
        all_right = sum(right == parts for right, parts in listed.values())
        if listed:
            shown = progress.locator('#skill-detail [data-field="right"]').text_content()
            assert shown == str(all_right), skill
        # the name the page gives the skill is true of its leaves
        name = progress.locator("#skill-title").text_content() or ""
        for key, leaf in leaf_parts[skill]:
            evaluated = leaf not in exercises[key].solution.pruned
            if "evaluated" in name:
                assert evaluated, (name, key, leaf)
            if "pruned" in name:
                assert not evaluated, (name, key, leaf)
    assert shown_wrong == {n for n, verdict in verdicts.items() if verdict == "feedback wrong"}
    assert not watch.problems()
    context.close()


def test_next_exercise_from_a_fresh_record(browser: Any, trainer_server: str) -> None:
    """From no record: "Next exercise" sets the chosen tree as if chosen by hand (address,
    settings, drawing) with its reason, which goes when the student changes the exercise; a
    solution shown before any Check is a rated miss, a Check after it is not rated; a record
    that cannot be read is kept aside and the page shows the store's notice."""
    context, watch = new_student(browser, trainer_server)
    page = open_page(context, trainer_server)
    key = next_exercise(page)
    first = page.evaluate("PruningMastery.skillName(PruningMastery.SKILL_IDS[0], 'en')")
    assert first in (page.locator("#practice-reason").text_content() or "")
    spec = page.evaluate("(key) => PruningMastery.specOf(key)", key)
    branching = spec["branching"]
    settings = page.evaluate(SETTINGS_JS)
    assert settings["seed"] == spec["seed"] and settings["depth"] == spec["depth"]
    assert settings["branching"] == (
        "-".join(map(str, branching)) if isinstance(branching, list) else str(branching)
    )
    convention = spec["convention"]
    assert settings["rules"] == [convention["cutoff"], convention["order"], convention["failure"]]
    exercise = PruningExercise(
        seed=spec["seed"],
        depth=spec["depth"],
        branching=tuple(branching) if isinstance(branching, list) else branching,
        convention=Convention(**convention),
    )
    assert settings["leaves"] == len(exercise.leaf_names)
    assert [name for name, _ in leaves_shown(page)] == exercise.leaf_names

    # the solution first: a rated miss on every skill of the tree; then Check: not rated
    page.locator("#show-solution").click()
    shown = saved_standing(page, 1)["skills"]
    assert shown["pruned_leaves"]["count"] == 1 and shown["pruned_leaves"]["right"] == 0
    answer_as_a_student(page, {"pruned": sorted(exercise.solution.pruned), "values": []})
    later = saved_standing(page, 2)["skills"]
    assert later["pruned_leaves"]["count"] == 1 and later["pruned_leaves"]["practised"] == 2

    # a tree chosen by hand: the reason goes
    from playwright.sync_api import expect

    page.locator("#new-tree").click()
    expect(page).to_have_url(re.compile(f"#seed={spec['seed'] + 1}&"))
    assert page.locator("#practice-reason").text_content() == ""

    # a record the page cannot read: kept aside, and the page says so (the store's notice)
    page.evaluate("localStorage.setItem(PruningProgressStore.KEY, 'not a record')")
    page.reload()
    notice = page.locator("#progress-notice")
    expect(notice).to_be_visible()
    said = page.evaluate("PruningMastery.WORDS.aside_not_json.en")
    assert said in (notice.text_content() or "")
    assert notice.get_attribute("role") == "status"
    kept = page.evaluate("PruningProgressStore.keptAside().map((entry) => entry.text)")
    assert kept == ["not a record"]
    screenshot(page, "trainer_practice_notice_en_1280_light.png")
    assert not watch.problems()
    context.close()
