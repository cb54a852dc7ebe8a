"""The experiment helpers of notebooks 07 and 08: tables, generated sentences, the even
sennichite case, the perpetual-check facts, and cost counting."""

from __future__ import annotations

import itertools

import pytest

from gamelib import (
    FIRST,
    SECOND,
    HistoryAwareTable,
    TicTacToe,
    TranspositionTable,
    alphabeta,
    alphabeta_failsoft,
    chess_draw,
    iterative_deepening,
    mtdf,
    pvs,
    sennichite,
    static_order,
)
from gamelib.experiments import repetitions, report, windows
from gamelib.experiments.compare import Measurement
from gamelib.experiments.tree_orders import ordering_experiment
from gamelib.games import chessgame, cyclic
from gamelib.trace import record
from gamelib.trees import TEXTBOOK
from tests.test_charts import parse, texts, with_class


def test_table_formats_numbers_and_marks_numeric_columns() -> None:
    shown = report.table(["name", "nodes", "value"], [("a", 12345, -0.5), ("b", 7, 2.0)])
    assert shown.rows == (("a", "12,345", "−0.5"), ("b", "7", "2"))
    assert shown.numeric == frozenset({"nodes", "value"})
    assert "12,345" in shown._repr_html_() and "12,345" in str(shown)
    with pytest.raises(ValueError, match="2 values for 3 columns"):
        report.table(["a", "b", "c"], [(1, 2)])


def test_even_sennichite_first_avoids_second_seeks() -> None:
    even = repetitions.sennichite_even_example()
    edge = sennichite(0.1)
    at_start = alphabeta(even, repetition=edge)
    at_a = alphabeta(even, ("a", SECOND), repetition=edge, history=[("start", FIRST)])
    assert (at_start.move, at_start.value) == ("start draws", 0)
    assert at_a.move == "start" and at_a.value == pytest.approx(0.1)
    assert alphabeta(even, repetition=chess_draw).value == 0


def test_compare_policies_names_the_search_without_detection() -> None:
    game = cyclic.sennichite_example()
    compared = repetitions.compare_policies(alphabeta, (chess_draw, None), game=game, depth=6)
    assert set(compared.results) == {"chess draw", repetitions.NO_DETECTION}
    assert compared.results["chess draw"].value == 0
    assert "chess draw" in str(compared)


def test_visited_memory_counts_the_positions_of_every_entry() -> None:
    table = HistoryAwareTable(remedy="visited")
    alphabeta(cyclic.ghi_example(), repetition=chess_draw, table=table)
    entries, remembered = repetitions.visited_memory(table)
    assert entries == len(table.looked_at) and remembered >= entries


def test_threat_and_the_perpetual_line() -> None:
    game = chessgame.ChessGame()
    board = game.initial_state()
    facts = repetitions.threat(board)
    assert facts.material < 0 and facts.mates_if_passed
    assert facts.quiet_allowing_mate == facts.quiet_moves  # every quiet move allows a mate
    assert "Qd8+" in facts.checks
    line = repetitions.play_line(game, board, ["a5d8", "b8a7", "d8a5", "a7b8"])
    assert line.repeats and len(line.states) == 5
    assert line.captions[1] == "Qd8+ (1 legal reply)"


def test_events_lists_repetitions_and_table_answers() -> None:
    trace = record(
        alphabeta, cyclic.ghi_example(), repetition=chess_draw, table=TranspositionTable()
    )
    kinds = {type(event).__name__ for event in repetitions.events(trace)}
    assert kinds == {"Repetition", "TableAnswer"}


def test_measure_costs_counts_the_static_orders_scores() -> None:
    game = TicTacToe()
    state = game.initial_state()

    def score(position: object) -> float:
        return 0.0

    costs = windows.measure_costs(
        {
            "plain": lambda state, counted: alphabeta_failsoft(game, state),
            "sorted": lambda state, counted: alphabeta_failsoft(
                game, state, order=static_order(game, counted)
            ),
        },
        [state],
        score,
    )
    plain, ordered = costs
    assert plain.evaluations == costs.results["plain"][0].stats.leaves
    assert ordered.evaluations > costs.results["sorted"][0].stats.leaves  # the scores count
    assert "nodes" in str(costs)
    with pytest.raises(ValueError, match="repeat"):
        windows.measure_costs({}, [state], score, repeat=0)


def test_growth_per_ply_is_the_ratio_of_node_counts() -> None:
    deep = iterative_deepening(TicTacToe(), max_depth=4)
    nodes = [result.stats.nodes for result in deep.iterations]
    assert windows.growth_per_ply(deep.iterations) == [
        later / earlier for earlier, later in itertools.pairwise(nodes)
    ]


def test_generated_notes_follow_the_numbers() -> None:
    note = windows.aspiration_note(100, {"from 4": 120, "from 3": 130})
    assert "lost with every guess" in note and "from 4 cost fewer" in note
    rows = [
        Measurement("plain", "p", 0, 10, 100, 1.0),
        Measurement("table", "p", 0, 5, 50, 2.0),
    ]
    text = windows.table_cost_note(rows, "plain")
    assert "50% of the nodes (fewer), 200% of the time (more); 4.0× the time per node" in text
    assert "Fewer nodes but more time than plain: table." in text


def test_probe_table_and_re_searches() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    result = mtdf(tree, first_guess=0)
    shown = windows.probe_table(result)
    assert len(shown.rows) == len(result.probes) and shown.rows[-1][-1] == "3 ≤ value ≤ 3"
    assert [event.child for event in windows.re_searches(record(pvs, tree))] == ["H"]


def test_the_window_ordering_plot_has_the_four_orders_and_the_bound() -> None:
    rows = ordering_experiment(3, [1, 2, 3], samples=2, seed=0)
    root = parse(windows.plot_ordering(rows))
    labels = [line.get("data-label") for line in with_class(root, "series")]
    assert labels == [
        "minimax, bᵈ",
        "worst first",
        "random order",
        "best first",
        "Knuth–Moore bound",
    ]
    assert "α-β on uniform trees, b = 3" in texts(root)


def test_the_mtdf_plot_shows_each_probes_bounds_and_refuses_a_wrong_value() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    runs = {"first guess 0": mtdf(tree, first_guess=0), "first guess 9": mtdf(tree, first_guess=9)}
    root = parse(windows.plot_mtdf_bounds(runs, 3, "MTD(f) on the textbook tree"))
    panels = with_class(root, "panel")
    assert len(panels) == 2
    for panel, run in zip(panels, runs.values(), strict=True):
        assert len(with_class(panel, "interval")) == len(run.probes)
        [title] = with_class(panel, "panel-title")
        lines = ["".join(line.itertext()) for line in title]
        assert lines[1] == f"{len(run.probes)} probes, {run.stats.nodes:,} nodes"
    assert "+∞" in texts(root) or "−∞" in texts(root)  # the first probe leaves one side open
    assert [entry for entry in texts(root) if entry.startswith("the value")] == ["the value, 3"]
    with pytest.raises(ValueError, match="did not find the value 4"):
        windows.plot_mtdf_bounds(runs, 4, "wrong")
    japanese = texts(parse(windows.plot_mtdf_bounds(runs, 3, "MTD(f)", language="ja")))
    assert "プローブの番号" in japanese


def test_check_policy_accepts_the_rule_and_says_what_is_wrong_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gamelib.experiments.repetitions import check_policy
    from gamelib.search.repetition import Policy

    check_policy(Policy(lambda cycle: ..., "unanswered"))  # type: ignore[arg-type,return-value]
    assert "no answer yet" in capsys.readouterr().out
    check_policy(Policy(lambda cycle: 1, "the repeater loses"))
    assert capsys.readouterr().out.startswith("right:")
    with pytest.raises(AssertionError, match="worth \\+1, not -1"):
        check_policy(Policy(lambda cycle: -1, "the repeater wins"))
