"""What the generator remembers between runs, so that a run costs what changed.

A league grows to a hundred games of a hundred phases; a deadline changes one of them. The
generator (:mod:`judge.site.generate`) therefore keeps, in its output folder:

* ``.judge-site.json``: the site's manifest. For each game, the *source fingerprint* of its folder
  (:func:`game_sources`), its row in the index, the number of its phases and the files it
  produced with their digests. A game whose fingerprint has not changed is not read at all: its
  pages are kept, and the index is written from the rows kept here.
* ``games/<slug>/.judge-site.json``: a game's own manifest, read only when the game changed: the
  key and summary of each phase (a finished phase whose inputs did not change is not rendered
  again) and the digests of the game's files (by size and modification time).

The output is split into *parts* (:func:`site_parts`): ``site`` (the index, the navigation, the
static files) and one ``games/<slug>`` per game, each with the digest of its files. The MkDocs
build (:mod:`judge.site.build`) compares them with those of its last build and renders only the
parts that changed.

Only the generator and the build read these files; nothing of them is published (MkDocs leaves
out files whose names start with a dot).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from ..core.errors import StoreError

__all__ = ["MANIFEST_NAME", "MANIFEST_VERSION", "SITE_PART", "RACY_NS", "Out", "Hasher", "Part", "game_sources",
           "read_json", "write_json", "site_parts", "part_of", "part_digest", "remove_files"]

MANIFEST_NAME = ".judge-site.json"
MANIFEST_VERSION = 2
SITE_PART = "site"
"""The part of the output that is not a game's: the index, the navigation, the static files."""
RACY_NS = 2_000_000_000
"""A file modified less than this long (in ns) before a run started may be modified again within
the same tick of the file system's clock, keeping its size and time: its size and time do not
identify its content, and are not remembered (git calls such entries racy)."""


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_json(path: Path) -> dict[str, Any]:
    """A manifest, or {} when there is none or it cannot be read (the next run is then whole)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    """Written whole or not at all (a run stopped halfway leaves the last manifest)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)


def part_of(rel: str) -> str:
    """The part an output file belongs to: ``games/<slug>`` for a game's files, else ``site``."""
    head, _, rest = rel.partition("/")
    if head == "games" and "/" in rest:
        return "games/" + rest.split("/", 1)[0]
    return SITE_PART


class Out:
    """Writes into the output folder only what changed (a file kept keeps its time stamp, which
    is how MkDocs' dirty build knows it), and remembers what it wrote, by digest."""

    def __init__(self, root: Path, old: Mapping[str, str], report: Any, hasher: "Hasher") -> None:
        self.root = root
        self.old = dict(old)
        self.new: dict[str, str] = {}
        self.report = report
        self.hasher = hasher

    def write(self, rel: str, content: str | bytes) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        self._put(rel, sha(data), len(data), lambda tmp: tmp.write_bytes(data), lambda path: path.read_bytes() == data)

    def copy(self, rel: str, src: Path) -> None:
        """A file copied as it is (a map, a static file), known by the digest of its content
        (:class:`Hasher`). Written with a new time stamp, so that a dirty build copies it even
        when the source's own time is older than the site's copy."""
        digest, size = self.hasher.file(src), src.stat().st_size
        self._put(rel, digest, size, lambda tmp: shutil.copyfile(src, tmp), lambda path: _same_file(path, src))

    def _put(self, rel: str, digest: str, size: int, make: Any, same: Any) -> None:
        self.new[rel] = digest
        path = self.root / rel
        try:
            present = path.stat().st_size == size
        except OSError:
            present = False
        if present and (self.old.get(rel) == digest or same(path)):
            self.report.unchanged += 1
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        make(tmp)
        os.replace(tmp, path)
        self.report.written += 1

    def keep(self, rel: str) -> bool:
        """Keep a file written by an earlier run; False if it is gone."""
        if rel not in self.old or not (self.root / rel).is_file():
            return False
        self.new[rel] = self.old[rel]
        self.report.unchanged += 1
        return True


def _same_file(a: Path, b: Path) -> bool:
    import filecmp

    return filecmp.cmp(a, b, shallow=False)


def remove_files(root: Path, rels: set[str]) -> int:
    """Delete files the generator wrote before and no longer produces, and folders left empty."""
    removed = 0
    for rel in sorted(rels):
        path = root / rel
        if path.is_file():
            path.unlink()
            removed += 1
        parent = path.parent
        while parent != root and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    return removed


class Hasher:
    """Digests of the files under ``root``, remembered by relative path, size and modification
    time across runs (entries modified too shortly before the run are not remembered: see
    :data:`RACY_NS`)."""

    def __init__(self, root: Path, cache: Mapping[str, Any], started_ns: int) -> None:
        self.root = root
        self.old = dict(cache)
        self.new: dict[str, list[Any]] = {}
        self.racy_from = started_ns - RACY_NS

    def file(self, path: Path) -> str:
        key = os.path.relpath(path, self.root)
        st = path.stat()
        hit = self.old.get(key)
        if hit and hit[0] == st.st_size and hit[1] == st.st_mtime_ns:
            digest = str(hit[2])
        else:
            digest = sha(path.read_bytes())
        if st.st_mtime_ns < self.racy_from:
            self.new[key] = [st.st_size, st.st_mtime_ns, digest]
        return digest

    def tree(self, root: Path) -> list[tuple[str, str]]:
        """``(relative path, digest)`` of every file under ``root`` (dot files aside), by path."""
        return [(rel, self.file(root / rel)) for rel in _files_under(root)]


def _files_under(root: Path) -> list[str]:
    """The relative paths of the files under ``root``, dot files and folders aside, sorted."""
    return sorted(rel for rel, e in _walk(root, hidden=False, follow_symlinks=True) if e.is_file())


def _walk(root: Path, *, hidden: bool, follow_symlinks: bool) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """``(relative path, entry)`` of everything under ``root`` that is not a folder (a link to
    one is a folder when ``follow_symlinks``), in no order; dot files and folders only if ``hidden``.
    A folder that cannot be read holds nothing."""
    stack = [(str(root), "")]
    while stack:
        folder, rel = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for e in entries:
            if not hidden and e.name.startswith("."):
                continue
            if e.is_dir(follow_symlinks=follow_symlinks):
                stack.append((e.path, f"{rel}{e.name}/"))
            else:
                yield rel + e.name, e


# -- what a game's folder holds, in one string ------------------------------------------------------


def game_sources(games_dir: Path, slugs: list[str], started_ns: int | None = None) -> dict[str, str | None]:
    """The source fingerprint of each game folder: it changes whenever a file of the folder does.

    In a git working copy, a game committed and unchanged since (no modified or untracked file
    under it) is ``git:<its tree id at HEAD>``: git knows it without reading a file, and it does
    not change when a checkout gives every file a new time (as on every CI run). Otherwise
    ``stat:<digest of the paths, sizes and modification times of its files>``; None when one of
    them was modified too shortly before the run to be told apart from a later change
    (:data:`RACY_NS`): the game is then read again next time.
    """
    started = time.time_ns() if started_ns is None else started_ns
    trees = _git_trees(games_dir)
    return {s: trees.get(s) or _stat_fingerprint(games_dir / s, started - RACY_NS) for s in slugs}


def _git(games_dir: Path, *args: str) -> str | None:
    """What ``git <args>`` says in ``games_dir`` (only looking: no lock taken); None if it fails
    (not in a git working copy, or no git)."""
    from ..store.gitrepo import run_in

    try:
        return run_in(games_dir, *args, env={"GIT_OPTIONAL_LOCKS": "0"}, timeout=120)
    except StoreError:
        return None


def _git_trees(games_dir: Path) -> dict[str, str]:
    """``{slug: "git:<tree id>"}`` of the game folders committed at HEAD and clean in the working copy."""
    prefix = _git(games_dir, "rev-parse", "--show-prefix")
    listing = _git(games_dir, "ls-tree", "HEAD") if prefix is not None else None
    status = _git(games_dir, "status", "--porcelain", "-z", "--untracked-files=all", "--no-renames", "--", ".") \
        if listing is not None else None
    if status is None or listing is None or prefix is None:
        return {}
    prefix = prefix.strip()
    trees = {}
    for line in listing.splitlines():
        meta, _, name = line.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "tree":
            trees[name] = f"git:{parts[2]}"
    for entry in status.split("\0"):
        path = entry[3:]
        if path.startswith(prefix):
            trees.pop(path[len(prefix):].split("/", 1)[0], None)
    return trees


def _stat_fingerprint(folder: Path, racy_from: int) -> str | None:
    rows = []
    for rel, e in _walk(folder, hidden=True, follow_symlinks=False):
        st = e.stat()
        if st.st_mtime_ns >= racy_from:
            return None
        rows.append(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\n")
    rows.sort()
    h = hashlib.sha256(b"stat\0")
    h.update("".join(rows).encode("utf-8", "surrogateescape"))
    return "stat:" + h.hexdigest()


# -- the parts of the output ------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """A part of the generated sources: its files and the digest of them all."""

    digest: str
    files: tuple[str, ...]


def part_digest(files: Mapping[str, str]) -> str:
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(f"{rel}={files[rel]}\0".encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def site_parts(out_dir: Path | str) -> dict[str, Part] | None:
    """The parts of the sources the generator wrote into ``out_dir``, from its manifest (None when
    there is none of this version: the sources then build whole)."""
    manifest = read_json(Path(out_dir) / MANIFEST_NAME)
    if manifest.get("version") != MANIFEST_VERSION:
        return None
    parts = {SITE_PART: Part(part_digest(manifest.get("files") or {}), tuple(sorted(manifest.get("files") or {})))}
    for slug, entry in sorted((manifest.get("games") or {}).items()):
        files = entry.get("files") or {}
        parts[f"games/{slug}"] = Part(str(entry.get("digest") or part_digest(files)), tuple(sorted(files)))
    return parts
