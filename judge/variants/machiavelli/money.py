"""Machiavelli's money and its misfortunes: the bank, gifts, expenses and bribes, rebellions and
assassinations (famine, plague and storms, after a campaign, are :mod:`.aftermath`'s).

Section references are to njudge's ``rules.machiavelli`` (v3.1b), as in
``variants/machiavelli/variant.yaml``, whose ``loans``, ``expenses``, ``famine``, ``plague``,
``storms`` and ``disaster_severity`` are the tables used here. Every die comes from
:func:`~.state.dice` (the phase's verifiable seed, see :mod:`judge.dice`). The money's part of the
state (loans, defaults, chits, rebellions, famine) is described in :mod:`.state`.

Order of play in a movement phase (rules §Sequence of play and order resolution 1.1): banking
(pay the bank, pay other powers, borrow, the bank collects what is due), expenses but
assassinations, assassinations, the bankers' assassinations, then the moves. What follows each
campaign (1.2-1.3) is :mod:`.aftermath`.

Imports :mod:`.state`, :mod:`.geography`, :mod:`.orders` and :mod:`.special`; the phases and
:mod:`.aftermath` import it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Collection, Iterable, Mapping, Sequence

from ...core.orders import Hold, Order, UnitOrder
from ...core.resolution import Outcome, Resolution
from ...core.types import Location, Phase, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from . import special
from .geography import city_value, garrisonable, is_land, venice_as_written
from .orders import (
    BANK, BRIBES, EXPENSE_KINDS, MONEY_ORDERS, Borrow, Expense, GiveChit, Pay, parse_money_order,
)
from .state import (
    AUTONOMOUS, Loan, MachiavelliState, Rebellion, Siege, build_blocked, dice, income_blocked, state_of, with_money,
    with_state,
)

__all__ = [
    "Borrow", "Pay", "GiveChit", "Expense", "EXPENSE_KINDS", "parse_money_order", "play_money",
    "assassinated_orders", "dice", "income_blocked", "build_blocked", "MoneyOutcome",
]


def _due_label(phase: Phase, years: int) -> str:
    return f"{phase.season} {phase.year + years}"


def _opt(variant: Variant, name: str, default: bool = True) -> bool:
    return bool(variant.rules.options.get(name, default))


# -- a movement phase's money steps ------------------------------------------------------------


@dataclass
class MoneyOutcome:
    """What a campaign's money steps leave for its moves: the position (treasuries, bribed
    units, rebellions...), the money orders' answers by their index among the phase's orders,
    the powers whose ruler was assassinated, notes, and the units lost."""

    position: Position
    resolutions: dict[int, Resolution]
    assassinated: set[str]
    notes: list[str]
    lost: list[Unit]


@dataclass
class _Book:
    """The money steps at work: the position as the phase began (``st`` its state), the parts
    of the state being changed (treasuries, loans, defaults, chits, rebellions, famine, the
    autonomous garrisons), the answers given, the notes, the units lost."""

    variant: Variant
    position: Position
    st: MachiavelliState
    res: dict[int, Resolution] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    lost: list[Unit] = field(default_factory=list)

    def __post_init__(self) -> None:
        st = self.st
        self.treasury: dict[str, int] = {str(p): n for p, n in (st.treasury or {}).items()}
        self.loans: dict[str, list[Loan]] = {p: list(ls) for p, ls in (st.loans or {}).items() if ls}
        self.bankrupt: list[str] = sorted(st.bankrupt or ())
        self.chits: dict[str, list[str]] = {str(p): list(vs) for p, vs in st.chits_held(self.variant).items()}
        self.rebellions: dict[str, Rebellion] = {str(a): r for a, r in (st.rebellions or {}).items()}
        self.famine: list[str] = sorted(st.famine or ())
        self.autonomous: tuple[str, ...] = tuple(sorted(st.autonomous or ()))

    def answer(self, idx: int, o: Order, outcome: Outcome, reason: str, tags: tuple = ()) -> None:
        self.res[idx] = Resolution(o.power, o, outcome, reason, tags, text=str(o))

    def owed(self, power: str) -> int:
        return sum(l.owed for l in self.loans.get(power, []))

    def money_state(self, st: MachiavelliState) -> MachiavelliState:
        """``st`` with the money's part as changed here."""
        return st.replace(
            loans={Power(p): tuple(ls) for p, ls in self.loans.items()}, bankrupt=tuple(Power(p) for p in self.bankrupt),
            chits={Power(p): tuple(Power(v) for v in vs) for p, vs in self.chits.items()},
            rebellions={ProvinceId(a): r for a, r in self.rebellions.items()}, famine=tuple(ProvinceId(a) for a in self.famine))


def play_money(variant: Variant, position: Position, orders: Sequence[Order]) -> MoneyOutcome:
    """Banking, expenses and assassinations, before the moves (rules §Sequence of play and order
    resolution 1.1 a-d). ``orders`` are the phase's orders; the money orders among them are
    answered in ``resolutions`` (by index)."""
    book = _Book(variant, position, state_of(position))
    money_orders = [(i, o) for i, o in enumerate(orders) if isinstance(o, MONEY_ORDERS)]
    if not _opt(variant, "money"):
        for i, o in money_orders:
            book.answer(i, o, Outcome.ILLEGAL, "the Basic game has no money")
        return MoneyOutcome(position, book.res, set(), book.notes, book.lost)
    live = _latest_orders(book, orders, money_orders)
    _pay_the_bank(book, live)
    _give_money(book, live)
    _borrow(book, live)
    bank_victims = _collect_loans(book)
    _give_chits(book, live)
    bribes, counters, attempts = _pay_expenses(book, live, bank_victims)
    _settle_bribes(book, bribes, counters)
    victims = _assassinate(book, attempts)
    all_victims = victims | bank_victims
    book.position = with_money(book.position, book.money_state(state_of(book.position)), variant)
    if all_victims:
        book.position, more = _assassination_effects(variant, book.position, all_victims, book.lost)
        book.notes += more
    return MoneyOutcome(book.position, book.res, all_victims, book.notes, book.lost)


def _latest_orders(book: _Book, orders: Sequence[Order], money_orders: Sequence[tuple[int, Order]]) -> list[tuple[int, Order]]:
    """rules §Expenditures: a later order of the same kind replaces an earlier one (a new
    expense N replaces expense N); the replaced are answered so."""
    latest: dict[tuple, int] = {}
    for i, o in money_orders:
        slot = (o.power, type(o).__name__, getattr(o, "number", None), getattr(o, "to", None), getattr(o, "years", None),
                getattr(o, "victim", None))
        if slot in latest:
            j = latest[slot]
            book.answer(j, orders[j], Outcome.ILLEGAL, "replaced by a later order")
        latest[slot] = i
    money_at = dict(money_orders)
    return [(i, money_at[i]) for i in sorted(latest.values())]


def _pay_the_bank(book: _Book, live: list[tuple[int, Order]]) -> None:
    """rules §Sequence of play for movement phases 3 a): pay to the bank: the earliest-due loan,
    interest first, then principal, then the next."""
    treasury, loans = book.treasury, book.loans
    for i, o in live:
        if not (isinstance(o, Pay) and o.to == BANK):
            continue
        if o.amount <= 0:
            book.answer(i, o, Outcome.SUCCESS, "nothing paid")
            continue
        amount = min(o.amount, treasury.get(o.power, 0), book.owed(o.power))
        left = amount
        paid_off: list[Loan] = []
        for loan in loans.get(o.power, []):
            interest = min(left, loan.interest)
            principal = min(left - interest, loan.principal)
            left -= interest + principal
            paid_off.append(Loan(loan.principal - principal, loan.interest - interest, loan.due))
        loans[o.power] = [l for l in paid_off if l.owed > 0]
        treasury[o.power] = treasury.get(o.power, 0) - amount
        book.answer(i, o, Outcome.SUCCESS if amount == o.amount else Outcome.FAILURE,
                    f"paid {amount} ducats to the bank" + ("" if amount == o.amount else f" (of {o.amount}: all that was owed or held)"))


def _give_money(book: _Book, live: list[tuple[int, Order]]) -> None:
    """rules §Sequence of play for movement phases 3 b): pay to other powers, only when not in
    debt to the bank."""
    treasury = book.treasury
    for i, o in live:
        if not (isinstance(o, Pay) and o.to != BANK):
            continue
        if o.amount <= 0:
            book.answer(i, o, Outcome.SUCCESS, "nothing given")
        elif book.owed(o.power):
            book.answer(i, o, Outcome.FAILURE, "a power in debt to the bank may not give money to another power")
        elif o.to == o.power or o.to not in book.variant.powers:
            book.answer(i, o, Outcome.ILLEGAL, f"cannot give money to {o.to}")
        elif treasury.get(o.power, 0) < o.amount:
            book.answer(i, o, Outcome.FAILURE, f"only {treasury.get(o.power, 0)} ducats in the treasury")
        else:
            treasury[o.power] -= o.amount
            treasury[o.to] = treasury.get(o.to, 0) + o.amount
            book.answer(i, o, Outcome.SUCCESS, f"gave {o.amount} ducats to {o.to}")


def _borrow(book: _Book, live: list[tuple[int, Order]]) -> None:
    """rules §Sequence of play for movement phases 3 c): borrow; the principal owed may not
    exceed the limit (25 ducats); "borrow 0" takes nothing."""
    variant, loans, treasury = book.variant, book.loans, book.treasury
    loans_cfg = variant.data.get("loans") or {}
    limit = int(loans_cfg.get("limit", 25))
    terms = {int(t["years"]): int(t["interest_percent"]) for t in loans_cfg.get("terms", [])}
    phase = book.position.phase
    for i, o in live:
        if not isinstance(o, Borrow):
            continue
        if not _opt(variant, "loans") or not _opt(variant, "dice"):
            book.answer(i, o, Outcome.ILLEGAL, "this game has no bank loans")
        elif o.years not in terms:
            book.answer(i, o, Outcome.ILLEGAL, f"loans are for {' or '.join(map(str, sorted(terms)))} years")
        elif o.power in book.bankrupt:
            book.answer(i, o, Outcome.FAILURE, "the bankers lend nothing to a power that defaulted")
        elif o.amount == 0:
            book.answer(i, o, Outcome.SUCCESS, "no loan taken")
        elif sum(l.principal for l in loans.get(o.power, [])) + o.amount > limit:
            book.answer(i, o, Outcome.FAILURE, f"the bank lends at most {limit} ducats in all")
        else:
            interest = math.ceil(o.amount * terms[o.years] / 100)
            loans.setdefault(o.power, []).append(Loan(o.amount, interest, _due_label(phase, o.years)))
            loans[o.power].sort(key=lambda l: _due_key(l.due, variant))
            treasury[o.power] = treasury.get(o.power, 0) + o.amount
            book.answer(i, o, Outcome.SUCCESS, f"borrowed {o.amount} ducats, {o.amount + interest} due in {_due_label(phase, o.years)}")


def _collect_loans(book: _Book) -> set[str]:
    """rules §Sequence of play for movement phases 3 d): the bank collects what is due now; a
    power that cannot pay is assassinated by the bankers, loses its treasury and may never
    borrow again. The bankers' victims are returned."""
    loans, treasury = book.loans, book.treasury
    phase = book.position.phase
    now = f"{phase.season} {phase.year}"
    bank_victims: set[str] = set()
    for power in sorted(loans):
        due = [l for l in loans[power] if l.due == now]
        if not due:
            continue
        total = sum(l.owed for l in due)
        if treasury.get(power, 0) >= total:
            treasury[power] -= total
            book.notes.append(f"{power} repays {total} ducats due to the bank.")
        else:
            book.notes.append(f"{power} cannot repay the {total} ducats due to the bank: the bankers have its ruler assassinated "
                              f"and take its {treasury.get(power, 0)} ducats.")
            treasury[power] = 0
            bank_victims.add(power)
            if power not in book.bankrupt:
                book.bankrupt.append(power)
        loans[power] = [l for l in loans[power] if l.due != now]
    book.loans = {p: ls for p, ls in loans.items() if ls}
    return bank_victims


def _give_chits(book: _Book, live: list[tuple[int, Order]]) -> None:
    """rules §Assassinations: a power may give its chit for a ruler to another power; chits
    change hands at once."""
    chits = book.chits
    for i, o in live:
        if not isinstance(o, GiveChit):
            continue
        held = chits.get(o.power, [])
        if o.victim not in held:
            book.answer(i, o, Outcome.ILLEGAL, f"{o.power} holds no assassination chit for {o.victim}")
        elif o.to == o.power or o.to not in book.variant.powers:
            book.answer(i, o, Outcome.ILLEGAL, f"cannot give a chit to {o.to}")
        else:
            held.remove(o.victim)
            chits.setdefault(o.to, [])
            if o.victim not in chits[o.to]:
                chits[o.to] = sorted(chits[o.to] + [o.victim])
            book.answer(i, o, Outcome.SUCCESS, f"{o.victim}'s assassination chit given to {o.to}")


_Offer = tuple[int, Expense, int]
"""An expense at work: its index, the order, the ducats paid."""


def _pay_expenses(book: _Book, live: list[tuple[int, Order]], bank_victims: set[str]
                  ) -> tuple[dict[tuple, list[_Offer]], dict[tuple, int], list[_Offer]]:
    """rules §Sequence of play for movement phases 4: expenses, each power's in its numbers'
    order, money spent even when an expense fails (and wasted by a power the bankers
    assassinated). Famine relief, pacification and rebellions are carried out now; the bribes
    (by unit), counter-bribes (by unit) and assassination attempts are returned for the next
    steps."""
    variant, position, treasury = book.variant, book.position, book.treasury
    use_money = _opt(variant, "money") and _opt(variant, "expenses")
    exp = sorted(((o.power, o.number, i, o) for i, o in live if isinstance(o, Expense)))
    bribes: dict[tuple, list[_Offer]] = {}
    counters: dict[tuple, int] = {}
    attempts: list[_Offer] = []
    for power, _, i, o in exp:
        if o.kind == "none":
            book.answer(i, o, Outcome.SUCCESS, "no expense")
            continue
        if not use_money:
            book.answer(i, o, Outcome.ILLEGAL, "this game has no expenses")
            continue
        if power in bank_victims:
            book.answer(i, o, Outcome.FAILURE, "wasted: the bankers assassinated the ruler")
            continue
        paid = min(o.amount, treasury.get(power, 0))
        treasury[power] = treasury.get(power, 0) - paid
        why = _expense_problem(book, o)
        if why is not None:
            book.answer(i, o, Outcome.ILLEGAL, f"{why}; {paid} ducats spent for nothing")
        elif o.kind == "assassinate":
            attempts.append((i, o, paid))
        elif o.kind == "counter_bribe":
            key = _unit_key(position, book.autonomous, o)
            counters[key] = counters.get(key, 0) + paid
            book.answer(i, o, Outcome.SUCCESS, f"counter-bribe of {paid} ducats placed")
        elif o.kind in BRIBES:
            bribes.setdefault(_unit_key(position, book.autonomous, o), []).append((i, o, paid))
        else:
            _simple_expense(book, i, o, paid)
    return bribes, counters, attempts


def _simple_expense(book: _Book, i: int, o: Expense, paid: int) -> None:
    """rules §List of allowed expenditures a), b), j), k): famine relief, pacifying a rebellion
    and causing one, each at its price."""
    cost = _fixed_cost(book, o)
    if paid < cost:
        book.answer(i, o, Outcome.FAILURE, f"{paid} ducats are not enough ({cost} needed)")
        return
    _apply_simple(book, o)
    book.answer(i, o, Outcome.SUCCESS, _done_text(book.variant, o))


def _settle_bribes(book: _Book, bribes: dict[tuple, list[_Offer]], counters: dict[tuple, int]) -> None:
    """rules §List of allowed expenditures c) 1, 4: of several bribes on one unit only the
    largest may succeed (a tie: none); counter-bribes are deducted from it; it must still cover
    the ordered bribe's cost (d-i, observe 4). A bought special unit stays special, for its
    buyer (rules §Special units); one turned autonomous stays special (rules §Autonomous
    garrisons 3, :func:`_special_moves`); a disbanded one is gone."""
    variant, position = book.variant, book.position
    units = list(position.units)
    autonomous = list(book.autonomous)
    bought: dict[tuple[str, str], tuple[str, str]] = {}
    for key in sorted(bribes):
        offers = bribes[key]
        top = max(p for _, _, p in offers)
        winners = [x for x in offers if x[2] == top]
        for i, o, paid in offers:
            if len(winners) > 1 or paid < top:
                book.answer(i, o, Outcome.FAILURE, "a larger or equal bribe was offered for the same unit: wasted", ())
        if len(winners) != 1:
            continue
        i, o, paid = winners[0]
        cost = _bribe_cost(variant, position, book.autonomous, o)
        net = paid - counters.get(key, 0)
        if net < cost:
            book.answer(i, o, Outcome.FAILURE, f"{paid} ducats, less {counters.get(key, 0)} of counter-bribes, do not cover the {cost} needed")
            continue
        units, autonomous, text = _apply_bribe(book, o, units, autonomous)
        bought.update(_special_moves(position, book.autonomous, o))
        book.answer(i, o, Outcome.SUCCESS, text)
        book.notes.append(f"{o.power}: {text}.")
    st = book.st.replace(treasury=book.treasury, autonomous=tuple(sorted(autonomous)))
    after = with_state(position.evolve(units=tuple(units)), st)
    book.position = special.carry(position, after, [], bought)


def _special_moves(position: Position, autonomous: Collection[str], o: Expense) -> dict[tuple[str, str], tuple[str, str]]:
    """Where a special unit's entry goes after a bribe that succeeded: a bought unit's to its
    buyer (rules §Special units); rules §Autonomous garrisons: "special units retain their
    'specialness' if you bribe them to turn autonomous", so a garrison turned autonomous keeps
    its entry, under ``Autonomous``, and an autonomous garrison bought gives it to its buyer.
    Entries of units that are not special are moved for nothing (:func:`.special.carry`)."""
    target = _target_unit(position, autonomous, o)
    garrison = f"G {o.target}"
    if target == "autonomous":
        return {(AUTONOMOUS, garrison): (o.power, garrison)} if o.kind == "buy" else {}
    if not isinstance(target, Unit):
        return {}
    if o.kind == "buy":
        return {(target.power, str(target)): (o.power, str(target))}
    if o.kind == "to_autonomous":
        return {(target.power, str(target)): (AUTONOMOUS, garrison)}
    return {}


def _assassinate(book: _Book, attempts: list[_Offer]) -> set[str]:
    """rules §Assassinations: one d6 per attempt; it succeeds on a roll at or below the ducats
    paid / 12 (at most 36 count); the chit is spent either way. The victims are returned."""
    roll = dice(book.position, "assassination")
    most = int((book.variant.data.get("expenses") or {}).get("assassination", {}).get("max", 36))
    victims: set[str] = set()
    for i, o, paid in attempts:
        held = book.chits.get(o.power, [])
        if o.target in held:
            held.remove(o.target)
        chances = min(paid, most) // 12
        die = roll.d6()
        if die <= chances:
            victims.add(o.target)
            book.answer(i, o, Outcome.SUCCESS, f"the ruler of {o.target} is assassinated (die {die}, needed {chances} or less)")
        else:
            book.answer(i, o, Outcome.FAILURE, f"the attempt on {o.target} fails (die {die}, needed {chances} or less)")
    for victim in sorted(victims):
        book.notes.append(f"The ruler of {victim} is assassinated.")
    return victims


def _due_key(label: str, variant: Variant) -> tuple[int, int]:
    season, year = label.rsplit(" ", 1)
    seasons = list(dict.fromkeys(s for s, _ in variant.calendar.steps))
    return int(year), seasons.index(season) if season in seasons else 0


def _unit_key(position: Position, autonomous: Collection[str], o: Expense) -> tuple[str, str]:
    """The unit a bribe or counter-bribe names: its area, and garrison or field unit."""
    here = position.units_at(ProvinceId(o.target))
    if o.target_kind is UnitType.GARRISON:
        return o.target, "G"
    field = [u for u in here if u.kind is not UnitType.GARRISON]
    if o.target_kind is None and not field:
        return o.target, "G"  # only a garrison (or an autonomous one) there
    if o.target_kind is None:
        garrison = next((u.power for u in here if u.kind is UnitType.GARRISON), None)
        if garrison is None and o.target in autonomous:
            garrison = AUTONOMOUS
        if garrison is not None:
            # Two units in the area, the type left out: the order has one meaning when only
            # one of them fits (seed 003 §4; njudge picks so too, rules §Expenditure f): a
            # garrison turns autonomous; a bribe is on the unit the briber does not own, a
            # counter-bribe on the one it owns.
            if o.kind == "to_autonomous":
                return o.target, "G"
            mine_field, mine_garrison = field[0].power == o.power, garrison == o.power
            if mine_field != mine_garrison:
                own_wanted = o.kind == "counter_bribe"
                return o.target, "F" if mine_field == own_wanted else "G"
    return o.target, "F"


def _target_unit(position: Position, autonomous: Collection[str], o: Expense) -> Unit | str | None:
    """The unit named, ``"autonomous"`` for an autonomous garrison, or None."""
    area, which = _unit_key(position, autonomous, o)
    for u in position.units_at(ProvinceId(area)):
        if (u.kind is UnitType.GARRISON) == (which == "G"):
            return u
    if which == "G" and area in autonomous:
        return "autonomous"
    return None


def _adjacent(variant: Variant, position: Position, power: str, area: str) -> bool:
    """rules §Variant specific judge commands, adjacency: the power has a unit in ``area`` or in
    an area next to it (the Lagoon counts as next to Venice)."""
    board = variant.board
    near = set(board.neighbours.get(ProvinceId(area), ())) | {ProvinceId(area)}
    if area == "VEN" or area == "LAG":
        near |= {ProvinceId("VEN"), ProvinceId("LAG")}
    return any(u.power == power and u.province in near for u in position.units)


def _expense_problem(book: _Book, o: Expense) -> str | None:
    """Why the expense cannot be carried out at all (its money is spent anyway), or None (rules
    §List of allowed expenditures and bribes)."""
    variant, position = book.variant, book.position
    if o.kind == "assassinate":
        return _assassination_problem(variant, book.chits, o)
    board = variant.board
    area = o.target
    if ProvinceId(area) not in board.provinces:
        return f"no area {area}"
    # rules §Variant specific judge commands, adjacency: every expense but an assassination needs
    # a unit in or next to its area, a counter-bribe too ("You can always counter-bribe your own
    # unit as it will suffice as its own adjacent unit").
    if _opt(variant, "bribe_adjacency") and not _adjacent(variant, position, o.power, area):
        return f"{o.power} has no unit in or next to {board.provinces[ProvinceId(area)].name}"
    if o.kind == "famine_relief":
        return None if area in book.famine else f"there is no famine in {board.provinces[ProvinceId(area)].name}"
    if o.kind == "pacify":
        return None if area in book.rebellions else f"there is no rebellion in {board.provinces[ProvinceId(area)].name}"
    if o.kind == "rebellion":
        return _rebellion_problem(book, o)
    return _bribe_problem(variant, position, book.autonomous, o)


def _assassination_problem(variant: Variant, chits: Mapping[str, list[str]], o: Expense) -> str | None:
    """rules §Assassinations: with a chit for the victim, 12, 24 or 36 ducats, in a game with
    assassinations and dice."""
    if not _opt(variant, "assassinations") or not _opt(variant, "dice"):
        return "this game has no assassinations"
    if o.target == o.power:
        return "a ruler does not assassinate himself"
    if o.target not in chits.get(o.power, []):
        return f"{o.power} holds no assassination chit for {o.target}"
    step = int(((variant.data.get("expenses") or {}).get("assassination") or {}).get("step", 12))
    if o.amount < step or o.amount % step:
        return "an assassination costs 12, 24 or 36 ducats"
    return None


def _rebellion_problem(book: _Book, o: Expense) -> str | None:
    """rules §List of allowed expenditures j), k): a rebellion in a land province another power
    controls, not in rebellion already."""
    area = o.target
    owner = (book.st.province_control or {}).get(ProvinceId(area))
    if owner is None or owner == AUTONOMOUS:
        return "a rebellion is raised only in a province another power controls"
    if owner == o.power:
        return "a rebellion is raised against another power"
    if area in book.rebellions:
        return "that province is in rebellion already"
    if not is_land(book.variant.board, ProvinceId(area)):
        return "a rebellion is raised in a land province"
    if _venice_held(book.variant, book.position, area):
        return "no rebellion may be placed in Venice while a unit is there (rules §Special mapboard features 5 g)"
    return None


def _venice_held(variant: Variant, position: Position, area: str) -> bool:
    """rules §Special mapboard features 5 g (Venice as written, the Lagoon house rule off): "No
    rebellion may be placed in Venice if there is a unit in Venice (regardless whether the unit
    is an army, fleet or garrison)"."""
    return venice_as_written(variant, area) and (
        bool(position.units_at(ProvinceId(area))) or area in (state_of(position).autonomous or ()))


def _bribe_problem(variant: Variant, position: Position, autonomous: Collection[str], o: Expense) -> str | None:
    """rules §List of allowed expenditures c)-i): a bribe or counter-bribe names a unit there; a
    power buys no unit of its own; only a garrison turns autonomous; a bribe is its least cost
    or more in steps of 3, a counter-bribe a multiple of 3."""
    board = variant.board
    cfg = variant.data.get("expenses") or {}
    target = _target_unit(position, autonomous, o)
    if target is None:
        return f"no such unit in {board.provinces[ProvinceId(o.target)].name}"
    step = int((cfg.get("bribes") or {}).get("step", 3))
    if o.kind in BRIBES:
        if target == "autonomous":
            if o.kind == "to_autonomous":
                return "the garrison is autonomous already"
        else:
            assert isinstance(target, Unit)
            if o.kind == "buy" and target.power == o.power:
                return "a power cannot buy its own unit"
            if o.kind == "to_autonomous" and target.kind is not UnitType.GARRISON:
                return "only a garrison turns autonomous"
        minimum = _bribe_cost(variant, position, autonomous, o)
        if o.amount < minimum or (o.amount - minimum) % step:
            return f"this bribe costs {minimum} ducats, or more in steps of {step}"
    if o.kind == "counter_bribe":
        c = cfg.get("counter_bribe") or {}
        if o.amount < int(c.get("min", 3)) or o.amount % int(c.get("step", 3)):
            return "a counter-bribe is 3 ducats or a multiple of 3"
    return None


def _fixed_cost(book: _Book, o: Expense) -> int:
    """rules §List of allowed expenditures a), b), j), k): famine relief 3, pacifying 12, a
    rebellion 15 in a home province of the power it is against, 9 elsewhere."""
    variant = book.variant
    cfg = variant.data.get("expenses") or {}
    if o.kind == "famine_relief":
        return int(cfg.get("famine_relief", 3))
    if o.kind == "pacify":
        return int(cfg.get("pacify_rebellion", 12))
    if o.kind == "rebellion":
        owner = (book.st.province_control or {}).get(ProvinceId(o.target))
        reb = cfg.get("rebellion") or {}
        home = owner is not None and owner in variant.powers and ProvinceId(o.target) in variant.homes(owner)
        return int(reb.get("home_province" if home else "conquered_province", 15 if home else 9))
    return 0


def _bribe_cost(variant: Variant, position: Position, autonomous: Collection[str], o: Expense) -> int:
    """The least a bribe may be (rules §List of allowed expenditures d-i): doubled against a
    garrison in a city worth 2 or more."""
    b = (variant.data.get("expenses") or {}).get("bribes") or {}
    target = _target_unit(position, autonomous, o)
    if target == "autonomous":
        base = b.get("disband_autonomous_garrison", 6) if o.kind == "disband" else b.get("buy_autonomous_garrison", 9)
    elif o.kind == "to_autonomous":
        base = b.get("garrison_to_autonomous", 9)
    elif o.kind == "disband":
        is_g = isinstance(target, Unit) and target.kind is UnitType.GARRISON
        base = b.get("disband_garrison", 12) if is_g else b.get("disband_army_or_fleet", 12)
    else:
        base = b.get("buy_unit", 18)
    cost = int(base)
    garrison = target == "autonomous" or (isinstance(target, Unit) and target.kind is UnitType.GARRISON)
    if garrison and city_value(variant.board, ProvinceId(o.target)) >= 2:
        cost *= int(b.get("major_city_garrison_factor", 2))
    # rules §Special units: citizen's militia and elite professionals cost twice (the factors
    # stack); rules §Autonomous garrisons: an autonomous garrison keeps its specialness.
    kind = special.special_of(position, target) if isinstance(target, Unit) else (
        special.autonomous_special(position, o.target) if target == "autonomous" else None)
    if kind:
        cost *= int((special.table(variant).get(kind) or {}).get("bribe_factor", 1))
    return cost


def _apply_simple(book: _Book, o: Expense) -> None:
    """Famine relieved, a rebellion pacified, or one raised against the province's controller,
    in its ungarrisoned walled city too (rules §Effects of rebellions 3, 4)."""
    board = book.variant.board
    name = board.provinces[ProvinceId(o.target)].name
    if o.kind == "famine_relief":
        book.famine = [a for a in book.famine if a != o.target]
        book.notes.append(f"{o.power} relieves the famine in {name}.")
    elif o.kind == "pacify":
        book.rebellions.pop(o.target, None)
        book.notes.append(f"{o.power} pacifies the rebellion in {name}.")
    elif o.kind == "rebellion":
        against = (book.st.province_control or {})[ProvinceId(o.target)]
        city = _rebels_in_the_city(book.variant, book.st, book.position.units, o.target)
        book.rebellions[o.target] = Rebellion(against, city)
        book.notes.append(f"{name} rises in rebellion against {against}, paid by {o.power}.")


def _rebels_in_the_city(variant: Variant, st: MachiavelliState, units: Iterable[Unit], area: str) -> bool:
    """rules §Effects of rebellions 3, 4: rebels are placed in the province "and, if it's
    ungarrisoned, any fortified city or fortress (if in use)" in it: never in an unwalled city
    (Hungary, Albania...), which goes on paying its owner (7.3), nor beside a garrison, an
    autonomous one too."""
    if not garrisonable(variant.board, ProvinceId(area), variant.rules.options):
        return False
    return not any(u.kind is UnitType.GARRISON and u.province == area for u in units) and area not in (st.autonomous or ())


def _done_text(variant: Variant, o: Expense) -> str:
    name = variant.board.provinces[ProvinceId(o.target)].name
    return {"famine_relief": f"famine in {name} relieved", "pacify": f"rebellion in {name} pacified",
            "rebellion": f"{name} rises in rebellion"}[o.kind]


def _apply_bribe(book: _Book, o: Expense, units: list[Unit], autonomous: list[str]) -> tuple[list[Unit], list[str], str]:
    """A bribe carried out (rules §List of allowed expenditures d-i): the unit disbanded, bought
    (an autonomous garrison becomes the buyer's) or turned autonomous. The units, the autonomous
    garrisons, and what was done."""
    board = book.variant.board
    name = board.provinces[ProvinceId(o.target)].name
    target = _target_unit(book.position, book.autonomous, o)
    if target == "autonomous":
        autonomous = [c for c in autonomous if c != o.target]
        if o.kind == "buy":
            units.append(Unit(o.power, UnitType.GARRISON, Location(ProvinceId(o.target))))
            return units, autonomous, f"bought the autonomous garrison of {name}"
        return units, autonomous, f"the autonomous garrison of {name} disbanded"
    assert isinstance(target, Unit)
    units = [u for u in units if u != target]
    what = f"{target.power}'s {target.kind.noun} in {name}"
    if o.kind == "disband":
        book.lost.append(target)
        return units, autonomous, f"{what} disbanded"
    if o.kind == "to_autonomous":
        autonomous.append(o.target)
        return units, autonomous, f"{what} turned autonomous"
    units.append(Unit(o.power, target.kind, target.location))
    # Buying a unit of the power a rebellion is against liberates that rebellion.
    reb = book.rebellions.get(target.province)
    if reb and reb.against == target.power:
        book.rebellions.pop(target.province, None)
    return units, autonomous, f"bought {what}"


def _assassination_effects(variant: Variant, position: Position, victims: set[str], lost: list[Unit]) -> tuple[Position, list[str]]:
    """rules §Effects of assassination 3-5 (the victims' orders become holds in the movement):
    sieges broken or completed (:func:`_sieges_after_assassinations`), then provinces rebel
    (:func:`_provinces_rebel`)."""
    st = state_of(position)
    units = list(position.units)
    sieges, notes = _sieges_after_assassinations(variant, st, units, victims, lost)
    rebellions, more = _provinces_rebel(variant, position, st, units, victims)
    pos = with_state(position.evolve(units=tuple(units)), st.replace(sieges=sieges))
    return with_money(pos, state_of(pos).replace(rebellions=rebellions), variant), notes + more


def _sieges_after_assassinations(variant: Variant, st: MachiavelliState, units: list[Unit], victims: set[str],
                                 lost: list[Unit]) -> tuple[dict[ProvinceId, Siege], list[str]]:
    """rules §Effects of assassination 3, 4: the victims' sieges are broken; their garrisons
    already under siege are eliminated (unless the besieger's power was assassinated too).
    ``units`` and ``lost`` are changed; the sieges left, and notes."""
    board = variant.board
    notes: list[str] = []
    sieges: dict[ProvinceId, Siege] = dict(st.sieges or {})
    for city, s in list(sieges.items()):
        if s.by in victims:
            sieges.pop(city)
            notes.append(f"{s.by}'s siege of {board.provinces[ProvinceId(city)].name} is broken.")
            continue
        g = next((u for u in units if u.kind is UnitType.GARRISON and u.province == city), None)
        if g is not None and g.power in victims:
            units.remove(g)
            lost.append(g)
            sieges.pop(city)
            notes.append(f"{g.power}'s besieged garrison of {board.provinces[ProvinceId(city)].name} is eliminated.")
    return sieges, notes


def _provinces_rebel(variant: Variant, position: Position, st: MachiavelliState, units: list[Unit],
                     victims: set[str]) -> tuple[dict[ProvinceId, Rebellion], list[str]]:
    """rules §Effects of assassination 5: each land province a victim controls rebels on a die
    at or below the table's figure (home or conquered, with or without a unit of its own there);
    in its ungarrisoned walled city too (:func:`_rebels_in_the_city`). The rebellions, and notes."""
    board = variant.board
    rebellions: dict[ProvinceId, Rebellion] = dict(st.rebellions or {})
    notes: list[str] = []
    table = (variant.data.get("expenses") or {}).get("assassination", {}).get("rebellion_die", {})
    roll = dice(position, "assassination-rebellions")
    control = st.province_control or {}
    for area in sorted(control):
        owner = control[area]
        if owner not in victims or area in rebellions or not is_land(board, area):
            continue
        home = area in variant.homes(owner)
        occupied = any(u.province == area for u in units)
        key = f"{'home' if home else 'conquered'}_{'with' if occupied else 'without'}_unit"
        die = roll.d6()
        if die <= int(table.get(key, 0)) and not _venice_held(variant, position.evolve(units=tuple(units)), area):
            rebellions[area] = Rebellion(owner, _rebels_in_the_city(variant, st, units, area))
            notes.append(f"{board.provinces[area].name} rebels against {owner} (die {die}).")
    return rebellions, notes


def assassinated_orders(orders: Sequence[Order], victims: set[str]) -> tuple[list[Order], list[Resolution]]:
    """rules §Effects of assassination 1: every unit order of a victim becomes a hold."""
    out: list[Order] = []
    notes: list[Resolution] = []
    for o in orders:
        if isinstance(o, UnitOrder) and o.power in victims and type(o) is not Hold:
            out.append(Hold(o.power, o.kind, o.location))
            notes.append(Resolution(o.power, o, Outcome.FAILURE, "the ruler was assassinated: the unit holds", text=str(o)))
        else:
            out.append(o)
    return out, notes
