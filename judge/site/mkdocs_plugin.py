"""The MkDocs plugin ``judge``: the site's navigation as ``judge site`` wrote it, and incremental
builds that render only what changed and keep a whole search index.

A league's ``mkdocs.yml`` lists it under ``plugins:`` (the judge registers it with MkDocs through
the ``mkdocs.plugins`` entry point, so it works wherever the judge is installed, with no path to a
file), after ``search``.

* The generator writes the navigation to ``<docs_dir>/.nav.yml`` (a dot file: MkDocs does not
  publish it); the plugin reads it before the build, unless ``mkdocs.yml`` sets a ``nav`` of its own.
* Builds run by :func:`judge.site.build.mkdocs_build` hand the plugin their plan
  (:class:`judge.site.plan.BuildPlan`, the attribute ``plan``): the parts of the sources and, in
  an incremental build, the parts staged (the only ones MkDocs walks) and the pages of the others,
  whose output is kept. The plugin adds those pages to MkDocs' files as pages not modified since
  the last build (:class:`KeptPage`): the navigation, the links and the sitemap see every page,
  none of them is read or rendered.
* In a dirty build (the judge's, or ``mkdocs build --dirty`` run by hand), the search plugin
  indexes only the pages rendered: the plugin then gives every other page the entries it had in
  the site's index before the build (or, for the games taken from per-game jobs, in the job's
  index), in the order of the pages, so that the index is the same as a whole build's. A build
  with a plan takes those entries from the record of the index the last build kept
  (:attr:`BuildPlan.kept_search`, :mod:`judge.site.search`: each page's entries as text, so that
  only the entries of the pages rendered are parsed and encoded), and reads the site's index only
  when there is no record for it; it leaves the record of its own index for the next
  (:attr:`BuildPlan.new_search`).

What this relies on of MkDocs beyond its plugin events, pinned by tests that fail on an upgrade
that changes it (``tests/test_site_incremental.py``, ``test_mkdocs_``): a dirty build reads and
renders only the pages whose :meth:`~mkdocs.structure.files.File.is_modified` is true, and says
once, as a warning of the logger ``mkdocs.commands.build`` between the ``pre_build`` and ``files``
events, that it is dirty. The search index is read and written as Material's search plugin writes
it (JSON, ``{"config": ..., "docs": [...]}``, compact, each page's entries together in the order of
the pages); the tests compare it with a whole build's, and a whole build records its index only
when the record gives its very text back (:meth:`NavPlugin._record`).
"""

from __future__ import annotations

import logging
import os
from typing import Any, Sequence

import yaml
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, file_sort_key
from mkdocs.utils import is_markdown_file

from .plan import SEARCH_INDEX, BuildPlan
from ..escape import plain_title
from .incremental import part_of
from .search import Text, index_pieces, page_texts, parse_index, read_index

NAV_NAME = ".nav.yml"
BUILD_LOGGER = "mkdocs.commands.build"
"""The logger of MkDocs' build, which says that a build is dirty (:class:`_DirtyNotice`)."""


class KeptPage(File):
    """A page whose output this build keeps from the last one: MkDocs knows it (for the
    navigation, the links and the sitemap) but neither reads nor renders it, as MkDocs' dirty
    build does with a page whose :meth:`is_modified` is false."""

    def is_modified(self) -> bool:
        return False


class _DirtyNotice(logging.Filter):
    """MkDocs' notice that a build is dirty, told as information rather than as a warning.

    The judge builds dirty only when the navigation and the configuration are unchanged and no
    page went away (:func:`judge.site.build._plan`): the notice, meant for builds run by hand,
    where those may have changed, does not apply, and under strict it would fail the build. The
    notice is known by where it comes from (MkDocs' build logger, between the ``pre_build`` and
    ``files`` events: the plugin sets the filter in the first and takes it off in the second),
    not by its words; one warning at most is told so."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.seen and record.levelno == logging.WARNING:
            self.seen = True
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


class NavPlugin(BasePlugin):
    """Use the navigation that ``judge site`` generated; render only what changed; keep the search index whole."""

    plan: BuildPlan | None = None
    """The plan of a build run by :func:`judge.site.build.mkdocs_build` (None for one run by hand)."""
    dirty = False
    """Whether ``mkdocs build --dirty`` was run (by hand: a build with a plan is dirty when it stages parts)."""
    completing = False
    """Whether this build indexes only the pages it renders (a dirty one): the plugin completes the index."""
    kept_search: dict[str, Text] | None = None
    """In a dirty build, the search entries of each page as before the build, by the page's source
    path, as JSON text (:func:`judge.site.search.page_texts`)."""
    notice: _DirtyNotice | None = None
    rendered: dict[str, str]
    """The pages rendered: the source path of each by its address (where its search entries point)."""
    order: list[str]
    """The source paths of the pages, in the order MkDocs builds them (no page's address is worked
    out for it: a page kept needs none)."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.dirty = dirty

    def on_config(self, config: Any, **kwargs: Any) -> Any:
        # The league's name is the Gamesmaster's text, and the theme prints it as it is: keep
        # nothing that could open a tag or an entity (judge init refuses such a name already).
        if config.get("site_name"):
            name = str(config["site_name"]).replace('"', "\u201d")  # a quote ends no attribute
            config["site_name"] = plain_title(name) or "Diplomacy games"
        if config.get("nav"):
            return config
        path = os.path.join(config["docs_dir"], NAV_NAME)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                nav = yaml.safe_load(fh)
            if isinstance(nav, list):
                config["nav"] = nav
        return config

    def on_pre_build(self, *, config: Any) -> None:
        self.rendered, self.order, self.kept_search = {}, [], None
        self.completing = self.dirty if self.plan is None else self.plan.staged is not None
        if self.plan is not None:
            self.plan.new_search = None
        if self.plan is not None and self.plan.staged is not None:
            self.notice = _DirtyNotice()
            logging.getLogger(BUILD_LOGGER).addFilter(self.notice)

    def on_files(self, files: Files, *, config: Any) -> Files:
        self._forget_notice()
        if self.plan is not None and self.plan.staged is not None:
            files = self._with_kept_pages(files, config)
        return files

    def _with_kept_pages(self, files: Files, config: Any) -> Files:
        """The files MkDocs walked (the staged parts) and the pages of the other parts, kept,
        the pages in the order a whole build has them (:func:`mkdocs.structure.files.file_sort_key`)."""
        assert self.plan is not None
        docs, site, urls = str(self.plan.docs), config["site_dir"], config["use_directory_urls"]
        kept = [KeptPage(rel, docs, site, urls) for rel in self.plan.kept_pages if is_markdown_file(rel)]
        every = list(files) + kept
        pages = sorted((f for f in every if f.is_documentation_page()), key=file_sort_key)
        return Files(pages + [f for f in every if not f.is_documentation_page()])

    def on_env(self, env: Any, *, config: Any, files: Files) -> Any:
        """The order of the pages and, in a dirty build, their search entries before it (the
        search plugin writes its index after this); the theme's templates compiled once, not at
        every build (Jinja's bytecode cache, which compiles a template again when its source changes)."""
        pages = files.documentation_pages()
        self.order = [f.src_uri for f in pages]
        if self.completing:
            self.kept_search = _kept_entries(pages, os.path.join(config["site_dir"], SEARCH_INDEX), self.plan)
        if self.plan is not None and self.plan.template_cache is not None and env.bytecode_cache is None:
            import jinja2

            self.plan.template_cache.mkdir(parents=True, exist_ok=True)
            env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(self.plan.template_cache))
        return env

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        self.rendered[page.url] = page.file.src_uri
        return output

    def on_post_build(self, *, config: Any) -> None:
        path = os.path.join(config["site_dir"], SEARCH_INDEX)
        if self.kept_search is not None:
            texts = self._complete_search_index(path, self.kept_search)
        elif self.plan is not None:
            texts = self._record(path)
        else:
            return
        if self.plan is not None:
            self.plan.new_search = texts

    def on_build_error(self, *, error: Exception) -> None:
        self._forget_notice()

    def _forget_notice(self) -> None:
        if self.notice is not None:
            logging.getLogger(BUILD_LOGGER).removeFilter(self.notice)
            self.notice = None

    def _complete_search_index(self, path: str, kept: dict[str, Text]) -> dict[str, Text] | None:
        """The search index of a dirty build made whole: each page's entries, in the order of
        the pages, those of the pages rendered as the search plugin wrote them now, the others'
        as they were (``kept``). The entries of each page, as written (None: no index)."""
        index = read_index(path)
        if index is None:
            return None  # no search plugin: no index
        fresh = {self.rendered[url]: text for url, text in page_texts(index.get("docs") or []).items() if url in self.rendered}
        rendered = set(self.rendered.values())
        texts = {src: fresh.get(src, b"") if src in rendered else kept.get(src, b"") for src in self.order}
        with open(path, "wb") as fh:
            fh.writelines(index_pieces(index, texts.values()))  # as the search plugin writes it
        return texts

    def _record(self, path: str) -> dict[str, Text] | None:
        """The entries of each page of the index a whole build's search plugin wrote, as text,
        when they give that very text back (:func:`judge.site.search.index_pieces`); else None
        (no index, or one written otherwise than the record assumes: the next build reads it)."""
        try:
            with open(path, "rb") as fh:
                written = fh.read()
        except OSError:
            return None
        index = parse_index(written)
        if index is None:
            return None
        texts = page_texts(index.get("docs") or [])
        if b"".join(index_pieces(index, texts.values())) != written or any(url not in self.rendered for url in texts):
            return None
        return {self.rendered[url]: text for url, text in texts.items()}


def _kept_entries(pages: Sequence[File], path: str, plan: BuildPlan | None) -> dict[str, Text]:
    """The search entries of each page before the build, by its source path: as the record of
    the site's index has them (:attr:`BuildPlan.kept_search`), else as the site's index at
    ``path`` has them; those of the pages of a part taken from a per-game job
    (:attr:`BuildPlan.adopted_search`: the part and the job's index) as the job's index has them."""
    if plan is not None and plan.kept_search is not None:
        out: dict[str, Text] = dict(plan.kept_search)
    else:
        out = _by_source(pages, read_index(path))
    adopted = dict(plan.adopted_search) if plan is not None else {}
    if adopted:
        for src in [src for src in out if part_of(src) in adopted]:
            del out[src]
        ours: dict[str, list[File]] = {}
        for f in pages:
            ours.setdefault(part_of(f.src_uri), []).append(f)
        for part, theirs in adopted.items():
            out.update(_by_source(ours.get(part, []), read_index(theirs)))
    return out


def _by_source(pages: Sequence[File], index: dict[str, Any] | None) -> dict[str, Text]:
    """The entries of each of ``pages`` in the search index ``index``, by the page's source path."""
    texts = page_texts((index or {}).get("docs") or [])
    return {f.src_uri: texts[f.url] for f in pages if f.url in texts}
