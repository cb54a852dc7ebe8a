"""The slide breaks of the course's decks: cell metadata ``slideshow.slide_type`` in notebooks.

The breaks follow the lecture, not the cells (:func:`rule_types`): a numbered section
(``#``/``##``) starts a slide; a sub-section (``###``) and each exercise start a slide
below it; the set-up cell (the first code cell, imports) is skipped
(it runs, the room does not need to read it), and so is a Japanese notebook's ``set-language``
cell before it. Then the breaks are fitted to the slide
(:func:`fitted_types`): the deck is built (slides/build.py), every cell's height is measured
in Chromium at 1280x720 (:func:`measure`), and a cell that would push the slide past its
height starts a new one, a Markdown cell moving with the picture or code it introduces, and an
animation player getting a slide of its own. :data:`CHOICES` overrides both where a rule is
not the best for teaching. The decks are navigated linearly (→ goes through every slide,
vertical ones included), so ``slide`` and ``subslide`` differ only in the overview.

A Japanese notebook (notebooks/ja) keeps its English original's metadata, slide breaks
included (tests/editions.py checks it): run this on the English notebook and copy the breaks.

Only metadata changes: cell ids, sources and (empty) outputs stay as they are. The committed
notebooks' cell ids are their positions (nbstripout renumbers them), so a :data:`CHOICES`
entry must be checked again when cells are added before it.

Usage: ``python slides/slide_breaks.py [--write] [--rules-only] NOTEBOOK ...`` prints, for
each notebook, the cells whose slide type would change; ``--write`` writes them (re-reading
the file right before); ``--rules-only`` skips the build and the measuring.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

SLIDE_TYPES = ("slide", "subslide", "fragment", "skip", "notes", "-")

CHOICES: dict[str, dict[str, str]] = {
    "00_welcome": {"2": "-"},  # the set-up check is the point of section 1
}
"""Per notebook (file name without ``.ipynb``): cell id → slide type, where the rules'
choice is not the best for teaching."""


def source_of(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


LANGUAGE_CELL_ID = "set-language"
"""The id of a Japanese notebook's ``gamelib.set_language("ja")`` cell (skipped on the slides;
slides/build.py skips it too)."""


def is_setup_cell(cell: dict[str, Any], seen_code: bool) -> bool:
    """The notebook's first code cell when it starts with an import (the set-up cell), not
    counting a Japanese notebook's ``set-language`` cell."""
    return (
        cell["cell_type"] == "code"
        and cell.get("id") != LANGUAGE_CELL_ID
        and not seen_code
        and source_of(cell).lstrip().startswith(("from ", "import "))
    )


Heights = dict[str, tuple[int, bool, int]]
"""Measured cells of a deck: cell id → (height in CSS pixels on the slide, whether it shows a
player, the height of its drawings)."""

SLIDE_ROOM = 670
"""The height a slide's cells may take: the 720 px slide less its padding, and a margin for
the space between cells."""

SMALLEST_PICTURE = 240
"""course_slides.js shrinks a slide's drawings down to this height to fit its text."""

CLOSING_ROOM = 160
"""How far the drawings of a slide may shrink to keep the text that closes a section (the
Markdown cell before the next slide) on the slide it comments."""


def rule_types(notebook: dict[str, Any]) -> list[str]:
    """The slide types the rules give, without the measured heights."""
    types: list[str] = []
    seen_code = False
    for cell in notebook["cells"]:
        text = source_of(cell).lstrip()
        kind = "-"
        if cell["cell_type"] == "markdown":
            if re.match(r"#{1,2} ", text):
                kind = "slide"
            elif re.match(r"#{3,} ", text) or text.startswith(("**Exercise", "**演習")):
                kind = "subslide"
        elif is_setup_cell(cell, seen_code) or cell.get("id") == LANGUAGE_CELL_ID:
            kind = "skip"
        seen_code = seen_code or (
            cell["cell_type"] == "code" and cell.get("id") != LANGUAGE_CELL_ID
        )
        types.append(kind)
    return types


def fitted_types(notebook: dict[str, Any], types: list[str], heights: Heights) -> list[str]:
    """``types`` with a slide break (``subslide``) wherever the cells would not fit one slide.

    Walking the cells in order, a cell that would push the slide past :data:`SLIDE_ROOM`
    starts a new slide; a Markdown cell that introduces the next cell moves with it when the
    two fit together; the Markdown cell that closes a section stays with what it comments if
    the slide's drawings can shrink to make room (at most :data:`CLOSING_ROOM`); an
    animation player always starts a slide of its own (the text before it stays on the slide
    before). A cell taller than a slide alone gets a slide that scrolls.
    """
    cells = notebook["cells"]
    result = list(types)

    def measured(position: int) -> tuple[int, bool, int]:
        return heights.get(cells[position].get("id", ""), (0, False, 0))

    used = shrinkable = 0
    for index, cell in enumerate(cells):
        kind = result[index]
        if kind in ("skip", "notes"):
            continue
        height, player, picture = measured(index)
        if kind in ("slide", "subslide") or (player and used > 0):
            result[index] = kind if kind != "-" else "subslide"
            used, shrinkable = height, max(0, picture - SMALLEST_PICTURE)
            continue
        following = index + 1
        while following < len(cells) and result[following] in ("skip", "notes"):
            following += 1
        closing = cell["cell_type"] == "markdown" and (
            following == len(cells) or result[following] in ("slide", "subslide")
        )
        together = height
        if (
            cell["cell_type"] == "markdown"
            and following < len(cells)
            and result[following] == "-"
            and not measured(following)[1]
        ):
            together += measured(following)[0]
        room = SLIDE_ROOM + (min(shrinkable, CLOSING_ROOM) if closing else 0)
        if used + height > room or (used + together > SLIDE_ROOM >= together):
            result[index] = "subslide"
            used, shrinkable = height, max(0, picture - SMALLEST_PICTURE)
        else:
            used += height
            shrinkable += max(0, picture - SMALLEST_PICTURE)
    return result


def planned_types(notebook: dict[str, Any], name: str, heights: Heights | None = None) -> list[str]:
    """The slide type of every cell of ``notebook`` (named ``name``): the rules, then the fit
    to the measured ``heights`` (when given), then :data:`CHOICES`."""
    types = rule_types(notebook)
    if heights:
        types = fitted_types(notebook, types, heights)
    choices = CHOICES.get(name, {})
    for index, cell in enumerate(notebook["cells"]):
        if cell.get("id") in choices:
            types[index] = choices[cell["id"]]
    unknown = set(choices) - {cell.get("id") for cell in notebook["cells"]}
    if unknown:
        raise ValueError(f"{name}: CHOICES name cells that are not in the notebook: {unknown}")
    return types


def measure(deck: Path) -> Heights:
    """Every cell's height in a built deck, measured in headless Chromium at 1280x720 (every
    slide laid out at once, so hidden slides count too)."""
    import shutil

    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--headless", "--no-sandbox"]
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(deck.resolve().as_uri())
            page.wait_for_function("window.Reveal && Reveal.isReady()")
            page.add_style_tag(content=".reveal .slides section { display: block !important; }")
            rows = page.evaluate(
                """() => Array.from(document.querySelectorAll(".jp-Cell")).map(cell => {
                  const style = getComputedStyle(cell);
                  const height = cell.offsetHeight + parseFloat(style.marginTop)
                    + parseFloat(style.marginBottom);
                  let picture = 0;
                  cell.querySelectorAll(
                    ".jp-RenderedSVG > img, .jp-RenderedSVG > svg, .jp-RenderedImage > img, " +
                    ".jp-RenderedHTMLCommon svg:not(.gamelib-player svg)"
                  ).forEach(element => { picture += element.getBoundingClientRect().height; });
                  return [cell.id.replace("cell-id=", ""), Math.ceil(height),
                          !!cell.querySelector(".gamelib-player"), Math.floor(picture)];
                })"""
            )
        finally:
            browser.close()
    return {
        str(cell_id): (int(height), bool(player), int(picture))
        for cell_id, height, player, picture in rows
    }


def current_type(cell: dict[str, Any]) -> str:
    return str(cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-"))


def apply(notebook: dict[str, Any], types: list[str]) -> list[tuple[int, str, str]]:
    """Set every cell's slide type (``-`` by removing it); returns (index, old, new) of the
    cells that changed."""
    changes: list[tuple[int, str, str]] = []
    for index, (cell, kind) in enumerate(zip(notebook["cells"], types, strict=True)):
        if kind not in SLIDE_TYPES:
            raise ValueError(f"cell {index}: slide type {kind!r} is not one of {SLIDE_TYPES}")
        old = current_type(cell)
        if old == kind:
            continue
        changes.append((index, old, kind))
        metadata = cell.setdefault("metadata", {})
        if kind == "-":
            metadata.get("slideshow", {}).pop("slide_type", None)
            if not metadata.get("slideshow"):
                metadata.pop("slideshow", None)
        else:
            metadata.setdefault("slideshow", {})["slide_type"] = kind
    return changes


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="write the changes")
    parser.add_argument(
        "--rules-only",
        action="store_true",
        help="do not build and measure the deck: the rules and CHOICES only",
    )
    options = parser.parse_args(arguments)
    for path in options.notebooks:
        heights: Heights | None = None
        if not options.rules_only:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            import build

            build.BUILD.mkdir(parents=True, exist_ok=True)
            build.copy_support_files()
            heights = measure(build.build_deck(path.resolve(), fresh=False))
        text = path.read_text(encoding="utf-8")  # read right before writing
        notebook = json.loads(text)
        changes = apply(notebook, planned_types(notebook, path.stem, heights))
        for index, old, new in changes:
            first = source_of(notebook["cells"][index]).strip().split("\n")[0][:70]
            print(f"{path.name} cell {index:2}: {old:8} -> {new:8} {first}")
        if options.write and changes:
            path.write_text(
                json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
            )
            print(f"{path.name}: {len(changes)} cells changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
