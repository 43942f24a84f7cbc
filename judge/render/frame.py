"""The title bar and the legend of a map: the phase (or the caller's title) and the variant's
name above the map, and under it each power's colour with its centres and units (pseudo-powers
that no player plays, such as Europe 1615's minor states, counted together), then the notes of the
variant's layer.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..core.types import PhaseKind, Power, UnitType
from ..mapkit import css as _css
from ..mapkit import ident as _ident
from ..mapkit import n as _n
from ..mapkit import sub_el as _sub_el
from .canvas import Renderer

__all__ = ["frame"]


def frame(r: Renderer, title: str) -> None:
    """The title bar over the map and the legend under it (each power's colour, centres and
    units, then the layer's notes), as the style asks: the drawing's ``viewBox`` and size grow to
    hold them, and a background rectangle fills the whole."""
    st = r.st
    x0, y0, w, h = r.base.view
    font = float(st["font_size"] or max(w * 0.0135, 9.0))
    title_font = font * 1.7
    top = title_font * 2.0 if st["title"] else 0.0
    legend_rows: list[list[tuple[Power, str, str, str]]] = []
    bottom = 0.0
    entries = []
    notes = r.layer.notes(r) if st["legend"] else []
    if st["legend"]:
        for p, info in r.variant.powers.items():
            if info.playable:
                entries.append((p, *_legend_text(r, p)))
        minors = [p for p, info in r.variant.powers.items() if not info.playable]
        if minors:
            entries.append((Power("Minor states"), *_legend_text(r, *minors)))
        widths = [len(p) * 0.68 + len(t) * 0.56 + 3.2 for p, t, _, _ in entries]
        col = max(widths or [1.0]) * font
        cols = max(1, min(len(entries), int((w - font * 2) // col)))
        legend_rows = [entries[i:i + cols] for i in range(0, len(entries), cols)]
        bottom = font * (1.7 * (len(legend_rows) + len(notes)) + 1.4)
    vy, vh = y0 - top, h + top + bottom
    r.root.set("viewBox", f"{_n(x0)} {_n(vy)} {_n(w)} {_n(vh)}")
    r.root.set("width", _n(w))
    r.root.set("height", _n(vh))
    bg = ET.Element("rect", {"id": "background", "x": _n(x0), "y": _n(vy), "width": _n(w), "height": _n(vh),
                             "style": _css(fill=st["background"])})
    r.root.insert(r.first_drawing_index(), bg)
    text_css = f"font-family:{st['font_family']};fill:{st['text']};text-anchor:start"
    if st["title"]:
        g = _sub_el(r.root, "g", {"id": "title-bar"})
        base_y = y0 - top + title_font * 1.35
        _sub_el(g, "text", {"id": "title", "x": _n(x0 + font), "y": _n(base_y),
                            "style": f"{text_css};font-size:{_n(title_font)}px;font-weight:bold"}, title)
        _sub_el(g, "text", {"id": "subtitle", "x": _n(x0 + w - font), "y": _n(base_y),
                            "style": f"font-family:{st['font_family']};fill:{st['muted_text']};text-anchor:end;"
                                     f"font-size:{_n(font * 1.1)}px"}, r.variant.title)
    if st["legend"]:
        g = _sub_el(r.root, "g", {"id": "legend"})
        col_w = (w - font * 2) / max(1, len(legend_rows[0]) if legend_rows else 1)
        for row_no, row in enumerate(legend_rows):
            y = y0 + h + font * (1.2 + 1.7 * row_no)
            for c, (p, counts, tip, tone) in enumerate(row):
                x = x0 + font + c * col_w
                eg = _sub_el(g, "g", {"id": f"legend-{_ident(p)}", "class": "legend-entry"})
                _sub_el(eg, "title", text=tip)
                _sub_el(eg, "rect", {"x": _n(x), "y": _n(y), "width": _n(font * 1.2), "height": _n(font * 1.2),
                                     "style": _css(fill=r.colour(p), stroke=st["outline"], stroke_width=font * 0.08)})
                t = _sub_el(eg, "text", {"x": _n(x + font * 1.7), "y": _n(y + font * 1.0),
                                         "style": f"font-family:{st['font_family']};fill:{st[tone]};"
                                                  f"text-anchor:start;font-size:{_n(font)}px"})
                name = _sub_el(t, "tspan", {"style": "font-weight:bold"}, str(p))
                name.tail = "  " + counts
        for i, note in enumerate(notes):
            y = y0 + h + font * (1.2 + 1.7 * (len(legend_rows) + i)) + font * 1.0
            _sub_el(g, "text", {"id": f"legend-note-{i + 1}", "class": "legend-note", "x": _n(x0 + font), "y": _n(y),
                                "style": f"font-family:{st['font_family']};fill:{st['muted_text']};"
                                         f"text-anchor:start;font-size:{_n(font * 0.9)}px"}, note)

def _legend_text(r: Renderer, *powers: Power) -> tuple[str, str, str]:
    """Counts of one power (or of several together: the minor states), the tooltip, the tone."""
    pos = r.position
    centres = sum(len(pos.centers_of(p)) for p in powers)
    units = sum(1 for u in pos.units if u.power in powers and u.kind is not UnitType.GARRISON)
    units += sum(1 for d in pos.dislodged if d.unit.power in powers)
    text = f"{centres} {'centre' if centres == 1 else 'centres'}, {units} {'unit' if units == 1 else 'units'}"
    if pos.phase.kind is PhaseKind.ADJUSTMENT and centres != units and len(powers) == 1:
        delta = centres - units
        text += f" (builds {delta})" if delta > 0 else f" (removes {-delta})"
    tone = "text" if centres or units else "muted_text"
    name = powers[0] if len(powers) == 1 else "Minor states"
    return text, f"{name}: {text}", tone
