"""A player's own process: it loads one player file and answers the referee's positions.

The referee starts it once per game and per side (``python -I -m gamelib.tournament.child
SETTINGS``, where SETTINGS is a JSON object: the protocol's two file descriptors, the
resource limits, and the user id to run as). Before anything of the player's is read, it
sets its resource limits (soft and hard, so the player cannot raise them) and, when started
as root with a user id to run as, gives up root for that id. Then it follows
:mod:`gamelib.tournament.protocol`: ``hello`` loads the file, each ``position`` is replayed
from the start on a fresh game object (whatever the player did to the previous game or
position cannot change this one) and handed to ``choose_move(game, state, clock)``.

The player's stdout and stderr are the referee's log pipe; the protocol runs over the two
inherited descriptors, so printing cannot break it. This module imports only the standard
library, :mod:`gamelib.tournament.player`, :mod:`~gamelib.tournament.games`,
:mod:`~gamelib.tournament.protocol` and the games; never the referee.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import json
import math
import os
import random
import re
import sys
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any, BinaryIO, cast

from gamelib.tournament import protocol
from gamelib.tournament.games import NamedMovesGame, make_game, replay
from gamelib.tournament.player import ChooseMove, Clock, Report

FAILED_TO_START = "failed to start"
CRASH = "crash"
BAD_ANSWER = "bad answer"
OUT_OF_MEMORY = "out of memory"
"""The :class:`~gamelib.tournament.records.Status` values this process reports (the records
module is the referee's; its values are repeated here so the child does not import it)."""

MAX_PRINCIPAL_VARIATION = 64
"""The longest principal variation kept from a report."""


class PlayerFaultError(Exception):
    """Something the player did wrong: ``status`` and a plain sentence saying what."""

    def __init__(self, status: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def apply_limits(limits: dict[str, int | None], user_id: int | None) -> None:
    """Set this process's resource limits, then run as ``user_id`` (only when root).

    Each limit is set soft and hard alike, so the player cannot raise it again. A limit of
    None is left as it is. On a system without :mod:`resource` (Windows) nothing is set.
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - not on the course's platforms
        return
    names = {
        "cpu_seconds": resource.RLIMIT_CPU,
        "memory_bytes": resource.RLIMIT_AS,
        "processes": resource.RLIMIT_NPROC,
        "file_bytes": resource.RLIMIT_FSIZE,
        "open_files": resource.RLIMIT_NOFILE,
    }
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    for name, value in limits.items():
        if name in names and value is not None:
            resource.setrlimit(names[name], (value, value))
    if user_id is not None and os.getuid() == 0:
        os.setgroups([])
        os.setgid(user_id)
        os.setuid(user_id)


def module_name(path: str) -> str:
    """The name the player's module is imported under: its file's stem, made an identifier,
    prefixed so that it never hides a module of the standard library or of gamelib."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return "player_" + re.sub(r"\W", "_", stem)


def load_module(path: str) -> ModuleType:
    """Import the player file at ``path`` as a module of its own name.

    Raises:
        PlayerFaultError: FAILED_TO_START when the file is missing, has a syntax error, or raises
            while it is imported (the traceback goes to the log).
    """
    if not os.path.isfile(path):
        raise PlayerFaultError(FAILED_TO_START, f"there is no player file at {path}")
    name = module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise PlayerFaultError(FAILED_TO_START, f"{path} cannot be loaded as a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        raise PlayerFaultError(
            FAILED_TO_START, f"the file has a syntax error on line {error.lineno}: {error.msg}"
        ) from None
    except MemoryError:
        raise PlayerFaultError(OUT_OF_MEMORY, "the file ran out of memory while loading") from None
    except BaseException as error:  # the player's code may raise anything, SystemExit too
        traceback.print_exc()
        raise PlayerFaultError(
            FAILED_TO_START,
            f"the file raised {type(error).__name__} while loading: {error}",
        ) from None
    return module


def check_takes_three(function: Callable[..., Any], where: str, game: Any, state: Any) -> None:
    """Raise FAILED_TO_START unless ``function`` can be called as ``f(game, state, clock)``."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin or other callable without a signature
        return
    try:
        signature.bind(game, state, Clock(0.0, 0.0))
    except TypeError:
        raise PlayerFaultError(
            FAILED_TO_START,
            f"{where} must take (game, state, clock); it takes {signature}",
        ) from None


def move_function(
    module: ModuleType, game: NamedMovesGame, side: int
) -> Callable[[Any, Any, Clock], Any]:
    """The player's move function: ``Player(game, side).choose_move`` if the file has a
    class ``Player``, else its ``choose_move``.

    Raises:
        PlayerFaultError: FAILED_TO_START when there is neither, it is not callable, it takes the
            wrong arguments, or building the ``Player`` raises.
    """
    state = game.initial_state()
    player_class: Any = getattr(module, "Player", None)
    if player_class is not None:
        if not inspect.isclass(player_class):
            raise PlayerFaultError(FAILED_TO_START, "Player must be a class")
        try:
            build: Callable[..., Any] = player_class
            player = build(game, side)
        except MemoryError:
            raise PlayerFaultError(OUT_OF_MEMORY, "Player(game, side) ran out of memory") from None
        except BaseException as error:
            traceback.print_exc()
            raise PlayerFaultError(
                FAILED_TO_START, f"Player(game, side) raised {type(error).__name__}: {error}"
            ) from None
        method: Any = getattr(player, "choose_move", None)
        if not callable(method):
            raise PlayerFaultError(FAILED_TO_START, "the class Player has no method choose_move")
        check_takes_three(method, "Player.choose_move", game, state)
        return cast(ChooseMove, method)
    function: Any = getattr(module, "choose_move", None)
    if function is None:
        raise PlayerFaultError(
            FAILED_TO_START,
            "the file has neither a function choose_move(game, state, clock) nor a class Player",
        )
    if not callable(function):
        raise PlayerFaultError(FAILED_TO_START, "choose_move is not a function")
    check_takes_three(function, "choose_move", game, state)
    return cast(ChooseMove, function)


def name_of_move(game: NamedMovesGame, move: Any) -> str:
    """The name of a move a player returned (a move of the game or its name).

    Raises:
        PlayerFaultError: BAD_ANSWER for anything that is not a move of the game (legality is the
            referee's to check).
    """
    shown = repr(move)[:80]
    if isinstance(move, str):
        try:
            return game.move_name(game.parse_move(move))
        except (ValueError, IndexError, KeyError):
            raise PlayerFaultError(BAD_ANSWER, f"{shown} is not a move of this game") from None
    if type(move) is int:
        try:
            name = game.move_name(move)
            if game.parse_move(name) == move:
                return name
        except (ValueError, IndexError, KeyError):
            pass
        raise PlayerFaultError(BAD_ANSWER, f"{shown} is not a move of this game")
    raise PlayerFaultError(
        BAD_ANSWER, f"choose_move returned a {type(move).__name__} ({shown}), not a move"
    )


def telemetry(game: NamedMovesGame, report: Report) -> dict[str, Any]:
    """The report's search fields as JSON values. A field of the wrong type becomes None (and
    a line in the log says so); the principal variation is kept only if every entry is a move
    of the game (a move or its name), as names, at most :data:`MAX_PRINCIPAL_VARIATION`."""
    depth = report.depth if type(report.depth) is int else None
    nodes = report.nodes if type(report.nodes) is int else None
    value: float | None = None
    if type(report.value) in (int, float):
        try:
            value = float(report.value)  # type: ignore[arg-type]
        except OverflowError:
            value = None
        if value is not None and not math.isfinite(value):
            value = None
    line: list[str] = []
    try:
        for move in list(report.principal_variation)[:MAX_PRINCIPAL_VARIATION]:
            line.append(name_of_move(game, move))
    except (PlayerFaultError, TypeError):
        line = []
    wrong = [
        name
        for name, given, kept in (
            ("depth", report.depth, depth),
            ("nodes", report.nodes, nodes),
            ("value", report.value, value),
            ("principal_variation", report.principal_variation, line or None),
        )
        if given not in (None, ()) and kept is None
    ]
    if wrong:
        fields = ", ".join(wrong)
        print(
            f"referee: report fields not kept (wrong type or not moves): {fields}", file=sys.stderr
        )
    return {"depth": depth, "nodes": nodes, "value": value, "principal_variation": line}


def answer(
    choose: Callable[[Any, Any, Clock], Any], game_name: str, message: dict[str, Any]
) -> dict[str, Any]:
    """The answer to a ``position`` message: the chosen move's name and its report.

    Raises:
        PlayerFaultError: CRASH when the move function raises (traceback to the log),
            OUT_OF_MEMORY on MemoryError, BAD_ANSWER for a returned value that is not a move.
    """
    # The clock starts before the game is replayed: the referee's clock is already running,
    # and what this process does for the move before the player's code runs is charged too.
    clock = Clock(float(message["move_seconds"]), float(message["bank_seconds"]))
    game = make_game(game_name)
    state = replay(game, message["moves"])
    try:
        returned = choose(game, state, clock)
    except MemoryError:
        raise PlayerFaultError(OUT_OF_MEMORY, "choose_move ran out of memory") from None
    except RecursionError:
        traceback.print_exc()
        raise PlayerFaultError(CRASH, "choose_move recursed too deep (RecursionError)") from None
    except BaseException as error:
        traceback.print_exc()
        detail = f"choose_move raised {type(error).__name__}: {error}"
        raise PlayerFaultError(CRASH, detail) from None
    fresh = make_game(game_name)
    if isinstance(returned, Report):
        return {
            "type": protocol.ANSWER,
            "move": name_of_move(fresh, returned.move),
            "report": telemetry(fresh, returned),
        }
    return {"type": protocol.ANSWER, "move": name_of_move(fresh, returned), "report": None}


def serve(reader: BinaryIO, writer: BinaryIO) -> None:
    """Follow the protocol until ``bye`` or the end of the input."""

    def send(message: dict[str, Any]) -> None:
        writer.write(protocol.encode(message))
        writer.flush()

    hello = protocol.decode(reader.readline())
    game_name, side = hello["game"], int(hello["side"])
    random.seed(int(hello["seed"]) * 2 + side)
    try:
        module = load_module(hello["path"])
        choose = move_function(module, make_game(game_name), side)
    except PlayerFaultError as fault:
        send({"type": protocol.FAILURE, "status": fault.status, "detail": fault.detail})
        return
    send({"type": protocol.READY})
    for line in reader:
        message = protocol.decode(line)
        if message["type"] != protocol.POSITION:
            return
        try:
            send(answer(choose, game_name, message))
        except PlayerFaultError as fault:
            send({"type": protocol.FAILURE, "status": fault.status, "detail": fault.detail})
            return


def cpu_seconds() -> float | None:
    """This process's CPU time so far, user and system, its own and its finished children's
    (None where :mod:`resource` is missing)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on the course's platforms
        return None
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str]) -> None:
    """Run as the referee started it: ``argv[1]`` is the JSON settings. When the game is
    over it sends its CPU time (the ``usage`` message: inside the sandbox the referee cannot
    collect it) and exits at once (its log flushed; no interpreter teardown, which would only
    cost the referee's time)."""
    settings = json.loads(argv[1])
    apply_limits(settings["limits"], settings["user_id"])
    with (
        os.fdopen(settings["read_fd"], "rb") as reader,
        os.fdopen(settings["write_fd"], "wb") as writer,
    ):
        serve(reader, writer)
        with contextlib.suppress(OSError, ValueError):
            writer.write(protocol.encode({"type": protocol.USAGE, "cpu_seconds": cpu_seconds()}))
            writer.flush()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv)
