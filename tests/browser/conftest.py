"""What the real-browser tests share: a JupyterLab server, Debian's chromium, screenshots.

The ``jupyter_lab`` fixture starts ``jupyter lab`` from the project's virtual environment on a
free port (one server per test module) and shuts it and its kernels down afterwards. The
helpers open nothing by themselves: each test launches chromium (:func:`chromium_path`, which
fails with a clear message when it is missing), opens its notebook and uses
:func:`wait_for_idle_kernel` and :func:`run_all_until_visible` to run it.

Every wait is for a state (the kernel idle, every cell run, a widget's text), never for a
fixed time, so the tests pass on a machine of any speed: a widget is clicked only once the
kernel has run every cell, since a click sent while cells still run waits behind them.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from gamelib.worksheets.pdf import HEADLESS_ARGUMENTS
from tests.browser.static_server import static_server

__all__ = ["static_server"]  # the tests import it from here, with the other helpers

REPOSITORY = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
TOKEN = "gamelib-browser-test"
CHROMIUM_ARGUMENTS = list(HEADLESS_ARGUMENTS)
PANEL = ".jp-NotebookPanel:visible"
LONG = 90_000  # milliseconds: a cold kernel start and the first run can be slow
WHOLE_NOTEBOOK = 600_000  # milliseconds: the most a run of all cells may take (08, busy)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_server(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    """Wait until JupyterLab answers ``/api/status`` (or fail with its log)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"jupyter lab exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    pytest.fail(f"jupyter lab did not answer at {url} within {seconds} s")


def stop_server(url: str, process: subprocess.Popen[bytes]) -> None:
    """Shut JupyterLab and its kernels down: politely first, then by signal."""
    try:
        request = urllib.request.Request(f"{url}/api/shutdown?token={TOKEN}", method="POST")
        urllib.request.urlopen(request, timeout=5).close()
        process.wait(timeout=15)
    except Exception:  # whatever happened, make sure it is gone below
        pass
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def write_lab_settings(directory: Path) -> None:
    """JupyterLab settings for the test: no news question over the widgets, no autosave
    (the committed notebook must stay without outputs), and every cell kept in the page
    (no windowing), so that :func:`wait_for_every_cell_run` sees every cell's prompt."""
    settings = {
        "apputils-extension/notification": '{"fetchNews": "false", "checkForUpdates": false}',
        "docmanager-extension/plugin": '{"autosave": false}',
        "notebook-extension/tracker": '{"windowingMode": "none"}',
    }
    for name, text in settings.items():
        path = directory / "@jupyterlab" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def jupyter_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server serving the repository; yields its base URL."""
    port = free_port()
    jupyter = Path(sys.executable).parent / "jupyter"
    home = tmp_path_factory.mktemp("jupyter")
    write_lab_settings(home / "settings")
    environment = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
    }
    log = (home / "server.log").open("wb")
    command = [
        str(jupyter),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={TOKEN}",
        "--allow-root",
        f"--ServerApp.root_dir={REPOSITORY}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    process = subprocess.Popen(
        command,
        cwd=REPOSITORY,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(url, process)
        yield url
    finally:
        stop_server(url, process)
        log.close()


def chromium_path() -> str:
    """Debian's chromium, or a failure that says how to get it."""
    path = shutil.which("chromium")
    if path is None:
        pytest.fail(
            "Debian's `chromium` is not installed, so the browser test cannot run: "
            "run the project's set-up (it does `apt-get install -y chromium`)."
        )
    return path


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name), full_page=True)


def worker_name(name: str) -> str:
    """``name`` (a file name) with the pytest-xdist worker's id before its suffix when the
    tests run on several workers (``00_run_all_lost_1_gw0.png``), so that two workers' files
    of the same name do not overwrite each other; ``name`` itself in a run without xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return name
    path = Path(name)
    return f"{path.stem}_{worker}{path.suffix}"


def wait_for_idle_kernel(page: Any) -> None:
    """Wait until the notebook's kernel has started and is idle."""
    indicator = page.locator(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]')
    indicator.first.wait_for(timeout=LONG)


def wait_until(
    page: Any,
    state: str,
    predicate: str,
    arg: Any = None,
    timeout: float = LONG,
    shown: str | None = None,
) -> None:
    """Wait until the JavaScript function ``predicate`` (given ``arg``) returns true. If it
    does not within ``timeout`` milliseconds, fail with ``state`` (the state waited for, in
    words) and, if ``shown`` (a JavaScript function of ``arg``) is given, what the page shows
    instead, so that the failure's one-line message says what did not happen."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(predicate, arg=arg, timeout=timeout)
    except PlaywrightTimeout:
        now = ""
        if shown is not None:
            try:
                now = f"; the page shows: {page.evaluate(shown, arg)}"
            except PlaywrightError as error:
                now = f"; what the page shows could not be read: {error.message}"
        pytest.fail(f"not within {timeout / 1000:g} s: {state}{now}")


EVERY_CELL_RUN = r"""() => {
    const panel = [...document.querySelectorAll(".jp-NotebookPanel")]
        .find(element => element.offsetParent !== null);
    if (!panel) return false;
    const indicator = panel.querySelector(".jp-Notebook-ExecutionIndicator");
    const prompts = [...panel.querySelectorAll(".jp-CodeCell .jp-InputPrompt")];
    return indicator !== null && indicator.dataset.status === "idle" && prompts.length > 0
        && prompts.every(prompt => /^\[\d+\]:$/.test(prompt.textContent.trim()));
}"""
"""True when the visible notebook's kernel is idle and every code cell shows an execution
count (none waits as ``[*]``, none is unrun as ``[ ]``)."""


RUN_STARTED = r"""() => [...document.querySelectorAll(".jp-NotebookPanel")]
    .filter(element => element.offsetParent !== null)
    .some(panel => [...panel.querySelectorAll(".jp-CodeCell .jp-InputPrompt")]
        .some(prompt => /^\[(\*|\d+)\]:$/.test(prompt.textContent.trim())))"""
"""True when a code cell of the visible notebook is queued, running or run."""


def wait_for_every_cell_run(page: Any) -> None:
    """Wait until the kernel has run every code cell of the notebook and is idle."""
    page.wait_for_function(EVERY_CELL_RUN, timeout=WHOLE_NOTEBOOK)


def accept_kernel_choice(page: Any) -> bool:
    """If JupyterLab asks which kernel to start (it does when a kernel start was slow, on a
    busy machine), accept its choice, the notebook's own kernel, and wait until that kernel is
    idle. Whether it asked."""
    dialog = page.locator(".jp-Dialog", has_text="Select Kernel")
    if not dialog.count():
        return False
    dialog.locator("button.jp-mod-accept").first.click()
    dialog.wait_for(state="detached")
    wait_for_idle_kernel(page)
    return True


def run_all_cells(page: Any) -> None:
    """Run every cell through the Run menu's ``runmenu:run-all`` command. A kernel choice
    that JupyterLab asks for first is accepted (:func:`accept_kernel_choice`); any other
    dialog over the menu fails the test with its text."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    menu = page.locator(".lm-MenuBar-itemLabel", has_text="Run").first
    for _ in range(6):
        accept_kernel_choice(page)
        dialog = page.locator(".jp-Dialog")
        if dialog.count():
            screenshot(page, worker_name("00_dialog_over_the_menu.png"))
            pytest.fail(f"a JupyterLab dialog covers the menu: {dialog.first.inner_text()!r}")
        try:
            menu.click(timeout=LONG // 6)
            break
        except PlaywrightTimeout:  # something covered the menu meanwhile: look again
            continue
    else:
        pytest.fail("the Run menu could not be clicked")
    item = page.locator('li[data-command="runmenu:run-all"]').first
    item.wait_for()
    item.click()


def run_all_until_visible(page: Any, target: Any, attempts: int = 3) -> None:
    """Run all cells until ``target`` shows, then wait until the kernel has run every cell and
    is idle (:func:`wait_for_every_cell_run`), so that a click on ``target`` is not queued
    behind cells still running.

    Right after the kernel starts, JupyterLab sometimes drops a run-all (the cells stay
    unexecuted, no prompt turns to ``[*]``); then the run-all is sent again.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(1, attempts + 1):
        run_all_cells(page)
        try:
            page.wait_for_function(RUN_STARTED, timeout=LONG // 6)
        except PlaywrightTimeout:
            screenshot(page, worker_name(f"00_run_all_lost_{attempt}.png"))
            accept_kernel_choice(page)  # a kernel choice asked for after the click
            continue
        target.wait_for(timeout=WHOLE_NOTEBOOK)
        wait_for_every_cell_run(page)
        return
    pytest.fail(f"no run of all cells started after {attempts} attempts")


@contextmanager
def notebook_page(jupyter_lab: str, notebook: str) -> Iterator[tuple[Any, Any]]:
    """Open ``notebook`` in JupyterLab in headless chromium, wait for its idle kernel, and
    yield the page and the notebook's panel; the browser is closed afterwards."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=LONG // 3)  # a widget's reply can be slow on a busy machine
    executable = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGUMENTS, headless=True
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.set_default_timeout(LONG)
            page.goto(f"{jupyter_lab}/lab/tree/{notebook}?reset&token={TOKEN}")
            panel = page.locator(PANEL)
            expect(panel).to_have_count(1, timeout=LONG)
            panel.locator(".jp-Cell").first.wait_for()
            wait_for_idle_kernel(page)
            yield page, panel
        finally:
            browser.close()


@contextmanager
def headless_chromium(*extra_arguments: str) -> Iterator[Any]:
    """Debian's chromium launched headless by Playwright (closed afterwards)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium_path(),
            args=[*CHROMIUM_ARGUMENTS, *extra_arguments],
            headless=True,
        )
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Watch:
    """What went wrong while a page was open: blocked requests, errors, missing files."""

    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"blocked request to {url}" for url in self.blocked]
            + [f"console error: {text}" for text in self.errors]
            + [f"missing local file: {url}" for url in self.missing]
        )


def offline_context(browser: Any, viewport: dict[str, int], *allowed: str) -> tuple[Any, Watch]:
    """A browser context that lets only URLs starting with ``allowed`` (and data:, blob:,
    about:) through, aborting and recording every other request; it also records console
    errors, uncaught exceptions and responses with an error status (any page or worker)."""
    context = browser.new_context(viewport=viewport)
    watch = Watch()
    local = (*allowed, "data:", "blob:", "about:")

    def route(route: Any) -> None:
        url = route.request.url
        if url.startswith(local):
            route.continue_()
        else:
            watch.blocked.append(url)
            route.abort()

    def failed(request: Any) -> None:
        if not request.url.startswith(local) and request.url not in watch.blocked:
            watch.blocked.append(request.url)

    def console(message: Any) -> None:
        if message.type == "error":
            watch.errors.append(f"{message.text} ({message.location.get('url', '')})")

    def on_page(page: Any) -> None:
        page.on("console", console)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        page.on("requestfailed", failed)

    context.route("**/*", route)
    context.on("page", on_page)
    context.on(
        "response",
        lambda response: watch.missing.append(response.url) if response.status >= 400 else None,
    )
    return context, watch


DRAWING_TEXT_JS = """
  // the smallest text of a drawing as shown: [height in CSS pixels, its first 20 characters]
  const smallestText = svg => {
    let smallest = [Infinity, ""];
    svg.querySelectorAll("text").forEach(text => {
      if (!text.textContent.trim() || text.getClientRects().length === 0) return;
      const matrix = text.getScreenCTM();
      const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b);
      const rounded = Math.round(size * 100) / 100;  // the hundredth of a pixel
      if (rounded < smallest[0]) smallest = [rounded, text.textContent.trim().slice(0, 20)];
    });
    return smallest;
  };
  // the drawing's box: the nearest ancestor that clips it
  const clippingBox = svg => {
    let box = svg.parentElement;
    while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
    return box;
  };
"""
"""JavaScript that defines ``smallestText(svg)`` and ``clippingBox(svg)``, the measures the
drawing tests share; a measuring function's body starts with it."""


AXE_SCRIPT = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core from npm (tests/browser/package.json, pinned by its lock file; ``bash
scripts/course.sh test`` installs it with ``npm ci``)."""
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
"""The axe rules run: those for WCAG 2.0, 2.1 and 2.2 at levels A and AA."""

AXE_RUN_JS = """async ([tags, within]) => {
    const context = within === null ? document : {include: [within]};
    const result = await axe.run(context, {
        runOnly: {type: "tag", values: tags}, resultTypes: ["violations"],
    });
    return result.violations.flatMap(rule => rule.nodes.map(node => ({
        rule: rule.id,
        impact: node.impact || rule.impact || "",
        element: node.target.map(part => [].concat(part).join(" >> ")).join(" >> "),
        summary: (node.failureSummary || rule.help).replace(/\\s+/g, " ").trim(),
    })));
}"""
"""Runs axe on the page (or only inside the selector ``within``); one record per element that
violates a rule."""


def axe_violations(
    page: Any,
    name: str,
    within: str | None = None,
    others: frozenset[tuple[str, str]] = frozenset(),
) -> list[str]:
    """The WCAG A and AA violations axe-core finds on ``page`` as it is now (in its current
    theme and state), one line per element: ``name: rule (impact) element: summary``. With
    ``within`` (a CSS selector) only that part of the page is checked; ``others`` are
    violations, as (rule, element), that are another project's to fix (JupyterLab's own
    interface), left out. axe is injected from the local npm package, so nothing is fetched."""
    if not AXE_SCRIPT.exists():
        pytest.fail(
            f"axe-core is not installed ({AXE_SCRIPT} is missing): run "
            "`cd tests/browser && npm ci`, or the project's set-up `bash scripts/course.sh test`."
        )
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    records = page.evaluate(AXE_RUN_JS, [list(AXE_TAGS), within])
    return [
        f"{name}: {record['rule']} ({record['impact']}) {record['element']}: {record['summary']}"
        for record in records
        if (record["rule"], record["element"]) not in others
    ]


# ------------------------------------------------------------------ fixtures the modules share

TRAINER = REPOSITORY / "site" / "trainer"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium (:func:`headless_chromium`) for the whole module that asks for it;
    each test opens its own contexts in it. A module may define its own ``browser`` instead."""
    with headless_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def trainer_server() -> Iterator[str]:
    """site/trainer/ on a local static server (:func:`static_server`) for the module; yields
    its base URL, which ends in ``/``."""
    with static_server(TRAINER) as url:
        yield url
