"""The per-student homework: trees seeded from the student ID (:class:`PersonalHomework`),
and the check of a window answer (:func:`window_feedback`)."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from gamelib.exercises import Convention, Feedback, PruningExercise
from gamelib.language import Language, words
from gamelib.notation import format_window, read_number
from gamelib.render.dot import Drawing
from gamelib.worksheets.markup import problem_drawing
from gamelib.worksheets.problems import (
    Problem,
    Settings,
    entry_event,
    make_problem,
    stable_seed,
    window_reason,
)

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "empty id": {
        "en": 'the student ID must be a non-empty string like "s1234567", not {given}',
        "ja": "学籍番号は「s1234567」のような空でない文字列で書いてください（{given} ではなく）",
    },
    "someone else's id": {
        "en": "this notebook's student ID is {given}, but it was submitted by {submitted_by}: "
        "each student answers on the trees of their own ID",
        "ja": "このノートブックの学籍番号は {given} ですが、提出したのは {submitted_by} です。"
        "各自、自分の学籍番号の木で答えてください",
    },
    "no answer": {
        "en": "no answer yet: give the window as (alpha, beta)",
        "ja": "まだ答えがありません。探索窓を (alpha, beta) の形で答えてください",
    },
    "not a pair": {
        "en": "expected the window as a pair (alpha, beta), got {answer}",
        "ja": "探索窓は (alpha, beta) の組で答えてください（答えは {answer}）",
    },
    "not numbers": {
        "en": "expected numbers for α and β, got {part}",
        "ja": "α と β には数を書いてください（{part} と書かれています）",
    },
    "wrong window": {
        "en": "{node} is entered with {window}, not {answer}: {reason}",
        "ja": "{node} に入るときの探索窓は {answer} ではなく {window} です：{reason}",
    },
}
"""The messages a student reads, in English and Japanese (``str.format`` templates)."""


def normalise_student_id(student_id: object, *, language: str | None = None) -> str:
    """A student ID as the seeds use it: stripped, case-folded (``" S123 "`` → ``"s123"``).

    Raises:
        ValueError: for anything but a non-empty string (the message in ``language``; None:
            the course-wide setting).
    """
    if not isinstance(student_id, str) or not student_id.strip():
        raise ValueError(words(WORDS["empty id"], language).format(given=repr(student_id)))
    return student_id.strip().casefold()


def own_student_id(student_id: object) -> str:
    """``student_id`` normalised (:func:`normalise_student_id`), checked while nbgrader
    autogrades to be the ID of the student who submitted the notebook.

    Raises:
        ValueError: for an empty ID, or while autograding (the environment variable
            ``NBGRADER_EXECUTION`` is ``"autograde"`` and the notebook runs in nbgrader's
            ``autograded/<student>/<assignment>`` folder) an ID that is not the submitter's.
    """
    normalised = normalise_student_id(student_id)
    submitted_by = _autograded_student()
    if submitted_by is not None and normalise_student_id(submitted_by) != normalised:
        raise ValueError(
            words(WORDS["someone else's id"], None).format(
                given=repr(student_id), submitted_by=repr(submitted_by)
            )
        )
    return normalised


def window_feedback(
    exercise: PruningExercise, node: str, answer: object, *, language: str | None = None
) -> Feedback:
    """Check a window answer ``(alpha, beta)`` for ``node``; never raises.

    Numbers or their text (``"-inf"``, ``"−∞"``, ``"3"``) are accepted for α and β. The
    messages are in ``language`` (None: the course-wide setting); the reason a wrong window
    is wrong comes from :func:`~gamelib.worksheets.problems.window_reason`.
    """
    if answer is None or answer is Ellipsis:
        return Feedback(False, [words(WORDS["no answer"], language)])
    if isinstance(answer, str) or not isinstance(answer, Sequence) or len(answer) != 2:
        return Feedback(False, [words(WORDS["not a pair"], language).format(answer=repr(answer))])
    numbers = []
    for part in answer:
        if isinstance(part, bool):
            return Feedback(False, [words(WORDS["not numbers"], language).format(part=repr(part))])
        if isinstance(part, int | float) and not math.isnan(part):
            numbers.append(float(part))
            continue
        try:
            numbers.append(float(read_number(str(part))))
        except ValueError:
            return Feedback(False, [words(WORDS["not numbers"], language).format(part=repr(part))])
    try:
        enter = entry_event(exercise, node, language=language)
    except ValueError as error:
        return Feedback(False, [str(error)])
    if (numbers[0], numbers[1]) == (enter.alpha, enter.beta):
        return Feedback(True)
    return Feedback(
        False,
        [
            words(WORDS["wrong window"], language).format(
                node=node,
                window=format_window(enter.alpha, enter.beta),
                answer=format_window(numbers[0], numbers[1]),
                reason=window_reason(exercise, node, language=language),
            )
        ],
    )


class PersonalHomework:
    """A student's own trees for the per-student homework, seeded from the student ID.

    Task 1: which leaves are pruned (fail-hard, ≥, left to right, depth 3, branching 3);
    task 2: pruned leaves and returned values (fail-soft, depth 3, branching 2); task 3: the
    window of a node (fail-hard, cut only on >, depth 3, branching 2). Each task is
    :func:`make_problem` number 1, 2, 3 of the sheet seeded ``stable_seed("homework", id)``
    (version ``"homework"``), so the same ID always gives the same trees, and the key of each
    is its :class:`~gamelib.exercises.PruningExercise`'s solution.

    Attributes:
        problems: the three tasks as worksheet problems.
        task1, task2, task3: their exercises (``.check(answer)``, ``.question()``).
        task3_node: the node whose window task 3 asks for.

    Args:
        student_id: the ID the student typed (compared stripped and case-folded).

    Raises:
        ValueError: for an empty ID; and while nbgrader autogrades (the environment variable
            ``NBGRADER_EXECUTION`` is ``"autograde"`` and the notebook runs in nbgrader's
            ``autograded/<student>/<assignment>`` folder) when the ID is not the ID of the
            student who submitted it: a notebook copied whole, with its ID, fails.
    """

    def __init__(self, student_id: object) -> None:
        self.student_id = own_student_id(student_id)
        self.problems = (
            self._problem(1, Settings(3, 3, Convention(), ("pruned",))),
            self._problem(2, Settings(3, 2, Convention(failure="soft"), ("values",))),
            self._problem(3, Settings(3, 2, Convention(cutoff=">"), ("window",))),
        )
        self.task1, self.task2, self.task3 = (problem.exercise for problem in self.problems)
        node = self.problems[2].node
        assert node is not None
        self.task3_node: str = node

    def _problem(self, task: int, settings: Settings) -> Problem:
        return make_problem(stable_seed("homework", self.student_id), "homework", task, settings)

    def drawing(self, task: int) -> Drawing:
        """Task ``task``'s tree drawn (task 3: its node with a thick outline)."""
        if task not in (1, 2, 3):
            raise ValueError(f"task must be 1, 2 or 3, not {task!r}")
        return problem_drawing(self.problems[task - 1])

    def check_task3(self, answer: object) -> Feedback:
        """Check the window answer of task 3."""
        return window_feedback(self.task3, self.task3_node, answer)

    def __repr__(self) -> str:
        return f"PersonalHomework({self.student_id!r})"


def _autograded_student() -> str | None:
    """The submitting student's ID while nbgrader autogrades this notebook, else None."""
    if os.environ.get("NBGRADER_EXECUTION") != "autograde":
        return None
    folder = Path.cwd()
    if folder.parent.parent.name != "autograded":
        return None
    return folder.parent.name
