"""The rules core: pure values and functions, no files, no git, no rendering.

- :mod:`.types` — provinces, locations, units, phases, positions;
- :mod:`.board` — the map graph;
- :mod:`.orders` — one class per order kind;
- :mod:`.legality` — is an order allowed, and how it is read when badly written;
- :mod:`.movement` — Kruijswijk's guess-and-check resolver;
- :mod:`.phases` — a phase played: retreats, adjustments, captures, the next phase;
- :mod:`.variant` — the variant descriptor and its rule hooks.

The hot modules are compiled to C by mypyc when the package is installed (``setup.py``): the
same source, several times faster. ``judge.core.types.COMPILED`` says which one runs. With the
environment variable ``JUDGE_PURE=1`` the plain Python source runs even where the compiled
modules are installed (the tests compare both); so it does, with a warning, when a compiled module
is older than its source (edited since the last install).
"""

from __future__ import annotations

import os as _os
import sys as _sys
from importlib import machinery as _machinery

_HERE = _os.path.dirname(__file__)


def _stale() -> list[str]:
    """Modules whose compiled form is older than their source (edited after the last install):
    running it would run old rules, so the plain source runs instead."""
    out = []
    for name in sorted(_os.listdir(_HERE)):
        if not name.endswith(".py"):
            continue
        mod = name[:-3]
        for suffix in _machinery.EXTENSION_SUFFIXES:
            ext = _os.path.join(_HERE, mod + suffix)
            if _os.path.exists(ext) and _os.path.getmtime(_os.path.join(_HERE, name)) > _os.path.getmtime(ext) + 1:
                out.append(mod)
    return out


_ASKED_PURE = _os.environ.get("JUDGE_PURE", "") not in ("", "0")
_STALE = [] if _ASKED_PURE else _stale()
PURE = _ASKED_PURE or bool(_STALE)
"""True when the plain Python source runs although compiled modules may be installed."""

if _STALE:
    print(f"judge: the compiled core is older than its source ({', '.join(_STALE)}.py): running the plain "
          "Python core; `make setup` or `pip install -e .` compiles it again", file=_sys.stderr)

if PURE:

    class _SourceOnly:
        """Finds ``judge.core`` modules as ``.py`` source only, never as compiled extensions."""

        @staticmethod
        def find_spec(name: str, path=None, target=None):  # noqa: ANN001, ANN205 - the finder protocol
            if not name.startswith(__name__ + ".") or not path:
                return None
            finder = _machinery.FileFinder(path[0], (_machinery.SourceFileLoader, _machinery.SOURCE_SUFFIXES))
            return finder.find_spec(name)

    _sys.meta_path.insert(0, _SourceOnly())
