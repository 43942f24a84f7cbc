"""Scenarios for every rule of seed 003 (the 1971 rulebook excerpt), at least two a rule, written
from the rule's text (issue 16): each test carries its rule's id (``judge/variants/standard/
rulebook.py``), and the seed's own examples (Rome and its coasts, Marseilles and Spain) are
played again elsewhere on the board (``moved=True``).

Every phase is played through :func:`judge.adjudication.run_phase`, the command line's own path,
with the helpers of ``tests/test_seed003.py``.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from test_seed003 import STANDARD, outcome, play, units_after

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.core.types import PhaseKind
from judge.store.settings import DeadlineRule, Schedule


def then(report, orders: str):
    """The next phase played from the position ``report`` led to."""
    return run_phase(STANDARD, report.result.next_position, orders, "orders.txt")


# -- 1. Fleets move along coasts; no islands but England, no Switzerland, no unnamed places -----


@pytest.mark.rule("seed003/coasts-1", moved=True)
def test_coasts_1_apulia_reaches_venice_and_naples_by_the_coast_but_not_rome():
    """The seed's Rome example moved to Apulia: Venice and Naples share a coastline with it, Rome
    touches it only inland."""
    for dest in ("VEN", "NAP"):
        r = play("  Italy: [F APU]", f"Italy: F APU - {dest}")
        assert outcome(r, f"F APU - {dest}") is Outcome.SUCCESS
        assert f"Italy: F {dest}" in units_after(r)
    r = play("  Italy: [F APU]", "Italy: F APU - ROM")
    assert outcome(r, "F APU - ROM") is Outcome.ILLEGAL
    assert units_after(r) == {"Italy: F APU"}


@pytest.mark.rule("seed003/coasts-1", moved=True)
def test_coasts_1_ankara_and_smyrna_meet_only_inland():
    """Ankara (Black Sea) and Smyrna (Aegean) are neighbours with no coastline in common: an army
    walks across, a fleet cannot sail it."""
    r = play("  Turkey: [F ANK]", "Turkey: F ANK - SMY")
    assert outcome(r, "F ANK - SMY") is Outcome.ILLEGAL
    assert units_after(r) == {"Turkey: F ANK"}
    r = play("  Turkey: [A ANK]", "Turkey: A ANK - SMY")
    assert units_after(r) == {"Turkey: A SMY"}


@pytest.mark.rule("seed003/coasts-1")
def test_coasts_1_yorkshire_sails_to_london_not_to_liverpool():
    r = play("  England: [F YOR]", "England: F YOR - LON")
    assert units_after(r) == {"England: F LON"}
    r = play("  England: [F YOR]", "England: F YOR - LVP")
    assert outcome(r, "F YOR - LVP") is Outcome.ILLEGAL
    assert units_after(r) == {"England: F YOR"}


@pytest.mark.rule("seed003/coasts-2")
def test_coasts_2_england_is_the_island_units_may_reach():
    """An army crosses to England by convoy, a fleet sails into London."""
    r = play("  France: [A BEL, F NTH]", "France: A BEL - LON\nFrance: F NTH C A BEL - LON")
    assert units_after(r) == {"France: A LON", "France: F NTH"}
    r = play("  France: [F ENG]", "France: F ENG - LON")
    assert units_after(r) == {"France: F LON"}


@pytest.mark.rule("seed003/coasts-2")
def test_coasts_2_no_unit_moves_to_another_island():
    """Ireland, Corsica and Sardinia are on no space of the board: such an order moves nothing."""
    for unit, island in (("F NAO", "Ireland"), ("F LYO", "Corsica"), ("F TYS", "Sardinia")):
        r = play(f"  France: [{unit}]", f"France: {unit} - {island}")
        assert r.unreadable
        assert units_after(r) == {f"France: {unit}"}


@pytest.mark.rule("seed003/coasts-3")
def test_coasts_3_no_army_or_fleet_enters_switzerland():
    r = play("  Germany: [A TYR]", "Germany: A TYR - SWI")
    assert outcome(r, "A TYR - SWI") is Outcome.ILLEGAL
    assert units_after(r) == {"Germany: A TYR"}
    r = play("  France: [F LYO]", "France: F LYO - SWI")
    assert outcome(r, "F LYO - SWI") is Outcome.ILLEGAL
    assert units_after(r) == {"France: F LYO"}


@pytest.mark.rule("seed003/coasts-3")
def test_coasts_3_no_support_into_switzerland():
    """A unit that may not move to Switzerland cannot support a move there either; the move
    itself stays illegal with the support."""
    r = play("  Germany: [A MUN, A TYR]", "Germany: A TYR - SWI\nGermany: A MUN S A TYR - SWI")
    assert outcome(r, "A TYR - SWI") is Outcome.ILLEGAL
    assert outcome(r, "A MUN S A TYR - SWI") is Outcome.ILLEGAL
    assert units_after(r) == {"Germany: A MUN", "Germany: A TYR"}


@pytest.mark.rule("seed003/coasts-4")
def test_coasts_4_no_move_to_a_place_the_board_does_not_name():
    r = play("  Russia: [A SEV]", "Russia: A SEV - Caucasus")
    assert r.unreadable
    assert units_after(r) == {"Russia: A SEV"}


@pytest.mark.rule("seed003/coasts-4")
def test_coasts_4_luxembourg_is_no_space_and_the_unit_holds():
    r = play("  France: [A PAR]\n  Germany: [A RUH]", "France: A PAR - Luxembourg\nGermany: A RUH - BUR")
    assert r.unreadable
    assert units_after(r) == {"France: A PAR", "Germany: A BUR"}


# -- 2. Attack ----------------------------------------------------------------------------------------


@pytest.mark.rule("seed003/attack-1")
def test_attack_1_a_move_attacks_its_destination_and_cuts_the_support_there():
    """Russia's move on Silesia is an attack: the German support from Silesia is cut, and
    Germany's attack on Bohemia bounces."""
    r = play("  Germany: [A SIL, A MUN]\n  Austria: [A BOH]\n  Russia: [A WAR]",
             "Germany: A MUN - BOH\nGermany: A SIL S A MUN - BOH\nRussia: A WAR - SIL")
    assert outcome(r, "A SIL S A MUN - BOH") is Outcome.FAILURE
    assert outcome(r, "A MUN - BOH") is Outcome.FAILURE
    assert "Austria: A BOH" in units_after(r)


@pytest.mark.rule("seed003/attack-1")
def test_attack_1_an_order_not_correctly_given_attacks_nothing():
    """A fleet ordered from Kiel to Munich (inland) is illegal: it is no attack, so Munich's
    support stands and Berlin dislodges Silesia."""
    r = play("  Germany: [A BER, A MUN]\n  Russia: [A SIL]\n  England: [F KIE]",
             "Germany: A BER - SIL\nGermany: A MUN S A BER - SIL\nEngland: F KIE - MUN")
    assert outcome(r, "F KIE - MUN") is Outcome.ILLEGAL
    assert outcome(r, "A MUN S A BER - SIL") is Outcome.SUCCESS
    assert outcome(r, "A BER - SIL") is Outcome.SUCCESS
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["A SIL"]


# -- 3a. Kiel and Constantinople -----------------------------------------------------------------------


@pytest.mark.rule("seed003/kiel-constantinople-1")
def test_kiel_constantinople_1_a_fleet_sails_through_kiel_from_the_baltic_to_holland():
    r = play("  Germany: [F BAL]", "Germany: F BAL - KIE")
    assert units_after(r) == {"Germany: F KIE"}
    r = then(r, "Germany: F KIE - HOL")
    assert units_after(r) == {"Germany: F HOL"}


@pytest.mark.rule("seed003/kiel-constantinople-1")
def test_kiel_constantinople_1_a_fleet_sails_through_constantinople_from_the_aegean_to_the_black_sea():
    r = play("  Turkey: [F AEG]", "Turkey: F AEG - CON")
    r = then(r, "Turkey: F CON - BLA")
    assert units_after(r) == {"Turkey: F BLA"}


@pytest.mark.rule("seed003/kiel-constantinople-2")
def test_kiel_constantinople_2_an_army_crosses_constantinople_from_asia_to_europe():
    r = play("  Turkey: [A ANK]", "Turkey: A ANK - CON")
    r = then(r, "Turkey: A CON - BUL")
    assert units_after(r) == {"Turkey: A BUL"}


@pytest.mark.rule("seed003/kiel-constantinople-2")
def test_kiel_constantinople_2_an_army_crosses_kiel_between_denmark_and_berlin():
    r = play("  Germany: [A DEN]", "Germany: A DEN - KIE")
    r = then(r, "Germany: A KIE - BER")
    assert units_after(r) == {"Germany: A BER"}


@pytest.mark.rule("seed003/kiel-constantinople-3")
def test_kiel_constantinople_3_no_fleet_jumps_over_constantinople():
    r = play("  Turkey: [F BLA]", "Turkey: F BLA - AEG")
    assert outcome(r, "F BLA - AEG") is Outcome.ILLEGAL
    assert units_after(r) == {"Turkey: F BLA"}


@pytest.mark.rule("seed003/kiel-constantinople-3")
def test_kiel_constantinople_3_no_piece_jumps_over_kiel_or_constantinople():
    r = play("  Germany: [F HEL]", "Germany: F HEL - BAL")
    assert outcome(r, "F HEL - BAL") is Outcome.ILLEGAL
    r = play("  Turkey: [A BUL]", "Turkey: A BUL - SMY")
    assert outcome(r, "A BUL - SMY") is Outcome.ILLEGAL
    assert units_after(r) == {"Turkey: A BUL"}


# -- 3b. Provinces having two coasts ----------------------------------------------------------------


@pytest.mark.rule("seed003/two-coasts-1")
def test_two_coasts_1_bulgaria_east_coast_does_not_reach_the_aegean():
    r = play("  Turkey: [F BUL/EC]", "Turkey: F BUL/EC - AEG")
    assert outcome(r, "F BUL/EC - AEG") is Outcome.ILLEGAL
    assert units_after(r) == {"Turkey: F BUL/EC"}
    r = play("  Turkey: [F BUL/SC]", "Turkey: F BUL/SC - AEG")
    assert units_after(r) == {"Turkey: F AEG"}


@pytest.mark.rule("seed003/two-coasts-1")
def test_two_coasts_1_a_fleet_that_entered_st_petersburg_from_the_north_cannot_leave_into_the_gulf():
    r = play("  Russia: [F BAR]", "Russia: F BAR - STP")
    assert units_after(r) == {"Russia: F STP/NC"}
    r = then(r, "Russia: F STP - BOT")
    assert outcome(r, "F STP - BOT") is Outcome.ILLEGAL
    assert units_after(r) == {"Russia: F STP/NC"}


@pytest.mark.rule("seed003/two-coasts-2")
def test_two_coasts_2_a_fleet_on_one_coast_holds_st_petersburg_against_the_other():
    r = play("  Russia: [F STP/NC]\n  Germany: [F BOT]", "Germany: F BOT - STP/SC")
    assert outcome(r, "F BOT - STP/SC") is Outcome.FAILURE
    assert units_after(r) == {"Russia: F STP/NC", "Germany: F BOT"}


@pytest.mark.rule("seed003/two-coasts-2")
def test_two_coasts_2_a_fleet_on_bulgarias_east_coast_occupies_the_whole_province():
    """An army and a fleet on the other coast both find Bulgaria occupied."""
    r = play("  Russia: [F BUL/EC]\n  Turkey: [F AEG, A CON]", "Turkey: F AEG - BUL/SC")
    assert outcome(r, "F AEG - BUL/SC") is Outcome.FAILURE
    r = play("  Russia: [F BUL/EC]\n  Turkey: [A CON]", "Turkey: A CON - BUL")
    assert outcome(r, "A CON - BUL") is Outcome.FAILURE
    assert "Russia: F BUL/EC" in units_after(r)


@pytest.mark.rule("seed003/two-coasts-3")
def test_two_coasts_3_constantinople_to_bulgaria_must_name_the_coast():
    r = play("  Turkey: [F CON]", "Turkey: F CON - BUL")
    assert outcome(r, "F CON - BUL") is Outcome.AMBIGUOUS
    assert units_after(r) == {"Turkey: F CON"}
    r = play("  Turkey: [F CON]", "Turkey: F CON - BUL/EC")
    assert units_after(r) == {"Turkey: F BUL/EC"}


@pytest.mark.rule("seed003/two-coasts-3")
def test_two_coasts_3_no_coast_needed_when_only_one_can_be_reached():
    """From Norway only the north coast of St Petersburg is reachable, from the Western
    Mediterranean only Spain's south coast: one meaning, so the fleet moves."""
    r = play("  Russia: [F NWY]", "Russia: F NWY - STP")
    assert units_after(r) == {"Russia: F STP/NC"}
    r = play("  Italy: [F WES]", "Italy: F WES - SPA")
    assert units_after(r) == {"Italy: F SPA/SC"}


@pytest.mark.rule("seed003/two-coasts-4", moved=True)
def test_two_coasts_4_rumania_supports_into_bulgarias_south_coast():
    """The Marseilles example moved to Bulgaria: Rumania reaches only the east coast, yet its
    support carries the Aegean fleet to the south coast against Greece."""
    r = play("  Turkey: [F AEG, F RUM]\n  Austria: [F GRE]",
             "Turkey: F AEG - BUL/SC\nTurkey: F RUM S F AEG - BUL\nAustria: F GRE - BUL/SC")
    assert outcome(r, "F RUM S F AEG - BUL") is Outcome.SUCCESS
    assert units_after(r) == {"Turkey: F BUL/SC", "Turkey: F RUM", "Austria: F GRE"}


@pytest.mark.rule("seed003/two-coasts-4", moved=True)
def test_two_coasts_4_norway_supports_into_st_petersburgs_south_coast():
    """Norway reaches only St Petersburg's north coast, yet supports the Gulf of Bothnia's fleet
    onto the south coast against an army from Moscow."""
    r = play("  Russia: [F BOT, F NWY]\n  Germany: [A MOS]",
             "Russia: F BOT - STP/SC\nRussia: F NWY S F BOT - STP/SC\nGermany: A MOS - STP")
    assert units_after(r) == {"Russia: F STP/SC", "Russia: F NWY", "Germany: A MOS"}


@pytest.mark.rule("seed003/two-coasts-4")
def test_two_coasts_4_marseilles_supports_a_fleet_holding_on_spains_north_coast():
    """The seed's own case of a hold: Marseilles's support keeps F Spain (north coast) in place
    against a supported attack."""
    r = play("  France: [F SPA/NC, F MAR]\n  England: [F MAO, F POR]",
             "France: F MAR S F SPA/NC\nEngland: F MAO - SPA/NC\nEngland: F POR S F MAO - SPA/NC")
    assert outcome(r, "F MAO - SPA/NC") is Outcome.FAILURE
    assert "France: F SPA/NC" in units_after(r)
    assert not r.result.next_position.dislodged


@pytest.mark.rule("seed003/two-coasts-5", moved=True)
def test_two_coasts_5_bulgarias_south_coast_cannot_support_into_rumania():
    """The converse, moved: a fleet on Bulgaria's south coast cannot move to Rumania at all, so
    it cannot support there."""
    r = play("  Russia: [F BUL/SC, A SEV]\n  Austria: [A RUM]",
             "Russia: F BUL/SC S A SEV - RUM\nRussia: A SEV - RUM")
    assert outcome(r, "F BUL/SC S A SEV - RUM") is Outcome.ILLEGAL
    assert outcome(r, "A SEV - RUM") is Outcome.FAILURE
    assert "Austria: A RUM" in units_after(r)


@pytest.mark.rule("seed003/two-coasts-5", moved=True)
def test_two_coasts_5_st_petersburgs_north_coast_cannot_support_into_finland():
    r = play("  Russia: [F STP/NC, A SWE]", "Russia: F STP/NC S A SWE - FIN\nRussia: A SWE - FIN")
    assert outcome(r, "F STP/NC S A SWE - FIN") is Outcome.ILLEGAL
    r = play("  Russia: [F STP/SC, A SWE]", "Russia: F STP/SC S A SWE - FIN\nRussia: A SWE - FIN")
    assert outcome(r, "F STP/SC S A SWE - FIN") is Outcome.SUCCESS


# -- 3c. Sweden and Denmark --------------------------------------------------------------------------


@pytest.mark.rule("seed003/sweden-denmark-1")
def test_sweden_denmark_1_an_army_moves_from_denmark_to_sweden():
    r = play("  Germany: [A DEN]", "Germany: A DEN - SWE")
    assert units_after(r) == {"Germany: A SWE"}


@pytest.mark.rule("seed003/sweden-denmark-1")
def test_sweden_denmark_1_a_fleet_moves_from_denmark_to_sweden_and_an_army_supports_across():
    r = play("  Germany: [F DEN]", "Germany: F DEN - SWE")
    assert units_after(r) == {"Germany: F SWE"}
    r = play("  Germany: [A DEN, A NWY]\n  Russia: [A SWE]", "Germany: A NWY - SWE\nGermany: A DEN S A NWY - SWE")
    assert outcome(r, "A NWY - SWE") is Outcome.SUCCESS


@pytest.mark.rule("seed003/sweden-denmark-2")
def test_sweden_denmark_2_skagerrak_to_baltic_is_no_move():
    r = play("  England: [F SKA]", "England: F SKA - BAL")
    assert outcome(r, "F SKA - BAL") is Outcome.ILLEGAL
    assert units_after(r) == {"England: F SKA"}


@pytest.mark.rule("seed003/sweden-denmark-2")
def test_sweden_denmark_2_from_the_baltic_to_the_skagerrak_through_denmark():
    r = play("  Germany: [F BAL]", "Germany: F BAL - DEN")
    r = then(r, "Germany: F DEN - SKA")
    assert units_after(r) == {"Germany: F SKA"}


@pytest.mark.rule("seed003/sweden-denmark-3")
def test_sweden_denmark_3_a_fleet_from_the_skagerrak_leaves_sweden_into_the_gulf_of_bothnia():
    r = play("  Russia: [F SKA]", "Russia: F SKA - SWE")
    assert units_after(r) == {"Russia: F SWE"}
    r = then(r, "Russia: F SWE - BOT")
    assert units_after(r) == {"Russia: F BOT"}


@pytest.mark.rule("seed003/sweden-denmark-3")
def test_sweden_denmark_3_swedens_one_coast_needs_no_coast_named():
    """Sweden has one coast: a fleet moves there without naming one, and from there reaches the
    Baltic and the Skagerrak alike."""
    r = play("  Russia: [F NWY]", "Russia: F NWY - SWE")
    assert units_after(r) == {"Russia: F SWE"}
    r = then(r, "Russia: F SWE - BAL")
    assert units_after(r) == {"Russia: F BAL"}


@pytest.mark.rule("seed003/sweden-denmark-4")
def test_sweden_denmark_4_no_fleet_from_berlin_to_denmark():
    r = play("  Germany: [F BER]", "Germany: F BER - DEN")
    assert outcome(r, "F BER - DEN") is Outcome.ILLEGAL
    assert units_after(r) == {"Germany: F BER"}


@pytest.mark.rule("seed003/sweden-denmark-4")
def test_sweden_denmark_4_berlin_cannot_support_into_denmark():
    r = play("  Germany: [A BER, A KIE]\n  England: [A DEN]", "Germany: A KIE - DEN\nGermany: A BER S A KIE - DEN")
    assert outcome(r, "A BER S A KIE - DEN") is Outcome.ILLEGAL
    assert outcome(r, "A KIE - DEN") is Outcome.FAILURE
    assert "England: A DEN" in units_after(r)


# -- 4. Mechanics of writing orders --------------------------------------------------------------------


@pytest.mark.rule("seed003/orders-1")
def test_orders_1_all_orders_are_exposed_at_once_so_their_order_does_not_matter():
    """A unit leaving Paris lets another in, whichever order is read first."""
    units = "  France: [A PAR, A PIC]"
    for orders in ("France: A PAR - BUR\nFrance: A PIC - PAR", "France: A PIC - PAR\nFrance: A PAR - BUR"):
        r = play(units, orders)
        assert units_after(r) == {"France: A BUR", "France: A PAR"}


@pytest.mark.rule("seed003/orders-1")
def test_orders_1_a_ring_of_moves_is_played_together():
    r = play("  Germany: [A BUR, A MUN, A RUH]", "Germany: A BUR - MUN\nGermany: A MUN - RUH\nGermany: A RUH - BUR")
    assert units_after(r) == {"Germany: A MUN", "Germany: A RUH", "Germany: A BUR"}
    assert all(x.outcome is Outcome.SUCCESS for x in r.resolutions())


@pytest.mark.rule("seed003/orders-2")
def test_orders_2_an_army_ordered_to_an_unreachable_province_stands_and_defends():
    """Paris is ordered to Munich: illegal, so it stands in Paris, and Burgundy's unsupported
    attack bounces off it."""
    r = play("  France: [A PAR]\n  Germany: [A BUR]", "France: A PAR - MUN\nGermany: A BUR - PAR")
    assert outcome(r, "A PAR - MUN") is Outcome.ILLEGAL
    assert outcome(r, "A BUR - PAR") is Outcome.FAILURE
    assert units_after(r) == {"France: A PAR", "Germany: A BUR"}


@pytest.mark.rule("seed003/orders-2")
def test_orders_2_an_army_ordered_to_sea_stands_and_may_be_supported_in_place():
    r = play("  France: [A BRE, A PAR]\n  England: [A PIC, A GAS]",
             "France: A BRE - ENG\nFrance: A PAR S A BRE\nEngland: A PIC - BRE\nEngland: A GAS S A PIC - BRE")
    assert outcome(r, "A BRE - ENG") is Outcome.ILLEGAL
    assert outcome(r, "A PAR S A BRE") is Outcome.SUCCESS
    assert "France: A BRE" in units_after(r)
    assert not r.result.next_position.dislodged


@pytest.mark.rule("seed003/orders-3")
def test_orders_3_a_fleet_sent_to_wales_instead_of_the_channel_goes_to_wales():
    r = play("  England: [F LON]", "England: F LON - WAL")
    assert outcome(r, "F LON - WAL") is Outcome.SUCCESS
    assert units_after(r) == {"England: F WAL"}


@pytest.mark.rule("seed003/orders-3")
def test_orders_3_a_support_given_to_the_wrong_power_is_followed():
    """Germany supports Italy into Tyrolia (meaning to support Austria): legal, so followed, and
    Italy wins Tyrolia."""
    r = play("  Germany: [A MUN]\n  Italy: [A VEN]\n  Austria: [A VIE]",
             "Germany: A MUN S A VEN - TYR\nItaly: A VEN - TYR\nAustria: A VIE - TYR")
    assert outcome(r, "A MUN S A VEN - TYR") is Outcome.SUCCESS
    assert "Italy: A TYR" in units_after(r)
    assert "Austria: A VIE" in units_after(r)


@pytest.mark.rule("seed003/orders-4")
def test_orders_4_a_build_that_could_be_an_army_or_a_fleet_is_not_followed():
    r = play("  France: [A PAR]", "France: Build Brest", phase="Winter 1901 Adjustment",
             extra="supply_centers:\n  France: [BRE, MAR, PAR, SPA]\n")
    assert all(x.outcome is not Outcome.SUCCESS for x in r.resolutions() if "Brest" in x.order_text or "BRE" in x.order_text)
    assert units_after(r) == {"France: A PAR"}


@pytest.mark.rule("seed003/orders-4")
def test_orders_4_a_move_to_one_of_two_places_is_not_followed():
    r = play("  Germany: [A MUN]", "Germany: A MUN - BOH/TYR")
    assert r.unreadable
    assert any(x.outcome is Outcome.AMBIGUOUS for x in r.resolutions())
    assert units_after(r) == {"Germany: A MUN"}


@pytest.mark.rule("seed003/orders-5")
def test_orders_5_an_order_in_words_and_misspellings_is_followed():
    r = play("  Germany: [A MUN]", "Germany: army munich moves to silesia")
    assert units_after(r) == {"Germany: A SIL"}
    r = play("  Italy: [F NAP]", "Itlay: F Napels - Ionian Sea")
    assert units_after(r) == {"Italy: F ION"}


@pytest.mark.rule("seed003/orders-5")
def test_orders_5_a_wrong_unit_letter_with_one_meaning_is_followed():
    """England writes ``A`` for its fleet in London: only one unit stands there, so the order can
    mean only that fleet."""
    r = play("  England: [F LON]", "England: A LON - NTH")
    assert units_after(r) == {"England: F NTH"}


# -- 5. The Gamesmaster --------------------------------------------------------------------------------


@pytest.mark.rule("seed003/gamesmaster-1")
def test_gamesmaster_1_every_unit_gets_a_ruling_with_its_reason():
    """The orders are collected and read: each gets a result and a reason, and a unit without an
    order is ruled to hold."""
    r = play("  England: [F LON, A LVP]\n  France: [A PAR]", "England: F LON - NTH\nFrance: A PAR - PIC")
    ruled = {x.order_text: x for x in r.resolutions()}
    assert set(ruled) == {"F LON - NTH", "A LVP H", "A PAR - PIC"}
    assert all(x.reason for x in ruled.values())
    assert ruled["A LVP H"].outcome is Outcome.SUCCESS


@pytest.mark.rule("seed003/gamesmaster-1")
def test_gamesmaster_1_rulings_are_neutral_between_the_powers():
    """The same clash with the powers' names exchanged is ruled the same way for the unit in the
    same place, whoever owns it."""
    orders = "{a}: A PAR - BUR\n{a}: A MAR S A PAR - BUR\n{b}: A MUN - BUR"
    one = play("  France: [A PAR, A MAR]\n  Germany: [A MUN]", orders.format(a="France", b="Germany"))
    two = play("  Germany: [A PAR, A MAR]\n  France: [A MUN]", orders.format(a="Germany", b="France"))
    assert {str(u) for u in one.result.next_position.units} == {str(u) for u in two.result.next_position.units}
    assert [(x.order_text, x.outcome) for x in one.resolutions()] == [(x.order_text, x.outcome) for x in two.resolutions()]


@pytest.mark.rule("seed003/gamesmaster-2")
def test_gamesmaster_2_a_movement_phase_runs_three_days_to_the_evening():
    """The Gamesmaster keeps time: a movement phase opened on Monday morning closes at 22:00 on
    Thursday (72 hours, then the next 22:00 of the game's clock)."""
    opened = datetime(2025, 1, 6, 9, 30, tzinfo=timezone.utc)
    assert Schedule().deadline(opened, PhaseKind.MOVEMENT) == datetime(2025, 1, 9, 22, 0, tzinfo=timezone.utc)


@pytest.mark.rule("seed003/gamesmaster-2")
def test_gamesmaster_2_each_kind_of_phase_keeps_its_own_time():
    opened = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)
    s = Schedule(movement=DeadlineRule(48), retreat=DeadlineRule(12), adjustment=DeadlineRule(6))
    assert s.deadline(opened, PhaseKind.MOVEMENT) == datetime(2025, 3, 3, 12, 0, tzinfo=timezone.utc)
    assert s.deadline(opened, PhaseKind.RETREAT) == datetime(2025, 3, 2, 0, 0, tzinfo=timezone.utc)
    assert s.deadline(opened, PhaseKind.ADJUSTMENT) == datetime(2025, 3, 1, 18, 0, tzinfo=timezone.utc)


@pytest.mark.rule("seed003/gamesmaster-3")
def test_gamesmaster_3_a_centre_taken_in_the_fall_changes_hands():
    r = play("  Germany: [A MUN]\n  France: [A BUR]", "France: A BUR - MUN\nGermany: A MUN - RUH",
             phase="Fall 1901 Movement")
    assert r.result.next_position.supply_centers["MUN"] == "France"
    assert ("MUN", "Germany", "France") in r.result.captures


@pytest.mark.rule("seed003/gamesmaster-3")
def test_gamesmaster_3_the_tally_keeps_a_centre_its_owner_has_left():
    """France takes Belgium in the Fall and leaves it in the next Spring: Belgium is still
    France's."""
    r = play("  France: [A BUR]", "France: A BUR - BEL", phase="Fall 1901 Movement",
             extra="supply_centers:\n  France: [BRE, MAR, PAR]\n")
    nxt = r.result.next_position
    while nxt.phase.kind is not PhaseKind.MOVEMENT:
        r = then(r, "France: Build A PAR" if nxt.phase.kind is PhaseKind.ADJUSTMENT else "")
        nxt = r.result.next_position
    r = then(r, "France: A BEL - HOL")
    assert r.result.next_position.supply_centers["BEL"] == "France"
