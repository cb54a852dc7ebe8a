"""Computes on the opponent's time with processes: at import it forks two processes that
spin for the whole game (ignoring SIGTSTP), while ``choose_move`` answers at once. The
referee stops every process of the side between its moves, so they spin only during its
own moves: the game is finished and their CPU time while the other side was on move
(printed as STOLEN, read from /proc) is next to nothing."""

import os
import signal

signal.signal(signal.SIGTSTP, signal.SIG_IGN)
TICK = 1 / os.sysconf("SC_CLK_TCK")


def start_spinner():
    pid = os.fork()
    if pid == 0:
        while True:
            pass
    return pid


spinners = [start_spinner(), start_spinner()]
print(f"STARTED processes that spin: {spinners}", flush=True)


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
