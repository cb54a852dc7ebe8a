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
* the two labs one after the other in one browser context (one storage): each keeps its own
  workspace and storage, so the Japanese lab opens only its notebook and its kernel runs a cell;
* the website's "run in your browser" links (site/_build/html, with the edition in its
  ``lite/`` folder, as ``bash scripts/course.sh site`` builds it): every notebook page has
  one, and it opens that notebook in JupyterLite (a Japanese page's in the Japanese lab).

The notebooks run :data:`WIDTH` at a time, each in a browser context of its own that it keeps
for all its notebooks (a warm cache, as a student who opened the course before): while one runs
in its tab, the next loads and starts its kernel (:class:`Overlap`); what went wrong in a
context is charged to the notebook open in it, and each notebook still opens alone, as shipped,
with only its own kernel. The website's links are followed the same way. Each notebook's times
(kernel ready, Run All), taken in its page, are printed and written to
tests/browser/screenshots/lite_times.json (with another notebook running beside it: the
browser_check notebook's, timed alone, are the kernel's start-up); ``python lite/times.py``
sets them beside the desktop's. Screenshots of the drawing and of the animation go to
tests/browser/screenshots/.

The edition is built first (``python lite/build.py``) when lite/_output has no index.html;
``bash scripts/course.sh lite`` builds it.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    REPOSITORY,
    SCREENSHOTS,
    Watch,
    axe_violations,
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
WIDTH = 2
"""Notebooks (or website pages) open at once, each in a browser context of its own: on 2 cores,
one tab's kernel runs its cells while the next tab loads JupyterLab and starts its kernel."""

RUN_ALONE = ("10_your_player.ipynb",)
"""Notebooks (by file name, in both editions) run with no other tab busy beside them: their
players think within a time budget, and in Pyodide gamelib's clock is the wall clock
(gamelib/tournament/in_kernel.py), which runs on while another tab has the cores (ja/10's
check of a sample player failed once beside another notebook and passed alone)."""


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


@dataclass
class Slot:
    """An offline browser context (its own storage, HTTP cache and service worker) and the
    watch of what went wrong in it (blocked requests, console errors, missing files)."""

    context: Any
    watch: Watch


@contextlib.contextmanager
def offline_slots(browser: Any, url: str) -> Iterator[list[Slot]]:
    """:data:`WIDTH` offline browser contexts for the site at ``url`` (closed afterwards)."""
    made: list[Slot] = []
    try:
        for _ in range(WIDTH):
            made.append(Slot(*offline_context(browser, VIEWPORT, url)))
        yield made
    finally:
        for slot in made:
            slot.context.close()


@pytest.fixture(scope="module")
def slots(browser: Any, server: str) -> Iterator[list[Slot]]:
    """The browser contexts of all the notebooks (their caches warm up on the first ones)."""
    with offline_slots(browser, server) as made:
        yield made


def forget(watch: Watch) -> None:
    for found in (watch.blocked, watch.errors, watch.missing):
        found.clear()


class Overlap:
    """Jobs done :data:`WIDTH` at a time, in a given order, each in a :class:`Slot` of its own.

    ``start(job, slot)`` sets a job going in the browser (forgetting the slot's watch first) and
    returns what finishes it: a function that waits for the job, closes its page and returns
    its outcome. :meth:`outcome` returns a job's outcome, having first started the jobs after
    it that have a free slot, so the browser works on them while this one is waited for (a
    job for which ``alone(job)`` is true is started only when no other runs, and none starts
    beside it). A failure of a job (in its start or its finish) is raised by :meth:`outcome`
    for that job alone, with the problems its slot saw (:meth:`problems`) kept for it too.
    """

    def __init__(
        self,
        jobs: list[Any],
        slots: list[Slot],
        start: Callable[[Any, Slot], Callable[[], Any]],
        alone: Callable[[Any], bool] = lambda job: False,
    ) -> None:
        self.jobs = jobs
        self.alone = alone
        self.free = list(slots)
        self.start = start
        self.started = 0  # jobs[:started] have been started
        self.running: dict[Any, tuple[Slot, Callable[[], Any]]] = {}
        self.seen: dict[Any, list[str]] = {}

    def launch(self, job: Any) -> None:
        slot = self.free.pop(0)
        forget(slot.watch)
        try:
            finish = self.start(job, slot)
        except Exception as error:
            failure = error

            def finish() -> Any:
                raise failure

        self.running[job] = (slot, finish)

    def outcome(self, job: Any) -> Any:
        """The outcome of ``job`` (its failure raised), once it is finished."""
        if job not in self.running and self.jobs[self.started : self.started + 1] != [job]:
            raise ValueError(f"{job!r} is not the next job to start")
        ahead = self.jobs.index(job) + WIDTH
        while self.started < min(ahead, len(self.jobs)) and self.free:
            following = self.jobs[self.started]
            if self.running and (self.alone(following) or any(map(self.alone, self.running))):
                break
            self.launch(following)
            self.started += 1
        slot, finish = self.running.pop(job)
        try:
            return finish()
        finally:
            self.seen[job] = slot.watch.problems()
            self.free.append(slot)

    def problems(self, job: Any) -> list[str]:
        """What went wrong in the slot of the finished ``job`` while it was there."""
        return self.seen[job]


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


def open_notebook(context: Any, server: str, path: str) -> tuple[Any, Any]:
    """Open ``path`` in JupyterLite's lab (:func:`lab_page`) as a fresh visitor (the site's
    stored workspace forgotten); returns the page and the notebook panel once its kernel is idle
    (ready)."""
    page = context.new_page()
    page.set_default_timeout(RUN)
    page.goto(f"{server}jupyter-lite.json")  # a page of the site's origin, without the app
    page.evaluate(FORGET_STORAGE)
    page.goto(f"{server}{lab_page(path)}?path={path}")
    panel = page.locator(PANEL)
    panel.locator(".jp-Cell").first.wait_for()
    idle = page.locator(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]')
    idle.first.wait_for(timeout=KERNEL_START)
    return page, panel


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


CLOCK = f"""() => {{
  const times = window.gamelibRun = {{}};
  const firstDone = {FIRST_DONE}, finished = {FINISHED};
  const timer = setInterval(() => {{
    const now = performance.now();
    if (times.first === undefined && firstDone()) times.first = now;
    if (finished()) {{
      times.finished = now;
      clearInterval(timer);
    }}
  }}, 100);
}}"""
"""Notes in the page, every 0.1 s, when the first code cell is done (:data:`FIRST_DONE`) and when
no cell is queued or running (:data:`FINISHED`), in milliseconds since the page's load began
(``performance.now()``): the times stay right while Python waits for another tab."""

CLOCKED = "() => window.gamelibRun?.finished !== undefined"
"""Whether the run :data:`CLOCK` watches is over."""


def start_run_all(page: Any) -> None:
    """Run every cell (Run ▸ Run All Cells) and start the page's :data:`CLOCK` once a cell is
    queued or running."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
    page.evaluate(CLOCK)


def wait_for_run(page: Any, notebook: str) -> dict[str, float]:
    """Wait until the run :func:`start_run_all` began is over; its times (printed): seconds
    from the page's load to the first code cell done (the kernel's start-up and gamelib's
    import included: the kernel starts when the first cell asks for it), and of Run All after
    the first cell (the notebook's own run, to set beside the desktop's)."""
    page.wait_for_function(CLOCKED, timeout=2 * RUN, polling=100)
    clock = page.evaluate("() => window.gamelibRun")
    times = {
        "first_cell_after_load": clock["first"] / 1000,
        "run_after_first_cell": (clock["finished"] - clock["first"]) / 1000,
    }
    print(
        f"\n[lite] {notebook}: first cell done {times['first_cell_after_load']:.1f} s after the "
        f"page load, the rest ran in {times['run_after_first_cell']:.1f} s"
    )
    return times


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


OPEN_METADATA = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return panel && panel.context ? JSON.parse(JSON.stringify(panel.context.model.metadata)) : null;
}"""
"""The metadata of the notebook in the lab's current tab, as JupyterLab holds it now."""

SPEC_RACE = {"kernelspec": {"name": "python"}}
"""What JupyterLab itself writes when a kernel's spec has not loaded by the time the kernel
connects (``NotebookPanel._updateSpec`` sets ``display_name`` and ``language`` from
``await kernel.spec``, undefined then): the notebook opens modified for a reason that is not
the edition's. Seen once in a clean-clone run on a loaded machine; any other change is the
edition's fault."""


def changed_metadata(page: Any, notebook: str) -> dict[str, Any]:
    """The top-level metadata entries of ``notebook``, open in the lab's current tab, that
    differ from the shipped file's (lite/_output/files), with their values now."""
    shipped = json.loads((OUTPUT / "files" / notebook).read_text(encoding="utf-8"))["metadata"]
    now = page.evaluate(OPEN_METADATA) or {}
    return {
        key: now.get(key)
        for key in sorted(set(shipped) | set(now))
        if now.get(key) != shipped.get(key)
    }


def check_opened_as_shipped(page: Any, notebook: str) -> None:
    """``notebook``, open with its kernel idle, is not marked as modified (its tab has no
    ``jp-mod-dirty``), and JupyterLab's menus are in its language."""
    tab = page.locator(".lm-TabBar-tab.lm-mod-current", has_text=Path(notebook).name).first
    if "jp-mod-dirty" in (tab.get_attribute("class") or ""):
        changed = changed_metadata(page, notebook)
        assert changed == SPEC_RACE, f"{notebook} opens modified: its metadata now {changed}"
    labels = menu_labels(page)
    if notebook.startswith("ja/"):
        assert set(JAPANESE_MENUS.values()) <= set(labels), labels
        assert page.evaluate("document.documentElement.lang").startswith("ja")
    else:
        assert set(JAPANESE_MENUS) <= set(labels), labels


def open_and_run_all(context: Any, server: str, notebook: str) -> tuple[Any, Any]:
    """Open ``notebook`` (:func:`open_notebook`), check it opened as shipped with all its cells
    shown, and start Run All (:func:`start_run_all`); the page and the panel. The page is
    closed if that fails."""
    page, panel = open_notebook(context, server, notebook)
    try:
        page.wait_for_function(ALL_CELLS, arg=len(staged_cells(notebook)), polling=100)
        check_opened_as_shipped(page, notebook)
        start_run_all(page)
    except BaseException:
        page.close()
        raise
    return page, panel


def timed_run(context: Any, server: str, notebook: str) -> tuple[Any, Any, dict[str, float]]:
    """Open ``notebook`` and run all its cells, with nothing else open in ``context``; the
    page, the panel and the times (:func:`wait_for_run`)."""
    page, panel = open_and_run_all(context, server, notebook)
    return page, panel, wait_for_run(page, notebook)


def test_browser_check_notebook(slots: list[Slot], server: str) -> None:
    """gamelib, α-β, a Graphviz drawing and an animation in the browser, offline; the
    kernel's start-up with a cold cache, then with a warm one (nothing else open)."""
    context, watch = slots[0].context, slots[0].watch
    forget(watch)
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
    # the notebook's own content (outputs, Markdown) passes axe-core's WCAG A and AA rules
    violations = axe_violations(
        page, "lite: checks/browser_check.ipynb", OUR_CONTENT, NOT_OURS_IN_THE_OUTPUTS
    )
    assert not violations, "\n".join(violations)
    page.close()
    violations = landing_page_violations(context, server)
    assert not violations, "\n".join(violations)
    page, panel, warm = timed_run(context, server, "checks/browser_check.ipynb")
    assert bad_outputs(panel) == []
    page.close()
    record_times("checks/browser_check.ipynb (cold cache)", cold)
    record_times("checks/browser_check.ipynb (warm cache)", warm)
    assert watch.problems() == []


OPEN_PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # PANEL in plain CSS, for axe-core
OUR_CONTENT = f"{OPEN_PANEL} .jp-OutputArea, {OPEN_PANEL} .jp-MarkdownOutput"
"""The course's own part of an open notebook: the cells' outputs and the rendered Markdown.
The rest is JupyterLab's interface, in which axe-core finds violations of its own (the cells'
code editors have no accessible name, the windowed cell list's role, icon-only buttons): they
are JupyterLab's to fix, and the accessibility statement says so."""

NOT_OURS_IN_THE_OUTPUTS = frozenset(
    {
        # JupyterLab shows an image/svg+xml output (the Graphviz drawing) as an <img> with no alt
        ("image-alt", "img"),
    }
)
"""Violations axe-core finds inside browser_check.ipynb's outputs that are in JupyterLab's
rendering, which gamelib cannot reach from Python: listed as a known problem on the
accessibility page. Any other violation fails the test. The animation (``show(trace)``) adds
none: its controls are named (:mod:`gamelib.render.animation`), it has no slider, and
ipywidgets' Play widget, whose icon buttons have no name, is laid out with ``display: none``,
which axe-core's rules pass over."""

JUPYTERLAB_OWN = frozenset(
    {
        ("aria-allowed-attr", 'jp-button[title="Upload Files"]'),
        ("aria-allowed-attr", 'jp-button[data-command="filebrowser:toggle-file-filter"]'),
    }
)
"""axe-core's violations on the edition's landing page (JupyterLab's file browser) that are
JupyterLab's own (rule, element): its toolbar's toggle buttons carry ``aria-pressed``, which
their custom element's role does not allow. Any other violation there fails the test."""


def landing_page_violations(context: Any, server: str) -> list[str]:
    """axe-core's WCAG A/AA violations on the edition's landing page as a first visitor sees it
    (its index.html, which opens the lab on the file browser), JupyterLab's own
    (:data:`JUPYTERLAB_OWN`) aside."""
    page = context.new_page()
    page.set_default_timeout(RUN)
    page.goto(f"{server}jupyter-lite.json")  # a page of the site's origin, without the app
    page.evaluate(FORGET_STORAGE)  # a first visit: no notebook reopened from the workspace
    page.goto(f"{server}index.html")
    page.locator(".jp-DirListing-item").first.wait_for()
    found = axe_violations(page, "lite landing page", others=JUPYTERLAB_OWN)
    page.close()
    return found


def staged_cells(notebook: str) -> list[dict[str, Any]]:
    """The cells of ``notebook`` as the edition ships it."""
    text = (OUTPUT / "files" / notebook).read_text(encoding="utf-8")
    return list(json.loads(text)["cells"])


def may_fail(notebook: str) -> list[bool]:
    """Per cell of ``notebook``, whether it may fail: it is tagged ``raises-exception`` (the
    homework's unanswered tasks)."""
    cells = staged_cells(notebook)
    return ["raises-exception" in cell.get("metadata", {}).get("tags", []) for cell in cells]


def finish_notebook(
    page: Any, panel: Any, notebook: str
) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """Wait for the Run All of ``notebook``, run on below each failed cell that may fail (as a
    student does after an unanswered task) and close the page; the report of its cells
    (:func:`cell_report`) and the times of its Run All (:func:`wait_for_run`)."""
    try:
        times = wait_for_run(page, notebook)
        allowed = may_fail(notebook)
        for _ in range(sum(allowed)):
            report = cell_report(panel)
            stopped = [
                index
                for index, shown in enumerate(report)
                if shown["code"]
                and "[ ]" in shown["prompt"]
                and any(allowed[i] and report[i]["errors"] for i in range(index))
            ]
            if not stopped:
                break
            run_from(page, panel, stopped[0])
        report = cell_report(panel)
    finally:
        page.close()
    return report, times


def start_notebook(notebook: str, slot: Slot, server: str) -> Callable[[], Any]:
    """Open ``notebook`` in ``slot`` and start its Run All (:func:`open_and_run_all`); what
    finishes it (:func:`finish_notebook`)."""
    page, panel = open_and_run_all(slot.context, server, notebook)
    return lambda: finish_notebook(page, panel, notebook)


@pytest.fixture(scope="module")
def notebook_runs(request: pytest.FixtureRequest, slots: list[Slot], server: str) -> Overlap:
    """The runs of the notebooks that :func:`test_notebook_runs_in_the_browser` checks, in the
    order of its selected tests, :data:`WIDTH` at a time (:class:`Overlap`)."""
    selected = [
        item.callspec.params["notebook"]
        for item in request.session.items
        if getattr(item, "originalname", None) == "test_notebook_runs_in_the_browser"
    ]
    return Overlap(
        selected,
        slots,
        lambda job, slot: start_notebook(job, slot, server),
        alone=lambda job: Path(job).name in RUN_ALONE,
    )


@pytest.mark.parametrize("notebook", edition_notebooks())
def test_notebook_runs_in_the_browser(notebook_runs: Overlap, notebook: str) -> None:
    """``notebook`` opens unmodified in its language's lab (:func:`check_opened_as_shipped`),
    and Run All runs every code cell without an error or a warning; only a cell tagged
    ``raises-exception`` (the homework's unanswered tasks) may fail. Nothing went wrong in its
    browser context meanwhile."""
    report, times = notebook_runs.outcome(notebook)
    allowed = may_fail(notebook)
    assert len(report) == len(allowed), "the page shows the notebook's cells"
    failures = []
    for index, shown in enumerate(report):
        if shown["errors"] and not allowed[index]:
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
    assert notebook_runs.problems(notebook) == []


def website_notebook_pages() -> list[Path]:
    """The notebook pages of both books of the website."""
    return sorted(
        [*(WEBSITE / "notebooks").rglob("*.html"), *(WEBSITE / "ja/notebooks").rglob("*.html")]
    )


def follow_link(url: str, path: Path, notebook: str, slot: Slot) -> Callable[[], None]:
    """Open the website's page ``path`` (served at ``url``) in ``slot`` as a fresh visitor and
    click its "run in your browser" link; what checks that the link opened ``notebook`` in
    JupyterLite with JupyterLab's menus in the page's language, then closes the page."""
    page = slot.context.new_page()
    page.set_default_timeout(RUN)
    try:
        # a fresh visitor each time: a lab's stored workspace would reopen the notebook
        # this slot opened there before
        page.goto(f"{url}lite/jupyter-lite.json")
        page.evaluate(FORGET_STORAGE)
        page.goto(url + str(path.relative_to(WEBSITE)))
        page.locator("a.gamelib-run-in-browser").first.click()
    except BaseException:
        page.close()
        raise

    def check() -> None:
        try:
            tab = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
            tab.filter(has_text=Path(notebook).name).first.wait_for()
            page.locator(PANEL).locator(".jp-Cell").first.wait_for()
            menus = JAPANESE_MENUS.values() if notebook.startswith("ja/") else JAPANESE_MENUS
            assert set(menus) <= set(menu_labels(page)), f"{path.name}: {menu_labels(page)}"
        finally:
            page.close()

    return check


def test_website_links_open_the_browser_edition(browser: Any) -> None:
    """Every notebook page of the website's two books (built with the edition in ``lite/``)
    links to its notebook in the edition, and the link opens that notebook there, offline, with
    JupyterLab's menus in the page's language (:data:`WIDTH` pages at a time, each in a
    browser context of its own)."""
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
    problems = []
    with static_server(WEBSITE) as url, offline_slots(browser, url) as slots:
        links = Overlap(
            list(targets),
            slots,
            lambda path, slot: follow_link(url, path, targets[path], slot),
        )
        for path in targets:
            links.outcome(path)
            problems += links.problems(path)
    assert problems == []


NOTEBOOK_TABS = """() => [...document.querySelectorAll('.lm-DockPanel .lm-TabBar-tab')]
  .map(tab => tab.querySelector('.lm-TabBar-tabLabel')?.textContent ?? '')
  .filter(label => label.endsWith('.ipynb'))"""
"""The labels of the notebook tabs open in the lab's main area."""

FIRST_CODE_CELL_DONE = rf"""() => /\[\d+\]/.test(({PROMPTS})()[0] ?? '')"""
"""Whether the open notebook's first code cell has run (its prompt shows a number)."""


def run_first_code_cell(page: Any, panel: Any) -> None:
    """Select the first code cell of the notebook on ``page`` and run it (Run ▸ Run Selected
    Cell), then wait until its prompt shows that it ran."""
    panel.locator(".jp-CodeCell").first.locator(".jp-InputPrompt").click()
    page.locator(".lm-MenuBar-itemLabel", has_text=RUN_MENU).first.click()
    item = page.locator('li[data-command="notebook:run-cell"]').first
    item.wait_for()
    item.click()
    page.wait_for_function(FIRST_CODE_CELL_DONE, timeout=RUN, polling=100)


def test_both_labs_one_after_the_other(browser: Any, server: str) -> None:
    """The English lab, then the Japanese lab, opened in ONE browser context (one storage, as a
    student's browser) with the English page left open: each lab shows only its own notebook
    (the Japanese lab does not restore the English lab's workspace), its kernel starts, and its
    first code cell runs without an error; nothing goes wrong in the context (no "…was
    disposed", no null kernel)."""
    context, watch = offline_context(browser, VIEWPORT, server)
    try:
        page = context.new_page()
        page.goto(f"{server}jupyter-lite.json")  # a first visit: nothing stored yet
        page.evaluate(FORGET_STORAGE)
        page.close()
        for notebook in ("00_welcome.ipynb", "ja/00_welcome.ipynb"):
            page = context.new_page()
            page.set_default_timeout(RUN)
            page.goto(f"{server}{lab_page(notebook)}?path={notebook}")
            panel = page.locator(PANEL)
            panel.locator(".jp-CodeCell").first.wait_for()
            idle = page.locator(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]')
            idle.first.wait_for(timeout=KERNEL_START)
            assert page.evaluate(NOTEBOOK_TABS) == [Path(notebook).name], notebook
            check_opened_as_shipped(page, notebook)
            run_first_code_cell(page, panel)
            assert bad_outputs(panel) == [], notebook
        assert watch.problems() == []
    finally:
        context.close()
