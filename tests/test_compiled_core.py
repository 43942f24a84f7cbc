"""The compiled core and the plain Python core are the same judge.

``pip install`` compiles the rules core's hot modules with mypyc (``setup.py``); with
``JUDGE_PURE=1`` the plain source runs instead (``judge/core/__init__.py``). These tests check that
the installed core is the compiled one, and that both decide every phase of random games alike,
down to the words of each reason.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import judge.core.movement
import judge.core.types
from helpers_random import play, standard
from judge.variants import find_variant

TESTS = Path(__file__).resolve().parent


def digest(games: int = 12, years: int = 8) -> dict[str, object]:
    """Every phase of random standard and Maharajah games, as text: each order's result and
    reason, and the next position. Returns the count of phases and a SHA-256 of it all."""
    h = hashlib.sha256()
    phases = 0
    for variant, seeds in ((standard(), range(games)), (find_variant("maharajah"), range(3))):
        for seed in seeds:
            for position, _orders, result in play(seed, years, variant):
                phases += 1
                nxt = result.next_position
                rows = [[r.power, r.order_text, r.outcome.value, r.reason, [t.value for t in r.tags]] for r in result.resolutions]
                rows.append([str(nxt.phase), sorted(f"{u.power} {u}" for u in nxt.units), sorted(nxt.supply_centers.items()),
                             sorted(f"{d.unit} {d.attacker_from}" for d in nxt.dislodged), sorted(nxt.standoffs),
                             [f"{u}" for u in result.disbanded], result.winner, list(result.notes)])
                h.update(json.dumps([str(position.phase), rows]).encode())
    return {"phases": phases, "sha256": h.hexdigest(), "compiled": judge.core.types.COMPILED}


def _pure_digest() -> dict[str, object]:
    code = "import json, test_compiled_core as t; print(json.dumps(t.digest()))"
    env = dict(os.environ, JUDGE_PURE="1", PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=TESTS)
    return json.loads(out.stdout)


def _c_compiler() -> bool:
    """Is there a C compiler, as ``setup.py`` looks for one (``$CC``, else Python's own)?"""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(shlex.split(cc)[0]) is not None


@pytest.mark.skipif(os.environ.get("JUDGE_PURE", "") not in ("", "0"), reason="the suite runs on the plain Python core")
@pytest.mark.skipif(not _c_compiler(), reason="no C compiler: the plain Python core was installed")
def test_the_installed_core_is_compiled():
    """``pip install`` (``make test``) compiles the core where there is a C compiler: its
    modules load as C extensions."""
    assert judge.core.types.COMPILED
    assert not judge.core.movement.__file__.endswith(".py"), judge.core.movement.__file__


def test_pure_and_compiled_cores_decide_alike():
    """Random games (all three kinds of phase, civil disorder, convoys, Maharajah's rivers)
    played by the plain Python core in another process give the same text, order by order and
    phase by phase, as here."""
    here = digest()
    pure = _pure_digest()
    assert pure["compiled"] is False
    assert pure["phases"] == here["phases"] and here["phases"] > 250
    assert pure["sha256"] == here["sha256"]
