"""Europe 1615: Prelude to War, version 3 (seed 002), the rules that are not data.

The board, the states and the tables are data (``variants/europe1615/``, a reconstruction
described in its README). This module holds the rules, each hook citing the seed section (or the
dated clarification and erratum; the later date wins) it implements.

Minor states are pseudo-powers named by their state id (``VEN``, ``LOWR``, ``POLN``...; flagged
``minor: true`` under ``powers:`` in ``variant.yaml``): their units and centres belong to them.
A minor state's units are ordered by the power it is aligned to (written under that power's
name, or under the state's id).

Variant state in :attr:`Position.extra` (plain data, top-level keys of the position file; a key
left out takes its start value):

``treasury``     ``{power: wealth}`` (start 50; seed "Income phase"; rounded to 4 decimals)
``influence``    ``{power: INFs still to place this year}`` (seed "Influence and placement";
                 reset each Spring from ``influence_progression``; unused INFs are lost)
``infs``         ``{state: {power: INFs placed}}``; alignments follow from it
``relations``    ``{war: [[a, b], ...], alliances: [[a, b, ...], ...], neutral: [...],
                 war_declarations: {power: n}}``, in force now
``declarations`` declarations made and not yet in force: ``[{power, kind, targets, amount}]``
``control``      ``{province: power}`` for income provinces without a centre (SWI, FRA)
``revolts``      ``{province: {power, left}}``: movement phases a religious revolt still lasts
``attrition``    ``["Power: A PROV", ...]``: armies that have retreated once (seed, "Combat
                 attrition rule")
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..core.errors import IllegalOrder, InvalidOrder
from ..core.orders import Build, Disband, Move, Order, Retreat, UnitOrder
from ..core.phases import PhaseResult, adjudicate, civil_disorder_removals, close_phase
from ..core.resolution import Outcome, Resolution, Tag
from ..core.legality import check_adjustment_order, name, retreat_options
from ..core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ..core.variant import Calendar, Rules, Variant
from .europe1615_state import (
    _ATTACK, _ALLY, _ARMISTICE, _BREAK, _NEUTRAL, _PLACE, _SURRENDER, _WAR, Declaration,
    DiplomaticAttack, PlaceInfluence, _Index, _index, _money, _norm, _Relations, _store_money, build_cost,
    confession_of, influence_left, placed, relations, score, start_position, status, treasuries,
)

__all__ = ["CALENDAR", "RULES", "Europe1615Rules", "Declaration", "PlaceInfluence", "DiplomaticAttack",
           "start_position", "status", "build_cost", "score"]

CALENDAR = Calendar(
    steps=(
        ("Spring", PhaseKind.MOVEMENT),
        ("Spring", PhaseKind.RETREAT),
        ("Summer", PhaseKind.MOVEMENT),
        ("Summer", PhaseKind.RETREAT),
        ("Fall", PhaseKind.MOVEMENT),
        ("Fall", PhaseKind.RETREAT),
        ("Winter", PhaseKind.ADJUSTMENT),
        ("Winter", PhaseKind.INCOME),
    ),
    captures=frozenset(),
)
"""Seed 002, "Phases of the game": Spring, Summer and Fall Movement and Retreat, the Winter
Adjustment Phase (control of centres is settled) and the Winter Income and Build Phase. Centres
do not change hands after a season's movement: control is assessed in the Winter Adjustment
(errata 2-11-2015 (1))."""

# -- the rules ----------------------------------------------------------------------------------


class Europe1615Rules(Rules):
    """The rule hooks of Europe 1615 (seed 002).

    Options (``variant.yaml``'s ``options:``): ``one_build_per_phase`` (errata 3-5-2015, default
    true; false is the rulebook's up to three purchases, each priced on the new size);
    ``diplomatic_attack_in_controlled_state`` (errata 3-1-2015 [B], default false); the others
    are recorded but not yet read (see the variant's README).
    """

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self._variant: Variant | None = None
        self._inner = False
        self._reading = False

    # -- access to the variant ------------------------------------------------------------

    def _v(self, position: Position) -> Variant:
        if self._variant is None or self._variant.name != position.variant:
            from . import find_variant

            self._variant = find_variant(position.variant, {})
        return self._variant

    def side(self, position: Position, power: str) -> str:
        """Whose side a unit of ``power`` is on: a power's own; an aligned minor's, its power's;
        an unaligned or neutral minor, its own."""
        idx = _index(self._v(position))
        if power in idx.minors:
            st = status(position, power)
            if st not in ("unaligned", "neutral"):
                return st
        return power

    def domain_owner(self, position: Position, province: ProvinceId) -> str | None:
        """Whose domain ``province`` is: the controller of a centre (or of a paying province
        without one), else the power whose home territory it is, else its minor state; seas
        belong to nobody."""
        v = self._v(position)
        idx = _index(v)
        if v.board.provinces[province].is_supply_center and province in position.supply_centers:
            return position.supply_centers[province]
        ctl = (position.extra.get("control") or {}).get(province)
        if ctl:
            return str(ctl)
        return idx.domain.get(province) or idx.state_of.get(province)

    # -- movement hooks -------------------------------------------------------------------

    def are_friends(self, position: Position, a: Power, b: Power) -> bool:
        """Seed, "Specific rules regarding minor states" (2) and "Alliances" (1); errata
        3-8-2015: a power may not dislodge, nor support the dislodgement of, nor cut the
        support of its own aligned minor states, its allies, or its allies' aligned states;
        minor states aligned to one power are friends of each other."""
        if a == b:
            return True
        sa, sb = self.side(position, a), self.side(position, b)
        if sa == sb:
            return True
        return relations(position).allied(sa, sb)

    def entry_allowed(self, position: Position, power: str, province: ProvinceId) -> bool:
        """May a unit of ``power`` enter ``province`` (by a move or a retreat)?

        Seed, "Declarations and movement": not into the domain of another power or of a state
        aligned to it without a declaration of war or an alliance; (1) an unaligned minor state
        needs none; errata 3-2-2015: into one's own aligned states, and between states aligned
        to the same power; "Neutrality": a neutral state is impassable, errata 3-8-2015 [4]
        unless a foreign unit occupies it.
        """
        owner = self.domain_owner(position, province)
        if owner is None or owner == power:
            return True
        idx = _index(self._v(position))
        mover = self.side(position, power)
        if owner in idx.minors:
            st = status(position, owner)
            if st == "unaligned":
                return True
            if st == "neutral":
                occupant = position.unit_in(province)
                return occupant is not None and occupant.power != owner
            target = st
        else:
            target = owner
        if target == mover:
            return True
        rel = relations(position)
        return rel.at_war(mover, target) or rel.allied(mover, target)

    def may_enter(self, position: Position, order: Move) -> bool:
        """Seed, "Declarations and movement" (2) and errata 2-17-2015 (1), 3-1-2015 [A]: a unit
        ordered into a foreign province without a declaration of war does not enter, but still
        causes a standoff there."""
        return self.entry_allowed(position, order.power, order.destination.province)

    def winner(self, position: Position, victory_centres: int) -> Power | None:
        """Seed, "Mid-game and final scoring": victory is on points at the opening of 1630, not
        on centres; the core never names a winner."""
        return None

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        """Both Winter phases are always played: control, attrition and income happen there
        (seed, "Phases of the game")."""
        if position.phase.kind in (PhaseKind.ADJUSTMENT, PhaseKind.INCOME):
            return True
        return None

    # -- orders ---------------------------------------------------------------------------

    def parse_order(self, text: str, power: Power, variant: Variant, position: Position) -> Order | None:
        """The variant's own orders: ``N: STATE`` (INF placement), ``STATE > POWER``
        (diplomatic attack), declarations (``Declare war on P``, ``Alliance with P[, Q]``,
        ``Neutrality``, ``Armistice with P``, ``Surrender to P [indemnity N]``, ``Break
        alliance``); and unit orders a power gives to the units of its aligned minor states."""
        if self._reading:
            return None
        self._variant = variant
        idx = _index(variant)
        if m := _PLACE.match(text):
            return PlaceInfluence(power, int(m.group(1)), self._state(idx, m.group(2)))
        t = text.strip()
        if m := _NEUTRAL.match(t):
            return Declaration(power, "neutrality")
        if _BREAK.match(t):
            return Declaration(power, "break")
        if m := _SURRENDER.match(t):
            return Declaration(power, "surrender", self._powers(variant, m.group(1)), int(m.group(2) or 0))
        if m := _WAR.match(t):
            return Declaration(power, "war", self._powers(variant, m.group(1)))
        if m := _ALLY.match(t):
            return Declaration(power, "alliance", self._powers(variant, m.group(1)))
        if m := _ARMISTICE.match(t):
            return Declaration(power, "armistice", self._powers(variant, m.group(1)))
        if (m := _ATTACK.match(t)) and _norm(m.group(1)) in idx.state_names:
            return DiplomaticAttack(power, idx.state_names[_norm(m.group(1))], self._powers(variant, m.group(2))[0])
        if power in idx.minors:
            return None
        from ..notation import parse_order as read

        self._reading = True
        try:
            order = read(text, power, variant, position)
        finally:
            self._reading = False
        if isinstance(order, UnitOrder):
            pool = [d.unit for d in position.dislodged] if position.phase.kind is PhaseKind.RETREAT else list(position.units)
            mine = [u for u in pool if u.province == order.location.province]
            if mine and not any(u.power == power for u in mine):
                u = mine[0]
                if u.power in idx.minors and status(position, u.power) == power:
                    return dataclasses.replace(order, power=u.power, kind=u.kind)
        return order

    @staticmethod
    def _state(idx: _Index, text: str) -> str:
        sid = idx.state_names.get(_norm(text))
        if sid is None:
            raise InvalidOrder(f"{text!r} is not a minor state")
        return sid

    @staticmethod
    def _powers(variant: Variant, text: str) -> tuple[str, ...]:
        from ..notation import Names

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

    # -- phases ---------------------------------------------------------------------------

    def play_phase(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult | None:
        """Every phase is played here, around the core: declarations and influence orders are
        taken out and settled by this module, unit orders go to the core."""
        if self._inner:
            return None
        self._variant = variant
        own = [o for o in orders if isinstance(o, (Declaration, PlaceInfluence, DiplomaticAttack))]
        rest = [o for o in orders if not isinstance(o, (Declaration, PlaceInfluence, DiplomaticAttack))]
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            result = self._movement(variant, position, rest)
        elif kind is PhaseKind.RETREAT:
            result = self._retreats(variant, position, rest)
        elif kind is PhaseKind.ADJUSTMENT:
            result = self._winter_adjustment(variant, position, rest)
        else:
            result = self._winter_income(variant, position, rest)
        extra = dict(result.next_position.extra)
        own_res = self._declarations(variant, position, own, extra)
        if kind in (PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT):
            own_res += self._influence(variant, position, own, extra)
        else:
            own_res += [Resolution(o.power, o, Outcome.ILLEGAL, "INFs are placed in a movement phase or the Winter Adjustment; not followed")
                        for o in own if isinstance(o, (PlaceInfluence, DiplomaticAttack))]
        nxt = self._advance(variant, position, result.next_position.evolve(extra=extra))
        return dataclasses.replace(result, next_position=nxt, resolutions=tuple(own_res) + tuple(result.resolutions))

    def _core(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        self._inner = True
        try:
            return adjudicate(variant, position, orders)
        finally:
            self._inner = False

    # movement ----------------------------------------------------------------------------

    def _movement(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """The core adjudicates; then seed "Specific rules" (1): a minor state's dislodged unit
        is disbanded; "Combat attrition rule": an army already marked is disbanded when
        dislodged again; a dislodged unit may retreat only where it may enter (seed,
        "Declarations and movement" (2); errata 3-1-2015 [A]); revolts count down."""
        res = self._core(variant, position, orders)
        idx = _index(variant)
        marks = set(position.extra.get("attrition") or ())
        moved = {r.order.location.province: r.order.destination for r in res.resolutions
                 if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS}
        new_marks = set()
        for m in marks:
            p, _, unit = m.partition(": ")
            kind, _, loc = unit.partition(" ")
            prov = Location.parse(loc).province
            if prov in moved:
                new_marks.add(f"{p}: {kind} {moved[prov]}")
            else:
                new_marks.add(m)
        nxt = res.next_position
        if nxt.dislodged:
            keep: list[Dislodged] = []
            lost = list(res.disbanded)
            notes = list(res.notes)
            for d in nxt.dislodged:
                u = d.unit
                why = None
                if u.power in idx.minors:
                    why = "a minor state's unit is disbanded when dislodged"
                elif u.kind is UnitType.ARMY and f"{u.power}: {u}" in new_marks:
                    why = "the army already bore an attrition mark and is disbanded"
                    new_marks.discard(f"{u.power}: {u}")
                elif not self.retreat_options(variant, nxt, d):
                    why = "it has nowhere it may retreat and is disbanded"
                if why:
                    lost.append(u)
                    notes.append(f"{u.power}'s {u.kind.noun} in {name(variant.board, u.province)} was dislodged: {why}.")
                else:
                    keep.append(d)
            if not keep:
                after = nxt.evolve(phase=position.phase, dislodged=(), standoffs=frozenset())
                res = close_phase(variant, position, position.phase, after, res.resolutions, lost, notes)
                nxt = res.next_position
            else:
                nxt = nxt.evolve(dislodged=tuple(keep))
                res = dataclasses.replace(res, disbanded=tuple(lost), notes=tuple(notes))
        extra = dict(nxt.extra)
        extra["attrition"] = sorted(new_marks)
        # Seed, "Sanctions" (Maghreb states): Tunisia comes into play after the Ottomans' first
        # successful move, Algeria after Tunisia's, Morocco after Algeria's.
        movers = {r.order.power for r in res.resolutions if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS}
        active = list(extra.get("activated") or ())
        for sid, st in idx.states.items():
            if st.get("active") is False and sid not in active and st.get("activated_by") in movers:
                active.append(sid)
        if active:
            extra["activated"] = sorted(active)
        revolts = {}
        for prov, r in (nxt.extra.get("revolts") or {}).items():
            left = int(r.get("left", 0)) - 1
            if left > 0:
                revolts[prov] = {**r, "left": left}
        extra["revolts"] = revolts
        return dataclasses.replace(res, next_position=nxt.evolve(extra=extra))

    def retreat_options(self, variant: Variant, position: Position, d: Dislodged) -> list[Location]:
        """The core's retreat options less the provinces the unit may not enter."""
        return [loc for loc in retreat_options(variant.board, position, d.unit, d.attacker_from)
                if self.entry_allowed(position, d.unit.power, loc.province)]

    # retreats ----------------------------------------------------------------------------

    def _retreats(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """A retreat only where the unit may enter (seed, "Declarations and movement" (2));
        an army that retreats gains an attrition mark (seed, "Combat attrition rule")."""
        mine: list[Resolution] = []
        passed: list[Order] = []
        replaced: set[ProvinceId] = set()
        for o in orders:
            if isinstance(o, (Retreat, Move)) and not self.entry_allowed(position, o.power, o.destination.province):
                where = name(variant.board, o.destination.province)
                mine.append(Resolution(o.power, o, Outcome.ILLEGAL,
                                       f"may not retreat to {where} without a declaration of war or an alliance; the unit is disbanded",
                                       (Tag.DISBANDED,)))
                passed.append(Disband(o.power, o.kind, o.location))
                replaced.add(o.location.province)
            else:
                passed.append(o)
        res = self._core(variant, position, passed)
        out = [r for r in res.resolutions
               if not (isinstance(r.order, Disband) and r.order.location.province in replaced)]
        marks = set(position.extra.get("attrition") or ())
        for r in res.resolutions:
            if isinstance(r.order, Retreat) and r.outcome is Outcome.SUCCESS and r.order.kind is UnitType.ARMY:
                marks.add(f"{r.order.power}: A {r.order.destination}")
        nxt = res.next_position
        extra = dict(nxt.extra)
        extra["attrition"] = sorted(marks)
        return dataclasses.replace(res, resolutions=tuple(mine + out), next_position=nxt.evolve(extra=extra))

    # winter adjustment -------------------------------------------------------------------

    def _winter_adjustment(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """Seed, "Securing control of a captured foreign center" and errata 2-11-2015 (1): a
        foreign centre (or a paying province without one) is controlled by whoever occupies it
        at the end of the Winter Adjustment; an ally's or an aligned minor's unit occupies by
        proxy (errata 3-8-2015); an unoccupied foreign centre reverts to its own state. Seed,
        "Specific rules" (3): the capture of a minor's capital disbands its units. Attrition
        marks are cleared. A capture against the centre's confession starts a revolt (seed,
        "Religious rebellion")."""
        idx = _index(variant)
        results = [Resolution(o.power, o, Outcome.ILLEGAL, "no unit orders in the Winter Adjustment; not followed")
                   for o in orders]
        owners = dict(position.supply_centers)
        control = {ProvinceId(k): str(v) for k, v in (position.extra.get("control") or {}).items()}
        revolts = dict(position.extra.get("revolts") or {})
        notes: list[str] = []
        paying = [p for p in variant.board.provinces if variant.board.provinces[p].is_supply_center]
        paying += [p for p in idx.income if not variant.board.provinces[p].is_supply_center and p in idx.state_of]
        for prov in sorted(paying):
            is_sc = variant.board.provinces[prov].is_supply_center
            natural = self.natural_owner(variant, position, prov)
            current = owners.get(prov) if is_sc else control.get(prov, natural)
            occupant = position.unit_in(prov)
            new = current
            if occupant is not None and occupant.power != current:
                if current is None or not self.are_friends(position, occupant.power, current):
                    new = occupant.power
            elif occupant is None and current != natural:
                new = natural
            if new != current:
                notes.append(f"{name(variant.board, prov)}: control passes from {current} to {new}.")
                if is_sc:
                    if new is None:
                        owners.pop(prov, None)
                    else:
                        owners[prov] = new
                elif new == natural:
                    control.pop(prov, None)
                else:
                    control[prov] = new
                revolts.pop(prov, None)
                if new in idx.confession:
                    mark = self.confession_of(variant, position, prov)
                    conf = idx.confession[new]
                    if {mark, conf} == {"catholic", "protestant"} and idx.income.get(prov, 0) > 0:
                        revolts[prov] = {"power": new, "left": idx.income[prov]}
                        notes.append(f"{name(variant.board, prov)} is in revolt against {new}.")
        units = list(position.units)
        lost: list[Unit] = []
        for sid, s in idx.states.items():
            cap = s.get("capital")
            if cap and sid in idx.minors and owners.get(cap) not in (None, sid):
                for u in [u for u in units if u.power == sid]:
                    units.remove(u)
                    lost.append(u)
                    notes.append(f"{sid}'s capital is held by {owners.get(cap)}: its unit in {name(variant.board, u.province)} is disbanded.")
        infs = placed(position)
        for p in idx.majors:
            if variant.homes(p) and not any(owners.get(h) == p for h in variant.homes(p)):
                # Seed, "Elimination": units disbanded, foreign centres liberated, INFs removed.
                for u in [u for u in units if u.power == p]:
                    units.remove(u)
                    lost.append(u)
                for prov in [c for c, o in owners.items() if o == p]:
                    natural = self.natural_owner(variant, position, prov)
                    if natural:
                        owners[prov] = natural
                    else:
                        owners.pop(prov)
                for prov in [c for c, o in control.items() if o == p]:
                    control.pop(prov)
                for d in infs.values():
                    d.pop(p, None)
                notes.append(f"{p} holds none of its home centres and is eliminated.")
        for sid in sorted(idx.minors):
            mine = [u for u in units if u.power == sid]
            excess = len(mine) - sum(1 for o in owners.values() if o == sid)
            if excess > 0:
                for u in civil_disorder_removals(variant, mine, Power(sid), excess):
                    units.remove(u)
                    lost.append(u)
                    notes.append(f"{sid} has more units than centres: its unit in {name(variant.board, u.province)} is disbanded.")
        extra = dict(position.extra)
        extra["infs"] = {k: d for k, d in sorted(infs.items()) if d}
        extra["control"] = dict(sorted(control.items()))
        extra["revolts"] = dict(sorted(revolts.items()))
        extra["attrition"] = []
        nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units),
                              supply_centers=owners, extra=extra, dislodged=(), standoffs=frozenset())
        return PhaseResult(position, tuple(results), nxt, tuple(lost), notes=tuple(notes))

    def natural_owner(self, variant: Variant, position: Position, province: ProvinceId) -> str | None:
        """Who holds ``province`` when nobody controls it: a seceded state (optional sanctions),
        else the power whose home it is, else its minor state."""
        idx = _index(variant)
        for sid in position.extra.get("seceded") or ():
            if province in (idx.states.get(sid) or {}).get("homes", ()):
                return sid
        return idx.home_of.get(province) or idx.state_of.get(province)

    def confession_of(self, variant: Variant, position: Position, province: ProvinceId) -> str:
        """See :func:`~judge.variants.europe1615_state.confession_of`."""
        return confession_of(variant, position, province)

    # winter income and build -------------------------------------------------------------

    def income(self, variant: Variant, position: Position) -> dict[Power, int]:
        """Seed, "Income phase": each power receives the Income Map value of its home centres
        and controlled centres and paying provinces; a revolting province pays nothing (seed,
        "Religious rebellion")."""
        idx = _index(variant)
        revolts = position.extra.get("revolts") or {}
        control = position.extra.get("control") or {}
        out = {p: 0 for p in idx.majors}
        held = list(position.supply_centers.items()) + [(ProvinceId(k), v) for k, v in control.items()]
        for prov, owner in held:
            if owner in out and prov not in revolts:
                out[owner] += idx.income.get(prov, 0)
        return out

    def _winter_income(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """Seed, "Adding a unit for a power": a unit costs the Military Cost Table's percentage
        of the treasury at the power's present size, needs a vacant home centre the power
        controls, may not leave less than 25 in the treasury, and no power has more than 15
        units; errata 3-5-2015: one purchase per phase (option ``one_build_per_phase``)."""
        idx = _index(variant)
        money = treasuries(variant, position)
        units = list(position.units)
        results: list[Resolution] = []
        bought: dict[str, int] = {}
        limit = 1 if self.options.get("one_build_per_phase", True) else 3
        for o in orders:
            if not isinstance(o, Build):
                results.append(Resolution(o.power, o, Outcome.ILLEGAL, "only purchases (Build) in the Winter Income and Build phase; not followed"))
                continue
            try:
                b = check_adjustment_order(variant.board, position, o)
                p = b.power
                prov = b.location.province
                if p not in idx.majors:
                    raise IllegalOrder("a minor state does not buy units")
                if prov not in variant.homes(p):
                    raise IllegalOrder(f"{name(variant.board, prov)} is not a home centre of {p}")
                if position.supply_centers.get(prov) != p:
                    raise IllegalOrder(f"{p} does not control {name(variant.board, prov)}")
                if any(u.province == prov for u in units):
                    raise IllegalOrder(f"{name(variant.board, prov)} is occupied")
                if bought.get(p, 0) >= limit:
                    raise IllegalOrder("one purchase per Winter Income and Build phase (errata 3-5-2015)" if limit == 1 else f"at most {limit} purchases a phase")
                size = sum(1 for u in units if u.power == p)
                if size >= idx.max_units:
                    raise IllegalOrder(f"no power may have more than {idx.max_units} units")
                cost = build_cost(variant, size, money[p])
                if money[p] - cost < idx.floor:
                    raise IllegalOrder(f"the unit would cost {float(cost):g} and leave less than {idx.floor} in the treasury")
            except (IllegalOrder, InvalidOrder) as exc:
                results.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{exc.message}; not followed"))
                continue
            money[p] -= cost
            bought[p] = bought.get(p, 0) + 1
            units.append(Unit(p, b.kind, b.location))
            results.append(Resolution(p, b, Outcome.SUCCESS, f"bought for {float(cost):g}; treasury {float(money[p]):g}"))
        extra = dict(position.extra)
        extra["treasury"] = {p: _store_money(v) for p, v in money.items()}
        nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units), extra=extra)
        return PhaseResult(position, tuple(results), nxt)

    # declarations ------------------------------------------------------------------------

    def _declarations(self, variant: Variant, position: Position, orders: Sequence[Order], extra: dict) -> list[Resolution]:
        """Record declarations; they take effect from the next movement phase (seed,
        "Declarations and movement")."""
        idx = _index(variant)
        rel = relations(position)
        out: list[Resolution] = []
        pending = list(extra.get("declarations") or [])
        wars: set[str] = set()
        breaks: set[str] = {o.power for o in orders if isinstance(o, Declaration) and o.kind == "break"}
        for o in orders:
            if not isinstance(o, Declaration):
                continue
            why = None
            if o.power not in idx.majors:
                why = "only a power makes declarations"
            elif o.power in o.targets:
                why = "a power cannot name itself"
            elif o.kind == "war":
                if o.power in wars:
                    why = "one declaration of war a phase (errata 3-8-2015)"
                elif any(rel.allied(o.power, t) for t in o.targets):
                    why = ("breaking an alliance and declaring war on the former ally is not allowed in the same pass (errata 3-14-2015)"
                           if o.power in breaks else "a power cannot declare war on its ally; break the alliance first")
            elif o.kind == "neutrality" and any(rel.at_war(o.power, p) for p in idx.majors):
                why = "a power at war cannot take a neutral stance (errata 3-8-2015)"
            elif o.kind == "surrender" and not rel.at_war(o.power, o.targets[0]):
                why = f"{o.power} is not at war with {o.targets[0]}"
            if why:
                out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            if o.kind == "war":
                wars.add(o.power)
            pending.append({"power": o.power, "kind": o.kind, "targets": list(o.targets), "amount": o.amount})
            out.append(Resolution(o.power, o, Outcome.SUCCESS, "declared; in effect from the next movement phase"))
        if pending:
            extra["declarations"] = pending
        return out

    def _apply_declarations(self, variant: Variant, position: Position, extra: dict) -> None:
        """Put the pending declarations in force: breaks, then surrenders and armistices, then
        wars and neutrality, then alliances (errata 3-8-2015: the deadline for declarations of
        war comes before the one for alliances)."""
        pending = extra.pop("declarations", None) or []
        if not pending:
            return
        rel = _Relations.read(position.evolve(extra=extra))
        money = {p: _money(v) for p, v in (extra.get("treasury") or {}).items()}
        floor = _index(variant).floor

        def of(kind: str) -> list[dict]:
            return [d for d in pending if d["kind"] == kind]

        for d in of("break"):
            for g in rel.alliances:
                g.discard(d["power"])
        for d in of("surrender"):
            winner = d["targets"][0]
            loser_g, win_g = rel.group(d["power"]), rel.group(winner)
            rel.war = {w for w in rel.war if not (w & loser_g and w & win_g)}
            pay = min(_money(d.get("amount") or 0), max(money.get(d["power"], Fraction(0)) - floor, Fraction(0)))
            if pay > 0 and d["power"] in money:
                money[d["power"]] -= pay
                winners = sorted(p for p in win_g if p in money)
                for p in winners:
                    money[p] += pay / len(winners)
        armistice = {(d["power"], t) for d in of("armistice") for t in d["targets"]}
        for a, b in armistice:
            if (b, a) in armistice:
                ga, gb = rel.group(a), rel.group(b)
                rel.war = {w for w in rel.war if not (w & ga and w & gb)}
        for d in of("war"):
            for t in d["targets"]:
                rel.war.add(frozenset((d["power"], t)))
            rel.war_declarations[d["power"]] = rel.war_declarations.get(d["power"], 0) + 1
            rel.neutral.discard(d["power"])
        for d in of("neutrality"):
            rel.neutral.add(d["power"])
        offers = {d["power"]: set(d["targets"]) for d in of("alliance")}
        for p, named in offers.items():
            if all(p in offers.get(q, ()) for q in named):
                merged = set(rel.group(p)) | named
                for q in named:
                    merged |= rel.group(q)
                rel.alliances = [g for g in rel.alliances if not (g & merged)] + [merged]
                rel.neutral -= merged
        rel.alliances = [g for g in rel.alliances if len(g) >= 2]
        extra["relations"] = rel.to_data()
        if money:
            extra["treasury"] = {p: _store_money(v) for p, v in money.items()}

    # influence ---------------------------------------------------------------------------

    def may_influence(self, variant: Variant, position: Position, power: str, state: str) -> str | None:
        """Why ``power`` may not place INFs in ``state`` now, or None (seed, "Sanctions";
        "Securing control": a controlled state cannot be influenced)."""
        idx = _index(variant)
        s = idx.states.get(state)
        if s is None or not s.get("pliant", True):
            return f"{state} is not a pliant minor state"
        if s.get("active") is False and state not in (position.extra.get("activated") or ()):
            return f"{s.get('name', state)} cannot be influenced yet (Maghreb states)"
        if s.get("option") and state not in (position.extra.get("seceded") or ()):
            return f"{s.get('name', state)} is not a state in this game now"
        for rule in (variant.data.get("sanctions") or {}).get("optional") or ():
            if rule.get("secedes") == state and rule.get("only") and idx.confession.get(power) != rule["only"]:
                return f"sanction {rule['id']}: only {rule['only']} powers may place INFs in {state}"
        if self.controlled(variant, position, state):
            return f"{s.get('name', state)} is controlled by a power and cannot be influenced"
        year = position.phase.year
        conf = idx.confession.get(power)
        for rule in idx.sanctions:
            if "years" in rule and year not in rule["years"]:
                continue
            if "from_year" in rule and year < int(rule["from_year"]):
                continue
            who = rule.get("who")
            hit = who == conf or (isinstance(who, list) and power in who)
            if hit and state in (rule.get("may_not_influence") or ()):
                return f"sanction {rule['id']}: {power} may not place INFs in {state}"
            if rule.get("state") == state and "only" in rule:
                only = rule["only"]
                ok = only == conf if isinstance(only, str) else power in only
                if not ok:
                    return f"sanction {rule['id']}: only {only if isinstance(only, str) else ', '.join(only)} may place INFs in {state}"
        return None

    def controlled(self, variant: Variant, position: Position, state: str) -> bool:
        """Is the state's capital (or its one province) controlled by another?"""
        s = _index(variant).states.get(state) or {}
        cap = s.get("capital")
        if cap:
            return position.supply_centers.get(cap) not in (None, state)
        ctl = (position.extra.get("control") or {})
        return any(ctl.get(p) not in (None, state) for p in s.get("provinces") or ())

    def _influence(self, variant: Variant, position: Position, orders: Sequence[Order], extra: dict) -> list[Resolution]:
        """Placement, then diplomatic attacks (seed, "The diplomatic attack": one per power a
        phase; mutual reduction; several in one state in the stated order of powers)."""
        idx = _index(variant)
        left = influence_left(variant, position)
        infs = placed(position.evolve(extra=extra))  # after the phase (eliminations)
        out: list[Resolution] = []
        for o in orders:
            if not isinstance(o, PlaceInfluence):
                continue
            why = None
            if o.power not in idx.majors:
                why = "only a power places INFs"
            elif o.amount <= 0:
                why = "place at least one INF"
            elif o.amount > left[o.power]:
                why = f"only {left[o.power]} INF(s) left to place this year"
            else:
                why = self.may_influence(variant, position, o.power, o.state)
            if why:
                out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            left[o.power] -= o.amount
            infs.setdefault(o.state, {})
            infs[o.state][o.power] = infs[o.state].get(o.power, 0) + o.amount
            out.append(Resolution(o.power, o, Outcome.SUCCESS, f"placed; {left[o.power]} left this year"))
        attacks: dict[str, list[DiplomaticAttack]] = {}
        seen: set[str] = set()
        for o in orders:
            if not isinstance(o, DiplomaticAttack):
                continue
            why = None
            if o.power not in idx.majors:
                why = "only a power makes a diplomatic attack"
            elif o.power in seen:
                why = "one diplomatic attack a phase"
            elif self.controlled(variant, position, o.state) and not self.options.get("diplomatic_attack_in_controlled_state", False):
                why = "no diplomatic attack in a controlled state (errata 3-1-2015 [B])"
            elif not (infs.get(o.state) or {}).get(o.power):
                why = f"{o.power} has no INFs in {o.state}"
            if why:
                out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            seen.add(o.power)
            attacks.setdefault(o.state, []).append(o)
        rank = {p: i for i, p in enumerate(idx.attack_order)}
        for state, lst in attacks.items():
            for o in sorted(lst, key=lambda a: rank.get(a.power, 99)):
                d = infs.setdefault(state, {})
                mine, theirs = d.get(o.power, 0), d.get(o.target, 0)
                if mine == 0 or theirs == 0:
                    out.append(Resolution(o.power, o, Outcome.FAILURE, f"no INFs of {o.power if mine == 0 else o.target} left in {state} to attack"))
                    continue
                cut = min(mine, theirs)
                d[o.power], d[o.target] = mine - cut, theirs - cut
                out.append(Resolution(o.power, o, Outcome.SUCCESS, f"both lose {cut} INF(s) in {state}"))
        extra["infs"] = {s: {p: n for p, n in sorted(d.items()) if n > 0} for s, d in sorted(infs.items()) if any(d.values())}
        extra["influence"] = left
        return out

    # between phases ----------------------------------------------------------------------

    def _advance(self, variant: Variant, start: Position, nxt: Position) -> Position:
        """Bookkeeping on entering the next phase: income on entering the Winter Income and
        Build phase; a new year's INFs (unused ones are lost); declarations in force from the
        next movement phase (declarations of the Fall wait for the Spring)."""
        idx = _index(variant)
        extra = dict(nxt.extra)
        extra["treasury"] = {p: _store_money(v) for p, v in treasuries(variant, nxt).items()}
        if nxt.phase.kind is PhaseKind.INCOME and start.phase.kind is not PhaseKind.INCOME:
            inc = self.income(variant, nxt)
            extra["treasury"] = {p: _store_money(_money(extra["treasury"][p]) + inc[p]) for p in idx.majors}
        if nxt.phase.year > start.phase.year:
            extra["influence"] = {p: idx.influence_for(p, nxt.phase.year) for p in idx.majors}
        else:
            extra["influence"] = influence_left(variant, nxt.evolve(extra=extra))
        if nxt.phase.kind is PhaseKind.MOVEMENT:
            self._apply_declarations(variant, nxt, extra)
        owners = dict(nxt.supply_centers)
        seceded = list(extra.get("seceded") or ())
        for sid, st in idx.states.items():
            # Seed, "Sanctions" (optional): Bohemia secedes from Austria in 1618, Guyenne from
            # France in 1621, each a pliant state; a unit standing there stays as an occupier.
            opt = st.get("option")
            if opt and self.options.get(opt) and sid not in seceded and nxt.phase.year >= int(st.get("from_year", 0)):
                seceded.append(sid)
                for prov in st.get("homes") or ():
                    owners[prov] = sid
        if seceded:
            extra["seceded"] = sorted(seceded)
        extra.setdefault("infs", {})
        extra.setdefault("relations", relations(nxt).to_data())
        for k in ("attrition", "revolts", "control"):
            if not extra.get(k):
                extra.pop(k, None)
        return nxt.evolve(extra=extra, supply_centers=owners)


RULES = Europe1615Rules
