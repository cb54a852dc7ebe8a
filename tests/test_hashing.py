"""Hash keys: the birthday bound, short signatures that give wrong values, and depth."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.experiments.hashing import (
    SignatureTable,
    ZobristTicTacToe,
    collision_probability,
    false_match_rate,
    find_depth_changes,
    find_signature_error,
)
from gamelib.experiments.positions import tree_and_graph_counts
from gamelib.search import negamax
from gamelib.search.table import TranspositionTable


def test_the_birthday_bound_matches_the_exact_product_for_small_tables() -> None:
    entries, bits = 30, 10
    keys = 2**bits
    all_different = math.prod((keys - index) / keys for index in range(entries))
    assert collision_probability(entries, bits) == pytest.approx(1 - all_different, rel=0.05)
    assert collision_probability(1, 8) == 0
    assert collision_probability(2, 1) == pytest.approx(1 - math.exp(-0.5))


@given(st.integers(0, 10**9), st.integers(1, 80))
def test_a_false_match_is_about_entries_over_two_to_the_bits(entries: int, bits: int) -> None:
    rate = false_match_rate(entries, bits)
    assert 0 <= rate <= min(1.0, entries / 2**bits) + 1e-12
    if entries / 2**bits < 1e-3:
        assert rate == pytest.approx(entries / 2**bits, rel=1e-3)


def test_bad_sizes_are_rejected() -> None:
    with pytest.raises(ValueError, match="entries"):
        collision_probability(-1, 8)
    with pytest.raises(ValueError, match="key_bits"):
        false_match_rate(10, 0)
    with pytest.raises(ValueError, match="bits"):
        SignatureTable(0)


def test_zobrist_tictactoe_keys_are_equal_exactly_for_equal_positions() -> None:
    game = ZobristTicTacToe()
    counts = tree_and_graph_counts(game, key=game.key)
    assert sum(count.positions for count in counts) == 5_478  # no two positions share a key
    assert game.key(game.play_line("a1 b2 c3")) == game.key(game.play_line("c3 b2 a1"))


def test_a_short_signature_gives_a_wrong_value_and_a_long_one_does_not() -> None:
    game = ZobristTicTacToe()
    start = game.initial_state()
    true_value = negamax(game, table=TranspositionTable()).value
    assert true_value == 0
    wrong = find_signature_error(game, [start], 8, negamax)
    assert wrong is not None and wrong.got != wrong.expected == 0
    assert find_signature_error(game, [start], 64, negamax) is None


def test_a_correct_table_changes_some_depth_limited_values_on_cyclic_graphs() -> None:
    tried, changes = find_depth_changes(range(60), range(1, 9))
    assert tried == 60 * 8
    assert changes
    for change in changes:
        assert negamax(change.game, depth=change.depth).value == change.without
        table = TranspositionTable()
        assert negamax(change.game, depth=change.depth, table=table).value == change.with_table
        assert change.without != change.with_table
    # at depth 1 every child is a leaf: no entry can be reused at another remaining depth
    assert all(change.depth > 1 for change in changes)
