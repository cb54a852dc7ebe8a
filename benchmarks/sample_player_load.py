"""Does the sample player keep to its clock when the machine is busy? Its games under the
referee, with and without CPU hogs of our own beside them, and what the clock charged.

The sample player (:mod:`gamelib.tournament.sample_player`) plays 8×8 Othello at the
tournament's clock (:data:`~gamelib.tournament.records.TOURNAMENT_CLOCK`) against the
ladder's Positional player, from the tournament's balanced openings with each colour, two
games at a time (as ``--jobs 2`` on this 2-core machine). With ``--hogs N`` the script first
starts N processes that spin (``while True: pass``, at the ordinary nice level 0) and kills
them afterwards: the load of a busy machine, made on purpose.

The sample player runs from a small player file that prints, as its log, how long each move
took by its own clock (:meth:`~gamelib.tournament.player.Clock.elapsed`) when it returns; the
referee's record gives what it charged. Printed: the games and the sample's faults (time-outs
above all), its mean reported depth, and per move the charged time against the allowance: the
least margin left (allowance − charged), how many moves came within the grace of a time-out,
the slowest move and the largest gap between the referee's charge and the player's own clock
(what the player could not see: its process waiting for a core, the pipes, the referee's own
wait for a core); then the machine's load average.

Run with ``.venv/bin/python benchmarks/sample_player_load.py [--openings 4] [--hogs 4]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gamelib.tournament.ladder import LADDER
from gamelib.tournament.openings import balanced_openings
from gamelib.tournament.records import TOURNAMENT_CLOCK, GameResult, GameSpec, Status
from gamelib.tournament.referee import play_game

LOGGING_PLAYER = '''"""The sample player, printing its own time for each move."""

from gamelib.tournament.sample_player import Player as Sample


class Player(Sample):
    def choose_move(self, game, state, clock):
        report = super().choose_move(game, state, clock)
        print(f"{clock.elapsed():.6f}", flush=True)
        return report
'''


def specs(player: Path, openings: int) -> list[GameSpec]:
    """Every opening with each colour, the sample against Positional."""
    games = []
    for number, opening in enumerate(balanced_openings("othello", openings)):
        for side in (0, 1):
            paths = [str(player), LADDER["Positional"]]
            names = ["sample", "Positional"]
            if side:
                paths.reverse()
                names.reverse()
            games.append(
                GameSpec(
                    game_id=f"load-{number}-{side}",
                    game="othello",
                    players=(names[0], names[1]),
                    paths=(paths[0], paths[1]),
                    opening=opening.moves,
                    seed=2 * number + side,
                    clock=TOURNAMENT_CLOCK,
                )
            )
    return games


def main(argv: Sequence[str] | None = None) -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=4, help="openings (2 games each)")
    parser.add_argument("--hogs", type=int, default=0, help="spinning processes beside")
    parser.add_argument("--jobs", type=int, default=2, help="games at a time")
    options = parser.parse_args(argv)
    clock = TOURNAMENT_CLOCK
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(options.hogs)
    ]
    try:
        with tempfile.TemporaryDirectory() as folder:
            player = Path(folder) / "sample_logging.py"
            player.write_text(LOGGING_PLAYER)
            with ProcessPoolExecutor(options.jobs) as pool:
                results: list[GameResult] = list(
                    pool.map(play_game, specs(player, options.openings))
                )
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    faults: list[str] = []
    depths: list[int] = []
    margins: list[float] = []
    gaps: list[float] = []
    slowest = 0.0
    for result in results:
        side = result.spec.players.index("sample")
        outcome = result.sides[side]
        if outcome.status not in (Status.FINISHED, Status.NOT_PLAYED):
            faults.append(f"{result.spec.game_id}: {outcome.status.value}: {outcome.detail}")
        own = [float(line) for line in outcome.log.split()]
        bank = clock.bank_seconds
        mine = [move for move in result.moves if move.side == side]
        for index, move in enumerate(mine):
            margins.append(clock.allowance(bank) - move.seconds)
            slowest = max(slowest, move.seconds)
            if index < len(own):
                gaps.append(move.seconds - own[index])
            bank = move.bank_left
            if move.report and isinstance(move.report.get("depth"), int) and move.report["depth"]:
                depths.append(move.report["depth"])
    print(
        f"hogs: {options.hogs}, games: {len(results)}, {options.jobs} at a time, clock "
        f"{clock.move_seconds:g} s + bank {clock.bank_seconds:g} s, "
        f"grace {clock.grace_seconds:g} s"
    )
    print(f"sample's faults: {len(faults)}")
    for fault in faults:
        print(f"  {fault}")
    print(f"sample's mean depth: {statistics.mean(depths):.2f} over {len(depths)} moves")
    print(
        f"least margin (allowance − charged): {1000 * min(margins):.1f} ms; moves within the "
        f"grace of a time-out: {sum(margin < clock.grace_seconds for margin in margins)} of "
        f"{len(margins)}; slowest move {1000 * slowest:.1f} ms"
    )
    if gaps:
        print(
            f"charged − player's own clock: median {1000 * statistics.median(gaps):.1f} ms, "
            f"largest {1000 * max(gaps):.1f} ms"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
