"""The MCTS homework's checkers (gamelib.mcts_exercises): their answers agree with an
independent recomputation and with the library's own runs, every named mistake is named in
both languages, and a seed gives the same exercise everywhere."""

from __future__ import annotations

import math
import string
from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.games.tictactoe import TicTacToe
from gamelib.mcts_exercises import (
    PLAYERS,
    SITUATIONS,
    SMALLEST_GAP,
    WORDS,
    BackupExercise,
    ChildNumbers,
    SelectionExercise,
    decimal,
    reward_for,
)
from gamelib.search.mcts import Backup, Playout, Selection, record_monte_carlo, ucb1, uct
from gamelib.trees import TEXTBOOK, parse_tree


def fragment(key: str, language: str) -> str:
    """The longest fixed piece of a message's template: every message made from it holds it."""
    template = WORDS[key]["ja" if language == "ja" else "en"]
    pieces = [literal for literal, _, _, _ in string.Formatter().parse(template)]
    return max(pieces, key=len)


def says(feedback: object, key: str, language: str) -> bool:
    return fragment(key, language) in str(feedback)


# --------------------------------------------------------------------------- the library's UCB


@pytest.mark.parametrize("exploration", [0.5, 1.0, math.sqrt(2)])
def test_ucb1_is_the_value_the_search_chose_by(exploration: float) -> None:
    for game in (TEXTBOOK["aima-fig-5-2"], TicTacToe()):
        trace = record_monte_carlo(uct, game, iterations=120, exploration=exploration, seed=3)
        checked = 0
        for event in trace.events:
            if isinstance(event, Selection):
                for child in event.children:
                    assert child.ucb == ucb1(child.mean, child.visits, event.visits, exploration)
                    checked += child.visits > 0
        assert checked > 100


# --------------------------------------------------------------------------- selection


def independent_choice(exercise: SelectionExercise) -> set[str]:
    """UCT's choice written from the formula, without gamelib: unvisited first, then the
    largest Q + c·√(ln N_parent / N) (the gap of random exercises makes rounding harmless)."""
    unvisited = {child.name for child in exercise.children if child.visits == 0}
    if unvisited:
        return unvisited
    scores = {
        child.name: child.total / child.visits
        + exercise.exploration * math.sqrt(math.log(exercise.parent_visits) / child.visits)
        for child in exercise.children
    }
    best = max(scores.values())
    return {name for name, score in scores.items() if abs(score - best) < 1e-9}


@given(seed=st.integers(0, 2**63), situation=st.sampled_from(SITUATIONS))
def test_the_selection_answer_is_the_formulas_and_the_situation_is_there(
    seed: int, situation: str
) -> None:
    exercise = SelectionExercise.random(seed, situation)  # type: ignore[arg-type]
    right = exercise.selectable()
    assert right == independent_choice(exercise)
    assert exercise.check(set(right)).correct
    assert exercise.check(" ".join(sorted(right))).correct
    visited = [child for child in exercise.children if child.visits]
    means = {child.name: child.total / child.visits for child in visited}
    highest = max(means, key=lambda name: means[name])
    assert highest not in right  # the trap of forgetting the bonus is always there
    if situation == "unvisited":
        assert right == {child.name for child in exercise.children if child.visits == 0}
    elif situation == "tie":
        assert len(right) == 2
    else:
        assert len(right) == 1
    if situation != "unvisited":
        values = exercise.ucb_values()
        best = max(values.values())
        assert all(best - value >= SMALLEST_GAP for value in values.values() if value != best)
    shown = exercise.explain_values()
    for child in exercise.children:
        if child.visits:
            bonus = exercise.exploration * math.sqrt(
                math.log(exercise.parent_visits) / child.visits
            )
            value = exercise.ucb_values()[child.name]
            assert abs(value - (child.total / child.visits + bonus)) < 1e-12
            assert f"{child.name} {decimal(value)}" in shown
        if child.name not in right:
            feedback = exercise.check(child.name)
            assert not feedback.correct and feedback.messages[-1] == shown


def test_a_seed_gives_the_same_exercise_on_every_machine() -> None:
    # written down once from a run: random.Random(seed) with an int seed is stable
    exercise = SelectionExercise.random(3, "plain")
    assert (exercise.node, exercise.mover, exercise.parent_visits, exercise.exploration) == (
        "R",
        "X",
        21,
        1.0,
    )
    assert exercise.children == (
        ChildNumbers("a", 4, 3),
        ChildNumbers("b", 9, 8),
        ChildNumbers("c", 8, 4),
    )
    assert SelectionExercise.random(3, "plain") == exercise
    backup = BackupExercise.random(5)
    assert (backup.path, backup.winner) == (("R", "a", "a1", "a1b"), "X")
    assert [(node.name, node.chooser, node.visits, node.total) for node in backup.nodes] == [
        ("R", "X", 6, 1),
        ("a", "O", 5, -2),
        ("a1", "X", 3, 0),
        ("a1a", "O", 2, 1),
        ("a1b", "O", 0, 0),
        ("a2", "X", 1, 1),
        ("b", "O", 1, 1),
    ]
    # checked by hand: X wins; R is chosen by X (+1), a by O (−1), a1 by X, a1b by O
    assert backup.solution() == {"R": (7, 2), "a": (6, -3), "a1": (4, 1), "a1b": (1, -1)}
    assert BackupExercise.random(5) == BackupExercise.random(5)
    assert BackupExercise.random(5) != BackupExercise.random(6)


def made(
    children: list[tuple[str, int, int]], parent: int, c: float, mover: str = "X"
) -> SelectionExercise:
    return SelectionExercise(
        "R", mover, parent, tuple(ChildNumbers(*child) for child in children), c
    )


@pytest.mark.parametrize("language", ["en", "ja"])
def test_each_selection_mistake_is_named(language: str) -> None:
    # a: high Q, many visits; b: lower Q, few visits: UCB picks b
    exercise = made([("a", 10, 8), ("b", 2, 1), ("c", 10, -6)], 22, 1.0)
    assert exercise.selectable() == {"b"}
    feedback = exercise.check("a", language=language)
    assert not feedback and says(feedback, "highest_q", language)
    assert says(feedback, "ucb_values", language)
    # sign: O thinks it must minimise Q, picks c (lowest Q)
    feedback = made([("a", 10, 8), ("b", 2, 1), ("c", 10, -6)], 22, 1.0, "O").check(
        {"c"}, language=language
    )
    assert says(feedback, "sign", language)
    # unvisited: d has N = 0, and two unvisited children tie
    exercise = made([("a", 3, 3), ("b", 0, 0), ("c", 0, 0)], 3, 1.0)
    assert exercise.selectable() == {"b", "c"}
    assert says(exercise.check("a", language=language), "forgot_unvisited", language)
    assert says(exercise.check("b", language=language), "tie_unvisited", language)
    # a tie for the largest UCB value: naming one is not enough
    exercise = made([("a", 4, 2), ("b", 4, 2), ("c", 4, -4)], 12, 1.0)
    assert exercise.selectable() == {"a", "b"}
    assert says(exercise.check(["a"], language=language), "tie", language)
    assert exercise.check(["b", "a"], language=language).correct
    # the wrong logarithm: some random exercises have a child that log₁₀, log₂ or no
    # logarithm would choose (and is not the one with the highest Q)
    wrong_log_found = False
    for seed in range(200):
        candidate = SelectionExercise.random(seed)
        for child in candidate.children:
            if child.name in candidate.selectable():
                continue
            feedback = candidate.check(child.name, language=language)
            wrong_log_found |= says(feedback, "wrong_log", language)
    assert wrong_log_found
    # a child just lower, with no named mistake
    exercise = made([("a", 3, 3), ("b", 3, 2), ("c", 3, 1), ("d", 3, 0)], 12, 1.0)
    assert says(exercise.check("c", language=language), "lower_ucb", language)


@pytest.mark.parametrize("answer", [None, ..., 3, {"a": 1}, [], "", "zz", [1, 2], b"a"])
def test_a_malformed_selection_answer_gets_a_message(answer: object) -> None:
    feedback = SelectionExercise.random(1).check(answer)
    assert not feedback.correct and feedback.messages


# --------------------------------------------------------------------------- backup

NAMES = {0: "X", 1: "O"}


def test_the_backup_rule_is_the_librarys() -> None:
    """The rule the checker uses (N + 1, W plus the reward for the node's chooser; the root's
    chooser is the player not to move there) is what uct's own backups do, on tic-tac-toe."""
    game = TicTacToe()
    trace = record_monte_carlo(uct, game, iterations=200, seed=11)
    steps = 0
    playout = None
    for event in trace.events:
        if isinstance(event, Playout):
            playout = event
        elif isinstance(event, Backup):
            assert playout is not None
            mover = NAMES[playout.player]
            winner = (
                None
                if playout.reward == 0
                else (mover if playout.reward > 0 else NAMES[1 - playout.player])
            )
            for step in event.steps:
                assert step.reward == reward_for(NAMES[step.player], winner)
                steps += 1
            root_step = event.steps[-1]
            assert root_step.player == 1 - trace.root_player
    assert steps > 500


def test_the_backup_solution_is_what_a_run_adds() -> None:
    trace = record_monte_carlo(uct, TicTacToe(), iterations=60, seed=2)
    for iteration in range(1, 60):
        before, after = trace.tree_after(iteration - 1), trace.tree_after(iteration)
        changed = {
            name
            for name, node in after.items()
            if name not in before or node.visits != before[name].visits
        }
        for name in changed:
            old_visits = before[name].visits if name in before else 0
            old_total = (before[name].mean or 0) * old_visits if name in before else 0
            new_total = (after[name].mean or 0) * after[name].visits
            assert after[name].visits == old_visits + 1
            assert round(new_total - old_total) in (-1, 0, 1)


@given(seed=st.integers(0, 2**63))
def test_a_random_backup_exercise_is_consistent_and_checks_its_own_solution(seed: int) -> None:
    exercise = BackupExercise.random(seed)
    nodes = exercise.by_name
    for node in exercise.nodes:
        kids = [child for child in exercise.nodes if child.parent == node.name]
        assert abs(node.total) <= node.visits
        if kids:
            assert node.visits == sum(kid.visits for kid in kids) + (node.parent is not None)
            assert all(kid.chooser != node.chooser for kid in kids)
    assert exercise.root.chooser != exercise.root_mover
    assert nodes[exercise.path[-1]].visits == 0
    solution = exercise.solution()
    assert set(solution) == set(exercise.path)
    for name, (visits, total) in solution.items():
        node = nodes[name]
        assert visits == node.visits + 1
        # independent: the chooser alternates down the path, starting from the root mover's
        # opponent; a win for the chooser adds 1
        depth = exercise.path.index(name)
        chooser = (
            exercise.root_mover if depth % 2 else PLAYERS[1 - PLAYERS.index(exercise.root_mover)]
        )
        change = 0 if exercise.winner is None else (1 if exercise.winner == chooser else -1)
        assert total == node.total + change
    assert exercise.check(solution).correct
    assert exercise.check({name: list(pair) for name, pair in solution.items()}).correct


def flip(
    solution: Mapping[str, tuple[int, int]], exercise: BackupExercise, name: str
) -> dict[str, tuple[int, int]]:
    answer = dict(solution)
    old = exercise.by_name[name].total
    answer[name] = (solution[name][0], 2 * old - solution[name][1])
    return answer


@pytest.mark.parametrize("language", ["en", "ja"])
def test_each_backup_mistake_is_named(language: str) -> None:
    exercise = next(
        candidate
        for seed in range(100)
        if (candidate := BackupExercise.random(seed, draw=False)) and len(candidate.path) == 4
    )
    solution = exercise.solution()
    root, first, second, new = exercise.path
    # the root's view
    feedback = exercise.check(flip(solution, exercise, root), language=language)
    assert not feedback and says(feedback, "root_view", language)
    # a sign not flipped at a level
    feedback = exercise.check(flip(solution, exercise, second), language=language)
    assert says(feedback, "sign_not_flipped", language)
    # the count not incremented (the new node stays at 0)
    answer = dict(solution)
    answer[new] = (0, solution[new][1])
    assert says(exercise.check(answer, language=language), "count_not_incremented", language)
    answer[new] = (3, solution[new][1])
    assert says(exercise.check(answer, language=language), "count_wrong", language)
    # W unchanged
    answer = dict(solution)
    answer[first] = (solution[first][0], exercise.by_name[first].total)
    assert says(exercise.check(answer, language=language), "total_unchanged", language)
    answer[first] = (solution[first][0], solution[first][1] + 5)
    assert says(exercise.check(answer, language=language), "total_wrong", language)
    # a node off the path changed, a node missing
    off = next(node for node in exercise.nodes if node.name not in exercise.path)
    answer = {**solution, off.name: (off.visits + 1, off.total)}
    assert says(exercise.check(answer, language=language), "off_path", language)
    assert exercise.check({**solution, off.name: (off.visits, off.total)}).correct
    answer = {name: pair for name, pair in solution.items() if name != root}
    assert says(exercise.check(answer, language=language), "missing_nodes", language)
    # a draw changes no W
    drawn = BackupExercise.random(1, draw=True)
    answer = dict(drawn.solution())
    answer[drawn.path[1]] = (answer[drawn.path[1]][0], answer[drawn.path[1]][1] + 1)
    assert says(drawn.check(answer, language=language), "draw_changes_nothing", language)


@pytest.mark.parametrize(
    "answer", [None, ..., 3, "R", {}, {"zz": (1, 1)}, {"R": "1, 2"}, {"R": (1,)}, {"R": (True, 1)}]
)
def test_a_malformed_backup_answer_gets_a_message(answer: object) -> None:
    feedback = BackupExercise.random(1).check(answer)
    assert not feedback.correct and feedback.messages


@pytest.mark.parametrize("seed", range(4))
def test_uct_always_selects_a_child_the_exercise_accepts(seed: int) -> None:
    """Every choice of a real UCT run on tic-tac-toe, turned into an exercise (the parent's
    N, every child's N and W), is among the children the exercise says UCT may select; and
    where the exercise sees a tie, different seeds make UCT choose differently."""
    trace = record_monte_carlo(uct, TicTacToe(), iterations=150, seed=seed)
    checked = 0
    for event in trace.events:
        if not isinstance(event, Selection):
            continue
        children = tuple(
            ChildNumbers(
                child.node, child.visits, round(child.mean * child.visits) if child.mean else 0
            )
            for child in event.children
        )
        parent_visits = max(event.visits, 1)
        exercise = SelectionExercise(
            "R", NAMES[event.player], parent_visits, children, math.sqrt(2)
        )
        assert event.chosen in exercise.selectable()
        checked += 1
    assert checked > 150


def test_ties_are_broken_at_random_by_the_seed() -> None:
    """The tie rule the exercises state, seen in the library: on a tree whose leaves are all
    0, the first two iterations visit both root children (unvisited first, in a random
    order), the third finds them tied and chooses by the seed."""
    flat = parse_tree("[[0, 0], [0, 0]]")
    first: set[str] = set()
    third: set[str] = set()
    for seed in range(30):
        trace = record_monte_carlo(uct, flat, iterations=3, seed=seed)
        selections = [event for event in trace.events if isinstance(event, Selection)]
        first.add(selections[0].chosen)
        at_root = [event for event in selections if event.node == selections[0].node]
        tied = at_root[-1]
        exercise = SelectionExercise(
            "R",
            "X",
            tied.visits,
            tuple(ChildNumbers(child.node, child.visits, 0) for child in tied.children),
            math.sqrt(2),
        )
        assert len(exercise.selectable()) == 2 and tied.chosen in exercise.selectable()
        third.add(tied.chosen)
    assert len(first) == 2 and len(third) == 2
