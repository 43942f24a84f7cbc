"""Machiavelli, rule by rule (issue 16): scenarios written from the rules' text.

Each test carries the ids of the rules it plays (``judge/variants/machiavelli/rulebook.py``) and
its docstring quotes or cites them: seed 000 (house rules), seed 001 (income, control, conquest,
elimination) and njudge's rules.machiavelli. Where the text gives an example, one test plays it
again elsewhere on the board (``moved=True``). Where the judge disagrees with the text the test
is kept, marked ``xfail(strict=True)`` with the rule it fails.

Positions are built with the helpers of ``test_machiavelli`` (a position file's text); the
variant's state is read as the position file holds it (:func:`state_of`), so the tests do not
depend on how the judge keeps it in memory.
"""

from __future__ import annotations

import re

import pytest

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.core.types import PhaseKind
from judge.variants import find_variant
from test_machiavelli import MACH, outcome, play, units_after

XFAIL = pytest.mark.xfail


def go(units: str, orders: str = "", state: str = "", phase: str = "Spring 1454 Movement", options=None,
       autonomous: str = "[]"):
    """Play one phase from a position given as the position file's text (``state``: more keys)."""
    return play(units, orders, phase=phase, extra=f"autonomous: {autonomous}\n{state}", options=options)


def then(report, orders: str = "", options=None):
    """Play the next phase after ``report``."""
    variant = find_variant("machiavelli", options=options) if options else MACH
    return run_phase(variant, report.result.next_position, orders, "orders.txt")


def state_of(report) -> dict:
    """The variant's state after ``report`` as the position file writes it (typed or not)."""
    pos = report.result.next_position
    out = dict(pos.extra)
    if getattr(pos, "state", None) is not None:
        out.update(pos.state.to_data())
    return out


def pc(report) -> dict:
    return state_of(report).get("province_control") or {}


def cc(report) -> dict:
    return state_of(report).get("city_control") or {}


def treasury(report, power: str) -> int:
    return int((state_of(report).get("treasury") or {}).get(power, 0))


def paid(report, power: str) -> dict:
    """What ``power`` was paid by the Winter income just played."""
    return (state_of(report).get("income") or {}).get(power) or {}


def winter(units: str, state: str = "", options=None, autonomous: str = "[]", year: int = 1454):
    """Play a Winter income on this position."""
    return go(units, "", state, phase=f"Winter {year} Income", options=options, autonomous=autonomous)


def ok(report, text: str) -> bool:
    return outcome(report, text) is Outcome.SUCCESS


def retreating(report) -> bool:
    return report.result.next_position.phase.kind is PhaseKind.RETREAT


def notes(report) -> str:
    return "\n".join(report.result.notes)


def seeded(units: str, orders: str, state: str, want, tries: int = 300, **kw):
    """The first report, over dice seeds s0, s1..., for which ``want(report)`` holds: the judge's
    own dice, never a roll written into the test."""
    for k in range(tries):
        r = go(units, orders, f"dice_seed: s{k}\n{state}", **kw)
        if want(r):
            return r
    raise AssertionError("no dice seed gives the case wanted")


R = "rules.machiavelli/"

# -- seed 000: GARRISONS/CONVERT ORDERS ---------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/conversion-1", moved=True)
@pytest.mark.rule("seed000/convert-1", "rules.machiavelli/conversion-2b")
def test_a_conversion_bounces_an_equal_move_elsewhere():
    """seed 000: "Convert orders are simultaneous with, and of equal strength to, all other types
    of orders"; rules §Conversion's Genoa example (garrison converting, army moving in, neither
    supported: both bounce) played in Arezzo."""
    r = go("  Florence: [G ARE]\n  Papacy: [A PER]", "Florence: G ARE C A\nPapacy: A PER - ARE")
    assert outcome(r, "G ARE C A") is Outcome.FAILURE and outcome(r, "A PER - ARE") is Outcome.FAILURE
    assert units_after(r) == {"Florence: G ARE", "Papacy: A PER"}


@pytest.mark.rule("seed000/convert-1", "rules.machiavelli/conversion-1c")
def test_a_supported_conversion_beats_a_lone_advance():
    """seed 000: a conversion has the strength of any move: supported once, a garrison converting
    into its empty province beats an unsupported advance (rules §Conversion 1c)."""
    r = go("  Milan: [G TUR, A PAV]\n  France: [A AVI]",
           "Milan: G TUR C A\nMilan: A PAV S G TUR - TUR\nFrance: A AVI - TUR")
    assert ok(r, "G TUR C A") and outcome(r, "A AVI - TUR") is Outcome.FAILURE
    assert units_after(r) == {"Milan: A TUR", "Milan: A PAV", "France: A AVI"}


@pytest.mark.rule("seed000/convert-2", "rules.machiavelli/conversion-1d1")
def test_a_besieged_garrison_with_support_dislodges_its_besieger_in_perugia():
    """seed 000: "A besieged Garrison may convert if it receives support greater than strength of
    the besieging unit. The besieging unit would be dislodged." Played in Perugia."""
    r = go("  Florence: [A PER]\n  Papacy: [G PER, A SPO]", "Florence: A PER besiege")
    r = then(r, "Florence: A PER besiege\nPapacy: G PER C A\nPapacy: A SPO S G PER - PER")
    assert ok(r, "G PER C A")
    assert "Papacy: A PER" in units_after(r) and "Papacy: G PER" not in units_after(r)
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["A PER"]


@pytest.mark.rule("seed000/convert-3", "rules.machiavelli/conversion-1a")
def test_an_advance_follows_a_unit_that_garrisons_its_city():
    """seed 000: "An Army or Fleet ordered to convert to a Garrison does not prevent the
    simultaneous advance by another unit into the province vacated by the converting unit."
    A fleet of Naples garrisons Bari as a Papal army walks in."""
    r = go("  Naples: [F BAR]\n  Papacy: [A AQU]", "Naples: F BAR C G\nPapacy: A AQU - BAR")
    assert ok(r, "F BAR C G") and ok(r, "A AQU - BAR")
    assert units_after(r) == {"Naples: G BAR", "Papacy: A BAR"}
    assert pc(r)["BAR"] == "Papacy" and cc(r)["BAR"] == "Naples"


# -- seed 000: STRAITS -------------------------------------------------------------------------


@pytest.mark.rule("seed000/straits-1", moved=True)
@pytest.mark.rule("rules.machiavelli/straits-a", "rules.machiavelli/straits")
def test_messina_denies_the_strait_to_another_powers_fleet():
    """seed 000 STRAITS: the fleet in Messina at the beginning of the phase lets its owner deny
    passage; Turkey's fleet may not pass Gulf of Naples - Ionian Sea (the Piombino case played at
    Messina)."""
    r = go("  Naples: [F MES]\n  Turkey: [F ION]", "Turkey: F ION - GON")
    assert outcome(r, "F ION - GON") is Outcome.ILLEGAL and "Turkey: F ION" in units_after(r)


@pytest.mark.rule("seed000/straits-1", "rules.machiavelli/straits-f", "rules.machiavelli/straits-a")
def test_the_keeper_of_messina_denies_passage_while_it_moves_away():
    """seed 000: "It does not matter if that controlling Fleet is simultaneously ordered to move"
    (rules §Special mapboard features 1f)."""
    r = go("  Naples: [F MES]\n  Turkey: [F GON]", "Naples: F MES - PAL\nTurkey: F GON - ION")
    assert ok(r, "F MES - PAL") and outcome(r, "F GON - ION") is Outcome.ILLEGAL


@pytest.mark.rule("seed000/straits-2", "rules.machiavelli/straits-a")
def test_passage_is_a_support_too_at_messina():
    """seed 000: "passage" is an ADVANCE, SUPPORT or TRANSPORT order: Turkey's fleet in the Ionian
    Sea may not support into the Gulf of Naples past Naples' fleet in Messina."""
    units = "  Naples: [F MES, F NAP]\n  Turkey: [F ION, F OTR]"
    r = go(units, "Turkey: F OTR - GON\nTurkey: F ION S F OTR - GON")
    assert outcome(r, "F ION S F OTR - GON") is Outcome.ILLEGAL
    assert "Turkey: F GON" in units_after(r)  # the move itself does not pass the strait


@pytest.mark.rule("seed000/straits-2", "rules.machiavelli/convoys-1")
def test_passage_is_a_convoy_too_at_messina():
    """seed 000: a TRANSPORT through the strait is passage: Turkey's fleet in the Ionian Sea may
    not carry an army to Naples' Gulf coast past Messina; from Otranto over the Ionian Sea to
    Durazzo, away from the strait, it may."""
    units = "  Naples: [F MES]\n  Turkey: [F ION, A OTR]"
    r = go(units, "Turkey: F ION C A OTR - TIV\nTurkey: A OTR - TIV")
    assert "Turkey: A OTR" in units_after(r)
    r = go("  Turkey: [F ION, A OTR]", "Turkey: F ION C A OTR - DUR\nTurkey: A OTR - DUR")
    assert "Turkey: A DUR" in units_after(r)


@pytest.mark.rule("seed000/straits-3", moved=True)
@pytest.mark.rule("rules.machiavelli/straits-e")
def test_a_fleet_taking_messina_does_not_change_this_phases_passage():
    """seed 000: "Occupation of the controlling space by the Fleet of another power on the same
    move does not alter the right (or denial) of passage": Turkey's fleet takes an empty Messina
    (its garrison converting) while Naples' fleet passes below it."""
    units = "  Naples: [F GON, F TIV]\n  Turkey: [F PAL]"
    r = go(units, "Turkey: F PAL - MES\nNaples: F GON - ION")
    assert ok(r, "F PAL - MES") and ok(r, "F GON - ION")


@pytest.mark.rule("seed000/straits-4", "rules.machiavelli/straits-l")
def test_messina_held_by_an_army_leaves_the_strait_open():
    """seed 000: "if no power's Fleet occupies the associated controlling space at the beginning
    of the phase, passage through that strait is open to all" (an army keeps nothing, 1l)."""
    r = go("  Naples: [A MES, G MES]\n  Turkey: [F ION]", "Turkey: F ION - GON")
    assert ok(r, "F ION - GON")


# -- seed 000: VENICE/VENICE LAGOON -------------------------------------------------------------


@pytest.mark.rule("seed000/venice-lagoon-1", "seed001/income-4", "rules.machiavelli/income-a")
def test_a_fleet_on_the_lagoon_pays_as_a_province_not_as_a_sea():
    """seed 000: "For purposes of determining control/calculating income Venice Lagoon is treated
    as if it were a land province": Milan's fleet there earns 1 for the province, nothing for a
    sea; in the Upper Adriatic it earns the sea's ducat (seed 001)."""
    lagoon = paid(winter("  Milan: [F LAG]", "province_control: {LAG: Milan}\ncity_control: {}\n"), "Milan")
    assert (lagoon["provinces"], lagoon["seas"]) == (1, 0)
    sea = paid(winter("  Milan: [F UAS]", "province_control: {}\ncity_control: {}\n"), "Milan")
    assert (sea["provinces"], sea["seas"]) == (0, 1)


@pytest.mark.rule("seed000/venice-lagoon-2", "seed000/venice-lagoon-3")
def test_the_lagoon_keeps_paying_the_power_whose_fleet_left_it():
    """seed 000: "a Fleet does not have to be present on the Lagoon in order to count it toward
    income"; "The last power whose Fleet occupied the Lagoon ... is considered to control it".
    Turkey's fleet passes through the Lagoon to Treviso; at the Winter the Lagoon pays Turkey (no
    famine, so that every province pays)."""
    calm = {"famine": False}
    r = go("  Turkey: [F UAS]", "Turkey: F UAS - LAG", options=calm)
    r = then(r, "Turkey: F LAG - TRV", options=calm)
    r = then(r, "", options=calm)
    assert str(r.result.next_position.phase) == "Winter 1454 Income"
    r = then(r, "", options=calm)
    assert pc(r)["LAG"] == "Turkey"
    assert paid(r, "Turkey")["provinces"] == 5 + 2 and paid(r, "Turkey")["seas"] == 0  # its home, the Lagoon, Treviso


@pytest.mark.rule("seed000/venice-lagoon-2", "seed000/venice-lagoon-1")
def test_the_original_owner_counts_the_lagoon_with_no_fleet_anywhere():
    """seed 000: the Lagoon counts for its controller "(or the original owner)" without a fleet:
    Venice, with only its garrison, is paid for Venice and for the Lagoon."""
    r = winter("  Venice: [G VEN]", "province_control: {LAG: Venice, VEN: Venice}\ncity_control: {VEN: Venice}\n")
    assert paid(r, "Venice")["provinces"] == 2 and paid(r, "Venice")["seas"] == 0


@pytest.mark.rule("seed000/venice-lagoon-5", "rules.machiavelli/sieges-1")
def test_turkeys_fleet_on_the_lagoon_besieges_venice_and_takes_it():
    """seed 000: "Venice may be besieged, but only by a Fleet" (on the Lagoon): two campaigns of
    besieging by a Turkish fleet eliminate the Venetian garrison."""
    r = go("  Venice: [G VEN]\n  Turkey: [F LAG]", "Turkey: F LAG besiege")
    assert ok(r, "F LAG besiege") and "Venice: G VEN" in units_after(r)
    r = then(r, "Turkey: F LAG besiege")
    assert "Venice: G VEN" not in units_after(r)


@pytest.mark.rule("seed000/venice-lagoon-5", "rules.machiavelli/sieges-2")
def test_venice_is_not_besieged_from_the_upper_adriatic():
    """seed 000: Venice is besieged by a fleet on the Lagoon (its province) only; rules §Sieges: "A
    fleet must move to the containing province to be able to besiege a port city"."""
    r = go("  Venice: [G VEN]\n  Turkey: [F UAS]", "Turkey: F UAS besiege")
    assert outcome(r, "F UAS besiege") is Outcome.ILLEGAL


@pytest.mark.rule("seed000/venice-lagoon-6", "seed000/convert-1", "rules.machiavelli/conversion-1c")
def test_venices_garrison_becomes_a_fleet_on_the_lagoon_with_support():
    """seed 000: "A Garrison in Venice may only be converted into a Fleet on the Lagoon"; the
    conversion has a move's strength: supported from Treviso it beats Milan's fleet."""
    r = go("  Venice: [G VEN, F TRV]\n  Milan: [F UAS]",
           "Venice: G VEN C F\nVenice: F TRV S G VEN - LAG\nMilan: F UAS - LAG")
    assert ok(r, "G VEN C F")
    assert units_after(r) == {"Venice: F LAG", "Venice: F TRV", "Milan: F UAS"}


@pytest.mark.rule("seed000/venice-lagoon-7", "rules.machiavelli/special-units-strength-1")
def test_venices_garrison_support_holds_the_lagoon():
    """seed 000: "A Garrison in Venice may give support into the Lagoon": with it the fleet on the
    Lagoon holds against an attack supported once; without it, it is dislodged."""
    units = "  Venice: [G VEN, F LAG]\n  Milan: [F UAS, F FRI]"
    attack = "Milan: F UAS - LAG\nMilan: F FRI S F UAS - LAG"
    r = go(units, attack + "\nVenice: G VEN S F LAG")
    assert ok(r, "G VEN S F LAG") and "Venice: F LAG" in units_after(r)
    r = go(units, attack)
    assert "Milan: F LAG" in units_after(r)


# -- seed 001: income ---------------------------------------------------------------------------


@pytest.mark.rule("seed001/income-2", "seed001/income-3", "seed001/income-4", "rules.machiavelli/income-a", "rules.machiavelli/income-b", "rules.machiavelli/income-c")
def test_naples_income_provinces_cities_and_seas():
    """seed 001: 1 ducat a controlled province, 1 a normal city and the printed number for a major
    one, 1 a sea holding one's fleet. Naples holds Naples (2), Rome (2) and Bari (1) and four
    provinces, with fleets in the Gulf of Naples and the Ionian Sea (and one in Tunis, a land
    area)."""
    r = winter("  Naples: [F GON, F ION, F TUN]",
               "province_control: {NAP: Naples, RME: Naples, BAR: Naples, CAP: Naples}\n"
               "city_control: {NAP: Naples, RME: Naples, BAR: Naples}\n")
    got = paid(r, "Naples")
    assert (got["provinces"], got["cities"], got["seas"]) == (4, 5, 2)


@pytest.mark.rule("seed001/income-1", "rules.machiavelli/sequence-2.1", "rules.machiavelli/sequence-2.2")
def test_the_income_is_paid_before_the_upkeep_and_the_spring():
    """seed 001: income "prior to spring movement"; rules §Sequence of play 2.1-2.2: income
    first, then units are paid for. A power with an empty treasury keeps its army with the
    income of the same Winter."""
    r = winter("  Florence: [A FLO]", "treasury: {Florence: 0}\n")
    assert str(r.result.next_position.phase) == "Winter 1454 Adjustment"
    income = treasury(r, "Florence")
    assert income > 3
    r = then(r, "Florence: Maintain A FLO")
    assert ok(r, "Maintain A FLO") and treasury(r, "Florence") == income - 3
    assert str(r.result.next_position.phase) == "Spring 1455 Movement"


@pytest.mark.rule("seed001/income-5", "rules.machiavelli/income-d", "rules.machiavelli/home-countries-3")
def test_a_power_holding_two_home_countries_rolls_for_both():
    """seed 001: "If one player gains control of another player's home country, the variable
    income of that home country is also gained": Papacy, holding Naples' home country, rolls
    Naples' die besides its own; Naples, not in the game's income any more, rolls nothing."""
    r = winter("  Papacy: [A RME]", "province_control: {RME: Papacy, NAP: Papacy}\ncity_control: {RME: Papacy, NAP: Papacy}\n"
               "home_countries: {Naples: Papacy}\neliminated: [Naples]\n")
    assert set(paid(r, "Papacy")["dice"]) == {"Papacy", "Naples"}
    assert paid(r, "Naples") == {}


# -- seed 001: control --------------------------------------------------------------------------


@pytest.mark.rule("seed001/control-1", "rules.machiavelli/control-example-2", moved=True)
@pytest.mark.rule("seed001/control-2", "rules.machiavelli/control")
def test_a_neapolitan_army_walks_pisa_lucca_modena_parma_and_keeps_all_four():
    """seed 001's example (and rules §Control, example 2): a unit "starts out in Genoa in the
    spring and moves to Fornova and then to Parma in the summer and to Mantua in the fall": all
    four count at the next adjustment. Here Naples' army walks Pisa, Lucca, Modena, Parma; the
    ungarrisoned cities of Pisa, Lucca and Modena go with their provinces."""
    calm = {"famine": False}
    r = go("  Naples: [A PSA]", "Naples: A PSA - LUC", options=calm)
    r = then(r, "Naples: A LUC - MOD", options=calm)
    r = then(r, "Naples: A MOD - PAR", options=calm)
    assert str(r.result.next_position.phase) == "Winter 1454 Income"
    assert all(pc(r)[p] == "Naples" for p in ("PSA", "LUC", "MOD", "PAR"))
    assert all(cc(r)[c] == "Naples" for c in ("PSA", "LUC", "MOD"))
    r = then(r, "", options=calm)
    assert paid(r, "Naples")["provinces"] == 8 + 4  # its home country's eight, and the four


@pytest.mark.rule("seed001/control-2", "rules.machiavelli/control-5", "rules.machiavelli/sequence-e")
def test_the_last_army_in_siena_takes_its_city():
    """seed 001: "If a province has an ungarrisoned city, the last player in the province gains
    control of the city": Milan's army takes Siena, city and all; when Florence's army follows
    it, both go to Florence."""
    r = go("  Milan: [A PIO]\n  Florence: [A ARE]", "Milan: A PIO - SIE")
    assert pc(r)["SIE"] == "Milan" and cc(r)["SIE"] == "Milan"
    r = then(r, "Milan: A SIE - PAT\nFlorence: A ARE - SIE")
    assert pc(r)["SIE"] == "Florence" and cc(r)["SIE"] == "Florence"


@pytest.mark.rule("seed001/control-3", moved=True)
@pytest.mark.rule("rules.machiavelli/control-6")
def test_ferrara_province_pays_milan_and_its_city_pays_papacy():
    """seed 001: "If one player has a unit in a province and another has a garrison in the city,
    the province income will go to the one player while the city income goes to the other"
    (rules §Control 6). Milan's army enters Ferrara, whose city holds a Papal garrison."""
    r = go("  Milan: [A MAN]\n  Papacy: [G FER]", "Milan: A MAN - FER")
    assert pc(r)["FER"] == "Milan" and cc(r)["FER"] == "Papacy"
    r = winter("  Milan: [A FER]\n  Papacy: [G FER]", "province_control: {FER: Milan}\ncity_control: {FER: Papacy}\n")
    assert (paid(r, "Milan")["provinces"], paid(r, "Milan")["cities"]) == (1, 0)
    assert (paid(r, "Papacy")["provinces"], paid(r, "Papacy")["cities"]) == (0, 1)


@pytest.mark.rule("seed001/control-4", moved=True)
@pytest.mark.rule("rules.machiavelli/control-3")
def test_the_garrison_of_perugia_takes_back_its_province_when_the_army_is_dislodged():
    """seed 001: "If the unit in the province leaves or is eliminated while the garrison remains,
    control of the province will revert to the player with the garrison." Florence's army in
    Perugia is dislodged and disbanded; Papacy's garrison takes the province back."""
    units = "  Florence: [A PER]\n  Papacy: [G PER, A RME, A SPO, A PAT, A ARE, A SIE, A URB]"
    r = go(units, "Papacy: A RME - PER\nPapacy: A SPO S A RME - PER")
    assert pc(r)["PER"] == "Papacy"


@pytest.mark.rule("seed001/control-5", "rules.machiavelli/income-c")
def test_turin_besieged_since_the_fall_pays_nothing_in_the_winter():
    """seed 001: "A besieged city produces no income": Milan's army begins besieging the French
    garrison of Turin in the Fall; at the Winter France draws nothing for Turin, Milan the
    province (and Milan's city)."""
    r = go("  Milan: [A TUR]\n  France: [G TUR]", "Milan: A TUR besiege", phase="Fall 1454 Movement",
           state="province_control: {}\ncity_control: {TUR: France, MAR: France, MIL: Milan}\n", options={"famine": False})
    assert state_of(r)["sieges"]["TUR"]["by"] == "Milan"
    r = then(r, "", options={"famine": False})
    assert paid(r, "France")["cities"] == 1  # Marseilles; Turin, besieged, pays nothing
    assert paid(r, "Milan")["provinces"] == 1 and paid(r, "Milan")["cities"] == 3


@pytest.mark.rule("seed001/home-country", "rules.machiavelli/home-countries-1")
def test_milan_takes_florences_home_country_with_all_of_it():
    """seed 001: "To gain control of another player's home country, you must control all of his
    original provinces and cities": Milan's armies stand in all four of Florence's provinces."""
    r = go("  Milan: [A ARE, A FLO, A PSA, A PST, A MIL]", "")
    assert state_of(r)["home_countries"] == {"Florence": "Milan"}


@pytest.mark.rule("seed001/home-country", "rules.machiavelli/home-countries-1")
def test_three_of_florences_four_provinces_are_not_its_home_country():
    """seed 001: all of them: with Pistoia still Florence's, Milan holding its three cities does
    not gain the home country (rules §Control and conquest: home countries are gained in a
    block)."""
    r = go("  Milan: [A ARE, A FLO, A PSA, A MIL]\n  Florence: [A PST]", "")
    assert not state_of(r).get("home_countries")


@pytest.mark.rule("seed001/elimination", "rules.machiavelli/elimination-1", "rules.machiavelli/sequence-m")
def test_papacy_without_a_city_of_its_home_is_eliminated_and_its_units_removed():
    """seed 001: "A player who controls no cities in his home country ... at the end of a campaign
    is conquered and eliminated from the game and all of his military units are immediately
    removed" (the Austrian case played with the Papacy)."""
    r = go("  Papacy: [A SPO, F LAS]\n  Naples: [A RME]", "Papacy: A SPO H",
           state="province_control: {SPO: Papacy, ANC: Papacy}\ncity_control: {RME: Naples, ANC: Naples, PER: Naples, BOL: Naples}\n")
    assert "Papacy" in state_of(r)["eliminated"]
    assert not r.result.next_position.units_of("Papacy")


# -- rules.machiavelli: Advanced and basic rules, Provinces, Movement ------------------------------

BASIC = {"money": False}


@pytest.mark.rule("rules.machiavelli/advanced-basic-1")
def test_the_basic_game_pays_no_income_and_takes_no_expense():
    """rules §Advanced and basic rules: "Basic rules do *not* include money": no income in the
    Winter, no expense in a campaign."""
    r = winter("  Milan: [A MIL]", "treasury: {Milan: 0}\n", options=BASIC)
    assert treasury(r, "Milan") == 0 and not paid(r, "Milan")
    r = go("  Milan: [A MIL]\n  Papacy: [A BOL]", "Milan: Expense 1: 12 ducats disband a BOL", "treasury: {Milan: 20}\n",
           options=BASIC)
    assert outcome(r, "Expense 1: 12 ducats disband A BOL") is Outcome.ILLEGAL and "Papacy: A BOL" in units_after(r)


@pytest.mark.rule("rules.machiavelli/advanced-basic-2", "rules.machiavelli/bugs-b2")
def test_the_basic_game_counts_a_city_only_with_its_province():
    """rules §Advanced and basic rules: one unit "per controlled city ... if you *also* control
    the province that the city is located in". Milan's garrison holds the city of Modena but
    Florence's army the province: Modena gives Milan no unit; with the province Milan builds."""
    units = "  Milan: [G MOD]\n  Florence: [A MOD]"
    r = go(units, "Milan: Build A MIL", "province_control: {MOD: Florence, MIL: Milan}\ncity_control: {MOD: Milan, MIL: Milan}\n"
           "treasury: {}\n", phase="Winter 1454 Adjustment", options=BASIC)
    assert outcome(r, "Build A MIL") is Outcome.ILLEGAL
    r = go("  Milan: [G MOD]", "Milan: Build A MIL", "province_control: {MOD: Milan, MIL: Milan}\n"
           "city_control: {MOD: Milan, MIL: Milan}\ntreasury: {}\n", phase="Winter 1454 Adjustment", options=BASIC)
    assert ok(r, "Build A MIL")


@pytest.mark.rule("rules.machiavelli/provinces")
def test_the_board_has_seventy_provinces_and_eleven_sea_areas():
    """rules §Provinces: "There are 70 provinces and 11 sea areas"."""
    areas = MACH.board.provinces.values()
    seas = [p for p in areas if p.terrain.value == "sea"]
    assert len(seas) == 11 and "LAG" in {p.id for p in seas}
    assert len(list(areas)) - len(seas) == 70


@pytest.mark.rule("rules.machiavelli/provinces")
def test_a_province_may_have_a_city_or_none():
    """rules §Provinces: "province" means provinces with a city and without: of the 70, 44 hold a
    city (the centres) and 26 none; a unit may stand in either kind and control it."""
    land = [p for p in MACH.board.provinces.values() if p.terrain.value != "sea"]
    assert sum(1 for p in land if p.is_supply_center) == 44
    r = go("  Milan: [A PAV]", "Milan: A PAV - FOR")
    assert pc(r)["FOR"] == "Milan" and "FOR" not in cc(r)


@pytest.mark.rule("rules.machiavelli/movement-1")
def test_standard_movement_a_supported_attack_dislodges():
    """rules §Movement: "the rules of standard Diplomacy apply": Milan's army, supported from
    Montferrat, dislodges France's lone army in Turin."""
    r = go("  Milan: [A PAV, A MON]\n  France: [A TUR]", "Milan: A PAV - TUR\nMilan: A MON S A PAV - TUR")
    assert "Milan: A TUR" in units_after(r) and retreating(r)


@pytest.mark.rule("rules.machiavelli/movement-1")
def test_standard_movement_an_attack_cuts_a_support():
    """rules §Movement, standard Diplomacy: an attack on the supporting unit cuts its support."""
    r = go("  Milan: [A PAV, A MON]\n  France: [A TUR, A SAV]",
           "Milan: A PAV - TUR\nMilan: A MON S A PAV - TUR\nFrance: A SAV - MON")
    assert "France: A TUR" in units_after(r) and "Milan: A PAV" in units_after(r)


@pytest.mark.rule("rules.machiavelli/movement-2", "rules.machiavelli/sieges-1")
def test_an_attack_that_fails_does_not_break_a_siege():
    """rules §Movement: "Orders to besiege, lift siege and convoy can not be broken unless the unit
    so ordering is dislodged": an unsupported attack on the besieger bounces and the siege of
    Lucca is completed."""
    r = go("  Milan: [A LUC, A MOD]\n  Florence: [G LUC, A PSA]", "Milan: A LUC besiege")
    r = then(r, "Milan: A LUC besiege\nFlorence: A PSA - LUC")
    assert "Florence: G LUC" not in units_after(r) and "Milan: A LUC" in units_after(r)


@pytest.mark.rule("rules.machiavelli/movement-2", "rules.machiavelli/convoys-1")
def test_an_attack_that_fails_does_not_break_a_convoy():
    """rules §Movement: a convoy is broken only when the convoying fleet is dislodged: attacked by
    one fleet, Florence's fleet still carries its army from Pisa to Tivoli."""
    r = go("  Florence: [F ETS, A PSA]\n  Naples: [F GON]",
           "Florence: F ETS C A PSA - TIV\nFlorence: A PSA - TIV\nNaples: F GON - ETS")
    assert "Florence: A TIV" in units_after(r) and "Florence: F ETS" in units_after(r)


@pytest.mark.rule("rules.machiavelli/movement-3", "rules.machiavelli/garrison-units-1")
def test_an_army_enters_a_province_whose_city_holds_another_garrison():
    """rules §Movement: "Two units may reside in the same province if one is garrisoned in the city
    and the other is outside the city": Florence's army walks into Siena beside Milan's garrison."""
    r = go("  Florence: [A ARE]\n  Milan: [G SIE]", "Florence: A ARE - SIE")
    assert units_after(r) == {"Florence: A SIE", "Milan: G SIE"}


@pytest.mark.rule("rules.machiavelli/movement-retreats-1", "rules.machiavelli/rebellions-5.2", "rules.machiavelli/bugs-a5")
def test_no_retreat_into_treviso_whose_gates_are_shut():
    """rules §Movement, retreats 1: "Retreats are *not* allowed into a rebelling city (locked city
    gates)" (5.2; njudge bug A5: the city is not even offered). Venice's army in Treviso, with no
    other retreat, could retreat into the empty city, but the city rebels against Venice: it is
    disbanded."""
    units = "  Venice: [A TRV]\n  Austria: [A PAD, A VIC, A FRI]"
    orders = "Austria: A PAD - TRV\nAustria: A VIC S A PAD - TRV"
    free = go(units, orders)
    assert retreating(free)
    r = go(units, orders, "rebellions: {TRV: {against: Venice, city: true}}\n")
    assert not retreating(r) and "Venice: A TRV" not in units_after(r) and "Venice: G TRV" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/movement-retreats-2", "rules.machiavelli/movement-retreats-4",
                  "rules.machiavelli/rebellions-8.3", "rules.machiavelli/sequence-h", "rules.machiavelli/control")
def test_a_retreat_into_a_rebelling_province_liberates_it():
    """rules §Movement, retreats 2 and 4: "Retreats are allowed into a rebelling province";
    "Retreating units liberate rebellions": Florence's army, dislodged from Arezzo, retreats into
    Perugia, in rebellion against the Papacy, and frees it (and takes it: control changes in a
    retreat too)."""
    units = "  Florence: [A ARE]\n  Papacy: [A SIE, A URB]"
    r = go(units, "Papacy: A SIE - ARE\nPapacy: A URB S A SIE - ARE", "rebellions: {PER: {against: Papacy, city: true}}\n")
    r = then(r, "Florence: A ARE - PER")
    assert ok(r, "A ARE R PER")
    assert not state_of(r).get("rebellions") and pc(r)["PER"] == "Florence"


@pytest.mark.rule("rules.machiavelli/movement-retreats-2", "rules.machiavelli/movement-retreats-4")
def test_a_retreat_into_a_province_rebelling_against_the_retreating_power_leaves_it():
    """rules §Movement, retreats 2 and 4: a retreat into a rebelling province is allowed; a
    rebellion directed against the retreating power "remains"."""
    units = "  Papacy: [A ARE]\n  Florence: [A SIE, A URB]"
    r = go(units, "Florence: A SIE - ARE\nFlorence: A URB S A SIE - ARE", "rebellions: {PER: {against: Papacy, city: false}}\n")
    r = then(r, "Papacy: A ARE - PER")
    assert ok(r, "A ARE R PER") and "PER" in state_of(r)["rebellions"]


def _two_retreats(state: str = ""):
    """Florence's army in Arezzo and Milan's in Spoleto dislodged (each attack supported twice,
    enough against an elite unit); both retreat to Perugia."""
    units = "  Florence: [A ARE]\n  Milan: [A SPO]\n  Papacy: [A SIE, A FLO, A URB, A RME, A TIV, A CAP]"
    orders = ("Papacy: A SIE - ARE\nPapacy: A FLO S A SIE - ARE\nPapacy: A URB S A SIE - ARE\n"
              "Papacy: A RME - SPO\nPapacy: A TIV S A RME - SPO\nPapacy: A CAP S A RME - SPO")
    r = go(units, orders, state)
    assert retreating(r)
    return then(r, "Florence: A ARE - PER\nMilan: A SPO - PER")


@pytest.mark.rule("rules.machiavelli/movement-retreats-3", "rules.machiavelli/rebellions-6.6")
def test_rebels_do_not_support_a_retreat_into_their_province():
    """rules §Movement, retreats 3, and §Effects of rebellions 6.6: "Rebelling units can not and do
    not support retreats": two retreats into Perugia, rebelling against the Papacy, bounce as two
    retreats do (both units are disbanded); neither gets the rebels' point."""
    r = _two_retreats("rebellions: {PER: {against: Papacy, city: false}}\n")
    assert "Florence: A PER" not in units_after(r) and "Milan: A PER" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/movement-retreats-3", "rules.machiavelli/rebellions-6.6")
def test_rebels_in_city_and_province_do_not_support_a_retreat_either():
    """rules §Effects of rebellions 6.6 with rebels in the city as well: still no support."""
    r = _two_retreats("rebellions: {PER: {against: Papacy, city: true}}\n")
    assert not ({"Florence: A PER", "Milan: A PER"} & units_after(r))
    assert "PER" in state_of(r)["rebellions"]


@pytest.mark.rule("rules.machiavelli/movement-retreats-5", moved=True)
@pytest.mark.rule("rules.machiavelli/special-units-strength-4")
def test_an_elite_retreat_bounces_an_ordinary_one():
    """rules §Movement, retreats (the second 4): "Multistrength units (the elites) are treated as
    normal one-strength units during retreat (thus this is a bounce: a mil m pav, elite a tur m
    pav)" — played in Perugia: Florence's elite army and Milan's army retreat there; both are
    disbanded."""
    r = _two_retreats("special_units: {Florence: {A ARE: elite_mercenaries}}\n")
    assert not ({"Florence: A PER", "Milan: A PER"} & units_after(r))


@pytest.mark.rule("rules.machiavelli/movement-retreats-5", "rules.machiavelli/special-units-strength-4")
def test_elite_professionals_retreat_with_strength_one():
    """rules §Special units, strength 2, 4: "Are only counted as strength 1 units during
    retreats": Milan's elite professionals and Florence's army bounce in Perugia."""
    r = _two_retreats("special_units: {Milan: {A SPO: elite_professionals}}\n")
    assert not ({"Florence: A PER", "Milan: A PER"} & units_after(r))


@pytest.mark.rule("rules.machiavelli/movement-disband", "rules.machiavelli/sequence-b")
def test_a_unit_disbanded_by_order_bounces_nothing():
    """rules §Variant specific judge commands, set disband: "A unit disbanded in this way will not
    bounce a unit moving into the same province": Milan disbands its army in Pavia as France
    walks in."""
    r = go("  Milan: [A PAV]\n  France: [A TUR]", "Milan: A PAV disband\nFrance: A TUR - PAV", options={"disband_order": True})
    assert units_after(r) == {"France: A PAV"}


@pytest.mark.rule("rules.machiavelli/movement-self-bounce", "rules.machiavelli/special-units-strength-1")
def test_an_elite_army_and_an_ordinary_one_of_florence_move_to_perugia():
    """rules §Movement: "If you try to self-bounce one of your multistrength units with one of your
    one strength units the multistrength unit's move will succeed and the other unit will
    bounce"."""
    r = go("  Florence: [A ARE, A SIE]", "Florence: A ARE - PER\nFlorence: A SIE - PER",
           "special_units: {Florence: {A ARE: elite_mercenaries}}\n")
    assert units_after(r) == {"Florence: A PER", "Florence: A SIE"}


@pytest.mark.rule("rules.machiavelli/movement-self-bounce")
def test_the_elite_moves_in_whichever_unit_is_the_elite():
    """rules §Movement, self-bounce: Milan's elite professionals in Montferrat and its army in
    Pavia both move to Turin: the elite moves in."""
    r = go("  Milan: [A PAV, A MON]", "Milan: A PAV - TUR\nMilan: A MON - TUR",
           "special_units: {Milan: {A MON: elite_professionals}}\n")
    assert units_after(r) == {"Milan: A TUR", "Milan: A PAV"}


@pytest.mark.rule("rules.machiavelli/movement-trade-places", moved=True)
def test_a_garrison_and_its_army_cannot_trade_places_even_supported():
    """rules §Movement: "a garrison and an army or fleet in the *same province* cannot *trade
    places*. E.g. G PISA C A at the same time as F PISA C G is not allowed regardless of units
    strengths" — in Genoa: Milan's garrison, supported, and its army both convert; neither
    changes."""
    r = go("  Milan: [G GEN, A GEN, A MON]", "Milan: G GEN C A\nMilan: A GEN C G\nMilan: A MON S G GEN - GEN")
    assert {"Milan: G GEN", "Milan: A GEN"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/movement-trade-provinces", moved=True)
def test_two_armies_cannot_trade_modena_and_parma():
    """rules §Movement: "Nor can two units trade provinces with each other. E.g. F PISA M PIO at
    the same time as A PIO M PISA is not allowed" — played in Modena and Parma."""
    r = go("  Florence: [A MOD]\n  Milan: [A PAR]", "Florence: A MOD - PAR\nMilan: A PAR - MOD")
    assert units_after(r) == {"Florence: A MOD", "Milan: A PAR"}


@pytest.mark.rule("rules.machiavelli/movement-trade-provinces")
def test_a_stronger_unit_dislodges_and_does_not_swap():
    """rules §Movement, "regardless of units strengths": Florence's supported fleet moving from
    Pisa to Piombino dislodges the army coming the other way; the army does not reach Pisa."""
    r = go("  Florence: [F PSA, A SIE]\n  Milan: [A PIO]", "Florence: F PSA - PIO\nFlorence: A SIE S F PSA - PIO\nMilan: A PIO - PSA")
    assert "Florence: F PIO" in units_after(r) and "Milan: A PSA" not in units_after(r)
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["A PIO"]


# -- Convoys, Additional units, Garrison units, Autonomous garrisons -------------------------------


@pytest.mark.rule("rules.machiavelli/convoys-1")
def test_only_an_army_on_the_coast_is_convoyed():
    """rules §Convoys: "The army must start and finish in a coastal province and cannot make an
    overland move before or after": Florence's army in inland Arezzo cannot be carried to Tivoli;
    the army in Pisa can."""
    r = go("  Florence: [F ETS, A ARE]", "Florence: F ETS C A ARE - TIV\nFlorence: A ARE - TIV")
    assert "Florence: A ARE" in units_after(r)
    r = go("  Florence: [F ETS, A PSA]", "Florence: F ETS C A PSA - TIV\nFlorence: A PSA - TIV")
    assert "Florence: A TIV" in units_after(r)


@pytest.mark.rule("rules.machiavelli/convoys-2")
def test_a_fleet_in_modena_carries_an_army_from_genoa_to_lucca():
    """rules §Convoys: "Fleets may convoy even if they are in coastal provinces" (njudge 'coastal
    convoys', on for Machiavelli): Genoa and Lucca do not touch by land; Milan's fleet in coastal
    Modena carries the army; without coastal convoys it cannot."""
    orders = "Milan: F MOD C A GEN - LUC\nMilan: A GEN - LUC"
    assert "Milan: A LUC" in units_after(go("  Milan: [F MOD, A GEN]", orders))
    assert "Milan: A GEN" in units_after(go("  Milan: [F MOD, A GEN]", orders, options={"coastal_convoys": False}))


@pytest.mark.rule("rules.machiavelli/garrison-units-1", "rules.machiavelli/garrison-units-2")
def test_no_garrison_in_an_unfortified_city():
    """rules §Garrison units: a garrison "occupies fortified cities or fortresses": Albania's city
    is unwalled, so Turkey's army there cannot become its garrison; Durazzo's can."""
    r = go("  Turkey: [A ALB]", "Turkey: A ALB C G")
    assert outcome(r, "A ALB C G") is Outcome.ILLEGAL
    r = go("  Turkey: [A DUR]", "Turkey: A DUR C G")
    assert units_after(r) == {"Turkey: G DUR"}


@pytest.mark.rule("rules.machiavelli/garrison-units-2")
def test_a_garrison_does_not_move_out_of_its_city():
    """rules §Garrison units: "The garrison thus created can only hold, support actions into its
    corresponding province or convert back": Florence's garrison of Arezzo may not move to
    Florence."""
    r = go("  Florence: [G ARE]", "Florence: G ARE - FLO")
    assert outcome(r, "G ARE - FLO") is not Outcome.SUCCESS and units_after(r) == {"Florence: G ARE"}


@pytest.mark.rule("rules.machiavelli/additional-units", "rules.machiavelli/builds-f")
def test_florence_builds_as_many_units_as_it_pays_for():
    """rules §Additional units: "Rather than getting one unit per owned supply center units are
    paid for out of the treasury ... There are no limits on how many *normal* units you may
    build": with 12 ducats Florence keeps its army and builds three more, one for each ducat
    triple, though it has three cities."""
    r = go("  Florence: [A PST]", "Florence: Maintain A PST\nFlorence: Build A FLO\nFlorence: Build A ARE\nFlorence: Build F PSA",
           "treasury: {Florence: 12}\n", phase="Winter 1454 Adjustment")
    assert all(ok(r, o) for o in ("Build A FLO", "Build A ARE", "Build F PSA"))
    assert len(r.result.next_position.units_of("Florence")) == 4 and treasury(r, "Florence") == 0


@pytest.mark.rule("rules.machiavelli/additional-units", "rules.machiavelli/adjustments-1")
def test_only_units_paid_for_survive_the_winter():
    """rules §Additional units: "Only units that the player chooses to maintain survive through
    the adjustments phase": Milan maintains two armies and disbands the third."""
    r = go("  Milan: [A MIL, A PAV, A CRE]", "Milan: Maintain A MIL\nMilan: Maintain A PAV\nMilan: Disband A CRE",
           "treasury: {Milan: 20}\n", phase="Winter 1454 Adjustment")
    assert units_after(r) == {"Milan: A MIL", "Milan: A PAV"} and treasury(r, "Milan") == 14


@pytest.mark.rule("rules.machiavelli/autonomous-garrisons-1")
def test_an_autonomous_garrison_stands_in_the_way_until_removed():
    """rules §Autonomous garrisons: "They act as obstacles and must be besieged or bribed to be
    removed": Turin's autonomous garrison keeps its city; Milan's army shares the province, and
    its conversion into the city is refused."""
    r = go("  Milan: [A PAV]", "Milan: A PAV - TUR", autonomous="[TUR]")
    assert "TUR" in state_of(r)["autonomous"] and pc(r)["TUR"] == "Milan" and cc(r)["TUR"] == "Autonomous"
    r = then(r, "Milan: A TUR C G")
    assert outcome(r, "A TUR C G") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/autonomous-garrisons-2", "rules.machiavelli/elimination-4")
def test_an_autonomous_garrison_in_its_last_city_eliminates_florence():
    """rules §Autonomous garrisons: "they affect city ownership for elimination purposes as any
    ordinary garrison would": Florence's only city left, Arezzo, holds an autonomous garrison;
    Florence controls no city of its home and is eliminated."""
    r = go("  Florence: [A PST]", "", "province_control: {PST: Florence}\ncity_control: {ARE: Autonomous, FLO: Milan, PSA: Milan}\n",
           autonomous="[ARE]")
    assert "Florence" in state_of(r)["eliminated"]


_PROFESSIONAL_GARRISON = "special_units: {Papacy: {G PER: elite_professionals}}\ntreasury: {Florence: 40}\n"


@pytest.mark.rule("rules.machiavelli/autonomous-garrisons-3", "rules.machiavelli/special-units-c")
def test_elite_professionals_turned_autonomous_still_cost_double_to_buy():
    """rules §Autonomous garrisons: "special units retain their 'specialness' if you bribe them to
    turn autonomous": Papacy's elite professional garrison of Perugia, turned autonomous (9 x 2),
    still costs twice the 9 ducats to buy (§Special units c)."""
    r = go("  Florence: [A ARE]\n  Papacy: [G PER]", "Florence: Expense 1: 18 ducats garrison to autonomous PER",
           _PROFESSIONAL_GARRISON)
    assert "PER" in state_of(r)["autonomous"]
    r = then(r, "Florence: Expense 1: 9 ducats buy g PER")
    assert "Florence: G PER" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/autonomous-garrisons-3")
def test_an_elite_autonomous_garrison_bought_stays_elite():
    """rules §Autonomous garrisons: "you may e.g. create an elite autonomous garrison!": Papacy's
    elite mercenary garrison of Perugia turned autonomous, then bought by Florence, is an elite
    garrison of Florence."""
    r = go("  Florence: [A ARE]\n  Papacy: [G PER]", "Florence: Expense 1: 9 ducats garrison to autonomous PER",
           "special_units: {Papacy: {G PER: elite_mercenaries}}\ntreasury: {Florence: 40}\n")
    r = then(r, "Florence: Expense 1: 9 ducats buy g PER")
    assert "Florence: G PER" in units_after(r)
    assert state_of(r).get("special_units") == {"Florence": {"G PER": "elite_mercenaries"}}


# -- Special (elite) units ---------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/special-units-1")
def test_a_second_special_unit_fails_and_its_money_is_lost():
    """rules §Special units: "Each power may only have one special unit in play at any one time.
    Orders that violate this limit automatically fail, and the money is lost": Milan, with an
    elite army in play, orders citizen's militia in Pavia; the 6 ducats are gone."""
    r = go("  Milan: [A MIL]", "Milan: Maintain A MIL\nMilan: Build cm A PAV",
           "treasury: {Milan: 20}\nspecial_units: {Milan: {A MIL: elite_mercenaries}}\n", phase="Winter 1454 Adjustment")
    assert outcome(r, "Build citizens militia A PAV") is Outcome.FAILURE
    assert "Milan: A PAV" not in units_after(r) and treasury(r, "Milan") == 20 - 6 - 6


@pytest.mark.rule("rules.machiavelli/special-units-1", "rules.machiavelli/special-units-b")
def test_a_special_unit_may_be_a_garrison():
    """rules §Special units: "Special units may be of any type: armies, fleets or garrisons":
    Milan builds elite mercenaries as the garrison of Milan, for 6 ducats."""
    r = go("  Milan: [A PAV]", "Milan: Maintain A PAV\nMilan: Build em G MIL", "treasury: {Milan: 20}\n",
           phase="Winter 1454 Adjustment")
    assert ok(r, "Build elite mercenaries G MIL") and treasury(r, "Milan") == 20 - 3 - 6
    assert state_of(r)["special_units"] == {"Milan": {"G MIL": "elite_mercenaries"}}


@pytest.mark.rule("rules.machiavelli/special-units-a")
def test_citizens_militia_cost_six_and_attack_with_strength_one():
    """rules §Special units a: citizen's militia cost 6 to build and maintain and have a strength
    of 1: Naples' militia army cannot dislodge a lone Papal army."""
    r = go("  Naples: [A BAR]", "Naples: Maintain A BAR\nNaples: Build militia A NAP", "treasury: {Naples: 20}\n",
           phase="Winter 1454 Adjustment")
    assert ok(r, "Build citizens militia A NAP") and treasury(r, "Naples") == 20 - 3 - 6
    r = go("  Naples: [A CAP]\n  Papacy: [A TIV]", "Naples: A CAP - TIV", "special_units: {Naples: {A CAP: citizens_militia}}\n")
    assert "Papacy: A TIV" in units_after(r)


@pytest.mark.rule("rules.machiavelli/special-units-c", "rules.machiavelli/special-units-strength-1", "rules.machiavelli/bribes-5")
def test_elite_professionals_strength_two_and_double_bribe():
    """rules §Special units c: elite professionals "Has a strength of 2" and "Cost twice the normal
    amount to bribe": Naples' professionals dislodge a lone Papal army; 12 ducats do not disband
    them, 24 do."""
    pros = "special_units: {Naples: {A CAP: elite_professionals}}\n"
    r = go("  Naples: [A CAP]\n  Papacy: [A TIV]", "Naples: A CAP - TIV", pros)
    assert "Naples: A TIV" in units_after(r)
    units = "  Naples: [A CAP]\n  Papacy: [A TIV]"
    r = go(units, "Papacy: Expense 1: 12 ducats disband a CAP", pros + "treasury: {Papacy: 30}\n")
    assert "Naples: A CAP" in units_after(r)
    r = go(units, "Papacy: Expense 1: 24 ducats disband a CAP", pros + "treasury: {Papacy: 30}\n")
    assert "Naples: A CAP" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/special-units-strength-1")
def test_an_elite_army_holds_with_strength_two():
    """rules §Special units, strength 2, 1: "twice the normal strength for ... holds": the Papal
    elite army in Perugia holds against an attack supported once."""
    r = go("  Papacy: [A PER]\n  Florence: [A ARE, A SIE]", "Florence: A ARE - PER\nFlorence: A SIE S A ARE - PER",
           "special_units: {Papacy: {A PER: elite_mercenaries}}\n")
    assert "Papacy: A PER" in units_after(r) and not retreating(r)


@pytest.mark.rule("rules.machiavelli/special-units-strength-2")
def test_any_attack_cuts_an_elite_support_whole():
    """rules §Special units, strength 2, 2: "Have their support *entirely cut* by a unit of
    strength 1": Florence's elite army supports an attack on Perugia; a lone Papal army attacking
    it cuts the whole support, and the attack fails."""
    units = "  Florence: [A ARE, A SIE]\n  Papacy: [A PER, A URB]"
    orders = "Florence: A SIE - PER\nFlorence: A ARE S A SIE - PER"
    elite = "special_units: {Florence: {A ARE: elite_mercenaries}}\n"
    assert "Florence: A PER" in units_after(go(units, orders, elite))
    r = go(units, orders + "\nPapacy: A URB - ARE", elite)
    assert "Papacy: A PER" in units_after(r)


@pytest.mark.rule("rules.machiavelli/special-units-strength-2")
def test_a_cut_elite_support_gives_nothing_to_a_hold():
    """rules §Special units, strength 2, 2: an elite unit's support of a hold is cut whole by a
    strength-1 attack: Milan's army in Pavia falls to France's attack supported once."""
    units = "  Milan: [A PAV, A MIL]\n  France: [A TUR, A MON, A COM]"
    orders = "Milan: A MIL S A PAV\nFrance: A TUR - PAV\nFrance: A MON S A TUR - PAV\nFrance: A COM - MIL"
    r = go(units, orders, "special_units: {Milan: {A MIL: elite_professionals}}\n")
    assert "France: A PAV" in units_after(r)


@pytest.mark.rule("rules.machiavelli/special-units-strength-3")
def test_elite_professionals_cannot_dislodge_the_besieger_of_modena():
    """rules §Special units, strength 2, 3: "Cannot dislodge any besieger in the second siege
    season": Florence's professionals attack Milan's army besieging Modena for the second time
    and bounce; the siege is completed."""
    units = "  Milan: [A MOD]\n  Florence: [A LUC, G MOD]"
    r = go(units, "Milan: A MOD besiege", "special_units: {Florence: {A LUC: elite_professionals}}\n")
    r = then(r, "Milan: A MOD besiege\nFlorence: A LUC - MOD")
    assert "Milan: A MOD" in units_after(r) and "Florence: A LUC" in units_after(r)
    assert "Florence: G MOD" not in units_after(r)


# -- Sieges ------------------------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/sieges-1", "rules.machiavelli/sieges-2")
def test_a_fleet_in_genoa_besieges_the_port_city_twice_and_takes_it():
    """rules §Sieges: "an army or fleet in the containing province must issue the besiege order
    for two consecutive campaigns. Fleets can only besiege port cities": Florence's fleet in
    Genoa takes Milan's garrison."""
    r = go("  Florence: [F GEN]\n  Milan: [G GEN]", "Florence: F GEN besiege")
    assert "Milan: G GEN" in units_after(r)
    r = then(r, "Florence: F GEN besiege")
    assert "Milan: G GEN" not in units_after(r) and cc(r)["GEN"] == "Florence"


@pytest.mark.rule("rules.machiavelli/sieges-2")
def test_a_fleet_besieges_no_inland_walled_city():
    """rules §Sieges: "Fleets can only besiege port cities": Florence's fleet in Lucca (walled,
    no port) may not besiege Milan's garrison."""
    r = go("  Florence: [F LUC]\n  Milan: [G LUC]", "Florence: F LUC besiege")
    assert outcome(r, "F LUC besiege") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/sieges-3", "rules.machiavelli/conversion-2d")
def test_as_written_a_besieged_garrison_of_perugia_never_converts():
    """rules §Sieges: "A besieged garrison ... cannot convert regardless of strength" (with the
    house rule of seed 000 off): twice supported, Papacy's garrison still may not."""
    off = {"house_besieged_garrison_converts": False}
    r = go("  Florence: [A PER]\n  Papacy: [G PER, A SPO, A RME]", "Florence: A PER besiege", options=off)
    r = then(r, "Florence: A PER besiege\nPapacy: G PER C A\nPapacy: A SPO S G PER - PER\nPapacy: A RME S G PER - PER",
             options=off)
    assert outcome(r, "G PER C A") is Outcome.ILLEGAL and "Papacy: G PER" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/sieges-4")
def test_the_besieged_garrison_of_perugia_supports_the_attack_on_its_besieger():
    """rules §Sieges: a besieged garrison "can support another unit moving into its province to
    displace the besieging unit": Papacy's garrison supports Papacy's army from Spoleto."""
    r = go("  Florence: [A PER]\n  Papacy: [G PER, A SPO]", "Florence: A PER besiege")
    r = then(r, "Florence: A PER besiege\nPapacy: A SPO - PER\nPapacy: G PER S A SPO - PER")
    assert ok(r, "G PER S A SPO - PER") and {"Papacy: A PER", "Papacy: G PER"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/sieges-5")
def test_a_besieger_ordered_to_support_holds_and_its_siege_ends():
    """rules §Sieges: "To successfully conclude a siege the besieging unit must also issue a
    besiege order in the following campaign. *Any other order* will automatically be converted to
    *hold* and *the siege will be aborted*": Milan's besieger of Lucca orders a support instead."""
    r = go("  Milan: [A LUC, A MOD]\n  Florence: [G LUC]", "Milan: A LUC besiege")
    r = then(r, "Milan: A LUC S A MOD\nMilan: A MOD H")
    assert "Florence: G LUC" in units_after(r) and not state_of(r).get("sieges")
    r = then(r, "Milan: A LUC besiege")
    assert "Florence: G LUC" in units_after(r)  # a new siege has only begun


@pytest.mark.rule("rules.machiavelli/sieges-6")
def test_a_lifted_siege_begins_again_from_nothing():
    """rules §Sieges: "You may formally end a siege by issuing a lift siege order, although you
    will still be holding in the province": after besiege, lift siege, besiege, the garrison of
    Turin still stands."""
    r = go("  Milan: [A TUR]\n  France: [G TUR]", "Milan: A TUR besiege")
    r = then(r, "Milan: A TUR lift siege")
    assert ok(r, "A TUR lift siege") and "Milan: A TUR" in units_after(r)
    r = then(r, "Milan: A TUR besiege")
    assert "France: G TUR" in units_after(r)


@pytest.mark.rule("rules.machiavelli/sieges-lapse-1", "rules.machiavelli/famine-a")
def test_a_siege_of_venice_lapses_when_famine_kills_the_garrison():
    """rules §Sieges, lapses 1: "If the garrison is eliminated (whatever the cause)" the besieger
    is free in what would be the second campaign: famine in Venice starves its garrison after the
    Spring; Turkey's besieging fleet on the Lagoon moves away in the Summer."""
    r = go("  Venice: [G VEN]\n  Turkey: [F LAG]", "Turkey: F LAG besiege", "famine: [VEN]\n")
    assert "Venice: G VEN" not in units_after(r) and not state_of(r).get("sieges")
    r = then(r, "Turkey: F LAG - UAS")
    assert ok(r, "F LAG - UAS") and "Turkey: F UAS" in units_after(r)


@pytest.mark.rule("rules.machiavelli/sieges-lapse-2", "rules.machiavelli/sequence-b")
def test_a_siege_lapses_when_a_bribe_disbands_the_garrison():
    """rules §Sieges, lapses 2: "If the garrison is disbanded by a bribe": Papacy bribes Florence's
    garrison of Modena away in the siege's second campaign; Milan's besieger moves on freely."""
    r = go("  Milan: [A MOD]\n  Florence: [G MOD]\n  Papacy: [A BOL]", "Milan: A MOD besiege", "treasury: {Papacy: 20}\n")
    r = then(r, "Papacy: Expense 1: 12 ducats disband g MOD\nMilan: A MOD - PAR")
    assert "Florence: G MOD" not in units_after(r) and "Milan: A PAR" in units_after(r)


@pytest.mark.rule("rules.machiavelli/sieges-lapse-2", "rules.machiavelli/sieges-5")
def test_when_the_bribe_fails_the_besieger_is_stuck_with_a_hold():
    """rules §Sieges, lapses 2: "(Do note that if the bribe fails you are stuck with a hold
    order.)": Florence counter-bribes its garrison; Milan's bribe fails; its besieger's move
    becomes a hold and the siege is aborted."""
    r = go("  Milan: [A MOD]\n  Florence: [G MOD]", "Milan: A MOD besiege", "treasury: {Milan: 20, Florence: 10}\n")
    r = then(r, "Milan: Expense 1: 12 ducats disband g MOD\nFlorence: Expense 1: 3 ducats counter-bribe g MOD\nMilan: A MOD - PAR")
    assert {"Florence: G MOD", "Milan: A MOD"} <= units_after(r) and not state_of(r).get("sieges")


@pytest.mark.rule("rules.machiavelli/sieges-self", "rules.machiavelli/bribes-3")
def test_a_besieger_that_buys_the_garrison_lifts_its_siege():
    """rules §Sieges, self-sieges: "Should a similar situation occur as a result of bribes the
    besiegeing unit will automatically have its orders changed to 'lift siege'": Milan buys the
    Florentine garrison of Modena it besieges; its second besiege order lifts the siege."""
    r = go("  Milan: [A MOD]\n  Florence: [G MOD]", "Milan: A MOD besiege", "treasury: {Milan: 20}\n")
    r = then(r, "Milan: Expense 1: 18 ducats buy g MOD\nMilan: A MOD besiege")
    assert {"Milan: G MOD", "Milan: A MOD"} <= units_after(r) and not state_of(r).get("sieges")


# -- Conversion between unit types ---------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/conversion-1", "rules.machiavelli/conversion-2b")
def test_a_garrison_becoming_a_fleet_bounces_with_a_fleet_moving_in():
    """rules §Conversion: "Converting units are treated in the same way as a unit moving into or
    out of the province": Florence's garrison of Pisa becoming a fleet and Milan's fleet moving
    into Pisa, unsupported, both bounce (2b: attacked by an equal force)."""
    r = go("  Florence: [G PSA]\n  Milan: [F EGL]", "Florence: G PSA C F\nMilan: F EGL - PSA")
    assert units_after(r) == {"Florence: G PSA", "Milan: F EGL"}


@pytest.mark.rule("rules.machiavelli/conversion-2", "rules.machiavelli/ports")
def test_a_fleet_garrisons_pisa_but_not_siena():
    """rules §Conversion: "Fleets can only convert to garrison and vice versa in port cities":
    Pisa has a port, Siena (walled, on the coast) none."""
    assert units_after(go("  Florence: [F PSA]", "Florence: F PSA C G")) == {"Florence: G PSA"}
    r = go("  Florence: [F SIE]", "Florence: F SIE C G")
    assert outcome(r, "F SIE C G") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/conversion-2", "rules.machiavelli/conversion-retreat")
def test_a_fleet_dislodged_from_siena_cannot_retreat_into_its_city():
    """rules §Conversion: "Fleets may only retreat by conversion into port cities": Florence's
    fleet in Siena, its seas all held, is dislodged and disbanded; in Pisa, a port, the same
    fleet may retreat into the city."""
    r = go("  Florence: [F SIE]\n  Papacy: [A ARE, A PER, F ETS, F PAT, F PIO]",
           "Papacy: A ARE - SIE\nPapacy: A PER S A ARE - SIE")
    assert not retreating(r) and "Florence: F SIE" not in units_after(r)
    r = go("  Florence: [F PSA]\n  Papacy: [A LUC, A PST, F ETS, F EGL, F WTS, F PIO]",
           "Papacy: A LUC - PSA\nPapacy: A PST S A LUC - PSA")
    assert retreating(r)
    r = then(r, "Florence: F PSA C G")
    assert "Florence: G PSA" in units_after(r)


@pytest.mark.rule("rules.machiavelli/conversion-3")
def test_an_army_becomes_a_fleet_only_through_a_garrison():
    """rules §Conversion: "An army could convert into a garrison in the spring and that garrison
    could then convert into a fleet in the subsequent summer ... The army or fleet can, however,
    not convert directly into a fleet or army in one season"."""
    r = go("  Milan: [A GEN]", "Milan: A GEN C F")
    assert outcome(r, "A GEN C F") is Outcome.ILLEGAL
    r = go("  Milan: [A GEN]", "Milan: A GEN C G")
    r = then(r, "Milan: G GEN C F")
    assert units_after(r) == {"Milan: F GEN"}


@pytest.mark.rule("rules.machiavelli/conversion-3")
def test_a_fleet_becomes_an_army_over_two_campaigns():
    """rules §Conversion: "or vice versa": Naples' fleet in Naples garrisons the city in the
    Spring and comes out as an army in the Summer."""
    r = go("  Naples: [F NAP]", "Naples: F NAP C A")
    assert outcome(r, "F NAP C A") is Outcome.ILLEGAL
    r = then(go("  Naples: [F NAP]", "Naples: F NAP C G"), "Naples: G NAP C A")
    assert units_after(r) == {"Naples: A NAP"}


@pytest.mark.rule("rules.machiavelli/conversion-retreat", "rules.machiavelli/order-syntax-retreat")
def test_no_retreat_into_the_city_whose_garrison_attacked():
    """rules §Conversion, retreats: "it can not retreat by converting into a garrison if the unit
    that displaced it was a garrison converting into its location": Milan's garrison of Lucca,
    supported, dislodges Florence's army; the army has no other way out and is disbanded."""
    units = "  Florence: [A LUC]\n  Milan: [G LUC, A PSA, A PST, A BOL, A MOD]"
    r = go(units, "Milan: G LUC C A\nMilan: A PSA S G LUC - LUC")
    assert "Milan: A LUC" in units_after(r)
    assert not retreating(r) and "Florence: G LUC" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/conversion-1a", "rules.machiavelli/rebellions-5.4")
def test_garrisoning_a_city_whose_province_alone_rebels():
    """rules §Conversion 1a: "Garrisoning into a city *not* in rebellion" succeeds, here though
    its province rebels against the converting power."""
    r = go("  Milan: [A PAV]", "Milan: A PAV C G", "rebellions: {PAV: {against: Milan, city: false}}\n")
    assert units_after(r) == {"Milan: G PAV"}


@pytest.mark.rule("rules.machiavelli/conversion-1b")
def test_a_garrison_comes_out_into_its_empty_province():
    """rules §Conversion 1b: "Converting into an empty province" succeeds."""
    assert units_after(go("  Papacy: [G RME]", "Papacy: G RME C A")) == {"Papacy: A RME"}


@pytest.mark.rule("rules.machiavelli/conversion-1d1")
def test_a_supported_conversion_dislodges_a_lesser_force_in_the_province():
    """rules §Conversion 1d1: "Converting into a province occupied by a lesser force ... if the
    lesser force is not besiegeing": Milan's garrison of Cremona, supported, dislodges the
    Venetian army holding there."""
    r = go("  Milan: [G CRE, A MIL]\n  Venice: [A CRE]", "Milan: G CRE C A\nMilan: A MIL S G CRE - CRE")
    assert ok(r, "G CRE C A") and "Milan: A CRE" in units_after(r)
    assert [str(d.unit) for d in r.result.next_position.dislodged] == ["A CRE"]


@pytest.mark.rule("rules.machiavelli/conversion-1d2")
def test_a_supported_conversion_dislodges_a_first_campaign_besieger():
    """rules §Conversion 1d2: "if the lesser force is issuing its *first* besiege order": the
    Venetian army beginning its siege of Cremona is dislodged by the garrison's supported
    conversion."""
    r = go("  Milan: [G CRE, A MIL]\n  Venice: [A CRE]", "Milan: G CRE C A\nMilan: A MIL S G CRE - CRE\nVenice: A CRE besiege")
    assert ok(r, "G CRE C A") and "Milan: A CRE" in units_after(r) and not state_of(r).get("sieges")


@pytest.mark.rule("rules.machiavelli/conversion-1d2")
def test_a_supported_conversion_beats_a_first_besiege_in_bologna():
    """rules §Conversion 1d2, in Bologna: Florence begins a siege; Papacy's garrison, supported
    from Ferrara, converts and dislodges it."""
    r = go("  Florence: [A BOL]\n  Papacy: [G BOL, A FER]", "Florence: A BOL besiege\nPapacy: G BOL C A\nPapacy: A FER S G BOL - BOL")
    assert "Papacy: A BOL" in units_after(r) and retreating(r)


@pytest.mark.rule("rules.machiavelli/conversion-2a", "rules.machiavelli/rebellions-5.3")
def test_milan_cannot_garrison_pavia_rebelling_against_it():
    """rules §Conversion 2a: "Trying to garrison into a city *in rebellion*" fails (§Effects of
    rebellions 5.3: not for the power it is against)."""
    r = go("  Milan: [A PAV]", "Milan: A PAV C G", "rebellions: {PAV: {against: Milan, city: true}}\n")
    assert outcome(r, "A PAV C G") is Outcome.ILLEGAL and units_after(r) == {"Milan: A PAV"}


@pytest.mark.rule("rules.machiavelli/conversion-2b")
def test_a_conversion_fails_against_a_greater_attack():
    """rules §Conversion 2b: "Converting into a province attacked by an equal or superior force":
    Florence's garrison of Modena converts; Milan's supported army takes the province."""
    r = go("  Florence: [G MOD]\n  Milan: [A PAR, A MAN]", "Florence: G MOD C A\nMilan: A PAR - MOD\nMilan: A MAN S A PAR - MOD")
    assert units_after(r) == {"Florence: G MOD", "Milan: A MOD", "Milan: A MAN"}


@pytest.mark.rule("rules.machiavelli/conversion-2c")
def test_a_conversion_fails_against_an_equal_army_holding():
    """rules §Conversion 2c: "Converting into a province occupied by an equal or superior force":
    Milan's lone army in Modena stays; Florence's garrison stays in the city."""
    r = go("  Florence: [G MOD]\n  Milan: [A MOD]", "Florence: G MOD C A")
    assert outcome(r, "G MOD C A") is Outcome.FAILURE and units_after(r) == {"Florence: G MOD", "Milan: A MOD"}


@pytest.mark.rule("rules.machiavelli/conversion-2c")
def test_a_supported_conversion_fails_against_a_hold_supported_as_much():
    """rules §Conversion 2c: supported once against a hold supported once, the conversion fails."""
    r = go("  Florence: [G MOD, A LUC]\n  Milan: [A MOD, A PAR]",
           "Florence: G MOD C A\nFlorence: A LUC S G MOD - MOD\nMilan: A PAR S A MOD")
    assert {"Florence: G MOD", "Milan: A MOD"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/conversion-2d")
def test_as_written_a_second_besiege_stops_even_a_supported_conversion():
    """rules §Conversion 2d (as written, the seed 000 house rule off): converting into a province
    occupied by a lesser force "issuing its *second* besiege order" fails; the siege of Bologna
    is completed."""
    off = {"house_besieged_garrison_converts": False}
    r = go("  Florence: [A BOL]\n  Papacy: [G BOL, A FER]", "Florence: A BOL besiege", options=off)
    r = then(r, "Florence: A BOL besiege\nPapacy: G BOL C A\nPapacy: A FER S G BOL - BOL", options=off)
    assert "Florence: A BOL" in units_after(r) and "Papacy: G BOL" not in units_after(r)


# -- Control of provinces and cities; home countries; elimination; victory -----------------------


@pytest.mark.rule("rules.machiavelli/control", "rules.machiavelli/sequence-g")
def test_control_changes_in_a_retreat_phase_too():
    """rules §Control: "the last power whose unit was present in the province always gains control
    (regardless of season or phase)": Florence's army retreats into Papal Urbino and takes it in
    the retreat phase."""
    r = go("  Florence: [A ARE]\n  Papacy: [A SIE, A PER, A FLO]", "Papacy: A SIE - ARE\nPapacy: A PER S A SIE - ARE")
    r = then(r, "Florence: A ARE R URB")
    assert pc(r)["URB"] == "Florence"


@pytest.mark.rule("rules.machiavelli/control-1", "rules.machiavelli/expenditures-i")
def test_buying_an_army_that_holds_gives_its_province():
    """rules §Control 1: "If you buy a unit you get control of the province too": Florence buys
    the Papal army in Bologna, which stays; Bologna is Florence's."""
    r = go("  Florence: [A FLO]\n  Papacy: [A BOL]", "Florence: Expense 1: 18 ducats buy a BOL", "treasury: {Florence: 18}\n")
    assert "Florence: A BOL" in units_after(r) and pc(r)["BOL"] == "Florence" and cc(r)["BOL"] == "Florence"


@pytest.mark.rule("rules.machiavelli/control-2")
def test_disbanding_beside_an_enemy_garrison_gives_it_the_province():
    """rules §Control 2: "If you disband in a province that contains an enemy unit, the enemy gains
    control": Florence disbands its army in Modena in the Winter; Milan's garrison takes the
    province."""
    r = go("  Florence: [A MOD]\n  Milan: [G MOD]", "Florence: Disband A MOD", "treasury: {Milan: 9}\n",
           phase="Winter 1454 Adjustment")
    assert units_after(r) == {"Milan: G MOD"} and pc(r)["MOD"] == "Milan"


@pytest.mark.rule("rules.machiavelli/control-2", "rules.machiavelli/movement-disband")
def test_disbanding_an_army_by_order_gives_the_province_to_the_garrison():
    """rules §Control 2, with the disband order: Florence's army in Modena disbands in a campaign;
    Milan's garrison in the city takes the province (and city and province are Milan's)."""
    r = go("  Florence: [A MOD]\n  Milan: [G MOD]", "Florence: A MOD disband", options={"disband_order": True})
    assert pc(r)["MOD"] == "Milan" and cc(r)["MOD"] == "Milan"


@pytest.mark.rule("rules.machiavelli/control-4", "rules.machiavelli/famine-c")
def test_famine_killing_army_and_garrison_together_changes_no_control():
    """rules §Control 4: "If both garrison and unit in province are eliminated simultaneously
    control does not change": famine in Modena kills Florence's army and Milan's garrison;
    Florence keeps the province, Milan the city."""
    r = go("  Florence: [A MOD]\n  Milan: [G MOD]", "", "famine: [MOD]\nprovince_control: {MOD: Florence}\ncity_control: {MOD: Milan, "
           "FLO: Florence, MIL: Milan}\n")
    assert not units_after(r)
    assert pc(r)["MOD"] == "Florence" and cc(r)["MOD"] == "Milan"


@pytest.mark.rule("rules.machiavelli/control-4", "rules.machiavelli/expenditures-g", "rules.machiavelli/expenditures-h")
def test_bribes_removing_army_and_garrison_together_change_no_control():
    """rules §Control 4: Papacy's two bribes disband Florence's army and Milan's garrison in
    Ferrara at once; control of province and city stays as it was."""
    r = go("  Florence: [A FER]\n  Milan: [G FER]\n  Papacy: [A BOL]",
           "Papacy: Expense 1: 12 ducats disband a FER\nPapacy: Expense 2: 12 ducats disband g FER",
           "treasury: {Papacy: 24}\nprovince_control: {FER: Florence}\ncity_control: {FER: Milan, FLO: Florence, MIL: Milan, RME: Papacy}\n")
    assert units_after(r) == {"Papacy: A BOL"}
    assert pc(r)["FER"] == "Florence" and cc(r)["FER"] == "Milan"


@pytest.mark.rule("rules.machiavelli/control-5", "rules.machiavelli/sequence-e")
def test_entering_perugia_takes_its_ungarrisoned_city():
    """rules §Control 5: "If you enter a province with an ungarrisoned city you gain control of the
    city too"; with a garrison in it, the city stays its owner's."""
    r = go("  Florence: [A ARE]", "Florence: A ARE - PER")
    assert pc(r)["PER"] == "Florence" and cc(r)["PER"] == "Florence"
    r = go("  Florence: [A ARE]\n  Papacy: [G PER]", "Florence: A ARE - PER")
    assert pc(r)["PER"] == "Florence" and cc(r)["PER"] == "Papacy"


@pytest.mark.rule("rules.machiavelli/control-7", moved=True)
def test_after_famine_in_florence_neither_power_may_build_there():
    """rules §Control 7 and its example: "if one power has a unit in the province, while another
    power has a unit in the city, and both are simultaneously eliminated by famine ..., neither
    power will have build rights" — in Florence: Milan's army in the province, Florence's garrison
    in the city, both starve in the Spring; at the Winter Florence may not build there."""
    calm = {"famine": False}
    r = go("  Florence: [G FLO, A ARE]\n  Milan: [A FLO]", "", "famine: [FLO]\ntreasury: {Florence: 30}\n", options=calm)
    assert units_after(r) == {"Florence: A ARE"}
    for _ in range(3):
        r = then(r, "", options=calm)
    assert str(r.result.next_position.phase) == "Winter 1454 Adjustment"
    assert pc(r)["FLO"] == "Milan" and cc(r)["FLO"] == "Florence"
    r = then(r, "Florence: Build A FLO\nFlorence: Build G FLO\nFlorence: Maintain A ARE", options=calm)
    assert outcome(r, "Build A FLO") is Outcome.ILLEGAL and outcome(r, "Build G FLO") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/control-example-1", moved=True)
@pytest.mark.rule("rules.machiavelli/control-1", "rules.machiavelli/sequence-b")
def test_venice_buys_the_papal_fleet_of_ancona_and_sails_it_away():
    """rules §Control, example 1: "if a unit is purchased, ownership of the province the unit is in
    changes before the unit moves away": Venice buys the fleet in Ancona and sails it to the Lower
    Adriatic; Ancona, province and city, is Venice's."""
    r = go("  Venice: [F UAS]\n  Papacy: [F ANC]", "Venice: Expense 1: 18 ducats buy f ANC\nVenice: F ANC - LAS",
           "treasury: {Venice: 18}\n")
    assert "Venice: F LAS" in units_after(r)
    assert pc(r)["ANC"] == "Venice" and cc(r)["ANC"] == "Venice"


_FLORENCE_GONE = "eliminated: [Florence]\n"


@pytest.mark.rule("rules.machiavelli/home-countries-a", moved=True)
@pytest.mark.rule("seed001/home-country")
def test_papacy_gains_florence_by_taking_pistoia_the_como_example():
    """rules §Control and conquest, a), its example: "Player A controls all of Milans provinces and
    cities except Como at the beginning of S1463. He manages to gain control of Como during S1463
    moves. If no other player is in possession of any Milanese province or city *after* S1463
    retreats, player A will gain Milan." Played with Florence's country (its power gone), Papacy
    holding all but Pistoia and taking it in the Spring."""
    state = ("province_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy, RME: Papacy}\n"
             "city_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy, RME: Papacy}\n" + _FLORENCE_GONE)
    r = go("  Papacy: [A BOL]", "Papacy: A BOL - PST", state)
    assert state_of(r)["home_countries"] == {"Florence": "Papacy"}


@pytest.mark.rule("rules.machiavelli/home-countries-a")
def test_no_conquest_while_another_power_holds_a_province_after_the_retreats():
    """rules §Control and conquest, a): the country is gained only if no other player holds any of
    it after the campaign's retreats: Papacy takes Pistoia while Milan's army holds Arezzo."""
    state = ("province_control: {FLO: Papacy, PSA: Papacy, RME: Papacy}\n"
             "city_control: {FLO: Papacy, PSA: Papacy, RME: Papacy, MIL: Milan}\n" + _FLORENCE_GONE)
    r = go("  Papacy: [A BOL]\n  Milan: [A ARE]", "Papacy: A BOL - PST", state)
    assert not state_of(r).get("home_countries")


@pytest.mark.rule("rules.machiavelli/home-countries-2")
def test_no_builds_in_a_home_country_not_conquered():
    """rules §Control and conquest: "No player can use NPC cities and province for builds ...
    unless they conquer the NPC": Milan controls Florence, city and province, but not the whole
    country: no build there."""
    r = go("", "Milan: Build A FLO", "treasury: {Milan: 20}\nprovince_control: {FLO: Milan, MIL: Milan}\n"
           "city_control: {FLO: Milan, MIL: Milan}\n" + _FLORENCE_GONE, phase="Winter 1454 Adjustment")
    assert outcome(r, "Build A FLO") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/home-countries-2")
def test_nobody_draws_the_variable_income_of_a_country_not_conquered():
    """rules §Control and conquest: nor "gain its variable income unless they conquer the NPC":
    Milan holds three of Florence's cities; nobody rolls Florence's dice."""
    r = winter("  Milan: [A MIL]", "province_control: {MIL: Milan, FLO: Milan}\ncity_control: {MIL: Milan, FLO: Milan, "
               "ARE: Milan, PSA: Milan}\n" + _FLORENCE_GONE)
    assert all("Florence" not in rec.get("dice", {}) for rec in (state_of(r)["income"] or {}).values())


@pytest.mark.rule("rules.machiavelli/home-countries-3", "rules.machiavelli/builds-a")
def test_milan_builds_in_florence_once_it_holds_the_country():
    """rules §Control and conquest: a conquered home country gives "the ability to use its cities
    and provinces for builds"."""
    r = go("", "Milan: Build A FLO", "treasury: {Milan: 20}\nprovince_control: {FLO: Milan, MIL: Milan}\n"
           "city_control: {FLO: Milan, MIL: Milan}\nhome_countries: {Florence: Milan}\n" + _FLORENCE_GONE,
           phase="Winter 1454 Adjustment")
    assert ok(r, "Build A FLO")


_MILAN_HOLDS_FLORENCE = "home_countries: {Florence: Milan}\n" + _FLORENCE_GONE


@pytest.mark.rule("rules.machiavelli/home-countries-b", "rules.machiavelli/bugs-b5")
def test_a_conquered_country_is_kept_with_one_province_of_it():
    """rules §Control and conquest, b): "An CHC is lost when control of *all* its provinces and
    cities is lost" (njudge #532: not with the cities alone): Papacy takes Florence's three cities;
    Milan keeps Pistoia and the country."""
    r = go("  Papacy: [A ARE, A FLO, A PSA]", "", "province_control: {PST: Milan, MIL: Milan}\ncity_control: {MIL: Milan, "
           "RME: Papacy}\n" + _MILAN_HOLDS_FLORENCE)
    assert state_of(r)["home_countries"] == {"Florence": "Milan"}


@pytest.mark.rule("rules.machiavelli/home-countries-b", "rules.machiavelli/bugs-b5")
def test_a_conquered_country_lost_whole_to_two_powers_reverts():
    """rules §Control and conquest, b): lost with the last of its provinces, to two powers, the
    country reverts to nobody's."""
    r = go("  Papacy: [A ARE, A FLO, A PSA]\n  Naples: [A PST]", "", "province_control: {MIL: Milan}\n"
           "city_control: {MIL: Milan, RME: Papacy, NAP: Naples}\n" + _MILAN_HOLDS_FLORENCE)
    assert not state_of(r).get("home_countries")


@pytest.mark.rule("rules.machiavelli/home-countries-b")
def test_a_conquered_country_lost_whole_to_one_power_passes_to_it():
    """rules §Control and conquest, b), N.B.: "the NPC may immediately pass to another player as per
    the conquest rules if it is just one player causing the loss"."""
    r = go("  Papacy: [A ARE, A FLO, A PSA, A PST]", "", "province_control: {MIL: Milan}\n"
           "city_control: {MIL: Milan, RME: Papacy}\n" + _MILAN_HOLDS_FLORENCE)
    assert state_of(r)["home_countries"] == {"Florence": "Papacy"}


@pytest.mark.rule("rules.machiavelli/elimination-2", "rules.machiavelli/elimination-3")
def test_milan_without_its_own_cities_lives_on_in_florence():
    """rules §Player elimination: "A power ... controlling one or more CHCs can lose its Starting
    Home Country ... without being eliminated": Milan, holding Florence's country and its city of
    Arezzo, has lost every Milanese city."""
    r = go("  Milan: [A ARE]", "", "province_control: {ARE: Milan}\ncity_control: {ARE: Milan, MIL: France, PAV: France, "
           "CRE: France}\n" + _MILAN_HOLDS_FLORENCE)
    assert "Milan" not in (state_of(r).get("eliminated") or [])


@pytest.mark.rule("rules.machiavelli/elimination-3", "rules.machiavelli/elimination-2")
def test_milan_without_a_city_in_either_country_is_eliminated():
    """rules §Player elimination: "A player with several CHCs can only be eliminated if the cities
    of *all* his CHCs and original HC (if still controlled) are lost": Milan, keeping only the
    province of Pistoia, has no city in Milan or Florence."""
    r = go("  Milan: [A PST]", "", "province_control: {PST: Milan}\ncity_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy, "
           "MIL: France, PAV: France, CRE: France}\n" + _MILAN_HOLDS_FLORENCE)
    assert "Milan" in state_of(r)["eliminated"]


@pytest.mark.rule("rules.machiavelli/elimination-4", "rules.machiavelli/rebellions-2")
def test_a_rebellion_in_its_last_city_does_not_eliminate_a_power():
    """rules §Player elimination: "autonomous garrisons affect control, but ... rebellions do not":
    Florence's last city, Florence, rebels against it; Florence stays in the game."""
    r = go("  Florence: [A PST]", "", "province_control: {PST: Florence, FLO: Florence}\ncity_control: {FLO: Florence, "
           "ARE: Milan, PSA: Milan}\nrebellions: {FLO: {against: Florence, city: true}}\n")
    assert "Florence" not in (state_of(r).get("eliminated") or []) and cc(r)["FLO"] == "Florence"


@pytest.mark.rule("rules.machiavelli/elimination-5")
def test_papacy_taking_florence_as_it_loses_rome_survives():
    """rules §Player elimination, warning and tech note 1: "As everything is simultaneous in
    Machiavelli the power should survive": in one campaign Papacy loses Rome, its last city, to
    Naples and takes Pistoia, the last of Florence's country."""
    state = ("province_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy}\n"
             "city_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy, RME: Papacy, NAP: Naples}\n" + _FLORENCE_GONE)
    r = go("  Papacy: [A LUC]\n  Naples: [A TIV]", "Papacy: A LUC - PST\nNaples: A TIV - RME", state)
    assert cc(r)["RME"] == "Naples"
    assert state_of(r)["home_countries"] == {"Florence": "Papacy"}
    assert "Papacy" not in state_of(r)["eliminated"]


@pytest.mark.rule("rules.machiavelli/elimination-5", "rules.machiavelli/elimination-1")
def test_papacy_losing_rome_without_a_conquest_is_eliminated():
    """rules §Player elimination: the same campaign without the conquest (Pistoia not taken):
    Papacy has no city in any home country and is eliminated; its provinces and cities become
    unowned."""
    state = ("province_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy}\n"
             "city_control: {ARE: Papacy, FLO: Papacy, PSA: Papacy, RME: Papacy, NAP: Naples}\n" + _FLORENCE_GONE)
    r = go("  Papacy: [A LUC]\n  Naples: [A TIV]", "Naples: A TIV - RME", state)
    assert "Papacy" in state_of(r)["eliminated"] and "FLO" not in cc(r) and "Papacy" not in pc(r).values()


def _cities(power: str, names: str) -> str:
    return ", ".join(f"{c}: {power}" for c in names.split())


@pytest.mark.rule("rules.machiavelli/victory-1")
def test_the_basic_game_is_won_with_twelve_cities_and_ones_home():
    """rules §Victory 1: "Basic game victory condition is 12 cities and control of one home country
    (HC). You must control all of your HC cities and at least six (6) other cities": Milan holds
    its three and nine more."""
    cities = _cities("Milan", "MIL PAV CRE FLO ARE PSA GEN MOD LUC SIE PIO MAN")
    r = go("  Milan: [A MIL]", "Milan: A MIL H", f"province_control: {{}}\ncity_control: {{{cities}}}\n", options=BASIC)
    assert r.result.winner == "Milan"


@pytest.mark.rule("rules.machiavelli/victory-1")
def test_the_basic_game_is_not_won_without_all_of_ones_home_cities():
    """rules §Victory 1: "You must control all of your HC cities": twelve cities without Pavia do
    not win the Basic game."""
    cities = _cities("Milan", "MIL CRE FLO ARE PSA GEN MOD LUC SIE PIO MAN FER") + ", PAV: France"
    r = go("  Milan: [A MIL]", "Milan: A MIL H", f"province_control: {{}}\ncity_control: {{{cities}}}\n", options=BASIC)
    assert r.result.winner is None


@pytest.mark.rule("rules.machiavelli/victory-2")
def test_fourteen_cities_and_two_home_countries_do_not_win():
    """rules §Victory 2: "Advanced game victory condition is 15 cities and two HCs": fourteen are
    one short."""
    cities = _cities("Milan", "MIL PAV CRE FLO ARE PSA GEN MOD LUC SIE PIO MAN FER BOL")
    r = go("  Milan: [A MIL]", "Milan: A MIL H", f"province_control: {{}}\ncity_control: {{{cities}}}\n"
           + _MILAN_HOLDS_FLORENCE)
    assert r.result.winner is None


@pytest.mark.rule("rules.machiavelli/victory-3", moved=True)
@pytest.mark.rule("rules.machiavelli/victory-2")
def test_papacy_wins_holding_only_rome_of_its_home_and_florence_of_florences():
    """rules §Victory, important, and its example ("you may win by controlling say MIL, TYR and 13
    ... non-milanese and non-austrian cities! Even if enemy units control any other province of
    said home countries and also besiege MIL and TYR"): Papacy holds Rome and Florence, besieged,
    and thirteen other cities, and wins."""
    cities = _cities("Papacy", "RME FLO GEN MOD LUC SIE PIO MAN FER TUR MON SAV SLZ MAR AVI")
    r = go("  Papacy: [G RME, G FLO]\n  Milan: [A RME, A FLO]", "Milan: A RME besiege\nMilan: A FLO besiege",
           f"province_control: {{}}\ncity_control: {{{cities}, ANC: Milan, BOL: Milan, PER: Milan, ARE: Milan, "
           f"PSA: Milan, MIL: Milan}}\nhome_countries: {{Florence: Papacy}}\n" + _FLORENCE_GONE)
    assert r.result.winner == "Papacy"


@pytest.mark.rule("rules.machiavelli/victory-3")
def test_a_conquered_country_without_one_of_its_cities_does_not_count_for_victory():
    """rules §Victory, important: a home country counts when "you are in control of at least one
    city" of it: Papacy holds Florence's country by its province of Pistoia alone: one home
    country, no win."""
    cities = _cities("Papacy", "RME GEN MOD LUC SIE PIO MAN FER TUR MON SAV SLZ MAR AVI PAV")
    r = go("  Papacy: [A PST]", "Papacy: A PST H", f"province_control: {{PST: Papacy}}\ncity_control: {{{cities}}}\n"
           "home_countries: {Florence: Papacy}\n" + _FLORENCE_GONE)
    assert r.result.winner is None


_TWO_WINNERS = ("province_control: {}\ncity_control: {" + _cities("Milan", "MIL PAV CRE FLO ARE PSA GEN MOD LUC SIE PIO MAN "
                "FER BOL TUR") + ", " + _cities("Naples", "NAP BAR MES PAL RME PER ANC TUN DUR ALB RAG SAR COR MAR AVI")
                + "}\nhome_countries: {Florence: Milan, Papacy: Naples}\neliminated: [Florence, Papacy]\n")


@pytest.mark.rule("rules.machiavelli/victory-4")
def test_two_powers_reaching_victory_together_make_no_winner():
    """rules §Victory: "In case of parity it is up to the GM to decide": Milan and Naples both hold
    fifteen cities and two home countries; the judge names no winner."""
    r = go("  Milan: [A MIL]\n  Naples: [A NAP]", "", _TWO_WINNERS)
    assert r.result.winner is None


@pytest.mark.rule("rules.machiavelli/victory-4")
def test_one_of_the_two_falling_short_leaves_the_other_the_winner():
    """rules §Victory: without parity the one power at the goal wins: Milan's army takes Marseilles
    from Naples, which falls to fourteen cities while Milan has sixteen."""
    r = go("  Milan: [A PRO]\n  Naples: [A NAP]", "Milan: A PRO - MAR", _TWO_WINNERS)
    assert cc(r)["MAR"] == "Milan" and r.result.winner == "Milan"


# -- Special mapboard features: Piombino and Messina ------------------------------------------------

AS_WRITTEN = {"house_straits": False}


@pytest.mark.rule("rules.machiavelli/straits", "rules.machiavelli/straits-k")
def test_the_fleet_in_piombino_keeps_its_strait_unless_it_allies():
    """rules §Special mapboard features 1: a fleet in Piombino controls the strait between Pisa and
    the Eastern Tyrrhenian Sea; k): "A player wishing to allow another player to use the straits
    must include an 'ally' command": Milan allows Florence."""
    units = "  Milan: [F PIO]\n  Florence: [F PSA]"
    assert outcome(go(units, "Florence: F PSA - ETS"), "F PSA - ETS") is Outcome.ILLEGAL
    r = go(units, "Milan: Ally Florence\nFlorence: F PSA - ETS")
    assert "Florence: F ETS" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-b")
def test_a_garrison_beside_the_fleet_in_piombino_does_not_take_the_strait():
    """rules §Special mapboard features 1b: "If control of Piombino or Messina is divided between
    powers (that is: contain a garrison of another power in addition to your fleet), the power
    owning the fleet will control the straits": Papacy's garrison there cannot let its own fleet
    pass Milan's."""
    units = "  Milan: [F PIO]\n  Papacy: [G PIO, F ETS]"
    assert outcome(go(units, "Papacy: F ETS - PSA"), "F ETS - PSA") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/straits-b")
def test_the_fleets_owner_passes_though_another_powers_garrison_holds_messina():
    """rules §Special mapboard features 1b: Turkey's fleet in Messina keeps the strait though the
    city's garrison is Naples': Turkey's other fleet passes, Naples' does not."""
    units = "  Turkey: [F MES, F ION]\n  Naples: [G MES, F GON]"
    r = go(units, "Turkey: F ION - OTR\nNaples: F GON - ION")
    assert outcome(r, "F GON - ION") is Outcome.ILLEGAL
    r = go(units, "Turkey: F ION - GON\nNaples: F GON - TIV")
    assert "Turkey: F GON" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-c")
def test_as_written_a_fleet_entering_an_empty_messina_blocks_at_once():
    """rules §Special mapboard features 1c (as written, seed 000's house rule off): "If a fleet
    successfully advances ... into a *fleet-less* Piombino or Messina in the same turn as a hostile
    fleet attempts to use the straits, the hostile fleet suffers all effects" — the Piombino case
    played at Messina."""
    units = "  Naples: [F PAL]\n  Turkey: [F ION]"
    r = go(units, "Naples: F PAL - MES\nTurkey: F ION - GON", options=AS_WRITTEN)
    assert "Naples: F MES" in units_after(r) and "Turkey: F ION" in units_after(r)
    r = go(units, "Naples: F PAL - MES\nTurkey: F ION - GON")
    assert "Turkey: F GON" in units_after(r)  # the house rule: nothing changes this phase


@pytest.mark.rule("rules.machiavelli/straits-d")
def test_as_written_a_garrison_becoming_a_fleet_in_piombino_blocks_at_once():
    """rules §Special mapboard features 1d (as written): "If a garrison successfully converts to
    fleet ... into a *fleet-less* Piombino or Messina", a hostile fleet using the strait is
    blocked."""
    units = "  Milan: [G PIO]\n  Florence: [F PSA]"
    r = go(units, "Milan: G PIO C F\nFlorence: F PSA - ETS", options=AS_WRITTEN)
    assert "Milan: F PIO" in units_after(r) and "Florence: F PSA" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-d")
def test_as_written_a_garrison_becoming_a_fleet_in_messina_blocks_at_once():
    """rules §Special mapboard features 1d at Messina: Naples' garrison comes out as a fleet;
    Turkey's fleet may not pass below it that campaign."""
    units = "  Naples: [G MES]\n  Turkey: [F GON]"
    r = go(units, "Naples: G MES C F\nTurkey: F GON - ION", options=AS_WRITTEN)
    assert "Naples: F MES" in units_after(r) and "Turkey: F GON" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-e")
def test_a_keeper_ordered_to_garrison_piombino_still_blocks():
    """rules §Special mapboard features 1e: "If a fleet is *ordered* to convert to garrison a
    hostile fleet still suffers all effects": as written and under the house rule alike."""
    units = "  Milan: [F PIO]\n  Florence: [F ETS]"
    for options in (None, AS_WRITTEN):
        r = go(units, "Milan: F PIO C G\nFlorence: F ETS - PSA", options=options)
        assert "Milan: G PIO" in units_after(r) and "Florence: F ETS" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-f", "seed000/straits-1")
def test_as_written_a_keeper_moving_away_still_blocks():
    """rules §Special mapboard features 1f: "If a fleet moves away from Piombino or Messina province
    a hostile fleet still suffers all effects" (as written too)."""
    r = go("  Naples: [F MES]\n  Turkey: [F ION]", "Naples: F MES - PAL\nTurkey: F ION - GON", options=AS_WRITTEN)
    assert "Naples: F PAL" in units_after(r) and "Turkey: F ION" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-g")
def test_a_keeper_bounced_back_into_piombino_blocks():
    """rules §Special mapboard features 1g: "If a fleet moving away ... is bounced back into
    Piombino or Messina province it will block a hostile fleet"."""
    units = "  Milan: [F PIO]\n  Papacy: [F SAR]\n  Florence: [F ETS]"
    orders = "Milan: F PIO - WTS\nPapacy: F SAR - WTS\nFlorence: F ETS - PSA"
    for options in (None, AS_WRITTEN):
        r = go(units, orders, options=options)
        assert "Milan: F PIO" in units_after(r) and "Florence: F ETS" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-g")
def test_a_keeper_bounced_back_into_messina_blocks():
    """rules §Special mapboard features 1g, at Messina: Naples' fleet bounces back from Palermo
    and blocks Turkey's fleet."""
    units = "  Naples: [F MES]\n  Turkey: [F ION, F BOT]\n  Papacy: [F PAL]"
    r = go(units, "Naples: F MES - PAL\nTurkey: F ION - GON", options=AS_WRITTEN)
    assert "Naples: F MES" in units_after(r) and "Turkey: F ION" in units_after(r)


def _retreat_past_piombino(state: str = ""):
    """Milan's fleet in Siena and Florence's fleet in Pisa are dislodged in one campaign."""
    units = "  Milan: [F SIE]\n  Florence: [F PSA]\n  Papacy: [A ARE, A PER, A LUC, A PST]"
    orders = "Papacy: A ARE - SIE\nPapacy: A PER S A ARE - SIE\nPapacy: A LUC - PSA\nPapacy: A PST S A LUC - PSA"
    r = go(units, orders, state)
    assert retreating(r)
    return r


@pytest.mark.rule("rules.machiavelli/straits-h", "seed000/straits-3")
def test_a_fleet_retreating_into_piombino_blocks_no_retreat_of_the_same_phase():
    """rules §Special mapboard features 1h: "a fleet *retreating into* Piombino or Messina, will
    *not* block other fleets retreating through the straits (in the same turn)": Milan's fleet
    retreats into Piombino as Florence's retreats from Pisa to the Eastern Tyrrhenian Sea."""
    r = then(_retreat_past_piombino(), "Milan: F SIE R PIO\nFlorence: F PSA R ETS")
    assert {"Milan: F PIO", "Florence: F ETS"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-h")
def test_a_fleet_dislodged_from_piombino_by_an_army_keeps_nothing():
    """rules §Special mapboard features 1h: nor does a fleet "having been dislodged, as control has
    passed to the attackers fleet or been lost if the attacker was an army": Milan's fleet in
    Piombino is dislodged by an (elite) army; Florence's fleet, dislodged from the Eastern
    Tyrrhenian Sea, retreats through the strait to Pisa."""
    units = "  Milan: [F PIO]\n  Florence: [F ETS]\n  Papacy: [A SIE, F GON, F TIV]"
    orders = "Papacy: A SIE - PIO\nPapacy: F GON - ETS\nPapacy: F TIV S F GON - ETS"
    r = go(units, orders, "special_units: {Papacy: {A SIE: elite_mercenaries}}\n")
    assert retreating(r) and "Papacy: A PIO" in units_after(r)
    r = then(r, "Milan: F PIO R WTS\nFlorence: F ETS R PSA")
    assert {"Milan: F WTS", "Florence: F PSA"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-i")
def test_the_keeper_of_piombino_besieges_and_blocks_at_once():
    """rules §Special mapboard features 1i: "A fleet in Piombino or Messina may simultaneously be
    ... besiegeing while it blocks a hostile fleet"."""
    r = go("  Milan: [F PIO]\n  Florence: [G PIO, F ETS]", "Milan: F PIO besiege\nFlorence: F ETS - PSA")
    assert ok(r, "F PIO besiege") and outcome(r, "F ETS - PSA") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/straits-i")
def test_the_keeper_of_messina_supports_and_blocks_at_once():
    """rules §Special mapboard features 1i: the keeper may be "supporting" while it blocks."""
    r = go("  Naples: [F MES, F PAL]\n  Turkey: [F ION, F BOT]",
           "Naples: F MES S F PAL\nTurkey: F BOT - PAL\nTurkey: F ION - GON")
    assert ok(r, "F MES S F PAL") and outcome(r, "F ION - GON") is Outcome.ILLEGAL
    assert "Naples: F PAL" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-j", "rules.machiavelli/options-adjacency")
def test_a_blocked_fleet_still_bribes_across_the_strait():
    """rules §Special mapboard features 1j: "Adjacency for bribe purposes is not affected by
    blocking fleets": Florence's fleet in the Eastern Tyrrhenian Sea, blocked by Milan's keeper of
    Piombino, may still bribe Milan's army in Pisa away."""
    r = go("  Milan: [F PIO, A PSA]\n  Florence: [F ETS]", "Florence: Expense 1: 12 ducats disband a PSA",
           "treasury: {Florence: 12}\n")
    assert units_after(r) == {"Milan: F PIO", "Florence: F ETS"}


@pytest.mark.rule("rules.machiavelli/straits-j")
def test_a_blocked_fleet_bribes_across_the_messina_strait():
    """rules §Special mapboard features 1j at Messina: Turkey's fleet in the Ionian Sea buys the
    Neapolitan fleet in the Gulf of Naples past Naples' keeper."""
    r = go("  Naples: [F MES, F GON]\n  Turkey: [F ION]", "Turkey: Expense 1: 18 ducats buy f GON", "treasury: {Turkey: 18}\n")
    assert "Turkey: F GON" in units_after(r)


@pytest.mark.rule("rules.machiavelli/straits-k", "rules.machiavelli/order-syntax-expenditure")
def test_an_ally_at_messina_passes_until_unallied():
    """rules §Special mapboard features 1k: the ally command lets Turkey through Messina; 'unally'
    withdraws it."""
    r = go("  Naples: [F MES]\n  Turkey: [F ION]", "Naples: Ally Turkey\nTurkey: F ION - GON")
    assert "Turkey: F GON" in units_after(r)
    r = then(r, "Naples: Unally Turkey\nTurkey: F GON - ION")
    assert outcome(r, "F GON - ION") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/straits-l")
def test_a_garrison_in_piombino_keeps_no_strait():
    """rules §Special mapboard features 1l: "An army or garrison unit does not control the
    straits": with Milan's garrison alone in Piombino, Florence's fleet passes."""
    assert "Florence: F ETS" in units_after(go("  Milan: [G PIO]\n  Florence: [F PSA]", "Florence: F PSA - ETS"))


# -- Special mapboard features: coasts, land bridge, Venice, ports, fortresses ----------------------


@pytest.mark.rule("rules.machiavelli/croatia-provence")
def test_croatia_has_two_coasts():
    """rules §Special mapboard features 2: "These provinces have a north and south coast": from the
    Upper Adriatic a fleet reaches the north coast only; a fleet on the south coast does not
    reach the Upper Adriatic."""
    assert "Venice: F CRO/NC" in units_after(go("  Venice: [F UAS]", "Venice: F UAS - CRO"))
    r = go("  Venice: [F CRO/SC]", "Venice: F CRO/SC - UAS")
    assert outcome(r, "F CRO/SC - UAS") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/istria-dalmatia")
def test_an_army_crosses_the_land_bridge_from_dalmatia_to_istria():
    """rules §Special mapboard features 3: "An army can thus move from Dalmatia to Istria"."""
    assert "Venice: A IST" in units_after(go("  Venice: [A DAL]", "Venice: A DAL - IST"))


@pytest.mark.rule("rules.machiavelli/istria-dalmatia")
def test_an_army_crosses_the_land_bridge_from_istria_to_dalmatia():
    """rules §Special mapboard features 3: "or vice versa"."""
    assert "Austria: A DAL" in units_after(go("  Austria: [A IST]", "Austria: A IST - DAL"))


LAGOON_AS_WRITTEN = {"house_venice_lagoon": False}


@pytest.mark.rule("rules.machiavelli/venice-4")
def test_as_written_a_fleet_on_the_lagoon_pays_as_a_sea():
    """rules §Special mapboard features 4 (as written, seed 000's house rule off): "the lagoon ...
    is treated like an ordinary sea space": Milan's fleet there earns a sea's ducat, no province."""
    r = winter("  Milan: [F LAG]", "province_control: {}\ncity_control: {}\n", options=LAGOON_AS_WRITTEN)
    assert (paid(r, "Milan")["provinces"], paid(r, "Milan")["seas"]) == (0, 1)


@pytest.mark.rule("rules.machiavelli/venice-4")
def test_as_written_nobody_controls_the_lagoon():
    """rules §Special mapboard features 4: an ordinary sea is nobody's province: a fleet passing
    over the Lagoon leaves no control behind."""
    r = go("  Milan: [F UAS]", "Milan: F UAS - LAG", options=LAGOON_AS_WRITTEN)
    r = then(r, "Milan: F LAG - UAS", options=LAGOON_AS_WRITTEN)
    assert "LAG" not in pc(r)


@pytest.mark.rule("rules.machiavelli/venice-5a")
def test_as_written_an_army_in_venice_leaves_no_room_for_a_garrison():
    """rules §Special mapboard features 5a (as written): "Only *one* unit may be in Venice at any
    time": with Venice's fleet in Venice no garrison is built there, and a fleet enters an empty
    Venice from the Lagoon."""
    r = go("  Venice: [F VEN]", "Venice: Maintain F VEN\nVenice: Build G VEN", "treasury: {Venice: 20}\n",
           phase="Winter 1454 Adjustment", options=LAGOON_AS_WRITTEN)
    assert outcome(r, "Build G VEN") is Outcome.ILLEGAL
    r = go("  Milan: [F LAG]", "Milan: F LAG - VEN", options=LAGOON_AS_WRITTEN)
    assert "Milan: F VEN" in units_after(r)


@pytest.mark.rule("rules.machiavelli/venice-5b", "rules.machiavelli/builds-d")
def test_as_written_venice_trades_no_fleet_for_a_garrison():
    """rules §Special mapboard features 5b (as written): "In Venice you are not allowed to disband a
    unit of one type and build one of a different type"."""
    r = go("  Venice: [F VEN]", "Venice: Disband F VEN\nVenice: Build G VEN", "treasury: {Venice: 20}\n",
           phase="Winter 1454 Adjustment", options=LAGOON_AS_WRITTEN)
    assert outcome(r, "Build G VEN") is Outcome.ILLEGAL and not units_after(r)


@pytest.mark.rule("rules.machiavelli/venice-5b")
def test_as_written_venice_trades_no_garrison_for_a_fleet():
    """rules §Special mapboard features 5b: nor a garrison for a fleet (allowed elsewhere, builds
    d)."""
    r = go("  Venice: [G VEN]", "Venice: Disband G VEN\nVenice: Build F VEN", "treasury: {Venice: 20}\n",
           phase="Winter 1454 Adjustment", options=LAGOON_AS_WRITTEN)
    assert outcome(r, "Build F VEN") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/venice-5c")
def test_as_written_a_fleet_dislodged_in_venice_is_lost():
    """rules §Special mapboard features 5c (as written): "An army or fleet unit in Venice is always
    *unable to retreat* into the city ... (the loser will be eliminated as an attacker can only
    come from the lagoon)": Venice's fleet, dislodged by an elite fleet, is disbanded."""
    r = go("  Venice: [F VEN]\n  Milan: [F LAG]", "Milan: F LAG - VEN",
           "special_units: {Milan: {F LAG: elite_mercenaries}}\n", options=LAGOON_AS_WRITTEN)
    assert "Milan: F VEN" in units_after(r) and not retreating(r) and "Venice: G VEN" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/venice-5c")
def test_as_written_an_army_dislodged_in_venice_is_lost():
    """rules §Special mapboard features 5c: the same for an army in Venice."""
    r = go("  Venice: [A VEN]\n  Milan: [F LAG]", "Milan: F LAG - VEN",
           "special_units: {Milan: {F LAG: elite_professionals}}\n", options=LAGOON_AS_WRITTEN)
    assert not retreating(r) and not r.result.next_position.units_of("Venice")


@pytest.mark.rule("rules.machiavelli/venice-5d")
def test_as_written_a_conversion_in_venice_beats_an_equal_attack():
    """rules §Special mapboard features 5d (as written): "If the attack is of equal or lesser
    strength, the conversion will succeed and the attacker will bounce"."""
    r = go("  Venice: [F VEN]\n  Milan: [F LAG]", "Venice: F VEN C G\nMilan: F LAG - VEN", options=LAGOON_AS_WRITTEN)
    assert units_after(r) == {"Venice: G VEN", "Milan: F LAG"}


@pytest.mark.rule("rules.machiavelli/venice-5d")
def test_as_written_a_conversion_in_venice_loses_to_a_greater_attack():
    """rules §Special mapboard features 5d: "An army or fleet unit in Venice that is attacked by a
    unit of *greater strength* will be eliminated even if the unit attempted to convert to
    garrison (as no retreats are available). The attacker will gain Venice"."""
    r = go("  Venice: [F VEN]\n  Milan: [F LAG]", "Venice: F VEN C G\nMilan: F LAG - VEN",
           "special_units: {Milan: {F LAG: elite_mercenaries}}\n", options=LAGOON_AS_WRITTEN)
    assert units_after(r) == {"Milan: F VEN"}


@pytest.mark.rule("rules.machiavelli/venice-5e")
def test_as_written_an_elite_garrison_of_venice_bounces_when_attacked():
    """rules §Special mapboard features 5e (as written): "An attempted conversion to army or fleet by
    a garrison in Venice will bounce if Venice is attacked. This is regardless of strengths": an
    elite garrison converting meets an ordinary fleet's attack."""
    r = go("  Venice: [G VEN]\n  Milan: [F LAG]", "Venice: G VEN C F\nMilan: F LAG - VEN",
           "special_units: {Venice: {G VEN: elite_mercenaries}}\n", options=LAGOON_AS_WRITTEN)
    assert units_after(r) == {"Venice: G VEN", "Milan: F LAG"}


@pytest.mark.rule("rules.machiavelli/venice-5e", "rules.machiavelli/conversion-1")
def test_as_written_a_garrison_of_venice_bounces_with_an_equal_attack():
    """rules §Special mapboard features 5e: an ordinary garrison converting as a fleet attacks from
    the Lagoon: it bounces, and neither unit moves."""
    r = go("  Venice: [G VEN]\n  Milan: [F LAG]", "Venice: G VEN C F\nMilan: F LAG - VEN", options=LAGOON_AS_WRITTEN)
    assert units_after(r) == {"Venice: G VEN", "Milan: F LAG"}


@pytest.mark.rule("rules.machiavelli/venice-5f")
def test_as_written_venice_is_never_besieged():
    """rules §Special mapboard features 5f (as written): "A garrison in Venice can never be
    besieged": two campaigns of besiege orders from the Lagoon leave it standing."""
    r = go("  Venice: [G VEN]\n  Milan: [F LAG]", "Milan: F LAG besiege", options=LAGOON_AS_WRITTEN)
    assert outcome(r, "F LAG besiege") is Outcome.ILLEGAL
    r = then(r, "Milan: F LAG besiege", options=LAGOON_AS_WRITTEN)
    assert "Venice: G VEN" in units_after(r)


@pytest.mark.rule("rules.machiavelli/venice-5f", "seed000/venice-lagoon-5")
def test_venice_besieged_under_the_house_rule_but_not_as_written():
    """rules §Special mapboard features 5f against seed 000 ("Venice may be besieged, but only by a
    Fleet"): the same besiege order is a siege under the house rule, refused as written."""
    units = "  Venice: [G VEN]\n  Milan: [F LAG]"
    assert ok(go(units, "Milan: F LAG besiege"), "F LAG besiege")
    assert outcome(go(units, "Milan: F LAG besiege", options=LAGOON_AS_WRITTEN), "F LAG besiege") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/venice-5g")
def test_as_written_no_rebellion_in_venice_with_a_garrison_there():
    """rules §Special mapboard features 5g (as written): "No rebellion may be placed in Venice if
    there is a unit in Venice (regardless whether the unit is an army, fleet or garrison)"."""
    r = go("  Venice: [G VEN]\n  Milan: [F LAG]", "Milan: Expense 1: 15 ducats cause rebellion VEN", "treasury: {Milan: 15}\n",
           options=LAGOON_AS_WRITTEN)
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/venice-5g")
def test_as_written_no_rebellion_in_venice_with_a_fleet_there():
    """rules §Special mapboard features 5g: nor with a fleet in Venice."""
    r = go("  Venice: [F VEN]\n  Milan: [F LAG]", "Milan: Expense 1: 15 ducats cause rebellion VEN", "treasury: {Milan: 15}\n",
           options=LAGOON_AS_WRITTEN)
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/venice-5h", "rules.machiavelli/rebellions-4")
def test_as_written_a_rebellion_in_an_empty_venice_is_in_the_city():
    """rules §Special mapboard features 5h (as written): "Only *one* rebellion unit is placed in
    Venice, and then always in the city"."""
    r = go("  Milan: [F LAG]", "Milan: Expense 1: 15 ducats cause rebellion VEN", "treasury: {Milan: 15}\n",
           options=LAGOON_AS_WRITTEN)
    assert state_of(r)["rebellions"]["VEN"]["city"] is True


@pytest.mark.rule("rules.machiavelli/venice-5h", "rules.machiavelli/venice-5i")
def test_as_written_another_power_enters_a_rebelling_venice_and_frees_it():
    """rules §Special mapboard features 5i: "any other player will 'put down' the rebellion and thus
    be able to move into Venice" (5h: its one rebel unit is in the city)."""
    r = go("  Milan: [F LAG]", "Milan: F LAG - VEN", "rebellions: {VEN: {against: Venice, city: true}}\n",
           options=LAGOON_AS_WRITTEN)
    assert "Milan: F VEN" in units_after(r) and not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/venice-5i")
def test_as_written_venices_own_fleet_bounces_off_its_rebels():
    """rules §Special mapboard features 5i (as written): "A rebellion in Venice can never be
    besieged by the *affected* player as the rebelling unit will bounce any of his units"."""
    r = go("  Venice: [F LAG]", "Venice: F LAG - VEN", "rebellions: {VEN: {against: Venice, city: true}}\n",
           options=LAGOON_AS_WRITTEN)
    assert "Venice: F LAG" in units_after(r)


@pytest.mark.rule("rules.machiavelli/ports", "rules.machiavelli/builds-a")
def test_fleets_are_built_in_port_cities_only():
    """rules §Special mapboard features 6 and §Military unit adjustments a: "Fleets can only be
    placed in port cities": Naples builds fleets in Naples and Bari; the Papacy none in Bologna,
    a walled city on the coast without a port."""
    r = go("", "Naples: Build F NAP\nNaples: Build F BAR", "treasury: {Naples: 20}\n", phase="Winter 1454 Adjustment")
    assert ok(r, "Build F NAP") and ok(r, "Build F BAR")
    r = go("", "Papacy: Build F BOL", "treasury: {Papacy: 20}\n", phase="Winter 1454 Adjustment")
    assert outcome(r, "Build F BOL") is Outcome.ILLEGAL


FORTS = {"fortresses": True}


@pytest.mark.rule("rules.machiavelli/fortresses-a")
def test_a_garrisoned_fortress_pays_no_city_income():
    """rules §Special mapboard features 7a: fortresses "generate *no* income": Milan's garrison of
    the fortress of Parma earns the province's ducat and nothing more."""
    r = winter("  Milan: [G PAR]", "province_control: {PAR: Milan}\ncity_control: {}\n", options=FORTS)
    assert (paid(r, "Milan")["provinces"], paid(r, "Milan")["cities"]) == (1, 0)


@pytest.mark.rule("rules.machiavelli/fortresses-a")
def test_a_fortress_is_no_city_to_control():
    """rules §Special mapboard features 7a: a fortress is no city: Naples' garrison of Salerno gives
    no centre."""
    r = go("  Naples: [A SLR]", "Naples: A SLR C G", options=FORTS)
    assert "Naples: G SLR" in units_after(r) and "SLR" not in cc(r)
    assert "SLR" not in r.result.next_position.supply_centers


@pytest.mark.rule("rules.machiavelli/fortresses-b")
def test_no_garrison_is_built_in_a_fortress():
    """rules §Special mapboard features 7b: "No garrisons may be built in them": not in Parma."""
    r = go("", "Milan: Build G PAR", "treasury: {Milan: 20}\n", phase="Winter 1454 Adjustment", options=FORTS)
    assert outcome(r, "Build G PAR") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/fortresses-b")
def test_no_garrison_is_built_in_a_port_fortress_either():
    """rules §Special mapboard features 7b: nor in Tivoli, a port fortress of the Papacy's."""
    r = go("", "Papacy: Build G TIV\nPapacy: Build F TIV", "treasury: {Papacy: 20}\n", phase="Winter 1454 Adjustment",
           options=FORTS)
    assert outcome(r, "Build G TIV") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/fortresses-c")
def test_a_fortress_garrison_is_besieged_like_a_citys():
    """rules §Special mapboard features 7: "In all other respects fortresses are treated as ordinary
    fortified cities": Florence besieges Milan's garrison of Parma for two campaigns and it falls;
    a fleet in the port fortress of Tivoli becomes its garrison."""
    r = go("  Florence: [A PAR]\n  Milan: [G PAR]", "Florence: A PAR besiege", options=FORTS)
    r = then(r, "Florence: A PAR besiege", options=FORTS)
    assert "Milan: G PAR" not in units_after(r)
    assert units_after(go("  Papacy: [F TIV]", "Papacy: F TIV C G", options=FORTS)) == {"Papacy: G TIV"}


# -- Sequence of play for adjustment phases: famine, income, adjustments ----------------------------

# rules §Famine, the famine table as the text prints it (row = first 2d6, column = second 2d6).
_FAMINE_TEXT = """
 2: ----- ----- Prove Patri Moden ----- Corsi Ancon ----- ----- -----
 3: ----- Piomb ----- ----- ----- ----- ----- Tunis ----- ----- Paler
 4: Tivol ----- Otran Padua Swiss Cremo Pontr ----- Herze ----- -----
 5: Friul ----- Bolog Saler Veron Austr Milan Sienn ----- ----- Duraz
 6: Marse Ragus Vicen Carin Berga Pisto Spole ----- Pianc Hunga -----
 7: ----- Bari  Slavo Montf Urbin Forno ----- Como  Trent ----- -----
 8: Ferra ----- Rome  Pavia ----- ----- Arezz Bresc Saluz Alban Genoa
 9: ----- ----- Croat ----- Flore Turin Mantu Capua Trevi ----- -----
10: Savoy ----- Sardi ----- Parma Bosni Tyrol ----- Naple Romag Dalma
11: ----- ----- Venic ----- ----- ----- ----- Carni ----- Messi -----
12: ----- ----- ----- Pisa  Aquil Avign Lucca ----- Istri ----- -----
"""
_NAMES = {"Prove": "PRO", "Patri": "PAT", "Moden": "MOD", "Corsi": "COR", "Ancon": "ANC", "Piomb": "PIO", "Tunis": "TUN",
          "Paler": "PAL", "Tivol": "TIV", "Otran": "OTR", "Padua": "PAD", "Swiss": "SWI", "Cremo": "CRE", "Pontr": "PON",
          "Herze": "HER", "Friul": "FRI", "Bolog": "BOL", "Saler": "SLR", "Veron": "VER", "Austr": "AUS", "Milan": "MIL",
          "Sienn": "SIE", "Duraz": "DUR", "Marse": "MAR", "Ragus": "RAG", "Vicen": "VIC", "Carin": "CRI", "Berga": "BER",
          "Pisto": "PST", "Spole": "SPO", "Pianc": "PIA", "Hunga": "HUN", "Bari": "BAR", "Slavo": "SLA", "Montf": "MON",
          "Urbin": "URB", "Forno": "FOR", "Como": "COM", "Trent": "TRT", "Ferra": "FER", "Rome": "RME", "Pavia": "PAV",
          "Arezz": "ARE", "Bresc": "BRE", "Saluz": "SLZ", "Alban": "ALB", "Genoa": "GEN", "Croat": "CRO", "Flore": "FLO",
          "Turin": "TUR", "Mantu": "MAN", "Capua": "CAP", "Trevi": "TRV", "Savoy": "SAV", "Sardi": "SAR", "Parma": "PAR",
          "Bosni": "BOS", "Tyrol": "TYR", "Naple": "NAP", "Romag": "RMA", "Dalma": "DAL", "Venic": "VEN", "Carni": "CRN",
          "Messi": "MES", "Pisa": "PSA", "Aquil": "AQU", "Avign": "AVI", "Lucca": "LUC", "Istri": "IST"}
FAMINE_TABLE = {int(row): [_NAMES.get(cell) for cell in cells.split()]
                for row, cells in (line.split(":") for line in _FAMINE_TEXT.strip().splitlines())}
_ROLL = re.compile(r"Famine roll: severity (\d+) \(.*?\), row (\d+), column (\d+); struck: (.*)\.$")


def _famine_rolls(options=None, seeds: int = 40):
    """(severity, row, column, areas struck) of the famine rolled after the Fall, seed by seed."""
    out = []
    for k in range(seeds):
        r = go("  Florence: [A FLO]", "", f"dice_seed: f{k}\n", phase="Fall 1454 Movement", options=options)
        m = next(_ROLL.match(n) for n in r.result.notes if n.startswith("Famine roll"))
        struck = set() if m.group(4) == "nowhere" else set(m.group(4).split(", "))
        out.append((int(m.group(1)), int(m.group(2)), int(m.group(3)), struck))
        assert set(state_of(r).get("famine") or []) == struck
    return out


def _expected(severity: int, row: int, col: int, rows, cols) -> set:
    got: set = set()
    if severity in rows:
        got |= {a for a in FAMINE_TABLE[row] if a}
    if severity in cols:
        got |= {r[col - 2] for r in FAMINE_TABLE.values() if r[col - 2]}
    return got


@pytest.mark.rule("rules.machiavelli/famine-severity", "rules.machiavelli/famine-table")
def test_famine_strikes_the_rows_and_columns_of_the_printed_table():
    """rules §Famine: severity "2, 3 No disaster; 4, 6 Good year, row only; 5, 7 Good year, column
    only; 8-12 Bad year, row and column", then a row and a column of the famine table as printed
    (copied into this test): the areas struck are exactly those."""
    for severity, row, col, struck in _famine_rolls():
        assert struck == _expected(severity, row, col, {4, 6, 8, 9, 10, 11, 12}, {5, 7, 8, 9, 10, 11, 12})


@pytest.mark.rule("rules.machiavelli/famine-severity", "rules.machiavelli/famine-table")
def test_famine_with_the_rulebooks_severity_bands():
    """rules §Famine, tech note: "According to the original rules they should be 4 and 7 for good
    year row only and 5 and 6 for good year column only" (the option disaster_severity:
    original)."""
    for severity, row, col, struck in _famine_rolls({"disaster_severity": "original"}):
        assert struck == _expected(severity, row, col, {4, 7, 8, 9, 10, 11, 12}, {5, 6, 8, 9, 10, 11, 12})


@pytest.mark.rule("rules.machiavelli/famine-a", "rules.machiavelli/sequence-i")
def test_a_unit_retreating_into_a_famine_area_after_spring_starves():
    """rules §Famine a: "Any unit in a famined province at the end of the spring movement is
    eliminated" (§Sequence of play 1.2i: after the retreats): Florence's army, dislodged from
    Arezzo, retreats into Florence, struck by famine, and starves."""
    r = go("  Florence: [A ARE]\n  Papacy: [A SIE, A PER]", "Papacy: A SIE - ARE\nPapacy: A PER S A SIE - ARE", "famine: [FLO]\n")
    r = then(r, "Florence: A ARE R FLO")
    assert ok(r, "A ARE R FLO") and "Florence: A FLO" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/famine-b", "rules.machiavelli/builds-e")
def test_no_garrison_built_in_a_famine_city():
    """rules §Famine b: "New units may not be built in famined provinces": not a garrison in
    Milan."""
    r = go("", "Milan: Build G MIL\nMilan: Build A PAV", "treasury: {Milan: 20}\nfamine: [MIL]\n", phase="Winter 1454 Adjustment")
    assert outcome(r, "Build G MIL") is Outcome.ILLEGAL and ok(r, "Build A PAV")


@pytest.mark.rule("rules.machiavelli/famine-c")
def test_famine_killing_an_army_leaves_its_province_to_its_power():
    """rules §Famine c: "Famine has no effect on control": Milan's army starves in Ferrara, which
    stays Milan's, city and province."""
    r = go("  Milan: [A FER]", "", "famine: [FER]\n")
    assert not units_after(r) and pc(r)["FER"] == "Milan" and cc(r)["FER"] == "Milan"


@pytest.mark.rule("rules.machiavelli/famine-d", "rules.machiavelli/famine-e")
def test_famine_in_perugia_stops_its_income_unless_garrisoned():
    """rules §Famine d, e: "A famined province will not produce income"; "A garrisoned city will
    always produce income": Perugia under famine pays the Papacy nothing; with a garrison in the
    city it pays the city's ducat."""
    control = "province_control: {PER: Papacy, RME: Papacy}\ncity_control: {PER: Papacy, RME: Papacy}\n"
    full = paid(winter("  Papacy: [A RME]", control), "Papacy")
    hit = paid(winter("  Papacy: [A RME]", control + "famine: [PER]\n"), "Papacy")
    assert (hit["provinces"], hit["cities"]) == (full["provinces"] - 1, full["cities"] - 1)
    held = paid(winter("  Papacy: [A RME, G PER]", control + "famine: [PER]\n"), "Papacy")
    assert (held["provinces"], held["cities"]) == (full["provinces"] - 1, full["cities"])


@pytest.mark.rule("rules.machiavelli/income-conquered")
def test_a_conquered_countrys_variable_income_survives_siege_famine_and_rebellion():
    """rules §Income: "Variable income is not prevented by rebellions, sieges in progress, famines,
    loss of capital": Milan holds Florence's country; Florence (the city) is another's and
    besieged, Arezzo starves, Pisa rebels: Milan still rolls Florence's dice."""
    r = winter("  Papacy: [A FLO]\n  Milan: [G FLO]", "province_control: {FLO: Papacy, PST: Milan, MIL: Milan}\n"
               "city_control: {FLO: Milan, ARE: Milan, PSA: Milan, MIL: Milan}\nsieges: {FLO: {by: Papacy, unit: FLO}}\n"
               "famine: [ARE]\nrebellions: {PSA: {against: Milan, city: true}}\n" + _MILAN_HOLDS_FLORENCE)
    assert "Florence" in paid(r, "Milan")["dice"]


@pytest.mark.rule("rules.machiavelli/income-genoa")
def test_genoas_roll_goes_to_the_city_not_the_province():
    """rules §Income: "Ownership of the Genoa variable income roll is determined solely by
    ownership of the city of Genoa": Milan's garrison holds the city, France's army the
    province; Milan rolls for Genoa, France does not."""
    r = winter("  Milan: [G GEN]\n  France: [A GEN]", "province_control: {GEN: France, MAR: France}\n"
               "city_control: {GEN: Milan, MIL: Milan, MAR: France}\n")
    assert "GEN" in paid(r, "Milan")["dice"] and "GEN" not in paid(r, "France")["dice"]


@pytest.mark.rule("rules.machiavelli/income-genoa", "rules.machiavelli/income-d")
def test_genoas_roll_is_paid_while_the_city_is_besieged():
    """rules §Income: Genoa's roll goes "solely by ownership of the city of Genoa", and "Variable
    income is not prevented by ... sieges in progress": besieged by France, Milan's garrison still
    owns Genoa and Milan rolls for it (the city's own ducats are withheld, §Income c)."""
    r = winter("  Milan: [G GEN]\n  France: [A GEN]", "province_control: {GEN: France, MAR: France}\n"
               "city_control: {GEN: Milan, MIL: Milan, MAR: France}\nsieges: {GEN: {by: France, unit: GEN}}\n")
    assert "GEN" in paid(r, "Milan")["dice"]


# rules §Income: the variable income table as printed (ducats for a die of 1..6; number of dice).
VARIABLE_INCOME = {"Austria": (1, [1, 2, 3, 3, 4, 4]), "Florence": (2, [1, 2, 3, 3, 4, 5]), "France": (1, [1, 2, 3, 4, 5, 6]),
                   "GEN": (1, [1, 2, 2, 3, 3, 4]), "Milan": (1, [2, 3, 3, 4, 4, 5]), "Naples": (1, [1, 2, 2, 3, 3, 4]),
                   "Papacy": (1, [2, 3, 3, 4, 5, 6]), "Turkey": (1, [1, 2, 3, 4, 5, 6]), "Venice": (2, [2, 3, 3, 4, 4, 5])}


def _variable_without_dice(year: int) -> dict:
    r = winter("", "province_control: {}\ncity_control: {GEN: Milan, AUS: Austria, FLO: Florence, MAR: France, MIL: Milan, "
               "NAP: Naples, RME: Papacy, DUR: Turkey, VEN: Venice}\n", options={"dice": False}, year=year)
    return {p: paid(r, p)["variable"] for p in ("Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey",
                                                 "Venice")}


@pytest.mark.rule("rules.machiavelli/income-table", "rules.machiavelli/options-dice")
def test_the_variable_income_table_read_at_a_four():
    """rules §Income, the table; §Variable specific judge commands, set nodice: "Selected rolls for
    variable income will always be a 4 in odd years": each power's row read at 4 (twice for
    Florence and Venice), Genoa's for Milan."""
    got = _variable_without_dice(1455)
    want = {p: n * t[3] for p, (n, t) in VARIABLE_INCOME.items() if p != "GEN"}
    want["Milan"] += VARIABLE_INCOME["GEN"][1][3]
    assert got == want


@pytest.mark.rule("rules.machiavelli/income-table", "rules.machiavelli/options-dice")
def test_the_variable_income_table_read_at_a_three():
    """rules §Income, the table, and set nodice: "and a 3 in even years"."""
    got = _variable_without_dice(1454)
    want = {p: n * t[2] for p, (n, t) in VARIABLE_INCOME.items() if p != "GEN"}
    want["Milan"] += VARIABLE_INCOME["GEN"][1][2]
    assert got == want


@pytest.mark.rule("rules.machiavelli/builds-b")
def test_a_new_garrison_beside_an_old_army_and_a_new_army_beside_an_old_garrison():
    """rules §Military unit adjustments b: "If there is a unit in the city the new unit may be
    placed in the province or vice versa"."""
    r = go("  Florence: [A PSA, G ARE]", "Florence: Build G PSA\nFlorence: Build A ARE", "treasury: {Florence: 20}\n",
           phase="Winter 1454 Adjustment")
    assert ok(r, "Build G PSA") and ok(r, "Build A ARE")


@pytest.mark.rule("rules.machiavelli/builds-c", "rules.machiavelli/adjustments-orders")
def test_not_two_new_units_in_arezzo():
    """rules §Military unit adjustments c: "You cannot place a *new* unit in both the city and the
    province": Florence orders a garrison in Arezzo, then an army there; one new unit is placed,
    the army, as a build "can be rescinded with ... an order to 'build' a different type of unit in
    the same province or within the city" (§Military unit adjustments)."""
    r = go("", "Florence: Build G ARE\nFlorence: Build A ARE", "treasury: {Florence: 20}\n", phase="Winter 1454 Adjustment")
    assert outcome(r, "Build G ARE") is Outcome.ILLEGAL and ok(r, "Build A ARE")
    assert units_after(r) == {"Florence: A ARE"} and treasury(r, "Florence") == 17


@pytest.mark.rule("rules.machiavelli/builds-d")
def test_a_fleet_is_not_traded_for_an_army_in_pisa():
    """rules §Military unit adjustments d: "Old units may not be traded for new ones in the same
    province (that is disband a fleet and build an army or vice versa)"."""
    r = go("  Florence: [F PSA]", "Florence: Disband F PSA\nFlorence: Build A PSA", "treasury: {Florence: 20}\n",
           phase="Winter 1454 Adjustment")
    assert outcome(r, "Build A PSA") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/builds-d", "rules.machiavelli/bugs-b3")
def test_a_garrison_is_traded_for_an_army_and_an_army_for_a_garrison():
    """rules §Military unit adjustments d: "but you may disband a garrison and build an army or
    fleet in the province or vice versa" (njudge #541: a build and a disband in one province in
    one order set)."""
    r = go("  Florence: [G ARE, A PSA]", "Florence: Disband G ARE\nFlorence: Build A ARE\nFlorence: Disband A PSA\n"
           "Florence: Build G PSA", "treasury: {Florence: 20}\n", phase="Winter 1454 Adjustment")
    assert all(ok(r, o) for o in ("Disband G ARE", "Build A ARE", "Disband A PSA", "Build G PSA"))
    assert units_after(r) == {"Florence: A ARE", "Florence: G PSA"}


@pytest.mark.rule("rules.machiavelli/builds-e", "rules.machiavelli/rebellions-5.5")
def test_no_builds_in_a_rebelling_province_or_city():
    """rules §Military unit adjustments e and §Effects of rebellions 5.5: "You cannot build new units
    in rebelling cities or provinces"."""
    r = go("", "Florence: Build A FLO\nFlorence: Build G ARE", "treasury: {Florence: 20}\n"
           "rebellions: {FLO: {against: Florence, city: false}, ARE: {against: Florence, city: true}}\n",
           phase="Winter 1454 Adjustment")
    assert outcome(r, "Build A FLO") is Outcome.ILLEGAL and outcome(r, "Build G ARE") is Outcome.ILLEGAL


@pytest.mark.rule("rules.machiavelli/builds-f")
def test_venice_builds_in_four_provinces_at_once():
    """rules §Military unit adjustments f: "You may build an unlimited number of units ... as long as
    you adhere to a-e"."""
    r = go("", "Venice: Build A PAD\nVenice: Build A TRV\nVenice: Build G VEN\nVenice: Build A BRE", "treasury: {Venice: 30}\n",
           phase="Winter 1454 Adjustment")
    assert all(ok(r, o) for o in ("Build A PAD", "Build A TRV", "Build G VEN"))
    assert outcome(r, "Build A BRE") is Outcome.ILLEGAL  # a fortress, no city: not the limit


@pytest.mark.rule("rules.machiavelli/builds-g")
def test_no_upkeep_is_paid_in_the_campaigns():
    """rules §Military unit adjustments g: "Once units are paid for, they are paid for the entire
    year. No further ducats need be paid for the units for the rest of the year"."""
    r = go("  Milan: [A MIL, A PAV, F GEN]", "Milan: A MIL - TYR", "treasury: {Milan: 7}\n")
    assert treasury(r, "Milan") == 7 and len(r.result.next_position.units_of("Milan")) == 3


@pytest.mark.rule("rules.machiavelli/builds-g")
def test_no_refund_for_a_unit_lost_in_the_year():
    """rules §Military unit adjustments g: "no 'refunds' of ducats are made for units that are
    eliminated or disbanded during the year": Milan's army bribed away leaves its treasury as it
    was."""
    r = go("  Milan: [A PAV]\n  France: [A TUR]", "France: Expense 1: 12 ducats disband a PAV", "treasury: {Milan: 5, France: 12}\n")
    assert "Milan: A PAV" not in units_after(r) and treasury(r, "Milan") == 5


@pytest.mark.rule("rules.machiavelli/adjustments-orders", "rules.machiavelli/order-syntax-adjustment")
def test_a_disband_after_a_maintain_disbands():
    """rules §Military unit adjustments: "If you submit a 'maintain' order and change your mind, a
    subsequent 'disband' order can be submitted"."""
    r = go("  Milan: [A MIL]", "Milan: Maintain A MIL\nMilan: Disband A MIL", "treasury: {Milan: 9}\n", phase="Winter 1454 Adjustment")
    assert not units_after(r) and treasury(r, "Milan") == 9


@pytest.mark.rule("rules.machiavelli/adjustments-orders")
def test_a_maintain_after_a_disband_keeps_the_unit():
    """rules §Military unit adjustments: "If you 'disband' and change your mind you must issue a
    'maintain' order for the same province to keep the previously disbanded unit"."""
    r = go("  Milan: [A MIL]", "Milan: Disband A MIL\nMilan: Maintain A MIL", "treasury: {Milan: 9}\n", phase="Winter 1454 Adjustment")
    assert units_after(r) == {"Milan: A MIL"}


@pytest.mark.rule("rules.machiavelli/adjustments-orders")
def test_a_build_of_another_type_replaces_the_first_build():
    """rules §Military unit adjustments: a build "can be rescinded with a subsequent 'disband' order or
    an order to 'build' a different type of unit in the same province": Florence orders an army in
    Pisa, then a fleet there; the fleet is built."""
    r = go("", "Florence: Build A PSA\nFlorence: Build F PSA", "treasury: {Florence: 9}\n", phase="Winter 1454 Adjustment")
    assert units_after(r) == {"Florence: F PSA"}


@pytest.mark.rule("rules.machiavelli/adjustments-orders")
def test_a_disband_rescinds_a_build():
    """rules §Military unit adjustments: a build "can be rescinded with a subsequent 'disband'
    order"."""
    r = go("", "Florence: Build A FLO\nFlorence: Disband A FLO", "treasury: {Florence: 9}\n", phase="Winter 1454 Adjustment")
    assert not units_after(r) and treasury(r, "Florence") == 9


# -- Sequence of play for movement phases: plague, storms, the bank ---------------------------------

_WALLED = "PAV MIL GEN MAN FER BOL PER RME NAP PAD TUR SAV MAR PSA FLO SIE LUC MOD CRE TRT TYR AUS ANC BAR MES PAL TUN DUR RAG"
PLAGUE = {"plague": True}


def _struck(report, what: str) -> set:
    line = next(n for n in report.result.notes if n.startswith(f"{what} roll"))
    found = line.rsplit("struck: ", 1)[1].rstrip(".")
    return set() if found == "nowhere" else set(found.split(", "))


@pytest.mark.rule("rules.machiavelli/plague", "rules.machiavelli/sequence-j")
def test_plague_after_spring_kills_every_unit_in_the_struck_areas_garrisons_too():
    """rules §Plague: "Plague is instantaneous ... all units in the plagued provinces (and cities)
    are eliminated", rolled as famine is (§Sequence of play 1.2j: after the Spring). Florence has
    garrisons in thirty cities and armies beside some of them."""
    units = f"  Florence: [{', '.join('G ' + c for c in _WALLED.split())}, A PAV, A RME, A NAP]"
    r = seeded(units, "", "", lambda r: _struck(r, "Plague") & set(_WALLED.split()), options=PLAGUE)
    struck = _struck(r, "Plague")
    left = {u.province for u in r.result.next_position.units}
    assert not (left & struck)
    assert left == (set(_WALLED.split()) | {"PAV", "RME", "NAP"}) - struck


@pytest.mark.rule("rules.machiavelli/plague", "rules.machiavelli/sequence-j", "rules.machiavelli/options-summer")
def test_no_plague_after_summer_or_fall_nor_without_a_summer():
    """rules §Plague: "This is only done during the summer campaign" (before its moves, that is
    after the Spring); with 'set nosummer' there is no plague at all."""
    for phase in ("Summer 1454 Movement", "Fall 1454 Movement"):
        r = go("  Florence: [A FLO]", "", phase=phase, options=PLAGUE)
        assert "Plague roll" not in notes(r)
    r = go("  Florence: [A FLO]", "", options={"plague": True, "summer": False})
    assert "Plague roll" not in notes(r)


@pytest.mark.rule("rules.machiavelli/plague")
def test_plague_kills_autonomous_garrisons_too():
    """rules §Plague: "all units in the plagued provinces (and cities) are eliminated";
    autonomous garrisons are "units not owned by any player" (§Autonomous garrisons)."""
    auto = {"FER", "GEN", "LUC", "MAN", "MOD", "MON", "PIO", "RAG", "SAV", "SIE", "SLZ", "TRT"}
    r = seeded("  Florence: [A FLO]", "", "", lambda r: _struck(r, "Plague") & auto, options=PLAGUE,
               autonomous="[" + ", ".join(sorted(auto)) + "]")
    assert not (set(state_of(r).get("autonomous") or []) & _struck(r, "Plague"))


STORMS = {"storms": True}
_SEAS = "BOT EGL ETS GON ION LAG LAS UAS WGL WMS WTS"


@pytest.mark.rule("rules.machiavelli/sequence-k")
def test_storms_after_fall_sink_the_fleets_of_the_struck_seas():
    """rules §Sequence of play 1.2k: "Any storm effects (only after fall turn)" (njudge 'set
    storm': "fall sea storms that can sink fleets"): a fleet in each sea area; those struck sink,
    the armies ashore stay."""
    units = f"  Naples: [{', '.join('F ' + s for s in _SEAS.split())}, A NAP, A BAR]"
    r = seeded(units, "", "", lambda r: bool(_struck(r, "Storm")), phase="Fall 1454 Movement", options=STORMS)
    left = {u.province for u in r.result.next_position.units}
    assert left == (set(_SEAS.split()) - _struck(r, "Storm")) | {"NAP", "BAR"}


@pytest.mark.rule("rules.machiavelli/sequence-k", "rules.machiavelli/sequence-l")
def test_no_storm_and_no_famine_roll_after_spring_or_summer():
    """rules §Sequence of play 1.2k, l: storms and the famine roll come after the Fall only."""
    for phase in ("Spring 1454 Movement", "Summer 1454 Movement"):
        r = go("  Naples: [F GON]", "", phase=phase, options=STORMS)
        assert "Storm roll" not in notes(r) and "Famine roll" not in notes(r)
    assert "Famine roll" in notes(go("  Naples: [F GON]", "", phase="Fall 1454 Movement"))


@pytest.mark.rule("rules.machiavelli/borrowing-1", "rules.machiavelli/borrowing-2")
def test_milan_borrows_for_one_year_at_twenty_percent():
    """rules §Borrowing: "The loan can either be for 1 year at 20% interest or for 2 years at 50%
    interest", due "at the *end* of the borrowing phase of the indicated season of the indicated
    year": 7 ducats borrowed in the Fall of 1454 are 9 due in the Fall of 1455."""
    r = go("  Milan: [A MIL]", "Milan: Borrow 7 ducats for 1 year", "treasury: {Milan: 0}\n", phase="Fall 1454 Movement")
    assert state_of(r)["loans"] == {"Milan": [{"principal": 7, "interest": 2, "due": "Fall 1455"}]}
    assert treasury(r, "Milan") == 7


@pytest.mark.rule("rules.machiavelli/borrowing-1")
def test_no_more_than_twenty_five_ducats_owed_in_all():
    """rules §Borrowing: "Players may borrow up to a total maximum of 25 ducats ... You may choose
    whether to loan 1 ducat 25 times or all 25 ducats at once": 20 and 5 pass, 20 and 6 do not."""
    loans = "loans: {Milan: [{principal: 20, interest: 4, due: Spring 1455}]}\ntreasury: {Milan: 0}\n"
    assert ok(go("  Milan: [A MIL]", "Milan: Borrow 5 ducats for 2 years", loans), "Borrow 5 ducats for 2 years")
    r = go("  Milan: [A MIL]", "Milan: Borrow 6 ducats for 2 years", loans)
    assert outcome(r, "Borrow 6 ducats for 2 years") is Outcome.FAILURE


@pytest.mark.rule("rules.machiavelli/borrowing-2", "rules.machiavelli/borrowing-repayment")
def test_a_loan_may_be_paid_before_it_is_due():
    """rules §Borrowing: "Loans may be repayed at any time before this": Naples pays its whole loan
    a year early and owes nothing."""
    r = go("  Naples: [A NAP]", "Naples: Pay 12 ducats to bank", "treasury: {Naples: 20}\n"
           "loans: {Naples: [{principal: 10, interest: 2, due: Spring 1455}]}\n")
    assert not state_of(r).get("loans") and treasury(r, "Naples") == 8


@pytest.mark.rule("rules.machiavelli/borrowing-repayment")
def test_payments_go_to_the_earliest_loan_interest_first():
    """rules §Borrowing, loan repayments: "Always beginning with the interest of the earliest due
    loan. Then principal ... Then interest of 2nd earliest due loan": 8 ducats clear the first
    loan's 2 of interest and 6 of its principal; the later loan is untouched."""
    r = go("  Naples: [A NAP]", "Naples: Pay 8 ducats to bank", "treasury: {Naples: 8}\n"
           "loans: {Naples: [{principal: 10, interest: 2, due: Spring 1455}, {principal: 10, interest: 5, due: Summer 1456}]}\n")
    assert state_of(r)["loans"]["Naples"] == [{"principal": 4, "interest": 0, "due": "Spring 1455"},
                                              {"principal": 10, "interest": 5, "due": "Summer 1456"}]


@pytest.mark.rule("rules.machiavelli/borrowing-default", "rules.machiavelli/sequence-d",
                  "rules.machiavelli/assassination-effects-1")
def test_milan_defaulting_is_assassinated_by_the_bankers():
    """rules §Borrowing: "If you are unable to pay off a loan, you'll be assassinated by the bankers
    (see assassination for effects) and nevermore be allowed to borrow": Milan's loan falls due
    with 5 ducats in its treasury; its army's move becomes a hold."""
    r = go("  Milan: [A MIL]", "Milan: A MIL - TYR", "treasury: {Milan: 5}\n"
           "loans: {Milan: [{principal: 10, interest: 5, due: Spring 1454}]}\n")
    assert "Milan: A MIL" in units_after(r) and "Milan" in state_of(r)["bankrupt"] and treasury(r, "Milan") == 0
    r = then(r, "Milan: Borrow 3 ducats for 1 year")
    assert outcome(r, "Borrow 3 ducats for 1 year") is Outcome.FAILURE


@pytest.mark.rule("rules.machiavelli/borrowing-gifts", "rules.machiavelli/sequence-a")
def test_a_gift_before_the_bank_collects_saves_a_debtor():
    """rules §Borrowing: "Loaning ducats to another player ... happens before the bank collects any
    outstanding due loans": Florence gives Milan the 6 ducats its due loan needs."""
    r = go("  Milan: [A MIL]\n  Florence: [A FLO]", "Florence: Pay 6 ducats to Milan\nMilan: A MIL - TYR",
           "treasury: {Milan: 0, Florence: 10}\nloans: {Milan: [{principal: 5, interest: 1, due: Spring 1454}]}\n")
    assert "Milan: A TYR" in units_after(r) and not state_of(r).get("bankrupt")
    assert treasury(r, "Milan") == 0 and treasury(r, "Florence") == 4


@pytest.mark.rule("rules.machiavelli/borrowing-gifts", "rules.machiavelli/sequence-a", "rules.machiavelli/sequence-b")
def test_ducats_given_pay_an_expense_of_the_same_campaign():
    """rules §Borrowing: players may give each other ducats in the borrowing step, which comes
    before the expenses (the judge's sequence a-e): Milan, with nothing, bribes with Florence's
    12 ducats."""
    r = go("  Milan: [A PAV]\n  Florence: [A FLO]\n  France: [A TUR]",
           "Florence: Pay 12 ducats to Milan\nMilan: Expense 1: 12 ducats disband a TUR", "treasury: {Milan: 0, Florence: 12}\n")
    assert "France: A TUR" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/borrowing-in-debt")
def test_milan_in_debt_gives_nothing_to_naples():
    """rules §Borrowing: "A player who is in debt to the bank cannot loan money to another player
    before paying off the debt ... you cannot, as your last dying gasp, borrow 25 ducats and give
    them to your ally"."""
    r = go("  Milan: [A MIL]", "Milan: Borrow 25 ducats for 2 years\nMilan: Pay 25 ducats to Naples", "treasury: {Milan: 0, Naples: 0}\n")
    assert outcome(r, "Pay 25 ducats to Naples") is Outcome.FAILURE and treasury(r, "Naples") == 0


@pytest.mark.rule("rules.machiavelli/borrowing-sequence", "rules.machiavelli/borrowing-example-2")
def test_a_gift_comes_too_late_to_lower_the_loan_before_borrowing():
    """rules §Borrowing, example 2: "As paying to the bank comes first you can't use the money
    received from other players to lower your loan in order to increase the amount you can
    borrow": Florence, owing 25, is given 10 by Milan and orders 10 paid and 10 borrowed; the pay
    finds an empty treasury and the loan would pass the limit."""
    r = go("  Florence: [A FLO]", "Milan: Pay 10 ducats to Florence\nFlorence: Pay 10 ducats to bank\n"
           "Florence: Borrow 10 ducats for 1 year", "treasury: {Florence: 0, Milan: 10}\n"
           "loans: {Florence: [{principal: 25, interest: 5, due: Fall 1455}]}\n")
    assert outcome(r, "Borrow 10 ducats for 1 year") is Outcome.FAILURE
    assert treasury(r, "Florence") == 10


@pytest.mark.rule("rules.machiavelli/borrowing-example-1", moved=True)
def test_milan_borrows_ten_to_repay_the_fifteen_borrowed_two_years_before():
    """rules §Borrowing, example 1: "You take a loan of 15 ducats in the Summer of 1492 for two
    years. By the Summer of 1494 you must pay 23 ... if you only have 13 ducats ... you can take
    another loan of 10 ducats" — Milan's loan of the Fall of 1454, due in the Fall of 1456."""
    r = go("  Milan: [A MIL]", "Milan: Borrow 15 ducats for 2 years", "treasury: {Milan: 0}\n", phase="Fall 1454 Movement")
    assert state_of(r)["loans"]["Milan"] == [{"principal": 15, "interest": 8, "due": "Fall 1456"}]
    r = go("  Milan: [A MIL]", "Milan: Borrow 10 ducats for 1 year\nMilan: A MIL - TYR", "treasury: {Milan: 13}\n"
           "loans: {Milan: [{principal: 15, interest: 8, due: Fall 1456}]}\n", phase="Fall 1456 Movement")
    assert treasury(r, "Milan") == 0 and "Milan: A TYR" in units_after(r)
    assert state_of(r)["loans"]["Milan"] == [{"principal": 10, "interest": 2, "due": "Fall 1457"}]


@pytest.mark.rule("rules.machiavelli/borrowing-example-2", moved=True)
@pytest.mark.rule("rules.machiavelli/borrowing-repayment")
def test_naples_pays_down_to_twelve_and_borrows_thirteen():
    """rules §Borrowing, example 2: "With 26d and a 38 (25+13) ducats loan, you can pay it off to
    12+0d, allowing you to borrow up to 13d to pay off the remaining 12d due" — Naples."""
    r = go("  Naples: [A NAP]", "Naples: Pay 26 ducats to bank\nNaples: Borrow 13 ducats for 1 year",
           "treasury: {Naples: 26}\nloans: {Naples: [{principal: 25, interest: 13, due: Spring 1454}]}\n")
    assert ok(r, "Borrow 13 ducats for 1 year") and not state_of(r).get("bankrupt")
    assert treasury(r, "Naples") == 1
    assert state_of(r)["loans"]["Naples"] == [{"principal": 13, "interest": 3, "due": "Spring 1455"}]


@pytest.mark.rule("rules.machiavelli/borrowing-example-3")
def test_borrow_zero_withdraws_a_borrow_order():
    """rules §Borrowing, example 3: "Just send the order 'borrow 0 ducats for 1 year'": a later
    borrow 0 for the same term replaces Turkey's borrow of 15; no loan is taken."""
    r = go("  Turkey: [A ALB]", "Turkey: Borrow 15 ducats for 1 year\nTurkey: Borrow 0 ducats for 1 year", "treasury: {Turkey: 0}\n")
    assert not state_of(r).get("loans") and treasury(r, "Turkey") == 0


@pytest.mark.rule("rules.machiavelli/borrowing-example-3")
def test_borrow_zero_for_two_years_leaves_a_one_year_loan():
    """rules §Borrowing, example 3: "depending on the loan you took": borrow 0 for 2 years leaves
    the order for 1 year standing."""
    r = go("  Turkey: [A ALB]", "Turkey: Borrow 15 ducats for 1 year\nTurkey: Borrow 0 ducats for 2 years", "treasury: {Turkey: 0}\n")
    assert state_of(r)["loans"]["Turkey"] == [{"principal": 15, "interest": 3, "due": "Spring 1455"}]


# -- Expenditures and bribes ------------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/expenditures-1", "rules.machiavelli/expenditures-c3")
def test_four_expenses_in_one_campaign():
    """rules §Expenditures: "Each player can make up to four expenditures ... during each campaign.
    The ducats for the expenditure are subtracted from the player's treasury": Florence
    counter-bribes four of its units, 3 ducats each."""
    r = go("  Florence: [A FLO, A ARE, A PST, F PSA]",
           "Florence: Expense 1: 3 ducats counter-bribe a FLO\nFlorence: Expense 2: 3 ducats counter-bribe a ARE\n"
           "Florence: Expense 3: 3 ducats counter-bribe a PST\nFlorence: Expense 4: 3 ducats counter-bribe f PSA",
           "treasury: {Florence: 20}\n")
    assert treasury(r, "Florence") == 8
    assert all(ok(r, f"Expense {n}: 3 ducats counter-bribe {u}") for n, u in ((1, "A FLO"), (2, "A ARE"), (3, "A PST"), (4, "F PSA")))


@pytest.mark.rule("rules.machiavelli/expenditures-2", moved=True)
@pytest.mark.rule("rules.machiavelli/expenditures-h")
def test_a_new_expense_one_replaces_the_old():
    """rules §Expenditures: "you have issued the order 'expense 1: 18 ducats buy a flore' but want to
    disband the unit instead ... issue the order 'expense 1: 12 ducats disband a flore'" — Milan,
    with Papacy's army in Bologna."""
    r = go("  Milan: [A MOD]\n  Papacy: [A BOL]", "Milan: Expense 1: 18 ducats buy a BOL\nMilan: Expense 1: 12 ducats disband a BOL",
           "treasury: {Milan: 20}\n")
    assert units_after(r) == {"Milan: A MOD"} and treasury(r, "Milan") == 8


@pytest.mark.rule("rules.machiavelli/expenditures-a", moved=True)
def test_famine_relief_in_perugia_saves_its_army():
    """rules §List of allowed expenditures a: "3 ducats. This order is given to end the effects of
    famine in a province. Example. Expense 2: 3 ducats famine relief milan" — the Papacy relieves
    Perugia, whose army then survives the Spring."""
    r = go("  Papacy: [A PER]", "Papacy: Expense 2: 3 ducats famine relief PER", "treasury: {Papacy: 3}\nfamine: [PER]\n")
    assert "Papacy: A PER" in units_after(r) and not state_of(r).get("famine") and treasury(r, "Papacy") == 0


@pytest.mark.rule("rules.machiavelli/expenditures-b", moved=True)
@pytest.mark.rule("rules.machiavelli/rebellions-8.5")
def test_pacifying_perugia_ends_the_rebellion_in_city_and_province():
    """rules §List of allowed expenditures b, "Expense 1: 12 ducats pacify rebellion rome", and
    §Effects of rebellions 8.5: "Removes both in city and province" — in Perugia."""
    r = go("  Papacy: [A SPO]", "Papacy: Expense 1: 12 ducats pacify rebellion PER",
           "treasury: {Papacy: 12}\nrebellions: {PER: {against: Papacy, city: true}}\n")
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/expenditures-c", "rules.machiavelli/expenditures-1")
def test_a_counter_bribe_is_a_multiple_of_three():
    """rules §List of allowed expenditures c: "Multiples of 3 ducats - 3 or 6 or 9 and so on": 4
    ducats are no counter-bribe (and are spent), 6 are."""
    r = go("  Papacy: [A MOD]", "Papacy: Expense 1: 4 ducats counter-bribe a MOD", "treasury: {Papacy: 10}\n")
    assert outcome(r, "Expense 1: 4 ducats counter-bribe A MOD") is Outcome.ILLEGAL and treasury(r, "Papacy") == 6
    r = go("  Papacy: [A MOD]", "Papacy: Expense 1: 6 ducats counter-bribe a MOD", "treasury: {Papacy: 10}\n")
    assert ok(r, "Expense 1: 6 ducats counter-bribe A MOD")


@pytest.mark.rule("rules.machiavelli/expenditures-c", moved=True)
@pytest.mark.rule("rules.machiavelli/expenditures-c1")
def test_six_ducats_counter_bribed_make_a_disband_of_fifteen_fail():
    """rules §List of allowed expenditures c: "Example. Expense 1: 6 ducats counter-bribe a modena"
    — here Milan guards its army in Parma with 6; Florence's 15 leave 9, too few to disband it."""
    r = go("  Milan: [A PAR]\n  Florence: [A MOD]", "Milan: Expense 1: 6 ducats counter-bribe a PAR\n"
           "Florence: Expense 1: 15 ducats disband a PAR", "treasury: {Milan: 6, Florence: 15}\n")
    assert "Milan: A PAR" in units_after(r)


@pytest.mark.rule("rules.machiavelli/expenditures-c1", moved=True)
@pytest.mark.rule("rules.machiavelli/bribes-1")
def test_a_counter_bribe_of_three_beats_a_buy_of_eighteen_not_of_twenty_one():
    """rules §List of allowed expenditures c1: "If you try to disband a unit with 12+0 ducats and the
    affected player has counter-bribed it with 3d the disband fails. To succeed you would have
    needed to pay 12+3d" — with a buy: 18 fail against 3, 21 succeed."""
    units = "  Naples: [F GON]\n  Turkey: [F ION]"
    counter = "Naples: Expense 1: 3 ducats counter-bribe f GON\n"
    r = go(units, counter + "Turkey: Expense 1: 18 ducats buy f GON", "treasury: {Naples: 3, Turkey: 30}\n")
    assert "Naples: F GON" in units_after(r)
    r = go(units, counter + "Turkey: Expense 1: 21 ducats buy f GON", "treasury: {Naples: 3, Turkey: 30}\n")
    assert "Turkey: F GON" in units_after(r)


@pytest.mark.rule("rules.machiavelli/expenditures-c2")
def test_a_counter_bribe_does_not_stop_a_rebellion():
    """rules §List of allowed expenditures c2: "Counter-bribes ... cannot be used to counter famine,
    rebellion or assassination attempts": the Papacy counter-bribes its army in Perugia; Florence
    still raises Perugia in rebellion."""
    r = go("  Papacy: [A PER]\n  Florence: [A ARE]", "Papacy: Expense 1: 9 ducats counter-bribe a PER\n"
           "Florence: Expense 1: 15 ducats cause rebellion PER", "treasury: {Papacy: 9, Florence: 15}\n")
    assert state_of(r)["rebellions"]["PER"]["against"] == "Papacy"


@pytest.mark.rule("rules.machiavelli/expenditures-c2", "rules.machiavelli/assassination-2")
def test_a_counter_bribe_does_not_stop_an_assassination():
    """rules §List of allowed expenditures c2: counter-bribes cannot counter assassination
    attempts: the Papacy counter-bribes its armies; an assassination by Florence that succeeds
    still turns their orders to holds."""
    units = "  Papacy: [A PER, A BOL]\n  Florence: [A ARE]"
    orders = ("Papacy: Expense 1: 3 ducats counter-bribe a PER\nPapacy: Expense 2: 3 ducats counter-bribe a BOL\n"
              "Papacy: A PER - SIE\nPapacy: A BOL - MOD\nFlorence: Expense 1: 36 ducats assassinate Papacy")
    r = seeded(units, orders, "treasury: {Papacy: 6, Florence: 36}\n", lambda r: ok(r, "Expense 1: 36 ducats assassinate Papacy"))
    assert {"Papacy: A PER", "Papacy: A BOL"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/expenditures-c3")
def test_a_counter_bribe_guards_another_powers_unit():
    """rules §List of allowed expenditures c3: "Counter-bribes can be ordered for another player's
    units": Milan guards the Papal army in Bologna against Florence's disband of 12."""
    r = go("  Papacy: [A BOL]\n  Florence: [A FLO]\n  Milan: [A MOD]", "Milan: Expense 1: 3 ducats counter-bribe a BOL\n"
           "Florence: Expense 1: 12 ducats disband a BOL", "treasury: {Milan: 3, Florence: 12}\n")
    assert "Papacy: A BOL" in units_after(r)


@pytest.mark.rule("rules.machiavelli/expenditures-c4")
def test_of_three_bribes_on_one_army_the_largest_wins():
    """rules §List of allowed expenditures c4: "only the largest one succeeds and all smaller ones
    fail and are wasted": Florence's 21, Milan's 18 and Papacy's 12 on France's army in Siena."""
    r = go("  France: [A SIE]\n  Florence: [A ARE]\n  Milan: [A PIO]\n  Papacy: [A PER]",
           "Florence: Expense 1: 21 ducats buy a SIE\nMilan: Expense 1: 18 ducats buy a SIE\nPapacy: Expense 1: 12 ducats disband a SIE",
           "treasury: {Florence: 21, Milan: 18, Papacy: 12}\n")
    assert "Florence: A SIE" in units_after(r)
    assert treasury(r, "Milan") == 0 and treasury(r, "Papacy") == 0


@pytest.mark.rule("rules.machiavelli/bribes-1")
def test_a_bribe_grows_in_steps_of_three():
    """rules §List of allowed expenditures, bribes 1: "Bribes can be larger than the minimum costs
    listed in multiples of three ducats": 15 disband an army; 14 are no bribe (and are spent)."""
    units = "  France: [A TUR]\n  Milan: [A PAV]"
    assert "France: A TUR" not in units_after(go(units, "Milan: Expense 1: 15 ducats disband a TUR", "treasury: {Milan: 15}\n"))
    r = go(units, "Milan: Expense 1: 14 ducats disband a TUR", "treasury: {Milan: 15}\n")
    assert "France: A TUR" in units_after(r) and treasury(r, "Milan") == 1


@pytest.mark.rule("rules.machiavelli/bribes-2", "rules.machiavelli/expenditures-i")
def test_buying_the_garrison_of_naples_costs_double():
    """rules §List of allowed expenditures, bribes 2: "The minimum cost for bribes directed at
    garrisons in major cities (those with a number imprinted) are doubled": 18 do not buy the
    garrison of Naples, 36 do."""
    units = "  Naples: [G NAP]\n  Papacy: [A CAP]"
    assert "Naples: G NAP" in units_after(go(units, "Papacy: Expense 1: 18 ducats buy g NAP", "treasury: {Papacy: 40}\n"))
    assert "Papacy: G NAP" in units_after(go(units, "Papacy: Expense 1: 36 ducats buy g NAP", "treasury: {Papacy: 40}\n"))


@pytest.mark.rule("rules.machiavelli/bribes-3", "rules.machiavelli/order-example")
def test_orders_for_a_unit_not_bought_are_ignored():
    """rules §List of allowed expenditures, bribes 3, and the note to the example of orders: "your
    ordering of Bologna will be ignored if you decide not to buy the unit": Florence orders the
    Papal army without buying it; it stays."""
    r = go("  Florence: [A FLO]\n  Papacy: [A BOL]", "Florence: A BOL - MOD", "treasury: {Florence: 30}\n")
    assert "Papacy: A BOL" in units_after(r)


@pytest.mark.rule("rules.machiavelli/bribes-3", "rules.machiavelli/expenditures-i")
def test_a_bought_fleet_sails_for_its_buyer_at_once():
    """rules §List of allowed expenditures, bribes 3: "A player who orders a bribe to buy another
    unit may also submit orders for that unit in the same campaign": Turkey buys Naples' fleet in
    the Gulf of Naples and sails it to Tivoli."""
    r = go("  Naples: [F GON]\n  Turkey: [F ION]", "Turkey: Expense 1: 18 ducats buy f GON\nTurkey: F GON - TIV",
           "treasury: {Turkey: 18}\n")
    assert "Turkey: F TIV" in units_after(r)


@pytest.mark.rule("rules.machiavelli/bribes-4")
def test_enough_to_disband_is_not_enough_to_buy():
    """rules §List of allowed expenditures, bribes 4: "Even if the amount of the bribe is large
    enough to carry out another, cheaper, bribe, if there are not enough ducats for the ordered
    bribe, it fails": 15 ducats to buy the army in Turin."""
    r = go("  France: [A TUR]\n  Milan: [A PAV]", "Milan: Expense 1: 15 ducats buy a TUR", "treasury: {Milan: 15}\n")
    assert "France: A TUR" in units_after(r) and treasury(r, "Milan") == 0


@pytest.mark.rule("rules.machiavelli/bribes-4", "rules.machiavelli/expenditures-e")
def test_six_ducats_do_not_buy_an_autonomous_garrison():
    """rules §List of allowed expenditures, bribes 4: 6 ducats would disband the autonomous garrison
    of Montferrat but do not buy it (9)."""
    r = go("  Milan: [A PAV]", "Milan: Expense 1: 6 ducats buy g MON", "treasury: {Milan: 6}\n", autonomous="[MON]")
    assert "MON" in state_of(r)["autonomous"] and "Milan: G MON" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/bribes-5", moved=True)
@pytest.mark.rule("rules.machiavelli/special-units-a")
def test_a_militia_garrison_of_naples_costs_forty_eight_to_disband():
    """rules §List of allowed expenditures, bribes 5: "a citizen's militia garrison in Rome would cost
    12*2*2=48 ducats to disband" — in Naples: 24 fail, 48 succeed."""
    units = "  Naples: [G NAP]\n  Papacy: [A CAP]"
    militia = "special_units: {Naples: {G NAP: citizens_militia}}\ntreasury: {Papacy: 60}\n"
    assert "Naples: G NAP" in units_after(go(units, "Papacy: Expense 1: 24 ducats disband g NAP", militia))
    assert "Naples: G NAP" not in units_after(go(units, "Papacy: Expense 1: 48 ducats disband g NAP", militia))


@pytest.mark.rule("rules.machiavelli/expenditures-d", moved=True)
@pytest.mark.rule("rules.machiavelli/expenditures-c1")
def test_nine_ducats_disband_the_autonomous_garrison_of_savoy_past_a_counter_bribe():
    """rules §List of allowed expenditures d: "6+3n ducats ... Example. Expense 1: 9 ducats disband g
    trent. (This order would counter a 3d counter-bribe.)" — in Savoy, France countering."""
    r = go("  Milan: [A MON]\n  France: [A PRO]", "Milan: Expense 1: 9 ducats disband g SAV\n"
           "France: Expense 1: 3 ducats counter-bribe g SAV", "treasury: {Milan: 9, France: 3}\n", autonomous="[SAV]")
    assert "SAV" not in (state_of(r).get("autonomous") or [])


@pytest.mark.rule("rules.machiavelli/expenditures-e", moved=True)
def test_nine_ducats_buy_the_garrison_of_montferrat_unless_countered():
    """rules §List of allowed expenditures e: "Example. Expense 1: 9 ducats buy g savoy. (This order
    would fail if some other player issued a 3d counter-bribe.)" — Montferrat."""
    r = go("  Milan: [A PAV]", "Milan: Expense 1: 9 ducats buy g MON", "treasury: {Milan: 9}\n", autonomous="[MON]")
    assert "Milan: G MON" in units_after(r) and cc(r)["MON"] == "Milan"
    r = go("  Milan: [A PAV]\n  France: [A TUR]", "Milan: Expense 1: 9 ducats buy g MON\nFrance: Expense 1: 3 ducats counter-bribe g MON",
           "treasury: {Milan: 9, France: 3}\n", autonomous="[MON]")
    assert "MON" in state_of(r)["autonomous"]


@pytest.mark.rule("rules.machiavelli/expenditures-f", moved=True)
def test_milan_turns_the_florentine_garrison_of_pisa_autonomous():
    """rules §List of allowed expenditures f: "9+3n ducats. If successful the specified garrison will
    become autonomous. Example. Expense 1: 9 ducats garrison to autonomous bolog" — Pisa."""
    r = go("  Florence: [G PSA]\n  Milan: [A LUC]", "Milan: Expense 1: 9 ducats garrison to autonomous PSA", "treasury: {Milan: 9}\n")
    assert "PSA" in state_of(r)["autonomous"] and "Florence: G PSA" not in units_after(r)
    assert cc(r)["PSA"] == "Autonomous"


@pytest.mark.rule("rules.machiavelli/expenditures-g", moved=True)
def test_twelve_ducats_disband_the_papal_garrison_of_perugia():
    """rules §List of allowed expenditures g: "12+3n ducats ... Example. Expense 1: 12 ducats disband
    g bari" — Perugia."""
    r = go("  Papacy: [G PER]\n  Florence: [A ARE]", "Florence: Expense 1: 12 ducats disband g PER", "treasury: {Florence: 12}\n")
    assert "Papacy: G PER" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/expenditures-h", moved=True)
def test_twelve_ducats_disband_the_french_fleet_of_marseilles():
    """rules §List of allowed expenditures h: "12+3n ducats ... Example. Expense 1: 12 ducats disband
    a ancon" — the French fleet in Marseilles (a fleet as well as an army)."""
    r = go("  France: [F MAR]\n  Milan: [F WGL]", "Milan: Expense 1: 12 ducats disband f MAR", "treasury: {Milan: 12}\n")
    assert units_after(r) == {"Milan: F WGL"}


@pytest.mark.rule("rules.machiavelli/expenditures-i", moved=True)
def test_eighteen_ducats_buy_the_neapolitan_garrison_of_bari_which_stays_a_garrison():
    """rules §List of allowed expenditures i: "18+3n ducats ... An a remains an a, an f remains an f
    and a g will remain a g. Example. Expense 1: 18 ducats buy f marse" — Naples' garrison of Bari
    bought by the Papacy."""
    r = go("  Naples: [G BAR]\n  Papacy: [A AQU]", "Papacy: Expense 1: 18 ducats buy g BAR", "treasury: {Papacy: 18}\n")
    assert "Papacy: G BAR" in units_after(r) and cc(r)["BAR"] == "Papacy"


@pytest.mark.rule("rules.machiavelli/expenditures-j", moved=True)
@pytest.mark.rule("rules.machiavelli/rebellions-3")
def test_nine_ducats_raise_modena_against_milan():
    """rules §Rebellions j: "9 ducats ... to start a rebellion in an enemy-controlled province that is
    not part of said enemy's home country. Example. Expense 1: 9 ducats cause rebellion saluz" —
    Modena, Milan's outside its home country."""
    r = go("  Milan: [A PAR]\n  Florence: [A LUC]", "Florence: Expense 1: 9 ducats cause rebellion MOD", "treasury: {Florence: 9}\n"
           "province_control: {MOD: Milan, MIL: Milan, FLO: Florence}\ncity_control: {MOD: Milan, MIL: Milan, FLO: Florence}\n")
    assert state_of(r)["rebellions"]["MOD"]["against"] == "Milan"


@pytest.mark.rule("rules.machiavelli/expenditures-j")
def test_nine_ducats_do_not_raise_a_home_province():
    """rules §Rebellions j, k: a home province costs 15: 9 ducats do not raise Pavia against Milan
    (and are spent)."""
    r = go("  Milan: [A MIL]\n  France: [A TUR]", "France: Expense 1: 9 ducats cause rebellion PAV", "treasury: {France: 9}\n")
    assert not state_of(r).get("rebellions") and treasury(r, "France") == 0


@pytest.mark.rule("rules.machiavelli/expenditures-k", moved=True)
def test_fifteen_ducats_raise_pavia_against_milan():
    """rules §Rebellions k: "15 ducats ... in an enemy-controlled province that is part of said
    enemy's home country. Example. Expense 1: 15 ducats cause rebellion tunis" — Pavia."""
    r = go("  Milan: [A MIL]\n  France: [A TUR]", "France: Expense 1: 15 ducats cause rebellion PAV", "treasury: {France: 15}\n")
    assert state_of(r)["rebellions"]["PAV"]["against"] == "Milan"


# -- Effects of rebellions --------------------------------------------------------------------------


@pytest.mark.rule("rules.machiavelli/rebellions-2", "rules.machiavelli/rebellions-4")
def test_a_rebellion_in_perugia_leaves_its_control_to_the_papacy():
    """rules §Effects of rebellions 2: "Control is *not* affected"; 4: rebels stand in the province
    and in its ungarrisoned walled city."""
    r = go("  Papacy: [A RME]\n  Florence: [A ARE]", "Florence: Expense 1: 15 ducats cause rebellion PER", "treasury: {Florence: 15}\n")
    assert state_of(r)["rebellions"]["PER"] == {"against": "Papacy", "city": True}
    assert pc(r)["PER"] == "Papacy" and cc(r)["PER"] == "Papacy"


@pytest.mark.rule("rules.machiavelli/rebellions-3")
def test_a_rebellion_is_against_the_province_not_the_garrison():
    """rules §Effects of rebellions 3: "Rebellions are always directed against the player controlling
    the province as they can never be placed in a garrisoned city": Florence's army holds Perugia,
    the Papacy its city; Milan's rebellion rises against Florence."""
    r = go("  Florence: [A PER]\n  Papacy: [G PER]\n  Milan: [A SIE]", "Milan: Expense 1: 9 ducats cause rebellion PER",
           "treasury: {Milan: 9}\n")
    assert ok(r, "Expense 1: 9 ducats cause rebellion PER") and "rebellion against Florence" in notes(r)


@pytest.mark.rule("rules.machiavelli/rebellions-3", "rules.machiavelli/rebellions-7.2")
def test_a_rebellion_raised_beside_a_garrison_leaves_the_city_out():
    """rules §Effects of rebellions 3: never in a garrisoned city: with Milan's garrison in Pavia a
    rebellion raised by France is in the province only, and Milan's city still pays."""
    r = go("  Milan: [G PAV, A MIL]\n  France: [A TUR]", "France: Expense 1: 15 ducats cause rebellion PAV\nMilan: A MIL - COM",
           "treasury: {France: 15}\n")
    assert state_of(r)["rebellions"]["PAV"] == {"against": "Milan", "city": False}


@pytest.mark.rule("rules.machiavelli/rebellions-4", "rules.machiavelli/rebellions-7.3")
def test_no_rebels_in_the_unwalled_city_of_hungary():
    """rules §Effects of rebellions 4: rebels go in the province "and, if it's ungarrisoned, any
    fortified city or fortress": Hungary's city is unwalled, so only its province rebels, and the
    city still pays Austria (7.3: "Income is collected for a city within a rebelling province if
    the city itself is not in rebellion")."""
    r = go("  Austria: [A AUS]\n  Venice: [A SLA]", "Venice: Expense 1: 15 ducats cause rebellion HUN", "treasury: {Venice: 15}\n")
    assert state_of(r)["rebellions"]["HUN"]["city"] is False


@pytest.mark.rule("rules.machiavelli/rebellions-5.1")
def test_the_papal_army_walks_into_perugia_rebelling_against_it():
    """rules §Effects of rebellions 5.1: "Movement into a rebelling province is not restricted", for
    the power it is against too."""
    r = go("  Papacy: [A SPO]", "Papacy: A SPO - PER", "rebellions: {PER: {against: Papacy, city: true}}\n")
    assert "Papacy: A PER" in units_after(r)


@pytest.mark.rule("rules.machiavelli/rebellions-5.1")
def test_a_fleet_sails_into_a_rebelling_coastal_province():
    """rules §Effects of rebellions 5.1: Naples' fleet sails into Otranto, rebelling against
    Naples."""
    r = go("  Naples: [F ION]", "Naples: F ION - OTR", "rebellions: {OTR: {against: Naples, city: false}}\n")
    assert "Naples: F OTR" in units_after(r)


@pytest.mark.rule("rules.machiavelli/rebellions-5.6")
def test_a_garrison_is_built_in_arezzo_though_its_province_rebels():
    """rules §Effects of rebellions 5.6: "You may build a garrison in a non-rebelling city even if the
    containing province is in rebellion"."""
    r = go("", "Florence: Build G ARE", "treasury: {Florence: 9}\nrebellions: {ARE: {against: Florence, city: false}}\n",
           phase="Winter 1454 Adjustment")
    assert ok(r, "Build G ARE")


@pytest.mark.rule("rules.machiavelli/rebellions-5.6", "rules.machiavelli/rebellions-5.5")
def test_in_pavia_a_garrison_may_be_built_but_not_an_army():
    """rules §Effects of rebellions 5.5, 5.6: Pavia's province rebels (its city held by a garrison
    when the rebellion began, since gone): an army may not be built there, a garrison may."""
    rebels = "treasury: {Milan: 9}\nrebellions: {PAV: {against: Milan, city: false}}\n"
    r = go("", "Milan: Build A PAV", rebels, phase="Winter 1454 Adjustment")
    assert outcome(r, "Build A PAV") is Outcome.ILLEGAL and "rebellion" in r.result.resolutions[0].reason
    r = go("", "Milan: Build G PAV", rebels, phase="Winter 1454 Adjustment")
    assert ok(r, "Build G PAV") and units_after(r) == {"Milan: G PAV"}


@pytest.mark.rule("rules.machiavelli/rebellions-6.1", "rules.machiavelli/sequence-f")
def test_rebels_carry_milan_into_pavia_against_frances_army():
    """rules §Effects of rebellions 6.1: "Any player who the rebellion is *not* directed against will
    get one strength point in support when moving into a rebelling province" (the rebellion is
    removed after the support is given): Milan's lone army dislodges France's from Pavia,
    rebelling against France, and liberates it."""
    r = go("  Milan: [A MIL]\n  France: [A PAV]", "Milan: A MIL - PAV", "rebellions: {PAV: {against: France, city: false}}\n")
    assert "Milan: A PAV" in units_after(r) and retreating(r)
    r = then(r, "")
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/rebellions-6.2")
def test_rebels_in_city_and_province_give_one_point_only():
    """rules §Effects of rebellions 6.2: "Rebels can never give more than one strength point in
    support even if there is a rebellion unit in both the city and the province": Florence's army
    (1 + 1) bounces off the Papal army supported once (2)."""
    r = go("  Florence: [A ARE]\n  Papacy: [A PER, A SPO]", "Florence: A ARE - PER\nPapacy: A SPO S A PER",
           "rebellions: {PER: {against: Papacy, city: true}}\n")
    assert "Papacy: A PER" in units_after(r) and "Florence: A ARE" in units_after(r)


@pytest.mark.rule("rules.machiavelli/rebellions-6.2")
def test_rebels_add_one_point_to_a_supported_attack_not_two():
    """rules §Effects of rebellions 6.2: supported once, with the rebels' one point (3), Florence
    bounces off a hold supported twice (3)."""
    r = go("  Florence: [A ARE, A SIE]\n  Papacy: [A PER, A SPO, A RME]",
           "Florence: A ARE - PER\nFlorence: A SIE S A ARE - PER\nPapacy: A SPO S A PER\nPapacy: A RME S A PER",
           "rebellions: {PER: {against: Papacy, city: true}}\n")
    assert "Papacy: A PER" in units_after(r)


@pytest.mark.rule("rules.machiavelli/rebellions-6.3", "rules.machiavelli/rebellions-6.4")
def test_rebel_support_is_not_divided_between_an_army_and_a_garrison():
    """rules §Effects of rebellions 6.3, 6.4: "Support from rebels can never be divided between
    different players"; "If more than one player attempts to get the rebel support none gets it":
    Florence's army moves into Perugia as Milan's garrison there converts out; neither gets the
    point and both bounce off the Papal army."""
    r = go("  Florence: [A ARE]\n  Milan: [G PER]\n  Papacy: [A PER]", "Florence: A ARE - PER\nMilan: G PER C A",
           "rebellions: {PER: {against: Papacy, city: false}}\n")
    assert {"Florence: A ARE", "Milan: G PER", "Papacy: A PER"} == units_after(r)


@pytest.mark.rule("rules.machiavelli/rebellions-6.3")
def test_rebel_support_goes_whole_to_the_one_power_moving_in():
    """rules §Effects of rebellions 6.3: with one power trying, the point is not shared out: Milan's
    garrison of Perugia, converting alone, dislodges the Papal army."""
    r = go("  Milan: [G PER]\n  Papacy: [A PER]", "Milan: G PER C A", "rebellions: {PER: {against: Papacy, city: false}}\n")
    assert "Milan: A PER" in units_after(r) and retreating(r)


@pytest.mark.rule("rules.machiavelli/rebellions-6.5", moved=True)
@pytest.mark.rule("rules.machiavelli/rebellions-5.4")
def test_rebels_in_pavia_support_the_french_garrison_out():
    """rules §Effects of rebellions 6.5: "A converting garrison *not* owned by the affected player
    will get support from the rebellion unit in the province. (This means that a player in a city
    may cause a rebellion in the province to support his own units *into* the province.)":
    France's garrison of Pavia, with the rebels against Milan, dislodges Milan's army."""
    r = go("  France: [G PAV]\n  Milan: [A PAV]", "France: G PAV C A", "rebellions: {PAV: {against: Milan, city: false}}\n")
    assert "France: A PAV" in units_after(r) and retreating(r)


@pytest.mark.rule("rules.machiavelli/rebellions-7.1")
def test_a_rebelling_province_and_its_city_pay_milan_nothing():
    """rules §Effects of rebellions 7.1: "The controlling player receives no income from rebelling
    provinces or rebelling ungarrisoned cities": Pavia, rebelling in province and city."""
    control = "province_control: {PAV: Milan, MIL: Milan}\ncity_control: {PAV: Milan, MIL: Milan}\n"
    full = paid(winter("  Milan: [A MIL]", control), "Milan")
    hit = paid(winter("  Milan: [A MIL]", control + "rebellions: {PAV: {against: Milan, city: true}}\n"), "Milan")
    assert (hit["provinces"], hit["cities"]) == (full["provinces"] - 1, full["cities"] - 1)


@pytest.mark.rule("rules.machiavelli/rebellions-7.2", "rules.machiavelli/rebellions-7.1")
def test_a_garrisoned_city_in_a_rebelling_province_still_pays():
    """rules §Effects of rebellions 7.2: "Garrisoned cities produce income (as rebellions can never be
    placed in those)": Milan's garrison of Pavia pays though the province rebels."""
    control = "province_control: {PAV: Milan, MIL: Milan}\ncity_control: {PAV: Milan, MIL: Milan}\n"
    full = paid(winter("  Milan: [A MIL, G PAV]", control), "Milan")
    hit = paid(winter("  Milan: [A MIL, G PAV]", control + "rebellions: {PAV: {against: Milan, city: false}}\n"), "Milan")
    assert (hit["provinces"], hit["cities"]) == (full["provinces"] - 1, full["cities"])


@pytest.mark.rule("rules.machiavelli/rebellions-7.2")
def test_the_garrisoned_city_of_perugia_pays_through_a_rebellion():
    """rules §Effects of rebellions 7.2, in Perugia: a Papal garrison, a rebellion in the province."""
    control = "province_control: {PER: Papacy, RME: Papacy}\ncity_control: {PER: Papacy, RME: Papacy}\n"
    got = paid(winter("  Papacy: [G PER, G RME]", control + "rebellions: {PER: {against: Papacy, city: false}}\n"), "Papacy")
    assert (got["provinces"], got["cities"]) == (1, 3)


@pytest.mark.rule("rules.machiavelli/rebellions-7.3", "rules.machiavelli/sieges-lapse-2")
def test_a_city_not_in_rebellion_pays_after_its_garrison_is_bribed_away():
    """rules §Effects of rebellions 7.3: "Income is collected for a city within a rebelling province
    if the city itself is not in rebellion (*even* if the garrison was disbanded ... after the
    rebellion event)": Pavia's garrison is gone, the rebellion was raised beside it."""
    r = winter("  Milan: [A MIL]", "province_control: {PAV: Milan, MIL: Milan}\ncity_control: {PAV: Milan, MIL: Milan}\n"
               "rebellions: {PAV: {against: Milan, city: false}}\n")
    assert (paid(r, "Milan")["provinces"], paid(r, "Milan")["cities"]) == (1, 4)


@pytest.mark.rule("rules.machiavelli/rebellions-8.1", "rules.machiavelli/sequence-h")
def test_milan_puts_down_rebellious_pavia_by_a_siege():
    """rules §Effects of rebellions 8.1: "The player who the rebellion is directed against must
    besiege a rebelling city to 'put down' the rebellion. Any rebellion in the province is *also
    removed* at the completion of the siege" — Pavia."""
    r = go("  Milan: [A PAV]", "Milan: A PAV besiege", "rebellions: {PAV: {against: Milan, city: true}}\n")
    assert "PAV" in state_of(r)["rebellions"]
    r = then(r, "Milan: A PAV besiege")
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/rebellions-8.2", "rules.machiavelli/sequence-f")
def test_holding_puts_down_the_province_but_not_the_rebelling_city():
    """rules §Effects of rebellions 8.2: the target "must 'hold' for one campaign with an army or fleet
    to 'put down' a rebellion in the province (note that a rebelling city must still be
    besieged)": after Milan's hold in Pavia the city still rebels, and a Winter build there is
    still refused."""
    r = go("  Milan: [A PAV]", "Milan: A PAV H", "rebellions: {PAV: {against: Milan, city: true}}\n")
    assert "PAV" in state_of(r)["rebellions"]
    r = go("  Milan: [A PAV]", "Milan: A PAV H", "rebellions: {PAV: {against: Milan, city: false}}\n")
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/rebellions-8.3", "rules.machiavelli/rebellions-6.5")
def test_a_garrison_already_in_the_city_does_not_liberate_the_province():
    """rules §Effects of rebellions 8.3: another power liberates a rebellion "upon entering" the
    rebelling city or province; 6.5 has "a player in a city ... cause a rebellion in the province
    to support his own units": Milan's garrison stands in Perugia's city through a campaign of the
    province's rebellion against the Papacy, which stays."""
    r = go("  Milan: [G PER]", "", "province_control: {PER: Papacy, RME: Papacy, MIL: Milan}\n"
           "city_control: {PER: Milan, RME: Papacy, MIL: Milan}\nrebellions: {PER: {against: Papacy, city: false}}\n")
    assert "PER" in (state_of(r).get("rebellions") or {})


@pytest.mark.rule("rules.machiavelli/rebellions-8.3", "rules.machiavelli/sequence-h")
def test_an_entry_in_the_moves_liberates_at_the_end_of_the_retreats():
    """rules §Effects of rebellions 8.3: Austria's army enters Treviso, rebelling against Venice, in
    a campaign with a retreat elsewhere (Florence's army dislodged from Arezzo); the campaign ends
    after the retreats, played from the position file as written, and Treviso is liberated then."""
    from judge.positions import format_position, parse_position

    r = go("  Austria: [A FRI]\n  Florence: [A ARE]\n  Papacy: [A SIE, A URB]",
           "Austria: A FRI - TRV\nPapacy: A SIE - ARE\nPapacy: A URB S A SIE - ARE",
           "rebellions: {TRV: {against: Venice, city: true}}\n")
    assert retreating(r) and "TRV" in state_of(r)["rebellions"]
    assert state_of(r)["campaign"]["entered"]["TRV"] == ["Austria"]
    _, written = parse_position(format_position(r.result.next_position), variant=MACH)
    r = run_phase(MACH, written, "Florence: A ARE - PER", "orders.txt")
    assert "Austria: A TRV" in units_after(r) and not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/rebellions-8.4", "rules.machiavelli/control-1")
def test_buying_the_papal_army_in_rebelling_perugia_frees_it():
    """rules §Effects of rebellions 8.4: "A player who the rebellion is *not* directed against will
    immediately 'liberate' any rebellion if it buys an army or fleet or garrison in the rebelling
    province (if the bought unit was owned by the affected player)"."""
    r = go("  Papacy: [A PER]\n  Florence: [A ARE]", "Florence: Expense 1: 18 ducats buy a PER",
           "treasury: {Florence: 18}\nrebellions: {PER: {against: Papacy, city: true}}\n")
    assert "Florence: A PER" in units_after(r) and not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/rebellions-8.4", "rules.machiavelli/rebellions-8.3")
def test_buying_another_powers_garrison_in_a_rebelling_province_frees_nothing():
    """rules §Effects of rebellions 8.4: only a unit "owned by the affected player": Florence buys
    Milan's garrison of Perugia, whose province rebels against the Papacy; the rebellion stays."""
    r = go("  Milan: [G PER]\n  Florence: [A ARE]", "Florence: Expense 1: 18 ducats buy g PER\nFlorence: G PER H",
           "treasury: {Florence: 18}\nprovince_control: {PER: Papacy, RME: Papacy, FLO: Florence, MIL: Milan}\n"
           "city_control: {PER: Milan, RME: Papacy, FLO: Florence, MIL: Milan}\nrebellions: {PER: {against: Papacy, city: false}}\n")
    assert "Florence: G PER" in units_after(r) and "PER" in state_of(r)["rebellions"]


# -- Assassinations and self-bribes -----------------------------------------------------------------

_HIT = "Expense 1: 36 ducats assassinate Papacy"


def _assassinated(units: str, orders: str, state: str = "", success: bool = True, papacy: int = 0, **kw):
    """A campaign in which Florence's attempt of 36 ducats on the Papacy succeeds (or fails)."""
    return seeded(units, "Florence: " + _HIT + "\n" + orders, f"treasury: {{Florence: 36, Papacy: {papacy}}}\n" + state,
                  lambda r: ok(r, _HIT) == success, **kw)


@pytest.mark.rule("rules.machiavelli/assassination-2")
def test_an_attempt_of_eighteen_ducats_is_no_attempt():
    """rules §Assassinations: "12, 24 or 36 ducats ... For every 12 ducats paid ... the chances ...
    increase by one sixth": 18 ducats are refused (and spent); the chit is kept."""
    r = go("  Florence: [A ARE]\n  Papacy: [A PER]", "Florence: Expense 1: 18 ducats assassinate Papacy", "treasury: {Florence: 18}\n")
    assert outcome(r, "Expense 1: 18 ducats assassinate Papacy") is Outcome.ILLEGAL and treasury(r, "Florence") == 0


@pytest.mark.rule("rules.machiavelli/assassination-3", "rules.machiavelli/assassination-1")
def test_two_attempts_on_the_papacy_act_once():
    """rules §Assassinations: "More then one assassination attempt on the same player may be made in
    the same campaign, but the effects are the same whether one or all of them succeed": Florence
    and Milan both try; the Papal armies hold, once; both chits are used up."""
    units = "  Florence: [A ARE]\n  Milan: [A MOD]\n  Papacy: [A PER, A BOL]"
    orders = "Milan: Expense 1: 36 ducats assassinate Papacy\nPapacy: A PER - SIE\nPapacy: A BOL - FER"
    r = seeded(units, "Florence: " + _HIT + "\n" + orders, "treasury: {Florence: 36, Milan: 36}\n",
               lambda r: sum(1 for x in r.resolutions() if x.order_text == _HIT and x.outcome is Outcome.SUCCESS) >= 1)
    assert {"Papacy: A PER", "Papacy: A BOL"} <= units_after(r)
    chits = state_of(r)["chits"]
    assert "Papacy" not in chits["Florence"] and "Papacy" not in chits["Milan"]


@pytest.mark.rule("rules.machiavelli/assassination-3")
def test_two_failed_attempts_change_nothing():
    """rules §Assassinations: when every attempt fails, the Papal armies move as ordered."""
    units = "  Florence: [A ARE]\n  Milan: [A MOD]\n  Papacy: [A PER, A BOL]"
    orders = "Milan: Expense 1: 36 ducats assassinate Papacy\nPapacy: A PER - SIE\nPapacy: A BOL - FER"
    r = seeded(units, "Florence: " + _HIT + "\n" + orders, "treasury: {Florence: 36, Milan: 36}\n",
               lambda r: all(x.outcome is Outcome.FAILURE for x in r.resolutions() if x.order_text == _HIT))
    assert {"Papacy: A SIE", "Papacy: A FER"} <= units_after(r)


@pytest.mark.rule("rules.machiavelli/assassination-effects-1")
def test_an_assassinated_rulers_hold_puts_down_no_rebellion():
    """rules §Effects of assassination 1: "The hold orders cannot be used to put down rebellions":
    the Papal army holds in Perugia, rebelling against the Papacy; with its ruler assassinated the
    rebellion stays."""
    r = _assassinated("  Florence: [A ARE]\n  Papacy: [A PER]", "Papacy: A PER H",
                      "rebellions: {PER: {against: Papacy, city: false}}\n")
    assert "PER" in state_of(r)["rebellions"]


@pytest.mark.rule("rules.machiavelli/assassination-effects-1")
def test_an_assassinated_rulers_siege_is_broken():
    """rules §Effects of assassination 1: "all sieges that the player is attempting are broken": the
    Papacy's siege of Florence's Arezzo garrison, begun the campaign before, ends; its second
    besiege order is a hold and the garrison stands."""
    r = _assassinated("  Papacy: [A ARE]\n  Florence: [G ARE, A FLO]", "Papacy: A ARE besiege",
                      "sieges: {ARE: {by: Papacy, unit: ARE}}\n")
    assert "Florence: G ARE" in units_after(r) and not state_of(r).get("sieges")


@pytest.mark.rule("rules.machiavelli/assassination-effects-2")
def test_an_assassinated_ruler_still_retreats():
    """rules §Effects of assassination 2: "The player will still be able to retreat": the Papal army
    dislodged from Perugia in the campaign its ruler dies retreats to Spoleto."""
    r = _assassinated("  Florence: [A ARE, A SIE]\n  Papacy: [A PER]", "Florence: A SIE - PER\nFlorence: A ARE S A SIE - PER")
    assert retreating(r)
    r = then(r, "Papacy: A PER R SPO")
    assert ok(r, "A PER R SPO") and "Papacy: A SPO" in units_after(r)


@pytest.mark.rule("rules.machiavelli/assassination-effects-3", "rules.machiavelli/sequence-c")
def test_a_rulers_bribe_goes_through_though_he_is_assassinated():
    """rules §Effects of assassination 3: expenses "go through if you are assassinated by another
    player": the Papacy buys Florence's army in Arezzo in the campaign Florence assassinates its
    ruler (§Sequence of play 1.1b-c: the other expenses come before the assassinations)."""
    r = _assassinated("  Florence: [A ARE]\n  Papacy: [A PER]", "Papacy: Expense 1: 18 ducats buy a ARE", papacy=18)
    assert "Papacy: A ARE" in units_after(r)


@pytest.mark.rule("rules.machiavelli/sequence-c", "rules.machiavelli/assassination-effects-1")
def test_a_unit_bought_by_an_assassinated_ruler_holds():
    """rules §Sequence of play 1.1b-c: a bribe comes before the assassinations: the Papacy buys
    Florence's army in Arezzo and orders it to Siena, but its ruler is assassinated: the army,
    now Papal, holds."""
    r = _assassinated("  Florence: [A ARE, A FLO]\n  Papacy: [A PER]", "Papacy: Expense 1: 18 ducats buy a ARE\nPapacy: A ARE - SIE",
                      papacy=18)
    assert "Papacy: A ARE" in units_after(r)


@pytest.mark.rule("rules.machiavelli/assassination-effects-4", moved=True)
@pytest.mark.rule("rules.machiavelli/sieges-lapse-1")
def test_a_besieged_papal_garrison_dies_with_its_ruler_and_the_besieger_moves_on():
    """rules §Effects of assassination 4: "Any of the victim's garrisons that are *already under
    siege* ... are immediately eliminated. (This rule means that the enemy may choose to order the
    besiegeing unit to do something else and still get rid of the garrison!)": Florence besieges
    Perugia since the last campaign, assassinates the Papacy and moves its besieger to Spoleto."""
    state = "sieges: {PER: {by: Florence, unit: PER}}\n"
    r = _assassinated("  Florence: [A PER, A ARE]\n  Papacy: [G PER]", "Florence: A PER - SPO", state)
    assert "Papacy: G PER" not in units_after(r) and "Florence: A SPO" in units_after(r)


@pytest.mark.rule("rules.machiavelli/assassination-effects-4")
def test_a_siege_begun_in_the_same_campaign_kills_no_garrison():
    """rules §Effects of assassination 4: "the G is *not* eliminated if the enemy ordered to begin to
    besiege in the same campaign as the assassination occurs"."""
    r = _assassinated("  Florence: [A PER]\n  Papacy: [G PER]", "Florence: A PER besiege")
    assert "Papacy: G PER" in units_after(r)


@pytest.mark.rule("rules.machiavelli/assassination-effects-4")
def test_the_garrison_remains_when_its_besieger_is_assassinated_too():
    """rules §Effects of assassination 4: "If the *besieging unit's player is also assassinated*, the
    garrison remains": Florence besieges Perugia; Florence and the Papacy assassinate each other."""
    units = "  Florence: [A PER, A ARE]\n  Papacy: [G PER, A RME]"
    both = "Expense 1: 36 ducats assassinate Florence"
    r = seeded(units, "Florence: " + _HIT + "\nPapacy: " + both + "\nFlorence: A PER besiege",
               "treasury: {Florence: 36, Papacy: 36}\nsieges: {PER: {by: Florence, unit: PER}}\n",
               lambda r: ok(r, _HIT) and ok(r, both))
    assert "Papacy: G PER" in units_after(r)


_REBEL_NOTE = re.compile(r"^(.+) rebels against Papacy \(die (\d)\)\.$")


@pytest.mark.rule("rules.machiavelli/assassination-effects-5", "rules.machiavelli/assassination-effects-6")
def test_the_victims_provinces_rebel_on_the_die_of_their_kind():
    """rules §Effects of assassination 5: "Some provinces controlled by the victim will rebel ...
    A home province with a unit 1; Home province with no unit 1-2; Conquered province with unit
    1-3; Conquered province, no unit 1-5"; 6: the victim is not eliminated. Over many seeds, every
    rebellion comes on a die within its kind's range, and some come on the wider ranges."""
    limit = {"RME": 1, "ANC": 2, "PER": 2, "BOL": 2, "SPO": 2, "URB": 2, "SIE": 3, "ARE": 5, "PST": 5, "LUC": 5}
    names = {MACH.board.provinces[p].name: p for p in limit}
    state = ("province_control: {RME: Papacy, ANC: Papacy, PER: Papacy, BOL: Papacy, SPO: Papacy, URB: Papacy, SIE: Papacy, "
             "ARE: Papacy, PST: Papacy, LUC: Papacy, FLO: Florence}\ncity_control: {RME: Papacy, FLO: Florence}\n")
    seen = set()
    for k in range(40):
        r = go("  Florence: [A FLO]\n  Papacy: [A RME, A SIE]", "Florence: " + _HIT, f"dice_seed: a{k}\ntreasury: {{Florence: 36}}\n"
               + state)
        if not ok(r, _HIT):
            continue
        assert "Papacy" not in (state_of(r).get("eliminated") or [])
        for m in filter(None, (_REBEL_NOTE.match(n) for n in r.result.notes)):
            area, die = names[m.group(1)], int(m.group(2))
            assert die <= limit[area], (area, die)
            seen.add(die)
            assert state_of(r)["rebellions"][area]["against"] == "Papacy"
    assert seen & {3, 4, 5}


@pytest.mark.rule("rules.machiavelli/assassination-effects-5")
def test_only_the_victims_land_provinces_rebel():
    """rules §Effects of assassination 5: the provinces that rebel are those "controlled by the
    victim": never Florence's, never a sea."""
    state = "province_control: {RME: Papacy, ARE: Papacy, LUC: Papacy, FLO: Florence, PST: Florence}\n" \
            "city_control: {RME: Papacy, FLO: Florence}\n"
    for k in range(30):
        r = go("  Florence: [A FLO, F ETS]\n  Papacy: [A RME]", "Florence: " + _HIT, f"dice_seed: b{k}\ntreasury: {{Florence: 36}}\n"
               + state)
        assert set(state_of(r).get("rebellions") or {}) <= {"RME", "ARE", "LUC"}


@pytest.mark.rule("rules.machiavelli/assassination-effects-6")
def test_the_assassinated_papacy_orders_again_the_next_campaign():
    """rules §Effects of assassination 6: "The assassinated player is *not* eliminated ... He
    continues, representing his own successor": in the next campaign the Papal army moves."""
    r = _assassinated("  Florence: [A ARE]\n  Papacy: [A PER]", "Papacy: A PER - SPO")
    assert "Papacy: A PER" in units_after(r) and "Papacy" not in (state_of(r).get("eliminated") or [])
    r = then(r, "Papacy: A PER - SPO")
    assert "Papacy: A SPO" in units_after(r)


@pytest.mark.rule("rules.machiavelli/self-bribes", moved=True)
@pytest.mark.rule("rules.machiavelli/expenditures-c4")
def test_a_self_bribe_ties_with_another_powers_bribe():
    """rules §Self-bribes: "If you direct a bribe at one of your units at the same time as another
    player tries to bribe the same unit, both will fail ... Naples: E1: 18d, Buy Turkish fleet
    Tunis; Turkey: E1: 18d, Disband Turkish fleet Tunis" — Milan buying the Papal army in Bologna
    as the Papacy disbands it: both fail and are wasted."""
    r = go("  Papacy: [A BOL]\n  Milan: [A MOD]", "Milan: Expense 1: 18 ducats buy a BOL\nPapacy: Expense 1: 18 ducats disband a BOL",
           "treasury: {Milan: 18, Papacy: 18}\n")
    assert "Papacy: A BOL" in units_after(r) and treasury(r, "Milan") == 0 and treasury(r, "Papacy") == 0


# -- Order syntax, the example of orders, the game's options --------------------------------------


@pytest.mark.rule("rules.machiavelli/order-syntax-expenditure", "rules.machiavelli/straits-k")
@pytest.mark.parametrize("word, allow", [("ally", True), ("allies", True), ("alliance", True), ("allow", True),
                                         ("unally", False), ("not allies", False), ("unalliance", False),
                                         ("don't allow", False), ("dont allow", False)])
def test_every_ally_word_is_read(word, allow):
    """rules §Order syntax: <ally> = "ally", "allies", "alliance", "allow", "unally", "not allies",
    "unalliance", "don't allow", "dont allow"."""
    r = go("  Naples: [F MES]", f"Naples: {word} Turkey", "straits_allowed: {Naples: [Turkey]}\n" if not allow else "")
    assert not r.unreadable
    assert (state_of(r).get("straits_allowed") or {}).get("Naples", []) == (["Turkey"] if allow else [])


@pytest.mark.rule("rules.machiavelli/order-syntax-retreat")
@pytest.mark.parametrize("word", ["d", "disband", "disbands"])
def test_a_retreat_disband_in_every_listed_word(word):
    """rules §Order syntax, retreat orders: <type> <s-prov> <disband>, <disband> = "d", "disband",
    "disbands"."""
    r = go("  Florence: [A ARE]\n  Papacy: [A SIE, A PER]", "Papacy: A SIE - ARE\nPapacy: A PER S A SIE - ARE")
    r = then(r, f"Florence: A ARE {word}")
    assert not r.unreadable and not r.result.next_position.units_of("Florence")


_NAPLES_EXAMPLE = """Naples:
Pay 14 ducats to bank
Pay  6 ducats to Turkey
Borrow 25 ducats for 2 years
Expense 1: 12 ducats Disband Army Rome
Expense 2:  3 ducats Counter-bribe Army Capua
Expense 3: 24 ducats Assassinate Papacy
Army Capua -> Spoleto
Army Aquila -> Capua
Fleet Naples Convert to Garrison
"""


@pytest.mark.rule("rules.machiavelli/order-example", moved=True)
@pytest.mark.rule("rules.machiavelli/borrowing-sequence", "rules.machiavelli/sequence-a")
def test_the_example_of_orders_played_by_naples():
    """rules §Example of orders: Florence's movement orders (pay the bank, then Milan, borrow 25 for
    2 years, disband the army in Bologna, counter-bribe its own army, assassinate the Papacy, two
    moves and a fleet garrisoning Pisa) — given by Naples around Rome and Capua: every line is
    read and played."""
    r = go("  Naples: [A TIV, A CAP, A AQU, F NAP]\n  Papacy: [A RME]\n  Turkey: [A ALB]", _NAPLES_EXAMPLE,
           "treasury: {Naples: 40, Turkey: 0}\nloans: {Naples: [{principal: 12, interest: 2, due: Spring 1455}]}\n")
    assert not r.unreadable
    assert {"Naples: A SPO", "Naples: A CAP", "Naples: G NAP", "Naples: A TIV"} <= units_after(r)
    assert "Papacy: A RME" not in units_after(r)
    assert treasury(r, "Turkey") == 6 and treasury(r, "Naples") == 40 - 14 - 6 + 25 - 12 - 3 - 24
    assert state_of(r)["loans"]["Naples"] == [{"principal": 25, "interest": 13, "due": "Spring 1456"}]


@pytest.mark.rule("rules.machiavelli/order-example", moved=True)
@pytest.mark.rule("rules.machiavelli/expenditures-2", "rules.machiavelli/bribes-1")
def test_the_revised_example_of_orders_played_by_naples():
    """rules §Example of orders, the revision: "Pay 0 ducats to Milan / Ally Naples / Ally Turkey /
    Expense 1: 21 ducats buy Army Bologna / Expense 2: none / Army Bologna -> Ferrara" — Naples
    buys the army in Rome instead (21 ducats, anticipating a counter-bribe) and marches it to
    Perugia."""
    r = go("  Naples: [A TIV, F MES]\n  Papacy: [A RME]", "Naples:\nPay 0 ducats to Turkey\nAlly Papacy\nAlly Turkey\n"
           "Expense 1: 21 ducats buy Army Rome\nExpense 2: none\nArmy Rome -> Perugia\n",
           "treasury: {Naples: 21, Turkey: 0}\n")
    assert not r.unreadable and "Naples: A PER" in units_after(r)
    assert treasury(r, "Naples") == 0 and treasury(r, "Turkey") == 0
    assert state_of(r)["straits_allowed"] == {"Naples": ["Papacy", "Turkey"]}


@pytest.mark.rule("rules.machiavelli/options-loans")
def test_without_loans_nobody_borrows():
    """rules §Variant specific judge commands, set noloans: "To disable/enable the borrowing of
    ducats from the bank"."""
    r = go("  Milan: [A MIL]", "Milan: Borrow 10 ducats for 1 year", "treasury: {Milan: 0}\n", options={"loans": False})
    assert outcome(r, "Borrow 10 ducats for 1 year") is Outcome.ILLEGAL and treasury(r, "Milan") == 0


@pytest.mark.rule("rules.machiavelli/options-loans", "rules.machiavelli/borrowing-gifts")
def test_without_loans_powers_still_give_each_other_ducats():
    """rules §Variant specific judge commands, set noloans: "This does not affect whether one player
    can give money to another player"."""
    r = go("  Milan: [A MIL]", "Milan: Pay 5 ducats to Venice", "treasury: {Milan: 5, Venice: 0}\n", options={"loans": False})
    assert treasury(r, "Venice") == 5


@pytest.mark.rule("rules.machiavelli/options-assassinations")
def test_without_assassinations_nobody_assassinates():
    """rules §Variant specific judge commands, set noassassinations: no assassination expenditure."""
    r = go("  Florence: [A ARE]\n  Papacy: [A PER]", "Florence: " + _HIT + "\nPapacy: A PER - SPO", "treasury: {Florence: 36}\n",
           options={"assassinations": False})
    assert outcome(r, _HIT) is Outcome.ILLEGAL and "Papacy: A SPO" in units_after(r)


@pytest.mark.rule("rules.machiavelli/options-assassinations", "rules.machiavelli/borrowing-default")
def test_without_assassinations_the_bankers_still_assassinate():
    """rules §Variant specific judge commands, set noassassinations: "Regardless of this setting you
    will still be assassinated by the *bankers* if you do not repay your loans"."""
    r = go("  Milan: [A MIL]", "Milan: A MIL - TYR", "treasury: {Milan: 0}\nloans: {Milan: [{principal: 5, interest: 1, due: Spring 1454}]}\n",
           options={"assassinations": False})
    assert "Milan: A MIL" in units_after(r) and "Milan" in state_of(r)["bankrupt"]


@pytest.mark.rule("rules.machiavelli/options-dice")
def test_without_dice_no_famine_no_loans_no_assassinations():
    """rules §Variant specific judge commands, set nodice: "Setting nodice automatically disables
    famine, plague, loans and assassinations"."""
    nodice = {"dice": False}
    r = go("  Florence: [A ARE]\n  Papacy: [A PER]", "Florence: Borrow 5 ducats for 1 year\nFlorence: " + _HIT,
           "treasury: {Florence: 36}\n", phase="Fall 1454 Movement", options=nodice)
    assert outcome(r, "Borrow 5 ducats for 1 year") is Outcome.ILLEGAL and outcome(r, _HIT) is Outcome.ILLEGAL
    assert "Famine roll" not in notes(r) and not state_of(r).get("famine")


@pytest.mark.rule("rules.machiavelli/options-special")
def test_without_special_units_none_is_built():
    """rules §Variant specific judge commands, set nospecial: "To disable/enable the special unit
    types"."""
    r = go("", "Milan: Build em A MIL", "treasury: {Milan: 20}\n", phase="Winter 1454 Adjustment", options={"special_units": False})
    assert outcome(r, "Build elite mercenaries A MIL") is not Outcome.SUCCESS and not units_after(r)


@pytest.mark.rule("rules.machiavelli/options-special", "rules.machiavelli/special-units-strength-1")
def test_without_special_units_an_elite_counts_one():
    """rules §Variant specific judge commands, set nospecial: a unit listed as elite has no second
    point of strength when special units are not in use."""
    r = go("  Florence: [A ARE]\n  Papacy: [A PER]", "Florence: A ARE - PER", "special_units: {Florence: {A ARE: elite_mercenaries}}\n",
           options={"special_units": False})
    assert "Papacy: A PER" in units_after(r)


@pytest.mark.rule("rules.machiavelli/options-adjacency", "rules.machiavelli/expenditures-j")
def test_a_rebellion_needs_a_unit_next_to_the_province():
    """rules §Variant specific judge commands, adjacency table: "Cause reb. (j,k) required (to prov
    or city)": France, with no unit near Pavia, raises no rebellion there; with the switch off it
    does."""
    order = "France: Expense 1: 15 ducats cause rebellion PAV"
    assert not state_of(go("  France: [A MAR]", order, "treasury: {France: 15}\n")).get("rebellions")
    r = go("  France: [A MAR]", order, "treasury: {France: 15}\n", options={"bribe_adjacency": False})
    assert "PAV" in state_of(r)["rebellions"]


@pytest.mark.rule("rules.machiavelli/options-adjacency", "rules.machiavelli/expenditures-c3")
def test_a_counter_bribe_on_a_distant_allys_army_needs_adjacency():
    """rules §Variant specific judge commands, adjacency table: "Counter bribe (c) required (to army or
    fleet)"; "You can always counter-bribe your own unit as it will suffice as its own adjacent
    unit": Turkey, far away, cannot guard the Papal army in Bologna; Florence's disband succeeds."""
    r = go("  Papacy: [A BOL]\n  Florence: [A FLO]\n  Turkey: [A ALB]", "Turkey: Expense 1: 3 ducats counter-bribe a BOL\n"
           "Florence: Expense 1: 12 ducats disband a BOL", "treasury: {Turkey: 3, Florence: 12}\n")
    assert "Papacy: A BOL" not in units_after(r)


@pytest.mark.rule("rules.machiavelli/options-adjacency-example", moved=True)
@pytest.mark.rule("rules.machiavelli/expenditures-g")
def test_a_fleet_in_pisa_is_next_to_the_garrison_of_lucca():
    """rules §Variant specific judge commands, adjacency: "A city (regardless of type) is always
    adjacent to its containing province and any province bordering the containing province ...
    This means that a fleet in, say, Sienna is considered adjacent to a garrison in Florence" —
    a Florentine fleet in Pisa bribes Milan's garrison of Lucca away."""
    r = go("  Florence: [F PSA]\n  Milan: [G LUC]", "Florence: Expense 1: 12 ducats disband g LUC", "treasury: {Florence: 12}\n")
    assert units_after(r) == {"Florence: F PSA"}


@pytest.mark.rule("rules.machiavelli/options-adjacency-example", "rules.machiavelli/options-adjacency")
def test_a_garrison_two_provinces_away_is_not_next():
    """rules §Variant specific judge commands, adjacency: a province is adjacent "to any bordering
    province and any cities in the bordering provinces": an army in Arezzo reaches the garrison of
    Perugia (bordering), an army in Florence does not."""
    order = "Florence: Expense 1: 12 ducats disband g PER"
    assert "Papacy: G PER" not in units_after(go("  Florence: [A ARE]\n  Papacy: [G PER]", order, "treasury: {Florence: 12}\n"))
    assert "Papacy: G PER" in units_after(go("  Florence: [A FLO]\n  Papacy: [G PER]", order, "treasury: {Florence: 12}\n"))


# -- njudge's known bugs (rules.machiavelli appendix 6), shown absent ------------------------------


@pytest.mark.rule("rules.machiavelli/bugs-a2a", "rules.machiavelli/special-units-1")
def test_naples_disbands_its_professionals_and_builds_militia_in_one_order_set():
    """njudge #383 (appendix 6 A2a): "Ordering to disband a special unit in the same order set as a
    build of a special unit will raise an error message": Naples does both at once."""
    r = go("  Naples: [A NAP]", "Naples: Disband A NAP\nNaples: Build cm F BAR", "treasury: {Naples: 20}\n"
           "special_units: {Naples: {A NAP: elite_professionals}}\n", phase="Winter 1454 Adjustment")
    assert ok(r, "Disband A NAP") and ok(r, "Build citizens militia F BAR")
    assert state_of(r)["special_units"] == {"Naples": {"F BAR": "citizens_militia"}}


@pytest.mark.rule("rules.machiavelli/bugs-a2b", "rules.machiavelli/expenditures-2")
def test_two_bribes_for_special_units_withdrawn_cost_nothing():
    """njudge #548 (appendix 6 A2b): "problems cancelling a bribe attempting to buy two special
    units ... the player failed to issue the order 'Expense X: none' ... for both expense items":
    Florence withdraws both."""
    units = "  Florence: [A ARE]\n  Papacy: [A PER, G PER]"
    r = go(units, "Florence: Expense 1: 36 ducats buy a PER\nFlorence: Expense 2: 36 ducats buy g PER\n"
           "Florence: Expense 1: none\nFlorence: Expense 2: none", "treasury: {Florence: 72}\n"
           "special_units: {Papacy: {A PER: citizens_militia}}\n")
    assert {"Papacy: A PER", "Papacy: G PER"} <= units_after(r) and treasury(r, "Florence") == 72


@pytest.mark.rule("rules.machiavelli/bugs-a4a", moved=True)
@pytest.mark.rule("seed000/straits-3")
def test_milans_fleet_in_piombino_lets_its_other_fleet_pass_as_florence_attacks():
    """njudge #511 (appendix 6 A4a): "If e.g. Naples has a fleet in Mes a neapolitan fleet moving
    ION-GON ... fails if an enemy fleets try to move into MES" — at Piombino: Florence's fleet
    attacks Piombino as Milan's second fleet passes from the Eastern Tyrrhenian Sea to Pisa."""
    r = go("  Milan: [F PIO, F ETS]\n  Florence: [F WTS]", "Milan: F ETS - PSA\nFlorence: F WTS - PIO")
    assert "Milan: F PSA" in units_after(r)


@pytest.mark.rule("rules.machiavelli/bugs-a4b", moved=True)
@pytest.mark.rule("rules.machiavelli/sequence-b")
def test_turkey_buys_the_fleet_in_messina_and_passes_the_strait():
    """njudge #537 (appendix 6 A4b): "If e.g. Florence buys a papal unit in PIO any florentine move
    from ETS-PSA (or vice versa) will be blocked" — at Messina: Turkey buys Naples' keeper and its
    fleet passes from the Ionian Sea to the Gulf of Naples."""
    r = go("  Naples: [F MES]\n  Turkey: [F ION]", "Turkey: Expense 1: 18 ducats buy f MES\nTurkey: F ION - GON",
           "treasury: {Turkey: 18}\n")
    assert {"Turkey: F MES", "Turkey: F GON"} <= units_after(r)


_LAGOON_DISLODGED = ("  Venice: [F LAG]\n  Milan: [F UAS, F FRI, A PAD, A TRV]", "Milan: F UAS - LAG\nMilan: F FRI S F UAS - LAG")


@pytest.mark.rule("rules.machiavelli/bugs-a5", "rules.machiavelli/rebellions-5.2")
def test_a_rebelling_venice_is_no_retreat_for_the_fleet_on_the_lagoon():
    """njudge #516 (appendix 6 A5): "If Venice is in rebellion the judge will issue a retreat message
    stating that retreat is possible into Venice, but correctly deny any user to retreat into
    Venice": Venice's fleet on the Lagoon, its other exits held, is dislodged while the city of
    Venice rebels against Venice; it has no retreat (5.2) and is disbanded."""
    r = go(*_LAGOON_DISLODGED, "rebellions: {VEN: {against: Venice, city: true}}\n")
    assert not retreating(r) and not r.result.next_position.units_of("Venice")


@pytest.mark.rule("seed000/venice-lagoon-4", "rules.machiavelli/conversion-retreat")
def test_the_fleet_on_the_lagoon_retreats_into_venice_only_as_its_garrison():
    """seed 000: "Venice may contain a Garrison unit (in the city), a Fleet (on the Lagoon), or
    both", so no fleet stands in the city; rules §Conversion, retreats: a dislodged unit with no
    other retreat converts into the empty walled city: Venice's dislodged fleet becomes the
    garrison of Venice."""
    r = then(go(*_LAGOON_DISLODGED), "Venice: F LAG C G")
    assert "Venice: G VEN" in units_after(r)


@pytest.mark.rule("seed000/venice-lagoon-4")
def test_the_fleet_on_the_lagoon_does_not_retreat_into_venice_as_a_fleet():
    """seed 000: Venice holds "a Garrison unit (in the city), a Fleet (on the Lagoon), or both": no
    fleet stands in Venice, so Venice's fleet dislodged from the Lagoon, ordered to retreat into
    Venice as a fleet, is disbanded."""
    r = then(go(*_LAGOON_DISLODGED), "Venice: F LAG - VEN")
    assert outcome(r, "F LAG R VEN") is Outcome.ILLEGAL and not r.result.next_position.units_of("Venice")


@pytest.mark.rule("rules.machiavelli/bugs-a6", "rules.machiavelli/sieges-3")
def test_as_written_rebels_do_not_help_a_besieged_garrison_convert():
    """njudge #521 (appendix 6 A6): "Besieged G allowed to convert with rebellion support in the 2nd
    siege turn. This is explicitly forbidden by the rules" (as written, seed 000 off): Florence's
    garrison of Modena, besieged by the Papacy, with the province rebelling against the Papacy."""
    off = {"house_besieged_garrison_converts": False}
    r = go("  Papacy: [A MOD]\n  Florence: [G MOD]", "Florence: G MOD C A", "sieges: {MOD: {by: Papacy, unit: MOD}}\n"
           "rebellions: {MOD: {against: Papacy, city: false}}\n", options=off)
    assert outcome(r, "G MOD C A") is Outcome.ILLEGAL and "Papacy: A MOD" in units_after(r)


@pytest.mark.rule("rules.machiavelli/bugs-a6", "seed000/convert-2", "rules.machiavelli/rebellions-6.5")
def test_under_the_house_rule_the_rebels_point_is_support_like_any_other():
    """Seed 000 lets a besieged garrison convert with "support greater than strength of the
    besieging unit"; the rebels' point (rules §Effects of rebellions 6.5) is such support: under the
    house rule the same garrison converts and dislodges the besieger."""
    r = go("  Papacy: [A MOD]\n  Florence: [G MOD]", "Florence: G MOD C A", "sieges: {MOD: {by: Papacy, unit: MOD}}\n"
           "rebellions: {MOD: {against: Papacy, city: false}}\n")
    assert "Florence: A MOD" in units_after(r) and retreating(r)


@pytest.mark.rule("rules.machiavelli/bugs-a7", "rules.machiavelli/sieges-5")
def test_a_besieger_of_turin_ordered_to_move_stays_and_ends_its_siege():
    """njudge #529 (appendix 6 A7): "Siege not lifted when besiegeing unit is given non-siege order"
    — Milan's army besieging Turin is ordered to Savoy in the second campaign: it holds and the
    siege ends."""
    r = go("  Milan: [A TUR]\n  France: [G TUR]", "Milan: A TUR - SAV", "sieges: {TUR: {by: Milan, unit: TUR}}\n")
    assert "Milan: A TUR" in units_after(r) and not state_of(r).get("sieges") and "France: G TUR" in units_after(r)


@pytest.mark.rule("rules.machiavelli/bugs-a8", "rules.machiavelli/sequence-m")
def test_france_bought_out_of_its_last_city_moves_before_it_is_eliminated():
    """njudge #534 (appendix 6 A8): "Power eliminated at the beginning of a campaign due to bribe ...
    Powers are always eliminated after retreats": Milan buys France's garrison of Marseilles, its
    last home city; France's army still moves this campaign and France is out at its end."""
    r = go("  France: [G MAR, A TUR]\n  Milan: [A PRO]", "Milan: Expense 1: 18 ducats buy g MAR\nFrance: A TUR - SLZ",
           "treasury: {Milan: 18}\nprovince_control: {AVI: France, MAR: France, PRO: Milan, MIL: Milan}\n"
           "city_control: {MAR: France, AVI: Milan, SWI: Milan, MIL: Milan}\n")
    assert ok(r, "A TUR - SLZ") and "France" in state_of(r)["eliminated"]


@pytest.mark.rule("rules.machiavelli/bugs-b1", moved=True)
@pytest.mark.rule("rules.machiavelli/rebellions-8.3")
def test_austria_entering_treviso_frees_it_and_is_not_its_target():
    """njudge #425/#489 (appendix 6 B1): "an austrian unit entered a province rebelling against
    Venice. The rebellion was then not removed ... and was subsequently directed against Austria"
    — Treviso: the rebellion is gone, and none is against Austria."""
    r = go("  Austria: [A FRI]", "Austria: A FRI - TRV", "rebellions: {TRV: {against: Venice, city: true}}\n")
    assert "Austria: A TRV" in units_after(r) and not state_of(r).get("rebellions")
    r = then(r, "Austria: A TRV H")
    assert not state_of(r).get("rebellions")


@pytest.mark.rule("rules.machiavelli/bugs-b2", "rules.machiavelli/advanced-basic-2")
def test_the_basic_game_removes_units_beyond_the_count():
    """njudge #522 (appendix 6 B2, a crash in the Basic game's builds): Milan, with five armies and
    three cities, removes two; the phase is played."""
    r = go("  Milan: [A MIL, A PAV, A CRE, A COM, A PIA]", "Milan: Remove A COM\nMilan: Remove A PIA", "treasury: {}\n",
           phase="Winter 1454 Adjustment", options=BASIC)
    assert units_after(r) == {"Milan: A MIL", "Milan: A PAV", "Milan: A CRE"}


@pytest.mark.rule("rules.machiavelli/bugs-b3")
def test_naples_disbands_the_garrison_of_bari_and_builds_a_fleet_there():
    """njudge #541 (appendix 6 B3): "The judge did not like to receive an order that contained both
    a build and disbanded order for the same province": Naples disbands its garrison of Bari and
    builds a fleet in Bari."""
    r = go("  Naples: [G BAR]", "Naples: Disband G BAR\nNaples: Build F BAR", "treasury: {Naples: 9}\n", phase="Winter 1454 Adjustment")
    assert units_after(r) == {"Naples: F BAR"}


@pytest.mark.rule("rules.machiavelli/assassination-effects-2", "rules.machiavelli/straits-h")
def test_an_assassinated_rulers_fleet_retreats_from_ancona():
    """rules §Effects of assassination 2: the victim "will still be able to retreat": the Papal
    fleet in Ancona, dislodged by Venice in the campaign the Papacy's ruler is assassinated,
    retreats to the Lower Adriatic."""
    r = _assassinated("  Florence: [A ARE]\n  Papacy: [F ANC]\n  Venice: [F UAS, A RMA]", "Venice: F UAS - ANC\nVenice: A RMA S F UAS - ANC")
    assert retreating(r)
    r = then(r, "Papacy: F ANC R LAS")
    assert "Papacy: F LAS" in units_after(r)


NO_GARRISONS = {"garrisons": False}


@pytest.mark.rule("rules.machiavelli/options-garrisons")
def test_without_garrisons_a_fleet_does_not_garrison_a_port():
    """rules §Variant specific judge commands, set nogarrisons: "You may not use, build or convert
    to these": Naples' fleet in Naples stays a fleet."""
    r = go("  Naples: [F NAP]", "Naples: F NAP C G", options=NO_GARRISONS)
    assert outcome(r, "F NAP C G") is Outcome.ILLEGAL and units_after(r) == {"Naples: F NAP"}


@pytest.mark.rule("rules.machiavelli/options-garrisons", "rules.machiavelli/conversion-retreat")
def test_without_garrisons_no_retreat_into_a_city():
    """rules §Variant specific judge commands, set nogarrisons: no conversion into a garrison, so no
    retreat by conversion either: Milan's army in Lucca, every other way out held, is disbanded."""
    r = go("  Milan: [A LUC]\n  Florence: [A PSA, A PST, A BOL, A MOD, F EGL]", "Florence: A PSA - LUC\nFlorence: A PST S A PSA - LUC",
           options=NO_GARRISONS)
    assert not retreating(r) and not r.result.next_position.units_of("Milan")


@pytest.mark.rule("rules.machiavelli/assassination-2", "rules.machiavelli/assassination-1", moved=True)
def test_venice_spends_twenty_four_ducats_on_milans_ruler():
    """rules §Assassinations, "Example. Expense 3: 24 ducats assassinate papacy" — Venice on Milan:
    two chances in six; over the dice of many campaigns some attempts succeed and some fail, and
    each uses up Venice's chit."""
    order = "Venice: Expense 3: 24 ducats assassinate Milan"
    text = "Expense 3: 24 ducats assassinate Milan"
    seen = set()
    for k in range(40):
        r = go("  Venice: [A VER]\n  Milan: [A MIL]", order, f"dice_seed: v{k}\ntreasury: {{Venice: 24}}\n")
        seen.add(outcome(r, text))
        assert "Milan" not in state_of(r)["chits"]["Venice"] and treasury(r, "Venice") == 0
    assert seen == {Outcome.SUCCESS, Outcome.FAILURE}


@pytest.mark.rule("rules.machiavelli/order-shorthand", moved=True)
def test_the_shorthand_buy_and_disband_read_in_siena_and_bari():
    """rules §Order shorthand: "Expense 1: buy fer = 18 ducats buy [a|f|g] fer. Expense 1: disband
    dur = 12 ducats disband [a|f|g] dur" — read in Siena and Bari, and played."""
    r = go("  Florence: [A ARE]\n  Papacy: [A SIE]\n  Naples: [G BAR, A OTR]\n  Milan: [A AQU]",
           "Florence: Expense 1: buy sie\nMilan: Expense 1: disband bar", "treasury: {Florence: 18, Milan: 12}\n")
    assert not r.unreadable
    assert "Florence: A SIE" in units_after(r) and "Naples: G BAR" not in units_after(r)


@pytest.mark.rule("seed000/venice-lagoon-4", "rules.machiavelli/bugs-a5")
def test_the_players_are_not_told_the_fleet_on_the_lagoon_may_retreat_into_venice():
    """seed 000 (no fleet stands in Venice) and njudge bug A5's other half: Venice is not offered as
    a retreat to the fleet dislodged from the Lagoon. The options players are told (results.txt,
    results.yaml, the site, the maps) come from the variant's rules hook, which the retreat phase
    plays too; the standard rules alone would offer Venice."""
    from judge.core.legality import retreat_options

    r = go(*_LAGOON_DISLODGED)
    after = r.result.next_position
    (d,) = [d for d in after.dislodged if d.unit.power == "Venice"]
    assert "VEN" in [o.province for o in retreat_options(MACH.board, after, d.unit, d.attacker_from)]
    assert "VEN" not in [o.province for o in MACH.rules.retreat_options(MACH, after, d)]
