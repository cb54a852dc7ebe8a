"""The measurements of the repetitions notebook (07): policies compared on one game, the
even sennichite case, the perpetual-check position's facts, and the memory of the
"visited" remedy.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import chess

from gamelib.core import FIRST, SECOND, Game
from gamelib.experiments.report import Table, table
from gamelib.games.boards import BoardPicture, SideBySide
from gamelib.games.chessgame import ChessGame, material, mates_in_one
from gamelib.games.cyclic import WORDS as GAME_WORDS
from gamelib.games.cyclic import GraphGame, sennichite_example
from gamelib.language import Language, translated, words
from gamelib.search import alphabeta
from gamelib.search.common import SearchResult
from gamelib.search.repetition import Cycle, HistoryAwareTable, Policy
from gamelib.search.table import TranspositionTable
from gamelib.trace import Repetition, TableAnswer, Trace

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "column: policy": {"en": "policy", "ja": "ポリシー"},
    "column: value": {"en": "value for the player to move", "ja": "手番側から見た値"},
    "column: best line": {"en": "best line", "ja": "最善進行"},
    "column: nodes": {"en": "nodes", "ja": "ノード数"},
    # what each table costs on one solve
    "column: table": {"en": "table", "ja": "置換表"},
    "column: root value": {"en": "root value", "ja": "根の値"},
    "column: nodes entered": {"en": "nodes entered", "ja": "訪れたノード数"},
    "column: entries stored": {"en": "entries stored", "ja": "保存したエントリ"},
    "column: results not stored": {"en": "results not stored", "ja": "保存しなかった結果"},
    "column: entries not used": {"en": "entries not used", "ja": "使わなかったエントリ"},
    "column: visited positions": {
        "en": "positions in 'visited' sets",
        "ja": "'visited' 集合の局面",
    },
    "table: none": {"en": "no table", "ja": "置換表なし"},
    "table: plain": {"en": "plain table", "ja": "素朴な置換表"},
    "table: skip": {"en": "remedy 'skip'", "ja": "対策 'skip'"},
    "table: visited": {"en": "remedy 'visited'", "ja": "対策 'visited'"},
    # the policies' names: the English text is the name code uses (Policy.name)
    "policy: none": {"en": "no repetition detection", "ja": "繰り返しを検出しない"},
    "policy: chess draw": {"en": "chess draw", "ja": "チェスのルール（引き分け）"},
    "policy: sennichite": {
        "en": "sennichite (edge {edge} for the second player)",
        "ja": "千日手（後手に {edge} の有利）",
    },
    "policy: perpetual check": {
        "en": "perpetual check loses, else {name}",
        "ja": "連続王手の千日手は負け、それ以外は{name}",
    },
    "policy: custom": {"en": "custom", "ja": "独自の規則"},
    # pictures along a line
    "start": {"en": "start", "ja": "開始局面"},
    "legal reply": {
        "en": "{move} ({replies} legal reply)",
        "ja": "{move}（合法な応手 {replies} 通り）",
    },
    "legal replies": {
        "en": "{move} ({replies} legal replies)",
        "ja": "{move}（合法な応手 {replies} 通り）",
    },
    # the threat of mate
    "fen": {"en": "FEN: {fen}", "ja": "局面（FEN）：{fen}"},
    "material": {
        "en": "material for the side to move: {material:+d} pawns",
        "ja": "手番側の駒の損得：ポーン {material:+d} 個分",
    },
    "mates if passed": {
        "en": "mates in one if it passed: {mates}",
        "ja": "パスできたとしたら、相手の一手詰め：{mates}",
    },
    "quiet moves": {
        "en": "moves that are not checks: {quiet}; after {allowing} of them the opponent mates "
        "in one",
        "ja": "王手でない手：{quiet} 手。そのうち {allowing} 手の後、相手は一手で詰ませます",
    },
    "checks": {"en": "checks: {checks}", "ja": "王手になる手：{checks}"},
    "separator": {"en": ", ", "ja": "、"},
    # check_policy
    "no answer": {
        "en": "no answer yet: replace ... with a number computed from the cycle",
        "ja": "まだ答えがありません：... を、循環（cycle）から計算した数に置き換えてください",
    },
    "not a number": {
        "en": "a policy must return a number, not {value}",
        "ja": "ポリシーは数を返さなければなりません（返されたのは {value}）",
    },
    "first player repeats": {
        "en": "the first player moved into p (it repeats), so it loses: for the second player, "
        "who is to move at p, that is worth +1, not {value}",
        "ja": "先手が p に指して局面を繰り返したので、先手の負けです。p で手番の後手にとって、"
        "その値は {value} ではなく +1 です",
    },
    "whoever moves": {
        "en": "the value is for the player to move at the repeated position: the same +1 for "
        "whoever it is",
        "ja": "値は、繰り返した局面で手番側から見たものです。それが先手でも後手でも、同じ +1 です",
    },
    "sennichite example": {
        "en": "on sennichite_example your rule should give +1, not {value}",
        "ja": "sennichite_example では、あなたのポリシーは {value} ではなく +1 を与えるはずです",
    },
    "right": {
        "en": "right: the player to move at a repetition always wins under this rule, so in "
        "sennichite_example the first player's move a forces the second to repeat or lose.",
        "ja": "正解です。この規則では、繰り返しが起きた局面で手番側が必ず勝ちます。そのため "
        "sennichite_example では、先手が a に指すと、後手は繰り返すか負けるかを強いられます。",
    },
}
"""Every word this module writes, in English and Japanese: table headers, the repetition
policies' names (``"policy: …"``; their English text is the name code uses), captions, the
facts of a threat of mate and the messages of :func:`check_policy`."""

POLICY_NAMES: Final = tuple(entry for key, entry in WORDS.items() if key.startswith("policy: "))
"""The entries of :data:`WORDS` that name repetition policies."""


def policy_label(name: str, language: str | None = None) -> str:
    """A repetition policy's name as a table shows it in ``language`` (None: the
    course-wide setting); a name no entry knows is shown as it is.

    >>> policy_label("perpetual check loses, else chess draw", "ja")
    '連続王手の千日手は負け、それ以外はチェスのルール（引き分け）'
    """
    return translated(name, POLICY_NAMES, language)


@dataclass(frozen=True)
class PolicyComparison:
    """The same search under several repetition policies.

    Attributes:
        results: the search result under each policy, by the policy's name.
        lines: the best line of each, as text.
    """

    results: dict[str, SearchResult]
    lines: dict[str, str]

    def table(self, *, language: str | None = None) -> Table:
        """Policy, value for the player to move at the root, best line, nodes (headers and
        known policy names in ``language``; None: the course-wide setting)."""
        return table(
            [
                words(WORDS[f"column: {column}"], language)
                for column in ("policy", "value", "best line", "nodes")
            ],
            [
                (policy_label(name, language), result.value, self.lines[name], result.stats.nodes)
                for name, result in self.results.items()
            ],
        )

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __str__(self) -> str:
        return str(self.table())


NO_DETECTION = WORDS["policy: none"]["en"]
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
        graph, "start", {"start draws": 0, "a draws": 0}, name=GAME_WORDS["sennichite even"]["en"]
    )


def pictures_along(
    game: Game[Any, Any],
    state: Any,
    moves: Sequence[Any],
    picture: Callable[..., BoardPicture],
    size: int = 170,
    *,
    language: str | None = None,
) -> SideBySide:
    """The pictures of ``state`` and of the position after each of ``moves``, side by side,
    captioned "start" and by the moves' names; ``picture(state, size=…)`` draws one. The
    first caption is in ``language`` (None: the course-wide setting)."""
    pictures, captions = [picture(state, size=size)], [words(WORDS["start"], language)]
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
class TableCost:
    """One solve of a game with repetitions, with or without a transposition table.

    Attributes:
        table: ``"none"``, ``"plain"`` (:class:`~gamelib.search.table.TranspositionTable`),
            ``"skip"`` or ``"visited"`` (:class:`~gamelib.search.repetition.HistoryAwareTable`).
        value: the root value found.
        nodes: the nodes the search entered.
        stored: the entries the table holds at the end (0 without a table).
        not_stored: results a remedy did not store (path-dependent ones).
        not_used: entries a remedy found but did not use.
        visited: the positions the entries' "visited" sets remember, all together.
    """

    table: str
    value: float
    nodes: int
    stored: int
    not_stored: int
    not_used: int
    visited: int


TABLE_KINDS: Final = ("none", "plain", "skip", "visited")
"""The tables :func:`table_costs` compares, in order."""


def table_costs(
    search: Callable[..., SearchResult], game: Game[Any, Any], policy: Policy
) -> list[TableCost]:
    """Solve ``game`` with ``search`` and the repetition ``policy`` once per table kind.

    What a remedy for the graph-history interaction costs shows in two places: the memory of
    its "visited" sets, and the reuse it gives up (results not stored, entries not used),
    paid in nodes entered against the plain table (which may give a wrong value: it ignores
    the path) and against no table at all.
    """
    costs = []
    for kind in TABLE_KINDS:
        table_used: TranspositionTable | None = None
        if kind == "plain":
            table_used = TranspositionTable()
        elif kind in ("skip", "visited"):
            table_used = HistoryAwareTable(remedy="skip" if kind == "skip" else "visited")
        result = search(game, repetition=policy, table=table_used)
        remedy = table_used if isinstance(table_used, HistoryAwareTable) else None
        costs.append(
            TableCost(
                kind,
                result.value,
                result.stats.nodes,
                0 if table_used is None else len(table_used),
                0 if remedy is None else remedy.skipped,
                0 if remedy is None else remedy.rejected,
                0 if remedy is None else visited_memory(remedy)[1],
            )
        )
    return costs


def costs_table(costs: Iterable[TableCost], *, language: str | None = None) -> Table:
    """The :func:`table_costs` rows as a table (words in ``language``; None: the course-wide
    setting)."""
    columns = (
        "table",
        "root value",
        "nodes entered",
        "entries stored",
        "results not stored",
        "entries not used",
        "visited positions",
    )
    return table(
        [words(WORDS[f"column: {column}"], language) for column in columns],
        [
            (
                words(WORDS[f"table: {cost.table}"], language),
                cost.value,
                cost.nodes,
                cost.stored,
                cost.not_stored,
                cost.not_used,
                cost.visited,
            )
            for cost in costs
        ],
    )


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
        return self.describe()

    def describe(self, *, language: str | None = None) -> str:
        """The facts, one per line, in ``language`` (None: the course-wide setting)."""
        separator = words(WORDS["separator"], language)
        return "\n".join(
            [
                words(WORDS["fen"], language).format(fen=self.fen),
                words(WORDS["material"], language).format(material=self.material),
                words(WORDS["mates if passed"], language).format(
                    mates=separator.join(self.mates_if_passed)
                ),
                words(WORDS["quiet moves"], language).format(
                    quiet=self.quiet_moves, allowing=self.quiet_allowing_mate
                ),
                words(WORDS["checks"], language).format(checks=separator.join(self.checks)),
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


def play_line(
    game: ChessGame,
    board: chess.Board,
    uci_moves: Sequence[str],
    *,
    language: str | None = None,
) -> Line:
    """Play ``uci_moves`` from ``board`` in ``game``; the captions in ``language`` (None: the
    course-wide setting)."""
    states, captions = [board], [words(WORDS["start"], language)]
    for uci in uci_moves:
        move = chess.Move.from_uci(uci)
        san = states[-1].san(move)
        states.append(game.result(states[-1], move))
        replies = states[-1].legal_moves.count()
        template = words(WORDS["legal reply" if replies == 1 else "legal replies"], language)
        captions.append(template.format(move=san, replies=replies))
    return Line(tuple(states), tuple(captions), game.key(states[-1]) == game.key(states[0]))


def keys_of(game: ChessGame, line: Line) -> tuple[Hashable, ...]:
    """The position keys along a line."""
    return tuple(game.key(state) for state in line.states)


def check_policy(policy: Policy, *, language: str | None = None) -> None:
    """Notebook 07, exercise 2: check a student's "the player who repeats loses" policy.

    Prints what is still missing, raises AssertionError saying what is wrong, or prints why the
    answer is right, in ``language`` (None: the course-wide setting).
    """
    sample = Cycle((("p", SECOND), ("q", FIRST), ("p", SECOND)), SECOND, 0, 2)
    value: Any = policy(sample)
    if value is ... or value is None:
        print(words(WORDS["no answer"], language))
        return
    assert isinstance(value, int | float), words(WORDS["not a number"], language).format(
        value=repr(value)
    )
    assert value == 1, words(WORDS["first player repeats"], language).format(value=repr(value))
    assert policy(Cycle((("q", FIRST), ("p", SECOND), ("q", FIRST)), FIRST, 0, 2)) == 1, words(
        WORDS["whoever moves"], language
    )
    searched = alphabeta(sennichite_example(), repetition=policy).value
    assert searched == 1, words(WORDS["sennichite example"], language).format(value=searched)
    print(words(WORDS["right"], language))
