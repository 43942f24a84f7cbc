"""Machiavelli's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (see :func:`judge.reports.state_report`): treasuries, the bank's loans and the powers
that defaulted (seed 001, money), assassination chits, rebellions and famine (seed 000), each
read from the typed state (:class:`~.state.MachiavelliState`)."""

from __future__ import annotations

from ...core.types import Position
from ...core.variant import Variant
from ...reports import treasury_lines, amount, in_power_order, join_words, place_name, report_block
from .state import state_of


def _treasury(variant: Variant, position: Position) -> list[str]:
    """Every power's ducats, in the powers' order."""
    return treasury_lines(variant, state_of(position).treasury)


def _loans(variant: Variant, position: Position) -> list[str]:
    """Each loan from the bank: what is owed (principal and interest) and when it falls due."""
    loans = state_of(position).loans
    if loans is None:
        return []
    lines = [f"{p} owes {amount(loan.owed)} ducats ({amount(loan.principal)} borrowed, "
             f"{amount(loan.interest)} interest), due {loan.due}."
             for p in in_power_order(variant, loans) for loan in loans[p]]
    return report_block("Loans from the bank", lines)


def _bankrupt(variant: Variant, position: Position) -> list[str]:
    """The powers that defaulted on a loan (the bank lends them nothing more)."""
    bankrupt = state_of(position).bankrupt
    if not bankrupt:
        return []
    return report_block("Defaulted on a loan (the bank lends them nothing more)", [", ".join(str(p) for p in bankrupt) + "."])


def _chits(variant: Variant, position: Position) -> list[str]:
    """The assassination chits each power holds (only in a game with assassinations)."""
    chits = state_of(position).chits
    if not (variant.rules.options.get("assassinations") or chits is not None):
        return []
    if chits is None:
        return report_block("Assassination chits", ["Each power holds one chit for every other power."])
    return report_block("Assassination chits", [
        f"{p} holds chits for {join_words([str(v) for v in in_power_order(variant, chits[p])]) or 'nobody'}."
        for p in in_power_order(variant, chits)])


def _rebellions(variant: Variant, position: Position) -> list[str]:
    """Each rebellion: where, against whom, and whether it holds the city too."""
    rebellions = state_of(position).rebellions
    if not rebellions:
        return []
    lines = []
    for area in sorted(rebellions):
        rec = rebellions[area]
        where = "province and city" if rec.city else "province"
        lines.append(f"{place_name(variant, str(area))}: rebellion against {rec.against} ({where}).")
    return report_block("Rebellions", lines)


def _famine(variant: Variant, position: Position) -> list[str]:
    """The provinces under famine, until the end of the next Spring."""
    famine = state_of(position).famine
    if not famine:
        return []
    return report_block("Famine (until the end of the next Spring)", [join_words([place_name(variant, str(a)) for a in famine]) + "."])


SECTIONS = (_treasury, _loans, _bankrupt, _chits, _rebellions, _famine)
