"""Opens network connections: to a port the lecturer's machine listens on, and to the
outside world. The sandbox has no network. It then plays a legal move (finished)."""

import socket

PORT = 9


def choose_move(game, state, clock):
    for address in (("127.0.0.1", PORT), ("1.1.1.1", 53)):
        try:
            with socket.create_connection(address, timeout=0.05) as connection:
                connection.sendall(b"a player was here\n")
            print(f"CONNECTED {address}")
        except OSError as error:
            print(f"BLOCKED {address}: {error}")
    return game.moves(state)[0]
