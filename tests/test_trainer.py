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
  random trees (the same as ``random_tree`` for the same seed);
- the trainer's own reasons (its sentences, not gamelib's: why a node returns its value, why a
  leaf is evaluated, each animation step's cut test, where a cutoff's bound comes from), held
  true against gamelib's trace and rule on the cases that compare sentences.

Every comparison of words runs in both languages of the page: English on every case, and
Japanese (the page ``site/trainer/ja/index.html``) on the first JAPANESE_PER_RULE_SET trees of
each rule set (now all of them: the Japanese pass adds about ten seconds), against gamelib with
``language="ja"`` (the sentences, pictures and widget samples are among those first trees, so
they are compared in both languages whatever the subset). The
trainer's word templates themselves are compared with gamelib's WORDS tables, key for key, and
the Japanese page with the English one (the same elements, its buttons and legend in gamelib's
Japanese words).

Node.js is needed (``node`` on the PATH); without it the test fails and says so.
"""

from __future__ import annotations

import html
import importlib
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, fields
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from gamelib.core import Bound
from gamelib.exercises import Convention, PruningExercise
from gamelib.language import LANGUAGES
from gamelib.mastery.skills import cutoff_sources
from gamelib.notation import format_number, read_number
from gamelib.render.describe import before_the_search, sentences
from gamelib.render.scene import SceneOptions, trace_pictures
from gamelib.render.style import PALETTE, PAPER, contrast_ratio
from gamelib.trace import Backup, Cutoff
from gamelib.trees import Tree, random_tree
from tests.helpers import run_node_checker

REPOSITORY = Path(__file__).resolve().parents[1]
TRAINER = REPOSITORY / "site" / "trainer"
CHECKER = TRAINER / "check.mjs"
PAGES = {"en": TRAINER / "index.html", "ja": TRAINER / "ja" / "index.html"}
TREES_PER_RULE_SET = 1000
JAPANESE_PER_RULE_SET = 1000  # the first trees of each rule set compared in Japanese too (all)
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
    languages: tuple[str, ...]


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
                    ("en", "ja") if number < JAPANESE_PER_RULE_SET else ("en",),
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
        "languages": list(case.languages),
    }


@cache
def node_output(directory: str) -> dict[str, Any]:
    """Run check.mjs once on every case; its output, parsed."""
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
    return run_node_checker(CHECKER, data, directory)


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


def cases_in(language: str, output: dict[str, Any]) -> Iterator[tuple[Case, dict[str, Any]]]:
    """Each case compared in ``language``, with what the trainer said in that language."""
    for case, got in zip(cases(), output["cases"], strict=True):
        if language in case.languages:
            yield case, got[language]


def test_every_rule_set_has_its_thousand_trees(output: dict[str, Any]) -> None:
    assert len(output["cases"]) == len(cases()) == 8 * TREES_PER_RULE_SET
    counts = [sum(1 for case in cases() if case.convention_index == i) for i in range(8)]
    assert counts == [TREES_PER_RULE_SET] * 8
    for language in LANGUAGES:
        expected = [convention.describe(language=language) for convention in CONVENTIONS]
        assert output["conventions"][language] == expected


def test_japanese_is_compared_on_every_kind_of_case(output: dict[str, Any]) -> None:
    """The Japanese pass covers the sentences, pictures and widget samples of every rule set."""
    japanese = [case for case in cases() if "ja" in case.languages]
    assert len(japanese) == 8 * JAPANESE_PER_RULE_SET
    assert SENTENCES_PER_RULE_SET <= JAPANESE_PER_RULE_SET
    assert max(PICTURE_NUMBERS) < JAPANESE_PER_RULE_SET
    assert WIDGETS_PER_RULE_SET <= JAPANESE_PER_RULE_SET
    for case, got in zip(cases(), output["cases"], strict=True):
        assert sorted(got) == sorted(case.languages)


NEEDLES = {
    "en": [
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
    ],
    "ja": [
        "は枝刈りされます：",
        "（MIN）で",
        "（MAX）で",
        "は評価されます（",
        "下限値です",
        "上限値です",
        "（正確な値）",
        "値を返しません",
        "確かめていないノード",
        "は葉です。内部ノードの値",
        "この木のノードではありません",
        "∞ ではありません",
        "2.5 ではありません",
        " > β = ",
        " < α = ",
    ],
}
"""A piece of every kind of message, in each language."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cases_reach_every_kind_of_answer(language: str) -> None:
    """The comparison means something: the trees prune, the rules disagree, and the answers
    draw every kind of message (in each language, among the cases compared in it)."""
    compared = [case for case in cases() if language in case.languages]
    pruning = sum(1 for case in compared if case.exercise.solution.pruned)
    assert pruning > len(compared) // 2
    first_trees = compared[:200]
    differ = [
        case
        for case in first_trees
        for other in CONVENTIONS[1:]
        if PruningExercise(tree=case.exercise.tree, convention=other).solution
        != case.exercise.solution
    ]
    assert len(differ) > len(first_trees)  # the rules matter on many trees
    texts = "\n".join(
        str(case.exercise.check(_python_answer(answer), language=language))
        for case in compared[:: len(compared) // 400]
        for answer in case.answers
    )
    for needle in NEEDLES[language]:
        assert needle in texts, needle


def _python_answer(answer: dict[str, Any]) -> dict[str, Any]:
    python: dict[str, Any] = {}
    if answer["pruned"] is not None:
        python["pruned"] = set(answer["pruned"])
    if answer["values"] is not None:
        python["values"] = answer["values"]
    return python


@pytest.mark.parametrize("language", LANGUAGES)
def test_pruned_leaves_values_and_explanations_agree(output: dict[str, Any], language: str) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in cases_in(language, output):
            exercise = case.exercise
            solution = exercise.solution
            yield (case, "question"), exercise.question(language=language), got["question"]
            pruned = [name for name in exercise.leaf_names if name in solution.pruned]
            yield (case, "pruned leaves"), pruned, got["pruned"]
            yield (case, "values"), dict(solution.values), got["values"]
            yield (case, "evaluated"), list(solution.evaluated), got["evaluated"]
            for leaf in exercise.leaf_names:
                expected = (
                    exercise.explain_pruned(leaf, language=language)
                    if leaf in solution.pruned
                    else exercise.explain_evaluated(leaf, language=language)
                )
                yield (case, f"explanation of {leaf}"), expected, got["explanations"][leaf]

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)


CUT_REASONS = {
    (">=", "en"): "already has a choice at least as good",
    (">=", "ja"): "にはすでに同等以上の選択肢があるので",
    (">", "en"): "already has a better choice",
    (">", "ja"): "にはすでにより良い選択肢があるので",
}
"""Why a cut happens, by rule: under ≥ a tie cuts, so the choice above is "at least as good";
under > only a strictly better choice cuts."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_trainers_cut_reason_follows_the_rule_in_force(
    output: dict[str, Any], language: str
) -> None:
    """The trainer's own words, read without gamelib: every pruned leaf's explanation gives
    the reason of the rule in force (never the other rule's), on both rules, at MAX's and
    MIN's nodes."""
    seen: set[tuple[str, str]] = set()
    for case, got in cases_in(language, output):
        cutoff = case.exercise.convention.cutoff
        other = ">" if cutoff == ">=" else ">="
        for leaf in case.exercise.solution.pruned & set(case.exercise.leaf_names):
            explanation = got["explanations"][leaf]
            assert CUT_REASONS[cutoff, language] in explanation, (cutoff, explanation)
            assert CUT_REASONS[other, language] not in explanation, (cutoff, explanation)
            seen.add(
                (cutoff, "MAX" if "(MAX)" in explanation or "（MAX）" in explanation else "MIN")
            )
    assert seen == {(">=", "MAX"), (">=", "MIN"), (">", "MAX"), (">", "MIN")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_feedback_agrees_on_right_and_wrong_answers(output: dict[str, Any], language: str) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in cases_in(language, output):
            for answer, text in zip(case.answers, got["feedback"], strict=True):
                expected = str(case.exercise.check(_python_answer(answer), language=language))
                yield (case, f"answer {answer}"), expected, text

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)
    right = [got["feedback"][0] for _, got in cases_in(language, output)]
    correct = {"en": "Correct!", "ja": "正解です！"}[language]
    assert right == [correct] * len(right)


@pytest.mark.parametrize("language", LANGUAGES)
def test_typed_boxes_get_what_the_notebook_widget_says(
    output: dict[str, Any], language: str
) -> None:
    pytest.importorskip("ipywidgets")
    from gamelib.widgets.pruning import PruningWidget

    compared = 0
    notes = 0
    for case, got in cases_in(language, output):
        for (marked, typed), result in zip(case.typed, got["typed"], strict=True):
            widget = PruningWidget(case.exercise, language=language)
            widget.mark(*marked)
            widget.set_values(dict(typed))
            feedback = widget.check()
            assert result["text"] == str(feedback), where(case) + f"typed {typed}"
            blank = [
                name for name in case.exercise.solution.values if not typed.get(name, "").strip()
            ]
            assert result["blank"] == (blank if feedback.correct else [])
            # the note under a right answer with empty boxes: the widget's, word for word
            assert bool(result["note"]) == bool(feedback.correct and blank)
            if result["note"]:
                assert html.escape(result["note"]) in widget.feedback.value
            notes += bool(result["note"])
            compared += 1
    assert compared == 8 * WIDGETS_PER_RULE_SET * 4
    assert notes >= 8  # the "some boxes" and "no boxes" samples leave right answers blank


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_solution_paragraph_is_the_widgets(output: dict[str, Any], language: str) -> None:
    pytest.importorskip("ipywidgets")
    from gamelib.widgets.pruning import solution_html

    problems = mismatches(
        ((case, "solution"), solution_html(case.exercise, language=language), got["solution"])
        for case, got in cases_in(language, output)
    )
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_animation_says_what_the_course_animation_says(
    output: dict[str, Any], language: str
) -> None:
    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in cases_in(language, output):
            if case.compare_sentences:
                expected = sentences(case.exercise.trace, language=language)
                yield (case, "sentences"), expected, got["sentences"]

    problems = mismatches(pairs())
    assert not problems, "\n\n".join(problems)
    assert sum(1 for case in cases() if case.compare_sentences) == 8 * SENTENCES_PER_RULE_SET
    assert output["before"][language] == before_the_search(language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_animation_step_shows_what_the_course_picture_shows(
    output: dict[str, Any], language: str
) -> None:
    options = SceneOptions(language="ja" if language == "ja" else "en")

    def pairs() -> Iterator[tuple[Any, Any, Any]]:
        for case, got in cases_in(language, output):
            if not case.compare_pictures:
                continue
            pictures = trace_pictures(case.exercise.trace, options)
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
    cut_labels = [
        edge["label"]
        for _, got in cases_in(language, output)
        for shown in got.get("pictures", [])
        for edge in shown["edges"].values()
        if edge["labelKind"] == "cut"
    ]
    assert cut_labels  # the sample draws cuts, so their labels were compared


@pytest.mark.parametrize("language", LANGUAGES)
def test_typed_numbers_read_and_print_as_in_gamelib(output: dict[str, Any], language: str) -> None:
    for text, got in zip(TYPED_NUMBERS, output["numbers"][language], strict=True):
        try:
            value = None if not text.strip() else read_number(text, language=language)
            expected: dict[str, Any] = {"value": value}
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


def test_the_trainers_words_are_gamelibs(output: dict[str, Any]) -> None:
    """Each template of trainer.js's WORDS (but the page's own) is gamelib's, in every
    language, so the Japanese page can only say what the Japanese notebooks say."""
    words = output["words"]
    assert set(words) == {
        "gamelib.notation",
        "gamelib.exercises",
        "gamelib.render.describe",
        "gamelib.render.picture",
        "gamelib.render.labels",
        "gamelib.widgets.pruning",
        "page",
    }
    compared = 0
    for module_name, templates in words.items():
        for key, texts in templates.items():
            assert set(texts) == set(LANGUAGES), f"{module_name}.{key}"
        if module_name == "page":
            continue
        if module_name == "gamelib.widgets.pruning":
            pytest.importorskip("ipywidgets")
        module = importlib.import_module(module_name)
        for key, texts in templates.items():
            assert key in module.WORDS, f"{module_name}.WORDS has no {key!r}"
            assert dict(module.WORDS[key]) == texts, f"{module_name}.WORDS[{key!r}]"
            compared += 1
    assert compared >= 60


BOUND_FROM = re.compile(
    r"^(?P<bound>[αβ]) = (?P<value>\S+) comes from (?P<source>\S+), "
    r"(?:the parent: a shallow cutoff|(?P<levels>\w+) levels up, passed down the window: "
    r"a deep cutoff)\.$"
)
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def test_a_missed_cutoff_names_where_its_bound_comes_from(output: dict[str, Any]) -> None:
    """For every pruned leaf (the reason the page gives when it is left unmarked), the bound
    of the cutoff that pruned it, its value and its source are gamelib's: the value is the
    cutoff event's β (at a MAX node) or α (at a MIN node), the source the ancestor as many
    levels up as gamelib's cutoff_sources measures, and the cut is called deep exactly when
    that is 3 or more levels. The Japanese sentence states the same bound, value and source,
    and names the same kind of cut."""
    checked = deep = 0
    for case, got in zip(cases(), output["cases"], strict=True):
        if not case.compare_sentences:
            continue
        exercise = case.exercise
        parents = {
            child.name: node.name for node, _ in exercise.tree.walk() for child in node.children
        }
        cut_events = {
            event.node: event for event in exercise.trace.events if isinstance(event, Cutoff)
        }
        sources = {leaf: cut for cut in cutoff_sources(exercise) for leaf in cut.pruned}
        bounds = got["en"]["reasons"]["bounds"]
        assert set(bounds) == set(exercise.solution.pruned)
        for leaf, text in bounds.items():
            cut = sources[leaf]
            event = cut_events[cut.node]
            source = cut.node
            for _ in range(cut.distance):
                source = parents[source]
            match = BOUND_FROM.match(text)
            assert match, text
            maximizing = exercise._is_max(cut.node)
            assert match["bound"] == ("β" if maximizing else "α"), text
            assert read_number(match["value"]) == (event.beta if maximizing else event.alpha)
            assert match["source"] == source, text
            levels = match["levels"]
            assert (cut.distance == 1) == (levels is None), text
            if levels is not None:
                assert NUMBER_WORDS.index(levels) == cut.distance >= 3, text
                deep += 1
            if "ja" in case.languages:
                japanese = got["ja"]["reasons"]["bounds"][leaf]
                assert f"{match['bound']} = {match['value']}" in japanese, japanese
                assert source in japanese, japanese
                assert ("深いカット" in japanese) == (levels is not None), japanese
                assert ("浅いカット" in japanese) == (levels is None), japanese
            checked += 1
    assert checked > 1000 and deep > 100, (checked, deep)


class _Skeleton(HTMLParser):
    """A page's elements with their ids and classes, and the text of each element by id."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, str, str]] = []
        self.texts: dict[str, str] = {}
        self.open: list[tuple[str, str | None]] = []
        self.language = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.language = attributes.get("lang") or ""
        self.elements.append((tag, attributes.get("id") or "", attributes.get("class") or ""))
        if tag not in ("meta", "link", "input", "br", "rect", "ellipse"):
            self.open.append((tag, attributes.get("id")))
            if attributes.get("id"):
                self.texts[attributes["id"] or ""] = ""

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            opened, _ = self.open.pop()
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, identifier in self.open:
            if identifier:
                self.texts[identifier] += data


def skeleton(language: str) -> _Skeleton:
    parser = _Skeleton()
    parser.feed(PAGES[language].read_text(encoding="utf-8"))
    return parser


LEGEND_KEYS = ("current", "pruned", "window", "evaluation_order", "best_so_far")
"""The solution's legend, in the order the page shows it (gamelib.render.labels.WORDS)."""


def test_the_japanese_page_is_the_english_page_in_japanese() -> None:
    """site/trainer/ja/index.html has the English page's elements (ids, classes, in order),
    is marked Japanese, and says its buttons and legend in gamelib's Japanese words; the two
    pages' switches lead to each other."""
    pytest.importorskip("ipywidgets")
    from gamelib.render.labels import WORDS as LEGEND
    from gamelib.widgets.pruning import WORDS as WIDGET

    english, japanese = skeleton("en"), skeleton("ja")
    assert (english.language, japanese.language) == ("en", "ja")
    assert japanese.elements == english.elements
    for identifier, key in [
        ("check", "check"),
        ("show-solution", "show_solution"),
        ("new-tree", "new_tree"),
        ("clear", "clear"),
    ]:
        for language in LANGUAGES:
            page = {"en": english, "ja": japanese}[language]
            assert page.texts[identifier].strip() == WIDGET[key][language], identifier
    for language in LANGUAGES:
        text = PAGES[language].read_text(encoding="utf-8")
        legend = text[text.index('id="solution"') :]
        keys = [
            re.sub(r"<[^>]+>", "", key).strip()
            for key in re.findall(r'<span class="key">(.*?)</span>\n', legend)
        ]
        words = [LEGEND[key][language] for key in LEGEND_KEYS]
        assert len(keys) == len(words), keys
        for key, word in zip(keys, words, strict=True):
            assert key.endswith(word), (language, key, word)
    english_text = PAGES["en"].read_text(encoding="utf-8")
    japanese_text = PAGES["ja"].read_text(encoding="utf-8")
    assert 'class="course-language-switch" href="ja/index.html"' in english_text
    assert 'class="course-language-switch" href="../index.html"' in japanese_text
    for asset in ("trainer.css", "trainer.js", "page.js"):
        assert f'"../{asset}"' in japanese_text and f'"{asset}"' in english_text


# ------------------------------------------------------- the page's colours (issue 29.4)

STYLE_SHEET = TRAINER / "trainer.css"
DARK = "@media (prefers-color-scheme: dark)"
TEXTS_ON = {
    "text": ("max-fill", "min-fill", "unvisited-fill", "pruned-fill"),
    "provisional-text": ("max-fill", "min-fill"),
    "muted-text": ("pruned-fill", "unvisited-fill"),
    "mark-text": ("max-fill", "min-fill", "unvisited-fill"),
    "window-text": (),
    "cut-text": (),
    "muted": (),
    "accent": (),
    "right": (),
    "wrong": (),
}
"""The page's text colours and the node fills each is drawn on; every one is also drawn on the
page and on the panels (labels, legends, hints, feedback)."""
LINES = (
    "max-line",
    "min-line",
    "unvisited-max-line",
    "unvisited-min-line",
    "pruned-line",
    "current-line",
    "edge",
    "unvisited-edge",
    "right",
    "wrong",
    "focus",
)
"""The lines that carry meaning: node outlines, edges, the right and wrong outlines, the
keyboard's focus."""


def theme_colours() -> dict[str, dict[str, str]]:
    """trainer.css's colours by theme: the light one (:root), the dark one (:root with the
    dark block's colours over it)."""
    sheet = STYLE_SHEET.read_text(encoding="utf-8")
    colour = re.compile(r"--([\w-]+):\s*(#[0-9a-f]{6});")
    light = dict(colour.findall(sheet[sheet.index(":root") : sheet.index("}")]))
    start = sheet.index(DARK)
    dark = dict(colour.findall(sheet[start : sheet.index("}\n}", start)]))
    return {"light": light, "dark": {**light, **dark}}


def test_the_pages_light_colours_are_the_courses() -> None:
    """The light theme draws the tree in gamelib's palette (the colours the course's own
    drawings use, whose contrast tests/render/test_contrast.py checks), on white paper."""
    light = theme_colours()["light"]
    shared = [field.name for field in fields(PALETTE) if field.name.replace("_", "-") in light]
    assert len(shared) >= 15, shared
    differ = [
        (name, light[name.replace("_", "-")], getattr(PALETTE, name))
        for name in shared
        if light[name.replace("_", "-")] != getattr(PALETTE, name)
    ]
    assert differ == []
    assert light["background"] == PAPER


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_pages_colours_reach_their_contrast(theme: str) -> None:
    """In both themes every text colour reaches 4.5:1 on the page, the panels and the fills
    it is drawn on, and every line that carries meaning 3:1 on the page and the panels
    (WCAG 1.4.3 and 1.4.11); a failure names each pair that falls short."""
    colours = theme_colours()[theme]
    assert set(TEXTS_ON) | set(LINES) <= set(colours)
    short = [
        f"{name} {colours[name]} on {where} {colours[where]}: "
        f"{contrast_ratio(colours[name], colours[where]):.2f}:1 < {least}"
        for names, least, places in (
            (TEXTS_ON, 4.5, lambda name: ("background", "panel", *TEXTS_ON[name])),
            (LINES, 3.0, lambda name: ("background", "panel")),
        )
        for name in names
        for where in places(name)
        if contrast_ratio(colours[name], colours[where]) < least
    ]
    assert short == []


# ------------------------------------------------------- the trainer's own reasons, held true

COMPARISON = re.compile(
    r"(?P<value>−?(?:∞|[0-9.]+)) (?P<relation>[<>≤≥]) (?P<bound>[αβ]) = "
    r"(?P<threshold>−?(?:∞|[0-9.]+))(?P<after>, so no cut|, which does not cut under the strict"
    r" rule)?"
)
"""A cut test in the trainer's English reasons: "9 ≥ β = −3", "2 < β = 5, so no cut"."""

HOLDS = {
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "≤": lambda a, b: a <= b,
    "≥": lambda a, b: a >= b,
}


def _tests_in(text: str, convention: Convention) -> list[tuple[float, str, float, bool]]:
    """Every cut test in an English reason as (value, bound, threshold, said to cut), each
    checked: its relation holds, and the rule in force (gamelib's Convention) cuts exactly
    when the reason says so."""
    found = []
    for match in COMPARISON.finditer(text):
        value = read_number(match["value"])
        threshold = read_number(match["threshold"])
        assert HOLDS[match["relation"]](value, threshold), (match[0], text)
        said_to_cut = match["after"] is None
        # the rule in force, from MAX's view: β-cut at MAX's nodes, α-cut at MIN's
        beyond = value >= threshold if match["bound"] == "β" else value <= threshold
        tie = value == threshold
        cuts = beyond and not (tie and convention.cutoff == ">")
        assert said_to_cut == cuts, (match[0], convention, text)
        if match["after"] and "strict" in match["after"]:
            assert tie and convention.cutoff == ">", (match[0], text)
        found.append((value, match["bound"], threshold, said_to_cut))
    return found


EMPTY_WINDOW_PROOF = re.compile(
    r"an empty window \(α = β\), so what \S+ proves comes from its children: .*, "
    r"so (?P<node>\S+) is (?P<relation>at least|at most|exactly) (?P<value>[^\s;]+)"
)
"""What the trainer says a node entered with α = β proves (the bound its children prove)."""

PROVES = {"at least": Bound.LOWER, "at most": Bound.UPPER, "exactly": Bound.EXACT}


def test_the_trainers_reasons_are_true(output: dict[str, Any]) -> None:
    """The trainer's own reasons (trainer-only sentences, not gamelib's) on every case that
    compares sentences: each cut test they state holds, and cuts under the rule in force
    exactly when they say it cuts; why a node returns its value ends in gamelib's value, and
    says "cuts" exactly where gamelib's trace has a cutoff; why a leaf is evaluated names only
    tests that do not cut, at its ancestors; each step's test is that step's event; and the
    Japanese reasons state the same comparisons."""
    checked = 0
    seen = ""  # every English reason, to show that each kind was reached
    for case, got in zip(cases(), output["cases"], strict=True):
        if not case.compare_sentences:
            continue
        seen += "\n".join(
            [*got["en"]["reasons"]["returns"].values(), *got["en"]["reasons"]["reached"].values()]
        )
        exercise = case.exercise
        convention = exercise.convention
        reasons = got["en"]["reasons"]
        events = exercise.trace.events
        returned = exercise.trace.returned()
        cut_nodes = {event.node for event in events if isinstance(event, Cutoff)}
        assert set(reasons["returns"]) == set(exercise.solution.values)
        for name, text in reasons["returns"].items():
            tests = _tests_in(text, convention)
            assert len(tests) == 1, text
            said_to_cut = tests[0][3]
            assert (" cuts: " in text) == said_to_cut == (name in cut_nodes), text
            stated = re.search(r"(?:here|its best,|that bound,) (\S+)\.$", text)
            assert stated, text
            assert read_number(stated[1]) == exercise.solution.values[name], text
            proved = EMPTY_WINDOW_PROOF.search(text)  # strict rule: α = β at the node
            if proved:
                value, bound = returned[name]
                assert proved["node"] == name, text
                assert read_number(proved["value"]) == value, text
                assert PROVES[proved["relation"]] == bound, text
                witness = re.search(r": (\S+) is at (least|most) ", text)
                if witness:  # the named child proves it (MAX's view)
                    child_value, child_bound = returned[witness[1]]
                    if witness[2] == "least":
                        assert child_bound != Bound.UPPER and child_value >= value, text
                    else:
                        assert child_bound != Bound.LOWER and child_value <= value, text
        parents = {
            child.name: node.name for node, _ in exercise.tree.walk() for child in node.children
        }
        for leaf, text in reasons["reached"].items():
            ancestors = set()
            name = leaf
            while name in parents:
                name = parents[name]
                ancestors.add(name)
            assert all(not said for *_, said in _tests_in(text, convention)), text
            assert set(re.findall(r"at (\S+) \((?:MAX|MIN)\)", text)) <= ancestors, text
        for event, text in zip(events, reasons["steps"], strict=True):
            if not isinstance(event, (Backup, Cutoff)):
                assert text is None
                continue
            ((value, bound, threshold, said_to_cut),) = _tests_in(text, convention)
            maximizing = bound == "β"
            assert value == event.value
            assert threshold == (event.beta if maximizing else event.alpha)
            assert said_to_cut == isinstance(event, Cutoff), text
        if "ja" in case.languages:
            japanese = got["ja"]["reasons"]
            for kind in ("returns", "reached"):
                for name, text in reasons[kind].items():
                    for match in COMPARISON.finditer(text):
                        comparison = match[0].removesuffix(match["after"] or "")
                        assert comparison in japanese[kind][name], (
                            comparison,
                            japanese[kind][name],
                        )
        checked += 1
    assert checked == 8 * SENTENCES_PER_RULE_SET
    for kind in (
        "fail-hard a node that cuts returns",
        "fail-soft a node that cuts returns",
        "returns its best",
        "then returns that bound",
        "an empty window (α = β), so what",
        "does not cut under the strict rule",
        "searches the path to",
        "no test above",
    ):
        assert kind in seen, kind
