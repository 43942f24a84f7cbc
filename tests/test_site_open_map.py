"""A phase's map is stored once, when it is played (with its orders); the open phase's map, its
position before any order, is drawn by the site: here, with real cairo, from games the tick played."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.site.generate import generate
from judge.store import artifacts
from judge.store.tick import tick

from test_store_helpers import hours, make_game, make_repo, T0

S01, F01 = "1901-1-spring-movement", "1901-3-fall-movement"
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def played(tmp_path) -> Path:
    """A standard game whose first phase the tick played (maps drawn): the league's folder."""
    repo = make_repo(tmp_path / "league")
    make_game(repo)
    assert tick(repo, now=T0 + hours(73)).played == [f"g/{S01}"]
    return Path(repo.working_tree_dir)


def test_the_site_draws_the_open_phase_and_copies_the_played_one(played, tmp_path):
    assert (played / "games/g" / S01 / "map.png").read_bytes().startswith(PNG)
    assert not (played / "games/g" / F01 / "map.png").exists(), "the tick commits no map of the open phase"
    out = tmp_path / "site-src"
    generate(played / "games", out)
    drawn = out / "games/g" / F01 / "map.png"
    assert drawn.read_bytes().startswith(PNG) and len(drawn.read_bytes()) > 20_000, "a real 1600 px map"
    assert (out / "games/g" / S01 / "map.png").read_bytes() == (played / "games/g" / S01 / "map.png").read_bytes()
    assert f"]({F01}/map.png)" in (out / "games/g" / f"{F01}.md").read_text()
    assert f"{F01}/map.png" in (out / "games/g/index.md").read_text(), "the game's page shows the current map"


def test_the_open_map_is_drawn_again_only_when_its_position_changes(played, tmp_path, monkeypatch):
    out = tmp_path / "site-src"
    generate(played / "games", out)
    drawn = out / "games/g" / F01 / "map.png"
    first, stamp = drawn.read_bytes(), drawn.stat().st_mtime_ns
    calls = []
    real = artifacts.map_files
    monkeypatch.setattr(artifacts, "map_files", lambda *a, **k: calls.append(a[1].phase) or real(*a, **k))
    # Something else in the game changes (press in the open phase): its page is rendered again,
    # its map is kept as drawn.
    (played / "games/g" / F01 / "press").mkdir()
    (played / "games/g" / F01 / "press" / "england.md").write_text("Peace in our time.\n")
    generate(played / "games", out)
    assert calls == [] and drawn.stat().st_mtime_ns == stamp and drawn.read_bytes() == first
    # The Gamesmaster corrects the open phase's position: the map follows.
    position = played / "games/g" / F01 / "position.yaml"
    text = position.read_text()
    assert "A PAR" in text
    position.write_text(text.replace("A PAR", "A GAS"))
    generate(played / "games", out)
    assert [str(p) for p in calls] == ["Fall 1901 Movement"] and drawn.read_bytes() != first


def test_without_cairo_the_site_is_built_without_the_open_map(played, tmp_path, monkeypatch, capsys):
    def no_cairo(*a, **k):
        raise OSError("no library called \"cairo-2\" was found")

    monkeypatch.setattr(artifacts, "map_files", no_cairo)
    out = tmp_path / "site-src"
    generate(played / "games", out)
    assert not (out / "games/g" / F01 / "map.png").exists()
    assert (out / "games/g" / f"{F01}.md").is_file() and (out / "games/g" / S01 / "map.png").is_file()
    assert "the map of G: Fall 1901 Movement is not drawn: no library called" in capsys.readouterr().err


def test_tick_no_maps_stores_no_map_and_tick_stores_the_played_phase_s(tmp_path):
    """``judge tick --no-maps`` plays without drawing; ``judge tick`` stores the played phase's map."""
    import click
    from click.testing import CliRunner

    from judge.store.commands import COMMANDS

    cli = click.Group(commands={c.name: c for c in COMMANDS})
    repo = make_repo(tmp_path / "league")
    make_game(repo)
    root = Path(repo.working_tree_dir)
    out = CliRunner().invoke(cli, ["tick", "--force", "--no-maps", "--repo", str(root)], catch_exceptions=False)
    assert out.exit_code == 0 and f"played g/{S01}" in out.output
    assert not list((root / "games/g").glob("*/map.*"))
    out = CliRunner().invoke(cli, ["tick", "--force", "--repo", str(root)], catch_exceptions=False)
    assert out.exit_code == 0 and f"played g/{F01}" in out.output
    assert (root / "games/g" / F01 / "map.png").read_bytes().startswith(PNG)
    assert [p.parent.name for p in (root / "games/g").glob("*/map.*")] == [F01]


def test_a_game_played_without_maps_gets_no_open_map_either(played, tmp_path):
    settings = played / "games/g/game.yaml"
    settings.write_text(settings.read_text() + "maps: []\n")
    out = tmp_path / "site-src"
    generate(played / "games", out)
    assert (out / "games/g" / f"{F01}.md").is_file() and not (out / "games/g" / F01 / "map.png").exists()
