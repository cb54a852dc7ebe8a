"""Matches inside the kernel (gamelib.tournament.in_kernel): the referee's clock rule, forfeited
after the fact; the exercise's clock calibrated to the machine's speed (a simulated machine of
any speed gives a player the same work per move); faults lose the game with the referee's
statuses; matches are colour-balanced and repeatable; and the sample player reports its search.
Notebook 10's exercise check itself: tests/test_exercise.py."""

from __future__ import annotations

import itertools
import re
import statistics
import time
from typing import Any

import pytest

from gamelib import Othello, alphabeta_failsoft
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import positional_evaluation
from gamelib.players import GreedyPlayer, RandomPlayer
from gamelib.tournament import in_kernel, sample_player
from gamelib.tournament.games import final_position
from gamelib.tournament.in_kernel import (
    EXERCISE_CLOCK,
    IN_KERNEL,
    REFERENCE_DEPTH,
    REFERENCE_LINE,
    REFERENCE_RUNS,
    REFERENCE_SECONDS,
    Calibration,
    ProcessClock,
    calibrate,
    check_exercise,
    entrant,
    play_in_kernel,
    play_match,
    positional_alphabeta_depth_2,
    processor_seconds,
)
from gamelib.tournament.ladder import LADDER
from gamelib.tournament.player import Clock, Report
from gamelib.tournament.records import ClockSettings, GameResult, GameSpec, Status
from gamelib.tournament.referee import play_game
from gamelib.tournament.replay import status_name

FAST = ClockSettings(move_seconds=0.02, bank_seconds=0.1, grace_seconds=0.02)


def think(clock: Clock, seconds: float) -> None:
    """Keep the processor busy until ``clock`` says ``seconds`` have passed."""
    while clock.elapsed() < seconds:
        pass


def first_move(game: Any, state: Any, clock: Clock) -> Any:
    """A deterministic player: the first legal move."""
    return game.moves(state)[0]


def last_move_by_name(game: Any, state: Any, clock: Clock) -> Report:
    """A deterministic player answering with a Report naming its move."""
    move = game.moves(state)[-1]
    return Report(game.move_name(move), depth=0, nodes=1, value=0.0)


def test_a_finished_game_is_recorded_like_the_referees_and_reads_back() -> None:
    result = play_in_kernel("reversi4x4", (entrant(first_move), entrant(last_move_by_name)))
    game = MiniReversi()
    state = final_position(game, result.spec.opening, [record.move for record in result.moves])
    assert game.is_terminal(state)
    assert "pass" not in [record.move for record in result.moves]  # forced: played for the side
    utility = game.utility(state)
    assert result.score == (utility if game.to_move(state) == 0 else -utility)
    expected = (1.0, 0.0) if result.score > 0 else (0.0, 1.0) if result.score < 0 else (0.5, 0.5)
    assert result.points == expected
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    assert result.spec.paths == (IN_KERNEL, IN_KERNEL) and not result.sandboxed
    assert {record.report is None for record in result.moves if record.side == 0} == {True}
    assert all(record.report for record in result.moves if record.side == 1)
    assert GameResult.from_line(result.to_line()) == result


def test_the_clock_counts_processor_time_not_waiting() -> None:
    def sleeper(game: Any, state: Any, clock: Clock) -> Any:
        time.sleep(2 * (FAST.move_seconds + FAST.bank_seconds + FAST.grace_seconds))
        assert isinstance(clock, ProcessClock) and clock.elapsed() < FAST.move_seconds
        return game.moves(state)[0]

    result = play_in_kernel("tictactoe", (entrant(sleeper), entrant(first_move)), clock=FAST)
    assert result.sides[0].status is Status.FINISHED


def test_the_browser_edition_counts_the_time_on_the_wall(monkeypatch: pytest.MonkeyPatch) -> None:
    before = time.perf_counter()
    assert processor_seconds() == pytest.approx(time.process_time(), abs=0.05)
    monkeypatch.setattr("sys.platform", "emscripten")
    assert before <= processor_seconds() <= time.perf_counter()


def test_a_slow_move_is_forfeited_after_the_fact() -> None:
    calls = []

    def slow_third_move(game: Any, state: Any, clock: Clock) -> Any:
        calls.append(clock.bank_seconds)
        if len(calls) == 3:
            think(clock, FAST.move_seconds + FAST.bank_seconds + 2 * FAST.grace_seconds)
        return game.moves(state)[0]

    result = play_in_kernel(
        "reversi4x4", (entrant(slow_third_move), entrant(first_move)), clock=FAST
    )
    assert len(calls) == 3  # the slow move returned, then lost: nothing stopped it
    assert result.sides[0].status is Status.TIME_OUT
    assert result.sides[1].status is Status.NOT_PLAYED
    assert result.points == (0.0, 1.0) and result.score is None
    assert len([record for record in result.moves if record.side == 0]) == 2


def test_the_grace_is_paid_from_the_bank_so_it_is_never_thinking_time() -> None:
    # 10 ms a move, a 50 ms bank, 20 ms of grace; the player takes 28 ms (move time + 90 % of
    # the grace) on every move, 18 ms over: banks 32, 14, then -4 ms (a debt: the third move
    # ended in the grace with 14 ms of bank), then the fourth move may take only 10 - 4 + 20 =
    # 26 ms and loses on time. Under a rule that forgave the grace it would play to the end.
    clock = ClockSettings(move_seconds=0.01, bank_seconds=0.05, grace_seconds=0.02)
    taken = clock.move_seconds + 0.9 * clock.grace_seconds

    def in_the_grace(game: Any, state: Any, clock: Clock) -> Any:
        think(clock, taken)
        return game.moves(state)[0]

    result = play_in_kernel("othello", (entrant(in_the_grace), entrant(first_move)), clock=clock)
    assert result.sides[0].status is Status.TIME_OUT
    assert result.sides[0].moves == 4
    banks = [record.bank_left for record in result.moves if record.side == 0]
    assert banks == pytest.approx([0.032, 0.014, -0.004], abs=0.002)


def test_the_clock_rule_forgives_no_overrun_move_after_move() -> None:
    # The rule alone, exactly: a move of move time + grace on every move, any bank: a
    # time-out comes within two moves of the bank's running out, and the bank never goes
    # below -grace after a move in time.
    for bank in (0.0, 0.05, 0.3, 1.0):
        clock = ClockSettings(move_seconds=0.05, bank_seconds=bank, grace_seconds=0.05)
        seconds = clock.move_seconds + clock.grace_seconds
        left, moves, bound = bank, 0, bank / clock.grace_seconds + 2
        while seconds <= clock.allowance(left) and moves <= bound:
            left = clock.bank_after(left, seconds)
            assert left >= -clock.grace_seconds
            moves += 1
        assert moves <= bound


class SimulatedMachine:
    """A machine ``slowness`` times as slow as the reference machine, whose clock advances only
    by the work done on it: work the reference machine does in ``s`` seconds takes ``slowness
    × s`` here."""

    def __init__(self, slowness: float) -> None:
        self.slowness = slowness
        self.now = 0.0

    def time(self) -> float:
        """This machine's clock."""
        return self.now

    def work(self, reference_seconds: float) -> None:
        """Do what the reference machine does in ``reference_seconds``."""
        self.now += reference_seconds * self.slowness

    def reference_search(self) -> int:
        """The reference workload on this machine (the nodes are a stand-in)."""
        self.work(REFERENCE_SECONDS)
        return 1

    def burner(self, reference_seconds: float) -> Any:
        """A player that does ``reference_seconds`` of the reference machine's work on every
        move, then plays the first legal move."""

        def choose_move(game: Any, state: Any, clock: Clock) -> Any:
            self.work(reference_seconds)
            return game.moves(state)[0]

        return choose_move


SPEEDS = (0.25, 1.0, 3.0, 8.0)
"""Simulated machines: 4 times as fast as the reference machine, as fast, 3 and 8 times as slow."""


def test_the_calibration_measures_the_machines_speed() -> None:
    for slowness in SPEEDS:
        machine = SimulatedMachine(slowness)
        calibration = calibrate(machine.reference_search, timer=machine.time)
        assert len(calibration.runs) == REFERENCE_RUNS
        assert calibration.scale == pytest.approx(slowness)
        clock = calibration.clock(EXERCISE_CLOCK)
        assert clock.move_seconds == pytest.approx(slowness * EXERCISE_CLOCK.move_seconds)
        assert clock.bank_seconds == pytest.approx(slowness * EXERCISE_CLOCK.bank_seconds)
        assert clock.grace_seconds == pytest.approx(slowness * EXERCISE_CLOCK.grace_seconds)
    with pytest.raises(ValueError, match="at least one"):
        calibrate(SimulatedMachine(1.0).reference_search, runs=0)
    frozen = SimulatedMachine(1.0)
    with pytest.raises(ValueError, match="no time"):
        calibrate(lambda: 1, timer=frozen.time)


def test_a_calibrated_clock_gives_the_same_work_on_every_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # On each simulated machine: a player doing exactly the move time's work of the reference
    # machine never touches its bank; one doing 0.3 s more spends it and times out at its 4th
    # move (0.3 + 0.3 + 0.3 of the 1 s bank gone, then 0.32 s > 0.02 + 0.1 + 0.05), everywhere.
    reference = EXERCISE_CLOCK
    over = 0.3
    for slowness in SPEEDS:
        machine = SimulatedMachine(slowness)
        monkeypatch.setattr(in_kernel, "processor_seconds", machine.time)
        clock = calibrate(machine.reference_search, timer=machine.time).clock(reference)
        exact = machine.burner(reference.move_seconds)
        result = play_in_kernel("othello", (entrant(exact), entrant(first_move)), clock=clock)
        assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
        banks = [record.bank_left for record in result.moves if record.side == 0]
        assert banks == pytest.approx([clock.bank_seconds] * len(banks))
        greedy = machine.burner(reference.move_seconds + over)
        result = play_in_kernel("othello", (entrant(greedy), entrant(first_move)), clock=clock)
        assert result.sides[0].status is Status.TIME_OUT and result.sides[0].moves == 4
        banks = [record.bank_left for record in result.moves if record.side == 0]
        expected = [slowness * (reference.bank_seconds - over * move) for move in (1, 2, 3)]
        assert banks == pytest.approx(expected)
    # Without the calibration the 8 times slower machine's exact player spends 0.14 s of bank a
    # move and times out at its 8th move: the clock would depend on the machine.
    machine = SimulatedMachine(8.0)
    monkeypatch.setattr(in_kernel, "processor_seconds", machine.time)
    exact = machine.burner(reference.move_seconds)
    result = play_in_kernel("othello", (entrant(exact), entrant(first_move)), clock=reference)
    assert result.sides[0].status is Status.TIME_OUT and result.sides[0].moves == 8


def test_the_exercise_calibrates_when_it_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    machine = SimulatedMachine(8.0)
    monkeypatch.setattr(in_kernel, "processor_seconds", machine.time)
    monkeypatch.setattr(in_kernel, "reference_search", lambda: machine.reference_search)
    burner = machine.burner(EXERCISE_CLOCK.move_seconds)
    # The opponent searches to a fixed depth: a clock that only the burner's work advances
    # would never stop the sample player's deepening.
    check = check_exercise(burner, games=2, level=0.5, opponent=positional_alphabeta_depth_2())
    assert check.calibration.scale == pytest.approx(8.0)
    assert check.clock == check.calibration.clock(EXERCISE_CLOCK)
    for result in check.match.results:
        assert result.spec.clock == check.clock
        assert {side.status for side in result.sides} == {Status.FINISHED}
    assert str(check.calibration) in str(check)


def test_the_reference_search_is_timed_by_the_games_clock() -> None:
    calibration = calibrate()
    game = Othello()
    searched = alphabeta_failsoft(
        game, game.play_line(REFERENCE_LINE), depth=REFERENCE_DEPTH, evaluate=positional_evaluation
    )
    assert calibration.nodes == searched.stats.nodes
    assert len(calibration.runs) == REFERENCE_RUNS and min(calibration.runs) > 0
    assert calibration.seconds == statistics.median(calibration.runs)
    assert calibration.scale == calibration.seconds / REFERENCE_SECONDS
    given = Calibration(0.012, (0.012,), searched.stats.nodes)
    english, japanese = given.describe(language="en"), given.describe(language="ja")
    numbers = re.compile(r"\d+(?:\.\d+)?")
    assert sorted(numbers.findall(english)) == sorted(numbers.findall(japanese))
    assert "30.0 ms a move" in english and "× 1.50" in english and "1.50 倍" in japanese


def test_time_over_the_move_comes_off_the_bank() -> None:
    over = 0.01
    roomy = ClockSettings(move_seconds=0.02, bank_seconds=0.5, grace_seconds=0.02)

    def a_little_slow(game: Any, state: Any, clock: Clock) -> Any:
        think(clock, roomy.move_seconds + over)
        return game.moves(state)[0]

    result = play_in_kernel(
        "reversi4x4", (entrant(first_move), entrant(a_little_slow)), clock=roomy
    )
    records = [record for record in result.moves if record.side == 1]
    banks = [roomy.bank_seconds] + [record.bank_left for record in records]
    assert all(after <= before - over for before, after in itertools.pairwise(banks))
    for record, before, after in zip(records, banks, banks[1:], strict=False):
        assert after == pytest.approx(before - (record.seconds - roomy.move_seconds))
    assert result.sides[1].status is Status.FINISHED  # 0.5 s of bank covers every move here


def test_an_illegal_move_a_wrong_type_and_a_crash_lose_with_their_status() -> None:
    def illegal(game: Any, state: Any, clock: Clock) -> Any:
        return next(square for square in range(64) if square not in list(game.moves(state)))

    def wrong_type(game: Any, state: Any, clock: Clock) -> Any:
        return 3.5

    def crash(game: Any, state: Any, clock: Clock) -> Any:
        print("thinking...")
        raise ZeroDivisionError("division by zero")

    def no_square(game: Any, state: Any, clock: Clock) -> Any:
        return 99  # names no square: a bad answer, as under the referee (child.name_of_move)

    cases = {
        illegal: Status.ILLEGAL_MOVE,
        wrong_type: Status.BAD_ANSWER,
        no_square: Status.BAD_ANSWER,
        crash: Status.CRASH,
    }
    for player, status in cases.items():
        result = play_in_kernel("othello", (entrant(first_move), entrant(player)))
        assert result.sides[1].status is status, player.__name__
        assert result.sides[0].status is Status.NOT_PLAYED
        assert result.points == (1.0, 0.0)
        assert len(result.moves) == 1  # the first player's move, then the fault
    crashed = play_in_kernel("othello", (entrant(crash), entrant(first_move)))
    assert crashed.points == (0.0, 1.0)
    assert "thinking..." in crashed.sides[0].log and "ZeroDivisionError" in crashed.sides[0].log


def test_a_player_class_that_cannot_start_fails_to_start() -> None:
    class Broken:
        def __init__(self, game: Any, side: int) -> None:
            raise RuntimeError("no table today")

        def choose_move(self, game: Any, state: Any, clock: Clock) -> Any:
            return game.moves(state)[0]

    result = play_in_kernel("tictactoe", (entrant(first_move), entrant(Broken)))
    assert result.sides[1].status is Status.CRASH
    assert result.points == (1.0, 0.0) and result.moves == ()
    with pytest.raises(TypeError, match="choose_move"):
        entrant(42)


def test_a_match_is_colour_balanced_and_repeats_with_its_seed() -> None:
    match = play_match(entrant(RandomPlayer()), entrant(GreedyPlayer()), games=4, seed=7)
    assert [result.spec.players[0] for result in match.results] == [
        "Random",
        "Greedy",
        "Random",
        "Greedy",
    ]
    assert match.results[0].spec.opening == match.results[1].spec.opening
    assert match.results[0].spec.opening != match.results[2].spec.opening
    again = play_match(entrant(RandomPlayer()), entrant(GreedyPlayer()), games=4, seed=7)
    other = play_match(entrant(RandomPlayer()), entrant(GreedyPlayer()), games=4, seed=8)

    def moves(match_results: Any) -> list[list[str]]:
        return [[record.move for record in result.moves] for result in match_results.results]

    assert moves(match) == moves(again) and [r.points for r in match.results] == [
        r.points for r in again.results
    ]
    assert moves(other) != moves(match)  # the random player is reset with other seeds
    assert match.points == sum(
        (result.points or (0, 0))[index % 2] for index, result in enumerate(match.results)
    )
    assert match.count(1.0) + match.count(0.5) + match.count(0.0) == match.games
    with pytest.raises(ValueError, match="even"):
        play_match(entrant(RandomPlayer()), entrant(GreedyPlayer()), games=3)


def test_the_sample_player_reports_its_search() -> None:
    quick = ClockSettings(move_seconds=0.01, bank_seconds=0.1, grace_seconds=0.05)
    match = play_match(entrant(sample_player.Player), entrant(RandomPlayer()), clock=quick)
    reports = [
        record.report
        for index, result in enumerate(match.results)
        for record in result.moves
        if record.side == index % 2
    ]
    assert reports and all(report and report["depth"] >= 0 for report in reports)
    assert max(report["depth"] for report in reports if report) >= 2
    assert positional_alphabeta_depth_2().depth == 2


def test_the_sentences_carry_the_same_numbers_in_both_languages() -> None:
    def crash(game: Any, state: Any, clock: Clock) -> Any:
        raise RuntimeError("bug")

    match = play_match(entrant(crash), entrant(RandomPlayer()), games=2, game="reversi4x4")
    english, japanese = match.describe("en"), match.describe("ja")
    assert match.points == 0 and match.a_faults() == {Status.CRASH: 2}
    assert "crash ×2" in english and f"{status_name(Status.CRASH, 'ja')} ×2" in japanese
    check = check_exercise(crash, games=6, language="ja")
    assert not check.passed and check.needed == 5.5 and check.match.games == 1
    text = str(check)
    assert "配布されたサンプルプレイヤー" in text and "1 点中 0 点" in text and "必要です" in text
    numbers = re.compile(r"\d+")
    assert sorted(numbers.findall(english)) == sorted(numbers.findall(japanese))


def test_the_sample_player_file_plays_under_the_referee() -> None:
    spec = GameSpec(
        game_id="sample-vs-random",
        game="reversi4x4",
        players=("sample", "Random"),
        paths=(sample_player.__file__, LADDER["Random"]),
        clock=ClockSettings(move_seconds=0.02, bank_seconds=0.5, grace_seconds=0.1),
    )
    result = play_game(spec)
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    reports = [record.report for record in result.moves if record.side == 0]
    assert reports and all(report and report["depth"] is not None for report in reports)


def test_an_entrant_is_taken_as_it_is_or_renamed() -> None:
    first = entrant(RandomPlayer(seed=1), "random")
    assert entrant(first) is first
    renamed = entrant(first, "another name")
    assert (renamed.name, renamed.start) == ("another name", first.start)
