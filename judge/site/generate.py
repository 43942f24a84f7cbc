"""The archive's sources: game folders in, plain Markdown pages, images and a navigation out.

:func:`generate` reads every game under ``games/`` and writes into ``site-src/`` (MkDocs'
``docs_dir``):

* ``index.md``: the games, with variant, status, current phase and next deadline (UTC);
* ``games/<slug>/index.md``: a game: players, centre chart (``centres.svg``; ``treasury.svg``
  where positions carry a ``treasury``), the current map, the timeline of phases;
* ``games/<slug>/<phase folder>.md``: a phase: map, orders and results, retreats, adjustments,
  captures, the narrative (generated sentences, the Gamesmaster's ``gm.md``, players' press),
  the results in the njudge format, previous and next links; its images under
  ``games/<slug>/<phase folder>/``;
* ``.nav.yml``: the navigation (read by the MkDocs plugin ``judge``, :mod:`judge.site.mkdocs_plugin`);
* ``.judge-site.json``: the manifest that makes the next run incremental.

MkDocs only renders: the generator's output is plain Markdown and files, and another renderer
could take it. All data is gathered first, then the pages are written.

Incremental: a finished phase (one with ``results.yaml``) is rendered again only when the hash of
its inputs changes — the files of its folder, the next folder's ``phase.yaml`` and
``position.yaml``, the previous folder's ``phase.yaml``, the names of its neighbours, the game's
title and variant (and the variant's data files), and the generator itself (templates, static
files, this package, :mod:`judge.reports`). File hashes are cached in the manifest by size and
modification time. A file is written only when its bytes change, so a page published for an
earlier phase keeps its bytes and its time stamp; files the generator wrote before and no longer
produces (a game removed) are deleted. ``--force`` renders everything again (say, after a change
in the rules core that the key does not cover).
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import os
import shutil
import time
from dataclasses import dataclass
from datetime import timezone
from pathlib import Path
from typing import Any, Mapping

import jinja2
import yaml
from markupsafe import Markup

from ..core.errors import JudgeError
from ..resources import data_path
from ..core.legality import retreat_options
from ..core.types import Dislodged, Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from ..core.variant import Variant
from ..reports import as_moment, njudge_results, narrative, phase_of, place_name, read_order
from .charts import line_chart
from .context import (
    CaptureRow, GameContext, GameRow, IndexContext, Link, MapImage, OrderRow, PhaseContext,
    PlayerRow, PowerOrders, PressItem, RetreatRow, TableRow, TimelineRow, UnitsRow,
)
from .escape import md_escape, plain_title, press_html, url_path
from .state_sections import state_sections
from .gamefiles import SLUG_RE, GameFolder, PhaseFolder, find_games, load_yaml_file, read_game

__all__ = ["generate", "GenerateReport", "Publishing", "TEMPLATES_DIR", "STATIC_DIR", "MANIFEST_NAME", "NAV_NAME"]

TEMPLATES_DIR = data_path("templates")
"""The page templates (``$JUDGE_TEMPLATES`` replaces them)."""
STATIC_DIR = data_path("site-static")
"""Files copied into every site as they are, e.g. ``assets/judge.css`` (``$JUDGE_SITE_STATIC``)."""
MANIFEST_NAME = ".judge-site.json"
NAV_NAME = ".nav.yml"
MANIFEST_VERSION = 1
MAP_FILES = ("map.png", "map.svg")
"""The map files a phase page uses (an older game's ``map-thumb.png`` is not published: nothing shows it)."""
_TAG_WORDS = {"bounce": "bounced", "cut": "cut", "dislodged": "dislodged", "void": "void", "no convoy": "no convoy",
              "disrupted": "disrupted", "disbanded": "disbanded", "paradox": "paradox"}


@dataclass
class GenerateReport:
    """What a run did."""

    games: int = 0
    phases: int = 0
    rendered: int = 0
    """Phase pages rendered this run."""
    reused: int = 0
    """Finished phases whose inputs had not changed: not rendered again."""
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        """One line for the command line."""
        return (f"{self.games} games, {self.phases} phases: {self.rendered} rendered, {self.reused} unchanged; "
                f"{self.written} files written, {self.unchanged} kept, {self.removed} removed ({self.seconds:.2f} s)")


# -- files out ------------------------------------------------------------------------------------


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class _Out:
    """Writes into the output folder only what changed, and remembers what it owns."""

    def __init__(self, root: Path, old: Mapping[str, str], report: GenerateReport) -> None:
        self.root = root
        self.old = dict(old)
        self.new: dict[str, str] = {}
        self.report = report

    def write(self, rel: str, content: str | bytes) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        digest = _sha(data)
        self.new[rel] = digest
        path = self.root / rel
        if self.old.get(rel) == digest and path.is_file() and path.stat().st_size == len(data):
            self.report.unchanged += 1
            return
        if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
            self.report.unchanged += 1
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        self.report.written += 1

    def copy(self, rel: str, src: Path) -> None:
        st = src.stat()
        stamp = f"copy:{st.st_size}:{st.st_mtime_ns}"
        self.new[rel] = stamp
        path = self.root / rel
        if path.is_file():
            dst = path.stat()
            if dst.st_size == st.st_size and dst.st_mtime_ns == st.st_mtime_ns:
                self.report.unchanged += 1
                return
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, path)
        self.report.written += 1

    def keep(self, rel: str) -> bool:
        """Keep a file written by an earlier run; False if it is gone."""
        if rel not in self.old or not (self.root / rel).is_file():
            return False
        self.new[rel] = self.old[rel]
        self.report.unchanged += 1
        return True

    def remove_stale(self) -> None:
        for rel in sorted(set(self.old) - set(self.new)):
            path = self.root / rel
            if path.is_file():
                path.unlink()
                self.report.removed += 1
            parent = path.parent
            while parent != self.root and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent


class _Hasher:
    """File hashes, cached by size and modification time across runs."""

    def __init__(self, cache: Mapping[str, list]) -> None:
        self.old = dict(cache)
        self.new: dict[str, list] = {}

    def file(self, path: Path) -> str:
        key = str(path.resolve())
        st = path.stat()
        hit = self.old.get(key)
        if hit and hit[0] == st.st_size and hit[1] == st.st_mtime_ns:
            digest = hit[2]
        else:
            digest = _sha(path.read_bytes())
        self.new[key] = [st.st_size, st.st_mtime_ns, digest]
        return digest

    def tree(self, root: Path, *, skip: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
        out = []
        for p in sorted(root.rglob("*")):
            if p.is_file() and p.name not in skip and not p.name.startswith("."):
                out.append((p.relative_to(root).as_posix(), self.file(p)))
        return out


def _fingerprint(templates: str, static: str) -> str:
    """The generator itself: its code, templates and static files."""
    h = hashlib.sha256(f"v{MANIFEST_VERSION}".encode())
    here = Path(__file__).resolve().parent
    files = sorted(here.glob("*.py")) + [here.parent / "reports.py"]
    for root in (Path(templates), Path(static)):
        if root.is_dir():
            files += sorted(p for p in root.rglob("*") if p.is_file())
    for p in files:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()


# -- templates ------------------------------------------------------------------------------------


def _finalize(value: Any) -> Any:
    """Every value printed by a template is plain text unless the generator marked it trusted."""
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return md_escape(value)


@functools.lru_cache(maxsize=4)
def _environment(templates: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        autoescape=False,
        finalize=_finalize,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["url"] = lambda s: Markup(url_path(str(s)))
    env.filters["yaml_str"] = lambda s: Markup(json.dumps(plain_title(s), ensure_ascii=False))
    return env


def _render(templates: Path, name: str, context: Mapping[str, Any]) -> str:
    text = _environment(str(templates)).get_template(name).render(**context)
    return text.strip("\n") + "\n"


# -- reading a game -------------------------------------------------------------------------------


def _utc(when: Any) -> str:
    dt = as_moment(when)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC") if dt else ""


def position_from_data(variant: Variant, data: Mapping[str, Any]) -> Position:
    """A position from a ``position.yaml`` the judge wrote (ids, canonical form), quickly.

    Anything unexpected raises ValueError, and the caller falls back to
    :func:`judge.notation.parse_position`, which reads every spelling and says where a file is
    wrong.
    """
    board = variant.board

    def loc(text: Any) -> Location:
        place = Location.parse(str(text))
        if place.province not in board.provinces:
            raise ValueError(text)
        return place

    def unit(text: Any, power: str) -> Unit:
        kind, _, where = str(text).partition(" ")
        return Unit(Power(power), UnitType(kind), loc(where))

    units = [unit(t, p) for p, lst in (data.get("units") or {}).items() for t in lst or []]
    if "supply_centers" in data and data["supply_centers"] is not None:
        centres = {loc(c).province: Power(p) for p, lst in data["supply_centers"].items() for c in lst or []}
    else:
        centres = dict(variant.start.supply_centers)
    dislodged = [Dislodged(unit(t, p), None if frm in (None, "", "convoy") else loc(frm).province)
                 for p, m in (data.get("dislodged") or {}).items() for t, frm in (m or {}).items()]
    standoffs = frozenset(loc(s).province for s in data.get("standoffs") or [])
    phase = phase_of(variant, str(data["phase"]))
    extra = {k: v for k, v in data.items() if k not in ("variant", "phase", "units", "supply_centers", "dislodged", "standoffs")}
    return Position(variant.name, phase, tuple(units), centres, tuple(dislodged), standoffs, extra)


class _Positions:
    """Positions of a game's phase folders, read once per run."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.cache: dict[Path, Position | None] = {}

    def get(self, folder: PhaseFolder | None) -> Position | None:
        if folder is None:
            return None
        if folder.path not in self.cache:
            f = folder.file("position.yaml")
            if f is None:
                self.cache[folder.path] = None
            else:
                data = load_yaml_file(f)
                try:
                    if not isinstance(data, dict):
                        raise ValueError("not a mapping")
                    self.cache[folder.path] = position_from_data(self.variant, data)
                except (ValueError, KeyError, TypeError, AttributeError, JudgeError):
                    from ..notation import parse_position

                    self.cache[folder.path] = parse_position(f.read_text(encoding="utf-8-sig"), str(f), self.variant)[1]
        return self.cache[folder.path]


def _phase_yaml(folder: PhaseFolder | None) -> dict[str, Any]:
    if folder is None:
        return {}
    f = folder.file("phase.yaml")
    data = load_yaml_file(f) if f else None
    return data if isinstance(data, dict) else {}


def _counts(position: Position | None) -> tuple[dict[str, int], dict[str, int]]:
    if position is None:
        return {}, {}
    centres: dict[str, int] = {}
    for owner in position.supply_centers.values():
        centres[owner] = centres.get(owner, 0) + 1
    units: dict[str, int] = {}
    for u in position.units:
        if u.kind is not UnitType.GARRISON:
            units[u.power] = units.get(u.power, 0) + 1
    return centres, units


def _treasury(position: Position | None) -> dict[str, float] | None:
    if position is None:
        return None
    t = position.extra.get("treasury")
    if not isinstance(t, Mapping):
        return None
    out = {}
    for k, v in t.items():
        try:
            out[str(k)] = float(v)
        except (TypeError, ValueError):
            continue
    return out


def _map_image(out: _Out, folder: PhaseFolder, rel_dir: str, href_dir: str, title: str) -> MapImage | None:
    """Copy the phase's map files into the site; the page's view of them."""
    found = {}
    for name in MAP_FILES:
        src = folder.file(name)
        if src is not None:
            out.copy(f"{rel_dir}/{name}", src)
            found[name] = f"{href_dir}/{name}"
    if "map.png" not in found and "map.svg" not in found:
        return None
    return MapImage(png=found.get("map.png") or found.get("map.svg"), svg=found.get("map.svg"), alt=f"Map: {title}")


# -- a phase page ---------------------------------------------------------------------------------


_DONE = {"hold": "held", "move": "moved", "support": "given", "convoy": "convoyed", "retreat": "retreated",
         "disband": "disbanded", "build": "built", "waive": "waived"}


def _result_badge(e: Mapping[str, Any]) -> Markup:
    """The result in the judges' words: bounced, cut, dislodged, void...; coloured by class."""
    result = str(e.get("result") or "")
    tags = [str(t) for t in e.get("tags") or []]
    if result in ("invalid", "illegal", "ambiguous"):
        words = [result] + [_TAG_WORDS.get(t, t) for t in tags if t != "disbanded"]
        css = "judge-bad"
    elif result == "success":
        view = read_order(str(e.get("order") or ""))
        done = _DONE.get(view.verb, "succeeds") if view else "succeeds"
        words = [done] + [_TAG_WORDS.get(t, t) for t in tags if _TAG_WORDS.get(t, t) != done]
        css = "judge-ok" if not tags or tags == ["disbanded"] else "judge-mixed"
    else:
        words = [_TAG_WORDS.get(t, t) for t in tags] or ["failed"]
        css = "judge-fail"
    text = ", ".join(words)
    return Markup('<span class="judge-result {}">').format(css) + Markup(md_escape(text)) + Markup("</span>")


def _order_cell(text: str, understood: bool) -> Markup:
    css = "judge-order" if understood else "judge-order judge-unread"
    return Markup('<code class="{}">').format(css) + Markup(md_escape(text)) + Markup("</code>")


def _power_order(variant: Variant) -> dict[str, int]:
    return {p: i for i, p in enumerate(variant.powers)}


def _orders_table(variant: Variant, results: Mapping[str, Any]) -> list[PowerOrders]:
    by: dict[str, list[OrderRow]] = {}
    for e in results.get("orders") or []:
        if not isinstance(e, Mapping):
            continue
        text = str(e.get("order") or "")
        understood = read_order(text) is not None and e.get("result") != "invalid"
        reason = str(e.get("reason") or "")
        by.setdefault(str(e.get("power") or ""), []).append(
            OrderRow(order=_order_cell(text, understood), result=_result_badge(e), reason=reason))
    rank = _power_order(variant)
    return [PowerOrders(power=p or "Unattributed", rows=by[p])
            for p in sorted(by, key=lambda p: (p == "", rank.get(p, len(rank)), p))]


def _units_rows(variant: Variant, position: Position | None) -> list[UnitsRow]:
    if position is None:
        return []
    rows = []
    for p in variant.powers:
        us = [u for u in position.units if u.power == p]
        cs = position.centers_of(p)
        if not us and not cs:
            continue
        rows.append(UnitsRow(power=p, units=", ".join(str(u) for u in us) or "none", centres=f"{len(cs)}: {', '.join(cs)}"))
    return rows


def _summary_line(variant: Variant, results: Mapping[str, Any], kind: PhaseKind | None) -> str:
    """A few words for the game's timeline."""
    parts: list[str] = []
    net: dict[str, int] = {}
    for c in results.get("captures") or []:
        if not isinstance(c, Mapping):
            continue
        net[str(c.get("to"))] = net.get(str(c.get("to")), 0) + 1
        if c.get("from"):
            net[str(c.get("from"))] = net.get(str(c.get("from")), 0) - 1
    if net:
        rank = _power_order(variant)
        parts.append(", ".join(f"{p} {'+' if n > 0 else '−' if n < 0 else '±'}{abs(n)}"
                               for p, n in sorted(net.items(), key=lambda kv: rank.get(kv[0], 99)) if n))
    if kind is PhaseKind.MOVEMENT:
        hit = sum(1 for e in results.get("orders") or [] if isinstance(e, Mapping) and "dislodged" in (e.get("tags") or []))
        if hit:
            parts.append(f"{hit} dislodged")
    if kind is PhaseKind.ADJUSTMENT:
        b = sum(1 for e in results.get("orders") or [] if isinstance(e, Mapping) and e.get("result") == "success"
                and str(e.get("order", "")).startswith("Build"))
        r = sum(1 for e in results.get("orders") or [] if isinstance(e, Mapping) and e.get("result") == "success"
                and str(e.get("order", "")).startswith("Disband"))
        if b:
            parts.append(f"{b} built")
        if r:
            parts.append(f"{r} removed")
    if results.get("winner"):
        parts.append(f"{results['winner']} wins")
    return "; ".join(parts)


def _retreat_rows(variant: Variant, position: Position) -> list[RetreatRow]:
    """The dislodged units of a retreat phase and where each may go."""
    rows = []
    for d in position.dislodged:
        opts = retreat_options(variant.board, position, d.unit, d.attacker_from)
        rows.append(RetreatRow(power=d.unit.power, unit=f"{d.unit.kind.noun.capitalize()} {place_name(variant, str(d.unit.location))}",
                               options=", ".join(place_name(variant, str(o)) for o in opts) or "none: disbanded"))
    return rows


def _pays_upkeep(variant: Variant) -> bool:
    """Does the Winter adjustment mean upkeep paid in money (Machiavelli with money), rather
    than builds and removals by the count of centres?"""
    return PhaseKind.INCOME in {k for _, k in variant.calendar.steps} and bool(variant.rules.options.get("money", True))


def _adjustment_head(variant: Variant) -> list[str]:
    if _pays_upkeep(variant):
        return ["Power", "Cities", "Units (garrisons included)", "To decide"]
    return ["Power", "Supply centres", "Units", "Builds or removals"]


def _adjustment_rows(variant: Variant, position: Position) -> list[TableRow]:
    """Centres, units and the builds or removals due, per power; where the Winter is upkeep paid
    in money, the units counted with their garrisons and what each power decides."""
    if _pays_upkeep(variant):
        centres, _ = _counts(position)
        every: dict[str, int] = {}
        for unit in position.units:
            every[unit.power] = every.get(unit.power, 0) + 1
        out = []
        for p, info in variant.powers.items():
            c, u = centres.get(p, 0), every.get(p, 0)
            if (c or u) and info.playable:
                out.append(TableRow(cells=[p, str(c), str(u), "which units to maintain or disband; what to buy"]))
        return out
    centres, units = _counts(position)
    rows = []
    for p in variant.powers:
        c, u = centres.get(p, 0), units.get(p, 0)
        if not c and not u:
            continue
        d = c - u
        what = f"builds {d}" if d > 0 else f"removes {-d}" if d < 0 else "nothing"
        rows.append(TableRow(cells=[p, str(c), str(u), what]))
    return rows


def _receipt_for_orders(path: Path) -> bool:
    """Does a receipt say orders were received (not only press)? An unreadable one counts."""
    try:
        data = load_yaml_file(path)
    except JudgeError:
        return True
    files = data.get("files") if isinstance(data, dict) else None
    return not isinstance(files, dict) or any(str(k).startswith("orders/") for k in files)


@dataclass
class _PhaseOut:
    markdown: str
    summary: dict[str, Any]


def _phase_page(game: GameFolder, variant: Variant, positions: _Positions, i: int, out: _Out, templates: Path) -> _PhaseOut:
    folder = game.phases[i]
    prev_f = game.phases[i - 1] if i > 0 else None
    next_f = game.phases[i + 1] if i + 1 < len(game.phases) else None
    before = positions.get(folder)
    after = positions.get(next_f)
    meta = _phase_yaml(folder)
    next_meta = _phase_yaml(next_f)
    title = str(meta.get("phase") or (str(before.phase) if before else folder.title))
    results: dict[str, Any] = {}
    if folder.finished:
        data = load_yaml_file(folder.path / "results.yaml")
        results = data if isinstance(data, dict) else {}
    rel_dir = f"games/{game.slug}/{folder.name}"
    image = _map_image(out, folder, rel_dir, folder.name, title)

    gm = folder.file("gm.md")
    press = [PressItem(title=p.stem.replace("-", " ").replace("_", " "), html=Markup(press_html(p.read_text(encoding="utf-8-sig"))))
             for p in folder.press()]
    kind = before.phase.kind if before else None
    retreats: list[RetreatRow] = []
    adjustments: list[TableRow] = []
    captures: list[CaptureRow] = []
    story: list[str] = []
    results_text = None
    if folder.finished:
        if before is not None:
            story = narrative(variant, results, before, position_after=after)
        if kind is PhaseKind.MOVEMENT and after is not None and after.phase.kind is PhaseKind.RETREAT:
            retreats = _retreat_rows(variant, after)
        if after is not None and after.phase.kind is PhaseKind.ADJUSTMENT:
            adjustments = _adjustment_rows(variant, after)
        for c in results.get("captures") or []:
            if isinstance(c, Mapping):
                captures.append(CaptureRow(centre=place_name(variant, str(c.get("centre"))),
                                           old=str(c.get("from") or "neutral"), new=str(c.get("to"))))
        txt = folder.file("results.txt")
        if txt is not None:
            text = txt.read_text(encoding="utf-8-sig")
        else:
            text = njudge_results(variant, results, before=before, after=after, game=game.slug,
                                  deadline=next_meta.get("deadline"))
        results_text = Markup('<pre class="judge-results"><code>') + Markup(html.escape(text.rstrip("\n"), quote=False)) + Markup("</code></pre>")

    received: list[str] = []
    if not folder.finished and before is not None:
        if before.phase.kind is PhaseKind.RETREAT:
            retreats = _retreat_rows(variant, before)
        elif before.phase.kind is PhaseKind.ADJUSTMENT:
            adjustments = _adjustment_rows(variant, before)
    if not folder.finished:
        stems = {p.lower().replace(" ", "-"): p for p in variant.powers}
        found = {f.name.split(".")[0] for f in folder.order_files()}
        rdir = folder.path / "receipts"
        if rdir.is_dir():
            found |= {p.stem for p in rdir.glob("*.yaml") if _receipt_for_orders(p)}
        received = [stems[s] for s in sorted(found) if s in stems]
    shown = after if folder.finished and after is not None else before
    state = state_sections(variant, shown)
    ctx = PhaseContext(
        title=title,
        page_title=f"{title} · {game.title}",
        game_title=game.title,
        game_href="index.md",
        finished=folder.finished,
        deadline=_utc(meta.get("deadline")),
        previous=Link(title=_title_of(prev_f), href=f"{prev_f.name}.md") if prev_f else None,
        next=Link(title=_title_of(next_f), href=f"{next_f.name}.md") if next_f else None,
        map=image,
        narrative=story,
        gm=Markup(press_html(gm.read_text(encoding="utf-8-sig"))) if gm else None,
        press=press,
        orders=_orders_table(variant, results) if folder.finished else [],
        notes=[str(n) for n in results.get("notes") or []],
        retreats=retreats,
        captures=captures,
        adjustments=adjustments,
        adjustment_head=_adjustment_head(variant),
        next_phase=str(results.get("next_phase") or ""),
        next_deadline=_utc(next_meta.get("deadline")),
        winner=str(results.get("winner") or ""),
        results_text=results_text,
        units=_units_rows(variant, before) if not folder.finished else [],
        received=received,
        state=state,
    )
    centres, units = _counts(before)
    final: dict[str, int] | None = None
    if folder.finished and next_f is None and before is not None:
        owners = dict(before.supply_centers)
        for c in results.get("captures") or []:
            if isinstance(c, Mapping):
                owners[ProvinceId(str(c.get("centre")))] = Power(str(c.get("to")))
        final = {}
        for o in owners.values():
            final[o] = final.get(o, 0) + 1
    summary = {
        "title": title, "folder": folder.name, "finished": folder.finished, "deadline": _utc(meta.get("deadline")),
        "year": before.phase.year if before else folder.year, "centres": centres, "units": units,
        "treasury": _treasury(before), "final_centres": final,
        "summary": _summary_line(variant, results, kind) if folder.finished else "",
        "winner": str(results.get("winner") or ""), "map": image["png"] if image else None,
        "map_svg": image["svg"] if image else None,
        "state": [{"title": x["title"], "body": str(x["body"])} for x in state],
        "adjudicated": _iso(meta.get("adjudicated")) if folder.finished else "",
    }
    return _PhaseOut(_render(templates, "site/phase.md.j2", ctx), summary)


def _iso(when: Any) -> str:
    dt = as_moment(when)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if dt else ""


def _ended(game: GameFolder) -> str:
    """How the Gamesmaster ended the game (``ended:`` in game.yaml, written by ``judge end``)."""
    ended = game.settings.get("ended")
    if not isinstance(ended, Mapping):
        return ""
    how, phase = str(ended.get("how") or ""), str(ended.get("phase") or "")
    powers = [str(p) for p in ended.get("powers") or []] if isinstance(ended.get("powers"), list) else []
    text = {"draw": "a draw between " + ", ".join(powers) + ", by their votes",
            "concession": f"conceded to {ended.get('winner')} by the votes of every other power",
            "ended": f"ended by the Gamesmaster: {ended.get('reason') or ''}"}.get(how, how)
    return text + (f" ({phase})" if phase else "")


@dataclass(frozen=True)
class Publishing:
    """Where the league lives: its GitHub repository (for the orders pages), the site's address
    (for the feeds) and the game folders' path in the repository."""

    repository: tuple[str, str] | None = None
    site_url: str = ""
    games_path: str = "games"
    branch: str = "main"


def _orders_page(game: GameFolder, variant: Variant, positions: "_Positions", out: "_Out", templates: Path,
                 base: str, publishing: Publishing) -> str | None:
    """The orders page of the phase being played (none when the game is over or paused)."""
    from .orders_page import orders_page_context

    if not game.phases or game.phases[-1].finished or game.status != "active":
        return None
    folder = game.phases[-1]
    position = positions.get(folder)
    if position is None:
        return None
    ctx = orders_page_context(game, variant, folder, position, publishing.repository,
                              f"{publishing.games_path}/{game.slug}", publishing.branch)
    out.write(f"{base}/orders.md", _render(templates, "site/orders.md.j2", ctx))
    return "orders.md"


def _title_of(folder: PhaseFolder | None) -> str:
    if folder is None:
        return ""
    meta = _phase_yaml(folder) if folder.file("phase.yaml") else {}
    return str(meta.get("phase") or folder.title)


# -- a game ---------------------------------------------------------------------------------------


def _variant_key(hasher: _Hasher, variant: Variant) -> str:
    """The variant's data files (names of provinces and powers appear in the pages)."""
    from ..variants import variants_dir

    folder = variants_dir() / variant.name
    h = hashlib.sha256(variant.name.encode())
    if folder.is_dir():
        for rel, digest in hasher.tree(folder):
            h.update(f"{rel}={digest}\0".encode())
    return h.hexdigest()


def _phase_key(fingerprint: str, hasher: _Hasher, game: GameFolder, i: int) -> str:
    folder = game.phases[i]
    prev_f = game.phases[i - 1] if i > 0 else None
    next_f = game.phases[i + 1] if i + 1 < len(game.phases) else None
    h = hashlib.sha256()
    for part in (fingerprint, game.slug, game.title, game.variant_name, folder.name,
                 prev_f.name if prev_f else "", next_f.name if next_f else ""):
        h.update(part.encode() + b"\0")
    for rel, digest in hasher.tree(folder.path):
        h.update(f"{rel}={digest}\0".encode())
    for f in (prev_f, next_f):
        for name in ("phase.yaml",) + (("position.yaml",) if f is next_f else ()):
            p = f.file(name) if f else None
            h.update(f"{name}={hasher.file(p) if p else '-'}\0".encode())
    return h.hexdigest()


def _game(game: GameFolder, out: _Out, hasher: _Hasher, old_phases: Mapping[str, Any], new_phases: dict[str, Any],
          fingerprint: str, report: GenerateReport, force: bool, templates: Path,
          publishing: Publishing = Publishing()) -> GameRow:
    from ..variants import find_variant

    try:
        options = game.settings.get("options")
        variant = find_variant(game.variant_name, options) if isinstance(options, dict) and options else find_variant(game.variant_name)
    except JudgeError as exc:
        raise JudgeError(f"{exc.message}", str(game.path / "game.yaml")) from None
    positions = _Positions(variant)
    variant_key = _variant_key(hasher, variant)
    summaries: list[dict[str, Any]] = []
    base = f"games/{game.slug}"
    for i, folder in enumerate(game.phases):
        report.phases += 1
        rel = f"{base}/{folder.name}.md"
        mkey = f"{game.slug}/{folder.name}"
        key = _phase_key(fingerprint + variant_key, hasher, game, i) if folder.finished else ""
        old = old_phases.get(mkey)
        if (not force and folder.finished and old and old.get("key") == key
                and all(out.keep(r) for r in old.get("outputs", []))):
            report.reused += 1
            new_phases[mkey] = old
            summaries.append(old["summary"])
            continue
        before_new = set(out.new)
        page = _phase_page(game, variant, positions, i, out, templates)
        out.write(rel, page.markdown)
        report.rendered += 1
        outputs = sorted(set(out.new) - before_new)
        new_phases[mkey] = {"key": key, "outputs": outputs, "summary": page.summary}
        summaries.append(page.summary)

    # The game page: players, charts, current map, timeline.
    current = summaries[-1] if summaries else None
    last_centres = (current.get("final_centres") or current["centres"]) if current else {}
    last_units = current["units"] if current else {}
    players = [PlayerRow(power=p, player=game.players.get(p, ""), centres=int(last_centres.get(p, 0)), units=int(last_units.get(p, 0)))
               for p, info in variant.powers.items() if info.playable or p in game.players]
    labels, series = _chart_series(variant, summaries, "centres")
    chart = None
    if summaries:
        colours: dict[str, str] = {p: info.colour for p, info in variant.powers.items()}
        out.write(f"{base}/centres.svg", line_chart(f"Supply centres: {game.title}", labels, series, colours,
                                                    target=variant.victory_centres, target_label=f"{variant.victory_centres} to win"))
        chart = "centres.svg"
    treasury_chart = None
    if any(s.get("treasury") for s in summaries):
        tl, ts = _chart_series(variant, summaries, "treasury")
        colours = {p: info.colour for p, info in variant.powers.items()}
        out.write(f"{base}/treasury.svg", line_chart(f"Treasury: {game.title}", tl, ts, colours))
        treasury_chart = "treasury.svg"
    with_map = [s for s in summaries if s.get("map")]
    map_s = with_map[-1] if with_map else None
    image = None
    if map_s:
        image = MapImage(png=map_s["map"], svg=map_s.get("map_svg"), alt=f"Map: {map_s['title']}")
    winner = next((s["winner"] for s in reversed(summaries) if s.get("winner")), "")
    gm = game.path / "gm.md"
    cur_link = Link(title=current["title"], href=f"{current['folder']}.md") if current else None
    deadline = current["deadline"] if current and not current["finished"] else ""
    if deadline and game.status != "active":
        deadline = f"none while the game is {game.status}"  # a paused game's clock is stopped
    from .feed import atom_feed

    out.write(f"{base}/feed.xml", atom_feed(title=game.title, slug=game.slug, base_url=publishing.site_url,
                                            game_href=f"{base}/index.html", phases=summaries).decode("utf-8"))
    ctx = GameContext(
        title=game.title, variant=variant.title, status=game.status, current=cur_link, deadline=deadline, winner=winner,
        players=players, chart=chart, treasury_chart=treasury_chart, map=image,
        map_phase=map_s["title"] if map_s else "", gm=Markup(press_html(gm.read_text(encoding="utf-8-sig"))) if gm.is_file() else None,
        state=[{"title": x["title"], "body": Markup(x["body"])} for x in (current.get("state") or [])] if current else [],
        timeline=[TimelineRow(title=s["title"], href=f"{s['folder']}.md", deadline=s["deadline"], summary=s["summary"]) for s in summaries],
        ended=_ended(game), orders=_orders_page(game, variant, positions, out, templates, base, publishing),
        feed="feed.xml",
    )
    out.write(f"{base}/index.md", _render(templates, "site/game.md.j2", ctx))
    leader = ""
    if last_centres:
        top = max(last_centres.values())
        leader = ", ".join(f"{p} ({n})" for p, n in sorted(last_centres.items()) if n == top)
    return GameRow(title=game.title, href=f"{base}/index.md", variant=variant.title,
                   status=("finished" if winner and game.status == "active" else game.status),
                   current=current["title"] if current else "", deadline=deadline, leader=leader)


def _chart_series(variant: Variant, summaries: list[dict[str, Any]], what: str) -> tuple[list[str], dict[str, list[float | None]]]:
    labels: list[str] = []
    last_year = None
    points: list[Mapping[str, Any]] = []
    for s in summaries:
        labels.append(str(s["year"]) if s["year"] != last_year else "")
        last_year = s["year"]
        points.append(s.get(what) or {})
    if what == "centres" and summaries and summaries[-1].get("final_centres"):
        labels.append("end")
        points.append(summaries[-1]["final_centres"])
    series: dict[str, list[float | None]] = {p: [float(pt[p]) if p in pt else (0.0 if what == "centres" and pt else None) for pt in points] for p in variant.powers}
    return labels, series


# -- the whole site -------------------------------------------------------------------------------


def generate(games_dir: Path | str = "games", out_dir: Path | str = "site-src", *, force: bool = False,
             site_title: str = "Diplomacy games", templates_dir: Path | str | None = None,
             static_dir: Path | str | None = None, publishing: Publishing | None = None) -> GenerateReport:
    """Write the archive's Markdown sources for every game under ``games_dir`` into ``out_dir``.

    Incremental unless ``force``: see the module's documentation.
    """
    started = time.perf_counter()
    games_dir, out_dir = Path(games_dir), Path(out_dir)
    templates = Path(templates_dir) if templates_dir is not None else TEMPLATES_DIR
    static = Path(static_dir) if static_dir is not None else STATIC_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    report = GenerateReport()
    manifest_path = out_dir / MANIFEST_NAME
    manifest: dict[str, Any] = {}
    if manifest_path.is_file():
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = {}
    fingerprint = _fingerprint(str(templates), str(static))
    same_generator = manifest.get("version") == MANIFEST_VERSION and manifest.get("generator") == fingerprint
    old_phases = manifest.get("phases", {}) if same_generator else {}
    out = _Out(out_dir, manifest.get("files", {}), report)
    hasher = _Hasher(manifest.get("hashes", {}))
    new_phases: dict[str, Any] = {}

    rows: list[GameRow] = []
    for path in find_games(games_dir):
        if not SLUG_RE.match(path.name):
            raise JudgeError("a game's folder name may hold only letters, digits, '.', '_' and '-'", str(path))
        game = read_game(path)
        report.games += 1
        rows.append(_game(game, out, hasher, old_phases, new_phases, fingerprint, report, force, templates,
                          publishing or Publishing()))

    if static.is_dir():
        for p in sorted(static.rglob("*")):
            if p.is_file():
                out.copy(p.relative_to(static).as_posix(), p)
    index = IndexContext(site_title=site_title, games=rows, generated_note="")
    out.write("index.md", _render(templates, "site/index.md.j2", index))
    nav: list[Any] = [{"All games": "index.md"}]
    if rows:
        nav.append({"Games": [{plain_title(r["title"]) or r["href"]: r["href"]} for r in rows]})
    out.write(NAV_NAME, yaml.safe_dump(nav, sort_keys=False, allow_unicode=True))
    out.remove_stale()
    manifest = {"version": MANIFEST_VERSION, "generator": fingerprint, "files": out.new, "phases": new_phases,
                "hashes": hasher.new}
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    report.seconds = time.perf_counter() - started
    return report
