"""The clock rule and the results file, exactly (gamelib.tournament.records): the facts a
mutation run (``bash scripts/course.sh mutants gamelib/tournament/records.py``) needs stated
with numbers worked out by hand, not produced by the module. Plain data: no player process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelib.tournament.records import (
    ClockSettings,
    GameResult,
    GameSpec,
    Limits,
    MoveRecord,
    SideOutcome,
    Status,
    Usage,
    read_results,
)

CLOCK = ClockSettings(move_seconds=0.25, bank_seconds=1.0, grace_seconds=0.125)
"""Binary fractions: every sum below is exact in floating point."""


def test_a_moves_allowance_is_move_time_plus_bank_plus_grace() -> None:
    assert CLOCK.allowance(1.0) == 1.375  # 0.25 + 1.0 + 0.125
    assert CLOCK.allowance(0.0) == 0.375  # the bank spent: move time and grace
    assert CLOCK.allowance(-0.125) == 0.25  # a debt of the grace shortens it by as much


def test_only_the_time_over_the_move_time_comes_off_the_bank() -> None:
    assert CLOCK.bank_after(1.0, 0.125) == 1.0  # a quick move saves nothing
    assert CLOCK.bank_after(1.0, 0.25) == 1.0  # exactly the move time: nothing paid
    assert CLOCK.bank_after(1.0, 0.75) == 0.5  # half a second over
    assert CLOCK.bank_after(0.0, 0.375) == -0.125  # in the grace: a debt of the grace
    assert CLOCK.bank_after(-0.125, 0.0) == -0.125  # a debt is never paid back (notebook 10 § 2)
    # a player taking move time + grace every move: banks 1 → 0.875 → … , a time-out the
    # second move after the bank is spent (the rule's docstring)
    bank, moves, seconds = 1.0, 0, 0.375
    while seconds <= CLOCK.allowance(bank):
        bank = CLOCK.bank_after(bank, seconds)
        moves += 1
    assert (moves, bank) == (9, -0.125)  # 8 moves spend the bank, the 9th leaves the debt


def result(points: tuple[float, float] | None, *, usage: Usage | None = None) -> GameResult:
    """A game with every field away from its default, and a non-ASCII name."""
    status = Status.FINISHED if points is not None else Status.CRASH
    spec = GameSpec(
        game_id="r2-othello-0003",
        game="othello",
        players=("レベル 1", "bob"),
        paths=("/players/a.py", "/players/b.py"),
        opening=("f5", "d6"),
        seed=17,
        clock=CLOCK,
        limits=Limits(cpu_seconds=7, memory_bytes=1 << 20, processes=3),
        attempt=1,
    )
    moves = (MoveRecord(0, "c3", 0.5, 0.75, {"depth": 3}), MoveRecord(1, "pass", 0.0, 1.0))
    sides = (
        SideOutcome(status, "a detail", "a log", 0.5, 1),
        SideOutcome(Status.NOT_PLAYED if points is None else status, "", "", 0.0, 1),
    )
    score = None if points is None else 12.0
    return GameResult(spec, moves, sides, score, points, sandboxed=True, usage=usage)


@pytest.mark.parametrize("points", [(1.0, 0.0), None])
def test_a_result_is_one_sorted_line_of_json_that_reads_back_equal(
    points: tuple[float, float] | None,
) -> None:
    played = result(points, usage=Usage(2.5, 0.25, (1.5, None)))
    line = played.to_line()
    assert "\n" not in line and "レベル 1" in line  # not escaped to \u30ec…
    assert line == json.dumps(json.loads(line), sort_keys=True, ensure_ascii=False)
    data = json.loads(line)
    assert data["spec"]["clock"] == {
        "move_seconds": 0.25, "bank_seconds": 1.0, "grace_seconds": 0.125
    }  # fmt: skip
    assert data["sides"][0]["status"] in {"finished", "crash"}  # the status by its value
    assert data["usage"] == {
        "wall_seconds": 2.5, "referee_cpu_seconds": 0.25, "player_cpu_seconds": [1.5, None]
    }  # fmt: skip
    back = GameResult.from_line(line)
    assert back == played and back.void is (points is None)
    assert back.sides[0].status is played.sides[0].status
    assert GameSpec.from_json(played.spec.to_json()) == played.spec


def test_a_void_game_has_no_points_and_a_played_one_has_them() -> None:
    assert result(None).void is True and result((0.5, 0.5)).void is False


def write(path: Path, lines: list[str]) -> Path:
    path.write_bytes("".join(lines).encode())
    return path


def test_a_torn_or_broken_last_line_is_cut_and_the_rest_read(tmp_path: Path) -> None:
    games = [
        result((1.0, 0.0)),
        result(None),
        result((0.0, 1.0), usage=Usage(1.0, 0.5, (None, 2.0))),
    ]
    whole = [game.to_line() + "\n" for game in games]
    path = write(tmp_path / "results.jsonl", whole)
    assert read_results(path) == games and path.read_bytes() == "".join(whole).encode()
    torn = write(tmp_path / "torn.jsonl", [*whole, whole[0][:40]])
    assert read_results(torn) == games
    assert torn.read_bytes() == "".join(whole).encode()  # cut after the last whole line
    broken = write(tmp_path / "broken.jsonl", [*whole[:2], '{"spec": 1}\n'])
    assert read_results(broken) == games[:2]
    assert broken.read_bytes() == "".join(whole[:2]).encode()
    empty = write(tmp_path / "empty.jsonl", [])
    assert read_results(empty) == [] and empty.read_bytes() == b""


def test_a_broken_line_before_the_last_is_refused_by_its_number(tmp_path: Path) -> None:
    lines = [result((1.0, 0.0)).to_line() + "\n", "not json\n", result(None).to_line() + "\n"]
    path = write(tmp_path / "results.jsonl", lines)
    with pytest.raises(ValueError, match=r"results\.jsonl, line 2: not a game result"):
        read_results(path)
    assert path.read_bytes() == "".join(lines).encode()  # nothing cut
    # a broken whole last line followed by a torn rest is not the last line: refused too
    torn_after = write(tmp_path / "torn_after.jsonl", [lines[0], "[1]\n", "{"])
    with pytest.raises(ValueError, match="line 2"):
        read_results(torn_after)
