"""The bytes a reader's browser transfers from the course's website, measured in Chromium.

The built website (``site/_build/html``, both books) is served by a plain local static server
(the browser tests' ``tests/browser/static_server.py``, Python's ``http.server``: no
compression, ``Last-Modified`` headers, as the simplest static host) and opened in headless
Chromium (Debian's ``chromium``, through Playwright) with an empty cache. Chromium's own
network log (the DevTools protocol's ``encodedDataLength`` of every finished request: status
line, headers and body, as they came over the wire; 0 for a file taken from the browser's
cache) gives, for each book:

* **first visit**: the home page with an empty cache, its HTML and every asset it loads
  (stylesheets, scripts, fonts, images), until the network is idle;
* **next page**: every other page of the book, one after the other in the same browser,
  each counted alone (what was cached by an earlier page is not fetched again).

The goal of the course's website: at most 1.5 MB for a first visit, 0.7 MB for a next page
(``--first-limit``, ``--next-limit``; the exit code is 1 when a figure is over its goal).
Every page of a book is listed with its bytes and requests (``--pages`` lists them; by default
the heaviest three are shown; ``--assets`` lists what a first visit transferred, file by file),
then a summary line per book. Several built sites can be
measured in one run (``python benchmarks/page_weight.py OLD_HTML site/_build/html``): each is
measured in a fresh browser, and the summaries are printed side by side, so that a change is
measured before and after on the same machine at the same time. Outside requests are refused
(``--host-resolver-rules``), so a page that asked for a CDN would show as a failed request, not
as bytes. The JupyterLite edition (``lite/``) is an application, not a page of the website: it
is left out (``lite/build.py`` prints its size).

Usage: ``python benchmarks/page_weight.py [SITE ...] [--pages] [--first-limit BYTES]
[--next-limit BYTES]`` (default SITE: site/_build/html).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.browser.static_server import static_server  # noqa: E402  (the tests' server)

DEFAULT_SITE = ROOT / "site" / "_build" / "html"
FIRST_VISIT_GOAL = 1_500_000
NEXT_PAGE_GOAL = 700_000
BOOKS = {"English": "", "Japanese": "ja/"}
"""Each book's folder in the site."""
CHROMIUM_ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    # every host but the local server is unknown: an outside request fails instead of loading
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


@dataclass
class Visit:
    """What opening one page transferred."""

    page: str
    bytes: int = 0
    requests: int = 0
    cached: int = 0
    failed: list[str] = field(default_factory=list)
    transfers: list[tuple[str, int]] = field(default_factory=list)
    """Each request that transferred bytes: its URL and its bytes, largest first."""


@dataclass
class BookWeight:
    """A book's first visit (its home page, empty cache) and its next pages (warm cache)."""

    book: str
    first: Visit
    next_pages: list[Visit]

    def heaviest_next(self) -> Visit:
        return max(self.next_pages, key=lambda visit: visit.bytes)


def book_pages(site: Path, folder: str) -> list[str]:
    """The pages of the book in ``folder`` (relative to the site), home page first; the
    theme's template fragments, the other book and the browser edition left out."""
    pages = []
    for page in sorted((site / folder).rglob("*.html")):
        parts = page.relative_to(site).parts
        if "_static" in parts or parts[0] == "lite" or (not folder and parts[0] == "ja"):
            continue
        pages.append(str(page.relative_to(site)))
    home = f"{folder}index.html"
    return [home, *sorted(set(pages) - {home})]


def visit(page: Any, session: Any, url: str, name: str) -> Visit:
    """Open ``url`` in ``page`` and add up what the network log says it transferred."""
    result = Visit(name)
    finished: dict[str, int] = {}
    from_cache: set[str] = set()
    urls: dict[str, str] = {}

    def on_request(event: dict[str, Any]) -> None:
        urls[event["requestId"]] = event["request"]["url"]

    def on_finished(event: dict[str, Any]) -> None:
        finished[event["requestId"]] = int(event["encodedDataLength"])

    def on_cache(event: dict[str, Any]) -> None:
        from_cache.add(event["requestId"])

    def on_failed(event: dict[str, Any]) -> None:
        result.failed.append(urls.get(event["requestId"], "?"))

    handlers = {
        "Network.requestWillBeSent": on_request,
        "Network.loadingFinished": on_finished,
        "Network.requestServedFromCache": on_cache,
        "Network.loadingFailed": on_failed,
    }
    for event, handler in handlers.items():
        session.on(event, handler)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.goto(url, wait_until="load")
        page.wait_for_load_state("networkidle")
    except PlaywrightTimeout:  # counted as far as it came, and reported
        result.failed.append(f"{name}: the network was not idle within the timeout")
    finally:
        for event, handler in handlers.items():
            session.remove_listener(event, handler)
    result.bytes = sum(finished.values())
    result.requests = sum(1 for size in finished.values() if size > 0)
    result.cached = len(from_cache | {key for key, size in finished.items() if size == 0})
    result.transfers = sorted(
        ((urls.get(key, "?"), size) for key, size in finished.items() if size > 0),
        key=lambda transfer: -transfer[1],
    )
    return result


def measure(site: Path, browser: Any) -> list[BookWeight]:
    """Each book of ``site``: its first visit and next pages, in a fresh browser context."""
    weights = []
    with static_server(site) as base:
        for book, folder in BOOKS.items():
            if not (site / folder / "index.html").is_file():
                continue
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            try:
                page = context.new_page()
                page.set_default_timeout(120_000)  # a busy machine
                session = context.new_cdp_session(page)
                session.send("Network.enable")
                pages = book_pages(site, folder)
                visits = [visit(page, session, base + name, name) for name in pages]
            finally:
                context.close()
            weights.append(BookWeight(book, visits[0], visits[1:]))
    return weights


def megabytes(count: int) -> str:
    return f"{count / 1e6:.2f} MB"


def print_site(site: Path, weights: list[BookWeight], all_pages: bool, assets: bool) -> None:
    print(f"\n{site}")
    for weight in weights:
        shown = sorted(weight.next_pages, key=lambda visit: -visit.bytes)
        if not all_pages:
            shown = shown[:3]
        first = weight.first
        width = max(len(visit.page) for visit in [first, *shown])
        print(f"  {weight.book} book")
        print(f"    {'page':<{width}}  {'bytes':>11}  requests  from cache")
        label = "(first visit)"
        for name, entry in [(label, first), *(("", visit) for visit in shown)]:
            print(
                f"    {entry.page:<{width}}  {entry.bytes:>11,}  {entry.requests:>8}  "
                f"{entry.cached:>10}  {name}"
            )
            for url in entry.failed:
                print(f"      failed request: {url}")
            if assets and entry is first:
                for url, size in entry.transfers:
                    print(f"      {size:>11,}  {url.split('/', 3)[-1]}")
        if not all_pages and len(weight.next_pages) > len(shown):
            print(f"    … and {len(weight.next_pages) - len(shown)} lighter pages (--pages)")


def summary_rows(weights: list[BookWeight]) -> dict[str, str]:
    rows = {}
    for weight in weights:
        heaviest = weight.heaviest_next()
        rows[f"{weight.book}: first visit (home page)"] = (
            f"{megabytes(weight.first.bytes)} in {weight.first.requests} requests"
        )
        rows[f"{weight.book}: heaviest next page"] = (
            f"{megabytes(heaviest.bytes)} ({heaviest.page})"
        )
        median = sorted(visit.bytes for visit in weight.next_pages)[len(weight.next_pages) // 2]
        rows[f"{weight.book}: median next page"] = megabytes(median)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="*", type=Path, default=[DEFAULT_SITE])
    parser.add_argument("--pages", action="store_true", help="list every page, not the top 3")
    parser.add_argument(
        "--assets", action="store_true", help="list what each first visit transferred"
    )
    parser.add_argument("--first-limit", type=int, default=FIRST_VISIT_GOAL)
    parser.add_argument("--next-limit", type=int, default=NEXT_PAGE_GOAL)
    arguments = parser.parse_args()
    for site in arguments.sites:
        if not (site / "index.html").is_file():
            print(f"no site at {site}: build it with 'python site/build.py'")
            return 2
    executable = shutil.which("chromium")
    if executable is None:
        print("Debian's chromium is needed: apt-get install -y chromium")
        return 2
    from playwright.sync_api import sync_playwright

    measured: dict[Path, list[BookWeight]] = {}
    with sync_playwright() as playwright:
        for site in arguments.sites:
            browser = playwright.chromium.launch(
                executable_path=executable, args=CHROMIUM_ARGUMENTS, headless=True
            )
            try:
                measured[site] = measure(site, browser)
            finally:
                browser.close()
    for site, weights in measured.items():
        print_site(site, weights, arguments.pages, arguments.assets)
    columns = {site: summary_rows(weights) for site, weights in measured.items()}
    labels = list(dict.fromkeys(label for rows in columns.values() for label in rows))
    titles = [str(index + 1) for index in range(len(columns))]
    print("\nsummary" + ("" if len(columns) == 1 else " (sites in the order given: 1, 2, …)"))
    width = max(len(label) for label in labels)
    column = max(len(value) for rows in columns.values() for value in rows.values())
    if len(columns) > 1:
        print(f"  {'':<{width}}  " + "  ".join(f"{title:<{column}}" for title in titles))
    for label in labels:
        values = [rows.get(label, "") for rows in columns.values()]
        print(f"  {label:<{width}}  " + "  ".join(f"{value:<{column}}" for value in values))
    last = list(measured.values())[-1]
    over = [
        f"{weight.book} first visit {megabytes(weight.first.bytes)}"
        for weight in last
        if weight.first.bytes > arguments.first_limit
    ] + [
        f"{weight.book} next page {weight.heaviest_next().page} "
        f"{megabytes(weight.heaviest_next().bytes)}"
        for weight in last
        if weight.heaviest_next().bytes > arguments.next_limit
    ]
    failed = [
        url for weight in last for v in [weight.first, *weight.next_pages] for url in v.failed
    ]
    print(
        f"goals: first visit ≤ {megabytes(arguments.first_limit)}, "
        f"next page ≤ {megabytes(arguments.next_limit)} "
        + ("(met by the last site)" if not over else "; over: " + "; ".join(over))
    )
    if failed:
        print(f"{len(failed)} failed requests (outside requests are refused): {failed[:3]}")
    return 1 if over or failed else 0


if __name__ == "__main__":
    sys.exit(main())
