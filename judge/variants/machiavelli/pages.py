"""Machiavelli's own sections of the game and phase pages (named by its description; see
:mod:`judge.site.state_sections`)."""

from __future__ import annotations

from typing import Mapping

from markupsafe import Markup

from ...core.types import Position
from ...core.variant import Variant
from ...site.context import StateSection
from ...site.escape import md_escape
from ...site.state_sections import names, num, place, power_rank, table, treasury


def _income(variant: Variant, position: Position) -> StateSection | None:
    """The last income paid, by source (Machiavelli's ``income``: provinces, cities, seas,
    variable income with its dice, total)."""
    inc = position.extra.get("income")
    if not isinstance(inc, Mapping) or not inc or not all(isinstance(v, Mapping) for v in inc.values()):
        return None
    sources: list[str] = []
    for rec in inc.values():
        for k, v in rec.items():
            if k not in ("total", "dice") and k not in sources and isinstance(v, (int, float)):
                sources.append(k)
    has_dice = any(rec.get("dice") for rec in inc.values())
    head = ["Power", *[s.replace("_", " ").capitalize() for s in sources]] + (["Dice"] if has_dice else []) + ["Total"]
    rows = []
    for p, rec in sorted(inc.items(), key=lambda kv: power_rank(variant)(kv[0])):
        row = [md_escape(p), *[num(rec.get(s, 0)) for s in sources]]
        if has_dice:
            dice = rec.get("dice") or {}
            row.append("; ".join(f"{md_escape(place(variant, k))} {md_escape(', '.join(str(d) for d in (v if isinstance(v, (list, tuple)) else [v])))}"
                                 for k, v in dice.items()) if isinstance(dice, Mapping) else md_escape(dice))
        total = rec.get("total")
        if total is None:
            total = sum(float(rec.get(s, 0) or 0) for s in sources)
        row.append(num(total))
        rows.append(row)
    return {"title": "Income by source", "body": table(head, rows)}


def _sieges(variant: Variant, position: Position) -> StateSection | None:
    s = position.extra.get("sieges")
    if not isinstance(s, Mapping) or not s:
        return None
    rows = []
    for city, rec in sorted(s.items()):
        rec = rec if isinstance(rec, Mapping) else {"by": rec}
        rows.append([md_escape(place(variant, city)), md_escape(rec.get("by", "")), md_escape(rec.get("unit", ""))])
    return {"title": "Sieges", "body": table(["City", "Besieged by", "Unit"], rows)}


def _loans(variant: Variant, position: Position) -> StateSection | None:
    """Loans from the bank (Machiavelli's ``loans``: principal, interest, when due) and the
    powers that defaulted (``bankrupt``)."""
    loans = position.extra.get("loans")
    bankrupt = position.extra.get("bankrupt") or []
    if not (isinstance(loans, Mapping) and loans) and not bankrupt:
        return None
    rows = []
    for p, ls in sorted((loans or {}).items(), key=lambda kv: power_rank(variant)(kv[0])):
        for loan in ls if isinstance(ls, (list, tuple)) else []:
            if isinstance(loan, Mapping):
                rows.append([md_escape(p), num(loan.get("principal", 0)), num(loan.get("interest", 0)),
                             md_escape(loan.get("due", ""))])
    body = table(["Power", "Principal", "Interest", "Due"], rows) if rows else Markup("No loans outstanding.")
    if bankrupt:
        body += Markup("\n\nDefaulted (the bank lends them nothing): ") + Markup(", ".join(md_escape(p) for p in bankrupt))
    return {"title": "Loans from the bank", "body": body}


def _troubles(variant: Variant, position: Position) -> StateSection | None:
    """Rebellions (Machiavelli's ``rebellions``) and famine (``famine``)."""
    rebellions = position.extra.get("rebellions")
    famine = position.extra.get("famine")
    lines = []
    if isinstance(rebellions, Mapping):
        for area, rec in sorted(rebellions.items()):
            rec = rec if isinstance(rec, Mapping) else {}
            where = "province and city" if rec.get("city") else "province"
            lines.append(f"{md_escape(place(variant, area))}: rebellion against {md_escape(rec.get('against', '?'))} ({where})")
    if isinstance(famine, (list, tuple)) and famine:
        lines.append("Famine in " + names(variant, list(famine)) + " (until the end of the next Spring)")
    if not lines:
        return None
    return {"title": "Rebellions and famine", "body": Markup("\n".join(f"- {line}" for line in lines))}


def _special_units(variant: Variant, position: Position) -> StateSection | None:
    """Special units in play (Machiavelli's ``special_units``)."""
    specials = position.extra.get("special_units")
    if not isinstance(specials, Mapping) or not specials:
        return None
    rows = []
    for p, units in sorted(specials.items(), key=lambda kv: power_rank(variant)(kv[0])):
        for unit, kind in sorted((units or {}).items()) if isinstance(units, Mapping) else []:
            rows.append([md_escape(p), md_escape(unit), md_escape(str(kind).replace("_", " "))])
    return {"title": "Special units", "body": table(["Power", "Unit", "Kind"], rows)}


def _chits(variant: Variant, position: Position) -> StateSection | None:
    """Assassination chits held (Machiavelli's ``chits``; absent, each power holds one for every
    other power, rules §Assassinations), in a game played with assassinations."""
    chits = position.extra.get("chits")
    if not isinstance(chits, Mapping) and not variant.rules.options.get("assassinations"):
        return None
    if not isinstance(chits, Mapping):
        return {"title": "Assassination chits", "body": Markup("Each power holds one chit for every other power.")}
    rows = [[md_escape(p), ", ".join(md_escape(v) for v in sorted(vs or [], key=power_rank(variant))) if isinstance(vs, (list, tuple)) else ""]
            for p, vs in sorted(chits.items(), key=lambda kv: power_rank(variant)(kv[0]))]
    return {"title": "Assassination chits", "body": table(["Power", "Holds chits for"], rows)}


SECTIONS = (treasury, _income, _sieges, _loans, _troubles, _special_units, _chits,)
"""The sections, in the order the pages show them."""
