"""Does the sample player's kept table make it search deeper? Its depth against the same
search with a fresh table, on the same positions, under the same clock.

Depths of two players compared over the games they play against each other mislead: each
searches its own positions, and the side that is winning has more moves to choose from (a
wider tree, a shallower search). So the comparison here is *paired*: the kept-table player
(:class:`~gamelib.tournament.sample_player.Player`) plays each game against another sample
player, and at each of its moves, before it searches, the fresh-table player
(:func:`~gamelib.tournament.sample_player.choose_move`) searches the same position with its
own clock: the same move time and its own bank, which its own moves spend by the same rule
(:meth:`~gamelib.tournament.records.ClockSettings.bank_after`). Each clock counts processor
time (:class:`~gamelib.tournament.in_kernel.ProcessClock`), so the machine's load slows the
run but favours neither side. The fresh player's move is not played.

The games are Othello from the tournament's balanced openings, each with the kept player
on both colours, at the tournament's clock (:data:`~gamelib.tournament.records.TOURNAMENT_CLOCK`)
unless told otherwise. Printed for each player: the mean depth over the moves that searched
(a single legal move, played at once, reports depth 0 and is left out), the mean nodes, the
mean processor milliseconds per move, and the bank left at the end of each game; then the
growth of node counts per ply the kept player measured (the figure its prediction uses).

Run with ``.venv/bin/python benchmarks/kept_table_depth.py [--games 10] [--move-seconds
0.05] [--bank 1]``.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field

from gamelib.core import FIRST
from gamelib.games.othello import Othello
from gamelib.tournament.games import forced_pass, replay
from gamelib.tournament.in_kernel import ProcessClock, processor_seconds
from gamelib.tournament.openings import balanced_openings
from gamelib.tournament.player import Report
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings
from gamelib.tournament.sample_player import Player, choose_move


@dataclass
class Side:
    """What one player's searches reported over the paired moves."""

    depths: list[int] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    banks_left: list[float] = field(default_factory=list)
    growths: list[float] = field(default_factory=list)
    time_outs: int = 0

    def mean_depth(self) -> float:
        """The mean depth over the moves that searched."""
        return statistics.mean(self.depths)


def timed(
    search: object, game: Othello, state: object, settings: ClockSettings, bank: float, side: Side
) -> tuple[Report, float]:
    """Run ``search(game, state, clock)`` with a fresh processor-time clock; record its report
    in ``side`` and return it with the bank left after it (a time-out is counted)."""
    clock = ProcessClock(settings.move_seconds, bank, processor_seconds())
    report = search(game, state, clock)  # type: ignore[operator]
    seconds = processor_seconds() - clock.started
    if seconds > settings.allowance(bank):
        # A time-out ends a real game. Here the game goes on, so that the positions stay
        # paired; the move is charged its allowance, not its time, so that one stall (a
        # garbage collection of a large process, say) is counted once and does not leave a
        # debt that makes every later move a time-out too.
        side.time_outs += 1
        seconds = settings.allowance(bank)
    if report.depth:
        side.depths.append(report.depth)
        side.nodes.append(report.nodes or 0)
        side.seconds.append(seconds)
    return report, settings.bank_after(bank, seconds)


def paired_depths(games: int, settings: ClockSettings) -> tuple[Side, Side]:
    """Play ``games`` games (``games / 2`` balanced openings, the kept player on each colour)
    and return what the kept-table and the fresh-table player reported on the same positions.
    """
    game = Othello()
    kept, fresh = Side(), Side()
    for opening in balanced_openings("othello", games // 2):
        for kept_side in (0, 1):
            state = replay(game, opening.moves)
            players = {
                kept_side: Player(game, kept_side),
                1 - kept_side: Player(game, 1 - kept_side),
            }
            banks = {
                "kept": settings.bank_seconds,
                "fresh": settings.bank_seconds,
                "other": settings.bank_seconds,
            }
            while True:
                while (forced := forced_pass(game, state)) is not None:
                    state = game.result(state, forced)
                if not game.moves(state):
                    break
                side = 0 if game.to_move(state) == FIRST else 1
                if side == kept_side:
                    _, banks["fresh"] = timed(
                        choose_move, game, state, settings, banks["fresh"], fresh
                    )
                    report, banks["kept"] = timed(
                        players[side].choose_move, game, state, settings, banks["kept"], kept
                    )
                else:
                    report, banks["other"] = timed(
                        players[side].choose_move, game, state, settings, banks["other"], Side()
                    )
                state = game.result(state, report.move)
            kept.growths.extend(players[kept_side].growths)
            kept.banks_left.append(banks["kept"])
            fresh.banks_left.append(banks["fresh"])
    return kept, fresh


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--move-seconds", type=float, default=TOURNAMENT_CLOCK.move_seconds)
    parser.add_argument("--bank", type=float, default=TOURNAMENT_CLOCK.bank_seconds)
    arguments = parser.parse_args()
    settings = ClockSettings(
        move_seconds=arguments.move_seconds,
        bank_seconds=arguments.bank,
        grace_seconds=TOURNAMENT_CLOCK.grace_seconds,
    )
    kept, fresh = paired_depths(arguments.games, settings)
    print(
        f"{arguments.games} games of Othello, {1000 * settings.move_seconds:g} ms a move, "
        f"a bank of {settings.bank_seconds:g} s, {1000 * settings.grace_seconds:g} ms of grace; "
        f"the same {len(kept.depths)} positions for both"
    )
    for name, side in (("kept table", kept), ("fresh table", fresh)):
        print(
            f"{name:>11}: mean depth {side.mean_depth():.2f}, "
            f"{statistics.mean(side.nodes):,.0f} nodes and "
            f"{1000 * statistics.mean(side.seconds):.1f} ms a move, "
            f"bank left at the end {min(side.banks_left):.2f} to {max(side.banks_left):.2f} s, "
            f"{side.time_outs} time-outs"
        )
    deciles = statistics.quantiles(kept.growths, n=10)
    print(
        f"growth of node counts per ply that the kept player measured ({len(kept.growths)} "
        f"pairs of iterations that really searched): median {statistics.median(kept.growths):.2f}, "
        f"10th to 90th percentile {deciles[0]:.2f} to {deciles[-1]:.2f}"
    )


if __name__ == "__main__":
    main()
