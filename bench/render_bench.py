"""How long a map takes to draw: ``render_svg`` and ``to_png`` (cairosvg, 1600 px wide) for each
variant, on its start position with a few orders adjudicated and drawn on it.

For each variant the first SVG render (which reads and parses ``map.svg``) is reported apart;
then ``repeat`` renders are timed, SVG and PNG separately, and the median kept.

Use from the benchmark script::

    from render_bench import render_bench
    figures = render_bench(repeat=7)     # {variant: {"svg_ms", "png_ms", "first_svg_ms", ...}}

or from the command line: ``python bench/render_bench.py [--repeat 7]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from judge.adjudication import run_phase  # noqa: E402
from judge.render import render_svg, to_png  # noqa: E402
from judge.variants import find_variant  # noqa: E402

ORDERS = {
    "standard": "England: F LON - NTH\nFrance: A PAR - BUR\nFrance: A MAR S A PAR - BUR\nGermany: A MUN - BUR\n"
                "Russia: A WAR - GAL\nAustria: A VIE - GAL\nTurkey: F ANK - BLA\nRussia: F SEV - BLA\n",
    "machiavelli": "Milan: A MIL - COM\nVenice: A VER - MAN\nFlorence: A FLO - PST\nPapacy: A BOL - MOD\n",
    "maharajah": "Delhi: A AGR - JAI\nRajputana: A MUL - JAI\nRajputana: A JSL - SIN\nGondwana: F SBA - BEN\n"
                 "Mughalistan: A BAL - HER\nVijayanagar: A BAN - WAR\n",
    "europe1615": "France: A PAR - CHA\nFrance: A NORM S A PAR - CHA\nSpain: A LUX - LOR\nSweden: F STO - CBA\n"
                  "Austria: A BOH - SAX\nAustria: A TYRL S A BOH - SAX\nEngland: F LON - NTH\n",
}
"""Orders drawn on each start."""


def _start(name: str):
    variant = find_variant(name)
    if name == "machiavelli":
        from judge.variants.machiavelli.rules import start_position

        position = start_position(variant)
        # Its start is the Winter income phase: move on to the first movement phase's board.
        from judge.core.types import Phase, PhaseKind

        position = position.evolve(phase=Phase(1454, "Spring", PhaseKind.MOVEMENT))
        return variant, position
    if name == "europe1615":
        from judge.variants.europe1615.state import start_position

        return variant, start_position(variant)
    return variant, variant.start


def render_bench(repeat: int = 7, variants: tuple[str, ...] = tuple(ORDERS)) -> dict[str, dict[str, Any]]:
    """Median milliseconds per map, SVG and PNG, for each variant."""
    out: dict[str, dict[str, Any]] = {}
    for name in variants:
        variant, position = _start(name)
        report = run_phase(variant, position, ORDERS[name])
        resolutions = report.resolutions()
        t0 = time.perf_counter()
        svg = render_svg(variant, position, resolutions=resolutions)
        first = time.perf_counter() - t0
        svg_times, png_times = [], []
        png = b""
        for _ in range(repeat):
            t0 = time.perf_counter()
            svg = render_svg(variant, position, resolutions=resolutions)
            svg_times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            png = to_png(svg)
            png_times.append(time.perf_counter() - t0)
        out[name] = {
            "provinces": len(variant.board.provinces),
            "units": len(position.units),
            "orders": sum(1 for line in ORDERS[name].splitlines() if line.strip()),
            "first_svg_ms": round(first * 1000, 1),
            "svg_ms": round(statistics.median(svg_times) * 1000, 1),
            "png_ms": round(statistics.median(png_times) * 1000, 1),
            "svg_kb": round(len(svg.encode()) / 1024),
            "png_kb": round(len(png) / 1024),
        }
    return out


def print_figures(figures: dict[str, dict[str, Any]], repeat: int) -> None:
    print(f"  median of {repeat} renders per map; PNG 1600 px wide via cairosvg")
    for name, f in figures.items():
        print(f"  {name}: {f['provinces']} provinces, {f['units']} units, {f['orders']} orders: "
              f"SVG {f['svg_ms']} ms ({f['svg_kb']} KB; first render with map.svg parse {f['first_svg_ms']} ms), "
              f"PNG {f['png_ms']} ms ({f['png_kb']} KB)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=7, help="timed renders per map (default 7)")
    args = ap.parse_args(argv)
    print_figures(render_bench(repeat=args.repeat), args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
