"""The transposition table (gamelib.search.table): facts a mutation run of
``gamelib/search/table.py`` (``bash scripts/course.sh mutants gamelib/search/table.py``) showed
no test stating. Every expected count, entry and line is worked out by hand in the comments."""

from __future__ import annotations

import re

from gamelib.core import Bound
from gamelib.search import alphabeta, alphabeta_failsoft, negamax
from gamelib.search.table import TableStats, TranspositionTable
from gamelib.trace import TableAnswer, record
from gamelib.trees import parse_tree

# MAX at A, MIN at B and C: B = min(3, 3) = 3 and C = min(5, 3) = 3 tie at A.
TIES = parse_tree("- A\n-- B\n--- D 3\n--- E 3\n-- C\n--- F 5\n--- G 3")


def test_a_probe_counts_itself_and_its_hit_and_get_counts_nothing() -> None:
    table = TranspositionTable()
    table.store("p", 2, 7, Bound.EXACT, "m")
    assert table.get("p") is not None and table.stats.probes == 0
    found, missed = table.probe("p"), table.probe("q")
    assert found is not None and (found.key, found.value, found.move) == ("p", 7, "m")
    assert missed is None
    assert (table.stats.probes, table.stats.hits) == (2, 1)
    table.probe("p")
    assert (table.stats.probes, table.stats.hits, table.stats.stores) == (3, 2, 1)


def test_a_slot_holding_another_key_answers_nothing() -> None:
    # one slot: key 1 is stored, then key 2 (shallower) is refused; 2 finds 1's slot taken
    table = TranspositionTable(capacity=1)
    table.store(1, 5, 0, Bound.EXACT, None)
    table.store(2, 3, 1, Bound.EXACT, None)
    assert table.probe(2) is None and table.stats.hits == 0 and len(table) == 1
    assert table.stats.replaced == 0 and table.stats.stores == 1


def test_clear_forgets_every_entry_and_every_count() -> None:
    table = TranspositionTable()
    alphabeta(TIES, table=table)
    assert len(table) > 0 and table.stats.stores > 0
    table.clear()
    assert len(table) == 0 and table.stats == TableStats()
    table.probe("A")  # the table still works after it
    assert table.stats.probes == 1


def test_a_bound_that_only_reaches_the_window_s_edge_still_answers() -> None:
    table = TranspositionTable()
    table.store("p", 4, 6, Bound.LOWER, None)
    lower = table.get("p")
    assert lower is not None
    assert table.answer(lower, 4, 0, 6) == 6  # at least 6 with β = 6: a cutoff
    assert table.answer(lower, 3, 0, 6) == 6  # a deeper entry answers a shallower search
    assert table.answer(lower, 4, 0, 7) is None


def test_positions_at_the_depth_limit_are_neither_looked_up_nor_stored() -> None:
    # to depth 1 on TIES: only A is looked up and stored; B and C (depth 0) are evaluated
    for search in (alphabeta, alphabeta_failsoft, negamax):
        table = TranspositionTable()
        search(TIES, depth=1, evaluate=lambda state: 0, table=table)
        assert set(table.entries) == {"A"} and table.stats.probes == 1, search.__name__


def test_a_table_answer_gives_the_stored_move_as_its_line_or_no_line_at_a_leaf() -> None:
    for search in (alphabeta, alphabeta_failsoft, negamax):
        table = TranspositionTable()
        assert search(TIES, table=table).pv == ("B", "D")
        again = search(TIES, table=table)  # A itself is answered: its stored move, B
        assert (again.value, again.move, again.pv) == (3, "B", ("B",)), search.__name__
        assert again.stats.nodes == 0
        leaf = TIES.nodes()["D"]
        from_leaf = search(TIES, state=(leaf, 0), table=table)  # D was stored with no move
        assert (from_leaf.value, from_leaf.move, from_leaf.pv) == (3, None, ()), search.__name__


def test_the_table_summary_shows_its_counts() -> None:
    table = TranspositionTable()
    table.store("p", 2, 7, Bound.EXACT, "m")
    table.store("q", 2, 1, Bound.LOWER, None)
    table.probe("p")
    html = table._repr_html_()
    assert html.startswith("<b>TranspositionTable</b>")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", html)
    # entries, capacity (unlimited, in the course's language), stores, replaced, probes,
    # hits, then the entries per bound: exact, lower, upper
    assert len(cells) == 9
    assert [cells[0], *cells[2:]] == ["2", "2", "0", "1", "1", "1", "1", "0"]


def test_keys_go_to_their_own_slots_in_a_table_with_room() -> None:
    # two slots: hash(0) % 2 = 0 and hash(1) % 2 = 1, so both are kept, nothing replaced
    table = TranspositionTable(capacity=2)
    table.store(0, 1, 5, Bound.EXACT, None)
    table.store(1, 1, 6, Bound.LOWER, "m")
    assert len(table) == 2 and table.stats.replaced == 0
    first, second = table.get(0), table.get(1)
    assert first is not None and (first.key, first.value, first.bound) == (0, 5, Bound.EXACT)
    assert second is not None and (second.value, second.bound, second.move) == (6, Bound.LOWER, "m")
    # keys 2 and 3 go to slots 0 and 1, each as deep: two replacements, four stores
    table.store(2, 1, 7, Bound.UPPER, None)
    table.store(3, 1, 8, Bound.UPPER, None)
    assert (table.stats.replaced, table.stats.stores) == (2, 4)
    assert table.get(0) is None and table.get(2) is not None


def test_bounds_left_by_alpha_beta_never_answer_an_exact_search() -> None:
    """α-β with a narrow window stores bounds; negamax with the same table must take only
    exact entries, and finds the values negamax finds alone."""
    for window in ((0, 1), (5, 6), (2, 4)):
        table = TranspositionTable()
        alphabeta_failsoft(TIES, alpha=window[0], beta=window[1], table=table)
        assert {entry.bound for entry in table.entries.values()} - {Bound.EXACT}
        assert negamax(TIES, table=table).value == negamax(TIES).value == 3


def test_table_answers_name_the_depth_they_were_searched_to() -> None:
    # the second search to depth 2 is answered at A by the first one's entry (depth 2)
    for search in (alphabeta, alphabeta_failsoft, negamax):
        table = TranspositionTable()
        search(TIES, depth=2, evaluate=lambda state: 0, table=table)
        trace = record(search, TIES, depth=2, evaluate=lambda state: 0, table=table)
        assert [(event.node, event.depth) for event in trace.events
                if isinstance(event, TableAnswer)] == [("A", 2)], search.__name__  # fmt: skip


def test_a_search_to_depth_0_with_a_fresh_table_evaluates_the_root() -> None:
    # nothing looked up yet: the root's moves are asked before any look-up, in the game's order
    assert TranspositionTable().looked_up == (None, None)
    for search in (alphabeta, alphabeta_failsoft, negamax):
        table = TranspositionTable()
        result = search(TIES, depth=0, evaluate=lambda state: 4, table=table)
        assert (result.value, result.pv, len(table)) == (4, (), 0), search.__name__
