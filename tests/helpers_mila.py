"""A bridge to MILA's ``diplomacy`` package (AGPL), used as an installed tool to compare against.

Nothing here comes from its code: we only call its public ``Game`` methods (``set_units``,
``set_centers``, ``set_current_phase``, ``set_orders``, ``process``, ``get_units``,
``get_centers``, ``get_state``, ``get_phase_history``) and write its order strings
(``A PAR - BUR``, ``A LON - BEL VIA``, ``F NTH C A LON - BEL``, ``A PAR S A MAR - BUR``,
``F HOL R HEL``, ``A PAR D``, ``A PAR B``, ``WAIVE``). Its province names are our ids.
"""

from __future__ import annotations

from judge.core.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive,
)
from judge.core.types import Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType

try:  # pragma: no cover - depends on the environment
    from diplomacy import Game
except Exception:  # noqa: BLE001 - any failure to import means: not available
    Game = None  # type: ignore[assignment,misc]

_SEASON = {"Spring": "S", "Fall": "F", "Winter": "W"}
_SEASON_BACK = {v: k for k, v in _SEASON.items()}
_KIND = {PhaseKind.MOVEMENT: "M", PhaseKind.RETREAT: "R", PhaseKind.ADJUSTMENT: "A"}
_KIND_BACK = {v: k for k, v in _KIND.items()}


def available() -> bool:
    """Is the ``diplomacy`` package importable?"""
    return Game is not None


def mila_phase(phase: Phase) -> str:
    """``Phase(1901, 'Spring', MOVEMENT)`` -> ``'S1901M'``."""
    return f"{_SEASON[phase.season]}{phase.year}{_KIND[phase.kind]}"


def phase_from_mila(text: str) -> Phase:
    """``'W1905A'`` -> ``Phase(1905, 'Winter', ADJUSTMENT)``."""
    return Phase(int(text[1:5]), _SEASON_BACK[text[0]], _KIND_BACK[text[-1]])


def mila_power(power: str) -> str:
    return power.upper()


def our_power(name: str) -> Power:
    return Power(name.title())


def to_mila(order: Order) -> str:
    """Our order as MILA writes it."""
    if isinstance(order, Waive):
        return "WAIVE"
    unit = f"{order.kind.value} {order.location}"  # type: ignore[attr-defined]
    if isinstance(order, Hold):
        return f"{unit} H"
    if isinstance(order, Move):
        return f"{unit} - {order.destination}" + (" VIA" if order.via_convoy else "")
    if isinstance(order, SupportHold):
        return f"{unit} S {(order.target_kind or UnitType.ARMY).value} {order.target}"
    if isinstance(order, SupportMove):
        dest = f"{order.destination}/{order.coast}" if order.coast else order.destination
        return f"{unit} S {(order.target_kind or UnitType.ARMY).value} {order.target} - {dest}"
    if isinstance(order, Convoy):
        return f"{unit} C A {order.target} - {order.destination}"
    if isinstance(order, Retreat):
        return f"{unit} R {order.destination}"
    if isinstance(order, Disband):
        return f"{unit} D"
    if isinstance(order, Build):
        return f"{unit} B"
    raise TypeError(f"no MILA form for {order!r}")


def mila_to_our_text(text: str) -> str:
    """A MILA order string in the words our parser reads (only 'VIA' needs a second word)."""
    if text.endswith(" VIA"):
        return text[: -len(" VIA")] + " via convoy"
    return text


def parse_unit(text: str, power: Power) -> Unit:
    kind, loc = text.split()
    return Unit(power, UnitType(kind), Location.parse(loc))


def new_game():
    """A fresh MILA standard game."""
    return Game()


def set_position(game, position: Position) -> None:
    """Put ``position``'s units, centres and phase on a MILA game (movement and adjustment
    phases: a retreat phase needs what MILA computed itself)."""
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(mila_phase(position.phase))
    by_power: dict[str, list[str]] = {}
    for u in position.units:
        by_power.setdefault(mila_power(u.power), []).append(str(u))
    for p, lst in by_power.items():
        game.set_units(p, lst, reset=True)
    centres: dict[str, list[str]] = {}
    for c, owner in position.supply_centers.items():
        centres.setdefault(mila_power(owner), []).append(c)
    for p, lst in centres.items():
        game.set_centers(p, lst, reset=True)


def game_at(position: Position):
    """A MILA game set to ``position``."""
    game = new_game()
    set_position(game, position)
    return game


def set_orders(game, orders: list[Order]) -> dict[str, list[str]]:
    """Give ``orders`` to the game, per power; returns the strings given."""
    by_power: dict[str, list[str]] = {}
    for o in orders:
        by_power.setdefault(mila_power(o.power), []).append(to_mila(o))
    for p, lst in by_power.items():
        game.set_orders(p, lst)
    return by_power


def position_from_game(game, variant_name: str = "standard") -> Position:
    """The game's units (not the dislodged), centres and phase as our Position."""
    units = []
    for p, lst in game.get_units().items():
        for u in lst:
            if not u.startswith("*"):
                units.append(parse_unit(u, our_power(p)))
    centres: dict[ProvinceId, Power] = {}
    for p, lst in game.get_centers().items():
        for c in lst:
            centres[ProvinceId(c)] = our_power(p)
    return Position(variant_name, phase_from_mila(game.get_current_phase()), tuple(units), centres)


def units_of(game) -> tuple[set[str], set[str]]:
    """(units standing, dislodged units) as ``'France: A PAR'`` strings."""
    stand, dis = set(), set()
    for p, lst in game.get_units().items():
        for u in lst:
            if u.startswith("*"):
                dis.add(f"{our_power(p)}: {u[1:]}")
            else:
                stand.add(f"{our_power(p)}: {u}")
    return stand, dis


def last_results(game) -> dict[str, list[str]]:
    """The results of the phase just processed: unit -> list of result words ('dislodged', ...)."""
    ph = game.get_phase_history()[-1]
    return {unit: [str(r) for r in res] for unit, res in ph.results.items()}


def retreat_options(game) -> dict[str, set[str]]:
    """In a retreat phase: ``'Power: F HOL'`` -> the locations it may retreat to."""
    out = {}
    for p, mapping in game.get_state()["retreats"].items():
        for unit, locs in mapping.items():
            out[f"{our_power(p)}: {unit}"] = set(locs)
    return out
