"""``make demo`` (:mod:`judge.demo`): the bundled example games, one a rule system, each played
one phase onward in a fresh repository made from a copy of ``games/``, and the site built from it
showing every game with its map. The demo's job runs on a temporary copy: the checkout is only
read."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from judge import demo

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted(p.parent.name for p in (ROOT / "variants").glob("*/variant.yaml"))
PHASE = re.compile(r"^\d+-\d+-[a-z0-9-]+$")


def _games(games: Path) -> dict[str, dict]:
    """Every game's settings (game.yaml) under ``games``, by folder name."""
    return {p.parent.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(games.glob("*/game.yaml"))}


def _current(game: Path) -> str:
    """The game's phase folder still to be played (the last one without results)."""
    folders = sorted((p for p in game.iterdir() if p.is_dir() and PHASE.match(p.name)),
                     key=lambda p: tuple(int(x) for x in p.name.split("-")[:2]))
    waiting = [p.name for p in folders if not (p / "results.yaml").is_file()]
    assert len(waiting) == 1, (game.name, waiting)
    return waiting[0]


def test_every_rule_system_has_a_paused_example_game_with_orders_waiting():
    games = _games(ROOT / "games")
    assert sorted({g["variant"] for g in games.values()}) == VARIANTS
    for slug, settings in games.items():
        assert settings["status"] == "paused", slug  # the project's own schedule leaves it alone
        current = ROOT / "games" / slug / _current(ROOT / "games" / slug)
        assert list((current / "orders").glob("*.txt")), f"{slug}: no orders for 'make demo' to play"
        played = [p for p in (ROOT / "games" / slug).iterdir() if (p / "results.yaml").is_file()]
        assert len(played) >= 2, f"{slug}: a few phases are already played"
        assert all((p / "map.png").is_file() for p in played), slug


def test_the_demo_plays_every_example_game_one_phase_and_publishes_it(tmp_path, capsys):
    import git

    project = tmp_path / "project"
    shutil.copytree(ROOT / "games", project / "games")
    games = _games(project / "games")
    before = {slug: _current(project / "games" / slug) for slug in games}

    assert demo.run(project, tmp_path / "demo") == 0
    out = capsys.readouterr().out

    repo_dir = tmp_path / "demo" / "repo"
    repo = git.Repo(repo_dir)
    # One commit for the copy, then one commit and one tag a game.
    assert len(list(repo.iter_commits())) == 1 + len(games)
    assert sorted(t.name for t in repo.tags) == sorted(f"{slug}/{folder}" for slug, folder in before.items())
    site = tmp_path / "demo" / "site"
    for slug, folder in before.items():
        commit = repo.tags[f"{slug}/{folder}"].commit
        assert commit.message.startswith(f"{slug}: ")
        assert all(path.startswith(f"games/{slug}/") for path in commit.stats.files), commit.stats.files
        game = repo_dir / "games" / slug
        results = yaml.safe_load((game / folder / "results.yaml").read_text(encoding="utf-8"))
        assert results["game"] == slug and results["orders"], slug
        nxt = _current(game)
        assert nxt != folder and (game / nxt / "position.yaml").is_file()
        assert re.search(rf"^\s+{re.escape(slug)}\s+{games[slug]['variant']}\s+played {results['phase']}$", out, re.M), out
        # The site: the game's page shows its new map, and the phase played has its page.
        page = (site / "games" / slug / "index.html").read_text(encoding="utf-8")
        assert f'src="{nxt}/map.png"' in page, slug
        assert (site / "games" / slug / nxt / "map.png").is_file()
        assert "Orders and results" in (site / "games" / slug / f"{folder}.html").read_text(encoding="utf-8")
        # The copy the demo started from was only read.
        assert not (project / "games" / slug / folder / "results.yaml").exists()
    assert f"open file://{(site / 'index.html').resolve()}" in out
