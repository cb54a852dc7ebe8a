"""A tournament handed to a Dask cluster (a ``LocalCluster`` here; a department's real cluster
is reached the same way by its scheduler's address) ends with the same results as one played
by the local process pool (compared without the measured times)."""

from __future__ import annotations

from pathlib import Path

from distributed import Client, LocalCluster

from gamelib.tournament.records import ClockSettings
from gamelib.tournament.runner import run_tournament, timeless
from gamelib.tournament.schedule import RoundRobin, TournamentOptions
from tests.tournament_fakes import fake_play


def test_a_dask_cluster_plays_the_tournament_the_process_pool_plays(tmp_path: Path) -> None:
    players = {name: f"/players/{name}.py" for name in ("ann", "bob", "cy", "dee")}
    options = TournamentOptions(
        game="tictactoe", openings=2, clock=ClockSettings(move_seconds=0.01), seed=7
    )
    plan = RoundRobin(players, options)
    local = run_tournament(plan, tmp_path / "pool.jsonl", play=fake_play, jobs=2)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        # by address, as `--dask ADDRESS` does
        by_address = run_tournament(
            plan,
            tmp_path / "dask.jsonl",
            executor="dask",
            dask_address=cluster.scheduler_address,
            play=fake_play,
        )
        # or a client's executor handed in
        with Client(cluster) as client:
            by_client = run_tournament(
                plan, tmp_path / "client.jsonl", executor=client.get_executor(), play=fake_play
            )
    expected = [timeless(result) for result in local]
    assert len(expected) > len(plan.games(1, []))  # void games were replayed
    assert [timeless(result) for result in by_address] == expected
    assert [timeless(result) for result in by_client] == expected
