"""How well the tournament ratings recover players of known strength, at a class's size.

Simulated round robins (:func:`gamelib.tournament.ratings.simulate`: Bradley–Terry games with
draws) are rated as a tournament's results would be (:func:`~gamelib.tournament.ratings.rate`),
and the ratings are compared with the truth: how often the 95 % intervals hold the true
strength, the rank correlation between true and fitted strengths, and whether "stronger than
next" is as often right as it says. It also times one :func:`rate` of a 12-player,
264-game tournament with 1000 resamples. Run with
``.venv/bin/python benchmarks/ratings_coverage.py`` (defaults: 30 players, every pair 2 games
with colours swapped, 40 tournaments, 1000 resamples: 40 000 fits of 30 players, several
minutes on one core).
"""

from __future__ import annotations

import argparse
import time

from gamelib.tournament.ratings import check_on_simulations, rate, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=150.0, help="true strengths' sd")
    parser.add_argument("--draw-share", type=float, default=0.3)
    options = parser.parse_args()

    twelve = simulate(
        {f"player {number:02d}": 50.0 * number for number in range(12)},
        games_per_pair=4,
        draw_share=options.draw_share,
    )
    started, processor = time.perf_counter(), time.process_time()
    rate(twelve, resamples=1000)
    print(
        f"one rating of 12 players, {len(twelve)} games, 1000 resamples: "
        f"{time.perf_counter() - started:.2f} s ({time.process_time() - processor:.2f} s of "
        "processor time; the wall time grows with the machine's load)"
    )

    started = time.perf_counter()
    check = check_on_simulations(
        players=options.players,
        games_per_pair=options.games_per_pair,
        tournaments=options.tournaments,
        resamples=options.resamples,
        spread=options.spread,
        draw_share=options.draw_share,
    )
    seconds = time.perf_counter() - started
    games = options.players * (options.players - 1) // 2 * options.games_per_pair
    print(
        f"{options.tournaments} round robins of {options.players} players ({games} games each, "
        f"true strengths' sd {options.spread:g} points, {100 * options.draw_share:.0f} % of equal "
        f"players' games drawn), {options.resamples} resamples each: {seconds:.0f} s"
    )
    print(
        f"95 % intervals holding the true strength: {100 * check.coverage:.1f} % "
        f"of {check.intervals}"
    )
    print(f"rank correlation, true vs fitted (mean): {check.rank_correlation:.3f}")
    print(
        f"'stronger than next': stated {100 * check.stated_order:.1f} % on average, "
        f"true order held in {100 * check.true_order:.1f} % of the neighbouring rows"
    )


if __name__ == "__main__":
    main()
