"""Notebook 10 opens with one import line, as every other notebook: what a student uses there is
reachable from ``gamelib``, is the very object its own module defines, and ``import gamelib``
still does not import the tournament package."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gamelib

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = (
    ROOT / "notebooks" / "10_your_player.ipynb",
    ROOT / "notebooks" / "ja" / "10_your_player.ipynb",
)

ORIGINAL_IMPORTS: dict[str, tuple[str, ...]] = {
    "gamelib.arena": ("play_game",),
    "gamelib.games.othello": ("positional_evaluation",),
    "gamelib.players": ("GreedyPlayer", "PositionalPlayer", "RandomPlayer"),
    "gamelib.tournament.in_kernel": (
        "EXERCISE_CLOCK",
        "EXERCISE_GAMES",
        "EXERCISE_SHARE",
        "REFERENCE_DEPTH",
        "REFERENCE_LINE",
        "REFERENCE_SECONDS",
        "Entrant",
        "ProcessClock",
        "check_exercise",
        "entrant",
        "positional_alphabeta_depth_2",
        "play_in_kernel",
        "play_match",
    ),
    "gamelib.tournament.ladder": ("LADDER",),
    "gamelib.tournament.openings": ("OPENING_RULES",),
    "gamelib.tournament.player": ("Clock", "Report"),
    "gamelib.tournament.records": ("ClockSettings", "Status"),
    "gamelib.tournament.replay": ("status_name",),
    "gamelib.tournament.sample_player": (
        "CLOCK_CHECKS_EVERY",
        "DEFAULT_GROWTH",
        "IMPROVED",
        "MAX_GROWTH",
        "MIN_GROWTH",
        "POSITIONAL",
        "RESERVE",
        "Player",
        "Weights",
        "deepen",
        "searched_game",
        "weighted_evaluation",
        "move_budget",
        "moves_left",
        "predicted_seconds",
        "OutOfTimeError",
    ),
}
"""The names notebook 10 imported from nine modules before it had one import line (and those
its clock sections use since), each with the module that defines it."""


MONTE_CARLO_NOTEBOOKS = (
    ROOT / "notebooks" / "11_monte_carlo.ipynb",
    ROOT / "notebooks" / "ja" / "11_monte_carlo.ipynb",
)

MONTE_CARLO_IMPORTS: dict[str, tuple[str, ...]] = {
    "gamelib.experiments.compare": ("timed",),
    "gamelib.render.monte_carlo_chart": ("convergence_chart",),
    "gamelib.render.monte_carlo_compare": ("draw_comparison",),
    "gamelib.render.monte_carlo_dot": ("draw_monte_carlo",),
    "gamelib.render.monte_carlo_player": ("play_monte_carlo",),
    "gamelib.search.mcts.events": ("Backup", "Selection"),
    "gamelib.search.mcts.playouts": ("leaf_scale",),
    "gamelib.search.mcts.searches": ("iterations_to_settle",),
}
"""The names notebook 11 uses beyond the searches, each with the module that defines it."""


def imports_of(notebook: Path) -> list[ast.ImportFrom | ast.Import]:
    """Every import statement in the notebook's code cells."""
    found: list[ast.ImportFrom | ast.Import] = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        if source.lstrip().startswith(("%", "!")):
            continue
        found += [
            node
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Import | ast.ImportFrom)
        ]
    return found


@pytest.mark.parametrize(
    ("module_name", "names"),
    sorted(ORIGINAL_IMPORTS.items()) + sorted(MONTE_CARLO_IMPORTS.items()),
)
def test_every_name_notebooks_10_and_11_use_is_reachable_from_gamelib_as_the_same_object(
    module_name: str, names: tuple[str, ...]
) -> None:
    module = importlib.import_module(module_name)
    for name in names:
        assert getattr(gamelib, name) is getattr(module, name), (
            f"gamelib.{name} is not {module_name}.{name}"
        )


@pytest.mark.parametrize("module_name", gamelib._SEARCHED)
def test_every_name_a_searched_module_exports_is_reachable_and_not_shadowed(
    module_name: str,
) -> None:
    """A name added later to one of these ``__all__`` is reachable too; a name that another
    module (or gamelib itself) already gives to a different object would be shadowed: fail."""
    module = importlib.import_module(module_name)
    exported = getattr(module, "__all__", ())
    assert exported, f"{module_name} has no __all__"
    for name in exported:
        assert getattr(gamelib, name) is getattr(module, name), (
            f"gamelib.{name} is not {module_name}.{name}"
        )


def test_unknown_and_private_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        gamelib.no_such_name  # noqa: B018
    assert not hasattr(gamelib, "_repr_html_")
    assert not hasattr(gamelib, "_SEARCHED_NOT")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=("en", "ja"))
def test_notebook_10_imports_from_gamelib_alone_in_at_most_three_statements(notebook: Path) -> None:
    statements = imports_of(notebook)
    assert 1 <= len(statements) <= 3, [ast.unparse(statement) for statement in statements]
    for statement in statements:
        if isinstance(statement, ast.Import):  # the Japanese edition's `import gamelib`
            assert [alias.name for alias in statement.names] == ["gamelib"], ast.unparse(statement)
            continue
        assert statement.module == "gamelib", ast.unparse(statement)
        for alias in statement.names:
            assert hasattr(gamelib, alias.name), alias.name


def test_importing_gamelib_does_not_import_the_tournament_package() -> None:
    code = (
        "import sys, gamelib;"
        "hasattr(gamelib, '_repr_html_');"  # what a display hook asks must import nothing
        "loaded = ('gamelib.tournament', 'gamelib.arena');"
        "print(sorted(name for name in sys.modules if name.startswith(loaded)));"
        "gamelib.play_match;"
        "print('gamelib.tournament.in_kernel' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert run.stdout.split("\n")[:2] == ["[]", "True"], run.stdout + run.stderr


@pytest.mark.parametrize("notebook", MONTE_CARLO_NOTEBOOKS, ids=("en", "ja"))
def test_notebook_11_imports_from_gamelib_alone_besides_math(notebook: Path) -> None:
    """One ``from gamelib import`` line (and the Japanese edition's ``import gamelib``); the
    standard library's ``math`` is the only other import (UCB1's square root and logarithm)."""
    statements = imports_of(notebook)
    from_gamelib = [
        statement
        for statement in statements
        if isinstance(statement, ast.ImportFrom) and statement.module == "gamelib"
    ]
    assert len(from_gamelib) == 1, [ast.unparse(statement) for statement in statements]
    for statement in statements:
        if isinstance(statement, ast.Import):
            assert [alias.name for alias in statement.names] in (["gamelib"], ["math"]), (
                ast.unparse(statement)
            )
            continue
        assert statement.module == "gamelib", ast.unparse(statement)
        for alias in statement.names:
            assert hasattr(gamelib, alias.name), alias.name
