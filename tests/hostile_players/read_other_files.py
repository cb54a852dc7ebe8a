"""Reads the other player's file and a secret in the lecturer's folder, and lists the home
folders, printing all it finds. None of them is in the sandbox. It then plays a legal move
(finished); the test checks its log holds none of the secrets."""

import os

TARGETS = ["/root/.bashrc", "/work/main/README.md"]
FOLDERS = ["/root", "/home", "/work"]


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
    return game.moves(state)[0]
