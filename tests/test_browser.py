"""The built archive in a real browser (headless Chromium driven by Selenium).

Needs /usr/bin/chromium and /usr/bin/chromedriver (Debian: ``apt-get install chromium
chromium-driver fonts-dejavu-core``); CI installs them. The site is served on 127.0.0.1 only.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
                       reason="needs /usr/bin/chromium and /usr/bin/chromedriver"),
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # noqa: D102 - keep the test output clean
        pass


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    from judge.site.generate import generate
    from judge.site.build import mkdocs_build
    from test_site import make_games

    root = tmp_path_factory.mktemp("browser")
    games = make_games(root)
    generate(games, root / "site-src")
    mkdocs_build(root / "site-src", root / "site")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root / "site")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    profile = tmp_path_factory.mktemp("chromium-profile")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={profile}", "--window-size=1280,1000"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=opts)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def _wait(driver, condition, timeout=10):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def _no_alert(driver):
    from selenium.common.exceptions import NoAlertPresentException

    try:
        alert = driver.switch_to.alert
    except NoAlertPresentException:
        return True
    text = alert.text
    alert.dismiss()
    raise AssertionError(f"an alert opened: {text!r}")


def _loaded(driver, css):
    """The image matching ``css`` has loaded."""
    return driver.execute_script(
        "const i = document.querySelector(arguments[0]); return !!i && i.complete && i.naturalWidth > 0;", css)


def test_game_page_shows_map_chart_and_timeline(browser, site_url):
    from selenium.webdriver.common.by import By

    browser.get(f"{site_url}/games/alpha/index.html")
    _wait(browser, lambda d: _loaded(d, "img.judge-map"))
    assert _loaded(browser, "img.judge-chart")
    links = browser.find_elements(By.CSS_SELECTOR, "table a[href$='.html']")
    assert any(a.text == "Spring 1901 Movement" for a in links)
    assert "Alpha and Omega" in browser.title


def test_phase_page_shows_map_and_results(browser, site_url):
    from selenium.webdriver.common.by import By

    browser.get(f"{site_url}/games/alpha/1901-1-spring-movement.html")
    _wait(browser, lambda d: _loaded(d, "img.judge-map"))
    results = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "span.judge-result") if e.is_displayed()]
    assert results and {"invalid"} <= set(results)
    assert any(w in results for w in ("moved", "held", "bounced"))
    block = browser.find_element(By.CSS_SELECTOR, "pre.judge-results").text
    assert block.startswith("Movement results for Spring of 1901.")


def test_next_and_previous_links(browser, site_url):
    from selenium.webdriver.common.by import By

    browser.get(f"{site_url}/games/alpha/1901-1-spring-movement.html")
    browser.find_element(By.CSS_SELECTOR, "a.judge-next").click()
    _wait(browser, lambda d: d.current_url.endswith("/games/alpha/1901-3-fall-movement.html"))
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Fall 1901 Movement")
    browser.find_element(By.CSS_SELECTOR, "a.judge-next").click()
    _wait(browser, lambda d: d.current_url.endswith("/games/alpha/1901-4-fall-retreat.html"))
    browser.find_element(By.CSS_SELECTOR, "a.judge-prev").click()
    _wait(browser, lambda d: d.current_url.endswith("/games/alpha/1901-3-fall-movement.html"))
    browser.find_element(By.CSS_SELECTOR, "a.judge-prev").click()
    _wait(browser, lambda d: d.current_url.endswith("/games/alpha/1901-1-spring-movement.html"))
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Spring 1901 Movement")


def test_planted_scripts_do_not_run(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    for page in ("games/alpha/1901-1-spring-movement.html", "games/alpha/index.html", "index.html"):
        browser.get(f"{site_url}/{page}")
        _wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        _no_alert(browser)
        assert browser.execute_script("return typeof window.__pwned") == "undefined", page
    browser.get(f"{site_url}/games/alpha/1901-1-spring-movement.html")
    # The orders are shown as the player wrote them, as text.
    codes = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "code.judge-unread")]
    assert "F LON - NTH <script>window.__pwned=1</script>" in codes
    # Press: the text is there, its scripts are not; hovering and clicking everything does nothing.
    press = browser.find_element(By.CSS_SELECTOR, "div.judge-press")
    assert "Hello" in press.text
    for el in press.find_elements(By.CSS_SELECTOR, "*") + browser.find_elements(By.CSS_SELECTOR, "code.judge-unread"):
        if el.is_displayed():
            ActionChains(browser).move_to_element(el).perform()
            if el.tag_name != "a" or el.get_attribute("href"):
                continue
            el.click()
    _no_alert(browser)
    assert browser.execute_script("return typeof window.__pwned") == "undefined"
    # Page errors would show here: none.
    severe = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]
    assert not severe, severe


def test_lightbox_dark_mode_and_mobile_layout(browser, site_url):
    from selenium.webdriver.common.by import By

    browser.get(f"{site_url}/games/alpha/1901-1-spring-movement.html")
    _wait(browser, lambda d: _loaded(d, "img.judge-map"))
    browser.find_element(By.CSS_SELECTOR, "a.glightbox").click()
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".glightbox-container .gslide-image img"))
    src = browser.find_element(By.CSS_SELECTOR, ".glightbox-container .gslide-image img").get_attribute("src")
    assert src.endswith("1901-1-spring-movement/map.svg")  # the lightbox shows the SVG

    browser.get(f"{site_url}/index.html")
    scheme = lambda d: d.execute_script("return document.body.getAttribute('data-md-color-scheme')")  # noqa: E731
    seen = {scheme(browser)}
    for _ in range(3):
        toggle = next(t for t in browser.find_elements(By.CSS_SELECTOR, "label.md-header__button[for^='__palette']") if t.is_displayed())
        toggle.click()
        seen.add(scheme(browser))
    assert {"default", "slate"} <= seen

    browser.set_window_size(400, 800)
    try:
        browser.get(f"{site_url}/games/alpha/index.html")
        drawer = browser.find_element(By.CSS_SELECTOR, "label.md-header__button[for='__drawer']")
        assert drawer.is_displayed()  # Material's mobile layout: the navigation behind a menu button
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 420
    finally:
        browser.set_window_size(1280, 1000)


# -- the example game (games/example), played onward by the judge as `make demo` does -------------

PLANT = "<script>window.__pwned=1</script>"


@pytest.fixture(scope="module")
def example_url(tmp_path_factory):
    """The example game copied into a fresh repository, with a script planted in an order file and
    in press of its current phase (committed, as a merged pull request would be), the phase played
    by the judge, and the site generated and built."""
    import git

    from judge.site.build import mkdocs_build
    from judge.site.generate import generate
    from judge.store import play_due, prepare_demo_repo

    root = tmp_path_factory.mktemp("example")
    repo_dir = prepare_demo_repo(Path(__file__).resolve().parents[1], root / "repo")
    phase = sorted(p for p in (repo_dir / "games" / "example").iterdir() if p.is_dir())[-1]
    france = phase / "orders" / "france.txt"
    france.write_text(france.read_text(encoding="utf-8") + f"A PAR - BUR {PLANT}\n", encoding="utf-8")
    (phase / "press").mkdir(exist_ok=True)
    (phase / "press" / "france.md").write_text(
        f"Hello from Paris.\n\n{PLANT}\n\n<img src=x onerror=\"window.__pwned=2\">\n", encoding="utf-8")
    repo = git.Repo(repo_dir)
    repo.index.add([str(france.relative_to(repo_dir)), str((phase / "press" / "france.md").relative_to(repo_dir))])
    repo.index.commit("France: orders and press")
    assert play_due(repo_dir, force=True)
    generate(repo_dir / "games", root / "site-src")
    mkdocs_build(root / "site-src", root / "site")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root / "site")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/games/example", phase.name
    server.shutdown()
    server.server_close()


def test_example_game_page_shows_the_map(browser, example_url):
    """The example game's page: the current map (loaded), the centre chart, the timeline."""
    from selenium.webdriver.common.by import By

    base, _ = example_url
    browser.get(f"{base}/index.html")
    _wait(browser, lambda d: _loaded(d, "img.judge-map"))
    assert _loaded(browser, "img.judge-chart")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table a[href$='.html']")) >= 7


def test_example_phase_page_shows_the_order_results(browser, example_url):
    """The phase just played: its map, every power's orders with their results in the judges'
    words, the results block in the njudge format."""
    from selenium.webdriver.common.by import By

    base, played = example_url
    browser.get(f"{base}/{played}.html")
    _wait(browser, lambda d: _loaded(d, "img.judge-map"))
    results = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "span.judge-result") if e.is_displayed()}
    assert {"moved", "bounced"} <= results
    assert len(browser.find_elements(By.CSS_SELECTOR, "code.judge-order")) >= 30
    block = browser.find_element(By.CSS_SELECTOR, "pre.judge-results").text
    assert block.startswith("Movement results for") and "(*bounce*)" in block


def test_example_next_and_previous_links(browser, example_url):
    """From the phase played: previous, then next twice, lands where the links say."""
    from selenium.webdriver.common.by import By

    base, played = example_url
    browser.get(f"{base}/{played}.html")
    here = browser.find_element(By.TAG_NAME, "h1").text
    browser.find_element(By.CSS_SELECTOR, "a.judge-prev").click()
    _wait(browser, lambda d: not d.current_url.endswith(f"/{played}.html"))
    assert browser.find_element(By.TAG_NAME, "h1").text != here
    browser.find_element(By.CSS_SELECTOR, "a.judge-next").click()
    _wait(browser, lambda d: d.current_url.endswith(f"/{played}.html"))
    assert browser.find_element(By.TAG_NAME, "h1").text == here
    browser.find_element(By.CSS_SELECTOR, "a.judge-next").click()
    _wait(browser, lambda d: not d.current_url.endswith(f"/{played}.html"))
    assert browser.find_element(By.CSS_SELECTOR, "a.judge-prev").get_attribute("href").endswith(f"/{played}.html")


def test_example_planted_scripts_do_not_run(browser, example_url):
    """A script in an order line and in press (and an onerror handler) is shown as text or
    dropped, never run."""
    from selenium.webdriver.common.by import By

    base, played = example_url
    browser.get(f"{base}/{played}.html")
    _wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    _no_alert(browser)
    assert browser.execute_script("return typeof window.__pwned") == "undefined"
    assert PLANT in browser.find_element(By.TAG_NAME, "body").text  # the order line, shown as text
    press = browser.find_element(By.CSS_SELECTOR, "div.judge-press")
    assert "Hello from Paris." in press.text
    assert not press.find_elements(By.TAG_NAME, "script")
