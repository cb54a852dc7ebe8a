"""The MCTS homework under nbgrader, in both editions: each student's numbers come from the
student ID typed in the first answer cell, and autograding recomputes them from that ID.

generate → five synthetic students → autograde → the scores:

- s1001 answers right for their own ID: full marks;
- s1002 types their own ID but copies s1001's answers: only what happens to be right about
  their own numbers (computed by the checkers, usually nothing);
- s1003 hands in the untouched student version: zero;
- s1004 hands in s1001's whole notebook, s1001's ID included: zero (the ID is not theirs);
- s1005 makes the classic mistakes (the child with the highest Q; the root's W from the
  root mover's view): task 2 only, and the graded notebook says why.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gamelib.worksheets import MctsHomework
from tests.test_homework_nbgrader import COURSES, autograded_scores, cell_sources, nbgrader
from tests.test_homework_personal_nbgrader import fill
from tests.test_mcts_exercises import fragment

ASSIGNMENT = "mcts_homework"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
POINTS = {1: 3, 2: 3, 3: 4}


def answers_for(student_id: str) -> dict[str, str]:
    """The right answer cells for ``student_id``, as literal Python a student would type."""
    homework = MctsHomework(student_id)
    return {
        "student_id": f"student_id = {student_id!r}\n",
        "task1_answer": f"choice1 = {sorted(homework.task1.selectable())!r}\n",
        "task2_answer": f"choice2 = {set(sorted(homework.task2.selectable()))!r}\n",
        "task3_answer": f"backup3 = {homework.task3.solution()!r}\n",
    }


def mistaken_answers(student_id: str) -> dict[str, str]:
    """Task 1: the child with the highest Q; task 2 right; task 3: the root's W with the
    wrong sign."""
    homework = MctsHomework(student_id)
    visited = [child for child in homework.task1.children if child.visits]
    highest = max(visited, key=lambda child: child.total / child.visits)
    backup = homework.task3.solution()
    root = homework.task3.root
    visits, total = backup[root.name]
    backup[root.name] = (visits, 2 * root.total - total)
    return {
        **answers_for(student_id),
        "task1_answer": f"choice1 = {highest.name!r}\n",
        "task3_answer": f"backup3 = {backup!r}\n",
    }


def copy_score(owner: str, copier: str) -> int:
    """The points ``copier`` earns with ``owner``'s answers, by the checkers."""
    theirs, mine = MctsHomework(owner), MctsHomework(copier)
    answers = {
        1: set(theirs.task1.selectable()),
        2: set(theirs.task2.selectable()),
        3: theirs.task3.solution(),
    }
    return sum(POINTS[task] for task in (1, 2, 3) if mine.check(task, answers[task]).correct)


def outputs_of(path: Path) -> tuple[str, list[str]]:
    graded = json.loads(path.read_text())
    texts, errors = [], []
    for cell in graded["cells"]:
        for output in cell.get("outputs", []):
            text = output.get("text", "")
            texts.append(text if isinstance(text, str) else "".join(text))
            if output.get("output_type") == "error":
                errors.append(output.get("evalue", ""))
    return "".join(texts), errors


@pytest.mark.parametrize("edition", sorted(COURSES))
def test_each_student_is_graded_on_the_numbers_of_their_own_id(
    tmp_path: Path, edition: str
) -> None:
    course = tmp_path / "course"
    shutil.copytree(COURSES[edition], course, ignore=shutil.ignore_patterns("release", "submitted"))
    nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    release = course / "release" / ASSIGNMENT / NOTEBOOK
    text = cell_sources(release)
    assert "BEGIN SOLUTION" not in text and '"instructor"' not in text
    assert ".selectable()" not in text and ".solution()" not in text
    assert text.count("# YOUR CODE HERE\nraise NotImplementedError()") == 4  # ID, 3 answers

    assert MctsHomework("s1001").task3 != MctsHomework("s1002").task3
    expected_copy = copy_score("s1001", "s1002")

    submitted = course / "submitted"
    fill(release, submitted / "s1001" / ASSIGNMENT / NOTEBOOK, answers_for("s1001"))
    copied = {**answers_for("s1001"), "student_id": "student_id = 's1002'\n"}
    fill(release, submitted / "s1002" / ASSIGNMENT / NOTEBOOK, copied)
    fill(release, submitted / "s1003" / ASSIGNMENT / NOTEBOOK, {})
    fill(release, submitted / "s1004" / ASSIGNMENT / NOTEBOOK, answers_for("s1001"))
    fill(release, submitted / "s1005" / ASSIGNMENT / NOTEBOOK, mistaken_answers("s1005"))

    scores = autograded_scores(course, ASSIGNMENT)
    assert scores == {
        "s1001": ("10.0", "10.0"),
        "s1002": (f"{expected_copy:.1f}", "10.0"),
        "s1003": ("0.0", "10.0"),
        "s1004": ("0.0", "10.0"),
        "s1005": ("3.0", "10.0"),
    }
    # the student with the classic mistakes is told which, in the edition's language
    said, _ = outputs_of(course / "autograded" / "s1005" / ASSIGNMENT / NOTEBOOK)
    for key in ("highest_q", "root_view"):
        assert fragment(key, edition) in said, key
    assert {"en": "Not yet:", "ja": "まだ正解ではありません："}[edition] in said
    _, errors = outputs_of(course / "autograded" / "s1004" / ASSIGNMENT / NOTEBOOK)
    submitted_by = {"en": "submitted by 's1004'", "ja": "提出したのは 's1004'"}[edition]
    assert any(submitted_by in error for error in errors)
