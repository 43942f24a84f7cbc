"""Maharajah's own sections of the game and phase pages (named by its description; the site
writes them as Markdown, see :mod:`judge.sections`)."""

from __future__ import annotations

from ...core.types import Position
from ...core.variant import Variant
from ...sections import Section, Table, Text, in_power_order, place_name, place_names
from .rules import effective_homes
from .state import MaharajahState


def _homes(variant: Variant, position: Position) -> Section | None:
    """Home centres that differ from the start, acquired or lost (seed 004 §3), and the centres
    being held towards a new home: the variant's typed state."""
    state = MaharajahState.of(position)
    if not state.homes and not state.claims:
        return None
    now = effective_homes(variant, position)
    rows = []
    for p in in_power_order(variant, now):
        start = set(variant.homes(p))
        gained = [c for c in now[p] if c not in start]
        lost = sorted(start - set(now[p]))
        if gained or lost:
            rows.append((str(p), place_names(variant, gained), place_names(variant, lost)))
    parts: list[Table | Text] = [Table(("Power", "Acquired home centres", "Lost home centres"), tuple(rows)) if rows
                                 else Text("No home centre has been acquired or lost.")]
    if state.claims:
        parts.append(Text("Centres being held towards a new home: " + ", ".join(
            f"{place_name(variant, c)} ({k.power}, since {k.since})" for c, k in state.claims)))
    return Section("Home centres", tuple(parts))


SECTIONS = (_homes,)
"""The sections, in the order the pages show them."""
