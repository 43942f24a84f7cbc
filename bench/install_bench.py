"""What a league's job pays to install the judge (issue 27), measured as a job does it: a new
virtual environment, then the judge and every package it runs on from the league's hashed pins.

The files come from a local wheelhouse (downloaded once, as a warm cache of downloads would hold
them), so the figures are the installing itself, not the network: uv as the workflows run it
(``pip install`` of uv by hash, then ``uv pip install --require-hashes``) against pip alone on the
same pins (``pip install --require-hashes``), each into a fresh venv, best and median of ``repeat``.
The judge's own wheel is built once from this tree (pure: the install's cost is the same).
"""

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


def _sh(argv: list[str], env: dict[str, str]) -> None:
    subprocess.run(argv, check=True, capture_output=True, env=env, timeout=900)


def install_bench(repeat: int = 3) -> dict:
    """Seconds per way of installing: ``{"venv": [...], "uv": [...], "pip": [...]}`` and the pins' size."""
    sys.path.insert(0, str(ROOT))
    from judge.store.league import judge_pins

    work = Path(tempfile.mkdtemp(prefix="judge-install-bench-"))
    try:
        host = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "UV_"))}
        wheels = work / "wheels"
        _sh([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", str(wheels), str(ROOT)],
            {**host, "JUDGE_PURE": "1"})
        _sh([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--require-hashes", "--dest", str(wheels),
             "-r", str(ROOT / "requirements.txt"), "-r", str(ROOT / "uv-requirements.txt")], host)
        pins = work / "judge-requirements.txt"
        pins.write_text(judge_pins(wheels=wheels))
        config = work / "uv.toml"
        config.write_text(f'no-index = true\nfind-links = ["{wheels}"]\n')
        env = {**host, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels), "PIP_CONFIG_FILE": os.devnull,
               "PIP_DISABLE_PIP_VERSION_CHECK": "1", "UV_CONFIG_FILE": str(config), "UV_CACHE_DIR": str(work / "uv-cache"),
               "PIP_CACHE_DIR": str(work / "pip-cache")}
        times: dict[str, list[float]] = {"venv": [], "uv": [], "pip": []}
        base = getattr(sys, "_base_executable", sys.executable)
        for i in range(repeat + 1):  # the first round warms uv's cache, as a league's cached downloads would be
            for way in ("uv", "pip"):
                venv = work / f"{way}-{i}"
                t0 = time.perf_counter()
                _sh([base, "-m", "venv", str(venv)], env)
                t1 = time.perf_counter()
                py = str(venv / "bin" / "python")
                if way == "uv":
                    _sh([py, "-m", "pip", "install", "-q", "--require-hashes", "--no-deps", "-r",
                         str(ROOT / "uv-requirements.txt")], env)
                    _sh([str(venv / "bin" / "uv"), "pip", "install", "-q", "--python", py, "--require-hashes",
                         "-r", str(pins)], env)
                else:
                    _sh([py, "-m", "pip", "install", "-q", "--require-hashes", "-r", str(pins)], env)
                t2 = time.perf_counter()
                _sh([str(venv / "bin" / "judge"), "--version"], env)
                if i:
                    times[way].append(t2 - t1)
                    times["venv"].append(t1 - t0)
                shutil.rmtree(venv)
        return {"times": times, "packages": pins.read_text().count("==")}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def print_figures(f: dict) -> None:
    t = f["times"]
    for way, label in (("venv", "a new virtual environment (setup-python's part)"),
                       ("uv", "uv, as the workflows install (pip installs uv by hash, then uv the pins)"),
                       ("pip", "pip alone, the same pins")):
        print(f"  {label}: best {min(t[way]):.2f} s, median {statistics.median(t[way]):.2f} s")
    print(f"  {f['packages']} packages pinned with hashes; uv is {statistics.median(t['pip']) / statistics.median(t['uv']):.1f}"
          " times as fast as pip")


if __name__ == "__main__":
    print_figures(install_bench())
