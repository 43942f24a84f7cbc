"""The deadline job: play every game's due phases and commit each one, atomically per game.

A tick reads what is committed at HEAD (never uncommitted files), plans each game's due phases
in memory (:func:`judge.store.play.plan_game`) and commits them — one commit and one tag
(``<game>/<phase folder>``) per phase — through :func:`judge.store.transaction.commit_atomically`.
A game whose planning or committing fails is left exactly as it was and named in the errors; the
other games go on. A second tick right after finds nothing due and does nothing.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import time
import traceback
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, TypeVar

from ..core.errors import JudgeError, StoreError
from ..core.types import Power
from ..positions import format_position
from ..reading import power_named
from ..sealing import generate_identity, load_identities
from .gitrepo import (GitFailed, branch as checked_out_branch, commit, head, init_repo, is_ancestor, open_repo, redact, run,
                      tag_commits, tag_names)
from .layout import GAMES, PHASE_FILE, POSITION, SETTINGS, GitTree, PhaseInfo, find_games, game_name, join, phase_folder
from .play import Waiting, is_due, plan_game
from .settings import UTC, GameSettings, Schedule, format_settings, is_login
from .transaction import PlannedCommit, commit_atomically, recover, repository_lock

T = TypeVar("T")


def repo_path(repo: Any, path: str | os.PathLike) -> str:
    """``path`` (relative to the current directory, or absolute) as a repository path."""
    root = Path(repo.working_tree_dir).resolve()
    p = Path(path)
    full = (p if p.is_absolute() else Path.cwd() / p).resolve()
    try:
        return full.relative_to(root).as_posix()
    except ValueError:
        raise StoreError(f"not inside the repository {root}", str(path)) from None


def new_game_path(repo: Any, game_dir: str | os.PathLike) -> str:
    """The repository path of a game to be made (``judge new``, ``judge import``): ``games/<game>``
    inside the league's repository; StoreError naming the folder otherwise."""
    try:
        rel = repo_path(repo, game_dir)
    except StoreError:
        rel = str(game_dir)
    parts = rel.split("/")
    if len(parts) != 2 or parts[0] != "games" or ".." in parts:
        raise StoreError(f"a game's folder is games/<game> inside the league's repository ({repo.working_tree_dir}), "
                         f"not {rel}", str(game_dir))
    return rel


def head_tree(repo: Any) -> GitTree:
    """The committed files at HEAD; StoreError if there is no commit yet."""
    return GitTree(commit(repo, _head_sha(repo)))


def _head_sha(repo: Any) -> str:
    """The commit HEAD is at; StoreError if the branch has no commit yet."""
    _, sha = head(repo)
    if sha is None:
        raise StoreError("the repository has no commit yet")
    return sha


# -- new ----------------------------------------------------------------------------------------


def parse_players(items: Iterable[str]) -> dict[str, str]:
    """``['France=bob', 'England=alice germany=carol']`` -> power name (as written) -> login."""
    out: dict[str, str] = {}
    for item in items:
        for word in re.split(r"[\s,]+", item.strip()):
            if not word:
                continue
            power, sep, login = word.partition("=")
            if not sep or not power or not login:
                raise StoreError(f"players are written power=login, found {word!r}")
            login = login.lstrip("@")
            if not is_login(login):
                raise StoreError(f"not a GitHub login: {login!r} (letters, digits and single dashes, at most 39)",
                                 f"{power}={login}")
            out[power] = login
    return out


@dataclass
class NewGame:
    """A game created: its files (repository path -> bytes), and the secret identity if sealed."""

    path: str
    files: dict[str, bytes]
    identity: str | None = None
    recipient: str | None = None
    unplayed: tuple[str, ...] = ()
    """The powers no player plays yet (civil disorder until the Gamesmaster names one)."""


def new_game(path: str, variant_name: str, *, now: datetime, title: str | None = None,
             players: Mapping[str, str] | None = None, sealed: bool = False,
             schedule: Schedule | None = None) -> NewGame:
    """The files of a new game at ``path`` (``games/<slug>``): ``game.yaml`` and the first phase
    folder with the variant's starting position. Sealed games get a fresh age identity: its
    recipient goes into ``game.yaml``, the identity is returned (never written). No map is stored:
    a phase's map is committed when it is played (with its orders), and the site draws the open
    phase's."""
    from ..variants import find_variant

    path = path.strip("/")
    slug = game_name(path)
    variant = find_variant(variant_name)
    # Only the powers players play (not Europe 1615's minor states, ordered by their powers).
    assigned: dict[Power, str | None] = {p: None for p in variant.players()}
    for name, login in (players or {}).items():
        power = power_named(variant, name)
        if power is None:
            raise StoreError(f"{name!r} is not a power of {variant.name} (powers: {', '.join(variant.players())})")
        assigned[power] = login
    identity = recipient = None
    if sealed:
        identity, recipient = generate_identity()
    settings = GameSettings(slug, title or slug.replace("-", " ").capitalize(), variant.name, {}, assigned,
                            schedule or Schedule(), "sealed" if sealed else "public", recipient)
    start = variant.start
    folder = phase_folder(variant.calendar, start.phase)
    info = PhaseInfo(str(start.phase), now, settings.schedule.deadline(now, start.phase.kind))
    files = {
        join(path, SETTINGS): format_settings(settings, variant).encode("utf-8"),
        join(path, folder, PHASE_FILE): info.to_text().encode("utf-8"),
        join(path, folder, POSITION): format_position(start).encode("utf-8"),
    }
    return NewGame(path, files, identity, recipient, tuple(p for p, login in assigned.items() if not login))


def create_game(repo_or_dir: Any, game: NewGame, *, commit: bool, now: datetime) -> None:
    """Write a new game's files: committed (``repo_or_dir`` a repository) or just written
    (``repo_or_dir`` the folder the game path is relative to). Refuses an existing game."""
    if commit:
        try:
            committed = head_tree(repo_or_dir).read(join(game.path, SETTINGS)) is not None
        except StoreError:  # a repository without a commit yet
            committed = False
        if committed or (Path(repo_or_dir.working_tree_dir) / game.path / SETTINGS).exists():
            raise StoreError("a game already exists here", game.path)
        commit_atomically(repo_or_dir, [PlannedCommit(f"{Path(game.path).name}: new game", game.files)], now)
        return
    root = Path(repo_or_dir)
    if (root / game.path / SETTINGS).exists():
        raise StoreError("a game already exists here", game.path)
    for rel, data in game.files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


# -- tick ---------------------------------------------------------------------------------------


@dataclass
class TickResult:
    """What a tick did."""

    played: list[str] = field(default_factory=list)
    """``<game>/<phase folder>`` of every phase played (also the tags made)."""
    waiting: list[Waiting] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def tick(repo: Any, games: Iterable[str] | None = None, now: datetime | None = None, *,
         identities: list[str] | None = None, force: bool = False, max_phases: int = 20,
         maps: bool = True) -> TickResult:
    """Play the due phases of ``games`` (repository paths; default: every game under ``games/``).

    Each game is one transaction: all its due phases are committed (one commit and tag each),
    or, if anything fails, none, and the game's error is in the result. Another judge command
    committing in this repository at the same time is waited for (:func:`repository_lock`).
    """
    now = (now or datetime.now(UTC)).astimezone(UTC)
    identities = load_identities() if identities is None else identities
    result = TickResult()
    with repository_lock(repo):
        note = recover(repo)
    if note:
        result.warnings.append(note)
    for path in find_games(head_tree(repo), games):
        try:
            # Held from reading HEAD to moving it: a tick racing on this checkout waits, then
            # plans from this one's commit (finding the phase played) instead of playing it twice.
            with repository_lock(repo):
                plan = plan_game(head_tree(repo), path, now, identities=identities, force=force,
                                 max_phases=max_phases, maps=maps)
                commits = [PlannedCommit(p.message, p.changes, p.tag) for p in plan.played]
                if plan.reopened is not None:
                    commits.append(plan.reopened)
                commit_atomically(repo, commits, now)
            result.warnings += plan.warnings
            result.played += [p.tag for p in plan.played]
            if plan.waiting is not None:
                result.waiting.append(plan.waiting)
        except JudgeError as exc:
            # Name the game once: most errors are already located in one of its files.
            result.errors.append(str(exc) if exc.where.startswith(path + "/") or exc.where == path else f"{path}: {exc}")
        except Exception as exc:  # noqa: BLE001 - one broken game must not stop the others
            if os.environ.get("JUDGE_DEBUG"):
                traceback.print_exc()
            result.errors.append(f"{path}: internal error: {type(exc).__name__}: {exc}")
    return result


def due_games(repo: Any, games: Iterable[str] | None = None, now: datetime | None = None, *,
              identities: list[str] | None = None, force: bool = False) -> tuple[list[str], list[str]]:
    """The games (repository paths) with a phase to play at ``now``, and those whose files are
    broken, with the error (a tick on them reports it): what a deadline job fans out over."""
    now = (now or datetime.now(UTC)).astimezone(UTC)
    identities = load_identities() if identities is None else identities
    due: list[str] = []
    errors: list[str] = []
    tree = head_tree(repo)
    for path in find_games(tree, games):
        try:
            if is_due(tree, path, now, identities=identities, force=force):
                due.append(path)
        except JudgeError as exc:
            errors.append(str(exc) if exc.where.startswith(path + "/") or exc.where == path else f"{path}: {exc}")
            due.append(path)
        except Exception as exc:  # noqa: BLE001 - one broken game must not hide the others
            errors.append(f"{path}: internal error: {type(exc).__name__}: {exc}")
            due.append(path)
    return due, errors


def play_due(repo_root: str | os.PathLike, now: datetime | None = None, *, force: bool = False,
             maps: bool = True) -> list[str]:
    """Tick every game of the repository at ``repo_root``; return the phases played, as
    ``<game>/<phase folder>`` (the tags made), in order. With ``force``, each active or paused
    game plays its current phase now even before its deadline (one phase per game).
    StoreError listing the games that failed (those that did not fail are committed)."""
    repo = open_repo(repo_root)
    result = tick(repo, None, now, force=force, maps=maps)
    if result.errors:
        raise StoreError("some games could not be played:\n" + "\n".join(result.errors))
    return result.played


# -- pushing (CI) -------------------------------------------------------------------------------


PUSH_ATTEMPTS = 8
"""How often a job pushes before giving up. Jobs for different games run side by side (the
workflow's ``max-parallel``, 4) and all push to one branch: in the worst case each loses to every
other once, so this is kept well above that number."""


_RACE = ("[rejected] (non-fast-forward)", "[rejected] (fetch first)", "[rejected] (already exists)",
         "[rejected] (stale info)", "[remote rejected] (atomic transaction failed)",
         "[remote rejected] (failed to update ref)", "[remote rejected] (cannot lock ref",
         "[remote rejected] (failed to lock", "[remote rejected] (incorrect old value")
"""How ``git push --porcelain`` says that a ref was not updated because it moved meanwhile."""


def _race_lost(exc: GitFailed) -> bool:
    """Was a push refused because someone pushed first (a ref refused as not a fast-forward, a
    tag that now exists, or the remote's ref moved during the push)? Anything else — the remote
    unreachable, no repository there, a hook or a rule declining — is not cured by retrying."""
    refused = [parts[2] for line in exc.stdout.splitlines()
               if len(parts := line.strip().split("\t")) >= 3 and parts[0] == "!"]
    return (any(r.startswith(_RACE) for r in refused) and not any("declined" in r for r in refused))


@dataclass
class _LocalState:
    """What a run that pushes may change in the local repository, to put back if the push fails:
    the branch's commit, the tags, and the bytes of the files git writes while committing,
    resetting and fetching (reflogs, ``ORIG_HEAD``, ``FETCH_HEAD``)."""

    head: str
    tags: set[str]
    files: dict[Path, bytes | None]

    @classmethod
    def of(cls, repo: Any, branch: str) -> "_LocalState":
        git_dir, common = Path(repo.git_dir), Path(repo.common_dir)
        paths = [git_dir / "logs" / "HEAD", common / "logs" / "refs" / "heads" / branch,
                 git_dir / "ORIG_HEAD", git_dir / "FETCH_HEAD"]
        return cls(_head_sha(repo), tag_names(repo),
                   {p: p.read_bytes() if p.is_file() else None for p in paths})

    def restore(self, repo: Any) -> None:
        """Back to this state: new tags deleted, the branch (with the index and the files it
        changed, ``git reset --keep``: other local changes are kept) moved back, the files put back."""
        for tag in sorted(tag_names(repo) - self.tags):
            run(repo, "update-ref", "-d", f"refs/tags/{tag}")
        if _head_sha(repo) != self.head:
            run(repo, "reset", "-q", "--keep", self.head)
        for path, data in self.files.items():
            if data is None:
                path.unlink(missing_ok=True)
            else:
                path.write_bytes(data)


def _tags_the_remote_lacks(repo: Any, remote: str) -> list[str]:
    """The phase tags (``<game>/<phase folder>``) of the checked-out history that ``remote`` does
    not have: an earlier run made them and was stopped before its push (a reused checkout), and
    the branch alone would carry its commits there without them. Empty when the remote cannot be
    asked (the push then says why)."""
    local = {name: sha for name, sha in tag_commits(repo).items() if name.count("/") == 1}
    if not local:
        return []
    try:
        listed = run(repo, "ls-remote", "--tags", "--refs", remote)
    except StoreError:
        return []
    there = {line.split("refs/tags/", 1)[1] for line in listed.splitlines() if "refs/tags/" in line}
    at = _head_sha(repo)
    return sorted(name for name, sha in local.items() if name not in there and is_ancestor(repo, sha, at))


def run_and_push(repo: Any, remote: str, operation: Callable[[], T], tags: Callable[[T], list[str]],
                 attempts: int = PUSH_ATTEMPTS) -> T:
    """Run ``operation`` (which commits on the current branch), then push the branch and the new
    tags to ``remote`` (a remote name or URL). If the push is refused because someone pushed
    first, reset the checkout to the remote branch and run the operation again (from the third
    attempt on, after a short random pause, so that jobs that keep colliding spread out).

    If the push fails otherwise (the remote unreachable or not a repository, a hook declining),
    or fetching fails, or every attempt loses the race, the local repository is put back as it
    was before the run (branch, index, files, tags, reflogs: only unreachable objects stay, for
    ``git gc``) and StoreError says why, located at the remote.

    For CI checkouts only: the retry discards local commits that were not pushed.
    """
    branch = checked_out_branch(repo)
    if branch is None:
        raise StoreError("pushing needs a branch checked out, not a detached HEAD")
    start = _LocalState.of(repo, branch)

    def give_up(why: str) -> StoreError:
        try:
            start.restore(repo)
            undone = "the local repository is as it was before this run (its commits and tags were undone)"
        except (StoreError, OSError) as exc:
            undone = f"the local repository could not be put back as it was: {redact(str(exc)).strip()}"
        return StoreError(f"{why}; {undone}", redact(remote))

    for attempt in range(attempts):
        if attempt >= 2:
            time.sleep(random.uniform(0, 0.5 * attempt))
        before = _head_sha(repo)
        outcome = operation()
        made = tags(outcome)
        missing = [t for t in _tags_the_remote_lacks(repo, remote) if t not in made]
        if _head_sha(repo) == before and not made and not missing:
            return outcome  # nothing new to push
        refspecs = [f"HEAD:refs/heads/{branch}"] + [f"refs/tags/{t}:refs/tags/{t}" for t in (*made, *missing)]
        try:
            run(repo, "push", "--atomic", "--porcelain", remote, *refspecs)
            return outcome
        except GitFailed as exc:
            reason = exc.reason
            if not _race_lost(exc):
                raise give_up(f"the push failed: {reason}") from None
            if attempt == attempts - 1:
                raise give_up(f"push refused {attempts} times (others kept pushing first): {reason}") from None
        try:
            for t in made:
                run(repo, "tag", "-d", t)
            run(repo, "fetch", "--no-tags", remote, f"refs/heads/{branch}")
            run(repo, "reset", "--hard", "FETCH_HEAD")
        except GitFailed as exc:
            reason = exc.reason
            raise give_up(f"fetching the branch {branch} after a refused push failed: {reason}") from None
    raise AssertionError("unreachable")  # pragma: no cover


# -- the demo -----------------------------------------------------------------------------------


def prepare_demo_repo(source_root: str | os.PathLike, dest: str | os.PathLike) -> Path:
    """A fresh git repository at ``dest`` holding a copy of ``source_root/games`` in one commit,
    for a demo to play on without touching the project's own repository."""
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(Path(source_root) / GAMES, dest / GAMES)
    repo = init_repo(dest, "main")
    run(repo, "config", "user.name", "judge demo")
    run(repo, "config", "user.email", "demo@judge.invalid")
    run(repo, "add", "--all")
    run(repo, "commit", "-q", "-m", "games")
    return dest
