"""Europe 1615's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (see :func:`judge.reports.state_report`): the influence table with each minor state's
status (seed 002: "the referee will report to the players the statuses of the minor states,
presented in a table"), the INFs left to place, treasuries, the declarations in force and those
made, transfers of control and revolts."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.types import Position
from ...core.variant import Variant
from ...reports import (amount, in_power_order, join_words, place_name, report_block, rules_function, state_name,
                        treasury_section, wrap_list)


def _status_words(status: str) -> str:
    """A minor state's status as the table says it."""
    if status in ("unaligned", "neutral"):
        return status
    if status == "controlled":
        return "controlled (its INFs suspended)"
    return f"aligned to {status}" if status else ""


def _status(variant: Variant, position: Position, state: str) -> str:
    """A minor state's status from the rules' ``state_status`` (empty when it cannot be told)."""
    state_status = rules_function(variant, "state_status")
    try:
        return str(state_status(variant, position, state)) if state_status else ""
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


def _influence(variant: Variant, position: Position) -> list[str]:
    """The influence table: each minor state with INFs placed, who placed how many (most first)
    and the state's status."""
    infs = (position.extra or {}).get("infs")
    if not isinstance(infs, Mapping):
        return []
    rows = []
    for st in sorted(infs):
        d: Mapping[Any, Any] = infs[st] if isinstance(infs[st], Mapping) else {}
        placed = [(p, n) for p, n in d.items() if n]
        if not placed:
            continue
        word = _status_words(_status(variant, position, str(st)))
        who = ", ".join(f"{p} {amount(n)}" for p, n in sorted(placed, key=lambda kv: (-float(kv[1]), str(kv[0]))))
        rows.append((state_name(variant, str(st)) + f" ({st})", who, word))
    if not rows:
        return []
    w1 = max(len(r[0]) for r in rows)
    w2 = max(len(r[1]) for r in rows)
    lines = [f"{a:<{w1}}  {b:<{w2}}  {c}".rstrip() for a, b, c in rows]
    lines.append("Every other minor state is unaligned.")
    return report_block("Influence placed (INFs) and the status of the minor states", lines)


def _infs_left(variant: Variant, position: Position) -> list[str]:
    """The INFs each power still has to place (shown with the influence table)."""
    ex = position.extra or {}
    left = ex.get("influence")
    if not isinstance(ex.get("infs"), Mapping) or not isinstance(left, Mapping) or not left:
        return []
    return wrap_list("INFs left", [f"{p} {amount(left[p])}" for p in in_power_order(variant, left)], 78) + [""]


def _relations(variant: Variant, position: Position) -> list[str]:
    """The declarations in force: wars, alliances, neutrality."""
    rel = (position.extra or {}).get("relations")
    if not isinstance(rel, Mapping):
        return []
    lines = [f"War: {' and '.join(str(p) for p in pair)}." for pair in rel.get("war") or []]
    lines += [f"Alliance: {join_words([str(p) for p in group])}." for group in rel.get("alliances") or []]
    if rel.get("neutral"):
        lines.append(f"Neutral: {join_words([str(p) for p in rel['neutral']])}.")
    return report_block("Declarations in force", lines or ["None: every power is neutral towards every other."])


def _declarations(variant: Variant, position: Position) -> list[str]:
    """The declarations made this turn, in force from the next movement phase."""
    decl = (position.extra or {}).get("declarations")
    if not isinstance(decl, (list, tuple)) or not decl:
        return []
    lines = []
    for d in decl:
        if isinstance(d, Mapping):
            targets = d.get("targets") or []
            targets = targets if isinstance(targets, (list, tuple)) else [targets]
            lines.append(f"{d.get('power', '?')}: {d.get('kind', 'declaration')}"
                         + (f" ({', '.join(str(t) for t in targets)})" if targets else "") + ".")
    return report_block("Declarations made, in force from the next movement phase", lines)


def _transfers(variant: Variant, position: Position) -> list[str]:
    """The transfers of control announced, in effect in the Winter."""
    transfers = (position.extra or {}).get("transfers")
    if not isinstance(transfers, Mapping) or not transfers:
        return []
    return report_block("Transfers of control announced (in effect in the Winter)",
                        [f"{place_name(variant, str(p))} to {who}." for p, who in sorted(transfers.items())])


def _revolts(variant: Variant, position: Position) -> list[str]:
    """The provinces in revolt, against whom, and for how many movement phases more."""
    revolts = (position.extra or {}).get("revolts")
    if not isinstance(revolts, Mapping) or not revolts:
        return []
    lines = []
    for prov, rec in sorted(revolts.items()):
        rec = rec if isinstance(rec, Mapping) else {}
        left_n = rec.get("left")
        lines.append(f"{place_name(variant, str(prov))}: in revolt against {rec.get('power', '?')}"
                     + (f", {amount(left_n)} movement phase(s) left" if left_n is not None else "") + ".")
    return report_block("Revolts", lines)


SECTIONS = (_influence, _infs_left, treasury_section, _relations, _declarations, _transfers, _revolts)
