"""Every variant through the whole flow: ``judge new``, order files committed, ticks at the
deadlines (maps drawn where the variant has one), ``judge verify`` replaying the history, and the
published site built with ``mkdocs build --strict``.

A real repository in a temporary folder (gitpython); the variants' own rules are tested in their
own files, this one checks that the game layer carries each of them end to end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.site.build import mkdocs_build
from judge.site.generate import generate
from judge.store.layout import GitTree
from judge.store.tick import create_game, new_game, tick
from judge.store.verify import verify_game
from judge.variants import find_variant
from test_store_helpers import T0, hours, make_repo

ORDERS = {
    # A few orders of the first movement phase each, money and sieges among them.
    "machiavelli": {
        "florence": "A FLO - ARE\nBorrow 10 ducats for 1 year\nExpense 1: 9 ducats buy g LUC\n",
        "milan": "A MIL - COM\n",
        "venice": "Pay 2 ducats to Florence\n",
    },
    "maharajah": {},
    "europe1615": {},
}


@pytest.mark.parametrize("name", ["machiavelli", "maharajah", "europe1615"])
def test_a_variant_game_is_played_verified_and_published(tmp_path, name):
    variant = find_variant(name)
    repo = make_repo(tmp_path / "repo")
    players = {p: f"player{k}" for k, p in enumerate(variant.powers)}
    game = new_game(f"games/{name}", name, now=T0, players=players)
    create_game(repo, game, commit=True, now=T0)
    root = Path(repo.working_tree_dir)
    # Play until the first movement phase is open, then send its orders.
    when = T0
    played: list[str] = []
    for _ in range(4):
        current = sorted(p.name for p in (root / "games" / name).iterdir() if p.is_dir())[-1]
        if current.split("-")[-1] == "movement":
            break
        when += hours(100)  # past the deadline of a phase opened by the last run (its full time)
        played += tick(repo, now=when).played
    folder = root / "games" / name / current
    assert current.endswith("movement"), current
    if ORDERS[name]:
        (folder / "orders").mkdir(exist_ok=True)
        for power, text in ORDERS[name].items():
            (folder / "orders" / f"{power}.txt").write_text(text)
        repo.git.add("--all")
        repo.git.commit("-q", "-m", "orders")
    when += hours(100)
    result = tick(repo, now=when, max_phases=3)
    assert result.errors == [] and result.played, result
    played += result.played
    data = yaml.safe_load((folder / "results.yaml").read_text())
    assert data["phase"].endswith("Movement")
    if name == "machiavelli":
        # The dice come from the committed order files, and are published.
        assert len(data["dice_seed"]) == 64
        got = {(o["power"], o["order"]): o["result"] for o in data["orders"]}
        assert got[("Florence", "Borrow 10 ducats for 1 year")] == "success"
        assert got[("Venice", "Pay 2 ducats to Florence")] == "success"
    maps = list(folder.glob("map.*"))
    has_map = (Path(__file__).resolve().parents[1] / "variants" / name / "map.svg").exists()
    assert bool(maps) == has_map
    # The history replays as committed.
    report = verify_game(GitTree(repo.head.commit), f"games/{name}")
    assert report.ok, report
    # And the archive builds, strictly.
    out = generate(root / "games", tmp_path / "site-src")
    assert out.rendered >= len(played)
    mkdocs_build(tmp_path / "site-src", tmp_path / "site")
    assert (tmp_path / "site" / "index.html").exists()
