"""Europe 1615 (seed 002): one test per rule, clarification or erratum, each named after it.

Every test plays phases through :func:`judge.adjudication.run_phase`, the command line's path.
Positions are written as position files (minor states are pseudo-powers named by state id).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import yaml

from judge.adjudication import run_phase
from judge.core.resolution import Outcome
from judge.core.types import PhaseKind
from judge.positions import format_position, parse_position
from judge.variants import find_variant
from judge.variants.europe1615.rules import CALENDAR, relations, start_position, status

V = find_variant("europe1615")


def position(units: dict, phase: str = "Spring 1616 Movement", variant=V, **extra):
    data = {"variant": "europe1615", "phase": phase, "units": units}
    data.update(extra)
    return parse_position(yaml.safe_dump(data, sort_keys=False), "test.yaml", variant)[1]


def play(pos, orders: str, variant=V):
    return run_phase(variant, pos, orders, "orders.txt")


def marks(pos) -> list[str]:
    """The attrition marks of a position, as its file writes them."""
    return [f"{u.power}: {u}" for u in pos.state.attrition or ()]


def units_after(report) -> set[str]:
    return {f"{u.power}: {u}" for u in report.result.next_position.units}


def result(report, text: str):
    for r in report.resolutions():
        if r.order_text == text:
            return r
    raise AssertionError(f"no resolution for {text!r}: {[r.order_text for r in report.resolutions()]}")


def outcome(report, text: str) -> Outcome:
    return result(report, text).outcome


WAR_FR_SP = {"war": [["France", "Spain"]], "alliances": [], "neutral": [], "war_declarations": {"France": 1}}


# -- 1. The variant loads and plays ----------------------------------------------------------------

@pytest.mark.rule("seed002/phases")
def test_seed002_phases_of_the_game_calendar():
    assert [f"{s} {k.value}" for s, k in CALENDAR.steps] == [
        "Spring Movement", "Spring Retreat", "Summer Movement", "Summer Retreat",
        "Fall Movement", "Fall Retreat", "Winter Adjustment", "Winter Income"]
    assert str(V.start.phase) == "Spring 1615 Movement"


@pytest.mark.rule("seed002/introduction", "seed002/income-1", "seed002/board-3")
def test_seed002_start_position_loads_and_round_trips():
    start = start_position(V)
    assert len(start.units) == 68
    assert "Spain: A LUX" in {f"{u.power}: {u}" for u in start.units}
    assert "VEN: F VEN" in {f"{u.power}: {u}" for u in start.units}
    assert start.state.treasury["France"] == 50
    assert start.state.influence["Spain"] == 23
    _, again = parse_position(format_position(start), "start.yaml")
    assert again == start
    assert format_position(again) == format_position(start)


def test_state_a_bad_value_in_a_position_file_is_refused_with_its_file_and_line():
    """The variant's state is checked once, when the position file is read: a bad value is
    refused with the file and the line it stands on."""
    from judge.core.errors import PositionError

    head = "variant: europe1615\nphase: Spring 1616 Movement\nunits: {}\n"
    cases = [
        ("treasury:\n  France: 50\n  Spain: lots\n", 6, "amount of wealth"),
        ("infs:\n  SAX: {Sweden: 2}\n  Atlantis: {Sweden: 1}\n", 6, "not a minor state"),
        ("relations:\n  war:\n  - [France, Spain]\n  - [France, Narnia]\n", 7, "not a power"),
        ("attrition: ['Spain: A LOR',\n  'Spain: Q LUX']\n", 5, "attrition mark"),
        ("revolts:\n  NET: {power: Dutch, left: -1}\n", 5, "whole number"),
        ("markers:\n  NET: purple\n", 5, "white or black"),
        ("declarations:\n- {power: France, kind: war, targets: [Spain], amount: 0}\n- {power: France, kind: feud, targets: [Spain]}\n", 6, "kind is one of"),
    ]
    for text, line, words in cases:
        with pytest.raises(PositionError, match=words) as refused:
            parse_position(head + text, "games/g/position.yaml", V)
        assert refused.value.where == f"games/g/position.yaml:{line}", (text, refused.value.where)


def test_state_position_files_are_written_back_as_read():
    """The typed state writes back exactly the keys and values it read: the example game's
    positions, and a position with every key of the variant's state."""
    from pathlib import Path

    for f in sorted((Path(__file__).resolve().parents[1] / "games" / "example-europe1615").glob("*/position.yaml")):
        text = f.read_text(encoding="utf-8")
        assert format_position(parse_position(text, str(f))[1]) == text, f
    every = position({"Spain": ["A LOR"]}, treasury={"France": 27.5, "Spain": 50}, influence={"France": 3},
                     influence_bought={"Spain": 2}, infs={"SAX": {"Sweden": 2, "Austria": 0}},
                     relations={**WAR_FR_SP, "declared": [["France", "Spain"]]},
                     declarations=[{"power": "England", "kind": "surrender", "targets": ["Spain"], "amount": 5}],
                     transfers={"RHI": "LOR"}, control={"SWI": "France", "FRA": None},
                     revolts={"NET": {"power": "Dutch", "left": 2}}, markers={"BOH": "black"}, new_states=["NET"],
                     attrition=["Spain: A LOR"], activated=["TUN"], seceded=["GUY"], objectives={"Spain": ["spanish_road"]},
                     scores={"year": 1625, "final": False, "points": {"Spain": 30}, "objectives": {"Spain": ["spanish_road"]}})
    text = format_position(every)
    assert parse_position(text, "every.yaml", V)[1] == every
    assert format_position(parse_position(text, "every.yaml", V)[1]) == text
    assert every.extra == {}


@pytest.mark.rule("seed002/introduction")
def test_seed002_minor_pseudo_powers_agree_with_states():
    for sid, s in V.data["states"].items():
        info = V.data["powers"][sid]
        assert info["minor"] is True
        if sid not in ("BOH", "GUY"):
            assert list(info["homes"]) == list(s["homes"]), sid
            assert list(info["units"]) == list(s["units"]), sid


@pytest.mark.rule("seed002/phases", "seed002/income-2")
def test_seed002_a_year_is_played_through():
    pos = start_position(V)
    seen = []
    for _ in range(5):
        seen.append(str(pos.phase))
        pos = play(pos, "").result.next_position
    assert seen == ["Spring 1615 Movement", "Summer 1615 Movement", "Fall 1615 Movement",
                    "Winter 1615 Adjustment", "Winter 1615 Income"]
    assert str(pos.phase) == "Spring 1616 Movement"
    # Winter income: Spain's home centres pay 26 on the reconstructed Income Map.
    assert pos.state.treasury["Spain"] == 76
    assert pos.state.influence["Spain"] == 23
    _, again = parse_position(format_position(pos), "p.yaml")
    assert again == pos


@pytest.mark.rule("seed002/introduction", "seed002/mobilization-2")
def test_seed002_movement_phase_adjudicates():
    r = play(start_position(V), "Spain: F AND - ATL\nFrance: A PAR - CHA")
    assert {"Spain: F ATL", "France: A CHA"} <= units_after(r)
    assert str(r.result.next_position.phase) == "Summer 1615 Movement"


# -- 2. Declarations and movement --------------------------------------------------------------------

@pytest.mark.rule("seed002/declarations-1", "seed002/errata-2015-03-08-movement")
def test_seed002_declaration_of_war_needed_to_enter():
    units = {"France": ["A CHA"], "Spain": ["A NET"]}
    r = play(position(units), "France: A CHA - FRE")
    assert outcome(r, "A CHA - FRE") is Outcome.FAILURE
    assert "may not enter" in result(r, "A CHA - FRE").reason
    r = play(position(units, relations=WAR_FR_SP), "France: A CHA - FRE")
    assert "France: A FRE" in units_after(r)


@pytest.mark.rule("seed002/war-2", "seed002/errata-2015-02-17-1")
def test_seed002_errata_2015_02_17_move_without_war_still_causes_standoff():
    """LUX is Spain's: the Spanish army may enter it, the French one may not, yet the French
    move bounces the Spanish one (the standoff left behind is checked in the Fall 1616
    example)."""
    pos = position({"France": ["A CHA"], "Spain": ["A NET"]})
    r = play(pos, "France: A CHA - LUX\nSpain: A NET - LUX")
    assert outcome(r, "A NET - LUX") is Outcome.FAILURE
    assert outcome(r, "A CHA - LUX") is Outcome.FAILURE
    assert {"France: A CHA", "Spain: A NET"} <= units_after(r)


@pytest.mark.rule("seed002/war-3", "seed002/errata-2015-02-17-2", "seed002/errata-2015-03-08-neutrality")
def test_seed002_support_and_cutting_support_need_no_declaration():
    """Errata 2-17-2015 (2): without declarations a power still supports any unit and cuts
    support."""
    pos = position({"France": ["A CHA", "A LYO"], "Spain": ["A FRE", "A LUX"], "LOR": ["A LOR"]})
    # France cuts Spain's support by attacking FRE (a failed entry still cuts).
    r = play(pos, "France: A LYO - FRE\nSpain: A FRE S A LUX - LOR\nSpain: A LUX - LOR")
    assert outcome(r, "A FRE S A LUX - LOR") is Outcome.FAILURE
    assert "Spain: A LUX" in units_after(r)
    # France supports the Spanish move into the unaligned minor.
    r = play(pos, "France: A CHA S A LUX - LOR\nSpain: A LUX - LOR")
    assert "Spain: A LOR" in units_after(r)


@pytest.mark.rule("seed002/war-1", "seed002/alignments-1", "seed002/minor-states-1", "seed002/mobilization-2")
def test_seed002_unaligned_minor_needs_no_declaration_and_its_dislodged_unit_is_disbanded():
    pos = position({"France": ["A CHA", "A ALS"], "LOR": ["A LOR"]})
    r = play(pos, "France: A CHA - LOR\nFrance: A ALS S A CHA - LOR")
    assert "France: A LOR" in units_after(r)
    assert not any(u.power == "LOR" for u in r.result.next_position.units)
    assert r.result.next_position.phase.kind is PhaseKind.MOVEMENT  # no retreat phase


@pytest.mark.rule("seed002/declarations-1", "seed002/alignments-2", "seed002/errata-2015-03-08-movement")
def test_seed002_aligned_minor_impassable_without_war():
    pos = position({"France": ["A CHA"]}, infs={"LOR": {"Spain": 3}})
    assert status(pos, "LOR") == "Spain"
    r = play(pos, "France: A CHA - LOR")
    assert "may not enter" in result(r, "A CHA - LOR").reason
    r = play(position({"France": ["A CHA"]}, infs={"LOR": {"Spain": 3}}, relations=WAR_FR_SP), "France: A CHA - LOR")
    assert "France: A LOR" in units_after(r)


@pytest.mark.rule("seed002/mobilization-1", "seed002/errata-2015-03-02-1")
def test_seed002_errata_2015_03_02_own_aligned_minor_is_passable():
    """NAP-MAR is valid since the Papal State is aligned with Spain (seed, "Mobilization")."""
    pos = position({"Spain": ["F NAP"], "PAPL": ["A ROM"]}, infs={"PAPL": {"Spain": 4}})
    r = play(pos, "Spain: F NAP - MAR")
    assert "Spain: F MAR" in units_after(r)
    # and the aligned minor's unit, ordered by Spain, may enter Spain's domain
    pos = position({"PAPL": ["A ROM"]}, infs={"PAPL": {"Spain": 4}})
    r = play(pos, "Spain: A ROM - NAP")
    assert "PAPL: A NAP" in units_after(r)


@pytest.mark.rule("seed002/neutrality-1", "seed002/neutrality-2")
def test_seed002_neutrality_of_minor_state_makes_it_impassable():
    pos = position({"France": ["A CHA"], "Spain": ["A LUX"]}, infs={"LOR": {"Spain": 3, "France": 3}})
    assert status(pos, "LOR") == "neutral"
    r = play(pos, "France: A CHA - LOR")
    assert outcome(r, "A CHA - LOR") is Outcome.FAILURE


@pytest.mark.rule("seed002/errata-2015-03-08-4")
def test_seed002_errata_2015_03_08_neutral_state_passable_while_a_foreign_unit_occupies_it():
    pos = position({"France": ["A CHA", "A ALS"], "Spain": ["A LOR"]},
                   infs={"LOR": {"Spain": 3, "France": 3}}, relations=WAR_FR_SP)
    r = play(pos, "France: A CHA - LOR\nFrance: A ALS S A CHA - LOR")
    assert "France: A LOR" in units_after(r)


@pytest.mark.rule("seed002/declarations-2", "seed002/errata-2015-03-08-movement")
def test_seed002_declarations_take_effect_in_the_next_movement_phase():
    pos = position({"France": ["A CHA"], "Spain": ["A NET"]})
    r = play(pos, "France: Declare war on Spain\nFrance: A CHA - FRE")
    assert outcome(r, "Declare war on Spain") is Outcome.SUCCESS
    assert outcome(r, "A CHA - FRE") is Outcome.FAILURE
    nxt = r.result.next_position
    assert str(nxt.phase) == "Summer 1616 Movement"
    assert relations(nxt).at_war("France", "Spain")
    r = play(nxt, "France: A CHA - FRE")
    assert "France: A FRE" in units_after(r)


@pytest.mark.rule("seed002/declarations-3")
def test_seed002_fall_declarations_wait_for_the_spring():
    pos = position({"France": ["A CHA"], "Spain": ["A NET"]}, phase="Fall 1616 Movement")
    nxt = play(pos, "France: war on Spain").result.next_position
    assert str(nxt.phase) == "Winter 1616 Adjustment"
    assert not relations(nxt).at_war("France", "Spain")
    nxt = play(nxt, "").result.next_position
    assert not relations(nxt).at_war("France", "Spain")
    nxt = play(nxt, "").result.next_position
    assert str(nxt.phase) == "Spring 1617 Movement"
    assert relations(nxt).at_war("France", "Spain")


@pytest.mark.rule("seed002/alliances-1")
def test_seed002_alliance_needs_every_member_to_declare():
    pos = position({"France": ["A CHA"], "Dutch": ["A GEL"]})
    nxt = play(pos, "France: Alliance with Dutch").result.next_position
    assert not relations(nxt).allied("France", "Dutch")
    nxt = play(pos, "France: Alliance with Dutch\nDutch: Alliance with France").result.next_position
    assert relations(nxt).allied("France", "Dutch")


@pytest.mark.rule("seed002/alliances-2", "seed002/alliances-3")
def test_seed002_allies_move_freely_but_cannot_dislodge_each_other():
    allied = {"war": [], "alliances": [["Dutch", "France"]], "neutral": [], "war_declarations": {}}
    pos = position({"France": ["A PAR"]}, relations=allied)
    r = play(pos, "France: A PAR - NORM")
    assert "France: A NORM" in units_after(r)
    # the Dutch enter France
    pos = position({"Dutch": ["A NET"], "France": ["A PAR", "A ORL"]}, relations=allied, supply_centers={"Dutch": ["NET"]})
    r = play(pos, "Dutch: A NET - NORM")
    assert "Dutch: A NORM" in units_after(r)
    # an ally's supported attack does not dislodge
    pos = position({"France": ["A PAR", "A ORL"], "Dutch": ["A NORM"]}, relations=allied)
    r = play(pos, "France: A PAR - NORM\nFrance: A ORL S A PAR - NORM")
    assert "Dutch: A NORM" in units_after(r)


@pytest.mark.rule("seed002/alliances-3", "seed002/errata-2015-03-08-movement")
def test_seed002_an_attack_by_an_ally_does_not_cut_support():
    """England supports the Dutch into NET (Spanish; the Dutch are at war with Spain through
    their alliance with England); a Dutch attack on the supporting fleet does not cut it."""
    allied = {"war": [["England", "Spain"]], "alliances": [["Dutch", "England"]], "neutral": [], "war_declarations": {}}
    units = {"England": ["F NTH"], "Dutch": ["F ZEE", "F HOL"], "Spain": ["A NET"]}
    orders = "England: F NTH S F ZEE - NET\nDutch: F ZEE - NET\nDutch: F HOL - NTH"
    r = play(position(units, relations=allied), orders)
    assert outcome(r, "F NTH S F ZEE - NET") is Outcome.SUCCESS
    assert "Dutch: F NET" in units_after(r)
    # without the alliance the Dutch may not enter NET at all, and their attack cuts
    r = play(position(units, relations={"war": [["England", "Spain"]]}), orders)
    assert outcome(r, "F NTH S F ZEE - NET") is Outcome.FAILURE
    assert "Spain: A NET" in units_after(r)


@pytest.mark.rule("seed002/minor-states-2")
def test_seed002_minor_state_not_dislodged_by_the_power_it_is_aligned_to():
    pos = position({"France": ["A CHA", "A ALS"], "LOR": ["A LOR"]}, infs={"LOR": {"France": 4}})
    r = play(pos, "France: A CHA - LOR\nFrance: A ALS S A CHA - LOR\nLOR: A LOR H")
    assert "LOR: A LOR" in units_after(r)


@pytest.mark.rule("seed002/alignments-3")
def test_seed002_aligned_minor_units_take_their_powers_orders():
    pos = position({"LOR": ["A LOR"]}, infs={"LOR": {"France": 4}})
    r = play(pos, "France: A LOR - RHI")
    assert "LOR: A RHI" in units_after(r)
    # a power not aligned cannot order it
    r = play(pos, "Spain: A LOR - RHI")
    assert "LOR: A LOR" in units_after(r)


@pytest.mark.rule("seed002/errata-2015-03-14-4", "seed002/armistice", "seed002/surrender")
def test_seed002_errata_2015_03_14_armistice_is_mutual_surrender_is_not():
    pos = position({"France": ["A PAR"]}, treasury={"France": 40, "Spain": 50}, relations=WAR_FR_SP)
    nxt = play(pos, "France: Armistice with Spain").result.next_position
    assert relations(nxt).at_war("France", "Spain")
    nxt = play(pos, "France: Armistice with Spain\nSpain: Armistice with France").result.next_position
    assert not relations(nxt).at_war("France", "Spain")
    r = play(pos, "France: Surrender to Spain indemnity 30")
    nxt = r.result.next_position
    assert not relations(nxt).at_war("France", "Spain")
    # the indemnity may not take the loser below 25
    assert nxt.state.treasury["France"] == 25
    assert nxt.state.treasury["Spain"] == 65


@pytest.mark.rule("seed002/errata-2015-03-14-3", "seed002/errata-2015-03-08-2", "seed002/alliances-5")
def test_seed002_errata_2015_03_14_no_war_on_an_ally_in_the_same_pass_as_the_break():
    allied = {"war": [], "alliances": [["Dutch", "France"]], "neutral": [], "war_declarations": {}}
    pos = position({"France": ["A PAR"]}, relations=allied)
    r = play(pos, "France: Break alliance\nFrance: Declare war on Dutch")
    assert outcome(r, "Declare war on Dutch") is Outcome.ILLEGAL
    assert outcome(r, "Break alliance") is Outcome.SUCCESS
    assert not relations(r.result.next_position).allied("France", "Dutch")


@pytest.mark.rule("seed002/errata-2015-03-14-7", "seed002/errata-2015-03-08-defensive")
def test_seed002_errata_2015_03_14_war_on_a_power_is_war_on_its_allies():
    rel = {"war": [["Austria", "France"]], "alliances": [["Dutch", "France"]], "neutral": [], "war_declarations": {}}
    pos = position({"Austria": ["A VIE"]}, relations=rel)
    assert relations(pos).at_war("Austria", "Dutch")


# -- 3. The worked example of the errata of 3-1-2015 [A] ----------------------------------------------

FALL_1616 = {"Spain": ["A SWI"], "France": ["A CHA", "A GEN"], "VEN": ["A VEN"], "SAV": ["A SAV"],
             "Austria": ["A VIE"]}


@pytest.mark.rule("seed002/errata-2015-03-01-a", "seed002/war-2", "seed002/errata-2015-02-17-1")
def test_seed002_erratum_2015_03_01_fall_1616_spanish_retreat_to_milan():
    pos = position(FALL_1616, phase="Fall 1616 Movement", infs={"VEN": {"France": 5}, "SAV": {"France": 5}})
    r = play(pos, "Spain: A SWI - FRE\nFrance: A CHA - FRE\nFrance: A GEN - MIL\n"
                  "France: A VEN - SWI\nFrance: A SAV S A VEN - SWI")
    assert outcome(r, "A GEN - MIL") is Outcome.FAILURE
    assert "may not enter" in result(r, "A GEN - MIL").reason
    nxt = r.result.next_position
    assert str(nxt.phase) == "Fall 1616 Retreat"
    assert "FRE" in nxt.standoffs
    assert [str(d.unit) for d in nxt.dislodged] == ["A SWI"]
    # FRE: standoff; VEN: the attack came from there; TYRL: Austrian, no declaration of war
    for dest in ("FRE", "VEN", "TYRL"):
        rr = play(nxt, f"Spain: A SWI R {dest}")
        assert outcome(rr, f"A SWI R {dest}") is Outcome.ILLEGAL, dest
        assert "Spain: A " + dest not in units_after(rr)
    rr = play(nxt, "Spain: A SWI R MIL")
    assert outcome(rr, "A SWI R MIL") is Outcome.SUCCESS
    assert "Spain: A MIL" in units_after(rr)
    assert str(rr.result.next_position.phase) == "Winter 1616 Adjustment"


@pytest.mark.rule("seed002/errata-2015-03-01-a")
def test_seed002_erratum_2015_03_01_second_situation_no_retreat():
    units = {"Spain": ["A SWI"], "France": ["A CHA", "A GEN"], "VEN": ["A VEN"], "SAV": ["A SAV"],
             "Dutch": ["A LOR"], "Austria": ["A VIE"]}
    pos = position(units, phase="Fall 1616 Movement", infs={"VEN": {"France": 5}, "SAV": {"France": 5}})
    r = play(pos, "Spain: A SWI - MIL\nFrance: A CHA - FRE\nFrance: A GEN - MIL\nFrance: A VEN - SWI\n"
                  "France: A SAV S A VEN - SWI\nDutch: A LOR - FRE")
    nxt = r.result.next_position
    assert "Spain: A SWI" not in units_after(r)
    assert not nxt.dislodged
    assert str(nxt.phase) == "Winter 1616 Adjustment"


# -- 4. Influence ----------------------------------------------------------------------------------------

@pytest.mark.rule("seed002/influence-1", "seed002/influence-5", "seed002/alignments-2", "seed002/neutrality-1")
def test_seed002_influence_placement_and_alignment_at_half():
    pos = start_position(V)
    r = play(pos, "Spain: 5: PAPL\nFrance: 5: Papal State\nFrance: 3: LOR\nSpain: 3: LOR\nSpain: 1: LOR")
    nxt = r.result.next_position
    assert nxt.state.infs["PAPL"] == {"France": 5, "Spain": 5}
    assert status(nxt, "PAPL") == "neutral"          # equally invested
    assert status(nxt, "LOR") == "Spain"             # 4 of 7
    assert nxt.state.influence["Spain"] == 23 - 9


@pytest.mark.rule("seed002/neutrality-1", "seed002/alignments-2")
def test_seed002_neutrality_three_powers_without_half():
    pos = position({}, infs={"SAX": {"Sweden": 4, "Denmark": 3, "England": 2}})
    assert status(pos, "SAX") == "neutral"
    pos = position({}, infs={"SAX": {"Sweden": 5, "Denmark": 3, "England": 2}})
    assert status(pos, "SAX") == "Sweden"


@pytest.mark.rule("seed002/influence-1")
def test_seed002_influence_no_more_than_the_years_allotment():
    r = play(start_position(V), "Denmark: 10: MEC\nDenmark: 6: SAX")
    assert outcome(r, "10: MEC") is Outcome.SUCCESS
    assert outcome(r, "6: SAX") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/sanctions-1", "seed002/sanctions-2", "seed002/sanctions-5")
def test_seed002_sanctions_protestant_and_catholic_restrictions():
    r = play(start_position(V), "England: 2: PAPL\nFrance: 2: RHI\nSweden: 2: POLN\nEngland: 2: BAV")
    for o in ("2: PAPL", "2: RHI", "2: POLN", "2: BAV"):
        assert outcome(r, o) is Outcome.ILLEGAL, o


@pytest.mark.rule("seed002/influence-2")
def test_seed002_influence_unused_infs_lost_at_year_end():
    pos = position({}, phase="Winter 1616 Income", influence={"Spain": 7})
    nxt = play(pos, "").result.next_position
    assert str(nxt.phase) == "Spring 1617 Movement"
    assert nxt.state.influence["Spain"] == 23


@pytest.mark.rule("seed002/diplomatic-attack-3")
def test_seed002_diplomatic_attack_mutual_reduction():
    pos = position({}, phase="Winter 1616 Adjustment", infs={"SAX": {"Sweden": 4, "Denmark": 6}})
    r = play(pos, "Sweden: SAX > Denmark")
    nxt = r.result.next_position
    assert nxt.state.infs["SAX"] == {"Denmark": 2}
    assert status(nxt, "SAX") == "Denmark"


@pytest.mark.rule("seed002/diplomatic-attack-1", "seed002/diplomatic-attack-3", "seed002/diplomatic-attack-4")
def test_seed002_diplomatic_attack_placement_first_then_attacks_in_the_stated_order():
    pos = position({}, phase="Winter 1616 Adjustment",
                   infs={"WES": {"Spain": 6, "France": 2, "Dutch": 3}})
    r = play(pos, "Spain: WES > Dutch\nDutch: WES > Spain\nDutch: 2: WES")
    # placement first: Dutch 5; then the Dutch (4th) attack: Spain 6-5=1, Dutch 0; Spain's
    # attack then finds no Dutch INFs left
    nxt = r.result.next_position
    assert nxt.state.infs["WES"] == {"France": 2, "Spain": 1}
    assert outcome(r, "WES > Dutch") is Outcome.FAILURE
    assert status(nxt, "WES") == "France"


@pytest.mark.rule("seed002/diplomatic-attack-2")
def test_seed002_one_diplomatic_attack_per_phase():
    pos = position({}, phase="Winter 1616 Adjustment", infs={"SAX": {"Sweden": 4, "Denmark": 6, "England": 3}})
    r = play(pos, "Sweden: SAX > Denmark\nSweden: SAX > England")
    assert outcome(r, "SAX > England") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/errata-2015-03-01-b", "seed002/control-2")
def test_seed002_errata_2015_03_01_b_no_diplomatic_attack_in_controlled_state():
    pos = position({"France": ["A LOR"]}, phase="Winter 1616 Adjustment",
                   supply_centers={"France": ["LOR"]}, infs={"LOR": {"Spain": 4, "France": 2}})
    r = play(pos, "France: LOR > Spain\nAustria: 2: LOR")
    assert outcome(r, "LOR > Spain") is Outcome.ILLEGAL
    assert outcome(r, "2: LOR") is Outcome.ILLEGAL


# -- 5. Money ----------------------------------------------------------------------------------------------

@pytest.mark.rule("seed002/income-2")
def test_seed002_income_from_the_income_map():
    pos = position({"Dutch": ["A GEL"]}, phase="Winter 1616 Adjustment")
    nxt = play(pos, "").result.next_position
    assert str(nxt.phase) == "Winter 1616 Income"
    assert nxt.state.treasury["Dutch"] == 50 + 12


@pytest.mark.rule("seed002/power-units-1")
def test_seed002_adding_a_unit_costs_the_military_cost_percentage():
    units = {"France": ["A NORM", "F BRIT", "F PRO", "A GUY", "A CHA"]}
    pos = position(units, phase="Winter 1616 Income", treasury={"France": 50})
    r = play(pos, "France: Build A PAR")
    assert outcome(r, "Build A PAR") is Outcome.SUCCESS
    assert r.result.next_position.state.treasury["France"] == 27.5  # 45% of 50


@pytest.mark.rule("seed002/errata-2015-03-05-2", "seed002/income-1", "seed002/power-units-3")
def test_seed002_errata_2015_03_05_spain_cannot_build_at_fifty():
    units = {"Spain": ["A NET", "A MIL", "A NAP", "F AND", "A LUX", "A FRE"]}
    pos = position(units, phase="Winter 1616 Income", treasury={"Spain": 50})
    r = play(pos, "Spain: Build A CAS")
    assert outcome(r, "Build A CAS") is Outcome.ILLEGAL
    assert "less than 25" in result(r, "Build A CAS").reason


@pytest.mark.rule("seed002/errata-2015-03-05-1")
def test_seed002_errata_2015_03_05_one_build_per_phase():
    units = {"France": ["A NORM", "F BRIT", "F PRO", "A CHA", "A LYO"]}
    pos = position(units, phase="Winter 1616 Income", treasury={"France": 200})
    r = play(pos, "France: Build A PAR\nFrance: Build A GUY")
    assert outcome(r, "Build A PAR") is Outcome.SUCCESS
    assert outcome(r, "Build A GUY") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/power-units-3", "seed002/errata-2015-03-05-1")
def test_seed002_france_buying_two_units_without_the_erratum():
    """Seed, "Adding a unit for a power": 45% at five units, then 66% of what remains, and
    not below 25."""
    v = find_variant("europe1615", {"one_build_per_phase": False})
    units = {"France": ["A NORM", "F BRIT", "F PRO", "A CHA", "A LYO"]}
    pos = position(units, phase="Winter 1616 Income", variant=v, treasury={"France": 200})
    r = play(pos, "France: Build A PAR\nFrance: Build A GUY", v)
    assert outcome(r, "Build A PAR") is Outcome.SUCCESS
    assert outcome(r, "Build A GUY") is Outcome.SUCCESS
    assert r.result.next_position.state.treasury["France"] == Fraction("37.4")  # 200*0.55*0.34
    pos = position(units, phase="Winter 1616 Income", variant=v, treasury={"France": 100})
    r = play(pos, "France: Build A PAR\nFrance: Build A GUY", v)
    assert outcome(r, "Build A PAR") is Outcome.SUCCESS
    assert outcome(r, "Build A GUY") is Outcome.ILLEGAL   # 55 * 0.34 = 18.7 < 25


@pytest.mark.rule("seed002/power-units-4")
def test_seed002_no_more_than_fifteen_units():
    provs = ["A NORM", "F BRIT", "F PRO", "A CHA", "A LYO", "A BUR", "A ORL", "A LAN", "F GOL",
             "F ENG", "F BIS", "A FRE", "A LUX", "A ALS", "A GUY"]
    pos = position({"France": provs}, phase="Winter 1616 Income", treasury={"France": 10000})
    r = play(pos, "France: Build A PAR")
    assert outcome(r, "Build A PAR") is Outcome.ILLEGAL


# -- 6. Religious rebellion, attrition ----------------------------------------------------------------------

@pytest.mark.rule("seed002/rebellion-1")
def test_seed002_religious_rebellion_net_1620_to_1622():
    """The Dutch take NET (value 4) in the Winter of 1620: revolt in Spring, Summer, Fall 1621
    and Spring 1622, over in Summer 1622; no Dutch income from NET in Winter 1620 and 1621."""
    rel = {"war": [["Dutch", "Spain"]], "alliances": [], "neutral": [], "war_declarations": {}}
    pos = position({"Dutch": ["A NET"]}, phase="Winter 1620 Adjustment", relations=rel,
                   treasury={"Dutch": 50})
    pos = play(pos, "").result.next_position
    assert pos.supply_centers["NET"] == "Dutch"
    assert pos.state.revolts["NET"].left == 4
    assert pos.state.treasury["Dutch"] == 50 + 12       # Winter 1620: not NET's 4
    seen = []
    while str(pos.phase) != "Summer 1622 Movement":
        if pos.phase.kind is PhaseKind.MOVEMENT:
            seen.append((str(pos.phase), "NET" in (pos.state.revolts or {})))
        before = pos.state.treasury["Dutch"]
        pos = play(pos, "").result.next_position
        if str(pos.phase) == "Winter 1621 Income":
            assert pos.state.treasury["Dutch"] - before == 12  # Winter 1621: still none
    assert seen == [("Spring 1621 Movement", True), ("Summer 1621 Movement", True),
                    ("Fall 1621 Movement", True), ("Spring 1622 Movement", True)]
    assert "NET" not in (pos.state.revolts or {})


@pytest.mark.rule("seed002/control-1", "seed002/errata-2015-02-11-1")
def test_seed002_control_needs_occupation():
    """Errata 2-11-2015 (1): a foreign centre left unoccupied at the Winter Adjustment
    reverts."""
    pos = position({"France": ["A CHA"]}, phase="Winter 1616 Adjustment", supply_centers={"France": ["LOR"]})
    nxt = play(pos, "").result.next_position
    assert nxt.supply_centers["LOR"] == "LOR"


@pytest.mark.rule("seed002/minor-states-3")
def test_seed002_capture_of_a_minor_capital_disbands_its_units():
    pos = position({"France": ["A BRU"], "LOWR": ["A BRE"]}, phase="Winter 1616 Adjustment")
    nxt = play(pos, "").result.next_position
    assert nxt.supply_centers["BRU"] == "France"
    assert not any(u.power == "LOWR" for u in nxt.units)


@pytest.mark.rule("seed002/attrition-1")
def test_seed002_combat_attrition_second_retreat_disbands():
    pos = position({"Spain": ["A FRE"], "France": ["A LYO", "A BUR"]}, phase="Spring 1616 Movement",
                   relations=WAR_FR_SP)
    r = play(pos, "France: A LYO - FRE\nFrance: A BUR S A LYO - FRE")
    nxt = r.result.next_position
    assert nxt.phase.kind is PhaseKind.RETREAT
    nxt = play(nxt, "Spain: A FRE R LOR").result.next_position
    assert marks(nxt) == ["Spain: A LOR"]
    r = play(nxt, "France: A FRE - CHA\nSpain: A LOR - LUX")
    nxt = r.result.next_position
    assert marks(nxt) == ["Spain: A LUX"]          # the mark moves with the army
    pos2 = position({"Spain": ["A LUX"], "France": ["A LOR", "A CHA"]}, phase="Summer 1616 Movement",
                    relations=WAR_FR_SP, attrition=["Spain: A LUX"])
    r = play(pos2, "France: A CHA - LUX\nFrance: A LOR S A CHA - LUX")
    assert "Spain: A LUX" not in units_after(r)
    assert r.result.next_position.phase.kind is PhaseKind.MOVEMENT


@pytest.mark.rule("seed002/minor-units-2")
def test_seed002_minor_state_disbands_units_beyond_its_centres():
    """Seed, "Adding a unit for a minor state": a minor with more units than controlled
    centres disbands down to their number in the Winter Adjustment (furthest first)."""
    pos = position({"LOWR": ["A BRE", "A BRU", "A FRI"]}, phase="Winter 1616 Adjustment")
    nxt = play(pos, "").result.next_position
    assert {f"{u.power}: {u}" for u in nxt.units if u.power == "LOWR"} == {"LOWR: A BRE", "LOWR: A BRU"}


@pytest.mark.rule("seed002/errata-2015-03-08-penalty", "seed002/markers-2")
def test_seed002_scoring_start_and_war_penalty():
    from judge.variants.europe1615.rules import score

    start = start_position(V)
    pts = score(V, start)
    # five home centres, 2 full tens above the floor (50 - 25 = 25), the Papal State's
    # Catholic marker
    assert pts["France"] == 5 + 2 + 1
    pos = position({}, relations=WAR_FR_SP, infs={"LOR": {"France": 3}}, supply_centers={"France": ["PAR"]})
    pts = score(V, pos)
    # LOR aligned (3), Catholic markers on LOR and PAPL (2), one home centre (1), treasury 2,
    # one declaration of war (-10)
    assert pts["France"] == 3 + 2 + 1 + 2 - 10
    assert pts["Spain"] == 2 + 2   # the two Catholic markers, treasury


@pytest.mark.rule("seed002/elimination")
def test_seed002_elimination_when_no_home_centre_is_held():
    """Seed, "Elimination": units disbanded, foreign centres liberated, INFs removed."""
    centres = {"Dutch": ["LOR"], "France": ["HOL", "ZEE", "GEL"]}
    pos = position({"Dutch": ["A LOR", "F NTH"], "France": ["A HOL", "F ZEE", "A GEL"]},
                   phase="Winter 1616 Adjustment", supply_centers=centres, infs={"SAX": {"Dutch": 3, "Sweden": 1}})
    nxt = play(pos, "").result.next_position
    assert not any(u.power == "Dutch" for u in nxt.units)
    assert nxt.supply_centers["LOR"] == "LOR"
    assert nxt.state.infs["SAX"] == {"Sweden": 1}


@pytest.mark.rule("seed002/sanctions-6")
def test_seed002_sanctions_maghreb_states_come_into_play_in_turn():
    pos = position({"OTT": ["A GRE"]}, infs={"OTT": {"Spain": 5}})
    r = play(pos, "Spain: 2: TUN")
    assert outcome(r, "2: TUN") is Outcome.ILLEGAL
    r = play(pos, "Spain: A GRE - ALB")
    nxt = r.result.next_position
    assert nxt.state.activated == ("TUN",)
    r = play(nxt, "Spain: 2: TUN\nSpain: 2: ALG")
    assert outcome(r, "2: TUN") is Outcome.SUCCESS
    assert outcome(r, "2: ALG") is Outcome.ILLEGAL


@pytest.mark.rule("seed002/sanctions-8")
def test_seed002_optional_sanction_bohemian_revolt():
    v = find_variant("europe1615", {"bohemian_revolt": True})
    pos = position({}, phase="Winter 1617 Income", variant=v)
    nxt = play(pos, "", v).result.next_position
    assert str(nxt.phase) == "Spring 1618 Movement"
    assert nxt.supply_centers["BOH"] == "BOH"
    r = play(nxt, "England: 3: BOH\nFrance: 3: BOH", v)
    assert outcome(r, "3: BOH") is Outcome.SUCCESS
    assert [x.outcome for x in r.resolutions() if x.power == "France"] == [Outcome.ILLEGAL]
    # without the option Bohemia stays Austrian
    nxt = play(position({}, phase="Winter 1617 Income"), "").result.next_position
    assert nxt.supply_centers["BOH"] == "Austria"
    # and a seceded Bohemia left empty stays its own at the Winter Adjustment
    pos = position({}, phase="Winter 1618 Adjustment", variant=v, seceded=["BOH"],
                   supply_centers={"BOH": ["BOH"], "Austria": ["VIE"]})
    assert play(pos, "", v).result.next_position.supply_centers["BOH"] == "BOH"


# -- 7. The seed's order syntax as players write it (seed 003 §4: one meaning, followed with a note) ----


def _read(report):
    return [(str(ln.order), ln.error, ln.notes) for ln in report.lines]


@pytest.mark.rule("seed002/influence-5", "seed002/diplomatic-attack-1", "seed002/alignments-3")
def test_seed002_influence_and_placement_syntax_bracketed_minor_state_read():
    """Seed "Influence and placement" writes "# of INFs: [minor state]" and "The diplomatic attack"
    "[minor state] > [power]": a player copying the brackets means the state; a minor state's
    unit written in brackets (``[WUR] HOLD``, as France orders WUR in facts.md's example) is
    that unit, ordered by the power it is aligned to."""
    pos = position({"France": ["A PAR"], "WUR": ["A WUR"]}, infs={"WUR": {"France": 4}})
    r = play(pos, "France:\n[WUR] HOLD\n5: [WUR]\n[WUR] > [Spain]")
    read = _read(r)
    assert [o for o, e, _ in read] == ["A WUR H", "5: WUR", "WUR > Spain"]
    assert all(e is None and any("brackets" in n for n in notes) for _, e, notes in read)
    held = next(ln.order for ln in r.lines if str(ln.order) == "A WUR H")
    assert held.power == "WUR"
    assert outcome(r, "5: WUR") is Outcome.SUCCESS


@pytest.mark.rule("seed002/declarations-2", "seed002/errata-2015-03-08-options")
def test_seed002_declarations_syntax_dow_and_declaration_of_war_read():
    """Seed "Declarations" ("Declaration of war", "no DoW with Spain"): ``DoW: England`` and
    ``Declaration of war on Austria`` are declarations of war, with a note."""
    r = play(position({"France": ["A PAR"]}), "France:\nDoW: England\nDeclaration of war on Austria\n"
                                              "Declaration of an alliance with Dutch")
    read = _read(r)
    assert [o for o, e, _ in read] == ["Declare war on England", "Declare war on Austria", "Alliance with Dutch"]
    assert all(e is None and notes for _, e, notes in read)
    assert outcome(r, "Declare war on England") is Outcome.SUCCESS


def test_seed002_a_bracketed_word_that_names_nothing_is_not_guessed():
    """``[XYZ] HOLD`` names no state: not read (seed 003 §4: never a guess)."""
    r = play(position({"France": ["A PAR"]}), "France: [XYZ] HOLD")
    assert r.lines[0].order is None and r.lines[0].error is not None
