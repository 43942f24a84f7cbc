"""Shared test plumbing: figures a test records (counts of cases run) are printed in the run's
summary, under "figures", so that a report can quote them."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

FIGURES: dict[str, object] = {}

# What the judge keeps between processes (the base maps' layers, judge.render.png) goes
# into a folder of the test run's own, not the home folder of whoever runs the tests; the
# processes the tests start inherit it.
if "JUDGE_CACHE_DIR" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="judge-test-cache-")
    os.environ["JUDGE_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, True)


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
