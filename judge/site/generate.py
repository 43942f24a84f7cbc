"""The archive's sources: game folders in, plain Markdown pages, images and a navigation out.

:func:`generate` reads every game under ``games/`` and writes into ``site-src/`` (MkDocs'
``docs_dir``):

* ``index.md``: the games, with variant, status, current phase and next deadline (UTC);
* ``games/<slug>/index.md``: a game: players, centre chart (``centres.svg``; ``treasury.svg``
  where the variant's page sections offer a chart, its treasury), the current map, the timeline
  of phases;
* ``games/<slug>/<phase folder>.md``: a phase (:mod:`judge.site.phase_page`): map, orders and
  results, retreats, adjustments, captures, the narrative (generated sentences, the Gamesmaster's
  ``gm.md``, players' press), the results in the njudge format, previous and next links; its
  images under ``games/<slug>/<phase folder>/`` (a played phase's map as the tick stored it; the
  open phase's drawn here, again only when its position changes, as no tick stores it);
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
templates, static files, this package, :mod:`judge.reports` and :mod:`judge.sections`; the judge's
version; the variants' data files; where the league is published). File hashes are cached by size
and modification time.
A file is written only when its bytes change, so a page published for an earlier phase keeps its
bytes and its time stamp; files the generator wrote before and no longer produces (a game removed)
are deleted. The output is the same as a whole run's. ``--force`` renders everything again (say,
after a change in the rules core that the key does not cover).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Collection, Mapping, Sequence

import yaml
from markupsafe import Markup

from ..core.errors import JudgeError
from ..resources import data_path
from ..core.variant import Variant
from ..store.layout import PHASE_FILE, POSITION, game_name
from .charts import line_chart
from .context import (
    GameContext, GameRow, IndexContext, Link, MapImage, PlayerRow, TimelineRow,
)
from ..escape import md_escape, plain_title
from .gamefiles import GameFolder, find_games, read_game
from .incremental import (
    MANIFEST_NAME, MANIFEST_VERSION, Hasher, Out, game_sources, part_digest, read_json, remove_files,
    write_json,
)
from .phase_page import MAP_FILES, DrawnMap, ended, imported_words, markdown_file, phase_page
from .templating import render_template

__all__ = ["generate", "GenerateReport", "Publishing", "TEMPLATES_DIR", "STATIC_DIR", "MANIFEST_NAME", "NAV_NAME"]

TEMPLATES_DIR = data_path("templates")
"""The page templates (``$JUDGE_TEMPLATES`` replaces them)."""
STATIC_DIR = data_path("site-static")
"""Files copied into every site as they are, e.g. ``assets/judge.css`` (``$JUDGE_SITE_STATIC``)."""
NAV_NAME = ".nav.yml"


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
    """The generator itself: its code (with the reports, the records and the variants' page and
    report sections, whose words the pages print), templates and static files."""
    h = hashlib.sha256(f"v{MANIFEST_VERSION}".encode())
    here = Path(__file__).resolve().parent
    judge = here.parent
    files = sorted(here.glob("*.py")) + [judge / name for name in ("reports.py", "sections.py", "escape.py", "record.py")]
    files += sorted(judge.glob("variants/*/pages.py")) + sorted(judge.glob("variants/*/report.py"))
    for root in (Path(templates), Path(static)):
        if root.is_dir():
            files += sorted(p for p in root.rglob("*") if p.is_file())
    for p in files:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()


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
    out.write(f"{base}/orders.md", render_template(templates, "site/orders.md.j2", ctx))
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
    next_f = game.phases[i + 1] if i + 1 < len(game.phases) else None
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
    page = phase_page(game, i, run.out, run.templates, drawn)
    run.out.write(f"games/{game.slug}/{folder.name}.md", page.markdown)
    run.report.rendered += 1
    run.new_phases[folder.name] = {"key": key, "outputs": sorted(set(run.out.new) - before_new), "summary": page.summary}
    if drawn is not None:
        run.new_phases[folder.name]["map_key"] = drawn.key
    return page.summary


def _open_map(run: _Run, game: GameFolder, i: int, old: Mapping[str, Any] | None) -> DrawnMap | None:
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
    return DrawnMap(game.variant, folder.position, f"{game.title}: {folder.position.phase}", h.hexdigest(), kept)


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
        treasury_chart=treasury_chart, map=image, map_phase=map_phase, gm=markdown_file(game.path / "gm.md"),
        state=[{"title": x["title"], "body": Markup(x["body"])} for x in (current.get("state") or [])] if current else [],
        timeline=[TimelineRow(title=s["title"], href=f"{s['folder']}.md",
                              deadline="imported" if s.get("imported") else s["deadline"], summary=s["summary"])
                  for s in summaries],
        ended=ended(game), orders=_orders_page(game, run.out, run.templates, base, run.publishing), feed="feed.xml",
        sealed=game.settings.sealed, imported=imported_words(summaries),
    )
    run.out.write(f"{base}/index.md", render_template(run.templates, "site/game.md.j2", ctx))
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
    out.write("index.md", render_template(templates, "site/index.md.j2", index))
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
    manifest = _site_manifest(out_dir)
    hasher = Hasher(Path("/"), manifest.get("hashes") or {}, started_ns)
    key = _site_key(_fingerprint(str(templates), str(static)), hasher, publishing)
    paths = _game_paths(games_dir, only)
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
        _nav_only(out, rows)
    report.removed = _remove_stale(out_dir, manifest, out.new, site.games)
    write_json(out_dir / MANIFEST_NAME, {"version": MANIFEST_VERSION, "key": key, "files": out.new,
                                         "games": site.games, "hashes": hasher.new, "only": sorted(only or [])})
    report.seconds = time.perf_counter() - started
    return report


def _site_manifest(out_dir: Path) -> dict[str, Any]:
    """What the last run remembered of the whole site; of an older generator's manifest, only the
    files it wrote (to remove those no longer produced)."""
    manifest = read_json(out_dir / MANIFEST_NAME)
    if manifest.get("version") != MANIFEST_VERSION:
        return {"files": manifest.get("files") or {}}
    return manifest


def _game_paths(games_dir: Path, only: Collection[str] | None) -> list[Path]:
    """The game folders under ``games_dir``. Raises JudgeError when ``only`` names a game that is
    not there."""
    paths = find_games(games_dir)
    unknown = sorted(set(only or ()) - {p.name for p in paths})
    if unknown:
        raise JudgeError(f"no game {unknown[0]!r} here", str(games_dir))
    return paths


def _nav_only(out: Out, rows: list[GameRow]) -> None:
    """A per-game job's part of the site's own files: the navigation (every game's title); the
    index and the static files are kept as they were."""
    for rel in out.old:
        if rel != NAV_NAME:
            out.keep(rel)
    out.write(NAV_NAME, _nav(rows))


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
