"""The variant's own state on the pages: treasuries, income by source, sieges, influence and
alignments, declarations, acquired home centres.

The generator knows no variant by name. Each *provider* here is keyed by a documented top-level
key of the position file (:attr:`Position.extra`, see ``variants/<name>/README.md``) and turns it
into one section of Markdown; a position without the key gets no section. Where the variant's
rules module has a pure function for a figure (``status`` for a minor state's alignment,
``effective_homes`` for home centres) it is used; otherwise the stored data is shown as it is.
Everything is read defensively (a malformed value gives no section, never an error), and every
value is escaped: names in the state come from files anyone can edit.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Sequence

from markupsafe import Markup

from ..core.types import Position, Power, ProvinceId
from ..core.variant import Variant
from .context import StateSection
from .escape import md_escape


Provider = Callable[[Variant, Position], "StateSection | None"]
PROVIDERS: list[Provider] = []


def provider(fn: Provider) -> Provider:
    """Register a provider; sections appear in the order providers are defined."""
    PROVIDERS.append(fn)
    return fn


def state_sections(variant: Variant | None, position: Position | None) -> list[StateSection]:
    """Every section ``position`` has something for, in a fixed order."""
    if variant is None or position is None or not position.extra:
        return []
    out: list[StateSection] = []
    for fn in PROVIDERS:
        try:
            s = fn(variant, position)
        except (TypeError, ValueError, KeyError, AttributeError):  # malformed state: no section
            s = None
        if s is not None:
            out.append(s)
    return out


# -- helpers --------------------------------------------------------------------------------------


def _rules_function(variant: Variant, name: str) -> Callable[..., Any] | None:
    """A pure function of the variant's rules module, if it has one by that name."""
    module = type(variant.rules).__module__
    try:
        mod = importlib.import_module(module)
    except ImportError:  # pragma: no cover - the rules were loaded from it
        return None
    fn = getattr(mod, name, None)
    return fn if callable(fn) else None


def _num(x: Any) -> str:
    try:
        f = float(x)
    except (TypeError, ValueError):
        return md_escape(x)
    return str(int(f)) if f == int(f) else f"{f:.2f}".rstrip("0")


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> Markup:
    """A Markdown table; cells are already escaped."""
    lines = ["| " + " | ".join(md_escape(h) for h in head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(c if c != "" else "—" for c in r) + " |" for r in rows]
    return Markup("\n".join(lines))


def _power_rank(variant: Variant) -> Callable[[Any], tuple[int, str]]:
    rank = {str(p): i for i, p in enumerate(variant.powers)}
    return lambda p: (rank.get(str(p), len(rank)), str(p))


def _names(variant: Variant, ids: Any) -> str:
    if isinstance(ids, (str, bytes)) or not isinstance(ids, (list, tuple, set, frozenset)):
        ids = [ids]
    return ", ".join(md_escape(_place(variant, i)) for i in ids)


def _place(variant: Variant, pid: Any) -> str:
    p = variant.board.provinces.get(ProvinceId(str(pid).upper())) if hasattr(variant.board, "provinces") else None
    return getattr(p, "name", None) or str(pid)


# -- providers ------------------------------------------------------------------------------------


@provider
def _treasury(variant: Variant, position: Position) -> StateSection | None:
    t = position.extra.get("treasury")
    if not isinstance(t, Mapping) or not t:
        return None
    rows = [[md_escape(p), _num(v)] for p, v in sorted(t.items(), key=lambda kv: _power_rank(variant)(kv[0]))]
    return {"title": "Treasuries", "body": _table(["Power", "Treasury"], rows)}


@provider
def _income(variant: Variant, position: Position) -> StateSection | None:
    """The last income paid, by source (Machiavelli's ``income``: provinces, cities, seas,
    variable income with its dice, total)."""
    inc = position.extra.get("income")
    if not isinstance(inc, Mapping) or not inc or not all(isinstance(v, Mapping) for v in inc.values()):
        return None
    sources: list[str] = []
    for rec in inc.values():
        for k, v in rec.items():
            if k not in ("total", "dice") and k not in sources and isinstance(v, (int, float)):
                sources.append(k)
    has_dice = any(rec.get("dice") for rec in inc.values())
    head = ["Power", *[s.replace("_", " ").capitalize() for s in sources]] + (["Dice"] if has_dice else []) + ["Total"]
    rows = []
    for p, rec in sorted(inc.items(), key=lambda kv: _power_rank(variant)(kv[0])):
        row = [md_escape(p), *[_num(rec.get(s, 0)) for s in sources]]
        if has_dice:
            dice = rec.get("dice") or {}
            row.append("; ".join(f"{md_escape(_place(variant, k))} {md_escape(', '.join(str(d) for d in (v if isinstance(v, (list, tuple)) else [v])))}"
                                 for k, v in dice.items()) if isinstance(dice, Mapping) else md_escape(dice))
        total = rec.get("total")
        if total is None:
            total = sum(float(rec.get(s, 0) or 0) for s in sources)
        row.append(_num(total))
        rows.append(row)
    return {"title": "Income by source", "body": _table(head, rows)}


@provider
def _sieges(variant: Variant, position: Position) -> StateSection | None:
    s = position.extra.get("sieges")
    if not isinstance(s, Mapping) or not s:
        return None
    rows = []
    for city, rec in sorted(s.items()):
        rec = rec if isinstance(rec, Mapping) else {"by": rec}
        rows.append([md_escape(_place(variant, city)), md_escape(rec.get("by", "")), md_escape(rec.get("unit", ""))])
    return {"title": "Sieges", "body": _table(["City", "Besieged by", "Unit"], rows)}


@provider
def _infs(variant: Variant, position: Position) -> StateSection | None:
    """Influence points placed in each minor state, and the state's alignment (from the rules'
    ``status`` when the variant has it)."""
    infs = position.extra.get("infs")
    if not isinstance(infs, Mapping) or not any(isinstance(d, Mapping) and d for d in infs.values()):
        return None
    full = _rules_function(variant, "state_status")  # a controlled state's INFs are suspended
    bare = _rules_function(variant, "status")
    status = (lambda pos, st: full(variant, pos, st)) if full else bare
    powers = sorted({str(p) for d in infs.values() if isinstance(d, Mapping) for p, n in d.items() if n},
                    key=_power_rank(variant))
    rows = []
    for state in sorted(infs):
        d = infs[state] if isinstance(infs[state], Mapping) else {}
        if not any(d.values()):
            continue
        row = [md_escape(_place(variant, state)), *[_num(d.get(p, 0)) if d.get(p) else "" for p in powers]]
        row.append(md_escape(status(position, state)) if status else "")
        rows.append(row)
    body = _table(["State", *powers, "Alignment"], rows)
    left = position.extra.get("influence")
    if isinstance(left, Mapping) and left:
        body += Markup("\n\nINFs still to place this year: ") + Markup(", ".join(
            f"{md_escape(p)} {_num(n)}" for p, n in sorted(left.items(), key=lambda kv: _power_rank(variant)(kv[0]))))
    return {"title": "Influence (INF table) and alignments", "body": body}


@provider
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


@provider
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
            text += f" ({_num(d['amount'])})"
        lines.append(text)
    return {"title": "Declarations made (in force from the next movement phase)",
            "body": Markup("\n".join(f"- {line}" for line in lines))}


@provider
def _homes(variant: Variant, position: Position) -> StateSection | None:
    """Home centres that differ from the start: acquired (or lost) ones (Maharajah's ``homes``;
    the rules' ``effective_homes`` when the variant has it)."""
    if not isinstance(position.extra.get("homes"), Mapping) and not position.extra.get("home_claims"):
        return None
    homes = _rules_function(variant, "effective_homes")
    if homes is not None:
        now = {str(p): [str(c) for c in cs] for p, cs in homes(variant, position).items()}
    else:
        raw = position.extra.get("homes") or {}
        now = {str(p): [str(c) for c in (cs or [])] for p, cs in raw.items()}
    rows = []
    for p in sorted(now, key=_power_rank(variant)):
        start = {str(c) for c in variant.homes(Power(p))} if p in {str(x) for x in variant.powers} else set()
        gained = [c for c in now[p] if c not in start]
        lost = sorted(start - set(now[p]))
        if gained or lost:
            rows.append([md_escape(p), _names(variant, gained) if gained else "", _names(variant, lost) if lost else ""])
    claims = position.extra.get("home_claims") or {}
    body = _table(["Power", "Acquired home centres", "Lost home centres"], rows) if rows else Markup(
        "No home centre has been acquired or lost.")
    if isinstance(claims, Mapping) and claims:
        body += Markup("\n\nCentres being held towards a new home: ") + Markup(", ".join(
            f"{md_escape(_place(variant, c))} ({md_escape(v.get('power', '?') if isinstance(v, Mapping) else v)}"
            f"{', since ' + md_escape(v.get('since')) if isinstance(v, Mapping) and v.get('since') else ''})"
            for c, v in sorted(claims.items())))
    return {"title": "Home centres", "body": body}


@provider
def _transfers(variant: Variant, position: Position) -> StateSection | None:
    """Transfers of control announced in the Fall (Europe 1615's ``transfers``)."""
    t = position.extra.get("transfers")
    if not isinstance(t, Mapping) or not t:
        return None
    rows = [[md_escape(_place(variant, prov)), md_escape(who)] for prov, who in sorted(t.items())]
    return {"title": "Transfers of control announced (effective in the Winter)", "body": _table(["Province", "To"], rows)}


@provider
def _religion(variant: Variant, position: Position) -> StateSection | None:
    """Confessional markers changed by a capture, and religious revolts still running
    (Europe 1615's ``markers`` and ``revolts``)."""
    markers = position.extra.get("markers")
    revolts = position.extra.get("revolts")
    lines = []
    if isinstance(markers, Mapping):
        for prov, colour in sorted(markers.items()):
            lines.append(f"{md_escape(_place(variant, prov))}: {md_escape(colour)} marker")
    if isinstance(revolts, Mapping):
        for prov, rec in sorted(revolts.items()):
            rec = rec if isinstance(rec, Mapping) else {}
            lines.append(f"{md_escape(_place(variant, prov))}: in revolt against {md_escape(rec.get('power', '?'))}"
                         + (f", {_num(rec['left'])} movement phase(s) left" if rec.get("left") is not None else ""))
    if not lines:
        return None
    return {"title": "Confessional markers and revolts", "body": Markup("\n".join(f"- {line}" for line in lines))}


@provider
def _new_states(variant: Variant, position: Position) -> StateSection | None:
    """Lost home centres that became new pliant minor states (Europe 1615's ``new_states``)."""
    new = position.extra.get("new_states")
    if not isinstance(new, Sequence) or isinstance(new, str) or not new:
        return None
    return {"title": "New pliant minor states", "body": Markup(_names(variant, list(new)))}


@provider
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
        rows.append([md_escape(p), _num(n), md_escape(", ".join(str(x) for x in done))])
    title = f"{'Final' if s.get('final') else 'Mid-game'} scoring, {md_escape(s.get('year', ''))}"
    return {"title": title, "body": _table(["Power", "Points", "Objectives met"], rows)}


@provider
def _loans(variant: Variant, position: Position) -> StateSection | None:
    """Loans from the bank (Machiavelli's ``loans``: principal, interest, when due) and the
    powers that defaulted (``bankrupt``)."""
    loans = position.extra.get("loans")
    bankrupt = position.extra.get("bankrupt") or []
    if not (isinstance(loans, Mapping) and loans) and not bankrupt:
        return None
    rows = []
    for p, ls in sorted((loans or {}).items(), key=lambda kv: _power_rank(variant)(kv[0])):
        for loan in ls if isinstance(ls, (list, tuple)) else []:
            if isinstance(loan, Mapping):
                rows.append([md_escape(p), _num(loan.get("principal", 0)), _num(loan.get("interest", 0)),
                             md_escape(loan.get("due", ""))])
    body = _table(["Power", "Principal", "Interest", "Due"], rows) if rows else Markup("No loans outstanding.")
    if bankrupt:
        body += Markup("\n\nDefaulted (the bank lends them nothing): ") + Markup(", ".join(md_escape(p) for p in bankrupt))
    return {"title": "Loans from the bank", "body": body}


@provider
def _troubles(variant: Variant, position: Position) -> StateSection | None:
    """Rebellions (Machiavelli's ``rebellions``) and famine (``famine``)."""
    rebellions = position.extra.get("rebellions")
    famine = position.extra.get("famine")
    lines = []
    if isinstance(rebellions, Mapping):
        for area, rec in sorted(rebellions.items()):
            rec = rec if isinstance(rec, Mapping) else {}
            where = "province and city" if rec.get("city") else "province"
            lines.append(f"{md_escape(_place(variant, area))}: rebellion against {md_escape(rec.get('against', '?'))} ({where})")
    if isinstance(famine, (list, tuple)) and famine:
        lines.append("Famine in " + _names(variant, list(famine)) + " (until the end of the next Spring)")
    if not lines:
        return None
    return {"title": "Rebellions and famine", "body": Markup("\n".join(f"- {line}" for line in lines))}


@provider
def _special_units(variant: Variant, position: Position) -> StateSection | None:
    """Special units in play (Machiavelli's ``special_units``)."""
    specials = position.extra.get("special_units")
    if not isinstance(specials, Mapping) or not specials:
        return None
    rows = []
    for p, units in sorted(specials.items(), key=lambda kv: _power_rank(variant)(kv[0])):
        for unit, kind in sorted((units or {}).items()) if isinstance(units, Mapping) else []:
            rows.append([md_escape(p), md_escape(unit), md_escape(str(kind).replace("_", " "))])
    return {"title": "Special units", "body": _table(["Power", "Unit", "Kind"], rows)}


@provider
def _chits(variant: Variant, position: Position) -> StateSection | None:
    """Assassination chits held (Machiavelli's ``chits``; absent, each power holds one for every
    other power, rules §Assassinations), in a game played with assassinations."""
    chits = position.extra.get("chits")
    if not isinstance(chits, Mapping) and not variant.rules.options.get("assassinations"):
        return None
    if not isinstance(chits, Mapping):
        return {"title": "Assassination chits", "body": Markup("Each power holds one chit for every other power.")}
    rows = [[md_escape(p), ", ".join(md_escape(v) for v in sorted(vs or [], key=_power_rank(variant))) if isinstance(vs, (list, tuple)) else ""]
            for p, vs in sorted(chits.items(), key=lambda kv: _power_rank(variant)(kv[0]))]
    return {"title": "Assassination chits", "body": _table(["Power", "Holds chits for"], rows)}
