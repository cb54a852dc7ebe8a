"""Never answers: sleeps for an hour. The referee must call a time-out and kill it."""

import time


def choose_move(game, state, clock):
    time.sleep(3600)
