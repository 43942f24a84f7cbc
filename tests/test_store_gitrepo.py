"""The git adapter (``judge.store.gitrepo``): the one module that reaches git, raising only StoreError.

On real repositories in temporary folders; the last test reads the package's source to check that
no other module imports GitPython or gitdb, or starts git itself.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

import judge
from judge.core.errors import StoreError
from judge.store import gitrepo
from test_store_helpers import make_repo


def test_a_failing_command_is_a_store_error_saying_what_git_said(tmp_path):
    repo = make_repo(tmp_path / "r")
    with pytest.raises(gitrepo.GitFailed) as caught:
        gitrepo.run(repo, "rev-parse", "--verify", "nosuchbranch^{commit}")
    assert isinstance(caught.value, StoreError)
    assert caught.value.command == "rev-parse" and caught.value.status == 128
    assert str(caught.value) == "git rev-parse failed: fatal: Needed a single revision"


def test_credentials_in_what_git_said_are_masked():
    failed = gitrepo.GitFailed("push", 128, "", "hint: check the URL\nfatal: https://bob:s3cret@example.invalid/x.git "
                                                "not found\n")
    assert str(failed) == "git push failed: fatal: https://***@example.invalid/x.git not found"


def test_input_goes_to_the_command_and_output_loses_only_its_last_newline(tmp_path):
    repo = make_repo(tmp_path / "r")
    sha = gitrepo.run(repo, "hash-object", "--stdin", input=b"A PAR - BUR\n")
    assert sha == subprocess.run(["git", "hash-object", "--stdin"], input=b"A PAR - BUR\n", capture_output=True,
                                 check=True).stdout.decode().strip()
    # Porcelain status lines begin with a space when the index has no change: it is kept.
    (tmp_path / "r" / "README.md").write_text("changed\n")
    assert gitrepo.run(repo, "status", "--porcelain") == " M README.md"


def test_a_command_not_checked_returns_its_output_despite_its_status(tmp_path):
    repo = make_repo(tmp_path / "r")
    assert gitrepo.run(repo, "diff", "--quiet", "HEAD~0", "--exit-code", check=False) == ""
    (tmp_path / "r" / "README.md").write_text("changed\n")
    with pytest.raises(gitrepo.GitFailed):
        gitrepo.run(repo, "diff", "--quiet", "--exit-code")
    assert gitrepo.run(repo, "diff", "--quiet", "--exit-code", check=False) == ""


def test_a_folder_outside_any_repository_or_missing_is_a_store_error(tmp_path):
    (tmp_path / "plain").mkdir()
    env = {"GIT_CEILING_DIRECTORIES": str(tmp_path)}
    with pytest.raises(StoreError, match="not a git repository"):
        gitrepo.run_in(tmp_path / "plain", "rev-parse", "--show-prefix", env=env)
    with pytest.raises(StoreError, match="not a folder"):
        gitrepo.run_in(tmp_path / "missing", "rev-parse", "--show-prefix")
    with pytest.raises(StoreError, match="not inside a league's git repository"):
        gitrepo.open_repo(tmp_path / "missing")


def test_a_blob_stored_in_an_object_folder_is_the_one_git_would_make(tmp_path):
    repo = make_repo(tmp_path / "r")
    objects = tmp_path / "quarantine"
    objects.mkdir()
    sha = gitrepo.store_blob(objects, b"F: A Par - Bur\n")
    assert (objects / sha[:2] / sha[2:]).is_file()
    assert sha == gitrepo.run(repo, "hash-object", "--stdin", input=b"F: A Par - Bur\n")
    with pytest.raises(StoreError, match=f"cannot read object {sha}"):
        gitrepo.read_blob(repo, sha)  # not in the repository's own store
    assert gitrepo.read_blob(repo, gitrepo.run(repo, "rev-parse", "HEAD:README.md")) == b"games\n"


def test_heads_commits_tags_and_ancestry(tmp_path):
    repo = make_repo(tmp_path / "r")
    ref, first = gitrepo.head(repo)
    assert ref == "refs/heads/main" and first == gitrepo.run(repo, "rev-parse", "HEAD")
    assert gitrepo.branch(repo) == "main"
    gitrepo.run(repo, "tag", "g/1901-1-spring-movement")
    (tmp_path / "r" / "b.txt").write_text("b\n")
    second = gitrepo.commit_paths(repo, ["b.txt"], "b", gitrepo.actor("gm", "gm@example.invalid"))
    assert gitrepo.commit(repo).hexsha == second and gitrepo.commit(repo).author.name == "gm"
    assert gitrepo.tag_names(repo) == {"g/1901-1-spring-movement"}
    assert gitrepo.tag_commits(repo) == {"g/1901-1-spring-movement": first}
    assert gitrepo.is_ancestor(repo, first, second) and not gitrepo.is_ancestor(repo, second, first)
    with pytest.raises(StoreError, match="no commit 'nosuch'"):
        gitrepo.commit(repo, "nosuch")
    gitrepo.run(repo, "checkout", "-q", "--detach")
    assert gitrepo.head(repo) == ("HEAD", second) and gitrepo.branch(repo) is None


def test_a_commit_s_tree_reads_files_and_folders(tmp_path):
    repo = make_repo(tmp_path / "r")
    (tmp_path / "r" / "games" / "g").mkdir(parents=True)
    (tmp_path / "r" / "games" / "g" / "game.yaml").write_bytes(b"variant: standard\n")
    gitrepo.commit_paths(repo, ["games"], "a game", gitrepo.actor())
    tree = gitrepo.GitTree(gitrepo.commit(repo))
    assert tree.read("games/g/game.yaml") == b"variant: standard\n"
    assert tree.blob("games/g/game.yaml").size == 18
    assert tree.listdir("") == ["README.md", "games"] and tree.listdir("games") == ["g"]
    assert tree.read("games/g") is None and tree.blob("games/nosuch") is None and tree.listdir("README.md") == []


def _reaches_git(node: ast.AST) -> str | None:
    """What in ``node`` reaches git other than through the adapter, if anything."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom) and node.level == 0:
        names = [node.module or ""]
    else:
        names = []
    for name in names:
        if name.split(".")[0] in ("git", "gitdb"):
            return f"imports {name}"
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts and isinstance(node.elts[0], ast.Constant) \
            and node.elts[0].value == "git":
        return "starts git"
    if isinstance(node, ast.Attribute) and node.attr == "git" and isinstance(node.value, ast.Name) \
            and node.value.id == "repo":
        return "uses repo.git"
    return None


def test_no_module_but_the_adapter_reaches_git():
    package = Path(judge.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        if path == package / "store" / "gitrepo.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            what = _reaches_git(node)
            if what:
                found.append(f"{path.relative_to(package.parent)}:{node.lineno}: {what}")
    assert found == []
