"""The web trainer (site/trainer/) says exactly what gamelib says, on thousands of trees.

The trainer page checks answers in JavaScript (``site/trainer/trainer.js``), with no Python
behind it. This test draws random trees with :func:`gamelib.trees.random_tree` (depth 2 to 4,
branching 2, 3 or 2–3; leaves in −9…9 and, for every fourth tree, in −2…2 so that ties decide
cutoffs), TREES_PER_RULE_SET of them for each of the 8 rule sets of
:class:`~gamelib.exercises.Convention`, runs ``node site/trainer/check.mjs`` once on all of
them, and compares, case by case, with :class:`~gamelib.exercises.PruningExercise`:

- the pruned leaves, each searched inner node's value, the evaluation order, the question;
- the explanation of every leaf (``explain_pruned`` / ``explain_evaluated``);
- the ``Feedback`` text of right and wrong answers (marked leaves flipped, inner nodes named
  for their leaves, values right, wrong, non-integral, infinite, left out, given for pruned
  nodes, leaves or unknown names);
- what the notebook widget's Check says for typed boxes (:class:`PruningWidget`), on a sample;
- the words of every step of the solution animation (:func:`gamelib.render.describe.sentences`)
  on a part of the cases, and what every step's picture shows
  (:func:`gamelib.render.scene.trace_pictures`: node values, marks, states, edge labels) on a
  sample;
- typed numbers (:func:`gamelib.notation.read_number`, ``format_number``) and the page's own
  random trees (the same as ``random_tree`` for the same seed).

Node.js is needed (``node`` on the PATH); without it the test fails and says so.
"""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gamelib.exercises import Convention, PruningExercise
from gamelib.notation import format_number, read_number
from gamelib.render.describe import sentences
from gamelib.render.scene import trace_pictures
from gamelib.trees import Tree, random_tree

REPOSITORY = Path(__file__).resolve().parents[1]
CHECKER = REPOSITORY / "site" / "trainer" / "check.mjs"
TREES_PER_RULE_SET = 1000
SENTENCES_PER_RULE_SET = 150  # the first cases of each rule set also compare every step's words
PICTURE_NUMBERS = (0, 4, 5)  # ... and these every step's picture (sizes 2×2, 3×3, 3×(2–3))
WIDGETS_PER_RULE_SET = 2  # ... and the first two the notebook widget's Check
CONVENTIONS = [
    Convention(cutoff, order, failure)
    for cutoff in (">=", ">")
    for order in ("given", "reversed")
    for failure in ("hard", "soft")
]
SIZES = [(depth, branching) for depth in (2, 3, 4) for branching in (2, 3, (2, 3))]
TYPED_NUMBERS = [
    "3", " 3 ", "-2", "−2", "− 2", "+4", "2.5", ".5", "4.0", "1e3", "1e-05", "1E2", "-0",
    "007", "inf", "-inf", "∞", "−∞", "Infinity", "INF", "1e400", "0.1", "123456.7",
    "100000.5", "1234567.5", "0.000123456789", "3..5", "1e", "--2", "nan", "abc", "two",
    "3 4", "'", "\"", "x'y", "", "   ", "½", "٣",
]  # fmt: skip
FORMATTED = [
    0.5, -2.5, 0.1, 1e-05, 123456.7, 1234567.5, 100000.5, 2.5e-5, 1e16, 1e21, 1e300, 0.000123456,
    -7, 12, float("inf"), float("-inf"), 1 / 3, 2 / 3, 123.456789, 9.9999995, 0.00001234565,
]  # fmt: skip


@dataclass(frozen=True)
class Case:
    """One exercise: a tree, a rule set, the answers to check, and what else to compare."""

    exercise: PruningExercise
    convention_index: int
    answers: list[dict[str, Any]]
    typed: list[tuple[set[str], dict[str, str]]]
    compare_sentences: bool
    compare_pictures: bool


def tree_json(tree: Tree) -> dict[str, Any]:
    """``{"n": name, "v": value}`` for a leaf, ``{"n": name, "c": [...]}`` for an inner node
    (built without recursion from the leaves up)."""
    built: dict[str, dict[str, Any]] = {}
    for node, _ in reversed(list(tree.walk())):
        if node.is_leaf:
            built[node.name] = {"n": node.name, "v": node.value}
        else:
            built[node.name] = {"n": node.name, "c": [built.pop(c.name) for c in node.children]}
    return built[tree.name]


def number_json(value: float) -> float | str:
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def number_from_json(value: Any) -> Any:
    if value == "inf":
        return math.inf
    if value == "-inf":
        return -math.inf
    return value


def inner_level_by_level(tree: Tree) -> list[str]:
    nodes = sorted(tree.walk(), key=lambda item: item[1])
    return [node.name for node, _ in nodes if not node.is_leaf]


def answers_for(exercise: PruningExercise, generator: random.Random) -> list[dict[str, Any]]:
    """Answers as :meth:`PruningExercise.check` takes them: right ones, then wrong ones.

    Each is ``{"pruned": list or None, "values": dict or None}`` (the dict in the order the
    names were given).
    """
    solution = exercise.solution
    pruned = [name for name in exercise.leaf_names if name in solution.pruned]
    inner = inner_level_by_level(exercise.tree)
    right_values = {name: solution.values[name] for name in inner if name in solution.values}
    answers: list[dict[str, Any]] = [
        {"pruned": pruned, "values": right_values},
        {"pruned": pruned, "values": None},
    ]
    big = len(exercise.leaf_names) > 27  # fewer answers for the biggest trees, for time
    if not big:
        answers.append({"pruned": [], "values": None})
    for _ in range(2 if big else 3):
        marked = set(pruned)
        for leaf in generator.sample(exercise.leaf_names, generator.randint(1, 3)):
            marked ^= {leaf}
        values: dict[str, Any] = {}
        for name in inner:
            roll = generator.random()
            if roll < 0.3:
                continue
            if name not in solution.values:
                values[name] = generator.randint(-9, 9)  # a pruned node returns nothing
            elif roll < 0.55:
                values[name] = solution.values[name]
            else:
                values[name] = solution.values[name] + generator.choice([-3, -1, 1, 2, 0.5])
        if generator.random() < 0.2 and inner:
            values[generator.choice(inner)] = generator.choice([math.inf, -math.inf, 2.5, -0.25])
        ordered = [name for name in exercise.leaf_names if name in marked]
        answers.append({"pruned": ordered, "values": values})
    inner_pick = generator.choice(inner[1:] or inner)  # an inner node stands for its leaves
    answers.append({"pruned": [inner_pick], "values": None})
    odd_values = {exercise.leaf_names[0]: 1, "ZZ": 2, inner[0]: solution.values[inner[0]]}
    answers.append({"pruned": None, "values": odd_values})
    answers.append({"pruned": ["ZZ", pruned[0] if pruned else "A"], "values": None})
    return answers


def typed_for(
    exercise: PruningExercise, generator: random.Random
) -> list[tuple[set[str], dict[str, str]]]:
    """Boxes typed as a student would (numbers, blanks, words) with leaves pressed."""
    solution = exercise.solution
    inner = inner_level_by_level(exercise.tree)
    right = {name: format_number(value) for name, value in solution.values.items()}
    everything = {name: right.get(name, "") for name in inner}
    some = {name: text for name, text in everything.items() if generator.random() < 0.5}
    garbage = dict(some)
    for name in generator.sample(inner, min(2, len(inner))):
        garbage[name] = generator.choice(["abc", "3..5", " -1 ", "1e400", "∞", "2.5"])
    flipped = set(solution.pruned) ^ {generator.choice(exercise.leaf_names)}
    return [
        (set(solution.pruned), everything),
        (set(solution.pruned), some),
        (set(solution.pruned), {}),
        (flipped, garbage),
    ]


@cache
def cases() -> list[Case]:
    """Every case of the comparison, the same on every run (seeded)."""
    made = []
    for index, convention in enumerate(CONVENTIONS):
        for number in range(TREES_PER_RULE_SET):
            depth, branching = SIZES[number % len(SIZES)]
            low, high = (-2, 2) if number % 4 == 3 else (-9, 9)
            seed = 100_000 * index + number
            tree = random_tree(seed, depth, branching, low, high)
            exercise = PruningExercise(tree=tree, convention=convention)
            generator = random.Random(seed)
            made.append(
                Case(
                    exercise,
                    index,
                    answers_for(exercise, generator),
                    typed_for(exercise, generator) if number < WIDGETS_PER_RULE_SET else [],
                    number < SENTENCES_PER_RULE_SET,
                    number in PICTURE_NUMBERS,
                )
            )
    return made


def random_sizes() -> Iterator[tuple[int, int, int | tuple[int, int]]]:
    """The page's tree sizes (and a few more), with many seeds each."""
    for seed in range(120):
        for depth, branching in [*SIZES, (1, 2), (5, (1, 3))]:
            yield seed * 7919 + depth, depth, branching
    yield 2**32 + 5, 3, 2  # a seed of two 32-bit words
    yield 0, 3, (2, 3)


def case_json(case: Case) -> dict[str, Any]:
    """What check.mjs reads of a case (answers' values as [name, value] pairs, in order)."""
    answers = [
        {
            "pruned": answer["pruned"],
            "values": None
            if answer["values"] is None
            else [[name, number_json(value)] for name, value in answer["values"].items()],
        }
        for answer in case.answers
    ]
    return {
        "tree": tree_json(case.exercise.tree),
        "convention": case.convention_index,
        "answers": answers,
        "typed": [{"marked": sorted(marked), "typed": typed} for marked, typed in case.typed],
        "sentences": case.compare_sentences,
        "pictures": case.compare_pictures,
    }


@cache
def node_output(directory: str) -> dict[str, Any]:
    """Run check.mjs once on every case; its output, parsed."""
    node = shutil.which("node")
    if node is None:
        pytest.fail(
            "Node.js is not installed, so the trainer page's JavaScript cannot be checked: "
            "install it (Debian: apt-get install nodejs; the page itself needs only a browser)."
        )
    data = {
        "conventions": [
            {"cutoff": c.cutoff, "order": c.order, "failure": c.failure} for c in CONVENTIONS
        ],
        "cases": [case_json(case) for case in cases()],
        "numbers": TYPED_NUMBERS,
        "formatted": [number_json(value) for value in FORMATTED],
        "random": [
            {"seed": seed, "depth": depth, "branching": branching}  # a tuple becomes a list
            for seed, depth, branching in random_sizes()
        ],
    }
    path = Path(directory) / "input.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(
        [node, str(CHECKER), str(path)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, f"check.mjs failed:\n{run.stderr}"
    output: dict[str, Any] = json.loads(run.stdout)
    return output


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return node_output(str(tmp_path_factory.mktemp("trainer")))


def mismatches(pairs: Iterator[tuple[Any, Any, Any]], limit: int = 5) -> list[str]:
    """The first ``limit`` (where, expected, got) triples that differ, described; ``where``
    is text or a (case, what) pair, described only when it differs."""
    found = []
    for place, expected, got in pairs:
        if expected != got:
            text = place if isinstance(place, str) else where(place[0]) + place[1]
            found.append(f"{text}\n  gamelib: {expected!r}\n  trainer: {got!r}")
            if len(found) == limit:
                break
    return found


def where(case: Case) -> str:
    return f"{case.exercise.convention.describe()}; tree:\n{case.exercise.tree.to_outline()}\n"


def test_every_rule_set_has_its_thousand_trees(output: dict[str, Any]) -> None:
    assert len(output["cases"]) == len(cases()) == 8 * TREES_PER_RULE_SET
    counts = [sum(1 for case in cases() if case.convention_index == i) for i in range(8)]
    assert counts == [TREES_PER_RULE_SET] * 8
    assert output["conventions"] == [convention.describe() for convention in CONVENTIONS]


def test_the_cases_reach_every_kind_of_answer() -> None:
    """The comparison means something: the trees prune, the rules disagree, and the answers
    draw every kind of message."""
    pruning = sum(1 for case in cases() if case.exercise.solution.pruned)
    assert pruning > len(cases()) // 2
    first_trees = cases()[:200]
    differ = [
        case
        for case in first_trees
        for other in CONVENTIONS[1:]
        if PruningExercise(tree=case.exercise.tree, convention=other).solution
        != case.exercise.solution
    ]
    assert len(differ) > len(first_trees)  # the rules matter on many trees
    texts = "\n".join(
        str(case.exercise.check(_python_answer(answer)))
        for case in cases()[:: len(cases()) // 400]
        for answer in case.answers
    )
    for needle in [
        "is pruned: at",
        "(MIN)",
        "(MAX)",
        "is evaluated (number",
        "a lower bound",
        "an upper bound",
        "exact)",
        "so it returns no value",
        "not given, so not checked",
        "is a leaf; give values",
        "not a node of this tree",
        "not ∞",
        "not 2.5",
        " > β = ",
        " < α = ",
    ]:
        assert needle in texts, needle


def _python_answer(answer: dict[str, Any]) -> dict[str, Any]:
    python: dict[str, Any] = {}
    if answer["pruned"] is not None:
        python["pruned"] = set(answer["pruned"])
    if answer["values"] is not None:
        python["values"] = answer["values"]
    return python


def test_pruned_leaves_values_and_explanations_agree(output: dict[str, Any]) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in zip(cases(), output["cases"], strict=True):
            exercise = case.exercise
            solution = exercise.solution
            yield (case, "question"), exercise.question(), got["question"]
            pruned = [name for name in exercise.leaf_names if name in solution.pruned]
            yield (case, "pruned leaves"), pruned, got["pruned"]
            yield (case, "values"), dict(solution.values), got["values"]
            yield (case, "evaluated"), list(solution.evaluated), got["evaluated"]
            for leaf in exercise.leaf_names:
                expected = (
                    exercise.explain_pruned(leaf)
                    if leaf in solution.pruned
                    else exercise.explain_evaluated(leaf)
                )
                yield (case, f"explanation of {leaf}"), expected, got["explanations"][leaf]

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)


def test_feedback_agrees_on_right_and_wrong_answers(output: dict[str, Any]) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in zip(cases(), output["cases"], strict=True):
            for answer, text in zip(case.answers, got["feedback"], strict=True):
                expected = str(case.exercise.check(_python_answer(answer)))
                yield (case, f"answer {answer}"), expected, text

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)
    right = [got["feedback"][0] for got in output["cases"]]
    assert right == ["Correct!"] * len(right)


def test_typed_boxes_get_what_the_notebook_widget_says(output: dict[str, Any]) -> None:
    pytest.importorskip("ipywidgets")
    from gamelib.widgets.pruning import PruningWidget

    compared = 0
    for case, got in zip(cases(), output["cases"], strict=True):
        for (marked, typed), result in zip(case.typed, got["typed"], strict=True):
            widget = PruningWidget(case.exercise)
            widget.mark(*marked)
            widget.set_values(dict(typed))
            feedback = widget.check()
            assert result["text"] == str(feedback), where(case) + f"typed {typed}"
            blank = [
                name for name in case.exercise.solution.values if not typed.get(name, "").strip()
            ]
            assert result["blank"] == (blank if feedback.correct else [])
            compared += 1
    assert compared == 8 * WIDGETS_PER_RULE_SET * 4


def test_the_animation_says_what_the_course_animation_says(output: dict[str, Any]) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in zip(cases(), output["cases"], strict=True):
            if case.compare_sentences:
                yield (case, "sentences"), sentences(case.exercise.trace), got["sentences"]

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)
    assert sum(1 for case in cases() if case.compare_sentences) == 8 * SENTENCES_PER_RULE_SET


def test_every_animation_step_shows_what_the_course_picture_shows(
    output: dict[str, Any],
) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in zip(cases(), output["cases"], strict=True):
            if not case.compare_pictures:
                continue
            pictures = trace_pictures(case.exercise.trace)
            assert len(pictures) == len(got["pictures"])
            for picture, shown in zip(pictures, got["pictures"], strict=True):
                names = {node.key: node.name for node in picture.nodes}
                nodes = {
                    node.name: {
                        "status": node.status,
                        "value": node.value,
                        "provisional": node.provisional,
                        "mark": node.mark,
                        "current": node.current,
                    }
                    for node in picture.nodes
                }
                edges = {
                    (names[edge.child] if edge.parent else ""): {
                        "status": edge.status,
                        "label": edge.label,
                        "labelKind": edge.label_kind,
                    }
                    for edge in picture.edges
                }
                step = f"step {picture.step}"
                yield (case, step + " caption"), picture.caption, shown["caption"]
                yield (case, step + " nodes"), nodes, shown["nodes"]
                yield (case, step + " edges"), edges, shown["edges"]

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)


def test_typed_numbers_read_and_print_as_in_gamelib(output: dict[str, Any]) -> None:
    for text, got in zip(TYPED_NUMBERS, output["numbers"], strict=True):
        try:
            expected: dict[str, Any] = {"value": None if not text.strip() else read_number(text)}
        except ValueError as error:
            expected = {"error": str(error)}
        if "value" in got:
            got = {"value": number_from_json(got["value"])}
        assert got == expected, repr(text)
    assert output["formatted"] == [format_number(value) for value in FORMATTED]


def test_the_pages_random_trees_are_gamelibs(output: dict[str, Any]) -> None:
    expected = [
        random_tree(seed, depth, branching).to_outline()
        for seed, depth, branching in random_sizes()
    ]
    assert len(expected) == 120 * 11 + 2
    problems = mismatches(
        (f"random tree {i}", one, other)
        for i, (one, other) in enumerate(zip(expected, output["random"], strict=True))
    )
    assert not problems, "\n\n".join(problems)
