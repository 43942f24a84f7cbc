"""Europe 1615's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (see :func:`judge.reports.state_report`): the influence table with each minor state's
status (seed 002: "the referee will report to the players the statuses of the minor states,
presented in a table"), the INFs left to place, treasuries, the declarations in force and those
made, transfers of control and revolts. Each reads the typed state
(:class:`~.position_state.Europe1615State`)."""

from __future__ import annotations

from ...core.types import Position
from ...core.variant import Variant
from ...reports import treasury_lines, amount, in_power_order, join_words, place_name, report_block, state_name, wrap_list
from .state import current, state_status


def _status_words(status: str) -> str:
    """A minor state's status as the table says it."""
    if status in ("unaligned", "neutral"):
        return status
    if status == "controlled":
        return "controlled (its INFs suspended)"
    return f"aligned to {status}" if status else ""


def _influence(variant: Variant, position: Position) -> list[str]:
    """The influence table: each minor state with INFs placed, who placed how many (most first)
    and the state's status."""
    infs = current(position).infs
    if infs is None:
        return []
    rows = []
    for st in sorted(infs):
        placed = [(p, n) for p, n in infs[st].items() if n]
        if not placed:
            continue
        word = _status_words(state_status(variant, position, st))
        who = ", ".join(f"{p} {amount(n)}" for p, n in sorted(placed, key=lambda kv: (-kv[1], kv[0])))
        rows.append((state_name(variant, st) + f" ({st})", who, word))
    if not rows:
        return []
    w1 = max(len(r[0]) for r in rows)
    w2 = max(len(r[1]) for r in rows)
    lines = [f"{a:<{w1}}  {b:<{w2}}  {c}".rstrip() for a, b, c in rows]
    lines.append("Every other minor state is unaligned.")
    return report_block("Influence placed (INFs) and the status of the minor states", lines)


def _infs_left(variant: Variant, position: Position) -> list[str]:
    """The INFs each power still has to place (shown with the influence table)."""
    st = current(position)
    left = st.influence
    if st.infs is None or not left:
        return []
    return wrap_list("INFs left", [f"{p} {amount(left[p])}" for p in in_power_order(variant, left)], 78) + [""]


def _treasury(variant: Variant, position: Position) -> list[str]:
    """Every power's treasury, in the powers' order (seed, "Income phase")."""
    return treasury_lines(variant, current(position).treasury)


def _relations(variant: Variant, position: Position) -> list[str]:
    """The declarations in force: wars, alliances, neutrality."""
    rel = current(position).relations
    if rel is None:
        return []
    lines = [f"War: {' and '.join(pair)}." for pair in rel.war]
    lines += [f"Alliance: {join_words(list(group))}." for group in rel.alliances]
    if rel.neutral:
        lines.append(f"Neutral: {join_words(list(rel.neutral))}.")
    return report_block("Declarations in force", lines or ["None: every power is neutral towards every other."])


def _declarations(variant: Variant, position: Position) -> list[str]:
    """The declarations made this turn, in force from the next movement phase."""
    decl = current(position).declarations
    if not decl:
        return []
    lines = [f"{d.power}: {d.kind}" + (f" ({', '.join(d.targets)})" if d.targets else "") + "." for d in decl]
    return report_block("Declarations made, in force from the next movement phase", lines)


def _transfers(variant: Variant, position: Position) -> list[str]:
    """The transfers of control announced, in effect in the Winter."""
    transfers = current(position).transfers
    if not transfers:
        return []
    return report_block("Transfers of control announced (in effect in the Winter)",
                        [f"{place_name(variant, p)} to {who}." for p, who in sorted(transfers.items())])


def _revolts(variant: Variant, position: Position) -> list[str]:
    """The provinces in revolt, against whom, and for how many movement phases more."""
    revolts = current(position).revolts
    if not revolts:
        return []
    lines = [f"{place_name(variant, prov)}: in revolt against {r.power}, {amount(r.left)} movement phase(s) left."
             for prov, r in sorted(revolts.items())]
    return report_block("Revolts", lines)


SECTIONS = (_influence, _infs_left, _treasury, _relations, _declarations, _transfers, _revolts)
