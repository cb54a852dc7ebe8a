"""Print the weight of every page of the built website (site/_build/html): bytes per page.

For each HTML page: the bytes of the HTML file itself, and the bytes a first visit loads
from the site, that is the HTML plus every local stylesheet, script and image it references
(each counted once per page; the theme's files are shared by all pages and cached by a
browser after the first). The goal of the course's website is at most 1.5 MB of HTML per page.
The website has two books, English and Japanese (``ja/``): each page is listed, then a line per
book. The JupyterLite edition in ``lite/`` is an application, not pages of the website: it is
left out (``lite/build.py`` prints its size).

Usage: ``python benchmarks/page_weight.py [site/_build/html] [--limit 1500000]``
(exit code 1 when a page's HTML is over the limit).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SITE = ROOT / "site" / "_build" / "html"
GOAL = 1_500_000
_REFERENCE = re.compile(
    r"<(?:script|img)\b[^>]*?\bsrc=\"([^\"]+)\"|<link\b[^>]*?\bhref=\"([^\"]+)\"[^>]*>",
    re.IGNORECASE,
)


def page_weights(site: Path) -> list[tuple[str, int, int]]:
    """Each page of ``site`` (relative path), its HTML bytes and its bytes with local assets."""
    rows = []
    for page in sorted(site.rglob("*.html")):
        parts = page.relative_to(site).parts
        if "_static" in parts or parts[0] == "lite":
            continue  # the theme's template fragments and the browser edition, not pages
        html = page.read_text(encoding="utf-8", errors="replace")
        assets: set[Path] = set()
        for match in _REFERENCE.finditer(html):
            reference = match.group(1) or match.group(2)
            parts = urlsplit(reference)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            asset = (page.parent / unquote(parts.path)).resolve()
            if asset.is_file() and asset.suffix != ".html":
                assets.add(asset)
        size = page.stat().st_size
        rows.append(
            (
                str(page.relative_to(site)),
                size,
                size + sum(asset.stat().st_size for asset in assets),
            )
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path, default=DEFAULT_SITE)
    parser.add_argument("--limit", type=int, default=GOAL, help="bytes of HTML per page")
    arguments = parser.parse_args()
    if not arguments.site.is_dir():
        print(f"no site at {arguments.site}: build it with 'bash scripts/course.sh site'")
        return 2
    rows = page_weights(arguments.site)
    width = max(len(name) for name, _, _ in rows)
    print(f"{'page':<{width}}  {'HTML bytes':>12}  {'with assets':>12}")
    for name, size, total in rows:
        flag = "  over the limit" if size > arguments.limit else ""
        print(f"{name:<{width}}  {size:>12,}  {total:>12,}{flag}")
    for book, in_book in (
        ("English", [row for row in rows if not row[0].startswith("ja/")]),
        ("Japanese", [row for row in rows if row[0].startswith("ja/")]),
    ):
        if in_book:
            heaviest = max(in_book, key=lambda row: row[1])
            print(
                f"{book}: {len(in_book)} pages, {sum(row[1] for row in in_book):,} bytes of "
                f"HTML in all; heaviest: {heaviest[0]} with {heaviest[1]:,} bytes"
            )
    heaviest = max(rows, key=lambda row: row[1])
    print(f"heaviest of all: {heaviest[0]} with {heaviest[1]:,} bytes (limit {arguments.limit:,})")
    return 1 if heaviest[1] > arguments.limit else 0


if __name__ == "__main__":
    sys.exit(main())
