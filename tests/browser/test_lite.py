"""The JupyterLite edition (lite/_output) in a real browser, with no network.

The built site is served by a local static server and opened in headless Chromium with every
non-local request blocked (routed away, and unresolvable besides); a blocked request, a console
error, an uncaught exception or a local file that is missing fails the test, and so does an
error or a warning in a cell's output. The notebooks run in Pyodide inside the browser tab:

* lite/checks/browser_check.ipynb: gamelib imported without ``%pip``, α-β on the textbook
  tree (value, evaluated and pruned leaves as on the desktop), a tree drawing by Graphviz
  compiled to WebAssembly, and an animation whose buttons change the drawing; opened with a
  cold browser cache, then again with a warm one (the kernel's start-up time is printed);
* every notebook of the edition, top to bottom (Run All): 00–10, the glossary, the homework's
  student version (its unanswered tasks may fail, nothing else) and the Japanese edition
  (notebooks/ja) when there is one; each opens unmodified (its tab not marked as changed before
  anything ran), and a Japanese one opens in the Japanese lab page, whose JupyterLab menus are
  Japanese (the English lab's stay English);
* the website's "run in your browser" links (site/_build/html, with the edition in its
  ``lite/`` folder, as ``bash scripts/course.sh site`` builds it): every notebook page has
  one, and it opens that notebook in JupyterLite (a Japanese page's in the Japanese lab).

All notebooks share one browser context (a warm cache, as a student who opened the course
before). Each notebook's times (kernel ready, Run All) are printed and written to
tests/browser/screenshots/lite_times.json; ``python lite/times.py`` sets them beside the
desktop's. Screenshots of the drawing and of the animation go to tests/browser/screenshots/.

The edition is built first (``python lite/build.py``) when lite/_output has no index.html;
``bash scripts/course.sh lite`` builds it.
"""

from __future__ import annotations

import html
import json
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
    Watch,
    headless_chromium,
    offline_context,
    static_server,
)

pytestmark = pytest.mark.browser

OUTPUT = REPOSITORY / "lite" / "_output"
WEBSITE = REPOSITORY / "site" / "_build" / "html"
TIMES = SCREENSHOTS / "lite_times.json"
PANEL = ".jp-NotebookPanel:visible"
KERNEL_START = 120_000  # milliseconds: a cold Pyodide start on 2 shared cores
RUN = 240_000
OFFLINE_ARGUMENTS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
VIEWPORT = {"width": 1400, "height": 1100}


def edition_notebooks() -> list[str]:
    """The notebooks a student opens in the edition, as paths inside it."""
    notebooks = REPOSITORY / "notebooks"
    paths = [path.name for path in sorted(notebooks.glob("*.ipynb"))]
    paths.append("exercises/pruning_homework.ipynb")
    paths += [f"ja/{path.name}" for path in sorted((notebooks / "ja").glob("*.ipynb"))]
    paths.append("ja/exercises/pruning_homework.ipynb")
    return paths


@pytest.fixture(scope="module")
def site() -> Path:
    if not (OUTPUT / "index.html").exists():
        subprocess.run([sys.executable, str(REPOSITORY / "lite" / "build.py")], check=True)
    return OUTPUT


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """A static file server of the built edition on a free local port; its base URL."""
    with static_server(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with headless_chromium(*OFFLINE_ARGUMENTS) as launched:
        yield launched


@pytest.fixture(scope="module")
def shared(browser: Any, server: str) -> Iterator[tuple[Any, Watch]]:
    """One offline browser context for all the notebooks (its cache warms up on the first)."""
    context, watch = offline_context(browser, VIEWPORT, server)
    try:
        yield context, watch
    finally:
        context.close()


@pytest.fixture
def watched(shared: tuple[Any, Watch]) -> Iterator[tuple[Any, Watch]]:
    """The shared context and its watch; fails the test on what went wrong while it ran
    (blocked requests, console errors, missing files)."""
    context, watch = shared
    forget(watch)
    yield context, watch
    assert watch.problems() == []


def forget(watch: Watch) -> None:
    for found in (watch.blocked, watch.errors, watch.missing):
        found.clear()


def screenshot(target: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / name
    target.screenshot(path=str(path))
    return path


def record_times(notebook: str, times: dict[str, float]) -> None:
    """Keep ``times`` for ``notebook`` in lite_times.json (other notebooks' are kept)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    recorded = json.loads(TIMES.read_text(encoding="utf-8")) if TIMES.exists() else {}
    recorded[notebook] = {key: round(value, 2) for key, value in times.items()}
    TIMES.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")


FORGET_STORAGE = """async () => {
  localStorage.clear();
  for (const database of await indexedDB.databases()) {
    await new Promise(done => {
      const request = indexedDB.deleteDatabase(database.name);
      request.onsuccess = request.onerror = request.onblocked = done;
    });
  }
}"""
"""Forget what JupyterLite keeps in the browser's storage (the workspace with the notebooks
open before, saved copies of notebooks), not the HTTP cache: each notebook opens alone, as
shipped, and starts only its own kernel."""


JAPANESE_MENUS = {"Run": "実行", "Settings": "設定"}
"""Two menus of JupyterLab's menu bar and their names in its Japanese language pack."""


def lab_page(notebook: str) -> str:
    """The edition's lab page for ``notebook``: the Japanese lab (Japanese menus) for the
    Japanese notebooks in ``ja/``, the lab otherwise."""
    return "ja/lab/index.html" if notebook.startswith("ja/") else "lab/index.html"


def open_notebook(context: Any, server: str, path: str) -> tuple[Any, Any, float]:
    """Open ``path`` in JupyterLite's lab (:func:`lab_page`); returns the page, the notebook
    panel and the seconds until its kernel was idle (ready)."""
    page = context.new_page()
    page.set_default_timeout(RUN)
    page.goto(f"{server}jupyter-lite.json")  # a page of the site's origin, without the app
    page.evaluate(FORGET_STORAGE)
    started = time.monotonic()
    page.goto(f"{server}{lab_page(path)}?path={path}")
    panel = page.locator(PANEL)
    panel.locator(".jp-Cell").first.wait_for()
    idle = page.locator(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]')
    idle.first.wait_for(timeout=KERNEL_START)
    return page, panel, time.monotonic() - started


PROMPTS = """() => [...document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')].map(p => p.textContent)"""
"""The input prompts of the open notebook's code cells: ``[ ]:``, ``[*]:`` or ``[7]:``."""

STARTED = f"""() => {{
  const prompts = ({PROMPTS})();
  return prompts.length === 0 || prompts.some(p => /\\[(\\*|\\d+)\\]/.test(p));
}}"""
"""Whether a code cell is queued, running or done (or the notebook has none)."""

ALL_CELLS = """count => document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell').length >= count"""
"""Whether the notebook shows ``count`` cells (JupyterLab adds them to the page in batches)."""

FIRST_DONE = rf"""() => {{
  const prompts = ({PROMPTS})();
  return prompts.length === 0 || /\[\d+\]/.test(prompts[0]) || !prompts.includes('[*]:');
}}"""
"""Whether the first code cell is done (or nothing is queued any more)."""

FINISHED = f"""() => !({PROMPTS})().some(p => p.includes('[*]'))"""
"""Whether no code cell is queued or running any more (all done, or the rest skipped after an
error)."""


RUN_MENU = re.compile(f"^(Run|{JAPANESE_MENUS['Run']})$")
"""The Run menu's label, in English or Japanese."""


def run_all(page: Any) -> tuple[float, float]:
    """Run every cell (Run ▸ Run All Cells) and wait until no cell is queued or running; the
    seconds until the first code cell was done (the kernel's start-up and gamelib's import
    included: the kernel starts when the first cell asks for it) and until all were."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    started = time.monotonic()
    for attempt in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text=RUN_MENU).first.click()
        item = page.locator('li[data-command="runmenu:run-all"]').first
        item.wait_for()
        item.click()
        try:  # right after the kernel starts, a run-all is sometimes dropped: run it again
            page.wait_for_function(STARTED, timeout=30_000, polling=100)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    page.wait_for_function(FIRST_DONE, timeout=RUN, polling=100)
    first = time.monotonic() - started
    page.wait_for_function(FINISHED, timeout=RUN, polling=100)
    return first, time.monotonic() - started


def run_from(page: Any, panel: Any, index: int) -> None:
    """Run the cell ``index`` and all below it (Run ▸ Run Selected Cell and All Below)."""
    panel.locator(".jp-Cell").nth(index).locator(".jp-InputPrompt").click()
    page.locator(".lm-MenuBar-itemLabel", has_text=RUN_MENU).first.click()
    item = page.locator('li[data-command="notebook:run-all-below"]').first
    item.wait_for()
    item.click()
    page.wait_for_function(FINISHED, timeout=RUN, polling=100)


def cell_report(panel: Any) -> list[dict[str, Any]]:
    """Per cell of the notebook on the page: its kind, prompt and error or warning outputs."""
    return list(
        panel.evaluate(
            """panel => [...panel.querySelectorAll('.jp-Cell')].map(cell => ({
              code: cell.classList.contains('jp-CodeCell'),
              prompt: cell.querySelector('.jp-InputPrompt')?.textContent ?? '',
              errors: [...cell.querySelectorAll(
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
                .map(output => output.innerText.length > 1200
                  ? output.innerText.slice(0, 300) + ' … ' + output.innerText.slice(-900)
                  : output.innerText),
            }))"""
        )
    )


def bad_outputs(panel: Any) -> list[str]:
    """The error and warning outputs (tracebacks and stderr) of the notebook's cells."""
    return [error for cell in cell_report(panel) for error in cell["errors"]]


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


def menu_labels(page: Any) -> list[str]:
    return list(page.locator(".lm-MenuBar-itemLabel").all_inner_texts())


def check_opened_as_shipped(page: Any, notebook: str) -> None:
    """``notebook``, open with its kernel idle, is not marked as modified (its tab has no
    ``jp-mod-dirty``), and JupyterLab's menus are in its language."""
    tab = page.locator(".lm-TabBar-tab.lm-mod-current", has_text=Path(notebook).name).first
    assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), f"{notebook} opens modified"
    labels = menu_labels(page)
    if notebook.startswith("ja/"):
        assert set(JAPANESE_MENUS.values()) <= set(labels), labels
        assert page.evaluate("document.documentElement.lang").startswith("ja")
    else:
        assert set(JAPANESE_MENUS) <= set(labels), labels


def timed_run(context: Any, server: str, notebook: str) -> tuple[Any, Any, dict[str, float]]:
    """Open ``notebook`` and run all its cells; the page, the panel and the times: seconds from
    the page load to the first code cell done (the kernel is ready then), and of Run All after
    the first cell (the notebook's own run, to set beside the desktop's)."""
    page, panel, opened = open_notebook(context, server, notebook)
    page.wait_for_function(ALL_CELLS, arg=len(staged_cells(notebook)), polling=100)
    check_opened_as_shipped(page, notebook)
    first, seconds = run_all(page)
    times = {"first_cell_after_load": opened + first, "run_after_first_cell": seconds - first}
    print(
        f"\n[lite] {notebook}: first cell done {times['first_cell_after_load']:.1f} s after the "
        f"page load, the rest ran in {times['run_after_first_cell']:.1f} s"
    )
    return page, panel, times


def test_browser_check_notebook(watched: tuple[Any, Watch], server: str) -> None:
    """gamelib, α-β, a Graphviz drawing and an animation in the browser, offline; the
    kernel's start-up with a cold cache, then with a warm one."""
    context, _ = watched
    page, panel, cold = timed_run(context, server, "checks/browser_check.ipynb")
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
    page, panel, warm = timed_run(context, server, "checks/browser_check.ipynb")
    assert bad_outputs(panel) == []
    page.close()
    record_times("checks/browser_check.ipynb (cold cache)", cold)
    record_times("checks/browser_check.ipynb (warm cache)", warm)


def staged_cells(notebook: str) -> list[dict[str, Any]]:
    """The cells of ``notebook`` as the edition ships it."""
    text = (OUTPUT / "files" / notebook).read_text(encoding="utf-8")
    return list(json.loads(text)["cells"])


@pytest.mark.parametrize("notebook", edition_notebooks())
def test_notebook_runs_in_the_browser(
    watched: tuple[Any, Watch], server: str, notebook: str
) -> None:
    """Run All runs every code cell of ``notebook`` without an error or a warning; only a
    cell tagged ``raises-exception`` (the homework's unanswered tasks) may fail."""
    context, _ = watched
    page, panel, times = timed_run(context, server, notebook)
    cells = staged_cells(notebook)
    may_fail = ["raises-exception" in cell.get("metadata", {}).get("tags", []) for cell in cells]
    for _ in range(sum(may_fail)):  # a student runs on after an unanswered task: so does this
        report = cell_report(panel)
        stopped = [
            index
            for index, shown in enumerate(report)
            if shown["code"]
            and "[ ]" in shown["prompt"]
            and any(may_fail[i] and report[i]["errors"] for i in range(index))
        ]
        if not stopped:
            break
        run_from(page, panel, stopped[0])
    report = cell_report(panel)
    page.close()
    assert len(report) == len(cells), "the page shows the notebook's cells"
    failures = []
    for index, (shown, cell) in enumerate(zip(report, cells, strict=True)):
        tags = cell.get("metadata", {}).get("tags", [])
        if shown["errors"] and "raises-exception" not in tags:
            failures.append(f"cell {index}: {shown['errors'][0]}")
        elif shown["code"] and not re.search(r"\[\d+\]", shown["prompt"]) and not failures:
            failures.append(f"cell {index} did not run (prompt {shown['prompt']!r})")
    if not failures:
        record_times(notebook, times)
    assert failures == []
    if "exercises/" in notebook:
        errors = [error for shown in report for error in shown["errors"]]
        assert errors, "the student version's unanswered tasks fail their checks"
        assert any("NotImplementedError" in error for error in errors)


def website_notebook_pages() -> list[Path]:
    """The notebook pages of both books of the website."""
    return sorted(
        [*(WEBSITE / "notebooks").rglob("*.html"), *(WEBSITE / "ja/notebooks").rglob("*.html")]
    )


def test_website_links_open_the_browser_edition(browser: Any) -> None:
    """Every notebook page of the website's two books (built with the edition in ``lite/``)
    links to its notebook in the edition, and the link opens that notebook there, offline, with
    JupyterLab's menus in the page's language."""
    if not (WEBSITE / "lite" / "index.html").exists():
        pytest.skip("no website with the browser edition: bash scripts/course.sh site builds it")
    pages = website_notebook_pages()
    assert pages, "the website has notebook pages"
    targets = {}
    for path in pages:
        text = path.read_text(encoding="utf-8")
        link = re.search(r'<a class="[^"]*gamelib-run-in-browser[^"]*" href="([^"]+)"', text)
        assert link, f"{path.relative_to(WEBSITE)} has no 'run in your browser' link"
        href = html.unescape(link.group(1))
        target, _, query = href.partition("?path=")
        lab = WEBSITE / "lite" / lab_page(query)
        assert (path.parent / target).resolve() == lab.resolve()
        assert (WEBSITE / "lite" / "files" / query).is_file(), f"{query} is not in the edition"
        targets[path] = query
    with static_server(WEBSITE) as url:
        context, watch = offline_context(browser, VIEWPORT, url)
        try:
            for path, notebook in targets.items():
                page = context.new_page()
                page.set_default_timeout(RUN)
                # a fresh visitor each time: the English and the Japanese lab share the stored
                # workspace of the site's origin, which would reopen the previous notebooks
                page.goto(f"{url}lite/jupyter-lite.json")
                page.evaluate(FORGET_STORAGE)
                page.goto(url + str(path.relative_to(WEBSITE)))
                page.locator("a.gamelib-run-in-browser").first.click()
                tab = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
                tab.filter(has_text=Path(notebook).name).first.wait_for()
                page.locator(PANEL).locator(".jp-Cell").first.wait_for()
                menus = JAPANESE_MENUS.values() if notebook.startswith("ja/") else JAPANESE_MENUS
                assert set(menus) <= set(menu_labels(page)), f"{path.name}: {menu_labels(page)}"
                page.close()
        finally:
            context.close()
    assert watch.problems() == []
