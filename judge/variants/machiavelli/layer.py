"""Machiavelli's map layer: what its map shows beyond the standard game's (the renderer asks the
variant's description for it, see :class:`judge.mapkit.Layer`)."""

from __future__ import annotations

from ... import mapkit as kit
from ...core.types import Location, Power, ProvinceId, UnitType
from ...mapkit import Layer, Point
from .state import AUTONOMOUS, state_of


class MachiavelliLayer(Layer):
    """Machiavelli (``judge.variants.machiavelli``): provinces filled by ``province_control``,
    city markers coloured by ``city_control`` with the city's value beside them, autonomous
    garrisons (``autonomous``) as grey towers, and a ring in the besieger's colour round each
    besieged city (``sieges``)."""

    AUTONOMOUS_COLOUR = "#a8a29a"

    def __init__(self, r: kit.Canvas) -> None:
        self.autonomous_power = str(AUTONOMOUS)
        self.state = state_of(r.position)

    def fills(self, r, fills):
        control = self.state.province_control or {}
        if not control:
            return fills
        tint = float(r.st["territory_tint"])
        return {ProvinceId(a): kit.mix(r.colour(p), "#ffffff", tint) for a, p in control.items()
                if Power(p) in r.variant.powers}

    def centre_fill(self, r, pid, fill):
        who = (self.state.city_control or {}).get(pid)
        if who == self.autonomous_power:
            return self.AUTONOMOUS_COLOUR
        return r.colour(who) if who and Power(who) in r.variant.powers else fill

    def _city_point(self, r: kit.Canvas, city: str) -> Point:
        """Where the city's garrison is drawn (beside a field unit when one stands there)."""
        at = r.anchor(Location(ProvinceId(city)))
        if r.position.unit_in(ProvinceId(city)) is not None:
            return at[0] - 1.15 * r.s, at[1] + 0.45 * r.s
        return at

    def under_units(self, r):
        g = kit.same_in_every_map(kit.sub_el(r.root, "g", {"id": "city-values"}))  # the board's values
        font = r.s * 0.62
        for pid, prov in sorted(r.variant.board.provinces.items()):
            value = prov.flags.get("city")
            at = r.base.anchors.get(f"c-{pid}")
            if not value or at is None:
                continue
            x, y = kit.n(at[0] + r.s * 0.45), kit.n(at[1] - r.s * 0.2)
            css = f"font-family:{r.st['font_family']};font-weight:bold;text-anchor:start;font-size:{kit.n(font)}px;"
            # A white copy underneath as a halo (cairosvg has no paint-order).
            kit.sub_el(g, "text", {"x": x, "y": y, "style": css + f"fill:#ffffff;stroke:#ffffff;stroke-width:{kit.n(font * 0.3)}"},
                    str(value))
            kit.sub_el(g, "text", {"id": f"city-value-{pid}", "class": "city-value", "x": x, "y": y,
                                "style": css + f"fill:{r.st['text']}"}, str(value))

    def over_units(self, r):
        layer = next(el for el in r.root if el.get("id") == "units")
        for city in sorted(self.state.autonomous or ()):
            if f"u-{city}" not in r.base.anchors:
                continue
            r.unit_symbol(layer, UnitType.GARRISON, self._city_point(r, city), self.AUTONOMOUS_COLOUR,
                          uid=f"garrison-{self.autonomous_power}-{city}", cls="unit garrison autonomous")
        g = kit.sub_el(r.root, "g", {"id": "sieges"})
        for city, siege in sorted(self.state.sieges_now().items()):
            if f"u-{city}" not in r.base.anchors:
                continue
            at = self._city_point(r, city)
            colour = r.colour(siege.by)
            sg = kit.sub_el(g, "g", {"id": f"siege-{city}", "class": "siege"})
            kit.sub_el(sg, "title", text=f"{city} besieged by {siege.by}")
            for w, c in ((0.3, r.st["outline"]), (0.18, colour)):
                kit.sub_el(sg, "circle", {"cx": kit.n(at[0]), "cy": kit.n(at[1]), "r": kit.n(r.s * 0.95), "style": kit.css(
                    fill="none", stroke=c, stroke_width=r.s * w, stroke_dasharray=f"{kit.n(r.s * 0.22)} {kit.n(r.s * 0.16)}")})

    def notes(self, r):
        return ["Province colour: who controls the province. Dot: who controls the city, with its value.",
                "Tower: a garrison (grey: autonomous). Dashed ring round a city: a siege, in the besieger's colour."]
