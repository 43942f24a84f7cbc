"""The record of a phase (``judge/record.py``): one module writes ``results.yaml`` and reads it
back, typed; the reports and the site render from it without reading any order's text again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from judge.core.errors import StoreError
from judge.core.resolution import Outcome, Tag
from judge.record import OrderRecord, PhaseRecord, order_kind
from judge.store.layout import DirTree, Game, game_on_disk
from judge.store.verify import verify_game
from judge.variants.machiavelli.orders import Besiege, Pay, SpecialBuild
from judge.core.types import Location, Power, ProvinceId, UnitType

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "game.yaml").is_file())
_PARTS = ("kind", "unit", "at", "target", "target_unit", "to", "via_convoy", "details")


def _played(slug: str) -> list[tuple[Game, str]]:
    game = game_on_disk(ROOT / "games" / slug)
    return [(game, f) for f in game.folders() if game.finished(f)]


@pytest.mark.parametrize("slug", EXAMPLES)
def test_every_example_record_is_written_back_byte_for_byte(slug):
    """Reading a ``results.yaml`` and writing the record again gives the same bytes: the file is
    the record, nothing is lost or added on the way."""
    for game, folder in _played(slug):
        path = ROOT / game.folder_path(folder, "results.yaml")
        record = game.results(folder)
        assert record is not None
        assert record.to_yaml() == path.read_bytes(), path


@pytest.mark.parametrize("slug", EXAMPLES)
def test_every_order_of_the_examples_is_kept_with_its_kind(slug):
    """Each order the judge understood has its kind (the variants' own orders too: Machiavelli's
    ``maintain``, ``pay``, ``borrow``; Europe 1615's ``declaration``); a unit order its unit and place."""
    for game, folder in _played(slug):
        record = game.results(folder)
        for o in record.orders:
            if o.result is not Outcome.INVALID:
                assert o.kind, (folder, o)
            if o.kind in ("hold", "move", "support", "convoy", "retreat", "build", "disband"):
                assert o.unit in ("A", "F", "G") and o.at, (folder, o)


@pytest.mark.parametrize("slug", EXAMPLES)
def test_an_older_results_file_reads_to_the_same_record_and_verifies(slug, tmp_path):
    """A ``results.yaml`` written before orders kept their kinds is read by reading each order's
    text again with the judge's one reader: the same record, and ``judge verify`` still passes."""
    shutil.copytree(ROOT / "games" / slug, tmp_path / "games" / slug)
    path = f"games/{slug}"
    fresh = Game.load(DirTree(tmp_path), path)
    expected = {f: fresh.results(f) for f in fresh.folders() if fresh.finished(f)}
    for folder in expected:
        file = tmp_path / path / folder / "results.yaml"
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        for o in data["orders"]:
            for key in _PARTS:
                o.pop(key, None)
        file.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    old = Game.load(DirTree(tmp_path), path)
    for folder, record in expected.items():
        assert old.results(folder) == record, folder
    check = verify_game(DirTree(tmp_path), path)
    assert not check.mismatches and check.phases == len(expected)


def test_a_variant_order_is_kept_with_its_own_fields():
    assert order_kind(Besiege(Power("Venice"), UnitType.ARMY, Location(ProvinceId("PAD")))) == "besiege"
    assert order_kind(Pay(Power("Venice"), amount=2, to="Florence")) == "pay"
    special = SpecialBuild(Power("Milan"), UnitType.ARMY, Location(ProvinceId("MIL")), special="elite_mercenaries")
    assert order_kind(special) == "build"
    from judge.core.resolution import Resolution
    from judge.record import order_record

    rec = order_record(Resolution("Milan", special, Outcome.SUCCESS, "built"))
    assert (rec.kind, rec.unit, rec.at, rec.details) == ("build", "A", "MIL", (("special", "elite_mercenaries"),))
    assert not rec.standard  # a special build is told as the variant writes it
    paid = order_record(Resolution("Venice", Pay(Power("Venice"), amount=2, to="Florence"), Outcome.SUCCESS, "gave"))
    assert paid.detail("amount") == 2 and paid.detail("to") == "Florence" and paid.understood


@pytest.mark.parametrize("text, where", [
    ("- a list\n", "not a results file"),
    ("orders: {a: 1}\n", "'orders' must be a list"),
    ("orders:\n- just text\n", "orders[0]: expected a mapping"),
    ("orders:\n- {power: France, order: A PAR H, kind: hold, result: won}\n", "orders[0]: 'won' is not one of"),
    ("orders:\n- {power: France, order: A PAR H, kind: hold, result: success, tags: [sunk]}\n", "'sunk' is not one of"),
    ("powers: {France: {centres: many}}\n", "powers.France"),
    ("winner: [France]\n", "'winner' must be a text"),
])
def test_a_broken_results_file_is_a_located_error(text, where):
    with pytest.raises(StoreError) as exc:
        PhaseRecord.from_data(yaml.safe_load(text), "games/g/1901-1-spring-movement/results.yaml")
    assert where in str(exc.value) and str(exc.value).startswith("games/g/1901-1-spring-movement/results.yaml")


def test_a_trimmed_results_file_still_reads():
    """A results file cut down by hand reads with empty values (the game's checks say what is missing)."""
    record = PhaseRecord.from_data({"winner": "France"}, "r.yaml")
    assert record.winner == "France" and record.orders == () and record.next_folder is None


def test_the_record_keeps_tags_and_verdicts_typed():
    record = PhaseRecord.from_data(yaml.safe_load(
        "orders:\n- {power: Austria, order: A BOH - SIL, kind: move, unit: A, at: BOH, to: SIL, result: failure, "
        "reason: bounced, tags: [bounce, dislodged]}\n"), "r.yaml")
    (o,) = record.orders
    assert o.result is Outcome.FAILURE and o.tags == (Tag.BOUNCE, Tag.DISLODGED) and o.province == "BOH"
    assert not o.refused and o.understood and o.standard


@pytest.mark.parametrize("slug", ["example-machiavelli", "example-europe1615"])
def test_the_site_shows_every_variant_order_as_understood(slug, tmp_path):
    """The phase pages mark an order "not understood" only when the judge did not understand it:
    Machiavelli's ``Maintain``, ``Pay``, ``Borrow`` and Europe 1615's declarations are shown as
    the orders they were (the pages read the record, not the order's text)."""
    from judge.site.generate import generate

    games = tmp_path / "games"
    shutil.copytree(ROOT / "games" / slug, games / slug)
    generate(games, tmp_path / "src")
    shown = 0
    for game, folder in _played(slug):
        page = (tmp_path / "src" / "games" / slug / f"{folder}.md").read_text(encoding="utf-8")
        record = game.results(folder)
        for o in record.orders:
            if o.understood and not o.standard:
                shown += 1
        assert "judge-unread" not in page or any(not o.understood for o in record.orders), folder
    assert shown, "the example plays some of the variant's own orders"
