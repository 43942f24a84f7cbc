"""Europe 1615 (seed 002): scenarios written from the rule text, each carrying the ids of the rules
it checks (``judge/variants/europe1615/rulebook.py``), so that every rule and erratum has at least
two; where the seed gives an example, it is played again elsewhere on the board (``moved=True``).

Each scenario states in its docstring the words of the rule it checks; the expected outcome is
read from those words, not from the judge. Phases are played as in ``test_europe1615.py`` (the
command line's path, positions written as position files); the variant's state is read back from
the position file (``format_position``), the documented form of it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import yaml

from judge.core.resolution import Outcome
from judge.core.types import PhaseKind
from judge.notation import format_position
from judge.variants import find_variant
from judge.variants.europe1615.rules import build_cost, relations, score, start_position, status
from judge.variants.europe1615.state import state_marker

from test_europe1615 import V, WAR_FR_SP, outcome, play, position, result, units_after
from test_europe1615_rules import after, rel, winter

SEVERAL_BUILDS = find_variant("europe1615", {"one_build_per_phase": False})
"""The rulebook's several purchases a Winter (errata 3-5-2015 made it one; an option)."""


# -- reading the position back --------------------------------------------------------------------

def data(pos) -> dict:
    """The position as its file says it (the variant's keys: treasury, infs, revolts, ...)."""
    return yaml.safe_load(format_position(pos))


def treasury(pos, power: str) -> float:
    return data(pos)["treasury"][power]


def infs(pos) -> dict:
    return data(pos).get("infs") or {}


def revolts(pos) -> dict:
    return data(pos).get("revolts") or {}


def colour_markers(pos) -> dict:
    return data(pos).get("markers") or {}


def war_declarations(pos) -> dict:
    return dict(relations(pos).war_declarations)


def centres(**owners: str) -> dict[str, list[str]]:
    """The start's owners of the centres, with ``province=owner`` changes (a position file's
    ``supply_centers``)."""
    table = {str(p): str(o) for p, o in start_position(V).supply_centers.items()}
    table.update(owners)
    out: dict[str, list[str]] = {}
    for prov, who in sorted(table.items()):
        out.setdefault(who, []).append(prov)
    return out


def by(report, power: str, text: str):
    """The resolution of ``power``'s order ``text`` (two powers may write the same order)."""
    for r in report.resolutions():
        if r.power == power and r.order_text == text:
            return r
    raise AssertionError(f"no {power} {text!r}: {[(r.power, r.order_text) for r in report.resolutions()]}")


def allotment(power: str, year: int) -> int:
    """The Influence Progression table's INFs for ``power`` in ``year`` (the last row at or
    before it)."""
    rows = {int(y): int(n) for y, n in V.data["influence_progression"][power].items()}
    return rows[max(y for y in rows if y <= year)]


def income_of(*provinces: str) -> int:
    return sum(int(V.data["income"]["values"][p]) for p in provinces)


HOME_INCOME = {p: income_of(*V.data["powers"][p]["homes"]) for p in ("Austria", "Sweden", "Denmark", "Spain", "France", "Dutch", "England")}


# -- Influence and placement -----------------------------------------------------------------------

@pytest.mark.rule("seed002/influence-1")
def test_scenario_a_years_infs_placed_over_several_phases_never_more_than_the_allotment():
    """Seed, "Influence and placement": "Players may not distribute more INFs than available for
    the year." Denmark's 15 may be spread over the Spring and the Summer, but the Summer may only
    use what the Spring left."""
    pos = position({}, phase="Spring 1617 Movement", influence={"Denmark": allotment("Denmark", 1617)})
    r = play(pos, "Denmark: 10: MEC")
    assert outcome(r, "10: MEC") is Outcome.SUCCESS
    summer = r.result.next_position
    assert data(summer)["influence"]["Denmark"] == allotment("Denmark", 1617) - 10
    r = play(summer, "Denmark: 6: Saxony")
    assert outcome(r, "6: SAX") is Outcome.ILLEGAL
    r = play(summer, "Denmark: 5: Saxony")
    assert outcome(r, "5: SAX") is Outcome.SUCCESS
    assert infs(r.result.next_position) == {"MEC": {"Denmark": 10}, "SAX": {"Denmark": 5}}


@pytest.mark.rule("seed002/influence-2", "seed002/influence-1")
def test_scenario_infs_left_over_at_the_end_of_the_year_are_not_saved():
    """Seed, "Influence and placement": players "may not save unused INFs for the following
    year". Austria places 5 of its INFs in the Spring of 1617 and no more: what is left lasts
    through 1617, but the Spring of 1618 brings only the year's allotment of the Influence
    Progression table, not the allotment plus what was left."""
    pos = position({}, phase="Spring 1617 Movement", influence={"Austria": allotment("Austria", 1617)})
    summer = after(pos, "Austria: 5: BAV")
    left = allotment("Austria", 1617) - 5
    assert data(summer)["influence"]["Austria"] == left
    assert data(after(summer))["influence"]["Austria"] == left            # still there in the Fall
    spring = after(position({}, phase="Winter 1617 Income", influence={"Austria": left}))
    assert str(spring.phase) == "Spring 1618 Movement"
    assert data(spring)["influence"]["Austria"] == allotment("Austria", 1618)


@pytest.mark.rule("seed002/influence-3")
def test_scenario_infs_placed_stay_where_they_are_and_count_for_the_placer_only():
    """Seed, "Influence and placement": "Players may not lend out INFs or remove INFs from a state
    once placed." England's 4 INFs in Hesse stay when the Dutch outbid them, a Dutch placement
    adds to the Dutch INFs only, England's "-2" takes nothing out, and the INFs are still there
    in the next year."""
    pos = position({}, phase="Summer 1617 Movement", infs={"HES": {"England": 4}}, influence={"England": 9, "Dutch": 17})
    r = play(pos, "Dutch: 6: HES\nEngland: -2: HES")
    nxt = r.result.next_position
    assert infs(nxt)["HES"] == {"Dutch": 6, "England": 4}
    assert status(nxt, "HES") == "Dutch"
    assert data(nxt)["influence"]["England"] == 9
    spring = after(after(position({}, phase="Winter 1617 Adjustment", infs=infs(nxt))))
    assert str(spring.phase) == "Spring 1618 Movement"
    assert infs(spring)["HES"] == {"Dutch": 6, "England": 4}


# -- Sanctions -------------------------------------------------------------------------------------

@pytest.mark.rule("seed002/sanctions-1")
def test_scenario_protestants_never_influence_the_papal_state_or_bavaria():
    """Seed, "Sanctions": "Protestant powers cannot place INFs in the Papal States and Bavaria" —
    in a late year too, whatever name the order gives the state; Catholic powers may."""
    r = play(position({}, phase="Spring 1627 Movement"),
             "Dutch: 3: Bavaria\nDenmark: 2: Papal State\nAustria: 4: BAV\nSpain: 2: Papal State")
    assert by(r, "Dutch", "3: BAV").outcome is Outcome.ILLEGAL
    assert by(r, "Denmark", "2: PAPL").outcome is Outcome.ILLEGAL
    assert by(r, "Austria", "4: BAV").outcome is Outcome.SUCCESS
    assert by(r, "Spain", "2: PAPL").outcome is Outcome.SUCCESS
    assert infs(r.result.next_position) == {"BAV": {"Austria": 4}, "PAPL": {"Spain": 2}}


@pytest.mark.rule("seed002/sanctions-2")
def test_scenario_catholics_never_influence_the_rhineland():
    """Seed, "Sanctions": "Catholics powers cannot place INFs to the Rhineland"; Protestants may."""
    r = play(position({}, phase="Summer 1620 Movement"),
             "Spain: 2: Rhineland\nAustria: 2: RHI\nFrance: 1: RHI\nSweden: 3: RHI\nEngland: 2: Rhineland")
    for power in ("Spain", "Austria", "France"):
        assert [x.outcome for x in r.resolutions() if x.power == power] == [Outcome.ILLEGAL], power
    assert infs(r.result.next_position) == {"RHI": {"England": 2, "Sweden": 3}}


@pytest.mark.rule("seed002/sanctions-3")
def test_scenario_kejserkrigen_only_denmark_in_lower_saxony_from_1625_on():
    """Seed, "Sanctions": "Beginning in 1625, only Denmark can submit INFs to Lower Saxony." In
    1624 England may; in 1626 (and so every year from 1625) only Denmark."""
    r = play(position({}, phase="Fall 1624 Movement"), "England: 2: Lower Saxony")
    assert outcome(r, "2: LOWR") is Outcome.SUCCESS
    r = play(position({}, phase="Spring 1626 Movement"), "England: 2: Lower Saxony\nSweden: 1: LOWR\nDenmark: 3: Lower Saxony")
    assert by(r, "England", "2: LOWR").outcome is Outcome.ILLEGAL
    assert by(r, "Sweden", "1: LOWR").outcome is Outcome.ILLEGAL
    assert by(r, "Denmark", "3: LOWR").outcome is Outcome.SUCCESS


@pytest.mark.rule("seed002/sanctions-4")
def test_scenario_bethlens_intervention_transylvania_protestant_only_from_1619_on():
    """Seed, "Sanctions": "Beginning in 1619, deployment of INFs to Transylvania (TRA) is solely
    permitted to the Protestant powers." France may in 1618; in 1622 France and Spain may not,
    Sweden may."""
    r = play(position({}, phase="Summer 1618 Movement"), "France: 2: Transylvania")
    assert outcome(r, "2: TRA") is Outcome.SUCCESS
    r = play(position({}, phase="Summer 1622 Movement"), "France: 2: TRA\nSpain: 2: TRA\nSweden: 2: TRA")
    assert by(r, "France", "2: TRA").outcome is Outcome.ILLEGAL
    assert by(r, "Spain", "2: TRA").outcome is Outcome.ILLEGAL
    assert by(r, "Sweden", "2: TRA").outcome is Outcome.SUCCESS


@pytest.mark.rule("seed002/sanctions-7")
def test_scenario_huguenot_revolt_guyenne_a_pliant_state_for_protestants_from_1621():
    """Seed, "Sanctions" (optional): "Beginning in 1621, Guyenne (GUY) secedes from France. Only
    Protestant powers are allowed to deploy INFs to the newly formed pliant state." In 1620 no
    one may place INFs there (it is French); from 1621 Sweden may, Catholic Austria and France
    may not, and the centre is no longer France's."""
    v = find_variant("europe1615", {"huguenot_revolt": True})
    r = play(position({}, phase="Spring 1620 Movement", variant=v), "Sweden: 2: GUY", v)
    assert outcome(r, "2: GUY") is Outcome.ILLEGAL
    spring = after(position({}, phase="Winter 1620 Income", variant=v), variant=v)
    assert str(spring.phase) == "Spring 1621 Movement"
    assert spring.supply_centers["GUY"] != "France"
    r = play(spring, "Sweden: 2: GUY\nAustria: 2: GUY\nFrance: 2: GUY", v)
    assert by(r, "Sweden", "2: GUY").outcome is Outcome.SUCCESS
    assert by(r, "Austria", "2: GUY").outcome is Outcome.ILLEGAL
    assert by(r, "France", "2: GUY").outcome is Outcome.ILLEGAL


@pytest.mark.rule("seed002/sanctions-8")
def test_scenario_bohemian_revolt_bohemia_a_pliant_state_for_protestants_from_1618():
    """Seed, "Sanctions" (optional): "Beginning in 1618, Bohemia (BOH) secedes from Austria. Only
    Protestant powers are allowed to deploy INFs to the newly formed state." Before 1618 it is an
    Austrian home centre, not a state; from 1618 Denmark and the Dutch may place INFs there,
    Spain may not."""
    v = find_variant("europe1615", {"bohemian_revolt": True})
    r = play(position({}, phase="Fall 1617 Movement", variant=v), "Denmark: 2: BOH", v)
    assert outcome(r, "2: BOH") is Outcome.ILLEGAL
    spring = after(position({}, phase="Winter 1617 Income", variant=v), variant=v)
    assert spring.supply_centers["BOH"] != "Austria"
    r = play(spring, "Denmark: 2: Bohemia\nDutch: 3: BOH\nSpain: 4: BOH", v)
    assert by(r, "Denmark", "2: BOH").outcome is Outcome.SUCCESS
    assert by(r, "Dutch", "3: BOH").outcome is Outcome.SUCCESS
    assert by(r, "Spain", "4: BOH").outcome is Outcome.ILLEGAL
    assert status(r.result.next_position, "BOH") == "Dutch"


# -- The diplomatic attack ---------------------------------------------------------------------------

@pytest.mark.rule("seed002/diplomatic-attack-2")
def test_scenario_one_diplomatic_attack_a_phase_and_another_in_the_next():
    """Seed, "The diplomatic attack": "Each player is allowed to submit only one diplomatic attack
    order per Movement and Retreat Phase." England's second attack of the Spring is not
    followed; in the Summer it may attack again."""
    pos = position({}, phase="Spring 1617 Movement", infs={"HES": {"England": 4, "Dutch": 2}, "SAX": {"England": 3, "Sweden": 2}})
    r = play(pos, "England: HES > Dutch\nEngland: SAX > Sweden")
    assert outcome(r, "HES > Dutch") is Outcome.SUCCESS
    assert outcome(r, "SAX > Sweden") is Outcome.ILLEGAL
    summer = r.result.next_position
    assert infs(summer) == {"HES": {"England": 2}, "SAX": {"England": 3, "Sweden": 2}}
    r = play(summer, "England: SAX > Sweden")
    assert outcome(r, "SAX > Sweden") is Outcome.SUCCESS
    assert infs(r.result.next_position)["SAX"] == {"England": 1}


@pytest.mark.rule("seed002/diplomatic-attack-4", "seed002/diplomatic-attack-3")
def test_scenario_three_attacks_in_one_state_in_the_stated_order_of_powers():
    """Seed, "The diplomatic attack": "the sequence of attacks is resolved based on the following:
    1st- Sweden, 2nd- Denmark, 3rd- England, 4th- Dutch Republic, 5th- Austria, 6th- France, and
    7th- Spain"; each a mutual reduction ("the power with the lesser number of INFs placed removes
    all INFs and the power with larger number of INFs placed loses equal amount").

    In Hesse Sweden has 5, France 4, Spain 3. Sweden's attack on Spain comes first: Spain 0,
    Sweden 2. Then France's on Sweden: Sweden 0, France 2. Spain's attack on Sweden comes last and
    finds nothing to attack with. France alone is left, and Hesse is French."""
    pos = position({}, phase="Summer 1618 Movement", infs={"HES": {"Sweden": 5, "France": 4, "Spain": 3}})
    r = play(pos, "Spain: HES > Sweden\nFrance: HES > Sweden\nSweden: HES > Spain")
    nxt = r.result.next_position
    assert infs(nxt)["HES"] == {"France": 2}
    assert status(nxt, "HES") == "France"
    assert by(r, "Spain", "HES > Sweden").outcome is not Outcome.SUCCESS


# -- Alignments, neutrality, markers --------------------------------------------------------------------

def _ids(svg: str) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in ET.fromstring(svg).iter() if el.get("id")}


@pytest.mark.rule("seed002/alignments-4")
def test_scenario_statuses_reported_in_a_table_after_the_diplomatic_attacks():
    """Seed, "Alignments": "After diplomatic attacks are resolved, the referee will report to the
    players the statuses of the minor states, presented in a table". After a Winter Adjustment in
    which Sweden's attack cuts Austria out of Saxony, the table shows Saxony with Sweden's INFs
    left and aligned to Sweden, and the Papal State, equally held, neutral."""
    from judge.site.state_sections import state_sections

    pos = position({}, phase="Winter 1618 Adjustment", infs={"SAX": {"Sweden": 4, "Austria": 3}, "PAPL": {"Spain": 3, "France": 3}})
    nxt = after(pos, "Sweden: SAX > Austria")
    body = {s["title"]: s["body"] for s in state_sections(V, nxt)}["Influence (INF table) and alignments"]
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]] for line in body.splitlines()
            if line.startswith("|") and not line.startswith("|-") and "State" not in line}
    head = next(line for line in body.splitlines() if "State" in line)
    powers = [c.strip() for c in head.split("|")[2:-2]]
    saxony = dict(zip(powers + ["Alignment"], rows["Saxony"]))
    assert saxony["Sweden"] == "1" and saxony.get("Austria", "—") in ("", "—") and saxony["Alignment"] == "Sweden"
    papal = rows.get("Papal State") or rows["PAPL"]
    assert papal[-1] == "neutral"


@pytest.mark.rule("seed002/alignments-4")
def test_scenario_statuses_coloured_on_the_map():
    """Seed, "Alignments": the statuses are also shown "in color-coding on the map": Hesse,
    aligned to the Dutch, in the Dutch colour; Genoa, equally held by Spain and France, marked
    neutral; Mecklenburg, without INFs, left uncoloured (unaligned, grey on the seed's map)."""
    from judge.render import render_svg

    pos = position({}, infs={"HES": {"Dutch": 5, "England": 1}, "GEN": {"Spain": 2, "France": 2}})
    found = _ids(render_svg(V, pos))
    assert found["state-HES"].get("class") == "state aligned"
    assert "Dutch" in found["state-HES-HES"].get("style", "")
    assert found["state-GEN"].get("class") == "state neutral"
    assert "state-MEC" not in found


@pytest.mark.rule("seed002/markers-1")
def test_scenario_markers_for_one_confession_alone_or_twice_the_other():
    """Seed, "Confessional markers": a Protestant marker where "Protestant powers solely hold the
    INFs", a Catholic one where Catholics do, and with both "only when one confession holds twice
    the INFs over the other"."""
    pos = position({}, infs={
        "MEC": {"England": 1, "Dutch": 2},       # Protestants alone
        "WES": {"Austria": 2, "France": 2},      # Catholics alone (a neutral state: still Catholic)
        "SAV": {"Spain": 4, "Sweden": 2},        # Catholics twice the Protestants
        "HES": {"Sweden": 6, "France": 3},       # Protestants twice the Catholics
        "WUR": {"Denmark": 5, "France": 3},      # less than twice: no marker
    })
    assert state_marker(V, pos, "MEC") == "protestant"
    assert state_marker(V, pos, "WES") == "catholic"
    assert state_marker(V, pos, "SAV") == "catholic"
    assert state_marker(V, pos, "HES") == "protestant"
    assert state_marker(V, pos, "WUR") == "none"
    assert state_marker(V, pos, "LOR") == "none"        # no INFs, no marker


@pytest.mark.rule("seed002/markers-1", "seed002/diplomatic-attack-3")
def test_scenario_a_marker_follows_the_infs_after_a_diplomatic_attack():
    """Seed, "Confessional markers": Saxony with 4 Swedish and 3 Austrian INFs has no marker (4 is
    not twice 3); Sweden's attack leaves Sweden 1 and Austria none, so Protestants alone hold its
    INFs and it carries a Protestant marker."""
    pos = position({}, phase="Summer 1618 Movement", infs={"SAX": {"Sweden": 4, "Austria": 3}})
    assert state_marker(V, pos, "SAX") == "none"
    nxt = after(pos, "Sweden: SAX > Austria")
    assert infs(nxt)["SAX"] == {"Sweden": 1}
    assert state_marker(V, nxt, "SAX") == "protestant"


# -- Specific rules regarding minor states --------------------------------------------------------------

@pytest.mark.rule("seed002/minor-states-1", "seed002/errata-2015-03-08-movement")
def test_scenario_an_aligned_minors_dislodged_unit_is_disbanded_not_retreated():
    """Seed, "Specific rules regarding minor states" (1): "Units of minor states are automatically
    disbanded if dislodged." France, at war with Spain, dislodges the army of Lorraine (aligned to
    Spain, so open to France by the war): the army is gone at once, with no retreat phase."""
    pos = position({"France": ["A CHA", "A RHI"], "LOR": ["A LOR"], "Spain": ["A LUX"]},
                   infs={"LOR": {"Spain": 4}}, relations=WAR_FR_SP)
    r = play(pos, "France: A CHA - LOR\nFrance: A RHI S A CHA - LOR")
    nxt = r.result.next_position
    assert "France: A LOR" in units_after(r)
    assert not any(u.power == "LOR" for u in nxt.units)
    assert not nxt.dislodged and nxt.phase.kind is PhaseKind.MOVEMENT
