"""Publishing costs what changed. The generator reads only the games whose folder changed (by
their git tree id, else their files' sizes and times) and gives the same sources as a whole run;
MkDocs then walks only the parts of the sources that changed (the site's own files, a game's
folder) and renders their new and changed pages (a dirty build into the site kept from the last
run), the other pages known without being read; the result is the same site a whole build gives,
search index and sitemap included. Real MkDocs builds of a synthetic archive."""

from __future__ import annotations

import filecmp
import logging
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from judge.site.build import mkdocs_build
from judge.site.generate import generate
from judge.site.incremental import site_parts
from judge.site.synthetic import write_game
from judge.variants import find_variant


def _archive(root: Path, phases_of_first: int, *, others: int = 1) -> Path:
    v = find_variant("standard")
    games = root / "games"
    write_game(games, "first", v, phases=phases_of_first, seed=1, title="First")
    for i in range(others):
        write_game(games, ["second", "third", "fourth"][i], v, phases=6, seed=2 + i, title=f"Game {i + 2}")
    return games


def _age(folder: Path, seconds: float = 3600) -> None:
    """Files written an hour ago (a file written within the last seconds may be written again
    unseen in the same tick of the clock: the generator reads such a game again)."""
    when = time.time() - seconds
    for p in folder.rglob("*"):
        os.utime(p, (when, when), follow_symlinks=False)


def _new_phase(games: Path, root: Path) -> None:
    """One more phase in the first game: its new and changed files copied in, as a commit would."""
    fresh = _archive(root, 7, others=0) / "first"
    for p in sorted(fresh.rglob("*")):
        q = games / "first" / p.relative_to(fresh)
        if p.is_file() and (not q.is_file() or not filecmp.cmp(p, q, shallow=False)):
            q.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, q)


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` but the generator's and the build's own (dot files)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)}


def _search(site: Path) -> set[tuple[str, str]]:
    docs = json.loads((site / "search/search_index.json").read_text())["docs"]
    return {(d["location"], d["title"]) for d in docs}


def _pages(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*.html")}


def test_after_one_new_phase_only_that_game_is_read_and_the_sources_are_a_whole_run_s(tmp_path):
    games = _archive(tmp_path / "a", 6, others=2)
    _age(games)
    src = tmp_path / "src"
    first = generate(games, src)
    assert first.games_kept == 0 and first.rendered == 7 + 7 + 7
    again = generate(games, src)
    assert (again.games_kept, again.rendered, again.written) == (3, 0, 0), again.line()

    _new_phase(games, tmp_path / "b")
    step = generate(games, src)
    assert step.games_kept == 2 and step.rendered == 2, step.line()  # the phase played, the one opened
    whole = generate(games, tmp_path / "whole")
    assert _tree(src) == _tree(tmp_path / "whole")
    assert whole.rendered == step.rendered + step.reused


def test_a_game_s_files_changed_or_gone_are_seen(tmp_path):
    games = _archive(tmp_path / "a", 3)
    _age(games)
    src = tmp_path / "src"
    generate(games, src)
    press = sorted(p for p in (games / "second").iterdir() if p.is_dir())[2] / "gm.md"
    press.write_text("A word from the Gamesmaster.\n")
    _age(press.parent, 1800)  # an edit made a while ago, not in this very tick
    step = generate(games, src)
    assert step.games_kept == 1 and "A word from the Gamesmaster." in (src / "games/second" / f"{press.parent.name}.md").read_text()
    page = src / "games/first/index.md"
    page.unlink()  # an output deleted by hand: the game is rendered again
    assert generate(games, src).games_kept == 1 and page.is_file()
    generate(games, tmp_path / "whole")
    assert _tree(src) == _tree(tmp_path / "whole")


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=repo, check=True,
                   capture_output=True)


def test_in_git_a_game_is_known_by_its_tree_whatever_its_files_times(tmp_path):
    repo = tmp_path / "league"
    games = _archive(repo, 4)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "games")
    src = tmp_path / "src"
    generate(games, src)
    now = time.time()
    for p in games.rglob("*"):
        os.utime(p, (now, now))  # a fresh checkout: every file has a new time
    again = generate(games, src)
    assert again.games_kept == 2 and again.rendered == 0, again.line()

    _new_phase(games, tmp_path / "b")  # not yet committed: that game is read
    assert generate(games, src).games_kept == 1
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "a phase")
    step = generate(games, src)
    assert step.games_kept == 1, step.line()  # committed since: a new tree
    assert generate(games, src).games_kept == 2
    (games / "second" / "notes.md").write_text("untracked\n")
    assert generate(games, src).games_kept == 1, "an untracked file counts"


def test_one_new_phase_renders_only_what_changed_and_gives_the_whole_build_s_site(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setenv("SITE_URL", "https://example.org/league/")  # a sitemap of every page
    kept_src, kept_site = tmp_path / "src", tmp_path / "site"
    games = _archive(tmp_path / "a", 6)
    _age(games)
    generate(games, kept_src)
    first = mkdocs_build(kept_src, kept_site, incremental=True)
    assert first.incremental is False, "nothing kept yet: a whole build"
    before = {rel: p.stat().st_mtime_ns for rel, p in _pages(kept_site).items()}
    assert mkdocs_build(kept_src, kept_site, incremental=True).parts == [], "nothing changed: MkDocs does not run"

    _new_phase(games, tmp_path / "b")
    report = generate(games, kept_src)
    assert report.rendered >= 1
    step = mkdocs_build(kept_src, kept_site, incremental=True)
    assert step.incremental is True and step.parts == ["site", "games/first"], step.parts
    after = _pages(kept_site)
    rewritten = sorted(rel for rel, p in after.items() if rel not in before or p.stat().st_mtime_ns != before[rel])
    assert rewritten and all(rel.startswith("games/first/") or rel in ("index.html", "404.html") for rel in rewritten), rewritten
    assert len(rewritten) < len(after) / 3, "the second game and most of the first were not rendered again"

    # The same site as a whole build of the same sources, byte for byte (the search index too).
    whole = tmp_path / "whole"
    mkdocs_build(kept_src, whole)
    assert _tree(kept_site) == _tree(whole)
    assert len(_search(kept_site)) > len(after)
    sitemap = (kept_site / "sitemap.xml").read_text()
    assert sitemap.count("<loc>") == len(after) - 1, "every page but 404.html"


def test_a_phase_taken_back_rebuilds_that_game_only(tmp_path):
    games = _archive(tmp_path / "a", 5)
    _age(games)
    src, site = tmp_path / "src", tmp_path / "site"
    generate(games, src)
    mkdocs_build(src, site, incremental=True)
    last = sorted(p for p in (games / "first").iterdir() if p.is_dir())[-1]
    shutil.rmtree(last)
    (last.parent / sorted(p.name for p in (games / "first").iterdir() if p.is_dir())[-1] / "results.yaml").unlink()
    generate(games, src)
    step = mkdocs_build(src, site, incremental=True)
    assert step.incremental is True and "games/first" in (step.parts or [])
    assert not (site / "games/first" / f"{last.name}.html").exists(), "the page of the phase taken back is gone"
    whole = tmp_path / "whole"
    mkdocs_build(src, whole)
    assert _tree(site) == _tree(whole)


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


@pytest.mark.parametrize("manifest", ["missing", "broken"])
def test_sources_without_a_manifest_build_whole(tmp_path, manifest):
    games = _archive(tmp_path / "a", 2, others=0)
    src, site = tmp_path / "src", tmp_path / "site"
    generate(games, src)
    if manifest == "missing":
        (src / ".judge-site.json").unlink()
    else:
        (src / ".judge-site.json").write_text("{")
    assert site_parts(src) is None
    mkdocs_build(src, site, incremental=True)
    assert mkdocs_build(src, site, incremental=True).incremental is False
    assert (site / "games/first/index.html").is_file()


def test_a_game_s_job_builds_its_pages_and_the_publishing_job_takes_them(tmp_path, monkeypatch):
    """When a league outgrows one runner: each game's job makes its own game's pages, the
    publishing job takes them and renders only the rest; the site is a whole build's."""
    from click.testing import CliRunner

    from judge.site.commands import site_cmd

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.chdir(tmp_path)
    games = _archive(tmp_path, 5, others=2)
    _age(games)
    cli = CliRunner()

    def judge_site(*args: str) -> str:
        run = cli.invoke(site_cmd, ["--games", str(games), *args], catch_exceptions=False)
        assert run.exit_code == 0, run.output
        return run.output

    judge_site("--build", "--out", "pub/site-src", "--site-dir", "pub/site")
    _new_phase(games, tmp_path / "b")
    _age(games / "first", 1800)  # committed a while ago (in git, its tree id names it at once)
    # The game named by its folder, as `judge due` lists it and the workflow's matrix gives it.
    out = judge_site("--game", str(games / "first"), "--build", "--out", "parts/first/site-src",
                     "--site-dir", "parts/first/site")
    assert "the pages of first rendered" in out and "2 games unchanged" not in out
    job = tmp_path / "parts/first/site"
    assert (job / "games/first/index.html").is_file() and not (job / "games/second").exists()

    out = judge_site("--build", "--out", "pub/site-src", "--site-dir", "pub/site", "--assemble", "parts")
    assert "0 rendered" in out and "3 games unchanged, not read" in out, out
    assert "only the changed pages rendered; the pages of first taken as their jobs built them" in out, out
    judge_site("--build", "--out", "whole/site-src", "--site-dir", "whole/site")
    assert _tree(tmp_path / "pub/site-src") == _tree(tmp_path / "whole/site-src")
    assert _tree(tmp_path / "pub/site") == _tree(tmp_path / "whole/site")

    # A part made from another state of the game is not taken: the publishing job renders it.
    _new_phase(games, tmp_path / "c")
    (games / "first" / "gm.md").write_text("Later words.\n")
    _age(games / "first", 900)
    out = judge_site("--build", "--out", "pub/site-src", "--site-dir", "pub/site", "--assemble", "parts")
    assert "taken as their jobs built them" not in out and "2 games unchanged" in out, out
    assert "part parts/first not taken for first: the game changed after its job built the part; " \
           "its pages rendered here" in out, out
    assert "Later words." in (tmp_path / "pub/site/games/first/index.html").read_text()
    judge_site("--build", "--out", "whole/site-src", "--site-dir", "whole/site")
    assert _tree(tmp_path / "pub/site") == _tree(tmp_path / "whole/site")

    # No per-game job made a part (no game was due): the folder is not there, the build goes on.
    (games / "second" / "gm.md").write_text("Second words.\n")
    _age(games / "second", 900)
    out = judge_site("--build", "--out", "pub/site-src", "--site-dir", "pub/site", "--assemble", "no-parts")
    assert "no per-game part in no-parts: every game's pages are made here" in out, out
    assert "Second words." in (tmp_path / "pub/site/games/second/index.html").read_text()

    # A part whose game changed where the index does not show it: taken, nothing else rendered,
    # and the search index has the part's entries (from the job's index) where a whole build has them.
    (games / "first" / "gm.md").write_text("Even later words.\n")
    _age(games / "first", 600)
    judge_site("--game", "first", "--build", "--out", "parts/first/site-src", "--site-dir", "parts/first/site")
    out = judge_site("--build", "--out", "pub/site-src", "--site-dir", "pub/site", "--assemble", "parts")
    assert "nothing rendered; the pages of first taken as their jobs built them" in out, out
    judge_site("--build", "--out", "whole/site-src", "--site-dir", "whole/site")
    assert _tree(tmp_path / "pub/site") == _tree(tmp_path / "whole/site")
    assert ("games/first/index.html", "First") in _search(tmp_path / "pub/site")


def test_a_game_s_job_names_a_game_of_the_games_folder(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from judge.site.commands import site_cmd

    monkeypatch.chdir(tmp_path)
    games = _archive(tmp_path, 2, others=0)
    (tmp_path / "elsewhere" / "first").mkdir(parents=True)
    run = CliRunner().invoke(site_cmd, ["--games", str(games), "--game", "elsewhere/first"])
    assert run.exit_code != 0 and "is not a game folder of" in str(run.exception), run.output


# -- what the incremental build relies on of MkDocs beyond its plugin events (mkdocs_plugin) ----------
# These pin MkDocs' behaviour, not the judge's: an upgrade of MkDocs that changes it fails here, by
# name, rather than as a site that differs from a whole build.

_PIN_HOOKS = '''
import logging

from mkdocs.structure.files import Files

from judge.site.mkdocs_plugin import KeptPage

said = logging.getLogger("mkdocs.hooks.pin")


def on_pre_build(config):
    said.info("pin: pre_build")


def on_files(files, config):
    said.info("pin: files")
    # A kept page whose source is nowhere: reading it would fail the build.
    return Files(list(files) + [KeptPage("kept.md", config["docs_dir"] + "/nowhere", config["site_dir"], False)])
'''


def _pin_site(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/index.md").write_text("# Home\n\nSee [the kept page](kept.md).\n")
    (tmp_path / "hooks.py").write_text(_PIN_HOOKS)
    (tmp_path / "mkdocs.yml").write_text("site_name: pin\ndocs_dir: docs\nsite_dir: site\nuse_directory_urls: false\n"
                                         "hooks: [hooks.py]\nvalidation:\n  links:\n    not_found: warn\n")
    return tmp_path / "mkdocs.yml"


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _pin_build(tmp_path: Path) -> list[logging.LogRecord]:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    heard, logger = _Records(), logging.getLogger("mkdocs")
    level = logger.level
    logger.addHandler(heard)
    logger.setLevel(logging.INFO)
    try:
        build(load_config(str(_pin_site(tmp_path)), strict=False), dirty=True)
    finally:
        logger.removeHandler(heard)
        logger.setLevel(level)
    return heard.records


def test_mkdocs_dirty_build_neither_reads_nor_renders_a_page_not_modified(tmp_path):
    """KeptPage: a dirty build asks each page's File.is_modified() before reading and rendering
    it; a page that says no is known (the link to it resolves) and never opened."""
    records = _pin_build(tmp_path)
    assert (tmp_path / "site/index.html").is_file() and not (tmp_path / "site/kept.html").exists()
    assert 'href="kept.html"' in (tmp_path / "site/index.html").read_text()
    assert not [r for r in records if r.levelno >= logging.WARNING and r.name != "mkdocs.commands.build"], \
        [r.getMessage() for r in records]


def test_mkdocs_says_once_that_a_build_is_dirty_between_pre_build_and_files(tmp_path):
    """_DirtyNotice: MkDocs' notice of a dirty build is one warning of its build logger, said
    after the pre_build event and before the files event (where the plugin listens for it)."""
    said = [(r.name, r.levelno, r.getMessage()) for r in _pin_build(tmp_path)]
    start, end = said.index(("mkdocs.hooks.pin", logging.INFO, "pin: pre_build")), \
        said.index(("mkdocs.hooks.pin", logging.INFO, "pin: files"))
    warnings = [i for i, (name, level, _) in enumerate(said) if level >= logging.WARNING]
    assert len(warnings) == 1 and start < warnings[0] < end and said[warnings[0]][0] == "mkdocs.commands.build", said


def test_a_build_that_fails_says_what_mkdocs_said_and_leaves_the_logging_as_it_was(tmp_path):
    from judge.core.errors import JudgeError

    src = tmp_path / "src"
    src.mkdir()
    (src / "index.md").write_text("# Home\n\nSee [a page that is not there](gone.md).\n")
    logger = logging.getLogger("mkdocs")
    before = (list(logger.handlers), logger.level, logger.propagate)
    with pytest.raises(JudgeError) as failed:
        mkdocs_build(src, tmp_path / "site")
    said = str(failed.value)
    assert "mkdocs build failed" in said and "'gone.md'" in said and "strict mode" in said, said
    assert (list(logger.handlers), logger.level, logger.propagate) == before
    (src / "index.md").write_text("# Home\n")
    assert mkdocs_build(src, tmp_path / "site").log == ""
    assert (tmp_path / "site/index.html").is_file()


# -- the record of the search index the build keeps with its stamp (judge.site.search) -----------------

def _record(src: Path) -> dict[str, bytes]:
    """The search record the stamp in the sources' folder keeps (its lines after the first)."""
    from judge.site.search import parse_record

    data = (src / ".judge-build.json").read_bytes()
    return {page: bytes(text) for page, text in parse_record(data, data.index(b"\n") + 1).items()}


def test_mkdocs_material_search_writes_its_index_as_the_record_puts_it_together(tmp_path):
    """judge.site.search: Material's search plugin writes its index as Python's compact encoder
    writes ``{"config": ..., "docs": [...]}`` (anything else as its string), each page's entries
    together, in the order of the pages; so a whole build's record of each page's entries, put
    together, is the index it wrote, byte for byte (else the build keeps no record)."""
    from judge.site.search import index_pieces, read_index

    games = _archive(tmp_path / "a", 2)
    src, site = tmp_path / "src", tmp_path / "site"
    generate(games, src)
    mkdocs_build(src, site)
    index, record = read_index(site / "search/search_index.json"), _record(src)
    assert index is not None and len(record) == len(_pages(site)) - 1, "every page but 404.html"
    assert b"".join(index_pieces(index, record.values())) == (site / "search/search_index.json").read_bytes()


def test_after_one_new_phase_the_index_written_from_the_record_and_its_record_are_a_whole_build_s(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    games = _archive(tmp_path / "a", 6)
    _age(games)
    src, site = tmp_path / "src", tmp_path / "site"
    generate(games, src)
    mkdocs_build(src, site, incremental=True)
    _new_phase(games, tmp_path / "b")
    generate(games, src)
    assert mkdocs_build(src, site, incremental=True).incremental is True
    kept = _record(src)
    whole = tmp_path / "whole"
    mkdocs_build(src, whole)  # its stamp, in the same sources' folder, replaces the kept site's
    assert (site / "search/search_index.json").read_bytes() == (whole / "search/search_index.json").read_bytes()
    assert kept == _record(src), "the record of the index written from the record is a whole build's"


@pytest.mark.parametrize("record", ["standing", "index rewritten", "unreadable"])
def test_a_record_is_used_only_while_it_stands_for_the_site_s_index(tmp_path, monkeypatch, record):
    """The build takes the entries of the pages it does not render from the record (tampered
    with here, to show it) only while the site's index is as the build that wrote the record left
    it; else, or when the record cannot be read, from the index itself: the whole build's site."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    games = _archive(tmp_path / "a", 6)
    _age(games)
    src, site = tmp_path / "src", tmp_path / "site"
    generate(games, src)
    mkdocs_build(src, site, incremental=True)
    stamp, *lines = (src / ".judge-build.json").read_text().splitlines()
    if record == "unreadable":
        lines.append("not a line of a record")
    lines = [line.replace('"title":"', '"title":"STALE ') if line.startswith('["games/second/') else line
             for line in lines]
    (src / ".judge-build.json").write_text("\n".join([stamp, *lines]) + "\n")
    index = site / "search/search_index.json"
    if record == "index rewritten":
        index.write_bytes(index.read_bytes())  # the same text, written again: no longer the build's
        os.utime(index, ns=(index.stat().st_atime_ns, index.stat().st_mtime_ns + 1_000_000_000))

    _new_phase(games, tmp_path / "b")
    generate(games, src)
    assert mkdocs_build(src, site, incremental=True).parts == ["site", "games/first"]
    if record == "standing":
        assert '"title":"STALE ' in index.read_text(), "the entries of the pages kept come from the record"
        return
    whole = tmp_path / "whole"
    mkdocs_build(src, whole)
    assert index.read_bytes() == (whole / "search/search_index.json").read_bytes()
