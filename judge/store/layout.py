"""The one model of a game repository: where things are in a game's folder, and reading them.

See ``docs/game-layout.md``. The judge (the store's commands) and the site read game folders
through this module only: one game-name rule (:func:`game_name`), one phase-folder pattern
(:func:`phase_folder` / :func:`parse_folder`), one YAML reader (:func:`load_yaml`; positions
through :func:`judge.positions.parse_position`), one schema per file (:func:`parse_settings`,
:func:`parse_phase_info`, :func:`parse_receipt`, :meth:`Game.results`) and one kind of error, a
:class:`~judge.core.errors.JudgeError` located ``file:line``.

Paths are repository-relative POSIX strings (``games/g/...``), so messages name files the way a
player sees them on GitHub. The judge reads what was *committed* (a :class:`GitTree`); ``judge
check`` and the site read a working copy (a :class:`DirTree`); a tick that plays several phases
in a row reads its own pending writes through an :class:`Overlay`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Mapping, Protocol, Sequence

import yaml

from ..core.errors import JudgeError, StoreError
from ..core.types import Phase, Position, Power
from ..core.variant import Calendar, Variant
from ..core.orders import Order
from ..notation import parse_orders
from ..positions import parse_position
from ..reading import decode_text, phase_rank
from ..record import PhaseRecord, Reread
from .gitrepo import GitTree
from .settings import GameSettings, format_time, load_yaml, parse_settings, parse_time

__all__ = ["GAMES", "SETTINGS", "PHASE_FILE", "POSITION", "RESULTS", "RESULTS_TXT", "ORDERS", "RECEIPTS",
           "Tree", "GitTree", "DirTree", "Overlay", "read_text", "join", "game_name", "power_stem",
           "phase_folder", "parse_folder", "PhaseInfo", "parse_phase_info", "Receipt", "parse_receipt",
           "Game", "game_on_disk", "find_games", "load_yaml"]

GAMES = "games"
SETTINGS = "game.yaml"
PHASE_FILE = "phase.yaml"
POSITION = "position.yaml"
RESULTS = "results.yaml"
RESULTS_TXT = "results.txt"
ORDERS = "orders"
RECEIPTS = "receipts"

_GAME_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")
"""A game's name (its folder's): lower-case letters, digits and dashes; also the first part of
its tags (``<game>/<phase folder>``)."""
_FOLDER = re.compile(r"^(\d{1,6})-(\d{1,2})-([a-z0-9]+(?:-[a-z0-9]+)*)$")
"""A phase folder's name: ``<year>-<calendar step>-<season>-<kind>`` (:func:`phase_folder`)."""


# -- trees --------------------------------------------------------------------------------------


class Tree(Protocol):
    """Read-only access to a repository's files."""

    def read(self, path: str) -> bytes | None:
        """The bytes of the file at ``path``, or None if there is none."""

    def listdir(self, path: str) -> list[str]:
        """The names directly under folder ``path`` (files and folders), sorted; [] if none."""


class DirTree:
    """The files under a directory (a working copy)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def read(self, path: str) -> bytes | None:
        p = self.root / path
        return p.read_bytes() if p.is_file() else None

    def listdir(self, path: str) -> list[str]:
        p = self.root / path
        return sorted(x.name for x in p.iterdir()) if p.is_dir() else []


class Overlay:
    """A tree with pending writes on top (what the next commit will hold)."""

    def __init__(self, base: Tree, changes: Mapping[str, bytes] | None = None) -> None:
        self.base = base
        self.changes: dict[str, bytes] = dict(changes or {})

    def read(self, path: str) -> bytes | None:
        if path in self.changes:
            return self.changes[path]
        return self.base.read(path)

    def listdir(self, path: str) -> list[str]:
        names = set(self.base.listdir(path))
        prefix = path.rstrip("/") + "/" if path else ""
        for p in self.changes:
            if p.startswith(prefix):
                names.add(p[len(prefix):].split("/", 1)[0])
        return sorted(names)

    def update(self, changes: Mapping[str, bytes]) -> None:
        """Add pending writes."""
        self.changes.update(changes)


def read_text(tree: Tree, path: str) -> str | None:
    """A file's text (UTF-8, a byte-order mark dropped), None if absent; StoreError if not UTF-8."""
    data = tree.read(path)
    if data is None:
        return None
    try:
        return decode_text(data, path)
    except JudgeError as exc:
        raise StoreError(exc.message, exc.where) from None


def join(*parts: str) -> str:
    """Join repository path parts with ``/``."""
    return "/".join(p.strip("/") for p in parts if p)


# -- names --------------------------------------------------------------------------------------


def game_name(path: str) -> str:
    """The name of the game at ``path`` (``games/<name>``): its folder's name, lower-case
    letters, digits and dashes; StoreError naming the folder otherwise.

    >>> game_name("games/spring-1901")
    'spring-1901'
    """
    path = path.strip("/")
    name = PurePosixPath(path).name
    if not _GAME_NAME.match(name):
        raise StoreError(f"a game's folder name is lower-case letters, digits and dashes, found {name!r}", path)
    return name


def power_stem(power: str) -> str:
    """A power's order file stem: its name in lower case, spaces as dashes (``france``)."""
    return power.lower().replace(" ", "-")


def phase_folder(calendar: Calendar, phase: Phase) -> str:
    """The folder of ``phase``: ``<year>-<calendar step>-<season>-<kind>``, which sorts and reads.

    >>> from judge.core.types import PhaseKind
    >>> from judge.core.variant import STANDARD_CALENDAR
    >>> phase_folder(STANDARD_CALENDAR, Phase(1901, 'Fall', PhaseKind.RETREAT))
    '1901-4-fall-retreat'
    """
    step = calendar.steps.index((phase.season, phase.kind)) + 1
    season = re.sub(r"[^a-z0-9]+", "-", phase.season.lower()).strip("-")
    return f"{phase.year}-{step}-{season}-{phase.kind.value.lower()}"


def parse_folder(name: str, calendar: Calendar) -> Phase | None:
    """The phase a folder name stands for, or None if the name is not a phase folder."""
    m = _FOLDER.match(name)
    if not m:
        return None
    step = int(m.group(2))
    if not 1 <= step <= len(calendar.steps):
        return None
    season, kind = calendar.steps[step - 1]
    phase = Phase(int(m.group(1)), season, kind)
    return phase if phase_folder(calendar, phase) == name else None


# -- a game's files -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PhaseInfo:
    """What ``phase.yaml`` says: when the phase opened, its deadline, and how it ended."""

    phase: str
    opened: datetime
    deadline: datetime
    adjudicated: datetime | None = None
    trigger: str | None = None
    """Why it was played: ``deadline``, ``ready`` (every player marked ready) or ``forced``."""
    left_when_paused: int | None = None
    """While the game is paused: the seconds that were left before the deadline (``judge pause``)."""

    def to_text(self) -> str:
        """The file's text (deterministic)."""
        data: dict[str, Any] = {"phase": self.phase, "opened": format_time(self.opened),
                                "deadline": format_time(self.deadline)}
        if self.adjudicated is not None:
            data["adjudicated"] = format_time(self.adjudicated)
            data["trigger"] = self.trigger
        if self.left_when_paused is not None:
            data["left_when_paused"] = self.left_when_paused
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def parse_phase_info(text: str, filename: str) -> PhaseInfo:
    """Read ``phase.yaml``; StoreError with the file if a key is missing or wrong."""
    data = load_yaml(text, filename)
    if not isinstance(data, dict) or not {"phase", "opened", "deadline"} <= set(data):
        raise StoreError("phase.yaml needs 'phase', 'opened' and 'deadline'", filename)
    adj = data.get("adjudicated")
    left = data.get("left_when_paused")
    return PhaseInfo(str(data["phase"]), parse_time(data["opened"], filename), parse_time(data["deadline"], filename),
                     parse_time(adj, filename) if adj is not None else None, data.get("trigger"),
                     left if isinstance(left, int) and not isinstance(left, bool) else None)


@dataclass(frozen=True)
class Receipt:
    """What ``receipts/<power>.yaml`` says: when the pull request carrying a power's files was
    received (the runner's clock), and the digest of every file received for the power in the
    phase (``None``: the file was withdrawn)."""

    received: datetime
    files: Mapping[str, str | None] = field(default_factory=dict)
    """Path in the phase folder (``orders/france.txt``) -> ``sha256:...`` or None."""
    power: str = ""
    player: str = ""
    pull_request: int | None = None
    head: str = ""

    @property
    def has_orders(self) -> bool:
        """Were orders received (not only press)?"""
        return any(name.startswith(ORDERS + "/") for name in self.files)

    def to_text(self) -> str:
        """The file's text (deterministic)."""
        data = {"power": self.power, "player": self.player, "pull_request": self.pull_request, "head": self.head,
                "received": format_time(self.received), "files": dict(self.files)}
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def parse_receipt(text: str, filename: str) -> Receipt:
    """Read a receipt; StoreError with the file if it is not one."""
    data = load_yaml(text, filename)
    if not isinstance(data, dict) or "received" not in data or not isinstance(data.get("files") or {}, dict):
        raise StoreError("a receipt is a mapping with 'received' and 'files' (path: digest)", filename)
    files = {str(k): None if v is None else str(v) for k, v in (data.get("files") or {}).items()}
    number = data.get("pull_request")
    return Receipt(parse_time(data["received"], filename), files, str(data.get("power") or ""),
                   str(data.get("player") or ""), number if isinstance(number, int) else None,
                   str(data.get("head") or ""))


# -- a game -------------------------------------------------------------------------------------


class Game:
    """A game's folder as found in a tree: settings, variant and phase folders."""

    def __init__(self, tree: Tree, path: str, settings: GameSettings, variant: Variant, warnings: list[str]) -> None:
        self.tree = tree
        self.path = path
        self.settings = settings
        self.variant = variant
        self.warnings = warnings

    @classmethod
    def load(cls, tree: Tree, path: str) -> "Game":
        """Read the game at ``path`` (e.g. ``games/example``); StoreError if it is not one."""
        path = path.strip("/")
        slug = game_name(path)
        text = read_text(tree, join(path, SETTINGS))
        if text is None:
            raise StoreError(f"no {SETTINGS}: not a game folder", path)
        from ..variants import find_variant

        settings, warnings = parse_settings(text, join(path, SETTINGS), slug)
        try:
            # The game's rule options (game.yaml's options:) over the variant's defaults.
            variant = find_variant(settings.variant, dict(settings.options)) if settings.options else find_variant(settings.variant)
        except JudgeError as exc:
            line = next((n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("options:")), None)
            raise StoreError(exc.message, join(path, SETTINGS) + (f":{line}" if line else "")) from None
        return cls(tree, path, settings, variant, warnings)

    @property
    def slug(self) -> str:
        return self.settings.slug

    def folders(self) -> list[str]:
        """The phase folders, in the order they were played."""
        found = []
        for name in self.tree.listdir(self.path):
            phase = parse_folder(name, self.variant.calendar)
            if phase is not None:
                found.append((phase_rank(self.variant.calendar, phase), name))
        return [name for _, name in sorted(found)]

    def phase(self, folder: str) -> Phase:
        """The phase a folder of this game is for."""
        phase = parse_folder(folder, self.variant.calendar)
        if phase is None:
            raise StoreError("not a phase folder of this game", self.folder_path(folder))
        return phase

    def folder_path(self, folder: str, *more: str) -> str:
        """The repository path of a phase folder (or of a file in it)."""
        return join(self.path, folder, *more)

    def current(self) -> str | None:
        """The phase being played: the last folder, unless it already has results (game over)."""
        folders = self.folders()
        if not folders or self.finished(folders[-1]):
            return None
        return folders[-1]

    def finished(self, folder: str) -> bool:
        """Has the phase been played (has it results)?"""
        return self.tree.read(self.folder_path(folder, RESULTS)) is not None

    def info(self, folder: str) -> PhaseInfo:
        """The folder's ``phase.yaml``."""
        where = self.folder_path(folder, PHASE_FILE)
        text = read_text(self.tree, where)
        if text is None:
            raise StoreError(f"missing {PHASE_FILE}", self.folder_path(folder))
        return parse_phase_info(text, where)

    def position(self, folder: str) -> Position:
        """The position at the start of the phase, as committed."""
        where = self.folder_path(folder, POSITION)
        text = read_text(self.tree, where)
        if text is None:
            raise StoreError(f"missing {POSITION}", self.folder_path(folder))
        position = _parse_position(text, where, self.variant.name)
        expected = parse_folder(folder, self.variant.calendar)
        if position.phase != expected:
            raise StoreError(f"the position is for {position.phase}, but the folder is for {expected}", where)
        return position

    def results(self, folder: str) -> PhaseRecord | None:
        """The folder's ``results.yaml``, read as the phase's record (:mod:`judge.record`), None
        before the phase is played; StoreError, located, if it is not one. An older file, whose
        orders lack their kinds, is read with the orders' texts read again against the phase's
        position by the judge's one reader of orders."""
        where = self.folder_path(folder, RESULTS)
        text = read_text(self.tree, where)
        if text is None:
            return None
        return PhaseRecord.from_data(load_yaml(text, where), where, reread=self._reread(folder))

    def _reread(self, folder: str) -> Reread:
        """Read an order's text as it was written in an older ``results.yaml`` (the judge's
        notation), for its power, against the phase's position."""

        def reread(power: str, text: str) -> Order | None:
            try:
                position = self.position(folder)
            except JudgeError:
                return None
            lines = parse_orders(text, self.variant, position, "<results>", default_power=Power(power))
            orders = [ln.order for ln in lines if ln.order is not None]
            return orders[0] if len(orders) == 1 else None

        return reread

    def receipt(self, folder: str, stem: str) -> Receipt | None:
        """The receipt of the power whose order file stem is ``stem`` (``france``), None if there is none."""
        where = self.folder_path(folder, RECEIPTS, stem + ".yaml")
        text = read_text(self.tree, where)
        return None if text is None else parse_receipt(text, where)

    def order_files(self, folder: str) -> tuple[dict[Power, str], list[str]]:
        """The order file of each power in the folder as the judge takes them (repository path by
        power), and a note for each file of ``orders/`` it ignores. An order file is
        ``<stem>.txt``, in a sealed game ``<stem>.txt.age`` (the clear text the judge publishes
        beside it after the deadline is not a second file)."""
        odir = self.folder_path(folder, ORDERS)
        names = set(self.tree.listdir(odir))
        stems = self.stems()
        files: dict[Power, str] = {}
        notes: list[str] = []
        for name in sorted(names):
            stem, ext = _split_order_name(name)
            power = stems.get(stem)
            if power is None or ext not in (".txt", ".txt.age"):
                example = self.order_name(next(iter(self.variant.powers)))
                notes.append(f"{join(odir, name)}: not an order file of this game (expected e.g. {example}): ignored")
            elif ext == ".txt.age" and not self.settings.sealed:
                notes.append(f"{join(odir, name)}: a sealed file in a game whose orders are public: ignored")
            elif not (ext == ".txt" and self.settings.sealed and stem + ".txt.age" in names):
                files[power] = join(odir, name)
        return files, notes

    def order_path(self, power: Power, folder: str | None = None) -> str:
        """The exact repository path of ``power``'s order file for ``folder`` (default: the phase
        being played): ``games/<game>/<phase folder>/orders/france.txt`` (``.txt.age`` when sealed)."""
        folder = folder or self.current() or (self.folders() or ["<phase folder>"])[-1]
        return self.folder_path(folder, ORDERS, self.order_name(power))

    def order_file(self, path: str, mine: Sequence[Power] = ()) -> tuple[str, Power]:
        """The phase folder and power of the order file at repository path ``path``, by the rules
        every check applies (the pull request's and ``judge check``'s): the current phase's
        ``orders/`` folder, the power's file name exactly (``france.txt``; ``france.txt.age`` in a
        sealed game). A StoreError otherwise, naming the exact path the file belongs at (``mine``:
        the powers of the player sending it, for the advice when the name names none)."""
        parts = path.strip("/").split("/")
        name = parts[-1]
        power, why = self._order_power(name)
        current = self.current()
        inside = len(parts) == len(self.path.split("/")) + 3 and "/".join(parts[:-3]) == self.path and parts[-2] == ORDERS
        if power is None:
            yours = ", ".join(f"`{self.order_path(p)}`" for p in mine)
            raise StoreError(f"{why} ({'yours: ' + yours if yours else 'e.g. `' + self.order_path(next(iter(self.variant.powers))) + '`'})", path)
        if current is None:
            raise StoreError("the game is over: no phase takes orders", path)
        if not inside or parts[-3] != current:
            raise StoreError(f"not where {power}'s orders for the current phase go: `{self.order_path(power)}`", path)
        if why:
            raise StoreError(f"{why}: `{self.order_path(power)}`", path)
        return current, power

    def _order_power(self, name: str) -> tuple[Power | None, str]:
        """The power an order file name is for, and why the name is not exactly its file's ('' when it is)."""
        exact = {self.order_name(p): p for p in self.variant.powers}
        if name in exact:
            return exact[name], ""
        for p in self.variant.powers:
            for ext in (".txt", ".txt.age"):
                if name.lower() == (power_stem(p) + ext).lower():
                    if name == power_stem(p) + ext:
                        return p, ("this game's orders are sealed: commit the `.txt.age` file made by `judge seal`"
                                   if self.settings.sealed else "this game's orders are public: commit the `.txt` file")
                    return p, f"the file name must be exactly `{self.order_name(p)}` (lower case)"
        return None, "not an order file name of this game"

    def stems(self) -> dict[str, Power]:
        """Order file stem -> power."""
        return {power_stem(p): p for p in self.variant.powers}

    def order_name(self, power: Power) -> str:
        """The order file name of ``power`` in this game (``france.txt`` or ``france.txt.age``)."""
        return power_stem(power) + (".txt.age" if self.settings.sealed else ".txt")


def _split_order_name(name: str) -> tuple[str, str]:
    """An order file's name as stem and extension (``france``, ``.txt.age``)."""
    for ext in (".txt.age", ".txt"):
        if name.endswith(ext):
            return name[: -len(ext)], ext
    return name, ""


@functools.lru_cache(maxsize=64)
def _parse_position(text: str, where: str, variant: str) -> Position:
    """Positions are values: a tick, a check and a replay read the same files many times."""
    from ..variants import find_variant

    return parse_position(text, where, find_variant(variant))[1]


def game_on_disk(folder: Path | str) -> Game:
    """The game in ``folder`` of a working copy (``.../games/<name>``), read as the judge reads
    the repository: its root is the folder above ``games/``, so messages name the files as
    GitHub shows them (``games/<name>/...``). ``judge check`` and the site read games so."""
    full = Path(folder).resolve()
    return Game.load(DirTree(full.parent.parent), join(full.parent.name, full.name))


def find_games(tree: Tree, paths: Iterable[str] | None = None, under: str = GAMES) -> list[str]:
    """The game folders to look at: those given, or every folder under ``under`` (``games/``)
    with a ``game.yaml``, sorted. Their names are checked when they are loaded (:meth:`Game.load`)."""
    if paths:
        return [p.strip("/") for p in paths]
    return [join(under, name) for name in tree.listdir(under) if tree.read(join(under, name, SETTINGS)) is not None]
