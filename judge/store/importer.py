"""``judge import``: a game played on another judge comes in with its whole history.

The record (:func:`judge.published.parse_results`: njudge's or DPjudge's results, phase by
phase) is played again here, from the variant's starting position: each recorded phase's orders
are written as the players' order files (in the judge's notation, one file per power) and the
phase is played by the tick's own path (:func:`judge.store.play.play_phase`), so that its
``results.yaml``, ``results.txt`` and map are what a tick writes (but for the next deadline, which
``results.txt`` does not give: the import sets none). Each phase is one commit and
one tag, as a tick makes them, dated at the import (the recorded season is in the message).

Where this judge decides an order otherwise than the record says (a bug of the other judge, a
Gamesmaster's ruling, or a line read otherwise), this judge's result is kept and the recorded one
is noted: every phase folder gets an ``import.yaml`` naming the source, the recorded phase and
each difference (the order, the recorded verdict, this judge's and its reason), and the import
prints them. The phase's page on the site says so, from the same file (:func:`parse_import`).
The centres the record lists after a year are compared with this judge's too.

A game in progress stops at the last phase with results: the next phase is left open, the game
paused (``status: paused``), for the Gamesmaster to name the players and the schedule and
``judge resume`` it. A record that announces a draw ends the game so (``status: finished``); a
solo ends it by the judge's own adjudication. Everything is one transaction
(:func:`judge.store.transaction.commit_atomically`): a failed import leaves the repository as it
was.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import click
import yaml

from ..core.errors import StoreError
from ..core.orders import Order, UnitOrder
from ..core.resolution import Outcome, Resolution
from ..core.types import Phase, PhaseKind, Position
from ..notation import names_of, parse_orders
from ..reading import phase_rank
from ..published import DEFAULT, NO_ORDER, RecordedGame, RecordedOrder, RecordedPhase, parse_results
from . import artifacts
from .layout import PHASE_FILE, RESULTS_TXT, SETTINGS, Game, Overlay, join, power_stem
from .play import PlayedPhase, play_phase
from .settings import UTC, format_settings, format_time, parse_settings
from .transaction import PlannedCommit

__all__ = ["IMPORT_FILE", "TRIGGER", "Difference", "ImportNote", "parse_import", "ImportedPhase", "ImportResult",
           "import_game", "import_cmd"]

IMPORT_FILE = "import.yaml"
"""The file of an imported phase's folder: the source, the recorded phase and the differences."""

TRIGGER = "imported"
"""``phase.yaml``'s ``trigger`` for a phase played by the import."""

NOT_PLAYED = "not played"
"""This judge's verdict for a recorded order that no unit here took (its ``why`` says what was found)."""

INFERRED = "inferred"
"""The mark of a retreat the import read off the next recorded phase (:func:`inferred_retreats`)."""

_IGNORED = frozenset({"disbanded", "disrupted"})
"""Marks left out of the comparison: a removal's or a failed retreat's ``disbanded`` is the
phase's own doing, and njudge marks no convoying fleet ``disrupted`` (only ``dislodged``)."""


@dataclass(frozen=True)
class Difference:
    """An order (or a count of centres) this judge decided otherwise than the record says."""

    power: str
    order: str
    """The order in this judge's notation (or the recorded text, when it was not read)."""
    recorded: str
    """The recorded verdict: ``success``, or the other judge's words (``bounce``, ``cut, dislodged``)."""
    judge: str
    """This judge's verdict: its result and its marks (``failure (bounce)``, ``illegal``), or
    ``not played`` for a recorded order no unit here took."""
    why: str = ""
    """This judge's reason (``bounced: could not enter Kiel``), or why the order was not played;
    empty for a count of centres."""
    line: int | None = None
    """The recorded order's line in the source."""

    @property
    def verdict(self) -> str:
        """This judge's verdict with its reason, in one line (``failure (bounce): bounced: ...``)."""
        return f"{self.judge}: {self.why}" if self.why else self.judge

    def to_data(self) -> dict[str, Any]:
        """The entry of ``import.yaml``."""
        out: dict[str, Any] = {"power": self.power, "order": self.order, "recorded": self.recorded, "judge": self.judge}
        if self.why:
            out["why"] = self.why
        if self.line is not None:
            out["line"] = self.line
        return out

    @classmethod
    def from_data(cls, data: Any, where: str) -> Difference:
        """An entry of ``import.yaml``; StoreError at ``where`` for one that is not a mapping of
        texts. An entry written before ``why`` was kept has the reason inside ``judge``."""
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("power", "order", "recorded", "judge")):
            raise StoreError("a difference is a mapping with 'power', 'order', 'recorded' and 'judge'", where)
        line = data.get("line")
        return cls(data["power"], data["order"], data["recorded"], data["judge"], str(data.get("why") or ""),
                   line if isinstance(line, int) and not isinstance(line, bool) else None)

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line is not None else ""
        return f"{self.power}: {self.order}{where}: recorded {self.recorded}; judge {self.verdict}"


_NOT_IN_RECORD = "none: "
"""How ``import.yaml`` begins its ``recorded_phase`` for a phase the record lacks."""


@dataclass(frozen=True)
class ImportNote:
    """What an imported phase's ``import.yaml`` says: where the phase came from and where this
    judge decided otherwise. :meth:`ImportedPhase.note` makes it, :meth:`to_yaml` writes it and
    :func:`parse_import` reads it back (for the phase's page)."""

    source: str
    """The record imported, as the import was given it (``ruffians/results.txt``)."""
    recorded_phase: str
    """The recorded phase and its line (``Spring 1901 Movement, line 3``), or, for a phase the
    record lacks, ``none:`` and why it was played all the same."""
    notes: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()

    @property
    def in_record(self) -> bool:
        """Is the phase in the record (not inferred, nor played with no orders)?"""
        return not self.recorded_phase.startswith(_NOT_IN_RECORD)

    @property
    def recorded_words(self) -> str:
        """Where the phase came from, in words: ``played here again from the orders of its Spring
        1901 Movement, line 3`` (the record's), or why it is not in the record (``not in the record
        (played with no orders)``)."""
        if self.in_record:
            return f"played here again from the orders of its {self.recorded_phase}"
        return self.recorded_phase[len(_NOT_IN_RECORD):]

    def to_yaml(self) -> bytes:
        """The folder's ``import.yaml``: the source, the recorded phase, notes, the differences."""
        data: dict[str, Any] = {"source": self.source, "recorded_phase": self.recorded_phase}
        if self.notes:
            data["notes"] = list(self.notes)
        data["differences"] = [d.to_data() for d in self.differences]
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000).encode("utf-8")


def parse_import(text: str, where: str) -> ImportNote:
    """Read an ``import.yaml``.

    Raises:
        StoreError: the text is not YAML, or not the mapping :meth:`ImportNote.to_yaml` writes
            (located at ``where``).
    """
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise StoreError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", where) from None
    if not isinstance(data, dict) or not isinstance(data.get("source"), str) or not isinstance(data.get("recorded_phase"), str):
        raise StoreError("an import.yaml is a mapping with 'source' and 'recorded_phase'", where)
    notes, differences = data.get("notes") or [], data.get("differences") or []
    if not isinstance(notes, list) or not isinstance(differences, list):
        raise StoreError("'notes' and 'differences' of an import.yaml are lists", where)
    return ImportNote(data["source"], data["recorded_phase"], tuple(str(n) for n in notes),
                      tuple(Difference.from_data(d, f"{where}: differences[{i}]") for i, d in enumerate(differences)))


@dataclass
class ImportedPhase:
    """One phase played by the import."""

    folder: str
    phase: str
    recorded: RecordedPhase | None
    """The phase of the record played here (None: the record has none; it was played with no orders)."""
    differences: list[Difference] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    inferred: bool = False
    """A retreat phase the record lacks, its retreats read off the next recorded movement."""

    def note(self, source: str) -> ImportNote:
        """What the folder's ``import.yaml`` says of this phase, imported from ``source``."""
        if self.inferred:
            said = "not in the record; its retreats were read off the next recorded movement (see notes)"
        elif self.recorded is None:
            said = "not in the record (played with no orders)"
        else:
            return ImportNote(source, f"{self.recorded.phase}, line {self.recorded.line}", tuple(self.notes),
                              tuple(self.differences))
        return ImportNote(source, _NOT_IN_RECORD + said, tuple(self.notes), tuple(self.differences))


@dataclass
class ImportResult:
    """What an import did: the phases played, their differences, how the game was left."""

    game: str
    phases: list[ImportedPhase] = field(default_factory=list)
    status: str = "paused"
    """How the game was left: ``paused`` at its next phase, or ``finished``."""
    notes: list[str] = field(default_factory=list)
    """On the record as a whole (a phase printed twice, one this judge did not have)."""
    commits: list[PlannedCommit] = field(default_factory=list)
    """What was committed: the new game, a commit per phase, the last word (paused or over)."""

    @property
    def differences(self) -> int:
        """How many differences from the record, in all."""
        return sum(len(p.differences) for p in self.phases)


# -- comparing ----------------------------------------------------------------------------------


def _key(order: Order | None) -> tuple[str, str] | None:
    """What an order is matched by: its power and the province of its unit (or build)."""
    if isinstance(order, UnitOrder):
        return (str(order.power), str(order.location.province))
    return None


_SAME = {"destroyed": "disbanded", "paradox": "no convoy"}
"""Marks that say the same: a retreat ``destroyed`` is ``disbanded``; an army whose convoy fails
in a paradox (the Szykman rule) is not convoyed, which njudge marks ``no convoy``."""


def _words(marks: set[str]) -> frozenset[str]:
    """Marks as compared (:data:`_SAME`); ``cut`` goes without saying for a dislodged supporter;
    the marks of :data:`_IGNORED` are left out."""
    out = {_SAME.get(m, m) for m in marks}
    if "dislodged" in out:
        out.discard("cut")
    return frozenset(out - _IGNORED)


def _judge_words(r: Resolution) -> frozenset[str]:
    """This judge's verdict in the record's words: its marks, and ``illegal`` (``invalid``,
    ``ambiguous``) for an order it did not follow."""
    words = {t.value for t in r.tags}
    if r.outcome in (Outcome.ILLEGAL, Outcome.INVALID, Outcome.AMBIGUOUS):
        words.add(r.outcome.value)
    return _words(words)


def _verdict(r: Resolution) -> str:
    """This judge's verdict for ``import.yaml``: its result and marks, ``failure (bounce)`` (its
    reason is the difference's ``why``)."""
    tags = ", ".join(t.value for t in r.tags)
    return f"{r.outcome.value}{f' ({tags})' if tags else ''}"


def _recorded(rec: RecordedOrder) -> str:
    """The recorded verdict for ``import.yaml``: its words, or ``success`` when it had none."""
    return ", ".join(rec.marks) if rec.marks else "success"


def compare(recorded: list[tuple[RecordedOrder, Order | None]], resolutions: list[Resolution]) -> list[Difference]:
    """The orders whose verdict here differs from the recorded one, in the record's order, then
    the units this judge ordered that the record does not name (its default orders)."""
    by_key: dict[tuple[str, str], Resolution] = {}
    for r in resolutions:
        k = _key(r.order)
        if k is not None:
            by_key.setdefault(k, r)
    out: list[Difference] = []
    seen: set[tuple[str, str]] = set()
    for rec, order in recorded:
        k = _key(order)
        found = by_key.get(k) if k is not None else None
        if found is None or k is None:
            why = ("not read as an order of a unit there" if order is None else
                   "no such unit ordered here (this judge's own order went to another)" if rec.by_default else
                   "no such unit here")
            out.append(Difference(rec.power, rec.text if order is None else str(order), _recorded(rec), NOT_PLAYED, why,
                                  rec.line))
            continue
        seen.add(k)
        want = _words(set(rec.marks) - {NO_ORDER, DEFAULT, INFERRED})
        if _judge_words(found) != want:
            out.append(Difference(rec.power, found.order_text, _recorded(rec), _verdict(found), found.reason, rec.line))
    for key, r in by_key.items():
        if key not in seen and (_judge_words(r) or not r.succeeded):
            out.append(Difference(r.power, r.order_text, "not in the record", _verdict(r), r.reason))
    return out


def compare_centres(recorded: dict[str, list[str]], position: Position) -> list[Difference]:
    """The powers whose centres the record lists otherwise than this judge's position has them."""
    mine: dict[str, set[str]] = {}
    for prov, owner in position.supply_centers.items():
        mine.setdefault(str(owner), set()).add(str(prov))
    out = []
    for name in sorted(set(mine) | set(recorded)):
        theirs, ours = set(recorded.get(name, [])), mine.get(name, set())
        if theirs != ours:
            out.append(Difference(name, "supply centres", f"{len(theirs)}: {', '.join(sorted(theirs)) or 'none'}",
                                  f"{len(ours)}: {', '.join(sorted(ours)) or 'none'}"))
    return out


# -- playing ------------------------------------------------------------------------------------


def _order_files(game: Game, folder: str, position: Position, phase: RecordedPhase) -> tuple[dict[str, bytes], list[tuple[RecordedOrder, Order | None]]]:
    """Each power's order file for the recorded phase, in the judge's notation (a line not read
    is written as recorded, for the judge to report), and each recorded order with its reading."""
    variant = game.variant
    lines: dict[str, list[str]] = {}
    read: list[tuple[RecordedOrder, Order | None]] = []
    for rec in phase.orders:
        parsed = parse_orders(rec.text, variant, position, f"line {rec.line}", default_power=rec.power)  # type: ignore[arg-type]
        orders = [ln.order for ln in parsed if ln.order is not None]
        order = orders[0] if len(parsed) == 1 and len(orders) == 1 else None
        read.append((rec, order))
        if not rec.by_default:  # the other judge's own order: nothing to write (read only to match ours)
            lines.setdefault(rec.power, []).append(rec.text if order is None else str(order))
    files = {game.folder_path(folder, "orders", power_stem(p) + ".txt"): ("\n".join(ls) + "\n").encode("utf-8")
             for p, ls in sorted(lines.items())}
    return files, read


@dataclass
class _Run:
    """An import under way: the game as its pending commits leave it."""

    game: Game
    overlay: Overlay
    source: str
    now: datetime
    maps: bool
    result: ImportResult
    centres: dict[str, list[str]] | None = None
    """Centres the record listed, to compare once this judge's year is over (after any retreat)."""

    def play(self, folder: str, recorded: RecordedPhase | None, notes: list[str], inferred: bool = False) -> PlayedPhase:
        """Play ``folder`` with the recorded phase's orders (none if None), compare, and plan its commit."""
        game = self.game
        position = game.position(folder)
        files, read = _order_files(game, folder, position, recorded) if recorded else ({}, [])
        self.overlay.update(files)
        # Opened, due and played at the import: the dates a phase of the record really had are
        # not in it (the season is, in the commit's message and import.yaml).
        info = dataclasses.replace(game.info(folder), opened=self.now, deadline=self.now)
        played = play_phase(game, folder, identities=[], trigger=TRIGGER, now=self.now, next_opened=self.now,
                            maps=self.maps, position=position, info=info)
        report = played.report
        assert report is not None
        phase = ImportedPhase(folder, str(position.phase), recorded, compare(read, report.resolutions()) if recorded else [],
                              notes, inferred)
        if recorded is not None and recorded.centres is not None:
            self.centres = {p: [str(c) for c in cs] for p, cs in recorded.centres.items()}
        nxt = report.result.next_position
        if self.centres is not None and nxt.phase.kind is not PhaseKind.RETREAT:
            phase.differences += compare_centres(self.centres, nxt)
            self.centres = None
        changes = dict(played.changes)
        changes.update(files)
        # The tick's results.txt gives the next phase's deadline; the import sets none (it plays
        # the next phase at once, or leaves it paused for the Gamesmaster to resume), so none is given.
        txt = artifacts.results_text(game.variant, played.record, before=position,
                                     after=None if report.result.winner else nxt, game=game.settings.title)
        if txt is not None:
            changes[game.folder_path(folder, RESULTS_TXT)] = txt
        changes[game.folder_path(folder, IMPORT_FILE)] = phase.note(self.source).to_yaml()
        self.overlay.update(changes)
        said = ("Not in the record: its retreats read off the next recorded movement" if inferred else
                f"Recorded: {recorded} of {self.source}" if recorded else "Not in the record: played with no orders")
        message = played.message.rstrip("\n") + f"\n{said}; {len(phase.differences)} difference(s) from the record.\n"
        self.result.commits.append(PlannedCommit(message, changes, played.tag))
        self.result.phases.append(phase)
        return played


def _start(tree: Any, path: str, variant_name: str, title: str | None, now: datetime) -> tuple[Overlay, Game, PlannedCommit]:
    """The new game's files (paused: the Gamesmaster names the players and the schedule)."""
    from ..variants import find_variant
    from .tick import new_game

    new = new_game(path, variant_name, now=now, title=title)
    settings_path = join(new.path, SETTINGS)
    settings, _ = parse_settings(new.files[settings_path].decode("utf-8"), settings_path, Path(new.path).name)
    files = dict(new.files)
    paused = dataclasses.replace(settings, status="paused")
    files[settings_path] = format_settings(paused, find_variant(variant_name)).encode("utf-8")
    overlay = Overlay(tree, files)
    return overlay, Game.load(overlay, new.path), PlannedCommit(f"{Path(new.path).name}: new game, imported\n", dict(files))


_UNIT = re.compile(r"^(?:build\s+)?(army|fleet)\s+(.+?)(?:\s*\([^)]*\))?(?:\s+(?:->|support|convoy|hold|disband)\b.*)?$", re.I)


def _units_at(variant: Any, phases: list[RecordedPhase]) -> set[tuple[str, str, str]]:
    """The units recorded phases order, or build: (power, ``A``/``F``, province)."""
    from ..reading import normalise_name

    places = names_of(variant).provinces
    out = set()
    for rec in (o for phase in phases for o in phase.orders):
        m = _UNIT.match(rec.text.strip())
        if m and normalise_name(m.group(2)) in places:
            out.add((rec.power, m.group(1)[0].upper(), str(places[normalise_name(m.group(2))])))
    return out


def _evidence(variant: Any, later: list[RecordedPhase]) -> tuple[RecordedPhase | None, set[tuple[str, str, str]], set[str]]:
    """What tells where a retreat went: the next recorded movement, the units it orders, and the
    provinces a recorded adjustment before it built in (a unit there may be new, not retreated)."""
    movement = next((p for p in later if p.phase.kind is PhaseKind.MOVEMENT), None)
    if movement is None:
        return None, set(), set()
    between = [p for p in later if p.phase.kind is PhaseKind.ADJUSTMENT and p.phase.year <= movement.phase.year]
    built = {place for power, kind, place in _units_at(variant, between)}
    return movement, _units_at(variant, [movement]), built


def inferred_retreats(variant: Any, position: Position, later: list[RecordedPhase]) -> tuple[RecordedPhase, list[str]]:
    """The retreats of a phase the record lacks (an archive that left a page out), read off the
    next recorded movement: a dislodged unit whose one legal retreat holds a unit of its power and
    kind there, which no unit of the position and no recorded build accounts for. Returns the
    phase to play (its orders marked ``inferred``) and a note per dislodged unit."""
    from ..options import phase_options
    from ..published import RecordedOrder

    movement, seen, built = _evidence(variant, later)
    standing = {(str(u.power), str(u.province)) for u in position.units}
    phase = RecordedPhase(position.phase, movement.line if movement is not None else 0)
    notes = []
    for po in phase_options(variant, position).powers:
        for unit in po.units:
            kind = unit.unit.split()[0]
            places = {str(dict(o.parts).get("to", "")).split("/")[0] for o in unit.options if o.kind == "retreat"}
            fits = sorted(p for p in places if (po.power, kind, p) in seen and (po.power, p) not in standing
                          and p not in built)
            if len(fits) == 1:
                phase.orders.append(RecordedOrder(po.power, f"{unit.unit} R {fits[0]}", (INFERRED,), phase.line))
                notes.append(f"{po.power}'s {unit.unit} retreats to {fits[0]}: inferred from {movement}")
            else:
                notes.append(f"{po.power}'s {unit.unit}: no retreat could be inferred from the record (disbanded)")
    return phase, notes


def _align(run: _Run, recorded: RecordedGame) -> None:
    """Play the recorded phases in turn; a retreat or an adjustment the record has not (the other
    judge had nothing to decide in it) is played with no orders, and a recorded phase this judge
    has not is noted."""
    game = run.game
    variant = game.variant
    calendar = variant.calendar
    pending: list[str] = []
    for rec in recorded.phases:
        while True:
            folder = game.current()
            if folder is None:
                run.result.notes.append(f"{rec}: not played: the game was over here already")
                break
            here = game.position(folder).phase
            if phase_rank(calendar, here) < phase_rank(calendar, rec.phase):
                if here.kind is PhaseKind.MOVEMENT:
                    raise StoreError(f"the record has no {here} (the next phase it has is {rec.phase}): an import "
                                     "needs every movement phase (--until imports the phases before the gap)",
                                     f"{recorded.source}:{rec.line}")
                if here.kind is PhaseKind.RETREAT:
                    later = [p for p in recorded.phases if phase_rank(calendar, p.phase) > phase_rank(calendar, here)]
                    guessed, said = inferred_retreats(variant, game.position(folder), later)
                    run.play(folder, guessed, pending + [f"the record has no {here}"] + said, inferred=True)
                else:
                    run.play(folder, None, pending + [f"the record has no {here}: played with no orders"])
                pending = []
                continue
            if phase_rank(calendar, here) > phase_rank(calendar, rec.phase):
                note = f"the record has {rec.phase} (line {rec.line}), which this judge did not have: its orders were not played"
                run.result.notes.append(note)
                pending.append(note)
                break
            run.play(folder, rec, pending)
            pending = []
            break


def import_game(repo: Any, path: str, recorded: RecordedGame, *, variant_name: str = "standard",
                title: str | None = None, now: datetime | None = None, maps: bool = True,
                until: Phase | None = None) -> ImportResult:
    """Import ``recorded`` as the game at ``path`` (``games/<name>``) of ``repo``: commit the new
    game, then each phase played, one commit and tag each, all at once or not at all. With
    ``until``, only the phases up to that one are imported (a record with a gap after it), and the
    game is left paused at the next.

    Raises:
        StoreError: the game exists already; the record does not start at the variant's first
            phase, or lacks a movement phase in between (located in the source).
    """
    from .tick import head_tree
    from .transaction import commit_atomically, recover, repository_lock

    now = (now or datetime.now(UTC)).astimezone(UTC)
    with repository_lock(repo):
        recover(repo)
        tree = head_tree(repo)
        if tree.read(join(path, SETTINGS)) is not None or (Path(repo.working_tree_dir) / path / SETTINGS).exists():
            raise StoreError("a game already exists here", path)
        overlay, game, first = _start(tree, path, variant_name, title, now)
        start = game.variant.start.phase
        if recorded.phases[0].phase != start:
            raise StoreError(f"the record starts at {recorded.phases[0].phase}, not at the game's first phase "
                             f"{start}: an import needs the whole game", f"{recorded.source}:{recorded.phases[0].line}")
        result = ImportResult(game.slug, notes=list(recorded.notes))
        if until is not None:
            last = phase_rank(game.variant.calendar, until)
            kept = [p for p in recorded.phases if phase_rank(game.variant.calendar, p.phase) <= last]
            result.notes += [f"imported up to {until} (--until): {len(recorded.phases) - len(kept)} later phase(s) "
                             "of the record left out"]
            recorded = dataclasses.replace(recorded, phases=kept, draw=())
        run = _Run(game, overlay, recorded.source, now, maps, result)
        _align(run, recorded)
        result.commits.insert(0, first)
        _finish(run, recorded)
        commit_atomically(repo, result.commits, now)
    return result


def _finish(run: _Run, recorded: RecordedGame) -> None:
    """Leave the game paused at its next phase (the clock kept for ``judge resume``), or finished:
    by a solo here, or by the draw the record announces."""
    game, result = run.game, run.result
    folder = game.current()
    settings_path = join(game.path, SETTINGS)
    text = format_settings(dataclasses.replace(game.settings, status="finished"), game.variant)
    if folder is None:  # a solo: the judge's own results name the winner
        result.status = "finished"
        winner = result.phases[-1].folder if result.phases else ""
        result.commits.append(PlannedCommit(f"{game.slug}: imported; the game was won in {winner}\n",
                                            {settings_path: text.encode("utf-8")}))
        return
    info = game.info(folder)
    if recorded.draw:
        result.status = "finished"
        ended = {"how": "draw", "at": format_time(run.now), "phase": info.phase, "powers": list(recorded.draw),
                 "source": f"the record of {recorded.source}"}
        text = text.rstrip("\n") + "\n" + yaml.safe_dump({"ended": ended}, sort_keys=False, allow_unicode=True)
        changes = {settings_path: text.encode("utf-8")}
        message = f"{game.slug}: game over in {info.phase}: a draw between {', '.join(recorded.draw)}, as recorded\n"
    else:
        left = int(max(info.deadline - info.opened, timedelta(hours=1)).total_seconds())
        paused = dataclasses.replace(info, left_when_paused=left)
        changes = {game.folder_path(folder, PHASE_FILE): paused.to_text().encode("utf-8")}
        message = (f"{game.slug}: imported up to {info.phase}, paused: name the players "
                   f"(judge replace) and resume (judge resume)\n")
    result.commits.append(PlannedCommit(message, changes))


# -- the command --------------------------------------------------------------------------------


def _draw_powers(variant: Any, text: str) -> tuple[str, ...]:
    """``--draw "England, France"``: the powers named; StoreError naming any that is not one."""
    from ..reading import power_named

    named = [(w.strip(), power_named(variant, w.strip())) for w in text.split(",") if w.strip()]
    unknown = [w for w, p in named if p is None]
    if unknown or not named:
        raise StoreError(f"not powers of {variant.name}: {', '.join(unknown) or 'none named'} "
                         f"(powers: {', '.join(variant.powers)})", "--draw")
    return tuple(p for _, p in named if p is not None)


@click.command("import")
@click.argument("results_file", metavar="RESULTS_FILE")
@click.argument("game_dir", metavar="games/<game>")
@click.option("--variant", default="standard", show_default=True, help="The variant the game was played in.")
@click.option("--title", help="The game's title (default: from the folder name).")
@click.option("--now", help="The time of the import (ISO 8601); default: the clock.")
@click.option("--draw", "draw", metavar="POWERS",
              help="The game ended in a draw between these powers (comma-separated), announced elsewhere than the results.")
@click.option("--until", "until", metavar="PHASE",
              help="Import the record only up to this phase (e.g. 'Spring 1913 Retreat'); the game is left paused.")
@click.option("--no-maps", is_flag=True, help="Do not draw the maps.")
def import_cmd(results_file: str, game_dir: str, variant: str, title: str | None, now: str | None,
               draw: str | None, until: str | None, no_maps: bool) -> None:
    """Import a game played on another judge (njudge or DPjudge results, text or HTML) with its
    whole history: every phase played again and committed; differences from the record listed."""
    from ..variants import find_variant
    from ..reading import parse_phase, read_file
    from .settings import parse_time
    from .tick import new_game_path, open_repo

    when = parse_time(now, "--now") if now else datetime.now(UTC)
    found = find_variant(variant)
    recorded = parse_results(read_file(results_file, latin1=True), found, results_file)  # old judges' archives: often Latin-1
    if draw:
        recorded.draw = _draw_powers(found, draw)
    repo = open_repo(".")
    rel = new_game_path(repo, game_dir)
    last = parse_phase(until, found.calendar, "--until") if until else None
    result = import_game(repo, rel, recorded, variant_name=variant, title=title, now=when, maps=not no_maps, until=last)
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    for phase in result.phases:
        for note in phase.notes:
            click.echo(f"{phase.folder}: note: {note}")
        for d in phase.differences:
            click.echo(f"{phase.folder}: {d}")
    click.echo(f"{result.game}: {len(result.phases)} phase(s) imported, {result.differences} difference(s) "
               f"from the record; the game is {result.status}")
