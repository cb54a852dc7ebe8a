"""The slide decks' index pages, and deck 03 at its first slide, pass axe-core's WCAG 2.2 A and
AA rules (tags ``wcag2a``, ``wcag2aa``, ``wcag21a``, ``wcag21aa``, ``wcag22aa``), in both
editions, opened offline from slides/_build (built by test_slides.py's ``decks`` fixture, as
``bash scripts/course.sh slides`` builds them). A failure names every violation: page, rule,
impact, element and axe's summary.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import axe_violations, headless_chromium, offline_context, static_server
from tests.browser.test_slides import DECK, JAPANESE_DECK, PROJECTOR, READY
from tests.browser.test_slides import decks as decks  # the fixture: builds the decks

pytestmark = pytest.mark.browser

INDEXES = ("index.html", "ja/index.html")


@pytest.fixture(scope="module")
def server(decks: Path) -> Iterator[str]:
    with static_server(decks) as url:
        yield url


def test_the_slide_indexes_and_a_deck_have_no_wcag_violation(server: str) -> None:
    violations: list[str] = []
    with headless_chromium() as browser:
        context, watch = offline_context(browser, PROJECTOR, server)
        page = context.new_page()
        for address in (*INDEXES, DECK, JAPANESE_DECK):
            page.goto(server + address, wait_until="load")
            if address.endswith(".slides.html"):
                page.wait_for_function(READY)  # laid out and split: what the room sees
            assert not watch.problems(), (address, watch.problems())  # the page loads cleanly
            violations += axe_violations(page, f"slides/_build/{address}")
            # axe-core reads the style sheets itself (for css-orientation-lock) and resolves
            # reveal.js's theme's nested @import of its fonts against the page, not the sheet:
            # a request of its own that misses, not the page's
            watch.missing.clear()
            watch.errors.clear()
        context.close()
    assert not violations, "\n".join(violations)
