"""Machiavelli (1454, Balance of Power) with our house rules (seed 000) and income rules (seed 001).

The board and the tables are data (``variants/machiavelli/``); this module holds the rules that
are not. What is done, and how the variant's state is kept between phases:

State in :attr:`Position.extra` (plain data, top-level keys of the position file):

``treasury``
    ``{power: ducats}``.
``province_control`` / ``city_control``
    ``{area: power}``: who controls each land province (and, under the Venice house rule, the
    Lagoon) and each city, apart (seed 001: "the last player to have a unit in a province").
    ``Autonomous`` is the pseudo-power of the autonomous garrisons.
``autonomous``
    ``[city, ...]``: the cities holding an autonomous garrison. Autonomous garrisons are not
    units of ``Position.units``: the position file's ``units`` accepts only the variant's powers,
    and the game layer treats every power as a player. They only hold (rules §Autonomous
    garrisons), so the movement core never needs them.
``sieges``
    ``{city: {"by": power, "unit": province}}``: a siege begun by a first besiege order in the
    previous campaign; a second consecutive besiege order takes the city (rules §Sieges).
``home_countries``
    ``{home power: controlling power}`` while it differs from the home power (conquest).
``eliminated``
    ``[power, ...]``.
``straits_allowed``
    ``{keeper: [powers]}``: the ``Ally`` permissions for the straits, kept until withdrawn.
``dice_seed``
    The seed of the income dice (the game layer supplies it); ``income`` the last income paid,
    with the dice, for the reports.

Phases: the calendar is Spring, Summer and Fall, each a movement and its retreats, then Winter
Income and Winter Adjustment. Seed 001 puts income "prior to spring movement"; it is a phase of
its own (no orders) so that players know their money before they order their builds. The
Adjustment (upkeep and builds) is :mod:`judge.variants.machiavelli_adjustment`.

Movement with garrisons: each city is given a node of its own, ``XXX#G``, joined to its province
by an army edge (and a fleet edge for a port), on a copy of the board that only this module
sees. A garrison stands on that node for the core; converting out of the city is a move from the
node into the province and converting into the city a move from the province into the node. So
the core decides conversions like any other move, with equal strength (seed 000 GARRISONS/CONVERT
ORDERS): a supported garrison dislodges its besieger, and an army converting leaves its province
open to a simultaneous advance. Under the Venice house rule the city is Venice itself and its
province the Lagoon.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import AbstractSet, Any, Mapping, Sequence

from ...core.board import Board, Terrain
from ...core.errors import AmbiguousOrder, InvalidOrder
from ...core.orders import Move, Order, UnitOrder
from ...core.types import Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Calendar, Rules, Variant

__all__ = [
    "CALENDAR", "RULES", "MachiavelliRules", "AUTONOMOUS", "Ally", "Besiege", "Maintain", "LiftSiege", "Convert",
    "start_position", "income", "state",
]

CALENDAR = Calendar(
    steps=(
        ("Spring", PhaseKind.MOVEMENT),
        ("Spring", PhaseKind.RETREAT),
        ("Summer", PhaseKind.MOVEMENT),
        ("Summer", PhaseKind.RETREAT),
        ("Fall", PhaseKind.MOVEMENT),
        ("Fall", PhaseKind.RETREAT),
        ("Winter", PhaseKind.INCOME),
        ("Winter", PhaseKind.ADJUSTMENT),
    ),
    captures=frozenset({"Spring", "Summer", "Fall"}),
)
"""variant.yaml ``sequence``: three campaigns, each movement then retreats; then the Winter
income (seed 001: before Spring movement) and adjustment."""

AUTONOMOUS = Power("Autonomous")
"""The pseudo-power of the autonomous garrisons (in control tables only)."""

CITY_SUFFIX = "#G"


# -- the variant's own orders --------------------------------------------------------------------


@dataclass(frozen=True)
class Besiege(UnitOrder):
    """An army or fleet besieges the enemy garrison in its province's city (rules §Sieges)."""

    def __str__(self) -> str:
        return f"{self.unit_text} besiege"


@dataclass(frozen=True)
class LiftSiege(UnitOrder):
    """The besieging unit ends its siege and holds (rules §Sieges)."""

    def __str__(self) -> str:
        return f"{self.unit_text} lift siege"


@dataclass(frozen=True)
class Convert(UnitOrder):
    """An army or fleet becomes the garrison of its province's city, or a garrison an army or a
    fleet in its province (rules §Conversion between unit types)."""

    into: UnitType = UnitType.GARRISON
    coast: str | None = None

    def __str__(self) -> str:
        tail = f"/{self.coast}" if self.coast else ""
        return f"{self.unit_text} C {self.into.value}{tail}"


@dataclass(frozen=True)
class Maintain(UnitOrder):
    """Adjustment: pay the unit's upkeep and keep it (rules §Military unit adjustments)."""

    def __str__(self) -> str:
        return f"Maintain {self.unit_text}"


@dataclass(frozen=True)
class Ally(Order):
    """Straits: ``power`` lets ``other`` pass (``allow``) or no longer (rules §Special mapboard
    features 1 k). Kept from phase to phase in ``extra['straits_allowed']``."""

    other: Power = Power("")
    allow: bool = True

    def __str__(self) -> str:
        return f"{'Ally' if self.allow else 'Unally'} {self.other}"


# -- state ---------------------------------------------------------------------------------------


def _data(variant: Variant) -> Mapping[str, Any]:
    return variant.data


def cities(board: Board) -> list[ProvinceId]:
    """Areas with a city worth income (``city=N``)."""
    return sorted(p.id for p in board.provinces.values() if p.flags.get("city"))


def city_value(board: Board, city: ProvinceId) -> int:
    return int(board.provinces[city].flags.get("city") or 0)


def is_land(board: Board, pid: ProvinceId) -> bool:
    return board.provinces[pid].terrain in (Terrain.LAND, Terrain.COAST)


def garrisonable(board: Board, pid: ProvinceId, options: Mapping[str, Any]) -> bool:
    """May a garrison stand in ``pid``: a walled city, or a fortress with the option on."""
    flags = board.provinces[pid].flags
    return "fortified" in flags or ("fortress" in flags and bool(options.get("fortresses")))


def state(position: Position) -> dict[str, Any]:
    """A deep-enough copy of the variant's state, with every key present."""
    ex = position.extra
    return {
        "treasury": {str(k): int(v) for k, v in (ex.get("treasury") or {}).items()},
        "province_control": {str(k): str(v) for k, v in (ex.get("province_control") or {}).items()},
        "city_control": {str(k): str(v) for k, v in (ex.get("city_control") or {}).items()},
        "autonomous": sorted(str(c) for c in (ex.get("autonomous") or [])),
        "sieges": {str(k): dict(v) for k, v in (ex.get("sieges") or {}).items()},
        "home_countries": {str(k): str(v) for k, v in (ex.get("home_countries") or {}).items()},
        "eliminated": sorted(str(p) for p in (ex.get("eliminated") or [])),
    }


def _with_state(position: Position, st: Mapping[str, Any], **more: Any) -> Position:
    extra = {k: v for k, v in position.extra.items()}
    for k, v in st.items():
        if v or k in ("treasury", "province_control", "city_control"):
            extra[k] = v
        else:
            extra.pop(k, None)
    extra.update(more)
    centres = {ProvinceId(c): Power(p) for c, p in st["city_control"].items() if p != AUTONOMOUS}
    return position.evolve(extra=extra, supply_centers=centres)


def _initialised(variant: Variant, position: Position) -> Position:
    """``position`` with the start's control, treasuries and autonomous garrisons filled in where
    the file gives none (the variant's start as the loader builds it has none)."""
    if "province_control" in position.extra and "city_control" in position.extra:
        return position
    data = _data(variant)
    board = variant.board
    st = state(position)
    if "treasury" not in position.extra:
        st["treasury"] = {p: int((data["powers"][p] or {}).get("treasury", 0)) for p in variant.powers}
    if "autonomous" not in position.extra:
        st["autonomous"] = sorted(str(u).split()[1].upper() for u in (data.get("autonomous") or {}).get("units", []))
    pc: dict[str, str] = {}
    cc: dict[str, str] = {}
    for power in variant.powers:
        for h in variant.homes(power):
            pc[h] = power
            if board.provinces[h].flags.get("city"):
                cc[h] = power
    for c in st["autonomous"]:
        pc[c] = AUTONOMOUS
        cc[c] = AUTONOMOUS
    lagoon = (data.get("start") or {}).get("lagoon_controller")
    if lagoon and variant.rules.options.get("house_venice_lagoon", True):
        pc["LAG"] = lagoon
    st["province_control"], st["city_control"] = pc, cc
    pos = _with_state(position, st)
    return _update_control(variant, pos)


def start_position(variant: Variant, dice_seed: Any = None) -> Position:
    """The 1454 start (Winter 1453 Income) with control, treasuries and autonomous garrisons."""
    pos = _initialised(variant, variant.start)
    if dice_seed is not None:
        pos = pos.evolve(extra={**pos.extra, "dice_seed": dice_seed})
    return pos


def _lagoon_rule(variant: Variant) -> bool:
    return bool(variant.rules.options.get("house_venice_lagoon", True))


def city_province(variant: Variant, city: ProvinceId) -> ProvinceId:
    """The province a city's garrison converts into and its besieger stands in: the city's own
    area, except Venice under the Lagoon house rule, whose province is the Lagoon."""
    if _lagoon_rule(variant) and "venice" in variant.board.provinces[city].flags:
        return ProvinceId("LAG")
    return city


def _update_control(variant: Variant, position: Position) -> Position:
    """The last unit in an area controls it (seed 001; rules §Control of provinces and cities):
    a field unit takes the province, and the city too when it has no garrison; a garrison takes
    its city, and the province when no field unit stands there."""
    board = variant.board
    st = state(position)
    pc, cc = st["province_control"], st["city_control"]
    lagoon = _lagoon_rule(variant)
    garrisons: dict[ProvinceId, str] = {c: AUTONOMOUS for c in st["autonomous"]}
    for u in position.units:
        if u.kind is UnitType.GARRISON:
            garrisons[u.province] = u.power
    for u in position.units:
        if u.kind is UnitType.GARRISON:
            continue
        p = u.province
        if is_land(board, p):
            pc[p] = u.power
            if board.provinces[p].flags.get("city") and p not in garrisons:
                cc[p] = u.power
        elif lagoon and "lagoon" in board.provinces[p].flags and u.kind is UnitType.FLEET:
            pc[p] = u.power
    for city, owner in garrisons.items():
        if board.provinces[city].flags.get("city"):
            cc[city] = owner
        prov = city_province(variant, city)
        if prov != city:
            # seed 000: the Lagoon is the last power's whose fleet occupied it (or the original
            # owner's), never the garrison's in Venice; Venice's own area is the garrison's.
            pc[city] = owner
        elif position.unit_in(prov) is None:
            pc[prov] = owner
    return _with_state(position, st)


# -- income (seed 001) ---------------------------------------------------------------------------


def _home_controller(variant: Variant, st: Mapping[str, Any], home: str) -> str | None:
    """Who draws the variable income of ``home``'s country: its power while not eliminated and
    not conquered, a conqueror (``home_countries``), or nobody."""
    if home in st["home_countries"]:
        return st["home_countries"][home]
    if home in st["eliminated"]:
        return None
    return home


def _dice(position: Position, dice_seed: Any, purpose: str = "income") -> Any:
    """The phase's dice for ``purpose`` (see :func:`judge.variants.machiavelli_money.dice`)."""
    from .money import dice

    if dice_seed is not None:
        position = position.evolve(extra={**position.extra, "dice_seed": dice_seed})
    return dice(position, purpose)


def income(variant: Variant, position: Position, dice_seed: Any = None) -> dict[str, dict[str, Any]]:
    """Each power's income this phase (seed 001), with its parts and the dice rolled.

    1 ducat per controlled province (land, and the Lagoon under its house rule); the city's value
    per controlled city not under siege; 1 per sea area with one of the power's fleets; and the
    variable income of each home country it holds (and of Genoa, with the city of Genoa), rolled
    on ``rolls`` dice (rules §Income). With the ``dice`` option off every die reads 4 in an odd
    year and 3 in an even one (the phase's year, as njudge labels the Fall adjustment).
    """
    board = variant.board
    data = _data(variant)
    st = state(position)
    rng = _dice(position, dice_seed)
    use_dice = bool(variant.rules.options.get("dice", True))
    fixed = (data.get("income") or {}).get("no_dice_roll") or {"odd_years": 4, "even_years": 3}
    fixed_die = fixed["odd_years"] if position.phase.year % 2 else fixed["even_years"]
    out: dict[str, dict[str, Any]] = {
        p: {"provinces": 0, "cities": 0, "seas": 0, "variable": 0, "dice": {}, "total": 0}
        for p in variant.powers if p not in st["eliminated"]
    }
    from .money import income_blocked

    # Famine and rebellion: the area yields nothing (a garrisoned city still does).
    no_province, no_city = income_blocked(position)
    for prov, owner in st["province_control"].items():
        if owner in out and prov not in no_province:
            out[owner]["provinces"] += int((data.get("income") or {}).get("province", 1))
    for city, owner in st["city_control"].items():
        if owner in out and city not in st["sieges"] and city not in no_city:
            out[owner]["cities"] += city_value(board, ProvinceId(city))
    lagoon = _lagoon_rule(variant)
    for u in position.units:
        prov = board.provinces[u.province]
        if u.kind is UnitType.FLEET and prov.terrain is Terrain.SEA and u.power in out:
            if lagoon and "lagoon" in prov.flags:
                continue  # counted as a province
            out[u.power]["seas"] += int((data.get("income") or {}).get("sea_with_fleet", 1))

    def roll(table: Mapping[str, Any]) -> list[int]:
        n = int(table.get("rolls", 1))
        return [rng.d6() if use_dice else fixed_die for _ in range(n)]

    var = data.get("variable_income") or {}
    for home, table in (var.get("home_countries") or {}).items():
        dice = roll(table)
        who = _home_controller(variant, st, home)
        if who in out:
            out[who]["dice"][home] = dice
            out[who]["variable"] += sum(table["ducats"][d - 1] for d in dice)
    for city, table in (var.get("cities") or {}).items():
        dice = roll(table)
        who = st["city_control"].get(city)
        if who in out and city not in st["sieges"]:
            out[who]["dice"][city] = dice
            out[who]["variable"] += sum(table["ducats"][d - 1] for d in dice)
    for rec in out.values():
        rec["total"] = rec["provinces"] + rec["cities"] + rec["seas"] + rec["variable"]
    return out


def _play_income(variant: Variant, position: Position, dice_seed: Any = None) -> "Any":
    from ...core.phases import close_phase

    position = _initialised(variant, position)
    if not variant.rules.options.get("money", True):
        # The Basic game: no money (a game may open on this phase).
        return close_phase(variant, position, position.phase, position, (), [], ["The Basic game has no income."])
    paid = income(variant, position, dice_seed)
    st = state(position)
    for p, rec in paid.items():
        st["treasury"][p] = st["treasury"].get(p, 0) + rec["total"]
    after = _with_state(position, st, income=paid)
    notes = [
        f"{p} receives {rec['total']} ducats: {rec['provinces']} for provinces, {rec['cities']} for cities, "
        f"{rec['seas']} for seas, {rec['variable']} variable income (dice {rec['dice']})."
        for p, rec in paid.items()
    ]
    return close_phase(variant, position, position.phase, after, (), [], notes)


# -- campaigns: elimination, home countries ------------------------------------------------------


def _end_of_campaign(variant: Variant, position: Position, played: Phase | None = None,
                     held: AbstractSet[ProvinceId] = frozenset(), victims: AbstractSet[str] = frozenset()) -> tuple[Position, list[Unit], list[str]]:
    """The steps after a campaign's retreats: rebellions, famine, plague and storms
    (:func:`judge.variants.machiavelli_money.after_campaign`), then conquest of home countries
    and elimination (seed 001; rules §Control and conquest of home countries, §Player
    elimination)."""
    from .money import after_campaign

    pre_lost: list[Unit] = []
    pre_notes: list[str] = []
    if played is not None:
        position, pre_lost, pre_notes = after_campaign(variant, position, played, held, victims)
        position = _update_control(variant, position)
    board = variant.board
    st = state(position)
    pc, cc = st["province_control"], st["city_control"]
    notes: list[str] = []
    for home in variant.powers:
        areas = list(variant.homes(home))
        owners = {pc.get(a) for a in areas} | {cc.get(a) for a in areas if board.provinces[a].flags.get("city")}
        holder = st["home_countries"].get(home)
        if holder is not None and holder not in owners:
            # A conquered home country is lost with the last of its provinces and cities.
            st["home_countries"].pop(home)
            notes.append(f"{holder} loses the home country of {home}.")
        if len(owners) == 1:
            (who,) = owners
            if who and who not in (AUTONOMOUS, home) and who not in st["eliminated"] and who != holder:
                st["home_countries"][home] = who
                notes.append(f"{who} conquers the home country of {home}.")
    lost: list[Unit] = []
    units = list(position.units)
    for power in variant.powers:
        if power in st["eliminated"]:
            continue
        homes_held = [h for h in variant.powers if _home_controller(variant, st, h) == power]
        homes = [a for h in homes_held for a in variant.homes(h) if board.provinces[a].flags.get("city")]
        if not any(cc.get(a) == power for a in homes):
            st["eliminated"].append(power)
            gone = [u for u in units if u.power == power]
            lost += gone
            units = [u for u in units if u.power != power]
            notes.append(f"{power} controls no city in its home country and is eliminated.")
            # rules §Player elimination: "all of his provinces and cities revert to unowned
            # status" (conquered home countries with them); a garrison of another power left
            # in one of them takes its province (§Control 3).
            for table in (pc, cc):
                for area in [a for a, who in table.items() if who == power]:
                    del table[area]
            for home in [h for h, who in st["home_countries"].items() if who == power]:
                del st["home_countries"][home]
    st["eliminated"].sort()
    from .special import prune

    out = _with_state(position.evolve(units=tuple(units)), st)
    if lost:
        out = _update_control(variant, out)
    return prune(out), pre_lost + lost, pre_notes + notes


def winner_of(variant: Variant, position: Position) -> Power | None:
    """rules §Victory (advanced game): the one power controlling ``victory.cities`` cities and
    ``victory.home_countries`` home countries (its own or conquered, each with at least one of
    its cities controlled). Two at once: nobody (the rules leave a tie to the GM)."""
    board = variant.board
    goal = (_data(variant).get("victory") or {})
    need_cities = int(goal.get("cities", variant.victory_centres))
    need_homes = int(goal.get("home_countries", 1))
    st = state(position)
    found = []
    for power in variant.powers:
        if power in st["eliminated"]:
            continue
        n = sum(1 for c, p in st["city_control"].items() if p == power and board.provinces[ProvinceId(c)].is_supply_center)
        homes = [h for h in variant.powers if _home_controller(variant, st, h) == power
                 and any(st["city_control"].get(a) == power for a in variant.homes(h))]
        if n >= need_cities and len(homes) >= need_homes:
            found.append(power)
    return found[0] if len(found) == 1 else None


# -- straits (seed 000 STRAITS) ------------------------------------------------------------------


def _strait_edges(variant: Variant) -> dict[frozenset, ProvinceId]:
    out: dict[frozenset, ProvinceId] = {}
    for info in (_data(variant).get("straits") or {}).values():
        for a, b in info.get("edges", []):
            out[frozenset((ProvinceId(a), ProvinceId(b)))] = ProvinceId(info["controller"])
    return out


def strait_denied(variant: Variant, position: Position, power: Power, a: ProvinceId, b: ProvinceId) -> ProvinceId | None:
    """The controlling area whose fleet's owner bars ``power``'s fleet from passing ``a``-``b``,
    or ``None``. Seed 000: the fleet standing in Piombino or Messina at the beginning of the
    phase decides, moving or not; with no fleet there the strait is open to all. Its owner's
    ``ally`` list (``extra['straits_allowed']``) lets other powers pass."""
    ctrl = _strait_edges(variant).get(frozenset((a, b)))
    if ctrl is None:
        return None
    fleet = next((u for u in position.units_at(ctrl) if u.kind is UnitType.FLEET), None)
    if fleet is None or fleet.power == power:
        return None
    allowed = (position.extra.get("straits_allowed") or {}).get(fleet.power) or []
    return None if power in allowed else ctrl


# -- order reading -------------------------------------------------------------------------------

_BESIEGE = r"besiege[sd]?|beseige|siege|seige|besieging|b"
_LIFT = r"lift\s+siege|lifts\s+siege|lift|lifts|ls|l"
_CONVERT = r"converts?\s+(?:to|into)|converts?|conversion|c"
_ALLY_RE = re.compile(
    r"^\s*(?P<no>unally|unalliance|not\s+allies|don'?t\s+allow|dont\s+allow)?(?P<yes>ally|allies|alliance|allow)?\s+(?P<who>[A-Za-z][\w .'-]*?)\s*$",
    re.I,
)
_TRANSPORT_RE = re.compile(r"^\s*(?P<head>.+?)\s+t\s+(?P<rest>(?:a|army)\b.+)$", re.I)
_REMOVE_RE = re.compile(r"^\s*(?P<verb>r|debuilds?)\s+(?P<rest>.+?)\s*$", re.I)
_MAINTAIN_RE = re.compile(r"^\s*(?:maintains?|keeps?|m)\s+(.+?)\s*$", re.I)
_TYPE = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET,
         "g": UnitType.GARRISON, "garrison": UnitType.GARRISON}
_ORDER_RE = re.compile(
    rf"^\s*(?P<head>.+?)\s+(?:(?P<besiege>(?:{_BESIEGE})(?:\s+(?:the\s+)?(?:g|garrison))?)|(?P<lift>{_LIFT})"
    rf"|(?P<convert>{_CONVERT})(?:\s+(?:an?\s+)?"
    rf"(?P<into>army|a|fleet|f|garrison|g)(?:\s*[/(]\s*(?P<coast>nc|sc)\s*\)?)?)?)\s*$",
    re.I,
)


def _read_unit(text: str, variant: Variant, position: Position, power: Power) -> tuple[UnitType | None, Location]:
    from ...notation import Names, _tokenise

    toks = _tokenise(text, Names(variant), [])
    kind = None
    if toks and toks[0].kind == "UNIT":
        kind, toks = toks[0].value, toks[1:]
    if not toks or toks[0].kind != "PROV" or len(toks) > 2 or (len(toks) == 2 and toks[1].kind != "COAST"):
        raise InvalidOrder(f"expected a unit and its province, found {text!r}")
    return kind, Location(toks[0].value, toks[1].value if len(toks) == 2 else None)


def _bare_conversion(variant: Variant, kind: UnitType, loc: Location) -> UnitType:
    """What a bare ``convert`` (rules §Order syntax: <type> may be empty) can only mean (rules
    §Conversion between unit types): an army or a fleet becomes the garrison; a garrison an army,
    or where its city is a port and its province on the coast, an army or a fleet: two meanings,
    not followed (seed 003 §4)."""
    from ...notation import hook_notes

    if kind is not UnitType.GARRISON:
        hook_notes().append("'convert' read as 'convert to garrison' (an army or fleet converts only into the garrison)")
        return UnitType.GARRISON
    prov = variant.board.provinces.get(loc.province)
    if prov is not None and "port" in prov.flags and prov.terrain is Terrain.COAST:
        raise AmbiguousOrder(f"'convert' with no type: the garrison of {loc.province} could become an army or a fleet")
    hook_notes().append("'convert' read as 'convert to army' (the city is no port)")
    return UnitType.ARMY


# -- the rules -----------------------------------------------------------------------------------


class _CoreRules(Rules):
    """The hooks the movement core sees while it plays a Machiavelli movement phase on the
    board with city nodes (no phase of its own, no captures)."""

    def __init__(self, outer: Rules, specials: Mapping[str, Any] | None = None) -> None:
        super().__init__(outer.options)
        self.outer = outer
        self.specials = specials or {}

    def _strength(self, position: Position, order: UnitOrder) -> int:
        if not self.specials or not position.extra.get("special_units"):
            return 1
        from .special import strength_of

        return strength_of(self.specials, position, order.power, order.kind, order.location.province)

    def strength_bonus(self, position: Position, order: UnitOrder, role: str) -> int:
        """rules §Special units: an elite unit has strength 2 in moves and holds; rules §Effects
        of rebellions 6: the rebels support the one other power moving into their province."""
        bonus = self._strength(position, order) - 1
        destination = getattr(order, "destination", None)
        if bonus and role == "attack" and destination is not None:
            # rules §Special units: a unit of strength 2 cannot dislodge a besieger in the
            # siege's second campaign (it attacks with strength 1 there).
            into = destination.province
            if any(isinstance(s, Mapping) and s.get("unit") == into for s in (position.extra.get("sieges") or {}).values()):
                bonus = 0
        rebels = position.extra.get("rebel_support")
        if rebels and role in ("attack", "prevent", "defend") and destination is not None:
            if rebels.get(destination.province) == order.power:
                bonus += 1
        return bonus

    def support_strength(self, position: Position, support: UnitOrder) -> int:
        """rules §Special units: an elite unit's support counts 2 (cut like any other)."""
        return self._strength(position, support)

    def can_carry_convoy(self, board: Board, province: ProvinceId) -> bool:
        return self.outer.can_carry_convoy(board, province)

    def captures_now(self, calendar: Calendar, phase: Phase) -> bool:
        return False

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        return self.outer.phase_needed(variant, position)


def _play_campaign(variant: Variant, position: Position, orders: Sequence[Order]) -> Any:
    """A movement phase: the money steps (banking, expenses, assassinations), then the moves
    (:mod:`judge.variants.machiavelli_money`, :mod:`judge.variants.machiavelli_movement`)."""
    import dataclasses

    from . import money
    from .movement import play_movement

    from ...core.orders import Disband
    from ...core.resolution import Outcome, Resolution, Tag

    kinds = (money.Borrow, money.Pay, money.GiveChit, money.Expense)
    paid = money.play_money(variant, position, orders)
    unit_orders = [o for o in orders if not isinstance(o, kinds)]
    unit_orders, held = money.assassinated_orders(unit_orders, paid.assassinated)
    # Disbanding at will ('A MIL 0'; njudge 'set disband', rules §Order syntax tech note 1), and
    # the garrisons switch (njudge 'set nogarrisons': no new garrisons), before the moves.
    own: list = []
    # rules §Control of provinces and cities, example 1: a unit bought (or a garrison made
    # autonomous) takes its area for its new owner at once, before it moves away.
    moving = _update_control(variant, paid.position)
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
            continue
        if isinstance(o, Convert) and o.into is UnitType.GARRISON and not variant.rules.options.get("garrisons", True):
            own.append(Resolution(o.power, o, Outcome.ILLEGAL, "this game has no garrisons; the unit holds", text=str(o)))
            continue
        kept_orders.append(o)
    # rules §Effects of rebellions 6: a power the rebellion is not against gets one point of
    # support moving into the rebelling province, when it alone tries (6.1, 6.4); so does its
    # garrison converting out into the province (6.5).
    rebels = moving.extra.get("rebellions") or {}
    helped: dict[str, set] = {}
    for o in kept_orders:
        if isinstance(o, Move):
            into = o.destination.province
        elif isinstance(o, Convert) and o.kind is UnitType.GARRISON and o.into is not UnitType.GARRISON:
            into = city_province(variant, o.location.province)
        else:
            continue
        if into in rebels and o.power != rebels[into].get("against"):
            helped.setdefault(into, set()).add(o.power)
    rebel_support = {prov: next(iter(ps)) for prov, ps in helped.items() if len(ps) == 1}
    if rebel_support:
        moving = moving.evolve(extra={**moving.extra, "rebel_support": rebel_support})
    result = play_movement(variant, moving, kept_orders, paid.assassinated)
    if rebel_support:
        nxt = result.next_position
        result = dataclasses.replace(result, next_position=nxt.evolve(
            extra={k: v for k, v in nxt.extra.items() if k != "rebel_support"}))
    money_res = [paid.resolutions[i] for i in sorted(paid.resolutions)] + own
    # An assassinated ruler's orders: say so, in place of the hold the core answered.
    swapped = {(r.power, r.order.location) for r in held if isinstance(r.order, UnitOrder)}
    rest = [r for r in result.resolutions
            if not (isinstance(r.order, UnitOrder) and (r.power, r.order.location) in swapped and r.text.endswith(" H")
                    and r.reason in ("held", "no order: held"))]
    return dataclasses.replace(
        result, position=position, resolutions=tuple(money_res + held + rest),
        disbanded=tuple(paid.lost) + tuple(lost_now) + result.disbanded, notes=tuple(paid.notes) + result.notes)


class MachiavelliRules(Rules):
    """Machiavelli's hooks; see the module's docstring."""

    uses_dice = True  # variable income, famine, plague, storms, assassinations

    def unit_kinds(self) -> tuple[UnitType, ...]:
        return (UnitType.ARMY, UnitType.FLEET, UnitType.GARRISON)

    def captures_now(self, calendar: Calendar, phase: Phase) -> bool:
        # Control changes with every unit's arrival; this module keeps it (extra), not the core.
        return False

    def can_carry_convoy(self, board: Board, province: ProvinceId) -> bool:
        """rules §Convoys: fleets in coastal areas may convoy with the ``coastal_convoys`` option."""
        prov = board.provinces.get(province)
        if prov is None or CITY_SUFFIX in province:
            return False
        if prov.terrain is Terrain.SEA:
            return True
        return bool(self.options.get("coastal_convoys", True)) and prov.terrain is Terrain.COAST and Location(province) in board.fleet_edges

    def parse_order(self, text: str, power: Power, variant: Variant, position: Position) -> Order | None:
        """Besiege ``A GEN besiege`` / ``A GEN B``, lift ``A GEN lift siege`` / ``A GEN L``, convert
        ``A GEN C G``, ``G GEN convert to fleet``, ``F PRO C G`` (rules §Order syntax)."""
        if position.phase.kind is PhaseKind.ADJUSTMENT:
            r = _REMOVE_RE.match(text)
            if r:
                # rules §Order syntax: <remove> = "r", "remove", "d", "disband", "debuild".
                from ...notation import hook_notes, parse_order as read

                notes = hook_notes()
                notes.append(f"{r.group('verb')!r} read as 'remove'")
                return read(f"remove {r.group('rest')}", power, variant, position, notes=notes)
            from .special import parse_special_build

            sb = parse_special_build(text, power, variant, position)
            if sb is not None:
                return sb
            mm = _MAINTAIN_RE.match(text)
            if not mm:
                return None
            kind, loc = _read_unit(mm.group(1), variant, position, power)
            if kind is None:
                here = [u for u in position.units_at(loc.province) if u.power == power]
                kind = here[0].kind if len(here) == 1 else UnitType.ARMY
            return Maintain(power, kind, loc)
        if position.phase.kind is PhaseKind.RETREAT:
            m = _ORDER_RE.match(text)
            if not m or not m.group("convert"):
                return None
            try:
                kind, loc = _read_unit(m.group("head"), variant, position, power)
            except InvalidOrder:
                return None
            if kind is None:
                here = [d.unit for d in position.dislodged if d.unit.power == power and d.unit.province == loc.province]
                kind = here[0].kind if here else UnitType.ARMY
            # A bare "convert" in a retreat: into the garrison, the only retreat by conversion
            # (rules §Conversion between unit types, "Retreats and conversion").
            into = _TYPE[m.group("into").lower()] if m.group("into") else UnitType.GARRISON
            return Convert(power, kind, loc, into)
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return None
        from .money import parse_money_order

        money = parse_money_order(text, power, variant, position)
        if money is not None:
            return money
        t = _TRANSPORT_RE.match(text)
        if t:
            # rules §Order syntax: <convoy> = "t", "transport", "transports", "convoy", "convoys".
            from ...notation import hook_notes, parse_order as read

            notes = hook_notes()
            notes.append("'T' read as 'transports' (a convoy)")
            return read(f"{t.group('head')} transports {t.group('rest')}", power, variant, position, notes=notes)
        a = _ALLY_RE.match(text)
        if a and (a.group("no") or a.group("yes")):
            from ...notation import Names

            other, _ = Names(variant).power(a.group("who"))
            return Ally(power, other, not a.group("no"))
        z = re.match(r"^\s*(?P<head>.+?)\s+0\s*$", text)
        if z:
            from ...core.orders import Disband

            try:
                kind, loc = _read_unit(z.group("head"), variant, position, power)
            except InvalidOrder:
                return None
            if kind is None:
                here = [u for u in position.units_at(loc.province) if u.power == power and u.kind is not UnitType.GARRISON]
                kind = here[0].kind if here else UnitType.ARMY
            return Disband(power, kind, loc)
        m = _ORDER_RE.match(text)
        if not m:
            return None
        try:
            kind, loc = _read_unit(m.group("head"), variant, position, power)
        except InvalidOrder:
            return None  # not ours: let the standard reader say what is wrong
        if kind is None:
            here = [u for u in position.units_at(loc.province) if u.power == power]
            if m.group("convert") and m.group("into"):
                into = _TYPE[m.group("into").lower()]
                here = [u for u in here if (u.kind is UnitType.GARRISON) != (into is UnitType.GARRISON)]
            elif not m.group("convert"):
                here = [u for u in here if u.kind is not UnitType.GARRISON]
            elif len(here) > 1:
                raise AmbiguousOrder(f"'convert' with no unit or type: which of {', '.join(str(u) for u in here)}?")
            kind = here[0].kind if len(here) == 1 else UnitType.ARMY
        if m.group("besiege"):
            if len(m.group("besiege").split()) > 1:
                from ...notation import hook_notes

                hook_notes().append(f"{m.group('besiege')!r} read as 'besiege' (the garrison of its city)")
            return Besiege(power, kind, loc)
        if m.group("lift"):
            return LiftSiege(power, kind, loc)
        if m.group("into"):
            into = _TYPE[m.group("into").lower()]
        else:
            into = _bare_conversion(variant, kind, loc)
        coast = m.group("coast").upper() if m.group("coast") else None
        return Convert(power, kind, loc, into, coast)

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:
            return bool(self.options.get("money", True))
        if kind is PhaseKind.ADJUSTMENT:
            return True  # upkeep every year; the Basic game's builds and removals
        if position.phase.season == "Summer" and not self.options.get("summer", True):
            return False  # two campaigns a year (njudge 'set nosummer')
        return None

    def must_order(self, variant: Variant, position: Position) -> list[Power] | None:
        """Who has something to decide: nobody in the Winter income (the judge pays it); in the
        Winter adjustment with money, every power in the game (which units to maintain or
        disband, what to buy), whether or not its count of units changes."""
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:
            return []
        if kind is PhaseKind.ADJUSTMENT and self.options.get("money", True):
            playable = {p for p, info in variant.powers.items() if info.playable}
            treasury = position.extra.get("treasury") or {}
            present = {u.power for u in position.units} | set(position.supply_centers.values())
            present |= {p for p, n in treasury.items() if n}
            return sorted(p for p in present if p in playable)
        return None

    def missing_orders_note(self, variant: Variant, position: Position, power: Power) -> str | None:
        """What befalls a power that sent no orders (for the results' notes)."""
        if position.phase.kind is PhaseKind.ADJUSTMENT and self.options.get("money", True):
            return (f"No orders from {power}: its units are maintained while its treasury pays their upkeep "
                    "(the rest are disbanded), and nothing is bought.")
        return None

    def play_phase(self, variant: Variant, position: Position, orders: Sequence[Order]):
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:
            return _play_income(variant, position)
        if kind is PhaseKind.MOVEMENT:
            return _play_campaign(variant, _initialised(variant, position), orders)
        if kind is PhaseKind.RETREAT:
            from .movement import play_retreat

            return play_retreat(variant, _initialised(variant, position), orders)
        if kind is PhaseKind.ADJUSTMENT:
            from .adjustment import play_adjustment, play_basic_adjustment

            if not self.options.get("money", True):
                return play_basic_adjustment(variant, _initialised(variant, position), orders)
            return play_adjustment(variant, _initialised(variant, position), orders)
        return None

    def after_phase(self, variant: Variant, start: Position, next_position: Position) -> Position:
        return next_position

    def winner(self, position: Position, victory_centres: int) -> Power | None:
        return None  # victory with home countries: not implemented yet


RULES = MachiavelliRules
