"""The welcome notebook's set-up check reports; it never fails on a missing front end."""

from __future__ import annotations

from gamelib.setup_check import (
    COURSE_PACKAGES,
    FALLBACKS,
    FRONT_ENDS,
    SetupReport,
    check_setup,
)


def test_check_setup_reports_every_course_package() -> None:
    report = check_setup()
    assert set(report.packages) == set(COURSE_PACKAGES)
    assert report.packages["gamelib"] is not None


def test_a_missing_front_end_is_reported_but_not_missing() -> None:
    packages: dict[str, str | None] = {name: "1.0" for name in COURSE_PACKAGES}
    for name in FRONT_ENDS:
        packages[name] = None
    report = SetupReport("3.12.0", packages, None)
    assert report.ready and report.missing == [] and report.status == "ready"
    assert any("not installed here" in line for line in report.lines())
    assert report.drawing_backend == "matplotlib (fallback)"


def test_a_missing_library_makes_the_report_not_ready_and_says_how_to_install() -> None:
    packages: dict[str, str | None] = {name: "1.0" for name in COURSE_PACKAGES}
    packages["networkx"] = None
    report = SetupReport("3.12.0", packages, "dot - graphviz version 2.43.0")
    assert not report.ready and report.missing == ["networkx"]
    assert "networkx" in report.status and "course.sh setup" in report.status
    assert "Set-up: packages missing: networkx" in report._repr_html_().replace("<b>", "")
    assert str(report).startswith("Set-up: packages missing")


def test_the_drawing_fallback_is_needed_only_where_graphviz_is_missing() -> None:
    packages: dict[str, str | None] = {name: "1.0" for name in COURSE_PACKAGES}
    for name in FALLBACKS:
        packages[name] = None
    with_graphviz = SetupReport("3.14.0", packages, "Graphviz 12.2.1 (WebAssembly)")
    assert with_graphviz.ready and with_graphviz.status == "ready"
    assert "matplotlib: not installed (needed only where Graphviz is missing)" in (
        with_graphviz.lines()
    )
    without = SetupReport("3.12.0", packages, None)
    assert not without.ready and without.missing == sorted(FALLBACKS)
