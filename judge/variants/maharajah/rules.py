"""Maharajah's Diplomacy (seed 004): navigable rivers, river convoys, acquired home centres.

The board and the descriptor are data (``variants/maharajah/``); this module holds the rules
that are not, one :class:`~judge.core.variant.Rules` hook per rule, each citing seed 004.

Rivers (§2 and its clarification). The courses are ``variant.yaml``'s ``rivers:`` table: two
neighbouring provinces *border by river* when one river of that table touches both. The fleet
moves of ``map.txt`` already follow coasts and rivers only (clarification 2), so fleet movement
needs no hook; convoys do:

- carriers: every sea, and, with the option ``river_convoys`` (the default), the provinces
  flagged ``convoy`` (the 17 river provinces); without it (the §2 simplified rule), seas only;
- endpoints (an army's origin or destination): a province bordering water (terrain ``coast``)
  or bordering or containing a river (flag ``river``) — never Kandahar, Jaipur or Warangal
  (clarification 1);
- a river fleet takes an army on or puts it ashore only across a river border (clarification
  4: Bengal, from or to Assam, Benares, Muzaffarpur, Orissa and Sambalpur, not Pegu); between
  two convoying fleets any fleet move links them, so chains mix river and sea fleets
  (clarifications 2 and 3);
- a fleet that attacks a convoying fleet in a river province disrupts the convoy even when the
  attack fails, unless the attacking fleet is itself attacked (§2, clarification 5).

Acquired home centres (§3) are the variant's typed state (:class:`~.state.MaharajahState`, in
:attr:`Position.state`, the position file's ``homes`` and ``home_claims``): the home centres as
they stand once they differ from the descriptor's (``Variant.homes`` keeps the original ones),
and the open claims, ``centre -> (power, year)``, of units of ``power`` that stood on ``centre``
at the start of that year's Spring movement and have not left it since.

A claim becomes a home centre when its year ends (after the Monsoon adjustment, or after the
Fall when the Monsoon has nothing to decide) with the same unit still there. "The same unit"
is: a unit that was in the centre at the start of each phase of the year and neither moved
out (a successful move), nor was dislodged, nor was removed; another unit of the same power
stepping in (moved in by a swap in the Fall, retreated in, built there) opens no claim and
continues none. A centre already a home centre of the unit's power opens no claim. The centre
then stops being a home centre of any other power (one home power at a time); the former owner
gets it back only by holding it a whole year in turn. Builds (:meth:`MaharajahRules.can_build_at`)
and the question whether the Monsoon has anything to decide (:meth:`~MaharajahRules.phase_needed`)
use these home centres. Positions alone cannot tell a swap of two armies of one power from two
holds, so :meth:`~MaharajahRules.play_phase` redoes a movement phase's bookkeeping knowing the
moves that succeeded.
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...core.board import Board, Terrain
from ...core.orders import Move
from ...core.resolution import Outcome
from ...core.types import Location, PhaseKind, Position, Power, ProvinceId, UnitType
from ...core.variant import Calendar, Rules, Variant
from ...reading import load_yaml, read_file
from .state import Claim, MaharajahState

if TYPE_CHECKING:  # pragma: no cover
    from ...core.orders import Order, UnitOrder
    from ...core.phases import PhaseResult
    from ...core.resolution import Resolution

__all__ = ["CALENDAR", "RULES", "MaharajahRules", "effective_homes", "home_claims", "river_courses"]

CALENDAR = Calendar(
    steps=(
        ("Spring", PhaseKind.MOVEMENT),
        ("Spring", PhaseKind.RETREAT),
        ("Fall", PhaseKind.MOVEMENT),
        ("Fall", PhaseKind.RETREAT),
        ("Monsoon", PhaseKind.ADJUSTMENT),
    ),
    other_names={"Winter": "Monsoon"},
)
"""Seed 004 §5: Spring and Fall movement, each with its retreats, then the adjustment phase,
which the seed lets us call Monsoon (and we always do); its Winter "may be called" the Monsoon,
so the judge reads a phase written ``Winter 1501 Adjustment`` as the Monsoon's."""

_REPLAYING: contextvars.ContextVar[bool] = contextvars.ContextVar("maharajah_replaying", default=False)
"""Set while :meth:`MaharajahRules.play_phase` hands a movement phase to the core."""


@functools.lru_cache(maxsize=None)
def _courses_from(path: str) -> dict[str, tuple[ProvinceId, ...]]:
    data = load_yaml(read_file(path), path)
    rivers = (data or {}).get("rivers") or {}
    return {str(name): tuple(ProvinceId(str(p).upper()) for p in provs) for name, provs in rivers.items()}


def river_courses() -> dict[str, tuple[ProvinceId, ...]]:
    """The ``rivers:`` table of ``variants/maharajah/variant.yaml``: river -> provinces it touches."""
    from .. import variants_dir

    return _courses_from(str(variants_dir() / "maharajah" / "variant.yaml"))


def effective_homes(variant: Variant, position: Position) -> dict[Power, tuple[ProvinceId, ...]]:
    """Every power's home centres in ``position`` (seed 004 §3): the descriptor's, changed by
    the centres acquired since (the state's ``homes``)."""
    state = MaharajahState.of(position)
    return {p: state.homes_of(p, variant.homes(p)) for p in variant.powers}


def home_claims(position: Position) -> dict[ProvinceId, tuple[Power, int]]:
    """The open claims of ``position`` (seed 004 §3): centre -> (power, year held since)."""
    return {c: (k.power, k.since) for c, k in MaharajahState.of(position).claims}


class MaharajahRules(Rules):
    """The rule hooks of Maharajah's Diplomacy (seed 004).

    Options (``variant.yaml``'s ``options:``, overridden per game): ``river_convoys`` (default
    true; false is §2's simplified rule, rivers navigable but carrying no convoys) and
    ``build_anywhere`` (default false; true is §3's simplified rule, build in any vacant owned
    centre, and no centres are acquired as homes). ``rivers`` may be given (river -> provinces)
    instead of being read from the variant's data.
    """

    def __init__(self, options: Mapping[str, Any] | None = None, rivers: Mapping[str, Sequence[str]] | None = None) -> None:
        super().__init__(options)
        self._rivers = None if rivers is None else {k: tuple(ProvinceId(p) for p in v) for k, v in rivers.items()}

    # -- options ----------------------------------------------------------------------------

    @property
    def river_convoys(self) -> bool:
        """May river fleets convoy? (seed 004 §2; false is its simplified rule)."""
        return bool(self.options.get("river_convoys", True))

    @property
    def build_anywhere(self) -> bool:
        """Build in any vacant owned centre? (seed 004 §3's simplified rule)."""
        return bool(self.options.get("build_anywhere", False))

    # -- rivers -----------------------------------------------------------------------------

    def rivers(self) -> Mapping[str, tuple[ProvinceId, ...]]:
        """River -> the provinces it touches (seed 004 §2; ``variant.yaml``'s ``rivers:``)."""
        if self._rivers is None:
            self._rivers = river_courses()
        return self._rivers

    def borders_by_river(self, board: Board, a: ProvinceId, b: ProvinceId) -> bool:
        """Do ``a`` and ``b`` border each other by river: neighbours touched by one river?
        (seed 004 clarifications 2 and 4)."""
        if a == b or b not in board.neighbours.get(a, ()):
            return False
        return any(a in course and b in course for course in self.rivers().values())

    @staticmethod
    def is_river_province(board: Board, province: ProvinceId) -> bool:
        """Does a navigable river run through or along ``province``? (seed 004 §2: map flag
        ``river``)."""
        return "river" in board.provinces[province].flags

    # -- convoys ----------------------------------------------------------------------------

    def can_carry_convoy(self, board: Board, province: ProvinceId) -> bool:
        """Seed 004 §2: fleets on the rivers "can be used to convoy": every sea, and the river
        provinces flagged ``convoy``. §2's simplified rule (``river_convoys: false``): rivers
        are navigable but carry no convoys, so seas only."""
        prov = board.provinces[province]
        if prov.terrain is Terrain.SEA:
            return True
        return self.river_convoys and "convoy" in prov.flags

    def convoy_endpoint(self, board: Board, province: ProvinceId) -> bool:
        """Seed 004 §2, clarification 1: an army may be convoyed from or to a province that
        borders a water province (terrain ``coast``) or borders or contains a river (flag
        ``river``); so not Kandahar, Jaipur or Warangal. Without river convoys, only the
        coast (the standard rule)."""
        prov = board.provinces[province]
        if prov.terrain is Terrain.COAST:
            return True
        return self.river_convoys and prov.terrain is Terrain.LAND and self.is_river_province(board, province)

    def convoy_link(self, board: Board, a: ProvinceId, b: ProvinceId, *, endpoint: bool) -> bool:
        """Seed 004 §2, clarifications 2, 3 and 4.

        ``endpoint`` (``a`` is the army's origin or destination, ``b`` a carrier): a fleet in a
        river province convoys *directly* only from or to a province bordering it by river
        (clarification 4: Bengal from or to Assam, Benares, Muzaffarpur, Orissa, Sambalpur, not
        Pegu, which it borders by coast only); a sea takes any neighbour, as in the standard
        game. Between two convoying fleets (clarification 3: a chain may mix river and sea
        fleets): any fleet move joins them, along a coast or a river (clarification 2: not
        Assam-Ava, not Agra-Lahore).
        """
        if endpoint:
            if board.provinces[b].terrain is Terrain.SEA:
                return True
            return self.borders_by_river(board, a, b)
        return b in board.fleet_reach.get(_loc(a), ()) or a in board.fleet_reach.get(_loc(b), ())

    def attack_disrupts_convoy(self, position: Position, attack: "Move", convoy: "UnitOrder", attacker_attacked: bool) -> bool:
        """Seed 004 §2: "If a fleet attacks a convoying fleet in a river province, the convoy
        is disrupted whether or not the attack is successful, but an attacking army must
        dislodge the fleet"; clarification 5: "An attacked fleet does not have the enhanced
        power" (F Benares - Sambalpur, itself attacked by A Orissa - Benares, does not disrupt
        F Sambalpur's convoy). At sea, and for armies, only dislodgement disrupts (standard).
        A power's own fleet (or a friend's) does not attack it. The river provinces are those
        the ``rivers:`` table touches (the 17 flagged ``river`` on the map)."""
        if not self.river_convoys or attack.kind is not UnitType.FLEET or attacker_attacked:
            return False
        if self.are_friends(position, attack.power, convoy.power):
            return False
        here = convoy.location.province
        return any(here in course for course in self.rivers().values())

    # -- home centres and builds ------------------------------------------------------------

    def can_build_at(self, position: Position, homes: Sequence[ProvinceId], power: Power, province: ProvinceId) -> str | None:
        """Seed 004 §3: build in an owned home centre, counting the centres acquired by holding
        them a year and not those lost that way (the state's ``homes``; ``homes`` here are the
        descriptor's originals). §3's simplified rule (``build_anywhere``): any owned centre."""
        owned = position.supply_centers.get(province) == power
        if self.build_anywhere:
            return None if owned else "not a supply centre you own"
        state = MaharajahState.of(position)
        if province not in state.homes_of(power, homes):
            other = state.home_power(province, power)
            if other is not None and province in homes:
                return f"no longer a home centre (now {other}'s)"
            return "not a home centre"
        if not owned:
            return "not owned"
        return None

    def after_phase(self, variant: Variant, start: Position, next_position: Position,
                    resolutions: Sequence["Resolution"] | None = None) -> Position:
        """Seed 004 §3: "If a power leaves a specific unit on a Supply Center (whether owned by
        that power or not) for an entire game calendar year (consecutive Spring, Fall and Winter
        turns), then that Supply Center becomes a new Home Supply Center for that power. Moving
        a different unit onto the Supply Center in the fall is not effective"; and "A Supply
        Center can only be a Home Supply Center for one power at a time".

        ``start`` is the position the phase just played began from, ``next_position`` the
        next phase to play (skipped phases in between). A claim opens when the Spring movement
        leaves in place a unit that stood at its start on a centre not yet a home centre of its
        power; the claim lives while that unit neither moves, nor is dislodged, nor is removed;
        when the year ends (``next_position`` is in a later year) every open claim of that year
        turns its centre into a home centre of the claimant, and of no other power.

        A movement phase's resolutions tell a unit that moved out from one that stayed: the core
        does not pass them here, so :meth:`play_phase` replays this bookkeeping with them (or
        give them as ``resolutions``). Without them, a unit of the same power and kind standing
        in the same place after the phase is taken for the one that was there.

        With ``build_anywhere`` (§3's simplified rule) home centres do not matter: nothing is
        tracked.
        """
        moved = _moved_out(start, resolutions) if resolutions is not None else None
        return self._track(variant, start, next_position, moved)

    def play_phase(self, variant: Variant, position: Position, orders: Sequence["Order"]) -> "PhaseResult | None":
        """Seed 004 §3, "Moving a different unit onto the Supply Center in the fall is not
        effective": a movement phase is played by the core as usual, then the home-centre
        bookkeeping of :meth:`after_phase` is done again knowing which units moved out (a swap
        of two units of one power and kind looks like two holds in the positions alone).
        Other phases: the core's (``None``)."""
        if position.phase.kind is not PhaseKind.MOVEMENT or self.build_anywhere or _REPLAYING.get():
            return None
        from ...core.phases import adjudicate

        token = _REPLAYING.set(True)
        try:
            result = adjudicate(variant, position, orders)
        finally:
            _REPLAYING.reset(token)
        redone = self._track(variant, position, result.next_position, _moved_out(position, result.resolutions))
        return dataclasses.replace(result, next_position=redone)

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        """Seed 004 §3: the Monsoon has a build to decide when a power is due one and has a free
        centre to build in by these rules: an acquired home centre, or (``build_anywhere``) any
        owned centre, not only the descriptor's home centres the core looks at. ``None``: the
        core decides (and finds the same removals and original home centres)."""
        if position.phase.kind is not PhaseKind.ADJUSTMENT:
            return None
        from ...core.phases import adjustment_counts

        occupied = {u.province for u in position.units}
        for power, due in adjustment_counts(position).items():
            if due < 0:
                return True
            if due > 0 and any(
                c not in occupied and self.can_build_at(position, variant.homes(power), power, c) is None
                for c in position.centers_of(power)
            ):
                return True
        return None

    def _track(self, variant: Variant, start: Position, next_position: Position,
               moved: set[ProvinceId] | None) -> Position:
        """The claims and home centres of ``next_position`` (see :meth:`after_phase`);
        ``moved``: the provinces whose unit moved out in the phase, when known. Three steps:
        the claims that live on (§3, "a specific unit ... for an entire game calendar year"),
        the year's end that turns them into home centres (one home power at a time), and the
        state written into the next position."""
        if self.build_anywhere:
            return next_position
        homes: Mapping[Power, Sequence[ProvinceId]] = effective_homes(variant, start)
        claims = self._claims_kept(variant, start, next_position, homes, moved or set())
        if next_position.phase.year > start.phase.year:
            homes = _year_ends(homes, claims, start.phase.year)
            claims = {}
        return _with_state(variant, next_position, homes, claims)

    def _claims_kept(self, variant: Variant, start: Position, next_position: Position,
                     homes: Mapping[Power, Sequence[ProvinceId]], gone: set[ProvinceId]) -> dict[ProvinceId, Claim]:
        """Seed 004 §3: the claims open after the phase ``start`` began. The Spring movement
        opens one for every unit that stood on a centre (not already a home centre of its
        power) and is still there, not having moved; any other phase keeps a claim only while
        its unit stays (neither moved out, dislodged nor removed)."""

        def stayed(province: ProvinceId) -> bool:
            before = start.unit_in(province)
            after = next_position.unit_in(province)
            return (
                before is not None and after is not None and province not in gone
                and before.power == after.power and before.kind is after.kind
            )

        if start.phase.kind is PhaseKind.MOVEMENT and start.phase.season == variant.calendar.first_season():
            centres = variant.board.provinces
            return {
                u.province: Claim(u.power, start.phase.year) for u in start.units
                if u.kind is not UnitType.GARRISON and centres[u.province].is_supply_center
                and u.province not in homes.get(u.power, ()) and stayed(u.province)
            }
        return {
            c: k for c, k in MaharajahState.of(start).claims
            if stayed(c) and (kept := start.unit_in(c)) is not None and kept.power == k.power  # stayed: a unit is there
        }

    # -- victory ----------------------------------------------------------------------------

    def winner(self, position: Position, victory_centres: int) -> Power | None:
        """Seed 004 §1: a majority of the supply centres, 19 of 37 (``victory_centres`` in
        ``variant.yaml``), counted after the Fall as in the standard game."""
        return super().winner(position, victory_centres)


def _year_ends(homes: Mapping[Power, Sequence[ProvinceId]], claims: Mapping[ProvinceId, Claim],
               year: int) -> dict[Power, list[ProvinceId]]:
    """Seed 004 §3, the year's end: every claim held since that year's Spring turns its centre
    into a home centre of the claimant, and of no other power ("one power at a time")."""
    new_homes = {p: list(cs) for p, cs in homes.items()}
    for centre, claim in sorted(claims.items()):
        if claim.since != year or claim.power not in new_homes:
            continue
        for cs in new_homes.values():
            if centre in cs:
                cs.remove(centre)
        new_homes[claim.power].append(centre)
    return new_homes


def _with_state(variant: Variant, position: Position, homes: Mapping[Power, Sequence[ProvinceId]],
                claims: Mapping[ProvinceId, Claim]) -> Position:
    """``position`` with this state: the home centres listed only when they differ from the
    descriptor's, the claims while any is open."""
    originals = {p: sorted(variant.homes(p)) for p in variant.powers}
    current = {p: sorted(cs) for p, cs in homes.items()}
    state = MaharajahState.make(current if current != originals else None, claims)
    if state == MaharajahState.of(position):
        return position
    return position.evolve(state=state)


def _loc(province: ProvinceId) -> Location:
    return Location(province)


def _moved_out(start: Position, resolutions: Sequence["Resolution"]) -> set[ProvinceId]:
    """The provinces whose unit left in the movement phase ``start`` began (a move that
    succeeded); nothing for other phases."""
    if start.phase.kind is not PhaseKind.MOVEMENT:
        return set()
    return {
        r.order.location.province for r in resolutions
        if isinstance(r.order, Move) and r.outcome is Outcome.SUCCESS
    }


RULES = MaharajahRules
