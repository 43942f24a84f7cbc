"""The game-repository commands, as click commands for ``judge.cli`` to register.

``new``, ``tick``, ``check``, ``check-pr``, ``seal``, ``keygen`` and ``verify``. Errors are
:class:`~judge.core.errors.JudgeError` (the command line turns them into messages, exit 2);
``tick`` exits 1 when some game failed, ``check`` when the file has problems, ``check-pr`` when
the pull request is refused, ``verify`` when the history differs from its replay.
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import click

from ..core.errors import StoreError
from ..reading import read_file

__all__ = ["new_cmd", "tick_cmd", "due_cmd", "check_cmd", "check_pr_cmd", "seal_cmd", "keygen_cmd", "verify_cmd", "init_cmd", "COMMANDS"]


def _now(value: str | None) -> datetime:
    from .settings import UTC, parse_time

    return parse_time(value, "--now") if value else datetime.now(UTC)


@click.command("new")
@click.argument("game_dir", metavar="games/<game>")
@click.argument("more_players", nargs=-1, metavar="[POWER=LOGIN]...")
@click.option("--variant", default="standard", show_default=True, help="The variant to play.")
@click.option("--title", help="The game's title (default: from the folder name).")
@click.option("--players", "players", multiple=True, metavar="POWER=LOGIN",
              help="Who plays which power (GitHub logins); several pairs may follow.")
@click.option("--sealed", is_flag=True, help="Sealed orders: make an age key; print its identity for a CI secret.")
@click.option("--timezone", default="UTC", show_default=True, help="The time zone of the deadlines.")
@click.option("--now", help="The opening time (ISO 8601, UTC if no zone); default: now.")
@click.option("--commit", is_flag=True, help="Commit the new game (otherwise only write its files).")
@click.option("--no-maps", is_flag=True, hidden=True, help="Accepted for older scripts: a new game stores no map.")
def new_cmd(game_dir: str, more_players: tuple[str, ...], variant: str, title: str | None, players: tuple[str, ...],
            sealed: bool, timezone: str, now: str | None, commit: bool, no_maps: bool) -> None:
    """Create a game: game.yaml and the first phase folder with the starting position."""
    from .settings import Schedule, time_zone
    from .tick import create_game, new_game, new_game_path, open_repo, parse_players

    if time_zone(timezone) is None:
        raise StoreError(f"unknown time zone {timezone!r} (an IANA name, e.g. UTC, Europe/Paris, America/New_York)",
                         "--timezone")
    when = _now(now)
    pairs = parse_players(list(players) + list(more_players))
    repo = open_repo(".")
    rel = new_game_path(repo, game_dir)
    if commit:
        game = new_game(rel, variant, now=when, title=title, players=pairs, sealed=sealed,
                        schedule=Schedule(timezone=timezone))
        create_game(repo, game, commit=True, now=when)
    else:
        game = new_game(game_dir, variant, now=when, title=title, players=pairs, sealed=sealed,
                        schedule=Schedule(timezone=timezone))
        create_game(Path.cwd() if not Path(game_dir).is_absolute() else Path("/"), game, commit=False, now=when)
    for path in sorted(game.files):
        click.echo(f"wrote {path}", err=True)
    if game.unplayed:
        click.echo(f"note: no player for {', '.join(game.unplayed)}: in civil disorder until `judge replace "
                   f"{game_dir} <power> <login>` names one", err=True)
    if game.identity:
        click.echo(f"recipient (in game.yaml): {game.recipient}", err=True)
        click.echo("The identity below is the secret key of this game. Store it as the repository secret "
                   "JUDGE_AGE_IDENTITY (one line per sealed game); it is written nowhere else.", err=True)
        click.echo(game.identity)
    if not commit:
        click.echo("Commit the new folder and push it.", err=True)


@click.command("tick")
@click.argument("games", nargs=-1, metavar="[games/<game>]...")
@click.option("--now", help="The time to judge by (ISO 8601); default: the clock.")
@click.option("--force", is_flag=True, help="Play each game's current phase now, deadline or not (one phase).")
@click.option("--max-phases", default=20, show_default=True, type=click.IntRange(min=1),
              help="At most this many phases per game and tick.")
@click.option("--no-maps", is_flag=True, help="Do not draw the maps.")
@click.option("--push", "remote", metavar="REMOTE", help="Push the commits and tags (CI: retries after a race).")
@click.option("--outputs", "outputs", type=click.Path(dir_okay=False), metavar="FILE",
              help="Append 'played=<number of phases>' here, e.g. $GITHUB_OUTPUT.")
@click.option("--repo", "repo_dir", default=".", show_default=True, help="A folder inside the repository.")
def tick_cmd(games: tuple[str, ...], now: str | None, force: bool, max_phases: int, no_maps: bool,
             remote: str | None, outputs: str | None, repo_dir: str) -> None:
    """Play every phase that is due: past its deadline, or all players ready; commit each one."""
    from .tick import open_repo, repo_path, run_and_push, tick

    repo = open_repo(repo_dir)
    paths = [repo_path(repo, g) for g in games] or None
    when = _now(now)

    def run():
        return tick(repo, paths, when, force=force, max_phases=max_phases, maps=not no_maps)

    result = run_and_push(repo, remote, run, lambda r: r.played) if remote else run()
    for w in result.warnings:
        click.echo(f"warning: {w}", err=True)
    for tag in result.played:
        click.echo(f"played {tag}")
    for w in result.waiting:
        click.echo(f"waiting {w.game}: {w.reason}")
    for e in result.errors:
        click.echo(f"judge: {e}", err=True)
    if outputs:
        with open(outputs, "a", encoding="utf-8") as fh:
            fh.write(f"played={len(result.played)}\n")
    if result.errors:
        sys.exit(1)


@click.command("due")
@click.argument("games", nargs=-1, metavar="[games/<game>]...")
@click.option("--now", help="The time to judge by (ISO 8601); default: the clock.")
@click.option("--force", is_flag=True, help="Count every active or paused game as due.")
@click.option("--outputs", "outputs", type=click.Path(dir_okay=False), metavar="FILE",
              help="Append 'games=<JSON list>' and 'count=<n>' here, e.g. $GITHUB_OUTPUT.")
@click.option("--repo", "repo_dir", default=".", show_default=True, help="A folder inside the repository.")
def due_cmd(games: tuple[str, ...], now: str | None, force: bool, outputs: str | None, repo_dir: str) -> None:
    """List the games with a phase to play now (a broken game too: its tick says what is wrong),
    without playing anything: the deadline workflow runs one tick per listed game."""
    import json

    from .tick import due_games, open_repo, repo_path

    repo = open_repo(repo_dir)
    paths = [repo_path(repo, g) for g in games] or None
    due, errors = due_games(repo, paths, _now(now), force=force)
    for path in due:
        click.echo(path)
    for e in errors:
        click.echo(f"judge: {e}", err=True)
    if outputs:
        with open(outputs, "a", encoding="utf-8") as fh:
            fh.write(f"games={json.dumps(due)}\ncount={len(due)}\n")


@click.command("check")
@click.argument("orders_file", metavar="ORDERS.txt")
@click.option("--game", "game_dir", help="The game folder (default: from the file's place).")
@click.option("--power", help="The power (default: from the file's name).")
@click.option("--phase", "folder", help="The phase folder (default: the phase being played).")
@click.option("--canonical", is_flag=True,
              help="The file is a pasted forum post: skip its prose, and print the orders as read, ready to be the order file.")
def check_cmd(orders_file: str, game_dir: str | None, power: str | None, folder: str | None, canonical: bool) -> None:
    """Read an order file as the judge will, and say what is wrong (offline, no secret)."""
    from .check import check_orders, locate

    path = Path(orders_file)
    if path.name.endswith(".age"):
        raise StoreError("this is a sealed file: check the clear text before sealing it", orders_file)
    game, folder, found, place = locate(path, Path(game_dir) if game_dir else None, power, folder)
    report = check_orders(read_file(path), game, folder, found, orders_file, canonical=canonical, place=place)
    click.echo(str(report))
    if report.problems:
        sys.exit(1)


@click.command("check-pr")
@click.option("--base", default="HEAD", show_default=True, help="The base branch's commit (trusted).")
@click.option("--head", required=True, help="The pull request's head commit (read as data).")
@click.option("--author", required=True, help="The pull request author's GitHub login.")
@click.option("--summary", "summary", type=click.Path(dir_okay=False), help="Append the verdict (Markdown) here, e.g. $GITHUB_STEP_SUMMARY.")
@click.option("--pr", "pr", type=int, help="The pull request's number (for the receipt).")
@click.option("--apply", "apply_", is_flag=True, help="If accepted, commit the orders and receipts as a merge.")
@click.option("--push", "remote", metavar="REMOTE", help="With --apply: push (CI: retries after a race).")
@click.option("--fetch", "fetch_from", metavar="REMOTE", help="First fetch refs/pull/<--pr>/head from REMOTE.")
@click.option("--now", help="The time of receipt (ISO 8601); default: the clock.")
@click.option("--comment", is_flag=True,
              help="Also answer on the pull request (--pr) with the verdict, as a comment (GitHub's API, $GITHUB_TOKEN).")
@click.option("--repo", "repo_dir", default=".", show_default=True, help="A folder inside the repository.")
def check_pr_cmd(base: str, head: str, author: str, summary: str | None, pr: int | None, apply_: bool,
                 remote: str | None, fetch_from: str | None, now: str | None, comment: bool, repo_dir: str) -> None:
    """Accept or refuse a pull request of orders; with --apply, commit it with its receipt."""
    from . import gitrepo
    from .pr import accept, check_pr, fetch_pull, resolve_commit
    from .tick import open_repo, run_and_push

    repo = open_repo(repo_dir)
    when = _now(now)
    if remote and not apply_:
        raise StoreError("--push goes with --apply")
    if fetch_from:
        if pr is None:
            raise StoreError("--fetch needs --pr")
        fetch_pull(repo, fetch_from, pr, head)
    resolve_commit(repo, base, "--base")
    resolve_commit(repo, head, "--head", hint="" if fetch_from else
                   " (a pull request's head is fetched first: --fetch REMOTE --pr NUMBER)")

    def run():
        if apply_ and gitrepo.head(repo)[1] != gitrepo.commit(repo, base).hexsha:
            raise StoreError(f"--apply commits on the checked-out branch: check out {base} first")
        verdict = check_pr(repo, base, head, author, when)
        if apply_ and verdict.accepted:
            verdict.committed = accept(repo, verdict, head, when, pr)
        return verdict

    verdict = run_and_push(repo, remote, run, lambda v: []) if remote else run()
    click.echo(verdict.to_text())
    if summary:
        with open(summary, "a", encoding="utf-8") as fh:
            fh.write(verdict.to_markdown(pr))
    if comment:
        from .github import close_pull_request, comment_on_pull_request

        if pr is None:
            raise StoreError("--comment needs --pr")
        try:
            where = comment_on_pull_request(pr, verdict.to_markdown(pr))
            click.echo(f"answered on the pull request: {where}", err=True)
            if verdict.committed and remote:  # its files are on the base branch, pushed: nothing more to merge
                close_pull_request(pr)
                click.echo(f"closed pull request #{pr}: its files are committed as {verdict.committed[:12]}", err=True)
        except StoreError as exc:
            # The verdict stands (and is in the job summary): a missing comment is reported, not fatal.
            click.echo(f"judge: warning: {exc}", err=True)
    if not verdict.accepted:
        sys.exit(1)


@click.command("seal")
@click.argument("orders_file", metavar="ORDERS.txt")
@click.option("--game", "game_dir", required=True, help="The game folder.")
@click.option("--power", required=True, help="Your power.")
@click.option("--phase", "folder", help="The phase folder (default: the phase being played).")
@click.option("--output", "-o", help="Where to write (default: <game>/<phase>/orders/<power>.txt.age).")
def seal_cmd(orders_file: str, game_dir: str, power: str, folder: str | None, output: str | None) -> None:
    """Encrypt an order file to the game's key, for a sealed game's pull request."""
    from ..sealing import seal
    from .check import check_orders, locate

    path = Path(orders_file)
    text = read_file(path)
    game, folder, found, _ = locate(path, Path(game_dir), power, folder)
    if not game.settings.sealed or not game.settings.recipient:
        raise StoreError("this game's orders are public: commit the .txt file as it is", game_dir)
    report = check_orders(text, game, folder, found, orders_file)
    click.echo(str(report), err=True)
    data = seal(text, recipient=game.settings.recipient, game=game.slug, phase=folder, power=found)
    out = Path(output) if output else Path(game_dir) / folder / "orders" / game.order_name(found)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    click.echo(f"sealed {found}'s orders for {folder} into {out}: commit it and open a pull request", err=True)


@click.command("keygen")
@click.option("--game", "game_dir", help="Also make this game sealed, with the new recipient in its game.yaml.")
def keygen_cmd(game_dir: str | None) -> None:
    """Make an age identity: the recipient goes into game.yaml, the identity into a CI secret."""
    from ..sealing import generate_identity
    from .settings import set_recipient

    identity, recipient = generate_identity()
    if game_dir:
        settings = Path(game_dir) / "game.yaml"
        if not settings.is_file():
            raise StoreError("no game.yaml: not a game folder", game_dir)
        settings.write_text(set_recipient(read_file(settings), recipient), encoding="utf-8")
        click.echo(f"{settings}: orders sealed to {recipient}", err=True)
    else:
        click.echo(f"recipient: {recipient}", err=True)
    click.echo("Store the identity below as the repository secret JUDGE_AGE_IDENTITY; it is written nowhere else.", err=True)
    click.echo(identity)


@click.command("verify")
@click.argument("game_dirs", metavar="[games/<game>]...", nargs=-1)
@click.option("--ref", default="HEAD", show_default=True, help="The commit to verify.")
def verify_cmd(game_dirs: tuple[str, ...], ref: str) -> None:
    """Replay games from their first position; name every phase whose files differ. Without a
    game, every game of the repository (as the upgrade workflow checks a new judge)."""
    from .gitrepo import commit
    from .layout import GitTree, find_games
    from .pr import resolve_commit
    from .tick import open_repo, repo_path
    from .verify import verify_game

    repo = open_repo(Path(game_dirs[0]) if game_dirs and Path(game_dirs[0]).exists() else ".")
    tree = GitTree(commit(repo, resolve_commit(repo, ref, "--ref")))
    games = [repo_path(repo, g) for g in game_dirs] or find_games(tree)
    if not games:
        raise StoreError("no game here to replay (no games/<game>/game.yaml)", ref)
    differ = 0
    for game in games:
        result = verify_game(tree, game)
        for m in result.mismatches:
            click.echo(f"{game}/{m}")
        click.echo(f"{result.game}: {result.phases} phase(s) replayed, "
                   + ("all as committed" if result.ok else f"{len(result.mismatches)} difference(s)"))
        differ += not result.ok
    if len(games) > 1:
        click.echo(f"{len(games)} games replayed: " + ("all as committed" if not differ else f"{differ} with differences"))
    if differ:
        sys.exit(1)


@click.command("init")
@click.argument("league_dir", metavar="DIR", default=".")
@click.option("--name", "title", default=None, help="The league's name (the site's title) [default: the folder's name].")
@click.option("--wheels", default=None, metavar="DIR",
              help="Pin the judge's files in DIR (its wheels and sdist, as a release builds them) "
                   "[default: this version's files on the package index].")
@click.option("--upgrade", is_flag=True,
              help="An existing league: rewrite only the workflows and the pin, for the judge installed now.")
def init_cmd(league_dir: str, title: str | None, wheels: str | None, upgrade: bool) -> None:
    """Make a league repository of one's own in DIR: the workflows, the judge's version pinned,
    mkdocs.yml, games/ and a page for the players; commit it."""
    from .league import init_league, judge_pins, league_title, pinned_release

    name = league_title(title or Path(league_dir).resolve().name.replace("-", " ").replace("_", " ").title())
    pins = judge_pins(wheels=wheels)  # after the name is checked: this may ask the package index
    written = init_league(league_dir, title=name, pins=pins, upgrade=upgrade)
    for path in written:
        click.echo(f"wrote {path}", err=True)
    if not written:
        click.echo("nothing to change", err=True)
        return
    click.echo(f"committed; the workflows install {pinned_release(pins)} and its dependencies, pinned with hashes", err=True)
    if not upgrade:
        click.echo("Next: push it to a new GitHub repository, then on GitHub set Pages to 'GitHub Actions' "
                   "and Actions' workflow permissions to 'Read and write' (README.md says more); "
                   "create a game with: judge new games/<name> --variant standard --players POWER=LOGIN ... --commit",
                   err=True)


COMMANDS = (new_cmd, tick_cmd, due_cmd, check_cmd, check_pr_cmd, seal_cmd, keygen_cmd, verify_cmd, init_cmd)
"""Every command of this module, for ``for c in COMMANDS: cli.add_command(c)``."""
