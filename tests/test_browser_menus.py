"""The orders page's menus, in a real browser, for every variant: a player picks a power, gives
each unit an order with the menus (kind, then target, then destination, with the keyboard alone),
sees each order drawn on the map, and the page builds the order file; the judge reads that file
(``judge check``'s reading) with no line that is not followed as written. The games are played by
the judge (:mod:`judge.site.synthetic`), the site is built by MkDocs and served on 127.0.0.1, the
browser is headless Chromium."""

from __future__ import annotations

import functools
import http.server
import random
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from test_browser import CHROMEDRIVER, CHROMIUM, _Quiet, _wait, browser  # noqa: F401 - the fixture

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
                       reason="needs /usr/bin/chromium and /usr/bin/chromedriver"),
]

GAMES = {"standard": 0, "machiavelli": 2, "europe1615": 1, "maharajah": 2}
"""Each variant's game and the phases played before its open phase."""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from judge.site.build import mkdocs_build
    from judge.site.generate import Publishing, generate
    from judge.site.synthetic import write_game
    from judge.variants import find_variant

    root = tmp_path_factory.mktemp("menus")
    games = root / "games"
    for name, phases in GAMES.items():
        write_game(games, name, find_variant(name), phases=phases, seed=3, maps=False)
    generate(games, root / "site-src", publishing=Publishing(repository=("alice", "league")))
    mkdocs_build(root / "site-src", root / "site")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"url": f"http://127.0.0.1:{server.server_address[1]}", "games": games, "root": root}
    server.shutdown()
    server.server_close()


def _choose_by_keyboard(driver, sel, index: int) -> None:
    """Pick the option ``index`` of a menu with the keyboard: focus it, arrow down, confirm."""
    from selenium.webdriver.common.keys import Keys

    sel.send_keys(Keys.HOME)
    for _ in range(index):
        sel.send_keys(Keys.ARROW_DOWN)
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", sel)


@pytest.mark.parametrize("variant", list(GAMES))
def test_the_menus_make_a_legal_file_and_draw_each_order(browser, site, variant):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from judge.store.check import check_orders
    from judge.store.layout import game_on_disk
    from judge.verdict import Verdict

    game = game_on_disk(site["games"] / variant)
    folder = game.current()
    browser.set_window_size(420, 900)  # a phone's width
    browser.get(f"{site['url']}/games/{variant}/orders.html")
    box = browser.find_element(By.ID, "judge-orders")
    powers = [o.get_attribute("value") for o in Select(box.find_element(By.NAME, "power")).options if o.get_attribute("value")]
    rng = random.Random(variant)
    checked = 0
    for stem in powers[:3]:
        Select(box.find_element(By.NAME, "power")).select_by_value(stem)
        rows = box.find_elements(By.CSS_SELECTOR, ".judge-menus .judge-row")
        if not rows:
            continue
        moves = 0
        for row in rows:
            sels = row.find_elements(By.TAG_NAME, "select")
            kinds = Select(sels[0]).options
            pick = rng.randrange(1, len(kinds))
            if "Build" in row.text and "Build" not in kinds[pick].text and len(kinds) > 2:
                pick = 1
            _choose_by_keyboard(browser, sels[0], pick)
            for sel in sels[1:]:
                if sel.is_displayed() and len(Select(sel).options) > 1:
                    _choose_by_keyboard(browser, sel, rng.randrange(1, len(Select(sel).options)))
            moves += Select(sels[0]).first_selected_option.text in ("Move", "Retreat")
        _wait(browser, lambda d: box.get_attribute("data-state") in ("ready", "error", "idle"))
        href = box.find_element(By.CLASS_NAME, "judge-send").get_attribute("href")
        if box.get_attribute("data-state") != "ready":
            continue
        text = parse_qs(urlsplit(href).query)["value"][0]
        power = next(p for p in game.variant.powers if game.order_name(p).split(".")[0] == stem)
        report = check_orders(text, game, folder, power, f"{stem}.txt")
        bad = [str(ln) for ln in report.file.lines if ln.verdict not in (Verdict.ORDER, Verdict.READY)]
        assert not bad, (variant, stem, text, bad)
        assert report.file.orders, text
        # Each order chosen is drawn: an arrow for each move or retreat, a mark for the others.
        drawn = browser.find_elements(By.CSS_SELECTOR, "svg.judge-drawn-orders > *:not(defs)")
        arrows = browser.find_elements(By.CSS_SELECTOR, "svg.judge-drawn-orders line[marker-end]")
        orders = [o for o in text.splitlines() if o and not o.startswith("#")]
        assert len(drawn) >= len([o for o in orders if not o.startswith(("Waive", "Declare", "Alliance", "Armistice",
                                                                            "Surrender", "Neutrality", "Break", "Ally", "Unally"))]), (text, len(drawn))
        assert len(arrows) >= moves
        checked += 1
    assert checked, f"no power of {variant} had orders to choose"


def test_the_page_weight_of_the_largest_variant(site, record_figure):
    """The orders page stays light: its size (with the menus' data) for each variant."""
    sizes = {v: (site["root"] / "site" / "games" / v / "orders.html").stat().st_size for v in GAMES}
    for v, n in sizes.items():
        record_figure(f"orders page weight: {v}", f"{n / 1024:.0f} KB")
    assert max(sizes.values()) < 600 * 1024, sizes
