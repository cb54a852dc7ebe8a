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

prints the paths it wrote (HTML and PDF of versions A and B, in ``worksheets/``);
``--language ja`` writes the sheets in Japanese (file names ending in ``-ja``).

**Two languages**: every word of a sheet and its key (the title, the rules, the questions,
the answer lines, the key's rows, captions and explanations, "Name / Student ID" and the
key's footer) comes from a ``WORDS`` table of :mod:`~gamelib.worksheets.problems`,
:mod:`~gamelib.worksheets.markup` or :mod:`~gamelib.worksheets.sheet`, in English or
Japanese: each function that writes them takes ``language`` (None: the course-wide setting of
:func:`gamelib.set_language`), and a Japanese page says ``<html lang="ja">``.

The modules, each with one purpose:

* :mod:`~gamelib.worksheets.problems`: the questions, :class:`Difficulty`, :class:`Key`,
  :class:`Problem`, :class:`Settings`, :func:`stable_seed`, :func:`make_problem`;
* :mod:`~gamelib.worksheets.markup`: the drawings and the HTML of a problem and of its key;
* :mod:`~gamelib.worksheets.pdf`: printing with headless Chromium (:func:`print_pdf`);
* :mod:`~gamelib.worksheets.sheet`: :class:`Worksheet`, :func:`make_worksheets` (versions A
  and B), :func:`write_worksheets`;
* :mod:`~gamelib.worksheets.homework`: :class:`PersonalHomework`, :func:`window_feedback`;
* :mod:`~gamelib.worksheets.mcts`: the Monte Carlo tree search homework
  (:class:`MctsHomework`) and worksheets (``--topic mcts``);
* :mod:`~gamelib.worksheets.cli`: the command line (``__main__`` runs it).
"""

from gamelib.worksheets.cli import main
from gamelib.worksheets.homework import (
    PersonalHomework,
    normalise_student_id,
    own_student_id,
    window_feedback,
)
from gamelib.worksheets.markup import problem_drawing
from gamelib.worksheets.mcts import (
    MCTS_KINDS,
    MctsHomework,
    MctsProblem,
    MctsWorksheet,
    make_mcts_problem,
    make_mcts_worksheets,
    write_mcts_worksheets,
)
from gamelib.worksheets.pdf import chromium_executable, print_pdf
from gamelib.worksheets.problems import (
    CANDIDATES,
    KINDS,
    MATCH_TRIES,
    MAX_ATTEMPTS,
    MAX_LEAVES,
    VERSIONS,
    Difficulty,
    Key,
    Kind,
    Problem,
    Settings,
    entry_event,
    make_problem,
    stable_seed,
    window_reason,
)
from gamelib.worksheets.sheet import Worksheet, make_worksheets, write_worksheets

__all__ = [
    "CANDIDATES",
    "KINDS",
    "MATCH_TRIES",
    "MAX_ATTEMPTS",
    "MAX_LEAVES",
    "MCTS_KINDS",
    "VERSIONS",
    "Difficulty",
    "Key",
    "Kind",
    "MctsHomework",
    "MctsProblem",
    "MctsWorksheet",
    "PersonalHomework",
    "Problem",
    "Settings",
    "Worksheet",
    "chromium_executable",
    "entry_event",
    "main",
    "make_mcts_problem",
    "make_mcts_worksheets",
    "make_problem",
    "make_worksheets",
    "normalise_student_id",
    "own_student_id",
    "print_pdf",
    "problem_drawing",
    "stable_seed",
    "window_feedback",
    "window_reason",
    "write_mcts_worksheets",
    "write_worksheets",
]
