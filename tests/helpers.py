"""What the tests share: hypothesis settings, strategies, small games and naive references.

- :data:`PROFILE` and :func:`scaled`: how many examples a property test runs (the profiles
  themselves are registered in ``tests/conftest.py``).
- Strategies: :func:`trees`, :func:`windows`, :func:`cyclic_games`.
- Games: :class:`Subtraction` (a tiny game for searches through the Game protocol) and
  :data:`CYCLIC_EXAMPLES` (the named game graphs of the repetitions chapter).
- References written without gamelib.search or the games' bitboard code:
  :func:`tic_tac_toe_positions`, :func:`exact_values`, :func:`naive_flips`,
  :func:`naive_moves` (with :data:`OTHELLO_GRID` and :data:`MINIREVERSI_GRID`).
- :data:`JAPANESE`: finds Japanese writing in a text (the Japanese edition's tests).
- :func:`run_node_checker`: runs one of the trainer's Node checkers on a JSON input.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import settings
from hypothesis import strategies as st

from gamelib.games.cyclic import (
    GraphGame,
    ahead_and_behind,
    ghi_example,
    perpetual_check_example,
    plain_cycle,
    sennichite_example,
)
from gamelib.games.othello import Othello, OthelloState
from gamelib.games.tictactoe import TicTacToe, TicTacToeState
from gamelib.trees import Tree, random_tree

# --------------------------------------------------------------------------- hypothesis

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
"""Hiragana, katakana or a CJK ideograph: the text is (at least partly) written in Japanese."""

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
"""The hypothesis profile of this run: ``dev`` (quick, the default) or ``ci`` (thorough)."""


def scaled(examples: int) -> settings:
    """Settings for a property test that runs ``examples`` examples in the ``ci`` profile.

    In the ``dev`` profile it runs a tenth of them, but at least 50 (and never more than
    ``examples``), so that the local loop stays quick. No deadline: the machines are shared.
    """
    count = examples if PROFILE == "ci" else min(examples, max(examples // 10, 50))
    return settings(max_examples=count, deadline=None)


# --------------------------------------------------------------------------- strategies


@st.composite
def trees(draw: st.DrawFn, max_depth: int = 5, max_branching: int = 4, values: int = 9) -> Tree:
    """Random trees: ragged branching, small value range so that ties are common."""
    seed = draw(st.integers(0, 2**32 - 1))
    depth = draw(st.integers(0, max_depth))
    fewest = draw(st.integers(1, max_branching))
    most = draw(st.integers(fewest, max_branching))
    return random_tree(seed, depth, (fewest, most), -values, values)


@st.composite
def windows(draw: st.DrawFn, values: int = 9) -> tuple[float, float]:
    """A window alpha < beta, possibly with infinite ends."""
    ends = st.one_of(st.integers(-values - 1, values + 1), st.just(float("inf")))
    alpha = draw(st.one_of(st.integers(-values - 1, values + 1), st.just(float("-inf"))))
    beta = draw(ends.filter(lambda beta: beta > alpha))
    return (alpha, beta)


@st.composite
def cyclic_games(draw: st.DrawFn, most_inner: int = 5) -> GraphGame:
    """Random game graphs with cycles, end values, estimates and check nodes."""
    inner = [f"n{index}" for index in range(draw(st.integers(1, most_inner)))]
    ends = [f"e{index}" for index in range(draw(st.integers(0, 2)))]
    graph: nx.DiGraph[Hashable] = nx.DiGraph()
    graph.add_nodes_from(inner + ends)
    for node in inner:
        targets = draw(st.lists(st.sampled_from(inner + ends), min_size=1, max_size=3, unique=True))
        graph.add_edges_from((node, target) for target in targets)
    values = {end: draw(st.integers(-2, 2)) for end in ends}
    estimates = {node: draw(st.integers(-2, 2)) for node in inner}
    checks = draw(st.sets(st.sampled_from(inner)))
    return GraphGame(graph, "n0", values, estimates=estimates, checks=checks)


# --------------------------------------------------------------------------- games

CYCLIC_EXAMPLES: list[Callable[[], GraphGame]] = [
    plain_cycle,
    ahead_and_behind,
    sennichite_example,
    perpetual_check_example,
    ghi_example,
]
"""The named game graphs of the repetitions chapter, each with a reachable cycle."""


@dataclass(frozen=True)
class Subtraction:
    """A pile of counters; a move takes 1, 2 or 3; whoever takes the last counter wins.

    The player to move loses exactly when the pile is a multiple of 4. A state is
    (pile, player to move).
    """

    pile: int = 10

    def initial_state(self) -> tuple[int, int]:
        return (self.pile, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def moves(self, state: tuple[int, int]) -> tuple[int, ...]:
        return tuple(take for take in (1, 2, 3) if take <= state[0])

    def result(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        return (state[0] - move, 1 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int]) -> float:
        return -1  # the opponent took the last counter

    def evaluate(self, state: tuple[int, int]) -> float:
        return -1 if state[0] == 0 else 0

    def key(self, state: tuple[int, int]) -> tuple[int, int]:
        return state

    def move_name(self, move: int) -> str:
        return f"take {move}"


# --------------------------------------------------------------------------- references


def tic_tac_toe_positions() -> list[TicTacToeState]:
    """Every legal position reachable from the start, each once."""
    game = TicTacToe()
    seen = {game.initial_state()}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        for move in game.moves(state):
            child = game.result(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted(seen)


def exact_values(game: TicTacToe) -> dict[Hashable, float]:
    """Every position's negamax value, by a memoised recursion independent of gamelib.search."""
    values: dict[Hashable, float] = {}

    def value(state: TicTacToeState) -> float:
        if state not in values:
            moves = game.moves(state)
            values[state] = (
                game.utility(state)
                if not moves
                else max(-value(game.result(state, move)) for move in moves)
            )
        return values[state]

    value(game.initial_state())
    return values


@dataclass(frozen=True)
class Grid:
    """Where the squares of a reversi board sit in a bitboard: square = width·row + column."""

    width: int
    rows: range
    columns: range


OTHELLO_GRID = Grid(8, range(8), range(8))
"""8×8 Othello: bit 8·row + column, a1 = bit 0."""

MINIREVERSI_GRID = Grid(6, range(1, 5), range(1, 5))
"""4×4 reversi: the inner 4×4 of a 6×6 bitboard (a one-square border that is never used)."""

STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def naive_flips(grid: Grid, mover: int, opponent: int, square: int) -> int:
    """The opponent's discs a disc of ``mover`` on ``square`` flips, as a bitboard.

    The slow, obvious reference: from ``square`` walk the 8 directions over the grid; a run
    of opponent discs closed by a mover disc is flipped.
    """
    row, column = divmod(square, grid.width)
    flipped = 0
    for row_step, column_step in STEPS:
        run = 0
        next_row, next_column = row + row_step, column + column_step
        while next_row in grid.rows and next_column in grid.columns:
            bit = 1 << (grid.width * next_row + next_column)
            if opponent & bit:
                run |= bit
            elif mover & bit:
                flipped |= run
                break
            else:
                break
            next_row += row_step
            next_column += column_step
    return flipped


def naive_moves(grid: Grid, mover: int, opponent: int) -> list[int]:
    """The empty squares where ``mover`` flips at least one disc, in increasing order."""
    return [
        grid.width * row + column
        for row in grid.rows
        for column in grid.columns
        if not (mover | opponent) >> (grid.width * row + column) & 1
        and naive_flips(grid, mover, opponent, grid.width * row + column)
    ]


def random_endgame(generator: random.Random, empties: int) -> OthelloState:
    """An Othello position reached by random moves from the start, with at most ``empties``
    empty squares (or more, when a side to move has no move before then)."""
    game = Othello()
    state = game.initial_state()
    while 64 - (state.mover | state.opponent).bit_count() > empties:
        moves = game.moves(state)
        if not moves:
            break
        state = game.result(state, generator.choice(list(moves)))
    return state


def run_node_checker(checker: Path, data: dict[str, Any], directory: str) -> dict[str, Any]:
    """Run the Node script ``checker`` (one of the trainer's ``*check.mjs``) on ``data``,
    written as ``input.json`` in ``directory``; its JSON output, parsed.

    Fails the test, saying what to install, when Node.js is missing. The timeout is a guard
    against a hung Node, not a speed goal (120 s was once exceeded with the machine's load
    average at 23 on 2 cores).
    """
    node = shutil.which("node")
    if node is None:
        pytest.fail(
            f"Node.js is not installed, so {checker.name} cannot check the trainer's JavaScript: "
            "install it (Debian: apt-get install nodejs; the page itself needs only a browser)."
        )
    path = Path(directory) / "input.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(
        [node, str(checker), str(path)], capture_output=True, text=True, timeout=900
    )
    assert run.returncode == 0, f"{checker.name} failed:\n{run.stderr}"
    output: dict[str, Any] = json.loads(run.stdout)
    return output
