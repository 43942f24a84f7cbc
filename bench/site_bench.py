"""How long the archive takes to publish: generation (``judge site``) and ``mkdocs build --strict``.

A synthetic archive of ``games`` x ``phases`` (random legal play, :mod:`judge.site.synthetic`) is
written once, then timed:

1. cold generation (no manifest: every phase rendered) and the MkDocs build;
2. a run with nothing new (every finished phase reused);
3. one more phase played in one game (the files of a new phase added, as a commit would), then
   generation (incremental) and the MkDocs build into the site kept from the cold build
   (``incremental=True``: only the new and changed pages are rendered, ``mkdocs build --dirty``).

:func:`phase_bytes` plays a few phases of a real game with maps and measures what one played phase
adds to the repository and to the published site.

Use from the benchmark script::

    from site_bench import site_bench
    figures = site_bench(games=10, phases=100)     # a dict of seconds and counts

or from the command line: ``python bench/site_bench.py --games 10 --phases 100 [--keep DIR]``.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from judge.site.generate import generate  # noqa: E402
from judge.site.build import mkdocs_build  # noqa: E402
from judge.site.synthetic import write_game  # noqa: E402
from judge.variants import find_variant  # noqa: E402


def _pad_maps(games: Path, kb: int) -> None:
    """Make each map.png about ``kb`` KB (an ancillary chunk the browser ignores), like real maps."""
    import struct
    import zlib

    if kb <= 0:
        return
    pad = bytes(range(256)) * (kb * 4)
    pad = pad[: kb * 1024]
    chunk = struct.pack(">I", len(pad)) + b"pAdd" + pad + struct.pack(">I", zlib.crc32(b"pAdd" + pad) & 0xFFFFFFFF)
    for png in games.rglob("map.png"):
        data = png.read_bytes()
        if b"pAdd" not in data:
            png.write_bytes(data[:-12] + chunk + data[-12:])


def _sync(src: Path, dst: Path) -> int:
    """Copy files of ``src`` that are new or different into ``dst`` (what a commit would change)."""
    changed = 0
    for p in sorted(src.rglob("*")):
        if not p.is_file():
            continue
        q = dst / p.relative_to(src)
        if not q.is_file() or not filecmp.cmp(p, q, shallow=False):
            q.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, q)
            changed += 1
    return changed


class _Clock:
    """Wall time, and CPU time of this process and its children (MkDocs runs as a child): on a
    busy machine the CPU time is the steadier figure."""

    def __enter__(self) -> "_Clock":
        self.wall = time.perf_counter()
        self.cpu = self._cpu()
        return self

    @staticmethod
    def _cpu() -> float:
        me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    def __exit__(self, *exc: object) -> None:
        self.wall = round(time.perf_counter() - self.wall, 2)
        self.cpu = round(self._cpu() - self.cpu, 2)


def site_bench(games: int = 10, phases: int = 100, *, workdir: Path | str | None = None, map_kb: int = 0,
               seed: int = 0, echo: bool = False) -> dict[str, Any]:
    """Time generation and MkDocs build for a synthetic archive; the figures as a dict.

    ``workdir`` keeps the archive (and reuses one written before with the same shape);
    ``map_kb`` pads each map.png to about that size (0: tiny stand-in maps).
    """
    variant = find_variant("standard")
    tmp = None
    if workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix="judge-site-bench-")
        workdir = tmp.name
    work = Path(workdir)
    root = work / f"games-{games}x{phases}"
    src, site = work / "site-src", work / "site"
    say = print if echo else (lambda *a, **k: None)
    figures: dict[str, Any] = {"games": games, "phases_per_game": phases}
    try:
        t = time.perf_counter()
        if not (root / ".complete").is_file():
            shutil.rmtree(root, ignore_errors=True)
            for g in range(games):
                write_game(root, f"game-{g:02d}", variant, phases=phases, seed=seed + g, title=f"Game {g + 1}")
            _pad_maps(root, map_kb)
            (root / ".complete").write_text("")
        figures["write_archive_s"] = round(time.perf_counter() - t, 2)
        say(f"archive: {games} games x {phases} phases written in {figures['write_archive_s']} s")
        shutil.rmtree(src, ignore_errors=True)
        shutil.rmtree(site, ignore_errors=True)

        with _Clock() as c:
            cold = generate(root, src)
        figures["generate_cold_s"], figures["generate_cold_cpu_s"] = c.wall, c.cpu
        with _Clock() as c:
            mkdocs_build(src, site)
        figures["mkdocs_cold_s"], figures["mkdocs_cold_cpu_s"] = c.wall, c.cpu
        figures["pages"] = sum(1 for _ in src.rglob("*.md"))
        figures["site_mb"] = round(sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 2**20, 1)
        say(f"cold: generate {c_(figures, 'generate_cold')} ({cold.line()}); mkdocs build {c_(figures, 'mkdocs_cold')}; "
            f"{figures['pages']} pages, {figures['site_mb']} MB")

        with _Clock() as c:
            same = generate(root, src)
        figures["generate_nothing_new_s"], figures["generate_nothing_new_cpu_s"] = c.wall, c.cpu
        say(f"nothing new: generate {c_(figures, 'generate_nothing_new')} ({same.line()})")

        # One more phase in game 0: written elsewhere, then only its new and changed files copied in.
        scratch = work / "scratch"
        shutil.rmtree(scratch, ignore_errors=True)
        write_game(scratch, "game-00", variant, phases=phases + 1, seed=seed, title="Game 1")
        _pad_maps(scratch, map_kb)
        figures["files_changed"] = _sync(scratch / "game-00", root / "game-00")
        (root / ".complete").unlink()  # the archive on disk now has one phase more
        with _Clock() as c:
            step = generate(root, src)
        figures["generate_incremental_s"], figures["generate_incremental_cpu_s"] = c.wall, c.cpu
        figures["rendered_incremental"] = step.rendered
        with _Clock() as c:
            proc = mkdocs_build(src, site, incremental=True)
        figures["mkdocs_incremental_s"], figures["mkdocs_incremental_cpu_s"] = c.wall, c.cpu
        figures["mkdocs_incremental_dirty"] = bool(getattr(proc, "incremental", False))
        say(f"one new phase ({figures['files_changed']} files): generate {c_(figures, 'generate_incremental')} "
            f"({step.line()}); mkdocs build {c_(figures, 'mkdocs_incremental')}")
        for k in ("cold", "incremental"):
            figures[f"total_{k}_s"] = round(figures[f"generate_{k}_s"] + figures[f"mkdocs_{k}_s"], 2)
            figures[f"total_{k}_cpu_s"] = round(figures[f"generate_{k}_cpu_s"] + figures[f"mkdocs_{k}_cpu_s"], 2)
        say(f"site: cold {c_(figures, 'total_cold')}, after one new phase {c_(figures, 'total_incremental')}")
        return figures
    finally:
        if tmp is not None:
            tmp.cleanup()


def phase_bytes(variant_name: str = "standard", phases: int = 4) -> dict[str, Any]:
    """What one played phase of a real game (maps drawn) adds: bytes committed to the repository
    (the phase folder's files) and bytes published (its page and the map files the site copies)."""
    import git

    from judge.store.tick import create_game, new_game, tick
    from judge.store.settings import parse_time

    with tempfile.TemporaryDirectory(prefix="judge-bytes-") as tmp:
        root = Path(tmp) / "repo"
        repo = git.Repo.init(root, initial_branch="main")
        (root / "README.md").write_text("league\n")
        repo.index.add(["README.md"])
        repo.index.commit("start")
        t0 = parse_time("2026-01-05T12:00:00Z")
        create_game(repo, new_game("games/g", variant_name, now=t0), commit=True, now=t0)
        tick(repo, now=t0, force=True, max_phases=1)
        for _ in range(phases - 1):
            tick(repo, now=t0, force=True, max_phases=1)
        folders = sorted(p for p in (root / "games/g").iterdir() if p.is_dir() and (p / "results.yaml").is_file())
        committed = [sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) for d in folders]
        generate(root / "games", Path(tmp) / "src")
        site = Path(tmp) / "site"
        mkdocs_build(Path(tmp) / "src", site)
        published = []
        for d in folders:
            page = site / "games/g" / f"{d.name}.html"
            maps = site / "games/g" / d.name
            published.append(page.stat().st_size + sum(f.stat().st_size for f in maps.rglob("*") if f.is_file()))
    per_c, per_p = sum(committed) / len(committed), sum(published) / len(published)
    return {"variant": variant_name, "phases": len(folders), "committed_kb": round(per_c / 1024),
            "published_kb": round(per_p / 1024),
            "games_of_100_phases_per_gb": int(2**30 // (per_p * 100)) if per_p else 0}


def c_(figures: dict[str, Any], key: str) -> str:
    """``1.23 s (cpu 1.10 s)``."""
    return f"{figures[key + '_s']} s (cpu {figures[key + '_cpu_s']} s)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--phases", type=int, default=100)
    ap.add_argument("--keep", help="a folder to keep (and reuse) the archive and the site in")
    ap.add_argument("--map-kb", type=int, default=0, help="pad each map.png to about this many KB")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    figures = site_bench(args.games, args.phases, workdir=args.keep, map_kb=args.map_kb, echo=not args.json)
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
