"""The files drawn or formatted from a phase by other parts of the judge: maps and results.txt.

This is the one place the store calls :mod:`judge.render` and :mod:`judge.reports`. Both are
imported lazily: while a module does not exist yet, its files are simply not written (and the
rest of the judge keeps working); once it exists, its errors are real errors and stop the tick.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Sequence

from ..core.types import Position
from ..core.variant import Variant
from ..record import PhaseRecord

MAP_FILES = ("map.png", "map.svg")
"""The drawings a phase may store. By default only ``map.png``, a 1600 px palette PNG, the one image
that serves everywhere (forum posts embed it, the site and its lightbox show it, GitHub shows it).
Each phase's bytes stay in the repository and the published site for good, so no image is stored
twice: no thumbnail (nothing shows one), and the SVG the PNG is drawn from (as big again, mostly
the base map repeated) only in a game whose ``game.yaml`` asks for it (``maps: [png, svg]``);
``judge render -o map.svg`` draws it for anyone who wants it."""


def _optional(module: str) -> Any | None:
    """The module if it exists, else None (an existing module's own import errors propagate)."""
    try:
        if importlib.util.find_spec(module) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(module)


def map_files(variant: Variant, position: Position, *, resolutions: Sequence[Any] | None = None,
              title: str | None = None, formats: Sequence[str] = ("png",)) -> dict[str, bytes]:
    """The map of a position in ``formats`` (``map.png``, drawn from its SVG, and ``map.svg``; with
    orders drawn when ``resolutions`` are given); {} when no format is asked for, while
    :mod:`judge.render` does not exist, or when the variant has no drawn map (its games are played
    without maps)."""
    render = _optional("judge.render") if formats else None
    if render is None:
        return {}
    where = getattr(render, "base_map_path", None)
    if where is not None and not where(variant).exists():
        return {}  # a variant whose map is not drawn yet is played without maps
    svg = render.render_svg(variant, position, resolutions=list(resolutions) if resolutions is not None else None, title=title)
    files = {"map.png": render.to_png(svg)} if "png" in formats else {}
    if "svg" in formats:
        files["map.svg"] = svg.encode("utf-8")
    return files


def results_text(variant: Variant, record: PhaseRecord, *, before: Position, after: Position | None,
                 game: str | None = None, deadline: str | None = None) -> bytes | None:
    """``results.txt`` in the njudge format from the phase's record (``results.yaml``), the
    positions before and after the phase, the game's title and the next deadline; None while
    :mod:`judge.reports` does not exist."""
    reports = _optional("judge.reports")
    if reports is None:
        return None
    text = reports.njudge_results(variant, record, before=before, after=after, game=game, deadline=deadline)
    return text.encode("utf-8")
