"""The experiments, games, endgame and homework write every sentence in English and Japanese.

Each text is produced twice from the same real run (TEXTBOOK trees, random trees, real games
and searches): once in English, once in Japanese. The Japanese one must be Japanese and
carry the same numbers and node names as the English one; the English one must not contain
Japanese. At the end, every template of the modules' ``WORDS`` must have been seen in what
was produced, in both languages, so no entry is left unused.
"""

# ruff: noqa: B023  (the lambdas in loops are called at once, inside the loop)

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import random
import re
import string
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import TEXTBOOK, arena, players
from gamelib.core import SECOND
from gamelib.endgame import ABLATION, FFO, check_position, line_pictures, lines, ordering, progress
from gamelib.endgame import WORDS as SOLVER_WORDS
from gamelib.experiments import (
    compare,
    hashing,
    lookahead,
    minireversi,
    position_plots,
    positions,
    pruning,
    real_games,
    repetitions,
    report,
    table_bugs,
    tree_orders,
    windows,
)
from gamelib.games import cyclic
from gamelib.games import minireversi as minireversi_game
from gamelib.games import othello as othello_game
from gamelib.games import tictactoe as tictactoe_game
from gamelib.games.chessgame import PERPETUAL_CHECK_FEN, ChessGame
from gamelib.language import set_language
from gamelib.search import alphabeta, alphabeta_failsoft, minimax, negamax
from gamelib.search.ordering import iterative_deepening
from gamelib.search.repetition import Policy, chess_draw, perpetual_check_loses, sennichite
from gamelib.search.table import TranspositionTable
from gamelib.search.windows import aspiration, mtdf
from gamelib.trace import record
from gamelib.trees import random_tree
from gamelib.worksheets import homework
from gamelib.worksheets.problems import Settings, make_problem
from tests.helpers import JAPANESE

FACTS = re.compile(r"[0-9]+(?:[.,][0-9]+)*|\b[A-Z][0-9]*\b")
"""What both languages must carry: numbers (with their separators) and node names."""

MODULES: tuple[ModuleType, ...] = (
    compare, lookahead, minireversi, position_plots, positions, pruning, real_games,
    repetitions, table_bugs, tree_orders, windows, cyclic, minireversi_game, othello_game,
    tictactoe_game, players, arena, ordering, progress, lines, homework,
)  # fmt: skip
"""The modules whose words this file covers (the endgame package's own WORDS too)."""

SEEN: dict[str, list[str]] = {"en": [], "ja": []}
"""Every text produced by the tests below, by language (for the coverage test at the end)."""


def facts(text: str) -> Counter[str]:
    """The numbers and node names of ``text``, leaving out times measured twice ("12.3 ms")."""
    return Counter(FACTS.findall(re.sub(r"[0-9.,]+ ms\b", "", text)))


def both(produce: Callable[[str], object], *, same_facts: bool = True) -> tuple[str, str]:
    """``produce(language)`` in English and in Japanese, as text, checked and remembered."""
    english, japanese = str(produce("en")), str(produce("ja"))
    SEEN["en"].append(english)
    SEEN["ja"].append(japanese)
    assert not JAPANESE.search(english), english
    assert JAPANESE.search(japanese), japanese
    if same_facts:
        assert facts(english) == facts(japanese), (english, japanese)
    return english, japanese


def printed(action: Callable[[], object]) -> str:
    """What ``action`` prints, and the message of the AssertionError it raises, if any."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            action()
        except AssertionError as error:
            print(error)
    return out.getvalue()


# --------------------------------------------------------------------------- games


def test_board_captions_of_every_game() -> None:
    tictactoe = tictactoe_game.TicTacToe()
    lines_played = ["", "a1", "a1 b1 a2 b2 a3", "b1 a1 b2 a2 c3 a3", "a1 b2 c3 b1 b3 a2 c2 c1 a3"]
    for line in lines_played:
        state = tictactoe.play_line(line)
        english, _ = both(lambda language: tictactoe.picture(state, language=language).svg)
        assert ("to move" in english) != tictactoe.is_terminal(state)
    othello = othello_game.Othello()
    for line in ("", "f5", "e6 f4 e3 f6 g5 d6 e7 f5 c5"):
        state = othello.play_line(line)
        english, _ = both(lambda language: othello.picture(state, language=language).svg)
        assert f"Black {state.black.bit_count()} – White {state.white.bit_count()}" in english
    game = minireversi_game.MiniReversi()
    wanted = {"draw", "Black wins", "White wins", "passed", "Black to move", "White to move"}
    found: set[str] = set()
    for seed in range(400):
        generator = random.Random(seed)
        state = game.initial_state()
        while not game.is_terminal(state):
            state = game.result(state, generator.choice(list(game.moves(state))))
            english = minireversi_game.board_svg(state, language="en")
            kind = next(
                (key for key in ("draw", "Black wins", "White wins", "passed") if
                 minireversi_game.WORDS[key]["en"].split("{")[0].rstrip() in english
                 and (key != "passed" or "passed" in english)),
                "Black to move" if "Black to move" in english else "White to move",
            )  # fmt: skip
            if kind not in found:
                found.add(kind)
                both(lambda language: minireversi_game.board_svg(state, language=language))
        if found == wanted:
            break
    assert found == wanted


def test_cat_and_mouse_and_the_game_graphs() -> None:
    endings = {}
    for board in (cyclic.SMALL_BOARD, "M . C . H"):  # the mouse gets home; the cat catches it
        game = cyclic.CatAndMouse(board)
        seen, frontier = set(), [game.initial_state()]
        while frontier:  # every position, depth first
            state = frontier.pop()
            if state in seen:
                continue
            seen.add(state)
            if game.is_terminal(state):
                endings.setdefault(state[0] == game.hole, (game, state))
                continue
            frontier.extend(game.result(state, move) for move in game.moves(state))
    assert set(endings) == {True, False}
    small = cyclic.CatAndMouse()
    start = small.initial_state()
    cat_to_move = (small, small.result(start, next(iter(small.moves(start)))))
    for game, state in ((small, start), cat_to_move, *endings.values()):
        both(lambda language: game.board_svg(state, language=language))
        both(lambda language: game.picture(state, language=language).svg)
        both(lambda language: game.board_text(state, language=language))
    graphs = [
        cyclic.plain_cycle(), cyclic.ahead_and_behind(), cyclic.sennichite_example(),
        cyclic.perpetual_check_example(), cyclic.ghi_example(), cyclic.random_cyclic_game(3),
        repetitions.sennichite_even_example(),
        hashing.with_random_evaluation(cyclic.random_cyclic_game(5), 5, range(-3, 4)),
        cyclic.GraphGame(cyclic.ghi_example().graph, "start", {"lose": -1}),
    ]  # fmt: skip
    for graph in graphs:
        english, japanese = both(lambda language: graph.plot(language=language).source)
        assert graph.name in english and graph.name not in japanese
    assert cyclic.game_title("a name of my own", "ja") == "a name of my own"


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_random_cyclic_game_with_a_random_evaluation_keeps_its_seed(seed: int) -> None:
    game = hashing.with_random_evaluation(cyclic.random_cyclic_game(seed), seed, range(-3, 4))
    english, japanese = both(lambda language: cyclic.game_title(game.name, language))
    assert english == f"random cyclic game {seed}, random evaluation"
    assert japanese == f"ランダムな循環ゲーム {seed}（評価値はランダム）"


# --------------------------------------------------------------------------- players, arena


def test_players_and_match_tables() -> None:
    tictactoe = tictactoe_game.TicTacToe()
    cpus = [players.tictactoe_cpu(level) for level in range(3)]
    cpus += [players.tictactoe_cpu(3, plies=2), players.SearchPlayer(depth=2)]
    cpus += [players.RulePlayer(blocks=True), players.SeededPlayer()]
    for player in cpus:
        english, japanese = both(lambda language: players.player_label(player.name, language))
        assert english == player.name
    assert players.player_label("Greedy", "ja") == "Greedy"  # the source's name, kept
    table = arena.round_robin(tictactoe, cpus[:3], games=2, seed=1, opening_plies=0)
    english, japanese = both(lambda language: table.text(language=language))
    assert "level 0 (random)" in english and "レベル 0（ランダム）" in japanese
    both(lambda language: table.html(language=language))
    set_language("ja")
    progress_line = printed(
        lambda: arena.tournament(tictactoe, cpus[0], cpus[1], games=2, progress=True)
    )
    assert "レベル 0（ランダム） 対 レベル 1（勝てる手は逃さない）" in progress_line
    SEEN["ja"].append(progress_line)
    set_language("en")
    SEEN["en"].append(
        printed(lambda: arena.tournament(tictactoe, cpus[0], cpus[1], games=2, progress=True))
    )
    points = arena.win_rate_by_depth(tictactoe, cpus[0], (1, 2), games=2, opening_plies=0)
    both(lambda language: arena.plot_win_rate(points, language=language).svg, same_facts=False)


# --------------------------------------------------------------------------- 03 and 04


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 3000))
def test_deep_cutoffs_in_random_trees(seed: int) -> None:
    tree = random_tree(seed, depth=4, branching=(1, 3))
    for cut in pruning.deep_cutoffs(record(alphabeta, tree)):
        english, japanese = both(lambda language: cut.describe(language=language))
        assert english == str(cut) and cut.node in japanese and cut.source in japanese


def test_deep_cutoffs_with_and_without_a_parent_value() -> None:
    _, tree = pruning.find_deep_cutoff(range(1000))
    cut = pruning.deep_cutoffs(record(alphabeta, tree))[0]
    for parent_value in (None, cut.bound - 1):
        changed = dataclasses.replace(cut, parent_value=parent_value)
        both(lambda language: changed.describe(language=language))


def test_fail_soft_tables_and_kinds() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    hard, soft = record(alphabeta, tree), record(alphabeta_failsoft, tree)
    english, _ = both(lambda language: pruning.returned_table(hard, soft, language=language))
    assert "at least" in english and "at most" in english and "exactly" in english
    both(lambda language: pruning.window_table(tree, [(-9, 9), (3, 4), (4, 6)], language=language))
    both(lambda language: pruning.windows_table(hard, language=language))
    leaves, _, _ = pruning.leaves_table([(2, 3)], samples=2)
    assert leaves.rows[0]["minimax"] == "8.0"  # code keeps the English column names
    both(lambda language: pruning.leaves_table([(2, 3)], samples=2, language=language)[0])
    check = pruning.check_guarantees(trials=60, seed=1)
    english, _ = both(lambda language: check.counts.describe(language=language))
    assert english == repr(dict(check.counts))
    set_language("ja")
    assert "fail low（値 ≤ α）" in f"{check.counts}" and check.counts["fail low"] >= 0
    rows = tree_orders.ordering_experiment(2, [1, 2, 3], samples=2, seed=0)
    both(lambda language: pruning.plot_ordering(rows, language=language).svg, same_facts=False)
    both(lambda language: rows.html(language=language))


def test_the_minireversi_experiment_and_its_attribution() -> None:
    table = minireversi.minireversi_table()
    both(lambda language: minireversi.format_table(table, language=language))
    both(lambda language: table.html(language=language))
    savings = minireversi.attribution(table)
    both(lambda language: savings.text(language=language))
    both(lambda language: savings.html(language=language))
    for start in minireversi.STARTS:
        english, _ = both(
            lambda language: real_games.attribution_sentence(
                table,
                savings,
                start,
                language=language,
            )
        )
        assert "exactly as many" in english  # fail-soft saves nothing: the source's claim
    # a made-up table where fail-soft does save something: the other control sentence
    soft_row = table.find("alphabeta_failsoft", "corners", "WB/BW")
    cheaper = dataclasses.replace(soft_row, evaluations=soft_row.evaluations - 7)
    changed = minireversi.ExperimentTable([cheaper if row is soft_row else row for row in table])
    english, _ = both(
        lambda language: real_games.attribution_sentence(
            changed, minireversi.attribution(changed), "WB/BW", language=language
        )
    )
    assert "fail-soft returns another 7" in english


# --------------------------------------------------------------------------- 05


@dataclasses.dataclass(frozen=True)
class Point:
    depth: int
    score_rate: float


@dataclasses.dataclass(frozen=True)
class ScoredMatch:
    scores: tuple[float, ...]

    def scores_for_a(self) -> list[float]:
        return list(self.scores)


@dataclasses.dataclass(frozen=True)
class ScoredPoint:
    depth: int
    result: ScoredMatch


def test_real_games_tables_and_sentences() -> None:
    both(lambda language: real_games.tictactoe_tree_table(language=language))
    tree = TEXTBOOK["aima-fig-5-2"]
    solved = real_games.SolvedTable(
        real_games.Solved(search.__name__, search(tree), 0.001 * index)
        for index, search in enumerate((minimax, negamax, alphabeta), start=1)
    )
    both(lambda language: solved.table(language=language))
    both(lambda language: real_games.perft_table({1: 4, 2: 12}, language=language)[0])
    for rates in ((0.2, 0.5, 0.9), (0.2, 0.6, 0.4), (0.5, 0.4, 0.3)):
        points = [Point(depth, rate) for depth, rate in enumerate(rates, start=1)]
        both(lambda language: real_games.score_trend("Greedy", points, language=language))
    for deep_scores in ((1,) * 9 + (-1,), (1, -1) * 5, (-1,) * 9 + (1,)):  # ahead, within, behind
        scored = [
            ScoredPoint(depth, ScoredMatch(scores))
            for depth, scores in ((1, (1, -1) * 5), (3, deep_scores))
        ]
        both(lambda language: real_games.depth_evidence("Greedy", scored, language=language))
    curves = {"Greedy": [Point(1, 0.5), Point(2, 0.75)]}
    both(
        lambda language: real_games.plot_score_curves(curves, language=language).svg,
        same_facts=False,
    )


def test_score_trends_join_sentences_as_each_language_does() -> None:
    curves = {
        "Greedy": [Point(1, 0.2), Point(2, 0.5)],
        "Positional": [Point(1, 0.5), Point(2, 0.4)],
    }
    english = real_games.score_trends(curves, language="en")
    japanese = real_games.score_trends(curves, language="ja")
    english_parts = [
        real_games.score_trend(name, points, language="en") for name, points in curves.items()
    ]
    japanese_parts = [
        real_games.score_trend(name, points, language="ja") for name, points in curves.items()
    ]
    assert english == " ".join(english_parts)  # one space after the English full stop
    assert japanese == "".join(japanese_parts)  # nothing after 。
    assert japanese_parts[0].endswith("。") and "。 " not in japanese
    assert english_parts[0].endswith(".") and ".**" not in english and ". Against" in english


# --------------------------------------------------------------------------- 06


def test_positions_tables_and_plots() -> None:
    tictactoe = tictactoe_game.TicTacToe()
    counts = positions.tree_and_graph_counts(tictactoe, 4)
    symmetric = positions.tree_and_graph_counts(tictactoe, 4, key=tictactoe.canonical_key)
    english, _ = both(lambda language: positions.counts_table(counts, symmetric, language=language))
    assert "all" in english
    both(
        lambda language: positions.counts_table(
            counts, first_ply=2, language=language
        )._repr_html_()
    )
    both(
        lambda language: position_plots.plot_tree_and_positions(counts, language=language).svg,
        same_facts=False,
    )
    graph = positions.position_graph(tictactoe, 2, key=tictactoe.canonical_key)
    both(
        lambda language: position_plots.position_graph_dot(graph, tictactoe.text, language=language)
    )
    for table_class in table_bugs.BUGGY_TABLES:
        english, _ = both(lambda language: table_bugs.description(table_class, language))
        assert english == (table_class.__doc__ or "").splitlines()[0]
    assert table_bugs.description(TranspositionTable, "ja").startswith("Search results")


# --------------------------------------------------------------------------- 07


def test_repetition_policies_threats_and_the_exercise() -> None:
    game = cyclic.sennichite_example()
    policies = [
        None, chess_draw, sennichite(0.1), perpetual_check_loses(game.is_check),
        Policy(lambda cycle: 0),
    ]  # fmt: skip
    compared = repetitions.compare_policies(alphabeta, policies, game=game, depth=6)
    english, japanese = both(lambda language: compared.table(language=language))
    assert "perpetual check loses, else chess draw" in english
    assert "連続王手の千日手は負け、それ以外はチェスのルール（引き分け）" in japanese
    costs = repetitions.table_costs(alphabeta, cyclic.ghi_example(), chess_draw)
    both(lambda language: repetitions.costs_table(costs, language=language))
    mouse = cyclic.CatAndMouse()
    pv = negamax(mouse, depth=4).pv
    both(lambda language: repetitions.pictures_along(
        mouse, mouse.initial_state(), pv, mouse.picture, language=language).captions)  # fmt: skip
    chess_game = ChessGame()
    board = chess.Board(PERPETUAL_CHECK_FEN)
    threat = repetitions.threat(board)
    both(lambda language: threat.describe(language=language))
    checks = sorted(move.uci() for move in board.legal_moves if board.gives_check(move))
    replies = {}
    for check in checks:  # a check with one legal reply, and one with more
        after = board.copy()
        after.push_uci(check)
        replies.setdefault(after.legal_moves.count() == 1, check)
    assert len(replies) == 2
    for check in replies.values():
        both(
            lambda language: (
                repetitions.play_line(chess_game, board, [check], language=language).captions
            )
        )
    answers: list[Callable[..., object]] = [
        lambda cycle: ...,  # no answer yet
        lambda cycle: "one",  # not a number
        lambda cycle: -1,  # the first player repeats: +1 for the second
        lambda cycle: 1 if cycle.player == SECOND else -1,  # whoever moves
        lambda cycle: 1 if cycle.keys[0][0] in ("p", "q") else -1,  # wrong on the example
        lambda cycle: 1,  # right
    ]
    for answer in answers:
        policy = Policy(answer, "student")  # type: ignore[arg-type]
        english, _ = both(
            lambda language: printed(lambda: repetitions.check_policy(policy, language=language))
        )
    assert english.startswith("right:")


# --------------------------------------------------------------------------- 08


def test_costs_rankings_and_notes() -> None:
    tictactoe = tictactoe_game.TicTacToe()
    state = tictactoe.play_line("a1 b2 c3")
    nodes = {
        name: search(tictactoe, state).stats.nodes
        for name, search in (
            ("game order (a1, b1, c1, …)", alphabeta_failsoft), ("fail-soft + table", negamax)
        )
    }  # fmt: skip
    for seconds in ((0.1, 0.2), (0.2, 0.1)):
        costs = windows.Costs()
        for (name, count), time in zip(nodes.items(), seconds, strict=True):
            costs.append(windows.Cost(name, count, count // 2, time))
        english, _ = both(lambda language: costs.rankings(language=language))
        both(lambda language: costs.table(language=language))
    noisy = windows.Costs()  # more nodes, best time less, but slower in one round of two
    by_nodes = sorted(nodes.items(), key=lambda item: item[1])
    assert by_nodes[0][1] < by_nodes[1][1]
    for (name, count), rounds in zip(by_nodes, ((0.3, 0.15), (0.1, 0.2)), strict=True):
        noisy.append(windows.Cost(name, count, count // 2, min(rounds), rounds))
    english, _ = both(lambda language: noisy.rankings(language=language))
    assert "within the noise" in english and "but took longer" not in english
    positions_played = compare.random_positions(tictactoe, 2, 3, seed=1)
    deepening = [
        iterative_deepening(tictactoe, state, max_depth=5).iterations
        for _, state in positions_played
    ]
    both(lambda language: windows.growth_note(deepening, [6, 6], language=language))
    full = alphabeta_failsoft(TEXTBOOK["alpha-beta-windows"]).stats.nodes
    for guesses in ({"guess from depth 4": full + 3, "guess from depth 3": full - 2},
                    {"guess from depth 4": full + 3, "guess from depth 3": full + 5},
                    {"guess from depth 4": full - 3, "guess from depth 3": full - 5}):  # fmt: skip
        both(lambda language: windows.aspiration_note(full, guesses, language=language))
    columns = ["position", "full window", "guess from depth 4"]
    english, japanese = both(
        lambda language: report.table(columns, [("A", full, full + 3)], language=language),
        same_facts=False,  # "position" stays English: only the searches' names are known
    )
    assert "全範囲の窓" in japanese and "深さ 4 の値で推定" in japanese and "full window" in english
    measured = compare.measure(tictactoe, positions_played, 3, compare.WITH_DEEPENING)
    base = "alpha-beta (fail-hard)"
    both(lambda language: windows.time_per_node(measured, base, language=language))
    made_up_seconds = {"MTD(f) + table": 0.5, "PVS + table": 2.0}  # less time, more time
    timed = [
        dataclasses.replace(row, seconds=made_up_seconds.get(row.search, 1.0))
        if row.search != base else dataclasses.replace(row, seconds=1.0)
        for row in measured
    ]  # fmt: skip
    english, _ = both(lambda language: windows.table_cost_note(timed, base, language=language))
    assert "Fewer nodes but more time" in english and "the same" in english
    rounds = {base: (1.0, 1.0), "PVS + table": (1.2, 1.3), "MTD(f) + table": (0.9, 1.1)}
    interleaved = [
        dataclasses.replace(row, seconds=min(times), times=times)
        for row in measured
        for times in [rounds.get(row.search, (0.5, 0.6))]
    ]
    english, _ = both(
        lambda language: windows.table_cost_note(interleaved, base, language=language)
    )
    assert "within the noise" in english and "every one of the 2 rounds" in english
    values = [[5, -2, 7, 0, 5], [9, -2, 9, 0, 11]]
    guesses_by_depth = {"guess from depth 4": 4, "guess from depth 3": 3}
    both(lambda language: windows.guess_misses(values, 5, guesses_by_depth, 3, language=language))
    both(lambda language: compare.format_measurements(measured, language=language))
    both(lambda language: measured.html(language=language))
    for name in ("game order", "open lines at every node", "static order (disc difference)",
                 "pre-search 2 plies at the root", "pre-search 1 ply at the root",
                 "iterative deepening 1…9 + table", "full window",
                 "iterative deepening + PVS + table"):  # fmt: skip
        both(lambda language: compare.search_label(name, language))


def test_window_tables_and_charts() -> None:
    rows = tree_orders.ordering_experiment(2, [1, 2, 3, 4], samples=2, seed=0)
    pvs_rows = tree_orders.ordering_experiment(2, [2, 3], samples=2, seed=0)
    both(lambda language: windows.ordering_table(rows, language=language))
    both(lambda language: windows.pvs_table(rows, pvs_rows, language=language))
    both(lambda language: windows.plot_ordering(rows, language=language).svg, same_facts=False)
    tree = TEXTBOOK["alpha-beta-windows"]
    for result in (aspiration(tree, guess=5, delta=1), mtdf(tree, first_guess=0)):
        english, _ = both(lambda language: windows.probe_table(result, language=language))
    assert "fails high" in english
    runs = {"first guess 0": mtdf(tree, first_guess=0), "first guess 9": mtdf(tree, first_guess=9)}
    value = runs["first guess 0"].value
    both(
        lambda language: windows.plot_mtdf_bounds(runs, value, "MTD(f)", language=language).svg,
        same_facts=False,
    )


# --------------------------------------------------------------------------- 01 and 09


def test_lookahead_words() -> None:
    for leaves in (30, 3_000, 300_000, 30_000_000, 3 * 10**12, 10**30):
        both(lambda language: lookahead.time_to_visit(leaves, 1000, language=language))
    othello = othello_game.Othello()
    for line in ("", "f5"):
        state = othello.play_line(line)
        moves = list(othello.moves(state))[:2]
        both(lambda language: lookahead.othello_line(state, moves, language=language).captions)
        values = lookahead.move_values(othello, state, depth=1)
        both(
            lambda language: lookahead.move_table(
                {"depth 1": values}, othello.move_name, language=language
            )
        )
    both(
        lambda language: lookahead.growth_figure((2, 4), 10**9, language=language).svg,
        same_facts=False,
    )


def test_endgame_words() -> None:
    english_names = [name for name, _ in ABLATION]
    set_language("ja")
    japanese_names = [name for name, _ in ABLATION]
    (first_name, _), *later = ABLATION
    assert first_name == "並べ替えなし" and len(later) == len(english_names) - 1
    set_language("en")
    assert english_names[0] == "no ordering" and ABLATION[0][0] == "no ordering"
    SEEN["en"] += english_names
    SEEN["ja"] += japanese_names
    for seconds in (40, 400, 40_000, 4_000_000):
        both(lambda language: progress.duration_words(seconds, language=language))
    for lower, upper in ((3, 3), (-2, 6)):
        report = progress.Progress(12.5, 123_456, lower, upper)
        both(lambda language: report.describe(language=language))
    start = othello_game.Othello().initial_state()
    english, japanese = both(lambda language: _refusal(start, language))
    assert "60 empty squares" in english and "空きマス 60 個" in japanese
    othello = othello_game.Othello()
    line_text = "e6 f4 e3 f6 g5 d6 e7 f5 c5"
    moves = []
    state = start
    for name in line_text.split():
        move = othello.parse_move(name)
        moves.append(move)
        state = othello.result(state, move)
    both(lambda language: line_pictures(start, tuple(moves), language=language).captions)
    assert FFO[1].name == "FFO #1"
    perfect = gamelib.endgame.solve(FFO[2].state, progress=False).pv
    assert othello_game.PASS in perfect  # the line has a pass, and ends the game

    def perfect_line_words(language: str) -> str:
        played = lines.perfect_line(FFO[2].state, perfect, "FFO #2", language=language)
        return "\n".join(played.sentences() + played.counts())

    both(perfect_line_words)


def _refusal(state: othello_game.OthelloState, language: str) -> str:
    with pytest.raises(ValueError) as refused:
        check_position(state, 20, language=language)
    return str(refused.value)


# --------------------------------------------------------------------------- homework


def test_homework_messages(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for student_id in ("", "   ", 42):
        both(lambda language: _id_refusal(student_id, language), same_facts=False)
    problem = make_problem(
        7, "homework", 3, Settings(3, 2, homework.Convention(cutoff=">"), ("window",))
    )
    node = problem.node
    assert node is not None
    for answer in (..., "3, 4", (True, 2), ("x", 2), (-99, 99)):
        both(
            lambda language: homework.window_feedback(
                problem.exercise, node, answer, language=language
            ).messages[0],
            same_facts=answer != (-99, 99),  # the reason is written in English by the worksheet
        )
    folder = tmp_path / "autograded" / "s1004" / "homework"
    folder.mkdir(parents=True)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    for language in ("en", "ja"):
        set_language(language)
        with pytest.raises(ValueError) as refused:
            homework.PersonalHomework("s1001")
        SEEN[language].append(str(refused.value))
        assert "'s1004'" in str(refused.value) and "'s1001'" in str(refused.value)
    assert os.environ["NBGRADER_EXECUTION"] == "autograde"


def _id_refusal(student_id: object, language: str) -> str:
    with pytest.raises(ValueError) as refused:
        homework.normalise_student_id(student_id, language=language)
    return str(refused.value)


# --------------------------------------------------------------------------- the setting


def test_the_course_wide_setting_is_the_default() -> None:
    tree = TEXTBOOK["alpha-beta-windows"]
    result = aspiration(tree, guess=5, delta=1)
    english = str(windows.probe_table(result))
    set_language("ja")
    japanese = str(windows.probe_table(result))
    assert japanese == str(windows.probe_table(result, language="ja")) != english
    assert "探索窓" in japanese and str(windows.probe_table(result, language="en")) == english
    tictactoe = tictactoe_game.TicTacToe()
    assert "<title>X の手番</title>" in tictactoe.picture(tictactoe.initial_state()).svg


# --------------------------------------------------------------------------- coverage


def literals(template: str) -> list[str]:
    """The fixed parts of a template: what every text it writes contains."""
    parsed = string.Formatter().parse(template)
    return [line for literal, _, _, _ in parsed for line in literal.splitlines() if line.strip()]


def entries() -> list[tuple[str, str, Mapping[str, str]]]:
    tables = [(module.__name__, module.WORDS) for module in MODULES]
    tables.append(("gamelib.endgame", SOLVER_WORDS))
    return [(module, name, texts) for module, table in tables for name, texts in table.items()]


def test_zz_every_entry_was_produced_in_both_languages() -> None:
    """Runs last (file order): every template of these modules appeared above, in both
    languages (an unused entry, or one a function never writes, fails here)."""
    if not SEEN["ja"]:
        pytest.skip("run with the whole file: the other tests produce the texts")
    import html

    produced = {
        language: [html.unescape(text) for text in texts] for language, texts in SEEN.items()
    }
    missing = [
        f"{module} {name!r} ({language})"
        for module, name, texts in entries()
        for language in ("en", "ja")
        if not any(
            all(part in text for part in literals(texts[language])) for text in produced[language]
        )
    ]
    assert not missing, missing
    assert gamelib.current_language() == "en"
