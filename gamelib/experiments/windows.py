"""The measurements of the window notebook (08): what an ordering costs in nodes, evaluations
and seconds, how the iterations of iterative deepening grow, what the aspiration bets cost,
what a table costs per node, and the pictures of the ordering experiment and of MTD(f)'s
bounds.

Every sentence these functions write is generated from the numbers of the same run, so it
cannot contradict the table printed next to it.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.charts import Chart, Marker
from gamelib.core import INF
from gamelib.experiments.compare import Measurement
from gamelib.experiments.report import Note, Table, table
from gamelib.experiments.tree_orders import OrderingRow
from gamelib.language import words
from gamelib.notation import format_number, format_window
from gamelib.search.common import SearchResult
from gamelib.search.windows import Probe, WindowSearchResult, narrowing
from gamelib.trace import ReSearch, Trace


class CountedScore:
    """A scoring function that counts its calls (the static order's cost)."""

    def __init__(self, score: Callable[[Any], float]) -> None:
        self.score = score
        self.calls = 0

    def __call__(self, state: Any) -> float:
        self.calls += 1
        return self.score(state)


Contender = Callable[[Any, CountedScore], SearchResult]
"""One way to search a position: (state, counted score) → result. A contender that sorts by
a score uses the counted score it is given, so its scoring calls are counted."""


@dataclass(frozen=True)
class Cost:
    """What one contender cost, summed over the positions.

    Attributes:
        name: the contender's name.
        nodes: nodes entered (all searches the contender made).
        evaluations: leaf evaluations (``stats.leaves``) plus calls of the ordering score.
        seconds: wall-clock time, the best of the repeats, summed over the positions.
    """

    name: str
    nodes: int
    evaluations: int
    seconds: float


class Costs(list[Cost]):
    """The contenders' costs; Jupyter shows them as a table, in percent of the first row too.

    Attributes:
        results: each contender's search results, one per state, by contender name.
    """

    def __init__(self) -> None:
        super().__init__()
        self.results: dict[str, list[SearchResult]] = {}

    def by_name(self) -> dict[str, Cost]:
        """The costs by contender name."""
        return {cost.name: cost for cost in self}

    def table(self) -> Table:
        """Nodes, evaluations and seconds, each also as a share of the first row's."""
        base = self[0]
        return table(
            ["search", "nodes", "evaluations", "seconds", "nodes %", "evaluations %", "time %"],
            [
                (
                    cost.name,
                    cost.nodes,
                    cost.evaluations,
                    round(cost.seconds, 3),
                    round(100 * cost.nodes / base.nodes),
                    round(100 * cost.evaluations / base.evaluations),
                    round(100 * cost.seconds / base.seconds),
                )
                for cost in self
            ],
        )

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __str__(self) -> str:
        return str(self.table())

    def rankings(self) -> Note:
        """Which contender is cheapest by each measure, and whether the measures agree."""
        names = {
            "nodes": sorted(self, key=lambda cost: cost.nodes),
            "evaluations": sorted(self, key=lambda cost: cost.evaluations),
            "seconds": sorted(self, key=lambda cost: cost.seconds),
        }
        lines = [
            f"- fewest {measure}: **{order[0].name}**; most: {order[-1].name}."
            for measure, order in names.items()
        ]
        node_order = [cost.name for cost in names["nodes"]]
        time_order = [cost.name for cost in names["seconds"]]
        if node_order == time_order:
            lines.append("- In this run the ranking by time is the same as the ranking by nodes.")
        else:
            swapped = [
                (first.name, second.name)
                for index, first in enumerate(names["nodes"])
                for second in names["nodes"][index + 1 :]
                if second.seconds < first.seconds
            ]
            pairs = "; ".join(
                f"{fewer} entered fewer nodes than {more} but took longer"
                for fewer, more in swapped[:3]
            )
            lines.append(f"- In this run fewer nodes did not always mean less time: {pairs}.")
        return Note("\n".join(lines))


def measure_costs(
    contenders: Mapping[str, Contender],
    states: Sequence[Any],
    score: Callable[[Any], float],
    *,
    repeat: int = 1,
) -> Costs:
    """Run every contender on every state; count nodes, evaluations and the best time.

    Raises:
        ValueError: if ``repeat`` is less than 1.
        AssertionError: if two contenders disagree on a state's value (they must not).
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    costs = Costs()
    values: list[set[float]] = [set() for _ in states]
    for name, run in contenders.items():
        nodes = evaluations = 0
        seconds = 0.0
        costs.results[name] = []
        for index, state in enumerate(states):
            best = INF
            for _ in range(repeat):
                counted = CountedScore(score)
                started = time.perf_counter()
                result = run(state, counted)
                best = min(best, time.perf_counter() - started)
            nodes += result.stats.nodes
            evaluations += result.stats.leaves + counted.calls
            seconds += best
            values[index].add(result.value)
            costs.results[name].append(result)
        costs.append(Cost(name, nodes, evaluations, seconds))
    disagreements = [found for found in values if len(found) > 1]
    assert not disagreements, f"the contenders disagree on a value: {disagreements}"
    return costs


def growth_per_ply(iterations: Sequence[SearchResult]) -> list[float]:
    """How many times more nodes each iteration entered than the one before."""
    nodes = [result.stats.nodes for result in iterations]
    return [later / earlier for earlier, later in itertools.pairwise(nodes)]


def growth_note(deepenings: Sequence[Sequence[SearchResult]], branching: Sequence[int]) -> Note:
    """Iterative deepening's iterations: how much each grew, and what the earlier ones cost.

    Args:
        deepenings: the iterations (depth 1, 2, …) of each position's iterative deepening.
        branching: the number of legal moves at each position's root.
    """
    growths = [growth for iterations in deepenings for growth in growth_per_ply(iterations)]
    shares = [
        sum(result.stats.nodes for result in iterations[:-1])
        / sum(result.stats.nodes for result in iterations)
        for iterations in deepenings
    ]
    odd_to_even = [
        growth
        for iterations in deepenings
        for depth, growth in enumerate(growth_per_ply(iterations), start=1)
        if depth % 2 == 1
    ]
    even_to_odd = [
        growth
        for iterations in deepenings
        for depth, growth in enumerate(growth_per_ply(iterations), start=1)
        if depth % 2 == 0
    ]
    return Note(
        f"Measured here: from one iteration to the next the node count grew by "
        f"×{min(growths):.1f} to ×{max(growths):.1f} (root branching {min(branching)}–"
        f"{max(branching)}): on average ×{statistics.fmean(odd_to_even):.1f} from an odd "
        f"depth to the next even one and ×{statistics.fmean(even_to_odd):.1f} from an even "
        f"depth to the next odd one. All iterations "
        f"before the last cost {min(shares):.0%}–{max(shares):.0%} of the total."
    )


def aspiration_note(full: int, guesses: Mapping[str, int]) -> Note:
    """What the aspiration totals say, against the full window's total (nodes)."""
    lines = []
    for label, nodes in guesses.items():
        verdict = "fewer" if nodes < full else "more"
        lines.append(
            f"- {label}: {nodes:,} nodes, {abs(nodes - full) / full:.0%} {verdict} than "
            f"the full window's {full:,}."
        )
    losing = [label for label, nodes in guesses.items() if nodes >= full]
    if len(losing) == len(guesses):
        lines.append("- Here aspiration lost with every guess.")
    elif not losing:
        lines.append("- Here aspiration won with every guess.")
    labels = list(guesses)
    if len(labels) == 2:
        first, second = labels
        better = first if guesses[first] < guesses[second] else second
        lines.append(
            f"- Between the two guesses, {better} cost fewer nodes "
            f"({abs(guesses[first] - guesses[second]):,} nodes apart)."
        )
    return Note("\n".join(lines))


def time_per_node(rows: Sequence[Measurement], baseline: str) -> Table:
    """Nodes, seconds and microseconds per node of each search, summed over positions, with
    nodes and time as a share of ``baseline``'s."""
    totals = _totals(rows)
    base_nodes, base_seconds = totals[baseline]
    return table(
        ["search", "nodes", "seconds", "µs per node", "nodes %", "time %"],
        [
            (
                name,
                nodes,
                round(seconds, 3),
                round(1e6 * seconds / nodes, 1),
                round(100 * nodes / base_nodes),
                round(100 * seconds / base_seconds),
            )
            for name, (nodes, seconds) in totals.items()
        ],
    )


def table_cost_note(rows: Sequence[Measurement], baseline: str) -> Note:
    """Sentences on nodes against seconds: which searches saved nodes but not time, and the
    cost per node of each against ``baseline``'s."""
    totals = _totals(rows)
    base_nodes, base_seconds = totals[baseline]
    base_rate = base_seconds / base_nodes
    lines = []
    for name, (nodes, seconds) in totals.items():
        if name == baseline:
            continue
        rate = seconds / nodes
        nodes_word = _compared(nodes, base_nodes, "fewer", "more", "the same")
        time_word = _compared(seconds, base_seconds, "less", "more", "the same")
        lines.append(
            f"- {name}: {nodes / base_nodes:.0%} of the nodes ({nodes_word}), "
            f"{seconds / base_seconds:.0%} of the time ({time_word}); "
            f"{rate / base_rate:.1f}× the time per node."
        )
    saved_nodes_not_time = [
        name
        for name, (nodes, seconds) in totals.items()
        if nodes < base_nodes and seconds >= base_seconds
    ]
    if saved_nodes_not_time:
        lines.append(
            f"- Fewer nodes but more time than {baseline}: {', '.join(saved_nodes_not_time)}."
        )
    return Note("\n".join(lines))


def _compared(value: float, base: float, smaller: str, larger: str, same: str) -> str:
    """The word for ``value`` against ``base``, as the whole percentage printed beside it
    shows it (so "100%" always reads as the same)."""
    percent = round(100 * value / base)
    return smaller if percent < 100 else larger if percent > 100 else same


def _totals(rows: Sequence[Measurement]) -> dict[str, tuple[int, float]]:
    totals: dict[str, tuple[int, float]] = {}
    for row in rows:
        nodes, seconds = totals.get(row.search, (0, 0.0))
        totals[row.search] = (nodes + row.nodes, seconds + row.seconds)
    return totals


def ordering_table(rows: Sequence[OrderingRow]) -> Table:
    """The ordering experiment's table: leaves evaluated at each depth."""
    branching = rows[0].branching if rows else 0
    return table(
        ["depth", "minimax bᵈ", "Knuth–Moore", "best first", "random", "worst first"],
        [
            (
                row.depth,
                row.minimax,
                row.minimal,
                round(row.best),
                round(row.random),
                round(row.worst),
            )
            for row in rows
        ],
        caption=f"Leaves α-β evaluates, b = {branching}, mean per depth (rounded)",
    )


def pvs_table(alpha_beta: Sequence[OrderingRow], pvs: Sequence[OrderingRow]) -> Table:
    """α-β's and PVS's leaves side by side, per depth and order (depths of ``pvs``)."""
    by_depth = {row.depth: row for row in alpha_beta}
    return table(
        ["depth", "best: α-β", "PVS", "random: α-β", "PVS ", "worst: α-β", "PVS  "],
        [
            (
                row.depth,
                round(by_depth[row.depth].best),
                round(row.best),
                round(by_depth[row.depth].random),
                round(row.random),
                round(by_depth[row.depth].worst),
                round(row.worst),
            )
            for row in pvs
        ],
    )


WINDOW_WORDS: dict[str, dict[str, str]] = {
    "ordering title": {"en": "α-β on uniform trees, b = {b}", "ja": "一様な木での α-β（b = {b}）"},
    "depth": {"en": "depth d", "ja": "深さ d"},
    "leaves": {"en": "leaves evaluated (log scale)", "ja": "評価した葉の数（対数目盛り）"},
    "minimax": {"en": "minimax, bᵈ", "ja": "ミニマックス、bᵈ"},
    "worst": {"en": "worst first", "ja": "最悪手から"},
    "random": {"en": "random order", "ja": "ランダムな順序"},
    "best": {"en": "best first", "ja": "最善手から"},
    "bound": {"en": "Knuth–Moore bound", "ja": "Knuth–Moore の下限"},
    "probe": {"en": "probe", "ja": "何回目の探索"},
    "bounds": {"en": "bounds after each probe", "ja": "各探索の後の上下限"},
    "lies here": {"en": "value lies here", "ja": "値はこの範囲"},
    "meet": {"en": "bounds meet: the value", "ja": "上下限が一致: 値"},
    "asked": {"en": "γ asked: is it ≥ γ?", "ja": "問い γ: 値 ≥ γ か?"},
    "the value": {"en": "the value, {value}", "ja": "値 {value}"},
    "run": {
        "en": "{label}\n{probes} probes, {nodes} nodes",
        "ja": "{label}\n探索 {probes} 回、{nodes} ノード",
    },
}
"""The words of :func:`plot_ordering` and :func:`plot_mtdf_bounds` in each language."""


def plot_ordering(rows: Sequence[OrderingRow], *, language: str | None = None) -> Chart:
    """The ordering experiment on a log scale: minimax, worst, random, best, Knuth–Moore.

    Raises:
        ValueError: if ``rows`` is empty.
    """
    if not rows:
        raise ValueError("plot_ordering needs at least one row")
    chart = Chart(
        title=words(WINDOW_WORDS["ordering title"], language).format(b=rows[0].branching),
        y_label=words(WINDOW_WORDS["leaves"], language),
        y_scale="log",
        size=(7 * 96, 3.8 * 96),
    )
    panel = chart.panel(x_label=words(WINDOW_WORDS["depth"], language))
    depths = [row.depth for row in rows]
    panel.line(
        depths, [row.minimax for row in rows], marker=None, line="dotted", colour="black",
        width=2, label=words(WINDOW_WORDS["minimax"], language),
    )  # fmt: skip
    lines: tuple[tuple[str, list[float], Marker, str], ...] = (
        ("worst", [row.worst for row in rows], "triangle-down", "#d62728"),
        ("random", [row.random for row in rows], "circle", "#ff7f0e"),
        ("best", [row.best for row in rows], "triangle", "#2ca02c"),
    )
    for key, values, marker, colour in lines:
        panel.line(
            depths, values, marker=marker, colour=colour,
            label=words(WINDOW_WORDS[key], language),
        )  # fmt: skip
    panel.line(
        depths, [row.minimal for row in rows], marker="plus", line=None, colour="black",
        label=words(WINDOW_WORDS["bound"], language),
    )  # fmt: skip
    return chart


def probe_table(result: WindowSearchResult) -> Table:
    """One row per probe of a composite search: the window, the value returned, what it
    proves (fail-soft's guarantee), and the bounds all probes so far prove."""
    rows = []
    for number, (probe, (lower, upper)) in enumerate(
        zip(result.probes, narrowing(result.probes), strict=True), start=1
    ):
        rows.append(
            (
                number,
                format_window(probe.alpha, probe.beta),
                probe.value,
                _proves(probe),
                f"{format_number(lower)} ≤ value ≤ {format_number(upper)}",
            )
        )
    return table(["search", "window", "returned", "proves", "bounds so far"], rows)


def _proves(probe: Probe) -> str:
    lower, upper = probe.bounds
    value = format_number(probe.value)
    if lower == upper:
        return f"inside: the value is {value}"
    if upper == probe.value:
        return f"≤ α, fails low: value ≤ {value}"
    return f"≥ β, fails high: value ≥ {value}"


def re_searches(trace: Trace) -> list[ReSearch]:
    """The re-search events of a PVS trace, in order."""
    return [event for event in trace.events if isinstance(event, ReSearch)]


def plot_mtdf_bounds(
    runs: Mapping[str, WindowSearchResult],
    value: float,
    title: str,
    *,
    language: str | None = None,
) -> Chart:
    """One panel per MTD(f) run (sharing the y axis): the bounds after each probe closing in
    on ``value``. An infinite bound reaches the panel's edge, marked −∞ or +∞.

    Args:
        runs: MTD(f) results by label (e.g. "first guess 0").
        value: the true value (drawn as a line; every run must have found it).
        title: the chart's title.
        language: the language of the axis labels and the legend (None: the course's).

    Raises:
        ValueError: if there is no run, or a run's value is not ``value``.
    """
    if not runs:
        raise ValueError("plot_mtdf_bounds needs at least one run")
    wrong = {label: run.value for label, run in runs.items() if run.value != value}
    if wrong:
        raise ValueError(f"runs that did not find the value {value}: {wrong}")
    chart = Chart(
        title=title, y_label=words(WINDOW_WORDS["bounds"], language), size=(10 * 96, 3.8 * 96)
    )
    for label, run in runs.items():
        bounds = narrowing(run.probes)
        panel = chart.panel(
            title=words(WINDOW_WORDS["run"], language).format(
                label=label, probes=len(run.probes), nodes=f"{run.stats.nodes:,}"
            ),
            x_label=words(WINDOW_WORDS["probe"], language),
            x_ticks=range(1, len(bounds) + 1),
            x_range=(0.4, len(bounds) + 0.6),
        )
        numbers = range(1, len(bounds) + 1)
        for number, (lower, upper) in zip(numbers, bounds, strict=True):
            panel.interval(
                number, lower, upper, colour="#1f77b4",
                label=words(WINDOW_WORDS["lies here"], language),
            )  # fmt: skip
        panel.line(
            numbers, [probe.beta for probe in run.probes], marker="dash", line=None,
            colour="black", label=words(WINDOW_WORDS["asked"], language),
        )  # fmt: skip
        met = [(number, lower) for number, (lower, upper) in zip(numbers, bounds, strict=True)
               if lower == upper]  # fmt: skip
        panel.line(
            [number for number, _ in met], [bound for _, bound in met], line=None,
            colour="#1f77b4", label=words(WINDOW_WORDS["meet"], language),
        )  # fmt: skip
        panel.reference(
            value, colour="#2ca02c", line="solid", width=1.2,
            label=words(WINDOW_WORDS["the value"], language).format(value=format_number(value)),
        )  # fmt: skip
    return chart
