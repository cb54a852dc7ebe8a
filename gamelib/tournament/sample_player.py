"""The sample player of notebook 10, built from the course's own pieces.

It is a *player file* (see :mod:`gamelib.tournament.player`): the referee can load it as it
is (``bash scripts/course.sh player check gamelib/tournament/sample_player.py``), and a
student copies it to start their own. Its three parts, each one function:

* :func:`weighted_evaluation` — the evaluation a student improves: the square weights of
  :data:`~gamelib.games.othello.SQUARE_WEIGHTS`, **mobility** (legal moves, own minus the
  opponent's), **corners** held, and **region parity** (odd quarters of the board where a
  side can move, notebook 09's regions); each term has its weight in a :class:`Weights`.
* :func:`deepen` — iterative deepening stopped by the clock: fail-soft α-β with a
  transposition table (:func:`~gamelib.search.alphabeta_failsoft`), to depth 1, 2, 3, …,
  within a budget that spends the bank over the moves left (:func:`move_budget`), beginning
  an iteration only when its predicted time fits (:func:`predicted_seconds`); it returns a
  :class:`~gamelib.tournament.player.Report` of the deepest iteration that finished.
* :class:`Player` — one per game (``Player(game, side)``), keeping its table from move to
  move, and measuring from the bank it is handed how much the referee charges beyond its own
  clock (a loaded machine's waits), which it holds back; :func:`choose_move` is the same
  without memory between moves.

Values are from the mover's view (negamax), as everywhere in :mod:`gamelib.search`.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from gamelib.core import Game
from gamelib.endgame.ordering import QUADRANTS
from gamelib.games.othello import (
    FULL,
    WIN_SCORE,
    Othello,
    OthelloState,
    legal_moves_mask,
    square_weight_sum,
)
from gamelib.search import alphabeta_failsoft
from gamelib.search.common import SearchResult
from gamelib.search.table import TranspositionTable
from gamelib.tournament.player import Clock, Report

CORNERS: Final = 1 << 0 | 1 << 7 | 1 << 56 | 1 << 63
"""The four corner squares a1, h1, a8, h8 as a bitboard."""


@dataclass(frozen=True)
class Weights:
    """How much each term of :func:`weighted_evaluation` counts (0 leaves a term out).

    Attributes:
        squares: Per point of :data:`~gamelib.games.othello.SQUARE_WEIGHTS` (own discs'
            weights minus the opponent's).
        mobility: Per legal move the mover has more than the opponent.
        corners: Per corner the mover holds more than the opponent (on top of the corner's
            square weight).
        parity: Per quarter of the board (notebook 09's regions,
            :data:`~gamelib.endgame.ordering.QUADRANTS`) with an odd number of empty squares
            where the mover has a legal move, less those where the opponent has one: in such a
            region the side that plays first there also plays last if the two take turns in
            it (:func:`region_parity`). It replaces a whole-board parity (± by the parity of
            all the empty squares), which could not change a move: without passes every leaf
            of a fixed-depth search has the same number of empty squares, so that term adds
            the same number to every leaf.
    """

    squares: float = 1.0
    mobility: float = 5.0
    corners: float = 0.0
    parity: float = 0.0


POSITIONAL: Final = Weights()
"""The weights of :func:`~gamelib.games.othello.positional_evaluation` (squares and mobility
×5): with them :func:`weighted_evaluation` gives the same values on unfinished positions."""

IMPROVED: Final = Weights(squares=1.0, mobility=5.0, corners=50.0, parity=0.0)
"""The weights the sample player plays with (the *shipped* weights, which notebook 10's
exercise asks a student to beat): :data:`POSITIONAL` plus 50 per corner (notebook 10
measures them against :data:`POSITIONAL`; region parity is left for the student to try)."""


def region_parity(mover_moves: int, opponent_moves: int, empty: int) -> int:
    """The region parity term of :func:`weighted_evaluation`: how many quarters of the board
    (:data:`~gamelib.endgame.ordering.QUADRANTS`) with an odd number of ``empty`` squares
    hold a legal move of the mover (``mover_moves``, a bitboard), less how many hold one of
    the opponent's (``opponent_moves``). From the mover's view; between −4 and 4."""
    value = 0
    for quadrant in QUADRANTS:
        if (empty & quadrant).bit_count() & 1:
            value += bool(mover_moves & quadrant) - bool(opponent_moves & quadrant)
    return value


def weighted_evaluation(weights: Weights) -> Callable[[OthelloState], float]:
    """The evaluation with ``weights``: a function of an unfinished Othello position, from
    the view of the player to move there.

    ``squares × (weights of own discs − opponent's) + mobility × (own legal moves −
    opponent's) + corners × (own corners − opponent's) + parity × (odd quarters of the board
    where the mover can move − those where the opponent can)`` (:func:`region_parity`). A
    search scores finished games by the game's utility instead
    (:class:`DecisiveOthello` makes every win outweigh this evaluation).
    """

    def evaluate(state: OthelloState) -> float:
        mover, opponent, _ = state
        value = weights.squares * (square_weight_sum(mover) - square_weight_sum(opponent))
        if weights.mobility or weights.parity:
            own_moves = legal_moves_mask(mover, opponent)
            opponent_moves = legal_moves_mask(opponent, mover)
            value += weights.mobility * (own_moves.bit_count() - opponent_moves.bit_count())
            if weights.parity:
                empty = FULL ^ (mover | opponent)
                value += weights.parity * region_parity(own_moves, opponent_moves, empty)
        if weights.corners:
            value += weights.corners * (
                (mover & CORNERS).bit_count() - (opponent & CORNERS).bit_count()
            )
        return value

    return evaluate


class DecisiveOthello(Othello):
    """Othello whose finished games are worth more than any evaluation: a win scores
    ``WIN_SCORE`` plus the final score, a loss ``−WIN_SCORE`` plus it (a draw 0), from the
    view of the player to move. Everything else is :class:`~gamelib.games.othello.Othello`'s
    (moves, keys), so a search on it plays real Othello and prefers a sure win to any
    position it only evaluates."""

    def utility(self, state: OthelloState) -> int:
        """The final score, pushed beyond every evaluation by ``WIN_SCORE``."""
        score = super().utility(state)
        return score + WIN_SCORE if score > 0 else score - WIN_SCORE if score < 0 else 0


CLOCK_CHECKS_EVERY: Final = 16
"""How often an iteration's evaluations look at the clock: every 16th, so that reading the
clock (a system call for processor time) costs the search little."""


RESERVE: Final = 0.2
"""The share of ``move_seconds`` :func:`deepen` keeps in reserve for what its own clock does
not see (sending the answer, the referee's pipes): its budget for a move is ``move_seconds ×
(1 − RESERVE)`` plus its share of the bank (:func:`move_budget`). On a loaded machine that is
not enough, and :class:`Player` holds back what it measured instead when that is more."""

MIN_GROWTH: Final = 2.0
"""The least :func:`deepen` expects an iteration to take, as a multiple of the one before it."""

MAX_GROWTH: Final = 8.0
"""The most :func:`deepen` believes an iteration grows over the one before it. A larger ratio
of node counts means the earlier iteration did not really search (the table answered it, or
most of it), so it says nothing of the growth: :data:`DEFAULT_GROWTH` is used instead."""

DEFAULT_GROWTH: Final = 4.0
"""The growth :func:`deepen` expects when it has no two iterations that really searched to
measure it from, on its first moves (α-β with a table in Othello grows about 2 to 5 times
per ply, median about 3, at the tournament clock: ``benchmarks/kept_table_depth.py`` prints the
growths it saw); a guess on the cautious side, since a search begun on a prediction too small
is thrown away when the budget stops it."""

DEFAULT_MOVES_LEFT: Final = 10
"""How many more moves :func:`moves_left` expects in a game it cannot count for."""


def moves_left(state: Any) -> int:
    """How many more moves the player to move expects to make, itself included (at least 1):
    in Othello half the empty squares, rounded up (each move fills one, the players take
    turns; passes make it a little more); in any other game :data:`DEFAULT_MOVES_LEFT`."""
    if isinstance(state, OthelloState):
        empty = 64 - (state.mover | state.opponent).bit_count()
        return max(1, (empty + 1) // 2)
    return DEFAULT_MOVES_LEFT


def move_budget(
    clock: Clock,
    moves: int,
    reserve: float = RESERVE,
    *,
    unseen: float = 0.0,
    kept: float = 0.0,
) -> float:
    """The time :func:`deepen` lets a move take: ``move_seconds`` less what it holds back,
    plus a share of the bank. It holds back the larger of ``reserve × move_seconds`` and
    ``unseen`` (the time the referee is expected to charge beyond the player's own clock:
    :class:`Player` measures it); it spends an equal share of the bank above ``kept`` for each
    of the ``moves`` it still has to make (``kept`` is never planned to be spent: it pays for
    a move that the machine slows more than expected). A debt (bank below 0) is paid by this
    move in full, as the referee's allowance does.

    Guarantee: with ``0 ≤ reserve ≤ 1``, ``unseen ≥ 0``, ``kept ≥ 0`` and ``moves ≥ 1`` it
    never exceeds ``move_seconds + bank − max(reserve × move_seconds, unseen)`` nor, when the
    bank is above ``kept``, ``move_seconds + bank − kept − max(…)``: a move that keeps to it,
    charged up to the time it held back beyond its own count, is on time with the grace to
    spare, and ends with at least ``kept`` (or all the bank it had, if less) still in the bank.
    A player that keeps to it on every move spends at most the bank above ``kept`` over the
    game (each move takes at most its share of what is left above it)."""
    held_back = max(reserve * clock.move_seconds, unseen)
    bank = clock.bank_seconds
    share = (bank - kept) / max(1, moves) if bank > kept else min(bank, 0.0)
    return clock.move_seconds - held_back + share


def measured_growth(nodes: list[int]) -> float | None:
    """The ratio of the last two iterations' node counts, at least :data:`MIN_GROWTH`, when
    both really searched: the one before the last visited some node and at least the last's
    / :data:`MAX_GROWTH`. None when they did not (one iteration only, or the table answered
    the earlier one, or most of it): the ratio then says nothing of the growth."""
    if len(nodes) > 1 and nodes[-2] > 0 and nodes[-1] <= MAX_GROWTH * nodes[-2]:
        return max(MIN_GROWTH, nodes[-1] / nodes[-2])
    return None


def predicted_seconds(
    times: list[float], nodes: list[int], fallback: float = DEFAULT_GROWTH
) -> float:
    """The time the next iteration is expected to take: the last one's time times its
    *growth*. The growth is the ratio of the last two iterations' node counts, at least
    :data:`MIN_GROWTH`, when both really searched; when there is one iteration only, or the
    one before the last visited no node or fewer than the last's / :data:`MAX_GROWTH` (the
    table answered it, or most of it), it is ``fallback`` (:data:`DEFAULT_GROWTH` unless
    told: :class:`Player` passes the growth it measured on its earlier moves).

    The ratio of node counts, not of times: an iteration the table answered takes
    microseconds, and a ratio of times over it would be huge and stop the search (the kept
    table would then make the player shallower). After an iteration the table answered, the
    last time is small, so the prediction is small and the next iteration is begun; if it is
    in fact a long one, the budget stops it (see :func:`deepen`).
    """
    growth = measured_growth(nodes)
    return times[-1] * (fallback if growth is None else growth)


class OutOfTimeError(Exception):
    """Raised inside a search when the clock says stop; the iteration it interrupts is
    thrown away."""


def deepen(
    game: Game[Any, Any],
    state: Any,
    clock: Clock,
    *,
    evaluate: Callable[[Any], float],
    table: TranspositionTable,
    reserve: float = RESERVE,
    max_depth: int = 64,
    growths: list[float] | None = None,
    unseen: float = 0.0,
    kept: float = 0.0,
) -> Report:
    """Iterative deepening stopped by the clock: α-β to depth 1, 2, 3, … with one table
    (the loop of :func:`gamelib.search.ordering.iterative_deepening`, which goes on to a
    fixed ``max_depth``, with the stopping rules below).

    The move's *budget* is :func:`move_budget` (its own time less the reserve or ``unseen``,
    whichever is larger, plus an equal share of the bank above ``kept`` over the
    :func:`moves_left` it still has to make; :class:`Player` passes what it measured of the
    referee's clock). Depth 1 always
    finishes (so there is a move). Each deeper iteration is begun only when the time used so
    far plus :func:`predicted_seconds` (the last iteration's time × the growth of node
    counts between iterations that really searched) fits in the budget; one that runs past
    the budget anyway is stopped from inside (every :data:`CLOCK_CHECKS_EVERY`-th evaluation
    looks at the clock) and thrown away.
    Iterations stop early at ``max_depth`` or when the value proves a win or a loss
    (``|value| ≥ WIN_SCORE`` with :class:`DecisiveOthello`). The table keeps every finished
    subtree, so the next iteration tries the best moves found so far first.

    What it guarantees: the move is that of the deepest iteration completed: depth 1 always,
    a deeper one only if it was begun within the budget and no clock check found it past the
    budget (one may finish past it between two checks). With a table that starts empty, in a
    game where every position is met at one remaining depth (Othello with no pass inside the
    search), that is a best move of a complete fail-soft α-β search of the reported depth, its
    value exact with the open window. With a table kept from earlier moves (:class:`Player`),
    an entry of an earlier, deeper search may answer
    (:meth:`~gamelib.search.table.TranspositionTable.answer`: ``entry.depth ≥ depth``): the
    value then rests on a search at least as deep as the reported depth, and may differ from
    a plain search of that depth (a root answered so reports 0 nodes and a one-move line).
    After depth 1 the search stops within :data:`CLOCK_CHECKS_EVERY` evaluations of the
    budget; finished games and table answers are not counted, so near the end of a game only
    the prediction keeps it in time.

    ``growths``, when given, is the player's memory across moves: every growth measured here
    (:func:`measured_growth`) is appended to it, and its last one is the prediction's fallback
    when the iterations of this move do not measure one (with a kept table the first
    iterations are table answers: without the memory every such move would fall back to
    :data:`DEFAULT_GROWTH`, a guess, instead of the growth this game has shown).

    Returns:
        A :class:`Report`: the move, the depth of the deepest finished iteration (or, when
        the table holds the position with that move from a deeper search, that search's
        depth: a kept table that proved a win on an earlier move stops at depth 1 and reports
        the depth of the proof), the nodes of the finished iterations, its value (mover's
        view), its principal variation.
    """
    started = clock.elapsed()
    budget = move_budget(clock, moves_left(state), reserve, unseen=unseen, kept=kept)
    evaluations = 0

    def watched(position: Any) -> float:
        nonlocal evaluations
        evaluations += 1
        if evaluations % CLOCK_CHECKS_EVERY == 0 and clock.elapsed() >= budget:
            raise OutOfTimeError
        return evaluate(position)

    result = alphabeta_failsoft(game, state, depth=1, evaluate=evaluate, table=table)
    reached = 1
    nodes = [result.stats.nodes]
    times = [clock.elapsed() - started]
    for depth in range(2, max_depth + 1):
        if abs(result.value) >= WIN_SCORE:
            break
        fallback = growths[-1] if growths else DEFAULT_GROWTH
        if clock.elapsed() + predicted_seconds(times, nodes, fallback) > budget:
            break
        begun = clock.elapsed()
        try:
            deeper: SearchResult = alphabeta_failsoft(
                game, state, depth=depth, evaluate=watched, table=table
            )
        except OutOfTimeError:
            break
        result, reached = deeper, depth
        nodes.append(deeper.stats.nodes)
        times.append(clock.elapsed() - begun)
        growth = measured_growth(nodes)
        if growths is not None and growth is not None:
            growths.append(growth)
    remembered = table.get(game.key(state))
    if remembered is not None and remembered.move == result.move and remembered.depth < 1e9:
        reached = max(reached, int(remembered.depth))  # the depth its value rests on
    return Report(
        move=result.move,
        depth=reached,
        nodes=sum(nodes),
        value=float(result.value),
        principal_variation=tuple(game.move_name(move) for move in result.pv),
    )


def searched_game(
    game: Game[Any, Any], weights: Weights | None = IMPROVED
) -> tuple[Game[Any, Any], Callable[[Any], float]]:
    """The game to search and its evaluation: for Othello, :class:`DecisiveOthello` (same
    scoring) and :func:`weighted_evaluation` with ``weights`` (None: the disc difference,
    the game's own ``evaluate``); any other game as it is, with its own ``evaluate``."""
    if not isinstance(game, Othello):
        return game, game.evaluate
    decisive = DecisiveOthello(game.scoring)
    return decisive, decisive.evaluate if weights is None else weighted_evaluation(weights)


UNSEEN_MOVES: Final = 8
"""How many of its latest measurements of the referee's unseen time (:class:`Player`) the
player's estimate of it rests on."""


class Player:
    """The sample player: :func:`deepen` with one transposition table for the whole game
    (so an entry from an earlier move's deeper search may answer: see :func:`deepen`), and a
    measure of the time its own clock does not see.

    The referee charges a move from sending the position to reading the answer: the pipes,
    the player's process reading the position before its clock starts and sending the answer
    after it stops, and, on a loaded machine, the waits of both processes for a processor.
    The player's clock sees none of that (a few milliseconds on a quiet machine; tens, at
    times hundreds, when other processes keep the processors busy), and on a loaded machine
    its own search may also stall past the budget between two clock checks. A player that
    spends its bank down to the grace then loses on time. The bank each move is handed says
    what the last move cost: when it shrank, the referee charged ``move_seconds`` + what it
    took (:meth:`learn_unseen`). From that the player measures the *unseen* time (charged less
    its own count) and the *overrun* (charged less the budget it planned, or less its own
    count when that was shorter). Each move holds back the median of the last
    :data:`UNSEEN_MOVES` unseen times (at least the reserve), so a busy machine does not
    drain the bank move after move, and never plans to spend the largest overrun seen so far
    (``kept`` in :func:`move_budget`), so while the bank is above ``kept`` a move slowed as
    much as the worst one before is paid from the bank, not lost on time. On a quiet machine
    both are a few milliseconds and the player searches as deep as before.

    Args:
        game: The game (the referee's object).
        side: 0 when this player moves first, 1 when second (not needed: the search plays
            for whoever is to move).
        weights: The evaluation's weights in Othello (None: the disc difference).
    """

    TABLE_SLOTS: Final = 1 << 16
    """The table's size (entries kept, depth-preferred replacement)."""

    def __init__(self, game: Game[Any, Any], side: int, weights: Weights | None = IMPROVED) -> None:
        self.side = side
        self.game, self.evaluate = searched_game(game, weights)
        self.table = TranspositionTable(capacity=self.TABLE_SLOTS)
        self.growths: list[float] = []
        """The growths of node counts per ply its searches measured, last one last."""
        self.unseen: list[float] = []
        """The seconds the referee charged a move beyond this player's own count, measured
        on the moves whose cost the bank shows (:meth:`learn_unseen`), last one last."""
        self.overruns: list[float] = []
        """The seconds the referee charged a move beyond the shorter of its budget and the
        player's own count, on the same moves as :attr:`unseen`."""
        self.last_move: tuple[float, float, float] | None = None
        """The bank it was handed at its last move, the seconds that move took by its own
        clock, and its budget (its own count for a move played at once)."""

    def learn_unseen(self, clock: Clock) -> None:
        """Measure the last move's unseen time and overrun from the bank ``clock`` hands
        over: when the bank shrank by ``paid``, the referee charged ``move_seconds + paid``;
        what is beyond the player's own count is appended to :attr:`unseen`, what is beyond
        the shorter of its budget and its count to :attr:`overruns` (a move within
        ``move_seconds`` by the referee's clock shows nothing and adds nothing)."""
        if self.last_move is not None:
            bank_before, counted, budget = self.last_move
            paid = bank_before - clock.bank_seconds
            if paid > 0:
                charged = clock.move_seconds + paid
                self.unseen.append(max(0.0, charged - counted))
                self.overruns.append(max(0.0, charged - min(counted, budget)))

    def expected_unseen(self) -> float:
        """The median of the last :data:`UNSEEN_MOVES` measured unseen times (0 before any)."""
        return statistics.median(self.unseen[-UNSEEN_MOVES:]) if self.unseen else 0.0

    def choose_move(self, game: Game[Any, Any], state: Any, clock: Clock) -> Report:
        """A :class:`Report` from :func:`deepen` (a single legal move is played at once),
        holding back the unseen time it expects and keeping the most it has seen in the bank
        (see the class)."""
        self.learn_unseen(clock)
        moves = game.moves(state)
        if len(moves) == 1:
            report = Report(move=moves[0], depth=0, nodes=0)
            budget = clock.elapsed()
        else:
            unseen = self.expected_unseen()
            kept = max(self.overruns, default=0.0)
            budget = move_budget(clock, moves_left(state), unseen=unseen, kept=kept)
            report = deepen(
                self.game,
                state,
                clock,
                evaluate=self.evaluate,
                table=self.table,
                growths=self.growths,
                unseen=unseen,
                kept=kept,
            )
        self.last_move = (clock.bank_seconds, clock.elapsed(), budget)
        return report


def choose_move(game: Game[Any, Any], state: Any, clock: Clock) -> Report:
    """The sample player's move with a fresh table (a :class:`Player` keeps one instead)."""
    return Player(game, 0).choose_move(game, state, clock)


__all__ = [
    "CLOCK_CHECKS_EVERY",
    "CORNERS",
    "DEFAULT_GROWTH",
    "DEFAULT_MOVES_LEFT",
    "IMPROVED",
    "MAX_GROWTH",
    "MIN_GROWTH",
    "POSITIONAL",
    "RESERVE",
    "UNSEEN_MOVES",
    "DecisiveOthello",
    "OutOfTimeError",
    "Player",
    "Weights",
    "choose_move",
    "deepen",
    "measured_growth",
    "move_budget",
    "moves_left",
    "predicted_seconds",
    "region_parity",
    "searched_game",
    "weighted_evaluation",
]
