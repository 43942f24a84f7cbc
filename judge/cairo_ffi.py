"""cairo's bindings, read once per machine rather than once per process.

cairosvg draws the maps with cairocffi, and importing cairocffi reads cairo's C declarations
(about 100 KB of header text) with pycparser: 0.25-0.4 s of every process that draws a map, the
largest fixed part of a tick. cffi can write what it has read as a small Python module of tables
(its "out-of-line ABI mode"), which loads in milliseconds and makes the same objects.

:func:`use` is called before cairosvg is imported. When this machine has such a module for the
installed cffi and cairocffi (the cache folder, :func:`cache_dir`), it is put in place of
``cairocffi.ffi``, the one module of cairocffi that reads the declarations; the rest of cairocffi
is imported as it is and opens cairo's library itself. Otherwise cairocffi is imported as usual
and the module is written for the next process (:func:`prepare`; ``judge prepare`` does it ahead,
as a workflow's install step does). The module's name holds a digest of cffi's version and of
cairocffi's declaration files, so another version of either is never served stale tables.
``JUDGE_CAIRO_FFI=0`` turns all of this off.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import io
import os
import sys
import tempfile
import types
from pathlib import Path

__all__ = ["use", "prepare", "cache_dir", "cached_module"]

_PREFIX = "_judge_cairo_ffi_"


def cache_dir() -> Path:
    """Where the tables are kept: ``$JUDGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/judge``, else
    ``~/.cache/judge``."""
    if os.environ.get("JUDGE_CACHE_DIR"):
        return Path(os.environ["JUDGE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge"


def _key() -> str | None:
    """A digest of what the tables are made from: cffi's version and cairocffi's two files that
    declare cairo's API (read as bytes, cairocffi not imported); None without cairocffi."""
    spec = importlib.util.find_spec("cairocffi")
    if spec is None or not spec.submodule_search_locations:
        return None
    import _cffi_backend  # type: ignore[import-untyped]  # a C module: imported at once

    h = hashlib.sha256(f"{_cffi_backend.__version__}\0{sys.implementation.cache_tag}\0".encode())
    folder = Path(list(spec.submodule_search_locations)[0])
    for name in ("constants.py", "ffi.py"):
        h.update(name.encode() + b"\0" + (folder / name).read_bytes())
    return h.hexdigest()[:20]


def cached_module(key: str | None = None) -> Path | None:
    """The tables' module for the installed versions, if this machine has it."""
    key = key or _key()
    if key is None:
        return None
    path = cache_dir() / f"{_PREFIX}{key}.py"
    return path if path.is_file() and (cache_dir() / f"{_PREFIX}{key}_pixbuf.py").is_file() else None


def _load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the pixbuf tables import the main ones by this name
    spec.loader.exec_module(module)
    return module


def _forget_cairocffi() -> None:
    for name in [n for n in sys.modules if n == "cairocffi" or n.startswith(("cairocffi.", _PREFIX))]:
        del sys.modules[name]


def use() -> None:
    """Before cairocffi is imported: serve ``cairocffi.ffi`` from this machine's tables, or, when
    there are none yet, import cairocffi as usual and write them for the next process. Never
    fails where a plain import would not: any trouble with the tables falls back to it."""
    if "cairocffi" in sys.modules or os.environ.get("JUDGE_CAIRO_FFI", "1") == "0":
        return
    try:
        key = _key()
    except OSError:
        return
    if key is None:
        return
    path = cached_module(key)
    if path is not None:
        try:
            main = _load(f"{_PREFIX}{key}", path)
            pixbuf = _load(f"{_PREFIX}{key}_pixbuf", path.with_name(f"{_PREFIX}{key}_pixbuf.py"))
            stub = types.ModuleType("cairocffi.ffi", "cairo's declarations, as read once (judge.cairo_ffi)")
            stub.ffi, stub.ffi_pixbuf = main.ffi, pixbuf.ffi  # type: ignore[attr-defined]
            sys.modules["cairocffi.ffi"] = stub
            importlib.import_module("cairocffi")
            return
        except Exception:  # noqa: BLE001 - damaged tables: read the declarations as usual, write them again
            _forget_cairocffi()
            for damaged in (path, path.with_name(f"{_PREFIX}{key}_pixbuf.py")):
                with contextlib.suppress(OSError):
                    damaged.unlink()
    importlib.import_module("cairocffi")  # the usual way (its errors are the caller's, as before)
    with contextlib.suppress(Exception):  # the tables are only a saving: never a reason not to draw
        prepare(key)


def prepare(key: str | None = None) -> Path | None:
    """Write this machine's tables for the installed cffi and cairocffi (importing cairocffi the
    usual way if it is not yet); their path, or None without cairocffi. A file is written whole
    (a temporary file renamed) so that a process reading at the same time never sees half."""
    key = key or _key()
    if key is None:
        return None
    done = cached_module(key)
    if done is not None:
        return done
    importlib.import_module("cairocffi")
    declared = sys.modules["cairocffi.ffi"]
    if not hasattr(declared.ffi, "set_source"):  # served from tables since removed: nothing to write from
        return None
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{_PREFIX}{key}"
    # The pixbuf tables include the main ones: both are named for the writing, as cffi asks.
    for ffi, module in ((declared.ffi, name), (declared.ffi_pixbuf, f"{name}_pixbuf")):
        ffi.set_source(module, None)
        fd, tmp = tempfile.mkstemp(prefix=f".{module}.", suffix=".py", dir=folder)
        os.close(fd)
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # cffi says "generating ..." on stdout
                ffi.emit_python_code(tmp)
            os.replace(tmp, folder / f"{module}.py")
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return folder / f"{name}.py"
