"""What every test run shares: the hypothesis profiles and the markers that pick test lanes.

Hypothesis profiles (``HYPOTHESIS_PROFILE=dev|ci``, ``dev`` when unset):

- ``dev``: quick, for the local loop (100 examples a property, as hypothesis's default);
- ``ci``: thorough (``bash scripts/course.sh test`` and ``.ci/run`` select it).

Property tests that need more examples than the profile's use :func:`tests.helpers.scaled`,
which follows the same profile.

Markers (registered in ``pyproject.toml``):

- ``notebooks`` is put on every notebook item (nbmake), so ``-m "not notebooks"`` leaves
  them out of a run that collects ``notebooks/`` too;
- ``needs_dot`` tests are skipped, with the reason, where Graphviz's ``dot`` is missing (the
  drawings then fall back to matplotlib, which the other tests cover).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from hypothesis import settings

from gamelib.language import current_language, set_language
from tests.helpers import PROFILE

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=500, deadline=None, print_blob=True)
settings.load_profile(PROFILE)


def pytest_report_header() -> str:
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=dev|ci)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    no_dot = pytest.mark.skip(reason="Graphviz's `dot` is not installed (apt-get install graphviz)")
    dot_missing = shutil.which("dot") is None
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
        if dot_missing and item.get_closest_marker("needs_dot") is not None:
            item.add_marker(no_dot)


@pytest.fixture(autouse=True)
def restore_language() -> Iterator[None]:
    """Every test leaves the course-wide language as it found it (``gamelib.set_language``)."""
    before = current_language()
    yield
    set_language(before)
