"""Shared test plumbing: figures a test records (counts of cases run) are printed in the run's
summary, under "figures", so that a report can quote them."""

from __future__ import annotations

import pytest

FIGURES: dict[str, object] = {}


@pytest.fixture(scope="session")
def record_figure():
    """``record_figure(name, value)``: show ``name: value`` in the run's summary."""

    def record(name: str, value: object) -> None:
        FIGURES[name] = value

    return record


def pytest_terminal_summary(terminalreporter) -> None:
    if FIGURES:
        terminalreporter.section("figures")
        for name, value in FIGURES.items():
            terminalreporter.write_line(f"{name}: {value}")
