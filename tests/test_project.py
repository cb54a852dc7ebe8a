"""The project's own checks: lint, types, set-up files that must agree, stripped notebooks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

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


def requirement_lines(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def requirement_pins(name: str) -> dict[str, str]:
    """The pinned versions of a requirements file, by normalised package name (no includes)."""
    pins = [line for line in requirement_lines(name) if not line.startswith("-r ")]
    return {
        canonicalize_name(pin.split("==")[0]): pin.split("==")[1] for pin in pins if "==" in pin
    }


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_environment_yml_pins_the_course_of_requirements_txt_and_a_supported_python() -> None:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in environment["channels"]
    dependencies = environment["dependencies"]
    assert "python-graphviz" in dependencies
    pip_section = next(item["pip"] for item in dependencies if isinstance(item, dict))
    assert pip_section == requirement_lines("requirements.txt")
    python = next(
        item for item in dependencies if isinstance(item, str) and item.startswith("python=")
    )
    supported = SpecifierSet(pyproject()["project"]["requires-python"])
    assert Version(python.removeprefix("python=")) in supported


def test_requirements_are_pinned_and_the_dev_file_adds_the_tools_to_the_course() -> None:
    for name in ("requirements.txt", "requirements-dev.txt"):
        for line in requirement_lines(name):
            assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][\w.]*|-r requirements\.txt", line), line
    assert requirement_lines("requirements-dev.txt")[0] == "-r requirements.txt"
    course, tools = requirement_pins("requirements.txt"), requirement_pins("requirements-dev.txt")
    assert not set(course) & set(tools), "a package pinned in both files"
    assert "pyyaml" in tools  # this test module imports yaml


def test_the_pins_satisfy_what_pyproject_declares() -> None:
    """gamelib's dependencies are pinned for the course, its test extra for development."""
    project = pyproject()["project"]
    course = requirement_pins("requirements.txt")
    everything = course | requirement_pins("requirements-dev.txt")
    for requirement_text, pins in [
        *((text, course) for text in project["dependencies"]),
        *((text, everything) for text in project["optional-dependencies"]["test"]),
    ]:
        requirement = Requirement(requirement_text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is declared in pyproject.toml but not pinned"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]}: {requirement}"


def test_gamelib_ships_its_type_marker() -> None:
    assert (ROOT / "gamelib" / "py.typed").is_file()
    package_data = pyproject()["tool"]["setuptools"]["package-data"]["gamelib"]
    assert "py.typed" in package_data


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
        "import sys, gamelib, gamelib.search, gamelib.trace, gamelib.trees, gamelib.render;"
        "heavy = {'graphviz', 'matplotlib', 'ipywidgets', 'networkx', 'IPython'};"
        "heavy &= set(sys.modules);"
        "print(sorted(heavy))"
    )
    loaded = run(sys.executable, "-c", code)
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr
