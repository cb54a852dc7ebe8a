"""Hash keys and what a table does with them: collisions, short signatures, depth.

Notebook 06 asks two questions of a transposition table, and this module answers each by
computation rather than by assertion:

* **What if two positions share a key?** :class:`~gamelib.search.table.TranspositionTable`
  keeps the whole key and compares it on every look-up, so it is never fooled. Real programs
  usually store only part of a 64-bit key (a *signature*) and accept a rare false match.
  :func:`collision_probability` and :func:`false_match_rate` estimate how rare (the birthday
  bound); :class:`SignatureTable` keeps only ``bits`` bits of each key and trusts a match, and
  :func:`find_signature_error` finds a position where that gives a wrong value.
* **Does a sound table ever change a value?** Not when every transposition is met at the
  same remaining depth, or when the search goes to the end. On a game graph where a position
  can be met at different remaining depths, an entry searched deeper answers a shallower
  search with a deeper (better-informed, but different) value: :func:`find_depth_changes`
  finds such cases on random cyclic graphs with a random evaluation of every inner node.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from gamelib.core import Game, play_random
from gamelib.games.cyclic import WORDS as GAME_WORDS
from gamelib.games.cyclic import GraphGame, random_cyclic_game
from gamelib.games.tictactoe import TicTacToe, TicTacToeState
from gamelib.search.alphabeta import alphabeta
from gamelib.search.common import SearchResult
from gamelib.search.minimax import negamax
from gamelib.search.table import Entry, TranspositionTable

# --------------------------------------------------------------------------- collisions


def collision_probability(entries: int, key_bits: int) -> float:
    """The birthday bound: the chance that some two of ``entries`` positions share a key.

    With keys of ``key_bits`` random bits there are ``K = 2**key_bits`` keys, and the chance
    that ``N`` positions all get different keys is about ``exp(−N(N−1) / 2K)``; this returns
    one minus that (accurate when ``N`` is small next to ``K``, an estimate otherwise).

    Raises:
        ValueError: if ``entries`` is negative or ``key_bits`` is not positive.
    """
    _check(entries, key_bits)
    return -math.expm1(-entries * (entries - 1) / 2 / 2.0**key_bits)


def false_match_rate(entries: int, key_bits: int) -> float:
    """The chance that one look-up of a *new* position matches one of ``entries`` stored keys.

    Each stored key equals the new position's random ``key_bits``-bit key with probability
    ``2**−key_bits``, so the chance of a false match is ``1 − (1 − 2**−key_bits)**entries``,
    about ``entries / 2**key_bits``. A table that trusts its keys returns a wrong entry that
    often (whether the wrong entry then changes the search's answer is another matter).

    Raises:
        ValueError: if ``entries`` is negative or ``key_bits`` is not positive.
    """
    _check(entries, key_bits)
    return -math.expm1(entries * math.log1p(-(2.0**-key_bits)))


def _check(entries: int, key_bits: int) -> None:
    if entries < 0:
        raise ValueError(f"entries must be at least 0, not {entries}")
    if key_bits < 1:
        raise ValueError(f"key_bits must be at least 1, not {key_bits}")


def key_is_the_position(game: Game[Any, Any], state: Any) -> bool:
    """Whether ``game.key(state)`` is made of the position's own fields, not a hash of them.

    :class:`~gamelib.search.table.TranspositionTable` compares the whole key on every look-up,
    so where the key is the position (tic-tac-toe's pair of bitboards; 4×4 reversi's discs,
    side to move and pass flag, without the list of empty squares that the discs and the
    game's fixed order determine) the table compares whole positions and is never fooled;
    where the key is a number computed from the position (Othello's 64-bit Zobrist key) the
    table trusts the key. The check: the key is a tuple, and each of its items is one of the
    state's fields.
    """
    key = game.key(state)
    fields = tuple(state)
    return isinstance(key, tuple) and all(item in fields for item in key)


# --------------------------------------------------------------------------- Zobrist keys


class ZobristTicTacToe(TicTacToe):
    """Tic-tac-toe whose :meth:`key` is a 64-bit Zobrist hash instead of the exact bitboards.

    A fixed random 64-bit number for each (mark, square) and one for "O to move"; the key is
    the XOR of the numbers of the marks on the board (and of the side number when O is to
    move), as :meth:`gamelib.games.othello.Othello.key` does for Othello. Equal positions get
    equal keys; different positions almost surely different ones.
    """

    def __init__(self, seed: int = 2024) -> None:
        generator = random.Random(seed)
        self.x_numbers = tuple(generator.getrandbits(64) for _ in range(9))
        self.o_numbers = tuple(generator.getrandbits(64) for _ in range(9))
        self.o_to_move = generator.getrandbits(64)

    def key(self, state: TicTacToeState) -> int:  # type: ignore[override]
        """The Zobrist hash of the position (marks and side to move)."""
        mover, other = state
        o_moves = self.to_move(state) == 1
        x_marks, o_marks = (other, mover) if o_moves else (mover, other)
        key = self.o_to_move if o_moves else 0
        for square in range(9):
            if x_marks >> square & 1:
                key ^= self.x_numbers[square]
            elif o_marks >> square & 1:
                key ^= self.o_numbers[square]
        return key


class SignatureTable(TranspositionTable):
    """A table that keeps only the low ``bits`` bits of each key and trusts a match.

    This is the practice of most game programs taken to an extreme: the entry for a key is
    found by its signature alone, so two positions whose keys agree in those bits share one
    entry, and a look-up can return another position's result. Nothing else of the rule
    changes (depth and bound are checked as usual).

    Raises:
        ValueError: if ``bits`` is not positive.
    """

    def __init__(self, bits: int) -> None:
        if bits < 1:
            raise ValueError(f"bits must be at least 1, not {bits}")
        super().__init__(capacity=1 << bits)
        self.bits = bits

    def _slot(self, key: Hashable) -> int:
        """The low ``bits`` bits of ``key``: all of the key the table keeps."""
        if not isinstance(key, int):
            raise ValueError(f"a SignatureTable needs integer keys, not {key!r}")
        return key & ((1 << self.bits) - 1)

    def get(self, key: Hashable) -> Entry | None:
        """The entry stored under ``key``'s signature, whichever position it was for."""
        return self.entries.get(self._slot(key))


@dataclass(frozen=True)
class SignatureError:
    """A search that a :class:`SignatureTable` led to a wrong value.

    Attributes:
        bits: the key bits the table kept.
        state: the position searched.
        expected: the value with an exact table (or none).
        got: the value with the signature table.
        checked: how many positions were searched before this one.
    """

    bits: int
    state: Any
    expected: float
    got: float
    checked: int


def find_signature_error(
    game: Game[Any, Any],
    states: Iterable[Any],
    bits: int,
    search: Callable[..., SearchResult],
) -> SignatureError | None:
    """The first of ``states`` whose value changes when ``search`` uses ``bits``-bit keys.

    Each position is searched to the end twice: with a fresh :class:`SignatureTable` and
    without a table. Returns None if no position shows a difference.
    """
    for checked, state in enumerate(states, start=1):
        got = search(game, state, table=SignatureTable(bits)).value
        expected = search(game, state).value
        if got != expected:
            return SignatureError(bits, state, expected, got, checked)
    return None


# --------------------------------------------------------------------------- depth


@dataclass(frozen=True)
class TwoLengths:
    """One position reached from ``start`` by two lines of different length.

    Attributes:
        start: the position both lines start from.
        position: the position both lines reach (same discs, same side to move).
        shorter: the moves of the shortest line to it.
        longer: the moves of a longer line to it (in Othello the extra plies are passes).
    """

    start: Any
    position: Any
    shorter: tuple[Any, ...]
    longer: tuple[Any, ...]


def reached_at_two_lengths(game: Game[Any, Any], start: Any, plies: int) -> TwoLengths | None:
    """The first position that lines from ``start`` reach at two different plies, if any.

    Breadth-first, ply by ply up to ``plies``: each position keeps the first line that reached
    it; the first non-terminal position met again at a later ply is returned with both lines.
    A search of ``start`` to a fixed depth meets that position with two different remaining
    depths (a terminal position would not matter: it is scored the same at any depth).
    """
    first_line: dict[Any, tuple[Any, ...]] = {start: ()}
    level: dict[Any, tuple[Any, ...]] = {start: ()}
    for _ in range(plies):
        following: dict[Any, tuple[Any, ...]] = {}
        for state, line in level.items():
            if game.is_terminal(state):
                continue
            for move in game.moves(state):
                child = game.result(state, move)
                if child in first_line and not game.is_terminal(child):  # met before
                    return TwoLengths(start, child, first_line[child], (*line, move))
                following.setdefault(child, (*line, move))
        for state, line in following.items():
            first_line.setdefault(state, line)
        level = following
    return None


def find_two_lengths(
    game: Game[Any, Any], seeds: Iterable[int], random_plies: int, plies: int
) -> TwoLengths:
    """The first :func:`reached_at_two_lengths` case after ``random_plies`` random moves.

    For each seed in turn, the start is the position after ``random_plies`` random legal
    moves (:func:`gamelib.core.play_random` with ``random.Random(seed)``).

    Raises:
        LookupError: if no seed gives a case.
    """
    for seed in seeds:
        start, _ = play_random(game, random_plies, random.Random(seed))
        found = reached_at_two_lengths(game, start, plies)
        if found is not None:
            return found
    raise LookupError(f"no position is reached at two lengths within {plies} plies")


def with_random_evaluation(game: GraphGame, seed: int, values: Iterable[int]) -> GraphGame:
    """The same game graph with a random estimate (FIRST's view) for every inner node.

    The estimates are drawn from ``values`` with ``random.Random(seed)``, in the order of the
    graph's nodes, so the same seed gives the same evaluation.
    """
    generator = random.Random(seed)
    choices = list(values)
    estimates = {
        node: generator.choice(choices) for node in game.graph if game.graph.out_degree(node)
    }
    return GraphGame(
        game.graph,
        game.start,
        game.values,
        estimates=estimates,
        name=GAME_WORDS["random evaluation"]["en"].format(name=game.name),
    )


@dataclass(frozen=True)
class DepthChange:
    """A depth-limited negamax whose value a correct table changes.

    Attributes:
        game: the game graph with its evaluation.
        arguments: the ``random_cyclic_game`` arguments ``(seed, nodes, edges, ends)``.
        depth: the depth searched.
        without: the value without a table.
        with_table: the value with a (correct) :class:`TranspositionTable`.
    """

    game: GraphGame
    arguments: tuple[int, int, int, int]
    depth: int
    without: float
    with_table: float


def depth_changes(
    seeds: Iterable[int],
    depths: Iterable[int],
    *,
    nodes: int = 8,
    edges: int = 12,
    ends: int = 2,
    values: tuple[int, ...] = (-3, -2, -1, 0, 1, 2, 3),
) -> Iterator[tuple[int, int, DepthChange | None]]:
    """For each (seed, depth): negamax on a random cyclic graph with and without a table.

    The graph is ``random_cyclic_game(seed, nodes, edges, ends)`` with a random evaluation of
    its inner nodes (:func:`with_random_evaluation`, drawn from ``values`` with the same
    seed). Yields ``(seed, depth, change)``, where ``change`` is None when both values agree.
    """
    depth_list = list(depths)
    for seed in seeds:
        graph = random_cyclic_game(seed, nodes, edges, ends)
        game = with_random_evaluation(graph, seed, values)
        for depth in depth_list:
            without = negamax(game, depth=depth).value
            with_table = negamax(game, depth=depth, table=TranspositionTable()).value
            change = None
            if with_table != without:
                arguments = (seed, nodes, edges, ends)
                change = DepthChange(game, arguments, depth, without, with_table)
            yield seed, depth, change


def find_depth_changes(
    seeds: Iterable[int], depths: Iterable[int], **options: Any
) -> tuple[int, list[DepthChange]]:
    """Every (seed, depth) case of :func:`depth_changes` where the table changes the value.

    Returns:
        ``(cases tried, changes found)``.
    """
    tried = 0
    found = []
    for _, _, change in depth_changes(seeds, depths, **options):
        tried += 1
        if change is not None:
            found.append(change)
    return tried, found


def game_depth_changes(
    game: Game[Any, Any], states: Iterable[Any], depths: Iterable[int]
) -> tuple[int, list[tuple[int, int, float, float]]]:
    """For each state (numbered from 0) and depth: ``alphabeta`` to that depth with and
    without a new (correct) :class:`~gamelib.search.table.TranspositionTable`.

    Guarantee: every (state, depth) case where the two values differ is listed, none other.

    Returns:
        ``(cases tried, changes)``, each change ``(state number, depth, value without a
        table, value with one)``.
    """
    depth_list = list(depths)
    tried = 0
    changes = []
    for number, state in enumerate(states):
        for depth in depth_list:
            tried += 1
            without = alphabeta(game, state, depth=depth).value
            with_table = alphabeta(game, state, depth=depth, table=TranspositionTable()).value
            if with_table != without:
                changes.append((number, depth, without, with_table))
    return tried, changes
