"""Machiavelli's money and its misfortunes: the bank, gifts, expenses and bribes, rebellions,
assassinations, and famine, plague and storms.

A helper of :mod:`judge.variants.machiavelli` (it defines no ``RULES``). Section references are to
njudge's ``rules.machiavelli`` (v3.1b), as in ``variants/machiavelli/variant.yaml``, whose
``loans``, ``expenses``, ``famine``, ``plague``, ``storms`` and ``disaster_severity`` are the
tables used here. Every die comes from :func:`dice` (the phase's verifiable seed, see
:mod:`judge.dice`).

State kept in ``Position.extra`` (plain data):

``loans``
    ``{power: [{"principal": n, "interest": n, "due": "Summer 1455"}, ...]}``, earliest due first.
``bankrupt``
    ``[power, ...]``: powers the bankers assassinated; they may never borrow again.
``chits``
    ``{holder: [victim, ...]}``: assassination chits (each power starts with one for every other
    power; absent means that start).
``rebellions``
    ``{area: {"against": power, "city": bool}}``: a rebellion in a province (and in its
    ungarrisoned walled city when ``city``), against the power that controlled it.
``famine``
    ``[area, ...]``: areas struck by famine after Fall, until the end of the next Spring.

Order of play in a movement phase (rules §Sequence of play and order resolution): banking (pay
the bank, pay other powers, borrow, the bank collects what is due), expenses but assassinations,
assassinations, the bankers' assassinations, then the moves. After each campaign: rebellions put
down or liberated; after Spring, units in famine areas die and the plague strikes; after Fall,
storms and the next famine.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass
from typing import AbstractSet, Any, Mapping, Sequence

from ...core.errors import AmbiguousOrder, InvalidOrder
from ...core.orders import Hold, Order, UnitOrder
from ...core.resolution import Outcome, Resolution
from ...core.types import Location, Phase, Position, Power, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from ...dice import Dice
from . import rules as M
from . import special

__all__ = ["Borrow", "Pay", "GiveChit", "Expense", "parse_money_order", "play_money", "after_campaign", "dice"]

BANK = "bank"


# -- orders ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Borrow(Order):
    """Borrow ``amount`` ducats from the bank for ``years`` (1 or 2) years (rules §Borrowing)."""

    amount: int = 0
    years: int = 1

    def __str__(self) -> str:
        return f"Borrow {self.amount} ducats for {self.years} year{'s' if self.years > 1 else ''}"


@dataclass(frozen=True)
class Pay(Order):
    """Pay ``amount`` ducats to the bank (repaying loans) or give them to another power."""

    amount: int = 0
    to: str = BANK

    def __str__(self) -> str:
        return f"Pay {self.amount} ducats to {self.to}"


@dataclass(frozen=True)
class GiveChit(Order):
    """Give one's assassination chit for ``victim`` to ``to`` (rules §Assassinations)."""

    victim: Power = Power("")
    to: Power = Power("")

    def __str__(self) -> str:
        return f"Give {self.victim} to {self.to}"


EXPENSE_KINDS = {
    "famine_relief": "famine relief",
    "pacify": "pacify rebellion",
    "counter_bribe": "counter-bribe",
    "disband": "disband",
    "buy": "buy",
    "to_autonomous": "garrison to autonomous",
    "rebellion": "cause rebellion",
    "assassinate": "assassinate",
    "none": "none",
}
BRIBES = ("disband", "buy", "to_autonomous")


@dataclass(frozen=True)
class Expense(Order):
    """``Expense N: A ducats <kind> <target>``: one of up to four expenses of a campaign, carried
    out in their numbers' order (rules §Expenditures). ``target`` is an area id, or a power for an
    assassination; ``target_kind`` the unit a bribe or counter-bribe names."""

    number: int = 1
    amount: int = 0
    kind: str = "none"
    target: str = ""
    target_kind: UnitType | None = None

    def __str__(self) -> str:
        if self.kind == "none":
            return f"Expense {self.number}: none"
        unit = f"{self.target_kind.value} " if self.target_kind else ""
        return f"Expense {self.number}: {self.amount} ducats {EXPENSE_KINDS[self.kind]} {unit}{self.target}"


_AMOUNT = r"(?P<amount>\d{1,4})\s*(?:ducats?|d)?"
_BORROW_RE = re.compile(rf"^\s*borrow\s+{_AMOUNT}\s+for\s+(?P<years>1|2|one|two)(?:\s+years?)?\s*$", re.I)
_PAY_RE = re.compile(rf"^\s*(?:pay|give|loan)\s+{_AMOUNT}\s+to\s+(?:the\s+)?(?P<to>.+?)\s*$", re.I)
_CHIT_RE = re.compile(r"^\s*(?:give|expense\s*\d\s*:\s*give)\s+(?P<victim>[A-Za-z][\w' .-]*?)\s+(?:chit\s+)?to\s+(?P<to>[A-Za-z][\w' .-]*?)\s*$", re.I)
_EXPENSE_RE = re.compile(r"^\s*(?:expense|e)\s*(?P<n>\d)\s*:?\s*(?P<rest>.*?)\s*$", re.I)
_ETYPES = [
    ("famine_relief", r"famine\s+relief|famine|relief|fr"),
    ("pacify", r"pacify\s+rebellion|pacify|pr"),
    ("counter_bribe", r"counter[\s-]?bribe|counter|cb"),
    ("to_autonomous", r"garrison\s+to\s+autonomous|to\s+autonomous|gta|to\s+a"),
    ("rebellion", r"cause\s+rebellion|cause|rebellion|rebel"),
    ("assassinate", r"assassinate|assassination|a"),
    ("disband", r"disband|d"),
    ("buy", r"buy|purchase|b"),
]
_ETYPE_RE = [(k, re.compile(rf"^(?:{p})\b\s*(?P<rest>.*)$", re.I)) for k, p in _ETYPES]


def parse_money_order(text: str, power: Power, variant: Variant, position: Position) -> Order | None:
    """Read a banking order or an expense (rules §Order syntax, expenditure orders), or ``None``
    when ``text`` is none of them. InvalidOrder for a clearly money order that is wrong."""
    from ...notation import Names

    names = Names(variant)
    m = _BORROW_RE.match(text)
    if m:
        years = {"1": 1, "2": 2, "one": 1, "two": 2}[m.group("years").lower()]
        return Borrow(power, int(m.group("amount")), years)
    m = _PAY_RE.match(text)
    if m:
        to = m.group("to")
        if to.lower() == BANK:
            return Pay(power, int(m.group("amount")), BANK)
        other, _ = names.power(to)
        return Pay(power, int(m.group("amount")), other)
    m = _CHIT_RE.match(text)
    if m and not re.match(r"^\s*\d", m.group("victim")):
        try:
            victim, _ = names.power(m.group("victim"))
            receiver, _ = names.power(m.group("to"))
        except Exception:  # noqa: BLE001 - not two powers: not this order
            victim = None
        if victim is not None:
            return GiveChit(power, victim, receiver)
    m = _EXPENSE_RE.match(text)
    if not m:
        return None
    number = int(m.group("n"))
    if not 1 <= number <= 4:
        raise InvalidOrder(f"expenses are numbered 1 to 4, not {number}")
    rest = m.group("rest")
    if rest.lower() == "none":
        return Expense(power, number, 0, "none")
    from ...notation import hook_notes

    if re.match(r"^\s*\+", rest):
        # rules §Order shorthand: njudge reads "+3 ducats" as 6 and "+6" as 12, "oddities of the
        # parsing": 3 as written, or the judge's 6? Two meanings (seed 003 §4).
        raise AmbiguousOrder(f"{rest.split()[0]!r}: the amount as written, or njudge's double (rules §Order shorthand)?")
    a = re.match(rf"^{_SUM}\s*(?:ducats?|d)?\s+(?P<what>.+)$", rest, re.I)
    if not a:
        return _expense_without_amount(power, number, rest, variant, position, names)
    terms = [int(x) for x in re.split(r"\s*\+\s*", a.group("sum"))]
    amount, what = sum(terms), a.group("what")
    if len(terms) > 1:
        hook_notes().append(f"{a.group('sum')!r} read as {amount} ducats (rules §Order shorthand)")
    for kind, pat in _ETYPE_RE:
        e = pat.match(what)
        if not e:
            continue
        target = e.group("rest").strip()
        if kind == "assassinate":
            victim, _ = names.power(target)
            return Expense(power, number, amount, kind, victim)
        if kind in ("famine_relief", "pacify", "rebellion"):
            loc = _area(target, variant, position, power)
            return Expense(power, number, amount, kind, loc.province)
        unit_kind, loc = M._read_unit(target, variant, position, power)
        return Expense(power, number, amount, kind, loc.province, unit_kind)
    raise InvalidOrder(f"unknown expense {what!r} (famine relief, pacify rebellion, counter-bribe, disband, buy, "
                       "garrison to autonomous, cause rebellion, assassinate)")


_SUM = r"(?P<sum>\d{1,4}(?:\s*\+\s*\d{1,4})*)"
SHORTHAND_AMOUNTS = {"buy": 18, "disband": 12}
"""rules §Order shorthand: "Expense 1: buy fer = 18 ducats buy [a|f|g] fer", "Expense 1: disband
dur = 12 ducats disband [a|f|g] dur" (and "disband g dur" is "12 ducats disband g dur")."""
FIXED_AMOUNTS = {"famine_relief": 3, "pacify": 12}
"""rules §List of allowed expenditures a) famine relief "3 ducats", b) pacify rebellion "12 ducats":
one price, so one meaning."""


def _expense_without_amount(power: Power, number: int, what: str, variant: Variant, position: Position,
                            names: Any) -> Order:
    """``Expense 1: buy fer``: the shorthand's amount (buy 18, disband 12), or the one price of
    famine relief (3) and pacifying a rebellion (12), with a note; any other expense names its
    amount (a bribe's, an assassination's or a counter-bribe's size is the spender's choice)."""
    from ...notation import hook_notes

    for kind, pat in _ETYPE_RE:
        e = pat.match(what)
        if not e:
            continue
        amount = SHORTHAND_AMOUNTS.get(kind) or FIXED_AMOUNTS.get(kind)
        if amount is None:
            raise InvalidOrder(f"'{EXPENSE_KINDS[kind]}' needs its amount, e.g. 'Expense {number}: <amount> ducats {what}' "
                               "(rules §Order shorthand gives one only for buy and disband)")
        target = e.group("rest").strip()
        if kind in ("famine_relief", "pacify"):
            loc = _area(target, variant, position, power)
            order = Expense(power, number, amount, kind, loc.province)
        else:
            unit_kind, loc = M._read_unit(target, variant, position, power)
            order = Expense(power, number, amount, kind, loc.province, unit_kind)
        why = "rules §Order shorthand" if kind in SHORTHAND_AMOUNTS else "its one price, rules §List of allowed expenditures"
        hook_notes().append(f"no amount: read as {amount} ducats ({why})")
        return order
    raise InvalidOrder("an expense reads like 'Expense 1: 12 ducats disband army Bologna'")


def _area(text: str, variant: Variant, position: Position, power: Power) -> Location:
    _, loc = M._read_unit(text, variant, position, power)
    return loc


# -- dice --------------------------------------------------------------------------------------


def dice(position: Position, purpose: str) -> Dice:
    """The dice of this phase for ``purpose`` (``income``, ``famine``, ``assassination``...): a
    stream of its own drawn from the phase's seed (``extra['dice_seed']``, set by the game layer
    from the game, the phase and the order files; see :mod:`judge.dice`)."""
    seed = str(position.extra.get("dice_seed", "0"))
    digest = hashlib.sha256(f"{seed}\x00{position.phase.slug}\x00{purpose}".encode("utf-8")).digest()
    return Dice(digest)


# -- the state ---------------------------------------------------------------------------------


def money_state(variant: Variant, position: Position) -> dict[str, Any]:
    ex = position.extra
    chits = ex.get("chits")
    if chits is None:
        chits = {p: [q for q in variant.powers if q != p] for p in variant.powers}
    return {
        "loans": {str(p): [dict(l) for l in ls] for p, ls in (ex.get("loans") or {}).items() if ls},
        "bankrupt": sorted(str(p) for p in (ex.get("bankrupt") or [])),
        "chits": {str(p): sorted(str(v) for v in vs) for p, vs in chits.items()},
        "rebellions": {str(a): dict(r) for a, r in (ex.get("rebellions") or {}).items()},
        "famine": sorted(str(a) for a in (ex.get("famine") or [])),
    }


def with_money_state(position: Position, ms: Mapping[str, Any]) -> Position:
    extra = dict(position.extra)
    for key in ("loans", "bankrupt", "rebellions", "famine"):
        if ms[key]:
            extra[key] = ms[key]
        else:
            extra.pop(key, None)
    chits = ms["chits"]
    everyone = set(chits)
    if all(set(held) == everyone - {p} for p, held in chits.items()):
        extra.pop("chits", None)  # as at the start: each power holds a chit for every other
    else:
        extra["chits"] = chits
    return position.evolve(extra=extra)


def _due_label(phase: Phase, years: int) -> str:
    return f"{phase.season} {phase.year + years}"


def _opt(variant: Variant, name: str, default: bool = True) -> bool:
    return bool(variant.rules.options.get(name, default))


# -- a movement phase's money steps ------------------------------------------------------------


@dataclass
class MoneyOutcome:
    position: Position
    resolutions: dict[int, Resolution]
    assassinated: set[str]
    notes: list[str]
    lost: list[Unit]


def play_money(variant: Variant, position: Position, orders: Sequence[Order]) -> MoneyOutcome:
    """Banking, expenses and assassinations, before the moves (rules §Sequence of play, 1.1
    a-c). ``orders`` are the phase's orders; the money orders among them are answered in
    ``resolutions`` (by index)."""
    data = variant.data
    st = M.state(position)
    ms = money_state(variant, position)
    treasury: dict[str, int] = st["treasury"]
    res: dict[int, Resolution] = {}
    notes: list[str] = []
    lost: list[Unit] = []
    loans_cfg = data.get("loans") or {}
    limit = int(loans_cfg.get("limit", 25))
    terms = {int(t["years"]): int(t["interest_percent"]) for t in loans_cfg.get("terms", [])}
    use_money = _opt(variant, "money") and _opt(variant, "expenses")
    phase = position.phase

    def answer(idx: int, o: Order, outcome: Outcome, reason: str, tags: tuple = ()) -> None:
        res[idx] = Resolution(o.power, o, outcome, reason, tags, text=str(o))

    def owed(power: str) -> int:
        return sum(l["principal"] + l["interest"] for l in ms["loans"].get(power, []))

    money_orders = [(i, o) for i, o in enumerate(orders) if isinstance(o, (Borrow, Pay, GiveChit, Expense))]
    if not _opt(variant, "money"):
        for i, o in money_orders:
            answer(i, o, Outcome.ILLEGAL, "the Basic game has no money")
        return MoneyOutcome(position, res, set(), notes, lost)
    # Later orders of the same kind replace earlier ones (a new expense N replaces expense N).
    latest: dict[tuple, int] = {}
    for i, o in money_orders:
        slot = (o.power, type(o).__name__, getattr(o, "number", None), getattr(o, "to", None), getattr(o, "years", None),
                getattr(o, "victim", None))
        if slot in latest:
            j = latest[slot]
            answer(j, orders[j], Outcome.ILLEGAL, "replaced by a later order")
        latest[slot] = i
    money_at = dict(money_orders)
    live = [(i, money_at[i]) for i in sorted(latest.values())]

    # a) pay to the bank: the earliest-due loan, interest first, then principal, then the next.
    for i, o in live:
        if isinstance(o, Pay) and o.to == BANK:
            if o.amount <= 0:
                answer(i, o, Outcome.SUCCESS, "nothing paid")
                continue
            amount = min(o.amount, treasury.get(o.power, 0), owed(o.power))
            left = amount
            for loan in ms["loans"].get(o.power, []):
                for part in ("interest", "principal"):
                    take = min(left, loan[part])
                    loan[part] -= take
                    left -= take
            ms["loans"][o.power] = [l for l in ms["loans"].get(o.power, []) if l["principal"] + l["interest"] > 0]
            treasury[o.power] = treasury.get(o.power, 0) - amount
            answer(i, o, Outcome.SUCCESS if amount == o.amount else Outcome.FAILURE,
                   f"paid {amount} ducats to the bank" + ("" if amount == o.amount else f" (of {o.amount}: all that was owed or held)"))
    # b) pay to other powers, only when not in debt to the bank.
    for i, o in live:
        if isinstance(o, Pay) and o.to != BANK:
            if o.amount <= 0:
                answer(i, o, Outcome.SUCCESS, "nothing given")
            elif owed(o.power):
                answer(i, o, Outcome.FAILURE, "a power in debt to the bank may not give money to another power")
            elif o.to == o.power or o.to not in variant.powers:
                answer(i, o, Outcome.ILLEGAL, f"cannot give money to {o.to}")
            elif treasury.get(o.power, 0) < o.amount:
                answer(i, o, Outcome.FAILURE, f"only {treasury.get(o.power, 0)} ducats in the treasury")
            else:
                treasury[o.power] -= o.amount
                treasury[o.to] = treasury.get(o.to, 0) + o.amount
                answer(i, o, Outcome.SUCCESS, f"gave {o.amount} ducats to {o.to}")
    # c) borrow: principal owed may not exceed the limit; "borrow 0" repays that term's loans.
    for i, o in live:
        if not isinstance(o, Borrow):
            continue
        if not _opt(variant, "loans") or not _opt(variant, "dice"):
            answer(i, o, Outcome.ILLEGAL, "this game has no bank loans")
        elif o.years not in terms:
            answer(i, o, Outcome.ILLEGAL, f"loans are for {' or '.join(map(str, sorted(terms)))} years")
        elif o.power in ms["bankrupt"]:
            answer(i, o, Outcome.FAILURE, "the bankers lend nothing to a power that defaulted")
        elif o.amount == 0:
            answer(i, o, Outcome.SUCCESS, "no loan taken")
        elif sum(l["principal"] for l in ms["loans"].get(o.power, [])) + o.amount > limit:
            answer(i, o, Outcome.FAILURE, f"the bank lends at most {limit} ducats in all")
        else:
            interest = math.ceil(o.amount * terms[o.years] / 100)
            ms["loans"].setdefault(o.power, []).append(
                {"principal": o.amount, "interest": interest, "due": _due_label(phase, o.years)})
            ms["loans"][o.power].sort(key=lambda l: _due_key(l["due"], variant))
            treasury[o.power] = treasury.get(o.power, 0) + o.amount
            answer(i, o, Outcome.SUCCESS, f"borrowed {o.amount} ducats, {o.amount + interest} due in {_due_label(phase, o.years)}")
    # d) the bank collects what is due now; a power that cannot pay is assassinated by the bankers.
    now = f"{phase.season} {phase.year}"
    bank_victims: set[str] = set()
    for power in sorted(ms["loans"]):
        due = [l for l in ms["loans"][power] if l["due"] == now]
        if not due:
            continue
        total = sum(l["principal"] + l["interest"] for l in due)
        if treasury.get(power, 0) >= total:
            treasury[power] -= total
            notes.append(f"{power} repays {total} ducats due to the bank.")
        else:
            notes.append(f"{power} cannot repay the {total} ducats due to the bank: the bankers have its ruler assassinated "
                         f"and take its {treasury.get(power, 0)} ducats.")
            treasury[power] = 0
            bank_victims.add(power)
            if power not in ms["bankrupt"]:
                ms["bankrupt"].append(power)
        ms["loans"][power] = [l for l in ms["loans"][power] if l["due"] != now]
    ms["loans"] = {p: ls for p, ls in ms["loans"].items() if ls}
    # Chits change hands at once.
    for i, o in live:
        if isinstance(o, GiveChit):
            held = ms["chits"].get(o.power, [])
            if o.victim not in held:
                answer(i, o, Outcome.ILLEGAL, f"{o.power} holds no assassination chit for {o.victim}")
            elif o.to == o.power or o.to not in variant.powers:
                answer(i, o, Outcome.ILLEGAL, f"cannot give a chit to {o.to}")
            else:
                held.remove(o.victim)
                ms["chits"].setdefault(o.to, [])
                if o.victim not in ms["chits"][o.to]:
                    ms["chits"][o.to] = sorted(ms["chits"][o.to] + [o.victim])
                answer(i, o, Outcome.SUCCESS, f"{o.victim}'s assassination chit given to {o.to}")

    # e) expenses but assassinations, each power's in its numbers' order; money spent even when
    # an expense fails. A power the bankers assassinated wastes its expenses.
    exp = sorted(((o.power, o.number, i, o) for i, o in live if isinstance(o, Expense)))
    spent: dict[int, int] = {}
    bribes: dict[tuple, list[tuple[int, Expense, int]]] = {}
    counters: dict[tuple, int] = {}
    attempts: list[tuple[int, Expense, int]] = []
    for power, _, i, o in exp:
        if o.kind == "none":
            answer(i, o, Outcome.SUCCESS, "no expense")
            continue
        if not use_money:
            answer(i, o, Outcome.ILLEGAL, "this game has no expenses")
            continue
        if power in bank_victims:
            answer(i, o, Outcome.FAILURE, "wasted: the bankers assassinated the ruler")
            continue
        paid = min(o.amount, treasury.get(power, 0))
        treasury[power] = treasury.get(power, 0) - paid
        spent[i] = paid
        why = _expense_problem(variant, position, st, ms, o)
        if why is not None:
            answer(i, o, Outcome.ILLEGAL, f"{why}; {paid} ducats spent for nothing")
            continue
        if o.kind == "assassinate":
            attempts.append((i, o, paid))
            continue
        if o.kind == "counter_bribe":
            key = _unit_key(position, st, o)
            counters[key] = counters.get(key, 0) + paid
            answer(i, o, Outcome.SUCCESS, f"counter-bribe of {paid} ducats placed")
            continue
        if o.kind in BRIBES:
            bribes.setdefault(_unit_key(position, st, o), []).append((i, o, paid))
            continue
        cost = _fixed_cost(variant, st, o)
        if paid < cost:
            answer(i, o, Outcome.FAILURE, f"{paid} ducats are not enough ({cost} needed)")
            continue
        _apply_simple(variant, position, st, ms, o, notes)
        answer(i, o, Outcome.SUCCESS, _done_text(variant, o))
    # Bribes: of several on one unit only the largest may succeed (a tie: none); counter-bribes
    # are deducted from it; it must still cover the ordered bribe's cost.
    units = list(position.units)
    autonomous = list(st["autonomous"])
    bought: dict[tuple[str, str], tuple[str, str]] = {}
    for key in sorted(bribes):
        offers = bribes[key]
        top = max(p for _, _, p in offers)
        winners = [x for x in offers if x[2] == top]
        for i, o, paid in offers:
            if len(winners) > 1 or paid < top:
                answer(i, o, Outcome.FAILURE, "a larger or equal bribe was offered for the same unit: wasted", ())
        if len(winners) != 1:
            continue
        i, o, paid = winners[0]
        cost = _bribe_cost(variant, position, st, o)
        net = paid - counters.get(key, 0)
        if net < cost:
            answer(i, o, Outcome.FAILURE, f"{paid} ducats, less {counters.get(key, 0)} of counter-bribes, do not cover the {cost} needed")
            continue
        target = _target_unit(position, st, o)
        units, autonomous, text = _apply_bribe(variant, position, st, ms, o, units, autonomous, lost)
        if o.kind == "buy" and isinstance(target, Unit):
            bought[(target.power, str(target))] = (o.power, str(target))
        answer(i, o, Outcome.SUCCESS, text)
        notes.append(f"{o.power}: {text}.")
    st["autonomous"] = sorted(autonomous)
    st["treasury"] = treasury
    before_bribes = position
    position = M._with_state(position.evolve(units=tuple(units)), st)
    # A bought special unit stays special, for its buyer; a disbanded one is gone.
    position = special.carry(before_bribes, position, [], bought)

    # Assassinations: one d6 per attempt; it succeeds on a roll at or below amount / 12.
    roll = dice(position, "assassination")
    victims: set[str] = set()
    for i, o, paid in attempts:
        held = ms["chits"].get(o.power, [])
        if o.target in held:
            held.remove(o.target)
        chances = min(paid, int((data.get("expenses") or {}).get("assassination", {}).get("max", 36))) // 12
        die = roll.d6()
        if die <= chances:
            victims.add(o.target)
            answer(i, o, Outcome.SUCCESS, f"the ruler of {o.target} is assassinated (die {die}, needed {chances} or less)")
        else:
            answer(i, o, Outcome.FAILURE, f"the attempt on {o.target} fails (die {die}, needed {chances} or less)")
    for victim in sorted(victims):
        notes.append(f"The ruler of {victim} is assassinated.")
    all_victims = victims | bank_victims
    position = with_money_state(position, ms)
    if all_victims:
        position, more = _assassination_effects(variant, position, all_victims, lost)
        notes += more
    return MoneyOutcome(position, res, all_victims, notes, lost)


def _due_key(label: str, variant: Variant) -> tuple[int, int]:
    season, year = label.rsplit(" ", 1)
    seasons = list(dict.fromkeys(s for s, _ in variant.calendar.steps))
    return int(year), seasons.index(season) if season in seasons else 0


def _unit_key(position: Position, st: Mapping[str, Any], o: Expense) -> tuple[str, str]:
    """The unit a bribe or counter-bribe names: its area, and garrison or field unit."""
    here = position.units_at(ProvinceId(o.target))
    if o.target_kind is UnitType.GARRISON:
        return o.target, "G"
    field = [u for u in here if u.kind is not UnitType.GARRISON]
    if o.target_kind is None and not field:
        return o.target, "G"  # only a garrison (or an autonomous one) there
    if o.target_kind is None:
        garrison = next((u.power for u in here if u.kind is UnitType.GARRISON), None)
        if garrison is None and o.target in st["autonomous"]:
            garrison = M.AUTONOMOUS
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


def _target_unit(position: Position, st: Mapping[str, Any], o: Expense) -> Unit | str | None:
    """The unit named, ``"autonomous"`` for an autonomous garrison, or None."""
    area, which = _unit_key(position, st, o)
    for u in position.units_at(ProvinceId(area)):
        if (u.kind is UnitType.GARRISON) == (which == "G"):
            return u
    if which == "G" and area in st["autonomous"]:
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


def _expense_problem(variant: Variant, position: Position, st: Mapping[str, Any], ms: Mapping[str, Any], o: Expense) -> str | None:
    """Why the expense cannot be carried out at all (its money is spent anyway), or None."""
    board = variant.board
    cfg = variant.data.get("expenses") or {}
    if o.kind == "assassinate":
        if not _opt(variant, "assassinations") or not _opt(variant, "dice"):
            return "this game has no assassinations"
        if o.target == o.power:
            return "a ruler does not assassinate himself"
        if o.target not in ms["chits"].get(o.power, []):
            return f"{o.power} holds no assassination chit for {o.target}"
        step = int((cfg.get("assassination") or {}).get("step", 12))
        if o.amount < step or o.amount % step:
            return "an assassination costs 12, 24 or 36 ducats"
        return None
    area = o.target
    if ProvinceId(area) not in board.provinces:
        return f"no area {area}"
    needs_adjacency = o.kind != "counter_bribe" and _opt(variant, "bribe_adjacency")
    if needs_adjacency and not _adjacent(variant, position, o.power, area):
        return f"{o.power} has no unit in or next to {board.provinces[ProvinceId(area)].name}"
    if o.kind == "famine_relief":
        return None if area in ms["famine"] else f"there is no famine in {board.provinces[ProvinceId(area)].name}"
    if o.kind == "pacify":
        return None if area in ms["rebellions"] else f"there is no rebellion in {board.provinces[ProvinceId(area)].name}"
    if o.kind == "rebellion":
        owner = st["province_control"].get(area)
        if owner is None or owner == M.AUTONOMOUS:
            return "a rebellion is raised only in a province another power controls"
        if owner == o.power:
            return "a rebellion is raised against another power"
        if area in ms["rebellions"]:
            return "that province is in rebellion already"
        if not M.is_land(board, ProvinceId(area)):
            return "a rebellion is raised in a land province"
        return None
    target = _target_unit(position, st, o)
    if target is None:
        return f"no such unit in {board.provinces[ProvinceId(area)].name}"
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
        minimum = _bribe_cost(variant, position, st, o)
        if o.amount < minimum or (o.amount - minimum) % step:
            return f"this bribe costs {minimum} ducats, or more in steps of {step}"
    if o.kind == "counter_bribe":
        c = cfg.get("counter_bribe") or {}
        if o.amount < int(c.get("min", 3)) or o.amount % int(c.get("step", 3)):
            return "a counter-bribe is 3 ducats or a multiple of 3"
    return None


def _fixed_cost(variant: Variant, st: Mapping[str, Any], o: Expense) -> int:
    cfg = variant.data.get("expenses") or {}
    if o.kind == "famine_relief":
        return int(cfg.get("famine_relief", 3))
    if o.kind == "pacify":
        return int(cfg.get("pacify_rebellion", 12))
    if o.kind == "rebellion":
        owner = st["province_control"].get(o.target)
        reb = cfg.get("rebellion") or {}
        home = owner in variant.powers and ProvinceId(o.target) in variant.homes(Power(owner))
        return int(reb.get("home_province" if home else "conquered_province", 15 if home else 9))
    return 0


def _bribe_cost(variant: Variant, position: Position, st: Mapping[str, Any], o: Expense) -> int:
    """The least a bribe may be (rules §List of allowed expenditures d-i): doubled against a
    garrison in a city worth 2 or more."""
    b = (variant.data.get("expenses") or {}).get("bribes") or {}
    target = _target_unit(position, st, o)
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
    if garrison and M.city_value(variant.board, ProvinceId(o.target)) >= 2:
        cost *= int(b.get("major_city_garrison_factor", 2))
    if isinstance(target, Unit):
        # rules §Special units: citizen's militia and elite professionals cost twice (the factors stack).
        kind = special.special_of(position, target)
        if kind:
            cost *= int((special.table(variant).get(kind) or {}).get("bribe_factor", 1))
    return cost


def _apply_simple(variant: Variant, position: Position, st: dict, ms: dict, o: Expense, notes: list[str]) -> None:
    board = variant.board
    name = board.provinces[ProvinceId(o.target)].name
    if o.kind == "famine_relief":
        ms["famine"] = [a for a in ms["famine"] if a != o.target]
        notes.append(f"{o.power} relieves the famine in {name}.")
    elif o.kind == "pacify":
        ms["rebellions"].pop(o.target, None)
        notes.append(f"{o.power} pacifies the rebellion in {name}.")
    elif o.kind == "rebellion":
        against = st["province_control"][o.target]
        city = bool(board.provinces[ProvinceId(o.target)].flags.get("city")) and not any(
            u.kind is UnitType.GARRISON for u in position.units_at(ProvinceId(o.target))) and o.target not in st["autonomous"]
        ms["rebellions"][o.target] = {"against": against, "city": city}
        notes.append(f"{name} rises in rebellion against {against}, paid by {o.power}.")


def _done_text(variant: Variant, o: Expense) -> str:
    name = variant.board.provinces[ProvinceId(o.target)].name
    return {"famine_relief": f"famine in {name} relieved", "pacify": f"rebellion in {name} pacified",
            "rebellion": f"{name} rises in rebellion"}[o.kind]


def _apply_bribe(variant: Variant, position: Position, st: dict, ms: dict, o: Expense, units: list[Unit],
                 autonomous: list[str], lost: list[Unit]) -> tuple[list[Unit], list[str], str]:
    board = variant.board
    name = board.provinces[ProvinceId(o.target)].name
    target = _target_unit(position, st, o)
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
        lost.append(target)
        return units, autonomous, f"{what} disbanded"
    if o.kind == "to_autonomous":
        autonomous.append(o.target)
        return units, autonomous, f"{what} turned autonomous"
    units.append(Unit(o.power, target.kind, target.location))
    # Buying a unit of the power a rebellion is against liberates that rebellion.
    reb = ms["rebellions"].get(target.province)
    if reb and reb.get("against") == target.power:
        ms["rebellions"].pop(target.province, None)
    return units, autonomous, f"bought {what}"


def _assassination_effects(variant: Variant, position: Position, victims: set[str], lost: list[Unit]) -> tuple[Position, list[str]]:
    """rules §Effects of assassination 3-5 (the victims' orders become holds in the movement):
    the victims' sieges are broken; their garrisons already under siege are eliminated (unless
    the besieger's power was assassinated too); some of their provinces rebel (1d6)."""
    board = variant.board
    st = M.state(position)
    ms = money_state(variant, position)
    notes: list[str] = []
    units = list(position.units)
    sieges = st["sieges"]
    for city, s in list(sieges.items()):
        if s.get("by") in victims:
            sieges.pop(city)
            notes.append(f"{s['by']}'s siege of {board.provinces[ProvinceId(city)].name} is broken.")
            continue
        g = next((u for u in units if u.kind is UnitType.GARRISON and u.province == city), None)
        if g is not None and g.power in victims:
            units.remove(g)
            lost.append(g)
            sieges.pop(city)
            notes.append(f"{g.power}'s besieged garrison of {board.provinces[ProvinceId(city)].name} is eliminated.")
    table = (variant.data.get("expenses") or {}).get("assassination", {}).get("rebellion_die", {})
    roll = dice(position, "assassination-rebellions")
    for area in sorted(st["province_control"]):
        owner = st["province_control"][area]
        if owner not in victims or area in ms["rebellions"] or not M.is_land(board, ProvinceId(area)):
            continue
        home = ProvinceId(area) in variant.homes(Power(owner))
        occupied = any(u.province == area for u in units)
        key = f"{'home' if home else 'conquered'}_{'with' if occupied else 'without'}_unit"
        die = roll.d6()
        if die <= int(table.get(key, 0)):
            city = bool(board.provinces[ProvinceId(area)].flags.get("city")) and not any(
                u.kind is UnitType.GARRISON and u.province == area for u in units) and area not in st["autonomous"]
            ms["rebellions"][area] = {"against": owner, "city": city}
            notes.append(f"{board.provinces[ProvinceId(area)].name} rebels against {owner} (die {die}).")
    pos = M._with_state(position.evolve(units=tuple(units)), st)
    return with_money_state(pos, ms), notes


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


# -- after a campaign --------------------------------------------------------------------------


def _strike(variant: Variant, table: Mapping[Any, Sequence[Any]], roll: Dice) -> tuple[list[str], str]:
    """A disaster roll (rules §Famine): 2d6 for severity, then 2d6 for the row and 2d6 for the
    column; the areas of the struck row and/or column, and the dice as words."""
    data = variant.data
    bands = data.get("disaster_severity_original") if variant.rules.options.get("disaster_severity") == "original" \
        else data.get("disaster_severity")
    bands = bands or {}
    severity = roll.d6() + roll.d6()
    row = roll.d6() + roll.d6()
    col = roll.d6() + roll.d6()
    rows = {int(k): v for k, v in table.items()}
    struck: set[str] = set()
    which = next((k for k, v in bands.items() if severity in v), "none")
    if which in ("row", "row_and_column"):
        struck |= {a for a in rows.get(row, []) if a}
    if which in ("column", "row_and_column"):
        struck |= {r[col - 2] for r in rows.values() if len(r) > col - 2 and r[col - 2]}
    words = {"none": "nothing", "row": "a row", "column": "a column", "row_and_column": "a row and a column"}[which]
    return sorted(str(a) for a in struck), f"severity {severity} ({words}), row {row}, column {col}"


def after_campaign(variant: Variant, position: Position, played: Phase, held: AbstractSet[ProvinceId],
                   victims: AbstractSet[str] = frozenset()) -> tuple[Position, list[Unit], list[str]]:
    """The steps after a campaign's moves and retreats (rules §Sequence of play 1.2-1.3):
    rebellions liberated or put down; after Spring, units in famine areas die, famine ends and
    the plague strikes; after Fall, storms sink fleets and the next famine is rolled.

    ``held``: provinces whose army or fleet, of the power a rebellion there is against, held
    this campaign (a hold by an assassinated ruler's unit puts nothing down). ``played``: the
    campaign's movement phase, whose seed the disasters' dice come from."""
    board = variant.board
    season = played.season
    rolled = position.evolve(phase=played)
    ms = money_state(variant, position)
    notes: list[str] = []
    lost: list[Unit] = []
    units = list(position.units)
    for area, reb in sorted(ms["rebellions"].items()):
        here = [u for u in units if u.province == area]
        name = board.provinces[ProvinceId(area)].name
        if any(u.power != reb["against"] for u in here):
            ms["rebellions"].pop(area)
            notes.append(f"The rebellion in {name} is liberated.")
        elif ProvinceId(area) in held and reb["against"] not in victims and any(
                u.power == reb["against"] and u.kind is not UnitType.GARRISON for u in here):
            if reb.get("city"):
                ms["rebellions"][area] = {**reb, "province_down": True}
            else:
                ms["rebellions"].pop(area)
                notes.append(f"{reb['against']} puts down the rebellion in {name}.")
    dice_on = _opt(variant, "dice")
    if season == "Spring":
        if ms["famine"]:
            # rules §Famine a): "Any unit in a famined province at the end of the spring movement
            # is eliminated. This includes garrison units" (autonomous ones too, as in njudge);
            # control does not change (c).
            for u in list(units):
                if u.province in ms["famine"]:
                    units.remove(u)
                    lost.append(u)
                    notes.append(f"Famine: {u.power}'s {u.kind.noun} in {board.provinces[u.province].name} starves.")
            starved = sorted(set(position.extra.get("autonomous") or ()) & set(ms["famine"]))
            if starved:
                position = position.evolve(extra={**position.extra, "autonomous": sorted(set(position.extra["autonomous"]) - set(starved))})
                notes += [f"Famine: the autonomous garrison in {board.provinces[ProvinceId(c)].name} starves." for c in starved]
            gone = {u.province for u in lost if u.kind is UnitType.GARRISON} | set(starved)
            if gone & set(position.extra.get("sieges") or {}):
                position = position.evolve(extra={**position.extra, "sieges": {c: s for c, s in position.extra["sieges"].items() if c not in gone}})
            ms["famine"] = []
        if dice_on and _opt(variant, "plague", False) and _opt(variant, "summer"):
            struck, how = _strike(variant, variant.data.get("plague") or {}, dice(rolled, "plague"))
            notes.append(f"Plague roll: {how}; struck: {', '.join(struck) or 'nowhere'}.")
            for u in list(units):
                if u.province in struck:
                    units.remove(u)
                    lost.append(u)
                    notes.append(f"Plague: {u.power}'s {u.kind.noun} in {board.provinces[u.province].name} dies.")
    if season == "Fall" and dice_on:
        if _opt(variant, "storms", False):
            struck, how = _strike(variant, variant.data.get("storms") or {}, dice(rolled, "storms"))
            notes.append(f"Storm roll: {how}; struck: {', '.join(struck) or 'nowhere'}.")
            for u in list(units):
                if u.province in struck and u.kind is UnitType.FLEET:
                    units.remove(u)
                    lost.append(u)
                    notes.append(f"Storm: {u.power}'s fleet in {board.provinces[u.province].name} sinks.")
        if _opt(variant, "famine"):
            struck, how = _strike(variant, variant.data.get("famine") or {}, dice(rolled, "famine"))
            ms["famine"] = struck
            notes.append(f"Famine roll: {how}; struck: {', '.join(struck) or 'nowhere'}.")
    pos = with_money_state(position.evolve(units=tuple(units)), ms)
    return pos, lost, notes


def income_blocked(position: Position) -> tuple[set[str], set[str]]:
    """Areas whose province, and cities, yield no income now: famine (a garrisoned city still
    yields) and rebellions (rules §Effects of rebellions 7; §Famine)."""
    famine = set(position.extra.get("famine") or [])
    rebellions = position.extra.get("rebellions") or {}
    garrisoned = {u.province for u in position.units if u.kind is UnitType.GARRISON}
    provinces = famine | set(rebellions)
    cities = {a for a in famine if a not in garrisoned} | {a for a, r in rebellions.items() if r.get("city")}
    return provinces, cities


def build_blocked(position: Position, area: str) -> str | None:
    """Why no unit may be built in ``area`` now (famine, rebellion), or None."""
    if area in (position.extra.get("famine") or []):
        return "famine"
    if area in (position.extra.get("rebellions") or {}):
        return "rebellion"
    return None
