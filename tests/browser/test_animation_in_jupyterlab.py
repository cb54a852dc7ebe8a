"""The α-β animation in a real JupyterLab, driven by headless Chromium through Playwright.

The test starts ``jupyter lab`` from the project's virtual environment on a free port,
opens ``tests/browser/animation_demo.ipynb``, runs every cell with the Run menu's
``runmenu:run-all`` command, waits for the widget, then presses the step button and play and
checks that the drawing (SVG) and the sentence change. Screenshots go to
``tests/browser/screenshots/`` (not committed).

Debian's ``chromium`` is required (``playwright install`` cannot download browsers here): the
set-up installs it, and without it this test fails and says so.
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
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

REPOSITORY = Path(__file__).resolve().parents[2]
NOTEBOOK = "tests/browser/animation_demo.ipynb"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
TOKEN = "gamelib-browser-test"
CHROMIUM_ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PANEL = ".jp-NotebookPanel:visible"
LONG = 90_000  # milliseconds: a cold kernel start and the first run can be slow


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
    (the committed notebook must stay without outputs)."""
    settings = {
        "apputils-extension/notification": '{"fetchNews": "false", "checkForUpdates": false}',
        "docmanager-extension/plugin": '{"autosave": false}',
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


def wait_for_idle_kernel(page: Any) -> None:
    """Wait until the notebook's kernel has started and is idle."""
    indicator = page.locator(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]')
    indicator.first.wait_for(timeout=LONG)


def run_all_cells(page: Any) -> None:
    """Run every cell through the Run menu's ``runmenu:run-all`` command."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    item = page.locator('li[data-command="runmenu:run-all"]').first
    item.wait_for()
    item.click()


def run_all_until_visible(page: Any, target: Any, attempts: int = 3) -> None:
    """Run all cells until ``target`` shows; run again if a run was lost while connecting.

    Right after the kernel starts, JupyterLab sometimes drops a run-all (the cells stay
    unexecuted); running them again is harmless here.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(1, attempts + 1):
        page.wait_for_timeout(1000)
        run_all_cells(page)
        try:
            target.wait_for(timeout=LONG // attempts)
            return
        except PlaywrightTimeout:
            screenshot(page, f"00_no_widget_after_run_{attempt}.png")
    pytest.fail(f"the widget did not appear after {attempts} runs of all cells")


def test_the_animation_steps_and_plays_in_jupyterlab(jupyter_lab: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    executable = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGUMENTS, headless=True
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.set_default_timeout(LONG)
            page.goto(f"{jupyter_lab}/lab/tree/{NOTEBOOK}?reset&token={TOKEN}")
            panel = page.locator(PANEL)
            expect(panel).to_have_count(1, timeout=LONG)
            panel.locator(".jp-Cell").first.wait_for()
            wait_for_idle_kernel(page)
            animation = panel.locator(".gamelib-animation").first
            run_all_until_visible(page, animation)
            sentence = animation.locator(".gamelib-sentence").first
            drawing = animation.locator(".gamelib-drawing svg").first
            expect(sentence).to_contain_text("Before the search", timeout=LONG)
            drawing.wait_for()
            animation.scroll_into_view_if_needed()
            screenshot(page, "01_widget_at_step_0.png")
            start_svg = drawing.evaluate("node => node.outerHTML")

            animation.locator(".gamelib-step-forward").first.click()
            expect(sentence).to_contain_text("alphabeta starts at R (MAX)")
            stepped_svg = drawing.evaluate("node => node.outerHTML")
            assert stepped_svg != start_svg
            screenshot(page, "02_after_one_step.png")

            play_pause = animation.locator(".widget-play button").first
            play_pause.click()  # play
            page.wait_for_function(  # playing moves on by itself: wait until past step 4
                "element => Number(element.textContent.split(' ')[1]) >= 4",
                arg=sentence.element_handle(),
                timeout=20_000,
            )
            screenshot(page, "03_playing.png")
            play_pause.click()  # pause (the same button)
            page.wait_for_timeout(1500)  # the last step the player sent has arrived
            played_text = sentence.inner_text()
            played_svg = drawing.evaluate("node => node.outerHTML")
            played_step = int(played_text.split()[1])
            assert played_step >= 4
            assert played_svg not in (start_svg, stepped_svg)
            page.wait_for_timeout(1500)
            assert sentence.inner_text() == played_text  # paused: nothing moves

            # Step to the β-cut at D (step 18), forwards or, if playing went past it, back.
            direction = "forward" if played_step <= 18 else "back"
            button = animation.locator(f".gamelib-step-{direction}").first
            for step in range(played_step, 18, 1 if direction == "forward" else -1):
                button.click()
                expect(sentence).to_contain_text(
                    f"step {step + 1 if direction == 'forward' else step - 1} of 37"
                )
            expect(sentence).to_contain_text("β-cut at D: 4 ≥ 3, J pruned")
            expect(animation.locator(".gamelib-drawing").first).to_contain_text("β-cut at D:")
            screenshot(page, "04_beta_cut_at_D.png")

            animation.locator(".widget-toggle-button", has_text="mover view").first.click()
            expect(sentence).to_contain_text("step 18 of 37")
            expect(animation.locator(".gamelib-windows").first).to_contain_text("(−3, ∞)")
            screenshot(page, "05_mover_view.png")

            comparison = panel.locator(".gamelib-animation").nth(1)
            comparison.scroll_into_view_if_needed()
            expect(comparison.locator(".gamelib-title").first).to_contain_text("nega_alpha")
            screenshot(page, "06_side_by_side.png")

            player = panel.locator(".gamelib-player").first  # the HTML player, no widgets
            player.scroll_into_view_if_needed()
            check_static_player(page, player, "07_static_player_in_jupyterlab.png")
        finally:
            browser.close()


def check_static_player(page: Any, player: Any, name: str) -> None:
    """Step and play the HTML player; its sentence and drawing must follow."""
    from playwright.sync_api import expect

    sentence = player.locator(".gamelib-sentence").first
    expect(sentence).to_contain_text("step 0 of 37: Before the search")
    start = player.locator(".gamelib-drawing").first.inner_html()
    player.locator('button[data-action="forward"]').click()
    expect(sentence).to_contain_text("step 1 of 37: alphabeta starts at R (MAX)")
    assert player.locator(".gamelib-drawing").first.inner_html() != start
    player.locator(".gamelib-speed").select_option("200")
    player.locator('button[data-action="play"]').click()
    # Playing moves on by itself: wait until it has passed step 5 (a poll for one exact step
    # can miss it on a busy machine), then take the slider, which also stops the playing.
    page.wait_for_function(
        "element => Number(element.textContent.split(' ')[1]) >= 5",
        arg=sentence.element_handle(),
        timeout=15_000,
    )
    player.locator(".gamelib-slider").fill("18")
    expect(sentence).to_contain_text("step 18 of 37: β-cut at D: 4 ≥ 3, J pruned")
    expect(player.locator(".gamelib-drawing").first).to_contain_text("β-cut at D:")
    player.locator(".gamelib-view").select_option("mover")
    expect(player.locator(".gamelib-windows").first).to_contain_text("(−3, ∞)")
    screenshot(page, name)


def test_the_static_player_plays_in_a_plain_browser(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from gamelib.render import StaticAnimation, to_html
    from gamelib.search import alphabeta
    from gamelib.trace import record
    from gamelib.trees import TEXTBOOK

    page_file = StaticAnimation(to_html(record(alphabeta, TEXTBOOK["alpha-beta-windows"])))
    path = page_file.save(tmp_path / "player.html")
    executable = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGUMENTS, headless=True
        )
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            requests: list[str] = []
            page.on("request", lambda request: requests.append(request.url))
            page.goto(path.as_uri())
            check_static_player(page, page.locator(".gamelib-player"), "08_static_player.png")
            assert all(url.startswith("file:") for url in requests), requests
        finally:
            browser.close()
