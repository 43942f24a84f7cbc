"""One test per rule of seed 003 (the 1971 rulebook excerpt), each named after its section.

Every test plays a small phase through :func:`judge.adjudication.run_phase`, the command line's
own path.
"""

from __future__ import annotations

import pytest

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.positions import parse_position
from judge.variants import find_variant

STANDARD = find_variant("standard")


def play(units: str, orders: str, phase: str = "Spring 1901 Movement", extra: str = ""):
    text = f"variant: standard\nphase: {phase}\nunits:\n{units}\n{extra}"
    variant, position = parse_position(text, "test.yaml")
    return run_phase(variant, position, orders, "orders.txt")


def units_after(report) -> set[str]:
    return {f"{u.power}: {u}" for u in report.result.next_position.units}


def outcome(report, text: str) -> Outcome:
    for r in report.resolutions():
        if r.order_text == text:
            return r.outcome
    raise AssertionError(f"no resolution for {text!r}: {[r.order_text for r in report.resolutions()]}")


# -- 1. Fleets move along coasts --------------------------------------------------------------

@pytest.mark.rule("seed003/coasts-1")
def test_seed003_s1_fleet_moves_along_a_shared_coastline():
    r = play("  Italy: [F ROM]", "Italy: F ROM - TUS")
    assert "Italy: F TUS" in units_after(r)


@pytest.mark.rule("seed003/coasts-1")
def test_seed003_s1_fleet_cannot_cross_an_inland_border():
    """Rome and Venice touch only inland: a fleet cannot move between them."""
    r = play("  Italy: [F ROM]", "Italy: F ROM - VEN")
    assert outcome(r, "F ROM - VEN") is Outcome.ILLEGAL
    assert "Italy: F ROM" in units_after(r)


@pytest.mark.rule("seed003/coasts-3")
def test_seed003_s1_no_unit_enters_switzerland():
    r = play("  France: [A MAR]", "France: A MAR - SWI")
    assert outcome(r, "A MAR - SWI") is Outcome.ILLEGAL
    assert "France: A MAR" in units_after(r)


@pytest.mark.rule("seed003/coasts-4", "seed003/coasts-2")
def test_seed003_s1_no_unit_moves_to_an_unnamed_place():
    r = play("  England: [F LON]", "England: F LON - Iceland")
    assert r.unreadable
    assert "England: F LON" in units_after(r)


# -- 2. Attack ----------------------------------------------------------------------------------

@pytest.mark.rule("seed003/attack-1")
def test_seed003_s2_a_move_is_an_attack_that_can_bounce():
    r = play("  France: [A PAR]\n  Germany: [A MUN]", "France: A PAR - BUR\nGermany: A MUN - BUR")
    assert outcome(r, "A PAR - BUR") is Outcome.FAILURE
    assert outcome(r, "A MUN - BUR") is Outcome.FAILURE


# -- 3a. Kiel and Constantinople ----------------------------------------------------------------

@pytest.mark.rule("seed003/kiel-constantinople-1")
def test_seed003_s3a_fleet_passes_through_kiel():
    r = play("  Germany: [F HOL]", "Germany: F HOL - KIE")
    after = r.result.next_position
    r2 = run_phase(STANDARD, after, "Germany: F KIE - BAL")
    assert "Germany: F BAL" in units_after(r2)


@pytest.mark.rule("seed003/kiel-constantinople-1")
def test_seed003_s3a_fleet_passes_through_constantinople():
    r = play("  Turkey: [F BLA]", "Turkey: F BLA - CON")
    r2 = run_phase(STANDARD, r.result.next_position, "Turkey: F CON - AEG")
    assert "Turkey: F AEG" in units_after(r2)


@pytest.mark.rule("seed003/kiel-constantinople-2")
def test_seed003_s3a_armies_bridge_the_waterways():
    r = play("  Turkey: [A CON]", "Turkey: A CON - BUL")
    assert "Turkey: A BUL" in units_after(r)
    r = play("  Turkey: [A CON]", "Turkey: A CON - SMY")
    assert "Turkey: A SMY" in units_after(r)


@pytest.mark.rule("seed003/kiel-constantinople-3")
def test_seed003_s3a_no_jumping_over_kiel():
    r = play("  Germany: [F HOL]", "Germany: F HOL - BAL")
    assert outcome(r, "F HOL - BAL") is Outcome.ILLEGAL


# -- 3b. Provinces with two coasts ---------------------------------------------------------------

@pytest.mark.rule("seed003/two-coasts-3", "seed003/orders-4")
def test_seed003_s3b_fleet_must_name_the_coast_when_both_are_possible():
    r = play("  France: [F MAO]", "France: F MAO - SPA")
    assert outcome(r, "F MAO - SPA") is Outcome.AMBIGUOUS
    assert "France: F MAO" in units_after(r)


@pytest.mark.rule("seed003/two-coasts-1")
def test_seed003_s3b_fleet_on_one_coast_moves_only_from_that_coast():
    r = play("  France: [F SPA/NC]", "France: F SPA/NC - MAR")
    assert outcome(r, "F SPA/NC - MAR") is Outcome.ILLEGAL
    r = play("  France: [F SPA/SC]", "France: F SPA/SC - MAR")
    assert "France: F MAR" in units_after(r)


@pytest.mark.rule("seed003/two-coasts-2")
def test_seed003_s3b_fleet_occupies_the_whole_province():
    r = play("  France: [F SPA/NC]\n  Italy: [F LYO]", "Italy: F LYO - SPA/SC")
    assert "Italy: F LYO" in units_after(r)


@pytest.mark.rule("seed003/two-coasts-4")
def test_seed003_s3b_support_into_a_two_coast_province_regardless_of_coast():
    """Marseilles reaches only Spain's south coast, yet supports a move to the north coast."""
    r = play("  France: [F MAR, F GAS]\n  Italy: [F WES]",
             "France: F GAS - SPA/NC\nFrance: F MAR S F GAS - SPA\nItaly: F WES - SPA/SC")
    assert "France: F SPA/NC" in units_after(r)


@pytest.mark.rule("seed003/two-coasts-5")
def test_seed003_s3b_the_converse_is_not_true():
    """A fleet on Spain's north coast cannot support into Marseilles."""
    r = play("  France: [F SPA/NC, A BUR]", "France: F SPA/NC S A BUR - MAR\nFrance: A BUR - MAR")
    assert outcome(r, "F SPA/NC S A BUR - MAR") is Outcome.ILLEGAL


# -- 3c. Sweden and Denmark ---------------------------------------------------------------------

@pytest.mark.rule("seed003/sweden-denmark-1")
def test_seed003_s3c_sweden_and_denmark_are_adjacent():
    r = play("  Russia: [A SWE]", "Russia: A SWE - DEN")
    assert "Russia: A DEN" in units_after(r)
    r = play("  Russia: [F SWE]", "Russia: F SWE - DEN")
    assert "Russia: F DEN" in units_after(r)


@pytest.mark.rule("seed003/sweden-denmark-2")
def test_seed003_s3c_baltic_to_skagerrak_goes_through_sweden_or_denmark():
    r = play("  Russia: [F BAL]", "Russia: F BAL - SKA")
    assert outcome(r, "F BAL - SKA") is Outcome.ILLEGAL


@pytest.mark.rule("seed003/sweden-denmark-3")
def test_seed003_s3c_swedish_coast_is_one():
    r = play("  Russia: [F BOT]", "Russia: F BOT - SWE")
    r2 = run_phase(STANDARD, r.result.next_position, "Russia: F SWE - SKA")
    assert "Russia: F SKA" in units_after(r2)


@pytest.mark.rule("seed003/sweden-denmark-4")
def test_seed003_s3c_denmark_does_not_border_berlin():
    r = play("  Germany: [A DEN]", "Germany: A DEN - BER")
    assert outcome(r, "A DEN - BER") is Outcome.ILLEGAL


# -- 4. Writing orders ----------------------------------------------------------------------------

@pytest.mark.rule("seed003/orders-2")
def test_seed003_s4_illegal_order_is_not_followed_and_the_unit_holds():
    r = play("  Germany: [F KIE]\n  France: [A BUR]", "Germany: F KIE - MUN\nFrance: A BUR - MUN")
    assert outcome(r, "F KIE - MUN") is Outcome.ILLEGAL
    assert units_after(r) == {"Germany: F KIE", "France: A MUN"}


@pytest.mark.rule("seed003/orders-3")
def test_seed003_s4_mistaken_but_legal_order_is_followed():
    """Germany moves into its own bounce: a blunder, but legal, so followed."""
    r = play("  Germany: [A MUN, A BER]", "Germany: A MUN - SIL\nGermany: A BER - SIL")
    assert outcome(r, "A MUN - SIL") is Outcome.FAILURE
    assert outcome(r, "A BER - SIL") is Outcome.FAILURE


@pytest.mark.rule("seed003/orders-4", "seed003/two-coasts-3")
def test_seed003_s4_order_with_two_meanings_is_not_followed():
    r = play("  Russia: [F BOT]", "Russia: F BOT - STP")
    assert outcome(r, "F BOT - STP/SC") is Outcome.SUCCESS  # one coast reachable: one meaning
    r = play("  France: [F MAO]", "France: F MAO - SPA")
    assert outcome(r, "F MAO - SPA") is Outcome.AMBIGUOUS


@pytest.mark.rule("seed003/orders-5")
def test_seed003_s4_badly_written_order_with_one_meaning_is_followed():
    r = play("  France: [A PAR]", "Frnace: army paris -> burgundy")
    assert "France: A BUR" in units_after(r)
    assert any("read as France" in p for p in r.problems)
    r = play("  France: [A PAR]", "France: A Pari - Burgundy")
    assert "France: A BUR" in units_after(r)
    r = play("  France: [A PAR]", "France: PAR-BUR")  # no unit letter: one unit there
    assert "France: A BUR" in units_after(r)


@pytest.mark.rule("seed003/orders-2", "seed003/gamesmaster-1")
def test_seed003_s4_order_nobody_can_read_is_reported_with_file_and_line():
    r = play("  France: [A PAR]", "France: A PAR H\nFrance: A PAR wibble BUR")
    assert r.unreadable
    assert any(p.startswith("orders.txt:2:") for p in r.problems)
    assert "France: A PAR" in units_after(r)


# -- 5. Gamesmaster: the running tally of supply centres -----------------------------------------

@pytest.mark.rule("seed003/gamesmaster-3")
def test_seed003_s5_supply_centres_change_owner_after_fall():
    r = play("  France: [A BUR]", "France: A BUR - BEL", phase="Fall 1901 Movement")
    assert r.result.next_position.supply_centers["BEL"] == "France"
    assert ("BEL", None, "France") in r.result.captures


@pytest.mark.rule("seed003/gamesmaster-3")
def test_seed003_s5_no_change_of_owner_in_spring():
    r = play("  France: [A BUR]", "France: A BUR - BEL", phase="Spring 1901 Movement")
    assert "BEL" not in r.result.next_position.supply_centers
