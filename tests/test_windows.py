"""Window searches and move ordering: exact values, and the claims the course makes."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import INF
from gamelib.experiments.tree_orders import minimal_tree_leaves
from gamelib.games.minireversi import MiniReversi
from gamelib.games.tictactoe import TicTacToe
from gamelib.render.describe import describe_probe, sentences
from gamelib.search import alphabeta, alphabeta_failsoft, minimax
from gamelib.search.common import SearchResult
from gamelib.search.ordering import DeepeningResult, iterative_deepening, presearch, static_order
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import (
    Probe,
    WindowSearchResult,
    aspiration,
    mtdf,
    narrowing,
    null_window,
    pvs,
)
from gamelib.trace import Enter, ReSearch, record, record_probes, replay
from gamelib.trees import TEXTBOOK, Tree, random_tree
from tests.helpers import scaled, trees, windows
from tests.test_search_properties import sort_best_first

MANY = scaled(800)
guesses = st.integers(-12, 12)


@MANY
@given(trees(), windows())
def test_pvs_keeps_the_fail_soft_guarantee(tree: Tree, window: tuple[float, float]) -> None:
    alpha, beta = window
    true_value = minimax(tree).value
    value = pvs(tree, alpha=alpha, beta=beta).value
    if value <= alpha:
        assert true_value <= value
    elif value >= beta:
        assert true_value >= value
    else:
        assert value == true_value


@MANY
@given(trees(), guesses, st.integers(1, 5))
def test_aspiration_finds_the_value_in_at_most_two_searches(
    tree: Tree, guess: int, delta: int
) -> None:
    result = aspiration(tree, guess=guess, delta=delta)
    assert result.value == minimax(tree).value
    assert 1 <= len(result.probes) <= 2
    if guess - delta < result.value < guess + delta:
        assert len(result.probes) == 1


@MANY
@given(trees(), guesses)
def test_mtdf_converges_to_the_value_from_any_guess(tree: Tree, guess: int) -> None:
    result = mtdf(tree, first_guess=guess)
    assert result.value == minimax(tree).value
    for probe in result.probes:
        assert probe.beta - probe.alpha == 1  # null windows only


@MANY
@given(trees(), guesses)
def test_each_mtdf_probe_asks_from_the_bound_the_last_one_returned(tree: Tree, guess: int) -> None:
    """Notebook 04 § 4: a probe's γ (its β) is the bound the last probe returned after a fail
    low, one more after a fail high; the first asks about the guess itself."""
    probes = mtdf(tree, first_guess=guess).probes
    assert probes[0].beta == guess
    for last, probe in itertools.pairwise(probes):
        failed_high = last.value >= last.beta
        assert probe.beta == (last.value + 1 if failed_high else last.value)


@MANY
@given(trees(), st.integers(-10, 10))
def test_null_window_answers_is_the_value_at_least_gamma(tree: Tree, gamma: int) -> None:
    result = null_window(tree, gamma=gamma)
    at_least = result.value >= gamma
    true_value = minimax(tree).value
    assert at_least == (true_value >= gamma)
    if at_least:
        assert true_value >= result.value
    else:
        assert true_value <= result.value <= gamma - 1
    assert result.probes == (Probe(gamma - 1, gamma, result.value),)
    assert result.stats == alphabeta_failsoft(tree, alpha=gamma - 1, beta=gamma).stats


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 5), st.integers(1, 4), st.integers(0, 9))
def test_pvs_with_perfect_order_evaluates_exactly_the_minimal_tree(
    seed: int, depth: int, branching: int, spread: int
) -> None:
    tree = sort_best_first(random_tree(seed, depth, branching, -spread, spread))
    trace = record(pvs, tree)
    assert trace.result.stats.leaves == minimal_tree_leaves(branching, depth)
    assert len(trace.entered) == len(set(trace.entered))  # no re-search at all


@MANY
@given(trees())
def test_pvs_never_evaluates_a_leaf_that_full_window_alphabeta_prunes_on_a_sorted_tree(
    tree: Tree,
) -> None:
    # On a best-first tree every null-window probe fails low, so PVS reads a subset of
    # α-β's leaves (a claim about sorted trees only: with bad ordering PVS can read more).
    ordered = sort_best_first(tree)
    assert set(record(pvs, ordered).evaluated) <= set(record(alphabeta, ordered).evaluated)


def test_pvs_re_searches_h_on_the_textbook_tree() -> None:
    # At C the first child G = 1 is not the best: the null-window probe of H (is H > 1?)
    # fails high, so H is searched again with the full window: one leaf more than α-β.
    trace = record(pvs, TEXTBOOK["alpha-beta-windows"])
    assert trace.result.value == 3
    assert trace.entered.count("H") == 2
    assert trace.evaluated == ["G", "H", "H", "I", "K", "L"]
    assert alphabeta(TEXTBOOK["alpha-beta-windows"]).stats.leaves == 5


def test_aspiration_refuses_an_empty_window() -> None:
    import pytest

    with pytest.raises(ValueError, match="delta must be positive"):
        aspiration(TEXTBOOK["aima-fig-5-2"], guess=3, delta=0)


def test_iterative_deepening_gives_each_depth_its_own_value() -> None:
    game = TicTacToe()
    deepening = iterative_deepening(game, max_depth=9)
    for depth, result in enumerate(deepening.iterations, start=1):
        assert result.value == alphabeta(game, depth=depth).value
    assert deepening.value == 0
    assert (deepening.move, deepening.pv) == (
        deepening.iterations[-1].move,
        deepening.iterations[-1].pv,
    )
    assert deepening.stats.nodes == sum(result.stats.nodes for result in deepening.iterations)
    assert deepening.stats.leaves == sum(result.stats.leaves for result in deepening.iterations)


def test_iterative_deepening_with_ordering_beats_the_source_table_on_4x4_reversi() -> None:
    for start, source_best in (("WB/BW", 718), ("WB/WB", 1059)):
        game = MiniReversi(start=start, order="corners")
        assert alphabeta_failsoft(game).stats.leaves == source_best
        with_table = alphabeta_failsoft(game, table=TranspositionTable())
        assert with_table.value == minimax(game).value
        assert with_table.stats.leaves * 2 <= source_best


def test_presearch_orders_the_root_and_keeps_the_value() -> None:
    game = MiniReversi(start="WB/BW", order="natural")
    plain = alphabeta_failsoft(game, depth=6)
    ordered = presearch(game, shallow=2, depth=6)
    assert ordered.value == plain.value
    assert sorted(ordered.order) == sorted(game.moves(game.initial_state()))
    assert ordered.shallow_stats.nodes > 0
    assert ordered.stats == ordered.shallow_stats + ordered.deep_stats


def test_presearch_on_a_tree_names_moves_like_a_tree_search() -> None:
    tree = TEXTBOOK["aima-fig-5-2"]
    ordered = presearch(tree, shallow=2, depth=None)
    assert ordered.value == 3 and ordered.move == "a1" and ordered.pv[0] == "a1"
    assert ordered.order[0] == "a1"


def test_static_order_sorts_by_the_opponents_score() -> None:
    game = TicTacToe()
    order = static_order(game, score=lambda state: -bin(state[1]).count("1"))
    state = game.initial_state()
    assert sorted(order(state, game.moves(state))) == list(game.moves(state))
    assert alphabeta(game, order=order).value == 0


def test_the_comparison_agrees_on_values_and_meets_the_goal_on_4x4_reversi() -> None:
    from gamelib.experiments.compare import CONTENDERS, measure

    for start, source_best in (("WB/BW", 718), ("WB/WB", 1059)):
        game = MiniReversi(start=start, order="corners")
        rows = measure(game, [(start, game.initial_state())], None, CONTENDERS)
        assert {row.value for row in rows} == {minimax(game).value}
        assert min(row.leaves for row in rows) * 2 <= source_best


def test_the_pvs_trace_marks_the_re_search_of_h() -> None:
    trace = record(pvs, TEXTBOOK["alpha-beta-windows"])
    research = [event for event in trace.events if isinstance(event, ReSearch)]
    assert research == [ReSearch("C", "H", 3, 1, INF)]
    sentence = sentences(trace)[trace.events.index(research[0])]
    assert "null window (1, 2)" in sentence and "searched again with (1, ∞)" in sentence
    assert replay(trace, len(trace.events)).nodes["H"].evaluation_orders == (2, 3)


@MANY
@given(trees())
def test_pvs_re_searches_a_child_with_the_full_window_right_after_its_probe(tree: Tree) -> None:
    trace = record(pvs, tree)
    for index, event in enumerate(trace.events):
        if isinstance(event, ReSearch):
            assert event.alpha < event.value < event.beta
            following = trace.events[index + 1]
            assert isinstance(following, Enter)
            assert (following.node, following.alpha, following.beta) == (
                event.child,
                event.alpha,
                event.beta,
            )
    # a node is entered again only when it or an ancestor is re-searched
    researched = {event.child for event in trace.events if isinstance(event, ReSearch)}
    nodes = tree.nodes()
    for name, count in Counter(trace.entered).items():
        if count > 1:
            assert any(
                name in {node.name for node, _ in nodes[child].walk()} for child in researched
            )


@MANY
@given(trees(), guesses, st.integers(1, 4))
def test_each_probe_is_recorded_and_its_bounds_hold(tree: Tree, guess: int, delta: int) -> None:
    true_value = minimax(tree).value
    for search, options in (
        (aspiration, {"guess": guess, "delta": delta}),
        (mtdf, {"first_guess": guess}),
    ):
        result, traces = record_probes(search, tree, **options)
        assert isinstance(result, WindowSearchResult)
        assert len(traces) == len(result.probes)
        for probe, trace in zip(result.probes, traces, strict=True):
            assert trace.result.value == probe.value
            assert trace.windows()[0] == (tree.name, probe.alpha, probe.beta)
            lower, upper = probe.bounds
            assert lower <= true_value <= upper
        bounds = narrowing(result.probes)
        assert bounds[-1] == (true_value, true_value)
        for (lower, upper), (next_lower, next_upper) in itertools.pairwise(bounds):
            assert lower <= next_lower and next_upper <= upper


def test_what_each_mtdf_probe_learns_on_the_textbook_tree() -> None:
    result, traces = record_probes(mtdf, TEXTBOOK["alpha-beta-windows"], first_guess=0)
    assert [describe_probe(probe) for probe in result.probes] == [
        "window (−1, 0) → 1 ≥ β, fails high: the value is at least 1",
        "window (1, 2) → 3 ≥ β, fails high: the value is at least 3",
        "window (3, 4) → 3 ≤ α, fails low: the value is at most 3",
    ]
    assert narrowing(result.probes) == [(1, INF), (3, INF), (3, 3)]
    assert [trace.evaluated for trace in traces] == [["G", "I"], ["G", "H"], ["H", "K", "L"]]


def test_iterative_deepening_records_one_trace_per_iteration() -> None:
    deepening, traces = record_probes(iterative_deepening, TicTacToe(), max_depth=3)
    assert isinstance(deepening, DeepeningResult)
    assert [trace.result.stats for trace in traces] == [
        iteration.stats for iteration in deepening.iterations
    ]
    assert len(traces) == 3


def test_iterative_deepening_needs_at_least_one_iteration() -> None:
    import pytest

    with pytest.raises(ValueError, match="max_depth must be at least 1, not 0"):
        iterative_deepening(TicTacToe(), max_depth=0)


def test_measure_interleaves_its_runs_and_keeps_every_time() -> None:
    from gamelib.experiments.compare import CONTENDERS, Runner, measure

    calls: list[str] = []
    game = TicTacToe()

    def counting(name: str) -> Runner:
        def run(game: Any, state: Any, depth: int | None) -> SearchResult:
            calls.append(name)
            return CONTENDERS[name](game, state, depth)

        return run

    searches = {name: counting(name) for name in list(CONTENDERS)[:2]}
    rows = measure(game, [("start", game.initial_state())], 2, searches, runs=3)
    assert calls == list(searches) * 3  # round after round, not one search three times
    assert all(len(row.times) == 3 and row.seconds == min(row.times) for row in rows)


def test_a_time_differs_only_when_every_round_agrees() -> None:
    from gamelib.experiments.compare import Measurement
    from gamelib.experiments.windows import table_cost_note, time_verdict

    def rows(base: tuple[float, ...], other: tuple[float, ...]) -> list[Measurement]:
        return [
            Measurement("plain", "p", 0, 10, 100, min(base), base),
            Measurement("table", "p", 0, 5, 50, min(other), other),
        ]

    assert time_verdict(rows((1.0, 1.0, 1.0), (2.0, 1.5, 1.1)), "table", "plain") == "more time"
    assert time_verdict(rows((1.0, 1.0, 1.0), (0.5, 0.9, 0.8)), "table", "plain") == "less time"
    noisy = rows((1.0, 1.0, 1.0), (0.9, 1.3, 1.2))  # faster in one round, slower in two
    assert time_verdict(noisy, "table", "plain") == "within the noise"
    note = table_cost_note(noisy, "plain", language="en")
    assert "90% of the time (the same within the noise)" in note
    assert "Fewer nodes but more time" not in note and "fastest of 3 interleaved runs" in note
    two_positions = [
        Measurement("plain", "p", 0, 10, 100, 1.0, (1.0, 1.0, 1.0)),
        Measurement("plain", "q", 0, 10, 100, 1.0, (1.0, 1.0, 1.0)),
        Measurement("table", "p", 0, 5, 50, 0.5, (0.5, 1.6, 1.6)),
        Measurement("table", "q", 0, 5, 50, 0.5, (1.6, 0.5, 1.6)),
    ]  # slower in every round, yet its fastest runs (printed) take half the time
    assert time_verdict(two_positions, "table", "plain") == "within the noise"
    assert "the time per node the same within the noise (1.0×)" in table_cost_note(
        two_positions, "plain", language="en"
    )
    assert "1.8× the time per node" in note  # slower per node in every round and at its fastest
    slower = table_cost_note(rows((1.0, 1.0), (1.1, 1.2)), "plain", language="en")
    assert "Fewer nodes but more time than plain: table." in slower


def test_guess_misses_count_the_guesses_outside_the_window() -> None:
    from gamelib.experiments.windows import guess_misses

    values = [[5, -2, 7, 0, 5], [9, -2, 9, 0, 11]]
    note = guess_misses(values, 5, {"guess from depth 4": 4, "guess from depth 3": 3}, 3)
    assert "guess from depth 4: it missed the depth-5 value by 5, 11 (2 of 2 at least δ = 3" in note
    assert "guess from depth 3: it missed the depth-5 value by 2, 2 (0 of 2 at least δ = 3" in note
    # the window (g − δ, g + δ) is open: a guess exactly δ away is outside it
    exactly = guess_misses(values, 5, {"guess from depth 3": 3}, 2)
    assert "by 2, 2 (2 of 2 at least δ = 2 away" in exactly


def test_guess_misses_count_the_searches_that_failed() -> None:
    """The misses the note counts are the aspiration searches that needed a second search,
    checked against real searches: on notebook 08's Othello positions with δ = 11 the guess
    from depth 4 misses by 5, 11, 11, and the two misses of exactly δ fail (searches 1, 2, 2)."""
    from gamelib import Othello, aspiration, iterative_deepening
    from gamelib.experiments import compare
    from gamelib.experiments.windows import guess_misses

    othello = Othello()
    positions = compare.random_positions(othello, 3, 20, seed=2026)
    values = [
        [result.value for result in iterative_deepening(othello, state, max_depth=5).iterations]
        for _, state in positions
    ]
    delta = 11
    for depth in (4, 3):
        searches = [
            len(aspiration(othello, state, guess=row[depth - 1], delta=delta, depth=5).probes)
            for (_, state), row in zip(positions, values, strict=True)
        ]
        failed = sum(count == 2 for count in searches)
        note = guess_misses(values, 5, {f"guess from depth {depth}": depth}, delta)
        assert f"({failed} of 3 at least δ = 11 away" in note, (depth, searches, note)
        if depth == 4:
            assert searches == [1, 2, 2]


def test_a_failed_aspiration_search_hands_its_table_to_the_second() -> None:
    """Notebook 08 splits the depth-4 guess's nodes into the failed first searches and the
    second searches, and says that with a table kept between them the second searches cost
    fewer nodes. Checked here by running the two searches by hand: ``aspiration``'s count is
    the first search's plus the second's, the second searching the reopened window with the
    same table the first one filled."""
    from gamelib import Othello
    from gamelib.experiments import compare

    othello = Othello()
    delta = 3
    second_total = {False: 0, True: 0}
    for _, state in compare.random_positions(othello, 3, 20, seed=2026):
        values = [
            result.value for result in iterative_deepening(othello, state, max_depth=5).iterations
        ]
        guess = values[4 - 1]
        for with_table in (False, True):
            bet = aspiration(
                othello, state, guess=guess, delta=delta, depth=5,
                table=TranspositionTable() if with_table else None,
            )  # fmt: skip
            table = TranspositionTable() if with_table else None
            first = alphabeta_failsoft(
                othello, state, depth=5, alpha=guess - delta, beta=guess + delta, table=table
            )
            assert not guess - delta < first.value < guess + delta  # the notebook's misses
            if first.value <= guess - delta:
                alpha, beta = -INF, first.value + 1
            else:
                alpha, beta = first.value - 1, INF
            second = alphabeta_failsoft(
                othello, state, depth=5, alpha=alpha, beta=beta, table=table
            )
            assert [probe.value for probe in bet.probes] == [first.value, second.value]
            assert bet.value == second.value == values[5 - 1]
            assert bet.stats.nodes == first.stats.nodes + second.stats.nodes
            second_total[with_table] += second.stats.nodes
    assert second_total[True] < second_total[False]
