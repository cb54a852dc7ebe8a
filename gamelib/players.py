"""Players: small objects that choose a move, from a coin toss to an α-β search.

A player is anything with a ``name`` and a method ``choose(game, state) -> move`` that
returns one of ``game.moves(state)`` (see :class:`GamePlayer`). The players here:

* :class:`RandomPlayer`: a legal move chosen at random.
* :class:`GreedyPlayer`: the move with the best evaluation one ply ahead (in reversi: the most
  discs after the move; in tic-tac-toe: a win in one if there is one).
* :class:`RulePlayer`: tic-tac-toe style rules: take a win in one; optionally also block the
  opponent's win in one.
* :class:`PositionalPlayer`: Othello, one ply ahead with a corner/edge weight table and
  mobility (:func:`positional_evaluation`, weights in :data:`SQUARE_WEIGHTS`).
* :class:`SearchPlayer`: a real search (α-β by default) to a fixed depth.

:func:`tictactoe_cpu` builds the four CPU levels of the tic-tac-toe homework: level 0 plays
at random, level 1 never misses its own win in one, level 2 also blocks the opponent's win in
one, level 3 searches N plies with α-β.

Randomness and ties
-------------------
Every player that needs chance owns a :class:`random.Random` made from its ``seed``, so a
player built with the same seed makes the same choices. :meth:`SeededPlayer.reset` starts
that generator again from a new seed; :func:`gamelib.arena.tournament` calls it before every
game, so a tournament's result depends on the tournament's seed only. When several moves are
equally good, the seeded generator picks one of them (uniformly among the tied moves), so
games between deterministic players still differ from one seed to the next.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, Protocol, runtime_checkable

from gamelib.core import Game
from gamelib.games.othello import positional_evaluation
from gamelib.language import Language, translated
from gamelib.search import alphabeta
from gamelib.search.common import SearchResult
from gamelib.trace import Trace, record

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "player": {"en": "player", "ja": "プレイヤー"},
    "takes a win": {"en": "takes a win", "ja": "勝てる手は逃さない"},
    "wins or blocks": {"en": "wins or blocks", "ja": "勝つか、相手の勝ちを防ぐ"},
    "α-β depth": {"en": "α-β depth {depth}", "ja": "αβ法 深さ {depth}"},
    "search depth": {"en": "{search} depth {depth}", "ja": "{search} 深さ {depth}"},
    "level 0": {"en": "level 0 (random)", "ja": "レベル 0（ランダム）"},
    "level 1": {"en": "level 1 (takes a win)", "ja": "レベル 1（勝てる手は逃さない）"},
    "level 2": {"en": "level 2 (wins or blocks)", "ja": "レベル 2（勝つか、相手の勝ちを防ぐ）"},
    "level 3": {"en": "level 3 (α-β {plies} plies)", "ja": "レベル 3（αβ法で {plies} 手読み）"},
}
"""The players' default names, in English and Japanese. The English text is the name code
uses (``player.name``: tables and notebooks look players up by it); :func:`player_label`
shows it in the reader's language. "Random", "Greedy" and "Positional" are the source's
names for its players and stay as they are in every language."""


def player_label(name: str, language: str | None = None) -> str:
    """A player's name as a table shows it in ``language`` (None: the course-wide setting):
    a default name of :data:`WORDS` translated, any other name as it is.

    >>> player_label("level 3 (α-β 9 plies)", "ja"), player_label("α-β depth 2", "ja")
    ('レベル 3（αβ法で 9 手読み）', 'αβ法 深さ 2')
    """
    return translated(name, WORDS.values(), language)


Evaluation = Callable[[Any], float]
"""A heuristic: a state's value for the player to move there."""

Search = Callable[..., SearchResult]
"""A search with the common call shape of :mod:`gamelib.search`."""


@runtime_checkable
class GamePlayer(Protocol):
    """What a game needs from a player: a name, and a move for any position.

    Attributes:
        name: How the player is shown in tables (for example ``"α-β depth 3"``).
    """

    name: str

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """One of ``game.moves(state)``; ``state`` is not terminal."""
        ...


@runtime_checkable
class Reseedable(Protocol):
    """A player whose random choices can be started again from a seed."""

    def reset(self, seed: int) -> None:
        """Start the player's random generator again from ``seed``."""
        ...


def legal_moves(game: Game[Any, Any], state: Any) -> Sequence[Any]:
    """The legal moves of ``state``.

    Raises:
        ValueError: if the game is over (there is nothing to choose).
    """
    moves = game.moves(state)
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    return moves


def leaf_value(game: Game[Any, Any], state: Any, evaluate: Evaluation | None = None) -> float:
    """A state's value for the player to move there, the way a search sees a leaf.

    The utility when the game is over, else ``evaluate(state)`` (default: the game's own
    evaluation).
    """
    if game.is_terminal(state):
        return game.utility(state)
    return (game.evaluate if evaluate is None else evaluate)(state)


def one_ply_values(
    game: Game[Any, Any], state: Any, evaluate: Evaluation | None = None
) -> list[tuple[Any, float]]:
    """Every legal move with its value one ply ahead, for the player to move in ``state``.

    The value of a move is the negated :func:`leaf_value` of the position after it: the
    evaluation there is from the opponent's view.
    """
    return [
        (move, -leaf_value(game, game.result(state, move), evaluate))
        for move in legal_moves(game, state)
    ]


class SeededPlayer:
    """A player with a name and its own seeded random generator (a base class).

    Args:
        seed: Seed of the player's :class:`random.Random`.
        name: How the player is shown; subclasses give a default.

    Attributes:
        seed: The seed the generator was last started from.
        random: The player's generator: the only source of chance it uses.
    """

    name = WORDS["player"]["en"]

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        self.seed = seed
        self.random = random.Random(seed)
        if name is not None:
            self.name = name

    def reset(self, seed: int) -> None:
        """Start the generator again from ``seed`` (a tournament does this before each game)."""
        self.seed = seed
        self.random = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """One of ``game.moves(state)``: each subclass says how it chooses."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it chooses a move")

    def pick_best(self, scored: Sequence[tuple[Any, float]]) -> Any:
        """The move with the highest value; ties are broken by the seeded generator."""
        best = max(value for _, value in scored)
        return self.random.choice([move for move, value in scored if value == best])

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


class RandomPlayer(SeededPlayer):
    """Plays a legal move chosen uniformly at random (tic-tac-toe CPU level 0)."""

    name = "Random"

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """A uniformly random legal move."""
        return self.random.choice(legal_moves(game, state))


class GreedyPlayer(SeededPlayer):
    """Looks one ply ahead and plays the move whose position evaluates best.

    With the games' own evaluations that means: in reversi and Othello, the move after which
    the player has the most discs compared with the opponent (the write-up's "Greedy"); in
    tic-tac-toe, a win in one whenever there is one, else any move (CPU level 1's rule).
    Ties are broken by the seeded generator.

    Args:
        seed: Seed for breaking ties.
        evaluate: A heuristic for the player to move (default: the game's ``evaluate``);
            a finished game is always scored by its utility.
        name: How the player is shown (default ``"Greedy"``).
    """

    name = "Greedy"

    def __init__(
        self, seed: int = 0, evaluate: Evaluation | None = None, name: str | None = None
    ) -> None:
        super().__init__(seed, name)
        self.evaluate = evaluate

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """The move with the best one-ply value (:func:`one_ply_values`)."""
        return self.pick_best(one_ply_values(game, state, self.evaluate))


def winning_moves(game: Game[Any, Any], state: Any) -> list[Any]:
    """The moves that end the game at once with a win for the player to move."""
    wins = []
    for move in legal_moves(game, state):
        child = game.result(state, move)
        if game.is_terminal(child) and game.utility(child) < 0:  # a loss for the opponent
            wins.append(move)
    return wins


class RulePlayer(SeededPlayer):
    """Plays by two simple rules, looking at most two plies ahead (tic-tac-toe CPU 1 and 2).

    1. If a move wins at once, play one (never miss a win in one).
    2. Only with ``blocks=True``: otherwise, play a move after which the opponent has as few
       winning replies as possible. In tic-tac-toe that is exactly "block the opponent's win
       in one": when the opponent threatens one square, only taking that square leaves it no
       win; with two threats no move stops both, and taking one of them still leaves the
       fewest.
    3. Otherwise, a random move.

    All choices among equally good moves are made by the seeded generator. The rules use only
    the :class:`~gamelib.core.Game` protocol, so they work for any game.

    Args:
        blocks: Whether rule 2 is used (level 2) or not (level 1).
        seed: Seed for the random choices.
        name: How the player is shown.
    """

    def __init__(self, blocks: bool = False, seed: int = 0, name: str | None = None) -> None:
        super().__init__(seed, name)
        self.blocks = blocks
        if name is None:
            self.name = WORDS["wins or blocks" if blocks else "takes a win"]["en"]

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """A win in one if there is one; else (with ``blocks``) a block; else a random move."""
        wins = winning_moves(game, state)
        if wins:
            return self.random.choice(wins)
        moves = legal_moves(game, state)
        if not self.blocks:
            return self.random.choice(moves)
        scored = []
        for move in moves:
            child = game.result(state, move)
            replies = 0 if game.is_terminal(child) else len(winning_moves(game, child))
            scored.append((move, -float(replies)))
        return self.pick_best(scored)


class PositionalPlayer(SeededPlayer):
    """Othello: looks one ply ahead and plays the move with the best positional score.

    The score is :func:`positional_evaluation` of the position after the move (negated: it is
    the opponent's turn there), so the player grabs corners, avoids the squares next to empty
    corners and keeps its options open, rather than counting discs. Ties are broken by the
    seeded generator.

    Args:
        seed: Seed for breaking ties.
        name: How the player is shown (default ``"Positional"``).
    """

    name = "Positional"

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """The move whose resulting position is worst for the opponent."""
        scored = [
            (move, -float(positional_evaluation(game.result(state, move))))
            for move in legal_moves(game, state)
        ]
        return self.pick_best(scored)


# --------------------------------------------------------------------------- search players

RootOrder = Literal["one-ply", "shuffled", "given"]
"""How a :class:`SearchPlayer` orders the moves at the root (see there)."""


class SearchPlayer(SeededPlayer):
    """Searches to a fixed depth (α-β by default) and plays the best move found.

    The root's moves are put in an order before the search, and among moves of equal value
    the search keeps the first one it found (every search of :mod:`gamelib.search` only
    replaces its best move by a strictly better one). So the root order is the tie-break:

    * ``"one-ply"`` (default): shuffled by the seeded generator, then sorted (stably) by
      their value one ply ahead. A win in one comes first, so it is never postponed for a
      win later that has the same value; other ties are broken at random.
    * ``"shuffled"``: shuffled only: a uniformly random choice among the best moves.
    * ``"given"``: the game's order: a deterministic choice.

    Below the root, moves are searched in the game's order. The order never changes the
    value of the root, only which of the best moves is played and how much is pruned.

    Args:
        search: A search with the common call shape (default :func:`~gamelib.search.alphabeta`).
        depth: Plies to search; ``None`` searches to the end of the game.
        evaluate: Heuristic at the depth limit (default: the game's ``evaluate``).
        seed: Seed for the root order.
        root_order: See above.
        name: How the player is shown (default ``"α-β depth N"``).

    Attributes:
        last_result: The :class:`~gamelib.search.SearchResult` of the latest search.
        nodes: Nodes entered by all searches of this player so far.
    """

    def __init__(
        self,
        search: Search = alphabeta,
        depth: int | None = 3,
        evaluate: Evaluation | None = None,
        seed: int = 0,
        root_order: RootOrder = "one-ply",
        name: str | None = None,
    ) -> None:
        super().__init__(seed, name)
        if depth is not None and depth < 1:
            raise ValueError(f"a search player must look at least 1 ply ahead, not {depth}")
        if root_order not in ("one-ply", "shuffled", "given"):
            raise ValueError(
                f"root_order must be 'one-ply', 'shuffled' or 'given', not {root_order!r}"
            )
        self.search = search
        self.depth = depth
        self.evaluate = evaluate
        self.root_order: RootOrder = root_order
        self.last_result: SearchResult | None = None
        self.nodes = 0
        if name is None:
            label = "α-β" if search is alphabeta else search.__name__
            self.name = WORDS["search depth"]["en"].format(
                search=label, depth="∞" if depth is None else depth
            )

    def ordered_root_moves(self, game: Game[Any, Any], state: Any) -> list[Any]:
        """The root's moves in the order the search will try them (uses the generator)."""
        moves = list(legal_moves(game, state))
        if self.root_order == "given":
            return moves
        self.random.shuffle(moves)
        if self.root_order == "shuffled":
            return moves
        values = dict(one_ply_values(game, state, self.evaluate))
        return sorted(moves, key=lambda move: -values[move])

    def _options(self, game: Game[Any, Any], state: Any) -> dict[str, Any]:
        root_moves = self.ordered_root_moves(game, state)

        def order(node: Any, moves: Sequence[Any]) -> Sequence[Any]:
            return root_moves if node is state else moves

        return {"state": state, "depth": self.depth, "evaluate": self.evaluate, "order": order}

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """The best move found by the search (see the class docstring for ties)."""
        result = self.search(game, **self._options(game, state))
        self.last_result = result
        self.nodes += result.stats.nodes
        return result.move

    def choose_traced(self, game: Game[Any, Any], state: Any) -> tuple[Any, Trace]:
        """Like :meth:`choose`, but the search is recorded: ``(move, trace)``.

        The move is the one the recorded run chose, so a drawing of the trace shows exactly
        the search that made the move.
        """
        trace = record(self.search, game, **self._options(game, state))
        self.last_result = trace.result
        self.nodes += trace.result.stats.nodes
        return trace.result.move, trace


def tictactoe_cpu(level: int, plies: int = 9, seed: int = 0) -> SeededPlayer:
    """The CPU players of the tic-tac-toe homework.

    Args:
        level: 0 plays at random; 1 never misses its own win in one; 2 also blocks the
            opponent's win in one; 3 searches ``plies`` plies with α-β (9 plies: perfect play,
            it never loses).
        plies: Depth of the level-3 search (1–9).
        seed: Seed for the random choices.

    Raises:
        ValueError: for a level other than 0–3, or plies outside 1–9.
    """
    if level == 0:
        return RandomPlayer(seed, name=WORDS["level 0"]["en"])
    if level == 1:
        return RulePlayer(blocks=False, seed=seed, name=WORDS["level 1"]["en"])
    if level == 2:
        return RulePlayer(blocks=True, seed=seed, name=WORDS["level 2"]["en"])
    if level == 3:
        if not 1 <= plies <= 9:
            raise ValueError(f"plies must be 1–9 for tic-tac-toe, not {plies}")
        return SearchPlayer(
            alphabeta, depth=plies, seed=seed, name=WORDS["level 3"]["en"].format(plies=plies)
        )
    raise ValueError(f"tic-tac-toe CPU levels are 0, 1, 2 and 3, not {level!r}")
