"""The sensitivity table of benchmarks/mastery_simulation.py (``--sensitivity``): its rows'
offsets are the logits of the per-part successes they name, the count at which a mean first
reaches the goal is read off as printed, and node's fit takes the row's offset exactly (today's
offset gives the saved fit, another offset another fit, its model's offset recorded in it)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from benchmarks import mastery_simulation as simulation


@given(success=st.floats(0.001, 0.999))
def test_the_offset_of_a_success_is_its_logit(success: float) -> None:
    ease = simulation.ease_for(success)
    assert math.isclose(simulation.success_of(ease), success, rel_tol=1e-12)
    assert math.isclose(1 / (1 + math.exp(-ease)), success, rel_tol=1e-12)


def test_the_rows_are_in_order_and_named_by_their_success() -> None:
    successes = [*simulation.SENSITIVITY_SUCCESSES]
    offsets = [simulation.ease_for(success) for success in successes]
    assert offsets == sorted(offsets)
    today = simulation.read_fitted()["part_ease"]
    assert today not in offsets  # today's row is added, not repeated


@given(values=st.lists(st.floats(0, 1), min_size=1, max_size=12))
def test_first_reaching_is_the_first_count_at_the_goal(values: list[float]) -> None:
    counts = [30 + 10 * index for index in range(len(values))]
    reached = simulation.first_reaching(counts, values)
    at_goal = [index for index, value in enumerate(values) if value >= simulation.GOAL]
    if at_goal:
        assert reached == counts[at_goal[0]]
        assert simulation.told_reaching(counts, values) == str(reached)
    else:
        assert reached is None
        assert simulation.told_reaching(counts, values) == f"more than {counts[-1]}"


def test_the_fit_takes_the_models_offset() -> None:
    saved = simulation.read_fitted()
    assert simulation.node("fit", saved["seed"], saved["part_ease"]) == saved
    harder = simulation.ease_for(simulation.SENSITIVITY_SUCCESSES[0])
    other = simulation.node("fit", saved["seed"], harder)
    assert other["part_ease"] == harder
    assert other["coefficients"] != saved["coefficients"]
    # a lower chance of a right part is a higher starting difficulty: the constant rises
    assert other["coefficients"][0] > saved["coefficients"][0]
