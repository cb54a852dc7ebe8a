"""Has no choose_move (a typo in its name): failed to start."""


def choose_mvoe(game, state, clock):
    return game.moves(state)[0]
