"""Machiavelli's money: the bank, gifts, expenses and bribes, rebellions, assassinations, and
famine, plague and storms (njudge's rules.machiavelli; tables in variants/machiavelli).

Each test names the section of rules.machiavelli it checks (``rules_machiavelli_<section>``).
Phases are played through :func:`judge.adjudication.run_phase`, the command line's path. Dice
come from the phase's seed (``extra['dice_seed']``): a test that needs an outcome looks for a
seed giving it, computed with the same dice the judge rolls, never a hard-coded roll.
"""

from __future__ import annotations

import re

import pytest

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.notation import parse_order
from judge.positions import parse_position
from judge.variants import find_variant
from judge.variants.machiavelli import aftermath, money
from judge.variants.machiavelli.money import Borrow, Expense, GiveChit, Pay
from judge.variants.machiavelli.state import Loan, MachiavelliState, Siege, state_of

MACH = find_variant("machiavelli")


def position(units: str, extra: str = "", phase: str = "Spring 1454 Movement", options=None):
    text = f"variant: machiavelli\nphase: {phase}\nunits:\n{units}\nautonomous: []\n{extra}"
    variant = find_variant("machiavelli", options=options) if options else MACH
    return variant, parse_position(text, "test.yaml", variant)[1]


def play(units: str, orders: str, extra: str = "", phase: str = "Spring 1454 Movement", options=None, seed=None):
    variant, pos = position(units, extra, phase, options)
    if seed is not None:
        pos = pos.evolve(extra={**pos.extra, "dice_seed": seed})
    return run_phase(variant, pos, orders, "orders.txt")


def result_of(report, text: str):
    for r in report.resolutions():
        if r.order_text == text:
            return r
    raise AssertionError(f"no resolution for {text!r}: {[r.order_text for r in report.resolutions()]}")


def after(report) -> MachiavelliState:
    """The variant's state after ``report``."""
    return state_of(report.result.next_position)


def units_after(report) -> set[str]:
    return {f"{u.power}: {u}" for u in report.result.next_position.units}


FLORENCE = "  Florence: [A FLO, A ARE]\n  Papacy: [A BOL, A RME]\n"


# -- order syntax -----------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("Pay 14 ducats to bank", Pay("Florence", 14, "bank")),
    ("Pay  6 ducats to Milan", Pay("Florence", 6, "Milan")),
    ("give 3 d to the bank", Pay("Florence", 3, "bank")),
    ("Borrow 25 ducats for 2 years", Borrow("Florence", 25, 2)),
    ("Borrow 25 ducats for two", Borrow("Florence", 25, 2)),
    ("borrow 0 ducats for 1 year", Borrow("Florence", 0, 1)),
    ("Give Turkey to Naples", GiveChit("Florence", "Turkey", "Naples")),
    ("Expense 1: 12 ducats Disband Army Bologna", Expense("Florence", 1, 12, "disband", "BOL", None)),
    ("Expense 2:  3 ducats Counter-bribe Army Arezzo", Expense("Florence", 2, 3, "counter_bribe", "ARE", None)),
    ("Expense 3: 24 ducats Assassinate Papacy", Expense("Florence", 3, 24, "assassinate", "Papacy")),
    ("Expense 2: none", Expense("Florence", 2, 0, "none")),
    ("Expense 2: 3 ducats famine relief milan", Expense("Florence", 2, 3, "famine_relief", "MIL")),
    ("Expense 1: 12 ducats pacify rebellion rome", Expense("Florence", 1, 12, "pacify", "RME")),
    ("Expense 1: 9 ducats cause rebellion saluz", Expense("Florence", 1, 9, "rebellion", "SLZ")),
    ("Expense 1: 9 ducats buy g savoy", Expense("Florence", 1, 9, "buy", "SAV", None)),
    ("Expense 1: 9 ducats garrison to autonomous bolog", Expense("Florence", 1, 9, "to_autonomous", "BOL", None)),
    ("Expense 1: 18 ducats buy f marse", Expense("Florence", 1, 18, "buy", "MAR", None)),
])
@pytest.mark.rule("rules.machiavelli/order-syntax-expenditure")
def test_rules_machiavelli_order_syntax_expenditure_orders(text, expected):
    """rules §Order syntax, expenditure orders, and the examples of §Borrowing and
    §List of allowed expenditures."""
    _, pos = position(FLORENCE)
    order = parse_order(text, "Florence", MACH, pos)
    if isinstance(expected, Expense) and expected.target_kind is None and isinstance(order, Expense):
        order = Expense(order.power, order.number, order.amount, order.kind, order.target, None)
    assert order == expected


@pytest.mark.rule("rules.machiavelli/expenditures-1")
def test_rules_machiavelli_expense_numbers_are_one_to_four():
    _, pos = position(FLORENCE)
    report = run_phase(MACH, pos, "Florence: Expense 5: 3 ducats famine relief milan\n", "orders.txt")
    assert report.unreadable == 1 and "numbered 1 to 4" in report.problems[0]


# -- the bank ---------------------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/borrowing-1", "rules.machiavelli/borrowing-example-1")
def test_rules_machiavelli_borrowing_interest_rounded_up_and_due_date():
    """rules §Borrowing, example 1: 15 ducats for two years in Summer 1492 -> 23 due in Summer 1494."""
    report = play(FLORENCE, "Florence: Borrow 15 ducats for 2 years\n", "treasury: {Florence: 0, Papacy: 0}\n",
                  phase="Summer 1492 Movement")
    ex = after(report)
    assert ex.loans == {"Florence": (Loan(15, 8, "Summer 1494"),)}
    assert ex.treasury["Florence"] == 15
    one = play(FLORENCE, "Florence: Borrow 10 ducats for 1 year\n", "treasury: {Florence: 0}\n")
    assert after(one).loans["Florence"] == (Loan(10, 2, "Spring 1455"),)


@pytest.mark.rule("rules.machiavelli/borrowing-1", "rules.machiavelli/borrowing-repayment", "rules.machiavelli/borrowing-example-2")
def test_rules_machiavelli_borrowing_limit_counts_principal_at_that_moment():
    """rules §Borrowing, example 2: owing 25 (+13), a power may not borrow 18 to pay it off; paying
    20 first brings the principal to 18 (interest goes first: 13, then 7 of principal)."""
    loans = "loans: {Florence: [{principal: 25, interest: 13, due: Summer 1456}]}\n"
    report = play(FLORENCE, "Florence: Borrow 18 ducats for 1 year\n", loans + "treasury: {Florence: 20}\n")
    assert result_of(report, "Borrow 18 ducats for 1 year").outcome is Outcome.FAILURE
    report = play(FLORENCE, "Florence: Pay 20 ducats to bank\nFlorence: Borrow 7 ducats for 1 year\n",
                  loans + "treasury: {Florence: 20}\n")
    ex = after(report)
    mine = ex.loans["Florence"]
    assert Loan(18, 0, "Summer 1456") in mine
    assert Loan(7, 2, "Spring 1455") in mine
    assert ex.treasury["Florence"] == 7
    # 18 + 8 = 26 would pass the limit of 25.
    report = play(FLORENCE, "Florence: Pay 20 ducats to bank\nFlorence: Borrow 8 ducats for 1 year\n",
                  loans + "treasury: {Florence: 20}\n")
    assert result_of(report, "Borrow 8 ducats for 1 year").outcome is Outcome.FAILURE


@pytest.mark.rule("rules.machiavelli/borrowing-in-debt", "rules.machiavelli/borrowing-sequence")
def test_rules_machiavelli_no_gifts_while_in_debt_to_the_bank():
    """rules §Borrowing: 'A player who is in debt to the bank cannot loan money to another
    player before paying off the debt'; a power out of debt may give."""
    loans = "loans: {Florence: [{principal: 5, interest: 1, due: Spring 1455}]}\n"
    report = play(FLORENCE, "Florence: Pay 6 ducats to Papacy\n", loans + "treasury: {Florence: 20, Papacy: 0}\n")
    assert result_of(report, "Pay 6 ducats to Papacy").outcome is Outcome.FAILURE
    assert after(report).treasury == {"Florence": 20, "Papacy": 0} | {k: v for k, v in after(report).treasury.items() if k not in ("Florence", "Papacy")}
    # Paying the bank first (step a) clears the debt, then the gift (step b) goes through.
    report = play(FLORENCE, "Florence: Pay 6 ducats to bank\nFlorence: Pay 6 ducats to Papacy\n",
                  loans + "treasury: {Florence: 20, Papacy: 0}\n")
    assert result_of(report, "Pay 6 ducats to Papacy").outcome is Outcome.SUCCESS
    assert after(report).treasury["Florence"] == 8 and after(report).treasury["Papacy"] == 6
    assert after(report).loans is None


@pytest.mark.rule("rules.machiavelli/borrowing-2", "rules.machiavelli/borrowing-default", "rules.machiavelli/sequence-d", "rules.machiavelli/assassination-effects-3")
def test_rules_machiavelli_borrow_to_pay_a_due_loan_and_default_means_the_bankers_assassinate():
    """rules §Borrowing: the bank collects at the end of the borrowing step; a power that cannot
    pay is assassinated by the bankers (its expenses wasted, its units hold) and never borrows
    again."""
    loans = "loans: {Florence: [{principal: 15, interest: 8, due: Spring 1454}]}\n"
    ok = play(FLORENCE, "Florence: Borrow 10 ducats for 1 year\nFlorence: A FLO - PST\n", loans + "treasury: {Florence: 13}\n")
    assert after(ok).treasury["Florence"] == 0
    assert after(ok).loans["Florence"] == (Loan(10, 2, "Spring 1455"),)
    assert "Florence: A PST" in units_after(ok)
    bad = play(FLORENCE, "Florence: A FLO - PST\nFlorence: Expense 1: 3 ducats counter-bribe a ARE\n",
               loans + "treasury: {Florence: 13}\n")
    ex = after(bad)
    assert ex.bankrupt == ("Florence",) and ex.loans is None
    assert "Florence: A FLO" in units_after(bad)
    assert result_of(bad, "A FLO - PST").reason == "the ruler was assassinated: the unit holds"
    assert "wasted" in result_of(bad, "Expense 1: 3 ducats counter-bribe A ARE").reason
    again = play(FLORENCE, "Florence: Borrow 5 ducats for 1 year\n", "bankrupt: [Florence]\ntreasury: {Florence: 0}\n")
    assert result_of(again, "Borrow 5 ducats for 1 year").outcome is Outcome.FAILURE


# -- expenses and bribes ----------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/expenditures-h", "rules.machiavelli/expenditures-c1")
def test_rules_machiavelli_bribe_disband_army_and_counter_bribe():
    """rules §List of allowed expenditures c) 1: 'If you try to disband a unit with 12+0 ducats
    and the affected player has counter-bribed it with 3d the disband fails. To succeed you would
    have needed to pay 12+3d.'"""
    t = "treasury: {Florence: 30, Papacy: 30}\n"
    report = play(FLORENCE, "Florence: Expense 1: 12 ducats disband a BOL\n", t)
    assert "Papacy: A BOL" not in units_after(report)
    assert after(report).treasury["Florence"] == 18
    report = play(FLORENCE, "Florence: Expense 1: 12 ducats disband a BOL\nPapacy: Expense 1: 3 ducats counter-bribe a BOL\n", t)
    assert "Papacy: A BOL" in units_after(report)
    assert result_of(report, "Expense 1: 12 ducats disband A BOL").outcome is Outcome.FAILURE
    assert after(report).treasury == {**after(report).treasury, "Florence": 18, "Papacy": 27}
    report = play(FLORENCE, "Florence: Expense 1: 15 ducats disband a BOL\nPapacy: Expense 1: 3 ducats counter-bribe a BOL\n", t)
    assert "Papacy: A BOL" not in units_after(report)


@pytest.mark.rule("rules.machiavelli/expenditures-c4")
def test_rules_machiavelli_bribes_largest_wins_tie_wastes_all():
    """rules §List of allowed expenditures c) 4: only the largest bribe on a unit may succeed;
    a tie for the largest: all fail and are wasted."""
    units = FLORENCE + "  Milan: [A MOD]\n"
    t = "treasury: {Florence: 40, Papacy: 40, Milan: 40}\n"
    report = play(units, "Florence: Expense 1: 21 ducats buy a BOL\nMilan: Expense 1: 12 ducats disband a BOL\n", t)
    assert "Florence: A BOL" in units_after(report)
    assert result_of(report, "Expense 1: 12 ducats disband A BOL").outcome is Outcome.FAILURE
    report = play(units, "Florence: Expense 1: 18 ducats buy a BOL\nMilan: Expense 1: 18 ducats disband a BOL\n", t)
    assert "Papacy: A BOL" in units_after(report)
    assert after(report).treasury["Florence"] == 22 and after(report).treasury["Milan"] == 22


@pytest.mark.rule("rules.machiavelli/bribes-3", "rules.machiavelli/expenditures-i")
def test_rules_machiavelli_bought_unit_obeys_its_buyer_in_the_same_campaign():
    """rules §List of allowed expenditures, bribes 3): 'A player who orders a bribe to buy
    another unit may also submit orders for that unit in the same campaign.'"""
    report = play(FLORENCE, "Florence: Expense 1: 18 ducats buy a BOL\nFlorence: A BOL - MOD\n",
                  "treasury: {Florence: 30}\n")
    assert "Florence: A MOD" in units_after(report)


@pytest.mark.rule("rules.machiavelli/control-example-1", "rules.machiavelli/control-1", "rules.machiavelli/sequence-b")
def test_rules_machiavelli_control_example_1_a_bought_unit_takes_its_province_before_it_moves_away():
    """rules §Control of provinces and cities, example 1: "if a unit is purchased, ownership of
    the province the unit is in changes before the unit moves away" (and 5: with it the
    ungarrisoned city). Florence buys A BOL and moves it to Modena: Bologna is Florence's."""
    report = play(FLORENCE, "Florence: Expense 1: 18 ducats buy a BOL\nFlorence: A BOL - MOD\n",
                  "treasury: {Florence: 30}\n")
    assert "Florence: A MOD" in units_after(report)
    assert after(report).province_control["BOL"] == "Florence"
    assert after(report).city_control["BOL"] == "Florence"
    assert after(report).province_control["MOD"] == "Florence"
    # Not bought: the province stays its owner's when the unit moves away.
    report = play(FLORENCE, "Papacy: A BOL - MOD\n", "treasury: {Florence: 30}\n")
    assert after(report).province_control["BOL"] == "Papacy"


@pytest.mark.rule("rules.machiavelli/expenditures-d", "rules.machiavelli/expenditures-e", "rules.machiavelli/autonomous-garrisons-1")
def test_rules_machiavelli_autonomous_garrisons_bought_or_disbanded():
    """rules §List of allowed expenditures d), e): 6 to disband, 9 to buy an autonomous garrison;
    a 3d counter-bribe defeats the 9 (the rules' example), from Milan's army next to Lucca (a
    counter-bribe needs a unit in or next to its target's area, rules §Variant specific judge
    commands, adjacency)."""
    units = "  Florence: [A PSA]\n  Milan: [A MOD]\n"
    # The helper's position has no autonomous garrisons: give Lucca one.
    variant, pos = position(units, "treasury: {Florence: 20, Milan: 10}\n")
    pos = pos.evolve(state=state_of(pos).replace(autonomous=("LUC",)))
    report = run_phase(variant, pos, "Florence: Expense 1: 9 ducats buy g LUC\n", "orders.txt")
    assert "Florence: G LUC" in units_after(report) and "LUC" not in (after(report).autonomous or ())
    report = run_phase(variant, pos, "Florence: Expense 1: 9 ducats buy g LUC\nMilan: Expense 1: 3 ducats counter-bribe g LUC\n", "orders.txt")
    assert "Florence: G LUC" not in units_after(report) and "LUC" in after(report).autonomous
    report = run_phase(variant, pos, "Florence: Expense 1: 6 ducats disband g LUC\n", "orders.txt")
    assert "LUC" not in (after(report).autonomous or ()) and "Florence: G LUC" not in units_after(report)


@pytest.mark.rule("rules.machiavelli/expenditures-f", "rules.machiavelli/expenditures-c3", "rules.machiavelli/self-bribes")
def test_rules_machiavelli_expenditure_f_bribe_in_a_shared_province_targets_the_unit_not_the_bribers():
    """rules §List of allowed expenditures f) ("garrison to autonomous bolog": no unit type) and
    seed 003's one-meaning rule: in an area holding two units, one the briber's own, a bribe
    that leaves the type out is on the other unit (as njudge reads it); a garrison-to-autonomous
    bribe is on the garrison whatever stands beside it; a counter-bribe so written guards the
    briber's own unit."""
    units = "  Florence: [A BOL]\n  Papacy: [G BOL]\n"
    t = "treasury: {Florence: 40, Papacy: 10}\n"
    r = play(units, "Florence: Expense 1: 9 ducats garrison to autonomous BOL\n", t)
    assert result_of(r, "Expense 1: 9 ducats garrison to autonomous BOL").outcome is Outcome.SUCCESS
    assert units_after(r) == {"Florence: A BOL"} and after(r).autonomous == ("BOL",)
    r = play(units, "Florence: Expense 1: 12 ducats disband BOL\n", t)
    assert units_after(r) == {"Florence: A BOL"}
    # Papacy's army beside Florence's garrison: the mirror case.
    r = play("  Florence: [G BOL]\n  Papacy: [A BOL]\n", "Florence: Expense 1: 12 ducats disband BOL\n", t)
    assert units_after(r) == {"Florence: G BOL"}
    # The counter-bribe, type left out, guards Papacy's own garrison: 12 - 3 is too little.
    r = play(units, "Florence: Expense 1: 12 ducats disband BOL\nPapacy: Expense 1: 3 ducats counter-bribe BOL\n", t)
    assert units_after(r) == {"Florence: A BOL", "Papacy: G BOL"}
    # A unit type given is followed: Florence bribes its own army (a self-bribe, allowed).
    r = play(units, "Florence: Expense 1: 12 ducats disband a BOL\n", t)
    assert units_after(r) == {"Papacy: G BOL"}


@pytest.mark.rule("rules.machiavelli/bribes-2", "rules.machiavelli/expenditures-g")
def test_rules_machiavelli_bribes_on_major_city_garrisons_cost_double():
    """rules §List of allowed expenditures, bribes 2): the minimum against a garrison in a city
    worth 2 or more is doubled (Rome: 24 to disband, 36 to buy)."""
    units = "  Florence: [A PER]\n  Papacy: [G RME]\n"
    t = "treasury: {Florence: 60}\n"
    report = play(units, "Florence: Expense 1: 12 ducats disband g RME\n", t)
    assert "Papacy: G RME" in units_after(report)
    assert "24" in result_of(report, "Expense 1: 12 ducats disband G RME").reason
    report = play(units, "Florence: Expense 1: 24 ducats disband g RME\n", t)
    assert "Papacy: G RME" not in units_after(report)


@pytest.mark.rule("rules.machiavelli/expenditures-1")
def test_rules_machiavelli_expenditures_money_spent_even_when_they_fail():
    """rules §Expenditures: the cost is subtracted even when the expenditure is invalid; an empty
    treasury is used to the last ducat, in the expenses' numbered order."""
    report = play(FLORENCE, "Florence: Expense 1: 12 ducats pacify rebellion BOL\n", "treasury: {Florence: 20}\n")
    assert result_of(report, "Expense 1: 12 ducats pacify rebellion BOL").outcome is Outcome.ILLEGAL
    assert after(report).treasury["Florence"] == 8
    report = play(FLORENCE, "Florence: Expense 2: 12 ducats disband a BOL\nFlorence: Expense 1: 12 ducats disband a RME\n",
                  "treasury: {Florence: 20}\n")
    assert "Papacy: A BOL" in units_after(report)  # expense 2 had only 8 ducats left
    assert after(report).treasury["Florence"] == 0


@pytest.mark.rule("rules.machiavelli/options-adjacency")
def test_rules_machiavelli_bribe_needs_an_adjacent_unit():
    """rules §Variant specific judge commands, adjacency (on by default): a bribe needs a unit of
    the briber in or next to the target's area; with the switch off it does not."""
    units = "  Florence: [A PSA]\n  Papacy: [A RME]\n"
    report = play(units, "Florence: Expense 1: 12 ducats disband a RME\n", "treasury: {Florence: 20}\n")
    assert "Papacy: A RME" in units_after(report)
    report = play(units, "Florence: Expense 1: 12 ducats disband a RME\n", "treasury: {Florence: 20}\n",
                  options={"bribe_adjacency": False})
    assert "Papacy: A RME" not in units_after(report)


# -- rebellions -------------------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/expenditures-k", "rules.machiavelli/rebellions-7.1", "rules.machiavelli/rebellions-8.2", "rules.machiavelli/rebellions-8.3")
def test_rules_machiavelli_rebellions_cost_income_and_liberation():
    """rules §Rebellions j), k) and §Effects of rebellions 7, 8: 15 ducats in a home province, 9
    in a conquered one; the province yields nothing; another power's unit entering liberates it;
    the targeted power holding there for a campaign puts it down."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER]\n"
    t = "treasury: {Florence: 30, Papacy: 0}\n"
    report = play(units, "Florence: Expense 1: 9 ducats cause rebellion PER\n", t)
    assert "PER" not in (after(report).rebellions or {})  # Perugia is a Papal home province: 15
    report = play(units, "Florence: Expense 1: 15 ducats cause rebellion PER\n", t)
    reb = after(report).rebellions
    assert reb["PER"].against == "Papacy" and after(report).treasury["Florence"] == 15
    # Income: Perugia yields nothing while in rebellion.
    from judge.variants.machiavelli.control import initialised

    variant, pos = position(units, t, phase="Winter 1454 Income")
    pos = initialised(variant, pos)
    base = money.income_blocked(pos)
    pos2 = pos.evolve(state=state_of(pos).replace(rebellions=reb))
    from judge.variants.machiavelli.rules import income
    assert income(variant, pos2)["Papacy"].provinces == income(variant, pos)["Papacy"].provinces - 1
    assert base == (set(), set())
    # The Papal army holding in Perugia puts it down; Florence entering it liberates it.
    held = play(units, "Papacy: A PER H\n", t + f"rebellions: {{PER: {{against: Papacy, city: false}}}}\n")
    assert after(held).rebellions is None
    freed = play("  Florence: [A ARE]\n", "Florence: A ARE - PER\n", t + "rebellions: {PER: {against: Papacy, city: false}}\n")
    assert after(freed).rebellions is None
    stays = play("  Florence: [A ARE]\n", "Florence: A ARE H\n", t + "rebellions: {PER: {against: Papacy, city: false}}\n")
    assert "PER" in after(stays).rebellions


@pytest.mark.rule("rules.machiavelli/expenditures-b", "rules.machiavelli/rebellions-8.5")
def test_rules_machiavelli_pacify_rebellion_ends_it():
    """rules §List of allowed expenditures b): 12 ducats end a rebellion."""
    report = play("  Papacy: [A SPO]\n", "Papacy: Expense 1: 12 ducats pacify rebellion PER\n",
                  "treasury: {Papacy: 12}\nrebellions: {PER: {against: Papacy, city: false}}\n")
    assert after(report).rebellions is None and after(report).treasury["Papacy"] == 0


# -- assassinations ---------------------------------------------------------------------------


def _seed_for(units: str, extra: str, success: bool, amount: int) -> str:
    """A dice seed under which the first assassination die succeeds (or fails), found with the
    judge's own dice."""
    _, pos = position(units, extra)
    for k in range(200):
        p = pos.evolve(extra={**pos.extra, "dice_seed": f"s{k}"})
        die = money.dice(p, "assassination").d6()
        if (die <= amount // 12) == success:
            return f"s{k}"
    raise AssertionError("no seed found")


@pytest.mark.rule("rules.machiavelli/assassination-1", "rules.machiavelli/assassination-2", "rules.machiavelli/assassination-effects-1")
def test_rules_machiavelli_assassination_chits_odds_and_effects():
    """rules §Assassinations: a chit is needed and used up; 12 ducats a sixth of a chance, up to
    36; the victim's orders become holds and its sieges are broken."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER, A BOL]\n"
    t = "treasury: {Florence: 40}\n"
    order = "Florence: Expense 1: 36 ducats assassinate Papacy\nPapacy: A PER - SIE\nPapacy: A BOL - MOD\n"
    hit = play(units, order, t, seed=_seed_for(units, t, True, 36))
    assert result_of(hit, "Expense 1: 36 ducats assassinate Papacy").outcome is Outcome.SUCCESS
    assert {"Papacy: A PER", "Papacy: A BOL"} <= units_after(hit)
    assert "Papacy" not in after(hit).chits["Florence"]
    miss = play(units, order, t, seed=_seed_for(units, t, False, 36))
    assert result_of(miss, "Expense 1: 36 ducats assassinate Papacy").outcome is Outcome.FAILURE
    assert "Papacy: A SIE" in units_after(miss)
    assert "Papacy" not in after(miss).chits["Florence"]
    # Without the chit: no attempt, the money is lost.
    again = play(units, order, t + "chits: {Florence: [Milan]}\n")
    assert result_of(again, "Expense 1: 36 ducats assassinate Papacy").outcome is Outcome.ILLEGAL
    assert after(again).treasury["Florence"] == 4


@pytest.mark.rule("rules.machiavelli/assassination-1")
def test_rules_machiavelli_assassination_chits_change_hands():
    """rules §Assassinations: chits can be traded ('give Turkey to Naples')."""
    report = play(FLORENCE, "Florence: Give Turkey to Naples\n", "treasury: {Florence: 0}\n")
    chits = after(report).chits
    assert "Turkey" not in chits["Florence"] and "Turkey" in chits["Naples"]


# -- famine, plague, storms -------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/famine-a", "rules.machiavelli/famine-b", "rules.machiavelli/famine-d", "rules.machiavelli/famine-e", "rules.machiavelli/sequence-i", "rules.machiavelli/sequence-l", "rules.machiavelli/expenditures-a")
def test_rules_machiavelli_famine_rolled_after_fall_starves_units_after_spring():
    """rules §Famine: rolled after Fall (the areas of the table the dice strike are marked);
    struck areas yield no income (a garrisoned city still does) and allow no builds; armies and
    fleets still there after the next Spring starve and the famine ends; famine relief (3
    ducats) ends it at once."""
    units = "  Florence: [A ARE]\n"
    marked = [after(play(units, "", "treasury: {Florence: 0}\n", phase="Fall 1454 Movement", seed=f"f{k}")).famine
              for k in range(40)]
    assert any(marked) and not all(marked), "some seeds strike, some do not"
    for k, areas in enumerate(marked):
        _, pos = position(units, "treasury: {Florence: 0}\n", phase="Fall 1454 Movement")
        pos = pos.evolve(extra={**pos.extra, "dice_seed": f"f{k}"})
        struck, _ = aftermath._strike(MACH, MACH.data["famine"], money.dice(pos, "famine"))
        assert list(areas or []) == struck
    spring = play("  Florence: [A FLO, A ARE]\n", "", "treasury: {Florence: 0}\nfamine: [FLO]\n")
    assert "Florence: A FLO" not in units_after(spring) and "Florence: A ARE" in units_after(spring)
    assert after(spring).famine is None
    summer = play("  Florence: [A FLO]\n", "", "treasury: {Florence: 0}\nfamine: [FLO]\n", phase="Summer 1454 Movement")
    assert "Florence: A FLO" in units_after(summer) and after(summer).famine == ("FLO",)
    relief = play("  Florence: [A ARE]\n", "Florence: Expense 1: 3 ducats famine relief FLO\n",
                  "treasury: {Florence: 3}\nfamine: [FLO]\n")
    assert after(relief).famine is None
    # Income: Florence's province and its ungarrisoned city yield nothing; with a garrison the city does.
    from judge.variants.machiavelli.control import initialised
    from judge.variants.machiavelli.rules import income

    _, pos = position("  Florence: [A ARE]\n", "treasury: {Florence: 0}\n", phase="Winter 1454 Income")
    pos = initialised(MACH, pos)
    hit = pos.evolve(state=state_of(pos).replace(famine=("FLO",)))
    full, starved = income(MACH, pos)["Florence"], income(MACH, hit)["Florence"]
    assert starved.provinces == full.provinces - 1 and starved.cities == full.cities - 3
    _, gpos = position("  Florence: [A ARE, G FLO]\n", "treasury: {Florence: 0}\n", phase="Winter 1454 Income")
    gpos = initialised(MACH, gpos)
    assert income(MACH, gpos.evolve(state=state_of(gpos).replace(famine=("FLO",))))["Florence"].cities == income(MACH, gpos)["Florence"].cities
    # No builds in a famine area.
    _, adj = position("  Florence: [A ARE]\n", "treasury: {Florence: 20}\nfamine: [FLO]\n", phase="Winter 1454 Adjustment")
    built = run_phase(MACH, initialised(MACH, adj), "Florence: Build A FLO\n", "orders.txt")
    assert "famine" in result_of(built, "Build A FLO").reason


@pytest.mark.rule("rules.machiavelli/famine-a", "rules.machiavelli/famine-c")
def test_rules_machiavelli_famine_a_removes_garrisons_too():
    """rules §Famine a): "Any unit in a famined province at the end of the spring movement is
    eliminated. This includes garrison units." (njudge removes every unit, autonomous garrisons
    too); c) control does not change."""
    spring = play("  Florence: [A FLO, G FLO, A ARE]\n", "", "treasury: {Florence: 0}\nfamine: [FLO]\n")
    assert units_after(spring) == {"Florence: A ARE"}
    assert after(spring).province_control["FLO"] == "Florence" and after(spring).city_control["FLO"] == "Florence"
    variant, pos = position("  Florence: [A PSA]\n", "treasury: {Florence: 0}\nfamine: [LUC]\n")
    pos = pos.evolve(state=state_of(pos).replace(autonomous=("LUC", "SIE",)))
    report = run_phase(variant, pos, "", "orders.txt")
    assert after(report).autonomous == ("SIE",)
    assert after(report).city_control["LUC"] == "Autonomous"


@pytest.mark.rule("rules.machiavelli/plague", "rules.machiavelli/sequence-k")
def test_rules_machiavelli_plague_and_storms_are_options():
    """rules §Plague (after Spring: every unit in a struck area dies) and njudge's storms (after
    Fall: fleets in struck seas sink), both off by default."""
    units = "  Florence: [A FLO]\n"
    for k in range(5):
        r = play(units, "", "treasury: {Florence: 0}\n", seed=f"p{k}")
        assert not any("Plague" in n for n in r.result.notes)
    notes = [n for k in range(5)
             for n in play(units, "", "treasury: {Florence: 0}\n", seed=f"p{k}", options={"plague": True}).result.notes]
    assert any(n.startswith("Plague roll") for n in notes)
    notes = [n for k in range(5)
             for n in play("  Florence: [F ETS]\n", "", "treasury: {Florence: 0}\n", phase="Fall 1454 Movement",
                           seed=f"s{k}", options={"storms": True}).result.notes]
    assert any(n.startswith("Storm roll") for n in notes)


@pytest.mark.rule("rules.machiavelli/famine-severity", "rules.machiavelli/famine-table")
def test_rules_machiavelli_disaster_table_strikes_row_and_column():
    """rules §Famine: 2d6 severity, then a row and a column; the struck areas are those of the
    table's row and/or column (njudge's bands by default)."""
    from judge.dice import Dice

    table = MACH.data["famine"]
    seen = set()
    for k in range(300):
        struck, how = aftermath._strike(MACH, table, Dice(bytes([k % 256, k // 256])))
        m = re.match(r"severity (\d+) \(.*\), row (\d+), column (\d+)$", how)
        severity, row, col = map(int, m.groups())
        expect: set = set()
        if severity in (4, 6, 8, 9, 10, 11, 12):
            expect |= {a for a in table[row] if a}
        if severity in (5, 7, 8, 9, 10, 11, 12):
            expect |= {r[col - 2] for r in table.values() if r[col - 2]}
        assert set(struck) == expect
        seen.add(severity)
    assert seen >= {2, 4, 5, 7, 12}


@pytest.mark.rule("rules.machiavelli/advanced-basic-1")
def test_rules_machiavelli_basic_game_has_no_money():
    """rules §Advanced and basic rules: the Basic game has no money orders."""
    report = play(FLORENCE, "Florence: Borrow 5 ducats for 1 year\n", "treasury: {Florence: 0}\n", options={"money": False})
    assert result_of(report, "Borrow 5 ducats for 1 year").outcome is Outcome.ILLEGAL


def test_rules_machiavelli_dice_come_from_the_phase_seed():
    """Every die (income, famine, assassination) is drawn from the phase's seed: the same seed,
    the same dice; another seed, other dice (issue: verifiable randomness)."""
    _, pos = position(FLORENCE)
    a = [money.dice(pos.evolve(extra={**pos.extra, "dice_seed": "x"}), "famine").d6() for _ in range(1)]
    rolls = lambda seed, what: money.dice(pos.evolve(extra={**pos.extra, "dice_seed": seed}), what).rolls(20)
    assert rolls("x", "famine") == rolls("x", "famine")
    assert rolls("x", "famine") != rolls("y", "famine")
    assert rolls("x", "famine") != rolls("x", "plague")
    assert len(a) == 1


# -- njudge's known bugs (rules.machiavelli appendix 6 A): shown absent -------------------------


@pytest.mark.rule("rules.machiavelli/bugs-a3")
def test_njudge_bug_A3_elimination_waits_for_the_campaigns_retreats():
    """njudge #464: a power could be eliminated before its campaign's retreats. Florence's army
    in Florence, its last home city, is dislodged: in the retreat phase Florence is still in the
    game, and a retreat into Arezzo (a home city) keeps it there; without it, it is out."""
    from judge.variants.machiavelli.control import initialised

    variant, pos = position("  Florence: [A FLO]\n  Papacy: [A BOL, A RMA]\n", "treasury: {Florence: 0}\n")
    pos = initialised(variant, pos)
    st = state_of(pos)
    pos = pos.evolve(state=st.replace(city_control={**st.city_control, "ARE": "Papacy", "PSA": "Papacy"}))
    report = run_phase(variant, pos, "Papacy: A BOL - FLO\nPapacy: A RMA S A BOL - FLO\n", "orders.txt")
    nxt = report.result.next_position
    assert nxt.phase.kind.value == "Retreat"
    assert "Florence" not in (state_of(nxt).eliminated or ())
    kept = run_phase(variant, nxt, "Florence: A FLO - ARE\n", "orders.txt").result.next_position
    assert "Florence" not in (state_of(kept).eliminated or ())
    gone = run_phase(variant, nxt, "", "orders.txt").result.next_position
    assert "Florence" in (state_of(gone).eliminated or ())


@pytest.mark.rule("rules.machiavelli/bugs-a4a", "seed000/straits-3")
def test_njudge_bug_A4a_own_fleet_in_messina_lets_its_fleets_pass():
    """njudge #511: a power's fleet in Messina failed to let its other fleet pass Ionian Sea -
    Gulf of Naples when an enemy fleet tried to enter Messina. Seed 000: the keeper at the
    beginning of the phase decides, whatever happens to Messina."""
    units = "  Naples: [F MES, F ION]\n  Turkey: [F PAL]\n"
    report = play(units, "Naples: F ION - GON\nNaples: F MES H\nTurkey: F PAL - MES\n", "treasury: {Naples: 0}\n")
    assert "Naples: F GON" in units_after(report)


@pytest.mark.rule("rules.machiavelli/bugs-a4b")
def test_njudge_bug_A4b_a_bought_keeper_lets_its_buyers_fleets_pass():
    """njudge #537: after buying the fleet in Piombino, the buyer's own fleets were blocked
    between the Eastern Tyrrhenian Sea and Pisa. Bribes come before moves: the bought fleet is
    the buyer's at the moves, so the strait is open to the buyer."""
    units = "  Florence: [F PSA, A SIE]\n  Papacy: [F PIO]\n"
    report = play(units, "Florence: Expense 1: 18 ducats buy f PIO\nFlorence: F PSA - ETS\n", "treasury: {Florence: 18}\n")
    assert "Florence: F PIO" in units_after(report)
    assert "Florence: F ETS" in units_after(report)


@pytest.mark.rule("rules.machiavelli/bugs-a8")
def test_njudge_bug_A8_a_bribe_eliminates_nobody_before_the_campaign_ends():
    """njudge #534: a bribe could eliminate a power at the start of a campaign. Here Papacy's
    last home garrison is bought; Papacy is eliminated only at the end of the campaign, after
    its units moved (its army still moves this campaign)."""
    units = "  Florence: [A ARE]\n  Papacy: [G PER, A SPO]\n"
    variant, pos = position(units, "treasury: {Florence: 40}\n")
    from judge.variants.machiavelli.control import initialised

    pos = initialised(variant, pos)
    st = state_of(pos)
    pos = pos.evolve(state=st.replace(city_control={c: ("Florence" if p == "Papacy" and c != "PER" else p) for c, p in st.city_control.items()}))
    report = run_phase(variant, pos, "Florence: Expense 1: 18 ducats buy g PER\nPapacy: A SPO - TIV\n", "orders.txt")
    assert "Florence: G PER" in units_after(report)
    # Papacy's army still moved this campaign; Papacy is out at its end, and its units with it.
    assert result_of(report, "A SPO - TIV").outcome is Outcome.SUCCESS
    assert "Papacy" in (after(report).eliminated or ())
    assert "Papacy: A TIV" in {f"{u.power}: {u}" for u in report.result.disbanded}


@pytest.mark.rule("rules.machiavelli/bugs-b1", "rules.machiavelli/rebellions-8.3")
def test_njudge_fixed_425_a_third_power_liberates_a_rebellion():
    """njudge #425/#489 (fixed there, kept as a regression test): a rebellion was not lifted, and
    was turned on the liberator, when a third power entered the province."""
    report = play("  Florence: [A ARE]\n", "Florence: A ARE - PER\n",
                  "treasury: {Florence: 0}\nrebellions: {PER: {against: Papacy, city: false}}\n")
    assert after(report).rebellions is None


# -- the Basic game and two-campaign years ----------------------------------------------------


@pytest.mark.rule("rules.machiavelli/advanced-basic-2", "rules.machiavelli/bugs-b2")
def test_rules_machiavelli_basic_game_one_unit_per_controlled_city_and_province():
    """rules §Advanced and basic rules: no money; after Fall a power may have one unit for each
    city it controls together with its province: builds up to that, removals down to it."""
    from judge.variants.machiavelli.control import initialised

    basic = find_variant("machiavelli", options={"money": False})
    text = ("variant: machiavelli\nphase: Winter 1454 Adjustment\nunits:\n  Florence: [A PST]\n"
            "  Milan: [A MIL, A PAV, A CRE, A COM, A PIA]\nautonomous: []\n")
    pos = initialised(basic, parse_position(text, "t.yaml", basic)[1])
    from judge.variants.machiavelli.adjustment import basic_allowance

    assert basic_allowance(basic, state_of(pos), "Florence") == 3  # Florence, Arezzo, Pisa
    report = run_phase(basic, pos, "Florence: Build A FLO\nFlorence: Build F PSA\nFlorence: Build A ARE\n", "orders.txt")
    assert [r.outcome for r in report.resolutions() if r.power == "Florence"][:3] == [Outcome.SUCCESS, Outcome.SUCCESS, Outcome.ILLEGAL]
    milan = basic_allowance(basic, state_of(pos), "Milan")
    left = [u for u in report.result.next_position.units if u.power == "Milan"]
    assert len(left) == milan < 5
    assert not any((after(report).treasury or {}).values())


@pytest.mark.rule("rules.machiavelli/options-summer")
def test_rules_machiavelli_nosummer_two_campaigns_a_year():
    """rules §Variant specific judge commands (njudge 'set nosummer'): with the summer option off
    a year has Spring and Fall campaigns only."""
    two = find_variant("machiavelli", options={"summer": False})
    _, pos = position("  Florence: [A FLO]\n", "treasury: {Florence: 9}\n", options={"summer": False})
    report = run_phase(two, pos, "", "orders.txt")
    assert str(report.result.next_position.phase) == "Fall 1454 Movement"
    _, pos = position("  Florence: [A FLO]\n", "treasury: {Florence: 9}\n")
    assert str(run_phase(MACH, pos, "", "orders.txt").result.next_position.phase) == "Summer 1454 Movement"


# -- special units ----------------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/special-units-1", "rules.machiavelli/special-units-b", "rules.machiavelli/special-units-c")
def test_rules_machiavelli_special_units_build_cost_limit_and_upkeep():
    """rules §Special units: elite mercenaries cost 6 to build and keep, elite professionals 9,
    citizen's militia 6; one special unit in play per power (an order past it fails, its money
    lost)."""
    from judge.variants.machiavelli.control import initialised

    variant, pos = position("  Florence: [A ARE]\n", "treasury: {Florence: 40}\n", phase="Winter 1454 Adjustment")
    pos = initialised(variant, pos)
    report = run_phase(variant, pos, "Florence: Build elite mercenaries A FLO\nFlorence: Build ep F PSA\nFlorence: Maintain A ARE\n", "orders.txt")
    assert result_of(report, "Build elite mercenaries A FLO").outcome is Outcome.SUCCESS
    assert result_of(report, "Build elite professionals F PSA").outcome is Outcome.FAILURE
    nxt = report.result.next_position
    assert state_of(nxt).special_units == {"Florence": {"A FLO": "elite_mercenaries"}}
    assert state_of(nxt).treasury["Florence"] == 40 - 6 - 9 - 3
    # Next Winter its upkeep is 6.
    later = nxt.evolve(phase=pos.phase)
    report = run_phase(variant, later, "Florence: Maintain A FLO\nFlorence: Maintain A ARE\n", "orders.txt")
    assert result_of(report, "Maintain A FLO").reason == "maintained for 6 ducats"
    assert result_of(report, "Maintain A ARE").reason == "maintained for 3 ducats"


@pytest.mark.rule("rules.machiavelli/special-units-strength-1", "rules.machiavelli/special-units-b")
def test_rules_machiavelli_elite_units_have_strength_two():
    """rules §Special units: a unit of strength 2 counts twice in its moves, holds and supports
    (an elite army dislodges a lone army; an elite support carries a move past a supported
    hold); an ordinary unit does not."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER]\n"
    elite = "special_units: {Florence: {A ARE: elite_mercenaries}}\n"
    plain = play(units, "Florence: A ARE - PER\n", "treasury: {Florence: 0}\n")
    assert "Papacy: A PER" in units_after(plain)
    strong = play(units, "Florence: A ARE - PER\n", "treasury: {Florence: 0}\n" + elite)
    assert "Florence: A PER" in units_after(strong)
    assert after(strong).special_units == {"Florence": {"A PER": "elite_mercenaries"}}
    # Its support counts 2: A SIE - PER with the elite's support beats a hold supported once.
    units = "  Florence: [A ARE, A SIE]\n  Papacy: [A PER, A SPO]\n"
    orders = "Florence: A SIE - PER\nFlorence: A ARE S A SIE - PER\nPapacy: A SPO S A PER\n"
    assert "Papacy: A PER" in units_after(play(units, orders, "treasury: {Florence: 0}\n"))
    assert "Florence: A PER" in units_after(play(units, orders, "treasury: {Florence: 0}\n" + elite))


@pytest.mark.rule("rules.machiavelli/special-units-a", "rules.machiavelli/special-units-b", "rules.machiavelli/bribes-5")
def test_rules_machiavelli_special_units_cost_double_to_bribe():
    """rules §List of allowed expenditures, bribes 5): citizen's militia and elite professionals
    cost twice the normal bribe; elite mercenaries the normal amount. A bought special unit stays
    special, for its buyer."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER]\n"
    t = "treasury: {Florence: 60}\n"
    militia = "special_units: {Papacy: {A PER: citizens_militia}}\n"
    report = play(units, "Florence: Expense 1: 12 ducats disband a PER\n", t + militia)
    assert "Papacy: A PER" in units_after(report) and "24" in result_of(report, "Expense 1: 12 ducats disband A PER").reason
    report = play(units, "Florence: Expense 1: 36 ducats buy a PER\n", t + militia)
    assert "Florence: A PER" in units_after(report)
    assert after(report).special_units == {"Florence": {"A PER": "citizens_militia"}}
    mercs = "special_units: {Papacy: {A PER: elite_mercenaries}}\n"
    report = play(units, "Florence: Expense 1: 12 ducats disband a PER\n", t + mercs)
    assert "Papacy: A PER" not in units_after(report) and after(report).special_units is None


@pytest.mark.rule("rules.machiavelli/rebellions-6.1", "rules.machiavelli/rebellions-6.4")
def test_rules_machiavelli_rebels_support_the_one_other_power_moving_in():
    """rules §Effects of rebellions 6: a power the rebellion is not against gets one point of
    support moving into the rebelling province (1 and 4: none when two powers try)."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER]\n"
    reb = "rebellions: {PER: {against: Papacy, city: false}}\n"
    r = play(units, "Florence: A ARE - PER\n", "treasury: {Florence: 0}\n" + reb)
    assert "Florence: A PER" in units_after(r)
    r = play(units, "Florence: A ARE - PER\n", "treasury: {Florence: 0}\n")
    assert "Papacy: A PER" in units_after(r)
    two = "  Florence: [A ARE]\n  Papacy: [A PER]\n  Milan: [A SIE]\n"
    r = play(two, "Florence: A ARE - PER\nMilan: A SIE - PER\n", "treasury: {Florence: 0}\n" + reb)
    assert "Papacy: A PER" in units_after(r)
    assert "rebel_support" not in r.result.next_position.extra  # the rebels' support is not kept


@pytest.mark.rule("rules.machiavelli/bugs-a2a")
def test_njudge_bug_A2a_disband_a_special_unit_and_build_another_in_one_order_set():
    """njudge #383: ordering the disband of a special unit together with a special-unit build
    gave an error. Disbands come first, so the new special unit is within the limit."""
    from judge.variants.machiavelli.control import initialised

    variant, pos = position("  Florence: [A ARE]\n", "treasury: {Florence: 40}\n"
                            "special_units: {Florence: {A ARE: elite_mercenaries}}\n", phase="Winter 1454 Adjustment")
    pos = initialised(variant, pos)
    report = run_phase(variant, pos, "Florence: Disband A ARE\nFlorence: Build elite professionals A FLO\n", "orders.txt")
    assert result_of(report, "Disband A ARE").outcome is Outcome.SUCCESS
    assert result_of(report, "Build elite professionals A FLO").outcome is Outcome.SUCCESS
    assert after(report).special_units == {"Florence": {"A FLO": "elite_professionals"}}


@pytest.mark.rule("rules.machiavelli/bugs-a2b", "rules.machiavelli/expenditures-2")
def test_njudge_bug_A2b_an_expense_withdrawn_with_none():
    """njudge #548: cancelling a bribe (meant to buy special units) could go wrong. Here a later
    'Expense 1: none' replaces the bribe: nothing is spent and the unit stays."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER]\n"
    report = play(units, "Florence: Expense 1: 36 ducats buy a PER\nFlorence: Expense 1: none\n",
                  "treasury: {Florence: 40}\nspecial_units: {Papacy: {A PER: citizens_militia}}\n")
    assert "Papacy: A PER" in units_after(report) and after(report).treasury["Florence"] == 40


@pytest.mark.rule("rules.machiavelli/special-units-strength-3")
def test_rules_machiavelli_elite_unit_cannot_dislodge_a_besieger_in_the_second_season():
    """rules §Special units, strength 2, 3: an elite unit cannot dislodge a besieger in the
    siege's second campaign; against a unit that is not besieging it can."""
    units = "  Florence: [A ARE]\n  Papacy: [A SIE]\n"
    elite = "special_units: {Florence: {A ARE: elite_mercenaries}}\n"
    variant, pos = position(units, "treasury: {Florence: 0}\n" + elite)
    pos = pos.evolve(state=state_of(pos).replace(autonomous=("SIE",)))
    free = run_phase(variant, pos, "Florence: A ARE - SIE\n", "orders.txt")
    assert "Florence: A SIE" in units_after(free)
    besieging = pos.evolve(state=state_of(pos).replace(sieges={"SIE": Siege("Papacy", "SIE")}))
    held = run_phase(variant, besieging, "Florence: A ARE - SIE\nPapacy: A SIE besiege\n", "orders.txt")
    assert "Papacy: A SIE" in units_after(held) and "Florence: A ARE" in units_after(held)


@pytest.mark.rule("rules.machiavelli/rebellions-8.1")
def test_rules_machiavelli_a_rebelling_city_is_put_down_by_a_siege():
    """rules §Effects of rebellions 8.1: the power a rebelling city is against must besiege it
    (two campaigns); the rebellion in its province ends with it."""
    units = "  Papacy: [A PER]\n"
    reb = "rebellions: {PER: {against: Papacy, city: true}}\n"
    first = play(units, "Papacy: A PER besiege\n", "treasury: {Papacy: 0}\n" + reb)
    assert result_of(first, "A PER besiege").outcome is Outcome.SUCCESS
    assert after(first).sieges == {"PER": Siege("Papacy", "PER")} and "PER" in after(first).rebellions
    second = run_phase(MACH, first.result.next_position, "Papacy: A PER besiege\n", "orders.txt")
    assert after(second).rebellions is None and after(second).sieges is None
    # A rebellion in the province alone is not besieged: holding there puts it down.
    r = play(units, "Papacy: A PER besiege\n", "treasury: {Papacy: 0}\nrebellions: {PER: {against: Papacy, city: false}}\n")
    assert result_of(r, "A PER besiege").outcome is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/rebellions-5.3", "rules.machiavelli/conversion-2a")
def test_rules_machiavelli_rebellions_5_3_no_conversion_into_a_city_rebelling_against_you():
    """rules §Effects of rebellions 5.3: "The player who the rebellion is directed against can
    not convert into a rebelling city." The army holds; a city not in rebellion may be entered."""
    units = "  Papacy: [A PER]\n"
    r = play(units, "Papacy: A PER C G\n", "treasury: {Papacy: 0}\nrebellions: {PER: {against: Papacy, city: true}}\n")
    res = result_of(r, "A PER C G")
    assert res.outcome is Outcome.ILLEGAL and "5.3" in res.reason
    assert units_after(r) == {"Papacy: A PER"}
    r = play(units, "Papacy: A PER C G\n", "treasury: {Papacy: 0}\nrebellions: {PER: {against: Papacy, city: false}}\n")
    assert units_after(r) == {"Papacy: G PER"}


@pytest.mark.rule("rules.machiavelli/rebellions-5.2", "rules.machiavelli/movement-retreats-1")
def test_rules_machiavelli_rebellions_5_2_no_retreat_into_a_city_rebelling_against_you():
    """rules §Effects of rebellions 5.2: a dislodged unit may not retreat into (convert into) a
    city rebelling against its power: with no other way out it is disbanded."""
    units = "  Milan: [A LUC]\n  Florence: [A PSA, A PST, A BOL, A MOD, F EGL]\n"
    orders = "Florence: A PSA - LUC\nFlorence: A PST S A PSA - LUC\n"
    free = play(units, orders, "treasury: {Milan: 0}\n")
    assert free.result.next_position.phase.kind.value == "Retreat"
    r = play(units, orders, "treasury: {Milan: 0}\nrebellions: {LUC: {against: Milan, city: true}}\n")
    assert r.result.next_position.phase.kind.value != "Retreat"
    assert "Milan: A LUC" not in units_after(r) and "Milan: G LUC" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/rebellions-6.5", "rules.machiavelli/rebellions-5.4")
def test_rules_machiavelli_rebels_support_a_converting_garrison():
    """rules §Effects of rebellions 6.5: a garrison of a power the rebellion is not against,
    converting into the rebelling province, gets the rebels' point of support; without the
    rebellion, or with a second power moving in (6.4), it bounces."""
    units = "  Florence: [G MOD]\n  Papacy: [A MOD]\n"
    reb = "rebellions: {MOD: {against: Papacy, city: false}}\n"
    r = play(units, "Florence: G MOD C A\n", "treasury: {Florence: 0}\n" + reb)
    assert "Florence: A MOD" in units_after(r)
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["A MOD"]
    r = play(units, "Florence: G MOD C A\n", "treasury: {Florence: 0}\n")
    assert units_after(r) == {"Florence: G MOD", "Papacy: A MOD"}
    two = units + "  Milan: [A PAR]\n"
    r = play(two, "Florence: G MOD C A\nMilan: A PAR - MOD\n", "treasury: {Florence: 0}\n" + reb)
    assert {"Florence: G MOD", "Papacy: A MOD"} <= units_after(r)
