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


def _count_by_empties(state: object, fewest: int) -> tuple[int, int, float]:
    """An independent count: a fail-hard negamax α-β written out here (moves in square
    order, cutoff on ≥ β, as the course's plain ``alphabeta``): (positions entered, those
    with at least ``fewest`` empty squares or the root, value)."""
    game = Othello()
    counts = [0, 0]

    def search(state: object, alpha: float, beta: float, root: bool) -> float:
        counts[0] += 1
        if root or 64 - (state.mover | state.opponent).bit_count() >= fewest:  # type: ignore[attr-defined]
            counts[1] += 1
        moves = game.moves(state)  # type: ignore[arg-type]
        if not moves:
            return game.utility(state)  # type: ignore[arg-type]
        for move in moves:
            value = -search(game.result(state, move), -beta, -alpha, False)  # type: ignore[arg-type]
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        return alpha

    value = search(state, -float("inf"), float("inf"), True)
    return counts[0], counts[1], value


def test_plain_and_solver_are_counted_like_for_like() -> None:
    """Notebook 09's comparison: plain α-β's positions with at least 2 empty squares against
    the solver's nodes, which never include a position with 0 or 1 (FFO #1 after g8 h7 a8:
    20,079 of 43,846 against 7,048 with the principal-variation searches, 5,873 without)."""
    game = Othello()
    state = FFO[1].state
    for move in solve(state, progress=False).pv[:3]:
        state = game.result(state, move)
    counts = study.compare_with_plain(state)
    entered, counted, value = _count_by_empties(state, study.SOLVER_FEWEST_EMPTIES)
    assert (counts.plain_nodes, counts.plain_counted, counts.value) == (entered, counted, value)
    assert (counts.plain_nodes, counts.plain_counted) == (43_846, 20_079)
    value_only = solve(state, progress=False, pv=False)
    assert counts.solver_search_nodes == value_only.probes[-1].nodes  # the probes' nodes alone
    assert (counts.solver_nodes, counts.solver_search_nodes) == (7_048, 5_873)


def test_the_solver_counts_no_position_with_fewer_than_two_empty_squares() -> None:
    """With 2 empty squares every child has 1 or 0: when the side to move has a move, each
    probe of the exact solve counts the root alone."""
    game = Othello()
    tried = 0
    for seed in range(30):
        state = random_endgame(random.Random(seed), 2)
        moves = game.moves(state)
        if 64 - (state.mover | state.opponent).bit_count() != 2 or not moves or -1 in moves:
            continue  # the game ended early, or the side to move must pass
        solved = solve(state, progress=False, pv=False)
        assert solved.stats.nodes == len(solved.probes), seed
        tried += 1
    assert tried >= 20
