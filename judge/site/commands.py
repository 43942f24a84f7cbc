"""The command line of the archive: ``judge site`` and ``judge post``.

The lead registers them on the ``judge`` group::

    from .site.commands import post_cmd, site_cmd
    cli.add_command(site_cmd)
    cli.add_command(post_cmd)

Errors are :class:`~judge.core.errors.JudgeError` (exit code 2 through ``judge.cli.main``).
"""

from __future__ import annotations

from pathlib import Path

import click

from ..core.errors import JudgeError

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
    import subprocess

    from .build import read_site_url
    from .generate import Publishing
    from .build import github_repository

    where = Path(games_dir)
    try:
        proc = subprocess.run(["git", "-C", str(where), "rev-parse", "--show-prefix"], capture_output=True, text=True,
                              timeout=10)
        prefix = proc.stdout.strip().strip("/") if proc.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
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
def site_cmd(games_dir: str, out_dir: str | None, build: bool, site_dir: str | None, config: str | None,
             force: bool, offline: bool) -> None:
    """Write the archive's Markdown sources (and, with --build, the HTML site).

    Incremental: finished phases whose inputs did not change are not rendered again, and files
    whose bytes did not change are not rewritten.
    """
    from .generate import generate
    from .build import mkdocs_build, read_config

    if not Path(games_dir).is_dir():
        raise JudgeError("no games folder here: run judge site at the top of a league (judge init makes one), "
                         "or name the folder with --games", games_dir)
    cfg_path, base = _config_path(config)
    cfg = read_config(cfg_path) if cfg_path.is_file() else {}
    out = Path(out_dir) if out_dir else base / str(cfg.get("docs_dir") or "site-src")
    site_title = str(cfg.get("site_name") or "Diplomacy games")
    report = generate(games_dir, out, force=force, site_title=site_title,
                      publishing=_publishing(games_dir, cfg_path, cfg))
    click.echo(f"site sources in {out}: {report.line()}")
    if build:
        if not cfg_path.is_file():
            raise JudgeError("no mkdocs.yml to build with", str(cfg_path))
        dest = Path(site_dir) if site_dir else base / str(cfg.get("site_dir") or "site")
        import time

        t0 = time.perf_counter()
        proc = mkdocs_build(out, dest, config=cfg_path, offline=offline or None, env={"NO_MKDOCS_2_WARNING": "1"},
                            incremental=not force)
        how = "only the changed pages rendered" if getattr(proc, "incremental", False) else "every page rendered"
        click.echo(f"site built in {dest} ({time.perf_counter() - t0:.2f} s, {how}): open {dest / 'index.html'}")


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
@click.option("--format", "fmt", type=click.Choice(["bbcode", "markdown"]), default="bbcode", show_default=True,
              help="BBCode for phpBB-style forums, Markdown for Discourse, GitHub and the like.")
@click.option("--base-url", default=None,
              help="The site's address [default: mkdocs.yml's site_url / $SITE_URL, else the GitHub Pages address of the repository's origin].")
@click.option("--config", default=None, type=click.Path(dir_okay=False), help="The MkDocs configuration to read site_url from.")
@click.option("--tz", "zones", multiple=True, help="A time zone for the deadline (IANA name; repeat the option).")
def post_cmd(game_dir: str, phase: str | None, fmt: str, base_url: str | None, config: str | None,
             zones: tuple[str, ...]) -> None:
    """Print a phase's results as a forum post (default: the last adjudicated phase).

    PHASE is a folder name (1901-1-spring-movement) or a phase name ("Spring 1901 Movement").
    """
    from ..reports import forum_post
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
    txt = folder.file("results.txt")
    post = forum_post(
        game.variant, folder.results, game_title=game.title, slug=game.slug, phase_folder=folder.name, base_url=url,
        before=folder.position, after=next_f.position if next_f else None,
        deadline=next_f.info.deadline if next_f else None,
        timezones=zones or (game.settings.schedule.timezone, *DEFAULT_TIMEZONES),
        results_text=txt.read_text(encoding="utf-8-sig") if txt else None,
    )
    click.echo(post.bbcode if fmt == "bbcode" else post.markdown, nl=False)
