"""Printing a worksheet's HTML to PDF with headless Chromium."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

HEADLESS_ARGUMENTS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""How Chromium runs without a screen on a machine with a closed network (the background
networking it would otherwise try is refused, many times over)."""


def chromium_executable() -> str:
    """The Chromium to print with (``chromium`` or ``chromium-browser`` on the PATH).

    Raises:
        FileNotFoundError: saying how to install it.
    """
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    raise FileNotFoundError(
        "Chromium is needed to print the PDF: 'sudo apt-get install chromium' "
        "(bash scripts/course.sh worksheet installs it)"
    )


def print_pdf(html_path: Path, pdf_path: Path, timeout: float = 120) -> Path:
    """Print ``html_path`` to ``pdf_path`` with headless Chromium (A4, no header or footer).

    Raises:
        FileNotFoundError: without Chromium.
        RuntimeError: when Chromium fails or writes no PDF.
    """
    executable = chromium_executable()
    with tempfile.TemporaryDirectory(prefix="worksheet-chromium-") as profile:
        completed = subprocess.run(
            [
                executable,
                *HEADLESS_ARGUMENTS,
                f"--user-data-dir={profile}",
                "--no-pdf-header-footer",
                f"--print-to-pdf={pdf_path.resolve()}",
                html_path.resolve().as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    if completed.returncode != 0 or not pdf_path.exists() or pdf_path.stat().st_size == 0:
        raise RuntimeError(
            f"Chromium could not print {html_path} (exit code {completed.returncode}): "
            f"{completed.stderr[-2000:]}"
        )
    return pdf_path
