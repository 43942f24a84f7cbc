"""Europe 1615's own sections of the game and phase pages (named by its description; see
:mod:`judge.site.state_sections`)."""

from __future__ import annotations

from typing import Mapping, Sequence

from markupsafe import Markup

from ...core.types import Position
from ...core.variant import Variant
from ...site.context import StateSection
from ...site.escape import md_escape
from ...site.state_sections import names, num, place, power_rank, rules_function, table, treasury


def _infs(variant: Variant, position: Position) -> StateSection | None:
    """Influence points placed in each minor state, and the state's alignment (from the rules'
    ``status`` when the variant has it)."""
    infs = position.extra.get("infs")
    if not isinstance(infs, Mapping) or not any(isinstance(d, Mapping) and d for d in infs.values()):
        return None
    full = rules_function(variant, "state_status")  # a controlled state's INFs are suspended
    bare = rules_function(variant, "status")
    status = (lambda pos, st: full(variant, pos, st)) if full else bare
    powers = sorted({str(p) for d in infs.values() if isinstance(d, Mapping) for p, n in d.items() if n},
                    key=power_rank(variant))
    rows = []
    for state in sorted(infs):
        d = infs[state] if isinstance(infs[state], Mapping) else {}
        if not any(d.values()):
            continue
        row = [md_escape(place(variant, state)), *[num(d.get(p, 0)) if d.get(p) else "" for p in powers]]
        row.append(md_escape(status(position, state)) if status else "")
        rows.append(row)
    body = table(["State", *powers, "Alignment"], rows)
    left = position.extra.get("influence")
    if isinstance(left, Mapping) and left:
        body += Markup("\n\nINFs still to place this year: ") + Markup(", ".join(
            f"{md_escape(p)} {num(n)}" for p, n in sorted(left.items(), key=lambda kv: power_rank(variant)(kv[0]))))
    return {"title": "Influence (INF table) and alignments", "body": body}


def _relations(variant: Variant, position: Position) -> StateSection | None:
    rel = position.extra.get("relations")
    if not isinstance(rel, Mapping):
        return None
    lines = []
    for pair in rel.get("war") or []:
        lines.append("At war: " + " and ".join(md_escape(p) for p in pair))
    for group in rel.get("alliances") or []:
        lines.append("Allied: " + ", ".join(md_escape(p) for p in group))
    neutral = rel.get("neutral") or []
    if neutral:
        lines.append("Neutral: " + ", ".join(md_escape(p) for p in neutral))
    if not lines:
        lines.append("No declarations of war, alliances or neutrality are in force.")
    return {"title": "Declarations in force", "body": Markup("\n".join(f"- {line}" for line in lines))}


def _declarations(variant: Variant, position: Position) -> StateSection | None:
    decl = position.extra.get("declarations")
    if not isinstance(decl, Sequence) or isinstance(decl, str) or not decl:
        return None
    lines = []
    for d in decl:
        if not isinstance(d, Mapping):
            lines.append(md_escape(d))
            continue
        targets = d.get("targets") or []
        targets = targets if isinstance(targets, (list, tuple)) else [targets]
        text = f"{md_escape(d.get('power', '?'))}: {md_escape(d.get('kind', 'declaration'))}"
        if targets:
            text += " — " + ", ".join(md_escape(t) for t in targets)
        if d.get("amount"):
            text += f" ({num(d['amount'])})"
        lines.append(text)
    return {"title": "Declarations made (in force from the next movement phase)",
            "body": Markup("\n".join(f"- {line}" for line in lines))}


def _transfers(variant: Variant, position: Position) -> StateSection | None:
    """Transfers of control announced in the Fall (Europe 1615's ``transfers``)."""
    t = position.extra.get("transfers")
    if not isinstance(t, Mapping) or not t:
        return None
    rows = [[md_escape(place(variant, prov)), md_escape(who)] for prov, who in sorted(t.items())]
    return {"title": "Transfers of control announced (effective in the Winter)", "body": table(["Province", "To"], rows)}


def _religion(variant: Variant, position: Position) -> StateSection | None:
    """Confessional markers changed by a capture, and religious revolts still running
    (Europe 1615's ``markers`` and ``revolts``)."""
    markers = position.extra.get("markers")
    revolts = position.extra.get("revolts")
    lines = []
    if isinstance(markers, Mapping):
        for prov, colour in sorted(markers.items()):
            lines.append(f"{md_escape(place(variant, prov))}: {md_escape(colour)} marker")
    if isinstance(revolts, Mapping):
        for prov, rec in sorted(revolts.items()):
            rec = rec if isinstance(rec, Mapping) else {}
            lines.append(f"{md_escape(place(variant, prov))}: in revolt against {md_escape(rec.get('power', '?'))}"
                         + (f", {num(rec['left'])} movement phase(s) left" if rec.get("left") is not None else ""))
    if not lines:
        return None
    return {"title": "Confessional markers and revolts", "body": Markup("\n".join(f"- {line}" for line in lines))}


def _new_states(variant: Variant, position: Position) -> StateSection | None:
    """Lost home centres that became new pliant minor states (Europe 1615's ``new_states``)."""
    new = position.extra.get("new_states")
    if not isinstance(new, Sequence) or isinstance(new, str) or not new:
        return None
    return {"title": "New pliant minor states", "body": Markup(names(variant, list(new)))}


def _scores(variant: Variant, position: Position) -> StateSection | None:
    """The last mid-game or final scoring, with the objectives met (Europe 1615's ``scores``)."""
    s = position.extra.get("scores")
    if not isinstance(s, Mapping) or not isinstance(s.get("points"), Mapping):
        return None
    objectives = s.get("objectives")
    met = objectives if isinstance(objectives, Mapping) else {}
    rows = []
    for p, n in sorted(s["points"].items(), key=lambda kv: (-float(kv[1] or 0), str(kv[0]))):
        done = met.get(p) or []
        done = done if isinstance(done, (list, tuple)) else [done]
        rows.append([md_escape(p), num(n), md_escape(", ".join(str(x) for x in done))])
    title = f"{'Final' if s.get('final') else 'Mid-game'} scoring, {md_escape(s.get('year', ''))}"
    return {"title": title, "body": table(["Power", "Points", "Objectives met"], rows)}


SECTIONS = (treasury, _infs, _relations, _declarations, _transfers, _religion, _new_states, _scores,)
"""The sections, in the order the pages show them."""
