"""The Gamesmaster's acts on a game: each one commit, each refused with a reason when it makes no
sense, none needing a hand-edited YAML file.

* :func:`set_deadline` — move the current phase's deadline (extend it, or set it);
* :func:`pause` and :func:`resume` — stop the clock and start it again (the time left is kept);
* :func:`replace_player` — a new login takes over a power (its pending orders kept, or dropped);
* :func:`end_game` — the game ends: a draw or a concession by the players' votes, or the
  Gamesmaster's decision.

Votes are lines in the players' own order files for the current phase, sent by pull request like
their orders (so each vote is a reviewable commit with a receipt): ``# vote draw`` or
``# vote concede <Power>``. As on njudge, a draw includes every power still in the game (DIAS) and
needs each of their votes; a concession to a power needs the vote of every other power still in the
game. The Gamesmaster records the result; the judge checks the votes.

The changes are text edits of ``game.yaml`` and ``phase.yaml`` that keep the Gamesmaster's comments,
committed atomically (:func:`judge.store.transaction.commit_atomically`) under the repository's lock.
The commit's author is the Gamesmaster (``git config user.name``), not the judge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import yaml

from ..core.errors import StoreError
from ..core.types import Power
from ..reading import power_named
from ..verdict import read_vote
from .gitrepo import configured_actor
from .layout import PHASE_FILE, SETTINGS, Game, GitTree, PhaseInfo, join, parse_phase_info, power_stem
from .settings import ENDINGS, UTC, format_time, is_login
from .transaction import PlannedCommit, commit_atomically, recover, repository_lock

__all__ = ["parse_duration", "set_deadline", "pause", "resume", "replace_player", "end_game", "votes",
           "GMResult", "ENDINGS"]



@dataclass(frozen=True)
class GMResult:
    """What an act did: the commit made and a sentence for the Gamesmaster."""

    commit: str
    said: str


def parse_duration(text: str) -> timedelta:
    """``36h``, ``2d``, ``90m``, ``1d12h`` -> a duration; StoreError otherwise."""
    parts = re.findall(r"(\d+)\s*([dhm])", text.strip().lower())
    if not parts or re.sub(r"(\d+)\s*([dhm])", "", text.strip().lower()).strip():
        raise StoreError(f"not a duration: {text!r} (e.g. 24h, 2d, 90m, 1d12h)", "--extend")
    unit = {"d": "days", "h": "hours", "m": "minutes"}
    total = timedelta()
    for n, u in parts:
        total += timedelta(**{unit[u]: int(n)})
    if total <= timedelta(0):
        raise StoreError("the duration must be more than nothing", "--extend")
    return total


# -- reading ----------------------------------------------------------------------------------


def _head(repo: Any) -> GitTree:
    from .tick import head_tree

    return head_tree(repo)


def _game(repo: Any, path: str) -> Game:
    tree = _head(repo)
    if tree.read(join(path, SETTINGS)) is None:
        raise StoreError("no game.yaml committed here: not a game folder (or not committed yet)", path)
    return Game.load(tree, path)


def _current(game: Game) -> tuple[str, PhaseInfo]:
    folder = game.current()
    if folder is None:
        raise StoreError("the game is over: no phase is being played", game.path)
    return folder, game.info(folder)


def _open(game: Game) -> None:
    if game.settings.status == "finished":
        raise StoreError("the game has ended", join(game.path, SETTINGS))


def _text(repo: Any, path: str) -> str:
    data = _head(repo).read(path)
    if data is None:
        raise StoreError("not committed", path)
    return data.decode("utf-8-sig")


# -- editing game.yaml and phase.yaml, comments kept -------------------------------------------------


def _set_top(text: str, key: str, value: str, comment: str = "") -> str:
    """``key: value`` at the top level: the line replaced, or added at the end."""
    line = f"{key}: {value}" + (f"   # {comment}" if comment else "")
    new, n = re.subn(rf"(?m)^{re.escape(key)}[ \t]*:.*$", lambda _m: line, text, count=1)
    return new if n else text.rstrip("\n") + "\n" + line + "\n"


def _set_player(text: str, power: Power, login: str | None, where: str) -> str:
    """The ``players:`` entry of ``power`` set to ``login`` (the line's comment kept)."""
    lines = text.splitlines(keepends=True)
    inside = False
    for i, line in enumerate(lines):
        if re.match(r"^players[ \t]*:", line):
            inside = True
            continue
        if inside and re.match(r"^\S", line):
            break
        m = re.match(r"^([ \t]+)([^:#]+?)[ \t]*:[ \t]*([^#\n]*?)[ \t]*(#.*)?(\r?\n)?$", line)
        if inside and m and m.group(2).strip().lower() == power.lower():
            value = yaml.safe_dump(login, default_flow_style=True).strip().removesuffix("...").strip()
            comment = f"   {m.group(4)}" if m.group(4) else ""
            lines[i] = f"{m.group(1)}{m.group(2)}: {value}{comment}{m.group(5) or ''}"
            return "".join(lines)
    raise StoreError(f"{power} has no line under 'players:' to change", where)


def _commit(repo: Any, game: Game, message: str, changes: dict[str, bytes], now: datetime,
            deletions: tuple[str, ...] = ()) -> str:
    who = configured_actor(repo)
    [sha] = commit_atomically(repo, [PlannedCommit(f"{game.slug}: {message}", changes, deletions=deletions)], now, who)
    return sha


def _act(repo: Any, path: str, now: datetime, body) -> GMResult:  # noqa: ANN001 - a closure
    """Run one act under the repository's lock, after finishing any interrupted commit."""
    now = now.astimezone(UTC)
    with repository_lock(repo):
        recover(repo)
        game = _game(repo, path)
        message, changes, deletions, said = body(game)
        sha = _commit(repo, game, message, changes, now, deletions)
    return GMResult(sha, said)


# -- the acts -----------------------------------------------------------------------------------


def set_deadline(repo: Any, path: str, now: datetime, *, extend: timedelta | None = None,
                 when: datetime | None = None) -> GMResult:
    """Move the current phase's deadline: ``extend`` it by a duration, or set it to ``when``.

    Refused: a game that has ended; both or neither of ``extend`` and ``when``; a deadline that
    would be in the past (to play a phase now, ``judge tick --force``).
    """
    if (extend is None) == (when is None):
        raise StoreError("give either --extend DURATION or --set TIME", path)

    def body(game: Game):
        _open(game)
        folder, info = _current(game)
        if extend is not None:
            new = info.deadline + extend
        else:
            assert when is not None  # one of the two is given (checked above)
            new = when.astimezone(UTC)
        if new <= now:
            raise StoreError(f"the new deadline {format_time(new)} is not in the future; to play the phase now, "
                             "run judge tick --force", join(game.path, folder, PHASE_FILE))
        if new == info.deadline:
            raise StoreError(f"the deadline is already {format_time(new)}", join(game.path, folder, PHASE_FILE))
        file = join(game.path, folder, PHASE_FILE)
        text = _set_top(_text(repo, file), "deadline", f"'{format_time(new)}'")
        parse_phase_info(text, file)
        verb = "extended" if new > info.deadline else "brought forward"
        return (f"{info.phase}: deadline {verb} to {format_time(new)}", {file: text.encode()}, (),
                f"{info.phase}: the deadline is now {format_time(new)} (was {format_time(info.deadline)})")

    return _act(repo, path, now, body)


def pause(repo: Any, path: str, now: datetime) -> GMResult:
    """Stop the clock: no phase is played until :func:`resume` (``judge tick --force`` still plays
    one). The time then left before the deadline is written in ``phase.yaml`` (``left``)."""

    def body(game: Game):
        _open(game)
        if game.settings.status == "paused":
            raise StoreError("the game is already paused", join(game.path, SETTINGS))
        folder, info = _current(game)
        left = max(info.deadline - now, timedelta(0))
        changes = {join(game.path, SETTINGS): _set_top(_text(repo, join(game.path, SETTINGS)), "status", "paused",
                                                       "active | paused | finished").encode()}
        pfile = join(game.path, folder, PHASE_FILE)
        changes[pfile] = _set_top(_text(repo, pfile), "left_when_paused", str(int(left.total_seconds()))).encode()
        return ("paused", changes, (), f"paused with {_human(left)} left before the deadline of {info.phase}")

    return _act(repo, path, now, body)


def resume(repo: Any, path: str, now: datetime) -> GMResult:
    """Start the clock again: the deadline becomes now plus the time that was left at the pause
    (at least an hour), so nobody loses time to the pause."""

    def body(game: Game):
        _open(game)
        if game.settings.status != "paused":
            raise StoreError("the game is not paused", join(game.path, SETTINGS))
        folder, info = _current(game)
        pfile = join(game.path, folder, PHASE_FILE)
        ptext = _text(repo, pfile)
        left = (timedelta(seconds=info.left_when_paused) if info.left_when_paused is not None
                else max(info.deadline - now, timedelta(0)))
        new = now + max(left, timedelta(hours=1))
        ptext = re.sub(r"(?m)^left_when_paused[ \t]*:.*\n?", "", ptext)
        ptext = _set_top(ptext, "deadline", f"'{format_time(new)}'")
        parse_phase_info(ptext, pfile)
        changes = {join(game.path, SETTINGS): _set_top(_text(repo, join(game.path, SETTINGS)), "status", "active",
                                                       "active | paused | finished").encode(),
                   pfile: ptext.encode()}
        return (f"resumed; {info.phase} deadline {format_time(new)}", changes, (),
                f"resumed: the deadline of {info.phase} is {format_time(new)}")

    return _act(repo, path, now, body)


def replace_player(repo: Any, path: str, now: datetime, power_name: str, login: str | None, *,
                   keep_orders: bool = True) -> GMResult:
    """``login`` takes over ``power_name`` (``None``: nobody; the power is in civil disorder).
    With ``keep_orders`` false, the power's orders for the current phase (and their receipt) are
    removed, so the new player starts from none."""
    if login is not None and not is_login(login):
        raise StoreError(f"not a GitHub login: {login!r}", "LOGIN")

    def body(game: Game):
        power = power_named(game.variant, power_name)
        if power is None:
            raise StoreError(f"{power_name!r} is not a power of this game (powers: {', '.join(game.variant.players())})",
                             "POWER")
        _open(game)
        old = game.settings.players.get(power)
        if (old or "").lower() == (login or "").lower():
            raise StoreError(f"{power} is already played by {old or 'nobody'}", join(game.path, SETTINGS))
        sfile = join(game.path, SETTINGS)
        changes = {sfile: _set_player(_text(repo, sfile), power, login, sfile).encode()}
        deletions: tuple[str, ...] = ()
        folder, info = _current(game)
        if not keep_orders:
            tree = _head(repo)
            stem = power_stem(power)
            deletions = tuple(p for p in (join(game.path, folder, "orders", f"{stem}.txt"),
                                          join(game.path, folder, "orders", f"{stem}.txt.age"),
                                          join(game.path, folder, "receipts", f"{stem}.yaml"))
                              if tree.read(p) is not None)
        what = f"{power}: {login or 'nobody'} replaces {old or 'nobody'}"
        kept = ("; pending orders removed" if deletions else "") if not keep_orders else "; pending orders kept"
        return (what + kept, changes, deletions, what + kept)

    return _act(repo, path, now, body)


def votes(repo: Any, game: Game, identities: list[str] | None = None) -> dict[Power, str]:
    """The votes in the current phase's order files: power -> ``draw`` or ``concede <Power>``."""
    from .submissions import collect

    folder, _info = _current(game)
    collected = collect(game, folder, identities=identities or [], late_after=None)
    out: dict[Power, str] = {}
    for power, sub in collected.submissions.items():
        cast = [v for line in (sub.text or "").splitlines() if (v := read_vote(line, game.variant)) is not None]
        if cast:  # the last vote counts; one not read is named as written, so that it counts for nothing
            said, why = cast[-1]
            out[power] = said or f"?({why})"
    return out


def _surviving(game: Game) -> list[Power]:
    folder, _info = _current(game)
    position = game.position(folder)
    owners = set(position.supply_centers.values())
    return sorted(p for p in game.variant.powers if p in owners or any(u.power == p for u in position.units))


def end_game(repo: Any, path: str, now: datetime, how: str, *, winner: str | None = None, reason: str = "",
             identities: list[str] | None = None) -> GMResult:
    """End the game: ``draw`` (every power still in the game voted ``# vote draw``), ``concession``
    to ``winner`` (every other power still in it voted ``# vote concede <winner>``) or ``ended``
    (the Gamesmaster's decision, with a ``reason``). Writes ``status: finished`` and an ``ended:``
    record in ``game.yaml``; the site's pages say how the game ended."""
    if how not in ENDINGS:
        raise StoreError(f"a game ends by {', '.join(ENDINGS)}, not {how!r}", "HOW")

    def body(game: Game):
        _open(game)
        folder, info = _current(game)
        alive = _surviving(game)
        record: dict[str, Any] = {"how": how, "at": format_time(now), "phase": info.phase}
        if how == "ended":
            if not reason.strip():
                raise StoreError("say why the game ends (--reason)", "--reason")
            record["reason"] = " ".join(reason.split())
        else:
            cast = votes(repo, game, identities)
            if how == "draw":
                wanted = {p: "draw" for p in alive}
                record["powers"] = alive
            else:
                target = next((p for p in alive if winner and p.lower() == winner.lower()), None)
                if target is None:
                    raise StoreError(f"a concession is to a power still in the game ({', '.join(alive)}), "
                                     f"not {winner!r}", "POWER")
                wanted = {p: f"concede {target}" for p in alive if p != target}
                record["winner"] = target
            missing = [p for p, v in wanted.items() if cast.get(p) != v]
            if missing:
                said = "; ".join(f"{p} ({cast[p]!r})" if p in cast else f"{p} (no vote)" for p in missing)
                line = "# vote draw" if how == "draw" else f"# vote concede {record['winner']}"
                raise StoreError(f"not every vote is in: {said}. Each must send '{line}' in its orders for "
                                 f"{info.phase}", join(game.path, folder, "orders"))
            record["votes"] = {p: cast[p] for p in sorted(wanted)}
        sfile = join(game.path, SETTINGS)
        text = _set_top(_text(repo, sfile), "status", "finished", "active | paused | finished")
        text = re.sub(r"(?ms)^ended[ \t]*:.*?(?=^\S|\Z)", "", text)
        text = text.rstrip("\n") + "\n" + yaml.safe_dump({"ended": record}, sort_keys=False, allow_unicode=True)
        summary = {"draw": lambda: "a draw between " + ", ".join(alive),
                   "concession": lambda: f"conceded to {record.get('winner')}",
                   "ended": lambda: f"ended by the Gamesmaster: {record.get('reason')}"}[how]()
        return (f"game over in {info.phase}: {summary}", {sfile: text.encode()}, (), f"the game is over: {summary}")

    return _act(repo, path, now, body)


def _human(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{days} d"] * bool(days) + [f"{hours} h"] * bool(hours) + [f"{mins} min"] * bool(mins)
    return " ".join(parts) or "no time"
