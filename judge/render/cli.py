"""The command ``judge render POSITION.yaml [ORDERS.txt] -o map.svg|map.png``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..core.errors import JudgeError
from .png import to_png
from .svg import render_svg

__all__ = ["render_cli", "render_cmd"]


def render_cli(position_file: str, orders_file: str | None = None, *, output: str, title: str | None = None,
               width: int = 1600, err: Any = None) -> int:
    """``judge render``: draw the position (with the orders of its phase and their results, when
    an orders file is given) to ``output``, SVG or PNG by its suffix. Returns the exit code: 0, or
    1 when some order lines could not be read (they are reported on standard error)."""
    from ..adjudication import run_phase
    from ..positions import parse_position
    from ..reading import read_file

    suffix = Path(output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise click.BadParameter(f"{output!r}: the output file ends in .svg or .png", param_hint="'-o'")
    variant, position = parse_position(read_file(position_file), position_file)
    resolutions = None
    code = 0
    if orders_file is not None:
        report = run_phase(variant, position, read_file(orders_file), orders_file)
        for msg in report.problems:
            click.echo(msg, err=True)
        resolutions = report.resolutions()
        code = 1 if report.unreadable else 0
    svg = render_svg(variant, position, resolutions=resolutions, title=title)
    try:
        if suffix == ".png":
            Path(output).write_bytes(to_png(svg, width=width))
        else:
            Path(output).write_text(svg, encoding="utf-8")
    except OSError as exc:
        raise JudgeError(f"cannot write the map: {exc.strerror or exc}", output) from None
    return code


@click.command("render")
@click.argument("position_file", metavar="POSITION.yaml")
@click.argument("orders_file", metavar="[ORDERS.txt]", required=False)
@click.option("-o", "--output", required=True, metavar="MAP.svg|MAP.png", help="The file to write; its suffix chooses the format.")
@click.option("--title", default=None, help="The map's title (default: the phase).")
@click.option("--width", default=1600, show_default=True, type=click.IntRange(16, 20000), help="PNG width in pixels.")
def render_cmd(position_file: str, orders_file: str | None, output: str, title: str | None, width: int) -> None:
    """Draw a position as SVG or PNG; with ORDERS.txt, its phase's orders and their results on it."""
    code = render_cli(position_file, orders_file, output=output, title=title, width=width)
    if code:
        sys.exit(code)
