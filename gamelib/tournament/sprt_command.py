"""``player sprt A.py B.py --elo0 0 --elo1 50``: is A stronger than B? A sequential test.

::

    bash scripts/course.sh player sprt mine.py before.py --elo0 0 --elo1 50 --jobs 2

plays game *pairs* between the two player files (the same balanced opening twice, colours
swapped: :func:`~gamelib.tournament.openings.balanced_openings`, taken in turn) with the
referee, in parallel through the tournament's runner (:func:`~gamelib.tournament.runner.
run_tournament`: sandboxed players, results appended and synced game by game). After each
finished pair it prints the LLR against its bounds as a bar, the pairs played and the Elo
estimate ± its interval (:mod:`gamelib.tournament.sprt`); it stops when the LLR leaves the
bounds and says which hypothesis was accepted.

**The test, exactly.** Pairs are numbered 1, 2, 3 …; the LLR is taken over pairs 1 … k in
that order, and the test ends at the first ``k`` whose LLR is at or beyond a bound. Pairs are
handed out ``--jobs`` at a time (``--jobs`` games run at once), so a batch may finish pairs
past ``k``: they are played but not
counted (the end says how many). A pair in which a game was void (both sides failed twice)
counts for nothing and the next pair goes on. So the verdict is a function of the results
file alone, whatever order games finished in.

**Resuming.** The results file (``--state``, by default ``sprt/A-vs-B.jsonl``) is the state:
the same command again plays only the games not in it and reaches the same verdict; a
state file of other games (other players, game, clock, seed) is refused.

Exit status: 0 when the test decided (H0 or H1), 1 when ``--most-pairs`` were played without
a decision, 2 for bad input (a message naming it, never a traceback), 130 when interrupted
(Ctrl-C: it says how to go on).
"""

from __future__ import annotations

import argparse
import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from gamelib.language import Language, resolve
from gamelib.tournament.openings import OPENING_RULES, ranked_openings
from gamelib.tournament.records import (
    TOURNAMENT_CLOCK,
    ClockSettings,
    GameResult,
    GameSpec,
    read_results,
)
from gamelib.tournament.replay import GAME_NAMES
from gamelib.tournament.runner import Play, TournamentRefusedError, referee_play, run_tournament
from gamelib.tournament.schedule import derived_seed
from gamelib.tournament.sprt import (
    Decision,
    EloModel,
    decide,
    elo_estimate,
    log_likelihood_ratio,
    wald_bounds,
)

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "heading": {
        "en": "SPRT: is {first} stronger than {second}? H0: by {elo0} Elo, H1: by {elo1} Elo "
        "({model}), α = {alpha}, β = {beta}; LLR bounds {lower} and {upper}. {game}, game pairs "
        "on balanced openings with colours swapped, {jobs} games at once; results in {state}.",
        "ja": "SPRT：{first} は {second} より強いか。H0：差は {elo0} Elo、H1：差は {elo1} Elo"
        "（{model}）、α = {alpha}、β = {beta}。LLR の境界は {lower} と {upper} です。{game}、"
        "均衡した序盤から先後を入れ替えた 2 局一組で、同時に {jobs} 局ずつ対局します。結果は "
        "{state} に記録します。",
    },
    "resumed": {
        "en": "Resuming: {pairs} pairs are already in {state}.",
        "ja": "再開します：{state} にはすでに {pairs} 組の結果があります。",
    },
    "progress": {
        "en": "LLR {llr} {bar} pairs {pairs} ({games} games), Elo {elo} ± {margin}",
        "ja": "LLR {llr} {bar} {pairs} 組（{games} 局）、Elo {elo} ± {margin}",
    },
    "no pairs": {
        "en": "LLR 0 {bar} no pair finished yet",
        "ja": "LLR 0 {bar} まだ終わった組はありません",
    },
    "H1": {
        "en": "H1 accepted: {first} is stronger than {second} (by {elo1} Elo rather than "
        "{elo0}); the LLR {llr} reached the upper bound {upper} after {pairs} pairs "
        "({games} games).",
        "ja": "H1 を採択：{first} は {second} より強いと判定しました（差は {elo0} Elo ではなく"
        " {elo1} Elo）。{pairs} 組（{games} 局）で LLR {llr} が上の境界 {upper} に達しました。",
    },
    "H0": {
        "en": "H0 accepted: {first} is not shown to be stronger than {second} by {elo1} Elo (the "
        "difference is {elo0} Elo or less); the LLR {llr} reached the lower bound {lower} "
        "after {pairs} pairs ({games} games).",
        "ja": "H0 を採択：{first} が {second} より {elo1} Elo 強いとは示せませんでした（差は "
        "{elo0} Elo 以下）。{pairs} 組（{games} 局）で LLR {llr} が下の境界 {lower} に"
        "達しました。",
    },
    "undecided": {
        "en": "No decision after {pairs} pairs ({games} games), the most asked for: the LLR "
        "{llr} is still between {lower} and {upper}. Run again with a larger --most-pairs to "
        "go on.",
        "ja": "指定された上限の {pairs} 組（{games} 局）を対局しても決まりませんでした。LLR "
        "{llr} はまだ {lower} と {upper} の間です。続けるには --most-pairs を大きくして再実行"
        "してください。",
    },
    "estimate": {
        "en": "Elo difference {first} − {second}: {elo} ± {margin} ({confidence} % interval "
        "{low} to {high}; normalized Elo {normalized}).",
        "ja": "Elo の差（{first} − {second}）：{elo} ± {margin}（{confidence} % 信頼区間 {low} "
        "から {high}、正規化 Elo {normalized}）。",
    },
    "at limit": {
        "en": "Nearly every pair went one way, so the Elo difference is only bounded: the "
        "mean score is kept within 0.001 and 0.999 (±1200 Elo), as fishtest does.",
        "ja": "ほぼすべての組が一方の勝ちなので、Elo の差は限界値しか分かりません。平均得点は "
        "fishtest と同じく 0.001 から 0.999（±1200 Elo）の範囲に収めています。",
    },
    "extra": {
        "en": "{extra} more pairs were played in the last batch after the decision; they are "
        "not counted.",
        "ja": "判定の後に、最後のまとまりで {extra} 組を余分に対局しました。これは数えません。",
    },
    "void": {
        "en": "{void} pairs had a void game (both sides failed) and count for nothing.",
        "ja": "{void} 組は無効試合（双方とも反則）を含むため数えません。",
    },
    "interrupted": {
        "en": "Interrupted: the finished games are kept in {state}; run the same command again "
        "to go on.",
        "ja": "中断しました。終わった対局は {state} に残っています。同じコマンドをもう一度実行"
        "すると続きから再開します。",
    },
    "elo order": {
        "en": "--elo0 ({elo0}) must be below --elo1 ({elo1}).",
        "ja": "--elo0（{elo0}）は --elo1（{elo1}）より小さくしてください。",
    },
    "error rates": {
        "en": "--alpha and --beta must be above 0 with alpha + beta below 1 (got {alpha} and "
        "{beta}).",
        "ja": "--alpha と --beta は 0 より大きく、alpha + beta は 1 未満にしてください（指定は "
        "{alpha} と {beta}）。",
    },
    "clock": {
        "en": "--move-seconds must be above 0 and --bank at least 0.",
        "ja": "--move-seconds は 0 より大きく、--bank は 0 以上にしてください。",
    },
    "counts": {
        "en": "--jobs and --most-pairs must be 1 or more.",
        "ja": "--jobs と --most-pairs は 1 以上にしてください。",
    },
    "no play": {
        "en": "--play {name}: there is no such function ({problem}).",
        "ja": "--play {name}：その関数はありません（{problem}）。",
    },
    "refused": {
        "en": "The test cannot go on: {problem}",
        "ja": "検定を続けられません：{problem}",
    },
}
"""Every sentence the command prints, in English and Japanese."""

BAR_WIDTH: Final = 31
"""Characters between the two bounds in the progress bar."""

STATE_FOLDER: Final = "sprt"
"""Where the state file goes by default (``sprt/A-vs-B.jsonl``)."""


@dataclass(frozen=True)
class SprtOptions:
    """What the test plays and how it decides.

    Attributes:
        elo0: H0's Elo difference (A − B).
        elo1: H1's, above ``elo0``.
        alpha: The chance of accepting H1 when H0 is true.
        beta: The chance of accepting H0 when H1 is true.
        model: ``"logistic"`` or ``"normalized"`` Elo.
        game: The game's name.
        clock: The clock of every move.
        jobs: Games played at once (the runner's workers); pairs are handed out ``jobs`` at
            a time (``2 · jobs`` games), so that every worker has a game while a batch lasts.
        most_pairs: Stop undecided after this many pairs.
        seed: Every game's seed derives from it and the game's id.
    """

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05
    model: EloModel = "logistic"
    game: str = "othello"
    clock: ClockSettings = TOURNAMENT_CLOCK
    jobs: int = 1
    most_pairs: int = 2000
    seed: int = 0


@dataclass(frozen=True)
class Verdict:
    """Where the test stands over the counted pairs.

    Attributes:
        counts: The pentanomial counts of the counted pairs (A's pair scores 0 … 2).
        llr: Their LLR.
        decision: H0 or H1 once the LLR reached a bound, else None.
        counted: The pairs counted (up to and including the deciding one).
        void: Pairs among them skipped for a void game.
        extra: Finished pairs past the deciding one (not counted).
    """

    counts: tuple[int, int, int, int, int]
    llr: float
    decision: Decision | None
    counted: int
    void: int
    extra: int


def pair_specs(
    number: int, players: tuple[tuple[str, str], tuple[str, str]], options: SprtOptions
) -> tuple[GameSpec, GameSpec]:
    """The two games of pair ``number`` (from 1): A first then B first, on the pair's opening
    (the balanced openings in turn, most balanced first)."""
    openings = ranked_openings(options.game)
    opening = openings[(number - 1) % len(openings)]
    (first_name, first_path), (second_name, second_path) = players
    specs = []
    for label, names, paths in (
        ("a", (first_name, second_name), (first_path, second_path)),
        ("b", (second_name, first_name), (second_path, first_path)),
    ):
        game_id = f"sprt-p{number:05d}-{label}"
        specs.append(
            GameSpec(
                game_id=game_id,
                game=options.game,
                players=names,
                paths=paths,
                opening=opening.moves,
                seed=derived_seed(options.seed, game_id),
                clock=options.clock,
            )
        )
    return specs[0], specs[1]


def pair_number(result: GameResult) -> int:
    """The pair a game belongs to, from its id (``sprt-p00012-a`` → 12).

    Raises:
        ValueError: for a game id that is not an SPRT pair's.
    """
    parts = result.spec.game_id.split("-")
    if len(parts) != 3 or parts[0] != "sprt" or not parts[1].startswith("p"):
        raise ValueError(
            f"the state file holds a game that is not an SPRT pair's ({result.spec.game_id!r}):"
            " give another --state"
        )
    return int(parts[1][1:])


def pair_points(results: Sequence[GameResult], first: str) -> dict[int, float | None]:
    """A's points in each pair whose two games are both over (the last attempt of each game
    counts; None when one of them is void)."""
    games: dict[str, GameResult] = {}
    for result in sorted(results, key=lambda result: result.spec.attempt):
        games[result.spec.game_id] = result
    points: dict[int, float | None] = {}
    for game_id, result in games.items():
        number = pair_number(result)
        if not game_id.endswith("-a"):
            continue
        other = games.get(game_id[:-1] + "b")
        if other is None or (result.void and result.spec.attempt == 0):
            continue
        if other.void and other.spec.attempt == 0:
            continue
        if result.points is None or other.points is None:
            points[number] = None
            continue
        points[number] = (
            result.points[result.spec.players.index(first)]
            + other.points[other.spec.players.index(first)]
        )
    return points


def verdict(points: Mapping[int, float | None], options: SprtOptions) -> Verdict:
    """The test over pairs 1, 2, … in order up to the first missing pair, stopping at the
    first pair whose LLR reaches a bound (the module docstring's rule)."""
    counts = [0] * 5
    llr, decision, counted, void, number = 0.0, None, 0, 0, 1
    while number in points and decision is None:
        score = points[number]
        counted += 1
        if score is None:
            void += 1
        else:
            counts[int(score * 2)] += 1
            llr = _llr(tuple(counts), options.elo0, options.elo1, options.model)
            decision = decide(llr, options.alpha, options.beta)
        number += 1
    extra = sum(1 for each in points if each > counted) if decision is not None else 0
    return Verdict(
        (counts[0], counts[1], counts[2], counts[3], counts[4]), llr, decision, counted, void,
        extra,
    )  # fmt: skip


@functools.lru_cache(maxsize=1 << 16)
def _llr(counts: tuple[int, ...], elo0: float, elo1: float, model: EloModel) -> float:
    """:func:`~gamelib.tournament.sprt.log_likelihood_ratio`, remembered: the verdict is
    recomputed over the same prefixes of pairs after every game."""
    return log_likelihood_ratio(counts, elo0, elo1, model)


def bar(llr: float, lower: float, upper: float) -> str:
    """The LLR's place between its bounds: ``-2.94 [──────●────────] 2.94`` (the dot at the
    LLR, clamped to the ends; ``|`` marks 0)."""
    cells = ["─"] * BAR_WIDTH
    zero = round((0 - lower) / (upper - lower) * (BAR_WIDTH - 1))
    cells[min(max(zero, 0), BAR_WIDTH - 1)] = "|"
    place = round((llr - lower) / (upper - lower) * (BAR_WIDTH - 1))
    cells[min(max(place, 0), BAR_WIDTH - 1)] = "●"
    return f"{lower:.2f} [{''.join(cells)}] {upper:.2f}"


def _signed(value: float) -> str:
    """A number with its sign and one decimal (``+12.3``, ``-4.0``)."""
    return f"{value:+.1f}"


class SprtRun:
    """One sequential test between two player files, printing as it goes.

    Args:
        paths: A's and B's player files (checked to exist and parse).
        options: What to play and how to decide.
        state: The results file.
        language: The language of the sentences.
        play: How a game is played (the referee's by default).
        out: Where each line goes.
    """

    def __init__(
        self,
        paths: tuple[Path, Path],
        options: SprtOptions,
        state: Path,
        language: Language,
        play: Play = referee_play,
        out: Callable[[str], Any] = print,
    ) -> None:
        first, second = paths[0].stem, paths[1].stem
        if first == second:
            first, second = f"{first}-A", f"{second}-B"
        self.players = ((first, str(paths[0])), (second, str(paths[1])))
        self.options = options
        self.state = state
        self.language = language
        self.play = play
        self.out = out
        self.words = {key: texts[language] for key, texts in WORDS.items()}
        self.bounds = wald_bounds(options.alpha, options.beta)
        self.results: list[GameResult] = []

    @property
    def first(self) -> str:
        """A's name."""
        return self.players[0][0]

    @property
    def second(self) -> str:
        """B's name."""
        return self.players[1][0]

    def current(self) -> Verdict:
        """The verdict over the results so far."""
        return verdict(pair_points(self.results, self.first), self.options)

    def progress_line(self, now: Verdict) -> str:
        """The progress line: the LLR and its bar, the pairs, the Elo estimate."""
        lower, upper = self.bounds
        if not sum(now.counts):
            return self.words["no pairs"].format(bar=bar(0.0, lower, upper))
        estimate = elo_estimate(now.counts)
        return self.words["progress"].format(
            llr=f"{now.llr:+.2f}",
            bar=bar(now.llr, lower, upper),
            pairs=now.counted,
            games=2 * now.counted,
            elo=_signed(estimate.elo),
            margin=f"{estimate.margin:.1f}",
        )

    def finished_game(self, result: GameResult) -> None:
        """Keep a result; print the progress line when it completed a counted pair."""
        before = self.current().counted
        self.results.append(result)
        now = self.current()
        if now.counted != before:
            self.out(self.progress_line(now))

    def run(self) -> int:
        """Play pairs until a decision or ``most_pairs``; print the end; the exit status."""
        options = self.options
        lower, upper = self.bounds
        self.out(
            self.words["heading"].format(
                first=self.first, second=self.second, elo0=f"{options.elo0:g}",
                elo1=f"{options.elo1:g}", model=options.model, alpha=f"{options.alpha:g}",
                beta=f"{options.beta:g}", lower=f"{lower:.2f}", upper=f"{upper:.2f}",
                game=GAME_NAMES[options.game][self.language], jobs=options.jobs, state=self.state,
            )
        )  # fmt: skip
        if self.state.exists():
            self.results = read_results(self.state)
            done = len(pair_points(self.results, self.first))
            if done:
                self.out(self.words["resumed"].format(pairs=done, state=self.state))
        planned = max((pair_number(result) for result in self.results), default=0)
        now = self.current()
        while now.decision is None and now.counted < options.most_pairs:
            planned = max(planned, min(now.counted + options.jobs, options.most_pairs))
            specs = [
                spec
                for number in range(1, planned + 1)
                for spec in pair_specs(number, self.players, options)
            ]
            self.results = list(
                run_tournament(
                    specs, self.state, play=self.play, jobs=options.jobs,
                    progress=self.finished_game,
                )
            )  # fmt: skip
            before, now = now, self.current()
            if now.counted == before.counted and now.counted < planned:
                raise ValueError(
                    f"the games in {self.state} do not make up pairs 1 to {planned}: give "
                    "another --state"
                )  # a guard: the runner plays every game of pairs 1 … planned
        return self.finish(now)

    def finish(self, now: Verdict) -> int:
        """Print the verdict, the Elo estimate and what was not counted; the exit status."""
        lower, upper = self.bounds
        options = self.options
        values = {
            "first": self.first, "second": self.second, "elo0": f"{options.elo0:g}",
            "elo1": f"{options.elo1:g}", "llr": f"{now.llr:.2f}",
            "lower": f"{lower:.2f}", "upper": f"{upper:.2f}",
            "pairs": now.counted, "games": 2 * now.counted,
        }  # fmt: skip
        self.out(self.words[now.decision or "undecided"].format(**values))
        if sum(now.counts):
            estimate = elo_estimate(now.counts)
            self.out(
                self.words["estimate"].format(
                    first=self.first, second=self.second, elo=_signed(estimate.elo),
                    margin=f"{estimate.margin:.1f}", confidence=95, low=_signed(estimate.low),
                    high=_signed(estimate.high), normalized=_signed(estimate.normalized),
                )
            )  # fmt: skip
            if estimate.at_limit:
                self.out(self.words["at limit"])
        if now.void:
            self.out(self.words["void"].format(void=now.void))
        if now.extra:
            self.out(self.words["extra"].format(extra=now.extra))
        return 0 if now.decision is not None else 1


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The ``sprt`` subcommand's arguments (``player sprt A.py B.py …``)."""
    command.add_argument("file", help="player A (a .py file): is it stronger …")
    command.add_argument("other", help="… than player B (a .py file)?")
    command.add_argument("--elo0", type=float, default=0.0, help="H0: A − B in Elo (default 0)")
    command.add_argument("--elo1", type=float, default=50.0, help="H1: A − B in Elo (default 50)")
    command.add_argument("--alpha", type=float, default=0.05, help="false H1 rate (0.05)")
    command.add_argument("--beta", type=float, default=0.05, help="false H0 rate (0.05)")
    command.add_argument(
        "--model", choices=("logistic", "normalized"), default="logistic",
        help="how --elo0 and --elo1 are read (logistic Elo by default)",
    )  # fmt: skip
    command.add_argument("--game", choices=sorted(OPENING_RULES), default="othello")
    command.add_argument(
        "--move-seconds", type=float, default=TOURNAMENT_CLOCK.move_seconds,
        help="time per move (s); the tournament's by default",
    )  # fmt: skip
    command.add_argument(
        "--bank", "--bank-seconds", dest="bank_seconds", type=float,
        default=TOURNAMENT_CLOCK.bank_seconds, help="time bank per game (s)",
    )  # fmt: skip
    command.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    command.add_argument(
        "--most-pairs", type=int, default=2000, help="stop undecided after this many pairs"
    )
    command.add_argument("--seed", type=int, default=0)
    command.add_argument("--state", default=None, help="the results file (resumes from it)")
    command.add_argument("--language", choices=("en", "ja"), default=None)
    command.add_argument(
        "--play", metavar="MODULE:FUNCTION",
        help="play games with this function instead of the referee (for tests)",
    )  # fmt: skip


def run_command(arguments: argparse.Namespace, out: Callable[[str], Any] = print) -> int:
    """Run ``player sprt`` from parsed arguments; the exit status (2 for bad input)."""
    check = importlib.import_module("gamelib.tournament.check")
    language = resolve(arguments.language)
    words = {key: texts[language] for key, texts in WORDS.items()}
    try:
        paths = (
            check.readable_player(arguments.file, language),
            check.readable_player(arguments.other, language),
        )
    except check.BadInputError as error:
        out(str(error))
        return 2
    problem = option_problem(arguments, language)
    if problem is not None:
        out(problem)
        return 2
    options = SprtOptions(
        elo0=arguments.elo0, elo1=arguments.elo1, alpha=arguments.alpha, beta=arguments.beta,
        model=arguments.model, game=arguments.game,
        clock=ClockSettings(move_seconds=arguments.move_seconds,
                            bank_seconds=arguments.bank_seconds),
        jobs=arguments.jobs, most_pairs=arguments.most_pairs, seed=arguments.seed,
    )  # fmt: skip
    state = Path(arguments.state or f"{STATE_FOLDER}/{paths[0].stem}-vs-{paths[1].stem}.jsonl")
    play: Play = referee_play
    if arguments.play is not None:
        module_name, _, function_name = arguments.play.partition(":")
        try:
            play = getattr(importlib.import_module(module_name), function_name)
        except (ImportError, AttributeError, ValueError) as error:
            out(words["no play"].format(name=arguments.play, problem=error))
            return 2
    try:
        return SprtRun(paths, options, state, language, play, out).run()
    except (TournamentRefusedError, ValueError) as error:
        out(words["refused"].format(problem=error))
        return 2
    except KeyboardInterrupt:
        out(words["interrupted"].format(state=state))
        return 130


def option_problem(arguments: argparse.Namespace, language: Language) -> str | None:
    """What is wrong with the options, in one sentence, or None."""
    words = {key: texts[language] for key, texts in WORDS.items()}
    if not arguments.elo0 < arguments.elo1:
        return words["elo order"].format(elo0=f"{arguments.elo0:g}", elo1=f"{arguments.elo1:g}")
    try:
        wald_bounds(arguments.alpha, arguments.beta)
    except ValueError:
        return words["error rates"].format(alpha=f"{arguments.alpha:g}", beta=f"{arguments.beta:g}")
    if arguments.move_seconds <= 0 or arguments.bank_seconds < 0:
        return words["clock"]
    if arguments.jobs < 1 or arguments.most_pairs < 1:
        return words["counts"]
    return None
