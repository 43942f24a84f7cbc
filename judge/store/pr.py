"""Pull requests carrying orders: who may change what, receipts, and the merge.

A player sends orders as a pull request that adds or changes their power's order file for the
current phase, and press as one that adds or changes their power's press files for it
(``press/<power>.md`` or ``press/<power>-<words>.md``), and nothing else. The check runs in a
``pull_request_target`` workflow: the judge's code and the game's settings come from the base
branch (trusted); the pull request's files are only read as data (``git diff --raw`` between the merge base and the head, and the
blobs of the head), never checked out or run.

When the pull request is accepted, :func:`accept` commits, on the base branch, the order and
press files as they are in the pull request's head plus a receipt per power
(``receipts/<power>.yaml``) with the time the check ran — the runner's clock, which the player does not control, unlike commit dates —
and the pull request's number and head. Only that net change enters the branch, as one new
commit with the player as co-author: never the pull request's commits (a file added and removed
again in them, a sealed game's clear text committed before its sealed file). The workflow then
closes the pull request with its answer (``judge check-pr --comment``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Mapping


from ..core.errors import JudgeError, StoreError
from ..core.types import Power
from ..verdict import OrderFile, Verdict as LineKind
from ..sealing import is_armored
from . import gitrepo
from .layout import GAMES, RECEIPTS, SETTINGS, Game, GitTree, Receipt, join, parse_receipt, power_stem, read_text
from .settings import Limits, format_time
from .submissions import digest, read_submission
from .transaction import PlannedCommit, commit_atomically

MAX_BYTES = 64 * 1024
PLAIN, SYMLINK, SUBMODULE = "100644", "120000", "160000"
_PLAYER_PATH = re.compile(r"^games/([^/]+)/([^/]+)/(orders|press)/([^/]+)$")
"""The files a player may send: ``games/<game>/<phase folder>/orders/<file>`` or ``.../press/<file>``."""
_PRESS_NAME = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
"""A press file's name: lower-case words and dashes, ``.md``; it begins with its power's stem."""


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
    try:
        mb = gitrepo.run(repo, "merge-base", base, head)
    except gitrepo.GitFailed:
        raise StoreError(f"{head} shares no history with {base}") from None
    out = gitrepo.run(repo, "diff", "--raw", "-z", "-M", "--no-abbrev", "--no-ext-diff", "--no-textconv", mb, head)
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


def resolve_commit(repo: Any, rev: str, where: str, hint: str = "") -> str:
    """The full sha of the commit ``rev`` names; StoreError located at ``where`` (an option or
    a role, such as ``--head``) when the repository has no such commit."""
    try:
        return gitrepo.run(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    except gitrepo.GitFailed:
        raise StoreError(f"no commit {rev!r} in this repository{hint}", where) from None


def fetch_pull(repo: Any, remote: str, number: int, head: str) -> None:
    """Fetch pull request ``number``'s head from ``remote`` (objects only: nothing is checked out)
    and make sure it is the commit ``head`` the check was started for."""
    ref = f"refs/remotes/pull/{number}/head"
    try:
        gitrepo.run(repo, "fetch", "--no-tags", remote, f"+refs/pull/{number}/head:{ref}")
    except gitrepo.GitFailed as exc:
        raise StoreError(f"cannot fetch pull request #{number}: {exc.reason}") from None
    fetched = gitrepo.commit(repo, ref).hexsha
    try:
        wanted = resolve_commit(repo, head, "--head")
    except StoreError:
        raise StoreError(f"{head!r} is not the head of pull request #{number} (which is {fetched[:12]})",
                         "--head") from None
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
    kind: str = "orders"
    """``orders`` or ``press``."""
    size: int = 0
    """The file's bytes in the pull request (0 when removed or not read)."""


@dataclass
class Reading:
    """How one order file of a pull request was read: the judge's one reading of an order file
    (:func:`judge.verdict.read_order_file`), line by line, and whether its ``# ready`` counts."""

    path: str
    power: Power
    file: OrderFile

    @property
    def ready_problems(self) -> list[str]:
        return self.file.ready_problems

    @property
    def ready_note(self) -> str | None:
        """One sentence on ``# ready``, None if the file is not marked ready."""
        if not self.file.marked_ready:
            return None
        if self.ready_problems:
            return (f"'# ready' does not count: {'; '.join(self.ready_problems)}. {self.power} is not ready, and the "
                    "phase will not be played early, until every line is understood (fix or remove those lines)")
        return f"'# ready' counts: every line was understood; {self.power} is ready"

    @property
    def warning(self) -> str | None:
        """One sentence naming the lines that will not be followed as written (illegal,
        ambiguous, not understood, refused, replaced), None when every line will be."""
        bad = self.file.problems
        if not bad:
            return None
        nos = ", ".join(str(ln.line) for ln in bad)
        return (f"{len(bad)} line{'s' if len(bad) > 1 else ''} of {self.power}'s orders will not be followed as "
                f"written (line{'s' if len(bad) > 1 else ''} {nos}): the file is accepted, but fix "
                f"{'them' if len(bad) > 1 else 'it'} before the deadline")


@dataclass
class Verdict:
    """The verdict on a pull request."""

    author: str
    files: list[FileVerdict] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    """How each order line was read, located (``path:line: order``), for a terminal."""
    read: list[Reading] = field(default_factory=list)
    """The same by file, with the ``# ready`` verdict (the job summary's tables)."""
    committed: str | None = None
    """The commit on the base branch that took the accepted files (``--apply``)."""

    @property
    def accepted(self) -> bool:
        """Accepted when it changes something and every change is allowed."""
        return bool(self.files) and not self.problems and all(f.ok for f in self.files)

    def to_markdown(self, pr: int | None = None) -> str:
        """The job summary (and the pull request's comment). Everything a player chose (file
        names, order lines) is escaped for GitHub: shown as written, making no link, mention or
        heading (:func:`judge.escape.gh_text`, :func:`~judge.escape.gh_code`)."""
        from ..escape import gh_code, gh_text

        what = f"Pull request #{pr}" if pr else "The pull request"
        head = "accepted" if self.accepted else "refused"
        lines = [f"## Orders check: {head}", "", f"{what} by @{self.author} is **{head}**.", ""]
        if self.committed:
            lines += [f"Its files are committed to the base branch as {self.committed[:12]}, with a receipt: only the "
                      "files it changes were taken, not its commits, so it is closed rather than merged.", ""]
        if self.files:
            lines += ["| file | verdict |", "|---|---|"]
            for f in self.files:
                lines.append(f"| {gh_code(f.path)} | {'ok' if f.ok else 'refused'}: {gh_text(f.reason)} |")
            lines.append("")
        for p in self.problems:
            lines.append(f"- {gh_text(p)}")
        if self.read:
            for r in self.read:
                if r.warning:
                    lines += ["", "> [!WARNING]", f"> {gh_text(r.warning)}"]
            lines += ["", "### How the orders were read", ""]
            for r in self.read:
                lines += _reading_markdown(r)
        return "\n".join(lines).rstrip() + "\n"

    def to_text(self) -> str:
        """The verdict for a terminal and a job's log: a player's words as escapes, no new line
        and no workflow command in them (:func:`judge.escape.log_safe`)."""
        from ..escape import log_safe as safe

        lines = [f"orders check: {'accepted' if self.accepted else 'refused'} (author {safe(self.author)})"]
        for f in self.files:
            lines.append(f"  {safe(f.path)}: {'ok' if f.ok else 'refused'}: {safe(f.reason)}")
        lines += [f"  {safe(p)}" for p in self.problems]
        lines += [f"  {safe(r)}" for r in self.readings]
        lines += [f"  {safe(r.path)}: warning: {safe(note)}" for r in self.read if (note := r.warning)]
        lines += [f"  {safe(r.path)}: {safe(note)}" for r in self.read if (note := r.ready_note)]
        return "\n".join(lines)


def _reading_markdown(r: Reading) -> list[str]:
    """How one file's orders were read, for the job summary: a table of its lines and what each
    was read as, the units left without an order, and whether its ``# ready`` counts."""
    from ..escape import gh_code, gh_text

    lines = [f"{gh_code(r.path)} ({gh_text(r.power)}):", "", "| line | text | read as |", "|---:|---|---|"]
    for ln in r.file.lines:
        if ln.verdict is LineKind.READY:
            read_as = "marks the orders ready" + (" (**does not count**)" if r.ready_problems else "")
        elif ln.verdict.is_problem:
            read_as = f"**{gh_text(ln.read_as)}**"
        else:
            read_as = gh_text(ln.read_as)
        lines.append(f"| {ln.line} | {gh_text(ln.text) or ' '} | {read_as} |")
    if not r.file.lines:
        lines.append("| | | no orders |")
    lines.append("")
    if r.file.unordered:
        left = "; ".join(f"{o} ({why})" for o, why in r.file.unordered)
        lines += [f"Without an order: {gh_text(left)}.", ""]
    if r.ready_problems:
        lines += [f"**`# ready` does not count** for {gh_text(r.power)}: "
                  f"{gh_text('; '.join(r.ready_problems))}. {gh_text(r.power)} is not ready, and the "
                  "phase will not be played early, until every line is understood: fix or remove those "
                  "lines and send the file again.", ""]
    elif r.file.marked_ready:
        lines += [f"`# ready` counts: every line was understood; {gh_text(r.power)} is ready.", ""]
    return lines


def check_pr(repo: Any, base: str, head: str, author: str, now: datetime) -> Verdict:
    """Judge the pull request ``base...head`` by ``author`` at ``now``, from the base's settings."""
    tree = GitTree(gitrepo.commit(repo, resolve_commit(repo, base, "base")))
    head_commit = gitrepo.commit(repo, resolve_commit(repo, head, "head"))
    verdict = Verdict(author)
    games: dict[str, Game | None] = {}

    def game_at(slug: str) -> Game | None:
        if slug not in games:
            try:
                games[slug] = Game.load(tree, join(GAMES, slug)) if tree.read(join(GAMES, slug, SETTINGS)) else None
            except JudgeError as exc:
                verdict.problems.append(f"the game {slug!r} cannot be read on the base branch: {exc}")
                games[slug] = None
        return games[slug]

    changes = diff_changes(repo, base, head)
    if not changes:
        verdict.problems.append("the pull request changes no file")
    for ch in changes:
        verdict.files.append(_judge_change(ch, author, now, game_at, head_commit, verdict))
    _press_totals(tree, verdict, game_at)
    plays = [g for s in tree.listdir(GAMES) if (g := game_at(s)) is not None and g.settings.powers_of(author)]
    if not plays:
        verdict.problems.append(f"@{author} plays no power in any game of this repository")
    return verdict


def _press_totals(tree: GitTree, verdict: Verdict, game_at: Any) -> None:
    """Each power's press in a phase, as it would be once this pull request is merged (the press
    already received and this pull request's), within the game's limits (``press_files``,
    ``press_bytes``): else every press file of the pull request for that power is refused."""
    by: dict[tuple[str, str, str], list[FileVerdict]] = {}
    for f in verdict.files:
        if f.kind == "press" and f.ok and f.game and f.folder and f.power:
            by.setdefault((f.game, f.folder, f.power), []).append(f)
    for (slug, folder, power), mine in by.items():
        game = game_at(slug)
        why = _press_over_limits(power, _press_sizes(tree, game, join(GAMES, slug, folder, "press"), power, mine),
                                 game.settings.limits)
        if why:
            for f in mine:
                if f.change is None or f.change.status != "D":
                    f.ok, f.reason = False, why


def _press_sizes(tree: GitTree, game: Game, press: str, power: str, mine: list[FileVerdict]) -> dict[str, int]:
    """The size of each press file of ``power`` in the folder ``press`` once the pull request's
    files (``mine``) are merged: those received, those it adds or changes, less those it deletes."""
    sizes = {}
    for name in tree.listdir(press):
        if press_power(game, name) == power:
            data = tree.read(join(press, name))
            sizes[join(press, name)] = len(data) if data is not None else 0
    for f in mine:
        if f.change is not None and f.change.status == "D":
            sizes.pop(f.path, None)
        elif f.change is not None:
            sizes[f.path] = f.size
    return sizes


def _press_over_limits(power: str, sizes: Mapping[str, int], limits: Limits) -> str | None:
    """Why a power's press in a phase breaks the game's limits (too many files, too many bytes);
    None when it keeps to them."""
    if len(sizes) > limits.press_files:
        return (f"{power} would have {len(sizes)} press files in this phase: at most {limits.press_files} "
                "(limits: press_files in game.yaml)")
    if sum(sizes.values()) > limits.press_bytes:
        return (f"{power}'s press in this phase would be {sum(sizes.values())} bytes: at most {limits.press_bytes} "
                "(limits: press_bytes in game.yaml)")
    return None


def _judge_change(ch: Change, author: str, now: datetime, game_at, head_commit: Any, verdict: Verdict) -> FileVerdict:
    """The verdict on one changed file: a plain file (:func:`_kind_refused`) at a player's path of
    the current phase of an active game (:func:`_place`), of a power the author plays
    (:func:`_sender`), before the deadline (:func:`_late`); then its content (:func:`_content`)
    and, for orders, how they read (:func:`_read_orders`)."""
    fv = FileVerdict(ch.path, False, "", change=ch)
    reason = _kind_refused(ch)
    game = None if reason else _place(ch, game_at, fv, author)
    if reason or game is None:
        fv.reason = reason or fv.reason
        return fv
    power = _sender(game, author, fv)
    if power is None or _late(game, now, fv):
        return fv
    if ch.status == "D":
        fv.ok = fv.kind == "orders"
        fv.reason = (f"{power}'s orders withdrawn" if fv.ok
                     else "press, once published, stays: ask the Gamesmaster to take it down")
        return fv
    text = _content(ch, head_commit, game, fv)
    if text is not None and fv.kind == "orders":
        _read_orders(game, text, fv, verdict)
    return fv


def _kind_refused(ch: Change) -> str | None:
    """Why the kind of change is not allowed (renames, links, submodules, odd modes and paths),
    or None: a player adds, changes or removes plain files only."""
    if ch.status in "RC":
        return f"{'renamed' if ch.status == 'R' else 'copied'} from `{ch.old_path}`: renames and copies are not allowed"
    if ch.status not in "AMD":
        return "the kind of file changed (e.g. into a symbolic link): not allowed"
    mode = ch.old_mode if ch.status == "D" else ch.new_mode
    if mode != PLAIN:
        return {SYMLINK: "a symbolic link: not allowed",
                SUBMODULE: "a submodule: not allowed"}.get(mode, f"mode {mode}: only plain files (100644) are allowed")
    parts = ch.path.split("/")
    if ".." in parts or "." in parts or "" in parts or "\\" in ch.path:
        return "a path with '..', '.', '\\' or an empty part: not allowed"
    return None


def _place(ch: Change, game_at, fv: FileVerdict, author: str) -> Game | None:
    """The game whose current phase's orders or press the file is (filling ``fv``'s game, folder
    and kind; for orders, their power, by :meth:`Game.order_file`, the rules ``judge check``
    applies too); None with the reason in ``fv`` when it is no such file, saying where the
    author's orders go."""
    m = _PLAYER_PATH.match(ch.path)
    game = game_at(m.group(1)) if m else None
    if m is None or game is None:
        fv.reason = ("only your power's order file for the current phase may be changed "
                     "(and its press: `press/<power>.md` or `press/<power>-<words>.md`)")
        guess = re.match(r"^games/([^/]+)/", ch.path)
        near = game_at(guess.group(1)) if guess else None
        if near is not None and near.current() is not None and near.settings.powers_of(author):
            fv.reason += ": yours go at " + ", ".join(f"`{near.order_path(p)}`" for p in near.settings.powers_of(author))
        return None
    fv.game = game.slug
    folder, fv.kind = m.group(2), m.group(3)
    if game.settings.status != "active":
        fv.reason = f"the game is {game.settings.status}"
        return None
    if fv.kind == "orders":
        try:
            fv.folder, fv.power = game.order_file(ch.path, game.settings.powers_of(author))
        except StoreError as exc:
            fv.reason = exc.message
            return None
        return game
    current = game.current()
    if folder != current:
        fv.reason = (f"not the current phase (press goes to `{game.path}/{current}/press/`)" if current
                     else "the game is over")
        return None
    fv.folder = folder
    return game


def _sender(game: Game, author: str, fv: FileVerdict) -> Power | None:
    """The power the file is for, if the author plays it (set in ``fv``); None with the reason in ``fv``."""
    mine = game.settings.powers_of(author)
    name = fv.path.rsplit("/", 1)[-1]
    power = _press_power(game, name, mine, fv) if fv.kind == "press" else fv.power
    if power is None:
        return None
    fv.power = power
    if power not in mine:
        who = game.settings.players.get(power)
        fv.reason = f"{power}'s {fv.kind}: {power} is played by {'@' + who if who else 'nobody'}, not by @{author}"
        return None
    return power


def _late(game: Game, now: datetime, fv: FileVerdict) -> bool:
    """Is the phase's deadline (and its grace) past? The reason in ``fv`` if so."""
    assert fv.folder is not None
    info = game.info(fv.folder)
    if now > info.deadline + game.settings.schedule.grace:
        fv.reason = f"the deadline ({format_time(info.deadline)}, +{game.settings.schedule.grace_minutes} min) has passed"
        return True
    return False


def _content(ch: Change, head_commit: Any, game: Game, fv: FileVerdict) -> str | None:
    """The file's text as the pull request's tree holds it, if it may be sent: small, and text
    (or, for a sealed game's orders, an armored age file, accepted unread). The verdict in ``fv``;
    the text only when orders are to be read."""
    blob = GitTree(head_commit).blob(ch.path)
    if blob is None or blob.hexsha != ch.new_sha:
        fv.reason = "not found as a plain file in the pull request's tree (a hand-made tree?): not allowed"
        return None
    limits = game.settings.limits
    # The game's limit on the file (a sealed file's clear text is checked at the deadline), under any file's.
    key = "press_bytes" if fv.kind == "press" else "" if game.settings.sealed else "order_bytes"
    cap = min(MAX_BYTES, getattr(limits, key)) if key else MAX_BYTES
    if blob.size > cap:
        what = "an order file" if fv.kind == "orders" else "a press file"
        named = f" (limits: {key} in game.yaml)" if cap != MAX_BYTES else ""
        fv.reason = f"{blob.size} bytes: {what} is at most {cap} bytes{named}"
        return None
    data = blob.data_stream.read()
    fv.size = len(data)
    if fv.kind == "orders" and game.settings.sealed:
        fv.ok = is_armored(data)
        fv.reason = (f"{fv.power}'s sealed orders (their content is checked at the deadline)" if fv.ok
                     else "not an armored age file (make it with `judge seal`)")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        fv.reason = "not UTF-8 text"
        return None
    if "\0" in text:
        fv.reason = "not text (it holds NUL characters)"
        return None
    if fv.kind == "orders" and len(text.splitlines()) > limits.order_lines:
        fv.reason = (f"{len(text.splitlines())} lines: an order file is at most {limits.order_lines} lines "
                     "(limits: order_lines in game.yaml)")
        return None
    fv.ok = True
    fv.reason = f"{fv.power}'s press (published on the phase's page)" if fv.kind == "press" else f"{fv.power}'s orders"
    return text


def _read_orders(game: Game, text: str, fv: FileVerdict, verdict: Verdict) -> None:
    """How the judge reads the orders, line by line, for the author (``verdict.readings`` and
    ``verdict.read``), and whether their ``# ready`` counts (said in ``fv``'s reason). Illegal
    orders never refuse the file (a player may send them): they are named in its reason."""
    assert fv.folder is not None and fv.power is not None
    power, path = fv.power, fv.path
    reading = Reading(path, power, read_submission(game.variant, game.position(fv.folder), power, text, path))
    verdict.readings += [str(ln) for ln in reading.file.lines if ln.verdict is not LineKind.READY]
    verdict.read.append(reading)
    bad = reading.file.problems
    if bad:
        listed = ", ".join(str(ln.line) for ln in bad)
        fv.reason += f"; {len(bad)} line{'s' if len(bad) > 1 else ''} not followed as written (line{'s' if len(bad) > 1 else ''} {listed})"
    if reading.file.marked_ready and reading.ready_problems:
        nos = reading.file.ready_lines
        fv.reason += f"; '# ready' does not count: line{'s' if len(nos) > 1 else ''} {', '.join(map(str, nos))} not understood"
    elif reading.file.marked_ready:
        fv.reason += ", ready"


def press_power(game: Game, name: str) -> Power | None:
    """The power whose press file ``name`` is: ``<power>.md`` or ``<power>-<words>.md``, all lower
    case (``france.md``, ``france-to-england.md``); the longest power name that fits wins. None if
    the name is not a press file name or names no power of the game."""
    m = _PRESS_NAME.match(name)
    if m is None:
        return None
    stem = m.group(1)
    fits = [p for p in game.variant.powers if stem == power_stem(p) or stem.startswith(power_stem(p) + "-")]
    return max(fits, key=lambda p: len(power_stem(p))) if fits else None


def _press_power(game: Game, name: str, mine: list[Power], fv: FileVerdict) -> Power | None:
    power = press_power(game, name)
    if power is None:
        yours = ", ".join(f"`{power_stem(p)}.md`, `{power_stem(p)}-<words>.md`" for p in mine) or "(you play no power here)"
        fv.reason = ("a press file is named after its power, in lower-case letters, digits and dashes: "
                     f"`<power>.md` or `<power>-<words>.md` (yours: {yours})")
    return power


def accept(repo: Any, verdict: Verdict, head: str, now: datetime, pr: int | None = None) -> str:
    """Commit an accepted pull request's order and press files and receipts on the current
    branch, as one new commit (its files, never its history). Returns the new commit's sha.

    A power's receipt lists every file received for it in the phase: the files of an earlier
    receipt that this pull request does not change keep their entries (so that press sent after
    the orders does not make the orders look pushed directly)."""
    if not verdict.accepted:
        raise StoreError("the pull request was refused: nothing to accept")
    head_commit = gitrepo.commit(repo, head)
    base = GitTree(gitrepo.commit(repo))
    changes: dict[str, bytes] = {}
    deletions: list[str] = []
    # The files received, by game, phase folder and power: path in the folder -> digest (None: withdrawn).
    received: dict[tuple[str, str, str], dict[str, str | None]] = {}
    for f in verdict.files:
        assert f.change is not None and f.power is not None and f.folder is not None and f.game is not None
        rel = f.path[len(join(GAMES, f.game, f.folder)) + 1:]
        files = received.setdefault((f.game, f.folder, f.power), {})
        if f.change.status == "D":
            deletions.append(f.path)
            files[rel] = None
        else:
            blob = GitTree(head_commit).blob(f.path)
            if blob is None or blob.hexsha != f.change.new_sha:
                raise StoreError("the pull request's tree changed since it was checked", f.path)
            data = blob.data_stream.read()
            changes[f.path] = data
            files[rel] = digest(data)
    for (game, folder, power), files in received.items():
        path = join(GAMES, game, folder, RECEIPTS, power_stem(power) + ".yaml")
        earlier = _earlier_files(base, path)
        merged = dict(sorted({**{k: v for k, v in earlier.items() if k not in files}, **files}.items()))
        changes[path] = Receipt(now, merged, power, verdict.author, pr, head_commit.hexsha).to_text().encode("utf-8")
    summary = sorted({(g, fo) for g, fo, _ in received})
    powers = ", ".join(sorted({p for _, _, p in received}))
    kinds = " and ".join(k for k in ("orders", "press") if any(f.kind == k for f in verdict.files))
    first = f"{summary[0][0]}: {kinds} of {powers} for {summary[0][1]}" + (f" (#{pr})" if pr else "")
    body = f"Received {format_time(now)} from @{verdict.author}, head {head_commit.hexsha}."
    # Only the net change enters the branch, as one new commit (never the pull request's history:
    # a file added and removed again in it, or a sealed game's clear text committed before its
    # sealed file, stays out); the player is credited as co-author.
    body += f"\n\nCo-authored-by: {verdict.author} <{verdict.author}@users.noreply.github.com>"
    plan = PlannedCommit(first + "\n\n" + body + "\n", changes,
                         deletions=tuple(deletions))
    return commit_atomically(repo, [plan], now)[0]


def _earlier_files(tree: GitTree, path: str) -> dict[str, str | None]:
    """The ``files`` of the receipt at ``path`` on the base branch (empty if none, or unreadable)."""
    try:
        text = read_text(tree, path)
        return dict(parse_receipt(text, path).files) if text is not None else {}
    except JudgeError:
        return {}
