"""The arena: single games, seeded tournaments, result tables, win rate by depth."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib.arena import (
    COLUMNS,
    DepthPoint,
    GameRecord,
    MatchResult,
    ResultTable,
    play_game,
    plot_win_rate,
    round_robin,
    tournament,
    win_rate_by_depth,
)
from gamelib.core import FIRST, SECOND, Game, IllegalMoveError
from gamelib.games.minireversi import MiniReversi
from gamelib.games.othello import Othello
from gamelib.games.tictactoe import TicTacToe
from gamelib.players import GreedyPlayer, RandomPlayer, SearchPlayer, tictactoe_cpu
from tests.test_charts import parse, polyline_points, texts, with_class

TICTACTOE = TicTacToe()
OTHELLO = Othello()


def replay(game: Game[Any, Any], record: GameRecord) -> Any:
    state = game.initial_state()
    for move in record.moves:
        assert move in game.moves(state)
        state = game.result(state, move)
    return state


def test_a_game_record_replays_to_its_final_position() -> None:
    record = play_game(OTHELLO, (RandomPlayer(1), GreedyPlayer(2)))
    final = replay(OTHELLO, record)
    assert final == record.final_state
    assert OTHELLO.is_terminal(final)
    assert record.score == final.black.bit_count() - final.white.bit_count()
    assert record.players == ("Random", "Greedy")
    assert sum(record.moves_chosen) == len(record.moves)
    assert record.winner == (FIRST if record.score > 0 else SECOND if record.score < 0 else None)


def test_tic_tac_toe_scores_are_from_the_first_players_view() -> None:
    # X (level 1) is given a win in one after a four-move opening; it takes it.
    opening = [TICTACTOE.parse_move(name) for name in ("a1", "a2", "b1", "b2")]
    record = play_game(TICTACTOE, (tictactoe_cpu(1), tictactoe_cpu(0)), opening=opening)
    assert record.moves[:4] == tuple(opening) and record.opening_length == 4
    assert record.moves[4] == TICTACTOE.parse_move("c1")
    assert record.score == 1 and record.winner == FIRST


def test_an_illegal_move_is_reported() -> None:
    class Cheater:
        name = "cheater"

        def choose(self, game: Game[Any, Any], state: Any) -> Any:
            return 4  # the centre, even when it is taken

    with pytest.raises(IllegalMoveError, match="cheater chose the illegal move 4"):
        play_game(TICTACTOE, (Cheater(), Cheater()))
    with pytest.raises(IllegalMoveError, match="opening move"):
        play_game(TICTACTOE, (Cheater(), Cheater()), opening=[4, 4])
    with pytest.raises(ValueError, match="two players"):
        play_game(TICTACTOE, (Cheater(),))


def test_a_tournament_is_reproducible_with_its_seed() -> None:
    def run(seed: int) -> MatchResult:
        return tournament(OTHELLO, RandomPlayer(), GreedyPlayer(), games=6, seed=seed)

    first, again, other = run(11), run(11), run(12)
    assert [record.moves for record in first.records] == [record.moves for record in again.records]
    assert first.scores_for_a() == again.scores_for_a()
    assert [record.moves for record in first.records] != [record.moves for record in other.records]


def test_a_player_object_reused_gives_the_same_tournament() -> None:
    player_a, player_b = RandomPlayer(), SearchPlayer(depth=2)
    first = tournament(MiniReversi(), player_a, player_b, games=4, seed=3, opening_plies=1)
    second = tournament(MiniReversi(), player_a, player_b, games=4, seed=3, opening_plies=1)
    assert [record.moves for record in first.records] == [record.moves for record in second.records]


def test_colours_alternate_and_pairs_share_their_opening() -> None:
    result = tournament(OTHELLO, RandomPlayer(), GreedyPlayer(), games=8, seed=5, opening_plies=4)
    assert result.a_moved_first == (True, False) * 4
    for pair in range(4):
        first, second = result.records[2 * pair], result.records[2 * pair + 1]
        assert first.moves[:4] == second.moves[:4]
        assert first.opening_length == second.opening_length == 4
        assert first.players == ("Random", "Greedy") and second.players == ("Greedy", "Random")
    openings = {result.records[2 * pair].moves[:4] for pair in range(4)}
    assert len(openings) > 1


def test_match_counts_add_up() -> None:
    result = tournament(
        TICTACTOE, tictactoe_cpu(2), tictactoe_cpu(0), games=20, seed=1, opening_plies=0
    )
    assert result.wins + result.draws + result.losses == result.games == 20
    assert result.score_rate == pytest.approx((result.wins + result.draws / 2) / 20)
    assert result.mean_difference == pytest.approx((result.wins - result.losses) / 20)
    assert result.seconds_per_move_a >= 0 and result.seconds_per_move_b >= 0


def test_tournament_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="even"):
        tournament(TICTACTOE, RandomPlayer(), RandomPlayer(), games=3)
    with pytest.raises(ValueError, match="opening_plies"):
        tournament(TICTACTOE, RandomPlayer(), RandomPlayer(), opening_plies=-1)


def test_progress_bar_and_callback(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int]] = []
    tournament(
        TICTACTOE,
        RandomPlayer(),
        RandomPlayer(),
        games=4,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    tournament(TICTACTOE, RandomPlayer(), RandomPlayer(), games=2, progress=True)
    output = capsys.readouterr().out
    assert "2/2 games" in output and output.endswith("\n")


def test_result_tables_print_and_render() -> None:
    table = round_robin(
        TICTACTOE,
        [tictactoe_cpu(0), tictactoe_cpu(1), tictactoe_cpu(2)],
        games=4,
        seed=0,
        opening_plies=0,
    )
    assert isinstance(table, ResultTable) and len(table) == 3
    text = str(table)
    lines = text.splitlines()
    assert len(lines) == 2 + 3
    assert all(column in lines[0] for column in COLUMNS)
    html = table._repr_html_()
    assert html.count("<tr>") == 1 + 3 and "level 2 (wins or blocks)" in html
    assert "level 0 (random)" in str(table[0]) and "<table>" in table[0]._repr_html_()


def test_win_rate_by_depth_and_its_plot() -> None:
    points = win_rate_by_depth(MiniReversi(), RandomPlayer(), depths=(1, 2), games=4, seed=0)
    assert [point.depth for point in points] == [1, 2]
    assert all(isinstance(point, DepthPoint) for point in points)
    assert all(point.result.player_a == f"α-β depth {point.depth}" for point in points)
    assert all(0 <= point.score_rate <= 1 for point in points)

    chart = plot_win_rate(points)
    root = parse(chart)
    [series] = with_class(root, "series")
    (x1, _), (x2, _) = polyline_points(series)
    assert x1 < x2  # depth 1, then depth 2
    [entry] = with_class(root, "legend-entry")
    assert "".join(entry.itertext()) == "vs Random"
    assert "Deeper search wins more" in texts(root)
    assert len(with_class(root, "reference")) == 1  # the 50 % line
    [ticks] = with_class(root, "y-ticks")
    assert {"0", "100"} <= set(texts(ticks))
    again = plot_win_rate(points, chart, label="again")  # the same panel, a second line
    assert again is chart and len(with_class(parse(chart), "series")) == 2
    assert "深く探索するほどよく勝つ" in texts(parse(plot_win_rate(points, language="ja")))
