"""Prints 8 MB to stdout and stderr at every move, then plays a legal move. The protocol
has its own pipe, so the game goes on (finished) and the log is cut at its limit."""

import sys


def choose_move(game, state, clock):
    line = "flood " * 1000 + "\n"
    for _ in range(700):
        sys.stdout.write(line)
        sys.stderr.write(line)
    return game.moves(state)[0]
