"""MCTS worksheets with keys (gamelib.worksheets.mcts): the same seed gives the same sheet,
every key number is the exercise's own answer, the command line writes both languages, and
the PDF prints the problems, then the key on a page of its own."""

from __future__ import annotations

import html
import math
from pathlib import Path

import pytest

from gamelib.mcts_exercises import BackupExercise, SelectionExercise, decimal
from gamelib.notation import format_signed
from gamelib.worksheets import (
    MCTS_KINDS,
    MctsHomework,
    main,
    make_mcts_worksheets,
    write_mcts_worksheets,
)
from tests.test_worksheets import pages_text, pdf_tools_missing


def test_the_same_seed_gives_the_same_sheet_and_versions_differ() -> None:
    first, second = make_mcts_worksheets(7, 8), make_mcts_worksheets(7, 8)
    assert first == second
    assert first[0].html() == second[0].html()
    a, b = first
    assert [problem.kind for problem in a.problems] == [*MCTS_KINDS, *MCTS_KINDS]
    assert [problem.kind for problem in a.problems] == [problem.kind for problem in b.problems]
    assert all(x.exercise != y.exercise for x, y in zip(a.problems, b.problems, strict=True))
    assert make_mcts_worksheets(8, 8)[0] != a


def test_every_key_number_is_the_exercises_answer() -> None:
    for sheet in make_mcts_worksheets(3, 8):
        page = html.unescape(sheet.html())
        questions = html.unescape(sheet.html(key=False))
        for problem in sheet.problems:
            exercise = problem.exercise
            if isinstance(exercise, SelectionExercise):
                for value in exercise.ucb_values().values():
                    if not math.isinf(value):
                        assert f"<td>{decimal(value)}</td>" in page
                        assert f"<td>{decimal(value)}</td>" not in questions
                for name in exercise.selectable():
                    assert f'<tr class="asked"><td>{name}</td>' in page
                if problem.kind == "select-tie":
                    assert len(exercise.selectable()) == 2
                if problem.kind == "select-unvisited":
                    assert all(
                        child.visits == 0
                        for child in exercise.children
                        if child.name in exercise.selectable()
                    )
            else:
                assert isinstance(exercise, BackupExercise)
                for name, (visits, total) in exercise.solution().items():
                    node = exercise.by_name[name]
                    reward = total - node.total
                    row = (
                        f"<td>{name}</td><td>{node.chooser}</td>"
                        f"<td>({node.visits}, {format_signed(node.total)})</td>"
                        f"<td>{format_signed(reward)}</td>"
                        f"<td>({visits}, {format_signed(total)})</td>"
                    )
                    assert row in page and row not in questions


def test_the_command_line_writes_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["--topic", "mcts", "--seed", "5", "--count", "4", "--out", str(tmp_path), "--no-pdf"])
        == 0
    )
    assert (
        main(
            [
                "--topic",
                "mcts",
                "--seed",
                "5",
                "--count",
                "4",
                "--out",
                str(tmp_path),
                "--no-pdf",
                "--language",
                "ja",
            ]
        )
        == 0
    )
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == sorted(
        f"mcts-seed5-{version}{suffix}{language}.html"
        for version in "AB"
        for suffix in ("", "-questions")
        for language in ("", "-ja")
    )
    japanese = (tmp_path / "mcts-seed5-A-ja.html").read_text()
    assert '<html lang="ja">' in japanese and "問題 4" in japanese and "解答" in japanese
    assert "Problem" not in japanese
    printed = capsys.readouterr().out.split()
    assert len(printed) == 8


def test_student_ids_give_stable_distinct_homework() -> None:
    assert MctsHomework(" S1001 ").task1 == MctsHomework("s1001").task1
    tasks = [MctsHomework(f"s{number}") for number in range(1000, 1040)]
    assert len({homework.task1 for homework in tasks}) == 40
    assert len({homework.task3 for homework in tasks}) == 40
    situations = {
        "unvisited" if any(child.visits == 0 for child in homework.task2.children) else "tie"
        for homework in tasks
    }
    assert situations == {"unvisited", "tie"}
    with pytest.raises(ValueError, match="task must be"):
        tasks[0].check(4, "a")


@pytest.mark.skipif(
    pdf_tools_missing() is not None,
    reason=f"needs {pdf_tools_missing()}: apt-get install chromium poppler-utils "
    "(bash scripts/course.sh test installs them)",
)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_pdf_prints_problems_then_the_key(tmp_path: Path, language: str) -> None:
    sheets = make_mcts_worksheets(7, 4, ["A"])
    written = write_mcts_worksheets(sheets, tmp_path, language=language)
    pages = pages_text(written[1])
    problem, key = {"en": ("Problem", "Answer key"), "ja": ("問題", "解答")}[language]
    start = next(index for index, page in enumerate(pages) if key in page)
    assert start >= 1
    assert all(key not in page for page in pages[:start])
    for number in range(1, 5):
        assert any(f"{problem} {number}" in page for page in pages[:start])
        assert any(f"{problem} {number}" in page for page in pages[start:])
    questions = pages_text(written[3])
    assert all(key not in page for page in questions)
