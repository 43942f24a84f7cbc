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

The variant's state is a typed value, :class:`~.position_state.Europe1615State` (its fields name
the position file's keys: treasuries, INFs to place, bought and placed, the declarations in force
and made, transfers, control of paying provinces, revolts and capture markers, new and seceded
states, attrition marks, the Maghreb states in play, objectives and scores). Each phase is a
sequence of named steps, each citing the rule it plays; a step returns the state it changes.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence, cast

from ...core.errors import IllegalOrder, InvalidOrder, MapError, OrderError
from ...core.orders import Build, Disband, Hold, Move, Order, Retreat, UnitOrder
from ...core.phases import PhaseResult, adjudicate, civil_disorder_removals, close_phase
from ...core.resolution import Outcome, Resolution, Tag
from ...core.legality import check_adjustment_order, name, retreat_options
from ...core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Calendar, Rules, Variant
from .position_state import Europe1615State, PendingDeclaration, Relations, Revolt, Scores, money_data
from .tables import _Index, _index, _norm
from .state import (
    _ATTACK, _ALLY, _ARMISTICE, _BREAK, _BUY_INF, _NEUTRAL, _PLACE, _SURRENDER, _TRANSFER, _WAR,
    BuyInfluence, Declaration, DiplomaticAttack, PlaceInfluence, TransferControl,
    active_states, build_cost, check_objectives, confession_of, controlled, current,
    force_confession, influence_left, markers, objectives_met, opposed, placed, placed_in, relations, score,
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
        ctl = (current(position).control or {}).get(province)
        if ctl:
            return ctl
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
        """Every phase is played here, around the core: the units' orders of the phase (its
        steps below), then the variant's own orders (:meth:`_own_orders`), then the bookkeeping
        of entering the next phase (:meth:`_advance`) and the scorings (:meth:`_scoring`)."""
        if self._inner:
            return None
        self._variant = variant
        own = [o for o in orders if isinstance(o, _OWN_ORDERS)]
        rest = [o for o in orders if not isinstance(o, _OWN_ORDERS)]
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:  # INFs are bought with the phase's purchases
            rest += [o for o in own if isinstance(o, BuyInfluence)]
            own = [o for o in own if not isinstance(o, BuyInfluence)]
        play = {PhaseKind.MOVEMENT: self._movement, PhaseKind.RETREAT: self._retreats,
                PhaseKind.ADJUSTMENT: self._winter_adjustment}.get(kind, self._winter_income)
        result = play(variant, position, rest)
        own_res, st = self._own_orders(variant, position, own, current(result.next_position))
        nxt = self._advance(variant, position, result.next_position.evolve(state=st))
        result = dataclasses.replace(result, next_position=nxt, resolutions=tuple(own_res) + tuple(result.resolutions))
        return self._scoring(variant, position, result)

    def _own_orders(self, variant: Variant, position: Position, own: Sequence[Order],
                    st: Europe1615State) -> tuple[list[Resolution], Europe1615State]:
        """The variant's own orders, on the state after the units' orders: declarations in any
        phase (seed, "Declarations and movement"), transfers of control in the Fall ("Securing
        control"), INFs placed and diplomatic attacks in a movement phase or the Winter
        Adjustment ("Influence and placement"); INFs are bought in the Winter Income."""
        out, st = self._declarations(variant, position, own, st)
        done, st = self._transfers(variant, position, own, st)
        out += done
        if position.phase.kind in (PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT):
            done, st = self._influence(variant, position, own, st)
            out += done
        else:
            out += [Resolution(o.power, o, Outcome.ILLEGAL, "INFs are placed in a movement phase or the Winter Adjustment; not followed")
                    for o in own if isinstance(o, (PlaceInfluence, DiplomaticAttack))]
        out += [Resolution(o.power, o, Outcome.ILLEGAL, "INFs are bought in the Winter Income and Build phase; not followed")
                for o in own if isinstance(o, BuyInfluence)]
        return out, st

    def _core(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        self._inner = True
        try:
            return adjudicate(variant, position, orders)
        finally:
            self._inner = False

    # movement ----------------------------------------------------------------------------

    def _movement(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """A movement phase, in steps: moves without a declaration refused (an option,
        :meth:`_undeclared_moves_held`); the core adjudicates (a move into a foreign province
        without a declaration stands off there, :meth:`may_enter`); attrition marks follow their
        armies (:meth:`_marks_moved`); dislodged units that cannot stay are disbanded
        (:meth:`_dislodged_disbanded`); the Maghreb states come into play
        (:meth:`_maghreb_activated`); revolts count down (:meth:`_revolts_count_down`)."""
        early, orders = self._undeclared_moves_held(variant, position, orders)
        res = self._core(variant, position, orders)
        if early:
            res = dataclasses.replace(res, resolutions=tuple(early) + tuple(
                r for r in res.resolutions if not (isinstance(r.order, Hold) and r.reason.startswith("held") and
                                                   any(isinstance(e.order, UnitOrder) and e.order.location == r.order.location
                                                       for e in early))))
        marks = self._marks_moved(position, res)
        res = self._dislodged_disbanded(variant, position, res, marks)
        st = dataclasses.replace(current(res.next_position), attrition=_sorted_marks(marks))
        st = self._maghreb_activated(variant, res, st)
        st, notes = self._revolts_count_down(variant, st, res.notes)
        return dataclasses.replace(res, next_position=res.next_position.evolve(state=st), notes=notes)

    def _undeclared_moves_held(self, variant: Variant, position: Position,
                               orders: Sequence[Order]) -> tuple[list[Resolution], Sequence[Order]]:
        """Option ``standoff_without_declaration`` off, the rulebook before the errata of
        2-17-2015: a move without a declaration of war is not allowed at all (the unit holds
        and causes no standoff)."""
        if self.options.get("standoff_without_declaration", True):
            return [], orders
        early: list[Resolution] = []
        kept: list[Order] = []
        for o in orders:
            if isinstance(o, Move) and not self.entry_allowed(position, o.power, o.destination.province):
                early.append(Resolution(o.power, o, Outcome.ILLEGAL,
                                        f"may not move into {name(variant.board, o.destination.province)} without a declaration of war or an alliance; the unit holds"))
                kept.append(Hold(o.power, o.kind, o.location))
            else:
                kept.append(o)
        return early, kept

    @staticmethod
    def _marks_moved(position: Position, res: PhaseResult) -> set[Unit]:
        """Seed, "Combat attrition rule": an army's mark goes with it when it moves."""
        moved = {r.order.location.province: r.order.destination for r in res.resolutions
                 if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS}
        return {Unit(u.power, u.kind, moved[u.province]) if u.province in moved else u
                for u in current(position).attrition or ()}

    def _dislodged_disbanded(self, variant: Variant, position: Position, res: PhaseResult, marks: set[Unit]) -> PhaseResult:
        """Dislodged units that do not retreat: seed, "Specific rules" (1), a minor state's unit
        is disbanded; "Combat attrition rule", an army already marked is disbanded (its mark
        goes, ``marks`` is updated); a unit with nowhere it may enter (seed, "Declarations and
        movement" (2); errata 3-1-2015 [A]) is disbanded. With none left to retreat, the phase
        closes without its retreats."""
        nxt = res.next_position
        if not nxt.dislodged:
            return res
        idx = _index(variant)
        keep: list[Dislodged] = []
        lost = list(res.disbanded)
        notes = list(res.notes)
        for d in nxt.dislodged:
            u = d.unit
            why = None
            if u.power in idx.minors:
                why = "a minor state's unit is disbanded when dislodged"
            elif u in marks:
                why = "it already bore an attrition mark and is disbanded"
                marks.discard(u)
            elif not self.retreat_options(variant, nxt, d):
                why = "it has nowhere it may retreat and is disbanded"
            if why:
                lost.append(u)
                notes.append(f"{u.power}'s {u.kind.noun} in {name(variant.board, u.province)} was dislodged: {why}.")
            else:
                keep.append(d)
        if not keep:
            after = nxt.evolve(phase=position.phase, dislodged=(), standoffs=frozenset())
            return close_phase(variant, position, position.phase, after, res.resolutions, lost, notes)
        return dataclasses.replace(res, next_position=nxt.evolve(dislodged=tuple(keep)), disbanded=tuple(lost), notes=tuple(notes))

    @staticmethod
    def _maghreb_activated(variant: Variant, res: PhaseResult, st: Europe1615State) -> Europe1615State:
        """Seed, "Sanctions": the Maghreb states come into play in turn, each once the power
        named (``activated_by``) has moved successfully."""
        movers = {r.order.power for r in res.resolutions if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS}
        active = list(st.activated or ())
        for sid, s in _index(variant).states.items():
            if s.get("active") is False and sid not in active and s.get("activated_by") in movers:
                active.append(sid)
        return dataclasses.replace(st, activated=tuple(sorted(active))) if active else st

    @staticmethod
    def _revolts_count_down(variant: Variant, st: Europe1615State,
                            notes: Sequence[str]) -> tuple[Europe1615State, tuple[str, ...]]:
        """Seed, "Religious rebellion": a revolt lasts the province's value in movement phases;
        when it ends a black marker replaces the red one."""
        revolts: dict[ProvinceId, Revolt] = {}
        colours = dict(st.markers or {})
        out = list(notes)
        for prov, r in (st.revolts or {}).items():
            if r.left - 1 > 0:
                revolts[prov] = Revolt(r.power, r.left - 1)
            else:
                colours[prov] = "black"
                out.append(f"The revolt in {name(variant.board, prov)} is quelled: a black marker replaces the red one.")
        return dataclasses.replace(st, revolts=revolts, markers=dict(sorted(colours.items()))), tuple(out)

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
        marks = set(current(position).attrition or ())
        for r in res.resolutions:
            if isinstance(r.order, Retreat) and r.outcome is Outcome.SUCCESS:
                unit = Unit(r.order.power, r.order.kind, r.order.destination)
                if self._marked(unit):
                    marks.add(unit)
        nxt = res.next_position
        st = dataclasses.replace(current(nxt), attrition=_sorted_marks(marks))
        return dataclasses.replace(res, resolutions=tuple(mine + out), next_position=nxt.evolve(state=st))

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
        """The Winter Adjustment Phase, in steps: the removals an aligned power chooses for its
        minor states (:meth:`_removal_choices`); control of centres and paying provinces settled
        (:meth:`_control_settled`); eliminations (:meth:`_eliminations`); minor states whose
        capital is taken (:meth:`_capitals_taken`); confessional markers and revolts for each
        change of control (:meth:`_confessions_after_captures`); minor states with more units
        than centres (:meth:`_minor_excess_removed`). Attrition marks are cleared (seed, "Combat
        attrition rule"), and the transfers announced are done with."""
        results, chosen = self._removal_choices(variant, position, orders)
        h = _Holdings(self, variant, position)
        self._control_settled(variant, position, h)
        units = list(position.units)
        lost: list[Unit] = []
        infs = placed(position)
        self._eliminations(variant, position, h, units, lost, infs)
        self._capitals_taken(variant, position, h, units, lost)
        revolts, colours = self._confessions_after_captures(variant, position, h)
        self._minor_excess_removed(variant, h, units, lost, chosen)
        st = dataclasses.replace(
            current(position), infs={k: d for k, d in sorted(infs.items()) if d}, control=dict(sorted(h.control.items())),
            revolts=dict(sorted(revolts.items())), markers=dict(sorted(colours.items())), attrition=(), transfers=None,
            new_states=tuple(sorted(h.new_states)) if h.new_states else current(position).new_states)
        nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units),
                              supply_centers=h.owners, state=st, dislodged=(), standoffs=frozenset())
        return PhaseResult(position, tuple(results), nxt, tuple(lost), notes=tuple(h.notes))

    @staticmethod
    def _removal_choices(variant: Variant, position: Position,
                         orders: Sequence[Order]) -> tuple[list[Resolution], dict[str, list[Unit]]]:
        """Seed, "Adding a unit for a minor state": a minor with more units than centres
        disbands, as its aligned power orders (a Disband of the minor's unit); units take no
        other orders in the Winter Adjustment."""
        idx = _index(variant)
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
        return results, chosen

    def _control_settled(self, variant: Variant, position: Position, h: "_Holdings") -> None:
        """Seed, "Securing control of a captured foreign center" and errata 2-11-2015 (1), for
        every centre and paying province (:meth:`_province_settled`)."""
        board = variant.board
        idx = _index(variant)
        paying = [p for p in board.provinces if board.provinces[p].is_supply_center]
        paying += [p for p in idx.income if not board.provinces[p].is_supply_center and p in idx.state_of]
        transfers = current(position).transfers or {}
        for prov in sorted(paying):
            self._province_settled(variant, position, h, prov, transfers.get(prov))

    def _province_settled(self, variant: Variant, position: Position, h: "_Holdings", prov: ProvinceId,
                          transfer: str | None) -> None:
        """Who controls ``prov`` after the Winter Adjustment (seed, "Securing control"; errata
        2-11-2015 (1)): whoever occupies it at the end of the phase; home centres need no
        occupation; a unit occupying by proxy keeps its controller's control (:meth:`_proxy`);
        a transfer announced in the Fall hands it to the proxy; an ally's or an aligned state's
        own centre is not captured; a neutral state cannot be captured (errata 3-8-2015 [4]); an
        unoccupied foreign centre reverts, a lost home centre becoming a new pliant state
        (:meth:`_release_to`)."""
        is_sc = variant.board.provinces[prov].is_supply_center
        natural = h.natural(prov)
        holder = h.holder(prov)
        occupant = position.unit_in(prov)
        if occupant is None:
            if holder != natural and holder is not None and (is_sc or prov in h.control):
                h.set_owner(prov, self._release_to(variant, position, prov, holder, h.new_states), "no longer occupied")
            elif holder is None and natural is not None and is_sc:
                h.set_owner(prov, natural, "no longer occupied")
            return
        if transfer is not None and occupant.power == transfer and holder not in (None, transfer):
            h.set_owner(prov, occupant.power, f"transferred by {holder}'s announcement")
        elif occupant.power != holder and not self._not_captured(variant, position, prov, occupant.power, holder, natural):
            h.set_owner(prov, occupant.power, "occupied")

    def _not_captured(self, variant: Variant, position: Position, prov: ProvinceId, occupant: str,
                      holder: str | None, natural: str | None) -> bool:
        """Does an occupant leave ``prov`` with its holder: occupation by proxy (seed, "Securing
        control"), an ally's or an aligned state's own centre (errata 3-8-2015), a neutral state
        (errata 3-8-2015 [4])?"""
        if holder is None:
            return False
        if holder != natural and self._proxy(position, occupant, holder):
            return True
        if holder == natural and self.are_friends(position, Power(occupant), Power(holder)):
            return True
        sid = state_of(variant, position, prov)
        return sid is not None and holder == sid and status(position, sid) == "neutral"

    def _eliminations(self, variant: Variant, position: Position, h: "_Holdings", units: list[Unit],
                      lost: list[Unit], infs: dict[str, dict[str, int]]) -> None:
        """Seed, "Elimination": a power holding none of its home centres is eliminated: its units
        disbanded, its foreign centres liberated, its INFs removed."""
        for p in _index(variant).majors:
            if not variant.homes(p) or any(h.owners.get(c) == p for c in variant.homes(p)):
                continue
            for u in [u for u in units if u.power == p]:
                units.remove(u)
                lost.append(u)
            for prov in [c for c, o in h.owners.items() if o == p]:
                h.set_owner(prov, self._release_to(variant, position, prov, p, h.new_states), f"{p} is eliminated")
            for prov in [c for c, o in h.control.items() if o == p]:
                h.set_owner(prov, h.natural(prov), f"{p} is eliminated")
            for d in infs.values():
                d.pop(p, None)
            h.notes.append(f"{p} holds none of its home centres and is eliminated.")

    def _capitals_taken(self, variant: Variant, position: Position, h: "_Holdings", units: list[Unit],
                        lost: list[Unit]) -> None:
        """Seed, "Specific rules regarding minor states" (3): the capture of a minor's capital
        disbands its units and releases its foreign centres."""
        idx = _index(variant)
        board = variant.board
        active = active_states(variant, position)
        for sid in active + sorted(h.new_states - set(active)):
            s = idx.states.get(sid) or {}
            cap = s.get("capital")
            if not cap or sid not in idx.minors or h.owners.get(cap) in (None, sid):
                continue
            for u in [u for u in units if u.power == sid]:
                units.remove(u)
                lost.append(u)
                h.notes.append(f"{sid}'s capital is held by {h.owners.get(cap)}: its unit in {name(board, u.province)} is disbanded.")
            for prov in [c for c, o in h.owners.items() if o == sid and c not in (s.get("homes") or ())]:
                h.set_owner(prov, self._release_to(variant, position, prov, sid, h.new_states), f"{sid}'s capital is taken")
            for prov in [c for c, o in h.control.items() if o == sid]:
                h.set_owner(prov, h.natural(prov), f"{sid}'s capital is taken")

    def _confessions_after_captures(self, variant: Variant, position: Position,
                                    h: "_Holdings") -> tuple[dict[ProvinceId, Revolt], dict[ProvinceId, str]]:
        """Seed, "Confessional markers", "Religious rebellion": a province changing hands loses
        its capture marker or revolt; captured against its confession it revolts for its value
        in movement phases (red), by its own confession it gets a white marker; Bohemia and
        Guyenne (mixed) taken by a Protestant power get a black one (the seed's note)."""
        idx = _index(variant)
        st = current(position)
        revolts = dict(st.revolts or {})
        colours = dict(st.markers or {})
        probe = position.evolve(supply_centers=h.owners, state=dataclasses.replace(st, new_states=tuple(sorted(h.new_states))))
        for prov, new in h.changed.items():
            revolts.pop(prov, None)
            colours.pop(prov, None)
            if new is None or new == h.natural(prov):
                continue
            mark = confession_of(variant, position, prov)
            conf = force_confession(variant, probe, new)
            if mark == "mixed" and idx.home_of.get(prov) and conf == "protestant":
                colours[prov] = "black"
            elif opposed(mark, conf) and idx.income.get(prov, 0) > 0:
                revolts[prov] = Revolt(new, idx.income[prov])
                h.notes.append(f"{name(variant.board, prov)} is in revolt against {new} for {idx.income[prov]} movement phases.")
            elif mark == conf or (mark == "mixed" and idx.home_of.get(prov)):
                colours[prov] = "white"
        return revolts, colours

    @staticmethod
    def _minor_excess_removed(variant: Variant, h: "_Holdings", units: list[Unit], lost: list[Unit],
                              chosen: Mapping[str, list[Unit]]) -> None:
        """Seed, "Adding a unit for a minor state": no more units than controlled centres; the
        aligned power's choices first, then the furthest (civil disorder's order)."""
        for sid in sorted(_index(variant).minors):
            mine = [u for u in units if u.power == sid]
            excess = len(mine) - sum(1 for o in h.owners.values() if o == sid)
            if excess <= 0:
                continue
            picked = [u for u in chosen.get(sid, []) if u in mine][:excess]
            rest = [u for u in mine if u not in picked]
            picked += civil_disorder_removals(variant, rest, Power(sid), excess - len(picked))
            for u in picked:
                units.remove(u)
                lost.append(u)
                h.notes.append(f"{sid} has more units than centres: its unit in {name(variant.board, u.province)} is disbanded.")

    def natural_owner(self, variant: Variant, position: Position, province: ProvinceId,
                      new_states: set[str] | None = None) -> str | None:
        """Who holds ``province`` when nobody controls it: a new pliant state made of it, a
        seceded state (optional sanctions), else the power whose home it is, else its minor
        state."""
        idx = _index(variant)
        st = current(position)
        news = set(st.new_states or ()) if new_states is None else new_states
        if province in news:
            return province
        for sid in st.seceded or ():
            if province in (idx.states.get(sid) or {}).get("homes", ()):
                return sid
        return idx.home_of.get(province) or idx.state_of.get(province)

    def confession_of(self, variant: Variant, position: Position, province: ProvinceId) -> str:
        """See :func:`~judge.variants.europe1615.state.confession_of`."""
        return confession_of(variant, position, province)

    # announcements -----------------------------------------------------------------------

    def _transfers(self, variant: Variant, position: Position, orders: Sequence[Order],
                   st: Europe1615State) -> tuple[list[Resolution], Europe1615State]:
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
            why = self._transfer_refused(variant, position, o)
            if why:
                out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            st = dataclasses.replace(st, transfers=dict(sorted({**(st.transfers or {}), prov: o.recipient}.items())))
            out.append(Resolution(o.power, o, Outcome.SUCCESS, f"announced; {o.recipient} takes {name(board, prov)} in the Winter Adjustment if its unit is still there"))
        return out, st

    @staticmethod
    def _transfer_refused(variant: Variant, position: Position, o: TransferControl) -> str | None:
        """Why a transfer of control cannot be announced (seed, "Securing control"), or None."""
        board = variant.board
        prov = o.province
        is_sc = board.provinces[prov].is_supply_center
        holder = position.supply_centers.get(prov) if is_sc else (current(position).control or {}).get(prov)
        occupant = position.unit_in(prov)
        if position.phase.season != "Fall" or position.phase.kind not in (PhaseKind.MOVEMENT, PhaseKind.RETREAT):
            return "control is transferred by an announcement in the Fall Movement and Retreat Phase"
        if holder != o.power:
            return f"{o.power} does not control {name(board, prov)}"
        if prov in variant.homes(o.power):
            return f"{name(board, prov)} is a home centre of {o.power}, not a captured province"
        if o.recipient == o.power:
            return "name the minor state or power to receive it"
        if occupant is None or occupant.power != o.recipient:
            return f"{name(board, prov)} is not occupied by {o.recipient} (occupation by proxy is needed)"
        return None

    # winter income and build -------------------------------------------------------------

    def income(self, variant: Variant, position: Position) -> dict[Power, int]:
        """Seed, "Income phase": each power receives the Income Map value of its home centres
        and controlled centres and paying provinces; a revolting province pays nothing (seed,
        "Religious rebellion"); Islamic states pay nothing (their value is 0). Minor states
        keep no treasury, so errata 4-5-2015 (no minor income from revolting centres) holds of
        itself."""
        idx = _index(variant)
        st = current(position)
        revolts = st.revolts or {}
        out = {p: 0 for p in idx.majors}
        held = list(position.supply_centers.items()) + list((st.control or {}).items())
        for prov, owner in held:
            if owner in out and prov not in revolts:
                out[Power(owner)] += idx.income.get(prov, 0)
        return out

    def _winter_income(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """The Winter Income and Build Phase (income is paid on entering it, :meth:`_advance`),
        in steps: INFs bought (:meth:`_influence_bought`); units bought by the powers
        (:meth:`_unit_bought`); units added by the minor states (:meth:`_minor_builds`), whose
        aligned power may choose where and which kind by a Build order there."""
        idx = _index(variant)
        money = treasuries(variant, position)
        units = list(position.units)
        results: list[Resolution] = []
        bought: dict[str, int] = {}
        infs_bought = dict(current(position).influence_bought or {})
        minor_orders: dict[str, list[Build]] = {}
        for o in orders:
            if isinstance(o, BuyInfluence):
                results.append(self._influence_bought(variant, o, money, infs_bought))
                continue
            if not isinstance(o, Build):
                results.append(Resolution(o.power, o, Outcome.ILLEGAL, "only purchases (Build, Buy N INF) in the Winter Income and Build phase; not followed"))
                continue
            minor = position.supply_centers.get(o.location.province)
            if (minor in idx.minors and o.location.province in (idx.states.get(minor) or {}).get("homes", ())
                    and state_status(variant, position, minor) == o.power):
                minor_orders.setdefault(minor, []).append(o)
                continue
            results.append(self._unit_bought(variant, position, o, money, units, bought))
        notes: list[str] = []
        results += self._minor_builds(variant, position, units, minor_orders, notes)
        st = dataclasses.replace(current(position), treasury=_kept(money),
                                 influence_bought=dict(sorted(infs_bought.items())) if infs_bought else current(position).influence_bought)
        nxt = position.evolve(phase=variant.calendar.next_step(position.phase), units=tuple(units), state=st)
        return PhaseResult(position, tuple(results), nxt, notes=tuple(notes))

    @staticmethod
    def _influence_bought(variant: Variant, o: BuyInfluence, money: dict[Power, Fraction],
                          infs_bought: dict[Power, int]) -> Resolution:
        """Seed, "Influence and placement": INFs are bought in the Winter Income, at the
        reconstructed ``influence_purchase`` price, not below the floor, for next year."""
        idx = _index(variant)
        p = o.power
        cost = idx.inf_price * o.amount
        if p not in idx.majors or o.amount <= 0:
            return Resolution(p, o, Outcome.ILLEGAL, "a power buys at least one INF; not followed")
        if money[p] - cost < idx.floor:
            return Resolution(p, o, Outcome.ILLEGAL,
                              f"{o.amount} INF(s) cost {float(cost):g} and would leave less than {idx.floor} in the treasury; not followed")
        money[p] -= cost
        infs_bought[p] = infs_bought.get(p, 0) + o.amount
        return Resolution(p, o, Outcome.SUCCESS, f"bought for {float(cost):g}, to place next year; treasury {float(money[p]):g}")

    def _unit_bought(self, variant: Variant, position: Position, o: Build, money: dict[Power, Fraction],
                     units: list[Unit], bought: dict[str, int]) -> Resolution:
        """Seed, "Adding a unit for a power": a unit costs the Military Cost Table's percentage
        of the treasury at the power's present size, needs a vacant home centre the power
        controls, may not leave less than 25 in the treasury, and no power has more than 15
        units; errata 3-5-2015: one purchase per phase (option ``one_build_per_phase``)."""
        idx = _index(variant)
        limit = 1 if self.options.get("one_build_per_phase", True) else 3
        prov = o.location.province
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
            return Resolution(o.power, o, Outcome.ILLEGAL, f"{exc.message}; not followed")
        money[p] -= cost
        bought[p] = bought.get(p, 0) + 1
        units.append(Unit(p, b.kind, b.location))
        return Resolution(p, b, Outcome.SUCCESS, f"bought for {float(cost):g}; treasury {float(money[p]):g}")

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

    def _declarations(self, variant: Variant, position: Position, orders: Sequence[Order],
                      st: Europe1615State) -> tuple[list[Resolution], Europe1615State]:
        """Record declarations; they take effect from the next movement phase (seed,
        "Declarations and movement"); each checked by :meth:`_declaration_refused`. Our reading:
        one Declaration phase ("pass") is every phase whose declarations come into force
        together, at the next movement phase: a movement phase and its retreats (and the Fall's
        with the Winter's). The declarations already made in it count."""
        pending = list(st.declarations or ())
        mine = [o for o in orders if isinstance(o, Declaration)]
        made = {kind: {o.power for o in mine if o.kind == kind} | {d.power for d in pending if d.kind == kind}
                for kind in ("break", "neutrality")}
        wars = {d.power for d in pending if d.kind == "war"}  # the orders of this phase count as they pass
        rel = relations(position)
        out: list[Resolution] = []
        for o in mine:
            why = self._declaration_refused(variant, rel, o, wars, made)
            if why:
                out.append(Resolution(o.power, o, Outcome.ILLEGAL, why + "; not followed"))
                continue
            if o.kind == "war":
                wars.add(o.power)
            pending.append(PendingDeclaration(Power(o.power), o.kind, tuple(map(Power, o.targets)), o.amount))
            out.append(Resolution(o.power, o, Outcome.SUCCESS, "declared; in effect from the next movement phase"))
        return out, dataclasses.replace(st, declarations=tuple(pending)) if pending else st

    @staticmethod
    def _declaration_refused(variant: Variant, rel: Relations, o: Declaration, wars: set[str],
                             made: Mapping[str, set[str]]) -> str | None:
        """Why a declaration is not followed, or None: only a power declares, naming others;
        then the checks of its kind (:data:`_REFUSALS`)."""
        idx = _index(variant)
        if o.power not in idx.majors:
            return "only a power makes declarations"
        if o.power in o.targets:
            return "a power cannot name itself"
        return _REFUSALS[o.kind](idx, rel, o, wars, made)

    def _apply_declarations(self, variant: Variant, st: Europe1615State) -> Europe1615State:
        """Put the pending declarations in force, in steps: breaks (:func:`_breaks`), then
        surrenders (which take priority over continued war, errata 3-14-2015 (4);
        :func:`_surrenders`) and armistices (mutual, :func:`_armistices`), then alliances
        (:func:`_alliances`), then wars (:func:`_wars`) and neutrality (:func:`_neutrality`).
        (Errata 3-8-2015 sets the deadline for wars before the one for alliances so that nobody
        is surprised; orders written together cannot surprise, and an alliance formed with a
        declarer in the same pass is an offensive alliance whose members all take the penalty,
        errata 3-14-2015.) A power whose ally declares war, and who stays in the alliance, is
        forced to declare too and takes the penalty (errata 3-14-2015 (1); option
        ``allies_share_war_penalty``); the target's allies are at war without one (a defensive
        alliance); a power joining an offensive alliance declares its war (errata 3-8-2015)."""
        pending = st.declarations or ()
        if not pending:
            return st
        idx = _index(variant)

        def of(kind: str) -> list[PendingDeclaration]:
            return [d for d in pending if d.kind == kind]

        money = dict(st.treasury or {})
        rel = _breaks(st.relations or Relations(), of("break"))
        rel = _surrenders(rel, of("surrender"), money, idx.floor)
        rel = _armistices(rel, of("armistice"))
        declared_now = {(d.power, d.targets[0]) for d in of("war")}
        rel = _alliances(rel, of("alliance"), declared_now)
        rel = _wars(rel, of("war"), declared_now, bool(self.options.get("allies_share_war_penalty", True)))
        rel = _neutrality(rel, of("neutrality"), idx.majors)
        return dataclasses.replace(st, declarations=None, relations=rel, treasury=_kept(money) if money else st.treasury)

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
        if s.get("active") is False and state not in (current(position).activated or ()):
            return f"{s.get('name', state)} cannot be influenced yet (Maghreb states)"
        for rule in (variant.data.get("sanctions") or {}).get("optional") or ():
            if rule.get("secedes") == state and rule.get("only") and idx.confession.get(Power(power)) != rule["only"]:
                return f"sanction {rule['id']}: only {rule['only']} powers may place INFs in {state}"
        if controlled(variant, position, state):
            return f"{s.get('name', state)} is controlled by a power and cannot be influenced"
        return self._sanction_refusal(variant, position, power, state)

    @staticmethod
    def _sanction_refusal(variant: Variant, position: Position, power: str, state: str) -> str | None:
        """Seed, "Sanctions": the restrictions in force this year on where ``power`` may place
        INFs (by confession or by power; some for a year only, some from a year on)."""
        idx = _index(variant)
        year = position.phase.year
        conf = idx.confession.get(Power(power))
        for rule in idx.sanctions:
            if ("years" in rule and year not in rule["years"]) or ("from_year" in rule and year < int(rule["from_year"])):
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
        """See :func:`~judge.variants.europe1615.state.controlled`."""
        return controlled(variant, position, state)

    def _influence(self, variant: Variant, position: Position, orders: Sequence[Order],
                   st: Europe1615State) -> tuple[list[Resolution], Europe1615State]:
        """Placement (:meth:`_placements`), then diplomatic attacks (:meth:`_diplomatic_attacks`),
        on the INFs after the phase (eliminations); errata 3-8-2015 [5]: declarations restrict
        neither placements nor attacks."""
        left = influence_left(variant, position)
        infs = {s: dict(d) for s, d in placed_in(st).items()}
        out = self._placements(variant, position, orders, left, infs)
        out += self._diplomatic_attacks(variant, position, orders, infs)
        infs_after = {s: {p: n for p, n in sorted(d.items()) if n > 0} for s, d in sorted(infs.items()) if any(d.values())}
        return out, dataclasses.replace(st, infs=infs_after, influence=left)

    def _placements(self, variant: Variant, position: Position, orders: Sequence[Order], left: dict[Power, int],
                    infs: dict[str, dict[str, int]]) -> list[Resolution]:
        """Seed, "Influence and placement": a power places INFs, up to the year's allotment, in
        the pliant minor states it may influence (:meth:`may_influence`)."""
        idx = _index(variant)
        out: list[Resolution] = []
        for o in orders:
            if not isinstance(o, PlaceInfluence):
                continue
            if o.power not in idx.majors:
                why: str | None = "only a power places INFs"
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
        return out

    def _diplomatic_attacks(self, variant: Variant, position: Position, orders: Sequence[Order],
                            infs: dict[str, dict[str, int]]) -> list[Resolution]:
        """Seed, "The diplomatic attack": one per power a phase, in a state where it has INFs,
        against a power with INFs there; mutual reduction; several in one state in the stated
        order of powers; none in a controlled state (errata 3-1-2015 [B], an option)."""
        idx = _index(variant)
        out: list[Resolution] = []
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
            for o in sorted(lst, key=lambda a: rank.get(Power(a.power), 99)):
                d = infs.setdefault(state, {})
                mine, theirs = d.get(o.power, 0), d.get(o.target, 0)
                if mine == 0 or theirs == 0:
                    out.append(Resolution(o.power, o, Outcome.FAILURE, f"no INFs of {o.power if mine == 0 else o.target} left in {state} to attack"))
                    continue
                cut = min(mine, theirs)
                d[o.power], d[o.target] = mine - cut, theirs - cut
                out.append(Resolution(o.power, o, Outcome.SUCCESS, f"both lose {cut} INF(s) in {state}"))
        return out

    # between phases ----------------------------------------------------------------------

    def _advance(self, variant: Variant, start: Position, nxt: Position) -> Position:
        """Bookkeeping on entering the next phase, in steps: income on entering the Winter
        Income and Build phase (seed, "Income phase"); a new year's INFs (seed, "Influence and
        placement": unused ones are lost; bought ones added); declarations in force from the
        next movement phase (declarations of the Fall wait for the Spring;
        :meth:`_apply_declarations`); the optional sanctions' secessions (:meth:`_secessions`);
        keys left empty are left out."""
        idx = _index(variant)
        money = treasuries(variant, nxt)
        if nxt.phase.kind is PhaseKind.INCOME and start.phase.kind is not PhaseKind.INCOME:
            inc = self.income(variant, nxt)
            money = {p: money[p] + inc[p] for p in idx.majors}
        st = dataclasses.replace(current(nxt), treasury=_kept(money))
        if nxt.phase.year > start.phase.year:
            extra_infs = st.influence_bought or {}
            st = dataclasses.replace(st, influence_bought=None, influence={
                p: idx.influence_for(p, nxt.phase.year) + extra_infs.get(p, 0) for p in idx.majors})
        else:
            st = dataclasses.replace(st, influence=influence_left(variant, nxt.evolve(state=st)))
        if nxt.phase.kind is PhaseKind.MOVEMENT:
            st = self._apply_declarations(variant, st)
        owners, st = self._secessions(variant, nxt, st)
        st = dataclasses.replace(
            st, infs=st.infs if st.infs is not None else {}, relations=st.relations or Relations(),
            attrition=st.attrition or None, revolts=st.revolts or None, control=st.control or None,
            markers=st.markers or None, transfers=st.transfers or None)
        return nxt.evolve(state=st, supply_centers=owners)

    def _secessions(self, variant: Variant, nxt: Position,
                    st: Europe1615State) -> tuple[dict[ProvinceId, Power], Europe1615State]:
        """Seed, "Sanctions" (optional): Bohemia secedes from Austria in 1618, Guyenne from France
        in 1621, each a pliant state; a unit standing there stays as an occupier."""
        owners = dict(nxt.supply_centers)
        seceded = list(st.seceded or ())
        for sid, s in _index(variant).states.items():
            opt = s.get("option")
            if opt and self.options.get(opt) and sid not in seceded and nxt.phase.year >= int(s.get("from_year", 0)):
                seceded.append(sid)
                for prov in s.get("homes") or ():
                    owners[prov] = Power(sid)
        return owners, (dataclasses.replace(st, seceded=tuple(sorted(seceded))) if seceded else st)

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
        st = dataclasses.replace(current(nxt), scores=Scores(year, final, dict(pts), {p: tuple(v) for p, v in met.items() if v}))
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
        return dataclasses.replace(result, next_position=nxt.evolve(state=st), notes=tuple(notes), winner=winner)


RULES = Europe1615Rules


# -- the working parts of the phases -----------------------------------------------------------


def _kept(money: Mapping[Power, Fraction]) -> dict[Power, Fraction]:
    """Treasuries as the position keeps them (seed, "Income phase"; our reading: to 4 decimals)."""
    return {p: Fraction(str(money_data(v))) for p, v in money.items()}


def _sorted_marks(marks: set[Unit]) -> tuple[Unit, ...]:
    """Attrition marks in the order the position file lists them (``Power: A PROV``)."""
    return tuple(sorted(marks, key=lambda u: f"{u.power}: {u}"))


class _Holdings:
    """Who holds what while the Winter Adjustment settles control (seed, "Securing control"):
    centres' owners and paying provinces' controllers, the new pliant states made so far, each
    change and its note."""

    def __init__(self, rules: Europe1615Rules, variant: Variant, position: Position) -> None:
        st = current(position)
        self.rules, self.variant, self.position = rules, variant, position
        self.owners: dict[ProvinceId, Power] = dict(position.supply_centers)
        # None: nobody controls it, though it has a natural owner (set_owner below).
        self.control: dict[ProvinceId, str | None] = dict(st.control or {})
        self.new_states: set[str] = set(st.new_states or ())
        self.changed: dict[ProvinceId, str | None] = {}
        self.notes: list[str] = []

    def natural(self, prov: ProvinceId) -> str | None:
        """Who holds ``prov`` when nobody controls it (:meth:`Europe1615Rules.natural_owner`)."""
        return self.rules.natural_owner(self.variant, self.position, prov, self.new_states)

    def holder(self, prov: ProvinceId) -> str | None:
        """Who controls ``prov`` now: a centre's owner, else its controller or natural owner."""
        if self.variant.board.provinces[prov].is_supply_center:
            return self.owners.get(prov)
        return self.control.get(prov, self.natural(prov))

    def set_owner(self, prov: ProvinceId, new: str | None, why: str) -> None:
        """Hand ``prov`` to ``new`` (``None``: nobody), noting why."""
        holder = self.holder(prov)
        if new == holder:
            return
        self.notes.append(f"{name(self.variant.board, prov)}: control passes from {holder or 'nobody'} to {new or 'nobody'} ({why}).")
        if self.variant.board.provinces[prov].is_supply_center:
            if new is None:
                self.owners.pop(prov, None)
            else:
                self.owners[prov] = Power(new)
        elif new == self.natural(prov):
            self.control.pop(prov, None)
        else:
            self.control[prov] = new
        self.changed[prov] = new


# -- declarations: the checks of each kind (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015)


def _war_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015: one declaration of war a pass, against one opponent; no war on an ally
    (errata 3-14-2015 (3): not on a former ally in the pass of the break); not twice."""
    p, t = o.power, o.targets[0]
    if len(o.targets) > 1:
        return "one declaration of war against one opponent a pass (errata 3-8-2015)"
    if p in wars:
        return "one declaration of war a pass (errata 3-8-2015)"
    if rel.allied(p, t):
        return ("breaking an alliance and declaring war on the former ally is not allowed in the same pass (errata 3-14-2015)"
                if p in made["break"] else "a power cannot declare war on its ally; break the alliance first")
    if rel.at_war(p, t):
        return f"{p} is already at war with {t}"
    return None


def _neutrality_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015: a power at war cannot take a neutral stance; a power in an alliance
    breaks it first."""
    p = o.power
    if any(rel.at_war(p, q) for q in idx.majors):
        return "a power at war cannot take a neutral stance (errata 3-8-2015)"
    if len(rel.group(p)) > 1 and p not in made["break"]:
        return "a power in an alliance is not neutral; break the alliance first"
    return None


def _alliance_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015 [2]: one alliance at a time; a power that breaks an alliance or declares
    neutrality joins one only in a later pass; no alliance with an enemy."""
    p = o.power
    group, proposed = rel.group(p), {p, *o.targets}
    if p in made["break"]:
        return "a power that breaks an alliance joins another when the Declaration phase is invoked again (errata 3-8-2015 [2])"
    if p in made["neutrality"]:
        return "a neutral power joins an alliance when the Declaration phase is invoked again (errata 3-8-2015 [2])"
    if len(group) > 1 and not group <= proposed:
        return f"a power can be in only one alliance at a time (errata 3-8-2015 [2]): {p} is allied with {', '.join(sorted(group - {p}))}"
    if proposed == group:
        return "already allied"
    if any(rel.at_war(p, t) for t in o.targets):
        return "a power cannot ally with an enemy; end the war first"
    return None


def _armistice_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Seed, "Armistice": between powers at war."""
    return None if rel.at_war(o.power, o.targets[0]) else f"{o.power} is not at war with {o.targets[0]}"


def _surrender_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-8-2015 [1]: a surrender needs the war in force, so a later pass than the war's."""
    if rel.at_war(o.power, o.targets[0]):
        return None
    return f"{o.power} is not at war with {o.targets[0]} (a surrender needs the war in force: a later Declaration phase, errata 3-8-2015 [1])"


def _break_refused(idx: _Index, rel: Relations, o: Declaration, wars: set[str], made: Mapping[str, set[str]]) -> str | None:
    """Errata 3-14-2015 (2): breaking an alliance needs no agreement, only an alliance."""
    return f"{o.power} is in no alliance" if len(rel.group(o.power)) < 2 else None


_REFUSALS: dict[str, Callable[[_Index, Relations, Declaration, set[str], Mapping[str, set[str]]], str | None]] = {
    "war": _war_refused, "neutrality": _neutrality_refused, "alliance": _alliance_refused,
    "armistice": _armistice_refused, "surrender": _surrender_refused, "break": _break_refused,
}


# -- declarations put in force (seed, "Declarations and movement"; errata 3-8-2015, 3-14-2015) --------


def _relations(rel: Relations, war: Any = None, alliances: Any = None, neutral: Any = None,
               war_declarations: Mapping[str, int] | None = None, declared: Any = None) -> Relations:
    """``rel`` with some parts replaced, in the judge's order."""
    return Relations.made(rel.war if war is None else war, rel.alliances if alliances is None else alliances,
                          rel.neutral if neutral is None else neutral,
                          rel.war_declarations if war_declarations is None else war_declarations,
                          rel.declared if declared is None else declared)


def _without_war(rel: Relations, a: frozenset[str], b: frozenset[str]) -> Relations:
    """``rel`` without the wars between the groups ``a`` and ``b``."""
    return _relations(rel, war=[w for w in rel.war if not (set(w) & a and set(w) & b)])


def _breaks(rel: Relations, pending: Sequence[PendingDeclaration]) -> Relations:
    """Errata 3-14-2015 (2): a power breaks from its alliance alone; an alliance left with one
    member is over."""
    leaving = {d.power for d in pending}
    return _relations(rel, alliances=[set(g) - leaving for g in rel.alliances]) if leaving else rel


def _surrenders(rel: Relations, pending: Sequence[PendingDeclaration], money: dict[Power, Fraction],
                floor: int) -> Relations:
    """Errata 3-14-2015 (4): a surrender ends the war between the two alliances and pays the
    indemnity it names (our reading: capped so the loser keeps the floor), split equally among
    the victor's alliance."""
    for d in pending:
        loser_g, win_g = rel.group(d.power), rel.group(d.targets[0])
        rel = _without_war(rel, loser_g, win_g)
        loser = Power(d.power)
        pay = min(Fraction(d.amount), max(money.get(loser, Fraction(0)) - floor, Fraction(0)))
        if pay > 0 and loser in money:
            money[loser] -= pay
            winners = sorted(Power(p) for p in win_g if p in money)
            for p in winners:
                money[p] += pay / len(winners)
    return rel


def _armistices(rel: Relations, pending: Sequence[PendingDeclaration]) -> Relations:
    """Errata 3-14-2015 (4): the ending of war is a mutual agreement: both sides declare it."""
    armistice = {(d.power, t) for d in pending for t in d.targets}
    for a, b in sorted(armistice):
        if (b, a) in armistice:
            rel = _without_war(rel, rel.group(a), rel.group(b))
    return rel


def _alliances(rel: Relations, pending: Sequence[PendingDeclaration], declared_now: set[tuple[str, str]]) -> Relations:
    """Seed, "Alliances": an alliance is formed when every member declares the same group (a
    new member joins when every member declares the larger one); its members leave neutrality.
    A power joining an offensive alliance declares its war (:func:`_join_offensive_alliance`)."""
    offers = {d.power: frozenset({d.power, *d.targets}) for d in pending}
    for _power, proposed in sorted(offers.items()):
        if all(offers.get(q) == proposed for q in proposed):
            before = {q: rel.group(q) for q in proposed}
            rel = _relations(rel, alliances=[g for g in rel.alliances if not (set(g) & proposed)] + [proposed],
                             neutral=set(rel.neutral) - proposed)
            rel = _join_offensive_alliance(rel, before, declared_now)
    return rel


def _join_offensive_alliance(rel: Relations, before: Mapping[str, frozenset[str]],
                             declared_now: set[tuple[str, str]]) -> Relations:
    """Errata 3-8-2015: "If you join an offensive alliance you must declare war against the
    target of the alliance. If you join a defensive alliance, no need to declare war." An
    alliance is offensive against the targets of the wars its members declared (errata
    3-14-2015: the terms "describe which group has declared war"); a power that joins it
    (``before`` maps each member to its group before the alliance formed) and was not at war
    with a target yet is charged a declaration of war against it and its allies (the penalty,
    once an opponent), as when the alliance was formed in the pass of the declaration. Its own
    declaration of the same war in this pass is charged once, by :func:`_wars`."""
    counts = dict(rel.war_declarations)
    pairs = {frozenset(w) for w in rel.war}
    for p in sorted(before):
        group = rel.group(p)
        targets = {t for d, t in rel.wars_declared() if d in group and d not in before[p] and t not in group}
        charged: set[str] = set()  # one declaration against an opponent and its allies
        for t in sorted(targets):
            enemy = rel.group(t)
            if (enemy & charged or any((p, e) in declared_now for e in enemy)
                    or any(frozenset((x, y)) in pairs for x in before[p] for y in enemy)):
                continue
            charged |= enemy
            counts[Power(p)] = counts.get(Power(p), 0) + 1
    return _relations(rel, war_declarations=counts)


def _wars(rel: Relations, pending: Sequence[PendingDeclaration], declared_now: set[tuple[str, str]],
          allies_share: bool) -> Relations:
    """Seed, "Declaration of war"; errata 3-8-2015: a declaration against a power is against
    its allies and aligned states; the declarer takes the penalty, and (errata 3-14-2015 (1),
    option ``allies_share_war_penalty``) so does each ally not yet at war with the target, which
    is forced to declare too; nobody at war is neutral. A war on a power allied with in the
    same pass is void."""
    for d in pending:
        p, t = d.power, d.targets[0]
        if rel.allied(p, t):
            continue  # allied in this same pass: no war on an ally
        already = {q for q in rel.group(p) if rel.at_war(q, t)}
        counts = dict(rel.war_declarations)
        counts[p] = counts.get(p, 0) + 1
        if allies_share:
            for q in sorted(rel.group(p) - {p} - already):
                if (q, t) not in declared_now:
                    counts[Power(q)] = counts.get(Power(q), 0) + 1
        rel = _relations(rel, war=[*rel.war, (p, t)], neutral=set(rel.neutral) - (rel.group(p) | rel.group(t)),
                         war_declarations=counts, declared=[*rel.declared, (p, t)])
    return rel


def _neutrality(rel: Relations, pending: Sequence[PendingDeclaration], majors: Sequence[Power]) -> Relations:
    """Seed, "Neutrality": a power not at war may declare itself neutral (not if war was
    declared on it in the same pass)."""
    neutral = set(rel.neutral)
    for d in pending:
        if not any(rel.at_war(d.power, q) for q in majors):
            neutral.add(d.power)
    return _relations(rel, neutral=neutral) if neutral != set(rel.neutral) else rel
