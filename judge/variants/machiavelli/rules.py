"""Machiavelli (1454, Balance of Power) with our house rules (seed 000) and income rules (seed 001).

The board and the tables are data (``variants/machiavelli/``); the rules that are not are played
by the modules of this package, each phase as a sequence of named steps, each citing its rule:

- :mod:`.geography`: board facts (cities, ports, Venice and its Lagoon, the city nodes);
- :mod:`.state`: the state kept between phases (its keys are described there);
- :mod:`.control`: control of provinces, cities and home countries, and the start;
- :mod:`.orders`: the variant's own orders and how they are read;
- :mod:`.special`: special units;
- :mod:`.money`: banking, expenses, bribes and assassinations;
- :mod:`.aftermath`: what follows a campaign (rebellions end, famine, plague, storms);
- :mod:`.income`: the Winter income;
- :mod:`.campaign`: the end of a campaign (conquest, elimination) and victory;
- :mod:`.core_view`: the board and hooks the movement core plays a campaign with;
- :mod:`.straits`: the straits' keepers and the passage they deny;
- :mod:`.retreat`: a campaign's retreats (into cities too), and where a unit may retreat;
- :mod:`.movement`: a campaign's movement (money, then sieges, conversions and straits around
  the core);
- :mod:`.adjustment`: the Winter upkeep and builds;
- this module: the calendar and the hooks (:class:`MachiavelliRules`).

Imports go one way, in that order: each module imports only modules above it in the list, and
this one imports the phases'.

Phases: the calendar is Spring, Summer and Fall, each a movement and its retreats, then Winter
Income and Winter Adjustment. Seed 001 puts income "prior to spring movement"; it is a phase of
its own (no orders) so that players know their money before they order their builds.
"""

from __future__ import annotations

from typing import Sequence

from ...core.board import Board, Terrain
from ...core.orders import Order
from ...core.phases import PhaseResult
from ...core.types import Dislodged, Location, Phase, PhaseKind, Position, Power, ProvinceId, UnitType
from ...core.variant import Calendar, Rules, Variant
from .adjustment import play_adjustment, play_basic_adjustment
from .campaign import winner_of
from .control import initialised, start_position
from .geography import CITY_SUFFIX, city_province, city_value, garrisonable, is_land
from .income import income, play_income
from .movement import play_campaign
from .orders import Ally, Besiege, Convert, LiftSiege, Maintain, parse_order
from .retreat import play_retreat, retreat_places
from .state import AUTONOMOUS, MachiavelliState, state_of
from .straits import strait_denied

__all__ = [
    "CALENDAR", "RULES", "MachiavelliRules", "AUTONOMOUS", "Ally", "Besiege", "Maintain", "LiftSiege", "Convert",
    "start_position", "income", "MachiavelliState", "state_of", "initialised", "winner_of", "strait_denied", "city_province", "city_value",
    "garrisonable", "is_land",
]

CALENDAR = Calendar(
    steps=(
        ("Spring", PhaseKind.MOVEMENT),
        ("Spring", PhaseKind.RETREAT),
        ("Summer", PhaseKind.MOVEMENT),
        ("Summer", PhaseKind.RETREAT),
        ("Fall", PhaseKind.MOVEMENT),
        ("Fall", PhaseKind.RETREAT),
        ("Winter", PhaseKind.INCOME),
        ("Winter", PhaseKind.ADJUSTMENT),
    ),
    captures=frozenset({"Spring", "Summer", "Fall"}),
)
"""variant.yaml ``sequence``: three campaigns, each movement then retreats; then the Winter
income (seed 001: before Spring movement) and adjustment."""

class MachiavelliRules(Rules):
    """Machiavelli's hooks; see the module's docstring."""

    uses_dice = True  # variable income, famine, plague, storms, assassinations

    def retreat_options(self, variant: Variant, position: Position, d: Dislodged) -> list[Location]:
        """The places a dislodged army or fleet may retreat to as itself (Venice barred where
        the rules bar it, :func:`~.retreat.retreat_places`); a retreat into its province's city
        as the garrison (:func:`~.retreat.retreat_city`) is offered only when there is none."""
        return retreat_places(variant, position, d)

    def unit_kinds(self) -> tuple[UnitType, ...]:
        return (UnitType.ARMY, UnitType.FLEET, UnitType.GARRISON)

    def shown_kind(self, position: Position, kind: UnitType, province: ProvinceId) -> UnitType:
        """Seed 000 VENICE/VENICE LAGOON: the movement core plays the garrison of Venice as a
        fleet in the city (its province being the Lagoon, :func:`~.geography.city_node`), so the
        judge's hold of it with no order reads ``F VEN H``. Players read the unit the board has
        there: a garrison, where ``position`` has no unit of ``kind`` in ``province`` but a
        garrison."""
        here = {u.kind for u in position.units if u.province == province}
        return UnitType.GARRISON if kind not in here and UnitType.GARRISON in here else kind

    def captures_now(self, calendar: Calendar, phase: Phase) -> bool:
        # Control changes with every unit's arrival; the variant keeps it (its state), not the core.
        return False

    def can_carry_convoy(self, board: Board, province: ProvinceId) -> bool:
        """rules §Convoys: fleets in coastal areas may convoy with the ``coastal_convoys`` option."""
        prov = board.provinces.get(province)
        if prov is None or CITY_SUFFIX in province:
            return False
        if prov.terrain is Terrain.SEA:
            return True
        return bool(self.options.get("coastal_convoys", True)) and prov.terrain is Terrain.COAST and Location(province) in board.fleet_edges

    def parse_order(self, text: str, power: Power, variant: Variant, position: Position) -> Order | None:
        """The variant's own orders (rules §Order syntax; :func:`.orders.parse_order`)."""
        return parse_order(text, power, variant, position)

    def phase_needed(self, variant: Variant, position: Position) -> bool | None:
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:
            return bool(self.options.get("money", True))
        if kind is PhaseKind.ADJUSTMENT:
            return True  # upkeep every year; the Basic game's builds and removals
        if position.phase.season == "Summer" and not self.options.get("summer", True):
            return False  # two campaigns a year (njudge 'set nosummer')
        return None

    def must_order(self, variant: Variant, position: Position) -> list[Power] | None:
        """Who has something to decide: nobody in the Winter income (the judge pays it); in the
        Winter adjustment with money, every power in the game (which units to maintain or
        disband, what to buy), whether or not its count of units changes."""
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:
            return []
        if kind is PhaseKind.ADJUSTMENT and self.options.get("money", True):
            playable = {p for p, info in variant.powers.items() if info.playable}
            treasury = state_of(position).treasury or {}
            present = {u.power for u in position.units} | set(position.supply_centers.values())
            present |= {p for p, n in treasury.items() if n}
            return sorted(p for p in present if p in playable)
        return None

    def missing_orders_note(self, variant: Variant, position: Position, power: Power) -> str | None:
        """What befalls a power that sent no orders (for the results' notes)."""
        if position.phase.kind is PhaseKind.ADJUSTMENT and self.options.get("money", True):
            return (f"No orders from {power}: its units are maintained while its treasury pays their upkeep "
                    "(the rest are disbanded), and nothing is bought.")
        return None

    def order_candidates(self, variant: Variant, position: Position, power: Power) -> list[Order]:
        """The campaign's sieges, lifts and conversions, the straits' allowances, a retreat's
        conversion and the Winter's upkeep of each unit (rules §Order syntax): the options keep
        those the phase follows."""
        kind = position.phase.kind
        out: list[Order] = []
        if kind is PhaseKind.MOVEMENT:
            for u in position.units_of(power):
                if u.kind is not UnitType.GARRISON:
                    out += [Besiege(power, u.kind, u.location), LiftSiege(power, u.kind, u.location)]
                for into in (UnitType.ARMY, UnitType.FLEET, UnitType.GARRISON):
                    if into is not u.kind:
                        coasts = variant.board.provinces[u.province].coasts if into is UnitType.FLEET else ()
                        out += [Convert(power, u.kind, Location(u.province), into, c) for c in (coasts or (None,))]
            out += [Ally(power, other, allow) for other in variant.powers if other != power for allow in (True, False)]
        elif kind is PhaseKind.RETREAT:
            out += [Convert(power, d.unit.kind, d.unit.location, UnitType.GARRISON) for d in position.dislodged
                    if d.unit.power == power]
        elif kind is PhaseKind.ADJUSTMENT and self.options.get("money", True):
            out += [Maintain(power, u.kind, u.location) for u in position.units_of(power)]
        return out

    def order_help(self, variant: Variant, position: Position) -> list[str]:
        """The orders with amounts (rules §Expenditures, §Borrowing), written as free text."""
        if not self.options.get("money", True) or position.phase.kind is not PhaseKind.MOVEMENT:
            return []
        return ["Borrow 10 ducats for 1 year", "Pay 5 ducats to bank", "Pay 3 ducats to Venice",
                "Expense 1: 9 ducats buy G LUC", "Expense 2: 6 ducats pacify rebellion PIS",
                "Expense 3: 12 ducats assassinate Milan", "Give Milan to Venice (an assassination chit)"]

    def play_phase(self, variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult | None:
        """The phase's own steps (rules §Sequence of play and order resolution): the Winter
        income, a campaign's movement and its retreats, the Winter adjustment (the Basic game's
        without money)."""
        kind = position.phase.kind
        if kind is PhaseKind.INCOME:
            return play_income(variant, position)
        position = initialised(variant, position)
        if kind is PhaseKind.MOVEMENT:
            return play_campaign(variant, position, orders)
        if kind is PhaseKind.RETREAT:
            return play_retreat(variant, position, orders)
        if kind is PhaseKind.ADJUSTMENT:
            if not self.options.get("money", True):
                return play_basic_adjustment(variant, position, orders)
            return play_adjustment(variant, position, orders)
        return None

    def after_phase(self, variant: Variant, start: Position, next_position: Position) -> Position:
        return next_position

    def winner(self, position: Position, victory_centres: int) -> Power | None:
        return None  # victory with home countries: not implemented yet


RULES = MachiavelliRules
