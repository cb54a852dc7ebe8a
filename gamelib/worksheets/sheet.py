"""A worksheet: one version's problems and its page (:class:`Worksheet`), versions A and B
of equal difficulty (:func:`make_worksheets`), and the files written for them
(:func:`write_worksheets`)."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamelib.language import Language, resolve, words
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

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "title": {
        "en": "α-β pruning worksheet — version {version}",
        "ja": "αβ法の枝刈り 演習プリント（{version} 版）",
    },
    "rules": {
        "en": "Search each tree with α-β: {convention}. MAX moves at "
        "the root (boxes are MAX nodes, ellipses MIN nodes); leaf values and windows "
        "(α, β) are from MAX's view. The search starts with the window (−∞, ∞).",
        "ja": "どの木もαβ法（{convention}）で探索します。根ノードは MAX の手番です"
        "（四角が MAX のノード、楕円が MIN のノード）。葉の評価値と探索窓 (α, β) は "
        "MAX から見た値です。探索は探索窓 (−∞, ∞) から始めます。",
    },
    "who": {
        "en": "Name: {name_line} Student ID: {id_line}",
        "ja": "氏名：{name_line} 学籍番号：{id_line}",
    },
    "key_title": {
        "en": "Answer key — version {version}",
        "ja": "解答（{version} 版）",
    },
    "made_with": {
        "en": "seed {seed}, depth {depth}, branching {branching}, version {version}",
        "ja": "シード {seed}、深さ {depth}、分岐数 {branching}、{version} 版",
    },
    "made": {
        "en": "Made by gamelib.worksheets ({made}); every answer is read off\n"
        "PruningExercise's run of α-β. Grey dashed nodes are pruned; a pruned edge says which "
        "cut\nremoved it; a node's value is what it returns (≥ / ≤: a lower / upper bound).",
        "ja": "gamelib.worksheets で作成しました（{made}）。どの解答も、PruningExercise が"
        "実行したαβ法から読み取ったものです。灰色の破線のノードは枝刈りされたノードで、"
        "枝刈りされた辺にはどのカットで除かれたかを記しています。ノードの値はそのノードが"
        "返す値です（≥ / ≤ はそれぞれ下限値 / 上限値）。",
    },
}
"""Every sentence of a sheet's page around its problems and keys, in English and Japanese
(``str.format`` templates)."""

JAPANESE_CSS = """
body { font-family: "Noto Sans CJK JP", "DejaVu Sans", sans-serif; }
"""
"""Added to :data:`~gamelib.worksheets.markup.CSS` on a Japanese page: a font with kana and
kanji first (Debian's fonts-noto-cjk)."""


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

    def title(self, *, language: str | None = None) -> str:
        """The sheet's heading, in ``language`` (None: the course-wide language)."""
        return words(WORDS["title"], language).format(version=self.version)

    def rules(self, *, language: str | None = None) -> str:
        """The rules of every problem, in words, in ``language`` (None: the course-wide
        language)."""
        convention = self.settings.convention.describe(language=language)
        return words(WORDS["rules"], language).format(convention=convention)

    def html(self, key: bool = True, *, language: str | None = None) -> str:
        """The sheet as one self-contained HTML page for A4: the problems, then (unless
        ``key`` is False: the students' copy) the answer key starting on a new page (each
        problem kept whole on one page); every word in ``language`` (None: the course-wide
        language), which the page declares (``<html lang=...>``)."""
        chosen = resolve(language)
        problems = "".join(problem_html(problem, language=chosen) for problem in self.problems)
        settings = self.settings
        branching = (
            settings.branching
            if isinstance(settings.branching, int)
            else "{}–{}".format(*settings.branching)
        )
        made = words(WORDS["made_with"], chosen).format(
            seed=self.seed, depth=settings.depth, branching=branching, version=self.version
        )
        title = html.escape(self.title(language=chosen))
        style = CSS + (JAPANESE_CSS if chosen == "ja" else "")
        who = words(WORDS["who"], chosen).format(
            name_line='<span class="line"></span>', id_line='<span class="line short"></span>'
        )
        return f"""<!DOCTYPE html>
<html lang="{chosen}"><head><meta charset="utf-8"><title>{title}</title>
<style>{style}</style></head><body>
<header><h1>{title}</h1>
<p class="who">{who}</p>
<p class="rules">{html.escape(self.rules(language=chosen))}</p></header>
{problems}
{self._key_pages(made, chosen) if key else ""}
</body></html>
"""

    def _key_pages(self, made: str, language: Language) -> str:
        """The answer key: its heading on a new page, then each problem's key."""
        keys = "".join(key_html(problem, language=language) for problem in self.problems)
        heading = html.escape(words(WORDS["key_title"], language).format(version=self.version))
        footer = words(WORDS["made"], language).format(
            made=html.escape(made)
        )  # the templates hold no < > &
        return f"""<section class="key-start"><h1>{heading}</h1>
<p class="rules">{html.escape(self.rules(language=language))}</p>
<p class="made">{footer}</p></section>
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


def write_worksheets(
    sheets: Sequence[Worksheet], folder: Path, pdf: bool = True, *, language: str | None = None
) -> list[Path]:
    """Write into ``folder``, for every sheet, the HTML (and PDF) with the key, and the
    students' copy without it (``-questions``); returns the paths written, in that order.

    The sheets are in ``language`` (None: the course-wide language); a Japanese sheet's file
    names end in ``-ja`` (``...-A-ja.html``), so both languages can share a folder."""
    chosen = resolve(language)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in sheets:
        for suffix, with_key in (("", True), ("-questions", False)):
            ending = suffix if chosen == "en" else f"{suffix}-{chosen}"
            stem = folder / (_file_stem(sheet) + ending)
            html_path = stem.with_suffix(".html")
            html_path.write_text(sheet.html(key=with_key, language=chosen), encoding="utf-8")
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
