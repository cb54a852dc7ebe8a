"""The package's layers hold: no module imports from a layer above its own, and no imports go
round in a circle. The layer order is written once, here (and summarised in
``gamelib/__init__.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gamelib"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("gamelib.core", "gamelib.language", "gamelib.notation", "gamelib.tables", "gamelib.charts"),
    ("gamelib.trees", "gamelib.games"),
    ("gamelib.search",),
    ("gamelib.trace",),
    (
        "gamelib.players",
        "gamelib.exercises",
        "gamelib.mcts_exercises",
        "gamelib.experiments",
        "gamelib.endgame",
    ),
    ("gamelib.arena",),
    ("gamelib.render",),
    (
        "gamelib.widgets",
        "gamelib.worksheets",
        "gamelib.tournament",
        "gamelib.mastery",
    ),
    ("gamelib.learning",),  # its players use the tournament's clocked search
    ("gamelib.setup_check",),
)
"""Bottom to top. A module belongs to the first entry that is its name or a package above it."""

DISPLAY_HOOKS = ("_repr_svg_", "_repr_html_", "_repr_mimebundle_", "_repr_png_")
"""Rich-display methods may import the renderer lazily (python-chess's ``Board._repr_svg_``
pattern): a Tree draws itself in a notebook without ``trees`` depending on ``render``."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    for index, layer in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in layer):
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__file__}")


def imports_of(path: Path) -> list[tuple[str, int, bool]]:
    """(imported gamelib module, line, inside a display hook) for every import in the file."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_hook: bool) -> None:
        for child in ast.iter_child_nodes(node):
            hook = in_hook or (
                isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                and child.name in DISPLAY_HOOKS
            )
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                if child.module.startswith("gamelib"):
                    for alias in child.names:  # `from gamelib.render import dot` names a module
                        candidate = f"{child.module}.{alias.name}"
                        target = candidate if candidate in MODULES else child.module
                        found.append((target, child.lineno, hook))
            elif isinstance(child, ast.Import):
                found.extend(
                    (alias.name, child.lineno, hook)
                    for alias in child.names
                    if alias.name.startswith("gamelib")
                )
            visit(child, hook)

    visit(tree, False)
    return found


FILES = sorted(PACKAGE.rglob("*.py"))
MODULES = {module_name(path) for path in FILES}
FACADE = "gamelib"
"""``gamelib/__init__.py`` re-exports the public names: it stands above every layer."""


@pytest.mark.parametrize("path", FILES, ids=lambda path: module_name(path))
def test_no_module_imports_from_a_layer_above_its_own(path: Path) -> None:
    module = module_name(path)
    if module == FACADE:
        return
    upward = [
        f"line {line}: {module} (layer {layer_of(module)}) imports {target} "
        f"(layer {layer_of(target)})"
        for target, line, in_hook in imports_of(path)
        if target != FACADE
        and layer_of(target) > layer_of(module)
        and not (in_hook and target.startswith("gamelib.render"))
    ]
    assert not upward, "\n".join(upward)


def test_no_modules_import_each_other_in_a_circle() -> None:
    graph = {
        module_name(path): {
            target
            for target, _, in_hook in imports_of(path)
            if target in MODULES and not in_hook and target != module_name(path)
        }
        for path in FILES
        if module_name(path) != FACADE
    }
    for module in graph:  # a package's __init__ may gather its own modules: not a cycle
        graph[module] = {t for t in graph[module] if not module.startswith(t + ".")}
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                cycle = [*path[path.index(target) :], target]
                raise AssertionError("import cycle: " + " → ".join(cycle))
            if target not in state:
                visit(target)
        path.pop()
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module)


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES - {FACADE}:
        layer_of(module)


def test_the_layer_test_sees_an_upward_import(tmp_path: Path) -> None:
    """The checker itself: an import of render from search is reported."""
    fake = tmp_path / "gamelib" / "search" / "bad.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("def f():\n    from gamelib.render.dot import draw\n")
    [(target, line, in_hook)] = imports_of(fake)
    assert (target, line, in_hook) == ("gamelib.render.dot", 2, False)
    assert layer_of(target) > layer_of("gamelib.search.bad")
