"""A fork bomb: every process forks forever. The process limit stops the growth (its own
user id when the referee is root, the sandbox's user namespace otherwise), the move never
comes (time-out), and the referee kills every process it left."""

import contextlib
import os


def choose_move(game, state, clock):
    while True:
        with contextlib.suppress(OSError):
            os.fork()
