"""The class view as a command: ``python -m gamelib.mastery FOLDER [--csv FILE] [--chart FILE]
[--language en|ja]`` (``bash scripts/course.sh progress FOLDER ...`` runs it).

Prints the skills the class finds hardest (lowest mean rating first, with its uncertainty, the
share of rated first tries right and right / rated tries) and the files left out (and why);
writes the students × skills table as CSV and the mean-rating chart as SVG when asked.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gamelib.language import check_language
from gamelib.mastery.classview import read_class


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (2 when the folder does not exist)."""
    parser = argparse.ArgumentParser(
        prog="python -m gamelib.mastery",
        description="The class view of a folder of the trainer's exported progress files.",
    )
    parser.add_argument("folder", type=Path)
    parser.add_argument("--csv", type=Path, help="write the students × skills table here")
    parser.add_argument("--chart", type=Path, help="write the mean-rating chart (SVG) here")
    parser.add_argument("--language", default="en", type=check_language)
    options = parser.parse_args(argv)
    if not options.folder.is_dir():
        parser.error(f"{options.folder} is not a folder")
    view = read_class(options.folder)
    print(view.text(language=options.language))
    if options.csv:
        print(view.write_csv(options.csv, language=options.language))
    if options.chart:
        print(view.chart(language=options.language).save(options.chart))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
