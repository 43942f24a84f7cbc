"""The phase reports: njudge results format, narrative and forum posts, from the record of a phase."""

from __future__ import annotations

import dataclasses
import re

import pytest
import yaml

from judge.adjudication import run_phase
from judge.positions import parse_position, position_to_data
from judge.core.resolution import Outcome
from judge.record import OrderRecord, PhaseRecord
from judge.reports import forum_post, format_deadline, narrative, njudge_results
from judge.site.synthetic import phase_record as results_data


def play(position_text: str, orders: str):
    """Adjudicate ``orders`` on a position; the results as ``results.yaml`` would hold them
    (through YAML and back), and the positions before and after."""
    variant, before = parse_position(position_text)
    report = run_phase(variant, before, orders)
    data = PhaseRecord.from_data(yaml.safe_load(results_data(variant, report).to_yaml()), "<results>")
    return variant, before, data, report.result.next_position


SPRING = """variant: standard
phase: Spring 1901 Movement
units:
  Austria: [A BOH]
  England: [A LON, F NTH, A YOR, F ENG]
  France: [A PAR, A MAR]
  Germany: [A SIL, A MUN, A TYR]
  Italy: [A VEN, A ROM]
  Russia: [A WAR, F SEV]
  Turkey: [A GAL]
"""

SPRING_ORDERS = """Austria: A BOH - SIL
Germany: A SIL H
Germany: A MUN - BOH
Germany: A TYR S A MUN - BOH
England: A YOR - NWY
England: F NTH C A YOR - NWY
England: A LON - BEL
England: F ENG H
England: F LON - NTH <script>window.__pwned=1</script>
France: A PAR - BUR
France: A MAR - BUR
Italy: A VEN S A ROM - TUS
Italy: A ROM H
Russia: A WAR S A SIL
Turkey: A GAL - WAR
"""


@pytest.fixture(scope="module")
def spring():
    return play(SPRING, SPRING_ORDERS)


def test_the_record_keeps_each_order_taken_apart(spring):
    """The reports read each order's parts from the record, never its text."""
    _, _, data, _ = spring
    by_text = {o.order: o for o in data.orders}
    assert by_text["F NTH C A YOR - NWY"] == OrderRecord(
        "England", "F NTH C A YOR - NWY", "convoy", Outcome.SUCCESS, by_text["F NTH C A YOR - NWY"].reason, (),
        unit="F", at="NTH", target="YOR", target_unit="A", to="NWY")
    support = by_text["A TYR S A MUN - BOH"]
    assert (support.kind, support.target, support.to, support.target_unit) == ("support", "MUN", "BOH", "A")
    unread = by_text["F LON - NTH <script>window.__pwned=1</script>"]
    assert (unread.kind, unread.understood, unread.result) == ("", False, Outcome.INVALID)
    assert by_text["F SEV H"].default and not by_text["A PAR - BUR"].default


def test_movement_results_in_the_njudge_format(spring):
    variant, before, data, after = spring
    text = njudge_results(variant, data, before=before, after=after, game="test",
                          deadline="2025-11-22T22:00:00Z")
    lines = text.splitlines()
    assert lines[0] == "Movement results for Spring of 1901."
    for expected in [
        "Austria: Army Bohemia -> Silesia.  (*bounce, dislodged*)",
        "England: Army Yorkshire -> Norway.",
        "England: Fleet North Sea CONVOY Army Yorkshire -> Norway.",
        "England: Army London -> Belgium.  (*no convoy*)",
        "England: Fleet English Channel HOLD.",
        "France: Army Paris -> Burgundy.  (*bounce*)",
        "Germany: Army Tyrolia SUPPORT Army Munich -> Bohemia.",
        "Italy: Army Venice SUPPORT Army Rome -> Tuscany.  (*void*)",
        "Russia: Army Warsaw SUPPORT Army Silesia.  (*cut*)",
        "Russia: Fleet Sevastopol, No Order Processed.",
        "The following units were dislodged:",
        "The Austrian Army in Bohemia can retreat to Vienna.",
        "The next phase of 'test' will be Retreats for Spring of 1901.",
        "The deadline for orders will be Sat Nov 22 2025 22:00 UTC.",
    ]:
        assert expected in lines, expected
    # The line a player wrote and the judge could not read is shown as written, marked.
    assert "England: F LON - NTH <script>window.__pwned=1</script>.  (*invalid*)" in lines
    # Powers in the variant's order, a blank line between them.
    firsts = [ln.split(":")[0] for ln in lines if re.match(r"^[A-Z][a-z]+: ", ln)]
    assert firsts == sorted(firsts, key=list(variant.powers).index)


def test_results_work_from_plain_data(spring):
    variant, before, data, after = spring
    from_objects = njudge_results(variant, data, before=before, after=after)
    from_data = njudge_results(variant, data, before=position_to_data(before), after=position_to_data(after))
    assert from_objects == from_data
    # Without the positions: shorter, but no error.
    bare = njudge_results(variant, data)
    assert "The Austrian Army in Bohemia was dislodged." in bare
    assert "The deadline for orders has not been set yet." in bare


def test_a_dislodged_unit_with_nowhere_to_go_is_destroyed():
    text = SPRING.replace("Italy: [A VEN, A ROM]", "Italy: [A VEN, A ROM, A VIE]")
    variant, before, data, after = play(text, SPRING_ORDERS)
    out = njudge_results(variant, data, before=before, after=after)
    assert "The Austrian Army in Bohemia with no valid retreats was destroyed." in out


def test_movement_narrative(spring):
    variant, before, data, after = spring
    story = narrative(variant, data, before, position_after=after)
    assert story[0] == "The German army in Munich took Bohemia, dislodging the Austrian army."
    assert "The English army in Yorkshire crossed to Norway by convoy." in story
    assert "Two French armies bounced in Burgundy." in story
    assert "The Turkish army in Galicia failed to enter Warsaw." in story



def test_rule_convoy_intent_the_narrative_tells_the_route_the_adjudicator_used():
    """DATC 6.G.8: an army asked to go by convoy that has no chain of convoying fleets, but a
    land route, moves by land. The story says it moved there, not that it crossed by convoy; an
    army that did cross by convoy is still told so."""
    text = SPRING.replace("France: [A PAR, A MAR]", "France: [A PIC, A MAR]")
    orders = "France: A PIC - BEL via convoy\nEngland: A YOR - NWY\nEngland: F NTH C A YOR - NWY\n"
    variant, before, data, after = play(text, orders)
    story = narrative(variant, data, before, position_after=after)
    assert "France moved into Belgium." in story
    assert not any("Picardy crossed" in line for line in story)
    assert "The English army in Yorkshire crossed to Norway by convoy." in story

FALL = """variant: standard
phase: Fall 1901 Movement
units:
  France: [A BUR, A PAR]
  Germany: [A MUN]
supply_centers:
  France: [BRE, MAR, PAR]
  Germany: [BER, MUN]
"""


def test_fall_results_list_ownership_and_adjustments():
    variant, before, data, after = play(FALL, "France: A BUR - BEL\nGermany: A MUN H\n")
    text = njudge_results(variant, data, before=before, after=after)
    assert text.startswith("Movement results for Fall of 1901.\n")
    assert "Ownership of supply centers:" in text
    assert re.search(r"^France:\s+Belgium, Brest, Marseilles, Paris\.$", text, re.M)
    assert re.search(r"^Unowned:\s+.*Denmark", text, re.M)
    assert re.search(r"^France:\s+4 Supply centers,\s+2 Units:\s+Builds\s+2 units\.$", text, re.M)
    assert re.search(r"^Germany:\s+2 Supply centers,\s+1 Unit :\s+Builds\s+1 unit\.$", text, re.M)
    assert "will be Adjustments for Winter of 1901." in text
    story = narrative(variant, data, before, position_after=after)
    assert "France gained 1 supply centre: Belgium." in story
    assert "France moved into Belgium." in story


def test_spring_results_do_not_list_ownership(spring):
    variant, before, data, after = spring
    assert "Ownership of supply centers" not in njudge_results(variant, data, before=before, after=after)


def test_retreat_results_and_narrative(spring):
    variant, _, _, retreat = spring
    report = run_phase(variant, retreat, "Austria: A BOH R VIE\n")
    data = results_data(variant, report)
    text = njudge_results(variant, data, before=retreat, after=report.result.next_position)
    assert text.startswith("Retreat results for Spring of 1901.\n")
    assert "Austria: Army Bohemia -> Vienna." in text
    assert narrative(variant, data, retreat) == ["The Austrian army dislodged from Bohemia retreated to Vienna."]

    report = run_phase(variant, retreat, "")
    data = results_data(variant, report)
    text = njudge_results(variant, data, before=retreat)
    assert "Austria: Army Bohemia, No Order Processed.  (*disbanded*)" in text
    assert narrative(variant, data, retreat)[0] == "The Austrian army dislodged from Bohemia was disbanded."


def test_adjustment_results_and_narrative():
    variant, _, _, winter = play(FALL, "France: A BUR - BEL\nGermany: A MUN H\n")
    report = run_phase(variant, winter, "France: Build A MAR\nFrance: Build F BRE\nFrance: Build A PAR\nGermany: Waive\n")
    data = results_data(variant, report)
    text = njudge_results(variant, data, before=winter, after=report.result.next_position)
    assert text.startswith("Adjustment results for Winter of 1901.\n")
    lines = text.splitlines()
    assert "France: Builds an army in Marseilles." in lines
    assert "France: Builds a fleet in Brest." in lines
    assert "France: Builds an army in Paris.  (*illegal*)" in lines
    assert "Germany: Build waived." in lines
    story = narrative(variant, data, winter, position_after=report.result.next_position)
    assert "France built an army in Marseilles and a fleet in Brest." in story
    assert "Germany waived 1 build." in story


WINTER_REMOVALS = """variant: standard
phase: Winter 1901 Adjustment
units:
  Russia: [F SEV, A MOS, A UKR]
  Germany: [A BER]
  Turkey: [A WAR]
supply_centers:
  Russia: [MOS]
  Turkey: [BER, WAR]
"""


def test_removals_civil_disorder_and_elimination():
    variant, before, data, after = play(WINTER_REMOVALS, "Russia: Disband F SEV\n")
    text = njudge_results(variant, data, before=before, after=after)
    assert "Russia: Removes the fleet in Sevastopol." in text
    assert re.search(r"^Russia: Defaults, removing the army in (Moscow|Ukraine)\.$", text, re.M)
    assert re.search(r"^Germany: Defaults, removing the army in Berlin\.$", text, re.M)
    for story in (narrative(variant, data, before, position_after=after), narrative(variant, data, before)):
        assert "Russia removed the fleet in Sevastopol." in story
        assert any(s.startswith("Russia ordered too few removals and lost the army in") for s in story)
        assert "Germany has been eliminated." in story
        assert "Russia has been eliminated." not in story


def test_the_winner_is_announced(spring):
    variant, before, data, after = spring
    won = dataclasses.replace(data, winner="Germany", next_phase=None)
    assert "The game is over: Germany has won." in njudge_results(variant, won, before=before, after=after)
    assert narrative(variant, won, before)[-1] == "Germany has won the game."


def test_deadlines_in_time_zones():
    assert format_deadline("2025-11-22T22:00:00Z") == "Sat Nov 22 2025 22:00 UTC"
    assert format_deadline("2025-11-22T22:00:00+00:00", "America/New_York") == "Sat Nov 22 2025 17:00 EST"
    assert format_deadline(None) == "to be announced"


def test_forum_post_in_bbcode_and_markdown(spring):
    variant, before, data, after = spring
    nasty = dataclasses.replace(data, orders=data.orders + (
        OrderRecord("England", "[/code][url=javascript:alert(1)]x[/url] ```` ", "", Outcome.INVALID, "not an order"),))
    post = forum_post(variant, nasty, game_title="Test game", slug="test", phase_folder="1901-1-spring-movement",
                      base_url="https://example.org/dip", before=before, after=after,
                      deadline="2025-11-22T22:00:00Z", timezones=("Europe/Berlin",))
    bb, md = post.bbcode, post.markdown
    assert bb.startswith("[b]Test game: Spring 1901 Movement results[/b]")
    assert "[img]https://example.org/dip/games/test/1901-1-spring-movement/map.png[/img]" in bb
    assert "https://example.org/dip/games/test/1901-1-spring-movement.html" in bb
    assert "Movement results for Spring of 1901." in bb
    assert "Sat Nov 22 2025 22:00 UTC / Sat Nov 22 2025 23:00 CET" in bb
    assert "The German army in Munich took Bohemia, dislodging the Austrian army." in bb
    # Player text opens or closes no BBCode tag.
    assert "[url=javascript" not in bb and bb.count("[/code]") == 1
    # Markdown: the results sit in a fence longer than any run of backticks a player wrote.
    assert "\n`````text\n" in md and md.count("\n`````\n") == 1
    assert "(https://example.org/dip/games/test/1901-1-spring-movement/map.png)" in md
