"""Europe 1615's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (the reports write these sections as text, see :mod:`judge.sections`): the influence
table with each minor state's status (seed 002: "the referee will report to the players the statuses of the minor states,
presented in a table"), the INFs left to place, treasuries, the declarations in force and those
made, transfers of control and revolts. Each reads the typed state
(:class:`~.position_state.Europe1615State`)."""

from __future__ import annotations

from ...core.types import Position
from ...core.variant import Variant
from ...sections import (
    Items, Listing, Section, Table, amount, in_power_order, join_words, place_name, state_name, treasury_listing,
)
from .state import current, state_status


def _status_words(status: str) -> str:
    """A minor state's status as the table says it."""
    if status in ("unaligned", "neutral"):
        return status
    if status == "controlled":
        return "controlled (its INFs suspended)"
    return f"aligned to {status}" if status else ""


def _influence(variant: Variant, position: Position) -> Section | None:
    """The influence table: each minor state with INFs placed, who placed how many (most first)
    and the state's status."""
    infs = current(position).infs
    if infs is None:
        return None
    rows = []
    for st in sorted(infs):
        placed = [(p, n) for p, n in infs[st].items() if n]
        if not placed:
            continue
        word = _status_words(state_status(variant, position, st))
        who = ", ".join(f"{p} {amount(n)}" for p, n in sorted(placed, key=lambda kv: (-kv[1], kv[0])))
        rows.append((state_name(variant, st) + f" ({st})", who, word))
    if not rows:
        return None
    return Section("Influence placed (INFs) and the status of the minor states",
                   (Table((), tuple(rows)), Items(("Every other minor state is unaligned.",))))


def _infs_left(variant: Variant, position: Position) -> Section | None:
    """The INFs each power still has to place (shown with the influence table)."""
    st = current(position)
    left = st.influence
    if st.infs is None or not left:
        return None
    return Section("", (Listing("INFs left", tuple(f"{p} {amount(left[p])}" for p in in_power_order(variant, left))),))


def _treasury(variant: Variant, position: Position) -> Section | None:
    """Every power's treasury, in the powers' order (seed, "Income phase")."""
    return treasury_listing(variant, current(position).treasury)


def _relations(variant: Variant, position: Position) -> Section | None:
    """The declarations in force: wars, alliances, neutrality."""
    rel = current(position).relations
    if rel is None:
        return None
    lines = [f"War: {' and '.join(pair)}." for pair in rel.war]
    lines += [f"Alliance: {join_words(list(group))}." for group in rel.alliances]
    if rel.neutral:
        lines.append(f"Neutral: {join_words(list(rel.neutral))}.")
    return Section("Declarations in force", (Items(tuple(lines or ["None: every power is neutral towards every other."])),))


def _declarations(variant: Variant, position: Position) -> Section | None:
    """The declarations made this turn, in force from the next movement phase."""
    decl = current(position).declarations
    if not decl:
        return None
    lines = tuple(f"{d.power}: {d.kind}" + (f" ({', '.join(d.targets)})" if d.targets else "") + "." for d in decl)
    return Section("Declarations made, in force from the next movement phase", (Items(lines),))


def _transfers(variant: Variant, position: Position) -> Section | None:
    """The transfers of control announced, in effect in the Winter."""
    transfers = current(position).transfers
    if not transfers:
        return None
    return Section("Transfers of control announced (in effect in the Winter)",
                   (Items(tuple(f"{place_name(variant, p)} to {who}." for p, who in sorted(transfers.items()))),))


def _revolts(variant: Variant, position: Position) -> Section | None:
    """The provinces in revolt, against whom, and for how many movement phases more."""
    revolts = current(position).revolts
    if not revolts:
        return None
    lines = tuple(f"{place_name(variant, prov)}: in revolt against {r.power}, {amount(r.left)} movement phase(s) left."
                  for prov, r in sorted(revolts.items()))
    return Section("Revolts", (Items(lines),))


SECTIONS = (_influence, _infs_left, _treasury, _relations, _declarations, _transfers, _revolts)
