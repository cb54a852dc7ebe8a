"""How long a solve takes: the estimate before it starts, the reports while it runs.

An exact solve grows about ×2.7 with each empty square, so :func:`estimated_seconds` lets
:func:`~gamelib.endgame.solve` refuse a position that would take hours, with a message that
says how long. A solve that does run reports a :class:`Progress` every few seconds (by
default one printed line, :func:`print_progress`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from gamelib.language import Language, resolve

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "seconds": {"en": "{amount} seconds", "ja": "{amount} 秒"},
    "minutes": {"en": "{amount} minutes", "ja": "{amount} 分"},
    "hours": {"en": "{amount} hours", "ja": "{amount} 時間"},
    "days": {"en": "{amount} days", "ja": "{amount} 日"},
    "value": {"en": "value {value}", "ja": "値 {value}"},
    "value between": {"en": "value in [{lower}, {upper}]", "ja": "値は [{lower}, {upper}] の中"},
    "progress": {
        "en": "{seconds} s · {nodes} nodes · {rate} nodes/s · {known}",
        "ja": "{seconds} 秒 · {nodes} ノード · 毎秒 {rate} ノード · {known}",
    },
}
"""Every word this module writes, in English and Japanese (``str.format`` templates)."""

SECONDS_AT_14: Final = 0.15
GROWTH_PER_EMPTY: Final = 2.7
"""The time estimate of :func:`estimated_seconds`: about 0.15 s with 14 empty squares and
×2.7 for each one more (``benchmarks/endgame.py`` on the course's 2-core machine, CPU time:
0.1 s on average for the 14-empty positions of the FFO suite, 34 and 47 s for #26 and #40
with 20)."""


def estimated_seconds(empties: int) -> float:
    """A rough estimate of the time of an exact solve with ``empties`` empty squares."""
    return SECONDS_AT_14 * GROWTH_PER_EMPTY ** (empties - 14)


def duration_words(seconds: float, *, language: str | None = None) -> str:
    """A duration in the unit a reader wants: ``"40 seconds"``, ``"7 minutes"``, ``"3 hours"``,
    ``"1,234 days"`` (in ``language``; None: the course-wide setting)."""
    if seconds < 120:
        unit, amount = "seconds", f"{seconds:.0f}"
    elif seconds < 2 * 3600:
        unit, amount = "minutes", f"{seconds / 60:.0f}"
    elif seconds < 2 * 86400:
        unit, amount = "hours", f"{seconds / 3600:.0f}"
    else:
        unit, amount = "days", f"{seconds / 86400:,.0f}"
    return WORDS[unit][resolve(language)].format(amount=amount)


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
        return self.describe()

    def describe(self, *, language: str | None = None) -> str:
        """The report as one line, in ``language`` (None: the course-wide setting)."""
        chosen = resolve(language)
        rate = self.nodes / self.seconds if self.seconds else 0.0
        if self.lower == self.upper:
            known = WORDS["value"][chosen].format(value=f"{self.lower:+d}")
        else:
            known = WORDS["value between"][chosen].format(
                lower=f"{self.lower:+d}", upper=f"{self.upper:+d}"
            )
        return WORDS["progress"][chosen].format(
            seconds=f"{self.seconds:6.1f}",
            nodes=f"{self.nodes:,}",
            rate=f"{rate:,.0f}",
            known=known,
        )


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
