"""The lecturer's class view: a folder of students' exported progress files, checked, as a
students × skills table, the skills the class finds hardest, a chart and a CSV file.

    view = read_class("progress/")     # every *.json file of the folder
    view.left_out                      # files not used, and why (tampered, duplicate, ...)
    view                               # in Jupyter: the table and the hardest skills
    view.chart()                       # mean rating per skill, hardest (lowest) first
    view.write_csv("class.csv")        # one row per student, for a spreadsheet

A file whose checksum does not match its contents, that is not a progress record, or whose
version this gamelib does not read is named and left out; so is a duplicate (the same contents
as a file before it, in name order) and an older export of a student whose later export is
also there (fewer attempts: the file with the most attempts is kept).
"""

from __future__ import annotations

import csv
import html
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamelib.charts import PALETTE, Chart
from gamelib.language import Language, resolve
from gamelib.mastery.progress import Record, RecordError, read_record
from gamelib.mastery.skills import SKILLS, Skill, skill_name

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "not_json": {"en": "not JSON", "ja": "JSON ではありません"},
    "not_progress": {
        "en": "not a progress record of the trainer",
        "ja": "トレーナーの進捗記録ではありません",
    },
    "version": {
        "en": "version {detail}, which this gamelib does not read",
        "ja": "バージョン {detail} で、この gamelib では読めません",
    },
    "checksum": {
        "en": "the checksum does not match the contents (tampered or damaged)",
        "ja": "チェックサムが内容と一致しません（改ざんまたは破損）",
    },
    "damaged": {"en": "damaged ({detail})", "ja": "壊れています（{detail}）"},
    "unreadable": {"en": "cannot be read as UTF-8 text", "ja": "UTF-8 のテキストとして読めません"},
    "duplicate": {"en": "a duplicate of {other}", "ja": "{other} と同じ内容です"},
    "older": {
        "en": "an older export of the same student as {other}",
        "ja": "{other} と同じ学生の、より古い書き出しです",
    },
    "column": {"en": "{skill}: {what}", "ja": "{skill}：{what}"},
    "cell": {"en": "{rating} ({right}/{tries})", "ja": "{rating}（{right}/{tries}）"},
    "student": {"en": "student", "ja": "学生"},
    "file": {"en": "file", "ja": "ファイル"},
    "skill": {"en": "skill", "ja": "スキル"},
    "rating": {"en": "rating", "ja": "レーティング"},
    "tries": {"en": "rated tries", "ja": "評価された解答数"},
    "right": {"en": "right first tries", "ja": "初回で正解した数"},
    "share": {"en": "share right", "ja": "正解率"},
    "students_tried": {"en": "students who tried it", "ja": "挑戦した学生"},
    "table_title": {
        "en": "{students} students × {skills} skills (rating, right first tries / rated tries)",
        "ja": "学生 {students} 人 × スキル {skills} 個（レーティング、初回で正解した数 / "
        "評価された解答数）",
    },
    "hardest_title": {
        "en": "The skills the class finds hardest (lowest mean rating first)",
        "ja": "クラスが苦手とするスキル（平均レーティングの低い順）",
    },
    "hardest_columns": {
        "en": "  mean rating ± uncertainty, share of rated first tries right (right/tries), skill",
        "ja": "  平均レーティング ± 不確かさ、評価された初回の解答の正解率"
        "（正解数/解答数）、スキル",
    },
    "left_out_title": {"en": "Files left out", "ja": "使わなかったファイル"},
    "chart_title": {
        "en": "Mean rating per skill over the students who tried it, ± its uncertainty "
        "(hardest first)",
        "ja": "スキルごとの、挑戦した学生の平均レーティング ± その不確かさ（苦手な順）",
    },
    "chart_axis": {"en": "mean rating", "ja": "平均レーティング"},
    "chart_x": {
        "en": "skills, lowest mean rating first",
        "ja": "スキル（平均レーティングの低い順）",
    },
}
"""The class view's words in English and Japanese."""

SMALLEST_TEXT: Final = 12.0
"""The smallest text, in CSS pixels, the chart is shown with (at 390 px wide too)."""


def _signed(number: float) -> str:
    """A rating with its sign and two decimals, with a true minus sign."""
    return f"{number:+.2f}".replace("-", "\u2212")


def _say(key: str, language: str | None, **values: object) -> str:
    return WORDS[key][resolve(language)].format(**values)


@dataclass(frozen=True)
class LeftOut:
    """A file not used, and why (in both languages, :meth:`reason`)."""

    file: str
    key: str
    detail: str = ""

    def reason(self, *, language: str | None = None) -> str:
        """Why the file is left out, in ``language`` (None: the course-wide language)."""
        return _say(self.key, language, detail=self.detail, other=self.detail)


@dataclass(frozen=True)
class SkillSummary:
    """One skill over the class: rated tries, right ones, students who tried it, mean rating
    (over those students) and its uncertainty ``mean_sd`` (the standard deviation of the mean
    of the students' ratings under the trainer's model, each rating's posterior taken as
    independent: √(Σ sd²) / students)."""

    skill: Skill
    tries: int
    right: int
    students: int
    mean_rating: float
    mean_sd: float

    @property
    def share(self) -> float | None:
        """Right first tries / rated tries (None: nobody tried)."""
        return self.right / self.tries if self.tries else None


@dataclass
class ClassView:
    """The records kept (file name → record) and the files left out."""

    records: dict[str, Record]
    left_out: list[LeftOut]

    def summaries(self) -> list[SkillSummary]:
        """Every skill over the class, in :data:`SKILLS` order."""
        result = []
        for skill in SKILLS:
            standings = [record.skills[skill] for record in self.records.values()]
            tried = [standing for standing in standings if standing.count]
            mean = sum(standing.rating for standing in tried) / len(tried) if tried else 0.0
            spread = (
                math.sqrt(sum(standing.sd**2 for standing in tried)) / len(tried) if tried else 0.0
            )
            result.append(
                SkillSummary(
                    skill,
                    sum(standing.count for standing in tried),
                    sum(standing.right for standing in tried),
                    len(tried),
                    mean,
                    spread,
                )
            )
        return result

    def hardest(self) -> list[SkillSummary]:
        """The skills somebody tried, hardest first: the lowest mean rating (ties: the lower
        share of rated first tries right, then :data:`SKILLS` order).

        Not the share: a first try is right in a skill only when every part of that skill in
        the exercise is right, so a skill with many parts per try (right-to-left order) has a
        low share even when the students are as good at it as at the others. The rating
        weighs each part against its difficulty, so more parts do not pull it down.
        """
        tried = [summary for summary in self.summaries() if summary.tries]
        return sorted(tried, key=lambda summary: (summary.mean_rating, summary.share))

    def rows(self, *, language: str | None = None) -> list[list[str]]:
        """The students × skills table as text cells, a header row first: per skill the
        rating (2 decimals) and right / rated tries, empty where the student has no rated try.
        """
        header = [_say("student", language), _say("file", language)]
        for skill in SKILLS:
            name = skill_name(skill, language=language)
            header += [
                _say("column", language, skill=name, what=_say(what, language))
                for what in ("rating", "right", "tries")
            ]
        rows = [header]
        for file, record in self.records.items():
            row = [record.student, file]
            for skill in SKILLS:
                standing = record.skills[skill]
                if standing.count:
                    row += [f"{standing.rating:.2f}", str(standing.right), str(standing.count)]
                else:
                    row += ["", "", ""]
            rows.append(row)
        return rows

    def write_csv(self, path: str | Path, *, language: str | None = None) -> Path:
        """The table as a CSV file (UTF-8 with a byte-order mark, so a spreadsheet reads the
        Japanese headers right); returns the path."""
        target = Path(path)
        with target.open("w", encoding="utf-8-sig", newline="") as handle:
            csv.writer(handle).writerows(self.rows(language=language))
        return target

    def chart(self, *, language: str | None = None) -> Chart:
        """A mark per skill somebody tried, hardest first: the mean rating (printed above it)
        with a bar from one uncertainty (``mean_sd``) below it to one above; a dashed line at
        0, the rating before any try; the legend below names each skill by its number (the
        share right is in :meth:`text`). Narrow enough for a phone, and never shown with text
        below :data:`SMALLEST_TEXT` pixels (a narrower column scrolls sideways).
        """
        hardest = self.hardest()
        chart = Chart(
            title=_say("chart_title", language),
            y_label=_say("chart_axis", language),
            size=(480.0, 560.0),
            legend="bottom",
            smallest_text=SMALLEST_TEXT,
        )
        panel = chart.panel(
            x_label=_say("chart_x", language),
            x_ticks=range(1, len(hardest) + 1),
            x_range=(0.4, len(hardest) + 0.6),
        )
        panel.reference(0.0)
        for position, summary in enumerate(hardest, start=1):
            mean, spread = summary.mean_rating, summary.mean_sd
            name = skill_name(summary.skill, language=language)
            colour = PALETTE[(position - 1) % len(PALETTE)]
            panel.interval(
                position,
                mean - spread,
                mean + spread,
                label=f"{position}. {name}",
                colour=colour,
                width=6.0,
            )
            panel.line([position], [mean], marker="circle", line=None, colour=colour)
            panel.note(position - 0.3, mean + spread, _signed(mean), place="above")
        return chart

    def text(self, *, language: str | None = None) -> str:
        """The hardest skills (mean rating ± its uncertainty, share right, right/tries) and
        the files left out, as plain text (the command prints it)."""
        lines = [_say("hardest_title", language), _say("hardest_columns", language)]
        for summary in self.hardest():
            rating = f"{_signed(summary.mean_rating)} ± {summary.mean_sd:.2f}"
            lines.append(
                f"  {rating}  {(summary.share or 0) * 100:5.1f} %  "
                f"{summary.right:>4}/{summary.tries:<4} "
                f"{skill_name(summary.skill, language=language)}"
            )
        if self.left_out:
            lines.append(_say("left_out_title", language))
            lines += [f"  {item.file}: {item.reason(language=language)}" for item in self.left_out]
        return "\n".join(lines)

    def html(self, *, language: str | None = None) -> str:
        """The table (a column per skill: "rating (right / rated tries)"), the hardest skills
        and the files left out, as HTML."""
        title = _say("table_title", language, students=len(self.records), skills=len(SKILLS))
        names = [skill_name(skill, language=language) for skill in SKILLS]
        header = [_say("student", language), _say("file", language), *names]
        head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
        rows = []
        for file, record in self.records.items():
            cells = [record.student, file]
            for skill in SKILLS:
                standing = record.skills[skill]
                cells.append(
                    _say(
                        "cell",
                        language,
                        rating=f"{standing.rating:.2f}".replace("-", "\u2212"),
                        right=standing.right,
                        tries=standing.count,
                    )
                    if standing.count
                    else ""
                )
            rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        body = "".join(rows)
        text = html.escape(self.text(language=language))
        # the table scrolls in its own box, which the keyboard can reach (WCAG 2.1.1); the
        # text keeps the output's colours (a theme's dark <pre> would hide dark text)
        return (
            f"<div><b>{html.escape(title)}</b><div style='overflow-x:auto' tabindex='0' "
            f"role='region' aria-label='{html.escape(title)}'><table>"
            f"<thead><tr>{head}</tr></thead><tbody style='white-space:nowrap'>{body}</tbody>"
            "</table></div>"
            f"<pre style='background:none;color:inherit'>{text}</pre></div>"
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        """A short text form (the records' attempts would fill pages)."""
        return f"<ClassView: {len(self.records)} files read, {len(self.left_out)} left out>"


def read_class(folder: str | Path) -> ClassView:
    """Every ``*.json`` file of ``folder`` (in name order), checked; see the module's text
    for what is left out."""
    records: dict[str, Record] = {}
    left_out: list[LeftOut] = []
    seen: dict[str, str] = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            record = read_record(path.read_text("utf-8"))
        except UnicodeDecodeError:
            left_out.append(LeftOut(path.name, "unreadable"))
            continue
        except RecordError as error:
            left_out.append(LeftOut(path.name, error.reason, error.detail))
            continue
        if record.sha256 in seen:
            left_out.append(LeftOut(path.name, "duplicate", seen[record.sha256]))
            continue
        seen[record.sha256] = path.name
        same = [name for name, kept in records.items() if kept.student == record.student]
        if same:
            other = same[0]
            if len(record.attempts) > len(records[other].attempts):
                del records[other]
                left_out.append(LeftOut(other, "older", path.name))
            else:
                left_out.append(LeftOut(path.name, "older", other))
                continue
        records[path.name] = record
    return ClassView(records, left_out)
