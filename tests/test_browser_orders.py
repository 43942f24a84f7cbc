"""Orders from the site, in a real browser: a player picks a power on a game's orders page, writes
orders, and the page builds the link that opens GitHub's editor with the order file filled in. In a
sealed game the page seals them in the browser (age, served from the site) and the judge opens them
with the game's identity. The game repositories are real (gitpython), the site is built by MkDocs
and served on 127.0.0.1, the browser is headless Chromium."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from test_browser import CHROMEDRIVER, CHROMIUM, _Quiet, _wait, browser  # noqa: F401 - the fixture
from test_store_helpers import PLAYERS, make_game, make_repo

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
                       reason="needs /usr/bin/chromium and /usr/bin/chromedriver"),
]

S01 = "1901-1-spring-movement"


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    """A league on 'GitHub' (its origin remote) with a public and a sealed game, its site built and served."""
    from judge.site.build import mkdocs_build
    from judge.site.commands import _publishing
    from judge.site.generate import generate

    root = tmp_path_factory.mktemp("orders-site")
    repo = make_repo(root / "repo")
    repo.create_remote("origin", "https://github.com/alice/spring-league.git")
    make_game(repo, "open")
    sealed = make_game(repo, "secret", sealed=True)
    games = root / "repo" / "games"
    generate(games, root / "site-src", publishing=_publishing(str(games), Path("nowhere.yml"), {}))
    mkdocs_build(root / "site-src", root / "site")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"url": f"http://127.0.0.1:{server.server_address[1]}", "identity": sealed.identity, "repo": repo}
    server.shutdown()
    server.server_close()


def _fill(driver, url: str, power: str, orders: str, ready: bool) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(url)
    box = driver.find_element(By.ID, "judge-orders")
    Select(box.find_element(By.NAME, "power")).select_by_value(power)
    box.find_element(By.NAME, "orders").send_keys(orders)
    if ready:
        box.find_element(By.NAME, "ready").click()
    _wait(driver, lambda d: box.get_attribute("data-state") in ("ready", "error"))
    assert box.get_attribute("data-state") == "ready", box.find_element(By.CLASS_NAME, "judge-status").text
    assert "F BRE" in box.find_element(By.CLASS_NAME, "judge-units").text or power != "france"
    return box.find_element(By.CLASS_NAME, "judge-send").get_attribute("href")


def test_a_public_game_s_orders_page_opens_github_with_the_file_filled_in(browser, league):
    # The game page links to the orders page.
    from selenium.webdriver.common.by import By

    browser.get(f"{league['url']}/games/open/index.html")
    link = browser.find_element(By.PARTIAL_LINK_TEXT, "send your orders")
    href = _fill(browser, link.get_attribute("href"), "france", "A Par - Bur\nF Bre - Mid-Atlantic Ocean", ready=True)
    parts = urlsplit(href)
    assert f"{parts.scheme}://{parts.netloc}" == "https://github.com"
    assert unquote(parts.path) == f"/alice/spring-league/new/main/games/open/{S01}/orders"
    query = parse_qs(parts.query)
    assert query["filename"] == ["france.txt"]
    assert query["value"] == ["A Par - Bur\nF Bre - Mid-Atlantic Ocean\n# ready\n"]
    # The file the player would commit is read by the judge as intended, ready.
    from judge.store.check import check_orders
    from judge.store.layout import Game, GitTree

    game = Game.load(GitTree(league["repo"].head.commit), "games/open")
    report = check_orders(query["value"][0], game, S01, "France", "france.txt")
    assert report.problems == 0, str(report)
    assert "marked ready ('# ready'): yes" in str(report)


def test_a_sealed_game_s_orders_are_sealed_in_the_browser_and_the_judge_opens_them(browser, league):
    from judge.sealing import unseal

    href = _fill(browser, f"{league['url']}/games/secret/orders.html", "turkey", "F Ank - Bla\nA Con - Bul", ready=False)
    query = parse_qs(urlsplit(href).query)
    assert query["filename"] == ["turkey.txt.age"]
    sealed = query["value"][0]
    assert sealed.startswith("-----BEGIN AGE ENCRYPTED FILE-----") and "F Ank" not in sealed
    opened = unseal(sealed.encode(), [league["identity"]], "turkey.txt.age")
    assert (opened.game, opened.phase, opened.power) == ("secret", S01, "Turkey")
    assert opened.text.endswith("F Ank - Bla\nA Con - Bul\n")
    # Nothing in the site names a third-party address for the script.
    page = browser.page_source
    # The age library is the site's own copy: no script comes from another host (a CDN). (The
    # page holds the game's recipient, random text that may spell anything, so look at scripts.)
    scripts = re.findall(r"<script[^>]*\bsrc=\"([^\"]+)\"", page)
    assert any(s.endswith("assets/vendor/age-encryption.js") for s in scripts), scripts
    assert not [s for s in scripts if s.startswith(("http:", "https:", "//"))], scripts


def test_without_a_known_repository_the_page_says_what_to_set(tmp_path):
    from judge.site.generate import Publishing, generate

    repo = make_repo(tmp_path / "repo")
    make_game(repo, "open")
    generate(tmp_path / "repo" / "games", tmp_path / "site-src", publishing=Publishing())
    text = (tmp_path / "site-src/games/open/orders.md").read_text()
    assert "repo_url" in text and '"repository": ""' in text
    assert len(PLAYERS) == 7
