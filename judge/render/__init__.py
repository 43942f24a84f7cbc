"""Maps: a position, with the orders of its phase and their results, drawn on the variant's map.

:func:`render_svg` is a pure function: a variant, a position and (optionally) the resolutions of
the phase played from it give the SVG text, the same bytes for the same input. It reads the
variant's base map ``variants/<name>/map.svg`` (drawn by ``tools/mapc``, whose contract is in
``tools/mapc/svgout.py``), colours the supply centres' provinces by owner, and draws on it:

- units at their anchors (``u-XXX``, ``u-XXX-NC``): armies as cannons, fleets as ships, garrisons
  as towers, in the owner's colour; dislodged units of a retreat phase offset and outlined in red,
  with the places they may retreat to ringed in red; a province label a unit would cover is moved
  just below (or above) it;
- orders as arrows and lines: a move is a filled arrow (light and dashed, with a red cross, when it
  failed); a support is a dashed line to the middle of the supported move, or to a ring around
  the supported unit; a convoy is a dotted line from the fleet to the convoyed army's path, which
  curves through the convoying fleets; a hold is a ring; a build is the new unit on a halo; a
  disband or removal a red cross; a retreat an arrow. Orders that were illegal, ambiguous or not
  understood are not drawn (or drawn grey, ``style={'illegal': 'grey'}``); units that had no
  order are not given a hold ring. A variant's own order for a unit (Machiavelli's besiege, lift
  siege, convert, maintain) is its verb in a tag under the unit.
- a title bar and a legend (each power's colour, centres and units; pseudo-powers that no player
  plays, such as Europe 1615's minor states, counted together);
- a variant's own state, by its layer (a :class:`judge.mapkit.Layer` its description names,
  reading the variant's typed state, ``Position.state``): Machiavelli's province and city control apart, city values, autonomous
  garrisons and sieges; Europe 1615's domains, aligned and neutral minor states (hatching), held
  states (a dashed edge), confessional and capture markers (white, red, black); Maharajah's
  rivers drawn bold and a magnified callout of the Hooghly mouth. Patterns are drawn in user
  space without transforms (the callout's transform is on a group, never on a pattern), text has
  px sizes, and nothing uses markers or filters, within cairosvg's limits.

Every element the renderer adds has a stable id (``unit-England-LON``, ``order-3``,
``dislodged-Austria-TRI``...); coordinates are rounded to 0.1. Text comes in only through
:mod:`xml.etree`, which escapes it. cairosvg is imported only by :func:`to_png`.

The package, by job: :mod:`.basemap` reads the variant's base map; :mod:`.geometry` holds the
shapes (arrows, rings, unit symbols); :mod:`.canvas` is the map being drawn (:class:`Renderer`:
centres, units, dislodged units, labels); :mod:`.orders` plans and draws the orders;
:mod:`.frame` the title and legend; :mod:`.svg` puts them together (:func:`render_svg`);
:mod:`.png` rasterises (:func:`to_png`); :mod:`.cli` is the command.

What a game stores of a phase is the PNG (:mod:`judge.store.artifacts`); the SVG is what it is
drawn from, and its cost is the tick's: it is written to be drawn quickly by cairosvg, whose time
goes per element and per path point. So the base map leaves out what is not seen (the seas'
coastlines, hidden under the land; the anchors), elements drawn alike share the classes of one
style sheet, and a unit is a few paths; :func:`to_png` draws the map in layers, the base map's
heavy groups drawn once and kept (in memory, and on this machine's disk for the next process),
through cairosvg's and cairo's own API only (:mod:`judge.render.png`).

The command ``judge render POSITION.yaml [ORDERS.txt] -o map.svg|map.png`` is :data:`render_cmd`.
"""


from __future__ import annotations

from .basemap import BaseMap, base_map_path, load_base_map, parse_base_map
from .canvas import Renderer
from .cli import render_cli, render_cmd
from .png import to_png
from .svg import DEFAULT_STYLE, map_geometry, render_svg

__all__ = [
    "DEFAULT_STYLE", "BaseMap", "Renderer", "base_map_path", "load_base_map", "map_geometry", "parse_base_map",
    "render_cli", "render_cmd", "render_svg", "to_png",
]
