"""Europe 1615: Prelude to War, version 3 (seed 002), the rules that are not data.

The board, the states and the tables are data (``variants/europe1615/``, a reconstruction
described in its README). This module holds the rules, each hook citing the seed section (or the
dated clarification and erratum; the later date wins) it implements. The variant's README has
the checklist of every rule and erratum with the function and the test for it.

Minor states are pseudo-powers named by their state id (``VEN``, ``LOWR``, ``POLN``...; flagged
``minor: true`` under ``powers:`` in ``variant.yaml``): their units and centres belong to them.
A minor state's units are ordered by the power it is aligned to (written under that power's
name, or under the state's id). A home centre that becomes a new pliant state is a pseudo-power
named by its province id (``NET``, ``PAR``...).

Variant state in :attr:`Position.extra` (plain data, top-level keys of the position file; a key
left out takes its start value):

``treasury``     ``{power: wealth}`` (start 50; seed "Income phase"; rounded to 4 decimals)
``influence``    ``{power: INFs still to place this year}`` (seed "Influence and placement";
                 reset each Spring from ``influence_progression``; unused INFs are lost)
``influence_bought`` ``{power: INFs}`` bought in the Winter Income, added to next year's
``infs``         ``{state: {power: INFs placed}}``; alignments follow from it
``relations``    ``{war: [[a, b], ...], alliances: [[a, b, ...], ...], neutral: [...],
                 war_declarations: {power: n}, declared: [[declarer, target], ...]}``, in force
                 now (``declared`` only when a war's declarer is known: errata 3-8-2015, joining
                 an offensive alliance)
``declarations`` declarations made and not yet in force: ``[{power, kind, targets, amount}]``
``transfers``    ``{province: recipient}``: transfers of control announced in the Fall
``control``      ``{province: power}`` for income provinces without a centre (SWI, FRA)
``revolts``      ``{province: {power, left}}``: movement phases a religious revolt still lasts
``markers``      ``{province: white|black}``: confessional markers after a capture
``new_states``   provinces that became new pliant minor states (lost home centres)
``attrition``    ``["Power: A PROV", ...]``: armies that have retreated once (seed, "Combat
                 attrition rule")
``activated``    Maghreb states in play; ``seceded``: BOH/GUY under their optional sanctions
``objectives``   ``{power: [ids]}`` chosen (else the game's ``objectives`` option)
``scores``       ``{year, final, points, objectives}``: the last mid-game or final scoring
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any, Mapping, Sequence, cast

from ...core.errors import IllegalOrder, InvalidOrder, MapError, OrderError
from ...core.orders import Build, Disband, Hold, Move, Order, Retreat, UnitOrder
from ...core.phases import PhaseResult, adjudicate, civil_disorder_removals, close_phase
from ...core.resolution import Outcome, Resolution, Tag
from ...core.legality import check_adjustment_order, name, retreat_options
from ...core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Calendar, Rules, Variant
from .state import (
    _ATTACK, _ALLY, _ARMISTICE, _BREAK, _BUY_INF, _NEUTRAL, _PLACE, _SURRENDER, _TRANSFER, _WAR,
    BuyInfluence, Declaration, DiplomaticAttack, PlaceInfluence, TransferControl, _Index, _index, _money,
    _norm, _Relations, _store_money, active_states, build_cost, check_objectives, confession_of, controlled,
    force_confession, influence_left, markers, objectives_met, opposed, placed, relations, score,
    start_position, state_of, state_status, status, treasuries,
)

__all__ = ["CALENDAR", "RULES", "Europe1615Rules", "Declaration", "PlaceInfluence", "DiplomaticAttack",
           "BuyInfluence", "TransferControl", "start_position", "status", "state_status", "build_cost",
           "score", "markers", "objectives_met", "relations"]

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

_OWN_ORDERS = (Declaration, PlaceInfluence, DiplomaticAttack, BuyInfluence, TransferControl)

_BRACKETED = re.compile(r"\[\s*([^\[\]=/]+?)\s*\]")
_DECLARATION_OF = re.compile(
    r"^\s*(?:declarations?\s+of\s+(?:an?\s+)?(?P<what>war|alliance|neutrality|armistice|surrender)\b"
    r"|(?:dow|dofw|d\.o\.w\.?)(?=\s*:))\s*:?\s*", re.I)


# -- the rules ----------------------------------------------------------------------------------


class Europe1615Rules(Rules):
    """The rule hooks of Europe 1615 (seed 002).

    Options (``variant.yaml``'s ``options:``, each overridable in a game's ``game.yaml``) are
    listed with their errata in the variant's README; ``tables`` overrides the reconstructed
    tables and ``objectives`` records the objectives the players chose.
    """

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self._variant: Variant | None = None
        self._inner = False
        self._reading = False

    def check_options(self, variant: Variant) -> None:
        """MapError for a game option this variant cannot use (bad tables, unknown objectives,
        an unknown attrition or minor-build mode)."""
        _index(variant)
        check_objectives(variant, self.options.get("objectives"))
        if self.options.get("attrition", "armies") not in ("armies", "all", "none"):
            raise MapError(f"game option 'attrition' is armies, all or none, found {self.options.get('attrition')!r}")
        if self.options.get("minor_builds", "foreign_centres") not in ("foreign_centres", "all_centres"):
            raise MapError(f"game option 'minor_builds' is foreign_centres or all_centres, found {self.options.get('minor_builds')!r}")
        proxy = self.options.get("occupation_by_proxy", ())
        if not isinstance(proxy, (list, tuple)) or set(proxy) - {"aligned_minor", "ally"}:
            raise MapError(f"game option 'occupation_by_proxy' is a list of aligned_minor, ally; found {proxy!r}")

    # -- access to the variant ------------------------------------------------------------

    def _v(self, position: Position) -> Variant:
        if self._variant is None or self._variant.name != position.variant:
            from .. import find_variant

            self._variant = find_variant(position.variant, self.options)
        return self._variant

    def side(self, position: Position, power: str) -> str:
        """Whose side a unit of ``power`` is on: a power's own; an aligned minor's, its power's;
        an unaligned, neutral or controlled minor, its own."""
        v = self._v(position)
        idx = _index(v)
        if power in idx.minors:
            st = state_status(v, position, power)
            if st not in ("unaligned", "neutral", "controlled"):
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
        return idx.domain.get(province) or state_of(v, position, province)

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
        needs none (nor a controlled one's other provinces: its INFs are suspended); errata
        3-2-2015: into one's own aligned states, and between states aligned to the same power;
        "Neutrality": a neutral state is impassable, errata 3-8-2015 [4] unless a foreign unit
        occupies it; "Mobilization phase": seas are open to all.
        """
        owner = self.domain_owner(position, province)
        if owner is None or owner == power:
            return True
        v = self._v(position)
        idx = _index(v)
        mover = self.side(position, power)
        if owner in idx.minors:
            st = state_status(v, position, owner)
            if st in ("unaligned", "controlled"):
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
        on centres (see :meth:`_scoring`); the core never names a winner."""
        return None

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        """Both Winter phases are always played: control, attrition and income happen there
        (seed, "Phases of the game")."""
        if position.phase.kind in (PhaseKind.ADJUSTMENT, PhaseKind.INCOME):
            return True
        return None

    def must_order(self, variant: Variant, position: Position) -> list[Power] | None:
        """Every power still in the game (holding a home centre) decides something in a
        movement phase and in both Winter phases — INFs, declarations, purchases — even without
        units; retreats as usual. Minor states are ordered by their powers."""
        if position.phase.kind is PhaseKind.RETREAT:
            return None
        return [p for p in _index(variant).majors if any(position.supply_centers.get(h) == p for h in variant.homes(p))]

    # -- orders ---------------------------------------------------------------------------

    def parse_order(self, text: str, power: Power, variant: Variant, position: Position) -> Order | None:
        """The variant's own orders: ``N: STATE`` (INF placement), ``STATE > POWER``
        (diplomatic attack), ``Buy N INF``, ``Transfer PROV to X``, declarations (``Declare war
        on P``, ``Alliance with P[, Q]``, ``Neutrality``, ``Armistice with P``, ``Surrender to
        P [indemnity N]``, ``Break alliance``); and unit orders a power gives to the units of
        its aligned minor states."""
        if self._reading:
            return None
        self._variant = variant
        idx = _index(variant)
        text = self._as_written(text, variant, idx)
        if m := _PLACE.match(text):
            return PlaceInfluence(power, int(m.group(1)), self._state(idx, m.group(2)))
        t = text.strip()
        if m := _BUY_INF.match(t):
            return BuyInfluence(power, int(m.group(1)))
        if m := _TRANSFER.match(t):
            from ...notation import names_of

            pid = names_of(variant).provinces.get(_norm(m.group(1)).replace("'", ""))
            if pid is None:
                raise InvalidOrder(f"{m.group(1)!r} is not a province")
            return TransferControl(power, pid, self._recipient(variant, m.group(2)))
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
        from ...notation import hook_notes, parse_order as read

        self._reading = True
        try:
            order = read(text, power, variant, position, notes=hook_notes())
        finally:
            self._reading = False
        if isinstance(order, UnitOrder) and not isinstance(order, Build):
            pool = [d.unit for d in position.dislodged] if position.phase.kind is PhaseKind.RETREAT else list(position.units)
            mine = [u for u in pool if u.province == order.location.province]
            if mine and not any(u.power == power for u in mine):
                u = mine[0]
                if u.power in idx.minors and state_status(variant, position, u.power) == power:
                    return dataclasses.replace(order, power=u.power, kind=u.kind)
        return order

    @staticmethod
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

    @staticmethod
    def _state(idx: _Index, text: str) -> str:
        sid = idx.state_names.get(_norm(text))
        if sid is None:
            raise InvalidOrder(f"{text!r} is not a minor state")
        return sid

    @staticmethod
    def _recipient(variant: Variant, text: str) -> str:
        idx = _index(variant)
        sid = idx.state_names.get(_norm(text))
        if sid is not None and sid in idx.minors:
            return sid
        from ...notation import Names

        p, _ = Names(variant).power(text)
        return str(p)

    @staticmethod
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

    # -- phases ---------------------------------------------------------------------------

    def play_phase(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult | None:
        """Every phase is played here, around the core: declarations, influence orders and
        announcements are taken out and settled by this module, unit orders go to the core."""
        if self._inner:
            return None
        self._variant = variant
        own = [o for o in orders if isinstance(o, _OWN_ORDERS)]
        rest = [o for o in orders if not isinstance(o, _OWN_ORDERS)]
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            result = self._movement(variant, position, rest)
        elif kind is PhaseKind.RETREAT:
            result = self._retreats(variant, position, rest)
        elif kind is PhaseKind.ADJUSTMENT:
            result = self._winter_adjustment(variant, position, rest)
        else:
            result = self._winter_income(variant, position, rest + [o for o in own if isinstance(o, BuyInfluence)])
            own = [o for o in own if not isinstance(o, BuyInfluence)]
        extra = dict(result.next_position.extra)
        own_res = self._declarations(variant, position, own, extra)
        own_res += self._transfers(variant, position, own, extra)
        if kind in (PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT):
            own_res += self._influence(variant, position, own, extra)
        else:
            own_res += [Resolution(o.power, o, Outcome.ILLEGAL, "INFs are placed in a movement phase or the Winter Adjustment; not followed")
                        for o in own if isinstance(o, (PlaceInfluence, DiplomaticAttack))]
        own_res += [Resolution(o.power, o, Outcome.ILLEGAL, "INFs are bought in the Winter Income and Build phase; not followed")
                    for o in own if isinstance(o, BuyInfluence)]
        nxt = self._advance(variant, position, result.next_position.evolve(extra=extra))
        result = dataclasses.replace(result, next_position=nxt, resolutions=tuple(own_res) + tuple(result.resolutions))
        return self._scoring(variant, position, result)

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
        "Declarations and movement" (2); errata 3-1-2015 [A]); revolts count down (seed,
        "Religious rebellion"); the Maghreb states come into play in turn (seed, "Sanctions")."""
        idx = _index(variant)
        early: list[Resolution] = []
        if not self.options.get("standoff_without_declaration", True):
            # The rulebook before the errata of 2-17-2015: a move without a declaration of war
            # is not allowed at all (the unit holds and causes no standoff).
            kept: list[Order] = []
            for o in orders:
                if isinstance(o, Move) and not self.entry_allowed(position, o.power, o.destination.province):
                    early.append(Resolution(o.power, o, Outcome.ILLEGAL,
                                            f"may not move into {name(variant.board, o.destination.province)} without a declaration of war or an alliance; the unit holds"))
                    kept.append(Hold(o.power, o.kind, o.location))
                else:
                    kept.append(o)
            orders = kept
        res = self._core(variant, position, orders)
        if early:
            res = dataclasses.replace(res, resolutions=tuple(early) + tuple(
                r for r in res.resolutions if not (isinstance(r.order, Hold) and r.reason.startswith("held") and
                                                   any(isinstance(e.order, UnitOrder) and e.order.location == r.order.location
                                                       for e in early))))
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
                elif f"{u.power}: {u}" in new_marks:
                    why = "it already bore an attrition mark and is disbanded"
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
        movers = {r.order.power for r in res.resolutions if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS}
        active = list(extra.get("activated") or ())
        for sid, st in idx.states.items():
            if st.get("active") is False and sid not in active and st.get("activated_by") in movers:
                active.append(sid)
        if active:
            extra["activated"] = sorted(active)
        revolts = {}
        marks_after = dict(extra.get("markers") or {})
        notes = list(res.notes)
        for prov, r in (nxt.extra.get("revolts") or {}).items():
            left = int(r.get("left", 0)) - 1
            if left > 0:
                revolts[prov] = {**r, "left": left}
            else:
                marks_after[prov] = "black"
                notes.append(f"The revolt in {name(variant.board, ProvinceId(prov))} is quelled: a black marker replaces the red one.")
        extra["revolts"] = revolts
        extra["markers"] = dict(sorted(marks_after.items()))
        return dataclasses.replace(res, next_position=nxt.evolve(extra=extra), notes=tuple(notes))

    def _marked(self, unit: Unit) -> bool:
        """Does this unit gain an attrition mark when it retreats (seed, "Combat attrition
        rule (army units only)"; option ``attrition``: armies, all or none)?"""
        mode = self.options.get("attrition", "armies")
        return mode == "all" or (mode == "armies" and unit.kind is UnitType.ARMY)

    def retreat_options(self, variant: Variant, position: Position, d: Dislodged) -> list[Location]:
        """The core's retreat options less the provinces the unit may not enter."""
        return [loc for loc in retreat_options(variant.board, position, d.unit, d.attacker_from)
                if self.entry_allowed(position, d.unit.power, loc.province)]

    # retreats ----------------------------------------------------------------------------

    def _retreats(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """A retreat only where the unit may enter (seed, "Declarations and movement" (2));
        a unit that retreats gains an attrition mark (seed, "Combat attrition rule")."""
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
            if isinstance(r.order, Retreat) and r.outcome is Outcome.SUCCESS and self._marked(Unit(r.order.power, r.order.kind, r.order.destination)):
                marks.add(f"{r.order.power}: {r.order.kind.value} {r.order.destination}")
        nxt = res.next_position
        extra = dict(nxt.extra)
        extra["attrition"] = sorted(marks)
        return dataclasses.replace(res, resolutions=tuple(mine + out), next_position=nxt.evolve(extra=extra))

    # winter adjustment -------------------------------------------------------------------

    def _proxy(self, position: Position, occupant: str, controller: str) -> bool:
        """Does ``occupant``'s unit occupy a province on behalf of ``controller`` (seed,
        "Securing control": occupation by proxy; errata 3-2-2015 aligned minors, 3-8-2015
        allies; option ``occupation_by_proxy``)? A minor occupying its own controller's or
        its aligned power's province stands for it too (the errata: "you cannot capture the
        centers of your aligned states")."""
        v = self._v(position)
        idx = _index(v)
        kinds = set(self.options.get("occupation_by_proxy", ("aligned_minor", "ally")))
        so, sc = self.side(position, occupant), self.side(position, controller)
        if controller in idx.minors and so == sc:
            return True  # a power's unit in its own aligned state's centre: no capture
        if occupant in idx.minors and so == controller:
            return "aligned_minor" in kinds and not self.options.get("transfer_to_minor_by_occupation", False)
        if relations(position).allied(so, sc):
            return "ally" in kinds
        return False

    def _release_to(self, variant: Variant, position: Position, prov: ProvinceId, current: str | None,
                    new_states: set[str]) -> str | None:
        """Who holds ``prov`` once its controller lets it go: a lost home centre becomes a new
        pliant minor state (errata 2-11-2015 (3); seed, "Creating a new pliant minor state";
        option ``lost_home_centre_becomes_pliant``), else the province's natural owner."""
        idx = _index(variant)
        natural = self.natural_owner(variant, position, prov, new_states)
        home = idx.home_of.get(prov)
        if (home is not None and natural == home and current not in (None, home)
                and self.options.get("lost_home_centre_becomes_pliant", True) and prov in idx.states):
            new_states.add(prov)
            return prov
        return natural

    def _winter_adjustment(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """The Winter Adjustment Phase.

        Seed, "Securing control of a captured foreign center" and errata 2-11-2015 (1): a foreign
        centre (or a paying province without one) is controlled by whoever occupies it at the
        end of the phase; home centres need no occupation; a unit occupying by proxy keeps its
        controller's control (:meth:`_proxy`); a transfer announced in the Fall hands it to the
        proxy; an unoccupied foreign centre reverts, a lost home centre becoming a new pliant
        state (:meth:`_release_to`); a neutral state cannot be captured (errata 3-8-2015 [4]).
        A capture against the centre's confession starts a revolt, with the colour of the
        marker (seed, "Confessional markers", "Religious rebellion"). Then seed, "Elimination";
        "Specific rules" (3): the capture of a minor's capital disbands its units and releases
        its foreign centres; "Adding a unit for a minor state": a minor with more units than
        centres disbands, as its aligned power orders or furthest first. Attrition marks are
        cleared (seed, "Combat attrition rule")."""
        idx = _index(variant)
        board = variant.board
        results: list[Resolution] = []
        chosen: dict[str, list[Unit]] = {}
        for o in orders:
            if isinstance(o, Disband) and o.power in idx.minors:
                u = next((u for u in position.units if u.power == o.power and u.location.province == o.location.province), None)
                if u is not None:
                    chosen.setdefault(o.power, []).append(u)
                    results.append(Resolution(o.power, o, Outcome.SUCCESS, "chosen for removal if the state has more units than centres"))
                    continue
            results.append(Resolution(o.power, o, Outcome.ILLEGAL,
                                      "in the Winter Adjustment units take no orders but the removals of an aligned minor state; not followed"))
        owners = dict(position.supply_centers)
        # None: nobody controls it, though it has a natural owner (set_owner below).
        control: dict[ProvinceId, str | None] = {ProvinceId(k): str(v) for k, v in (position.extra.get("control") or {}).items()}
        revolts = dict(position.extra.get("revolts") or {})
        colours = dict(position.extra.get("markers") or {})
        transfers = {ProvinceId(k): str(v) for k, v in (position.extra.get("transfers") or {}).items()}
        new_states = set(position.extra.get("new_states") or ())
        notes: list[str] = []
        changed: dict[ProvinceId, str | None] = {}

        def set_owner(prov: ProvinceId, new: str | None, why: str) -> None:
            is_sc = board.provinces[prov].is_supply_center
            current = owners.get(prov) if is_sc else control.get(prov, self.natural_owner(variant, position, prov, new_states))
            if new == current:
                return
            notes.append(f"{name(board, prov)}: control passes from {current or 'nobody'} to {new or 'nobody'} ({why}).")
            if is_sc:
                if new is None:
                    owners.pop(prov, None)
                else:
                    owners[prov] = Power(new)
            elif new == self.natural_owner(variant, position, prov, new_states):
                control.pop(prov, None)
            else:
                control[prov] = new
            changed[prov] = new

        paying = [p for p in board.provinces if board.provinces[p].is_supply_center]
        paying += [p for p in idx.income if not board.provinces[p].is_supply_center and p in idx.state_of]
        for prov in sorted(paying):
            is_sc = board.provinces[prov].is_supply_center
            natural = self.natural_owner(variant, position, prov, new_states)
            current = owners.get(prov) if is_sc else control.get(prov, natural)
            occupant = position.unit_in(prov)
            sid = state_of(variant, position, prov)
            if prov in transfers and occupant is not None and occupant.power == transfers[prov] and current not in (None, transfers[prov]):
                set_owner(prov, occupant.power, f"transferred by {current}'s announcement")
            elif occupant is not None and occupant.power != current:
                if current is not None and current != natural and self._proxy(position, occupant.power, current):
                    continue  # occupation by proxy
                if current is not None and current == natural and self.are_friends(position, occupant.power, Power(current)):
                    continue  # an ally's or an aligned state's own centre is not captured
                if sid is not None and current == sid and status(position, sid) == "neutral":
                    continue  # a neutral state cannot be captured
                set_owner(prov, occupant.power, "occupied")
            elif occupant is None and current != natural and current is not None and (is_sc or prov in control):
                set_owner(prov, self._release_to(variant, position, prov, current, new_states), "no longer occupied")
            elif occupant is None and current is None and natural is not None and is_sc:
                set_owner(prov, natural, "no longer occupied")
        units = list(position.units)
        lost: list[Unit] = []
        infs = placed(position)
        for p in idx.majors:
            if variant.homes(p) and not any(owners.get(h) == p for h in variant.homes(p)):
                # Seed, "Elimination": units disbanded, foreign centres liberated, INFs removed.
                for u in [u for u in units if u.power == p]:
                    units.remove(u)
                    lost.append(u)
                for prov in [c for c, o in owners.items() if o == p]:
                    set_owner(prov, self._release_to(variant, position, prov, p, new_states), f"{p} is eliminated")
                for prov in [c for c, o in control.items() if o == p]:
                    set_owner(prov, self.natural_owner(variant, position, prov, new_states), f"{p} is eliminated")
                for d in infs.values():
                    d.pop(p, None)
                notes.append(f"{p} holds none of its home centres and is eliminated.")
        for sid in active_states(variant, position) + sorted(new_states - set(active_states(variant, position))):
            s = idx.states.get(sid) or {}
            cap = s.get("capital")
            if cap and sid in idx.minors and owners.get(cap) not in (None, sid):
                for u in [u for u in units if u.power == sid]:
                    units.remove(u)
                    lost.append(u)
                    notes.append(f"{sid}'s capital is held by {owners.get(cap)}: its unit in {name(board, u.province)} is disbanded.")
                for prov in [c for c, o in owners.items() if o == sid and c not in (s.get("homes") or ())]:
                    set_owner(prov, self._release_to(variant, position, prov, sid, new_states), f"{sid}'s capital is taken")
                for prov in [c for c, o in control.items() if o == sid]:
                    set_owner(prov, self.natural_owner(variant, position, prov, new_states), f"{sid}'s capital is taken")
        # Confessional markers and revolts for every change of control.
        probe = position.evolve(supply_centers=owners, extra={**position.extra, "new_states": sorted(new_states)})
        for prov, new in changed.items():
            revolts.pop(prov, None)
            colours.pop(prov, None)
            natural = self.natural_owner(variant, position, prov, new_states)
            if new is None or new == natural:
                continue
            mark = confession_of(variant, position, prov)
            conf = force_confession(variant, probe, new)
            if mark == "mixed" and idx.home_of.get(prov) and conf == "protestant":
                colours[prov] = "black"   # seed: Bohemia and Guyenne, no rebellion
            elif opposed(mark, conf) and idx.income.get(prov, 0) > 0:
                revolts[prov] = {"power": new, "left": idx.income[prov]}
                notes.append(f"{name(board, prov)} is in revolt against {new} for {idx.income[prov]} movement phases.")
            elif mark == conf or (mark == "mixed" and idx.home_of.get(prov)):
                colours[prov] = "white"
        # Seed, "Adding a unit for a minor state": no more units than controlled centres.
        for sid in sorted(idx.minors):
            mine = [u for u in units if u.power == sid]
            excess = len(mine) - sum(1 for o in owners.values() if o == sid)
            if excess <= 0:
                continue
            picked = [u for u in chosen.get(sid, []) if u in mine][:excess]
            rest = [u for u in mine if u not in picked]
            picked += civil_disorder_removals(variant, rest, Power(sid), excess - len(picked))
            for u in picked:
                units.remove(u)
                lost.append(u)
                notes.append(f"{sid} has more units than centres: its unit in {name(board, u.province)} is disbanded.")
        extra = dict(position.extra)
        extra["infs"] = {k: d for k, d in sorted(infs.items()) if d}
        extra["control"] = dict(sorted(control.items()))
        extra["revolts"] = dict(sorted(revolts.items()))
        extra["markers"] = dict(sorted(colours.items()))
        extra["attrition"] = []
        extra.pop("transfers", None)
        if new_states:
            extra["new_states"] = sorted(new_states)
        nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units),
                              supply_centers=owners, extra=extra, dislodged=(), standoffs=frozenset())
        return PhaseResult(position, tuple(results), nxt, tuple(lost), notes=tuple(notes))

    def natural_owner(self, variant: Variant, position: Position, province: ProvinceId,
                      new_states: set[str] | None = None) -> str | None:
        """Who holds ``province`` when nobody controls it: a new pliant state made of it, a
        seceded state (optional sanctions), else the power whose home it is, else its minor
        state."""
        idx = _index(variant)
        news = set(position.extra.get("new_states") or ()) if new_states is None else new_states
        if province in news:
            return province
        for sid in position.extra.get("seceded") or ():
            if province in (idx.states.get(sid) or {}).get("homes", ()):
                return sid
        return idx.home_of.get(province) or idx.state_of.get(province)

    def confession_of(self, variant: Variant, position: Position, province: ProvinceId) -> str:
        """See :func:`~judge.variants.europe1615_state.confession_of`."""
        return confession_of(variant, position, province)

    # announcements -----------------------------------------------------------------------

    def _transfers(self, variant: Variant, position: Position, orders: Sequence[Order], extra: dict) -> list[Resolution]:
        """Seed, "Securing control": "Transferring control": in the Fall Movement and Retreat
        Phase the controller of a foreign province held by proxy may announce its transfer to
        the minor state or power that occupies it; it takes effect in the Winter Adjustment
        (if that unit still occupies it then)."""
        out: list[Resolution] = []
        for o in orders:
            if not isinstance(o, TransferControl):
                continue
            board = variant.board
            prov = o.province
            is_sc = board.provinces[prov].is_supply_center
            current = position.supply_centers.get(prov) if is_sc else (position.extra.get("control") or {}).get(prov)
            occupant = position.unit_in(prov)
            why = None
            if position.phase.season != "Fall" or position.phase.kind not in (PhaseKind.MOVEMENT, PhaseKind.RETREAT):
                why = "control is transferred by an announcement in the Fall Movement and Retreat Phase"
            elif current != o.power:
                why = f"{o.power} does not control {name(board, prov)}"
            elif prov in variant.homes(o.power):
                why = f"{name(board, prov)} is a home centre of {o.power}, not a captured province"
            elif o.recipient == o.power:
                why = "name the minor state or power to receive it"
            elif occupant is None or occupant.power != o.recipient:
                why = f"{name(board, prov)} is not occupied by {o.recipient} (occupation by proxy is needed)"
            if why:
                out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            t = dict(extra.get("transfers") or {})
            t[prov] = o.recipient
            extra["transfers"] = dict(sorted(t.items()))
            out.append(Resolution(o.power, o, Outcome.SUCCESS, f"announced; {o.recipient} takes {name(board, prov)} in the Winter Adjustment if its unit is still there"))
        return out

    # winter income and build -------------------------------------------------------------

    def income(self, variant: Variant, position: Position) -> dict[Power, int]:
        """Seed, "Income phase": each power receives the Income Map value of its home centres
        and controlled centres and paying provinces; a revolting province pays nothing (seed,
        "Religious rebellion"); Islamic states pay nothing (their value is 0). Minor states
        keep no treasury, so errata 4-5-2015 (no minor income from revolting centres) holds of
        itself."""
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
        """The Winter Income and Build Phase (income is paid on entering it, :meth:`_advance`).

        Seed, "Adding a unit for a power": a unit costs the Military Cost Table's percentage
        of the treasury at the power's present size, needs a vacant home centre the power
        controls, may not leave less than 25 in the treasury, and no power has more than 15
        units; errata 3-5-2015: one purchase per phase (option ``one_build_per_phase``).
        Seed, "Influence and placement": INFs are bought here, at the reconstructed
        ``influence_purchase`` price, not below the floor, for next year. Seed, "Adding a unit
        for a minor state": a minor adds a unit for each foreign centre it controls, up to its
        number of centres (option ``minor_builds``), on a vacant home centre; its aligned power
        may choose where and which kind by a Build order there."""
        idx = _index(variant)
        money = treasuries(variant, position)
        units = list(position.units)
        results: list[Resolution] = []
        bought: dict[str, int] = {}
        infs_bought = {str(k): int(v) for k, v in (position.extra.get("influence_bought") or {}).items()}
        limit = 1 if self.options.get("one_build_per_phase", True) else 3
        minor_orders: dict[str, list[Build]] = {}
        for o in orders:
            if isinstance(o, BuyInfluence):
                p = o.power
                cost = idx.inf_price * o.amount
                if p not in idx.majors or o.amount <= 0:
                    results.append(Resolution(p, o, Outcome.ILLEGAL, "a power buys at least one INF; not followed"))
                elif money[p] - cost < idx.floor:
                    results.append(Resolution(p, o, Outcome.ILLEGAL,
                                              f"{o.amount} INF(s) cost {float(cost):g} and would leave less than {idx.floor} in the treasury; not followed"))
                else:
                    money[p] -= cost
                    infs_bought[p] = infs_bought.get(p, 0) + o.amount
                    results.append(Resolution(p, o, Outcome.SUCCESS, f"bought for {float(cost):g}, to place next year; treasury {float(money[p]):g}"))
                continue
            if not isinstance(o, Build):
                results.append(Resolution(o.power, o, Outcome.ILLEGAL, "only purchases (Build, Buy N INF) in the Winter Income and Build phase; not followed"))
                continue
            prov = o.location.province
            minor = position.supply_centers.get(prov)
            if (minor in idx.minors and prov in (idx.states.get(minor) or {}).get("homes", ())
                    and state_status(variant, position, minor) == o.power):
                minor_orders.setdefault(minor, []).append(o)
                continue
            try:
                b = cast(Build, check_adjustment_order(variant.board, position, o))  # a build comes back a build
                p = b.power
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
            except OrderError as exc:
                results.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{exc.message}; not followed"))
                continue
            money[p] -= cost
            bought[p] = bought.get(p, 0) + 1
            units.append(Unit(p, b.kind, b.location))
            results.append(Resolution(p, b, Outcome.SUCCESS, f"bought for {float(cost):g}; treasury {float(money[p]):g}"))
        notes: list[str] = []
        results += self._minor_builds(variant, position, units, minor_orders, notes)
        extra = dict(position.extra)
        extra["treasury"] = {p: _store_money(v) for p, v in money.items()}
        if infs_bought:
            extra["influence_bought"] = dict(sorted(infs_bought.items()))
        nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units), extra=extra)
        return PhaseResult(position, tuple(results), nxt, notes=tuple(notes))

    def _minor_builds(self, variant: Variant, position: Position, units: list[Unit],
                      orders: Mapping[str, list[Build]], notes: list[str]) -> list[Resolution]:
        """Seed, "Adding a unit for a minor state" (see :meth:`_winter_income`); ``units`` is
        updated in place."""
        idx = _index(variant)
        out: list[Resolution] = []
        for sid in sorted(set(active_states(variant, position)) | set(orders)):
            if sid not in idx.minors:
                continue
            s = idx.states[sid]
            centres = [c for c, o in position.supply_centers.items() if o == sid]
            foreign = [c for c in centres if c not in (s.get("homes") or ())]
            have = sum(1 for u in units if u.power == sid)
            room = len(centres) - have
            if self.options.get("minor_builds", "foreign_centres") == "foreign_centres":
                room = min(room, len(foreign))
            occupied = {u.province for u in units}
            sites = [h for h in ([s.get("capital")] + list(s.get("homes") or ())) if h and position.supply_centers.get(h) == sid]
            sites = list(dict.fromkeys(sites))
            for o in orders.get(sid, []):
                prov = o.location.province
                if room <= 0:
                    out.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{sid} has no unit to add; not followed"))
                    continue
                if prov in occupied:
                    out.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{name(variant.board, prov)} is occupied; not followed"))
                    continue
                try:
                    check_adjustment_order(variant.board, position.evolve(units=tuple(units)), Build(Power(sid), o.kind, o.location))
                except OrderError as exc:
                    out.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{exc.message}; not followed"))
                    continue
                units.append(Unit(Power(sid), o.kind, o.location))
                occupied.add(prov)
                room -= 1
                out.append(Resolution(o.power, o, Outcome.SUCCESS, f"{sid} adds this unit"))
            for prov in sites:
                if room <= 0:
                    break
                if prov in occupied:
                    continue
                start = next((str(u).split()[0] for u in s.get("units") or () if str(u).split()[1].split("/")[0] == prov), "A")
                kind = UnitType(start)
                if not variant.board.can_stand(kind, Location(ProvinceId(prov))):
                    kind = UnitType.ARMY
                units.append(Unit(Power(sid), kind, Location(ProvinceId(prov))))
                occupied.add(prov)
                room -= 1
                notes.append(f"{sid} adds a {kind.noun} in {name(variant.board, ProvinceId(prov))} for the centres it controls.")
        return out

    # declarations ------------------------------------------------------------------------

    def _declarations(self, variant: Variant, position: Position, orders: Sequence[Order], extra: dict) -> list[Resolution]:
        """Record declarations; they take effect from the next movement phase (seed,
        "Declarations and movement"). Checked here: errata 3-8-2015 (one declaration of war a
        pass, against one opponent; a power at war cannot be neutral; [2] one alliance at a
        time, and a power that breaks an alliance or declares neutrality joins one only in a
        later pass; [1] a surrender needs the war in force, so a later pass than the war's),
        3-14-2015 (3) (no war on a former ally in the pass of the break)."""
        idx = _index(variant)
        rel = relations(position)
        out: list[Resolution] = []
        pending = list(extra.get("declarations") or [])
        # Our reading: one Declaration phase ("pass") is every phase whose declarations come
        # into force together, at the next movement phase: a movement phase and its retreats
        # (and the Fall's with the Winter's). The declarations already made in it count.
        wars: set[str] = {d["power"] for d in pending if d.get("kind") == "war"}
        mine = [o for o in orders if isinstance(o, Declaration)]
        breaks = {o.power for o in mine if o.kind == "break"} | {d["power"] for d in pending if d.get("kind") == "break"}
        neutral_now = ({o.power for o in mine if o.kind == "neutrality"}
                       | {d["power"] for d in pending if d.get("kind") == "neutrality"})
        for o in mine:
            why = None
            p = o.power
            if p not in idx.majors:
                why = "only a power makes declarations"
            elif p in o.targets:
                why = "a power cannot name itself"
            elif o.kind == "war":
                t = o.targets[0]
                if len(o.targets) > 1:
                    why = "one declaration of war against one opponent a pass (errata 3-8-2015)"
                elif p in wars:
                    why = "one declaration of war a pass (errata 3-8-2015)"
                elif rel.allied(p, t):
                    why = ("breaking an alliance and declaring war on the former ally is not allowed in the same pass (errata 3-14-2015)"
                           if p in breaks else "a power cannot declare war on its ally; break the alliance first")
                elif rel.at_war(p, t):
                    why = f"{p} is already at war with {t}"
            elif o.kind == "neutrality":
                if any(rel.at_war(p, q) for q in idx.majors):
                    why = "a power at war cannot take a neutral stance (errata 3-8-2015)"
                elif len(rel.group(p)) > 1 and p not in breaks:
                    why = "a power in an alliance is not neutral; break the alliance first"
            elif o.kind == "alliance":
                group, proposed = rel.group(p), {p, *o.targets}
                if p in breaks:
                    why = "a power that breaks an alliance joins another when the Declaration phase is invoked again (errata 3-8-2015 [2])"
                elif p in neutral_now:
                    why = "a neutral power joins an alliance when the Declaration phase is invoked again (errata 3-8-2015 [2])"
                elif len(group) > 1 and not group <= proposed:
                    why = f"a power can be in only one alliance at a time (errata 3-8-2015 [2]): {p} is allied with {', '.join(sorted(group - {p}))}"
                elif proposed == group:
                    why = "already allied"
                elif any(rel.at_war(p, t) for t in o.targets):
                    why = "a power cannot ally with an enemy; end the war first"
            elif o.kind == "armistice":
                if not rel.at_war(p, o.targets[0]):
                    why = f"{p} is not at war with {o.targets[0]}"
            elif o.kind == "surrender":
                if not rel.at_war(p, o.targets[0]):
                    why = f"{p} is not at war with {o.targets[0]} (a surrender needs the war in force: a later Declaration phase, errata 3-8-2015 [1])"
            elif o.kind == "break":
                if len(rel.group(p)) < 2:
                    why = f"{p} is in no alliance"
            if why:
                out.append(Resolution(p, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            if o.kind == "war":
                wars.add(p)
            pending.append({"power": p, "kind": o.kind, "targets": list(o.targets), "amount": o.amount})
            out.append(Resolution(p, o, Outcome.SUCCESS, "declared; in effect from the next movement phase"))
        if pending:
            extra["declarations"] = pending
        return out

    def _apply_declarations(self, variant: Variant, position: Position, extra: dict) -> None:
        """Put the pending declarations in force: breaks, then surrenders (which take priority
        over continued war, errata 3-14-2015 (4)) and armistices (mutual), then alliances, then
        wars and neutrality. (Errata 3-8-2015 sets the deadline for wars before the one for
        alliances so that nobody is surprised; orders written together cannot surprise, and
        an alliance formed with a declarer in the same pass is an offensive alliance whose
        members all take the penalty, errata 3-14-2015.) A power whose ally declares war, and
        who stays in the alliance, is forced to declare too and takes the penalty (errata
        3-14-2015 (1); option ``allies_share_war_penalty``); the target's allies are at war
        without one (a defensive alliance)."""
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
        rel.alliances = [g for g in rel.alliances if len(g) >= 2]
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
        declared = {(d["power"], d["targets"][0]) for d in of("war")}
        offers = {d["power"]: {d["power"], *d["targets"]} for d in of("alliance")}
        for _power, proposed in sorted(offers.items()):
            if all(offers.get(q) == proposed for q in proposed):
                before = {q: rel.group(q) for q in proposed}
                rel.alliances = [g for g in rel.alliances if not (g & proposed)] + [set(proposed)]
                rel.neutral -= proposed
                self._join_offensive_alliance(rel, before, declared)
        for d in of("war"):
            p, t = d["power"], d["targets"][0]
            if rel.allied(p, t):
                continue  # allied in this same pass: no war on an ally
            already = {q for q in rel.group(p) if rel.at_war(q, t)}
            rel.war.add(frozenset((p, t)))
            rel.declared.add((p, t))
            rel.war_declarations[p] = rel.war_declarations.get(p, 0) + 1
            if self.options.get("allies_share_war_penalty", True):
                for q in sorted(rel.group(p) - {p} - already):
                    if (q, t) not in declared:
                        rel.war_declarations[q] = rel.war_declarations.get(q, 0) + 1
            rel.neutral -= rel.group(p) | rel.group(t)
        for d in of("neutrality"):
            if not any(rel.at_war(d["power"], q) for q in _index(variant).majors):
                rel.neutral.add(d["power"])  # not if war was declared on it in the same pass
        rel.alliances = [g for g in rel.alliances if len(g) >= 2]
        extra["relations"] = rel.to_data()
        if money:
            extra["treasury"] = {p: _store_money(v) for p, v in money.items()}

    @staticmethod
    def _join_offensive_alliance(rel: _Relations, before: Mapping[str, set[str]], declared_now: set[tuple[str, str]]) -> None:
        """Errata 3-8-2015: "If you join an offensive alliance you must declare war against the
        target of the alliance. If you join a defensive alliance, no need to declare war." An
        alliance is offensive against the targets of the wars its members declared (errata
        3-14-2015: the terms "describe which group has declared war"); a power that joins it
        (``before`` maps each member to its group before the alliance formed) and was not at
        war with a target yet is charged a declaration of war against it and its allies (the
        penalty, once an opponent), as when the alliance was formed in the pass of the
        declaration. Its own declaration of the same war in this pass is charged once, by the
        war step."""
        for p in sorted(before):
            targets = {t for d, t in rel.declared if frozenset((d, t)) in rel.war
                       and d in rel.group(p) and d not in before[p] and t not in rel.group(p)}
            charged: set[str] = set()  # one declaration against an opponent and its allies
            for t in sorted(targets):
                enemy = rel.group(t)
                if (enemy & charged or any((p, e) in declared_now for e in enemy)
                        or any(frozenset((x, y)) in rel.war for x in before[p] for y in enemy)):
                    continue
                charged |= enemy
                rel.war_declarations[p] = rel.war_declarations.get(p, 0) + 1

    # influence ---------------------------------------------------------------------------

    def may_influence(self, variant: Variant, position: Position, power: str, state: str) -> str | None:
        """Why ``power`` may not place INFs in ``state`` now, or None (seed, "Sanctions";
        "Securing control": a controlled state cannot be influenced)."""
        idx = _index(variant)
        s = idx.states.get(state)
        if s is None or not s.get("pliant", True):
            return f"{state} is not a pliant minor state"
        if state not in active_states(variant, position):
            return f"{s.get('name', state)} is not a state in this game now"
        if s.get("active") is False and state not in (position.extra.get("activated") or ()):
            return f"{s.get('name', state)} cannot be influenced yet (Maghreb states)"
        for rule in (variant.data.get("sanctions") or {}).get("optional") or ():
            if rule.get("secedes") == state and rule.get("only") and idx.confession.get(Power(power)) != rule["only"]:
                return f"sanction {rule['id']}: only {rule['only']} powers may place INFs in {state}"
        if controlled(variant, position, state):
            return f"{s.get('name', state)} is controlled by a power and cannot be influenced"
        year = position.phase.year
        conf = idx.confession.get(Power(power))
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
        """See :func:`~judge.variants.europe1615_state.controlled`."""
        return controlled(variant, position, state)

    def _influence(self, variant: Variant, position: Position, orders: Sequence[Order], extra: dict) -> list[Resolution]:
        """Placement, then diplomatic attacks (seed, "The diplomatic attack": one per power a
        phase, in a state where it has INFs, against a power with INFs there; mutual
        reduction; several in one state in the stated order of powers; errata 3-8-2015 [5]:
        declarations restrict neither placements nor attacks)."""
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
            elif o.target == o.power:
                why = "a power cannot attack itself"
            elif controlled(variant, position, o.state) and not self.options.get("diplomatic_attack_in_controlled_state", False):
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
        Build phase; a new year's INFs (unused ones are lost; bought ones added); declarations
        in force from the next movement phase (declarations of the Fall wait for the Spring);
        the optional sanctions' secessions."""
        idx = _index(variant)
        extra = dict(nxt.extra)
        extra["treasury"] = {p: _store_money(v) for p, v in treasuries(variant, nxt).items()}
        if nxt.phase.kind is PhaseKind.INCOME and start.phase.kind is not PhaseKind.INCOME:
            inc = self.income(variant, nxt)
            extra["treasury"] = {p: _store_money(_money(extra["treasury"][p]) + inc[p]) for p in idx.majors}
        if nxt.phase.year > start.phase.year:
            extra_infs = {str(k): int(v) for k, v in (extra.pop("influence_bought", None) or {}).items()}
            extra["influence"] = {p: idx.influence_for(p, nxt.phase.year) + extra_infs.get(p, 0) for p in idx.majors}
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
                    owners[prov] = Power(sid)
        if seceded:
            extra["seceded"] = sorted(seceded)
        extra.setdefault("infs", {})
        extra.setdefault("relations", relations(nxt).to_data())
        for k in ("attrition", "revolts", "control", "markers", "transfers"):
            if not extra.get(k):
                extra.pop(k, None)
        return nxt.evolve(extra=extra, supply_centers=owners)

    def _scoring(self, variant: Variant, start: Position, result: PhaseResult) -> PhaseResult:
        """Seed, "Mid-game and final scoring": the referee may score at mid-game (``end:
        midgame_scoring``, 1625); the game ends at the opening of 1630 (``end:
        final_scoring``) with the final score, the highest winning. On a tie the players may
        extend the game (it goes on and is scored again at each following year's opening) or
        the Gamesmaster calls a draw."""
        idx = _index(variant)
        nxt = result.next_position
        if nxt.phase.year <= start.phase.year:
            return result
        year = nxt.phase.year
        final = year >= idx.final_year
        if not final and year != idx.midgame_year:
            return result
        pts = score(variant, nxt)
        met = objectives_met(variant, nxt)
        extra = dict(nxt.extra)
        extra["scores"] = {"year": year, "final": final, "points": dict(pts),
                           "objectives": {p: v for p, v in met.items() if v}}
        ranking = ", ".join(f"{p} {n}" for p, n in sorted(pts.items(), key=lambda kv: (-kv[1], kv[0])))
        notes = list(result.notes)
        winner = None
        if final:
            best = max(pts.values())
            top = sorted(p for p, n in pts.items() if n == best)
            if len(top) == 1:
                winner = top[0]
                notes.append(f"Final scoring at the opening of {year}: {ranking}. {winner} wins.")
            else:
                notes.append(f"Final scoring at the opening of {year}: {ranking}. {' and '.join(top)} are tied: "
                             "the players may extend the game (it is scored again next year) or call a draw.")
        else:
            notes.append(f"Mid-game scoring at the opening of {year}: {ranking}.")
        return dataclasses.replace(result, next_position=nxt.evolve(extra=extra), notes=tuple(notes), winner=winner)


RULES = Europe1615Rules
