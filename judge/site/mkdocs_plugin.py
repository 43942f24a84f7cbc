"""The MkDocs plugin ``judge``: the site's navigation as ``judge site`` wrote it, and incremental
builds that keep a whole search index.

A league's ``mkdocs.yml`` lists it under ``plugins:`` (the judge registers it with MkDocs through
the ``mkdocs.plugins`` entry point, so it works wherever the judge is installed, with no path to a
file), after ``search``.

* The generator writes the navigation to ``<docs_dir>/.nav.yml`` (a dot file: MkDocs does not
  publish it); the plugin reads it before the build, unless ``mkdocs.yml`` sets a ``nav`` of its own.
* ``mkdocs build --dirty`` (which :func:`judge.site.build.mkdocs_build` runs when only pages changed)
  renders only the pages whose source is newer than their output; the search plugin then indexes
  only those. After it writes the index, this plugin adds back the previous build's entries of the
  pages not rendered this time (and still in the site), so the search covers every page.
"""

from __future__ import annotations

import json
import logging
import os
from typing import Any

import yaml
from mkdocs.plugins import BasePlugin

NAV_NAME = ".nav.yml"
SEARCH_INDEX = os.path.join("search", "search_index.json")


class _NotTheDirtyWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("A 'dirty' build is being performed")


class NavPlugin(BasePlugin):
    """Use the navigation that ``judge site`` generated; keep the search index whole in dirty builds."""

    dirty = False
    previous: list[dict[str, Any]] | None = None
    rendered: set[str]
    pages: set[str]

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.dirty = dirty
        if dirty and os.environ.get("JUDGE_INCREMENTAL") == "1":
            # judge.site.build runs --dirty only when the navigation and the configuration are
            # unchanged and no page went away: MkDocs' warning about dirty builds (meant for
            # hand-run builds, where those may have changed) does not apply, and under --strict
            # it would fail the build.
            logging.getLogger("mkdocs.commands.build").addFilter(_NotTheDirtyWarning())

    def on_config(self, config: Any, **kwargs: Any) -> Any:
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
        self.rendered, self.pages, self.previous = set(), set(), None
        path = os.path.join(config["site_dir"], SEARCH_INDEX)
        if self.dirty and os.path.isfile(path):
            try:
                with open(path, encoding="utf-8") as fh:
                    self.previous = json.load(fh).get("docs")
            except (OSError, ValueError, AttributeError):
                self.previous = None

    def on_files(self, files: Any, *, config: Any) -> Any:
        self.pages = {f.url for f in files.documentation_pages()}
        return files

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        self.rendered.add(page.url)
        return output

    def on_post_build(self, *, config: Any) -> None:
        if not (self.dirty and self.previous):
            return
        path = os.path.join(config["site_dir"], SEARCH_INDEX)
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
