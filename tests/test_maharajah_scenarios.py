"""Scenarios for every rule of seed 004 (Maharajah's Diplomacy), at least two a rule, written from
the rule's text (issue 16). Each test carries its rule's id (``judge/variants/maharajah/
rulebook.py``); the seed's examples (the convoy from Assam to Jaffna, Bengal's river neighbours,
Kandahar, Jaipur and Warangal, Assam-Ava and Agra-Lahore, the Benares-Sambalpur attack) are
played again on other rivers of the board (``moved=True``).

Every phase is played through :func:`judge.adjudication.run_phase` with the helpers of
``tests/test_maharajah.py``, from position files written as a Gamesmaster would.
"""

from __future__ import annotations

import pytest
from test_maharajah import (BUILD_ANYWHERE, MAHARAJAH, NO_RIVER_CONVOYS, homes_after, outcome, play, position,
                            units_after, variant_for, year)

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.core.types import PhaseKind
from judge.positions import parse_position, position_to_data
from judge.variants import find_variant


def then(report, orders: str, variant=MAHARAJAH):
    """The next phase played from the position ``report`` led to."""
    return run_phase(variant, report.result.next_position, orders, "orders.txt")


# -- "All rules are as in Standard, except as follows" -------------------------------------------


@pytest.mark.rule("seed004/standard-1")
def test_standard_1_a_supported_attack_dislodges_and_the_loser_retreats():
    r = play("Gondwana: [A JAB, A RAI]\nBahmana: [A BER]", "Gondwana: A JAB - BER\nGondwana: A RAI S A JAB - BER")
    assert outcome(r, "A JAB - BER") is Outcome.SUCCESS
    nxt = r.result.next_position
    assert [str(d.unit) for d in nxt.dislodged] == ["A BER"]
    assert nxt.phase.kind is PhaseKind.RETREAT
    r = then(r, "Bahmana: A BER R MAL")
    assert "Bahmana: A MAL" in units_after(r)


@pytest.mark.rule("seed004/standard-1")
def test_standard_1_equal_attacks_bounce_and_no_one_enters():
    r = play("Delhi: [A AGR]\nRajputana: [A MUL]", "Delhi: A AGR - JAI\nRajputana: A MUL - JAI")
    assert outcome(r, "A AGR - JAI") is Outcome.FAILURE and outcome(r, "A MUL - JAI") is Outcome.FAILURE
    assert units_after(r) == {"Delhi: A AGR", "Rajputana: A MUL"}


# -- §1 Victory ---------------------------------------------------------------------------------------


CENTRES_18 = "supply_centers:\n  Delhi: [AGR, AWA, MUZ, KAS, MUL, JAB, RAI, SBA, ORI, PEG, AYU, MAL, KHA, BID, BIJ, AHM, GOA, JOD]\n"


@pytest.mark.rule("seed004/victory-1")
def test_victory_1_a_nineteenth_centre_taken_in_the_spring_wins_nothing_yet():
    """Centres change hands after the Fall: the army in Jaisalmer after the Spring makes no 19."""
    r = play("Delhi: [A BIK]", "Delhi: A BIK - JSL", rest=CENTRES_18)
    assert "Delhi: A JSL" in units_after(r)
    assert r.result.winner is None


@pytest.mark.rule("seed004/victory-1")
def test_victory_1_the_nineteenth_centre_taken_from_another_power_in_the_fall_wins():
    rest = CENTRES_18 + "  Rajputana: [JSL]\n"
    r = play("Delhi: [A BIK]\nRajputana: [A MEW]", "Delhi: A BIK - JSL", phase="Fall 1501 Movement", rest=rest)
    assert r.result.next_position.supply_centers["JSL"] == "Delhi"
    assert r.result.winner == "Delhi"


# -- §2 Navigable rivers and river convoys ----------------------------------------------------------


@pytest.mark.rule("seed004/rivers-1")
def test_rivers_1_a_fleet_sails_up_the_indus_from_the_sea_to_kabul():
    for step in ("F ARS - SIN", "F SIN - PES", "F PES - KAB"):
        r = play(f"Persia: [{step[:5]}]", f"Persia: {step}")
        assert outcome(r, step) is Outcome.SUCCESS
        assert units_after(r) == {f"Persia: F {step[-3:]}"}


@pytest.mark.rule("seed004/rivers-1")
def test_rivers_1_a_fleet_goes_down_the_ganges_to_the_bay_but_not_inland_off_the_river():
    r = play("Delhi: [F AGR]", "Delhi: F AGR - BNR")
    r = then(r, "Delhi: F BNR - BEN")
    assert units_after(r) == {"Delhi: F BEN"}
    r = play("Delhi: [F BEN]", "Delhi: F BEN - BOB")
    assert units_after(r) == {"Delhi: F BOB"}
    r = play("Delhi: [F BNR]", "Delhi: F BNR - JAB")
    assert outcome(r, "F BNR - JAB") is Outcome.ILLEGAL
    r = play("Delhi: [F AGR]", "Delhi: F AGR - JAI")
    assert outcome(r, "F AGR - JAI") is Outcome.ILLEGAL


@pytest.mark.rule("seed004/rivers-2")
def test_rivers_2_a_river_is_no_space_to_move_to():
    for order in ("F AGR - Ganges", "F LAH - Indus"):
        r = play(f"Delhi: [{order.split(' - ')[0]}]", f"Delhi: {order}")
        assert r.unreadable
        assert units_after(r) == {f"Delhi: {order.split(' - ')[0]}"}


@pytest.mark.rule("seed004/rivers-2")
def test_rivers_2_a_river_fleet_stands_on_its_province_holds_it_and_takes_its_centre():
    r = play("Delhi: [F BNR]\nGondwana: [A JAB]", "Gondwana: A JAB - BNR")
    assert outcome(r, "A JAB - BNR") is Outcome.FAILURE
    assert "Delhi: F BNR" in units_after(r)
    r = play("Delhi: [F LAH]", "Delhi: F LAH - KAB", phase="Fall 1501 Movement")
    assert r.result.next_position.supply_centers["KAB"] == "Delhi"


@pytest.mark.rule("seed004/rivers-3")
def test_rivers_3_a_fleet_on_the_ganges_carries_an_army_across():
    """Awadh and Benares do not touch; the fleet in Muzaffarpur, on the Ganges with both, carries
    the army."""
    r = play("Delhi: [A AWA, F MUZ]", "Delhi: A AWA - BNR\nDelhi: F MUZ C A AWA - BNR")
    assert outcome(r, "A AWA - BNR") is Outcome.SUCCESS
    assert "Delhi: A BNR" in units_after(r)


@pytest.mark.rule("seed004/rivers-3")
def test_rivers_3_two_river_fleets_chain_a_convoy():
    r = play("Delhi: [A AWA, F MUZ, F BNR]",
             "Delhi: A AWA - SBA\nDelhi: F MUZ C A AWA - SBA\nDelhi: F BNR C A AWA - SBA")
    assert outcome(r, "A AWA - SBA") is Outcome.SUCCESS
    assert "Delhi: A SBA" in units_after(r)


@pytest.mark.rule("seed004/rivers-4")
def test_rivers_4_a_fleet_bouncing_off_a_convoying_indus_fleet_breaks_the_convoy():
    """F Peshawar attacks F Bikaner and bounces; nothing attacks Peshawar: the convoy from
    Jaisalmer to Multan is disrupted."""
    r = play("Delhi: [F PES]\nRajputana: [F BIK, A JSL]",
             "Delhi: F PES - BIK\nRajputana: F BIK C A JSL - MUL\nRajputana: A JSL - MUL")
    assert outcome(r, "F PES - BIK") is Outcome.FAILURE
    assert outcome(r, "A JSL - MUL") is Outcome.FAILURE
    assert units_after(r) == {"Delhi: F PES", "Rajputana: F BIK", "Rajputana: A JSL"}


@pytest.mark.rule("seed004/rivers-4")
def test_rivers_4_a_fleet_from_the_sea_breaks_a_convoy_in_bengal_without_dislodging():
    r = play("Vijayanagar: [F BOB]\nDelhi: [F BEN, A ASS]",
             "Vijayanagar: F BOB - BEN\nDelhi: F BEN C A ASS - ORI\nDelhi: A ASS - ORI")
    assert outcome(r, "F BOB - BEN") is Outcome.FAILURE
    assert outcome(r, "A ASS - ORI") is Outcome.FAILURE
    assert "Delhi: A ASS" in units_after(r) and "Delhi: F BEN" in units_after(r)


@pytest.mark.rule("seed004/rivers-5")
def test_rivers_5_an_army_bouncing_off_a_convoying_river_fleet_does_not_break_the_convoy():
    r = play("Delhi: [A JOD]\nRajputana: [F BIK, A JSL]",
             "Delhi: A JOD - BIK\nRajputana: F BIK C A JSL - MUL\nRajputana: A JSL - MUL")
    assert outcome(r, "A JOD - BIK") is Outcome.FAILURE
    assert outcome(r, "A JSL - MUL") is Outcome.SUCCESS
    assert "Rajputana: A MUL" in units_after(r)


@pytest.mark.rule("seed004/rivers-5")
def test_rivers_5_an_army_that_dislodges_the_river_fleet_breaks_the_convoy():
    r = play("Delhi: [A JOD, A MEW]\nRajputana: [F BIK, A JSL]",
             "Delhi: A JOD - BIK\nDelhi: A MEW S A JOD - BIK\nRajputana: F BIK C A JSL - MUL\nRajputana: A JSL - MUL")
    assert outcome(r, "A JOD - BIK") is Outcome.SUCCESS
    assert outcome(r, "A JSL - MUL") is Outcome.FAILURE
    assert "Rajputana: A JSL" in units_after(r)


@pytest.mark.rule("seed004/rivers-6")
def test_rivers_6_simplified_rivers_are_still_navigable_but_carry_no_army():
    r = play("Delhi: [A AWA, F MUZ]", "Delhi: A AWA - BNR\nDelhi: F MUZ C A AWA - BNR", variant=NO_RIVER_CONVOYS)
    assert outcome(r, "F MUZ C A AWA - BNR") is Outcome.ILLEGAL
    assert outcome(r, "A AWA - BNR") is Outcome.ILLEGAL
    assert "Delhi: A AWA" in units_after(r)
    r = play("Delhi: [F MUZ]", "Delhi: F MUZ - BNR", variant=NO_RIVER_CONVOYS)
    assert units_after(r) == {"Delhi: F BNR"}


@pytest.mark.rule("seed004/rivers-6")
def test_rivers_6_simplified_convoys_at_sea_go_on_as_in_the_standard_game():
    r = play("Rajputana: [A SIN, F ARS]", "Rajputana: A SIN - GOA\nRajputana: F ARS C A SIN - GOA",
             variant=NO_RIVER_CONVOYS)
    assert outcome(r, "A SIN - GOA") is Outcome.SUCCESS
    r = play("Rajputana: [A BIK, F JSL, F SIN, F ARS]",
             "Rajputana: A BIK - GOA\nRajputana: F JSL C A BIK - GOA\nRajputana: F SIN C A BIK - GOA\n"
             "Rajputana: F ARS C A BIK - GOA", variant=NO_RIVER_CONVOYS)
    assert outcome(r, "A BIK - GOA") is Outcome.ILLEGAL
    assert "Rajputana: A BIK" in units_after(r)


# -- §3 Additional home centres -----------------------------------------------------------------------


@pytest.mark.rule("seed004/homes-1")
def test_homes_1_an_army_on_a_neutral_centre_all_year_makes_it_home_and_may_build_there_later():
    reports = year("Rajputana: [A GUJ, A JOD]", "", "")
    assert "GUJ" in homes_after(reports[-1])["Rajputana"]
    # Two years on, Gujarat vacant and owned: Rajputana builds there.
    rest = "supply_centers:\n  Rajputana: [GUJ, JOD, JSL, MUL]\nhomes:\n  Rajputana: [GUJ, JOD, JSL, MUL]\n"
    r = play("Rajputana: [A JOD]", "Rajputana: Build F GUJ", phase="Monsoon 1504 Adjustment", rest=rest)
    assert outcome(r, "Build F GUJ") is Outcome.SUCCESS


@pytest.mark.rule("seed004/homes-1")
def test_homes_1_a_centre_owned_by_another_power_held_a_year_becomes_home():
    """Whether owned by that power or not: a Bahmani army sits in Vijayanagar's Bangalore from
    the Spring to the Monsoon."""
    reports = year("Bahmana: [A BAN, A AHM]\nVijayanagar: [A CAL, A PUL]", "", "")
    assert reports[1].result.next_position.supply_centers["BAN"] == "Bahmana"
    homes = homes_after(reports[-1])
    assert "BAN" in homes["Bahmana"]
    assert "BAN" not in homes["Vijayanagar"]


@pytest.mark.rule("seed004/homes-2")
def test_homes_2_another_army_rotated_onto_the_centre_in_the_fall_is_not_effective():
    """A Gujarat leaves in the Fall while A Jodhpur, also Rajput, steps in: Gujarat is held at
    the year's end, but not by the unit that held it in the Spring."""
    reports = year("Rajputana: [A GUJ, A ABD, A JOD]", "",
                   "Rajputana: A GUJ - ABD\nRajputana: A ABD - JOD\nRajputana: A JOD - GUJ")
    assert "Rajputana: A GUJ" in units_after(reports[1])
    assert "GUJ" not in homes_after(reports[-1])["Rajputana"]


@pytest.mark.rule("seed004/homes-2")
def test_homes_2_a_fleet_replaced_by_an_army_in_the_fall_is_not_effective():
    reports = year("Rajputana: [F SIN, A JSL]", "", "Rajputana: F SIN - ARS\nRajputana: A JSL - SIN")
    assert "Rajputana: A SIN" in units_after(reports[1])
    assert "SIN" not in homes_after(reports[-1])["Rajputana"]


CAPTURED_AGRA = "supply_centers:\n  Delhi: [AWA, MUZ]\n  Gondwana: [AGR, JAB, RAI, SBA]\n"


@pytest.mark.rule("seed004/homes-3")
def test_homes_3_a_captured_centre_stays_the_original_owners_home():
    """Gondwana owns Agra without having converted it: Agra is still Delhi's home, so Gondwana
    may not build there, nor Delhi, which does not own it."""
    pos = position("Delhi: [A AWA]\nGondwana: [A JAB]", phase="Monsoon 1502 Adjustment", rest=CAPTURED_AGRA)
    from judge.variants.maharajah.rules import effective_homes

    assert "AGR" in effective_homes(MAHARAJAH, pos)["Delhi"]
    r = run_phase(MAHARAJAH, pos, "Gondwana: Build A AGR")
    assert outcome(r, "Build A AGR") is Outcome.ILLEGAL
    assert "Gondwana: A AGR" not in units_after(r)


@pytest.mark.rule("seed004/homes-3")
def test_homes_3_the_original_owner_retaking_it_builds_there_without_reconverting():
    r = play("Delhi: [A AWA, A MUZ]\nGondwana: [A RAI]", "Delhi: A AWA - AGR", phase="Fall 1502 Movement",
             rest=CAPTURED_AGRA)
    assert r.result.next_position.supply_centers["AGR"] == "Delhi"
    r = play("Delhi: [A MUZ, A KAS]", "Delhi: Build A AGR", phase="Monsoon 1502 Adjustment",
             rest="supply_centers:\n  Delhi: [AGR, AWA, MUZ, KAS]\n")
    assert outcome(r, "Build A AGR") is Outcome.SUCCESS


CONVERTED_AGRA = "homes:\n  Delhi: [AWA, MUZ]\n  Gondwana: [AGR, JAB, RAI, SBA]\n"


@pytest.mark.rule("seed004/homes-4")
def test_homes_4_the_converting_power_builds_in_its_new_home():
    rest = "supply_centers:\n  Gondwana: [AGR, JAB, RAI, SBA]\n" + CONVERTED_AGRA
    r = play("Gondwana: [A JAB]", "Gondwana: Build A AGR", phase="Monsoon 1503 Adjustment", rest=rest)
    assert outcome(r, "Build A AGR") is Outcome.SUCCESS


@pytest.mark.rule("seed004/homes-4")
def test_homes_4_a_third_power_converting_it_takes_it_from_the_converter_not_back_to_the_original():
    """Rajputana holds Agra, now Gondwana's home, a whole year: Agra is Rajputana's home alone."""
    rest = "supply_centers:\n  Gondwana: [AGR, JAB, RAI, SBA]\n" + CONVERTED_AGRA
    reports = year("Rajputana: [A AGR, A JOD]\nDelhi: [A AWA]", "", "", rest=rest)
    homes = homes_after(reports[-1])
    assert "AGR" in homes["Rajputana"]
    assert "AGR" not in homes["Gondwana"] and "AGR" not in homes["Delhi"]


@pytest.mark.rule("seed004/homes-5")
def test_homes_5_simplified_build_in_a_vacant_captured_centre():
    rest = "supply_centers:\n  Rajputana: [GUJ, JOD, JSL, MUL]\n"
    r = play("Rajputana: [A JOD]", "Rajputana: Build F GUJ", phase="Monsoon 1502 Adjustment", rest=rest,
             variant=BUILD_ANYWHERE)
    assert outcome(r, "Build F GUJ") is Outcome.SUCCESS


@pytest.mark.rule("seed004/homes-5")
def test_homes_5_simplified_not_in_an_occupied_or_unowned_centre():
    rest = "supply_centers:\n  Rajputana: [GUJ, JOD, JSL, MUL]\n"
    r = play("Rajputana: [A JOD]", "Rajputana: Build A JOD", phase="Monsoon 1502 Adjustment", rest=rest,
             variant=BUILD_ANYWHERE)
    assert outcome(r, "Build A JOD") is Outcome.ILLEGAL
    r = play("Rajputana: [A JOD]", "Rajputana: Build F ABD", phase="Monsoon 1502 Adjustment", rest=rest,
             variant=BUILD_ANYWHERE)
    assert all(x.outcome is not Outcome.SUCCESS for x in r.resolutions())
    assert "Rajputana: F ABD" not in units_after(r)


# -- §4 Start, §5 Monsoon --------------------------------------------------------------------------


@pytest.mark.rule("seed004/start-1")
def test_start_1_a_new_game_opens_in_the_spring_of_1501():
    v = find_variant("maharajah")
    assert (v.start.phase.year, v.start.phase.season, v.start.phase.kind) == (1501, "Spring", PhaseKind.MOVEMENT)
    assert position_to_data(v.start)["phase"] == "Spring 1501 Movement"


@pytest.mark.rule("seed004/start-1")
def test_start_1_the_first_year_runs_spring_then_fall_1501():
    r = run_phase(MAHARAJAH, MAHARAJAH.start, "")
    assert str(r.result.next_position.phase) == "Fall 1501 Movement"


@pytest.mark.rule("seed004/monsoon-1")
def test_monsoon_1_the_adjustment_phase_is_written_monsoon():
    r = play("Persia: [A ISF]", "Persia: A ISF - QOM", phase="Fall 1503 Movement")
    nxt = r.result.next_position
    assert nxt.phase.kind is PhaseKind.ADJUSTMENT
    assert position_to_data(nxt)["phase"] == "Monsoon 1503 Adjustment"


@pytest.mark.rule("seed004/monsoon-1")
def test_monsoon_1_a_phase_written_winter_is_played_as_the_monsoon():
    text = "variant: maharajah\nphase: Winter 1503 Adjustment\nunits:\n  Persia: [A ISF, A QOM, A MES, A HOR]\n"
    pos = parse_position(text, "position.yaml")[1]
    assert str(pos.phase) == "Monsoon 1503 Adjustment"
    r = run_phase(MAHARAJAH, pos, "Persia: Remove A QOM")
    assert units_after(r) == {"Persia: A ISF", "Persia: A MES", "Persia: A HOR"}
    assert str(r.result.next_position.phase) == "Spring 1504 Movement"


# -- Clarifications of the river convoys -----------------------------------------------------------------


@pytest.mark.rule("seed004/clarification-1", moved=True)
def test_clarification_1_jodhpur_and_nepal_may_not_be_convoyed():
    """Moved from Kandahar, Jaipur and Warangal: Jodhpur borders the river provinces Bikaner
    and Jaisalmer, Nepal borders Awadh, Muzaffarpur and Ava, but neither borders water or a river."""
    for army, fleet, dest in (("JOD", "BIK", "PES"), ("NEP", "MUZ", "BEN")):
        r = play(f"Delhi: [A {army}, F {fleet}]", f"Delhi: A {army} - {dest}\nDelhi: F {fleet} C A {army} - {dest}")
        assert outcome(r, f"A {army} - {dest}") is Outcome.ILLEGAL
        assert f"Delhi: A {army}" in units_after(r)


@pytest.mark.rule("seed004/clarification-1")
def test_clarification_1_an_inland_province_on_a_river_may_be_convoyed():
    """Assam borders no sea, but a river runs through it: F Bengal carries it to Orissa."""
    r = play("Delhi: [A ASS, F BEN]", "Delhi: A ASS - ORI\nDelhi: F BEN C A ASS - ORI")
    assert outcome(r, "A ASS - ORI") is Outcome.SUCCESS
    assert "Delhi: A ORI" in units_after(r)


@pytest.mark.rule("seed004/clarification-2", moved=True)
def test_clarification_2_no_fleet_move_between_ava_and_muzaffarpur_or_assam_and_pegu():
    """Moved from Assam-Ava and Agra-Lahore: these river provinces are neighbours by land only."""
    for fleet, dest in (("AVA", "MUZ"), ("ASS", "PEG"), ("MUZ", "AVA")):
        r = play(f"Delhi: [F {fleet}]", f"Delhi: F {fleet} - {dest}")
        assert outcome(r, f"F {fleet} - {dest}") is Outcome.ILLEGAL
        assert units_after(r) == {f"Delhi: F {fleet}"}


@pytest.mark.rule("seed004/clarification-2")
def test_clarification_2_neighbours_on_one_river_are_a_fleet_move_apart():
    for fleet, dest in (("LAH", "MUL"), ("ASS", "MUZ"), ("AVA", "PEG")):
        r = play(f"Delhi: [F {fleet}]", f"Delhi: F {fleet} - {dest}")
        assert units_after(r) == {f"Delhi: F {dest}"}


@pytest.mark.rule("seed004/clarification-3", moved=True)
def test_clarification_3_bikaner_to_goa_down_the_indus_and_across_the_arabian_sea():
    """Moved from Assam-Jaffna: two river fleets (Jaisalmer, Sind) and a sea fleet."""
    r = play("Rajputana: [A BIK, F JSL, F SIN, F ARS]",
             "Rajputana: A BIK - GOA\nRajputana: F JSL C A BIK - GOA\nRajputana: F SIN C A BIK - GOA\n"
             "Rajputana: F ARS C A BIK - GOA")
    assert outcome(r, "A BIK - GOA") is Outcome.SUCCESS
    assert "Rajputana: A GOA" in units_after(r)


@pytest.mark.rule("seed004/clarification-3", moved=True)
def test_clarification_3_ava_to_jaffna_down_the_irrawaddy_and_through_two_seas():
    r = play("Delhi: [A AVA, F PEG, F BOB, F NIS]",
             "Delhi: A AVA - JAF\nDelhi: F PEG C A AVA - JAF\nDelhi: F BOB C A AVA - JAF\nDelhi: F NIS C A AVA - JAF")
    assert outcome(r, "A AVA - JAF") is Outcome.SUCCESS
    assert "Delhi: A JAF" in units_after(r)


@pytest.mark.rule("seed004/clarification-4", moved=True)
def test_clarification_4_peshawar_alone_carries_kabul_to_sind_by_river():
    """Moved from Bengal: F Peshawar borders Kabul and Sind by the Indus."""
    r = play("Persia: [A KAB, F PES]", "Persia: A KAB - SIN\nPersia: F PES C A KAB - SIN")
    assert outcome(r, "A KAB - SIN") is Outcome.SUCCESS
    assert "Persia: A SIN" in units_after(r)


@pytest.mark.rule("seed004/clarification-4", moved=True)
def test_clarification_4_sind_alone_cannot_carry_from_or_to_a_coast_it_borders_by_sea():
    """F Sind borders Gujarat and Hormuz by coast only: alone it carries no army from Gujarat,
    nor to Hormuz."""
    r = play("Rajputana: [A GUJ, F SIN]", "Rajputana: A GUJ - PES\nRajputana: F SIN C A GUJ - PES")
    assert outcome(r, "A GUJ - PES") is Outcome.ILLEGAL
    assert "Rajputana: A GUJ" in units_after(r)
    r = play("Rajputana: [A JSL, F SIN]", "Rajputana: A JSL - HOR\nRajputana: F SIN C A JSL - HOR")
    assert outcome(r, "A JSL - HOR") is Outcome.ILLEGAL
    assert "Rajputana: A JSL" in units_after(r)


@pytest.mark.rule("seed004/clarification-5", moved=True)
def test_clarification_5_on_the_indus_the_attacked_fleet_does_not_break_the_convoy():
    """The Benares-Sambalpur example moved to the Indus: F Multan attacks the convoying F
    Bikaner, but is itself attacked by the army that fleet carries."""
    r = play("Delhi: [F MUL]\nRajputana: [F BIK, A JSL, A PES]",
             "Delhi: F MUL - BIK\nRajputana: F BIK C A JSL - MUL\nRajputana: A JSL - MUL\n"
             "Rajputana: A PES S A JSL - MUL")
    assert outcome(r, "F BIK C A JSL - MUL") is Outcome.SUCCESS
    assert outcome(r, "A JSL - MUL") is Outcome.SUCCESS
    assert outcome(r, "F MUL - BIK") is Outcome.FAILURE
    assert "Rajputana: A MUL" in units_after(r)
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["F MUL"]


@pytest.mark.rule("seed004/clarification-5", moved=True)
def test_clarification_5_on_the_ganges_the_attacked_fleet_does_not_break_the_convoy():
    r = play("Gondwana: [F BNR]\nDelhi: [F MUZ, A AWA, A AGR]",
             "Gondwana: F BNR - MUZ\nDelhi: F MUZ C A AWA - BNR\nDelhi: A AWA - BNR\nDelhi: A AGR S A AWA - BNR")
    assert outcome(r, "A AWA - BNR") is Outcome.SUCCESS
    assert "Delhi: A BNR" in units_after(r)
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["F BNR"]


# -- The footnote: the simplified rules are chosen before the game ------------------------------------


@pytest.mark.rule("seed004/options-1")
def test_options_1_both_simplified_rules_together():
    v = variant_for(river_convoys=False, build_anywhere=True)
    r = play("Delhi: [A AWA, F MUZ]", "Delhi: A AWA - BNR\nDelhi: F MUZ C A AWA - BNR", variant=v)
    assert outcome(r, "A AWA - BNR") is Outcome.ILLEGAL
    rest = "supply_centers:\n  Rajputana: [GUJ, JOD, JSL, MUL]\n"
    r = play("Rajputana: [A JOD]", "Rajputana: Build F GUJ", phase="Monsoon 1502 Adjustment", rest=rest, variant=v)
    assert outcome(r, "Build F GUJ") is Outcome.SUCCESS


@pytest.mark.rule("seed004/options-1")
def test_options_1_the_full_rules_unless_the_game_chose_otherwise():
    """A game's position file names its choice (``options:``, as game.yaml does); without one,
    the seed's full rules: rivers carry convoys."""
    orders = "Delhi: A AWA - BNR\nDelhi: F MUZ C A AWA - BNR"
    r = play("Delhi: [A AWA, F MUZ]", orders)
    assert outcome(r, "A AWA - BNR") is Outcome.SUCCESS
    text = "variant: maharajah\nphase: Spring 1501 Movement\nunits:\n  Delhi: [A AWA, F MUZ]\noptions:\n  river_convoys: false\n"
    variant, pos = parse_position(text, "position.yaml")
    r = run_phase(variant, pos, orders)
    assert outcome(r, "A AWA - BNR") is Outcome.ILLEGAL
    assert position_to_data(r.result.next_position)["options"] == {"river_convoys": False}
