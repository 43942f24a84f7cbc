"""What players must see, as a referee would show it ("Every rule as a referee would rule it", the
display points): each test is named after the rule or tracker point it checks."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from judge.reports import forum_post, narrative, njudge_results, state_report
from judge.site.gamefiles import read_game
from judge.site.state_sections import state_sections
from judge.variants import find_variant

ROOT = Path(__file__).resolve().parents[1]


def _phase(slug: str, folder: str):
    """The variant, the results data, the position before and the position after a played phase
    of a bundled example game."""
    game = read_game(ROOT / "games" / slug)
    variant = find_variant(game.variant_name)
    names = [f.name for f in game.phases]
    i = names.index(folder)
    results = game.phases[i].results
    return variant, results, game.phases[i].position, game.phases[i + 1].position


# -- Machiavelli (point 2): loans and their due dates, chits, famine, rebellions ------------------


def _machiavelli_after():
    from judge.variants.machiavelli.state import Rebellion, state_of

    variant, results, before, after = _phase("example-machiavelli", "1454-1-spring-movement")
    st = state_of(after).replace(
        bankrupt=("Turkey",),
        chits={"Venice": ("Milan",), "Milan": ()},
        rebellions={"PIS": Rebellion("Florence", city=True), "BOL": Rebellion("Papacy")},
        famine=("ROM", "SIE"),
    )
    return variant, results, before, after.evolve(state=st)


@pytest.mark.rule("rules.machiavelli/borrowing-2", "rules.machiavelli/assassination-1")
def test_machiavelli_loans_due_dates_chits_famine_rebellions_in_results_txt_and_posts():
    variant, results, before, after = _machiavelli_after()
    text = njudge_results(variant, results, before=before, after=after, game="g")
    assert "Loans from the bank:\n  Florence owes 12 ducats (10 borrowed, 2 interest), due Spring 1455." in text
    assert "Defaulted on a loan" in text and "Turkey." in text
    assert "Assassination chits:\n  Milan holds chits for nobody.\n  Venice holds chits for Milan." in text
    assert "rebellion against Florence (province and city)" in text
    assert "rebellion against Papacy (province)" in text
    assert "Famine (until the end of the next Spring):" in text
    assert text.index("Loans from the bank") < text.index("The next phase")
    post = forum_post(variant, results, game_title="G", slug="g", phase_folder="f", base_url="https://x",
                      before=before, after=after)
    for part in ("Loans from the bank", "due Spring 1455", "Assassination chits", "Rebellions", "Famine"):
        assert part in post.bbcode and part in post.markdown


@pytest.mark.rule("rules.machiavelli/assassination-1")
def test_machiavelli_chits_at_the_start_each_power_holds_one_for_every_other():
    variant, results, before, after = _phase("example-machiavelli", "1454-1-spring-movement")
    assert "Each power holds one chit for every other power." in "\n".join(state_report(variant, after))
    titles = {s["title"]: s["body"] for s in state_sections(variant, after)}
    assert "Each power holds one chit for every other power." in titles["Assassination chits"]
    assert "Loans from the bank" in titles


@pytest.mark.rule("rules.machiavelli/assassination-1")
def test_machiavelli_pages_list_the_chits_each_power_holds():
    variant, _, _, after = _machiavelli_after()
    body = {s["title"]: s["body"] for s in state_sections(variant, after)}["Assassination chits"]
    assert "| Venice | Milan |" in body and "| Milan | — |" in body


@pytest.mark.rule("seed000/venice-lagoon-4")
def test_machiavelli_venice_garrison_is_named_a_garrison_in_results_txt():
    """Point 1: the rules hold Venice's unordered garrison as ``F VEN H``; results.txt names the
    unit the board has there."""
    variant, results, before, after = _phase("example-machiavelli", "1454-1-spring-movement")
    text = njudge_results(variant, results, before=before, after=after)
    assert "Venice: Garrison Venice, No Order Processed." in text
    assert "Fleet Venice" not in text


# -- Europe 1615 (point 4): the influence table, statuses, treasuries, declarations ---------------


def test_europe1615_referee_reports_minor_state_statuses_in_a_table():
    """Seed, "Diplomatic attack": "the referee will report to the players the statuses of the
    minor states, presented in a table"; with the INFs left, treasuries and declarations."""
    variant, results, before, after = _phase("example-europe1615", "1615-3-summer-movement")
    text = njudge_results(variant, results, before=before, after=after)
    assert "Influence placed (INFs) and the status of the minor states:" in text
    lines = text.splitlines()
    mec = next(line for line in lines if line.strip().startswith("Mecklenburg (MEC)"))
    assert "Sweden 10, Denmark 4" in mec and mec.endswith("aligned to Sweden")
    assert any(line.strip().startswith("Lower Saxony (LOWR)") for line in lines)
    assert "Every other minor state is unaligned." in text
    assert "INFs left: Austria 3" in text
    assert "Treasury:  Austria 50" in text
    assert "Declarations in force:\n  War: England and Spain.\n  War: France and Spain.\n  Alliance: Dutch and England." in text
    post = forum_post(variant, results, game_title="G", slug="g", phase_folder="f", base_url="https://x",
                      before=before, after=after)
    assert "aligned to Sweden" in post.markdown and "Declarations in force" in post.bbcode


def test_europe1615_diplomatic_attack_outcome_in_results_and_narrative():
    variant, results, before, after = _phase("example-europe1615", "1615-3-summer-movement")
    text = njudge_results(variant, results, before=before, after=after)
    assert "Dutch: WES > Spain (both lose 4 INF(s) in WES)." in text
    story = narrative(variant, results, before, position_after=after)
    assert "Dutch made a diplomatic attack on Spain in Westphalia: both lose 4 INF(s) in WES." in story


def test_europe1615_narrative_tells_declarations():
    variant, results, before, after = _phase("example-europe1615", "1615-1-spring-movement")
    story = " ".join(narrative(variant, results, before, position_after=after))
    assert "England declared war on Spain" in story and "France declared war on Spain" in story
    assert "Dutch declared an alliance with England" in story


def test_europe1615_narrative_tells_winter_changes_of_hands():
    variant, results, before, after = _phase("example-europe1615", "1615-3-summer-movement")
    data = dataclasses.replace(results, orders=(), notes=(
        "Luxemburg: control passes from Spain to France (occupied at the end of the year).",
        "Genoa: control passes from nobody to Spain (occupied)."))
    story = narrative(variant, data, before)
    assert "France took control of Luxemburg from Spain (occupied at the end of the year)." in story
    assert "Spain took control of Genoa (occupied)." in story


def test_europe1615_controlled_state_shows_its_infs_suspended():
    """Seed, "Securing control": a controlled minor state's INFs are held in suspension."""
    variant, results, before, after = _phase("example-europe1615", "1615-3-summer-movement")
    held = after.evolve(supply_centers={**after.supply_centers, "LOR": "Spain"}) if "LOR" in variant.board.provinces else None
    if held is None:
        pytest.skip("no Lorraine on the board")
    text = "\n".join(state_report(variant, held))
    lor = next(line for line in text.splitlines() if line.strip().startswith("Lorraine"))
    assert lor.endswith("controlled (its INFs suspended)")


def test_europe1615_pages_show_a_controlled_state_as_controlled():
    variant, results, before, after = _phase("example-europe1615", "1615-3-summer-movement")
    held = after.evolve(supply_centers={**after.supply_centers, "LOR": "Spain"})
    body = {s["title"]: s["body"] for s in state_sections(variant, held)}["Influence (INF table) and alignments"]
    assert "| Lorraine |" in body and "controlled" in body.split("| Lorraine |")[1].split("\n")[0]


# -- Machiavelli (point 1): the Winter phases --------------------------------------------------


@pytest.mark.rule("seed001/income-1")
def test_machiavelli_winter_income_nobody_orders_and_nobody_is_in_civil_disorder():
    from judge.store.submissions import must_order

    variant, results, before, after = _phase("example-machiavelli", "1453-7-winter-income")
    assert must_order(variant, before) == []


def test_machiavelli_income_is_read_as_sentences_though_its_record_keeps_the_older_words():
    """Issue 29: a variant's results read as sentences, never as a data structure. The record
    keeps the income note's older words (judge verify compares them with older games' records);
    results.txt, the forum post and the phase page give each power's income as a sentence, its
    dice by home country, from the income the position after the phase holds."""
    variant, results, before, after = _phase("example-machiavelli", "1453-7-winter-income")
    assert "Florence receives 16 ducats: 4 for provinces, 5 for cities, 0 for seas, 7 variable income " \
           "(dice {'Florence': [5, 3]})." in results.notes
    sentence = ("Florence receives 16 ducats: 4 for provinces, 5 for cities, 0 for seas and variable income 7 "
                "(Florence's dice: 5 and 3).")
    text = njudge_results(variant, results, before=before, after=after)
    assert sentence in text and "Austria's die: 1)." in text and "{" not in text
    post = forum_post(variant, results, game_title="G", slug="g", phase_folder="1453-7-winter-income",
                      base_url="", before=before, after=after)
    assert sentence in post.bbcode and "{" not in post.bbcode
    # Without the position after the phase there is no typed income to word: the note as recorded.
    assert "(dice {'Florence': [5, 3]})." in njudge_results(variant, results, before=before)
    # The example game's own results.txt (which the site shows) reads the same.
    committed = (ROOT / "games" / "example-machiavelli" / "1453-7-winter-income" / "results.txt").read_text(encoding="utf-8")
    assert sentence in committed and "{" not in committed


def test_machiavelli_income_notes_on_the_phase_page_are_sentences(tmp_path):
    import shutil

    from judge.site.generate import generate

    shutil.copytree(ROOT / "games" / "example-machiavelli", tmp_path / "games" / "example-machiavelli")
    generate(tmp_path / "games", tmp_path / "site")
    page = (tmp_path / "site" / "games" / "example-machiavelli" / "1453-7-winter-income.md").read_text(encoding="utf-8")
    notes = page.split('!!! note "The judge\'s notes"', 1)[1].split("\n## ", 1)[0]
    assert "    - Venice receives 22 ducats: 11 for provinces, 6 for cities, 0 for seas and variable income 5 " \
           "(Venice's dice: 1 and 2).\n" in notes
    assert "{" not in notes


@pytest.mark.rule("rules.machiavelli/adjustments-orders")
def test_machiavelli_winter_adjustment_every_power_decides_its_upkeep():
    """rules §Military unit adjustments: every power says which units it maintains and what it
    buys, so none has "nothing to decide" and one power's '# ready' does not play the phase."""
    from judge.store.submissions import must_order

    variant, results, before, after = _phase("example-machiavelli", "1453-8-winter-adjustment")
    assert must_order(variant, before) == sorted(["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"])
    note = variant.rules.missing_orders_note(variant, before, "Venice")
    assert "civil disorder" not in note and "maintained" in note


@pytest.mark.rule("rules.machiavelli/adjustments-1")
def test_machiavelli_winter_page_counts_garrisons_among_the_units_and_says_what_to_decide():
    from judge.site.phase_page import _adjustments

    variant, results, before, after = _phase("example-machiavelli", "1453-8-winter-adjustment")
    head, table = _adjustments(variant, after)
    assert head[1] == "Cities" and "garrisons" in head[2]
    rows = {r["cells"][0]: r["cells"] for r in table}
    assert rows["Milan"][2] == "4"  # A CRE, A MIL, G MIL, A PAV
    assert "builds" not in rows["Milan"][3] and "nothing" not in rows["Milan"][3]
    std, _, std_before, _ = _phase("example", "1901-5-winter-adjustment")
    assert _adjustments(std, std_before)[0][1] == "Supply centres"


# -- Europe 1615 (point 5): minor states are no players --------------------------------------


def test_europe1615_minor_states_are_not_listed_as_players():
    from judge.store.settings import GameSettings, format_settings

    variant = find_variant("europe1615")
    text = format_settings(GameSettings("g", "G", "europe1615", {}, {p: None for p in variant.powers}), variant)
    assert "  Austria: null" in text and "LOWR" not in text and "POLN" not in text
    game = yaml.safe_load((ROOT / "games" / "example-europe1615" / "game.yaml").read_text(encoding="utf-8"))
    assert all(variant.powers[p].playable for p in game["players"])


def test_europe1615_results_have_no_empty_sections_for_minor_states():
    variant, results, before, after = _phase("example-europe1615", "1615-3-summer-movement")
    text = njudge_results(variant, results, before=before, after=after)
    assert "\nLOWR: " not in text and "\nPOLN: " not in text
    assert "LOR: Army Lorraine SUPPORT Army Champagne -> Luxemburg." in text  # ordered by France
    assert "Units of minor states with no orders, holding:" in text and "Army Bremen (LOWR)" in text
