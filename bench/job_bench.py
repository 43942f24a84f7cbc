"""What a league's tick job spends after installing the judge (issue 27): its two judge commands,
as ``.github/workflows/judge.yml`` runs them, each a fresh process on a fresh copy of the example
games: ``judge tick <game> --force`` (play one phase, commit; the workflow also pushes) and
``judge site --game <game> --build`` (that game's pages, built for the site job). The install step
before them is timed by :mod:`install_bench`. Median of ``repeat`` runs per variant."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from tick_bench import GAMES  # noqa: E402 - the same example games


def _timed(argv: list[str], cwd: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=cwd, check=True, capture_output=True, timeout=600,
                   env={**os.environ, "JUDGE_GIT_NAME": "judge", "GITHUB_REPOSITORY": ""})
    return time.perf_counter() - t0


def job_bench(repeat: int = 3) -> dict[str, dict[str, float]]:
    """``{variant: {"tick_s": median, "pages_s": median}}``."""
    sys.path.insert(0, str(ROOT))
    from judge.store.tick import prepare_demo_repo

    judge = str(Path(sys.executable).with_name("judge"))
    out: dict[str, dict[str, float]] = {}
    for variant, game in GAMES.items():
        ticks, pages = [], []
        for _ in range(repeat):
            work = Path(tempfile.mkdtemp(prefix="judge-job-bench-"))
            try:
                repo = prepare_demo_repo(ROOT, work / "league")
                ticks.append(_timed([judge, "tick", f"games/{game}", "--force", "--max-phases", "1"], repo))
                pages.append(_timed([judge, "site", "--game", f"games/{game}", "--build", "--out",
                                     str(work / "part" / "site-src"), "--site-dir", str(work / "part" / "site")], repo))
            finally:
                shutil.rmtree(work, ignore_errors=True)
        out[variant] = {"tick_s": statistics.median(ticks), "pages_s": statistics.median(pages)}
    return out


def print_figures(f: dict[str, dict[str, float]]) -> None:
    for variant, r in f.items():
        print(f"  {variant}: judge tick {r['tick_s']:.2f} s, judge site --game --build {r['pages_s']:.2f} s "
              "(each a whole process)")


if __name__ == "__main__":
    print_figures(job_bench())
