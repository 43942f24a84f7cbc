"""What one MkDocs build of the site is asked to do, handed from :mod:`judge.site.build` (which
plans it) to the ``judge`` plugin (:mod:`judge.site.mkdocs_plugin`, which carries it out inside
MkDocs) as a plain object, and where the search index lies in a site folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .search import Text

__all__ = ["BuildPlan", "SEARCH_INDEX"]

SEARCH_INDEX = "search/search_index.json"
"""The search index in a site folder, as the search plugin (MkDocs' or Material's) writes it."""


@dataclass
class BuildPlan:
    """What one MkDocs build renders, handed to the ``judge`` plugin
    (:class:`judge.site.mkdocs_plugin.NavPlugin`) as it is: no file and no environment carries it.

    ``staged`` None: everything (a whole build, MkDocs' own). Otherwise the parts whose sources
    changed since the last build, the only ones MkDocs walks; of their pages, those whose sources
    are newer than their output are rendered (MkDocs' dirty build); the pages of the other parts
    (``kept_pages``) are told to MkDocs without being read, their output kept as it is."""

    docs: Path
    """The sources' folder (MkDocs walks a folder of the staged parts only)."""
    parts: list[str]
    """Every part of the sources, by name (``site``, ``games/<slug>``)."""
    staged: list[str] | None = None
    kept_pages: list[str] = field(default_factory=list)
    """The pages of the parts not staged, relative to ``docs``: MkDocs knows them without reading them."""
    template_cache: Path | None = None
    """Where the theme's compiled templates are kept between builds (:data:`TEMPLATE_CACHE`)."""
    adopted_search: list[tuple[str, Path]] = field(default_factory=list)
    """``(part, search index)`` of the parts taken from per-game jobs (:func:`_adopt`): the search
    entries of that part's pages are those of the job's index, not of the kept site's."""
    kept_search: dict[str, Text] | None = None
    """In an incremental build, the search entries of each page of the site's index as the last
    build recorded them (:mod:`judge.site.search`), when the record stands for that index; None:
    the plugin reads them from the index."""
    new_search: dict[str, Text] | None = None
    """Set by the plugin: the search entries of each page of the index this build wrote, as text,
    for the next build (None: there is no index, or none the record can give back)."""
