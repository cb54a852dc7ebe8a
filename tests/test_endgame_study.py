"""The measurements of notebook 09 (gamelib.endgame.study) and the line of perfect play as a
player (gamelib.endgame.lines.PerfectLine): each reports what the solver really did.

- the enhanced transposition cutoff is an option of its own, and its own ablation step;
- the probes of an exact solve narrow the bounds until they meet at the value;
- the fastest-first keys shown are the order the solver searches;
- win/loss/draw proves sound bounds;
- a line of perfect play keeps its value at every step, a mistake changes it, and the player
  holds one frame per position, in the course's HTML player.
"""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from gamelib.endgame import ABLATION, FFO, Options, perfect_line, solve, study
from gamelib.endgame.solver import EndgameSolver
from gamelib.games.othello import Othello
from gamelib.render.boardline import board_line_html
from gamelib.render.static import decode_player_data
from tests.helpers import random_endgame

OFFICIAL = Othello()


def test_the_transposition_cutoff_is_its_own_step() -> None:
    names = [name for name, _ in ABLATION.named("en")]
    before = dict(ABLATION.named("en"))["+ stored move"]
    after = dict(ABLATION.named("en"))["+ transposition cutoff"]
    assert names.index("+ transposition cutoff") == names.index("+ stored move") + 1
    assert before.stored_move and not before.transposition_cutoff
    assert after.stored_move and after.transposition_cutoff
    assert {**vars(before), "transposition_cutoff": True} == vars(after)


def test_the_transposition_cutoff_changes_the_work_not_the_value() -> None:
    published = FFO[7]
    without = solve(published.state, options=Options(transposition_cutoff=False), pv=False)
    with_it = solve(published.state, options=Options(transposition_cutoff=True), pv=False)
    assert without.value == with_it.value == published.value
    assert without.stats.nodes != with_it.stats.nodes


@pytest.mark.parametrize("seed", range(6))
def test_the_probes_narrow_the_bounds_to_the_value(seed: int) -> None:
    state = random_endgame(random.Random(seed), 10)
    result = solve(state, progress=False, pv=False)
    probes = result.probes
    if not OFFICIAL.moves(state) and OFFICIAL.is_terminal(state):
        assert probes == ()
        return
    assert probes, "an exact solve makes at least one probe"
    assert (probes[-1].lower, probes[-1].upper) == (result.value, result.value)
    for earlier, later in itertools.pairwise(probes):
        assert earlier.lower <= later.lower and later.upper <= earlier.upper
        assert (later.lower, later.upper) != (earlier.lower, earlier.upper)  # each one moves
        assert earlier.nodes <= later.nodes
    for probe in probes:
        if probe.value >= probe.gamma:
            assert result.value >= probe.value
        else:
            assert result.value <= probe.value


@pytest.mark.parametrize("seed", range(8))
def test_the_keys_shown_are_the_solvers_order(seed: int) -> None:
    state = random_endgame(random.Random(seed), 16)
    keys = study.fastest_first_keys(state.mover, state.opponent)  # asserts the order itself
    assert {key.move for key in keys} == {
        OFFICIAL.move_name(move) for move in OFFICIAL.moves(state)
    }
    for key in keys:
        odd = 0 if key.odd_region else 1
        assert key.key == 2 * (key.replies + key.corner_replies) + odd


def test_win_loss_draw_proves_sound_bounds() -> None:
    numbers = [number for number in FFO if FFO[number].empties == 14]
    comparison = study.compare_win_loss_draw(numbers, language="en")
    assert comparison.nodes_wld < comparison.nodes_exact
    for number in numbers:
        wld = solve(FFO[number].state, "wld", progress=False, pv=False)
        assert wld.lower <= FFO[number].value <= wld.upper
        assert (FFO[number].name in comparison.beyond) == (wld.lower > 2 or wld.upper < -2)


def test_scorings_compared_as_published() -> None:
    scorings = study.compare_scorings(FFO[20], language="en")
    assert dict(scorings.official) == FFO[20].values
    assert set(scorings.best_official) == set(FFO[20].best_moves)


def test_thresholds_give_the_same_values() -> None:
    positions = [FFO[5]]
    rows = study.threshold_rows(positions, (4, 8), repeats=1)
    assert [row.threshold for row in rows] == [4, 8]
    assert all(row.nodes > 0 and row.cpu_seconds >= 0 for row in rows)


def test_a_line_of_perfect_play_keeps_its_value_and_a_mistake_changes_it() -> None:
    published = FFO[1]
    best = solve(published.state, progress=False)
    line = perfect_line(published.state, best.pv, "FFO #1", language="en")
    assert set(line.values) == {published.value}
    assert len(line.states) == len(best.pv) + 1
    assert OFFICIAL.is_terminal(line.states[-1])
    worst = min(published.values, key=lambda move: published.values[move])
    mistake = OFFICIAL.parse_move(worst)
    after = OFFICIAL.result(published.state, mistake)
    rest = solve(after, progress=False).pv
    bad = perfect_line(published.state, (mistake, *rest), "mistake", language="en")
    assert bad.values[0] == published.value and bad.values[1] == published.values[worst]


def test_the_player_holds_one_frame_per_position() -> None:
    published = FFO[1]
    best = solve(published.state, progress=False)
    line = perfect_line(published.state, best.pv, "FFO #1", language="ja")
    html = line._repr_html_()
    found = re.search(r'<script type="application/json" class="gamelib-data">(.*?)</script>', html)
    assert found is not None
    frames = decode_player_data(json.loads(found.group(1)))["max"][0]
    assert len(frames) == len(best.pv) + 1
    assert [frame["sentence"] for frame in frames] == line.sentences()
    assert all("<svg" in frame["svg"] for frame in frames)
    assert "黒" in frames[-1]["sentence"] and 'lang="ja"' in html
    assert "gamelib-legend" not in html  # a board has no tree legend


def test_a_board_player_needs_one_sentence_per_board() -> None:
    with pytest.raises(ValueError, match="one sentence"):
        board_line_html(["<svg></svg>"], [], ["x"], "title")


def test_the_solvers_probes_are_recorded_in_order() -> None:
    state = random_endgame(random.Random(3), 9)
    solver = EndgameSolver()
    value = solver.exact(state.mover, state.opponent)
    assert [probe.nodes for probe in solver.probes] == sorted(
        probe.nodes for probe in solver.probes
    )
    assert solver.probes[-1].lower == solver.probes[-1].upper == value
