"""``make bench``: how fast and how big the judge is, against MILA's ``diplomacy`` (1.1.2).

The same random legal movement phases of the standard game (``tests/helpers_random.py``: random
games from 1901, played by our judge) are adjudicated by

* ours: ``judge.core.phases.adjudicate(variant, position, orders)`` from parsed orders, and ours
  again from the order text (``judge.adjudication.run_phase``: ``parse_orders`` then ``adjudicate``);
* theirs: ``diplomacy.Game.process()`` on a game set to the same units, centres and phase, with the
  same orders in its strings (an installed tool to compare against: AGPL, none of its code here),
  and again from its strings (``Game.set_orders`` for each power, then ``process()``).

What is timed, and what is not. The closing line compares ``adjudicate()`` with ``process()``:
neither reads text. ``adjudicate()`` does everything a phase needs once the orders are read:
it checks every order against the board and the position (MILA does that in ``set_orders``,
outside ``process()``), adjudicates, writes a result and a reason for every order, and builds the
position of the next phase to play (units moved, dislodgements and standoffs, centres taken after
Fall, phases with nothing to decide skipped). ``process()`` adjudicates and builds its next phase
and its history. Not timed on either side: building the position or the game (a new ``Position``
with no cached index, as if just read from a file; a new ``Game``) and, for the parsed path,
converting orders. The text paths (judge-text, diplomacy-text) time reading the orders too, on
both sides.

Our side runs the rules core as installed: compiled by mypyc (``setup.py``, the default) or plain
Python (``JUDGE_PURE=1``). The "pure" section times the plain Python core too, in another process,
on the same phases.

Each phase is timed ``--repeat`` times, each time on a fresh copy (a new ``Position``, a new
``Game``), with the garbage collector paused during the timed call (as ``timeit`` does), and the
best time kept; figures are the median and 90th percentile over the phases.

The script is a list of sections (``SECTIONS``): each prints its own lines, and the lead can add
more (render time, site build time, load) with the ``@section`` decorator. The last line is always

    movement phase median: judge X ms, diplomacy Y ms, ratio R
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import json
import os
import platform
import pstats
import statistics
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests", ROOT / "bench"):  # the judge, the tests' helpers, the sections' scripts
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from helpers_random import movement_phases, orders_text, standard  # noqa: E402
import helpers_mila as mila  # noqa: E402
from judge.adjudication import run_phase  # noqa: E402
from judge.core.phases import adjudicate  # noqa: E402
from judge.core.types import COMPILED, Position  # noqa: E402

TARGET_RATIO = 10.0


@dataclass
class Bench:
    """What the sections share: settings, the phases, and figures for the closing line."""

    count: int = 300
    repeat: int = 5
    seed: int = 0
    years: int = 10
    profile: bool | None = None
    phases: list[tuple[Position, list]] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per phase, by engine name."""
    figures: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Section:
    name: str
    title: str
    run: Callable[[Bench], None]


SECTIONS: list[Section] = []


def section(name: str, title: str) -> Callable[[Callable[[Bench], None]], Callable[[Bench], None]]:
    """Register a section; sections run in the order they are defined."""

    def add(fn: Callable[[Bench], None]) -> Callable[[Bench], None]:
        SECTIONS.append(Section(name, title, fn))
        return fn

    return add


# -- helpers ------------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}"


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def summary(values: list[float]) -> str:
    return (f"median {ms(statistics.median(values))} ms, p90 {ms(p90(values))} ms, "
            f"mean {ms(statistics.fmean(values))} ms, min {ms(min(values))} ms, max {ms(max(values))} ms")


def fresh(position: Position) -> Position:
    """A new Position equal to ``position``, with no cache filled (as if just read from a file)."""
    p = position
    return Position(p.variant, p.phase, p.units, p.supply_centers, p.dislodged, p.standoffs, p.extra)


def best_of(repeat: int, prepare: Callable[[], Any], timed: Callable[[Any], Any]) -> tuple[float, Any, Any]:
    """The best of ``repeat`` runs of ``timed(prepare())``, timing ``timed`` only; also the last
    prepared argument and result."""
    best, arg, out = float("inf"), None, None
    for _ in range(repeat):
        arg = prepare()
        gc.disable()  # as timeit does: a collection triggered by earlier garbage is not ours
        try:
            t0 = time.perf_counter()
            out = timed(arg)
            dt = time.perf_counter() - t0
        finally:
            gc.enable()
        best = min(best, dt)
    return best, arg, out


def proc_status() -> dict[str, int]:
    """VmRSS and VmHWM of this process, in KiB (Linux)."""
    out = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                k, v = line.split(":", 1)
                out[k] = int(v.split()[0])
    except OSError:
        pass
    return out


def mib(kib: int | float) -> str:
    return f"{kib / 1024:.1f} MiB"


# -- sections -----------------------------------------------------------------------------------


@section("machine", "Machine")
def _machine(b: Bench) -> None:
    print(f"  python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}, "
          f"{os.cpu_count()} cores, {platform.system()} {platform.release()}")
    print(f"  diplomacy (MILA) installed: {'yes, ' + _mila_version() if mila.available() else 'no'}")
    print(f"  judge's rules core: {_core_kind()}")


def _core_kind() -> str:
    if COMPILED:
        return "compiled by mypyc (setup.py; the same source as the plain Python core)"
    return "plain Python (JUDGE_PURE=1, or installed without compiling)"


def _mila_version() -> str:
    try:
        from importlib.metadata import version

        return version("diplomacy")
    except Exception:  # noqa: BLE001
        return "version unknown"


@section("phases", "Random legal movement phases (tests/helpers_random.py)")
def _phases(b: Bench) -> None:
    t0 = time.perf_counter()
    b.phases = movement_phases(b.count, seed=b.seed, years=b.years)
    dt = time.perf_counter() - t0
    units = [len(p.units) for p, _ in b.phases]
    orders = [len(o) for _, o in b.phases]
    kinds: dict[str, int] = {}
    for _, os_ in b.phases:
        for o in os_:
            k = type(o).__name__
            if k == "Move" and getattr(o, "via_convoy", False):
                k = "Move via convoy"
            kinds[k] = kinds.get(k, 0) + 1
    games = len({(p.phase.year, p.phase.season) for p, _ in b.phases})
    print(f"  {len(b.phases)} movement phases from random games (seeds {b.seed}.., {b.years} years each), "
          f"generated in {dt:.1f} s")
    print(f"  units per phase: min {min(units)}, median {statistics.median(units):.0f}, max {max(units)}; "
          f"orders per phase: median {statistics.median(orders):.0f}; {games} distinct season-years")
    total = sum(kinds.values())
    print("  orders: " + ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))


ENGINES = {
    "judge": "judge, adjudicate() from parsed orders (order checks, adjudication, reasons, next position)",
    "judge-text": "judge, from the order text (parse_orders + adjudicate: judge.adjudication.run_phase)",
    "diplomacy": "MILA diplomacy, Game.process() on the same position and orders",
    "diplomacy-text": "MILA diplomacy, from its order strings (Game.set_orders for each power + process())",
}


@section("movement", "Movement phases: time per phase (the engines interleaved phase by phase, best of --repeat)")
def _movement(b: Bench) -> None:
    variant = standard()
    have_mila = mila.available()
    # Warm up: the variant's caches (convoy graph, name index...) are per process, as in a real run.
    for pos, orders in b.phases[:10]:
        run_phase(variant, fresh(pos), orders_text(orders))
        if have_mila:
            game = mila.game_at(pos)
            mila.set_orders(game, orders)
            game.process()
    times: dict[str, list[float]] = {k: [] for k in ENGINES if not k.startswith("diplomacy") or have_mila}
    unreadable = agree = 0
    for pos, orders in b.phases:
        # Interleaved, so that a change in the machine's load touches every engine alike.
        dt, _, _ = best_of(b.repeat, lambda: fresh(pos), lambda p: adjudicate(variant, p, orders))
        times["judge"].append(dt)
        text = orders_text(orders)
        dt, _, report = best_of(b.repeat, lambda: fresh(pos), lambda p: run_phase(variant, p, text))
        times["judge-text"].append(dt)
        unreadable += report.unreadable
        if have_mila:
            def prepare(pos=pos, orders=orders):
                game = mila.game_at(pos)
                mila.set_orders(game, orders)
                return game

            dt, game, _ = best_of(b.repeat, prepare, lambda g: g.process())
            times["diplomacy"].append(dt)
            strings: dict[str, list[str]] = {}
            for o in orders:
                strings.setdefault(mila.mila_power(o.power), []).append(mila.to_mila(o))

            def from_text(g, strings=strings):
                for power, lst in strings.items():
                    g.set_orders(power, lst)
                return g.process()

            dt, _, _ = best_of(b.repeat, lambda pos=pos: mila.game_at(pos), from_text)
            times["diplomacy-text"].append(dt)
            ours = {f"{u.power}: {u}" for u in report.result.next_position.units}
            agree += mila.units_of(game)[0] == ours
    b.times.update(times)
    for key, label in ENGINES.items():
        if key in times:
            print(f"  {label}:")
            print(f"    {summary(times[key])}; total {sum(times[key]):.3f} s")
    share = 1 - statistics.median(times["judge"]) / statistics.median(times["judge-text"])
    print(f"  reading the order text is {100 * share:.0f}% of the text path's median; lines not understood: {unreadable}")
    if have_mila:
        text_ratio = statistics.median(times["diplomacy-text"]) / statistics.median(times["judge-text"])
        print(f"  from the order text on both sides: judge {ms(statistics.median(times['judge-text']))} ms, "
              f"diplomacy {ms(statistics.median(times['diplomacy-text']))} ms, ratio {text_ratio:.1f}")
        print(f"  same units after the phase as diplomacy: {agree} of {len(b.phases)} phases "
              f"(the others are MILA's deviations listed in tests/test_differential.py)")
    else:
        print("  diplomacy (MILA) is not installed: no comparison")


@section("pure", "The plain Python core, for comparison (JUDGE_PURE=1, another process, same phases)")
def _pure(b: Bench) -> None:
    if not COMPILED:
        print("  the core timed above is the plain Python one")
        return
    cmd = [sys.executable, __file__, "--judge-only", "--phases", str(b.count), "--repeat", str(b.repeat),
           "--seed", str(b.seed), "--years", str(b.years)]
    out = subprocess.run(cmd, env=dict(os.environ, JUDGE_PURE="1"), capture_output=True, text=True)
    if out.returncode != 0:
        print(f"  could not time it: {out.stderr.strip().splitlines()[-1:]}")
        return
    pure = float(out.stdout.split()[-1])
    line = f"  judge, adjudicate() from parsed orders, plain Python: median {pure:.3f} ms"
    if "judge" in b.times:
        line += f" ({pure / (statistics.median(b.times['judge']) * 1000):.1f} x the compiled core's time)"
    if "diplomacy" in b.times:
        line += f"; ratio to diplomacy {statistics.median(b.times['diplomacy']) * 1000 / pure:.1f}"
    print(line)


def _judge_only(b: Bench) -> float:
    """The median time of judge's ``adjudicate()`` over the phases, in ms (no other engine)."""
    variant = standard()
    for pos, orders in b.phases[:10]:
        adjudicate(variant, fresh(pos), orders)
    times = [best_of(b.repeat, lambda pos=pos: fresh(pos), lambda p, orders=orders: adjudicate(variant, p, orders))[0]
             for pos, orders in b.phases]
    return statistics.median(times) * 1000


@section("memory", "Memory")
def _memory(b: Bench) -> None:
    variant = standard()
    sample = b.phases[:: max(1, len(b.phases) // 30)]
    ours, theirs = [], []
    tracemalloc.start()
    try:
        for pos, orders in sample:
            p = fresh(pos)
            gc.collect()
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            adjudicate(variant, p, orders)
            ours.append(tracemalloc.get_traced_memory()[1] - base)
            if mila.available():
                game = mila.game_at(pos)
                mila.set_orders(game, orders)
                gc.collect()
                tracemalloc.reset_peak()
                base = tracemalloc.get_traced_memory()[0]
                game.process()
                theirs.append(tracemalloc.get_traced_memory()[1] - base)
    finally:
        tracemalloc.stop()
    print(f"  tracemalloc peak during one adjudication ({len(sample)} phases): judge median "
          f"{statistics.median(ours) / 1024:.0f} KiB, max {max(ours) / 1024:.0f} KiB"
          + (f"; diplomacy median {statistics.median(theirs) / 1024:.0f} KiB, max {max(theirs) / 1024:.0f} KiB"
             if theirs else ""))
    st = proc_status()
    if st:
        print(f"  this process (both engines, {len(b.phases)} phases in memory): RSS {mib(st['VmRSS'])}, "
              f"peak {mib(st['VmHWM'])}")
    for label, code in (("python alone", _RSS_BASE), ("judge alone", _RSS_JUDGE), ("diplomacy alone", _RSS_MILA)):
        if label == "diplomacy alone" and not mila.available():
            continue
        peak = _child_peak(code, b)
        if peak is not None:
            print(f"  peak RSS of a process that {_RSS_WHAT[label]}: {mib(peak)}")


_RSS_WHAT = {
    "python alone": "only starts Python",
    "judge alone": "loads the standard variant and adjudicates the phases with judge",
    "diplomacy alone": "adjudicates the same phases with diplomacy",
}
_RSS_BASE = "pass"
_RSS_JUDGE = """
import sys, json
sys.path[:0] = [ROOT, ROOT + '/tests']
from helpers_random import movement_phases, standard
from judge.core.phases import adjudicate
v = standard()
for pos, orders in movement_phases(COUNT, seed=SEED, years=YEARS):
    adjudicate(v, pos, orders)
"""
_RSS_MILA = """
import sys, json
from diplomacy import Game
for ph in json.load(sys.stdin):
    g = Game()
    g.clear_units(); g.clear_centers(); g.set_current_phase(ph['phase'])
    for p, us in ph['units'].items(): g.set_units(p, us, reset=True)
    for p, cs in ph['centres'].items(): g.set_centers(p, cs, reset=True)
    for p, os_ in ph['orders'].items(): g.set_orders(p, os_)
    g.process()
"""


def _child_peak(code: str, b: Bench) -> int | None:
    prog = (f"ROOT={str(ROOT)!r}; COUNT={b.count}; SEED={b.seed}; YEARS={b.years}\n{code}\n"
            "import pathlib\n"
            "print([int(l.split()[1]) for l in pathlib.Path('/proc/self/status').read_text().splitlines()"
            " if l.startswith('VmHWM:')][0])\n")
    stdin = None
    if code is _RSS_MILA:
        data = []
        for pos, orders in b.phases:
            units: dict[str, list[str]] = {}
            for u in pos.units:
                units.setdefault(u.power.upper(), []).append(str(u))
            centres: dict[str, list[str]] = {}
            for c, owner in pos.supply_centers.items():
                centres.setdefault(owner.upper(), []).append(c)
            ords: dict[str, list[str]] = {}
            for o in orders:
                ords.setdefault(o.power.upper(), []).append(mila.to_mila(o))
            data.append({"phase": mila.mila_phase(pos.phase), "units": units, "centres": centres, "orders": ords})
        stdin = json.dumps(data)
    try:
        out = subprocess.run([sys.executable, "-c", prog], input=stdin, capture_output=True, text=True, timeout=600)
        return int(out.stdout.strip().splitlines()[-1])
    except Exception:  # noqa: BLE001 - a figure we cannot get is left out
        return None


@section("cli", "The command line: judge adjudicate POSITION.yaml ORDERS.txt --json, a whole process (median of 9)")
def _cli(b: Bench) -> None:
    import tempfile

    from judge.positions import format_position

    judge_exe = Path(sys.executable).with_name("judge")
    cmd_head = [str(judge_exe)] if judge_exe.exists() else [sys.executable, "-m", "judge.cli"]
    pos, orders = b.phases[len(b.phases) // 2]
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "position.yaml").write_text(format_position(pos), encoding="utf-8")
        (Path(tmp) / "orders.txt").write_text(orders_text(orders), encoding="utf-8")
        cmd = [*cmd_head, "adjudicate", str(Path(tmp) / "position.yaml"), str(Path(tmp) / "orders.txt"), "--json"]
        for label, env in (("compiled core" if COMPILED else "plain core", {}), ("plain Python core", {"JUDGE_PURE": "1"})):
            if env and not COMPILED:
                continue
            walls = []
            for _ in range(9):
                t0 = time.perf_counter()
                out = subprocess.run(cmd, env=dict(os.environ, **env), capture_output=True, text=True)
                walls.append(time.perf_counter() - t0)
                if out.returncode not in (0, 1):
                    print(f"  failed: {out.stderr.strip().splitlines()[-1:]}")
                    return
            print(f"  {label}: median {statistics.median(walls) * 1000:.0f} ms ({len(orders)} orders, {len(pos.units)} units)")


@section("options", "The options: every legal order of a phase (judge.options.phase_options; the orders page's "
                    "menus), per variant, the largest position of each (best of 5)")
def _options(b: Bench) -> None:
    from judge.options import phase_options
    from judge.store.layout import game_on_disk
    from judge.variants import find_variant

    positions = []
    for name in ("standard", "machiavelli", "europe1615", "maharajah"):
        v = find_variant(name)
        candidates = [v.start]
        for slug in ("example" if name == "standard" else f"example-{name}",):
            game = game_on_disk(ROOT / "games" / slug)
            candidates += [game.position(f) for f in game.folders()]
        candidates += [pos for pos, _ in b.phases] if name == "standard" else []
        positions.append((name, v, candidates))
    for name, v, candidates in positions:
        best_size, best_pos = max(((phase_options(v, p).size, p) for p in candidates), key=lambda t: t[0])
        walls = []
        for _ in range(5):
            t0 = time.perf_counter()
            phase_options(v, best_pos)
            walls.append(time.perf_counter() - t0)
        print(f"  {name}: {best_size} orders for {len(best_pos.units)} units ({best_pos.phase}) in {min(walls) * 1000:.0f} ms")


@section("site", "Published archive: leagues of 30 and 100 games x 100 phases, a git repository each "
                 "(bench/site_bench.py: generation + mkdocs build --strict, wall and CPU time)")
def _site(b: Bench) -> None:
    from site_bench import publish_bench

    sizes = tuple(int(x) for x in os.environ.get("JUDGE_BENCH_GAMES", "30,100").split(","))
    figures = publish_bench(sizes, phases=100, seed=b.seed)
    for games, f in figures.items():
        c = functools.partial(_wall_cpu, f)
        print(f"  {games} games x 100 phases ({f['phases']} phases, {f['pages']} pages, {f['site_mb']} MB of site):")
        print(f"    cold publish: {c('cold')} = generate {c('cold_generate')} + mkdocs build {c('cold_build')}")
        print(f"    nothing new: {c('nothing_new')}")
        print(f"    after one new phase: {c('one_phase')} = generate {c('one_phase_generate')} + mkdocs build "
              f"{c('one_phase_build')} ({f['one_phase_games_read']} game read, {f['one_phase_rendered']} pages "
              f"generated; parts built: {', '.join(f['one_phase_parts'] or [])})")
        print(f"    ratio: {100 * f['ratio']:.2f}% of the cold publish (cpu {100 * f['ratio_cpu']:.2f}%)")
    b.figures["site"] = figures


def _wall_cpu(f: dict[str, Any], key: str) -> str:
    """``1.23 s (cpu 1.10 s)``."""
    return f"{f[key + '_s']} s (cpu {f[key + '_cpu_s']} s)"


@section("bytes", "Bytes one played phase adds, per variant (bench/site_bench.py phase_bytes: four phases of a real game, maps drawn)")
def _bytes(b: Bench) -> None:
    from site_bench import phase_bytes

    f = {}
    for name in ("standard", "machiavelli", "europe1615", "maharajah"):
        pb = f[name] = phase_bytes(name)
        print(f"  bytes per played phase, {name} (maps drawn): {pb['committed_kb']} KB committed "
              f"({pb['history_kb']} KB into the git history), {pb['published_kb']} KB published; "
              f"GitHub Pages' 1 GB holds {pb['games_of_100_phases_per_gb']} games of 100 phases")
    b.figures["bytes"] = f


@section("render", "Maps: SVG and PNG per variant (bench/render_bench.py: start position with orders, median of 7)")
def _render(b: Bench) -> None:
    from render_bench import print_figures, render_bench

    f = render_bench(repeat=7)
    print_figures(f, 7)
    b.figures["render"] = f


@section("tick", "A tick with maps, per variant (bench/tick_bench.py: one phase of each example game played and committed)")
def _tick(b: Bench) -> None:
    from tick_bench import print_figures, tick_bench

    f = tick_bench(repeat=5)
    print_figures(f, 5)
    b.figures["tick"] = f


@section("install", "A job installing the judge from a league's hashed pins (bench/install_bench.py: new venvs, local wheelhouse)")
def _install(b: Bench) -> None:
    from install_bench import install_bench, print_figures

    f = install_bench(repeat=3)
    print_figures(f)
    b.figures["install"] = f


@section("job", "A tick job's judge commands as the workflow runs them (bench/job_bench.py: tick, then the game's pages)")
def _job(b: Bench) -> None:
    from job_bench import job_bench, print_figures

    f = job_bench(repeat=3)
    print_figures(f)
    b.figures["job"] = f


@section("load", "Load: a repository of 100 games, 50 due (bench/load_bench.py; each step a fresh process)")
def _load(b: Bench) -> None:
    from load_bench import load_bench

    f = load_bench(games=100)
    print(f"  repository made in {f['made_s']:.1f} s")
    for key, label in (("due", "judge due (list the due games)"),
                       ("tick_maps", "judge tick, maps drawn (SVG, palette PNG)"),
                       ("tick_plain", "judge tick, no maps"),
                       ("again", "judge tick again right after")):
        r = f[key]
        print(f"  {label}: {r['count']} games, {r['errors']} errors, {r['seconds']:.2f} s, peak RSS {mib(r['peak_kib'])}")
    b.figures["load"] = f


@section("profile", "Where judge spends its time (cProfile over all phases; shown when the ratio is under target)")
def _profile(b: Bench) -> None:
    ratio = _ratio(b)
    if b.profile is False or (b.profile is None and (ratio is None or ratio >= TARGET_RATIO)):
        print(f"  skipped (ratio {'n/a' if ratio is None else f'{ratio:.1f}'}, target {TARGET_RATIO:.0f}; --profile to force)")
        return
    variant = standard()
    copies = [(fresh(p), o) for p, o in b.phases]
    prof = cProfile.Profile()
    prof.enable()
    for pos, orders in copies:
        adjudicate(variant, pos, orders)
    prof.disable()
    stats = pstats.Stats(prof)
    rows = []
    for (filename, line, func), (cc, nc, tt, ct, callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "/judge/" not in filename.replace("\\", "/"):
            continue
        rel = filename.replace("\\", "/").split("/judge/", 1)[1]
        rows.append((ct, tt, nc, f"judge/{rel}:{func}"))
    # 100% is the time inside adjudicate() (the profiler's own overhead shows up in the callers).
    total = max(ct for ct, _, _, name in rows if name.endswith("phases.py:adjudicate"))
    print(f"  (cProfile inflates small functions; shares are of adjudicate()'s profiled time, "
          f"{total:.2f} s for {len(copies)} phases)")
    print("  by cumulative time (function and what it calls):")
    for ct, tt, nc, name in sorted(rows, reverse=True)[:14]:
        print(f"    {100 * ct / total:5.1f}%  {name}  ({nc} calls)")
    print("  by own time:")
    for tt, ct, nc, name in sorted(((r[1], r[0], r[2], r[3]) for r in rows), reverse=True)[:10]:
        print(f"    {100 * tt / total:5.1f}%  {name}  ({nc} calls)")


def _ratio(b: Bench) -> float | None:
    if "judge" not in b.times or "diplomacy" not in b.times:
        return None
    return statistics.median(b.times["diplomacy"]) / statistics.median(b.times["judge"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phases", type=int, default=300, help="movement phases to time (default 300)")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per phase, the best kept (default 5)")
    ap.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    ap.add_argument("--years", type=int, default=10, help="years per random game (default 10)")
    ap.add_argument("--only", help="comma-separated section names to run (phases always runs)")
    ap.add_argument("--profile", action=argparse.BooleanOptionalAction, default=None,
                    help="force the profile section on or off (default: only when under target)")
    ap.add_argument("--judge-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    b = Bench(count=args.phases, repeat=args.repeat, seed=args.seed, years=args.years, profile=args.profile)
    if args.judge_only:  # the "pure" section's child process: one figure
        b.phases = movement_phases(b.count, seed=b.seed, years=b.years)
        print(f"{_judge_only(b):.4f}")
        return 0
    only = set(args.only.split(",")) | {"phases"} if args.only else None
    for s in SECTIONS:
        if only is not None and s.name not in only:
            continue
        print(f"== {s.title}", flush=True)
        s.run(b)
        print(flush=True)
    judge_ms = statistics.median(b.times["judge"]) * 1000 if "judge" in b.times else None
    mila_ms = statistics.median(b.times["diplomacy"]) * 1000 if "diplomacy" in b.times else None
    ratio = _ratio(b)
    print(f"movement phase median: judge {'n/a' if judge_ms is None else f'{judge_ms:.3f}'} ms, "
          f"diplomacy {'n/a' if mila_ms is None else f'{mila_ms:.3f}'} ms, "
          f"ratio {'n/a' if ratio is None else f'{ratio:.1f}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
