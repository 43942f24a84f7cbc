"""A phase's page, and what the game's page keeps of it.

:func:`phase_page` writes ``games/<slug>/<phase folder>.md`` for one phase folder of a game
(:mod:`judge.site.gamefiles`): its map (copied from the folder, or drawn here for the phase being
played, :class:`DrawnMap`), the orders and their results, the narrative, retreats, captures and
adjustments, the Gamesmaster's words and players' press, the results as the email judges write
them and the variant's own sections (:mod:`judge.site.state_sections`); while the phase is open,
the units, what is to decide and the orders received so far. A phase played by ``judge import``
says where it came from and where this judge decided otherwise than the record (its
``import.yaml``), and names no deadline: it had none here. With the page comes the phase's
summary: what the game's page, its charts and its feed need of the phase, which the generator
(:mod:`judge.site.generate`) keeps in its manifest so that a phase not rendered again still counts.
"""

from __future__ import annotations

import html
import sys
from dataclasses import dataclass, field
from datetime import timezone
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..core.errors import JudgeError
from ..core.resolution import Tag
from ..core.types import PhaseKind, Position, UnitType
from ..core.variant import Variant
from ..reading import read_file
from ..record import OrderRecord, PhaseRecord
from ..reports import as_moment, centre_counts, idle_minor_states, njudge_results, narrative, shown_notes
from ..sections import in_power_order, place_name
from ..escape import md_escape, press_html
from ..store.importer import IMPORT_FILE, TRIGGER as IMPORTED, parse_import
from ..store.layout import RESULTS_TXT, power_stem
from .context import (
    CaptureRow, DifferenceRow, ImportView, Link, MapImage, PhaseContext, PowerOrders, PressItem, RetreatRow,
    StateSection, TableRow, UnitsRow, OrderRow,
)
from .gamefiles import GameFolder, PhaseFolder
from .incremental import Out
from .state_sections import state_sections
from .templating import render_template

__all__ = ["phase_page", "PhasePage", "DrawnMap", "MAP_FILES", "utc", "markdown_file", "ended", "is_imported",
           "imported_words"]

MAP_FILES = ("map.png", "map.svg")
"""The map files a phase page uses (an older game's ``map-thumb.png`` is not published: nothing shows it)."""
_TAG_WORDS = {"bounce": "bounced", "cut": "cut", "dislodged": "dislodged", "void": "void", "no convoy": "no convoy",
              "disrupted": "disrupted", "disbanded": "disbanded", "paradox": "paradox"}


# -- reading a phase ------------------------------------------------------------------------------


def utc(when: Any) -> str:
    dt = as_moment(when)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC") if dt else ""


def _iso(when: Any) -> str:
    dt = as_moment(when)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if dt else ""


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
    treasury: :func:`judge.sections.treasury_table`), None if none does. The generator asks the
    variant's sections and reads no key of its state."""
    return next(({str(p): float(v) for p, v in s["chart"].items()} for s in sections if s.get("chart")), None)


def _map_image(out: Out, folder: PhaseFolder, rel_dir: str, href_dir: str, title: str,
               drawn: DrawnMap | None = None) -> MapImage | None:
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
class DrawnMap:
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


def markdown_file(path: Path | None) -> Markup | None:
    """A Markdown file of the Gamesmaster's or a player's (notes, press), read as every file is
    (:func:`judge.reading.read_file`: one that is not UTF-8 is a located error) and sanitised."""
    return Markup(press_html(read_file(path))) if path is not None and path.is_file() else None


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


def _orders_table(variant: Variant, results: PhaseRecord) -> list[PowerOrders]:
    """The orders by power, in the powers' order; a minor state (a pseudo-power no player plays)
    whose units all held for want of orders is left out (:func:`_idle_minor_units` names them:
    :func:`judge.reports.idle_minor_states`)."""
    by: dict[str, list[OrderRow]] = {}
    idle = set(idle_minor_states(variant, results.by_power()))
    for e in results.orders:
        if e.power in idle:
            continue
        by.setdefault(e.power, []).append(
            OrderRow(order=_order_cell(e.order, e.understood), result=_result_badge(e), reason=e.reason))
    return [PowerOrders(power=p or "Unattributed", rows=by[p]) for p in in_power_order(variant, by)]


def _idle_minor_units(variant: Variant, results: PhaseRecord) -> str:
    """One line for the units of minor states that held with no orders (``A BAV (BAV)``)."""
    idle = set(idle_minor_states(variant, results.by_power()))
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
    return ", ".join(f"{p} {'+' if net[p] > 0 else '−'}{abs(net[p])}" for p in in_power_order(variant, net) if net[p])


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


_ADJUSTMENT_HEAD = ["Power", "Supply centres", "Units", "Builds or removals"]


def _adjustments(variant: Variant, position: Position) -> tuple[list[str], list[TableRow]]:
    """The adjustments due, per power: the variant's own table where its adjustment is not builds
    and removals by the count of centres (its description's
    :meth:`~judge.variants.description.VariantDescription.adjustment_table`: Machiavelli's upkeep),
    else each power's centres, units and the builds or removals due."""
    from ..variants import describe

    description = describe(variant.name)
    own = description.adjustment_table(variant, position) if description is not None else None
    if own is not None:
        return list(own.head), [TableRow(cells=list(row)) for row in own.rows]
    centres, units = _counts(position)
    rows = []
    for p in variant.powers:
        c, u = centres.get(p, 0), units.get(p, 0)
        if not c and not u:
            continue
        d = c - u
        what = f"builds {d}" if d > 0 else f"removes {-d}" if d < 0 else "nothing"
        rows.append(TableRow(cells=[p, str(c), str(u), what]))
    return _ADJUSTMENT_HEAD, rows


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
    adjustment_head: list[str] = field(default_factory=lambda: list(_ADJUSTMENT_HEAD))
    results_text: Markup | None = None
    units: list[UnitsRow] = field(default_factory=list)
    received: list[str] = field(default_factory=list)


def _played(game: GameFolder, i: int) -> _Shown:
    """A played phase: the positions before and after it, and its results."""
    folder, next_f = game.phases[i], _next(game, i)
    variant, results, before = game.variant, folder.results, folder.position
    after = next_f.position if next_f is not None else None
    after_kind = after.phase.kind if after is not None else None
    shown = _Shown(
        narrative=narrative(variant, results, before, position_after=after),
        orders=_orders_table(variant, results),
        idle=_idle_minor_units(variant, results),
        notes=list(shown_notes(variant, results, after)),
        retreats=_retreat_rows(variant, after) if after is not None and before.phase.kind is PhaseKind.MOVEMENT
        and after_kind is PhaseKind.RETREAT else [],
        captures=_capture_rows(variant, results),
        results_text=_results_text(game, i),
    )
    if after is not None and after_kind is PhaseKind.ADJUSTMENT:
        shown.adjustment_head, shown.adjustments = _adjustments(variant, after)
    return shown


def _results_text(game: GameFolder, i: int) -> Markup:
    """The results as the email judges write them: the judge's ``results.txt``, else written now."""
    folder, next_f = game.phases[i], _next(game, i)
    txt = folder.file(RESULTS_TXT)
    if txt is not None:
        text = read_file(txt)
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
    shown = _Shown(retreats=_retreat_rows(variant, before) if kind is PhaseKind.RETREAT else [],
                   units=_units_rows(variant, before), received=_received(folder))
    if kind is PhaseKind.ADJUSTMENT:
        shown.adjustment_head, shown.adjustments = _adjustments(variant, before)
    return shown


def is_imported(folder: PhaseFolder | None) -> bool:
    """Was the phase played by ``judge import`` (from another judge's record, with no deadline here)?"""
    return folder is not None and folder.finished and folder.info.trigger == IMPORTED


def _imported(folder: PhaseFolder) -> ImportView | None:
    """An imported phase's origin and differences from the record (its ``import.yaml``, read by
    :func:`judge.store.importer.parse_import`); None for a phase played here."""
    if not is_imported(folder):
        return None
    path = folder.file(IMPORT_FILE)
    if path is None:  # the import writes one in every folder; a Gamesmaster may have removed it
        return ImportView(source="another judge's record", recorded="its file import.yaml is gone", notes=[],
                          differences=[])
    note = parse_import(read_file(path), f"{folder.game.path}/{folder.name}/{IMPORT_FILE}")
    return ImportView(source=note.source, recorded=note.recorded_words, notes=list(note.notes), differences=[
        DifferenceRow(power=d.power, order=d.order, recorded=d.recorded, judge=d.judge, why=d.why)
        for d in note.differences])


def _next_deadline(game: GameFolder, i: int) -> str:
    """The next phase's deadline, as the page gives it: none for a phase the import played next,
    nor for the phase an import left paused (its clock starts when the Gamesmaster resumes the game)."""
    folder, next_f = game.phases[i], _next(game, i)
    if next_f is None or is_imported(next_f) or (is_imported(folder) and game.status != "active"):
        return ""
    return utc(next_f.info.deadline)


def _deadline(game: GameFolder, i: int) -> str:
    """The phase's deadline, as the page gives it: none for an imported phase (it had none here),
    nor for the phase an import left paused."""
    folder = game.phases[i]
    if is_imported(folder) or (not folder.finished and i > 0 and is_imported(game.phases[i - 1])
                               and game.status != "active"):
        return ""
    return utc(folder.info.deadline)


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
class PhasePage:
    markdown: str
    summary: dict[str, Any]


def phase_page(game: GameFolder, i: int, out: Out, templates: Path, drawn: DrawnMap | None = None) -> PhasePage:
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
    imported = _imported(folder)
    ctx = PhaseContext(
        title=title, page_title=f"{title} · {game.title}", game_title=game.title, game_href="index.md",
        finished=folder.finished, deadline=_deadline(game, i), opened=utc(folder.info.opened),
        previous=_link(game.phases[i - 1] if i > 0 else None), next=_link(next_f), map=image,
        narrative=shown.narrative, gm=markdown_file(folder.file("gm.md")),
        press=[PressItem(title=p.stem.replace("-", " ").replace("_", " "), html=markdown_file(p) or Markup(""))
               for p in folder.press()],
        orders=shown.orders, idle=shown.idle, notes=shown.notes, sealed=game.settings.sealed,
        played=utc(folder.info.adjudicated) if folder.finished else "", trigger=folder.info.trigger or "", retreats=shown.retreats, captures=shown.captures,
        adjustments=shown.adjustments, adjustment_head=shown.adjustment_head,
        next_phase=results.next_phase or "", next_deadline=_next_deadline(game, i),
        ended=ended(game) if game.ends_at(i) else "",
        winner=results.winner or "", results_text=shown.results_text, units=shown.units,
        received=shown.received, state=state, imported=imported,
    )
    return PhasePage(render_template(templates, "site/phase.md.j2", ctx),
                     _phase_summary(game, i, image, state, state_before, imported))


def _phase_summary(game: GameFolder, i: int, image: MapImage | None, state: list[StateSection],
                   state_before: list[StateSection], imported: ImportView | None) -> dict[str, Any]:
    """What the game's page (players, charts, map, timeline) and the feed need of a phase: kept in
    the manifest, so that a phase not rendered again still counts. ``state`` is what the page
    shows of the variant's state, ``state_before`` that at the start of the phase (its chart's point);
    ``imported``, where an imported phase came from (the game's page counts its differences)."""
    folder = game.phases[i]
    before, results = folder.position, folder.results
    centres, units = _counts(before)
    return {
        "title": folder.title, "folder": folder.name, "finished": folder.finished,
        "deadline": _deadline(game, i), "year": before.phase.year,
        "imported": {"source": imported["source"], "differences": len(imported["differences"])} if imported else None, "centres": centres, "units": units,
        "treasury": _chart_values(state_before), "final_centres": _final_centres(game, i),
        "summary": _summary_line(game.variant, results, before.phase.kind) if folder.finished else "",
        "winner": results.winner or "", "map": image["png"] if image else None,
        "map_svg": image["svg"] if image else None,
        "state": [{"title": x["title"], "body": str(x["body"])} for x in state],
        "adjudicated": _iso(folder.info.adjudicated) if folder.finished else "",
    }


def imported_words(summaries: list[dict[str, Any]]) -> str:
    """Where a game's imported phases came from, for its page (``from ruffians/results.txt: 81
    phases played again here; 2 differences from the record, each on its phase's page``); empty
    for a game played here."""
    imported = [s["imported"] for s in summaries if s.get("imported")]
    if not imported:
        return ""
    sources = sorted({x["source"] for x in imported})
    differences = sum(int(x["differences"]) for x in imported)
    phases = f"{len(imported)} phase{'s' if len(imported) != 1 else ''}"
    said = (f"{differences} difference{'s' if differences != 1 else ''} from the record, each on its phase's page"
            if differences else "this judge decided every order as the record says")
    return f"from {', '.join(sources)}: {phases} played again here; {said}"


def ended(game: GameFolder) -> str:
    """How the Gamesmaster ended the game (``ended:`` in game.yaml, written by ``judge end``)."""
    return game.ended.words() if game.ended is not None else ""
