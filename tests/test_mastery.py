"""The trainer's mastery engine (site/trainer/mastery.js) agrees with gamelib, and its parts
hold what they promise.

``node site/trainer/mastery_check.mjs`` runs once on every case below; its output is compared
with :mod:`gamelib.mastery`:

- the skills of CASES_PER_RULE_SET random trees for each of the 8 rule sets (depth 2 to 4,
  branching 2, 3 or 2–3; every third tree with leaves in −2…2, so that ties decide cutoffs):
  the tags, every skill's parts and every cutoff's bound distance, against
  :func:`~gamelib.mastery.skills_of` on gamelib's own trace;
- grading: the right answer gets every skill right, and one wrong part fails exactly the
  skill that owns it; a value left blank is no attempt (the values are optional), and a
  solution shown before any answer misses the leaves only;
- the rating estimate against the model written out here: the maximum a posteriori of the
  log posterior (a brute-force search finds no better θ), its uncertainty the curvature
  there, and the same as gamelib's; the fold of a record against
  :func:`gamelib.mastery.standing`;
- export and import: SHA-256 of the same bytes as hashlib, an exported file read by
  :func:`gamelib.mastery.read_record`, and a tampered, old-version or cut-off file kept aside
  with its reason in both languages (and refused by gamelib with the same reason);
- the next exercise: a pure function of the record and the seed, needing its target skill,
  with its reason in both languages, its expected success computed here from gamelib's
  rating; a student who always misses deep cutoffs gets deep cutoffs as the weakest skill,
  and one who leaves the values blank is not sent trees for the skills of values alone;
- the skills' names and explanations, word for word the same in both;
- the starting difficulty's coefficients (site/trainer/mastery_difficulty.js) match a re-fit
  with the file's seed (benchmarks/mastery_simulation.mjs).
- every Japanese text of the engine follows notebooks/ja/STYLE.md's checked rules.

Hypothesis checks gamelib's side on random trees: every part of an answer belongs to exactly
one skill, and the skills appear only where their rule does.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.exercises import Convention, PruningExercise
from gamelib.mastery import (
    SKILLS,
    Parts,
    RecordError,
    claims,
    export_record,
    read_record,
    skills_of,
    standing,
)
from gamelib.mastery.progress import (
    FORMAT,
    HALF_LIFE,
    PRIOR_SD,
    VERSION,
    estimate,
    expected,
    pack_record,
    unpack_record,
)
from gamelib.mastery.skills import EXPLANATIONS, NAMES, cutoff_sources
from gamelib.trees import Tree, random_tree
from tests.helpers import run_node_checker
from tests.test_japanese_style import problems_of, template_prose

REPOSITORY = Path(__file__).resolve().parents[1]
CHECKER = REPOSITORY / "site" / "trainer" / "mastery_check.mjs"
SIMULATION = REPOSITORY / "benchmarks" / "mastery_simulation.mjs"
CASES_PER_RULE_SET = 150
CONVENTIONS = [
    Convention(cutoff, order, failure)
    for cutoff in (">=", ">")
    for order in ("given", "reversed")
    for failure in ("hard", "soft")
]
SIZES = [(depth, branching) for depth in (2, 3, 4) for branching in (2, 3, (2, 3))]


def tree_json(tree: Tree) -> dict[str, Any]:
    """``{"n", "v"}`` for a leaf, ``{"n", "c": [...]}`` for an inner node."""
    if tree.is_leaf:
        return {"n": tree.name, "v": tree.value}
    return {"n": tree.name, "c": [tree_json(child) for child in tree.children]}


def convention_json(convention: Convention) -> dict[str, str]:
    return {"cutoff": convention.cutoff, "order": convention.order, "failure": convention.failure}


@cache
def exercises() -> list[PruningExercise]:
    """CASES_PER_RULE_SET random trees per rule set, sizes in turn, every third with ties."""
    result = []
    for rule, convention in enumerate(CONVENTIONS):
        for index in range(CASES_PER_RULE_SET):
            depth, branching = SIZES[index % len(SIZES)]
            low, high = (-2, 2) if index % 3 == 0 else (-9, 9)
            tree = random_tree(1000 * rule + index, depth, branching, low, high)
            result.append(PruningExercise(tree=tree, convention=convention))
    return result


def right_answer(exercise: PruningExercise) -> dict[str, Any]:
    return {
        "pruned": sorted(exercise.solution.pruned),
        "values": [[name, value] for name, value in exercise.solution.values.items()],
    }


def one_wrong(exercise: PruningExercise, name: str) -> dict[str, Any]:
    """The right answer with the part ``name`` wrong (a leaf's status flipped, a value + 1)."""
    answer = right_answer(exercise)
    if name in exercise.leaf_names:
        pruned = set(answer["pruned"]) ^ {name}
        answer["pruned"] = sorted(pruned)
    else:
        answer["values"] = [[n, v + 1 if n == name else v] for n, v in answer["values"]]
    return answer


def leaves_only(exercise: PruningExercise) -> dict[str, Any]:
    """The right leaves with every value box left blank."""
    return {"pruned": sorted(exercise.solution.pruned), "values": []}


def some_values(exercise: PruningExercise, index: int) -> dict[str, Any]:
    """The right leaves with every other inner node's value given, every third of those
    given wrong (+ 1), one unreadable (null) when there are enough; the rest left blank."""
    given = list(exercise.solution.values.items())[index % 2 :: 2]
    values: list[list[Any]] = [
        [name, value + 1 if place % 3 == 2 else value] for place, (name, value) in enumerate(given)
    ]
    if len(values) > 3:
        values[3][1] = None
    return {"pruned": sorted(exercise.solution.pruned), "values": values}


def expected_grades(exercise: PruningExercise, answer: dict[str, Any]) -> dict[str, list[int]]:
    """What grading must give, from gamelib's skills: per skill, its leaves (all attempted)
    and the inner nodes whose value the answer gives (a blank is no attempt); a skill with no
    attempted part is left out."""
    marked = set(answer["pruned"])
    given = dict((name, value) for name, value in answer["values"])
    result = {}
    for skill, parts in skills_of(exercise).items():
        attempted = [name for name in parts.values if name in given]
        count = len(parts.leaves) + len(attempted)
        if count:
            right = sum(
                (leaf in marked) == (leaf in exercise.solution.pruned) for leaf in parts.leaves
            )
            right += sum(given[name] == exercise.solution.values[name] for name in attempted)
            result[skill] = [right, count]
    return result


def wrong_parts(exercise: PruningExercise, index: int) -> list[str]:
    """Two parts to get wrong: a leaf and an inner node, drawn from the case's index."""
    generator = random.Random(index)
    return [generator.choice(exercise.leaf_names), generator.choice(list(exercise.solution.values))]


def record(attempts: list[dict[str, Any]], student: str = "s1") -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "student": student,
        "created": 0,
        "attempts": attempts,
    }


def attempt(key: str, outcomes: dict[str, list[int]], at: int, *, rated: int = 1) -> dict[str, Any]:
    start = {skill: round(0.3 * index - 1, 3) for index, skill in enumerate(outcomes)}
    return {
        "exercise": key,
        "at": at,
        "rated": rated,
        "shown": 0,
        "outcomes": outcomes,
        "start": start,
    }


def sample_record() -> dict[str, Any]:
    """Attempts with every skill, a miss pattern, a repeated (unrated) exercise."""
    generator = random.Random(30)
    attempts = []
    shapes = []  # an exercise's skills and their parts, the same on every try at it
    for index in range(40):
        if index < 33:
            skills = generator.sample(SKILLS, generator.randint(1, 5))
            shapes.append({skill: generator.randint(1, 4) for skill in skills})
        outcomes = {}
        for skill, parts in shapes[index % 33].items():
            outcomes[skill] = [generator.choice([parts, generator.randint(0, parts)]), parts]
        key = f"seed={index % 33}&depth=3&branching=2-3&cutoff=ge&order=given&failure=hard"
        attempts.append(attempt(key, outcomes, 1000 * index, rated=int(index < 33)))
    return record(attempts)


def deep_misser() -> dict[str, Any]:
    """Twenty attempts right on every skill except the deep cutoff, always missed."""
    attempts = []
    for index in range(20):
        outcomes = {skill: [0 if skill == "deep_cutoff" else 2, 2] for skill in SKILLS}
        attempts.append(attempt(f"seed={index}", outcomes, index))
    return record(attempts)


def long_record() -> dict[str, Any]:
    """LONG_ATTEMPTS attempts, most with pruned_leaves and some with deep_cutoff, a few
    unrated, the misses falling off as the student learns (so that the ratings move)."""
    generator = random.Random(31)
    attempts = []
    for index in range(LONG_ATTEMPTS):
        outcomes = {}
        for skill, share in (("pruned_leaves", 0.9), ("deep_cutoff", 0.2), ("negamax_sign", 0.5)):
            if generator.random() < share:
                parts = generator.randint(1, 6)
                miss = 0.5 * (1 - index / LONG_ATTEMPTS)
                outcomes[skill] = [sum(generator.random() > miss for _ in range(parts)), parts]
        key = f"seed={index}&depth=4&branching=2&cutoff=gt&order=given&failure=soft"
        rated = int(generator.random() < 0.9)
        attempts.append(attempt(key, outcomes, 60000 * index, rated=rated))
    return record(attempts)


def least_certain_absent() -> dict[str, Any]:
    """Nine attempts, so that the 10th exercise is chosen to inform: every skill but the deep
    cutoff tried on each with three parts (right but the first), the deep cutoff only on the
    last, with one part: its rating is the least certain, and the UNCERTAIN_CANDIDATES
    candidates of UNCERTAIN_SEED hold no deep cutoff."""
    attempts = []
    for index in range(9):
        outcomes = {skill: [3 - (index == 0), 3] for skill in SKILLS if skill != "deep_cutoff"}
        if index == 8:
            outcomes["deep_cutoff"] = [1, 1]
        attempts.append(attempt(f"seed={index}", outcomes, index))
    return record(attempts)


def leaves_only_student(count: int) -> dict[str, Any]:
    """`count` attempts of a student who leaves every value blank (so no skill of values alone
    has an outcome) and misses every deep cutoff."""
    attempts = []
    for index in range(count):
        outcomes = {
            skill: [0 if skill == "deep_cutoff" else 2, 2]
            for skill in SKILLS
            if skill not in ("returned_values", "entry_window", "negamax_sign", "failsoft_bound")
        }
        attempts.append(attempt(f"seed={index}", outcomes, index))
    return record(attempts)


UNCERTAIN_SEED, UNCERTAIN_CANDIDATES = 3, 16


def next_inputs() -> list[dict[str, Any]]:
    """nextExercise's cases: the sample record twice (purity), the deep misser after 20 and 18
    attempts, an empty record, the least certain skill absent from the candidates, and the
    student who leaves values blank after 20 attempts and after 21 (a turn to inform)."""
    return (
        [{"progress": sample_record(), "seed": 5}, {"progress": sample_record(), "seed": 5}]
        + [{"progress": deep_misser(), "seed": seed} for seed in (1, 2, 3)]
        + [{"progress": record(deep_misser()["attempts"][:18]), "seed": seed} for seed in (4, 5)]
        + [{"progress": record([]), "seed": 9}]
        + [
            {
                "progress": least_certain_absent(),
                "seed": UNCERTAIN_SEED,
                "count": UNCERTAIN_CANDIDATES,
            }
        ]
        + [{"progress": leaves_only_student(count), "seed": 6} for count in (20, 21)]
    )


# (template, values) for trainer.js's fill: braces, an unused value, a missing one
FILLS: list[tuple[str, dict[str, Any]]] = [
    ("{skill}: {{not a field}} {count}", {"skill": "deep cutoff", "count": 3, "unused": 1}),
    ("Next: {skill} ({percent} %).", {"skill": "deep cutoff"}),
]
LONG_ATTEMPTS = 900
# (skill, points) of skillHistory: most tries (the sums rebased), fewer, all of them, none
HISTORIES = [
    ("pruned_leaves", 40),
    ("deep_cutoff", 7),
    ("negamax_sign", 1000),
    ("strict_cutoff", 40),
]


# rated tries (right, parts, difficulty) of one skill: none, one, a mixed run, all right, all wrong
ESTIMATES: list[list[tuple[int, int, float]]] = [
    [],
    [(3, 3, -0.2)],
    [(1, 2, 0.0), (5, 5, -3.3), (4, 6, -2.9), (2, 2, 1.5)],
    [(4, 4, -3.0)] * 12,
    [(0, 3, -3.4), (0, 1, -3.1)] * 5,
    [(0, 2, -3.0)] * 30 + [(2, 2, -3.0)] * 30,  # learnt: misses long ago, right lately
    [(2, 2, -3.0)] * 30 + [(0, 2, -3.0)] * 30,  # the same tries the other way round
]
TEXTS = ["", "abc", "探索窓 (α, β) と βカット", '{"body":"x"}']


@cache
def node_output(directory: str) -> dict[str, Any]:
    """Run mastery_check.mjs once on every case; its output, parsed."""
    cases = [
        {
            "tree": tree_json(exercise.tree),
            "convention": convention_json(exercise.convention),
            "answers": [right_answer(exercise)]
            + [one_wrong(exercise, name) for name in wrong_parts(exercise, index)]
            + [leaves_only(exercise), some_values(exercise, index)],
        }
        for index, exercise in enumerate(exercises())
    ]
    progress = sample_record()
    data = {
        "cases": cases,
        "estimates": ESTIMATES,
        "records": [
            {"progress": progress, "tamper": tamper} for tamper in ("", "body", "version", "json")
        ],
        "next": next_inputs(),
        "texts": TEXTS,
        "fills": FILLS,
        "standing": [progress],
        "histories": [
            {"progress": long_record(), "skill": skill, "points": points}
            for skill, points in HISTORIES
        ],
    }
    return run_node_checker(CHECKER, data, directory)


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return node_output(str(tmp_path_factory.mktemp("mastery")))


def parts_json(exercise: PruningExercise) -> dict[str, dict[str, list[str]]]:
    return {
        skill: {"leaves": list(parts.leaves), "values": list(parts.values)}
        for skill, parts in skills_of(exercise).items()
    }


def test_skills_match_gamelib(output: dict[str, Any]) -> None:
    mismatched = []
    for index, (exercise, case) in enumerate(zip(exercises(), output["cases"], strict=True)):
        if case["skills"] != parts_json(exercise):
            mismatched.append((index, case["skills"], parts_json(exercise)))
        distances = [(c.node, list(c.pruned), c.distance) for c in cutoff_sources(exercise)]
        got = [(c["node"], c["pruned"], c["distance"]) for c in case["cutoffs"]]
        if got != distances:
            mismatched.append((index, got, distances))
    assert not mismatched, mismatched[:3]
    tagged = {skill for case in output["cases"] for skill in case["skills"]}
    assert tagged == set(SKILLS), "every skill appears on some tree of the sample"
    assert list(output["cases"][0]["skills"]) == [
        s for s in SKILLS if s in output["cases"][0]["skills"]
    ]


def test_grading_fails_exactly_the_owner_of_a_wrong_part(output: dict[str, Any]) -> None:
    for index, (exercise, case) in enumerate(zip(exercises(), output["cases"], strict=True)):
        skills = skills_of(exercise)
        sizes = {skill: len(parts.leaves) + len(parts.values) for skill, parts in skills.items()}
        right, *wrong, _, _ = case["grades"]
        assert right == {skill: [size, size] for skill, size in sizes.items()}
        for name, grades in zip(wrong_parts(exercise, index), wrong, strict=True):
            owners = [s for s, p in skills.items() if name in p.leaves or name in p.values]
            assert len(owners) == 1, (index, name, owners)
            assert grades == {
                skill: [size - (skill == owners[0]), size] for skill, size in sizes.items()
            }, (index, name)


def test_a_value_left_blank_is_no_attempt(output: dict[str, Any]) -> None:
    """The values are optional: the right leaves with every value blank get every skill with
    a leaf right and say nothing of the skills of values alone; with some values given, only
    those count (right or wrong; an unreadable box is wrong)."""
    value_skills = set(output["constants"]["VALUE_SKILLS"])
    blanks_seen = wrong_seen = 0
    for index, (exercise, case) in enumerate(zip(exercises(), output["cases"], strict=True)):
        blank, some = case["grades"][-2:]
        skills = skills_of(exercise)
        assert blank == {
            skill: [len(parts.leaves)] * 2 for skill, parts in skills.items() if parts.leaves
        }, index
        assert not value_skills & set(blank)
        blanks_seen += any(parts.values for parts in skills.values())
        assert some == expected_grades(exercise, some_values(exercise, index)), index
        wrong_seen += any(right < parts for right, parts in some.values())
    assert blanks_seen > 100 and wrong_seen > 100, (blanks_seen, wrong_seen)


def test_the_value_skills_are_those_with_no_leaf(output: dict[str, Any]) -> None:
    """VALUE_SKILLS (mastery.js) are the skills gamelib's claims never give a leaf."""
    leafy = {
        skill
        for exercise in exercises()
        for skill, parts in claims(exercise).items()
        if parts.leaves
    }
    assert set(output["constants"]["VALUE_SKILLS"]) == set(SKILLS) - leafy


def test_a_solution_shown_misses_the_leaves_only(output: dict[str, Any]) -> None:
    """Showing the solution before answering misses every leaf, and tries no value."""
    assert len(output["shown"]) == 8
    for item in output["shown"]:
        skills = skills_of(spec_exercise(item["spec"]))
        assert item["outcomes"] == {
            skill: [0, len(parts.leaves)] for skill, parts in skills.items() if parts.leaves
        }


def log_posterior(rating: float, tries: list[tuple[int, int, float]]) -> float:
    """The model's log posterior of a skill's rating, as mastery.js writes it out."""
    total = -(rating**2) / (2 * PRIOR_SD**2)
    for index, (right, parts, difficulty) in enumerate(tries):
        weight = 2 ** -((len(tries) - 1 - index) / HALF_LIFE)
        chance = expected(rating, difficulty)
        total += weight * (right * math.log(chance) + (parts - right) * math.log(1 - chance))
    return total


def test_rating_is_the_maximum_a_posteriori(output: dict[str, Any]) -> None:
    assert output["constants"]["PRIOR_SD"] == PRIOR_SD == 1
    assert output["constants"]["HALF_LIFE"] == HALF_LIFE == 40
    assert expected(0.7, 0.7) == 0.5 and math.isclose(expected(1, 0) + expected(0, 1), 1)
    for tries, got in zip(ESTIMATES, output["estimates"], strict=True):
        rating, spread = estimate(tries)
        assert math.isclose(got["rating"], rating, rel_tol=1e-12, abs_tol=1e-15)
        assert math.isclose(got["sd"], spread, rel_tol=1e-12)
        # no θ on a grid of step 10⁻³ around it has a higher posterior
        best = max(
            (rating + step / 1000 for step in range(-3000, 3001)),
            key=lambda theta: log_posterior(theta, tries),
        )
        assert abs(best - rating) <= 1e-3, (tries, best, rating)
        # the uncertainty is 1 / √(curvature of the log posterior), by finite differences
        step = 1e-4
        second = (
            log_posterior(rating + step, tries)
            - 2 * log_posterior(rating, tries)
            + log_posterior(rating - step, tries)
        ) / step**2
        assert math.isclose(spread, 1 / math.sqrt(-second), rel_tol=1e-4)
    no_tries, one_right, _, all_right, all_wrong, learnt, forgot = output["estimates"]
    assert learnt["rating"] > forgot["rating"] + 0.5, "a recent try counts more"
    assert no_tries == {"rating": 0, "sd": PRIOR_SD}
    assert all_right["rating"] > one_right["rating"] > 0 > all_wrong["rating"]
    assert all_right["sd"] < one_right["sd"] < PRIOR_SD


def test_standing_matches_gamelib(output: dict[str, Any]) -> None:
    expected_skills = standing(sample_record()["attempts"])
    got = output["standing"][0]["skills"]
    for skill in SKILLS:
        mine = expected_skills[skill]
        assert math.isclose(got[skill]["rating"], mine.rating, rel_tol=1e-12, abs_tol=1e-15)
        assert math.isclose(got[skill]["sd"], mine.sd, rel_tol=1e-12)
        assert (got[skill]["count"], got[skill]["right"], got[skill]["practised"]) == (
            mine.count,
            mine.right,
            mine.practised,
        )
        assert got[skill]["lastAt"] == mine.last_at
    assert any(mine.count < mine.practised for mine in expected_skills.values()), "unrated tries"


def test_skill_history_is_standing_on_prefixes(output: dict[str, Any]) -> None:
    """skillHistory: at up to `points` evenly spaced rated tries of the skill, the last one
    included, the rating and sd gamelib's standing() gives the record cut after that attempt."""
    attempts = long_record()["attempts"]
    for (skill, points), history in zip(HISTORIES, output["histories"], strict=True):
        rated = [
            i
            for i, attempt in enumerate(attempts)
            if attempt["rated"] and skill in attempt["outcomes"]
        ]
        count = len(rated)
        shown = min(points, count)
        # place · count / shown, rounded half up
        places = [(2 * place * count + shown) // (2 * shown) for place in range(1, shown + 1)]
        assert [entry["count"] for entry in history] == places, skill
        assert [entry["index"] for entry in history] == [rated[place - 1] for place in places]
        for entry in history:
            mine = standing(attempts[: entry["index"] + 1])[skill]
            assert entry["at"] == attempts[entry["index"]]["at"] == mine.last_at
            assert mine.count == entry["count"]
            assert math.isclose(entry["rating"], mine.rating, rel_tol=1e-9, abs_tol=1e-12)
            assert math.isclose(entry["sd"], mine.sd, rel_tol=1e-9)
    pruned, deep, every, none = output["histories"]
    assert len(pruned) == 40 and pruned[-1]["count"] > 400, "the sums are rebased at least once"
    assert len(deep) == 7 and len(every) == every[-1]["count"] < 1000 and none == []
    assert pruned[-1]["rating"] > pruned[0]["rating"] + 1, "the record's student learns"


def test_checksums_are_hashlib_on_the_same_bytes(output: dict[str, Any]) -> None:
    assert output["hashes"] == [hashlib.sha256(text.encode()).hexdigest() for text in TEXTS]


def test_export_import_and_what_is_kept_aside(output: dict[str, Any]) -> None:
    sound, body, version, cut = output["records"]
    assert sound["imported"]["aside"] is None
    assert sound["imported"]["progress"] == sample_record()
    assert sound["text"] == export_record(sample_record()), "the same file from gamelib"
    kept = read_record(sound["text"])
    assert kept.attempts == sample_record()["attempts"] and kept.student == "s1"
    words = output["constants"]["WORDS"]
    for case, key, reason in (
        (body, "aside_checksum", "checksum"),
        (version, "aside_version", "version"),
        (cut, "aside_not_json", "not_json"),
    ):
        aside = case["imported"]["aside"]
        assert case["imported"]["progress"] is None and aside["text"] == case["text"]
        assert aside["text"] != sound["text"]
        if key != "aside_version":
            assert aside["reason"] == {language: words[key][language] for language in ("en", "ja")}
        else:
            assert "0" in aside["reason"]["en"] and "0" in aside["reason"]["ja"]
        with pytest.raises(RecordError) as error:
            read_record(case["text"])
        assert error.value.reason == reason


def test_the_file_is_packed_and_unpacked_exactly(output: dict[str, Any]) -> None:
    sound = output["records"][0]
    packed = json.loads(json.loads(sound["text"])["body"])
    assert packed == pack_record(sample_record()) and packed["version"] == VERSION == 3
    attempts = sample_record()["attempts"]
    # each exercise (an address with its skills, parts and difficulties) and each tag once
    entries = {
        (
            attempt["exercise"],
            *((s, o[1], attempt["start"][s]) for s, o in attempt["outcomes"].items()),
        )
        for attempt in attempts
    }
    assert len(packed["exercises"]) == len(entries) < len(attempts)
    assert len(packed["shapes"]) == 1 and len(packed["tags"]) == len(
        set(map(tuple, packed["tags"]))
    )
    assert all(isinstance(number, int) for item in packed["attempts"] for number in item)
    assert unpack_record(packed) == attempts
    # 10,000 attempts (every one a different exercise: the largest record) stay small
    bytes_per_attempt = output["record_size"]["bytes"] / output["record_size"]["attempts"]
    assert bytes_per_attempt < 80, bytes_per_attempt


def test_only_a_first_try_is_rated(output: dict[str, Any]) -> None:
    # an exercise, the same again, (export, import) the same again, another exercise
    assert output["rated"] == [1, 0, 0, 1]


def test_a_version_2_record_is_migrated_and_kept_aside(output: dict[str, Any]) -> None:
    migration = output["migration2"]
    imported = migration["imported"]
    # the same attempts with the starts they had (version 2 kept them: here 0.5)
    old = [
        {**attempt, "start": dict.fromkeys(attempt["start"], 0.5)}
        for attempt in migration["fresh"]["attempts"]
    ]
    assert imported["progress"]["attempts"] == old and imported["progress"]["version"] == 3
    words = output["constants"]["WORDS"]["aside_migrated"]["en"]
    assert imported["aside"]["text"] == migration["text"]
    assert imported["aside"]["reason"]["en"] == words.format(version=2, expected=3)
    assert "バージョン 2" in imported["aside"]["reason"]["ja"]
    assert read_record(migration["text"]).attempts == old, "gamelib reads version 2 too"


def test_a_version_1_record_is_migrated_and_kept_aside(output: dict[str, Any]) -> None:
    migration = output["migration"]
    imported = migration["imported"]
    # the same attempts, each start made again as a fresh attempt at that exercise makes it
    assert imported["progress"] == migration["fresh"]
    assert any(attempt["shown"] for attempt in imported["progress"]["attempts"])
    assert all(
        value != 0.5
        for attempt in imported["progress"]["attempts"]
        for value in attempt["start"].values()
    )
    words = output["constants"]["WORDS"]["aside_migrated"]
    reason = {language: text.format(version=1, expected=3) for language, text in words.items()}
    assert imported["aside"] == {"text": migration["text"], "reason": reason}
    with pytest.raises(RecordError) as error:
        read_record(migration["text"])
    assert (error.value.reason, error.value.detail) == ("version", "1")


def test_next_exercise_is_pure_and_targets_its_skill(output: dict[str, Any]) -> None:
    first, again, *deep, review, review_again, fresh, _, _, _ = output["next"]
    assert first == again
    for choice in (first, *deep, review, review_again, fresh):
        spec = choice["spec"]
        tree = random_tree(
            spec["seed"],
            spec["depth"],
            tuple(spec["branching"]) if isinstance(spec["branching"], list) else spec["branching"],
        )
        convention = Convention(**spec["convention"])
        assert choice["skill"] in skills_of(PruningExercise(tree=tree, convention=convention))
        name = {language: NAMES[choice["skill"]][language] for language in ("en", "ja")}
        assert all(name[language] in choice["reason"][language] for language in ("en", "ja"))
        assert choice["key"].startswith(f"seed={spec['seed']}&depth={spec['depth']}&")
    assert fresh["why"] == "first"
    # twenty attempts missing only deep cutoffs: the 21st (not a review turn) targets them
    weakest = [choice for choice in deep if choice["why"] == "weakest"]
    assert weakest and all(choice["skill"] == "deep_cutoff" for choice in weakest)
    assert all("weakest" in choice["reason"]["en"] for choice in weakest)
    # after 18 attempts (a turn to inform; every skill started, none stale): the most uncertain
    assert review["why"] == review_again["why"] == "uncertain"


def test_a_student_who_leaves_values_blank_is_not_sent_value_trees(
    output: dict[str, Any],
) -> None:
    """After 20 attempts with blank values and deep cutoffs missed the next tree targets the
    deep cutoff; after 21 (a turn to inform) it informs about a skill the student's answers
    try, not about a skill of values alone they have never been graded on."""
    weakest, informing = output["next"][-2:]
    assert (weakest["skill"], weakest["why"]) == ("deep_cutoff", "weakest")
    assert informing["why"] == "uncertain"
    assert informing["skill"] not in output["constants"]["VALUE_SKILLS"]


def spec_exercise(spec: dict[str, Any]) -> PruningExercise:
    branching = spec["branching"]
    tree = random_tree(
        spec["seed"], spec["depth"], tuple(branching) if isinstance(branching, list) else branching
    )
    return PruningExercise(tree=tree, convention=Convention(**spec["convention"]))


def starting_difficulty(exercise: PruningExercise, parts: int, constants: dict[str, Any]) -> float:
    """A part's starting difficulty, written out from the features' definitions (not read from
    the engine): the fitted coefficients · [1, leaves / 10, pruning cutoffs, deep ones, strict,
    reversed, fail-soft, log2(1 + the skill's parts)]."""
    sources = cutoff_sources(exercise)
    convention = exercise.convention
    features = [
        1,
        len(exercise.leaf_names) / 10,
        len(sources),
        sum(source.distance >= constants["DEEP_DISTANCE"] for source in sources),
        convention.cutoff == ">",
        convention.order == "reversed",
        convention.failure == "soft",
        math.log2(1 + parts),
    ]
    coefficients = constants["fitted"]["coefficients"]
    return sum(value * weight for value, weight in zip(features, coefficients, strict=True))


def test_next_exercise_chooses_by_its_rule(output: dict[str, Any]) -> None:
    """Among the candidates (their parts counted by gamelib): to inform, the most parts of the
    skill; to target, of those within TOLERANCE of the expected success closest to TARGET,
    the most parts in all; ties to the first. Parts are those the student answers: the leaves,
    and the values only from a student with a try at a skill of values alone (a blank value is
    no attempt). The expected success of a tree, that every one of the skill's n parts is
    right, is computed here, P^n with P = σ(θ − d) from gamelib's rating θ of the record and
    the difficulty d written out above; the engine's own figure must agree with it."""
    constants = output["constants"]
    tolerance, target = constants["TOLERANCE"], constants["TARGET"]
    assert (tolerance, target) == (0.1, 0.75)
    whys = set()
    compared = silent = 0
    for choice, inputs in zip(output["next"], next_inputs(), strict=True):
        whys.add(choice["why"])
        ratings = standing(inputs["progress"]["attempts"])
        rating = ratings[choice["skill"]].rating
        gives_values = any(ratings[skill].count for skill in constants["VALUE_SKILLS"])
        silent += not gives_values

        def answered(parts: Parts, gives_values: bool = gives_values) -> int:
            return len(parts.leaves) + (len(parts.values) if gives_values else 0)

        needing = []
        for option in choice["options"]:
            exercise = spec_exercise(option["spec"])
            skills = skills_of(exercise)
            mine = answered(skills[choice["skill"]]) if choice["skill"] in skills else 0
            assert (option["chance"] is not None) == (mine > 0)
            if mine:
                total = sum(answered(parts) for parts in skills.values())
                chance = expected(rating, starting_difficulty(exercise, mine, constants)) ** mine
                assert option["chance"] == pytest.approx(chance, rel=1e-9, abs=1e-12)
                compared += mine > 1
                needing.append((option["spec"], chance, mine, total))
        if choice["why"] in ("new", "review", "uncertain"):
            best = max(needing, key=lambda entry: entry[2])
        else:
            closest = min(abs(chance - target) for _, chance, _, _ in needing)
            near = [e for e in needing if abs(e[1] - target) <= closest + tolerance]
            best = max(near, key=lambda entry: entry[3])
            assert abs(choice["expected"] - target) <= closest + tolerance
        assert choice["spec"] == best[0], choice["why"]
    assert compared > 100, "trees with several parts of the skill, where P^n differs from P"
    assert silent >= 3, "records with no value given: the empty one and the blank-value student's"
    assert {"weakest", "uncertain", "first"} <= whys


def test_the_least_certain_reason_is_true_of_the_chosen_skill(output: dict[str, Any]) -> None:
    """On a turn to inform, when no candidate holds the least certain skill, the tree is for
    the least certain skill that some candidate holds, and the sentence says it is the least
    certain of those these trees can practise (not the least certain of all)."""
    choice = output["next"][-3]
    deviations = {
        skill: state.sd for skill, state in standing(least_certain_absent()["attempts"]).items()
    }
    held = {
        skill for option in choice["options"] for skill in skills_of(spec_exercise(option["spec"]))
    }
    assert len(choice["options"]) == UNCERTAIN_CANDIDATES
    least_certain = max(SKILLS, key=lambda skill: deviations[skill])
    assert least_certain == "deep_cutoff" and least_certain not in held
    assert choice["why"] == "uncertain"
    assert choice["skill"] == max(held, key=lambda skill: deviations[skill])
    words = output["constants"]["WORDS"]
    for language in ("en", "ja"):
        name = NAMES[choice["skill"]][language]
        assert choice["reason"][language] == words["because_uncertain_here"][language].format(
            skill=name
        )
        assert choice["reason"][language] != words["because_uncertain"][language].format(skill=name)


def test_fill_is_format_and_names_a_missing_value(output: dict[str, Any]) -> None:
    """trainer.js's fill(), the one filler of the trainer's words: str.format's result, and for
    a field with no value an error that names it (never the word "undefined")."""
    filled, missing = output["fills"]
    template, values = FILLS[0]
    assert filled == {"text": template.format(**values)} == {"text": "deep cutoff: {not a field} 3"}
    assert missing == {"error": f"no value for {{percent}} in {FILLS[1][0]}"}


def test_words_match_gamelib(output: dict[str, Any]) -> None:
    skills = output["constants"]["SKILLS"]
    assert [skill["id"] for skill in skills] == list(SKILLS)
    for skill in skills:
        assert skill["name"] == dict(NAMES[skill["id"]])
        assert skill["explanation"] == dict(EXPLANATIONS[skill["id"]])


def fit_module() -> Any:
    path = REPOSITORY / "benchmarks" / "mastery_simulation.py"
    spec = importlib.util.spec_from_file_location("mastery_simulation", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mastery_simulation"] = module
    spec.loader.exec_module(module)
    return module


def test_fitted_difficulty_matches_a_refit(output: dict[str, Any]) -> None:
    simulation = fit_module()
    saved = simulation.read_fitted()
    assert output["constants"]["fitted"] == saved, "the engine loads the saved fit"
    assert saved["features"] == output["constants"]["DIFFICULTY_FEATURES"]
    refit = simulation.node("fit", saved["seed"])
    assert refit == saved
    assert simulation.fitted_text(refit) == simulation.FITTED.read_text("utf-8")


@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from(SIZES),
    narrow=st.booleans(),
    convention=st.sampled_from(CONVENTIONS),
)
def test_every_part_has_one_skill(
    seed: int, size: tuple[int, int | tuple[int, int]], narrow: bool, convention: Convention
) -> None:
    depth, branching = size
    low, high = (-2, 2) if narrow else (-9, 9)
    exercise = PruningExercise(
        tree=random_tree(seed, depth, branching, low, high), convention=convention
    )
    skills = skills_of(exercise)
    owned = [name for parts in skills.values() for name in (*parts.leaves, *parts.values)]
    assert sorted(owned) == sorted([*exercise.leaf_names, *exercise.solution.values])
    assert ("right_to_left" in skills) <= (convention.order == "reversed")
    assert ("failsoft_bound" in skills) <= (convention.failure == "soft")
    assert ("strict_cutoff" in skills) <= (convention.cutoff == ">")
    assert ("deep_cutoff" in skills) <= (depth >= 4)
    # the general leaf skill is named for the evaluated leaves: it holds no pruned one
    general = skills.get("pruned_leaves")
    assert general is None or not set(general.leaves) & exercise.solution.pruned
    pruned_by_cuts = {leaf for cut in cutoff_sources(exercise) for leaf in cut.pruned}
    assert pruned_by_cuts == exercise.solution.pruned
    assert all(cut.distance % 2 == 1 for cut in cutoff_sources(exercise))


def test_japanese_words_follow_the_style_sheet(output: dict[str, Any]) -> None:
    """The skills' names and explanations and the engine's sentences, read by the rules of
    tests/test_japanese_style.py (gamelib's WORDS tables are read there; these are not
    WORDS tables of gamelib, so they are read here)."""
    texts = [
        *(table[skill]["ja"] for table in (NAMES, EXPLANATIONS) for skill in SKILLS),
        *(words["ja"] for words in output["constants"]["WORDS"].values()),
    ]
    problems = [(text, problem) for text in texts for problem in problems_of(template_prose(text))]
    assert not problems
