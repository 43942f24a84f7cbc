"""Machiavelli's adjustment phase: upkeep and builds (rules §Military unit adjustments).

Every unit on the map
costs its upkeep (3 ducats) to stay; a new unit costs as much. Orders: ``Maintain A FLO``,
``Build A FLO`` / ``Build G FLO`` / ``Build F PSA``, ``Disband A FLO`` (or ``Remove``).

A later order replaces an earlier one (rules §Military unit adjustments, the orders' last
paragraph): the last maintain or disband of a unit stands, the last build in a province stands, a
disband after a build in its province rescinds it (:func:`_latest_orders`).

Order of play (our choice, the rules giving none): disbands, then the maintain orders in the
order given, then the builds in the order given, each paid while the treasury lasts (one that
cannot be paid fails: a unit not paid for is disbanded). A unit with no order is maintained
after those, while money lasts, nearest to its home country first; the rest are disbanded (the
rules require an order for every unit; a judge with deadlines must decide for the silent).

Build sites (rules §Military unit adjustments a-d, §Control 7): a province of a home country
the power holds, with a city (not a fortress), whose province and city it both controls; one
new unit a province; an army or fleet in the province when no army or fleet stands there, a
garrison in a walled city with no garrison; fleets in port cities only. Under the Lagoon house
rule only a garrison is built in Venice. Special units (rules §Special units) are built with
``Build elite mercenaries A FLO`` and cost their own upkeep.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...core.orders import Build, Disband, Order, UnitOrder
from ...core.phases import CIVIL_DISORDER, NO_ORDER, PhaseResult, close_phase
from ...core.resolution import Outcome, Resolution, Tag
from ...core.types import Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from . import special
from .control import home_controller, update_control
from .geography import city_province, garrisonable, lagoon_rule
from .orders import Maintain
from .state import MachiavelliState, build_blocked, state_of, with_state


def held_homes(variant: Variant, st: MachiavelliState, power: Power) -> list[ProvinceId]:
    """Every area of the home countries ``power`` holds (its own, unless conquered, and those it
    has conquered)."""
    out: list[ProvinceId] = []
    for home in variant.powers:
        if home_controller(st, home) == power:
            out += list(variant.homes(home))
    return out


def build_problem(variant: Variant, position: Position, st: MachiavelliState, o: Build, new: set) -> str | None:
    """Why ``o`` builds nothing, or None: the site (:func:`_site_problem`), then the unit it would
    hold (:func:`_unit_problem`); see the module's docstring."""
    if o.location.province not in variant.board.provinces:
        return "unknown province"
    return _site_problem(variant, position, st, o, new) or _unit_problem(variant, position, st, o)


def _site_problem(variant: Variant, position: Position, st: MachiavelliState, o: Build, new: set) -> str | None:
    """rules §Military unit adjustments a-b, §Control 7: a city of a home country the power
    holds, its province and city both controlled, no other new unit there, no siege, famine or
    rebellion (rules §Famine, §Effects of rebellions 5.5: a garrison only where the city itself
    does not rebel, 5.6); Venice without the Lagoon house rule
    holds one unit (rules §Special mapboard features 5 a)."""
    prov = o.location.province
    info = variant.board.provinces[prov]
    if prov not in held_homes(variant, st, o.power):
        return f"{info.name} is not in a home country {o.power} holds"
    if not info.flags.get("city"):
        return f"{info.name} has no city"
    if (st.province_control or {}).get(prov) != o.power or (st.city_control or {}).get(prov) != o.power:
        return f"{o.power} does not control both the province and the city of {info.name}"
    if prov in new:
        return f"a new unit is already placed in {info.name}"
    if prov in st.sieges_now():
        return f"{info.name} is under siege"
    blocked = build_blocked(position, prov, garrison=o.kind is UnitType.GARRISON)
    if blocked is not None:
        return f"{info.name} suffers {blocked}: no builds there (rules §Famine, §Effects of rebellions 5.5, 5.6)"
    if not lagoon_rule(variant) and "venice" in info.flags and (position.units_at(prov) or prov in (st.autonomous or ())):
        return "only one unit may be in Venice (rules §Special mapboard features 5 a)"
    return None


def _unit_problem(variant: Variant, position: Position, st: MachiavelliState, o: Build) -> str | None:
    """rules §Military unit adjustments c-d: a garrison in a walled city with none (in a game
    with garrisons); an army or fleet where none stands, a fleet in a port; under the Lagoon house
    rule only a garrison in Venice (seed 000)."""
    board = variant.board
    prov = o.location.province
    info = board.provinces[prov]
    if o.kind is UnitType.GARRISON:
        if not variant.rules.options.get("garrisons", True):
            return "this game has no garrisons"
        if not garrisonable(board, prov, variant.rules.options):
            return f"{info.name} is not walled: no garrison"
        if any(u.kind is UnitType.GARRISON for u in position.units_at(prov)) or prov in (st.autonomous or ()):
            return f"{info.name} already has a garrison"
        return None
    if city_province(variant, prov) != prov:
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


@dataclass
class _Upkeep:
    """The Winter adjustment at work: the treasuries as paid so far, each unit's fate (``kept`` or
    ``disbanded``), the units built (and the provinces they stand in, the special ones by power),
    and the answers by order index."""

    variant: Variant
    position: Position
    st: MachiavelliState
    orders: Sequence[Order]
    treasury: dict[str, int] = field(default_factory=dict)
    results: list[Resolution | None] = field(default_factory=list)
    fate: dict[Unit, str] = field(default_factory=dict)
    built: list[Unit] = field(default_factory=list)
    new: set = field(default_factory=set)
    new_specials: dict[str, dict[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.treasury = {str(p): n for p, n in (self.st.treasury or {}).items()}
        self.results = [None] * len(self.orders)
        units = self.variant.data.get("units") or {}
        self.upkeep = int(units.get("upkeep", 3))
        self.limit = int(units.get("special_limit", 1))
        self.specials = special.table(self.variant)

    def cost_of(self, u: Unit | None, kind: str | None = None) -> int:
        """Upkeep of a unit (or a new one of ``kind``): 3, a special unit's own cost."""
        kind = kind or (special.special_of(self.position, u) if u is not None else None)
        return int((self.specials.get(kind) or {}).get("cost", self.upkeep)) if kind else self.upkeep

    def pay(self, power: Power, amount: int | None = None) -> bool:
        amount = self.upkeep if amount is None else amount
        if self.treasury.get(power, 0) >= amount:
            self.treasury[power] = self.treasury.get(power, 0) - amount
            return True
        return False

    def answer(self, idx: int, o: Order, outcome: Outcome, reason: str, tags: tuple = ()) -> None:
        self.results[idx] = Resolution(o.power, o, outcome, reason, tags, text=str(o))


def play_adjustment(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """The Winter adjustment with money (rules §Sequence of play for adjustment phases 2.2,
    §Military unit adjustments), in the order the module's docstring gives: disbands, maintains,
    builds, then the units given no order (:func:`_silent_units`)."""
    up = _Upkeep(variant, position, state_of(position), orders)
    live = [(idx, orders[idx]) for idx in _latest_orders(up)]
    for idx, o in live:
        if isinstance(o, Disband):
            _keep_or_disband(up, idx, o, keep=False)
    for idx, o in live:
        if isinstance(o, Maintain):
            _keep_or_disband(up, idx, o, keep=True)
    for idx, o in live:
        if isinstance(o, Build):
            _build(up, idx, o)
        elif not isinstance(o, (Disband, Maintain)):
            up.answer(idx, o, Outcome.ILLEGAL, "not an adjustment order")
    extra, notes = _silent_units(up)
    units = list(position.units)
    kept = [u for u in units if up.fate.get(u) == "kept"]
    lost = [u for u in units if up.fate.get(u) != "kept"]
    after = with_state(position.evolve(units=tuple(kept + up.built)), up.st.replace(treasury=up.treasury))
    after = update_control(variant, after)
    after = _special_units_after(up, special.carry(position, after, ()))
    final = [r for r in up.results if r is not None] + extra
    return close_phase(variant, position, position.phase, after, tuple(final), lost, notes)


def _latest_orders(up: _Upkeep) -> list[int]:
    """rules §Military unit adjustments: "If you submit a 'maintain' order and change your mind, a
    subsequent 'disband' order can be submitted"; a build "can be rescinded with a subsequent
    'disband' order or an order to 'build' a different type of unit in the same province or within
    the city"; "If you 'disband' and change your mind you must issue a 'maintain' order for the same
    province". So the last order for a unit stands (maintain or disband); the last build in a
    province stands; a disband naming no unit of the power, after a build in its province,
    rescinds that build. The replaced orders are answered so; the indices of the others are
    returned, in order."""
    latest: dict[tuple, int] = {}
    for idx, o in enumerate(up.orders):
        if isinstance(o, Build):
            slot: tuple = (o.power, "build", o.location.province)
        elif isinstance(o, (Maintain, Disband)):
            unit = _find(up.position, o)
            slot = (o.power, "unit", unit) if unit is not None else (o.power, "build", o.location.province)
            if unit is None and isinstance(o, Disband) and slot in latest:
                j = latest.pop(slot)
                up.answer(j, up.orders[j], Outcome.ILLEGAL, "rescinded by a later disband order")
                up.answer(idx, o, Outcome.SUCCESS, "the build ordered before it is rescinded")
                continue
            if unit is None:
                continue  # no such unit: answered when played
        else:
            continue
        if slot in latest:
            j = latest[slot]
            up.answer(j, up.orders[j], Outcome.ILLEGAL, "replaced by a later order")
        latest[slot] = idx
    return [idx for idx in range(len(up.orders)) if up.results[idx] is None]


def _keep_or_disband(up: _Upkeep, idx: int, o: UnitOrder, keep: bool) -> None:
    """rules §Military unit adjustments: a unit ordered disbanded goes; one ordered maintained
    is kept while its power pays its upkeep (a special unit's own cost), else disbanded."""
    u = _find(up.position, o)
    if u is None:
        up.answer(idx, o, Outcome.ILLEGAL, f"no such unit of {o.power} in {o.location.province}")
    elif u in up.fate:
        up.answer(idx, o, Outcome.ILLEGAL, f"the unit was already {up.fate[u]}")
    elif not keep:
        up.fate[u] = "disbanded"
        up.answer(idx, o, Outcome.SUCCESS, "disbanded", (Tag.DISBANDED,))
    elif up.pay(o.power, up.cost_of(u)):
        up.fate[u] = "kept"
        up.answer(idx, o, Outcome.SUCCESS, f"maintained for {up.cost_of(u)} ducats")
    else:
        up.fate[u] = "disbanded"
        up.answer(idx, o, Outcome.FAILURE, f"{o.power} cannot pay the upkeep: disbanded", (Tag.DISBANDED,))


def _build(up: _Upkeep, idx: int, o: Build) -> None:
    """rules §Military unit adjustments a-d: a new unit on a build site (:func:`build_problem`),
    paid for (a special unit at its own cost, within the limit of special units in play, rules
    §Special units)."""
    kind = getattr(o, "special", "") or None
    price = up.cost_of(None, kind)
    why = build_problem(up.variant, up.position, up.st, o, up.new)
    if why is None and kind is not None:
        if kind not in up.specials:
            why = "special units are not in use in this game"
        elif _past_special_limit(up, o.power):
            # rules §Special units: an order past the limit fails and its money is lost.
            up.pay(o.power, min(price, up.treasury.get(o.power, 0)))
            up.answer(idx, o, Outcome.FAILURE, f"{o.power} may have only {up.limit} special unit(s) in play: the {price} ducats are lost")
            return
    if why is None and not up.pay(o.power, price):
        why = f"{o.power} cannot pay the {price} ducats"
    if why:
        up.answer(idx, o, Outcome.ILLEGAL if "cannot pay" not in why else Outcome.FAILURE, why)
        return
    up.new.add(o.location.province)
    unit = Unit(o.power, o.kind, o.location)
    up.built.append(unit)
    if kind is not None:
        up.new_specials.setdefault(o.power, {})[str(unit)] = kind
    up.answer(idx, o, Outcome.SUCCESS, f"built in {up.variant.board.provinces[o.location.province].name} for {price} ducats")


def _past_special_limit(up: _Upkeep, power: Power) -> bool:
    """rules §Special units: has ``power`` as many special units in play (kept or new) as allowed?"""
    alive = sum(1 for x in up.position.units if x.power == power and up.fate.get(x) != "disbanded"
                and special.special_of(up.position, x))
    return alive + len(up.new_specials.get(power, {})) >= up.limit


def _silent_units(up: _Upkeep) -> tuple[list[Resolution], list[str]]:
    """A unit given no order is maintained while its power's money lasts, nearest to its home
    countries first; the rest are disbanded (the rules require an order for every unit; a judge
    with deadlines decides for the silent)."""
    board = up.variant.board
    units = list(up.position.units)
    extra: list[Resolution] = []
    notes: list[str] = []
    for power in sorted({u.power for u in units}):
        silent = [u for u in units if u.power == power and u not in up.fate]
        if not silent:
            continue
        homes = held_homes(up.variant, up.st, power) or list(up.variant.homes(power))
        dist = board.distances_from(homes)
        for u in sorted(silent, key=lambda u: (dist.get(u.province, 99), u.province, u.kind.value)):
            if up.pay(power, up.cost_of(u)):
                up.fate[u] = "kept"
                extra.append(Resolution(power, Maintain(power, u.kind, u.location), Outcome.SUCCESS, f"{NO_ORDER}: maintained for {up.cost_of(u)} ducats", text=f"Maintain {u}"))
            else:
                up.fate[u] = "disbanded"
                extra.append(Resolution(power, Disband(power, u.kind, u.location), Outcome.SUCCESS, f"{NO_ORDER}, and no money for its upkeep: disbanded", (Tag.DISBANDED,), text=f"Disband {u}"))
                notes.append(f"{power} cannot pay for its {u.kind.noun} in {board.provinces[u.province].name}: disbanded.")
    return extra, notes


def _special_units_after(up: _Upkeep, after: Position) -> Position:
    """rules §Special units: the new special units join those kept."""
    if not up.new_specials:
        return after
    entries = {str(p): dict(us) for p, us in (state_of(after).special_units or {}).items()}
    for p, us in up.new_specials.items():
        entries.setdefault(p, {}).update(us)
    return special.with_entries(after, entries)


# -- the Basic game ----------------------------------------------------------------------------


def basic_allowance(variant: Variant, st: MachiavelliState, power: Power) -> int:
    """rules §Advanced and basic rules: in the Basic game a power may have one unit (garrisons
    included) for each city it controls together with the city's province."""
    board = variant.board
    pc = st.province_control or {}
    return sum(1 for city, who in (st.city_control or {}).items()
               if who == power and board.provinces[ProvinceId(city)].flags.get("city") and pc.get(city) == power)


def play_basic_adjustment(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """The Basic game's Winter (option ``money`` off): no money; each power builds up to, or
    removes down to, its allowance (:func:`basic_allowance`). Builds go where an Advanced build
    may (:func:`build_problem`); too few removals ordered: the units farthest from the power's
    home countries go, as in civil disorder."""
    board = variant.board
    st = state_of(position)
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
    notes = _basic_removals_unordered(variant, st, units, due, used, lost, results)
    kept = [u for u in units if u not in lost]
    after = update_control(variant, with_state(position.evolve(units=tuple(kept + built)), st))
    return close_phase(variant, position, position.phase, after, tuple(results), lost, notes)


def _basic_removals_unordered(variant: Variant, st: MachiavelliState, units: list[Unit], due: dict[Power, int],
                              used: dict[str, int], lost: list[Unit], results: list[Resolution]) -> list[str]:
    """The Basic game's removals not ordered (``due`` negative, fewer ``used``): the power's units
    farthest from the home countries it holds (else its own) go, as in civil disorder; added to
    ``lost`` and ``results``. The notes saying so."""
    board = variant.board
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
                                          f"{CIVIL_DISORDER}: removed, farthest from home", (Tag.DISBANDED,), text=f"Disband {u}"))
                notes.append(f"{p} did not order enough removals: its {u.kind.noun} in {board.provinces[u.province].name} is removed.")
    return notes
