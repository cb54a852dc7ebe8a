"""Printable worksheets of pruning problems with answer keys, and per-student homework trees.

A worksheet is N problems on random trees, made from a seed, a size (depth, branching) and the
α-β rules (:class:`~gamelib.exercises.Convention`: ≥ or >, order, fail-hard or fail-soft).
Each problem asks one of three questions:

* ``"pruned"``: which leaves are never evaluated?
* ``"values"``: what value does each inner node return (a number, or a bound ≥/≤)?
* ``"window"``: with which window (α, β) is node X entered?

Every answer comes from a :class:`~gamelib.exercises.PruningExercise` (its solution and its
recorded trace: the run of :func:`~gamelib.search.rules.alphabeta_by_rules`); nothing here
searches a tree by itself. :meth:`Worksheet.html` draws the trees with the course's drawings
(:func:`gamelib.render.draw`): the problems first, then the answer key on separate pages (a
CSS page break), each key with the finished search drawn (pruned leaves grey and dashed, the
cut labels on the pruned edges, the returned values and bounds), the same in words, and for a
window question the search drawn at the moment X is entered. :func:`print_pdf` prints the
HTML with headless Chromium.

**Versions A and B** (:func:`make_worksheets`) hold different trees of equal difficulty,
measured as :class:`Difficulty`: problem *i* of B has the same question, the same number of
leaves, of pruned leaves and of cutoffs that prune something as problem *i* of A, and for a
window question the node asked about is at the same depth with the same number of finite
bounds. The answers differ too (other pruned leaves, values, or node and window), so a
neighbour's sheet does not help, unless no candidate tree allows it (then a match with the
same answer is taken: see :func:`make_problem`). Every problem's tree prunes at least one leaf.

**The same seed gives the same sheet**: problem seeds are drawn from SHA-256 of the sheet's
seed, version and problem number (:func:`stable_seed`), not from Python's ``hash()``, so a
sheet is the same on every machine and Python version.

**Per-student homework** (:class:`PersonalHomework`): the trees of a student's tasks are
seeded from the student ID, so the grader recomputes each student's solutions from the same
ID and an answer copied from another student's trees fails.

Command line (``bash scripts/course.sh worksheet ...`` calls it)::

    python -m gamelib.worksheets --seed 7 --count 6 --depth 3 --branching 2 --cutoff '>='

prints the paths it wrote (HTML and PDF of versions A and B, in ``worksheets/``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, TypeAlias

from gamelib.core import Bound
from gamelib.exercises import Convention, Feedback, PruningExercise
from gamelib.notation import format_bound, format_number, format_window, read_number
from gamelib.render.dot import Drawing, choose_engine, trace_picture, tree_picture
from gamelib.render.svg import svg_size
from gamelib.trace import Cutoff, Enter, replay

Kind: TypeAlias = Literal["pruned", "values", "window"]
KINDS: tuple[Kind, ...] = ("pruned", "values", "window")
"""The three questions, in the order a sheet cycles through them."""

VERSIONS = ("A", "B")
MAX_LEAVES = 32
"""The most leaves a printed tree may have (depth 5 with branching 2, depth 3 with 3)."""
MATCH_TRIES = 2_000
"""Tries to match a problem of the first version before another candidate is drawn."""
CANDIDATES = 25
"""Candidates of the first version tried per problem before giving up."""
MAX_ATTEMPTS = 20_000
"""Trees tried per problem before giving up (a ValueError says which problem)."""


def stable_seed(*parts: object) -> int:
    """A seed from ``parts``: the first 8 bytes of SHA-256 of their text, joined by ``/``.

    The same parts give the same seed on every machine and Python version (Python's
    ``hash()`` of a string changes from run to run).

    >>> stable_seed("worksheet", 7, "A", 1) == stable_seed("worksheet", 7, "A", 1)
    True
    >>> stable_seed("s1") != stable_seed("s2")
    True
    """
    text = "/".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class Difficulty:
    """How hard a problem is, measurably; versions A and B match on all of it.

    Attributes:
        kind: the question.
        leaves: the tree's leaves.
        pruned_leaves: the leaves α-β never evaluates.
        cutoffs: the cutoffs that prune something (a cutoff on a node's last child does not).
        asked_ply: for a window question, the depth of the node asked about (else None).
        finite_bounds: for a window question, how many of α and β are finite (else None).
    """

    kind: Kind
    leaves: int
    pruned_leaves: int
    cutoffs: int
    asked_ply: int | None = None
    finite_bounds: int | None = None


@dataclass(frozen=True)
class Key:
    """A problem's answers, read off its exercise's solution and trace.

    Attributes:
        pruned: the pruned leaves, in the tree's order.
        values: every searched inner node's returned value and bound (MAX's view), in the
            tree's order.
        cuts: every cutoff in words, in the order the search made them.
        window: for a window question, the window (α, β) the node is entered with.
        window_reason: for a window question, where α and β come from, in words.
    """

    pruned: tuple[str, ...]
    values: tuple[tuple[str, float, Bound], ...]
    cuts: tuple[str, ...]
    window: tuple[float, float] | None = None
    window_reason: str = ""


@dataclass(frozen=True)
class Problem:
    """One question on one tree.

    Attributes:
        number: 1, 2, ... on its sheet.
        kind: the question.
        exercise: the tree and the reference search's solution.
        node: the node a window question asks about (None for the other questions).
        attempt: which seed of the problem's sequence made it (see :func:`make_problem`).
    """

    number: int
    kind: Kind
    exercise: PruningExercise
    node: str | None = None
    attempt: int = 0

    @property
    def difficulty(self) -> Difficulty:
        """The problem's :class:`Difficulty`."""
        exercise = self.exercise
        cutoffs = sum(
            isinstance(event, Cutoff) and bool(event.skipped) for event in exercise.trace.events
        )
        asked_ply = finite_bounds = None
        if self.node is not None:
            enter = entry_event(exercise, self.node)
            asked_ply = enter.ply
            finite_bounds = sum(math.isfinite(bound) for bound in (enter.alpha, enter.beta))
        return Difficulty(
            self.kind,
            len(exercise.leaf_names),
            len(exercise.solution.pruned),
            cutoffs,
            asked_ply,
            finite_bounds,
        )

    def question(self) -> str:
        """The question in words (the rules are stated once, at the top of the sheet)."""
        if self.kind == "pruned":
            return "Which leaves does α-β never evaluate? Cross them out and list them."
        if self.kind == "values":
            return (
                "What value does each inner node return? Write it beside the node; "
                "where the value is only a bound on the node's true value, write ≥ or ≤ "
                "before it. Cross out the nodes that are never searched."
            )
        return (
            f"With which window (α, β) does the search enter node {self.node} "
            "(the node with the thick outline)? Give α and β from MAX's view."
        )

    def answer(self) -> tuple[object, ...]:
        """What the question asks for: the pruned leaves, every returned value with its
        bound, or the asked node with its window."""
        key = self.key()
        if self.kind == "pruned":
            return key.pruned
        if self.kind == "values":
            return key.values
        return (self.node, key.window)

    def key(self) -> Key:
        """The answers, from the exercise's solution and trace (never a second search)."""
        exercise = self.exercise
        returned = exercise.trace.returned()
        values = tuple(
            (name, exercise.solution.values[name], returned[name][1])
            for name in exercise.nodes
            if name in exercise.solution.values
        )
        pruned = tuple(name for name in exercise.leaf_names if name in exercise.solution.pruned)
        cuts = tuple(
            exercise.cut_sentence(event)
            for event in exercise.trace.events
            if isinstance(event, Cutoff)
        )
        if self.node is None:
            return Key(pruned, values, cuts)
        enter = entry_event(exercise, self.node)
        return Key(
            pruned, values, cuts, (enter.alpha, enter.beta), window_reason(exercise, self.node)
        )


def entry_event(exercise: PruningExercise, node: str) -> Enter:
    """The event of the search entering ``node`` (ValueError if it never does)."""
    for event in exercise.trace.events:
        if isinstance(event, Enter) and event.node == node:
            return event
    raise ValueError(f"the search never enters {node}: it is pruned")


def window_reason(exercise: PruningExercise, node: str) -> str:
    """Where the window ``node`` is entered with comes from: α is what the MAX node above
    that raised it already has, β what the MIN node above that lowered it already has."""
    steps = exercise.trace.events.index(entry_event(exercise, node))
    before = replay(exercise.trace, steps)
    enter = entry_event(exercise, node)
    path = before.path  # the open nodes, root first: the ancestors of ``node``
    parts = []
    for index, (symbol, side) in enumerate((("α", "MAX"), ("β", "MIN"))):
        bound = (enter.alpha, enter.beta)[index]
        if not math.isfinite(bound):
            parts.append(f"{symbol} = {format_number(bound)}: no {side} node above has a value yet")
            continue
        # the topmost ancestor holding the bound is the one that set it (it is inherited below)
        source = next(
            name
            for name in path
            if (before.nodes[name].alpha, before.nodes[name].beta)[index] == bound
        )
        parts.append(f"{symbol} = {format_number(bound)}: what {source} ({side}) already has")
    return "; ".join(parts)


def _window_candidates(exercise: PruningExercise) -> list[str]:
    """Nodes worth asking the window of: entered, not the root, with a finite bound; inner
    nodes if there are any such, else leaves."""
    entries = [
        event
        for event in exercise.trace.events
        if isinstance(event, Enter)
        and event.parent is not None
        and (math.isfinite(event.alpha) or math.isfinite(event.beta))
    ]
    inner = [e.node for e in entries if not exercise.nodes[e.node].is_leaf]
    return inner or [e.node for e in entries]


@dataclass(frozen=True)
class Settings:
    """What every problem of a sheet shares.

    Attributes:
        depth: plies from the root to the leaves (1 to 6).
        branching: children per inner node, or (fewest, most) (2 to 4).
        convention: the α-β rules.
        kinds: the questions, cycled through problem by problem.
    """

    depth: int = 3
    branching: int | tuple[int, int] = 2
    convention: Convention = field(default_factory=Convention)
    kinds: tuple[Kind, ...] = KINDS

    def __post_init__(self) -> None:
        if not 1 <= self.depth <= 6:
            raise ValueError(f"depth must be from 1 to 6 (a printable tree), not {self.depth}")
        fewest, most = (
            (self.branching, self.branching) if isinstance(self.branching, int) else self.branching
        )
        if not 2 <= fewest <= most <= 4:
            raise ValueError(
                f"branching must be from 2 to 4 (or a range 'fewest-most' in it), "
                f"not {self.branching}"
            )
        if most**self.depth > MAX_LEAVES:
            raise ValueError(
                f"depth {self.depth} with branching {self.branching} can give "
                f"{most**self.depth} leaves: at most {MAX_LEAVES} print readably"
            )
        if not self.kinds or any(kind not in KINDS for kind in self.kinds):
            raise ValueError(f"kinds must be some of {', '.join(KINDS)}, not {self.kinds!r}")


def make_problem(
    seed: int,
    version: str,
    number: int,
    settings: Settings,
    like: Problem | None = None,
    *,
    first_attempt: int = 0,
    tries: int = MAX_ATTEMPTS,
    different_answer: bool = True,
) -> Problem:
    """Problem ``number`` (1, 2, ...) of a sheet: the first tree from the seeds
    ``stable_seed("worksheet", seed, version, number, attempt)``, attempt ``first_attempt``,
    then the next ones, that prunes at least one leaf (and, for a window question, has a node
    entered with a finite bound) and, when ``like`` is given, has ``like``'s
    :class:`Difficulty`, a different tree and a different answer (:meth:`Problem.answer`),
    so a neighbour's sheet of the other version does not help.

    With ``different_answer=False`` the answer may be ``like``'s: some difficulties allow one
    answer only (depth 3, branching 2, two cutoffs pruning one leaf each: only E and G can
    cut, so K and O are pruned).

    Raises:
        ValueError: when no such tree turns up in ``tries`` tries.
    """
    kind = settings.kinds[(number - 1) % len(settings.kinds)]
    for attempt in range(first_attempt, first_attempt + tries):
        problem_seed = stable_seed("worksheet", seed, version, number, attempt)
        exercise = PruningExercise(
            problem_seed, settings.depth, settings.branching, settings.convention
        )
        if not exercise.solution.pruned:
            continue
        node = None
        if kind == "window":
            candidates = _window_candidates(exercise)
            if not candidates:
                continue
            node = random.Random(problem_seed).choice(candidates)
        problem = Problem(number, kind, exercise, node, attempt)
        if like is None:
            return problem
        if problem.difficulty != like.difficulty or exercise.tree == like.exercise.tree:
            continue
        if not different_answer or problem.answer() != like.answer():
            return problem
    wanted = "" if like is None else f" of difficulty {like.difficulty}"
    raise ValueError(
        f"no tree{wanted} for problem {number} of version {version} in {tries} tries: "
        "try another seed or size"
    )


# --------------------------------------------------------------------------- the sheet


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
        problems = "".join(_problem_html(problem) for problem in self.problems)
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
<style>{_CSS}</style></head><body>
<header><h1>{html.escape(self.title)}</h1>
<p class="who">Name: <span class="line"></span> Student ID: <span class="line short"></span></p>
<p class="rules">{html.escape(self.rules())}</p></header>
{problems}
{self._key_pages(made) if key else ""}
</body></html>
"""

    def _key_pages(self, made: str) -> str:
        """The answer key: its heading on a new page, then each problem's key."""
        keys = "".join(_key_html(problem) for problem in self.problems)
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


# --------------------------------------------------------------------------- HTML

_CSS = """
@page { size: A4; margin: 14mm 15mm; }
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 11.5pt;
       line-height: 1.4; color: #111; margin: 0; }
h1 { font-size: 17pt; margin: 0 0 6pt; }
h2 { font-size: 13pt; margin: 0 0 4pt; }
p { margin: 3pt 0; }
.who { margin: 8pt 0; }
.line { display: inline-block; width: 70mm; border-bottom: 1px solid #333; }
.line.short { width: 35mm; }
.rules { font-size: 10.5pt; background: #f3f3f3; padding: 4pt 6pt; border-radius: 3pt; }
.made { font-size: 9.5pt; color: #444; }
section.problem, section.key { break-inside: avoid; page-break-inside: avoid;
       border-top: 1px solid #bbb; padding-top: 6pt; margin-top: 8pt; }
.drawing { text-align: center; margin: 4pt 0; }
.drawing svg { display: inline-block; }
figure.drawing { margin: 4pt 0; }
figcaption { font-size: 9.5pt; color: #444; }
.answer { margin-top: 6pt; }
.answer .line { width: 120mm; }
.answer .line.short { width: 25mm; }
.key-start { break-before: page; page-break-before: always; }
.key dl { font-size: 10pt; margin: 4pt 0 0; display: grid;
          grid-template-columns: max-content 1fr; gap: 1pt 8pt; }
.key dt { font-weight: bold; }
.key dd { margin: 0; }
.key .asked { background: #fff2cc; }
"""

_PAGE_WIDTH_PT = 505.0
"""A4's width less the margins, in points."""
_HALF_PAGE_PT = 290.0
"""The height a drawing may take when two problems share a page."""
_KEY_HALF_PT = 245.0
"""The height of a key's drawing when two keys share a page."""
_THIRD_PAGE_PT = 210.0
"""The height of each of the two drawings of a window question's key."""
_FULL_PAGE_PT = 540.0
"""The height a problem's drawing may take on a page of its own (below the sheet's heading)."""
_KEY_PAGE_PT = 470.0
"""The height a key's drawing may take on a page of its own (with the answers below it)."""
_SMALLEST_SCALE = 0.72
"""A problem's drawing shrunk below this to fit half a page gets a page of its own instead."""
_SMALLEST_KEY_SCALE = 0.6
"""The same for a key's drawing (the lecturer's copy: its labels are large enough at this)."""


def _fitted_svg(drawing: Drawing, max_width: float, max_height: float) -> tuple[str, float]:
    """The drawing's SVG scaled to fit (never enlarged), and the scale used."""
    svg = drawing.svg()
    width, height = svg_size(svg)
    scale = min(1.0, max_width / width, max_height / height)
    sized = re.sub(
        r'style="max-width:100%;height:auto"',
        f'style="width:{width * scale:.1f}pt;height:{height * scale:.1f}pt"',
        svg,
        count=1,
    )
    return sized, scale


def _placed(drawing: Drawing, small: float, large: float, smallest: float = _SMALLEST_SCALE) -> str:
    """The SVG fitted into the page's width and the height ``small``, or into ``large`` when
    ``small`` would shrink it below ``smallest`` (the drawing then gets a page of its own)."""
    svg, scale = _fitted_svg(drawing, _PAGE_WIDTH_PT, small)
    if scale >= smallest:
        return svg
    return _fitted_svg(drawing, _PAGE_WIDTH_PT, large)[0]


def problem_drawing(problem: Problem) -> Drawing:
    """The bare tree, the asked node (if any) with a thick outline."""
    picture = tree_picture(problem.exercise.tree, legend=False)
    if problem.node is not None:
        picture = replace(
            picture,
            nodes=tuple(replace(node, current=node.name == problem.node) for node in picture.nodes),
        )
    return Drawing(picture, choose_engine("auto"))


def _key_drawing(problem: Problem, step: int | None = None) -> Drawing:
    """The search drawn finished (or at ``step``), without caption or legend; at the end no
    node is marked current."""
    picture = trace_picture(problem.exercise.trace, step, caption=False, legend=False)
    if step is None:
        picture = replace(
            picture, nodes=tuple(replace(node, current=False) for node in picture.nodes)
        )
    return Drawing(picture, choose_engine("auto"))


def _problem_html(problem: Problem) -> str:
    svg = _placed(problem_drawing(problem), _HALF_PAGE_PT, _FULL_PAGE_PT)
    if problem.kind == "pruned":
        answer = '<p class="answer">Pruned leaves: <span class="line"></span></p>'
    elif problem.kind == "values":
        answer = ""
    else:
        answer = (
            '<p class="answer">Window (α, β) = ( <span class="line short"></span> , '
            '<span class="line short"></span> )</p>'
        )
    return (
        '<section class="problem">'
        f"<h2>Problem {problem.number}</h2><p>{html.escape(problem.question())}</p>"
        f'<div class="drawing">{svg}</div>{answer}</section>\n'
    )


def _key_html(problem: Problem) -> str:
    key = problem.key()
    rows = []
    if problem.node is None or key.window is None:
        finished = _placed(_key_drawing(problem), _KEY_HALF_PT, _KEY_PAGE_PT, _SMALLEST_KEY_SCALE)
        figures = f'<div class="drawing">{finished}</div>'
    else:
        step = problem.exercise.trace.events.index(entry_event(problem.exercise, problem.node))
        at_entry = _placed(
            _key_drawing(problem, step + 1), _THIRD_PAGE_PT, _KEY_PAGE_PT, _SMALLEST_KEY_SCALE
        )
        finished = _placed(_key_drawing(problem), _THIRD_PAGE_PT, _KEY_PAGE_PT, _SMALLEST_KEY_SCALE)
        figures = (
            f'<figure class="drawing">{at_entry}<figcaption>when '
            f"{html.escape(problem.node)} is entered: the windows on the path</figcaption></figure>"
            f'<figure class="drawing">{finished}<figcaption>the finished search</figcaption>'
            "</figure>"
        )
        window = f"{format_window(*key.window)} — {key.window_reason}"
        rows.append((f"Window of {problem.node}", window, True))
    pruned = ", ".join(key.pruned) if key.pruned else "none"
    rows.append(("Pruned leaves", pruned, problem.kind == "pruned"))
    rows.append(
        (
            "Returned values",
            ", ".join(f"{name} {format_bound(value, bound)}" for name, value, bound in key.values),
            problem.kind == "values",
        )
    )
    rows.extend((f"Cut {index}", cut, False) for index, cut in enumerate(key.cuts, start=1))
    items = "".join(
        f"<dt>{html.escape(term)}</dt><dd{' class=asked' if asked else ''}>{html.escape(text)}</dd>"
        for term, text, asked in rows
    )
    return (
        '<section class="key">'
        f"<h2>Problem {problem.number} — {html.escape(_kind_title(problem))}</h2>"
        f"{figures}<dl>{items}</dl></section>\n"
    )


def _kind_title(problem: Problem) -> str:
    return {
        "pruned": "pruned leaves",
        "values": "returned values",
        "window": f"the window of {problem.node}",
    }[problem.kind]


# --------------------------------------------------------------------------- PDF


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
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
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


# --------------------------------------------------------------------------- homework


def normalise_student_id(student_id: object) -> str:
    """A student ID as the seeds use it: stripped, case-folded (``" S123 "`` → ``"s123"``).

    Raises:
        ValueError: for anything but a non-empty string.
    """
    if not isinstance(student_id, str) or not student_id.strip():
        raise ValueError(
            f'the student ID must be a non-empty string like "s1234567", not {student_id!r}'
        )
    return student_id.strip().casefold()


def window_feedback(exercise: PruningExercise, node: str, answer: object) -> Feedback:
    """Check a window answer ``(alpha, beta)`` for ``node``; never raises.

    Numbers or their text (``"-inf"``, ``"−∞"``, ``"3"``) are accepted for α and β.
    """
    if answer is None or answer is Ellipsis:
        return Feedback(False, ["no answer yet: give the window as (alpha, beta)"])
    if isinstance(answer, str) or not isinstance(answer, Sequence) or len(answer) != 2:
        return Feedback(False, [f"expected the window as a pair (alpha, beta), got {answer!r}"])
    numbers = []
    for part in answer:
        if isinstance(part, bool):
            return Feedback(False, [f"expected numbers for α and β, got {part!r}"])
        if isinstance(part, int | float) and not math.isnan(part):
            numbers.append(float(part))
            continue
        try:
            numbers.append(float(read_number(str(part))))
        except ValueError:
            return Feedback(False, [f"expected numbers for α and β, got {part!r}"])
    try:
        enter = entry_event(exercise, node)
    except ValueError as error:
        return Feedback(False, [str(error)])
    if (numbers[0], numbers[1]) == (enter.alpha, enter.beta):
        return Feedback(True)
    return Feedback(
        False,
        [
            f"{node} is entered with {format_window(enter.alpha, enter.beta)}, not "
            f"{format_window(numbers[0], numbers[1])}: {window_reason(exercise, node)}"
        ],
    )


class PersonalHomework:
    """A student's own trees for the per-student homework, seeded from the student ID.

    Task 1: which leaves are pruned (fail-hard, ≥, left to right, depth 3, branching 3);
    task 2: pruned leaves and returned values (fail-soft, depth 3, branching 2); task 3: the
    window of a node (fail-hard, cut only on >, depth 3, branching 2). Each task is
    :func:`make_problem` number 1, 2, 3 of the sheet seeded ``stable_seed("homework", id)``
    (version ``"homework"``), so the same ID always gives the same trees, and the key of each
    is its :class:`~gamelib.exercises.PruningExercise`'s solution.

    Attributes:
        problems: the three tasks as worksheet problems.
        task1, task2, task3: their exercises (``.check(answer)``, ``.question()``).
        task3_node: the node whose window task 3 asks for.

    Args:
        student_id: the ID the student typed (compared stripped and case-folded).

    Raises:
        ValueError: for an empty ID; and while nbgrader autogrades (the environment variable
            ``NBGRADER_EXECUTION`` is ``"autograde"`` and the notebook runs in nbgrader's
            ``autograded/<student>/<assignment>`` folder) when the ID is not the ID of the
            student who submitted it: a notebook copied whole, with its ID, fails.
    """

    def __init__(self, student_id: object) -> None:
        self.student_id = normalise_student_id(student_id)
        submitted_by = _autograded_student()
        if submitted_by is not None and normalise_student_id(submitted_by) != self.student_id:
            raise ValueError(
                f"this notebook's student ID is {student_id!r}, but it was submitted by "
                f"{submitted_by!r}: each student answers on the trees of their own ID"
            )
        self.problems = (
            self._problem(1, Settings(3, 3, Convention(), ("pruned",))),
            self._problem(2, Settings(3, 2, Convention(failure="soft"), ("values",))),
            self._problem(3, Settings(3, 2, Convention(cutoff=">"), ("window",))),
        )
        self.task1, self.task2, self.task3 = (problem.exercise for problem in self.problems)
        node = self.problems[2].node
        assert node is not None
        self.task3_node: str = node

    def _problem(self, task: int, settings: Settings) -> Problem:
        return make_problem(stable_seed("homework", self.student_id), "homework", task, settings)

    def drawing(self, task: int) -> Drawing:
        """Task ``task``'s tree drawn (task 3: its node with a thick outline)."""
        if task not in (1, 2, 3):
            raise ValueError(f"task must be 1, 2 or 3, not {task!r}")
        return problem_drawing(self.problems[task - 1])

    def check_task3(self, answer: object) -> Feedback:
        """Check the window answer of task 3."""
        return window_feedback(self.task3, self.task3_node, answer)

    def __repr__(self) -> str:
        return f"PersonalHomework({self.student_id!r})"


def _autograded_student() -> str | None:
    """The submitting student's ID while nbgrader autogrades this notebook, else None."""
    if os.environ.get("NBGRADER_EXECUTION") != "autograde":
        return None
    folder = Path.cwd()
    if folder.parent.parent.name != "autograded":
        return None
    return folder.parent.name


# --------------------------------------------------------------------------- command line


def _branching(text: str) -> int | tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if match is None:
        raise argparse.ArgumentTypeError(f"branching must be like 2 or 2-3, not {text!r}")
    fewest = int(match[1])
    return fewest if match[2] is None else (fewest, int(match[2]))


def _kinds(text: str) -> tuple[Kind, ...]:
    kinds = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [kind for kind in kinds if kind not in KINDS]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(
            f"kinds must be a comma-separated list of {', '.join(KINDS)}, not {text!r}"
        )
    return tuple(kind for wanted in kinds for kind in KINDS if kind == wanted)


def main(arguments: Sequence[str] | None = None) -> int:
    """``python -m gamelib.worksheets``: write the sheets and print their paths."""
    parser = argparse.ArgumentParser(
        prog="bash scripts/course.sh worksheet",
        description="Printable α-β pruning worksheets with answer keys (versions A and B).",
    )
    parser.add_argument("--seed", type=int, default=1, help="the same seed, the same sheet")
    parser.add_argument("--count", type=int, default=6, help="problems per sheet (1-30)")
    parser.add_argument(
        "--depth",
        type=int,
        default=3,
        help="plies to the leaves (at most 32 leaves print readably)",
    )
    parser.add_argument(
        "--branching", type=_branching, default=2, help="children per node: 2, or a range 2-3"
    )
    parser.add_argument(
        "--cutoff",
        choices=(">=", ">"),
        default=">=",
        help="cut when a value reaches β, or passes it",
    )
    parser.add_argument(
        "--order", choices=("given", "reversed"), default="given", help="children's order"
    )
    parser.add_argument(
        "--failure", choices=("hard", "soft"), default="hard", help="what a node reports"
    )
    parser.add_argument(
        "--kinds",
        type=_kinds,
        default=KINDS,
        help="questions to cycle through: pruned,values,window (the default: all three)",
    )
    parser.add_argument(
        "--versions", default="A,B", help="comma-separated versions (A,B; or A for one)"
    )
    parser.add_argument(
        "--out", type=Path, default=Path("worksheets"), help="output folder (default: worksheets)"
    )
    parser.add_argument("--no-pdf", action="store_true", help="write the HTML only")
    options = parser.parse_args(arguments)
    versions = [version.strip() for version in options.versions.split(",") if version.strip()]
    try:
        convention = Convention(options.cutoff, options.order, options.failure)
        settings = Settings(options.depth, options.branching, convention, options.kinds)
        sheets = make_worksheets(options.seed, options.count, settings, versions)
        written = write_worksheets(sheets, options.out, pdf=not options.no_pdf)
    except (ValueError, FileNotFoundError, RuntimeError) as error:
        print(f"worksheet: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(path.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
