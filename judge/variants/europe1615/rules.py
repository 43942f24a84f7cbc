"""Europe 1615: Prelude to War, version 3 (seed 002), the rules that are not data.

The board, the states and the tables are data (``variants/europe1615/``, a reconstruction
described in its README). The rules are played by the modules of this package, each step citing
the seed section (or the dated clarification and erratum; the later date wins) it implements;
the variant's README has the checklist of every rule and erratum with the function and the test
for it (:mod:`.rulebook`):

- :mod:`.tables`: the data indexed (states, provinces, capitals, the reconstructed tables);
- :mod:`.position_state`: the variant's state as a typed value;
- :mod:`.state`: the variant's own orders, and what follows from a position's state
  (treasuries, INFs, alignments, markers, objectives and scores);
- :mod:`.orders`: how the variant's own orders are read;
- :mod:`.diplomacy`: declarations recorded and put in force, and what they allow (who is on
  whose side, who may enter where);
- :mod:`.economy`: income, purchases, the minor states' builds, influence, sanctions and
  diplomatic attacks;
- :mod:`.control`: the Winter Adjustment, the control of provinces and what follows a change
  of control (eliminations, capitals taken, confessional markers and revolts), transfers;
- this module: the calendar and the hooks the core calls (:class:`Europe1615Rules`): the phase
  dispatch, movement and retreats, the bookkeeping between phases (income paid, INFs,
  declarations in force, secessions) and scoring.

Imports go one way, in that order: each module imports only modules above it in the list.

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
from typing import Any, Mapping, Sequence

from ...core.errors import MapError
from ...core.orders import Disband, Hold, Move, Order, Retreat, UnitOrder
from ...core.phases import PhaseResult, adjudicate, close_phase
from ...core.resolution import Outcome, Resolution, Tag
from ...core.legality import name
from ...core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Calendar, Rules, Variant
from .control import transfers, winter_adjustment
from .diplomacy import apply_declarations, entry_allowed, friends, record_declarations
from .economy import income, influence, winter_income
from .orders import OWN_ORDERS, parse_order
from .position_state import Europe1615State, Relations, Revolt, Scores
from .tables import _index
from .state import (
    BuyInfluence, Declaration, DiplomaticAttack, PlaceInfluence, TransferControl,
    build_cost, check_objectives, current, influence_left, kept, markers, objectives_met, relations, score,
    start_position, state_status, status, treasuries,
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

    # -- movement hooks -------------------------------------------------------------------

    def are_friends(self, position: Position, a: Power, b: Power) -> bool:
        """Seed, "Specific rules regarding minor states" (2) and "Alliances" (1); errata
        3-8-2015: no dislodging, nor supporting the dislodgement of, nor cutting the support of
        one's own aligned minor states, allies or allies' aligned states
        (:func:`.diplomacy.friends`)."""
        return friends(self._v(position), position, a, b)

    def may_enter(self, position: Position, order: Move) -> bool:
        """Seed, "Declarations and movement" (2) and errata 2-17-2015 (1), 3-1-2015 [A]: a unit
        ordered into a foreign province without a declaration of war does not enter, but still
        causes a standoff there (:func:`.diplomacy.entry_allowed`)."""
        return entry_allowed(self._v(position), position, order.power, order.destination.province)

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
        """The variant's own orders, and the unit orders a power gives to its aligned minor
        states' units (:func:`.orders.parse_order`)."""
        if self._reading:
            return None
        self._variant = variant
        return parse_order(text, power, variant, position, lambda line: self._unit_order(line, power, variant, position))

    def _unit_order(self, text: str, power: Power, variant: Variant, position: Position) -> Order:
        """A unit order, read by the judge's reader (which calls this hook first: ``_reading``
        makes the hook pass then)."""
        from ...notation import hook_notes, parse_order as read

        self._reading = True
        try:
            return read(text, power, variant, position, notes=hook_notes())
        finally:
            self._reading = False

    # -- phases ---------------------------------------------------------------------------

    def order_candidates(self, variant: Variant, position: Position, power: Power) -> list[Order]:
        """A major power's declarations, whose targets are finite (seed, "Declarations and
        movement"): war, alliance, armistice or surrender to each other major power, neutrality,
        breaking an alliance. The options keep those the phase follows."""
        if not variant.powers[power].playable or position.phase.kind is not PhaseKind.MOVEMENT:
            return []
        others = [p for p, info in variant.powers.items() if info.playable and p != power]
        out: list[Order] = [Declaration(power, kind, (other,)) for kind in ("war", "alliance", "armistice", "surrender")
                            for other in others]
        return out + [Declaration(power, "neutrality"), Declaration(power, "break")]

    def order_help(self, variant: Variant, position: Position) -> list[str]:
        """The orders with amounts or many targets (seed, "Influence and placement", "The
        diplomatic attack", "Securing control"), written as free text."""
        return ["3: SAV (place 3 INFs in Savoy)", "SAV > Spain (a diplomatic attack)", "Buy 2 INF (Winter)",
                "Surrender to Spain indemnity 10", "Transfer MIL to Spain (Fall)"]

    def play_phase(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult | None:
        """Every phase is played here, around the core: the units' orders of the phase (its
        steps below), then the variant's own orders (:meth:`_own_orders`), then the bookkeeping
        of entering the next phase (:meth:`_advance`) and the scorings (:meth:`_scoring`)."""
        if self._inner:
            return None
        self._variant = variant
        own = [o for o in orders if isinstance(o, OWN_ORDERS)]
        rest = [o for o in orders if not isinstance(o, OWN_ORDERS)]
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:  # INFs are bought with the phase's purchases
            rest += [o for o in own if isinstance(o, BuyInfluence)]
            own = [o for o in own if not isinstance(o, BuyInfluence)]
        if kind is PhaseKind.MOVEMENT:
            result = self._movement(variant, position, rest)
        elif kind is PhaseKind.RETREAT:
            result = self._retreats(variant, position, rest)
        elif kind is PhaseKind.ADJUSTMENT:
            result = winter_adjustment(variant, position, rest, self.options)
        else:
            result = winter_income(variant, position, rest, self.options)
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
        out, st = record_declarations(variant, position, own, st)
        done, st = transfers(variant, position, own, st)
        out += done
        if position.phase.kind in (PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT):
            done, st = influence(variant, position, own, st, self.options)
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
            if isinstance(o, Move) and not entry_allowed(variant, position, o.power, o.destination.province):
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
        """The core's retreat options less the provinces the unit may not enter (seed,
        "Declarations and movement" (2): :func:`.diplomacy.entry_allowed`)."""
        return [loc for loc in super().retreat_options(variant, position, d)
                if entry_allowed(variant, position, d.unit.power, loc.province)]

    # retreats ----------------------------------------------------------------------------

    def _retreats(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
        """A retreat only where the unit may enter (seed, "Declarations and movement" (2));
        a unit that retreats gains an attrition mark (seed, "Combat attrition rule")."""
        mine: list[Resolution] = []
        passed: list[Order] = []
        replaced: set[ProvinceId] = set()
        for o in orders:
            if isinstance(o, (Retreat, Move)) and not entry_allowed(variant, position, o.power, o.destination.province):
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

    # between phases ----------------------------------------------------------------------

    def _advance(self, variant: Variant, start: Position, nxt: Position) -> Position:
        """Bookkeeping on entering the next phase, in steps: income on entering the Winter
        Income and Build phase (seed, "Income phase"); a new year's INFs (seed, "Influence and
        placement": unused ones are lost; bought ones added); declarations in force from the
        next movement phase (declarations of the Fall wait for the Spring;
        :func:`.diplomacy.apply_declarations`); the optional sanctions' secessions (:meth:`_secessions`);
        keys left empty are left out."""
        idx = _index(variant)
        money = treasuries(variant, nxt)
        if nxt.phase.kind is PhaseKind.INCOME and start.phase.kind is not PhaseKind.INCOME:
            inc = income(variant, nxt)
            money = {p: money[p] + inc[p] for p in idx.majors}
        st = dataclasses.replace(current(nxt), treasury=kept(money))
        if nxt.phase.year > start.phase.year:
            extra_infs = st.influence_bought or {}
            st = dataclasses.replace(st, influence_bought=None, influence={
                p: idx.influence_for(p, nxt.phase.year) + extra_infs.get(p, 0) for p in idx.majors})
        else:
            st = dataclasses.replace(st, influence=influence_left(variant, nxt.evolve(state=st)))
        if nxt.phase.kind is PhaseKind.MOVEMENT:
            st = apply_declarations(variant, st, self.options)
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


def _sorted_marks(marks: set[Unit]) -> tuple[Unit, ...]:
    """Attrition marks in the order the position file lists them (``Power: A PROV``)."""
    return tuple(sorted(marks, key=lambda u: f"{u.power}: {u}"))
