"""Scales of a chart's axes: from data values to a fraction of the axis, with nice ticks.

* :class:`LinearScale` — ticks at 1, 2 or 5 times a power of ten (``0, 20, 40, …``);
* :class:`LogScale` — ticks at powers of ten (every one, or every 2nd, 5th, … when the data
  spans many decades);
* :func:`format_tick` and :func:`format_power` — numbers as the charts write them: thousands
  separators (``12,000``), the typographic minus (``−5``) and powers as ``10⁴⁷``.

Both scales map their domain onto ``[0, 1]`` (:meth:`LinearScale.fraction`); the chart turns
that fraction into pixels.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gamelib.notation import MINUS

NICE_STEPS = (1.0, 2.0, 5.0, 10.0)
"""The mantissas of a linear tick step: 1, 2 or 5 times a power of ten."""

DECADE_STEPS = (1, 2, 3, 5, 10, 20, 25, 50, 100)
"""How many decades apart the ticks of a log scale may be."""

MAX_LOG_TICKS = 8
"""A log scale shows at most this many powers of ten plus one."""

RESOLUTION = 1e-9
"""Values closer than this share of their size (or of 1) are shown as one value."""

SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def finite_values(values: Iterable[float], what: str) -> list[float]:
    """``values`` as floats, or ValueError naming ``what`` if one is NaN or infinite."""
    checked = [float(value) for value in values]
    bad = [value for value in checked if not math.isfinite(value)]
    if bad:
        raise ValueError(f"{what} must be finite numbers, not {bad[0]!r}")
    return checked


def nice_step(span: float, target: int = 5, *, integer: bool = False) -> float:
    """The tick step for ``span``: the 1, 2 or 5 × 10^k nearest to ``span / target`` (on a
    log scale), so about ``target`` intervals.

    Guarantee: the step is positive; with ``integer`` it is a whole number (at least 1).

    Raises:
        ValueError: if ``span`` is not positive and finite, or ``target`` is below 1.
    """
    if not (math.isfinite(span) and span > 0):
        raise ValueError(f"span must be a positive finite number, not {span!r}")
    if target < 1:
        raise ValueError(f"target must be at least 1, not {target!r}")
    raw = span / target
    magnitude = 10.0 ** math.floor(math.log10(raw))
    step = min(
        (mantissa * magnitude for mantissa in NICE_STEPS),
        key=lambda candidate: abs(math.log(candidate / raw)),
    )
    return max(1.0, round(step)) if integer else step


def ticks_between(low: float, high: float, step: float) -> list[float]:
    """The multiples of ``step`` from ``low`` to ``high`` (both included when they are ones)."""
    first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    return [_clean(index * step) for index in range(first, last + 1)]


def _clean(value: float) -> float:
    """``value`` without the float noise of a multiplication (0.30000000000000004 → 0.3)."""
    return float(f"{value:.12g}") + 0.0  # + 0.0 turns −0.0 into 0.0


def format_tick(value: float, step: float = 1.0) -> str:
    """A tick label: thousands separators, as many decimals as ``step`` needs, typographic minus.

    >>> format_tick(12000, 2000), format_tick(-2.5, 0.5), format_tick(0.0, 0.1)
    ('12,000', '−2.5', '0.0')
    """
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) if 0 < step < 1 else 0
    text = f"{_clean(value):,.{decimals}f}"
    if text.lstrip("-").strip("0.,") == "":  # −0 is written 0
        text = text.lstrip("-")
    return text.replace("-", MINUS)


def format_power(exponent: int) -> str:
    """10 to the power ``exponent``: written out from 0.001 to 1,000,000, else ``10⁴⁷``.

    >>> format_power(3), format_power(-2), format_power(9), format_power(-5)
    ('1,000', '0.01', '10⁹', '10⁻⁵')
    """
    if 0 <= exponent <= 6:
        return f"{10**exponent:,}"
    if -3 <= exponent < 0:
        return f"{10.0**exponent:.{-exponent}f}"
    return "10" + str(exponent).translate(SUPERSCRIPT)


def format_quantity(value: float) -> str:
    """A number in a sentence on a chart: ``5,000``, ``10⁹``, ``2.5 × 10⁹``.

    >>> format_quantity(5000), format_quantity(1e9), format_quantity(2.5e9), format_quantity(-3)
    ('5,000', '10⁹', '2.5 × 10⁹', '−3')
    """
    if not math.isfinite(value):
        raise ValueError(f"value must be finite, not {value!r}")
    if value == 0 or 1e-3 <= abs(value) < 1e6:
        return f"{value:,.6g}".replace("-", MINUS)
    exponent = math.floor(math.log10(abs(value)))
    mantissa = value / 10.0**exponent
    power = "10" + str(exponent).translate(SUPERSCRIPT)
    if abs(mantissa - round(mantissa)) < 1e-9 and round(abs(mantissa)) == 1:
        return (MINUS if value < 0 else "") + power
    return f"{mantissa:.3g}".replace("-", MINUS) + " × " + power


@dataclass(frozen=True)
class LinearScale:
    """A linear axis from ``low`` to ``high`` with ``ticks`` (multiples of ``step``).

    Attributes:
        low: the value at the start of the axis (fraction 0).
        high: the value at the end of the axis (fraction 1), above ``low``.
        ticks: the values that get a tick mark and a label, all inside ``[low, high]``.
        step: the distance between ticks (sets the decimals of the labels).
    """

    low: float
    high: float
    ticks: tuple[float, ...]
    step: float

    def fraction(self, value: float) -> float:
        """Where ``value`` lies on the axis: 0 at ``low``, 1 at ``high`` (linear)."""
        return (value - self.low) / (self.high - self.low)

    def label(self, tick: float) -> str:
        """The label of a tick (:func:`format_tick`)."""
        return format_tick(tick, self.step)


@dataclass(frozen=True)
class LogScale:
    """A logarithmic axis from ``10**low_exponent`` to ``10**high_exponent``.

    Attributes:
        low_exponent: the power of ten at the start of the axis.
        high_exponent: the power of ten at its end (above ``low_exponent``).
        decades: how many powers of ten lie between two ticks (1 unless the span is wide).
    """

    low_exponent: int
    high_exponent: int
    decades: int = 1

    @property
    def low(self) -> float:
        """The value at the start of the axis."""
        return 10.0**self.low_exponent

    @property
    def high(self) -> float:
        """The value at the end of the axis."""
        return 10.0**self.high_exponent

    @property
    def ticks(self) -> tuple[float, ...]:
        """The powers of ten every ``decades`` decades, from the first to the last exponent."""
        exponents = range(self.low_exponent, self.high_exponent + 1, self.decades)
        return tuple(10.0**exponent for exponent in exponents)

    def fraction(self, value: float) -> float:
        """Where the positive ``value`` lies on the axis: 0 at ``low``, 1 at ``high``."""
        span = self.high_exponent - self.low_exponent
        return (math.log10(value) - self.low_exponent) / span

    def label(self, tick: float) -> str:
        """The label of a tick (:func:`format_power`)."""
        return format_power(round(math.log10(tick)))


Scale = LinearScale | LogScale


def linear_scale(
    values: Sequence[float],
    *,
    fixed: tuple[float, float] | None = None,
    extend_to_ticks: bool = True,
    margin: float = 0.0,
    integer: bool = False,
    target: int = 5,
) -> LinearScale:
    """A linear scale covering ``values`` (or exactly ``fixed``).

    Args:
        values: the data the axis must show (finite numbers; may be empty).
        fixed: the axis' ends, used as given (ticks inside it).
        extend_to_ticks: the ends are moved out to the next tick (a y axis); else the data's
            range plus ``margin`` on each side is kept (an x axis).
        margin: the share of the data's span added on each side when not extending to ticks
            (for whole-number data at least 0.2, so the end points clear the frame).
        integer: the ticks are whole numbers (depths, plies).
        target: about how many tick intervals.

    Guarantee: every value lies in ``[low, high]``; the ticks are the multiples of ``step``
    inside it. Data closer together than :data:`RESOLUTION` times its size (or 1) is drawn
    as one value, in the middle of an axis 2 wide.

    Raises:
        ValueError: for a NaN or infinite value, or ``fixed`` with ``low >= high``.
    """
    data = finite_values(values, "the values of a linear axis")
    if fixed is not None:
        low, high = finite_values(fixed, "the ends of an axis")
        if low >= high:
            raise ValueError(f"an axis must run from low to high, not {fixed!r}")
        step = nice_step(high - low, target, integer=integer)
        return LinearScale(low, high, tuple(ticks_between(low, high, step)), step)
    low, high = (min(data), max(data)) if data else (0.0, 1.0)
    if high - low <= RESOLUTION * max(1.0, abs(low), abs(high)):  # one value, as far as shown
        middle = (low + high) / 2
        low, high = middle - 1.0, middle + 1.0
    step = nice_step(high - low, target, integer=integer)
    if extend_to_ticks:
        low, high = (
            _clean(math.floor(low / step + 1e-9) * step),
            _clean(math.ceil(high / step - 1e-9) * step),
        )
    else:
        pad = max((high - low) * margin, 0.2 if integer else 0.0)
        low, high = low - pad, high + pad
    return LinearScale(low, high, tuple(ticks_between(low, high, step)), step)


def log_scale(values: Sequence[float], *, fixed: tuple[float, float] | None = None) -> LogScale:
    """A log scale whose ends are powers of ten covering ``values`` (or ``fixed``).

    Guarantee: ``low <= min(values)`` and ``max(values) <= high``; the ticks are powers of ten
    from ``low`` to ``high``: every one when there are at most :data:`MAX_LOG_TICKS` decades,
    else every 2nd, 3rd, 5th, … (the ends moved out to a tick).

    Raises:
        ValueError: for a value that is not positive and finite.
    """
    data = finite_values([*values, *(fixed or ())], "the values of a log axis")
    not_positive = [value for value in data if value <= 0]
    if not_positive:
        raise ValueError(f"a log axis needs positive values, not {not_positive[0]!r}")
    if not data:
        return LogScale(0, 1)
    low = math.floor(math.log10(min(data)) + 1e-12)
    high = math.ceil(math.log10(max(data)) - 1e-12)
    if high == low:
        high = low + 1
    decades = next(
        (step for step in DECADE_STEPS if (high - low) / step <= MAX_LOG_TICKS), DECADE_STEPS[-1]
    )
    low, high = decades * math.floor(low / decades), decades * math.ceil(high / decades)
    return LogScale(low, high, decades)
