"""The games a tournament can be played in, by name, and their moves by name.

The referee and each player's process build the game from its name (``GameSpec.game``) and
exchange moves as the game writes them (``game.move_name``: ``"f5"``, ``"pass"``), so nothing
but plain text crosses the pipe between them. This module is imported by the player's own
process (:mod:`gamelib.tournament.child`), so it imports only the games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe


class NamedMovesGame(Protocol):
    """What a tournament needs of a game beyond :class:`gamelib.core.Game`: moves by name."""

    def initial_state(self) -> Any: ...
    def to_move(self, state: Any) -> int: ...
    def moves(self, state: Any) -> Sequence[Any]: ...
    def result(self, state: Any, move: Any) -> Any: ...
    def is_terminal(self, state: Any) -> bool: ...
    def utility(self, state: Any) -> float: ...
    def move_name(self, move: Any) -> str: ...
    def parse_move(self, text: str) -> Any: ...


GAMES: Final[Mapping[str, Callable[[], NamedMovesGame]]] = {
    "othello": Othello,
    "reversi4x4": MiniReversi,
    "tictactoe": TicTacToe,
}
"""Each tournament game's name and how to build it: Othello with the official scoring, 4×4
reversi from the crossed start (``"WB/BW"``), tic-tac-toe."""


def make_game(name: str) -> NamedMovesGame:
    """A fresh game object for ``name`` (one of :data:`GAMES`).

    Raises:
        ValueError: for another name, listing the known ones.
    """
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the tournament games are {', '.join(GAMES)}")
    return GAMES[name]()


def parse_legal_move(game: NamedMovesGame, state: Any, name: str) -> Any:
    """The legal move of ``state`` that ``name`` writes.

    Raises:
        ValueError: if ``name`` is not a move of the game, or the move is not legal in
            ``state`` (the message names the move and the legal ones).
    """
    move = game.parse_move(name)
    legal = game.moves(state)
    if move not in legal:
        names = ", ".join(game.move_name(each) for each in legal) or "none (the game is over)"
        raise ValueError(f"{game.move_name(move)!r} is not legal here; the legal moves are {names}")
    return move


def replay(game: NamedMovesGame, names: Sequence[str]) -> Any:
    """The position after playing the moves ``names`` from the start, each checked legal.

    Raises:
        ValueError: at the first move that is not a legal move (see :func:`parse_legal_move`).
    """
    state = game.initial_state()
    for name in names:
        state = game.result(state, parse_legal_move(game, state, name))
    return state


def forced_pass(game: NamedMovesGame, state: Any) -> Any | None:
    """The pass move when it is the only legal move of ``state`` (the referee plays it for the
    side to move, without asking), else None."""
    moves = game.moves(state)
    if len(moves) == 1 and game.move_name(moves[0]) == "pass":
        return moves[0]
    return None


def final_position(game: NamedMovesGame, opening: Sequence[str], chosen: Sequence[str]) -> Any:
    """The position a game ends in: the ``opening``, then the moves the players ``chosen``
    (a result's ``moves``), with the forced passes the referee played between and after them.

    Raises:
        ValueError: at the first move that is not legal.
    """
    state = replay(game, opening)
    for name in chosen:
        while (move := forced_pass(game, state)) is not None:
            state = game.result(state, move)
        state = game.result(state, parse_legal_move(game, state, name))
    while (move := forced_pass(game, state)) is not None:
        state = game.result(state, move)
    return state


def first_player_score(game: NamedMovesGame, state: Any) -> float:
    """The final utility of a finished game from the first player's view (the game's own
    utility is from the view of the side to move in ``state``)."""
    utility = game.utility(state)
    return utility if game.to_move(state) == 0 else -utility
