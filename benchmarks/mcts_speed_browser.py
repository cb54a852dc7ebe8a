"""How fast UCT runs on 8×8 Othello in the browser edition's Pyodide, next to the bare game.

Run from the repository root, after the browser edition is built (``python lite/build.py``,
or any run of the ``lite`` or ``site`` lane)::

    python benchmarks/mcts_speed_browser.py                 # lite/_output, 3 rounds
    python benchmarks/mcts_speed_browser.py --site PATH --rounds 5 --iterations 3000

It serves the built edition's files on a local port, opens a page in headless Chromium
(Debian's ``chromium``, as the browser tests do) that loads the edition's own Pyodide
(``static/pyodide``) and its own gamelib wheel (from the edition's lock file, exactly what a
student's kernel installs), and runs :func:`benchmarks.mcts_speed.bare_games_per_second` and
:func:`~benchmarks.mcts_speed.uct_iterations_per_second` there, in alternating rounds, as the
CPython benchmark does: random games played to the end through the Game protocol (games/s)
and :func:`gamelib.search.mcts.uct` with uniform playouts from the start (iterations/s),
wall-clock time (Pyodide has no separate processor clock). The page runs Pyodide on the
browser's main thread; JupyterLite's kernel runs the same Pyodide in a web worker, which
computes at the same speed (it is one thread either way). The whole run takes under a minute
on this project's machine (the time is printed); it is a script, not a test of the lite lane,
because the figure depends on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>UCT speed in Pyodide</title></head>
<body><pre id="out">loading</pre>
<script type="module">
import { loadPyodide } from "./static/pyodide/pyodide.mjs";
const out = document.getElementById("out");
try {
  const pyodide = await loadPyodide({ indexURL: "./static/pyodide/" });
  await pyodide.loadPackage(["gamelib"]);
  const benchmark = await (await fetch("./mcts_speed.py")).text();
  pyodide.FS.writeFile("/home/pyodide/mcts_speed.py", benchmark);
  pyodide.globals.set("ROUNDS", ROUNDS_VALUE);
  pyodide.globals.set("ITERATIONS", ITERATIONS_VALUE);
  pyodide.globals.set("GAMES", GAMES_VALUE);
  out.textContent = pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
import mcts_speed
from gamelib.games.othello import Othello
game = Othello()
lines = []
bare_best = uct_best = 0.0
for round_number in range(1, ROUNDS + 1):
    bare, _ = mcts_speed.bare_games_per_second(game, GAMES, seed=round_number)
    iterations, _ = mcts_speed.uct_iterations_per_second(game, ITERATIONS, seed=round_number)
    bare_best, uct_best = max(bare_best, bare), max(uct_best, iterations)
    lines.append(f"round {round_number}: bare game {bare:7,.0f} games/s   "
                 f"UCT {iterations:7,.0f} iterations/s")
lines.append(f"best: bare game {bare_best:,.0f} random games/s; UCT {uct_best:,.0f} "
             f"iterations/s (uniform playouts to the end, Othello 8×8 from the start, "
             f"Pyodide, Python {sys.version.split()[0]})")
"\\\\n".join(lines)
`);
} catch (error) {
  out.textContent = "failed: " + error;
}
document.title = "done";
</script></body></html>
"""


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """A static file server of ``folder`` on a free local port (quiet); its base URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without a line per request; ``.mjs`` and ``.wasm`` with their types."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def browser_speed(
    site: Path, *, rounds: int = 3, iterations: int = 1_000, games: int = 500, timeout: float = 300
) -> str:
    """The figures printed by the page (see the module's description) for the edition built
    in ``site``: one line per round, then the best of each, or ``failed: …``.

    Raises:
        FileNotFoundError: no built edition in ``site``, or no ``chromium`` on the PATH.
    """
    if not (site / "static" / "pyodide" / "pyodide.mjs").is_file():
        raise FileNotFoundError(f"no built edition in {site}: run python lite/build.py first")
    chromium = shutil.which("chromium")
    if chromium is None:
        raise FileNotFoundError("Debian's chromium is needed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        (folder / "static").symlink_to((site / "static").resolve())
        shutil.copy(ROOT / "benchmarks" / "mcts_speed.py", folder / "mcts_speed.py")
        page_text = (
            PAGE.replace("ROUNDS_VALUE", str(rounds))
            .replace("ITERATIONS_VALUE", str(iterations))
            .replace("GAMES_VALUE", str(games))
        )
        (folder / "index.html").write_text(page_text, encoding="utf-8")
        with served(folder) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
            )
            try:
                page = browser.new_page()
                page.goto(url + "index.html")
                page.wait_for_function("document.title === 'done'", timeout=timeout * 1000)
                text: str = page.inner_text("#out")
            finally:
                browser.close()
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=str(ROOT / "lite" / "_output"), help="the built edition")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (best kept)")
    parser.add_argument("--iterations", type=int, default=1_000, help="UCT iterations a round")
    parser.add_argument("--games", type=int, default=500, help="bare games a round")
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for the page")
    arguments = parser.parse_args()
    started = time.perf_counter()
    try:
        text = browser_speed(
            Path(arguments.site),
            rounds=arguments.rounds,
            iterations=arguments.iterations,
            games=arguments.games,
            timeout=arguments.timeout,
        )
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 2
    print(text)
    print(f"(the whole run, Pyodide's start-up included: {time.perf_counter() - started:.0f} s)")
    return 0 if text.startswith("round") else 1


if __name__ == "__main__":
    sys.exit(main())
