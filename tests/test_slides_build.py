"""slides/build.py's decks: built side by side, reported in the order asked, a failure named.

Two one-cell notebooks in a temporary folder (one raises, one prints 42) are built as decks of
a temporary edition, so slides/_build is not touched: the build fails naming the failed deck
only, the other deck is written with its output and its stamp, and the messages come in the
order the notebooks were given. A second build finds that deck up to date without running it.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

BUILD_SCRIPT = Path(__file__).resolve().parents[1] / "slides" / "build.py"


def load_build() -> ModuleType:
    """slides/build.py as the module ``slides_build`` (registered, so its workers find it)."""
    name = "slides_build"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BUILD_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def write_notebook(folder: Path, stem: str, code: str) -> Path:
    """A notebook of one code cell, ``folder/stem.ipynb``."""
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.cells.append(nbformat.v4.new_code_cell(code))  # type: ignore[no-untyped-call]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    path = folder / f"{stem}.ipynb"
    nbformat.write(notebook, path)  # type: ignore[no-untyped-call]
    return path


def test_a_failed_deck_is_named_and_the_others_are_built_and_reported_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    build = load_build()
    decks = tmp_path / "_build"
    monkeypatch.setattr(build, "BUILD", decks)
    edition = dataclasses.replace(build.EDITIONS["en"], notebooks=tmp_path, build=decks)
    failing = write_notebook(tmp_path, "01_fails", 'raise ValueError("no such position")')
    working = write_notebook(tmp_path, "02_works", "print(6 * 7)")

    with pytest.raises(SystemExit, match=r"1 deck\(s\) failed: 01_fails\.slides\.html$"):
        build.build_decks([(edition, failing), (edition, working)], fresh=False)
    output = capsys.readouterr().out
    messages = [line for line in output.splitlines() if line.startswith("[slides] ")]
    assert messages[0].startswith("[slides] 01_fails.slides.html FAILED: CellExecutionError")
    assert "no such position" in output  # the traceback (with its colours)
    assert re.fullmatch(
        r"\[slides\] 02_works\.slides\.html: executed and exported in \d+ s", messages[1]
    )
    assert len(messages) == 2
    assert not (decks / "01_fails.slides.html").exists()
    assert not (decks / ".stamps" / "01_fails.sha256").exists()
    assert "42" in (decks / "02_works.slides.html").read_text(encoding="utf-8")
    assert (decks / ".stamps" / "02_works.sha256").read_text() == build.fingerprint(working)

    assert build.build_decks([(edition, working)], fresh=False) == [decks / "02_works.slides.html"]
    assert capsys.readouterr().out == "[slides] 02_works.slides.html is up to date\n"
