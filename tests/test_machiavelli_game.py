"""A scripted Machiavelli game, 1453 to 1456, through every kind of phase: income, adjustments
(upkeep and builds), Spring, Summer and Fall campaigns with their retreats, with money orders (a
loan taken and repaid, a gift, a bribe defeated by a counter-bribe), sieges of autonomous
garrisons completed, a conversion, a dislodgement and its retreat, and the disasters' rolls.

Each phase is played through :func:`judge.adjudication.run_phase` (the command line's path) on the
position the previous phase produced, written to its file and read back as the game layer does;
the dice seed of each phase is set as the game layer sets it (here: the phase's name).
"""

from __future__ import annotations

import pytest

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.positions import format_position, parse_position
from judge.variants import find_variant
from judge.variants.machiavelli.rules import start_position
from judge.variants.machiavelli.state import Loan, state_of

MACH = find_variant("machiavelli")

SCRIPT = [
    ("Winter 1453 Income", ""),
    ("Winter 1453 Adjustment", ""),  # no orders: every unit kept while money lasts
    ("Spring 1454 Movement", """
        Florence: Borrow 10 ducats for 1 year
        Florence: Expense 1: 3 ducats counter-bribe a ARE
        Florence: A FLO - SIE
        Florence: A ARE H
        Papacy: Expense 1: 12 ducats disband a ARE
        Venice: Pay 2 ducats to Florence
        Milan: A CRE - MAN
    """),
    ("Summer 1454 Movement", """
        Florence: A SIE besiege
        Milan: A MAN besiege
    """),
    ("Fall 1454 Movement", """
        Florence: A SIE besiege
        Milan: A MAN besiege
    """),
    ("Winter 1454 Income", ""),
    ("Winter 1454 Adjustment", "Florence: Build A FLO\n"),
    ("Spring 1455 Movement", """
        Florence: A ARE - PER
        Florence: A SIE S A ARE - PER
        Florence: A FLO H
        Papacy: A PER H
    """),
    ("Spring 1455 Retreat", "Papacy: A PER - SPO\n"),
    ("Summer 1455 Movement", "Florence: A PER C G\n"),
    ("Fall 1455 Movement", ""),
    ("Winter 1455 Income", ""),
    ("Winter 1455 Adjustment", ""),
]


def _reread(position):
    """The position through its file, as the game layer keeps it between phases."""
    return parse_position(format_position(position), "position.yaml", MACH)[1]


def _outcome(report, text):
    found = [r for r in report.resolutions() if r.order_text == text]
    assert found, (text, [r.order_text for r in report.resolutions()])
    return found[0]


@pytest.mark.rule("rules.machiavelli/game-year")
def test_rules_machiavelli_a_scripted_game_through_every_kind_of_phase():
    position = _reread(start_position(MACH))
    seen = {}
    for phase, orders in SCRIPT:
        assert str(position.phase) == phase, f"expected {phase}, the game is at {position.phase}"
        rolled = position.evolve(extra={**position.extra, "dice_seed": phase})
        report = run_phase(MACH, rolled, "\n".join(line.strip() for line in orders.strip().splitlines()), "orders.txt")
        assert report.unreadable == 0, report.problems
        seen[phase] = (position, report)
        position = _reread(report.result.next_position.evolve(
            extra={k: v for k, v in report.result.next_position.extra.items() if k != "dice_seed"}))

    def treasury(phase, power):
        return (state_of(seen[phase][0]).treasury or {}).get(power, 0)

    # Income paid each Winter; upkeep paid at the adjustments.
    first = state_of(seen["Winter 1453 Income"][1].result.next_position)
    assert all(v > 0 for v in first.treasury.values())
    # Spring 1454: the loan (10 + 2 due in Spring 1455), Venice's gift, the bribe defeated.
    spring = seen["Spring 1454 Movement"][1]
    assert _outcome(spring, "Borrow 10 ducats for 1 year").outcome is Outcome.SUCCESS
    assert _outcome(spring, "Pay 2 ducats to Florence").outcome is Outcome.SUCCESS
    assert _outcome(spring, "Expense 1: 12 ducats disband A ARE").outcome is Outcome.FAILURE
    after_spring = seen["Summer 1454 Movement"][0]
    assert state_of(after_spring).loans["Florence"] == (Loan(10, 2, "Spring 1455"),)
    assert treasury("Summer 1454 Movement", "Florence") == treasury("Spring 1454 Movement", "Florence") + 10 + 2 - 3
    # The sieges: begun in Summer, completed in Fall; the autonomous garrisons are gone.
    fall = state_of(seen["Winter 1454 Income"][0])
    assert "SIE" not in fall.autonomous and "MAN" not in fall.autonomous
    assert fall.city_control["SIE"] == "Florence" and fall.city_control["MAN"] == "Milan"
    # Winter 1454: income counts the new cities; Florence builds in Florence.
    paid = state_of(seen["Winter 1454 Income"][1].result.next_position).income
    assert paid["Florence"].cities >= 3 + 1 + 1 + 1  # Florence, Arezzo, Pisa, Siena
    built = seen["Winter 1454 Adjustment"][1]
    assert _outcome(built, "Build A FLO").outcome is Outcome.SUCCESS
    # Spring 1455: the bank collects 12; Perugia falls to Florence and the Papal army retreats.
    s55 = seen["Spring 1455 Movement"]
    assert any("repays 12 ducats" in n for n in s55[1].result.notes)
    assert state_of(seen["Spring 1455 Retreat"][0]).loans is None
    retreat = seen["Spring 1455 Retreat"][1]
    assert _outcome(retreat, "A PER R SPO").outcome is Outcome.SUCCESS
    # Summer 1455: the army in Perugia becomes its garrison.
    summer = seen["Summer 1455 Movement"][1]
    assert _outcome(summer, "A PER C G").outcome is Outcome.SUCCESS
    assert any(str(u) == "G PER" and u.power == "Florence" for u in seen["Fall 1455 Movement"][0].units)
    # Fall 1455: the next famine is rolled, with the phase's dice.
    assert any(n.startswith("Famine roll") for n in seen["Fall 1455 Movement"][1].result.notes)
    # The game goes on into 1456.
    assert str(position.phase) == "Spring 1456 Movement"


def test_rules_machiavelli_random_games_with_money_keep_their_invariants():
    """Random orders of every kind (moves, sieges, conversions, bribes, loans, gifts,
    assassinations, rebellions, special builds) over 4 games of 20 phases, plague and storms on:
    no crash; every position round-trips through its file; no treasury below zero; one army or
    fleet a province; every special unit and siege refers to a unit on the board."""
    import random

    from judge.core.types import PhaseKind, UnitType

    variant = find_variant("machiavelli", options={"plague": True, "storms": True})
    board = variant.board
    rng = random.Random(11)
    played = 0
    for game in range(4):
        position = _reread_in(variant, start_position(variant, dice_seed=f"g{game}"))
        for step in range(20):
            lines = []
            kind = position.phase.kind
            if kind is PhaseKind.MOVEMENT:
                for u in position.units:
                    near = sorted(board.neighbours[u.province])
                    roll = rng.random()
                    if roll < 0.5 and near:
                        lines.append(f"{u.power}: {u.kind.value} {u.location} - {rng.choice(near)}")
                    elif roll < 0.6:
                        lines.append(f"{u.power}: {u.kind.value} {u.location} besiege")
                    elif roll < 0.7:
                        lines.append(f"{u.power}: {u.kind.value} {u.location} C {rng.choice('AFG')}")
                for p in variant.powers:
                    if position.units and rng.random() < 0.5:
                        t = rng.choice(position.units)
                        what = rng.choice(["disband", "buy", "garrison to autonomous", "counter-bribe"])
                        lines.append(f"{p}: Expense {rng.randint(1, 4)}: {rng.choice([3, 9, 12, 18, 24, 36])} ducats {what} {t.kind.value} {t.province}")
                    if rng.random() < 0.3:
                        lines.append(f"{p}: Borrow {rng.randint(0, 25)} ducats for {rng.choice([1, 2])} years")
                    if rng.random() < 0.2:
                        lines.append(f"{p}: Pay {rng.randint(0, 20)} ducats to {rng.choice([*variant.powers, 'bank'])}")
                    if rng.random() < 0.1:
                        lines.append(f"{p}: Expense 4: 12 ducats assassinate {rng.choice(list(variant.powers))}")
                    if rng.random() < 0.1:
                        lines.append(f"{p}: Expense 3: 15 ducats cause rebellion {rng.choice(sorted(board.provinces))}")
            elif kind is PhaseKind.RETREAT:
                for d in position.dislodged:
                    near = sorted(board.neighbours[d.unit.province])
                    if near:
                        lines.append(f"{d.unit.power}: {d.unit} - {rng.choice(near)}")
            elif kind is PhaseKind.ADJUSTMENT:
                for p in variant.powers:
                    for h in variant.homes(p):
                        if rng.random() < 0.2:
                            lines.append(f"{p}: Build {rng.choice(['', 'em ', 'cm ', 'ep '])}{rng.choice('AFG')} {h}")
            rolled = position.evolve(extra={**position.extra, "dice_seed": f"g{game}s{step}"})
            report = run_phase(variant, rolled, "\n".join(lines), "orders.txt")
            played += 1
            nxt = _reread_in(variant, report.result.next_position.evolve(
                extra={k: v for k, v in report.result.next_position.extra.items() if k != "dice_seed"}))
            st = state_of(nxt)
            assert all(v >= 0 for v in (st.treasury or {}).values())
            field = [u.province for u in nxt.units if u.kind is not UnitType.GARRISON]
            assert len(field) == len(set(field))
            on_board = {(u.power, str(u)) for u in nxt.units} | {(d.unit.power, str(d.unit)) for d in nxt.dislodged}
            for p, units in (st.special_units or {}).items():
                assert all((p, u) in on_board for u in units), (p, units)
            for city, s in (st.sieges or {}).items():
                assert any(u.power == s.by and u.province == s.unit for u in nxt.units), (city, s)
            position = nxt
            if report.result.winner:
                break
    assert played >= 60


def _reread_in(variant, position):
    return parse_position(format_position(position), "position.yaml", variant)[1]
