"""Pull requests carrying orders: who may change what, receipts, and the merge.

A player sends orders as a pull request that adds or changes their power's order file for the
current phase, and nothing else. The check runs in a ``pull_request_target`` workflow: the
judge's code and the game's settings come from the base branch (trusted); the pull request's
files are only read as data (``git diff --raw`` between the merge base and the head, and the
blobs of the head), never checked out or run.

When the pull request is accepted, :func:`accept` commits, on the base branch, the order files as
they are in the pull request's head plus a receipt per power (``receipts/<power>.yaml``) with the
time the check ran — the runner's clock, which the player does not control, unlike commit dates —
and the pull request's number and head. The commit's second parent is the pull request's head,
so GitHub shows the pull request as merged once the workflow pushes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import yaml

from ..core.errors import JudgeError, StoreError
from ..core.types import Power
from ..notation import parse_orders
from ..sealing import is_armored
from .layout import GAMES, RECEIPTS, Game, GitTree, join, power_stem
from .settings import format_time
from .submissions import digest
from .transaction import PlannedCommit, commit_atomically

MAX_BYTES = 64 * 1024
PLAIN, SYMLINK, SUBMODULE = "100644", "120000", "160000"
_ORDER_PATH = re.compile(r"^games/([^/]+)/([^/]+)/orders/([^/]+)$")


@dataclass(frozen=True)
class Change:
    """One file changed by a pull request, as ``git diff --raw`` reports it."""

    status: str
    """``A`` added, ``M`` modified, ``D`` deleted, ``T`` type changed, ``R``/``C`` renamed/copied."""
    old_mode: str
    new_mode: str
    new_sha: str
    path: str
    old_path: str | None = None


def diff_changes(repo: Any, base: str, head: str) -> list[Change]:
    """What ``head`` changes since its merge base with ``base`` (renames detected)."""
    import git

    try:
        mb = repo.git.merge_base(base, head)
    except git.GitCommandError:
        raise StoreError(f"{head} shares no history with {base}") from None
    out = repo.git.diff("--raw", "-z", "-M", "--no-abbrev", "--no-ext-diff", "--no-textconv", mb, head)
    fields = out.split("\0")
    changes = []
    i = 0
    while i < len(fields) and fields[i]:
        meta = fields[i].lstrip(":").split()
        old_mode, new_mode, _, new_sha, status = meta[:5]
        if status[0] in "RC":
            changes.append(Change(status[0], old_mode, new_mode, new_sha, fields[i + 2], fields[i + 1]))
            i += 3
        else:
            changes.append(Change(status[0], old_mode, new_mode, new_sha, fields[i + 1]))
            i += 2
    return changes


def fetch_pull(repo: Any, remote: str, number: int, head: str) -> None:
    """Fetch pull request ``number``'s head from ``remote`` (objects only: nothing is checked out)
    and make sure it is the commit ``head`` the check was started for."""
    import git

    ref = f"refs/remotes/pull/{number}/head"
    try:
        repo.git.fetch("--no-tags", remote, f"+refs/pull/{number}/head:{ref}")
    except git.GitCommandError as exc:
        msg = re.sub(r"://[^/@\s]+@", "://***@", str(exc.stderr).strip())
        raise StoreError(f"cannot fetch pull request #{number}: {msg}") from None
    fetched = repo.commit(ref).hexsha
    try:
        wanted = repo.commit(head).hexsha
    except (ValueError, git.BadName):
        wanted = None
    if wanted != fetched:
        raise StoreError(f"pull request #{number} moved on to {fetched[:12]} while being checked; "
                         "the check of the new head decides")


@dataclass
class FileVerdict:
    """The verdict on one changed path."""

    path: str
    ok: bool
    reason: str
    power: Power | None = None
    game: str | None = None
    folder: str | None = None
    change: Change | None = None


@dataclass
class Verdict:
    """The verdict on a pull request."""

    author: str
    files: list[FileVerdict] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        """Accepted when it changes something and every change is allowed."""
        return bool(self.files) and not self.problems and all(f.ok for f in self.files)

    def to_markdown(self, pr: int | None = None) -> str:
        """The job summary."""
        what = f"Pull request #{pr}" if pr else "The pull request"
        head = "accepted" if self.accepted else "refused"
        lines = [f"## Orders check: {head}", "", f"{what} by @{self.author} is **{head}**.", ""]
        if self.files:
            lines += ["| file | verdict |", "|---|---|"]
            for f in self.files:
                lines.append(f"| `{f.path}` | {'ok' if f.ok else 'refused'}: {f.reason} |")
            lines.append("")
        for p in self.problems:
            lines.append(f"- {p}")
        if self.readings:
            lines += ["", "### How the orders were read", "", "```"] + self.readings + ["```"]
        return "\n".join(lines).rstrip() + "\n"

    def to_text(self) -> str:
        """The verdict for a terminal."""
        lines = [f"orders check: {'accepted' if self.accepted else 'refused'} (author {self.author})"]
        for f in self.files:
            lines.append(f"  {f.path}: {'ok' if f.ok else 'refused'}: {f.reason}")
        lines += [f"  {p}" for p in self.problems]
        lines += [f"  {r}" for r in self.readings]
        return "\n".join(lines)


def check_pr(repo: Any, base: str, head: str, author: str, now: datetime) -> Verdict:
    """Judge the pull request ``base...head`` by ``author`` at ``now``, from the base's settings."""
    tree = GitTree(repo.commit(base))
    head_commit = repo.commit(head)
    verdict = Verdict(author)
    games: dict[str, Game | None] = {}

    def game_at(slug: str) -> Game | None:
        if slug not in games:
            try:
                games[slug] = Game.load(tree, join(GAMES, slug)) if tree.read(join(GAMES, slug, "game.yaml")) else None
            except JudgeError as exc:
                verdict.problems.append(f"the game {slug!r} cannot be read on the base branch: {exc}")
                games[slug] = None
        return games[slug]

    changes = diff_changes(repo, base, head)
    if not changes:
        verdict.problems.append("the pull request changes no file")
    for ch in changes:
        verdict.files.append(_judge_change(ch, author, now, game_at, head_commit, verdict))
    plays = [g for s in tree.listdir(GAMES) if (g := game_at(s)) is not None and g.settings.powers_of(author)]
    if not plays:
        verdict.problems.append(f"@{author} plays no power in any game of this repository")
    return verdict


def _judge_change(ch: Change, author: str, now: datetime, game_at, head_commit: Any, verdict: Verdict) -> FileVerdict:
    path = ch.path
    fv = FileVerdict(path, False, "", change=ch)
    if ch.status in "RC":
        fv.reason = f"{'renamed' if ch.status == 'R' else 'copied'} from `{ch.old_path}`: renames and copies are not allowed"
        return fv
    if ch.status not in "AMD":
        fv.reason = "the kind of file changed (e.g. into a symbolic link): not allowed"
        return fv
    mode = ch.old_mode if ch.status == "D" else ch.new_mode
    if mode == SYMLINK:
        fv.reason = "a symbolic link: not allowed"
        return fv
    if mode == SUBMODULE:
        fv.reason = "a submodule: not allowed"
        return fv
    if mode != PLAIN:
        fv.reason = f"mode {mode}: only plain files (100644) are allowed"
        return fv
    parts = path.split("/")
    if ".." in parts or "." in parts or "" in parts or "\\" in path:
        fv.reason = "a path with '..', '.', '\\' or an empty part: not allowed"
        return fv
    m = _ORDER_PATH.match(path)
    game = game_at(m.group(1)) if m else None
    if m is None or game is None:
        fv.reason = "only your power's order file for the current phase may be changed"
        return fv
    fv.game = game.slug
    folder, name = m.group(2), m.group(3)
    if game.settings.status != "active":
        fv.reason = f"the game is {game.settings.status}"
        return fv
    current = game.current()
    if folder != current:
        fv.reason = f"not the current phase (orders go to `{game.path}/{current}/orders/`)" if current else "the game is over"
        return fv
    fv.folder = folder
    names = {game.order_name(p): p for p in game.variant.powers}
    power = names.get(name)
    mine = game.settings.powers_of(author)
    if power is None:
        other = {power_stem(p) + ext: p for p in game.variant.powers for ext in (".txt", ".txt.age")}
        lowered = {n.lower(): n for n in names}
        expected = ", ".join(f"`{game.order_name(p)}`" for p in mine) or "(you play no power here)"
        if name.lower() in lowered:
            fv.reason = f"the file name must be exactly `{lowered[name.lower()]}` (lower case)"
        elif name in other:
            fv.reason = ("this game's orders are sealed: commit the `.txt.age` file made by `judge seal`"
                         if game.settings.sealed else "this game's orders are public: commit the `.txt` file")
        else:
            fv.reason = f"not an order file name of this game (yours: {expected})"
        return fv
    fv.power = power
    if power not in mine:
        who = game.settings.players.get(power)
        fv.reason = f"{power}'s orders: {power} is played by {'@' + who if who else 'nobody'}, not by @{author}"
        return fv
    info = game.info(folder)
    if now > info.deadline + game.settings.schedule.grace:
        fv.reason = f"the deadline ({format_time(info.deadline)}, +{game.settings.schedule.grace_minutes} min) has passed"
        return fv
    if ch.status == "D":
        fv.ok, fv.reason = True, f"{power}'s orders withdrawn"
        return fv
    blob = _tree_blob(head_commit, path)
    if blob is None or blob.hexsha != ch.new_sha:
        fv.reason = "not found as a plain file in the pull request's tree (a hand-made tree?): not allowed"
        return fv
    if blob.size > MAX_BYTES:
        fv.reason = f"{blob.size} bytes: an order file is at most {MAX_BYTES}"
        return fv
    data = blob.data_stream.read()
    if game.settings.sealed:
        if not is_armored(data):
            fv.reason = "not an armored age file (make it with `judge seal`)"
            return fv
        fv.ok, fv.reason = True, f"{power}'s sealed orders (their content is checked at the deadline)"
        return fv
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        fv.reason = "not UTF-8 text"
        return fv
    if "\0" in text:
        fv.reason = "not text (it holds NUL characters)"
        return fv
    fv.ok, fv.reason = True, f"{power}'s orders"
    position = game.position(folder)
    for ln in parse_orders(text, game.variant, position, path, default_power=power):
        if ln.error is not None:
            verdict.readings.append(f"{ln.where}: {ln.error.message}: {ln.text!r}")
        elif ln.power != power:
            verdict.readings.append(f"{ln.where}: an order for {ln.power} in {power}'s file will be refused: {ln.text!r}")
        else:
            note = f" ({'; '.join(ln.notes)})" if ln.notes else ""
            verdict.readings.append(f"{ln.where}: {ln.order}{note}")
    return fv


def _tree_blob(commit: Any, path: str) -> Any:
    """The blob at ``path`` in ``commit``'s tree, found folder by folder; None if there is none
    (or the tree was made by hand, e.g. with an entry name holding a ``/``)."""
    try:
        node = commit.tree / path
    except (KeyError, ValueError, TypeError):
        return None
    return node if node.type == "blob" else None


def accept(repo: Any, verdict: Verdict, head: str, now: datetime, pr: int | None = None) -> str:
    """Commit an accepted pull request's order files and receipts on the current branch, as a
    merge of the pull request's head. Returns the new commit's sha."""
    if not verdict.accepted:
        raise StoreError("the pull request was refused: nothing to accept")
    head_commit = repo.commit(head)
    changes: dict[str, bytes] = {}
    deletions: list[str] = []
    receipts: dict[tuple[str, str, str], dict[str, Any]] = {}
    for f in verdict.files:
        assert f.change is not None and f.power is not None and f.folder is not None and f.game is not None
        folder_path = join(GAMES, f.game, f.folder)
        rel = f.path[len(folder_path) + 1:]
        key = (f.game, f.folder, f.power)
        receipt = receipts.setdefault(key, {
            "power": f.power, "player": verdict.author, "pull_request": pr, "head": head_commit.hexsha,
            "received": format_time(now), "files": {}})
        if f.change.status == "D":
            deletions.append(f.path)
            receipt["files"][rel] = None
        else:
            blob = _tree_blob(head_commit, f.path)
            if blob is None or blob.hexsha != f.change.new_sha:
                raise StoreError("the pull request's tree changed since it was checked", f.path)
            data = blob.data_stream.read()
            changes[f.path] = data
            receipt["files"][rel] = digest(data)
    for (game, folder, power), receipt in receipts.items():
        path = join(GAMES, game, folder, RECEIPTS, power_stem(power) + ".yaml")
        changes[path] = yaml.safe_dump(receipt, sort_keys=False, allow_unicode=True).encode("utf-8")
    summary = sorted({(g, fo) for g, fo, _ in receipts})
    powers = ", ".join(sorted({p for _, _, p in receipts}))
    first = f"{summary[0][0]}: orders of {powers} for {summary[0][1]}" + (f" (#{pr})" if pr else "")
    body = f"Received {format_time(now)} from @{verdict.author}, head {head_commit.hexsha}."
    plan = PlannedCommit(first + "\n\n" + body + "\n", changes, extra_parents=(head_commit.hexsha,),
                         deletions=tuple(deletions))
    return commit_atomically(repo, [plan], now)[0]
