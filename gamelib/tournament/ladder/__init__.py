"""The course's ladder: its own players as player files, so that a rating means something
from one class to the next.

Each file is a tiny :mod:`gamelib.tournament.player` file: a class ``Player(game, side)``
wrapping one of :mod:`gamelib.players`' players (:class:`LadderPlayer`). The players that
break ties at random take their seed from Python's ``random`` module, which the player's
process seeds from the game's seed before it loads the file, so a game between ladder
players is the same game every time it is played with the same spec.

* ``Random``: a legal move at random.
* ``Greedy``: the best move one ply ahead by the game's own evaluation (discs in reversi).
* ``Positional``: in Othello, one ply ahead by :func:`gamelib.games.othello.positional_evaluation`
  (corners, edges, mobility); in the other games, the game's own evaluation (as Greedy).
* ``α-β depth 1`` … ``α-β depth 4``: :class:`gamelib.players.SearchPlayer` with α-β to that
  depth, with the positional evaluation in Othello and the game's own elsewhere; they return
  a :class:`~gamelib.tournament.player.Report` (depth, nodes, value, principal variation).

:data:`LADDER` lists them all; :data:`RUNGS` names the ones a tournament's ``--ladder`` adds
(see there for why ``α-β depth 1`` and ``α-β depth 3`` are not rungs).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from gamelib.games.othello import Othello, positional_evaluation
from gamelib.players import (
    Evaluation,
    GamePlayer,
    GreedyPlayer,
    PositionalPlayer,
    RandomPlayer,
    SearchPlayer,
)
from gamelib.search import alphabeta
from gamelib.tournament.player import Clock, Report

FOLDER: Final = Path(__file__).resolve().parent

LADDER: Final[Mapping[str, str]] = {
    "Random": str(FOLDER / "random_moves.py"),
    "Greedy": str(FOLDER / "greedy.py"),
    "Positional": str(FOLDER / "positional.py"),
    "α-β depth 1": str(FOLDER / "alphabeta_1.py"),
    "α-β depth 2": str(FOLDER / "alphabeta_2.py"),
    "α-β depth 3": str(FOLDER / "alphabeta_3.py"),
    "α-β depth 4": str(FOLDER / "alphabeta_4.py"),
}
"""Every ladder player's display name and player file, weakest (by design) first: the
players ``player check --against`` and ``player play --against`` may name."""

RUNGS: Final[tuple[str, ...]] = (
    "Random",
    "Greedy",
    "Positional",
    "α-β depth 2",
    "α-β depth 4",
)
"""The rungs of the ladder: the players ``--ladder`` adds to a tournament (and the website's
ladder tournament plays), weakest (by design) first. Each plays differently from the others
in Othello: Greedy counts discs one ply ahead, Positional weighs squares and mobility one ply
ahead, α-β searches 2 or 4 plies with that same positional evaluation. ``α-β depth 1`` is
not a rung: in Othello it is Positional (one ply, the same evaluation) up to tie-breaks, and
two players that choose the same moves would only share their points at random. ``α-β depth
3`` is not one either, to keep the website's tournament short (at two openings a sixth rung
would add 20 games to its 40); from 2 to 4 plies the step between neighbours is clear."""


def game_seed() -> int:
    """A seed for a ladder player's tie-breaks, drawn from Python's ``random`` module (seeded
    from the game's seed and the side by the player's process)."""
    return random.randrange(2**32)


def positional_or_own(game: Any) -> Evaluation | None:
    """The positional evaluation for Othello, None (the game's own) for the other games."""
    return positional_evaluation if isinstance(game, Othello) else None


def greedy_player(game: Any) -> GamePlayer:
    """The ladder's Greedy player."""
    return GreedyPlayer(seed=game_seed())


def random_player(game: Any) -> GamePlayer:
    """The ladder's Random player."""
    return RandomPlayer(seed=game_seed())


def positional_player(game: Any) -> GamePlayer:
    """The ladder's Positional player (Greedy outside Othello)."""
    if isinstance(game, Othello):
        return PositionalPlayer(seed=game_seed())
    return GreedyPlayer(seed=game_seed(), name="Positional")


def alphabeta_player(game: Any, depth: int) -> GamePlayer:
    """The ladder's α-β player of ``depth`` plies."""
    return SearchPlayer(alphabeta, depth=depth, evaluate=positional_or_own(game), seed=game_seed())


class LadderPlayer:
    """One of the course's players behind the tournament's interface.

    Args:
        player: The course player that chooses the moves.
    """

    def __init__(self, player: GamePlayer) -> None:
        self.player = player

    def choose_move(self, game: Any, state: Any, clock: Clock) -> Any:
        """The course player's move; for a search player, a :class:`Report` of its search
        (value from the mover's view, the principal variation by move names)."""
        move = self.player.choose(game, state)
        if isinstance(self.player, SearchPlayer) and self.player.last_result is not None:
            result = self.player.last_result
            return Report(
                move=move,
                depth=self.player.depth,
                nodes=result.stats.nodes,
                value=float(result.value),
                principal_variation=[game.move_name(each) for each in result.pv],
            )
        return move


__all__ = ["LADDER", "RUNGS", "LadderPlayer"]
