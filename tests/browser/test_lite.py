"""The JupyterLite edition (lite/_output) in a real browser, with no network.

The built site is served by a local static server and opened in headless Chromium with every
non-local request blocked (routed away, and unresolvable besides); a blocked request, a console
error, an uncaught exception or a local file that is missing fails the test, and so does an
error or a warning in a cell's output. The notebooks run in Pyodide inside the browser tab:

* lite/checks/browser_check.ipynb: gamelib imported without ``%pip``, α-β on the textbook
  tree (value, evaluated and pruned leaves as on the desktop), a tree drawing by Graphviz
  compiled to WebAssembly, and an animation whose slider changes the drawing;
* notebook 00 (the welcome notebook), top to bottom.

Screenshots of the drawing and of the animation go to tests/browser/screenshots/ (lite_*.png);
the times (kernel ready, each notebook's run) are printed (``pytest -s`` shows them).

The site is built first (``python lite/build.py``) when lite/_output has no index.html;
``bash scripts/course.sh lite`` builds it.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    REPOSITORY,
    SCREENSHOTS,
    headless_chromium,
    offline_context,
    static_server,
)

pytestmark = pytest.mark.browser

OUTPUT = REPOSITORY / "lite" / "_output"
PANEL = ".jp-NotebookPanel:visible"
KERNEL_START = 120_000  # milliseconds: a cold Pyodide start on 2 shared cores
RUN = 180_000
OFFLINE_ARGUMENTS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@pytest.fixture(scope="module")
def site() -> Path:
    if not (OUTPUT / "index.html").exists():
        subprocess.run([sys.executable, str(REPOSITORY / "lite" / "build.py")], check=True)
    return OUTPUT


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """A static file server of the built site on a free local port; its base URL."""
    with static_server(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with headless_chromium(*OFFLINE_ARGUMENTS) as launched:
        yield launched


def screenshot(target: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / name
    target.screenshot(path=str(path))
    return path


def open_notebook(context: Any, server: str, path: str) -> tuple[Any, Any, float]:
    """Open ``path`` in JupyterLite's lab; returns the page, the notebook panel and the
    seconds until its kernel was idle (ready)."""
    page = context.new_page()
    page.set_default_timeout(RUN)
    started = time.monotonic()
    page.goto(f"{server}lab/index.html?path={path}")
    panel = page.locator(PANEL)
    panel.locator(".jp-Cell").first.wait_for()
    idle = page.locator(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]')
    idle.first.wait_for(timeout=KERNEL_START)
    return page, panel, time.monotonic() - started


RAN = """count => {
  const notebook = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
  const prompts = [...document.querySelectorAll(notebook + '.jp-CodeCell .jp-InputPrompt')];
  const done = prompts.filter(p => /\\[\\d+\\]/.test(p.textContent)).length;
  const failed = document.querySelector(
    notebook + '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  return failed !== null || done >= Math.min(count, prompts.length);
}"""
"""Whether ``count`` code cells (at most all: a notebook may have none) have run, or an
error shows (Run All stops there)."""


STARTED = """() => {
  const prompts = [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')];
  return prompts.length === 0 || prompts.some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent));
}"""
"""Whether a code cell is queued, running or done (or the notebook has none)."""


def run_all(page: Any, panel: Any) -> tuple[float, float]:
    """Run every cell (Run ▸ Run All Cells) and wait until each code cell has run or an
    error shows; the seconds until the first code cell was done (the kernel's start-up and
    gamelib's import included) and until all were."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    started = time.monotonic()
    for attempt in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        item = page.locator('li[data-command="runmenu:run-all"]').first
        item.wait_for()
        item.click()
        try:  # right after the kernel starts, a run-all is sometimes dropped: run it again
            page.wait_for_function(STARTED, timeout=30_000, polling=100)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    page.wait_for_function(RAN, arg=1, timeout=RUN, polling=100)
    first = time.monotonic() - started
    page.wait_for_function(RAN, arg=10_000, timeout=RUN, polling=100)
    return first, time.monotonic() - started


def bad_outputs(panel: Any) -> list[str]:
    """The error and warning outputs (tracebacks and stderr) of the notebook's cells."""
    stderr = "application/vnd.jupyter.stderr"
    outputs = panel.locator(f'.jp-OutputArea-output[data-mime-type="{stderr}"]')
    return [outputs.nth(index).inner_text()[:800] for index in range(outputs.count())]


def svg_text(image: Any) -> str:
    """The SVG document an output shows (inline, or as an <img> with a data: URL)."""
    return str(
        image.evaluate(
            """element => element.tagName.toLowerCase() === 'svg'
              ? element.outerHTML
              : decodeURIComponent(element.src.slice(element.src.indexOf(',') + 1))"""
        )
    )


def cell_output(panel: Any, index: int) -> Any:
    return panel.locator(".jp-Cell").nth(index).locator(".jp-OutputArea-output")


def test_browser_check_notebook(browser: Any, server: str) -> None:
    """gamelib, α-β, a Graphviz drawing and an animation in the browser, offline."""
    context, watch = offline_context(browser, {"width": 1400, "height": 1100}, server)
    try:
        page, panel, opened = open_notebook(context, server, "checks/browser_check.ipynb")
        first, seconds = run_all(page, panel)
        print(
            f"\n[lite] cold cache: notebook open {opened:.1f} s, first cell done "
            f"{opened + first:.1f} s after page load; browser_check ran in {seconds:.1f} s"
        )
        assert bad_outputs(panel) == []
        text = panel.inner_text()
        assert "emscripten" in text
        assert "α-β: value 3, best move A" in text
        assert "Graphviz compiled to WebAssembly" in text
        drawing = cell_output(panel, 3).first
        image = drawing.locator("img, svg").first
        image.wait_for(timeout=10_000)
        svg = html.unescape(svg_text(image))
        assert "β-cut at D:" in svg  # a pruned edge says which cut removed it, as on the desktop
        assert "R returns 3 (exact)" in svg
        screenshot(drawing, "lite_tree_drawing.png")
        animation = cell_output(panel, 4).first
        forward = animation.locator("button.gamelib-step-forward")
        forward.wait_for(timeout=10_000)
        assert "step 0 of 37" in animation.inner_text()
        first_frame = svg_text(animation.locator("img, svg").first)
        for _ in range(18):  # to the β-cut at D
            forward.click()
        page.wait_for_function(
            "element => element.innerText.includes('step 18 of 37')",
            arg=animation.element_handle(),
            timeout=20_000,
        )
        assert svg_text(animation.locator("img, svg").first) != first_frame
        screenshot(animation, "lite_animation.png")
        page.close()
        page, panel, opened = open_notebook(context, server, "checks/browser_check.ipynb")
        first, seconds = run_all(page, panel)
        print(
            f"[lite] warm cache: first cell done {opened + first:.1f} s after page load; "
            f"browser_check ran in {seconds:.1f} s"
        )
        assert bad_outputs(panel) == []
    finally:
        context.close()
    assert watch.problems() == []


def test_welcome_notebook(browser: Any, server: str) -> None:
    """Notebook 00 runs top to bottom in the browser, offline, without an error."""
    context, watch = offline_context(browser, {"width": 1400, "height": 1100}, server)
    try:
        page, panel, opened = open_notebook(context, server, "00_welcome.ipynb")
        first, seconds = run_all(page, panel)
        print(
            f"\n[lite] first cell done {opened + first:.1f} s after page load; "
            f"00_welcome ran in {seconds:.1f} s (of which the kernel's start-up)"
        )
        assert bad_outputs(panel) == []
        assert re.search(r"minimax: value 3, best move A", panel.inner_text())
    finally:
        context.close()
    assert watch.problems() == []
