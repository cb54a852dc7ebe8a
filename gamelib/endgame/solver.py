"""The search of an exact Othello endgame solve: fail-soft α-β in negamax form, to the end.

Each method is one idea of the course, with the shape of its pseudo-code:

* :meth:`EndgameSolver.search`: fail-soft α-β with PVS's null windows
  (:func:`~gamelib.search.windows.pvs`), a transposition table
  (:class:`~gamelib.search.table.TranspositionTable`, an entry answers only what its bound
  proves) and the *enhanced transposition cutoff* (:meth:`~EndgameSolver.transposition_cutoff`);
* :meth:`EndgameSolver.ordered`: the move ordering: the stored move, then fastest-first (fewest
  opponent replies), parity and corners, each of which
  :class:`~gamelib.endgame.ordering.Options` can switch off;
* :meth:`EndgameSolver.search_shallow`: the last few empty squares, without table or move list;
* the drivers: :meth:`~EndgameSolver.win_loss_draw` (one search with the window (−1, 1),
  whose only integer inside is 0, the draw),
  :meth:`~EndgameSolver.exact` (null-window probes that narrow the bounds, the idea of
  :func:`~gamelib.search.windows.mtdf`) and :meth:`~EndgameSolver.principal_variation`.

Why not simply call :func:`~gamelib.search.windows.pvs` with an ``order=`` function? It
works, and gives the same values, but every node then builds state objects and goes through
the Game protocol. Here a position is two bare integers (the discs of the side to move and of
the other side), the last empty squares are searched without a table or move list, and the
opponent's replies are counted on the bitboards: the speed comes from that representation and
from the ordering, measured with ``cProfile`` one change at a time
(``benchmarks/endgame.py --profile``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from gamelib.core import Bound
from gamelib.endgame.ordering import (
    CORNERS,
    DEFAULT_OPTIONS,
    QUADRANT_BIT,
    STATIC_ORDER,
    Options,
    odd_regions,
)
from gamelib.endgame.progress import Progress
from gamelib.games.othello import (
    FULL,
    PASS,
    RAY_STARTS,
    Scoring,
    final_score,
    flips,
    legal_moves_mask,
    squares_of,
)
from gamelib.search.table import TranspositionTable

Mode = Literal["exact", "wld"]
"""What :func:`~gamelib.endgame.solve` finds: the exact value, or only win / loss / draw."""

LOWEST: Final = -64
HIGHEST: Final = 64
"""No final score is below −64 or above +64."""

NEVER: Final = 65
"""More empty squares than a board has: the threshold of an idea that is switched off."""


@dataclass(frozen=True)
class Probe:
    """One null-window probe of an exact solve, as :meth:`EndgameSolver.exact` made it.

    Attributes:
        gamma: the probe asked "is the value at least γ?", with the window (γ − 1, γ).
        value: the fail-soft answer: ≥ γ proves value ≥ answer, < γ proves value ≤ answer.
        lower, upper: the bounds on the root's value after the probe.
        nodes: the solver's node count after the probe (all probes so far).
    """

    gamma: int
    value: int
    lower: int
    upper: int
    nodes: int


NODES_BETWEEN_CHECKS: Final = 1 << 14
"""How often (in nodes) the solver looks at the clock to see whether a report is due."""


class EndgameSolver:
    """The search of one solve: its options, table, counters and progress reports.

    Positions are pairs of bitboards ``(mover, opponent)``; a value is always for the side
    whose discs are ``mover``, a final disc difference scored by ``scoring``.

    Attributes:
        nodes, leaves: positions searched and finished games scored so far.
        probes: the probes :meth:`exact` made, in order.
        lower, upper: what the drivers have proven about the root's value so far
            (reported while the solve runs, and kept when Ctrl-C stops it).
        table_from: positions with at least this many empty squares use the table
            (:data:`NEVER` without a table).
        fastest_from: positions with at least this many empty squares are ordered
            fastest-first (:data:`NEVER` unless ``ordering="fastest"``). Below both
            thresholds, :meth:`search` hands over to :meth:`search_shallow`.
    """

    def __init__(
        self,
        options: Options = DEFAULT_OPTIONS,
        *,
        scoring: Scoring = "official",
        table: TranspositionTable | None = None,
        progress: Callable[[Progress], None] | None = None,
        progress_after: float = 5.0,
    ) -> None:
        self.options = options
        self.scoring: Scoring = scoring
        self.table = TranspositionTable() if table is None else table
        self.nodes = 0
        self.leaves = 0
        self.progress = progress
        self.started = time.perf_counter()
        self.progress_after = progress_after
        self.next_report_time = self.started + progress_after
        self.next_check = NODES_BETWEEN_CHECKS
        self.lower, self.upper = LOWEST, HIGHEST
        self.probes: list[Probe] = []
        self.table_from = options.table_empties if options.table else NEVER
        self.fastest_from = options.fastest_empties if options.ordering == "fastest" else NEVER

    # ----------------------------------------------------------------------- progress

    def check_progress(self) -> None:
        """Called every :data:`NODES_BETWEEN_CHECKS` nodes: report if a report is due."""
        self.next_check = self.nodes + NODES_BETWEEN_CHECKS
        if self.progress is None:
            return
        now = time.perf_counter()
        if now >= self.next_report_time:
            self.next_report_time = now + self.progress_after
            self.progress(Progress(now - self.started, self.nodes, self.lower, self.upper))

    # ----------------------------------------------------------------------- the search

    def search(self, mover: int, opponent: int, alpha: int, beta: int, empties: int) -> int:
        """Fail-soft α-β with null windows for all but the first move (PVS), to the end.

        In pseudo-code::

            if few empty squares: return search_shallow(position, α, β)
            if the table's entry proves enough: return it   (else its move goes first)
            if no move: pass, or score the finished game
            if a child's entry proves a cutoff: return it   (enhanced transposition cutoff)
            best = −∞; low = α
            for each move, in order:
                if it is the first: v = −search(child, −β, −low)
                else:               v = −search(child, −low − 1, −low)    "better than low?"
                                    if low < v < β: v = −search(child, −β, −v)   "by how much?"
                if v > best: best = v; if best ≥ β: stop (cutoff); low = max(low, best)
            store best in the table with its bound; return best

        Guarantee, with v the true value and r the returned one: if r ≤ alpha then v ≤ r;
        if r ≥ beta then v ≥ r; otherwise r = v.

        Args:
            mover, opponent: The discs of the side to move and of the other side.
            alpha, beta: The window, alpha < beta.
            empties: The number of empty squares (64 − discs).
        """
        if empties < self.table_from and empties < self.fastest_from:  # the last few squares
            return self.start_shallow(mover, opponent, alpha, beta)
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check_progress()
        table = self.table if empties >= self.table_from else None
        stored = None
        if table is not None:
            entry = table.probe((mover, opponent))
            if entry is not None:
                known = table.answer(entry, empties, alpha, beta)
                if known is not None:
                    table.stats.cutoffs += 1
                    return int(known)
                stored = entry.move
        moves = legal_moves_mask(mover, opponent)
        if not moves:
            if legal_moves_mask(opponent, mover):
                return -self.search(opponent, mover, -beta, -alpha, empties)  # pass
            return self.end(mover, opponent)
        ordered = self.ordered(mover, opponent, moves, stored, empties)
        children_in_table = empties - 1 >= self.table_from
        if table is not None and children_in_table and self.options.transposition_cutoff:
            proven = self.transposition_cutoff(mover, opponent, ordered, beta)
            if proven is not None:
                return proven
        best, best_move = LOWEST - 1, None
        low = alpha
        for square, flipped in ordered:
            child_mover, child_opponent = opponent ^ flipped, mover | flipped | 1 << square
            if best_move is None:  # the first move: the full window
                value = -self.search(child_mover, child_opponent, -beta, -low, empties - 1)
            else:  # the others: "better than low?" with a null window, again if so
                value = -self.search(child_mover, child_opponent, -low - 1, -low, empties - 1)
                if low < value < beta:
                    value = -self.search(child_mover, child_opponent, -beta, -value, empties - 1)
            if value > best:
                best, best_move = value, square
                if best >= beta:
                    break
                if best > low:
                    low = best
        if table is not None:
            table.store(
                (mover, opponent), empties, best, table.classify(best, alpha, beta), best_move
            )
        return best

    def transposition_cutoff(
        self, mover: int, opponent: int, ordered: list[tuple[int, int]], beta: int
    ) -> int | None:
        """A cutoff proven by the table before any move is searched (the *enhanced
        transposition cutoff*).

        If the table holds, for the position after some move, an upper bound u (or an exact
        value) from the opponent's view with −u ≥ beta, that move alone makes the position
        worth at least −u ≥ beta: no search is needed. (Every entry is searched to the end of
        the game, so no depth has to be compared.)

        Returns:
            −u, a lower bound on the value that is ≥ beta, or None.
        """
        get = self.table.get
        for square, flipped in ordered:
            entry = get((opponent ^ flipped, mover | flipped | 1 << square))
            if entry is not None and entry.bound is not Bound.LOWER and -entry.value >= beta:
                self.table.stats.cutoffs += 1
                return -int(entry.value)
        return None

    def ordered(
        self, mover: int, opponent: int, moves: int, stored: int | None, empties: int
    ) -> list[tuple[int, int]]:
        """The moves as ``(square, flipped discs)``, in the order they are searched.

        The stored move first (if ``stored_move``); then, with enough empty squares,
        fastest-first: fewest opponent replies (replies on corners counted twice with
        ``corners``; odd regions first among equals with ``parity``); else static or
        square order.

        Guarantee: every legal move in ``moves`` comes exactly once, with the discs it flips.
        """
        options = self.options
        if empties >= self.fastest_from:
            parity = odd_regions(FULL ^ (mover | opponent)) if options.parity else FULL
            scored = []
            for square in squares_of(moves):
                flipped = flips(mover, opponent, square)
                replies = legal_moves_mask(opponent ^ flipped, mover | flipped | 1 << square)
                score = replies.bit_count()
                if options.corners:
                    score += (replies & CORNERS).bit_count()
                score = 2 * score + (0 if parity >> square & 1 else 1)  # odd region: a tie-break
                scored.append((score, square, flipped))
            scored.sort()
            ordered = [(square, flipped) for _, square, flipped in scored]
        else:
            squares = STATIC_ORDER if options.ordering != "none" else range(64)
            ordered = [
                (square, flips(mover, opponent, square))
                for square in squares
                if moves >> square & 1
            ]
        if stored is not None and options.stored_move and ordered[0][0] != stored:
            for index, (square, _) in enumerate(ordered):
                if square == stored:
                    ordered.insert(0, ordered.pop(index))
                    break
        return ordered

    def start_shallow(self, mover: int, opponent: int, alpha: int, beta: int) -> int:
        """:meth:`search_shallow` from a position: its empty squares listed once, in the
        order they will be tried (by square weight, or a1…h8 with ``ordering="none"``),
        and the parity of each quarter of the board."""
        empty = FULL ^ (mover | opponent)
        squares = squares_of(empty) if self.options.ordering == "none" else STATIC_ORDER
        listed = [square for square in squares if empty >> square & 1]
        parity = 0
        for square in listed:
            parity ^= QUADRANT_BIT[square]
        return self.search_shallow(mover, opponent, alpha, beta, listed, parity)

    def search_shallow(
        self, mover: int, opponent: int, alpha: int, beta: int, squares: list[int], parity: int
    ) -> int:
        """The same fail-soft α-β for the last few empty squares, without table or move list.

        Each empty square is tried in turn (a square that flips nothing is not a move): with
        a handful of squares left this is cheaper than computing the legal moves. The
        squares come in the order of ``squares``, with ``parity`` those in a quarter of the
        board with an odd number of empty squares first (bit q of ``parity`` is set when
        quarter q has an odd number). Same guarantee as :meth:`search`.
        """
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check_progress()
        if len(squares) == 2:
            return self.last_two(mover, opponent, alpha, beta, squares[0], squares[1])
        if len(squares) < 2:  # only when asked about a position with fewer empty squares
            return (
                self.last_square(mover, opponent, squares[0])
                if squares
                else self.end(mover, opponent)
            )
        if self.options.parity:
            order = [square for square in squares if parity & QUADRANT_BIT[square]]
            order += [square for square in squares if not parity & QUADRANT_BIT[square]]
        else:
            order = squares
        best = LOWEST - 1  # below every score: no move found yet
        low = alpha if alpha > best else best
        for square in order:
            if not opponent & RAY_STARTS[square]:  # no opponent disc next to it: no move
                continue
            flipped = flips(mover, opponent, square)
            if not flipped:
                continue
            value = -self.search_shallow(
                opponent ^ flipped,
                mover | flipped | 1 << square,
                -beta,
                -low,
                [other for other in squares if other != square],
                parity ^ QUADRANT_BIT[square],
            )
            if value > best:
                best = value
                if best >= beta:
                    return best
                if best > low:
                    low = best
        if best > LOWEST - 1:
            return best
        # no move: pass if the opponent can move, else the game is over
        for square in squares:
            if flips(opponent, mover, square):
                return -self.search_shallow(opponent, mover, -beta, -alpha, squares, parity)
        return self.end(mover, opponent)

    def last_two(
        self, mover: int, opponent: int, alpha: int, beta: int, first: int, second: int
    ) -> int:
        """:meth:`search_shallow` written out for two empty squares (the most frequent case).

        Same guarantee as :meth:`search`; the pass is counted as a node, as there.
        """
        best = LOWEST - 1
        flipped = flips(mover, opponent, first)
        if flipped:
            best = -self.last_square(opponent ^ flipped, mover | flipped | 1 << first, second)
            if best >= beta:
                return best
        flipped = flips(mover, opponent, second)
        if flipped:
            value = -self.last_square(opponent ^ flipped, mover | flipped | 1 << second, first)
            return value if value > best else best
        if best > LOWEST - 1:
            return best
        if flips(opponent, mover, first) or flips(opponent, mover, second):  # no move: pass
            self.nodes += 1
            return -self.last_two(opponent, mover, -beta, -alpha, first, second)
        return self.end(mover, opponent)

    def end(self, mover: int, opponent: int) -> int:
        """The score of a finished game (neither side can move), counted as a leaf."""
        self.leaves += 1
        return final_score(mover, opponent, self.scoring)

    def last_square(self, mover: int, opponent: int, square: int) -> int:
        """The value when one empty square is left: whoever can play there does (the mover
        first), counted as a leaf.

        The board is then full, so the score is ``2 × discs − 64`` for the side that played
        (its discs, the ones it flipped and the new one); if neither side can play there,
        the game ends with the square empty (scored by ``scoring``).
        """
        self.leaves += 1
        flipped = flips(mover, opponent, square)
        if flipped:
            return 2 * (mover.bit_count() + flipped.bit_count() + 1) - 64
        flipped = flips(opponent, mover, square)
        if flipped:  # the mover passes, the opponent plays it
            return 64 - 2 * (opponent.bit_count() + flipped.bit_count() + 1)
        return final_score(mover, opponent, self.scoring)

    # ----------------------------------------------------------------------- the drivers

    def probe(self, mover: int, opponent: int, gamma: int) -> int:
        """Is the value at least ``gamma``? One null-window search (γ − 1, γ).

        Guarantee: the result r is ≥ γ exactly when the value is, and then value ≥ r;
        otherwise value ≤ r ≤ γ − 1.
        """
        empties = 64 - (mover | opponent).bit_count()
        return self.search(mover, opponent, gamma - 1, gamma, empties)

    def win_loss_draw(self, mover: int, opponent: int) -> int:
        """+1, 0 or −1: win, draw or loss for the mover, by one search with the window (−1, 1).

        Fail-soft: a result ≥ 1 proves a win, ≤ −1 a loss, and 0 (inside the window) is
        exact, a draw. ``lower`` and ``upper`` keep what the search proved.
        """
        empties = 64 - (mover | opponent).bit_count()
        value = self.search(mover, opponent, -1, 1, empties)
        if value >= 1:
            self.lower = value
            return 1
        if value <= -1:
            self.upper = value
            return -1
        self.lower = self.upper = 0
        return 0

    def exact(self, mover: int, opponent: int, guess: int = 0) -> int:
        """The exact value, by null-window probes that narrow ``lower ≤ value ≤ upper``.

        As in MTD(f)::

            value = guess
            while lower < upper:
                γ = value + 1 if value == lower else value, kept in (lower, upper]
                value = probe(γ)                  (a null-window search)
                if value ≥ γ: lower = value  else: upper = value

        A fail-soft answer can move a bound by more than one, and γ in (lower, upper] makes
        every probe move one. The table keeps the probes from searching the same positions
        again.

        Guarantee: the returned value is exact; ``lower`` and ``upper`` equal it.
        """
        value = guess
        while self.lower < self.upper:
            gamma = value + 1 if value == self.lower else value
            gamma = min(max(gamma, self.lower + 1), self.upper)  # in (lower, upper]
            value = self.probe(mover, opponent, gamma)
            if value >= gamma:
                self.lower = value
            else:
                self.upper = value
            self.probes.append(Probe(gamma, value, self.lower, self.upper, self.nodes))
        return self.lower

    def value_is(self, mover: int, opponent: int, value: int, mode: Mode) -> bool:
        """Whether the position's value (its win/loss/draw sign in ``"wld"``) is ``value``.

        ``"exact"``: two null-window searches, "at least ``value``?" and "at most ``value``?";
        ``"wld"``: one search with the window (−1, 1), as in :meth:`win_loss_draw`.
        """
        empties = 64 - (mover | opponent).bit_count()
        if mode == "wld":
            found = self.search(mover, opponent, -1, 1, empties)
            return (found > 0) - (found < 0) == value
        return (
            self.search(mover, opponent, value - 1, value, empties) >= value
            and self.search(mover, opponent, value, value + 1, empties) <= value
        )

    def principal_variation(
        self, mover: int, opponent: int, value: int, mode: Mode
    ) -> Iterator[int]:
        """A line of best play from a position of known ``value``, move by move.

        At each position, the move whose resulting position is worth exactly −value to the
        opponent is played (the table's move is tried first, so this is usually one cheap
        check per move). Guarantee: every move of the line keeps the value: it is a best
        move (in ``"wld"``: it keeps the result).
        """
        while True:
            moves = legal_moves_mask(mover, opponent)
            if not moves:
                if not legal_moves_mask(opponent, mover):
                    return
                yield PASS
                mover, opponent, value = opponent, mover, -value
                continue
            entry = self.table.get((mover, opponent))
            stored = None if entry is None else entry.move
            # ordered as at a position with 64 empty squares: fastest-first whenever the
            # options allow it, however few squares are left
            for square, flipped in self.ordered(mover, opponent, moves, stored, 64):
                child = opponent ^ flipped, mover | flipped | 1 << square
                if self.value_is(*child, -value, mode):
                    yield square
                    mover, opponent = child
                    value = -value
                    break
            else:  # pragma: no cover - would mean a wrong value
                raise AssertionError("no move keeps the value: the search is wrong")


__all__ = [
    "HIGHEST",
    "LOWEST",
    "NEVER",
    "NODES_BETWEEN_CHECKS",
    "EndgameSolver",
    "Mode",
    "Probe",
]
