"""Tampers with what it is given: breaks the game object's rules and keeps the position to
change later. Its process replays every position on a fresh game, and the referee keeps its
own board, so the game is played by the real rules to the end (finished)."""

kept = []


def choose_move(game, state, clock):
    move = game.moves(state)[0]
    kept.append((game, state))
    game.moves = lambda position: ()
    game.result = lambda position, move: position
    game.is_terminal = lambda position: True
    for _, old in kept:
        try:
            old.__init__()
            object.__setattr__(old, "black", 0)
        except (AttributeError, TypeError) as error:
            print("could not change a position:", error)
    return move
