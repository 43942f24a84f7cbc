"""The house's hygiene, checked by ``make test``: ruff (pyflakes and bugbear) finds nothing in the
package, and mypy (``[tool.mypy]`` in ``pyproject.toml``) finds no type error in it. A test that
fails names each finding with its file and line."""

from __future__ import annotations

import subprocess
from pathlib import Path

from test_workflows import tool as _tool

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing_in_the_package():
    proc = subprocess.run([_tool("ruff"), "check", "--output-format", "concise", "judge"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_finds_nothing_in_the_package():
    proc = subprocess.run([_tool("mypy"), "judge"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
