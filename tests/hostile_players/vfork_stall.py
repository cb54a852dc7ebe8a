"""Tries to hold the referee up: a thread calls ``vfork`` and its child waits forever, so the
thread stays in uninterruptible sleep (``D``), which SIGSTOP does not turn into "stopped".
A referee waiting for every thread to show "stopped" would wait its whole limit after each
of the side's moves; the referee counts a thread in ``D`` that has been sent SIGSTOP as
stopped (it stops before it runs any code again). The game is finished, and no stop of the
side times out. Each move prints its threads' states (STATES), showing the ``D``."""

import ctypes
import os
import threading
import time

libc = ctypes.CDLL(None, use_errno=True)


def stall():
    if libc.vfork() == 0:
        libc.pause()
        libc._exit(0)


threading.Thread(target=stall, daemon=True).start()
time.sleep(0.1)
print("STARTED", flush=True)


def states():
    found = []
    for task in sorted(os.listdir("/proc/self/task")):
        with open(f"/proc/self/task/{task}/stat") as file:
            found.append(file.read().rsplit(")", 1)[1].split()[0])
    return found


def choose_move(game, state, clock):
    print("STATES", states(), flush=True)
    return game.moves(state)[0]
