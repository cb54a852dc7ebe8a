"""What students of the web trainer have mastered: the skills of a pruning exercise
(:mod:`~gamelib.mastery.skills`, the trainer's recognition in Python), a student's exported
progress file checked and folded into ratings (:mod:`~gamelib.mastery.progress`), and the
lecturer's class view of a folder of such files (:mod:`~gamelib.mastery.classview`;
``bash scripts/course.sh progress FOLDER`` prints it).

    from gamelib.mastery import read_class
    view = read_class("progress/")
    view                      # the students × skills table, the hardest skills
    view.chart()
"""

from __future__ import annotations

from gamelib.mastery.classview import ClassView, LeftOut, SkillSummary, read_class
from gamelib.mastery.progress import (
    Record,
    RecordError,
    SkillStanding,
    export_record,
    read_record,
    standing,
)
from gamelib.mastery.skills import SKILLS, Parts, Skill, claims, skill_name, skills_of

__all__ = [
    "SKILLS",
    "ClassView",
    "LeftOut",
    "Parts",
    "Record",
    "RecordError",
    "Skill",
    "SkillStanding",
    "SkillSummary",
    "claims",
    "export_record",
    "read_class",
    "read_record",
    "skill_name",
    "skills_of",
    "standing",
]
