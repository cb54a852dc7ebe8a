"""Repetitions: positions that come back on the path, and how a search scores them.

In a game with cycles (chess, shogi, a token moving on a ring) a position can return. A
search that simply follows the moves would then go round and round forever. The cure is
*path-based repetition detection*: the search remembers the positions on the line it is
looking at — the game's own history before the root, then the search path from the root —
and a position that is already on that line is not searched again. It is scored by the
rules of the game instead, by a :class:`Policy`:

* :data:`chess_draw`: a repetition is a draw, value 0. So the side that is ahead avoids it
  and the side that is behind seeks it.
* :func:`sennichite`: the shogi rule — the game is replayed with colours swapped, which
  slightly favours the player who moved second; scored as a small ``edge`` for that player.
* :func:`perpetual_check_loses`: if one side gave check with every one of its moves in the
  cycle, that side loses (shogi's rule for perpetual check).
* ``Policy(rule)``: any rule you write, ``rule(cycle) -> value``.

**Hash, then compare fully.** Comparing whole positions is slow, so the path is indexed by a
cheap *hash* of each position's key: only when the hashes are equal are the keys compared in
full. :attr:`~gamelib.search.common.SearchStats.key_collisions` counts equal hashes of
different positions, :attr:`~gamelib.search.common.SearchStats.repetitions` the real
repetitions. A game may offer ``repetition_hash(key) -> int`` (for example a toy hash with one
bit per occupied square); otherwise Python's ``hash`` of the key is used.

**Repetitions and the transposition table.** A repetition's value depends on the path, not
on the position alone, so a plain :class:`~gamelib.search.table.TranspositionTable` used with
repetition detection can give a wrong root value (the *graph-history interaction*, GHI).
:class:`HistoryAwareTable` implements two remedies; see the repetitions notebook.

Every search wired with :func:`repeating` terminates on a finite game, even with
``depth=None``: the path never holds a position twice, so it is at most as long as the
number of different positions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from gamelib.core import SECOND, Bound, Player, opponent
from gamelib.search.common import SearchProblem
from gamelib.search.table import Entry, TranspositionTable

# --------------------------------------------------------------------------- cycles


@dataclass(frozen=True)
class Cycle:
    """A repetition found by the search: the positions from the earlier occurrence back to it.

    Turns alternate, so the player to move at ``keys[j]`` is ``player`` when
    ``len(keys) - 1 - j`` is even and the opponent otherwise.

    Attributes:
        keys: the keys of the positions from the earlier occurrence to the repetition, both
            ends included (``keys[0] == keys[-1]``); ``len(keys) - 1`` moves lie between.
        player: the player to move at the repeated position: the value is for this player.
        first_seen_at_ply: where the earlier occurrence is: its ply from the root (0 = the
            root), negative for the game's history before the root (−1 = the last position
            before the root).
        ply: the ply of the repeated position.
    """

    keys: tuple[Hashable, ...]
    player: Player
    first_seen_at_ply: int
    ply: int

    def reached_by(self, player: Player) -> tuple[Hashable, ...]:
        """The positions reached by ``player``'s moves in the cycle (the one after each move)."""
        last = len(self.keys) - 1
        mover_is_player = (self.player == player) == (last % 2 == 0)
        return tuple(
            self.keys[index + 1]
            for index in range(last)
            if mover_is_player == (index % 2 == 0)  # the mover alternates with each index
        )


# --------------------------------------------------------------------------- policies


@dataclass(frozen=True)
class Policy:
    """How a repetition is scored.

    ``rule(cycle)`` returns the value of the repeated position **for the player to move
    there** (``cycle.player``), like every value in gamelib. The rule should depend on the
    cycle's positions only (not on the ply), so that the value of a cycle is a property of
    the game, not of where the search meets it.

    Attributes:
        rule: the scoring function.
        name: how the policy is shown.
    """

    rule: Callable[[Cycle], float]
    name: str = "custom"

    def __call__(self, cycle: Cycle) -> float:
        """The value of the repetition ``cycle`` for the player to move at its end."""
        return self.rule(cycle)

    def __repr__(self) -> str:
        return f"Policy({self.name!r})"


def _draw(cycle: Cycle) -> float:
    return 0


chess_draw = Policy(_draw, "chess draw")
"""Chess: a repetition is a draw, value 0 for both sides.

The side that is ahead (its other moves are worth more than 0) avoids the repetition; the
side that is behind (its other moves are worth less than 0) seeks it.
"""


def sennichite(edge: float = 0.1) -> Policy:
    """Shogi's *sennichite*: the game is replayed with colours swapped.

    In the replay the player who moved second (:data:`~gamelib.core.SECOND`) now moves
    first, a small advantage; the repetition is scored as that advantage. Rule: the value is
    ``+edge`` when the player to move at the repeated position is SECOND and ``−edge`` when
    it is FIRST (so from FIRST's view it is always ``−edge``).

    Args:
        edge: the size of the second player's advantage, a small positive number (smaller
            than any real win or loss).

    Raises:
        ValueError: for an edge that is not positive.
    """
    if not edge > 0:
        raise ValueError(f"edge must be a small positive number, not {edge!r}")

    def replayed(cycle: Cycle) -> float:
        return edge if cycle.player == SECOND else -edge

    return Policy(replayed, f"sennichite (edge {edge:g} for the second player)")


def perpetual_check_loses(
    is_check: Callable[[Hashable], bool],
    *,
    loss: float = -1.0,
    otherwise: Policy = chess_draw,
) -> Policy:
    """Perpetual check loses: the side that gave check with every one of its moves loses.

    Rule: look at the moves of the cycle. A move gives check when the position it reaches
    has its player to move in check (``is_check(key)``). If all moves of one side gave check
    and not all of the other side's did, the checking side loses: the value is ``loss`` for
    it (and ``−loss`` for the other side). Otherwise (nobody, or both sides, checked every
    time) the cycle is scored by ``otherwise``.

    Args:
        is_check: the game's hook: is the player to move in the position with this key in
            check? (:meth:`gamelib.games.cyclic.GraphGame.is_check`,
            :meth:`gamelib.games.chessgame.ChessGame.is_check`).
        loss: the value of a loss for the side that loses (−1, the value of being mated).
        otherwise: the policy for cycles that are not a one-sided perpetual check.
    """

    def checked(cycle: Cycle) -> float:
        mover_checks = all(is_check(key) for key in cycle.reached_by(cycle.player))
        other_checks = all(is_check(key) for key in cycle.reached_by(opponent(cycle.player)))
        if mover_checks and not other_checks:
            return loss
        if other_checks and not mover_checks:
            return -loss
        return otherwise(cycle)

    return Policy(checked, f"perpetual check loses, else {otherwise.name}")


# --------------------------------------------------------------------------- the wrapper


class _Path:
    """The positions before the current node: the history, then the search path.

    ``keys[index]`` is at ply ``index - offset``. ``codes`` indexes the keys by their
    repetition hash. ``looked_at`` (kept only for a :class:`HistoryAwareTable`) holds, for
    every node on the search path, the keys of all positions its search has looked at.
    """

    def __init__(
        self, history: Sequence[Hashable], hash_of: Callable[[Hashable], int], track: bool
    ) -> None:
        self.keys: list[Hashable] = []
        self.codes: dict[int, list[int]] = {}
        self.hash_of = hash_of
        self.offset = len(history)
        self.on_path: dict[Hashable, int] = {}
        self.looked_at: list[set[Hashable]] | None = [] if track else None
        for key in history:
            self.push(key, hash_of(key))

    def push(self, key: Hashable, code: int) -> None:
        self.codes.setdefault(code, []).append(len(self.keys))
        self.keys.append(key)
        self.on_path[key] = self.on_path.get(key, 0) + 1
        if self.looked_at is not None:
            self.looked_at.append({key})

    def pop(self, code: int) -> None:
        key = self.keys.pop()
        indices = self.codes[code]
        indices.pop()
        if not indices:
            del self.codes[code]
        count = self.on_path[key] - 1
        if count:
            self.on_path[key] = count
        else:
            del self.on_path[key]
        if self.looked_at is not None:
            seen = self.looked_at.pop()
            if self.looked_at:
                self.looked_at[-1] |= seen

    def above(self, seen: set[Hashable] | frozenset[Hashable]) -> bool:
        """Whether a key in ``seen`` is on the path above the current (last) node."""
        current = self.keys[-1]
        return any(key != current and key in self.on_path for key in seen)


NodeSearch = TypeVar("NodeSearch", bound=Callable[..., float])
"""A negamax-form node function ``search(state, depth, ..., line) -> value``."""


def repeating(
    search: NodeSearch,
    problem: SearchProblem,
    policy: Policy,
    history: Sequence[Hashable] | None = None,
    *,
    table: TranspositionTable | None = None,
    tracer: Any = None,
) -> NodeSearch:
    """Wrap a negamax-form node function so that repeated positions are scored, not searched.

    The wrapper keeps the keys of the positions before the current node: ``history`` (the
    game's positions before the root, oldest first), then the search path. Entering a node
    (other than the root), it looks for the node's key among them — by hash first, then by
    comparing keys in full — and if it is there, returns ``policy(cycle)`` (the value for
    the player to move at the node) without searching it. Otherwise it puts the key on the
    path, runs ``search``, and takes the key off again.

    Wire it after the transposition table's wrapper, so that a repetition is found before
    the table is asked about the position::

        if repetition is not None:
            search = repeating(search, problem, repetition, history, table=table, tracer=tracer)

    Guarantee: no position occurs twice on the path, so on a finite game every search
    terminates, even without a depth limit. The root is never scored as a repetition (its
    moves are always searched), even when its key is in ``history``. The value found is the
    minimax value of the game in which every first return to a position on the line is a
    leaf worth the policy's value.

    Args:
        search: the node function; its first two arguments are the state and the depth.
        problem: the search problem (its game gives the keys, its stats the counters).
        policy: how a repetition is scored.
        history: the keys of the positions played before the root, oldest first.
        table: the search's transposition table; a :class:`HistoryAwareTable` is connected
            to this search's path.
        tracer: the search's tracer; its ``repetition(value, ply)`` hook is called.
    """
    game, stats = problem.game, problem.stats
    key_of = game.key
    hash_of: Callable[[Hashable], int] = getattr(game, "repetition_hash", hash)
    guard = table if isinstance(table, HistoryAwareTable) else None
    path = _Path(history or (), hash_of, track=guard is not None)
    player_to_move = game.to_move

    def repeated(state: Any, depth: float, *rest: Any) -> float:
        key = key_of(state)
        code = hash_of(key)
        earlier = path.codes.get(code)
        at_root = len(path.keys) == path.offset
        if earlier is not None and not at_root:  # the root is never a repetition
            for index in reversed(earlier):
                if path.keys[index] != key:  # the full comparison
                    stats.key_collisions += 1
                    continue
                stats.repetitions += 1
                first_seen = index - path.offset
                cycle = Cycle(
                    (*path.keys[index:], key),
                    player_to_move(state),
                    first_seen,
                    len(path.keys) - path.offset,
                )
                value = policy(cycle)
                if path.looked_at is not None:
                    path.looked_at[-1].add(key)
                if tracer is not None:
                    tracer.repetition(value, first_seen)
                return value
        path.push(key, code)
        if at_root and guard is not None:
            guard.watch(path)  # the table follows this search's path while it runs ...
        try:
            return search(state, depth, *rest)
        finally:
            path.pop(code)
            if at_root and guard is not None:
                guard.watch(None)  # ... and no longer: a later search may use the table

    return cast(NodeSearch, repeated)


# --------------------------------------------------------------------------- GHI remedies

Remedy = Literal["skip", "visited"]
"""How a :class:`HistoryAwareTable` avoids the graph-history interaction."""


class HistoryAwareTable(TranspositionTable):
    """A transposition table that knows a value may depend on the path (the GHI problem).

    Used with a repetition policy, a search result can depend on positions *above* the node
    (a repetition of one of them scored inside the subtree): such a result is
    *path-dependent*. Two remedies:

    * ``"skip"``: path-dependent results are not stored. A simple remedy, not the usual
      practice (most engines ignore the interaction or use partial workarounds; general
      solutions: Breuker, van den Herik, Uiterwijk & Allis 1998; Kishimoto & Müller 2004). It
      stops a value found *with* a repetition from being reused on a path without it, but
      not the converse: a result stored on one path may be reused on another path where
      its subtree would have met a repetition.
    * ``"visited"`` (the default): as ``"skip"``, and each entry also remembers every
      position its search looked at; it answers a later search only if none of those
      positions is on that search's path above the node. Then the later search would have
      looked at exactly the same positions with the same outcomes, so the reuse is sound:
      with it, the table never changes the root value of a search to the end. With a depth
      limit it can: an entry from a deeper search answers a shallower one with the deeper
      value (notebook 06's depth effect, which this remedy does not address; reusing
      entries only at the same depth, :class:`gamelib.experiments.ghi.SameDepthTable`,
      removes it).

    Without repetition detection (``repetition=None``) it is a plain table.

    Attributes:
        remedy: the remedy used.
        skipped: results not stored because they were path-dependent.
        rejected: entries found but not used because their positions meet the path.
    """

    def __init__(self, capacity: int | None = None, *, remedy: Remedy = "visited") -> None:
        if remedy not in ("skip", "visited"):
            raise ValueError(f"remedy must be 'skip' or 'visited', not {remedy!r}")
        super().__init__(capacity)
        self.remedy: Remedy = remedy
        self.looked_at: dict[Hashable, frozenset[Hashable]] = {}
        self.skipped = 0
        self.rejected = 0
        self._path: _Path | None = None

    def watch(self, path: _Path | None) -> None:
        """Follow the path of the search that starts now, or (``None``) stop following when
        it ends (called by :func:`repeating` at the root). Without a path, the table is a
        plain table."""
        self._path = path

    def probe(self, key: Hashable) -> Entry | None:
        entry = super().probe(key)
        path = self._path
        if entry is None or path is None or path.looked_at is None or self.remedy == "skip":
            return entry
        seen = self.looked_at.get(key, frozenset())
        if path.above(seen):
            self.rejected += 1
            return None
        path.looked_at[-1] |= seen
        return entry

    def store(self, key: Hashable, depth: float, value: float, bound: Bound, move: Any) -> None:
        path = self._path
        if path is None or path.looked_at is None:
            super().store(key, depth, value, bound, move)
            return
        seen = path.looked_at[-1]
        if path.above(seen):
            self.skipped += 1
            return
        stores = self.stats.stores
        super().store(key, depth, value, bound, move)
        if self.remedy == "visited" and self.stats.stores > stores:
            self.looked_at[key] = frozenset(seen)

    def clear(self) -> None:
        super().clear()
        self.looked_at.clear()
        self.skipped = self.rejected = 0
