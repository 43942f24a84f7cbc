"""Europe 1615's own sections of the game and phase pages (named by its description; see
:mod:`judge.site.state_sections`), each read from the typed state
(:class:`~.position_state.Europe1615State`)."""

from __future__ import annotations

from markupsafe import Markup

from ...core.types import Position
from ...core.variant import Variant
from ...site.context import StateSection
from ...site.escape import md_escape
from ...site.state_sections import treasury_section, names, num, place, power_rank, table
from .state import current, state_status


def _treasury(variant: Variant, position: Position) -> StateSection | None:
    """Every power's treasury (seed, "Income phase"); also the game page's treasury chart."""
    return treasury_section(variant, current(position).treasury)


def _infs(variant: Variant, position: Position) -> StateSection | None:
    """Influence points placed in each minor state, and the state's status (seed, "Alignments":
    a controlled state's INFs are suspended)."""
    st = current(position)
    infs = st.infs
    if not infs or not any(infs.values()):
        return None
    powers = sorted({p for d in infs.values() for p, n in d.items() if n}, key=power_rank(variant))
    rows = []
    for state in sorted(infs):
        d = infs[state]
        if not any(d.values()):
            continue
        row = [md_escape(place(variant, state)), *[num(d[p]) if d.get(p) else "" for p in powers]]
        row.append(md_escape(state_status(variant, position, state)))
        rows.append(row)
    body = table(["State", *powers, "Alignment"], rows)
    left = st.influence
    if left:
        body += Markup("\n\nINFs still to place this year: ") + Markup(", ".join(
            f"{md_escape(p)} {num(n)}" for p, n in sorted(left.items(), key=lambda kv: power_rank(variant)(kv[0]))))
    return {"title": "Influence (INF table) and alignments", "body": body}


def _relations(variant: Variant, position: Position) -> StateSection | None:
    """The declarations in force: wars, alliances, neutral powers."""
    rel = current(position).relations
    if rel is None:
        return None
    lines = ["At war: " + " and ".join(md_escape(p) for p in pair) for pair in rel.war]
    lines += ["Allied: " + ", ".join(md_escape(p) for p in group) for group in rel.alliances]
    if rel.neutral:
        lines.append("Neutral: " + ", ".join(md_escape(p) for p in rel.neutral))
    if not lines:
        lines.append("No declarations of war, alliances or neutrality are in force.")
    return {"title": "Declarations in force", "body": Markup("\n".join(f"- {line}" for line in lines))}


def _declarations(variant: Variant, position: Position) -> StateSection | None:
    """The declarations made, in force from the next movement phase."""
    decl = current(position).declarations
    if not decl:
        return None
    lines = []
    for d in decl:
        text = f"{md_escape(d.power)}: {md_escape(d.kind)}"
        if d.targets:
            text += " — " + ", ".join(md_escape(t) for t in d.targets)
        if d.amount:
            text += f" ({num(d.amount)})"
        lines.append(text)
    return {"title": "Declarations made (in force from the next movement phase)",
            "body": Markup("\n".join(f"- {line}" for line in lines))}


def _transfers(variant: Variant, position: Position) -> StateSection | None:
    """Transfers of control announced in the Fall (seed, "Securing control")."""
    t = current(position).transfers
    if not t:
        return None
    rows = [[md_escape(place(variant, prov)), md_escape(who)] for prov, who in sorted(t.items())]
    return {"title": "Transfers of control announced (effective in the Winter)", "body": table(["Province", "To"], rows)}


def _religion(variant: Variant, position: Position) -> StateSection | None:
    """Confessional markers changed by a capture, and religious revolts still running (seed,
    "Religious rebellion")."""
    st = current(position)
    lines = [f"{md_escape(place(variant, prov))}: {md_escape(colour)} marker" for prov, colour in sorted((st.markers or {}).items())]
    lines += [f"{md_escape(place(variant, prov))}: in revolt against {md_escape(r.power)}, {num(r.left)} movement phase(s) left"
              for prov, r in sorted((st.revolts or {}).items())]
    if not lines:
        return None
    return {"title": "Confessional markers and revolts", "body": Markup("\n".join(f"- {line}" for line in lines))}


def _new_states(variant: Variant, position: Position) -> StateSection | None:
    """Lost home centres that became new pliant minor states (seed, "Creating a new pliant
    minor state")."""
    new = current(position).new_states
    if not new:
        return None
    return {"title": "New pliant minor states", "body": Markup(names(variant, list(new)))}


def _scores(variant: Variant, position: Position) -> StateSection | None:
    """The last mid-game or final scoring, with the objectives met (seed, "Mid-game and final
    scoring")."""
    s = current(position).scores
    if s is None:
        return None
    rows = [[md_escape(p), num(n), md_escape(", ".join(s.objectives.get(p, ())))]
            for p, n in sorted(s.points.items(), key=lambda kv: (-kv[1], kv[0]))]
    title = f"{'Final' if s.final else 'Mid-game'} scoring, {md_escape(s.year)}"
    return {"title": title, "body": table(["Power", "Points", "Objectives met"], rows)}


SECTIONS = (_treasury, _infs, _relations, _declarations, _transfers, _religion, _new_states, _scores)
"""The sections, in the order the pages show them."""
