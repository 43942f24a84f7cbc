"""A game's settings (``game.yaml``) and its deadline schedule.

The Gamesmaster writes ``game.yaml``; the judge only reads it (``judge new`` writes the first one,
and ``judge keygen --game`` changes its ``recipient:`` line in place). Reading is declarative:
every problem comes back with the file, the line and the key, unknown keys are warnings.

Deadlines are computed when a phase opens and written into its ``phase.yaml``: the phase kind's
number of hours after the opening, then moved on to the next ``at`` time of day in the game's time
zone when one is given (``movement: {hours: 72, at: "22:00"}``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, ClassVar, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from ..core.errors import StoreError
from ..core.types import PhaseKind, Power
from ..core.variant import Variant
from .. import reading
from ..reading import power_named

UTC = timezone.utc

ORDER_MODES = ("public", "sealed")
STATUSES = ("active", "paused", "finished")
MAP_FORMATS = ("png", "svg")
"""The images a phase's map may be stored as: the PNG (forum posts, the site, GitHub) and, when a
game asks for it, the SVG it is drawn from (as big again as the PNG, mostly the base map)."""
_TOP_KEYS = ("title", "variant", "options", "players", "schedule", "orders", "recipient", "status", "ended", "maps",
             "limits")
"""The keys of ``game.yaml`` (``ended`` is written by ``judge end``: how the game ended)."""


def load_yaml(text: str, filename: str) -> Any:
    """A game's file read as YAML (``game.yaml``, ``phase.yaml``, ``results.yaml``, receipts), for
    the judge and the site alike: :func:`judge.reading.load_yaml`, its failures a StoreError."""
    return reading.load_yaml(text, filename, StoreError)


# -- time ---------------------------------------------------------------------------------------


def format_time(moment: datetime) -> str:
    """UTC, ISO 8601, to the second, with ``Z``: ``2025-01-09T22:00:00Z``."""
    return moment.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(value: Any, where: str = "") -> datetime:
    """Read a moment written by :func:`format_time` (or by hand: any ISO 8601 with or without a
    zone, UTC if none; YAML may already have made it a datetime). StoreError if it is not one."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime.combine(value, time(0, 0))
    else:
        try:
            moment = datetime.fromisoformat(str(value).strip())
        except ValueError:
            raise StoreError(f"expected a time like '2025-01-09T22:00:00Z', found {value!r}", where) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


# -- schedule -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeadlineRule:
    """How long a kind of phase lasts: ``hours`` after it opens, then on to the next ``at``."""

    hours: float
    at: time | None = None

    def to_data(self) -> dict[str, Any]:
        """The rule as ``game.yaml`` writes it."""
        data: dict[str, Any] = {"hours": int(self.hours) if float(self.hours).is_integer() else self.hours}
        if self.at is not None:
            data["at"] = self.at.strftime("%H:%M")
        return data


def time_zone(name: str) -> ZoneInfo | None:
    """The IANA time zone ``name`` (``UTC``, ``Europe/Paris``); None if there is no such zone
    (``Mars/Base``, a folder such as ``America``, a path)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


@dataclass(frozen=True)
class Schedule:
    """The deadline schedule of a game."""

    timezone: str = "UTC"
    movement: DeadlineRule = DeadlineRule(72, time(22, 0))
    retreat: DeadlineRule = DeadlineRule(24)
    adjustment: DeadlineRule = DeadlineRule(24)
    grace_minutes: int = 10
    """Orders received up to this long after a deadline still count; the phase is played then."""
    minimum_percent: int = 75
    """A phase never opens with less than this share of its hours before its deadline (a late
    run moves the deadline on: :meth:`next_deadline`)."""

    @property
    def tz(self) -> ZoneInfo:
        """The game's time zone."""
        return ZoneInfo(self.timezone)

    @property
    def grace(self) -> timedelta:
        """The grace period as a duration."""
        return timedelta(minutes=self.grace_minutes)

    def rule(self, kind: PhaseKind) -> DeadlineRule:
        """The rule for phases of ``kind`` (an income phase, Machiavelli's or Europe 1615's Winter
        money, follows the adjustments' rule)."""
        return {PhaseKind.MOVEMENT: self.movement, PhaseKind.RETREAT: self.retreat,
                PhaseKind.ADJUSTMENT: self.adjustment, PhaseKind.INCOME: self.adjustment}[kind]

    def deadline(self, opened: datetime, kind: PhaseKind) -> datetime:
        """The deadline of a phase of ``kind`` opened at ``opened`` (UTC).

        >>> s = Schedule()
        >>> format_time(s.deadline(parse_time('2025-01-06T09:30:00Z'), PhaseKind.MOVEMENT))
        '2025-01-09T22:00:00Z'
        >>> format_time(s.deadline(parse_time('2025-01-06T22:00:00Z'), PhaseKind.MOVEMENT))
        '2025-01-09T22:00:00Z'
        >>> format_time(s.deadline(parse_time('2025-01-06T22:05:00Z'), PhaseKind.RETREAT))
        '2025-01-07T22:05:00Z'
        """
        rule = self.rule(kind)
        earliest = opened.astimezone(UTC) + timedelta(hours=rule.hours)
        if rule.at is None:
            return earliest.replace(microsecond=0)
        local = earliest.astimezone(self.tz)
        day = local.date()
        while True:
            # Combining a date and a wall-clock time in the zone handles summer time changes.
            candidate = datetime.combine(day, rule.at, tzinfo=self.tz)
            if candidate >= local:
                return candidate.astimezone(UTC)
            day += timedelta(days=1)

    def next_deadline(self, opened: datetime, kind: PhaseKind, scheduled: datetime | None = None) -> datetime:
        """The deadline of a phase of ``kind`` that opens at ``opened`` (when it is played and
        published: players see it from then). ``scheduled`` is when the schedule meant it to
        open (the previous phase's deadline, when that phase was played at its deadline): its
        deadline is kept, so that a run a few minutes late keeps the calendar (``at``), unless it
        leaves less than :attr:`minimum_percent` of the phase's hours; then the phase has its
        full time from ``opened``.

        >>> s = Schedule()
        >>> late = parse_time('2025-01-10T21:49:00Z')  # a day after the deadline of 2025-01-09 22:00
        >>> format_time(s.next_deadline(late, PhaseKind.MOVEMENT, parse_time('2025-01-09T22:00:00Z')))
        '2025-01-13T22:00:00Z'
        >>> on_time = parse_time('2025-01-09T22:07:00Z')
        >>> format_time(s.next_deadline(on_time, PhaseKind.MOVEMENT, parse_time('2025-01-09T22:00:00Z')))
        '2025-01-12T22:00:00Z'
        """
        full = self.deadline(opened, kind)
        if scheduled is None:
            return full
        kept = self.deadline(scheduled, kind)
        least = timedelta(hours=self.rule(kind).hours * self.minimum_percent / 100)
        return kept if kept - opened >= least else full

    def to_data(self) -> dict[str, Any]:
        """The schedule as ``game.yaml`` writes it."""
        return {
            "timezone": self.timezone,
            "movement": self.movement.to_data(),
            "retreat": self.retreat.to_data(),
            "adjustment": self.adjustment.to_data(),
            "grace_minutes": self.grace_minutes,
            "minimum_percent": self.minimum_percent,
        }


# -- settings -----------------------------------------------------------------------------------


ENDINGS = ("draw", "concession", "ended")
"""How a game ends by the Gamesmaster's hand (``judge end``): a draw, a concession, or the
Gamesmaster's decision (a solo victory is the judge's, at adjudication)."""


@dataclass(frozen=True)
class Ending:
    """How the game ended, as ``judge end`` wrote it under ``ended:`` in ``game.yaml``."""

    how: str
    """One of :data:`ENDINGS`."""
    phase: str = ""
    """The phase being played when it ended."""
    powers: tuple[str, ...] = ()
    """A draw: the powers sharing it."""
    winner: str = ""
    """A concession: the power the others conceded to."""
    reason: str = ""
    """The Gamesmaster's words, when the game was ended by decision."""

    def words(self) -> str:
        """How it ended, in words: ``a draw between France, Germany, by their votes (Spring 1905 Movement)``."""
        text = {"draw": "a draw between " + ", ".join(self.powers) + ", by their votes",
                "concession": f"conceded to {self.winner} by the votes of every other power",
                "ended": f"ended by the Gamesmaster: {self.reason}"}.get(self.how, self.how)
        return text + (f" ({self.phase})" if self.phase else "")


@dataclass(frozen=True)
class Limits:
    """What a player may send in a phase (``limits:`` in ``game.yaml``): the gate refuses what
    goes over, naming the limit, and the tick does not use an order file over it. The defaults
    leave room for any real game (the longest real order files we know are under 60 lines)."""

    order_lines: int = 200
    """Lines of an order file (blank lines and comments included)."""
    order_bytes: int = 16 * 1024
    """Bytes of an order file (sealed: of its clear text; the sealed file may be some 2 KB more)."""
    press_files: int = 10
    """Press files of a power in a phase."""
    press_bytes: int = 64 * 1024
    """Bytes of a power's press in a phase, its files together."""

    KEYS: ClassVar[tuple[str, ...]] = ("order_lines", "order_bytes", "press_files", "press_bytes")

    def to_data(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.KEYS}


@dataclass(frozen=True)
class GameSettings:
    """What ``game.yaml`` says."""

    slug: str
    """The game's folder name (not in the file: the folder is the name)."""
    title: str
    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: Mapping[Power, str | None] = field(default_factory=dict)
    """Power -> GitHub login (``None``: nobody plays it, it is in civil disorder)."""
    schedule: Schedule = Schedule()
    orders: str = "public"
    """``public`` (``orders/<power>.txt``) or ``sealed`` (``orders/<power>.txt.age``)."""
    recipient: str | None = None
    status: str = "active"
    ended: Ending | None = None
    """How the game ended by ``judge end``, if it did."""
    maps: tuple[str, ...] = ("png",)
    """The images each phase's map is stored as (``maps: png``, ``maps: [png, svg]``; ``[]``: none)."""
    limits: Limits = Limits()
    """What a player may send in a phase."""

    @property
    def sealed(self) -> bool:
        """Are orders sealed to the game's age recipient?"""
        return self.orders == "sealed"

    def powers_of(self, login: str) -> list[Power]:
        """The powers ``login`` plays (GitHub logins are compared without case)."""
        return sorted(p for p, who in self.players.items() if who and who.lower() == login.lower())


def _lines(text: str) -> dict[tuple, int]:
    """The line of every mapping key, by key path (for located messages)."""
    out: dict[tuple, int] = {}
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except Exception:  # noqa: BLE001 - load_yaml reports it
        return out

    def walk(n: Any, path: tuple) -> None:
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                key = path + (str(k.value),)
                out[key] = k.start_mark.line + 1
                walk(v, key)

    if node is not None:
        walk(node, ())
    return out


class _Notes:
    """The problems and warnings found in one settings file, each located by its key's line."""

    def __init__(self, text: str, filename: str) -> None:
        self.filename = filename
        self.lines = _lines(text)
        self.problems: list[str] = []
        self.warnings: list[str] = []

    def at(self, *path: str) -> str:
        """``file:line`` of the deepest key of ``path`` found in the file (else the file)."""
        for k in range(len(path), 0, -1):
            if path[:k] in self.lines:
                return f"{self.filename}:{self.lines[path[:k]]}"
        return self.filename

    def bad(self, msg: str, *path: str) -> None:
        """A problem (the file is refused, with every problem listed)."""
        self.problems.append(f"{self.at(*path)}: {msg}")

    def warn(self, msg: str, *path: str) -> None:
        """A warning (the file is read)."""
        self.warnings.append(f"{self.at(*path)}: {msg}")


def parse_settings(text: str, filename: str, slug: str, variant: Variant | None = None) -> tuple[GameSettings, list[str]]:
    """Read ``game.yaml``: the settings and warnings (unknown keys). StoreError lists every problem.

    ``variant``, when given, is used to check the players' powers; otherwise the variant named in
    the file is loaded.
    """
    data = load_yaml(text, filename)
    notes = _Notes(text, filename)
    if not isinstance(data, dict):
        raise StoreError("game.yaml is a mapping with at least 'variant' and 'players'", filename)
    for key in data:
        if key not in _TOP_KEYS:
            notes.warn(f"unknown key {key!r} (known: {', '.join(_TOP_KEYS)}); ignored", str(key))
    variant = variant or _variant_named(data, notes)
    options = _options(data.get("options"), notes)
    players = _players(data.get("players"), variant, notes)
    schedule = _parse_schedule(data.get("schedule"), notes)
    orders, recipient = _order_mode(data, notes)
    status = str(data.get("status", "active"))
    if status not in STATUSES:
        notes.bad(f"'status' is one of {', '.join(STATUSES)}, found {status!r}", "status")
    ended = _ending(data.get("ended"), notes)
    maps = _map_formats(data.get("maps", "png"), notes)
    limits = _limits(data.get("limits"), notes)
    if notes.problems:
        raise StoreError(f"{len(notes.problems)} problem(s) in the settings:\n" + "\n".join(notes.problems), filename)
    settings = GameSettings(slug, str(data.get("title") or slug), variant.name, options, players, schedule,
                            orders, recipient, status, ended, maps, limits)
    return settings, notes.warnings


def _limits(raw: Any, notes: _Notes) -> Limits:
    """``limits:``, what a player may send in a phase (each key optional, a whole number above 0)."""
    if raw is None:
        return Limits()
    if not isinstance(raw, dict):
        notes.bad(f"'limits' maps {', '.join(Limits.KEYS)} to numbers", "limits")
        return Limits()
    given: dict[str, int] = {}
    for key, value in raw.items():
        if key not in Limits.KEYS:
            notes.bad(f"unknown limit {key!r} (known: {', '.join(Limits.KEYS)})", "limits", str(key))
        elif isinstance(value, bool) or not isinstance(value, int) or value < 1 or value > 10**9:
            notes.bad(f"the limit {key} is a whole number from 1, found {value!r}", "limits", str(key))
        else:
            given[str(key)] = value
    return Limits(**given)


def _map_formats(raw: Any, notes: _Notes) -> tuple[str, ...]:
    """``maps:``, the images a phase's map is stored as: one of :data:`MAP_FORMATS` or a list of
    them (empty: no map is stored)."""
    given = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else None
    if given is None or any(f not in MAP_FORMATS for f in given):
        notes.bad(f"'maps' is png, svg or a list of them like [png, svg], found {raw!r}", "maps")
        return ("png",)
    return tuple(f for f in MAP_FORMATS if f in given)


def _variant_named(data: Mapping[str, Any], notes: _Notes) -> Variant:
    """The variant ``variant:`` names (the standard game when none); StoreError at its line."""
    from ..variants import find_variant

    try:
        return find_variant(str(data.get("variant", "standard")))
    except Exception as exc:  # noqa: BLE001 - reported with its location
        raise StoreError(getattr(exc, "message", str(exc)), notes.at("variant")) from None


def _options(raw: Any, notes: _Notes) -> dict[str, Any]:
    """``options:``, the variant's rule options the game changes (checked when the variant loads)."""
    if not raw:
        return {}
    if not isinstance(raw, dict):
        notes.bad("'options' maps option names to values", "options")
        return {}
    return dict(raw)


_LOGIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})")


def is_login(text: str) -> bool:
    """Is ``text`` a GitHub login as ``game.yaml`` takes one?"""
    return bool(_LOGIN.fullmatch(text))
"""A GitHub login."""


def _players(raw: Any, variant: Variant, notes: _Notes) -> dict[Power, str | None]:
    """``players:``, each power of the variant to a GitHub login or ``null`` (nobody)."""
    if not raw:
        return {}
    if not isinstance(raw, dict):
        notes.bad("'players' maps each power to a GitHub login", "players")
        return {}
    players: dict[Power, str | None] = {}
    for pname, login in raw.items():
        power = power_named(variant, pname)
        if power is None:
            notes.bad(f"{pname!r} is not a power of {variant.name} (powers: {', '.join(variant.players())})",
                      "players", str(pname))
        elif login is not None and not (isinstance(login, str) and is_login(login)):
            notes.bad(f"the player of {power} should be a GitHub login, found {login!r}", "players", str(pname))
        else:
            players[power] = login
    return players


def _order_mode(data: Mapping[str, Any], notes: _Notes) -> tuple[str, str | None]:
    """``orders:`` (public or sealed) and, for sealed orders, the ``recipient:`` they are sealed to."""
    orders = str(data.get("orders", "public"))
    if orders not in ORDER_MODES:
        notes.bad(f"'orders' is public or sealed, found {orders!r}", "orders")
    recipient = data.get("recipient")
    if orders == "sealed" and not (isinstance(recipient, str) and recipient.startswith("age1")):
        notes.bad("a sealed game needs 'recipient: age1...' (judge keygen --game makes one)", "recipient")
    return orders, recipient if isinstance(recipient, str) else None


def _ending(raw: Any, notes: _Notes) -> Ending | None:
    """``ended:``, written by ``judge end``: how the game ended."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or "how" not in raw:
        notes.bad("'ended' is written by judge end: how the game ended (how, at, phase, ...)", "ended")
        return None
    powers = raw.get("powers")
    return Ending(str(raw["how"]), str(raw.get("phase") or ""),
                  tuple(str(p) for p in powers) if isinstance(powers, list) else (),
                  str(raw.get("winner") or ""), str(raw.get("reason") or ""))


_SCHEDULE_KEYS = ("timezone", "movement", "retreat", "adjustment", "grace_minutes", "minimum_percent")


def _parse_schedule(raw: Any, notes: _Notes) -> Schedule:
    """``schedule:``, the game's time zone, deadline rules and grace (defaults for what is absent)."""
    if raw is None:
        return Schedule()
    if not isinstance(raw, dict):
        notes.bad("'schedule' is a mapping (timezone, movement, retreat, adjustment, grace_minutes)", "schedule")
        return Schedule()
    default = Schedule()
    for key in raw:
        if key not in _SCHEDULE_KEYS:
            notes.warn(f"unknown key {key!r} in schedule; ignored", "schedule", str(key))
    tzname = str(raw.get("timezone", "UTC"))
    if time_zone(tzname) is None:
        notes.bad(f"unknown time zone {tzname!r} (e.g. UTC, Europe/Paris)", "schedule", "timezone")
        tzname = "UTC"
    movement, retreat, adjustment = (_deadline_rule(name, raw.get(name), default, notes)
                                     for name in ("movement", "retreat", "adjustment"))
    grace = raw.get("grace_minutes", default.grace_minutes)
    if not isinstance(grace, int) or grace < 0:
        notes.bad(f"grace_minutes is a whole number of minutes, found {grace!r}", "schedule", "grace_minutes")
        grace = default.grace_minutes
    least = raw.get("minimum_percent", default.minimum_percent)
    if isinstance(least, bool) or not isinstance(least, int) or not 1 <= least <= 100:
        notes.bad(f"minimum_percent is a whole number from 1 to 100, found {least!r}", "schedule", "minimum_percent")
        least = default.minimum_percent
    return Schedule(tzname, movement, retreat, adjustment, grace, least)


def _deadline_rule(name: str, raw: Any, default: Schedule, notes: _Notes) -> DeadlineRule:
    """One kind of phase's deadline rule: ``{hours: 72, at: "22:00"}`` (the default when absent)."""
    if raw is None:
        return default.rule(PhaseKind(name.capitalize()))
    if not isinstance(raw, dict) or "hours" not in raw:
        notes.bad(f"'{name}' reads like {{hours: 24}} or {{hours: 72, at: \"22:00\"}}", "schedule", name)
        return default.rule(PhaseKind(name.capitalize()))
    try:
        hours = float(raw["hours"])
        if hours <= 0:
            raise ValueError
    except (TypeError, ValueError):
        notes.bad(f"hours should be a positive number, found {raw['hours']!r}", "schedule", name, "hours")
        hours = 24
    return DeadlineRule(hours, _time_of_day(raw.get("at"), name, notes))


def _time_of_day(value: Any, name: str, notes: _Notes) -> time | None:
    """A rule's ``at``: a time of day like ``"22:00"`` (None when absent or wrong)."""
    if value is None:
        return None
    text = str(value)
    if isinstance(value, int):  # YAML 1.1 reads 22:00 unquoted as sexagesimal minutes
        text = f"{value // 60:02d}:{value % 60:02d}"
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", text)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        notes.bad(f"'at' is a time of day like \"22:00\", found {value!r}", "schedule", name, "at")
        return None
    return time(int(m.group(1)), int(m.group(2)))


def format_settings(settings: GameSettings, variant: Variant) -> str:
    """The text of a new ``game.yaml``, with comments for the Gamesmaster."""

    def q(value: Any) -> str:
        return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=1000).strip().removesuffix("...").strip()

    s = settings.schedule
    lines = [
        "# The settings of this game. The Gamesmaster edits this file; a player's pull request that touches it is refused by the orders check.",
        f"title: {q(settings.title)}",
        f"variant: {q(settings.variant)}",
        f"options: {q(dict(settings.options))}" + ("                       # the variant's rule options" if not settings.options else ""),
        "players:                          # power -> GitHub login (null: nobody, civil disorder)",
    ]
    for power, info in variant.powers.items():
        if info.playable or settings.players.get(power):  # no line for a minor state nobody plays
            lines.append(f"  {power}: {q(settings.players.get(power))}")
    lines += [
        "schedule:",
        f"  timezone: {q(s.timezone)}",
    ]
    for name, rule in (("movement", s.movement), ("retreat", s.retreat), ("adjustment", s.adjustment)):
        lines.append(f"  {name}: {q(rule.to_data())}")
    lines += [
        f"  grace_minutes: {s.grace_minutes}",
        f"  minimum_percent: {s.minimum_percent}        # a phase opens with at least this share of its hours",
        f"orders: {settings.orders}                    # public | sealed",
    ]
    if settings.recipient:
        lines.append(f"recipient: {settings.recipient}   # sealed orders are encrypted to this age key")
    lines.append(f"status: {settings.status}                    # active | paused | finished")
    if settings.maps != ("png",):
        lines.append(f"maps: [{', '.join(settings.maps)}]                # the images of each phase's map: png, svg")
    lines += ["limits:                           # what a player may send in a phase (the orders check refuses more)"]
    lines += [f"  {k}: {v}" for k, v in settings.limits.to_data().items()]
    return "\n".join(lines) + "\n"


def set_recipient(text: str, recipient: str) -> str:
    """``game.yaml``'s text with ``orders: sealed`` and the new recipient, comments kept."""
    out = []
    seen_r = seen_o = False
    for line in text.splitlines():
        if re.match(r"^recipient\s*:", line):
            out.append(f"recipient: {recipient}   # sealed orders are encrypted to this age key")
            seen_r = True
        elif re.match(r"^orders\s*:", line):
            out.append("orders: sealed                    # public | sealed")
            seen_o = True
        else:
            out.append(line)
    if not seen_o:
        out.append("orders: sealed                    # public | sealed")
    if not seen_r:
        out.append(f"recipient: {recipient}   # sealed orders are encrypted to this age key")
    return "\n".join(out) + "\n"
