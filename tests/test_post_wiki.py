"""``judge post --format mediawiki`` (issue 29): a played phase as a wiki page for games run on a
wiki, rendered by a MediaWiki-markup parser from the package index (mwparserfromhell, composed to
HTML by mwcomposerfromhell); and the end of a game in posts and pages: how it ended and the final
centre counts, no next phase."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.core.resolution import Outcome
from judge.record import OrderRecord
from judge.reports import forum_post
from judge.site.gamefiles import read_game

ROOT = Path(__file__).resolve().parents[1]
mw = pytest.importorskip("mwcomposerfromhell")
mwparser = pytest.importorskip("mwparserfromhell")


def _html(text: str) -> str:
    return mw.compose(mwparser.parse(text))


def _post(slug: str, folder: str, **kw):
    game = read_game(ROOT / "games" / slug)
    i = [f.name for f in game.phases].index(folder)
    f, nxt = game.phases[i], game.phases[i + 1]
    return game, forum_post(game.variant, kw.pop("record", f.results), game_title=game.title, slug=slug, phase_folder=folder,
                            base_url="https://alice.github.io/league", before=f.position, after=nxt.position,
                            deadline=nxt.info.deadline, **kw)


def test_a_played_phase_as_a_mediawiki_page_renders_its_orders_table(tmp_path):
    game, post = _post("example", "1901-3-fall-movement")
    html = _html(post.mediawiki)
    record = game.phases[1].results
    assert html.count('<table class="wikitable">') == 2  # the orders, the centres
    assert html.count("<tr>") >= len(record.orders) + 1
    assert "<td> Army Burgundy -&gt; Belgium </td>" in html  # an order as the judges write it, in its cell
    assert 'href="https://alice.github.io/league/games/example/1901-3-fall-movement/map.png"' in html
    assert "<b>Next:</b>" in html and "Deadline:" in html
    assert "<h2>" in html and "What happened" in html


def test_player_text_on_the_wiki_page_opens_no_link_template_or_tag():
    game, _ = _post("example", "1901-3-fall-movement")
    record = game.phases[1].results
    hostile = OrderRecord("France", "[[Special:Block]] {{delete}} <script>x</script> || '''", "", Outcome.INVALID, "x")
    _, post = _post("example", "1901-3-fall-movement", record=dataclasses.replace(record, orders=record.orders + (hostile,)))
    html = _html(post.mediawiki)
    assert "<script>" not in html and "Special:Block" in html and "{{delete}}" in html
    assert 'href="Special' not in html and "/wiki/Special" not in html


def test_the_end_of_a_game_in_posts_and_pages(tmp_path):
    """A game ended by the Gamesmaster (a draw): the post of its last played phase says so, with
    the final centre counts, and announces no next phase; so do the last pages of the site."""
    games = tmp_path / "games"
    shutil.copytree(ROOT / "games" / "example", games / "example")
    settings = games / "example" / "game.yaml"
    settings.write_text(settings.read_text().replace("status: paused", "status: finished")
                        + "ended: {how: draw, phase: Fall 1902 Movement, powers: [England, France, Germany]}\n")
    from judge.cli import cli

    out = CliRunner().invoke(cli, ["post", str(games / "example"), "--base-url", "https://x", "--format", "mediawiki"])
    assert out.exit_code == 0, out.output
    assert "The game is over: a draw between England, France, Germany, by their votes" in out.output
    assert "Next:" not in out.output
    for fmt in ("bbcode", "markdown"):
        text = CliRunner().invoke(cli, ["post", str(games / "example"), "--base-url", "https://x", "--format", fmt]).output
        assert "The game is over: a draw between England" in text and "Final supply centres: " in text
        assert "Next:" not in text and "Deadline" not in text
    from judge.site.generate import generate

    generate(games, tmp_path / "src")
    last_played = (tmp_path / "src" / "games" / "example" / "1902-1-spring-movement.md").read_text()
    open_one = (tmp_path / "src" / "games" / "example" / "1902-3-fall-movement.md").read_text()
    assert "**The game is over: a draw between England, France, Germany, by their votes" in last_played
    assert "The next phase is" not in last_played
    assert "**The game is over: a draw" in open_one and "Orders are due by" not in open_one
