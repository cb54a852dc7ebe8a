"""Spends the bank a little at a time: every move takes 0.15 s more than the move time,
until the bank and the grace cannot cover it: a time-out after a few moves."""

import time


def choose_move(game, state, clock):
    time.sleep(clock.move_seconds_left() + 0.15)
    return game.moves(state)[0]
