"""Computes on the opponent's time: a thread started at import spins for the whole game (it
ignores SIGTSTP, which changes nothing: the referee stops the side with SIGSTOP, which no
process can ignore), while ``choose_move`` answers at once. The referee stops the whole
process between its moves, so the thread spins only during its own moves: the game is
finished and the thread's CPU time while the other side was on move (printed as STOLEN) is
next to nothing."""

import signal
import threading
import time

signal.signal(signal.SIGTSTP, signal.SIG_IGN)


def spin():
    while True:
        pass


spinner = threading.Thread(target=spin, daemon=True)
spinner.start()
SPINNER_CLOCK = time.pthread_getcpuclockid(spinner.ident)
print("STARTED a thread that spins", flush=True)
last_answer = time.clock_gettime(
    SPINNER_CLOCK
)  # from the end of its start-up: the other side loads next
stolen = 0.0


def choose_move(game, state, clock):
    global last_answer, stolen
    now = time.clock_gettime(SPINNER_CLOCK)
    stolen += now - last_answer
    print(f"SPUN {now:.4f} STOLEN {stolen:.4f}", flush=True)
    move = game.moves(state)[0]
    last_answer = time.clock_gettime(SPINNER_CLOCK)
    return move
