"""The ``judge`` command line.

Exit codes: 0 done; 1 done, but some order lines could not be read (they are reported and the
rest was adjudicated); 2 bad input (a position, settings or variant file is broken: the message
gives file, line and reason); 3 an internal error (a bug: please report it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from .core.errors import JudgeError


class _LazyGroup(click.Group):
    """A group whose commands in other modules are imported only when run or listed: the command
    line's contract, ``judge adjudicate``, starts without loading git, maps or the site."""

    def __init__(self, *args, lazy: dict[str, str], **kwargs) -> None:  # noqa: ANN002, ANN003 - click's own
        super().__init__(*args, **kwargs)
        self.lazy = lazy
        """Command name -> ``module:attribute``, the module relative to ``judge``."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy and name not in self.commands:
            import importlib

            module, attr = self.lazy[name].split(":")
            self.add_command(getattr(importlib.import_module(module, __package__), attr), name)
        return super().get_command(ctx, name)


_LAZY = {
    "render": ".render:render_cmd",
    "site": ".site.commands:site_cmd",
    "post": ".site.commands:post_cmd",
    "new": ".store.commands:new_cmd",
    "tick": ".store.commands:tick_cmd",
    "due": ".store.commands:due_cmd",
    "check": ".store.commands:check_cmd",
    "check-pr": ".store.commands:check_pr_cmd",
    "seal": ".store.commands:seal_cmd",
    "keygen": ".store.commands:keygen_cmd",
    "verify": ".store.commands:verify_cmd",
    "import": ".store.importer:import_cmd",
    "init": ".store.commands:init_cmd",
    "deadline": ".store.gm_commands:deadline_cmd",
    "pause": ".store.gm_commands:pause_cmd",
    "resume": ".store.gm_commands:resume_cmd",
    "replace": ".store.gm_commands:replace_cmd",
    "end": ".store.gm_commands:end_cmd",
    "rules": ".variants.rules_command:rules_cmd",
}
"""The commands that live in their adapters' modules."""


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``judge --version``: what runs — the distribution and its version, and whether the rules
    core runs compiled (mypyc) or as plain Python (and why)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib import metadata

    from . import DISTRIBUTION, __version__
    from .core import PURE
    from .core.types import COMPILED

    try:
        dist = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # a source tree not installed
        dist = "not installed"
    asked = os.environ.get("JUDGE_PURE", "") not in ("", "0")
    core = ("compiled by mypyc" if COMPILED else "plain Python (JUDGE_PURE=1)" if asked else
            "plain Python (the compiled core is older than its source)" if PURE else "plain Python (not compiled)")
    click.echo(f"judge, version {__version__} (distribution {DISTRIBUTION} {dist}; rules core {core}; "
               f"Python {sys.version.split()[0]})")
    ctx.exit()


@click.group(cls=_LazyGroup, lazy=_LAZY, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Say what runs: the judge's version, its distribution, whether its rules core is compiled.")
def cli() -> None:
    """judge: a Gamesmaster for play-by-forum Diplomacy."""


def _adjudication_data(report: Any) -> dict[str, Any]:
    """``judge adjudicate --json``'s object, a contract of the command line: ``{"orders": [...],
    "position": {...}, "winner": ...}`` (``winner``: the power that has won with this phase, or null)."""
    from .positions import position_to_data

    orders = [{"power": r.power, "order": r.order_text, "result": r.outcome.value, "reason": r.reason}
              for r in report.resolutions()]
    return {"orders": orders, "position": position_to_data(report.result.next_position),
            "winner": report.result.winner or None}


@cli.command("adjudicate")
@click.argument("position_file", metavar="POSITION.yaml")
@click.argument("orders_file", metavar="ORDERS.txt")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object {orders, position}.")
def adjudicate_cmd(position_file: str, orders_file: str, as_json: bool) -> None:
    """Adjudicate one phase: every order with its result, then the next position."""
    from .adjudication import run_phase
    from .positions import format_position, parse_position, to_json
    from .reading import read_file

    variant, position = parse_position(read_file(position_file), position_file)
    report = run_phase(variant, position, read_file(orders_file), orders_file)
    for msg in report.problems:
        click.echo(msg, err=True)
    if as_json:
        click.echo(to_json(_adjudication_data(report)))
    else:
        click.echo(f"{position.phase} ({variant.title})")
        for r in report.resolutions():
            tags = f" ({', '.join(t.value for t in r.tags)})" if r.tags else ""
            who = f"{r.power}: " if r.power else ""
            click.echo(f"  {who}{r.order_text:<28} {r.outcome.value}{tags}: {r.reason}")
        for note in report.result.notes:
            click.echo(f"  note: {note}")
        if report.result.winner:
            click.echo(f"  {report.result.winner} has won the game.")
        click.echo("")
        click.echo(f"Next: {report.result.next_position.phase}")
        click.echo(format_position(report.result.next_position), nl=False)
    if report.unreadable:
        sys.exit(1)


@cli.command("options")
@click.argument("source", metavar="POSITION.yaml|games/<game>")
@click.option("--power", "powers", multiple=True, help="Only this power's orders (repeat the option).")
@click.option("--phase", "folder", help="A game's phase folder (default: the phase being played).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object {phase, kind, powers, help}.")
def options_cmd(source: str, powers: tuple[str, ...], folder: str | None, as_json: bool) -> None:
    """List every legal order of a phase, unit by unit: of a position file, or of a game's phase.

    The JSON: {"phase": "Spring 1901 Movement", "kind": "Movement", "powers": {"France": {"units":
    {"A PAR": [{"order": "A PAR - BUR", "kind": "move", "unit": "A", "at": "PAR", "to": "BUR"}, ...]},
    "orders": [...builds, waives, declarations...], "count": builds (+) or removals (-)}}, "help":
    [how to write the orders with amounts]}.
    """
    from .options import phase_options
    from .positions import parse_position, to_json
    from .reading import power_named, read_file

    path = Path(source)
    if path.is_dir():
        from .store.layout import game_on_disk

        game = game_on_disk(path)
        folder = folder or game.current()
        if folder is None:
            raise JudgeError("the game is over: no phase takes orders", source)
        variant, position = game.variant, game.position(folder)
    else:
        variant, position = parse_position(read_file(source), source)
    named = []
    for p in powers:
        found = power_named(variant, p)
        if found is None:
            raise JudgeError(f"{p!r} is not a power of {variant.name}", "--power")
        named.append(found)
    listed = phase_options(variant, position, named or None)
    if as_json:
        click.echo(to_json(listed.to_data()))
        return
    click.echo(f"{listed.phase} ({variant.title}): {listed.size} orders")
    for po in listed.powers:
        due = f" ({'builds' if po.count > 0 else 'removals'} due: {abs(po.count)})" if po.count else ""
        click.echo(f"{po.power}{due}:")
        for u in po.units:
            click.echo(f"  {u.unit}: " + ", ".join(o.order for o in u.options))
        if po.orders:
            click.echo("  other orders: " + ", ".join(o.order for o in po.orders))
    if listed.help:
        click.echo("Orders with amounts, written as free text, e.g.: " + "; ".join(listed.help))


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command; turn errors into messages and exit codes, never tracebacks."""
    try:
        code = cli.main(args=argv, prog_name="judge", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except JudgeError as exc:
        click.echo(f"judge: {exc}", err=True)
        sys.exit(2)
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no tracebacks for users
        if os.environ.get("JUDGE_DEBUG"):
            raise
        click.echo(f"judge: internal error: {type(exc).__name__}: {exc} (set JUDGE_DEBUG=1 for details)", err=True)
        sys.exit(3)


if __name__ == "__main__":  # pragma: no cover
    main()
