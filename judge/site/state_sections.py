"""The variant's own state on the pages: the toolkit its page sections are written with.

The generator knows no variant by name: it asks the variant's description
(:class:`judge.variants.description.VariantDescription`) for its page sections, each a provider
``(variant, position) -> StateSection | None`` kept in the variant's package
(``judge/variants/<name>/pages.py``), and shows them in that order. This module holds what the
providers share: Markdown tables, numbers, place names and the powers' order.
Every value is escaped: names in the state come from files anyone can edit.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Sequence

from markupsafe import Markup

from ..core.types import Position, ProvinceId
from ..core.variant import Variant
from .context import StateSection
from .escape import md_escape


Provider = Callable[[Variant, Position], "StateSection | None"]


def state_sections(variant: Variant | None, position: Position | None) -> list[StateSection]:
    """Every section of the variant's own that ``position`` has something for, in the variant's
    order."""
    if variant is None or position is None or (not position.extra and position.state is None):
        return []
    from ..variants import describe

    description = describe(variant.name)
    if description is None:
        return []
    # The state was checked when the position was read (VariantState.from_data): a provider
    # that fails is a bug to see, not a malformed file to hide.
    sections = (fn(variant, position) for fn in description.sections())
    return [s for s in sections if s is not None]


# -- helpers --------------------------------------------------------------------------------------


def rules_function(variant: Variant, name: str) -> Callable[..., Any] | None:
    """A pure function of the variant's rules module, if it has one by that name."""
    module = type(variant.rules).__module__
    try:
        mod = importlib.import_module(module)
    except ImportError:  # pragma: no cover - the rules were loaded from it
        return None
    fn = getattr(mod, name, None)
    return fn if callable(fn) else None


def num(x: Any) -> str:
    try:
        f = float(x)
    except (TypeError, ValueError):
        return md_escape(x)
    return str(int(f)) if f == int(f) else f"{f:.2f}".rstrip("0")


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> Markup:
    """A Markdown table; cells are already escaped."""
    lines = ["| " + " | ".join(md_escape(h) for h in head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(c if c != "" else "—" for c in r) + " |" for r in rows]
    return Markup("\n".join(lines))


def power_rank(variant: Variant) -> Callable[[Any], tuple[int, str]]:
    rank = {str(p): i for i, p in enumerate(variant.powers)}
    return lambda p: (rank.get(str(p), len(rank)), str(p))


def names(variant: Variant, ids: Any) -> str:
    if isinstance(ids, (str, bytes)) or not isinstance(ids, (list, tuple, set, frozenset)):
        ids = [ids]
    return ", ".join(md_escape(place(variant, i)) for i in ids)


def place(variant: Variant, pid: Any) -> str:
    p = variant.board.provinces.get(ProvinceId(str(pid).upper())) if hasattr(variant.board, "provinces") else None
    return getattr(p, "name", None) or str(pid)


def treasury_section(variant: Variant, treasury: Mapping[Any, Any] | None) -> StateSection | None:
    """Every power's money, in the powers' order, and the game page's treasury chart (``chart``);
    nothing for an empty treasury. The variants keeping money (Machiavelli's ducats, Europe 1615's
    wealth) show theirs with it."""
    if not treasury:
        return None
    rows = [[md_escape(p), num(float(v))] for p, v in sorted(treasury.items(), key=lambda kv: power_rank(variant)(kv[0]))]
    return {"title": "Treasuries", "body": table(["Power", "Treasury"], rows), "chart": {p: float(v) for p, v in treasury.items()}}
