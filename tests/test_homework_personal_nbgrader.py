"""The per-student nbgrader homework: each student's trees come from the student ID typed in
the first answer cell, and autograding recomputes each student's solutions from that ID.

generate → four synthetic students → autograde → the scores:

- s1001 answers right for their own ID: full marks;
- s1002 types their own ID but copies s1001's answers: the answers are about other trees;
- s1003 hands in the untouched student version: zero;
- s1004 hands in s1001's whole notebook, s1001's ID included: zero (the ID is not theirs).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gamelib.worksheets import PersonalHomework, window_feedback
from tests.test_homework_nbgrader import COURSES, autograded_scores, cell_sources, nbgrader

SAYS = {
    "en": ("The trees of student s1002", "Not yet:"),
    "ja": ("この木の学籍番号：s1002", "まだ正解ではありません："),
}
"""What the graded notebook of s1002 says, in each edition: whose trees, and that it is wrong."""

ASSIGNMENT = "pruning_homework_personal"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
POINTS = {"task1": 3, "task2": 4, "task3": 3}


def answers_for(student_id: str) -> dict[str, str]:
    """The right answer cells for ``student_id``, as literal Python a student would type."""
    homework = PersonalHomework(student_id)
    pruned = sorted(homework.task1.solution.pruned)
    values = dict(homework.task2.solution.values)
    window = homework.problems[2].key().window
    assert window is not None
    return {
        "student_id": f"student_id = {student_id!r}\n",
        "task1_answer": f"pruned_leaves = {set(pruned)!r}\n",
        "task2_answer": (
            f"answer2 = {{'pruned': {set(homework.task2.solution.pruned)!r}, "
            f"'values': {values!r}}}\n"
        ),
        "task3_answer": f"window3 = ({str(window[0])!r}, {str(window[1])!r})\n",
    }


def fill(release: Path, target: Path, cells: dict[str, str]) -> None:
    """Copy the student version to ``target`` with the given answer cells (by grade id)."""
    notebook = json.loads(release.read_text())
    for cell in notebook["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in cells:
            cell["source"] = cells[grade_id]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def expected_copy_score(owner: str, copier: str) -> int:
    """The points ``copier`` earns with ``owner``'s answers: those that happen to be right
    about the copier's own trees too."""
    theirs, mine = PersonalHomework(owner), PersonalHomework(copier)
    window = theirs.problems[2].key().window
    right = {
        "task1": mine.task1.check(set(theirs.task1.solution.pruned)).correct,
        "task2": mine.task2.check(
            {
                "pruned": set(theirs.task2.solution.pruned),
                "values": dict(theirs.task2.solution.values),
            }
        ).correct
        and set(theirs.task2.solution.values) == set(mine.task2.solution.values),
        "task3": window_feedback(mine.task3, mine.task3_node, window).correct,
    }
    return sum(POINTS[task] for task, ok in right.items() if ok)


@pytest.mark.parametrize("edition", sorted(COURSES))
def test_each_student_is_graded_on_the_trees_of_their_own_id(tmp_path: Path, edition: str) -> None:
    course = tmp_path / "course"
    shutil.copytree(COURSES[edition], course, ignore=shutil.ignore_patterns("release", "submitted"))
    nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    release = course / "release" / ASSIGNMENT / NOTEBOOK
    text = cell_sources(release)
    assert "BEGIN SOLUTION" not in text and '"instructor"' not in text
    assert "pruned_leaves = set(homework.task1" not in text and "key().window" not in text
    assert text.count("# YOUR CODE HERE\nraise NotImplementedError()") == 4  # ID, 3 answers

    # the trees differ, so s1001's answers are not s1002's: the copy earns nothing here
    assert PersonalHomework("s1001").task1.tree != PersonalHomework("s1002").task1.tree
    assert expected_copy_score("s1001", "s1002") == 0

    submitted = course / "submitted"
    fill(release, submitted / "s1001" / ASSIGNMENT / NOTEBOOK, answers_for("s1001"))
    copied = {**answers_for("s1001"), "student_id": "student_id = 's1002'\n"}
    fill(release, submitted / "s1002" / ASSIGNMENT / NOTEBOOK, copied)
    fill(release, submitted / "s1003" / ASSIGNMENT / NOTEBOOK, {})
    fill(release, submitted / "s1004" / ASSIGNMENT / NOTEBOOK, answers_for("s1001"))

    scores = autograded_scores(course, ASSIGNMENT)
    assert scores == {
        "s1001": ("10.0", "10.0"),
        "s1002": ("0.0", "10.0"),
        "s1003": ("0.0", "10.0"),
        "s1004": ("0.0", "10.0"),
    }
    # the copier is told why: the checks ran on their own trees and said what is wrong
    graded = json.loads((course / "autograded" / "s1002" / ASSIGNMENT / NOTEBOOK).read_text())
    outputs = "".join(
        output.get("text", "")
        if isinstance(output.get("text", ""), str)
        else "".join(output["text"])
        for cell in graded["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
    )
    whose, wrong = SAYS[edition]
    assert whose in outputs and wrong in outputs
    whole_copy = json.loads((course / "autograded" / "s1004" / ASSIGNMENT / NOTEBOOK).read_text())
    errors = [
        output.get("evalue", "")
        for cell in whole_copy["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    submitted_by = {"en": "submitted by 's1004'", "ja": "提出したのは 's1004'"}[edition]
    assert any(submitted_by in error for error in errors)
