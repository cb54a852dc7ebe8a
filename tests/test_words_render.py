"""The animation and the drawings in both languages (issue 15).

Every entry of the render modules' ``WORDS`` tables is produced, in English and in Japanese,
from real searches; a Japanese sentence carries the same numbers, node names and signs as its
English twin; the course-wide setting (:func:`gamelib.set_language`) reaches every function
that writes words.
"""

from __future__ import annotations

import dataclasses
import json
import re
import string
from collections import Counter
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import (
    alphabeta,
    alphabeta_failsoft,
    aspiration,
    chess_draw,
    minimax,
    mtdf,
    nega_alpha,
    negamax,
    perpetual_check_loses,
    pvs,
)
from gamelib.core import FIRST, SECOND
from gamelib.games.cyclic import ahead_and_behind, perpetual_check_example, sennichite_example
from gamelib.language import LANGUAGES, Language, set_language
from gamelib.render import picture, summaries
from gamelib.render.describe import describe_probe, sentences
from gamelib.render.dot import draw
from gamelib.render.dot_program import GraphvizMissingWarning, explain_graphviz_failure
from gamelib.render.frames import Counts, trace_frames
from gamelib.render.static import StaticAnimation, legend_html, to_html
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import Probe, WindowSearchResult
from gamelib.trace import Cutoff, Trace, record, record_probes
from gamelib.trees import TEXTBOOK, parse_tree, random_tree
from tests.helpers import JAPANESE, Subtraction

MODULES: tuple[ModuleType, ...] = tuple(
    import_module(f"gamelib.render.{name}")
    for name in (
        "describe",
        "labels",
        "layout",
        "picture",
        "numberline",
        "frames",
        "static",
        "summaries",
    )
)
"""The render modules that write words for the pictures; each keeps them in its ``WORDS``."""

WARNINGS = import_module("gamelib.render.dot_program")
"""The module that warns when Graphviz is missing or fails (tested on its own below)."""

"""Hiragana, katakana or a kanji."""

TOKEN = re.compile(r"−?(?:\d+(?:\.\d+)?|∞)|[①-⑩]|(?<![A-Za-z])[A-Z]{1,3}(?![A-Za-z])|[αβ≥≤]")
"""What a sentence must carry over into the other language: numbers (with their sign),
evaluation marks, node names and roles (``D``, ``AB``, ``MAX``), and the signs α β ≥ ≤."""


def tokens(text: str) -> Counter[str]:
    """The numbers, names and signs of ``text``, counted."""
    return Counter(TOKEN.findall(text))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching the texts ``template`` produces, each placeholder filled
    with text on one line, outside tags and JSON strings (so a match cannot join the words of
    two sentences)."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append('[^\n"<>]+?')
    return re.compile("".join(parts))


# --------------------------------------------------------------------------- the tables


@pytest.mark.parametrize("module", [*MODULES, WARNINGS], ids=lambda module: module.__name__)
def test_every_entry_has_both_languages_with_the_same_placeholders(module: ModuleType) -> None:
    words: Mapping[str, Mapping[Language, str]] = module.WORDS
    assert words
    for key, texts in words.items():
        assert set(texts) == set(LANGUAGES), key
        assert fields(texts["en"]) == fields(texts["ja"]), key
        assert JAPANESE.search(texts["ja"]), key
        assert not JAPANESE.search(texts["en"]), key


# --------------------------------------------------------------------------- real searches


@cache
def traces() -> dict[str, Trace]:
    """Searches whose sentences between them use every event and every case of the narration."""
    windows = TEXTBOOK["alpha-beta-windows"]
    check = perpetual_check_example()
    found = {
        "alphabeta": record(alphabeta, windows),
        "failsoft": record(alphabeta_failsoft, windows),
        "minimax": record(minimax, windows),
        "negamax": record(negamax, TEXTBOOK["negamax-two-ply"]),
        "nega_alpha": record(nega_alpha, TEXTBOOK["aima-fig-5-2"]),
        "pvs": record(pvs, windows),
        "table to the end": record(alphabeta, Subtraction(6), table=TranspositionTable()),
        "table to a depth": record(alphabeta, Subtraction(7), depth=4, table=TranspositionTable()),
        "repeats a ply": record(alphabeta, check, repetition=perpetual_check_loses(check.is_check)),
        "repeats the root": record(alphabeta, ahead_and_behind(), repetition=chess_draw),
        "repeats the history": record(
            alphabeta,
            sennichite_example(),
            state=("a", SECOND),
            repetition=chess_draw,
            history=[("start", FIRST)],
        ),
        "large": record(alphabeta, random_tree(1, 4, 5)),
        "a leaf": record(alphabeta, parse_tree("- R 3")),
    }
    # a cutoff at a node's last child leaves nothing to prune
    for seed in range(200):
        trace = record(alphabeta_failsoft, random_tree(seed, 3, 2))
        if any(isinstance(event, Cutoff) and not event.skipped for event in trace.events):
            found["nothing left"] = trace
            break
    return found


@dataclasses.dataclass(frozen=True)
class Novelty:
    """An event type the narration does not know (one added later)."""

    node: str


def with_an_unknown_event(trace: Trace) -> Trace:
    return dataclasses.replace(trace, events=(*trace.events, Novelty(trace.entered[0])))  # type: ignore[arg-type]


def probes() -> list[Probe]:
    """The searches of MTD(f) (failing high, then low) and of an aspiration search (high, then
    inside) on textbook trees."""
    found: list[Probe] = []
    for search, tree, options in (
        (mtdf, "alpha-beta-windows", {"first_guess": 0}),
        (aspiration, "aima-fig-5-2", {"guess": 0, "delta": 1}),
    ):
        result, _ = record_probes(search, TEXTBOOK[tree], **options)
        assert isinstance(result, WindowSearchResult)
        found += result.probes
    return found


@cache
def everything_written(language: Language) -> tuple[str, ...]:
    """Every text the render modules write for the searches above, in ``language``."""
    found = traces()
    texts: list[str] = []
    for trace in [*found.values(), with_an_unknown_event(found["minimax"])]:
        for view in ("max", "mover"):
            texts += sentences(trace, view, language=language)
        texts.append(gamelib.describe(trace, 0, language=language))
        texts.append(summaries.trace_counts(trace, language))
    texts += [describe_probe(probe, language) for probe in probes()]
    windows = found["alphabeta"]
    texts.append(draw(windows, 18, language=language).source)
    texts.append(draw(windows, 0, language=language, node_types=True).source)
    collapsed: dict[str, Any] = {"max_depth": 2, "max_children": 2, "language": language}
    texts.append(draw(found["large"], 600, **collapsed).source)
    texts.append(draw(random_tree(1, 4, 5), **collapsed).source)
    html = to_html(windows, language=language)
    texts += [html, StaticAnimation(html, language).page()]
    texts.append(legend_html(True, language))
    texts.append(summaries.result_html(windows.result, language))
    table = TranspositionTable()
    alphabeta(Subtraction(6), table=table)
    texts.append(summaries.table_html(table, language))
    return tuple(texts)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_every_entry_is_written_by_some_search(module: ModuleType, language: Language) -> None:
    written = everything_written(language)
    unused = [
        key
        for key, texts in module.WORDS.items()
        if not any(pattern(texts[language]).search(text) for text in written)
    ]
    assert unused == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_graphviz_warnings_are_given_in_the_course_language(
    monkeypatch: pytest.MonkeyPatch, language: Language
) -> None:
    import graphviz  # type: ignore[import-untyped]

    set_language(language)
    monkeypatch.setattr(WARNINGS, "_hint_given", False)
    with pytest.warns(GraphvizMissingWarning) as missing:
        explain_graphviz_failure(graphviz.ExecutableNotFound(["dot"]))
    failure = graphviz.CalledProcessError(1, ["dot"], stderr=b"syntax error in line 1")
    with pytest.warns(GraphvizMissingWarning) as failed:
        explain_graphviz_failure(failure)
    written = [str(warning.message) for warning in (*missing, *failed)]
    assert written[0] == WARNINGS.WORDS["install_hint"][language]
    assert written[1] == WARNINGS.WORDS["dot_failed"][language].format(error=failure)
    assert "apt-get install graphviz" in written[0]


def test_the_words_too_short_to_be_told_apart_by_a_pattern() -> None:
    unknown = with_an_unknown_event(traces()["minimax"])
    assert sentences(unknown, language="en")[-1] == "Novelty at R"
    assert sentences(unknown, language="ja")[-1] == "R で Novelty が起きました"
    leaf = traces()["a leaf"]
    assert summaries.trace_counts(leaf, "en") == (
        "alphabeta: value 3 · 1 nodes entered · 1 leaves evaluated · 0 pruned"
    )
    assert summaries.trace_counts(leaf, "ja") == (
        "alphabeta：評価値 3 · 訪れたノード 1 · 評価した葉 1 · 枝刈り 0"
    )
    bare = draw(random_tree(1, 4, 5), max_depth=2, max_children=2, language="ja").source
    assert re.search(r"\b\d+ ノード<", bare)


# --------------------------------------------------------------------------- the same facts


def assert_twins(english: str, japanese: str) -> None:
    """``japanese`` says what ``english`` says: same numbers, names and signs, in Japanese."""
    assert JAPANESE.search(japanese), japanese
    assert tokens(english) == tokens(japanese), (english, japanese)


@pytest.mark.parametrize("name", sorted(traces()))
@pytest.mark.parametrize("view", ["max", "mover"])
def test_each_japanese_sentence_carries_the_numbers_and_names_of_the_english_one(
    name: str, view: str
) -> None:
    trace = traces()[name]
    english = sentences(trace, view, language="en")  # type: ignore[arg-type]
    japanese = sentences(trace, view, language="ja")  # type: ignore[arg-type]
    assert len(english) == len(japanese) == len(trace.events)
    for one, other in zip(english, japanese, strict=True):
        assert_twins(one, other)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    depth=st.integers(1, 4),
    branching=st.integers(1, 3),
    search=st.sampled_from([alphabeta, alphabeta_failsoft, minimax, nega_alpha, pvs]),
    view=st.sampled_from(["max", "mover"]),
)
def test_random_trees_are_narrated_alike_in_both_languages(
    seed: int, depth: int, branching: int, search: object, view: str
) -> None:
    trace = record(search, random_tree(seed, depth, branching))  # type: ignore[arg-type]
    english = sentences(trace, view, language="en")  # type: ignore[arg-type]
    for one, other in zip(english, sentences(trace, view, language="ja"), strict=True):  # type: ignore[arg-type]
        assert_twins(one, other)
    assert english == sentences(trace, view)  # type: ignore[arg-type]  # English by default


def test_probes_counts_and_captions_keep_their_numbers() -> None:
    for probe in probes():
        assert_twins(describe_probe(probe, "en"), describe_probe(probe, "ja"))
    counts = Counts(12, 5, 3)
    assert_twins(counts.text("en"), counts.text("ja"))
    trace = traces()["alphabeta"]
    assert_twins(summaries.trace_counts(trace, "en"), summaries.trace_counts(trace, "ja"))
    caption = picture.caption_for(trace, 18, "x", "ja")
    assert caption == "alphabeta、ステップ 18 / 37：x"


def test_the_textbook_cut_in_japanese() -> None:
    trace = traces()["alphabeta"]
    assert gamelib.describe(trace, 18, language="ja") == "D でβカット：4 ≥ 3、J を枝刈りします"
    assert gamelib.describe(trace, 34, language="ja") == "B でαカット：3 ≤ 3、F を枝刈りします"
    assert gamelib.describe(trace, 13, view="mover", language="ja") == (
        "C = 3 (A から見ると −3) で A のαが −3 に上がります"
    )
    assert gamelib.describe(trace, language="ja") == (
        "R は 3（正確な値）を返します。これで探索は終わりです"
    )


# --------------------------------------------------------------------------- the setting


def without_ids(html: str) -> str:
    return re.sub(r"gamelib-player-[0-9a-f]{12}", "gamelib-player", html)


def test_the_course_wide_language_reaches_every_writer() -> None:
    trace = traces()["alphabeta"]
    english = {
        "sentence": gamelib.describe(trace, 18),
        "drawing": draw(trace, 18).source,
        "html": to_html(trace, views=["max"]),
    }
    gamelib.set_language("ja")
    assert gamelib.describe(trace, 0) == "探索前：まだどのノードも訪れていません。"
    assert gamelib.sentences(trace)[17] == "D でβカット：4 ≥ 3、J を枝刈りします"
    drawing = draw(trace, 18).source
    assert "D でβカット：" in drawing and "探索中" in drawing and "ステップ 18 / 37" in drawing
    assert drawing != english["drawing"]
    html = to_html(trace, views=["max"])
    assert 'lang="ja"' in html and "ステップ 37 / 37：R は 3（正確な値）を返します" in html
    assert "再生" in html and "探索窓" in html and "探索中のノードの探索窓" in html
    page = StaticAnimation(html).page()
    assert '<html lang="ja">' in page and "<title>gamelib アニメーション</title>" in page
    assert Counts(1, 2, 3).text() == "ノード 1 · 葉 2 · 枝刈り 3"
    assert "最善進行" in summaries.result_html(trace.result)
    assert "評価値 3" in summaries.trace_counts(trace)
    assert "探索中のノードはありません" in trace_frames(trace, "max")[0].windows_svg
    assert "これまでの最善値" in legend_html()
    gamelib.set_language("en")
    assert gamelib.describe(trace, 18) == english["sentence"] == "β-cut at D: 4 ≥ 3, J pruned"
    assert without_ids(to_html(trace, views=["max"])) == without_ids(english["html"])


def test_an_explicit_language_wins_over_the_setting() -> None:
    trace = traces()["alphabeta"]
    gamelib.set_language("ja")
    assert gamelib.describe(trace, 18, language="en") == "β-cut at D: 4 ≥ 3, J pruned"
    assert "current</font>" in draw(trace, 18, language="en").source
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        gamelib.sentences(trace, language="fr")


def test_the_player_script_takes_its_words_from_the_data() -> None:
    trace = traces()["alphabeta"]
    html = to_html(trace, views=["max"], language="ja")
    script = html.split("<script>")[1]
    assert '"step ' not in script and '"play"' not in script and '"pause"' not in script
    data = re.search(r'class="gamelib-data">(.*?)</script>', html, re.DOTALL)
    assert data is not None
    words = json.loads(data.group(1))["words"]
    assert words["step_of"] == "ステップ {step} / {total}" and words["pause"] == "一時停止"


def test_the_widget_speaks_the_language_it_was_made_in() -> None:
    pytest.importorskip("ipywidgets")
    from gamelib.render.animation import Animation

    trace = traces()["alphabeta"]
    animation = Animation(trace, language="ja")
    animation.go(18)
    panel = animation.panels[0]
    assert "ステップ 18 / 37：D でβカット：4 ≥ 3、J を枝刈りします" in panel["sentence"].value
    assert "探索中のノードの探索窓" in panel["windows"].value
    assert animation.forward_button.tooltip == "1 ステップ進む"
    assert "gamelib-step-forward" in animation.forward_button._dom_classes
    assert animation.step_field.description == "ステップ"
    assert [label for label, _ in animation.view_choice.options] == [
        "MAX の視点",
        "手番側の視点（ネガマックス法）",
    ]
    assert 'lang="ja"' in animation.to_html()
