"""Playing phases: from a phase folder with orders to its results and the next phase folder.

:func:`play_phase` is pure (a tree in, files out) and is what both ``judge tick`` and
``judge verify`` run, so that what verify checks is what the tick wrote. :func:`plan_game` plays
every phase of a game that is due — several in a row when a tick comes late — against an overlay
of its own pending writes; :mod:`judge.store.tick` commits the plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from ..adjudication import Report
from ..core.orders import Order
from ..core.phases import PhaseResult, adjustment_counts, adjudicate
from ..core.errors import StoreError
from ..core.types import PhaseKind, Position, Power
from ..core.variant import Variant
from ..dice import phase_seed
from ..positions import format_position
from ..record import PhaseRecord, record_phase
from . import artifacts
from .layout import PHASE_FILE, POSITION, RESULTS, RESULTS_TXT, Game, Overlay, PhaseInfo, phase_folder
from .settings import format_time
from .transaction import PlannedCommit
from .submissions import Collected, collect, must_order, parse_submissions, read_submission


@dataclass
class PlayedPhase:
    """A phase played: the files to write, and what to say about it."""

    game: str
    folder: str
    phase: str
    trigger: str | None
    changes: dict[str, bytes]
    record: PhaseRecord
    next_folder: str | None
    report: Report | None = None
    notice: str | None = None
    """For the job's log: the next phase's deadline was moved on, the run being late."""

    @property
    def tag(self) -> str:
        """The tag of the commit that holds the results: ``<game>/<folder>``."""
        return f"{self.game}/{self.folder}"

    @property
    def message(self) -> str:
        """The commit message: game and phase in the first line."""
        head = f"{self.game}: {self.phase} played ({self.trigger})"
        body = [f"Results: {self.folder}/{RESULTS}"]
        if self.next_folder:
            body.append(f"Next: {self.record.next_phase} ({self.next_folder})")
        if self.record.winner:
            body.append(f"{self.record.winner} has won the game.")
        if self.notice:
            body.append(self.notice.split(": ", 1)[1])
        return head + "\n\n" + "\n".join(body) + "\n"


def _count_due(position: Position, power: str) -> int:
    """Builds (positive) or removals (negative) due to ``power`` by its count of centres."""
    return adjustment_counts(position).get(Power(power), 0)


def missing_notes(variant: Variant, position: Position, collected: Collected) -> list[str]:
    """Sentences for the powers that had something to decide and sent nothing usable (not for
    pseudo-powers no player plays, such as Europe 1615's minor states)."""
    kind = position.phase.kind
    out = []
    for power in must_order(variant, position):
        info = variant.powers.get(power)
        if info is not None and not info.playable:
            continue
        sub = collected.submissions.get(power)
        if sub is not None and sub.used:
            continue
        said = variant.rules.missing_orders_note(variant, position, power)
        if said:
            out.append(said)
        elif kind is PhaseKind.MOVEMENT:
            out.append(f"No orders from {power}: its units hold.")
        elif kind is PhaseKind.RETREAT:
            out.append(f"No orders from {power}: its dislodged units are disbanded.")
        elif variant.rules.must_order(variant, position) is not None and _count_due(position, power) >= 0:
            # A variant whose Winter is more than builds and removals (Europe 1615): no disorder.
            out.append(f"No orders from {power}: it buys, builds and declares nothing this phase.")
        else:
            out.append(f"No orders from {power}: civil disorder (builds are waived, removals follow the rule).")
    return out


def play_phase(game: Game, folder: str, *, identities: list[str], trigger: str | None, now: datetime,
               next_opened: datetime, maps: bool = True, position: Position | None = None,
               info: PhaseInfo | None = None, scheduled: datetime | None = None) -> PlayedPhase:
    """Adjudicate ``folder`` of ``game`` and return every file this writes.

    ``trigger`` says why it is played (``deadline``, ``ready``, ``forced``); None replays a phase
    already played (``judge verify``): its ``phase.yaml`` is left alone and, in sealed games, the
    published clear text is read instead of the sealed files. ``position`` replaces the committed
    one (verify replays from its own positions). The next phase opens at ``next_opened`` (when
    it is played and published); its deadline is the schedule's
    (:meth:`~judge.store.settings.Schedule.next_deadline`, from ``scheduled``, the time the
    schedule meant it to open, when there is one).
    """
    variant = game.variant
    info = info or game.info(folder)
    position = position if position is not None else game.position(folder)
    late_after = info.deadline + game.settings.schedule.grace
    collected = collect(game, folder, identities=identities, late_after=late_after, prefer_clear=trigger is None)
    lines, refused = parse_submissions(variant, position, collected)
    orders = [ln.order for ln in lines if ln.order is not None]
    seed = phase_seed(game.slug, folder, collected.files()).hex() if variant.rules.uses_dice else None
    result = _adjudicate(variant, position, orders, seed)
    report = Report(variant, tuple(lines), result)
    notes = list(collected.notes)
    for sub in collected.submissions.values():
        notes += sub.notes
    notes += missing_notes(variant, position, collected)
    problems = report.problems + refused
    nxt = result.next_position
    next_folder = None if result.winner else phase_folder(variant.calendar, nxt.phase)
    record = record_phase(variant, report, game=game.slug, folder=folder, notes=notes, problems=problems,
                          next_position=None if result.winner else nxt, next_folder=next_folder, dice_seed=seed)
    changes: dict[str, bytes] = {game.folder_path(folder, RESULTS): record.to_yaml()}
    base = game.folder_path(folder)
    notice: str | None = None
    if trigger is not None:
        done = PhaseInfo(info.phase, info.opened, info.deadline, now, trigger)
        changes[game.folder_path(folder, PHASE_FILE)] = done.to_text().encode("utf-8")
    for sub in collected.submissions.values():
        if sub.publish is not None:
            changes[sub.path] = sub.publish
    title = game.settings.title
    next_deadline = None
    if next_folder:
        next_deadline, notice = _open_next(game, next_folder, nxt, changes, position=position,
                                           next_opened=next_opened, scheduled=scheduled)
    txt = artifacts.results_text(variant, record, before=position, after=None if result.winner else nxt,
                                 game=title, deadline=next_deadline)
    if txt is not None:
        changes[game.folder_path(folder, RESULTS_TXT)] = txt
    if maps:
        # A phase's map is stored once, when it is played, with its orders drawn on it: the open
        # phase's map (its position, no orders yet) is drawn by the site, never committed, so
        # that the repository's history holds one image per phase, and a tick draws one map.
        for name, blob in artifacts.map_files(variant, position, resolutions=report.resolutions(),
                                              title=f"{title}: {position.phase}", formats=game.settings.maps).items():
            changes[f"{base}/{name}"] = blob
    return PlayedPhase(game.slug, folder, str(position.phase), trigger, changes, record, next_folder, report, notice)


def _adjudicate(variant: Variant, position: Position, orders: list[Order], seed: str | None) -> PhaseResult:
    """The phase adjudicated; with ``seed``, for a variant that rolls dice, the dice seeded from
    the game, the phase and the order files as committed (:mod:`judge.dice`). The seed is no part
    of the positions the result holds."""
    if seed is None:
        return adjudicate(variant, position, orders)
    rolled = position.evolve(extra={**position.extra, "dice_seed": seed})
    result = adjudicate(variant, rolled, orders)
    nxt_extra = {k: v for k, v in result.next_position.extra.items() if k != "dice_seed"}
    return replace(result, position=position, next_position=result.next_position.evolve(extra=nxt_extra))


def _open_next(game: Game, next_folder: str, nxt: Position, changes: dict[str, bytes], *, position: Position,
               next_opened: datetime, scheduled: datetime | None) -> tuple[str, str | None]:
    """Open the next phase at ``next_opened``: its ``phase.yaml`` (with the schedule's deadline)
    and ``position.yaml`` added to ``changes``. Its deadline as written, and a notice when the
    run came late and the phase is given its full time rather than the schedule's deadline."""
    schedule = game.settings.schedule
    deadline = schedule.next_deadline(next_opened, nxt.phase.kind, scheduled)
    next_deadline = format_time(deadline)
    notice = None
    if scheduled is not None and deadline != schedule.deadline(scheduled, nxt.phase.kind):
        late = (next_opened - scheduled).total_seconds() / 3600
        notice = (f"{game.slug}: {nxt.phase} opens with its full time, deadline {next_deadline}: this run came "
                  f"{late:.1f} h after the deadline of {position.phase}")
    opened = PhaseInfo(str(nxt.phase), next_opened, deadline)
    changes[game.folder_path(next_folder, PHASE_FILE)] = opened.to_text().encode("utf-8")
    changes[game.folder_path(next_folder, POSITION)] = format_position(nxt).encode("utf-8")
    return next_deadline, notice


@dataclass
class Waiting:
    """Why a game's current phase was not played."""

    game: str
    folder: str | None
    reason: str


@dataclass
class GamePlan:
    """What a tick will do for one game."""

    game: str
    played: list[PlayedPhase] = field(default_factory=list)
    waiting: Waiting | None = None
    reopened: PlannedCommit | None = None
    """The commit that opens again a phase found long past its deadline with nobody's orders."""
    warnings: list[str] = field(default_factory=list)


def is_ready(game: Game, folder: str, position: Position, identities: list[str]) -> tuple[bool, str]:
    """Have all the players who must order marked their orders ready, in files whose every line
    was understood? And a word on who has (and whose ``# ready`` does not count, and why)."""
    deciding = must_order(game.variant, position)
    if not deciding:  # nobody has anything to order (Machiavelli's Winter income): play it at once
        return True, "nobody has anything to order in this phase"
    need = [p for p in deciding if game.settings.players.get(p)]
    if game.settings.sealed and not identities:
        return False, "sealed orders cannot be checked for '# ready' without the identity"
    collected = collect(game, folder, identities=identities, late_after=None)
    ready, unheeded = [], []
    for p in need:
        sub = collected.submissions.get(p)
        if sub is None or not sub.used or not sub.ready or sub.text is None:
            continue
        reading = read_submission(game.variant, position, p, sub.text, sub.path, deciding)
        why = reading.ready_problems
        if why and game.settings.sealed:
            # The reason goes to a public job log before the deadline: line numbers only, no word
            # of the sealed file (its player sees the lines with judge check).
            nos = reading.ready_lines
            why = [f"line{'s' if len(nos) > 1 else ''} {', '.join(map(str, nos))} not understood (see judge check)"]
        if why:
            unheeded.append(f"{p}'s '# ready' does not count: {'; '.join(why)}")
        else:
            ready.append(p)
    word = "; ".join([f"{len(ready)} of {len(need)} players ready"] + unheeded)
    return bool(need) and len(ready) == len(need), word


STALE_AFTER = timedelta(days=7)
"""A phase this long past its deadline (or twice its own length, if longer) with nobody's orders
was not left by a late run but by a game paused and set active by hand, or whose runs stopped:
it opens again with its full time rather than being played (:class:`Reopened`)."""


@dataclass
class Reopened:
    """A phase found long past its deadline with nobody's orders (a game paused and set active by
    hand, or whose runs stopped for days): it is not played with nobody's orders but opens again,
    with its full time from now."""

    folder: str
    info: PhaseInfo
    deadline: datetime


def _next_step(game: Game, now: datetime, *, identities: list[str], force: bool) -> Any:
    """Is the game's current phase due at ``now``? A :class:`Waiting` saying why not, a
    :class:`Reopened` phase, or ``(folder, info, position, trigger, next_opened, scheduled)``."""
    status = game.settings.status
    if status == "finished" or (status == "paused" and not force):
        return Waiting(game.slug, None, f"the game is {status}")
    folder = game.current()
    if folder is None:
        folders = game.folders()
        if not folders:
            return Waiting(game.slug, None, "no phase folder")
        _check_over(game, folders[-1])
        return Waiting(game.slug, None, "the game is over")
    info = game.info(folder)
    position = game.position(folder)
    schedule = game.settings.schedule
    due_at = info.deadline + schedule.grace
    if force:
        return folder, info, position, "forced", now, None
    if now >= due_at:
        stale = max(STALE_AFTER, 2 * timedelta(hours=schedule.rule(position.phase.kind).hours))
        if now - info.deadline > stale and not game.order_files(folder)[0] and must_order(game.variant, position):
            return Reopened(folder, info, schedule.next_deadline(now, position.phase.kind))
        # The next phase opens now, when players can see it; its deadline keeps the calendar
        # unless this run is so late that it would leave too little time (Schedule.next_deadline).
        return folder, info, position, "deadline", now, info.deadline
    if not must_order(game.variant, position):  # nothing to decide (Machiavelli's Winter income): at once
        return folder, info, position, "automatic", now, None
    ready, word = is_ready(game, folder, position, identities)
    if ready:
        return folder, info, position, "ready", now, None
    return Waiting(game.slug, folder, f"{info.phase}: deadline {format_time(info.deadline)} "
                                      f"(+{schedule.grace_minutes} min grace), {word}")


def _check_over(game: Game, last: str) -> None:
    """The last phase folder has results: the game is over only if they name a winner.
    Otherwise the next phase folder is missing (removed, or results added by hand): StoreError
    naming the results file, rather than a game that silently stops."""
    where = game.folder_path(last, RESULTS)
    record = game.results(last)
    if record is None or not record.winner:
        nxt = record.next_folder if record is not None else None
        raise StoreError(f"these results name no winner, yet no phase folder follows ({nxt or 'none named'}): "
                         "was the next folder removed, or were these results written by hand?", where)


def _reopen(game: Game, step: Reopened, now: datetime) -> PlannedCommit:
    """The commit that gives a stale phase its full time again (its ``phase.yaml``: opened now,
    the new deadline); its message says why, for the job's log."""
    info = step.info
    late = now - info.deadline
    days = late.days + (1 if late.seconds >= 43200 else 0)
    again = PhaseInfo(info.phase, now, step.deadline)
    message = (f"{game.slug}: {info.phase} opened again, deadline {format_time(step.deadline)}: its deadline "
               f"{format_time(info.deadline)} passed {days} day{'s' if days != 1 else ''} ago and nobody sent orders, "
               "so it is not played with nobody's orders (a paused game set active by hand?)\n")
    return PlannedCommit(message, {game.folder_path(step.folder, PHASE_FILE): again.to_text().encode("utf-8")})


def is_due(tree: Any, path: str, now: datetime, *, identities: list[str], force: bool = False) -> bool:
    """Has the game at ``path`` a phase to play at ``now`` (what :func:`plan_game` would play
    first), without playing it? Errors in the game's files are raised as by :func:`plan_game`."""
    game = Game.load(Overlay(tree), path)
    return not isinstance(_next_step(game, now, identities=identities, force=force), Waiting)


def plan_game(tree: Any, path: str, now: datetime, *, identities: list[str], force: bool = False,
              max_phases: int = 20, maps: bool = True) -> GamePlan:
    """Play every phase of the game at ``path`` that is due at ``now``.

    A phase is due when ``now`` is past its deadline plus grace, or when every player who has
    something to decide has marked their orders ready. The next phase opens ``now``, when its
    players can see it: its deadline keeps the calendar when the run is on time, and gives the
    phase its full time when the run is late (:meth:`~judge.store.settings.Schedule.next_deadline`),
    so a late run never costs a player time and never plays a second phase with nobody's orders.
    A phase found long past its deadline with nobody's orders is opened again with its full time
    (:class:`Reopened`), not played.
    ``force`` plays exactly the current phase, now, whatever its deadline, even in a paused
    game (the Gamesmaster's override, and the demo's). Paused and finished games otherwise wait.
    """
    overlay = Overlay(tree)
    game = Game.load(overlay, path)
    plan = GamePlan(game.slug, warnings=list(game.warnings))
    while len(plan.played) < max_phases:
        step = _next_step(game, now, identities=identities, force=force)
        if isinstance(step, Waiting):
            plan.waiting = step
            break
        if isinstance(step, Reopened):
            plan.reopened = _reopen(game, step, now)
            # The commit's first line without the game's name, which the tick's line gives already.
            plan.waiting = Waiting(game.slug, step.folder, plan.reopened.message.splitlines()[0].split(": ", 1)[1])
            break
        folder, info, position, trigger, next_opened, scheduled = step
        played = play_phase(game, folder, identities=identities, trigger=trigger, now=now,
                            next_opened=next_opened, maps=maps, position=position, info=info, scheduled=scheduled)
        overlay.update(played.changes)
        plan.played.append(played)
        if played.notice:
            plan.warnings.append(played.notice)
        if force:
            break
    return plan
