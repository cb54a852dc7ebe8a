"""A student's exported progress file, read and checked, and where it puts the student: the
same record format and rating fold as the web trainer (``site/trainer/mastery.js``:
``exportProgress``, ``standing``); tests/test_mastery.py compares the two.

A file is JSON ``{"format", "version", "sha256", "body"}``: ``body`` is the record as JSON text
and ``sha256`` the SHA-256 of body's UTF-8 bytes, so a changed body (or a changed hash) shows.

The rating model is "Elo for items" (R. Pelánek, Applications of the Elo rating system in
adaptive educational systems, Computers & Education 98, 2016,
doi:10.1016/j.compedu.2016.03.017): expected success P = 1 / (1 + e^−(θ − d)); after an answer
R (1 when every part of the skill is right, else 0; an attempt keeps [right parts, parts] per
skill), θ ← θ + K(n)·(R − P) for each skill the exercise needs, and the exercise's shift moves by
−K(n)·mean(R − P); K(n) = 1 / (1 + 0.05·n), n the rated answers so far. Only first tries are
rated.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, cast

from gamelib.mastery.skills import SKILLS, Skill

FORMAT: Final = "alphabeta-trainer-progress"
VERSION: Final = 1
K_START: Final = 1.0
K_SLOWDOWN: Final = 0.05


class RecordError(ValueError):
    """A progress file that cannot be used; ``reason`` is one of ``REASONS``' keys."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def expected(skill: float, difficulty: float) -> float:
    """The expected success of a student of rating ``skill`` on an item of ``difficulty``."""
    return 1 / (1 + math.exp(-(skill - difficulty)))


def k_factor(count: int) -> float:
    """The update's step after ``count`` rated answers: 1 / (1 + 0.05·count)."""
    return K_START / (1 + K_SLOWDOWN * count)


@dataclass
class SkillStanding:
    """A student's standing on one skill: rating, rated tries, right first tries (every part
    right), and the
    exercises that practised it (rated or not), the last at ``last_at`` (ms since 1970)."""

    rating: float = 0.0
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


def export_record(progress: Mapping[str, Any]) -> str:
    """A record (the trainer's progress object) as a file's text, byte for byte as the
    trainer's ``exportProgress`` writes it: the body as compact JSON text, its SHA-256,
    format and version."""
    body = json.dumps(_as_javascript(progress), ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    file = {"format": FORMAT, "version": VERSION, "sha256": digest, "body": body}
    return json.dumps(file, ensure_ascii=False, separators=(",", ":"))


def read_record(text: str) -> Record:
    """A progress file's text, checked (format, version, checksum, shape) and folded.

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
    if file.get("version") != VERSION:
        raise RecordError("version", str(file.get("version")))
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    if file.get("sha256") != digest:
        raise RecordError("checksum")
    try:
        progress = json.loads(body)
    except json.JSONDecodeError as error:
        raise RecordError("damaged", "body") from error
    if not isinstance(progress, dict) or progress.get("format") != FORMAT:
        raise RecordError("damaged", "format")
    if progress.get("version") != VERSION or not isinstance(progress.get("attempts"), list):
        raise RecordError("damaged", "attempts")
    attempts = [_check_attempt(attempt) for attempt in progress["attempts"]]
    student = progress.get("student")
    record = Record(str(student), attempts, digest)
    record.skills = standing(attempts)
    return record


def standing(attempts: list[dict[str, Any]]) -> dict[Skill, SkillStanding]:
    """Every skill's standing, folded from the attempts (the trainer's ``standing``)."""
    skills = {skill: SkillStanding() for skill in SKILLS}
    exercises: dict[str, tuple[float, int]] = {}
    for attempt in attempts:
        outcomes: Mapping[Skill, list[int]] = attempt["outcomes"]
        for skill in outcomes:
            skills[skill].practised += 1
            skills[skill].last_at = attempt.get("at")
        if not attempt.get("rated"):
            continue
        shift, count = exercises.get(attempt["exercise"], (0.0, 0))
        surprise = 0.0
        for skill, (right, parts) in outcomes.items():
            state = skills[skill]
            score = 1 if right == parts else 0
            error = score - expected(state.rating, attempt["start"][skill] + shift)
            state.rating += k_factor(state.count) * error
            state.count += 1
            state.right += score
            surprise += error
        if outcomes:
            shift -= k_factor(count) * surprise / len(outcomes)
        exercises[attempt["exercise"]] = (shift, count + 1)
    return skills
