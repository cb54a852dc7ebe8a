"""The convergence chart of a Monte Carlo search: its lines are the root children's N and Q
after every iteration, as the trace's tree stands then."""

from __future__ import annotations

import pytest

from gamelib.charts.chart import chart_summary
from gamelib.render.monte_carlo_chart import POINTS, convergence_chart, root_history
from gamelib.search.mcts import MonteCarloTrace, leaf_scale, mcts_solver, record_monte_carlo, uct
from gamelib.search.minimax import negamax
from gamelib.trees import TEXTBOOK


@pytest.fixture(scope="module")
def trace() -> MonteCarloTrace:
    return record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=60, seed=5)


@pytest.mark.parametrize("search", [uct, mcts_solver])
def test_the_history_is_the_tree_after_each_iteration(search: object) -> None:
    trace = record_monte_carlo(search, TEXTBOOK["alpha-beta-windows"], iterations=40)  # type: ignore[arg-type]
    history = root_history(trace)
    for iteration in range(1, trace.iterations + 1):
        tree = trace.tree_after(iteration)
        children = {name for name, node in tree.items() if node.parent == trace.root}
        assert {name for name, line in history.items() if iteration in line.iterations} == children
        for name in children:
            line = history[name]
            index = line.iterations.index(iteration)
            assert line.visits[index] == tree[name].visits
            assert line.means[index] == tree[name].mean
        assert sum(tree[name].visits for name in children) == iteration


def test_the_chart_draws_the_shares_and_means(trace: MonteCarloTrace) -> None:
    tree = TEXTBOOK["aima-fig-5-2"]
    value = negamax(tree).value / leaf_scale(tree)
    chart = convergence_chart(trace, minimax_value=value, language="en")
    shares, means = chart.panels
    history = root_history(trace)
    assert [series.label for series in shares.series] == ["B", "C", "D"]  # the move order
    for share, mean in zip(shares.series, means.series, strict=True):
        line = history[str(share.label)]
        assert share.xs == tuple(map(float, line.iterations))
        assert share.ys == pytest.approx(
            [n / i for n, i in zip(line.visits, line.iterations, strict=True)]
        )
        assert mean.ys == pytest.approx(line.means)
    final = {str(series.label): series.ys[-1] for series in shares.series}
    assert sum(final.values()) == pytest.approx(1.0)
    assert [reference.y for reference in means.references] == [pytest.approx(3 / 14)]
    assert shares.x_label == "iterations" and "visit share" in str(shares.title)
    assert shares.y_range == (0.0, 1.0) and not chart.shares_y  # shares on 0…1, Q on −1…1
    assert "<desc>" in chart.svg and "B:" in chart_summary(chart, "en").description


def test_long_runs_are_sampled_and_both_languages_label_the_axes() -> None:
    trace = record_monte_carlo(uct, TEXTBOOK["aima-fig-5-2"], iterations=600)
    chart = convergence_chart(trace, language="ja")
    for series in chart.panels[0].series:
        assert len(series.xs) <= POINTS + 1 and series.xs[-1] == 600
    assert chart.panels[0].x_label == "反復回数"
    assert "平均値" in str(chart.panels[1].title)
