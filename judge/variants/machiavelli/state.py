"""Machiavelli's state between phases as a typed value (:class:`MachiavelliState`, the ``state``
of its description), and the questions the rules ask of it.

One named field for each top-level key of the position file the variant owns:

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
    ``{city: {by: power, unit: province}}`` (:class:`Siege`): a siege begun by a first besiege
    order in the previous campaign; a second consecutive besiege order takes the city (rules
    §Sieges).
``home_countries``
    ``{home power: controlling power}`` while it differs from the home power (conquest).
``eliminated``
    ``[power, ...]``.
``straits_allowed``
    ``{keeper: [powers]}``: the ``Ally`` permissions for the straits, kept until withdrawn.
``loans``
    ``{power: [{principal: n, interest: n, due: Summer 1455}, ...]}`` (:class:`Loan`), earliest
    due first.
``bankrupt``
    ``[power, ...]``: powers the bankers assassinated; they may never borrow again.
``chits``
    ``{holder: [victim, ...]}``: assassination chits (each power starts with one for every other
    power; absent means that start).
``rebellions``
    ``{area: {against: power, city: bool}}`` (:class:`Rebellion`): a rebellion in a province (and
    in its ungarrisoned walled city when ``city``), against the power that controlled it.
``famine``
    ``[area, ...]``: areas struck by famine after Fall, until the end of the next Spring.
``special_units``
    ``{power: {"A FLO": kind}}``: the special units in play (:mod:`.special`); an autonomous
    garrison that kept its specialness is under ``Autonomous`` (``{Autonomous: {"G PER": kind}}``).
``income``
    ``{power: {provinces, cities, seas, variable, dice, total}}`` (:class:`PowerIncome`): the
    last income paid, with the dice, for the reports.
``campaign``
    ``{held: [...], victims: [...], entered: {area: [power, ...]}}`` (:class:`Campaign`): what the
    end of a campaign needs, kept from its movement to its retreats.

A field is ``None`` when its key is absent from the file, so that :meth:`MachiavelliState.to_data`
writes back exactly the keys read; for ``treasury``, ``province_control``, ``city_control`` and
``autonomous`` absent means the start (:func:`.control.initialised` fills them in), for
``chits`` the start's chits, for the rest nothing. Every value is checked once, when the file is
read (:meth:`MachiavelliState.from_data` raises a :class:`~judge.variants.description.StateError`
naming the path of a bad value, which the reader turns into ``file:line``). The phases write the
state as the judge always has: :func:`with_state` and :func:`with_money` leave out an empty value
(the control tables and treasuries excepted).

``dice_seed`` is the judge's own key (the game layer supplies it, in ``Position.extra``); every
die comes from :func:`dice`.

This module imports none of its neighbours.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping

from ...core.types import Position, Power, ProvinceId, UnitType
from ...core.variant import Variant
from ...dice import Dice
from ..description import StateError
from ..state_checks import StateChecks

__all__ = [
    "AUTONOMOUS", "MachiavelliState", "Siege", "Loan", "Rebellion", "PowerIncome", "Campaign", "state_of",
    "with_state", "with_money", "dice", "income_blocked", "build_blocked", "garrison_owner", "rebel_city_against",
]

AUTONOMOUS = Power("Autonomous")
"""The pseudo-power of the autonomous garrisons (in control tables only)."""


# -- the parts of the state ----------------------------------------------------------------------


@dataclass(frozen=True)
class Siege:
    """A siege begun (rules §Sieges): the besieging power and the province its unit stands in."""

    by: Power
    unit: ProvinceId

    def to_data(self) -> dict[str, Any]:
        return {"by": self.by, "unit": self.unit}


@dataclass(frozen=True)
class Loan:
    """A loan from the bank (rules §Borrowing): what is left of its principal and interest, and
    the season it falls due (``Summer 1455``)."""

    principal: int
    interest: int
    due: str

    @property
    def owed(self) -> int:
        return self.principal + self.interest

    def to_data(self) -> dict[str, Any]:
        return {"principal": self.principal, "interest": self.interest, "due": self.due}


@dataclass(frozen=True)
class Rebellion:
    """A rebellion (rules §Rebellions): against whom, and whether it holds the province's
    ungarrisoned walled city too; ``province_down`` once its province was put down while its
    city still rebels (§Effects of rebellions 8)."""

    against: Power
    city: bool = False
    province_down: bool = False

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"against": self.against, "city": self.city}
        if self.province_down:
            out["province_down"] = True
        return out


@dataclass(frozen=True)
class PowerIncome:
    """One power's income of a Winter (seed 001): ducats from provinces, cities, seas and
    variable income (with the dice rolled, by home country or city), and their total."""

    provinces: int = 0
    cities: int = 0
    seas: int = 0
    variable: int = 0
    dice: Mapping[str, tuple[int, ...]] = dataclasses.field(default_factory=dict)
    total: int = 0

    SOURCES: ClassVar[tuple[str, ...]] = ("provinces", "cities", "seas", "variable")

    def to_data(self) -> dict[str, Any]:
        return {"provinces": self.provinces, "cities": self.cities, "seas": self.seas, "variable": self.variable,
                "dice": {k: list(v) for k, v in self.dice.items()}, "total": self.total}


@dataclass(frozen=True)
class Campaign:
    """Kept from a campaign's movement to its retreats, for its end: the provinces whose army or
    fleet held (rules §Effects of rebellions 8.2), the rulers assassinated, and the areas each
    power's units entered, by a move, a conversion or a retreat (what liberates a rebellion,
    §Effects of rebellions 8.3), ``{area: (power, ...)}``."""

    held: tuple[ProvinceId, ...] = ()
    victims: tuple[Power, ...] = ()
    entered: Mapping[ProvinceId, tuple[Power, ...]] = dataclasses.field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"held": list(self.held), "victims": list(self.victims)}
        if self.entered:
            out["entered"] = {a: list(ps) for a, ps in sorted(self.entered.items())}
        return out

    def with_entered(self, more: Mapping[ProvinceId, tuple[Power, ...]]) -> Campaign:
        """This campaign with more areas entered (a retreat phase's after its movement's)."""
        areas = sorted(set(self.entered) | set(more))
        return dataclasses.replace(self, entered={
            a: tuple(sorted(set(self.entered.get(a, ())) | set(more.get(a, ())))) for a in areas})


# -- the state -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MachiavelliState:
    """Machiavelli's state in a position (see the module's docstring for each field); ``None``
    for a key the file leaves out."""

    KEYS: ClassVar[tuple[str, ...]] = (
        "treasury", "province_control", "city_control", "autonomous", "sieges", "home_countries", "eliminated",
        "straits_allowed", "loans", "bankrupt", "chits", "rebellions", "famine", "special_units", "income", "campaign")

    treasury: Mapping[Power, int] | None = None
    province_control: Mapping[ProvinceId, Power] | None = None
    city_control: Mapping[ProvinceId, Power] | None = None
    autonomous: tuple[ProvinceId, ...] | None = None
    sieges: Mapping[ProvinceId, Siege] | None = None
    home_countries: Mapping[Power, Power] | None = None
    eliminated: tuple[Power, ...] | None = None
    straits_allowed: Mapping[Power, tuple[Power, ...]] | None = None
    loans: Mapping[Power, tuple[Loan, ...]] | None = None
    bankrupt: tuple[Power, ...] | None = None
    chits: Mapping[Power, tuple[Power, ...]] | None = None
    rebellions: Mapping[ProvinceId, Rebellion] | None = None
    famine: tuple[ProvinceId, ...] | None = None
    special_units: Mapping[Power, Mapping[str, str]] | None = None
    income: Mapping[Power, PowerIncome] | None = None
    campaign: Campaign | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variant: Variant) -> "MachiavelliState":
        """The state from the position file's keys, each value checked (StateError with the path
        of a bad one); a key absent or null is left out."""
        check = _Check(variant)
        return cls(**{k: _READERS[k](check, data[k], (k,)) for k in cls.KEYS if data.get(k) is not None})

    def to_data(self) -> dict[str, Any]:
        """The keys as the position file writes them (those read, and those the phases set)."""
        out: dict[str, Any] = {}
        for k in self.KEYS:
            value = getattr(self, k)
            if value is not None:
                out[k] = _write(value)
        return out

    def replace(self, **changes: Any) -> "MachiavelliState":
        """A copy with some fields replaced."""
        return dataclasses.replace(self, **changes)

    # The questions asked of it.

    def sieges_now(self) -> Mapping[ProvinceId, Siege]:
        return self.sieges or {}

    def rebellions_now(self) -> Mapping[ProvinceId, Rebellion]:
        return self.rebellions or {}

    def is_eliminated(self, power: str) -> bool:
        return power in (self.eliminated or ())

    def chits_held(self, variant: Variant) -> dict[Power, list[Power]]:
        """Who holds which assassination chits (absent: each power one for every other, rules
        §Assassinations), a copy with each holder's chits in order."""
        if self.chits is None:
            return {Power(p): sorted(Power(q) for q in variant.powers if q != p) for p in variant.powers}
        return {p: sorted(vs) for p, vs in self.chits.items()}

    def special_kind(self, power: str, unit: str) -> str | None:
        """The special kind of ``power``'s unit written ``unit`` (``A FLO``), or None."""
        return ((self.special_units or {}).get(Power(power)) or {}).get(unit)


def _write(value: Any) -> Any:
    """A field's value as plain data for the file."""
    if hasattr(value, "to_data"):
        return value.to_data()
    if isinstance(value, Mapping):
        return {k: _write(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_write(v) for v in value]
    return value


def state_of(position: Position) -> MachiavelliState:
    """The position's Machiavelli state (an empty one, all start, for a position that has none,
    such as the variant's start as the loader builds it)."""
    st = position.state
    return st if isinstance(st, MachiavelliState) else MachiavelliState()


def with_state(position: Position, st: MachiavelliState) -> Position:
    """``position`` with the state ``st`` as a phase writes it: the treasuries and control tables
    always, the autonomous garrisons, sieges, conquered home countries and eliminated powers only
    when there are some (in order); the supply centres are the cities the powers control."""
    st = st.replace(
        treasury=dict(st.treasury or {}), province_control=dict(st.province_control or {}),
        city_control=dict(st.city_control or {}), autonomous=tuple(sorted(st.autonomous or ())) or None,
        sieges=dict(st.sieges or {}) or None, home_countries=dict(st.home_countries or {}) or None,
        eliminated=tuple(sorted(st.eliminated or ())) or None)
    assert st.city_control is not None
    centres = {ProvinceId(c): Power(p) for c, p in st.city_control.items() if p != AUTONOMOUS}
    return position.evolve(state=st, supply_centers=centres)


def with_money(position: Position, st: MachiavelliState, variant: Variant) -> Position:
    """``position`` with the money's part of ``st`` as a campaign writes it: loans (a power's
    paid-off loans gone), defaults, rebellions and famine only when there are some (the lists in
    order); the chits only when they differ from the start's (each power holding one for every
    other, :meth:`MachiavelliState.chits_held`)."""
    loans = {p: tuple(ls) for p, ls in (st.loans or {}).items() if ls}
    held_now = {p: tuple(sorted(vs)) for p, vs in st.chits_held(variant).items()}
    everyone = set(held_now)
    start = all(set(held) == everyone - {p} for p, held in held_now.items())
    chits = None if start else held_now  # as at the start: left out
    st = st.replace(loans=loans or None, bankrupt=tuple(sorted(st.bankrupt or ())) or None, chits=chits,
                    rebellions=dict(st.rebellions or {}) or None, famine=tuple(sorted(st.famine or ())) or None)
    return position.evolve(state=st)


# -- questions the rules ask ---------------------------------------------------------------------


def dice(position: Position, purpose: str) -> Dice:
    """The dice of this phase for ``purpose`` (``income``, ``famine``, ``assassination``...): a
    stream of its own drawn from the phase's seed (``extra['dice_seed']``, set by the game layer
    from the game, the phase and the order files; see :mod:`judge.dice`)."""
    seed = str(position.extra.get("dice_seed", "0"))
    digest = hashlib.sha256(f"{seed}\x00{position.phase.slug}\x00{purpose}".encode("utf-8")).digest()
    return Dice(digest)


def income_blocked(position: Position) -> tuple[set[ProvinceId], set[ProvinceId]]:
    """Areas whose province, and cities, yield no income now: famine (a garrisoned city still
    yields) and rebellions (rules §Effects of rebellions 7; §Famine)."""
    st = state_of(position)
    famine = set(st.famine or ())
    rebellions = st.rebellions_now()
    garrisoned = {u.province for u in position.units if u.kind is UnitType.GARRISON}
    provinces = famine | set(rebellions)
    cities = {a for a in famine if a not in garrisoned} | {a for a, r in rebellions.items() if r.city}
    return provinces, cities


def build_blocked(position: Position, area: str, garrison: bool = False) -> str | None:
    """Why no unit may be built in ``area`` now (famine, rebellion), or None (rules §Famine b,
    §Effects of rebellions 5.5). A garrison (``garrison``) goes in the city: "You may build a
    garrison in a non-rebelling city even if the containing province is in rebellion" (5.6)."""
    st = state_of(position)
    if area in (st.famine or ()):
        return "famine"
    reb = st.rebellions_now().get(ProvinceId(area))
    if reb is not None and (reb.city or not garrison):
        return "rebellion"
    return None


def garrison_owner(position: Position, city: ProvinceId) -> str | None:
    """Whose garrison holds ``city`` (``Autonomous`` for an autonomous one), or None."""
    if city in (state_of(position).autonomous or ()):
        return AUTONOMOUS
    g = next((u for u in position.units_at(city) if u.kind is UnitType.GARRISON), None)
    return g.power if g else None


def rebel_city_against(position: Position, city: str, power: str) -> bool:
    """Is ``city`` itself in rebellion against ``power`` (a rebellion placed in the
    ungarrisoned city as well as its province)?"""
    reb = state_of(position).rebellions_now().get(ProvinceId(city))
    return reb is not None and reb.city and reb.against == power


# -- checking the values read --------------------------------------------------------------------


_DUE_RE = re.compile(r"^(?P<season>[A-Za-z]+) (?P<year>\d{1,5})$")


class _Check(StateChecks):
    """The checks of the values read, against the variant (its powers, board and tables)."""

    COUNTED = "a whole number of ducats"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.powers = tuple(variant.powers)
        self.seasons = tuple(dict.fromkeys(s for s, _ in variant.calendar.steps))
        self.specials = tuple(((variant.data.get("units") or {}).get("special") or {}))

    def power(self, value: Any, path: tuple) -> Power:
        if not isinstance(value, str) or value not in self.powers:
            raise StateError(f"{value!r} is not a power of {self.variant.name} (powers: {', '.join(self.powers)})", *path)
        return Power(value)

    def controller(self, value: Any, path: tuple) -> Power:
        """A power, or ``Autonomous`` (the autonomous garrisons)."""
        if value == AUTONOMOUS:
            return AUTONOMOUS
        if not isinstance(value, str) or value not in self.powers:
            raise StateError(f"{value!r} is neither a power of {self.variant.name} nor {AUTONOMOUS} "
                             f"(powers: {', '.join(self.powers)})", *path)
        return Power(value)

    def die(self, value: Any, path: tuple) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise StateError(f"expected a die, 1 to 6, found {value!r}", *path)
        return value

    def due(self, value: Any, path: tuple) -> str:
        m = _DUE_RE.match(value) if isinstance(value, str) else None
        if m is None or m.group("season") not in self.seasons:
            raise StateError(f"a loan falls due in a season and year, like 'Summer 1455', found {value!r}", *path)
        return str(value)

    def unit(self, value: Any, path: tuple) -> str:
        parts = value.split() if isinstance(value, str) else []
        if len(parts) != 2 or parts[0] not in ("A", "F", "G") or parts[1].split("/")[0] not in self.variant.board.provinces:
            raise StateError(f"a unit reads like 'A FLO' or 'G VEN', found {value!r}", *path)
        return str(value)

    def special(self, value: Any, path: tuple) -> str:
        if value not in self.specials:
            raise StateError(f"{value!r} is not a special unit (kinds: {', '.join(self.specials)})", *path)
        return str(value)


def _siege(c: _Check, value: Any, path: tuple) -> Siege:
    m = c.record(value, path, ("by", "unit"), ("by", "unit"))
    return Siege(c.power(m["by"], (*path, "by")), c.area(m["unit"], (*path, "unit")))


def _loan(c: _Check, value: Any, path: tuple) -> Loan:
    m = c.record(value, path, ("principal", "interest", "due"), ("principal", "interest", "due"))
    return Loan(c.count(m["principal"], (*path, "principal")), c.count(m["interest"], (*path, "interest")),
                c.due(m["due"], (*path, "due")))


def _rebellion(c: _Check, value: Any, path: tuple) -> Rebellion:
    m = c.record(value, path, ("against", "city", "province_down"), ("against",))
    return Rebellion(c.power(m["against"], (*path, "against")), c.flag(m.get("city", False), (*path, "city")),
                     c.flag(m.get("province_down", False), (*path, "province_down")))


def _power_income(c: _Check, value: Any, path: tuple) -> PowerIncome:
    keys = (*PowerIncome.SOURCES, "dice", "total")
    m = c.record(value, path, keys, keys)
    dice = c.table(m["dice"] if m["dice"] is not None else {}, (*path, "dice"), lambda k, p: str(k),
                   lambda v, p: c.items(v, p, c.die, "dice"), "each home country or city to its dice")
    n = {k: c.count(m[k], (*path, k)) for k in (*PowerIncome.SOURCES, "total")}
    return PowerIncome(n["provinces"], n["cities"], n["seas"], n["variable"], dice, n["total"])


def _campaign(c: _Check, value: Any, path: tuple) -> Campaign:
    m = c.record(value, path, ("held", "victims", "entered"), ())
    entered = c.table(m.get("entered") or {}, (*path, "entered"), c.area,
                      lambda v, q: c.items(v, q, c.power, "powers"), "each area to the powers that entered it")
    return Campaign(c.items(m.get("held") or [], (*path, "held"), c.area, "provinces"),
                    c.items(m.get("victims") or [], (*path, "victims"), c.power, "powers"), entered)


_READERS: dict[str, Callable[[_Check, Any, tuple], Any]] = {
    "treasury": lambda c, v, p: c.table(v, p, c.power, c.count, "each power to its ducats"),
    "province_control": lambda c, v, p: c.table(v, p, c.area, c.controller, "each province to the power controlling it"),
    "city_control": lambda c, v, p: c.table(v, p, c.area, c.controller, "each city to the power controlling it"),
    "autonomous": lambda c, v, p: c.items(v, p, c.area, "cities"),
    "sieges": lambda c, v, p: c.table(v, p, c.area, lambda s, q: _siege(c, s, q), "each city to its siege"),
    "home_countries": lambda c, v, p: c.table(v, p, c.power, c.power, "each home country to its conqueror"),
    "eliminated": lambda c, v, p: c.items(v, p, c.power, "powers"),
    "straits_allowed": lambda c, v, p: c.table(v, p, c.power, lambda s, q: c.items(s, q, c.power, "powers"),
                                               "each keeper of a strait to the powers it lets pass"),
    "loans": lambda c, v, p: c.table(v, p, c.power, lambda s, q: c.items(s, q, lambda x, r: _loan(c, x, r), "loans"),
                                     "each power to its loans"),
    "bankrupt": lambda c, v, p: c.items(v, p, c.power, "powers"),
    "chits": lambda c, v, p: c.table(v, p, c.power, lambda s, q: c.items(s or [], q, c.power, "powers"),
                                     "each power to the rulers it holds chits for"),
    "rebellions": lambda c, v, p: c.table(v, p, c.area, lambda s, q: _rebellion(c, s, q), "each province to its rebellion"),
    "famine": lambda c, v, p: c.items(v, p, c.area, "provinces"),
    "special_units": lambda c, v, p: c.table(v, p, c.controller, lambda s, q: c.table(s or {}, q, c.unit, c.special,
                                                                                "each unit to its kind"),
                                             "each power to its special units"),
    "income": lambda c, v, p: c.table(v, p, c.power, lambda s, q: _power_income(c, s, q), "each power to its income"),
    "campaign": lambda c, v, p: _campaign(c, v, p),
}
