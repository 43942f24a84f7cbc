"""Machiavelli's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (see :func:`judge.reports.state_report`): treasuries, the bank's loans and the powers
that defaulted (seed 001, money), assassination chits, rebellions and famine (seed 000)."""

from __future__ import annotations

from typing import Mapping

from ...core.types import Position
from ...core.variant import Variant
from ...reports import amount, in_power_order, join_words, place_name, report_block, treasury_section


def _loans(variant: Variant, position: Position) -> list[str]:
    """Each loan from the bank: what is owed (principal and interest) and when it falls due."""
    loans = (position.extra or {}).get("loans")
    if not isinstance(loans, Mapping):
        return []
    lines = []
    for p in in_power_order(variant, loans):
        for loan in loans[p] if isinstance(loans[p], (list, tuple)) else []:
            if isinstance(loan, Mapping):
                owed = float(loan.get("principal", 0) or 0) + float(loan.get("interest", 0) or 0)
                lines.append(f"{p} owes {amount(owed)} ducats ({amount(loan.get('principal', 0))} borrowed, "
                             f"{amount(loan.get('interest', 0))} interest), due {loan.get('due', '?')}.")
    return report_block("Loans from the bank", lines)


def _bankrupt(variant: Variant, position: Position) -> list[str]:
    """The powers that defaulted on a loan (the bank lends them nothing more)."""
    bankrupt = (position.extra or {}).get("bankrupt")
    if not isinstance(bankrupt, (list, tuple)) or not bankrupt:
        return []
    return report_block("Defaulted on a loan (the bank lends them nothing more)", [", ".join(str(p) for p in bankrupt) + "."])


def _chits(variant: Variant, position: Position) -> list[str]:
    """The assassination chits each power holds (only in a game with assassinations)."""
    ex = position.extra or {}
    if not (variant.rules.options.get("assassinations") or "chits" in ex):
        return []
    chits = ex.get("chits")
    if not isinstance(chits, Mapping):
        return report_block("Assassination chits", ["Each power holds one chit for every other power."])
    return report_block("Assassination chits", [
        f"{p} holds chits for {join_words([str(v) for v in in_power_order(variant, chits[p] or [])]) or 'nobody'}."
        for p in in_power_order(variant, chits)])


def _rebellions(variant: Variant, position: Position) -> list[str]:
    """Each rebellion: where, against whom, and whether it holds the city too."""
    rebellions = (position.extra or {}).get("rebellions")
    if not isinstance(rebellions, Mapping) or not rebellions:
        return []
    lines = []
    for area in sorted(rebellions):
        rec = rebellions[area] if isinstance(rebellions[area], Mapping) else {}
        where = "province and city" if rec.get("city") else "province"
        lines.append(f"{place_name(variant, str(area))}: rebellion against {rec.get('against', '?')} ({where}).")
    return report_block("Rebellions", lines)


def _famine(variant: Variant, position: Position) -> list[str]:
    """The provinces under famine, until the end of the next Spring."""
    famine = (position.extra or {}).get("famine")
    if not isinstance(famine, (list, tuple)) or not famine:
        return []
    return report_block("Famine (until the end of the next Spring)", [join_words([place_name(variant, str(a)) for a in famine]) + "."])


SECTIONS = (treasury_section, _loans, _bankrupt, _chits, _rebellions, _famine)
