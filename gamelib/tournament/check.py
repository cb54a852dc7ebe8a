"""A student's check of a player file before it is submitted, and one game with its replay.

::

    python -m gamelib.tournament.check check my_player.py            # or: course.sh player check
    python -m gamelib.tournament.check play my_player.py --against positional --out replays/
    python -m gamelib.tournament.check sprt mine.py before.py --elo0 0 --elo1 50

``sprt`` is :mod:`gamelib.tournament.sprt_command`: a sequential test of two player files.

``check`` says, in plain words:

1. whether the file exists and is Python without a syntax error (read with :func:`ast.parse`,
   which compiles nothing of the player's and runs none of it);
2. whether it loads and has the interface (``choose_move(game, state, clock)`` or a class
   ``Player(game, side)`` with that method): the referee's child process loads it, so a file
   that raises at import, lacks the function or takes the wrong arguments gets the referee's
   own sentence;
3. whether its moves are legal on at least ``--positions`` positions: games against the
   ladder's Random player, each from a position reached by random moves (seeded), the player
   on the side to move, until it has answered that many (:attr:`CheckOptions.positions` by
   default);
4. how long its moves take against the clock's limit (median and slowest, moves that dipped
   into the bank, the least bank left);
5. a few colour-balanced games against the ladder's Random and Greedy players (reported, not
   judged: losing is allowed, failing is not).

Every game goes through :func:`gamelib.tournament.referee.play_game`: the player's code runs
only in the referee's child processes (sandboxed where bubblewrap is available), never in
this one, by the referee's clock. One thing differs from a tournament: a student's machine may
be busy with other programs, whose turns on the processors the referee's wall clock charges to
the move, so a time-out while the machine is busier than its processors (:data:`BUSY_LOAD`) is
played again once, said so, and the file judged by that game (:meth:`Checker.game`). The exit
status is 0 when every check passed, 1 when the player failed one
(an illegal move, a time-out, a crash …), and 2 for bad input: no such file, a syntax error,
or a file the referee could not start (no ``choose_move``, a wrong signature, raising at
import). Bad input gets a message naming the problem, never a traceback. A machine where
bubblewrap is installed but cannot make its sandbox (a container, restricted user
namespaces) also exits with 2, saying so, before any game: the file is not blamed.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from gamelib.language import Language, check_language, current_language
from gamelib.tournament import sprt_command
from gamelib.tournament.games import make_game
from gamelib.tournament.ladder import LADDER
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings, GameResult, GameSpec, Status
from gamelib.tournament.referee import play_game
from gamelib.tournament.replay import GAME_NAMES, status_name, write_replay
from gamelib.tournament.sandbox import SandboxUnavailableError

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "heading": {
        "en": "Checking {path} ({game}, {move_seconds} s a move + a bank of {bank_seconds} s)",
        "ja": "{path} を確かめます（{game}、一手の持ち時間 {move_seconds} 秒 + 貯金 "
        "{bank_seconds} 秒）",
    },
    "no file": {
        "en": "There is no file {path}. Give the path of your player file (a .py file).",
        "ja": "ファイル {path} がありません。プレイヤーのファイル（.py）のパスを指定してください。",
    },
    "not a file": {
        "en": "{path} is a folder, not a player file. Give the path of your .py file.",
        "ja": "{path} はフォルダーです。プレイヤーのファイル（.py）のパスを指定してください。",
    },
    "unreadable": {
        "en": "{path} cannot be read as text: {problem}",
        "ja": "{path} をテキストとして読めません：{problem}",
    },
    "syntax": {
        "en": "{path} has a syntax error on line {line}: {message}",
        "ja": "{path} の {line} 行目に構文エラーがあります：{message}",
    },
    "syntax line": {"en": "    {text}", "ja": "    {text}"},
    "failed to start": {
        "en": "{path} could not be started as a player: {detail}",
        "ja": "{path} をプレイヤーとして起動できませんでした：{detail}",
    },
    "log tail": {"en": "What it printed (the end):", "ja": "出力（最後の部分）："},
    "machine": {
        "en": "This machine cannot run the referee's sandbox, so your file was not tried "
        "(this is not a fault of your file): bubblewrap (bwrap) is installed but cannot make "
        "its sandbox ({reason}). This happens in containers and on systems that restrict "
        "unprivileged user namespaces (Ubuntu 23.10 and later): allow them (on Ubuntu: sudo "
        "sysctl -w kernel.apparmor_restrict_unprivileged_userns=0) or check your file on "
        "another machine.",
        "ja": "このマシンでは審判のサンドボックスを動かせないため、ファイルは試していません"
        "（ファイルの誤りではありません）。bubblewrap（bwrap）はインストールされていますが、"
        "サンドボックスを作れません（{reason}）。コンテナや、特権のないユーザー名前空間を制限"
        "するシステム（Ubuntu 23.10 以降）で起こります。ユーザー名前空間を許可する（Ubuntu "
        "では sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0）か、別のマシンで"
        "確かめてください。",
    },
    "loads": {
        "en": "The file loads and answers as a player (choose_move(game, state, clock)).",
        "ja": "ファイルを読み込め、プレイヤーとして答えます（choose_move(game, state, clock)）。",
    },
    "legal": {
        "en": "Legal moves: {positions} of {positions} positions ({games} games from positions "
        "reached by random moves, seed {seed}, against Random).",
        "ja": "合法手：{positions} 局面のすべてで合法な手を返しました（ランダムな手で進めた局面"
        "から始めた {games} 局、シード {seed}、相手は Random）。",
    },
    "failed": {
        "en": "{status} in game {game_id}, in the position after the moves {line}: {detail}",
        "ja": "対局 {game_id} の、{line} と打った後の局面で{status}：{detail}",
    },
    "time": {
        "en": "Time per move: median {median} s, slowest {slowest} s, against {limit} s a move; "
        "{dipped} of {moves} moves took time from the bank; the least bank left {least} s "
        "of {bank} s.",
        "ja": "1 手の時間：中央値 {median} 秒、最長 {slowest} 秒（一手の持ち時間は {limit} 秒）。"
        "{moves} 手のうち {dipped} 手が貯金を使い、貯金の最小は {bank} 秒中 {least} "
        "秒でした。",
    },
    "no moves": {
        "en": "Time per move: the player made no move.",
        "ja": "1 手の時間：プレイヤーは 1 手も打ちませんでした。",
    },
    "match": {
        "en": "Against {opponent}: {games} games (each colour {each}), {won} won, {drawn} "
        "drawn, {lost} lost.",
        "ja": "{opponent} との対局：{games} 局（先手と後手を {each} 局ずつ）、{won} 勝 {lost} 敗 "
        "{drawn} 分。",
    },
    "busy": {
        "en": "! A time-out in game {game_id} while the machine was busy (load average {load} on "
        "{cores} processors: other programs had the processors too, and the referee counts "
        "the time your move waited for one). The game was played again.",
        "ja": "! 対局 {game_id} で時間切れになりましたが、そのときマシンは混んでいました"
        "（プロセッサー {cores} 個に対してロードアベレージ {load}：ほかのプログラムもプロセッサー"
        "を使っていて、審判は手がプロセッサーを待った時間も数えます）。対局をもう一度行い"
        "ました。",
    },
    "busy passed": {
        "en": "  Played again, it ended without a fault: the time-out is not counted against "
        "your file (the machine's load, not the file, was the likelier cause). A class "
        "tournament runs on a machine of its own; leave a margin all the same.",
        "ja": "  もう一度の対局は反則なく終わりました。この時間切れはファイルの不合格には数えません"
        "（原因はファイルよりマシンの混み具合である可能性が高いからです）。対抗戦は専用のマシンで"
        "行いますが、それでも時間には余裕を残してください。",
    },
    "busy failed": {
        "en": "  Played again, it lost on time again: the file is judged by that game (below).",
        "ja": "  もう一度の対局でも時間切れになりました。ファイルはその対局で判定します（下を見て"
        "ください）。",
    },
    "start position": {"en": "(none: the start position)", "ja": "（開始局面）"},
    "passed": {"en": "Every check passed.", "ja": "すべての確認に合格しました。"},
    "failed summary": {
        "en": "{count} check(s) failed: see the lines marked ✗.",
        "ja": "{count} 件の確認が不合格でした（✗ の行を見てください）。",
    },
    "unknown opponent": {
        "en": "There is no ladder player '{name}'; the ladder's players are: {names}.",
        "ja": "ラダーに「{name}」というプレイヤーはいません。ラダーのプレイヤー：{names}。",
    },
    "played": {
        "en": "{first} – {second}: {outcome}. Replay: {path}",
        "ja": "{first} 対 {second}：{outcome}。再生ページ：{path}",
    },
    "points": {"en": "points {one}–{two}", "ja": "勝ち点 {one}–{two}"},
    "void": {"en": "void (both sides failed)", "ja": "無効試合（双方とも反則）"},
}
"""Every sentence the check prints, in English and Japanese."""

PASS_MARK: Final = "✓"
FAIL_MARK: Final = "✗"

CHECK_SPEC_PREFIX: Final = "check"
"""The game ids of the check's games start with this."""

BUSY_LOAD: Final = 1.0
"""The load average per processor above which the machine counts as busy: more processes want
a processor than there are processors, so a move's wall time (what the referee charges)
includes waits that the player's file did not cause."""


def machine_load() -> float:
    """The machine's load average over the last minute per processor (0 where the system does
    not report it)."""
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # pragma: no cover - not on the course's platforms
        return 0.0


@dataclass(frozen=True)
class CheckOptions:
    """What ``check`` plays.

    Attributes:
        game: The game's name (``"othello"``, ``"reversi4x4"``, ``"tictactoe"``).
        clock: The clock of every move (by default the tournament's,
            :data:`~gamelib.tournament.records.TOURNAMENT_CLOCK`).
        positions: At least this many positions answered in the legality games.
        games: Games against each of Random and Greedy (half with each colour, rounded up).
        seed: The seed of the random positions and the games.
        most_games: At most this many legality games, however few positions they give.
    """

    game: str = "othello"
    clock: ClockSettings = TOURNAMENT_CLOCK
    positions: int = 200
    games: int = 2
    seed: int = 0
    most_games: int = 40


class BadInputError(Exception):
    """A player file the check cannot work with; the message names the problem."""


Play = Callable[[GameSpec], GameResult]
"""How a game is played (the referee's :func:`play_game`; tests may pass another)."""


def readable_player(path: str, language: Language) -> Path:
    """The player file at ``path``, checked to exist and to be Python without a syntax error
    (parsed, not run).

    Raises:
        BadInputError: naming the problem (no file, a folder, not text, the syntax error with
            its line).
    """
    words = {key: texts[language] for key, texts in WORDS.items()}
    file = Path(path)
    if not file.exists():
        raise BadInputError(words["no file"].format(path=path))
    if not file.is_file():
        raise BadInputError(words["not a file"].format(path=path))
    try:
        source = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInputError(words["unreadable"].format(path=path, problem=error)) from None
    try:
        ast.parse(source, filename=str(file))
    except SyntaxError as error:
        message = words["syntax"].format(path=path, line=error.lineno, message=error.msg)
        if error.text:
            message += "\n" + words["syntax line"].format(text=error.text.rstrip())
        raise BadInputError(message) from None
    return file.resolve()


def random_opening(game_name: str, rng: random.Random) -> tuple[str, ...]:
    """The moves (by name) of a random game's first plies, between none and half of it
    (passes left to the referee), so that the position is neither the start nor over."""
    game = make_game(game_name)
    state = game.initial_state()
    moves: list[str] = []
    while not game.is_terminal(state):
        move = rng.choice(list(game.moves(state)))
        moves.append(game.move_name(move))
        state = game.result(state, move)
    length = rng.randint(0, len(moves) // 2)
    while length and moves[length - 1] == "pass":  # the referee plays forced passes
        length -= 1
    return tuple(moves[:length])


def opponent_path(name: str, language: Language) -> tuple[str, str]:
    """The ladder player called ``name`` (its display name or its file's stem, any case):
    its display name and file.

    Raises:
        BadInputError: for no such ladder player, listing them.
    """
    wanted = name.casefold().replace("_", " ")
    for display, path in LADDER.items():
        if wanted in (display.casefold(), Path(path).stem.casefold().replace("_", " ")):
            return display, path
    names = ", ".join(LADDER)
    raise BadInputError(WORDS["unknown opponent"][language].format(name=name, names=names))


def side_of(result: GameResult, name: str) -> int:
    """Which side ``name`` played in ``result``."""
    return result.spec.players.index(name)


def player_seconds(results: Sequence[GameResult], name: str) -> list[tuple[float, float]]:
    """Each move's time and the bank left after it, of player ``name`` in ``results``."""
    return [
        (move.seconds, move.bank_left)
        for result in results
        for move in result.moves
        if result.spec.players[move.side] == name
    ]


class Checker:
    """The check of one player file.

    Args:
        path: the player file (already checked by :func:`readable_player`).
        options: what to play.
        language: the language of the sentences.
        play: how a game is played (default: the referee's :func:`play_game`).
        out: where each line goes as soon as it is known (the lines are kept too).
        load: the machine's load average per processor (:func:`machine_load`), read when the
            player loses on time (see :meth:`game`).
    """

    def __init__(
        self,
        path: Path,
        options: CheckOptions,
        language: Language,
        play: Play = play_game,
        out: Callable[[str], Any] = lambda line: None,
        load: Callable[[], float] = machine_load,
    ) -> None:
        self.path = path
        self.load = load
        self.out = out
        self.options = options
        self.language = language
        self.play = play
        self.words = {key: texts[language] for key, texts in WORDS.items()}
        self.name = path.stem
        self.lines: list[str] = []
        self.failures = 0
        self.games = 0

    def write(self, line: str) -> None:
        """Keep a line and send it out."""
        self.lines.append(line)
        self.out(line)

    def say(self, passed: bool, text: str) -> None:
        """Write a line marked ✓ or ✗."""
        self.write(f"{PASS_MARK if passed else FAIL_MARK} {text}")
        self.failures += not passed

    def game(self, opponent: tuple[str, str], side: int, opening: tuple[str, ...]) -> GameResult:
        """One game against ``opponent`` (display name, file), the player on ``side``. When the
        player loses it on time while the machine is busy (``load()`` above
        :data:`BUSY_LOAD`), the game is played again once and judged by that game, saying so
        (the referee's rule is kept; only the student's machine's other work is not held
        against the file)."""
        self.games += 1
        opponent_name, opponent_file = opponent
        names = [self.name, opponent_name]
        paths = [str(self.path), opponent_file]
        if side == 1:
            names.reverse()
            paths.reverse()
        spec = GameSpec(
            game_id=f"{CHECK_SPEC_PREFIX}-{self.games:03d}",
            game=self.options.game,
            players=(names[0], names[1]),
            paths=(paths[0], paths[1]),
            opening=opening,
            seed=self.options.seed * 1000 + self.games,
            clock=self.options.clock,
        )
        result = self.play(spec)
        if result.sides[side].status != Status.TIME_OUT:
            return result
        load = self.load()
        if load <= BUSY_LOAD:
            return result
        # The referee's rule, but not the referee's machine: a class tournament plays on a
        # machine of its own (one game per processor), while the student's machine may be busy
        # with anything. So a time-out on a busy machine is played again, once: the file is
        # judged by that game (a file that is slow by itself loses on time again).
        cores = os.cpu_count() or 1
        self.write(
            self.words["busy"].format(game_id=spec.game_id, load=f"{load * cores:.1f}", cores=cores)
        )
        again = self.play(spec)
        if again.sides[side].status in (Status.FINISHED, Status.NOT_PLAYED):
            self.write(self.words["busy passed"])
        elif again.sides[side].status == Status.TIME_OUT:
            self.write(self.words["busy failed"])
        return again

    def started(self, result: GameResult) -> None:
        """Say that the file loads and answers as a player, unless it failed to start in
        ``result`` (then raise :class:`BadInputError`, see :meth:`fault`)."""
        if result.sides[side_of(result, self.name)].status == Status.FAILED_TO_START:
            self.fault(result)
        self.say(True, self.words["loads"])

    def fault(self, result: GameResult) -> bool:
        """Say so and return True when the player failed in ``result``; raise
        :class:`BadInputError` when it failed to start."""
        side = side_of(result, self.name)
        outcome = result.sides[side]
        if outcome.status in (Status.FINISHED, Status.NOT_PLAYED):
            return False
        if outcome.status == Status.FAILED_TO_START:
            message = self.words["failed to start"].format(path=self.path, detail=outcome.detail)
            log = outcome.log.strip()
            if log:
                tail = "\n".join(log.splitlines()[-12:])
                message += f"\n{self.words['log tail']}\n{tail}"
            raise BadInputError(message)
        self.say(
            False,
            self.words["failed"].format(
                status=status_name(outcome.status, self.language),
                game_id=result.spec.game_id,
                line=" ".join((*result.spec.opening, *(move.move for move in result.moves)))
                or self.words["start position"],
                detail=outcome.detail,
            ),
        )
        log = outcome.log.strip()
        if log:
            self.write(self.words["log tail"])
            for line in log.splitlines()[-12:]:
                self.write("    " + line)
        return True

    def legality(self) -> list[GameResult]:
        """Games from random positions against Random until the player has answered enough
        positions; stops at the first fault."""
        rng = random.Random(self.options.seed)
        random_player = opponent_path("random", self.language)
        results: list[GameResult] = []
        answered = 0
        first = True
        while answered < self.options.positions and len(results) < self.options.most_games:
            opening = random_opening(self.options.game, rng)
            result = self.game(random_player, len(results) % 2, opening)
            results.append(result)
            if first:
                self.started(result)
                first = False
            if self.fault(result):
                return results
            answered += len(player_seconds([result], self.name))
        self.say(
            True,
            self.words["legal"].format(
                positions=answered, games=len(results), seed=self.options.seed
            ),
        )
        return results

    def timing(self, results: Sequence[GameResult]) -> None:
        """The player's time per move against the limit."""
        moves = player_seconds(results, self.name)
        if not moves:
            self.write(f"  {self.words['no moves']}")
            return
        clock = self.options.clock
        seconds = [each for each, _ in moves]
        self.say(
            True,
            self.words["time"].format(
                median=f"{statistics.median(seconds):.3f}",
                slowest=f"{max(seconds):.3f}",
                limit=f"{clock.move_seconds:g}",
                dipped=sum(each > clock.move_seconds for each in seconds),
                moves=len(seconds),
                least=f"{min(bank for _, bank in moves):.2f}",
                bank=f"{clock.bank_seconds:g}",
            ),
        )

    def match(self, opponent_name: str) -> list[GameResult]:
        """Colour-balanced games from the start against a ladder player."""
        opponent = opponent_path(opponent_name, self.language)
        each = (self.options.games + 1) // 2
        results = []
        for index in range(2 * each):
            result = self.game(opponent, index % 2, ())
            results.append(result)
            if self.fault(result):
                return results
        won = drawn = lost = 0
        for result in results:
            assert result.points is not None
            mine = result.points[side_of(result, self.name)]
            won += mine == 1
            drawn += mine == 0.5
            lost += mine == 0
        self.say(
            True,
            self.words["match"].format(
                opponent=opponent[0], games=len(results), each=each, won=won, drawn=drawn,
                lost=lost,
            ),
        )  # fmt: skip
        return results

    def run(self) -> int:
        """Every check in order; the exit status (0 passed, 1 failed).

        Raises:
            BadInputError: when the referee could not start the player.
        """
        clock = self.options.clock
        self.write(
            self.words["heading"].format(
                path=self.path,
                game=GAME_NAMES[self.options.game][self.language],
                move_seconds=f"{clock.move_seconds:g}",
                bank_seconds=f"{clock.bank_seconds:g}",
            )
        )
        results = self.legality()
        if not self.failures:
            self.timing(results)
        for opponent in ("random", "greedy"):
            if not self.failures:
                results.extend(self.match(opponent))
        if self.failures:
            self.write(self.words["failed summary"].format(count=self.failures))
            return 1
        self.write(self.words["passed"])
        return 0


def print_now(line: str) -> None:
    """Print a line at once (not held in a buffer while the next game plays)."""
    print(line, flush=True)


def check_player(
    path: str,
    options: CheckOptions = CheckOptions(),
    *,
    language: str | None = None,
    play: Play = play_game,
    out: Callable[[str], Any] = print_now,
    load: Callable[[], float] = machine_load,
) -> int:
    """Check the player file at ``path``, printing each finding with ``out`` as it is known;
    the exit status (0 every check passed, 1 one failed, 2 bad input). ``load`` is the
    machine's load per processor (see :meth:`Checker.game`)."""
    chosen = current_language() if language is None else check_language(language)
    try:
        file = readable_player(path, chosen)
        status = Checker(file, options, chosen, play, out, load).run()
    except BadInputError as error:
        out(str(error))
        return 2
    except SandboxUnavailableError as error:
        out(WORDS["machine"][chosen].format(reason=error.reason))
        return 2
    return status


def play_against(
    path: str,
    against: str,
    out_folder: str,
    *,
    side: int = 0,
    options: CheckOptions = CheckOptions(),
    language: str | None = None,
    play: Play = play_game,
    out: Callable[[str], Any] = print_now,
) -> int:
    """Play one game of the player file at ``path`` against the ladder player ``against``
    (the file on ``side``: 0 first, 1 second) and write its replay page to ``out_folder``;
    the exit status (0 the game was played, 1 the player failed in it, 2 bad input)."""
    chosen = current_language() if language is None else check_language(language)
    words = {key: texts[chosen] for key, texts in WORDS.items()}
    try:
        file = readable_player(path, chosen)
        opponent = opponent_path(against, chosen)
        checker = Checker(file, options, chosen, play, out)
        result = checker.game(opponent, side, ())
        failed = checker.fault(result)
    except BadInputError as error:
        out(str(error))
        return 2
    except SandboxUnavailableError as error:
        out(words["machine"].format(reason=error.reason))
        return 2
    first, second = result.spec.players
    stem = f"{Path(path).stem}-vs-{Path(opponent[1]).stem}"
    target = write_replay(result, Path(out_folder) / f"{stem}.html", language=chosen)
    if result.points is None:
        outcome = words["void"]
    else:
        outcome = words["points"].format(one=f"{result.points[0]:g}", two=f"{result.points[1]:g}")
    out(words["played"].format(first=first, second=second, outcome=outcome, path=target))
    return 1 if failed else 0


def parser() -> argparse.ArgumentParser:
    """The command line: ``check FILE``, ``play FILE --against NAME`` and ``sprt A B``."""
    main = argparse.ArgumentParser(
        prog="player",
        description="Check a tournament player file before you submit it, play one game "
        "against the course's ladder and write its replay page, or test whether one player "
        "file is stronger than another.",
    )
    commands = main.add_subparsers(dest="command", required=True)
    for name, text in (
        ("check", "check that the file loads, answers legal moves in time, and plays"),
        ("play", "play one game against a ladder player and write its replay page"),
    ):
        command = commands.add_parser(name, help=text, description=text)
        command.add_argument("file", help="your player file (a .py file)")
        command.add_argument("--game", choices=sorted(GAME_NAMES), default="othello")
        command.add_argument(
            "--move-seconds", type=float, default=TOURNAMENT_CLOCK.move_seconds,
            help="time per move (s); the tournament's by default",
        )  # fmt: skip
        command.add_argument(
            "--bank", "--bank-seconds", dest="bank_seconds", type=float,
            default=TOURNAMENT_CLOCK.bank_seconds,
            help="time bank per game (s); the tournament's by default",
        )  # fmt: skip
        command.add_argument("--seed", type=int, default=0)
        command.add_argument("--language", choices=("en", "ja"), default=None)
        if name == "check":
            command.add_argument(
                "--positions", type=int, default=CheckOptions.positions,
                help="answer at least this many positions in the legality games",
            )  # fmt: skip
            command.add_argument(
                "--games", type=int, default=CheckOptions.games,
                help="games against each of Random and Greedy",
            )  # fmt: skip
        else:
            command.add_argument("--against", default="positional", help="a ladder player")
            command.add_argument("--side", choices=("first", "second"), default="first")
            command.add_argument("--out", default="replays", help="the replay page's folder")
    sprt_text = "test whether one player file is stronger than another (SPRT on game pairs)"
    sprt_command.add_arguments(commands.add_parser("sprt", help=sprt_text, description=sprt_text))
    return main


def main(
    argv: Sequence[str] | None = None,
    play: Play = play_game,
    load: Callable[[], float] = machine_load,
) -> int:
    """Run the command line; the exit status (``play`` and ``load`` as for
    :func:`check_player`)."""
    arguments = parser().parse_args(argv)
    if arguments.command == "sprt":
        return sprt_command.run_command(arguments, out=print_now)
    clock = ClockSettings(move_seconds=arguments.move_seconds, bank_seconds=arguments.bank_seconds)
    if arguments.command == "check":
        options = CheckOptions(
            game=arguments.game, clock=clock, positions=arguments.positions,
            games=arguments.games, seed=arguments.seed,
        )  # fmt: skip
        return check_player(
            arguments.file, options, language=arguments.language, play=play, load=load
        )
    options = CheckOptions(game=arguments.game, clock=clock, seed=arguments.seed)
    return play_against(
        arguments.file, arguments.against, arguments.out,
        side=0 if arguments.side == "first" else 1, options=options,
        language=arguments.language, play=play,
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
