"""The limits table of notebook 10, section 1: every value comes from the constant that sets
it (a table built from made-up settings shows exactly those), in both languages."""

from __future__ import annotations

import sys

import pytest

import gamelib.tournament
from gamelib.tournament import limits, referee
from gamelib.tournament.in_kernel import EXERCISE_CLOCK
from gamelib.tournament.limits import ROWS, WORDS, limits_table, size, start_seconds
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings, Limits
from tests.helpers import JAPANESE


def test_every_row_shows_the_values_it_is_given() -> None:
    clock = ClockSettings(move_seconds=0.123, bank_seconds=4.5, grace_seconds=0.0067)
    kernel = ClockSettings(move_seconds=0.031, bank_seconds=2.25, grace_seconds=0.004)
    held = Limits(
        cpu_seconds=7,
        memory_bytes=3 << 20,
        processes=5,
        file_bytes=9 << 10,
        open_files=11,
        log_bytes=1000,
    )
    table = limits_table(clock, kernel, held, language="en")
    rows = {key: row for key, row in zip(ROWS, table.rows, strict=True)}
    assert rows["move"][1:] == ("123 ms", "31 ms of the reference machine, scaled")
    assert rows["bank"][1:] == ("4.5 s", "2.25 s of the reference machine, scaled")
    assert rows["grace"][1:] == ("6.7 ms", "4 ms of the reference machine, scaled")
    assert rows["memory"][1] == "3 MiB per process"
    assert rows["processes"][1].startswith("5 in all")
    assert rows["cpu"][1] == "7 s per process"
    assert rows["file"][1] == "9 KiB"
    assert rows["open"][1] == "11 per process"
    assert rows["log"][1:] == ("1000 B per side", "1000 B per side")
    assert rows["start"][1] == f"{referee.START_SECONDS:g} s, outside the clock"
    unlimited = WORDS["none"]["en"]
    assert [key for key, row in rows.items() if row[2] == unlimited] == [
        "start",
        "memory",
        "processes",
        "cpu",
        "file",
        "open",
    ]


def test_the_defaults_are_the_tournament_and_exercise_constants() -> None:
    assert limits_table(language="en") == limits_table(
        TOURNAMENT_CLOCK, EXERCISE_CLOCK, Limits(), language="en"
    )


def test_the_start_up_allowance_is_read_from_the_referee_even_where_it_cannot_be_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert start_seconds() == referee.START_SECONDS
    for name in ("referee", "sandbox"):
        monkeypatch.delitem(sys.modules, f"gamelib.tournament.{name}")
        monkeypatch.delattr(gamelib.tournament, name)
    monkeypatch.setitem(sys.modules, "fcntl", None)  # as in the browser: the sandbox cannot load
    with pytest.raises(ImportError):
        from gamelib.tournament.referee import START_SECONDS  # noqa: F401
    assert start_seconds() == referee.START_SECONDS


def test_both_languages_have_every_row_and_the_japanese_is_japanese() -> None:
    english, japanese = limits_table(language="en"), limits_table(language="ja")
    assert len(english.rows) == len(japanese.rows) == len(ROWS)
    assert all(JAPANESE.search(row[0]) for row in japanese.rows)
    assert [row[1] for row in english.rows[:3]] == [row[1] for row in japanese.rows[:3]]
    assert "<table" in english._repr_html_() and str(english).splitlines()[0].startswith("limit")


@pytest.mark.parametrize(
    ("count", "text"),
    [(1 << 30, "1 GiB"), (64 << 10, "64 KiB"), (3 << 20, "3 MiB"), (1000, "1000 B")],
)
def test_sizes_use_the_largest_unit_that_divides_them(count: int, text: str) -> None:
    assert size(count) == text


def test_the_module_is_reachable_from_gamelib() -> None:
    assert gamelib.limits_table is limits.limits_table
