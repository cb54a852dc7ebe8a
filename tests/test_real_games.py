"""The measurements of notebook 05."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from gamelib.arena import round_robin
from gamelib.experiments.minireversi import attribution, minireversi_table
from gamelib.experiments.real_games import (
    attribution_sentence,
    compare_depths,
    cpu_choices,
    evaluations_by_rule,
    find_match,
    game_points,
    games_and_losses,
    perft_table,
    plot_score_curves,
    score_difference,
    solve_with_every_search,
    tictactoe_tree_table,
)
from gamelib.games.tictactoe import TicTacToe
from gamelib.players import tictactoe_cpu
from gamelib.search import alphabeta, negamax
from tests.test_charts import parse, polyline_points, texts, with_class


def test_every_search_solves_tictactoe_as_a_draw() -> None:
    solved = solve_with_every_search(TicTacToe(), (negamax, alphabeta))
    assert [solution.name for solution in solved] == ["negamax", "alphabeta"]
    assert solved.find("negamax").stats.nodes == 549_946
    assert all(solution.result.value == 0 for solution in solved)
    assert "549,946" in solved._repr_html_()
    assert "549,946" in str(tictactoe_tree_table())


def test_level_two_always_blocks_and_level_one_does_not() -> None:
    game = TicTacToe()
    threat = game.play_line("a1 b2 b1")
    assert cpu_choices(game, threat, 2, range(20)) == {"c1": 20}
    assert len(cpu_choices(game, threat, 1, range(40))) > 1


def test_games_and_losses_count_both_sides_of_a_match() -> None:
    game = TicTacToe()
    players = [tictactoe_cpu(0), tictactoe_cpu(3)]
    results = round_robin(game, players, games=4, seed=1, opening_plies=0)
    games, losses = games_and_losses(results, players[1].name)
    assert (games, losses) == (4, 0)
    match = find_match(results, players[0].name, players[1].name)
    assert games_and_losses(results, players[0].name) == (4, match.losses)


def test_perft_agrees_with_the_published_counts_and_notices_a_wrong_one() -> None:
    assert perft_table({1: 4, 2: 12, 3: 56})[1]
    assert not perft_table({1: 4, 2: 13})[1]


def test_the_attribution_sentence_credits_the_second_bound() -> None:
    table = minireversi_table()
    sentence = attribution_sentence(table, attribution(table), "WB/BW")
    assert "second bound" in sentence and "60,060" in sentence


class Point:
    def __init__(self, depth: int, score_rate: float) -> None:
        self.depth, self.score_rate = depth, score_rate


def test_score_curves_are_one_line_per_opponent_on_a_0_to_100_axis() -> None:
    curves = {
        "Greedy": [Point(1, 0.5), Point(2, 0.75), Point(3, 1.0)],
        "Positional": [Point(1, 0.0), Point(2, 0.25), Point(3, 0.5)],
    }
    root = parse(plot_score_curves(curves, title="Score rate"))
    greedy, positional = with_class(root, "series")
    assert greedy.get("data-label") == "α-β vs Greedy"
    (_, half), _, (_, full) = polyline_points(greedy)
    (_, zero), (_, quarter), (_, also_half) = polyline_points(positional)
    assert half == also_half and zero - quarter == pytest.approx(quarter - half, abs=0.02)
    assert zero - half == pytest.approx(half - full, abs=0.02)  # 0, 50 and 100 % evenly spaced
    [ticks] = with_class(root, "x-ticks")
    assert [text for text in texts(ticks)] == ["1", "2", "3"]
    assert "αβ法 対 Greedy" in texts(parse(plot_score_curves(curves, language="ja")))


def test_fail_soft_and_fail_hard_evaluate_the_same_leaves_only_under_the_rule_ge() -> None:
    counts = evaluations_by_rule(["WB/BW"])
    by_rule = {row.cutoff: row for row in counts}
    assert list(by_rule) == [">=", ">"]
    assert by_rule[">="].fail_hard == by_rule[">="].fail_soft == 718  # the corners row
    assert by_rule[">"].fail_soft < by_rule[">"].fail_hard
    # under > a clamped fail-hard value never cuts: here every finished game is evaluated
    assert by_rule[">"].fail_hard == 60_060
    assert by_rule[">="].value == by_rule[">"].value == -8


def test_a_two_ply_search_does_not_see_a_fork_coming() -> None:
    """Notebook 05: "a shallow search does not see every fork coming either". After X takes
    a corner, every O move looks like a draw to a 2-ply α-β search, yet some lose against
    perfect play (X forks); and in the notebook's round robin the 2-ply player loses games
    to the 9-ply one."""
    game = TicTacToe()
    corner = game.play_line("a1")
    shallow = {
        move: -alphabeta(game, game.result(corner, move), depth=1).value
        for move in game.moves(corner)
    }
    perfect = {
        move: -alphabeta(game, game.result(corner, move)).value for move in game.moves(corner)
    }
    assert set(shallow.values()) == {0}  # O to move: its move, X's reply, nothing decided
    assert min(perfect.values()) == -1 and max(perfect.values()) == 0
    cpus = [tictactoe_cpu(level) for level in (0, 1, 2)]
    cpus += [tictactoe_cpu(3, plies=2), tictactoe_cpu(3, plies=9)]
    levels = round_robin(game, cpus, games=40, seed=5, opening_plies=0)
    two_plies = find_match(levels, cpus[3].name, cpus[4].name)
    assert two_plies.games == 40 and two_plies.losses > 0


@dataclass(frozen=True)
class ScoredMatch:
    scores: tuple[float, ...]

    def scores_for_a(self) -> list[float]:
        return list(self.scores)


@dataclass(frozen=True)
class ScoredPoint:
    depth: int
    result: ScoredMatch


def test_score_difference_is_the_hand_computed_normal_interval() -> None:
    # means 0.5 and 0.875; population variances 0.25 and 0.046875 (worked by hand)
    compared = score_difference([0.0, 1.0], [1.0, 1.0, 1.0, 0.5])
    assert compared.difference == pytest.approx(0.375)
    assert compared.margin == pytest.approx(1.959963984540054 * (0.25 / 2 + 0.046875 / 4) ** 0.5)
    assert not compared.lead_beyond_margin and not compared.deficit_beyond_margin
    certain = score_difference([0.0] * 10, [1.0] * 10)  # no spread: any difference is beyond
    assert certain.margin == 0 and certain.lead_beyond_margin
    assert score_difference([1.0] * 10, [0.0] * 10).deficit_beyond_margin
    with pytest.raises(ValueError, match="at least one game"):
        score_difference([], [1.0])
    with pytest.raises(ValueError, match="confidence"):
        score_difference([1.0], [1.0], confidence=1.0)


def test_game_points_average_to_the_arenas_score_rate() -> None:
    assert game_points([5, 0, -3, 64]) == [1.0, 0.5, 0.0, 1.0]
    match = round_robin(TicTacToe(), [tictactoe_cpu(0), tictactoe_cpu(1)], games=20, seed=3)[0]
    points = game_points(match.scores_for_a())
    # the arena's score rate counts (wins + draws / 2) / games itself
    assert sum(points) / len(points) == pytest.approx(match.score_rate)


def test_compare_depths_takes_the_deepest_minus_the_shallowest_point() -> None:
    shallow = ScoredPoint(1, ScoredMatch((-1, -1, -1, 0, 1, -1, -1, -1)))  # 1.5 of 8
    middle = ScoredPoint(2, ScoredMatch((1,) * 8))  # ignored: neither end
    deep = ScoredPoint(3, ScoredMatch((1, 1, 1, 1, 1, 0, 1, -1)))  # 6.5 of 8
    compared = compare_depths([deep, shallow, middle])  # in any order
    assert compared.difference == pytest.approx((6.5 - 1.5) / 8)
    assert compared.lead_beyond_margin
    assert compare_depths([shallow, deep]) == compared
    swapped = [ScoredPoint(1, deep.result), ScoredPoint(2, shallow.result)]
    assert compare_depths(swapped).deficit_beyond_margin
    even = [
        ScoredPoint(1, ScoredMatch((1, -1, 1, -1))),
        ScoredPoint(2, ScoredMatch((1, 1, -1, -1))),
    ]
    close = compare_depths(even)
    assert not close.lead_beyond_margin and not close.deficit_beyond_margin
    with pytest.raises(ValueError, match="two depths"):
        compare_depths([deep])
