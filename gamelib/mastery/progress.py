"""A student's exported progress file, read and checked, and where it puts the student: the
same record format and rating fold as the web trainer (``site/trainer/mastery.js``:
``exportProgress``, ``standing``); tests/test_mastery.py compares the two.

A file is JSON ``{"format", "version", "sha256", "body"}``: ``body`` is the packed record as
JSON text and ``sha256`` the SHA-256 of body's UTF-8 bytes, so a changed body (or a changed hash)
shows. Version 3 (``pack_record``) keeps the record in tables: the skill names, the exercises'
address shapes (what follows ``seed=N``), the tags ``[skill index, parts, difficulty]`` and the
exercises ``[seed, shape index, tag index, …]`` each distinct one once, and each attempt one
short array ``[exercise index, at − the previous attempt's at, rated + 2·shown, right per tag]``.
A version 2 file (each attempt ``[exercise index, at, rated + 2·shown, then per skill: skill
index, right, parts, difficulty]``) is read as well; a version 1 file (each attempt an object,
and a whole skill's difficulty under the earlier Elo model) is not read here: the trainer page
migrates it when it opens it, and a new export is version 3.

The rating model (the trainer's ``estimate``): a part of skill s is right with probability
P = σ(θ_s − d), d the part's difficulty in that exercise (the attempt's ``start``); a skill's
rating θ_s is the maximum a posteriori of r of n parts right in each of its rated tries, each
weighed by w = 2^−(k / 40), k the skill's rated tries since (students learn), under a prior
N(0, 1): Newton's steps θ ← θ + g / h, g = Σ w·(r − n·P) − θ, h = Σ w·n·P·(1 − P) + 1, from
θ = 0 (a step at most 1) until the step is below 10⁻⁹; its uncertainty is 1 / √h. The
item-response model behind "Elo for items" (R. Pelánek, Applications of the Elo rating system
in adaptive educational systems, Computers & Education 98, 2016,
doi:10.1016/j.compedu.2016.03.017), fitted over all rated tries at once. Only first tries are
rated.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, cast

from gamelib.mastery.skills import SKILLS, Skill

FORMAT: Final = "alphabeta-trainer-progress"
VERSION: Final = 3
PRIOR_SD: Final = 1.0
HALF_LIFE: Final = 40
MOST_STEPS: Final = 100


class RecordError(ValueError):
    """A progress file that cannot be used; ``reason`` is one of ``REASONS``' keys."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def expected(skill: float, difficulty: float) -> float:
    """The expected success of a student of rating ``skill`` on an item of ``difficulty``."""
    return 1 / (1 + math.exp(-(skill - difficulty)))


def try_weight(index: int, count: int) -> float:
    """The weight of a skill's rated try ``index`` (0 first) of ``count``: 2^−(later tries /
    HALF_LIFE), as the trainer's ``tryWeight``."""
    return float(2 ** ((index - (count - 1)) / HALF_LIFE))


def _fit_rating(sums: dict[float, list[float]]) -> tuple[float, float]:
    """The rating and its uncertainty from tries summed by difficulty (``fitRating``)."""
    rating = 0.0
    curvature = 1 / PRIOR_SD**2
    for _ in range(MOST_STEPS):
        slope = -rating / PRIOR_SD**2
        curvature = 1 / PRIOR_SD**2
        for difficulty, (right_sum, parts_sum) in sums.items():
            chance = expected(rating, difficulty)
            slope += right_sum - parts_sum * chance
            curvature += parts_sum * chance * (1 - chance)
        change = max(-1.0, min(1.0, slope / curvature))
        rating += change
        if abs(change) < 1e-9:
            break
    return rating, 1 / math.sqrt(curvature)


def _add_try(sums: dict[float, list[float]], right: float, parts: float, difficulty: float) -> None:
    total = sums.get(difficulty)
    if total is None:
        sums[difficulty] = [right, parts]
    else:
        total[0] += right
        total[1] += parts


def estimate(tries: list[tuple[int, int, float]]) -> tuple[float, float]:
    """A skill's rating and its uncertainty from its rated tries ``(right, parts, difficulty)``,
    oldest first: the maximum a posteriori (the module's docstring writes it out), as the
    trainer's ``estimate`` computes it, step for step (each try weighed by :func:`try_weight`,
    tries of the same difficulty summed first, in the order they first appear)."""
    sums: dict[float, list[float]] = {}
    for index, (right, parts, difficulty) in enumerate(tries):
        weight = try_weight(index, len(tries))
        _add_try(sums, weight * right, weight * parts, difficulty)
    return _fit_rating(sums)


@dataclass
class SkillStanding:
    """A student's standing on one skill: rating and its uncertainty ``sd``, rated tries, right
    first tries (every part right), and the exercises that practised it (rated or not), the
    last at ``last_at`` (ms since 1970)."""

    rating: float = 0.0
    sd: float = PRIOR_SD
    count: int = 0
    right: int = 0
    practised: int = 0
    last_at: float | None = None


@dataclass
class Record:
    """A checked progress record: who, and the attempts in order."""

    student: str
    attempts: list[dict[str, Any]]
    sha256: str
    skills: dict[Skill, SkillStanding] = field(default_factory=dict)


def _check_attempt(attempt: object) -> dict[str, Any]:
    if not isinstance(attempt, dict) or not isinstance(attempt.get("exercise"), str):
        raise RecordError("damaged", "attempt")
    outcomes, start = attempt.get("outcomes"), attempt.get("start")
    if not isinstance(outcomes, dict) or not isinstance(start, dict):
        raise RecordError("damaged", "attempt")
    for skill, outcome in outcomes.items():
        if skill not in SKILLS or not isinstance(outcome, list) or len(outcome) != 2:
            raise RecordError("damaged", "outcome")
        right, parts = outcome
        whole = all(isinstance(n, int) and not isinstance(n, bool) for n in outcome)
        if not (whole and 0 <= right <= parts and parts >= 1):
            raise RecordError("damaged", "outcome")
        if not isinstance(start.get(skill), int | float) or isinstance(start.get(skill), bool):
            raise RecordError("damaged", "start")
    return cast(dict[str, Any], attempt)


def _as_javascript(value: object) -> object:
    """``value`` with every whole float made an int, as JavaScript's JSON.stringify writes
    it (-1, not -1.0); other numbers are written alike by both (shortest round trip, and a
    record's numbers are far from the exponent forms, where the two differ)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {key: _as_javascript(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_javascript(item) for item in value]
    return value


_SEEDED: Final = re.compile(r"seed=(0|[1-9][0-9]{0,14})(?=&|$)")
TABLES: Final = ("skills", "shapes", "tags", "exercises", "attempts")


def _split_key(key: str) -> tuple[int, str]:
    """An address split into its seed and the rest ("seed=7&depth=3…" → (7, "&depth=3…");
    an address without a seed: (−1, the address)), as the trainer's ``splitKey``."""
    match = _SEEDED.match(key)
    return (int(match.group(1)), key[match.end() :]) if match else (-1, key)


def pack_record(progress: Mapping[str, Any]) -> dict[str, Any]:
    """A record (attempts as objects) packed as version 3, as the trainer's ``fromAttempts``
    packs it: the shapes, tags and exercises each distinct one once, in the order they first
    appear; an exercise's tags in SKILLS order; each attempt ``[exercise index, at − the
    previous attempt's at, rated + 2·shown, right per tag]``."""
    skills = list(SKILLS)
    shapes: dict[str, int] = {}
    tags: dict[tuple[int, int, float], int] = {}
    exercises: dict[tuple[Any, ...], int] = {}
    attempts = []
    previous = 0
    for attempt in progress["attempts"]:
        seed, shape = _split_key(attempt["exercise"])
        entry: list[Any] = [seed, shapes.setdefault(shape, len(shapes))]
        rights = []
        for skill in sorted(attempt["outcomes"], key=SKILLS.index):
            right, parts = attempt["outcomes"][skill]
            tag = (skills.index(skill), parts, attempt["start"][skill])
            entry.append(tags.setdefault(tag, len(tags)))
            rights.append(right)
        number = exercises.setdefault(tuple(entry), len(exercises))
        flags = attempt["rated"] + 2 * attempt["shown"]
        attempts.append([number, attempt["at"] - previous, flags, *rights])
        previous = attempt["at"]
    return {
        "format": progress["format"],
        "version": progress["version"],
        "student": progress["student"],
        "created": progress["created"],
        "skills": skills,
        "shapes": list(shapes),
        "tags": [list(tag) for tag in tags],
        "exercises": [list(entry) for entry in exercises],
        "attempts": attempts,
    }


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _tables_problem(packed: Mapping[str, Any]) -> str:
    """What is wrong with a version 3 record's tables, or "" (the trainer's ``tablesProblem``:
    the same checks, in the same order, with the same names)."""
    if not all(isinstance(packed.get(table), list) for table in TABLES):
        return "attempts"
    skills, shapes, tags, exercises, attempts = (packed[table] for table in TABLES)
    if not all(skill in SKILLS for skill in skills) or len(set(skills)) != len(skills):
        return "skills"
    if not all(isinstance(shape, str) for shape in shapes):
        return "shapes"
    for tag in tags:
        sound = isinstance(tag, list) and len(tag) == 3 and _whole(tag[0]) and tag[0] < len(skills)
        if not sound or not _whole(tag[1]) or tag[1] < 1 or not _number(tag[2]):
            return "tags"
    for entry in exercises:
        if not isinstance(entry, list) or len(entry) < 3:
            return "exercises"
        seed, shape, *mine = entry
        if not (isinstance(seed, int) and not isinstance(seed, bool) and seed >= -1):
            return "exercises"
        if not _whole(shape) or shape >= len(shapes):
            return "exercises"
        if not all(_whole(tag) and tag < len(tags) for tag in mine):
            return "exercises"
        if len({tags[tag][0] for tag in mine}) != len(mine):
            return "exercises"
    at = 0
    for item in attempts:
        sound = isinstance(item, list) and len(item) >= 3 and _whole(item[0])
        if not sound or item[0] >= len(exercises) or not _safe(item[1]):
            return "attempt"
        if not _whole(item[2]) or item[2] > 3:
            return "attempt"
        at += item[1]
        if not _safe(at):
            return "attempt"
        entry = exercises[item[0]]
        if len(item) != len(entry) + 1:
            return "outcome"
        for tag, right in zip(entry[2:], item[3:], strict=True):
            if not _whole(right) or right > tags[tag][1]:
                return "outcome"
    return ""


def _safe(value: object) -> bool:
    """A whole number JavaScript holds exactly (Number.isSafeInteger)."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 2**53 - 1


def unpack_record(packed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A version 3 record's attempts as objects (the trainer's ``attemptsOf``).

    Raises:
        RecordError: "damaged", when the packing is not sound.
    """
    problem = _tables_problem(packed)
    if problem:
        raise RecordError("damaged", problem)
    skills, shapes, tags, exercises = (packed[table] for table in TABLES[:4])
    result = []
    at = 0
    for item in packed["attempts"]:
        seed, shape, *mine = exercises[item[0]]
        at += item[1]
        outcomes: dict[str, list[Any]] = {}
        start: dict[str, Any] = {}
        for tag, right in zip(mine, item[3:], strict=True):
            skill, parts, difficulty = tags[tag]
            outcomes[skills[skill]] = [right, parts]
            start[skills[skill]] = difficulty
        result.append(
            {
                "exercise": (f"seed={seed}" if seed >= 0 else "") + shapes[shape],
                "at": at,
                "rated": item[2] & 1,
                "shown": item[2] >> 1,
                "outcomes": outcomes,
                "start": start,
            }
        )
    return result


def _unpack_version_2(packed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A version 2 record's attempts as objects: each attempt ``[exercise index, at,
    rated + 2·shown, then per skill: skill index, right, parts, difficulty]``.

    Raises:
        RecordError: "damaged", when the packing is not sound.
    """
    skills, exercises, attempts = (
        packed.get("skills"),
        packed.get("exercises"),
        packed.get("attempts"),
    )
    if not (
        isinstance(skills, list) and isinstance(exercises, list) and isinstance(attempts, list)
    ):
        raise RecordError("damaged", "attempts")
    if not all(skill in SKILLS for skill in skills):
        raise RecordError("damaged", "skills")
    result = []
    for item in attempts:
        sound = (
            isinstance(item, list) and len(item) % 4 == 3 and _whole(item[0]) and _whole(item[2])
        )
        if not sound or item[0] >= len(exercises) or item[2] > 3:
            raise RecordError("damaged", "attempt")
        outcomes: dict[str, list[Any]] = {}
        start: dict[str, Any] = {}
        for index in range(3, len(item), 4):
            if not _whole(item[index]) or item[index] >= len(skills):
                raise RecordError("damaged", "outcome")
            skill = skills[item[index]]
            outcomes[skill] = [item[index + 1], item[index + 2]]
            start[skill] = item[index + 3]
        result.append(
            {
                "exercise": exercises[item[0]],
                "at": item[1],
                "rated": item[2] & 1,
                "shown": item[2] >> 1,
                "outcomes": outcomes,
                "start": start,
            }
        )
    return result


def export_record(progress: Mapping[str, Any]) -> str:
    """A record (the trainer's progress object) as a file's text, byte for byte as the
    trainer's ``exportProgress`` writes it: the packed record as compact JSON text, its SHA-256,
    format and version."""
    packed = _as_javascript(pack_record(progress))
    body = json.dumps(packed, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    file = {"format": FORMAT, "version": VERSION, "sha256": digest, "body": body}
    return json.dumps(file, ensure_ascii=False, separators=(",", ":"))


def read_record(text: str) -> Record:
    """A progress file's text, checked (format, version, checksum, shape), unpacked and folded.

    Raises:
        RecordError: with ``reason`` "not_json", "not_progress", "version", "checksum" or
            "damaged".
    """
    try:
        file = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError("not_json") from error
    if not isinstance(file, dict) or file.get("format") != FORMAT:
        raise RecordError("not_progress")
    body = file.get("body")
    if not isinstance(body, str):
        raise RecordError("not_progress")
    version = file.get("version")
    if version not in (2, VERSION):
        raise RecordError("version", str(version))
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    if file.get("sha256") != digest:
        raise RecordError("checksum")
    try:
        packed = json.loads(body)
    except json.JSONDecodeError as error:
        raise RecordError("damaged", "body") from error
    if not isinstance(packed, dict) or packed.get("format") != FORMAT:
        raise RecordError("damaged", "format")
    if packed.get("version") != version:
        raise RecordError("damaged", "format")
    unpacked = unpack_record(packed) if version == VERSION else _unpack_version_2(packed)
    attempts = [_check_attempt(attempt) for attempt in unpacked]
    record = Record(str(packed.get("student")), attempts, digest)
    record.skills = standing(attempts)
    return record


def standing(attempts: list[dict[str, Any]]) -> dict[Skill, SkillStanding]:
    """Every skill's standing, folded from the attempts (the trainer's ``standing``)."""
    skills = {skill: SkillStanding() for skill in SKILLS}
    sums: dict[Skill, dict[float, list[float]]] = {skill: {} for skill in SKILLS}
    rated = dict.fromkeys(SKILLS, 0)
    for attempt in attempts:
        if attempt.get("rated"):
            for skill in attempt["outcomes"]:
                rated[skill] += 1
    for attempt in attempts:
        outcomes: Mapping[Skill, list[int]] = attempt["outcomes"]
        for skill, (right, parts) in outcomes.items():
            state = skills[skill]
            state.practised += 1
            state.last_at = attempt.get("at")
            if not attempt.get("rated"):
                continue
            weight = try_weight(state.count, rated[skill])
            _add_try(sums[skill], weight * right, weight * parts, attempt["start"][skill])
            state.count += 1
            state.right += int(right == parts)
    for skill, state in skills.items():
        state.rating, state.sd = _fit_rating(sums[skill])
    return skills
