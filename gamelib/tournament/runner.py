"""Play a tournament's games in parallel and keep every finished game, even through a crash.

:func:`run_tournament` hands the games of a :class:`~gamelib.tournament.schedule.Schedule`
(or a plain list of specs) to a :class:`concurrent.futures.Executor`: a local process pool
with one worker per core by default, or a Dask cluster (``executor="dask"``: the client's
:meth:`~distributed.Client.get_executor` is such an executor). Each result is appended to the
results file *as its game ends* — one JSON line, written, flushed and ``fsync``-ed — so:

* **Resuming.** A tournament killed at any moment (``kill -9``, a closed laptop) is started
  again with the same command: games whose result is in the file (by ``game_id`` and
  ``attempt``) are not played again; a last line torn by the kill (no newline, or not JSON)
  is cut off first. Results in the file must be games of this tournament (same spec), or the
  run stops with a ValueError instead of mixing two tournaments.
* **Void games.** A game both sides failed (``points`` None) is replayed once, as attempt 1
  (:func:`~gamelib.tournament.schedule.replay_spec`); that replay counts whatever it gives.
* **The same file.** At the end the file is rewritten sorted by (``game_id``, ``attempt``)
  (to a temporary file, synced, then renamed over it). Games are seeded by the schedule, so an
  interrupted and resumed tournament ends with the same lines as one never interrupted,
  *except for the times measured* (each move's seconds and bank left, each side's seconds
  used, the game's wall and CPU times): :func:`timeless` is the comparison key that leaves
  them out. With players whose moves depend on the clock (iterative deepening stopped by
  time) the moves themselves may differ from run to run; the course's ladder searches to
  fixed depths.

**A department's cluster** (tested on a ``LocalCluster`` only; a real multi-machine cluster
was not tried): start ``dask scheduler`` on one machine and ``dask worker
tcp://SCHEDULER:8786 --nthreads 1 --nworkers N`` on each machine (N its cores, each game
runs two player processes that mostly take turns), every machine with the course set up by
``bash scripts/course.sh setup`` (bubblewrap included) and the players' folder at the *same
path* (a shared file system: specs name player files by path). Then the usual command with
``--dask tcp://SCHEDULER:8786`` plays the games on the workers; the results file and the
leaderboard are written where the command runs.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from gamelib.tournament import sandbox
from gamelib.tournament.records import GameResult, GameSpec, read_results
from gamelib.tournament.schedule import Schedule, replay_spec

Play = Callable[[GameSpec], GameResult]
"""Plays one game: the referee's ``play_game`` or, in tests, a fake (module-level, to pickle)."""


def referee_play(spec: GameSpec) -> GameResult:
    """Play one game with the sandboxed referee (:func:`gamelib.tournament.referee.play_game`)."""
    referee = importlib.import_module("gamelib.tournament.referee")
    result: GameResult = referee.play_game(spec)
    return result


class TournamentRefusedError(ValueError):
    """The tournament cannot give results that mean anything on this machine (the sentence
    says why and what to do): bwrap cannot make its sandbox, or every game was void."""


def refuse_void(results: Sequence[GameResult], path: Path) -> None:
    """Raise :class:`TournamentRefusedError` when there are results and every one is void:
    no player could be started in any game, which is the machine's doing, not the players'."""
    if results and all(result.void for result in results):
        detail = results[0].sides[0].detail
        raise TournamentRefusedError(
            f"every game of the tournament is void (both players failed to start in each of "
            f"the {len(results)} games: no player could be started on this machine, for "
            f"example {detail!r}); no ratings are made from it: mend the machine, remove "
            f"{path} and start the tournament again"
        )


@dataclass(frozen=True)
class FixedGames:
    """A list of specs as a one-round :class:`~gamelib.tournament.schedule.Schedule`."""

    specs: tuple[GameSpec, ...]

    @property
    def rounds(self) -> int:
        """One round."""
        return 1

    def games(self, round_number: int, results: Sequence[GameResult]) -> tuple[GameSpec, ...]:
        """The specs."""
        return self.specs


def append_result(handle: IO[str], result: GameResult) -> None:
    """Append one result as a line, and make sure it is on the disk before going on."""
    handle.write(result.to_line() + "\n")
    handle.flush()
    os.fsync(handle.fileno())


def write_sorted(path: Path, results: Sequence[GameResult]) -> None:
    """Replace the file by the results sorted by (game_id, attempt), atomically."""
    temporary = path.with_name(path.name + ".sorting")
    ordered = sorted(results, key=lambda result: (result.spec.game_id, result.spec.attempt))
    with temporary.open("w", encoding="utf-8") as handle:
        handle.writelines(result.to_line() + "\n" for result in ordered)
        handle.flush()
        os.fsync(handle.fileno())
    temporary.replace(path)


TIME_FIELDS = {"moves": ("seconds", "bank_left"), "sides": ("seconds_used",)}
"""The fields of a result that are measured times (they differ between two runs), besides its
``usage`` (:class:`~gamelib.tournament.records.Usage`: wall and CPU times)."""


def timeless(result: GameResult) -> dict[str, Any]:
    """A result as JSON with its measured times (:data:`TIME_FIELDS` and ``usage``) set to
    None: the key on which an interrupted-and-resumed tournament equals one never interrupted."""
    data = result.to_json()
    data["usage"] = None
    for part, names in TIME_FIELDS.items():
        for entry in data[part]:
            for name in names:
                entry[name] = None
    return data


def next_spec(spec: GameSpec, done: dict[tuple[str, int], GameResult]) -> GameSpec | None:
    """What is still to be played of a scheduled game: itself, its replay, or nothing.

    Raises:
        ValueError: when the file holds a different game under this id.
    """
    first = done.get((spec.game_id, 0))
    if first is None:
        return spec
    _check_same(first.spec, spec)
    if not first.void:
        return None
    replay = replay_spec(spec)
    second = done.get((spec.game_id, 1))
    if second is None:
        return replay
    _check_same(second.spec, replay)
    return None


def _check_same(found: GameSpec, expected: GameSpec) -> None:
    """Raise ValueError unless the result file's game is the scheduled one."""
    if found != expected:
        raise ValueError(
            f"the results file holds another game under the id {found.game_id!r} "
            f"(attempt {found.attempt}): it belongs to a different tournament (other players, "
            "openings, clock or seed); write this one to another folder"
        )


@contextmanager
def _executor_for(
    executor: concurrent.futures.Executor | str | None, jobs: int | None, address: str | None
) -> Iterator[concurrent.futures.Executor]:
    """The executor to use: the one given, a Dask client's, or a local process pool."""
    if isinstance(executor, concurrent.futures.Executor):
        yield executor
    elif executor == "dask":
        distributed = importlib.import_module("distributed")
        with distributed.Client(address) as client:
            yield client.get_executor()
    elif executor is None:
        workers = jobs or os.cpu_count() or 1
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            yield pool
    else:
        raise ValueError(f"unknown executor {executor!r}: an Executor, 'dask' or None")


def run_tournament(
    schedule: Schedule | Sequence[GameSpec],
    results_path: Path | str,
    *,
    executor: concurrent.futures.Executor | str | None = None,
    play: Play = referee_play,
    jobs: int | None = None,
    dask_address: str | None = None,
    progress: Callable[[GameResult], None] | None = None,
) -> tuple[GameResult, ...]:
    """Play every game of a schedule not already in the results file, round by round.

    Args:
        schedule: A :class:`~gamelib.tournament.schedule.Schedule`, or a list of specs.
        results_path: The results file (JSON lines); created if missing, resumed if not.
        executor: An Executor to hand the games to; ``"dask"``: a ``distributed.Client``
            on ``dask_address`` (None: a local Dask cluster); None: a process pool of ``jobs``
            workers (default ``os.cpu_count()``).
        play: Plays one game (must pickle for a process pool: a module-level function).
        jobs: The process pool's workers (only when ``executor`` is None).
        dask_address: The Dask scheduler's address (only with ``executor="dask"``).
        progress: Called with each result as its game ends (not for games already done).

    Returns:
        Every result (replays included), sorted by (game_id, attempt), as in the file.

    Raises:
        ValueError: when the file holds games of another tournament, or a broken line that
            is not its last.
        TournamentRefusedError: before the first game, when ``play`` is the referee's and
            bwrap is installed but cannot make its sandbox here
            (:func:`gamelib.tournament.sandbox.require_sandbox`); at the end, when every game
            was void (:func:`refuse_void`).
    """
    if play is referee_play:
        try:
            sandbox.require_sandbox()
        except sandbox.SandboxUnavailableError as error:
            raise TournamentRefusedError(str(error)) from None
    path = Path(results_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    plan: Schedule = FixedGames(tuple(schedule)) if isinstance(schedule, Sequence) else schedule
    results = read_results(path) if path.exists() else []
    done = {(result.spec.game_id, result.spec.attempt): result for result in results}
    scheduled: set[str] = set()
    with _executor_for(executor, jobs, dask_address) as pool, path.open("a") as handle:
        for round_number in range(1, plan.rounds + 1):
            specs = plan.games(round_number, results)
            scheduled.update(spec.game_id for spec in specs)
            waiting = [todo for spec in specs if (todo := next_spec(spec, done)) is not None]
            futures = {pool.submit(play, spec) for spec in waiting}
            while futures:
                finished, futures = concurrent.futures.wait(
                    futures, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in finished:
                    result = future.result()
                    append_result(handle, result)
                    results.append(result)
                    done[(result.spec.game_id, result.spec.attempt)] = result
                    if progress is not None:
                        progress(result)
                    if result.void and result.spec.attempt == 0:
                        futures.add(pool.submit(play, replay_spec(result.spec)))
    strangers = sorted({result.spec.game_id for result in results} - scheduled)
    if strangers:
        raise ValueError(
            f"the results file holds games this tournament does not schedule ({strangers[0]}"
            f" and {len(strangers) - 1} more): write this one to another folder"
        )
    write_sorted(path, results)
    refuse_void(results, path)
    return tuple(sorted(results, key=lambda result: (result.spec.game_id, result.spec.attempt)))
