"""``python -m gamelib.tournament FOLDER [options]``: a class tournament from one command.

Every ``*.py`` file in FOLDER (but those starting with ``_``) is a player, named by its file
name without ``.py``; ``--ladder`` adds the course's ladder of players (its rungs,
:data:`gamelib.tournament.ladder.RUNGS`). The games are played
in parallel (``--jobs`` workers, default one per core, or a Dask cluster with ``--dask``),
each finished game is appended to ``OUT/results.jsonl`` (one line printed per game), and
running the same command again resumes a tournament that was stopped. At the end it writes
the leaderboard into ``OUT/leaderboard`` (when :mod:`gamelib.tournament.leaderboard` is
there), or prints the ratings, or at least each player's points.

Bad input (a missing folder, no players, an unknown game, a results folder of another
tournament) ends with a one-line message and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gamelib.tournament.openings import OPENING_RULES, balanced_openings
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings, GameResult
from gamelib.tournament.runner import Play, referee_play, run_tournament
from gamelib.tournament.schedule import (
    RoundRobin,
    Schedule,
    Swiss,
    TournamentOptions,
    check_player_names,
    counted_results,
)


class InputError(Exception):
    """Input the tournament cannot run with; its message is shown as it is."""


def parser() -> argparse.ArgumentParser:
    """The command's options."""
    arguments = argparse.ArgumentParser(
        prog="bash scripts/course.sh tournament",
        description="Play a class tournament between the player files of a folder.",
    )
    arguments.add_argument("folder", nargs="?", help="the folder of player files (*.py)")
    arguments.add_argument("--game", default="othello", help=f"one of {', '.join(OPENING_RULES)}")
    arguments.add_argument(
        "--move-seconds", type=float, default=TOURNAMENT_CLOCK.move_seconds, help="time per move"
    )
    arguments.add_argument(
        "--bank", type=float, default=TOURNAMENT_CLOCK.bank_seconds, help="time bank per game (s)"
    )
    arguments.add_argument("--openings", type=int, default=2, help="balanced openings played")
    arguments.add_argument(
        "--schedule", choices=("round-robin", "swiss"), default="round-robin", help="pairings"
    )
    arguments.add_argument("--rounds", type=int, default=None, help="rounds of a Swiss schedule")
    arguments.add_argument("--ladder", action="store_true", help="add the course's ladder")
    arguments.add_argument("--jobs", type=int, default=None, help="games at once (local)")
    arguments.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler's address")
    arguments.add_argument("--out", default="tournament", help="the results folder")
    arguments.add_argument("--seed", type=int, default=0, help="the tournament's seed")
    arguments.add_argument(
        "--no-leaderboard", action="store_true", help="print the points, write no leaderboard"
    )
    arguments.add_argument(
        "--play",
        metavar="MODULE:FUNCTION",
        help="play games with this function instead of the referee (for tests)",
    )
    return arguments


def find_players(folder: str | None, ladder: bool) -> dict[str, str]:
    """Player name → file: the folder's ``*.py`` files, and the ladder's when asked."""
    players: dict[str, str] = {}
    if folder is not None:
        directory = Path(folder)
        if not directory.is_dir():
            raise InputError(f"no folder {folder!r}: give the folder of the players' files")
        for path in sorted(directory.glob("*.py")):
            if not path.name.startswith("_"):
                players[path.stem] = str(path.resolve())
        if not players:
            raise InputError(f"no player files (*.py) in {folder!r}")
    if ladder:
        try:
            module = importlib.import_module("gamelib.tournament.ladder")
        except ModuleNotFoundError as error:
            raise InputError(f"the course's ladder is not available ({error})") from error
        for name in module.RUNGS:
            if name in players:
                raise InputError(f"the player {name!r} has the name of a ladder player")
            players[name] = str(module.LADDER[name])
    if folder is None and not ladder:
        raise InputError("give a folder of player files, or --ladder, or both")
    try:
        check_player_names(players)
    except ValueError as error:
        raise InputError(str(error)) from error
    return players


def play_function(text: str | None) -> Play:
    """The referee, or the function ``MODULE:FUNCTION`` names."""
    if text is None:
        return referee_play
    module_name, _, function_name = text.partition(":")
    try:
        function: Play = getattr(importlib.import_module(module_name), function_name)
    except (ImportError, AttributeError, ValueError) as error:
        raise InputError(f"--play {text!r}: no such function ({error})") from error
    return function


def make_schedule(options: argparse.Namespace, players: Mapping[str, str]) -> Schedule:
    """The schedule the options ask for."""
    if options.game not in OPENING_RULES:
        raise InputError(f"unknown game {options.game!r}; the games are {', '.join(OPENING_RULES)}")
    if options.move_seconds <= 0 or options.bank < 0:
        raise InputError("--move-seconds must be above 0 and --bank at least 0")
    if options.jobs is not None and options.jobs < 1:
        raise InputError("--jobs must be 1 or more")
    try:
        balanced_openings(options.game, options.openings)
    except ValueError as error:
        raise InputError(f"--openings {options.openings}: {error}") from error
    settings = TournamentOptions(
        game=options.game,
        openings=options.openings,
        clock=ClockSettings(move_seconds=options.move_seconds, bank_seconds=options.bank),
        seed=options.seed,
    )
    if options.schedule == "swiss":
        if options.rounds is None or options.rounds < 1:
            raise InputError("a Swiss schedule needs --rounds N (1 or more)")
        return Swiss(players, settings, options.rounds)
    if options.rounds is not None:
        raise InputError("--rounds is for --schedule swiss")
    return RoundRobin(players, settings)


def progress_printer(out: Callable[[str], Any] = print) -> Callable[[GameResult], None]:
    """Prints one line per finished game: count, id, players, points, statuses."""
    count = 0

    def report(result: GameResult) -> None:
        nonlocal count
        count += 1
        first, second = result.spec.players
        points = "void" if result.points is None else "{}–{}".format(*map(_points, result.points))
        statuses = " / ".join(str(side.status) for side in result.sides)
        replay = " (replay)" if result.spec.attempt else ""
        out(f"{count:5d}  {result.spec.game_id}{replay}: {first} {points} {second}  ({statuses})")

    return report


def _points(value: float) -> str:
    """1, 0 or ½."""
    return "½" if value == 0.5 else f"{value:g}"


def standings(results: Sequence[GameResult]) -> list[tuple[str, float, int]]:
    """(player, points, games) of the counted results, most points first."""
    points: dict[str, float] = {}
    games: dict[str, int] = {}
    for result in counted_results(results).values():
        for side, name in enumerate(result.spec.players):
            games[name] = games.get(name, 0) + 1
            points[name] = points.get(name, 0.0) + (
                0.0 if result.points is None else result.points[side]
            )
    return sorted(
        ((name, points[name], games[name]) for name in games), key=lambda row: (-row[1], row[0])
    )


def publish(results_path: Path, out: Path, results: Sequence[GameResult]) -> None:
    """The leaderboard, or failing that the ratings, or failing that the points, printed."""
    try:
        leaderboard = importlib.import_module("gamelib.tournament.leaderboard")
        index = leaderboard.write_leaderboard(results_path, out / "leaderboard")
        print(f"the leaderboard: {index}")
        return
    except ModuleNotFoundError as error:
        print(f"(no leaderboard: {error})")
    try:
        ratings = importlib.import_module("gamelib.tournament.ratings")
        for row in ratings.rate(results).rows:
            print(f"{row.name:24s} {row.strength:7.2f}  [{row.low:.2f}, {row.high:.2f}]")
        return
    except ModuleNotFoundError as error:
        print(f"(no ratings: {error})")
    print_standings(results)


def print_standings(results: Sequence[GameResult]) -> None:
    """Each player's points and games, most points first."""
    for name, points, games in standings(results):
        print(f"{name:24s} {points:6g} points in {games} games")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit code (2 for bad input)."""
    options = parser().parse_args(argv)
    try:
        players = find_players(options.folder, options.ladder)
        schedule = make_schedule(options, players)
        play = play_function(options.play)
    except InputError as error:
        print(f"tournament: {error}", file=sys.stderr)
        return 2
    out = Path(options.out)
    results_path = out / "results.jsonl"
    print(f"{len(players)} players, {options.game}, results in {results_path}")
    try:
        results = run_tournament(
            schedule,
            results_path,
            executor="dask" if options.dask else None,
            dask_address=options.dask,
            jobs=options.jobs,
            play=play,
            progress=progress_printer(),
        )
    except ValueError as error:
        print(f"tournament: {error}", file=sys.stderr)
        return 2
    print(f"{len(results)} games in {results_path}")
    if options.no_leaderboard:
        print_standings(results)
    else:
        publish(results_path, out, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
