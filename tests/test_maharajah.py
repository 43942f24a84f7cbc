"""One test per rule and per worked example of seed 004 (Maharajah's Diplomacy), each named after
its section ("s2") or clarification ("clar4"), under both settings of a rule option where they
differ.

Every test plays small phases through :func:`judge.adjudication.run_phase`, the command line's
own path, from position files written as a Gamesmaster would.
"""

from __future__ import annotations

import pytest

from judge.adjudication import run_phase
from judge.core.board import Terrain
from judge.core.errors import JudgeError, PositionError
from judge.core.orders import Hold, Move
from judge.core.resolution import Outcome, Resolution
from judge.core.types import Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from judge.positions import parse_position, position_to_data
from judge.variants import find_variant
from judge.variants.maharajah.rules import CALENDAR, MaharajahRules, effective_homes, home_claims
from judge.variants.maharajah.state import Claim, MaharajahState

MAHARAJAH = find_variant("maharajah")
NO_RIVER_CONVOYS = find_variant("maharajah", options={"river_convoys": False})
BUILD_ANYWHERE = find_variant("maharajah", options={"build_anywhere": True})
BOTH_CONVOY_RULES = pytest.mark.parametrize("river_convoys", [True, False], ids=["river-convoys", "simplified"])


def variant_for(river_convoys: bool = True, build_anywhere: bool = False):
    return find_variant("maharajah", options={"river_convoys": river_convoys, "build_anywhere": build_anywhere})


def position(units: str, phase: str = "Spring 1501 Movement", rest: str = "", variant=MAHARAJAH) -> Position:
    """A position file: ``units`` are lines like ``Delhi: [A AGR]``; ``rest`` more YAML."""
    body = "\n".join("  " + line.strip() for line in units.strip().splitlines())
    text = f"variant: maharajah\nphase: {phase}\nunits:\n{body}\n{rest}"
    return parse_position(text, "test.yaml", variant=variant)[1]


def play(units: str, orders: str, phase: str = "Spring 1501 Movement", rest: str = "", variant=MAHARAJAH):
    return run_phase(variant, position(units, phase, rest, variant), orders, "orders.txt")


def units_after(report) -> set[str]:
    return {f"{u.power}: {u}" for u in report.result.next_position.units}


def outcome(report, text: str) -> Outcome:
    for r in report.resolutions():
        if r.order_text == text:
            return r.outcome
    raise AssertionError(f"no resolution for {text!r}: {[r.order_text for r in report.resolutions()]}")


def reason(report, text: str) -> str:
    return next(r.reason for r in report.resolutions() if r.order_text == text)


def homes_after(report, variant=MAHARAJAH) -> dict[str, tuple[str, ...]]:
    return effective_homes(variant, report.result.next_position)


# -- The board and the start (§1, §4, §5) -------------------------------------------------------


@pytest.mark.rule("seed004/start-1")
def test_seed004_start_position():
    v = MAHARAJAH
    assert len(v.board.provinces) == 77
    assert len(v.board.supply_centers()) == 37
    assert len(v.start.units) == 21
    assert sorted(v.powers) == ["Bahmana", "Delhi", "Gondwana", "Mughalistan", "Persia", "Rajputana", "Vijayanagar"]
    assert all(len(v.homes(p)) == 3 for p in v.powers)
    assert len(v.start.supply_centers) == 21
    assert sum(1 for u in v.start.units if u.kind is UnitType.FLEET) == 5
    assert v.start.extra == {}
    assert MaharajahState.of(v.start) == MaharajahState()  # nothing acquired, nothing claimed


@pytest.mark.rule("seed004/start-1")
def test_seed004_s4_game_starts_in_spring_1501():
    assert str(MAHARAJAH.start.phase) == "Spring 1501 Movement"


@pytest.mark.rule("seed004/monsoon-1")
def test_seed004_s5_adjustment_phase_is_called_monsoon():
    assert CALENDAR.steps[-1] == ("Monsoon", PhaseKind.ADJUSTMENT)
    assert MAHARAJAH.calendar.seasons() == ["Spring", "Fall", "Monsoon"]
    # Delhi takes a neutral centre in the Fall and has a home centre free: the Monsoon follows.
    r = play("Delhi: [A AWA, A MUZ]", "Delhi: A AWA - KAS", phase="Fall 1501 Movement")
    assert str(r.result.next_position.phase) == "Monsoon 1501 Adjustment"
    assert position("Delhi: [A AGR]", phase="Monsoon 1501 Adjustment").phase.season == "Monsoon"


@pytest.mark.parametrize("written", ["Monsoon 1501 Adjustment", "Winter 1501 Adjustment", "winter 1501 builds",
                                     "Monsoon, 1501, Adjustments"])
@pytest.mark.rule("seed004/monsoon-1")
def test_seed004_s5_winter_may_be_called_monsoon_either_name_is_read(written):
    """§5: Winter "may be called" Monsoon. A position may say either; the judge writes Monsoon."""
    pos = position("Delhi: [A AGR]", phase=written)
    assert str(pos.phase) == "Monsoon 1501 Adjustment"
    r = play("Delhi: [A AGR]", "Delhi: Build A AWA", phase=written)
    assert outcome(r, "Build A AWA") is Outcome.SUCCESS
    assert str(r.result.next_position.phase) == "Spring 1502 Movement"


@pytest.mark.rule("seed004/monsoon-1")
def test_seed004_s5_winter_is_only_the_adjustment_phase():
    """There is no Winter movement: the other name is for the adjustment phase alone."""
    with pytest.raises(JudgeError):
        position("Delhi: [A AGR]", phase="Winter 1501 Movement")
    with pytest.raises(JudgeError):
        position("Delhi: [A AGR]", phase="Summer 1501 Movement")


@pytest.mark.rule("seed004/monsoon-1")
def test_seed004_s5_winter_is_an_other_name_on_maharajahs_calendar_not_the_readers():
    """§5's other name is Maharajah's calendar's (``CALENDAR.other_names``), which the reader of
    phases is given: the standard calendar reads no Monsoon, and keeps its own Winter."""
    from judge.core.errors import MapError
    from judge.core.variant import STANDARD_CALENDAR, Calendar
    from judge.reading import parse_phase

    assert dict(CALENDAR.other_names) == {"Winter": "Monsoon"} and MAHARAJAH.calendar is CALENDAR
    assert parse_phase("Winter 1501 Adjustment", CALENDAR) == Phase(1501, "Monsoon", PhaseKind.ADJUSTMENT)
    assert parse_phase("Winter 1901 Adjustment", STANDARD_CALENDAR) == Phase(1901, "Winter", PhaseKind.ADJUSTMENT)
    with pytest.raises(MapError, match="seasons: Spring, Fall, Winter"):
        parse_phase("Monsoon 1901 Adjustment", STANDARD_CALENDAR)
    with pytest.raises(ValueError, match="'Monsoon', not a season"):
        Calendar(STANDARD_CALENDAR.steps, other_names={"Winter": "Monsoon"})
    # A season's own name wins over another season's other name.
    both = Calendar((*CALENDAR.steps, ("Winter", PhaseKind.RETREAT)), other_names={"Winter": "Monsoon"})
    assert both.season_names()["winter"] == "Winter"


@pytest.mark.rule("seed004/victory-1")
def test_seed004_s1_victory_is_19_of_37_centres():
    assert MAHARAJAH.victory_centres == 19
    owned = ["AGR", "AWA", "MUZ", "KAS", "MUL", "JAB", "RAI", "SBA", "ORI", "PEG", "AYU",
             "MAL", "KHA", "BID", "BIJ", "AHM", "GOA", "JOD"]  # 18
    centres = "supply_centers:\n  Delhi: [" + ", ".join(owned) + "]\n"
    units = "Delhi: [A JSL]"
    r = play(units, "Delhi: A JSL H", phase="Fall 1501 Movement", rest=centres)
    assert r.result.winner == "Delhi"  # Jaisalmer is the 19th
    r = play(units, "Delhi: A JSL - BIK", phase="Fall 1501 Movement", rest=centres)
    assert r.result.winner is None  # 18 are not enough


# -- §2 and clarification 2: fleets on the rivers -----------------------------------------------


@pytest.mark.rule("seed004/clarification-2", "seed004/rivers-1")
def test_seed004_clar2_fleet_moves_are_along_coasts_or_rivers():
    """The data's fleet moves between two land provinces: 25 along a river of ``rivers:``, 20
    along a coast (both coastal, one sea touching both); no other."""
    board = MAHARAJAH.board
    rules = MAHARAJAH.rules
    by_river, by_coast = set(), set()
    for loc, dests in board.fleet_edges.items():
        for d in dests:
            a, b = loc.province, d.province
            if Terrain.SEA in (board.provinces[a].terrain, board.provinces[b].terrain) or a > b:
                continue
            if rules.borders_by_river(board, a, b):
                by_river.add((a, b))
                continue
            seas_a = {x.province for x in board.fleet_edges[loc] if board.provinces[x.province].terrain is Terrain.SEA}
            seas_b = {x.province for x in board.fleet_edges[d] if board.provinces[x.province].terrain is Terrain.SEA}
            assert board.provinces[a].terrain is Terrain.COAST and board.provinces[b].terrain is Terrain.COAST, (a, b)
            assert seas_a & seas_b, (a, b)
            by_coast.add((a, b))
    assert len(by_river) == 25 and len(by_coast) == 20
    # Every pair of neighbours on one river has its fleet move.
    for a, dests in board.army_edges.items():
        for b in dests:
            if rules.borders_by_river(board, a, b):
                assert board.can_move(UnitType.FLEET, Location(a), Location(b)), (a, b)
    # The river provinces of the map (flag ``river``) are those the rivers touch.
    touched = {p for course in rules.rivers().values() for p in course}
    assert touched == {p for p, prov in board.provinces.items() if "river" in prov.flags}
    assert len(touched) == 17


@BOTH_CONVOY_RULES
@pytest.mark.parametrize("move, legal", [
    ("F AGR - MUZ", True),   # the Ganges
    ("F ASS - BEN", True),   # the Brahmaputra
    ("F AVA - PEG", True),   # the Irrawaddy
    ("F PES - SIN", True),   # the Indus to the sea
    ("F BEN - PEG", True),   # along the coast of the Bay of Bengal
    ("F SIN - ARS", True),   # a river province onto the sea
    ("F ASS - AVA", False),  # clarification 2: two rivers, no shared river or coast
    ("F AGR - LAH", False),  # clarification 2
    ("F AGR - JAI", False),  # Jaipur has no river
])
@pytest.mark.rule("seed004/clarification-2", "seed004/rivers-1", "seed004/rivers-6")
def test_seed004_clar2_river_fleet_movement(move, legal, river_convoys):
    unit = move.split(" - ")[0]
    r = play(f"Delhi: [{unit}]", f"Delhi: {move}", variant=variant_for(river_convoys))
    dest = move.split(" - ")[1]
    if legal:
        assert outcome(r, move) is Outcome.SUCCESS
        assert f"Delhi: F {dest}" in units_after(r)
    else:
        assert outcome(r, move) is Outcome.ILLEGAL
        assert f"Delhi: {unit}" in units_after(r)


# -- §2 and clarifications 1, 3, 4: river convoys -----------------------------------------------


ASSAM_JAFFNA = """
Delhi: A ASS - JAF
Delhi: F BEN C A ASS - JAF
Delhi: F BOB C A ASS - JAF
Delhi: F NIS C A ASS - JAF
"""


@pytest.mark.rule("seed004/clarification-3", "seed004/rivers-3")
def test_seed004_clar3_assam_to_jaffna_through_river_and_sea_fleets():
    r = play("Delhi: [A ASS, F BEN, F BOB, F NIS]", ASSAM_JAFFNA)
    assert outcome(r, "A ASS - JAF") is Outcome.SUCCESS
    assert "Delhi: A JAF" in units_after(r)
    for fleet in ("F BEN", "F BOB", "F NIS"):
        assert outcome(r, f"{fleet} C A ASS - JAF") is Outcome.SUCCESS


@pytest.mark.rule("seed004/rivers-6")
def test_seed004_s2_simplified_rule_no_convoy_from_assam_to_jaffna():
    """§2's simplified rule: the river fleet in Bengal may not convoy, so the chain is broken."""
    r = play("Delhi: [A ASS, F BEN, F BOB, F NIS]", ASSAM_JAFFNA, variant=NO_RIVER_CONVOYS)
    assert outcome(r, "F BEN C A ASS - JAF") is Outcome.ILLEGAL
    assert outcome(r, "A ASS - JAF") is Outcome.ILLEGAL
    assert "Delhi: A ASS" in units_after(r)


@BOTH_CONVOY_RULES
@pytest.mark.rule("seed004/rivers-3", "seed004/rivers-6")
def test_seed004_s2_river_fleet_may_convoy_only_with_river_convoys(river_convoys):
    r = play("Gondwana: [F SBA, A ORI]", "Gondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR",
             variant=variant_for(river_convoys))
    if river_convoys:
        assert "Gondwana: A BNR" in units_after(r)
    else:
        assert outcome(r, "F SBA C A ORI - BNR") is Outcome.ILLEGAL
        assert outcome(r, "A ORI - BNR") is Outcome.ILLEGAL
        assert "Gondwana: A ORI" in units_after(r)


@pytest.mark.rule("seed004/clarification-4", "seed004/rivers-6")
def test_seed004_clar4_bengal_convoys_directly_only_by_river():
    graph = MAHARAJAH.rules.convoy_graph(MAHARAJAH.board)
    direct = {p for p, links in graph.army_links.items() if "BEN" in links}
    assert direct == {"ASS", "BNR", "MUZ", "ORI", "SBA"}
    assert "PEG" not in direct
    # §2's simplified rule: Bengal carries no convoy at all.
    simple = NO_RIVER_CONVOYS.rules.convoy_graph(NO_RIVER_CONVOYS.board)
    assert "BEN" not in simple.carriers
    assert not any("BEN" in links for links in simple.army_links.values())


@pytest.mark.parametrize("src, dest", [("ASS", "ORI"), ("MUZ", "SBA"), ("BNR", "ORI"), ("SBA", "ASS"), ("ORI", "MUZ")])
@pytest.mark.rule("seed004/clarification-4")
def test_seed004_clar4_bengal_alone_convoys_between_its_river_neighbours(src, dest):
    r = play(f"Delhi: [A {src}, F BEN]", f"Delhi: A {src} - {dest}\nDelhi: F BEN C A {src} - {dest}")
    assert outcome(r, f"A {src} - {dest}") is Outcome.SUCCESS
    assert f"Delhi: A {dest}" in units_after(r)


@pytest.mark.rule("seed004/clarification-4")
def test_seed004_clar4_bengal_alone_cannot_convoy_from_pegu():
    """Bengal borders Pegu by coast, not by river: alone it cannot carry A Pegu to Muzaffarpur."""
    r = play("Delhi: [A PEG, F BEN]", "Delhi: A PEG - MUZ\nDelhi: F BEN C A PEG - MUZ")
    assert outcome(r, "A PEG - MUZ") is Outcome.ILLEGAL
    assert "Delhi: A PEG" in units_after(r)


@pytest.mark.rule("seed004/clarification-4", "seed004/clarification-3")
def test_seed004_clar4_pegu_reaches_bengal_in_a_chain_through_the_sea():
    """"Directly" (clarification 4): as part of a chain (Pegu, Bay of Bengal, Bengal) it may."""
    r = play("Delhi: [A PEG, F BOB, F BEN]",
             "Delhi: A PEG - MUZ\nDelhi: F BOB C A PEG - MUZ\nDelhi: F BEN C A PEG - MUZ")
    assert outcome(r, "A PEG - MUZ") is Outcome.SUCCESS


@pytest.mark.rule("seed004/clarification-2")
def test_seed004_clar2_chain_links_only_fleets_a_fleet_move_joins():
    """Assam and Ava share no river and no coast: fleets there do not form a chain."""
    r = play("Delhi: [A MUZ, F ASS, F AVA]",
             "Delhi: A MUZ - PEG\nDelhi: F ASS C A MUZ - PEG\nDelhi: F AVA C A MUZ - PEG")
    assert outcome(r, "A MUZ - PEG") is Outcome.ILLEGAL
    assert "Delhi: A MUZ" in units_after(r)


@BOTH_CONVOY_RULES
@pytest.mark.rule("seed004/clarification-1", "seed004/rivers-6")
def test_seed004_clar1_convoy_endpoints(river_convoys):
    v = variant_for(river_convoys)
    board = v.board
    endpoints = v.rules.convoy_graph(board).endpoints
    coastal = {p for p, prov in board.provinces.items() if prov.terrain is Terrain.COAST}
    rivers = {p for p, prov in board.provinces.items() if "river" in prov.flags}
    assert endpoints == (coastal | rivers if river_convoys else coastal)
    assert not {"KAN", "JAI", "WAR"} & endpoints


@pytest.mark.parametrize("army, fleet, dest", [("KAN", "KAB", "LAH"), ("JAI", "AGR", "MUZ"), ("WAR", "SBA", "BEN")])
@pytest.mark.rule("seed004/clarification-1")
def test_seed004_clar1_kandahar_jaipur_warangal_cannot_be_convoyed(army, fleet, dest):
    r = play(f"Delhi: [A {army}, F {fleet}]", f"Delhi: A {army} - {dest}\nDelhi: F {fleet} C A {army} - {dest}")
    assert outcome(r, f"A {army} - {dest}") is Outcome.ILLEGAL
    assert outcome(r, f"F {fleet} C A {army} - {dest}") is Outcome.ILLEGAL
    assert f"Delhi: A {army}" in units_after(r)


@pytest.mark.rule("seed004/clarification-1")
def test_seed004_clar1_inland_river_province_is_a_convoy_endpoint():
    """Multan and Kabul contain the Indus: F Lahore carries A Multan to Kabul."""
    r = play("Mughalistan: [A MUL, F LAH]", "Mughalistan: A MUL - KAB\nMughalistan: F LAH C A MUL - KAB")
    assert outcome(r, "A MUL - KAB") is Outcome.SUCCESS


# -- §2 and clarification 5: attacks on convoying river fleets ----------------------------------


BENARES_SAMBALPUR = """
Delhi: F BNR - SBA
Gondwana: F SBA C A ORI - BNR
Gondwana: A ORI - BNR
Gondwana: A JAB S A ORI - BNR
"""


@pytest.mark.rule("seed004/clarification-5")
def test_seed004_clar5_attacked_fleet_does_not_disrupt_river_convoy():
    """The seed's example: F Benares, attacked by the convoyed army, does not disrupt."""
    r = play("Delhi: [F BNR]\nGondwana: [F SBA, A ORI, A JAB]", BENARES_SAMBALPUR)
    assert outcome(r, "F SBA C A ORI - BNR") is Outcome.SUCCESS
    assert outcome(r, "A ORI - BNR") is Outcome.SUCCESS
    assert outcome(r, "F BNR - SBA") is Outcome.FAILURE
    nxt = r.result.next_position
    assert "Gondwana: A BNR" in units_after(r)
    assert [str(d.unit) for d in nxt.dislodged] == ["F BNR"]
    assert nxt.phase.kind is PhaseKind.RETREAT


@pytest.mark.rule("seed004/clarification-5", "seed004/rivers-6")
def test_seed004_clar5_benares_example_under_the_simplified_rule():
    """No river convoys: F Sambalpur's convoy and A Orissa's move are illegal; both hold, and
    F Benares bounces from Sambalpur."""
    r = play("Delhi: [F BNR]\nGondwana: [F SBA, A ORI, A JAB]", BENARES_SAMBALPUR, variant=NO_RIVER_CONVOYS)
    assert outcome(r, "F SBA C A ORI - BNR") is Outcome.ILLEGAL
    assert outcome(r, "A ORI - BNR") is Outcome.ILLEGAL
    assert outcome(r, "F BNR - SBA") is Outcome.FAILURE
    assert units_after(r) == {"Delhi: F BNR", "Gondwana: F SBA", "Gondwana: A ORI", "Gondwana: A JAB"}


@pytest.mark.rule("seed004/clarification-5")
def test_seed004_clar5_fleet_attacked_by_a_third_unit_does_not_disrupt():
    r = play("Delhi: [F BEN]\nGondwana: [F SBA, A ORI]\nVijayanagar: [A MUZ]",
             "Delhi: F BEN - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR\nVijayanagar: A MUZ - BEN")
    assert outcome(r, "F SBA C A ORI - BNR") is Outcome.SUCCESS
    assert "Gondwana: A BNR" in units_after(r)


@pytest.mark.rule("seed004/rivers-4")
def test_seed004_s2_fleet_attack_disrupts_river_convoy_even_when_it_fails():
    """F Bengal, not attacked, bounces from Sambalpur and still breaks its convoy."""
    r = play("Delhi: [F BEN]\nGondwana: [F SBA, A ORI]",
             "Delhi: F BEN - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR")
    assert outcome(r, "F BEN - SBA") is Outcome.FAILURE
    assert outcome(r, "F SBA C A ORI - BNR") is Outcome.FAILURE
    assert outcome(r, "A ORI - BNR") is Outcome.FAILURE
    assert units_after(r) == {"Delhi: F BEN", "Gondwana: F SBA", "Gondwana: A ORI"}


@pytest.mark.rule("seed004/rivers-4")
def test_seed004_s2_disrupted_river_convoy_gives_its_reason():
    """The convoy broken by a fleet's failed attack says who broke it (never a bare "disrupted: ")."""
    r = play("Delhi: [F BEN]\nGondwana: [F SBA, A ORI]",
             "Delhi: F BEN - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR")
    why = reason(r, "F SBA C A ORI - BNR")
    assert why == ("disrupted: attacked by Delhi's fleet from Bengal, which breaks the convoy although "
                   "the fleet is not dislodged")
    assert reason(r, "A ORI - BNR") == "no convoy reached Benares"


@pytest.mark.rule("seed004/rivers-5")
def test_seed004_s2_dislodged_river_fleet_says_by_whom():
    r = play("Delhi: [A RAI, A JAB]\nGondwana: [F SBA, A ORI]",
             "Delhi: A RAI - SBA\nDelhi: A JAB S A RAI - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR")
    assert reason(r, "F SBA C A ORI - BNR") == "disrupted: dislodged by Delhi's army from Raipur"


@pytest.mark.rule("seed004/clarification-5")
def test_seed004_clar5_fleet_attacked_by_an_army_whose_convoy_fails_is_still_attacked():
    """Clarification 5, our reading: a fleet is "attacked" when a move into its province is
    ordered (and legal), whatever becomes of that move, even an army's whose own convoy fails.
    F Benares, the target of A Awadh's convoy through Muzaffarpur (broken by F Agra), is
    attacked, so its attack on Sambalpur does not break F Sambalpur's convoy: A Orissa reaches
    Bengal. (In the seed's own example the attacking army is carried by the very convoy in
    question: "attacked" must not wait for a convoy's outcome, or the example is a paradox.)"""
    r = play("Delhi: [F BNR]\nGondwana: [F SBA, A ORI]\nVijayanagar: [F MUZ, A AWA]\nPersia: [F AGR]",
             "Delhi: F BNR - SBA\n"
             "Gondwana: F SBA C A ORI - BEN\nGondwana: A ORI - BEN via convoy\n"
             "Vijayanagar: F MUZ C A AWA - BNR\nVijayanagar: A AWA - BNR\n"
             "Persia: F AGR - MUZ\n")
    assert outcome(r, "F MUZ C A AWA - BNR") is Outcome.FAILURE
    assert outcome(r, "A AWA - BNR") is Outcome.FAILURE
    assert outcome(r, "F BNR - SBA") is Outcome.FAILURE
    assert outcome(r, "F SBA C A ORI - BEN") is Outcome.SUCCESS
    assert outcome(r, "A ORI - BEN via convoy") is Outcome.SUCCESS
    assert "Gondwana: A BEN" in units_after(r)


@pytest.mark.rule("seed004/clarification-5", "seed004/rivers-4")
def test_seed004_clar5_fleet_not_attacked_when_the_army_move_into_it_is_illegal():
    """An illegal move (no fleet to carry the army: it holds) attacks nobody: F Benares breaks
    the convoy."""
    r = play("Delhi: [F BNR]\nGondwana: [F SBA, A ORI]\nVijayanagar: [A AWA]",
             "Delhi: F BNR - SBA\nGondwana: F SBA C A ORI - BEN\nGondwana: A ORI - BEN via convoy\n"
             "Vijayanagar: A AWA - BNR\n")
    assert outcome(r, "A AWA - BNR") is Outcome.ILLEGAL
    assert outcome(r, "F SBA C A ORI - BEN") is Outcome.FAILURE
    assert "Gondwana: A ORI" in units_after(r)


@pytest.mark.rule("seed004/rivers-6", "seed004/rivers-2")
def test_seed004_s2_messages_about_river_fleets_speak_of_rivers():
    """A river fleet is not "at sea": orders refused for river fleets say river."""
    r = play("Gondwana: [F SBA, A ORI]", "Gondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR", variant=NO_RIVER_CONVOYS)
    assert reason(r, "F SBA C A ORI - BNR").startswith("a fleet on the river in Sambalpur cannot convoy (rivers carry no convoys in this game)")
    r = play("Gondwana: [A ORI]", "Gondwana: A ORI - BNR")
    assert reason(r, "A ORI - BNR").startswith("Orissa does not border Benares, and no fleets stand at sea or on a river to convoy the army there")
    r = play("Delhi: [F BNR, A KAN]", "Delhi: F BNR C A KAN - GOA")
    assert reason(r, "F BNR C A KAN - GOA").startswith("Benares lies on no river or sea route from Kandahar to Goa")


@pytest.mark.rule("seed004/rivers-6")
def test_seed004_s2_messages_at_sea_keep_their_wording():
    r = play("Delhi: [F BOB, A ASS]", "Delhi: F BOB C A ASS - GOA", variant=NO_RIVER_CONVOYS)
    assert "lies on no sea route" in reason(r, "F BOB C A ASS - GOA")


@pytest.mark.rule("seed004/rivers-4")
def test_seed004_s2_fleet_attack_on_the_benares_example_without_the_army_attack():
    """The seed's example with the army going elsewhere (Bengal, by convoy): F Benares is not
    attacked and disrupts the convoy."""
    r = play("Delhi: [F BNR]\nGondwana: [F SBA, A ORI]",
             "Delhi: F BNR - SBA\nGondwana: F SBA C A ORI - BEN\nGondwana: A ORI - BEN via convoy")
    assert outcome(r, "F SBA C A ORI - BEN") is Outcome.FAILURE
    assert outcome(r, "A ORI - BEN via convoy") is Outcome.FAILURE
    assert "Gondwana: A ORI" in units_after(r)


@pytest.mark.rule("seed004/rivers-5")
def test_seed004_s2_army_attack_that_fails_does_not_disrupt():
    r = play("Delhi: [A RAI]\nGondwana: [F SBA, A ORI]",
             "Delhi: A RAI - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR")
    assert outcome(r, "A RAI - SBA") is Outcome.FAILURE
    assert outcome(r, "F SBA C A ORI - BNR") is Outcome.SUCCESS
    assert "Gondwana: A BNR" in units_after(r)


@pytest.mark.rule("seed004/rivers-5")
def test_seed004_s2_army_must_dislodge_the_river_fleet():
    r = play("Delhi: [A RAI, A JAB]\nGondwana: [F SBA, A ORI]",
             "Delhi: A RAI - SBA\nDelhi: A JAB S A RAI - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR")
    assert outcome(r, "A RAI - SBA") is Outcome.SUCCESS
    assert outcome(r, "A ORI - BNR") is Outcome.FAILURE
    assert "Gondwana: A ORI" in units_after(r)


@pytest.mark.rule("seed004/rivers-4")
def test_seed004_s2_fleet_attack_at_sea_must_dislodge():
    """The rule is for convoying fleets in river provinces: at sea, only dislodgement breaks."""
    r = play("Delhi: [A ASS, F BEN, F BOB, F NIS]\nVijayanagar: [F ANS]",
             ASSAM_JAFFNA + "Vijayanagar: F ANS - BOB\n")
    assert outcome(r, "F ANS - BOB") is Outcome.FAILURE
    assert outcome(r, "A ASS - JAF") is Outcome.SUCCESS


@pytest.mark.rule("seed004/rivers-4")
def test_seed004_s2_own_fleet_does_not_disrupt_its_powers_convoy():
    r = play("Gondwana: [F BEN, F SBA, A ORI]",
             "Gondwana: F BEN - SBA\nGondwana: F SBA C A ORI - BNR\nGondwana: A ORI - BNR")
    assert outcome(r, "A ORI - BNR") is Outcome.SUCCESS


# -- §3: acquired home centres ------------------------------------------------------------------


def year(units: str, springs: str, falls: str, rest: str = "", start_year: int = 1502, monsoon: str = "", variant=MAHARAJAH):
    """Play a year from its Spring movement to the next year's (``falls`` are the Fall
    movement's orders, ``monsoon`` the Monsoon's, retreats none): the report of each phase."""
    reports = [play(units, springs, phase=f"Spring {start_year} Movement", rest=rest, variant=variant)]
    pos = reports[-1].result.next_position
    while pos.phase.year == start_year:
        orders = {"Fall": falls, "Monsoon": monsoon}.get(pos.phase.season, "") if pos.phase.kind is not PhaseKind.RETREAT else ""
        reports.append(run_phase(variant, pos, orders))
        pos = reports[-1].result.next_position
    assert str(pos.phase) == f"Spring {start_year + 1} Movement"
    return reports


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_unit_holding_a_centre_a_year_makes_it_a_home_centre():
    """A Delhian army on neutral Orissa from the start of Spring to the end of the Monsoon."""
    reports = year("Delhi: [A ORI, A AWA, A MUZ]", "", "")
    assert home_claims(reports[0].result.next_position) == {"ORI": ("Delhi", 1502)}
    assert str(reports[1].result.next_position.phase) == "Monsoon 1502 Adjustment"  # Agra is free
    nxt = reports[-1].result.next_position
    assert homes_after(reports[-1])["Delhi"] == ("AGR", "AWA", "MUZ", "ORI")
    assert nxt.state.listed_homes()["Delhi"] == ("AGR", "AWA", "MUZ", "ORI")
    assert not nxt.state.claims
    written = position_to_data(nxt)
    assert written["homes"]["Delhi"] == ["AGR", "AWA", "MUZ", "ORI"]
    assert "home_claims" not in written and not set(MaharajahState.KEYS) & set(nxt.extra)


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_home_centre_gained_when_the_monsoon_is_skipped():
    """No builds due: the Monsoon has nothing to decide, and the year still ends."""
    centres = "supply_centers:\n  Delhi: [AGR, AWA, MUZ]\n"
    reports = year("Delhi: [A ORI, A AWA, A MUZ, A AGR]", "", "", rest=centres)
    assert len(reports) == 2  # Monsoon 1502 skipped (4 centres, 4 units)
    assert "ORI" in homes_after(reports[-1])["Delhi"]


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_unit_that_moved_away_and_back_makes_no_home_centre():
    reports = year("Delhi: [A ORI, A AWA, A MUZ]", "Delhi: A ORI - BEN", "Delhi: A BEN - ORI")
    assert "ORI" not in homes_after(reports[-1])["Delhi"]
    assert not MaharajahState.of(reports[-1].result.next_position).homes


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_unit_arriving_in_spring_is_a_year_too_late():
    reports = year("Delhi: [A BEN, A AWA, A MUZ]", "Delhi: A BEN - ORI", "")
    assert "ORI" not in homes_after(reports[-1])["Delhi"]


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_unit_that_arrived_in_spring_makes_a_home_the_next_year():
    reports = year("Delhi: [A BEN, A AWA, A MUZ]", "Delhi: A BEN - ORI", "")
    pos = reports[-1].result.next_position
    assert "ORI" not in effective_homes(MAHARAJAH, pos)["Delhi"]
    r = run_phase(MAHARAJAH, pos, "")
    while r.result.next_position.phase.year == 1503:
        r = run_phase(MAHARAJAH, r.result.next_position, "")
    assert "ORI" in homes_after(r)["Delhi"]


@pytest.mark.rule("seed004/homes-2")
def test_seed004_s3_different_kind_of_unit_moved_in_in_the_fall_is_not_effective():
    """F Orissa leaves in the Fall as A Sambalpur steps in: Delhi holds Orissa at the year's
    end, but not with the same unit."""
    reports = year("Delhi: [F ORI, A SBA, A AWA, A MUZ]", "", "Delhi: F ORI - BOB\nDelhi: A SBA - ORI")
    assert "ORI" not in homes_after(reports[-1])["Delhi"]


@pytest.mark.rule("seed004/homes-2")
def test_seed004_s3_different_army_moved_in_in_the_fall_is_not_effective():
    """A Orissa leaves in the Fall as A Sambalpur, also Delhi's, steps in: the positions alone
    look like two holds; the Fall's orders tell them apart."""
    reports = year("Delhi: [A ORI, A SBA, A AWA, A MUZ]", "", "Delhi: A ORI - WAR\nDelhi: A SBA - ORI")
    assert "ORI" not in homes_after(reports[-1])["Delhi"]


@pytest.mark.rule("seed004/homes-2")
def test_seed004_s3_hook_tells_a_swap_from_a_hold_by_the_resolutions():
    """The hook itself, given the Fall's resolutions."""
    rules: MaharajahRules = MAHARAJAH.rules  # type: ignore[assignment]
    delhi = Power("Delhi")
    a = lambda p: Unit(delhi, UnitType.ARMY, Location(ProvinceId(p)))  # noqa: E731
    claims = MaharajahState.make(claims={ProvinceId("ORI"): Claim(delhi, 1502)})
    start = Position("maharajah", Phase(1502, "Fall", PhaseKind.MOVEMENT), (a("ORI"), a("SBA")), {}, state=claims)
    after = start.evolve(phase=Phase(1503, "Spring", PhaseKind.MOVEMENT), units=(a("ORI"), a("WAR")))
    swap = (Resolution(delhi, Move(delhi, UnitType.ARMY, Location("ORI"), Location("WAR")), Outcome.SUCCESS),
            Resolution(delhi, Move(delhi, UnitType.ARMY, Location("SBA"), Location("ORI")), Outcome.SUCCESS))
    hold = (Resolution(delhi, Hold(delhi, UnitType.ARMY, Location("ORI")), Outcome.SUCCESS),
            Resolution(delhi, Move(delhi, UnitType.ARMY, Location("SBA"), Location("WAR")), Outcome.SUCCESS))
    assert "ORI" not in effective_homes(MAHARAJAH, rules.after_phase(MAHARAJAH, start, after, resolutions=swap))["Delhi"]
    assert "ORI" in effective_homes(MAHARAJAH, rules.after_phase(MAHARAJAH, start, after, resolutions=hold))["Delhi"]


@pytest.mark.rule("seed004/homes-1", "seed004/homes-2")
def test_seed004_s3_dislodged_unit_makes_no_home_centre():
    reports = year("Delhi: [A ORI, A AWA, A MUZ]\nGondwana: [A SBA, A WAR]", "",
                   "Gondwana: A SBA - ORI\nGondwana: A WAR S A SBA - ORI")
    assert any(r.result.position.phase.kind is PhaseKind.RETREAT for r in reports)
    assert "ORI" not in homes_after(reports[-1])["Delhi"]
    assert "ORI" not in homes_after(reports[-1])["Gondwana"]  # Gondwana arrived in the Fall


MONSOON_WITH_CLAIM = """supply_centers:
  Delhi: [AWA, MUZ]
home_claims:
  ORI: {power: Delhi, since: 1502}
"""


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_unit_removed_in_the_monsoon_makes_no_home_centre():
    """Winter counts too: the claimant removed in the Monsoon gains nothing."""
    units = "Delhi: [A ORI, A AWA, A MUZ]"
    r = play(units, "Delhi: Remove A ORI", phase="Monsoon 1502 Adjustment", rest=MONSOON_WITH_CLAIM)
    assert "ORI" not in homes_after(r)["Delhi"]
    r = play(units, "Delhi: Remove A AWA", phase="Monsoon 1502 Adjustment", rest=MONSOON_WITH_CLAIM)
    assert "ORI" in homes_after(r)["Delhi"]


@pytest.mark.rule("seed004/homes-4", "seed004/homes-1")
def test_seed004_s3_a_centre_is_home_to_one_power_at_a_time():
    """A Gondwanan army holds Delhi's Agra a year: Agra becomes Gondwana's home, not Delhi's."""
    reports = year("Delhi: [A AWA, A MUZ]\nGondwana: [A AGR, A JAB]", "", "")
    homes = homes_after(reports[-1])
    assert homes["Gondwana"] == ("AGR", "JAB", "RAI", "SBA")
    assert homes["Delhi"] == ("AWA", "MUZ")
    assert reports[-1].result.next_position.supply_centers["AGR"] == "Gondwana"


@pytest.mark.rule("seed004/homes-4")
def test_seed004_s3_former_home_power_cannot_build_there():
    rest = "supply_centers:\n  Delhi: [AGR, AWA, MUZ, KAS]\nhomes:\n  Delhi: [AWA, MUZ]\n  Gondwana: [AGR, JAB, RAI, SBA]\n"
    r = play("Delhi: [A AWA, A MUZ, A KAS]", "Delhi: Build A AGR", phase="Monsoon 1502 Adjustment", rest=rest)
    assert outcome(r, "Build A AGR") is Outcome.ILLEGAL
    assert "no longer a home centre" in reason(r, "Build A AGR")


@pytest.mark.rule("seed004/homes-4")
def test_seed004_s3_original_owner_must_recapture_and_reconvert():
    """Delhi retakes Agra and holds it a year: Agra is Delhi's home again (the original homes,
    so ``homes`` is no longer written)."""
    rest = "supply_centers:\n  Delhi: [AGR, AWA, MUZ]\nhomes:\n  Delhi: [AWA, MUZ]\n  Gondwana: [AGR, JAB, RAI, SBA]\n"
    reports = year("Delhi: [A AGR, A AWA, A MUZ]", "", "", rest=rest)
    assert homes_after(reports[0])["Delhi"] == ("AWA", "MUZ")  # not yet
    assert homes_after(reports[-1])["Delhi"] == ("AGR", "AWA", "MUZ")
    assert homes_after(reports[-1])["Gondwana"] == ("JAB", "RAI", "SBA")
    assert not MaharajahState.of(reports[-1].result.next_position).homes
    assert "homes" not in position_to_data(reports[-1].result.next_position)


MONSOON_NEW_HOME = "supply_centers:\n  Delhi: [AGR, AWA, MUZ, ORI]\n"


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_build_in_an_acquired_home_centre():
    rest = MONSOON_NEW_HOME + "homes:\n  Delhi: [AGR, AWA, MUZ, ORI]\n"
    r = play("Delhi: [A AWA, A MUZ]", "Delhi: Build F ORI\nDelhi: Build A AGR", phase="Monsoon 1502 Adjustment", rest=rest)
    assert outcome(r, "Build F ORI") is Outcome.SUCCESS
    assert "Delhi: F ORI" in units_after(r)


@pytest.mark.rule("seed004/homes-3")
def test_seed004_s3_no_build_in_an_owned_centre_that_is_no_home():
    r = play("Delhi: [A AWA, A MUZ]", "Delhi: Build F ORI", phase="Monsoon 1502 Adjustment", rest=MONSOON_NEW_HOME)
    assert outcome(r, "Build F ORI") is Outcome.ILLEGAL
    assert "not a home centre" in reason(r, "Build F ORI")


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_monsoon_is_played_when_the_only_free_site_is_an_acquired_home():
    """Delhi takes Kashmir in the Fall; its original homes are all occupied, Orissa (acquired)
    is free: the Monsoon has a build to decide."""
    rest = "supply_centers:\n  Delhi: [AGR, AWA, MUZ, ORI]\nhomes:\n  Delhi: [AGR, AWA, MUZ, ORI]\n"
    r = play("Delhi: [A AGR, A AWA, A MUZ, A KAS]", "", phase="Fall 1502 Movement", rest=rest)
    assert str(r.result.next_position.phase) == "Monsoon 1502 Adjustment"
    r = run_phase(MAHARAJAH, r.result.next_position, "Delhi: Build A ORI")
    assert outcome(r, "Build A ORI") is Outcome.SUCCESS


@pytest.mark.rule("seed004/homes-5")
def test_seed004_s3_simplified_rule_build_in_any_owned_centre():
    r = play("Delhi: [A AWA, A MUZ]", "Delhi: Build F ORI", phase="Monsoon 1502 Adjustment",
             rest=MONSOON_NEW_HOME, variant=BUILD_ANYWHERE)
    assert outcome(r, "Build F ORI") is Outcome.SUCCESS
    assert "Delhi: F ORI" in units_after(r)


@pytest.mark.rule("seed004/homes-5")
def test_seed004_s3_simplified_rule_monsoon_played_for_a_centre_that_is_no_home():
    """Delhi's home centres are all occupied; it takes Kashmir and may build there."""
    r = play("Delhi: [A AGR, A AWA, A MUZ, A KAS]", "", phase="Fall 1502 Movement", variant=BUILD_ANYWHERE,
             rest="supply_centers:\n  Delhi: [AGR, AWA, MUZ, ORI]\n")
    assert str(r.result.next_position.phase) == "Monsoon 1502 Adjustment"
    r = run_phase(BUILD_ANYWHERE, r.result.next_position, "Delhi: Build F ORI")
    assert outcome(r, "Build F ORI") is Outcome.SUCCESS
    # Under the full rules Orissa is no home of Delhi's: nothing to decide.
    r = play("Delhi: [A AGR, A AWA, A MUZ, A KAS]", "", phase="Fall 1502 Movement",
             rest="supply_centers:\n  Delhi: [AGR, AWA, MUZ, ORI]\n")
    assert str(r.result.next_position.phase) == "Spring 1503 Movement"


@pytest.mark.rule("seed004/homes-5")
def test_seed004_s3_simplified_rule_not_in_a_centre_of_another_power():
    rest = "supply_centers:\n  Delhi: [AGR, AWA, MUZ, KAS]\n  Gondwana: [ORI]\n"
    r = play("Delhi: [A AWA, A MUZ]", "Delhi: Build F ORI", phase="Monsoon 1502 Adjustment", rest=rest, variant=BUILD_ANYWHERE)
    assert outcome(r, "Build F ORI") is Outcome.ILLEGAL


@pytest.mark.rule("seed004/homes-5")
def test_seed004_s3_simplified_rule_tracks_no_home_centres():
    reports = year("Delhi: [A ORI, A AWA, A MUZ]", "", "", variant=BUILD_ANYWHERE)
    nxt = reports[-1].result.next_position
    assert MaharajahState.of(nxt) == MaharajahState()
    assert not set(MaharajahState.KEYS) & set(position_to_data(nxt))


@pytest.mark.rule("seed004/homes-1", "seed004/homes-4")
def test_seed004_s3_claims_and_homes_round_trip_through_the_position_file():
    import yaml

    rest = "home_claims:\n  ORI: {power: Delhi, since: 1502}\nhomes:\n  Delhi: [AWA, MUZ]\n  Gondwana: [AGR, JAB, RAI, SBA]\n"
    pos = position("Delhi: [A ORI, A AWA]", phase="Fall 1502 Movement", rest=rest)
    text = yaml.safe_dump(position_to_data(pos))
    again = parse_position(text, "again.yaml")[1]
    assert again.state == pos.state and again.extra == pos.extra
    assert pos.state == MaharajahState.make({"Delhi": ("AWA", "MUZ"), "Gondwana": ("AGR", "JAB", "RAI", "SBA")},
                                            {"ORI": Claim("Delhi", 1502)})
    assert not set(MaharajahState.KEYS) & set(pos.extra)
    assert home_claims(again) == {"ORI": ("Delhi", 1502)}
    assert effective_homes(MAHARAJAH, again)["Delhi"] == ("AWA", "MUZ")
    assert effective_homes(MAHARAJAH, again)["Bahmana"] == ("AHM", "BIJ", "GOA")



@pytest.mark.rule("seed004/homes-1", "seed004/homes-4")
@pytest.mark.parametrize("rest, line, message", [
    ("home_claims:\n  ORI: {power: Atlantis, since: 1502}\n", 6, "'Atlantis' is not a power of maharajah"),
    ("home_claims:\n  ORI: {power: Delhi, since: soon}\n", 6, "the claim on ORI: 'since' is the year it began"),
    ("home_claims:\n  ORI: {power: Delhi}\n", 6, "the claim on ORI should read like"),
    ("home_claims:\n  XYZ: {power: Delhi, since: 1502}\n", 6, "unknown province 'XYZ'"),
    ("home_claims: [ORI]\n", 5, "'home_claims' maps each centre to its claim"),
    ("homes:\n  Delhi: [AWA, MUZ]\n  Gondwana: [JAB, BEN]\n", 7, "BEN (Bengal) is not a supply centre"),
    ("homes:\n  Delhi: [AGR, AWA]\n  Gondwana:\n    - JAB\n    - AGR\n", 9, "AGR is listed twice (for Delhi and Gondwana)"),
    ("homes:\n  Atlantis: [AGR]\n", 6, "'Atlantis' is not a power of maharajah"),
    ("homes: [AGR]\n", 5, "'homes' maps each power to its home centres"),
    ("homes:\n  Delhi: AGR\n", 6, "the home centres of Delhi should be a list"),
])
def test_seed004_s3_a_bad_home_centre_or_claim_is_refused_with_its_file_and_line(rest, line, message):
    """The typed state checks every value of ``homes`` and ``home_claims`` once, when the file is
    read: a power of the game, a supply centre, a centre home to one power at a time (§3), a
    year; the error names the file and the line."""
    with pytest.raises(PositionError) as err:
        position("Delhi: [A AGR]", phase="Fall 1502 Movement", rest=rest)
    assert str(err.value).startswith(f"test.yaml:{line}: {message}"), str(err.value)


@pytest.mark.rule("seed004/homes-1")
def test_seed004_s3_the_state_is_read_in_any_case_and_written_in_the_judges():
    """Powers and centres are read in any case (as the position's other keys are) and written
    back as the judge writes them."""
    pos = position("Delhi: [A ORI]", phase="Fall 1502 Movement",
                   rest="home_claims:\n  ori: {power: delhi, since: 1502}\nhomes:\n  gondwana: [agr, jab, rai, sba]\n")
    data = position_to_data(pos)
    assert data["home_claims"] == {"ORI": {"power": "Delhi", "since": 1502}}
    assert data["homes"] == {"Gondwana": ["AGR", "JAB", "RAI", "SBA"]}
    assert effective_homes(MAHARAJAH, pos)["Delhi"] == ("AWA", "MUZ")


@pytest.mark.rule("seed004/homes-1", "seed004/homes-4")
def test_seed004_s3_pages_show_the_home_centres_from_the_typed_state():
    """The game page's section (``pages.py``) reads the typed state: centres acquired and lost,
    and the claims under way; nothing when no home centre has changed and none is claimed. The
    site writes it as Markdown."""
    from judge.site.state_sections import section_markdown
    from judge.variants.maharajah.pages import SECTIONS

    rest = "home_claims:\n  ORI: {power: Delhi, since: 1502}\nhomes:\n  Delhi: [AWA, MUZ]\n  Gondwana: [AGR, JAB, RAI, SBA]\n"
    section = SECTIONS[0](MAHARAJAH, position("Delhi: [A ORI, A AWA]", phase="Fall 1502 Movement", rest=rest))
    assert section is not None and section.title == "Home centres"
    body = str(section_markdown(section)["body"])
    assert "| Delhi | — | Agra |" in body
    assert "| Gondwana | Agra | — |" in body
    assert "Centres being held towards a new home: Orissa (Delhi, since 1502)" in body
    assert SECTIONS[0](MAHARAJAH, position("Delhi: [A ORI]", phase="Fall 1502 Movement")) is None

# -- A short game through every kind of phase ---------------------------------------------------


@pytest.mark.rule("seed004/standard-1", "seed004/rivers-3", "seed004/homes-1", "seed004/monsoon-1")
def test_seed004_scripted_game_1501_to_1504():
    v = MAHARAJAH
    pos = v.start
    script = [
        ("Spring 1501 Movement", """
            Delhi: A AGR - KAS
            Gondwana: A JAB - BNR
            Gondwana: A RAI - WAR
            Vijayanagar: F PUL - BOB
            Vijayanagar: A BAN - ORI
            Rajputana: F JSL - SIN
            Rajputana: A JOD - GUJ
        """),
        # A river convoy: F Sambalpur carries A Benares to Orissa, dislodging A Orissa.
        ("Fall 1501 Movement", """
            Gondwana: F SBA C A BNR - ORI
            Gondwana: A BNR - ORI
            Gondwana: A WAR S A BNR - ORI
            Vijayanagar: F BOB - NIS
        """),
        ("Fall 1501 Retreat", "Vijayanagar: A ORI R BAN"),
        ("Monsoon 1501 Adjustment", "Delhi: Build A AGR\nGondwana: Build A JAB\nRajputana: Build F JSL"),
        # Rajputana's army leaves Gujarat and comes back: no claim for that year.
        ("Spring 1502 Movement", "Rajputana: A GUJ - ABD"),
        ("Fall 1502 Movement", "Rajputana: A ABD - GUJ"),
        ("Monsoon 1502 Adjustment", ""),
        ("Spring 1503 Movement", "Gondwana: A ORI - BEN\nGondwana: A WAR - BID"),
        ("Fall 1503 Movement", ""),
        ("Monsoon 1503 Adjustment", "Gondwana: Build F ORI"),
    ]
    reports = {}
    for phase, orders in script:
        assert str(pos.phase) == phase
        r = run_phase(v, pos, "\n".join(line.strip() for line in orders.strip().splitlines()))
        assert not r.unreadable, r.problems
        assert all(x.outcome is not Outcome.ILLEGAL for x in r.resolutions()), [(x.order_text, x.reason) for x in r.resolutions()]
        reports[phase] = r
        pos = r.result.next_position
    assert str(pos.phase) == "Spring 1504 Movement"

    fall = reports["Fall 1501 Movement"]
    assert outcome(fall, "A BNR - ORI") is Outcome.SUCCESS
    assert "by convoy" in reason(fall, "A BNR - ORI")
    assert ("ORI", None, "Gondwana") in reports["Fall 1501 Retreat"].result.captures
    assert {"Vijayanagar: A BAN", "Delhi: A AGR", "Gondwana: A JAB", "Rajputana: F JSL"} <= units_after(reports["Monsoon 1501 Adjustment"])
    assert home_claims(reports["Spring 1502 Movement"].result.next_position) == {
        "KAS": ("Delhi", 1502), "ORI": ("Gondwana", 1502), "SIN": ("Rajputana", 1502)}
    after_1502 = effective_homes(v, reports["Monsoon 1502 Adjustment"].result.next_position)
    assert after_1502["Delhi"] == ("AGR", "AWA", "KAS", "MUZ")
    assert after_1502["Gondwana"] == ("JAB", "ORI", "RAI", "SBA")
    assert after_1502["Rajputana"] == ("JOD", "JSL", "MUL", "SIN")
    assert after_1502["Vijayanagar"] == ("BAN", "CAL", "PUL")
    # Gondwana takes Bidar, and builds a fleet in Orissa, its new home centre.
    assert outcome(reports["Monsoon 1503 Adjustment"], "Build F ORI") is Outcome.SUCCESS
    assert "Gondwana: F ORI" in {f"{u.power}: {u}" for u in pos.units}
    # Gujarat, held by the same army through 1503, is now Rajputana's too.
    assert effective_homes(v, pos)["Rajputana"] == ("GUJ", "JOD", "JSL", "MUL", "SIN")


@pytest.mark.rule("seed004/clarification-3")
def test_seed004_clar3_order_set_as_the_seed_writes_it_hyphen_before_the_verb():
    """Clarification 3 writes its convoy as ``F Bengal-Convoys A Assam-Jaffna``: the hyphen joins
    the fleet's place to its verb (no move is meant); each order is read, with a note, and
    the army reaches Jaffna. (The seed's "F" / "Nicobar Sea-Convoys ..." is one line broken by
    the text's wrapping, joined here.)"""
    orders = ("Delhi:\nA Assam-Jaffna\nF Bengal-Convoys A Assam-Jaffna\n"
              "F Bay of Bengal-Convoys A Assam-Jaffna\nF Nicobar Sea-Convoys A Assam-Jaffna\n")
    r = play("Delhi: [A ASS, F BEN, F BOB, F NIS]", orders)
    assert [str(ln.order) for ln in r.lines] == ["A ASS - JAF", "F BEN C A ASS - JAF", "F BOB C A ASS - JAF",
                                                 "F NIS C A ASS - JAF"]
    assert all(ln.error is None for ln in r.lines)
    assert all(ln.notes for ln in r.lines[1:])
    assert "Delhi: A JAF" in units_after(r)


@pytest.mark.rule("seed004/clarification-5")
def test_seed004_clar5_example_as_the_seed_writes_it():
    """Clarification 5's orders, verbatim (its "F Sambalpur Convoys A Orissa" / "- Benares" is one
    line broken by the text's wrapping, joined here)."""
    orders = ("Delhi:\nF Benares - Sambalpur\nGondwana:\nF Sambalpur Convoys A Orissa - Benares\n"
              "A Orissa - Benares\nA Jabalpur Supports A Orissa - Benares\n")
    r = play("Delhi: [F BNR]\nGondwana: [F SBA, A ORI, A JAB]", orders)
    assert [str(ln.order) for ln in r.lines] == ["F BNR - SBA", "F SBA C A ORI - BNR", "A ORI - BNR",
                                                 "A JAB S A ORI - BNR"]
    assert "Gondwana: A BNR" in units_after(r)


@pytest.mark.rule("seed003/orders-5")
def test_seed004_hyphen_before_a_verb_on_the_standard_map_too():
    """``F NTH-Convoys A LON-BEL``, ``A Wal-Supports A Lon-Bel``: the same reading on the standard map."""
    std = find_variant("standard")
    pos = parse_position("variant: standard\nphase: Spring 1901 Movement\nunits:\n  England: [A LON, F NTH, A WAL]\n",
                         "t.yaml", std)[1]
    r = run_phase(std, pos, "England:\nF NTH-Convoys A LON-BEL\nA Wal-Supports A Lon-Bel\nA LON-BEL\n", "o.txt")
    assert [str(ln.order) for ln in r.lines] == ["F NTH C A LON - BEL", "A WAL S A LON - BEL", "A LON - BEL"]
    assert all(ln.error is None and (ln.notes or n == 2) for n, ln in enumerate(r.lines))
