"""Maharajah's own sections of the game and phase pages (named by its description; see
:mod:`judge.site.state_sections`)."""

from __future__ import annotations

from markupsafe import Markup

from ...core.types import Position
from ...core.variant import Variant
from ...site.context import StateSection
from ...site.escape import md_escape
from ...site.state_sections import names, place, power_rank, table
from .rules import effective_homes
from .state import MaharajahState


def _homes(variant: Variant, position: Position) -> StateSection | None:
    """Home centres that differ from the start, acquired or lost (seed 004 §3), and the centres
    being held towards a new home: the variant's typed state."""
    state = MaharajahState.of(position)
    if not state.homes and not state.claims:
        return None
    now = effective_homes(variant, position)
    rows = []
    for p in sorted(now, key=power_rank(variant)):
        start = set(variant.homes(p))
        gained = [c for c in now[p] if c not in start]
        lost = sorted(start - set(now[p]))
        if gained or lost:
            rows.append([md_escape(p), names(variant, gained) if gained else "", names(variant, lost) if lost else ""])
    body = table(["Power", "Acquired home centres", "Lost home centres"], rows) if rows else Markup(
        "No home centre has been acquired or lost.")
    if state.claims:
        body += Markup("\n\nCentres being held towards a new home: ") + Markup(", ".join(
            f"{md_escape(place(variant, c))} ({md_escape(k.power)}, since {md_escape(k.since)})"
            for c, k in state.claims))
    return {"title": "Home centres", "body": body}


SECTIONS = (_homes,)
"""The sections, in the order the pages show them."""
