"""A worksheet: one version's problems and its page (:class:`Worksheet`), versions A and B
of equal difficulty (:func:`make_worksheets`), and the files written for them
(:func:`write_worksheets`)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gamelib.worksheets.markup import CSS, key_html, problem_html
from gamelib.worksheets.pdf import print_pdf
from gamelib.worksheets.problems import (
    CANDIDATES,
    MATCH_TRIES,
    VERSIONS,
    Problem,
    Settings,
    make_problem,
)


@dataclass(frozen=True)
class Worksheet:
    """One version of a worksheet: its problems, and its HTML with the key.

    Attributes:
        seed: the sheet's seed.
        version: ``"A"``, ``"B"``, ...
        settings: size, rules and questions.
        problems: the problems, numbered from 1.
    """

    seed: int
    version: str
    settings: Settings
    problems: tuple[Problem, ...]

    @property
    def title(self) -> str:
        """The sheet's heading."""
        return f"α-β pruning worksheet — version {self.version}"

    def rules(self) -> str:
        """The rules of every problem, in words."""
        return (
            f"Search each tree with α-β: {self.settings.convention.describe()}. MAX moves at "
            "the root (boxes are MAX nodes, ellipses MIN nodes); leaf values and windows "
            "(α, β) are from MAX's view. The search starts with the window (−∞, ∞)."
        )

    def html(self, key: bool = True) -> str:
        """The sheet as one self-contained HTML page for A4: the problems, then (unless
        ``key`` is False: the students' copy) the answer key starting on a new page (each
        problem kept whole on one page)."""
        problems = "".join(problem_html(problem) for problem in self.problems)
        settings = self.settings
        branching = (
            settings.branching
            if isinstance(settings.branching, int)
            else "{}–{}".format(*settings.branching)
        )
        made = (
            f"seed {self.seed}, depth {settings.depth}, branching {branching}, "
            f"version {self.version}"
        )
        return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(self.title)}</title>
<style>{CSS}</style></head><body>
<header><h1>{html.escape(self.title)}</h1>
<p class="who">Name: <span class="line"></span> Student ID: <span class="line short"></span></p>
<p class="rules">{html.escape(self.rules())}</p></header>
{problems}
{self._key_pages(made) if key else ""}
</body></html>
"""

    def _key_pages(self, made: str) -> str:
        """The answer key: its heading on a new page, then each problem's key."""
        keys = "".join(key_html(problem) for problem in self.problems)
        version = html.escape(self.version)
        return f"""<section class="key-start"><h1>Answer key — version {version}</h1>
<p class="rules">{html.escape(self.rules())}</p>
<p class="made">Made by gamelib.worksheets ({html.escape(made)}); every answer is read off
PruningExercise's run of α-β. Grey dashed nodes are pruned; a pruned edge says which cut
removed it; a node's value is what it returns (≥ / ≤: a lower / upper bound).</p></section>
{keys}"""


def make_worksheets(
    seed: int,
    count: int,
    settings: Settings | None = None,
    versions: Sequence[str] = VERSIONS,
) -> list[Worksheet]:
    """One worksheet per version; every version after the first has, problem by problem,
    different trees of the first version's :class:`Difficulty` (see :func:`make_problem`).

    Raises:
        ValueError: for a count outside 1..30, no version, a repeated version name or one
            that is not 1 to 8 letters or digits, or when no trees of equal difficulty are
            found (see :func:`make_problem`).
    """
    settings = settings or Settings()
    if not 1 <= count <= 30:
        raise ValueError(f"count must be from 1 to 30 problems, not {count}")
    if (
        not versions
        or len(set(versions)) != len(versions)
        or not all(re.fullmatch(r"[A-Za-z0-9]{1,8}", version) for version in versions)
    ):
        raise ValueError(
            f"versions must be distinct names of 1 to 8 letters or digits, not {list(versions)!r}"
        )
    columns = [
        _matched_problems(seed, number, settings, versions) for number in range(1, count + 1)
    ]
    return [
        Worksheet(seed, version, settings, tuple(column[index] for column in columns))
        for index, version in enumerate(versions)
    ]


def _matched_problems(
    seed: int, number: int, settings: Settings, versions: Sequence[str]
) -> list[Problem]:
    """Problem ``number`` of every version: the first version's next candidate until every
    other version has a match for it within :data:`MATCH_TRIES` tries (a rare difficulty is
    dropped for a commoner one). Matches with different answers are looked for first among
    :data:`CANDIDATES` candidates; only when none has one is the same answer allowed."""
    for different_answer in (True, False):
        start = 0
        for _ in range(CANDIDATES):
            first = make_problem(seed, versions[0], number, settings, first_attempt=start)
            try:
                return [first] + [
                    make_problem(
                        seed,
                        version,
                        number,
                        settings,
                        like=first,
                        tries=MATCH_TRIES,
                        different_answer=different_answer,
                    )
                    for version in versions[1:]
                ]
            except ValueError:
                start = first.attempt + 1
    raise ValueError(
        f"no trees of equal difficulty for problem {number} in {CANDIDATES} candidates: "
        "try another seed or size"
    )


def write_worksheets(sheets: Sequence[Worksheet], folder: Path, pdf: bool = True) -> list[Path]:
    """Write into ``folder``, for every sheet, the HTML (and PDF) with the key, and the
    students' copy without it (``-questions``); returns the paths written, in that order."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in sheets:
        for suffix, with_key in (("", True), ("-questions", False)):
            stem = folder / (_file_stem(sheet) + suffix)
            html_path = stem.with_suffix(".html")
            html_path.write_text(sheet.html(key=with_key), encoding="utf-8")
            written.append(html_path)
            if pdf:
                written.append(print_pdf(html_path, stem.with_suffix(".pdf")))
    return written


def _file_stem(sheet: Worksheet) -> str:
    settings = sheet.settings
    convention = settings.convention
    branching = (
        str(settings.branching)
        if isinstance(settings.branching, int)
        else "{}-{}".format(*settings.branching)
    )
    cutoff = "ge" if convention.cutoff == ">=" else "gt"
    return (
        f"pruning-seed{sheet.seed}-d{settings.depth}-b{branching}-{cutoff}-"
        f"{convention.order}-{convention.failure}-{sheet.version}"
    )
