"""Repetition detection: policies, termination, the reference values, GHI, perpetual check."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core import FIRST, SECOND
from gamelib.experiments.ghi import (
    SameDepthTable,
    ghi_cases,
    random_estimated_game,
    reachable_size,
    smallest_case,
)
from gamelib.experiments.repetitions import costs_table, table_costs, visited_memory
from gamelib.games.chessgame import (
    PERPETUAL_CHECK_FEN,
    ChessGame,
    material,
    mates_in_one,
    san_line,
)
from gamelib.games.cyclic import (
    GraphGame,
    GraphState,
    ahead_and_behind,
    ghi_example,
    perpetual_check_example,
    plain_cycle,
    random_cyclic_game,
    sennichite_example,
)
from gamelib.search import alphabeta, alphabeta_failsoft, by_key, negamax
from gamelib.search.common import SearchResult
from gamelib.search.repetition import (
    Cycle,
    HistoryAwareTable,
    Policy,
    Remedy,
    chess_draw,
    perpetual_check_loses,
    sennichite,
)
from gamelib.search.table import TranspositionTable
from gamelib.trace import Exit, Repetition, record, replay
from tests.helpers import cyclic_games, windows

Search = Callable[..., SearchResult]
SEARCHES = [negamax, alphabeta, alphabeta_failsoft]
EDGE = 0.5


# --------------------------------------------------------------------------- a reference


def reference_value(
    game: GraphGame,
    root: GraphState,
    history: Sequence[GraphState],
    rule: str,
    depth: int | None = None,
) -> float:
    """The value by brute force over simple paths, written without gamelib.search.

    A child whose position is already on the line (history, then the path) is scored by
    the rule ("draw", "sennichite" or "perpetual"); the root itself is always searched.
    """

    def repetition(cycle: list[GraphState]) -> float:
        player = cycle[-1][1]
        if rule == "draw":
            return 0
        if rule == "sennichite":
            return EDGE if player == SECOND else -EDGE
        checked_every_time = {FIRST: True, SECOND: True}
        for position in cycle[1:]:
            mover_before = 1 - position[1]  # who moved into this position
            checked_every_time[mover_before] &= game.is_check(position)
        if checked_every_time[player] and not checked_every_time[1 - player]:
            return -1
        if checked_every_time[1 - player] and not checked_every_time[player]:
            return 1
        return 0

    def value(state: GraphState, line: list[GraphState], depth: float) -> float:
        moves = game.moves(state)
        if not moves:
            return game.utility(state)
        if depth == 0:
            return game.evaluate(state)
        best = -math.inf
        for move in moves:
            child = game.result(state, move)
            if child in line:
                start = len(line) - 1 - line[::-1].index(child)
                child_value = repetition([*line[start:], child])
            else:
                child_value = value(child, [*line, child], depth - 1)
            best = max(best, -child_value)
        return best

    return value(root, [*history, root], math.inf if depth is None else depth)


def policy_for(rule: str, game: GraphGame) -> Policy:
    if rule == "draw":
        return chess_draw
    if rule == "sennichite":
        return sennichite(EDGE)
    return perpetual_check_loses(game.is_check)


@st.composite
def positions_and_histories(
    draw: st.DrawFn, game: GraphGame
) -> tuple[GraphState, list[GraphState]]:
    """A position and the game's history before it: a random walk of legal moves."""
    inner = sorted(str(node) for node in game.graph if game.graph.out_degree(node) > 0)
    state: GraphState = (draw(st.sampled_from(inner)), draw(st.sampled_from([FIRST, SECOND])))
    history: list[GraphState] = []
    for _ in range(draw(st.integers(0, 4))):
        following = [
            game.result(state, move)
            for move in game.moves(state)
            if not game.is_terminal(game.result(state, move))
        ]
        if not following:
            break
        history.append(state)
        state = draw(st.sampled_from(following))
    return state, history


# --------------------------------------------------------------------------- policies


def test_a_cycle_knows_which_positions_each_side_moved_into() -> None:
    keys = (("p", FIRST), ("q", SECOND), ("r", FIRST), ("s", SECOND), ("p", FIRST))
    cycle = Cycle(keys, FIRST, first_seen_at_ply=0, ply=4)
    assert cycle.reached_by(FIRST) == (("q", SECOND), ("s", SECOND))
    assert cycle.reached_by(SECOND) == (("r", FIRST), ("p", FIRST))


def test_the_policies_follow_their_rules() -> None:
    keys = (("p", SECOND), ("q", FIRST), ("p", SECOND))
    for_second = Cycle(keys, SECOND, 1, 3)
    for_first = Cycle((("q", FIRST), ("p", SECOND), ("q", FIRST)), FIRST, 2, 4)
    assert chess_draw(for_second) == 0 and chess_draw(for_first) == 0
    assert sennichite(0.2)(for_second) == 0.2  # the second player gets the edge
    assert sennichite(0.2)(for_first) == -0.2
    with pytest.raises(ValueError, match="small positive"):
        sennichite(0)
    first_checks = perpetual_check_loses(lambda key: key == ("p", SECOND))
    assert first_checks(for_second) == 1  # FIRST moved into p, a check, every time: FIRST loses
    assert first_checks(for_first) == -1
    both = perpetual_check_loses(lambda key: True, otherwise=sennichite(0.2))
    assert both(for_second) == 0.2  # both sides checked every time: the other rule decides
    assert perpetual_check_loses(lambda key: False)(for_second) == 0
    custom = Policy(lambda cycle: len(cycle.keys) / 10, "by length")
    assert custom(for_second) == 0.3 and repr(custom) == "Policy('by length')"


# --------------------------------------------------------------------------- named examples


@pytest.mark.parametrize("search", SEARCHES)
def test_the_named_examples_have_their_documented_values(search: Search) -> None:
    assert search(plain_cycle(), repetition=chess_draw).pv == ("b", "c", "out")
    ahead = search(ahead_and_behind(), repetition=chess_draw)
    assert (ahead.value, ahead.move) == (1, "y")
    assert search(sennichite_example(), repetition=chess_draw).value == 0
    assert search(sennichite_example(), repetition=sennichite(0.1)).value == -0.1
    game = perpetual_check_example()
    drawn = search(game, repetition=chess_draw)
    assert (drawn.value, drawn.move) == (0, "check")
    assert search(game, repetition=perpetual_check_loses(game.is_check)).value == -1


@pytest.mark.parametrize("search", SEARCHES)
def test_the_side_behind_seeks_the_repetition_and_the_side_ahead_avoids_it(
    search: Search,
) -> None:
    game = ahead_and_behind()
    start = ("start", FIRST)
    # at x SECOND is behind: going back to the start is a draw, its other move loses
    behind = search(game, ("x", SECOND), repetition=chess_draw, history=[start])
    assert (behind.value, behind.move) == (0, "start")
    # at z FIRST is ahead: it wins instead of going back to y
    ahead = search(game, ("z", FIRST), repetition=chess_draw, history=[start, ("y", SECOND)])
    assert (ahead.value, ahead.move) == (1, "z wins")


def test_the_root_is_searched_even_when_it_is_in_the_history() -> None:
    game = sennichite_example()
    start = game.initial_state()
    result = alphabeta(game, start, repetition=chess_draw, history=[start])
    assert result.move == "a" and result.value == 0
    # entered: the root, a, and the two end nodes; a -> start is the one repetition
    assert (result.stats.nodes, result.stats.repetitions) == (4, 1)


# --------------------------------------------------------------------------- the reference


@settings(max_examples=150, deadline=None)
@given(data=st.data(), rule=st.sampled_from(["draw", "sennichite", "perpetual"]))
def test_every_search_terminates_with_the_reference_value(data: st.DataObject, rule: str) -> None:
    game = data.draw(cyclic_games())
    root, history = data.draw(positions_and_histories(game))
    expected = reference_value(game, root, history, rule)
    policy = policy_for(rule, game)
    for search in SEARCHES:
        result = search(game, root, repetition=policy, history=history)
        assert result.value == expected, search.__name__


@settings(max_examples=100, deadline=None)
@given(data=st.data(), depth=st.integers(0, 4))
def test_depth_limited_searches_match_the_reference(data: st.DataObject, depth: int) -> None:
    game = data.draw(cyclic_games())
    root, history = data.draw(positions_and_histories(game))
    expected = reference_value(game, root, history, "draw", depth)
    for search in SEARCHES:
        result = search(game, root, depth=depth, repetition=chess_draw, history=history)
        assert result.value == expected, search.__name__


@settings(max_examples=100, deadline=None)
@given(data=st.data(), window=windows(values=3))
def test_window_guarantees_hold_on_cyclic_games(
    data: st.DataObject, window: tuple[float, float]
) -> None:
    game = data.draw(cyclic_games())
    alpha, beta = window
    true = reference_value(game, game.initial_state(), [], "draw")
    hard = alphabeta(game, alpha=alpha, beta=beta, repetition=chess_draw).value
    soft = alphabeta_failsoft(game, alpha=alpha, beta=beta, repetition=chess_draw).value
    if alpha < true < beta:
        assert hard == soft == true
    if soft <= alpha:
        assert true <= soft
    if soft >= beta:
        assert true >= soft
    if hard <= alpha:
        assert true <= alpha
    if hard >= beta:
        assert true >= beta


@pytest.mark.parametrize("search", SEARCHES)
def test_every_random_cyclic_game_terminates(search: Search) -> None:
    for seed in range(60):
        game = random_cyclic_game(seed, 6, 11, 2)
        result = search(game, repetition=chess_draw)
        assert result.value == reference_value(game, game.initial_state(), [], "draw")


# --------------------------------------------------------------------------- hash, then compare


class ConstantHash(GraphGame):
    """Every position gets the same hash: every comparison is a full one."""

    def repetition_hash(self, key: Hashable) -> int:
        return 0


def test_hash_collisions_are_told_apart_by_the_full_comparison() -> None:
    game = plain_cycle()
    weak = alphabeta(game, repetition=chess_draw)
    # plain_cycle's hash forgets the player: (a, SECOND) meets (a, FIRST) and so on
    assert weak.stats.repetitions == 1 and weak.stats.key_collisions == 4
    constant = ConstantHash(game.graph, game.start, game.values)
    worst = alphabeta(constant, repetition=chess_draw)
    assert worst.value == weak.value and worst.pv == weak.pv
    assert worst.stats.repetitions == 1
    assert worst.stats.key_collisions > weak.stats.key_collisions
    exact = alphabeta(ghi_example(), repetition=chess_draw)
    assert exact.stats.key_collisions == 0  # every repeated node there repeats with its player


def test_no_repetition_option_means_no_counting() -> None:
    result = alphabeta(ghi_example(), depth=6)
    assert result.stats.repetitions == 0 and result.stats.key_collisions == 0


# --------------------------------------------------------------------------- the trace


@pytest.mark.parametrize("search", SEARCHES)
def test_the_trace_records_repetitions_and_replays_them(search: Search) -> None:
    game = perpetual_check_example()
    trace = record(search, game, repetition=perpetual_check_loses(game.is_check))
    assert trace.result == search(game, repetition=perpetual_check_loses(game.is_check))
    repetitions = [event for event in trace.events if isinstance(event, Repetition)]
    assert repetitions == [Repetition("check escape check", -1, 1)]
    index = trace.events.index(repetitions[0])
    after = trace.events[index + 1]
    assert isinstance(after, Exit) and after.node == "check escape check"
    assert after.bound == "exact" and after.value == -1
    node = replay(trace, index + 1).nodes["check escape check"]
    assert (node.value, node.bound, node.first_seen_at_ply) == (-1, "exact", 1)
    assert trace.returned("mover")["check escape check"] == (1, "exact")  # SECOND wins there


def test_a_repetition_of_the_history_has_a_negative_ply() -> None:
    game = sennichite_example()
    trace = record(
        alphabeta, game, state=("a", SECOND), repetition=chess_draw, history=[("start", FIRST)]
    )
    assert [event for event in trace.events if isinstance(event, Repetition)] == [
        Repetition("start", 0, -1)
    ]


# --------------------------------------------------------------------------- GHI


@pytest.mark.parametrize("search", SEARCHES)
def test_a_naive_table_gets_the_ghi_example_wrong_and_the_remedies_right(search: Search) -> None:
    game = ghi_example()
    truth = reference_value(game, game.initial_state(), [], "draw")
    assert truth == -1
    assert search(game, repetition=chess_draw).value == -1
    assert search(game, repetition=chess_draw, table=TranspositionTable()).value == 0
    for remedy in ("skip", "visited"):
        table = HistoryAwareTable(remedy=remedy)
        assert search(game, repetition=chess_draw, table=table).value == -1
        assert table.skipped > 0  # c's value on the path start-a-c was not stored


def test_skipping_is_not_enough_when_the_table_outlives_the_search() -> None:
    game = ghi_example()
    c = ("c", FIRST)
    later_history = [("a", SECOND)]  # c again later in the game: now c -> a repeats
    assert reference_value(game, c, [], "draw") == -1
    assert reference_value(game, c, later_history, "draw") == 0
    for remedy, expected in (("skip", -1), ("visited", 0)):
        table = HistoryAwareTable(remedy=remedy)
        assert alphabeta(game, c, repetition=chess_draw, table=table).value == -1
        again = alphabeta(game, c, repetition=chess_draw, history=later_history, table=table)
        assert again.value == expected, remedy
    assert table.rejected == 1


def test_ghi_cases_are_found_in_random_graphs_and_every_one_is_fixed() -> None:
    games = [random_cyclic_game(seed, 5, 9, 1) for seed in range(800)]
    for search in SEARCHES:
        found = ghi_cases(search, games, chess_draw)
        assert found, f"{search.__name__}: no GHI case in these random graphs"
        for case in found:
            truth = reference_value(case.game, case.game.initial_state(), [], "draw")
            assert case.right == truth != case.with_table
        for remedy in ("skip", "visited"):
            fixed = ghi_cases(
                search,
                [case.game for case in found],
                chess_draw,
                table=lambda remedy=remedy: HistoryAwareTable(remedy=remedy),  # type: ignore[misc]
            )
            assert fixed == [], (search.__name__, remedy)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), rule=st.sampled_from(["draw", "sennichite", "perpetual"]))
def test_the_visited_remedy_never_changes_a_value_even_across_searches(
    data: st.DataObject, rule: str
) -> None:
    game = data.draw(cyclic_games())
    policy = policy_for(rule, game)
    for search in SEARCHES:
        table = HistoryAwareTable(remedy="visited")  # shared by all the searches below
        for _ in range(4):
            root, history = data.draw(positions_and_histories(game))
            expected = reference_value(game, root, history, rule)
            found = search(game, root, repetition=policy, history=history, table=table)
            assert found.value == expected, search.__name__


@settings(max_examples=80, deadline=None)
@given(
    data=st.data(),
    rule=st.sampled_from(["draw", "sennichite", "perpetual"]),
    depths=st.lists(st.integers(1, 4), min_size=1, max_size=4),
)
def test_with_depth_limits_reuse_at_the_same_depth_never_changes_a_value(
    data: st.DataObject, rule: str, depths: list[int]
) -> None:
    """With depth limits the "visited" remedy is sound once an entry answers only a search
    to the same remaining depth (notebook 07): one table shared by searches to several
    depths, each value checked against the brute-force reference at that depth."""
    game = data.draw(cyclic_games())
    policy = policy_for(rule, game)
    for search in SEARCHES:
        table = SameDepthTable(remedy="visited")
        for depth in depths:
            root, history = data.draw(positions_and_histories(game))
            expected = reference_value(game, root, history, rule, depth)
            assert search(game, root, repetition=policy, history=history, depth=depth).value == (
                expected
            )
            found = search(game, root, repetition=policy, history=history, table=table, depth=depth)
            assert found.value == expected, (search.__name__, depth)


def test_with_depth_limits_the_visited_table_can_change_a_value_through_depth_alone() -> None:
    """Notebook 07's depth-limit cells: on 800 random graphs with estimates, searched to
    depths 1-4, the "visited" table changes alphabeta's root value in a few searches (2 of
    3,200: seed 227 at depth 4, 0 without the table and −3 with it); the search without a
    table is right (the brute-force reference), and reusing entries only at the same depth
    fixes every case, so the cause is notebook 06's depth effect."""
    games = [random_estimated_game(seed) for seed in range(800)]
    changed = {
        depth: ghi_cases(alphabeta, games, chess_draw, depth=depth, table=HistoryAwareTable)
        for depth in range(1, 5)
    }
    cases = [(depth, case) for depth, found in changed.items() for case in found]
    summary = [(depth, case.game.name, case.right, case.with_table) for depth, case in cases]
    assert summary == [
        (4, "random cyclic game 227, random evaluation", 0, -3),
        (4, "random cyclic game 683, random evaluation", 3, 0),
    ]
    for depth, case in cases:
        root = case.game.initial_state()
        assert case.right == reference_value(case.game, root, [], "draw", depth)
        assert not ghi_cases(alphabeta, [case.game], chess_draw, depth=depth, table=SameDepthTable)
    assert not any(  # and to the end, the "visited" table changes none of them
        ghi_cases(alphabeta, games[:200], chess_draw, table=HistoryAwareTable)
    )


def test_a_history_aware_table_without_repetitions_is_a_plain_table() -> None:
    game = ChessGame("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")
    table = HistoryAwareTable()
    assert alphabeta(game, depth=1, table=table).value == 1  # 1.Qb8#
    assert table.skipped == 0 and table.stats.stores > 0
    with pytest.raises(ValueError, match="remedy"):
        HistoryAwareTable(remedy="hope")  # type: ignore[arg-type]


@pytest.mark.parametrize("remedy", ["skip", "visited"])
def test_a_history_aware_table_can_serve_a_search_without_repetitions_after_one_with(
    remedy: Remedy,
) -> None:
    # The first search's path must not stay attached to the table: the second search has
    # none, and the table then answers like a plain one.
    table = HistoryAwareTable(remedy=remedy)
    with_repetitions = alphabeta(ghi_example(), repetition=chess_draw, table=table)
    assert with_repetitions.value == alphabeta(ghi_example(), repetition=chess_draw).value
    later = alphabeta(ghi_example(), table=table, depth=6)
    assert later.value == alphabeta(ghi_example(), depth=6).value
    again = alphabeta(ghi_example(), repetition=chess_draw, table=table)
    assert again.value == with_repetitions.value


# --------------------------------------------------------------------------- chess


def checks_first(board: chess.Board, moves: Sequence[chess.Move]) -> list[chess.Move]:
    return by_key(lambda state, move: not state.gives_check(move))(board, moves)


def test_the_perpetual_check_position_is_what_it_claims() -> None:
    board = chess.Board(PERPETUAL_CHECK_FEN)
    assert board.is_valid() and board.turn == chess.WHITE and not board.is_check()
    assert material(board, chess.WHITE) == -4  # White is a rook for a pawn behind
    threat = board.copy()
    threat.push(chess.Move.null())
    assert {threat.san(move) for move in mates_in_one(threat)} == {"Qf1#", "Qxh2#", "Rxh2#"}
    for move in board.legal_moves:  # every move that is not a check allows a mate in one
        if not board.gives_check(move):
            board.push(move)
            assert mates_in_one(board), board.peek().uci()
            board.pop()
    line = board.copy()
    for white, black in (("a5d8", "b8a7"), ("d8a5", "a7b8")):
        line.push_uci(white)
        assert line.is_check()
        assert [move.uci() for move in line.legal_moves] == [black]  # the only reply
        line.push_uci(black)
    game = ChessGame()
    assert game.key(line) == game.key(board)  # the start comes back: a repetition


def test_the_search_finds_the_perpetual_check_draw() -> None:
    game = ChessGame()
    board = game.initial_state()
    found = alphabeta(game, depth=4, repetition=chess_draw)  # the moves in UCI order
    assert found.value == 0
    assert san_line(board, found.pv) == "1. Qd8+ Ka7 2. Qa5+ Kb8"
    assert found.stats.repetitions > 0
    blind = alphabeta(game, depth=4, order=checks_first)
    assert blind.value == -0.04  # without repetitions: just the material count
    deeper = alphabeta(game, depth=5, repetition=chess_draw, order=checks_first)
    assert deeper.value == 0 and deeper.pv[0] == chess.Move.from_uci("a5d8")


def test_under_the_shogi_rule_the_perpetual_check_loses() -> None:
    game = ChessGame()
    board = game.initial_state()
    rule = perpetual_check_loses(game.is_check)
    keys = [game.key(board)]
    for move in ("a5d8", "b8a7", "d8a5", "a7b8"):
        board = game.result(board, chess.Move.from_uci(move))
        keys.append(game.key(board))
    assert rule(Cycle(tuple(keys), FIRST, 0, 4)) == -1  # White checked every time
    result = alphabeta(game, depth=4, repetition=rule, order=checks_first)
    assert result.value < 0


def test_chess_game_protocol_details() -> None:
    game = ChessGame(chess.STARTING_FEN)
    board = game.initial_state()
    names = [game.move_name(move) for move in game.moves(board)]
    assert names == sorted(names) and len(names) == 20
    assert game.key(board) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    after = game.result(board, chess.Move.from_uci("e2e4"))
    assert board.fen() == chess.STARTING_FEN  # the old board is unchanged
    assert game.to_move(after) == SECOND and game.evaluate(after) == 0
    mate = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    assert game.is_terminal(mate) and game.utility(mate) == -1 and game.moves(mate) == []
    stalemate = chess.Board("7k/8/6QK/8/8/8/8/8 b - - 0 1")
    assert game.is_terminal(stalemate) and game.utility(stalemate) == 0
    bare = chess.Board("7k/8/6K1/8/8/8/8/8 w - - 0 1")
    assert game.is_terminal(bare) and game.moves(bare) == ()
    assert game.is_check("7k/6Q1/6K1/8/8/8/8/8 b - -")
    assert "<svg" in game.picture(board).svg
    with pytest.raises(ValueError, match="not a valid chess position"):
        ChessGame("8/8/8/8/8/8/8/8 w - - 0 1")


def test_the_smallest_ghi_case_is_measured_on_the_part_reachable_from_the_start() -> None:
    example = ghi_example()  # random_cyclic_game(3959, 5, 9, 1), renamed
    assert reachable_size(example) == (4, 6)
    assert reachable_size(random_cyclic_game(3959, 5, 9, 1)) == (4, 6)
    games = [random_cyclic_game(seed, 5, 9, 1) for seed in range(3900, 4000)]
    found = ghi_cases(alphabeta, games, chess_draw)
    smallest = smallest_case(found)
    assert all(reachable_size(smallest.game) <= reachable_size(case.game) for case in found)
    with pytest.raises(ValueError):
        smallest_case([])


def test_table_costs_show_what_each_remedy_gives_up() -> None:
    costs = {cost.table: cost for cost in table_costs(alphabeta, ghi_example(), chess_draw)}
    assert list(costs) == ["none", "plain", "skip", "visited"]
    assert costs["plain"].value != costs["none"].value  # the GHI example: the plain table errs
    assert costs["skip"].value == costs["visited"].value == costs["none"].value
    assert costs["none"].stored == costs["none"].not_stored == costs["none"].visited == 0
    assert costs["skip"].visited == 0 < costs["visited"].visited
    for kind in ("skip", "visited"):
        assert costs[kind].not_stored > 0  # the path-dependent value of c
    table = HistoryAwareTable(remedy="visited")
    alphabeta(ghi_example(), repetition=chess_draw, table=table)
    assert (costs["visited"].stored, costs["visited"].visited) == visited_memory(table)
    assert "remedy 'skip'" in str(costs_table(costs.values(), language="en"))
    assert "素朴な置換表" in str(costs_table(costs.values(), language="ja"))
