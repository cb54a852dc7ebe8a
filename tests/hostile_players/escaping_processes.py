"""Tries to leave the side's process group so that stopping the group misses it: at import
it starts spinners that escape in three ways, a process in a new session (``setsid``), a
process in a new process group, and a double fork (the grandchild is adopted by the
sandbox's first process). Every one of them stays in the sandbox's process tree, which the
referee stops as a whole between the side's moves: the game is finished and their CPU time
while the other side was on move (printed as STOLEN) is next to nothing. (Without the
sandbox an orphan is adopted by the machine's init and leaves the tree: this case is played
under the sandbox only.)"""

import os
import signal

TICK = 1 / os.sysconf("SC_CLK_TCK")


def spin_forever():
    signal.signal(signal.SIGTSTP, signal.SIG_IGN)
    while True:
        pass


def new_session():
    pid = os.fork()
    if pid == 0:
        os.setsid()
        spin_forever()
    return pid


def new_group():
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        spin_forever()
    return pid


def double_fork():
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setsid()
        grandchild = os.fork()
        if grandchild == 0:
            spin_forever()
        os.write(write, str(grandchild).encode())
        os._exit(0)
    os.waitpid(pid, 0)
    os.close(write)
    grandchild = int(os.read(read, 32))
    os.close(read)
    return grandchild


spinners = [new_session(), new_group(), double_fork()]
with open(f"/proc/{spinners[2]}/stat") as stat:
    adopter = stat.read().rsplit(")", 1)[1].split()[1]
sessions = [os.getsid(pid) for pid in spinners]
print(f"STARTED {spinners} in sessions {sessions}, the orphan adopted by {adopter}", flush=True)


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
