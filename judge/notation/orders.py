"""Tokens to one order: the unit (its kind and place), then what it does.

:func:`order_of` reads one order from the tokens :mod:`judge.notation.words` made of it: an
adjustment (``Build A PAR``, ``Remove F KIE``, ``Waive``), or a unit followed by a hold, a move or
retreat (a convoy's path too), a support or a convoy. A short word that names several places
(``Liv``) is settled here by the unit's place or its reach (``_resolve_prefixes``). Raises
InvalidOrder (not understood) or AmbiguousOrder (two meanings).
"""

from __future__ import annotations

from ..core.errors import AmbiguousOrder, InvalidOrder
from ..core.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder, Waive
from ..core.types import Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ..core.variant import Variant
from .words import _VERB_UNIT, Names, Token

def _expect_place(toks: list[Token], i: int, what: str) -> tuple[Location, int]:
    if i >= len(toks) or toks[i].kind != "PROV":
        got = repr(toks[i].text) if i < len(toks) else "the end of the order"
        raise InvalidOrder(f"expected {what}, found {got}")
    prov = toks[i].value
    if i + 1 < len(toks) and toks[i + 1].kind == "COAST":
        return Location(prov, toks[i + 1].value), i + 2
    return Location(prov), i + 1


def _infer_kind(variant: Variant, position: Position, power: Power, loc: Location, notes: list[str], *, dislodged: bool = False) -> UnitType:
    pool = [d.unit for d in position.dislodged] if dislodged else position.units
    here = [u for u in pool if u.location.province == loc.province and u.kind is not UnitType.GARRISON]
    if len(here) == 1:
        return here[0].kind
    if not here:
        # Let legality report the missing unit; an army is as good a guess as any.
        return UnitType.ARMY
    raise AmbiguousOrder(f"which unit in {loc.province}?")


def subject_len(toks: list[Token]) -> int:
    """How many tokens name the unit at the start: [POWER] [UNIT] PROV [COAST]; 0 if none."""
    i = 1 if toks and toks[0].kind == "POWER" else 0
    if i < len(toks) and toks[i].kind == "UNIT":
        i += 1
    if i >= len(toks) or toks[i].kind not in ("PROV", "PROVS"):
        return 0
    i += 1
    if i < len(toks) and toks[i].kind == "COAST":
        i += 1
    return i


def support_of(order: Order, subject: list[Token], power: Power, variant: Variant, position: Position,
                names: Names, notes: list[str], *, convoy: bool = False) -> Order:
    """``F Eng-Mid, s by F Iri``: the support the named unit gives; with ``convoy``, ``A Lon -
    Bel convoyed via F Nth``: the convoy the named fleet gives. Raises InvalidOrder for a convoy
    of anything but a move."""
    i = 1 if subject[0].kind == "POWER" else 0
    kind = subject[i].value if subject[i].kind == "UNIT" else None
    loc, _ = _expect_place(subject, i + (1 if kind is not None else 0), "the supporting unit's province")
    if kind is None:
        kind = _infer_kind(variant, position, power, loc, notes)
    if convoy:
        if not isinstance(order, Move):
            raise InvalidOrder("'convoyed via' follows no move")
        notes.append(f"'convoyed via' read as {kind.value} {loc.province}'s convoy")
        return Convoy(power, kind, loc, order.location.province, order.destination.province, order.kind)
    notes.append(f"'supported by' read as {kind.value} {loc.province}'s support")
    if isinstance(order, Move):
        return SupportMove(power, kind, loc, order.location.province, order.destination.province, order.kind, order.destination.coast)
    assert isinstance(order, UnitOrder)
    return SupportHold(power, kind, loc, order.location.province, order.kind)


def order_of(toks: list[Token], power: Power, variant: Variant, position: Position, names: Names,
              notes: list[str]) -> Order:
    """One order from its tokens."""
    stated: list[tuple[Power, int]] = []
    if any(t.kind == "POWER" for t in toks):
        kept: list[Token] = []
        for t in toks:
            if t.kind == "POWER":
                stated.append((t.value, len(kept)))
            else:
                kept.append(t)
        toks = kept
        if stated and stated[0][1] == 0 and stated[0][0] != power:
            raise InvalidOrder(f"an order for a {stated[0][0]} unit among {power}'s orders")
    if any(t.kind in ("SBY", "CBY", "AND") for t in toks):
        raise InvalidOrder(f"unexpected {next(t.text for t in toks if t.kind in ('SBY', 'CBY', 'AND'))!r}")
    if any(t.kind == "FROM" for t in toks):
        toks = _destination_last(toks)
    order = _order_from_tokens(toks, power, variant, position, notes)
    for who, at in stated:
        if at == 0:
            continue
        target = getattr(order, "target", None)
        owner = next((u.power for u in position.units if u.province == target), None)
        if owner is not None and owner != who:
            raise AmbiguousOrder(f"the unit in {target} is {owner}'s, not {who}'s")
    return order


def _destination_last(toks: list[Token]) -> list[Token]:
    """``S A TO Bul from Rum``, ``C army to GRE from NAP`` (as the web sites write a supported or
    convoyed move: the destination, then ``from`` and the place left) put the usual way round:
    ``S A Rum - Bul``. InvalidOrder where ``from`` follows no ``to`` and a place."""
    f = next(k for k, t in enumerate(toks) if t.kind == "FROM")
    m = max((k for k in range(f) if toks[k].kind == "MOVE"), default=-1)
    dest, src = toks[m + 1:f], toks[f + 1:]
    if m < 1 or not _is_place(dest) or not _is_place(src):
        raise InvalidOrder("'from' should follow 'to' and a place, and name one place")
    return [*toks[:m], *src, toks[m], *dest]


def _is_place(toks: list[Token]) -> bool:
    """A place and nothing else: one province (or a short word for several), and its coast."""
    return (len(toks) in (1, 2) and toks[0].kind in ("PROV", "PROVS")
            and (len(toks) == 1 or toks[1].kind == "COAST"))


def _resolve_prefixes(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> list[Token]:
    """``A LIV-PRU`` (Liverpool or Livonia), ``F London-North``: of the places a short word may
    name, the one where the power's unit stands, or the one the unit can reach."""
    board = variant.board
    own = {u.province: u for u in position.units if u.power == power}
    out = list(toks)
    for k, t in enumerate(out):
        if t.kind != "PROVS":
            continue
        fits = _prefix_fits(out, k, own, variant)
        if len(fits) != 1:
            raise AmbiguousOrder(f"{t.text!r} could be any of {', '.join(t.value)}")
        notes.append(f"{t.text!r} read as {board.provinces[fits[0]].name}")
        out[k] = Token("PROV", fits[0], t.text)
    return out


def _prefix_fits(toks: list[Token], k: int, own: dict[ProvinceId, Unit], variant: Variant) -> list[ProvinceId]:
    """The places the short word at ``k`` (a ``PROVS`` token) can mean where it stands in the
    order: the unit's own place (one of the power's units, ``own``), a convoyed army's landing
    (a coast), or a move's destination the unit can reach; none where nothing decides."""
    board = variant.board
    places: tuple[ProvinceId, ...] = toks[k].value
    if k <= 1 and all(x.kind == "UNIT" for x in toks[:k]):
        return [p for p in places if p in own]
    if k < 2 or toks[k - 1].kind != "MOVE":
        return []
    if any(x.kind == "CONVOY" for x in toks[:k]):
        # "F PSA T A ARE - ROM" (Romagna or Rome): a convoyed army lands on a coast.
        return [p for p in places if board.provinces[p].terrain.value == "coast"]
    if toks[0].kind in ("UNIT", "PROV") and subject_len(toks) >= 1:
        src = next((x for x in toks if x.kind == "PROV"), None)
        unit = own.get(src.value) if src is not None else None
        return [p for p in places if unit is not None and board.can_reach(unit.kind, unit.location, p)]
    return []


def _order_from_tokens(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> Order:
    """One order from its tokens (no power names, no separators): an adjustment order, or a unit
    (its place, and its kind when written) followed by what it does."""
    toks = _in_order(toks, power, variant, position, notes)
    adjustment = _adjustment_words(toks, power, variant, position, notes)
    if adjustment is not None:
        return adjustment
    i = 0
    kind = None
    if toks[0].kind == "UNIT":
        kind, i = toks[0].value, 1
    loc, i = _expect_place(toks, i, "the unit's province")
    if kind is None:
        kind = _infer_kind(variant, position, power, loc, notes, dislodged=position.phase.kind is PhaseKind.RETREAT)
    rest = toks[i:]
    if len(rest) == 2 and rest[0].kind in ("MOVE", "RETREAT") and rest[1].kind in ("HOLD", "DISBAND"):
        rest = rest[1:]  # "A BRE-H", "A MUN-hold", "A SIL retreat OTB"
    if not rest or (len(rest) == 1 and rest[0].kind == "HOLD"):
        return _hold_order(toks, not rest, power, kind, loc, position, notes)
    return _unit_verb(rest, power, kind, loc, variant, position, notes)


def _in_order(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> list[Token]:
    """The tokens with a shared prefix resolved and a place written before its unit word put after it."""
    if any(t.kind == "PROVS" for t in toks):
        toks = _resolve_prefixes(toks, power, variant, position, notes)
    if not toks:
        raise InvalidOrder("empty order")
    if len(toks) > 2 and toks[0].kind == "PROV" and toks[1].kind == "UNIT" and toks[2].kind not in ("PROV", "PROVS"):
        toks = [toks[1], toks[0], *toks[2:]]  # "ION fleet convoys army to GRE from NAP"
    return toks


def _unit_verb(rest: list[Token], power: Power, kind: UnitType, loc: Location, variant: Variant, position: Position,
               notes: list[str]) -> Order:
    """What a unit does, from its verb on: a move or retreat, a disband, a support or a convoy."""
    verb = rest[0].kind
    if verb in ("MOVE", "RETREAT"):
        return _move_order(rest, power, kind, loc, variant, position, notes)
    if verb == "DISBAND" and len(rest) == 1:
        return Disband(power, kind, loc)
    if verb == "SUPPORT":
        return _support_order(rest, power, kind, loc)
    if verb == "CONVOY":
        return _convoy_order(rest, power, kind, loc)
    raise InvalidOrder(f"expected an order word after the unit, found {rest[0].text!r}")


def _adjustment_words(toks: list[Token], power: Power, variant: Variant, position: Position, notes: list[str]) -> Order | None:
    """``Waive``, ``Build A PAR``, ``Remove F KIE``, and outside a movement phase the verb
    written last (``A Silesia Retreat OTB``); None for any other order."""
    head = toks[0].kind
    if head == "WAIVE":
        if len(toks) > 1:
            raise InvalidOrder("'waive' takes nothing after it")
        return Waive(power)
    if head in ("BUILD", "DISBAND"):
        return _adjust(toks[1:], head, power, variant, position, notes)
    if toks[-1].kind in ("BUILD", "DISBAND") and position.phase.kind is not PhaseKind.MOVEMENT:
        head_toks = toks[:-1]
        if head_toks and head_toks[-1].kind in ("RETREAT", "MOVE"):  # "A Silesia Retreat OTB"
            head_toks = head_toks[:-1]
        return _adjust(head_toks, toks[-1].kind, power, variant, position, notes)
    return None


def _hold_order(toks: list[Token], bare: bool, power: Power, kind: UnitType, loc: Location, position: Position,
          notes: list[str]) -> Order:
    """A unit with no verb (``bare``) or ``hold``: a hold; in a retreat phase a bare unit says
    nothing, and in an adjustment phase ``A PAR`` where the power has no unit is a build."""
    phase = position.phase.kind
    if phase is PhaseKind.RETREAT and bare:
        raise InvalidOrder("a retreat order says where to (or 'disband')")
    if phase is PhaseKind.ADJUSTMENT and bare and toks[0].kind == "UNIT":
        if not any(u.power == power and u.province == loc.province for u in position.units):
            notes.append(f"'{toks[0].text} {toks[1].text}' in an adjustment phase read as a build")
            return Build(power, kind, loc)
    return Hold(power, kind, loc)


def _move_order(rest: list[Token], power: Power, kind: UnitType, loc: Location, variant: Variant, position: Position,
          notes: list[str]) -> Order:
    """A move or a retreat (``rest`` starts with its verb): its destination, or a convoy's path
    (``A LON - NTH - BEL``), whose last place is the destination."""
    places: list[Location] = []
    j = 1
    via = False
    while j < len(rest):
        if rest[j].kind == "VIA":
            via = True
            j += 1
            continue
        if rest[j].kind == "MOVE" and places:
            j += 1
            continue
        place, j = _expect_place(rest, j, "a destination")
        places.append(place)
    if not places:
        raise InvalidOrder("a move needs a destination")
    if len(places) > 1:
        # Through a land province it is no convoy path: two moves written as one, or a slip.
        land = [pl for pl in places[:-1] if not variant.board.provinces[pl.province].can_convoy]
        if land:
            raise AmbiguousOrder(f"{land[0]} is no sea: a convoy's path, or two moves run together?")
        via = True
        notes.append(f"read as a convoyed move to {places[-1]}")
    if position.phase.kind is PhaseKind.RETREAT or rest[0].kind == "RETREAT":
        if via:
            raise InvalidOrder("a retreat cannot go by convoy")
        return Retreat(power, kind, loc, places[-1])
    return Move(power, kind, loc, places[-1], via)


def _support_order(rest: list[Token], power: Power, kind: UnitType, loc: Location) -> Order:
    """A support (``rest`` starts with its verb): of a hold (``S A SEV``, ``S A SEV to hold``,
    ``S A SEV in SEV``) or of a move (``S A SEV - RUM``)."""
    j = 1
    tkind = None
    if j < len(rest) and rest[j].kind == "UNIT":
        tkind, j = rest[j].value, j + 1
    target, j = _expect_place(rest, j, "the supported unit's province")
    if j + 1 == len(rest) and rest[j].kind == "PROV" and rest[j].value == target.province:
        j += 1  # "S F Ion in Ion": the unit where it stands
    if j + 1 < len(rest) and rest[j].kind == "MOVE" and rest[j + 1].kind == "HOLD":
        j += 1  # "supports A Sev to hold"
    if j < len(rest) and rest[j].kind == "HOLD":
        j += 1
    if j >= len(rest):
        return SupportHold(power, kind, loc, target.province, tkind)
    if rest[j].kind != "MOVE":
        raise InvalidOrder(f"expected '-' and a destination after the supported unit, found {rest[j].text!r}")
    dest, j = _expect_place(rest, j + 1, "the supported move's destination")
    if j < len(rest):
        raise InvalidOrder(f"unexpected {rest[j].text!r} at the end of the support")
    if dest.province == target.province and rest[0].text in _VERB_UNIT:
        # Electronic Protocol's "A NOR SF SWE-SWE" is its support in place; written any other
        # way a support of a move to where the unit stands is a support of nothing (DATC 6.A.5).
        return SupportHold(power, kind, loc, target.province, tkind)
    return SupportMove(power, kind, loc, target.province, dest.province, tkind, dest.coast)


def _convoy_order(rest: list[Token], power: Power, kind: UnitType, loc: Location) -> Order:
    """A convoy (``rest`` starts with its verb): the army's place and its destination."""
    j = 1
    ckind = None
    if j < len(rest) and rest[j].kind == "UNIT":
        ckind, j = rest[j].value, j + 1
    target, j = _expect_place(rest, j, "the convoyed army's province")
    if j < len(rest) and rest[j].kind == "MOVE":
        j += 1
    dest, j = _expect_place(rest, j, "the convoy's destination")
    if j < len(rest):
        raise InvalidOrder(f"unexpected {rest[j].text!r} at the end of the convoy")
    return Convoy(power, kind, loc, target.province, dest.province, ckind)


def _adjust(toks: list[Token], verb: str, power: Power, variant: Variant, position: Position, notes: list[str]) -> Order:
    kind = None
    i = 0
    if toks and toks[0].kind == "UNIT":
        kind, i = toks[0].value, 1
    loc, i = _expect_place(toks, i, "a province")
    if i < len(toks):
        raise InvalidOrder(f"unexpected {toks[i].text!r}")
    if verb == "DISBAND":
        if kind is None:
            kind = _infer_kind(variant, position, power, loc, notes, dislodged=position.phase.kind is PhaseKind.RETREAT)
        return Disband(power, kind, loc)
    if kind is None:
        board = variant.board
        if board.is_coastal(loc.province) and board.provinces[loc.province].terrain.value != "sea":
            if loc.coast:
                kind = UnitType.FLEET
            else:
                raise AmbiguousOrder(f"build an army or a fleet in {board.provinces[loc.province].name}?")
        else:
            kind = UnitType.ARMY
    return Build(power, kind, loc)
