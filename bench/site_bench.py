"""How long the archive takes to publish: generation (``judge site``) and ``mkdocs build --strict``.

A synthetic league (random legal play, :mod:`judge.site.synthetic`) of ``games`` x ``phases`` is
written once as a git repository (a league is one: the generator knows an unchanged game by its
tree id), then timed, wall and CPU time (MkDocs runs in this process):

1. the cold publish: generation with no manifest (every phase rendered) and a whole MkDocs build;
2. the publish with nothing new (no game read, MkDocs not run);
3. the publish after one new phase in one game (the files of the phase played and of the phase
   opened committed, as a tick does): generation (that game read, its new and changed pages
   rendered) and the incremental MkDocs build into the site kept from the cold build (only the
   parts that changed walked, their new and changed pages rendered);

and the ratio of 3 to 1. Several league sizes share one archive: a smaller league is the first
games of the largest, copied into a repository of its own.

:func:`phase_bytes` plays a few phases of a real game with maps and measures what one played phase
adds to the repository and to the published site.

Use from the benchmark script::

    from site_bench import publish_bench
    figures = publish_bench(sizes=(30, 100), phases=100)   # {games: {figure: value}}

or from the command line: ``python bench/site_bench.py --games 30,100 --phases 100 [--keep DIR]``
(``--check`` also builds the site whole after the new phase and compares it with the kept one).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from judge.site.generate import generate  # noqa: E402
from judge.site.build import mkdocs_build  # noqa: E402
from judge.site.synthetic import write_game  # noqa: E402
from judge.variants import find_variant  # noqa: E402


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
    """Wall time, and CPU time of this process and its children (git runs as a child): on a busy
    machine the CPU time is the steadier figure."""

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


def _git(repo: Path, *args: str) -> None:
    """git in the bench's own league repository (never the project's)."""
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.org", "-c", "gc.auto=0", *args],
                   cwd=repo, check=True, capture_output=True)


def _league(work: Path, games: int, phases: int, seed: int, larger: Path | None) -> tuple[Path, float]:
    """The league repository ``work/league-<games>x<phases>`` (its games in ``games/``), written and
    committed once and reused; a smaller league copies the first games of ``larger``."""
    repo = work / f"league-{games}x{phases}"
    if (repo / ".complete").is_file():
        return repo, 0.0
    t = time.perf_counter()
    shutil.rmtree(repo, ignore_errors=True)
    (repo / "games").mkdir(parents=True)
    variant = find_variant("standard")
    for g in range(games):
        slug = f"game-{g:02d}"
        if larger is not None and (larger / "games" / slug).is_dir():
            shutil.copytree(larger / "games" / slug, repo / "games" / slug)
        else:
            write_game(repo / "games", slug, variant, phases=phases, seed=seed + g, title=f"Game {g + 1}")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "games")
    _git(repo, "commit", "-q", "-m", "the league")
    (repo / ".complete").write_text("")
    return repo, round(time.perf_counter() - t, 2)


def _timed(figures: dict[str, Any], key: str, run: Callable[[], Any]) -> Any:
    with _Clock() as c:
        result = run()
    figures[f"{key}_s"], figures[f"{key}_cpu_s"] = c.wall, c.cpu
    return result


def _publish(figures: dict[str, Any], what: str, games: Path, src: Path, site: Path) -> tuple[Any, Any]:
    """One publish (generation, then the build into the kept site), timed."""
    report = _timed(figures, f"{what}_generate", lambda: generate(games, src))
    run = _timed(figures, f"{what}_build", lambda: mkdocs_build(src, site, incremental=True))
    figures[f"{what}_s"] = round(figures[f"{what}_generate_s"] + figures[f"{what}_build_s"], 2)
    figures[f"{what}_cpu_s"] = round(figures[f"{what}_generate_cpu_s"] + figures[f"{what}_build_cpu_s"], 2)
    return report, run


def _one_new_phase(repo: Path, work: Path, phases: int, seed: int) -> int:
    """One more phase in game-00 (the game written again with a phase more, elsewhere; its new
    and changed files copied in and committed, as a tick does); the number of files changed."""
    scratch = work / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    write_game(scratch, "game-00", find_variant("standard"), phases=phases + 1, seed=seed, title="Game 1")
    changed = _sync(scratch / "game-00", repo / "games" / "game-00")
    _git(repo, "add", "games")
    _git(repo, "commit", "-q", "-m", "one more phase")
    return changed


def publish_one(games: int, phases: int, work: Path, *, seed: int = 0, larger: Path | None = None,
                check: bool = False, say: Callable[..., None] = lambda *a, **k: None) -> dict[str, Any]:
    """The figures of one league size (see the module's documentation)."""
    figures: dict[str, Any] = {"games": games, "phases_per_game": phases}
    repo, figures["write_archive_s"] = _league(work, games, phases, seed, larger)
    src, site = work / f"site-src-{games}", work / f"site-{games}"
    shutil.rmtree(src, ignore_errors=True)
    shutil.rmtree(site, ignore_errors=True)
    try:
        cold, _ = _publish(figures, "cold", repo / "games", src, site)
        figures["phases"], figures["pages"] = cold.phases, sum(1 for _ in src.rglob("*.md"))
        figures["site_mb"] = round(sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 2**20, 1)
        say(f"{games} games: cold publish {_c(figures, 'cold')} (generate {_c(figures, 'cold_generate')}, "
            f"build {_c(figures, 'cold_build')}); {figures['pages']} pages, {figures['site_mb']} MB")
        _publish(figures, "nothing_new", repo / "games", src, site)
        say(f"{games} games: nothing new {_c(figures, 'nothing_new')}")
        figures["files_changed"] = _one_new_phase(repo, work, phases, seed)
        step, run = _publish(figures, "one_phase", repo / "games", src, site)
        figures["one_phase_rendered"], figures["one_phase_games_read"] = step.rendered, step.games - step.games_kept
        figures["one_phase_parts"] = run.parts
        figures["ratio"] = round(figures["one_phase_s"] / figures["cold_s"], 4)
        figures["ratio_cpu"] = round(figures["one_phase_cpu_s"] / figures["cold_cpu_s"], 4)
        say(f"{games} games: after one new phase {_c(figures, 'one_phase')} (generate {_c(figures, 'one_phase_generate')}, "
            f"build {_c(figures, 'one_phase_build')}; parts built: {', '.join(run.parts or [])}); "
            f"{100 * figures['ratio']:.2f}% of the cold publish (cpu {100 * figures['ratio_cpu']:.2f}%)")
        if check:
            whole = work / f"site-whole-{games}"
            mkdocs_build(src, whole)
            differ = [p for p in site.rglob("*") if p.is_file() and not p.name.startswith(".")
                      and not filecmp.cmp(p, whole / p.relative_to(site), shallow=False)]
            figures["same_as_whole_build"] = not differ and sum(1 for _ in whole.rglob("*")) == sum(1 for _ in site.rglob("*"))
            shutil.rmtree(whole)
            say(f"{games} games: the kept site is the whole build's: {figures['same_as_whole_build']}")
    finally:
        # The league goes back to its first shape for the next run (the bench's own repository).
        if (repo / ".complete").is_file() and "files_changed" in figures:
            _git(repo, "reset", "-q", "--hard", "HEAD~1")
            _git(repo, "clean", "-q", "-fd", "games")
    return figures


def publish_bench(sizes: tuple[int, ...] = (30, 100), phases: int = 100, *, workdir: Path | str | None = None,
                  seed: int = 0, check: bool = False, echo: bool = False) -> dict[int, dict[str, Any]]:
    """The figures of each league size, the largest first (the others copy its games)."""
    tmp = None
    if workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix="judge-site-bench-")
        workdir = tmp.name
    work = Path(workdir)
    work.mkdir(parents=True, exist_ok=True)
    say = print if echo else (lambda *a, **k: None)
    out: dict[int, dict[str, Any]] = {}
    try:
        largest = max(sizes)
        for games in sorted(set(sizes), reverse=True):
            larger = work / f"league-{largest}x{phases}" if games != largest else None
            out[games] = publish_one(games, phases, work, seed=seed, larger=larger, check=check, say=say)
        return dict(sorted(out.items()))
    finally:
        if tmp is not None:
            tmp.cleanup()


def _history_bytes(repo: Any, since: str) -> int:
    """Bytes of every object the commits after ``since`` brought into the repository (blobs and
    trees, as stored before git compresses them: an image replaced in a later commit counts
    twice, as it stays in the history)."""
    listed = repo.git.rev_list("--objects", f"{since}..HEAD").split("\n")
    ids = "\n".join(line.split(" ", 1)[0] for line in listed if line.strip()) + "\n"
    checked = subprocess.run(["git", "cat-file", "--batch-check=%(objecttype) %(objectsize)"], input=ids,
                             capture_output=True, text=True, cwd=repo.working_tree_dir, check=True).stdout
    return sum(int(size) for kind, size in (line.split() for line in checked.splitlines()) if kind != "commit")


def _order(repo: Any, game: Path, rng: random.Random) -> None:
    """Random legal orders for every power of the game's open phase, committed (as merged pull
    requests would be): the maps then show orders, as a real game's do."""
    from judge.positions import parse_position
    from judge.site.synthetic import orders_for

    folder = sorted(p for p in game.iterdir() if p.is_dir())[-1]
    variant, position = parse_position((folder / "position.yaml").read_text(encoding="utf-8"), "position.yaml")
    (folder / "orders").mkdir(exist_ok=True)
    written = []
    for power, lines in orders_for(variant, position, rng).items():
        path = folder / "orders" / f"{power.lower()}.txt"
        path.write_text(f"{power}:\n" + "".join(f"{line}\n" for line in lines), encoding="utf-8")
        written.append(str(path.relative_to(repo.working_tree_dir)))
    if written:
        repo.index.add(written)
        repo.index.commit("orders")


def phase_bytes(variant_name: str = "standard", phases: int = 4) -> dict[str, Any]:
    """What one played phase of a real game (random legal orders, maps drawn) adds: bytes committed to the repository
    (the phase folder's files; ``history_kb``: every object its commits brought into the git
    history, the opened phase's files too) and bytes published (its page and the map files the
    site copies)."""
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
        created = repo.head.commit.hexsha
        rng = random.Random(1)
        for _ in range(phases):
            _order(repo, root / "games/g", rng)
            tick(repo, now=t0, force=True, max_phases=1)
        folders = sorted(p for p in (root / "games/g").iterdir() if p.is_dir() and (p / "results.yaml").is_file())
        committed = [sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) for d in folders]
        history = _history_bytes(repo, created)
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
            "history_kb": round(history / len(folders) / 1024), "published_kb": round(per_p / 1024),
            "games_of_100_phases_per_gb": int(2**30 // (per_p * 100)) if per_p else 0}


def _c(figures: dict[str, Any], key: str) -> str:
    """``1.23 s (cpu 1.10 s)``."""
    return f"{figures[key + '_s']} s (cpu {figures[key + '_cpu_s']} s)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="30,100", help="league sizes, comma-separated (default 30,100)")
    ap.add_argument("--phases", type=int, default=100)
    ap.add_argument("--keep", help="a folder to keep (and reuse) the leagues and the sites in")
    ap.add_argument("--check", action="store_true", help="compare the kept site with a whole build after the new phase")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    sizes = tuple(int(x) for x in args.games.split(","))
    figures = publish_bench(sizes, args.phases, workdir=args.keep, check=args.check, echo=not args.json)
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
