"""Worksheets: the same seed gives the same sheet, every key is PruningExercise's solution,
versions A and B are equally hard, and the PDF prints to readable pages with the key apart."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import INF
from gamelib.exercises import Convention, PruningExercise
from gamelib.notation import format_bound, format_window
from gamelib.search.rules import alphabeta_by_rules
from gamelib.trace import Cutoff, Enter, record
from gamelib.trees import TEXTBOOK
from gamelib.worksheets import (
    KINDS,
    PersonalHomework,
    Problem,
    Settings,
    Worksheet,
    main,
    make_problem,
    make_worksheets,
    normalise_student_id,
    print_pdf,
    stable_seed,
    window_feedback,
    write_worksheets,
)

SCREENSHOTS = Path(__file__).resolve().parent / "browser" / "screenshots"
conventions = st.builds(
    Convention,
    cutoff=st.sampled_from([">=", ">"]),
    order=st.sampled_from(["given", "reversed"]),
    failure=st.sampled_from(["hard", "soft"]),
)
sizes = st.sampled_from([(2, 2), (3, 2), (3, 3), (4, 2), (3, (2, 3)), (5, 2)])


def fresh_exercise(sheet: Worksheet, index: int) -> PruningExercise:
    """The problem's exercise made again from its seed and the sheet's settings."""
    problem = sheet.problems[index]
    settings = sheet.settings
    return PruningExercise(
        problem.exercise.seed, settings.depth, settings.branching, settings.convention
    )


def key_sections(page: str) -> dict[int, dict[str, str]]:
    """Problem number → {term: text} of every answer-key section of a sheet's HTML."""
    sections = {}
    for number, body in re.findall(
        r'<section class="key[^"]*"><h2>Problem (\d+) — .*?</h2>(.*?)</section>', page, re.S
    ):
        rows = re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", body, re.S)
        sections[int(number)] = {html.unescape(t): html.unescape(d) for t, d in rows}
    return sections


# --------------------------------------------------------------------------- the same sheet


def test_the_same_seed_gives_the_same_sheet_and_another_seed_another() -> None:
    settings = Settings(3, 2, Convention(cutoff=">", failure="soft"))
    first = make_worksheets(11, 4, settings)
    again = make_worksheets(11, 4, settings)
    assert [sheet.html() for sheet in first] == [sheet.html() for sheet in again]
    other = make_worksheets(12, 4, settings)
    assert [p.exercise.tree for p in first[0].problems] != [
        p.exercise.tree for p in other[0].problems
    ]


def test_problem_seeds_are_fixed_numbers_not_python_hash() -> None:
    # the first 8 bytes of SHA-256 of "worksheet/7/A/1/0", the same on every machine
    assert stable_seed("worksheet", 7, "A", 1, 0) == 8332404557651049989


def test_the_sheet_is_the_same_under_another_python_hash_seed(tmp_path: Path) -> None:
    pages = []
    for hash_seed in ("1", "2"):
        folder = tmp_path / hash_seed
        subprocess.run(
            [sys.executable, "-m", "gamelib.worksheets", "--seed", "9", "--count", "3",
             "--versions", "A", "--out", str(folder), "--no-pdf"],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )  # fmt: skip
        [page] = folder.glob("*-A.html")
        pages.append(page.read_text())
    assert pages[0] == pages[1]


def test_questions_cycle_through_the_kinds_asked_for() -> None:
    [sheet] = make_worksheets(3, 5, Settings(kinds=("window", "pruned")), versions=["A"])
    assert [p.kind for p in sheet.problems] == ["window", "pruned", "window", "pruned", "window"]
    [sheet] = make_worksheets(3, 3, versions=["A"])
    assert [p.kind for p in sheet.problems] == list(KINDS)


# --------------------------------------------------------------------------- the key


@pytest.mark.parametrize(
    "convention",
    [Convention(), Convention(">", "reversed", "soft"), Convention(">=", "given", "soft")],
    ids=str,
)
def test_the_key_in_the_html_is_pruning_exercises_solution(convention: Convention) -> None:
    for sheet in make_worksheets(5, 6, Settings(3, 2, convention)):
        page = sheet.html()
        keys = key_sections(page)
        assert sorted(keys) == list(range(1, 7))
        assert page.index("Answer key") > page.rindex('<section class="problem')
        for index, problem in enumerate(sheet.problems):
            exercise = fresh_exercise(sheet, index)
            assert exercise.tree == problem.exercise.tree
            rows = keys[problem.number]
            pruned = [leaf for leaf in exercise.leaf_names if leaf in exercise.solution.pruned]
            assert rows["Pruned leaves"] == (", ".join(pruned) or "none")
            returned = exercise.trace.returned()
            values = [
                f"{name} {format_bound(exercise.solution.values[name], returned[name][1])}"
                for name in exercise.nodes
                if name in exercise.solution.values
            ]
            assert rows["Returned values"] == ", ".join(values)
            cuts = [e for e in exercise.trace.events if isinstance(e, Cutoff) and e.skipped]
            assert sum(term.startswith("Cut ") for term in rows) >= len(cuts)
            if problem.kind == "window":
                assert problem.node is not None
                run = record(
                    alphabeta_by_rules,
                    exercise.tree,
                    cutoff=convention.cutoff,
                    failure=convention.failure,
                    order=convention.order,
                )
                entry = next(w for w in run.windows() if w[0] == problem.node)
                window = rows[f"Window of {problem.node}"]
                assert window.startswith(format_window(entry[1], entry[2]) + " — ")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6), sizes, conventions)
def test_every_key_is_the_exercises_solution(
    seed: int, number: int, size: tuple[int, int | tuple[int, int]], convention: Convention
) -> None:
    depth, branching = size
    problem = make_problem(seed, "A", number, Settings(depth, branching, convention))
    exercise = PruningExercise(problem.exercise.seed, depth, branching, convention)
    key = problem.key()
    assert set(key.pruned) == exercise.solution.pruned and key.pruned
    assert {name: value for name, value, _ in key.values} == dict(exercise.solution.values)
    if problem.kind == "window":
        assert problem.node is not None and key.window is not None
        enter = next(
            e for e in exercise.trace.events if isinstance(e, Enter) and e.node == problem.node
        )
        assert key.window == (enter.alpha, enter.beta)
        assert key.window != (-INF, INF) and enter.parent is not None


def test_a_window_reason_names_the_nodes_the_bounds_come_from() -> None:
    exercise = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"])
    at_i = Problem(1, "window", exercise, "I").key()
    assert at_i.window == (-INF, 3)
    assert at_i.window_reason == (
        "α = −∞: no MAX node above has a value yet; β = 3: what A (MIN) already has"
    )
    at_e = Problem(1, "window", exercise, "E").key()
    assert at_e.window == (3, INF)
    assert at_e.window_reason.startswith("α = 3: what R (MAX) already has; β = ∞")
    with pytest.raises(ValueError, match="never enters J: it is pruned"):
        Problem(1, "window", exercise, "J").key()


# --------------------------------------------------------------------------- A and B


@pytest.mark.parametrize(
    ("seed", "depth", "branching", "convention"),
    [
        (1, 3, 2, Convention()),
        (2, 3, 3, Convention(">", "reversed", "hard")),
        (3, 4, 2, Convention(">=", "given", "soft")),
        (4, 3, (2, 3), Convention(">", "given", "soft")),
    ],
)
def test_versions_a_and_b_have_different_trees_and_answers_of_equal_difficulty(
    seed: int, depth: int, branching: int | tuple[int, int], convention: Convention
) -> None:
    first, second = make_worksheets(seed, 6, Settings(depth, branching, convention))
    assert (first.version, second.version) == ("A", "B")
    for a, b in zip(first.problems, second.problems, strict=True):
        assert a.exercise.tree != b.exercise.tree
        assert a.difficulty == b.difficulty
        # and the answers differ: a neighbour with the other version does not help
        assert a.answer() != b.answer()
        if a.kind == "pruned":
            assert set(a.key().pruned) != set(b.key().pruned)
        # the difficulty is what it says: counted again from the exercises
        for problem in (a, b):
            exercise = problem.exercise
            assert problem.difficulty.leaves == len(exercise.tree.leaves())
            assert problem.difficulty.pruned_leaves == len(exercise.solution.pruned) > 0
            assert problem.difficulty.cutoffs == sum(
                isinstance(e, Cutoff) and bool(e.skipped) for e in exercise.trace.events
            )


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"depth": 0}, "depth must be from 1 to 6"),
        ({"depth": 7}, "depth must be from 1 to 6"),
        ({"branching": 1}, "branching must be from 2 to 4"),
        ({"branching": (3, 2)}, "branching must be from 2 to 4"),
        ({"depth": 4, "branching": 3}, "at most 32 print readably"),
        ({"kinds": ("which",)}, "kinds must be some of pruned, values, window"),
        ({"kinds": ()}, "kinds must be some of"),
    ],
)
def test_bad_settings_are_refused_with_a_reason(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Settings(**arguments)  # type: ignore[arg-type]


def test_bad_counts_and_versions_are_refused() -> None:
    with pytest.raises(ValueError, match="count must be from 1 to 30"):
        make_worksheets(1, 0)
    for versions in (["A", "A"], [], ["A", "../B"]):
        with pytest.raises(ValueError, match="versions must be distinct names"):
            make_worksheets(1, 2, versions=versions)


def test_the_command_line_writes_html_and_prints_the_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["--seed", "4", "--count", "2", "--cutoff", ">", "--out", str(tmp_path), "--no-pdf"]
    )
    assert code == 0
    printed = capsys.readouterr().out.split()
    assert [Path(path).name for path in printed] == [
        "pruning-seed4-d3-b2-gt-given-hard-A.html",
        "pruning-seed4-d3-b2-gt-given-hard-A-questions.html",
        "pruning-seed4-d3-b2-gt-given-hard-B.html",
        "pruning-seed4-d3-b2-gt-given-hard-B-questions.html",
    ]
    assert all(Path(path).is_absolute() for path in printed)
    with_key, questions = (html.unescape(Path(path).read_text()) for path in printed[:2])
    assert "cut on value > β (strictly)" in with_key and "Answer key — version A" in with_key
    assert "Answer key" not in questions and "Pruned leaves</dt>" not in questions
    assert questions.count("<h2>Problem ") == 2
    assert main(["--depth", "9", "--out", str(tmp_path), "--no-pdf"]) == 1
    assert "depth must be from 1 to 6" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--kinds", "leaves"])


# --------------------------------------------------------------------------- homework helpers


def test_window_answers_are_checked_and_explained() -> None:
    problem = make_problem(7, "A", 3, Settings())
    assert problem.node is not None
    window = problem.key().window
    assert window is not None
    alpha, beta = window
    assert window_feedback(problem.exercise, problem.node, (alpha, beta)).correct
    as_text = [format_window(alpha, beta).strip("()").split(", ")[i] for i in (0, 1)]
    assert window_feedback(problem.exercise, problem.node, as_text).correct
    wrong = window_feedback(problem.exercise, problem.node, (alpha - 1, beta))
    assert not wrong.correct
    assert wrong.messages[0].startswith(f"{problem.node} is entered with ")
    for malformed in (None, "(1, 2)", (1,), ("one", 2), (True, 2)):
        feedback = window_feedback(problem.exercise, problem.node, malformed)
        assert not feedback.correct and feedback.messages


def test_student_ids_give_stable_distinct_trees() -> None:
    first, again = PersonalHomework(" S1234 "), PersonalHomework("s1234")
    assert first.task1.tree == again.task1.tree and first.task3_node == again.task3_node
    others = [PersonalHomework(f"s{number}") for number in range(1235, 1245)]
    assert all(other.task1.tree != first.task1.tree for other in others)
    assert len({other.task2.tree for other in others}) == len(others)
    assert normalise_student_id(" Ab1 ") == "ab1"
    # task 3's drawing outlines its node thickly, and no other
    thick = [line for line in first.drawing(3).source.splitlines() if "penwidth=4.5" in line]
    assert len(thick) == 1 and f"tooltip={first.task3_node}" in thick[0]
    assert "penwidth=4.5" not in first.drawing(1).source
    with pytest.raises(ValueError, match="task must be 1, 2 or 3"):
        first.drawing(4)
    for bad in ("", "   ", None, 12):
        with pytest.raises(ValueError, match="student ID must be a non-empty string"):
            PersonalHomework(bad)


def test_under_autograding_the_id_must_be_the_submitters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "autograded" / "s42" / "homework"
    folder.mkdir(parents=True)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert PersonalHomework("S42").student_id == "s42"
    with pytest.raises(ValueError, match="submitted by 's42'"):
        PersonalHomework("s41")


# --------------------------------------------------------------------------- the PDF


def pdf_tools_missing() -> str | None:
    missing = [tool for tool in ("chromium", "pdftoppm", "pdftotext") if not shutil.which(tool)]
    return ", ".join(missing) or None


def pages_text(pdf: Path) -> list[str]:
    """The text of every page of ``pdf`` (poppler's pdfinfo and pdftotext)."""
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    match = re.search(r"Pages:\s+(\d+)", info)
    assert match is not None, info
    return [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(page), "-l", str(page), pdf, "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for page in range(1, int(match[1]) + 1)
    ]


@pytest.mark.skipif(
    pdf_tools_missing() is not None,
    reason=f"needs {pdf_tools_missing()}: apt-get install chromium poppler-utils "
    "(bash scripts/course.sh test installs them)",
)
def test_the_pdf_prints_problems_then_the_key_on_separate_pages(tmp_path: Path) -> None:
    sheets = make_worksheets(7, 6, Settings())
    written = write_worksheets(sheets, tmp_path)
    assert [path.name.removeprefix("pruning-seed7-d3-b2-ge-given-hard-") for path in written] == [
        "A.html", "A.pdf", "A-questions.html", "A-questions.pdf",
        "B.html", "B.pdf", "B-questions.html", "B-questions.pdf",
    ]  # fmt: skip
    pdf = written[1]
    texts = pages_text(pdf)
    pages = len(texts)
    key_start = next(i for i, text in enumerate(texts) if "Answer key — version A" in text)
    assert key_start > 0, "the problems come first"
    assert texts[key_start].lstrip().startswith("Answer key"), "the key starts a new page"
    assert not any("Pruned leaves " in text or "Cut 1" in text for text in texts[:key_start])
    for number in range(1, 7):
        # each problem whole on one page: its heading and its question on the same page
        holding = [i for i in range(key_start) if f"Problem {number}\n" in texts[i]]
        assert len(holding) == 1, f"problem {number} is on pages {holding}"
        question = sheets[0].problems[number - 1].question().split()[0:4]
        assert " ".join(question) in " ".join(texts[holding[0]].split())
        keyed = [i for i in range(key_start, pages) if f"Problem {number} —" in texts[i]]
        assert len(keyed) == 1
    # two problems to a page at this size (not one per page: too sparse), and the key at most
    # a page per problem
    assert key_start == 3 and pages - key_start <= 6
    # the students' copy is the problem pages alone, page for page
    questions = pages_text(written[3])
    assert [" ".join(text.split()) for text in questions] == [
        " ".join(text.split()) for text in texts[:key_start]
    ]
    # the pages as pictures, kept for a person to look at (tests/browser/screenshots, ignored)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    prefix = SCREENSHOTS / "worksheet-seed7-A"
    for old in SCREENSHOTS.glob("worksheet-seed7-A-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "70", "-png", pdf, prefix], check=True)
    images = sorted(SCREENSHOTS.glob("worksheet-seed7-A-*.png"))
    assert len(images) == pages
    from PIL import Image

    for image_path in images:
        with Image.open(image_path) as image:
            gray = image.convert("L")
            width, height = gray.size
            assert abs(width / height - 210 / 297) < 0.01, "A4 pages"
            dark = sum(gray.histogram()[:128])
            assert dark > 0.002 * width * height, f"{image_path.name} is almost blank"


def test_print_pdf_says_how_to_get_chromium(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="apt-get install chromium"):
        print_pdf(tmp_path / "a.html", tmp_path / "a.pdf")
