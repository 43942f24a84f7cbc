"""Machiavelli's own sections of the game and phase pages (named by its description; the site
writes them as Markdown, see :mod:`judge.sections`), each read from the typed state
(:class:`~.state.MachiavelliState`); and its table of the Winter's adjustments, upkeep paid in
ducats (:func:`upkeep_table`)."""

from __future__ import annotations

from ...core.types import Position, PhaseKind
from ...core.variant import Variant
from ...sections import (
    Items, Section, Table, Text, amount, in_power_order, place_name, place_names, treasury_table,
)
from .state import PowerIncome, state_of


def _treasury(variant: Variant, position: Position) -> Section | None:
    """Every power's ducats (seed 001); also the game page's treasury chart."""
    return treasury_table(variant, state_of(position).treasury)


def _income(variant: Variant, position: Position) -> Section | None:
    """The last income paid, by source (seed 001: provinces, cities, seas, variable income with
    its dice, total)."""
    inc = state_of(position).income
    if not inc:
        return None
    sources = PowerIncome.SOURCES
    has_dice = any(rec.dice for rec in inc.values())
    head = ("Power", *[s.replace("_", " ").capitalize() for s in sources], *(["Dice"] if has_dice else []), "Total")
    rows = []
    for p in in_power_order(variant, inc):
        rec = inc[p]
        row = [str(p), *[amount(getattr(rec, s)) for s in sources]]
        if has_dice:
            row.append("; ".join(f"{place_name(variant, k)} {', '.join(str(d) for d in v)}" for k, v in rec.dice.items()))
        row.append(amount(rec.total))
        rows.append(tuple(row))
    return Section("Income by source", (Table(head, tuple(rows)),))


def _sieges(variant: Variant, position: Position) -> Section | None:
    """The sieges begun (rules §Sieges): the city, the besieger and its unit's province."""
    s = state_of(position).sieges
    if not s:
        return None
    rows = tuple((place_name(variant, city), str(rec.by), str(rec.unit)) for city, rec in sorted(s.items()))
    return Section("Sieges", (Table(("City", "Besieged by", "Unit"), rows),))


def _loans(variant: Variant, position: Position) -> Section | None:
    """Loans from the bank (principal, interest, when due; rules §Borrowing) and the powers that
    defaulted."""
    st = state_of(position)
    loans = st.loans or {}
    bankrupt = st.bankrupt or ()
    if not loans and not bankrupt:
        return None
    rows = tuple((str(p), amount(loan.principal), amount(loan.interest), str(loan.due))
                 for p in in_power_order(variant, loans) for loan in loans[p])
    parts: list[Table | Text] = [Table(("Power", "Principal", "Interest", "Due"), rows) if rows
                                 else Text("No loans outstanding.")]
    if bankrupt:
        parts.append(Text("Defaulted (the bank lends them nothing): " + ", ".join(bankrupt)))
    return Section("Loans from the bank", tuple(parts))


def _troubles(variant: Variant, position: Position) -> Section | None:
    """Rebellions (rules §Rebellions) and famine (rules §Famine)."""
    st = state_of(position)
    lines = []
    for area, rec in sorted(st.rebellions_now().items()):
        where = "province and city" if rec.city else "province"
        lines.append(f"{place_name(variant, area)}: rebellion against {rec.against} ({where})")
    if st.famine:
        lines.append("Famine in " + place_names(variant, st.famine) + " (until the end of the next Spring)")
    if not lines:
        return None
    return Section("Rebellions and famine", (Items(tuple(lines)),))


def _special_units(variant: Variant, position: Position) -> Section | None:
    """Special units in play (rules §Special units)."""
    specials = state_of(position).special_units
    if not specials:
        return None
    rows = tuple((str(p), str(unit), str(kind).replace("_", " "))
                 for p in in_power_order(variant, specials) for unit, kind in sorted(specials[p].items()))
    return Section("Special units", (Table(("Power", "Unit", "Kind"), rows),))


def _chits(variant: Variant, position: Position) -> Section | None:
    """Assassination chits held (absent, each power holds one for every other power, rules
    §Assassinations), in a game played with assassinations."""
    chits = state_of(position).chits
    if chits is None and not variant.rules.options.get("assassinations"):
        return None
    if chits is None:
        return Section("Assassination chits", (Text("Each power holds one chit for every other power."),))
    rows = tuple((str(p), ", ".join(in_power_order(variant, chits[p]))) for p in in_power_order(variant, chits))
    return Section("Assassination chits", (Table(("Power", "Holds chits for"), rows),))


SECTIONS = (_treasury, _income, _sieges, _loans, _troubles, _special_units, _chits,)
"""The sections, in the order the pages show them."""


def upkeep_table(variant: Variant, position: Position) -> Table | None:
    """The Winter adjustment with money (``rules.machiavelli/adjustments-1``, ``adjustments-orders``): every unit,
    garrisons included, is maintained by paying its upkeep or disbanded, and units are bought,
    rather than built by the count of centres; per playable power, its cities, its units and what
    it decides. None in the Basic game (option ``money`` off, ``rules.machiavelli/advanced-basic-1``): the phase
    page's standard table of builds and removals."""
    if PhaseKind.INCOME not in {k for _, k in variant.calendar.steps} or not variant.rules.options.get("money", True):
        return None
    counts = {p: (len(position.centers_of(p)), len(position.units_of(p))) for p, info in variant.powers.items()
              if info.playable}
    rows = tuple((str(p), str(c), str(u), "which units to maintain or disband; what to buy")
                 for p, (c, u) in counts.items() if c or u)
    return Table(("Power", "Cities", "Units (garrisons included)", "To decide"), rows)
