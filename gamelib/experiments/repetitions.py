"""The measurements of the repetitions notebook (07): policies compared on one game, the
even sennichite case, the perpetual-check position's facts, and the memory of the
"visited" remedy.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import chess

from gamelib.core import FIRST, SECOND, Game
from gamelib.experiments.report import Table, table
from gamelib.games.boards import BoardPicture, SideBySide
from gamelib.games.chessgame import ChessGame, material, mates_in_one
from gamelib.games.cyclic import GraphGame, sennichite_example
from gamelib.search import alphabeta
from gamelib.search.common import SearchResult
from gamelib.search.repetition import Cycle, HistoryAwareTable, Policy
from gamelib.trace import Repetition, TableAnswer, Trace


@dataclass(frozen=True)
class PolicyComparison:
    """The same search under several repetition policies.

    Attributes:
        results: the search result under each policy, by the policy's name.
        lines: the best line of each, as text.
    """

    results: dict[str, SearchResult]
    lines: dict[str, str]

    def table(self) -> Table:
        """Policy, value for the player to move at the root, best line, nodes."""
        return table(
            ["policy", "value for the player to move", "best line", "nodes"],
            [
                (name, result.value, self.lines[name], result.stats.nodes)
                for name, result in self.results.items()
            ],
        )

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __str__(self) -> str:
        return str(self.table())


NO_DETECTION = "no repetition detection"
"""The name :func:`compare_policies` gives a search without a policy (``None``)."""


def compare_policies(
    search: Callable[..., SearchResult],
    policies: Iterable[Policy | None],
    *,
    line: Callable[[Sequence[Any]], str] = lambda pv: " → ".join(map(str, pv)),
    **options: Any,
) -> PolicyComparison:
    """Run ``search(**options, repetition=policy)`` for every policy.

    Args:
        search: the search, with its game (and state) given by ``options`` (``game=``…).
        policies: the repetition policies (``None``: no repetition detection).
        line: writes a principal variation as text.
        options: passed to the search (``game``, ``state``, ``depth``, ``order``…).
    """
    results = {
        NO_DETECTION if policy is None else policy.name: search(**options, repetition=policy)
        for policy in policies
    }
    return PolicyComparison(results, {name: line(result.pv) for name, result in results.items()})


def sennichite_even_example() -> GraphGame:
    """An even position for sennichite: each side's other move draws (0).

    ``start`` (FIRST) → ``a`` (SECOND) → ``start`` repeats; ``start`` → ``start draws`` and
    ``a`` → ``a draws`` are end nodes worth 0. Under the chess rule every line is worth 0.
    Under sennichite (a replay with colours swapped, an edge for the second player) the first
    player avoids the repetition and the second seeks it: 「互角ならば、先手は千日手を避け、
    後手は千日手に」.
    """
    import networkx as nx

    graph: nx.DiGraph[Hashable] = nx.DiGraph()
    graph.add_edges_from(
        [("start", "a"), ("start", "start draws"), ("a", "start"), ("a", "a draws")]
    )
    return GraphGame(
        graph, "start", {"start draws": 0, "a draws": 0}, name="sennichite: an even position"
    )


def pictures_along(
    game: Game[Any, Any],
    state: Any,
    moves: Sequence[Any],
    picture: Callable[..., BoardPicture],
    size: int = 170,
) -> SideBySide:
    """The pictures of ``state`` and of the position after each of ``moves``, side by side,
    captioned "start" and by the moves' names; ``picture(state, size=…)`` draws one."""
    pictures, captions = [picture(state, size=size)], ["start"]
    for move in moves:
        state = game.result(state, move)
        pictures.append(picture(state, size=size))
        captions.append(game.move_name(move))
    return SideBySide(pictures, captions)


def events(trace: Trace) -> list[Repetition | TableAnswer]:
    """The repetitions met and the table's answers in a trace, in order."""
    return [event for event in trace.events if isinstance(event, Repetition | TableAnswer)]


def visited_memory(table: HistoryAwareTable) -> tuple[int, int]:
    """(entries, positions remembered in their "visited" sets, all entries together)."""
    return len(table), sum(len(seen) for seen in table.looked_at.values())


@dataclass(frozen=True)
class Threat:
    """The facts of a position where the side to move is about to be mated.

    Attributes:
        fen: the position.
        material: the side to move's material minus the opponent's, in pawns.
        mates_if_passed: the opponent's mates in one if the side to move could pass (SAN).
        quiet_moves: the side to move's moves that do not give check.
        quiet_allowing_mate: how many of those allow a mate in one.
        checks: the side to move's checking moves (SAN, sorted).
    """

    fen: str
    material: int
    mates_if_passed: tuple[str, ...]
    quiet_moves: int
    quiet_allowing_mate: int
    checks: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(
            [
                f"FEN: {self.fen}",
                f"material for the side to move: {self.material:+d} pawns",
                f"mates in one if it passed: {', '.join(self.mates_if_passed)}",
                f"moves that are not checks: {self.quiet_moves}; after "
                f"{self.quiet_allowing_mate} of them the opponent mates in one",
                f"checks: {', '.join(self.checks)}",
            ]
        )


def threat(board: chess.Board) -> Threat:
    """What the side to move in ``board`` faces: material, mate threats, its checks."""
    passed = board.copy()
    passed.push(chess.Move.null())
    quiet = [move for move in board.legal_moves if not board.gives_check(move)]
    allowing = 0
    for move in quiet:
        board.push(move)
        allowing += bool(mates_in_one(board))
        board.pop()
    return Threat(
        board.fen(),
        material(board, board.turn),
        tuple(passed.san(move) for move in mates_in_one(passed)),
        len(quiet),
        allowing,
        tuple(sorted(board.san(move) for move in board.legal_moves if board.gives_check(move))),
    )


@dataclass(frozen=True)
class Line:
    """The positions along a line of chess moves, with a caption for each.

    Attributes:
        states: the start and the position after each move.
        captions: "start" and, for each move, its SAN and the number of legal replies.
        repeats: whether the last position is the first again (same key).
    """

    states: tuple[chess.Board, ...]
    captions: tuple[str, ...]
    repeats: bool

    def pictures(self, picture: Callable[..., BoardPicture], size: int = 190) -> SideBySide:
        """The positions side by side, drawn by ``picture(state, last_move=…, size=…)``."""
        return SideBySide(
            [
                picture(state, last_move=state.peek() if state.move_stack else None, size=size)
                for state in self.states
            ],
            self.captions,
        )


def play_line(game: ChessGame, board: chess.Board, uci_moves: Sequence[str]) -> Line:
    """Play ``uci_moves`` from ``board`` in ``game``."""
    states, captions = [board], ["start"]
    for uci in uci_moves:
        move = chess.Move.from_uci(uci)
        san = states[-1].san(move)
        states.append(game.result(states[-1], move))
        replies = states[-1].legal_moves.count()
        captions.append(f"{san} ({replies} legal {'reply' if replies == 1 else 'replies'})")
    return Line(tuple(states), tuple(captions), game.key(states[-1]) == game.key(states[0]))


def keys_of(game: ChessGame, line: Line) -> tuple[Hashable, ...]:
    """The position keys along a line."""
    return tuple(game.key(state) for state in line.states)


def check_policy(policy: Policy) -> None:
    """Notebook 07, exercise 2: check a student's "the player who repeats loses" policy.

    Prints what is still missing, raises AssertionError saying what is wrong, or prints why the
    answer is right.
    """
    sample = Cycle((("p", SECOND), ("q", FIRST), ("p", SECOND)), SECOND, 0, 2)
    value: Any = policy(sample)
    if value is ... or value is None:
        print("no answer yet: replace ... with a number computed from the cycle")
        return
    assert isinstance(value, int | float), f"a policy must return a number, not {value!r}"
    assert value == 1, (
        "the first player moved into p (it repeats), so it loses: for the second player, "
        f"who is to move at p, that is worth +1, not {value!r}"
    )
    assert policy(Cycle((("q", FIRST), ("p", SECOND), ("q", FIRST)), FIRST, 0, 2)) == 1, (
        "the value is for the player to move at the repeated position: the same +1 for "
        "whoever it is"
    )
    searched = alphabeta(sennichite_example(), repetition=policy).value
    assert searched == 1, f"on sennichite_example your rule should give +1, not {searched}"
    print(
        "right: the player to move at a repetition always wins under this rule, so in "
        "sennichite_example the first player's move a forces the second to repeat or lose."
    )
