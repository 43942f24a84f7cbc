"""The variants the judge plays, found by name.

Each variant is data in ``variants/<name>/`` (board, descriptor) plus a package
``judge/variants/<name>/`` whose ``DESCRIPTION`` (:class:`~judge.variants.description.VariantDescription`)
names everything else: its rules (a :class:`~judge.core.variant.Rules` subclass whose hooks cite
the seed sections they implement), calendar, map layer, page sections, typed state and rulebook.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import pkgutil
from pathlib import Path

from ..core.errors import MapError
from ..core.variant import Calendar, Rules, Variant
from ..resources import data_path
from .description import VariantDescription
from .loader import build_variant

__all__ = ["find_variant", "variants_dir", "known_variants", "describe", "descriptions", "VariantDescription"]


def variants_dir() -> Path:
    """Where variant data lives: ``$JUDGE_VARIANTS``, else the package's own (the project's
    ``variants/`` folder, packed into the wheel)."""
    return data_path("variants")


@functools.lru_cache(maxsize=None)
def _module_names() -> tuple[str, ...]:
    """The variant packages (``judge/variants/<name>/``), found without importing them."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and not m.name.startswith("_")))


@functools.lru_cache(maxsize=None)
def describe(name: str) -> VariantDescription | None:
    """The description of the variant called exactly ``name`` (its package's ``DESCRIPTION``),
    importing only that package; ``None`` if there is none.

    A data folder without its package is not playable yet, and is not listed.
    """
    if name not in _module_names():
        return None
    module = importlib.import_module(f"{__name__}.{name}")
    found = getattr(module, "DESCRIPTION", None)
    return found if isinstance(found, VariantDescription) else None


def _rules_of(name: str) -> tuple[type[Rules], Calendar] | None:
    """A variant's (rules class, calendar), from its description."""
    d = describe(name)
    return None if d is None else (d.rules, d.calendar)


def _registry() -> dict[str, tuple[type[Rules], Calendar]]:
    """Variant name -> (rules class, calendar), for every variant (imports every package)."""
    found: dict[str, tuple[type[Rules], Calendar]] = {}
    for name in _module_names():
        rules = _rules_of(name)
        if rules is not None:
            found[name] = rules
    return found


def descriptions() -> list[VariantDescription]:
    """Every variant's description, by name."""
    return [d for d in (describe(n) for n in _module_names()) if d is not None]


def known_variants() -> list[str]:
    """Names of the variants with data on disk and rules in code."""
    return sorted(n for n in _registry() if (variants_dir() / n / "variant.yaml").exists())


class _FrozenMap(tuple):
    """A mapping made hashable (a game's options may hold tables)."""


def _freeze(value: object) -> object:
    if isinstance(value, dict):
        return _FrozenMap(sorted(((k, _freeze(v)) for k, v in value.items()), key=lambda kv: repr(kv[0])))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: object) -> object:
    if isinstance(value, _FrozenMap):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@functools.lru_cache(maxsize=None)
def _load(name: str, root: str, options: tuple = ()) -> Variant:
    found = _rules_of(name)
    assert found is not None  # find_variant loads only a name with rules (checked, or from the registry)
    rules_cls, calendar = found
    base = build_variant(Path(root) / name, rules_cls(), calendar)
    defaults = {}
    for k, v in (base.data.get("options") or {}).items():
        defaults[k] = v.get("default") if isinstance(v, dict) and "default" in v else v
    given = {k: _thaw(v) for k, v in options}
    chosen = {**defaults, **given}
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise MapError(f"unknown rule option(s) for {name}: {', '.join(unknown)} (known: {', '.join(sorted(defaults)) or 'none'})")
    variant = dataclasses.replace(base, rules=rules_cls(chosen))
    variant.rules.check_options(variant)  # a variant's own check of the values (MapError)
    return variant


def find_variant(name: str, options: dict | None = None) -> Variant:
    """The variant called ``name`` or one of its aliases (any case), with the game's rule
    ``options`` over the variant's defaults; MapError if unknown."""
    key = str(name).strip().lower()
    root = variants_dir()
    opts = tuple(sorted(((k, _freeze(v)) for k, v in (options or {}).items()), key=lambda kv: str(kv[0])))
    if _rules_of(key) is not None:
        return _load(key, str(root), opts)
    for known in _registry():
        v = _load(known, str(root))
        if key in (a.lower() for a in v.aliases):
            return _load(known, str(root), opts)
    raise MapError(f"unknown variant {name!r} (known: {', '.join(_registry())})")
