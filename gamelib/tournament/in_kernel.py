"""Matches played inside the notebook's own kernel, for notebook 10 and the browser edition.

The browser edition (JupyterLite) has no processes, so the sandboxed referee
(:mod:`gamelib.tournament.referee`, run by ``bash scripts/course.sh tournament``) cannot run
there. Here each player's ``choose_move(game, state, clock)`` is called directly, in this
process, with a :class:`~gamelib.tournament.player.Clock`:

* **The clock counts processor time** (:class:`ProcessClock`): this process's, so a busy
  machine slows the games down but does not weaken the players.
* **The exercise's clock is calibrated.** :data:`EXERCISE_CLOCK` is given in seconds of a
  reference machine (:data:`REFERENCE_SECONDS`); :func:`check_exercise` first times a fixed
  search in this kernel (:func:`calibrate`) and scales the clock by how much slower or faster
  this kernel is (:meth:`Calibration.clock`), so a player gets the same work per move on a
  fast desktop, a slow laptop and in the browser edition.
* **The rule is the referee's; the clock forfeits after the fact.** A move may take
  ``move_seconds`` plus the bank left plus ``grace_seconds``
  (:meth:`~gamelib.tournament.records.ClockSettings.allowance`); all the time it took over
  ``move_seconds`` comes off the bank, the grace included, and a move that ends in the grace
  with no bank left leaves a debt the next move pays
  (:meth:`~gamelib.tournament.records.ClockSettings.bank_after`). A move that took longer
  than its allowance loses the game on time — once the move has returned. Nothing here can
  stop a move while it runs: a player in an endless loop never returns, and only the reader
  can stop it (*Kernel ▸ Interrupt* on the desktop, reloading the page in the browser
  edition). The referee, which runs each player in its own process, kills such a player at
  its deadline instead, and measures the time on the wall from sending the position.
* **Nothing is isolated.** The player's code runs with the notebook's rights (its files, its
  memory). What it prints is captured as its log.

The records are the referee's (:class:`~gamelib.tournament.records.GameResult`, statuses of
:class:`~gamelib.tournament.records.Status`), so a leaderboard reads both; a result played
here says ``sandboxed=False`` and its player paths are :data:`IN_KERNEL`.

* :func:`entrant` turns a player (a function, a ``Player`` class, a loaded player file, or a
  course player of :mod:`gamelib.players`) into an :class:`Entrant`.
* :func:`play_in_kernel` plays one game; :func:`play_match` a colour-balanced match over the
  tournament's balanced openings; :func:`calibrate` measures this kernel's speed;
  :func:`check_exercise` is the closing exercise of notebook 10 (beat the shipped sample
  player, :func:`sample_opponent`, by a margin an equally strong player reaches at most
  :data:`EXERCISE_LEVEL` of the time: :func:`false_pass_rate`, :func:`points_needed`).
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
import random
import statistics
import sys
import time
import traceback
import types
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from gamelib.core import FIRST, Game
from gamelib.exercises import Feedback
from gamelib.games.othello import Othello, positional_evaluation
from gamelib.language import Language, resolve, translated
from gamelib.players import WORDS as PLAYER_WORDS
from gamelib.players import GamePlayer, Reseedable, SearchPlayer
from gamelib.search import alphabeta, alphabeta_failsoft
from gamelib.tournament.games import (
    GAMES,
    first_player_score,
    forced_pass,
    make_game,
    replay,
)
from gamelib.tournament.openings import balanced_openings
from gamelib.tournament.player import ChooseMove, Clock, Report
from gamelib.tournament.records import (
    ClockSettings,
    GameResult,
    GameSpec,
    Limits,
    MoveRecord,
    SideOutcome,
    Status,
)
from gamelib.tournament.replay import status_name
from gamelib.tournament.sample_player import IMPROVED
from gamelib.tournament.sample_player import Player as SamplePlayer

IN_KERNEL: Final = "(in the kernel)"
"""The player path of a game played here: the players were Python objects, not files."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "match": {
        "en": "{player_a} vs {player_b}: {points} of {games} points ({rate:.0%}), "
        "{wins} won, {draws} drawn, {losses} lost{faults}",
        "ja": "{player_a} 対 {player_b}：{games} 点中 {points} 点（{rate:.0%}）、"
        "{wins} 勝 {draws} 分 {losses} 敗{faults}",
    },
    "faults": {"en": "; {player_a}'s faults: {faults}", "ja": "。{player_a} の反則：{faults}"},
    "opponent": {"en": "positional α-β depth {depth}", "ja": "位置評価のαβ法 深さ {depth}"},
    "sample": {"en": "the shipped sample player", "ja": "配布されたサンプルプレイヤー"},
    "passed": {
        "en": "{points} of {played} points ({rate:.0%}) against {opponent}: the bar, "
        "{needed} of {games} points ({share:.0%}), is reached.",
        "ja": "{opponent} に対して {played} 点中 {points} 点（{rate:.0%}）："
        "合格の基準、{games} 点中 {needed} 点（{share:.0%}）に届きました。",
    },
    "decided": {
        "en": "Decided after {played} of the {games} games: the games left ({left}) could not "
        "change the verdict.",
        "ja": "{games} 局のうち {played} 局で決まりました。残りの {left} 局では結果は"
        "変わりません。",
    },
    "equal": {
        "en": "A player exactly as strong as {opponent} scores 50% on average and reaches "
        "this bar in at most {rate:.1%} of checks (games taken as independent, a draw as ½, "
        "whatever the share of draws).",
        "ja": "{opponent} とちょうど同じ強さのプレイヤーは、平均で 50% を取り、この基準に"
        "届くのは高々チェックの {rate:.1%} です（対局は独立とみなし、引き分けは ½。"
        "引き分けの割合によらない値です）。",
    },
    "calibration": {
        "en": "The clock here: {move_here:.1f} ms a move, a bank of {bank_here:.2f} s, "
        "{grace_here:.1f} ms of grace: the reference machine's {move:g} ms, {bank:g} s and "
        "{grace:g} ms × {scale:.2f} (the reference search, {nodes:,} nodes, took {seconds:.1f} ms "
        "here and takes {reference:g} ms there).",
        "ja": "ここでの時計：一手 {move_here:.1f} ms、貯金 {bank_here:.2f} s、"
        "猶予 {grace_here:.1f} ms。基準の計算機の {move:g} ms、{bank:g} s、{grace:g} ms の "
        "{scale:.2f} 倍です（{nodes:,} ノードの基準の探索が、ここでは {seconds:.1f} ms、"
        "基準の計算機では {reference:g} ms かかります）。",
    },
    "failed": {
        "en": "{points} of {played} points ({rate:.0%}) against {opponent}: the bar is "
        "{needed} of {games} points ({share:.0%}), {missing} more than it could reach. Improve "
        "the evaluation, or search deeper in the time you have.",
        "ja": "{opponent} に対して {played} 点中 {points} 点（{rate:.0%}）：合格の基準は "
        "{games} 点中 {needed} 点（{share:.0%}）で、届きうる点より {missing} 点多く必要です。"
        "評価関数を改良するか、一手の持ち時間の中でもっと深く探索しましょう。",
    },
}
"""Every sentence this module writes, in English and Japanese (``str.format`` templates)."""

POSITIONAL_ALPHABETA_DEPTH_2_NAME: Final = WORDS["opponent"]["en"].format(depth=2)
"""The name of :func:`positional_alphabeta_depth_2`, the positional α-β player of depth 2."""

SAMPLE_NAME: Final = WORDS["sample"]["en"]
"""The name of the closing exercise's opponent, the shipped sample player
(:func:`sample_opponent`)."""

EXERCISE_CLOCK: Final = ClockSettings(move_seconds=0.02, bank_seconds=1.0, grace_seconds=0.005)
"""The exercise's clock in seconds of the reference machine (:data:`REFERENCE_SECONDS`): 0.02 s
per move, a bank of 1 s per game, 0.005 s of grace (a quarter of the move: in the kernel there
are no pipes or process starts to absorb, only the clock's own reading, and every second over
the move time is paid from the bank anyway). :func:`check_exercise` scales it to this kernel's
speed (:func:`calibrate`, :meth:`Calibration.clock`) and plays with :class:`ProcessClock`."""

EXERCISE_LEVEL: Final = 0.05
"""The most often a player exactly as strong as the exercise's opponent may pass the check
(:func:`false_pass_rate`): a one-sided test at the 5 % level."""

EXERCISE_GAMES: Final = 30
"""The exercise's number of games: the first 15 balanced openings, each played with both
colours. Why 30: the fewer the games, the higher the bar must be for an equal player to pass
at most :data:`EXERCISE_LEVEL` of the time (20 games: 14½ points, 72.5 %; 30: 20, 66.7 %; 40:
25½, 63.8 %), and a game at the exercise's clock takes one to a few seconds; 30 games ask
for two thirds of the points, which a player scoring 65 % against the sample reaches about
half the time, in one to three minutes."""

EXERCISE_NEEDED: Final = 20.0
"""The points the exercise asks for out of :data:`EXERCISE_GAMES` (a draw ½): the least bar
that a player exactly as strong as its opponent reaches at most :data:`EXERCISE_LEVEL` of
the time, ``points_needed(EXERCISE_GAMES)`` (it does, at most 4.94 % of the time)."""

EXERCISE_SHARE: Final = EXERCISE_NEEDED / EXERCISE_GAMES
"""The share of the points the exercise asks for: :data:`EXERCISE_NEEDED` of
:data:`EXERCISE_GAMES` (two thirds)."""


def processor_seconds() -> float:
    """The processor time of this process, in seconds (``time.process_time()``); in the
    browser edition (Pyodide, ``sys.platform == "emscripten"``) the time on the wall
    (``time.perf_counter()``): a processor-time clock of WebAssembly is not one the course
    has checked there, and a clock that never advanced would let a search run forever."""
    if sys.platform == "emscripten":
        return time.perf_counter()
    return time.process_time()


@dataclass(frozen=True)
class ProcessClock(Clock):
    """A :class:`~gamelib.tournament.player.Clock` that counts the processor time of this
    process (:func:`processor_seconds`) instead of the time on the wall.

    Games in the kernel use it, so a player gets the same thinking for its time whether the
    machine is idle or shared (a JupyterHub, a laptop running other work): what the other
    programs on the machine do neither speeds it up nor costs it games. Time a player spends
    waiting (``time.sleep``, reading a file) is not counted. The referee's clock, which
    stops a player's process at its deadline, counts the time on the wall.
    """

    started: float = field(default_factory=lambda: processor_seconds())

    def elapsed(self) -> float:
        """Processor seconds this process has used since this move began."""
        return processor_seconds() - self.started


REFERENCE_LINE: Final = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7"
"""The reference search's position: Othello after these moves (official scoring)."""

REFERENCE_DEPTH: Final = 3
"""The reference search's depth."""

REFERENCE_SECONDS: Final = 0.008
"""The reference machine's time for one :func:`reference_search`, in seconds. This defines the
reference machine: one that runs the reference search in 8 ms (the course's development
machine, CPython 3.11, took about that in processor time). A clock given in its seconds
(:data:`EXERCISE_CLOCK`) means the same work on every machine once :meth:`Calibration.clock`
has scaled it."""

REFERENCE_RUNS: Final = 5
"""How many timed runs of the reference search :func:`calibrate` takes the median of (after one
untimed run that warms the interpreter up)."""


def reference_search() -> Callable[[], int]:
    """The reference workload, ready to run: a call runs fail-soft α-β
    (:func:`~gamelib.search.alphabeta_failsoft`, no table) to :data:`REFERENCE_DEPTH` with
    :func:`~gamelib.games.othello.positional_evaluation` from the position after
    :data:`REFERENCE_LINE`, and returns the nodes it visited (the same number on every
    machine). It is the kind of work a player of the course does: Python calls, bitboard
    moves, evaluations."""
    game = Othello()
    state = game.play_line(REFERENCE_LINE)

    def run() -> int:
        result = alphabeta_failsoft(
            game, state, depth=REFERENCE_DEPTH, evaluate=positional_evaluation
        )
        return result.stats.nodes

    return run


@dataclass(frozen=True)
class Calibration:
    """How fast this kernel is, measured against the reference machine.

    Attributes:
        seconds: This kernel's time for one run of the reference workload (the median of the
            timed runs), by the clock the games use (:func:`processor_seconds`).
        runs: Every timed run's seconds.
        nodes: The nodes one run of the reference search visits.
    """

    seconds: float
    runs: tuple[float, ...]
    nodes: int

    @property
    def scale(self) -> float:
        """This kernel's seconds per second of the reference machine (2: twice as slow)."""
        return self.seconds / REFERENCE_SECONDS

    def clock(self, reference: ClockSettings) -> ClockSettings:
        """``reference``, given in the reference machine's seconds, in this kernel's seconds:
        its move time, bank and grace each × :attr:`scale`. The rule stays the referee's
        (:meth:`~ClockSettings.allowance`, :meth:`~ClockSettings.bank_after`); a player that
        does on every move the work the reference machine does in ``t`` seconds uses ``t ×
        scale`` seconds here, so it is on time here exactly when it is there."""
        return ClockSettings(
            move_seconds=reference.move_seconds * self.scale,
            bank_seconds=reference.bank_seconds * self.scale,
            grace_seconds=reference.grace_seconds * self.scale,
        )

    def describe(
        self, reference: ClockSettings = EXERCISE_CLOCK, language: str | None = None
    ) -> str:
        """One sentence: ``reference`` scaled to this kernel, and the measurement behind it."""
        here = self.clock(reference)
        return WORDS["calibration"][resolve(language)].format(
            move_here=1000 * here.move_seconds,
            bank_here=here.bank_seconds,
            grace_here=1000 * here.grace_seconds,
            move=1000 * reference.move_seconds,
            bank=reference.bank_seconds,
            grace=1000 * reference.grace_seconds,
            scale=self.scale,
            nodes=self.nodes,
            seconds=1000 * self.seconds,
            reference=1000 * REFERENCE_SECONDS,
        )

    def __str__(self) -> str:
        return self.describe()


def calibrate(
    workload: Callable[[], int] | None = None,
    *,
    runs: int = REFERENCE_RUNS,
    timer: Callable[[], float] | None = None,
) -> Calibration:
    """Measure this kernel's speed: run ``workload`` (None: :func:`reference_search`) once
    untimed, then ``runs`` times by ``timer`` (None: :func:`processor_seconds`, the clock the
    games use), and keep the median time.

    Guarantee: with a timer that advances by ``scale × s`` while the reference machine would
    take ``s`` seconds (a machine ``scale`` times as slow, whatever its clock), the
    calibration's :attr:`~Calibration.scale` is that ``scale``.

    Raises:
        ValueError: for fewer than one run, or a workload the timer saw take no time.
    """
    if runs < 1:
        raise ValueError(f"a calibration needs at least one timed run, not {runs}")
    run = workload or reference_search()
    now = timer or processor_seconds
    nodes = run()
    times = []
    for _ in range(runs):
        begun = now()
        run()
        times.append(now() - begun)
    seconds = statistics.median(times)
    if seconds <= 0:
        raise ValueError("the timer saw the reference workload take no time")
    return Calibration(seconds, tuple(times), nodes)


@dataclass(frozen=True)
class Entrant:
    """A player as a match sees it: a name, and how to start it for one game.

    Attributes:
        name: How results name it.
        start: ``start(game, side, seed)`` → its ``choose_move(game, state, clock)`` for one
            game (a ``Player`` class is built here, once per game).
    """

    name: str
    start: Callable[[Game[Any, Any], int, int], ChooseMove]


def entrant(player: Any, name: str | None = None) -> Entrant:
    """An :class:`Entrant` for any of the course's kinds of player.

    ``player`` may be: a function ``choose_move(game, state, clock)``; a class ``Player``
    whose instances (``Player(game, side)``) have that method; a module (a loaded player
    file) with either; a course player of :mod:`gamelib.players` (``choose(game,
    state)``, no clock; one with ``reset(seed)`` is reset with each game's seed); or an
    :class:`Entrant` already (returned as it is, renamed when ``name`` is given).

    Raises:
        TypeError: for anything else, saying what was expected.
    """
    if isinstance(player, Entrant):
        return player if name is None else Entrant(name, player.start)
    if isinstance(player, types.ModuleType):
        found = getattr(player, "Player", None) or getattr(player, "choose_move", None)
        if found is None:
            raise TypeError(f"the module {player.__name__} has no choose_move and no Player")
        return entrant(found, name or player.__name__.rsplit(".", 1)[-1])
    if isinstance(player, type):
        if not callable(getattr(player, "choose_move", None)):
            raise TypeError(f"the class {player.__name__} has no method choose_move")
        cls = player
        return Entrant(name or cls.__name__, lambda game, side, seed: cls(game, side).choose_move)
    if isinstance(player, GamePlayer):
        return Entrant(name or player.name, _course_player(player))
    if callable(player):
        function: ChooseMove = player
        return Entrant(name or str(getattr(player, "__name__", "player")), lambda *_: function)
    raise TypeError(
        "a player is a function choose_move(game, state, clock), a class Player, a player "
        f"module or a course player; got {type(player).__name__}"
    )


def _course_player(player: GamePlayer) -> Callable[[Game[Any, Any], int, int], ChooseMove]:
    """How a course player starts a game: reset with the game's seed, the clock ignored."""

    def start(game: Game[Any, Any], side: int, seed: int) -> ChooseMove:
        if isinstance(player, Reseedable):
            player.reset(seed)
        return lambda game, state, clock: player.choose(game, state)

    return start


class _FaultError(Exception):
    """A side's part ended with ``status`` (raised inside :func:`play_in_kernel`)."""

    def __init__(self, status: Status, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def read_answer(game: Game[Any, Any], state: Any, answer: Any) -> tuple[Any, dict[str, Any] | None]:
    """The move a player's answer names, and its search report's fields (or None).

    An answer is a move of ``game.moves(state)``, its name (``"f5"``), or a :class:`Report`
    holding either.

    Raises:
        _FaultError: BAD_ANSWER for something that is no move (a wrong type, a name the game does
            not read, a number that names no move of the game), ILLEGAL_MOVE for a move that is
            not legal here (as the referee decides).
    """
    report = None
    if isinstance(answer, Report):
        report = answer.telemetry()
        answer = answer.move
    if isinstance(answer, str):
        try:
            move = game.parse_move(answer)  # type: ignore[attr-defined]
        except (ValueError, IndexError, KeyError) as error:
            raise _FaultError(Status.BAD_ANSWER, f"{answer!r} is not a move: {error}") from None
    elif isinstance(answer, int) and not isinstance(answer, bool):
        move = answer
        try:  # a number that names no square is no move, as for the referee (child.name_of_move)
            named = game.parse_move(game.move_name(move)) == move  # type: ignore[attr-defined]
        except (ValueError, IndexError, KeyError):
            named = False
        if not named:
            raise _FaultError(Status.BAD_ANSWER, f"{answer!r} is not a move of this game")
    else:
        raise _FaultError(Status.BAD_ANSWER, f"a move is expected, not {type(answer).__name__}")
    if move not in list(game.moves(state)):
        name = answer if isinstance(answer, str) else repr(answer)
        raise _FaultError(Status.ILLEGAL_MOVE, f"{name} is not a legal move")
    return move, report


def _called(function: Callable[[], Any], log: io.StringIO) -> Any:
    """``function()`` with its printing captured in ``log``; an exception becomes a fault
    (MemoryError: OUT_OF_MEMORY; any other: CRASH), its traceback in ``log``."""
    try:
        with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            return function()
    except MemoryError:
        raise _FaultError(Status.OUT_OF_MEMORY, "it ran out of memory") from None
    except Exception as error:  # a player's bug of any kind ends its game, not the match
        log.write(traceback.format_exc())
        raise _FaultError(Status.CRASH, f"it raised {type(error).__name__}: {error}") from None


def play_in_kernel(
    game_name: str,
    players: Sequence[Entrant],
    *,
    opening: Sequence[str] = (),
    seed: int = 0,
    clock: ClockSettings = EXERCISE_CLOCK,
    game_id: str = "kernel-0",
) -> GameResult:
    """Play one game in this process: ``players[0]`` moves first, ``players[1]`` second.

    Each move gets a fresh :class:`ProcessClock` (``move_seconds`` and the side's bank left,
    in processor seconds of this process). The clock's rule is the referee's: a move that
    took longer than ``move_seconds + bank + grace_seconds`` loses on time, **after** it
    returns (see the module docstring: a move that never returns cannot be stopped here);
    otherwise the time beyond ``move_seconds`` comes off the bank (below 0: a debt that
    shortens the next move).
    A player that raises,
    answers with no move or an illegal one, or cannot be started loses the game; the other
    side's status is NOT_PLAYED. A forced pass is played for the side without asking it and
    is not among the result's moves, as the referee does (so a leaderboard replays both alike).

    Args:
        game_name: ``"othello"``, ``"reversi4x4"`` or ``"tictactoe"``.
        players: The first and the second player.
        opening: Moves by name played before the players take over.
        seed: The game's seed (a course player is reset with it).
        clock: The clock of every move.
        game_id: The result's game id.

    Returns:
        A :class:`GameResult`: ``score`` is the final utility from the first player's view
        (Othello: official scoring) when the game was played to the end, else None.

    Raises:
        ValueError: for an unknown game, two players not given, or an illegal opening.
    """
    if len(players) != 2:
        raise ValueError(f"a game needs two players, got {len(players)}")
    if game_name not in GAMES:
        raise ValueError(f"unknown game {game_name!r}; the tournament games are {', '.join(GAMES)}")
    spec = GameSpec(
        game_id=game_id,
        game=game_name,
        players=(players[0].name, players[1].name),
        paths=(IN_KERNEL, IN_KERNEL),
        opening=tuple(opening),
        seed=seed,
        clock=clock,
        limits=Limits(),
    )
    game: Any = make_game(game_name)
    state = replay(game, opening)
    logs = (io.StringIO(), io.StringIO())
    banks = [clock.bank_seconds, clock.bank_seconds]
    used = [0.0, 0.0]
    counts = [0, 0]
    records: list[MoveRecord] = []
    side = 0

    def outcome(who: int, status: Status, detail: str = "") -> SideOutcome:
        log = logs[who].getvalue()
        if len(log) > spec.limits.log_bytes:
            log = log[: spec.limits.log_bytes] + "\n[log cut]"
        return SideOutcome(status, detail, log, used[who], counts[who])

    try:
        choosers = []
        for side, player in enumerate(players):
            choosers.append(_called(functools.partial(player.start, game, side, seed), logs[side]))
        while True:
            while (forced := forced_pass(game, state)) is not None:
                state = game.result(state, forced)  # played for the side, as the referee does
            if not game.moves(state):
                break
            side = 0 if game.to_move(state) == FIRST else 1
            move_clock = ProcessClock(clock.move_seconds, banks[side], processor_seconds())
            begun = move_clock.started
            answer = _called(functools.partial(choosers[side], game, state, move_clock), logs[side])
            seconds = processor_seconds() - begun
            used[side] += seconds
            counts[side] += 1
            allowance = clock.allowance(banks[side])
            banks[side] = clock.bank_after(banks[side], seconds)
            if seconds > allowance:
                raise _FaultError(
                    Status.TIME_OUT,
                    f"the move took {seconds:.3f} s, over its {allowance:.3f} s "
                    f"(move time + bank + grace)",
                )
            move, report = read_answer(game, state, answer)
            records.append(MoveRecord(side, game.move_name(move), seconds, banks[side], report))
            state = game.result(state, move)
    except _FaultError as fault:
        points = (0.0, 1.0) if side == 0 else (1.0, 0.0)
        sides = [outcome(0, Status.NOT_PLAYED), outcome(1, Status.NOT_PLAYED)]
        sides[side] = outcome(side, fault.status, fault.detail)
        return GameResult(spec, tuple(records), (sides[0], sides[1]), None, points, False)
    score = float(first_player_score(game, state))
    points = (1.0, 0.0) if score > 0 else (0.0, 1.0) if score < 0 else (0.5, 0.5)
    finished = (outcome(0, Status.FINISHED), outcome(1, Status.FINISHED))
    return GameResult(spec, tuple(records), finished, score, points, False)


@dataclass(frozen=True)
class Match:
    """A colour-balanced match between A and B, from A's view.

    Attributes:
        player_a: A's name.
        player_b: B's name.
        results: Every game in the order played; A moves first in the even-numbered ones
            (0, 2, …) and second in the odd ones, each pair from the same opening.
    """

    player_a: str
    player_b: str
    results: tuple[GameResult, ...]

    def a_points(self) -> list[float]:
        """A's points in each game (1, ½ or 0; 0 for a game A lost by a fault)."""
        return [
            (result.points or (0.0, 0.0))[index % 2] for index, result in enumerate(self.results)
        ]

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.results)

    @property
    def points(self) -> float:
        """A's points."""
        return sum(self.a_points())

    @property
    def score_rate(self) -> float:
        """A's points per game: 1 is every game won, 0.5 even."""
        return self.points / self.games if self.games else 0.0

    def count(self, points: float) -> int:
        """How many games A scored ``points`` in (1: won, 0.5: drawn, 0: lost)."""
        return sum(scored == points for scored in self.a_points())

    def a_faults(self) -> Counter[Status]:
        """A's statuses other than FINISHED and NOT_PLAYED, counted."""
        return Counter(
            status
            for index, result in enumerate(self.results)
            if (status := result.sides[index % 2].status)
            not in (Status.FINISHED, Status.NOT_PLAYED)
        )

    def describe(self, language: str | None = None) -> str:
        """One sentence: points, rate, wins, draws, losses and A's faults (if any)."""
        chosen = resolve(language)
        faults = self.a_faults()
        fault_text = ""
        if faults:
            listed = ", ".join(
                f"{status_name(status, chosen)} ×{count}" for status, count in faults.items()
            )
            fault_text = WORDS["faults"][chosen].format(
                player_a=player_name(self.player_a, chosen), faults=listed
            )
        return WORDS["match"][chosen].format(
            player_a=player_name(self.player_a, chosen),
            player_b=player_name(self.player_b, chosen),
            points=_points_text(self.points),
            games=self.games,
            rate=self.score_rate,
            wins=self.count(1.0),
            draws=self.count(0.5),
            losses=self.count(0.0),
            faults=fault_text,
        )

    def __str__(self) -> str:
        return self.describe()


def player_name(name: str, language: str | None = None) -> str:
    """A player's name in ``language`` (None: the course-wide one): the course's players'
    default names and the exercise's opponent translated, any other name as it is."""
    return translated(name, (*PLAYER_WORDS.values(), WORDS["opponent"], WORDS["sample"]), language)


def _points_text(points: float) -> str:
    """``12``, ``12½``, ``½``."""
    whole = int(points)
    half = "½" if points - whole else ""
    return f"{whole}{half}" if whole or not half else half


def play_match(
    player_a: Entrant,
    player_b: Entrant,
    *,
    games: int = 2,
    game: str = "othello",
    clock: ClockSettings = EXERCISE_CLOCK,
    seed: int = 0,
) -> Match:
    """Play ``games`` games between A and B, each of ``games / 2`` balanced openings
    (:func:`~gamelib.tournament.openings.balanced_openings`) once with each colour.

    Each game gets a seed drawn from ``random.Random(seed)``; with players whose choices
    depend only on the position and their seed, the same call plays the same games (a
    player stopped by the clock may reach another depth in another run).

    Raises:
        ValueError: for an odd or non-positive number of games.
    """
    if games < 2 or games % 2:
        raise ValueError(f"a colour-balanced match has an even number of games, not {games}")
    seeds = random.Random(seed)
    results: list[GameResult] = []
    for opening in balanced_openings(game, games // 2):
        for first, second in ((player_a, player_b), (player_b, player_a)):
            results.append(
                play_in_kernel(
                    game,
                    (first, second),
                    opening=opening.moves,
                    seed=seeds.randrange(2**32),
                    clock=clock,
                    game_id=f"kernel-{game}-{len(results):04d}",
                )
            )
    return Match(player_a.name, player_b.name, tuple(results))


def positional_alphabeta_depth_2() -> SearchPlayer:
    """The positional α-β player of depth 2 (a rung of notebook 10's ladder): α-β (fail-hard,
    cutoff on ≥) to depth 2 with :func:`~gamelib.games.othello.positional_evaluation`
    (square weights and mobility), root ties broken by its seed
    (:class:`~gamelib.players.SearchPlayer`, ``root_order="one-ply"``). The closing exercise
    plays :func:`sample_opponent` instead."""
    return SearchPlayer(
        alphabeta, depth=2, evaluate=positional_evaluation, name=POSITIONAL_ALPHABETA_DEPTH_2_NAME
    )


def sample_opponent() -> Entrant:
    """The closing exercise's opponent: the shipped sample player,
    :class:`~gamelib.tournament.sample_player.Player` with its shipped weights
    (:data:`~gamelib.tournament.sample_player.IMPROVED`), a fresh one (and table) per game."""
    return Entrant(
        SAMPLE_NAME, lambda game, side, seed: SamplePlayer(game, side, weights=IMPROVED).choose_move
    )


def _check_bar(games: int, needed: float) -> int:
    """``needed`` in half points (rounded up), after checking ``games`` and ``needed``."""
    if games < 1:
        raise ValueError(f"a check plays at least one game, not {games}")
    if not 0 <= needed <= games:
        raise ValueError(f"a bar of {needed} points is not between 0 and {games} games")
    return math.ceil(2 * needed)


def equal_player_pass_rate(games: int, needed: float, draw_share: float = 0.0) -> float:
    """The probability that a player exactly as strong as its opponent scores at least
    ``needed`` points in ``games`` games (a win 1, a draw ½, a loss 0).

    The model: the games are independent; each is drawn with probability ``draw_share``,
    else won or lost with equal probability. These are the only distributions of one game's
    score in {0, ½, 1} whose mean is ½ (a win as likely as a loss), so "exactly as strong"
    leaves only the share of draws unknown. Exact sum: with ``k`` decisive games (binomial,
    ``games`` and ``1 − draw_share``) and ``j`` of them won (binomial, ``k`` and ½), the score
    is ``j + (games − k) / 2``.

    Raises:
        ValueError: for no games, a bar outside 0…games, or a draw share outside 0…1.
    """
    halves = _check_bar(games, needed)
    if not 0 <= draw_share <= 1:
        raise ValueError(f"a share of draws is between 0 and 1, not {draw_share}")
    return _pass_rate(games, _terms(games, halves), draw_share)


@functools.cache
def _terms(games: int, halves: int) -> tuple[float, ...]:
    """For each number ``k`` of decisive games: ``C(games, k)`` × the probability that ``k``
    fair coin flips win enough of them for ``halves`` half points with the ``games − k``
    draws."""
    terms = []
    for decisive in range(games + 1):
        wins = max(0, math.ceil((halves - (games - decisive)) / 2))
        ways = sum(math.comb(decisive, won) for won in range(wins, decisive + 1))
        terms.append(math.comb(games, decisive) * ways / 2**decisive)
    return tuple(terms)


def _pass_rate(games: int, terms: tuple[float, ...], draw_share: float) -> float:
    """Σ over k of P(k decisive games) × P(enough wins among them)."""
    decisive = 1 - draw_share
    return sum(
        term * decisive**k * draw_share ** (games - k) for k, term in enumerate(terms) if term
    )


def false_pass_rate(games: int, needed: float, *, tolerance: float = 1e-5) -> float:
    """The most often a player exactly as strong as its opponent passes a check of ``games``
    games with the bar ``needed``: the largest :func:`equal_player_pass_rate` over every share
    of draws from 0 to 1 (the check cannot know it), returned as an upper bound at most
    ``tolerance`` above that maximum.

    Why the maximum over draws: with a bar in half points one draw can help, so the worst
    share is not always 0 (20 games, bar 14½: 2.07 % with no draws, 2.41 % with 4 % of draws).

    How: when the draw share moves by δ, one game's distribution moves by δ in total
    variation, so the pass rate moves by at most ``games × δ``; on an interval [a, b] of
    shares it is therefore at most ``(f(a) + f(b) + games × (b − a)) / 2``. Intervals whose
    bound is above the best value found plus ``tolerance`` are halved until none is left.

    Raises:
        ValueError: as :func:`equal_player_pass_rate`, or for a tolerance that is not positive.
    """
    if tolerance <= 0:
        raise ValueError(f"the tolerance must be positive, not {tolerance}")
    return _largest_pass_rate(games, _check_bar(games, needed), tolerance, 1.0)


def _largest_pass_rate(games: int, halves: int, tolerance: float, enough: float) -> float:
    """:func:`false_pass_rate` for a bar of ``halves`` half points; it stops once a share of
    draws is found whose rate is above ``enough`` and returns that rate."""
    terms = _terms(games, halves)

    def rate(share: float) -> float:
        return _pass_rate(games, terms, share)

    pieces = 64
    shares = [index / pieces for index in range(pieces + 1)]
    rates = [rate(share) for share in shares]
    best = max(rates)
    intervals = [(shares[i], shares[i + 1], rates[i], rates[i + 1]) for i in range(pieces)]
    while intervals and best <= enough:
        low, high, at_low, at_high = intervals.pop()
        if (at_low + at_high + games * (high - low)) / 2 <= best + tolerance:
            continue
        middle = (low + high) / 2
        at_middle = rate(middle)
        best = max(best, at_middle)
        intervals += [(low, middle, at_low, at_middle), (middle, high, at_middle, at_high)]
    return min(1.0, best + tolerance) if best <= enough else best


@functools.cache
def points_needed(games: int, level: float = EXERCISE_LEVEL) -> float:
    """The least bar, in half points, that a player exactly as strong as its opponent reaches
    at most ``level`` of the time over ``games`` games (:func:`false_pass_rate`): a one-sided
    test of "no stronger than the opponent" at that level. 30 games at 5 %: 20 points.

    Raises:
        ValueError: for no games, a level outside 0…1, or too few games for the level (even
            every point is reached more often).
    """
    if games < 1:
        raise ValueError(f"a check plays at least one game, not {games}")
    if not 0 < level < 1:
        raise ValueError(f"the level is a probability between 0 and 1, not {level}")
    for halves in range(games, 2 * games + 1):
        if _largest_pass_rate(games, halves, 1e-5, level) <= level:
            return halves / 2
    raise ValueError(
        f"in {games} games even all the points are reached by an equal player more often "
        f"than {level:.0%} of the time: play more games"
    )


@dataclass(frozen=True, repr=False)
class ExerciseCheck:
    """The closing exercise's verdict: the match (stopped once the verdict was certain), the
    games planned, the points needed, how often an equal player would pass, the calibration
    its clock was scaled by, and the feedback that says pass or fail (and the clock)."""

    match: Match
    games: int
    needed: float
    equal_pass_rate: float
    calibration: Calibration
    feedback: Feedback

    @property
    def clock(self) -> ClockSettings:
        """The clock the games were played with, in this kernel's seconds."""
        return self.match.results[0].spec.clock

    @property
    def passed(self) -> bool:
        """Whether the player scored at least :attr:`needed` points."""
        return self.feedback.correct

    def __str__(self) -> str:
        return str(self.feedback)

    def __repr__(self) -> str:
        return str(self.feedback)

    def _repr_html_(self) -> str:
        return self.feedback._repr_html_()


def check_exercise(
    player: Any,
    *,
    games: int = EXERCISE_GAMES,
    level: float = EXERCISE_LEVEL,
    opponent: Any = None,
    clock: ClockSettings = EXERCISE_CLOCK,
    calibration: Calibration | None = None,
    seed: int = 0,
    language: str | None = None,
) -> ExerciseCheck:
    """Notebook 10's closing exercise: play ``player`` against ``opponent`` (None: the
    shipped sample player, :func:`sample_opponent`) in ``games`` colour-balanced Othello
    games (official scoring; the first ``games / 2`` balanced openings, each with both
    colours) and pass it when it scores at least :func:`points_needed` ``(games, level)``
    points (a draw ½; a game lost by a fault 0): 20 of 30 with the defaults.

    What a pass proves: a player exactly as strong as the opponent passes at most ``level``
    of the time (:func:`false_pass_rate`, 4.94 % for 20 of 30), whatever its share of
    draws, if games are independent. They are not quite: the openings are fixed and the
    players nearly deterministic, so the chance is over which openings happen to suit a
    player, as in the tournament (``benchmarks/exercise_false_pass.py`` measures the sample
    against itself).

    It stops as soon as the verdict is certain: once the points reach the bar (a pass), or
    once the points plus every game left fall short of it (a fail). The verdict is the one
    all ``games`` would give, so the guarantee above holds; a clear result costs fewer games.
    Even so a check plays up to 30 games of a second or more each, so notebook 10 runs it
    only on a player that differs from the sample (the sample against itself cannot prove
    anything: it is the equal player).

    ``clock`` is in the reference machine's seconds: the games are played with
    ``calibration.clock(clock)``, this kernel's seconds, where ``calibration`` is measured
    when the check starts (:func:`calibrate`) unless given. So a player does as much work per
    move on a slow machine, or in the browser edition, as on a fast one, and its result does
    not depend on the machine. ``player`` and ``opponent`` are anything :func:`entrant`
    takes (or an :class:`Entrant`).

    Raises:
        ValueError: for an odd or non-positive number of games, or too few games for
            ``level`` (:func:`points_needed`).
    """
    if games < 2 or games % 2:
        raise ValueError(f"a colour-balanced check has an even number of games, not {games}")
    chosen = resolve(language)
    needed = points_needed(games, level)
    equal = false_pass_rate(games, needed)
    measured = calibration if calibration is not None else calibrate()
    here = measured.clock(clock)
    first = player if isinstance(player, Entrant) else entrant(player)
    if opponent is None:
        second = sample_opponent()
    else:
        second = opponent if isinstance(opponent, Entrant) else entrant(opponent)
    seeds = random.Random(seed)  # the seeds and ids of play_match(first, second, ...)
    results: list[GameResult] = []
    points = 0.0
    for opening in balanced_openings("othello", games // 2):
        for index, pair in enumerate(((first, second), (second, first))):
            if points >= needed or points + games - len(results) < needed:
                break
            result = play_in_kernel(
                "othello",
                pair,
                opening=opening.moves,
                seed=seeds.randrange(2**32),
                clock=here,
                game_id=f"kernel-othello-{len(results):04d}",
            )
            results.append(result)
            points += (result.points or (0.0, 0.0))[index]
    match = Match(first.name, second.name, tuple(results))
    passed = match.points >= needed
    left = games - match.games
    fields = {
        "points": _points_text(match.points),
        "played": match.games,
        "rate": match.score_rate,
        "opponent": player_name(second.name, chosen),
        "needed": _points_text(needed),
        "games": games,
        "share": needed / games,
        "missing": _points_text(max(0.0, needed - match.points - left)),
    }
    messages = [WORDS["passed" if passed else "failed"][chosen].format(**fields)]
    if left:
        messages.append(WORDS["decided"][chosen].format(played=match.games, games=games, left=left))
    messages.append(
        WORDS["equal"][chosen].format(opponent=player_name(second.name, chosen), rate=equal)
    )
    messages.append(measured.describe(clock, chosen))
    feedback = Feedback(passed, messages, language=chosen)
    return ExerciseCheck(match, games, needed, equal, measured, feedback)


__all__ = [
    "EXERCISE_CLOCK",
    "EXERCISE_GAMES",
    "EXERCISE_LEVEL",
    "EXERCISE_NEEDED",
    "EXERCISE_SHARE",
    "IN_KERNEL",
    "POSITIONAL_ALPHABETA_DEPTH_2_NAME",
    "REFERENCE_DEPTH",
    "REFERENCE_LINE",
    "REFERENCE_RUNS",
    "REFERENCE_SECONDS",
    "SAMPLE_NAME",
    "Calibration",
    "Entrant",
    "ExerciseCheck",
    "Match",
    "ProcessClock",
    "calibrate",
    "check_exercise",
    "entrant",
    "equal_player_pass_rate",
    "false_pass_rate",
    "play_in_kernel",
    "play_match",
    "player_name",
    "points_needed",
    "positional_alphabeta_depth_2",
    "read_answer",
    "reference_search",
    "sample_opponent",
]
