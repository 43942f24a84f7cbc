"""``judge import``: real games published by njudge-family judges, played again here.

The games are in ``tests/data/imported/<game>/`` (``results.txt`` and its ``SOURCE.md``: where it
was published and what was done to it). Each is imported into a real repository, phase by phase,
and what this judge decided otherwise than the record is pinned here, with its cause.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from git import Repo as git_repo

from judge.cli import cli
from judge.core.errors import JudgeError, StoreError
from judge.published import parse_results
from judge.site.generate import generate
from judge.store.importer import IMPORT_FILE, Difference, ImportNote, import_game, parse_import
from judge.store.layout import Game, GitTree
from judge.store.tick import tick
from judge.store.verify import verify_game
from judge.variants import find_variant
from test_store_helpers import T0, make_repo, snapshot

DATA = Path(__file__).parent / "data" / "imported"
STANDARD = find_variant("standard")

# What this judge decides otherwise than the record, per game: (phase folder, power, order).
# Every one is a convoy order njudge took although no convoy could follow from it (a fleet on a
# coast, or a sea on no route from the army to where it is "convoyed"): njudge printed such an
# order with no mark, as if carried out; this judge finds it illegal. The fleet holds either way:
# nothing on the board differs. (Players sent them as jokes: "A Smyrna - Clyde".)
BOGUS_CONVOYS = {
    "describe": [
        ("1910-3-fall-movement", "England", "F NTH C A ANK - SWI"),
        ("1911-3-fall-movement", "England", "F NTH C A PIE - VIE"),
        ("1913-1-spring-movement", "England", "F PIE C A GAL - MOS"),
        ("1913-3-fall-movement", "England", "F PIE C A MUN - SWI"),
        ("1913-3-fall-movement", "England", "F NAP C A VEN - MAR"),
    ],
    "ghodstoo": [
        ("1902-1-spring-movement", "England", "F BEL C A SMY - CLY"),
        ("1904-1-spring-movement", "Turkey", "F BLA C A MOS - SWI"),
        ("1906-3-fall-movement", "Turkey", "F BLA C A BOH - SWI"),
    ],
    "pouchtoo": [],
}


# immaculate: DPjudge's mails of a face-to-face game typed in afterwards (its SOURCE.md says where
# the hand shows). Each difference is the typing's, and this judge's reading is the one the next
# recorded phase bears out, except where the typed record cannot be squared with itself.
HAND_TYPED = [
    # "Builds an army in Constantinople": the Turkish army retreated there that Fall; Turkey had one
    # build (the judge's own count line says so), and its fleet in Smyrna is the build the game kept.
    ("1901-5-winter-adjustment", "Turkey", "Build A CON", "success", "illegal: cannot build in Constantinople: occupied"),
    # "Army Bulgaria -> Armenia": the army dislodged was in Sevastopol (the record's own list says so).
    ("1902-4-fall-retreat", "Turkey", "A BUL R ARM", "success", "illegal: there is no dislodged unit in BUL; the unit holds"),
    # ... so the army was disbanded, and the removal of "the Army in Armenia" finds no army there;
    # Turkey is down to its three centres' three units either way.
    ("1902-5-winter-adjustment", "Turkey", "Disband A ARM", "success", "illegal: there is no unit in ARM; the unit holds"),
    # Typed unmarked, but the German fleet in Kiel bounced and stayed: the army cannot enter, and
    # the French fleet, supported from Ruhr, takes Holland from under it.
    ("1903-1-spring-movement", "Germany", "A HOL - KIE", "success",
     "failure (bounce, dislodged): bounced: could not enter Kiel; dislodged by France's army from Belgium"),
    # DPjudge took a support to where the supporter cannot go and marked it void; here it is illegal.
    ("1903-3-fall-movement", "England", "F SKA S F SWE - BAL", "void",
     "illegal: the fleet in Skagerrak could not move to Baltic Sea, so it cannot support there; the unit holds"),
    # The record's own list has this fleet destroyed; its order line left out "dislodged".
    ("1903-3-fall-movement", "Russia", "F RUM - BLA", "bounce",
     "failure (bounce, dislodged): bounced: could not enter Black Sea; dislodged by Austria's army from Budapest"),
]


def test_a_dpjudge_mail_file_typed_by_hand_imports_with_each_slip_explained(tmp_path):
    repo, recorded, result = _import(tmp_path, "immaculate")
    assert len(recorded.phases) == len(result.phases) == 15
    assert [(p.folder, d.power, d.order, d.recorded, d.verdict) for p in result.phases for d in p.differences] == HAND_TYPED
    assert result.status == "paused" and Game.load(GitTree(repo.head.commit), "games/immaculate").current() == "1905-1-spring-movement"


def test_an_imported_game_s_pages_say_where_each_phase_came_from_and_name_no_deadline(tmp_path):
    repo, _, result = _import(tmp_path, "immaculate")
    generate(tmp_path / "league" / "games", tmp_path / "site")
    pages = tmp_path / "site" / "games" / "immaculate"
    for p in result.phases:
        text = (pages / f"{p.folder}.md").read_text(encoding="utf-8")
        assert "Imported on 2025-01-06 22:00 UTC from immaculate/results.txt: played here again from the orders of its " \
               f"{p.recorded.phase}, line {p.recorded.line}. It had no deadline here." in text, p.folder
        assert "Orders were due" not in text and "orders are due by" not in text
        assert ("This judge decided every order as the record says." in text) == (not p.differences)
    spring = (pages / "1903-1-spring-movement.md").read_text(encoding="utf-8")
    assert "| Power | Order | Recorded | This judge | Why |" in spring
    assert ("| Germany | A HOL - KIE | success | failure (bounce, dislodged) | bounced: could not enter Kiel; "
            "dislodged by France's army from Belgium |") in spring
    # The phase the import left open: the Gamesmaster sets its deadline when resuming the game.
    assert "**Orders are due by a deadline not yet set.**" in (pages / "1905-1-spring-movement.md").read_text(encoding="utf-8")
    index = (pages / "index.md").read_text(encoding="utf-8")
    assert ("- **Imported:** from immaculate/results.txt: 15 phases played again here; 6 differences from the "
            "record, each on its phase's page\n") in index
    assert "| [Spring 1903 Movement](1903-1-spring-movement.md) | imported | " in index


def test_import_yaml_reads_back_as_written_and_an_entry_without_why_as_it_was():
    note = ImportNote("old/results.txt", "Fall 1901 Movement, line 40", ("a note",),
                      (Difference("Italy", "A VEN - TRI", "success", "failure (bounce)", "bounced: could not enter Trieste", 41),
                       Difference("France", "supply centres", "5: BEL, BRE, MAR, PAR, SPA", "4: BRE, MAR, PAR, SPA")))
    assert parse_import(note.to_yaml().decode("utf-8"), "import.yaml") == note
    assert note.recorded_words == "played here again from the orders of its Fall 1901 Movement, line 40"
    older = parse_import("source: x.txt\nrecorded_phase: 'none: not in the record (played with no orders)'\n"
                         "differences:\n- {power: Italy, order: A VEN H, recorded: bounce, judge: 'success: held'}\n", "y")
    assert older.recorded_words == "not in the record (played with no orders)" and not older.in_record
    assert older.differences[0].verdict == "success: held" and older.differences[0].why == ""
    with pytest.raises(StoreError) as err:
        parse_import("source: x.txt\nrecorded_phase: p\ndifferences: [{power: Italy}]\n", "g/f/import.yaml")
    assert str(err.value) == "g/f/import.yaml: differences[0]: a difference is a mapping with 'power', 'order', " \
                             "'recorded' and 'judge'"


def _import(tmp_path: Path, name: str, **kw):
    repo = make_repo(tmp_path / "league")
    text = (DATA / name / "results.txt").read_text(encoding="utf-8")
    recorded = parse_results(text, STANDARD, f"{name}/results.txt")
    result = import_game(repo, f"games/{name}", recorded, now=T0, maps=False, **kw)
    return repo, recorded, result


def _differences(result) -> list[tuple[str, str, str]]:
    return [(p.folder, d.power, d.order) for p in result.phases for d in p.differences]


@pytest.mark.parametrize("name", sorted(BOGUS_CONVOYS))
def test_a_real_game_imports_phase_by_phase_with_its_differences_explained(tmp_path, name):
    repo, recorded, result = _import(tmp_path, name)
    assert _differences(result) == BOGUS_CONVOYS[name]
    for p in result.phases:
        for d in p.differences:
            assert d.recorded == "success" and d.judge == "illegal" and d.why and d.line is not None
    # One commit and one tag per phase, as a tick makes them, after the new game's commit.
    game = Game.load(GitTree(repo.head.commit), f"games/{name}")
    played = [f for f in game.folders() if game.finished(f)]
    assert [p.folder for p in result.phases] == played
    assert {t.name for t in repo.tags} == {f"{name}/{f}" for f in played}
    assert len(list(repo.iter_commits())) == 1 + 1 + len(played) + 1  # init, new game, phases, the end
    for folder in played:
        info = game.info(folder)
        assert info.trigger == "imported" and info.adjudicated == T0
        written = yaml.safe_load(repo.git.show(f"HEAD:games/{name}/{folder}/{IMPORT_FILE}"))
        assert written["source"] == f"{name}/results.txt"
    # The import is what a tick writes: the replay finds every phase as committed.
    check = verify_game(GitTree(repo.head.commit), f"games/{name}")
    assert check.ok, check.mismatches
    assert not repo.git.status("--porcelain")


def test_describe_ends_in_the_english_solo_with_the_recorded_centres(tmp_path):
    repo, recorded, result = _import(tmp_path, "describe")
    assert len(recorded.phases) == len(result.phases) == 51
    game = Game.load(GitTree(repo.head.commit), "games/describe")
    last = game.folders()[-1]
    assert last == "1913-4-fall-retreat" and game.results(last).winner == "England"
    assert game.settings.status == "finished" and game.current() is None
    # The record's last ownership (England 19 centres), compared after every Fall: no difference.
    assert len(recorded.phases[-1].centres["England"]) == 19
    assert not [d for p in result.phases for d in p.differences if d.order == "supply centres"]
    assert sum(p.centres is not None for p in recorded.phases) == 13


def test_pouchtoo_infers_the_two_retreat_phases_its_pages_left_out_and_ends_in_the_draw(tmp_path):
    repo, recorded, result = _import(tmp_path, "pouchtoo")
    assert len(recorded.phases) == 49 and len(result.phases) == 51
    missing = {p.folder: p.notes for p in result.phases if p.inferred}
    assert sorted(missing) == ["1902-2-spring-retreat", "1905-4-fall-retreat"]
    assert "Turkey's F AEG retreats to EAS: inferred from Fall 1902 Movement (line 150)" in missing["1902-2-spring-retreat"]
    assert "Turkey's A ANK retreats to SMY: inferred from Fall 1902 Movement (line 150)" in missing["1902-2-spring-retreat"]
    assert "Italy's F ION retreats to TUN: inferred from Spring 1906 Movement (line 622)" in missing["1905-4-fall-retreat"]
    written = yaml.safe_load(repo.git.show(f"HEAD:games/pouchtoo/1905-4-fall-retreat/{IMPORT_FILE}"))
    assert written["recorded_phase"].startswith("none: not in the record; its retreats were read off")
    assert written["differences"] == []
    game = Game.load(GitTree(repo.head.commit), "games/pouchtoo")
    assert game.settings.status == "finished"
    assert game.settings.ended.how == "draw" and game.settings.ended.powers == ("Austria", "Russia", "England")
    # The last ownership the record lists (after Fall 1912) is this judge's too.
    counts = {p: len(c) for p, c in recorded.phases[-1].centres.items()}
    assert counts == {"Austria": 10, "England": 12, "Italy": 2, "Russia": 10}
    assert result.differences == 0


def test_a_draw_announced_elsewhere_is_given_on_the_command_line(tmp_path, monkeypatch):
    make_repo(tmp_path / "league")
    monkeypatch.chdir(tmp_path / "league")
    out = CliRunner().invoke(cli, ["import", str(DATA / "ghodstoo" / "results.txt"), "games/ghodstoo", "--no-maps",
                                   "--now", "2025-01-06T22:00:00Z", "--draw", "England, France, Turkey"])
    assert out.exit_code == 0, out.output
    assert "1902-1-spring-movement: England: F BEL C A SMY - CLY (line 108): recorded success; judge illegal" in out.output
    assert out.output.strip().endswith("ghodstoo: 46 phase(s) imported, 3 difference(s) from the record; the game is finished")
    settings = yaml.safe_load((tmp_path / "league" / "games/ghodstoo/game.yaml").read_text())
    assert settings["ended"]["powers"] == ["England", "France", "Turkey"]


def test_a_game_in_progress_stops_paused_at_its_next_phase_and_plays_on(tmp_path):
    text = (DATA / "describe" / "results.txt").read_text(encoding="utf-8")
    cut = text.index("Movement results for Spring of 1903.")
    repo = make_repo(tmp_path / "league")
    recorded = parse_results(text[:cut], STANDARD, "describe-1902.txt")
    result = import_game(repo, "games/running", recorded, now=T0, maps=False)
    assert result.status == "paused"
    game = Game.load(GitTree(repo.head.commit), "games/running")
    assert game.current() == "1903-1-spring-movement" and game.settings.status == "paused"
    assert game.info("1903-1-spring-movement").left_when_paused is not None
    # The Gamesmaster's tick plays on from the imported position (forced: the game is paused).
    played = tick(repo, ["games/running"], T0, force=True, maps=False)
    assert played.played == ["running/1903-1-spring-movement"] and not played.errors
    assert verify_game(GitTree(repo.head.commit), "games/running").ok


def test_a_record_with_a_movement_phase_missing_is_refused_and_nothing_is_written(tmp_path):
    # ruffians' pages lost the Fall 1913 movement: no import can play on from there.
    repo = make_repo(tmp_path / "league")
    before = snapshot(repo)
    recorded = parse_results((DATA / "ruffians" / "results.txt").read_text(encoding="utf-8"), STANDARD,
                             "ruffians/results.txt")
    with pytest.raises(StoreError) as err:
        import_game(repo, "games/ruffians", recorded, now=T0, maps=False)
    assert str(err.value) == ("ruffians/results.txt:1630: the record has no Fall 1913 Movement (the next phase it "
                              "has is Fall 1913 Retreat): an import needs every movement phase (--until imports "
                              "the phases before the gap)")
    assert snapshot(repo) == before


def test_until_imports_a_record_up_to_its_gap_and_leaves_the_game_paused(tmp_path, monkeypatch):
    make_repo(tmp_path / "league")
    monkeypatch.chdir(tmp_path / "league")
    out = CliRunner().invoke(cli, ["import", str(DATA / "ruffians" / "results.txt"), "games/ruffians", "--no-maps",
                                   "--now", "2025-01-06T22:00:00Z", "--until", "Spring 1913 Retreat"])
    assert out.exit_code == 0, out.output
    # Besides a convoy no convoy could follow, as in the other games: two convoys of armies that
    # did not move (A LON held; no Austrian army moved from Holland), which njudge printed unmarked
    # and this judge marks void. The fleets hold either way. (ruffians' two convoy paradoxes, Fall
    # 1902 and 1905, are decided alike: njudge's "no convoy" is the Szykman rule's outcome.)
    assert out.output.splitlines() == [
        "note: imported up to Spring 1913 Retreat (--until): 23 later phase(s) of the record left out",
        "1903-1-spring-movement: France: F MAO C A SMY - MUN (line 256): recorded success; judge illegal: "
        "Mid-Atlantic Ocean lies on no sea route from Smyrna to Munich; the unit holds",
        "1912-1-spring-movement: England: F ENG C A LON - BEL (line 1470): recorded success; judge failure (void): "
        "void: no army in London moved to Belgium",
        "1912-1-spring-movement: Germany: F NTH C A HOL - EDI (line 1475): recorded success; judge failure (void): "
        "void: no army in Holland moved to Edinburgh",
        "ruffians: 58 phase(s) imported, 3 difference(s) from the record; the game is paused",
    ]
    game = Game.load(GitTree(git_repo(tmp_path / "league").head.commit), "games/ruffians")
    assert game.current() == "1913-3-fall-movement" and game.settings.status == "paused"


def test_a_file_that_is_not_a_judges_results_gives_a_clear_error(tmp_path, monkeypatch):
    make_repo(tmp_path / "league")
    monkeypatch.chdir(tmp_path / "league")
    (tmp_path / "notes.txt").write_text("Dear all,\nthe game starts on Monday.\n")
    out = CliRunner().invoke(cli, ["import", str(tmp_path / "notes.txt"), "games/x"])
    assert out.exit_code != 0 and isinstance(out.exception, JudgeError)
    assert "no phase results found" in str(out.exception)
    assert not (tmp_path / "league" / "games").exists()


def test_a_record_starting_late_is_refused(tmp_path):
    text = (DATA / "describe" / "results.txt").read_text(encoding="utf-8")
    late = text[text.index("Movement results for Fall of 1901."):]
    repo = make_repo(tmp_path / "league")
    with pytest.raises(StoreError, match=r"x.txt:1: the record starts at Fall 1901 Movement, not at the game's "
                                         r"first phase Spring 1901 Movement"):
        import_game(repo, "games/late", parse_results(late, STANDARD, "x.txt"), now=T0, maps=False)


# -- reading the record -------------------------------------------------------------------------


def test_the_reader_takes_lines_an_archive_broke_and_marks_on_a_line_of_their_own():
    text = """Movement results for Spring of 1912.  (pouchtoo)

Austria: Fleet Tyrrhenian Sea SUPPORT Fleet Ionian Sea -> Tunis.
(*dislodged*)
England: Fleet Western Mediterranean SUPPORT Italian Fleet Gulf of
Lyon -> Tyrrhenian
Sea.  (*void*)
Turkey: Army Smyrna, No Order Processed.  (*dislodged*)

Ownership of supply centers:

Russia:    Ankara, Berlin, Moscow, St
           Petersburg,
Rumania.
Austria:   2 Supply centers,  3 Units:  Removes  1 unit.

Game 'pouchtoo' has been declared a draw between Austria, Russia and
England.
"""
    game = parse_results(text, STANDARD, "t")
    [phase] = game.phases
    assert [(o.power, o.text, o.marks, o.line) for o in phase.orders] == [
        ("Austria", "Fleet Tyrrhenian Sea SUPPORT Fleet Ionian Sea -> Tunis", ("dislodged",), 3),
        ("England", "Fleet Western Mediterranean SUPPORT Italian Fleet Gulf of Lyon -> Tyrrhenian Sea", ("void",), 5),
        ("Turkey", "Army Smyrna", ("dislodged", "no order"), 8),
    ]
    assert phase.centres == {"Russia": ["ANK", "BER", "MOS", "STP", "RUM"]}
    assert game.draw == ("Austria", "Russia", "England")


def test_the_reader_takes_the_judges_adjustment_sentences_and_an_html_page():
    page = """<html><body><h2>Results</h2><pre>
Adjustment orders for Winter of 1906.  (ghodstoo.020)

Russia:    Defaults, removing the army in Bohemia.
Austria:   Builds an army in Vienna.
Austria:   Builds a fleet in Trieste.
England:   1 unusable build waived.
Movement results for Spring of 1907.  (ghodstoo.021)
Austria: Army Vienna -&gt; Galicia.  <i>(*bounce*)</i>
</pre></body></html>"""
    game = parse_results(page, STANDARD, "t.html")
    winter, spring = game.phases
    assert [(o.power, o.text, o.marks) for o in winter.orders] == [
        ("Russia", "Remove army Bohemia", ("default",)), ("Austria", "Build army Vienna", ()),
        ("Austria", "Build fleet Trieste", ())]
    assert [(o.text, o.marks) for o in spring.orders] == [("Army Vienna -> Galicia", ("bounce",))]


def test_a_phase_printed_twice_counts_once_as_printed_last():
    text = ("Movement results for Spring of 1901.  (g.001)\n\nAustria: Army Vienna -> Galicia.\n\n"
            "Movement results for Spring of 1901.  (g.001)\n\nAustria: Army Vienna -> Bohemia.\n")
    game = parse_results(text, STANDARD, "t")
    assert [o.text for o in game.phases[0].orders] == ["Army Vienna -> Bohemia"]
    assert game.notes == ["Spring 1901 Movement is printed again at line 5: the later printing is taken "
                          "(the earlier one is at line 1)"]


def test_the_judges_own_results_text_imports_back_into_the_same_game(tmp_path):
    # results.txt is written in njudge's format: the phases of an imported game, put end to end,
    # are a record the import reads back, and every phase comes out as it went in.
    repo, _, first = _import(tmp_path, "describe")
    tree = GitTree(repo.head.commit)
    game = Game.load(tree, "games/describe")
    text = "\n".join(tree.read(game.folder_path(f, "results.txt")).decode("utf-8") for f in game.folders()
                     if game.finished(f))
    again = import_game(repo, "games/again", parse_results(text, STANDARD, "again.txt"), now=T0, maps=False)
    assert again.differences == 0 and len(again.phases) == len(first.phases)
    copy = Game.load(GitTree(repo.head.commit), "games/again")
    assert copy.folders() == game.folders()
    for folder in game.folders():
        assert copy.position(folder) == game.position(folder), folder


@pytest.mark.parametrize("name", ["describe", "pouchtoo", "ghodstoo"])
def test_the_archive_pages_as_published_import_as_the_judges_text_does(tmp_path, name):
    # published.txt is the Pouch's pages as they stand ("Results for Fall of 1901 in describe", a
    # section word per phase, "=>" arrows); results.txt the same lines with the judge's headers.
    repo, _, first = _import(tmp_path, name)
    text = (DATA / name / "published.txt").read_text(encoding="utf-8")
    again = import_game(repo, "games/again", parse_results(text, STANDARD, "published.txt"), now=T0, maps=False)
    assert [(p.folder, d.power, d.order, d.judge) for p in again.phases for d in p.differences] == \
        [(p.folder, d.power, d.order, d.judge) for p in first.phases for d in p.differences]
    tree = GitTree(repo.head.commit)
    one, two = Game.load(tree, f"games/{name}"), Game.load(tree, "games/again")
    assert one.folders() == two.folders()
    assert all(one.position(f) == two.position(f) for f in one.folders())
