"""The MkDocs plugin ``judge``: the site's navigation as ``judge site`` wrote it, and incremental
builds that render only what changed and keep a whole search index.

A league's ``mkdocs.yml`` lists it under ``plugins:`` (the judge registers it with MkDocs through
the ``mkdocs.plugins`` entry point, so it works wherever the judge is installed, with no path to a
file), after ``search``.

* The generator writes the navigation to ``<docs_dir>/.nav.yml`` (a dot file: MkDocs does not
  publish it); the plugin reads it before the build, unless ``mkdocs.yml`` sets a ``nav`` of its own.
* Builds run by :func:`judge.site.build.mkdocs_build` come with a plan (``$JUDGE_BUILD_PLAN``): the
  parts of the sources (the site's own files, each game's folder) and, in an incremental build,
  the parts staged (the only ones MkDocs walks) and the pages of the others, whose output is kept.
  The plugin adds those pages to MkDocs' files as pages not modified since the last build: the
  navigation, the links and the sitemap see every page, none of them is read or rendered. The
  search index is kept by part in the sources' folder (``.judge-build/search/``): after a build,
  the entries of the pages rendered replace theirs in their part's, and the site's index is put
  together again from every part's, in the order of the pages, so that it is the same as a whole
  build's.
* A ``mkdocs build --dirty`` run by hand (no plan) renders only the pages whose source is newer
  than their output, and the search plugin indexes only those: the plugin adds back the previous
  build's entries of the pages not rendered this time (and still in the site).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from typing import Any

import yaml
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.utils import is_markdown_file

from .build import PLAN_ENV, SEARCH_STORE, search_part
from ..escape import plain_title
from .incremental import part_of

NAV_NAME = ".nav.yml"
SEARCH_INDEX = os.path.join("search", "search_index.json")


class _NotTheDirtyWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("A 'dirty' build is being performed")


class _KeptPage(File):
    """A page of a part this build does not render: its output is kept from the last build."""

    def is_modified(self) -> bool:
        return False


def _sort_key(f: File) -> tuple[tuple[str, ...], bool, str]:
    """MkDocs' order of the files it walks (:func:`mkdocs.structure.files.file_sort_key`: by
    folder, the index first), without a path object per file."""
    parts = f.src_uri.split("/")
    return tuple(parts[:-1]), f.name != "index", parts[-1]


def _dumps(value: Any) -> str:
    """JSON as the search plugin writes it."""
    return json.dumps(value, separators=(",", ":"), default=str)


class NavPlugin(BasePlugin):
    """Use the navigation that ``judge site`` generated; render only what changed; keep the search index whole."""

    dirty = False
    previous: list[dict[str, Any]] | None = None
    plan: dict[str, Any] | None = None
    rendered: set[str]
    pages: set[str]
    order: dict[str, list[str]]
    """The pages MkDocs walked (not those kept), by part, in MkDocs' order."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.dirty = dirty
        if dirty and os.environ.get("JUDGE_INCREMENTAL") == "1":
            # judge.site.build runs --dirty only when the navigation and the configuration are
            # unchanged and no page went away: MkDocs' warning about dirty builds (meant for
            # hand-run builds, where those may have changed) does not apply, and under --strict
            # it would fail the build.
            logging.getLogger("mkdocs.commands.build").addFilter(_NotTheDirtyWarning())

    def on_config(self, config: Any, **kwargs: Any) -> Any:
        # The league's name is the Gamesmaster's text, and the theme prints it as it is: keep
        # nothing that could open a tag or an entity (judge init refuses such a name already).
        if config.get("site_name"):
            name = str(config["site_name"]).replace('"', "\u201d")  # a quote ends no attribute
            config["site_name"] = plain_title(name) or "Diplomacy games"
        self.plan = None
        plan = os.environ.get(PLAN_ENV)
        if plan:
            with open(plan, encoding="utf-8") as fh:
                self.plan = json.load(fh)
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
        self.rendered, self.pages, self.previous, self.order = set(), set(), None, {}
        path = os.path.join(config["site_dir"], SEARCH_INDEX)
        if self.plan is None and self.dirty and os.path.isfile(path):
            try:
                with open(path, encoding="utf-8") as fh:
                    self.previous = json.load(fh).get("docs")
            except (OSError, ValueError, AttributeError):
                self.previous = None

    def on_files(self, files: Files, *, config: Any) -> Files:
        for f in files.documentation_pages():
            self.order.setdefault(part_of(f.src_uri), []).append(f.url)
        if self.plan is not None and self.plan.get("staged") is not None:
            files = self._with_kept_pages(files, config)
        if self.plan is None and self.dirty:
            self.pages = {f.url for f in files.documentation_pages()}
        return files

    def _with_kept_pages(self, files: Files, config: Any) -> Files:
        """The files MkDocs walked (the staged parts) and the pages of the other parts, kept,
        the pages in the order a whole build has them."""
        assert self.plan is not None
        docs, site, urls = self.plan["docs"], config["site_dir"], config["use_directory_urls"]
        kept = [_KeptPage(rel, docs, site, urls) for rel in self.plan.get("kept_pages") or [] if is_markdown_file(rel)]
        every = list(files) + kept
        pages = sorted((f for f in every if f.is_documentation_page()), key=_sort_key)
        return Files(pages + [f for f in every if not f.is_documentation_page()])

    def on_env(self, env: Any, *, config: Any, files: Files) -> Any:
        """The theme's templates compiled once, not at every build (Jinja's bytecode cache, which
        compiles a template again when its source changes), in the build's own folder."""
        if self.plan is not None and env.bytecode_cache is None:
            import jinja2

            folder = os.path.join(self.plan["state"], "templates")
            os.makedirs(folder, exist_ok=True)
            env.bytecode_cache = jinja2.FileSystemBytecodeCache(folder)
        return env

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        self.rendered.add(page.url)
        return output

    def on_post_build(self, *, config: Any) -> None:
        path = os.path.join(config["site_dir"], SEARCH_INDEX)
        if self.plan is not None:
            self._assemble_search_index(path)
            return
        if not (self.dirty and self.previous):
            return
        try:
            with open(path, encoding="utf-8") as fh:
                index = json.load(fh)
        except (OSError, ValueError):
            return
        kept = [d for d in self.previous
                if isinstance(d, dict) and (page := str(d.get("location", "")).split("#")[0]) not in self.rendered
                and page in self.pages]
        index["docs"] = kept + list(index.get("docs") or [])
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(index, fh, separators=(",", ":"))

    def _assemble_search_index(self, path: str) -> None:
        """Each part's search entries (those of its pages rendered now, the others' as kept), then
        the site's index: every part's, in order."""
        assert self.plan is not None
        try:
            with open(path, encoding="utf-8") as fh:
                index = json.load(fh)
        except (OSError, ValueError):
            return  # no search plugin: no index
        fresh = _by_page(index.get("docs") or [])
        state = self.plan["state"]
        staged = self.plan.get("staged")
        if staged is None:
            shutil.rmtree(os.path.join(state, SEARCH_STORE), ignore_errors=True)  # a whole build: the parts of games gone go too
        texts = {}
        for part in self.plan["parts"] if staged is None else staged:
            old = {} if staged is None else _by_page(_entries(_read_part(state, part)))
            entries = [e for url in self.order.get(part, [])
                       for e in (fresh.get(url, []) if url in self.rendered else old.get(url, []))]
            texts[part] = ",".join(_dumps(e) for e in entries)
            _write_part(state, part, texts[part])
        texts = {part: texts[part] if part in texts else _read_part(state, part) for part in self.plan["parts"]}
        body = '{"config":' + _dumps(index.get("config")) + ',"docs":[' + ",".join(t for t in texts.values() if t) + "]}"
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(body)


def _read_part(state: str, part: str) -> str:
    """A part's search entries as kept: JSON objects separated by commas ('' for none)."""
    try:
        with open(os.path.join(state, search_part(part)), encoding="utf-8") as fh:
            return fh.read()
    except OSError:
        return ""


def _write_part(state: str, part: str, text: str) -> None:
    path = os.path.join(state, search_part(part))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(path + ".tmp", path)


def _entries(text: str) -> list[Any]:
    """The search entries of a part's text as kept (:func:`_read_part`)."""
    return json.loads(f"[{text}]") if text else []


def _by_page(entries: list[Any]) -> dict[str, list[Any]]:
    """Search entries by the page they are of (their location without the anchor)."""
    out: dict[str, list[Any]] = {}
    for entry in entries:
        out.setdefault(str(entry.get("location", "")).split("#")[0], []).append(entry)
    return out
