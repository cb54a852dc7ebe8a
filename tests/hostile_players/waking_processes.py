"""Tries to wake itself up: at import it forks two processes that spin and, on every turn of
their loop, send SIGCONT to each other and to the player's main process, so that a process
the referee stopped is continued by one it has not stopped yet. The referee stops the
side's processes round after round until a round finds every one stopped (a stopped process
sends nothing), and charges any CPU time they still use while the other side is on move to
the side's next move. In practice they are caught within a round or two: the game is
finished and their CPU time while the other side was on move (STOLEN) is next to nothing."""

import contextlib
import os
import signal

TICK = 1 / os.sysconf("SC_CLK_TCK")
PARENT = os.getpid()


def waker(others):
    signal.signal(signal.SIGTSTP, signal.SIG_IGN)
    while True:
        for pid in others:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGCONT)


read, write = os.pipe()
first = os.fork()
if first == 0:
    os.close(write)
    second = int(os.read(read, 32))
    waker([PARENT, second])
second = os.fork()
if second == 0:
    waker([PARENT, first])
os.write(write, str(second).encode())
os.close(write)
os.close(read)
spinners = [first, second]
print(f"STARTED processes that wake each other: {spinners}", flush=True)


def spun():
    total = 0
    for pid in spinners:
        with open(f"/proc/{pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total * TICK


last_answer = spun()  # from the end of its start-up: the other side loads next
stolen = 0.0


def choose_move(game, state, clock):
    global last_answer, stolen
    now = spun()
    stolen += now - last_answer
    print(f"SPUN {now:.4f} STOLEN {stolen:.4f}", flush=True)
    move = game.moves(state)[0]
    last_answer = spun()
    return move
