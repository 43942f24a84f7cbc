"""Write the judge's pins: every package the judge runs on, at one version, with the hashes of all
of that version's files on the package index (``requirements.txt``), and the pin of uv, which the
league's workflows install them with (``uv-requirements.txt``).

``make test`` installs the dependencies from ``requirements.txt`` before the judge itself, so the
versions pinned there are the versions the tests ran with; ``judge init`` writes them into a
league's ``.github/judge-requirements.txt`` after the judge's own pin, for ``--require-hashes``.

``python tools/pins.py`` (network: the package index) resolves ``pyproject.toml``'s dependencies
for Linux and Python 3.11 with uv and rewrites both files; ``--check`` only says whether they are
current (exit 1 if not). Run it when a dependency's range changes or to take newer releases, then
``make test``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "requirements.txt"
UV_PINS = ROOT / "uv-requirements.txt"
INDEX = "https://pypi.org/simple"
PYTHON = "3.11"
PLATFORM = "x86_64-manylinux_2_28"
HEADER = ("# The packages the judge runs on, each at the version its tests ran with, and the hashes of\n"
          "# every file of that version on the package index. Written by tools/pins.py; read by `make test`\n"
          "# and by `judge init`, which writes them into a league's .github/judge-requirements.txt.\n")
UV_HEADER = ("# uv, which a league's workflows install the judge's pins with (uv pip install --require-hashes).\n"
             "# Written by tools/pins.py; `judge init` copies it to a league's .github/uv-requirements.txt.\n")


def _uv() -> str:
    found = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    if not Path(found).exists():
        raise SystemExit("tools/pins.py needs uv (pip install uv; it is in the test extras)")
    return found


def _compile(source: Path, out: Path) -> str:
    subprocess.run([_uv(), "pip", "compile", str(source), "--generate-hashes", "--no-header", "--quiet",
                    "--python-version", PYTHON, "--python-platform", PLATFORM, "--index-url", INDEX,
                    "--no-annotate", "--output-file", str(out)], check=True, cwd=ROOT)
    return out.read_text()


def pins() -> tuple[str, str]:
    """The two files' new text."""
    with tempfile.TemporaryDirectory() as tmp:
        deps = _compile(ROOT / "pyproject.toml", Path(tmp) / "deps.txt")
        uv_in = Path(tmp) / "uv.in"
        uv_in.write_text(f"uv=={_uv_version()}\n")
        uv = _compile(uv_in, Path(tmp) / "uv.txt")
    return HEADER + deps, UV_HEADER + uv


def _uv_version() -> str:
    out = subprocess.run([_uv(), "--version"], check=True, capture_output=True, text=True).stdout
    return out.split()[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether the files are current")
    args = ap.parse_args(argv)
    deps, uv = pins()
    if args.check:
        stale = [p.name for p, text in ((PINS, deps), (UV_PINS, uv)) if not p.is_file() or p.read_text() != text]
        print("pins current" if not stale else "stale: " + ", ".join(stale))
        return 1 if stale else 0
    PINS.write_text(deps)
    UV_PINS.write_text(uv)
    print(f"wrote {PINS.name} ({deps.count('==')} packages) and {UV_PINS.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
