"""The package's own doctests run in ``make test`` (issue 26): every example in a docstring of
``judge/`` is checked, the rules core's among them, with the plain Python core (a compiled module
is not the file pytest collects its examples from: ``JUDGE_PURE=1`` runs the source)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_doctest_of_the_package_passes():
    env = dict(os.environ, JUDGE_PURE="1")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--doctest-modules",
                           "--rootdir", str(ROOT), "-o", "addopts=", str(ROOT / "judge")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", proc.stdout).group(1))
    assert passed >= 15, proc.stdout[-500:]
    # The core's examples are among them (a Location's text), and the record's and the verdict's.
    for where in ("judge/core/types.py::judge.core.types.Location PASSED", "judge/record.py::judge.record.order_kind PASSED",
                  "judge/store/settings.py::judge.store.settings.Schedule.next_deadline PASSED"):
        assert where in proc.stdout, proc.stdout[-3000:]
