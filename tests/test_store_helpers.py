"""Helpers for the game-repository tests: real git repositories in temporary folders."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import git
import pytest

from judge.store.pr import accept, check_pr
from judge.store.settings import parse_time
from judge.store.tick import create_game, new_game
from judge.store.transaction import PlannedCommit, build_commits

T0 = parse_time("2025-01-06T22:00:00Z")
"""When the test games open (a Monday, 22:00 UTC): Spring 1901's deadline is T0 + 72 hours."""

PLAYERS = {"Austria": "anna", "England": "ed", "France": "fran", "Germany": "gus", "Italy": "ida",
           "Russia": "rus", "Turkey": "tom"}


def hours(n: float):
    return timedelta(hours=n)


def make_repo(path: Path) -> git.Repo:
    """An empty repository with one commit on ``main``."""
    path.mkdir(parents=True, exist_ok=True)
    repo = git.Repo.init(path, initial_branch="main")
    with repo.config_writer() as cw:
        cw.set_value("user", "name", "tester")
        cw.set_value("user", "email", "tester@example.invalid")
        cw.set_value("commit", "gpgsign", "false")
    (path / "README.md").write_text("games\n")
    repo.git.add("README.md")
    repo.git.commit("-q", "-m", "init")
    return repo


def make_game(repo: git.Repo, slug: str = "g", *, sealed: bool = False, players=None, now=T0):
    """A committed standard game; returns the NewGame (with the identity when sealed)."""
    game = new_game(f"games/{slug}", "standard", now=now, players=PLAYERS if players is None else players,
                    sealed=sealed)
    create_game(repo, game, commit=True, now=now)
    return game


def pr_commit(repo: git.Repo, files: dict[str, bytes | None], *, symlinks: dict[str, str] | None = None,
              renames: dict[str, str] | None = None, branch: str = "pr") -> str:
    """A pull request's head: a commit on a branch off main with ``files`` written (None: deleted),
    ``symlinks`` made and ``renames`` done. The checkout is back on main afterwards."""
    if not symlinks and not renames:
        # Plain files: build the commit as objects only (quicker than checking a branch out).
        plan = PlannedCommit("orders", {p: d for p, d in files.items() if d is not None},
                             deletions=tuple(p for p, d in files.items() if d is None))
        return build_commits(repo, [plan], T0)[0]
    root = Path(repo.working_tree_dir)
    repo.git.checkout("-q", "-B", branch, "main")
    try:
        for rel, data in files.items():
            target = root / rel
            if data is None:
                repo.git.rm("-q", rel)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            repo.git.add("--", rel)
        for rel, dest in (symlinks or {}).items():
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(dest, target)
            repo.git.add("--", rel)
        for old, new in (renames or {}).items():
            (root / new).parent.mkdir(parents=True, exist_ok=True)
            repo.git.mv(old, new)
        repo.git.commit("-q", "-m", "orders", "--allow-empty")
        return repo.head.commit.hexsha
    finally:
        repo.git.checkout("-q", "-f", "main")


def send_orders(repo: git.Repo, path: str, text: str | bytes, author: str, now, *, apply: bool = True):
    """Open a pull request changing ``path`` and run the check (and the merge if accepted)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    head = pr_commit(repo, {path: data})
    verdict = check_pr(repo, "main", head, author, now)
    if apply and verdict.accepted:
        accept(repo, verdict, head, now, pr=1)
    return verdict


def snapshot(repo: git.Repo) -> dict:
    """Everything a failed tick must leave as it was."""
    root = Path(repo.working_tree_dir)
    files = {}
    for p in sorted(root.rglob("*")):
        if ".git" in p.relative_to(root).parts:
            continue
        files[p.relative_to(root).as_posix()] = p.read_bytes() if p.is_file() else "dir"
    return {
        "files": files,
        "head": repo.git.rev_parse("HEAD"),
        "status": repo.git.status("--porcelain", "--untracked-files=all"),
        "tags": repo.git.tag("--list"),
        "refs": repo.git.for_each_ref(),
        "index": repo.git.ls_files("-s"),
    }


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def said(results: dict) -> list[dict]:
    """The orders of a ``results.yaml`` (as plain data) as players read them: power, order,
    result, reason and tags (the record keeps each order's kind and parts beside them)."""
    keys = ("power", "order", "result", "reason", "tags")
    return [{k: o.get(k) for k in keys} for o in results["orders"]]
