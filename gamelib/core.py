"""The vocabulary every part of gamelib shares: players, infinity, the Game protocol, errors.

A *game* here is a two-player, zero-sum, perfect-information game with alternating turns
(a side with no legal move may have to pass: then "pass" is its one move). Values are
always numbers, and unless a function says otherwise they are seen from the side of the
**player to move** (the negamax convention): positive is good for the mover, 0 is equal,
and the opponent's value of the same position is the negation.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias, TypeVar, runtime_checkable

if TYPE_CHECKING:
    import random

INF: float = math.inf
"""Infinity, used for the open ends of an (alpha, beta) window."""

Player = int
"""A player: FIRST (0) or SECOND (1)."""

FIRST: Player = 0
"""The player who moves first: MAX at the root of a textbook tree, X, Black in reversi."""

SECOND: Player = 1
"""The player who moves second: MIN at the root's children, O, White in reversi."""


def opponent(player: Player) -> Player:
    """The other player."""
    return 1 - player


View: TypeAlias = Literal["max", "mover"]
"""Whose view a value is seen from: MAX's (the player to move at the root, as in minimax), or
the player to move at each node (as in negamax). Trees are parsed, searches work, and
pictures are shown in one of the two."""


class Bound(enum.StrEnum):
    """What a value says about the true value v of its position: v = value (exact),
    v ≥ value (a lower bound) or v ≤ value (an upper bound).

    A ``StrEnum``: ``Bound.LOWER == "lower"``, so a bound reads as its word.
    """

    EXACT = "exact"
    LOWER = "lower"
    UPPER = "upper"

    def negated(self) -> Bound:
        """The bound on −v: negating a value swaps lower and upper."""
        if self is Bound.LOWER:
            return Bound.UPPER
        if self is Bound.UPPER:
            return Bound.LOWER
        return self


class IllegalMoveError(ValueError):
    """A move that is not legal in the position it was played in."""


State = TypeVar("State")
Move = TypeVar("Move")


@runtime_checkable
class Game(Protocol[State, Move]):
    """What a search needs to know about a game.

    States are immutable values; ``result`` returns a new state and never changes the old
    one. Every value (``utility``, ``evaluate``) is from the view of the player to move in
    the state it is asked about.
    """

    def initial_state(self) -> State:
        """The position the game starts from."""
        ...

    def to_move(self, state: State) -> Player:
        """The player whose turn it is in ``state``."""
        ...

    def moves(self, state: State) -> Sequence[Move]:
        """The legal moves in ``state``, in the fixed order the game documents.

        Empty exactly when ``state`` is terminal. A side that must pass has one move, the
        game's pass move.
        """
        ...

    def result(self, state: State, move: Move) -> State:
        """The state after playing ``move`` (which must be one of ``moves(state)``).

        Searches call this with legal moves only, so it need not check; use
        :func:`play` to play a move that comes from a person.
        """
        ...

    def is_terminal(self, state: State) -> bool:
        """Whether the game is over in ``state``."""
        ...

    def utility(self, state: State) -> float:
        """The final score of a terminal ``state``, for the player to move there."""
        ...

    def evaluate(self, state: State) -> float:
        """A heuristic value of ``state`` for the player to move (``utility`` when terminal)."""
        ...

    def key(self, state: State) -> Hashable:
        """A hashable key: equal positions (same board, same player to move) have equal keys."""
        ...

    def move_name(self, move: Move) -> str:
        """How the move is written for people (e.g. ``"f5"``, ``"pass"``)."""
        ...


def play(game: Game[State, Move], state: State, move: Move) -> State:
    """Play ``move`` in ``state`` after checking that it is legal.

    Raises:
        IllegalMoveError: naming the move, and listing the legal moves.
    """
    legal = game.moves(state)
    if move not in legal:
        if not legal:
            raise IllegalMoveError(f"the game is over: no move can be played (got {move!r})")
        names = ", ".join(game.move_name(each) for each in legal)
        raise IllegalMoveError(f"illegal move {move!r}; the legal moves are: {names}")
    return game.result(state, move)


def play_words(
    game: Game[State, Move],
    text: str,
    parse: Callable[[str], Move],
    state: State | None = None,
) -> State:
    """Play moves written as words (``"b2 a1, c3"``) from ``state`` (default: the start).

    Raises:
        ValueError: from ``parse``, for a word that is not a move.
        IllegalMoveError: naming the word that is not legal where it is played.
    """
    position = game.initial_state() if state is None else state
    for word in text.replace(",", " ").split():
        try:
            position = play(game, position, parse(word))
        except IllegalMoveError as error:
            raise IllegalMoveError(f"{word!r}: {error}") from None
    return position


def play_random(
    game: Game[State, Move],
    plies: int,
    generator: random.Random,
    state: State | None = None,
) -> tuple[State, list[Move]]:
    """Play ``plies`` random legal moves from ``state`` (default: the start).

    Each move is ``generator.choice(game.moves(position))``: uniform over the legal moves in
    the game's own order, so the same seed gives the same moves on every machine. The
    generator is shared, not copied: the caller seeds it once (``random.Random(seed)``) and
    may go on using it, for example for several positions in a row.

    Returns:
        The position reached and the moves played, in order. Fewer than ``plies`` moves
        when the game ends first (the position is then terminal).

    Raises:
        ValueError: for a negative number of plies.
    """
    if plies < 0:
        raise ValueError(f"plies must be 0 or more, not {plies}")
    position = game.initial_state() if state is None else state
    played: list[Move] = []
    for _ in range(plies):
        moves = game.moves(position)
        if not moves:
            break
        move = generator.choice(moves)
        played.append(move)
        position = game.result(position, move)
    return position, played
