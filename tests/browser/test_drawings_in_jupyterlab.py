"""The players' and widgets' drawings are readable in a real JupyterLab (issue 27, point 2).

Each demo notebook that draws trees is opened in JupyterLab (headless Chromium, the conftest's
1400 × 1100 window) and run: ``animation_demo.ipynb`` (the α-β widget, two searches side by
side in one widget, and the HTML player, ``show(..., static=True)``) and
``pruning_demo.ipynb`` (the pruning exercise's tree) and ``tictactoe_demo.ipynb`` (the
CPU's search tree, after the human's first move). Every player is stepped to its last step
(every window, cut and value drawn), then every text of every drawing (the trees and the
number lines of windows) is measured on the screen: its height (font size times the drawing's
scale) must be at least 12 px, as on the website at 1280 px. A drawing wider than its box
scrolls in it, and then (only then) the line above it says so (the HTML player's, or the
widget box's: :func:`gamelib.render.static.widget_drawing`); the box stays inside the
notebook's output area (a widget's side-by-side panels stack when side by side would shrink
their text).

Then JupyterLab's dark theme is switched on (Settings → Theme → JupyterLab Dark): the
drawings, made for white paper, must sit on a light sheet with a visible frame (a rule and
round corners), as on the website's dark theme, and keep their size.

Screenshots (looked at): tests/browser/screenshots/jupyterlab_drawings_*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamelib.widgets.tictactoe import square_label
from tests.browser.conftest import (
    DRAWING_TEXT_JS,
    LONG,
    notebook_page,
    run_all_until_visible,
    screenshot,
    wait_until,
)

pytestmark = pytest.mark.browser

SMALLEST_TEXT = 12.0
"""CSS pixels: the smallest text allowed in a drawing (as on the website at 1280 px)."""

LAST_STEP = """output => {
  output.querySelectorAll('.gamelib-player button[data-action="last"]')
    .forEach(button => button.click());
  output.querySelectorAll('.gamelib-animation .gamelib-last-step')
    .forEach(button => button.click());
}"""
"""Press every player's "last step" button in ``output`` (a widget's goes to the kernel)."""

AT_LAST_STEP = r"""output => Array.from(output.querySelectorAll(".gamelib-animation"))
  .every(animation => {
    const sentences = Array.from(animation.querySelectorAll(".gamelib-sentence"))
      .map(sentence => sentence.textContent);
    const steps = sentences.map(text => (/(\d+) (?:of|\/) (\d+)/.exec(text) || [0, -1, 0])
      .slice(1).map(Number));
    const longest = Math.max(...steps.map(([, total]) => total));
    return sentences.length > 0 && steps.some(([step]) => step === longest);
  })"""
"""True when every widget in ``output`` shows its last step (the kernel has answered): a
sentence starts "step N of N" (English) or "ステップ N / N" (Japanese)."""

SENTENCES_SHOWN = """output => Array.from(output.querySelectorAll(".gamelib-sentence"))
  .map(sentence => sentence.textContent.trim().slice(0, 30))"""
"""The start of every sentence in ``output`` (for a failure's message)."""

MEASURE = (
    """output => {"""
    + DRAWING_TEXT_JS
    + """
  const drawings = Array.from(output.querySelectorAll("svg")).filter(svg =>
    svg.querySelector("g.node") || svg.closest(".gamelib-windows"));
  return drawings.filter(svg => svg.getClientRects().length > 0).map(svg => {
    const smallest = smallestText(svg);
    const box = clippingBox(svg);
    const player = svg.closest(".gamelib-player");
    const holder = svg.closest(".gamelib-panel, .gamelib-sheet");
    const cue = holder ? holder.querySelector(".gamelib-scroll-cue") : null;
    const output = svg.closest(".jp-OutputArea-output").getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    const sheet = svg.closest(".gamelib-sheet, .gamelib-player");
    const style = sheet ? getComputedStyle(sheet) : null;
    return {
      kind: player ? "HTML player" : (svg.closest(".gamelib-animation") ? "widget" : "tree"),
      smallest: smallest[0], text: smallest[1],
      width: Math.round(svg.getBoundingClientRect().width),
      wider: svg.getBoundingClientRect().width > box.clientWidth + 1,
      scrolls: ["auto", "scroll"].includes(getComputedStyle(box).overflowX)
        && box.scrollWidth > box.clientWidth + 1,
      cueShown: !!cue && cue.getClientRects().length > 0,
      inOutput: shown.left >= output.left - 1 && shown.right <= output.right + 1,
      sheet: style === null ? null : {
        background: style.backgroundColor, border: parseFloat(style.borderTopWidth),
        radius: parseFloat(style.borderTopLeftRadius),
      },
    };
  });
}"""
)
"""Every drawing in ``output``: its smallest text (CSS pixels), whether it is wider than its
box and scrolls there, whether its player's scroll line shows, and the sheet it sits on."""


def light(colour: str) -> bool:
    """Whether a computed CSS colour (``rgb(...)``/``rgba(...)``) is a light, opaque one."""
    channels = [float(part) for part in colour[colour.index("(") + 1 : -1].split(",")]
    opaque = len(channels) == 3 or channels[3] == 1
    return opaque and min(channels[:3]) >= 200


def problems(drawings: list[dict[str, Any]], theme: str) -> list[str]:
    """What is wrong with the measured ``drawings`` (empty: nothing)."""
    found = []
    for number, drawing in enumerate(drawings, start=1):
        where = f"{theme} theme, drawing {number} ({drawing['kind']}, {drawing['width']} px)"
        if drawing["smallest"] < SMALLEST_TEXT:
            found.append(f"{where}: text {drawing['text']!r} is {drawing['smallest']:.2f} px")
        if drawing["wider"] and not drawing["scrolls"]:
            found.append(f"{where}: wider than its box, which does not scroll")
        if drawing["cueShown"] != drawing["scrolls"]:
            says = "says so" if drawing["cueShown"] else "does not say so"
            found.append(f"{where}: scrolls: {drawing['scrolls']}, and the line above {says}")
        if not drawing["inOutput"]:
            found.append(f"{where}: its box reaches out of the notebook's output area")
        if theme == "dark":
            sheet = drawing["sheet"]
            if sheet is None or not light(sheet["background"]):
                found.append(f"{where}: not on a light sheet in the dark theme: {sheet}")
            elif sheet["border"] < 1 or sheet["radius"] < 4:
                found.append(f"{where}: its sheet has no visible frame: {sheet}")
    return found


THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


THEME_SETTLED = """name => document.body.dataset.jpThemeName === name
    && !document.getElementById("main").classList.contains("lm-mod-hidden")
    && !document.getElementById("jupyterlab-splash")
    && !document.querySelector(".lm-Menu, .jp-Dialog")"""
"""True when JupyterLab shows the theme ``name`` and has finished switching to it. It names the
theme on the page's body, then hides its whole shell and shows it again at the next frame
(hiding takes the keyboard focus away from whatever had it), and takes away its splash screen
(which covers the page while the theme loads) 200 ms after that. No menu and no dialog (a
"Loading…" question, when a theme loads slowly) is open either."""

THEME_SHOWN = """() => ({theme: document.body.dataset.jpThemeName,
    shellHidden: document.getElementById("main").classList.contains("lm-mod-hidden"),
    splash: !!document.getElementById("jupyterlab-splash"),
    menus: document.querySelectorAll(".lm-Menu").length,
    dialog: (document.querySelector(".jp-Dialog") || {}).innerText || null,
    focus: document.activeElement.tagName + "." + document.activeElement.className})"""
"""What :data:`THEME_SETTLED` looks at, and where the focus is (for a failure's message)."""


def switch_theme(page: Any, theme: str) -> None:
    """JupyterLab's ``theme`` ("light" or "dark"), through its menu (Settings → Theme), and
    wait until JupyterLab has finished switching (:data:`THEME_SETTLED`), so that nothing
    hides the page or moves the focus afterwards. A theme already shown is left as it is:
    choosing it again changes nothing, and a change that never comes cannot be waited for.
    The choice is kept in the server's settings, so each notebook sets the one it wants."""
    name = THEMES[theme]
    if page.evaluate(THEME_SETTLED, name):
        return
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=name).first.click()
    wait_until(
        page,
        f"JupyterLab shows the theme {name!r}, its shell shown again, its splash screen, "
        "menus and dialogs gone",
        THEME_SETTLED,
        arg=name,
        shown=THEME_SHOWN,
    )


def measure_notebook(
    jupyter_lab: str, notebook: str, target: str, name: str, click: str = "", drawn: str = ""
) -> list[str]:
    """Open ``notebook``, run it until ``target`` shows (then click ``click`` and wait until
    ``drawn`` shows, if a click is named), step its players to their last step and measure its
    drawings in the light and the dark theme; the problems found."""
    found: list[str] = []
    with notebook_page(jupyter_lab, notebook) as (page, panel):
        run_all_until_visible(page, panel.locator(target).first)
        if click:
            panel.locator(click).first.click()
            panel.locator(drawn).first.wait_for(timeout=LONG)
        notebook_element = panel.locator(".jp-Notebook").first
        notebook_element.evaluate(LAST_STEP)
        wait_until(
            page,
            "every player and widget of the notebook shows its last step",
            AT_LAST_STEP,
            arg=notebook_element.element_handle(),
            shown=SENTENCES_SHOWN,
        )
        for theme in THEMES:
            switch_theme(page, theme)
            drawings = notebook_element.evaluate(MEASURE)
            if not drawings:
                found.append(f"{theme} theme: no drawing found")
            found.extend(problems(drawings, theme))
            for index, output in enumerate(panel.locator(".jp-OutputArea-output").all()):
                if output.locator("svg").count():
                    output.scroll_into_view_if_needed()
                    output.screenshot(path=str(screenshot_path(f"{name}_{index}_{theme}.png")))
        screenshot(page, f"jupyterlab_drawings_{name}_page.png")
    return found


def screenshot_path(name: str) -> Any:
    from tests.browser.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS / f"jupyterlab_drawings_{name}"


def test_the_players_drawings_are_readable_in_jupyterlab(jupyter_lab: str) -> None:
    found = measure_notebook(
        jupyter_lab, "tests/browser/animation_demo.ipynb", ".gamelib-player", "animation"
    )
    assert not found, "\n".join(found)


def test_the_pruning_exercise_tree_is_readable_in_jupyterlab(jupyter_lab: str) -> None:
    found = measure_notebook(
        jupyter_lab, "tests/browser/pruning_demo.ipynb", ".jp-OutputArea-output svg", "pruning"
    )
    assert not found, "\n".join(found)


def test_the_cpu_search_tree_of_tic_tac_toe_is_readable_in_jupyterlab(jupyter_lab: str) -> None:
    found = measure_notebook(
        jupyter_lab,
        "tests/browser/tictactoe_demo.ipynb",
        ".gamelib-tictactoe",
        "tictactoe",
        # X to b2 (the English board's square found by its accessible name): the CPU searches
        click=f'.gamelib-tictactoe >> role=button[name="{square_label(4, "", language="en")}"]',
        drawn=".gamelib-tictactoe .gamelib-search svg",  # and its search is drawn
    )
    assert not found, "\n".join(found)
