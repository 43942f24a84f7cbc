"""``judge init``: a league repository of one's own.

A league is a git repository holding the games (``games/``), the two workflows that run the judge
on GitHub (``.github/workflows/``, the very files the judge's own repository runs and tests), the
site's configuration (``mkdocs.yml``) and a page for the players (``README.md``). The judge itself
is not copied in: the workflows install it as ``.github/judge-requirements.txt`` pins it, a released
version of the judge's repository, so a league takes a newer judge by changing one line (or by
``judge init --upgrade``, which rewrites the workflows and the pin and leaves the games alone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import jinja2

from ..core.errors import StoreError
from ..resources import data_path
from .gitrepo import actor, commit_paths, open_or_init

__all__ = ["LeagueFiles", "league_files", "judge_requirement", "init_league", "DEFAULT_SOURCE"]

DEFAULT_SOURCE = "https://github.com/diplomacy-judge/judge"
"""Where the judge is published, if the installed package does not say (its ``Source`` URL)."""

REQUIREMENTS = ".github/judge-requirements.txt"
WORKFLOWS = ".github/workflows"
LEAGUE_WORKFLOWS = ("judge.yml", "orders.yml")
"""The workflows a league runs (the judge's repository has its own release workflow beside them)."""
_UPGRADED = (WORKFLOWS, REQUIREMENTS)
"""What ``--upgrade`` rewrites: the judge's own files, never the games, the site's settings or the
players' page, which are the Gamesmaster's."""


def _version() -> str:
    from .. import __version__

    return __version__


def judge_source() -> str:
    """The judge's repository address, from the installed package's metadata."""
    try:
        urls = metadata.metadata("judge").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        urls = []
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "source" and url.strip():
            return url.strip()
    return DEFAULT_SOURCE


def judge_requirement(source: str | None = None, version: str | None = None) -> str:
    """The pip requirement of a league: this judge's release, by its tag ``v<version>``."""
    source = (source or judge_source()).rstrip("/")
    if source.startswith(("https://", "http://", "file://", "ssh://")):
        source = "git+" + source
    elif not source.startswith("git+"):
        raise StoreError(f"not a repository address: {source!r} (give https://... or git+https://...)", "--judge-source")
    return f"judge @ {source}@v{version or _version()}"


@dataclass(frozen=True)
class LeagueFiles:
    """The files of a new league: path (relative, POSIX) -> bytes."""

    files: dict[str, bytes]


def _title_ok(title: str) -> str:
    title = " ".join(title.split())
    if not title or len(title) > 80:
        raise StoreError("the league's name must be 1 to 80 characters", "--name")
    if any(c in title for c in "<>&`"):
        raise StoreError("the league's name is shown on every page of its site: it may not hold < > & or `", "--name")
    return title


def league_files(title: str, requirement: str) -> LeagueFiles:
    """Everything ``judge init`` writes, in memory."""
    title = _title_ok(title)
    files: dict[str, bytes] = {}
    for wf in (data_path("workflows") / name for name in LEAGUE_WORKFLOWS):
        files[f"{WORKFLOWS}/{wf.name}"] = wf.read_bytes()
    files[REQUIREMENTS] = (
        "# The judge the workflows install (pip install -r). To take a newer judge, change the tag to\n"
        "# a newer release (or run `judge init --upgrade .` with that judge installed), commit and push.\n"
        f"{requirement}\n").encode()
    config = data_path("mkdocs.yml").read_text(encoding="utf-8")
    config, n = re.subn(r"(?m)^site_name: .*$", "site_name: " + _yaml_string(title), config, count=1)
    if n != 1:
        raise StoreError("the judge's mkdocs.yml has no site_name line", str(data_path("mkdocs.yml")))
    files["mkdocs.yml"] = config.encode()
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(data_path("templates") / "league")),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)
    for name, template in (("README.md", "README.md.j2"), (".gitignore", "gitignore.j2"),
                           ("games/README.md", "games-README.md.j2")):
        text = env.get_template(template).render(title=title, requirement=requirement, version=_version())
        files[name] = text.encode()
    return LeagueFiles(files)


def _yaml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def init_league(dest: str | Path, *, title: str, requirement: str, upgrade: bool = False,
                commit: bool = True) -> list[str]:
    """Write a new league into ``dest`` (created if need be; a git repository is made there, or
    the existing one is used) and commit it; with ``upgrade``, rewrite only the judge's own files
    (the workflows and the pin) of an existing league. Returns the paths written.

    Refuses, changing nothing, to overwrite a file it did not write before: a folder that already
    has a ``mkdocs.yml``, ``README.md`` or workflows is not a new league (``--upgrade`` is for those).
    """
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise StoreError("not a folder", str(dest))
    wanted = league_files(title, requirement).files
    if upgrade:
        if not (dest / REQUIREMENTS).is_file():
            raise StoreError(f"not a league made by judge init: no {REQUIREMENTS}", str(dest))
        wanted = {p: b for p, b in wanted.items() if p.startswith(_UPGRADED)}
    else:
        clash = sorted(p for p in wanted if (dest / p).exists())
        if clash:
            raise StoreError("a league is already here (" + ", ".join(clash[:3]) + "): to take this judge's "
                             "workflows and version, run judge init --upgrade", str(dest))
    dest.mkdir(parents=True, exist_ok=True)
    repo = open_or_init(dest, "main")
    if repo.working_tree_dir is None or Path(repo.working_tree_dir).resolve() != dest.resolve():
        raise StoreError("judge init makes a league at the top of its own repository, not inside another", str(dest))
    written = []
    for rel, data in sorted(wanted.items()):
        path = dest / rel
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(rel)
    if commit and written:
        what = f"judge {_version()}: workflows and pin" if upgrade else f"New league: {title} (judge {_version()})"
        commit_paths(repo, written, what, actor())
    return written
