"""Machiavelli's adjustment phase: upkeep and builds (rules §Military unit adjustments).

A helper of :mod:`judge.variants.machiavelli` (it defines no ``RULES``). Every unit on the map
costs its upkeep (3 ducats) to stay; a new unit costs as much. Orders: ``Maintain A FLO``,
``Build A FLO`` / ``Build G FLO`` / ``Build F PSA``, ``Disband A FLO`` (or ``Remove``).

Order of play (our choice, the rules giving none): disbands, then the maintain orders in the
order given, then the builds in the order given, each paid while the treasury lasts (one that
cannot be paid fails: a unit not paid for is disbanded). A unit with no order is maintained
after those, while money lasts, nearest to its home country first; the rest are disbanded (the
rules require an order for every unit; a judge with deadlines must decide for the silent).

Build sites (rules §Military unit adjustments a-d, §Control 7): a province of a home country
the power holds, with a city (not a fortress), whose province and city it both controls; one
new unit a province; an army or fleet in the province when no army or fleet stands there, a
garrison in a walled city with no garrison; fleets in port cities only. Under the Lagoon house
rule only a garrison is built in Venice. Special units are not implemented.
"""

from __future__ import annotations

from typing import Sequence

from ...core.orders import Build, Disband, Order, UnitOrder
from ...core.phases import PhaseResult, close_phase
from ...core.resolution import Outcome, Resolution, Tag
from ...core.types import Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from . import rules as M
from . import special


def held_homes(variant: Variant, st: dict, power: Power) -> list[ProvinceId]:
    """Every area of the home countries ``power`` holds (its own, unless conquered, and those it
    has conquered)."""
    out: list[ProvinceId] = []
    for home in variant.powers:
        if M._home_controller(variant, st, home) == power:
            out += list(variant.homes(home))
    return out


def build_problem(variant: Variant, position: Position, st: dict, o: Build, new: set) -> str | None:
    board = variant.board
    prov = o.location.province
    info = board.provinces.get(prov)
    if info is None:
        return "unknown province"
    if prov not in held_homes(variant, st, o.power):
        return f"{info.name} is not in a home country {o.power} holds"
    if not info.flags.get("city"):
        return f"{info.name} has no city"
    if st["province_control"].get(prov) != o.power or st["city_control"].get(prov) != o.power:
        return f"{o.power} does not control both the province and the city of {info.name}"
    if prov in new:
        return f"a new unit is already placed in {info.name}"
    if prov in st["sieges"]:
        return f"{info.name} is under siege"
    from .money import build_blocked

    blocked = build_blocked(position, prov)
    if blocked is not None:
        return f"{info.name} suffers {blocked}: no builds there (rules §Famine, §Effects of rebellions 5.5)"
    if not M._lagoon_rule(variant) and "venice" in info.flags and (position.units_at(prov) or prov in st["autonomous"]):
        return "only one unit may be in Venice (rules §Special mapboard features 5 a)"
    if o.kind is UnitType.GARRISON:
        if not variant.rules.options.get("garrisons", True):
            return "this game has no garrisons"
        if not M.garrisonable(board, prov, variant.rules.options):
            return f"{info.name} is not walled: no garrison"
        if any(u.kind is UnitType.GARRISON for u in position.units_at(prov)) or prov in st["autonomous"]:
            return f"{info.name} already has a garrison"
        return None
    if M.city_province(variant, prov) != prov:
        return "under the Lagoon house rule only a garrison is built in Venice"
    if o.kind is UnitType.FLEET and "port" not in info.flags:
        return f"{info.name} is not a port"
    if not board.can_stand(o.kind, o.location):
        return f"a {o.kind.noun} cannot stand in {info.name}"
    if position.unit_in(prov) is not None:
        return f"an army or fleet already stands in {info.name}"
    return None


def _find(position: Position, o: UnitOrder) -> Unit | None:
    here = [u for u in position.units_at(o.location.province) if u.power == o.power]
    exact = [u for u in here if u.kind is o.kind]
    if len(exact) == 1:
        return exact[0]
    field = [u for u in here if u.kind is not UnitType.GARRISON]
    if o.kind is not UnitType.GARRISON and len(field) == 1:
        return field[0]
    return None


def play_adjustment(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    board = variant.board
    st = M.state(position)
    upkeep = int((variant.data.get("units") or {}).get("upkeep", 3))
    limit = int((variant.data.get("units") or {}).get("special_limit", 1))
    treasury = dict(st["treasury"])
    results: list[Resolution | None] = [None] * len(orders)
    fate: dict[Unit, str] = {}  # unit -> "kept" / "disbanded"
    units = list(position.units)
    built: list[Unit] = []
    new: set = set()
    lost: list[Unit] = []

    specials = special.table(variant)
    new_specials: dict[str, dict[str, str]] = {}

    def cost_of(u: Unit | None, kind: str | None = None) -> int:
        """Upkeep of a unit (or a new one of ``kind``): 3, a special unit's own cost."""
        kind = kind or (special.special_of(position, u) if u is not None else None)
        return int((specials.get(kind) or {}).get("cost", upkeep)) if kind else upkeep

    def pay(power: Power, amount: int | None = None) -> bool:
        amount = upkeep if amount is None else amount
        if treasury.get(power, 0) >= amount:
            treasury[power] = treasury.get(power, 0) - amount
            return True
        return False

    # Disbands, then maintains, then builds.
    for rank in (0, 1, 2):
        for idx, o in enumerate(orders):
            is_disband = isinstance(o, Disband)
            is_maintain = isinstance(o, M.Maintain)
            is_build = isinstance(o, Build)
            if (rank, is_disband, is_maintain, is_build) not in ((0, True, False, False), (1, False, True, False), (2, False, False, True)):
                if rank == 2 and not (is_disband or is_maintain or is_build) and results[idx] is None:
                    results[idx] = Resolution(o.power, o, Outcome.ILLEGAL, "not an adjustment order", text=str(o))
                continue
            if isinstance(o, Build):
                kind = getattr(o, "special", "") or None
                price = cost_of(None, kind)
                why = build_problem(variant, position, st, o, new)
                if why is None and kind is not None:
                    if kind not in specials:
                        why = "special units are not in use in this game"
                    else:
                        alive = sum(1 for x in position.units if x.power == o.power and fate.get(x) != "disbanded"
                                    and special.special_of(position, x))
                        if alive + len(new_specials.get(o.power, {})) >= limit:
                            # rules §Special units: an order past the limit fails and its money is lost.
                            pay(o.power, min(price, treasury.get(o.power, 0)))
                            results[idx] = Resolution(o.power, o, Outcome.FAILURE, f"{o.power} may have only {limit} special unit(s) in play: "
                                                      f"the {price} ducats are lost", text=str(o))
                            continue
                if why is None and not pay(o.power, price):
                    why = f"{o.power} cannot pay the {price} ducats"
                if why:
                    results[idx] = Resolution(o.power, o, Outcome.ILLEGAL if "cannot pay" not in why else Outcome.FAILURE, why, text=str(o))
                    continue
                new.add(o.location.province)
                unit = Unit(o.power, o.kind, o.location)
                built.append(unit)
                if kind is not None:
                    new_specials.setdefault(o.power, {})[str(unit)] = kind
                results[idx] = Resolution(o.power, o, Outcome.SUCCESS, f"built in {board.provinces[o.location.province].name} for {price} ducats", text=str(o))
                continue
            assert isinstance(o, UnitOrder)  # a disband or a maintain, by the rank test above
            u = _find(position, o)
            if u is None:
                results[idx] = Resolution(o.power, o, Outcome.ILLEGAL, f"no such unit of {o.power} in {o.location.province}", text=str(o))
                continue
            if u in fate:
                results[idx] = Resolution(o.power, o, Outcome.ILLEGAL, f"the unit was already {fate[u]}", text=str(o))
                continue
            if is_disband:
                fate[u] = "disbanded"
                results[idx] = Resolution(o.power, o, Outcome.SUCCESS, "disbanded", (Tag.DISBANDED,), text=str(o))
            elif pay(o.power, cost_of(u)):
                fate[u] = "kept"
                results[idx] = Resolution(o.power, o, Outcome.SUCCESS, f"maintained for {cost_of(u)} ducats", text=str(o))
            else:
                fate[u] = "disbanded"
                results[idx] = Resolution(o.power, o, Outcome.FAILURE, f"{o.power} cannot pay the upkeep: disbanded", (Tag.DISBANDED,), text=str(o))
    extra: list[Resolution] = []
    notes: list[str] = []
    for power in sorted({u.power for u in units}):
        silent = [u for u in units if u.power == power and u not in fate]
        if not silent:
            continue
        homes = held_homes(variant, st, power) or list(variant.homes(power))
        dist = board.distances_from(homes)
        for u in sorted(silent, key=lambda u: (dist.get(u.province, 99), u.province, u.kind.value)):
            if pay(power, cost_of(u)):
                fate[u] = "kept"
                extra.append(Resolution(power, M.Maintain(power, u.kind, u.location), Outcome.SUCCESS, f"no order: maintained for {cost_of(u)} ducats", text=f"Maintain {u}"))
            else:
                fate[u] = "disbanded"
                extra.append(Resolution(power, Disband(power, u.kind, u.location), Outcome.SUCCESS, "no order, and no money for its upkeep: disbanded", (Tag.DISBANDED,), text=f"Disband {u}"))
                notes.append(f"{power} cannot pay for its {u.kind.noun} in {board.provinces[u.province].name}: disbanded.")
    kept = [u for u in units if fate.get(u) == "kept"]
    lost = [u for u in units if fate.get(u) != "kept"]
    st["treasury"] = treasury
    after = M._with_state(position.evolve(units=tuple(kept + built)), st)
    after = M._update_control(variant, after)
    after = special.carry(position, after, ())
    if new_specials:
        entries = {p: dict(us) for p, us in (after.extra.get("special_units") or {}).items()}
        for p, us in new_specials.items():
            entries.setdefault(p, {}).update(us)
        after = special.with_entries(after, entries)
    final = [r for r in results if r is not None] + extra
    return close_phase(variant, position, position.phase, after, tuple(final), lost, notes)


# -- the Basic game ----------------------------------------------------------------------------


def basic_allowance(variant: Variant, st: dict, power: Power) -> int:
    """rules §Advanced and basic rules: in the Basic game a power may have one unit (garrisons
    included) for each city it controls together with the city's province."""
    board = variant.board
    return sum(1 for city, who in st["city_control"].items()
               if who == power and board.provinces[ProvinceId(city)].flags.get("city")
               and st["province_control"].get(city) == power)


def play_basic_adjustment(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """The Basic game's Winter (option ``money`` off): no money; each power builds up to, or
    removes down to, its allowance (:func:`basic_allowance`). Builds go where an Advanced build
    may (:func:`build_problem`); too few removals ordered: the units farthest from the power's
    home countries go, as in civil disorder."""
    board = variant.board
    st = M.state(position)
    units = list(position.units)
    due = {p: basic_allowance(variant, st, p) - sum(1 for u in units if u.power == p) for p in variant.powers}
    used: dict[str, int] = {}
    new: set = set()
    results: list[Resolution] = []
    built: list[Unit] = []
    lost: list[Unit] = []
    for o in orders:
        p = o.power
        if isinstance(o, Build):
            why = None if due.get(p, 0) - used.get(p, 0) > 0 else f"{p} has no build to make"
            why = why or build_problem(variant, position, st, o, new)
            if why:
                results.append(Resolution(p, o, Outcome.ILLEGAL, why, text=str(o)))
                continue
            new.add(o.location.province)
            used[p] = used.get(p, 0) + 1
            built.append(Unit(p, o.kind, o.location))
            results.append(Resolution(p, o, Outcome.SUCCESS, f"built in {board.provinces[o.location.province].name}", text=str(o)))
        elif isinstance(o, Disband):
            u = _find(position, o)
            if u is None or u in lost:
                results.append(Resolution(p, o, Outcome.ILLEGAL, f"no such unit of {p} in {o.location.province}", text=str(o)))
            elif -due.get(p, 0) - used.get(p, 0) <= 0:
                results.append(Resolution(p, o, Outcome.ILLEGAL, f"{p} has no unit to remove", text=str(o)))
            else:
                used[p] = used.get(p, 0) + 1
                lost.append(u)
                results.append(Resolution(p, o, Outcome.SUCCESS, "removed", (Tag.DISBANDED,), text=str(o)))
        else:
            results.append(Resolution(p, o, Outcome.ILLEGAL, "not an order of the Basic game's adjustments", text=str(o)))
    notes: list[str] = []
    for p in sorted(due):
        left = -due[p] - used.get(p, 0)
        if due[p] < 0 and left > 0:
            homes = held_homes(variant, st, p) or list(variant.homes(p))
            dist = board.distances_from(homes)
            mine = [u for u in units if u.power == p and u not in lost]
            for u in sorted(mine, key=lambda u: (-dist.get(u.province, 99), u.province, u.kind.value))[:left]:
                lost.append(u)
                results.append(Resolution(p, Disband(p, u.kind, u.location), Outcome.SUCCESS,
                                          "civil disorder: removed, farthest from home", (Tag.DISBANDED,), text=f"Disband {u}"))
                notes.append(f"{p} did not order enough removals: its {u.kind.noun} in {board.provinces[u.province].name} is removed.")
    kept = [u for u in units if u not in lost]
    after = M._update_control(variant, M._with_state(position.evolve(units=tuple(kept + built)), st))
    return close_phase(variant, position, position.phase, after, tuple(results), lost, notes)
