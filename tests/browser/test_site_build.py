"""The website's build steps without a browser: glossary terms, the homework's student
version, the repository URL of the launch buttons (site/build.py, site/_ext/course_site.py).

These need the website's packages (requirements-site.txt), so they run in the `site` lane."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.browser.conftest import REPOSITORY

pytestmark = pytest.mark.browser


def load(path: Path, name: str) -> ModuleType:
    """A module of site/ by its path (``site`` itself is the name of a standard module)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build = load(REPOSITORY / "site" / "build.py", "course_site_build")
extension = load(REPOSITORY / "site" / "_ext" / "course_site.py", "course_site_extension")


def test_english_terms_split_alternatives_and_drop_explanations() -> None:
    assert extension.english_terms("α-cutoff / β-cutoff (defined below)") == [
        "α-cutoff",
        "β-cutoff",
    ]
    assert extension.english_terms("nega-alpha: α-β in negamax form (one bound)") == ["nega-alpha"]
    assert extension.english_terms("search window (α, β)") == ["search window"]


def test_every_glossary_row_gets_its_own_anchor_and_common_words_are_not_linked() -> None:
    anchors, terms = extension.read_terms(REPOSITORY)
    rows = extension.glossary_rows(REPOSITORY / "notebooks" / "glossary.ipynb")
    assert len(anchors) == len(rows) == len(set(anchors))
    words = {term.words for term in terms}
    assert {"negamax", "transposition table", "horizon effect"} <= words
    assert not words & extension.GENERIC_TERMS
    pattern = extension.term_pattern(terms)
    assert pattern.search("the negamax form").group(1) == "negamax"
    assert pattern.search("in negamaxed form") is None  # whole words only


def test_the_student_version_hides_the_solutions_and_keeps_the_checks() -> None:
    student = build.student_version(build.HOMEWORK.read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in student["cells"]]
    text = "\n".join(sources)
    assert "BEGIN SOLUTION" not in text and '"AD", "AE"' not in text
    code = "\n".join(
        source
        for source, cell in zip(sources, student["cells"], strict=True)
        if cell["cell_type"] == "code"
    )
    assert code.count("raise NotImplementedError()") == 4
    graded = [
        cell
        for cell in student["cells"]
        if cell["metadata"].get("nbgrader", {}).get("grade")
        or cell["metadata"].get("nbgrader", {}).get("solution")
    ]
    assert len(graded) == 8  # four answers, four checks
    assert all(
        {"raises-exception", "remove-output"} <= set(cell["metadata"]["tags"]) for cell in graded
    )
    ids = [cell["id"] for cell in student["cells"]]
    assert len(ids) == len(set(ids)) and "student version" in sources[1]
    json.dumps(student)  # it is plain JSON


def test_the_repository_url_comes_from_the_environment_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COURSE_REPOSITORY_URL", "https://github.com/someone/course.git")
    assert build.repository_url() == ("https://github.com/someone/course", False)


JAPANESE_GLOSSARY = REPOSITORY / "notebooks" / "ja" / "glossary.ipynb"


def test_japanese_terms_take_the_alternatives_in_full_width_brackets() -> None:
    assert extension.japanese_terms("限界値（下限値 / 上限値）") == ["限界値", "下限値", "上限値"]
    assert extension.japanese_terms("水平線効果（地平線効果とも）") == ["水平線効果", "地平線効果"]
    assert extension.japanese_terms("αβ法（アルファベータ法、アルファ・ベータ法）") == [
        "αβ法",
        "アルファベータ法",
        "アルファ・ベータ法",
    ]
    assert extension.japanese_terms("MTD(f)") == ["MTD(f)"]  # ASCII brackets belong to the name


def test_the_japanese_glossary_links_its_own_terms_under_the_english_anchors(
    tmp_path: Path,
) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "glossary.ipynb").write_bytes(JAPANESE_GLOSSARY.read_bytes())
    anchors, terms = extension.read_terms(tmp_path, "ja")
    rows = extension.glossary_rows(JAPANESE_GLOSSARY)
    assert len(anchors) == len(rows) == len(set(anchors))
    by_words = {term.words: term.anchor for term in terms}
    english_anchors, _ = extension.read_terms(REPOSITORY, "en")
    # the same anchor for the same term in both books
    assert by_words["ネガマックス法"] == "term-negamax" and "term-negamax" in english_anchors
    assert by_words["置換表"] == by_words["トランスポジションテーブル"]
    assert "手" not in by_words and "探索" not in by_words  # too short or too common
    pattern = extension.term_pattern(terms, "ja")
    found = pattern.findall("まずヌルウィンドウ探索をして、αβ法の MTD(f) と PVS を比べます")
    assert found == ["ヌルウィンドウ探索", "αβ法", "MTD(f)", "PVS"]  # the longest term wins
    assert pattern.search("PVSearch") is None  # not inside a word of Latin letters
    with pytest.raises(ValueError, match="language"):
        extension.read_terms(tmp_path, "fr")


def test_a_page_has_a_twin_of_the_same_name_or_the_home_page(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "03_alphabeta.ipynb").write_text("{}")
    (tmp_path / "run.md").write_text("# run")
    assert extension.twin_page("notebooks/03_alphabeta", tmp_path) == "notebooks/03_alphabeta"
    assert extension.twin_page("run", tmp_path) == "run"
    assert extension.twin_page("search", tmp_path) == "search"  # written by Sphinx in both
    assert extension.twin_page("notebooks/99_missing", tmp_path) == "index"


def test_japanese_pages_run_the_japanese_notebooks() -> None:
    assert extension.edition_path("notebooks/03_alphabeta", "ja") == "ja/03_alphabeta.ipynb"
    assert (
        extension.edition_path("notebooks/exercises/pruning_homework", "ja")
        == "ja/exercises/pruning_homework.ipynb"
    )
    buttons = [
        {
            "label": "launch-buttons",
            "buttons": [
                {
                    "url": "https://mybinder.org/v2/gh/a/b/main?urlpath=lab/tree/notebooks/04_x.ipynb"
                },
                {
                    "url": "https://colab.research.google.com/github/a/b/blob/main/notebooks/04_x.ipynb"
                },
            ],
        },
        {"label": "download-buttons", "buttons": [{"url": "notebooks/04_x.ipynb"}]},
    ]
    extension.japanese_launch_buttons(buttons)
    urls = [button["url"] for button in buttons[0]["buttons"]]
    assert all(url.endswith("/notebooks/ja/04_x.ipynb") for url in urls)
    assert buttons[1]["buttons"][0]["url"] == "notebooks/04_x.ipynb"  # only the launch buttons
    extension.japanese_launch_buttons(buttons)  # a second time changes nothing
    assert [button["url"] for button in buttons[0]["buttons"]] == urls


def test_both_books_stage_the_same_pages() -> None:
    english, japanese = build.ENGLISH, build.JAPANESE
    for name in build.PAGES:
        assert (english.pages / name).is_file() and (japanese.pages / name).is_file(), name
    english_notebooks = {path.name for path in english.notebooks.glob("*.ipynb")}
    japanese_notebooks = {path.name for path in japanese.notebooks.glob("*.ipynb")}
    assert english_notebooks == japanese_notebooks
    toc = {
        book.language: (book.pages / "_toc.yml").read_text(encoding="utf-8") for book in build.BOOKS
    }
    files = {
        language: [line.split("file:")[1].strip() for line in text.splitlines() if "file:" in line]
        for language, text in toc.items()
    }
    assert files["en"] == files["ja"]  # every page has its twin


def test_the_japanese_student_version_has_a_japanese_note_and_no_solutions() -> None:
    book = build.JAPANESE
    student = build.student_version(book.homework.read_text(encoding="utf-8"), book.student_note)
    sources = ["".join(cell["source"]) for cell in student["cells"]]
    assert "学生用" in sources[1]
    assert "BEGIN SOLUTION" not in "\n".join(sources)
    code = "\n".join(
        source
        for source, cell in zip(sources, student["cells"], strict=True)
        if cell["cell_type"] == "code"
    )
    assert code.count("raise NotImplementedError()") == 4
