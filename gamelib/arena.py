"""Games between players, and seeded tournaments with result tables.

* :func:`play_game` plays one game between two players and returns a :class:`GameRecord`.
* :func:`tournament` plays a match of ``games`` games between two players, half with each
  colour, and returns a :class:`MatchResult` (wins, draws, losses, score difference, time per
  move) that prints as a table and draws itself in Jupyter.
* :func:`round_robin` plays a match between every pair of a list of players
  (a :class:`ResultTable`).
* :func:`win_rate_by_depth` plays α-β players of increasing depth against one opponent, and
  :func:`plot_win_rate` draws the result (a :class:`~gamelib.charts.Chart`: SVG text).

How a tournament is made reproducible
-------------------------------------
Everything random comes from one :class:`random.Random` started from the tournament's
``seed``. Games are played in pairs: both games of a pair start with the same *opening* of
``opening_plies`` random legal moves, once with each player moving first, so neither player
profits from a lucky opening. Before every game each player that has a ``reset(seed)`` method
(see :class:`gamelib.players.SeededPlayer`) is reset with a seed drawn from the same
generator, so its tie-breaks are fresh but fixed. The same call with the same seed therefore
plays the same games, move for move, on every machine; only the times differ.

Scores
------
A game's ``score`` is the final utility from the view of the player who moved first: in
4×4 reversi the disc difference (Black − White), in Othello the official score (the disc
difference with the empty squares given to the winner; ``Othello(scoring="difference")``
keeps the raw difference), in tic-tac-toe +1, 0 or −1. In a
match, "difference" is the average score from player A's view, and the *score rate* is
(wins + draws / 2) / games.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from gamelib.charts import Chart
from gamelib.core import FIRST, SECOND, Game, IllegalMoveError, Player, play_random
from gamelib.experiments.real_games import add_score_curve, add_score_panel, score_chart
from gamelib.language import Language, words
from gamelib.players import GamePlayer, Reseedable, SearchPlayer, player_label
from gamelib.search import alphabeta
from gamelib.tables import html_table, text_table

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # plot_win_rate (its axes are gamelib.experiments.real_games's)
    "title": {"en": "Deeper search wins more", "ja": "深く探索するほどよく勝つ"},
    "versus": {"en": "vs {name}", "ja": "対 {name}"},
    # the result tables' columns (the English text is the key of MatchResult.row())
    "column: games": {"en": "games", "ja": "対局数"},
    "column: A wins": {"en": "A wins", "ja": "A の勝ち"},
    "column: draws": {"en": "draws", "ja": "引き分け"},
    "column: A losses": {"en": "A losses", "ja": "A の負け"},
    "column: A score rate": {"en": "A score rate", "ja": "A の得点率"},
    "column: mean score (A)": {"en": "mean score (A)", "ja": "平均得点（A）"},
    "column: ms/move A": {"en": "ms/move A", "ja": "A の ms/手"},
    "column: ms/move B": {"en": "ms/move B", "ja": "B の ms/手"},
    # the progress bar of a match
    "match": {"en": "{player_a} vs {player_b}", "ja": "{player_a} 対 {player_b}"},
    "progress": {
        "en": "{label} [{bar}] {done}/{total} games",
        "ja": "{label} [{bar}] {done}/{total} 局",
    },
}
"""Every word this module writes, in English and Japanese (``str.format`` templates)."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game.

    Attributes:
        players: The names of the first and the second player.
        moves: Every move of the game in order, the opening included (passes included).
        opening_length: How many of the first ``moves`` were the random opening.
        final_state: The position the game ended in.
        score: The final utility from the first player's view (Black − White discs in
            reversi, with Othello's empty squares to the winner; +1 / 0 / −1 in tic-tac-toe).
        thinking_time: Seconds each player spent choosing moves (first, second).
        moves_chosen: How many moves each player chose (first, second); the opening's moves
            are not counted.
    """

    players: tuple[str, str]
    moves: tuple[Any, ...]
    opening_length: int
    final_state: Any
    score: float
    thinking_time: tuple[float, float]
    moves_chosen: tuple[int, int]

    @property
    def winner(self) -> Player | None:
        """FIRST or SECOND, or None for a draw."""
        if self.score > 0:
            return FIRST
        if self.score < 0:
            return SECOND
        return None


def play_game(
    game: Game[Any, Any],
    players: Sequence[GamePlayer],
    state: Any = None,
    *,
    opening: Sequence[Any] = (),
    max_moves: int = 10_000,
) -> GameRecord:
    """Play one game to the end: ``players[0]`` moves for FIRST, ``players[1]`` for SECOND.

    Args:
        game: The game.
        players: The first and the second player.
        state: Where to start (default: the game's initial state).
        opening: Moves played before the players take over (they must be legal); they are
            part of ``moves`` in the record.
        max_moves: A safety limit for games that might not end.

    Returns:
        The :class:`GameRecord`.

    Raises:
        IllegalMoveError: if a player or the opening plays an illegal move (naming it).
        RuntimeError: if the game is not over after ``max_moves`` moves.
        ValueError: unless exactly two players are given.
    """
    if len(players) != 2:
        raise ValueError(f"a game needs two players, got {len(players)}")
    if state is None:
        state = game.initial_state()
    moves: list[Any] = []
    for move in opening:
        if move not in game.moves(state):
            raise IllegalMoveError(f"opening move {game.move_name(move)!r} is illegal")
        state = game.result(state, move)
        moves.append(move)
    thinking = [0.0, 0.0]
    chosen = [0, 0]
    while True:
        legal = game.moves(state)
        if not legal:
            break
        if len(moves) >= max_moves:
            raise RuntimeError(f"the game did not end within {max_moves} moves")
        side = game.to_move(state)
        player = players[side]
        started = time.perf_counter()
        move = player.choose(game, state)
        thinking[side] += time.perf_counter() - started
        chosen[side] += 1
        if move not in legal:
            names = ", ".join(game.move_name(each) for each in legal)
            raise IllegalMoveError(
                f"{player.name} chose the illegal move {move!r}; the legal moves are: {names}"
            )
        state = game.result(state, move)
        moves.append(move)
    utility = game.utility(state)
    score = utility if game.to_move(state) == FIRST else -utility
    return GameRecord(
        players=(players[0].name, players[1].name),
        moves=tuple(moves),
        opening_length=len(opening),
        final_state=state,
        score=score,
        thinking_time=(thinking[0], thinking[1]),
        moves_chosen=(chosen[0], chosen[1]),
    )


def _milliseconds(seconds: float) -> str:
    """A time in milliseconds with about three significant digits (no exponent)."""
    milliseconds = 1000 * seconds
    if milliseconds >= 100:
        return f"{milliseconds:.0f}"
    if milliseconds >= 1:
        return f"{milliseconds:.2f}"
    return f"{milliseconds:.3f}"


@dataclass(frozen=True)
class MatchResult:
    """The result of a match between player A and player B, from A's view.

    Attributes:
        player_a: A's name.
        player_b: B's name.
        records: Every game, in the order played.
        a_moved_first: For each game, whether A was the first player.
        seed: The tournament's seed.
        seconds: Wall-clock time of the whole match.
    """

    player_a: str
    player_b: str
    records: tuple[GameRecord, ...]
    a_moved_first: tuple[bool, ...]
    seed: int
    seconds: float

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.records)

    def scores_for_a(self) -> list[float]:
        """Each game's final score from A's view."""
        return [
            record.score if first else -record.score
            for record, first in zip(self.records, self.a_moved_first, strict=True)
        ]

    @property
    def wins(self) -> int:
        """Games A won."""
        return sum(score > 0 for score in self.scores_for_a())

    @property
    def draws(self) -> int:
        """Drawn games."""
        return sum(score == 0 for score in self.scores_for_a())

    @property
    def losses(self) -> int:
        """Games A lost."""
        return sum(score < 0 for score in self.scores_for_a())

    @property
    def score_rate(self) -> float:
        """(wins + draws / 2) / games, from A's view: 1 is all won, 0.5 even, 0 all lost."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def mean_difference(self) -> float:
        """The average final score from A's view (the game's utility: in reversi discs)."""
        scores = self.scores_for_a()
        return sum(scores) / len(scores) if scores else 0.0

    def _time_per_move(self, for_a: bool) -> float:
        seconds = 0.0
        moves = 0
        for record, first in zip(self.records, self.a_moved_first, strict=True):
            side = 0 if first == for_a else 1
            seconds += record.thinking_time[side]
            moves += record.moves_chosen[side]
        return seconds / moves if moves else 0.0

    @property
    def seconds_per_move_a(self) -> float:
        """A's average thinking time per move, in seconds."""
        return self._time_per_move(True)

    @property
    def seconds_per_move_b(self) -> float:
        """B's average thinking time per move, in seconds."""
        return self._time_per_move(False)

    def row(self) -> dict[str, str]:
        """The match as one row of text cells (see :data:`COLUMNS`)."""
        return {
            "A": self.player_a,
            "B": self.player_b,
            "games": str(self.games),
            "A wins": str(self.wins),
            "draws": str(self.draws),
            "A losses": str(self.losses),
            "A score rate": f"{self.score_rate:.0%}",
            "mean score (A)": f"{self.mean_difference:+.1f}",
            "ms/move A": _milliseconds(self.seconds_per_move_a),
            "ms/move B": _milliseconds(self.seconds_per_move_b),
        }

    def __str__(self) -> str:
        return str(ResultTable((self,)))

    def _repr_html_(self) -> str:
        return ResultTable((self,))._repr_html_()


COLUMNS: tuple[str, ...] = (
    "A",
    "B",
    "games",
    "A wins",
    "draws",
    "A losses",
    "A score rate",
    "mean score (A)",
    "ms/move A",
    "ms/move B",
)
"""The columns of a result table.

"mean score (A)" is the average final score from A's view: the disc difference in reversi
(Othello's official score: empty squares to the winner), +1 / 0 / −1 per game in
tic-tac-toe. "ms/move" is the average thinking time.
"""


@dataclass(frozen=True)
class ResultTable:
    """Several match results, shown as one table (text with ``print``, HTML in Jupyter).

    Attributes:
        results: The matches, one row each.
    """

    results: tuple[MatchResult, ...]

    def __iter__(self) -> Any:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)

    def __getitem__(self, index: int) -> MatchResult:
        return self.results[index]

    def rows(self) -> list[dict[str, str]]:
        """Every match as a row of text cells."""
        return [result.row() for result in self.results]

    def shown(self, *, language: str | None = None) -> tuple[tuple[str, ...], list[dict[str, str]]]:
        """The columns and rows as a reader sees them in ``language`` (None: the
        course-wide setting): headers translated, and the players' default names
        (:func:`~gamelib.players.player_label`)."""
        columns = tuple(_column(column, language) for column in COLUMNS)
        rows = []
        for row in self.rows():
            cells = {_column(column, language): text for column, text in row.items()}
            for player in ("A", "B"):
                cells[player] = player_label(row[player], language)
            rows.append(cells)
        return columns, rows

    def text(self, *, language: str | None = None) -> str:
        """The table as text, in ``language`` (None: the course-wide setting)."""
        columns, rows = self.shown(language=language)
        return text_table(columns, rows, columns[2:])

    def html(self, *, language: str | None = None) -> str:
        """The table as HTML, in ``language`` (None: the course-wide setting)."""
        columns, rows = self.shown(language=language)
        return html_table(columns, rows, columns[2:])

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()


def _column(column: str, language: str | None) -> str:
    """A result table's header in ``language``: "A" and "B" stay, the others are words."""
    return column if column in ("A", "B") else words(WORDS[f"column: {column}"], language)


def _show_progress(done: int, total: int, label: str, language: str | None = None) -> None:
    width = 30
    filled = width * done // total if total else width
    bar = "#" * filled + "." * (width - filled)
    end = "\n" if done == total else ""
    line = words(WORDS["progress"], language).format(label=label, bar=bar, done=done, total=total)
    print(f"\r{line}", end=end, file=sys.stdout, flush=True)


def tournament(
    game: Game[Any, Any],
    player_a: GamePlayer,
    player_b: GamePlayer,
    *,
    games: int = 10,
    seed: int = 0,
    opening_plies: int = 4,
    progress: bool | Callable[[int, int], None] = False,
) -> MatchResult:
    """Play a seeded match of ``games`` games between two players, half with each colour.

    Games come in pairs that share a random opening of ``opening_plies`` plies: A moves
    first in the first game of a pair, B in the second (see the module docstring for how
    the seed fixes everything). Use ``opening_plies=0`` to start every game from the initial
    position (for example for tic-tac-toe, where random first moves change the game's value).

    Args:
        game: The game.
        player_a: Player A (results are from A's view).
        player_b: Player B (may be another object of the same kind for self-play).
        games: Number of games: an even number, ``games / 2`` with each colour.
        seed: The seed of everything random in the match.
        opening_plies: Random plies played before the players take over.
        progress: ``True`` prints a plain-text progress bar; a function ``(done, total)`` is
            called after each game instead.

    Returns:
        A :class:`MatchResult`.

    Raises:
        ValueError: for an odd or negative number of games or negative ``opening_plies``.
    """
    if games < 0 or games % 2:
        raise ValueError(f"games must be an even number (half with each colour), not {games}")
    if opening_plies < 0:
        raise ValueError(f"opening_plies must be 0 or more, not {opening_plies}")
    generator = random.Random(seed)
    records: list[GameRecord] = []
    a_first: list[bool] = []
    label = words(WORDS["match"], None).format(
        player_a=player_label(player_a.name), player_b=player_label(player_b.name)
    )

    def print_progress(done: int, total: int) -> None:
        _show_progress(done, total, label)

    report: Callable[[int, int], None] | None
    if progress is True:
        report = print_progress
    elif callable(progress):
        report = progress
    else:
        report = None
    started = time.perf_counter()
    for _ in range(games // 2):
        _, opening = play_random(game, opening_plies, generator)
        for a_moves_first in (True, False):
            for player in (player_a, player_b):
                if isinstance(player, Reseedable):
                    player.reset(generator.getrandbits(32))
            order = (player_a, player_b) if a_moves_first else (player_b, player_a)
            records.append(play_game(game, order, opening=opening))
            a_first.append(a_moves_first)
            if report is not None:
                report(len(records), games)
    return MatchResult(
        player_a=player_a.name,
        player_b=player_b.name,
        records=tuple(records),
        a_moved_first=tuple(a_first),
        seed=seed,
        seconds=time.perf_counter() - started,
    )


def round_robin(
    game: Game[Any, Any],
    players: Sequence[GamePlayer],
    *,
    games: int = 10,
    seed: int = 0,
    opening_plies: int = 4,
    progress: bool = False,
) -> ResultTable:
    """A :func:`tournament` between every pair of ``players`` (the earlier one is A).

    Every match uses the same ``seed``, so each pair meets the same openings.
    """
    results = []
    for index, player_a in enumerate(players):
        for player_b in players[index + 1 :]:
            results.append(
                tournament(
                    game,
                    player_a,
                    player_b,
                    games=games,
                    seed=seed,
                    opening_plies=opening_plies,
                    progress=progress,
                )
            )
    return ResultTable(tuple(results))


@dataclass(frozen=True)
class DepthPoint:
    """One point of a win-rate-by-depth curve.

    Attributes:
        depth: The search depth of the α-β player.
        result: Its match against the opponent (the α-β player is A).
    """

    depth: int
    result: MatchResult

    @property
    def score_rate(self) -> float:
        """(wins + draws / 2) / games for the α-β player."""
        return self.result.score_rate


def win_rate_by_depth(
    game: Game[Any, Any],
    opponent: GamePlayer,
    depths: Iterable[int] = (1, 2, 3),
    *,
    games: int = 10,
    seed: int = 0,
    opening_plies: int = 4,
    evaluate: Callable[[Any], float] | None = None,
    search: Callable[..., Any] = alphabeta,
    progress: bool = False,
) -> list[DepthPoint]:
    """Play a :class:`~gamelib.players.SearchPlayer` of each depth against ``opponent``.

    Args:
        game: The game.
        opponent: The fixed opponent.
        depths: The search depths to try.
        games: Games per depth (even).
        seed: The seed of every match (so every depth meets the same openings).
        opening_plies: Random opening plies per pair of games.
        evaluate: The searcher's evaluation (default: the game's, the disc difference in
            Othello).
        search: The search (default α-β).
        progress: Print a progress bar for each match.

    Returns:
        One :class:`DepthPoint` per depth, in order.
    """
    points = []
    for depth in depths:
        searcher = SearchPlayer(search, depth=depth, evaluate=evaluate)
        result = tournament(
            game,
            searcher,
            opponent,
            games=games,
            seed=seed,
            opening_plies=opening_plies,
            progress=progress,
        )
        points.append(DepthPoint(depth, result))
    return points


def plot_win_rate(
    points: Sequence[DepthPoint],
    chart: Chart | None = None,
    label: str | None = None,
    *,
    language: str | None = None,
) -> Chart:
    """Draw score rate against depth (a :class:`~gamelib.charts.Chart`, SVG in a notebook).

    Args:
        points: The result of :func:`win_rate_by_depth`.
        chart: A chart to draw into (its last panel; to put two side by side, add a panel
            with :func:`gamelib.experiments.real_games.add_score_panel` first); default: a
            new chart.
        label: Legend label of the line (default: "vs <opponent>").
        language: The language of the labels (None: the course's).

    Returns:
        The chart drawn into.
    """
    if chart is None:
        chart = score_chart(
            title=words(WORDS["title"], language), figsize=(5, 3.5), language=language
        )
    if label is None and points:
        label = words(WORDS["versus"], language).format(
            name=player_label(points[0].result.player_b, language)
        )
    panel = chart.panels[-1] if chart.panels else add_score_panel(chart, language=language)
    add_score_curve(panel, points, label)
    return chart
