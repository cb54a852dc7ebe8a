"""Reads /etc/passwd and prints it to its log. The sandbox shows no /etc: nothing to read.
It then plays a legal move (finished); the test checks the log holds no line of the file."""

TARGETS = ["/etc/passwd"]


def choose_move(game, state, clock):
    for path in TARGETS:
        try:
            with open(path) as file:
                print(f"READ {path}:", file.read())
        except OSError as error:
            print(f"BLOCKED {path}: {error}")
    return game.moves(state)[0]
