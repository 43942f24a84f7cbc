"""Europe 1615's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (the reports write these sections as text, see :mod:`judge.sections`): the influence
table with each minor state's status (seed 002: "the referee will report to the players the statuses of the minor states,
presented in a table"), the INFs left to place, treasuries, the declarations in force and those
made, transfers of control and revolts. Each reads the typed state
(:class:`~.position_state.Europe1615State`). Also the narrative's sentences for its own orders
(:func:`story`)."""

from __future__ import annotations

import re
from typing import Sequence

from ...core.types import Position
from ...core.variant import Variant
from ...sections import (
    Items, Listing, Section, Table, amount, in_power_order, join_words, place_name, state_name, treasury_listing,
)
from ...record import OrderRecord
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


_DECLARATION_WORDS = {
    "war": "{p} declared war on {t}", "alliance": "{p} declared an alliance with {t}",
    "neutrality": "{p} declared neutrality", "armistice": "{p} declared an armistice with {t}",
    "surrender": "{p} surrendered to {t}", "break": "{p} broke its alliance",
}
_CONTROL_NOTE = re.compile(r"^(?P<where>.+?): control passes from (?P<old>.+?) to (?P<new>.+?) \((?P<why>.+)\)\.$")


def story(variant: Variant, orders: Sequence[OrderRecord], notes: Sequence[str]) -> list[str]:
    """The narrative's sentences for Europe 1615's own orders (declarations, diplomatic attacks,
    transfers and purchases of INFs) and for the changes of hands its rules report in notes
    (``X: control passes from A to B (why).``, :mod:`.control`, as in the Winter Adjustment):
    named by its description, asked by :func:`judge.reports.narrative`."""
    out: list[str] = []
    for e in orders:
        p, ok, why = e.power, e.succeeded, e.reason.rstrip(".")
        if e.kind == "declaration":
            words = _DECLARATION_WORDS.get(str(e.detail("kind")), "{p} declared {t}")
            said = words.format(p=p, t=join_words([str(t) for t in e.detail("targets", ())]))
            out.append(f"{said}{' (' + why + ')' if why else ''}." if ok else f"{p}'s declaration ({e.order}) failed: {why}.")
        elif e.kind == "diplomatic_attack":
            state, target = state_name(variant, str(e.detail("state"))), e.detail("target")
            out.append(f"{p} made a diplomatic attack on {target} in {state}: {why}." if ok
                       else f"{p}'s diplomatic attack on {target} in {state} failed: {why}.")
        elif e.kind == "transfer_control" and ok:
            out.append(f"{p} announced the transfer of {place_name(variant, str(e.detail('province')))} to {e.detail('recipient')}.")
        elif e.kind == "buy_influence" and ok:
            n = e.detail("amount")
            out.append(f"{p} bought {n} INF{'s' if n != 1 else ''}.")
    for n in notes:
        m = _CONTROL_NOTE.match(str(n))
        if m:
            old, new = m.group("old"), m.group("new")
            if new == "nobody":
                out.append(f"{m.group('where')} was lost by {old} ({m.group('why')}).")
            elif old == "nobody":
                out.append(f"{new} took control of {m.group('where')} ({m.group('why')}).")
            else:
                out.append(f"{new} took control of {m.group('where')} from {old} ({m.group('why')}).")
    return out
