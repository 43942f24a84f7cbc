"""Europe 1615's money and influence (seed 002, "Income phase", "Adding a unit for a power",
"Adding a unit for a minor state", "Influence and placement", "Sanctions", "The diplomatic
attack"; the clarifications and errata of 3-1-2015 [B], 3-5-2015, 3-8-2015 [5] and 4-5-2015).

- income: what each power receives on entering the Winter Income and Build phase
  (:func:`income`);
- the Winter Income and Build phase (:func:`winter_income`): INFs and units bought by the
  powers, units added by the minor states;
- influence (:func:`influence`): INFs placed where a power may influence
  (:func:`may_influence`, within the sanctions), then diplomatic attacks.

The reconstructed tables (prices, the Military Cost Table, the Influence Progression Table) are
:mod:`.tables`. Imports :mod:`.tables`, :mod:`.position_state` and :mod:`.state`;
:mod:`.rules` imports it.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Mapping, Sequence, cast

from ...core.errors import IllegalOrder, OrderError
from ...core.legality import check_adjustment_order, name
from ...core.orders import Build, Order
from ...core.phases import PhaseResult
from ...core.resolution import Outcome, Resolution
from ...core.types import Location, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from .position_state import Europe1615State
from .state import (
    BuyInfluence, DiplomaticAttack, PlaceInfluence, active_states, build_cost, controlled, current, influence_left,
    kept, placed_in, state_status, treasuries,
)
from .tables import _index

__all__ = ["income", "winter_income", "influence", "may_influence"]


# -- income (seed, "Income phase") ---------------------------------------------------------------------


def income(variant: Variant, position: Position) -> dict[Power, int]:
    """Seed, "Income phase": each power receives the Income Map value of its home centres
    and controlled centres and paying provinces; a revolting province pays nothing (seed,
    "Religious rebellion"); Islamic states pay nothing (their value is 0). Minor states
    keep no treasury, so errata 4-5-2015 (no minor income from revolting centres) holds of
    itself."""
    idx = _index(variant)
    st = current(position)
    revolts = st.revolts or {}
    out = {p: 0 for p in idx.majors}
    held = list(position.supply_centers.items()) + list((st.control or {}).items())
    for prov, owner in held:
        if owner in out and prov not in revolts:
            out[Power(owner)] += idx.income.get(prov, 0)
    return out


# -- the Winter Income and Build phase: purchases and the minor states' builds ---------------------------


def winter_income(variant: Variant, position: Position, orders: Sequence[Order], options: Mapping[str, Any]) -> PhaseResult:
    """The Winter Income and Build Phase (income is paid on entering it, by
    :meth:`.rules.Europe1615Rules._advance`), in steps: INFs bought (:func:`_influence_bought`);
    units bought by the powers (:func:`_unit_bought`); units added by the minor states
    (:func:`_minor_builds`), whose aligned power may choose where and which kind by a Build
    order there."""
    idx = _index(variant)
    money = treasuries(variant, position)
    units = list(position.units)
    results: list[Resolution] = []
    bought: dict[str, int] = {}
    infs_bought = dict(current(position).influence_bought or {})
    minor_orders: dict[str, list[Build]] = {}
    for o in orders:
        if isinstance(o, BuyInfluence):
            results.append(_influence_bought(variant, o, money, infs_bought))
            continue
        if not isinstance(o, Build):
            results.append(Resolution(o.power, o, Outcome.ILLEGAL, "only purchases (Build, Buy N INF) in the Winter Income and Build phase; not followed"))
            continue
        minor = position.supply_centers.get(o.location.province)
        if (minor in idx.minors and o.location.province in (idx.states.get(minor) or {}).get("homes", ())
                and state_status(variant, position, minor) == o.power):
            minor_orders.setdefault(minor, []).append(o)
            continue
        results.append(_unit_bought(variant, position, o, money, units, bought, options))
    notes: list[str] = []
    results += _minor_builds(variant, position, units, minor_orders, notes, options)
    st = dataclasses.replace(current(position), treasury=kept(money),
                             influence_bought=dict(sorted(infs_bought.items())) if infs_bought else current(position).influence_bought)
    nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units), state=st)
    return PhaseResult(position, tuple(results), nxt, notes=tuple(notes))


def _influence_bought(variant: Variant, o: BuyInfluence, money: dict[Power, Fraction],
                      infs_bought: dict[Power, int]) -> Resolution:
    """Seed, "Influence and placement": INFs are bought in the Winter Income, at the
    reconstructed ``influence_purchase`` price, not below the floor, for next year."""
    idx = _index(variant)
    p = o.power
    cost = idx.inf_price * o.amount
    if p not in idx.majors or o.amount <= 0:
        return Resolution(p, o, Outcome.ILLEGAL, "a power buys at least one INF; not followed")
    if money[p] - cost < idx.floor:
        return Resolution(p, o, Outcome.ILLEGAL,
                          f"{o.amount} INF(s) cost {float(cost):g} and would leave less than {idx.floor} in the treasury; not followed")
    money[p] -= cost
    infs_bought[p] = infs_bought.get(p, 0) + o.amount
    return Resolution(p, o, Outcome.SUCCESS, f"bought for {float(cost):g}, to place next year; treasury {float(money[p]):g}")


def _unit_bought(variant: Variant, position: Position, o: Build, money: dict[Power, Fraction],
                 units: list[Unit], bought: dict[str, int], options: Mapping[str, Any]) -> Resolution:
    """Seed, "Adding a unit for a power": a unit costs the Military Cost Table's percentage
    of the treasury at the power's present size, needs a vacant home centre the power
    controls, may not leave less than 25 in the treasury, and no power has more than 15
    units; errata 3-5-2015: one purchase per phase (option ``one_build_per_phase``)."""
    idx = _index(variant)
    limit = 1 if options.get("one_build_per_phase", True) else 3
    prov = o.location.province
    try:
        b = cast(Build, check_adjustment_order(variant.board, position, o))  # a build comes back a build
        p = b.power
        if p not in idx.majors:
            raise IllegalOrder("a minor state does not buy units")
        if prov not in variant.homes(p):
            raise IllegalOrder(f"{name(variant.board, prov)} is not a home centre of {p}")
        if position.supply_centers.get(prov) != p:
            raise IllegalOrder(f"{p} does not control {name(variant.board, prov)}")
        if any(u.province == prov for u in units):
            raise IllegalOrder(f"{name(variant.board, prov)} is occupied")
        if bought.get(p, 0) >= limit:
            raise IllegalOrder("one purchase per Winter Income and Build phase (errata 3-5-2015)" if limit == 1 else f"at most {limit} purchases a phase")
        size = sum(1 for u in units if u.power == p)
        if size >= idx.max_units:
            raise IllegalOrder(f"no power may have more than {idx.max_units} units")
        cost = build_cost(variant, size, money[p])
        if money[p] - cost < idx.floor:
            raise IllegalOrder(f"the unit would cost {float(cost):g} and leave less than {idx.floor} in the treasury")
    except OrderError as exc:
        return Resolution(o.power, o, Outcome.ILLEGAL, f"{exc.message}; not followed")
    money[p] -= cost
    bought[p] = bought.get(p, 0) + 1
    units.append(Unit(p, b.kind, b.location))
    return Resolution(p, b, Outcome.SUCCESS, f"bought for {float(cost):g}; treasury {float(money[p]):g}")


def _minor_builds(variant: Variant, position: Position, units: list[Unit],
                  orders: Mapping[str, list[Build]], notes: list[str], options: Mapping[str, Any]) -> list[Resolution]:
    """Seed, "Adding a unit for a minor state" (see :func:`winter_income`); ``units`` is
    updated in place: each minor state with room adds the units ordered for it (a controlling
    power's builds), then units of its own on its capital and home centres."""
    idx = _index(variant)
    out: list[Resolution] = []
    for sid in sorted(set(active_states(variant, position)) | set(orders)):
        if sid not in idx.minors:
            continue
        s = idx.states[sid]
        room = _minor_room(position, units, sid, s, options)
        occupied = {u.province for u in units}
        room = _ordered_minor_builds(variant, position, units, occupied, sid, orders.get(sid, []), room, out)
        _own_minor_builds(variant, position, units, occupied, sid, s, room, notes)
    return out


def _minor_room(position: Position, units: list[Unit], sid: str, s: dict, options: Mapping[str, Any]) -> int:
    """How many units minor state ``sid`` may add: its centres less its units, and (the
    ``minor_builds`` option's default, ``foreign_centres``) no more than the centres it holds
    beyond its homes."""
    centres = [c for c, o in position.supply_centers.items() if o == sid]
    room = len(centres) - sum(1 for u in units if u.power == sid)
    if options.get("minor_builds", "foreign_centres") == "foreign_centres":
        foreign = [c for c in centres if c not in (s.get("homes") or ())]
        room = min(room, len(foreign))
    return room


def _ordered_minor_builds(variant: Variant, position: Position, units: list[Unit], occupied: set[ProvinceId],
                          sid: str, builds: list[Build], room: int, out: list[Resolution]) -> int:
    """The units ordered for minor state ``sid`` by the power controlling it, while it has
    ``room`` (their resolutions added to ``out``, the units to ``units`` and ``occupied``); the
    room left."""
    for o in builds:
        prov = o.location.province
        if room <= 0:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{sid} has no unit to add; not followed"))
            continue
        if prov in occupied:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{name(variant.board, prov)} is occupied; not followed"))
            continue
        try:
            check_adjustment_order(variant.board, position.evolve(units=tuple(units)), Build(Power(sid), o.kind, o.location))
        except OrderError as exc:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{exc.message}; not followed"))
            continue
        units.append(Unit(Power(sid), o.kind, o.location))
        occupied.add(prov)
        room -= 1
        out.append(Resolution(o.power, o, Outcome.SUCCESS, f"{sid} adds this unit"))
    return room


def _own_minor_builds(variant: Variant, position: Position, units: list[Unit], occupied: set[ProvinceId],
                      sid: str, s: dict, room: int, notes: list[str]) -> None:
    """Minor state ``sid``'s own units, while it has ``room``: on its capital, then its home
    centres, that it holds and that are free, each of the kind it starts with there (an army
    where a fleet cannot stand); a note for each."""
    sites = [h for h in ([s.get("capital")] + list(s.get("homes") or ())) if h and position.supply_centers.get(h) == sid]
    for prov in dict.fromkeys(sites):
        if room <= 0:
            break
        if prov in occupied:
            continue
        start = next((str(u).split()[0] for u in s.get("units") or () if str(u).split()[1].split("/")[0] == prov), "A")
        kind = UnitType(start)
        if not variant.board.can_stand(kind, Location(ProvinceId(prov))):
            kind = UnitType.ARMY
        units.append(Unit(Power(sid), kind, Location(ProvinceId(prov))))
        occupied.add(prov)
        room -= 1
        notes.append(f"{sid} adds a {kind.noun} in {name(variant.board, ProvinceId(prov))} for the centres it controls.")


# -- influence: placements and diplomatic attacks, within the sanctions --------------------------------


def influence(variant: Variant, position: Position, orders: Sequence[Order],
              st: Europe1615State, options: Mapping[str, Any]) -> tuple[list[Resolution], Europe1615State]:
    """Placement (:func:`_placements`), then diplomatic attacks (:func:`_diplomatic_attacks`),
    on the INFs after the phase (eliminations); errata 3-8-2015 [5]: declarations restrict
    neither placements nor attacks."""
    left = influence_left(variant, position)
    infs = {s: dict(d) for s, d in placed_in(st).items()}
    out = _placements(variant, position, orders, left, infs)
    out += _diplomatic_attacks(variant, position, orders, infs, options)
    infs_after = {s: {p: n for p, n in sorted(d.items()) if n > 0} for s, d in sorted(infs.items()) if any(d.values())}
    return out, dataclasses.replace(st, infs=infs_after, influence=left)


def _placements(variant: Variant, position: Position, orders: Sequence[Order], left: dict[Power, int],
                infs: dict[str, dict[str, int]]) -> list[Resolution]:
    """Seed, "Influence and placement": a power places INFs, up to the year's allotment, in
    the pliant minor states it may influence (:func:`may_influence`)."""
    idx = _index(variant)
    out: list[Resolution] = []
    for o in orders:
        if not isinstance(o, PlaceInfluence):
            continue
        if o.power not in idx.majors:
            why: str | None = "only a power places INFs"
        elif o.amount <= 0:
            why = "place at least one INF"
        elif o.amount > left[o.power]:
            why = f"only {left[o.power]} INF(s) left to place this year"
        else:
            why = may_influence(variant, position, o.power, o.state)
        if why:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
            continue
        left[o.power] -= o.amount
        infs.setdefault(o.state, {})
        infs[o.state][o.power] = infs[o.state].get(o.power, 0) + o.amount
        out.append(Resolution(o.power, o, Outcome.SUCCESS, f"placed; {left[o.power]} left this year"))
    return out


def may_influence(variant: Variant, position: Position, power: str, state: str) -> str | None:
    """Why ``power`` may not place INFs in ``state`` now, or None (seed, "Sanctions";
    "Securing control": a controlled state cannot be influenced)."""
    idx = _index(variant)
    s = idx.states.get(state)
    if s is None or not s.get("pliant", True):
        return f"{state} is not a pliant minor state"
    if state not in active_states(variant, position):
        return f"{s.get('name', state)} is not a state in this game now"
    if s.get("active") is False and state not in (current(position).activated or ()):
        return f"{s.get('name', state)} cannot be influenced yet (Maghreb states)"
    for rule in (variant.data.get("sanctions") or {}).get("optional") or ():
        if rule.get("secedes") == state and rule.get("only") and idx.confession.get(Power(power)) != rule["only"]:
            return f"sanction {rule['id']}: only {rule['only']} powers may place INFs in {state}"
    if controlled(variant, position, state):
        return f"{s.get('name', state)} is controlled by a power and cannot be influenced"
    return _sanction_refusal(variant, position, power, state)


def _sanction_refusal(variant: Variant, position: Position, power: str, state: str) -> str | None:
    """Seed, "Sanctions": the restrictions in force this year on where ``power`` may place
    INFs (by confession or by power; some for a year only, some from a year on)."""
    idx = _index(variant)
    year = position.phase.year
    conf = idx.confession.get(Power(power))
    for rule in idx.sanctions:
        if ("years" in rule and year not in rule["years"]) or ("from_year" in rule and year < int(rule["from_year"])):
            continue
        who = rule.get("who")
        hit = who == conf or (isinstance(who, list) and power in who)
        if hit and state in (rule.get("may_not_influence") or ()):
            return f"sanction {rule['id']}: {power} may not place INFs in {state}"
        if rule.get("state") == state and "only" in rule:
            only = rule["only"]
            ok = only == conf if isinstance(only, str) else power in only
            if not ok:
                return f"sanction {rule['id']}: only {only if isinstance(only, str) else ', '.join(only)} may place INFs in {state}"
    return None


def _diplomatic_attacks(variant: Variant, position: Position, orders: Sequence[Order],
                        infs: dict[str, dict[str, int]], options: Mapping[str, Any]) -> list[Resolution]:
    """Seed, "The diplomatic attack": one per power a phase, in a state where it has INFs,
    against a power with INFs there; mutual reduction; several in one state in the stated
    order of powers; none in a controlled state (errata 3-1-2015 [B], an option)."""
    idx = _index(variant)
    out: list[Resolution] = []
    attacks: dict[str, list[DiplomaticAttack]] = {}
    seen: set[str] = set()
    for o in orders:
        if not isinstance(o, DiplomaticAttack):
            continue
        why = None
        if o.power not in idx.majors:
            why = "only a power makes a diplomatic attack"
        elif o.power in seen:
            why = "one diplomatic attack a phase"
        elif o.target == o.power:
            why = "a power cannot attack itself"
        elif controlled(variant, position, o.state) and not options.get("diplomatic_attack_in_controlled_state", False):
            why = "no diplomatic attack in a controlled state (errata 3-1-2015 [B])"
        elif not (infs.get(o.state) or {}).get(o.power):
            why = f"{o.power} has no INFs in {o.state}"
        if why:
            out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
            continue
        seen.add(o.power)
        attacks.setdefault(o.state, []).append(o)
    rank = {p: i for i, p in enumerate(idx.attack_order)}
    for state, lst in attacks.items():
        for o in sorted(lst, key=lambda a: rank.get(Power(a.power), 99)):
            d = infs.setdefault(state, {})
            mine, theirs = d.get(o.power, 0), d.get(o.target, 0)
            if mine == 0 or theirs == 0:
                out.append(Resolution(o.power, o, Outcome.FAILURE, f"no INFs of {o.power if mine == 0 else o.target} left in {state} to attack"))
                continue
            cut = min(mine, theirs)
            d[o.power], d[o.target] = mine - cut, theirs - cut
            out.append(Resolution(o.power, o, Outcome.SUCCESS, f"both lose {cut} INF(s) in {state}"))
    return out
