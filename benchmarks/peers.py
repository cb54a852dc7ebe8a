"""gamelib side by side with its peers: easyAI and a textbook (AIMA-style) α-β search.

What is measured
----------------
1. **Tic-tac-toe solved from the empty board** (the value is a draw, 0: every engine is
   asserted to find it), each engine timed over ``--runs`` runs (best and median):

   * gamelib ``alphabeta_failsoft``, without and with a ``TranspositionTable`` (a new table
     for every run), on gamelib's bitboard :class:`~gamelib.games.tictactoe.TicTacToe`;
   * easyAI ``Negamax(9)`` without and with easyAI's ``TranspositionTable``, on easyAI's own
     ``TicTacToe`` (given a ``ttentry`` for the table: the board as a tuple);
   * ``alphabeta_search``, the textbook's ``max_value``/``min_value`` pair written out below
     from the pseudo-code, on a plain tuple-of-marks board also written below.
   * for reference, not the course's code: the same fail-soft search with the table written
     inside the node function (``benchmarks/table_floor.py``), the fastest way to write the
     course's table search in Python; it searches the same positions as gamelib's.

2. **Othello at a fixed depth** (``--othello-depth``, default 4) from middle-game positions
   (seeded random lines of 20 plies), with the same evaluation, the disc difference for the
   player to move: gamelib ``alphabeta_failsoft`` on its bitboard ``Othello`` against easyAI
   ``Negamax`` on easyAI's ``Reversi`` (numpy board), each without and with its table. The
   easyAI board is set up from the gamelib position, so both engines see the same position
   and try the moves in the same order (row by row). easyAI's Reversi has no pass (a side
   that cannot move ends the game), so only positions where nobody runs out of moves within
   the search depth are used; there both engines search the same tree: the values are
   asserted equal, and without tables the node counts too.

What is counted: **positions entered**, the moves made during the search plus one for the
root (calls of gamelib's ``game.result``, easyAI's ``make_move`` or the textbook game's
``result``), a count every engine has; a position answered by a table is counted too. It
comes from one extra run with a counting subclass of each game, not from the timed runs.
gamelib's own ``stats.nodes`` (positions searched: table answers not included) is shown
beside it. µs per node is the best time divided by the positions entered; the ratios are
against gamelib fail-soft + table (× time: the engine's time over gamelib's).

How to run
----------
From the repository root, with the course's Python::

    python benchmarks/peers.py              # 5 runs per tic-tac-toe engine, 3 per Othello one
    python benchmarks/peers.py --runs 9 --othello-runs 1 --othello-depth 3

Where the peers come from
-------------------------
The first run creates a separate virtual environment, ``benchmarks/peers/.venv`` (ignored by
git), and installs the peers pinned in ``benchmarks/peers/requirements.txt`` from PyPI
(easyAI and the numpy its Reversi needs), never into the course's environment. Later runs
reuse it (it is reinstalled only when the requirements file changes). The script then runs
itself again with that environment's Python; gamelib is imported from the repository root
(``import gamelib`` needs no third-party package), so all timings come from one process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PEERS = ROOT / "benchmarks" / "peers"
VENV = PEERS / ".venv"
REQUIREMENTS = PEERS / "requirements.txt"
INSTALLED = VENV / "installed-requirements.txt"
"""A copy of the requirements last installed into the peers' environment."""

INF = float("inf")


# ---------------------------------------------------------------------------------------------
# The peers' environment


def venv_python() -> Path:
    """The Python of the peers' environment."""
    if sys.platform == "win32":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def in_peers_venv() -> bool:
    """Whether this process runs in the peers' environment."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure_peers_venv() -> Path:
    """Create the peers' environment and install the pinned peers, unless already done.

    Returns:
        The environment's Python.

    Raises:
        subprocess.CalledProcessError: if ``venv`` or ``pip`` fails.
    """
    python = venv_python()
    if not python.exists():
        print(f"creating the peers' environment {VENV.relative_to(ROOT)}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    wanted = REQUIREMENTS.read_text(encoding="utf-8")
    if not INSTALLED.exists() or INSTALLED.read_text(encoding="utf-8") != wanted:
        print(f"installing {REQUIREMENTS.relative_to(ROOT)} into it", flush=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)], check=True
        )
        INSTALLED.write_text(wanted, encoding="utf-8")
    return python


# ---------------------------------------------------------------------------------------------
# Timing


@dataclass(frozen=True)
class Timing:
    """The times of ``runs`` runs of one search (seconds) and the value it returned."""

    best: float
    median: float
    value: float


def timed(search: Callable[[], float], runs: int) -> Timing:
    """Run ``search`` ``runs`` times (each run builds anything it needs, tables included).

    Raises:
        AssertionError: if the runs do not all return the same value.
    """
    times = []
    values = set()
    for _ in range(runs):
        started = time.perf_counter()
        values.add(search())
        times.append(time.perf_counter() - started)
    assert len(values) == 1, f"the runs disagree: {values}"
    return Timing(min(times), statistics.median(times), values.pop())


@dataclass(frozen=True)
class Row:
    """One engine's figures.

    Attributes:
        engine: what ran.
        timing: its times and value.
        entered: positions entered (moves made + 1), from a separate counting run.
        searched: the engine's own count of positions searched, when it keeps one.
    """

    engine: str
    timing: Timing
    entered: int
    searched: int | None = None


def print_table(rows: Sequence[Row], reference: Row, runs: int) -> None:
    """Print engine, best and median time, nodes, µs per node and ratios against ``reference``."""
    from gamelib.tables import text_table

    reference_per_node = reference.timing.best / reference.entered
    columns = (
        "engine",
        f"best of {runs} (ms)",
        "median (ms)",
        "nodes",
        "µs/node",
        "× time",
        "× µs/node",
        "gamelib stats.nodes",
    )
    cells = []
    for row in rows:
        per_node = row.timing.best / row.entered
        cells.append(
            {
                "engine": row.engine,
                columns[1]: f"{1e3 * row.timing.best:.1f}",
                "median (ms)": f"{1e3 * row.timing.median:.1f}",
                "nodes": f"{row.entered:,}",
                "µs/node": f"{1e6 * per_node:.2f}",
                "× time": f"{row.timing.best / reference.timing.best:.2f}",
                "× µs/node": f"{per_node / reference_per_node:.2f}",
                "gamelib stats.nodes": "" if row.searched is None else f"{row.searched:,}",
            }
        )
    print(text_table(columns, cells, numeric=columns[1:]))


# ---------------------------------------------------------------------------------------------
# The textbook's α-β search and a textbook tic-tac-toe, written from the pseudo-code


class TupleTicTacToe:
    """Tic-tac-toe the textbook way: a board is a tuple of 9 marks, ``"X"``, ``"O"`` or ``"."``.

    Squares are numbered 0–8 row by row, like gamelib's, and the actions are listed in that
    order. X moves first. ``utility(board, player)`` is +1 if ``player`` has a line, -1 if
    the other player has one, else 0.
    """

    LINES = (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),
        (0, 3, 6), (1, 4, 7), (2, 5, 8),
        (0, 4, 8), (2, 4, 6),
    )  # fmt: skip

    def initial_state(self) -> tuple[str, ...]:
        """The empty board."""
        return (".",) * 9

    def to_move(self, board: tuple[str, ...]) -> str:
        """X when both have as many marks, else O."""
        return "X" if board.count("X") == board.count("O") else "O"

    def actions(self, board: tuple[str, ...]) -> list[int]:
        """The empty squares, in order."""
        return [square for square, mark in enumerate(board) if mark == "."]

    def result(self, board: tuple[str, ...], square: int) -> tuple[str, ...]:
        """The board after the player to move marks ``square``."""
        return (*board[:square], self.to_move(board), *board[square + 1 :])

    def winner(self, board: tuple[str, ...]) -> str | None:
        """The mark that has a line, or None."""
        for first, second, third in self.LINES:
            if board[first] != "." and board[first] == board[second] == board[third]:
                return board[first]
        return None

    def is_terminal(self, board: tuple[str, ...]) -> bool:
        """Somebody has a line or the board is full."""
        return self.winner(board) is not None or "." not in board

    def utility(self, board: tuple[str, ...], player: str) -> int:
        """+1, -1 or 0 for ``player``."""
        winner = self.winner(board)
        if winner is None:
            return 0
        return 1 if winner == player else -1


def alphabeta_search(game: TupleTicTacToe, state: tuple[str, ...]) -> tuple[float, int | None]:
    """The textbook's α-β search: MAX-VALUE and MIN-VALUE calling each other.

    Returns:
        The value of ``state`` for the player to move there, and the move that reaches it.
    """
    player = game.to_move(state)

    def max_value(state: tuple[str, ...], alpha: float, beta: float) -> tuple[float, int | None]:
        if game.is_terminal(state):
            return game.utility(state, player), None
        value: float = -INF
        move = None
        for action in game.actions(state):
            child_value, _ = min_value(game.result(state, action), alpha, beta)
            if child_value > value:
                value, move = child_value, action
                alpha = max(alpha, value)
            if value >= beta:
                return value, move
        return value, move

    def min_value(state: tuple[str, ...], alpha: float, beta: float) -> tuple[float, int | None]:
        if game.is_terminal(state):
            return game.utility(state, player), None
        value: float = INF
        move = None
        for action in game.actions(state):
            child_value, _ = max_value(game.result(state, action), alpha, beta)
            if child_value < value:
                value, move = child_value, action
                beta = min(beta, value)
            if value <= alpha:
                return value, move
        return value, move

    return max_value(state, -INF, INF)


class CountingTupleTicTacToe(TupleTicTacToe):
    """The textbook game, counting the moves made."""

    made = 0

    def result(self, board: tuple[str, ...], square: int) -> tuple[str, ...]:
        CountingTupleTicTacToe.made += 1
        return super().result(board, square)


# ---------------------------------------------------------------------------------------------
# Tic-tac-toe


FLOOR_ROW = "(reference) fail-soft, table inside the search"
"""The row of the table written inside the search: not the course's code, its floor."""


def tictactoe_rows(runs: int) -> list[Row]:
    """Solve tic-tac-toe with every engine; assert every value is the draw, 0."""
    from easyAI import AI_Player, Negamax  # type: ignore[import-not-found,unused-ignore]
    from easyAI import TranspositionTable as EasyTable  # type: ignore[import-not-found,unused-ignore]
    from easyAI.games import TicTacToe as EasyTicTacToe  # type: ignore[import-not-found,unused-ignore]

    from benchmarks.table_floor import failsoft_table_inside
    from gamelib import TicTacToe, TranspositionTable, alphabeta_failsoft
    from gamelib.games.tictactoe import TicTacToeState

    class TableTicTacToe(EasyTicTacToe):  # type: ignore[misc]
        """easyAI's tic-tac-toe with the ``ttentry`` its table needs."""

        def ttentry(self) -> tuple[int, ...]:
            return tuple(self.board)

    class CountingEasyTicTacToe(TableTicTacToe):
        made = 0

        def make_move(self, move: int) -> None:
            CountingEasyTicTacToe.made += 1
            super().make_move(move)

    class CountingTicTacToe(TicTacToe):
        made = 0

        def result(self, state: TicTacToeState, move: int) -> TicTacToeState:
            CountingTicTacToe.made += 1
            return super().result(state, move)

    def solve_easy(game_class: type, table: bool) -> float:
        negamax = Negamax(9, tt=EasyTable() if table else None)
        negamax(game_class([AI_Player(None), AI_Player(None)]))
        return float(negamax.alpha) + 0.0  # + 0.0 turns the draw's -0.0 into 0.0

    def solve_gamelib(game: Any, table: bool) -> tuple[float, int]:
        result = alphabeta_failsoft(game, table=TranspositionTable() if table else None)
        return result.value, result.stats.nodes

    def gamelib_value(table: bool) -> float:
        return solve_gamelib(TicTacToe(), table)[0]

    def solve_textbook(game: TupleTicTacToe) -> float:
        return alphabeta_search(game, game.initial_state())[0]

    rows = []
    for table in (False, True):
        timing = timed(partial(gamelib_value, table), runs)
        CountingTicTacToe.made = 0
        _, searched = solve_gamelib(CountingTicTacToe(), table)
        name = "gamelib alphabeta_failsoft" + (" + TranspositionTable" if table else "")
        rows.append(Row(name, timing, CountingTicTacToe.made + 1, searched))
    timing = timed(lambda: failsoft_table_inside(TicTacToe())[0].value, runs)
    CountingTicTacToe.made = 0
    searched = failsoft_table_inside(CountingTicTacToe())[0].stats.nodes
    rows.append(Row(FLOOR_ROW, timing, CountingTicTacToe.made + 1, searched))
    for table in (False, True):
        timing = timed(partial(solve_easy, TableTicTacToe, table), runs)
        CountingEasyTicTacToe.made = 0
        solve_easy(CountingEasyTicTacToe, table)
        name = "easyAI Negamax(9)" + (" + its TranspositionTable" if table else "")
        rows.append(Row(name, timing, CountingEasyTicTacToe.made + 1))
    timing = timed(partial(solve_textbook, TupleTicTacToe()), runs)
    CountingTupleTicTacToe.made = 0
    solve_textbook(CountingTupleTicTacToe())
    rows.append(
        Row("textbook alphabeta_search, tuple board", timing, CountingTupleTicTacToe.made + 1)
    )
    for row in rows:
        assert row.timing.value == 0, f"{row.engine}: tic-tac-toe is a draw, got {row.timing.value}"
    return rows


# ---------------------------------------------------------------------------------------------
# Othello


def middle_game_positions(count: int, depth: int) -> list[tuple[int, Any]]:
    """``count`` positions after 20 seeded random plies (seeds 1, 2, …), keeping only those
    where every position within ``depth`` - 1 plies has a legal move (no pass, no end).

    Returns:
        ``(seed, state)`` pairs.
    """
    from gamelib import Othello

    game = Othello()

    def nobody_stuck(state: Any, depth: int) -> bool:
        if depth == 0:
            return True
        moves = game.moves(state)
        if len(moves) == 0 or moves[0] < 0:  # the game ends, or the pass move
            return False
        return all(nobody_stuck(game.result(state, move), depth - 1) for move in moves)

    positions: list[tuple[int, Any]] = []
    seed = 0
    while len(positions) < count:
        seed += 1
        generator = random.Random(seed)
        state = game.initial_state()
        for _ in range(20):
            moves = game.moves(state)
            if not moves:  # the game ended early: nobody_stuck rejects the position
                break
            state = game.result(state, generator.choice(moves))
        if nobody_stuck(state, depth):
            positions.append((seed, state))
    return positions


def othello_rows(
    depth: int, runs: int, positions: Sequence[tuple[int, Any]]
) -> tuple[list[Row], list[float]]:
    """Search every position with every engine to ``depth``; the rows hold the totals.

    Returns:
        The rows and the value of each position (the same for every engine).

    Raises:
        AssertionError: if the engines disagree on a value, or the plain searches on the
            node count.
    """
    import numpy as np
    from easyAI import AI_Player, Negamax  # type: ignore[import-not-found,unused-ignore]
    from easyAI import TranspositionTable as EasyTable  # type: ignore[import-not-found,unused-ignore]
    from easyAI.games.Reversi import Reversi  # type: ignore[import-not-found,unused-ignore]

    from gamelib import Othello, TranspositionTable, alphabeta_failsoft
    from gamelib.games.othello import OthelloState

    class SharedReversi(Reversi):  # type: ignore[misc]
        """easyAI's Reversi set up from a gamelib position: the mover's discs are 1."""

        def __init__(self, state: OthelloState) -> None:
            super().__init__([AI_Player(None), AI_Player(None)])
            board = np.zeros((8, 8), dtype=int)
            for square in range(64):
                if state.mover >> square & 1:
                    board[square // 8, square % 8] = 1
                elif state.opponent >> square & 1:
                    board[square // 8, square % 8] = 2
            self.board = board
            self.current_player = 1

        def ttentry(self) -> tuple[bytes, int]:
            return self.board.tobytes(), self.current_player

    class CountingReversi(SharedReversi):
        made = 0

        def make_move(self, move: str) -> None:
            CountingReversi.made += 1
            super().make_move(move)

    class CountingOthello(Othello):
        made = 0

        def result(self, state: OthelloState, move: int) -> OthelloState:
            CountingOthello.made += 1
            return super().result(state, move)

    def disc_difference(game: Any) -> int:
        """The disc difference for the player to move, on easyAI's board."""
        return int(
            np.sum(game.board == game.current_player) - np.sum(game.board == game.opponent_index)
        )

    def search_easy(game_class: type, table: bool, state: OthelloState) -> float:
        negamax = Negamax(depth, disc_difference, tt=EasyTable() if table else None)
        negamax(game_class(state))
        return float(negamax.alpha)

    def search_gamelib(game: Any, table: bool, state: OthelloState) -> tuple[float, int]:
        result = alphabeta_failsoft(
            game, state, depth=depth, table=TranspositionTable() if table else None
        )
        return result.value, result.stats.nodes

    def gamelib_value(table: bool, state: OthelloState) -> float:
        return search_gamelib(Othello(), table, state)[0]

    def count_gamelib(table: bool, state: OthelloState) -> int | None:
        return search_gamelib(CountingOthello(), table, state)[1]

    def count_easy(table: bool, state: OthelloState) -> int | None:
        search_easy(CountingReversi, table, state)
        return None

    # name, the timed search (returns the value), the counting search (returns stats.nodes)
    engines: list[
        tuple[str, Callable[[OthelloState], float], Callable[[OthelloState], int | None]]
    ] = []
    for table in (False, True):
        name = "gamelib alphabeta_failsoft" + (" + TranspositionTable" if table else "")
        engines.append((name, partial(gamelib_value, table), partial(count_gamelib, table)))
    for table in (False, True):
        name = f"easyAI Negamax({depth})" + (" + its TranspositionTable" if table else "")
        engines.append(
            (name, partial(search_easy, SharedReversi, table), partial(count_easy, table))
        )

    rows = []
    values: dict[str, list[float]] = {}
    entered: dict[str, list[int]] = {}
    for name, search, count in engines:
        best = median = 0.0
        searched: int | None = 0
        values[name], entered[name] = [], []
        for _, state in positions:
            timing = timed(partial(search, state), runs)
            best += timing.best
            median += timing.median
            values[name].append(timing.value)
            CountingOthello.made = CountingReversi.made = 0
            nodes = count(state)
            searched = None if nodes is None or searched is None else searched + nodes
            entered[name].append(CountingOthello.made + CountingReversi.made + 1)
        rows.append(Row(name, Timing(best, median, 0.0), sum(entered[name]), searched))
    first = engines[0][0]
    for name, *_ in engines:
        assert values[name] == values[first], f"values differ: {values[name]} and {values[first]}"
    plain_easy = engines[2][0]
    assert entered[plain_easy] == entered[first], (
        f"the plain searches should search the same tree: {entered[plain_easy]} nodes and "
        f"{entered[first]}"
    )
    return rows, values[first]


# ---------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="runs per tic-tac-toe engine")
    parser.add_argument("--othello-runs", type=int, default=3, help="runs per Othello engine")
    parser.add_argument("--othello-depth", type=int, default=4, help="Othello search depth")
    parser.add_argument("--positions", type=int, default=4, help="Othello positions")
    parser.add_argument("--no-othello", action="store_true", help="tic-tac-toe only")
    options = parser.parse_args()
    if options.runs < 1 or options.othello_runs < 1 or options.othello_depth < 1:
        parser.error("--runs, --othello-runs and --othello-depth must be at least 1")

    if not in_peers_venv():
        python = ensure_peers_venv()
        command = [str(python), str(Path(__file__).resolve()), *sys.argv[1:]]
        return subprocess.run(command, check=False).returncode

    sys.path.insert(0, str(ROOT))
    from importlib.metadata import version

    import gamelib

    print(f"Python {sys.version.split()[0]} in {VENV.relative_to(ROOT)}", end=", ")
    print(f"easyAI {version('easyAI')}, numpy {version('numpy')}")
    print(f"gamelib from {Path(gamelib.__file__).parent}")
    print()
    print("Tic-tac-toe solved from the empty board: every engine finds the draw (value 0).")
    print("nodes = positions entered (moves made + 1 for the root, table answers included),")
    print("from one separate counting run; gamelib stats.nodes = positions searched.")
    print("× = against gamelib fail-soft + table.")
    rows = tictactoe_rows(options.runs)
    print_table(rows, rows[1], options.runs)

    if not options.no_othello:
        depth = options.othello_depth
        positions = middle_game_positions(options.positions, depth)
        seeds = ", ".join(str(seed) for seed, _ in positions)
        print()
        print(
            f"Othello, {len(positions)} middle-game positions (20 random plies, seeds {seeds}), "
            f"depth {depth},"
        )
        print("disc difference for the player to move; times and nodes summed over the positions.")
        print("gamelib on its bitboard Othello, easyAI on its numpy Reversi set up the same way;")
        print("values asserted equal, and node counts of the two plain searches.")
        rows, values = othello_rows(depth, options.othello_runs, positions)
        print("values, for the player to move: " + ", ".join(f"{value:g}" for value in values))
        print_table(rows, rows[1], options.othello_runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
