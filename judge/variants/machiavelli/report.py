"""Machiavelli's own state in the plain-text reports (``results.txt``, forum posts), named by its
description (the reports write these sections as text, see :mod:`judge.sections`): treasuries, the
bank's loans and the powers that defaulted (seed 001, money), assassination chits, rebellions and
famine (seed 000), each read from the typed state (:class:`~.state.MachiavelliState`); and the
Winter income, which the phase's notes give, as sentences (:func:`shown_notes`)."""

from __future__ import annotations

from typing import Sequence

from ...core.types import Position
from ...core.variant import Variant
from ...sections import Items, Section, amount, in_power_order, join_words, place_name, treasury_listing
from .income import income_note
from .state import PowerIncome, state_of


def _treasury(variant: Variant, position: Position) -> Section | None:
    """Every power's ducats, in the powers' order."""
    return treasury_listing(variant, state_of(position).treasury)


def _loans(variant: Variant, position: Position) -> Section | None:
    """Each loan from the bank: what is owed (principal and interest) and when it falls due."""
    loans = state_of(position).loans
    if not loans:
        return None
    lines = tuple(f"{p} owes {amount(loan.owed)} ducats ({amount(loan.principal)} borrowed, "
                  f"{amount(loan.interest)} interest), due {loan.due}."
                  for p in in_power_order(variant, loans) for loan in loans[p])
    return Section("Loans from the bank", (Items(lines),))


def _bankrupt(variant: Variant, position: Position) -> Section | None:
    """The powers that defaulted on a loan (the bank lends them nothing more)."""
    bankrupt = state_of(position).bankrupt
    if not bankrupt:
        return None
    return Section("Defaulted on a loan (the bank lends them nothing more)", (Items((", ".join(bankrupt) + ".",)),))


def _chits(variant: Variant, position: Position) -> Section | None:
    """The assassination chits each power holds (only in a game with assassinations)."""
    chits = state_of(position).chits
    if not (variant.rules.options.get("assassinations") or chits is not None):
        return None
    if chits is None:
        return Section("Assassination chits", (Items(("Each power holds one chit for every other power.",)),))
    return Section("Assassination chits", (Items(tuple(
        f"{p} holds chits for {join_words([str(v) for v in in_power_order(variant, chits[p])]) or 'nobody'}."
        for p in in_power_order(variant, chits))),))


def _rebellions(variant: Variant, position: Position) -> Section | None:
    """Each rebellion: where, against whom, and whether it holds the city too."""
    rebellions = state_of(position).rebellions
    if not rebellions:
        return None
    lines = []
    for area in sorted(rebellions):
        rec = rebellions[area]
        where = "province and city" if rec.city else "province"
        lines.append(f"{place_name(variant, str(area))}: rebellion against {rec.against} ({where}).")
    return Section("Rebellions", (Items(tuple(lines)),))


def _famine(variant: Variant, position: Position) -> Section | None:
    """The provinces under famine, until the end of the next Spring."""
    famine = state_of(position).famine
    if not famine:
        return None
    return Section("Famine (until the end of the next Spring)",
                   (Items((join_words([place_name(variant, str(a)) for a in famine]) + ".",)),))


SECTIONS = (_treasury, _loans, _bankrupt, _chits, _rebellions, _famine)
"""The sections, in the order the reports show them."""


def income_sentence(variant: Variant, power: str, rec: PowerIncome) -> str:
    """A power's income as players read it, the dice by home country or city.

    >>> from judge.variants import find_variant
    >>> income_sentence(find_variant("machiavelli"), "Venice", PowerIncome(11, 6, 0, 5, {"Venice": (1, 2)}, 22))
    "Venice receives 22 ducats: 11 for provinces, 6 for cities, 0 for seas and variable income 5 (Venice's dice: 1 and 2)."
    """
    rolls = "; ".join(f"{place_name(variant, home)}'s {'die' if len(dice) == 1 else 'dice'}: "
                      f"{join_words([str(d) for d in dice])}" for home, dice in rec.dice.items())
    return (f"{power} receives {rec.total} ducats: {rec.provinces} for provinces, {rec.cities} for cities, "
            f"{rec.seas} for seas and variable income {rec.variable}" + (f" ({rolls})." if rolls else "."))


def shown_notes(variant: Variant, notes: Sequence[str], after: Position | None) -> tuple[str, ...]:
    """A phase's notes as players read them: each income note (:func:`.income.income_note`) becomes its
    sentence (:func:`income_sentence`), from the income the position after the phase holds (typed,
    :attr:`MachiavelliState.income`); every other note, and every note when that position is not
    known, is shown as recorded."""
    paid = state_of(after).income if after is not None else None
    words = {income_note(p, rec): income_sentence(variant, p, rec) for p, rec in (paid or {}).items()}
    return tuple(words.get(n, n) for n in notes)
