"""The ladder and the website's page on it tell the truth.

* The rungs (:data:`gamelib.tournament.ladder.RUNGS`) choose differently in Othello: for each
  two neighbouring rungs, some position where the moves each may choose (computed here
  independently: the moves of best value by each rung's own rule) have none in common; and
  α-β depth 1, left out of the rungs, may choose exactly Positional's moves everywhere.
* The website's tournament (``site/build.py``'s ``TOURNAMENT_OPTIONS``, read by the command's
  own argument parser) is 8×8 Othello, the rungs, several openings; both pages say 8×8 Othello
  and list exactly the rungs.
* The defaults both pages state for the lecturer's command are the argument parser's.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import itertools
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from gamelib.games.othello import Othello, positional_evaluation
from gamelib.players import player_label
from gamelib.search import alphabeta
from gamelib.tournament import ladder
from gamelib.tournament.__main__ import parser
from gamelib.tournament.ladder import LADDER, RUNGS
from gamelib.tournament.records import TOURNAMENT_CLOCK

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"en": ROOT / "site" / "tournament.md", "ja": ROOT / "site" / "ja" / "tournament.md"}


def website_options() -> tuple[str, ...]:
    """``TOURNAMENT_OPTIONS`` of ``site/build.py`` (a script: read, not run)."""
    tree = ast.parse((ROOT / "site" / "build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "TOURNAMENT_OPTIONS"
            for target in node.targets
        ):
            options: tuple[str, ...] = ast.literal_eval(node.value)
            return options
    raise AssertionError("site/build.py has no TOURNAMENT_OPTIONS")


def positions(count: int, seed: int = 7) -> list[Any]:
    """Othello positions from seeded random games, 8 to 40 plies in, with 2 or more moves."""
    game = Othello()
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.initial_state()
        for ply in range(40):
            if game.is_terminal(state):
                break
            moves = list(game.moves(state))
            if ply >= 8 and len(moves) >= 2 and rng.random() < 0.25:
                found.append(state)
            state = game.result(state, rng.choice(moves))
    return found[:count]


def best_moves(rung: str, game: Othello, state: Any) -> set[Any]:
    """The moves a rung may choose (those of best value by its rule), computed here."""
    values: dict[Any, float] = {}
    for move in game.moves(state):
        child = game.result(state, move)
        if rung == "Greedy":  # the most discs of its own: the mover's discs minus the other's
            values[move] = child.opponent.bit_count() - child.mover.bit_count()
        elif rung == "Positional":
            values[move] = -positional_evaluation(child)
        else:
            depth = int(rung.rsplit(" ", 1)[1])
            found = alphabeta(game, child, depth=depth - 1, evaluate=positional_evaluation)
            values[move] = -found.value
    best = max(values.values())
    return {move for move, value in values.items() if value == best}


CHOOSERS = {
    "Greedy": ladder.greedy_player,
    "Positional": ladder.positional_player,
    "α-β depth 1": lambda game: ladder.alphabeta_player(game, 1),
    "α-β depth 2": lambda game: ladder.alphabeta_player(game, 2),
    "α-β depth 4": lambda game: ladder.alphabeta_player(game, 4),
}


def chosen(rung: str, game: Othello, state: Any, seed: int) -> Any:
    """The move the ladder's own player of ``rung`` chooses, its tie-breaks seeded."""
    random.seed(seed)
    return CHOOSERS[rung](game).choose(game, state)


def test_every_rung_chooses_among_its_best_moves_and_neighbours_differ() -> None:
    game = Othello()
    states = positions(30)
    searching = [rung for rung in RUNGS if rung != "Random"]
    for rung in searching:
        for index, state in enumerate(states[:10]):
            assert chosen(rung, game, state, seed=index) in best_moves(rung, game, state), rung
    for weaker, stronger in itertools.pairwise(searching):
        disjoint = [
            state
            for state in states
            if not best_moves(weaker, game, state) & best_moves(stronger, game, state)
        ]
        assert disjoint, f"{weaker} and {stronger} may choose the same move everywhere"


def test_alphabeta_depth_1_is_positional_so_it_is_not_a_rung() -> None:
    game = Othello()
    assert "α-β depth 1" in LADDER and "α-β depth 1" not in RUNGS
    for index, state in enumerate(positions(30)):
        assert best_moves("α-β depth 1", game, state) == best_moves("Positional", game, state)
        assert chosen("α-β depth 1", game, state, seed=index) in best_moves(
            "Positional", game, state
        )


def test_the_website_plays_the_rungs_at_8x8_othello_from_several_openings() -> None:
    options = parser().parse_args(list(website_options()))
    assert options.ladder and options.folder is None
    assert options.game == "othello" and options.openings >= 2
    assert set(RUNGS) <= set(LADDER) and len(RUNGS) >= 4


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_page_says_8x8_othello_and_lists_exactly_the_rungs(language: str) -> None:
    text = PAGES[language].read_text(encoding="utf-8")
    assert ("8×8 Othello" if language == "en" else "8×8 のオセロ") in text
    assert "4×4" not in text and "reversi" not in text.lower()
    heading = "| rung |" if language == "en" else "| 段 |"
    table = text[text.index(heading) :].split("\n\n", 1)[0].splitlines()[2:]
    listed = [row.split("|")[1].strip() for row in table]
    assert listed == [player_label(rung, language) for rung in RUNGS]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_page_states_the_commands_defaults(language: str) -> None:
    text = PAGES[language].read_text(encoding="utf-8")
    stated = dict(re.findall(r"^\| `--([a-z-]+)` \| `([^`]+)` \|$", text, flags=re.MULTILINE))
    arguments = parser()
    defaults = {
        action.option_strings[0][2:]: action.default
        for action in arguments._actions
        if action.option_strings
        and action.default is not None
        and action.default is not False
        and action.default != argparse.SUPPRESS
    }
    assert set(stated) == set(defaults)
    for option, default in defaults.items():
        assert type(default)(stated[option]) == default, option


def test_the_site_publishes_the_sample_player_where_both_pages_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location("course_site_build", ROOT / "site" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, build)
    spec.loader.exec_module(build)
    tournament, html = tmp_path / "tournament", tmp_path / "html"
    for folder in build.TOURNAMENT_FOLDERS.values():
        (tournament / "pages" / folder).mkdir(parents=True)
    (tournament / "results.jsonl").write_text("")
    monkeypatch.setattr(build, "TOURNAMENT", tournament)
    monkeypatch.setattr(build, "HTML", html)
    build.copy_tournament()
    sample = (ROOT / "gamelib" / "tournament" / "sample_player.py").read_bytes()
    for language, page in (("en", "tournament.html"), ("ja", "ja/tournament.html")):
        (link,) = re.findall(r'href="([^"]*sample_player\.py)"', PAGES[language].read_text("utf-8"))
        target = (html / page).parent / link
        assert target.resolve().read_bytes() == sample, (language, link)


def load_site_build(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``site/build.py`` as a module (a script: loaded, its main not run)."""
    spec = importlib.util.spec_from_file_location("course_site_build", ROOT / "site" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, build)
    spec.loader.exec_module(build)
    return build


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_page_states_the_clock_the_website_plays_at(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock the page states (a move's time and the bank) is not typed: the build fills it
    in from ``TOURNAMENT_CLOCK``, the clock the website's tournament plays at; and the page types
    no time a rung takes a move (it said "a few hundredths of a second", measured by nobody)."""
    options = parser().parse_args(list(website_options()))
    clock = (TOURNAMENT_CLOCK.move_seconds, TOURNAMENT_CLOCK.bank_seconds)
    assert (options.move_seconds, options.bank) == clock
    text = PAGES[language].read_text(encoding="utf-8")
    filled = load_site_build(monkeypatch).fill_tournament_page(text, "game.html")
    assert "{{" not in filled and "}}" not in filled
    move, bank = (f"{seconds:g}" for seconds in clock)
    if language == "en":
        stated = re.findall(r"([\d.]+) s a move and\s+(?:an?\s+)?([\d.]+) s bank", filled)
        typed = re.findall(r"[\d.]+ s a move|hundredths", text)
    else:
        stated = re.findall(r"一手の持ち時間 ([\d.]+) 秒と貯金 ([\d.]+) 秒", filled)
        typed = re.findall(r"一手の持ち時間 [\d.]+ 秒|百分の", text)
    assert stated and set(stated) == {(move, bank)}, stated
    assert typed == [], typed
