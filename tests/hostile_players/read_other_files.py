"""Reads the other player's file and a secret in the lecturer's folder, lists the home
folders and the lecturer's folder of players, and looks for the players' working copies
(``/tmp/gamelib-player-*``, where the referee copies each file, and its own ``/player``),
printing all it finds. None of the others is in the sandbox: only its own file is. It then
plays a legal move (finished); the test checks its log holds none of the secrets."""

import glob
import os

TARGETS = ["/root/.bashrc", "/work/main/README.md"]
FOLDERS = ["/root", "/home", "/work"]
PATTERNS = ["/tmp/gamelib-player-*/*", "/player/*"]


def choose_move(game, state, clock):
    for path in TARGETS:
        try:
            with open(path) as file:
                print(f"READ {path}:", file.read())
        except OSError as error:
            print(f"BLOCKED {path}: {error}")
    for folder in FOLDERS:
        try:
            print(f"LISTED {folder}:", os.listdir(folder))
        except OSError as error:
            print(f"BLOCKED {folder}: {error}")
    for pattern in PATTERNS:
        print(f"FOUND {pattern}:", sorted(glob.glob(pattern)))
    return game.moves(state)[0]
