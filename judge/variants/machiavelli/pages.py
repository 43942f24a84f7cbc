"""Machiavelli's own sections of the game and phase pages (named by its description; see
:mod:`judge.site.state_sections`), each read from the typed state
(:class:`~.state.MachiavelliState`)."""

from __future__ import annotations

from markupsafe import Markup

from ...core.types import Position
from ...core.variant import Variant
from ...site.context import StateSection
from ...site.escape import md_escape
from ...site.state_sections import treasury_section, names, num, place, power_rank, table
from .state import PowerIncome, state_of


def _treasury(variant: Variant, position: Position) -> StateSection | None:
    """Every power's ducats (seed 001); also the game page's treasury chart."""
    return treasury_section(variant, state_of(position).treasury)


def _income(variant: Variant, position: Position) -> StateSection | None:
    """The last income paid, by source (seed 001: provinces, cities, seas, variable income with
    its dice, total)."""
    inc = state_of(position).income
    if not inc:
        return None
    sources = PowerIncome.SOURCES
    has_dice = any(rec.dice for rec in inc.values())
    head = ["Power", *[s.replace("_", " ").capitalize() for s in sources]] + (["Dice"] if has_dice else []) + ["Total"]
    rows = []
    for p, rec in sorted(inc.items(), key=lambda kv: power_rank(variant)(kv[0])):
        row = [md_escape(p), *[num(getattr(rec, s)) for s in sources]]
        if has_dice:
            row.append("; ".join(f"{md_escape(place(variant, k))} {md_escape(', '.join(str(d) for d in v))}"
                                 for k, v in rec.dice.items()))
        row.append(num(rec.total))
        rows.append(row)
    return {"title": "Income by source", "body": table(head, rows)}


def _sieges(variant: Variant, position: Position) -> StateSection | None:
    """The sieges begun (rules §Sieges): the city, the besieger and its unit's province."""
    s = state_of(position).sieges
    if not s:
        return None
    rows = [[md_escape(place(variant, city)), md_escape(rec.by), md_escape(rec.unit)] for city, rec in sorted(s.items())]
    return {"title": "Sieges", "body": table(["City", "Besieged by", "Unit"], rows)}


def _loans(variant: Variant, position: Position) -> StateSection | None:
    """Loans from the bank (principal, interest, when due; rules §Borrowing) and the powers that
    defaulted."""
    st = state_of(position)
    loans = st.loans or {}
    bankrupt = st.bankrupt or ()
    if not loans and not bankrupt:
        return None
    rows = [[md_escape(p), num(loan.principal), num(loan.interest), md_escape(loan.due)]
            for p, ls in sorted(loans.items(), key=lambda kv: power_rank(variant)(kv[0])) for loan in ls]
    body = table(["Power", "Principal", "Interest", "Due"], rows) if rows else Markup("No loans outstanding.")
    if bankrupt:
        body += Markup("\n\nDefaulted (the bank lends them nothing): ") + Markup(", ".join(md_escape(p) for p in bankrupt))
    return {"title": "Loans from the bank", "body": body}


def _troubles(variant: Variant, position: Position) -> StateSection | None:
    """Rebellions (rules §Rebellions) and famine (rules §Famine)."""
    st = state_of(position)
    lines = []
    for area, rec in sorted(st.rebellions_now().items()):
        where = "province and city" if rec.city else "province"
        lines.append(f"{md_escape(place(variant, area))}: rebellion against {md_escape(rec.against)} ({where})")
    if st.famine:
        lines.append("Famine in " + names(variant, list(st.famine)) + " (until the end of the next Spring)")
    if not lines:
        return None
    return {"title": "Rebellions and famine", "body": Markup("\n".join(f"- {line}" for line in lines))}


def _special_units(variant: Variant, position: Position) -> StateSection | None:
    """Special units in play (rules §Special units)."""
    specials = state_of(position).special_units
    if not specials:
        return None
    rows = [[md_escape(p), md_escape(unit), md_escape(str(kind).replace("_", " "))]
            for p, units in sorted(specials.items(), key=lambda kv: power_rank(variant)(kv[0]))
            for unit, kind in sorted(units.items())]
    return {"title": "Special units", "body": table(["Power", "Unit", "Kind"], rows)}


def _chits(variant: Variant, position: Position) -> StateSection | None:
    """Assassination chits held (absent, each power holds one for every other power, rules
    §Assassinations), in a game played with assassinations."""
    chits = state_of(position).chits
    if chits is None and not variant.rules.options.get("assassinations"):
        return None
    if chits is None:
        return {"title": "Assassination chits", "body": Markup("Each power holds one chit for every other power.")}
    rows = [[md_escape(p), ", ".join(md_escape(v) for v in sorted(vs, key=power_rank(variant)))]
            for p, vs in sorted(chits.items(), key=lambda kv: power_rank(variant)(kv[0]))]
    return {"title": "Assassination chits", "body": table(["Power", "Holds chits for"], rows)}


SECTIONS = (_treasury, _income, _sieges, _loans, _troubles, _special_units, _chits,)
"""The sections, in the order the pages show them."""
