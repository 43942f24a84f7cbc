"""The command line of the archive: ``judge site`` and ``judge post``.

The lead registers them on the ``judge`` group::

    from .site.commands import post_cmd, site_cmd
    cli.add_command(site_cmd)
    cli.add_command(post_cmd)

Errors are :class:`~judge.core.errors.JudgeError` (exit code 2 through ``judge.cli.main``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..core.errors import JudgeError, StoreError
from ..escape import log_safe

if TYPE_CHECKING:
    from .build import MkdocsRun

DEFAULT_TIMEZONES = ("America/Los_Angeles", "America/New_York", "Europe/London", "Europe/Berlin", "Asia/Tokyo")


def _config_path(config: str | None) -> tuple[Path, Path]:
    """The MkDocs configuration and the folder its ``docs_dir`` and ``site_dir`` are relative to:
    ``--config`` or the league's ``./mkdocs.yml`` (beside it), else the judge's own default with
    the folders in the current one. Nothing is ever written beside the judge's installed files."""
    if config:
        return Path(config), Path(config).parent
    here = Path("mkdocs.yml")
    if here.is_file():
        return here, Path(".")
    from .build import DEFAULT_CONFIG

    return DEFAULT_CONFIG, Path(".")


def _publishing(games_dir: str, cfg_path: Path, cfg: dict):  # noqa: ANN202 - a Publishing
    """Where the league lives, for the orders pages and the feeds: its GitHub repository
    (mkdocs.yml's ``repo_url``, $GITHUB_REPOSITORY or the origin remote), the site's address and
    the games' folder in the repository."""
    from ..store.gitrepo import run_in
    from .build import read_site_url
    from .generate import Publishing
    from .build import github_repository

    where = Path(games_dir)
    try:
        prefix = run_in(where, "rev-parse", "--show-prefix", timeout=10).strip().strip("/")
    except StoreError:
        prefix = ""
    repository = github_repository(where, str(cfg.get("repo_url") or ""))  # asked once: the origin remote at most
    return Publishing(repository=repository, site_url=read_site_url(cfg_path, repository=repository),
                      games_path=prefix or where.name)


@click.command("site")
@click.option("--games", "games_dir", default="games", show_default=True, type=click.Path(file_okay=False),
              help="The folder of game folders.")
@click.option("--out", "out_dir", default=None, type=click.Path(file_okay=False),
              help="Where to write the Markdown sources [default: mkdocs.yml's docs_dir, site-src].")
@click.option("--build/--no-build", default=False, show_default=True,
              help="Then render them with 'mkdocs build --strict'.")
@click.option("--site-dir", default=None, type=click.Path(file_okay=False),
              help="With --build: where the HTML goes [default: mkdocs.yml's site_dir, site].")
@click.option("--config", default=None, type=click.Path(dir_okay=False),
              help="The MkDocs configuration [default: ./mkdocs.yml, else the project's].")
@click.option("--force", is_flag=True, help="Render every phase again, even those whose inputs did not change.")
@click.option("--offline", is_flag=True, help="With --build: a site that works from file:// (search included).")
@click.option("--game", "only", multiple=True, metavar="SLUG",
              help="Only this game's pages (repeat for more): a per-game job's, for --assemble. The game's "
                   "folder (games/SLUG, as judge due lists it) names it too.")
@click.option("--assemble", "bundles", multiple=True, type=click.Path(file_okay=False),
              help="Take the pages that per-game jobs made (a folder holding their site-src and site, or "
                   "folders of such), for the games they match; the others are rendered here. A folder "
                   "that is not there holds no part.")
def site_cmd(games_dir: str, out_dir: str | None, build: bool, site_dir: str | None, config: str | None,
             force: bool, offline: bool, only: tuple[str, ...], bundles: tuple[str, ...]) -> None:
    """Write the archive's Markdown sources (and, with --build, the HTML site).

    Incremental: a game whose folder did not change is not read, finished phases whose inputs did
    not change are not rendered again, files whose bytes did not change are not rewritten, and
    the build renders only the pages whose sources changed.

    When a league outgrows one runner, each game's job can make its own game's pages
    (judge site --game SLUG --build --out part/site-src --site-dir part/site) and the publishing
    job take them (judge site --build --assemble parts/), rendering only the rest.
    """
    from .generate import generate
    from .build import mkdocs_build, read_config

    if not Path(games_dir).is_dir():
        raise JudgeError("no games folder here: run judge site at the top of a league (judge init makes one), "
                         "or name the folder with --games", games_dir)
    only = tuple(_slug(games_dir, g) for g in only)
    cfg_path, base = _config_path(config)
    cfg = read_config(cfg_path) if cfg_path.is_file() else {}
    out = _folder(out_dir, base, cfg, "docs_dir", "site-src")
    site_title = str(cfg.get("site_name") or "Diplomacy games")
    made = _bundles(bundles)
    if bundles and not made:
        click.echo(f"no per-game part in {', '.join(bundles)}: every game's pages are made here")
    report = generate(games_dir, out, force=force, site_title=site_title, publishing=_publishing(games_dir, cfg_path, cfg),
                      only=only or None, adopt=[src for src, _ in made])
    click.echo(f"site sources in {out}: {report.line()}")
    for error in report.broken:  # the site is still published: the job names the game to mend
        click.echo(f"judge site: a game needs the Gamesmaster (its last good pages are published): {log_safe(error)}",
                   err=True)
    if build:
        if not cfg_path.is_file():
            raise JudgeError("no mkdocs.yml to build with", str(cfg_path))
        dest = _folder(site_dir, base, cfg, "site_dir", "site")
        import time

        t0 = time.perf_counter()
        proc = mkdocs_build(out, dest, config=cfg_path, offline=offline or None,
                            incremental=not force, only=[f"games/{g}" for g in only] or None, adopt=made)
        how = _what_was_built(proc, only)
        click.echo(f"site built in {dest} ({time.perf_counter() - t0:.2f} s, {how}): open {dest / 'index.html'}")
        for note in _parts_left(made, proc.adopted, games_dir, whole=not proc.incremental):
            click.echo(note)


def _folder(given: str | None, base: Path, cfg: dict, key: str, default: str) -> Path:
    """The folder an option names (``given``), else the one ``mkdocs.yml`` names under ``key``,
    else ``default``; the last two relative to ``base``, the configuration's folder."""
    return Path(given) if given else base / str(cfg.get(key) or default)


def _what_was_built(proc: MkdocsRun, only: tuple[str, ...]) -> str:
    """What the build rendered and took from per-game jobs, for its closing line."""
    how = ("nothing changed since the last build: nothing rendered" if proc.parts == [] else
           "only the changed pages rendered" if proc.incremental else
           f"the pages of {', '.join(only)} rendered" if only else "every page rendered")
    if proc.adopted:
        how += f"; the pages of {', '.join(p.split('/', 1)[-1] for p in proc.adopted)} taken as their jobs built them"
    return how


def _slug(games_dir: str, game: str) -> str:
    """The game named by ``--game``: its slug, or its folder (``games/<slug>``, as ``judge due``
    lists it and a per-game job gets it), which must be in the games' folder."""
    path = Path(game)
    if len(path.parts) < 2:
        return game
    if path.parent.resolve() != Path(games_dir).resolve():
        raise JudgeError(f"{game} is not a game folder of {games_dir}: name the game by its slug, or its "
                         "folder's parent with --games", game)
    return path.name


def _bundles(folders: tuple[str, ...]) -> list[tuple[Path, Path]]:
    """The sources' and site's folders of each per-game job's part under ``folders`` (a folder
    that is not there holds none: no per-game job made one)."""
    found = []
    for folder in map(Path, folders):
        if not folder.is_dir():
            continue
        for part in [folder] + sorted(p for p in folder.iterdir() if p.is_dir()):
            if (part / "site-src").is_dir() and (part / "site").is_dir():
                found.append((part / "site-src", part / "site"))
    return found


def _parts_left(made: list[tuple[Path, Path]], adopted: list[str], games_dir: str, *, whole: bool) -> list[str]:
    """A note for each game of a per-game part that the build did not take (its pages rendered
    here instead, as if there were no part), and why, as far as it can be told: the game changed
    after its job built the part (another push came between), or there was no site kept from an
    earlier run to add it to, or it was made by another judge or in another context (configuration,
    navigation, versions). A part that is not taken never fails the build."""
    from .incremental import MANIFEST_NAME, game_sources, read_json

    notes = []
    taken = set(adopted)
    for src, _site in made:
        manifest = read_json(src / MANIFEST_NAME)
        slugs = [str(s) for s in manifest.get("only") or []]
        entries = manifest.get("games") or {}
        left = [s for s in slugs if f"games/{s}" not in taken]
        if not slugs:
            notes.append(f"part {src.parent} not taken: it holds no game's pages (not made by judge site --game)")
        now = game_sources(Path(games_dir), left) if left else {}
        for slug in left:
            theirs, ours = (entries.get(slug) or {}).get("source"), now.get(slug)
            if theirs is None or ours is None:
                why = "the state of its game folder could not be told (files modified moments ago)"
            elif theirs != ours:
                why = "the game changed after its job built the part"
            elif whole:
                why = "the site is built whole this time (no site kept from an earlier run, or another " \
                      "configuration, navigation or judge)"
            else:
                why = "made by another judge, or with another configuration or navigation"
            notes.append(f"part {src.parent} not taken for {slug}: {why}; its pages rendered here")
    return notes


def _find_phase(game, phase: str | None):
    """The phase folder named by ``phase`` (folder name or phase name), or the last adjudicated."""
    finished = [p for p in game.phases if p.finished]
    if phase is None:
        if not finished:
            raise JudgeError("no phase of this game has been adjudicated yet", str(game.path))
        return finished[-1]
    key = " ".join(phase.replace(",", " ").split()).lower()
    for p in game.phases:
        if key in (p.name.lower(), p.title.lower()):
            if not p.finished:
                raise JudgeError(f"{p.title} has not been adjudicated yet", str(p.path))
            return p
    names = ", ".join(p.name for p in finished) or "none"
    raise JudgeError(f"no phase {phase!r} in this game (adjudicated: {names})", str(game.path))


@click.command("post")
@click.argument("game_dir", metavar="games/<slug>", type=click.Path(exists=True, file_okay=False))
@click.argument("phase", required=False)
@click.option("--format", "fmt", type=click.Choice(["bbcode", "markdown", "mediawiki"]), default="bbcode",
              show_default=True, help="BBCode for phpBB-style forums, Markdown for Discourse, GitHub and the like, "
              "MediaWiki markup for a game run on a wiki (DipWiki).")
@click.option("--base-url", default=None,
              help="The site's address [default: mkdocs.yml's site_url / $SITE_URL, else the GitHub Pages address of the repository's origin].")
@click.option("--config", default=None, type=click.Path(dir_okay=False), help="The MkDocs configuration to read site_url from.")
@click.option("--tz", "zones", multiple=True, help="A time zone for the deadline (IANA name; repeat the option).")
def post_cmd(game_dir: str, phase: str | None, fmt: str, base_url: str | None, config: str | None,
             zones: tuple[str, ...]) -> None:
    """Print a phase's results as a forum post (default: the last adjudicated phase).

    PHASE is a folder name (1901-1-spring-movement) or a phase name ("Spring 1901 Movement").
    """
    from ..reading import read_file
    from ..reports import forum_post
    from ..store.layout import RESULTS_TXT
    from .gamefiles import read_game
    from .build import read_site_url

    game = read_game(Path(game_dir))
    folder = _find_phase(game, phase)
    i = game.phases.index(folder)
    next_f = game.phases[i + 1] if i + 1 < len(game.phases) else None
    url = base_url if base_url is not None else read_site_url(_config_path(config)[0], repo_dir=game.path)
    if not url:
        raise JudgeError("no address for the site: this repository has no GitHub remote 'origin'; "
                         "set site_url in mkdocs.yml (or $SITE_URL) or pass --base-url")
    txt = folder.file(RESULTS_TXT)
    post = forum_post(
        game.variant, folder.results, game_title=game.title, slug=game.slug, phase_folder=folder.name, base_url=url,
        before=folder.position, after=next_f.position if next_f else None,
        deadline=next_f.info.deadline if next_f else None, opened=next_f.info.opened if next_f else None,
        timezones=zones or (game.settings.schedule.timezone, *DEFAULT_TIMEZONES),
        results_text=read_file(txt) if txt else None,
        ended=game.ended.words() if game.ended is not None and game.ends_at(i) else "",
    )
    click.echo({"bbcode": post.bbcode, "markdown": post.markdown, "mediawiki": post.mediawiki}[fmt], nl=False)
