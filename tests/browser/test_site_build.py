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
