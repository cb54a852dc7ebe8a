"""Asks for 4 GB at once. The address-space limit refuses it: out of memory."""


def choose_move(game, state, clock):
    hoard = bytearray(4 << 30)
    return game.moves(state)[len(hoard) % 1]
