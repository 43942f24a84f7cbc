"""A variant: a board, powers, a calendar and rule hooks with neutral defaults.

The resolver knows no map and no variant. Everything a variant changes goes through a public hook
of :class:`Rules`; a variant subclasses it and overrides only what differs, citing its seed
section in the hook's docstring. The hooks the standard game uses are documented with the
variants that will override them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from mypy_extensions import mypyc_attr

from .board import Board
from .types import Dislodged, Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType

if TYPE_CHECKING:  # pragma: no cover
    from .convoy import ConvoyGraph
    from .orders import Move, Order, UnitOrder
    from .phases import PhaseResult


@dataclass(frozen=True)
class Calendar:
    """The order of phases in a year: ``(season, kind)`` steps.

    A retreat step is played only when some unit was dislodged and may retreat; an adjustment
    step only when some power has a build or a removal to make (phases with nothing to decide are
    skipped). ``captures`` names the seasons after whose movement (and retreats) supply centres
    change owner. ``other_names`` are the other names a season may be written with.

    Raises:
        ValueError: an other name names no season of the calendar.
    """

    steps: tuple[tuple[str, PhaseKind], ...]
    captures: frozenset[str] = frozenset({"Fall"})
    other_names: Mapping[str, str] = field(default_factory=dict, hash=False)
    """Other names a season may be written with (read, never written), each with the season it
    names: Maharajah's ``{"Winter": "Monsoon"}`` (seed 004 §5, its Winter "may be called" the
    Monsoon). A season's own name wins over another season's other name."""
    _following: dict[tuple[str, PhaseKind], tuple[tuple[str, PhaseKind], bool]] = field(
        init=False, repr=False, compare=False, hash=False)
    """Each step's successor, and whether it opens the next year (worked out once)."""

    def __post_init__(self) -> None:
        n = len(self.steps)
        object.__setattr__(self, "_following", {step: (self.steps[(i + 1) % n], i + 1 == n) for i, step in enumerate(self.steps)})
        seasons = self.seasons()
        for name, season in self.other_names.items():
            if season not in seasons:
                raise ValueError(f"the other name {name!r} names {season!r}, not a season of this calendar ({', '.join(seasons)})")
        object.__setattr__(self, "other_names", MappingProxyType(dict(self.other_names)))

    def first_season(self) -> str:
        """The season that opens a year."""
        return self.steps[0][0]

    def next_step(self, phase: Phase) -> Phase:
        """The phase that follows ``phase``, skipping nothing."""
        try:
            (season, kind), new_year = self._following[(phase.season, phase.kind)]
        except KeyError:
            raise ValueError(f"{phase.season} {phase.kind.value} is not a step of this calendar") from None
        return Phase(phase.year + 1 if new_year else phase.year, season, kind)

    def seasons(self) -> list[str]:
        """Season names in calendar order, each once."""
        out: list[str] = []
        for season, _ in self.steps:
            if season not in out:
                out.append(season)
        return out

    def season_names(self) -> dict[str, str]:
        """Every name a season may be written with, in lower case, with the season it names: the
        seasons' own names, then their :attr:`other_names`.

        >>> Calendar((("Spring", PhaseKind.MOVEMENT), ("Monsoon", PhaseKind.ADJUSTMENT)),
        ...          other_names={"Winter": "Monsoon"}).season_names()
        {'spring': 'Spring', 'monsoon': 'Monsoon', 'winter': 'Monsoon'}
        """
        names = {s.lower(): s for s in self.seasons()}
        for name, season in self.other_names.items():
            names.setdefault(name.lower(), season)
        return names


STANDARD_CALENDAR = Calendar(
    steps=(
        ("Spring", PhaseKind.MOVEMENT),
        ("Spring", PhaseKind.RETREAT),
        ("Fall", PhaseKind.MOVEMENT),
        ("Fall", PhaseKind.RETREAT),
        ("Winter", PhaseKind.ADJUSTMENT),
    )
)
"""Spring and Fall movement with their retreats, and a Winter adjustment."""


@dataclass(frozen=True)
class PowerInfo:
    """A power of a variant: names, colour, home centres and starting units."""

    name: Power
    adjective: str
    colour: str
    homes: tuple[ProvinceId, ...]
    start_units: tuple[Unit, ...] = ()
    playable: bool = True
    """False for a pseudo-power no player plays (Europe 1615's minor states, autonomous garrisons)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Rules:
    """Rule hooks, with the standard game's behaviour as the neutral default.

    Every method is a seam a variant may override. The resolver calls these and nothing else
    that depends on a variant. ``options`` are the game's rule options (a variant's
    ``options:`` defaults overridden by the game's settings).
    """

    uses_dice: ClassVar[bool] = False
    """Does the variant roll dice? Then the game layer gives each phase's position a seed
    (``extra['dice_seed']``) that nobody can know before the deadline (see ``judge.dice``)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})
        self._convoy_graphs: dict[int, Any] = {}

    # -- convoys ------------------------------------------------------------------------------

    def can_carry_convoy(self, board: Board, province: ProvinceId) -> bool:
        """May a fleet standing here convoy? Standard: at sea (and provinces flagged ``convoy``)."""
        return board.provinces[province].can_convoy

    def convoy_endpoint(self, board: Board, province: ProvinceId) -> bool:
        """May an army be convoyed from or to here? Standard: a coastal province."""
        prov = board.provinces[province]
        return prov.terrain.value == "coast"

    def convoy_link(self, board: Board, a: ProvinceId, b: ProvinceId, *, endpoint: bool) -> bool:
        """Does a convoy pass from ``a`` to the adjacent carrier ``b``? ``endpoint`` is true when
        ``a`` is the army's origin or destination, false between two convoying fleets.
        Standard: any adjacency."""
        return True

    def convoy_graph(self, board: Board) -> "ConvoyGraph":
        """The convoy links of ``board`` under these rules (computed once)."""
        graph = self._convoy_graphs.get(id(board))
        if graph is None:
            from .convoy import ConvoyGraph

            graph = self._convoy_graphs[id(board)] = ConvoyGraph(board, self)
        return graph

    def attack_disrupts_convoy(self, position: Position, attack: "Move", convoy: "UnitOrder", attacker_attacked: bool) -> bool:
        """Does an attack on a convoying fleet disrupt its convoy even when it fails?
        Standard: no, only dislodgement does (Maharajah's river fleets differ)."""
        return False

    def parse_order(self, text: str, power: Power, variant: "Variant", position: Position) -> "Order | None":
        """Read an order of the variant's own kinds (besiege, convert, pay, influence...), or
        ``None`` to let the standard reader take it. Raise an OrderError for a line that is
        clearly of the variant's kind but wrong. Standard: ``None``."""
        return None

    def check_options(self, variant: "Variant") -> None:
        """Check the values of the game's rule options (``self.options``) once the variant is made
        with them; MapError for a bad one. Standard: nothing to check."""
        return None

    def missing_orders_note(self, variant: "Variant", position: Position, power: Power) -> str | None:
        """What befalls a power that sent no orders in the phase of ``position``, for the results'
        notes (Machiavelli's upkeep in the Winter); None lets the judge say it. Standard: None."""
        return None

    def order_candidates(self, variant: "Variant", position: Position, power: Power) -> "list[Order]":
        """The variant's own orders with finite choices that ``power`` might give in the phase of
        ``position`` (Machiavelli's sieges and conversions, Europe 1615's declarations): the
        orders the menus offer beside the standard ones, once the phase follows them
        (:func:`judge.options.phase_options`). Standard: none."""
        return []

    def order_help(self, variant: "Variant", position: Position) -> list[str]:
        """How to write the variant's orders that no menu lists (those with amounts: money,
        loans, INFs), one example a line, for the phase of ``position``. Standard: none."""
        return []

    def play_phase(self, variant: "Variant", position: Position, orders: Sequence["Order"]) -> "PhaseResult | None":
        """Play a whole phase the variant's own way, or ``None`` to let the core play it.

        A variant wraps rather than forks: Machiavelli plays its income phase here and hands its
        movement to the core after turning sieges and conversions into the core's terms.
        Standard: ``None`` for every phase.
        """
        return None

    def phase_needed(self, variant: "Variant", position: Position) -> bool | None:
        """Has the phase ``position`` is at something to decide? ``None`` lets the core judge
        (retreats when someone may retreat, adjustments when a build or removal is due)."""
        return None

    def must_order(self, variant: "Variant", position: Position) -> "list[Power] | None":
        """The powers with something to decide in the phase ``position`` is at, or ``None`` to
        let the game store judge (units to move, dislodged units, builds or removals due).
        Europe 1615 asks every power still in the game: INFs, declarations and purchases are
        decisions without units."""
        return None

    def retreat_options(self, variant: "Variant", position: Position, d: Dislodged) -> list[Location]:
        """Where a dislodged unit may retreat, as the players are told and the retreat phase
        allows: next to it, vacant, neither where the attack came from nor a standoff (the
        standard rules). Europe 1615 leaves out what the unit may not enter; Machiavelli, Venice
        where its rules bar it."""
        from .legality import retreat_options

        return retreat_options(variant.board, position, d.unit, d.attacker_from)

    def after_phase(self, variant: "Variant", start: Position, next_position: Position) -> Position:
        """A variant's own bookkeeping between phases (extra home centres, treasuries...).
        Standard: nothing."""
        return next_position

    def are_friends(self, position: Position, a: Power, b: Power) -> bool:
        """May ``a`` not dislodge ``b``, nor cut its support, nor count its support against it?

        Standard: only a power and itself. Europe 1615 widens it to allies and aligned minor
        states.
        """
        return a == b

    def may_enter(self, position: Position, order: "Move") -> bool:
        """May this move enter its destination if it wins? A move that may not still counts for a
        standoff (Europe 1615: a move into a foreign domain without a declaration of war)."""
        return True

    def strength_bonus(self, position: Position, order: "UnitOrder", role: str) -> int:
        """Extra strength of a unit, by ``role``: ``'attack'``, ``'hold'``, ``'defend'`` or
        ``'prevent'``. Standard: none (elite units or garrisons would add here)."""
        return 0

    def support_strength(self, position: Position, support: "UnitOrder") -> int:
        """What a support given adds to the supported unit's strength. Standard: 1
        (Machiavelli's elite units give 2)."""
        return 1

    def can_build_at(self, position: Position, homes: Sequence[ProvinceId], power: Power, province: ProvinceId) -> str | None:
        """Why ``power`` may not build in ``province`` this adjustment, or ``None`` if it may.

        Standard: an owned home centre (Maharajah's simplified option: any owned centre).
        Vacancy and the number of builds are checked by the adjustment phase itself.
        """
        if province not in homes:
            return "not a home centre"
        if position.supply_centers.get(province) != power:
            return "not owned"
        return None

    def winner(self, position: Position, victory_centres: int) -> Power | None:
        """The power that has won, if any: standard, the first with ``victory_centres`` centres
        (after the Fall's captures)."""
        counts: dict[Power, int] = {}
        for owner in position.supply_centers.values():
            counts[owner] = counts.get(owner, 0) + 1
        best = [p for p, n in counts.items() if n >= victory_centres]
        if len(best) == 1:
            return best[0]
        return None

    def captures_now(self, calendar: Calendar, phase: Phase) -> bool:
        """Do supply centres change owner at the end of this movement or retreat phase?"""
        return phase.season in calendar.captures

    def unit_kinds(self) -> tuple[UnitType, ...]:
        """The kinds of unit in play (Machiavelli adds garrisons)."""
        return (UnitType.ARMY, UnitType.FLEET)

    def shown_kind(self, position: Position, kind: UnitType, province: ProvinceId) -> UnitType:
        """The kind to name a unit by that was ordered (or held by the judge) as a unit of
        ``kind`` in ``province``, in the phase of ``position``, wherever players read it (the
        results, the narrative, the answer to an order file): the variant's rules may play a unit
        as another kind than it is (Machiavelli holds its garrison of Venice as ``F VEN H``).
        Standard: ``kind``."""
        return kind


@dataclass(frozen=True)
class Variant:
    """A variant: name, board, powers, calendar, start, rule hooks and the rest of its data."""

    name: str
    title: str
    board: Board
    powers: Mapping[Power, PowerInfo]
    start: Position
    calendar: Calendar = STANDARD_CALENDAR
    victory_centres: int = 18
    rules: Rules = field(default_factory=Rules)
    aliases: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    """The descriptor's own tables and options, as loaded."""

    def players(self) -> list[Power]:
        """The powers players play, in the descriptor's order."""
        return [p for p, info in self.powers.items() if info.playable]

    def homes(self, power: Power) -> tuple[ProvinceId, ...]:
        """Home centres of ``power`` (empty for a name that is not a power)."""
        info = self.powers.get(power)
        return info.homes if info else ()

