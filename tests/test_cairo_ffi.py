"""cairo's declarations read once per machine (judge.cairo_ffi): each process that draws a map
after the first loads cffi's tables instead of parsing cairo's headers, and draws the same pixels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge import cairo_ffi

ROOT = Path(__file__).resolve().parents[1]

DRAW = """
import hashlib, json, sys, time
t = time.perf_counter()
from judge.variants import find_variant
from judge.render import render_svg, to_png
v = find_variant("standard")
png = to_png(render_svg(v, v.start))
import cairocffi
print(json.dumps({"png": hashlib.sha256(png).hexdigest(), "backend": type(cairocffi.ffi).__module__,
                  "stub": "judge.cairo_ffi" in (sys.modules["cairocffi.ffi"].__doc__ or "")}))
"""


def _draw(cache: Path, **env: str) -> dict:
    environ = {**os.environ, "JUDGE_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT), **env}
    out = subprocess.run([sys.executable, "-c", DRAW], capture_output=True, text=True, env=environ, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> dict:
    """A map drawn with cairocffi as it comes (the tables turned off)."""
    return _draw(tmp_path_factory.mktemp("off"), JUDGE_CAIRO_FFI="0")


def test_the_first_process_writes_the_tables_and_the_next_draws_the_same_map_from_them(tmp_path, plain):
    assert not plain["stub"] and not list(tmp_path.iterdir())
    first = _draw(tmp_path)
    assert not first["stub"], "the first process reads the headers as usual"
    tables = sorted(p.name for p in tmp_path.glob("_judge_cairo_ffi_*.py"))
    assert len(tables) == 2 and tables[1].endswith("_pixbuf.py")
    second = _draw(tmp_path)
    assert second["stub"] and second["backend"] == "_cffi_backend", "the next one loads the tables"
    assert first["png"] == second["png"] == plain["png"], "the same pixels, byte for byte"


def test_damaged_tables_are_read_as_usual_and_written_again(tmp_path, plain):
    _draw(tmp_path)
    main = next(p for p in tmp_path.glob("_judge_cairo_ffi_*.py") if not p.name.endswith("_pixbuf.py"))
    main.write_text("raise RuntimeError('half a file')\n")
    damaged = _draw(tmp_path)
    assert not damaged["stub"] and damaged["png"] == plain["png"]
    assert "half a file" not in main.read_text() and _draw(tmp_path)["stub"]


def test_the_tables_are_named_for_the_cffi_and_cairocffi_they_were_made_from(tmp_path, monkeypatch):
    import importlib.machinery
    import importlib.util

    fake = tmp_path / "cairocffi"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "constants.py").write_text("_CAIRO_HEADERS = 'int cairo_version(void);'\n")
    (fake / "ffi.py").write_text("# declarations read here\n")
    spec = importlib.machinery.ModuleSpec("cairocffi", None, is_package=True)
    spec.submodule_search_locations = [str(fake)]
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: spec if name == "cairocffi" else None)
    before = cairo_ffi._key()
    assert before == cairo_ffi._key()
    (fake / "constants.py").write_text("_CAIRO_HEADERS = 'int cairo_version(void); int more(void);'\n")
    assert cairo_ffi._key() != before, "another cairocffi's declarations: other tables"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    assert cairo_ffi.cached_module() is None


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("JUDGE_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cairo_ffi.cache_dir() == tmp_path / "xdg" / "judge"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "mine"))
    assert cairo_ffi.cache_dir() == tmp_path / "mine"
