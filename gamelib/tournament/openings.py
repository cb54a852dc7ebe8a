"""The fixed, balanced openings a tournament's games start from.

Two deterministic players meeting twice from the start of the game play the same game twice.
So every pair plays each of a few short *openings* (moves played for both sides before the
players take over), with each colour. An opening should not decide the game, so the course
picks *balanced* ones, the same way every time:

1. List every line of exactly ``plies`` legal moves from the start of the game (a pass is a
   move; a line on which the game ends sooner is dropped), in the game's own move order.
2. Keep one line per position *up to the board's symmetries that fix the starting
   position* (Othello's start is fixed by the half turn and the two diagonal mirrors, so
   f5 and its three mirror images d3, c4 and e6 lead to one game, not four); transposed
   lines (the same position by another move order) count once as well. The line kept is
   the first in the listing.
3. Value each position by the course's α-β (:func:`gamelib.search.alphabeta`, fail-hard,
   cutoff on ≥) to ``depth`` plies with the game's evaluation (Othello: the positional
   evaluation; ``depth=None``: to the end of the game, the exact value), turned to the
   *first* player's view (Black's, X's).
4. Sort by the value's distance from 0, ties by the line's text, and take the first
   ``count``.

So "balanced" means: no other line of that length is nearer to 0 by this search, and the
openings are the same on every machine (:func:`balanced_openings`; its test re-checks all
four steps). The settings per game are in :data:`OPENING_RULES`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gamelib.core import FIRST
from gamelib.games.othello import positional_evaluation
from gamelib.search import alphabeta
from gamelib.tournament.games import GAMES


@dataclass(frozen=True)
class Opening:
    """A short line of moves both players start from.

    Attributes:
        moves: The moves by name (``("f5", "d6", "c3", "d3")``).
        value: Its α-β value from the first player's view (see the module docstring).
    """

    moves: tuple[str, ...]
    value: float

    @property
    def text(self) -> str:
        """The moves separated by spaces (``"f5 d6 c3 d3"``)."""
        return " ".join(self.moves)


@dataclass(frozen=True)
class OpeningRules:
    """How the openings of one game are chosen, and how its board is laid out.

    Attributes:
        make_game: Builds the game (the referee's, :data:`gamelib.tournament.games.GAMES`).
        plies: The length of every opening.
        depth: The α-β depth that values them (None: to the end of the game).
        evaluate: The evaluation at the depth limit (None: the game's own ``evaluate``).
        board_size: The board's side, in squares.
        square: The square number at (row, column), both from 0.
        discs: The two sets of marks of a position (bit ``s`` is square ``s``).
        extras: The rest of the position a symmetry leaves alone (whose move, a pass).
    """

    make_game: Callable[[], Any]
    plies: int
    depth: int | None
    evaluate: Callable[[Any], float] | None
    board_size: int
    square: Callable[[int, int], int]
    discs: Callable[[Any], tuple[int, int]]
    extras: Callable[[Any], Hashable]


OPENING_RULES: Mapping[str, OpeningRules] = {
    "othello": OpeningRules(
        make_game=GAMES["othello"],
        plies=4,
        depth=4,
        evaluate=positional_evaluation,
        board_size=8,
        square=lambda row, column: 8 * row + column,
        discs=lambda state: (state.black, state.white),
        extras=lambda state: state.player,
    ),
    "reversi4x4": OpeningRules(
        make_game=GAMES["reversi4x4"],
        plies=4,
        depth=None,
        evaluate=None,
        board_size=4,
        square=lambda row, column: 6 * (row + 1) + column + 1,
        discs=lambda state: (state.black, state.white),
        extras=lambda state: (state.player, state.passed),
    ),
    "tictactoe": OpeningRules(
        make_game=GAMES["tictactoe"],
        plies=2,
        depth=None,
        evaluate=None,
        board_size=3,
        square=lambda row, column: 3 * row + column,
        discs=lambda state: (state[0], state[1]),
        extras=lambda state: (),
    ),
}
"""The opening settings per game name (the names of :attr:`GameSpec.game
<gamelib.tournament.records.GameSpec.game>`)."""


def opening_lines(game: Any, plies: int) -> Iterator[tuple[Any, ...]]:
    """Every line of exactly ``plies`` legal moves from the start, in the game's move order.

    Lines on which the game ends before ``plies`` moves are left out.
    """

    def extend(state: Any, left: int) -> Iterator[tuple[Any, ...]]:
        if left == 0:
            yield ()
            return
        for move in game.moves(state):
            for rest in extend(game.result(state, move), left - 1):
                yield (move, *rest)

    yield from extend(game.initial_state(), plies)


def _board_symmetries(rules: OpeningRules) -> tuple[dict[int, int], ...]:
    """The board's 8 rotations and mirrors (square → image) that fix the starting position."""
    size = rules.board_size
    last = size - 1
    images: list[Callable[[int, int], tuple[int, int]]] = [
        lambda row, column: (row, column),
        lambda row, column: (column, last - row),
        lambda row, column: (last - row, last - column),
        lambda row, column: (last - column, row),
        lambda row, column: (row, last - column),
        lambda row, column: (last - row, column),
        lambda row, column: (column, row),
        lambda row, column: (last - column, last - row),
    ]
    start = rules.discs(rules.make_game().initial_state())
    symmetries = []
    for image in images:
        mapping = {
            rules.square(row, column): rules.square(*image(row, column))
            for row in range(size)
            for column in range(size)
        }
        if tuple(_mapped(marks, mapping) for marks in start) == start:
            symmetries.append(mapping)
    return tuple(symmetries)


def _mapped(marks: int, mapping: Mapping[int, int]) -> int:
    """The image of a set of squares under a symmetry."""
    return sum(1 << mapping[square] for square in mapping if marks >> square & 1)


def symmetry_key(
    rules: OpeningRules, symmetries: tuple[dict[int, int], ...], state: Any
) -> Hashable:
    """One key for a position and all its images under ``symmetries`` (the smallest image)."""
    marks = rules.discs(state)
    image = min(tuple(_mapped(own, mapping) for own in marks) for mapping in symmetries)
    return (image, rules.extras(state))


def first_player_value(rules: OpeningRules, game: Any, state: Any) -> float:
    """The α-β value of a position to ``rules.depth`` plies, from the first player's view."""
    value = alphabeta(game, state, depth=rules.depth, evaluate=rules.evaluate).value
    return value if game.to_move(state) == FIRST else -value


@functools.cache
def ranked_openings(game_name: str) -> tuple[Opening, ...]:
    """Every opening of a game by its :data:`OPENING_RULES`, most balanced first (computed
    once per process).

    Raises:
        ValueError: for a game with no opening rules.
    """
    if game_name not in OPENING_RULES:
        raise ValueError(f"no openings for the game {game_name!r}; known: {sorted(OPENING_RULES)}")
    return rank_openings(OPENING_RULES[game_name])


def rank_openings(rules: OpeningRules) -> tuple[Opening, ...]:
    """Every line of ``rules.plies`` moves, one per position up to symmetry, most balanced
    first (steps 1–4 of the module docstring)."""
    game = rules.make_game()
    symmetries = _board_symmetries(rules)
    kept: dict[Hashable, tuple[tuple[str, ...], Any]] = {}
    for line in opening_lines(game, rules.plies):
        state = game.initial_state()
        for move in line:
            state = game.result(state, move)
        key = symmetry_key(rules, symmetries, state)
        if key not in kept:
            kept[key] = (tuple(game.move_name(move) for move in line), state)
    openings = [
        Opening(moves, first_player_value(rules, game, state)) for moves, state in kept.values()
    ]
    return tuple(sorted(openings, key=lambda opening: (abs(opening.value), opening.text)))


def balanced_openings(game_name: str, count: int) -> tuple[Opening, ...]:
    """The ``count`` most balanced openings of a game (chosen as the module docstring says).

    Raises:
        ValueError: for an unknown game, or more openings than the game has.
    """
    ranked = ranked_openings(game_name)
    if not 1 <= count <= len(ranked):
        raise ValueError(
            f"{game_name} has {len(ranked)} openings of {OPENING_RULES[game_name].plies} plies "
            f"(up to symmetry); asked for {count}"
        )
    return ranked[:count]


__all__ = ["OPENING_RULES", "Opening", "OpeningRules", "balanced_openings", "ranked_openings"]
