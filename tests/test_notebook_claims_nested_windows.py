"""Notebook 04 § 3 (and 08 § 3, which cites it): a window inside another window only adds
cutoffs, so it never costs more leaves. That holds under the course's rule (cut when a value
reaches β), fail-hard and fail-soft; under the strict rule (cut only past β) with fail-hard it
does not, because the clamped values hide cutoffs (04 § 5), and the Japanese edition says so.
Each direction is checked here against leaf counts of the searches themselves."""

from __future__ import annotations

import random

from gamelib import alphabeta, alphabeta_by_rules, alphabeta_failsoft, minimax, random_tree


def nested_windows(rng: random.Random) -> tuple[tuple[int, int], tuple[int, int]]:
    """A window (α, β) within −10…10 and a window inside it."""
    alpha = rng.randint(-10, 8)
    beta = rng.randint(alpha + 1, 10)
    inner_alpha = rng.randint(alpha, beta - 1)
    inner_beta = rng.randint(inner_alpha + 1, beta)
    return (alpha, beta), (inner_alpha, inner_beta)


def test_a_window_inside_a_window_never_costs_more_under_the_courses_rule() -> None:
    rng = random.Random(4)
    for seed in range(300):
        tree = random_tree(seed=seed, depth=rng.choice([2, 3, 4]), branching=rng.choice([2, 3]))
        for _ in range(4):
            (alpha, beta), (inner_alpha, inner_beta) = nested_windows(rng)
            for search in (alphabeta, alphabeta_failsoft):
                outer = search(tree, alpha=alpha, beta=beta).stats.leaves
                inner = search(tree, alpha=inner_alpha, beta=inner_beta).stats.leaves
                assert inner <= outer, (
                    search.__name__,
                    seed,
                    (alpha, beta),
                    (inner_alpha, inner_beta),
                )


def test_under_the_strict_rule_with_fail_hard_a_narrower_window_can_cost_more() -> None:
    """The witness the Japanese edition's qualification rests on: the true value inside both
    windows, and still one leaf more for the narrower one."""
    tree = random_tree(seed=5, depth=3, branching=2)
    value = minimax(tree).value
    assert -10 < 6 < value < 9  # both windows contain the value
    wide = alphabeta_by_rules(tree, alpha=-10, beta=9, cutoff=">", failure="hard").stats.leaves
    narrow = alphabeta_by_rules(tree, alpha=6, beta=9, cutoff=">", failure="hard").stats.leaves
    assert (wide, narrow) == (7, 8)
