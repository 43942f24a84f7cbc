"""The archive's sources: game folders in, plain Markdown pages, images and a navigation out.

:func:`generate` reads every game under ``games/`` and writes into ``site-src/`` (MkDocs'
``docs_dir``):

* ``index.md``: the games, with variant, status, current phase and next deadline (UTC);
* ``games/<slug>/index.md``: a game: players, centre chart (``centres.svg``; ``treasury.svg``
  where the variant's page sections offer a chart, its treasury), the current map, the timeline
  of phases;
* ``games/<slug>/<phase folder>.md``: a phase: map, orders and results, retreats, adjustments,
  captures, the narrative (generated sentences, the Gamesmaster's ``gm.md``, players' press),
  the results in the njudge format, previous and next links; its images under
  ``games/<slug>/<phase folder>/`` (a played phase's map as the tick stored it; the open phase's
  drawn here, again only when its position changes, as no tick stores it);
* ``.nav.yml``: the navigation (read by the MkDocs plugin ``judge``, :mod:`judge.site.mkdocs_plugin`);
* ``.judge-site.json`` (and ``games/<slug>/.judge-site.json``): the manifests that make the next
  run incremental.

MkDocs only renders: the generator's output is plain Markdown and files, and another renderer
could take it. The games are read as the judge reads them (:mod:`judge.site.gamefiles` over
:mod:`judge.store.layout`): the same phase folders, game names, schemas and located errors.

Incremental (:mod:`judge.site.incremental` keeps what a run remembers): a game whose folder has not
changed since the last run (its source fingerprint: its tree id in git, else its files' paths,
sizes and times) is not read at all; its pages are kept and its row in the index comes from the
manifest. In a game that changed, a finished phase (one with ``results.yaml``) is rendered again
only when the hash of its inputs changes — the files of its folder, the next folder's
``phase.yaml`` and ``position.yaml``, the previous folder's ``phase.yaml``, the names of its
neighbours, the game's title and variant — or the site's key does (the generator itself:
templates, static files, this package, :mod:`judge.reports`; the judge's version; the variants'
data files; where the league is published). File hashes are cached by size and modification time.
A file is written only when its bytes change, so a page published for an earlier phase keeps its
bytes and its time stamp; files the generator wrote before and no longer produces (a game removed)
are deleted. The output is the same as a whole run's. ``--force`` renders everything again (say,
after a change in the rules core that the key does not cover).
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from datetime import timezone
from pathlib import Path
from typing import Any, Collection, Mapping, Sequence

import jinja2
import yaml
from markupsafe import Markup

from ..core.errors import JudgeError
from ..resources import data_path
from ..core.resolution import Tag
from ..core.types import PhaseKind, Position, Power, UnitType
from ..core.variant import Variant
from ..record import OrderRecord, PhaseRecord
from ..reports import as_moment, centre_counts, njudge_results, narrative, place_name
from ..store.layout import PHASE_FILE, POSITION, RESULTS_TXT, game_name, power_stem
from .charts import line_chart
from .context import (
    CaptureRow, GameContext, GameRow, IndexContext, Link, MapImage, OrderRow, PhaseContext,
    PlayerRow, PowerOrders, PressItem, RetreatRow, StateSection, TableRow, TimelineRow, UnitsRow,
)
from .escape import md_escape, plain_title, press_html, url_path
from .gamefiles import GameFolder, PhaseFolder, find_games, read_game
from .incremental import (
    MANIFEST_NAME, MANIFEST_VERSION, Hasher, Out, game_sources, part_digest, read_json, remove_files,
    write_json,
)
from .state_sections import state_sections

__all__ = ["generate", "GenerateReport", "Publishing", "TEMPLATES_DIR", "STATIC_DIR", "MANIFEST_NAME", "NAV_NAME"]

TEMPLATES_DIR = data_path("templates")
"""The page templates (``$JUDGE_TEMPLATES`` replaces them)."""
STATIC_DIR = data_path("site-static")
"""Files copied into every site as they are, e.g. ``assets/judge.css`` (``$JUDGE_SITE_STATIC``)."""
NAV_NAME = ".nav.yml"
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
    games_kept: int = 0
    """Games whose folder had not changed since the last run: not read at all."""
    broken: list[str] = field(default_factory=list)
    """Games that could not be read, each with its error (their last good pages are published)."""
    seconds: float = 0.0

    def line(self) -> str:
        """One line for the command line."""
        return (f"{self.games} games, {self.phases} phases: {self.rendered} rendered, {self.reused} unchanged; "
                f"{self.written} files written, {self.unchanged} kept, {self.removed} removed; "
                f"{self.games_kept} games unchanged, not read ({self.seconds:.2f} s)")


# -- the generator itself ------------------------------------------------------------------------


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


def _iso(when: Any) -> str:
    dt = as_moment(when)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if dt else ""


class _Positions:
    """The position at the start of each phase folder (None for no folder): the judge's reader,
    :meth:`judge.store.layout.Game.position`, read once per folder."""

    def __init__(self, variant: Variant | None = None) -> None:
        self.variant = variant

    def get(self, folder: PhaseFolder | None) -> Position | None:
        return folder.position if folder is not None else None


def _counts(position: Position | None) -> tuple[dict[str, int], dict[str, int]]:
    """Supply centres and units (garrisons aside) per power."""
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


def _chart_values(sections: list[StateSection]) -> dict[str, float] | None:
    """The numbers per power the variant's page sections offer for the game's chart (its
    treasury: the shared ``treasury`` section of :mod:`judge.site.state_sections`), None if none
    does. The generator asks the variant's sections and reads no key of its state."""
    return next(({str(p): float(v) for p, v in s["chart"].items()} for s in sections if s.get("chart")), None)


def _map_image(out: Out, folder: PhaseFolder, rel_dir: str, href_dir: str, title: str,
               drawn: _DrawnMap | None = None) -> MapImage | None:
    """Copy the phase's map files into the site; the page's view of them. A phase without a
    stored map and still open (the tick stores a phase's map once, when it is played) has its
    position drawn here (``drawn``)."""
    found = {}
    for name in MAP_FILES:
        src = folder.file(name)
        if src is not None:
            out.copy(f"{rel_dir}/{name}", src)
            found[name] = f"{href_dir}/{name}"
    if not found and drawn is not None and drawn.put(out, f"{rel_dir}/map.png"):
        found["map.png"] = f"{href_dir}/map.png"
    if "map.png" not in found and "map.svg" not in found:
        return None
    return MapImage(png=found.get("map.png") or found.get("map.svg"), svg=found.get("map.svg"), alt=f"Map: {title}")


@dataclass
class _DrawnMap:
    """The open phase's map, drawn by the site (no orders on it yet): drawn again only when what
    it shows changed (``key``: the site's key, the game's title, the position file), else the
    file an earlier run drew is kept (``kept``: that run's key)."""

    variant: Variant
    position: Position
    title: str
    key: str
    kept: str | None

    def put(self, out: Out, rel: str) -> bool:
        """The map at ``rel`` in the site (kept or drawn); False when it cannot be drawn here
        (the variant has no map, or cairo is not installed: the page then shows none)."""
        if self.kept == self.key and out.keep(rel):
            return True
        from ..store import artifacts

        try:
            files = artifacts.map_files(self.variant, self.position, title=self.title, formats=("png",))
        except (OSError, ImportError) as exc:  # cairo's library missing: the site is still published
            print(f"judge site: the map of {self.title} is not drawn: {exc}", file=sys.stderr)
            return False
        if "map.png" not in files:
            return False
        out.write(rel, files["map.png"])
        return True


def _markdown_file(path: Path | None) -> Markup | None:
    """A Markdown file of the Gamesmaster's or a player's (notes, press), sanitised."""
    return Markup(press_html(path.read_text(encoding="utf-8-sig"))) if path is not None and path.is_file() else None


# -- a phase page ---------------------------------------------------------------------------------


_DONE = {"hold": "held", "move": "moved", "support": "given", "convoy": "convoyed", "retreat": "retreated",
         "disband": "disbanded", "build": "built", "waive": "waived"}
"""The standard kinds' word for an order carried out; a variant's own order "succeeds" (its reason,
beside, says what came of it): the site names no variant."""


def _result_badge(e: OrderRecord) -> Markup:
    """The result in the judges' words: bounced, cut, dislodged, void...; coloured by class."""
    tags = [t.value for t in e.tags]
    if e.refused:
        words = [e.result.value] + [_TAG_WORDS.get(t, t) for t in tags if t != "disbanded"]
        css = "judge-bad"
    elif e.succeeded:
        done = _DONE.get(e.kind, "succeeds")
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


def _orders_table(variant: Variant, results: PhaseRecord) -> list[PowerOrders]:
    """The orders by power, in the powers' order; a minor state (a pseudo-power no player plays)
    whose units all held for want of orders is left out (:func:`_idle_minor_units` names them)."""
    by: dict[str, list[OrderRow]] = {}
    idle = set(_idle_minor_states(variant, results))
    for e in results.orders:
        if e.power in idle:
            continue
        by.setdefault(e.power, []).append(
            OrderRow(order=_order_cell(e.order, e.understood), result=_result_badge(e), reason=e.reason))
    rank = _power_order(variant)
    return [PowerOrders(power=p or "Unattributed", rows=by[p])
            for p in sorted(by, key=lambda p: (p == "", rank.get(p, len(rank)), p))]


def _idle_minor_states(variant: Variant, results: PhaseRecord) -> list[str]:
    """The minor states whose every unit held for want of an order."""
    out = []
    for power, orders in results.by_power().items():
        info = variant.powers.get(Power(power))
        if info is not None and not info.playable and orders and all(o.default and o.kind == "hold" for o in orders):
            out.append(power)
    return out


def _idle_minor_units(variant: Variant, results: PhaseRecord) -> str:
    """One line for the units of minor states that held with no orders (``A BAV (BAV)``)."""
    idle = set(_idle_minor_states(variant, results))
    units = [f"{o.unit} {o.at} ({o.power})" for o in results.orders if o.power in idle]
    return ("Units of minor states with no orders, holding: " + ", ".join(units) + ".") if units else ""


def _units_rows(variant: Variant, position: Position) -> list[UnitsRow]:
    rows = []
    for p in variant.powers:
        us = [u for u in position.units if u.power == p]
        cs = position.centers_of(p)
        if not us and not cs:
            continue
        rows.append(UnitsRow(power=p, units=", ".join(str(u) for u in us) or "none", centres=f"{len(cs)}: {', '.join(cs)}"))
    return rows


def _summary_line(variant: Variant, results: PhaseRecord, kind: PhaseKind) -> str:
    """A few words for the game's timeline: centres won and lost, units dislodged, built and
    removed, the winner."""
    parts = [_net_captures(variant, results), *_unit_counts(results, kind)]
    if results.winner:
        parts.append(f"{results.winner} wins")
    return "; ".join(p for p in parts if p)


def _net_captures(variant: Variant, results: PhaseRecord) -> str:
    """Each power's centres won less those lost in the phase (``France +2, Italy −1``)."""
    net: dict[str, int] = {}
    for c in results.captures:
        net[c.new] = net.get(c.new, 0) + 1
        if c.old:
            net[c.old] = net.get(c.old, 0) - 1
    rank = _power_order(variant)
    return ", ".join(f"{p} {'+' if n > 0 else '−'}{abs(n)}"
                     for p, n in sorted(net.items(), key=lambda kv: rank.get(kv[0], 99)) if n)


def _unit_counts(results: PhaseRecord, kind: PhaseKind) -> list[str]:
    """Units dislodged (a movement phase), built and removed (an adjustment phase)."""
    if kind is PhaseKind.MOVEMENT:
        hit = sum(1 for e in results.orders if e.has(Tag.DISLODGED))
        return [f"{hit} dislodged"] if hit else []
    if kind is not PhaseKind.ADJUSTMENT:
        return []
    done = [e.kind for e in results.orders if e.succeeded]
    built, removed = done.count("build"), done.count("disband")
    return [f"{built} built"] * bool(built) + [f"{removed} removed"] * bool(removed)


def _retreat_rows(variant: Variant, position: Position) -> list[RetreatRow]:
    """The dislodged units of a retreat phase and where each may go."""
    rows = []
    for d in position.dislodged:
        opts = variant.rules.retreat_options(variant, position, d)
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


def _capture_rows(variant: Variant, results: PhaseRecord) -> list[CaptureRow]:
    return [CaptureRow(centre=place_name(variant, c.centre), old=c.old or "neutral", new=c.new) for c in results.captures]


def _receipt_for_orders(folder: PhaseFolder, stem: str) -> bool:
    """Does a power's receipt say orders were received (not only press)? An unreadable one counts."""
    try:
        receipt = folder.receipt(stem)
    except JudgeError:
        return True
    return receipt is None or receipt.has_orders


def _received(folder: PhaseFolder) -> list[str]:
    """The powers whose orders for the phase being played have arrived (a file or a receipt)."""
    stems = folder.game.stems()
    found = {power_stem(p) for p in folder.order_files()}
    found |= {s for s in folder.receipt_stems() if _receipt_for_orders(folder, s)}
    return [stems[s] for s in sorted(found) if s in stems]


@dataclass
class _Shown:
    """What a phase page shows of the play: once played, the orders and their results, the
    narrative, retreats due, captures, adjustments due and the results as the judges write them;
    while open, the units, the retreats or adjustments to decide and the orders received."""

    narrative: list[str] = field(default_factory=list)
    orders: list[PowerOrders] = field(default_factory=list)
    idle: str = ""
    notes: list[str] = field(default_factory=list)
    retreats: list[RetreatRow] = field(default_factory=list)
    captures: list[CaptureRow] = field(default_factory=list)
    adjustments: list[TableRow] = field(default_factory=list)
    results_text: Markup | None = None
    units: list[UnitsRow] = field(default_factory=list)
    received: list[str] = field(default_factory=list)


def _played(game: GameFolder, i: int) -> _Shown:
    """A played phase: the positions before and after it, and its results."""
    folder, next_f = game.phases[i], _next(game, i)
    variant, results, before = game.variant, folder.results, folder.position
    after = next_f.position if next_f is not None else None
    after_kind = after.phase.kind if after is not None else None
    return _Shown(
        narrative=narrative(variant, results, before, position_after=after),
        orders=_orders_table(variant, results),
        idle=_idle_minor_units(variant, results),
        notes=list(results.notes),
        retreats=_retreat_rows(variant, after) if after is not None and before.phase.kind is PhaseKind.MOVEMENT
        and after_kind is PhaseKind.RETREAT else [],
        captures=_capture_rows(variant, results),
        adjustments=_adjustment_rows(variant, after) if after is not None and after_kind is PhaseKind.ADJUSTMENT else [],
        results_text=_results_text(game, i),
    )


def _results_text(game: GameFolder, i: int) -> Markup:
    """The results as the email judges write them: the judge's ``results.txt``, else written now."""
    folder, next_f = game.phases[i], _next(game, i)
    txt = folder.file(RESULTS_TXT)
    if txt is not None:
        text = txt.read_text(encoding="utf-8-sig")
    else:
        text = njudge_results(game.variant, folder.results, before=folder.position,
                              after=next_f.position if next_f else None, game=game.slug,
                              deadline=next_f.info.deadline if next_f else None)
    return Markup('<pre class="judge-results"><code>') + Markup(html.escape(text.rstrip("\n"), quote=False)) + Markup("</code></pre>")


def _open(game: GameFolder, i: int) -> _Shown:
    """The phase being played: the units, what is to decide, the orders received so far."""
    folder, variant = game.phases[i], game.variant
    before = folder.position
    kind = before.phase.kind
    return _Shown(retreats=_retreat_rows(variant, before) if kind is PhaseKind.RETREAT else [],
                  adjustments=_adjustment_rows(variant, before) if kind is PhaseKind.ADJUSTMENT else [],
                  units=_units_rows(variant, before), received=_received(folder))


def _next(game: GameFolder, i: int) -> PhaseFolder | None:
    return game.phases[i + 1] if i + 1 < len(game.phases) else None


def _link(folder: PhaseFolder | None) -> Link | None:
    return Link(title=folder.title, href=f"{folder.name}.md") if folder is not None else None


def _final_centres(game: GameFolder, i: int) -> dict[str, int] | None:
    """The last phase of a game over: the centres after its captures (no next position shows them)."""
    folder = game.phases[i]
    if not folder.finished or _next(game, i) is not None:
        return None
    return dict(centre_counts(game.variant, folder.results, None, folder.position))


@dataclass
class _PhaseOut:
    markdown: str
    summary: dict[str, Any]


def _phase_page(game: GameFolder, i: int, out: Out, templates: Path, drawn: _DrawnMap | None = None) -> _PhaseOut:
    """A phase's page and its summary for the game's page: the frame (title, deadline, links,
    map, the Gamesmaster's words, press), what is shown of the play (:func:`_played` or
    :func:`_open`) and the variant's own sections for the position shown."""
    folder, next_f = game.phases[i], _next(game, i)
    title = folder.title
    image = _map_image(out, folder, f"games/{game.slug}/{folder.name}", folder.name, title, drawn)
    shown = _played(game, i) if folder.finished else _open(game, i)
    results = folder.results
    before = folder.position
    position = next_f.position if folder.finished and next_f is not None else before
    state = state_sections(game.variant, position)
    state_before = state if position is before else state_sections(game.variant, before)
    ctx = PhaseContext(
        title=title, page_title=f"{title} · {game.title}", game_title=game.title, game_href="index.md",
        finished=folder.finished, deadline=_utc(folder.info.deadline), opened=_utc(folder.info.opened),
        previous=_link(game.phases[i - 1] if i > 0 else None), next=_link(next_f), map=image,
        narrative=shown.narrative, gm=_markdown_file(folder.file("gm.md")),
        press=[PressItem(title=p.stem.replace("-", " ").replace("_", " "), html=_markdown_file(p) or Markup(""))
               for p in folder.press()],
        orders=shown.orders, idle=shown.idle, notes=shown.notes, sealed=game.settings.sealed,
        played=_utc(folder.info.adjudicated) if folder.finished else "", trigger=folder.info.trigger or "", retreats=shown.retreats, captures=shown.captures,
        adjustments=shown.adjustments, adjustment_head=_adjustment_head(game.variant),
        next_phase=results.next_phase or "", next_deadline=_utc(next_f.info.deadline if next_f else None),
        ended=_ended(game) if game.ends_at(i) else "",
        winner=results.winner or "", results_text=shown.results_text, units=shown.units,
        received=shown.received, state=state,
    )
    return _PhaseOut(_render(templates, "site/phase.md.j2", ctx), _phase_summary(game, i, image, state, state_before))


def _phase_summary(game: GameFolder, i: int, image: MapImage | None, state: list[StateSection],
                   state_before: list[StateSection]) -> dict[str, Any]:
    """What the game's page (players, charts, map, timeline) and the feed need of a phase: kept in
    the manifest, so that a phase not rendered again still counts. ``state`` is what the page
    shows of the variant's state, ``state_before`` that at the start of the phase (its chart's point)."""
    folder = game.phases[i]
    before, results = folder.position, folder.results
    centres, units = _counts(before)
    return {
        "title": folder.title, "folder": folder.name, "finished": folder.finished,
        "deadline": _utc(folder.info.deadline), "year": before.phase.year, "centres": centres, "units": units,
        "treasury": _chart_values(state_before), "final_centres": _final_centres(game, i),
        "summary": _summary_line(game.variant, results, before.phase.kind) if folder.finished else "",
        "winner": results.winner or "", "map": image["png"] if image else None,
        "map_svg": image["svg"] if image else None,
        "state": [{"title": x["title"], "body": str(x["body"])} for x in state],
        "adjudicated": _iso(folder.info.adjudicated) if folder.finished else "",
    }


def _ended(game: GameFolder) -> str:
    """How the Gamesmaster ended the game (``ended:`` in game.yaml, written by ``judge end``)."""
    return game.ended.words() if game.ended is not None else ""


@dataclass(frozen=True)
class Publishing:
    """Where the league lives: its GitHub repository (for the orders pages), the site's address
    (for the feeds) and the game folders' path in the repository."""

    repository: tuple[str, str] | None = None
    site_url: str = ""
    games_path: str = "games"
    branch: str = "main"


def _orders_page(game: GameFolder, out: Out, templates: Path, base: str, publishing: Publishing) -> str | None:
    """The orders page of the phase being played (none when the game is over or paused)."""
    from .orders_page import orders_page_context

    if not game.phases or game.phases[-1].finished or game.status != "active":
        return None
    folder = game.phases[-1]
    ctx = orders_page_context(game, game.variant, folder, folder.position, publishing.repository,
                              f"{publishing.games_path}/{game.slug}", publishing.branch)
    out.write(f"{base}/orders.md", _render(templates, "site/orders.md.j2", ctx))
    return "orders.md"


# -- a game ---------------------------------------------------------------------------------------


@dataclass
class _Run:
    """One game's run of the generator: where it writes, what it remembers from the last run."""

    out: Out
    hasher: Hasher
    old_phases: Mapping[str, Any]
    new_phases: dict[str, Any]
    key: str
    """What every page depends on besides the game: the generator, the variants' data, where the league is published."""
    report: GenerateReport
    force: bool
    templates: Path
    publishing: Publishing


def _site_key(fingerprint: str, hasher: Hasher, publishing: Publishing) -> str:
    """The key every page of every game depends on: the generator (:func:`_fingerprint`), the
    judge's version, the variants' data files (names of provinces and powers appear in the pages;
    their READMEs aside)
    and where the league is published (the orders pages' repository, the feeds' address)."""
    from .. import __version__
    from ..variants import variants_dir

    h = hashlib.sha256(f"{fingerprint}\0{__version__}\0".encode())
    h.update(json.dumps([publishing.repository, publishing.site_url, publishing.games_path, publishing.branch]).encode())
    for rel, digest in hasher.tree(variants_dir()):
        if not rel.endswith(".md"):  # a variant's README is no input of a page
            h.update(f"{rel}={digest}\0".encode())
    return h.hexdigest()


def _phase_key(key: str, hasher: Hasher, game: GameFolder, i: int) -> str:
    folder = game.phases[i]
    prev_f = game.phases[i - 1] if i > 0 else None
    next_f = _next(game, i)
    h = hashlib.sha256()
    for part in (key, game.slug, game.title, game.variant_name, folder.name,
                 prev_f.name if prev_f else "", next_f.name if next_f else ""):
        h.update(part.encode() + b"\0")
    for rel, digest in hasher.tree(folder.path):
        h.update(f"{rel}={digest}\0".encode())
    for f in (prev_f, next_f):
        for name in (PHASE_FILE,) + ((POSITION,) if f is next_f else ()):
            p = f.file(name) if f else None
            h.update(f"{name}={hasher.file(p) if p else '-'}\0".encode())
    return h.hexdigest()


def _phase_pages(run: _Run, game: GameFolder) -> list[dict[str, Any]]:
    """Every phase's page, rendered again only when its inputs changed; their summaries."""
    return [_phase_output(run, game, i) for i in range(len(game.phases))]


def _phase_output(run: _Run, game: GameFolder, i: int) -> dict[str, Any]:
    """One phase's page: kept from the last run when finished and unchanged, else rendered."""
    folder = game.phases[i]
    run.report.phases += 1
    key = _phase_key(run.key, run.hasher, game, i) if folder.finished else ""
    old = run.old_phases.get(folder.name)
    if (not run.force and folder.finished and old and old.get("key") == key
            and all(run.out.keep(r) for r in old.get("outputs", []))):
        run.report.reused += 1
        run.new_phases[folder.name] = old
        return old["summary"]
    before_new = set(run.out.new)
    drawn = _open_map(run, game, i, old)
    page = _phase_page(game, i, run.out, run.templates, drawn)
    run.out.write(f"games/{game.slug}/{folder.name}.md", page.markdown)
    run.report.rendered += 1
    run.new_phases[folder.name] = {"key": key, "outputs": sorted(set(run.out.new) - before_new), "summary": page.summary}
    if drawn is not None:
        run.new_phases[folder.name]["map_key"] = drawn.key
    return page.summary


def _open_map(run: _Run, game: GameFolder, i: int, old: Mapping[str, Any] | None) -> _DrawnMap | None:
    """What the site draws for an open phase with no stored map: its position, titled as the
    tick titles a phase's map (the game's title and the phase); nothing for a game played without
    maps (``maps: []`` in its ``game.yaml``)."""
    folder = game.phases[i]
    if folder.finished or not game.settings.maps or any(folder.file(name) is not None for name in MAP_FILES):
        return None
    position_file = folder.file(POSITION)
    h = hashlib.sha256(f"{run.key}\0{game.title}\0{folder.name}\0".encode())
    h.update((run.hasher.file(position_file) if position_file is not None else "-").encode())
    kept = None if run.force or not old else old.get("map_key")
    return _DrawnMap(game.variant, folder.position, f"{game.title}: {folder.position.phase}", h.hexdigest(), kept)


def _last_centres(current: Mapping[str, Any] | None) -> dict[str, int]:
    """Each power's centres now (after the last phase, for a game over)."""
    return dict((current.get("final_centres") or current["centres"]) if current else {})


def _player_rows(game: GameFolder, current: Mapping[str, Any] | None) -> list[PlayerRow]:
    centres, units = _last_centres(current), (current["units"] if current else {})
    return [PlayerRow(power=p, player=game.players.get(p, ""), centres=int(centres.get(p, 0)), units=int(units.get(p, 0)))
            for p, info in game.variant.powers.items() if info.playable or p in game.players]


def _charts(run: _Run, game: GameFolder, summaries: list[dict[str, Any]]) -> tuple[str | None, str | None]:
    """The game's charts over its phases: supply centres, and the treasury where the variant's
    sections offer one (:func:`_chart_values`)."""
    base, variant = f"games/{game.slug}", game.variant
    colours: dict[str, str] = {p: info.colour for p, info in variant.powers.items()}
    chart = treasury = None
    if summaries:
        labels, series = _chart_series(variant, summaries, "centres")
        run.out.write(f"{base}/centres.svg", line_chart(f"Supply centres: {game.title}", labels, series, colours,
                                                        target=variant.victory_centres,
                                                        target_label=f"{variant.victory_centres} to win"))
        chart = "centres.svg"
    if any(s.get("treasury") for s in summaries):
        labels, series = _chart_series(variant, summaries, "treasury")
        run.out.write(f"{base}/treasury.svg", line_chart(f"Treasury: {game.title}", labels, series, colours))
        treasury = "treasury.svg"
    return chart, treasury


def _latest_map(summaries: list[dict[str, Any]]) -> tuple[MapImage | None, str]:
    """The last phase's map that there is, and that phase's title."""
    with_map = [s for s in summaries if s.get("map")]
    if not with_map:
        return None, ""
    s = with_map[-1]
    return MapImage(png=s["map"], svg=s.get("map_svg"), alt=f"Map: {s['title']}"), s["title"]


def _deadline(game: GameFolder, current: Mapping[str, Any] | None) -> str:
    """The deadline of the phase being played; none while the game is paused (its clock is stopped)."""
    deadline = current["deadline"] if current and not current["finished"] else ""
    if deadline and game.status != "active":
        deadline = f"none while the game is {game.status}"
    return deadline


def _leaders(centres: Mapping[str, int]) -> str:
    """The powers with the most centres (``France (9), Turkey (9)``)."""
    if not centres:
        return ""
    top = max(centres.values())
    return ", ".join(f"{p} ({n})" for p, n in sorted(centres.items()) if n == top)


def _game(run: _Run, game: GameFolder) -> GameRow:
    """A game's phase pages, then its page (players, charts, current map, timeline) and feed; its
    row in the index."""
    from .feed import atom_feed

    summaries = _phase_pages(run, game)
    base = f"games/{game.slug}"
    current = summaries[-1] if summaries else None
    chart, treasury_chart = _charts(run, game, summaries)
    image, map_phase = _latest_map(summaries)
    winner = next((s["winner"] for s in reversed(summaries) if s.get("winner")), "")
    deadline = _deadline(game, current)
    run.out.write(f"{base}/feed.xml", atom_feed(title=game.title, slug=game.slug, base_url=run.publishing.site_url,
                                                game_href=f"{base}/index.html", phases=summaries).decode("utf-8"))
    ctx = GameContext(
        title=game.title, variant=game.variant.title, status=game.status,
        current=Link(title=current["title"], href=f"{current['folder']}.md") if current else None,
        deadline=deadline, winner=winner, players=_player_rows(game, current), chart=chart,
        treasury_chart=treasury_chart, map=image, map_phase=map_phase, gm=_markdown_file(game.path / "gm.md"),
        state=[{"title": x["title"], "body": Markup(x["body"])} for x in (current.get("state") or [])] if current else [],
        timeline=[TimelineRow(title=s["title"], href=f"{s['folder']}.md", deadline=s["deadline"], summary=s["summary"])
                  for s in summaries],
        ended=_ended(game), orders=_orders_page(game, run.out, run.templates, base, run.publishing), feed="feed.xml",
        sealed=game.settings.sealed,
    )
    run.out.write(f"{base}/index.md", _render(run.templates, "site/game.md.j2", ctx))
    return GameRow(title=game.title, href=f"{base}/index.md", variant=game.variant.title,
                   status=("finished" if winner and game.status == "active" else game.status),
                   current=current["title"] if current else "", deadline=deadline, leader=_leaders(_last_centres(current)))


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


@dataclass
class _Site:
    """One run of the generator over the league: what it remembers of each game from the last run
    (:mod:`judge.site.incremental`), what it writes."""

    out_dir: Path
    key: str
    old_games: Mapping[str, Any]
    sources: Mapping[str, str | None]
    report: GenerateReport
    force: bool
    templates: Path
    publishing: Publishing
    started_ns: int
    games: dict[str, Any] = field(default_factory=dict)


def _kept_game(site: _Site, slug: str) -> GameRow | None:
    """A game whose folder has not changed since the last run (same source fingerprint, same
    key) and whose files are all still there: not read; its row in the index as remembered."""
    old, source = site.old_games.get(slug), site.sources.get(slug)
    if site.force or not old or source is None or old.get("source") != source or old.get("key") != site.key:
        return None
    root = str(site.out_dir)
    if not all(os.path.isfile(os.path.join(root, rel)) for rel in old.get("files") or {}):
        return None
    site.games[slug] = old
    site.report.games += 1
    site.report.games_kept += 1
    site.report.phases += int(old.get("phases") or 0)
    site.report.reused += int(old.get("phases") or 0)
    site.report.unchanged += len(old.get("files") or {})
    return GameRow(**old["row"])  # type: ignore[typeddict-item]


def _game_part(site: _Site, path: Path) -> GameRow | None:
    """A game's pages (:func:`_game_pages`); a game that cannot be read is reported and its last
    good pages are published (:func:`_broken_game`): one broken game stops no other."""
    try:
        return _game_pages(site, path)
    except JudgeError as exc:
        return _broken_game(site, path, exc)


def _broken_game(site: _Site, path: Path, exc: JudgeError) -> GameRow | None:
    """A game whose files cannot be read (a Gamesmaster's typo in its game.yaml...): the pages an
    earlier run published for it are kept, its row in the index says it needs the Gamesmaster
    and why, and the run's report names it. Never published before: a page with the error."""
    slug = path.name
    error = str(exc) if str(exc).startswith("games/") else f"games/{slug}: {exc}"
    site.report.broken.append(error)
    try:
        game_name(f"games/{slug}")
    except JudgeError:  # a folder no game may be named (a space...): no page can be made for it
        return None
    old = site.old_games.get(slug)
    status = f"needs the Gamesmaster: {error}"
    if old and all((site.out_dir / rel).is_file() for rel in old.get("files") or {}):
        row = GameRow(**{**old["row"], "status": status})  # type: ignore[typeddict-item]
        site.games[slug] = {**old, "source": None, "row": dict(row)}  # read again next run
        return row
    row = GameRow(title=slug, href=f"games/{slug}/index.md", variant="", status=status, current="", deadline="",
                  leader="")
    out = Out(site.out_dir, {}, site.report, Hasher(path, {}, site.started_ns))
    out.write(f"games/{slug}/index.md", f"---\ntitle: {json.dumps(slug)}\n---\n\n# {md_escape(slug)}\n\n"
              f"!!! failure \"This game needs its Gamesmaster\"\n\n    {md_escape(error)}\n")
    site.games[slug] = {"source": None, "key": site.key, "row": dict(row), "phases": 0, "files": out.new,
                        "digest": part_digest(out.new)}
    return row


def _game_pages(site: _Site, path: Path) -> GameRow:
    """A game's pages: kept whole when its folder has not changed (:func:`_kept_game`), else the
    game is read and its phases rendered again where their inputs changed."""
    slug = path.name
    kept = _kept_game(site, slug)
    if kept is not None:
        return kept
    game = read_game(path)
    site.report.games += 1
    own_path = site.out_dir / "games" / game.slug / MANIFEST_NAME
    own = read_json(own_path)
    if own.get("version") != MANIFEST_VERSION or own.get("key") != site.key:
        own = {}
    old_files = (site.old_games.get(slug) or {}).get("files") or {}
    hasher = Hasher(path, own.get("hashes") or {}, site.started_ns)
    run = _Run(Out(site.out_dir, old_files, site.report, hasher), hasher, own.get("phases") or {}, {}, site.key,
               site.report, site.force, site.templates, site.publishing)
    row = _game(run, game)
    own_path.parent.mkdir(parents=True, exist_ok=True)
    write_json(own_path, {"version": MANIFEST_VERSION, "key": site.key, "phases": run.new_phases, "hashes": hasher.new})
    site.games[slug] = {"source": site.sources.get(slug), "key": site.key, "row": dict(row),
                        "phases": len(game.phases), "files": run.out.new, "digest": part_digest(run.out.new)}
    return row


def _index_and_nav(out: Out, templates: Path, static: Path, site_title: str, rows: list[GameRow]) -> None:
    """The site's own part: the static files, the index of the games and the navigation."""
    if static.is_dir():
        for p in sorted(static.rglob("*")):
            if p.is_file():
                out.copy(p.relative_to(static).as_posix(), p)
    index = IndexContext(site_title=site_title, games=rows, generated_note="")
    out.write("index.md", _render(templates, "site/index.md.j2", index))
    out.write(NAV_NAME, _nav(rows))


def _nav(rows: list[GameRow]) -> str:
    """The navigation: the index, then the games (their pages reached from the game's page)."""
    nav: list[Any] = [{"All games": "index.md"}]
    if rows:
        nav.append({"Games": [{plain_title(r["title"]) or r["href"]: r["href"]} for r in rows]})
    return yaml.safe_dump(nav, sort_keys=False, allow_unicode=True)


def _remove_stale(out_dir: Path, manifest: Mapping[str, Any], site_files: Mapping[str, str],
                  games: Mapping[str, Any]) -> int:
    """Delete the files an earlier run wrote that this one did not (a game removed, a phase gone),
    and the manifests of games no longer there."""
    old = set(manifest.get("files") or {})
    for entry in (manifest.get("games") or {}).values():
        old.update(entry.get("files") or {})
    if not old:
        return 0
    new = set(site_files)
    for entry in games.values():
        new.update(entry.get("files") or {})
    gone = {f"games/{slug}/{MANIFEST_NAME}" for slug in manifest.get("games") or {} if slug not in games}
    return remove_files(out_dir, (old - new) | gone)


def generate(games_dir: Path | str = "games", out_dir: Path | str = "site-src", *, force: bool = False,
             site_title: str = "Diplomacy games", templates_dir: Path | str | None = None,
             static_dir: Path | str | None = None, publishing: Publishing | None = None,
             only: Collection[str] | None = None, adopt: Sequence[Path | str] = ()) -> GenerateReport:
    """Write the archive's Markdown sources for every game under ``games_dir`` into ``out_dir``.

    Incremental unless ``force``: see the module's documentation. ``only`` names the games to
    write (a per-game job's, :mod:`judge.site.parts`): the others are not read (their titles make
    the navigation) and the index is not written. ``adopt`` names sources that such a job wrote:
    a game whose sources there were made by the same generator from the same game folder is
    taken from them (:func:`_adopt`), not read.
    """
    started = time.perf_counter()
    started_ns = time.time_ns()
    games_dir, out_dir = Path(games_dir), Path(out_dir)
    templates = Path(templates_dir) if templates_dir is not None else TEMPLATES_DIR
    static = Path(static_dir) if static_dir is not None else STATIC_DIR
    publishing = publishing or Publishing()
    out_dir.mkdir(parents=True, exist_ok=True)
    report = GenerateReport()
    manifest = read_json(out_dir / MANIFEST_NAME)
    if manifest.get("version") != MANIFEST_VERSION:
        manifest = {"files": manifest.get("files") or {}}  # an older generator's: only its files, to remove
    hasher = Hasher(Path("/"), manifest.get("hashes") or {}, started_ns)
    key = _site_key(_fingerprint(str(templates), str(static)), hasher, publishing)
    paths = find_games(games_dir)
    unknown = sorted(set(only or ()) - {p.name for p in paths})
    if unknown:
        raise JudgeError(f"no game {unknown[0]!r} here", str(games_dir))
    sources = game_sources(games_dir, [p.name for p in paths], started_ns)
    old_games = dict(manifest.get("games") or {})
    for folder in adopt:
        old_games.update(_adopt(Path(folder), out_dir, key, sources))
    site = _Site(out_dir, key, old_games, sources, report, force, templates, publishing, started_ns)
    parts = [_game_part(site, path) if only is None or path.name in only else _title_only(site, path) for path in paths]
    rows = [row for row in parts if row is not None]
    out = Out(out_dir, manifest.get("files") or {}, report, hasher)
    if only is None:
        _index_and_nav(out, templates, static, site_title, rows)
    else:
        for rel in out.old:
            if rel != NAV_NAME:
                out.keep(rel)
        out.write(NAV_NAME, _nav(rows))
    report.removed = _remove_stale(out_dir, manifest, out.new, site.games)
    write_json(out_dir / MANIFEST_NAME, {"version": MANIFEST_VERSION, "key": key, "files": out.new,
                                         "games": site.games, "hashes": hasher.new, "only": sorted(only or [])})
    report.seconds = time.perf_counter() - started
    return report


def _title_only(site: _Site, path: Path) -> GameRow:
    """A game a per-game job does not write: its title for the navigation (what an earlier run
    of the same folder remembered of it is kept)."""
    slug = path.name
    if slug in site.old_games:
        site.games[slug] = site.old_games[slug]
    try:
        title = read_game(path).title
    except JudgeError:  # its own job reports it
        title = slug
    return GameRow(title=title, href=f"games/{slug}/index.md", variant="", status="", current="",
                   deadline="", leader="")


def _adopt(bundle: Path, out_dir: Path, key: str, sources: Mapping[str, str | None]) -> dict[str, Any]:
    """The games whose sources a per-game job wrote into ``bundle`` (its ``--out``), made with
    the same key (generator, judge, variants, publishing) from a game folder with the same source
    fingerprint as here: their files put in place of ours; their manifest entries."""
    theirs = read_json(bundle / MANIFEST_NAME)
    if theirs.get("version") != MANIFEST_VERSION or theirs.get("key") != key:
        return {}
    taken = {}
    for slug in theirs.get("only") or []:
        entry = (theirs.get("games") or {}).get(slug)
        if not entry or entry.get("source") is None or entry.get("source") != sources.get(slug):
            continue
        shutil.rmtree(out_dir / "games" / slug, ignore_errors=True)
        shutil.copytree(bundle / "games" / slug, out_dir / "games" / slug)
        taken[slug] = entry
    return taken
