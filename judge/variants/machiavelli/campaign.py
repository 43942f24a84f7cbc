"""The end of a Machiavelli campaign: its misfortunes, the conquest of home countries, the
elimination of powers (seed 001; rules §Control and conquest of home countries, §Player
elimination), and victory (rules §Victory).

A campaign ends after its movement, or after its retreats when there are some; the movement
and retreat phases (:mod:`.movement`) call :func:`end_of_campaign`.
"""

from __future__ import annotations

from ...core.types import Phase, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from .control import home_controller, update_control
from .aftermath import after_campaign
from .special import prune
from .state import AUTONOMOUS, Campaign, MachiavelliState, state_of, with_state

__all__ = ["end_of_campaign", "winner_of"]


def end_of_campaign(variant: Variant, position: Position, played: Phase | None = None,
                    campaign: Campaign | None = None) -> tuple[Position, list[Unit], list[str]]:
    """The steps after a campaign's retreats (rules §Sequence of play and order resolution 1.2-
    1.3): rebellions, famine, plague and storms (:func:`.aftermath.after_campaign`, given what the
    campaign's moves did: ``campaign``), then conquest of home countries (:func:`_conquests`) and
    elimination (:func:`_eliminations`)."""
    pre_lost: list[Unit] = []
    pre_notes: list[str] = []
    if played is not None:
        position, pre_lost, pre_notes = after_campaign(variant, position, played, campaign or Campaign())
        position = update_control(variant, position)
    st = state_of(position)
    st, notes = _conquests(variant, st)
    st, units, lost, more = _eliminations(variant, st, list(position.units))
    out = with_state(position.evolve(units=tuple(units)), st)
    if lost:
        out = update_control(variant, out)
    return prune(out), pre_lost + lost, pre_notes + notes + more


def _conquests(variant: Variant, st: MachiavelliState) -> tuple[MachiavelliState, list[str]]:
    """Seed 001, rules §Control and conquest of home countries: a power controlling all of
    another's home provinces and cities conquers its home country; a conquered home country is
    lost with the last of its provinces and cities."""
    board = variant.board
    pc, cc = st.province_control or {}, st.city_control or {}
    conquered: dict[Power, Power] = dict(st.home_countries or {})
    notes: list[str] = []
    for home in variant.powers:
        areas = list(variant.homes(home))
        owners = {pc.get(a) for a in areas} | {cc.get(a) for a in areas if board.provinces[a].flags.get("city")}
        holder = conquered.get(home)
        if holder is not None and holder not in owners:
            conquered.pop(home)
            notes.append(f"{holder} loses the home country of {home}.")
        if len(owners) == 1:
            (who,) = owners
            if who and who not in (AUTONOMOUS, home) and not st.is_eliminated(who) and who != holder:
                conquered[home] = who
                notes.append(f"{who} conquers the home country of {home}.")
    return st.replace(home_countries=conquered), notes


def _eliminations(variant: Variant, st: MachiavelliState, units: list[Unit]
                  ) -> tuple[MachiavelliState, list[Unit], list[Unit], list[str]]:
    """Seed 001, rules §Player elimination: a power controlling no city in its home countries at
    the end of a campaign is eliminated and its units removed; "all of his provinces and cities
    revert to unowned status" (conquered home countries with them); a garrison of another power
    left in one of them takes its province (§Control 3). The units left, lost, and notes."""
    lost: list[Unit] = []
    notes: list[str] = []
    for power in variant.powers:
        if st.is_eliminated(power) or _holds_a_home_city(variant, st, power):
            continue
        lost += [u for u in units if u.power == power]
        units = [u for u in units if u.power != power]
        notes.append(f"{power} controls no city in its home country and is eliminated.")
        st = _without(st, power)
    return st, units, lost, notes


def _holds_a_home_city(variant: Variant, st: MachiavelliState, power: Power) -> bool:
    """Does ``power`` control a city of a home country it holds (its own, or one conquered)?"""
    board = variant.board
    homes_held = [h for h in variant.powers if home_controller(st, h) == power]
    homes = [a for h in homes_held for a in variant.homes(h) if board.provinces[a].flags.get("city")]
    return any((st.city_control or {}).get(a) == power for a in homes)


def _without(st: MachiavelliState, power: Power) -> MachiavelliState:
    """``st`` with ``power`` eliminated: its provinces, cities and conquered home countries
    revert to unowned status (rules §Player elimination)."""
    return st.replace(
        eliminated=(*(st.eliminated or ()), power),
        province_control={a: who for a, who in (st.province_control or {}).items() if who != power},
        city_control={a: who for a, who in (st.city_control or {}).items() if who != power},
        home_countries={h: who for h, who in (st.home_countries or {}).items() if who != power})


def entered(before: Position, after: Position) -> dict[ProvinceId, tuple[Power, ...]]:
    """The areas each power's units entered between ``before`` and ``after`` (rules §Effects of
    rebellions 8.3: "upon entering (*including retreats*) a rebelling city or province"): a unit
    standing after where its power had no unit of its sort (garrison, or army or fleet) before —
    by a move, a conversion out of or into the city, or a retreat. A unit bought stands where it
    stood: it enters nothing (8.4 has its own rule)."""
    there = {(u.power, u.province, u.kind is UnitType.GARRISON) for u in before.units}
    out: dict[ProvinceId, set[Power]] = {}
    for u in after.units:
        if (u.power, u.province, u.kind is UnitType.GARRISON) not in there:
            out.setdefault(u.province, set()).add(u.power)
    return {a: tuple(sorted(ps)) for a, ps in sorted(out.items())}


def winner_of(variant: Variant, position: Position) -> Power | None:
    """rules §Victory: the one power controlling the goal's cities and home countries
    (:func:`_goal`, :func:`_reaches`). Two at once: nobody (the rules leave a tie to the GM)."""
    need_cities, need_homes, whole = _goal(variant)
    st = state_of(position)
    found = [p for p in variant.powers
             if not st.is_eliminated(p) and _reaches(variant, st, p, need_cities, need_homes, whole)]
    return found[0] if len(found) == 1 else None


def _goal(variant: Variant) -> tuple[int, int, bool]:
    """The cities and home countries a victory needs, and whether a home country counts only with
    all its cities: the Advanced game's ``victory`` (rules §Victory 2: 15 cities, two home
    countries, each counted with one of its cities, "IMPORTANT"); the Basic game's
    ``victory.basic`` (option ``money`` off; §Victory 1: "12 cities and control of one home country
    (HC). You must control all of your HC cities and at least six (6) other cities")."""
    goal = variant.data.get("victory") or {}
    if not variant.rules.options.get("money", True) and goal.get("basic"):
        basic = goal["basic"]
        return int(basic.get("cities", 12)), int(basic.get("home_countries", 1)), True
    return int(goal.get("cities", variant.victory_centres)), int(goal.get("home_countries", 1)), False


def _reaches(variant: Variant, st: MachiavelliState, power: Power, need_cities: int, need_homes: int, whole: bool) -> bool:
    """Does ``power`` control ``need_cities`` cities and ``need_homes`` home countries it holds
    (its own or conquered), each with one of its cities, or all of them (``whole``: the Basic
    game, with six cities besides)?"""
    board = variant.board
    cc = st.city_control or {}
    mine = {ProvinceId(c) for c, p in cc.items() if p == power and board.provinces[ProvinceId(c)].is_supply_center}
    if len(mine) < need_cities:
        return False
    homes = []
    for h in variant.powers:
        cities = {a for a in variant.homes(h) if board.provinces[a].is_supply_center}
        if home_controller(st, h) != power or not cities & mine:
            continue
        if whole and (not cities <= mine or len(mine - cities) < 6):
            continue
        homes.append(h)
    return len(homes) >= need_homes
