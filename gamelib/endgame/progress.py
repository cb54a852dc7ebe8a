"""How long a solve takes: the estimate before it starts, the reports while it runs.

An exact solve grows about ×2.7 with each empty square, so :func:`estimated_seconds` lets
:func:`~gamelib.endgame.solve` refuse a position that would take hours, with a message that
says how long. A solve that does run reports a :class:`Progress` every few seconds (by
default one printed line, :func:`print_progress`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SECONDS_AT_14: Final = 0.15
GROWTH_PER_EMPTY: Final = 2.7
"""The time estimate of :func:`estimated_seconds`: about 0.15 s with 14 empty squares and
×2.7 for each one more (``benchmarks/endgame.py`` on the course's 2-core machine, CPU time:
0.1 s on average for the 14-empty positions of the FFO suite, 34 and 47 s for #26 and #40
with 20)."""


def estimated_seconds(empties: int) -> float:
    """A rough estimate of the time of an exact solve with ``empties`` empty squares."""
    return SECONDS_AT_14 * GROWTH_PER_EMPTY ** (empties - 14)


def duration_words(seconds: float) -> str:
    """A duration in the unit a reader wants: ``"40 seconds"``, ``"7 minutes"``, ``"3 hours"``,
    ``"1,234 days"``."""
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86400:,.0f} days"


@dataclass
class Progress:
    """What a long solve reports while it runs (see ``progress`` of
    :func:`~gamelib.endgame.solve`).

    Attributes:
        seconds: time since the solve started.
        nodes: positions searched so far.
        lower, upper: what is proven so far about the value (mover's view).
    """

    seconds: float
    nodes: int
    lower: int
    upper: int

    def __str__(self) -> str:
        rate = self.nodes / self.seconds if self.seconds else 0.0
        if self.lower == self.upper:
            known = f"value {self.lower:+d}"
        else:
            known = f"value in [{self.lower:+d}, {self.upper:+d}]"
        return f"{self.seconds:6.1f} s · {self.nodes:,} nodes · {rate:,.0f} nodes/s · {known}"


def print_progress(report: Progress) -> None:
    """The default progress display: one line per report."""
    print(report, flush=True)


__all__ = [
    "GROWTH_PER_EMPTY",
    "SECONDS_AT_14",
    "Progress",
    "duration_words",
    "estimated_seconds",
    "print_progress",
]
