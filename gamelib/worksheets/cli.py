"""The command line ``python -m gamelib.worksheets`` (``bash scripts/course.sh worksheet``
calls it): write the sheets and print their paths."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from gamelib.exercises import Convention
from gamelib.language import LANGUAGES
from gamelib.worksheets.mcts import make_mcts_worksheets, write_mcts_worksheets
from gamelib.worksheets.problems import KINDS, Kind, Settings
from gamelib.worksheets.sheet import make_worksheets, write_worksheets


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
        description="Printable α-β pruning worksheets with answer keys (versions A and B); "
        "with --topic mcts, Monte Carlo tree search worksheets (UCT selection and backup).",
    )
    parser.add_argument(
        "--topic",
        choices=("pruning", "mcts"),
        default="pruning",
        help="pruning (α-β, the default) or mcts (which child UCT selects, backing up a "
        "playout; the tree options do not apply)",
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
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default="en",
        help="the sheets' language: en (English, the default) or ja (Japanese; file names "
        "end in -ja)",
    )
    parser.add_argument("--no-pdf", action="store_true", help="write the HTML only")
    options = parser.parse_args(arguments)
    versions = [version.strip() for version in options.versions.split(",") if version.strip()]
    try:
        if options.topic == "mcts":
            mcts_sheets = make_mcts_worksheets(options.seed, options.count, versions)
            written = write_mcts_worksheets(
                mcts_sheets, options.out, pdf=not options.no_pdf, language=options.language
            )
            for path in written:
                print(path.resolve())
            return 0
        convention = Convention(options.cutoff, options.order, options.failure)
        settings = Settings(options.depth, options.branching, convention, options.kinds)
        sheets = make_worksheets(options.seed, options.count, settings, versions)
        written = write_worksheets(
            sheets, options.out, pdf=not options.no_pdf, language=options.language
        )
    except (ValueError, FileNotFoundError, RuntimeError) as error:
        print(f"worksheet: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(path.resolve())
    return 0
