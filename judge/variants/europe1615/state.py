"""Europe 1615 (seed 002): the variant's own orders (as :mod:`.orders` reads them), and what
follows from the state of a position (its typed :class:`~.position_state.Europe1615State`):
treasuries, INFs and alignments, declarations in force, confessional markers and scoring. The
rules are played by :mod:`judge.variants.europe1615.rules` and the modules it names; this module
only reads and computes values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from ...core.errors import IllegalOrder, MapError
from ...core.orders import Order
from ...core.types import Position, Power, ProvinceId, UnitType
from ...core.variant import Variant
from .position_state import DECLARATION_KINDS, Europe1615State, Relations, money_data
from .tables import _index

__all__ = ["DECLARATION_KINDS", "Declaration", "PlaceInfluence", "DiplomaticAttack", "BuyInfluence",
           "TransferControl", "current", "treasuries", "influence_left", "placed", "status", "state_status",
           "relations", "start_position", "markers", "score", "objectives_met"]


# -- orders of the variant's own kinds ------------------------------------------------------------


@dataclass(frozen=True)
class Declaration(Order):
    """A declaration (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015): ``kind``
    is war, alliance, neutrality, armistice, surrender or break (an alliance); ``targets`` the
    powers named; ``amount`` a surrender's indemnity."""

    kind: str
    targets: tuple[str, ...] = ()
    amount: int = 0

    def __str__(self) -> str:
        t = ", ".join(self.targets)
        if self.kind == "war":
            return f"Declare war on {t}"
        if self.kind == "alliance":
            return f"Alliance with {t}"
        if self.kind == "neutrality":
            return "Neutrality"
        if self.kind == "armistice":
            return f"Armistice with {t}"
        if self.kind == "surrender":
            return f"Surrender to {t}" + (f" indemnity {self.amount}" if self.amount else "")
        return "Break alliance"


@dataclass(frozen=True)
class PlaceInfluence(Order):
    """``N: STATE`` — place N INFs in a minor state (seed, "Influence and placement")."""

    amount: int
    state: str

    def __str__(self) -> str:
        return f"{self.amount}: {self.state}"


@dataclass(frozen=True)
class DiplomaticAttack(Order):
    """``STATE > POWER`` (seed, "The diplomatic attack")."""

    state: str
    target: str

    def __str__(self) -> str:
        return f"{self.state} > {self.target}"


@dataclass(frozen=True)
class BuyInfluence(Order):
    """``Buy N INF`` — buy N INFs in the Winter Income and Build phase (seed, "Influence and
    placement": "INFs can be purchased ... during the Winter Income and Build Phase"); they are
    added to the next year's allotment."""

    amount: int

    def __str__(self) -> str:
        return f"Buy {self.amount} INF"


@dataclass(frozen=True)
class TransferControl(Order):
    """``Transfer PROV to X`` — the public announcement that hands a province held by proxy to
    the minor state or power whose unit occupies it (seed, "Securing control": "Transferring
    control"), made in the Fall, in effect at the Winter Adjustment."""

    province: ProvinceId
    recipient: str

    def __str__(self) -> str:
        return f"Transfer {self.province} to {self.recipient}"


# -- reading the variant state of a position -----------------------------------------------------

_START = Europe1615State()


def current(position: Position) -> Europe1615State:
    """The variant's state in ``position`` (every key at its start value when it has none, as
    the variant's own start)."""
    st = position.state
    return st if isinstance(st, Europe1615State) else _START


def _money(x: Any) -> Fraction:
    return Fraction(str(x))


def treasuries(variant: Variant, position: Position) -> dict[Power, Fraction]:
    """Every power's treasury (seed, "Income phase": 50 at the start)."""
    idx = _index(variant)
    raw = current(position).treasury or {}
    return {p: raw[p] if p in raw else _money(idx.start_treasury[p]) for p in idx.majors}


def kept(money: Mapping[Power, Fraction]) -> dict[Power, Fraction]:
    """Treasuries as the position keeps them (seed, "Income phase"; our reading: to 4 decimals)."""
    return {p: Fraction(str(money_data(v))) for p, v in money.items()}


def influence_left(variant: Variant, position: Position) -> dict[Power, int]:
    """INFs each power may still place this year."""
    idx = _index(variant)
    raw = current(position).influence or {}
    return {p: raw[p] if p in raw else int(idx.influence_for(p, position.phase.year)) for p in idx.majors}


def placed(position: Position) -> dict[str, dict[str, int]]:
    """INFs placed: state -> power -> INFs."""
    return placed_in(current(position))


def placed_in(st: Europe1615State) -> dict[str, dict[str, int]]:
    """INFs placed in the state ``st`` records: state -> power -> INFs (none of nought)."""
    return {s: {p: n for p, n in d.items() if n > 0} for s, d in (st.infs or {}).items()}


def status(position: Position, state: str) -> str:
    """``'unaligned'``, ``'neutral'`` or the power the state is aligned to, by its INFs alone
    (seed, "Alignments", "Neutrality"): a power holding at least half the INFs placed, alone,
    aligns it; two or more equally invested, or three or more with nobody at half, make it
    neutral. See :func:`state_status` for a state whose INFs are suspended."""
    d = placed(position).get(state) or {}
    total = sum(d.values())
    if total == 0:
        return "unaligned"
    ranked = sorted(d.items(), key=lambda kv: -kv[1])
    top, n = ranked[0]
    if 2 * n >= total and (len(ranked) == 1 or ranked[1][1] < n):
        return top
    return "neutral"


def _later_states(position: Position) -> tuple[str, ...]:
    """The states made during the game: seceded (optional sanctions), then new pliant ones."""
    st = current(position)
    return (*(st.seceded or ()), *(st.new_states or ()))


def active_states(variant: Variant, position: Position) -> list[str]:
    """The states in play: every state of the start, the Maghreb states included (closed to
    INFs until activated), the seceded states (optional sanctions) and the new pliant states
    made of lost home centres."""
    idx = _index(variant)
    later = set(_later_states(position))
    return [sid for sid, s in idx.states.items()
            if sid in later or not (s.get("latent") or s.get("option"))]


def state_of(variant: Variant, position: Position, province: ProvinceId) -> str | None:
    """The minor state ``province`` belongs to now (a seceded or new state included)."""
    idx = _index(variant)
    sid = idx.state_of.get(province)
    if sid:
        return sid
    for sid in _later_states(position):
        if province in (idx.states.get(sid) or {}).get("provinces", ()):
            return sid
    return None


def controlled(variant: Variant, position: Position, state: str) -> bool:
    """Is the state controlled by another (seed, "Securing control"): its capital (or, for a
    state without a centre, its province) held by a power or another minor?"""
    s = _index(variant).states.get(state) or {}
    cap = s.get("capital")
    if cap:
        return position.supply_centers.get(cap) not in (None, state)
    ctl = current(position).control or {}
    return any(ctl.get(p) not in (None, state) for p in s.get("provinces") or ())


def state_status(variant: Variant, position: Position, state: str) -> str:
    """:func:`status`, or ``'controlled'`` for a controlled state: its INFs are held in
    suspension, not removed, and count again once it is released (seed, "Securing control")."""
    if controlled(variant, position, state):
        return "controlled"
    return status(position, state)


_NO_RELATIONS = Relations()


def relations(position: Position) -> Relations:
    """The declarations in force in ``position``."""
    return current(position).relations or _NO_RELATIONS


def start_position(variant: Variant) -> Position:
    """The start (Spring 1615) with the variant state written out: treasuries, INFs to place,
    no INFs placed, no declarations."""
    pos = variant.start
    return pos.evolve(state=Europe1615State(treasury=treasuries(variant, pos), influence=influence_left(variant, pos),
                                            infs={}, relations=_NO_RELATIONS))


def build_cost(variant: Variant, size: int, treasury: Fraction) -> Fraction:
    """What one more unit costs a power of ``size`` units (seed, "Adding a unit for a power":
    the Military Cost Table's percentage of the treasury)."""
    pct = _index(variant).cost_percent.get(size)
    if pct is None:
        raise IllegalOrder(f"no more units can be bought at a size of {size}")
    return treasury * pct / 100


# -- confession ----------------------------------------------------------------------------------


def state_marker(variant: Variant, position: Position, state: str) -> str:
    """A state's confessional marker from its INFs (seed, "Confessional markers"):
    ``'protestant'`` or ``'catholic'`` when one confession alone holds INFs there or holds twice
    the other's, else ``'none'``; a state without INFs keeps its starting marker (the Papal
    State's Catholic one)."""
    idx = _index(variant)
    d = placed(position).get(state) or {}
    prot = sum(n for p, n in d.items() if idx.confession.get(Power(p)) == "protestant")
    cath = sum(n for p, n in d.items() if idx.confession.get(Power(p)) == "catholic")
    if prot == cath == 0:
        m = idx.states.get(state, {}).get("marker")
        return m if m in ("catholic", "protestant") else "none"
    if cath == 0 or prot >= 2 * cath:
        return "protestant"
    if prot == 0 or cath >= 2 * prot:
        return "catholic"
    return "none"


def confession_of(variant: Variant, position: Position, province: ProvinceId) -> str:
    """What a province counts as when captured (seed, "Religious rebellion"): in a minor state,
    the state's confessional marker; in a power's domain, the province's flag (the power's
    confession; ``mixed`` for Bohemia and Guyenne, which never rebel, seed's note). A seceded
    state keeps its flag."""
    idx = _index(variant)
    sid = state_of(variant, position, province)
    if sid is None or sid in (current(position).seceded or ()):
        return idx.prov_confession.get(province, "mixed")
    return state_marker(variant, position, sid)


def force_confession(variant: Variant, position: Position, power: str) -> str:
    """The confession of an occupying force: a power's; a minor state's marker, or failing one
    the confession of its ruler (``states:``)."""
    idx = _index(variant)
    if power in idx.confession:
        return str(idx.confession[Power(power)])
    m = state_marker(variant, position, power)
    if m != "none":
        return m
    return str((idx.states.get(power) or {}).get("confession") or "none")


def opposed(a: str, b: str) -> bool:
    """Catholic against Protestant: the only pair that rebels (seed, "Religious rebellion")."""
    return {a, b} == {"catholic", "protestant"}


def markers(variant: Variant, position: Position) -> dict[ProvinceId, str]:
    """The confessional marker on the board, by province (seed, "Confessional markers";
    "Religious rebellion"): ``protestant`` (orange cross) or ``catholic`` (blue) on a state's
    capital (or its one province) from its INFs; after a capture, ``white`` (captured by a force
    of the marker's confession), ``red`` (in revolt) or ``black`` (revolt quelled, or Bohemia
    and Guyenne taken by a Protestant power). Provinces without a marker are left out."""
    idx = _index(variant)
    out: dict[ProvinceId, str] = {}
    for sid in active_states(variant, position):
        s = idx.states[sid]
        cap = s.get("capital") or (s.get("provinces") or [None])[0]
        if cap and not controlled(variant, position, sid):
            m = state_marker(variant, position, sid)
            if m != "none":
                out[ProvinceId(cap)] = m
    st = current(position)
    out.update(st.markers or {})
    for prov in st.revolts or {}:
        out[prov] = "red"
    return dict(sorted(out.items()))


# -- objectives and scoring ----------------------------------------------------------------------


def holds(variant: Variant, position: Position, power: str, province: ProvinceId) -> bool:
    """Does ``power`` hold ``province``: control it (a centre, or a paying province without
    one), or, for a province that pays nothing, occupy it with its own unit?"""
    idx = _index(variant)
    if variant.board.provinces[province].is_supply_center:
        return position.supply_centers.get(province) == power
    if province in idx.income and province in idx.state_of:
        return (current(position).control or {}).get(province) == power
    u = position.unit_in(province)
    return u is not None and u.power == power


def _aligned(variant: Variant, position: Position, power: str, state: str) -> bool:
    return state_status(variant, position, state) == power


def _state_held(variant: Variant, position: Position, power: str, state: str) -> bool:
    s = _index(variant).states.get(state) or {}
    cap = s.get("capital") or (s.get("provinces") or [state])[0]
    return holds(variant, position, power, ProvinceId(cap))


def _markers_borne(variant: Variant, position: Position, power: str, val: Mapping[str, Any]) -> bool:
    """``markers``: every state named bears the confession's marker, or ``count`` of a group
    do (a controlled state shows none)."""
    conf = val["confession"]

    def bears(s: str) -> bool:
        return state_marker(variant, position, s) == conf and not controlled(variant, position, s)

    if "states" in val:
        return all(bears(s) for s in val["states"])
    idx = _index(variant)
    among = idx.objective_groups.get(str(val.get("among")), list(idx.states))
    return sum(1 for s in among if bears(s)) >= int(val.get("count", 1))


def _no_foreign_fleet(variant: Variant, position: Position, power: str, val: Any) -> bool:
    """``no_foreign_fleet_in``: no fleet of a power other than the power and its allies."""
    rel = relations(position)
    return not any(u.kind is UnitType.FLEET and u.province in val and u.power != power
                   and not rel.allied(power, u.power) for u in position.units)


_Condition = Callable[[Variant, Position, str, Any], bool]

_CONDITIONS: dict[str, _Condition] = {
    "hold": lambda v, pos, power, val: all(holds(v, pos, power, ProvinceId(p)) for p in val),
    "hold_any": lambda v, pos, power, val: any(holds(v, pos, power, ProvinceId(p)) for p in val),
    "aligned": lambda v, pos, power, val: all(_aligned(v, pos, power, s) for s in val),
    "aligned_any": lambda v, pos, power, val: any(_aligned(v, pos, power, s) for s in val),
    "aligned_or_held": lambda v, pos, power, val: all(_aligned(v, pos, power, s) or _state_held(v, pos, power, s)
                                                      for s in val),
    "markers": _markers_borne,
    "allied_with_any": lambda v, pos, power, val: any(relations(pos).allied(power, p) for p in val),
    "hold_all_homes": lambda v, pos, power, val: all(pos.supply_centers.get(h) == power
                                                     for h in v.homes(Power(power))) == bool(val),
    "no_foreign_fleet_in": _no_foreign_fleet,
    "any_of": lambda v, pos, power, val: any(objective_met(v, pos, power, {"id": "", **c}) for c in val),
}
"""The conditions of the Political and Military Objectives Table (our reconstruction; see
``objectives`` in ``variant.yaml``), each ``(variant, position, power, value) -> met?``."""


def objective_met(variant: Variant, position: Position, power: str, objective: Mapping[str, Any]) -> bool:
    """Is one objective of the Political and Military Objectives Table met (seed, "Objectives")?
    Its conditions (all must hold): ``hold`` (every province held), ``hold_any``, ``aligned``
    (every state aligned to the power), ``aligned_any``, ``aligned_or_held`` (each state aligned
    or its capital held), ``markers`` (``{confession, states}`` all bearing it, or
    ``{confession, count, among: GROUP}``), ``allied_with_any``, ``hold_all_homes``,
    ``no_foreign_fleet_in`` (no fleet of a power other than the power and its allies),
    ``any_of`` (a list of such conditions, one enough)."""
    for key, val in objective.items():
        if key in ("id", "text"):
            continue
        condition = _CONDITIONS.get(key)
        if condition is None:
            raise MapError(f"objective {objective.get('id')!r}: unknown condition {key!r}")
        if not condition(variant, position, power, val):
            return False
    return True


def chosen_objectives(variant: Variant, position: Position) -> dict[Power, list[str]]:
    """The three objectives each player chose before the game (seed, "Objectives"): the
    position's ``objectives`` key, else the game's ``objectives`` option."""
    chosen = current(position).objectives
    if chosen is not None:
        return {p: list(ids) for p, ids in chosen.items()}
    raw = variant.rules.options.get("objectives") or {}
    return {Power(p): [str(i) for i in ids or ()] for p, ids in raw.items()}


def check_objectives(variant: Variant, chosen: Any, where: str = "game option 'objectives'") -> None:
    """MapError unless ``chosen`` maps powers to at most ``choose`` ids of their own table."""
    idx = _index(variant)
    if chosen in (None, {}):
        return
    if not isinstance(chosen, Mapping):
        raise MapError(f"{where} maps each power to the ids of its objectives")
    for p, ids in chosen.items():
        if p not in idx.majors:
            raise MapError(f"{where}: {p!r} is not a power (powers: {', '.join(idx.majors)})")
        if not isinstance(ids, (list, tuple)):
            raise MapError(f"{where}: the objectives of {p} should be a list of ids")
        if len(ids) > idx.objective_choose:
            raise MapError(f"{where}: {p} chose {len(ids)} objectives; each player chooses {idx.objective_choose}")
        for i in ids:
            if str(i) not in idx.objectives[Power(p)]:
                raise MapError(f"{where}: {p} has no objective {i!r} (ids: {', '.join(idx.objectives[Power(p)])})")


def objectives_met(variant: Variant, position: Position) -> dict[Power, list[str]]:
    """The chosen objectives each power meets in ``position``."""
    idx = _index(variant)
    out: dict[Power, list[str]] = {p: [] for p in idx.majors}
    for p, ids in chosen_objectives(variant, position).items():
        for i in ids:
            obj = idx.objectives.get(p, {}).get(i)
            if obj is not None and objective_met(variant, position, p, obj):
                out[p].append(i)
    return out


def _state_points(variant: Variant, position: Position) -> dict[Power, int]:
    """Every power's points for the minor states (seed, "Mid-game and final scoring"): each
    state aligned with it (and the state's further provinces), and each confessional marker of
    its confession on a state nobody controls."""
    idx = _index(variant)
    table = idx.scoring
    pts = {p: 0 for p in idx.majors}
    for sid in active_states(variant, position):
        s = idx.states[sid]
        st = state_status(variant, position, sid)
        if st in pts:
            pts[Power(st)] += table.get("aligned_state", 0) + table.get("aligned_state_extra_province", 0) * (len(s.get("provinces") or ()) - 1)
        if controlled(variant, position, sid):
            continue
        mark = state_marker(variant, position, sid)
        for p in pts:
            if idx.confession.get(p) == mark:
                pts[p] += table.get("confessional_marker", 0)
    return pts


def score(variant: Variant, position: Position, objectives_met_count: Mapping[str, int] | None = None) -> dict[Power, int]:
    """Points of every power (seed, "Mid-game and final scoring"; the Scoring Guide is lost:
    the reconstructed ``scoring`` table, overridable by the game's ``tables`` option): aligned
    states (and their further provinces), confessional markers of the power's confession,
    foreign centres and paying provinces controlled, home centres held, full tens of treasury
    above the floor, chosen objectives met (judged from the position unless
    ``objectives_met_count`` gives the Gamesmaster's count), less the penalty for each
    declaration of war (errata 3-8-2015, 3-14-2015)."""
    idx = _index(variant)
    table = idx.scoring
    pts = _state_points(variant, position)
    for prov, owner in position.supply_centers.items():
        if owner in pts:
            home = prov in variant.homes(owner)
            pts[owner] += table.get("home_centre" if home else "foreign_centre", 0)
    for controller in (current(position).control or {}).values():
        if controller in pts:
            pts[Power(controller)] += table.get("foreign_income_province", 0)
    per = table.get("treasury_per", 0)
    for p, money in treasuries(variant, position).items():
        if per:
            pts[p] += int(max(money - idx.floor, Fraction(0)) // per)
    met = objectives_met_count if objectives_met_count is not None else {p: len(v) for p, v in objectives_met(variant, position).items()}
    for who, n in met.items():
        if who in pts:
            pts[Power(who)] += idx.objective_points * int(n)
    for who, n in relations(position).war_declarations.items():
        if who in pts:
            pts[Power(who)] += table.get("declaration_of_war", 0) * n
    return pts
