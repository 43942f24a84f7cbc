"""Europe 1615's orders as players write them (seed 002): the order reader of the variant's own
orders (the orders themselves are :mod:`.state`'s ``Declaration``, ``PlaceInfluence``,
``DiplomaticAttack``, ``BuyInfluence`` and ``TransferControl``) and the unit orders a power gives
to its aligned minor states' units.

Seed sections: "Influence and placement" (``N: STATE``, ``Buy N INF``), "The diplomatic attack"
(``STATE > POWER``), "Securing control" ("Transferring control": ``Transfer PROV to X``),
"Declarations and movement" (``Declare war on P``, ``Alliance with P[, Q]``, ``Neutrality``,
``Armistice with P``, ``Surrender to P [indemnity N]``, ``Break alliance``), "Specific rules
regarding minor states" (an aligned power orders its minor states' units); seed 003 §4 for the
syntax lines copied badly but with one meaning.

Imports :mod:`.tables` and :mod:`.state`; :mod:`.rules` reads orders with it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable

from ...core.errors import InvalidOrder
from ...core.orders import Build, Order, UnitOrder
from ...core.types import PhaseKind, Position, Power
from ...core.variant import Variant
from .state import (
    BuyInfluence, Declaration, DiplomaticAttack, PlaceInfluence, TransferControl, state_status,
)
from .tables import _Index, _index, _norm

__all__ = ["OWN_ORDERS", "parse_order"]

OWN_ORDERS = (Declaration, PlaceInfluence, DiplomaticAttack, BuyInfluence, TransferControl)
"""The orders of the variant's own kinds (the rest are unit orders, played by the core)."""

# How each of the variant's own orders is written (see :func:`parse_order`).
_PLACE = re.compile(r"^\s*(\d+)\s*(?:infs?\s*)?:\s*(.+?)\s*$", re.I)
_ATTACK = re.compile(r"^\s*(.+?)\s*>\s*(.+?)\s*$")
_WAR = re.compile(r"^\s*(?:declare\s+)?(?:war|dow)\s*(?:on|against|with)?\s+(.+?)\s*$", re.I)
_ALLY = re.compile(r"^\s*(?:declare\s+)?(?:an\s+)?(?:alliance|ally)\s*(?:with)?\s+(.+?)\s*$", re.I)
_NEUTRAL = re.compile(r"^\s*(?:declare\s+)?neutral(?:ity)?\s*$", re.I)
_ARMISTICE = re.compile(r"^\s*(?:declare\s+)?(?:armistice|end\s+war|peace)\s*(?:with)?\s+(.+?)\s*$", re.I)
_SURRENDER = re.compile(r"^\s*(?:declare\s+)?surrender\s*(?:to)?\s+(.+?)(?:\s+(?:indemnity|pay(?:ing)?)\s+(\d+))?\s*$", re.I)
_BREAK = re.compile(r"^\s*break\s+(?:the\s+|an\s+|my\s+)?alliance(?:\s+with\s+.+)?\s*$", re.I)
_BUY_INF = re.compile(r"^\s*(?:buy|purchase)\s+(\d+)\s*(?:infs?|influence(?:\s+points?)?)\s*$", re.I)
_TRANSFER = re.compile(r"^\s*transfer\s+(?:control\s+(?:of\s+)?)?(.+?)\s+to\s+(.+?)\s*$", re.I)

_BRACKETED = re.compile(r"\[\s*([^\[\]=/]+?)\s*\]")
_DECLARATION_OF = re.compile(
    r"^\s*(?:declarations?\s+of\s+(?:an?\s+)?(?P<what>war|alliance|neutrality|armistice|surrender)\b"
    r"|(?:dow|dofw|d\.o\.w\.?)(?=\s*:))\s*:?\s*", re.I)


def parse_order(text: str, power: Power, variant: Variant, position: Position,
                read_units: Callable[[str], Order]) -> Order | None:
    """The variant's own orders: ``N: STATE`` (INF placement), ``STATE > POWER``
    (diplomatic attack), ``Buy N INF``, ``Transfer PROV to X``, declarations (``Declare war
    on P``, ``Alliance with P[, Q]``, ``Neutrality``, ``Armistice with P``, ``Surrender to
    P [indemnity N]``, ``Break alliance``); and unit orders a power gives to the units of
    its aligned minor states. Any other line of a power is a unit order, read by
    ``read_units`` (the judge's reader, which the rules keep from asking this hook again)."""
    idx = _index(variant)
    text = _as_written(text, variant, idx)
    own = _own_order(text, power, variant, idx)
    if own is not None or power in idx.minors:
        return own
    order = read_units(text)
    if isinstance(order, UnitOrder) and not isinstance(order, Build):
        return _for_minor_unit(order, power, variant, position, idx)
    return order


def _own_order(text: str, power: Power, variant: Variant, idx: _Index) -> Order | None:
    """One of the variant's own orders (``N: STATE``, ``Buy N INF``, ``Transfer PROV to X``,
    a declaration, ``STATE > POWER``), or None for any other line."""
    if m := _PLACE.match(text):
        return PlaceInfluence(power, int(m.group(1)), _state(idx, m.group(2)))
    t = text.strip()
    if m := _BUY_INF.match(t):
        return BuyInfluence(power, int(m.group(1)))
    if m := _TRANSFER.match(t):
        from ...notation import names_of

        pid = names_of(variant).provinces.get(_norm(m.group(1)).replace("'", ""))
        if pid is None:
            raise InvalidOrder(f"{m.group(1)!r} is not a province")
        return TransferControl(power, pid, _recipient(variant, m.group(2)))
    declaration = _declaration(t, power, variant)
    if declaration is not None:
        return declaration
    if (m := _ATTACK.match(t)) and _norm(m.group(1)) in idx.state_names:
        return DiplomaticAttack(power, idx.state_names[_norm(m.group(1))], _powers(variant, m.group(2))[0])
    return None


def _declaration(t: str, power: Power, variant: Variant) -> Declaration | None:
    """A declaration (seed, "Declarations and movement"): neutrality, breaking an alliance,
    surrender, war, alliance or armistice; None for any other line."""
    if _NEUTRAL.match(t):
        return Declaration(power, "neutrality")
    if _BREAK.match(t):
        return Declaration(power, "break")
    if m := _SURRENDER.match(t):
        return Declaration(power, "surrender", _powers(variant, m.group(1)), int(m.group(2) or 0))
    for kind, pattern in (("war", _WAR), ("alliance", _ALLY), ("armistice", _ARMISTICE)):
        if m := pattern.match(t):
            return Declaration(power, kind, _powers(variant, m.group(1)))
    return None


def _for_minor_unit(order: UnitOrder, power: Power, variant: Variant, position: Position, idx: _Index) -> Order:
    """A unit order of ``power`` for a unit it does not have: the order of the minor state
    aligned with it whose unit stands there (seed, "Specific rules regarding minor states");
    else the order as read (legality then says whose unit it is)."""
    pool = [d.unit for d in position.dislodged] if position.phase.kind is PhaseKind.RETREAT else list(position.units)
    mine = [u for u in pool if u.province == order.location.province]
    if mine and not any(u.power == power for u in mine):
        u = mine[0]
        if u.power in idx.minors and state_status(variant, position, u.power) == power:
            return dataclasses.replace(order, power=u.power, kind=u.kind)
    return order


def _as_written(text: str, variant: Variant, idx: _Index) -> str:
    """The seed's syntax lines as players copy them, badly written with one meaning (seed 003
    §4: followed, with a note): ``[WUR] HOLD``, ``5: [WUR]``, ``[WUR] > [Spain]`` (the
    brackets of "[minor state] > [power]" and "# of INFs: [minor state]", seed "Influence and
    placement", "The diplomatic attack"); ``DoW: England``, ``Declaration of war on Austria``,
    ``Declaration of an alliance with Dutch`` (seed "Declarations")."""
    from ...notation import hook_notes, names_of

    names = names_of(variant)

    def unbracket(m: re.Match) -> str:
        inner = m.group(1)
        key = _norm(inner)
        if key in idx.state_names or key.replace("'", "") in names.provinces or key in names.powers:
            hook_notes().append(f"brackets around {inner!r} read past")
            return inner
        return m.group(0)

    t = _BRACKETED.sub(unbracket, text) if "[" in text else text
    if m := _DECLARATION_OF.match(t):
        what = (m.group("what") or "war").lower()
        hook_notes().append(f"{m.group(0).strip()!r} read as 'declare {what}'")
        t = f"declare {what} {t[m.end():]}"
    return t


def _state(idx: _Index, text: str) -> str:
    sid = idx.state_names.get(_norm(text))
    if sid is None:
        raise InvalidOrder(f"{text!r} is not a minor state")
    return sid


def _recipient(variant: Variant, text: str) -> str:
    idx = _index(variant)
    sid = idx.state_names.get(_norm(text))
    if sid is not None and sid in idx.minors:
        return sid
    from ...notation import Names

    p, _ = Names(variant).power(text)
    return str(p)


def _powers(variant: Variant, text: str) -> tuple[str, ...]:
    from ...notation import Names

    names = Names(variant)
    idx = _index(variant)
    out = []
    for part in re.split(r"\s*(?:,|\band\b|&)\s*", text.strip()):
        if not part:
            continue
        p, _ = names.power(part)
        if p in idx.minors:
            raise InvalidOrder(f"{part!r} is a minor state, not a power")
        out.append(str(p))
    if not out:
        raise InvalidOrder("name a power")
    return tuple(out)
