"""``judge init``: a league repository of one's own, on real git repositories in temporary folders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import git
import pytest
import yaml

from judge.core.errors import StoreError
from judge.site.build import pages_url, read_config
from judge.store.league import init_league, judge_requirement, league_files

ROOT = Path(__file__).resolve().parents[1]
REQ = "judge @ git+https://github.com/someone/judge@v9.9.9"


class _Run:
    def __init__(self, proc: subprocess.CompletedProcess[str]) -> None:
        self.exit_code, self.output = proc.returncode, proc.stdout + proc.stderr


def _init(*args: str) -> _Run:
    """``judge init`` as a user runs it: ``python -m judge`` (errors become exit codes)."""
    return _Run(subprocess.run([sys.executable, "-m", "judge", "init", *args], capture_output=True, text=True, timeout=120))


def test_init_writes_the_league_and_commits_it(tmp_path):
    dest = tmp_path / "spring-league"
    run = _init(str(dest), "--name", "Spring League")
    assert run.exit_code == 0, run.output
    files = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file() and ".git/" not in p.as_posix()}
    assert files == {".github/workflows/judge.yml", ".github/workflows/orders.yml", ".github/judge-requirements.txt",
                     "mkdocs.yml", "README.md", "games/README.md", ".gitignore"}
    repo = git.Repo(dest)
    assert not repo.is_dirty(untracked_files=True), "everything committed"
    assert repo.head.commit.message.startswith("New league: Spring League")
    # The workflows are the judge's own, byte for byte: the files the harness runs.
    for name in ("judge.yml", "orders.yml"):
        assert (dest / ".github/workflows" / name).read_bytes() == (ROOT / ".github/workflows" / name).read_bytes()
    # The judge pinned to this version, by tag, from its repository.
    from judge import __version__

    pin = [line for line in (dest / ".github/judge-requirements.txt").read_text().splitlines() if not line.startswith("#")]
    assert pin == [f"judge @ git+https://github.com/diplomacy-judge/judge@v{__version__}"]
    # The site's configuration: the judge's, titled, using the judge plugin.
    config = read_config(dest / "mkdocs.yml")
    assert config["site_name"] == "Spring League" and "judge" in config["plugins"]
    assert "hooks" not in config
    assert "judge new games/" in (dest / "README.md").read_text()


def test_init_refuses_an_existing_league_and_changes_nothing(tmp_path):
    dest = tmp_path / "lg"
    assert _init(str(dest)).exit_code == 0
    (dest / "mkdocs.yml").write_text("site_name: Mine\n")
    before = git.Repo(dest).head.commit.hexsha
    run = _init(str(dest))
    assert run.exit_code == 2 and "already" in run.output and "--upgrade" in run.output
    assert (dest / "mkdocs.yml").read_text() == "site_name: Mine\n"
    assert git.Repo(dest).head.commit.hexsha == before


def test_upgrade_rewrites_only_the_workflows_and_the_pin(tmp_path):
    dest = tmp_path / "lg"
    init_league(dest, title="Old", requirement="judge @ git+https://github.com/someone/judge@v0.0.1")
    (dest / "mkdocs.yml").write_text("site_name: Kept\n")
    (dest / ".github/workflows/judge.yml").write_text("# an old workflow\n")
    repo = git.Repo(dest)
    repo.index.add(["mkdocs.yml", ".github/workflows/judge.yml"])
    repo.index.commit("GM edits")
    written = init_league(dest, title="ignored", requirement=REQ, upgrade=True)
    assert sorted(written) == [".github/judge-requirements.txt", ".github/workflows/judge.yml"]
    assert (dest / "mkdocs.yml").read_text() == "site_name: Kept\n"
    assert REQ in (dest / ".github/judge-requirements.txt").read_text()
    assert not repo.is_dirty(untracked_files=True)
    assert init_league(dest, title="x", requirement=REQ, upgrade=True) == [], "a second upgrade changes nothing"


def test_upgrade_needs_a_league(tmp_path):
    with pytest.raises(StoreError, match="not a league"):
        init_league(tmp_path, title="x", requirement=REQ, upgrade=True)


def test_init_inside_another_repository_is_refused(tmp_path):
    git.Repo.init(tmp_path)
    with pytest.raises(StoreError, match="top of its own repository"):
        init_league(tmp_path / "sub", title="x", requirement=REQ)


@pytest.mark.parametrize("source, expected", [
    ("https://github.com/a/judge", "judge @ git+https://github.com/a/judge@v1.2.3"),
    ("git+https://example.org/j.git", "judge @ git+https://example.org/j.git@v1.2.3"),
])
def test_the_pin(source, expected):
    assert judge_requirement(source, "1.2.3") == expected


def test_a_bad_pin_or_name_is_refused():
    with pytest.raises(StoreError, match="not a repository address"):
        judge_requirement("judge", "1.0")
    with pytest.raises(StoreError, match="1 to 80"):
        league_files("   ", REQ)


def test_a_name_with_quotes_stays_valid_yaml(tmp_path):
    text = league_files('The "Best" League: 2026', REQ).files["mkdocs.yml"].decode()
    assert yaml.safe_load(text.replace("!ENV", ""))["site_name"] == 'The "Best" League: 2026'


@pytest.mark.parametrize("remote, url", [
    ("https://github.com/Alice/spring-league.git", "https://alice.github.io/spring-league/"),
    ("git@github.com:alice/spring-league.git", "https://alice.github.io/spring-league/"),
    ("https://x-access-token:abc@github.com/alice/lg", "https://alice.github.io/lg/"),
    ("https://github.com/alice/alice.github.io.git", "https://alice.github.io/"),
    ("https://gitlab.com/alice/lg.git", ""),
])
def test_the_site_address_is_found_from_the_repository(tmp_path, monkeypatch, remote, url):
    monkeypatch.delenv("GITHUB_REPOSITORY", raising=False)
    repo = git.Repo.init(tmp_path)
    repo.create_remote("origin", remote)
    assert pages_url(tmp_path) == url


def test_in_a_workflow_the_site_address_comes_from_github_repository(tmp_path, monkeypatch):
    monkeypatch.setenv("GITHUB_REPOSITORY", "bob/winter-league")
    assert pages_url(tmp_path) == "https://bob.github.io/winter-league/"
