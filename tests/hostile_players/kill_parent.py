"""Kills its parent (the referee, if it could reach it) and process 1. In the sandbox its
parent is the sandbox's own init, which it may not signal; the game goes on (finished)."""

import os
import signal


def choose_move(game, state, clock):
    for target in (os.getppid(), 1):
        try:
            os.kill(target, signal.SIGKILL)
            print(f"KILLED {target}")
        except OSError as error:
            print(f"BLOCKED {target}: {error}")
    return game.moves(state)[0]
