"""What the site offers players beyond the archive: a feed per game, how a game ended, the orders page."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from judge.site.generate import Publishing, generate
from judge.store.gm import end_game
from judge.store.tick import tick
from test_store_helpers import T0, hours, make_game, make_repo

ATOM = "{http://www.w3.org/2005/Atom}"


def test_each_game_has_an_atom_feed_of_its_played_phases(tmp_path):
    repo = make_repo(tmp_path / "repo")
    make_game(repo, "g")
    tick(repo, now=T0 + hours(24 * 4))
    tick(repo, now=T0 + hours(24 * 8))
    generate(tmp_path / "repo/games", tmp_path / "out",
             publishing=Publishing(site_url="https://alice.github.io/lg/"))
    feed = ET.parse(tmp_path / "out/games/g/feed.xml").getroot()
    assert feed.tag == f"{ATOM}feed" and feed.find(f"{ATOM}title").text
    entries = feed.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}title").text for e in entries][-1] == "Spring 1901 Movement", "newest first"
    assert len(entries) >= 2
    assert entries[-1].find(f"{ATOM}link").get("href") == "https://alice.github.io/lg/games/g/1901-1-spring-movement.html"
    assert feed.find(f"{ATOM}updated").text == entries[0].find(f"{ATOM}updated").text
    assert "feed.xml" in (tmp_path / "out/games/g/index.md").read_text()


def test_the_game_page_says_how_the_game_ended_and_offers_no_orders_page(tmp_path):
    repo = make_repo(tmp_path / "repo")
    make_game(repo, "g")
    generate(tmp_path / "repo/games", tmp_path / "out")
    assert (tmp_path / "out/games/g/orders.md").is_file()
    assert "send your orders" in (tmp_path / "out/games/g/index.md").read_text()
    end_game(repo, "games/g", T0 + hours(1), "ended", reason="the players left")
    generate(tmp_path / "repo/games", tmp_path / "out")
    page = (tmp_path / "out/games/g/index.md").read_text()
    assert "Game over:** ended by the Gamesmaster: the players left (Spring 1901 Movement)" in page
    assert "send your orders" not in page and not (tmp_path / "out/games/g/orders.md").exists()


def test_a_paused_game_shows_no_deadline_and_no_orders_page(tmp_path):
    from judge.store.gm import pause

    repo = make_repo(tmp_path / "repo")
    make_game(repo, "g")
    pause(repo, "games/g", T0 + hours(1))
    generate(tmp_path / "repo/games", tmp_path / "out")
    page = (tmp_path / "out/games/g/index.md").read_text()
    assert "**Next deadline:** none while the game is paused" in page
    assert not (tmp_path / "out/games/g/orders.md").exists()
