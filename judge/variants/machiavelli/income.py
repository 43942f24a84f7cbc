"""Machiavelli's Winter income (seed 001; rules §Sequence of play for adjustment phases, income).

Seed 001 puts income "prior to spring movement"; the judge plays it as a phase of its own (no
orders), before the Winter adjustment, so that players know their money before they order their
builds.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.board import Terrain
from ...core.phases import PhaseResult, close_phase
from ...core.types import Position, Power, ProvinceId, UnitType
from ...core.variant import Variant
from ...dice import Dice
from .control import home_controller, initialised
from .geography import city_value, lagoon_rule
from .state import MachiavelliState, PowerIncome, dice, income_blocked, state_of, with_state

__all__ = ["income", "play_income", "income_note"]


def _dice(position: Position, dice_seed: Any, purpose: str = "income") -> Dice:
    """The phase's dice for ``purpose`` (see :func:`.state.dice`), under ``dice_seed`` if given."""
    if dice_seed is not None:
        position = position.evolve(extra={**position.extra, "dice_seed": dice_seed})
    return dice(position, purpose)


class _Tally:
    """One power's income being counted."""

    def __init__(self) -> None:
        self.provinces = self.cities = self.seas = self.variable = 0
        self.dice: dict[str, tuple[int, ...]] = {}

    def paid(self) -> PowerIncome:
        total = self.provinces + self.cities + self.seas + self.variable
        return PowerIncome(self.provinces, self.cities, self.seas, self.variable, dict(self.dice), total)


def income(variant: Variant, position: Position, dice_seed: Any = None) -> dict[Power, PowerIncome]:
    """Each power's income this phase (seed 001), with its parts and the dice rolled: the fixed
    income of its provinces, cities and seas (:func:`_fixed_income`), then the variable income
    (:func:`_variable_income`)."""
    st = state_of(position)
    out: dict[str, _Tally] = {p: _Tally() for p in variant.powers if not st.is_eliminated(p)}
    _fixed_income(variant, position, st, out)
    _variable_income(variant, position, st, out, _dice(position, dice_seed))
    return {Power(p): t.paid() for p, t in out.items()}


def _fixed_income(variant: Variant, position: Position, st: MachiavelliState, out: Mapping[str, _Tally]) -> None:
    """Seed 001: 1 ducat per controlled province (land, and the Lagoon under its house rule,
    seed 000); the city's value per controlled city not under siege ("a besieged city produces no
    income"); 1 per sea area with one of the power's fleets. Famine and rebellion: the area yields
    nothing, a garrisoned city still does (rules §Famine, §Effects of rebellions 7)."""
    board = variant.board
    table = variant.data.get("income") or {}
    no_province, no_city = income_blocked(position)
    sieges = st.sieges_now()
    for area, owner in (st.province_control or {}).items():
        if owner in out and area not in no_province:
            out[owner].provinces += int(table.get("province", 1))
    for city, owner in (st.city_control or {}).items():
        if owner in out and city not in sieges and city not in no_city:
            out[owner].cities += city_value(board, ProvinceId(city))
    lagoon = lagoon_rule(variant)
    for u in position.units:
        prov = board.provinces[u.province]
        if u.kind is UnitType.FLEET and prov.terrain is Terrain.SEA and u.power in out:
            if lagoon and "lagoon" in prov.flags:
                continue  # counted as a province
            out[u.power].seas += int(table.get("sea_with_fleet", 1))


def _variable_income(variant: Variant, position: Position, st: MachiavelliState, out: Mapping[str, _Tally],
                     rng: Dice) -> None:
    """Seed 001, rules §Income: the variable income of each home country a power holds (and of
    Genoa, with the city of Genoa), rolled on the table's ``rolls`` dice. "Variable income is not
    prevented by rebellions, sieges in progress, famines...": a besieged Genoa withholds its
    city's ducats (§Income c, :func:`_fixed_income`) but not its roll. With
    the ``dice`` option off every die reads 4 in an odd year and 3 in an even one (the phase's
    year, as njudge labels the Fall adjustment)."""
    data = variant.data
    use_dice = bool(variant.rules.options.get("dice", True))
    fixed = (data.get("income") or {}).get("no_dice_roll") or {"odd_years": 4, "even_years": 3}
    fixed_die = fixed["odd_years"] if position.phase.year % 2 else fixed["even_years"]

    def roll(table: Mapping[str, Any]) -> tuple[int, ...]:
        n = int(table.get("rolls", 1))
        return tuple(rng.d6() if use_dice else fixed_die for _ in range(n))

    var = data.get("variable_income") or {}
    for home, table in (var.get("home_countries") or {}).items():
        dice = roll(table)
        who = home_controller(st, home)
        if who is not None and who in out:
            out[who].dice[home] = dice
            out[who].variable += sum(table["ducats"][d - 1] for d in dice)
    for city, table in (var.get("cities") or {}).items():
        dice = roll(table)
        who = (st.city_control or {}).get(ProvinceId(city))
        if who is not None and who in out:
            out[who].dice[city] = dice
            out[who].variable += sum(table["ducats"][d - 1] for d in dice)


def play_income(variant: Variant, position: Position, dice_seed: Any = None) -> PhaseResult:
    """The Winter income phase: each power's income is added to its treasury, with a note of
    its parts (seed 001); the Basic game (option ``money`` off) has none."""
    position = initialised(variant, position)
    if not variant.rules.options.get("money", True):
        # The Basic game: no money (a game may open on this phase).
        return close_phase(variant, position, position.phase, position, (), [], ["The Basic game has no income."])
    paid = income(variant, position, dice_seed)
    st = state_of(position)
    treasury = dict(st.treasury or {})
    for p, rec in paid.items():
        treasury[p] = treasury.get(p, 0) + rec.total
    after = with_state(position, st.replace(treasury=treasury, income=paid))
    notes = [income_note(p, rec) for p, rec in paid.items()]
    return close_phase(variant, position, position.phase, after, (), [], notes)


def income_note(power: str, rec: PowerIncome) -> str:
    """A power's income as the phase's record keeps it, in the words it has always had (``...,
    7 variable income (dice {'Florence': [5, 3]}).``): ``judge verify`` compares the records of
    games played by older judges with their replay, so these words do not change. Players read
    :func:`.report.income_sentence` instead (:func:`.report.shown_notes`)."""
    dice = str({k: list(v) for k, v in rec.dice.items()})
    return (f"{power} receives {rec.total} ducats: {rec.provinces} for provinces, {rec.cities} for cities, "
            f"{rec.seas} for seas, {rec.variable} variable income (dice {dice}).")
