"""After a campaign's moves and retreats (rules §Sequence of play and order resolution 1.2-1.3):
rebellions put down or liberated; after Spring, units in famine areas die, the famine ends and the
plague strikes; after Fall, storms sink fleets and the next famine is rolled.

The disasters' tables are ``variants/machiavelli/variant.yaml``'s ``famine``, ``plague``, ``storms``
and ``disaster_severity``; every die comes from :func:`~.state.dice` (the campaign's verifiable
seed, see :mod:`judge.dice`).

Imports :mod:`.state` and :mod:`.money`; :mod:`.campaign` imports it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Collection, Mapping, Sequence

from ...core.types import Phase, Position, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from ...dice import Dice
from .money import _opt
from .state import Campaign, Rebellion, dice, state_of, with_money

__all__ = ["after_campaign"]


def _strike(variant: Variant, table: Mapping[Any, Sequence[Any]], roll: Dice) -> tuple[list[str], str]:
    """A disaster roll (rules §Famine): 2d6 for severity, then 2d6 for the row and 2d6 for the
    column; the areas of the struck row and/or column, and the dice as words."""
    data = variant.data
    bands = data.get("disaster_severity_original") if variant.rules.options.get("disaster_severity") == "original" \
        else data.get("disaster_severity")
    bands = bands or {}
    severity = roll.d6() + roll.d6()
    row = roll.d6() + roll.d6()
    col = roll.d6() + roll.d6()
    rows = {int(k): v for k, v in table.items()}
    struck: set[str] = set()
    which = next((k for k, v in bands.items() if severity in v), "none")
    if which in ("row", "row_and_column"):
        struck |= {a for a in rows.get(row, []) if a}
    if which in ("column", "row_and_column"):
        struck |= {r[col - 2] for r in rows.values() if len(r) > col - 2 and r[col - 2]}
    words = {"none": "nothing", "row": "a row", "column": "a column", "row_and_column": "a row and a column"}[which]
    return sorted(str(a) for a in struck), f"severity {severity} ({words}), row {row}, column {col}"


def after_campaign(variant: Variant, position: Position, played: Phase, campaign: Campaign
                   ) -> tuple[Position, list[Unit], list[str]]:
    """The steps after a campaign's moves and retreats (rules §Sequence of play and order
    resolution 1.2-1.3 f-l): rebellions liberated or put down; after Spring, units in famine
    areas die, famine ends and the plague strikes; after Fall, storms sink fleets and the next
    famine is rolled.

    ``campaign``: the provinces whose army or fleet held this campaign (a hold by an
    assassinated ruler's unit puts nothing down), the rulers assassinated, the areas each power
    entered. ``played``: the campaign's movement phase, whose seed the disasters' dice come from."""
    st = state_of(position)
    after = _Aftermath(variant, position, position.evolve(phase=played), {str(a): r for a, r in (st.rebellions or {}).items()},
                       sorted(st.famine or ()),
                       list(position.units))
    _rebellions_end(after, campaign)
    if played.season == "Spring":
        _famine_strikes(after)
        _plague(after)
    if played.season == "Fall":
        _storms(after)
        _next_famine(after)
    pos = after.position.evolve(units=tuple(after.units))
    money = state_of(pos).replace(rebellions={ProvinceId(a): r for a, r in after.rebellions.items()},
                                  famine=tuple(ProvinceId(a) for a in after.famine))
    return with_money(pos, money, variant), after.lost, after.notes


@dataclass
class _Aftermath:
    """The end of a campaign at work: the position (``rolled``: as of the campaign's movement,
    for its dice), the rebellions and famine, the units left, lost, and the notes."""

    variant: Variant
    position: Position
    rolled: Position
    rebellions: dict[str, Rebellion]
    famine: list[str]
    units: list[Unit]
    lost: list[Unit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def kill(self, unit: Unit, note: str) -> None:
        self.units.remove(unit)
        self.lost.append(unit)
        self.notes.append(note)

    def name(self, area: str) -> str:
        return self.variant.board.provinces[ProvinceId(area)].name


def _rebellions_end(after: _Aftermath, campaign: Campaign) -> None:
    """rules §Effects of rebellions 8: a power it is not against liberates a rebellion "upon
    entering (*including retreats*) a rebelling city or province" (8.3: a unit of another power
    standing there since before, a garrison in the city, or one bought from a third power, frees
    nothing; a bought unit of the power it is against frees it at once, 8.4, in the bribe); the
    power it is against puts it down by holding there for a campaign (8.2); a rebellion in the
    city as well is put down only by a siege (8.1): its province is marked."""
    rebellions = after.rebellions
    for area, reb in sorted(rebellions.items()):
        here = [u for u in after.units if u.province == area]
        if any(p != reb.against for p in campaign.entered.get(ProvinceId(area), ())):
            rebellions.pop(area)
            after.notes.append(f"The rebellion in {after.name(area)} is liberated.")
        elif ProvinceId(area) in campaign.held and reb.against not in campaign.victims and any(
                u.power == reb.against and u.kind is not UnitType.GARRISON for u in here):
            if reb.city:
                rebellions[area] = dataclasses.replace(reb, province_down=True)
            else:
                rebellions.pop(area)
                after.notes.append(f"{reb.against} puts down the rebellion in {after.name(area)}.")


def _famine_strikes(after: _Aftermath) -> None:
    """rules §Famine a): "Any unit in a famined province at the end of the spring movement is
    eliminated. This includes garrison units" (autonomous ones too, as in njudge); control does
    not change (c). A siege of a starved garrison ends; the famine ends (b)."""
    if after.famine:
        _all_die(after, after.famine, "Famine", "starves")
    after.famine = []


def _plague(after: _Aftermath) -> None:
    """rules §Sequence of play for movement phases 1 (option ``plague``, with the Summer
    campaign and dice): "all units in the plagued provinces (and cities) are eliminated", the
    autonomous garrisons with them (units "not owned by any player", §Autonomous garrisons)."""
    variant = after.variant
    if not (_opt(variant, "dice") and _opt(variant, "plague", False) and _opt(variant, "summer")):
        return
    struck, how = _strike(variant, variant.data.get("plague") or {}, dice(after.rolled, "plague"))
    after.notes.append(f"Plague roll: {how}; struck: {', '.join(struck) or 'nowhere'}.")
    _all_die(after, struck, "Plague", "dies")


def _all_die(after: _Aftermath, areas: Collection[str], cause: str, verb: str) -> None:
    """Every unit in ``areas`` dies, the autonomous garrisons too; a siege of a garrison that
    died lapses (rules §Sieges 1: "If the garrison is eliminated (whatever the cause)")."""
    for u in list(after.units):
        if u.province in areas:
            after.kill(u, f"{cause}: {u.power}'s {u.kind.noun} in {after.name(u.province)} {verb}.")
    st = state_of(after.position)
    dead = sorted(set(st.autonomous or ()) & set(areas))
    if dead:
        st = st.replace(autonomous=tuple(sorted(set(st.autonomous or ()) - set(dead))))
        after.notes += [f"{cause}: the autonomous garrison in {after.name(c)} {verb}." for c in dead]
    gone = {u.province for u in after.lost if u.kind is UnitType.GARRISON} | set(dead)
    if gone & set(st.sieges or {}):
        st = st.replace(sieges={c: s for c, s in (st.sieges or {}).items() if c not in gone})
    after.position = after.position.evolve(state=st)


def _storms(after: _Aftermath) -> None:
    """rules §Storms (option ``storms``, with dice): after Fall, every fleet in a struck sea
    area sinks."""
    variant = after.variant
    if not (_opt(variant, "dice") and _opt(variant, "storms", False)):
        return
    struck, how = _strike(variant, variant.data.get("storms") or {}, dice(after.rolled, "storms"))
    after.notes.append(f"Storm roll: {how}; struck: {', '.join(struck) or 'nowhere'}.")
    for u in list(after.units):
        if u.province in struck and u.kind is UnitType.FLEET:
            after.kill(u, f"Storm: {u.power}'s fleet in {after.name(u.province)} sinks.")


def _next_famine(after: _Aftermath) -> None:
    """rules §Famine (option ``famine``, with dice): after Fall, the areas struck by famine until
    the end of the next Spring."""
    variant = after.variant
    if not (_opt(variant, "dice") and _opt(variant, "famine")):
        return
    struck, how = _strike(variant, variant.data.get("famine") or {}, dice(after.rolled, "famine"))
    after.famine = struck
    after.notes.append(f"Famine roll: {how}; struck: {', '.join(struck) or 'nowhere'}.")
