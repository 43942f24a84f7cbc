"""The checks a variant's typed state makes of the values it reads from a position file.

Each check returns the value read, or raises :class:`~judge.variants.description.StateError` with
the path of keys to the bad value, which the position file's reader turns into ``file:line``. A
variant's reader subclasses :class:`StateChecks` with the checks of its own (its powers, tables,
units), so that every variant words the common mistakes the same way.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..core.types import ProvinceId
from ..core.variant import Variant
from .description import StateError

__all__ = ["StateChecks"]


class StateChecks:
    """The checks every variant's state shares, against ``variant``."""

    COUNTED = "a whole number"
    """What :meth:`count` expects, in its message (Machiavelli counts ducats)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def mapping(self, value: Any, path: tuple, what: str) -> Mapping[Any, Any]:
        if not isinstance(value, Mapping):
            raise StateError(f"{path[0]} maps {what}", *path)
        return value

    def seq(self, value: Any, path: tuple, what: str) -> list[Any]:
        if not isinstance(value, (list, tuple)):
            raise StateError(f"{path[0]} should be a list of {what}", *path)
        return list(value)

    def area(self, value: Any, path: tuple) -> ProvinceId:
        """A province's id on the variant's board."""
        if not isinstance(value, str) or value not in self.variant.board.provinces:
            raise StateError(f"{value!r} is not a province id of {self.variant.name}", *path)
        return ProvinceId(value)

    def count(self, value: Any, path: tuple) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise StateError(f"expected {self.COUNTED}, 0 or more, found {value!r}", *path)
        return value

    def flag(self, value: Any, path: tuple) -> bool:
        if not isinstance(value, bool):
            raise StateError(f"expected true or false, found {value!r}", *path)
        return value

    def text(self, value: Any, path: tuple) -> str:
        if not isinstance(value, str):
            raise StateError(f"expected a name, found {value!r}", *path)
        return value

    def table(self, value: Any, path: tuple, key: Callable[[Any, tuple], Any], item: Callable[[Any, tuple], Any],
              what: str) -> dict[Any, Any]:
        """A mapping, each key and value checked."""
        m = self.mapping(value, path, what)
        return {key(k, (*path, k)): item(v, (*path, k)) for k, v in m.items()}

    def items(self, value: Any, path: tuple, item: Callable[[Any, tuple], Any], what: str) -> tuple[Any, ...]:
        """A list, each item checked."""
        return tuple(item(v, (*path, i)) for i, v in enumerate(self.seq(value, path, what)))

    def record(self, value: Any, path: tuple, keys: tuple[str, ...], required: tuple[str, ...]) -> Mapping[str, Any]:
        """A mapping with only ``keys``, and every key of ``required``."""
        m = self.mapping(value, path, ", ".join(keys))
        for k in m:
            if k not in keys:
                raise StateError(f"{path[0]} has no {k!r} here (keys: {', '.join(keys)})", *path, k)
        for k in required:
            if k not in m:
                raise StateError(f"{path[0]}: missing {k!r}", *path)
        return m
