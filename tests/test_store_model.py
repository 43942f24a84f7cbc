"""One model of the game repository (issue 17): the judge and the site read game folders through
:mod:`judge.store.layout` alone, so they agree on which folders are phases, which names are games,
and what is wrong with a broken file, down to its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from judge.core.errors import JudgeError
from judge.site.gamefiles import find_games as site_find_games, read_game
from judge.site.generate import generate
from judge.site.synthetic import write_game
from judge.store.layout import DirTree, Game, find_games as store_find_games, game_name
from judge.store.play import is_due
from judge.variants import find_variant


@pytest.fixture(scope="module")
def league(tmp_path_factory) -> Path:
    """A repository with one game of a few phases (the last one being played)."""
    root = tmp_path_factory.mktemp("league")
    write_game(root / "games", "g", find_variant("standard"), phases=4, seed=5, maps=False)
    return root


def _copy(league: Path, tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(league, root)
    return root


def _store_reads(root: Path, slug: str = "g") -> None:
    """Everything the judge reads of a game: its settings, and each phase's files."""
    tree = DirTree(root)
    game = Game.load(tree, f"games/{slug}")
    for folder in game.folders():
        game.info(folder)
        game.position(folder)
        game.results(folder)
        for stem in game.stems():
            game.receipt(folder, stem)


def _error(run) -> tuple[str, str, str]:
    with pytest.raises(JudgeError) as caught:
        run()
    return type(caught.value).__name__, caught.value.where, caught.value.message


def _site_error(games, out) -> str:
    """The one error the site reports for a broken game (it publishes the others, and says which
    game needs the Gamesmaster: judge.site.generate's report)."""
    report = generate(games, out)
    assert len(report.broken) == 1, report.broken
    return report.broken[0]


def test_the_site_and_the_judge_agree_on_the_phase_folders(league, tmp_path):
    root = _copy(league, tmp_path)
    game_dir = root / "games" / "g"
    # Names that look like phase folders but are not: a calendar step the year has not, upper
    # case, a step with a leading zero, a season the step is not, a negative year, a word.
    for name in ("1901-9-spring-movement", "1901-1-Spring-movement", "1901-01-spring-movement",
                 "1901-1-fall-movement", "-1901-1-spring-movement", "notes", "1901-1-spring"):
        (game_dir / name).mkdir()
        (game_dir / name / "phase.yaml").write_text("phase: nonsense\n")
    judge = Game.load(DirTree(root), "games/g").folders()
    site = [p.name for p in read_game(game_dir).phases]
    assert judge == site
    assert len(judge) == 5 and judge == sorted(judge, key=lambda n: (int(n.split("-")[0]), int(n.split("-")[1])))
    generate(root / "games", tmp_path / "out")  # the decoys do not stop the site either


@pytest.mark.parametrize("name", ["g", "spring-league-2", "Bad", "under_score", "dots.x", "-lead", "bad name", "x" * 64])
def test_the_site_and_the_judge_agree_on_game_names(league, tmp_path, name):
    root = _copy(league, tmp_path)
    if name != "g":
        (root / "games" / "g").rename(root / "games" / name)
    assert [p.rsplit("/", 1)[-1] for p in store_find_games(DirTree(root))] == [p.name for p in site_find_games(root / "games")]
    try:
        game_name(f"games/{name}")
    except JudgeError:
        judge = _error(lambda: is_due(DirTree(root), f"games/{name}", _now(), identities=[]))
        assert f"{judge[1]}: {judge[2]}" == _site_error(root / "games", tmp_path / "out")
        assert judge[1] == f"games/{name}" and "lower-case letters, digits and dashes" in judge[2]
    else:
        is_due(DirTree(root), f"games/{name}", _now(), identities=[])
        assert generate(root / "games", tmp_path / "out").games == 1


def _now():
    from datetime import datetime, timezone

    return datetime(2025, 1, 1, tzinfo=timezone.utc)


def _first(root: Path) -> Path:
    return sorted(p for p in (root / "games" / "g").iterdir() if p.is_dir())[0]


def _last(root: Path) -> Path:
    return sorted(p for p in (root / "games" / "g").iterdir() if p.is_dir())[-1]


BROKEN = {
    # what: (file, how it is broken, the message's start, line or None)
    "settings: not YAML": (lambda r: r / "games/g/game.yaml", lambda t: t.replace("players:", "players: ["),
                           "not valid YAML", True),
    "settings: a login": (lambda r: r / "games/g/game.yaml", lambda t: t.replace("player-england", "<b>x</b>"),
                          "1 problem(s) in the settings", False),
    "settings: an option": (lambda r: r / "games/g/game.yaml", lambda t: t.replace("options: {}", "options: {bogus: 1}"),
                            "unknown rule option", True),
    "phase: a key missing": (lambda r: _first(r) / "phase.yaml", lambda t: t.replace("opened:", "open:"),
                             "phase.yaml needs", False),
    "phase: not a time": (lambda r: _last(r) / "phase.yaml", lambda t: t.replace("deadline: '", "deadline: 'next "),
                          "expected a time", False),
    "position: a province": (lambda r: _first(r) / "position.yaml", lambda t: t.replace("A PAR", "A PARIS-ISH"),
                             "unknown province 'PARIS-ISH'", True),
    "position: another phase": (lambda r: _first(r) / "position.yaml", lambda t: t.replace("Spring 1901", "Spring 1902"),
                                "the position is for Spring 1902 Movement", False),
    "position: not YAML": (lambda r: _last(r) / "position.yaml", lambda t: t + "units: [\n", "not valid YAML", True),
    "results: not a mapping": (lambda r: _first(r) / "results.yaml", lambda t: "- just a list\n",
                               "not a results file", False),
    "results: not YAML": (lambda r: _first(r) / "results.yaml", lambda t: "orders: {\n", "not valid YAML", True),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_game_file_gives_the_same_located_error_to_the_site_and_the_judge(league, tmp_path, case):
    root = _copy(league, tmp_path)
    where, edit, message, has_line = BROKEN[case]
    path = where(root)
    path.write_text(edit(path.read_text()))
    judge = _error(lambda: _store_reads(root))
    assert f"{judge[1]}: {judge[2]}" == _site_error(root / "games", tmp_path / "out")
    kind, located, text = judge
    rel = path.relative_to(root).as_posix()
    assert located.split(":")[0] == rel and text.startswith(message), judge
    if has_line:
        assert located.split(":")[1].isdigit(), judge


def test_a_receipt_is_read_one_way(league, tmp_path):
    """The judge ignores an unreadable receipt (a note in the results); the site counts it as
    orders received: both read it with the one reader, which names the file."""
    root = _copy(league, tmp_path)
    folder = _last(root)
    (folder / "receipts").mkdir()
    (folder / "receipts" / "france.yaml").write_text("files: [1, 2]\nreceived: yesterday\n")
    kind, located, text = _error(lambda: _store_reads(root))
    assert located == f"{folder.relative_to(root).as_posix()}/receipts/france.yaml" and text.startswith("a receipt is")
    generate(root / "games", tmp_path / "out")
    page = (tmp_path / "out" / "games" / "g" / f"{folder.name}.md").read_text()
    assert "Orders received from: France." in page
    good = {"power": "France", "player": "bob", "pull_request": 3, "head": "0" * 40,
            "received": "2025-01-08T19:30:00Z", "files": {"press/france.md": "sha256:00"}}
    (folder / "receipts" / "france.yaml").write_text(yaml.safe_dump(good, sort_keys=False))
    _store_reads(root)
    receipt = Game.load(DirTree(root), "games/g").receipt(folder.name, "france")
    assert receipt is not None and not receipt.has_orders and receipt.to_text() == yaml.safe_dump(good, sort_keys=False)
    generate(root / "games", tmp_path / "out")
    assert "Orders received" not in (tmp_path / "out" / "games" / "g" / f"{folder.name}.md").read_text()
