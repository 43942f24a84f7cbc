"""Machiavelli's campaigns: the movement phase (its money steps, then sieges, conversions and
straits around the core).

The movement core plays the phase on a copy of the board where each walled city has a node of
its own (``GEN#G``, see :mod:`.geography` and :mod:`.core_view`), joined to the city's province;
garrisons stand on those nodes, so that a conversion is a move between a city and its province,
decided with the strength of any move (seed 000 GARRISONS/CONVERT ORDERS). Besiege and lift-siege
orders are holds for the core; this module keeps the sieges. Passage through the straits is
checked before the core sees the orders (:mod:`.straits`): a fleet's move or support along a
strait's edge that the strait's keeper denies is illegal, and the fleet holds. The retreat phase
is :mod:`.retreat`.

Imports the lower modules (:mod:`.state`, :mod:`.geography`, :mod:`.control`, :mod:`.orders`,
:mod:`.special`, :mod:`.money`, :mod:`.campaign`, :mod:`.core_view`, :mod:`.straits`,
:mod:`.retreat`); :mod:`.rules` imports it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import AbstractSet, Mapping, Sequence, cast

from ...core.board import Terrain
from ...core.orders import Convoy, Disband, Hold, Move, Order, SupportHold, SupportMove, UnitOrder
from ...core.phases import NO_ORDER, PhaseResult, adjudicate, close_phase
from ...core.resolution import Outcome, Resolution, Tag
from ...core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from . import money, special
from .campaign import end_of_campaign, entered, winner_of
from .control import update_control
from .core_view import core_variant
from .geography import city_node, city_of, city_province, is_port, venice_as_written
from .orders import MONEY_ORDERS, Ally, Besiege, Convert, LiftSiege
from .retreat import retreat_city, retreat_places
from .state import Campaign, MachiavelliState, Siege, garrison_owner, rebel_city_against, state_of, with_state
from .straits import strait_problem

__all__ = ["play_campaign", "play_movement"]


# -- a campaign's movement phase -----------------------------------------------------------------


def play_campaign(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """A movement phase (rules §Sequence of play and order resolution 1.1): the money steps
    (:func:`.money.play_money`: banking, expenses, assassinations), the assassinated rulers'
    orders made holds, disbands at will and the garrisons switch (:func:`_orders_of_the_moves`),
    the rebels' support (:func:`_rebel_support`), then the moves (:func:`play_movement`)."""
    paid = money.play_money(variant, position, orders)
    unit_orders = [o for o in orders if not isinstance(o, MONEY_ORDERS)]
    unit_orders, held = money.assassinated_orders(unit_orders, paid.assassinated)
    # rules §Control of provinces and cities, example 1: a unit bought (or a garrison made
    # autonomous) takes its area for its new owner at once, before it moves away.
    moving = update_control(variant, paid.position)
    moving, own, lost_now, kept_orders = _orders_of_the_moves(variant, moving, unit_orders)
    rebel_support = _rebel_support(variant, moving, kept_orders)
    result = play_movement(variant, moving, kept_orders, paid.assassinated, rebel_support=rebel_support)
    money_res = [paid.resolutions[i] for i in sorted(paid.resolutions)] + own
    return dataclasses.replace(
        result, position=position, resolutions=tuple(money_res + held + _without_assassinated_holds(result, held)),
        disbanded=tuple(paid.lost) + tuple(lost_now) + result.disbanded, notes=tuple(paid.notes) + result.notes)


def _orders_of_the_moves(variant: Variant, moving: Position, unit_orders: Sequence[Order]
                         ) -> tuple[Position, list[Resolution], list[Unit], list[Order]]:
    """Before the moves: disbanding at will (``A MIL 0``; njudge ``set disband``, rules §Order
    syntax tech note 1; option ``disband_order``) takes the unit off at once; with the
    ``garrisons`` option off (njudge ``set nogarrisons``) no new garrison is made. The position,
    the answers, the units disbanded and the orders left for the moves."""
    own: list[Resolution] = []
    lost_now: list[Unit] = []
    kept_orders: list[Order] = []
    for o in unit_orders:
        if isinstance(o, Disband):
            unit = next((u for u in moving.units if u.power == o.power and u.location == o.location
                         and (u.kind is o.kind or o.kind is None)), None)
            if not variant.rules.options.get("disband_order", False):
                own.append(Resolution(o.power, o, Outcome.ILLEGAL, "disbanding in a movement phase needs the "
                                      "disband_order option; the unit holds", text=str(o)))
            elif unit is None:
                own.append(Resolution(o.power, o, Outcome.ILLEGAL, f"no such unit of {o.power} in {o.location}", text=str(o)))
            else:
                moving = moving.evolve(units=tuple(u for u in moving.units if u != unit))
                lost_now.append(unit)
                own.append(Resolution(o.power, o, Outcome.SUCCESS, "disbanded", (Tag.DISBANDED,), text=str(o)))
        elif isinstance(o, Convert) and o.into is UnitType.GARRISON and not variant.rules.options.get("garrisons", True):
            own.append(Resolution(o.power, o, Outcome.ILLEGAL, "this game has no garrisons; the unit holds", text=str(o)))
        else:
            kept_orders.append(o)
    return moving, own, lost_now, kept_orders


def _rebel_support(variant: Variant, moving: Position, orders: Sequence[Order]) -> dict[str, str]:
    """rules §Effects of rebellions 6: a power the rebellion is not against gets one point of
    support moving into the rebelling province, when it alone tries (6.1, 6.4); so does its
    garrison converting out into the province (6.5). ``{province: power}``."""
    rebels = state_of(moving).rebellions_now()
    helped: dict[str, set] = {}
    for o in orders:
        if isinstance(o, Move):
            into = o.destination.province
        elif isinstance(o, Convert) and o.kind is UnitType.GARRISON and o.into is not UnitType.GARRISON:
            into = city_province(variant, o.location.province)
        else:
            continue
        if into in rebels and o.power != rebels[ProvinceId(into)].against:
            helped.setdefault(into, set()).add(o.power)
    return {prov: next(iter(ps)) for prov, ps in helped.items() if len(ps) == 1}


def _without_assassinated_holds(result: PhaseResult, held: list[Resolution]) -> list[Resolution]:
    """rules §Effects of assassination 1: an assassinated ruler's orders are answered so, in
    place of the hold the core answered."""
    swapped = {(r.power, r.order.location) for r in held if isinstance(r.order, UnitOrder)}
    return [r for r in result.resolutions
            if not (isinstance(r.order, UnitOrder) and (r.power, r.order.location) in swapped and r.text.endswith(" H")
                    and r.reason in ("held", f"{NO_ORDER}: held"))]


def _held(position: Position, orders: Sequence[Order]) -> set[ProvinceId]:
    """Provinces whose army or fleet held this campaign (ordered to hold, or given no order): what
    puts down a rebellion against its power (rules §Effects of rebellions 8.2)."""
    ordered = {o.location.province for o in orders if isinstance(o, UnitOrder) and type(o) is not Hold}
    return {u.province for u in position.units if u.kind is not UnitType.GARRISON and u.province not in ordered}


def play_movement(variant: Variant, position: Position, orders: Sequence[Order],
                  victims: AbstractSet[str] = frozenset(), strait_view: Position | None = None,
                  rebel_support: Mapping[str, str] | None = None) -> PhaseResult:
    """Play a Machiavelli movement phase (see the module's docstring). ``victims``: powers whose
    ruler was assassinated this campaign (their holds put no rebellion down); ``rebel_support``:
    the power each rebelling province supports (:func:`_rebel_support`).

    With the ``house_straits`` option off (rules §Special mapboard features 1 c, d, as written),
    a fleet that enters a fleetless Piombino or Messina this campaign, by a move or a garrison's
    conversion, blocks hostile fleets using the strait in the same campaign: the phase is played
    once, and if such a fleet arrived it is played again with that fleet counted as the keeper
    (``strait_view``: the position the straits are judged on)."""
    result = _play_movement(variant, position, orders, victims, strait_view or position, rebel_support)
    if strait_view is None and not variant.rules.options.get("house_straits", True):
        arrived = _fleets_arrived_in_straits(variant, position, result)
        if arrived:
            view = position.evolve(units=position.units + tuple(arrived))
            return _play_movement(variant, position, orders, victims, view, rebel_support)
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


_Siege = tuple[int, Unit, ProvinceId]
"""A besieger at work: its order's index, the unit, the city."""


@dataclass
class _Moves:
    """A movement phase at work: the orders turned into the core's (``core_orders``, each with its
    index among ``orders``), the orders answered here (``mine``, by index), the besiegers (by
    province), the conversions into a city that hold their province (without the house rule),
    the kind the core sees each converting garrison as, the orders that bounce in Venice as
    written whatever their strength (by index, with why: the core holds them), and notes."""

    variant: Variant
    position: Position
    strait_view: Position
    orders: Sequence[Order]
    sieges: Mapping[ProvinceId, Siege]
    mine: dict[int, Resolution] = field(default_factory=dict)
    core_orders: list[Order] = field(default_factory=list)
    core_index: list[int] = field(default_factory=list)
    besieging: dict[ProvinceId, _Siege] = field(default_factory=dict)
    converting_in: dict[ProvinceId, _Siege] = field(default_factory=dict)
    garrison_kind: dict[ProvinceId, UnitType] = field(default_factory=dict)
    bounced: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def option(self, name: str) -> bool:
        return bool(self.variant.rules.options.get(name, True))

    def node_loc(self, city: ProvinceId) -> Location:
        return Location(city_node(self.variant, city))

    def core_kind(self, city: ProvinceId) -> UnitType:
        """The kind the core sees the garrison of ``city`` as: the kind it converts into, else a
        fleet in Venice under the Lagoon house rule, else an army."""
        default = UnitType.FLEET if city_province(self.variant, city) != city else UnitType.ARMY
        return self.garrison_kind.get(city, default)

    def name(self, area: ProvinceId) -> str:
        return self.variant.board.provinces[area].name


def _play_movement(variant: Variant, position: Position, orders: Sequence[Order], victims: AbstractSet[str],
                   strait_view: Position, rebel_support: Mapping[str, str] | None = None) -> PhaseResult:
    """The movement phase's steps: the straits' permissions, each order turned into the core's,
    the core's adjudication on the board with city nodes, its answers and units brought back to
    the real board, the sieges, the dislodged units with no retreat, then control and, without
    retreats, the end of the campaign."""
    given = position
    held = sorted(_held(position, orders))
    moves = _Moves(variant, position, strait_view, orders, state_of(position).sieges_now())
    _garrison_kinds(moves)
    _straits_permissions(moves)
    for idx, o in enumerate(orders):
        _order_for_core(moves, idx, o)
    inner = core_variant(variant, nodes=True, rebel_support=rebel_support)
    res = adjudicate(inner, _on_city_nodes(moves), moves.core_orders)
    units, dislodged = _back_to_board(moves, inner, res)
    resolutions, extra_res = _answers(moves, inner, res)
    st, units, put_down = _play_sieges(moves, units, resolutions)
    kept, res = _without_retreat(moves, res, units, dislodged, st)
    after = with_state(res.next_position.evolve(units=tuple(units), dislodged=tuple(kept)), st)
    after = _rebellions_put_down(after, put_down)
    if res.next_position.phase.kind is PhaseKind.RETREAT and not kept:
        after = close_phase(core_variant(variant, nodes=False), moves.position, res.next_position.phase,
                            after.evolve(standoffs=frozenset()), (), [], []).next_position
    after = update_control(variant, after)
    after = special.carry(given, after, [r for r in resolutions if r is not None])
    lost = [_real_unit(variant, inner, u) for u in res.disbanded]
    notes = list(res.notes) + moves.notes
    campaign = Campaign(tuple(held), tuple(Power(v) for v in sorted(victims)), entered(given, after))
    if after.phase.kind is not PhaseKind.RETREAT:
        after, gone, more = end_of_campaign(variant, after, given.phase, campaign)
        lost += gone
        notes += more
    else:
        # The campaign ends after its retreats: keep what its last steps need till then.
        after = after.evolve(state=state_of(after).replace(campaign=campaign))
    final = [r for r in resolutions if r is not None] + extra_res
    won = winner_of(variant, after) if after.phase.kind is not PhaseKind.RETREAT else None
    return PhaseResult(given, tuple(final), after, tuple(lost), (), won, tuple(_clean(n) for n in notes))


def _garrison_kinds(moves: _Moves) -> None:
    """The kind each converting garrison takes in the core: the kind it converts into (rules
    §Conversion between unit types: converting is moving out of the city)."""
    for o in moves.orders:
        if isinstance(o, Convert) and o.kind is UnitType.GARRISON and o.into is not UnitType.GARRISON:
            moves.garrison_kind[o.location.province] = o.into


def _straits_permissions(moves: _Moves) -> None:
    """rules §Special mapboard features 1 k: ``Ally``/``Unally`` orders change who may pass a
    power's straits; they count for this phase's orders, and stay until withdrawn."""
    position = moves.position
    allowed: dict[Power, tuple[Power, ...]] = {
        p: tuple(sorted(set(v))) for p, v in (state_of(position).straits_allowed or {}).items()}
    for idx, o in enumerate(moves.orders):
        if isinstance(o, Ally):
            have = set(allowed.get(o.power, ()))
            have = have | {o.other} if o.allow else have - {o.other}
            allowed[o.power] = tuple(sorted(have))
            if not allowed[o.power]:
                allowed.pop(o.power)
            verb = "allowed" if o.allow else "no longer allowed"
            moves.mine[idx] = Resolution(o.power, o, Outcome.SUCCESS, f"{o.other} {verb} to use {o.power}'s straits", text=str(o))
    moves.position = position.evolve(state=state_of(position).replace(straits_allowed=allowed or None))
    view = moves.strait_view
    moves.strait_view = view.evolve(state=state_of(view).replace(straits_allowed=allowed or None))


def _order_for_core(moves: _Moves, idx: int, o: Order) -> None:
    """One order turned into the core's (a besiege or lift siege is a hold, a conversion a move
    between the city's node and its province), or answered here when it cannot be followed."""
    if isinstance(o, Ally):
        return
    if not isinstance(o, UnitOrder):
        moves.mine[idx] = Resolution(o.power, o, Outcome.ILLEGAL, "not an order of a movement phase", text=str(o))
        return
    if isinstance(o, Besiege):
        core, why = _besiege(moves, idx, o)
    elif isinstance(o, LiftSiege):
        u = _field(moves.position, o.power, o.location)
        core, why = (None, f"no army or fleet of {o.power} in {o.location.province}") if u is None else (Hold(o.power, u.kind, u.location), None)
    elif isinstance(o, Convert) and o.kind is UnitType.GARRISON:
        core, why = _garrison_converts(moves, o)
    elif isinstance(o, Convert):
        core, why = _converts_into_city(moves, idx, o)
    else:
        core, why = _other_order(moves, o)
    if why is None and core is not None:
        core = _venice_bounce(moves, idx, o, core)
    if why is None and core is not None and o.kind is not UnitType.GARRISON:
        core = _siege_abandoned(moves, o, core)
    if why is not None:
        moves.mine[idx] = _reject(o, why)
        return
    assert core is not None  # each step above gives the core an order or a reason not to
    moves.core_orders.append(core)
    moves.core_index.append(idx)


def _besiege(moves: _Moves, idx: int, o: Besiege) -> tuple[UnitOrder | None, str | None]:
    """rules §Sieges: an army or fleet besieges the garrison of its province's walled city (a
    fleet only a port's; Venice only by a fleet on the Lagoon, seed 000; never Venice's garrison
    without the Lagoon house rule, rules §Special mapboard features 5 f); a rebelling city by
    the power it is against (§Effects of rebellions 8.1). Besieging one's own garrison: a hold
    ("self-sieges")."""
    variant, position = moves.variant, moves.position
    u = _field(position, o.power, o.location)
    city = city_of(variant, o.location.province)
    owner = garrison_owner(position, city) if city else None
    if u is None:
        return None, f"no army or fleet of {o.power} in {o.location.province}"
    if city is None:
        return None, f"there is no walled city in {moves.name(o.location.province)}"
    if owner is None and not rebel_city_against(position, city, o.power):
        return None, f"no garrison in {moves.name(city)} to besiege"
    if u.kind is UnitType.FLEET and not is_port(variant, city):
        return None, "a fleet besieges only a port city"
    if city_province(variant, city) != city and u.kind is not UnitType.FLEET:
        return None, "Venice is besieged by a fleet only (seed 000)"
    if venice_as_written(variant, city):
        return None, "a garrison in Venice is never besieged (rules §Special mapboard features 5 f)"
    if owner != o.power:
        moves.besieging[u.province] = (idx, u, city)
    else:
        moves.notes.append(f"{o.power}'s {u.kind.noun} in {u.province} besieges its own garrison: it holds.")
    return Hold(o.power, u.kind, u.location), None


def _garrison_converts(moves: _Moves, o: Convert) -> tuple[UnitOrder | None, str | None]:
    """rules §Conversion between unit types: a garrison becomes an army or (in a port) a fleet in
    its province, a move out of the city's node; in Venice only a fleet on the Lagoon (seed 000);
    a besieged garrison converts only under the house rule (seed 000 GARRISONS/CONVERT ORDERS,
    option ``house_besieged_garrison_converts``; rules §Sieges forbids it)."""
    variant = moves.variant
    city = o.location.province
    g = _garrison(moves.position, o.power, city)
    prov = city_province(variant, city)
    if g is None:
        return None, f"no garrison of {o.power} in {moves.name(city)}"
    if o.into is UnitType.GARRISON:
        return None, "a garrison converts into an army or a fleet"
    if prov != city and o.into is not UnitType.FLEET:
        return None, "a garrison in Venice converts only into a fleet on the Lagoon (seed 000)"
    if o.into is UnitType.FLEET and not is_port(variant, city):
        return None, "a fleet can be converted only in a port city"
    if o.into is UnitType.ARMY and variant.board.provinces[prov].terrain is Terrain.SEA:
        return None, "an army cannot stand at sea"
    if city in moves.sieges and not moves.option("house_besieged_garrison_converts"):
        return None, "a besieged garrison cannot convert (rules §Sieges)"
    return Move(o.power, o.into, moves.node_loc(city), Location(prov, o.coast)), None


def _converts_into_city(moves: _Moves, idx: int, o: Convert) -> tuple[UnitOrder | None, str | None]:
    """rules §Conversion between unit types: an army or fleet (a fleet only in a port) becomes the
    garrison of its province's empty walled city, not one rebelling against it (§Effects of
    rebellions 5.3); Venice's only from the Lagoon (seed 000). Under the house rule (seed 000,
    option ``house_conversion_leaves_province``) it leaves its province open, a move into the
    city's node; else, and in Venice as written, it holds the province while it converts."""
    variant, position = moves.variant, moves.position
    u = _field(position, o.power, o.location)
    city = city_of(variant, o.location.province)
    if u is None:
        return None, f"no army or fleet of {o.power} in {o.location.province}"
    if o.into is not UnitType.GARRISON:
        return None, "an army or a fleet converts into a garrison (and back the next campaign)"
    if city is None:
        return None, f"there is no walled city in {moves.name(o.location.province)}"
    if garrison_owner(position, city) is not None:
        return None, f"{moves.name(city)} already has a garrison"
    if rebel_city_against(position, city, o.power):
        return None, f"{moves.name(city)} is in rebellion against {o.power}: no conversion into it (rules §Effects of rebellions 5.3)"
    if u.kind is UnitType.FLEET and not is_port(variant, city):
        return None, "a fleet can be converted only in a port city"
    if city_province(variant, city) != city and u.kind is not UnitType.FLEET:
        return None, "only a fleet on the Lagoon garrisons Venice (seed 000)"
    if moves.option("house_conversion_leaves_province") and not venice_as_written(variant, city):
        return Move(o.power, u.kind, u.location, moves.node_loc(city)), None
    # Holding the province while converting; in Venice as written always (rules §Special
    # mapboard features 5 d: an equal attack bounces and the conversion succeeds, a greater one
    # eliminates the unit, which has no retreat).
    moves.converting_in[u.province] = (idx, u, city)
    return Hold(o.power, u.kind, u.location), None


def _other_order(moves: _Moves, o: UnitOrder) -> tuple[UnitOrder | None, str | None]:
    """Any other order, in the core's terms (a garrison on its city's node); a fleet's passage
    through a strait its keeper denies (seed 000 STRAITS); no move into Venice's city under the
    Lagoon house rule (seed 000; without it, see :func:`_venice_bounce`)."""
    variant = moves.variant
    core = _as_core(moves, o)
    why = None
    if o.kind is not UnitType.GARRISON:
        why = strait_problem(variant, moves.strait_view, o, moves.orders)
        if isinstance(o, Move) and city_province(variant, o.destination.province) != o.destination.province:
            why = "under the Lagoon house rule only a garrison stands in Venice: a fleet on the Lagoon enters it by converting"
    else:
        why = _garrison_reach(moves, o)
    return core, why


def _garrison_reach(moves: _Moves, o: UnitOrder) -> str | None:
    """rules §Garrison units: a garrison "can only hold, support actions into its corresponding
    province or convert back to a fleet or army" (its province: the Lagoon for Venice's under the
    Lagoon house rule, seed 000). A garrison's move or support beyond its province, told as the
    garrison's rule: the core, which sees a garrison as an army or fleet on its city's node (a
    node that borders its province alone), would refuse it too, but would say that "the army in"
    the city cannot reach the place."""
    own = city_province(moves.variant, o.location.province)
    if isinstance(o, Move) and o.destination.province != own:
        return (f"a garrison does not move: it holds, supports into {moves.name(own)} or converts into an army "
                "or fleet there (rules §Garrison units)")
    into = o.destination if isinstance(o, SupportMove) else o.target if isinstance(o, SupportHold) else None
    if into is not None and into != own:
        return f"a garrison supports only into its own province, {moves.name(own)} (rules §Garrison units)"
    return None


def _venice_bounce(moves: _Moves, idx: int, o: UnitOrder, core: UnitOrder) -> UnitOrder:
    """Venice as written (the Lagoon house rule off; rules §Special mapboard features 5), where
    "Only *one* unit may be in Venice": a move into Venice holding a garrison bounces (5 a), as
    does one by the power a rebellion in Venice is against ("the rebelling unit will bounce any of
    his units", 5 i); a garrison's conversion out "will bounce if Venice is attacked. This is
    regardless of strengths" (5 e). Such an order is a hold for the core, answered as a bounce."""
    variant, position = moves.variant, moves.position
    why = None
    if isinstance(o, Move) and venice_as_written(variant, o.destination.province):
        venice = o.destination.province
        if garrison_owner(position, venice) is not None:
            why = "bounces: only one unit may be in Venice, and a garrison holds it (rules §Special mapboard features 5 a, e)"
        elif rebel_city_against(position, venice, o.power):
            why = f"bounces off the rebels of Venice, in rebellion against {o.power} (rules §Special mapboard features 5 i)"
    elif (isinstance(o, Convert) and o.kind is UnitType.GARRISON and venice_as_written(variant, o.location.province)
          and _attacked(moves, o.location.province)):
        why = "bounces: Venice is attacked (rules §Special mapboard features 5 e)"
    if why is None:
        return core
    moves.bounced[idx] = why
    return Hold(core.power, core.kind, core.location)


def _attacked(moves: _Moves, area: ProvinceId) -> bool:
    """Is an army or fleet ordered to move into ``area`` this campaign?"""
    return any(isinstance(o, Move) and o.destination.province == area and _field(moves.position, o.power, o.location)
               for o in moves.orders)


def _as_core(moves: _Moves, order: UnitOrder) -> UnitOrder:
    """``order`` as the core sees it: a garrison's from its city's node; a support of a garrison
    (or of a move into its own city) given to the node."""
    variant = moves.variant
    if order.kind is UnitType.GARRISON:
        order = dataclasses.replace(order, kind=moves.core_kind(order.location.province),
                                    location=moves.node_loc(order.location.province))
    if isinstance(order, SupportMove) and (order.target_kind is UnitType.GARRISON or order.target == order.destination):
        order = dataclasses.replace(order, target=city_node(variant, order.target), target_kind=None)
    elif isinstance(order, (SupportMove, SupportHold, Convoy)) and order.target_kind is UnitType.GARRISON:
        order = dataclasses.replace(order, target_kind=None)
    return order


def _siege_abandoned(moves: _Moves, o: UnitOrder, core: UnitOrder) -> UnitOrder:
    """rules §Sieges: a besieger in its siege's second campaign that orders anything but besiege
    (or lift siege) holds, and its siege ends."""
    city = city_of(moves.variant, o.location.province)
    s = moves.sieges.get(city) if city else None
    if s and city and s.unit == o.location.province and s.by == o.power and not isinstance(o, (Besiege, LiftSiege)):
        if garrison_owner(moves.position, city) not in (None, o.power):
            moves.notes.append(f"{o.power}'s {o.kind.noun} in {o.location.province} was besieging {city}: its order '{o}' is changed to hold and the siege ends.")
            return Hold(o.power, o.kind, o.location)
    return core


def _on_city_nodes(moves: _Moves) -> Position:
    """The position the core sees: garrisons on their city nodes."""
    cunits = []
    for u in moves.position.units:
        if u.kind is UnitType.GARRISON:
            cunits.append(Unit(u.power, moves.core_kind(u.province), moves.node_loc(u.province)))
        else:
            cunits.append(u)
    return moves.position.evolve(units=tuple(cunits))


def _real_unit(variant: Variant, inner: Variant, u: Unit) -> Unit:
    """A unit of the core's board on the real board: on a city node, the city's garrison."""
    prov = inner.board.provinces[u.province]
    if "city_node" in prov.flags:
        return Unit(u.power, UnitType.GARRISON, Location(ProvinceId(prov.flags["city_node"])))
    if city_province(variant, u.province) != u.province:
        return Unit(u.power, UnitType.GARRISON, u.location)  # Venice: only a garrison stands there
    return u


def _back_to_board(moves: _Moves, inner: Variant, res: PhaseResult) -> tuple[list[Unit], tuple[Dislodged, ...]]:
    """The core's units and dislodged units on the real board; a conversion into a city that held
    its province (without the house rule) becomes the garrison."""
    nxt = res.next_position
    units = [_real_unit(moves.variant, inner, u) for u in nxt.units]
    for _idx, u, city in moves.converting_in.values():
        if u in units:
            units.remove(u)
            units.append(Unit(u.power, UnitType.GARRISON, Location(city)))
    dislodged = tuple(
        Dislodged(_real_unit(moves.variant, inner, d.unit), (ProvinceId(d.attacker_from.split("#")[0]) if d.attacker_from else None))
        for d in nxt.dislodged
    )
    return units, dislodged


def _answers(moves: _Moves, inner: Variant, res: PhaseResult) -> tuple[list[Resolution | None], list[Resolution]]:
    """The answers, by the phase's orders (the core's put back on the orders given, with the
    variant's words for a besiege, a lift siege and a conversion), and the core's own answers
    for units given no order."""
    resolutions: list[Resolution | None] = [moves.mine.get(i) for i in range(len(moves.orders))]
    n_core = len(moves.core_orders)
    for k, r in enumerate(res.resolutions[:n_core]):
        i = moves.core_index[k]
        o = moves.orders[i]
        r = dataclasses.replace(r, order=o, text=str(o), reason=_clean(r.reason))
        if isinstance(o, Besiege) and r.outcome is Outcome.SUCCESS:
            r = dataclasses.replace(r, reason="besieging")
        elif isinstance(o, LiftSiege) and r.outcome is Outcome.SUCCESS:
            r = dataclasses.replace(r, reason="siege lifted; held")
        elif isinstance(o, Convert) and r.outcome is Outcome.SUCCESS:
            r = dataclasses.replace(r, reason=f"converted into a {o.into.noun}")
        if i in moves.bounced:
            r = dataclasses.replace(r, outcome=Outcome.FAILURE, reason=moves.bounced[i])
        resolutions[i] = r
    extra_res = [dataclasses.replace(r, order=_real_order(moves.variant, inner, r.order), reason=_clean(r.reason))
                 for r in res.resolutions[n_core:]]
    return resolutions, extra_res


def _play_sieges(moves: _Moves, units: list[Unit], resolutions: list[Resolution | None]
                 ) -> tuple[MachiavelliState, list[Unit], list[str]]:
    """rules §Sieges: a besieger that held begins a siege, or completes the siege it began in the
    previous campaign, and the garrison is eliminated; a rebelling city besieged twice by the
    power it is against ends its rebellion (§Effects of rebellions 8.1). Every other siege
    lapses. The new state, the units, and the cities whose rebellion was put down."""
    position, sieges = moves.position, moves.sieges
    st = state_of(position)
    new_sieges: dict[ProvinceId, Siege] = {}
    autonomous = sorted(st.autonomous or ())
    put_down: list[str] = []
    for prov, (idx, u, city) in moves.besieging.items():
        # A besieger's order went to the core (a Hold), whose resolution was set already.
        r = cast(Resolution, resolutions[idx])
        if u not in units or (r is not None and r.outcome is not Outcome.SUCCESS):
            continue
        s = sieges.get(city)
        second = bool(s and s.by == u.power and s.unit == prov)
        rebels = garrison_owner(position, city) is None and rebel_city_against(position, city, u.power)
        if not rebels and _garrison_gone(position, city, units, autonomous):
            continue  # the garrison left (converted) or is gone
        name = moves.name(city)
        if not second:
            new_sieges[city] = Siege(u.power, prov)
            resolutions[idx] = dataclasses.replace(r, reason=f"siege of the rebels in {name} begun" if rebels else f"siege of {name} begun")
        elif rebels:
            put_down.append(city)
            resolutions[idx] = dataclasses.replace(r, reason=f"siege completed: the rebellion in {name} is put down")
            moves.notes.append(f"{u.power} puts down the rebellion in {name} after a siege.")
        else:
            if city in autonomous:
                autonomous.remove(city)
            units = [g for g in units if not (g.kind is UnitType.GARRISON and g.province == city)]
            resolutions[idx] = dataclasses.replace(r, reason=f"siege completed: the garrison of {name} is eliminated")
            moves.notes.append(f"{u.power} takes {name} after a siege.")
    return st.replace(sieges=new_sieges, autonomous=tuple(autonomous)), units, put_down


def _garrison_gone(position: Position, city: ProvinceId, units: list[Unit], autonomous: list[ProvinceId]) -> bool:
    """Is the besieged city's garrison gone (converted out, or eliminated this campaign)? A
    city with no garrison of a power's, or whose power's garrison no longer stands there
    (an autonomous garrison stays while the city is listed autonomous)."""
    if garrison_owner(position, city) is None:
        return True
    return not any(g.province == city and g.kind is UnitType.GARRISON for g in units) and city not in autonomous


def _without_retreat(moves: _Moves, res: PhaseResult, units: list[Unit], dislodged: tuple[Dislodged, ...],
                     st: MachiavelliState) -> tuple[list[Dislodged], PhaseResult]:
    """The core saw the city nodes as places to retreat to; on the real board a dislodged unit
    with no retreat (nor a city to retreat into, :func:`retreat_city`) is disbanded now."""
    probe = res.next_position.evolve(units=tuple(units))
    kept = []
    for d in dislodged:
        if retreat_places(moves.variant, probe, d) or retreat_city(moves.variant, probe.evolve(state=st), d):
            kept.append(d)
        else:
            res = dataclasses.replace(res, disbanded=res.disbanded + (d.unit,))
            moves.notes.append(f"{d.unit.power}'s {d.unit.kind.noun} in {moves.name(d.unit.province)} was dislodged with nowhere to retreat and is disbanded.")
    return kept, res


def _rebellions_put_down(after: Position, put_down: list[str]) -> Position:
    """rules §Effects of rebellions 8.1: a rebellion whose city was taken by siege ends."""
    if not put_down:
        return after
    st = state_of(after)
    rebels = {a: r for a, r in st.rebellions_now().items() if a not in put_down}
    return after.evolve(state=st.replace(rebellions=rebels or None))


def _reject(order: Order, why: str) -> Resolution:
    return Resolution(order.power, order, Outcome.ILLEGAL, f"{why}; the unit holds", text=str(order))


def _field(position: Position, power: Power, loc: Location) -> Unit | None:
    u = position.unit_in(loc.province)
    return u if u is not None and u.power == power else None


def _garrison(position: Position, power: Power, city: ProvinceId) -> Unit | None:
    return next((u for u in position.units_at(city) if u.kind is UnitType.GARRISON and u.power == power), None)


def _clean(text: str) -> str:
    return text.replace(" (city)", "")


def _real_order(variant: Variant, inner: Variant, order: Order | None) -> Order | None:
    if not isinstance(order, UnitOrder):
        return order
    prov = inner.board.provinces.get(order.location.province)
    if prov is not None and "city_node" in prov.flags:
        return dataclasses.replace(order, kind=UnitType.GARRISON, location=Location(ProvinceId(prov.flags["city_node"])))
    return order
