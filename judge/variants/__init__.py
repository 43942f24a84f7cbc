"""The variants the judge plays, found by name.

Each variant is data in ``variants/<name>/`` (board, descriptor) plus, where its rules differ from
the standard game's, a module ``judge/variants/<name>.py`` with a :class:`~judge.core.variant.Rules`
subclass whose hooks cite the seed sections they implement.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from ..core.errors import MapError
from ..core.variant import STANDARD_CALENDAR, Rules, Variant
from .loader import build_variant

__all__ = ["find_variant", "variants_dir", "known_variants"]


def variants_dir() -> Path:
    """Where variant data lives: ``$JUDGE_VARIANTS`` or the project's ``variants/`` folder."""
    env = os.environ.get("JUDGE_VARIANTS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "variants"


def _registry() -> dict[str, tuple[type[Rules], object]]:
    """Variant name -> (rules class, calendar)."""
    return {"standard": (Rules, STANDARD_CALENDAR)}


def known_variants() -> list[str]:
    """Names of the variants with data on disk and rules in code."""
    return sorted(n for n in _registry() if (variants_dir() / n / "variant.yaml").exists())


@functools.lru_cache(maxsize=None)
def _load(name: str, root: str) -> Variant:
    rules_cls, calendar = _registry()[name]
    return build_variant(Path(root) / name, rules_cls(), calendar)  # type: ignore[arg-type]


def find_variant(name: str) -> Variant:
    """The variant called ``name`` or one of its aliases (any case); MapError if unknown."""
    key = str(name).strip().lower()
    root = variants_dir()
    for known in _registry():
        if key == known:
            return _load(known, str(root))
    for known in _registry():
        v = _load(known, str(root))
        if key in (a.lower() for a in v.aliases):
            return v
    raise MapError(f"unknown variant {name!r} (known: {', '.join(_registry())})")
