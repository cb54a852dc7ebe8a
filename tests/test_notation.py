"""The course notation: numbers written by format_number are read back by read_number."""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamelib.notation
from gamelib.core import Bound
from gamelib.notation import MINUS, bound_meaning, format_number, read_number


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(gamelib.notation)
    assert result.attempted >= 8 and result.failed == 0


@given(st.integers())
def test_integers_read_back_as_the_same_ints(number: int) -> None:
    back = read_number(format_number(number))
    assert back == number and type(back) is int


@given(st.floats(allow_nan=False, allow_infinity=False).filter(float.is_integer))
def test_whole_floats_read_back_as_equal_ints(number: float) -> None:
    back = read_number(format_number(number))
    assert back == number and type(back) is int


@given(st.integers(-999_999, 999_999), st.integers(-30, 30))
def test_floats_with_six_significant_digits_read_back_exactly(mantissa: int, exponent: int) -> None:
    # format_number writes floats with 6 significant digits ("{:g}"): these it writes exactly.
    number = float(f"{mantissa}e{exponent}")
    assert read_number(format_number(number)) == number


@pytest.mark.parametrize("number", [math.inf, -math.inf])
def test_infinities_read_back(number: float) -> None:
    assert read_number(format_number(number)) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("3", 3),
        (" 3 ", 3),
        ("+3", 3),
        ("-2", -2),
        (f"{MINUS}2", -2),
        (f"{MINUS} 2", -2),
        ("2.5", 2.5),
        (".5", 0.5),
        ("4.0", 4),
        ("1e3", 1000),
        ("1.5e-05", 1.5e-05),
        ("inf", math.inf),
        ("Infinity", math.inf),
        ("∞", math.inf),
        ("+∞", math.inf),
        ("-∞", -math.inf),
        (f"{MINUS}∞", -math.inf),
        ("-INF", -math.inf),
        ("\t7\n", 7),
    ],
)
def test_what_students_type_is_read(text: str, number: float) -> None:
    assert read_number(text) == number
    assert type(read_number(text)) is type(number)


@pytest.mark.parametrize(
    "text",
    [
        "3..5",
        "1e",
        "--2",
        "abc",
        "nan",
        "-nan",
        "",
        "   ",
        ".",
        "e5",
        "++2",
        f"{MINUS}{MINUS}2",
        "2-",
        "3 4",
        "1_000",
        "٣",
        "0x10",
        "1e5e5",
        "∞∞",
        "infinit",
        "3,5",
        "__import__('os')",
    ],
)
def test_near_misses_are_refused_with_the_text_quoted(text: str) -> None:
    with pytest.raises(ValueError, match="is not a number") as refusal:
        read_number(text)
    assert str(refusal.value).startswith(repr(text.strip()))


def test_numbers_beyond_the_float_range_are_refused_not_made_infinite() -> None:
    with pytest.raises(ValueError, match=r"'1e400' is too large a number \(write inf or ∞"):
        read_number("1e400")
    with pytest.raises(ValueError, match="is too large a number"):
        read_number("9" * 10_000)


@given(st.text(alphabet=st.sampled_from("0123456789+-−.eE∞inf ,x_")))
def test_any_text_gives_a_number_or_a_value_error_quoting_it(text: str) -> None:
    try:
        number = read_number(text)
    except ValueError as error:
        assert str(error).startswith(repr(text.strip()))
    else:
        assert isinstance(number, int | float) and not math.isnan(number)
        assert isinstance(number, int) or not number.is_integer()  # whole numbers come as ints


def test_bound_meaning_says_what_the_value_proves() -> None:
    assert bound_meaning(3, Bound.EXACT) == "exact"
    assert bound_meaning(3, Bound.LOWER) == "a lower bound: the true value is ≥ 3"
    assert bound_meaning(-math.inf, Bound.UPPER) == "an upper bound: the true value is ≤ −∞"
