"""The lecturer's class view (gamelib.mastery.classview, ``bash scripts/course.sh progress``):
a folder of generated progress files, with a tampered one, a duplicate, an older export of a
student, a file that is not JSON and one of another version, read in both languages.

The files are written with :func:`gamelib.mastery.export_record`, byte for byte what the
trainer's ``exportProgress`` writes (tests/test_mastery.py compares the two).
"""

from __future__ import annotations

import ast
import csv
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from gamelib.mastery import SKILLS, export_record, read_class, skill_name, standing
from gamelib.mastery.__main__ import main
from gamelib.mastery.classview import SMALLEST_TEXT
from gamelib.mastery.progress import FORMAT, VERSION

STUDENTS = 5


def progress(student: str, attempts: int, seed: int) -> dict[str, Any]:
    """A record of ``attempts`` first tries; the student misses deep cutoffs more often the
    higher ``seed`` (so the class's hardest skill is known: deep cutoffs)."""
    generator = random.Random(seed)
    made = []
    for index in range(attempts):
        skills = generator.sample(SKILLS, generator.randint(2, 6))
        outcomes = {}
        for skill in skills:
            parts = generator.randint(1, 3)
            right = generator.random() < (0.1 if skill == "deep_cutoff" else 0.8)
            outcomes[skill] = [parts if right else generator.randint(0, parts - 1), parts]
        start = {skill: round(generator.uniform(-1.5, 0.5), 3) for skill in skills}
        made.append(
            {
                "exercise": f"seed={index}&depth=4&branching=2&cutoff=ge&order=given&failure=hard",
                "at": 1_700_000_000_000 + 60_000 * index,
                "rated": 1,
                "shown": 0,
                "outcomes": outcomes,
                "start": start,
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "student": student,
        "created": 0,
        "attempts": made,
    }


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for index in range(STUDENTS):
        text = export_record(progress(f"student-{index}", 20 + index, index))
        (tmp_path / f"s{index}.json").write_text(text, "utf-8")
    # a duplicate of s1, an older export of s2 (fewer attempts), a tampered copy of s3
    (tmp_path / "s1_copy.json").write_text((tmp_path / "s1.json").read_text("utf-8"), "utf-8")
    (tmp_path / "s2_old.json").write_text(export_record(progress("student-2", 10, 2)), "utf-8")
    tampered = json.loads(export_record(progress("student-9", 12, 9)))
    tampered["body"] = tampered["body"].replace('"student":"', '"student":"x', 1)
    (tmp_path / "s9-tampered.json").write_text(json.dumps(tampered), "utf-8")
    (tmp_path / "notes.json").write_text("this is not JSON", "utf-8")
    old = json.loads(export_record(progress("student-8", 5, 8)))
    old["version"] = 0
    (tmp_path / "s8-old-version.json").write_text(json.dumps(old), "utf-8")
    (tmp_path / "readme.txt").write_text("not a .json file: not read", "utf-8")
    return tmp_path


def test_files_left_out_are_named_with_their_reason(folder: Path) -> None:
    view = read_class(folder)
    assert sorted(view.records) == [f"s{index}.json" for index in range(STUDENTS)]
    reasons = {item.file: item for item in view.left_out}
    assert set(reasons) == {
        "s1_copy.json",
        "s2_old.json",
        "s9-tampered.json",
        "notes.json",
        "s8-old-version.json",
    }
    assert reasons["s1_copy.json"].reason(language="en") == "a duplicate of s1.json"
    assert reasons["s1_copy.json"].reason(language="ja") == "s1.json と同じ内容です"
    assert "the same student as s2.json" in reasons["s2_old.json"].reason(language="en")
    assert "tampered" in reasons["s9-tampered.json"].reason(language="en")
    assert "改ざん" in reasons["s9-tampered.json"].reason(language="ja")
    assert reasons["notes.json"].key == "not_json"
    assert "version 0" in reasons["s8-old-version.json"].reason(language="en")
    text = view.text(language="en")
    assert all(name in text for name in reasons)


def test_the_older_export_goes_whichever_comes_first(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(export_record(progress("x", 30, 1)), "utf-8")
    (tmp_path / "b.json").write_text(export_record(progress("x", 10, 1)), "utf-8")
    (tmp_path / "c.json").write_text(export_record(progress("y", 3, 2)), "utf-8")
    (tmp_path / "d.json").write_text(export_record(progress("y", 9, 2)), "utf-8")
    view = read_class(tmp_path)
    assert sorted(view.records) == ["a.json", "d.json"]
    assert {(item.file, item.detail) for item in view.left_out} == {
        ("b.json", "a.json"),
        ("c.json", "d.json"),
    }


def test_table_holds_each_students_standing(folder: Path) -> None:
    view = read_class(folder)
    rows = view.rows(language="en")
    assert len(rows) == 1 + STUDENTS and len(rows[0]) == 2 + 3 * len(SKILLS)
    for row in rows[1:]:
        index = int(row[1][1])
        expected = standing(progress(f"student-{index}", 20 + index, index)["attempts"])
        assert row[0] == f"student-{index}"
        for position, skill in enumerate(SKILLS):
            rating, right, tries = row[2 + 3 * position : 5 + 3 * position]
            mine = expected[skill]
            assert (rating, right, tries) == (
                (f"{mine.rating:.2f}", str(mine.right), str(mine.count))
                if mine.count
                else ("", "", "")
            )


def test_hardest_skills_and_chart(folder: Path) -> None:
    view = read_class(folder)
    hardest = view.hardest()
    means = [summary.mean_rating for summary in hardest]
    assert means == sorted(means)
    assert hardest[0].skill == "deep_cutoff"  # missed nine times in ten by every student
    for summary in hardest:
        records = view.records.values()
        tried = [record.skills[summary.skill] for record in records]
        tried = [each for each in tried if each.count]
        assert summary.tries == sum(each.count for each in tried)
        assert summary.right == sum(each.right for each in tried)
        assert summary.mean_rating == pytest.approx(sum(each.rating for each in tried) / len(tried))
        assert summary.mean_sd == pytest.approx(
            sum(each.sd**2 for each in tried) ** 0.5 / len(tried)
        )
    for language in ("en", "ja"):
        svg = view.chart(language=language).svg
        assert svg.startswith("<svg")
        for summary in hardest:
            assert skill_name(summary.skill, language=language) in svg
    html = view.html(language="ja")
    assert "クラスが苦手とするスキル" in html and "深いカット" in html


def test_hardest_ranks_by_mean_rating_where_the_share_disagrees(tmp_path: Path) -> None:
    """Right-to-left order with six parts a try, one part missed in every second try (one
    part in twelve), against a shallow cutoff of one part a try, missed in three tries of ten:
    the share calls right-to-left order the harder, the mean rating the shallow cutoff."""
    for index in range(3):
        made = []
        for number in range(30):
            missed_one = number % 2 == 0
            outcomes = {
                "right_to_left": [5 if missed_one else 6, 6],
                "shallow_cutoff": [0 if number % 10 < 3 else 1, 1],
            }
            made.append(
                {
                    "exercise": f"seed={number}&depth=4&branching=2&cutoff=ge&order=reversed"
                    "&failure=hard",
                    "at": 1_700_000_000_000 + 60_000 * number,
                    "rated": 1,
                    "shown": 0,
                    "outcomes": outcomes,
                    "start": dict.fromkeys(outcomes, -1.0),
                }
            )
        record = {
            "format": FORMAT,
            "version": VERSION,
            "student": f"student-{index}",
            "created": 0,
            "attempts": made,
        }
        (tmp_path / f"s{index}.json").write_text(export_record(record), "utf-8")
    view = read_class(tmp_path)
    by_share = sorted(view.hardest(), key=lambda summary: summary.share or 0.0)
    assert [summary.skill for summary in by_share] == ["right_to_left", "shallow_cutoff"]
    assert [summary.skill for summary in view.hardest()] == ["shallow_cutoff", "right_to_left"]
    lines = view.text(language="en").splitlines()
    assert lines[2].endswith("a shallow cutoff") and lines[3].endswith("right-to-left order")
    assert "45/90" in lines[3] and "63/90" in lines[2]


def test_csv_in_both_languages(folder: Path, tmp_path: Path) -> None:
    view = read_class(folder)
    for language in ("en", "ja"):
        path = view.write_csv(tmp_path / f"class-{language}.csv", language=language)
        assert path.read_bytes().startswith(b"\xef\xbb\xbf")
        with path.open(encoding="utf-8-sig", newline="") as handle:
            assert list(csv.reader(handle)) == view.rows(language=language)
    assert view.rows(language="ja")[0][0] == "学生"


def test_the_command(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table, chart = tmp_path / "out.csv", tmp_path / "out.svg"
    assert main([str(folder), "--csv", str(table), "--chart", str(chart), "--language", "ja"]) == 0
    printed = capsys.readouterr().out
    assert "クラスが苦手とするスキル" in printed and "s9-tampered.json" in printed
    assert table.exists() and chart.read_text("utf-8").startswith("<svg")
    with pytest.raises(SystemExit):
        main([str(tmp_path / "missing")])


def test_course_sh_runs_the_command() -> None:
    script = (Path(__file__).resolve().parents[1] / "scripts" / "course.sh").read_text("utf-8")
    case = re.search(r"\n  progress\)\n(.*?);;", script, re.S)
    assert case is not None and "-m gamelib.mastery" in case.group(1)


def test_the_chart_is_never_shown_with_text_below_12_pixels(folder: Path) -> None:
    svg = read_class(folder).chart(language="ja").svg
    head = svg[: svg.index(">")]
    found = re.search(r'width="([\d.]+)".*min-width:(\d+)px', head)
    assert found is not None, head
    natural, least = float(found[1]), int(found[2])
    smallest = min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg))
    assert smallest * least / natural >= SMALLEST_TEXT == 12
    assert least <= 640  # a laptop's column holds it; a phone's scrolls it sideways


def test_a_class_view_prints_short(folder: Path) -> None:
    view = read_class(folder)
    assert (
        repr(view) == f"<ClassView: {len(view.records)} files read, {len(view.left_out)} left out>"
    )


NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def taught_in(notebook: Path) -> dict[str, str]:
    """The class view notebook's ``TAUGHT_IN`` table, read from its code (not run)."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith("TAUGHT_IN = "):
            statement = ast.parse(source).body[0]
            assert isinstance(statement, ast.Assign)
            table: dict[str, str] = ast.literal_eval(statement.value)
            return table
    raise AssertionError(f"{notebook.name} has no TAUGHT_IN cell")


@pytest.mark.parametrize("edition", [NOTEBOOKS, NOTEBOOKS / "ja"], ids=["en", "ja"])
def test_the_class_view_notebook_names_sections_that_exist(edition: Path) -> None:
    table = taught_in(edition / "class_view.ipynb")
    assert set(table) == set(SKILLS)
    for skill, place in table.items():
        found = re.fullmatch(r"(\d\d) § (\d+)", place)
        assert found is not None, (skill, place)
        (notebook,) = edition.glob(f"{found[1]}_*.ipynb")
        headings = [
            line
            for cell in json.loads(notebook.read_text("utf-8"))["cells"]
            if cell["cell_type"] == "markdown"
            for line in "".join(cell["source"]).splitlines()
        ]
        assert any(line.startswith(f"## {found[2]}. ") for line in headings), (skill, place)


def test_the_tables_scrolling_box_is_reachable_by_keyboard(folder: Path) -> None:
    page = read_class(folder).html(language="en")
    box = re.search(r"<div style='overflow-x:auto'([^>]*)><table>", page)
    assert box is not None and "tabindex='0'" in box[1] and "role='region'" in box[1]
    assert "aria-label='5 students × 9 skills" in box[1]
