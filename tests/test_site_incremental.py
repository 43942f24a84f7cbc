"""Publishing costs what changed: after one new phase, MkDocs renders only the new and changed
pages (a dirty build into the site kept from the last run), and the result is the same site a whole
build gives, search index included. Real MkDocs builds of a synthetic archive."""

from __future__ import annotations

import filecmp
import json
import shutil
from pathlib import Path

from judge.site.build import mkdocs_build
from judge.site.generate import generate
from judge.site.synthetic import write_game
from judge.variants import find_variant


def _archive(root: Path, phases_of_first: int) -> Path:
    v = find_variant("standard")
    games = root / "games"
    write_game(games, "first", v, phases=phases_of_first, seed=1, title="First")
    write_game(games, "second", v, phases=6, seed=2, title="Second")
    return games


def _search(site: Path) -> set[tuple[str, str]]:
    docs = json.loads((site / "search/search_index.json").read_text())["docs"]
    return {(d["location"], d["title"]) for d in docs}


def _pages(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*.html")}


def test_one_new_phase_renders_only_what_changed_and_gives_the_whole_build_s_site(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    kept_src, kept_site = tmp_path / "src", tmp_path / "site"
    generate(_archive(tmp_path / "a", 6), kept_src)
    first = mkdocs_build(kept_src, kept_site, incremental=True)
    assert first.incremental is False, "nothing kept yet: a whole build"
    before = {rel: p.stat().st_mtime_ns for rel, p in _pages(kept_site).items()}

    # One more phase in the first game (the same games, written again with a phase more).
    shutil.rmtree(tmp_path / "a")
    games = _archive(tmp_path / "a", 7)
    report = generate(games, kept_src)
    assert report.rendered >= 1
    step = mkdocs_build(kept_src, kept_site, incremental=True)
    assert step.incremental is True
    after = _pages(kept_site)
    rewritten = sorted(rel for rel, p in after.items() if rel not in before or p.stat().st_mtime_ns != before[rel])
    assert rewritten and all(rel.startswith("games/first/") or rel in ("index.html", "404.html") for rel in rewritten), rewritten
    assert len(rewritten) < len(after) / 3, "the second game and most of the first were not rendered again"

    # The same site as a whole build of the same sources.
    whole = tmp_path / "whole"
    mkdocs_build(kept_src, whole)
    assert sorted(_pages(whole)) == sorted(after)
    differ = [rel for rel in after if not filecmp.cmp(after[rel], whole / rel, shallow=False)]
    assert not differ, differ
    assert _search(kept_site) == _search(whole), "the search index covers every page"


def test_a_new_game_or_a_page_gone_builds_everything(tmp_path):
    src, site = tmp_path / "src", tmp_path / "site"
    v = find_variant("standard")
    games = tmp_path / "games"
    write_game(games, "first", v, phases=3, seed=1)
    generate(games, src)
    mkdocs_build(src, site, incremental=True)
    write_game(games, "second", v, phases=3, seed=2)  # the navigation changes
    generate(games, src)
    assert mkdocs_build(src, site, incremental=True).incremental is False
    shutil.rmtree(games / "second")  # its pages go away
    generate(games, src)
    assert mkdocs_build(src, site, incremental=True).incremental is False
    assert not (site / "games" / "second").exists()
    # A site folder that is not the one the stamp describes is built whole.
    shutil.rmtree(site)
    assert mkdocs_build(src, site, incremental=True).incremental is False
