"""``judge init``: a league repository of one's own.

A league is a git repository holding the games (``games/``), the workflows that run the judge on
GitHub (``.github/workflows/``, the very files the judge's own repository tests), the site's
configuration (``mkdocs.yml``) and a page for the players (``README.md``). The judge itself is not
copied in: the workflows install it from the package index exactly as
``.github/judge-requirements.txt`` pins it: the judge's release and every package it runs on, each
at one version with the hashes of its files (``--require-hashes``), the versions the judge's own
tests ran with (its ``requirements.txt``). Dependabot (``.github/dependabot.yml``) proposes newer
pins as pull requests, and the ``upgrade`` workflow replays every game under them before the
Gamesmaster merges; ``judge init --upgrade`` rewrites the judge's own files (workflows, pins,
Dependabot's settings) for the judge installed now and leaves the games alone.
"""

from __future__ import annotations

import hashlib
import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import jinja2

from .. import DISTRIBUTION
from ..core.errors import StoreError
from ..resources import data_path
from .gitrepo import actor, commit_paths, open_or_init

__all__ = ["LeagueFiles", "league_files", "judge_pins", "init_league", "INDEX_JSON"]

INDEX_JSON = "https://pypi.org/pypi/{name}/{version}/json"
"""Where the package index says which files a release has, with their sha256."""

REQUIREMENTS = ".github/judge-requirements.txt"
UV_REQUIREMENTS = ".github/uv-requirements.txt"
DEPENDABOT = ".github/dependabot.yml"
WORKFLOWS = ".github/workflows"
LEAGUE_WORKFLOWS = ("judge.yml", "orders.yml", "upgrade.yml")
"""The workflows a league runs (the judge's repository has its own release workflow beside them)."""
_UPGRADED = (WORKFLOWS, REQUIREMENTS, UV_REQUIREMENTS, DEPENDABOT)
"""What ``--upgrade`` rewrites: the judge's own files, never the games, the site's settings or the
players' page, which are the Gamesmaster's."""


def _version() -> str:
    from .. import __version__

    return __version__


def _release_files(wheels: Path | None, version: str) -> dict[str, str]:
    """File name -> sha256 of the judge's release ``version``: the wheels and sdist in the folder
    ``wheels`` (as the release workflow builds them), else the package index's files."""
    stem = DISTRIBUTION.replace("-", "_")
    if wheels is not None:
        found = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(Path(wheels).glob(f"{stem}-{version}*"))
                 if p.name.endswith((".whl", ".tar.gz"))}
        if not found:
            raise StoreError(f"no wheel or sdist of {DISTRIBUTION} {version} here ({stem}-{version}-*.whl)", str(wheels))
        return found
    url = INDEX_JSON.format(name=DISTRIBUTION, version=version)
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 - a fixed https address
            release = json.load(answer)
        return {f["filename"]: f["digests"]["sha256"] for f in release["urls"]}
    except (urllib.error.URLError, OSError, ValueError, KeyError, TypeError) as exc:
        raise StoreError(f"cannot read {DISTRIBUTION} {version}'s files from the package index ({exc}); "
                         "give the folder of its wheels with --wheels", url) from None


def judge_pins(*, wheels: str | Path | None = None, version: str | None = None) -> str:
    """The text of a league's ``.github/judge-requirements.txt``: the judge's release ``version``
    (this one by default) with the hashes of its files, then the judge's own pins of everything it
    runs on (its ``requirements.txt``, with their hashes)."""
    version = version or _version()
    files = _release_files(Path(wheels) if wheels is not None else None, version)
    if not files:
        raise StoreError(f"the package index lists no files of {DISTRIBUTION} {version}", "--wheels")
    own = f"{DISTRIBUTION}=={version}" + "".join(f" \\\n    --hash=sha256:{h}" for h in sorted(set(files.values())))
    deps = [line for line in data_path("requirements.txt").read_text(encoding="utf-8").splitlines()
            if not line.startswith("#")]
    return ("# The judge and every package it runs on, each at one version with the hashes of its files: the\n"
            "# workflows install exactly these (uv pip install --require-hashes). Written by `judge init`; a newer\n"
            "# judge comes as a Dependabot pull request (the upgrade workflow replays every game under it) or by\n"
            "# `judge init --upgrade .` run with that judge installed.\n"
            + own + "\n" + "\n".join(deps).strip("\n") + "\n")


def pinned_release(pins: str) -> str:
    """The judge's own pin in a requirements text: ``diplomacy-judge==0.4.0``."""
    found = re.search(rf"(?m)^{re.escape(DISTRIBUTION)}==\S+", pins)
    return found.group(0) if found else "(no judge pinned)"


@dataclass(frozen=True)
class LeagueFiles:
    """The files of a new league: path (relative, POSIX) -> bytes."""

    files: dict[str, bytes]


def league_title(title: str) -> str:
    """The league's name as its site shows it (spaces folded); StoreError if it cannot be one."""
    title = " ".join(title.split())
    if not title or len(title) > 80:
        raise StoreError("the league's name must be 1 to 80 characters", "--name")
    if any(c in title for c in "<>&`"):
        raise StoreError("the league's name is shown on every page of its site: it may not hold < > & or `", "--name")
    return title


def league_files(title: str, pins: str) -> LeagueFiles:
    """Everything ``judge init`` writes, in memory; ``pins`` is the text of the league's
    ``.github/judge-requirements.txt`` (:func:`judge_pins`)."""
    title = league_title(title)
    files: dict[str, bytes] = {}
    for wf in (data_path("workflows") / name for name in LEAGUE_WORKFLOWS):
        files[f"{WORKFLOWS}/{wf.name}"] = wf.read_bytes()
    files[REQUIREMENTS] = pins.encode()
    files[UV_REQUIREMENTS] = data_path("uv-requirements.txt").read_bytes()
    config = data_path("mkdocs.yml").read_text(encoding="utf-8")
    config, n = re.subn(r"(?m)^site_name: .*$", "site_name: " + _yaml_string(title), config, count=1)
    if n != 1:
        raise StoreError("the judge's mkdocs.yml has no site_name line", str(data_path("mkdocs.yml")))
    files["mkdocs.yml"] = config.encode()
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(data_path("templates") / "league")),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)
    for name, template in (("README.md", "README.md.j2"), (".gitignore", "gitignore.j2"),
                           ("games/README.md", "games-README.md.j2"), (DEPENDABOT, "dependabot.yml.j2")):
        text = env.get_template(template).render(title=title, requirement=pinned_release(pins), version=_version(),
                                                 distribution=DISTRIBUTION)
        files[name] = text.encode()
    return LeagueFiles(files)


def _yaml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def init_league(dest: str | Path, *, title: str, pins: str, upgrade: bool = False,
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
    wanted = league_files(title, pins).files
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
        what = f"judge {_version()}: workflows and pins" if upgrade else f"New league: {title} (judge {_version()})"
        commit_paths(repo, written, what, actor())
    return written
