"""Europe 1615 (seed 002): a scripted game over several years, played through the game store
(``judge new``'s files, order files per power, :func:`judge.store.play.plan_game` as ``judge
tick`` runs it, then ``judge verify``'s replay), with declarations of war, an alliance, a
diplomatic attack, a religious revolt, purchases, a surrender, a mid-game and a final score.

The game's settings use the variant's options: objectives chosen by the players, and the
``end`` table moved so that the final scoring comes at the opening of 1619 (the rulebook's
1630 would take fifteen years of empty phases).
"""

from __future__ import annotations

from pathlib import Path

import yaml

import pytest

from judge.core.errors import StoreError
from judge.store.layout import DirTree, Game, power_stem
from judge.store.play import plan_game
from judge.store.settings import parse_time
from judge.store.tick import create_game, new_game
from judge.store.verify import verify_game
from judge.variants.europe1615.position_state import Revolt
from judge.variants.europe1615.rules import relations, status

from test_europe1615 import marks

T0 = parse_time("2025-03-03T22:00:00Z")
PLAYERS = {"Austria": "anna", "Sweden": "sven", "Denmark": "dag", "Spain": "sol", "France": "fran",
           "Dutch": "dirk", "England": "ed"}
OPTIONS = {
    "objectives": {"France": ["lorraine", "savoy", "spanish_border"], "Dutch": ["netherlands", "english_alliance", "home"],
                   "England": ["dutch_alliance", "home", "cadiz"], "Spain": ["papacy", "spanish_road", "dutch_centre"]},
    "tables": {"end": {"final_scoring": 1619, "midgame_scoring": 1617}},
}

# phase -> power -> orders (an empty phase: every unit holds)
SCRIPT: dict[str, dict[str, str]] = {
    "Spring 1615 Movement": {
        "France": "10: LOR\n6: SAV\nA PAR - CHA\nDeclare war on Spain",
        "Spain": "10: PAPL\n4: WES\n5: GEN",
        "Dutch": "6: WES\nAlliance with England",
        "England": "Alliance with Dutch\nWar on Spain",
        "Austria": "10: BAV",
        "Sweden": "10: MEC",
        "Denmark": "10: LOWR",
    },
    "Summer 1615 Movement": {
        # war and alliance are in force: France attacks Luxemburg with Lorraine's support
        "France": "A CHA - LUX\nA LOR S A CHA - LUX",
        "Dutch": "WES > Spain",
        "Spain": "A LUX H",
    },
    "Fall 1615 Movement": {
        "Dutch": "A GEL - NET\nF ZEE S A GEL - NET",
        "Spain": "A NET H",
        "France": "A LUX H",
    },
    # Champagne is French, but France and Spain are at war: the Spanish army may retreat there
    "Fall 1615 Retreat": {"Spain": "A NET R CHA"},
    "Winter 1615 Adjustment": {"England": "5: WES"},
    "Winter 1615 Income": {"France": "Build A PAR", "Dutch": "Buy 2 INF"},
    "Spring 1616 Movement": {"Spain": "Surrender to France indemnity 10\nArmistice with England",
                             "England": "Armistice with Spain"},
}


def _write(root: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def _play(root: Path, path: str, now) -> tuple[str, dict]:
    """Play the current phase (as ``judge tick --force`` does) and write what it wrote."""
    plan = plan_game(DirTree(root), path, now, identities=[], force=True, maps=False)
    assert not plan.warnings, plan.warnings
    (played,) = plan.played
    _write(root, played.changes)
    return played.phase, played.record.to_data()


@pytest.mark.rule(
    "seed002/declarations-2",
    "seed002/alignments-3",
    "seed002/diplomatic-attack-3",
    "seed002/rebellion-1",
    "seed002/attrition-1",
    "seed002/attrition-2",
    "seed002/influence-4",
    "seed002/power-units-1",
    "seed002/surrender",
    "seed002/armistice",
    "seed002/objectives",
    "seed002/scoring-1",
    "seed002/scoring-2",
    "seed002/errata-2015-03-14-5",
)
def test_seed002_scripted_game_several_years_through_the_game_store(tmp_path):
    path = "games/thirty-years"
    game = new_game(path, "europe1615", now=T0, players=PLAYERS)
    create_game(tmp_path, game, commit=False, now=T0)
    settings = tmp_path / path / "game.yaml"
    text = settings.read_text()
    settings.write_text(text.replace("options: {}", "options: " + yaml.safe_dump(OPTIONS, default_flow_style=True).strip(), 1))
    loaded = Game.load(DirTree(tmp_path), path)
    assert loaded.variant.rules.options["tables"]["end"]["final_scoring"] == 1619

    played: dict[str, dict] = {}
    positions: dict[str, object] = {}
    now = T0
    for _ in range(40):
        g = Game.load(DirTree(tmp_path), path)
        folder = g.current()
        if folder is None:
            break
        pos = g.position(folder)
        positions[str(pos.phase)] = pos
        for power, orders in SCRIPT.get(str(pos.phase), {}).items():
            _write(tmp_path, {g.folder_path(folder, "orders", power_stem(power) + ".txt"): orders.encode()})
        now = now.replace(day=now.day % 27 + 1)
        phase, results = _play(tmp_path, path, now)
        played[phase] = results
    g = Game.load(DirTree(tmp_path), path)
    assert g.current() is None, "the game ends with the final scoring"

    def res(phase: str, power: str, order: str) -> dict:
        for o in played[phase]["orders"]:
            if o["power"] == power and o["order"] == order:
                return o
        raise AssertionError(f"{phase}: no {power} {order!r} in {[o['order'] for o in played[phase]['orders']]}")

    # Spring 1615: declarations recorded, in force from Summer; INFs placed; alignments.
    assert res("Spring 1615 Movement", "France", "Declare war on Spain")["result"] == "success"
    summer = positions["Summer 1615 Movement"]
    rel = relations(summer)
    assert rel.at_war("France", "Spain") and rel.at_war("Dutch", "Spain")
    assert rel.allied("Dutch", "England")
    assert rel.war_declarations == {"Dutch": 1, "England": 1, "France": 1}
    assert status(summer, "LOR") == "France" and status(summer, "PAPL") == "Spain"
    assert status(summer, "WES") == "Dutch"
    # Summer: the attack on Luxemburg, Lorraine's army ordered by France; the diplomatic attack
    assert res("Summer 1615 Movement", "France", "A CHA - LUX")["result"] == "success"
    assert res("Summer 1615 Movement", "LOR", "A LOR S A CHA - LUX")["result"] == "success"  # ordered by France
    assert res("Summer 1615 Movement", "Dutch", "WES > Spain")["reason"] == "both lose 4 INF(s) in WES"
    assert positions["Fall 1615 Movement"].state.infs["WES"] == {"Dutch": 2}
    # Luxemburg's army had nowhere to retreat (its neighbours held, Champagne its attacker's origin)
    assert any("Luxemburg was dislodged with nowhere to retreat" in n for n in played["Summer 1615 Movement"]["notes"])
    # Fall: the Dutch take the Southern Netherlands (their ally's war makes them belligerent)
    assert res("Fall 1615 Movement", "Dutch", "A GEL - NET")["result"] == "success"
    assert res("Fall 1615 Retreat", "Spain", "A NET R CHA")["result"] == "success"
    assert marks(positions["Winter 1615 Adjustment"]) == ["Spain: A CHA"]
    # Winter 1615: control, a revolt (NET, Catholic, value 4), attrition relieved
    income = positions["Winter 1615 Income"]
    assert income.supply_centers["NET"] == "Dutch"
    assert income.state.revolts["NET"] == Revolt("Dutch", 4)
    assert income.state.attrition is None
    assert income.state.treasury["Dutch"] == 50 + 12          # NET pays nothing in revolt
    assert res("Winter 1615 Adjustment", "England", "5: WES")["result"] == "success"
    # Winter Income: France buys a unit (45% at five units), the Dutch buy INFs
    assert res("Winter 1615 Income", "France", "Build A PAR")["reason"] == "bought for 30.6; treasury 37.4"
    spring16 = positions["Spring 1616 Movement"]
    assert spring16.state.influence["Dutch"] == 17 + 2
    # Spring 1616: Spain surrenders to France with an indemnity; Spain and England agree an armistice
    summer16 = positions["Summer 1616 Movement"]
    assert not relations(summer16).at_war("France", "Spain")
    assert not relations(summer16).at_war("England", "Spain")
    assert summer16.state.treasury["France"] == spring16.state.treasury["France"] + 10
    # the revolt ran Spring, Summer, Fall 1616 and Spring 1617, and is over in Summer 1617
    assert "NET" in positions["Spring 1617 Movement"].state.revolts
    assert "NET" not in (positions["Summer 1617 Movement"].state.revolts or {})
    assert positions["Summer 1617 Movement"].state.markers["NET"] == "black"
    assert positions["Winter 1617 Income"].state.treasury["Dutch"] - positions["Winter 1617 Adjustment"].state.treasury["Dutch"] == 12 + 4
    # mid-game scoring at the opening of 1617, final at the opening of 1619
    assert positions["Spring 1617 Movement"].state.scores.final is False
    assert any(n.startswith("Mid-game scoring at the opening of 1617") for n in played["Winter 1616 Income"]["notes"])
    final = played["Winter 1618 Income"]
    assert final["next_phase"] is None
    note = next(n for n in final["notes"] if n.startswith("Final scoring at the opening of 1619"))
    assert final["winner"] is not None and note.endswith(f"{final['winner']} wins.")
    # the war penalty is in the score: the three declarers lose 10 each
    assert "France" in note and "Dutch" in note
    # verify replays the whole history to the same files
    check = verify_game(DirTree(tmp_path), path)
    assert not check.mismatches, [str(m) for m in check.mismatches]
    assert check.phases == len(played) == 4 * 5 + 1   # four years and one retreat phase


@pytest.mark.rule("seed002/tables", "seed002/objectives")
def test_seed002_game_options_checked_when_the_game_is_loaded(tmp_path):
    """A game's options are the variant's (game.yaml ``options:``); a bad table or an unknown
    objective is reported with the file and line, never a traceback."""
    path = "games/bad-tables"
    create_game(tmp_path, new_game(path, "europe1615", now=T0, players=PLAYERS), commit=False, now=T0)
    settings = tmp_path / path / "game.yaml"
    text = settings.read_text()
    settings.write_text(text.replace("options: {}", "options: {tables: {military_cost: {max_units: many}}}", 1))
    with pytest.raises(StoreError) as exc:
        Game.load(DirTree(tmp_path), path)
    assert "military_cost.max_units should be a whole number" in exc.value.message
    assert exc.value.where.startswith(f"{path}/game.yaml:")
    settings.write_text(text.replace("options: {}", "options: {objectives: {France: [paris]}}", 1))
    with pytest.raises(StoreError, match="France has no objective 'paris'"):
        Game.load(DirTree(tmp_path), path)
