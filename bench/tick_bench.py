"""How long a tick with maps takes, per variant: one phase of each example game played and committed.

Each example game of ``games/`` (standard, Machiavelli, Europe 1615, Maharajah) is copied into a
scratch repository (:func:`judge.store.tick.prepare_demo_repo`); then, in a fresh child process
each time (as the deadline job is), ``tick(repo, [game], force=True, max_phases=1)`` plays its
current phase: adjudication, its map (SVG and palette PNG), results and the commit. Reported per
variant (median of ``repeat`` runs, each on a fresh copy of the repository):

* ``tick_s``: the ``tick()`` call itself (``tick_best_s`` the best run; ``cpu_s``: its CPU time,
  steadier on a busy machine), in a process that has imported the judge but drawn
  nothing yet (so the base map's first read and cairosvg's import are in it, as in a real tick);
* ``process_s``: the whole child process, from start to exit (Python and the judge's imports too);
* ``maps_s``: the part of ``tick_s`` spent drawing (``render_svg`` and ``to_png``): one map, the
  played phase's with its orders (the open phase's is drawn by the site), with the base map's
  layers read from this machine's cache (:mod:`judge.render.png`, written by the first drawing on
  a machine: a run of each variant, not counted, comes first);
* ``cold_maps_s`` and ``cold_tick_s``: the same on a machine that has drawn nothing yet (an empty
  cache folder for each run), as a GitHub job's fresh machine is.

``--profile DIR`` also writes a cProfile of each variant's tick (``DIR/<variant>.prof``) and
prints the functions with the most cumulative time.

Use from the benchmark script::

    from tick_bench import tick_bench
    figures = tick_bench(repeat=3)     # {variant: {"tick_s", "process_s", "maps_s", "game"}}

or from the command line: ``python bench/tick_bench.py [--repeat 3] [--profile DIR]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

GAMES = {"standard": "example", "machiavelli": "example-machiavelli", "europe1615": "example-europe1615",
         "maharajah": "example-maharajah"}
"""The example game of each variant (folders of ``games/``)."""

_CHILD = """
import cProfile, json, pstats, sys, time
T0 = time.perf_counter()
sys.path.insert(0, ROOT)
from judge.store.tick import open_repo, tick
from judge.store import artifacts
import judge.render as render
spent = [0.0]
def timed(fn):
    def inner(*a, **k):
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            spent[0] += time.perf_counter() - t
    return inner
artifacts.map_files = timed(artifacts.map_files)
repo = open_repo(REPO)
prof = cProfile.Profile() if PROFILE else None
t = time.perf_counter()
c = time.process_time()
if prof is not None:
    prof.enable()
r = tick(repo, [GAME], force=True, max_phases=1)
if prof is not None:
    prof.disable()
    prof.dump_stats(PROFILE)
tick_s = time.perf_counter() - t
cpu_s = time.process_time() - c
print(json.dumps({"tick_s": tick_s, "cpu_s": cpu_s, "maps_s": spent[0], "played": r.played, "errors": r.errors,
                  "imports_s": t - T0}))
"""


def _run_child(repo: Path, game: str, profile: str | None = None, cache: str | None = None) -> dict[str, Any]:
    prog = f"ROOT={str(ROOT)!r}; REPO={str(repo)!r}; GAME={game!r}; PROFILE={profile!r}\n{_CHILD}"
    env = {**os.environ, **({"JUDGE_CACHE_DIR": cache} if cache else {})}
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, timeout=600, env=env)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        raise RuntimeError(f"tick of {game} failed: {out.stderr.strip()[-2000:]}")
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    if figures["errors"] or not figures["played"]:
        raise RuntimeError(f"tick of {game} played nothing: {figures['errors']}")
    figures["process_s"] = wall
    return figures


def _tick_copy(source: Path, copy: Path, name: str, profile: str | None, cache: str | None = None) -> dict[str, Any]:
    """One run: a fresh copy of the repository, its example game of ``name`` ticked in a child process."""
    shutil.copytree(source, copy, symlinks=True)
    try:
        return _run_child(copy, f"games/{GAMES[name]}", profile, cache)
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def tick_bench(repeat: int = 3, variants: tuple[str, ...] = tuple(GAMES), profile_dir: str | None = None) -> dict[str, dict[str, Any]]:
    """Seconds of a forced one-phase tick with maps, per variant's example game: the median of
    ``repeat`` runs and the best (the variants taken in turn, so that a change in the machine's
    load touches each alike)."""
    sys.path.insert(0, str(ROOT))
    from judge.store.tick import prepare_demo_repo

    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in variants}
    cold: dict[str, list[dict[str, Any]]] = {name: [] for name in variants}
    with tempfile.TemporaryDirectory(prefix="judge-tick-bench-") as tmp:
        source = prepare_demo_repo(ROOT, Path(tmp) / "source")
        # Run -1 leaves this machine's cache of the base maps' layers as a first drawing does.
        for k in range(-1, repeat + (1 if profile_dir else 0)):
            for name in variants:
                profile = None
                if profile_dir and k == repeat:
                    os.makedirs(profile_dir, exist_ok=True)
                    profile = str(Path(profile_dir) / f"{name}.prof")
                figures = _tick_copy(source, Path(tmp) / f"run-{name}-{k}", name, profile)
                if profile is None and k >= 0:
                    runs[name].append(figures)
                    # And on a machine that has drawn nothing (an empty cache folder).
                    cold[name].append(_tick_copy(source, Path(tmp) / f"cold-{name}-{k}", name, None,
                                                 cache=tempfile.mkdtemp(dir=tmp, prefix="cache-")))
    out: dict[str, dict[str, Any]] = {}
    for name, rs in runs.items():
        out[name] = {
            "game": f"games/{GAMES[name]}",
            "phase": rs[-1]["played"][0],
            "tick_s": round(statistics.median(r["tick_s"] for r in rs), 3),
            "tick_best_s": round(min(r["tick_s"] for r in rs), 3),
            "cpu_s": round(statistics.median(r["cpu_s"] for r in rs), 3),
            "maps_s": round(statistics.median(r["maps_s"] for r in rs), 3),
            "process_s": round(statistics.median(r["process_s"] for r in rs), 3),
            "cold_tick_s": round(statistics.median(r["tick_s"] for r in cold[name]), 3),
            "cold_maps_s": round(statistics.median(r["maps_s"] for r in cold[name]), 3),
        }
    return out


def print_figures(figures: dict[str, dict[str, Any]], repeat: int) -> None:
    print(f"  median (and best) of {repeat} runs, each a fresh process on a fresh copy of the example game")
    for name, f in figures.items():
        print(f"  {name} ({f['phase']}): tick {f['tick_s']:.2f} s per game (best {f['tick_best_s']:.2f} s, "
              f"cpu {f['cpu_s']:.2f} s), of which maps {f['maps_s']:.2f} s; whole process {f['process_s']:.2f} s; "
              f"on a machine that has drawn nothing: tick {f['cold_tick_s']:.2f} s, maps {f['cold_maps_s']:.2f} s")


def _print_profile(path: str, top: int = 25) -> None:
    import pstats

    stats = pstats.Stats(path)
    stats.sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per variant, the median kept (default 3)")
    ap.add_argument("--variants", default=",".join(GAMES), help="comma-separated variants")
    ap.add_argument("--profile", metavar="DIR", help="also write a cProfile per variant into DIR and print it")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    variants = tuple(v for v in args.variants.split(",") if v)
    figures = tick_bench(args.repeat, variants, args.profile)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_figures(figures, args.repeat)
    if args.profile:
        for name in variants:
            print(f"== {name}")
            _print_profile(str(Path(args.profile) / f"{name}.prof"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
