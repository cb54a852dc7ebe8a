"""Worksheets: the same seed gives the same sheet, every key is PruningExercise's solution,
versions A and B are equally hard, and the PDF prints to readable pages with the key apart."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Collection, Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import INF
from gamelib.exercises import Convention, PruningExercise
from gamelib.language import Language, set_language, words
from gamelib.notation import format_bound, format_window
from gamelib.search.rules import alphabeta_by_rules
from gamelib.trace import Cutoff, Enter, record
from gamelib.trees import TEXTBOOK, parse_tree
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
from gamelib.worksheets import markup as worksheet_markup
from gamelib.worksheets import problems as worksheet_problems
from gamelib.worksheets import sheet as worksheet_sheet
from tests.helpers import JAPANESE

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
            numbered = [term for term in rows if re.fullmatch(r"Cut \d+", term)]
            assert len(numbered) == len(cuts)
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
    japanese = window_feedback(problem.exercise, problem.node, (alpha - 1, beta), language="ja")
    assert not japanese.correct  # asked for explicitly: all of it in Japanese, reason included
    assert not re.search(r"[A-Za-z]{3,}", re.sub("MAX|MIN", "", japanese.messages[0]))


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


# --------------------------------------------------------------------------- in Japanese

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
KEPT_IN_JAPANESE = {
    "MAX",
    "MIN",
    "fail",
    "hard",
    "soft",
    "gamelib",
    "worksheets",
    "PruningExercise",
}
"""The English words a Japanese sheet keeps: the players, fail-hard / fail-soft, and the
names of the code that made the key."""
NUMBER = re.compile(r"(?<![A-Za-z0-9.])[−-]?(?:\d+(?:\.\d+)?|∞)")
TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(?![A-Za-z0-9])")
WORD_MODULES = {
    "problems": worksheet_problems,
    "markup": worksheet_markup,
    "sheet": worksheet_sheet,
}


def facts(text: str, names: Collection[str]) -> tuple[list[str], list[str]]:
    """The numbers and the node names (of ``names``) a text states, sorted, repeats kept."""
    found_names = [token for token in TOKEN.findall(text) if token in names]
    return sorted(NUMBER.findall(text)), sorted(found_names)


def assert_same_facts(english: str, japanese: str, names: Collection[str]) -> None:
    """``japanese`` is Japanese where ``english`` has words, keeps only the allowed English
    words, and states the same numbers and node names as ``english``."""
    if ENGLISH_WORD.search(english):
        assert JAPANESE.search(japanese), f"not Japanese: {japanese!r} for {english!r}"
    left = set(ENGLISH_WORD.findall(japanese)) - KEPT_IN_JAPANESE - set(names)
    assert not left, f"English words {left} in {japanese!r}"
    assert facts(japanese, names) == facts(english, names), f"\n{english}\n{japanese}"


def page_texts(page: str) -> list[tuple[str, str]]:
    """(tag, text) of every heading, paragraph, key row and caption of a sheet's HTML, in
    order, the drawings left out."""
    page = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    return [
        (tag, html.unescape(re.sub(r"<[^>]+>", "", body)))
        for tag, body in re.findall(
            r"<(title|h1|h2|p|dt|dd|figcaption)\b[^>]*>(.*?)</\1>", page, flags=re.S
        )
    ]


def textbook_sheet() -> Worksheet:
    """A sheet of every question on the textbook trees (and one tree α-β prunes nothing of):
    window questions whose bounds are unset and set."""
    windows = PruningExercise(tree=TEXTBOOK["alpha-beta-windows"])
    aima = PruningExercise(tree=TEXTBOOK["aima-fig-5-2"])
    nothing_pruned = PruningExercise(tree=parse_tree("[[1, 2], [3, 4]]"))
    assert not nothing_pruned.solution.pruned
    problems = (
        Problem(1, "pruned", windows),
        Problem(2, "values", aima),
        Problem(3, "window", windows, "I"),
        Problem(4, "window", windows, "E"),
        Problem(5, "pruned", nothing_pruned),
        Problem(6, "window", aima, "C"),
    )
    return Worksheet(3, "A", Settings(), problems)


def test_every_sentence_of_a_sheet_comes_in_japanese_with_the_same_facts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used: set[tuple[str, str]] = set()
    for module_name, module in WORD_MODULES.items():

        def recording(
            texts: Mapping[Language, str], language: str | None, _module: str = module_name
        ) -> str:
            table = WORD_MODULES[_module].WORDS
            used.update((_module, name) for name, entry in table.items() if entry is texts)
            return words(texts, language)

        monkeypatch.setattr(module, "words", recording)
    sheet = textbook_sheet()
    names = {name for problem in sheet.problems for name in problem.exercise.nodes} | {"A"}
    english, japanese = sheet.html(language="en"), sheet.html(language="ja")
    assert english == sheet.html()  # English unless set
    assert english.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert japanese.startswith('<!DOCTYPE html>\n<html lang="ja">')
    english_texts, japanese_texts = page_texts(english), page_texts(japanese)
    assert [tag for tag, _ in japanese_texts] == [tag for tag, _ in english_texts]
    assert len(english_texts) > 40
    for (_, in_english), (_, in_japanese) in zip(english_texts, japanese_texts, strict=True):
        assert_same_facts(in_english, in_japanese, names)
    # the pruning-free tree's key says so; the window reasons name where each bound comes from
    assert ("dd", "なし") in japanese_texts and ("dd", "none") in english_texts
    at_i = sheet.problems[2].key(language="ja")
    assert at_i.window_reason == (
        "α = −∞：上にある MAX ノードはまだどれも値を持っていません。"
        "β = 3：A（MIN）がすでに持っている値です"
    )
    with pytest.raises(ValueError, match="探索は J に入りません：J は枝刈りされます"):
        Problem(1, "window", sheet.problems[0].exercise, "J").key(language="ja")
    # the students' copy: the same words up to the key
    questions = page_texts(sheet.html(key=False, language="ja"))
    assert questions == japanese_texts[: len(questions)]
    assert all(text != "解答（A 版）" for _, text in questions)
    expected = {
        (module_name, name) for module_name, module in WORD_MODULES.items() for name in module.WORDS
    }
    assert used == expected, f"never used: {expected - used}"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6), sizes, conventions)
def test_random_problems_say_the_same_in_both_languages(
    seed: int, number: int, size: tuple[int, int | tuple[int, int]], convention: Convention
) -> None:
    depth, branching = size
    problem = make_problem(seed, "A", number, Settings(depth, branching, convention))
    names = set(problem.exercise.nodes)
    assert_same_facts(problem.question(language="en"), problem.question(language="ja"), names)
    english, japanese = problem.key(language="en"), problem.key(language="ja")
    assert english == problem.key()
    assert (japanese.pruned, japanese.values, japanese.window) == (
        english.pruned,
        english.values,
        english.window,
    )
    assert len(japanese.cuts) == len(english.cuts) > 0
    for in_english, in_japanese in zip(english.cuts, japanese.cuts, strict=True):
        assert_same_facts(in_english, in_japanese, names)
    if problem.kind == "window":
        assert_same_facts(english.window_reason, japanese.window_reason, names)
        assert japanese.window_reason.count("。") == 1  # α's reason, then β's


def test_the_course_wide_language_makes_japanese_sheets(tmp_path: Path) -> None:
    sheet = textbook_sheet()
    english = sheet.html()
    set_language("ja")
    assert sheet.html() == sheet.html(language="ja") != english
    assert sheet.title() == "αβ法の枝刈り 演習プリント（A 版）"
    assert sheet.html(language="en") == english
    assert JAPANESE.search(sheet.problems[0].question())
    assert JAPANESE.search(sheet.rules())
    assert "子を左から右へ探索" in sheet.rules()  # the rules come in the sheet's language
    written = write_worksheets([sheet], tmp_path, pdf=False)
    assert [path.name for path in written] == [
        "pruning-seed3-d3-b2-ge-given-hard-A-ja.html",
        "pruning-seed3-d3-b2-ge-given-hard-A-questions-ja.html",
    ]
    assert written[0].read_text(encoding="utf-8") == sheet.html(language="ja")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        sheet.html(language="fr")


def test_the_command_line_writes_japanese_sheets_beside_the_english_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["--seed", "4", "--count", "2", "--versions", "A", "--out", str(tmp_path), "--no-pdf"]
    assert main(common) == 0
    assert main([*common, "--language", "ja"]) == 0
    printed = capsys.readouterr().out.split()
    assert [Path(path).name for path in printed] == [
        "pruning-seed4-d3-b2-ge-given-hard-A.html",
        "pruning-seed4-d3-b2-ge-given-hard-A-questions.html",
        "pruning-seed4-d3-b2-ge-given-hard-A-ja.html",
        "pruning-seed4-d3-b2-ge-given-hard-A-questions-ja.html",
    ]
    english, _, japanese, _ = (Path(path).read_text(encoding="utf-8") for path in printed)
    assert '<html lang="en">' in english and "Answer key — version A" in english
    assert '<html lang="ja">' in japanese and "解答（A 版）" in japanese
    assert "Answer key" not in japanese
    with pytest.raises(SystemExit):
        main([*common, "--language", "fr"])
    assert "invalid choice: 'fr'" in capsys.readouterr().err


@pytest.mark.skipif(
    pdf_tools_missing() is not None,
    reason=f"needs {pdf_tools_missing()}: apt-get install chromium poppler-utils "
    "(bash scripts/course.sh test installs them)",
)
def test_a_japanese_pdf_prints_problems_then_the_key(tmp_path: Path) -> None:
    sheets = make_worksheets(7, 6, Settings(), versions=["A"])
    written = write_worksheets(sheets, tmp_path, language="ja")
    assert [path.name for path in written] == [
        "pruning-seed7-d3-b2-ge-given-hard-A-ja.html",
        "pruning-seed7-d3-b2-ge-given-hard-A-ja.pdf",
        "pruning-seed7-d3-b2-ge-given-hard-A-questions-ja.html",
        "pruning-seed7-d3-b2-ge-given-hard-A-questions-ja.pdf",
    ]
    pdf = written[1]
    texts = pages_text(pdf)
    assert texts[0].lstrip().startswith("αβ法の枝刈り 演習プリント（A 版）")
    assert "氏名：" in texts[0] and "学籍番号：" in texts[0]
    key_start = next(i for i, text in enumerate(texts) if "解答（A 版）" in text)
    assert key_start > 0 and texts[key_start].lstrip().startswith("解答（A 版）")
    for number in range(1, 7):
        holding = [i for i in range(key_start) if f"問題 {number}\n" in texts[i]]
        assert len(holding) == 1, f"problem {number} is on pages {holding}"
        keyed = [i for i in range(key_start, len(texts)) if f"問題 {number} —" in texts[i]]
        assert len(keyed) == 1
    assert any("カット 1" in text for text in texts[key_start:])
    # the pages as pictures, for a person to look at: the kana and kanji must not be boxes
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    prefix = SCREENSHOTS / "worksheet-seed7-A-ja"
    for old in SCREENSHOTS.glob("worksheet-seed7-A-ja-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "70", "-png", pdf, prefix], check=True)
    images = sorted(SCREENSHOTS.glob("worksheet-seed7-A-ja-*.png"))
    assert len(images) == len(texts)
    from PIL import Image

    for image_path in images:
        with Image.open(image_path) as image:
            width, height = image.size
            assert abs(width / height - 210 / 297) < 0.01, "A4 pages"


@pytest.mark.parametrize(
    ("language", "numbered", "last_child", "nothing_left"),
    [
        ("en", "Cut {}", "Cut at the last child (prunes nothing)", "nothing is left to prune"),
        ("ja", "カット {}", "最後の子でのカット（枝刈りなし）", "枝刈りされるものは残っていません"),
    ],
)
def test_a_cut_at_the_last_child_is_listed_as_one_that_prunes_nothing(
    language: str, numbered: str, last_child: str, nothing_left: str
) -> None:
    """On the textbook tree, cutting only on >, the search cuts at D (J pruned) and at F,
    whose cutting child is its last: the key numbers only the cut that prunes, and lists F's
    as a cut at the last child that prunes nothing, in both languages."""
    exercise = PruningExercise(
        tree=TEXTBOOK["alpha-beta-windows"], convention=Convention(cutoff=">")
    )
    cutoffs = [event for event in exercise.trace.events if isinstance(event, Cutoff)]
    assert [(event.node, event.skipped) for event in cutoffs] == [("D", ("J",)), ("F", ())]
    problem = Problem(1, "pruned", exercise)
    key = problem.key(language=language)
    assert len(key.cuts) == 1 and "J" in key.cuts[0] and nothing_left not in key.cuts[0]
    assert len(key.last_child_cuts) == 1 and nothing_left in key.last_child_cuts[0]
    assert key.last_child_cuts[0].startswith({"en": "at F (MAX)", "ja": "F（MAX）で"}[language])
    rows = re.findall(
        r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>",
        worksheet_markup.key_html(problem, language=language),
        re.S,
    )
    terms = [html.unescape(term) for term, _ in rows]
    assert numbered.format(1) in terms and numbered.format(2) not in terms
    assert terms.count(last_child) == 1
    assert nothing_left in html.unescape(dict(rows)[html.escape(last_child)])
