"""Commit a series of changes all at once, or not at all.

Everything is first built as git objects — blobs, trees (through a throw-away index) and
commits — in a quarantine folder outside the repository that git reads through to the object
store (as ``git receive-pack`` does), which changes nothing anyone can see. Only then are the
new objects copied into the store and the working tree, the index, the branch and the tags
brought forward, each change journaled. If any step fails, the journal is replayed backwards:
the files, the index, the branch and its reflogs get their old bytes back, the tags go, and
exactly the object files this transaction copied in are removed (never one another process
wrote), so the repository is byte for byte as it was. If the process is killed instead, the
intent file written before the first change lets the next judge command finish or undo the
commit (:func:`recover`), after removing any lock file of git's own that a git process killed
while holding it left behind (:func:`clear_stale_git_locks`).

Tests fail every file write and git command in turn, and kill the process at each
(``tests/test_hardening_faults.py``); more coarsely, :func:`_checkpoint` marks each step.

Judge commands that commit hold the repository's lock (:func:`repository_lock`) from reading HEAD
to moving it, so two ticks racing on one checkout play each phase once: the second waits, then
reads the first one's commit and finds nothing left to play.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator

from ..core.errors import StoreError
from .gitrepo import actor, head, identity, read_blob, run, store_blob, tag_names

ZERO = "0" * 40

LOCK_TIMEOUT = float(os.environ.get("JUDGE_LOCK_TIMEOUT", "900"))
"""How long (seconds) a judge command waits for another one to release the repository."""


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
    deletions: tuple[str, ...] = ()
    """Paths to remove."""


@dataclass
class _Journal:
    files: list[tuple[Path, bytes | None]] = field(default_factory=list)
    dirs: list[Path] = field(default_factory=list)
    index: bytes | None = None
    index_saved: bool = False
    ref: tuple[str, str, str] | None = None  # (ref name, old sha or ZERO, new sha), once moved
    logs: list[tuple[Path, bytes | None]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    objects: list[Path] = field(default_factory=list)  # object files moved into the store


# -- the repository lock ------------------------------------------------------------------------

_held: dict[str, tuple[threading.RLock, list[int]]] = {}
_held_guard = threading.Lock()


@contextmanager
def repository_lock(repo: Any, timeout: float | None = None) -> Iterator[None]:
    """Hold the repository for a judge command that commits: other threads of this process and
    other processes (``flock`` on the ``.git`` folder, released by the system if the process
    dies; no lock file is left behind) wait for it. Re-entrant within a thread. StoreError
    after ``timeout`` seconds (default :data:`LOCK_TIMEOUT`)."""
    timeout = LOCK_TIMEOUT if timeout is None else timeout
    key = os.path.realpath(repo.common_dir)
    with _held_guard:
        rlock, depth = _held.setdefault(key, (threading.RLock(), [0]))
    if not rlock.acquire(timeout=timeout):
        raise StoreError(f"another judge command has held the repository for {timeout:.0f} s; try again later")
    fd = None
    try:
        if depth[0] == 0:
            fd = _flock(key, timeout)
        depth[0] += 1
        try:
            yield
        finally:
            depth[0] -= 1
    finally:
        if fd is not None:
            os.close(fd)  # releases the flock
        rlock.release()


def _flock(path: str, timeout: float) -> int | None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: threads are still serialised
        return None
    fd = os.open(path, os.O_RDONLY)
    end = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= end:
                os.close(fd)
                raise StoreError(f"another judge command has held the repository for {timeout:.0f} s; "
                                 "try again later") from None
            time.sleep(0.05)
        except OSError:  # pragma: no cover - a file system without locks
            os.close(fd)
            return None


# -- git's own locks, left behind by a killed git --------------------------------------------------

GIT_LOCK_WAIT = float(os.environ.get("JUDGE_GIT_LOCK_WAIT", "10"))
"""How long (seconds) a judge command waits for a running git process to release git's own lock
files (``.git/index.lock``...) before giving up."""


def _git_lock_files(repo: Any) -> list[Path]:
    """The lock files git leaves when killed while changing what the judge changes: the index,
    HEAD, ``ORIG_HEAD``, the packed refs and any ref (a branch or a tag)."""
    git_dir, common = Path(repo.git_dir), Path(repo.common_dir)
    found = [p for p in (git_dir / "index.lock", git_dir / "HEAD.lock", git_dir / "ORIG_HEAD.lock",
                         common / "packed-refs.lock") if p.is_file()]
    refs = common / "refs"
    if refs.is_dir():
        found += sorted(p for p in refs.rglob("*.lock") if p.is_file())
    return list(dict.fromkeys(found))


def _lock_holders(repo: Any, locks: list[Path]) -> list[str] | None:
    """The running processes that may hold these locks: any process with one of them open, and
    any git process working in this repository (its current folder inside the work tree or
    ``.git``; git closes a lock file before running an editor, and still holds it), except this
    process and the object readers GitPython keeps running (``git cat-file --batch``), which take
    no lock. ``pid: command`` each; None where processes cannot be listed (no ``/proc``)."""
    proc = Path("/proc")
    if not (proc / "self" / "fd").is_dir():
        return None
    roots = {os.path.realpath(d) for d in (repo.working_tree_dir, repo.git_dir, repo.common_dir) if d}
    targets = {os.path.realpath(p) for p in locks}
    out = []
    for entry in proc.iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            holder = _holder(entry, targets, roots)
            if holder:
                out.append(holder)
    return out


def _holder(entry: Path, targets: set[str], roots: set[str]) -> str | None:
    """``pid: command`` if the process whose ``/proc`` folder is ``entry`` may hold one of the
    lock files ``targets`` (see :func:`_lock_holders`); None if not, or if it is gone or dead."""
    try:
        stat = (entry / "stat").read_text()
        if stat[stat.rindex(")") + 2:].startswith(("Z", "X")):
            return None  # dead: a zombie holds nothing
        argv = [a.decode("utf-8", "replace") for a in (entry / "cmdline").read_bytes().split(b"\0") if a]
        comm = (entry / "comm").read_text().strip()
    except (OSError, ValueError):
        return None  # gone meanwhile
    if _has_open(entry, targets) or (_is_git_worker(comm, argv) and _works_in(entry, roots)):
        return f"{entry.name}: {' '.join(argv) or comm}"
    return None


def _has_open(entry: Path, targets: set[str]) -> bool:
    """Has the process one of the files ``targets`` open?"""
    try:
        return any(os.readlink(fd) in targets for fd in (entry / "fd").iterdir())
    except OSError:
        return False  # another user's process: not ours to read (nor to hold our repository's locks)


def _is_git_worker(comm: str, argv: list[str]) -> bool:
    """Is the process a git command that may take locks? GitPython's object readers (``git
    cat-file --batch``) take none."""
    if not (comm == "git" or comm.startswith("git-")):
        return False
    return not (len(argv) > 1 and "cat-file" in argv and any(a.startswith("--batch") for a in argv))


def _works_in(entry: Path, roots: set[str]) -> bool:
    """Is the process's current folder one of ``roots`` or inside one?"""
    try:
        cwd = os.path.realpath(os.readlink(entry / "cwd"))
    except OSError:
        return False
    return any(cwd == r or cwd.startswith(r + os.sep) for r in roots)


def clear_stale_git_locks(repo: Any, wait: float | None = None) -> list[str]:
    """Remove git's lock files left by a git process that was killed (``kill -9``) while holding
    them, which would otherwise make every later git command, and so every tick, fail. A lock
    that a running process may hold is respected: waited for up to ``wait`` seconds (default
    :data:`GIT_LOCK_WAIT`), then StoreError naming the process. Returns a note per lock removed."""
    wait = GIT_LOCK_WAIT if wait is None else wait
    end = time.monotonic() + wait
    notes: list[str] = []
    while True:
        locks = _git_lock_files(repo)
        if not locks:
            return notes
        seen = {p: _identity(p) for p in locks}
        holders = _lock_holders(repo, locks)
        if holders == []:
            for lock, ident in seen.items():
                if ident is not None and _identity(lock) == ident:  # not released and taken again meanwhile
                    lock.unlink(missing_ok=True)
                    notes.append(f"removed {_shown(repo, lock)}, left by a git process that was killed while "
                                 "holding it (no running git process holds it)")
            continue
        if time.monotonic() >= end:
            shown = ", ".join(_shown(repo, p) for p in locks)
            if holders is None:
                raise StoreError(f"{shown} exists and the running processes cannot be listed here: if no git "
                                 "command is running in this repository, remove it and try again")
            raise StoreError(f"{shown} is held by a running git process ({'; '.join(holders)}): "
                             "try again when it has finished")
        time.sleep(0.1)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


def _shown(repo: Any, path: Path) -> str:
    root = Path(repo.working_tree_dir or repo.git_dir)
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


# -- git plumbing -------------------------------------------------------------------------------


def _objects_dir(repo: Any) -> Path:
    return Path(repo.common_dir) / "objects"


def _part(dest: Path) -> Path:
    """Where an object is copied before being renamed into place."""
    return dest.parent / f"tmp_obj_judge_{dest.name}"


class _Quarantine:
    """A scratch folder outside the repository for new objects, which git reads through to the
    repository's object store (as ``git receive-pack``'s quarantine does). Nothing is added to
    the store until :meth:`migrate`, which journals every object file it moves in."""

    def __init__(self, repo: Any) -> None:
        self.objects = _objects_dir(repo).resolve()
        self.path = Path(tempfile.mkdtemp(prefix="judge-objects-"))
        self.env = {"GIT_OBJECT_DIRECTORY": str(self.path), "GIT_ALTERNATE_OBJECT_DIRECTORIES": str(self.objects)}

    def store_blob(self, data: bytes) -> str:
        """Write ``data`` as a blob here; its sha."""
        return store_blob(self.path, data)

    def pending(self) -> list[tuple[Path, Path]]:
        """The new objects the store lacks: (file here, file there)."""
        out = []
        for sub in sorted(self.path.iterdir()):
            if sub.is_dir() and len(sub.name) == 2:
                out += [(obj, self.objects / sub.name / obj.name) for obj in sorted(sub.iterdir())
                        if not (self.objects / sub.name / obj.name).exists()]
        return out

    def migrate(self, journal: "_Journal | None" = None) -> None:
        """Copy the new objects the store lacks into it (each through a temporary name, so that
        no reader sees half an object), noting every file made in ``journal``."""
        for obj, dest in self.pending():
            if not dest.parent.is_dir():
                if journal is not None:
                    journal.dirs.append(dest.parent)
                dest.parent.mkdir()
            part = _part(dest)
            if journal is not None:
                journal.objects += [part, dest]
            shutil.copyfile(obj, part)
            os.chmod(part, 0o444)
            os.rename(part, dest)

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def check_clean(repo: Any, paths: list[str]) -> None:
    """StoreError if any of ``paths`` has local changes (modified, staged or untracked): the judge
    would overwrite them. (``git status`` is told not to refresh the index: looking changes nothing.)"""
    if not paths:
        return
    out = run(repo, "status", "--porcelain", "-z", "--untracked-files=all", "--", *paths,
              env={"GIT_OPTIONAL_LOCKS": "0"})
    dirty = sorted({entry[3:] for entry in out.split("\0") if len(entry) > 3})
    if dirty:
        shown = ", ".join(dirty[:5]) + (" ..." if len(dirty) > 5 else "")
        raise StoreError(f"local changes would be overwritten: {shown} (commit or remove them first)")


def build_commits(repo: Any, plans: list[PlannedCommit], when: datetime, who: Any | None = None) -> list[str]:
    """Create the commits as objects only, each on the previous one; return their shas."""
    quarantine = _Quarantine(repo)
    try:
        shas = _build(repo, plans, when, who, quarantine)
        quarantine.migrate()
    finally:
        quarantine.remove()
    return shas


def _build(repo: Any, plans: list[PlannedCommit], when: datetime, who: Any | None, quarantine: _Quarantine) -> list[str]:
    """The commits' objects, written into ``quarantine`` only. The trees are made in a throw-away
    index in a temporary folder: the repository's own index is never touched (nor moved aside)."""
    who = who or actor()
    _, parent = head(repo)
    ident = identity(who, when)
    shas = []
    with tempfile.TemporaryDirectory(prefix="judge-index-") as tmp:
        env = {"GIT_INDEX_FILE": os.path.join(tmp, "index"), **quarantine.env}
        if parent:
            run(repo, "read-tree", parent, env=env)
        for plan in plans:
            lines = [f"100644 {quarantine.store_blob(data)}\t{path}" for path, data in sorted(plan.changes.items())]
            lines += [f"0 {ZERO}\t{path}" for path in plan.deletions if path not in plan.changes]
            if lines:
                run(repo, "update-index", "--index-info", input=("\n".join(lines) + "\n").encode("utf-8"), env=env)
            tree = run(repo, "write-tree", env=env)
            args = ["commit-tree", "--no-gpg-sign", tree] + (["-p", parent] if parent else [])
            parent = run(repo, *args, input=plan.message.encode("utf-8"), env={**env, **ident})
            shas.append(parent)
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
        if path.startswith("/") or ".." in parts or "" in parts or ".git" in (x.lower() for x in parts):
            raise StoreError(f"refusing to write outside the working tree: {path!r}")
    with repository_lock(repo):
        check_clean(repo, sorted(final))
        existing = tag_names(repo)
        for plan in plans:
            if plan.tag and plan.tag in existing:
                raise StoreError(f"tag {plan.tag} already exists: was this phase played already?")
        note = recover(repo)
        if note:
            print(f"judge: note: {note}", file=sys.stderr)
        ref, old = head(repo)
        journal = _Journal()
        quarantine = _Quarantine(repo)
        try:
            shas = _build(repo, plans, when, who, quarantine)
            _write_intent(repo, journal, root, final, ref, old, shas, plans, quarantine)
            quarantine.migrate(journal)
            _apply(repo, root, final, ref, old, shas, plans, journal)
            Path(repo.git_dir, INTENT).unlink()
        except BaseException:
            _rollback(repo, journal)
            raise
        finally:
            quarantine.remove()
    return shas


# -- a transaction cut short (the process killed) -------------------------------------------------

INTENT = "judge-transaction.json"
"""In ``.git`` while a commit is being made: what it will change, so that if the process is
killed on the way, the next judge command can put things right (:func:`recover`)."""


def _missing_dirs(root: Path, paths: list[Path]) -> list[str]:
    out: set[str] = set()
    for p in paths:
        d = p.parent
        while not d.exists() and d != root:
            out.add(str(d))
            d = d.parent
    return sorted(out)


def _write_intent(repo, journal: _Journal, root: Path, final, ref: str, old: str | None, shas: list[str], plans,
                  quarantine: _Quarantine) -> None:
    objects = [dest for _, dest in quarantine.pending()]
    intent = {
        "ref": ref, "old": old or ZERO, "new": shas[-1], "paths": sorted(final),
        "dirs": _missing_dirs(root, [root / p for p in final]) + _missing_dirs(quarantine.objects, objects),
        "objects": [str(x) for dest in objects for x in (_part(dest), dest)],
        "tags": {plan.tag: sha for plan, sha in zip(plans, shas, strict=False) if plan.tag},
    }
    path = Path(repo.git_dir) / INTENT
    part = path.with_suffix(".part")
    _save(journal, part)
    _save(journal, path)
    part.write_text(json.dumps(intent, indent=1), encoding="utf-8")
    os.rename(part, path)


def recover(repo: Any) -> str | None:
    """If a judge command was killed while committing (``.git/judge-transaction.json`` is there),
    finish what it did if its branch had moved, or undo it if not: the files and index entries it
    wrote get the branch's content back, the folders and objects it added go, its tags are made
    or removed. Lock files of git's own that a killed git process left are removed first
    (:func:`clear_stale_git_locks`). Returns what was done, None if there was nothing to do. Call
    with the lock held."""
    stale = clear_stale_git_locks(repo)
    done = _recover(repo)
    return "; ".join(stale + ([done] if done else [])) or None


@dataclass
class _Intent:
    """What :data:`INTENT` says a commit being made will change."""

    ref: str
    """The ref it moves (``refs/heads/<branch>``, or ``HEAD`` when detached)."""
    new: str
    """The commit it moves it to."""
    paths: list[str]
    """The working tree's files it writes or removes (repository paths)."""
    dirs: list[str]
    """The folders it makes (in the working tree and the object store)."""
    objects: list[str]
    """The object files it copies into the store, each after its temporary name."""
    tags: dict[str, str]
    """The tags it makes: ``{name: commit}``."""

    @classmethod
    def read(cls, path: Path) -> "_Intent | None":
        """The intent written at ``path``; None if it cannot be read whole (it was cut short
        while being written, before any change)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(data["ref"], data["new"], data["paths"], data["dirs"], data["objects"], data["tags"])
        except (OSError, ValueError, KeyError, TypeError):
            return None


def _recover(repo: Any) -> str | None:
    path = Path(repo.git_dir) / INTENT
    if path.with_suffix(".part").exists():
        path.with_suffix(".part").unlink()
    if not path.exists():
        return None
    intent = _Intent.read(path)
    if intent is None:
        path.unlink(missing_ok=True)  # written before any change: nothing else was touched
        return "an interrupted commit had changed nothing"
    try:
        current = run(repo, "rev-parse", "-q", "--verify", intent.ref + "^{commit}")
    except StoreError:
        current = ZERO
    moved = current == intent.new
    _put_back_files(repo, current, intent.paths)
    _settle_tags(repo, intent.tags, moved)
    for obj in intent.objects:
        if not moved or obj.rsplit("/", 1)[-1].startswith("tmp_obj_judge_"):
            Path(obj).unlink(missing_ok=True)
    for d in sorted(intent.dirs, key=lambda d: -len(Path(d).parts)):
        try:
            Path(d).rmdir()
        except OSError:
            pass  # not empty: something else lives there now
    path.unlink()
    return (f"an interrupted commit was completed (its branch had moved to {intent.new[:12]})" if moved
            else "an interrupted commit was undone")


def _put_back_files(repo: Any, current: str, paths: list[str]) -> None:
    """Give the working tree's files ``paths`` and their index entries the content of commit
    ``current`` (ZERO: none; a file it lacks is removed)."""
    root = Path(repo.working_tree_dir)
    entries: dict[str, tuple[str, str]] = {}
    if current != ZERO and paths:
        out = run(repo, "ls-tree", "-z", "--full-tree", current, "--", *paths)
        for item in filter(None, out.split("\0")):
            meta, name = item.split("\t", 1)
            mode, kind, sha = meta.split()
            if kind == "blob":
                entries[name] = (mode, sha)
    for rel in paths:
        target = root / rel
        if rel in entries:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(read_blob(repo, entries[rel][1]))
        else:
            target.unlink(missing_ok=True)
    lines = [f"{entries[p][0]} {entries[p][1]}\t{p}" if p in entries else f"0 {ZERO}\t{p}" for p in paths]
    if lines:
        run(repo, "update-index", "--index-info", input=("\n".join(lines) + "\n").encode("utf-8"))
        # Only refreshes the files' stat data: it exits 1 when a file needs updating, which is no error here.
        run(repo, "update-index", "-q", "--refresh", check=False)


def _settle_tags(repo: Any, tags: dict[str, str], moved: bool) -> None:
    """Make the tags of a commit whose branch had moved (``moved``), or remove those of one that
    had not (only if they still mark the commit it made)."""
    existing = tag_names(repo)
    for tag, sha in tags.items():
        if moved and tag not in existing:
            run(repo, "tag", tag, sha)
        elif not moved and tag in existing and run(repo, "rev-parse", f"refs/tags/{tag}") == sha:
            run(repo, "update-ref", "-d", f"refs/tags/{tag}", sha)


def _save(journal: _Journal, path: Path) -> None:
    """Keep a file's bytes (None: absent) to put back if the transaction fails."""
    journal.logs.append((path, path.read_bytes() if path.is_file() else None))


def _apply(repo, root: Path, final, ref: str, old: str | None, shas: list[str], plans, journal: _Journal) -> None:
    """Make the built commits visible: the files, the index, the branch, the tags, in that order,
    each change journaled first."""
    _write_files(root, final, journal)
    _stage(repo, final, journal)
    _move_branch(repo, ref, old, shas[-1], journal)
    _make_tags(repo, plans, shas, journal)


def _write_files(root: Path, final: dict[str, bytes | None], journal: _Journal) -> None:
    """Write (bytes) or remove (None) each working tree file of ``final``, making the folders
    missing on the way."""
    for path in sorted(final):
        data = final[path]
        _checkpoint(f"write {path}")
        target = root / path
        if target.is_symlink() or any(p.is_symlink() for p in target.parents if root in p.parents):
            raise StoreError("refusing to write through a symbolic link", path)
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


def _stage(repo: Any, final: dict[str, bytes | None], journal: _Journal) -> None:
    """Bring the index's entries of the files written and removed up to date."""
    _checkpoint("index")
    index_file = Path(repo.git_dir) / "index"
    journal.index = index_file.read_bytes() if index_file.exists() else None
    journal.index_saved = True
    written = [p for p, d in final.items() if d is not None]
    removed = [p for p, d in final.items() if d is None]
    if written:
        run(repo, "update-index", "--add", "--", *sorted(written))
    if removed:
        run(repo, "update-index", "--force-remove", "--", *sorted(removed))


def _move_branch(repo: Any, ref: str, old: str | None, new: str, journal: _Journal) -> None:
    """Move ``ref`` from ``old`` (None: it had no commit) to ``new``; refused by git if someone
    else moved it meanwhile."""
    _checkpoint("ref")
    # The reflogs that moving the branch appends to get their old bytes back on failure.
    _save(journal, Path(repo.git_dir) / "logs" / "HEAD")
    if ref != "HEAD":
        _save(journal, Path(repo.common_dir) / "logs" / ref)
    journal.ref = (ref, old or ZERO, new)
    if ref == "HEAD":
        run(repo, "update-ref", "--no-deref", "-m", "judge", "HEAD", new, old or ZERO)
    else:
        run(repo, "update-ref", "-m", "judge", ref, new, old or ZERO)


def _make_tags(repo: Any, plans: list[PlannedCommit], shas: list[str], journal: _Journal) -> None:
    """Tag each commit whose plan names a tag."""
    common = Path(repo.common_dir)
    for plan, sha in zip(plans, shas, strict=False):
        if plan.tag:
            _checkpoint(f"tag {plan.tag}")
            for base in (common / "refs" / "tags", common / "logs" / "refs" / "tags"):
                d = (base / plan.tag).parent
                while d != base and not d.exists():
                    journal.dirs.append(d)  # removed on failure if git leaves it empty
                    d = d.parent
            _save(journal, common / "logs" / "refs" / "tags" / plan.tag)
            journal.tags.append(plan.tag)
            run(repo, "tag", plan.tag, sha)


def _rollback(repo, journal: _Journal) -> None:
    """Undo what :func:`_apply` did, newest first. Each undo is tried even if another fails."""
    # Each undo is bound now (partial), not looked up when it runs; what it returns is not used.
    steps: list[Callable[[], object]] = []
    for tag in reversed(journal.tags):
        steps.append(partial(run, repo, "update-ref", "-d", f"refs/tags/{tag}"))
    if journal.ref is not None:
        ref, old, new = journal.ref
        # Only from our own commit: if the move failed because someone else moved the branch
        # first, their commit stays.
        if old == ZERO:
            steps.append(partial(run, repo, "update-ref", "-d", ref, new))
        elif ref == "HEAD":
            steps.append(partial(run, repo, "update-ref", "--no-deref", "HEAD", old, new))
        else:
            steps.append(partial(run, repo, "update-ref", ref, old, new))
    for path, previous in reversed(journal.logs):
        steps.append(partial(_restore, path, previous))
    if journal.index_saved:
        steps.append(partial(_restore, Path(repo.git_dir) / "index", journal.index))
    for target, previous in reversed(journal.files):
        steps.append(partial(_restore, target, previous))
    for obj in reversed(journal.objects):
        steps.append(partial(obj.unlink, missing_ok=True))
    for d in sorted(set(journal.dirs), key=lambda d: -len(d.parts)):
        steps.append(partial(_rmdir_if_there, d))
    for step in steps:
        try:
            step()
        except Exception:  # noqa: BLE001 - keep undoing; the original error is what is reported
            pass


def _rmdir_if_there(d: Path) -> None:
    if d.is_dir():
        d.rmdir()


def _restore(path: Path, previous: bytes | None) -> None:
    if previous is None:
        path.unlink(missing_ok=True)
    else:
        path.write_bytes(previous)
