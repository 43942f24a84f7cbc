"""Machiavelli's state between phases, and the questions the rules ask of it.

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
``loans``
    ``{power: [{"principal": n, "interest": n, "due": "Summer 1455"}, ...]}``, earliest due first.
``bankrupt``
    ``[power, ...]``: powers the bankers assassinated; they may never borrow again.
``chits``
    ``{holder: [victim, ...]}``: assassination chits (each power starts with one for every other
    power; absent means that start).
``rebellions``
    ``{area: {"against": power, "city": bool}}``: a rebellion in a province (and in its
    ungarrisoned walled city when ``city``), against the power that controlled it.
``famine``
    ``[area, ...]``: areas struck by famine after Fall, until the end of the next Spring.
``special_units``
    ``{power: {"A FLO": kind}}``: the special units in play (:mod:`.special`).
``income``
    The last income paid, with the dice, for the reports.
``campaign``
    ``{"held": [...], "victims": [...]}``: what the end of a campaign needs, kept from its
    movement to its retreats.

``dice_seed`` is the judge's own key (the game layer supplies it); every die comes from
:func:`dice`.

This module imports none of its neighbours.
"""

from __future__ import annotations

import hashlib
from typing import Any, Mapping

from ...core.types import Position, Power, ProvinceId, UnitType
from ...core.variant import Variant
from ...dice import Dice

__all__ = [
    "AUTONOMOUS", "state", "with_state", "money_state", "with_money_state", "dice", "income_blocked",
    "build_blocked", "garrison_owner", "rebel_city_against",
]

AUTONOMOUS = Power("Autonomous")
"""The pseudo-power of the autonomous garrisons (in control tables only)."""


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


def with_state(position: Position, st: Mapping[str, Any], **more: Any) -> Position:
    """``position`` with the state ``st`` (and the keys ``more``); its supply centres are the
    cities its powers control."""
    extra = {k: v for k, v in position.extra.items()}
    for k, v in st.items():
        if v or k in ("treasury", "province_control", "city_control"):
            extra[k] = v
        else:
            extra.pop(k, None)
    extra.update(more)
    centres = {ProvinceId(c): Power(p) for c, p in st["city_control"].items() if p != AUTONOMOUS}
    return position.evolve(extra=extra, supply_centers=centres)


def money_state(variant: Variant, position: Position) -> dict[str, Any]:
    """The money's part of the state (loans, defaults, chits, rebellions, famine), a copy."""
    ex = position.extra
    chits = ex.get("chits")
    if chits is None:
        chits = {p: [q for q in variant.powers if q != p] for p in variant.powers}
    return {
        "loans": {str(p): [dict(l) for l in ls] for p, ls in (ex.get("loans") or {}).items() if ls},
        "bankrupt": sorted(str(p) for p in (ex.get("bankrupt") or [])),
        "chits": {str(p): sorted(str(v) for v in vs) for p, vs in chits.items()},
        "rebellions": {str(a): dict(r) for a, r in (ex.get("rebellions") or {}).items()},
        "famine": sorted(str(a) for a in (ex.get("famine") or [])),
    }


def with_money_state(position: Position, ms: Mapping[str, Any]) -> Position:
    extra = dict(position.extra)
    for key in ("loans", "bankrupt", "rebellions", "famine"):
        if ms[key]:
            extra[key] = ms[key]
        else:
            extra.pop(key, None)
    chits = ms["chits"]
    everyone = set(chits)
    if all(set(held) == everyone - {p} for p, held in chits.items()):
        extra.pop("chits", None)  # as at the start: each power holds a chit for every other
    else:
        extra["chits"] = chits
    return position.evolve(extra=extra)


def dice(position: Position, purpose: str) -> Dice:
    """The dice of this phase for ``purpose`` (``income``, ``famine``, ``assassination``...): a
    stream of its own drawn from the phase's seed (``extra['dice_seed']``, set by the game layer
    from the game, the phase and the order files; see :mod:`judge.dice`)."""
    seed = str(position.extra.get("dice_seed", "0"))
    digest = hashlib.sha256(f"{seed}\x00{position.phase.slug}\x00{purpose}".encode("utf-8")).digest()
    return Dice(digest)


def income_blocked(position: Position) -> tuple[set[str], set[str]]:
    """Areas whose province, and cities, yield no income now: famine (a garrisoned city still
    yields) and rebellions (rules §Effects of rebellions 7; §Famine)."""
    famine = set(position.extra.get("famine") or [])
    rebellions = position.extra.get("rebellions") or {}
    garrisoned = {u.province for u in position.units if u.kind is UnitType.GARRISON}
    provinces = famine | set(rebellions)
    cities = {a for a in famine if a not in garrisoned} | {a for a, r in rebellions.items() if r.get("city")}
    return provinces, cities


def build_blocked(position: Position, area: str) -> str | None:
    """Why no unit may be built in ``area`` now (famine, rebellion), or None."""
    if area in (position.extra.get("famine") or []):
        return "famine"
    if area in (position.extra.get("rebellions") or {}):
        return "rebellion"
    return None


def garrison_owner(position: Position, city: ProvinceId) -> str | None:
    """Whose garrison holds ``city`` (``Autonomous`` for an autonomous one), or None."""
    if city in (position.extra.get("autonomous") or []):
        return AUTONOMOUS
    g = next((u for u in position.units_at(city) if u.kind is UnitType.GARRISON), None)
    return g.power if g else None


def rebel_city_against(position: Position, city: str, power: str) -> bool:
    """Is ``city`` itself in rebellion against ``power`` (a rebellion placed in the
    ungarrisoned city as well as its province)?"""
    reb = (position.extra.get("rebellions") or {}).get(city)
    return isinstance(reb, dict) and bool(reb.get("city")) and reb.get("against") == power
