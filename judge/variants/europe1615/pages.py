"""Europe 1615's own sections of the game and phase pages (named by its description; the site
writes them as Markdown, see :mod:`judge.sections`), each read from the typed state
(:class:`~.position_state.Europe1615State`)."""

from __future__ import annotations

from ...core.types import Position
from ...core.variant import Variant
from ...sections import (
    Items, Section, Table, Text, amount, in_power_order, place_name, place_names, treasury_table,
)
from .state import current, state_status


def _treasury(variant: Variant, position: Position) -> Section | None:
    """Every power's treasury (seed, "Income phase"); also the game page's treasury chart."""
    return treasury_table(variant, current(position).treasury)


def _infs(variant: Variant, position: Position) -> Section | None:
    """Influence points placed in each minor state, and the state's status (seed, "Alignments":
    a controlled state's INFs are suspended)."""
    st = current(position)
    infs = st.infs
    if not infs or not any(infs.values()):
        return None
    powers = in_power_order(variant, {p for d in infs.values() for p, n in d.items() if n})
    rows = tuple(
        (place_name(variant, state), *[amount(infs[state][p]) if infs[state].get(p) else "" for p in powers],
         state_status(variant, position, state))
        for state in sorted(infs) if any(infs[state].values()))
    parts: list[Table | Text] = [Table(("State", *powers, "Alignment"), rows)]
    left = st.influence
    if left:
        parts.append(Text("INFs still to place this year: " + ", ".join(
            f"{p} {amount(left[p])}" for p in in_power_order(variant, left))))
    return Section("Influence (INF table) and alignments", tuple(parts))


def _relations(variant: Variant, position: Position) -> Section | None:
    """The declarations in force: wars, alliances, neutral powers."""
    rel = current(position).relations
    if rel is None:
        return None
    lines = ["At war: " + " and ".join(pair) for pair in rel.war]
    lines += ["Allied: " + ", ".join(group) for group in rel.alliances]
    if rel.neutral:
        lines.append("Neutral: " + ", ".join(rel.neutral))
    if not lines:
        lines.append("No declarations of war, alliances or neutrality are in force.")
    return Section("Declarations in force", (Items(tuple(lines)),))


def _declarations(variant: Variant, position: Position) -> Section | None:
    """The declarations made, in force from the next movement phase."""
    decl = current(position).declarations
    if not decl:
        return None
    lines = []
    for d in decl:
        text = f"{d.power}: {d.kind}"
        if d.targets:
            text += " — " + ", ".join(d.targets)
        if d.amount:
            text += f" ({amount(d.amount)})"
        lines.append(text)
    return Section("Declarations made (in force from the next movement phase)", (Items(tuple(lines)),))


def _transfers(variant: Variant, position: Position) -> Section | None:
    """Transfers of control announced in the Fall (seed, "Securing control")."""
    t = current(position).transfers
    if not t:
        return None
    rows = tuple((place_name(variant, prov), str(who)) for prov, who in sorted(t.items()))
    return Section("Transfers of control announced (effective in the Winter)", (Table(("Province", "To"), rows),))


def _religion(variant: Variant, position: Position) -> Section | None:
    """Confessional markers changed by a capture, and religious revolts still running (seed,
    "Religious rebellion")."""
    st = current(position)
    lines = [f"{place_name(variant, prov)}: {colour} marker" for prov, colour in sorted((st.markers or {}).items())]
    lines += [f"{place_name(variant, prov)}: in revolt against {r.power}, {amount(r.left)} movement phase(s) left"
              for prov, r in sorted((st.revolts or {}).items())]
    if not lines:
        return None
    return Section("Confessional markers and revolts", (Items(tuple(lines)),))


def _new_states(variant: Variant, position: Position) -> Section | None:
    """Lost home centres that became new pliant minor states (seed, "Creating a new pliant
    minor state")."""
    new = current(position).new_states
    if not new:
        return None
    return Section("New pliant minor states", (Text(place_names(variant, new)),))


def _scores(variant: Variant, position: Position) -> Section | None:
    """The last mid-game or final scoring, with the objectives met (seed, "Mid-game and final
    scoring")."""
    s = current(position).scores
    if s is None:
        return None
    rows = tuple((str(p), amount(n), ", ".join(s.objectives.get(p, ())))
                 for p, n in sorted(s.points.items(), key=lambda kv: (-kv[1], kv[0])))
    title = f"{'Final' if s.final else 'Mid-game'} scoring, {s.year}"
    return Section(title, (Table(("Power", "Points", "Objectives met"), rows),))


SECTIONS = (_treasury, _infs, _relations, _declarations, _transfers, _religion, _new_states, _scores)
"""The sections, in the order the pages show them."""
