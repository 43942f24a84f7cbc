"""What players read after a phase: the results in the njudge format, a narrative, a forum post.

Everything here works from the record of a phase (:class:`judge.record.PhaseRecord`, what its
``results.yaml`` holds: each order with its kind, parts and verdict as the judge decided them —
no order's text is read again here) and, where a report needs them, the positions before and
after the phase (:class:`~judge.core.types.Position` objects or the plain data of
``position.yaml``), so that a report can be written again from the files of a game at any time,
and the same inputs give the same text.

* :func:`njudge_results`: the results mail of the email judges (``Movement results for Spring of
  1901.``, a line per unit with ``(*bounce*)``-style tags, the dislodged units and where each may
  retreat, centre ownership and adjustments after the Fall, the next phase and its deadline);
* :func:`narrative`: sentences saying what happened (``The French army in Burgundy took Munich,
  dislodging the German army.``);
* :func:`forum_post`: the phase's results as a forum post, in BBCode and in Markdown.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from .core.board import Terrain
from .core.resolution import Tag
from .escape import bb_text, code_fence, md_escape, wiki_text
from .record import OrderRecord, PhaseRecord, shown_kind
from .sections import Items, Listing, Part, Section, Table, Text, in_power_order, join_words, place_name
from .core.types import Phase, PhaseKind, Position, Power, ProvinceId, UnitType
from .core.variant import Variant

__all__ = [
    "njudge_results", "narrative", "forum_post", "ForumPost",
    "as_position", "as_moment", "phase_of", "format_deadline", "place_name", "state_report", "idle_minor_states",
]

_UNIT_NAMES = {"A": "Army", "F": "Fleet", "G": "Garrison"}
_NUMBERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five"}
_KIND_WORDS = {PhaseKind.MOVEMENT: ("Movement", "Movement"), PhaseKind.RETREAT: ("Retreat", "Retreats"),
               PhaseKind.ADJUSTMENT: ("Adjustment", "Adjustments")}


# -- reading the data -----------------------------------------------------------------------------


def as_position(variant: Variant, data: Position | Mapping[str, Any] | None) -> Position | None:
    """A position from a :class:`Position` or from the plain data of a ``position.yaml``."""
    if data is None or isinstance(data, Position):
        return data
    from .positions import parse_position

    return parse_position(yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True), "<position>", variant)[1]


def phase_of(variant: Variant, text: str) -> Phase:
    """Read a phase name such as ``Spring 1901 Movement``."""
    from .reading import parse_phase

    return parse_phase(text, variant.calendar)


# -- words ----------------------------------------------------------------------------------------


def _adjective(variant: Variant, power: str) -> str:
    info = variant.powers.get(Power(power))
    return info.adjective if info else power


def _noun(unit: str) -> str:
    return {"A": "army", "F": "fleet", "G": "garrison"}.get(unit, "unit")


def _plural(noun: str) -> str:
    return noun[:-1] + "ies" if noun.endswith("y") else noun + "s"


def _kind_of(position: Position | None, province: str, *, dislodged: bool = False) -> str:
    """The unit letter of the unit in ``province`` before the phase, if known."""
    if position is None:
        return ""
    pool = [d.unit for d in position.dislodged] if dislodged else position.units
    for u in pool:
        if u.province == province and u.kind is not UnitType.GARRISON:
            return u.kind.value
    return ""


def format_deadline(when: datetime | str | None, tz: str = "UTC") -> str:
    """``Sat Nov 22 2025 22:00 UTC`` (or in another time zone, named by its IANA name)."""
    dt = as_moment(when)
    if dt is None:
        return "to be announced"
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    local = dt.astimezone(zone)
    return local.strftime("%a %b %d %Y %H:%M ") + (local.tzname() or tz)


def as_moment(when: datetime | str | None) -> datetime | None:
    """A moment from a datetime or an ISO 8601 text (UTC when no zone is given); None if neither."""
    if when is None or when == "":
        return None
    if isinstance(when, datetime):
        dt = when
    else:
        try:
            dt = datetime.fromisoformat(str(when).replace("Z", "+00:00"))
        except ValueError:
            return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt


# -- the njudge results ---------------------------------------------------------------------------


def _njudge_order(variant: Variant, e: OrderRecord, before: Position | None) -> str:
    """One line's body (after ``Power: ``) and its tags: a refused order is tagged with why, a
    unit without an order says so, a variant's own order says what came of it."""
    tags = [t.value for t in e.tags if t is not Tag.PARADOX]
    if e.refused:
        tags = [e.result.value] + [t for t in tags if t != Tag.DISBANDED.value]
    if not e.standard:
        body = e.order
        if e.reason and not e.refused:
            body += f" ({e.reason.rstrip('.')})"  # a variant's own order: what came of it
    elif e.default and e.kind in ("hold", "disband") and not e.refused:
        body, tags = _unordered_line(variant, e, before, tags)
    else:
        body = _order_words(variant, e, before)
        if e.kind == "disband":
            tags = [t for t in tags if t != Tag.DISBANDED.value]
    line = body.rstrip(".") + "."
    if tags:
        line += f"  (*{', '.join(tags)}*)"
    return line


def _unit_words(variant: Variant, before: Position | None, unit: str, place: str) -> str:
    """``Army Paris`` (a garrison named as one, see :func:`judge.record.shown_kind`)."""
    return f"{_UNIT_NAMES.get(shown_kind(variant, before, unit, place), 'Unit')} {place_name(variant, place)}"


def _unordered_line(variant: Variant, o: OrderRecord, before: Position | None, tags: list[str]) -> tuple[str, list[str]]:
    """A unit that had no order: it held (or was disbanded), or, in an adjustment phase, the
    power failed to remove it and the judge did (civil disorder)."""
    if o.kind == "disband" and before is not None and before.phase.kind is PhaseKind.ADJUSTMENT:
        return f"Defaults, removing the {_noun(o.unit)} in {place_name(variant, o.at)}", []
    tags = [t for t in tags if t != Tag.DISBANDED.value or o.kind == "disband"]
    return f"{_unit_words(variant, before, o.unit, o.at)}, No Order Processed", tags


def _order_words(variant: Variant, o: OrderRecord, before: Position | None) -> str:
    """An order as the email judges write it (``Army Paris -> Burgundy``)."""
    unit = _unit_words(variant, before, o.unit, o.at)
    if o.kind == "hold":
        return f"{unit} HOLD"
    if o.kind in ("move", "retreat"):
        return f"{unit} -> {place_name(variant, o.to)}"
    if o.kind == "support":
        tu = o.target_unit or _kind_of(before, o.target)
        what = f"{_UNIT_NAMES.get(tu, 'Unit')} {place_name(variant, o.target)}"
        if o.to:
            what += f" -> {place_name(variant, o.to)}"
        return f"{unit} SUPPORT {what}"
    if o.kind == "convoy":
        return (f"{unit} CONVOY {_UNIT_NAMES.get(o.target_unit or 'A', 'Army')} "
                f"{place_name(variant, o.target)} -> {place_name(variant, o.to)}")
    if o.kind == "disband":
        if before is None or before.phase.kind is not PhaseKind.ADJUSTMENT:
            return f"{unit} DISBAND"
        said = "Defaults, removing" if "civil disorder" in o.reason else "Removes"
        return f"{said} the {_noun(o.unit)} in {place_name(variant, o.at)}"
    if o.kind == "build":
        article = "an" if o.unit == "A" else "a"
        return f"Builds {article} {_noun(o.unit)} in {place_name(variant, o.at)}"
    return "Build waived"  # the last standard kind: a waive


def _phase_words(phase: Phase, *, plural: bool) -> str:
    kind = _KIND_WORDS.get(phase.kind, (phase.kind.value, phase.kind.value))[1 if plural else 0]
    return f"{kind} for {phase.season} of {phase.year}" if plural else f"{kind} results for {phase.season} of {phase.year}"


def wrap_list(label: str, items: list[str], width: int = 78) -> list[str]:
    head = f"{label + ':':<10} "
    text = (", ".join(items) + ".") if items else "none."
    return textwrap.wrap(text, width=width, initial_indent=head, subsequent_indent=" " * len(head),
                         break_on_hyphens=False, break_long_words=False) or [head.rstrip()]


def centre_table(variant: Variant, after: Position) -> list[str]:
    """The ``centres, units, builds`` lines, one per power still in the game."""
    lines = []
    powers = [p for p in variant.powers if after.centers_of(p) or after.units_of(p)]
    width = max((len(p) for p in powers), default=7) + 2
    for p in powers:
        c = len(after.centers_of(p))
        u = len([x for x in after.units_of(p) if x.kind is not UnitType.GARRISON])
        delta = c - u
        verb = "Builds " if delta >= 0 else "Removes"
        n = abs(delta)
        lines.append(f"{p + ':':<{width}}{c:>3} Supply center{'s' if c != 1 else ' '}, {u:>3} Unit{'s' if u != 1 else ' '}:  "
                     f"{verb} {n:>2} unit{'s' if n != 1 else ''}.")
    return lines


def njudge_results(variant: Variant, record: PhaseRecord, *,
                   before: Position | Mapping[str, Any] | None = None,
                   after: Position | Mapping[str, Any] | None = None,
                   game: str | None = None,
                   deadline: datetime | str | None = None) -> str:
    """The phase's results as the email judges write them.

    ``record`` is the phase's record (its ``results.yaml``). ``before`` (the position the
    phase started from) names the kinds of supported units; ``after`` (the position of the next
    phase) gives where dislodged units may retreat and the centres/units/builds table after the
    season's captures. Without them those parts are shorter. ``deadline`` is the next phase's
    deadline, in UTC.
    """
    before_p = as_position(variant, before)
    after_p = as_position(variant, after)
    phase = phase_of(variant, record.phase)
    out = [_phase_words(phase, plural=False) + ".", ""]
    out += _orders_lines(variant, record, before_p)
    if record.notes:
        out += [*shown_notes(variant, record, after_p), ""]
    if phase.kind is PhaseKind.MOVEMENT:
        out += _dislodged_lines(variant, record, after_p)
    out += _ownership_lines(variant, phase, after_p)
    # The variant's own state after the phase (money, loans, influence, declarations...).
    if after_p is not None:
        state = state_report(variant, after_p)
        if state:
            out += [*state, ""]
    out += _closing_lines(variant, record, game, deadline)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def _orders_lines(variant: Variant, record: PhaseRecord, before: Position | None) -> list[str]:
    """Every order and what came of it, a block per power in the powers' order. A minor state
    (a pseudo-power no player plays) whose units had no orders gets no block of its own: one line
    lists the units that held."""
    by_power = record.by_power()
    idle = _idle_minor_units(variant, by_power)
    out: list[str] = []
    for power in in_power_order(variant, by_power):
        for e in by_power[power]:
            text = _njudge_order(variant, e, before)
            out.append(f"{power}: {text}" if power else text)
        out.append("")
    if idle:
        out += textwrap.wrap("Units of minor states with no orders, holding: " + ", ".join(idle) + ".", width=78,
                             break_on_hyphens=False, break_long_words=False) + [""]
    if not record.orders:
        out += ["No orders were given.", ""]
    return out


def idle_minor_states(variant: Variant, by_power: Mapping[str, Sequence[OrderRecord]]) -> list[str]:
    """The minor states (pseudo-powers no player plays) whose every unit held for want of an order:
    the results and the phase page list their units on one line rather than as orders."""
    out = []
    for power, orders in by_power.items():
        info = variant.powers.get(Power(power))
        if info is not None and not info.playable and orders and all(e.default and e.kind == "hold" for e in orders):
            out.append(power)
    return out


def _idle_minor_units(variant: Variant, by_power: dict[str, list[OrderRecord]]) -> list[str]:
    """Take out of ``by_power`` the minor states whose units all held for want of orders
    (:func:`idle_minor_states`), and name those units (``Army Bavaria (BAV)``)."""
    return [f"{_UNIT_NAMES.get(e.unit, 'Unit')} {place_name(variant, e.at)} ({power})"
            for power in idle_minor_states(variant, by_power) for e in by_power.pop(power)]


def _dislodged_lines(variant: Variant, record: PhaseRecord, after: Position | None) -> list[str]:
    """The units dislodged in a movement phase, and where each may retreat (from ``after``, the
    retreat phase's position) or that it was destroyed, having nowhere to go."""
    hit = [e for e in record.orders if e.has(Tag.DISLODGED) and e.at]
    if not hit:
        return []
    out = ["The following units were dislodged:", ""]
    waiting = {d.unit.province: d for d in after.dislodged} if after is not None else {}
    for e in hit:
        who = f"The {_adjective(variant, e.power)} {_UNIT_NAMES.get(e.unit, 'Unit')} in {place_name(variant, e.at)}"
        d = waiting.get(ProvinceId(e.province))
        if after is None:
            out.append(f"{who} was dislodged.")
        elif d is None:
            out.append(f"{who} with no valid retreats was destroyed.")
        else:
            opts = variant.rules.retreat_options(variant, after, d)
            out.append(f"{who} can retreat to {join_words([place_name(variant, str(x)) for x in opts], 'or')}.")
    out.append("")
    return out


def _ownership_lines(variant: Variant, phase: Phase, after: Position | None) -> list[str]:
    """The owners of the supply centres and the centres/units/builds table, once the season's
    captures are made (after its last movement or retreat phase)."""
    season_closed = after is not None and variant.rules.captures_now(variant.calendar, phase) and (
        phase.kind is PhaseKind.RETREAT or after.phase.kind is not PhaseKind.RETREAT)
    if not season_closed or after is None:
        return []
    out = ["Ownership of supply centers:", ""]
    for p in variant.powers:
        cs = after.centers_of(p)
        if cs:
            out += wrap_list(p, [place_name(variant, c) for c in cs])
    unowned = sorted(pid for pid, prov in variant.board.provinces.items()
                     if prov.is_supply_center and pid not in after.supply_centers)
    if unowned:
        out += wrap_list("Unowned", [place_name(variant, c) for c in unowned])
    return out + ["", *centre_table(variant, after), ""]


def _closing_lines(variant: Variant, record: PhaseRecord, game: str | None,
                   deadline: datetime | str | None) -> list[str]:
    """The winner, or the next phase and its deadline."""
    if record.winner:
        return [f"The game is over: {record.winner} has won.", ""]
    nxt = record.next_phase
    if not nxt:
        return []
    try:
        words = _phase_words(phase_of(variant, str(nxt)), plural=True)
    except Exception:  # noqa: BLE001 - an odd phase name is printed as written
        words = str(nxt)
    of = f" of '{game}'" if game else ""
    out = [f"The next phase{of} will be {words}."]
    if as_moment(deadline) is not None:
        out.append(f"The deadline for orders will be {format_deadline(deadline)}.")
    else:
        out.append("The deadline for orders has not been set yet.")
    return out + [""]


# -- the variant's own state ------------------------------------------------------------------------


def shown_notes(variant: Variant, record: PhaseRecord, after: Position | None) -> tuple[str, ...]:
    """The phase's notes as players read them: as recorded, but where the variant's description
    words some of its own otherwise (:meth:`~judge.variants.description.VariantDescription.shown_notes`:
    Machiavelli's income, kept in its older words, read as a sentence); ``after`` is the position
    after the phase."""
    from .variants import describe

    description = describe(variant.name)
    return description.shown_notes(variant, record.notes, after) if description is not None else record.notes


def state_report(variant: Variant, position: Position) -> list[str]:
    """What players must know of the variant's own state in ``position`` (plain text, for
    ``results.txt`` and forum posts). The variant's description names its report sections
    (``judge/variants/<name>/report.py``: Machiavelli's treasuries, loans, chits, rebellions and
    famine; Europe 1615's influence table, declarations, transfers and revolts), each a provider
    ``(variant, position) -> Section | None`` (:mod:`judge.sections`), written in that order by
    :func:`section_lines`. Nothing for a variant without such state (the standard game)."""
    from .variants import describe

    description = describe(variant.name)
    if description is None:
        return []
    out: list[str] = []
    for provider in description.report():
        section = provider(variant, position)
        if section is not None:
            out += section_lines(section)
    while out and out[-1] == "":
        out.pop()
    return out


def section_lines(section: Section) -> list[str]:
    """A section of a variant's state as plain text, ending in a blank line: with a title, a block
    (``Title:``, its lines indented by two spaces); without one, its lines as they are. Nothing
    when its parts have no line.

    >>> section_lines(Section("Revolts", (Items(("Bohemia: in revolt.",)),)))
    ['Revolts:', '  Bohemia: in revolt.', '']
    >>> section_lines(Section("", (Listing("Treasury", ("Florence 12", "Milan 9")),)))
    ['Treasury:  Florence 12, Milan 9.', '']
    """
    lines = [line for part in section.parts for line in _part_lines(part)]
    if not lines:
        return []
    if section.title:
        return [f"{section.title}:", *("  " + line for line in lines), ""]
    return [*lines, ""]


def _part_lines(part: Part) -> list[str]:
    """One part of a section as lines of text: a table in aligned columns (its head first, if it
    has one), sentences a line each, a paragraph, or a wrapped listing."""
    if isinstance(part, Table):
        rows = [part.head, *part.rows] if part.head else list(part.rows)
        # Every column but the last is as wide as its widest cell; the last needs no padding.
        widths = [max(len(cell) for cell in column) for column in zip(*(row[:-1] for row in rows), strict=True)]
        return ["  ".join([*(c.ljust(w) for c, w in zip(row[:-1], widths, strict=True)), row[-1]]).rstrip()
                for row in rows if row]
    if isinstance(part, Items):
        return list(part.lines)
    if isinstance(part, Text):
        return [part.text]
    assert isinstance(part, Listing)
    return wrap_list(part.label, list(part.items))


# -- the narrative --------------------------------------------------------------------------------


def _unit_phrase(variant: Variant, power: str, unit: str, place: str, prep: str = "in") -> str:
    return f"the {_adjective(variant, power)} {_noun(unit)} {prep} {place_name(variant, place, article=True)}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _after_units(variant: Variant, record: PhaseRecord, before: Position) -> dict[str, int]:
    """Units each power has after the phase, counted from the results (dislodged units count as
    alive until their retreat is decided)."""
    counts: dict[str, int] = {}
    for u in before.units:
        if u.kind is not UnitType.GARRISON:
            counts[u.power] = counts.get(u.power, 0) + 1
    kind = before.phase.kind
    for e in record.orders:
        if not e.succeeded:
            continue
        if kind is PhaseKind.RETREAT and e.kind == "retreat":
            counts[e.power] = counts.get(e.power, 0) + 1
        elif kind is PhaseKind.ADJUSTMENT and e.kind == "build":
            counts[e.power] = counts.get(e.power, 0) + 1
        elif kind is PhaseKind.ADJUSTMENT and e.kind == "disband":
            counts[e.power] = counts.get(e.power, 0) - 1
    for d in before.dislodged:
        counts.setdefault(d.unit.power, 0)
    return counts


def narrative(variant: Variant, record: PhaseRecord, position_before: Position | Mapping[str, Any], *,
              position_after: Position | Mapping[str, Any] | None = None) -> list[str]:
    """Sentences saying what happened in the phase, most important first: attacks that dislodged
    a unit, convoys, other moves, standoffs, retreats, builds and removals, centres taken, powers
    eliminated, and the winner.

    ``position_after`` (the next phase's position) makes the eliminations exact; without it they
    are counted from the results.
    """
    before = as_position(variant, position_before)
    after = as_position(variant, position_after)
    assert before is not None
    kind = before.phase.kind
    out: list[str] = []
    if kind is PhaseKind.MOVEMENT:
        out += _movement_story(variant, record.orders)
    elif kind is PhaseKind.RETREAT:
        out += _retreat_story(variant, record.orders)
    else:
        out += _adjustment_story(variant, record.orders)
    out += _variant_story(variant, record)

    # Centres taken.
    gains: dict[str, list[str]] = {}
    for centre, old, new in ((c.centre, c.old, c.new) for c in record.captures):
        what = place_name(variant, centre)
        gains.setdefault(new, []).append(f"{what} from {old}" if old else what)
    for power in in_power_order(variant, gains):
        n = len(gains[power])
        out.append(f"{power} gained {n} supply centre{'s' if n != 1 else ''}: {join_words(gains[power])}.")

    # Eliminations: in the game before the phase, gone after it.
    present = set(before.powers())
    left: set[str]
    if after is not None:
        left = set(after.powers())
    else:
        owners = dict(before.supply_centers)
        for c in record.captures:
            owners[ProvinceId(c.centre)] = Power(c.new)
        units = _after_units(variant, record, before)
        left = {p for p in owners.values()} | {p for p, n in units.items() if n > 0}
    for p in sorted(present - left):
        out.append(f"{p} has been eliminated.")

    winner = record.winner
    if winner:
        won = len(after.centers_of(Power(winner))) if after is not None else None
        with_n = f" with {won} supply centres" if won else ""
        out.append(f"{winner} has won the game{with_n}.")
    return out


def _variant_story(variant: Variant, record: PhaseRecord) -> list[str]:
    """The sentences the variant's description adds for its own orders and notes
    (:meth:`~judge.variants.description.VariantDescription.story`: Europe 1615's declarations,
    diplomatic attacks, purchases of INFs and changes of control); none for the others."""
    from .variants import describe

    description = describe(variant.name)
    return description.story(variant, record.orders, record.notes) if description is not None else []


def _movement_story(variant: Variant, orders: Sequence[OrderRecord]) -> list[str]:
    """Attacks that dislodged a unit, then convoys, other moves and standoffs."""
    attacks: list[str] = []
    convoyed: list[str] = []
    dislodged = {e.province: (e.power, e.unit) for e in orders if e.at and e.has(Tag.DISLODGED)}
    moved: dict[str, list[str]] = {}
    bounced: dict[str, list[tuple[str, str, str]]] = {}
    for e in orders:
        if e.kind != "move":
            continue
        dest = e.to.split("/")[0]
        if e.succeeded and dest in dislodged:
            attacks.append(_attack_sentence(variant, e, *dislodged[dest]))
        elif e.succeeded and "by convoy" in e.reason:  # as the adjudicator decided (asked for or not)
            who = _unit_phrase(variant, e.power, e.unit, e.at)
            convoyed.append(_cap(f"{who} crossed to {place_name(variant, e.to, article=True)} by convoy."))
        elif e.succeeded:
            moved.setdefault(e.power, []).append(place_name(variant, e.to, article=True))
        elif e.has(Tag.BOUNCE):
            bounced.setdefault(dest, []).append((e.power, e.unit, e.at))
    out = attacks + convoyed
    for power in [p for p in variant.powers if p in moved] + [p for p in moved if p not in variant.powers]:
        out.append(f"{power} moved into {join_words(moved[power])}.")
    out += [_standoff_sentence(variant, dest, bouncers) for dest, bouncers in bounced.items()]
    return out or ["Nothing moved: every unit held its ground."]


def _attack_sentence(variant: Variant, e: OrderRecord, victim_power: str, victim_unit: str) -> str:
    """A move that dislodged a unit: it drove the unit out of a sea, or took a land province."""
    who = _unit_phrase(variant, e.power, e.unit, e.at)
    where = place_name(variant, e.to, article=True)
    victim = f"the {_adjective(variant, victim_power)} {_noun(victim_unit)}"
    province = variant.board.provinces.get(ProvinceId(e.to.split("/")[0]))
    if province is not None and province.terrain is Terrain.SEA:
        return _cap(f"{who} drove {victim} out of {where}.")
    return _cap(f"{who} took {where}, dislodging {victim}.")


def _standoff_sentence(variant: Variant, dest: str, bouncers: Sequence[tuple[str, str, str]]) -> str:
    """The units that bounced in one province (each a power, a unit letter and where it stood):
    one unit failed to enter it, or several of one or more powers bounced there."""
    where = place_name(variant, dest, article=True)
    if len(bouncers) == 1:
        p, u, src = bouncers[0]
        return _cap(f"{_unit_phrase(variant, p, u, src)} failed to enter {where}.")
    powers = sorted({p for p, _, _ in bouncers})
    nouns = sorted({_noun(u) for _, u, _ in bouncers})
    noun = _plural(nouns[0]) if len(nouns) == 1 else "units"
    if len(powers) == 1:
        count = _NUMBERS.get(len(bouncers), str(len(bouncers)))
        return f"{count} {_adjective(variant, powers[0])} {noun} bounced in {where}."
    return f"The {join_words([_adjective(variant, p) for p in powers])} {noun} bounced in {where}."


def _retreat_story(variant: Variant, orders: Sequence[OrderRecord]) -> list[str]:
    out: list[str] = []
    for e in orders:
        if not e.at:
            continue
        who = _unit_phrase(variant, e.power, e.unit, e.at, "dislodged from")
        if e.kind == "retreat" and e.succeeded:
            out.append(_cap(f"{who} retreated to {place_name(variant, e.to, article=True)}."))
        elif e.kind == "retreat" and e.has(Tag.BOUNCE):
            out.append(_cap(f"{who} was disbanded: another unit retreated to {place_name(variant, e.to, article=True)} too."))
        elif e.kind == "disband" or e.has(Tag.DISBANDED):
            out.append(_cap(f"{who} was disbanded."))
    return out


def _adjustment_story(variant: Variant, orders: Sequence[OrderRecord]) -> list[str]:
    built: dict[str, list[str]] = {}
    removed: dict[str, list[str]] = {}
    waived: dict[str, int] = {}
    disorder: dict[str, list[str]] = {}
    for e in orders:
        if not e.succeeded:
            continue
        p = e.power
        if e.kind == "build":
            built.setdefault(p, []).append(f"{'an' if e.unit == 'A' else 'a'} {_noun(e.unit)} in {place_name(variant, e.at)}")
        elif e.kind == "waive":
            waived[p] = waived.get(p, 0) + 1
        elif e.kind == "disband":
            what = f"the {_noun(e.unit)} in {place_name(variant, e.at, article=True)}"
            (disorder if "civil disorder" in e.reason else removed).setdefault(p, []).append(what)
    out: list[str] = []
    for p in [p for p in variant.powers if p in built or p in waived or p in removed or p in disorder]:
        if p in built:
            out.append(f"{p} built {join_words(built[p])}.")
        if p in waived:
            n = waived[p]
            out.append(f"{p} waived {n} build{'s' if n != 1 else ''}.")
        if p in removed:
            out.append(f"{p} removed {join_words(removed[p])}.")
        if p in disorder:
            out.append(f"{p} ordered too few removals and lost {join_words(disorder[p])}.")
    return out


# -- forum posts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForumPost:
    """The same post for forums that read BBCode, for those that read Markdown, and as a wiki
    page (MediaWiki markup, for games run on a wiki such as DipWiki)."""

    bbcode: str
    markdown: str
    mediawiki: str = ""


def forum_post(variant: Variant, record: PhaseRecord, *,
               game_title: str, slug: str, phase_folder: str, base_url: str,
               before: Position | Mapping[str, Any] | None = None,
               after: Position | Mapping[str, Any] | None = None,
               deadline: datetime | str | None = None,
               timezones: Iterable[str] = ("UTC",),
               results_text: str | None = None, ended: str = "", opened: datetime | str | None = None) -> ForumPost:
    """The phase's results as a forum post: a title, the narrative, the results in the njudge
    format, the map image (from the published site at ``base_url``) and the next deadline in
    several time zones; as a wiki page, the orders in a table by power and the centre counts.
    A game that is over (a winner, or ``ended``: how the Gamesmaster ended it, a draw or a
    concession) announces no next phase: it says how it ended, with the final centre counts.
    ``opened`` is when the next phase opened (its clock started then)."""
    before_p = as_position(variant, before)
    after_p = as_position(variant, after)
    text = results_text or njudge_results(variant, record, before=before_p, after=after_p, game=slug, deadline=deadline)
    story = narrative(variant, record, before_p, position_after=after_p) if before_p is not None else []
    base = base_url.rstrip("/") + "/" if base_url else ""
    page = f"{base}games/{slug}/{phase_folder}.html"
    image = f"{base}games/{slug}/{phase_folder}/map.png"
    title = f"{game_title}: {record.phase} results"
    zones = list(dict.fromkeys(["UTC", *timezones]))
    when = [format_deadline(deadline, z) for z in zones] if as_moment(deadline) is not None else []
    nxt, winner = record.next_phase, record.winner
    over = f"{winner} has won the game" if winner else f"The game is over: {ended}" if ended else ""
    counts = centre_counts(variant, record, after_p, before_p)

    bb = [f"[b]{bb_text(title)}[/b]", ""]
    md = [f"## {md_escape(title)}", ""]
    if story:
        bb += [bb_text(s) for s in story] + [""]
        md += [md_escape(s) for s in story] + [""]
    bb += [f"[url={page}][img]{image}[/img][/url]", ""]
    md += [f"[![Map of {md_escape(record.phase)}]({image})]({page})", ""]
    bb += ["[code]", bb_text(text).rstrip("\n"), "[/code]", ""]
    fence = code_fence(text)
    md += [fence + "text", text.rstrip("\n"), fence, ""]
    if over:
        final = "; ".join(f"{p} {n}" for p, n in counts)
        bb += [f"[b]{bb_text(over)}.[/b]" + (f" Final supply centres: {bb_text(final)}." if final else ""), ""]
        md += [f"**{md_escape(over)}.**" + (f" Final supply centres: {md_escape(final)}." if final else ""), ""]
    elif nxt:
        since = f", opened {format_deadline(opened)}" if as_moment(opened) is not None else ""
        bb.append(f"[b]Next:[/b] {bb_text(str(nxt))}{since}")
        md.append(f"**Next:** {md_escape(str(nxt))}{since}")
        if when:
            bb.append("[b]Deadline:[/b] " + " / ".join(when))
            md.append("**Deadline:** " + " / ".join(when))
        bb.append("")
        md.append("")
    bb.append(f"[url={page}]The phase on the archive[/url]")
    md.append(f"[The phase on the archive]({page})")
    wiki = _mediawiki(variant, record, before_p, title=title, story=story, page=page, image=image, counts=counts,
                      over=over, when=when)
    return ForumPost("\n".join(bb) + "\n", "\n".join(md) + "\n", wiki)

def centre_counts(variant: Variant, record: PhaseRecord, after: Position | None,
                   before: Position | None) -> list[tuple[str, int]]:
    """Each power's supply centres after the phase, in the powers' order (those with none left out)."""
    if after is not None:
        holding = {str(p) for p in after.supply_centers.values()}
        return [(str(p), len(after.centers_of(p))) for p in variant.powers if str(p) in holding]
    if record.powers:
        return [(p, s.centres) for p, s in record.powers.items() if s.centres]
    if before is None:
        return []
    owners = {str(c): str(p) for c, p in before.supply_centers.items()}
    owners.update({c.centre: c.new for c in record.captures})
    return [(str(p), n) for p in variant.powers if (n := sum(1 for o in owners.values() if o == p))]


_BOLD = "'''"


def _mediawiki(variant: Variant, record: PhaseRecord, before: Position | None, *, title: str, story: list[str],
               page: str, image: str, counts: list[tuple[str, int]], over: str, when: list[str]) -> str:
    """The phase as a wiki page: the narrative, the map (an external link: a wiki that does not
    show outside images still links it), the orders in a table by power with their results, the
    centre counts, and the next phase or how the game ended."""
    out = [f"== {wiki_text(title)} ==", ""]
    if story:
        out += ["=== What happened ===", *(f"* {wiki_text(s)}" for s in story), ""]
    out += [f"[{image} The map of {wiki_text(record.phase)}] ([{page} the phase on the archive])", ""]
    out += ["=== Orders and results ===", '{| class="wikitable"', "! Power !! Order !! Result"]
    for power, orders in record.by_power().items():
        for i, o in enumerate(orders):
            line = _njudge_order(variant, o, before)
            body, _, marks = line.partition("  (*")
            result = marks.rstrip("*)") or ("success" if o.succeeded else o.result.value)
            who = f"{_BOLD}{wiki_text(power or 'Unattributed')}{_BOLD}" if i == 0 else ""
            out += ["|-", f"| {who} || {wiki_text(body.rstrip('.'))} || {wiki_text(result)}"]
    out += ["|}", ""]
    if counts:
        out += ["=== Supply centres ===", '{| class="wikitable"', "! Power !! Centres"]
        for p, n in counts:
            out += ["|-", f"| {wiki_text(p)} || {n}"]
        out += ["|}", ""]
    if over:
        out.append(f"{_BOLD}{wiki_text(over)}.{_BOLD}")
    elif record.next_phase:
        deadline = f". {_BOLD}Deadline:{_BOLD} {wiki_text(' / '.join(when))}" if when else ""
        out.append(f"{_BOLD}Next:{_BOLD} {wiki_text(record.next_phase)}{deadline}")
    return "\n".join(out).rstrip() + "\n"
