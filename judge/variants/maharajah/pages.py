"""Maharajah's own sections of the game and phase pages (named by its description; see
:mod:`judge.site.state_sections`)."""

from __future__ import annotations

from typing import Mapping

from markupsafe import Markup

from ...core.types import Position, Power
from ...core.variant import Variant
from ...site.context import StateSection
from ...site.escape import md_escape
from ...site.state_sections import names, place, power_rank, rules_function, table


def _homes(variant: Variant, position: Position) -> StateSection | None:
    """Home centres that differ from the start: acquired (or lost) ones (Maharajah's ``homes``;
    the rules' ``effective_homes`` when the variant has it)."""
    if not isinstance(position.extra.get("homes"), Mapping) and not position.extra.get("home_claims"):
        return None
    homes = rules_function(variant, "effective_homes")
    if homes is not None:
        now = {str(p): [str(c) for c in cs] for p, cs in homes(variant, position).items()}
    else:
        raw = position.extra.get("homes") or {}
        now = {str(p): [str(c) for c in (cs or [])] for p, cs in raw.items()}
    rows = []
    for p in sorted(now, key=power_rank(variant)):
        start = {str(c) for c in variant.homes(Power(p))} if p in {str(x) for x in variant.powers} else set()
        gained = [c for c in now[p] if c not in start]
        lost = sorted(start - set(now[p]))
        if gained or lost:
            rows.append([md_escape(p), names(variant, gained) if gained else "", names(variant, lost) if lost else ""])
    claims = position.extra.get("home_claims") or {}
    body = table(["Power", "Acquired home centres", "Lost home centres"], rows) if rows else Markup(
        "No home centre has been acquired or lost.")
    if isinstance(claims, Mapping) and claims:
        body += Markup("\n\nCentres being held towards a new home: ") + Markup(", ".join(
            f"{md_escape(place(variant, c))} ({md_escape(v.get('power', '?') if isinstance(v, Mapping) else v)}"
            f"{', since ' + md_escape(v.get('since')) if isinstance(v, Mapping) and v.get('since') else ''})"
            for c, v in sorted(claims.items())))
    return {"title": "Home centres", "body": body}


SECTIONS = (_homes,)
"""The sections, in the order the pages show them."""
