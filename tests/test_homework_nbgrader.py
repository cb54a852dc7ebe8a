"""The nbgrader homework: the student version hides the solutions, and autograding gives the
reference solution full marks and the untouched student version zero."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COURSES = {
    "en": ROOT / "notebooks" / "exercises",
    "ja": ROOT / "notebooks" / "ja" / "exercises",
}
"""The homework of each edition: the same nbgrader flow must grade both alike."""
ASSIGNMENT = "pruning_homework"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"


def nbgrader(course: Path, *arguments: str) -> None:
    environment = dict(os.environ)
    # nbgrader runs alembic and a kernel: both must come from this virtual environment.
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    completed = subprocess.run(
        [sys.executable, "-m", "nbgrader", *arguments],
        cwd=course,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr


def autograded_scores(course: Path, assignment: str) -> dict[str, tuple[str, str]]:
    """nbgrader autogrades every submission of ``assignment`` in ``course`` and exports the
    grades: each student's (score, max score) as nbgrader writes them ("10.0")."""
    nbgrader(course, "autograde", assignment, "--create", "--force")
    nbgrader(course, "export", "--to", str(course / "grades.csv"))
    with (course / "grades.csv").open() as grades:
        return {
            row["student_id"]: (row["score"], row["max_score"]) for row in csv.DictReader(grades)
        }


def cell_sources(path: Path) -> str:
    notebook = json.loads(path.read_text())
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"])


@pytest.mark.parametrize("edition", sorted(COURSES))
def test_reference_gets_full_marks_and_the_untouched_student_version_zero(
    tmp_path: Path, edition: str
) -> None:
    course = tmp_path / "course"
    shutil.copytree(COURSES[edition], course, ignore=shutil.ignore_patterns("release", "submitted"))
    nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    student_version = course / "release" / ASSIGNMENT / NOTEBOOK
    text = cell_sources(student_version)
    assert "BEGIN SOLUTION" not in text
    assert '"AD", "AE"' not in text and "-my_negamax(child)" not in text
    assert text.count("raise NotImplementedError()") == 4

    for student, source in (
        ("reference", course / "source" / ASSIGNMENT / NOTEBOOK),
        ("untouched", student_version),
    ):
        submission = course / "submitted" / student / ASSIGNMENT
        submission.mkdir(parents=True)
        shutil.copy(source, submission / NOTEBOOK)
    scores = autograded_scores(course, ASSIGNMENT)
    assert scores == {"reference": ("10.0", "10.0"), "untouched": ("0.0", "10.0")}
