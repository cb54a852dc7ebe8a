"""A tiny game for testing searches through the Game protocol."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subtraction:
    """A pile of counters; a move takes 1, 2 or 3; whoever takes the last counter wins.

    The player to move loses exactly when the pile is a multiple of 4. A state is
    (pile, player to move).
    """

    pile: int = 10

    def initial_state(self) -> tuple[int, int]:
        return (self.pile, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def moves(self, state: tuple[int, int]) -> tuple[int, ...]:
        return tuple(take for take in (1, 2, 3) if take <= state[0])

    def result(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        return (state[0] - move, 1 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int]) -> float:
        return -1  # the opponent took the last counter

    def evaluate(self, state: tuple[int, int]) -> float:
        return -1 if state[0] == 0 else 0

    def key(self, state: tuple[int, int]) -> tuple[int, int]:
        return state

    def move_name(self, move: int) -> str:
        return f"take {move}"
