"""Load: a repository with many games, and the deadline job on it.

``load_bench(games=100)`` makes a real git repository with ``games`` standard games (gitpython, as
``judge new`` does), half of them past their Spring 1901 deadline, then measures, each in a fresh
child process (so that peak memory is the job's own):

* ``judge due``: listing the games with a phase to play (what the workflow fans out over);
* ``judge tick`` over the whole repository: playing and committing the due games' phases, with
  maps (SVG and PNG) as in production, and again without maps;
* a second tick right after, which finds nothing due.

Times are wall-clock seconds; memory is the child's peak RSS (VmHWM).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import json, sys, time, pathlib
sys.path.insert(0, ROOT)
from judge.store.tick import due_games, open_repo, tick
from judge.store.settings import parse_time
repo = open_repo(REPO)
now = parse_time(NOW)
t0 = time.perf_counter()
if WHAT == "due":
    due, errors = due_games(repo, now=now)
    out = {"count": len(due), "errors": len(errors)}
else:
    r = tick(repo, now=now, maps=MAPS)
    out = {"count": len(r.played), "errors": len(r.errors)}
out["seconds"] = time.perf_counter() - t0
out["peak_kib"] = [int(l.split()[1]) for l in pathlib.Path('/proc/self/status').read_text().splitlines()
                   if l.startswith('VmHWM:')][0]
print(json.dumps(out))
"""


def _child(repo: Path, what: str, now: str, maps: bool = False) -> dict:
    prog = f"ROOT={str(ROOT)!r}; REPO={str(repo)!r}; WHAT={what!r}; NOW={now!r}; MAPS={maps!r}\n{_CHILD}"
    out = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, timeout=3600, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def make_repository(where: Path, games: int) -> Path:
    """A repository with ``games`` games: the even ones opened 4 days ago (due), the odd ones now."""
    import git

    sys.path.insert(0, str(ROOT))
    from judge.store.settings import parse_time
    from judge.store.tick import create_game, new_game

    now = parse_time("2025-01-10T00:00:00Z")
    repo = git.Repo.init(where, initial_branch="main")
    with repo.config_writer() as cw:
        cw.set_value("user", "name", "bench")
        cw.set_value("user", "email", "bench@judge.invalid")
    players = {"Austria": "a", "England": "e", "France": "f", "Germany": "g", "Italy": "i", "Russia": "r", "Turkey": "t"}
    for k in range(games):
        opened = now - timedelta(days=4) if k % 2 == 0 else now
        game = new_game(f"games/g{k:03d}", "standard", now=opened, players=players)
        create_game(where, game, commit=False, now=opened)
    repo.git.add("--all")
    repo.git.commit("-q", "-m", f"{games} games")
    return where


def load_bench(games: int = 100) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="judge-load-"))
    try:
        t0 = time.perf_counter()
        repo = make_repository(tmp / "repo", games)
        made = time.perf_counter() - t0
        now = "2025-01-10T00:00:00Z"
        plain = tmp / "plain"
        shutil.copytree(repo, plain)
        due = _child(repo, "due", now)
        tick_maps = _child(repo, "tick", now, maps=True)
        again = _child(repo, "tick", now, maps=True)
        tick_plain = _child(plain, "tick", now, maps=False)
        return {"games": games, "made_s": made, "due": due, "tick_maps": tick_maps,
                "tick_plain": tick_plain, "again": again}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    print(json.dumps(load_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 100), indent=2))
