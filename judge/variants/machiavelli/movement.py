"""Machiavelli's movement and retreat phases: sieges, conversions and straits around the core.

A helper of :mod:`judge.variants.machiavelli` (it defines no ``RULES``). The movement core plays
the phase on a copy of the board where each walled city has a node of its own (``GEN#G``),
joined to the city's province; garrisons stand on those nodes, so that a conversion is a move
between a city and its province, decided with the strength of any move (seed 000 GARRISONS/
CONVERT ORDERS). Besiege and lift-siege orders are holds for the core; this module keeps the
sieges. Passage through the straits is checked before the core sees the orders (seed 000
STRAITS): a fleet's move or support along a strait's edge that the strait's keeper denies is
illegal, and the fleet holds.
"""

from __future__ import annotations

import dataclasses
from typing import AbstractSet, Sequence, cast

from ...core.board import Board, Province, Terrain
from ...core.orders import Convoy, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder
from ...core.phases import PhaseResult, adjudicate
from ...core.resolution import Outcome, Resolution, Tag
from ...core.types import Dislodged, Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from . import rules as M
from . import special

_BOARDS: dict[tuple, Board] = {}


def city_node(variant: Variant, city: ProvinceId) -> ProvinceId:
    """Where the core sees a garrison of ``city``: ``city#G``, or Venice itself under the Lagoon
    house rule (its province being the Lagoon)."""
    if M.city_province(variant, city) != city:
        return city
    return ProvinceId(city + M.CITY_SUFFIX)


def city_of(variant: Variant, province: ProvinceId) -> ProvinceId | None:
    """The walled city a unit in ``province`` besieges or converts into."""
    board = variant.board
    if M._lagoon_rule(variant) and "lagoon" in board.provinces[province].flags:
        return next((p.id for p in board.provinces.values() if "venice" in p.flags), None)
    if M.garrisonable(board, province, variant.rules.options):
        if M._lagoon_rule(variant) and "venice" in board.provinces[province].flags:
            return None  # Venice's garrison stands in the city; the Lagoon is its province
        return province
    return None


def is_port(variant: Variant, city: ProvinceId) -> bool:
    return "port" in variant.board.provinces[city].flags


def core_board(variant: Variant) -> Board:
    """The board with a node for every walled city (see the module's docstring)."""
    key = (id(variant.board), M._lagoon_rule(variant))
    if key in _BOARDS:
        return _BOARDS[key]
    board = variant.board
    provinces = list(board.provinces.values())
    army = {p: set(v) for p, v in board.army_edges.items()}
    fleet = {loc: set(v) for loc, v in board.fleet_edges.items()}
    for p in board.provinces.values():
        if not ("fortified" in p.flags or "fortress" in p.flags):
            continue
        node = city_node(variant, p.id)
        if node == p.id:
            continue
        provinces.append(Province(node, f"{p.name} (city)", Terrain.COAST, False, (), {"city_node": p.id}))
        army.setdefault(node, set()).add(p.id)
        army.setdefault(p.id, set()).add(node)
        if "port" in p.flags and Location(p.id) in fleet:
            fleet.setdefault(Location(node), set()).add(Location(p.id))
            fleet[Location(p.id)].add(Location(node))
    out = _BOARDS[key] = Board(provinces, army, fleet)
    return out


def core_variant(variant: Variant, *, nodes: bool) -> Variant:
    return dataclasses.replace(
        variant, board=core_board(variant) if nodes else variant.board,
        rules=M._CoreRules(variant.rules, special.table(variant)),
    )


def _reject(order: Order, why: str) -> Resolution:
    return Resolution(order.power, order, Outcome.ILLEGAL, f"{why}; the unit holds", text=str(order))


def _field(position: Position, power: Power, loc: Location) -> Unit | None:
    u = position.unit_in(loc.province)
    return u if u is not None and u.power == power else None


def _garrison(position: Position, power: Power, city: ProvinceId) -> Unit | None:
    return next((u for u in position.units_at(city) if u.kind is UnitType.GARRISON and u.power == power), None)


def garrison_owner(position: Position, city: ProvinceId) -> str | None:
    if city in (position.extra.get("autonomous") or []):
        return M.AUTONOMOUS
    g = next((u for u in position.units_at(city) if u.kind is UnitType.GARRISON), None)
    return g.power if g else None


def _held(position: Position, orders: Sequence[Order]) -> set[ProvinceId]:
    """Provinces whose army or fleet held this campaign (ordered to hold, or given no order): what
    puts down a rebellion against its power (rules §Effects of rebellions 8.2)."""
    ordered = {o.location.province for o in orders if isinstance(o, UnitOrder) and type(o) is not Hold}
    return {u.province for u in position.units if u.kind is not UnitType.GARRISON and u.province not in ordered}


def play_movement(variant: Variant, position: Position, orders: Sequence[Order],
                  victims: AbstractSet[str] = frozenset(), strait_view: Position | None = None) -> PhaseResult:
    """Play a Machiavelli movement phase (see the module's docstring). ``victims``: powers whose
    ruler was assassinated this campaign (their holds put no rebellion down).

    With the ``house_straits`` option off (rules §Special mapboard features 1 c, d, as written),
    a fleet that enters a fleetless Piombino or Messina this campaign, by a move or a garrison's
    conversion, blocks hostile fleets using the strait in the same campaign: the phase is played
    once, and if such a fleet arrived it is played again with that fleet counted as the keeper
    (``strait_view``: the position the straits are judged on)."""
    result = _play_movement(variant, position, orders, victims, strait_view or position)
    if strait_view is None and not variant.rules.options.get("house_straits", True):
        arrived = _fleets_arrived_in_straits(variant, position, result)
        if arrived:
            view = position.evolve(units=position.units + tuple(arrived))
            return _play_movement(variant, position, orders, victims, view)
    return result


def _fleets_arrived_in_straits(variant: Variant, position: Position, result: PhaseResult) -> list[Unit]:
    """Fleets standing after the phase in a strait's keeping area that had no fleet at its start."""
    keepers = {info["controller"] for info in (variant.data.get("straits") or {}).values()}
    out = []
    for ctrl in sorted(keepers):
        if any(u.kind is UnitType.FLEET for u in position.units_at(ProvinceId(ctrl))):
            continue
        out += [u for u in result.next_position.units_at(ProvinceId(ctrl)) if u.kind is UnitType.FLEET]
    return out


def _play_movement(variant: Variant, position: Position, orders: Sequence[Order], victims: AbstractSet[str],
                   strait_view: Position) -> PhaseResult:
    given = position
    held = sorted(_held(position, orders))
    campaign = {"held": held, "victims": sorted(victims)}
    board = variant.board
    opts = variant.rules.options
    leaves = bool(opts.get("house_conversion_leaves_province", True))
    besieged_converts = bool(opts.get("house_besieged_garrison_converts", True))
    sieges = M.state(position)["sieges"]
    mine: dict[int, Resolution] = {}         # original index -> our own resolution (rejected)
    core_orders: list[Order] = []
    core_index: list[int] = []                # core order -> original index
    besieging: dict[ProvinceId, tuple[int, Unit, ProvinceId]] = {}   # besieger's province -> (idx, unit, city)
    converting_in: dict[ProvinceId, tuple[int, Unit, ProvinceId]] = {}  # non-house: held conversions
    notes: list[str] = []
    garrison_kind: dict[ProvinceId, UnitType] = {}  # city -> kind the core sees its garrison as

    def node_loc(city: ProvinceId) -> Location:
        return Location(city_node(variant, city))

    def as_core(order: UnitOrder) -> UnitOrder:
        if order.kind is UnitType.GARRISON:
            kind = garrison_kind.get(order.location.province, _default_kind(order.location.province))
            order = dataclasses.replace(order, kind=kind, location=node_loc(order.location.province))
        if isinstance(order, SupportMove) and (order.target_kind is UnitType.GARRISON or order.target == order.destination):
            order = dataclasses.replace(order, target=city_node(variant, order.target), target_kind=None)
        elif isinstance(order, (SupportMove, SupportHold, Convoy)) and order.target_kind is UnitType.GARRISON:
            order = dataclasses.replace(order, target_kind=None)
        return order

    def _default_kind(city: ProvinceId) -> UnitType:
        return UnitType.FLEET if M.city_province(variant, city) != city else UnitType.ARMY

    # First pass: the kind each converting garrison takes in the core.
    for o in orders:
        if isinstance(o, M.Convert) and o.kind is UnitType.GARRISON and o.into is not UnitType.GARRISON:
            garrison_kind[o.location.province] = o.into

    # Straits permissions first: they count for this phase's orders (rules §Special mapboard
    # features 1 k), and stay until withdrawn.
    allowed = {str(k): sorted(set(v or [])) for k, v in (position.extra.get("straits_allowed") or {}).items()}
    for idx, o in enumerate(orders):
        if isinstance(o, M.Ally):
            have = set(allowed.get(o.power, []))
            have = have | {o.other} if o.allow else have - {o.other}
            allowed[o.power] = sorted(have)
            if not allowed[o.power]:
                allowed.pop(o.power)
            verb = "allowed" if o.allow else "no longer allowed"
            mine[idx] = Resolution(o.power, o, Outcome.SUCCESS, f"{o.other} {verb} to use {o.power}'s straits", text=str(o))
    position = position.evolve(extra={**position.extra, "straits_allowed": allowed})
    if not allowed:
        position = position.evolve(extra={k: v for k, v in position.extra.items() if k != "straits_allowed"})
    strait_view = strait_view.evolve(extra={**{k: v for k, v in strait_view.extra.items() if k != "straits_allowed"},
                                            **({"straits_allowed": allowed} if allowed else {})})

    for idx, o in enumerate(orders):
        if isinstance(o, M.Ally):
            continue
        if not isinstance(o, UnitOrder):
            mine[idx] = Resolution(o.power, o, Outcome.ILLEGAL, "not an order of a movement phase", text=str(o))
            continue
        why = None
        core: UnitOrder | None = None
        if isinstance(o, M.Besiege):
            u = _field(position, o.power, o.location)
            city = city_of(variant, o.location.province)
            owner = garrison_owner(position, city) if city else None
            if u is None:
                why = f"no army or fleet of {o.power} in {o.location.province}"
            elif city is None:
                why = f"there is no walled city in {board.provinces[o.location.province].name}"
            elif owner is None and not _rebel_city_against(position, city, o.power):
                why = f"no garrison in {board.provinces[city].name} to besiege"
            elif u.kind is UnitType.FLEET and not is_port(variant, city):
                why = "a fleet besieges only a port city"
            elif M.city_province(variant, city) != city and u.kind is not UnitType.FLEET:
                why = "Venice is besieged by a fleet only (seed 000)"
            elif _venice_as_written(variant, city):
                why = "a garrison in Venice is never besieged (rules §Special mapboard features 5 f)"
            else:
                core = Hold(o.power, u.kind, u.location)
                if owner != o.power:
                    besieging[u.province] = (idx, u, city)
                else:
                    notes.append(f"{o.power}'s {u.kind.noun} in {u.province} besieges its own garrison: it holds.")
        elif isinstance(o, M.LiftSiege):
            u = _field(position, o.power, o.location)
            if u is None:
                why = f"no army or fleet of {o.power} in {o.location.province}"
            else:
                core = Hold(o.power, u.kind, u.location)
        elif isinstance(o, M.Convert):
            if o.kind is UnitType.GARRISON:
                city = o.location.province
                g = _garrison(position, o.power, city)
                prov = M.city_province(variant, city)
                target = board.provinces[prov]
                if g is None:
                    why = f"no garrison of {o.power} in {board.provinces[city].name}"
                elif o.into is UnitType.GARRISON:
                    why = "a garrison converts into an army or a fleet"
                elif prov != city and o.into is not UnitType.FLEET:
                    why = "a garrison in Venice converts only into a fleet on the Lagoon (seed 000)"
                elif o.into is UnitType.FLEET and not is_port(variant, city):
                    why = "a fleet can be converted only in a port city"
                elif o.into is UnitType.ARMY and target.terrain is Terrain.SEA:
                    why = "an army cannot stand at sea"
                elif city in sieges and not besieged_converts:
                    why = "a besieged garrison cannot convert (rules §Sieges)"
                else:
                    core = Move(o.power, o.into, node_loc(city), Location(prov, o.coast))
            else:
                u = _field(position, o.power, o.location)
                city = city_of(variant, o.location.province)
                if u is None:
                    why = f"no army or fleet of {o.power} in {o.location.province}"
                elif o.into is not UnitType.GARRISON:
                    why = "an army or a fleet converts into a garrison (and back the next campaign)"
                elif city is None:
                    why = f"there is no walled city in {board.provinces[o.location.province].name}"
                elif garrison_owner(position, city) is not None:
                    why = f"{board.provinces[city].name} already has a garrison"
                elif _rebel_city_against(position, city, o.power):
                    why = f"{board.provinces[city].name} is in rebellion against {o.power}: no conversion into it (rules §Effects of rebellions 5.3)"
                elif u.kind is UnitType.FLEET and not is_port(variant, city):
                    why = "a fleet can be converted only in a port city"
                elif M.city_province(variant, city) != city and u.kind is not UnitType.FLEET:
                    why = "only a fleet on the Lagoon garrisons Venice (seed 000)"
                elif leaves:
                    core = Move(o.power, u.kind, u.location, node_loc(city))
                else:
                    core = Hold(o.power, u.kind, u.location)
                    converting_in[u.province] = (idx, u, city)
        else:
            core = as_core(o)
            if o.kind is not UnitType.GARRISON:
                why = _strait_problem(variant, strait_view, o, orders)
                if isinstance(o, Move) and M.city_province(variant, o.destination.province) != o.destination.province:
                    why = "under the Lagoon house rule only a garrison stands in Venice: a fleet on the Lagoon enters it by converting"
                elif (isinstance(o, Move) and _venice_as_written(variant, o.destination.province)
                      and garrison_owner(position, o.destination.province) is not None):
                    why = "only one unit may be in Venice, and a garrison holds it (rules §Special mapboard features 5 a)"
        if why is None and core is not None and o.kind is not UnitType.GARRISON:
            # A besieger in its siege's second campaign that orders anything but besiege holds,
            # and its siege ends (rules §Sieges).
            city = city_of(variant, o.location.province)
            s = sieges.get(city) if city else None
            if s and city and s.get("unit") == o.location.province and s.get("by") == o.power and not isinstance(o, (M.Besiege, M.LiftSiege)):
                if garrison_owner(position, city) not in (None, o.power):
                    notes.append(f"{o.power}'s {o.kind.noun} in {o.location.province} was besieging {city}: its order '{o}' is changed to hold and the siege ends.")
                    core = Hold(o.power, o.kind, o.location)
        if why is not None:
            mine[idx] = _reject(o, why)
            continue
        assert core is not None  # each branch above gives the core an order or a reason not to
        core_orders.append(core)
        core_index.append(idx)

    # The position the core sees: garrisons on their city nodes.
    cunits = []
    for u in position.units:
        if u.kind is UnitType.GARRISON:
            cunits.append(Unit(u.power, garrison_kind.get(u.province, _default_kind(u.province)), node_loc(u.province)))
        else:
            cunits.append(u)
    cpos = position.evolve(units=tuple(cunits))
    inner = core_variant(variant, nodes=True)
    res = adjudicate(inner, cpos, core_orders)

    # Back to the real board.
    def real(u: Unit) -> Unit:
        prov = inner.board.provinces[u.province]
        if "city_node" in prov.flags:
            return Unit(u.power, UnitType.GARRISON, Location(ProvinceId(prov.flags["city_node"])))
        if M.city_province(variant, u.province) != u.province:
            return Unit(u.power, UnitType.GARRISON, u.location)  # Venice: only a garrison stands there
        return u

    nxt = res.next_position
    units = [real(u) for u in nxt.units]
    for _idx, u, city in converting_in.values():  # conversions that held their province
        if u in units:
            units.remove(u)
            units.append(Unit(u.power, UnitType.GARRISON, Location(city)))
    dislodged = tuple(
        Dislodged(real(d.unit), (ProvinceId(d.attacker_from.split("#")[0]) if d.attacker_from else None)) for d in nxt.dislodged
    )

    resolutions: list[Resolution | None] = [mine.get(i) for i in range(len(orders))]
    n_core = len(core_orders)
    for k, r in enumerate(res.resolutions[:n_core]):
        i = core_index[k]
        o = orders[i]
        r = dataclasses.replace(r, order=o, text=str(o), reason=_clean(r.reason))
        if isinstance(o, M.Besiege) and r.outcome is Outcome.SUCCESS:
            r = dataclasses.replace(r, reason="besieging")
        elif isinstance(o, M.LiftSiege) and r.outcome is Outcome.SUCCESS:
            r = dataclasses.replace(r, reason="siege lifted; held")
        elif isinstance(o, M.Convert) and r.outcome is Outcome.SUCCESS:
            r = dataclasses.replace(r, reason=f"converted into a {o.into.noun}")
        resolutions[i] = r
    extra_res = [dataclasses.replace(r, order=_real_order(variant, inner, r.order), reason=_clean(r.reason)) for r in res.resolutions[n_core:]]

    # Sieges: begun, completed, ended.
    st = M.state(position)
    new_sieges: dict[str, dict] = {}
    autonomous = list(st["autonomous"])
    put_down: list[str] = []
    for prov, (idx, u, city) in besieging.items():
        # A besieger's order went to the core (a Hold), whose resolution was set above.
        r = cast(Resolution, resolutions[idx])
        if u not in units or (r is not None and r.outcome is not Outcome.SUCCESS):
            continue
        if garrison_owner(position, city) is None and _rebel_city_against(position, city, u.power):
            # rules §Effects of rebellions 8.1: the power a rebelling city is against besieges it
            # for two campaigns; the rebellion in the province ends with it.
            s = sieges.get(city)
            if s and s.get("by") == u.power and s.get("unit") == prov:
                put_down.append(city)
                resolutions[idx] = dataclasses.replace(r, reason=f"siege completed: the rebellion in {board.provinces[city].name} is put down")
                notes.append(f"{u.power} puts down the rebellion in {board.provinces[city].name} after a siege.")
            else:
                new_sieges[city] = {"by": u.power, "unit": prov}
                resolutions[idx] = dataclasses.replace(r, reason=f"siege of the rebels in {board.provinces[city].name} begun")
            continue
        if garrison_owner(position, city) is None or not any(
            g.province == city and g.kind is UnitType.GARRISON for g in units
        ) and city not in autonomous:
            continue  # the garrison left (converted) or is gone
        s = sieges.get(city)
        if s and s.get("by") == u.power and s.get("unit") == prov:
            if city in autonomous:
                autonomous.remove(city)
            units = [g for g in units if not (g.kind is UnitType.GARRISON and g.province == city)]
            resolutions[idx] = dataclasses.replace(r, reason=f"siege completed: the garrison of {board.provinces[city].name} is eliminated")
            notes.append(f"{u.power} takes {board.provinces[city].name} after a siege.")
        else:
            new_sieges[city] = {"by": u.power, "unit": prov}
            resolutions[idx] = dataclasses.replace(r, reason=f"siege of {board.provinces[city].name} begun")
    st["sieges"] = new_sieges
    st["autonomous"] = sorted(autonomous)

    # The core saw the city nodes as places to retreat to; on the real board a unit with no
    # retreat is disbanded now (retreat into a garrison: not implemented).
    from ...core.legality import retreat_options
    from ...core.phases import close_phase

    probe = nxt.evolve(units=tuple(units))
    kept = []
    for d in dislodged:
        if retreat_options(board, probe, d.unit, d.attacker_from) or retreat_city(variant, probe.evolve(extra={**probe.extra, **st}), d):
            kept.append(d)
        else:
            res = dataclasses.replace(res, disbanded=res.disbanded + (d.unit,))
            notes.append(f"{d.unit.power}'s {d.unit.kind.noun} in {board.provinces[d.unit.province].name} was dislodged with nowhere to retreat and is disbanded.")
    after = M._with_state(nxt.evolve(units=tuple(units), dislodged=tuple(kept)), st)
    if put_down:
        rebels = {a: r for a, r in (after.extra.get("rebellions") or {}).items() if a not in put_down}
        after = after.evolve(extra={**{k: v for k, v in after.extra.items() if k != "rebellions"},
                                    **({"rebellions": rebels} if rebels else {})})
    if nxt.phase.kind is PhaseKind.RETREAT and not kept:
        after = close_phase(core_variant(variant, nodes=False), position, nxt.phase, after.evolve(standoffs=frozenset()), (), [], []).next_position
    after = M._update_control(variant, after)
    after = special.carry(given, after, [r for r in resolutions if r is not None])
    lost = [real(u) for u in res.disbanded]
    notes = list(res.notes) + notes
    if after.phase.kind is not PhaseKind.RETREAT:
        after, gone, more = M._end_of_campaign(variant, after, given.phase, set(held), set(victims))
        lost += gone
        notes += more
    else:
        # The campaign ends after its retreats: keep what its last steps need till then.
        after = after.evolve(extra={**after.extra, "campaign": campaign})
    final = [r for r in resolutions if r is not None] + extra_res
    won = M.winner_of(variant, after) if after.phase.kind is not PhaseKind.RETREAT else None
    return PhaseResult(given, tuple(final), after, tuple(lost), (), won, tuple(_clean(n) for n in notes))


def retreat_city(variant: Variant, position: Position, d: Dislodged) -> ProvinceId | None:
    """The city a dislodged army or fleet may retreat into by converting into its garrison
    (rules §Conversion: a walled city of its province with no garrison, a port for a fleet, not
    when the attacker was that city's garrison converting), or ``None``. Used only when the unit
    has no other retreat."""
    city = city_of(variant, d.unit.province)
    if city is None or d.attacker_from == city or _venice_as_written(variant, city):
        return None  # rules §Special mapboard features 5 c: no retreat into Venice's city
    if garrison_owner(position, city) is not None:
        return None
    if _rebel_city_against(position, city, d.unit.power):
        return None  # rules §Effects of rebellions 5.2: not into a city rebelling against it
    if d.unit.kind is UnitType.FLEET and not is_port(variant, city):
        return None
    return city


def play_retreat(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """The core plays the retreats (garrisons take no part); then control and the end of the
    campaign (seed 001 elimination). ``A MOD C G``: a unit with no other retreat converts into
    the empty walled city of its province (rules §Conversion, retreats)."""
    from ...core.legality import retreat_options

    inner = core_variant(variant, nodes=False)
    into_city: dict[int, Unit] = {}
    garrisons: list[Unit] = []
    refused: list[Resolution] = []
    kept_orders: list[Order] = []
    for idx, o in enumerate(orders):
        if not isinstance(o, M.Convert):
            kept_orders.append(o)
            continue
        d = next((d for d in position.dislodged if d.unit.power == o.power and d.unit.province == o.location.province), None)
        city = retreat_city(variant, position, d) if d is not None else None
        if d is None:
            why = f"no dislodged unit of {o.power} in {o.location.province}"
        elif o.into is not UnitType.GARRISON or city is None:
            why = "no empty walled city to retreat into here"
        elif retreat_options(variant.board, position, d.unit, d.attacker_from):
            why = "a unit retreats into a garrison only when it has no other retreat"
        elif any(g.province == city for g in garrisons):
            why = "already taken"
        else:
            why = None
        if why:
            refused.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{why}; the unit is disbanded", (Tag.DISBANDED,), text=str(o)))
            continue
        assert d is not None and city is not None  # else a reason was given above
        garrisons.append(Unit(o.power, UnitType.GARRISON, Location(city)))
        into_city[idx] = d.unit
    orders = kept_orders
    # A fleet may not retreat through a strait whose keeper (the fleet there at the beginning of
    # the phase) denies it passage (seed 000 STRAITS; rules §Special mapboard features 1 h).
    denied: dict[int, Resolution] = {}
    passed: list[Order] = []
    for idx, o in enumerate(orders):
        if isinstance(o, (Move, Retreat)) and isinstance(o, UnitOrder):
            why = _strait_problem(variant, position, o)
            if why:
                denied[idx] = Resolution(o.power, o, Outcome.ILLEGAL, f"{why}; the unit is disbanded", text=str(o))
                continue
        passed.append(o)
    res = adjudicate(inner, position, passed)
    resolutions = list(res.resolutions)
    for idx in sorted(denied):
        resolutions.insert(idx, denied[idx])
    converted = set(into_city.values())
    named = {(r.power, r.order.location) for r in refused if isinstance(r.order, UnitOrder)} | {(u.power, u.location) for u in converted}
    resolutions = refused + [
        r for r in resolutions
        if not (isinstance(r.order, UnitOrder) and (r.power, r.order.location) in named and "no retreat ordered" in r.reason)
    ]
    resolutions += [Resolution(g.power, M.Convert(g.power, u.kind, u.location, UnitType.GARRISON), Outcome.SUCCESS,
                               "retreated into the city as its garrison", text=f"{u} C G")
                    for g, u in zip(garrisons, into_city.values(), strict=False)]
    if garrisons:
        res = dataclasses.replace(
            res, disbanded=tuple(u for u in res.disbanded if u not in converted),
            next_position=res.next_position.evolve(units=res.next_position.units + tuple(garrisons)))
    after = M._update_control(variant, res.next_position)
    after = special.carry(position, after, resolutions)
    campaign = after.extra.get("campaign") or {}
    after = after.evolve(extra={k: v for k, v in after.extra.items() if k != "campaign"})
    played = Phase(position.phase.year, position.phase.season, PhaseKind.MOVEMENT)
    after, gone, notes = M._end_of_campaign(variant, after, played, {ProvinceId(p) for p in campaign.get("held", [])},
                                            set(campaign.get("victims", [])))
    return dataclasses.replace(res, resolutions=tuple(resolutions), next_position=after, winner=M.winner_of(variant, after),
                               disbanded=res.disbanded + tuple(gone), notes=res.notes + tuple(notes))


def _clean(text: str) -> str:
    return text.replace(" (city)", "")


def _real_order(variant: Variant, inner: Variant, order: Order | None) -> Order | None:
    if not isinstance(order, UnitOrder):
        return order
    prov = inner.board.provinces.get(order.location.province)
    if prov is not None and "city_node" in prov.flags:
        return dataclasses.replace(order, kind=UnitType.GARRISON, location=Location(ProvinceId(prov.flags["city_node"])))
    return order


def _strait_problem(variant: Variant, position: Position, o: UnitOrder, orders: Sequence[Order] = ()) -> str | None:
    """Seed 000 STRAITS, for a fleet's move, retreat, support or convoy along a strait's edge.

    A convoying fleet passes a strait when the edge joins it to the army's origin, to its
    destination or to another fleet ordered to convoy the same army (all such legs are
    counted, even where another route would avoid the strait)."""
    if o.kind is not UnitType.FLEET:
        return None
    if isinstance(o, (Move, Retreat)):
        into = {o.destination.province}
    elif isinstance(o, SupportMove):
        into = {o.destination}
    elif isinstance(o, SupportHold):
        into = {o.target}
    elif isinstance(o, Convoy):
        into = {o.target, o.destination} | {
            c.location.province for c in orders
            if isinstance(c, Convoy) and c is not o and c.target == o.target and c.destination == o.destination
        }
    else:
        return None
    ctrl = next((c for c in (M.strait_denied(variant, position, o.power, o.location.province, p) for p in sorted(into)) if c), None)
    if ctrl is None:
        return None
    keeper = next(u.power for u in position.units_at(ctrl) if u.kind is UnitType.FLEET)
    return f"{keeper}'s fleet in {variant.board.provinces[ctrl].name} denies passage through the strait"


def _venice_as_written(variant: Variant, area: str) -> bool:
    """Is ``area`` Venice with the Lagoon house rule off (rules §Special mapboard features 5:
    province and city one space, one unit in it)?"""
    return not M._lagoon_rule(variant) and "venice" in variant.board.provinces[ProvinceId(area)].flags


def _rebel_city_against(position: Position, city: str, power: str) -> bool:
    """Is ``city`` itself in rebellion against ``power`` (a rebellion placed in the
    ungarrisoned city as well as its province)?"""
    reb = (position.extra.get("rebellions") or {}).get(city)
    return isinstance(reb, dict) and bool(reb.get("city")) and reb.get("against") == power
