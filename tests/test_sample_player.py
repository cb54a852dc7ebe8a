"""The sample player's use of its time: the prediction of the next iteration, the budget that
spends the bank over the moves left, and a game played with both."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.kept_table_depth import paired_depths
from gamelib import Othello, alphabeta_failsoft
from gamelib.games.othello import PASS
from gamelib.search.table import TranspositionTable
from gamelib.tournament import sample_player
from gamelib.tournament.in_kernel import entrant, play_in_kernel
from gamelib.tournament.player import Clock
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings, Status
from gamelib.tournament.sample_player import (
    DEFAULT_GROWTH,
    MAX_GROWTH,
    MIN_GROWTH,
    RESERVE,
    Player,
    deepen,
    measured_growth,
    move_budget,
    moves_left,
    predicted_seconds,
    searched_game,
)


def test_an_iteration_the_table_answered_does_not_inflate_the_prediction() -> None:
    # Depths 1-5 answered by a kept table in microseconds, depth 6 searched for real: the
    # ratio of times would predict 10 000 × 10 ms = 100 s for depth 7 and stop the search.
    times = [1e-6] * 5 + [0.010]
    nodes = [0] * 5 + [5_000]
    assert predicted_seconds(times, nodes) == 0.010 * DEFAULT_GROWTH
    # A partly answered iteration (7 nodes) before a real one: its ratio is not believed.
    assert predicted_seconds([1e-5, 0.010], [7, 5_000]) == 0.010 * DEFAULT_GROWTH


def test_iterations_that_really_searched_give_the_growth_held_to_its_floor() -> None:
    assert predicted_seconds([0.002, 0.006], [1_000, 3_000]) == 0.006 * 3.0
    assert predicted_seconds([0.002, 0.003], [1_000, 1_100]) == 0.003 * MIN_GROWTH
    assert predicted_seconds([0.002, 0.016], [1_000, 8_000]) == 0.016 * MAX_GROWTH
    assert predicted_seconds([0.004], [100]) == 0.004 * DEFAULT_GROWTH
    # After an iteration the table answered, the prediction is small: the next one is begun.
    assert predicted_seconds([1e-6, 1e-6], [0, 0]) == 1e-6 * DEFAULT_GROWTH


def test_without_a_measured_growth_the_player_falls_back_on_the_one_it_remembers() -> None:
    assert measured_growth([0, 5_000]) is None
    assert measured_growth([1_000, 3_000]) == 3.0
    # A kept table answered the first iterations: the growth this game has shown is used.
    assert predicted_seconds([1e-6, 0.010], [0, 5_000], 2.5) == 0.010 * 2.5
    # A growth measured on this move wins over the remembered one.
    assert predicted_seconds([0.002, 0.006], [1_000, 3_000], 2.5) == 0.006 * 3.0


def test_deepen_appends_the_growths_it_measured_and_a_player_keeps_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, evaluate = searched_game(Othello())
    state = game.play_line("f5 d6 c3")
    growths: list[float] = []
    # A clock that never stops it: depths 1 to 4 all search, so 2→3 and 3→4 are measured.
    deepen(
        game,
        state,
        Clock(60.0, 0.0),
        evaluate=evaluate,
        table=TranspositionTable(),
        max_depth=4,
        growths=growths,
    )
    assert growths, "two iterations that really searched measure a growth"
    assert all(MIN_GROWTH <= growth <= MAX_GROWTH for growth in growths)
    # The player hands deepen one list for the whole game: its memory across moves.
    handed: list[object] = []

    def spy(*arguments: object, **options: object) -> object:
        handed.append(options["growths"])
        return deepen(*arguments, **options, max_depth=2)  # type: ignore[arg-type]

    monkeypatch.setattr(sample_player, "deepen", spy)
    player = Player(Othello(), 0)
    player.choose_move(Othello(), state, Clock(60.0, 0.0))
    player.choose_move(Othello(), game.play_line("f5 d6 c3 d3"), Clock(60.0, 0.0))
    assert len(handed) == 2 and handed[0] is handed[1] is player.growths


@given(
    move=st.floats(0.001, 1.0),
    bank=st.floats(0.0, 10.0),
    moves=st.integers(1, 40),
)
def test_the_budget_keeps_the_reserve_and_spends_a_share_of_the_bank(
    move: float, bank: float, moves: int
) -> None:
    clock = Clock(move, bank)
    budget = move_budget(clock, moves)
    settings = ClockSettings(move_seconds=move, bank_seconds=bank, grace_seconds=0.0)
    assert budget <= settings.allowance(bank) - RESERVE * move + 1e-12
    assert budget >= move * (1 - RESERVE) - 1e-12
    # Spending exactly the budget on each of the moves left never overdraws the bank, and
    # the bank lasts to the last move (an equal share each move, not all of it at once).
    left = bank
    for remaining in range(moves, 0, -1):
        spent = move_budget(Clock(move, left), remaining)
        assert spent <= settings.allowance(left)
        left = settings.bank_after(left, spent)
        assert left >= bank * (remaining - 1) / moves - 1e-9
    assert left <= bank


def test_moves_left_counts_half_the_empty_squares() -> None:
    game = Othello()
    assert moves_left(game.initial_state()) == 30
    assert moves_left(game.play_line("f5")) == 30  # 59 empty: the mover has 30 to play
    assert moves_left(game.play_line("f5 d6")) == 29
    assert moves_left("not othello") >= 1


def test_the_sample_player_spends_its_bank_and_never_runs_out() -> None:
    clock = ClockSettings(move_seconds=0.005, bank_seconds=0.3, grace_seconds=0.005)
    result = play_in_kernel("othello", (entrant(Player, "A"), entrant(Player, "B")), clock=clock)
    assert [side.status for side in result.sides] == [Status.FINISHED, Status.FINISHED]
    for side in (0, 1):
        moves = [record for record in result.moves if record.side == side]
        assert moves[-1].bank_left < clock.bank_seconds  # the bank was spent on searching
        assert max(record.seconds for record in moves) > clock.move_seconds


NOISE = 0.25
"""How far a mean depth measured on processor time may move between runs of the same player."""


def test_a_kept_table_searches_at_least_as_deep_as_a_fresh_one_on_the_same_positions() -> None:
    # Paired, as benchmarks/kept_table_depth.py does at the tournament clock: the kept-table
    # player plays, and on each of its positions the fresh-table player searches first with
    # its own clock and bank (processor time: the machine's load favours neither).
    clock = ClockSettings(move_seconds=0.01, bank_seconds=0.3, grace_seconds=0.01)
    kept, fresh = paired_depths(4, clock)
    assert len(kept.depths) == len(fresh.depths) > 50
    # No player of the course runs past its clock by the bank (0.3 s) on its own; a stall of
    # the process (a garbage collection in a test worker that holds much) once may.
    assert kept.time_outs <= 1 and fresh.time_outs <= 1, (kept.time_outs, fresh.time_outs)
    # Measured here: kept 4.88 and 4.77, fresh 4.82 and 4.75 over two runs (6.08 against 5.96
    # over 10 games at the tournament clock). A CPU clock on a loaded machine still moves a
    # mean by about 0.1 ply, so the bound allows NOISE; the bug this guards against (the
    # growth estimate from table-answered iterations) made the kept table 0.9 to 1.0 ply
    # shallower.
    assert kept.mean_depth() >= fresh.mean_depth() - NOISE, (kept.depths, fresh.depths)


def test_a_move_the_table_proved_reports_the_depth_of_that_proof() -> None:
    game, evaluate = searched_game(Othello())
    state = Othello().initial_state()
    table = TranspositionTable()
    deep = alphabeta_failsoft(game, state, depth=4, evaluate=evaluate, table=table)
    # A clock with no time: only depth 1 is searched, and the table answers it.
    report = deepen(game, state, Clock(0.0, 0.0), evaluate=evaluate, table=table)
    assert report.move == deep.move and report.nodes == 0
    assert report.depth == 4


class SimulatedMachine:
    """A machine whose time moves only when the player evaluates a position: ``cost`` each,
    and, on a busy machine, a ``stall`` (another process's turn on the processor) after one
    evaluation in ``stall_every`` on average (seeded). The test's clock, never the wall
    clock."""

    def __init__(
        self, cost: float, stall: float = 0.0, stall_every: int = 1, seed: int = 0
    ) -> None:
        self.now = 0.0
        self.cost = cost
        self.stall = stall
        self.stall_every = stall_every
        self.generator = random.Random(seed)

    def slowed(self, evaluate: Callable[[Any], float]) -> Callable[[Any], float]:
        """``evaluate``, costing simulated time as the machine says."""

        def slow(position: Any) -> float:
            self.now += self.cost
            if self.stall and self.generator.randrange(self.stall_every) == 0:
                self.now += self.stall
            return evaluate(position)

        return slow


@dataclass(frozen=True)
class SimulatedClock(Clock):
    """A :class:`Clock` that reads the simulated machine's time."""

    machine: SimulatedMachine | None = None

    def elapsed(self) -> float:
        assert self.machine is not None
        return self.machine.now - self.started


def simulated_game(
    unseen: Sequence[float],
    settings: ClockSettings,
    machine: SimulatedMachine,
    player_class: Callable[[Othello, int], Player] = Player,
) -> tuple[list[float], list[int], float]:
    """A game of two sample players on a simulated ``machine``, where the referee charges
    each side's moves ``unseen`` seconds beyond the player's own clock (the pipes and the
    waits for a processor of a loaded machine; its n-th move ``unseen[n % len(unseen)]``), by
    the referee's rule (:meth:`ClockSettings.allowance`,
    :meth:`ClockSettings.bank_after`). Returns each move's margin (allowance − charged; below
    0: a time-out), the depths the players reported and the seconds they searched in all (by
    their own clocks)."""
    game = Othello()
    players = [player_class(game, side) for side in (0, 1)]
    for player in players:
        player.evaluate = machine.slowed(player.evaluate)
    banks = [settings.bank_seconds] * 2
    played = [0, 0]
    searched = 0.0
    margins: list[float] = []
    depths: list[int] = []
    state = game.play_line("f5 d6 c3 d3 c4")
    while not game.is_terminal(state):
        moves = game.moves(state)
        if list(moves) == [PASS]:
            state = game.result(state, PASS)
            continue
        side = game.to_move(state)
        clock = SimulatedClock(
            settings.move_seconds, banks[side], started=machine.now, machine=machine
        )
        report = players[side].choose_move(game, state, clock)
        searched += clock.elapsed()
        charged = clock.elapsed() + unseen[played[side] % len(unseen)]
        played[side] += 1
        margins.append(settings.allowance(banks[side]) - charged)
        banks[side] = settings.bank_after(banks[side], charged)
        if report.depth:
            depths.append(report.depth)
        state = game.result(state, report.move)
    return margins, depths, searched


LOADED: Final = (0.03,) * 7 + (0.2,)
"""Unseen seconds a move on a loaded machine, as the referee charged the sample player with 4
spinning processes beside two games (benchmarks/sample_player_load.py: 26 to 34 ms a move
beyond its own clock, median, and one move in about ten 100 to 500 ms)."""


def test_the_sample_player_does_not_lose_on_time_when_the_referee_charges_more_than_it_sees() -> (
    None
):
    # The player that planned its bank down to the reserve and the grace (20 ms) lost on time
    # here: 9 time-outs in this game, its bank drained by the 30 ms moves and taken by a
    # 200 ms one near the end. Its evaluations take 50 µs of simulated time each.
    margins, depths, _ = simulated_game(LOADED, TOURNAMENT_CLOCK, SimulatedMachine(50e-6))
    assert min(margins) > 0, f"a time-out: margins {sorted(margins)[:5]}"
    # Not by giving up: it still searches beyond depth 1.
    assert statistics.mean(depths) > 2
    # The same with its own search stalled now and then (10 ms after one evaluation in 100).
    margins, depths, _ = simulated_game(
        LOADED, TOURNAMENT_CLOCK, SimulatedMachine(50e-6, 0.01, 100)
    )
    assert min(margins) > 0, f"a time-out: margins {sorted(margins)[:5]}"
    assert statistics.mean(depths) > 2


def test_on_a_quiet_simulated_machine_the_sample_player_searches_as_with_no_unseen_time() -> None:
    # 2 ms unseen a move (a quiet machine): the reserve covers it, so the player plans as it
    # would if the referee charged exactly its own count: as deep, and as long.
    quiet, depths_quiet, searched_quiet = simulated_game(
        (0.002,), TOURNAMENT_CLOCK, SimulatedMachine(50e-6)
    )
    exact, depths_exact, searched_exact = simulated_game(
        (0.0,), TOURNAMENT_CLOCK, SimulatedMachine(50e-6)
    )
    assert min(quiet) > 0 and min(exact) > 0
    assert statistics.mean(depths_quiet) >= statistics.mean(depths_exact) - 0.05
    assert searched_quiet >= 0.97 * searched_exact, (searched_quiet, searched_exact)
