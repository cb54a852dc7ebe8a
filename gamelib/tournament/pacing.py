"""A player that thinks at a clock of its own, whatever clock the referee plays with.

A measurement (:mod:`gamelib.tournament.mcts_measure`) plays players of fixed budgets (UCT at
3,000 iterations a move takes far longer than the tournament's 0.05 s) against players whose
strength depends on the clock (the sample player deepens until its time is up). All the games
are played with one generous referee clock, so that no fixed-budget player loses on time;
:func:`paced` makes a clock-driven player see the clock it would have in the class
tournament instead: each move it is handed a :class:`~gamelib.tournament.player.Clock` with
that clock's ``move_seconds`` and the bank it would have left, started when the referee's
clock started, and after the move its bank is charged as the referee charges it
(:meth:`~gamelib.tournament.records.ClockSettings.bank_after`). A move that goes past that
clock's allowance does not lose the game (the referee would call a time-out): the measurement
runs on a machine it shares, where a process may wait a few tenths of a second for a
processor, and a forfeit would measure that machine, not the player. Instead the overrun is
written to the player's log as a line starting with :data:`OVERRUN`, and its bank goes
into debt, which shortens its next moves as the referee's would. What the paced clock cannot
see is the referee's own round trip (sending the position, reading the answer: a few
milliseconds, inside the clock's grace), which the real clock charges too.
"""

from __future__ import annotations

from typing import Any, Final

from gamelib.tournament.player import Clock
from gamelib.tournament.records import ClockSettings

OVERRUN: Final = "paced clock overrun:"
"""How the log line of a move past its paced clock's allowance begins (then the seconds over)."""


def paced(player_class: type, settings: ClockSettings) -> type:
    """A player class that plays ``player_class`` (``Player(game, side)`` with
    ``choose_move(game, state, clock)``) on the clock ``settings`` (see the module's
    description), whatever the referee's clock.

    Guarantee: every move the wrapped player sees ``move_seconds`` of ``settings`` and the
    bank left by the moves before it (``bank_seconds`` at the start of a game, charged by
    ``settings.bank_after``, below 0 after an overrun); a move longer than
    ``settings.allowance(bank)`` prints one line starting with :data:`OVERRUN` (its log).
    """

    class Paced:
        def __init__(self, game: Any, side: int) -> None:
            self.inner = player_class(game, side)
            self.bank = settings.bank_seconds

        def choose_move(self, game: Any, state: Any, clock: Clock) -> Any:
            own = Clock(settings.move_seconds, self.bank, started=clock.started)
            answer = self.inner.choose_move(game, state, own)
            seconds = clock.elapsed()
            allowance = settings.allowance(self.bank)
            if seconds > allowance:
                print(f"{OVERRUN} {seconds - allowance:.3f} s", flush=True)
            self.bank = settings.bank_after(self.bank, seconds)
            return answer

    Paced.__name__ = Paced.__qualname__ = f"Paced{player_class.__name__}"
    return Paced


__all__ = ["OVERRUN", "paced"]
