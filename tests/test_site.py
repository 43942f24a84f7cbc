"""The published archive: Markdown generation, incrementality, escaping, and the MkDocs build."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.core.errors import JudgeError
from judge.site.charts import line_chart
from judge.site.commands import post_cmd, site_cmd
from judge.escape import md_escape, press_html, sanitize_html
from judge.site.generate import MANIFEST_NAME, NAV_NAME, TEMPLATES_DIR, generate
from judge.site.build import DEFAULT_CONFIG, mkdocs_build
from judge.site.synthetic import write_game
from judge.variants import find_variant

PWN = "window.__pwned=1"

PRESS = f"""**Hello** from London. A [fair link](https://example.org/news).

<script>{PWN}</script>
<img src=x onerror="{PWN}">
[click](javascript:{PWN})
[tab](java\tscript:{PWN})
![x](nonexistent.png){{: onerror="{PWN}"}}
<a href="https://example.org" onclick="{PWN}">ok link</a>
<iframe src="javascript:{PWN}"></iframe>
[relative](missing-page.md) and [anchor](#nowhere)
<div markdown="1">*inside*</div>
<style>body {{ display: none }}</style>
"""

BAD_ORDERS = f"""F LON - NTH <script>{PWN}</script>
A LVP - [x](javascript:{PWN}){{: onclick="{PWN}"}}
A EDI | <img src=x onerror={PWN}> `code` **bold** &amp; {{: .x}}
"""

def make_games(root: Path) -> Path:
    """Two games: 'alpha' (9 phases, maps, press and orders with payloads, Gamesmaster's notes) and
    'beta' (3 phases, no maps, won)."""
    v = find_variant("standard")
    games = root / "games"
    players = {p: f"player-{p.lower()}" for p in v.powers}
    alpha = write_game(games, "alpha", v, phases=9, seed=4, title="Alpha & <b>Omega</b>", players=players,
                       press={0: {"england-to-all.md": PRESS}, 9: {"france.md": "Still here. `<script>`"}},
                       extra_orders={0: {"england.txt": BAD_ORDERS}})
    (alpha / "gm.md").write_text("The **Gamesmaster** welcomes you.\n", encoding="utf-8")
    (alpha / "1901-1-spring-movement" / "gm.md").write_text("A quiet *opening*.\n", encoding="utf-8")
    beta = write_game(games, "beta", v, phases=3, seed=2, maps=False, leave_current=False, status="finished")
    last = sorted(p for p in beta.iterdir() if p.is_dir())[-1]
    data = yaml.safe_load((last / "results.yaml").read_text())
    data.update(winner="France", next_phase=None, next_folder=None)
    (last / "results.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return games


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Games, their generated sources and the built site."""
    root = tmp_path_factory.mktemp("archive")
    games = make_games(root)
    report = generate(games, root / "site-src")
    mkdocs_build(root / "site-src", root / "site")
    return root, report


def _page(root: Path, rel: str) -> str:
    return (root / "site" / rel).read_text(encoding="utf-8")


# -- generation -----------------------------------------------------------------------------------


def test_sources_are_plain_markdown_files_and_images(built):
    root, report = built
    src = root / "site-src"
    assert report.games == 2 and report.phases == 10 + 3 and report.rendered == 13
    alpha = src / "games" / "alpha"
    phases = sorted(p.name for p in (root / "games" / "alpha").iterdir() if p.is_dir())
    for name in phases:
        assert (alpha / f"{name}.md").is_file()
    assert (alpha / "1901-1-spring-movement" / "map.png").is_file()
    assert (alpha / "1901-1-spring-movement" / "map.svg").is_file()
    assert (alpha / "centres.svg").is_file() and (alpha / "index.md").is_file()
    assert (src / "index.md").is_file() and (src / "assets" / "judge.css").is_file()
    nav = yaml.safe_load((src / NAV_NAME).read_text())
    assert nav[0] == {"All games": "index.md"}
    assert {"Alpha and Omega": "games/alpha/index.md"} in nav[1]["Games"]
    page = (alpha / "1901-1-spring-movement.md").read_text()
    assert page.startswith("---\ntitle: ")
    assert "[Fall 1901 Movement →](1901-3-fall-movement.md){ .judge-next }" in page


def test_generation_is_deterministic(tmp_path):
    games = make_games(tmp_path)
    generate(games, tmp_path / "a")
    generate(games, tmp_path / "b")
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        if rel.name != MANIFEST_NAME:
            assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_incremental_runs_render_only_what_changed(tmp_path):
    v = find_variant("standard")
    games = tmp_path / "games"
    write_game(games, "g", v, phases=6, seed=7)
    out = tmp_path / "site-src"
    first = generate(games, out)
    assert first.rendered == 7 and first.reused == 0
    pages = {p: p.stat().st_mtime_ns for p in out.rglob("*.md")}

    again = generate(games, out)
    # Nothing changed: at most the phase still open is rendered again (when the game's files are
    # too recent for their times to be trusted, the game is read again), and nothing is written.
    assert again.rendered + again.reused == 7 and again.rendered <= 1
    assert again.written == 0
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.md")} == pages

    # The open phase is adjudicated and the next one opens (the same game, one phase further).
    write_game(games, "g", v, phases=7, seed=7)
    step = generate(games, out)
    assert step.rendered == 2 and step.reused == 6
    finished_before = sorted(out.glob("games/g/*.md"))[:5]
    for p in finished_before:
        if p.name != "index.md":
            assert p.stat().st_mtime_ns == pages[p], p

    # A change in a finished phase's folder renders that phase (and the one before, whose page
    # shows the deadline and position that follow it) again.
    first_folder = sorted(p for p in (games / "g").iterdir() if p.is_dir())[1]
    (first_folder / "gm.md").write_text("Late words from the Gamesmaster.\n")
    touched = generate(games, out)
    assert touched.rendered == 2
    assert "Late words from the Gamesmaster." in (out / "games" / "g" / f"{first_folder.name}.md").read_text()

    # A phase's output deleted by hand comes back.
    victim = out / "games" / "g" / f"{first_folder.name}.md"
    victim.unlink()
    generate(games, out)
    assert victim.is_file()


def test_a_new_generator_renders_everything_again(tmp_path):
    v = find_variant("standard")
    write_game(tmp_path / "games", "g", v, phases=3, seed=1, maps=False)
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES_DIR, templates)
    generate(tmp_path / "games", tmp_path / "out", templates_dir=templates)
    assert generate(tmp_path / "games", tmp_path / "out", templates_dir=templates).rendered == 1
    phase = templates / "site" / "phase.md.j2"
    phase.write_text(phase.read_text() + "\n<!-- changed -->\n")
    assert generate(tmp_path / "games", tmp_path / "out", templates_dir=templates).rendered == 4


def test_files_of_removed_games_are_removed(tmp_path):
    v = find_variant("standard")
    write_game(tmp_path / "games", "keep", v, phases=2, seed=1)
    write_game(tmp_path / "games", "drop", v, phases=2, seed=2)
    out = tmp_path / "out"
    generate(tmp_path / "games", out)
    assert (out / "games" / "drop" / "index.md").is_file()
    shutil.rmtree(tmp_path / "games" / "drop")
    report = generate(tmp_path / "games", out)
    assert report.removed > 0
    assert not (out / "games" / "drop").exists()
    assert (out / "games" / "keep" / "index.md").is_file()


def test_a_bad_game_folder_name_is_refused(tmp_path):
    """A folder no game may be named is reported, and gets no page; the other games are published."""
    v = find_variant("standard")
    write_game(tmp_path / "games", "bad name", v, phases=1, seed=1)
    write_game(tmp_path / "games", "good", v, phases=1, seed=1)
    report = generate(tmp_path / "games", tmp_path / "out")
    assert len(report.broken) == 1 and "'bad name'" in report.broken[0]
    assert not (tmp_path / "out" / "games" / "bad name").exists()
    assert (tmp_path / "out" / "games" / "good" / "index.md").is_file()


def test_press_that_is_not_utf8_breaks_only_its_game(tmp_path):
    """A press file that is not UTF-8 is reported where it lies, like any unreadable file of a game;
    the other games are published."""
    v = find_variant("standard")
    bad = write_game(tmp_path / "games", "bad", v, phases=1, seed=1)
    write_game(tmp_path / "games", "good", v, phases=1, seed=1)
    first = sorted(p for p in bad.iterdir() if p.is_dir())[0]
    (first / "gm.md").write_bytes(b"caf\xe9\n")
    report = generate(tmp_path / "games", tmp_path / "out")
    assert len(report.broken) == 1 and "gm.md:1: not UTF-8 text" in report.broken[0], report.broken
    assert (tmp_path / "out" / "games" / "good" / "index.md").is_file()


def test_treasury_chart_when_positions_carry_money(tmp_path):
    """A variant whose positions keep money (Machiavelli): its treasury section gives the game
    page a chart; a variant without (the standard game) has none."""
    write_game(tmp_path / "games", "money", find_variant("machiavelli"), phases=4, seed=3, maps=False)
    write_game(tmp_path / "games", "plain", find_variant("standard"), phases=3, seed=3, maps=False)
    generate(tmp_path / "games", tmp_path / "out")
    svg = (tmp_path / "out" / "games" / "money" / "treasury.svg").read_text()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f".//{ns}g[@id='series-florence']") is not None
    assert "treasury.svg" in (tmp_path / "out" / "games" / "money" / "index.md").read_text()
    assert not (tmp_path / "out" / "games" / "plain" / "treasury.svg").exists()


def test_line_chart_is_a_deterministic_svg():
    args = ("Supply centres", ["1901", "", "1902"], {"France": [3, 5, 6], "Italy": [3, None, 2]},
            {"France": "#4fb3e8", "Italy": "#3f9a3f"})
    svg = line_chart(*args, target=18, target_label="18 to win")
    assert svg == line_chart(*args, target=18, target_label="18 to win")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    assert len(root.findall(f".//{ns}g[@id='series-france']/{ns}polyline")) == 1
    # A gap: Italy's line is a dot, then nothing more to join to.
    assert len(root.findall(f".//{ns}g[@id='series-italy']/{ns}circle")) == 2
    assert root.find(f".//{ns}line[@id='target']") is not None


# -- escaping -------------------------------------------------------------------------------------


def test_md_escape_leaves_no_markup():
    import markdown

    payloads = ("<script>x</script>", "[a](javascript:x)", "![i](x.png){: onerror=y}", "`code`", "**b**", "_i_",
                "a | b", "&lt;", "line\nbreak", "<http://x>", "# h", "1. x", "- x", "+ x", "> q", "!!! note",
                "---", "===", "    indented", "a\n---")
    for payload in payloads:
        # Alone on a line (the worst case), in a table cell, and inside a sentence.
        for doc in (md_escape(payload), f"| a |\n|---|\n| {md_escape(payload)} |", f"Say {md_escape(payload)} now."):
            out = markdown.markdown(doc, extensions=["tables", "attr_list", "admonition", "toc"])
            tags = set(re.findall(r"<([a-z0-9]+)", out)) - {"p", "table", "thead", "tbody", "tr", "th", "td"}
            assert not tags, (payload, out)


def test_press_is_sanitized():
    out = press_html(PRESS)
    assert "<strong>Hello</strong>" in out
    assert '<a href="https://example.org/news" rel="nofollow noopener">fair link</a>' in out
    scan = _Scan()
    scan.feed(out)
    assert not scan.scripts and not scan.handlers and not scan.js_links
    assert not {"img", "iframe", "style", "div"} & set(scan.tags)
    for bad in ('href="missing-page.md"', 'href="#nowhere"', "markdown="):
        assert bad not in out, bad
    assert sanitize_html("<p>a<b>b</p>c") == "<p>a<b>b</b></p>c"


def test_gm_notes_are_sanitized_like_press_not_published_as_raw_html(tmp_path):
    """Defect: ``gm.md`` (the game's and each phase's) went onto the pages as raw HTML, so a
    ``<script>`` in it ran, while press was sanitised. Now both go through :func:`press_html`."""
    v = find_variant("standard")
    game = write_game(tmp_path / "games", "g", v, phases=1, seed=1, maps=False)
    first = sorted(p for p in game.iterdir() if p.is_dir())[0]
    notes = (f"The **Gamesmaster** speaks. A [fair link](https://example.org/news).\n\n<script>{PWN}</script>\n"
             f"<img src=x onerror=\"{PWN}\">\n<p onmouseover=\"{PWN}\">hover</p>\n[click](javascript:{PWN})\n"
             f"<a href=\"javascript:{PWN}\">link</a> <a href=\" JaVaScRiPt:{PWN}\" onclick=\"{PWN}\">ok</a>\n")
    (game / "gm.md").write_text(notes, encoding="utf-8")
    (first / "gm.md").write_text(notes, encoding="utf-8")
    generate(tmp_path / "games", tmp_path / "out")
    for page in (tmp_path / "out" / "games" / "g" / "index.md", tmp_path / "out" / "games" / "g" / f"{first.name}.md"):
        text = page.read_text(encoding="utf-8")
        gm = text.split('<div class="judge-gm">', 1)[1].split("</div>", 1)[0]
        assert "<strong>Gamesmaster</strong>" in gm and 'href="https://example.org/news"' in gm, gm
        scan = _Scan()
        scan.feed(gm)
        assert not scan.scripts and not scan.handlers and not scan.js_links, gm
        low = text.lower()
        for bad in ("<script", "onerror", "onclick", "onmouseover", "javascript:", "<img", PWN):
            assert bad not in low, (page.name, bad)


# -- the built site -------------------------------------------------------------------------------


class _Scan(HTMLParser):
    """Scripts, event handler attributes and javascript: links of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.in_script = False
        self.scripts: list[str] = []
        self.handlers: list[str] = []
        self.js_links: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "script":
            self.in_script = True
            self.scripts.append(dict(attrs).get("src") or "")
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"{name}={value}")
            if name in ("href", "src", "action", "formaction") and value and re.sub(r"\s", "", value).lower().startswith("javascript:"):
                self.js_links.append(value)

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script:
            self.scripts[-1] += data


def test_the_site_builds_strictly_with_every_page(built):
    root, _ = built
    site = root / "site"
    assert (site / "index.html").is_file() and (site / "search" / "search_index.json").is_file()
    for md in (root / "site-src").rglob("*.md"):
        assert (site / md.relative_to(root / "site-src")).with_suffix(".html").is_file(), md


def test_index_lists_the_games(built):
    root, _ = built
    html = _page(root, "index.html")
    assert 'href="games/alpha/index.html"' in html and 'href="games/beta/index.html"' in html
    assert "Standard Diplomacy" in html and "Current phase" in html and "Next deadline (UTC)" in html
    assert re.search(r"<td>\d{4}-\d\d-\d\d \d\d:\d\d UTC</td>", html)
    # The navigation written by the generator (read by the hook): the games, not the phases.
    nav = html[html.index('<nav class="md-nav md-nav--primary"'):]
    nav = nav[:nav.index("</nav>")]
    assert "All games" in nav and "Alpha and Omega" in nav and "1901-1-spring-movement" not in nav
    # Material: search, light/dark toggle, lightbox.
    assert 'data-md-component="search"' in html
    assert 'data-md-color-scheme="slate"' in html and "Switch to dark mode" in html
    assert "glightbox" in _page(root, "games/alpha/1901-1-spring-movement.html")


def test_game_page(built):
    root, _ = built
    html = _page(root, "games/alpha/index.html")
    assert "Players" in html and "player-france" in html
    assert '<img alt="Supply centres of each power over the phases"' in html and 'src="centres.svg"' in html
    assert "Timeline" in html and 'href="1901-1-spring-movement.html"' in html
    assert "<strong>Gamesmaster</strong>" in html  # the Gamesmaster's Markdown is rendered
    assert "Alpha &amp; &lt;b&gt;Omega&lt;/b&gt;" in html  # the title is shown as text
    beta = _page(root, "games/beta/index.html")
    assert "Winner" in beta and "France" in beta and "No map has been drawn yet." in beta


def test_phase_page(built):
    root, _ = built
    html = _page(root, "games/alpha/1901-1-spring-movement.html")
    assert '<img alt="Map: Spring 1901 Movement"' in html and 'src="1901-1-spring-movement/map.png"' in html
    assert 'href="1901-1-spring-movement/map.svg"' in html
    assert 'class="judge-next" href="1901-3-fall-movement.html"' in html
    assert "Orders and results" in html and "What happened" in html
    assert re.search(r'<span class="judge-result judge-\w+">(bounced|moved|held)', html)
    assert "Movement results for Spring of 1901." in html and "judge-results" in html
    assert "<em>opening</em>" in html  # the phase's gm.md
    assert "<strong>Hello</strong>" in html  # press, sanitized
    later = _page(root, "games/alpha/1901-3-fall-movement.html")
    assert 'class="judge-prev" href="1901-1-spring-movement.html"' in later
    assert "Ownership of supply centers:" not in later  # centres change after the Fall's retreats
    retreat = _page(root, "games/alpha/1901-4-fall-retreat.html")
    assert "Retreat results for Fall of 1901." in retreat and "Ownership of supply centers:" in retreat
    moved = _page(root, "games/alpha/1901-3-fall-movement.html")
    assert "May retreat to" in moved  # the movement before a retreat lists the dislodged units
    beta = sorted((root / "site" / "games" / "beta").glob("*.html"))
    assert "No map was drawn for this phase." in beta[0].read_text()
    assert "France has won the game." in beta[-2].read_text() or "France has won the game." in beta[-1].read_text()


def test_nothing_a_player_wrote_becomes_markup(built):
    root, _ = built
    for page in (root / "site" / "games").rglob("*.html"):
        scan = _Scan()
        scan.feed(page.read_text(encoding="utf-8"))
        assert not [s for s in scan.scripts if "__pwned" in s], page
        assert not [h for h in scan.handlers if "__pwned" in h], page
        assert not scan.js_links, page
        assert "iframe" not in scan.tags and "style" not in scan.tags[scan.tags.index("body"):], page
    html = _page(root, "games/alpha/1901-1-spring-movement.html")
    # The orders a player wrote are shown, as text.
    assert "F LON - NTH &lt;script&gt;window.__pwned=1&lt;/script&gt;" in html
    assert "[x](javascript:window.__pwned=1){: onclick=" in html
    assert "&lt;img src=x onerror=window.__pwned=1&gt; `code` **bold** &amp;amp; {: .x}" in html
    title = re.search(r"<title>(.*?)</title>", _page(root, "games/alpha/index.html")).group(1)
    assert "<b>" not in title


def test_offline_build_works_from_files(tmp_path, built):
    root, _ = built
    mkdocs_build(root / "site-src", tmp_path / "site", offline=True)
    assert (tmp_path / "site" / "search" / "search_index.js").is_file()
    assert 'href="games/alpha/index.html"' in (tmp_path / "site" / "index.html").read_text()


# -- commands -------------------------------------------------------------------------------------


def test_site_command(tmp_path):
    v = find_variant("standard")
    write_game(tmp_path / "games", "g", v, phases=2, seed=1)
    run = CliRunner().invoke(site_cmd, ["--games", str(tmp_path / "games"), "--out", str(tmp_path / "src"),
                                        "--config", str(DEFAULT_CONFIG)], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    assert "1 games, 3 phases: 3 rendered" in run.output
    assert (tmp_path / "src" / "games" / "g" / "index.md").is_file()


def test_post_command(tmp_path, monkeypatch):
    v = find_variant("standard")
    game = write_game(tmp_path / "games", "g", v, phases=2, seed=1)
    monkeypatch.setenv("SITE_URL", "https://example.org/archive/")
    run = CliRunner().invoke(post_cmd, [str(game), "--config", str(DEFAULT_CONFIG)], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    assert run.output.startswith("[b]G: Fall 1901 Movement results[/b]")
    assert "[img]https://example.org/archive/games/g/1901-3-fall-movement/map.png[/img]" in run.output
    run = CliRunner().invoke(post_cmd, [str(game), "Spring 1901 Movement", "--format", "markdown",
                                        "--base-url", "https://x.test", "--tz", "Asia/Tokyo"], catch_exceptions=False)
    assert "```text\nMovement results for Spring of 1901." in run.output
    assert "(https://x.test/games/g/1901-1-spring-movement/map.png)" in run.output
    assert "JST" in run.output
    monkeypatch.delenv("SITE_URL")
    run = CliRunner().invoke(post_cmd, [str(game), "--config", str(DEFAULT_CONFIG)])
    assert isinstance(run.exception, JudgeError) and "SITE_URL" in str(run.exception)
    run = CliRunner().invoke(post_cmd, [str(game), "1950-1-spring-movement", "--base-url", "https://x.test"])
    assert isinstance(run.exception, JudgeError)


EXAMPLE = Path(__file__).resolve().parents[1] / "games" / "example"


@pytest.mark.skipif(not (EXAMPLE / "game.yaml").is_file(), reason="no bundled example game")
def test_the_bundled_example_game_publishes(tmp_path):
    games = tmp_path / "games"
    shutil.copytree(EXAMPLE, games / "example")
    report = generate(games, tmp_path / "src")
    assert report.games == 1 and report.phases >= 1
    mkdocs_build(tmp_path / "src", tmp_path / "site")
    html = (tmp_path / "site" / "games" / "example" / "index.html").read_text()
    assert "Timeline" in html and "centres.svg" in html
    finished = [p for p in sorted((games / "example").iterdir()) if (p / "results.yaml").is_file()]
    for folder in finished:
        page = (tmp_path / "site" / "games" / "example" / f"{folder.name}.html").read_text()
        assert "Orders and results" in page and "judge-results" in page, folder.name
