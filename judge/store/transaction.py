"""Commit a series of changes all at once, or not at all.

Everything is first built as git objects — blobs, trees (through a throw-away index) and
commits — which changes nothing anyone can see: no file, no index entry, no branch, no tag. Only
then are the working tree, the index, the branch and the tags brought forward, each change
journaled; if any step fails, the journal is replayed backwards and the repository is as it was
(unreferenced objects left in ``.git/objects`` are invisible and git's garbage collector takes
them). Tests inject a failure before any one step through :func:`_checkpoint`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

from ..core.errors import StoreError

ZERO = "0" * 40


def _checkpoint(step: str) -> None:
    """Called before every visible change (``write <path>``, ``index``, ``ref``, ``tag <name>``).

    Does nothing; tests replace it to make the k-th step fail.
    """


@dataclass
class PlannedCommit:
    """One commit to make: files to write (repository path -> bytes), a message, maybe a tag."""

    message: str
    changes: dict[str, bytes]
    tag: str | None = None
    extra_parents: tuple[str, ...] = ()
    """More parents after the current head (a pull request's head, to show it merged)."""
    deletions: tuple[str, ...] = ()
    """Paths to remove."""


@dataclass
class _Journal:
    files: list[tuple[Path, bytes | None]] = field(default_factory=list)
    dirs: list[Path] = field(default_factory=list)
    index: bytes | None = None
    index_saved: bool = False
    ref: tuple[str, str, str] | None = None  # (ref name, old sha or ZERO, new sha), once moved
    tags: list[str] = field(default_factory=list)


def actor() -> Any:
    """Who the judge commits as: ``$JUDGE_GIT_NAME <$JUDGE_GIT_EMAIL>`` or ``judge``."""
    from git import Actor

    return Actor(os.environ.get("JUDGE_GIT_NAME", "judge"),
                 os.environ.get("JUDGE_GIT_EMAIL", "judge@users.noreply.github.com"))


def _store_blob(repo: Any, data: bytes) -> bytes:
    from gitdb.base import IStream

    return repo.odb.store(IStream(b"blob", len(data), BytesIO(data))).binsha


def _head(repo: Any) -> tuple[str, str | None]:
    """(the ref HEAD moves, the commit it is at or None if the branch has no commit yet)."""
    if repo.head.is_detached:
        return "HEAD", repo.head.commit.hexsha
    ref = repo.head.ref.path  # refs/heads/<branch>
    try:
        return ref, repo.head.commit.hexsha
    except ValueError:
        return ref, None


def check_clean(repo: Any, paths: list[str]) -> None:
    """StoreError if any of ``paths`` has local changes (modified, staged or untracked): the judge
    would overwrite them."""
    if not paths:
        return
    out = repo.git.status("--porcelain", "-z", "--untracked-files=all", "--", *paths)
    dirty = sorted({entry[3:] for entry in out.split("\0") if len(entry) > 3})
    if dirty:
        shown = ", ".join(dirty[:5]) + (" ..." if len(dirty) > 5 else "")
        raise StoreError(f"local changes would be overwritten: {shown} (commit or remove them first)")


def build_commits(repo: Any, plans: list[PlannedCommit], when: datetime, who: Any | None = None) -> list[str]:
    """Create the commits as objects only, each on the previous one; return their shas."""
    from git import Commit, IndexFile
    from git.index.typ import BaseIndexEntry

    who = who or actor()
    _, parent = _head(repo)
    stamp = f"{int(when.timestamp())} +0000"
    shas = []
    for plan in plans:
        # A branch without commits yet starts from an empty index (a file that does not exist).
        index = IndexFile.from_tree(repo, parent) if parent else IndexFile(repo, os.path.join(repo.git_dir, "judge-no-index"))
        entries = [BaseIndexEntry((0o100644, _store_blob(repo, data), 0, path)) for path, data in sorted(plan.changes.items())]
        if entries:
            index.add(entries, write=False)
        for path in plan.deletions:
            index.entries.pop((path, 0), None)
        tree = index.write_tree()
        parents = [repo.commit(parent)] if parent else []
        parents += [repo.commit(p) for p in plan.extra_parents]
        commit = Commit.create_from_tree(repo, tree, plan.message, parent_commits=parents, head=False,
                                         author=who, committer=who, author_date=stamp, commit_date=stamp)
        parent = commit.hexsha
        shas.append(commit.hexsha)
    return shas


def commit_atomically(repo: Any, plans: list[PlannedCommit], when: datetime, who: Any | None = None) -> list[str]:
    """Make ``plans`` the next commits of the current branch, with their files in the working tree
    and index and their tags; all or nothing. Returns the new commits' shas."""
    if not plans:
        return []
    root = Path(repo.working_tree_dir)
    final: dict[str, bytes | None] = {}
    for plan in plans:
        for path in plan.deletions:
            final[path] = None
        final.update(plan.changes)
    for path in final:
        parts = path.split("/")
        if path.startswith("/") or ".." in parts or "" in parts:
            raise StoreError(f"refusing to write outside the repository: {path!r}")
    check_clean(repo, sorted(final))
    existing = {t.name for t in repo.tags}
    for plan in plans:
        if plan.tag and plan.tag in existing:
            raise StoreError(f"tag {plan.tag} already exists: was this phase played already?")
    ref, old = _head(repo)
    shas = build_commits(repo, plans, when, who)
    journal = _Journal()
    try:
        _apply(repo, root, final, ref, old, shas, plans, journal)
    except BaseException:
        _rollback(repo, journal)
        raise
    return shas


def _apply(repo, root: Path, final, ref: str, old: str | None, shas: list[str], plans, journal: _Journal) -> None:
    for path in sorted(final):
        data = final[path]
        _checkpoint(f"write {path}")
        target = root / path
        previous = target.read_bytes() if target.is_file() else None
        missing = []
        d = target.parent
        while not d.exists():
            missing.append(d)
            d = d.parent
        for d in reversed(missing):
            d.mkdir()
            journal.dirs.append(d)
        journal.files.append((target, previous))
        if data is None:
            if target.exists():
                target.unlink()
        else:
            target.write_bytes(data)
    _checkpoint("index")
    index_file = Path(repo.git_dir) / "index"
    journal.index = index_file.read_bytes() if index_file.exists() else None
    journal.index_saved = True
    written = [p for p, d in final.items() if d is not None]
    removed = [p for p, d in final.items() if d is None]
    if written:
        repo.git.update_index("--add", "--", *sorted(written))
    if removed:
        repo.git.update_index("--force-remove", "--", *sorted(removed))
    _checkpoint("ref")
    new = shas[-1]
    if ref == "HEAD":
        repo.git.update_ref("--no-deref", "-m", "judge", "HEAD", new, old or ZERO)
    else:
        repo.git.update_ref("-m", "judge", ref, new, old or ZERO)
    journal.ref = (ref, old or ZERO, new)
    for plan, sha in zip(plans, shas):
        if plan.tag:
            _checkpoint(f"tag {plan.tag}")
            repo.git.tag(plan.tag, sha)
            journal.tags.append(plan.tag)


def _rollback(repo, journal: _Journal) -> None:
    """Undo what :func:`_apply` did, newest first. Each undo is tried even if another fails."""
    steps: list[Callable[[], None]] = []
    for tag in reversed(journal.tags):
        steps.append(lambda tag=tag: repo.git.tag("-d", tag))
    if journal.ref is not None:
        ref, old, new = journal.ref
        if old == ZERO:
            steps.append(lambda: repo.git.update_ref("-d", ref, new))
        elif ref == "HEAD":
            steps.append(lambda: repo.git.update_ref("--no-deref", "HEAD", old, new))
        else:
            steps.append(lambda: repo.git.update_ref(ref, old, new))
    if journal.index_saved:
        index_file = Path(repo.git_dir) / "index"

        def restore_index() -> None:
            if journal.index is None:
                index_file.unlink(missing_ok=True)
            else:
                index_file.write_bytes(journal.index)
        steps.append(restore_index)
    for target, previous in reversed(journal.files):
        def restore_file(target=target, previous=previous) -> None:
            if previous is None:
                target.unlink(missing_ok=True)
            else:
                target.write_bytes(previous)
        steps.append(restore_file)
    for d in reversed(journal.dirs):
        steps.append(lambda d=d: d.rmdir())
    for step in steps:
        try:
            step()
        except Exception:  # noqa: BLE001 - keep undoing; the original error is what is reported
            pass
