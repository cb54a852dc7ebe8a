"""The window notebook in a real JupyterLab: its probe and re-search animations step.

Runs ``notebooks/08_windows.ipynb`` top to bottom in headless Chromium, waits until the
kernel has run every cell and is idle (a click sent earlier waits behind the running cells),
then steps the MTD(f) animation (one panel per probe, stepped together) and the PVS animation to the
re-search of H, and checks what each panel says. Screenshots go to
``tests/browser/screenshots/`` (not committed).
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import LONG, notebook_page, run_all_until_visible, screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/08_windows.ipynb"


def test_probes_and_re_searches_step_in_jupyterlab(jupyter_lab: str) -> None:
    from playwright.sync_api import expect

    with notebook_page(jupyter_lab, NOTEBOOK) as (page, panel):
        animations = panel.locator(".gamelib-animation")
        probes = animations.filter(has_text="probe 3: is it ≥ 4?").first
        run_all_until_visible(page, probes)
        expect(animations).to_have_count(4, timeout=LONG)

        # MTD(f): three probes side by side, one slider
        probes.scroll_into_view_if_needed()
        titles = probes.locator(".gamelib-title")
        expect(titles).to_have_count(3)
        expect(titles.nth(0)).to_contain_text("probe 1: is it ≥ 0?")
        drawings = probes.locator(".gamelib-drawing svg")
        expect(drawings).to_have_count(3)
        forward = probes.locator(".gamelib-step-forward").first
        sentences = probes.locator(".gamelib-sentence")
        expect(sentences.nth(0)).to_contain_text("step 0 of")
        for step in range(1, 4):  # each click waits for the kernel's answer: the next step
            forward.click()
            expect(sentences.nth(0)).to_contain_text(f"step {step} of")
        expect(sentences.nth(2)).to_contain_text("window (3, 4)")
        screenshot(page, "20_mtdf_probes.png")

        # PVS next to fail-soft: step to the re-search of H (step 11 of PVS's trace)
        pvs = animations.filter(has_text="PVS").first
        pvs.scroll_into_view_if_needed()
        forward = pvs.locator(".gamelib-step-forward").first
        sentence = pvs.locator(".gamelib-sentence").first
        for step in range(1, 12):
            forward.click()
            expect(sentence).to_contain_text(f"step {step} of")
        expect(sentence).to_contain_text("H is searched again with (1, ∞)")
        screenshot(page, "21_pvs_re_search.png")
