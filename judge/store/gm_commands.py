"""The command line of the Gamesmaster's acts (:mod:`judge.store.gm`): ``judge deadline``,
``judge pause``, ``judge resume``, ``judge replace`` and ``judge end``. Each makes one commit in the
repository of the game folder given; push it as any commit (``git push``)."""

from __future__ import annotations

from typing import Any

import click

__all__ = ["deadline_cmd", "pause_cmd", "resume_cmd", "replace_cmd", "end_cmd", "GM_COMMANDS"]

_NOW = click.option("--now", help="The time of the act (ISO 8601); default: the clock.")


def _repo_and_path(game_dir: str) -> tuple[Any, str]:
    from pathlib import Path

    from .tick import open_repo, repo_path

    repo = open_repo(Path(game_dir) if Path(game_dir).exists() else ".")
    return repo, repo_path(repo, game_dir)


def _now(value: str | None):  # noqa: ANN202 - a datetime
    from datetime import datetime

    from .settings import UTC, parse_time

    return parse_time(value, "--now") if value else datetime.now(UTC)


def _done(result: Any) -> None:
    click.echo(f"{result.said}")
    click.echo(f"committed {result.commit[:10]}; push it (git push) for the workflows to see it", err=True)


@click.command("deadline")
@click.argument("game_dir", metavar="games/<game>")
@click.option("--extend", metavar="DURATION", help="Move the deadline later by this much (24h, 2d, 90m, 1d12h).")
@click.option("--set", "when", metavar="TIME", help="Set the deadline (ISO 8601; UTC if no zone).")
@_NOW
def deadline_cmd(game_dir: str, extend: str | None, when: str | None, now: str | None) -> None:
    """Extend or set the deadline of the phase being played."""
    from .gm import parse_duration, set_deadline
    from .settings import parse_time

    repo, path = _repo_and_path(game_dir)
    _done(set_deadline(repo, path, _now(now), extend=parse_duration(extend) if extend else None,
                       when=parse_time(when, "--set") if when else None))


@click.command("pause")
@click.argument("game_dir", metavar="games/<game>")
@_NOW
def pause_cmd(game_dir: str, now: str | None) -> None:
    """Stop the game's clock (the time left is kept for resume)."""
    from .gm import pause

    repo, path = _repo_and_path(game_dir)
    _done(pause(repo, path, _now(now)))


@click.command("resume")
@click.argument("game_dir", metavar="games/<game>")
@_NOW
def resume_cmd(game_dir: str, now: str | None) -> None:
    """Start the clock again: the deadline is now plus the time that was left."""
    from .gm import resume

    repo, path = _repo_and_path(game_dir)
    _done(resume(repo, path, _now(now)))


@click.command("replace")
@click.argument("game_dir", metavar="games/<game>")
@click.argument("power")
@click.argument("login", metavar="LOGIN|nobody")
@click.option("--drop-orders", is_flag=True, help="Remove the power's orders for the current phase (default: the new player takes them over).")
@_NOW
def replace_cmd(game_dir: str, power: str, login: str, drop_orders: bool, now: str | None) -> None:
    """A new player (a GitHub login, or nobody) takes over a power."""
    from .gm import replace_player

    repo, path = _repo_and_path(game_dir)
    _done(replace_player(repo, path, _now(now), power, None if login.lower() == "nobody" else login,
                         keep_orders=not drop_orders))


@click.command("end")
@click.argument("game_dir", metavar="games/<game>")
@click.option("--draw", is_flag=True, help="A draw of every power still in the game (each voted '# vote draw').")
@click.option("--concede-to", metavar="POWER", help="A concession to POWER (every other power voted '# vote concede POWER').")
@click.option("--reason", default="", help="The Gamesmaster ends the game without a result, for this reason.")
@_NOW
def end_cmd(game_dir: str, draw: bool, concede_to: str | None, reason: str, now: str | None) -> None:
    """End the game: a draw or a concession by the players' votes, or the Gamesmaster's decision.
    Sealed games need JUDGE_AGE_IDENTITY to read the votes."""
    from ..core.errors import StoreError
    from ..sealing import load_identities
    from .gm import end_game

    chosen = [x for x in (draw, bool(concede_to), bool(reason.strip())) if x]
    if len(chosen) != 1:
        raise StoreError("say how the game ends: --draw, --concede-to POWER or --reason TEXT (one of them)", game_dir)
    how = "draw" if draw else "concession" if concede_to else "ended"
    repo, path = _repo_and_path(game_dir)
    _done(end_game(repo, path, _now(now), how, winner=concede_to, reason=reason, identities=load_identities()))


GM_COMMANDS = (deadline_cmd, pause_cmd, resume_cmd, replace_cmd, end_cmd)
"""Every command of this module."""
