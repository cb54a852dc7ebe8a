"""Monte Carlo tree search on paper: the per-student homework (:class:`MctsHomework`) and
printable worksheets with answer keys (:func:`make_mcts_worksheets`).

Both ask the two questions of :mod:`gamelib.mcts_exercises`: "which child does UCT select
next?" (with a clear choice, with unvisited children, with a tie) and "back up this playout".
Every answer and every number of a key comes from the exercise itself (its UCB values by
:func:`gamelib.search.mcts.ucb1`, its backup by the rule tested against the library's runs);
nothing here computes one. Seeds come from :func:`~gamelib.worksheets.problems.stable_seed`,
so a sheet and a student's homework are the same on every machine.

Command line: ``python -m gamelib.worksheets --topic mcts --seed 7 --count 4``.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, TypeAlias

from gamelib.exercises import Feedback
from gamelib.language import Language, resolve, words
from gamelib.mcts_exercises import (
    BackupExercise,
    SelectionExercise,
    decimal,
    reward_for,
)
from gamelib.notation import format_signed
from gamelib.worksheets.homework import own_student_id
from gamelib.worksheets.markup import CSS
from gamelib.worksheets.pdf import print_pdf
from gamelib.worksheets.problems import VERSIONS, stable_seed

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "title": {
        "en": "Monte Carlo tree search worksheet — version {version}",
        "ja": "モンテカルロ木探索 演習プリント（{version} 版）",
    },
    "rules": {
        "en": "Rewards are +1 for a win, 0 for a draw and −1 for a loss. A node's N (visits) "
        "and W (the sum of its rewards) are from the view of the player who chooses it, the "
        "player to move at its parent; Q = W / N. UCT selects the child with the largest "
        "UCB = Q + c·√(ln N_parent / N), whoever is to move.",
        "ja": "報酬は勝ち +1、引き分け 0、負け −1 です。ノードの N（訪問回数）と W（報酬の合計）"
        "は、そのノードを選ぶプレイヤー（親ノードで手番のプレイヤー）から見た値で、"
        "Q = W / N です。UCT は、どちらの手番でも UCB = Q + c·√(ln N_parent / N) が最大の子を"
        "選びます。",
    },
    "who": {
        "en": "Name: {name_line} Student ID: {id_line}",
        "ja": "氏名：{name_line} 学籍番号：{id_line}",
    },
    "problem": {"en": "Problem {number}", "ja": "問題 {number}"},
    "answer_select": {"en": "UCT selects:", "ja": "UCT が選ぶ子："},
    "answer_backup": {"en": "After the backup (N, W):", "ja": "バックアップ後の (N, W)："},
    "key_title": {"en": "Answer key — version {version}", "ja": "解答（{version} 版）"},
    "key_select": {"en": "UCT selects {names}.", "ja": "UCT が選ぶのは {names} です。"},
    "key_tie": {
        "en": "{names} tie: UCT picks one of them at random (seeded).",
        "ja": "{names} は同点なので、UCT はその中から乱数（シードつき）で一つを選びます。",
    },
    "key_result": {
        "en": "The playout: {result}; each node takes the reward for its chooser.",
        "ja": "プレイアウトの結果：{result}。各ノードは、そのノードを選ぶプレイヤーの"
        "報酬を足します。",
    },
    "column_child": {"en": "child", "ja": "子"},
    "column_node": {"en": "node", "ja": "ノード"},
    "column_chooser": {"en": "chosen by", "ja": "選ぶプレイヤー"},
    "column_before": {"en": "before (N, W)", "ja": "前 (N, W)"},
    "column_reward": {"en": "reward for the chooser", "ja": "選ぶプレイヤーの報酬"},
    "column_after": {"en": "after (N, W)", "ja": "後 (N, W)"},
    "unvisited": {"en": "+∞ (N = 0)", "ja": "+∞（N = 0）"},
    "made": {
        "en": "Made by gamelib.worksheets ({made}); every number of the key is computed by "
        "gamelib.mcts_exercises (UCB values by gamelib.search.mcts.ucb1, the selection loop's "
        "own expression).",
        "ja": "gamelib.worksheets で作成しました（{made}）。解答の数はすべて "
        "gamelib.mcts_exercises が計算したものです（UCB 値は UCT の選択と同じ式の "
        "gamelib.search.mcts.ucb1 によります）。",
    },
    "made_with": {"en": "seed {seed}, version {version}", "ja": "シード {seed}、{version} 版"},
}
"""Every sentence of an MCTS sheet and its key, in English and Japanese."""

MctsKind: TypeAlias = Literal["select-plain", "select-unvisited", "select-tie", "backup"]
MCTS_KINDS: tuple[MctsKind, ...] = ("select-plain", "backup", "select-unvisited", "select-tie")
"""The questions, in the order a sheet cycles through them."""


@dataclass(frozen=True)
class MctsProblem:
    """One MCTS question: ``exercise`` is a selection or a backup exercise."""

    number: int
    kind: MctsKind
    exercise: SelectionExercise | BackupExercise


def make_mcts_problem(seed: int, version: str, number: int) -> MctsProblem:
    """Problem ``number`` of version ``version`` of the sheet seeded ``seed``: its kind by
    :data:`MCTS_KINDS` in turn, its exercise from ``stable_seed("mcts worksheet", seed,
    version, number)``."""
    kind = MCTS_KINDS[(number - 1) % len(MCTS_KINDS)]
    problem_seed = stable_seed("mcts worksheet", seed, version, number)
    exercise: SelectionExercise | BackupExercise
    if kind == "backup":
        exercise = BackupExercise.random(problem_seed)
    else:
        exercise = SelectionExercise.random(problem_seed, kind.removeprefix("select-"))  # type: ignore[arg-type]
    return MctsProblem(number, kind, exercise)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], marked: set[int]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join(
        "<tr{}>{}</tr>".format(
            ' class="asked"' if index in marked else "",
            "".join(f"<td>{html.escape(cell)}</td>" for cell in row),
        )
        for index, row in enumerate(rows)
    )
    return f'<table class="numbers"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _question_head(problem: MctsProblem, language: Language) -> str:
    question = problem.exercise.question(language=language)
    return question.split("\n\n", 1)[0]


def problem_html(problem: MctsProblem, *, language: str | None = None) -> str:
    """One problem: its question, its numbers (a table of children, or the tree as an
    outline) and an answer line."""
    chosen = resolve(language)
    heading = html.escape(words(WORDS["problem"], chosen).format(number=problem.number))
    head = html.escape(_question_head(problem, chosen))
    exercise = problem.exercise
    if isinstance(exercise, SelectionExercise):
        rows = [
            (
                child.name,
                str(child.visits),
                format_signed(child.total) if child.visits else "0",
                decimal(child.mean) if child.mean is not None else "—",
            )
            for child in exercise.children
        ]
        numbers = _table([words(WORDS["column_child"], chosen), "N", "W", "Q"], rows, set())
        answer = words(WORDS["answer_select"], chosen)
        line = '<span class="line"></span>'
    else:
        numbers = "<pre>" + html.escape("\n".join(exercise.rows(language=chosen))) + "</pre>"
        answer = words(WORDS["answer_backup"], chosen)
        line = "".join(
            f'<br>{html.escape(name)}: <span class="line short"></span>' for name in exercise.path
        )
    return (
        f'<section class="problem"><h2>{heading}</h2><p>{head}</p>{numbers}'
        f'<p class="answer">{html.escape(answer)} {line}</p></section>'
    )


def key_html(problem: MctsProblem, *, language: str | None = None) -> str:
    """One problem's key: every child's UCB value with the selected ones marked, or every
    node of the path before and after the backup with the reward it takes."""
    chosen = resolve(language)
    heading = html.escape(words(WORDS["problem"], chosen).format(number=problem.number))
    exercise = problem.exercise
    separator = "、" if chosen == "ja" else ", "
    if isinstance(exercise, SelectionExercise):
        values = exercise.ucb_values()
        selectable = exercise.selectable()
        names = [child.name for child in exercise.children if child.name in selectable]
        rows = [
            (
                child.name,
                str(child.visits),
                format_signed(child.total) if child.visits else "0",
                decimal(child.mean) if child.mean is not None else "—",
                words(WORDS["unvisited"], chosen)
                if math.isinf(values[child.name])
                else decimal(values[child.name]),
            )
            for child in exercise.children
        ]
        marked = {index for index, child in enumerate(exercise.children) if child.name in names}
        table = _table([words(WORDS["column_child"], chosen), "N", "W", "Q", "UCB"], rows, marked)
        sentence = words(WORDS["key_select"], chosen).format(names=separator.join(names))
        if len(names) > 1:
            sentence += " " + words(WORDS["key_tie"], chosen).format(names=separator.join(names))
        detail = exercise.explain_values(language=chosen)
    else:
        solution = exercise.solution()
        by_name = exercise.by_name
        rows = []
        for name in exercise.path:
            node = by_name[name]
            after = solution[name]
            rows.append(
                (
                    name,
                    node.chooser,
                    f"({node.visits}, {format_signed(node.total)})",
                    format_signed(reward_for(node.chooser, exercise.winner)),
                    f"({after[0]}, {format_signed(after[1])})",
                )
            )
        table = _table(
            [
                words(WORDS[f"column_{column}"], chosen)
                for column in ("node", "chooser", "before", "reward", "after")
            ],
            rows,
            set(),
        )
        sentence = words(WORDS["key_result"], chosen).format(
            result=exercise.result_text(language=chosen)
        )
        detail = ""
    return (
        f'<section class="key"><h2>{heading}</h2>{table}<p>{html.escape(sentence)}</p>'
        f'<p class="made">{html.escape(detail)}</p></section>'
    )


TABLE_CSS = """
table.numbers { border-collapse: collapse; margin: 4pt 0; font-size: 10.5pt; }
table.numbers th, table.numbers td { border: 1px solid #999; padding: 2pt 8pt; text-align: right; }
table.numbers th:first-child, table.numbers td:first-child { text-align: left; }
table.numbers tr.asked td { background: #fff2cc; font-weight: bold; }
pre { font-size: 10.5pt; background: #f7f7f7; padding: 4pt 6pt; }
"""


@dataclass(frozen=True)
class MctsWorksheet:
    """One version of an MCTS worksheet: its problems, and its HTML with the key."""

    seed: int
    version: str
    problems: tuple[MctsProblem, ...]

    def html(self, key: bool = True, *, language: str | None = None) -> str:
        """The sheet as one HTML page for A4 (the key on new pages unless ``key`` is False),
        every word in ``language`` (None: the course-wide language)."""
        chosen = resolve(language)
        title = html.escape(words(WORDS["title"], chosen).format(version=self.version))
        rules = html.escape(words(WORDS["rules"], chosen))
        who = words(WORDS["who"], chosen).format(
            name_line='<span class="line"></span>', id_line='<span class="line short"></span>'
        )
        problems = "".join(problem_html(problem, language=chosen) for problem in self.problems)
        style = CSS + TABLE_CSS
        if chosen == "ja":
            style += 'body { font-family: "Noto Sans CJK JP", "DejaVu Sans", sans-serif; }'
        key_part = ""
        if key:
            made = words(WORDS["made_with"], chosen).format(seed=self.seed, version=self.version)
            heading = html.escape(words(WORDS["key_title"], chosen).format(version=self.version))
            footer = html.escape(words(WORDS["made"], chosen).format(made=made))
            keys = "".join(key_html(problem, language=chosen) for problem in self.problems)
            key_part = (
                f'<section class="key-start"><h1>{heading}</h1><p class="rules">{rules}</p>'
                f'<p class="made">{footer}</p></section>{keys}'
            )
        return f"""<!DOCTYPE html>
<html lang="{chosen}"><head><meta charset="utf-8"><title>{title}</title>
<style>{style}</style></head><body>
<header><h1>{title}</h1>
<p class="who">{who}</p>
<p class="rules">{rules}</p></header>
{problems}
{key_part}
</body></html>
"""


def make_mcts_worksheets(
    seed: int, count: int, versions: Sequence[str] = VERSIONS
) -> list[MctsWorksheet]:
    """One MCTS worksheet per version: problem *i* of every version asks the same kind of
    question (:data:`MCTS_KINDS` in turn) on numbers from its own seed.

    Raises:
        ValueError: for a count outside 1..30, or no or repeated versions.
    """
    if not 1 <= count <= 30:
        raise ValueError(f"count must be from 1 to 30 problems, not {count}")
    if not versions or len(set(versions)) != len(versions):
        raise ValueError(f"versions must be distinct names, not {list(versions)!r}")
    return [
        MctsWorksheet(
            seed,
            version,
            tuple(make_mcts_problem(seed, version, number) for number in range(1, count + 1)),
        )
        for version in versions
    ]


def write_mcts_worksheets(
    sheets: Sequence[MctsWorksheet], folder: Path, pdf: bool = True, *, language: str | None = None
) -> list[Path]:
    """Write every sheet's HTML (and PDF) with its key, and the students' copy without it
    (``-questions``), into ``folder``; a Japanese sheet's names end in ``-ja``."""
    chosen = resolve(language)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in sheets:
        for suffix, with_key in (("", True), ("-questions", False)):
            ending = suffix if chosen == "en" else f"{suffix}-{chosen}"
            stem = folder / f"mcts-seed{sheet.seed}-{sheet.version}{ending}"
            html_path = stem.with_suffix(".html")
            html_path.write_text(sheet.html(key=with_key, language=chosen), encoding="utf-8")
            written.append(html_path)
            if pdf:
                written.append(print_pdf(html_path, stem.with_suffix(".pdf")))
    return written


class MctsHomework:
    """A student's own numbers for the MCTS homework, seeded from the student ID.

    Task 1: which child UCT selects (a clear choice, not the child with the highest Q);
    task 2: the same with unvisited children or a tie (which one depends on the ID);
    task 3: back up a playout (a win, never a draw). Each is made from
    ``stable_seed("mcts homework", id, task)``, so the grader makes the same numbers again
    from the ID.

    Raises:
        ValueError: for an empty ID, or while nbgrader autogrades an ID that is not the
            submitter's (:func:`~gamelib.worksheets.homework.own_student_id`).
    """

    def __init__(self, student_id: object) -> None:
        self.student_id = own_student_id(student_id)
        seeds = [stable_seed("mcts homework", self.student_id, task) for task in (1, 2, 3)]
        self.task1 = SelectionExercise.random(seeds[0], "plain")
        self.task2 = SelectionExercise.random(seeds[1], "tie" if seeds[1] % 2 else "unvisited")
        self.task3 = BackupExercise.random(seeds[2], draw=False)

    def check(self, task: int, answer: object) -> Feedback:
        """Check the answer to task ``task`` (1, 2 or 3)."""
        if task == 1:
            return self.task1.check(answer)
        if task == 2:
            return self.task2.check(answer)
        if task == 3:
            return self.task3.check(answer)
        raise ValueError(f"task must be 1, 2 or 3, not {task!r}")

    def __repr__(self) -> str:
        return f"MctsHomework({self.student_id!r})"
