"""Recurses without end: Python's RecursionError, a crash with its traceback in the log."""


def deeper(depth):
    return deeper(depth + 1) + 1


def choose_move(game, state, clock):
    return deeper(0)
