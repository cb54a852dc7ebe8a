"""Perfect play: solving Othello endgames exactly.

With 20 or so empty squares left, an Othello position can be searched to the end of the game,
so its value is known exactly, not estimated. Strong programs are compared on the **FFO
endgame test suite** (:data:`FFO`), published positions whose exact values and best moves
are known. :func:`solve` finds them with the pieces of the course:

* **fail-soft α-β in negamax form** with PVS's null windows and **a transposition table**
  with its soundness rule (an entry answers only what its bound proves);
* **win/loss/draw** by one search with the window (−1, 1) around the draw (not a null
  window: 0 lies inside it), and the **exact value** by
  null-window probes that narrow the bounds (:func:`~gamelib.search.windows.mtdf`'s idea);
* **move ordering**: the move the table stored first, then **fastest-first** (the move that
  leaves the opponent the fewest replies), then **parity**; each can be switched off
  (:class:`Options`), so their effect can be measured (:data:`ABLATION`).

Values are final disc differences from the view of the side to move, scored by the official
rule (empty squares go to the winner; see :func:`~gamelib.games.othello.final_score`) unless
``scoring="difference"`` is asked for.

The package, one purpose a module:

* :mod:`~gamelib.endgame.published`: the FFO positions with their published values, and
  :func:`position` to write one by hand;
* :mod:`~gamelib.endgame.ordering`: the ordering ideas (:class:`Options`, :data:`ABLATION`);
* :mod:`~gamelib.endgame.solver`: the search itself (:class:`EndgameSolver`);
* :mod:`~gamelib.endgame.progress`: the time estimate and the reports of a long solve;
* :mod:`~gamelib.endgame.lines`: a line of play written out, drawn and played step by step;
* :mod:`~gamelib.endgame.study`: the measurements of notebook 09 (the suite solved,
  win/loss/draw against exact, the ordering ideas one at a time, one node's order, the
  probes of one solve, the thresholds of the last squares);
* here: :func:`solve`, its checks and its result (:class:`EndgameResult`), and
  :func:`move_values`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from gamelib.core import FIRST, SECOND
from gamelib.endgame import study
from gamelib.endgame.lines import PerfectLine, line_pictures, perfect_line, square_names
from gamelib.endgame.ordering import (
    ABLATION,
    CORNERS,
    DEFAULT_OPTIONS,
    QUADRANT_BIT,
    QUADRANTS,
    STATIC_ORDER,
    Options,
    Ordering,
)
from gamelib.endgame.progress import (
    GROWTH_PER_EMPTY,
    SECONDS_AT_14,
    Progress,
    duration_words,
    estimated_seconds,
    print_progress,
)
from gamelib.endgame.published import FFO, PublishedPosition, position
from gamelib.endgame.solver import HIGHEST, LOWEST, EndgameSolver, Mode, Probe
from gamelib.games.othello import (
    FULL,
    SCORINGS,
    OthelloState,
    Scoring,
    flips,
    legal_moves_mask,
    square_name,
    squares_of,
)
from gamelib.language import Language, resolve
from gamelib.search.common import SearchResult, SearchStats
from gamelib.search.table import TranspositionTable

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "too many empties": {
        "en": "{empties} empty squares is more than this solver is meant for "
        "(max_empties={max_empties}): an exact solve would take about {duration} "
        "(×{growth} per empty square); pass max_empties={empties} to try anyway",
        "ja": "空きマス {empties} 個は、このソルバーが想定する数（max_empties={max_empties}）"
        "を超えています。正確に解くにはおよそ {duration} かかります（空きマス一つごとに "
        "×{growth}）。それでも試すなら max_empties={empties} を渡してください",
    },
}
"""The student-facing message of :func:`check_position`, in English and Japanese."""


@dataclass(frozen=True)
class EndgameResult(SearchResult):
    """What :func:`solve` returns: a :class:`~gamelib.search.common.SearchResult` and more.

    ``value`` is from the view of the side to move: in ``"exact"`` mode the final disc
    difference with best play, in ``"wld"`` mode +1 (win), 0 (draw) or −1 (loss). ``move``
    is a best move, ``pv`` a line of best play to the end of the game.

    Attributes:
        mode: ``"exact"`` or ``"wld"``.
        lower, upper: what was proven about the final disc difference (equal for an exact
            solve; for a win/loss/draw solve, the fail-soft bound, e.g. a win by at least 2).
        seconds: the time the solve took.
        empties: the empty squares of the position.
        complete: False when the solve was stopped (Ctrl-C): then only ``lower ≤ value ≤
            upper`` is known, ``value`` is ``lower`` and ``move``/``pv`` are empty.
        probes: the null-window probes of an exact solve, in order (empty for ``"wld"``).
    """

    mode: Mode = "exact"
    lower: int = LOWEST
    upper: int = HIGHEST
    seconds: float = 0.0
    empties: int = 0
    complete: bool = True
    probes: tuple[Probe, ...] = ()


MAX_EMPTIES: Final = 22
"""The most empty squares :func:`solve` accepts unless told otherwise (several minutes)."""


def check_position(state: OthelloState, max_empties: int, *, language: str | None = None) -> int:
    """The number of empty squares of a position :func:`solve` can take.

    Raises:
        ValueError: for discs on the same square, a side to move that is not Black
            (FIRST) or White (SECOND), or more than ``max_empties`` empty squares (the
            message, in ``language`` (None: the course-wide setting), gives an estimate of
            the time it would take).
    """
    if not isinstance(state, OthelloState):
        raise ValueError(f"expected an OthelloState, got {type(state).__name__}")
    mover, opponent, player = state
    if not isinstance(mover, int) or not isinstance(opponent, int):
        raise ValueError("the discs must be bitboards (ints)")
    if not 0 <= mover <= FULL or not 0 <= opponent <= FULL:
        raise ValueError("a bitboard has 64 squares: the discs must be ints from 0 to 2**64 - 1")
    if mover & opponent:
        both = ", ".join(square_name(square) for square in squares_of(mover & opponent))
        raise ValueError(f"a square cannot hold a black and a white disc: {both}")
    if player not in (FIRST, SECOND):
        raise ValueError(
            f"the side to move must be FIRST (0, Black) or SECOND (1, White), not {player!r}"
        )
    empties = 64 - (mover | opponent).bit_count()
    if empties > max_empties:
        raise ValueError(
            WORDS["too many empties"][resolve(language)].format(
                empties=empties,
                max_empties=max_empties,
                duration=duration_words(estimated_seconds(empties), language=language),
                growth=GROWTH_PER_EMPTY,
            )
        )
    return empties


def solve(
    state: OthelloState,
    mode: Mode = "exact",
    *,
    options: Options = DEFAULT_OPTIONS,
    scoring: Scoring = "official",
    table: TranspositionTable | None = None,
    max_empties: int = MAX_EMPTIES,
    progress: bool | Callable[[Progress], None] = True,
    progress_after: float = 5.0,
    pv: bool = True,
) -> EndgameResult:
    """Solve an Othello position exactly: its value with perfect play, a best move and line.

    Args:
        state: The position.
        mode: ``"exact"`` for the final disc difference, ``"wld"`` for win / loss / draw
            only (one null-window search, much cheaper: it may stop at the first move
            that wins, by any margin).
        options: The ordering ideas to use (:class:`Options`; :data:`ABLATION` lists them
            one at a time).
        scoring: ``"official"`` (empty squares to the winner) or ``"difference"``.
        table: The transposition table to use (a new one by default); share one only
            between solves with the same ``scoring``, since it keeps values.
        max_empties: Refuse positions with more empty squares than this.
        progress: How to report progress on a long solve: ``True`` prints a line, a
            function is called with a :class:`Progress`, ``False`` stays silent.
        progress_after: Seconds before the first report, and between reports.
        pv: Find the principal variation (one or two null-window searches for each move
            tried along the line, each starting from the table the value's search filled).

    Returns:
        An :class:`EndgameResult`. A position that is already over returns its score, with
        no move. Ctrl-C stops a long solve cleanly: the result then has ``complete=False``
        and the bounds proven so far.

    Raises:
        ValueError: for a position that is not valid (see :func:`check_position`), an
            unknown mode or scoring.
    """
    if mode not in ("exact", "wld"):
        raise ValueError(f"mode must be 'exact' or 'wld', not {mode!r}")
    if scoring not in SCORINGS:
        raise ValueError(f"scoring must be 'official' or 'difference', not {scoring!r}")
    if progress is True:
        report: Callable[[Progress], None] | None = print_progress
    elif progress is False:
        report = None
    else:
        report = progress
    empties = check_position(state, 64)  # a valid position, of any size so far
    solver = EndgameSolver(
        options, scoring=scoring, table=table, progress=report, progress_after=progress_after
    )
    mover, opponent = state.mover, state.opponent
    if not legal_moves_mask(mover, opponent) and not legal_moves_mask(opponent, mover):
        solver.lower = solver.upper = score = solver.end(mover, opponent)  # already over
        value = (score > 0) - (score < 0) if mode == "wld" else score
        return _result(solver, mode, value, (), empties, complete=True)
    check_position(state, max_empties)  # a game still to play: not too many empty squares
    try:
        if mode == "wld":
            value = solver.win_loss_draw(mover, opponent)
        else:
            value = solver.exact(mover, opponent)
        if pv:
            line = tuple(solver.principal_variation(mover, opponent, value, mode))
        else:  # only the best move, as the table stored it
            entry = solver.table.get((mover, opponent))
            line = () if entry is None or entry.move is None else (entry.move,)
    except KeyboardInterrupt:
        return _result(solver, mode, solver.lower, (), empties, complete=False)
    return _result(solver, mode, value, line, empties, complete=True)


def _result(
    solver: EndgameSolver, mode: Mode, value: int, line: tuple[int, ...], empties: int,
    *, complete: bool,
) -> EndgameResult:  # fmt: skip
    """What ``solver`` found, as :func:`solve` returns it: ``line`` is the principal
    variation (its first move the best move), the counters and bounds are the solver's."""
    return EndgameResult(
        value,
        line[0] if line else None,
        line,
        SearchStats(nodes=solver.nodes, leaves=solver.leaves),
        f"solve({mode!r})",
        mode=mode,
        lower=solver.lower,
        upper=solver.upper,
        seconds=time.perf_counter() - solver.started,
        empties=empties,
        complete=complete,
        probes=tuple(solver.probes),
    )


def move_values(
    state: OthelloState,
    *,
    options: Options = DEFAULT_OPTIONS,
    scoring: Scoring = "official",
) -> dict[str, int]:
    """The exact value of every legal move (mover's view), by name, best first.

    One exact solve per move, sharing one table. This is what the suite publishes for
    #1-#39, and what "which move wins, and by how much?" asks.
    """
    check_position(state, MAX_EMPTIES)
    table = TranspositionTable()
    mover, opponent = state.mover, state.opponent
    values = {}
    for square in squares_of(legal_moves_mask(mover, opponent)):
        flipped = flips(mover, opponent, square)
        child = OthelloState(opponent ^ flipped, mover | flipped | 1 << square, 1 - state.player)
        found = solve(
            child, options=options, scoring=scoring, table=table, progress=False, pv=False
        )
        values[square_name(square)] = -int(found.value)
    return dict(sorted(values.items(), key=lambda item: -item[1]))


__all__ = [
    "ABLATION",
    "CORNERS",
    "DEFAULT_OPTIONS",
    "FFO",
    "GROWTH_PER_EMPTY",
    "HIGHEST",
    "LOWEST",
    "MAX_EMPTIES",
    "QUADRANTS",
    "QUADRANT_BIT",
    "SECONDS_AT_14",
    "STATIC_ORDER",
    "EndgameResult",
    "EndgameSolver",
    "Mode",
    "Options",
    "Ordering",
    "PerfectLine",
    "Probe",
    "Progress",
    "PublishedPosition",
    "check_position",
    "estimated_seconds",
    "line_pictures",
    "move_values",
    "perfect_line",
    "position",
    "print_progress",
    "solve",
    "square_names",
    "study",
]
