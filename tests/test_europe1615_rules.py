"""Europe 1615 (seed 002): the rules and errata not covered by ``test_europe1615.py``, one test
each, named after the rule (the variant's README maps every rule to its test).

Every phase is played through :func:`judge.adjudication.run_phase`, the command line's path.
"""

from __future__ import annotations

import pytest

from judge.core.errors import MapError
from judge.core.resolution import Outcome
from judge.core.types import PhaseKind
from judge.variants import find_variant
from judge.variants.europe1615.rules import markers, objectives_met, relations, score, state_status, status
from judge.variants.europe1615.position_state import Revolt
from judge.variants.europe1615.state import state_marker

from test_europe1615 import V, WAR_FR_SP, marks, outcome, play, position, result, units_after


def rel(war=(), alliances=(), neutral=(), declarations=None):
    return {"war": [list(w) for w in war], "alliances": [list(a) for a in alliances], "neutral": list(neutral),
            "war_declarations": declarations or {}}


def after(pos, orders: str = "", variant=V):
    return play(pos, orders, variant).result.next_position


def winter(units: dict, year: int = 1616, variant=V, **extra):
    return position(units, phase=f"Winter {year} Adjustment", variant=variant, **extra)


# -- Influence and placement ---------------------------------------------------------------------------

@pytest.mark.rule("seed002/influence-3")
def test_seed002_influence_placed_infs_cannot_be_removed_and_stay_from_year_to_year():
    """Seed, "Influence and placement": no INFs removed once placed (no such order; a placement
    of 0 is refused); INFs placed last year are still there."""
    r = play(position({}, infs={"SAX": {"Sweden": 4}}), "Sweden: 0: SAX")
    assert outcome(r, "0: SAX") is Outcome.ILLEGAL
    nxt = after(position({}, phase="Winter 1616 Income", infs={"SAX": {"Sweden": 4}}))
    assert str(nxt.phase) == "Spring 1617 Movement"
    assert nxt.state.infs["SAX"] == {"Sweden": 4}


@pytest.mark.rule("seed002/influence-4", "seed002/income-1")
def test_seed002_influence_bought_in_the_winter_income_phase_for_next_year():
    """Seed, "Influence and placement": INFs are purchased in the Winter Income and Build Phase
    (reconstructed price 2 each), not below the 25 floor, and placed the next year."""
    pos = position({}, phase="Winter 1616 Income", treasury={"France": 40, "Spain": 30})
    r = play(pos, "France: Buy 5 INF\nSpain: Buy 3 INFs")
    assert outcome(r, "Buy 5 INF") is Outcome.SUCCESS
    assert outcome(r, "Buy 3 INF") is Outcome.ILLEGAL          # 30 - 6 < 25
    nxt = r.result.next_position
    assert nxt.state.treasury["France"] == 30
    assert nxt.state.treasury["Spain"] == 30
    assert nxt.state.influence["France"] == 21 + 5
    assert nxt.state.influence["Spain"] == 23
    # not in a movement phase
    r = play(position({}), "France: Buy 2 INF")
    assert outcome(r, "Buy 2 INF") is Outcome.ILLEGAL


@pytest.mark.parametrize("year, barred, allowed, state, name", [
    (1625, "Sweden", "Denmark", "LOWR", "Lower Saxony"),   # Kejserkrigen: only Denmark in Lower Saxony from 1625
    (1619, "Austria", "England", "TRA", "TRA"),            # Bethlen's intervention: Transylvania Protestant only from 1619
], ids=["kejserkrigen_only_denmark_in_lower_saxony_from_1625", "bethlens_intervention_transylvania_protestant_only_from_1619"])
@pytest.mark.rule("seed002/sanctions-3", "seed002/sanctions-4")
def test_seed002_sanction_from_a_year(year, barred, allowed, state, name):
    r = play(position({}, phase=f"Spring {year - 1} Movement"), f"{barred}: 2: {state}")
    assert outcome(r, f"2: {state}") is Outcome.SUCCESS
    r = play(position({}, phase=f"Spring {year} Movement"), f"{barred}: 2: {state}\n{allowed}: 3: {name}")
    assert outcome(r, f"2: {state}") is Outcome.ILLEGAL
    assert outcome(r, f"3: {state}") is Outcome.SUCCESS


@pytest.mark.rule("seed002/sanctions-5")
def test_seed002_sanction_polish_swedish_rivalry_first_year_only():
    r = play(position({}, phase="Spring 1615 Movement"), "Sweden: 2: POLN")
    assert outcome(r, "2: POLN") is Outcome.ILLEGAL
    r = play(position({}, phase="Spring 1616 Movement"), "Sweden: 2: Poland")
    assert outcome(r, "2: POLN") is Outcome.SUCCESS


@pytest.mark.rule("seed002/sanctions-6")
def test_seed002_sanction_maghreb_algeria_after_tunisias_successful_move():
    pos = position({"TUN": ["F TUN"]}, activated=["TUN"], infs={"TUN": {"Spain": 3}})
    r = play(pos, "Spain: 2: ALG")
    assert outcome(r, "2: ALG") is Outcome.ILLEGAL
    nxt = after(pos, "Spain: F TUN - WMD")
    assert nxt.state.activated == ("ALG", "TUN")
    r = play(nxt, "Spain: 2: ALG\nSpain: 2: MRC")
    assert outcome(r, "2: ALG") is Outcome.SUCCESS
    assert outcome(r, "2: MRC") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/sanctions-7")
def test_seed002_optional_sanction_huguenot_revolt_guyenne_secedes_in_1621():
    v = find_variant("europe1615", {"huguenot_revolt": True})
    nxt = after(position({}, phase="Winter 1620 Income", variant=v), variant=v)
    assert nxt.supply_centers["GUY"] == "GUY"
    r = play(nxt, "Dutch: 2: GUY\nSpain: 2: Guyenne", v)
    assert outcome(r, "2: GUY") is Outcome.SUCCESS
    assert [x.outcome for x in r.resolutions() if x.power == "Spain"] == [Outcome.ILLEGAL]
    nxt = after(position({}, phase="Winter 1620 Income"))
    assert nxt.supply_centers["GUY"] == "France"


# -- The diplomatic attack ------------------------------------------------------------------------------

@pytest.mark.rule("seed002/diplomatic-attack-1")
def test_seed002_diplomatic_attack_needs_own_infs_and_a_target_invested_there():
    pos = position({}, phase="Winter 1616 Adjustment", infs={"SAX": {"Denmark": 6}, "HES": {"Sweden": 2}})
    r = play(pos, "Sweden: SAX > Denmark")
    assert outcome(r, "SAX > Denmark") is Outcome.ILLEGAL           # no Swedish INFs in SAX
    r = play(pos, "Sweden: HES > Denmark")
    assert outcome(r, "HES > Denmark") is Outcome.FAILURE           # no Danish INFs in HES
    assert r.result.next_position.state.infs["HES"] == {"Sweden": 2}
    # INFs placed in the same phase count: "has deployed or will be deploying"
    r = play(pos, "Sweden: 3: SAX\nSweden: SAX > Denmark")
    assert r.result.next_position.state.infs["SAX"] == {"Denmark": 3}


@pytest.mark.rule("seed002/errata-2015-03-08-5")
def test_seed002_errata_2015_03_08_5_diplomatic_attack_against_an_ally_allowed():
    pos = position({}, phase="Winter 1616 Adjustment", infs={"SAX": {"Dutch": 4, "England": 3}},
                   relations=rel(alliances=[("Dutch", "England")]))
    r = play(pos, "England: SAX > Dutch")
    assert outcome(r, "SAX > Dutch") is Outcome.SUCCESS
    assert r.result.next_position.state.infs["SAX"] == {"Dutch": 1}


# -- Alignments, neutrality, large states ----------------------------------------------------------------

@pytest.mark.rule("seed002/board-1", "seed002/declarations-1")
def test_seed002_large_state_all_provinces_share_its_status():
    """Seed, "Notes about the board": a large state's provinces are all aligned or neutral;
    Poland has six provinces and Spain's aligned Poland closes Posen (no centre) to France."""
    assert V.data["states"]["POLN"]["provinces"] == ["DAN", "POS", "WAR", "GAL", "SAM", "LIT"]
    assert len(V.data["states"]["OTT"]["provinces"]) == 8
    pos = position({"France": ["A SIL"]}, infs={"POLN": {"Spain": 4}})
    r = play(pos, "France: A SIL - POS")
    assert "may not enter" in result(r, "A SIL - POS").reason
    r = play(position({"France": ["A SIL"]}, infs={"POLN": {"Spain": 4}}, relations=WAR_FR_SP), "France: A SIL - POS")
    assert "France: A POS" in units_after(r)


# -- Confessional markers and religious rebellion --------------------------------------------------------

@pytest.mark.rule("seed002/markers-1", "seed002/markers-2")
def test_seed002_confessional_markers_sole_confession_or_twice_the_other():
    pos = position({}, infs={"SAX": {"Sweden": 2}, "BAV": {"Spain": 2, "France": 1}, "HES": {"Dutch": 4, "Spain": 2},
                             "WES": {"Dutch": 3, "Spain": 2}})
    assert state_marker(V, pos, "SAX") == "protestant"
    assert state_marker(V, pos, "BAV") == "catholic"
    assert state_marker(V, pos, "HES") == "protestant"       # twice the Catholic INFs
    assert state_marker(V, pos, "WES") == "none"             # 3 to 2: no marker
    assert state_marker(V, pos, "PAPL") == "catholic"        # the Papal State starts Catholic
    assert markers(V, pos) == {"BAV": "catholic", "HES": "protestant", "ROM": "catholic", "SAX": "protestant"}


@pytest.mark.rule("seed002/markers-3")
def test_seed002_confessional_marker_white_when_captured_by_its_own_confession():
    pos = winter({"Spain": ["A BAV"]}, infs={"BAV": {"France": 3}}, relations=WAR_FR_SP)
    nxt = after(pos)
    assert nxt.supply_centers["BAV"] == "Spain"
    assert markers(V, nxt)["BAV"] == "white"
    assert "BAV" not in (nxt.state.revolts or {})


@pytest.mark.rule("seed002/markers-3", "seed002/rebellion-1")
def test_seed002_religious_rebellion_red_marker_then_black():
    """Seed, "Confessional markers" and "Religious rebellion": a Protestant capture of a state
    with a Catholic marker puts it in revolt (red) for its value (BAV: 4) in movement phases;
    then a black marker."""
    pos = winter({"Dutch": ["A BAV"]}, year=1620, infs={"BAV": {"France": 3}}, relations=rel(war=[("Dutch", "France")]))
    nxt = after(pos)
    assert markers(V, nxt)["BAV"] == "red"
    assert nxt.state.revolts["BAV"] == Revolt("Dutch", 4)
    red = []
    while str(nxt.phase) != "Summer 1622 Movement":
        if nxt.phase.kind is PhaseKind.MOVEMENT:
            red.append(str(nxt.phase))
            assert markers(V, nxt)["BAV"] == "red"
        nxt = after(nxt)
    assert red == ["Spring 1621 Movement", "Summer 1621 Movement", "Fall 1621 Movement", "Spring 1622 Movement"]
    assert markers(V, nxt)["BAV"] == "black"
    assert "BAV" not in (nxt.state.revolts or {})


@pytest.mark.rule("seed002/rebellion-2")
def test_seed002_religious_rebellion_note_no_revolt_when_protestants_take_bohemia():
    """Seed, "Religious rebellion", note: no rebellion when a Protestant power captures Bohemia
    or Guyenne; a black marker at once."""
    pos = winter({"Sweden": ["A BOH"]}, relations=rel(war=[("Sweden", "Austria")]))
    nxt = after(pos)
    assert nxt.supply_centers["BOH"] == "Sweden"
    assert "BOH" not in (nxt.state.revolts or {})
    assert markers(V, nxt)["BOH"] == "black"
    # but a Protestant capture of a Catholic home centre of Austria rebels
    nxt = after(winter({"Sweden": ["A SIL"]}, relations=rel(war=[("Sweden", "Austria")])))
    assert nxt.state.revolts["SIL"].power == "Sweden"


@pytest.mark.rule("seed002/income-4")
def test_seed002_income_home_centre_under_opposing_occupier_pays_nothing():
    """Seed, "Income phase": a home centre under foreign occupation of the opposing confession
    is in revolt and pays nothing to the occupier until the revolt is quelled."""
    pos = winter({"Spain": ["A HOL", "A CAS"]}, relations=rel(war=[("Spain", "Dutch")]), treasury={"Spain": 50},
                 supply_centers={"Spain": ["CAS"], "Dutch": ["HOL", "ZEE"]})
    nxt = after(pos)
    assert nxt.supply_centers["HOL"] == "Spain"
    assert nxt.state.revolts["HOL"].power == "Spain"
    # Spain's six home centres pay 26; Holland's 5 does not
    assert nxt.state.treasury["Spain"] == 50 + 26
    # once the revolt is over, Holland pays
    quiet = position({"Spain": ["A HOL"]}, phase="Winter 1618 Adjustment", treasury={"Spain": 50},
                     supply_centers={"Spain": ["HOL", "CAS", "AND", "POR", "NAP", "MIL", "NET"]}, markers={"HOL": "black"})
    assert after(quiet).state.treasury["Spain"] == 50 + 26 + 5


@pytest.mark.rule("seed002/errata-2015-04-05-1")
def test_seed002_errata_2015_04_05_minors_get_no_income_from_revolting_centres():
    """Errata 4-5-2015: a minor's captured centre of the opposing confession revolts too; a
    minor keeps no treasury, so nobody draws income from it (and the centre's value is not paid
    to any power)."""
    pos = winter({"SAX": ["A BAV"]}, infs={"BAV": {"France": 3}}, supply_centers={"SAX": ["SAX"], "BAV": ["BAV"], "France": ["PAR"]})
    nxt = after(pos)
    assert nxt.supply_centers["BAV"] == "SAX"
    assert nxt.state.revolts["BAV"] == Revolt("SAX", 4)
    assert set(nxt.state.treasury) == {"Austria", "Sweden", "Denmark", "Spain", "France", "Dutch", "England"}
    assert nxt.state.treasury["France"] == 50 + 18      # its home centres only


@pytest.mark.rule("seed002/errata-2015-04-05-1", "seed002/minor-units-1")
def test_seed002_errata_2015_04_05_has_no_effect_a_revolting_centre_still_earns_its_minor_a_unit():
    """Errata 4-5-2015 speaks of a minor's income from revolting centres; minor states keep no
    treasury, so it changes nothing: a foreign centre in revolt still counts for the minor's
    units ("Adding a unit for a minor state" counts centres, not income)."""
    pos = position({"SAX": ["A BAV"]}, phase="Winter 1616 Income", supply_centers={"SAX": ["SAX", "BAV"], "France": ["PAR"]},
                   revolts={"BAV": {"power": "SAX", "left": 4}})
    nxt = after(pos)
    assert {f"{u.power}: {u}" for u in nxt.units} == {"SAX: A BAV", "SAX: A SAX"}
    assert "SAX" not in nxt.state.treasury


@pytest.mark.rule("seed002/errata-2015-03-08-4", "seed002/neutrality-2")
def test_seed002_reading_errata_2015_03_08_4_neutral_state_passable_as_its_foreign_unit_leaves():
    """Errata 3-8-2015 [4] (a neutral state is passable while a foreign unit occupies it), our
    reading: passability is judged on the position at the start of the phase, as orders are
    simultaneous. A unit may enter as the foreign unit inside leaves in the same phase; once the
    state is empty at the start of a phase, it is impassable again."""
    pos = position({"France": ["A CHA"], "Spain": ["A LOR"]}, infs={"LOR": {"Spain": 3, "France": 3}}, relations=WAR_FR_SP)
    r = play(pos, "France: A CHA - LOR\nSpain: A LOR - LUX")
    assert "France: A LOR" in units_after(r) and "Spain: A LUX" in units_after(r)
    empty = position({"France": ["A CHA"], "Spain": ["A LUX"]}, infs={"LOR": {"Spain": 3, "France": 3}}, relations=WAR_FR_SP)
    r = play(empty, "France: A CHA - LOR")
    assert outcome(r, "A CHA - LOR") is Outcome.FAILURE


def _spring_retreat(declarations, relations=None):
    extra = {"declarations": declarations}
    if relations:
        extra["relations"] = relations
    return position({"France": ["A PAR", "A ARA"], "Spain": ["A CAS"]}, phase="Spring 1616 Retreat",
                    dislodged={"Spain": {"A ARA": "GUY"}}, **extra)


@pytest.mark.rule("seed002/errata-2015-03-08-options", "seed002/errata-2015-03-08-2")
def test_seed002_reading_spring_movement_and_its_retreats_are_one_declaration_phase():
    """Our reading (errata 3-8-2015, "each time the Declaration phase is invoked"): one
    Declaration phase is every phase whose declarations come into force together, at the next
    movement phase; so the Spring Movement and the Spring Retreat are one. A second war
    declared in the Retreat is refused; so is joining an alliance after a break in the
    Movement, or after declaring neutrality; an armistice may still follow."""
    war = [{"power": "France", "kind": "war", "targets": ["Spain"], "amount": None}]
    r = play(_spring_retreat(war), "France: Declare war on England")
    assert outcome(r, "Declare war on England") is Outcome.ILLEGAL
    assert "one declaration of war a pass" in result(r, "Declare war on England").reason
    nxt = r.result.next_position
    assert str(nxt.phase) == "Summer 1616 Movement"
    assert relations(nxt).at_war("France", "Spain") and not relations(nxt).at_war("France", "England")
    brk = [{"power": "England", "kind": "break", "targets": [], "amount": None}]
    r = play(_spring_retreat(brk, rel(alliances=[("Dutch", "England")])),
             "England: Alliance with France\nFrance: Alliance with England")
    assert outcome(r, "Alliance with France") is Outcome.ILLEGAL
    assert not relations(r.result.next_position).allied("England", "France")
    # Without the declaration in the Movement, the Retreat's war is the pass's first: followed.
    r = play(_spring_retreat([]), "France: Declare war on England")
    assert outcome(r, "Declare war on England") is Outcome.SUCCESS
    assert relations(r.result.next_position).at_war("France", "England")


# -- Specific rules regarding minor states ----------------------------------------------------------------

@pytest.mark.rule("seed002/minor-states-2")
def test_seed002_minor_rule2_attack_by_its_aligned_power_does_not_cut_support():
    pos = position({"France": ["A CHA", "A ALS"], "LOR": ["A LOR"], "Spain": ["A LUX"]},
                   infs={"LOR": {"France": 4}}, relations=WAR_FR_SP)
    orders = "France: A LOR S A CHA - LUX\nFrance: A CHA - LUX\nFrance: A ALS - LOR\nSpain: A LUX H"
    r = play(pos, orders)
    assert outcome(r, "A LOR S A CHA - LUX") is Outcome.SUCCESS
    assert "France: A LUX" in units_after(r)


@pytest.mark.rule("seed002/minor-states-3")
def test_seed002_minor_rule3_capture_of_the_capital_releases_its_foreign_centres():
    """Seed, "Specific rules" (3): the capture of a minor's home centre disbands its units and
    relinquishes its foreign centres in the Winter Adjustment."""
    pos = winter({"France": ["A LOR"], "LOR": ["A RHI"]}, supply_centers={"LOR": ["RHI"], "France": ["PAR"]})
    nxt = after(pos)
    assert nxt.supply_centers["LOR"] == "France"
    assert not any(u.power == "LOR" for u in nxt.units)
    assert nxt.supply_centers["RHI"] == "RHI"


@pytest.mark.rule("seed002/minor-units-2")
def test_seed002_minor_units_match_centres_the_aligned_power_chooses_the_removal():
    """Seed, "Adding a unit for a minor state": an aligned minor's power names the unit to
    disband; an unaligned minor loses the furthest (see test_europe1615)."""
    pos = winter({"LOWR": ["A BRE", "A BRU", "A FRI"]}, infs={"LOWR": {"Denmark": 3}})
    r = play(pos, "Denmark: Disband A BRE")
    assert outcome(r, "Disband A BRE") is Outcome.SUCCESS
    assert {u for u in units_after(r) if u.startswith("LOWR")} == {"LOWR: A BRU", "LOWR: A FRI"}
    # France is not aligned: its order is not followed
    r = play(pos, "France: Disband A BRE")
    assert outcome(r, "Disband A BRE") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/minor-units-1")
def test_seed002_minor_adds_a_unit_for_a_foreign_centre_it_controls():
    """Seed, "Adding a unit for a minor state": a minor adds a unit when it controls a foreign
    centre, on a vacant home centre (the aligned power may choose the kind); no unit without
    one, unless the option all_centres."""
    pos = position({"LOR": ["A RHI"]}, phase="Winter 1616 Income", supply_centers={"LOR": ["LOR", "RHI"]})
    nxt = after(pos)
    assert {u for u in (f"{u.power}: {u}" for u in nxt.units)} == {"LOR: A RHI", "LOR: A LOR"}
    # an aligned Genoa, holding Tuscany: its power orders a fleet
    pos = position({"GEN": ["A TUS"]}, phase="Winter 1616 Income", supply_centers={"GEN": ["GEN", "TUS"]},
                   infs={"GEN": {"Spain": 2}})
    r = play(pos, "Spain: Build F GEN")
    assert outcome(r, "Build F GEN") is Outcome.SUCCESS
    assert "GEN: F GEN" in units_after(r)
    # no foreign centre: no unit
    pos = position({"LOWR": ["A BRE"]}, phase="Winter 1616 Income", supply_centers={"LOWR": ["BRE", "BRU"]})
    assert len(after(pos).units) == 1
    v = find_variant("europe1615", {"minor_builds": "all_centres"})
    pos = position({"LOWR": ["A BRE"]}, phase="Winter 1616 Income", variant=v, supply_centers={"LOWR": ["BRE", "BRU"]})
    assert {f"{u.power}: {u}" for u in after(pos, variant=v).units} == {"LOWR: A BRE", "LOWR: A BRU"}


# -- Declarations and movement ------------------------------------------------------------------------------

@pytest.mark.rule("seed002/mobilization-1", "seed002/errata-2015-03-02-1")
def test_seed002_mobilization_aligned_minor_cannot_attack_another_aligned_minor_without_war():
    pos = position({"LOR": ["A LOR"], "RHI": ["A RHI"]}, infs={"LOR": {"France": 3}, "RHI": {"Dutch": 3}})
    r = play(pos, "France: A LOR - RHI")
    assert "may not enter" in result(r, "A LOR - RHI").reason
    # nor be ordered into a power's domain
    r = play(pos, "France: A LOR - LUX")
    assert "may not enter" in result(r, "A LOR - LUX").reason
    # errata 3-2-2015: movement between states aligned to the same power is allowed
    pos = position({"RHI": ["A RHI"]}, infs={"RHI": {"France": 3}, "FRA": {"France": 1}})
    assert "RHI: A FRA" in units_after(play(pos, "France: A RHI - FRA"))
    pos = position({"RHI": ["A RHI"]}, infs={"RHI": {"France": 3}, "FRA": {"Dutch": 1}})
    assert "may not enter" in result(play(pos, "France: A RHI - FRA"), "A RHI - FRA").reason


@pytest.mark.rule("seed002/mobilization-2", "seed002/alignments-1", "seed002/war-1")
def test_seed002_mobilization_seas_and_unaligned_states_are_open():
    pos = position({"England": ["F LON"], "Spain": ["F AND"], "France": ["A CHA"]})
    r = play(pos, "England: F LON - ENG\nSpain: F AND - ATL\nFrance: A CHA - LOR")
    assert {"England: F ENG", "Spain: F ATL", "France: A LOR"} <= units_after(r)


@pytest.mark.rule("seed002/war-3", "seed002/errata-2015-03-08-neutrality", "seed002/alliances-2")
def test_seed002_convoy_and_support_allowed_without_declaration():
    """Seed, "Declarations and movement" (3) and errata 3-8-2015 (neutrality): a power may
    convoy another's unit without a declaration of war."""
    pos = position({"England": ["F NTH"], "Dutch": ["A HOL"]})
    r = play(pos, "England: F NTH C A HOL - YOR\nDutch: A HOL - YOR")
    # the convoy is given; the Dutch army may not enter England without war or alliance
    assert outcome(r, "F NTH C A HOL - YOR") is Outcome.SUCCESS
    assert "may not enter" in result(r, "A HOL - YOR").reason
    pos = position({"England": ["F NTH"], "Dutch": ["A HOL"]}, relations=rel(alliances=[("Dutch", "England")]))
    r = play(pos, "England: F NTH C A HOL - YOR\nDutch: A HOL - YOR")
    assert "Dutch: A YOR" in units_after(r)


@pytest.mark.rule("seed002/errata-2015-02-17-1")
def test_seed002_option_standoff_without_declaration_off():
    """Option ``standoff_without_declaration: false`` (the rulebook before the errata of
    2-17-2015): the move is not allowed and bounces nothing."""
    v = find_variant("europe1615", {"standoff_without_declaration": False})
    pos = position({"France": ["A CHA"], "Spain": ["A NET"]}, variant=v)
    r = play(pos, "France: A CHA - LUX\nSpain: A NET - LUX", v)
    assert outcome(r, "A CHA - LUX") is Outcome.ILLEGAL
    assert "Spain: A LUX" in units_after(r)


@pytest.mark.rule("seed002/errata-2015-03-08-options")
def test_seed002_errata_2015_03_08_one_declaration_of_war_against_one_opponent():
    r = play(position({}), "France: Declare war on Spain, Austria")
    assert outcome(r, "Declare war on Spain, Austria") is Outcome.ILLEGAL
    r = play(position({}), "France: Declare war on Spain\nFrance: Declare war on Austria")
    assert outcome(r, "Declare war on Spain") is Outcome.SUCCESS
    assert outcome(r, "Declare war on Austria") is Outcome.ILLEGAL
    r = play(position({}, relations=WAR_FR_SP), "France: Declare war on Spain")
    assert "already at war" in result(r, "Declare war on Spain").reason


@pytest.mark.rule(
    "seed002/errata-2015-03-08-initiation",
    "seed002/errata-2015-03-08-penalty",
    "seed002/errata-2015-03-08-offensive",
)
def test_seed002_errata_2015_03_08_initiators_and_joiners_take_the_penalty_not_the_target():
    r = play(position({}), "France: war on Spain\nDutch: war on Spain")
    nxt = r.result.next_position
    assert relations(nxt).war_declarations == {"Dutch": 1, "France": 1}
    # joining the campaign is not an alliance (errata 3-8-2015, "Offensive alliance")
    assert not relations(nxt).allied("Dutch", "France")
    pts = score(V, nxt)
    base = score(V, position({}))
    assert pts["France"] - base["France"] == -10
    assert pts["Spain"] == base["Spain"]


@pytest.mark.rule("seed002/armistice", "seed002/declarations-3")
def test_seed002_armistice_in_any_phase_in_force_from_the_next_movement_phase():
    """Seed, "Armistice": players at war may use any phase to announce one (here the Winter
    Adjustment); like every declaration it is in force from the next movement phase."""
    pos = position({}, phase="Winter 1616 Adjustment", relations=WAR_FR_SP)
    nxt = after(pos, "France: Armistice with Spain\nSpain: Armistice with France")
    assert relations(nxt).at_war("France", "Spain")
    nxt = after(nxt)
    assert str(nxt.phase) == "Spring 1617 Movement"
    assert not relations(nxt).at_war("France", "Spain")


@pytest.mark.rule("seed002/errata-2015-03-08-initiation")
def test_seed002_errata_2015_03_08_a_power_at_war_cannot_be_neutral():
    r = play(position({}, relations=WAR_FR_SP), "Spain: Neutrality\nEngland: Neutrality")
    assert [x.outcome for x in r.resolutions() if x.power == "Spain"] == [Outcome.ILLEGAL]
    assert relations(r.result.next_position).neutral == ("England",)


@pytest.mark.rule("seed002/errata-2015-03-14-1", "seed002/errata-2015-03-14-8", "seed002/errata-2015-03-08-defensive")
def test_seed002_errata_2015_03_14_ally_of_a_declarer_is_at_war_and_takes_the_penalty():
    """Errata 3-14-2015: if B declares war on E, A (B's ally) is at war with E and obligated to
    declare; staying in the alliance it takes the penalty (option allies_share_war_penalty).
    It may break from the alliance in the same pass instead."""
    allied = rel(alliances=[("Dutch", "England")])
    nxt = after(position({}, relations=allied), "England: war on Spain")
    assert relations(nxt).at_war("Dutch", "Spain")
    assert relations(nxt).war_declarations == {"Dutch": 1, "England": 1}
    nxt = after(position({}, relations=allied), "England: war on Spain\nDutch: Break alliance")
    assert not relations(nxt).at_war("Dutch", "Spain")
    assert relations(nxt).war_declarations == {"England": 1}
    v = find_variant("europe1615", {"allies_share_war_penalty": False})
    nxt = after(position({}, variant=v, relations=allied), "England: war on Spain", v)
    assert relations(nxt).war_declarations == {"England": 1}


@pytest.mark.rule("seed002/errata-2015-03-14-7", "seed002/errata-2015-03-08-defensive")
def test_seed002_errata_2015_03_14_war_on_a_power_reaches_its_allies_without_penalty():
    """If D declares war on A, B (A's ally) is at war with D, without reciprocating."""
    nxt = after(position({}, relations=rel(alliances=[("Austria", "Spain")])), "Sweden: war on Austria")
    assert relations(nxt).at_war("Sweden", "Spain")
    assert relations(nxt).war_declarations == {"Sweden": 1}


@pytest.mark.rule("seed002/errata-2015-03-08-2")
def test_seed002_errata_2015_03_08_one_alliance_at_a_time():
    allied = rel(alliances=[("Dutch", "England")])
    r = play(position({}, relations=allied), "England: Alliance with Denmark\nDenmark: Alliance with England")
    assert outcome(r, "Alliance with Denmark") is Outcome.ILLEGAL
    assert relations(r.result.next_position).alliances == (("Dutch", "England"),)


@pytest.mark.rule("seed002/alliances-1", "seed002/errata-2015-03-08-offensive")
def test_seed002_errata_2015_03_08_joining_an_alliance_needs_every_member():
    allied = rel(alliances=[("Dutch", "England")])
    orders = "Denmark: Alliance with England, Dutch\nEngland: Alliance with Dutch, Denmark"
    nxt = after(position({}, relations=allied), orders)
    assert relations(nxt).alliances == (("Dutch", "England"),)
    nxt = after(position({}, relations=allied), orders + "\nDutch: Alliance with England and Denmark")
    assert relations(nxt).alliances == (("Denmark", "Dutch", "England"),)


@pytest.mark.rule("seed002/errata-2015-03-08-2")
def test_seed002_errata_2015_03_08_neutral_or_breaking_power_joins_only_in_a_later_pass():
    r = play(position({}), "Sweden: Neutrality\nSweden: Alliance with Denmark\nDenmark: Alliance with Sweden")
    assert outcome(r, "Alliance with Denmark") is Outcome.ILLEGAL
    assert not relations(r.result.next_position).allied("Sweden", "Denmark")
    allied = rel(alliances=[("Dutch", "England")])
    r = play(position({}, relations=allied), "England: Break alliance\nEngland: Alliance with France\nFrance: Alliance with England")
    assert outcome(r, "Alliance with France") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/errata-2015-03-14-2", "seed002/alliances-5")
def test_seed002_errata_2015_03_14_breaking_an_alliance_is_one_sided():
    nxt = after(position({}, relations=rel(alliances=[("Dutch", "England", "France")])), "France: Break alliance")
    assert relations(nxt).alliances == (("Dutch", "England"),)
    nxt = after(position({}, relations=rel(alliances=[("Dutch", "France")])), "France: Break the alliance")
    assert relations(nxt).alliances == ()


@pytest.mark.rule("seed002/errata-2015-03-14-6")
def test_seed002_errata_2015_03_14_alliance_outlives_the_enemy_it_was_formed_against():
    """An offensive alliance stays after its enemy is eliminated; only a new declaration ends it."""
    pos = winter({"Dutch": ["A HOL"], "England": ["F LON", "A NET"], "France": ["A PAR"]},
                 relations=rel(war=[("England", "Spain")], alliances=[("Dutch", "England")]),
                 supply_centers={"England": ["LON", "NET"], "Dutch": ["HOL"], "France": ["PAR"]})
    nxt = after(pos)
    assert not any(u.power == "Spain" for u in nxt.units)
    assert relations(nxt).allied("Dutch", "England")


@pytest.mark.rule("seed002/errata-2015-03-08-1")
def test_seed002_surrender_needs_a_later_declaration_phase():
    """Errata 3-8-2015, other things [1]: to surrender, the Declaration phase must be invoked
    again — a surrender in the pass the war is declared has no war to end."""
    r = play(position({}), "France: war on Spain\nSpain: Surrender to France indemnity 10")
    assert outcome(r, "Surrender to France indemnity 10") is Outcome.ILLEGAL
    nxt = r.result.next_position
    r = play(nxt, "Spain: Surrender to France indemnity 10")
    assert outcome(r, "Surrender to France indemnity 10") is Outcome.SUCCESS
    assert not relations(r.result.next_position).at_war("France", "Spain")


@pytest.mark.rule("seed002/surrender", "seed002/errata-2015-03-14-4")
def test_seed002_surrender_indemnity_divided_among_the_victorious_alliance():
    pos = position({}, relations=rel(war=[("England", "Spain")], alliances=[("Dutch", "England")]),
                   treasury={"Spain": 60, "England": 50, "Dutch": 50})
    nxt = after(pos, "Spain: Surrender to England indemnity 20")
    assert nxt.state.treasury == {**nxt.state.treasury, "Spain": 40, "England": 60, "Dutch": 60}
    assert not relations(nxt).at_war("Dutch", "Spain")


# -- Securing control of a captured foreign centre ----------------------------------------------------------

@pytest.mark.rule("seed002/errata-2015-02-11-1")
def test_seed002_errata_2015_02_11_home_centres_need_no_occupation():
    nxt = after(winter({"France": ["A CHA"]}, supply_centers={"France": ["PAR", "NORM"]}))
    assert nxt.supply_centers["PAR"] == "France"
    assert nxt.supply_centers["NORM"] == "France"


@pytest.mark.rule("seed002/control-3", "seed002/errata-2015-03-02-2")
def test_seed002_occupation_by_proxy_aligned_minor_keeps_control():
    """Seed, "Securing control" and errata 3-2-2015: an aligned minor's unit occupying a
    foreign centre keeps it for its power."""
    pos = winter({"LOR": ["A RHI"]}, infs={"LOR": {"France": 3}}, supply_centers={"France": ["RHI", "PAR"], "LOR": ["LOR"]})
    assert after(pos).supply_centers["RHI"] == "France"
    # the minor changes allegiance: France loses it ("only downside ... if the aligned minor
    # changes allegiance")
    pos = winter({"LOR": ["A RHI"]}, infs={"LOR": {"Spain": 3}}, supply_centers={"France": ["RHI", "PAR"], "LOR": ["LOR"]})
    assert after(pos).supply_centers["RHI"] == "LOR"


@pytest.mark.rule("seed002/control-3", "seed002/alliances-4")
def test_seed002_occupation_by_proxy_ally_keeps_control():
    """Errata 3-8-2015: between allied powers occupation by proxy is allowed."""
    allied = rel(alliances=[("Dutch", "France")])
    pos = winter({"Dutch": ["A RHI"]}, relations=allied, supply_centers={"France": ["RHI", "PAR"], "Dutch": ["HOL"]})
    assert after(pos).supply_centers["RHI"] == "France"
    v = find_variant("europe1615", {"occupation_by_proxy": ["aligned_minor"]})
    pos = winter({"Dutch": ["A RHI"]}, variant=v, relations=allied, supply_centers={"France": ["RHI", "PAR"], "Dutch": ["HOL"]})
    assert after(pos, variant=v).supply_centers["RHI"] == "Dutch"


@pytest.mark.rule("seed002/alliances-4")
def test_seed002_alliance_allies_cannot_capture_each_others_centres():
    allied = rel(alliances=[("Dutch", "France")])
    pos = winter({"Dutch": ["A PAR", "A LOR"]}, relations=allied, infs={"LOR": {"France": 2}},
                 supply_centers={"France": ["PAR", "NORM"], "Dutch": ["HOL"], "LOR": ["LOR"]})
    nxt = after(pos)
    assert nxt.supply_centers["PAR"] == "France"
    assert nxt.supply_centers["LOR"] == "LOR"


@pytest.mark.rule("seed002/errata-2015-03-08-3")
def test_seed002_errata_2015_03_08_3_former_ally_in_a_centre_takes_it_at_the_winter():
    pos = winter({"Dutch": ["A PAR"]}, relations=rel(), supply_centers={"France": ["PAR", "NORM"], "Dutch": ["HOL"]})
    nxt = after(pos)
    assert nxt.supply_centers["PAR"] == "Dutch"


@pytest.mark.rule("seed002/control-4", "seed002/errata-2015-03-02-3")
def test_seed002_transfer_of_control_by_announcement_in_the_fall():
    """Seed, "Securing control": "Transferring control": in the Fall, with occupation by
    proxy, the controller announces the transfer; it takes effect in the Winter."""
    units = {"LOR": ["A RHI"], "France": ["A PAR"]}
    centres = {"France": ["RHI", "PAR"], "LOR": ["LOR"]}
    pos = position(units, phase="Fall 1616 Movement", infs={"LOR": {"France": 3}}, supply_centers=centres)
    r = play(pos, "France: Transfer RHI to Lorraine")
    assert outcome(r, "Transfer RHI to LOR") is Outcome.SUCCESS
    nxt = r.result.next_position
    assert nxt.state.transfers == {"RHI": "LOR"}
    nxt = after(nxt)
    assert nxt.supply_centers["RHI"] == "LOR"
    assert nxt.state.transfers is None
    # only in the Fall; only by the controller; only to the occupant
    r = play(pos.evolve(phase=pos.phase.__class__(1616, "Spring", PhaseKind.MOVEMENT)), "France: Transfer RHI to LOR")
    assert outcome(r, "Transfer RHI to LOR") is Outcome.ILLEGAL
    r = play(pos, "Spain: Transfer RHI to LOR\nFrance: Transfer control of RHI to Spain")
    assert [x.outcome for x in r.resolutions() if x.order_text.startswith("Transfer")] == [Outcome.ILLEGAL, Outcome.ILLEGAL]
    # without a transfer, the proxy keeps it for France
    assert after(after(pos)).supply_centers["RHI"] == "France"


@pytest.mark.rule("seed002/errata-2015-02-11-2")
def test_seed002_errata_2015_02_11_2_transfer_to_a_minor_by_occupation_option():
    """Errata 2-11-2015 (2), replaced by 3-2-2015 and the rulebook (option
    ``transfer_to_minor_by_occupation``): the aligned minor that occupies the centre takes it."""
    v = find_variant("europe1615", {"transfer_to_minor_by_occupation": True})
    pos = winter({"LOR": ["A RHI"]}, variant=v, infs={"LOR": {"France": 3}}, supply_centers={"France": ["RHI", "PAR"], "LOR": ["LOR"]})
    assert after(pos, variant=v).supply_centers["RHI"] == "LOR"


@pytest.mark.rule("seed002/errata-2015-03-08-4")
def test_seed002_errata_2015_03_08_4_neutral_state_cannot_be_captured():
    pos = winter({"France": ["A LOR"]}, infs={"LOR": {"France": 2, "Spain": 2}}, supply_centers={"LOR": ["LOR"], "France": ["PAR"]})
    assert status(pos, "LOR") == "neutral"
    assert after(pos).supply_centers["LOR"] == "LOR"


@pytest.mark.rule("seed002/control-1", "seed002/control-2")
def test_seed002_controlled_state_infs_suspended_and_restored_on_release():
    """Seed, "Securing control": a controlled state cannot be influenced; its INFs are held in
    suspension and come back into effect when it is released."""
    pos = winter({"France": ["A LOR"]}, infs={"LOR": {"Spain": 3}}, relations=WAR_FR_SP, supply_centers={"LOR": ["LOR"], "France": ["PAR"]})
    nxt = after(pos)
    assert nxt.supply_centers["LOR"] == "France"
    assert state_status(V, nxt, "LOR") == "controlled"
    assert nxt.state.infs["LOR"] == {"Spain": 3}
    released = nxt.evolve(supply_centers={**nxt.supply_centers, "LOR": "LOR"})
    assert state_status(V, released, "LOR") == "Spain"
    # suspended: neither the alignment (3) nor the Catholic marker (1) scores
    assert score(V, released)["Spain"] - score(V, nxt)["Spain"] == 3 + 1
    pos = winter({"France": ["A CHA"]}, year=1617, infs={"LOR": {"Spain": 3}}, supply_centers={"France": ["LOR", "PAR"]})
    nxt = after(pos)
    assert nxt.supply_centers["LOR"] == "LOR"
    assert state_status(V, nxt, "LOR") == "Spain"


@pytest.mark.rule("seed002/new-state", "seed002/errata-2015-02-11-3")
def test_seed002_new_pliant_minor_state_from_a_lost_home_centre():
    """Errata 2-11-2015 (3), seed "Creating a new pliant minor state": a home centre captured
    and then let go becomes a new pliant minor state, open to INFs; it does not return to its
    power."""
    pos = winter({"Dutch": ["A GEL"]}, supply_centers={"Dutch": ["NET", "HOL", "GEL"], "Spain": ["CAS"]})
    nxt = after(pos)
    assert nxt.supply_centers["NET"] == "NET"
    assert nxt.state.new_states == ("NET",)
    nxt = after(after(nxt))     # Winter Income, Spring 1617
    r = play(nxt, "France: 3: NET\nSpain: 2: Southern Netherlands")
    assert outcome(r, "3: NET") is Outcome.SUCCESS
    assert status(r.result.next_position, "NET") == "France"
    # Spain takes it back by occupation, as a foreign centre, and loses it again when it leaves
    pos = winter({"Spain": ["A NET"]}, year=1617, new_states=["NET"], relations=rel(),
                 supply_centers={"NET": ["NET"], "Spain": ["CAS"]})
    nxt = after(pos)
    assert nxt.supply_centers["NET"] == "Spain"
    nxt = after(winter({"Spain": ["A CAS"]}, year=1618, new_states=["NET"], supply_centers={"Spain": ["NET", "CAS"]}))
    assert nxt.supply_centers["NET"] == "NET"


@pytest.mark.rule("seed002/errata-2015-02-11-3")
def test_seed002_option_lost_home_centre_becomes_pliant_off():
    v = find_variant("europe1615", {"lost_home_centre_becomes_pliant": False})
    pos = winter({"Dutch": ["A GEL"]}, variant=v, supply_centers={"Dutch": ["NET", "HOL", "GEL"], "Spain": ["CAS"]})
    assert after(pos, variant=v).supply_centers["NET"] == "Spain"


@pytest.mark.rule("seed002/elimination", "seed002/new-state")
def test_seed002_elimination_restores_foreign_centres_as_pliant_states():
    """Seed, "Elimination": the centres an eliminated power holds are liberated as pliant
    minor states; a lost home centre of another power becomes a new one."""
    centres = {"Dutch": ["NET", "LOR"], "France": ["HOL", "ZEE", "GEL", "PAR"], "Spain": ["CAS"]}
    pos = winter({"Dutch": ["A NET", "A LOR"], "France": ["A HOL", "F ZEE", "A GEL"]}, supply_centers=centres)
    nxt = after(pos)
    assert nxt.supply_centers["LOR"] == "LOR"
    assert nxt.supply_centers["NET"] == "NET"


# -- Combat attrition ----------------------------------------------------------------------------------------

@pytest.mark.rule("seed002/attrition-2")
def test_seed002_combat_attrition_relieved_at_the_winter_adjustment():
    pos = winter({"Spain": ["A LUX"]}, attrition=["Spain: A LUX"])
    nxt = after(pos)
    assert nxt.state.attrition is None


@pytest.mark.rule("seed002/attrition-1")
def test_seed002_combat_attrition_armies_only_unless_the_option():
    units = {"Spain": ["F BIS"], "France": ["F BRIT", "F GUY"]}
    pos = position(units, relations=WAR_FR_SP)
    nxt = after(pos, "France: F BRIT - BIS\nFrance: F GUY S F BRIT - BIS")
    nxt = after(nxt, "Spain: F BIS R ATL")
    assert "Spain: F ATL" in {f"{u.power}: {u}" for u in nxt.units}
    assert not nxt.state.attrition
    v = find_variant("europe1615", {"attrition": "all"})
    nxt = after(position(units, variant=v, relations=WAR_FR_SP), "France: F BRIT - BIS\nFrance: F GUY S F BRIT - BIS", v)
    nxt = after(nxt, "Spain: F BIS R ATL", v)
    assert marks(nxt) == ["Spain: F ATL"]


# -- Money ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("seed002/power-units-2")
def test_seed002_a_purchase_needs_a_vacant_home_centre_the_power_controls():
    pos = position({"France": ["A PAR"]}, phase="Winter 1616 Income", treasury={"France": 100},
                   supply_centers={"France": ["PAR", "BRIT"], "Spain": ["NORM"]})
    r = play(pos, "France: Build A PAR")
    assert "occupied" in result(r, "Build A PAR").reason
    r = play(pos, "France: Build A NORM")
    assert "does not control" in result(r, "Build A NORM").reason
    r = play(pos, "France: Build A LOR")
    assert "not a home centre" in result(r, "Build A LOR").reason


@pytest.mark.rule("seed002/tables", "seed002/power-units-1")
def test_seed002_tables_overridable_in_a_games_settings():
    """Every reconstructed table is data a game may override (option ``tables``)."""
    units = {"Spain": ["A NET", "A MIL", "A NAP", "F AND", "A LUX", "A FRE"]}
    v = find_variant("europe1615", {"tables": {"military_cost": {"percent_by_size": {6: 40}}}})
    pos = position(units, phase="Winter 1616 Income", variant=v, treasury={"Spain": 50})
    r = play(pos, "Spain: Build A CAS", v)
    assert outcome(r, "Build A CAS") is Outcome.SUCCESS
    assert r.result.next_position.state.treasury["Spain"] == 30
    v = find_variant("europe1615", {"tables": {"income": {"values": {"HOL": 9}}, "influence_progression": {"Dutch": {1617: 30}}}})
    nxt = after(position({"Dutch": ["A GEL"]}, phase="Winter 1616 Adjustment", variant=v), variant=v)
    assert nxt.state.treasury["Dutch"] == 50 + 9 + 4 + 3
    assert after(nxt, variant=v).state.influence["Dutch"] == 30
    with pytest.raises(MapError, match="percent at size 6"):
        find_variant("europe1615", {"tables": {"military_cost": {"percent_by_size": {6: "lots"}}}})
    with pytest.raises(MapError, match="unknown table"):
        find_variant("europe1615", {"tables": {"militry_cost": {}}})


# -- Objectives and scoring ----------------------------------------------------------------------------------

@pytest.mark.rule("seed002/objectives")
def test_seed002_objectives_chosen_and_judged_from_the_position():
    v = find_variant("europe1615", {"objectives": {"France": ["lorraine", "dutch_alliance", "spanish_border"]}})
    pos = position({"France": ["A LUX"]}, variant=v, infs={"LOR": {"France": 2}}, relations=rel(alliances=[("Dutch", "France")]))
    assert objectives_met(v, pos)["France"] == ["lorraine", "dutch_alliance", "spanish_border"]
    pos2 = position({"France": ["A CHA"]}, variant=v, infs={"LOR": {"Spain": 2}})
    assert objectives_met(v, pos2)["France"] == []
    assert score(v, pos)["France"] - score(V, pos)["France"] == 15
    with pytest.raises(MapError, match="each player chooses 3"):
        find_variant("europe1615", {"objectives": {"France": ["lorraine", "savoy", "switzerland", "whole_kingdom"]}})


@pytest.mark.rule("seed002/scoring-1")
def test_seed002_final_scoring_at_the_opening_of_1630_names_the_winner():
    pos = position({}, phase="Winter 1629 Income", infs={"LOR": {"France": 3}, "SAX": {"Sweden": 2}})
    r = play(pos, "")
    assert r.result.winner == "France"
    nxt = r.result.next_position
    assert str(nxt.phase) == "Spring 1630 Movement"
    assert nxt.state.scores.final is True
    assert nxt.state.scores.points == score(V, nxt)
    assert any("Final scoring" in n and "France wins" in n for n in r.result.notes)


@pytest.mark.rule("seed002/scoring-1")
def test_seed002_final_scoring_tie_the_game_may_go_on():
    r = play(position({}, phase="Winter 1629 Income", supply_centers={}), "")
    assert r.result.winner is None
    assert any("tied" in n for n in r.result.notes)
    r = play(position({}, phase="Winter 1630 Income", supply_centers={}, infs={"LOR": {"Spain": 1}}), "")
    assert r.result.winner == "Spain"


@pytest.mark.rule("seed002/scoring-2")
def test_seed002_mid_game_scoring_in_1625():
    r = play(position({}, phase="Winter 1624 Income"), "")
    assert r.result.winner is None
    assert r.result.next_position.state.scores.final is False
    assert any(n.startswith("Mid-game scoring at the opening of 1625") for n in r.result.notes)
    r = play(position({}, phase="Winter 1625 Income"), "")
    assert r.result.next_position.state.scores is None


# -- The board ------------------------------------------------------------------------------------------------

@pytest.mark.rule("seed002/board-2")
def test_seed002_board_schleswig_holstein_two_coasts():
    """Seed, "Notes about the board": a fleet from Copenhagen names SLG's coast; no move between
    the coasts."""
    pos = position({"Denmark": ["F COP"]})
    r = play(pos, "Denmark: F COP - SLG")
    assert outcome(r, "F COP - SLG") is Outcome.AMBIGUOUS
    assert "Denmark: F SLG/EC" in units_after(play(pos, "Denmark: F COP - SLG/EC"))
    assert "Denmark: F SLG/WC" in units_after(play(pos, "Denmark: F COP - SLG/WC"))
    r = play(position({"Denmark": ["F SLG/EC"]}), "Denmark: F SLG/EC - SLG/WC")
    assert outcome(r, "F SLG/EC - SLG/WC") is Outcome.ILLEGAL
    assert "Denmark: F SLG/EC" in units_after(r)


@pytest.mark.rule("seed002/board-3")
def test_seed002_board_starting_positions():
    """Seed, "Starting positions": Dutch and Swedish units off centres; Spain's extra unit in
    Luxemburg."""
    off = {f"{u.power}: {u}" for u in V.start.units
           if u.power in ("Dutch", "Sweden", "Spain") and not V.board.provinces[u.province].is_supply_center}
    assert off == {"Dutch: A FRI", "Sweden: A ING", "Spain: A LUX"}
