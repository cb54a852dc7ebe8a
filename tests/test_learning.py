"""The learned Othello evaluation (issue 38): features shared by symmetry, least squares per
phase, the data set command and its solver labels, the cached data set and weights."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.core import FIRST
from gamelib.endgame import solve
from gamelib.games.othello import FULL, Othello, OthelloState
from gamelib.games.tictactoe import TicTacToe
from gamelib.language import set_language
from gamelib.learning.dataset import DEFAULT_PATH, Dataset, build, load, play_and_label, save
from gamelib.learning.features import (
    BIAS,
    FEATURE_NAMES,
    SQUARE_CLASSES,
    features,
    neighbours,
)
from gamelib.learning.fit import (
    DEFAULT_WEIGHTS,
    PHASES,
    LearnedWeights,
    fit,
    learned_evaluation,
    least_squares,
    load_weights,
    phase_of,
)
from gamelib.learning.play import Player as ClockedPlayer
from gamelib.learning.play import deepen
from gamelib.learning.probcut import (
    DEFAULT_PROBCUT,
    Counter,
    CutLine,
    ProbCut,
    Scatter,
    fit_probcut,
    load_probcut,
    negamax_search,
    probcut_from_json,
    probcut_to_json,
    scatter,
)
from gamelib.search import alphabeta
from gamelib.tournament.player import Clock
from tests.helpers import JAPANESE

GAME = Othello()


def random_position(seed: int) -> OthelloState:
    """A position after a random number of random moves (not necessarily unfinished)."""
    generator = random.Random(seed)
    state = GAME.initial_state()
    for _ in range(generator.randrange(61)):
        if GAME.is_terminal(state):
            break
        state = GAME.result(state, generator.choice(list(GAME.moves(state))))
    return state


def transformed(bits: int, symmetry: int) -> int:
    """The bitboard under one of the 8 symmetries (0 the identity): written square by square
    from coordinates, independently of the module's masks."""
    result = 0
    for square in range(64):
        if bits >> square & 1:
            x, y = square % 8, square // 8
            if symmetry & 1:
                x = 7 - x
            if symmetry & 2:
                y = 7 - y
            if symmetry & 4:
                x, y = y, x
            result |= 1 << (8 * y + x)
    return result


@given(st.integers(0, 10**9), st.integers(1, 7))
def test_features_are_the_same_under_every_symmetry(seed: int, symmetry: int) -> None:
    mover, opponent, player = random_position(seed)
    turned = OthelloState(transformed(mover, symmetry), transformed(opponent, symmetry), player)
    assert features(turned) == features(OthelloState(mover, opponent, player))


@given(st.integers(0, 10**9))
def test_features_change_sign_when_the_colours_swap_but_the_bias(seed: int) -> None:
    mover, opponent, player = random_position(seed)
    values = features(OthelloState(mover, opponent, player))
    swapped = features(OthelloState(opponent, mover, 1 - player))
    for index, (value, other) in enumerate(zip(values, swapped, strict=True)):
        assert other == (1 if index == BIAS else -value), FEATURE_NAMES[index]


@given(st.integers(0, 10**9))
def test_the_square_classes_add_up_to_the_disc_difference(seed: int) -> None:
    state = random_position(seed)
    values = features(state)
    assert sum(values[: len(SQUARE_CLASSES)]) == (
        state.mover.bit_count() - state.opponent.bit_count()
    )


def test_the_square_classes_split_the_board_into_ten_symmetric_groups() -> None:
    union = 0
    for name, squares in SQUARE_CLASSES:
        assert union & squares == 0, name
        union |= squares
        assert all(transformed(squares, symmetry) == squares for symmetry in range(8)), name
    assert union == FULL
    sizes = {name: squares.bit_count() for name, squares in SQUARE_CLASSES}
    assert sizes == {"a1": 4, "b1": 8, "c1": 8, "d1": 8, "b2": 4, "c2": 8, "d2": 8, "c3": 4,
                     "d3": 8, "d4": 4}  # fmt: skip


def test_neighbours_on_a_corner_and_in_the_middle() -> None:
    a1 = 1 << 0
    assert neighbours(a1) == 1 << 1 | 1 << 8 | 1 << 9
    d4 = 1 << 27
    expected = sum(1 << (27 + step) for step in (-9, -8, -7, -1, 1, 7, 8, 9))
    assert neighbours(d4) == expected
    h8 = 1 << 63
    assert neighbours(h8) == 1 << 62 | 1 << 55 | 1 << 54


def test_features_of_the_start_position() -> None:
    values = dict(zip(FEATURE_NAMES, features(GAME.initial_state()), strict=True))
    assert values["mobility"] == 0  # four moves each
    assert values["squares d4"] == 0 and values["frontier"] == 0
    assert values["bias"] == 1


def test_least_squares_gives_back_known_weights() -> None:
    generator = np.random.default_rng(5)
    matrix = generator.normal(size=(200, 6))
    known = np.array([3.0, -2.5, 0.0, 7.25, -1.0, 0.5])
    assert np.allclose(least_squares(matrix, matrix @ known), known, atol=1e-9)
    noisy = matrix @ known + generator.normal(scale=0.01, size=200)
    assert np.allclose(least_squares(matrix, noisy), known, atol=0.01)
    shrunk = least_squares(matrix, matrix @ known, ridge=1000.0)
    assert np.linalg.norm(shrunk) < np.linalg.norm(known)  # the ridge pulls towards 0


def test_least_squares_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="ridge"):
        least_squares(np.zeros((2, 2)), np.zeros(2), ridge=-1)
    with pytest.raises(ValueError, match="shapes"):
        least_squares(np.zeros((2, 2)), np.zeros(3))


def synthetic_dataset(known: LearnedWeights, positions: int) -> Dataset:
    """Random unfinished positions labelled exactly by ``known``'s evaluation."""
    states = []
    seed = 0
    while len(states) < positions:
        state = random_position(seed)
        seed += 1
        if not GAME.is_terminal(state):
            states.append(state)
    labels = [round(known.value(state)) for state in states]
    return Dataset(
        black=np.array([state.black for state in states], dtype=np.uint64),
        white=np.array([state.white for state in states], dtype=np.uint64),
        player=np.array([state.player for state in states], dtype=np.uint8),
        label=np.array(labels, dtype=np.int8),
        exact=np.zeros(len(states), dtype=np.bool_),
        game=np.arange(len(states), dtype=np.int32),
        empties=np.array([64 - (s.mover | s.opponent).bit_count() for s in states], np.uint8),
        provenance="{}",
    )


def test_the_fit_finds_the_weights_the_labels_were_made_with() -> None:
    # integer weights on integer features: the labels are exact (and fit in an int8)
    rows = []
    for phase in range(PHASES):
        row = [0.0] * len(FEATURE_NAMES)
        row[FEATURE_NAMES.index("squares a1")] = 3.0 + phase % 3
        row[FEATURE_NAMES.index("mobility")] = 1.0
        row[FEATURE_NAMES.index("X next to empty corner")] = -2.0
        row[BIAS] = float(phase - 5)
        rows.append(tuple(row))
    known = LearnedWeights(tuple(rows))
    dataset = synthetic_dataset(known, 1500)
    fitted = fit(dataset, ridge=0.0)
    for state, label in zip(dataset.states(), dataset.label.tolist(), strict=True):
        assert fitted.value(state) == pytest.approx(label, abs=1e-6)
    for phase in range(3, 8):  # phases with enough positions of every kind: the weights too
        assert fitted.weights[phase] == pytest.approx(known.weights[phase], abs=1e-6)


def test_phases_cover_every_number_of_empty_squares() -> None:
    assert [phase_of(empties) for empties in (0, 1, 6, 7, 12, 54, 55, 60)] == [
        0, 0, 0, 1, 1, 8, 9, 9,
    ]  # fmt: skip


def test_the_dataset_command_is_deterministic_for_a_seed(tmp_path: object) -> None:
    first = build(2, seed=7, solve_empties=10)
    again = build(2, seed=7, solve_empties=10)
    other = build(2, seed=8, solve_empties=10)
    for name in ("black", "white", "player", "label", "exact", "game", "empties"):
        assert np.array_equal(getattr(first, name), getattr(again, name)), name
    assert not np.array_equal(first.black, other.black)
    provenance = json.loads(first.provenance)
    assert provenance["seed"] == 7 and provenance["games"] == 2 and "date" in provenance


def test_labels_are_the_solvers_values_and_the_game_labels_follow_from_them() -> None:
    rows = play_and_label(seed=3, number=1, solve_empties=9)
    exact = [row for row in rows if row[4]]
    assert exact and len(exact) < len(rows)
    for black, white, player, label, _, _, empties in exact:
        state = (
            OthelloState(black, white, FIRST)
            if player == FIRST
            else OthelloState(white, black, player)
        )
        assert empties <= 9
        assert label == solve(state, progress=False, pv=False).value
        assert label == alphabeta(GAME, state).value  # an independent search to the end
    first = exact[0]  # the game's first solved position labels everything before it
    for _black, _white, player, label, is_exact, _, _ in rows[: rows.index(first)]:
        assert not is_exact
        assert label == (first[3] if player == first[2] else -first[3])


def test_a_wipe_out_labels_by_its_final_score() -> None:
    # with the solver never reached (0 empties), every label is the final score
    rows = play_and_label(seed=1, number=0, solve_empties=0)
    assert not any(row[4] for row in rows)
    assert {abs(row[3]) for row in rows} == {abs(rows[0][3])}


def test_save_and_load_round_trip(tmp_path: pytest.TempPathFactory) -> None:
    dataset = build(1, seed=2, solve_empties=8)
    path = tmp_path / "set.npz"  # type: ignore[operator]
    save(dataset, path)
    loaded = load(path)
    assert loaded.provenance == dataset.provenance
    assert np.array_equal(loaded.label, dataset.label)
    assert list(loaded.states()) == list(dataset.states())
    with pytest.raises(FileNotFoundError, match=r"gamelib\.learning\.dataset"):
        load(tmp_path / "none.npz")  # type: ignore[operator]


def test_the_cached_dataset_says_where_it_came_from_and_splits_by_game() -> None:
    assert DEFAULT_PATH.stat().st_size < 5_000_000
    dataset = load()
    provenance = json.loads(dataset.provenance)
    assert provenance["command"].startswith("python -m gamelib.learning.dataset")
    assert {"seed", "date", "games", "positions"} <= set(provenance)
    assert provenance["positions"] == len(dataset)
    held = dataset.held_out()
    assert 0 < held.sum() < len(dataset)
    assert not set(dataset.game[held].tolist()) & set(dataset.game[~held].tolist())
    # a sample of exact labels, checked again by the solver
    exact = np.flatnonzero(dataset.exact & (dataset.empties <= 10))[::997]
    states = list(dataset.subset(np.isin(np.arange(len(dataset)), exact)).states())
    for index, state in zip(exact, states, strict=True):
        assert dataset.label[index] == solve(state, progress=False, pv=False).value


def test_the_cached_weights_load_and_evaluate_symmetrically() -> None:
    weights = load_weights(DEFAULT_WEIGHTS)
    assert (
        json.loads(weights.provenance)["data set"]["seed"] == json.loads(load().provenance)["seed"]
    )
    evaluate = learned_evaluation(weights)
    for seed in range(20):
        state = random_position(seed)
        if GAME.is_terminal(state):
            continue
        for symmetry in range(1, 8):
            turned = OthelloState(
                transformed(state.mover, symmetry), transformed(state.opponent, symmetry),
                state.player,
            )  # fmt: skip
            assert evaluate(turned) == pytest.approx(evaluate(state))
    assert LearnedWeights.from_json(weights.to_json()) == weights


def test_weights_files_are_checked() -> None:
    with pytest.raises(ValueError, match="phases"):
        LearnedWeights(((0.0,) * len(FEATURE_NAMES),))
    with pytest.raises(ValueError, match="features"):
        LearnedWeights.from_json(json.dumps({"features": ["corners"], "weights": []}))


def probcut_positions(count: int, low: int = 20, high: int = 50) -> list[OthelloState]:
    """Unfinished random positions with ``low`` to ``high`` empty squares."""
    found, seed = [], 100
    while len(found) < count:
        state = random_position(seed)
        seed += 1
        empties = 64 - (state.mover | state.opponent).bit_count()
        if low <= empties <= high and not GAME.is_terminal(state):
            found.append(state)
    return found


def test_the_probcut_search_without_cuts_is_alpha_beta() -> None:
    evaluate = learned_evaluation(load_weights())
    for state in probcut_positions(6):
        value, move = negamax_search(state, 3, evaluate)
        reference = alphabeta(GAME, state, depth=3, evaluate=evaluate)  # official final scores
        assert value == pytest.approx(reference.value)
        assert move in GAME.moves(state)


def test_probcut_cuts_and_saves_nodes_and_a_huge_threshold_never_cuts() -> None:
    evaluate = learned_evaluation(load_weights())
    states = probcut_positions(8)
    points = scatter(states, evaluate, shallow=1, deep=2)
    assert sum(len(pairs) for pairs in points.points.values()) == len(states)
    wide = CutLine(slope=1.0, intercept=0.0, spread=1e6, samples=1)  # never sure enough
    careful = ProbCut(shallow=1, deep=2, lines=(wide,) * PHASES, threshold=1.0)
    bold = fit_probcut(points, threshold=0.0, fewest=1)
    bolder = fit_probcut(points, threshold=0.0, fewest=1, higher=True)
    plain_nodes = bold_nodes = bolder_nodes = 0
    for state in states:
        plain, never, cutting = Counter(), Counter(), Counter()
        value, move = negamax_search(state, 4, evaluate, counter=plain)
        assert negamax_search(state, 4, evaluate, probcut=careful, counter=never) == (value, move)
        assert never.cuts == 0
        negamax_search(state, 4, evaluate, probcut=bold, counter=cutting)
        higher = Counter()
        _, chosen = negamax_search(state, 4, evaluate, probcut=bolder, counter=higher)
        assert chosen in GAME.moves(state)
        plain_nodes += plain.nodes
        bold_nodes += cutting.nodes
        bolder_nodes += higher.nodes
    assert bold_nodes < plain_nodes
    assert bolder_nodes < plain_nodes


def test_the_probcut_line_is_the_least_squares_line() -> None:
    points = Scatter(1, 3, {2: [(float(x), 2.0 * x + 1.0) for x in range(-5, 6)]})
    line = fit_probcut(points, fewest=5).lines[2]
    assert (line.slope, line.intercept, line.spread, line.samples) == pytest.approx(
        (2.0, 1.0, 0.0, 11)
    )
    assert fit_probcut(points, fewest=20).lines[2].samples == 0  # too few: no line, no cut


def test_probcut_cuts_each_height_by_the_lines_fitted_there() -> None:
    never = (CutLine(slope=1.0, intercept=0.0, spread=1e6, samples=1),) * PHASES
    always = (CutLine(slope=1.0, intercept=0.0, spread=0.0, samples=1),) * PHASES
    exact = ProbCut(shallow=1, deep=2, lines=never, heights=((3, always),))
    assert exact.lines_at(2) is never and exact.lines_at(3) is always
    assert exact.lines_at(1) is None and exact.lines_at(4) is None  # not fitted, no higher
    higher = ProbCut(shallow=1, deep=2, lines=always, higher=True, heights=((3, never),))
    assert higher.lines_at(4) is never and higher.lines_at(9) is never  # greatest below
    assert ProbCut(shallow=1, deep=2, lines=always, higher=True).lines_at(5) is always
    evaluate = learned_evaluation(load_weights())
    for state in probcut_positions(4):
        # the lines at 2 plies left never cut: every cut made is at 3 plies left, by its lines
        at_two, at_three = Counter(), Counter()
        negamax_search(state, 4, evaluate, probcut=exact, counter=at_three)
        negamax_search(state, 4, evaluate, probcut=ProbCut(1, 2, never), counter=at_two)
        assert at_two.cuts == 0
        assert at_three.cuts > 0


def test_probcut_fits_a_line_per_height() -> None:
    low = Scatter(1, 3, {2: [(float(x), 2.0 * x + 1.0) for x in range(-5, 6)]})
    high = Scatter(2, 4, {2: [(float(x), 0.5 * x - 3.0) for x in range(-5, 6)]})
    probcut = fit_probcut(low, fewest=5, others=[high])
    assert [height for height, _ in probcut.heights] == [4]
    line = probcut.heights[0][1][2]
    assert (line.slope, line.intercept, line.spread) == pytest.approx((0.5, -3.0, 0.0))
    assert probcut.lines[2].slope == pytest.approx(2.0)
    with pytest.raises(ValueError, match="plies apart"):
        fit_probcut(low, others=[Scatter(1, 4)])
    with pytest.raises(ValueError, match="one scatter per height"):
        fit_probcut(low, others=[Scatter(1, 3)])
    assert probcut_from_json(probcut_to_json(probcut)) == probcut
    with pytest.raises(ValueError, match="ProbCut"):
        probcut_from_json(json.dumps({"shallow": 1}))


def test_the_saved_probcut_has_a_line_for_each_height_it_cuts_at() -> None:
    probcut = load_probcut(DEFAULT_PROBCUT)
    assert probcut.deep - probcut.shallow == 2
    assert probcut.higher
    assert [height for height, _ in probcut.heights] == list(
        range(probcut.deep + 1, probcut.deep + 1 + len(probcut.heights))
    )
    for lines in (probcut.lines, *(lines for _, lines in probcut.heights)):
        fitted = [line for line in lines if line.samples]
        assert len(fitted) >= PHASES - 1
        assert all(0.3 < line.slope < 1.5 and line.spread > 0 for line in fitted)


def test_the_cached_dataset_is_what_its_command_builds() -> None:
    dataset = load()
    provenance = json.loads(dataset.provenance)
    again = build(2, seed=provenance["seed"], solve_empties=provenance["solve_empties"])
    first_two = dataset.subset(dataset.game < 2)  # built with --jobs 2: the same games
    for name in ("black", "white", "player", "label", "exact", "game", "empties"):
        assert np.array_equal(getattr(first_two, name), getattr(again, name)), name


def test_the_clocked_player_reports_its_deepest_finished_search() -> None:
    evaluate = learned_evaluation(load_weights())
    for state in probcut_positions(3):
        report = deepen(state, Clock(move_seconds=0.05, bank_seconds=0.0), evaluate)
        assert report.depth >= 1
        value, move = negamax_search(state, report.depth, evaluate)
        assert (report.move, report.value) == (move, value)
    with pytest.raises(ValueError, match="Othello only"):
        ClockedPlayer(TicTacToe(), 0)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_what_a_student_is_told_is_in_their_language(language: str) -> None:
    set_language(language)
    try:
        with pytest.raises(ValueError) as ridge:
            least_squares(np.zeros((1, 1)), np.zeros(1), ridge=-1.0)
        with pytest.raises(FileNotFoundError) as missing:
            load(Path("no such file.npz"))
        with pytest.raises(ValueError) as other_game:
            ClockedPlayer(TicTacToe(), 0)
    finally:
        set_language("en")
    for error in (ridge, missing, other_game):
        assert bool(JAPANESE.search(str(error.value))) == (language == "ja"), str(error.value)
    assert "-1.0" in str(ridge.value)
    assert "python -m gamelib.learning.dataset" in str(missing.value)
