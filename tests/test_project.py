"""The project's own checks: lint, types, set-up files that must agree, stripped notebooks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    checked = run(str(BIN / "ruff"), "check", "gamelib", "tests", "benchmarks")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    formatted = run(str(BIN / "ruff"), "format", "--check", "gamelib", "tests", "benchmarks")
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr


def test_mypy_strict_finds_nothing_in_gamelib() -> None:
    checked = run(sys.executable, "-m", "mypy", "--strict", "gamelib")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def requirement_pins() -> list[str]:
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_environment_yml_pins_the_same_packages_as_requirements_txt() -> None:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in environment["channels"]
    dependencies = environment["dependencies"]
    assert "python-graphviz" in dependencies
    pip_section = next(item["pip"] for item in dependencies if isinstance(item, dict))
    assert pip_section == requirement_pins()
    python = next(
        item for item in dependencies if isinstance(item, str) and item.startswith("python=")
    )
    assert python == f"python={sys.version_info.major}.{sys.version_info.minor}"


def test_requirements_are_pinned() -> None:
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][\w.]*", pin) for pin in requirement_pins())


def test_committed_notebooks_have_no_outputs() -> None:
    tracked = run("git", "ls-files", "*.ipynb").stdout.split()
    assert tracked, "no notebook is tracked by git"
    for path in tracked:
        notebook = json.loads((ROOT / path).read_text())
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [], f"{path} has outputs: strip them (nbstripout)"
                assert cell["execution_count"] is None, f"{path} has execution counts"


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^bash scripts/course\.sh (\w+)$", readme, flags=re.MULTILINE)
    assert commands[:2] == ["lab", "test"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "bash scripts/course.sh test" in ci


def test_importing_gamelib_loads_no_drawing_or_widget_library() -> None:
    code = (
        "import sys, gamelib, gamelib.search, gamelib.trace, gamelib.trees;"
        "heavy = {'graphviz', 'matplotlib', 'ipywidgets', 'networkx', 'IPython'};"
        "heavy &= set(sys.modules);"
        "print(sorted(heavy))"
    )
    loaded = run(sys.executable, "-c", code)
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr
