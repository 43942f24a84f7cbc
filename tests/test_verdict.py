"""One verdict for an order file (``judge/verdict.py``): ``judge check``, the pull-request check
and the tick read every line alike, on the real-orders corpus and on generated lines of every
kind (illegal, another power's unit, a duplicate, another power's line, not understood, two
meanings, ``# ready`` and ``# vote``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from judge.core.types import Power
from judge.positions import parse_position
from judge.store.check import check_orders
from judge.store.layout import DirTree, Game, phase_folder
from judge.store.pr import FileVerdict, Verdict as PRVerdict, _read_orders
from judge.store.submissions import Collected, Submission, parse_submissions
from judge.variants import find_variant
from judge.verdict import Verdict, read_order_file

from forum_corpus import _power_of, load, orders_text, position_text

_, ENTRIES = load()


def _game(root: Path, position: str, slug: str = "g") -> Game:
    """A game folder whose only phase starts from ``position``."""
    variant, pos = parse_position(position)
    folder = phase_folder(variant.calendar, pos.phase)
    game_dir = root / "games" / slug
    (game_dir / folder).mkdir(parents=True)
    settings = {"title": "Check", "variant": variant.name, "players": {p: None for p in variant.powers},
                "schedule": {"timezone": "UTC"}, "orders": "public", "status": "active"}
    (game_dir / "game.yaml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    (game_dir / folder / "position.yaml").write_text(position, encoding="utf-8")
    (game_dir / folder / "phase.yaml").write_text(
        f"phase: {pos.phase}\nopened: '2025-01-06T22:00:00Z'\ndeadline: '2025-01-09T22:00:00Z'\n", encoding="utf-8")
    return Game.load(DirTree(root), f"games/{slug}")


def _three_ways(game: Game, power: Power, text: str) -> tuple:
    """The verdicts of ``judge check``, of the pull-request check and what the tick adjudicates."""
    folder = game.current()
    path = game.folder_path(folder, "orders", game.order_name(power))
    checked = check_orders(text, game, folder, power, path).file
    fv = FileVerdict(path, True, f"{power}'s orders", power=power, game=game.slug, folder=folder)
    pr = PRVerdict("someone")
    _read_orders(game, text, fv, pr)
    sub = Submission(power, path, path, text.encode(), text=text)
    lines, refused = parse_submissions(game.variant, game.position(folder), Collected({power: sub}, []))
    return checked, pr.read[0].file, lines, refused


def _same(checked, pr_file, lines, refused) -> None:
    assert checked.lines == pr_file.lines and checked.unordered == pr_file.unordered
    assert checked.ready_problems == pr_file.ready_problems
    # The tick adjudicates every line but those for another power, and refuses those.
    foreign = [v for v in checked.lines if v.verdict is Verdict.FOREIGN]
    assert len(refused) == len(foreign)
    assert sorted({ln.line for ln in lines}) == sorted({v.line for v in checked.lines
                                                        if v.verdict not in (Verdict.FOREIGN, Verdict.READY, Verdict.VOTE,
                                                                             Verdict.VOTE_UNREAD)})


def test_the_three_readers_agree_on_every_line_of_the_real_orders_corpus(tmp_path):
    seen = 0
    for i, e in enumerate(ENTRIES):
        game = _game(tmp_path / str(i), position_text(e))
        power = Power(_power_of(e))
        _same(*_three_ways(game, power, orders_text(e)))
        seen += 1
    assert seen >= 800


GENERATED_KINDS = ("order", "illegal", "foreign_unit", "replaced", "foreign", "unread", "ambiguous", "ready", "vote",
                   "vote_unread")


def _generated(rng: random.Random, variant, position, power: Power) -> tuple[str, set[str]]:
    """A file of ``power``'s with lines of every kind, and the kinds it holds."""
    mine = [u for u in position.units if u.power == power]
    others = [u for u in position.units if u.power != power]
    lines, kinds = [], set()
    for u in rng.sample(mine, k=min(3, len(mine))):
        lines.append(f"{u.kind.value} {u.location} H")
        kinds.add("order")
    u = mine[0]
    lines.append(f"{u.kind.value} {u.location} - {rng.choice(['MOS', 'SEV', 'ANK', 'NAP'])}")  # far away: illegal
    lines.append(f"{u.kind.value} {u.location} H")  # a later order for the same unit: the first is replaced
    o = rng.choice(others)
    lines.append(f"{o.kind.value} {o.location} H")  # another power's unit
    lines.append(f"{o.power}: {o.kind.value} {o.location} H")  # another power's line
    lines.append(rng.choice(["A PAR - Marsbase", "Fleet to nowhere", "S S S", "A XXX H"]))
    lines += ["# ready", "# vote draw", "# vote concede Atlantis"]
    kinds |= {"illegal", "replaced", "foreign_unit", "foreign", "unread", "ready", "vote", "vote_unread"}
    return "\n".join(lines) + "\n", kinds


def test_the_three_readers_agree_on_generated_lines_of_every_kind(tmp_path):
    variant = find_variant("standard")
    rng = random.Random(25)
    found: set[str] = set()
    for i in range(60):
        position = variant.start
        game = _game(tmp_path / str(i), f"variant: standard\nphase: Spring 1901 Movement\nunits:\n" + "".join(
            f"  {p}: [{', '.join(str(u) for u in position.units if u.power == p)}]\n" for p in variant.powers))
        power = Power(rng.choice(list(variant.powers)))
        text, kinds = _generated(rng, variant, game.position(game.current()), power)
        if i % 3 == 0:
            text += "F BRE - SPA\n" if power == "France" else ""
        checked, pr_file, lines, refused = _three_ways(game, power, text)
        _same(checked, pr_file, lines, refused)
        found |= {v.verdict.value for v in checked.lines}
    assert found >= set(GENERATED_KINDS) - {"ambiguous"}


@pytest.mark.parametrize("text, verdicts", [
    ("A PAR - BUR\n", ["order"]),
    ("A PAR - MOS\n", ["illegal"]),
    ("A MUN - RUH\n", ["foreign_unit"]),
    ("A PAR - BUR\nA PAR - PIC\n", ["replaced", "order"]),
    ("A PAR - BUR\nA PAR - MOS\n", ["order", "illegal"]),  # an illegal later order replaces nothing
    ("Germany: A MUN H\n", ["foreign"]),
    ("A PAR - Marsbase\n", ["unread"]),
    ("F BRE - MAO, A PAR - BUR\n", ["order", "order"]),
    ("# ready\n", ["ready"]),
    ("# vote draw\n# vote concede Turkey\n# vote concede Narnia\n# vote for me\n", ["vote", "vote", "vote_unread", "vote_unread"]),
])
def test_each_line_gets_its_verdict(text, verdicts):
    variant = find_variant("standard")
    f = read_order_file(text, variant, variant.start, Power("France"), "france.txt")
    assert [v.verdict.value for v in f.lines] == verdicts, [str(v) for v in f.lines]


def test_the_file_says_which_units_have_no_order_and_whether_ready_counts():
    variant = find_variant("standard")
    f = read_order_file("A PAR - BUR\nA MAR - MOS\n# ready\n", variant, variant.start, Power("France"), "france.txt")
    assert f.unordered == (("F BRE H", "no order: held"),)
    assert f.ready  # an illegal order was understood: the rules make the unit hold
    g = read_order_file("A PAR - BUR\nA MAR - Marsbase\n# ready\n# vote concede Turkey\n", variant, variant.start,
                        Power("France"), "france.txt")
    assert g.marked_ready and not g.ready
    assert g.ready_problems == ["line 2 was not understood ('marsbase' is not a province, a unit or an order word)"]
    assert g.votes == ["concede Turkey"]


def test_a_file_holding_only_a_vote_is_acknowledged():
    variant = find_variant("standard")
    f = read_order_file("# vote draw\n", variant, variant.start, Power("France"), "france.txt")
    assert [str(v) for v in f.lines] == ["france.txt:1: votes: draw"]


# -- an order file's name and place: one rule (Game.order_file) for judge check and the pull request


@pytest.mark.parametrize("where, said", [
    ("orders/France.txt", "the file name must be exactly `france.txt` (lower case): `games/g/{S}/orders/france.txt`"),
    ("orders/france.TXT", "the file name must be exactly `france.txt` (lower case): `games/g/{S}/orders/france.txt`"),
    ("orders/france.txt.age", "this game's orders are public: commit the `.txt` file: `games/g/{S}/orders/france.txt`"),
])
def test_judge_check_refuses_a_file_where_the_pull_request_would(tmp_path, where, said):
    from click.testing import CliRunner
    from judge.cli import cli

    variant = find_variant("standard")
    game = _game(tmp_path, "variant: standard\nphase: Spring 1901 Movement\nunits:\n  France: [A PAR, A MAR, F BRE]\n")
    folder = game.current()
    said = said.format(S=folder)
    file = tmp_path / "games" / "g" / folder / where
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("A PAR - BUR\n")
    out = CliRunner().invoke(cli, ["check", str(file)] + (["--power", "France"] if where.endswith(".age") else []))
    if where.endswith(".age"):
        assert "sealed file" in str(out.exception)  # judge check reads clear text only
        game.order_file(f"games/g/{folder}/orders/france.txt")  # the right place raises nothing
        with pytest.raises(Exception) as exc:
            game.order_file(f"games/g/{folder}/{where}", [Power("France")])
        assert said in str(exc.value)
        return
    assert out.exit_code == 1 and f"the pull request will refuse this file: {said}" in out.output, out.output
    assert "line 1: A PAR - BUR" in out.output  # ... and its content is still read
    with pytest.raises(Exception) as exc:
        game.order_file(f"games/g/{folder}/{where}", [Power("France")])
    assert said in str(exc.value)
    assert variant.name == "standard"


def test_an_order_file_in_the_wrong_folder_is_told_its_exact_path(tmp_path):
    from click.testing import CliRunner
    from judge.cli import cli

    game = _game(tmp_path, "variant: standard\nphase: Fall 1901 Movement\nunits:\n  France: [A PAR]\n")
    old = tmp_path / "games" / "g" / "1901-1-spring-movement" / "orders" / "france.txt"
    old.parent.mkdir(parents=True)
    old.write_text("A PAR H\n")
    (old.parent.parent / "position.yaml").write_text("variant: standard\nphase: Spring 1901 Movement\nunits: {}\n")
    (old.parent.parent / "phase.yaml").write_text("phase: Spring 1901 Movement\nopened: '2025-01-01T00:00:00Z'\n"
                                                  "deadline: '2025-01-02T00:00:00Z'\n")
    (old.parent.parent / "results.yaml").write_text("orders: []\nnext_folder: 1901-3-fall-movement\n")
    out = CliRunner().invoke(cli, ["check", str(old)])
    assert f"not where France's orders for the current phase go: `games/g/{game.current()}/orders/france.txt`" in out.output
    stray = tmp_path / "fra.txt"
    stray.write_text("A PAR H\n")
    out = CliRunner().invoke(cli, ["check", str(stray), "--game", str(tmp_path / "games" / "g")])
    said = str(out.exception)
    assert out.exit_code != 0 and "give --power" in said and f"`games/g/{game.current()}/orders/austria.txt`" in said


def test_a_garrison_without_an_order_is_named_as_a_garrison():
    """Machiavelli holds the garrison of Venice as ``F VEN H`` when it has no order; ``judge check``
    names it as the unit it is, ``G VEN``."""
    from judge.store.layout import game_on_disk

    game = game_on_disk(Path(__file__).resolve().parents[1] / "games" / "example-machiavelli")
    folder = game.current()
    f = read_order_file("A FER besiege\n", game.variant, game.position(folder), Power("Venice"), "venice.txt")
    assert ("G VEN H", "no order: held") in f.unordered
    assert not any(u.startswith("F VEN") for u, _ in f.unordered)


def test_outside_a_league_the_message_names_judge_init(tmp_path):
    from judge.core.errors import StoreError
    from judge.store.tick import open_repo

    with pytest.raises(StoreError) as exc:
        open_repo(tmp_path)
    assert "judge init" in str(exc.value)


@pytest.mark.rule("rules.machiavelli/borrowing-1")
def test_a_loan_in_the_winter_is_told_when_it_may_be_ordered():
    """Borrowing is the first step of a campaign (rules §Sequence of play): in the Winter the
    line is not understood, and the reason says when it may be ordered (not "'borrow' is not a
    province")."""
    from judge.store.layout import game_on_disk

    game = game_on_disk(Path(__file__).resolve().parents[1] / "games" / "example-machiavelli")
    position = game.position("1453-8-winter-adjustment")
    f = read_order_file("Borrow 25 ducats for 2 years\n", game.variant, position, Power("Austria"), "austria.txt")
    (line,) = f.lines
    assert line.verdict is Verdict.UNREAD
    assert line.reason == ("'borrow' is ordered with a campaign's orders (Spring, Summer or Fall), "
                           "not in Winter 1453 Adjustment")


def test_europe1615_names_only_its_seven_powers_to_players(tmp_path):
    """A message listing the powers a player may play names the seven, not the minor states."""
    v = find_variant("europe1615")
    assert v.players() == ["Austria", "Sweden", "Denmark", "Spain", "France", "Dutch", "England"]
    assert len(v.powers) > 50
    from datetime import datetime, timezone

    from judge.core.errors import StoreError
    from judge.store.tick import new_game

    with pytest.raises(StoreError) as exc:
        new_game("games/e", "europe1615", now=datetime(2026, 1, 1, tzinfo=timezone.utc), players={"Narnia": "bob"})
    assert str(exc.value).endswith("(powers: Austria, Sweden, Denmark, Spain, France, Dutch, England)")
