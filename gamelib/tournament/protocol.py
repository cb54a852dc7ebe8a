"""The line protocol between the referee and a player's process: one JSON object per line.

It runs over two pipes of its own (inherited file descriptors, never stdin or stdout), so
whatever the player prints goes to its log and cannot be mistaken for an answer. Every
message is a JSON object with a ``"type"``:

========================  ==============================================================
referee → player          meaning
========================  ==============================================================
``hello``                 ``game``, ``side`` (0 first, 1 second), ``seed``, ``path`` of
                          the player file: load it
``position``              ``moves`` (every move name from the start, the opening
                          included), ``move_seconds``, ``bank_seconds``: choose a move
``bye``                   the game is over: exit
========================  ==============================================================

========================  ==============================================================
player → referee          meaning
========================  ==============================================================
``ready``                 the file loaded and has a move function
``answer``                ``move`` (its name) and ``report`` (the search's telemetry or
                          null)
``failure``               ``status`` (a :class:`~gamelib.tournament.records.Status` value)
                          and ``detail`` (a plain sentence): loading or choosing failed
``usage``                 ``cpu_seconds``: the process's CPU time (user and system, its
                          own and its finished children's), sent last, as it exits; the
                          referee uses it only to account for the machine's time, never
                          for the clock or the result
========================  ==============================================================

This module is imported by the player's own process, so it imports only the standard library.
"""

from __future__ import annotations

import json
from typing import Any, Final

HELLO: Final = "hello"
POSITION: Final = "position"
BYE: Final = "bye"
READY: Final = "ready"
ANSWER: Final = "answer"
FAILURE: Final = "failure"
USAGE: Final = "usage"

MAX_MESSAGE_BYTES: Final = 64 << 10
"""The longest line a player may send; a longer one is a bad answer."""


class ProtocolError(ValueError):
    """A line that is not a message of this protocol (the sentence says what is wrong)."""


def encode(message: dict[str, Any]) -> bytes:
    """The message as one line of JSON, newline included (no newline inside: JSON escapes)."""
    return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message a line holds.

    Raises:
        ProtocolError: if the line is not UTF-8 JSON, not an object, or has no string type.
    """
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise ProtocolError(f"the message is not a line of JSON ({error})") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("the message is not a JSON object with a 'type'")
    return message


class LineBuffer:
    """Collects the bytes read from a pipe and hands out complete lines.

    Raises :class:`ProtocolError` (from :meth:`feed`) as soon as a line grows beyond
    :data:`MAX_MESSAGE_BYTES`, so a flood on the protocol pipe never fills the referee's
    memory.
    """

    def __init__(self) -> None:
        self.pending = b""

    def feed(self, data: bytes) -> list[bytes]:
        """Add ``data``; the complete lines so far (without their newlines), in order."""
        *lines, self.pending = (self.pending + data).split(b"\n")
        if len(self.pending) > MAX_MESSAGE_BYTES or any(
            len(line) > MAX_MESSAGE_BYTES for line in lines
        ):
            raise ProtocolError(f"a message is longer than {MAX_MESSAGE_BYTES} bytes")
        return lines
