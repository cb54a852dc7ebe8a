"""Shared traces for the rendering tests."""

from __future__ import annotations

import pytest

from gamelib.search import alphabeta, alphabeta_failsoft, minimax, nega_alpha
from gamelib.trace import Trace, record
from gamelib.trees import TEXTBOOK


@pytest.fixture(scope="session")
def windows_trace() -> Trace:
    """alphabeta (fail-hard) on the α-β windows tree: J and F are pruned."""
    return record(alphabeta, TEXTBOOK["alpha-beta-windows"])


@pytest.fixture(scope="session")
def failsoft_trace() -> Trace:
    """alphabeta_failsoft on the α-β windows tree."""
    return record(alphabeta_failsoft, TEXTBOOK["alpha-beta-windows"])


@pytest.fixture(scope="session")
def nega_alpha_trace() -> Trace:
    """nega_alpha on the α-β windows tree."""
    return record(nega_alpha, TEXTBOOK["alpha-beta-windows"])


@pytest.fixture(scope="session")
def minimax_trace() -> Trace:
    """minimax on the α-β windows tree (no windows, nothing pruned)."""
    return record(minimax, TEXTBOOK["alpha-beta-windows"])
