"""The measurements of notebook 09, one function each: published positions solved, win/loss/draw
against the exact value, the ordering ideas one at a time, the order at one node, the probes
of one solve and the thresholds of the last squares.

Each function solves with :func:`~gamelib.endgame.solve` (or
:class:`~gamelib.endgame.solver.EndgameSolver`), checks what it solved against the published
values, and returns the figures with a :class:`~gamelib.experiments.report.Table` of them,
headed in the course-wide language (or ``language``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from gamelib.endgame.ordering import CORNERS, DEFAULT_OPTIONS, Options, odd_regions
from gamelib.endgame.published import FFO, PublishedPosition
from gamelib.endgame.solver import EndgameSolver, Probe
from gamelib.experiments.report import Table, table
from gamelib.games.othello import FULL, flips, legal_moves_mask, square_name, squares_of
from gamelib.language import Language, resolve
from gamelib.search.common import SearchProblem

if TYPE_CHECKING:
    from gamelib.endgame import EndgameResult
    from gamelib.games.othello import OthelloState

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "position": {"en": "position", "ja": "局面"},
    "to move": {"en": "to move", "ja": "手番"},
    "Black": {"en": "Black", "ja": "黒"},
    "White": {"en": "White", "ja": "白"},
    "published": {"en": "published", "ja": "公表値"},
    "computed": {"en": "computed", "ja": "計算値"},
    "official": {"en": "official", "ja": "公式ルール"},
    "disc difference": {"en": "disc difference", "ja": "石差"},
    "or": {"en": " or ", "ja": " または "},
    "nodes": {"en": "nodes", "ja": "ノード数"},
    "seconds": {"en": "seconds", "ja": "秒"},
    "proved": {"en": "proved", "ja": "証明された範囲"},
    "proof": {"en": "{outcome}: {lower} … {upper}", "ja": "{outcome}：{lower} … {upper}"},
    "win": {"en": "win", "ja": "勝ち"},
    "draw": {"en": "draw", "ja": "引き分け"},
    "loss": {"en": "loss", "ja": "負け"},
    "exact": {"en": "exact", "ja": "正確な値"},
    "nodes, win/loss/draw": {"en": "nodes, win/loss/draw", "ja": "ノード数（勝ち負けだけ）"},
    "nodes, exact": {"en": "nodes, exact", "ja": "ノード数（正確な値）"},
    "ideas": {"en": "ideas", "ja": "工夫"},
    "nodes, all positions": {"en": "nodes, all {count}", "ja": "ノード数（{count} 局面の合計）"},
    "median nodes": {"en": "median nodes", "ja": "ノード数の中央値"},
    "vs. previous": {"en": "nodes vs. previous", "ja": "前の行との比"},
    "move": {"en": "move", "ja": "手"},
    "replies": {"en": "opponent's replies", "ja": "相手の応手"},
    "on corners": {"en": "of them on corners", "ja": "そのうち隅"},
    "odd region": {"en": "odd region", "ja": "奇数の領域"},
    "yes": {"en": "yes", "ja": "はい"},
    "no": {"en": "no", "ja": "いいえ"},
    "key": {"en": "key", "ja": "キー"},
    "searched": {"en": "searched", "ja": "探索の順"},
    "probe": {"en": "probe", "ja": "プローブ"},
    "window": {"en": "window", "ja": "窓"},
    "answer": {"en": "answer", "ja": "答え"},
    "proves": {"en": "proves", "ja": "分かったこと"},
    "at least": {"en": "value ≥ {value}", "ja": "値 ≥ {value}"},
    "at most": {"en": "value ≤ {value}", "ja": "値 ≤ {value}"},
    "bounds": {"en": "lower … upper", "ja": "下限値 … 上限値"},
    "nodes so far": {"en": "nodes so far", "ja": "累計ノード数"},
    "threshold": {"en": "from empties", "ja": "空きマス数の閾値"},
    "cpu seconds": {"en": "CPU seconds (best of {repeats})", "ja": "CPU 秒（{repeats} 回の最短）"},
    "nodes per second": {"en": "nodes per second", "ja": "毎秒ノード数"},
}
"""The column headers and cell words of this module's tables, in English and Japanese."""


def _words(language: str | None) -> dict[str, str]:
    chosen = resolve(language)
    return {key: texts[chosen] for key, texts in WORDS.items()}


def signed(value: int) -> str:
    """A score with its sign and a true minus: ``+18``, ``0``, ``−4``."""
    return f"{value:+d}".replace("-", "−") if value else "0"


# --------------------------------------------------------------------------- scorings


class _ShownAsTable:
    """A result shown as its table: as HTML in a notebook, as text when printed."""

    table: Table

    def _repr_html_(self) -> str:
        return self.table._repr_html_()

    def __str__(self) -> str:
        return str(self.table)

    def __repr__(self) -> str:
        return str(self.table)


@dataclass(frozen=True, repr=False)
class Scorings(_ShownAsTable):
    """Every move of a position valued by both scorings, beside the published values.

    Attributes:
        official, difference: each move's exact value (mover's view) by the official rule
            and by the raw disc difference, best first.
        best_official, best_difference: the best moves by each rule.
        table: move, published, official, disc difference.
    """

    official: Mapping[str, int]
    difference: Mapping[str, int]
    best_official: tuple[str, ...]
    best_difference: tuple[str, ...]
    table: Table


def compare_scorings(published: PublishedPosition, *, language: str | None = None) -> Scorings:
    """Solve every move of ``published`` by both scorings (:func:`~gamelib.endgame.move_values`)."""
    from gamelib.endgame import move_values

    words = _words(language)
    official = move_values(published.state)
    difference = move_values(published.state, scoring="difference")
    rows = [
        (
            move,
            signed(published.values[move]) if move in published.values else "",
            signed(official[move]),
            signed(difference[move]),
        )
        for move in official
    ]
    columns = ["move", "published", "official", "disc difference"]
    return Scorings(
        official,
        difference,
        tuple(move for move, value in official.items() if value == max(official.values())),
        tuple(move for move, value in difference.items() if value == max(difference.values())),
        table([words[name] for name in columns], rows),
    )


# --------------------------------------------------------------------------- the suite


def every_move_published() -> tuple[int, ...]:
    """The positions of :data:`FFO` whose every legal move has a published value."""
    numbers = []
    for number, published in FFO.items():
        state = published.state
        legal = {square_name(square) for square in squares_of(legal_moves_mask(*state[:2]))}
        if set(published.values) == legal:
            numbers.append(number)
    return tuple(numbers)


@dataclass(frozen=True, repr=False)
class Solved(_ShownAsTable):
    """Published positions solved exactly: the results by number, and their table.

    Attributes:
        results: each position's :class:`~gamelib.endgame.EndgameResult`, by number.
        table: position, side to move, published and computed value and best move, nodes,
            seconds.
    """

    results: Mapping[int, EndgameResult]
    table: Table


def solve_published(numbers: Sequence[int], *, language: str | None = None) -> Solved:
    """Solve the FFO positions ``numbers`` exactly and check each against the published
    value and best moves.

    Raises:
        AssertionError: if a computed value or best move is not as published.
    """
    from gamelib.endgame import solve

    words = _words(language)
    results = {}
    rows = []
    for number in numbers:
        published = FFO[number]
        result = results[number] = solve(published.state, progress=False)
        move = square_name(result.move) if result.move is not None else ""
        assert result.value == published.value and move in published.best_moves, number
        rows.append(
            (
                published.name,
                words["Black"] if published.to_move == "X" else words["White"],
                f"{signed(published.value)} {words['or'].join(published.best_moves)}",
                f"{signed(int(result.value))} {move}",
                result.stats.nodes,
                round(result.seconds, 2),
            )
        )
    columns = ["position", "to move", "published", "computed", "nodes", "seconds"]
    return Solved(results, table([words[name] for name in columns], rows))


# --------------------------------------------------------------------------- like for like


SOLVER_FEWEST_EMPTIES: Final = 2
"""Below the root, the solver counts as nodes only positions with at least this many empty
squares: it scores a position with one or no empty square as a leaf
(:meth:`~gamelib.endgame.solver.EndgameSolver.last_square`,
:meth:`~gamelib.endgame.solver.EndgameSolver.end`)."""


class _EmptiesCounter:
    """A tracer that counts the positions a search enters (the root included) with at least
    ``fewest`` empty squares."""

    def __init__(self, fewest: int) -> None:
        self.fewest = fewest
        self.counted = 0

    def _count(self, state: Any) -> None:
        if 64 - (state.mover | state.opponent).bit_count() >= self.fewest:
            self.counted += 1

    def begin(
        self, problem: SearchProblem, algorithm: str, frame: Any, alpha: float, beta: float
    ) -> None:
        self._count(problem.root)

    def enter(self, state: Any, move: Any, *, alpha: float, beta: float) -> None:
        self._count(state)

    # the other hooks: nothing to count
    def leaf(self, value: float) -> None:
        return None

    def backup(self, value: float, *, best: float, alpha: float, beta: float) -> None:
        return None

    def cutoff(
        self, value: float, *, best: float, alpha: float, beta: float, skip: Sequence[Any]
    ) -> None:
        return None

    def research(self, value: float, *, alpha: float, beta: float) -> None:
        return None

    def table_answer(self, value: float, bound: Any, depth: float) -> None:
        return None

    def repetition(self, value: float, ply: int) -> None:
        return None

    def end(self, result: Any) -> None:
        return None


@dataclass(frozen=True)
class LikeForLike:
    """Plain α-β and the solver on one position, counted the same way.

    Attributes:
        value: the position's value (both searches found it).
        plain_nodes: every position plain ``alphabeta`` entered (its ``stats.nodes``).
        plain_counted: those with at least :data:`SOLVER_FEWEST_EMPTIES` empty squares (and
            the root), the positions the solver would count.
        solver_nodes: ``solve``'s nodes, the searches for the principal variation included.
        solver_search_nodes: ``solve``'s nodes without them (``pv=False``): the value alone.
    """

    value: int
    plain_nodes: int
    plain_counted: int
    solver_nodes: int
    solver_search_nodes: int


def compare_with_plain(state: OthelloState) -> LikeForLike:
    """Search ``state`` with plain ``alphabeta`` (no table, moves in square order, official
    scoring) and with :func:`~gamelib.endgame.solve`, and count both like for like.

    Guarantee: ``plain_counted`` counts exactly the positions plain α-β entered that have at
    least :data:`SOLVER_FEWEST_EMPTIES` empty squares (plus the root), the rule the
    solver's counter follows below the root.

    Raises:
        AssertionError: if the two searches disagree on the value.
    """
    from gamelib.endgame import solve
    from gamelib.games.othello import Othello
    from gamelib.search.alphabeta import alphabeta

    counter = _EmptiesCounter(SOLVER_FEWEST_EMPTIES)
    plain = alphabeta(Othello(), state, tracer=counter)
    solved = solve(state, progress=False)
    value_only = solve(state, progress=False, pv=False)
    assert plain.value == solved.value == value_only.value
    return LikeForLike(
        int(solved.value),
        plain.stats.nodes,
        counter.counted,
        solved.stats.nodes,
        value_only.stats.nodes,
    )


# --------------------------------------------------------------------------- win/loss/draw


@dataclass(frozen=True, repr=False)
class WinLossDraw(_ShownAsTable):
    """Win/loss/draw solves against exact solves of the same positions.

    Attributes:
        table: position, what the win/loss/draw search proved, the exact value, the nodes of
            each.
        nodes_wld, nodes_exact: the nodes of all positions, each way.
        beyond: the positions where the win/loss/draw search proved more than the outcome
            (a win by more than 2 or a loss by more than 2: every official score is even, so
            "≥ +1" alone is "≥ +2").
    """

    table: Table
    nodes_wld: int
    nodes_exact: int
    beyond: tuple[str, ...]


def compare_win_loss_draw(numbers: Sequence[int], *, language: str | None = None) -> WinLossDraw:
    """Solve each FFO position ``numbers`` twice, win/loss/draw and exact, and compare.

    Raises:
        AssertionError: if an outcome or value is not as published.
    """
    from gamelib.endgame import solve

    words = _words(language)
    rows, beyond = [], []
    nodes_wld = nodes_exact = 0
    for number in numbers:
        published = FFO[number]
        wld = solve(published.state, "wld", progress=False, pv=False)
        exact = solve(published.state, progress=False, pv=False)
        assert wld.value == (published.value > 0) - (published.value < 0), number
        assert exact.value == published.value, number
        outcome = {1: words["win"], 0: words["draw"], -1: words["loss"]}[int(wld.value)]
        if wld.lower > 2 or wld.upper < -2:
            beyond.append(published.name)
        nodes_wld += wld.stats.nodes
        nodes_exact += exact.stats.nodes
        rows.append(
            (
                published.name,
                words["proof"].format(
                    outcome=outcome, lower=signed(wld.lower), upper=signed(wld.upper)
                ),
                signed(int(exact.value)),
                wld.stats.nodes,
                exact.stats.nodes,
            )
        )
    columns = ["position", "proved", "exact", "nodes, win/loss/draw", "nodes, exact"]
    return WinLossDraw(
        table([words[name] for name in columns], rows), nodes_wld, nodes_exact, tuple(beyond)
    )


# --------------------------------------------------------------------------- the ablation


@dataclass(frozen=True)
class AblationRow:
    """One step of an ablation: the ideas on, and what solving every position cost.

    Attributes:
        name: the step's name.
        nodes: each position's nodes, in order.
        seconds: the wall-clock seconds of all the solves.
    """

    name: str
    nodes: tuple[int, ...]
    seconds: float

    @property
    def total(self) -> int:
        """The nodes of all positions."""
        return sum(self.nodes)

    @property
    def median(self) -> float:
        """The median of the positions' nodes."""
        return statistics.median(self.nodes)


def ablation_rows(
    positions: Sequence[PublishedPosition], steps: Sequence[tuple[str, Options]]
) -> list[AblationRow]:
    """Solve every position exactly with each step's options.

    Raises:
        AssertionError: if a value is not as published (an ordering changes the work, never
            the value).
    """
    from gamelib.endgame import solve

    rows = []
    for name, options in steps:
        started = time.perf_counter()
        nodes = []
        for published in positions:
            result = solve(published.state, options=options, progress=False, pv=False)
            assert result.value == published.value, (name, published.name)
            nodes.append(result.stats.nodes)
        rows.append(AblationRow(name, tuple(nodes), time.perf_counter() - started))
    return rows


def ablation_table(rows: Sequence[AblationRow], *, language: str | None = None) -> Table:
    """The ablation's rows as a table: total and median nodes, seconds, and each step's
    total against the step before."""
    words = _words(language)
    count = len(rows[0].nodes) if rows else 0
    lines = []
    for index, row in enumerate(rows):
        ratio = f"{row.total / rows[index - 1].total:.0%}" if index else ""
        lines.append((row.name, row.total, round(row.median), round(row.seconds, 2), ratio))
    columns = [
        words["ideas"],
        words["nodes, all positions"].format(count=count),
        words["median nodes"],
        words["seconds"],
        words["vs. previous"],
    ]
    return table(columns, lines)


# --------------------------------------------------------------------------- one node's order


@dataclass(frozen=True)
class MoveKey:
    """How fastest-first ranks one move (see :meth:`EndgameSolver.ordered`).

    Attributes:
        move: the move's square name.
        replies: the opponent's legal replies after it.
        corner_replies: how many of them are on a corner (counted twice with ``corners``).
        odd_region: whether the move is in a quarter of the board with an odd number of empty
            squares (preferred among equals with ``parity``).
        key: ``2 × (replies + corner_replies) + (0 if odd_region else 1)``: smallest first.
    """

    move: str
    replies: int
    corner_replies: int
    odd_region: bool
    key: int


def fastest_first_keys(
    mover: int, opponent: int, options: Options = DEFAULT_OPTIONS
) -> list[MoveKey]:
    """Every legal move's fastest-first key, in the order the solver searches the moves at a
    position with enough empty squares (no stored move).

    Raises:
        AssertionError: if the solver's order is not the order of the keys (the keys shown
            are then not the solver's).
    """
    parity = odd_regions(FULL ^ (mover | opponent)) if options.parity else FULL
    keys = []
    for square in squares_of(legal_moves_mask(mover, opponent)):
        flipped = flips(mover, opponent, square)
        replies = legal_moves_mask(opponent ^ flipped, mover | flipped | 1 << square)
        corners = (replies & CORNERS).bit_count() if options.corners else 0
        odd = bool(parity >> square & 1)
        key = 2 * (replies.bit_count() + corners) + (0 if odd else 1)
        keys.append(MoveKey(square_name(square), replies.bit_count(), corners, odd, key))
    solver = EndgameSolver(options)
    order = [
        square_name(square)
        for square, _ in solver.ordered(
            mover, opponent, legal_moves_mask(mover, opponent), None, 64
        )
    ]
    keys.sort(key=lambda move_key: order.index(move_key.move))
    assert [move_key.key for move_key in keys] == sorted(move_key.key for move_key in keys)
    return keys


def keys_table(keys: Sequence[MoveKey], *, language: str | None = None) -> Table:
    """The keys of :func:`fastest_first_keys` as a table, in search order."""
    words = _words(language)
    rows = [
        (
            index,
            key.move,
            key.replies,
            key.corner_replies,
            words["yes"] if key.odd_region else words["no"],
            key.key,
        )
        for index, key in enumerate(keys, start=1)
    ]
    columns = ["searched", "move", "replies", "on corners", "odd region", "key"]
    return table([words[name] for name in columns], rows)


# --------------------------------------------------------------------------- probes


def probes_table(probes: Sequence[Probe], *, language: str | None = None) -> Table:
    """The probes of an exact solve (:attr:`EndgameResult.probes`) as a table: γ, window,
    fail-soft answer, what it proves, the bounds after it and the nodes so far."""
    words = _words(language)
    rows = []
    for index, probe in enumerate(probes, start=1):
        proves = words["at least" if probe.value >= probe.gamma else "at most"]
        rows.append(
            (
                index,
                f"({signed(probe.gamma - 1)}, {signed(probe.gamma)})",
                signed(probe.value),
                proves.format(value=signed(probe.value)),
                f"{signed(probe.lower)} … {signed(probe.upper)}",
                probe.nodes,
            )
        )
    columns = ["probe", "window", "answer", "proves", "bounds", "nodes so far"]
    return table([words[name] for name in columns], rows)


# --------------------------------------------------------------------------- thresholds


@dataclass(frozen=True)
class ThresholdRow:
    """The positions solved with one threshold for the table and fastest-first.

    Attributes:
        threshold: positions with at least this many empty squares use the table and
            fastest-first; below, the plain search of the last squares.
        nodes: the nodes of all positions.
        cpu_seconds: the fastest of the repeats, in CPU time of this process.
    """

    threshold: int
    nodes: int
    cpu_seconds: float


def threshold_rows(
    positions: Sequence[PublishedPosition], thresholds: Sequence[int], *, repeats: int = 3
) -> list[ThresholdRow]:
    """Solve every position with ``table_empties = fastest_empties = t`` for each ``t``.

    The repeats are interleaved (all thresholds once, then again), and each threshold keeps
    its fastest run, so a busy moment of the machine does not fall on one threshold alone.

    Raises:
        AssertionError: if a value is not as published.
    """
    from gamelib.endgame import solve

    best: dict[int, float] = {}
    nodes: dict[int, int] = {}
    for _ in range(repeats):
        for threshold in thresholds:
            options = Options(table_empties=threshold, fastest_empties=threshold)
            started = time.process_time()
            total = 0
            for published in positions:
                result = solve(published.state, options=options, progress=False, pv=False)
                assert result.value == published.value
                total += result.stats.nodes
            elapsed = time.process_time() - started
            best[threshold] = min(best.get(threshold, elapsed), elapsed)
            nodes[threshold] = total
    return [ThresholdRow(t, nodes[t], best[t]) for t in thresholds]


def threshold_table(
    rows: Sequence[ThresholdRow], *, repeats: int = 3, language: str | None = None
) -> Table:
    """The rows of :func:`threshold_rows` as a table, with nodes per second."""
    words = _words(language)
    lines = [
        (row.threshold, row.nodes, round(row.cpu_seconds, 2), round(row.nodes / row.cpu_seconds))
        for row in rows
    ]
    columns = [
        words["threshold"],
        words["nodes"],
        words["cpu seconds"].format(repeats=repeats),
        words["nodes per second"],
    ]
    return table(columns, lines)


__all__ = [
    "WORDS",
    "AblationRow",
    "MoveKey",
    "Scorings",
    "Solved",
    "ThresholdRow",
    "WinLossDraw",
    "ablation_rows",
    "ablation_table",
    "compare_scorings",
    "compare_win_loss_draw",
    "every_move_published",
    "fastest_first_keys",
    "keys_table",
    "probes_table",
    "signed",
    "solve_published",
    "threshold_rows",
    "threshold_table",
]
