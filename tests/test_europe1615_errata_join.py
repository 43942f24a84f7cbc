"""Europe 1615 (seed 002), errata 3-8-2015: "If you join an offensive alliance you must declare
war against the target of the alliance. If you join a defensive alliance, no need to declare
war." The judge records who declared each war in force (``relations: declared``), so a power
that joins the declarer's alliance in a later Declaration phase is charged the declaration of
war (the scoring penalty) as if it had made it.

Every phase is played through :func:`judge.adjudication.run_phase`, the command line's path.
"""

from __future__ import annotations

import pytest
import yaml

from judge.positions import format_position, parse_position
from judge.variants.europe1615.rules import relations, score

from test_europe1615 import V, play, position



def after(pos, orders: str = ""):
    return play(pos, orders).result.next_position


def penalties(pos) -> dict[str, int]:
    """Declarations of war charged, by power."""
    return dict(relations(pos).war_declarations)


@pytest.mark.rule("seed002/errata-2015-03-08-join", moved=True)
def test_errata_example_joining_the_initiators_alliance_costs_a_declaration():
    """The errata's example, on the board: power A (Sweden) initiates the war against power B
    (Austria) and takes the penalty; in a later pass power C (Denmark) forms an alliance with
    A, joining the offensive alliance: it is at war with B and must declare, so it takes the
    penalty too. B's new ally (Spain) joins a defensive alliance: at war, no penalty."""
    nxt = after(position({}), "Sweden: Declare war on Austria")          # Spring 1616: first pass
    assert str(nxt.phase) == "Summer 1616 Movement"
    assert relations(nxt).at_war("Sweden", "Austria")
    assert penalties(nxt) == {"Sweden": 1}
    orders = ("Denmark: Alliance with Sweden\nSweden: Alliance with Denmark\n"
              "Spain: Alliance with Austria\nAustria: Alliance with Spain")
    nxt = after(nxt, orders)                                               # Summer 1616: a later pass
    assert str(nxt.phase) == "Fall 1616 Movement"
    rel = relations(nxt)
    assert rel.allied("Denmark", "Sweden") and rel.allied("Austria", "Spain")
    assert rel.at_war("Denmark", "Austria") and rel.at_war("Spain", "Sweden")
    assert penalties(nxt) == {"Denmark": 1, "Sweden": 1}
    base, pts = score(V, position({})), score(V, nxt)
    assert pts["Denmark"] - base["Denmark"] == -10
    assert pts["Spain"] - base["Spain"] == 0


@pytest.mark.rule("seed002/errata-2015-03-08-join")
def test_joining_an_existing_alliance_at_war_costs_a_declaration_once():
    """England declared war on Spain in an earlier pass while allied with the Dutch (both were
    charged); France joins the alliance: one declaration against Spain and its ally Austria."""
    rel = {"war": [["England", "Spain"]], "alliances": [["Dutch", "England"], ["Austria", "Spain"]],
           "neutral": [], "war_declarations": {"Dutch": 1, "England": 1}, "declared": [["England", "Spain"]]}
    orders = ("France: Alliance with Dutch, England\nDutch: Alliance with England, France\n"
              "England: Alliance with Dutch and France")
    nxt = after(position({}, relations=rel), orders)
    assert relations(nxt).at_war("France", "Austria")
    assert penalties(nxt) == {"Dutch": 1, "England": 1, "France": 1}


@pytest.mark.rule("seed002/errata-2015-03-08-join")
def test_a_joiner_already_at_war_or_declaring_it_in_the_same_pass_is_charged_once():
    """A power that declares the alliance's war itself in the pass it joins makes one
    declaration; a power the target had already declared war on joins without a new one."""
    rel = {"war": [["France", "Spain"], ["Dutch", "Spain"]], "alliances": [], "neutral": [],
           "war_declarations": {"France": 1, "Spain": 1}, "declared": [["France", "Spain"], ["Spain", "Dutch"]]}
    nxt = after(position({}, relations=rel), "Dutch: Alliance with France\nFrance: Alliance with Dutch")
    assert penalties(nxt) == {"France": 1, "Spain": 1}     # the Dutch were at war with Spain already
    rel = {"war": [["France", "Spain"]], "alliances": [], "neutral": [], "war_declarations": {"France": 1},
           "declared": [["France", "Spain"]]}
    nxt = after(position({}, relations=rel),
                "England: Alliance with France\nFrance: Alliance with England\nEngland: Declare war on Spain")
    assert relations(nxt).allied("England", "France")
    assert penalties(nxt) == {"England": 1, "France": 1}


@pytest.mark.rule("seed002/errata-2015-03-08-join")
def test_the_declarer_of_each_war_round_trips_and_old_positions_still_read():
    """``declared`` is written with the wars in force and read back; a position written before
    the judge kept it (a war without a declarer) still reads, its joiners are not charged, and
    it is written back as it was."""
    nxt = after(position({}), "Sweden: Declare war on Austria")
    text = format_position(nxt)
    assert yaml.safe_load(text)["relations"]["declared"] == [["Sweden", "Austria"]]
    assert format_position(parse_position(text, "position.yaml", V)[1]) == text
    old = {"war": [["France", "Spain"]], "alliances": [], "neutral": [], "war_declarations": {"France": 1}}
    pos = position({}, relations=old)
    assert "declared" not in yaml.safe_load(format_position(pos))["relations"]
    nxt = after(pos, "Dutch: Alliance with France\nFrance: Alliance with Dutch")
    assert relations(nxt).at_war("Dutch", "Spain")
    assert penalties(nxt) == {"France": 1}
    assert "declared" not in yaml.safe_load(format_position(nxt))["relations"]
