"""``make demo``: play the bundled example games onward and publish their site.

The demo never touches the project's own repository: it copies ``games/`` (one paused example
game a rule system: standard, Machiavelli, Europe 1615, Maharajah) into a fresh git repository
under ``demo/repo``, plays each game's current phase there (``force``: one phase a game, a commit
and a tag each, maps drawn with cairosvg), writes the site's sources and builds them with
``mkdocs build --strict`` into ``demo/site``, then says what was played and where to open it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .cli import main as judge_main
from .core.errors import JudgeError
from .store import play_due, prepare_demo_repo

ROOT = Path(__file__).resolve().parents[1]


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when it is inside it (shorter to read)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def played_lines(games: Path, played: list[str]) -> list[str]:
    """One line a game under ``games``: its variant and the phase played (from the tags
    ``<game>/<phase folder>``), or that nothing was played."""
    from .store.layout import game_on_disk

    done = dict(tag.split("/", 1) for tag in played)
    rows = []
    for settings in sorted(games.glob("*/game.yaml")):
        game = game_on_disk(settings.parent)
        slug = settings.parent.name
        results = game.results(done[slug]) if slug in done else None
        if results is not None:
            what = f"played {results.phase}"
        else:
            what = f"nothing to play (status: {game.settings.status})"
        rows.append((slug, game.variant.name, what))
    width = max((len(s) for s, _, _ in rows), default=0)
    vwidth = max((len(v) for _, v, _ in rows), default=0)
    return [f"  {s:<{width}}  {v:<{vwidth}}  {w}" for s, v, w in rows]


def run(root: Path = ROOT, out: Path | None = None) -> int:
    """Play and publish the games of ``root/games`` into ``out`` (default ``root/demo``);
    return an exit code."""
    demo = out if out is not None else root / "demo"
    repo = prepare_demo_repo(root, demo / "repo")
    print(f"A copy of games/ is now a git repository: {_shown(repo)}")
    played = play_due(repo, force=True)
    print(f"Played {len(played)} phase(s), a commit and a tag each:")
    for line in played_lines(repo / "games", played):
        print(line)
    site = demo / "site"
    try:
        judge_main(["site", "--games", str(repo / "games"), "--out", str(demo / "site-src"),
                    "--build", "--site-dir", str(site), "--offline"])
    except SystemExit as exc:
        if exc.code:
            return int(exc.code)
    print("")
    print(f"The site is built: open file://{(site / 'index.html').resolve()}")
    print(f"  or serve it: python -m http.server -d {_shown(site)} --bind 127.0.0.1 8000"
          " and open http://127.0.0.1:8000/")
    print(f"Each game's page (its map, orders and results): {_shown(site)}/games/<game>/index.html")
    return 0


def main() -> None:
    try:
        sys.exit(run())
    except JudgeError as exc:
        print(f"judge demo: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
