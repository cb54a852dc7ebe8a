"""The browser edition's package list (lite/build.py), checked without building the site:
gamelib's wheel asks for numpy (gamelib.learning, notebook 12) and carries the learned
weights and data set; the edition ships numpy from Pyodide's own wheels, checked by the lock
file's hash, and loads it when a cell imports it instead of on every first visit."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_LOCK = ROOT / "lite" / "node_modules" / "pyodide" / "pyodide-lock.json"


@pytest.fixture(scope="module")
def build() -> ModuleType:
    specification = importlib.util.spec_from_file_location("lite_build", ROOT / "lite/build.py")
    assert specification is not None and specification.loader is not None
    module = importlib.util.module_from_spec(specification)
    sys.modules["lite_build"] = module
    specification.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def gamelib_wheel(build: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    wheel: Path = build.build_gamelib_wheel(tmp_path_factory.mktemp("wheel"))
    return wheel


def test_gamelib_wheel_needs_numpy_and_carries_the_learned_files(
    build: ModuleType, gamelib_wheel: Path
) -> None:
    name, _, requirements, _ = build.wheel_facts(gamelib_wheel)
    assert name == "gamelib"
    assert "numpy" in requirements
    assert "numpy" not in build.DEPENDENCIES_DROPPED["gamelib"]  # shipped, not dropped
    with zipfile.ZipFile(gamelib_wheel) as archive:
        names = set(archive.namelist())
    for data in ("weights.json", "positions.npz", "probcut.json"):
        assert f"gamelib/learning/data/{data}" in names
    print(f"gamelib's wheel: {gamelib_wheel.stat().st_size / 1e6:.2f} MB")


def test_numpy_is_loaded_on_import_not_with_gamelib(build: ModuleType, gamelib_wheel: Path) -> None:
    entry = build.lock_entry(gamelib_wheel, {"numpy", "networkx", "graphviz", "chess"})
    assert "numpy" not in entry["depends"]  # preloading gamelib does not load numpy
    assert "networkx" in entry["depends"]
    assert build.DEPENDENCIES_DROPPED["gamelib"] == ["matplotlib"]  # left as it was
    preloaded = {build.normalized(name) for name in build.KERNEL_PACKAGES + build.COURSE_PACKAGES}
    assert "numpy" not in preloaded


@pytest.mark.skipif(not PYODIDE_LOCK.exists(), reason="lite/node_modules not installed (npm ci)")
def test_numpy_comes_from_pyodides_own_wheels() -> None:
    entry = json.loads(PYODIDE_LOCK.read_text(encoding="utf-8"))["packages"]["numpy"]
    assert "numpy" in entry["imports"]
    assert not entry["file_name"].endswith("-none-any.whl")  # not on PyPI: Pyodide's CDN


def test_a_pyodide_wheel_must_have_the_lock_files_hash(
    build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build, "DOWNLOADS", tmp_path)
    content = b"not really a wheel"
    entry: dict[str, Any] = {
        "file_name": "numpy-0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "sha256": hashlib.sha256(content).hexdigest(),
    }
    (tmp_path / entry["file_name"]).write_bytes(content)
    assert build.download_pyodide_wheel(entry, "0") == tmp_path / entry["file_name"]
    (tmp_path / entry["file_name"]).write_bytes(content + b"!")
    with pytest.raises(RuntimeError, match="sha256"):
        build.download_pyodide_wheel(entry, "0")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_gamelib_learning_without_numpy_says_how_to_load_it(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamelib.language import set_language

    for name in [name for name in sys.modules if name.startswith("gamelib.learning")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)  # as in the browser before `import numpy`
    set_language(language)
    try:
        with pytest.raises(ModuleNotFoundError, match="`import numpy`") as raised:
            importlib.import_module("gamelib.learning.fit")
    finally:
        set_language("en")
    assert raised.value.name == "numpy"
    assert ("ブラウザー版" in str(raised.value)) == (language == "ja")
