"""Running MkDocs on the generated sources (MkDocs renders; it generates nothing).

:func:`mkdocs_build` runs MkDocs' own build in this process, through its API
(:func:`mkdocs.config.load_config` with the folders given, then
:func:`mkdocs.commands.build.build`), with the project's ``mkdocs.yml``, strict by default.
``SOURCE_DATE_EPOCH`` is set from the last commit unless already set, so the same sources give the
same site.

Incremental builds cost what changed. The generator's manifest splits the sources into parts (the
site's own files; each game's folder: :func:`judge.site.incremental.site_parts`) with a digest
each; the stamp of the last build (in the sources' folder) records those it was built from. An
incremental build (:func:`_plan`) links only the parts whose digests changed into a staging
folder, which MkDocs walks (a dirty build: of those, the pages whose sources are newer than their
output are rendered). The plan (:class:`BuildPlan`) is handed to the ``judge`` plugin
(:mod:`judge.site.mkdocs_plugin`) as an object: the plugin tells MkDocs of the other pages without
their being read, and keeps their search entries from the record of the site's index that the
last build left with its stamp (:mod:`judge.site.search`). A league of 100 games
x 100 phases (10,000 pages) is brought up to date after one new phase in under two seconds. The
same parts let a game's job build that game's pages alone (``only``) and the publishing job take
them (``adopt``).
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Literal, cast

import yaml

from ..core.errors import JudgeError, StoreError
from ..resources import data_path
from .incremental import SITE_PART, Part, site_parts
from .plan import SEARCH_INDEX, BuildPlan
from .search import Text, parse_record, record_pieces

__all__ = ["mkdocs_build", "MkdocsRun", "BuildPlan", "read_site_url", "pages_url", "github_repository", "DEFAULT_CONFIG"]

DEFAULT_CONFIG = data_path("mkdocs.yml")
"""The judge's own ``mkdocs.yml`` (``$JUDGE_MKDOCS_CONFIG``), for a league that has none."""


class _LenientLoader(yaml.SafeLoader):
    """Reads mkdocs.yml with its tags: ``!ENV`` is resolved, other tags read as plain values."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        # Not a scalar: a sequence, or a mapping, which construct_sequence refuses (ConstructorError).
        items = loader.construct_sequence(cast(yaml.SequenceNode, node))
        names, default = items[:-1] or items, items[-1] if len(items) > 1 else None
    for n in names:
        if str(n) in os.environ:
            return os.environ[str(n)]
    return default


def _other(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_mapping(cast(yaml.MappingNode, node))  # YAML's third kind of node


_LenientLoader.add_constructor("!ENV", _env)
_LenientLoader.add_multi_constructor("!", _other)
_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/", _other)


def read_config(config: Path | str = DEFAULT_CONFIG) -> dict[str, Any]:
    """mkdocs.yml as data (``!ENV`` resolved)."""
    path = Path(config)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LenientLoader)  # noqa: S506 - a SafeLoader subclass
    except OSError as exc:
        raise JudgeError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    except yaml.YAMLError as exc:
        raise JudgeError(f"not valid YAML: {exc}", str(path)) from None
    return data if isinstance(data, dict) else {}


def read_site_url(config: Path | str = DEFAULT_CONFIG, *, repo_dir: Path | str = ".",
                  repository: tuple[str, str] | None | Literal["ask"] = "ask") -> str:
    """The site's address: mkdocs.yml's ``site_url`` (``SITE_URL`` in the environment) if set,
    else the GitHub Pages address of the league's repository (:func:`pages_url`), else ''.

    ``repository`` is the league's GitHub repository (None: not on GitHub) when the caller has
    already asked (:func:`github_repository`, which may ask git); by default it is asked of
    ``repo_dir``."""
    url = str(read_config(config).get("site_url") or "") if Path(config).is_file() else ""
    if url:
        return url
    return pages_url(repo_dir) if repository == "ask" else _pages_url_of(repository)


_GITHUB = re.compile(r"^(?:https://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)"
                     r"(?P<owner>[A-Za-z0-9-]+)/(?P<name>[A-Za-z0-9._-]+?)(?:\.git)?/?$")


def github_repository(repo_dir: Path | str = ".", repo_url: str = "") -> tuple[str, str] | None:
    """``(owner, name)`` of the league's GitHub repository: from ``repo_url`` (mkdocs.yml), else
    ``$GITHUB_REPOSITORY``, else the ``origin`` remote of ``repo_dir``; None when not on GitHub."""
    for candidate in (repo_url, os.environ.get("GITHUB_REPOSITORY", "")):
        if candidate:
            m = _GITHUB.match(candidate.strip()) or re.fullmatch(r"(?P<owner>[A-Za-z0-9-]+)/(?P<name>[A-Za-z0-9._-]+)",
                                                                 candidate.strip())
            if m:
                return m["owner"], m["name"]
    from ..store.gitrepo import run_in

    try:
        m = _GITHUB.match(run_in(repo_dir, "remote", "get-url", "origin", timeout=10).strip())
    except StoreError:
        return None
    return (m["owner"], m["name"]) if m else None


def pages_url(repo_dir: Path | str = ".") -> str:
    """Where GitHub Pages publishes the league: ``https://<owner>.github.io/<repo>/`` (the root for
    a repository named ``<owner>.github.io``), for the repository :func:`github_repository` finds;
    '' when it is not on GitHub. A league on its own domain sets ``site_url`` in its ``mkdocs.yml``."""
    return _pages_url_of(github_repository(repo_dir))


def _pages_url_of(found: tuple[str, str] | None) -> str:
    if found is None:
        return ""
    owner, name = found
    if name.lower() == f"{owner.lower()}.github.io":
        return f"https://{owner.lower()}.github.io/"
    return f"https://{owner.lower()}.github.io/{name}/"


def _last_commit_time(where: Path) -> str | None:
    """The time of the last commit (for reproducible sites: SOURCE_DATE_EPOCH), if in git."""
    from ..store.gitrepo import run_in

    try:
        out = run_in(where, "log", "-1", "--format=%ct", timeout=10).strip()
    except StoreError:
        return None
    return out if out.isdigit() else None


STAMP = ".judge-build.json"
"""What the last build was made from: kept in the sources' folder (MkDocs publishes no dot file
of it), with the id of the build, which is also written into the site folder (``BUILD_ID``).
JSON lines: the first is the stamp (:func:`_build_stamp`, with ``id`` and, when the site has a
search index, ``search``: its size and modification time as the build left it); the others are the
record of that index (:func:`judge.site.search.record_pieces`), from which the next build takes
the search entries of the pages it does not render (:func:`_kept_search`). The build keeps
nothing else between runs but a cache of compiled templates (``TEMPLATE_CACHE``)."""
BUILD_ID = ".judge-build-id"
TEMPLATE_CACHE = ".judge-templates"
"""The theme's templates as Jinja compiled them, in the sources' folder: a cache (no build reads
anything else from it), which Jinja compiles again when a template's source changes."""


def _build_stamp(docs: Path, cfg_text: str, offline: bool | None, parts: dict[str, Part] | None) -> dict[str, Any]:
    """What a build is made from: the configuration, the navigation, the versions of the judge,
    MkDocs and Material, and the parts of the sources (:func:`judge.site.incremental.site_parts`)
    with their digests and files."""
    import hashlib
    from importlib import metadata

    from .. import __version__

    def version(dist: str) -> str:
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return ""

    nav = docs / ".nav.yml"
    return {"config": hashlib.sha256(cfg_text.encode()).hexdigest(),
            "nav": hashlib.sha256(nav.read_bytes()).hexdigest() if nav.is_file() else "",
            "versions": [__version__, version("mkdocs"), version("mkdocs-material")],
            "offline": bool(offline),
            "parts": {name: {"digest": p.digest, "files": list(p.files)} for name, p in (parts or {}).items()}}


def _plan(docs: Path, site: Path, stamp: dict[str, Any], parts: dict[str, Part] | None, incremental: bool,
          old: dict[str, Any] | None = None) -> BuildPlan | None:
    """Whole or incremental? Incremental when the site folder holds the very build the sources'
    stamp describes (``old``, when :func:`_adopt` has read it and counted the parts it took as
    built), made from the same configuration, navigation and versions, with the same parts, and
    the site's own part lost no file (a dirty build would leave its page behind). A game's part
    that lost files (a phase taken back) is built whole: its output is removed first. None when no
    part changed: the site is up to date."""
    names = list(parts or {})
    whole = BuildPlan(docs=docs, parts=names)
    if not incremental or parts is None:
        return whole
    old = old if old is not None else _kept_build(docs, site, stamp)
    if old is None:
        return whole
    before: dict[str, Any] = old.get("parts") or {}
    if set(before) != set(parts):
        return whole
    staged = [n for n in names if before[n].get("digest") != parts[n].digest]
    for name in staged:
        if set(before[name].get("files") or []) - set(parts[name].files):
            if name == SITE_PART:
                return whole
            shutil.rmtree(site / name, ignore_errors=True)
    if not staged:
        return None
    kept = [f for n in names if n not in staged for f in parts[n].files if f.endswith(".md")]
    return BuildPlan(docs=docs, parts=names, staged=staged, kept_pages=kept, kept_search=_kept_search(docs, site))


_CONTEXT = ("config", "nav", "versions", "offline")
"""What every page of a build depends on besides its own sources."""


def _read_stamp(docs: Path) -> dict[str, Any] | None:
    """The stamp in the sources' folder ``docs`` (the first line of ``STAMP``, the search record
    left unread); None when there is none or it cannot be read."""
    try:
        with (docs / STAMP).open(encoding="utf-8") as fh:
            stamp = json.loads(fh.readline())
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def _index_state(site: Path) -> list[int] | None:
    """The size and modification time (ns) of the site's search index; None when there is none."""
    try:
        st = (site / SEARCH_INDEX).stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _kept_search(docs: Path, site: Path) -> dict[str, Text] | None:
    """The search entries of each page (:attr:`BuildPlan.kept_search`) as the stamp's record has
    them, when it stands for the site's index: written by the build whose id the site folder holds,
    the index as that build left it (its size and modification time; anything else that writes
    it, such as a ``mkdocs build`` run by hand, changes them). None otherwise, or when the record
    cannot be read: the plugin then reads the index itself."""
    index = _index_state(site)
    try:
        built = (site / BUILD_ID).read_text(encoding="utf-8").strip()
        data = (docs / STAMP).read_bytes()
        head = data.find(b"\n") + 1 or len(data)
        stamp = json.loads(data[:head])
        if not isinstance(stamp, dict) or index is None or stamp.get("id") != built or stamp.get("search") != index:
            return None
        return dict(parse_record(data, head))
    except (OSError, ValueError):
        return None


def _finish(docs: Path, site: Path, stamp: dict[str, Any], search: dict[str, Text] | None) -> None:
    """A build done: its new id in the site folder, and ``STAMP`` in the sources' (written whole
    or not at all), with the record of the site's search index (``search``: each page's entries,
    :attr:`BuildPlan.new_search`)."""
    import uuid

    stamp["id"] = uuid.uuid4().hex
    index = _index_state(site) if search is not None else None
    if index is not None:
        stamp["search"] = index
    (site / BUILD_ID).write_text(stamp["id"] + "\n", encoding="utf-8")
    tmp = docs / (STAMP + ".tmp")
    with tmp.open("wb") as fh:
        fh.writelines([json.dumps(stamp, separators=(",", ":")).encode() + b"\n",
                       *(record_pieces(search) if search is not None and index is not None else [])])
    os.replace(tmp, docs / STAMP)


def _kept_build(docs: Path, site: Path, stamp: dict[str, Any]) -> dict[str, Any] | None:
    """The stamp of the build the site folder holds, when it is a whole site (not one game's
    pages, :func:`_part_plan`) made in the same context (configuration, navigation, versions)."""
    old = _read_stamp(docs)
    try:
        built = (site / BUILD_ID).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if old is None or old.get("id") != built or old.get("built") is not None:
        return None
    return old if all(old.get(k) == stamp[k] for k in _CONTEXT) else None


def _part_plan(docs: Path, site: Path, parts: dict[str, Part] | None, only: list[str]) -> BuildPlan:
    """A build of some games' pages only (a per-game job's, :mod:`judge.site.parts`), into a
    site folder of their own: the other pages known to MkDocs (those the generator's manifest
    lists and those the navigation names), none of them rendered."""
    if parts is None or any(name not in parts or name == SITE_PART for name in only):
        raise JudgeError(f"no sources of {', '.join(only)} here: run judge site --game first", str(docs))
    for name in only:
        shutil.rmtree(site / name, ignore_errors=True)
    nav = (docs / ".nav.yml").read_text(encoding="utf-8") if (docs / ".nav.yml").is_file() else ""
    named = {str(v) for item in _nav_items(yaml.safe_load(nav)) for v in item.values() if str(v).endswith(".md")}
    kept = {f for n, p in parts.items() if n not in only for f in p.files if f.endswith(".md")}
    kept |= {f for f in named if not any(f.startswith(name + "/") for name in only)}
    return BuildPlan(docs=docs, parts=list(parts), staged=list(only), kept_pages=sorted(kept))


def _nav_items(nav: Any) -> list[dict[str, Any]]:
    """The ``{title: page}`` entries of a navigation, sections flattened."""
    out: list[dict[str, Any]] = []
    for item in nav if isinstance(nav, list) else []:
        if isinstance(item, dict):
            for title, value in item.items():
                out.extend(_nav_items(value) if isinstance(value, list) else [{title: value}])
    return out


def _adopt(bundles: list[tuple[Path, Path]], docs: Path, site: Path, stamp: dict[str, Any],
           parts: dict[str, Part] | None) -> tuple[list[tuple[str, Path]], dict[str, Any] | None]:
    """Put into the kept site the pages per-game jobs built (``bundles``: their sources' and
    site's folders), for each game whose sources here are those they were built from, built in the
    same context as the kept site (configuration, navigation, versions): their part then counts as
    built. The parts taken, each with the job's search index (whose entries of that part's pages
    the next build keeps, :attr:`BuildPlan.adopted_search`), and the stamp of the kept site with
    those parts counted as built (for :func:`_plan`; None when none was taken).

    The pages are copied with a new time, later than their sources here: a later dirty build of
    the game renders only the pages whose sources change after this."""
    old = _kept_build(docs, site, stamp) if bundles and parts is not None else None
    if old is None or parts is None:
        return [], None
    taken = []
    for their_docs, their_site in bundles:
        theirs = _read_stamp(their_docs)
        if theirs is None or any(theirs.get(k) != stamp[k] for k in _CONTEXT):
            continue
        for name in theirs.get("built") or []:
            part = parts.get(name)
            if name == SITE_PART or part is None or (theirs.get("parts") or {}).get(name, {}).get("digest") != part.digest:
                continue
            shutil.rmtree(site / name, ignore_errors=True)
            shutil.copytree(their_site / name, site / name, copy_function=shutil.copyfile)
            old.setdefault("parts", {})[name] = {"digest": part.digest, "files": list(part.files)}
            taken.append((name, their_site / SEARCH_INDEX))
    return taken, old if taken else None


def _stage(docs: Path, stage: Path, staged: list[str]) -> None:
    """The sources MkDocs walks in an incremental build: the staged parts only, linked (a game's
    folder, the site's own files), and the navigation."""
    stage.mkdir()
    (stage / ".nav.yml").symlink_to(docs / ".nav.yml")
    for name in staged:
        if name == SITE_PART:
            for entry in os.scandir(docs):
                if not entry.name.startswith(".") and entry.name != "games":
                    (stage / entry.name).symlink_to(entry.path, target_is_directory=entry.is_dir())
        else:
            (stage / name).parent.mkdir(parents=True, exist_ok=True)
            (stage / name).symlink_to(docs / name, target_is_directory=True)


@dataclass
class MkdocsRun:
    """The finished MkDocs build: what it rendered, and what MkDocs said."""

    log: str = ""
    """MkDocs' messages (warnings and errors; information too unless the build was quiet)."""
    incremental: bool = False
    """True when only what changed was rendered (a dirty build into the kept site)."""
    parts: list[str] | None = None
    """The parts rendered (None: every one; [] when nothing had changed and MkDocs did not run)."""
    adopted: list[str] = field(default_factory=list)
    """The parts whose pages per-game jobs built, taken into the kept site."""


def _environment(config: Path, env: dict[str, str] | None, offline: bool | None) -> dict[str, str]:
    """The environment the configuration and the build read (``!ENV`` values such as
    ``JUDGE_SITE_OFFLINE`` and ``SITE_URL``; ``SOURCE_DATE_EPOCH``, from the last commit unless
    already set): the values to set for the time of the build."""
    values = dict(env or {})
    if offline is not None:
        values["JUDGE_SITE_OFFLINE"] = "true" if offline else "false"
    if "SOURCE_DATE_EPOCH" not in values and "SOURCE_DATE_EPOCH" not in os.environ:
        commit_time = _last_commit_time(config.parent)
        if commit_time:
            values["SOURCE_DATE_EPOCH"] = commit_time
    return values


@contextmanager
def _environ(values: dict[str, str]) -> Iterator[None]:
    """``os.environ`` with ``values`` set, as it was again afterwards."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class _Said(logging.Handler):
    """What MkDocs and its plugins log during a build (the ``mkdocs`` logger and those under it),
    kept for the caller and, unless quiet, shown on standard error as ``mkdocs build`` shows it."""

    def __init__(self, level: int, echo: bool) -> None:
        super().__init__(level)
        self.lines: list[str] = []
        self.echo = echo

    def emit(self, record: logging.LogRecord) -> None:
        line = f"{record.levelname:<8}-  {record.getMessage()}"
        self.lines.append(line)
        if self.echo:
            print(line, file=sys.stderr)


@contextmanager
def _listening(quiet: bool) -> Iterator[_Said]:
    """MkDocs' messages caught for the time of a build (and not passed on to the caller's logging)."""
    logger = logging.getLogger("mkdocs")
    said = _Said(logging.WARNING if quiet else logging.INFO, echo=not quiet)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(said)
    logger.setLevel(said.level)
    logger.propagate = False
    try:
        yield said
    finally:
        logger.removeHandler(said)
        logger.setLevel(level)
        logger.propagate = propagate


def _run_mkdocs(config: Path, docs: Path, site: Path, *, strict: bool, plan: BuildPlan,
                environment: dict[str, str], quiet: bool) -> str:
    """MkDocs' own build (``mkdocs build``, in this process, through its API: the configuration
    loaded with the folders given, then built), the plan handed to the ``judge`` plugin; a dirty
    build when the plan stages parts. MkDocs' messages; JudgeError with them when the build fails
    (under strict, any warning fails it).

    The plugins are not sent MkDocs' ``startup`` event, as ``mkdocs build`` sends it: MkDocs keeps
    the plugins that listen to it from one build to the next in a process (for ``mkdocs serve``),
    and a plugin told that builds are dirty may carry its state over (Material's search plugin
    adds the last build's index to the next one's). Each build here is a build of its own."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from .mkdocs_plugin import NavPlugin

    ours: list[NavPlugin] = []
    with _listening(quiet) as said, _environ(environment):
        try:
            cfg = load_config(str(config), docs_dir=str(docs), site_dir=str(site), strict=strict)
            ours = [plugin for plugin in cfg.plugins.values() if isinstance(plugin, NavPlugin)]
            for plugin in ours:
                plugin.plan = plan
            build(cfg, dirty=plan.staged is not None)
        except (Exception, SystemExit) as exc:  # MkDocs' Abort is a SystemExit; a plugin may raise anything
            said_text = "\n".join(said.lines)
            raise JudgeError(f"mkdocs build failed:\n{said_text}\n{exc}".rstrip(), str(config)) from exc
        finally:
            for plugin in ours:  # MkDocs may give the same plugin to the next build: it has no plan
                plugin.plan = None
    return "\n".join(said.lines)


def mkdocs_build(docs_dir: Path | str, site_dir: Path | str, *, config: Path | str = DEFAULT_CONFIG,
                 strict: bool = True, offline: bool | None = None, quiet: bool = True,
                 env: dict[str, str] | None = None, incremental: bool = False, only: list[str] | None = None,
                 adopt: list[tuple[Path, Path]] | None = None) -> MkdocsRun:
    """MkDocs' build (``mkdocs build``, in this process) of ``docs_dir`` into ``site_dir`` with the
    configuration ``config``; raises JudgeError with MkDocs' messages when the build fails (under
    ``strict``, any warning fails it). ``env`` and ``offline`` are values of the environment the
    configuration reads (``!ENV``), set for the time of the build.

    With ``incremental``, a site folder kept from the last build is brought up to date by
    rendering only what changed (:func:`_plan`): MkDocs walks only the parts of the sources whose
    digests changed (:func:`_stage`) and, in them, renders the pages whose sources are newer than
    their output (a dirty build: the generator rewrites only the files whose bytes change, so the
    rest keep their times); the pages of the other parts are known to MkDocs without being read
    (for the navigation, the links and the sitemap), their output kept. The search entries of the
    pages not rendered are kept from the record of the site's search index that the last build
    left with its stamp (``STAMP``; from the index itself when there is no record for it:
    :mod:`judge.site.mkdocs_plugin`), so the site is the same as a whole build's. Otherwise the whole site is built.
    ``run.incremental`` says which it was, ``run.parts`` which parts were rendered.

    ``only`` (parts such as ``games/<slug>``) builds those games' pages alone into ``site_dir`` (a
    per-game job's, :mod:`judge.site.parts`); ``adopt`` takes the pages such jobs built into the
    kept site before an incremental build (:func:`_adopt`; ``run.adopted`` names them).
    """
    config = Path(config).resolve()
    base = read_config(config)
    docs, site = Path(docs_dir).resolve(), Path(site_dir).resolve()
    # Where the sources and the site are is no input of a page (a per-game job's pages, built
    # elsewhere, are the publishing job's); where the hooks are is.
    hooks = [str((config.parent / h).resolve()) for h in base.get("hooks") or []] or None
    parts = site_parts(docs)
    stamp = _build_stamp(docs, config.read_text(encoding="utf-8") + json.dumps(hooks), offline, parts)
    adopted, old = _adopt(adopt or [], docs, site, stamp, parts) if only is None else ([], None)
    plan = _part_plan(docs, site, parts, only) if only is not None else _plan(docs, site, stamp, parts, incremental, old)
    if plan is None and adopted:
        # Their pages are in; the search index takes their entries (MkDocs renders nothing).
        plan = BuildPlan(docs=docs, parts=list(parts or {}), staged=[],
                         kept_pages=[f for p in (parts or {}).values() for f in p.files if f.endswith(".md")],
                         kept_search=_kept_search(docs, site))
    if plan is None:
        return MkdocsRun(incremental=True, parts=[], adopted=[name for name, _ in adopted])
    plan.adopted_search, plan.template_cache = adopted, docs / TEMPLATE_CACHE
    (docs / STAMP).unlink(missing_ok=True)  # a build that fails leaves no stamp: the next is whole
    shutil.rmtree(docs / ".judge-build", ignore_errors=True)  # the search entries by part an older judge kept
    with tempfile.TemporaryDirectory(prefix="judge-mkdocs-") as tmp:
        walked = docs
        if plan.staged is not None:
            walked = Path(tmp) / "stage"
            _stage(docs, walked, plan.staged)
        said = _run_mkdocs(config, walked, site, strict=strict, plan=plan,
                           environment=_environment(config, env, offline), quiet=quiet)
    if only is not None:
        stamp["built"] = only  # not a whole site: no incremental build starts from it
    _finish(docs, site, stamp, plan.new_search)
    return MkdocsRun(log=said, incremental=plan.staged is not None and only is None, parts=plan.staged,
                     adopted=[name for name, _ in adopted])
