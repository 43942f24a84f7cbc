"""The data each template of the site receives, declared.

Strings are printed escaped for Markdown (see :mod:`judge.escape`); a value the generator
built itself and trusts (inline HTML it wrote, the Gamesmaster's Markdown, sanitized press) is a
:class:`markupsafe.Markup` and printed as it is.
"""

from __future__ import annotations

from typing import Mapping, NotRequired, TypedDict

from markupsafe import Markup


class Link(TypedDict):
    title: str
    href: str


class MapImage(TypedDict):
    png: str | None
    svg: str | None
    alt: str


class OrderRow(TypedDict):
    order: Markup
    result: Markup
    reason: str


class PowerOrders(TypedDict):
    power: str
    rows: list[OrderRow]


class RetreatRow(TypedDict):
    power: str
    unit: str
    options: str


class CaptureRow(TypedDict):
    centre: str
    old: str
    new: str


class TableRow(TypedDict):
    cells: list[str]


class PressItem(TypedDict):
    title: str
    html: Markup


class UnitsRow(TypedDict):
    power: str
    units: str
    centres: str


class DifferenceRow(TypedDict):
    """An order of an imported phase that this judge decided otherwise than the record."""

    power: str
    order: str
    recorded: str
    """The record's verdict (``success``, ``bounce``...)."""
    judge: str
    """This judge's verdict (``illegal``, ``failure (bounce)``...)."""
    why: str
    """This judge's reason, where it gave one."""


class ImportView(TypedDict):
    """An imported phase (``judge import``): where it came from and where this judge differed."""

    source: str
    """The record imported (the file the import was given)."""
    recorded: str
    """Where the phase came from in the record, in words (``played here again from the orders of its
    Spring 1901 Movement, line 3``, or why it is not in the record)."""
    notes: list[str]
    differences: list[DifferenceRow]


class PhaseContext(TypedDict):
    title: str
    page_title: str
    game_title: str
    game_href: str
    finished: bool
    deadline: str
    opened: str
    """When the phase opened: when players could first see it (its clock started then)."""
    previous: Link | None
    next: Link | None
    map: MapImage | None
    narrative: list[str]
    gm: Markup | None
    press: list[PressItem]
    orders: list[PowerOrders]
    idle: str
    notes: list[str]
    sealed: bool
    played: str
    trigger: str
    retreats: list[RetreatRow]
    captures: list[CaptureRow]
    adjustments: list[TableRow]
    adjustment_head: list[str]
    next_phase: str
    next_deadline: str
    winner: str
    ended: str
    """How the Gamesmaster ended the game, on its last played phase (no next phase then)."""
    results_text: Markup | None
    units: list[UnitsRow]
    received: list[str]
    state: list[StateSection]
    imported: ImportView | None
    """A phase played by ``judge import``: it had no deadline here; the page says where it came from."""


class PlayerRow(TypedDict):
    power: str
    player: str
    centres: int
    units: int


class TimelineRow(TypedDict):
    title: str
    href: str
    deadline: str
    """The phase's deadline, or ``imported`` for a phase ``judge import`` played (it had none here)."""
    summary: str


class StateSection(TypedDict):
    """A variant's state shown on a page (judge.site.state_sections): a title and escaped Markdown,
    and, for a section worth following over the game (a treasury), a number per power: the game
    page draws it as a chart over the phases."""

    title: str
    body: Markup
    chart: NotRequired[Mapping[str, float]]


class GameContext(TypedDict):
    title: str
    variant: str
    status: str
    current: Link | None
    deadline: str
    winner: str
    players: list[PlayerRow]
    chart: str | None
    treasury_chart: str | None
    map: MapImage | None
    map_phase: str
    gm: Markup | None
    state: list[StateSection]
    timeline: list[TimelineRow]
    ended: str
    """How the game ended by the Gamesmaster's hand (``judge end``): a draw, a concession..."""
    orders: str | None
    """The orders page of the phase being played, if any."""
    sealed: bool
    """Are the game's orders sealed until each deadline?"""
    feed: str | None
    """The game's Atom feed."""
    imported: str
    """Where an imported game came from, in words (empty for a game played here from its start)."""


class GameRow(TypedDict):
    title: str
    href: str
    variant: str
    status: str
    current: str
    deadline: str
    leader: str


class IndexContext(TypedDict):
    site_title: str
    games: list[GameRow]
    generated_note: str
