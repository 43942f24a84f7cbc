"""``make demo``: play the bundled example game onward and publish its site.

The demo never touches the project's own repository: it copies ``games/`` into a fresh git
repository under ``demo/repo``, plays the example game's current phase there (commits and tags
made with gitpython, maps drawn with cairosvg), writes the site's sources and builds them with
``mkdocs build --strict`` into ``demo/site``, then says where to open it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .cli import main as judge_main
from .core.errors import JudgeError
from .store import play_due, prepare_demo_repo

ROOT = Path(__file__).resolve().parents[1]


def run(root: Path = ROOT) -> int:
    """Play and publish; return an exit code."""
    demo = root / "demo"
    repo = prepare_demo_repo(root, demo / "repo")
    print(f"A copy of games/ is now a git repository: {repo}")
    played = play_due(repo, force=True)
    for tag in played:
        print(f"played and committed: {tag}")
    import git

    for line in git.Repo(repo).git.log("--oneline", "-5").splitlines():
        print(f"  {line}")
    site = demo / "site"
    try:
        judge_main(["site", "--games", str(repo / "games"), "--out", str(demo / "site-src"),
                    "--build", "--site-dir", str(site), "--offline"])
    except SystemExit as exc:
        if exc.code:
            return int(exc.code)
    print("")
    print(f"The site is built: open file://{site / 'index.html'}")
    print(f"  or serve it: .venv/bin/python -m http.server -d {site.relative_to(root)} --bind 127.0.0.1 8000"
          " and open http://127.0.0.1:8000/")
    print("The latest map: " + ", ".join(str(p) for p in sorted((repo / "games").glob("*/*/map.png"))[-1:]))
    return 0


def main() -> None:
    try:
        sys.exit(run())
    except JudgeError as exc:
        print(f"judge demo: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
