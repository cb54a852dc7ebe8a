"""Writes a file outside its folder (in the lecturer's folder) and tries to overwrite the
course's own code. Nothing outside its private folders may change. It then plays a legal
move (finished)."""

import os

import gamelib

FOLDER = "/tmp"


def choose_move(game, state, clock):
    targets = [
        os.path.join(FOLDER, "written-by-a-player.txt"),
        os.path.join(os.path.dirname(gamelib.__file__), "written-by-a-player.txt"),
    ]
    for path in targets:
        try:
            with open(path, "w") as file:
                file.write("a player was here\n")
            print(f"WROTE {path}")
        except OSError as error:
            print(f"BLOCKED {path}: {error}")
    return game.moves(state)[0]
