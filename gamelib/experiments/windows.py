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
from typing import Any, Final

from gamelib.charts import Chart, Marker
from gamelib.core import INF
from gamelib.experiments.compare import Measurement, search_label
from gamelib.experiments.report import Note, Table, table
from gamelib.experiments.tree_orders import OrderingRow
from gamelib.language import Language, words
from gamelib.notation import format_number, format_window
from gamelib.search.common import SearchResult
from gamelib.search.windows import Probe, WindowSearchResult, narrowing
from gamelib.trace import ReSearch, Trace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # the charts (plot_ordering, plot_mtdf_bounds)
    "ordering title": {"en": "α-β on uniform trees, b = {b}", "ja": "一様な木でのαβ法（b = {b}）"},
    "depth": {"en": "depth d", "ja": "深さ d"},
    "leaves": {"en": "leaves evaluated (log scale)", "ja": "評価した葉の数（対数目盛り）"},
    "minimax": {"en": "minimax, bᵈ", "ja": "ミニマックス法、bᵈ"},
    "worst": {"en": "worst first", "ja": "最悪手から"},
    "random": {"en": "random order", "ja": "ランダムな順序"},
    "best": {"en": "best first", "ja": "最善手から"},
    "bound": {"en": "Knuth–Moore bound", "ja": "Knuth–Moore の最小木"},
    "probe": {"en": "probe", "ja": "プローブの番号"},
    "bounds": {"en": "bounds after each probe", "ja": "各プローブの後の下限値と上限値"},
    "lies here": {"en": "value lies here", "ja": "値はこの範囲"},
    "meet": {"en": "bounds meet: the value", "ja": "下限値と上限値が一致：値"},
    "asked": {"en": "γ asked: is it ≥ γ?", "ja": "問い γ：値 ≥ γ か？"},
    "the value": {"en": "the value, {value}", "ja": "値 {value}"},
    "run": {
        "en": "{label}\n{probes} probes, {nodes} nodes",
        "ja": "{label}\nプローブ {probes} 回、{nodes} ノード",
    },
    # the tables' columns
    "column: search": {"en": "search", "ja": "探索"},
    "column: nodes": {"en": "nodes", "ja": "ノード数"},
    "column: evaluations": {"en": "evaluations", "ja": "評価回数"},
    "column: seconds": {"en": "seconds", "ja": "秒"},
    "column: nodes %": {"en": "nodes %", "ja": "ノード数 %"},
    "column: evaluations %": {"en": "evaluations %", "ja": "評価回数 %"},
    "column: time %": {"en": "time %", "ja": "時間 %"},
    "column: µs per node": {"en": "µs per node", "ja": "µs／ノード"},
    "column: depth": {"en": "depth", "ja": "深さ"},
    "column: minimax": {"en": "minimax bᵈ", "ja": "ミニマックス法 bᵈ"},
    "column: Knuth–Moore": {"en": "Knuth–Moore", "ja": "Knuth–Moore の最小木"},
    "column: best first": {"en": "best first", "ja": "最善手から"},
    "column: random": {"en": "random", "ja": "ランダム"},
    "column: worst first": {"en": "worst first", "ja": "最悪手から"},
    "column: best α-β": {"en": "best: α-β", "ja": "最善手から：αβ法"},
    "column: random α-β": {"en": "random: α-β", "ja": "ランダム：αβ法"},
    "column: worst α-β": {"en": "worst: α-β", "ja": "最悪手から：αβ法"},
    "column: probe": {"en": "search", "ja": "回目"},
    "column: window": {"en": "window", "ja": "探索窓"},
    "column: returned": {"en": "returned", "ja": "返した値"},
    "column: proves": {"en": "proves", "ja": "証明されること"},
    "column: bounds so far": {"en": "bounds so far", "ja": "ここまでの下限値と上限値"},
    "ordering caption": {
        "en": "Leaves α-β evaluates, b = {branching}, mean per depth (rounded)",
        "ja": "αβ法が評価する葉の数（b = {branching}、深さごとの平均、四捨五入）",
    },
    # the probes of a composite search
    "bounds so far": {"en": "{lower} ≤ value ≤ {upper}", "ja": "{lower} ≤ 値 ≤ {upper}"},
    "inside": {"en": "inside: the value is {value}", "ja": "窓の内側：値は {value}"},
    "fails low": {"en": "≤ α, fails low: value ≤ {value}", "ja": "≤ α、fail low：値 ≤ {value}"},
    "fails high": {
        "en": "≥ β, fails high: value ≥ {value}",
        "ja": "≥ β、fail high：値 ≥ {value}",
    },
    # rankings
    "fewest nodes": {
        "en": "- fewest nodes: **{cheapest}**; most: {dearest}.",
        "ja": "- ノード数が最も少ないのは **{cheapest}**、最も多いのは「{dearest}」です。",
    },
    "fewest evaluations": {
        "en": "- fewest evaluations: **{cheapest}**; most: {dearest}.",
        "ja": "- 評価回数が最も少ないのは **{cheapest}**、最も多いのは「{dearest}」です。",
    },
    "fewest seconds": {
        "en": "- fewest seconds: **{cheapest}**; most: {dearest}.",
        "ja": "- 時間が最も短いのは **{cheapest}**、最も長いのは「{dearest}」です。",
    },
    "same ranking": {
        "en": "- In this run the ranking by time is the same as the ranking by nodes.",
        "ja": "- この実行では、時間による順位はノード数による順位と同じでした。",
    },
    "swapped pair": {
        "en": "{fewer} entered fewer nodes than {more} but took longer",
        "ja": "「{fewer}」は「{more}」より訪れたノードが少ないのに、時間は長くかかりました",
    },
    "pair separator": {"en": "; ", "ja": "。"},
    "swaps within the noise": {
        "en": "- The ranking by time differs from the ranking by nodes only where some rounds "
        "of runs went one way and some the other: within the noise.",
        "ja": "- 時間による順位がノード数による順位と違うのは、実行の回によって逆転した組だけ"
        "です。つまり誤差の範囲です。",
    },
    "swapped": {
        "en": "- In this run fewer nodes did not always mean less time: {pairs}.",
        "ja": "- この実行では、ノード数が少なければ時間も短いとは限りませんでした。{pairs}。",
    },
    # iterative deepening
    "growth": {
        "en": "Measured here: from one iteration to the next the node count grew by "
        "×{low:.1f} to ×{high:.1f} (root branching {fewest}–{most}): on average ×{odd:.1f} "
        "from an odd depth to the next even one and ×{even:.1f} from an even depth to the "
        "next odd one. All iterations before the last cost {cheapest:.0%}–{dearest:.0%} of "
        "the total.",
        "ja": "ここで測った結果：反復ごとのノード数の伸びは ×{low:.1f} から ×{high:.1f} まででした"
        "（根の分岐数は {fewest}–{most}）。平均すると、奇数の深さから次の偶数の深さへは "
        "×{odd:.1f}、偶数の深さから次の奇数の深さへは ×{even:.1f} です。最後の反復より前の"
        "反復すべてにかかった手間は、全体の {cheapest:.0%}–{dearest:.0%} でした。",
    },
    # aspiration
    "aspiration fewer": {
        "en": "- {label}: {nodes:,} nodes, {share:.0%} fewer than the full window's {full:,}.",
        "ja": "- {label}：{nodes:,} ノードで、全範囲の窓の {full:,} ノードより {share:.0%} "
        "少なく済みました。",
    },
    "aspiration more": {
        "en": "- {label}: {nodes:,} nodes, {share:.0%} more than the full window's {full:,}.",
        "ja": "- {label}：{nodes:,} ノードで、全範囲の窓の {full:,} ノードより {share:.0%} "
        "多くかかりました。",
    },
    "aspiration lost": {
        "en": "- Here aspiration lost with every guess.",
        "ja": "- ここでは、どの推定値でもアスピレーション探索のほうが手間がかかりました。",
    },
    "aspiration won": {
        "en": "- Here aspiration won with every guess.",
        "ja": "- ここでは、どの推定値でもアスピレーション探索のほうが手間が少なく済みました。",
    },
    "better guess": {
        "en": "- Between the two guesses, {better} cost fewer nodes ({apart:,} nodes apart).",
        "ja": "- 二つの推定値のうちノード数が少なかったのは「{better}」です（差は {apart:,} "
        "ノード）。",
    },
    "guess misses": {
        "en": "- {label}: it missed the depth-{depth} value by {misses} ({outside} of {count} "
        "at least δ = {delta} away, outside the open window: those took a second search).",
        "ja": "- {label}：深さ {depth} の値との差は {misses} でした（差が δ = {delta} 以上で"
        "開いた窓の外になり、二度目の探索が要った局面は {count} 局面のうち {outside} 局面）。",
    },
    # nodes against time
    "cost line": {
        "en": "- {name}: {nodes:.0%} of the nodes ({nodes_word}), {time:.0%} of the time "
        "({time_word}); {rate_text}.",
        "ja": "- {name}：ノード数は {nodes:.0%}（{nodes_word}）、時間は {time:.0%}"
        "（{time_word}）で、{rate_text}。",
    },
    "rate": {"en": "{rate:.1f}× the time per node", "ja": "ノードあたりの時間は {rate:.1f} 倍です"},
    "rate within the noise": {
        "en": "the time per node the same within the noise ({rate:.1f}×)",
        "ja": "ノードあたりの時間は誤差の範囲で同じです（{rate:.1f} 倍）",
    },
    "fewer nodes": {"en": "fewer", "ja": "少ない"},
    "more nodes": {"en": "more", "ja": "多い"},
    "less time": {"en": "less", "ja": "短い"},
    "more time": {"en": "more", "ja": "長い"},
    "the same": {"en": "the same", "ja": "同じ"},
    "within the noise": {"en": "the same within the noise", "ja": "誤差の範囲で同じ"},
    "noise": {
        "en": "- Seconds: the fastest of {runs} interleaved runs of each search; a search is "
        "said to take more or less time than {baseline} only when it did in every one of the "
        "{runs} rounds of runs and in its fastest runs; otherwise its time is the same within "
        "the noise.",
        "ja": "- 秒数は、各探索を交互に {runs} 回ずつ実行したうちの最速の値です。「{baseline}」"
        "より時間が長い・短いと書くのは、{runs} 回の実行のすべての回でそうで、最速の値でもそう"
        "だったときだけで、"
        "そうでなければ誤差の範囲で同じとします。",
    },
    "one run": {
        "en": "- Seconds: one run of each search, so a difference in time may be noise.",
        "ja": "- 秒数は各探索を一回実行した値です。時間の差は誤差かもしれません。",
    },
    "saved nodes not time": {
        "en": "- Fewer nodes but more time than {baseline}: {names}.",
        "ja": "- 「{baseline}」よりノード数は少ないのに時間は長くかかったもの：{names}。",
    },
    "name separator": {"en": ", ", "ja": "、"},
}
"""Every word this module writes, in English and Japanese (``str.format`` templates): the
charts' labels, the tables' columns and the generated sentences."""


def _columns(names: Sequence[str], language: str | None) -> list[str]:
    """The column headers ``"column: …"`` of :data:`WORDS` named ``names``."""
    return [words(WORDS[f"column: {name}"], language) for name in names]


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
        rounds: the seconds of each round of interleaved repeats, summed over the positions
            (empty when not known).
    """

    name: str
    nodes: int
    evaluations: int
    seconds: float
    rounds: tuple[float, ...] = ()


COST_COLUMNS = ("search", "nodes", "evaluations", "seconds", "nodes %", "evaluations %", "time %")
"""The columns of :meth:`Costs.table` (``"column: …"`` entries of :data:`WORDS`)."""


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

    def table(self, *, language: str | None = None) -> Table:
        """Nodes, evaluations and seconds, each also as a share of the first row's; the
        headers and known search names in ``language`` (None: the course-wide setting)."""
        base = self[0]
        return table(
            _columns(COST_COLUMNS, language),
            [
                (
                    search_label(cost.name, language),
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

    def rankings(self, *, language: str | None = None) -> Note:
        """Which contender is cheapest by each measure, and whether the measures agree (in
        ``language``; None: the course-wide setting)."""
        names = {
            "nodes": sorted(self, key=lambda cost: cost.nodes),
            "evaluations": sorted(self, key=lambda cost: cost.evaluations),
            "seconds": sorted(self, key=lambda cost: cost.seconds),
        }

        def label(cost: Cost) -> str:
            return search_label(cost.name, language)

        lines = [
            words(WORDS[f"fewest {measure}"], language).format(
                cheapest=label(order[0]), dearest=label(order[-1])
            )
            for measure, order in names.items()
        ]
        node_order = [cost.name for cost in names["nodes"]]
        time_order = [cost.name for cost in names["seconds"]]
        if node_order == time_order:
            lines.append(words(WORDS["same ranking"], language))
        else:
            swapped = [
                (first, second)
                for index, first in enumerate(names["nodes"])
                for second in names["nodes"][index + 1 :]
                if _faster_every_round(second, first)
            ]
            pairs = words(WORDS["pair separator"], language).join(
                words(WORDS["swapped pair"], language).format(fewer=label(fewer), more=label(more))
                for fewer, more in swapped[:3]
            )
            if swapped:
                lines.append(words(WORDS["swapped"], language).format(pairs=pairs))
            else:
                lines.append(words(WORDS["swaps within the noise"], language))
        return Note("\n".join(lines))


def _faster_every_round(fast: Cost, slow: Cost) -> bool:
    """Whether ``fast`` took less time than ``slow`` in its best time (the seconds printed)
    and in every round of interleaved repeats (the best times alone when the rounds are not
    known or were only one)."""
    if fast.seconds >= slow.seconds:
        return False
    if len(fast.rounds) > 1 and len(fast.rounds) == len(slow.rounds):
        return all(own < other for own, other in zip(fast.rounds, slow.rounds, strict=True))
    return True


def measure_costs(
    contenders: Mapping[str, Contender],
    states: Sequence[Any],
    score: Callable[[Any], float],
    *,
    repeat: int = 1,
) -> Costs:
    """Run every contender on every state; count nodes, evaluations and the best time.

    The ``repeat`` runs are interleaved: each round runs every contender once on every state,
    so a slow spell of the machine slows all contenders alike instead of one.

    Raises:
        ValueError: if ``repeat`` is less than 1.
        AssertionError: if two contenders disagree on a state's value (they must not).
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    best = {name: [INF for _ in states] for name in contenders}
    rounds: dict[str, list[float]] = {name: [] for name in contenders}
    results: dict[str, list[SearchResult]] = {name: [] for name in contenders}
    calls: dict[str, list[int]] = {name: [] for name in contenders}
    for _ in range(repeat):
        for name, run in contenders.items():
            results[name], calls[name] = [], []
            this_round = 0.0
            for index, state in enumerate(states):
                counted = CountedScore(score)
                started = time.perf_counter()
                results[name].append(run(state, counted))
                seconds = time.perf_counter() - started
                best[name][index] = min(best[name][index], seconds)
                this_round += seconds
                calls[name].append(counted.calls)
            rounds[name].append(this_round)
    costs = Costs()
    for name in contenders:
        costs.results[name] = results[name]
        costs.append(
            Cost(
                name,
                sum(result.stats.nodes for result in results[name]),
                sum(result.stats.leaves for result in results[name]) + sum(calls[name]),
                sum(best[name]),
                tuple(rounds[name]),
            )
        )
    disagreements = [
        found
        for found in (
            {results[name][index].value for name in contenders} for index in range(len(states))
        )
        if len(found) > 1
    ]
    assert not disagreements, f"the contenders disagree on a value: {disagreements}"
    return costs


def growth_per_ply(iterations: Sequence[SearchResult]) -> list[float]:
    """How many times more nodes each iteration entered than the one before."""
    nodes = [result.stats.nodes for result in iterations]
    return [later / earlier for earlier, later in itertools.pairwise(nodes)]


def growth_note(
    deepenings: Sequence[Sequence[SearchResult]],
    branching: Sequence[int],
    *,
    language: str | None = None,
) -> Note:
    """Iterative deepening's iterations: how much each grew, and what the earlier ones cost.

    Args:
        deepenings: the iterations (depth 1, 2, …) of each position's iterative deepening.
        branching: the number of legal moves at each position's root.
        language: the language of the sentences (None: the course-wide setting).
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
        words(WORDS["growth"], language).format(
            low=min(growths),
            high=max(growths),
            fewest=min(branching),
            most=max(branching),
            odd=statistics.fmean(odd_to_even),
            even=statistics.fmean(even_to_odd),
            cheapest=min(shares),
            dearest=max(shares),
        )
    )


def aspiration_note(full: int, guesses: Mapping[str, int], *, language: str | None = None) -> Note:
    """What the aspiration totals say, against the full window's total (nodes), in
    ``language`` (None: the course-wide setting; known labels are translated)."""
    lines = []
    for label, nodes in guesses.items():
        verdict = "aspiration fewer" if nodes < full else "aspiration more"
        lines.append(
            words(WORDS[verdict], language).format(
                label=search_label(label, language),
                nodes=nodes,
                share=abs(nodes - full) / full,
                full=full,
            )
        )
    losing = [label for label, nodes in guesses.items() if nodes >= full]
    if len(losing) == len(guesses):
        lines.append(words(WORDS["aspiration lost"], language))
    elif not losing:
        lines.append(words(WORDS["aspiration won"], language))
    labels = list(guesses)
    if len(labels) == 2:
        first, second = labels
        better = first if guesses[first] < guesses[second] else second
        lines.append(
            words(WORDS["better guess"], language).format(
                better=search_label(better, language),
                apart=abs(guesses[first] - guesses[second]),
            )
        )
    return Note("\n".join(lines))


def guess_misses(
    values: Sequence[Sequence[float]],
    depth: int,
    guesses: Mapping[str, int],
    delta: float,
    *,
    language: str | None = None,
) -> Note:
    """How far each aspiration guess lay from the value it bet on, position by position.

    Args:
        values: each position's values at depth 1, 2, … (at least up to ``depth``).
        depth: the depth of the aspiration search.
        guesses: the depth each guess comes from, by label (e.g. "guess from depth 4": 4).
        delta: the half-width of the aspiration window (guess − delta, guess + delta); the
            window is open, so a guess ``delta`` or more away from the value fails its first
            search (a value exactly on the window's edge fails too) and is counted as a miss.
        language: the language of the sentences (None: the course-wide setting; known
            labels are translated).
    """
    lines = []
    for label, source in guesses.items():
        misses = [abs(row[source - 1] - row[depth - 1]) for row in values]
        lines.append(
            words(WORDS["guess misses"], language).format(
                label=search_label(label, language),
                depth=depth,
                misses=", ".join(format_number(miss) for miss in misses),
                outside=sum(miss >= delta for miss in misses),  # the window is open
                count=len(misses),
                delta=format_number(delta),
            )
        )
    return Note("\n".join(lines))


def time_per_node(
    rows: Sequence[Measurement], baseline: str, *, language: str | None = None
) -> Table:
    """Nodes, seconds and microseconds per node of each search, summed over positions, with
    nodes and time as a share of ``baseline``'s (headers and known search names in
    ``language``; None: the course-wide setting)."""
    totals = _totals(rows)
    base_nodes, base_seconds = totals[baseline]
    return table(
        _columns(["search", "nodes", "seconds", "µs per node", "nodes %", "time %"], language),
        [
            (
                search_label(name, language),
                nodes,
                round(seconds, 3),
                round(1e6 * seconds / nodes, 1),
                round(100 * nodes / base_nodes),
                round(100 * seconds / base_seconds),
            )
            for name, (nodes, seconds) in totals.items()
        ],
    )


def table_cost_note(
    rows: Sequence[Measurement], baseline: str, *, language: str | None = None
) -> Note:
    """Sentences on nodes against seconds: the cost per node of each search against
    ``baseline``'s, and which searches saved nodes but not time (in ``language``; None: the
    course-wide setting).

    Times are compared round by round (:func:`time_verdict`): a search is said to take more or
    less time than the baseline only when it did in every round of interleaved runs; rows timed
    once are compared by their one run, and a sentence says the difference may be noise."""
    totals = _totals(rows)
    base_nodes, base_seconds = totals[baseline]
    base_rate = base_seconds / base_nodes
    lines = []
    verdicts = {name: time_verdict(rows, name, baseline) for name in totals}
    for name, (nodes, seconds) in totals.items():
        if name == baseline:
            continue
        rate = seconds / nodes
        nodes_word = _compared(nodes, base_nodes, "fewer nodes", "more nodes", "the same")
        lines.append(
            words(WORDS["cost line"], language).format(
                name=search_label(name, language),
                nodes=nodes / base_nodes,
                nodes_word=words(WORDS[nodes_word], language),
                time=seconds / base_seconds,
                time_word=words(WORDS[verdicts[name]], language),
                rate_text=words(
                    WORDS[
                        "rate" if _rate_differs(rows, name, baseline) else "rate within the noise"
                    ],
                    language,
                ).format(rate=rate / base_rate),
            )
        )
    saved_nodes_not_time = [
        name
        for name, (nodes, _) in totals.items()
        if _compared(nodes, base_nodes, "fewer", "more", "same") == "fewer"
        and verdicts[name] == "more time"
    ]
    if saved_nodes_not_time:
        lines.append(
            words(WORDS["saved nodes not time"], language).format(
                baseline=search_label(baseline, language),
                names=words(WORDS["name separator"], language).join(
                    search_label(name, language) for name in saved_nodes_not_time
                ),
            )
        )
    runs = min(len(row.times) for row in rows)
    if runs > 1:
        lines.append(
            words(WORDS["noise"], language).format(
                runs=runs, baseline=search_label(baseline, language)
            )
        )
    else:
        lines.append(words(WORDS["one run"], language))
    return Note("\n".join(lines))


def round_seconds(rows: Sequence[Measurement], name: str) -> list[float]:
    """Search ``name``'s seconds in each round of interleaved runs, summed over the positions
    (one round, the fastest time, for rows timed once)."""
    mine = [row for row in rows if row.search == name]
    runs = min(len(row.times) for row in mine)
    if runs < 2:
        return [sum(row.seconds for row in mine)]
    return [sum(row.times[run] for row in mine) for run in range(runs)]


def time_verdict(rows: Sequence[Measurement], name: str, baseline: str) -> str:
    """How search ``name``'s time compares with ``baseline``'s, as a :data:`WORDS` entry:
    "less time" or "more time" when it took less (more) in every round of interleaved runs
    and its fastest runs, the seconds printed beside the verdict, agree (so a printed 99%
    never reads "more"), "the same" when it took exactly as long, otherwise "within the
    noise" (the rounds or the fastest runs disagree: the difference does not survive the
    machine's noise)."""
    mine, theirs = round_seconds(rows, name), round_seconds(rows, baseline)
    fastest = _compared(
        sum(row.seconds for row in rows if row.search == name),
        sum(row.seconds for row in rows if row.search == baseline),
        "less time",
        "more time",
        "the same",
    )
    if fastest == "less time" and all(own < other for own, other in zip(mine, theirs, strict=True)):
        return "less time"
    if fastest == "more time" and all(own > other for own, other in zip(mine, theirs, strict=True)):
        return "more time"
    return "the same" if mine == theirs else "within the noise"


def _rate_differs(rows: Sequence[Measurement], name: str, baseline: str) -> bool:
    """Whether search ``name``'s time per node differs from ``baseline``'s the same way in its
    fastest runs (the rate printed) and in every round of interleaved runs."""
    totals = _totals(rows)
    (nodes, seconds), (base_nodes, base_seconds) = totals[name], totals[baseline]
    rounds = zip(round_seconds(rows, name), round_seconds(rows, baseline), strict=True)
    ratios = [own / nodes / (other / base_nodes) for own, other in rounds]
    fastest = seconds / nodes / (base_seconds / base_nodes)
    return (fastest > 1 and all(ratio > 1 for ratio in ratios)) or (
        fastest < 1 and all(ratio < 1 for ratio in ratios)
    )


def _compared(value: float, base: float, smaller: str, larger: str, same: str) -> str:
    """The :data:`WORDS` entry for ``value`` against ``base``, as the whole percentage printed
    beside it shows it (so "100%" always reads as the same)."""
    percent = round(100 * value / base)
    return smaller if percent < 100 else larger if percent > 100 else same


def _totals(rows: Sequence[Measurement]) -> dict[str, tuple[int, float]]:
    totals: dict[str, tuple[int, float]] = {}
    for row in rows:
        nodes, seconds = totals.get(row.search, (0, 0.0))
        totals[row.search] = (nodes + row.nodes, seconds + row.seconds)
    return totals


def ordering_table(rows: Sequence[OrderingRow], *, language: str | None = None) -> Table:
    """The ordering experiment's table: leaves evaluated at each depth (headers and caption
    in ``language``; None: the course-wide setting)."""
    branching = rows[0].branching if rows else 0
    return table(
        _columns(
            ["depth", "minimax", "Knuth–Moore", "best first", "random", "worst first"], language
        ),
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
        caption=words(WORDS["ordering caption"], language).format(branching=branching),
    )


def pvs_table(
    alpha_beta: Sequence[OrderingRow],
    pvs: Sequence[OrderingRow],
    *,
    language: str | None = None,
) -> Table:
    """α-β's and PVS's leaves side by side, per depth and order (depths of ``pvs``; headers
    in ``language``, None: the course-wide setting)."""
    by_depth = {row.depth: row for row in alpha_beta}
    depth, best, random, worst = _columns(
        ["depth", "best α-β", "random α-β", "worst α-β"], language
    )
    return table(
        [depth, best, "PVS", random, "PVS ", worst, "PVS  "],  # PVS: a name in every language
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


def plot_ordering(rows: Sequence[OrderingRow], *, language: str | None = None) -> Chart:
    """The ordering experiment on a log scale: minimax, worst, random, best, Knuth–Moore.

    Raises:
        ValueError: if ``rows`` is empty.
    """
    if not rows:
        raise ValueError("plot_ordering needs at least one row")
    chart = Chart(
        title=words(WORDS["ordering title"], language).format(b=rows[0].branching),
        y_label=words(WORDS["leaves"], language),
        y_scale="log",
        size=(7 * 96, 3.8 * 96),
    )
    panel = chart.panel(x_label=words(WORDS["depth"], language))
    depths = [row.depth for row in rows]
    panel.line(
        depths, [row.minimax for row in rows], marker=None, line="dotted", colour="black",
        width=2, label=words(WORDS["minimax"], language),
    )  # fmt: skip
    lines: tuple[tuple[str, list[float], Marker, str], ...] = (
        ("worst", [row.worst for row in rows], "triangle-down", "#d62728"),
        ("random", [row.random for row in rows], "circle", "#d46400"),
        ("best", [row.best for row in rows], "triangle", "#2ca02c"),
    )
    for key, values, marker, colour in lines:
        panel.line(
            depths, values, marker=marker, colour=colour,
            label=words(WORDS[key], language),
        )  # fmt: skip
    panel.line(
        depths, [row.minimal for row in rows], marker="plus", line=None, colour="black",
        label=words(WORDS["bound"], language),
    )  # fmt: skip
    return chart


def probe_table(result: WindowSearchResult, *, language: str | None = None) -> Table:
    """One row per probe of a composite search: the window, the value returned, what it
    proves (fail-soft's guarantee), and the bounds all probes so far prove (in
    ``language``; None: the course-wide setting)."""
    rows = []
    for number, (probe, (lower, upper)) in enumerate(
        zip(result.probes, narrowing(result.probes), strict=True), start=1
    ):
        rows.append(
            (
                number,
                format_window(probe.alpha, probe.beta),
                probe.value,
                _proves(probe, language),
                words(WORDS["bounds so far"], language).format(
                    lower=format_number(lower), upper=format_number(upper)
                ),
            )
        )
    return table(
        _columns(["probe", "window", "returned", "proves", "bounds so far"], language), rows
    )


def _proves(probe: Probe, language: str | None) -> str:
    lower, upper = probe.bounds
    value = format_number(probe.value)
    if lower == upper:
        return words(WORDS["inside"], language).format(value=value)
    if upper == probe.value:
        return words(WORDS["fails low"], language).format(value=value)
    return words(WORDS["fails high"], language).format(value=value)


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
    chart = Chart(title=title, y_label=words(WORDS["bounds"], language), size=(10 * 96, 3.8 * 96))
    for label, run in runs.items():
        bounds = narrowing(run.probes)
        panel = chart.panel(
            title=words(WORDS["run"], language).format(
                label=label, probes=len(run.probes), nodes=f"{run.stats.nodes:,}"
            ),
            x_label=words(WORDS["probe"], language),
            x_ticks=range(1, len(bounds) + 1),
            x_range=(0.4, len(bounds) + 0.6),
        )
        numbers = range(1, len(bounds) + 1)
        for number, (lower, upper) in zip(numbers, bounds, strict=True):
            panel.interval(
                number, lower, upper, colour="#1f77b4",
                label=words(WORDS["lies here"], language),
            )  # fmt: skip
        panel.line(
            numbers, [probe.beta for probe in run.probes], marker="dash", line=None,
            colour="black", label=words(WORDS["asked"], language),
        )  # fmt: skip
        met = [(number, lower) for number, (lower, upper) in zip(numbers, bounds, strict=True)
               if lower == upper]  # fmt: skip
        panel.line(
            [number for number, _ in met], [bound for _, bound in met], line=None,
            colour="#1f77b4", label=words(WORDS["meet"], language),
        )  # fmt: skip
        panel.reference(
            value, colour="#2ca02c", line="solid", width=1.2,
            label=words(WORDS["the value"], language).format(value=format_number(value)),
        )  # fmt: skip
    return chart
